"""bench/worlds.py times worlds where the facts bind most, and counts how each was dealt."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import conjure.games.inference as inference


def test_the_worlds_benchmark_counts_how_worlds_were_dealt(
    bench_module: Callable[[str], ModuleType],
) -> None:
    from conjure_games.go_fish import GoFish

    worlds = bench_module("worlds.py")
    fits, search = inference._fits, inference._search
    try:
        worlds.watch_deals()
        positions, per_world, per_choice = worlds.measure(GoFish(6), 1, 20, 3)
    finally:
        inference._fits, inference._search = fits, search  # type: ignore[assignment]
    assert positions > 3 and 0 < per_world < per_choice
    # at six seats most worlds need the search: the asks and denials bind five hands
    assert worlds.DEALT["search"] > worlds.DEALT["shuffle"]
