"""Verification speed of the shipped routines: the proving walk beside the sampling search.

For each routine, in one run:

- the proof (the merging walk over every case, conjure.magic.walk): the time to prove it, the
  performances run and the situations explored per second, on one worker and on two;
- the sampling engine on the same routine (a random search that cannot prove anything): cases
  per second on one worker and on two.

Times are wall-clock and CPU seconds of this process (a walk on two workers is counted by wall
clock: its work is in the worker processes). The machine is shared, so read the CPU figures
for one worker; the load average is printed.

    python bench/routines.py [--quick] [--cases 4000]
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any

from conjure.magic import verify
from conjure_routines import courting_kings, each_gets_two, gilbreath

SHIPPED: list[tuple[str, Any, dict[str, int]]] = [
    ("courting-kings", courting_kings.ROUTINE, {}),
    ("each-gets-two rounds=1", each_gets_two.ROUTINE, {"rounds": 1}),
    ("gilbreath 16 cards", gilbreath.ROUTINE, {"pairs": 8}),
]
QUICK: list[tuple[str, Any, dict[str, int]]] = [
    ("courting-kings", courting_kings.ROUTINE, {}),
    ("gilbreath 8 cards", gilbreath.ROUTINE, {"pairs": 4}),
]


def timed(call: Any) -> tuple[Any, float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    result = call()
    return result, time.perf_counter() - wall, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=4000, help="random cases per search")
    parser.add_argument("--quick", action="store_true", help="the small routines only")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for name, routine, params in QUICK if args.quick else SHIPPED:
        print(f"\n{name}")
        for workers in (1, 2):
            report, wall, cpu = timed(
                lambda r=routine, p=params, w=workers: verify(r, p, workers=w)
            )
            assert report.proved, report.verdict
            seconds = wall if workers > 1 else cpu
            print(
                f"  proof, {workers} worker{'s' if workers > 1 else ''}: {report.cases:.3g} cases "
                f"in {wall:.1f} s wall, {cpu:.1f} s CPU; {report.runs:,} performances "
                f"({report.runs / seconds:,.0f}/s), {report.states:,} situations "
                f"({report.states / seconds:,.0f}/s), {report.merged:,} merged, proof size "
                f"{report.proof_size:,}"
            )
        for workers in (1, 2):
            report, wall, cpu = timed(
                lambda r=routine, p=params, w=workers: verify(
                    r, p, exhaustive_limit=1, examples=args.cases, seed=1, workers=w
                )
            )
            assert report.mode == "search" and report.passed
            seconds = wall if workers > 1 else cpu
            print(
                f"  sampling, {workers} worker{'s' if workers > 1 else ''}: "
                f"{report.cases:,} random cases, {report.cases / seconds:,.0f} cases/s "
                f"({wall:.1f} s wall, {cpu:.1f} s CPU), not a proof"
            )


if __name__ == "__main__":
    main()
