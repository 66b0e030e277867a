"""Sixty-six: the example deal both texts narrate, replayed move by move, and the scoring rules."""

from __future__ import annotations

import random

import pytest

from conjure.deck import Card
from conjure.games import GameState
from conjure.testing import check_game
from conjure_games.sixty_six import (
    CHANGE,
    CLOSE,
    DECK,
    DECLARE,
    MARRIAGES,
    MARRY,
    PASS,
    SixtySix,
)


def c(text: str) -> int:
    return Card(text).code


def cards(text: str) -> list[int]:
    return [c(t) for t in text.split()]


def example_state(game: SixtySix) -> GameState:
    """The texts' deal: spades trump, player 0 deals and holds ♦A ♣A ♣J ♣9 ♥Q ♠9."""
    state = game.new_initial_state(0)
    z = state.zones
    z["hand0"] = cards("AD AC JC 9C QH 9S")
    z["hand1"] = cards("KH KD KC TC QS JS")
    # the draws the texts narrate, in order; the turned-up trump card (♠K) is on top
    z["stock"] = cards("KS AH QC TH AS TS JH JD TD QD 9H 9D")
    state.known = {c("KS"): -1}
    state.vars.trump = 0
    state.vars.dealer = 0
    state.vars.leader = 0
    state.vars.score = (0, 0)
    state.vars.extra = (0, 0)
    state.vars.tricks = (0, 0)
    state.current = 0
    return state


def play(game: SixtySix, state: GameState, *moves: int) -> None:
    for move in moves:
        state.apply_action(move)


def test_the_example_deal_replays() -> None:
    game = SixtySix()
    s = example_state(game)
    # ① the dealer cannot change trump before winning a trick; he leads ♦A, the other must
    #    follow with ♦K (he could trump with ♠J only without diamonds)
    assert not any(a >= CHANGE for a in s.legal_actions())
    play(game, s, c("AD"))
    assert list(s.legal_actions()) == [c("KD")]
    play(game, s, c("KD"))
    assert s.vars.score == (15, 0)
    # ② the dealer drew ♠K, the other ♥A; the dealer shows ♠9, changes trump to clubs, leads ♠9
    assert c("KS") in s.zones["hand0"] and c("AH") in s.zones["hand1"]
    assert CHANGE + 2 in s.legal_actions()
    play(game, s, CHANGE + 2)
    assert s.vars.trump == 2 and s.zones["trick"] == [c("9S")]
    play(game, s, c("JS"))  # the other wins with ♠J and keeps ♠Q
    assert s.vars.score == (15, 2) and s.current == 1
    # ③ the other drew ♣Q, the dealer ♥10; holding the trump marriage ♣K ♣Q he leads ♥A
    assert c("QC") in s.zones["hand1"] and c("TH") in s.zones["hand0"]
    assert MARRY + c("KC") in s.legal_actions()
    play(game, s, c("AH"))
    assert sorted(s.legal_actions()) == sorted(cards("QH TH"))
    play(game, s, c("QH"))
    assert s.vars.score == (15, 16)
    # ④ the other drew ♠A, the dealer ♠10; ♠A is led and the dealer, whose ♠10 cannot win,
    #    plays ♠K
    assert c("AS") in s.zones["hand1"] and c("TS") in s.zones["hand0"]
    play(game, s, c("AS"), c("KS"))
    assert s.vars.score == (15, 31)
    # ⑤ the other drew ♥J, the dealer ♦J; ♥J is led and the dealer wins at last with ♥10
    play(game, s, c("JH"), c("TH"))
    assert s.vars.score == (27, 31) and s.current == 0
    # ⑥ the dealer drew ♦10, the other ♦Q; the dealer leads ♦10 and the other plays ♦Q
    assert c("TD") in s.zones["hand0"] and c("QD") in s.zones["hand1"]
    play(game, s, c("TD"), c("QD"))
    # ⑦ the dealer draws ♥9, the other ♦9: the stock is used up
    assert s.zones["stock"] == []
    assert sorted(s.zones["hand0"]) == sorted(cards("AC JC 9C TS JD 9H"))
    assert sorted(s.zones["hand1"]) == sorted(cards("KH KC TC QS QC 9D"))
    assert s.vars.score == (40, 31)
    assert CLOSE not in s.legal_actions()  # nothing left to close
    assert game.audit(s) is None


def play_out(game: SixtySix, state: GameState) -> None:
    """Play the hands out with the first legal card, up to the decision after the last trick."""
    while not state.vars.final:
        legal = [a for a in state.legal_actions() if a < 64]
        state.apply_action(legal[0])


def test_last_trick_bonus_and_the_end_of_the_deal() -> None:
    game = SixtySix()
    s = example_state(game)
    play(
        game,
        s,
        c("AD"),
        c("KD"),
        CHANGE + 2,
        c("JS"),
        c("AH"),
        c("QH"),
        c("AS"),
        c("KS"),
        c("JH"),
        c("TH"),
        c("TD"),
        c("QD"),
    )
    play_out(game, s)
    last = s.vars.leader
    assert s.current == last and s.vars.extra[last] == 10  # no marriage was scored
    assert sum(s.vars.score) == 120 + 10
    assert list(s.legal_actions()) == [PASS, DECLARE]
    declarer_had = s.vars.score[last]
    play(game, s, DECLARE)
    assert s.vars.deals == 2 and s.vars.dealer == 1  # the next deal, the other deals
    assert s.vars.match[last] == (1 if declarer_had >= 66 else -3)


