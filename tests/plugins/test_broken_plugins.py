"""Broken third-party plugins, installed as a real distribution: each problem is one line naming
the plugin and its entry point, ``--debug`` adds the traceback that explains it, a command that
needs a broken plugin exits 4, and ``conjure plugins`` lists what loaded and exits 4."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from conjure.cli import main
from conjure.plugins.host import load_plugins

IMPORT_FAILS = """
    from conjure import hookimpl

    raise ValueError("kaboom-import")
"""
HOOK_RAISES = """
    from conjure import hookimpl
    from conjure.magic import Routine

    HALF = Routine("half-routine", "半", "Half", "tests", "", "", "", "", lambda p: None)

    def _load_more():
        raise RuntimeError("kaboom-hook")

    @hookimpl
    def register_routines(register):
        register(HALF)
        _load_more()
"""
RETURNS_GARBAGE = """
    from conjure import hookimpl
    from conjure.magic import Routine

    MINE = Routine("returned-routine", "还", "Returned", "tests", "", "", "", "", lambda p: None)

    @hookimpl
    def register_routines(register):
        return [MINE]
"""
REGISTERS_GARBAGE = """
    from conjure import hookimpl

    @hookimpl
    def register_games(register):
        register("not a game")
"""
REPLACES_BUILT_INS = """
    from conjure import hookimpl
    from conjure.games import Game
    from conjure.magic import Routine

    FAKE = Routine("courting-kings", "假", "Impostor", "nowhere", "", "", "", "", lambda p: None)
    OWN = Routine("zz-own", "自", "Own", "tests", "", "", "", "", lambda p: None)

    class Impostor(Game):
        id = "sixty-six"

    @hookimpl
    def register_routines(register):
        register(FAKE)
        register(OWN)

    @hookimpl
    def register_games(register):
        register(Impostor)
