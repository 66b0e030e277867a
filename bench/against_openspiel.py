"""conjure's searching bot against OpenSpiel's Python ISMCTS (``open_spiel.python.algorithms
.ismcts``) at equal time per move, through the OpenSpiel adapter: both think ``--think``
seconds of wall time a move (OpenSpiel's bot runs simulations until its time is spent, at
least one; conjure's runs its ``seconds`` budget), on the same machine in the same process.

One conjure seat, rotating from deal to deal, against OpenSpiel's bot in every other seat;
each finished game is compared seat by seat with every OpenSpiel seat, ties left out, and the
share won is printed with its 95% Wilson interval, with each side's mean wall time a move.

    python bench/against_openspiel.py [--game avoid-hearts] [--games 12] [--think 0.05]
        [--bot ismcts|mc]
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from conjure.adapters.openspiel import load_game
from conjure.games.bots import ISMCTSBot, MonteCarloBot
from conjure.games.simulate import wilson


class TimedISMCTS(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's ISMCTS, its search stopped when ``seconds`` of wall time have passed
    (once the root has a visit: the first simulation only expands it) instead of after a
    count."""

    def __init__(self, game: Any, seconds: float, rng: np.random.RandomState) -> None:
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
        super().__init__(game, evaluator, 2.0, 10**9, random_state=rng)
        self.seconds = seconds
        self.simulations = 0

    def run_search(self, state: Any) -> Any:
        self.reset()
        legal_actions = state.legal_actions()
        if len(legal_actions) == 1:
            return [(legal_actions[0], 1.0)]
        self._root_node = self.create_new_node(state)
        deadline = time.perf_counter() + self.seconds
        while True:
            self.run_simulation(self.sample_root_state(state))
            self.simulations += 1
            if time.perf_counter() > deadline and self._root_node.total_visits > 0:
                break
        if self._allow_inconsistent_action_sets:
            node = self.filter_illegals(self._root_node, state.legal_actions())
            return self.get_final_policy(state, node)
        return self.get_final_policy(state, self._root_node)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="avoid-hearts")
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--think", type=float, default=0.05)
    parser.add_argument("--bot", choices=["ismcts", "mc"], default="ismcts")
    args = parser.parse_args()
    game = load_game(args.game)
    n = game.num_players()
    wins = trials = 0
    spent = {"conjure": [0.0, 0], "OpenSpiel": [0.0, 0]}
    simulations = 0
    for g in range(args.games):
        me = g % n
        rng = np.random.RandomState(g)
        theirs = TimedISMCTS(game, args.think, rng)
        ours: Any = (
            ISMCTSBot(iterations=None, seconds=args.think)
            if args.bot == "ismcts"
            else MonteCarloBot(worlds=None, seconds=args.think)
        )
        chance, choose = random.Random(1000 + g), random.Random(g)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[chance.randrange(len(outcomes))][0])
                continue
            if len(state.legal_actions()) == 1:
                state.apply_action(state.legal_actions()[0])
                continue
            start = time.perf_counter()
            if state.current_player() == me:
                code = ours.choose(state.table.state, choose)
                for action in state.table.spell(code):
                    state.apply_action(action)
                who = "conjure"
            else:
                state.apply_action(theirs.step(state))
                who = "OpenSpiel"
            spent[who][0] += time.perf_counter() - start
            spent[who][1] += 1
        simulations += theirs.simulations
        returns = state.returns()
        for p in range(n):
            if p != me and returns[p] != returns[me]:
                trials += 1
                wins += returns[me] > returns[p]
        print(f"game {g}: conjure in seat {me}, returns {[round(r, 2) for r in returns]}")
    rate, low, high = wilson(wins, trials)
    print(
        f"{args.game}: conjure {args.bot} against OpenSpiel ISMCTS, {args.think:g} s a move "
        f"each, {args.games} games, conjure's seat rotating"
    )
    print(
        f"conjure won {wins} of {trials} seat-by-seat comparisons (ties left out): "
        f"{rate:.0%}, 95% interval {low:.0%}-{high:.0%}"
    )
    for who, (seconds, moves) in spent.items():
        print(f"{who}: {1000 * seconds / max(1, moves):.1f} ms a move over {moves} moves")
    moves = max(1, int(spent["OpenSpiel"][1]))
    print(f"OpenSpiel's ISMCTS ran {simulations / moves:.1f} simulations a move")


if __name__ == "__main__":
    main()
