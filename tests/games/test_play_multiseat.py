"""``conjure play`` with one person and n−1 bots, for every game of more than two players, driven
through the command line with answers piped in: the table is drawn for every seat, every bot
seat moves, the game reaches its end; and the sides of a partnership game are shown and judged
together."""

from __future__ import annotations

import builtins
import subprocess
import sys

import pytest

from conjure.cli import main
from conjure.plugins.host import load_plugins
from conjure.view.play import sides_text, verdict
from conjure_games.find_friends import FindFriends
from conjure_games.trump_agreement import TrumpAgreement

#: moves 1, 8, 2, 9, 3 … 13 over and over (a person who keeps to the first few moves can stall
#: go-fish, asking for the same cards for ever), each followed by yes for a move that asks to be
#: confirmed; a number past the end of a short menu is refused and asked again
ANSWERS = "".join(f"{i * 7 % 13 + 1}\ny\n" for i in range(2000))
GAMES = {k: cls for k, cls in sorted(load_plugins().games.items()) if max(cls.players) > 2}


def run(*args: str, stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "conjure", *args],
        capture_output=True,
        text=True,
        input=stdin,
        timeout=300,
    )


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_one_person_against_bots_at_the_largest_table(game_id: str) -> None:
    cls = GAMES[game_id]
    n = max(cls.players)
    seat = 2
    options = ["--option", "deals=1"] if any(o.name == "deals" for o in cls.options) else []
    result = run(
        "play",
        game_id,
        "--players",
        str(n),
        "--seat",
        str(seat),
        "--bot",
        "random",
        "--seed",
        "4",
        *options,
        stdin=ANSWERS,
    )
    out = result.stdout
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in out + result.stderr
    assert f"you are player {seat}" in out
    assert "Game over" in out, out[-2000:]
    for p in range(1, n + 1):
        if p != seat:
            assert f"player {p} (random):" in out  # every bot seat moved
    hands = [p for p in range(1, n + 1) if p != seat and f"player {p}'s hand" in out]
    if game_id != "go-fish":  # go-fish's hands can empty early; the others start full
        assert len(hands) == n - 1, f"the table shows the hands of {hands} only"


def test_the_sides_are_drawn_and_partners_win_together() -> None:
    game = TrumpAgreement(4, deals=1)
    s = game.new_initial_state(1)
    assert sides_text(game, s, 1) == "players 1 & 3: 1, 3 · players 2 & 4: you, 4"
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[0])
    r = s.returns()
    winners = [p for p in range(4) if r[p] == 1.0]
    assert len(winners) == 2 and winners[1] - winners[0] == 2
    assert verdict(s, winners[0]) == verdict(s, winners[1]) == "your side wins"
    loser = next(p for p in range(4) if p not in winners)
    assert verdict(s, loser) == "you lose"


def test_a_secret_partner_is_drawn_as_not_yet_shown() -> None:
    from conjure_games.find_friends import PASS, TRUMP

    game = FindFriends(4)
    s = game.new_initial_state(2)
    for _ in range(4):
        s.apply_action(PASS)  # the dealer (seat 1) declares at 80
    while s.vars.phase == "bury":
        s.apply_action(s.legal_actions()[0])
    s.apply_action(TRUMP)
    s.apply_action(s.legal_actions()[0])  # the call
    assert s.vars.phase == "play" and s.vars.partner == -1
    text = sides_text(game, s, 2)
    assert text == "declarer's side: 1 · side not yet shown: 2, you, 4"


@pytest.mark.parametrize(
    ("game_id", "players"),
    [
        (g, n)
        for g in ("hearts-plus-fifty", "trump-agreement", "find-friends")
        for n in GAMES[g].players
    ],
)
def test_every_table_size_plays_to_the_end(
    game_id: str, players: int, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    typed = iter(ANSWERS.splitlines())
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(typed))
    args = ["play", game_id, "--players", str(players), "--bot", "random", "--seed", "2"]
    assert main([*args, "--seat", str(players), "--option", "deals=1"]) == 0
    out = capsys.readouterr().out
    assert f"you are player {players}" in out and "Game over" in out
