"""The command line: show, errors on one line with exit codes, --json, --debug, the README."""

from __future__ import annotations

import io
import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from conjure.cli import main

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "conjure", *args], capture_output=True, text=True, env=env
    )


@pytest.mark.parametrize("cards", ["KS QH 10D", "黑桃K 红桃Q"])
def test_show_renders(cards: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", cards]) == 0
    out = capsys.readouterr().out
    assert "K♠" in out and "Q♥" in out
    assert "top" in out and "bottom" in out


def test_show_face_down_and_audience(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "KS QH", "--face-down", "--audience"]) == 0
    out = capsys.readouterr().out
    assert "[K♠]" in out  # the performer sees the face of a face-down card
    assert "▒▒" in out  # the audience sees its back


def test_show_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "left: KS^ / QH; table: 2C^", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["places"]["left"] == [
        {"card": "KS", "face_up": True},
        {"card": "QH", "face_up": False},
    ]
    assert data["breaks"] == {"left": 1}
    assert sorted(data["visible"]) == ["2C", "KS"]


@pytest.mark.parametrize(
    ("args", "needle", "code"),
    [
        (["show", "KX"], "'KX'", 2),
        (["show", "KS KS"], "two places", 2),
        (["show", "大王 BJ RJ"], "大王 in '大王 BJ RJ'", 2),
        (["show", "KS", "--place", "pocket"], "'pocket'", 2),
        (["nonsense"], "unknown command 'nonsense'", 2),
        (["simulate", "goofspiel", "--bots", "K" * 5000], "(5,000 characters)", 2),
    ],
)
def test_bad_input_is_one_line_and_non_zero(args: list[str], needle: str, code: int) -> None:
    result = run(*args)
    assert result.returncode == code
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0], result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("where", ["before", "after"])
def test_debug_shows_the_traceback(where: str) -> None:
    args = ["--debug", "show", "KX"] if where == "before" else ["show", "KX", "--debug"]
    result = run(*args)
    assert result.returncode != 0
    assert "Traceback" in result.stderr and "NotationError" in result.stderr


def test_version() -> None:
    result = run("--version")
    assert result.returncode == 0 and re.fullmatch(r"conjure \S+\n", result.stdout)


def test_plain_text_when_not_a_terminal() -> None:
    result = run("show", "KS QH")
    assert result.returncode == 0 and "\x1b[" not in result.stdout


def readme_commands() -> dict[str, str]:
    text = (ROOT / "README.md").read_text()
    found = dict(re.findall(r"<!-- quickstart:(\w+) -->\n```sh\n(.+?)\n```", text))
    assert set(found) == {"install", "test"}, "README must mark exactly its two commands"
    return found


def test_readme_quick_start_runs() -> None:
    """The README's main job (the conjure command after installing) works as written."""
    install = readme_commands()["install"]
    conjure_part = install.split("&&")[-1].strip()
    argv = shlex.split(conjure_part)
    assert argv[0] == "conjure"
    result = run(*argv[1:])
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip()


def test_readme_test_command_is_pytest() -> None:
    """The test command runs this suite with pytest, spread over the cores by pytest-xdist,
    which the test extra installs."""
    argv = shlex.split(readme_commands()["test"])
    assert argv[:3] == [".venv/bin/python", "-m", "pytest"], argv
    assert argv[3:] in ([], ["-n", "auto"]), argv
    if argv[3:]:
        import tomllib
        from pathlib import Path

        toml = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text("utf-8"))
        extra = toml["project"]["optional-dependencies"]["test"]
        assert any(d.startswith("pytest-xdist") for d in extra), extra


def test_show_draws_a_break_and_hides_what_is_behind_the_back(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["show", "left: KS^ / QH^; table: 2C^", "--audience"]) == 0
    out = capsys.readouterr().out
    performer, audience = out.split("Audience's view")
    assert "╎brk╎" in performer and "╎brk╎" not in audience
    assert "K♠" in audience and "Q♥" not in audience  # only the top of a squared packet shows


