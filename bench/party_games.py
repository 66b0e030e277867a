"""Random playouts per second of the trick games for three and more players with sides or draws:
hearts-plus-fifty (红心正五十分), trump-agreement (议将) and find-friends (找朋友), one deal a
game at every table size each allows; with OpenSpiel's hearts (a four-player trick game of 52
cards, not the same rules) timed in the same run for scale when ``pyspiel`` is importable.

Each loop asks for the legal actions and applies a uniformly random one, chance answered at
random; times are CPU time of this one process.

    python bench/party_games.py [--seconds 2]
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from conjure.games import Game
from conjure.games.bots import random_playout
from conjure_games.find_friends import FindFriends
from conjure_games.hearts_plus_fifty import HeartsPlusFifty
from conjure_games.trump_agreement import TrumpAgreement
from peers import openspiel_random_playouts


def ours(game: Game[Any], seconds: float) -> tuple[float, float]:
    """(deals per CPU second, player actions per CPU second) of random playouts."""
    rng = random.Random(1)
    games = actions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        actions += random_playout(state, rng, uniform=True)
        games += 1
    spent = time.process_time() - start
    return games / spent, actions / spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    rows: list[tuple[str, int, float, float]] = []
    for cls in (HeartsPlusFifty, TrumpAgreement, FindFriends):
        for players in sorted(cls.players):
            game = cls(players, deals=1)
            deals, actions = ours(game, args.seconds)
            rows.append((cls.id, players, deals, actions))
            print(f"{cls.id:18} {players} players: {deals:8,.0f} deals/s {actions:10,.0f} moves/s")
    peer = openspiel_random_playouts("hearts", args.seconds)
    if peer is None:
        print("OpenSpiel's hearts: pyspiel is not installed (pip install open_spiel)")
        return
    print(f"{'OpenSpiel hearts':18} 4 players: {peer[0]:8,.0f} games/s {peer[1]:10,.0f} moves/s")
    hpf = next(r for r in rows if r[0] == HeartsPlusFifty.id and r[1] == 4)
    print(
        f"ratio hearts-plus-fifty (4) / OpenSpiel hearts, moves per second: {hpf[3] / peer[1]:.2f}x"
    )


if __name__ == "__main__":
    main()
