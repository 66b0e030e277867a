"""One bounded duel per family of games: a searching bot against random play, on fixed seeds
and a fixed budget (worlds or iterations, not time), so that the result is the same on every
machine. Each duel is judged twice on the same deals: the searching bot's score must have a
95% interval above one half, and a random bot put in its seat must fail that same test (so
the duel measures play, not a seat or a scoring that favours one side).

The score: with one searching seat (rotating from deal to deal) against random seats, each
finished game is compared seat by seat with every random opponent, ties left out; with a
side (the searching bots in every other seat, the sides changing seats), a game is won when
the best result at the table is the side's, a tie for the best counting as lost.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from conjure.games import TERMINAL, Game
from conjure.games.bots import Bot, MonteCarloBot, RandomBot
from conjure.games.simulate import wilson
from conjure_games.avoid_hearts import AvoidHearts
from conjure_games.captain import Captain
from conjure_games.casino import Casino
from conjure_games.exchange_score import ExchangeScoreJokers
from conjure_games.go_fish import GoFish
from conjure_games.hundred_point_knock import HundredPointKnock
from conjure_games.run_fast import RunFast

Score = tuple[float, float, float]


def play(game: Game[Any], bots: dict[int, Bot], seed: int) -> list[float]:
    rng = random.Random(seed)
    state = game.new_initial_state(seed)
    while state.current != TERMINAL:
        if state.is_chance_node():
            state.sample_chance(rng)
        else:
            state.apply_action(bots[state.current].choose(state, rng))
    return list(state.returns())


def seat_duel(game: Game[Any], make: Callable[[], Bot], deals: int) -> Score:
    """One ``make()`` bot against random seats, each deal played once with the bot in every
    seat (so no seat's advantage counts): its share of the seat-by-seat comparisons that are
    not ties, with the 95% interval."""
    n = game.num_players
    wins = trials = 0
    for seed in range(deals):
        for me in range(n):
            bots: dict[int, Bot] = {p: RandomBot() for p in range(n)}
            bots[me] = make()
            result = play(game, bots, seed)
            for p in range(n):
                if p != me and result[p] != result[me]:
                    trials += 1
                    wins += result[me] > result[p]
    return wilson(wins, trials)


def side_duel(game: Game[Any], make: Callable[[], Bot], games: int) -> Score:
    """``make()`` bots in every other seat against random ones, the sides changing seats:
    the share of games whose best result is the side's, with the 95% interval."""
    n = game.num_players
    wins = 0
    for seed in range(games):
        side = {p for p in range(n) if (p + seed) % 2 == 0}
        bots = {p: make() if p in side else RandomBot() for p in range(n)}
        result = play(game, bots, seed)
        wins += max(result[p] for p in side) > max(result[p] for p in range(n) if p not in side)
    return wilson(wins, games)


#: family: (the game, the duel, the searching bot, deals, or games for a side duel)
DUELS: dict[str, tuple[Callable[[], Game[Any]], Callable[..., Score], Callable[[], Bot], int]] = {
    "trick": (lambda: AvoidHearts(4, deals=1), seat_duel, lambda: MonteCarloBot(worlds=6), 10),
    "declaring": (lambda: Captain(deals=1), seat_duel, lambda: MonteCarloBot(worlds=4), 12),
    "capture": (lambda: Casino(target=1), seat_duel, lambda: MonteCarloBot(worlds=4), 10),
    "climbing": (lambda: RunFast(2), seat_duel, lambda: MonteCarloBot(worlds=4), 12),
    "exchange": (
        lambda: ExchangeScoreJokers(4, target=1, deals=0),
        side_duel,
        lambda: MonteCarloBot(worlds=1),
        8,
    ),
    "knocking": (
        lambda: HundredPointKnock(target=1),
        seat_duel,
        lambda: MonteCarloBot(worlds=3),
        4,
    ),
    # asking anyone (ask=1): what the table has heard tells whom to ask
    "asking": (lambda: GoFish(3, ask=1), seat_duel, lambda: MonteCarloBot(worlds=2), 6),
}


@pytest.mark.parametrize("family", sorted(DUELS))
def test_the_searching_bot_wins_its_familys_duel_and_random_play_does_not(family: str) -> None:
    make_game, duel, make_bot, games = DUELS[family]
    game = make_game()
    rate, low, high = duel(game, make_bot, games)
    assert low > 0.5, f"{family}: the bot won {rate:.0%} [{low:.0%}, {high:.0%}]"
    rate, low, high = duel(game, RandomBot, games)
    assert low <= 0.5, f"{family}: random play in its seat won {rate:.0%} [{low:.0%}, {high:.0%}]"
