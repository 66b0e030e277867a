"""Every game states the most moves a match can take, and random matches end within it: every
game, every table size, at the game's defaults, over 20 seeds."""

from __future__ import annotations

import random

import pytest

from conjure.cli.common import registry
from conjure.games.bots import random_playout

CASES = [
    (gid, players)
    for gid, cls in sorted(registry().games.items())
    for players in sorted(cls.players)
]


@pytest.mark.parametrize(("gid", "players"), CASES, ids=[f"{g}-{n}" for g, n in CASES])
def test_a_random_match_ends_within_the_stated_bound(gid: str, players: int) -> None:
    game = registry().game(gid)(players)
    bound = game.most_moves()
    assert bound is not None and bound > 0, gid
    longest = 0
    for seed in range(20):
        state = game.new_initial_state()
        moves = random_playout(
            state,
            random.Random(seed),
            chance=random.Random(1000 + seed),
            uniform=True,
            most=bound + 1,
        )
        assert state.is_terminal(), (gid, players, seed, moves)
        assert moves <= bound, (gid, players, seed, moves)
        longest = max(longest, moves)
    assert longest > 0
