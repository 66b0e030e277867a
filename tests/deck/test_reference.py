"""The move reference: every move has an entry, every example runs, docs/moves.md is current."""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest

from conjure.cli import main
from conjure.cli.moves import moves_markdown, run_example
from conjure.deck import MOVES
from conjure.deck.move import Move, MoveRef
from conjure.deck.notation import MOVE_KINDS, register_moves

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", list(MOVES))
def test_every_core_move_has_a_reference_entry_whose_example_runs(name: str) -> None:
    cls = MOVES[name]
    ref = cls.ref
    assert isinstance(ref, MoveRef), f"{name} has no reference entry"
    assert cls.__doc__, f"{name} has no docstring"
    start, after, move = run_example(ref)
    assert type(move) is cls, f"{name}'s example makes a {type(move).__name__}"
    if not cls.display and name not in ("Square", "Behind", "Forward", "ReleaseBreak"):
        assert after.key() != start.key(), f"{name}'s example changes nothing"


def test_docs_moves_md_is_current() -> None:
    written = (ROOT / "docs" / "moves.md").read_text(encoding="utf-8")
    assert written == moves_markdown(), (
        "docs/moves.md is out of date; write it again with\n"
        "  conjure moves --markdown > docs/moves.md"
    )


def test_the_docs_say_what_the_examples_do() -> None:
    text = moves_markdown()
    faro = (
        "`Faro left split=2` (Out-faro the top 2 cards of the left hand into the rest)"
        " leaves `left: A♠ 3♠ 2♠ 4♠ 5♠ 6♠`"
    )
    assert faro in text
    assert "leaves `table.pile: 3♠ 2♠ A♠`" in text  # a deal reverses


def test_one_move_as_json_in_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["moves", "deal", "--json", "--lang", "zh"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["name"] == "Deal" and data["usage"] == "Deal src dst [n=1] [turn=no]"
    assert data["example"]["says"] == "从左手发3张牌到桌上（牌堆）"
    assert data["example"]["after"] == "table.pile: 3♠ 2♠ A♠"


def test_an_unknown_move_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["moves", "Fargo"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("conjure: error: unknown move 'Fargo'") and "Faro" in err


def test_a_move_registered_by_a_plugin_is_listed(capsys: pytest.CaptureFixture[str]) -> None:
    @attrs.frozen
    class Wiggle(Move):
        """Wiggle the packet at ``place``."""

        place: str

    register_moves(Wiggle)
    try:
        assert main(["moves", "--json"]) == 0
        data = {m["name"]: m for m in json.loads(capsys.readouterr().out)}
        assert data["Wiggle"]["does"] == "Wiggle the packet at `place`."
        assert "order" not in data["Wiggle"] and data["Faro"]["order"]
        assert list(data)[: len(MOVES)] == list(MOVES)
    finally:
        del MOVE_KINDS["Wiggle"]
