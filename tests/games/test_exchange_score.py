"""Exchange score (普通换牌比分) and its joker game (带王换牌比分): every combination's value, the
joker doubling, only the highest at the table scoring, showing on the next turn, the pool,
conformance."""

from __future__ import annotations

import random

import pytest

from conjure.deck import Card
from conjure.games import GameState
from conjure.games.bots import RandomBot, random_playout
from conjure.games.melds import exchange_code
from conjure.testing import check_game
from conjure_games.exchange_score import (
    EXCHANGE,
    PASS,
    SHOW,
    ExchangeScore,
    ExchangeScoreJokers,
    ExchangeVars,
)

JOKERS = {"LJ": 52, "BJ": 53}  # the little and the big joker


def cs(text: str) -> list[int]:
    return [JOKERS[t] if t in JOKERS else Card(t).code for t in text.split()]


@pytest.mark.parametrize(
    ("hand", "value"),
    [
        ("3S 4S 5S 6S", 50),
        ("AD KD QD JD", 50),
        ("AS 2S 3S 4S", 50),
        ("7S 7H 7C 7D", 80),
        ("KS KH KC KD", 100),
        ("8S 8H 8C 8D", 160),
        ("3S 4S 5S 6H", 0),
        ("QS KS AS 2S", 0),
    ],
)
def test_each_combination_is_worth(hand: str, value: int) -> None:
    assert ExchangeScore().value(cs(hand)) == value


@pytest.mark.parametrize(
    ("hand", "both", "value"),
    [
        ("3S 4S 5S BJ", 4, 100),  # the text's example: 50 doubled
        ("8S 8H 8C LJ", 4, 320),  # the text's example: 160 doubled
        ("8S 8H LJ BJ", 4, 640),
        ("8S 8H LJ BJ", 3, 480),
        ("7S 7H 7C 7D", 4, 80),
    ],
)
def test_a_joker_doubles(hand: str, both: int, value: int) -> None:
    assert ExchangeScoreJokers(both=both).value(cs(hand)) == value


def position(game: ExchangeScore, *hands: str, pool: str) -> GameState[ExchangeVars]:
    s = game.new_initial_state(0)
    for z in s.zones.values():
        z.clear()
    s.known.clear()
    used: set[int] = set()
    for p, h in enumerate(hands):
        s.zones[f"hand{p}"] = sorted(cs(h))
        used |= set(cs(h))
    s.zones["pool"] = cs(pool)
    used |= set(cs(pool))
    s.zones["stock"] = [c for c in game.all_cards() if c not in used]
    s.vars.turns = 0
    s.current = 0
    return s


def test_exchange_then_show_on_the_next_turn_only() -> None:
    game = ExchangeScore(3)
    s = position(game, "8S 8H 8C 2D", "3S 9H JC", "4H 5D 6C TS", pool="8D")
    assert SHOW not in s.legal_actions()
    s.apply_action(EXCHANGE + exchange_code(0b1000, 0b1))  # the 2♦ (last in hand) for the 8♦
    assert sorted(s.zones["hand0"]) == sorted(cs("8S 8H 8C 8D"))
    assert s.zones["pool"] == cs("2D") and s.current == 1
    s.apply_action(PASS)
    s.apply_action(PASS)  # the pool has gone round: set aside, four new cards
    assert s.zones["dead"] == cs("2D") and len(s.zones["pool"]) == 4
    assert s.current == 0 and SHOW in s.legal_actions()
    s.apply_action(SHOW)
    assert s.vars.match == (160, 0, 0)


def test_the_random_bot_shows_when_it_can_and_a_match_is_five_deals() -> None:
    game = ExchangeScore(3)
    s = position(game, "3S 4S 5S 6S", "2C 9H JC QD", "4H 5D 6C TS", pool="AS 7H 8H 9D")
    assert len(s.legal_actions()) > 60
    assert {RandomBot().choose(s, random.Random(seed)) for seed in range(10)} == {SHOW}
    s.apply_action(PASS)  # without a combination open, every move stays open to it
    picked = {RandomBot().choose(s, random.Random(seed)) for seed in range(200)}
    assert picked <= set(s.legal_actions()) and len(picked) > 50
    state = game.new_initial_state()
    random_playout(state, random.Random(1), uniform=True)
    assert state.is_terminal() and state.vars.deals == 5  # 「5盘……一局制」


def test_only_the_highest_combination_scores() -> None:
    game = ExchangeScore(3)
    s = position(game, "3S 4S 5S 6S", "KS KH KC KD", "2H 9C JD QH", pool="AS")
    s.apply_action(SHOW)  # player 1 shows 50, player 2 holds four Kings: 100
    assert s.vars.match == (0, 100, 0) and s.vars.last == (1, 100)


def test_at_most_one_card_a_turn_under_the_other_reading() -> None:
    game = ExchangeScore(3, most=1)
    s = position(game, "3S 4S 5S 6H", "9H", "TS", pool="7S 8S 9S TD")
    swaps = [a for a in s.legal_actions() if a >= EXCHANGE]
    assert len(swaps) == 4 * 4
    assert len([a for a in ExchangeScore(3)._legal_actions(s) if a >= EXCHANGE]) == 69


@pytest.mark.parametrize("cls", [ExchangeScore, ExchangeScoreJokers])
def test_conformance(cls: type[ExchangeScore]) -> None:
    assert check_game(cls(deals=1), seeds=range(2), bot_checks=1) > 0
