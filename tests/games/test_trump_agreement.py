"""Trump agreement (议将): the pack, the deal and the turned card, agreeing by exchanging it in,
passing to a second round and the dealer made to agree in the last, the lead by the
contractor's 上家, following suit, five tricks a point each to the side, the contract's penalty,
the match by deals or by target, partnerships of four, conformance for two to four players, and
the Monte-Carlo bot against random play."""

from __future__ import annotations

import random

import pytest

from conjure.deck import Card
from conjure.games import HANDS, TERMINAL, GameState
from conjure.games.simulate import simulate
from conjure.testing import check_game
from conjure_games.trump_agreement import ACCEPT, PASS, TrumpAgreement


def c(text: str) -> int:
    return Card(text).code


@pytest.mark.parametrize("players", [2, 3, 4])
def test_five_cards_each_from_32_and_a_turned_card(players: int) -> None:
    game = TrumpAgreement(players)
    assert sorted(game.all_cards()) == sorted(
        s * 13 + r for s in range(4) for r in (0, 6, 7, 8, 9, 10, 11, 12)
    )
    s = game.new_initial_state(players)
    assert [len(s.zones[f"hand{p}"]) for p in range(players)] == [5] * players
    assert len(s.zones["pack"]) == 32 - 5 * players - 1
    turned = s.zones["turned"]
    assert turned == [s.vars.turned]
    for p in range(players):
        assert s.observation(p)["zones"]["turned"] == [Card(turned[0]).ascii]
    assert s.current == 1 and s.legal_actions() == [ACCEPT, PASS]


def test_agreeing_takes_the_card_in_and_puts_one_back_face_up() -> None:
    game = TrumpAgreement(3)
    s = game.new_initial_state(5)
    turned = s.vars.turned
    s.apply_action(PASS)  # seat 2
    s.apply_action(ACCEPT)  # seat 3
    assert s.vars.contractor == 2 and s.vars.trump == turned // 13
    assert turned in s.zones["hand2"] and len(s.zones["hand2"]) == 6
    assert turned not in s.legal_actions()  # the turned card must be taken in
    back = s.legal_actions()[0]
    s.apply_action(back)
    assert s.zones["discard"] == [back] and len(s.zones["hand2"]) == 5
    for p in range(3):
        assert s.observation(p)["zones"]["discard"] == [Card(back).ascii]
        assert Card(turned).ascii in s.observation(p)["zones"]["hand2"]  # seen taken in
    assert s.vars.phase == "play" and s.current == 1  # the contractor's 上家 leads


def test_nobody_agrees_then_a_second_round_where_the_dealer_must() -> None:
    game = TrumpAgreement(2)
    s = game.new_initial_state(7)
    first = s.vars.turned
    s.apply_action(PASS)  # seat 2
    s.apply_action(PASS)  # seat 1, the dealer
    assert s.vars.round == 2 and s.vars.turned != first
    assert s.zones["pack"][-1] == first  # face down at the bottom, and known to all
    assert all(Card(first).ascii in s.observation(p)["zones"]["pack"] for p in range(2))
    s.apply_action(PASS)
    assert s.legal_actions() == [ACCEPT]  # the last round: the dealer may not pass
    s.apply_action(ACCEPT)
    assert s.vars.contractor == 0


def play_out(s: GameState) -> None:
    while s.vars.phase != "over" and s.current != TERMINAL:
        s.apply_action(s.legal_actions()[0])


def test_following_suit_and_trumping() -> None:
    game = TrumpAgreement(2)
    s = game.new_initial_state(11)
    s.apply_action(ACCEPT)  # seat 2 agrees
    s.apply_action(s.legal_actions()[0])
    leader = s.current
    assert leader == 0
    s.zones["hand0"] = [c("AS"), c("7H"), c("8H"), c("9H"), c("TH")]
    s.zones["hand1"] = [c("KS"), c("7D"), c("8D"), c("9D"), c("TD")]
    rest = [x for x in game.all_cards() if x not in s.zones["hand0"] + s.zones["hand1"]]
    s.zones["pack"] = [x for x in rest if x not in s.zones["discard"]]
    s.zones["turned"] = []
    s.vars.trump = 3  # diamonds
    s.apply_action(c("7H"))
    assert sorted(s.legal_actions()) == sorted([c("KS"), c("7D"), c("8D"), c("9D"), c("TD")])
    s.apply_action(c("7D"))  # no heart: a trump takes it
    assert s.vars.leader == 1 and s.vars.tricks == (0, 1)
    s.apply_action(c("KS"))
    assert s.legal_actions() == [c("AS")]  # must follow
    s.apply_action(c("AS"))
    assert s.vars.leader == 0


