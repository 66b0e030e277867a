"""One benchmark of this checkout against another checkout of conjure, interleaved: the two run
one after the other, round after round (the order swapped every round), so that both see the same
load on a shared machine. Every figure of the benchmark's output is compared by its best over the
rounds (the least disturbed run), in the benchmark's own units: a rate (``12,345 deals/s``) by
its highest, a time (``3.1 s CPU``, ``12.3 ms``) by its lowest.

    git worktree add /tmp/old main   # or: git archive main | tar -x -C /tmp/old
    python bench/compare.py /tmp/old games.py [--rounds 4] [--seconds 1] [--only 'one deal']

Options compare.py does not know are passed on to the benchmark; ``--seconds`` is passed to a
benchmark that takes it. The column ``this/other`` is the speed of this checkout over the other's
(for a time, the other's time over this one's), so above 1 is faster here.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

_NUMBER = r"(?<![\w.,+-])(\d[\d,]*(?:\.\d+)?)"
#: a rate: a number and a unit ending in /s ("12,345 deals/s", "1,234 /s", "(567/s)")
_RATE = re.compile(_NUMBER + r" ?((?:[^\W\d]\w*)?/s)(?!\w)")
#: a time: a number of seconds or milliseconds and the word after it ("3.1 s CPU", "0.12 ms")
_TIME = re.compile(_NUMBER + r" (m?s)(?!\w)(?: ([^\W\d]\w*))?")
_COLUMNS = re.compile(r"\s{2,}")


class Figure(tuple[str, str, float, bool]):
    """One figure of a benchmark's output: the row's name, the unit, the value, and whether
    lower is better (a time)."""

    __slots__ = ()

    def __new__(cls, name: str, unit: str, value: float, lower: bool) -> Figure:
        return super().__new__(cls, (name, unit, value, lower))


def _number(text: str) -> float | None:
    try:
        return float(text.replace(",", ""))
    except ValueError:
        return None


def _name(text: str) -> str:
    """A row's name from the text before its first figure: up to a colon, spaces squeezed."""
    text = text.split(":", 1)[0]
    return " ".join(text.split()).rstrip(" (;,")


def parse(out: str) -> list[Figure]:
    """Every figure in a benchmark's output, each named by its row and unit.

    A row is a line with rates or times in it, named by the text before the first one (up to a
    colon); an indented row is named under the unindented line above it; a unit-less rate in
    brackets takes the word before it as its unit. A table is a header of columns two spaces
    apart, one of them a rate (``deals/s``) or ``seconds``, and rows with as many columns.
    A row name met twice in one run is numbered.

    >>> for f in parse('''
    ... sixty-six, match to 7              12 games/s        321 deals/s
    ... run-fast games (3 players)        1,234 /s      56,789 actions/s
    ...   by the checked path               617 /s      28,394 actions/s
    ... avoid-hearts (4 players): 2,468 deals/s
    ... ratio conjure / OpenSpiel goofspiel: 1.53
    ... each-gets-two
    ...   proof, 1 worker: 2.58e+73 cases in 3.1 s wall, 2.9 s CPU; 1,234 performances (425/s)
    ... mc: 12.3 ms CPU a move over 345 moves
    ... game            deals/s (CPU)  deals/s (wall)     deals
    ... klaberjass              1,204           1,100     3,612
    ... backend                     seconds  speed-up   per chunk
    ... in-process                    12.34     1.00x     0.12 ms
    ... '''):
    ...     print(f)
    ('sixty-six, match to 7', 'games/s', 12.0, False)
    ('sixty-six, match to 7', 'deals/s', 321.0, False)
    ('run-fast games (3 players)', '/s', 1234.0, False)
    ('run-fast games (3 players)', 'actions/s', 56789.0, False)
    ('run-fast games (3 players) / by the checked path', '/s', 617.0, False)
    ('run-fast games (3 players) / by the checked path', 'actions/s', 28394.0, False)
    ('avoid-hearts (4 players)', 'deals/s', 2468.0, False)
    ('each-gets-two / proof, 1 worker', 's wall', 3.1, True)
    ('each-gets-two / proof, 1 worker', 's CPU', 2.9, True)
    ('each-gets-two / proof, 1 worker', 'performances/s', 425.0, False)
    ('mc', 'ms CPU', 12.3, True)
    ('klaberjass', 'deals/s (CPU)', 1204.0, False)
    ('klaberjass', 'deals/s (wall)', 1100.0, False)
    ('in-process', 'seconds', 12.34, True)
    ('in-process', 'ms', 0.12, True)
    """
    figures: list[Figure] = []
    seen: dict[tuple[str, str], int] = {}
    parent = ""
    header: list[str] = []

    def add(name: str, unit: str, value: float, lower: bool) -> None:
        count = seen[(name, unit)] = seen.get((name, unit), 0) + 1
        figures.append(Figure(name if count == 1 else f"{name} #{count}", unit, value, lower))

    for line in out.splitlines():
        indented = line[:1].isspace()
        columns = _COLUMNS.split(line.strip())
        titles = len(columns) > 2 and not re.search(r"\d", line)
        if titles and any("/s" in c or c == "seconds" for c in columns[1:]):
            header = columns
            continue
        if header and len(columns) == len(header) and len(columns) > 1:
            for title, cell in zip(header[1:], columns[1:], strict=True):
                value = _number(cell.split()[0])
                unit = cell.split()[1] if len(cell.split()) > 1 else ""
                if value is None:
                    continue
                if "/s" in title:
                    add(columns[0], title, value, False)
                elif title == "seconds" or unit in ("s", "ms"):
                    add(columns[0], unit or title, value, True)
            continue
        header = []
        found = sorted(
            [(m.start(), m[1], m[2], False) for m in _RATE.finditer(line)]
            + [
                (m.start(), m[1], " ".join(filter(None, (m[2], m[3]))), True)
                for m in _TIME.finditer(line)
            ]
        )
        if not found:
            if line.strip() and not indented:
                parent = _name(line)
            continue
        name = _name(line[: found[0][0]])
        if indented and parent:
            name = f"{parent} / {name}"
        elif not indented:
            parent = name
        for start, number, unit, lower in found:
            if unit == "/s" and line[:start].endswith("("):
                unit = line[:start].rstrip("( ").split()[-1] + unit
            value = _number(number)
            if value is not None:
                add(name, unit, value, lower)
    return figures


