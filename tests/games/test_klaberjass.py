"""Klaberjass: the text's orders and scoring table, sequences declared and compared before the
first lead, the follow rules, only the winner's own card scoring, the end of a deal and match."""

from __future__ import annotations

import random

import attrs

from conjure.deck import Card
from conjure.games import TERMINAL, GameState
from conjure.testing import check_game
from conjure_games.klaberjass import BELLA, DECK, RANKING, SEQUENCES, Klaberjass

SPADES, HEARTS, CLUBS, DIAMONDS = range(4)


def c(text: str) -> int:
    return Card(text).code


def cards(text: str) -> list[int]:
    return [c(t) for t in text.split()]


def playing(game: Klaberjass, hand0: str, hand1: str, trump: int) -> GameState:
    """Player 0 deals and leads; the cards not named are out of play."""
    s = game.new_initial_state(0)
    for zone in s.zones.values():
        zone.clear()
    s.zones["hand0"], s.zones["hand1"] = cards(hand0), cards(hand1)
    s.known = {}
    s.vars = attrs.evolve(
        s.vars, trump=trump, dealer=0, score=(0, 0), phase="play", tricks=0, sequence=-1
    )
    s.vars.declared = (len(SEQUENCES), len(SEQUENCES))
    s.current = 0
    return s


def test_orders_from_the_text() -> None:
    strength = RANKING.strength[SPADES]
    for order in ("JS 9S AS TS KS QS 8S 7S", "AH TH KH QH JH 9H 8H 7H"):
        values = [strength[x] for x in cards(order)]
        assert values == sorted(values, reverse=True)


def test_the_scoring_table() -> None:
    pts = RANKING.points[SPADES]
    assert pts[c("JS")] == 20 and pts[c("9S")] == 14
    assert [pts[c(x)] for x in ("AH", "TH", "KH", "QH", "JH", "9H")] == [11, 10, 4, 3, 2, 0]
    assert [pts[c(x)] for x in ("AS", "TS", "KS", "QS", "8S", "7S")] == [11, 10, 4, 3, 0, 0]
    assert BELLA == 20
    assert sum(pts[x] for x in DECK) == 152
    values = {len(x.cards): x.value for x in SEQUENCES.catalogue}
    assert values[3] == 20 and values[4] == 50 and values[8] == 50


def test_the_deal() -> None:
    s = Klaberjass().new_initial_state(1)
    assert len(s.zones["hand0"]) == len(s.zones["hand1"]) == 9
    assert len(s.zones["aside"]) == 1 and len(s.zones["rest"]) == 13
    assert s.vars.trump == s.zones["aside"][0] // 13


def declaring(game: Klaberjass, hand0: str, hand1: str, trump: int) -> GameState:
    """Player 0 deals; the non-dealer declares first."""
    s = game.new_initial_state(0)
    s.zones["hand0"], s.zones["hand1"] = cards(hand0), cards(hand1)
    used = set(s.zones["hand0"]) | set(s.zones["hand1"])
    s.zones["rest"] = [x for x in DECK if x not in used]
    s.zones["aside"] = []
    s.known = {}
    s.vars = attrs.evolve(
        s.vars, trump=trump, dealer=0, score=(0, 0), phase="declare", declared=(-1, -1)
    )
    s.current = 1
    game._next_declarer(s)  # as after the deal: whoever has a sequence declares
    return s


def test_sequences_compared_before_the_first_lead() -> None:
    game = Klaberjass()
    # the non-dealer holds a plain run of four, the dealer a trump run of three
    s = declaring(game, "9C 8C 7C AS KH 7D 8D 9H JH", "KS QS JS TS 9D 7H AC TC AD", CLUBS)
    assert s.current == 1
    legal = list(s.legal_actions())
    assert [s.action_name(a) for a in legal] == ["declare run K♠ Q♠ J♠ 10♠ (50)"]
    s.apply_action(legal[0])
    # the declared cards, and only those, are shown to the dealer
    shown = [x for x in s.observation(0)["zones"]["hand1"] if x is not None]
    assert sorted(shown) == sorted(Card(x).ascii for x in cards("KS QS JS TS"))
    assert s.current == 0
    s.story = []  # the table listens
    s.apply_action(s.legal_actions()[0])
    # the text: a trump sequence beats any plain one; the dealer scores 20, then leads
    assert s.vars.score == (20, 0) and s.vars.phase == "play" and s.current == 0
    assert [str(x) for x in s.story] == ["player 1's sequence is the better: +20"]


def test_sequences_by_length_with_the_option() -> None:
    game = Klaberjass(seq=1)
    s = declaring(game, "9C 8C 7C AS KH 7D 8D 9H JH", "KS QS JS TS 9D 7H AC TC AD", CLUBS)
    s.apply_action(s.legal_actions()[0])
    s.apply_action(s.legal_actions()[0])
    assert s.vars.score == (0, 50)


def test_equal_sequences_go_to_the_non_dealer() -> None:
    game = Klaberjass()
    s = declaring(game, "KH QH JH 7S 8D 9D AC 7C 8C", "KS QS JS 7H 8S 9C AD TD 7D", CLUBS)
    s.apply_action(s.legal_actions()[0])
    s.apply_action(s.legal_actions()[0])
    assert s.vars.score == (0, 20)
    # and the higher top card wins between runs of the same length
    s = declaring(game, "AH KH QH 7S 8D 9D TC 7C 8C", "KS QS JS 7H 8S 9C AD TD 7D", CLUBS)
    s.apply_action(s.legal_actions()[0])
    s.apply_action(s.legal_actions()[0])
    assert s.vars.score == (20, 0)


