"""Random playouts per second of avoid-hearts (巧避红桃, one deal of 52 cards for four players)
beside OpenSpiel's hearts in the same run, when ``pyspiel`` is importable, and their ratio.

Both loops do the same work per move: ask for the legal actions and apply a uniformly random
one; every chance node is answered with a random outcome (OpenSpiel's hearts deals card by card
at chance nodes and also passes three cards, which avoid-hearts has not). Times are CPU time of
this one process.

    python bench/avoid_hearts.py [--seconds 3] [--players 4]
"""

from __future__ import annotations

import argparse
import random
import time

from conjure.games.bots import random_playout
from conjure_games.avoid_hearts import AvoidHearts
from peers import openspiel_random_playouts


def ours(players: int, seconds: float) -> float:
    """Deals per second of random playouts (a match of one deal, dealt by chance)."""
    game = AvoidHearts(players, deals=1)
    rng = random.Random(1)
    games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        random_playout(state, rng, uniform=True)
        games += 1
    return games / (time.process_time() - start)


def openspiel_hearts(seconds: float) -> float | None:
    """Games per second of random playouts of OpenSpiel's hearts, or None without it."""
    rates = openspiel_random_playouts("hearts", seconds)
    return None if rates is None else rates[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--players", type=int, default=4, choices=(3, 4, 5, 6))
    args = parser.parse_args()
    mine = ours(args.players, args.seconds)
    print(f"avoid-hearts ({args.players} players): {mine:,.0f} deals/s")
    theirs = openspiel_hearts(args.seconds)
    if theirs is None:
        print("OpenSpiel's hearts: pyspiel is not installed (pip install open_spiel)")
        return
    print(f"OpenSpiel hearts (4 players): {theirs:,.0f} games/s")
    print(f"ratio avoid-hearts / OpenSpiel hearts: {mine / theirs:.2f}x")


if __name__ == "__main__":
    main()
