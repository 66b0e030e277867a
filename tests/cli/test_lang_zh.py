"""Routine commands in Chinese: verify (a proof and a counter-example), explain's conditions
and a move's error show no English word beyond ids (routine, claim, choice and parameter
names) and the routine's source; the English stays as it was."""

from __future__ import annotations

import pytest

from conjure.cli import main
from conjure.deck import DeckState, Peel
from conjure.errors import IllegalMoveError, said
from conjure.magic.explain import _condition
from conjure.plugins.host import load_plugins
from conjure.testing.lang import english_words

ROUTINES = load_plugins().routines


def ids(routine_id: str, *names: str) -> set[str]:
    """What a Chinese reader may meet in Latin letters: the routine's id and source, its
    claims' ids and the choice and parameter ``names``."""
    routine = ROUTINES[routine_id]
    words = {routine_id, *names, *(c.id for c in routine.claims)}
    return words | set(english_words(routine.source))


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(["--lang", "zh", *args])
    return code, capsys.readouterr().out


def test_a_proof_in_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "verify", "courting-kings")
    assert code == 0
    assert "已证明：全部576种情况" in out and "结论：king-and-queen：" in out
    assert english_words(out, allow=ids("courting-kings")) == []


def test_a_counter_example_in_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("verify", "each-gets-two", "--param", "rounds=2", "--param", "reading=0")
    code, out = run(capsys, *args)
    assert code == 1
    assert "已推翻：" in out and "找到的最小反例：" in out
    assert "失败：步骤③·2：" in out and "（露牌）" in out and "桌上（观众面前）" in out
    allowed = ids("each-gets-two", "rounds", "reading", "deck", "cut", "pick", "insert", "mine")
    assert english_words(out, allow=allowed) == []


def test_explain_in_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("explain", "each-gets-two", "--param", "rounds=2", "--param", "reading=0")
    code, out = run(capsys, *args, "--examples", "200")
    assert code == 0
    assert "影响结果：" in out and "（观众，②）：" in out
    allowed = ids("each-gets-two", "deck", "cut", "pick", "insert", "mine")
    assert english_words(out, allow=allowed) == []


def test_every_condition_explain_writes_has_chinese() -> None:
    from conjure.magic import explain as module

    for key, text in module._SAID.items():
        assert text.has("zh"), key
    assert _condition([(True, {})], []).zh == "从不失败"


def test_a_move_error_in_chinese_and_in_english() -> None:
    state = DeckState.parse("left: KS QS; right: AH")
    with pytest.raises(IllegalMoveError) as caught:
        Peel("left", "table.pile2", 3).check(state)
    assert str(caught.value) == (
        "cannot peel 3 cards from the left hand onto the table (pile2): "
        "the left hand holds 2 cards (KS QS)"
    )
    zh = said(caught.value, "zh")
    assert zh == "无法从左手逐张抽出3张牌放到桌上（第2堆）上：左手有2张牌（KS QS）"
    assert english_words(zh) == []


def test_the_english_verify_is_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "courting-kings"]) == 0
    out = capsys.readouterr().out
    assert "\nclaims: king-and-queen: " in out
    assert "two views checked at every move: no face shown that is not meant to be" in out
    assert "PROVED: all 576 cases (" in out
