"""The trainer commands end to end: drill from a pipe, come back the next day, stats, a killed
drill, and the plain commands without Textual."""

from __future__ import annotations

import io
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from conjure.cli import main
from conjure.deck import parse_card
from conjure.deck.stacks import STACKS, stack

DAY1 = "2026-03-01T09:00:00+00:00"
DAY2 = "2026-03-02T09:30:00+00:00"


def drill(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], answers: str, *args: str
) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(answers))
    code = main(["drill", *args])
    return code, capsys.readouterr().out


def stats(capsys: pytest.CaptureFixture[str], *args: str) -> object:
    assert main(["stats", "--json", *args]) == 0
    return json.loads(capsys.readouterr().out)


def test_a_new_user_drills_a_stack_and_a_routine_and_comes_back_the_next_day(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    perform: Any,
) -> None:
    db = str(tmp_path / "progress.sqlite3")
    m = stack("mnemonica")
    monkeypatch.setenv("CONJURE_NOW", DAY1)
    # card -> position for five new cards; one mistake, on the fourth
    script = ["right", "right", "right", "wrong", "right", "q"]
    code, out, performer = perform(
        "mnemonica", script, "--mode", "position", "--db", db, "--seed", "3"
    )
    assert code == 0
    assert out.count("✓") == 4 and out.count("✗") == 1
    missed = parse_card(performer.asked[3].split()[2])
    assert f"it is {m.position(missed)}" in out
    # answers read from a pipe are echoed after their prompt, as if typed
    assert f"> {m.position(missed) % 52 + 1}\n" in out
    assert "5 answered, 4 right (80%)" in out
    # a routine: three questions, each answered with the first readable line: a number or the
    # first option, or a card (lines that do not fit the question are asked again)
    code, out = drill(
        monkeypatch,
        capsys,
        "1\nAS\n" * 4,
        "courting-kings",
        "--db",
        db,
        "--seed",
        "7",
        "--count",
        "3",
    )
    assert code == 0
    assert "3 answered" in out
    day1 = stats(capsys, "--db", db)
    assert {s["subject"] for s in day1} == {"stack:mnemonica", "routine:courting-kings"}

    monkeypatch.setenv("CONJURE_NOW", DAY2)
    s = stats(capsys, "mnemonica", "--db", db)
    assert s["answered"] == 5 and s["right"] == 4
    assert s["accuracy"] == 0.8
    # seen once, every card is still being learnt: all five are due the next day, the missed
    # one (a minute after the miss) the longest overdue
    assert s["due"] == 5
    label = f"{m.position(missed)} {missed.ascii}"
    assert s["due_items"][0] == {"item": f"stack:mnemonica:{missed.ascii}", "label": label}
    assert s["weakest"][0]["item"] == f"stack:mnemonica:{missed.ascii}"
    assert s["streak"] == 1 and s["best_streak"] == 3
    # what is due comes first: the missed card, the longest overdue
    code, out, _ = perform("mnemonica", ["right"], "--db", db, "--mode", "position")
    assert "5 due, 47 new" in out
    assert out.splitlines()[1] == f"Where is {missed} in the stack?"
    assert "✓" in out
    code = main(["stats", "--db", db, "--plot"])
    out = capsys.readouterr().out
    assert "stack:mnemonica: 6 answered" in out
    assert "accuracy" in out and "2026-03-01 … 2026-03-02" in out


def test_every_stack_mode_asks_and_judges(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    perform: Any,
) -> None:
    db = str(tmp_path / "p.sqlite3")
    s = stack("si-stebbins")
    first, second = s.card_at(1), s.card_at(2)
    for mode in ("card", "next", "previous", "cut", "position", "neighbours", "mixed"):
        db = str(tmp_path / f"{mode}.sqlite3")
        code, out, _ = perform("si-stebbins", ["right", "wrong"], "--mode", mode, "--db", db)
        assert code == 0 and out.count("✓") == 1 and out.count("✗") == 1, (mode, out)
    code, out = drill(
        monkeypatch,
        capsys,
        f"{first.zh}\n{second}\n{s.card_at(3).ascii.lower()}\n",
        "si-stebbins",
        "--mode",
        "speed",
        "--db",
        db,
    )
    assert out.count("✓") == 3
    assert "1?" in out and "3?" in out