def test_show_makes_moves_and_refuses_an_illegal_one(capsys: pytest.CaptureFixture[str]) -> None:
    layout = "left: KS^ KH^ / KD^ KC^; right: QS^ QH^"
    assert (
        main(["show", layout, "--move", "Steal left right", "--move", "Peel left right", "--json"])
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert [c["card"] for c in data["places"]["right"]] == ["KD", "QS", "QH", "KS", "KH"]
    assert data["breaks"] == {}
    result = run("show", "KS QH", "--move", "Peel left right 3")
    assert result.returncode == 3
    assert result.stderr.strip() == (
        "conjure: error: cannot peel 3 cards from the left hand onto the right hand: "
        "the left hand holds 2 cards (KS^ QH^)"
    )


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["simulate", "goofspiel", "-n", "0"], "-n: 0 is out of range (allowed: at least 1)"),
        (["simulate", "goofspiel", "-n", "²"], "-n: '²' is not a whole number"),
        (["simulate", "goofspiel", "-n", "1" * 5000], "-n: '111111111111"),
        (["simulate", "goofspiel", "--workers", "0"], "--workers: 0 is out of range"),
        (["simulate", "goofspiel", "--workers", "-4"], "--workers: -4 is out of range"),
        (["simulate", "goofspiel", "--seed", "1.5"], "--seed: '1.5' is not a whole number"),
        (["play", "goofspiel", "--seat", "3"], "--seat: 3 is out of range (allowed: from 1 to 2)"),
        (["play", "goofspiel", "--seat", "0"], "--seat: 0 is out of range (allowed: at least 1)"),
        (["play", "goofspiel", "--players", "0"], "--players: 0 is out of range"),
        (["play", "round-and-round", "--players", "9"], "--players: 9 is not allowed"),
        (["simulate", "goofspiel", "--option", "ties"], "--option 'ties' is not NAME=VALUE"),
        (["simulate", "goofspiel", "--option", "ties=³"], "--option ties: '³' is not a whole"),
        (["rehearse", "courting-kings", "--lang", "fr"], "--lang: 'fr' is not one of en, zh"),
    ],
)
def test_counts_and_options_are_checked_in_one_line(args: list[str], line: str) -> None:
    """The option, the value (quoted, cut short) and what is allowed; exit 2, never a Python
    message."""
    result = run(*args)
    assert result.returncode == 2, result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and line in lines[0], result.stderr
    assert len(lines[0]) < 160 and "invalid int value" not in lines[0]


def test_a_game_option_and_a_routine_parameter_out_of_range_both_exit_2() -> None:
    game = run("simulate", "goofspiel", "--option", "ties=7", "-n", "1")
    routine = run("verify", "each-gets-two", "--param", "rounds=99")
    assert (game.returncode, routine.returncode) == (2, 2), game.stderr + routine.stderr
    assert "ties" in game.stderr and "7" in game.stderr
    assert "rounds" in routine.stderr and "99" in routine.stderr


