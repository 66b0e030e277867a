"""The peer side of the benchmarks: random playouts of an OpenSpiel game through its Python API,
timed the same way as ours (CPU time of this process), when ``pyspiel`` is importable."""

from __future__ import annotations

import random
import time
from typing import Any


def openspiel_random_playouts(
    name: str, seconds: float, params: dict[str, Any] | None = None
) -> tuple[float, float] | None:
    """(games per CPU second, player actions per CPU second) of uniformly random playouts of
    OpenSpiel's ``name``, chance outcomes drawn uniformly too; ``None`` without OpenSpiel."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game(name, params or {})
    rng = random.Random(1)
    count = actions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.random() * len(legal))])
                actions += 1
        count += 1
    spent = time.process_time() - start
    return count / spent, actions / spent
