"""The layers of the package: each area imports only areas below it, and no modules import
each other in a loop.

From the bottom: the foundations (text, then errors and interrupts, then inputs, then
parallel; the lazy facade reader beside them), the deck, then magic and games side by side
(neither imports the other), then view, testing and plugins, then trainer and adapters, then
the command line.
Presentation sits above what it presents: magic and games never import view, the trainer never
imports the command line. Imports for annotations only (under ``TYPE_CHECKING``) are left out;
an import inside a function counts, since it runs. The package itself (``import conjure``) is
a lazy facade that loads nothing, and any layer may name it.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

CORE = Path(__file__).resolve().parent.parent / "core"

#: each area and its layer; an area may import only areas of a lower layer
LAYER = {
    "text": 0.0,
    "_lazy": 0.0,
    "errors": 0.1,
    "interrupts": 0.1,
    "inputs": 0.2,
    "parallel": 0.3,
    "deck": 1,
    "magic": 2,
    "games": 2,
    "view": 3,
    "testing": 3,
    "plugins": 3,
    "trainer": 4,
    "adapters": 4,
    "cli": 5,
    "__main__": 6,
}


def module_name(path: Path, root: Path) -> str:
    return ".".join(path.relative_to(root).with_suffix("").parts).removesuffix(".__init__")


def runtime_imports(path: Path) -> Iterator[tuple[str, int, bool]]:
    """``(module, line, at module level)`` for every conjure import of ``path`` that runs."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            node.body = [ast.Pass()]
    top = {id(n) for n in tree.body}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
            # ``from conjure.deck import moves``: a submodule named by the import
            names += [f"{node.module}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            continue
        for name in names:
            if name == "conjure" or name.startswith("conjure."):
                yield name, node.lineno, id(node) in top


def area(module: str) -> str:
    return module.split(".")[1] if "." in module else ""


def upward_imports(root: Path) -> list[str]:
    """Every import of an area at or above the importer's own layer, as ``where: what``."""
    found: dict[tuple[str, int], str] = {}  # one line per import statement
    for path in sorted(root.rglob("*.py")):
        me = module_name(path, root)
        mine = area(me)
        if not mine:
            continue  # the facade
        for target, line, _ in runtime_imports(path):
            theirs = area(target)
            if not theirs or theirs == mine:
                continue
            if theirs not in LAYER:  # a plain name imported from a facade, not a module
                continue
            if LAYER[theirs] >= LAYER[mine]:
                where = str(path.relative_to(root))
                found.setdefault((where, line), f"{where}:{line}: {me} imports {target}")
    return list(found.values())


def import_cycles(root: Path) -> list[list[str]]:
    """The loops among the modules' module-level imports (each loop once, as found)."""
    modules = {module_name(p, root): p for p in root.rglob("*.py")}
    edges: dict[str, set[str]] = {}
    for name, path in modules.items():
        by_line: dict[int, set[str]] = {}
        for target, line, at_top in runtime_imports(path):
            if not at_top:
                continue
            while target and target not in modules:  # a name imported from a module
                target = target.rpartition(".")[0]
            if target and target != name:
                by_line.setdefault(line, set()).add(target)
        targets: set[str] = set()
        for named in by_line.values():
            # ``from conjure.deck import notation`` imports the submodule; its package is
            # already being imported by whoever imports this module
            targets |= {t for t in named if not any(o.startswith(t + ".") for o in named)}
        edges[name] = targets
    cycles: list[list[str]] = []
    state: dict[str, int] = {}  # 1 on the path, 2 done
    path: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                cycles.append([*path[path.index(nxt) :], nxt])
            elif nxt not in state:
                visit(nxt)
        path.pop()
        state[node] = 2

    for node in sorted(edges):
        if node not in state:
            visit(node)
    return cycles


def test_every_area_has_a_layer() -> None:
    areas = {p.stem if p.is_file() else p.name for p in (CORE / "conjure").iterdir()}
    areas -= {"__init__", "__pycache__", "py"}
    areas = {a for a in areas if not a.endswith((".pyi", ".typed"))}
    assert areas <= set(LAYER), areas - set(LAYER)


def test_no_area_imports_one_at_or_above_its_layer() -> None:
    assert upward_imports(CORE) == []


def test_no_modules_import_each_other_in_a_loop() -> None:
    assert import_cycles(CORE) == []


# -- the checks have teeth ----------------------------------------------------------------------


def _tree(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, source in files.items():
        path = tmp_path / "conjure" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(source, encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(
    ("where", "source"),
    [
        ("games/play.py", "from conjure.view.terminal import card_text\n"),
        ("magic/trace.py", "def f():\n    import conjure.view.terminal\n"),
        ("trainer/app.py", "from conjure.cli.common import registry\n"),
        ("magic/walk.py", "from conjure.games import api\n"),  # a sibling, not below
        ("text.py", "from conjure.errors import UsageError\n"),
    ],
)
def test_a_planted_upward_import_is_found(tmp_path: Path, where: str, source: str) -> None:
    root = _tree(tmp_path, {where: source})
    assert len(upward_imports(root)) == 1


def test_imports_for_annotations_only_and_downward_ones_pass(tmp_path: Path) -> None:
    source = (
        "from typing import TYPE_CHECKING\n"
        "from conjure.deck.state import DeckState\n"
        "import conjure\n"
        "if TYPE_CHECKING:\n"
        "    from conjure.view.terminal import card_text\n"
    )
    assert upward_imports(_tree(tmp_path, {"magic/x.py": source})) == []


def test_a_planted_loop_is_found(tmp_path: Path) -> None:
    root = _tree(
        tmp_path,
        {
            "__init__.py": "",
            "a.py": "from conjure.b import f\n",
            "b.py": "import conjure.a\ndef f():\n    pass\n",
            "c.py": "def g():\n    import conjure.a\n",  # inside a function: no loop
        },
    )
    assert import_cycles(root) == [["conjure.a", "conjure.b", "conjure.a"]]
