"""Many games between bots: win rates with confidence intervals, mean returns and scores, game
length, games per second."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from conjure.games.api import TERMINAL, Game
from conjure.games.bots import make_bot


@attrs.frozen
class Summary:
    """What a batch of games came to."""

    game: str
    bots: tuple[str, ...]
    games: int
    seed: int
    wins: tuple[int, ...]
    draws: int
    mean_returns: tuple[float, ...]
    mean_scores: tuple[float, ...]
    mean_length: float
    seconds: float

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else math.inf

    def win_rate(self, player: int) -> tuple[float, float, float]:
        """The win rate of ``player`` with its 95% Wilson interval."""
        return wilson(self.wins[player], self.games)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "bots": list(self.bots),
            "games": self.games,
            "seed": self.seed,
            "wins": list(self.wins),
            "draws": self.draws,
            "win_rate": [
                {"rate": r, "low": lo, "high": hi}
                for r, lo, hi in (self.win_rate(p) for p in range(len(self.bots)))
            ],
            "mean_returns": list(self.mean_returns),
            "mean_scores": list(self.mean_scores),
            "mean_length": self.mean_length,
            "seconds": self.seconds,
            "games_per_second": self.games_per_second,
        }


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float, float]:
    """Proportion and its Wilson score interval."""
    if trials == 0:
        return 0.0, 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return p, max(0.0, centre - half), min(1.0, centre + half)


def _play_batch(
    game: Game, bot_names: Sequence[str], seeds: Sequence[int], rng_seed: int
) -> tuple[list[int], int, list[float], list[float], int]:
    bots = [make_bot(name) for name in bot_names]
    rng = random.Random(rng_seed)
    n = game.num_players
    wins = [0] * n
    draws = 0
    returns = [0.0] * n
    scores = [0.0] * n
    length = 0
    legal = game.legal_actions
    apply = game.apply
    all_random = all(name == "random" for name in bot_names)
    for seed in seeds:
        state = game.new_initial_state(seed)
        moves = 0
        if all_random:  # the common case, without a call per move to a bot
            pick = rng.random
            while state.current != TERMINAL:
                actions = legal(state)
                apply(state, actions[int(pick() * len(actions))])
                moves += 1
        else:
            while state.current != TERMINAL:
                action = bots[state.current].choose(game, state, rng)
                apply(state, action)
                moves += 1
        result = game.returns(state)
        best = max(result)
        top = [i for i, r in enumerate(result) if r == best]
        if len(top) == 1:
            wins[top[0]] += 1
        else:
            draws += 1
        for i in range(n):
            returns[i] += result[i]
        for i, s in enumerate(game.scores(state)):
            scores[i] += s
        length += moves
    return wins, draws, returns, scores, length


def simulate(
    game: Game,
    games: int,
    seed: int = 0,
    bots: Sequence[str] = ("random",),
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
) -> Summary:
    """Play ``games`` games (deal seeds ``seed``, ``seed + 1`` …) between ``bots`` (one name per
    seat, or one for all) on ``workers`` processes."""
    names = tuple(bots) if len(bots) == game.num_players else tuple(bots[:1]) * game.num_players
    for name in names:
        make_bot(name)
    start = time.perf_counter()
    chunk = max(1, min(1000, games // (workers * 8) or 1))
    batches = [list(range(seed + i, seed + min(i + chunk, games))) for i in range(0, games, chunk)]
    parts: list[tuple[list[int], int, list[float], list[float], int]] = []
    if workers > 1 and len(batches) > 1:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork")) as pool:
            futures = [
                pool.submit(_play_batch, game, names, b, seed * 7919 + k)
                for k, b in enumerate(batches)
            ]
            for f, b in zip(futures, batches, strict=True):
                parts.append(f.result())
                if progress:
                    progress(len(b))
    else:
        for k, b in enumerate(batches):
            parts.append(_play_batch(game, names, b, seed * 7919 + k))
            if progress:
                progress(len(b))
    n = game.num_players
    wins = [sum(p[0][i] for p in parts) for i in range(n)]
    draws = sum(p[1] for p in parts)
    total = max(1, games)
    return Summary(
        game=game.id,
        bots=names,
        games=games,
        seed=seed,
        wins=tuple(wins),
        draws=draws,
        mean_returns=tuple(sum(p[2][i] for p in parts) / total for i in range(n)),
        mean_scores=tuple(sum(p[3][i] for p in parts) / total for i in range(n)),
        mean_length=sum(p[4] for p in parts) / total,
        seconds=time.perf_counter() - start,
    )
