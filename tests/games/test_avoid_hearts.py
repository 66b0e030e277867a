"""Avoid hearts (巧避红桃): the chip settlement for clean, dirty and shooting players and the pot
carried over, following suit without trumps, the uneven deal and its short last trick,
play in seat order, conformance for three to six players, and the Monte-Carlo bot against random
play."""

from __future__ import annotations

import random

import pytest

from conjure.deck import Card
from conjure.games import TERMINAL, GameError, GameState
from conjure.testing import check_game
from conjure_games.avoid_hearts import AvoidHearts, settle


def c(text: str) -> int:
    return Card(text).code


def cards(text: str) -> list[int]:
    return [c(t) for t in text.split()]


def test_settle_clean_players_share_the_pot() -> None:
    # two dirty players pay 5 and 8 chips; the two clean ones take 6 each, 1 stays in the pot
    gains, pot = settle([5, 0, 8, 0], 0)
    assert gains == (-5, 6, -8, 6) and pot == 1
    # a carried pot is shared too
    gains, pot = settle([5, 0, 8, 0], 3)
    assert gains == (-5, 8, -8, 8) and pot == 0
    # one clean player takes it all
    gains, pot = settle([3, 4, 6, 0], 2)
    assert gains == (-3, -4, -6, 15) and pot == 0


def test_settle_everybody_dirty_carries_the_pot() -> None:
    gains, pot = settle([3, 4, 5, 1], 2)
    assert gains == (-3, -4, -5, -1) and pot == 15


def test_settle_taking_every_heart_collects_from_each_player() -> None:
    gains, pot = settle([0, 13, 0, 0], 4)
    assert gains == (-1, 3, -1, -1) and pot == 4
    gains, pot = settle([0, 0, 13, 0, 0, 0], 0)
    assert gains == (-1, -1, 5, -1, -1, -1) and pot == 0


def hand_position(game: AvoidHearts, hands: list[str], leader: int = 0) -> GameState:
    """A position where each seat holds ``hands[p]`` and every other card is in won0 (no
    hearts among them may be left out: the test hands hold the hearts they need)."""
    s = game.new_initial_state(0)
    s.zones = {z: [] for z in s.zones}
    used: list[int] = []
    for p, h in enumerate(hands):
        s.zones[f"hand{p}"] = cards(h)
        used += cards(h)
    rest = [x for x in range(52) if x not in used]
    s.zones["won0"] = rest
    hearts = sum(1 for x in rest if x // 13 == 1)
    s.vars.score = (hearts,) + (0,) * (game.num_players - 1)
    s.vars.tricks = (0,) * game.num_players
    s.vars.leader = leader
    s.vars.playing = game._seats_from(s, leader)
    s.vars.deals = game.option_values["deals"]  # the last deal of the match
    s.current = s.vars.playing[0] if s.vars.playing else TERMINAL
    return s


def test_follow_suit_without_trumps() -> None:
    game = AvoidHearts(4)
    s = hand_position(game, ["5S 2H", "KS AH", "AD 4C", "9S TS"])
    s.apply_action(c("5S"))
    assert sorted(s.legal_actions()) == [c("KS")]  # must follow
    s.apply_action(c("KS"))
    assert sorted(s.legal_actions()) == sorted(cards("AD 4C"))  # void: anything
    s.apply_action(c("AD"))  # an Ace off suit cannot win
    s.apply_action(c("9S"))
    assert s.vars.leader == 1 and s.current == 1  # the King of the suit led wins and leads
    s = hand_position(game, ["5S 2H", "KS AH", "AD 4C", "9S TS"])
    s.apply_action(c("5S"))
    with pytest.raises(GameError, match="allowed: K♠"):
        s.apply_action(c("AH"))  # holds ♠K


def test_a_deal_settles_into_the_match_and_the_pot() -> None:
    game = AvoidHearts(4, deals=1)
    # the last trick: player 2 leads ♥A and takes every heart of it; won0 holds the rest
    s = hand_position(game, ["2H", "AH", "3H", "4H"], leader=1)
    assert s.vars.score[0] == 9
    for a in ("AH", "3H", "4H", "2H"):
        s.apply_action(c(a))
    # player 1 took 9 hearts, player 2 four: the two clean players share 13 chips
    assert s.current == TERMINAL
    assert s.vars.match == (-9, -4, 6, 6) and s.vars.pot == 1
    assert s.returns() == (-9.0, -4.0, 6.0, 6.0)


def test_all_dirty_carries_the_pot_to_the_next_deal() -> None:
    game = AvoidHearts(4, deals=2)
    s = hand_position(game, ["2H 3S", "AH 4S", "KH 5S", "QH 6S"], leader=0)
    s.vars.deals = 1
    s.zones["won0"].remove(c("JH"))
    s.zones["won1"].append(c("JH"))
    s.zones["won2"].append(c("TH"))
    s.zones["won0"].remove(c("TH"))
    s.zones["won3"].append(c("9H"))
    s.zones["won0"].remove(c("9H"))
    s.vars.score = (6, 1, 1, 1)
    for a in ("3S", "4S", "5S", "6S"):  # player 4 wins the spades and leads the hearts
        s.apply_action(c(a))
    for a in ("QH", "2H", "AH", "KH"):  # player 2 takes the four hearts
        s.apply_action(c(a))
    assert s.vars.match == (-6, -5, -1, -1) and s.vars.pot == 13
    assert s.is_chance_node() and s.vars.deals == 2  # the next deal, with the pot kept


def test_shooting_collects_one_chip_from_each() -> None:
    game = AvoidHearts(4, deals=1)
    s = hand_position(game, ["2H", "AH", "3C", "4C"], leader=1)
    s.zones["won1"] = s.zones["won0"]
    s.zones["won0"] = []
    s.vars.score = (0, 11, 0, 0)
    for a in ("AH", "3C", "4C", "2H"):
        s.apply_action(c(a))
    assert s.vars.match == (-1, 3, -1, -1) and s.vars.pot == 0


@pytest.mark.parametrize(
    ("players", "sizes"),
    [(3, [17, 18, 17]), (4, [13] * 4), (5, [10, 11, 11, 10, 10]), (6, [8, 9, 9, 9, 9, 8])],
)
def test_every_card_is_dealt_in_seat_order_after_the_dealer(players: int, sizes: list[int]) -> None:
    game = AvoidHearts(players)
    s = game.new_initial_state()
    s.sample_chance(random.Random(players))
    assert [len(s.zones[f"hand{p}"]) for p in range(players)] == sizes
    assert s.current == 1 and s.vars.playing == tuple((1 + i) % players for i in range(players))


def test_the_short_last_trick_is_played_by_the_seats_with_a_card() -> None:
    game = AvoidHearts(5, deals=1)
    # seats 2 and 3 hold one card more; seat 1 won the last full trick but holds none
    s = hand_position(game, ["", "5C", "2H", "", ""], leader=0)
    assert s.vars.playing == (1, 2) and s.current == 1
    s.apply_action(c("5C"))
    assert s.current == 2
    s.apply_action(c("2H"))  # off suit: seat 2 wins its own heart
    assert s.current == TERMINAL and s.vars.score[1] == 1


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_conformance(players: int) -> None:
    assert check_game(AvoidHearts(players, deals=1), seeds=range(2)) > 0
