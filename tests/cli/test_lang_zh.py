"""Routine commands in Chinese: routines, verify (a proof and a counter-example), explain (its
conditions and --vary), slips, solve, rehearse and a move's error show no English word beyond
ids (routine, claim, choice and parameter names); sources read in Chinese; the English stays as
it was."""

from __future__ import annotations

import argparse

import pytest

from conjure.cli import build_parser, main
from conjure.deck import DeckState, Peel
from conjure.errors import IllegalMoveError, said
from conjure.magic.explain import _condition
from conjure.plugins.host import load_plugins
from conjure.testing.lang import english_words

ROUTINES = load_plugins().routines


def ids(routine_id: str, *names: str) -> set[str]:
    """What a Chinese reader may meet in Latin letters: the routine's id, its claims' ids and
    the choice and parameter ``names``."""
    routine = ROUTINES[routine_id]
    return {routine_id, *names, *(c.id for c in routine.claims)}


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


def test_every_source_has_chinese() -> None:
    """Where a routine or a game comes from reads in Chinese: no English word but names."""
    plugins = load_plugins()
    for routine in plugins.routines.values():
        assert routine.citation.has("zh"), routine.id
        assert english_words(routine.citation.zh, allow={"1958"}) == [], routine.id
    for game in plugins.games.values():
        assert game.citation().has("zh"), game.id
        assert english_words(game.citation().zh) == [], game.id


def test_the_routines_in_chinese(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    code, out = run(capsys, "routines")
    assert code == 0
    assert "出处" in out and "原文003「四、求婚的国王」" in out and "marriages（可选）" in out
    allowed = {"conjure", "routines", "gilbreath", "pairs", "quartets", "rounds", "reading"}
    for rid in ROUTINES:
        allowed |= ids(rid)
    assert english_words(out, allow=allowed) == []


def test_the_english_routines_are_unchanged(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["routines"]) == 0
    out = capsys.readouterr().out
    assert "┃ id " in out and "parameters" in out and "text 003 「四、求婚的国王」" in out
    assert "marriages (optional)" in out and "rounds=1 (1..5), reading=0 (0..1)" in out


def test_solve_in_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "solve", "courting-kings", "marriages")
    assert code == 0
    assert "576种准备中有24种使它对每一种选择都成立" in out
    assert "规律：queens：任意（共24种）；kings = 按位置 1 2 4 3 取 queens" in out
    assert english_words(out, allow=ids("courting-kings", "queens", "kings")) == []
    assert main(["solve", "courting-kings", "marriages"]) == 0
    out = capsys.readouterr().out
    assert "24 of 576 set-ups make it hold for every choice" in out
    assert "rule: queens: any (24 possible); kings = queens taken in the positions 1 2 4 3" in out


def test_explain_vary_in_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("explain", "each-gets-two", "--vary", "rounds=2", "--param", "reading=0")
    code, out = run(capsys, *args, "--examples", "50")
    assert code == 1
    assert "rounds：可行的值 无；失败的值 2" in out
    assert english_words(out, allow=ids("each-gets-two", "rounds", "reading", "seed")) == []
    assert main([*args, "--examples", "50"]) == 1
    assert "rounds: works for none; fails for 2" in capsys.readouterr().out


