"""Routine and game authors import from the facades only: the shipped plugins and every Python
example in the docs are held to that, so an internal module can move without breaking them."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: what an author may import from: the facades (``conjure.plugins`` for the hooks and for items
#: listed without importing them), the test kits, and the two adapters
PUBLIC = {
    "conjure",
    "conjure.plugins",
    "conjure.deck",
    "conjure.magic",
    "conjure.games",
    "conjure.testing",
    "conjure.adapters.openspiel",
    "conjure.adapters.pettingzoo",
}


def private_imports(source: str) -> list[str]:
    """The conjure modules ``source`` imports that are not a facade.

    >>> private_imports("from conjure.games.melds import mask_of\\nfrom conjure import Text")
    ['conjure.games.melds']
    >>> private_imports("import conjure.text\\nfrom conjure.games import melds")
    ['conjure.text']
    """
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            modules = [node.module]
        elif isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        else:
            continue
        found += [m for m in modules if m.split(".")[0] == "conjure" and m not in PUBLIC]
    return found


def sources() -> list[tuple[str, str]]:
    out = []
    for folder in ("plugins", "routines"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            out.append((str(path.relative_to(ROOT)), path.read_text(encoding="utf-8")))
    for path in sorted((ROOT / "docs").glob("*.md")):
        text = path.read_text(encoding="utf-8")
        for i, block in enumerate(re.findall(r"```python\n(.*?)```", text, re.S)):
            out.append((f"{path.relative_to(ROOT)} example {i + 1}", block))
    return out


@pytest.mark.parametrize(("where", "source"), sources(), ids=[w for w, _ in sources()])
def test_authors_import_from_the_facades_only(where: str, source: str) -> None:
    assert private_imports(source) == [], where


def test_the_check_sees_the_plugins_and_the_docs() -> None:
    where = [w for w, _ in sources()]
    assert any(w.startswith("plugins/conjure_games/") for w in where)
    assert any(w.startswith("routines/") for w in where)
    assert sum(w.startswith("docs/") for w in where) >= 5


def test_private_imports_finds_both_forms() -> None:
    source = (
        "from conjure.games.melds import mask_of\nimport conjure.text\nfrom conjure import Text\n"
    )
    assert private_imports(source) == ["conjure.games.melds", "conjure.text"]
