"""Run fast (跑得快): the deals, the ♠3 lead, turns in seat order, passing round to a free
lead, the −1/−2 settlement, conformance for every player count, and the Monte-Carlo bot
against random play."""

from __future__ import annotations

import random

import pytest

from conjure.deck import Card
from conjure.games import TERMINAL, GameState
from conjure.games.bots import random_playout
from conjure.games.climbing import pack_ranks
from conjure.testing import check_game
from conjure_games.run_fast import PASS, SHIFT, RunFast, RunFastVars


def cards(text: str) -> list[int]:
    return [Card(t).code for t in text.split()]


def position(game: RunFast, hands: list[str], last: str = "", owner: int = -1) -> GameState:
    """Player 1 to move; every card not in a hand lies on the table."""
    s = game.new_initial_state(0)
    s.zones = {z: [] for z in s.zones}
    held: list[int] = []
    for p, h in enumerate(hands):
        s.zones[f"hand{p}"] = cards(h)
        held += cards(h)
    s.zones["table"] = [c for c in game.all_cards() if c not in held]
    n = game.num_players
    s.vars = RunFastVars(
        last=pack_ranks(last) if last else 0, owner=owner, plays=(1,) * n, score=(0,) * n
    )
    s.current = 0
    return s


def play(ranks: str) -> int:
    return pack_ranks(ranks) << SHIFT


@pytest.mark.parametrize(("n", "size", "unseen", "out"), [(2, 17, 17, 1), (3, 17, 0, 1),
                         (4, 13, 0, 0), (5, 10, 0, 2), (6, 9, 0, 0)])  # fmt: skip
def test_deals(n: int, size: int, unseen: int, out: int) -> None:
    g = RunFast(n)
    s = g.new_initial_state(5)
    assert all(len(s.zones[f"hand{p}"]) == size for p in range(n))
    assert len(s.zones["unseen"]) == unseen and len(s.zones["out"]) == out
    assert len(g.all_cards()) == (54 if n == 6 else 52)


def test_spade_three_leads_and_must_be_played() -> None:
    for seed in range(5):
        s = RunFast(4).new_initial_state(seed)
        assert Card("3S").code in s.zones[f"hand{s.current}"]
        for a in s.legal_actions():
            t = s.copy()
            t.apply_action(a)
            assert Card("3S").code in t.zones["table"]


def test_two_players_lead_with_the_lowest_card_when_spade_three_is_unseen() -> None:
    for seed in range(40):
        s = RunFast(2).new_initial_state(seed)
        if Card("3S").code in s.zones["unseen"]:
            break
    low = min(s.zones["hand0"] + s.zones["hand1"], key=lambda c: ((c % 13 - 2) % 13, c))
    assert low in s.zones[f"hand{s.current}"] and s.vars.opener == low


def test_play_goes_in_seat_order_and_passes_give_a_free_lead() -> None:
    g = RunFast(4)
    s = position(g, ["5S 5H 9S", "6S 7S", "8S 8H", "TS JS"], last="4", owner=1)
    s.apply_action(play("5"))
    assert s.current == 1  # the next seat, as in every game
    s.apply_action(play("7"))  # player 2 beats the 5
    s.apply_action(PASS)
    s.apply_action(PASS)
    assert s.current == 0 and s.vars.owner == 1
    s.apply_action(play("9"))
    for _ in range(3):
        s.apply_action(PASS)
    assert s.current == 0 and s.vars.last == 0  # everyone passed: a free lead
    assert set(s.legal_actions()) == {play("5")}


def test_must_follow_kind_or_bomb() -> None:
    g = RunFast(2)
    s = position(g, ["3S 3H 4S 4H 5S 5H 5C 5D 9S", "KS"], last="6 6 7 7", owner=1)
    names = {s.action_name(a) for a in s.legal_actions()}
    assert names == {"pass", "5 5 5 5 (bomb of 5)"}


def test_settlement_minus_one_a_card_doubled_for_none_played() -> None:
    g = RunFast(3)
    s = position(g, ["9S", "3H 4H 5H", "6H 7H"], last="8", owner=2)
    s.vars.plays = (3, 0, 2)
    s.apply_action(play("9"))
    assert s.current == TERMINAL
    assert s.returns() == (8.0, -6.0, -2.0)
    assert sum(s.returns()) == 0


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_conformance(n: int) -> None:
    assert check_game(RunFast(n), seeds=range(3)) > 0


def test_fast_playout_is_used_and_leaves_a_told_game_to_the_generic_loop(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = RunFast(3)
    assert game.fast_playout
    used: list[int] = []
    own = game._play_random
    monkeypatch.setattr(game, "_play_random", lambda *a: used.append(1) or own(*a))
    state = game.new_initial_state(1)
    random_playout(state, random.Random(1), uniform=True)
    assert state.is_terminal() and used
    used.clear()
    state = game.new_initial_state(1)
    state.story = []  # a game being told (played on screen) goes move by move
    random_playout(state, random.Random(1), uniform=True)
    assert state.is_terminal() and not used
