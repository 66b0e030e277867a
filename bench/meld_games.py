"""Random playouts per second of the meld and asking games, beside OpenSpiel's peers in the
same run when ``open_spiel`` is installed (``pip install open_spiel``; it is not a dependency).

- hundred-point-knock deals (one deal: a knock or a pile gone round) beside OpenSpiel's
  ``gin_rummy`` games (one deal: a knock or the stock run down);
- go-fish games, four players, under both rules: ``ask=0`` (the text: ask the next player for
  a card, the default) and ``ask=1`` (Go Fish: ask anyone for a card), beside OpenSpiel's
  ``go_fish`` with four players too (its other defaults: five cards each, ask anyone for a
  rank and get every card of it, else draw from a stock). The games differ in length (about
  175 asks a game here under ask=0 and 200 under ask=1, about 70 actions there), so the rate
  per action is printed as well as the rate per game.

Both sides run the same loop: ask for the legal actions, apply a uniformly random one, let
chance act at random (here: :func:`conjure.games.bots.random_playout`, which takes go-fish's
own playout loop, move for move the checked path's game). The machine may be shared, so the
sides take turns in short slices and each side's rate is its games over its own CPU time
summed over the slices: a busy spell slows both alike. ``--stalls`` also measures how often
go-fish's literal rule stalls (random playouts, seeds 0-1999).

    python bench/meld_games.py [--seconds 3] [--only go-fish] [--stalls]
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from conjure.games import Game
from conjure.games.bots import random_playout
from conjure_games.go_fish import GoFish
from conjure_games.hundred_point_knock import HundredPointKnock
from peers import openspiel_random_playouts

#: CPU seconds of each slice
SLICE = 0.25


class Ours:
    """Seeded random playouts of ``game``, timed a slice at a time; a playout is a game, or one
    deal when ``per == "deal"``."""

    def __init__(self, game: Game[Any], per: str = "game") -> None:
        self.game = game
        self.per = per
        self.rng = random.Random(1)
        self.seed = 0
        self.count = self.actions = 0
        self.spent = 0.0

    def run(self, seconds: float) -> None:
        game, rng, deal = self.game, self.rng, self.per == "deal"
        start = time.process_time()
        while time.process_time() - start < seconds:
            if deal:  # the deal of a seeded match, then that deal played out
                state = game.new_initial_state(self.seed)
                self.seed += 1
                self.actions += random_playout(state, rng, deal=state.vars.deals, uniform=True)
            else:  # a whole game, the deal drawn from rng as OpenSpiel's side draws it
                state = game.new_initial_state()
                self.actions += random_playout(state, rng, uniform=True)
            self.count += 1
        self.spent += time.process_time() - start

    def rates(self) -> tuple[float, float]:
        return self.count / self.spent, self.actions / self.spent


class Theirs:
    """OpenSpiel's ``name`` timed a slice at a time (nothing when it is not installed)."""

    def __init__(self, name: str, params: dict[str, Any]) -> None:
        self.name = name
        self.params = params
        self.installed = openspiel_random_playouts(name, 0.001, params) is not None
        self.games = self.actions = self.spent = 0.0

    def run(self, seconds: float) -> None:
        if not self.installed:
            return
        rates = openspiel_random_playouts(self.name, seconds, self.params)
        assert rates is not None
        self.games += rates[0] * seconds
        self.actions += rates[1] * seconds
        self.spent += seconds

    def rates(self) -> tuple[float, float]:
        return self.games / self.spent, self.actions / self.spent


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


def row(label: str, rates: tuple[float, float], unit: str) -> None:
    print(f"{label:36} {rates[0]:>9,.0f} {unit}/s {rates[1]:>11,.0f} actions/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds for each side")
    parser.add_argument("--only", default="", help="only the rows whose name contains this")
    parser.add_argument("--stalls", action="store_true")
    args = parser.parse_args()
    # (our label, our side, its unit, the peer it is compared with)
    gin = Theirs("gin_rummy", {})
    go_fish = Theirs("go_fish", {"players": 4})
    rows: list[tuple[str, Ours, str, Theirs]] = [
        ("hundred-point-knock", Ours(HundredPointKnock(), "deal"), "deals", gin),
        ("go-fish (4 players, ask=0)", Ours(GoFish(4, ask=0)), "games", go_fish),
        ("go-fish (4 players, ask=1)", Ours(GoFish(4, ask=1)), "games", go_fish),
    ]
    rows = [r for r in rows if args.only in r[0]]
    peers = list({id(r[3]): r[3] for r in rows}.values())
    for _ in range(max(1, round(args.seconds / SLICE))):
        for _label, side, _unit, _peer in rows:
            side.run(SLICE)
        for peer in peers:
            peer.run(SLICE)
    for label, side, unit, _peer in rows:
        row(label, side.rates(), unit)
    for peer in peers:
        name = f"OpenSpiel {peer.name}" + (
            f" ({peer.params['players']} players)" if peer.params else ""
        )
        if not peer.installed:
            print(f"{name:36} not installed")
            continue
        row(name, peer.rates(), "games")
    for label, side, _unit, peer in rows:
        if peer.installed:
            (a, b), (c, d) = side.rates(), peer.rates()
            print(
                f"{label + ' / ' + peer.name:52} {a / c:>5.2f}x per game {b / d:>5.2f}x per action"
            )
    if args.stalls:
        for players, rate in stall_rates().items():
            print(f"go-fish literal rule, {players} players: {rate:.1%} of deals stall")


if __name__ == "__main__":
    main()
