"""Tournaments and sweeps: many simulations at once, each bot's standing with its intervals.

A *tournament* plays every seating of a list of bots: with as many bots as seats or more, every
ordered choice of different bots for the seats; with fewer, every way of seating them in which
each bot sits at least once. A *sweep* plays a grid of a game's options (and of its number of
players). Every run of a grid point plays the same deals (seeds ``seed`` … ``seed + games - 1``),
so the luck of the deal falls alike on every seating::

    >>> seatings(["mc", "random"], 2)
    [('mc', 'random'), ('random', 'mc')]
    >>> len(seatings(["a", "b", "c"], 2)), len(seatings(["a", "b"], 3))
    (6, 6)
    >>> grid([("target", [5, 7]), ("players", [2, 3])])
    [{'target': 5, 'players': 2}, {'target': 5, 'players': 3}, {'target': 7, 'players': 2}, \
{'target': 7, 'players': 3}]

A bot's standing adds up every seat it held: its win rate is over the seat-games it played (a
seat wins a game when its return is the best alone), with a 95% Wilson interval, and its mean
return has a 95% normal interval. Two seats of one game are not independent, so where a bot
sits twice at a table the intervals are a little too narrow.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from conjure.errors import Interrupted, UsageError
from conjure.games.api import Game
from conjure.games.simulate import Summary, mean_interval, simulate, wilson
from conjure.parallel import Backend
from conjure.text import Text

#: the most simulations one command may ask for (seatings times grid points)
MAX_RUNS = 1000


class TournamentInterrupted(Interrupted):
    """A tournament stopped part way: the message says how far it got, and :attr:`points`
    holds what was played to the end (the grid points done, and the seatings done of the
    point under way), so that the standings so far can be shown."""

    def __init__(self, message: object, points: list[Point]) -> None:
        super().__init__(message)
        self.points = points


def seatings(bots: Sequence[str], seats: int) -> list[tuple[str, ...]]:
    """Every seating of ``bots`` (names, duplicates dropped) at ``seats`` seats."""
    names = list(dict.fromkeys(bots))
    if len(names) >= seats:
        return list(itertools.permutations(names, seats))
    return [
        seating
        for seating in itertools.product(names, repeat=seats)
        if len(set(seating)) == len(names)
    ]


def grid(sweeps: Sequence[tuple[str, Sequence[int]]]) -> list[dict[str, int]]:
    """Every combination of the swept values, the first sweep varying slowest."""
    names = [name for name, _ in sweeps]
    return [
        dict(zip(names, values, strict=True))
        for values in itertools.product(*(values for _, values in sweeps))
    ]


@attrs.frozen
class Standing:
    """One bot's results over every seat it held at one grid point."""

    bot: str
    seat_games: int
    wins: int
    mean_return: float
    sd_return: float

    def win_rate(self) -> tuple[float, float, float]:
        return wilson(self.wins, self.seat_games)

    def return_interval(self) -> tuple[float, float]:
        return mean_interval(self.mean_return, self.sd_return, self.seat_games)

    def to_json(self) -> dict[str, Any]:
        rate, low, high = self.win_rate()
        rlow, rhigh = self.return_interval()
        return {
            "bot": self.bot,
            "seat_games": self.seat_games,
            "wins": self.wins,
            "win_rate": {"rate": rate, "low": low, "high": high},
            "mean_return": self.mean_return,
            "return_interval": {"low": rlow, "high": rhigh},
        }


@attrs.frozen
class Point:
    """One grid point: its options and player count, a summary per seating, and the
    standings (best mean return first)."""

    options: dict[str, int]
    players: int
    runs: tuple[Summary, ...]

    @property
    def standings(self) -> tuple[Standing, ...]:
        seats: dict[str, list[tuple[int, float, float, int]]] = {}
        for run in self.runs:
            for p, bot in enumerate(run.bots):
                sd = run.sd_returns[p] if run.sd_returns else 0.0
                seats.setdefault(bot, []).append((run.wins[p], run.mean_returns[p], sd, run.games))
        table = []
        for bot, held in seats.items():
            n = sum(g for *_, g in held)
            total = sum(m * g for _, m, _, g in held)
            squares = sum((s * s + m * m) * g for _, m, s, g in held)
            mean = total / n if n else 0.0
            sd = math.sqrt(max(0.0, squares / n - mean * mean)) if n else 0.0
            table.append(Standing(bot, n, sum(w for w, *_ in held), mean, sd))
        return tuple(sorted(table, key=lambda s: -s.mean_return))

    def to_json(self) -> dict[str, Any]:
        return {
            "options": dict(self.options),
            "players": self.players,
            "standings": [s.to_json() for s in self.standings],
            "runs": [run.to_json() for run in self.runs],
        }


def tournament(
    game_type: type[Game[Any]],
    games: int,
    bots: Sequence[str],
    seed: int = 0,
    players: int | None = None,
    options: dict[str, int] | None = None,
    sweeps: Sequence[tuple[str, Sequence[int]]] = (),
    every_seating: bool = True,
    backend: Backend | None = None,
    progress: Callable[[int], None] | None = None,
    on_total: Callable[[int], None] | None = None,
    think: float | None = None,
) -> list[Point]:
    """Play ``games`` games for every seating of ``bots`` (or, with ``every_seating`` false,
    the one seating they are listed in, or one bot in every seat) at every grid point of
    ``sweeps`` (option names, or ``players``), the other options fixed by ``options``.
    ``on_total`` hears how many games that makes before the first is played, ``progress`` the
    games played as they come. With ``think``, each searching bot thinks that many seconds a
    move (:func:`conjure.games.bots.make_bot`).

    Interrupted, it raises :class:`~conjure.errors.Interrupted` saying how many games of how
    many had been played."""
    plan = []
    for point in grid(sweeps) or [{}]:
        count = point.get("players", players)
        chosen = {**(options or {}), **{k: v for k, v in point.items() if k != "players"}}
        game = game_type(count, **chosen)
        if every_seating:
            sits = seatings(bots, game.num_players)
        elif len(bots) == game.num_players:
            sits = [tuple(bots)]
        else:
            sits = [tuple(bots[:1]) * game.num_players]
        plan.append((point, game, sits))
    runs = sum(len(sits) for *_, sits in plan)
    if runs > MAX_RUNS:
        raise UsageError(
            f"--bots and --sweep ask for {runs:,} simulations (at most {MAX_RUNS:,}): "
            "name fewer bots or values"
        )
    total = runs * games
    if on_total:
        on_total(total)
    played = 0

    def advance(n: int) -> None:
        nonlocal played
        played += n
        if progress:
            progress(n)

    points: list[Point] = []
    done: list[Summary] = []
    try:
        for point, game, sits in plan:
            done = []
            for seating in sits:
                done.append(
                    simulate(
                        game, games, seed, seating, backend=backend, progress=advance, think=think
                    )
                )
            points.append(Point(point, game.num_players, tuple(done)))
            done = []
    except Interrupted:
        so_far = points[:]
        if done:  # the seatings played to the end at the point under way
            point, game, _ = plan[len(points)]
            so_far.append(Point(point, game.num_players, tuple(done)))
        raise TournamentInterrupted(
            Text(
                f"after {played:,} of {total:,} games of {runs:,} simulations (seed {seed})",
                zh=f"{runs:,}组模拟共{total:,}局，已完成{played:,}局（种子 {seed}）",
            ),
            so_far,
        ) from None
    return points