def test_no_declaration_is_a_draw() -> None:
    game = SixtySix()
    s = example_state(game)
    play_out(game, s)
    play(game, s, PASS)
    assert s.vars.match == (0, 0) and s.vars.deals == 2


def test_a_false_declaration_costs_three() -> None:
    game = SixtySix()
    s = example_state(game)
    play(game, s, c("AD"), c("KD"))
    assert DECLARE in s.legal_actions()  # the dealer has won a trick and is on lead
    play(game, s, DECLARE)
    assert s.vars.match == (-3, 3)


def test_a_good_declaration_scores_by_the_others_points() -> None:
    game = SixtySix()
    s = example_state(game)
    s.vars.score = (70, 40)
    s.vars.tricks = (3, 2)
    s.vars.won_last = True
    play(game, s, DECLARE)
    assert s.vars.match == (1, -1)
    for other, tricks, points in ((20, 1, 2), (0, 0, 3)):
        s = example_state(game)
        s.vars.score = (70, other)
        s.vars.tricks = (3, tricks)
        play(game, s, DECLARE)
        assert s.vars.match == (points, -points)


def test_both_over_66_scores_nothing_and_carries_a_point() -> None:
    game = SixtySix()
    s = example_state(game)
    s.vars.score = (70, 67)
    s.vars.tricks = (3, 3)
    play(game, s, DECLARE)
    assert s.vars.match == (0, 0) and s.vars.carry == 1
    s = example_state(game)
    s.vars.carry = 1
    s.vars.score = (70, 10)
    s.vars.tricks = (3, 1)
    play(game, s, DECLARE)
    assert s.vars.match == (3, -2)


def test_a_marriage_scores_only_when_its_trick_is_won() -> None:
    game = SixtySix()
    s = example_state(game)
    s.zones["hand0"] = cards("KH QH AD AC JC 9S")
    s.zones["hand1"] = cards("AH KD KC TC QS JS")
    play(game, s, MARRY + c("KH"))
    assert s.known[c("QH")] == -1  # the partner was shown
    play(game, s, c("AH"))  # beaten: no marriage points
    assert s.vars.score == (0, 15)
    s = example_state(game)
    s.zones["hand0"] = cards("KH QH AD AC JC 9S")
    s.zones["hand1"] = cards("9H KD KC TC QS JS")
    play(game, s, MARRY + c("QH"), c("9H"))
    assert s.vars.score == (3 + 20, 0)
    # in trumps (spades in the example deal) a marriage is worth 40
    s = example_state(game)
    s.zones["hand0"] = cards("KS QS AD AC JC 9C")
    s.zones["hand1"] = cards("9H KD KC TC QH JH")
    assert MARRY + c("KS") in s.legal_actions() and MARRY + c("QS") in s.legal_actions()
    assert MARRY + c("KD") not in s.legal_actions()  # the Queen of diamonds is not held
    play(game, s, MARRY + c("KS"), c("9H"))
    assert s.vars.score == (4 + 40, 0)


def test_the_marriages_offered_on_lead_are_those_the_finder_sees() -> None:
    """The lead lists the marriages of a hand from King-and-Queen pairs, in the catalogue's
    order; on random hands (a marriage in most of them) that is what MARRIAGES.find answers."""
    game = SixtySix()
    rng = random.Random(3)
    with_marriage = 0
    for _ in range(300):
        s = example_state(game)
        hand = rng.sample(DECK, 6)
        rest = [card for card in DECK if card not in hand]
        s.zones["hand0"], s.zones["hand1"], s.zones["stock"] = hand, rest[:6], rest[6:]
        found = [
            MARRY + card for i in MARRIAGES.find(hand) for card in MARRIAGES.catalogue[i].cards
        ]
        offered = [a for a in s.legal_actions() if MARRY <= a < CHANGE]
        assert offered == found, hand
        with_marriage += bool(found)
    assert with_marriage > 50


def test_closing_stops_the_draw_and_the_bonus() -> None:
    game = SixtySix()
    s = example_state(game)
    play(game, s, c("AD"), c("KD"))
    assert CLOSE in s.legal_actions()
    play(game, s, CLOSE)
    assert s.vars.closed and CLOSE not in s.legal_actions()
    play(game, s, c("AC"), c("TC"))
    assert len(s.zones["stock"]) == 10  # no more drawing
    assert len(s.zones["hand0"]) == len(s.zones["hand1"]) == 5
    play_out(game, s)
    assert sum(s.vars.extra) == 0  # no last-trick bonus after closing
    assert sum(s.vars.score) < 120


@pytest.mark.parametrize("target", [1, 7])
def test_conformance(target: int) -> None:
    assert check_game(SixtySix(target=target), seeds=range(12)) > 0


def test_exactly_66_wins_the_deal() -> None:
    game = SixtySix()
    s = example_state(game)
    s.vars.score = (66, 40)
    s.vars.tricks = (3, 2)
    play(game, s, DECLARE)
    assert s.vars.match == (1, -1)


def test_declaring_short_of_66_asks_for_confirmation_at_the_table() -> None:
    game = SixtySix()
    s = example_state(game)
    s.vars.score = (40, 40)
    s.vars.tricks = (3, 2)
    warning = game._warning(s, DECLARE)
    assert warning is not None and "costs 3 game points" in warning.en
    assert "扣3局分" in warning.zh
    s.vars.score = (70, 40)
    assert game._warning(s, DECLARE) is None
