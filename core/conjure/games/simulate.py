"""Many games between bots: win rates with confidence intervals, mean returns and scores, game
length, games per second; per seat, and per side in a game of sides (partnerships, a contract's
side, a declarer and his secret partner).

The games are cut into chunks (:mod:`conjure.parallel`) that run here or on worker processes;
every game has its own seeds, so the numbers depend on the seed alone, never on the workers.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from conjure.errors import Interrupted
from conjure.games.api import CHANCE, TERMINAL, Game
from conjure.games.bots import make_bot, random_playout
from conjure.games.deadline import watch_calls
from conjure.parallel import Backend, Chunk, closing, derive_seed, executor, plan
from conjure.text import Text


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
    #: (a seat wins a game when its result is the best alone, or shared only with partners the
    #: end of the game shows on its side)
    #: the standard deviation of each seat's return over the games
    sd_returns: tuple[float, ...] = ()
    #: the sides of a game of sides (empty: every seat for itself), the games each side won
    #: outright (the best side's result alone), games no side won alone, and each side's mean
    #: result and its standard deviation
    teams: tuple[str, ...] = ()
    team_wins: tuple[int, ...] = ()
    team_draws: int = 0
    mean_team_returns: tuple[float, ...] = ()
    sd_team_returns: tuple[float, ...] = ()

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else math.inf

    def win_rate(self, player: int) -> tuple[float, float, float]:
        """The win rate of ``player`` with its 95% Wilson interval."""
        return wilson(self.wins[player], self.games)

    def return_interval(self, player: int) -> tuple[float, float]:
        """The 95% interval of the mean return of ``player`` (normal approximation)."""
        return mean_interval(self.mean_returns[player], self.sd_returns[player], self.games)

    def team_win_rate(self, side: int) -> tuple[float, float, float]:
        """How often ``side`` won outright, with its 95% Wilson interval."""
        return wilson(self.team_wins[side], self.games)

    def team_return_interval(self, side: int) -> tuple[float, float]:
        """The 95% interval of the mean result of ``side``."""
        return mean_interval(self.mean_team_returns[side], self.sd_team_returns[side], self.games)

    def to_json(self) -> dict[str, Any]:
        teams = [
            {
                "name": name,
                "wins": self.team_wins[t],
                "win_rate": dict(zip(("rate", "low", "high"), self.team_win_rate(t), strict=True)),
                "mean_return": self.mean_team_returns[t],
                "return_interval": dict(
                    zip(("low", "high"), self.team_return_interval(t), strict=True)
                ),
            }
            for t, name in enumerate(self.teams)
        ]
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
            "return_interval": [
                dict(zip(("low", "high"), self.return_interval(p), strict=True))
                for p in range(len(self.bots))
            ],
            "teams": teams,
            "team_draws": self.team_draws,
            "mean_scores": list(self.mean_scores),
            "mean_length": self.mean_length,
            "seconds": self.seconds,
            "games_per_second": self.games_per_second,
        }


def mean_interval(mean: float, sd: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% interval of a mean of ``n`` results with standard deviation ``sd``."""
    if n == 0:
        return mean, mean
    half = z * sd / math.sqrt(n)
    return mean - half, mean + half


def _sd(total: float, squares: float, n: int) -> float:
    """The (population) standard deviation from a sum and a sum of squares."""
    if n == 0:
        return 0.0
    mean = total / n
    return math.sqrt(max(0.0, squares / n - mean * mean))


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float, float]:
    """Proportion and its Wilson score interval."""
    if trials == 0:
        return 0.0, 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return p, max(0.0, centre - half), min(1.0, centre + half)


#: games per chunk of work: many for random bots (cheap games), one for Monte-Carlo bots (a
#: second or more a game) so that the work spreads evenly; results never depend on it
CHUNK_RANDOM = 50
CHUNK_SEARCHING = 1


@attrs.define
class _Part:
    """The sums one chunk of games comes to."""

    wins: list[int]
    draws: int
    returns: list[float]
    squares: list[float]
    scores: list[float]
    length: int
    team_wins: list[int]
    team_draws: int
    team_returns: list[float]
    team_squares: list[float]


Context = tuple[Game[Any], tuple[str, ...], int, float | None]


def _play_chunk(context: Context, chunk: Chunk) -> _Part:
    """:func:`_play_games`, where a call into the game that does not return in the stated time
    (:mod:`conjure.games.deadline`) is the game's bug, named."""
    with watch_calls(context[0]):
        return _play_games(context, chunk)