def run(root: Path, bench: str, seconds: float, passed: list[str]) -> list[Figure]:
    """The figures of one run of ``bench`` in the checkout at ``root``."""
    paths = [str(root / part) for part in ("core", "plugins", "routines")]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(paths))
    script = root / "bench" / bench
    timed = ["--seconds", str(seconds)] if '"--seconds"' in script.read_text() else []
    done = subprocess.run(
        [sys.executable, str(script), *timed, *passed],
        capture_output=True,
        text=True,
        env=env,
    )
    if done.returncode:
        last = (done.stderr.strip().splitlines() or ["no message"])[-1]
        sys.exit(f"compare: {script} failed ({done.returncode}): {last}")
    return parse(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("other", type=Path, help="the other checkout (its root directory)")
    parser.add_argument("bench", help="the benchmark script under bench/, e.g. games.py")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=1.0)
    args, passed = parser.parse_known_args()
    roots = {"other": args.other.resolve(), "this": HERE}
    best: dict[tuple[str, str, str], float] = {}
    lower: dict[tuple[str, str], bool] = {}
    for r in range(args.rounds):
        for label in ("other", "this") if r % 2 == 0 else ("this", "other"):
            for name, unit, value, low in run(roots[label], args.bench, args.seconds, passed):
                lower.setdefault((name, unit), low)
                old = best.get((name, unit, label))
                if old is None or (value < old if low else value > old):
                    best[(name, unit, label)] = value
    width = max([34, *(len(name) for name, _ in lower)])
    print(
        f"{'':{width}} {'other':>10} {'this':>10}  this/other  "
        f"(best of {args.rounds}, the benchmark's own units)"
    )
    for (name, unit), low in lower.items():
        a, b = best.get((name, unit, "other")), best.get((name, unit, "this"))
        ratio = f"{(a / b if low else b / a):.2f}x" if a and b else "–"
        shown = ["–" if x is None else f"{x:,.2f}" if x < 100 else f"{x:,.0f}" for x in (a, b)]
        print(f"{name:{width}} {shown[0]:>10} {shown[1]:>10}  {ratio:>9} {unit}")


if __name__ == "__main__":
    main()
