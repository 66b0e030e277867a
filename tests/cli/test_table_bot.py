"""The bot a seat gets at the table unless told: the game's own (:attr:`Game.table_bot`),
through ``conjure play`` and :func:`conjure.view.play.play_game`, and never a name that is no
bot (the conformance kit says so)."""

from __future__ import annotations

from typing import Any

import pytest
from rich.console import Console

from conjure.cli import main
from conjure.cli.common import registry
from conjure.games import bots
from conjure.testing import check_game
from conjure.view import play


def seated(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names the table makes its bots by, as it makes them."""
    names: list[str] = []
    real = bots.make_bot

    def recorded(name: str, think: float | None = None) -> Any:
        names.append(name)
        return real(name, think)

    monkeypatch.setattr(play, "make_bot", recorded)
    return names


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["play", "three-card-showdown", "--seed", "1"], "mc"),
        (["play", "goofspiel", "--seed", "1"], "ismcts"),
        (["play", "three-card-showdown", "--seed", "1", "--bot", "random"], "random"),
    ],
)
def test_the_table_seats_the_games_bot_unless_told(
    argv: list[str], expected: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    names = seated(monkeypatch)
    monkeypatch.setattr("builtins.input", lambda prompt="": "q")
    assert main(argv) == 0
    assert names and set(names) == {expected}, names


def test_the_api_table_seats_the_games_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    names = seated(monkeypatch)
    game = registry().game("three-card-showdown")(3)
    console = Console(file=open("/dev/null", "w"), width=80)  # noqa: SIM115
    with console.file:
        assert play.play_game(game, seed=2, console=console, ask=lambda _: "q") == 0
    assert names == ["mc", "mc"]


def test_every_installed_game_seats_a_bot_that_exists() -> None:
    for gid in registry().games:
        assert registry().game(gid).table_bot in bots.BOTS, gid


def test_the_kit_refuses_a_table_bot_that_is_no_bot() -> None:
    cls = registry().game("goofspiel")
    odd = type("OddTable", (cls,), {"table_bot": "smart"})
    with pytest.raises(AssertionError, match="table_bot 'smart' is not a bot"):
        check_game(odd(), seeds=range(1))


def test_a_game_whose_default_is_no_bot_is_named_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    cls = registry().game("goofspiel")
    monkeypatch.setattr(cls, "table_bot", "smart")
    assert main(["play", "goofspiel", "--seed", "1"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "goofspiel seats an unknown bot 'smart'" in err, err
    assert main(["play", "goofspiel", "--seed", "1", "--bot", "smarter"]) == 2
    typed = capsys.readouterr().err
    assert "unknown bot 'smarter'" in typed and "by default" not in typed, typed
