"""The plugin host: entry points, the built-in packages, broken plugins reported by name."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from conjure import hookimpl
from conjure.cli import main
from conjure.errors import UnknownNameError
from conjure.games import Game
from conjure.magic import Routine
from conjure.plugins.host import load_plugins


class Thing(Game):
    """A minimal game class, enough to register."""

    id = "same"


def routine_named(routine_id: str) -> Routine:
    return Routine(routine_id, "例", "Example", "tests", "", "", "", "", lambda p: None)


GOOD = """
    from conjure import hookimpl
    from conjure.magic import Routine

    def script(p):
        pass

    ROUTINE = Routine("third-routine", "第三", "Third", "tests", "", "", "", "", script)

    @hookimpl
    def register_routines(register):
        register(ROUTINE)
"""
RAISES = """
    from conjure import hookimpl

    @hookimpl
    def register_games(register):
        raise RuntimeError("boom")
"""
BAD_HOOK = """
    from conjure import hookimpl

    @hookimpl
    def register_widgets(register):
        pass
"""


@pytest.fixture
def fake_plugins(install: Callable[..., Path]) -> Path:
    return install(
        {
            "fake_good": "fake_good",
            "fake_missing": "fake_does_not_exist",
            "fake_raises": "fake_raises",
            "fake_bad_hook": "fake_bad_hook",
        },
        {"fake_good": GOOD, "fake_raises": RAISES, "fake_bad_hook": BAD_HOOK},
    )


def test_builtin_packages_load_through_entry_points() -> None:
    registry = load_plugins()
    names = {p.name: p for p in registry.plugins}
    assert {"routines", "games"} <= set(names)
    assert names["routines"].distribution == "conjure"
    assert names["routines"].ok and names["games"].ok


def test_entry_point_plugin_is_found_and_broken_ones_reported(fake_plugins: Path) -> None:
    registry = load_plugins()
    by_name = {p.name: p for p in registry.plugins}
    assert by_name["fake_good"].ok
    assert by_name["fake_good"].routines == ("third-routine",)
    assert by_name["fake_good"].version == "1.2.3"
    assert registry.routine("third-routine").id == "third-routine"
    assert "fake_does_not_exist" in (by_name["fake_missing"].error or "")
    assert "boom" in (by_name["fake_raises"].error or "")
    assert "register_widgets" in (by_name["fake_bad_hook"].error or "")
    assert by_name["routines"].ok  # the built-ins still load


def test_duplicate_and_malformed_registrations_are_refused() -> None:
    class First:
        @hookimpl
        def register_games(self, register: object) -> None:
            register(Thing)  # type: ignore[operator]

    class Second:
        @hookimpl
        def register_games(self, register: object) -> None:
            register(Thing)  # type: ignore[operator]

    class NoId:
        @hookimpl
        def register_games(self, register: object) -> None:
            register(object())  # type: ignore[operator]

    registry = load_plugins(
        entry_points=False, extra=[("a", First()), ("b", Second()), ("c", NoId())]
    )
    by_name = {p.name: p for p in registry.plugins}
    assert by_name["a"].ok and by_name["a"].games == ("same",)
    assert by_name["b"].ok and by_name["b"].games == ()
    assert by_name["b"].refused == ("game 'same' is already registered by plugin 'a'",)
    assert "must be a subclass of conjure.games.Game" in (by_name["c"].error or "")
    assert registry.games == {"same": Thing}


def test_unknown_names_suggest_a_close_one() -> None:
    class Plugin:
        @hookimpl
        def register_routines(self, register: object) -> None:
            register(routine_named("courting-kings"))  # type: ignore[operator]

    registry = load_plugins(entry_points=False, extra=[("a", Plugin())])
    with pytest.raises(UnknownNameError, match="did you mean 'courting-kings'"):
        registry.routine("courting-king")


def test_cli_lists_broken_plugins_by_name(
    fake_plugins: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["plugins", "--json"]) == 4
    rows = {row["name"]: row for row in json.loads(capsys.readouterr().out)}
    assert rows["fake_good"]["routines"] == ["third-routine"]
    assert rows["fake_missing"]["error"]
    assert rows["fake_missing"]["entry_point"] == "fake_missing = fake_does_not_exist"
    assert main(["plugins"]) == 4
    out = capsys.readouterr().out
    assert "fake_missing" in out and "broken" in out
    assert main(["plugins", "--lang", "zh"]) == 4
    out = capsys.readouterr().out
    assert "插件" in out and "已损坏：" in out and "流程：third-routine" in out
    assert "broken" not in out and "routines:" not in out


def test_other_commands_warn_about_broken_plugins_and_still_work(
    fake_plugins: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["routines", "--json"]) == 0
    captured = capsys.readouterr()
    assert "courting-kings" in captured.out
    assert (
        "conjure: warning: plugin 'fake_missing' (entry point fake_missing = fake_does_not_exist, "
        "in fake-conjure-plugins 1.2.3) is skipped: failed to import: ModuleNotFoundError: "
        "No module named 'fake_does_not_exist'"
    ) in captured.err.splitlines()


IMPOSTOR = """
    from conjure import hookimpl
    from conjure.magic import Routine

    def script(p):
        pass

    FAKE = Routine("courting-kings", "假", "Impostor", "nowhere", "", "", "", "", script)
    MINE = Routine("fourth-routine", "第四", "Fourth", "tests", "", "", "", "", script)

    @hookimpl(tryfirst=True)
    def register_routines(register):
        register(FAKE)
        register(MINE)
