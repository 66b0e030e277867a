"""How far ask-for-cards's Monte-Carlo bot beats random play, beyond what a test can afford.

Two Monte-Carlo seats against two random ones at a four-player table under the default options
(``limit=5``), the sides changing seats from deal to deal, as the test in
``tests/games/test_ask_for_cards.py`` plays 32 deals. A deal counts as won when the best score
is on the Monte-Carlo side alone (a tie for the best is lost); even play wins about 43% (two
random sides: ``--baseline``). Printed: deals won of deals played with the 95% Wilson
interval, the fines each side paid, and the CPU seconds spent.

    python bench/ask_for_cards_bot.py [--deals 300] [--worlds 4] [--moves 2] [--baseline]

``--moves`` sets the bots' playout length (:attr:`AskForCards.playout_moves`; ``0`` plays
every playout to the end of the deal).
"""

from __future__ import annotations

import argparse
import random
import time

from conjure.games import TERMINAL
from conjure.games.bots import Bot, MonteCarloBot, RandomBot
from conjure.games.simulate import wilson
from conjure_games.ask_for_cards import AskForCards


def duel(deals: int, worlds: int, baseline: bool) -> tuple[int, list[int]]:
    """Deals won by the first side, and each side's fines (first side, other side)."""
    game = AskForCards(4)
    n = game.num_players
    wins = 0
    fines = [0, 0]
    for seed in range(deals):
        side = {p for p in range(n) if (p + seed) % 2 == 0}
        bots: dict[int, Bot] = {
            p: RandomBot() if baseline or p not in side else MonteCarloBot(worlds=worlds)
            for p in range(n)
        }
        rng = random.Random(seed)
        state = game.new_initial_state(seed)
        while state.current != TERMINAL:
            if state.is_chance_node():
                state.sample_chance(rng)
            else:
                state.apply_action(bots[state.current].choose(state, rng))
        result = state.returns()
        wins += max(result[p] for p in side) > max(result[p] for p in range(n) if p not in side)
        for p in range(n):
            fines[p not in side] += state.vars.lies[p]
    return wins, fines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--worlds", type=int, default=4)
    parser.add_argument("--moves", type=int, default=AskForCards.playout_moves or 0)
    parser.add_argument("--baseline", action="store_true", help="random seats on both sides")
    args = parser.parse_args()
    AskForCards.playout_moves = args.moves or None
    start = time.process_time()
    wins, fines = duel(args.deals, args.worlds, args.baseline)
    spent = time.process_time() - start
    rate, low, high = wilson(wins, args.deals)
    side = "random" if args.baseline else f"mc ({args.worlds} worlds, playouts of {args.moves})"
    print(
        f"{side}: {wins}/{args.deals} deals won ({rate:.2f}, 95% {low:.2f}-{high:.2f}); "
        f"fines {fines[0]} against {fines[1]}; {spent:.1f} CPU s ({spent / args.deals:.2f} a deal)"
    )


if __name__ == "__main__":
    main()
