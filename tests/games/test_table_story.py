"""The table says what happened: every trick's winner and why, each deal's breakdown before the
match score, the last card of a deal by name, an ask's answer on its line, a stalled deal's
reason, forced moves and binding rules said, long menus grouped; in Chinese too."""

from __future__ import annotations

import io
import itertools
import random
import re

import pytest
from rich.console import Console

from conjure.plugins.host import load_plugins
from conjure.testing.lang import english_words
from conjure.view.play import play_game

GAMES = load_plugins().games
TRICK_GAMES = [
    "avoid-hearts", "captain", "find-friends", "hearts-plus-fifty", "jack-high", "klaberjass",
    "nine-casino", "round-and-round", "sixty-six", "specification", "trump-agreement",
]  # fmt: skip


def played(game_id: str, moves: int, lang: str = "en", seed: int = 1, players: int = 0) -> str:
    """A game against random bots, piped: the first move of every menu, ``moves`` times."""
    answers = itertools.chain(itertools.repeat("1", moves), ["q"])
    out = io.StringIO()
    game = GAMES[game_id](players or None)
    code = play_game(
        game,
        seed=seed,
        bot="random",
        console=Console(file=out, width=200, highlight=False),
        ask=lambda _: next(answers),
        lang=lang,
    )
    assert code == 0
    return out.getvalue()


def test_a_piped_captain_shows_every_trick_and_every_deals_breakdown() -> None:
    text = played("captain", 400)
    deals = text.split("match score")
    assert len(deals) >= 3
    for deal in deals[:2]:
        tricks = re.findall(r"player \d wins the trick \(\S+ \S+\): \S", deal)
        assert len(tricks) == 12, deal[-2000:]
        breakdown = re.search(r"deal \d+: (.*); match points", deal)
        assert breakdown, deal[-800:]
        for part in ("declarations", "leads", "tricks"):
            assert part in breakdown.group(1)


@pytest.mark.parametrize("game_id", TRICK_GAMES)
def test_every_trick_game_says_who_won_each_trick_and_why(game_id: str) -> None:
    text = played(game_id, 120)
    reasons = re.findall(r"wins the trick \([^)]*\): (.+)", text)
    assert reasons, game_id
    known = ("highest", "higher", "a trump", "did not follow", "nobody else", "beats every",
             "Jack")  # fmt: skip
    for reason in reasons:
        assert any(word in reason for word in known), (game_id, reason)


def test_the_last_card_of_a_deal_is_named() -> None:
    text = played("captain", 400)
    lines = text.splitlines()
    ends = [i for i, line in enumerate(lines) if re.match(r"\s+deal \d+: ", line)]
    assert ends
    for i in ends:
        last_move = next(line for line in reversed(lines[:i]) if re.match(r"(you|player \d)", line))
        assert "face down" not in last_move, last_move


def test_an_ask_says_its_answer_on_its_own_line() -> None:
    text = played("go-fish", 60)
    asks = [
        line for line in text.splitlines() if re.match(r"(you|player \d \(random\)): ask", line)
    ]
    assert asks
    for line in asks:
        assert re.search(r" — player \d (hands it over|has none)", line), line


def test_a_stalled_deal_says_why_it_ended() -> None:
    game = GAMES["go-fish"](5)  # five players stall nearly every deal
    rng = random.Random(0)
    for seed in range(10):
        state = game.new_initial_state(seed)
        state.story = []
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        if state.vars.stalled:
            said = [line.en for line in state.story]
            assert "no player can get a card from the next any more" in said[-1]
            return
    pytest.fail("no deal stalled")


def test_forced_moves_and_binding_rules_are_said() -> None:
    text = played("captain", 200)
    assert "(the only move)" in text
    assert "you must follow the suit led" in text
    capture = played("pick-up-score", 60)
    assert "you can take, so you must" in capture


def test_a_long_menu_is_grouped_and_typed_by_name() -> None:
    text = played("swap-cards", 1)
    line = re.search(r"\[2–(\d+)\] exchanges: .*: (\d+) moves, typed by name as give \S+", text)
    assert line and int(line.group(1)) - 1 == int(line.group(2))


def test_a_whole_deal_of_captain_in_chinese_shows_no_english() -> None:
    text = played("captain", 200, lang="zh")
    assert "赢了这一墩" in text and "第1副：" in text and "计入总分" in text
    assert english_words(text, allow={"random", "q"}) == []