"""
TAKEOVER = """
    import sys
    from conjure import hookimpl

    sys.modules[__name__].imported = True

    @hookimpl
    def register_games(register):
        pass
"""


@pytest.fixture
def hostile_plugins(install: Callable[..., Path]) -> Path:
    """An entry point that sorts before the built-ins and registers a built-in id first in
    pluggy's order, and one that takes the built-in name ``games``."""
    return install(
        {"aaa_impostor": "aaa_impostor", "games": "takeover_games"},
        {"aaa_impostor": IMPOSTOR, "takeover_games": TAKEOVER},
        name="hostile-plugins",
    )


def test_a_plugin_cannot_replace_or_remove_a_built_in(hostile_plugins: Path) -> None:
    import sys

    registry = load_plugins()
    rows = [(p.name, p.distribution) for p in registry.plugins]
    assert set(rows[:2]) == {("routines", "conjure"), ("games", "conjure")}  # built-ins first
    by_name = {(p.name, p.distribution): p for p in registry.plugins}
    builtin = by_name["routines", "conjure"]
    assert builtin.ok and set(builtin.routines) >= {"courting-kings", "each-gets-two"}
    assert registry.routine("courting-kings").name_en != "Impostor"
    impostor = by_name["aaa_impostor", "hostile-plugins"]
    assert impostor.ok and impostor.routines == ("fourth-routine",)  # the rest of it stays
    assert impostor.refused == (
        "routine 'courting-kings' is already registered by plugin 'routines'",
    )
    takeover = by_name["games", "hostile-plugins"]
    assert "entry-point name 'games' is already taken by conjure" in (takeover.error or "")
    assert "takeover_games" not in sys.modules  # never even imported
    assert by_name["games", "conjure"].ok
    assert {"sixty-six", "goofspiel", "round-and-round", "jack-high"} <= set(registry.games)


def test_the_cli_names_the_offender(
    hostile_plugins: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["routines", "--json"]) == 0
    captured = capsys.readouterr()
    routines = {row["id"]: row for row in json.loads(captured.out)}
    assert routines["courting-kings"]["name_en"] != "Impostor"
    assert "fourth-routine" in routines and "each-gets-two" in routines
    warnings = captured.err.strip().splitlines()
    assert warnings == [
        "conjure: warning: plugin 'aaa_impostor' (entry point aaa_impostor = aaa_impostor, in "
        "hostile-plugins 1.2.3): routine 'courting-kings' is already registered by plugin "
        "'routines'; its own is not used",
        "conjure: warning: plugin 'games' (entry point games = takeover_games, in hostile-plugins "
        "1.2.3) is skipped: entry-point name 'games' is already taken by conjure 0.1.0; not loaded",
    ]
    assert main(["plugins", "--json"]) == 4  # a plugin error, though the rest is listed
    rows = json.loads(capsys.readouterr().out)
    assert [row["refused"] for row in rows if row["name"] == "aaa_impostor"] == [
        ["routine 'courting-kings' is already registered by plugin 'routines'"]
    ]


def test_an_unknown_name_with_a_broken_plugin_is_a_plugin_error(fake_plugins: Path) -> None:
    from conjure.errors import PluginError

    registry = load_plugins()
    with pytest.raises(PluginError, match="'fake_missing'") as info:
        registry.routine("from-the-broken-one")
    assert info.value.exit_code == 4
    with pytest.raises(UnknownNameError, match="did you mean 'courting-kings'"):
        registry.routine("courting-king")


def entry_point_rows(found: object) -> list[tuple[str, str, str, str]]:
    return sorted(
        (ep.name, ep.value, ep.dist.name, ep.dist.version)  # type: ignore[attr-defined]
        for ep in found  # type: ignore[attr-defined]
    )


def test_the_entry_points_read_are_those_importlib_metadata_finds(
    fake_plugins: Path,
    install: Callable[..., Path],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """conjure reads the dist-info folders itself (importlib.metadata costs the start-up more
    than the rest of the listing): on this environment, with fake distributions, a second
    copy of one of them later on the path (the first wins), an egg-info, comments, extras and
    other groups, it finds what importlib.metadata finds."""
    from importlib import metadata

    from conjure.plugins.entry_points import entry_points

    later = tmp_path / "later"
    later.mkdir()
    shadow = later / "fake_conjure_plugins-9.9.dist-info"
    shadow.mkdir()
    (shadow / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: fake-conjure-plugins\nVersion: 9.9\n"
    )
    (shadow / "entry_points.txt").write_text("[conjure]\nshadowed = nowhere\n")
    egg = later / "old_style.egg-info"
    egg.mkdir()
    (egg / "PKG-INFO").write_text(
        "Metadata-Version: 1.1\nName: old-style\nVersion: 0.3\n\nBody: x\n"
    )
    (egg / "entry_points.txt").write_text(
        "# a comment\n[console_scripts]\nold = old:main\n\n[conjure]\n"
        "old_games = old_games.plugin:register [extra]\n"
    )
    monkeypatch.setattr(sys, "path", [*sys.path, str(later)])
    ours = entry_point_rows(entry_points("conjure"))
    assert ours == entry_point_rows(metadata.entry_points(group="conjure"))
    assert ("fake_good", "fake_good", "fake-conjure-plugins", "1.2.3") in ours
    assert ("old_games", "old_games.plugin:register [extra]", "old-style", "0.3") in ours
    assert not any(row[0] == "shadowed" for row in ours)
    (found,) = [ep for ep in entry_points("conjure") if ep.name == "routines"]
    import conjure_routines

    assert found.load() is conjure_routines
