"""Every kept benchmark output that the project's words point to is there: a reader sent to
``bench/out/NAME`` by the README, a guide, a script or the code finds the file."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: a kept output's name: lower case, with its kind (a name in capitals, ``dqn-GAME.png``, is a
#: pattern a reader fills in; a name without a kind is a prefix a script adds to)
NAMED = re.compile(r"bench/out/([a-z0-9_.-]+\.(?:txt|json|png|log|csv|html))(?![A-Za-z0-9_-])")


def pointers() -> dict[str, set[str]]:
    """Each file name under bench/out/ that a text names, with the texts naming it."""
    texts = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    for folder in ("bench", "core", "plugins", "routines"):
        texts += sorted((ROOT / folder).rglob("*.py"))
    named: dict[str, set[str]] = {}
    for path in texts:
        for name in NAMED.findall(path.read_text(encoding="utf-8")):
            named.setdefault(name, set()).add(str(path.relative_to(ROOT)))
    return named


def test_every_named_benchmark_output_is_kept() -> None:
    named = pointers()
    assert len(named) > 5  # (the guides do point to outputs)
    missing = {
        name: sorted(where)
        for name, where in named.items()
        if not (ROOT / "bench" / "out" / name).is_file()
    }
    assert not missing, missing


#: a ladder cell: a share with its 95% interval, * where it excludes one half
CELL = re.compile(r"-?\d[\d,.]* \(-?\d[\d,.]*(?:-| to )-?\d[\d,.]*\)\*?")
#: a ladder row's fixed budgets, as the script prints them
BUDGETS = re.compile(r"^[a-z@+~.0-9]+=\d+(?:,[a-z@+~.0-9]+=\d+)*$")


#: a cell's three numbers: the value, and its interval's ends (joined by "-" or " to ")
NUMBERS = re.compile(r"(-?[\d.]+) \((-?[\d.]+)(?:-| to )(-?[\d.]+)\)\*?")


def same(given: str, printed: str) -> bool:
    """Whether the guide's cell ``given`` is the script's cell ``printed``, rounded as the guide
    rounds it: chips a deal to whole chips with thousands commas, shares to two places."""
    ours, theirs = NUMBERS.fullmatch(given.replace(",", "")), NUMBERS.fullmatch(printed)
    if ours is None or theirs is None or given.endswith("*") != printed.endswith("*"):
        return False
    for a, b in zip(ours.groups(), theirs.groups(), strict=True):
        places = len(a.partition(".")[2])
        if f"{float(b):.{places}f}" != a:
            return False
    return True


def test_every_ladder_figure_in_the_guide_is_in_a_kept_run() -> None:
    """Each share the guide's ladder tables give (a row with fixed budgets) is a cell of that
    game's row in a kept run of ``bench/ladder.py``, so a figure copied wrong is caught."""
    kept: dict[str, set[str]] = {}
    for path in sorted((ROOT / "bench" / "out").glob("ladder-*.txt")):
        for line in path.read_text(encoding="utf-8").splitlines():
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if line.startswith("| ") and len(cells) > 1:
                kept.setdefault(cells[0], set()).update(cells[1:])
    guide = (ROOT / "docs" / "games.md").read_text(encoding="utf-8")
    checked, wrong = 0, []
    for line in guide.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not line.startswith("| ") or not any(BUDGETS.match(c) for c in cells):
            continue
        game = cells[0].split(" (")[0]
        for cell in cells[1:]:
            if not CELL.fullmatch(cell):
                continue
            checked += 1
            if not any(same(cell, k) for k in kept.get(game, ())):
                wrong.append(f"{game}: {cell}")
    assert checked > 100  # (the guide's ladder tables are read)
    assert not wrong, wrong
