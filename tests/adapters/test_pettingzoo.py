"""The PettingZoo adapter: PettingZoo's own api_test, seed_test and render_test pass for every
installed game (render_mode as PettingZoo's conventions), parallel_api_test for the games whose
seats move at once; the action mask is the legal ids; an action the mask does not allow ends
the game as PettingZoo's classic games do; observations carry public values and order; each
agent's observation shows its own cards only; max_cycles truncates."""

from __future__ import annotations

import os
import random
import warnings
from typing import Any

import pytest

if not os.environ.get("CONJURE_REQUIRE_EXTRAS"):  # CI sets it: there a missing extra fails
    pytest.importorskip("pettingzoo", reason="needs the extra conjure[pettingzoo]")

import numpy as np
from pettingzoo.test import api_test, parallel_api_test, render_test, seed_test

from conjure.adapters.common import encoder_of
from conjure.adapters.pettingzoo import ConjureEnv, env, parallel_env
from conjure.errors import UsageError
from conjure.games import Game


def quiet() -> Any:
    context = warnings.catch_warnings()
    context.__enter__()
    # a dict observation with an action mask, as PettingZoo's own card games have
    warnings.filterwarnings("ignore", message="Observation space for each agent")
    warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
    return context


def test_pettingzoo_api_seed_and_render_tests_pass_for_every_game(
    game_cls: type[Game[Any]], quick: Any
) -> None:
    options = quick(game_cls)
    context = quiet()
    try:
        api_test(env(game_cls, render_mode="ansi", **options), num_cycles=300)
        seed_test(lambda **kw: env(game_cls, **options, **kw), num_cycles=100)
        render_test(lambda render_mode=None: env(game_cls, render_mode=render_mode, **options))
    finally:
        context.__exit__(None, None, None)


def test_render_mode_follows_pettingzoo(capsys: pytest.CaptureFixture[str]) -> None:
    """ansi: render() returns the table and nothing is printed; human: printed each step; an
    unknown mode is refused by name."""
    table = env("sixty-six", render_mode="ansi", target=1)
    table.reset(seed=1)
    agent = table.agent_selection
    table.step(int(np.flatnonzero(table.observe(agent)["action_mask"])[0]))
    assert "hand0:" in (table.render() or "") and capsys.readouterr().out == ""
    shown = env("sixty-six", render_mode="human", target=1)
    shown.reset(seed=1)
    shown.step(int(np.flatnonzero(shown.observe(shown.agent_selection)["action_mask"])[0]))
    assert "hand0:" in capsys.readouterr().out
    with pytest.raises(UsageError, match="render_mode 'rgb'"):
        env("sixty-six", render_mode="rgb")


def play(table: ConjureEnv, seed: int) -> list[tuple[str, int, float]]:
    """A whole game, each agent taking a legal action at random; what happened."""
    table.reset(seed=seed)
    rng = random.Random(seed)
    log = []
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, info = table.last()
        if terminated or truncated:
            log.append((agent, -1, reward))
            table.step(None)
            continue
        mask = observation["action_mask"]
        assert int(mask.sum()) == len(info["legal"]) > 0
        action = int(rng.choice(np.flatnonzero(mask)))
        log.append((agent, action, reward))
        table.step(action)
    return log


def test_a_seeded_game_is_the_same_game_and_returns_reach_every_agent() -> None:
    table = env("sixty-six", target=1)
    first, again = play(table, 5), play(table, 5)
    assert first == again
    final = {agent: reward for agent, action, reward in first if action == -1}
    assert [final[agent] for agent in table.possible_agents] == list(table.table.state.returns())
    assert any(final[agent] for agent in final)  # a won game, not a tie


def test_an_action_the_mask_forbids_ends_the_game_against_the_agent() -> None:
    """As PettingZoo's classic games: the game ends, the offender gets the lowest return (-1
    here), every other agent 0."""
    table = env("sixty-six", target=1)
    table.reset(seed=3)
    agent = table.agent_selection
    forbidden = int(np.flatnonzero(table.observe(agent)["action_mask"] == 0)[0])
    table.step(forbidden)
    assert all(table.terminations.values())
    assert table.rewards == {a: (-1.0 if a == agent else 0.0) for a in table.possible_agents}
    assert table.infos[agent]["illegal_move"] == agent
    for _ in table.agent_iter():
        table.step(None)
    assert table.agents == []