@pytest.mark.parametrize(("players", "sides"), [(2, [0, 1]), (3, [0, 1, 2]), (4, [0, 1, 0, 1])])
def test_five_tricks_a_point_each_and_the_set(players: int, sides: list[int]) -> None:
    for bonus in (2, 0):
        for seed in range(8):
            game = TrumpAgreement(players, deals=1, set_bonus=bonus)
            s = game.new_initial_state(seed)
            s.apply_action(ACCEPT)
            s.apply_action(s.legal_actions()[-1])
            contractor = s.vars.contractor
            play_out(s)
            assert s.current == TERMINAL
            tricks = s.vars.tricks
            assert sum(tricks) == 5 and all(
                len(s.zones[f"won{p}"]) == players * tricks[p] for p in range(players)
            )
            side = [
                sum(tricks[q] for q in range(players) if sides[q] == sides[p])
                for p in range(players)
            ]
            ours = side[contractor]
            set_ = ours < 3
            expected = tuple(
                side[p] + (bonus if set_ and sides[p] != sides[contractor] else 0)
                for p in range(players)
            )
            assert s.vars.match == expected
            assert (s.vars.made, s.vars.lost) == ((0, 1) if set_ else (1, 0))


def test_the_match_by_deals_and_by_target() -> None:
    for deals in (5, 8, 10):
        s = TrumpAgreement(2, deals=deals).new_initial_state()
        rng = random.Random(deals)
        while s.current != TERMINAL:
            if s.is_chance_node():
                s.sample_chance(rng)
            else:
                s.apply_action(s.legal_actions()[0])
        assert s.vars.deals == deals
    for target in (20, 25, 50):
        s = TrumpAgreement(2, deals=100, target=target).new_initial_state()
        rng = random.Random(target)
        while s.current != TERMINAL:
            if s.is_chance_node():
                s.sample_chance(rng)
            else:
                s.apply_action(s.legal_actions()[0])
        assert max(s.vars.match) >= target and s.vars.deals < 100
        assert max(s.vars.match) < target + 5 + 2  # it stopped at the deal that reached it
        r = s.returns()
        assert r[s.vars.match.index(max(s.vars.match))] == 1.0 or r == (0.0, 0.0)


def test_partners_share_their_result() -> None:
    summary = simulate(TrumpAgreement(4, deals=2), 40, seed=3)
    assert summary.teams == ("players 1 & 3", "players 2 & 4")
    assert summary.mean_returns[0] == summary.mean_returns[2]
    assert summary.mean_returns[1] == summary.mean_returns[3]
    assert sum(summary.team_wins) + summary.team_draws == 40


@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance(players: int) -> None:
    assert check_game(TrumpAgreement(players, deals=2), seeds=range(2)) > 0


def test_the_hands_are_private() -> None:
    s = TrumpAgreement(3).new_initial_state(2)
    for p in range(3):
        obs = s.observation(p)["zones"]
        for q in range(3):
            assert (None in obs[HANDS[q]]) == (p != q)


def test_partners_judge_a_deal_alike() -> None:
    """The bots play for their side: with four players a finished deal is worth the same to
    both partners and the opposite to the other side."""
    game = TrumpAgreement(4, deals=1)
    for seed in range(4):
        s = game.new_initial_state(seed)
        start = s.copy()
        s.apply_action(ACCEPT)
        play_out(s)
        values = [game._deal_value(start, s, p) for p in range(4)]
        assert values[0] == values[2] == -values[1] == -values[3]
