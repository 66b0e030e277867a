"""Three-card showdown (text 002): random playouts per CPU second (matches and hands), and the
Monte-Carlo bot against random play in chips per hand, with a 95% interval.

There is no three-card betting game in OpenSpiel to put beside it; its ``leduc_poker`` (a
small betting game, six cards) is timed in the same run for scale when ``open_spiel`` is
installed.

    python bench/three_card_showdown.py [--seconds 3] [--hands 200] [--worlds 8]
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

from conjure.games import TERMINAL
from conjure.games.bots import MonteCarloBot, RandomBot, random_playout
from conjure_games.three_card_showdown import ThreeCardShowdown
from peers import openspiel_random_playouts


def playouts(seconds: float) -> tuple[float, float]:
    """(matches, hands) per CPU second of random play, four players, ten hands a match."""
    game = ThreeCardShowdown(4)
    rng = random.Random(1)
    matches = hands = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        random_playout(state, rng, uniform=True)
        matches += 1
        hands += state.vars.deals
    spent = time.process_time() - start
    return matches / spent, hands / spent


def chips_per_hand(hands: int, worlds: int) -> tuple[float, float, float]:
    """The Monte-Carlo bot's mean chips won per hand against the random bot, two players,
    seats alternating, each hand a match of one (1000 chips each): mean and 95% interval."""
    game = ThreeCardShowdown(2, hands=1)
    gains = []
    for seed in range(hands):
        me = seed % 2
        bots = {me: MonteCarloBot(worlds=worlds), 1 - me: RandomBot()}
        rng = random.Random(seed)
        state = game.new_initial_state(seed)
        while state.current != TERMINAL:
            if state.is_chance_node():
                state.sample_chance(rng)
            else:
                state.apply_action(bots[state.current].choose(state, rng))
        gains.append(state.returns()[me])
    mean = statistics.fmean(gains)
    half = 1.96 * statistics.stdev(gains) / math.sqrt(len(gains))
    return mean, mean - half, mean + half


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--hands", type=int, default=200, help="hands of the bot duel")
    parser.add_argument("--worlds", type=int, default=8, help="the Monte-Carlo bot's worlds")
    args = parser.parse_args()
    matches, hands = playouts(args.seconds)
    print(f"{'three-card-showdown matches':32} {matches:>9,.0f} /s  {hands:>10,.0f} hands/s")
    peer = openspiel_random_playouts("leduc_poker", args.seconds)
    if peer is None:
        print(f"{'OpenSpiel leduc_poker':32} not installed")
    else:
        print(f"{'OpenSpiel leduc_poker games':32} {peer[0]:>9,.0f} /s")
    mean, low, high = chips_per_hand(args.hands, args.worlds)
    print(
        f"{'mc against random':32} {mean:>+9.1f} chips a hand "
        f"(95% {low:+.1f} to {high:+.1f}, {args.hands} hands)"
    )


if __name__ == "__main__":
    main()
