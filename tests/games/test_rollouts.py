"""Rollout policies: every one ends within its bound and plays only legal moves; the trick
policy follows as a plain player does."""

from __future__ import annotations

import random

import pytest

from conjure.games.bots import ISMCTSBot, MonteCarloBot
from conjure.games.rollouts import MOST_MOVES, FamilyRollout, RandomRollout, rollout_for
from conjure.plugins.host import load_plugins

GAMES = load_plugins().games


@pytest.mark.parametrize(
    "game_id", ["avoid-hearts", "sixty-six", "casino", "hundred-point-knock", "run-fast"]
)
def test_a_rollout_ends_the_deal_or_stops_at_its_bound(game_id: str) -> None:
    game = GAMES[game_id]()
    for seed in range(3):
        state = game.new_initial_state(seed)
        deal = game._deal_number(state)
        moves = FamilyRollout(game).play(state, random.Random(seed), deal, None)
        assert moves <= MOST_MOVES
        assert state.is_terminal() or game._deal_number(state) != deal or moves == MOST_MOVES
        short = game.new_initial_state(seed)
        assert FamilyRollout(game).play(short, random.Random(seed), deal, 3) <= 3


def test_every_move_of_a_rollout_is_legal() -> None:
    game = GAMES["avoid-hearts"](deals=1)
    state = game.new_initial_state()
    FamilyRollout(game).play(state, random.Random(4), 0, None)
    game.replay(state.history)  # raises on an illegal move


def test_the_trick_policy_throws_its_lowest_card_when_it_cannot_win() -> None:
    game = GAMES["jack-high"]()
    rollout = FamilyRollout(game, noise=0.0)
    assert rollout.policy is not None
    checked = 0
    for seed in range(30):
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal() and checked < 200:
            if state.is_chance_node():
                state.sample_chance(rng)
                continue
            actions = list(state.legal_actions())
            trick = state.zones["trick"]
            if trick and len(actions) > 1 and all(a < 52 for a in actions):
                led = trick[0]
                top = max(game._power(state, c, led) for c in trick)
                if all(game._power(state, a, led) <= top for a in actions):
                    choice = rollout.policy(state, actions, rng)
                    assert game.strength[choice] == min(game.strength[a] for a in actions)
                    checked += 1
            state.apply_action(actions[int(rng.random() * len(actions))])
    assert checked > 20


def test_the_searching_bots_take_a_rollout() -> None:
    game = GAMES["avoid-hearts"]()
    state = game.new_initial_state(1)
    used: list[int] = []

    class Counting(RandomRollout):
        def play(self, *args: object) -> int:  # type: ignore[override]
            used.append(1)
            return super().play(*args)  # type: ignore[arg-type]

    MonteCarloBot(worlds=2, rollout=Counting()).choose(state, random.Random(1))
    ISMCTSBot(iterations=20, rollout=Counting()).choose(state, random.Random(1))
    assert len(used) > 20
    assert isinstance(rollout_for(game, "random"), RandomRollout)
    with pytest.raises(ValueError):
        rollout_for(game, "clever")
