"""Specification: the text's orders, points and declarations, free play while the stock lasts,
the follow rules after it, both players declaring, the end of a deal and of the match."""

from __future__ import annotations

import random

import attrs
import pytest

from conjure.deck import Card
from conjure.games import GameState
from conjure.games.bots import random_playout
from conjure.testing import check_game
from conjure_games.nine_casino import DECK, DECLARE, RANKING
from conjure_games.specification import Specification

SPADES, HEARTS, CLUBS, DIAMONDS = range(4)


def c(text: str) -> int:
    return Card(text).code


def cards(text: str) -> list[int]:
    return [c(t) for t in text.split()]


def state_with(game: Specification, hand0: str, hand1: str, stock: str, trump: int) -> GameState:
    """Player 0 deals, player 1 leads; cards not named are out of play."""
    s = game.new_initial_state(0)
    z = s.zones
    z["hand0"], z["hand1"], z["stock"] = cards(hand0), cards(hand1), cards(stock)
    z["won0"], z["won1"] = [], []
    s.known = {z["stock"][0]: -1} if z["stock"] else {}
    s.vars = attrs.evolve(
        s.vars, trump=trump, dealer=0, score=(0, 0), used=0, declared=(), may_declare=(False, False)
    )
    s.current = 1
    return s


def test_points_from_the_text() -> None:
    pts = RANKING.points[SPADES]
    assert pts[c("JS")] == 20 and pts[c("9S")] == 14
    assert {pts[c(f"A{s}")] for s in "SHCD"} == {11}
    assert {pts[c(f"K{s}")] for s in "SHCD"} == {4}
    assert {pts[c(f"Q{s}")] for s in "SHCD"} == {3}
    assert {pts[c(f"J{s}")] for s in "HCD"} == {2}
    assert {pts[c(f"T{s}")] for s in "SHCD"} == {0}
    assert sum(pts[x] for x in DECK) == 112


def test_orders_from_the_text() -> None:
    strength = RANKING.strength[HEARTS]
    for order in ("JH 9H AH KH QH TH 8H 7H 6H", "AS KS QS JS TS 9S 8S 7S 6S"):
        values = [strength[x] for x in cards(order)]
        assert values == sorted(values, reverse=True)


def test_the_deal_in_threes() -> None:
    game = Specification()
    s = game.new_initial_state(7)
    assert len(s.zones["hand0"]) == len(s.zones["hand1"]) == 9 and len(s.zones["stock"]) == 18
    assert s.vars.trump == s.zones["stock"][0] // 13
    assert s.current == 1 - s.vars.dealer


def test_free_play_while_the_stock_lasts_and_both_draw() -> None:
    game = Specification()
    s = state_with(game, "7D 6D 8S", "AD KD 6S", "JC KH AH TC", CLUBS)
    s.apply_action(c("AD"))
    assert sorted(s.legal_actions()) == sorted(cards("7D 6D 8S"))  # any card
    s.apply_action(c("8S"))  # a discard: the leader takes both
    assert s.vars.score == (0, 11)
    # the winner draws first, then the other: both still hold three
    assert c("JC") in s.zones["hand1"] and c("KH") in s.zones["hand0"]
    assert len(s.zones["hand0"]) == len(s.zones["hand1"]) == 3


@pytest.mark.parametrize(
    ("end", "allowed"),
    [(0, "7D 6D"), (1, "7D 6D"), (2, "7D 6D")],
)
def test_after_the_stock_follow_suit(end: int, allowed: str) -> None:
    game = Specification(end=end)
    s = state_with(game, "7D 6D 8S", "8D KD 6S", "", CLUBS)
    s.apply_action(c("8D"))
    assert sorted(s.legal_actions()) == sorted(cards(allowed))


def test_after_the_stock_void_options() -> None:
    hand0, hand1 = "7C 8S 9H", "8D KD 6S"
    free = Specification(end=0)
    s = state_with(free, hand0, hand1, "", CLUBS)
    s.apply_action(c("8D"))
    assert sorted(s.legal_actions()) == sorted(cards(hand0))
    strict = Specification(end=1)
    s = state_with(strict, hand0, hand1, "", CLUBS)
    s.apply_action(c("8D"))
    assert list(s.legal_actions()) == cards("7C")
    head = Specification(end=2)
    s = state_with(head, "6D TD 8S", hand1, "", CLUBS)
    s.apply_action(c("8D"))
    assert list(s.legal_actions()) == cards("TD")  # 10 above 8: must head


@pytest.mark.parametrize(
    ("held", "value"),
    [("JS JH JC JD", 200), ("KS KH KC KD", 100), ("QH JH TH 9H", 50), ("8S 7S 6S", 20)],
)
def test_declaration_values(held: str, value: int) -> None:
    d = Specification().declarations
    assert [d.catalogue[i].score(CLUBS) for i in d.find(cards(held), CLUBS)] == [value]


def test_only_the_named_runs_unless_the_option() -> None:
    assert Specification().declarations.find(cards("KH QH JH TH 9S 8S 7S")) == []
    assert Specification().declarations.find(cards("AS AH AC AD QS QH QC QD")) == []
    d = Specification(runs=1).declarations
    assert sorted(d.catalogue[i].value for i in d.find(cards("KH QH JH TH 9S 8S 7S"))) == [20, 50]


def test_both_players_declare_after_a_trick() -> None:
    game = Specification()
    s = state_with(game, "KS KH KC KD 6D", "AD JS JH JC JD", "8S 7H 9C 6H", CLUBS)
    assert not any(a >= DECLARE for a in s.legal_actions())
    s.apply_action(c("AD"))
    s.apply_action(c("6D"))
    # the winner, on lead, may declare his four J
    four_j = [a for a in s.legal_actions() if a >= DECLARE]
    assert [s.action_name(a) for a in four_j] == ["declare four J (J♠ J♥ J♣ J♦) +200"]
    s.apply_action(four_j[0])
    s.apply_action(c("8S"))  # he drew the ♠8 and leads it
    # the other declares his four K as he answers
    four_k = [a for a in s.legal_actions() if a >= DECLARE]
    assert len(four_k) == 1
    s.apply_action(four_k[0])
    assert s.vars.score == (100, 211)
    shown = [x for x in s.observation(1)["zones"]["hand0"] if x is not None]
    assert sorted(shown) == sorted(Card(x).ascii for x in cards("KS KH KC KD"))
    assert not any(a >= DECLARE for a in s.legal_actions())  # once a trick
    assert game.audit(s) is None


def test_a_full_deal_shares_out_all_112_card_points() -> None:
    game = Specification(target=5000)
    rng = random.Random(2)
    for seed in range(20):
        s = game.new_initial_state(seed)
        while s.vars.deals == 1:
            cards_only = [a for a in s.legal_actions() if a < DECLARE]
            s.apply_action(cards_only[int(rng.random() * len(cards_only))])
        assert sum(s.vars.match) == 112


def test_a_deal_is_18_tricks_and_the_match_ends_at_the_target() -> None:
    game = Specification(target=1000)
    s = game.new_initial_state(4)
    tricks = 0
    rng = random.Random(4)
    while s.vars.deals == 1:
        before = len(s.zones["won0"]) + len(s.zones["won1"])
        s.apply_action(s.legal_actions()[int(rng.random() * len(s.legal_actions()))])
        tricks += len(s.zones["won0"]) + len(s.zones["won1"]) > before
    assert tricks == 17  # the 18th trick ended the deal and cleared the piles
    random_playout(s, rng)
    assert max(s.vars.match) >= 1000


def test_conformance() -> None:
    assert check_game(Specification(target=200), seeds=range(6)) > 0