def test_the_play_prompt_reads_numbers_as_people_type_them() -> None:
    """``²`` and ``٣`` are not move numbers; a full-width ``１`` is 1. The prompt's line ends
    before ``bye``."""
    typed = "²\n٣\n-1\n" + "1" * 400 + "\n１\nq\n"
    result = subprocess.run(
        [sys.executable, "-m", "conjure", "play", "goofspiel", "--seed", "2", "--bot", "random"],
        capture_output=True,
        text=True,
        input=typed,
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "'²' is not a move here" in out and "'٣' is not a move here" in out
    assert "'-1' is not a move here" in out and "(400 characters)" in out
    assert "you: A♠" in out  # １ played the first move (the Ace, low in goofspiel)
    assert out.splitlines()[-1] == "bye"
    eof = subprocess.run(
        [sys.executable, "-m", "conjure", "play", "goofspiel", "--seed", "2", "--bot", "random"],
        capture_output=True,
        text=True,
        input="",
    )
    assert eof.returncode == 0 and eof.stdout.splitlines()[-1] == "bye"
    assert eof.stdout.splitlines()[-2].startswith(">")  # the prompt, ended before the goodbye


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("tty", [True, False])
def test_interrupted_starts_a_line_of_its_own_on_a_terminal(
    tty: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A terminal may hold an unanswered prompt or an echoed ^C: the message starts a new line
    there; in a pipe or a file it is just one line."""

    def interrupted(args: object) -> int:
        raise KeyboardInterrupt

    err = Terminal() if tty else io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    monkeypatch.setattr("conjure.cli.deck._show", interrupted)
    assert main(["show", "KS"]) == 130
    assert err.getvalue() == ("\n" if tty else "") + "conjure: interrupted\n"


def test_the_moves_shown_are_bullets_with_hanging_indents() -> None:
    layout = "left: KS^ KH^ / KD^ KC^; right: QS^ QH^"
    result = subprocess.run(
        [sys.executable, "-m", "conjure", "show", layout, "--move", "Steal left right"],
        capture_output=True,
        text=True,
        env={**os.environ, "COLUMNS": "24"},
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    bullet = next(i for i, line in enumerate(lines) if line.startswith("• "))
    assert lines[bullet + 1].startswith("  ") and lines[bullet + 1].strip()


@pytest.mark.parametrize("command", ["routines", "storyboard", "drill", "stats"])
def test_an_unknown_conjure_lang_is_one_line_for_every_command(command: str) -> None:
    import os

    result = run(command, "--help", env={**os.environ, "CONJURE_LANG": "fr"})
    assert result.returncode == 2
    assert result.stderr.strip() == (
        "conjure: error: CONJURE_LANG: 'fr' is not a language conjure speaks (allowed: en, zh)"
    )


@pytest.mark.parametrize("command", ["routines", "storyboard", "drill"])
def test_conjure_lang_sets_the_default_of_every_command(command: str) -> None:
    from conjure.cli import build_parser

    os_env = pytest.MonkeyPatch()
    try:
        os_env.setenv("CONJURE_LANG", "zh")
        parser = build_parser()
    finally:
        os_env.undo()
    sub = next(a for a in parser._actions if a.dest == "command")
    assert sub.choices[command].get_default("lang") == "zh"  # type: ignore[union-attr]


def test_lang_before_the_command_is_its_language(capsys: pytest.CaptureFixture[str]) -> None:
    from conjure.cli import main

    assert main(["--lang", "zh", "rules", "goofspiel"]) == 0
    zh = capsys.readouterr().out
    assert "方块" in zh.splitlines()[1]
    # the command's own --lang, written after it, wins
    assert main(["--lang=zh", "rules", "goofspiel", "--lang", "en"]) == 0
    assert "diamonds" in capsys.readouterr().out.splitlines()[1]
    # a value that comes after the command name is not read as the leading one
    assert main(["rules", "goofspiel"]) == 0
    assert "diamonds" in capsys.readouterr().out.splitlines()[1]


def test_a_bad_leading_lang_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    from conjure.cli import main

    assert main(["--lang", "fr", "rules", "goofspiel"]) == 2
    assert capsys.readouterr().err.strip() == "conjure: error: --lang: 'fr' is not one of en, zh"


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--lang", "zh", "play", "goofspiel", "--seat", "9"], "--seat：9 超出范围（允许：1到2）"),
        (["play", "goofspiel", "--seat", "x", "--lang", "zh"], "--seat：'x' 不是整数"),
        (
            ["--lang=zh", "verify", "courting-kings", "--workers", "0"],
            "--workers：0 超出范围（允许：至少1）",
        ),
        (
            ["--lang", "zh", "play", "go-fish", "--players", "９"],
            "--players：不能是9（go-fish的人数：3, 4, 5, 6）",
        ),
        (
            ["--lang", "zh", "simulate", "goofspiel", "--option", "foo=1"],
            "--option：goofspiel没有选项 'foo'（选项：ties）",
        ),
    ],
)
def test_a_number_refused_is_said_in_the_chosen_language(
    args: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    assert capsys.readouterr().err.strip() == f"conjure: error: {said}"


def test_conjure_lang_says_errors_in_chinese_and_lang_en_overrides_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("CONJURE_LANG", "zh")
    assert main(["play", "goofspiel", "--seat", "9"]) == 2
    assert "超出范围" in capsys.readouterr().err
    assert main(["play", "goofspiel", "--seat", "9", "--lang", "en"]) == 2
    assert capsys.readouterr().err.strip() == (
        "conjure: error: --seat: 9 is out of range (allowed: from 1 to 2)"
    )


def test_no_command_is_a_usage_error_with_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "usage: conjure" in err and "verify" in err


def test_a_missing_argument_names_the_command_once(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify"]) == 2
    assert capsys.readouterr().err.strip() == (
        "conjure: error: verify: the following arguments are required: ROUTINE"
    )


def test_the_games_list_gives_player_counts_smallest_first(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from conjure.cli.games import _counts

    assert [_counts(p) for p in ([4, 3, 5, 6], [2], [4, 2], [2, 3])] == ["3–6", "2", "2/4", "2/3"]
    assert main(["games"]) == 0
    row = next(line for line in capsys.readouterr().out.splitlines() if "avoid-hearts" in line)
    assert "3–6" in row


def test_an_unknown_routine_or_game_is_said_in_the_chosen_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--lang", "zh", "play", "goofspel"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("conjure: error: 未知游戏 'goofspel'；是不是 'goofspiel'？（已有：")
    assert main(["verify", "nope", "--lang", "zh"]) == 2
    assert capsys.readouterr().err.startswith("conjure: error: 未知流程 'nope'（已有：")
    assert main(["play", "goofspel"]) == 2
    assert capsys.readouterr().err.startswith(
        "conjure: error: unknown game 'goofspel'; did you mean 'goofspiel'? (known: "
    )
