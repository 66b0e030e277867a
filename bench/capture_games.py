"""Random-playout deals per second of the capture games on one core, and the cost of the capture
enumerator on its own (tables worked out from scratch, and looked up once known).

A deal is the whole pack played out (ten-exchange 36 plays, casino 48, pick-up-score 48). Each
loop does what a playout does: ask for the legal actions and apply a uniformly random one.
Casino is timed twice: the second run finds what the first one learnt already worked out, as
a bot's many playouts in one process do (with several=1 the tables met; the default keeps its
counts up to date and learns little).

    python bench/capture_games.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import random
import time

from conjure.games import CaptureRules, Game
from conjure.games.bots import random_playout
from conjure_games.casino import Casino
from conjure_games.pick_up_score import PickUpScore
from conjure_games.ten_exchange import TenExchange


def deals_per_second(game: Game, seconds: float) -> float:
    """Deals per second of random playouts, in CPU time of this process."""
    rng = random.Random(1)
    deals = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        random_playout(state, rng, uniform=True)
        games += 1
        deals += state.vars.deals
    return deals / (time.process_time() - start)


def enumerator(seconds: float) -> tuple[float, float]:
    """(tables worked out per second, lookups per second) for random tables of 2–9 cards of
    values 1–10 with a card of each value."""
    rng = random.Random(2)
    tables = [
        tuple(sorted(rng.randint(1, 10) for _ in range(rng.randint(2, 9)))) for _ in range(20000)
    ]
    fresh = 0
    start = time.process_time()
    while time.process_time() - start < seconds / 2:
        rules = CaptureRules(equal="any", several=True)
        for t in tables[:2000]:
            rules.options(t)
        fresh += 2000
    cold = fresh / (time.process_time() - start)
    rules = CaptureRules(equal="any", several=True)
    for t in tables:
        rules.options(t)
    looked = 0
    start = time.process_time()
    while time.process_time() - start < seconds / 2:
        for t in tables:
            rules.options(t)
        looked += len(tables)
    return cold, looked / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    rows: list[tuple[str, Game]] = [
        ("ten-exchange", TenExchange(target=1)),
        ("casino", Casino(target=1)),
        ("casino, several sets (several=1)", Casino(target=1, several=1)),
    ]
    rows += [(f"pick-up-score, {n} players", PickUpScore(n, target=1)) for n in range(2, 7)]
    for name, game in rows:
        rate = deals_per_second(game, args.seconds)
        print(f"{name:34} {rate:>10,.0f} deals/s")
        if isinstance(game, Casino):  # its fast path learns tables as it meets them
            again = deals_per_second(game, args.seconds)
            print(f"{'  the same game run again':34} {again:>10,.0f} deals/s")
    cold, warm = enumerator(args.seconds)
    print(f"{'capture tables worked out':34} {cold:>10,.0f} /s")
    print(f"{'capture tables looked up':34} {warm:>10,.0f} /s")


if __name__ == "__main__":
    main()
