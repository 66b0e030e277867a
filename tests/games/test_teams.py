"""Sides in the game API: fixed partnerships, a partner hidden until a called card is played,
per-side results in simulation (with intervals and in JSON), and the conformance kit catching a
game whose sides give a secret partner away."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from conjure.games import (
    ALL,
    HANDS,
    NOBODY,
    TERMINAL,
    UNKNOWN_SIDE,
    Game,
    GameState,
    Vars,
)
from conjure.games.simulate import simulate
from conjure.testing import check_game
from conjure.text import Text

CALLED = 0  # A♠: whoever holds it is seat 0's secret partner


@attrs.define(slots=False)
class ToyVars(Vars):
    partner: int = -1


class Partners(Game[ToyVars]):
    """Four seats, two cards each, play one card each twice; the higher total of the played
    cards' ranks wins for its side. ``hidden`` picks the sides: seats 0 & 2 against 1 & 3, or
    seat 0 and the holder of A♠ (shown when A♠ is played) against the rest."""

    id = "toy-partners"
    name_zh = "玩具"
    name_en = "Toy partners"
    source = "test"
    players = (4,)
    vars_type = ToyVars
    hidden = False
    peek = False

    def _zones(self) -> dict[str, Any]:
        zones: dict[str, Any] = {"deck": NOBODY, "table": ALL}
        zones.update({HANDS[p]: p for p in range(4)})
        return zones

    def _all_cards(self) -> list[int]:
        return list(range(8))

    def _deal(self, state: GameState[ToyVars]) -> None:
        state.zones["deck"] = self.all_cards()
        state.shuffle("deck")

    def _after_chance(self, state: GameState[ToyVars], zone: str) -> None:
        deck = state.zones["deck"]
        for i, card in enumerate(deck):
            state.zones[HANDS[i % 4]].append(card)
        deck.clear()
        state.current = 0

    def _legal_actions(self, state: GameState[ToyVars]) -> list[int]:
        return state.zones[HANDS[state.current]]

    def _apply_action(self, state: GameState[ToyVars], action: int) -> None:
        me = state.current
        state.move(action, HANDS[me], "table")
        if action == CALLED:
            state.vars.partner = me
        state.current = TERMINAL if len(state.zones["table"]) == 8 else (me + 1) % 4

    def _team_names(self) -> tuple[Text, ...]:
        if self.hidden:
            return (Text("caller's side"), Text("the others"))
        return (Text("players 1 & 3"), Text("players 2 & 4"))

    def _teams(self, state: GameState[ToyVars]) -> tuple[int, ...]:
        if not self.hidden:
            return (0, 1, 0, 1)
        partner = state.vars.partner
        if self.peek and partner < 0:  # a bug on purpose: reads where A♠ lies
            holders = [p for p in range(4) if CALLED in state.zones[HANDS[p]]]
            partner = holders[0] if holders else -1
        if partner < 0:
            return (0,) + (UNKNOWN_SIDE,) * 3
        return tuple(0 if p in (0, partner) else 1 for p in range(4))

    def _side_points(self, state: GameState[ToyVars]) -> tuple[int, int]:
        played = state.history[-8:]
        points = [0, 0]
        teams = self._teams(state)
        for i, card in enumerate(played):
            points[teams[i % 4]] += 7 - card  # A♠ (0) is worth most
        return points[0], points[1]

    def _returns(self, state: GameState[ToyVars]) -> tuple[float, ...]:
        a, b = self._side_points(state)
        side = 1.0 if a > b else -1.0 if a < b else 0.0
        return tuple(side if t == 0 else -side for t in self._teams(state))


class HiddenPartners(Partners):
    id = "toy-hidden"
    hidden = True


class PeekingPartners(HiddenPartners):
    id = "toy-peeking"
    peek = True


def test_fixed_partnerships_pass_the_kit_and_share_a_result() -> None:
    game = Partners()
    check_game(game, seeds=range(6), bot_checks=1)
    state = game.new_initial_state(3)
    assert state.teams() == (0, 1, 0, 1)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    returns = state.returns()
    assert returns[0] == returns[2] and returns[1] == returns[3]
    assert state.team_returns() == (returns[0], returns[1])


def test_a_hidden_partner_is_unknown_until_the_called_card_is_played() -> None:
    game = HiddenPartners()
    check_game(game, seeds=range(6), bot_checks=1)
    state = game.new_initial_state(5)
    holder = next(p for p in range(4) if CALLED in state.zones[HANDS[p]])
    while CALLED in state.zones[HANDS[holder]]:
        for p in range(4):
            assert state.observation(p)["teams"] == [0, UNKNOWN_SIDE, UNKNOWN_SIDE, UNKNOWN_SIDE]
        state.apply_action(CALLED if state.current == holder else state.legal_actions()[0])
    assert state.teams()[holder] == 0
    assert state.observation(1)["teams"].count(0) == 2 - (holder == 0)


def test_the_kit_catches_sides_that_give_a_secret_partner_away() -> None:
    with pytest.raises(AssertionError, match="depends on cards they cannot see"):
        check_game(PeekingPartners(), seeds=range(4), bot_checks=0)


def test_simulate_reports_each_side_with_intervals() -> None:
    summary = simulate(Partners(), 400, seed=2)
    assert summary.teams == ("players 1 & 3", "players 2 & 4")
    assert sum(summary.team_wins) + summary.team_draws == 400
    for t in range(2):
        rate, low, high = summary.team_win_rate(t)
        assert low < rate < high
        mlow, mhigh = summary.team_return_interval(t)
        assert mlow < summary.mean_team_returns[t] < mhigh
    # one side's win is the other's loss, game by game
    assert summary.mean_team_returns[0] == pytest.approx(-summary.mean_team_returns[1])
    # partners who share their side's win both win it
    assert summary.wins == (summary.team_wins[0], summary.team_wins[1]) * 2
    assert summary.draws == summary.team_draws
    data = summary.to_json()
    assert [t["name"] for t in data["teams"]] == list(summary.teams)
    assert data["teams"][0]["return_interval"]["low"] < data["teams"][0]["mean_return"]
    assert data["return_interval"][0]["low"] <= data["mean_returns"][0]


def test_simulate_without_sides_reports_none() -> None:
    from conjure_games.goofspiel import Goofspiel

    data = simulate(Goofspiel(), 50, seed=1).to_json()
    assert data["teams"] == [] and data["team_draws"] == 0
    low, high = data["return_interval"][0]["low"], data["return_interval"][0]["high"]
    assert low <= data["mean_returns"][0] <= high
