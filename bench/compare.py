"""One benchmark of this checkout against another checkout of conjure, interleaved: the two run
one after the other, round after round (the order swapped every round), so that both see the same
load on a shared machine. Every row of the benchmark's output is compared by its best rate over
the rounds (the least disturbed run), in the benchmark's own per-CPU-second figures.

    git worktree add /tmp/old main   # or: git archive main | tar -x -C /tmp/old
    python bench/compare.py /tmp/old games.py [--rounds 4] [--seconds 1]
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
#: a row of a benchmark: its name, then a rate ("12,345 games/s", "… deals/s"); the last rate
#: of the row is the one compared (deals/s where a row gives both)
ROW = re.compile(r"^(?P<name>\S.*?)\s{2,}(?P<rates>[\d,.]+ \w+/s.*)$")
RATE = re.compile(r"([\d,.]+) (\w+)/s")


def run(root: Path, bench: str, seconds: float) -> dict[str, tuple[float, str]]:
    """Each row's rate and unit from one run of ``bench`` in the checkout at ``root``."""
    paths = [str(root / part) for part in ("core", "plugins", "routines")]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(paths))
    out = subprocess.run(
        [sys.executable, str(root / "bench" / bench), "--seconds", str(seconds)],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    ).stdout
    rows = {}
    for line in out.splitlines():
        m = ROW.match(line)
        if m:
            *_, (value, unit) = RATE.findall(m["rates"])
            rows[m["name"]] = (float(value.replace(",", "")), unit)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("other", type=Path, help="the other checkout (its root directory)")
    parser.add_argument("bench", help="the benchmark script under bench/, e.g. games.py")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=1.0)
    args = parser.parse_args()
    roots = {"other": args.other.resolve(), "this": HERE}
    best: dict[tuple[str, str], float] = {}
    units: dict[str, str] = {}
    order: list[str] = []
    for r in range(args.rounds):
        for label in ("other", "this") if r % 2 == 0 else ("this", "other"):
            for name, (rate, unit) in run(roots[label], args.bench, args.seconds).items():
                if name not in units:
                    order.append(name)
                units[name] = unit
                best[(name, label)] = max(best.get((name, label), 0.0), rate)
    print(
        f"{'':34} {'other':>10} {'this':>10}  this/other  (best of {args.rounds}, per CPU second)"
    )
    for name in order:
        a, b = best.get((name, "other"), 0.0), best.get((name, "this"), 0.0)
        ratio = f"{b / a:.2f}x" if a and b else "–"
        print(f"{name:34} {a:>10,.0f} {b:>10,.0f}  {ratio:>9} {units[name]}/s")


if __name__ == "__main__":
    main()
