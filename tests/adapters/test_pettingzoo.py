"""The PettingZoo adapter: PettingZoo's own api_test passes for every installed game, the action
mask is the legal actions, each agent's observation shows its own cards only, and a seeded
game is the same game again."""

from __future__ import annotations

import os
import random
import warnings
from typing import Any

import pytest

if not os.environ.get("CONJURE_REQUIRE_EXTRAS"):  # CI sets it: there a missing extra fails
    pytest.importorskip("pettingzoo", reason="needs the extra conjure[pettingzoo]")

import numpy as np
from pettingzoo.test import api_test

from conjure.adapters.pettingzoo import ConjureEnv, env
from conjure.games import Game


def test_pettingzoo_api_test_passes_for_every_game(game_cls: type[Game[Any]], quick: Any) -> None:
    table = env(game_cls, **quick(game_cls))
    with warnings.catch_warnings():
        # a dict observation with an action mask, as PettingZoo's own card games have
        warnings.filterwarnings("ignore", message="Observation space for each agent")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        api_test(table, num_cycles=300, verbose_progress=False)


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


def test_each_agent_sees_its_own_hand_and_no_other() -> None:
    table = env("sixty-six")
    table.reset(seed=2)
    state = table.table.state
    zones = table.zones
    cards = 54
    for p, agent in enumerate(table.possible_agents):
        seen = table.observe(agent)["observation"]
        flags = seen[: len(zones) * cards].reshape(len(zones), cards)
        for q in range(2):
            row = flags[zones.index(f"hand{q}")]
            hand = state.zones[f"hand{q}"]
            if q == p:
                assert sorted(np.flatnonzero(row)) == sorted(hand)
            else:
                assert not row.any()
                hidden = seen[len(zones) * cards + zones.index(f"hand{q}")]
                assert hidden == len(hand)
        mask = table.observe(agent)["action_mask"]
        assert mask.any() == (state.current == p)
