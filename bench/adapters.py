"""OpenSpiel's ISMCTS bot against conjure's flat Monte-Carlo bot through the OpenSpiel adapter:
N games of a game (seats alternating, the same deal for both seatings of a pair), ISMCTS's score
(a win 1, a draw half) with its 95% Wilson interval, and the CPU time per move of each bot.

    python bench/adapters.py [--game goofspiel] [--games 20] [--simulations 100] [--worlds 8]
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from conjure.adapters.openspiel import load_game
from conjure.games.bots import MonteCarloBot
from conjure.games.simulate import wilson


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="goofspiel")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--simulations", type=int, default=100)
    parser.add_argument("--worlds", type=int, default=8)
    args = parser.parse_args()
    game = load_game(args.game)
    points = 0.0
    spent = {"ismcts": [0.0, 0], "mc": [0.0, 0]}
    for g in range(args.games):
        rng = np.random.RandomState(g)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
        theirs = ismcts.ISMCTSBot(game, evaluator, 2.0, args.simulations, random_state=rng)
        ours = MonteCarloBot(worlds=args.worlds)
        seat = g % 2
        chance = random.Random(g // 2)  # both seatings of a pair see the same deal
        choose = random.Random(g)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[chance.randrange(len(outcomes))][0])
                continue
            start = time.process_time()
            if state.current_player() == seat:
                state.apply_action(theirs.step(state))
                who = "ismcts"
            else:
                code = ours.choose(state.table.state, choose)
                for action in state.table.spell(code):
                    state.apply_action(action)
                who = "mc"
            spent[who][0] += time.process_time() - start
            spent[who][1] += 1
        returns = state.returns()
        mine, other = returns[seat], max(r for p, r in enumerate(returns) if p != seat)
        points += 1.0 if mine > other else 0.5 if mine == other else 0.0
    _, low, high = wilson(round(points), args.games)
    print(
        f"{args.game}: OpenSpiel ISMCTS ({args.simulations} simulations) against conjure MC "
        f"({args.worlds} worlds), {args.games} games"
    )
    print(
        f"ISMCTS's score {points:g}/{args.games} = {points / args.games:.2f} "
        f"(95% interval {low:.2f}-{high:.2f})"
    )
    for who, (seconds, moves) in spent.items():
        print(f"{who}: {1000 * seconds / max(1, moves):.1f} ms CPU a move over {moves} moves")


if __name__ == "__main__":
    main()
