"""Bots that play any game through the API alone, none of which ever looks at a card its seat
cannot see: every search starts from :meth:`conjure.games.Game.determinize`, which deals the
unseen cards again from what the seat sees (the conformance check proves the choice does not
change when the hidden cards are swapped).

- :class:`RandomBot` picks uniformly among the legal actions.
- :class:`MonteCarloBot` (flat Monte-Carlo) tries each legal action in many determinised worlds
  and plays the rest out at random.
- :class:`ISMCTSBot` (information-set Monte-Carlo tree search, single observer) grows one tree
  over the seat's information sets, a new determinisation each iteration. The strong default.

Playouts end where the game judges a position: the end of the game, or of the deal in a match
of deals (:meth:`conjure.games.Game._deal_value`), so one deal's result is not drowned in the
noise of random future deals. Equal values are broken at random, and an action that wins the
deal or the game outright in every world tried is taken at once.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any, Protocol

from conjure.errors import UnknownNameError
from conjure.games.api import CHANCE, TERMINAL, Game, GameState
from conjure.inputs import quote


def random_playout(
    state: GameState[Any],
    rng: random.Random,
    deal: int | None = None,
    chance: random.Random | None = None,
    uniform: bool = False,
) -> int:
    """Play ``state`` on in place at random (chance sampled from ``chance``, or ``rng`` when
    not given; players uniform over the game's playout actions, or over every legal action
    when ``uniform``) to the end of the game, or, when ``deal`` is given, to the end of that
    deal. Every action is recorded. Returns how many actions the players took."""
    chance = chance or rng
    moves = 0
    game = state.game
    plain = uniform or type(game)._playout_actions is Game._playout_actions
    if plain and state.story is None:
        fast = game._random_playout(state, rng, chance)
        if fast is not None:
            return fast
    actions_of = game._legal_actions if plain else game._playout_actions
    apply = game._apply_action
    deal_of = game._deal_number
    history = state.history
    pick = rng.random
    own = game._play_random if plain and game.fast_playout else None
    while True:
        if state.current < 0:
            if state.current == TERMINAL or (deal is not None and deal_of(state) != deal):
                return moves
            state.sample_chance(chance)
            continue
        if own is not None:  # the game's own loop, which gives what this one would
            moves += own(state, pick)
            continue
        actions = actions_of(state)
        action = actions[int(pick() * len(actions))]
        history.append(action)
        apply(state, action)
        moves += 1


class Bot(Protocol):
    name: str

    def choose(self, state: GameState[Any], rng: random.Random) -> int: ...


class RandomBot:
    """Uniformly random legal actions."""

    name = "random"

    def choose(self, state: GameState[Any], rng: random.Random) -> int:
        actions = state.legal_actions()
        return actions[int(rng.random() * len(actions))]


def _best(values: list[float], rng: random.Random) -> int:
    """The index of the highest value, equal ones broken at random."""
    top = max(values)
    best = [i for i, v in enumerate(values) if v >= top - 1e-12]
    return best[int(rng.random() * len(best))] if len(best) > 1 else best[0]


class MonteCarloBot:
    """Flat determinised Monte-Carlo: ``worlds`` deals of the unseen cards, each legal action
    played out at random to the end of the deal in every one."""

    name = "mc"

    def __init__(self, worlds: int = 24) -> None:
        self.worlds = worlds

    def choose(self, state: GameState[Any], rng: random.Random) -> int:
        game = state.game
        me = state.current
        actions = list(state.legal_actions())
        if len(actions) == 1:
            return actions[0]
        deal = game._deal_number(state)
        totals = [0.0] * len(actions)
        sure = [True] * len(actions)
        for _ in range(self.worlds):
            world = game.determinize(state, me, rng)
            for i, action in enumerate(actions):
                trial = world.copy()
                trial.apply_legal(action)
                ended = trial.current == TERMINAL or (
                    trial.current == CHANCE and game._deal_number(trial) != deal
                )
                random_playout(trial, rng, deal)
                value = game._deal_value(state, trial, me)
                totals[i] += value
                sure[i] = sure[i] and ended and value > 0
        winners = [i for i, s in enumerate(sure) if s]
        if winners:  # an outright win of the deal in every world: take the best of them
            return actions[max(winners, key=lambda i: (totals[i], -i))]
        return actions[_best(totals, rng)]


class _Node:
    __slots__ = ("available", "children", "player", "total", "visits")

    def __init__(self, player: int) -> None:
        self.player = player  # who chose the action leading here
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.available = 0
        self.total = 0.0


class ISMCTSBot:
    """Single-observer information-set MCTS: each of ``iterations`` runs deals the unseen cards
    again (from what the seat sees), walks the shared tree by UCB among the actions legal in
    that world, adds one node, plays out to the end of the deal and backs the value up."""

    name = "ismcts"

    def __init__(self, iterations: int = 800, exploration: float = 0.8) -> None:
        self.iterations = iterations
        self.exploration = exploration

    def choose(self, state: GameState[Any], rng: random.Random) -> int:
        game = state.game
        me = state.current
        actions = list(state.legal_actions())
        if len(actions) == 1:
            return actions[0]
        sure = self._sure_win(state, actions, rng)
        if sure is not None:
            return sure
        deal = game._deal_number(state)
        n = game.num_players
        root = _Node(-1)
        c = self.exploration
        log = math.log
        sqrt = math.sqrt
        for _ in range(self.iterations):
            world = game.determinize(state, me, rng)
            node = root
            path = []
            while True:
                current = world.current
                if current == TERMINAL:
                    break
                if current == CHANCE:
                    if game._deal_number(world) != deal:
                        break
                    world.sample_chance(rng)
                    continue
                legal = world.legal_actions()
                children = node.children
                untried = [a for a in legal if a not in children]
                for a in legal:
                    child = children.get(a)
                    if child is not None:
                        child.available += 1
                if untried:
                    action = untried[int(rng.random() * len(untried))]
                    child = _Node(current)
                    child.available = 1
                    children[action] = child
                    world.apply_legal(action)
                    path.append(child)
                    break
                best_value = -math.inf
                action = legal[0]
                for a in legal:
                    ch = children[a]
                    value = ch.total / ch.visits + c * sqrt(log(ch.available) / ch.visits)
                    if value > best_value:
                        best_value, action = value, a
                node = children[action]
                world.apply_legal(action)
                path.append(node)
            random_playout(world, rng, deal)
            values = [game._deal_value(state, world, p) for p in range(n)]
            for visited in path:
                visited.visits += 1
                visited.total += values[visited.player]
        visits = [float(root.children[a].visits) if a in root.children else 0.0 for a in actions]
        return actions[_best(visits, rng)]

    @staticmethod
    def _sure_win(state: GameState[Any], actions: list[int], rng: random.Random) -> int | None:
        """An action that ends the deal or the game at once with a win for the mover in a few
        determinised worlds (the end of a deal is public, so a few suffice)."""
        game = state.game
        me = state.current
        deal = game._deal_number(state)
        worlds = [game.determinize(state, me, rng) for _ in range(4)]
        best: tuple[float, int] | None = None
        for action in actions:
            values = []
            for world in worlds:
                trial = world.copy()
                trial.apply_legal(action)
                if not (
                    trial.current == TERMINAL
                    or (trial.current == CHANCE and game._deal_number(trial) != deal)
                ):
                    break
                values.append(game._deal_value(state, trial, me))
            else:
                low = min(values)
                if low > 0 and (best is None or low > best[0]):
                    best = (low, action)
        return None if best is None else best[1]


BOTS: dict[str, Callable[[], Bot]] = {
    "random": RandomBot,
    "mc": MonteCarloBot,
    "ismcts": ISMCTSBot,
}


def make_bot(name: str) -> Bot:
    try:
        return BOTS[name]()
    except KeyError:
        raise UnknownNameError(f"unknown bot {quote(name)} (bots: {', '.join(BOTS)})") from None
