"""Nine casino: the text's orders, points and completions, its example's first tricks, the
follow rule, who may declare and when, the end of a deal and of the match."""

from __future__ import annotations

import random

import attrs
import pytest

from conjure.deck import Card
from conjure.games import GameState
from conjure.games.bots import random_playout
from conjure.testing import check_game
from conjure_games.nine_casino import DECK, DECLARE, RANKING, NineCasino

SPADES, HEARTS, CLUBS, DIAMONDS = range(4)


def c(text: str) -> int:
    return Card(text).code


def cards(text: str) -> list[int]:
    return [c(t) for t in text.split()]


def state_with(game: NineCasino, hand0: str, hand1: str, stock: str, trump: int) -> GameState:
    """Player 0 deals, player 1 leads; the stock's top card is the turned-up trump card."""
    s = game.new_initial_state(0)
    z = s.zones
    z["hand0"], z["hand1"], z["stock"] = cards(hand0), cards(hand1), cards(stock)
    z["won0"], z["won1"] = [], []  # the cards not named are out of play
    s.known = {z["stock"][0]: -1}
    s.vars = attrs.evolve(
        s.vars, trump=trump, dealer=0, score=(0, 0), used=0, declared=(), may_declare=(False, False)
    )
    s.current = 1
    return s


def test_points_and_orders_from_the_text() -> None:
    pts = RANKING.points[CLUBS]
    # trump J 20, 9 14, A 11, K 4, Q 3, 10 8 7 6 nothing
    assert [pts[x] for x in cards("JC 9C AC KC QC TC 8C 7C 6C")] == [20, 14, 11, 4, 3, 0, 0, 0, 0]
    # plain A 11, K 4, Q 3, J 2, the rest nothing
    assert [pts[x] for x in cards("AH KH QH JH TH 9H 8H 7H 6H")] == [11, 4, 3, 2, 0, 0, 0, 0, 0]
    strength = RANKING.strength[CLUBS]
    trump_order = cards("JC 9C AC KC QC TC 8C 7C 6C")
    plain_order = cards("AH KH QH JH TH 9H 8H 7H 6H")
    for order in (trump_order, plain_order):
        assert [strength[x] for x in order] == sorted((strength[x] for x in order), reverse=True)
    for trump in range(4):
        assert sum(RANKING.points[trump][x] for x in DECK) == 112


def test_the_deal() -> None:
    game = NineCasino()
    s = game.new_initial_state(3)
    assert len(s.zones["hand0"]) == len(s.zones["hand1"]) == 9 and len(s.zones["stock"]) == 18
    turned = s.zones["stock"][0]
    assert s.vars.trump == turned // 13
    assert s.observation(0)["zones"]["stock"][0] == Card(turned).ascii  # shown to both
    assert s.observation(1)["zones"]["stock"][1] is None
    assert s.current == 1 - s.vars.dealer  # the dealer's opponent leads


def test_the_examples_first_tricks() -> None:
    """Clubs trump, the J turned up: the opponent leads ♦A, the dealer ♦7; the opponent
    draws the J, the dealer a K; the opponent leads a K and the dealer plays a 6."""
    game = NineCasino()
    s = state_with(
        game,
        "7D 6D 8S 9S TS 7H 8H 9H TH",
        "AD KD 6S 7S 6H 6C 7C 8C 9D",
        "JC KH AH TC 8D TD QS KS AS JS QH JH AC KC QC 9C QD JD",
        CLUBS,
    )
    s.apply_action(c("AD"))
    assert sorted(s.legal_actions()) == sorted(cards("7D 6D"))  # must follow suit
    s.apply_action(c("7D"))
    assert s.vars.score == (0, 11)
    assert c("JC") in s.zones["hand1"] and c("KH") in s.zones["hand0"]  # the winner first
    assert s.current == 1
    s.apply_action(c("KD"))
    s.apply_action(c("6D"))
    assert s.vars.score == (0, 15)
    assert c("AH") in s.zones["hand1"] and c("TC") in s.zones["hand0"]
    assert game.audit(s) is None


def test_a_void_follower_plays_any_card() -> None:
    game = NineCasino()
    s = state_with(game, "7S 8S 9S TS 7H 8H 9H TH 6C", "AD KD 6S 7S 6H 7C 8C 9D QD", "JC", CLUBS)
    s.zones["stock"] = cards("JC KH")
    s.apply_action(c("AD"))
    assert sorted(s.legal_actions()) == sorted(s.zones["hand0"])
    s.apply_action(c("6C"))  # a trump takes the plain lead
    assert s.current == 0 and s.vars.score == (11, 0)


FOUR_J = "JS JH JC JD"


