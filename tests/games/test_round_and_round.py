"""Round and round: the example of text 003, the winner taking both cards, the deal score."""

from __future__ import annotations

import random

from conjure.deck import Card
from conjure.games import GameState
from conjure.testing import check_game
from conjure_games.round_and_round import RoundAndRound, card_points


def c(text: str) -> int:
    return Card(text).code


def cards(text: str) -> list[int]:
    return [c(t) for t in text.split()]


def test_the_example_of_seed_003() -> None:
    game = RoundAndRound()
    s = GameState(game)
    s.vars.match = (0, 0)
    s.vars.dealer = 0
    s.vars.deals = 1
    s.vars.trump = 0
    s.vars.score = (0, 0)
    s.vars.tricks = (0, 0)
    s.zones["hand0"] = cards("6S 7S 3H 4H 5C 8D")
    s.zones["hand1"] = cards("QS 5S 9H TC 3D JD")
    rest = [x for x in range(52) if x not in cards("6S 7S 3H 4H 5C 8D QS 5S 9H TC 3D JD")]
    for x in cards("AS QC 4D 2S"):
        rest.remove(x)
    s.zones["stock"] = cards("AS QC 4D 2S") + rest
    s.current = s.vars.leader = 1  # the dealer's opponent leads
    # the opponent leads ♠Q, the dealer plays ♠6: the opponent takes both (the ♠6 is worthless)
    s.apply_action(c("QS"))
    s.apply_action(c("6S"))
    assert s.zones["won1"] == [c("QS"), c("6S")]
    assert s.vars.score == (0, 2)
    # the winner draws ♠A first, the dealer ♣Q; both saw them on the face-up stock
    assert c("AS") in s.zones["hand1"] and c("QC") in s.zones["hand0"]
    assert s.observation(1)["zones"]["hand0"].count("QC") == 1
    # ♠A led, ♠7 played; the opponent draws ♦4, the dealer ♠2
    s.apply_action(c("AS"))
    s.apply_action(c("7S"))
    assert c("4D") in s.zones["hand1"] and c("2S") in s.zones["hand0"]
    # ♠5 led "to beat the ♠2": the dealer's only spade is the ♠2, so he must play it
    s.apply_action(c("5S"))
    assert list(s.legal_actions()) == [c("2S")]
    s.apply_action(c("2S"))
    assert c("2S") in s.zones["won1"]  # won "to win the ♠2": its 10 points go to the winner
    assert s.vars.score == (0, 2 + 10 + 10)


def test_points() -> None:
    assert [card_points(c(x), 0) for x in ("AS", "KS", "QS", "JS", "2S", "TS")] == [
        10,
        3,
        2,
        10,
        10,
        0,
    ]
    assert [card_points(c(x), 0) for x in ("AH", "KH", "QH", "JH", "2H")] == [4, 3, 2, 1, 0]


def test_deal_scoring_and_the_clean_sweep_bonus() -> None:
    game = RoundAndRound()
    s = game.new_initial_state(1)
    s.vars.score = (12, 0)
    game._deal_over(s, 0)
    assert s.vars.match == (2, 0)
    s.vars.score = (5, 9)
    game._deal_over(s, 0)
    assert s.vars.match == (2, 1)
    s.vars.score = (4, 4)
    game._deal_over(s, 0)
    assert s.vars.match == (2, 1) and s.vars.deals == 4


def test_the_match_ends_at_seven_or_after_thirteen_deals() -> None:
    game = RoundAndRound()
    s = game.new_initial_state(2)
    rng = random.Random(2)
    while not s.is_terminal():
        if s.is_chance_node():
            s.sample_chance(rng)
        else:
            s.apply_action(game.ordered_actions(s)[0])
    assert max(s.vars.match) >= 7 or s.vars.deals == 13


def test_conformance() -> None:
    assert check_game(RoundAndRound(deals=2), seeds=range(6)) > 0


def test_every_deal_gives_all_65_points_so_more_points_always_decides() -> None:
    game = RoundAndRound(deals=3)
    for seed in range(5):
        s = game.new_initial_state(seed)
        rng = random.Random(seed)
        while s.vars.deals == 1:
            z = s.zones
            left = z["hand0"] + z["hand1"] + z["trick"]
            if not z["stock"] and len(left) == 2 and not s.is_chance_node():
                # before the last trick: what was taken and what is left make the whole deal
                trump = s.vars.trump
                assert sum(s.vars.score) + sum(card_points(x, trump) for x in left) == 65
            s.apply_action(s.legal_actions()[int(rng.random() * len(s.legal_actions()))])
        assert sum(s.vars.match) in (1, 2)  # someone always won the deal
