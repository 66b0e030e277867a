"""Random playouts per second of run-fast (跑得快), beside OpenSpiel's ``dou_dizhu`` in the same
run when ``open_spiel`` is installed (``pip install open_spiel``; it is not a dependency).

Both are climbing games of 17-card hands for three players: run-fast is played by three
(three hands of 17 from 51 cards), dou_dizhu deals 17 each and three for the landlord, after a
bidding round. Both sides run the same loop: ask for the legal actions, apply a uniformly
random one, let chance act at random; CPU time of this process. Run-fast's loop is
:func:`conjure.games.bots.random_playout`, which takes the game's own playout loop (the same
game, move for move, as the checked path: tests/games/test_run_fast.py); ``--checked`` also
times the generic loop over ``legal_actions`` and ``apply_action``.

The machine may be shared, so the two sides take turns in short slices and each side's rate
is its games over its own CPU time summed over the slices: a busy spell slows both alike.

    python bench/climbing_games.py [--seconds 3] [--players 3] [--checked]
"""

from __future__ import annotations

import argparse
import random
import time

from conjure.games import TERMINAL
from conjure.games.bots import random_playout
from conjure_games.run_fast import RunFast
from peers import openspiel_random_playouts

#: CPU seconds of each slice
SLICE = 0.25


def ours(game: RunFast, rng: random.Random, seconds: float) -> tuple[int, int, float]:
    """(games, actions, CPU seconds) of run-fast random playouts for about ``seconds``."""
    count = actions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()  # the deal is chance's, drawn from rng
        actions += random_playout(state, rng, uniform=True)
        count += 1
    return count, actions, time.process_time() - start


def checked(game: RunFast, rng: random.Random, seconds: float) -> tuple[int, int, float]:
    """The same through the public checked path, one ``apply_action`` at a time."""
    count = actions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        state.sample_chance(rng)
        while state.current != TERMINAL:
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
            actions += 1
        count += 1
    return count, actions, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds for each side")
    parser.add_argument("--players", type=int, default=3, choices=RunFast.players)
    parser.add_argument("--checked", action="store_true", help="also time the checked path")
    args = parser.parse_args()
    game = RunFast(args.players)
    rng = random.Random(1)
    sides = {"ours": [0, 0, 0.0], "checked": [0, 0, 0.0], "theirs": [0.0, 0.0, 0.0]}
    peer = openspiel_random_playouts("dou_dizhu", 0.01) is not None
    for _ in range(max(1, round(args.seconds / SLICE))):
        for name, run in (("ours", ours), ("checked", checked)):
            if name == "ours" or args.checked:
                got = run(game, rng, SLICE)
                sides[name] = [a + b for a, b in zip(sides[name], got, strict=True)]
        if peer:
            rates = openspiel_random_playouts("dou_dizhu", SLICE)
            assert rates is not None
            sides["theirs"][0] += rates[0] * SLICE
            sides["theirs"][1] += rates[1] * SLICE
            sides["theirs"][2] += SLICE
    games, actions, spent = sides["ours"]
    rate = games / spent
    label = f"run-fast games ({args.players} players)"
    print(f"{label:32} {rate:>9,.0f} /s  {actions / spent:>10,.0f} actions/s")
    if args.checked:
        g, a, t = sides["checked"]
        print(f"{'  by the checked path':32} {g / t:>9,.0f} /s  {a / t:>10,.0f} actions/s")
    if not peer:
        print(f"{'OpenSpiel dou_dizhu':32} not installed")
        return
    g, a, t = sides["theirs"]
    print(f"{'OpenSpiel dou_dizhu games':32} {g / t:>9,.0f} /s  {a / t:>10,.0f} actions/s")
    print(f"{'ratio':32} {rate / (g / t):>9.2f}x")


if __name__ == "__main__":
    main()