def test_rehearse_and_rules_cite_their_source_in_chinese(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out = run(capsys, "rehearse", "courting-kings", "--all")
    assert code == 0
    assert out.startswith("求婚的国王——原文003「四、求婚的国王」\n")
    assert main(["rehearse", "courting-kings", "--all", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("求婚的国王 / The Courting Kings  (text 003 「四、求婚的国王」)\n")
    code, out = run(capsys, "rules", "sixty-six")
    assert out.startswith("六六大顺——原文000「一帆风顺」与原文003「五、六六大顺」\n")
    assert main(["rules", "sixty-six"]) == 0
    assert "(text 000 「一帆风顺」 and text 003 「五、六六大顺」)" in capsys.readouterr().out


@pytest.mark.parametrize("routine", ["courting-kings", "each-gets-two"])
def test_slips_in_chinese(routine: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Every reason a slip is fatal (a move that cannot be made, a claim, a count told wrong,
    a flash) and every word around it in Chinese; only ids and choice names in Latin letters."""
    code, out = run(capsys, "slips", routine, "--limit", "0", "--examples", "10")
    assert code == 0
    assert "致命" in out and "反例：" in out and "关键步骤" in out
    choices = {"queens", "kings", "deck", "cut", "pick", "insert", "mine"}
    assert english_words(out, allow=ids(routine, *choices)) == []


def test_the_english_slips_are_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["slips", "courting-kings", "--limit", "0", "--examples", "10"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("slips of courting-kings (The Courting Kings): 135 slips of 33 moves")
    assert "impossible move: cannot spread the packet in the left hand toward yourself: " in out
    assert "counter-example: queens=" in out and ", kings=" in out


def test_why_a_verdict_is_a_sample_in_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("verify", "each-gets-two", "--param", "rounds=2", "--param", "reading=0")
    more = ("--limit", "1000", "--examples", "50", "--seed", "1", "--workers", "1")
    code, out = run(capsys, *args, *more)
    assert code == 1
    assert "无法证明：约3.13e+77种情况，即使合并之后，两个步骤之间也至少要表演270,725次" in out
    allowed = ids("each-gets-two", "rounds", "reading", "seed", "deck", "cut", "pick", "insert")
    assert english_words(out, allow=allowed | {"mine"}) == []
    assert main([*args, *more]) == 1
    assert (
        "  a proof is out of reach: about 3.13e+77 cases, and even after merging at least "
        "270,725 performances to run between two steps (more than the limit of 1,000)\n"
    ) in capsys.readouterr().out


def test_card_classes_in_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "verify", "gilbreath", "--param", "pairs=4")
    assert code == 0 and "按类看待的牌：26 × 红牌，26 × 黑牌" in out
    assert english_words(out, allow=ids("gilbreath", "pairs")) == []
    assert main(["verify", "gilbreath", "--param", "pairs=4"]) == 0
    assert "cards as classes: 26 × a red card, 26 × a black card" in capsys.readouterr().out


COMMANDS = ["routines", "verify", "slips", "explain", "solve", "rehearse", "show", "moves"]


def typed(parser: argparse.ArgumentParser) -> set[str]:
    """What a help shows that a person types as it is: options, metavars, choices."""
    words = {"conjure", "JSON", "Dask", "HOST", "PORT", "CONJURE", "LANG", "dask", "docs", "md"}
    for action in parser._actions:
        for word in (*action.option_strings, str(action.metavar or ""), *(action.choices or ())):
            words |= set(english_words(str(word)))
    return words


def commands(lang: str) -> dict[str, argparse.ArgumentParser]:
    parser = build_parser(lang)
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return {"": parser, **sub.choices}


@pytest.mark.parametrize("command", ["", *COMMANDS])
def test_help_in_chinese(command: str) -> None:
    """A command's help under --lang zh: every description in Chinese, argparse's own headings
    too; the option names, metavars and choices as they are typed."""
    parser = commands("zh")[command]
    said = parser.format_help()
    assert said.startswith("用法：conjure") and "选项：" in said and "显示这份帮助并退出" in said
    allowed = typed(parser) | {command, "Peel", "Steal", "left", "right", "table", "vary"}
    if not command:  # the list of commands: their names, and the plugins command (not ours)
        allowed |= set(commands("zh")) | set(english_words(commands("en")[""].format_help()))
        assert "对每一种准备和选择检查流程的结论" in said
    if command in ("rehearse", "storyboard"):
        allowed |= {"queens", "CHSD"}
    assert english_words(said, allow=allowed) == []


def test_help_in_english_is_unchanged() -> None:
    said = commands("en")["verify"].format_help()
    assert said.startswith("usage: conjure verify") and "\npositional arguments:\n" in said
    assert "fix a parameter (those not fixed are swept over" in said
    assert "show this help message and exit" in said


def test_help_speaks_the_last_lang_on_the_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["verify", "--lang", "zh", "--help"])
    assert "固定一个参数" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["--lang", "zh", "verify", "--lang", "en", "--help"])
    assert "fix a parameter" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["verify", "courting-kings", "--claim", "nope"], "流程 'courting-kings' 没有结论 'nope'"),
        (["explain", "each-gets-two", "--param", "nope=1"], "流程 'each-gets-two' 没有参数 'nope'"),
        (["verify", "courting-kings", "--bogus"], "无法识别的参数：--bogus"),
        (["show", "KS ZZ"], "不是牌"),
        (["rehearse", "courting-kings", "--setup", "queens=CH"], "缺少"),
        (["rehearse", "courting-kings", "--choice", "nope=1"], "没有名为 'nope' 的选择"),
        (["show", "KS", "--move", "ReleaseBreak left"], "左手没有布雷克"),
    ],
)
def test_errors_in_chinese(args: list[str], said: str, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["--lang", "zh", *args])
    assert code in (2, 3)
    err = capsys.readouterr().err
    assert said in err, err
    allowed = ids("courting-kings", "queens", "kings", "setup") | ids("each-gets-two")
    allowed |= {"conjure", "error", "nope", "bogus", "rounds", "reading", "CH", "ZZ"}
    assert english_words(err, allow=allowed) == []
