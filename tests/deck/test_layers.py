"""The deck is the lowest layer: it imports nothing above it, and each of its modules only the
ones below it in the order notation → cards → state → move (the base) → the moves by kind
→ moves (their catalogue) → audience."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import conjure.deck

DECK = Path(conjure.deck.__file__).parent
#: each deck module and the deck modules it may import
BELOW = {
    "places": set(),
    "notation": {"places"},
    "cards": {"notation"},
    "stacks": {"cards", "notation", "places"},
    "state": {"cards", "notation", "places"},
    "move": {"cards", "notation", "places", "state"},
    "packets": {"cards", "move", "notation", "places", "state"},
    "cuts": {"cards", "move", "notation", "places", "state"},
    "handling": {"cards", "move", "notation", "places", "state"},
    "moves": {"cuts", "handling", "move", "notation", "packets"},
    "audience": {"move", "moves", "places", "state"},
    "shuffles": {"cards", "move", "notation", "places", "state"},
    "sleights": {"cards", "move", "moves", "notation", "places", "shuffles", "state"},
}


def _imports(path: Path) -> set[str]:
    """The modules ``path`` imports, at run time (imports for annotations only are left out)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            node.body = []
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            if node.module == "conjure.deck":
                names.update(f"conjure.deck.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


def test_deck_modules_import_only_what_lies_below_them() -> None:
    for name, allowed in BELOW.items():
        imported = _imports(DECK / f"{name}.py")
        lower = ("conjure.deck", "conjure.errors", "conjure.inputs", "conjure.text")
        upward = {m for m in imported if m.startswith("conjure.") and not m.startswith(lower)}
        assert upward == set(), (name, upward)
        deck = {m.removeprefix("conjure.deck.") for m in imported if m.startswith("conjure.deck.")}
        assert deck <= allowed, (name, deck - allowed)


def test_importing_the_deck_loads_no_rendering() -> None:
    code = (
        "import sys, conjure.deck; "
        "print(sorted(m for m in sys.modules if m.startswith(('rich', 'conjure.view'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
