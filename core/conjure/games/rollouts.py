"""How a searching bot plays a world on from where its search leaves it: a rollout policy per
family of games, behind the same interface as random play (:class:`conjure.games.bots.Rollout`).

- :class:`RandomRollout`: uniform over the game's playout actions (:func:`random_playout`).
- :class:`FamilyRollout`: what a plain player does, by family, with a share of random moves so
  that every line stays possible:

  - trick games (:class:`conjure.games.TrickGame`): lead at random; follow with the lowest card
    that takes the trick when last to play, else the lowest card (a card that cannot win is
    thrown as cheaply as it can be); in a game where tricks are to be avoided
    (:data:`AVOID`), the highest card that does not take it;
  - capture games (:class:`conjure.games.CaptureGame`): capture when a capture is offered;
  - every game: a move the game leaves out of random play is left out here too
    (:meth:`conjure.games.Game._random_actions`: a player who can knock, knocks; one who can
    show a combination, shows).

Every rollout is bounded: it stops at the end of the deal, or after ``most`` moves where the
game judges its standing mid-deal (:attr:`conjure.games.Game.playout_moves`), and never
later than :data:`MOST_MOVES` moves in any case.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from conjure.games.api import SPECIAL, TERMINAL, Game, GameState
from conjure.games.bots import random_playout
from conjure.games.capture import CAPTURE, CaptureGame, decode
from conjure.games.trick_taking import TrickGame

#: no rollout runs longer than this many players' moves
MOST_MOVES = 2000
#: the games whose tricks are to be avoided
AVOID = frozenset({"avoid-hearts"})

Policy = Callable[[GameState[Any], Sequence[int], random.Random], int]


class RandomRollout:
    """Uniformly random playout actions (:func:`conjure.games.bots.random_playout`)."""

    name = "random"

    def play(self, state: GameState[Any], rng: random.Random, deal: int, most: int | None) -> int:
        return random_playout(state, rng, deal, most=MOST_MOVES if most is None else most)


def _trick_policy(game: TrickGame[Any]) -> Policy:
    avoid = game.id in AVOID
    power = game._power
    strength = game.strength
    n = game.num_players

    def choose(state: GameState[Any], actions: Sequence[int], rng: random.Random) -> int:
        trick = state.zones["trick"]
        cards = [a for a in actions if a < SPECIAL]
        if not trick or len(cards) != len(actions) or len(cards) < 2:
            return actions[int(rng.random() * len(actions))]
        led = trick[0]
        top = max(power(state, c, led) for c in trick)
        winning = [c for c in cards if power(state, c, led) > top]
        losing = [c for c in cards if power(state, c, led) <= top]
        last = len(trick) == n - 1
        if avoid:
            if losing:
                return max(losing, key=lambda c: strength[c])
            return min(winning, key=lambda c: power(state, c, led))
        if winning and last:
            return min(winning, key=lambda c: power(state, c, led))
        if winning and rng.random() < 0.5:
            return max(winning, key=lambda c: power(state, c, led))
        return min(cards, key=lambda c: (power(state, c, led) > top, strength[c]))

    return choose


def _capture_policy(game: CaptureGame[Any]) -> Policy:
    def choose(state: GameState[Any], actions: Sequence[int], rng: random.Random) -> int:
        takes = [a for a in actions if a >= SPECIAL and decode(a)[1] == CAPTURE]
        pool = takes or actions
        return pool[int(rng.random() * len(pool))]

    return choose


class FamilyRollout:
    """The family's plain play (see the module docstring), a random move instead one time in
    ``1 / noise``."""

    name = "family"

    def __init__(self, game: Game[Any], noise: float = 0.2) -> None:
        self.noise = noise
        self.policy: Policy | None = None
        if isinstance(game, TrickGame):
            self.policy = _trick_policy(game)
        elif isinstance(game, CaptureGame):
            self.policy = _capture_policy(game)

    def play(self, state: GameState[Any], rng: random.Random, deal: int, most: int | None) -> int:
        policy = self.policy
        game = state.game
        if policy is None:  # the game's own moves for random play, its fast path kept
            return random_playout(state, rng, deal, uniform=True, most=most or MOST_MOVES)
        plain = type(game)._random_actions is Game._random_actions
        actions_of = game._legal_actions if plain else game._random_actions
        apply = game._apply_action
        deal_of = game._deal_number
        history = state.history
        noise = self.noise
        end = MOST_MOVES if most is None else min(most, MOST_MOVES)
        moves = 0
        while moves < end:
            current = state.current
            if current < 0:
                if current == TERMINAL or deal_of(state) != deal:
                    return moves
                state.sample_chance(rng)
                continue
            actions = actions_of(state)
            if len(actions) == 1:
                action = actions[0]
            elif rng.random() < noise:
                action = actions[int(rng.random() * len(actions))]
            else:
                action = policy(state, actions, rng)
            history.append(action)
            apply(state, action)
            moves += 1
        return moves


def rollout_for(game: Game[Any], name: str = "family") -> RandomRollout | FamilyRollout:
    """The rollout called ``name`` (``family`` or ``random``) for ``game``."""
    if name == "random":
        return RandomRollout()
    if name == "family":
        return FamilyRollout(game)
    raise ValueError(f"unknown rollout {name!r} (rollouts: family, random)")
