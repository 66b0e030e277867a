"""What a bot's worlds cost at the tables where the facts bind most: the asking games at their
larger tables, where every seat's denials and asks constrain the hidden cards.

Random games are walked and, at every ``--every``-th player's turn, the player to move draws
``--worlds`` worlds (:meth:`conjure.games.Game.determinize`) and then makes one Monte-Carlo
decision with as many worlds. Printed per game: the positions, the mean CPU milliseconds a
world and a decision took, and how the worlds were dealt (a plain shuffle that fitted, or the
search; the counting is used only when the search gives up).

    python bench/worlds.py [--seeds 2] [--every 20] [--worlds 24]
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from typing import Any

import conjure.games.inference as inference
from conjure.games import Game
from conjure.games.bots import MonteCarloBot

#: which way :func:`conjure.games.inference.deal` dealt each world (counted while running)
DEALT: Counter[str] = Counter()


def games() -> list[Game[Any]]:
    from conjure_games.ask_for_cards import AskForCards
    from conjure_games.go_fish import GoFish

    return [AskForCards(8), AskForCards(5), GoFish(6), GoFish(4, ask=1)]


def watch_deals() -> None:
    """Count each deal by the way it was made (a fitting shuffle, or not)."""
    fits, search = inference._fits, inference._search

    def counted_fits(*args: Any) -> bool:
        ok = fits(*args)
        DEALT["shuffle"] += ok
        return ok

    def counted_search(*args: Any) -> Any:
        DEALT["search"] += 1
        return search(*args)

    inference._fits = counted_fits  # type: ignore[assignment]
    inference._search = counted_search


def measure(game: Game[Any], seeds: int, every: int, worlds: int) -> tuple[int, float, float]:
    """Positions, mean CPU ms a world, mean CPU ms a Monte-Carlo decision."""
    positions, world_time, choose_time = 0, 0.0, 0.0
    for seed in range(seeds):
        rng = random.Random(seed)
        state = game.new_initial_state()
        step = 0
        while not state.is_terminal() and step < 150:
            if state.is_chance_node():
                state.sample_chance(rng)
                continue
            if step % every == every // 2:
                start = time.process_time()
                for w in range(worlds):
                    game.determinize(state, state.current, random.Random(w))
                world_time += (time.process_time() - start) / worlds
                start = time.process_time()
                MonteCarloBot(worlds=worlds).choose(state, random.Random(seed))
                choose_time += time.process_time() - start
                positions += 1
            state.apply_action(rng.choice(state.legal_actions()))
            step += 1
    return positions, 1000 * world_time / positions, 1000 * choose_time / positions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=2, help="random games a table")
    parser.add_argument("--every", type=int, default=20, help="a position every N turns")
    parser.add_argument("--worlds", type=int, default=24, help="worlds a position")
    args = parser.parse_args()
    watch_deals()
    print(f"{'game':28} {'positions':>9} {'ms/world':>9} {'ms/decision':>12}  dealt by")
    for game in games():
        DEALT.clear()
        n, per_world, per_choice = measure(game, args.seeds, args.every, args.worlds)
        label = f"{game.id} ({game.num_players} players)"
        how = ", ".join(f"{k} {v}" for k, v in sorted(DEALT.items()))
        print(f"{label:28} {n:9} {per_world:9.2f} {per_choice:12.1f}  {how}")


if __name__ == "__main__":
    main()
