"""Start-up cost of the command line, whole process, beside ``python -c pass``.

Each command runs ``--runs`` times as a fresh process with its output thrown away; the figure
is the least CPU time (user + system) the process took, which is what the command costs when
the machine lets it run (a busy machine only adds to a run, never takes away). The targets are
the ones the project holds itself to; ``over`` marks a command that missed its target.

    python bench/startup.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys

#: the command, its arguments, and the most CPU seconds it may take
COMMANDS: list[tuple[str, list[str], float | None]] = [
    ("python -c pass", [sys.executable, "-c", "pass"], None),
    ("conjure --version", ["--version"], 0.15),
    ("conjure games", ["games"], 0.15),
    ("conjure routines", ["routines"], 0.15),
    ("conjure verify courting-kings", ["verify", "courting-kings"], 0.25),
]


def cpu_of(argv: list[str]) -> float:
    """CPU seconds (user + system) of one run of ``argv`` as a child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="runs of each command (least kept)")
    args = parser.parse_args()
    env_cmd = [sys.executable, "-m", "conjure"]
    print(f"start-up, least CPU of {args.runs} runs; load {os.getloadavg()[0]:.1f}")
    print(f"{'command':32} {'CPU s':>7} {'target':>7}")
    for label, argv, target in COMMANDS:
        full = argv if label.startswith("python") else [*env_cmd, *argv]
        best = min(cpu_of(full) for _ in range(args.runs))
        mark = "" if target is None or best <= target else "  over"
        shown = "-" if target is None else f"{target:.2f}"
        print(f"{label:32} {best:7.3f} {shown:>7}{mark}")


if __name__ == "__main__":
    main()