def _play_games(context: Context, chunk: Chunk) -> _Part:
    """Games ``chunk.start`` … of a run: game ``i`` is dealt from ``seed + i`` and its bots draw
    from a stream of their own, seeded from ``seed`` and ``i``, so that a game's result does not
    depend on which chunk or worker plays it."""
    game, bot_names, seed, think = context
    bots = [make_bot(name, think) for name in bot_names]
    n = game.num_players
    sides = len(game.team_names())
    part = _Part(
        [0] * n, 0, [0.0] * n, [0.0] * n, [0.0] * n, 0, [0] * sides, 0, [0.0] * sides, [0.0] * sides
    )
    all_random = all(name == "random" for name in bot_names)
    for i in range(chunk.start, chunk.start + chunk.size):
        rng = random.Random(derive_seed(seed, i))
        chance = random.Random(seed + i)  # the deals: game i is dealt from seed + i
        state = game.new_initial_state()
        moves = 0
        if all_random:  # the common case, without a call per move to a bot
            moves = random_playout(state, rng, chance=chance, uniform=True)
        else:
            while state.current != TERMINAL:
                if state.current == CHANCE:
                    state.sample_chance(chance)
                else:
                    state.apply_legal(bots[state.current].choose(state, rng))
                    moves += 1
        result = state.returns()
        best = max(result)
        top = [i for i, r in enumerate(result) if r == best]
        if len(top) == 1 or _partners(state.teams() if sides else (), top):
            for i in top:  # one seat alone, or partners sharing their side's result
                part.wins[i] += 1
        else:
            part.draws += 1
        for p in range(n):
            part.returns[p] += result[p]
            part.squares[p] += result[p] * result[p]
        for p, s in enumerate(state.scores()):
            part.scores[p] += s
        part.length += moves
        if sides:
            sided = state.team_returns()
            best = max(sided)
            top = [t for t, r in enumerate(sided) if r == best]
            if len(top) == 1:
                part.team_wins[top[0]] += 1
            else:
                part.team_draws += 1
            for t in range(sides):
                part.team_returns[t] += sided[t]
                part.team_squares[t] += sided[t] * sided[t]
    return part


def _partners(teams: tuple[int, ...], seats: list[int]) -> bool:
    """Whether ``seats`` are all on one side that the end of the game has shown."""
    return bool(teams) and teams[seats[0]] >= 0 and all(teams[p] == teams[seats[0]] for p in seats)


def simulate(
    game: Game[Any],
    games: int,
    seed: int = 0,
    bots: Sequence[str] = ("random",),
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    backend: Backend | None = None,
    think: float | None = None,
) -> Summary:
    """Play ``games`` games (deal seeds ``seed``, ``seed + 1`` …) between ``bots`` (one name per
    seat, or one for all) on ``workers`` processes (or on ``backend``). The same seed gives the
    same summary (but for the time taken) whatever the number of workers, unless ``think``
    gives each searching bot that many seconds a move (:func:`~conjure.games.bots.make_bot`),
    when how far it searches depends on the machine.

    Interrupted (Ctrl-C), it stops every worker and raises :class:`~conjure.errors.Interrupted`
    saying how many games had been played."""
    names = tuple(bots) if len(bots) == game.num_players else tuple(bots[:1]) * game.num_players
    for name in names:
        make_bot(name, think)
    start = time.perf_counter()
    size = CHUNK_RANDOM if all(name == "random" for name in names) else CHUNK_SEARCHING
    chunks = plan(games, seed, size)
    run = (backend or executor(workers)).map(_play_chunk, (game, names, seed, think), chunks)
    parts: list[_Part] = []
    played = 0
    try:
        with closing(run) as results:
            for part, chunk in zip(results, chunks, strict=False):
                parts.append(part)
                played += chunk.size
                if progress:
                    progress(chunk.size)
    except KeyboardInterrupt:
        raise Interrupted(
            Text(
                f"after {played:,} of {games:,} game{'s' if games != 1 else ''} (seed {seed})",
                zh=f"已完成{games:,}局中的{played:,}局（种子 {seed}）",
            )
        ) from None
    n = game.num_players
    sides = len(game.team_names())
    total = max(1, games)

    def summed(field: str, size: int) -> list[float]:
        return [sum(getattr(p, field)[i] for p in parts) for i in range(size)]

    returns, squares = summed("returns", n), summed("squares", n)
    team_returns, team_squares = summed("team_returns", sides), summed("team_squares", sides)
    return Summary(
        game=game.id,
        bots=names,
        games=games,
        seed=seed,
        wins=tuple(int(w) for w in summed("wins", n)),
        draws=sum(p.draws for p in parts),
        mean_returns=tuple(r / total for r in returns),
        mean_scores=tuple(s / total for s in summed("scores", n)),
        mean_length=sum(p.length for p in parts) / total,
        seconds=time.perf_counter() - start,
        sd_returns=tuple(_sd(r, q, games) for r, q in zip(returns, squares, strict=True)),
        teams=tuple(name.en for name in game.team_names()),
        team_wins=tuple(int(w) for w in summed("team_wins", sides)),
        team_draws=sum(p.team_draws for p in parts),
        mean_team_returns=tuple(r / total for r in team_returns),
        sd_team_returns=tuple(
            _sd(r, q, games) for r, q in zip(team_returns, team_squares, strict=True)
        ),
    )


def format_rate(count: int, seconds: float, unit: str = "games") -> str:
    """``count`` in ``seconds`` as a rate people read: whole numbers from 100 a second, two
    significant figures below, never 0 for work that was done.

    >>> format_rate(50, 70.0)
    '0.71 games/s'
    >>> format_rate(200_000, 8.0)
    '25,000 games/s'
    >>> format_rate(1, 2000.0)
    '0.0005 games/s'
    """
    if count == 0:
        return f"0 {unit}/s"
    if seconds <= 0:
        return f"{count:,} {unit} in no measurable time"
    rate = count / seconds
    if rate >= 100:
        return f"{rate:,.0f} {unit}/s"
    return f"{float(f'{rate:.2g}'):g} {unit}/s"
