"""Items listed without importing them: the shipped indexes are up to date, a listing imports
no game or routine, an item is imported when used, and a stale, missing or broken index or
item is handled as its plugin's problem, never as a wrong listing or a crash."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from conjure.cli import main
from conjure.errors import PluginError
from conjure.plugins import catalog
from conjure.plugins.host import load_plugins


@pytest.mark.parametrize("package", ["conjure_games", "conjure_routines"])
def test_the_shipped_index_is_the_items_as_they_are(package: str) -> None:
    assert catalog.stale(package) == [], f"run: python -m conjure.plugins.catalog {package}"


def test_every_shipped_item_is_listed_from_the_index() -> None:
    registry = load_plugins()
    assert sorted(registry.games.deferred()) == sorted(registry.games)
    assert sorted(registry.routines.deferred()) == sorted(registry.routines)


def test_listing_imports_no_game_and_using_one_imports_only_it() -> None:
    code = textwrap.dedent(
        """
        import sys
        from conjure.plugins.host import load_plugins
        reg = load_plugins()
        rows = [reg.games.row(g) for g in reg.games] + [reg.routines.row(r) for r in reg.routines]
        loaded = lambda: sorted(m for m in sys.modules if m.startswith(("conjure_games.",
                                "conjure_routines.", "conjure.games", "conjure.magic.")))
        before = loaded()
        cls = reg.game("casino")
        print(len(rows), before, cls.__module__, "conjure_games.go_fish" in sys.modules)
        """
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    count, before, module, other = out.stdout.split()
    assert int(count) == 23 + 4
    assert before == "[]"
    assert module == "conjure_games.casino" and other == "False"


def test_a_listed_row_is_what_the_item_itself_lists() -> None:
    registry = load_plugins()
    for kind, table in (("game", registry.games), ("routine", registry.routines)):
        for item_id in sorted(table):
            row = table.row(item_id)  # from the index
            assert json.loads(json.dumps(catalog.listing(kind, table[item_id]))) == row


# -- a third-party plugin that lists its items --------------------------------------------------

GAME = """
from conjure.games import Game
from conjure_games.goofspiel import Goofspiel


class Lazy(Goofspiel):
    id = "lazy-goofspiel"
    name_en = "Lazy Goofspiel"
    name_zh = "懒投标"
"""
PACKAGE = """
from conjure.plugins import hookimpl, listed

GAMES = ("lazy_games.game:Lazy",)


@hookimpl
def register_games(register):
    listed(__name__, "game", GAMES, register)
"""


@pytest.fixture
def lazy_plugin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., Path]]:
    """A distribution with one package, ``lazy_games``, whose index is written or not."""

    def make(game: str = GAME, index: bool = True) -> Path:
        info = tmp_path / "lazy_games-1.0.dist-info"
        info.mkdir()
        (info / "METADATA").write_text("Metadata-Version: 2.1\nName: lazy-games\nVersion: 1.0\n")
        (info / "entry_points.txt").write_text("[conjure]\nlazy = lazy_games\n")
        package = tmp_path / "lazy_games"
        package.mkdir()
        (package / "__init__.py").write_text(PACKAGE)
        (package / "game.py").write_text(game)
        monkeypatch.syspath_prepend(str(tmp_path))
        if index:
            (package / catalog.INDEX).write_text(catalog.index_text("lazy_games"))
            for name in [m for m in sys.modules if m.startswith("lazy_games")]:
                del sys.modules[name]  # the listing must not find them imported already
        return package

    yield make
    for name in [m for m in sys.modules if m.startswith("lazy_games")]:
        del sys.modules[name]


def test_a_plugin_lists_its_game_from_its_index(lazy_plugin: Callable[..., Path]) -> None:
    lazy_plugin()
    registry = load_plugins()
    assert registry.games.row("lazy-goofspiel")["name_zh"] == "懒投标"
    assert "lazy_games.game" not in sys.modules
    assert registry.game("lazy-goofspiel").__name__ == "Lazy"


def test_a_game_missing_from_the_index_is_imported_at_once(
    lazy_plugin: Callable[..., Path],
) -> None:
    lazy_plugin(index=False)
    registry = load_plugins()
    assert "lazy-goofspiel" in registry.games
    assert "lazy-goofspiel" not in registry.games.deferred()


def test_a_game_that_fails_to_import_when_used_is_its_plugins_error(
    lazy_plugin: Callable[..., Path], capsys: pytest.CaptureFixture[str]
) -> None:
    package = lazy_plugin()
    (package / "game.py").write_text("raise ImportError('no such helper')\n")
    registry = load_plugins()
    assert "lazy-goofspiel" in registry.games  # listed from the index
    with pytest.raises(PluginError, match=r"lazy_games\.game:Lazy: ImportError: no such helper"):
        registry.game("lazy-goofspiel")
    assert main(["rules", "lazy-goofspiel"]) == 4
    err = capsys.readouterr().err
    assert "game 'lazy-goofspiel' of plugin 'lazy'" in err and "Traceback" not in err
    # conjure plugins imports every listed item, and so finds the broken plugin
    assert main(["plugins"]) == 4
    assert "no such helper" in capsys.readouterr().err


def test_an_index_naming_another_id_is_refused_when_used(
    lazy_plugin: Callable[..., Path],
) -> None:
    package = lazy_plugin()
    (package / "game.py").write_text(GAME.replace('"lazy-goofspiel"', '"renamed"'))
    with pytest.raises(PluginError, match="is game 'renamed', not 'lazy-goofspiel'"):
        load_plugins().game("lazy-goofspiel")


def test_the_index_command_writes_and_checks(lazy_plugin: Callable[..., Path]) -> None:
    package = lazy_plugin(index=False)
    env_path = str(package.parent)

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "conjure.plugins.catalog", *args],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONPATH": env_path},
            check=False,
        )

    missing = run("--check", "lazy_games")
    assert missing.returncode == 1 and "out of date for lazy_games.game:Lazy" in missing.stderr
    assert run("lazy_games").returncode == 0
    assert run("--check", "lazy_games").returncode == 0
    (package / "game.py").write_text(GAME.replace("懒投标", "懒人投标"))
    assert run("--check", "lazy_games").returncode == 1  # the name changed: the row is stale
