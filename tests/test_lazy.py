"""The lazy facades: every name of a stub resolves to what the stub says, a name never meets
a submodule of the same name, and a name is imported only when used."""

from __future__ import annotations

import ast
import importlib
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

from conjure._lazy import names_in_stub

CORE = Path(__file__).resolve().parent.parent / "core"
FACADES = ["conjure", "conjure.magic"]


@pytest.mark.parametrize("package", FACADES)
def test_every_name_of_the_stub_is_the_object_its_module_defines(package: str) -> None:
    module = importlib.import_module(package)
    where = names_in_stub(str(CORE / package.replace(".", "/") / "__init__.pyi"))
    assert where, "a facade with no names"
    assert sorted(where) == module.__all__
    for name, source in where.items():
        assert getattr(module, name) is getattr(importlib.import_module(source), name), name


@pytest.mark.parametrize("package", FACADES)
def test_the_stub_is_read_as_the_parser_reads_it(package: str) -> None:
    path = CORE / package.replace(".", "/") / "__init__.pyi"
    parsed = {
        alias.asname or alias.name: node.module
        for node in ast.parse(path.read_text(encoding="utf-8")).body
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }
    assert names_in_stub(str(path)) == parsed


def test_the_stub_reader_takes_every_form(tmp_path: Path) -> None:
    stub = tmp_path / "x.pyi"
    stub.write_text(
        "from a.b import (\n    C as C,  # a comment\n    d,\n)\nfrom e import f as g\n"
        "import h\n__version__: str\n"
    )
    assert names_in_stub(str(stub)) == {"C": "a.b", "d": "a.b", "g": "e"}


@pytest.mark.parametrize("package", FACADES)
def test_no_name_is_also_a_submodule(package: str) -> None:
    # importing a submodule sets the package's attribute of that name to the module, so a
    # facade name that is also a submodule's would turn into the module once it is imported
    module = importlib.import_module(package)
    submodules = {info.name for info in pkgutil.iter_modules(module.__path__)}
    assert submodules.isdisjoint(module.__all__)


def test_a_name_imports_only_its_own_module() -> None:
    code = (
        "import sys\n"
        "from conjure.magic import Claim\n"
        "print(sorted(m for m in sys.modules if m.startswith('conjure.magic.')))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = eval(done.stdout)
    assert "conjure.magic.routine" in loaded
    assert "conjure.magic.files" not in loaded and "conjure.magic.verifier" not in loaded


def test_the_top_package_imports_nothing_until_a_name_is_used() -> None:
    code = (
        "import sys, conjure\n"
        "before = sorted(m for m in sys.modules if m.startswith('conjure.'))\n"
        "conjure.DeckState\n"
        "print(before, 'conjure.deck.state' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["['conjure._lazy']", "True"]


def test_an_unknown_name_is_an_attribute_error() -> None:
    import conjure.magic

    with pytest.raises(AttributeError, match="no attribute 'nothing_here'"):
        conjure.magic.nothing_here  # noqa: B018


def test_listing_the_games_reads_no_emoji_and_keeps_a_colon_word() -> None:
    """The consoles never replace ``:name:`` (a routine's or a game's words stay as written),
    so rich's table of emoji, the largest module it has, is never loaded to list the games."""
    code = (
        "import sys, io, contextlib\n"
        "from conjure.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['games'])\n"
        "from conjure.view.console import make_console\n"
        "console = make_console()\n"
        "with console.capture() as got:\n"
        "    console.print('cut at :fire: here')\n"
        "print('rich._emoji_codes' in sys.modules, got.get().strip())\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split(None, 1) == ["False", "cut at :fire: here\n"]