def test_a_custom_stack_file_is_drilled(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "mine.txt"
    path.write_text("# name: Mine\nAS KH QC JD\n", encoding="utf-8")
    db = str(tmp_path / "p.sqlite3")
    code, out = drill(
        monkeypatch, capsys, "1\n", str(path), "--mode", "position", "--positions", "1", "--db", db
    )
    assert code == 0 and "✓" in out
    assert stats(capsys, "--db", db)[0]["subject"] == "stack:custom:mine"  # type: ignore[index]


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["drill", "nosuch"], "no stack, stack file or routine called 'nosuch'"),
        (["drill", "mnemonica", "--count", "0"], "--count: 0 is out of range"),
        (["drill", "mnemonica", "--param", "x=1"], "--param is for routines"),
        (["drill", "courting-kings", "--mode", "speed"], "--mode speed is for stacks"),
        (["stats", "--svg", "x.svg"], "--svg draws one stack or routine"),
        (["export", "anki", "mnemonica", "-o", "x.txt"], "ends in .apkg"),
    ],
)
def test_bad_input_is_one_line(
    args: list[str], needle: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*args, "--db", str(tmp_path / "p.sqlite3")] if args[0] != "export" else args) == 2
    err = capsys.readouterr().err
    assert needle in err and err.count("\n") == 1


def test_a_broken_database_is_an_error_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "p.sqlite3"
    path.write_bytes(b"garbage" * 1000)
    assert main(["stats", "--db", str(path)]) == 2
    assert "left as it is" in capsys.readouterr().err
    assert path.read_bytes() == b"garbage" * 1000


def test_a_killed_drill_loses_nothing_already_answered(tmp_path: Path, oracle: Any) -> None:
    db = tmp_path / "p.sqlite3"
    env = {**os.environ, "CONJURE_NOW": DAY1, "PYTHONUNBUFFERED": "1", "COLUMNS": "100"}
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "conjure",
            "drill",
            "aronson",
            "--mode",
            "position",
            "--db",
            str(db),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert proc.stdin is not None and proc.stdout is not None
    aronson = stack("aronson")
    verdicts = 0
    expected = []
    try:
        for right in (True, True, False):
            deadline = time.monotonic() + 60
            question = ""
            while time.monotonic() < deadline and "?" not in question:
                question = proc.stdout.readline()
            answer = (
                oracle.answer_for(question, aronson)
                if right
                else oracle.wrong_for(question, aronson)
            )
            card = parse_card(question.split()[2])
            expected.append((f"stack:aronson:{card.ascii}", answer, int(right)))
            proc.stdin.write(answer + "\n")
            proc.stdin.flush()
            while time.monotonic() < deadline:
                line = proc.stdout.readline()
                if "✓" in line or "✗" in line:
                    verdicts += 1
                    break
        assert verdicts == 3
        proc.stdin.write("2")  # half an answer, then the drill dies without warning
        proc.stdin.flush()
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    conn = sqlite3.connect(db)
    rows = conn.execute("SELECT item, given, correct FROM answers ORDER BY id").fetchall()
    assert rows == expected


def test_plain_commands_work_without_textual(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in [
        m
        for m in sys.modules
        if m == "textual" or m.startswith(("textual.", "conjure.trainer.app"))
    ]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "textual", None)  # import textual now fails
    import conjure.trainer

    monkeypatch.delattr(conjure.trainer, "app", raising=False)
    monkeypatch.setattr("conjure.cli.trainer.on_a_terminal", lambda: True)
    db = str(tmp_path / "p.sqlite3")
    code, out = drill(
        monkeypatch, capsys, "4C\n", "mnemonica", "--mode", "card", "--positions", "1", "--db", db
    )
    assert code == 0 and "✓" in out
    assert main(["app", "--db", db]) == 2
    assert "pip install 'conjure[app]'" in capsys.readouterr().err


