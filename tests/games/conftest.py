"""Shared fixtures of the game tests."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from conjure.games import TERMINAL, Game
from conjure.games.bots import MonteCarloBot, RandomBot
from conjure.games.simulate import wilson

Duel = Callable[[Game[Any], int, int], tuple[float, float, float]]


def _mc_against_random(game: Game[Any], games: int, worlds: int) -> tuple[float, float, float]:
    """The Monte-Carlo bot's win rate against the random bot with its 95% interval, seats
    alternating; draws count as not won."""
    wins = 0
    for seed in range(games):
        mc_seat = seed % 2
        bots = {mc_seat: MonteCarloBot(worlds=worlds), 1 - mc_seat: RandomBot()}
        rng = random.Random(seed)
        state = game.new_initial_state(seed)
        while state.current != TERMINAL:
            if state.is_chance_node():
                state.sample_chance(rng)
            else:
                state.apply_action(bots[state.current].choose(state, rng))
        result = state.returns()
        wins += result[mc_seat] > result[1 - mc_seat]
    return wilson(wins, games)


@pytest.fixture
def mc_against_random() -> Duel:
    return _mc_against_random


def _team_against_random(game: Game[Any], games: int, worlds: int) -> tuple[float, float, float]:
    """For a table of more than two: Monte-Carlo bots in every other seat, random bots in the
    rest, the sides changing seats from game to game. The share of games whose best result is
    on the Monte-Carlo side, with its 95% interval (even play wins half); a tie for the best
    counts as not won."""
    n = game.num_players
    wins = 0
    for seed in range(games):
        mc = {p for p in range(n) if (p + seed) % 2 == 0}
        bots = {p: MonteCarloBot(worlds=worlds) if p in mc else RandomBot() for p in range(n)}
        rng = random.Random(seed)
        state = game.new_initial_state(seed)
        while state.current != TERMINAL:
            if state.is_chance_node():
                state.sample_chance(rng)
            else:
                state.apply_action(bots[state.current].choose(state, rng))
        result = state.returns()
        wins += max(result[p] for p in mc) > max(result[p] for p in range(n) if p not in mc)
    return wilson(wins, games)


@pytest.fixture
def team_against_random() -> Duel:
    return _team_against_random
