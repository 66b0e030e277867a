"""Random playouts per second of the meld and asking games, beside OpenSpiel's peers in the
same run when ``open_spiel`` is installed (``pip install open_spiel``; it is not a dependency).

- hundred-point-knock deals (one deal: a knock or a pile gone round) beside OpenSpiel's
  ``gin_rummy`` games (one deal: a knock or the stock run down);
- go-fish games (four players, the default rule) beside OpenSpiel's ``go_fish`` with four
  players too (its other defaults: ask anyone for a rank, draw from a stock). The rules differ
  in length (about 170 asks a game here, about 70 actions there), so the ratio per action is
  printed as well.

Both sides run the same loop: ask for the legal actions, apply a uniformly random one, let
chance act at random; CPU time of this process. ``--stalls`` also measures how often go-fish's
literal rule stalls (random playouts, seeds 0-1999).

    python bench/meld_games.py [--seconds 3] [--stalls]
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from conjure.games.bots import random_playout
from conjure_games.go_fish import GoFish
from conjure_games.hundred_point_knock import HundredPointKnock
from peers import openspiel_random_playouts


def ours(game: Any, seconds: float, per: str) -> tuple[float, float]:
    """(playouts per second, actions per second); a playout is a game, or a deal when
    ``per == "deal"``."""
    rng = random.Random(1)
    count = actions = 0
    seed = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state(seed)
        seed += 1
        if per == "deal":
            actions += random_playout(state, rng, deal=state.vars.deals, uniform=True)
        else:
            actions += random_playout(state, rng, uniform=True)
        count += 1
    spent = time.process_time() - start
    return count / spent, actions / spent


def theirs(
    name: str, seconds: float, params: dict[str, Any] | None = None
) -> tuple[float, float] | None:
    """OpenSpiel's ``name``: (games, actions) per CPU second, or None without it."""
    return openspiel_random_playouts(name, seconds, params)


def stall_rates(deals: int = 2000) -> dict[int, float]:
    rates = {}
    for players in (3, 4, 5, 6):
        game = GoFish(players)
        rng = random.Random(1)
        stalled = 0
        for seed in range(deals):
            state = game.new_initial_state(seed)
            random_playout(state, rng)
            stalled += state.vars.stalled
        rates[players] = stalled / deals
    return rates


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--stalls", action="store_true")
    args = parser.parse_args()
    rows: list[tuple[str, tuple[float, float], str, dict[str, Any]]] = [
        (
            "hundred-point-knock deals",
            ours(HundredPointKnock(), args.seconds, "deal"),
            "gin_rummy",
            {},
        ),
        (
            "go-fish games (4 players)",
            ours(GoFish(), args.seconds, "game"),
            "go_fish",
            {"players": 4},
        ),
    ]
    for name, (rate, acts), peer, params in rows:
        print(f"{name:30} {rate:>9,.0f} /s  {acts:>10,.0f} actions/s")
        other = theirs(peer, args.seconds, params)
        if other is None:
            print(f"{'OpenSpiel ' + peer:30} not installed")
            continue
        label = f"OpenSpiel {peer} games" + (f" ({params['players']} players)" if params else "")
        print(f"{label:30} {other[0]:>9,.0f} /s  {other[1]:>10,.0f} actions/s")
        print(f"{'ratio':30} {rate / other[0]:>9.2f}x  {acts / other[1]:>12.2f}x per action")
    if args.stalls:
        for players, rate in stall_rates().items():
            print(f"go-fish literal rule, {players} players: {rate:.1%} of deals stall")


if __name__ == "__main__":
    main()
