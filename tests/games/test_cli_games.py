"""games, rules, play and simulate from the command line; the bots."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from conjure.cli import main
from conjure.games.simulate import simulate, wilson
from conjure_games.goofspiel import Goofspiel

GAMES = {"sixty-six", "goofspiel", "round-and-round", "jack-high"}


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "conjure", *args], capture_output=True, text=True, input=stdin
    )


def test_games_lists_the_four(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games", "--json"]) == 0
    assert {row["id"] for row in json.loads(capsys.readouterr().out)} >= GAMES


@pytest.mark.parametrize("game", sorted(GAMES))
def test_rules_mark_text_and_assumption(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", game]) == 0
    out = capsys.readouterr().out
    assert "[text]" in out and "[assumed]" in out


def test_simulate_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "goofspiel", "-n", "2000", "--json", "--seed", "4"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 2000 and sum(data["wins"]) + data["draws"] == 2000
    assert data["games_per_second"] > 0
    low, high = data["win_rate"][0]["low"], data["win_rate"][0]["high"]
    assert low < data["win_rate"][0]["rate"] < high


def test_simulate_is_reproducible_and_parallel_agrees() -> None:
    game = Goofspiel()
    a = simulate(game, 3000, seed=8)
    b = simulate(game, 3000, seed=8)
    assert a.wins == b.wins and a.mean_scores == b.mean_scores
    c = simulate(game, 3000, seed=8, workers=2)
    # the same seed, the same games, whatever the number of workers
    assert c.wins == a.wins and c.draws == a.draws and c.mean_scores == a.mean_scores
    assert sum(c.wins) + c.draws == 3000


def test_wilson_interval() -> None:
    p, low, high = wilson(50, 100)
    assert p == 0.5 and 0.40 < low < 0.41 and 0.59 < high < 0.60
    assert wilson(0, 0) == (0.0, 0.0, 1.0)


def test_the_monte_carlo_bot_beats_random_play() -> None:
    summary = simulate(Goofspiel(), 30, seed=1, bots=["mc", "random"])
    assert summary.wins[0] > 2 * summary.wins[1]


def test_play_sixty_six_to_the_end_by_typing() -> None:
    moves = "KX\n" + "1\n" * 600
    result = run("play", "sixty-six", "--seed", "1", "--bot", "random", stdin=moves)
    assert result.returncode == 0, result.stderr
    assert "'KX' is not a move here" in result.stdout
    assert "Game over" in result.stdout
    assert "Traceback" not in result.stdout + result.stderr


def test_play_refuses_an_illegal_card_and_quits_cleanly() -> None:
    result = run("play", "goofspiel", "--seed", "2", "--bot", "random", stdin="AH\nq\n")
    assert result.returncode == 0
    assert "A♥ cannot be played now" in result.stdout
    assert "bye" in result.stdout


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["play", "sixty-sx"], "did you mean 'sixty-six'"),
        (["simulate", "goofspiel", "--option", "ties=7"], "--option ties: 7 is out of range"),
        (["simulate", "goofspiel", "--option", "nope=1"], "no option 'nope'"),
        (["simulate", "goofspiel", "--bots", "mc,mc,mc"], "--bots: 'mc,mc,mc' names mc twice"),
        (["simulate", "goofspiel", "--bots", "smart"], "unknown bot 'smart'"),
        (["play", "goofspiel", "--players", "3"], "--players: 3 is not allowed"),
    ],
)
def test_bad_game_input_is_one_line(args: list[str], needle: str) -> None:
    result = run(*args)
    assert result.returncode != 0
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0], result.stderr


def test_rules_in_chinese_quote_the_texts(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "round-and-round", "--lang", "zh"]) == 0
    out = capsys.readouterr().out
    assert "[原文]" in out and "[推定]" in out
    assert "赢的人拿走这一墩的两张牌" in out  # the decision, in Chinese
    joined = "".join(out.split())  # the page wraps at the terminal's width
    assert "「取得所有得分的牌时" in joined  # the source quoted
    assert main(["rules", "round-and-round", "--json"]) == 0
    rules = json.loads(capsys.readouterr().out)["rules"]
    assert any(r["quote"] for r in rules)


def test_games_and_rules_in_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "zh", "games"]) == 0
    out = capsys.readouterr().out
    assert "编号" in out and "人数" in out and "Casino" not in out and "players" not in out
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "players" in out and "编号" not in out
    assert main(["rules", "casino", "--lang", "zh"]) == 0
    assert capsys.readouterr().out.startswith("深谋远虑——原文001「游戏十一深谋远虑」\n")


def test_simulate_in_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "zh", "simulate", "goofspiel", "-n", "20", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "座位" in out and "20局，种子1" in out and "seat" not in out


def test_an_interrupted_simulation_says_how_far_it_got_in_both_languages() -> None:
    from conjure.errors import Interrupted, said
    from conjure.games.simulate import simulate
    from conjure_games.goofspiel import Goofspiel

    def stop(n: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(Interrupted) as caught:
        simulate(Goofspiel(), 3000, seed=4, progress=stop)
    assert said(caught.value) == str(caught.value)
    assert str(caught.value).startswith("after ") and "of 3,000 games (seed 4)" in str(caught.value)
    assert said(caught.value, "zh").startswith("已完成3,000局中的")
    assert said(caught.value, "zh").endswith("局（种子 4）")


def test_simulate_gives_its_bots_the_think_time(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from conjure.games import simulate as simulating

    asked: list[float | None] = []
    real = simulating.make_bot

    def recording(name: str, think: float | None = None) -> object:
        asked.append(think)
        return real(name, think)

    monkeypatch.setattr(simulating, "make_bot", recording)
    args = ["simulate", "goofspiel", "-n", "2", "--bots", "mc,random", "--think", "0.01"]
    assert main([*args, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 2
    assert asked and set(asked) == {0.01}


@pytest.mark.parametrize("think", ["0", "-1", "soon", "7200"])
def test_a_think_time_that_is_no_time_is_refused(think: str) -> None:
    done = run("simulate", "goofspiel", "-n", "1", "--think", think)
    assert done.returncode == 2 and "--think" in done.stderr
