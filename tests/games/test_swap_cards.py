"""Swap cards (普通调牌): each named 囫's value, 天囫 and 地囫, the pool by the number of players,
rounds at a pool, conformance."""

from __future__ import annotations

import pytest

from conjure.deck import Card
from conjure.games import GameState
from conjure.games.melds import exchange_code
from conjure.testing import check_game
from conjure_games.exchange_score import EXCHANGE, PASS, SHOW, SwapCards, SwapVars


def cs(text: str) -> list[int]:
    return [Card(t).code for t in text.split()]


@pytest.mark.parametrize(
    ("hand", "value"),
    [
        ("2S 3S 4S 5S", 10),  # 顺囫
        ("AD KD QD JD", 10),
        ("7S 7H 7C 7D", 20),  # 横囫
        ("TS TH TC TD", 20),
        ("8S 8H 8C 8D", 80),  # 8囫
        ("KS KH KC KD", 130),  # K囫
        ("2S 3S 4S 5H", 0),
    ],
)
def test_each_named_set_is_worth(hand: str, value: int) -> None:
    assert SwapCards().value(cs(hand)) == value


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_pool_has_one_card_a_player(players: int) -> None:
    s = SwapCards(players).new_initial_state(2)
    assert len(s.zones["pool"]) == players


def position(game: SwapCards, *hands: str, pool: str, bonus: int = 0) -> GameState[SwapVars]:
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
    s.vars.turns = s.vars.rounds = s.vars.passes_round = 0
    s.vars.pools = 1
    s.vars.bonus = (bonus, 0, 0)
    s.current = 0
    return s


def test_tian_hu_a_set_as_dealt_scores_200() -> None:
    s = position(SwapCards(3), "3S 4S 5S 6S", "9H", "TS", pool="2D 3D 4D", bonus=2)
    s.apply_action(SHOW)
    assert s.vars.match == (200, 0, 0)


def test_di_hu_one_card_swapped_in_the_first_round_scores_150() -> None:
    game = SwapCards(3)
    s = position(game, "3S 4S 5S 9D", "9H", "TS", pool="6S 3D 4D")
    s.apply_action(EXCHANGE + exchange_code(0b1000, 0b001))  # 9♦ for 6♠
    assert s.vars.bonus[0] == 1
    s.apply_action(PASS)
    s.apply_action(PASS)
    s.apply_action(SHOW)
    assert s.vars.match == (150, 0, 0)


def test_two_cards_swapped_is_a_plain_set() -> None:
    game = SwapCards(3)
    s = position(game, "3S 4S 9D 9C", "9H", "TS", pool="6S 5S 4D")
    s.apply_action(EXCHANGE + exchange_code(0b1100, 0b011))
    s.apply_action(PASS)
    s.apply_action(PASS)
    s.apply_action(SHOW)
    assert s.vars.match == (10, 0, 0)


def test_a_round_of_passes_turns_up_new_cards() -> None:
    game = SwapCards(3)
    s = position(game, "3S 4S 9D 9C", "9H", "TS", pool="6S 5S 4D")
    for _ in range(3):
        s.apply_action(PASS)
    assert s.zones["dead"] == cs("6S 5S 4D") and len(s.zones["pool"]) == 3


def test_conformance() -> None:
    assert check_game(SwapCards(deals=1), seeds=range(2), bot_checks=1) > 0
