"""Any conjure game as a PettingZoo environment (the extra ``conjure[pettingzoo]``).

    >>> from conjure.adapters.pettingzoo import env
    >>> table = env("sixty-six", target=3)
    >>> table.reset(seed=1)
    >>> table.agent_selection
    'player_0'
    >>> observation, reward, terminated, truncated, info = table.last()
    >>> int(observation["action_mask"].sum()) == len(info["legal"])
    True

:func:`env` makes the AEC environment of any game (one agent acts at a time, as at a card
table); :func:`parallel_env` the parallel one of a game whose seats move at once (goofspiel's
sealed bids, :attr:`conjure.games.Game.simultaneous`). Both take PettingZoo's ``render_mode``
(``"ansi"``: :meth:`render` returns the table as text; ``"human"``: it is printed after every
step) and ``max_cycles`` (after that many steps every agent is truncated), then the game's
players and options. ``docs/pettingzoo.md`` says what an agent sees.
"""

from __future__ import annotations

import functools
import random
from typing import Any

import numpy as np
from gymnasium import logger, spaces
from pettingzoo import AECEnv, ParallelEnv

from conjure.adapters.common import Table, encoder_of, game_name
from conjure.errors import UsageError
from conjure.games.api import CHANCE, TERMINAL, Game
from conjure.games.chance import pick

__all__ = ["ConjureEnv", "ConjureParallelEnv", "env", "parallel_env"]

RENDER_MODES = ("ansi", "human")


def _make(game: str | type[Game[Any]], players: int | None, options: dict[str, int]) -> Game[Any]:
    if isinstance(game, str):
        from conjure.plugins.host import load_plugins

        game = load_plugins().game(game)
    assert not isinstance(game, str)
    return game(players, **options)


def env(
    game: str | type[Game[Any]],
    players: int | None = None,
    render_mode: str | None = None,
    max_cycles: int | None = None,
    **options: int,
) -> ConjureEnv:
    """The AEC environment of a conjure game: its id (or class), player count and options."""
    return ConjureEnv(_make(game, players, options), render_mode, max_cycles)


def parallel_env(
    game: str | type[Game[Any]],
    players: int | None = None,
    render_mode: str | None = None,
    max_cycles: int | None = None,
    **options: int,
) -> ConjureParallelEnv:
    """The parallel environment of a game whose seats move at once (goofspiel)."""
    return ConjureParallelEnv(_make(game, players, options), render_mode, max_cycles)


class _Seats:
    """What both kinds of environment share: the game, its spaces, chance from the seed, each
    agent's observation, and the penalty for an action the mask did not allow."""

    def _setup(self, game: Game[Any], render_mode: str | None, max_cycles: int | None) -> None:
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise UsageError(
                f"render_mode {render_mode!r} is not one of {', '.join(RENDER_MODES)} (or None)"
            )
        self.game = game
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        self.encoder = encoder_of(game)
        self.space = game.action_space()
        self.possible_agents = [f"player_{p}" for p in range(game.num_players)]
        utility = game.utility()
        #: the return of an agent that takes an action its mask did not allow
        self.illegal_reward = float(utility.low) if utility is not None else -1.0
        size = self.encoder.information_state_size
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, shape=(size,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(self.space.size,), dtype=np.int8),
            }
        )
        self._action_space = spaces.Discrete(self.space.size)
        self.table = Table.new(game)
        self._rng = random.Random()

    def _observe(self, table: Table, player: int, mask: list[int] | None) -> dict[str, Any]:
        tensor = np.zeros(self.encoder.information_state_size, np.float32)
        move = table.move if player == table.state.current else ()
        self.encoder.information_state(table.state, player, table.recall[player], tensor, move)
        action_mask = np.zeros(self.space.size, np.int8)
        if mask:
            action_mask[mask] = 1
        return {"observation": tensor, "action_mask": action_mask}

    def _play_chance(self) -> None:
        while self.table.state.current == CHANCE:
            self.table.apply(pick(self.table.chance_outcomes(), self._rng.random()))

    def _info(self, player: int, legal: list[int] | None) -> dict[str, Any]:
        info: dict[str, Any] = {"observation": self.table.observation_dict(player)}
        if legal:
            info["legal"] = [self.table.action_label(player, i) for i in legal]
        return info

    def render(self) -> str | None:
        if self.render_mode is None:
            logger.warn("render() was called without a render_mode: env(..., render_mode='ansi')")
            return None
        text = self.table.describe()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