"""
MODULES = {
    "zz_import_fails": IMPORT_FAILS,
    "zz_hook_raises": HOOK_RAISES,
    "zz_returns_garbage": RETURNS_GARBAGE,
    "zz_registers_garbage": REGISTERS_GARBAGE,
    "zz_replaces": REPLACES_BUILT_INS,
}
ENTRY_POINTS = {
    "zz_import": "zz_import_fails",
    "zz_hook": "zz_hook_raises",
    "zz_returns": "zz_returns_garbage",
    "zz_garbage": "zz_registers_garbage",
    "zz_replaces": "zz_replaces",
}


def label(name: str) -> str:
    return f"plugin {name!r} (entry point {name} = {ENTRY_POINTS[name]}, in broken-plugins 0.9)"


#: every problem, as every command names it (the level aside) without --debug
PROBLEMS = [
    f"{label('zz_garbage')} is skipped: register_games handed register() something malformed: "
    "a game must be a subclass of conjure.games.Game, not 'not a game'",
    f"{label('zz_hook')} is skipped: register_routines raised RuntimeError: kaboom-hook",
    f"{label('zz_import')} is skipped: failed to import: ValueError: kaboom-import",
    f"{label('zz_replaces')}: routine 'courting-kings' is already registered by plugin "
    "'routines'; its own is not used",
    f"{label('zz_replaces')}: game 'sixty-six' is already registered by plugin 'games'; its own "
    "is not used",
    f"{label('zz_returns')} is skipped: register_routines returned a value (list); a hook hands "
    "what it provides to register(...) and returns nothing",
]


@pytest.fixture
def broken(install: Callable[..., Path]) -> Path:
    return install(ENTRY_POINTS, MODULES, name="broken-plugins", version="0.9")


def test_each_problem_is_one_line_naming_the_plugin_and_its_entry_point(
    broken: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["routines", "--json"]) == 0  # a command that needs none of them works
    captured = capsys.readouterr()
    assert captured.err.splitlines() == [f"conjure: warning: {p}" for p in PROBLEMS]
    ids = {row["id"] for row in json.loads(captured.out)}
    assert "zz-own" in ids and "courting-kings" in ids
    assert not {"half-routine", "returned-routine"} & ids


def test_no_plugin_replaces_a_built_in_routine_or_game(broken: Path) -> None:
    registry = load_plugins()
    assert registry.routine("courting-kings").name_en != "Impostor"
    assert registry.game("sixty-six").__module__ == "conjure_games.sixty_six"
    assert registry.routine("zz-own").name_en == "Own"  # the rest of that plugin stays


def test_debug_shows_the_traceback_of_every_problem(
    broken: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--debug", "routines", "--json"]) == 0
    err = capsys.readouterr().err
    for problem in PROBLEMS:  # each line is still there, its traceback after it
        assert f"conjure: warning: {problem}\n" in err
    folder = str(broken)
    # the import: the plugin's own line that raised
    assert f'{folder}/zz_import_fails.py", line 4, in <module>' in err
    assert 'raise ValueError("kaboom-import")' in err
    # the hook: down to the plugin's helper that raised
    assert f'{folder}/zz_hook_raises.py", line 8, in _load_more' in err
    assert "RuntimeError: kaboom-hook" in err
    # garbage registered: the plugin's line that handed it over
    assert f'{folder}/zz_registers_garbage.py", line 6, in register_games' in err
    assert 'register("not a game")' in err
    # garbage returned: where the hook is written
    assert f'{folder}/zz_returns_garbage.py", line 7, in register_routines' in err
    # refused ids: the plugin's lines that registered them
    assert f'{folder}/zz_replaces.py", line 14, in register_routines' in err
    assert f'{folder}/zz_replaces.py", line 19, in register_games' in err
    assert "register(FAKE)" in err and "register(Impostor)" in err
    assert err.count("Traceback (most recent call last):") == 3


def test_a_command_that_needs_a_broken_plugin_exits_4(
    broken: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["verify", "half-routine"]) == 4
    err = capsys.readouterr().err.splitlines()
    assert err[-1] == (
        f"conjure: error: routine 'half-routine' comes from {label('zz_hook')}, which is "
        "broken: register_routines raised RuntimeError: kaboom-hook"
    )
    assert main(["play", "a-game-of-the-broken-one"]) == 4
    err = capsys.readouterr().err.splitlines()
    assert err[-1].startswith(
        "conjure: error: unknown game 'a-game-of-the-broken-one': it may come from a plugin that "
        f"did not load ({label('zz_garbage')}: register_games handed register() something "
    )
    assert f"{label('zz_import')}: failed to import: ValueError: kaboom-import" in err[-1]
    assert main(["--debug", "verify", "half-routine"]) == 4  # the same exit code
    err = capsys.readouterr().err
    assert 'zz_hook_raises.py", line 8, in _load_more' in err  # the plugin's traceback
    assert err.endswith("which is broken: register_routines raised RuntimeError: kaboom-hook\n")


def test_conjure_plugins_lists_what_loaded_names_the_broken_and_exits_4(
    broken: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["plugins", "--json"]) == 4
    captured = capsys.readouterr()
    rows = {row["name"]: row for row in json.loads(captured.out)}
    assert rows["routines"]["error"] is None and "courting-kings" in rows["routines"]["routines"]
    assert rows["zz_replaces"]["routines"] == ["zz-own"]
    assert rows["zz_import"]["error"] == "failed to import: ValueError: kaboom-import"
    assert captured.err.splitlines() == [f"conjure: error: {p}" for p in PROBLEMS]

    assert main(["plugins"]) == 4
    captured = capsys.readouterr()
    for name in ("routines", "games", *ENTRY_POINTS):
        assert name in captured.out
    assert captured.out.count("broken:") == 4
    assert "Traceback" not in captured.err
    assert main(["plugins", "--debug"]) == 4
    assert "kaboom-import" in capsys.readouterr().err.split("Traceback", 1)[1]


def test_conjure_plugins_exits_0_when_every_plugin_loads(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["plugins"]) == 0
    assert capsys.readouterr().err == ""


def test_the_command_line_shows_the_import_traceback_only_under_debug(broken: Path) -> None:
    """The command as people run it: ``conjure --debug verify ...`` and without --debug."""
    env = {**os.environ, "PYTHONPATH": str(broken)}

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        command = [sys.executable, "-m", "conjure", *args]
        return subprocess.run(command, capture_output=True, text=True, env=env)

    plain = run("verify", "from-the-broken-import")
    assert plain.returncode == 4 and "Traceback" not in plain.stderr
    assert f"conjure: warning: {PROBLEMS[2]}" in plain.stderr.splitlines()
    debug = run("--debug", "verify", "from-the-broken-import")
    assert debug.returncode == 4
    assert 'zz_import_fails.py", line 4, in <module>' in debug.stderr
    assert plain.stderr.splitlines()[-1] == debug.stderr.splitlines()[-1]


def test_a_plugin_that_exits_on_import_ends_only_itself(
    install: Callable[..., Path], capsys: pytest.CaptureFixture[str]
) -> None:
    install({"zz_exit": "zz_exits"}, {"zz_exits": "import sys\nsys.exit(3)\n"}, name="exits")
    assert main(["plugins", "--json"]) == 4
    captured = capsys.readouterr()
    rows = {row["name"]: row for row in json.loads(captured.out)}
    assert rows["zz_exit"]["error"] == "failed to import: SystemExit: 3"
    assert rows["games"]["error"] is None