def test_a_player_without_a_sequence_is_passed_over() -> None:
    game = Klaberjass()
    s = declaring(game, "AH KH QH 7S 8D TD TC 7C 9S", "AS 9D JS 7H 8S 9C AD QD 7D", CLUBS)
    assert s.current == 0  # the non-dealer has none: the dealer declares his
    s.apply_action(s.legal_actions()[0])
    assert s.vars.score == (20, 0) and s.vars.phase == "play"
    s = declaring(game, "AH KD QH 7S 8D TD TC 7C 9S", "AS KH JS 7H 8S 9C AD QD 7D", CLUBS)
    assert s.vars.phase == "play" and s.current == 0  # nobody has one: the dealer leads


def test_follow_suit_and_trumping_may_not_must() -> None:
    game = Klaberjass()
    s = playing(game, "AH 7S", "KH 7C", CLUBS)
    s.apply_action(c("AH"))
    assert list(s.legal_actions()) == cards("KH")
    s = playing(game, "AD 7S", "KH 7C", CLUBS)
    s.apply_action(c("AD"))
    assert sorted(s.legal_actions()) == sorted(cards("KH 7C"))  # void: any card
    # a trump led: a trump if able, not necessarily higher
    s = playing(game, "9C 7S", "JC 7C 8H", CLUBS)
    s.apply_action(c("9C"))
    assert sorted(s.legal_actions()) == sorted(cards("JC 7C"))


def test_strict_option_trump_and_overtrump() -> None:
    game = Klaberjass(strict=1)
    s = playing(game, "AD 7S", "KH 7C", CLUBS)
    s.apply_action(c("AD"))
    assert list(s.legal_actions()) == cards("7C")
    s = playing(game, "9C 7S", "JC 7C 8H", CLUBS)
    s.apply_action(c("9C"))
    assert list(s.legal_actions()) == cards("JC")


def test_only_the_winners_own_card_scores() -> None:
    game = Klaberjass()
    s = playing(game, "AH 7S", "TH 7C", CLUBS)
    s.apply_action(c("AH"))
    s.apply_action(c("TH"))
    assert s.vars.score == (11, 0)  # the ♥10's 10 points go to nobody
    assert s.zones["won0"] == cards("AH") and s.zones["beaten"] == cards("TH")
    s.apply_action(c("7S"))
    s.apply_action(c("7C"))  # trumped: the ♣7 scores nothing, the ♠7 neither
    assert s.vars.score == (11, 0) and s.current == 1


def test_bella_when_both_trump_king_and_queen_won_tricks() -> None:
    game = Klaberjass(last=0)
    s = playing(game, "KC QC 7H", "8C 7C 8H", CLUBS)
    s.apply_action(c("KC"))
    s.apply_action(c("8C"))
    s.apply_action(c("QC"))
    s.apply_action(c("7C"))
    assert s.vars.score == (4 + 3 + 20, 0)
    assert game.audit(s) is None


def test_the_last_trick_and_the_end_of_the_deal() -> None:
    for last in (10, 0):
        game = Klaberjass(last=last)
        s = playing(game, "7H", "8S", CLUBS)
        s.vars.tricks = 8
        s.apply_action(c("7H"))
        s.apply_action(c("8S"))
        assert s.vars.match == (last, 0)  # the deal was scored into the match
        assert s.vars.deals == 2 and s.vars.dealer == 1


def test_the_match_ends_at_500() -> None:
    game = Klaberjass(last=10)
    s = playing(game, "7H", "8S", CLUBS)
    s.vars = attrs.evolve(s.vars, tricks=8, match=(495, 300))
    s.apply_action(c("7H"))
    s.apply_action(c("8S"))
    assert s.current == TERMINAL and s.returns() == (1.0, -1.0)


def test_conformance() -> None:
    assert check_game(Klaberjass(target=200), seeds=range(8)) > 0


def test_the_texts_defaults_give_no_last_trick_bonus() -> None:
    assert Klaberjass().option_values["last"] == 0  # the text's table has none
    s = playing(Klaberjass(), "7H", "8S", CLUBS)
    s.vars = attrs.evolve(s.vars, tricks=8)
    s.apply_action(c("7H"))
    s.apply_action(c("8S"))
    assert s.vars.match == (0, 0)
    assert check_game(Klaberjass(target=100, strict=1, seq=1, last=0), seeds=range(4)) > 0


def test_the_card_points_of_a_full_deal() -> None:
    """Before the last trick, the 152 points of the deck lie in the winners' own cards (which
    scored), the beaten cards, the two last cards and the cards out of play."""
    game = Klaberjass(target=5000)
    rng = random.Random(3)
    for seed in range(30):
        s = game.new_initial_state(seed)
        while s.vars.tricks < 8 or s.zones["trick"]:
            legal = s.legal_actions()
            s.apply_action(legal[int(rng.random() * len(legal))])
        points = RANKING.points[s.vars.trump]
        assert sum(points[x] for zone in s.zones.values() for x in zone) == 152
        won = sum(points[x] for x in s.zones["won0"] + s.zones["won1"])
        assert won <= sum(s.vars.score)
        assert game.audit(s) is None
