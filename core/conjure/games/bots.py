"""Bots that play any game through the API alone.

- :class:`RandomBot` picks uniformly among the legal actions.
- :class:`MonteCarloBot` determinises: it deals the cards it cannot see again at random
  (:meth:`conjure.games.Game.determinize`, which reads only what its seat can see), tries each
  legal action in each such world, plays the rest out at random, and keeps the action with the
  best average result. It never looks at a card its seat cannot see; the conformance check
  proves it by swapping the hidden cards and checking that the choice does not change.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from conjure.errors import UnknownNameError
from conjure.games.api import TERMINAL, Game, GameState


def random_playout(game: Game, state: GameState, rng: random.Random) -> None:
    """Play ``state`` to the end with uniformly random legal actions (unrecorded, in place)."""
    legal = game.legal_actions
    apply = game.apply
    pick = rng.random
    while state.current != TERMINAL:
        actions = legal(state)
        apply(state, actions[int(pick() * len(actions))])


class RandomBot:
    """Uniformly random legal actions."""

    name = "random"

    def choose(self, game: Game, state: GameState, rng: random.Random) -> int:
        actions = game.legal_actions(state)
        return actions[int(rng.random() * len(actions))]


class MonteCarloBot:
    """Determinised Monte-Carlo: ``worlds`` deals of the unseen cards, each legal action played
    out at random in every one."""

    name = "mc"

    def __init__(self, worlds: int = 24) -> None:
        self.worlds = worlds

    def choose(self, game: Game, state: GameState, rng: random.Random) -> int:
        me = state.current
        actions = list(game.legal_actions(state))
        if len(actions) == 1:
            return actions[0]
        totals = [0.0] * len(actions)
        for _ in range(self.worlds):
            world = game.determinize(state, me, rng)
            for i, action in enumerate(actions):
                trial = world.copy()
                game.apply(trial, action)
                random_playout(game, trial, rng)
                totals[i] += game.returns(trial)[me]
        best = max(range(len(actions)), key=totals.__getitem__)
        return actions[best]


BOTS: dict[str, Callable[[], RandomBot | MonteCarloBot]] = {
    "random": RandomBot,
    "mc": MonteCarloBot,
}


def make_bot(name: str) -> RandomBot | MonteCarloBot:
    try:
        return BOTS[name]()
    except KeyError:
        raise UnknownNameError(f"unknown bot {name!r} (bots: {', '.join(BOTS)})") from None