@pytest.mark.parametrize(
    ("held", "value"),
    [
        (FOUR_J, 200),
        ("AS AH AC AD", 100),
        ("KS KH KC KD", 100),
        ("QS QH QC QD", 100),
        ("AS KS QS JS TS", 100),  # 同花的A到10为止任5张的连续牌
        ("AH KH QH JH", 50),
        ("8D 7D 6D", 20),
        ("KC QC", 20),  # the trump K and Q
    ],
)
def test_completion_values(held: str, value: int) -> None:
    game = NineCasino()
    d = game.declarations
    found = [d.catalogue[i] for i in d.find(cards(held), trump=CLUBS)]
    assert [x.score(CLUBS) for x in found] == [value]


def test_plain_king_and_queen_are_no_completion() -> None:
    d = NineCasino().declarations
    assert d.find(cards("KH QH"), trump=CLUBS) == []


def test_the_run_of_five_is_a_to_10_by_default_and_anywhere_with_run5() -> None:
    d = NineCasino().declarations
    assert [d.catalogue[i].score(CLUBS) for i in d.find(cards("9S 8S 7S 6S TS"))] == [50]
    assert [d.catalogue[i].score(CLUBS) for i in d.find(cards("QS JS TS 9S 8S"))] == [50]
    assert [d.catalogue[i].score(CLUBS) for i in d.find(cards("AS KS QS JS TS"))] == [100]
    d = NineCasino(run5=1).declarations
    assert [d.catalogue[i].score(CLUBS) for i in d.find(cards("QS JS TS 9S 8S"))] == [100]


def test_only_the_winner_declares_once_while_the_stock_lasts() -> None:
    game = NineCasino()
    s = state_with(
        game,
        "7D 6D 8S 9S TS 7H 8H 9H TH",
        "AD JS JH JD 6S 7C 8C KC QC",
        "JC KH AH TC 8D TD",
        CLUBS,
    )
    assert not any(a >= DECLARE for a in s.legal_actions())  # no trick won yet
    s.apply_action(c("AD"))
    s.apply_action(c("7D"))
    # player 1 won and drew the J of clubs: four J, the trump marriage, a run of three
    options = {s.action_name(a): a for a in s.legal_actions() if a >= DECLARE}
    assert sorted(options) == [
        "declare four J (J♠ J♥ J♣ J♦) +200",
        "declare marriage K♣ Q♣ +20",
        "declare run K♣ Q♣ J♣ +20",
    ]
    s.story = []  # the table listens
    s.apply_action(options["declare four J (J♠ J♥ J♣ J♦) +200"])
    assert [str(line) for line in s.story] == ["player 2 declares four J (J♠ J♥ J♣ J♦): +200"]
    assert s.vars.score == (0, 211)
    # exactly the declared cards are shown to the other player
    seen = [x for x in s.observation(0)["zones"]["hand1"] if x is not None]
    assert sorted(seen) == sorted(Card(x).ascii for x in cards(FOUR_J))
    assert not any(a >= DECLARE for a in s.legal_actions())  # one completion a turn
    assert game.audit(s) is None
    # the opponent, who lost the trick, may not declare
    s.apply_action(c("6S"))
    assert not any(a >= DECLARE for a in s.legal_actions())


def test_a_card_counts_in_one_completion_only() -> None:
    d = NineCasino().declarations
    hand = cards("KC QC KS KH KD")
    found = {d.catalogue[i].kind: d.catalogue[i] for i in d.find(hand, CLUBS)}
    assert sorted(found) == ["marriage", "set"]
    # once the four K are declared, the K♣ cannot make the trump marriage too
    assert d.find(hand, CLUBS, used=found["set"].mask) == []


def test_no_completion_once_the_stock_is_out() -> None:
    game = NineCasino()
    s = state_with(game, "7D 6D 8S", "AD JS JH", "JC JD", CLUBS)
    s.zones["hand1"] = cards("AD JS JH")
    s.apply_action(c("AD"))
    s.apply_action(c("7D"))
    assert s.zones["stock"] == [] and not any(a >= DECLARE for a in s.legal_actions())


def test_a_full_deal_shares_out_all_112_card_points() -> None:
    game = NineCasino(target=5000)
    rng = random.Random(5)
    for seed in range(20):
        s = game.new_initial_state(seed)
        while s.vars.deals == 1:
            cards_only = [a for a in s.legal_actions() if a < DECLARE]
            s.apply_action(cards_only[int(rng.random() * len(cards_only))])
        assert sum(s.vars.match) == 112  # nobody declared: the cards alone


def test_the_match_ends_at_the_target() -> None:
    game = NineCasino(target=300)
    rng = random.Random(0)
    for seed in range(10):
        s = game.new_initial_state(seed)
        random_playout(s, rng)
        match = s.vars.match
        assert max(match) >= 300
        winner = 0 if match[0] > match[1] else 1
        assert s.returns()[winner] == 1.0


def test_conformance() -> None:
    assert check_game(NineCasino(target=200), seeds=range(6)) > 0
