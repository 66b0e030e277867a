"""Jack high: Jacks as trumps, ♠J over all, the first of two Jacks, following a Jack."""

from __future__ import annotations

import pytest

from conjure.deck import Card
from conjure.games import GameState
from conjure.testing import check_game
from conjure_games.jack_high import POINTS, JackHigh


def c(text: str) -> int:
    return Card(text).code


def trick(first: str, second: str) -> GameState:
    game = JackHigh()
    s = game.new_initial_state(0)
    s.zones["hand0"] = [c(first)] + [c(x) for x in ["2C", "3C", "4C", "5C"]]
    s.zones["hand1"] = [c(second)] + [c(x) for x in ["6D", "7D", "8D", "9D"]]  # no hearts
    s.current = s.vars.leader = 0
    s.apply_action(c(first))
    s.apply_action(c(second))
    return s


@pytest.mark.parametrize(
    ("first", "second", "winner"),
    [
        ("AH", "KH", 0),  # same suit, higher wins
        ("KH", "AH", 1),
        ("AH", "JD", 1),  # a Jack trumps a plain card
        ("JH", "JD", 0),  # two Jacks: the first wins
        ("JH", "JS", 1),  # … unless the second is ♠J
        ("JS", "2S", 0),
        ("AH", "2D", 0),  # off suit, no Jack: the leader
    ],
)
def test_trick_winner(first: str, second: str, winner: int) -> None:
    s = trick(first, second)
    assert s.zones[f"won{winner}"] and not s.zones[f"won{1 - winner}"]


def test_following_a_jack() -> None:
    game = JackHigh()
    s = game.new_initial_state(0)
    s.zones["hand0"] = [c("JH"), c("2C"), c("3C"), c("4C"), c("5C")]
    s.zones["hand1"] = [c("JD"), c("AS"), c("KS"), c("QS"), c("6C")]
    s.current = s.vars.leader = 0
    s.apply_action(c("JH"))
    assert list(s.legal_actions()) == [c("JD")]  # no heart: must play the other Jack
    s.zones["hand1"].append(c("2H"))
    assert list(s.legal_actions()) == [c("2H")]  # a heart follows the ♥J


def test_points_add_up_to_125() -> None:
    assert sum(POINTS) == 125
    assert POINTS[c("JS")] == 15 and POINTS[c("JH")] == 10 and POINTS[c("TC")] == 10


def test_conformance() -> None:
    assert check_game(JackHigh(target=100), seeds=range(6)) > 0
