"""Speed of thought: conjure's ISMCTS against OpenSpiel's Python ISMCTS
(``open_spiel.python.algorithms.ismcts``) deciding the same positions at the same number of
simulations, side by side in one process, CPU time.

Both search the same game through the OpenSpiel adapter (avoid-hearts by default, four
players, one deal), so both step the same rules: OpenSpiel's bot gets the adapter's state
(its worlds from ``resample_from_infostate``, one random rollout a simulation), conjure's the
table's own state. The positions are a few deals played on at random for a few tricks; each
position is decided ``--rounds`` times by each bot in turn, and each bot's time for a position
is its fastest round (the least disturbed on a shared machine). The ratio is OpenSpiel's time
over conjure's, per position and over all of them.

With ``--native hearts`` OpenSpiel's bot searches OpenSpiel's own C++ game instead (no card
passing), at positions reached by as many random moves: not the same positions, the same
depth in a game of the same size, which times the search with OpenSpiel's fastest rules.

    python bench/ismcts_speed.py [--game avoid-hearts] [--simulations 800] [--positions 4]
        [--native hearts]
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from conjure.adapters.openspiel import load_game
from conjure.games.bots import ISMCTSBot


def positions(game: Any, count: int, moves: int) -> list[Any]:
    """``count`` positions of ``game`` (an adapter game): a deal, then ``moves`` random
    player actions, stopping at a player's turn with more than one legal action."""
    found = []
    seed = 0
    while len(found) < count:
        rng = random.Random(seed)
        seed += 1
        state = game.new_initial_state()
        taken = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            legal = state.legal_actions()
            if taken >= moves and len(legal) > 1:
                found.append(state)
                break
            state.apply_action(legal[rng.randrange(len(legal))])
            taken += 1
    return found


def time_theirs(game: Any, state: Any, simulations: int, seed: int) -> float:
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, simulations, random_state=rng)
    start = time.process_time()
    bot.step(state)
    return time.process_time() - start


def time_ours(state: Any, simulations: int, seed: int) -> float:
    bot = ISMCTSBot(iterations=simulations)
    position = state.table.state
    start = time.process_time()
    bot.choose(position, random.Random(seed))
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="avoid-hearts")
    parser.add_argument("--simulations", type=int, default=800)
    parser.add_argument("--positions", type=int, default=4)
    parser.add_argument("--moves", type=int, default=6, help="random moves before a position")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--native", help="OpenSpiel's own game for its bot (e.g. hearts)")
    args = parser.parse_args()
    game = load_game(args.game)
    theirs_game = game
    if args.native:
        import pyspiel

        params = {"pass_cards": False} if args.native == "hearts" else {}
        theirs_game = pyspiel.load_game(args.native, params)
        print(f"OpenSpiel's bot searches its own {args.native}, at the same depth")
    print(
        f"{args.game}: ISMCTS at {args.simulations} simulations, CPU ms a decision "
        f"(fastest of {args.rounds} rounds)"
    )
    print(f"{'position':>8} {'conjure':>9} {'OpenSpiel':>10} {'ratio':>6}")
    total_ours = total_theirs = 0.0
    mine = positions(game, args.positions, args.moves)
    others = positions(theirs_game, args.positions, args.moves) if args.native else mine
    for i, (state, other) in enumerate(zip(mine, others, strict=True)):
        ours, theirs = [], []
        try:
            for r in range(args.rounds):
                ours.append(time_ours(state, args.simulations, r))
                theirs.append(time_theirs(theirs_game, other, args.simulations, r))
        except ValueError as error:  # OpenSpiel's rollout on its own hearts, at some positions
            print(f"{i:>8} skipped: OpenSpiel's search failed ({error})")
            continue
        a, b = min(ours), min(theirs)
        total_ours += a
        total_theirs += b
        print(f"{i:>8} {1000 * a:>9.1f} {1000 * b:>10.1f} {b / a:>5.2f}x")
    print(
        f"{'all':>8} {1000 * total_ours:>9.1f} {1000 * total_theirs:>10.1f} "
        f"{total_theirs / total_ours:>5.2f}x  (OpenSpiel's time over conjure's; goal 3x)"
    )


if __name__ == "__main__":
    main()
