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
