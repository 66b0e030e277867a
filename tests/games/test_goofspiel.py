"""Goofspiel: bids, the Ace low, ties by each option, and conformance."""

from __future__ import annotations

import random

import pytest

from conjure.deck import Card
from conjure.testing import check_game
from conjure_games.goofspiel import Goofspiel


def c(text: str) -> int:
    return Card(text).code


def test_higher_bid_wins_the_diamond_and_the_ace_is_low() -> None:
    game = Goofspiel()
    s = game.new_initial_state(3)
    prize = s.zones["prize"][0]
    s.apply_action(c("AS"))
    assert s.zones["bid0"] == [c("AS")] and s.current == 1
    assert s.observation(1)["zones"]["bid0"] == [None]  # the second bidder cannot see it
    s.apply_action(c("2H"))
    assert s.zones["won1"] == [prize]
    assert s.vars.score == (0, prize - c("AD") + 1)
    assert s.zones["used"] == [c("AS"), c("2H")]


@pytest.mark.parametrize(("ties", "expect"), [(0, (0, 0)), (2, None)])
def test_a_tie_is_set_aside_or_split(ties: int, expect: tuple[int, int] | None) -> None:
    game = Goofspiel(ties=ties)
    s = game.new_initial_state(5)
    value = s.zones["prize"][0] - c("AD") + 1
    s.apply_action(c("KS"))
    s.apply_action(c("KH"))
    assert s.zones["tied"] and not s.zones["won0"] and not s.zones["won1"]
    assert s.vars.score == (expect or (value / 2, value / 2))


def test_a_carried_tie_goes_to_the_next_winner() -> None:
    game = Goofspiel(ties=1)
    s = game.new_initial_state(5)
    first = s.zones["prize"][0]
    s.apply_action(c("KS"))
    s.apply_action(c("KH"))
    assert s.is_chance_node()  # the next diamond is turned up by chance
    s.sample_chance(random.Random(1))
    second = s.zones["prize"][0]
    s.apply_action(c("QS"))
    s.apply_action(c("2H"))
    assert sorted(s.zones["won0"]) == sorted([first, second])
    assert s.vars.score[0] == first + second - 2 * (c("AD") - 1)


def test_a_whole_game_ends_with_every_diamond_accounted() -> None:
    game = Goofspiel()
    s = game.new_initial_state(9)
    rng = random.Random(0)
    while not s.is_terminal():
        if s.is_chance_node():
            s.sample_chance(rng)
        else:
            s.apply_action(game.ordered_actions(s)[0])
    assert len(s.zones["won0"]) + len(s.zones["won1"]) + len(s.zones["tied"]) == 13
    assert s.returns() in ((1.0, -1.0), (-1.0, 1.0), (0.0, 0.0))


@pytest.mark.parametrize("ties", [0, 1, 2])
def test_conformance(ties: int) -> None:
    assert check_game(Goofspiel(ties=ties), seeds=range(20)) > 0


def test_a_tied_diamond_is_carried_by_default_and_the_ace_is_listed_first() -> None:
    game = Goofspiel()
    assert game.option_values["ties"] == 1
    s = game.new_initial_state(1)
    assert game.ordered_actions(s)[0] == c("AS")  # the Ace is the lowest bid


def test_the_opponents_remaining_bids_are_public() -> None:
    game = Goofspiel()
    s = game.new_initial_state(1)
    s.apply_action(c("5S"))
    s.apply_action(c("9H"))
    (said,) = game._facts(s, 0)
    fact = str(said)
    assert "9♥" not in fact and "8♥" in fact and fact.startswith("player 2 can still bid")
    assert said.get("zh").startswith("玩家2还能投标的牌：")


def test_no_bid_left_reads_as_a_dash() -> None:
    game = Goofspiel()
    s = game.new_initial_state(1)
    rng = random.Random(3)
    while not s.is_terminal():
        if s.is_chance_node():
            s.sample_chance(rng)
        else:
            s.apply_action(s.legal_actions()[0])
    (said,) = game._facts(s, 0)
    assert str(said) == "player 2 can still bid —"
    assert said.get("zh") == "玩家2还能投标的牌：—"
