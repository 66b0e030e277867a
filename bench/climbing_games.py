"""Random playouts per second of run-fast (跑得快), beside OpenSpiel's ``dou_dizhu`` in the same
run when ``open_spiel`` is installed (``pip install open_spiel``; it is not a dependency).

Both are climbing games of 17-card hands for three players: run-fast is played by three
(three hands of 17 from 51 cards), dou_dizhu deals 17 each and three for the landlord, after a
bidding round. Both sides run the same loop: ask for the legal actions, apply a uniformly
random one, let chance act at random; CPU time of this process.

    python bench/climbing_games.py [--seconds 3] [--players 3]
"""

from __future__ import annotations

import argparse
import random
import time

from conjure.games.bots import random_playout
from conjure_games.run_fast import RunFast
from peers import openspiel_random_playouts


def ours(players: int, seconds: float) -> tuple[float, float]:
    """(games per second, actions per second) of run-fast."""
    game = RunFast(players)
    rng = random.Random(1)
    count = actions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()  # the deal is chance's, drawn from rng
        actions += random_playout(state, rng, uniform=True)
        count += 1
    spent = time.process_time() - start
    return count / spent, actions / spent


def theirs(seconds: float) -> tuple[float, float] | None:
    """OpenSpiel's dou_dizhu: (games, actions) per CPU second, or None without it."""
    return openspiel_random_playouts("dou_dizhu", seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--players", type=int, default=3, choices=RunFast.players)
    args = parser.parse_args()
    rate, acts = ours(args.players, args.seconds)
    label = f"run-fast games ({args.players} players)"
    print(f"{label:32} {rate:>9,.0f} /s  {acts:>10,.0f} actions/s")
    other = theirs(args.seconds)
    if other is None:
        print(f"{'OpenSpiel dou_dizhu':32} not installed")
        return
    print(f"{'OpenSpiel dou_dizhu games':32} {other[0]:>9,.0f} /s  {other[1]:>10,.0f} actions/s")
    print(f"{'ratio':32} {rate / other[0]:>9.2f}x")


if __name__ == "__main__":
    main()
