"""Pick up score (普通做牌捡分): the text's examples, one capture a turn, the draw, the 分 cards,
two to six players, conformance, the fast random playout against the checked path, and the
Monte-Carlo bot against random play."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conjure.deck import Card
from conjure.games import TERMINAL, GameState, positions
from conjure.testing import check_fast_playout, check_game
from conjure_games.fast.pick_up_score import VALUE_POINTS, WEIGHTS, _takes
from conjure_games.pick_up_score import DECK, POINTS, VALUES, PickUpScore


def setv(s: GameState, **values: object) -> None:
    """Set public values of a position built by hand."""
    for name, value in values.items():
        setattr(s.vars, name, value)


def c(text: str) -> int:
    return Card(text).code


def cards(text: str) -> list[int]:
    return [c(t) for t in text.split()]


def position(game: PickUpScore, hand: str, table: str, stock: str = "") -> GameState:
    """Player 1 to move with ``hand`` against ``table``; every other card is in player 2's
    won pile."""
    s = game.new_initial_state(0)
    used = set(cards(hand) + cards(table) + cards(stock))
    s.zones = {z: [] for z in s.zones}
    s.zones["hand0"] = cards(hand)
    s.zones["table"] = cards(table)
    game.sort_table(s)
    s.zones["stock"] = cards(stock)
    rest = [x for x in DECK if x not in used]
    s.zones["won1"] = rest
    setv(
        s,
        dealer=1,
        last=-1,
        score=(0, sum(POINTS[x] for x in rest)) + (0,) * (game.num_players - 2),
    )
    s.current = 0
    return s


def names(game: PickUpScore, s: GameState) -> list[str]:
    return sorted(s.action_name(a) for a in s.legal_actions())


def test_values_and_points() -> None:
    assert [VALUES[c(t)] for t in ["AS", "9S", "TS", "JS", "QS", "KS"]] == [1, 9, 10, 11, 12, 13]
    assert sum(POINTS) == 100
    assert [POINTS[c(t)] for t in ["5H", "TH", "KH", "QH", "AH"]] == [5, 10, 10, 0, 0]


def test_the_texts_examples() -> None:
    game = PickUpScore()
    # ♣9 takes 2, 2, 5
    s = position(game, "9C", "2S 2H 5D")
    assert names(game, s) == ["9♣ takes 2♠ + 2♥ + 5♦"]
    # ♦10 takes 7, 3 or 2, 3, 5
    s = position(game, "TD", "7S 3H 2C 5C")
    assert names(game, s) == ["10♦ takes 2♣ + 3♥ + 5♣", "10♦ takes 3♥ + 7♠"]


def test_a_pair_takes_one_card_of_the_rank() -> None:
    game = PickUpScore()
    s = position(game, "8C", "8S 8H")
    assert names(game, s) == ["8♣ takes 8♠", "8♣ takes 8♥"]
    s = position(game, "KC", "KS 6H 7D")  # K is 13: the King or 6 + 7
    assert names(game, s) == ["K♣ takes 6♥ + 7♦", "K♣ takes K♠"]


def test_cards_go_to_the_table_only_when_nothing_can_be_taken() -> None:
    game = PickUpScore()
    s = position(game, "AC 2C", "8S")
    assert names(game, s) == ["2♣ to the table", "A♣ to the table"]
    s = position(game, "AC 8C", "8S")
    assert names(game, s) == ["8♣ takes 8♠"]


def test_a_card_is_drawn_after_each_turn_and_points_are_counted() -> None:
    game = PickUpScore()
    s = position(game, "TC AC", "5S 5H", stock="2D 3D")
    s.apply_action(game.parse_action(s, "10♣ takes 5♠ + 5♥"))
    assert s.vars.score[0] == 20  # 10 + 5 + 5
    assert sorted(s.zones["hand0"]) == sorted(cards("AC 2D"))  # drew the top card
    assert s.zones["stock"] == cards("3D")


def test_the_last_capturer_takes_the_rest_and_its_points() -> None:
    game = PickUpScore(target=1000)
    s = position(game, "AC", "5S 9H")
    s.vars.last = 0
    s.apply_action(c("AC"))  # no capture: the deal ends, the rest to player 1
    assert s.vars.last_deal == (5, 95)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_player_count_deals_and_plays(players: int) -> None:
    game = PickUpScore(players)
    s = game.new_initial_state(1)
    assert [len(s.zones[f"hand{p}"]) for p in range(players)] == [4] * players
    assert len(s.zones["table"]) == 4 and len(s.zones["stock"]) == 48 - 4 * players
    assert s.current == 1 % players  # the player after the dealer
    assert check_game(PickUpScore(players, target=60), seeds=range(2)) > 0


def test_the_match_needs_a_single_leader_past_the_target() -> None:
    game = PickUpScore()
    s = position(game, "AC", "5S 9H")
    setv(s, last=0, match=(95, 5))
    s.apply_action(c("AC"))  # player 1 gets 5: 100 to 100, another deal
    assert s.current != TERMINAL and s.vars.match == (100, 100)
    s = position(game, "AC", "5S 9H")
    setv(s, last=0, match=(96, 5))
    s.apply_action(c("AC"))
    assert s.current == TERMINAL and s.returns() == (1.0, -1.0)


def test_conformance() -> None:
    assert check_game(PickUpScore(target=100), seeds=range(6)) > 0


# -- the fast random playout --------------------------------------------------------------------


def test_the_fast_playout_scores_and_sweeps_up_as_the_rules_say() -> None:
    """A hand-built end of a deal: 10♣ takes 5♠ 5♥ (20 points), 2♣ and A♣ go to the table,
    and player 1, who took cards last, takes them with the 9♦."""
    game = PickUpScore(target=1000)
    s = position(game, "TC AC", "5S 5H 9D")
    s.zones["hand1"] = cards("2C")
    s.zones["won1"].remove(c("2C"))
    fast = s.copy()
    assert game._play_random(fast, iter([0.0, 0.0, 0.0]).__next__, random.Random(0)) == 3
    assert fast.vars.last_deal == (20, 80)
    assert fast.history[-3:] == [game.parse_action(s, "10♣ takes 5♠ + 5♥"), c("2C"), c("AC")]
    check_fast_playout(s, 0)


tables = st.lists(st.integers(1, 13), max_size=12).map(lambda vs: tuple(sorted(vs)))


@given(tables)
def test_the_fast_capture_table_is_the_rules_table(values: tuple[int, ...]) -> None:
    """What a card of each value may take from a table, as the fast path looks it up, is
    what :meth:`CaptureRules.takes` answers, with the right positions, weight and points."""
    weight = sum(1 << 3 * v for v in values)
    if max((values.count(v) for v in values), default=0) > 4:
        return  # a deck has four cards of a value
    expected = PickUpScore.rules.takes(values)
    found = _takes(weight)
    assert [[bits >> 9 for bits, *_ in t] for t in found] == [list(m) for m in expected]
    for takes in found:
        for bits, at, taken, points in takes:
            assert at == tuple(positions(bits >> 9))
            assert taken == sum(1 << 3 * values[i] for i in at)
            assert points == sum(VALUE_POINTS[values[i]] for i in at)


def test_weights_and_points_of_values() -> None:
    assert all(WEIGHTS[x] == 1 << 3 * VALUES[x] for x in DECK)
    assert all(POINTS[x] == VALUE_POINTS[VALUES[x]] for x in DECK)