def test_stacks_lists_and_shows(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stacks", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {r["id"] for r in rows} >= {"mnemonica", "aronson", "si-stebbins", "eight-kings"}
    assert main(["stacks", "eight-kings", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["cards"][:3] == ["8C", "KH", "3S"]


def test_rehearse_tui_walks_the_performance_the_options_describe(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from conjure.view import rehearsal_app

    seen: dict[str, object] = {}

    def fake_run(outcome: object, lang: str, by_move: bool, code: int) -> int:
        seen.update(outcome=outcome, lang=lang, by_move=by_move)
        return code

    monkeypatch.setattr(rehearsal_app, "run", fake_run)
    monkeypatch.setattr("conjure.cli.trainer.on_a_terminal", lambda: True)
    args = ["rehearse", "courting-kings", "--tui", "--setup", "queens=CHSD", "--by-move"]
    assert main(args) == 0
    assert seen["by_move"] is True
    performance = seen["outcome"].performance  # type: ignore[attr-defined]
    queens = [c for c in performance.choices if c.name == "queens"]
    assert "".join(queens[0].value) == "CHSD"


def test_stats_json_has_accuracy_and_speed_per_card(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "p.sqlite3")
    monkeypatch.setenv("CONJURE_NOW", DAY1)
    _, out = drill(monkeypatch, capsys, "4C\n2H\nKS\n", "mnemonica", "--mode", "speed", "--db", db)
    assert "3 answered, 2 right (67%)" in out and "in all)" in out
    s = stats(capsys, "mnemonica", "--db", db)
    rows = {r["item"]: r for r in s["by_item"]}  # type: ignore[index]
    assert set(rows) == {"stack:mnemonica:4C", "stack:mnemonica:2H", "stack:mnemonica:7D"}
    assert rows["stack:mnemonica:7D"]["accuracy"] == 0.0
    assert rows["stack:mnemonica:4C"]["accuracy"] == 1.0
    assert all(r["median_seconds"] >= 0 for r in rows.values())


def test_drill_tui_and_app_open_the_app_on_the_subject(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from conjure.trainer import app

    calls: list[tuple[str, dict[str, object]]] = []

    def fake_run_app(name: str, **kwargs: object) -> int:
        calls.append((name, kwargs))
        return 0

    monkeypatch.setattr(app, "run_app", fake_run_app)
    monkeypatch.setattr("conjure.cli.trainer.on_a_terminal", lambda: True)
    db = str(tmp_path / "p.sqlite3")
    assert main(["drill", "aronson", "--tui", "--db", db, "--lang", "zh"]) == 0
    assert main(["app", "courting-kings", "--db", db]) == 0
    assert main(["app", "mnemonica", "--mode", "estimate", "--positions", "1-3", "--db", db]) == 0
    assert main(["app", "--db", db, "--screenshots", str(tmp_path / "shots")]) == 0
    said = [(name, {k: v for k, v in kw.items() if k != "routines"}) for name, kw in calls]
    plain = {"after": (), "positions": None, "screenshots": None}
    assert said == [
        ("aronson", {"db": db, "lang": "zh", "drill_mode": "mixed", **plain}),
        ("courting-kings", {"db": db, "lang": "en", "drill_mode": "mixed", **plain}),
        (
            "mnemonica",
            {**plain, "db": db, "lang": "en", "drill_mode": "estimate",
             "positions": frozenset({1, 2, 3})},
        ),
        (None, {**plain, "db": db, "lang": "en", "drill_mode": "mixed",
                "screenshots": str(tmp_path / "shots")}),
    ]  # fmt: skip
    # the options of a stack are for a stack
    assert main(["app", "courting-kings", "--mode", "card", "--db", db]) == 2
    assert main(["app", "--after", "Faro left", "--db", db]) == 2


@pytest.mark.parametrize("name", sorted(STACKS))
def test_every_shipped_stack_can_be_drilled(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "p.sqlite3")
    top = stack(name).card_at(1)
    code, out = drill(
        monkeypatch, capsys, f"{top.zh}\n", name, "--mode", "card", "--positions", "1", "--db", db
    )
    assert code == 0 and "✓" in out and "1 answered, 1 right" in out
    assert main(["stats", name, "--db", db, "--items"]) == 0
    out = capsys.readouterr().out
    assert f"1 {top}" in out and "100%" in out


def test_the_commands_in_the_trainer_guide_parse() -> None:
    import re
    import shlex

    from conjure.cli import build_parser

    guide = (Path(__file__).parents[2] / "docs" / "trainer.md").read_text(encoding="utf-8")
    block = re.search(r"```sh\n(.+?)\n```", guide, re.S)
    assert block is not None
    commands = [line.split("#")[0].strip() for line in block.group(1).splitlines()]
    assert len(commands) >= 8
    for command in commands:
        args = shlex.split(command)
        assert args[0] == "conjure"
        parsed = build_parser().parse_args(args[1:])
        assert parsed.handler is not None, command


def test_stats_never_creates_a_database_where_none_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "nowhere" / "p.db"
    assert main(["stats", "--db", str(missing)]) == 0
    assert f"nothing drilled yet (no progress database at '{missing}')" in capsys.readouterr().out
    assert not missing.exists() and not missing.parent.exists()


@pytest.mark.parametrize(
    ("args", "advice"),
    [
        (["app", "mnemonica"], "use conjure drill NAME"),
        (["drill", "aronson", "--tui"], "leave out --tui"),
    ],
)
def test_the_app_on_a_pipe_is_refused_at_once(args: list[str], advice: str, tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "conjure", *args, "--db", str(tmp_path / "p.db")],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stderr.startswith("conjure: error: the interactive app needs a terminal")
    # the advice fits the command typed: no --tui is mentioned to someone who gave none
    assert advice in result.stderr
    assert ("--tui" in result.stderr) == ("--tui" in args)


def test_messages_on_a_pipe_are_whole_lines(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "p.sqlite3")
    monkeypatch.setenv("CONJURE_NOW", DAY1)
    # a number where a card is wanted: the message is long, and a pipe gets it on one line
    code, out = drill(monkeypatch, capsys, "1\nq\n", "mnemonica", "--mode", "card", "--db", db)
    assert code == 0
    said = [line for line in out.splitlines() if line.startswith("'1'")]
    assert said == ["'1': not a card; write one card, such as 4C, 4♣ or 10h; try again (q to stop)"]
    # a routine: the set-up line, the options and the step's narration after a miss are whole
    code, out = drill(
        monkeypatch, capsys, "\n" * 4, "courting-kings", "--db", db, "--seed", "3", "--count", "4"
    )
    assert code == 0
    from conjure.cli.common import registry
    from conjure.trainer.drills import items

    steps = [label for _, label in items(registry().routines["courting-kings"])]
    lines = out.splitlines()
    long = [s for s in steps if len(s) > 80 and s in lines]
    assert long, "no narration longer than a line was shown whole"
    assert all(len(line) > 80 for line in lines if line.startswith("Set-up and choices:"))


def test_enter_alone_shows_the_answer_and_counts_as_a_miss(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "p.sqlite3")
    monkeypatch.setenv("CONJURE_NOW", DAY1)
    code, out = drill(
        monkeypatch, capsys, "\n  \n", "mnemonica", "--mode", "card", "--positions", "1-2",
        "--db", db,
    )  # fmt: skip
    assert code == 0
    assert "✗ don't know: it is 4♣ (" in out and "✗ don't know: it is 2♥ (" in out
    assert "cannot" not in out and "try again" not in out
    assert "2 answered, 0 right (0%)" in out
    s = stats(capsys, "mnemonica", "--db", db)
    assert s["answered"] == 2 and s["right"] == 0  # type: ignore[index]
    # missed, so due again soon: the next day both come first
    monkeypatch.setenv("CONJURE_NOW", DAY2)
    assert stats(capsys, "mnemonica", "--db", db)["due"] == 2  # type: ignore[index]
    with sqlite3.connect(db) as con:
        assert [r[0] for r in con.execute("SELECT given FROM answers")] == ["", ""]
    code, out = drill(
        monkeypatch, capsys, "\n", "mnemonica", "--mode", "card", "--db", db, "--lang", "zh"
    )
    assert "✗ 不知道：是 红桃2（" in out  # the most overdue of the two first


def _drilled(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> str:
    """A database with a stack card and routine steps answered (all missed: Enter alone)."""
    db = str(tmp_path / "p.sqlite3")
    monkeypatch.setenv("CONJURE_NOW", DAY1)
    drill(
        monkeypatch, capsys, "\n\n", "mnemonica", "--mode", "card", "--positions", "1-2", "--db", db
    )
    drill(monkeypatch, capsys, "\n" * 3, "courting-kings", "--db", db, "--seed", "1")
    return db


@pytest.mark.parametrize(
    "where",
    [
        ["--lang", "zh", "stats"],
        ["stats", "--lang", "zh"],
        ["stats", "--lang=zh"],
        ["stats"],  # CONJURE_LANG=zh
    ],
)
def test_stats_speaks_chinese(
    where: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from conjure.testing.lang import english_words

    db = _drilled(tmp_path, monkeypatch, capsys)
    if where == ["stats"]:
        monkeypatch.setenv("CONJURE_LANG", "zh")
    svg = tmp_path / "plot.svg"
    for extra in (
        ["--db", db, "--items", "--plot"],
        ["mnemonica", "--db", db, "--items", "--plot", "--svg", str(svg)],
        ["courting-kings", "--db", db, "--items"],
    ):
        assert main([*where, *extra]) == 0
        out = capsys.readouterr().out
        assert "共答" in out and "最弱：" in out and "正确率" in out
        allow = {"stack", "routine", "mnemonica", "courting-kings", "svg"}
        assert english_words(out.replace(str(svg), ""), allow=allow) == [], out
    assert "正确率" in svg.read_text("utf-8")
    # nothing drilled yet, and a usage error, in Chinese too
    missing = str(tmp_path / "none.sqlite3")
    assert main([*where, "--db", missing]) == 0
    out = capsys.readouterr().out
    assert "还没有练习过" in out and missing in out
    out = out.replace(missing, "")
    assert english_words(out, allow={"conjure", "drill", "mnemonica"}) == [], out
    assert main([*where, "--db", db, "--svg", str(svg)]) == 2
    err = capsys.readouterr().err
    assert "--svg 只画一个牌序或套路" in err


def test_stats_shows_cards_with_symbols_and_cuts_steps_between_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from conjure.trainer.stats import WEAKEST_WIDTH

    db = _drilled(tmp_path, monkeypatch, capsys)
    assert main(["stats", "--db", db, "--items"]) == 0
    out = capsys.readouterr().out
    assert "weakest: 2 2♥ (0%" in out and "1 4♣ (0%" in out
    assert "2H" not in out and "4C" not in out
    weakest = next(line for line in out.splitlines() if "weakest: ①" in line)
    for shown in weakest.removeprefix("  weakest: ").split("; "):
        label = shown.rsplit(" (", 1)[0]
        assert label.endswith("…") and len(label) <= WEAKEST_WIDTH
        # cut where a word ends: the words before the ellipsis are whole words of the step
        step = label[0]
        from conjure.cli.common import registry
        from conjure.trainer.drills import items

        full = next(t for _, t in items(registry().routines["courting-kings"]) if t[0] == step)
        assert full.startswith(label[:-1]) and full[len(label) - 1] in " ,;."
    # the stored labels stay as they were
    with sqlite3.connect(db) as con:
        assert ("1 4C",) in con.execute("SELECT label FROM items").fetchall()


@pytest.mark.parametrize(
    ("text", "width", "shown"),
    [
        ("short enough", 40, "short enough"),
        (
            "① Take out the four Kings and the four Queens",
            40,
            "① Take out the four Kings and the four…",
        ),
        ("① Take out the four Kings", 12, "① Take out…"),
        ("Supercalifragilistic", 8, "Superca…"),  # one word too long: cut rather than nothing
        ("① 抽出4张国王（K）与4张皇后（Q）", 16, "① 抽出4张国王…"),
        ("with 10♥ on top", 8, "with…"),  # a card is a word too
    ],
)
def test_shorten_cuts_at_a_word_or_a_chinese_character(text: str, width: int, shown: str) -> None:
    from rich.cells import cell_len

    from conjure.trainer.stats import shorten

    assert shorten(text, width) == shown
    assert cell_len(shorten(text, width)) <= width


class _CtrlC(io.StringIO):
    """Standard input that is interrupted (Ctrl-C) once its lines are read."""

    def readline(self, *args: object) -> str:  # type: ignore[override]
        line = super().readline()
        if not line:
            raise KeyboardInterrupt
        return line


def test_ctrl_c_in_a_drill_sums_up_and_loses_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "p.sqlite3")
    monkeypatch.setenv("CONJURE_NOW", DAY1)
    monkeypatch.setattr(sys, "stdin", _CtrlC("4C\n2H\n"))
    assert main(["drill", "mnemonica", "--mode", "speed", "--db", db]) == 130
    captured = capsys.readouterr()
    assert "2 answered, 2 right (100%)" in captured.out
    assert "interrupted after 2 answers, every one saved" in captured.err
    assert stats(capsys, "mnemonica", "--db", db)["answered"] == 2  # type: ignore[index]


def test_full_width_q_stops_a_drill(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "p.sqlite3")
    code, out = drill(
        monkeypatch, capsys, "４Ｃ\nｑ\n2H\n", "mnemonica", "--mode", "speed", "--db", db
    )
    assert code == 0 and "cannot" not in out and "not a card" not in out
    assert "1 answered, 1 right" in out


@pytest.mark.parametrize(
    ("args", "en", "zh"),
    [
        (["drill", "mnemonic"], "did you mean mnemonica?", "是不是 mnemonica？"),
        (["stats", "courting-king"], "did you mean courting-kings?", "是不是 courting-kings？"),
        (["drill", "zzz"], "(stacks: new-deck-us", "没有叫 'zzz' 的牌序、牌序文件或套路（牌序："),
        (["export", "anki", "mnemonica", "-o", "x.txt"], "ends in .apkg", "以 .apkg 结尾"),
    ],
)
def test_bad_names_are_said_in_the_chosen_language(
    args: list[str], en: str, zh: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = ["--db", str(tmp_path / "p.sqlite3")] if args[0] != "export" else []
    assert main([*args, *db]) == 2
    assert en in capsys.readouterr().err
    assert main([*args, *db, "--lang", "zh"]) == 2
    err = capsys.readouterr().err
    assert zh in err


def test_export_says_what_it_wrote_in_chinese(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("genanki")
    out = tmp_path / "m.apkg"
    assert main(["export", "anki", "mnemonica", "-o", str(out), "--lang", "zh"]) == 0
    assert capsys.readouterr().out == f"已写入 52 条笔记：{out}\n"


def test_a_database_refused_is_said_in_chinese(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    not_ours = tmp_path / "notes.txt"
    not_ours.write_text("not a database\n" * 100)
    for db, zh in ((tmp_path, "是一个目录"), (not_ours, "不是 conjure 的进度数据库")):
        assert main(["stats", "--db", str(db), "--lang", "zh"]) == 2
        assert zh in capsys.readouterr().err
    assert not_ours.read_text() == "not a database\n" * 100  # left as it was
