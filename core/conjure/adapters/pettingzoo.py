"""Any conjure game as a PettingZoo AEC environment (the extra ``conjure[pettingzoo]``).

    >>> from conjure.adapters.pettingzoo import env
    >>> table = env("sixty-six", target=3)
    >>> table.reset(seed=1)
    >>> table.agent_selection
    'player_0'
    >>> observation, reward, terminated, truncated, info = table.last()
    >>> int(observation["action_mask"].sum()) == len(info["legal"])
    True

The agents are ``player_0`` … one a seat. Chance (the shuffle, a card turned up) is played by the
environment from the seed given to :meth:`ConjureEnv.reset`, so an agent is only ever asked
for a move. Each agent's observation is a dict:

- ``observation``: what the seat sees, as numbers: for every zone of the game (in the game's
  order) 54 flags, one a card code, for the cards it sees lying there; then for every zone the
  number of cards lying there face down to it; then the seat to move, one-hot;
- ``action_mask``: 1 for each legal action. An action is its position among the legal actions
  in conjure's order (:mod:`conjure.adapters`), so the mask starts with as many ones as there
  are legal actions; ``info["legal"]`` names them.

``info["observation"]`` is conjure's own observation of the seat (zones, public values, whose
turn). Rewards are conjure's returns, given at the end; nothing is truncated.
"""

from __future__ import annotations

import functools
import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from conjure.adapters.common import MAX_ACTIONS, Table, game_name
from conjure.games.api import CHANCE, TERMINAL, Game

__all__ = ["ConjureEnv", "env"]

#: card codes 0-53: a full pack and two jokers
_CODES = 54


def env(game: str | type[Game[Any]], players: int | None = None, **options: int) -> ConjureEnv:
    """The environment of a conjure game: its id (or class), player count and options."""
    if isinstance(game, str):
        from conjure.plugins.host import load_plugins

        game = load_plugins().game(game)
    assert not isinstance(game, str)
    return ConjureEnv(game(players, **options))


class ConjureEnv(AECEnv):  # type: ignore[misc]
    """A conjure game as an AEC environment."""

    metadata = {"render_modes": ["ansi"], "is_parallelizable": False}  # noqa: RUF012

    def __init__(self, game: Game[Any], render_mode: str | None = None) -> None:
        super().__init__()
        self.game = game
        self.metadata = {**ConjureEnv.metadata, "name": game_name(game.id)}
        self.render_mode = render_mode
        self.possible_agents = [f"player_{p}" for p in range(game.num_players)]
        self.zones = list(game.visibility)
        size = len(self.zones) * (_CODES + 1) + game.num_players
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0, _CODES, shape=(size,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(MAX_ACTIONS,), dtype=np.int8),
            }
        )
        self._action_space = spaces.Discrete(MAX_ACTIONS)
        self.table = Table.new(game)
        self._rng = random.Random()

    @functools.cache  # noqa: B019 - one space an agent, for the env's life
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    @functools.cache  # noqa: B019
    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game, its chance drawn from ``seed`` (a random seed when none)."""
        if seed is not None:
            self._rng = random.Random(seed)
        self.table = Table.new(self.game)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._play_chance()
        self._settle()

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert action is not None
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.table.apply(int(action))
        self._play_chance()
        self._settle()
        self._accumulate_rewards()
        if self.render_mode == "ansi":
            print(self.render())

    def observe(self, agent: str) -> dict[str, Any]:
        player = self.possible_agents.index(agent)
        state = self.table.state
        flags = np.zeros((len(self.zones), _CODES), np.float32)
        hidden = np.zeros(len(self.zones), np.float32)
        for z, zone in enumerate(self.zones):
            for i, card in enumerate(state.zones[zone]):
                if state.sees(player, zone, i, card):
                    flags[z, card] = 1
                else:
                    hidden[z] += 1
        to_move = np.zeros(self.game.num_players, np.float32)
        if state.current >= 0:
            to_move[state.current] = 1
        mask = np.zeros(MAX_ACTIONS, np.int8)
        if state.current == player:
            mask[: len(self.table.codes())] = 1
        return {
            "observation": np.concatenate([flags.ravel(), hidden, to_move]),
            "action_mask": mask,
        }

    def render(self) -> str:
        return self.table.describe()

    def close(self) -> None:
        pass

    # -- inside ------------------------------------------------------------------------------

    def _play_chance(self) -> None:
        while self.table.state.current == CHANCE:
            outcomes = self.table.chance_outcomes()
            x = self._rng.random()
            chosen = outcomes[-1][0]
            for action, p in outcomes:
                x -= p
                if x < 0:
                    chosen = action
                    break
            self.table.apply(chosen)

    def _settle(self) -> None:
        """Whose turn it is, or everybody's returns at the end; what each agent's info says."""
        state = self.table.state
        if state.current == TERMINAL:
            for agent, value in zip(self.agents, state.returns(), strict=True):
                self.rewards[agent] = float(value)
                self.terminations[agent] = True
        else:
            self.agent_selection = self.possible_agents[state.current]
        for agent in self.agents:
            player = self.possible_agents.index(agent)
            info: dict[str, Any] = {"observation": state.observation(player)}
            if state.current == player:
                info["legal"] = [state.action_name(c) for c in self.table.codes()]
            self.infos[agent] = info
        if state.current == TERMINAL:
            self.agent_selection = self.agents[0]
