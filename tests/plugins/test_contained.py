"""Plugins cannot corrupt a command's output or hang it: what a plugin prints at import and in
its hooks is kept off stdout and named in a warning (every --json stays JSON), and a game call
that does not return in the stated time is the plugin's bug (exit 5), named."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from conjure.cli import main
from conjure.games import deadline
from conjure.games.deadline import GameCallTimeout, watch_calls
from conjure.plugins.host import load_plugins

GAME = """
    import attrs

    from conjure.games import ALL, HANDS, NOBODY, TERMINAL, Game, RuleNote, Vars, win_loss


    class HighCard(Game):
        id = "{id}"
        name_zh = "比大小"
        name_en = "High Card"
        source = "example"
        rule_notes = (RuleNote("A is high; equal ranks draw", "assumed", "an example"),)

        def _zones(self):
            return {{"stock": NOBODY, "hand0": 0, "hand1": 1, "table": ALL}}

        def _deal(self, state):
            state.zones["stock"] = self.all_cards()
            state.shuffle("stock")

        def _after_chance(self, state, zone):
            cards = state.zones["stock"]
            state.zones["hand0"], state.zones["hand1"] = cards[:3], cards[3:6]
            del cards[:6]
            state.current = 0

        def _legal_actions(self, state):
            {legal}
            return state.zones[HANDS[state.current]]

        def _apply_action(self, state, action):
            state.move(action, HANDS[state.current], "table")
            state.current = 1 if state.current == 0 else TERMINAL

        def _returns(self, state):
            a, b = ((c % 13 - 1) % 13 for c in state.zones["table"])
            return win_loss([a, b])
"""
NOISY = """
    import sys

    from conjure import hookimpl
    from conjure.magic import Routine

    print("hello from the noisy plugin")
    print("a second line")


    @hookimpl
    def register_games(register):
        print("registering games")
        print("a warning of its own", file=sys.stderr)
        from noisy_game import HighCard

        register(HighCard)


    @hookimpl
    def register_routines(register):
        print("registering routines")
        register(Routine("noisy", "例", "Noisy", "tests", "", "", "", "", lambda p: None))
"""
HANGS = """
    from conjure import hookimpl


    @hookimpl
    def register_games(register):
        from hanging_game import HighCard

        register(HighCard)