class ConjureEnv(_Seats, AECEnv):  # type: ignore[misc]
    """A conjure game as an AEC environment."""

    metadata = {"render_modes": list(RENDER_MODES), "is_parallelizable": False}  # noqa: RUF012

    def __init__(
        self, game: Game[Any], render_mode: str | None = None, max_cycles: int | None = None
    ) -> None:
        AECEnv.__init__(self)
        self._setup(game, render_mode, max_cycles)
        self.metadata = {**ConjureEnv.metadata, "name": game_name(game.id)}

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
        self.cycles = 0
        self._play_chance()
        self._settle()

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if action is None or int(action) not in self.table.ids():
            self._illegal(agent)
        else:
            self.table.apply(int(action))
            self._play_chance()
            self.cycles += 1
            self._settle()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> dict[str, Any]:
        player = self.possible_agents.index(agent)
        mask = self.table.ids() if self.table.state.current == player else None
        return self._observe(self.table, player, mask)

    # -- inside ------------------------------------------------------------------------------

    def _illegal(self, agent: str) -> None:
        """PettingZoo's rule for a move the mask did not allow: the game ends there, the agent
        that made it gets the game's lowest return and every other agent 0."""
        for other in self.agents:
            self.rewards[other] = self.illegal_reward if other == agent else 0.0
            self.terminations[other] = True
            self.infos[other] = {"illegal_move": agent}

    def _settle(self) -> None:
        """Whose turn it is, or everybody's returns at the end; what each agent's info says."""
        state = self.table.state
        if state.current == TERMINAL:
            for agent, value in zip(self.agents, state.returns(), strict=True):
                self.rewards[agent] = float(value)
                self.terminations[agent] = True
        else:
            self.agent_selection = self.possible_agents[state.current]
            if self.max_cycles is not None and self.cycles >= self.max_cycles:
                self.truncations = dict.fromkeys(self.agents, True)
        for agent in self.agents:
            player = self.possible_agents.index(agent)
            legal = self.table.ids() if state.current == player else None
            self.infos[agent] = self._info(player, legal)
        if state.current == TERMINAL:
            self.agent_selection = self.agents[0]


class ConjureParallelEnv(_Seats, ParallelEnv):  # type: ignore[misc]
    """A game whose seats move at once as a parallel environment: each step takes every live
    agent's move, the moves are made in seat order, then chance acts. Each agent's mask is its
    legal moves at the start of the round, which the others' sealed moves cannot change."""

    metadata = {"render_modes": list(RENDER_MODES), "is_parallelizable": True}  # noqa: RUF012

    def __init__(
        self, game: Game[Any], render_mode: str | None = None, max_cycles: int | None = None
    ) -> None:
        if not game.simultaneous or game.action_space().staged:
            raise UsageError(
                f"{game.id}: its seats do not move at once; use env() for one move at a time"
            )
        self._setup(game, render_mode, max_cycles)
        self.metadata = {**ConjureParallelEnv.metadata, "name": game_name(game.id)}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        if seed is not None:
            self._rng = random.Random(seed)
        self.table = Table.new(self.game)
        self.agents = list(self.possible_agents)
        self.cycles = 0
        self._play_chance()
        return self._round()

    def _masks(self) -> dict[int, list[int]]:
        """Each seat's legal ids in the round about to be played: the seat to move's now, the
        others' once those before them have moved (any move: theirs are sealed)."""
        masks: dict[int, list[int]] = {}
        table = self.table.copy()
        while table.state.current >= 0 and table.state.current not in masks:
            ids = table.ids()
            masks[table.state.current] = ids
            table.apply(ids[0])
        return masks

    def _round(self) -> tuple[dict[str, Any], dict[str, Any]]:
        self._legal = self._masks()
        observations, infos = {}, {}
        for agent in self.agents:
            p = self.possible_agents.index(agent)
            observations[agent] = self._observe(self.table, p, self._legal.get(p))
            infos[agent] = self._info(p, self._legal.get(p))
        return observations, infos

    def step(self, actions: dict[str, int]) -> tuple[dict[str, Any], ...]:
        rewards = dict.fromkeys(self.agents, 0.0)
        terminations = dict.fromkeys(self.agents, False)
        illegal = [
            self.possible_agents[p]
            for p, ids in self._legal.items()
            if actions.get(self.possible_agents[p]) not in ids
        ]
        state = self.table.state
        if illegal:
            for agent in self.agents:
                rewards[agent] = self.illegal_reward if agent in illegal else 0.0
            terminations = dict.fromkeys(self.agents, True)
        else:
            while state.current >= 0 and state.current in self._legal:
                player = state.current
                self.table.apply(int(actions[self.possible_agents[player]]))
                del self._legal[player]
            self._play_chance()
            self.cycles += 1
            state = self.table.state
            if state.current == TERMINAL:
                rewards = dict(zip(self.agents, map(float, state.returns()), strict=True))
                terminations = dict.fromkeys(self.agents, True)
        truncated = self.max_cycles is not None and self.cycles >= self.max_cycles
        truncations = dict.fromkeys(self.agents, truncated and not all(terminations.values()))
        observations, infos = self._round()
        if illegal:
            infos = {agent: {"illegal_move": illegal[0]} for agent in self.agents}
        if self.render_mode == "human":
            self.render()
        if all(terminations.values()) or any(truncations.values()):
            self.agents = []
        return observations, rewards, terminations, truncations, infos
