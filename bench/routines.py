"""Verification speed of the shipped routines, on one core.

- courting-kings: the exhaustive verification (every suit order of Queens and Kings, 576 cases),
  best of several runs;
- each-gets-two: explored cases per second of the search, with the default random engine (on one
  core and on every core) and with hypothesis drawing the choices.

    python bench/routines.py [--cases 20000]
"""

from __future__ import annotations

import argparse
import os

from conjure.magic import verify
from conjure_routines import courting_kings, each_gets_two


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    runs = [verify(courting_kings.ROUTINE) for _ in range(args.repeat)]
    assert all(r.passed and r.mode == "exhaustive" for r in runs)
    best = min(r.seconds for r in runs)
    print(
        f"courting-kings exhaustive: {runs[0].cases} cases in {best * 1000:.1f} ms (best of "
        f"{args.repeat})"
    )

    # rounds=2 has counter-examples (the spectator picks their reversed card): a search stops at
    # the first, so speeds are measured on rounds=1, where none exists
    report = verify(each_gets_two.ROUTINE, {"rounds": 1}, examples=args.cases, seed=1, workers=1)
    assert report.passed and report.mode == "search"
    rate = report.cases / report.seconds
    print(f"each-gets-two rounds=1, random engine, 1 core: {rate:>9,.0f} cases/s")
    workers = os.cpu_count() or 1
    report = verify(
        each_gets_two.ROUTINE, {"rounds": 1}, examples=args.cases * 2, seed=1, workers=workers
    )
    rate = report.cases / report.seconds
    print(f"each-gets-two rounds=1, random engine, {workers} workers: {rate:>9,.0f} cases/s")
    report = verify(
        each_gets_two.ROUTINE,
        {"rounds": 1},
        examples=min(args.cases, 1000),
        seed=1,
        engine="hypothesis",
    )
    print(
        f"each-gets-two rounds=1, hypothesis engine: {report.cases / report.seconds:>9,.0f} cases/s"
    )


if __name__ == "__main__":
    main()