"""


@pytest.fixture
def noisy(install: Callable[..., Path]) -> Path:
    game = GAME.format(id="noisy-high-card", legal='print("thinking")')
    return install({"noisy": "noisy"}, {"noisy": NOISY, "noisy_game": game}, name="noisy")


@pytest.fixture
def hangs(install: Callable[..., Path], monkeypatch: pytest.MonkeyPatch) -> Path:
    """A game whose legal actions never come once the first player has played (a loop that
    catches everything, as a careless plugin might)."""
    legal = (
        "while len(state.zones['table']) == 1:\n"
        "                try:\n"
        "                    pass\n"
        "                except Exception:\n"
        "                    pass"
    )
    monkeypatch.setattr(deadline, "GAME_CALL_SECONDS", 0.4)
    game = GAME.format(id="hanging", legal=legal)
    return install({"hangs": "hangs"}, {"hangs": HANGS, "hanging_game": game}, name="hangs")


def test_what_a_plugin_prints_is_kept_and_named(noisy: Path) -> None:
    (info,) = [p for p in load_plugins().plugins if p.name == "noisy"]
    assert info.ok and info.games == ("noisy-high-card",) and info.routines == ("noisy",)
    assert info.output == (
        "printed to stdout at import: 'hello from the noisy plugin' (and 1 more lines)",
        "printed to stdout in register_routines: 'registering routines'",
        "printed to stdout in register_games: 'registering games'",
        "printed to stderr in register_games: 'a warning of its own'",
    )


#: one run of every command that has --json, the quickest that does its real work
JSON_COMMANDS = [
    ["plugins", "--json"],
    ["games", "--json"],
    ["routines", "--json"],
    ["simulate", "goofspiel", "-n", "20", "--json"],
    ["rules", "noisy-high-card", "--json"],
    ["show", "KS QH 10D", "--json"],
    ["moves", "--json"],
    ["verify", "gilbreath", "--param", "pairs=2", "--json"],
    ["slips", "gilbreath", "--param", "pairs=2", "--json"],
    ["explain", "gilbreath", "--param", "pairs=2", "--json"],
    ["solve", "courting-kings", "marriages", "--json"],
    ["rehearse", "gilbreath", "--param", "pairs=2", "--json"],
    ["stacks", "--json"],
    ["stats", "--db", "{db}", "--json"],
]
#: commands that never load the plugins (cards, moves of the core, the trainer's stacks)
NO_PLUGINS = {"show", "stacks", "stats"}


def test_every_command_with_json_is_run_with_a_noisy_plugin() -> None:
    """A command that gains --json must join JSON_COMMANDS."""
    import argparse

    from conjure.cli import build_parser

    (commands,) = [
        a.choices for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction)
    ]
    with_json = {
        name
        for name, sub in commands.items()
        if any("--json" in action.option_strings for action in sub._actions)
    }
    assert with_json == {command[0] for command in JSON_COMMANDS}


@pytest.mark.parametrize("command", JSON_COMMANDS, ids=[c[0] for c in JSON_COMMANDS])
def test_every_json_output_stays_json_with_a_noisy_plugin(
    noisy: Path, command: list[str], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    command = [word.format(db=tmp_path / "trainer.db") for word in command]
    assert main(command) == 0
    out, err = capsys.readouterr()
    json.loads(out)
    assert "hello" not in out and "registering" not in out and "thinking" not in out
    warning = (
        "conjure: warning: plugin 'noisy' (entry point noisy = noisy, in noisy 1.2.3) printed to "
        "stdout at import: 'hello from the noisy plugin' (and 1 more lines)"
    )
    if command[0] in NO_PLUGINS:
        assert "noisy" not in err
    else:
        assert warning in err.splitlines()


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_game_that_prints_from_its_moves_leaves_the_json_valid(
    noisy: Path, workers: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The noisy game prints from its legal moves, which no hook wraps: under --json that is
    kept off stdout and named once on stderr, whether it was printed here or in a worker
    process (which hands what it printed back with its results). 120 games are three chunks of
    random play, each game printing twice."""
    command = ["simulate", "noisy-high-card", "-n", "120", "--json", "--workers", workers]
    assert main(command) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["games"] == 120 and "thinking" not in out
    assert (
        "conjure: warning: printed to stdout while the command ran, kept off its JSON: "
        "'thinking' (and 239 more lines)"
    ) in err.splitlines()


def test_a_game_call_that_never_returns_is_the_plugins_bug_in_simulate(
    hangs: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for bots in ("random", "mc"):
        code = main(["simulate", "hanging", "-n", "3", "--bots", bots, "--json"])
        out, err = capsys.readouterr()
        assert code == 5 and out == ""
        assert err.startswith(
            "conjure: error: game 'hanging': the call HighCard._legal_actions (hanging_game.py, "
            "line"
        )
        assert err.rstrip().endswith(
            "did not return within 0.4 s: a bug of the plugin that provides the game"
        )
        assert err.count("\n") == 1


def test_a_game_call_that_never_returns_is_the_plugins_bug_in_replay(
    hangs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = tmp_path / "g.html"
    assert main(["replay", "hanging", "--seed", "1", "-o", str(page)]) == 5
    err = capsys.readouterr().err
    assert "the call HighCard._legal_actions" in err and err.count("\n") == 1
    assert not page.exists()


SLOW = """
    import time

    from conjure_games.goofspiel import Goofspiel

    class Slow(Goofspiel):
        pause = 0.1

        def _zones(self):
            time.sleep(self.pause)
            return super()._zones()
"""


def test_the_watch_times_each_call_not_the_game(install: Callable[..., Path]) -> None:
    """Calls of a third of the stated time, made again and again, are left alone; one call of
    twice that time is stopped, named."""
    install({}, {"slow_game": SLOW}, name="slow")
    from slow_game import Slow  # type: ignore[import-not-found]

    game = Slow()
    with watch_calls(game, seconds=0.3):
        for _ in range(8):
            game._zones()
    game.pause = 0.6
    stopped = pytest.raises(GameCallTimeout, match=r"'goofspiel': the call Slow._zones \(slow_g")
    with stopped, watch_calls(game, seconds=0.3):
        game._zones()