def test_each_agent_sees_its_own_hand_and_no_other() -> None:
    table = env("sixty-six")
    table.reset(seed=2)
    state = table.table.state
    slots = {slot.name: slot for slot in encoder_of(table.game).describe(True)}
    for p, agent in enumerate(table.possible_agents):
        seen = table.observe(agent)["observation"]
        for q in range(2):
            zone = slots[f"zone.hand{q}"]
            row = seen[zone.start : zone.start + zone.size]
            hand = state.zones[f"hand{q}"]
            hidden = seen[slots[f"zone.hand{q}.hidden"].start]
            if q == p:
                assert sorted(np.flatnonzero(row)) == sorted(hand) and hidden == 0
            else:
                assert not row.any() and hidden == len(hand) / 54
        mask = table.observe(agent)["action_mask"]
        assert mask.any() == (state.current == p)


def test_observations_carry_public_values_and_the_order_of_a_trick() -> None:
    """Sixty-six: the trump suit and the score are in the observation, and the card led to a
    trick is in the trick's first place."""
    table = env("sixty-six")
    table.reset(seed=4)
    state = table.table.state
    slots = {slot.name: slot for slot in encoder_of(table.game).describe(True)}
    leader = table.agent_selection
    table.step(int(np.flatnonzero(table.observe(leader)["action_mask"])[0]))
    led = state.zones["trick"][0]
    other = table.agent_selection
    seen = table.observe(other)["observation"]
    order = slots["zone.trick.order"]
    first = seen[order.start : order.start + 54]
    assert list(np.flatnonzero(first)) == [led]
    trump = slots["vars.trump"]
    values = (-1, 0, 1, 2, 3, 4)
    assert seen[trump.start + values.index(state.vars.trump)] == 1
    assert seen[trump.start : trump.start + trump.size].sum() == 1


def test_max_cycles_truncates_every_agent() -> None:
    table = env("sixty-six", max_cycles=5)
    table.reset(seed=1)
    steps = 0
    for _agent in table.agent_iter():
        _, _, terminated, truncated, _ = table.last()
        if terminated or truncated:
            table.step(None)
            continue
        mask = table.observe(table.agent_selection)["action_mask"]
        table.step(int(np.flatnonzero(mask)[0]))
        steps += 1
    assert steps == 5 and all(table.truncations.values())


def test_a_move_spelled_card_by_card_is_made_by_the_same_agent() -> None:
    """Casino: a capture is the card played, its kind, each table card taken and done, all
    chosen by the agent to move; the others see nothing of it until it is made."""
    table = env("casino")
    table.reset(seed=2)
    mover = table.agent_selection
    state = table.table.state
    history = len(state.history)
    captures = [s for s in table.table.spelt() if len(s) > 2]
    if not captures:
        pytest.skip("no capture open at the first move of this deal")
    for action_id in captures[0]:
        assert table.agent_selection == mover and len(state.history) == history
        assert table.observe(mover)["action_mask"][action_id] == 1
        table.step(action_id)
    assert len(state.history) == history + 1 and table.agent_selection != mover


def test_goofspiel_runs_as_a_parallel_environment() -> None:
    context = quiet()
    try:
        parallel_api_test(parallel_env("goofspiel"), num_cycles=100)
    finally:
        context.__exit__(None, None, None)
    table = parallel_env("goofspiel")
    observations, _ = table.reset(seed=1)
    rng = random.Random(1)
    rounds = 0
    while table.agents:
        actions = {
            a: int(rng.choice(np.flatnonzero(observations[a]["action_mask"]))) for a in table.agents
        }
        assert all(observations[a]["action_mask"].any() for a in table.agents)
        observations, rewards, _, _, _ = table.step(actions)
        rounds += 1
    assert rounds == 13 and sorted(rewards.values()) in ([-1.0, 1.0], [0.0, 0.0])
    with pytest.raises(UsageError, match="do not move at once"):
        parallel_env("sixty-six")
