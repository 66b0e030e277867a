"""The fast paths of random play give exactly what the checked path gives.

- Every installed game: :func:`random_playout` (the loop bots and simulation use, which takes
  the actions straight from the hooks and a game's own fast playout where it has one) reaches,
  seed for seed, the same history, returns and state as a loop through the checked public
  methods, and that history replays through :meth:`Game.replay`, every chance outcome checked.
- The games whose hot paths are written for speed: the histories and returns of many seeded
  playouts are pinned by a digest taken from the plainly written rules, so a faster rewrite
  that changes any game in any way fails here.
"""

from __future__ import annotations

import hashlib
import json
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


def test_the_trick_games_that_play_cards_plainly_have_a_fast_playout() -> None:
    """So that the test above compares a game's own loop with the checked path (sixty-six's
    closing, marriages and declarations go through its ``_apply_special`` inside the loop)."""
    fast = {game_id for game_id, cls in GAMES.items() if cls().fast_playout}
    assert {"round-and-round", "jack-high", "sixty-six"} <= fast


def digest(game: Game[Any], seeds: int, uniform: bool = True, deal: int | None = None) -> str:
    """A digest of the histories, returns and final states of ``seeds`` seeded random
    playouts."""
    h = hashlib.sha256()
    for seed in range(seeds):
        state = game.new_initial_state()
        random_playout(state, random.Random(seed), deal=deal, uniform=uniform)
        h.update(repr(state.returns() if state.is_terminal() else ()).encode())
        h.update(json.dumps(state.to_json(), sort_keys=True).encode())
    return h.hexdigest()[:16]


def _game(game_id: str, *args: int, **options: int) -> Game[Any]:
    return GAMES[game_id](*args, **options)


#: (game, its options, seeds, uniform) -> the digest the plainly written rules give
PINNED: list[tuple[str, tuple[int, ...], dict[str, int], int, bool, str]] = [
    ("goofspiel", (), {}, 200, True, "7f00c12968254e56"),
    ("goofspiel", (), {"ties": 0}, 50, True, "971db907955671c5"),
    ("goofspiel", (), {"ties": 2}, 50, True, "0f3c6efe4c70cbcd"),
    ("sixty-six", (), {"target": 3}, 60, True, "2dfc90179b07dc50"),
    ("sixty-six", (), {"target": 3}, 60, False, "336afaf56b2de1e4"),
    ("round-and-round", (), {}, 30, True, "7fac050a16580266"),
    ("jack-high", (), {}, 30, True, "24308084fa83cdbb"),
    ("ten-exchange", (), {"target": 5, "first_sweep_only": 0}, 40, True, "fcdc5d81b2324ac7"),
    (
        "ten-exchange",
        (),
        {"target": 5, "priority": 1, "first_sweep_only": 0},
        40,
        True,
        "c194ae14276b0201",
    ),
    ("casino", (), {"target": 150}, 60, True, "ad47f65aeac50074"),
    ("casino", (), {"target": 150, "several": 1}, 60, True, "281262787c8ce75c"),
    ("casino", (), {"scoring": 1, "target": 11}, 40, True, "7ab6f80e4073d442"),
    ("pick-up-score", (2,), {"target": 60}, 60, True, "b68be1585b5b7090"),
    ("pick-up-score", (4,), {"target": 60}, 40, True, "2cacfc88180b0d6e"),
    ("pick-up-score", (6,), {"target": 60}, 40, True, "cadec4667127ac31"),
    ("ask-for-cards", (4,), {}, 40, True, "cdf6055954197553"),
    ("ask-for-cards", (6,), {}, 30, True, "1529258058b0d52d"),
    ("ask-for-cards", (7,), {"limit": 1}, 30, True, "0e1d0da139f7bfa0"),
]


@pytest.mark.parametrize(
    ("game_id", "args", "options", "seeds", "uniform", "expected"),
    PINNED,
    ids=[f"{p[0]}{p[1]}{p[2]}{'' if p[4] else '-playout'}" for p in PINNED],
)
def test_seeded_playouts_are_pinned(
    game_id: str,
    args: tuple[int, ...],
    options: dict[str, int],
    seeds: int,
    uniform: bool,
    expected: str,
) -> None:
    assert digest(_game(game_id, *args, **options), seeds, uniform) == expected
