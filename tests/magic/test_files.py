"""Routine files: the shipped routines as files say what their Python forms say (verdicts,
cases, odds, traces); every command takes a file; a folder of files is a plugin; the guide's
tricks verify, rehearse and draw; every kind of mistake names its file, line and column."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from conjure.cli import main
from conjure.magic import Routine, RoutineFileError, load_routine, perform, read_routine, verify
from conjure.magic.trace import format_outcome as trace
from conjure.plugins import hookimpl
from conjure.plugins.host import load_plugins
from conjure_routines import courting_kings, each_gets_two, gilbreath

ROOT = Path(__file__).resolve().parents[2]
FILES = ROOT / "routines" / "conjure_routines" / "files"
GUIDE = (ROOT / "docs" / "routine-files.md").read_text(encoding="utf-8")


def same(python: Routine, file: Routine, params: dict[str, int], **options: object) -> None:
    """The file says what the Python routine says, but that a failure in the file names the
    line of the move that broke."""

    def format_outcome(outcome: Any, lang: str = "en") -> str:
        return re.sub(
            r" ?[(（][^()（）]*\.routine:\d+:\d+[)）]$", "", trace(outcome, lang), flags=re.M
        )

    for claims in (None, *([c.id] for c in python.claims if not c.promised)):
        a = verify(python, params, claims=_claims(python, claims), workers=1, **options)
        b = verify(file, params, claims=_claims(file, claims), workers=1, **options)
        assert (a.verdict, a.cases, a.space, a.odds) == (b.verdict, b.cases, b.space, b.odds)
        assert a.notes == b.notes
        if a.counterexample is not None:
            assert b.counterexample is not None
            assert format_outcome(a.counterexample) == format_outcome(b.counterexample)
            assert format_outcome(a.counterexample, "zh") == format_outcome(b.counterexample, "zh")
    told, written = perform(python, params), perform(file, params)
    assert format_outcome(told) == format_outcome(written)
    assert said(told.performance.steps) == said(written.performance.steps)


def said(steps: list[Any]) -> list[tuple[object, ...]]:
    """What each step says beside its moves: notes, patter, the impression and the effect."""
    return [(s.number, s.notes, s.patter, s.impression, s.effect) for s in steps]


def _claims(routine: Routine, ids: list[str] | None) -> object:
    return None if ids is None else [routine.claim(i) for i in ids]


def test_courting_kings_as_a_file_is_the_python_routine() -> None:
    same(courting_kings.ROUTINE, load_routine(FILES / "courting-kings.routine"), {})


@pytest.mark.parametrize(
    "params", [{"rounds": 2}, {"rounds": 3}, {"rounds": 1, "reading": 1}], ids=str
)
def test_each_gets_two_as_a_file_is_the_python_routine(params: dict[str, int]) -> None:
    same(each_gets_two.ROUTINE, load_routine(FILES / "each-gets-two.routine"), params)


def test_each_gets_two_at_one_exchange_samples_the_same_cases() -> None:
    # the proof walks about 284,000 performances each way (a minute or more each): here a
    # search from one seed meets the same cases in both; the two proofs are compared by
    # running `conjure verify` on the file and on the routine with --param rounds=1
    same(
        each_gets_two.ROUTINE,
        load_routine(FILES / "each-gets-two.routine"),
        {"rounds": 1},
        exhaustive_limit=1,
        examples=300,
        seed=5,
    )


@pytest.mark.parametrize("pairs", [2, 4, 26])
def test_gilbreath_as_a_file_is_the_python_routine(pairs: int) -> None:
    same(gilbreath.ROUTINE, load_routine(FILES / "gilbreath.routine"), {"pairs": pairs})


def test_gilbreath_in_fours_as_a_file_is_the_python_routine() -> None:
    same(gilbreath.SUITS, load_routine(FILES / "gilbreath-suits.routine"), {"quartets": 3})


# -- the guide --------------------------------------------------------------------------------


def guide_files() -> dict[str, str]:
    blocks = re.findall(r"```routine\n(.+?)```", GUIDE, flags=re.S)
    return {re.search(r"^routine: (\S+)", b, flags=re.M).group(1): b for b in blocks}  # type: ignore[union-attr]


def test_the_guides_files_are_the_examples_shipped() -> None:
    for rid, text in guide_files().items():
        assert (ROOT / "docs" / "examples" / f"{rid}.routine").read_text("utf-8") == text


@pytest.mark.parametrize("rid", ["key-card", "twenty-one"])
def test_the_guides_tricks_verify_rehearse_and_draw(
    rid: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(ROOT / "docs" / "examples" / f"{rid}.routine")
    assert main(["verify", path]) == 0
    assert "PROVED" in capsys.readouterr().out
    assert main(["rehearse", path, "--all"]) == 0
    assert "Performer (really)" in capsys.readouterr().out
    page = tmp_path / "p.html"
    assert main(["storyboard", path, "-o", str(page)]) == 0
    assert page.read_text("utf-8").count("<svg") >= 3


def test_the_21_card_trick_gathered_wrong_is_refuted_with_its_odds(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = guide_files()["twenty-one"]
    wrong = text.replace(
        "do Transfer table.b left; Transfer table.a left; Transfer table.c left",
        "do Transfer table.b left; Transfer table.c left; Transfer table.a left",
    )
    report = verify(read_routine(wrong, "wrong.routine"))
    assert report.verdict == "refuted" and report.odds is not None
    assert report.odds.said().en == "works with probability 1/3 (33.3%)"


def test_every_command_takes_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))  # the drill stops at once
    path = str(FILES / "courting-kings.routine")
    db = str(tmp_path / "p.db")
    for argv in (
        ["explain", path],
        ["solve", path, "marriages"],
        ["slips", path, "--limit", "600", "--examples", "20"],
        ["drill", path, "--db", db, "--count", "1"],
        ["export", "anki", path, "-o", str(tmp_path / "ck.apkg")],
    ):
        assert main(argv) == 0, argv
    out = capsys.readouterr().out
    assert "queens=" in out and "critical steps" in out


# -- plugins ------------------------------------------------------------------------------------


class _FilesPlugin:
    @staticmethod
    @hookimpl
    def register_routines(register: object) -> None:
        from conjure.magic import register_directory

        register_directory(register, ROOT / "docs" / "examples")  # type: ignore[arg-type]


def test_a_folder_of_routine_files_is_a_plugin(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from conjure.cli import routines as cli_routines

    registry = load_plugins(extra=[("card-tricks", _FilesPlugin)])
    monkeypatch.setattr(cli_routines, "registry", lambda: registry)
    assert {"key-card", "twenty-one"} <= set(registry.routines)
    assert main(["routines"]) == 0
    out = capsys.readouterr().out
    assert "key-card" in out and "twenty-one" in out
    assert main(["verify", "twenty-one"]) == 0


# -- mistakes, each named where it is -----------------------------------------------------------

HEAD = "routine: t\nname: T\n"
START = "start left: AS 2S 3S\n"
CLAIM = "claim ok: the cards are there\n  cards end in left, table\n"


@pytest.mark.parametrize(
    ("text", "where", "en", "zh"),
    [
        (HEAD + START + "step ①: go\n  do Peel left rihgt\n" + CLAIM, "5:6", "rihgt", "rihgt"),
        (HEAD + "start left: AS 2S XS\n" + "step ①: go\n" + CLAIM, "3:19", "XS", "XS"),
        (HEAD + START + "step ①: go\n  do Bounce left\n" + CLAIM, "5:6", "Bounce", "Bounce"),
        (HEAD + START + "step ①: go\n  forget pocket\n" + CLAIM, "5:10", "pocket", "pocket"),
        (HEAD + START + "step ①: go\nclaim ok: fine\n", "5:1", "reads nothing", "什么也没检查"),
        (HEAD + "step ①: go\n  do Peel left right\n" + CLAIM, "4:3", "before the cards",
         "摆好牌之前"),
        (HEAD + START + "step ①: go\n  else:\n" + CLAIM, "5:3", "without an 'if'", "if"),
        (HEAD + START + "step ①: go\n  repeat i from 1 to 3:\n" + CLAIM, "5:3", "nothing under",
         "下面什么也没有"),
        (HEAD + START + "step ①: go\n  choose n from 1 to (2:\n" + CLAIM, "5:24", "ends too soon",
         "不完整"),
        (HEAD + START + "step ①: go\n  believe left is K* Q*: x\n" + CLAIM, "5:19", "two segments",
         "两段不定长度"),
        ("name: T\n" + START + "step ①: go\n" + CLAIM, "1:1", "routine: ID", "routine: 编号"),
    ],
    ids=["move field", "card", "move", "place", "claim", "before start", "else", "empty block",
         "expression", "pattern", "no id"],
)  # fmt: skip
def test_each_mistake_names_the_file_line_and_column(
    text: str, where: str, en: str, zh: str
) -> None:
    with pytest.raises(RoutineFileError) as caught:
        read_routine(text, "my.routine")
    said = caught.value.text
    assert said.en.startswith(f"my.routine:{where}: ") and en in said.en, said.en
    assert said.zh.startswith(f"my.routine:{where}：") and zh in said.zh, said.zh
    assert "\n" not in said.en


def test_a_bad_file_on_the_command_line_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.routine"
    path.write_text(HEAD + START + "step ①: go\n  do Peel left rihgt\n" + CLAIM, "utf-8")
    assert main(["verify", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"conjure: error: {path}:5:6: ") and len(err.splitlines()) == 1
    assert main(["verify", str(tmp_path / "missing.routine")]) == 2
    assert "cannot be read" in capsys.readouterr().err


def test_a_file_without_a_source_is_named_without_one(tmp_path: Path) -> None:
    from conjure.view.verdicts import head_lines

    path = tmp_path / "tiny.routine"
    path.write_text(
        "routine: tiny\nname: Tiny | 小\nsetup: two cards | 两张牌\nstart left: AS 2S\n"
        "step ①: Spread them. | 展开。\n  reveal Spread left\n"
        "claim kept: the cards stay in the left hand | 牌留在左手\n  cards end in left\n",
        encoding="utf-8",
    )
    routine = load_routine(path)
    assert head_lines(routine, routine.claims, "en")[0] == "tiny (小 / Tiny)"
    assert head_lines(routine, routine.claims, "zh")[0] == "tiny（小）"
    sourced = head_lines(courting_kings.ROUTINE, courting_kings.ROUTINE.claims, "en")[0]
    assert sourced.endswith("), text 003 「四、求婚的国王」")


FLASH = "start left: AS^ 2S 3S\nstep ①: go\n  do Square left\nstep ②: and on\n  do TurnOver left\n"


@pytest.mark.parametrize(
    ("body", "where", "kind", "en"),
    [
        (START + "step ①: go\n  do Peel left right\nstep ②: and on\n"
         "  do Peel left right; Peel left right; Peel left right\n", "7:3", "illegal",
         "the left hand is empty"),
        (FLASH, "7:3", "flash", "the audience sees 3♠"),
    ],
    ids=["impossible", "flash"],
)  # fmt: skip
def test_a_move_that_breaks_as_the_cards_lie_names_its_line(
    body: str, where: str, kind: str, en: str
) -> None:
    """Read, the file is well formed; performed, a peel finds the hand empty (or a turn-over
    shows a face the audience was not to see): the failure names the line that made the move,
    in both languages, and the verifier's counter-example says it."""
    routine = read_routine(HEAD + body + CLAIM, "my.routine")
    failure = perform(routine, {}).failure
    assert failure is not None and failure.kind == kind, failure
    assert failure.text.en.endswith(f"(my.routine:{where})") and en in failure.text.en
    assert failure.text.zh.endswith(f"（my.routine:{where}）")
    report = verify(routine)
    assert report.verdict == "refuted" and report.counterexample is not None
    assert f"my.routine:{where}" in str(report.counterexample.failure)
