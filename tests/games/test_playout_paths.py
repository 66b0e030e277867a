"""The fast paths of random play give exactly what the checked path gives.

- Every installed game: :func:`random_playout` (the loop bots and simulation use, which takes
  the actions straight from the hooks and a game's own fast playout where it has one) reaches,
  seed for seed, the same history, returns and state as a loop through the checked public
  methods, and that history replays through :meth:`Game.replay`, every chance outcome checked.
- Every game with a fast playout has it taken by the bots' playouts. Each fast playout is
  proved equal to its checked path by :func:`conjure.testing.check_game` (every option, every
  player count, positions mid-game); the rules themselves are held by deals traced by hand
  from the texts (``test_traced_deals.py``).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from conjure.games import Game, GameState
from conjure.games.bots import random_playout
from conjure.plugins.host import load_plugins

GAMES = load_plugins().games

#: a short match of the games whose default match is long, so that every seed plays it out
SHORT: dict[str, dict[str, int]] = {
    "sixty-six": {"target": 2},
    "round-and-round": {"deals": 3},
    "jack-high": {"target": 120},
    "ten-exchange": {"target": 3},
    "casino": {"target": 150},
    "pick-up-score": {"target": 60},
    "klaberjass": {"target": 150},
    "nine-casino": {"target": 100},
    "specification": {"target": 100},
    "captain": {"deals": 2},
    "hundred-point-knock": {"target": 30},
    "exchange-score": {"target": 150},
    "exchange-score-jokers": {"target": 150},
    "swap-cards": {"target": 150},
    "avoid-hearts": {"deals": 2},
}
#: games whose random matches run for thousands of deals: played to the end of their second deal
TWO_DEALS = {"exchange-score", "exchange-score-jokers", "hundred-point-knock", "swap-cards"}


def checked_playout(
    state: GameState[Any], rng: random.Random, chance: random.Random, deal: int | None
) -> None:
    """Random play through the public checked methods alone: the legal actions asked of the
    state, each action checked again as it is applied (up to the end of deal ``deal``, as
    :func:`random_playout` stops)."""
    while not state.is_terminal():
        if state.is_chance_node():
            if deal is not None and state.game._deal_number(state) != deal:
                return
            state.sample_chance(chance)
            continue
        actions = state.legal_actions()
        state.apply_action(actions[int(rng.random() * len(actions))])


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_fast_playout_equals_the_checked_path(game_id: str) -> None:
    game = GAMES[game_id](**SHORT.get(game_id, {}))
    deal = 2 if game_id in TWO_DEALS else None
    for seed in range(4):
        slow = game.new_initial_state()
        checked_playout(slow, random.Random(seed), random.Random(1000 + seed), deal)
        fast = game.new_initial_state()
        random_playout(
            fast, random.Random(seed), deal, chance=random.Random(1000 + seed), uniform=True
        )
        assert fast.history == slow.history, f"{game_id} seed {seed}"
        if fast.is_terminal():
            assert fast.returns() == slow.returns()
        assert fast.to_json() == slow.to_json()
        assert game.replay(fast.history).to_json() == fast.to_json()


def test_every_fast_playout_is_one_the_bots_take() -> None:
    """A game's fast playout serves the bots' playouts (:class:`MonteCarloBot`, ISMCTS), which
    play every legal action to the end of the deal: a game that narrows its playout actions or
    cuts its playouts short would never reach one, and must not keep it."""
    for game_id, cls in sorted(GAMES.items()):
        game = cls()
        if not game.fast_playout:
            continue
        assert type(game)._playout_actions is Game._playout_actions, game_id
        assert game.playout_moves is None, game_id
        used: list[int] = []
        own = game._play_random

        def counted(*args: Any, own: Any = own, used: list[int] = used) -> int:
            used.append(1)
            return int(own(*args))

        game._play_random = counted  # type: ignore[method-assign]
        state = game.new_initial_state(0)
        world = game.determinize(state, state.current, random.Random(0))
        random_playout(world, random.Random(0), game._deal_number(world))
        assert used, f"{game_id}: a bot's playout does not take the game's fast path"
