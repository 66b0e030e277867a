"""Random-playout deals per second of the four declaration games (klaberjass, captain,
nine-casino, specification), one process, counted in CPU time of this process so that other
work on the machine does not change the figure much; wall-clock rates are printed beside.

Each game is played one deal a match (the smallest target or one deal), so a playout is a
deal: the deal, every legal action asked for and a uniformly random one applied, declarations
included, until the deal is scored.

    python bench/declaration_games.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import random
import time

from conjure.games import Game
from conjure.games.bots import random_playout
from conjure_games.captain import Captain
from conjure_games.klaberjass import Klaberjass
from conjure_games.nine_casino import NineCasino
from conjure_games.specification import Specification


def deals_per_second(game: Game, seconds: float) -> tuple[float, float, int]:
    """(deals per CPU second, deals per wall second, deals played)."""
    rng = random.Random(1)
    games = deals = 0
    cpu, wall = time.process_time(), time.perf_counter()
    while time.process_time() - cpu < seconds:
        state = game.new_initial_state()
        random_playout(state, rng, uniform=True)
        games += 1
        deals += state.vars.deals
    return (
        deals / (time.process_time() - cpu),
        deals / (time.perf_counter() - wall),
        deals,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    rows: list[tuple[str, Game]] = [
        ("klaberjass (target 50)", Klaberjass(target=50)),
        ("captain (one deal)", Captain(deals=1)),
        ("nine-casino (target 100)", NineCasino(target=100)),
        ("specification (target 100)", Specification(target=100)),
    ]
    print(f"{'game':28} {'deals/s (CPU)':>14} {'deals/s (wall)':>15} {'deals':>8}")
    for name, game in rows:
        cpu, wall, deals = deals_per_second(game, args.seconds)
        print(f"{name:28} {cpu:>14,.0f} {wall:>15,.0f} {deals:>8,}")


if __name__ == "__main__":
    main()
