"""The ladder: ismcts against mc and mc against random in every game, each deal played twice
with the sides' seats swapped, every searching bot thinking the same stated time a move.

A game is a match of one deal where the game has the option (``deals=1``, else the lowest
``target``), so that a result is a deal's. With more than two seats the two bots sit in
alternate seats. A deal is won by the side holding the best result (a tie for it counts half);
each line gives the first bot's share of the deals with its 95% interval (normal, over the
pairs of deals, so that a deal's luck is shared by both seatings), and the CPU time taken.
``--measure mean`` scores a deal by how much more the first bot's seats returned on average
(0 is even): for a game of chips, where holding the best single result rewards risk.

``oracle`` is a yardstick, not a player: flat Monte-Carlo whose one world is the table as it
really lies (every hand, the stock's order too). ``oracle:mc`` measures how much a game
rewards knowing the cards at the stated time: where even the oracle cannot be told from mc,
no bot that must guess the cards can be shown stronger than mc at that size. ``mc@4:mc``
(any bot, any factor) measures whether thinking longer pays at all; ``ismcts~0.4:mc`` sets
ISMCTS's exploration constant (0.8 by default); ``ismcts+family:mc`` plays a searching bot's
worlds out with the family's rollout (:mod:`conjure.games.rollouts`) instead of at random.

Where a run holds ``ismcts:mc`` and ``mc:random``, each game ends with its verdict: the
ladder holds (each step ahead at 95%); or mc is ahead of ismcts at 95% (``ismcts behind
mc``, said before any yardstick); or ismcts is not shown ahead of mc but neither
yardstick, ``oracle:mc`` nor ``mc@4:mc``, is either (full sight of the cards and four times
the thought gain nothing that this many deals can measure, so no bot can be shown stronger
than mc there at this size by a search like these; the verdict bounds that room by the two
intervals' upper ends); or the oracle is ahead but ``seer:mc`` is not (``seer`` sees every
seat's cards but not what no seat sees, such as the stock's order: the room lies only in
cards that no reading of the table could find); or a step is simply not shown.

A run at a budget of time is not the same search twice. ``--fixed`` times each searching bot
once a game at a small fixed budget, fixes its iterations or worlds to what its think time
buys (``NAME@K`` K times NAME's, so that the factor is exact), and prints the budgets in the
row; ``--fixed --budgets ismcts=200,mc=60`` plays at given budgets, and a run at given
budgets repeats exactly on any machine under any load. Deal ``k`` is the same deal in every
run; ``--first-deal N`` numbers a run's deals from N, so that a sample grown until it read
above one half can be confirmed on deals it has not seen.

    python bench/ladder.py [--think 0.05] [--deals 20] [--first-deal 0]
        [--games avoid-hearts,goofspiel] [--pairs ismcts:mc,mc:random,oracle:mc]
        [--workers 2] [--cpu | --fixed] [--budgets NAME=N,...] [--measure best|mean]
        [--markdown]
"""

from __future__ import annotations

import argparse
import functools
import math
import random
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from conjure.games import NOBODY, TERMINAL, TOP, Game, GameState
from conjure.games.bots import Bot, ISMCTSBot, MonteCarloBot, make_bot
from conjure.games.rollouts import rollout_for
from conjure.plugins.host import load_plugins

#: options that make a match one deal (or the shortest match) where the game has no ``deals=1``
SHORT: dict[str, dict[str, int]] = {
    "casino": {"target": 1},
    "hundred-point-knock": {"target": 1},
    "jack-high": {"target": 1},
    "klaberjass": {"target": 50},
    "nine-casino": {"target": 100},
    "specification": {"target": 100},
    "pick-up-score": {"target": 1},
    "sixty-six": {"target": 1},
    "ten-exchange": {"target": 1},
}


def short_game(cls: type[Game[Any]]) -> Game[Any]:
    names = {o.name: o for o in cls.options}
    if cls.id in SHORT:
        return cls(**SHORT[cls.id])
    if "deals" in names and names["deals"].low <= 1 <= names["deals"].high:
        return cls(deals=1)
    return cls()


class OracleBot(MonteCarloBot):
    """Flat Monte-Carlo that sees every card: its world is the state itself."""

    name = "oracle"

    def _dealer(self, state: GameState[Any], me: int) -> Callable[[random.Random], GameState[Any]]:
        return lambda rng: state.copy()


class SeerBot(MonteCarloBot):
    """Flat Monte-Carlo that sees every card a seat holds or has laid down but not what no
    seat sees: in each world the cards of a zone hidden from every seat (a stock, face-down
    prizes; a turned-up top card excepted, and a card shown to a seat) are shuffled again
    among such places, each pool apart. Where the seats move at once
    (``Game.simultaneous``), a card another seat has laid down sealed this round is a move,
    not a holding, and is not seen: that seat's own places are dealt again among themselves,
    as they hold the cards at the round's start. What the seer wins over mc is what any
    reading of the hands could win at most, by this search."""

    name = "seer"

    def _dealer(self, state: GameState[Any], me: int) -> Callable[[random.Random], GameState[Any]]:
        return functools.partial(self.world, state, me=me)

    @staticmethod
    def world(state: GameState[Any], rng: random.Random, *, me: int) -> GameState[Any]:
        """One world: every seat's cards as they lie, the cards no seat sees dealt again, and
        in a game of sealed moves the cards of every seat but ``me`` dealt again among that
        seat's own places (its hand and its sealed move), those ``me`` was shown excepted."""
        game = state.game
        world = state.copy()
        slots: dict[str, list[tuple[list[int], int]]] = {}
        unseen: dict[str, list[int]] = {}
        for zone, cards in world.zones.items():
            rule = game.visibility[zone]
            if rule not in (NOBODY, TOP):
                continue
            pool = game.pools.get(zone, "")
            for i, card in enumerate(cards):
                if (rule == TOP and i == 0) or world.known.get(card, 0):
                    continue
                slots.setdefault(pool, []).append((cards, i))
                unseen.setdefault(pool, []).append(card)
        if game.simultaneous:
            for zone, cards in world.zones.items():
                owner = game.visibility[zone]
                if isinstance(owner, int) and owner != me:
                    for i, card in enumerate(cards):
                        if not world.known.get(card, 0) >> me & 1:
                            slots.setdefault(f"seat {owner}", []).append((cards, i))
                            unseen.setdefault(f"seat {owner}", []).append(card)
        for pool in sorted(unseen):
            dealt = unseen[pool]
            rng.shuffle(dealt)
            for (cards, i), card in zip(slots[pool], dealt, strict=True):
                cards[i] = card
        return world


#: the yardsticks that see more than a seat does, by what they see
SEEING: dict[str, type[MonteCarloBot]] = {"oracle": OracleBot, "seer": SeerBot}


def factored(name: str) -> tuple[str, float]:
    """A bot's name with its think factor taken out, and the factor: ``ismcts+family@4~0.4``
    is ``ismcts+family~0.4`` thinking 4 times as long (1 where the name gives none)."""
    head, tilde, explore = name.partition("~")
    base, _, times = head.partition("@")
    return base + tilde + explore, float(times) if times else 1.0


def bot(name: str, think: float, cpu: bool = False, game: Game[Any] | None = None) -> Bot:
    """The bot called ``name`` thinking ``think`` seconds a move (of its thread's CPU time
    with ``cpu``, else of wall time); ``NAME@K`` thinks K times as long (``mc@4:mc``: does
    more thinking pay at all?); ``ismcts~C`` (or ``ismcts@K~C``) explores with the constant C;
    ``NAME+ROLLOUT`` (``ismcts+family@2``) plays its worlds out with that rollout of
    :mod:`conjure.games.rollouts` for ``game``."""
    name, factor = factored(name)
    name, _, explore = name.partition("~")
    name, _, rolled = name.partition("+")
    think *= factor
    seeing = SEEING.get(name)
    made = seeing(worlds=None, seconds=think) if seeing else make_bot(name, think)
    if rolled:
        if not isinstance(made, (MonteCarloBot, ISMCTSBot)) or game is None:
            raise SystemExit(f"ladder: only a searching bot in a game takes a rollout, not {name}")
        try:
            made.rollout = rollout_for(game, rolled)
        except ValueError as error:
            raise SystemExit(f"ladder: {error}") from None
    if explore:  # ismcts~0.4: ISMCTS exploring with that constant
        if not isinstance(made, ISMCTSBot):
            raise SystemExit(f"ladder: only ismcts takes an exploration constant, not {name}")
        made.exploration = float(explore)
    if cpu and hasattr(made, "clock"):
        made.clock = time.thread_time  # (an instance's: not bound)
    return made


def play(game: Game[Any], seats: dict[int, Any], seed: int) -> tuple[float, ...]:
    chance = random.Random(seed)  # the same deal, and the same draws, in both seatings
    rng = random.Random(seed * 7919 + 1)
    state = game.new_initial_state()
    while state.current != TERMINAL:
        if state.is_chance_node():
            state.sample_chance(chance)
        else:
            state.apply_legal(seats[state.current].choose(state, rng))
    return state.returns()


def positions(game: Game[Any], count: int, seed: int = 0) -> list[GameState[Any]]:
    """``count`` positions with a choice to make, from random games of ``game``: each
    decision of the games is kept one time in four, so that they are spread over the play."""
    rng = random.Random(seed)
    found: list[GameState[Any]] = []
    while len(found) < count:
        state = game.new_initial_state()
        while state.current != TERMINAL and len(found) < count:
            if state.is_chance_node():
                state.sample_chance(rng)
                continue
            actions = state.legal_actions()
            if len(actions) > 1 and rng.random() < 0.25:
                found.append(state.copy())
            state.apply_legal(actions[int(rng.random() * len(actions))])
    return found


#: the small fixed budget a searching bot is timed at, by what it counts
PROBE = {"iterations": 64, "worlds": 4}


def counted(made: Bot) -> str | None:
    """What a searching bot's fixed budget counts: ISMCTS's iterations, flat Monte-Carlo's
    (and its yardsticks') worlds; ``None`` for a bot that does not search."""
    if isinstance(made, ISMCTSBot):
        return "iterations"
    if isinstance(made, MonteCarloBot):
        return "worlds"
    return None


def fix(made: Bot, count: int) -> None:
    """Make a searching bot run a fixed budget of ``count`` and no time limit."""
    attr = counted(made)
    if attr is not None:
        setattr(made, attr, count)
        made.seconds = None  # type: ignore[attr-defined]


def calibrate(made: Bot, game: Game[Any], probes: int = 16) -> int | None:
    """Fix a searching bot's budget to what its time a move (``seconds``) buys: the
    iterations or worlds that take that much of this thread's CPU on average over ``probes``
    positions of random games, timed at a small fixed budget. Returns the count, or ``None``
    for a bot that does not search or has no time. After it the bot is the same for a seed on
    any machine and under any load."""
    attr = counted(made)
    seconds = getattr(made, "seconds", None)
    if attr is None or seconds is None:
        return None
    small = PROBE[attr]
    fix(made, small)
    spent = 0.0
    places = positions(game, probes)
    made.choose(places[0], random.Random(probes))  # (a first search pays for what it builds)
    for i, state in enumerate(places):
        start = time.thread_time()
        made.choose(state, random.Random(i))
        spent += time.thread_time() - start
    count: int = max(1, round(float(seconds) * small * probes / max(spent, 1e-9)))
    fix(made, count)
    return count


def budget(
    name: str, made: Bot, game: Game[Any], think: float, cpu: bool, budgets: dict[str, int]
) -> int | None:
    """The fixed budget of the bot called ``name`` (``made``): given in ``budgets``, else
    timed and kept there. ``NAME@K`` gets K times the budget of ``NAME``, timed once, so that
    four times the thought is four times the work, whatever the timing's noise."""
    if name in budgets:
        return budgets[name]
    if counted(made) is None:
        return None
    plain, factor = factored(name)
    if plain != name:
        unit = budget(plain, bot(plain, think, cpu, game), game, think, cpu, budgets)
        if unit is None:
            return None
        count = max(1, round(factor * unit))
    else:
        timed = calibrate(made, game)
        if timed is None:
            return None
        count = timed
    budgets[name] = count
    return count


def duel(
    game: Game[Any],
    first: str,
    second: str,
    deals: int,
    think: float,
    measure: str = "best",
    cpu: bool = False,
    budgets: dict[str, int] | None = None,
    first_deal: int = 0,
) -> list[float]:
    """The first bot's score of each pair of deals, the deals numbered from ``first_deal``
    (each number seeds its deal, so that a run on fresh deals starts past an earlier run's).
    ``best``: 1 when its side held the best result in both seatings, 0.5 one each or ties, 0
    neither. ``mean``: how much more its seats returned on average than the other bot's, over
    both seatings (0 is even): for a game of chips, where holding the best single result
    rewards risk. With ``budgets`` (a dict, filled in here), each searching bot plays at the
    fixed budget its time buys (:func:`calibrate`), timed once a name and game, so that the
    duel repeats exactly."""
    n = game.num_players
    a, b = bot(first, think, cpu, game), bot(second, think, cpu, game)
    if budgets is not None:
        for name, made in ((first, a), (second, b)):
            count = budget(name, made, game, think, cpu, budgets)
            if count is not None:
                fix(made, count)
    scores = []
    for seed in range(first_deal, first_deal + deals):
        pair = 0.0
        for swap in (0, 1):
            side = [p for p in range(n) if (p + swap) % 2 == 0]
            others = [p for p in range(n) if (p + swap) % 2 == 1]
            result = play(game, {p: a if p in side else b for p in range(n)}, seed)
            if measure == "mean":
                pair += sum(result[p] for p in side) / len(side)
                pair -= sum(result[p] for p in others) / len(others)
                continue
            mine = max(result[p] for p in side)
            theirs = max(result[p] for p in others)
            pair += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
        scores.append(pair / 2)
    return scores


def interval(scores: list[float]) -> tuple[float, float, float]:
    """The mean of ``scores`` and its 95% interval (normal, over the pairs of deals)."""
    n = len(scores)
    mean = sum(scores) / n
    var = sum((s - mean) ** 2 for s in scores) / max(1, n - 1)
    half = 1.96 * math.sqrt(var / n) if n > 1 else math.inf
    return mean, mean - half, mean + half


#: the ladder's two steps, which a verdict needs
STEPS = (("ismcts", "mc"), ("mc", "random"))
#: the pairs that measure a game's room above mc: full sight of the cards, four times the time
YARDSTICKS = (("oracle", "mc"), ("mc@4", "mc"))
#: the yardstick that parts the oracle's room: every seat's cards seen, not the stock's order
SEER = ("seer", "mc")


def verdict(scores: dict[tuple[str, str], tuple[float, float, float]], even: float) -> str:
    """What a game's row shows of the ladder, from each pair's (mean, low, high): empty where
    the run lacks ``ismcts:mc`` or ``mc:random``."""

    def ahead(pair: tuple[str, str]) -> bool:
        return pair in scores and scores[pair][1] > even

    if not all(step in scores for step in STEPS):
        return ""
    if not ahead(("mc", "random")):
        return "mc > random not shown"
    if ahead(("ismcts", "mc")):
        return "ismcts > mc > random"
    if scores["ismcts", "mc"][2] < even:  # the step shown the wrong way round
        return "mc > random, ismcts behind mc"
    # a yardstick ahead is room that ismcts did not take; the seer sees less than the oracle
    # but may be ahead where the oracle's interval is not
    if not all(p in scores for p in YARDSTICKS) or ahead(YARDSTICKS[1]) or ahead(SEER):
        return "ismcts > mc not shown"
    # the room, bounded: the most that sight or time can win by this run's intervals
    sight, longer = (scores[p][2] for p in YARDSTICKS)
    if not ahead(YARDSTICKS[0]):
        return f"no measured room above mc (sight < {sight:.2f}, 4x time < {longer:.2f})"
    if SEER in scores:
        hands = scores[SEER][2]
        return f"room only in cards no seat sees (hands < {hands:.2f}, 4x time < {longer:.2f})"
    return "ismcts > mc not shown"


def row(
    job: tuple[str, list[tuple[str, str]], int, float, str, bool, dict[str, int] | None, int],
) -> tuple[list[str], float]:
    """One game's cells (each pair's score and interval, * where it is above the even score
    at 95%; then the verdict where the pairs give one; then, with fixed budgets, each bot's)
    and the CPU seconds they took."""
    game_id, pairs, deals, think, measure, cpu, fixed, first_deal = job
    budgets = None if fixed is None else dict(fixed)
    game = short_game(load_plugins().games[game_id])
    start = time.process_time()
    cells = []
    scores = {}
    even = 0.0 if measure == "mean" else 0.5
    for first, second in pairs:
        played = duel(game, first, second, deals, think, measure, cpu, budgets, first_deal)
        mean, low, high = interval(played)
        if measure == "best":
            low, high = max(0.0, low), min(1.0, high)
        scores[first, second] = (mean, low, high)
        mark = "*" if low > even else ""
        cells.append(f"{mean:.2f} ({low:.2f}-{high:.2f}){mark}")
    judged = verdict(scores, even)
    if judged:
        cells.append(judged)
    if budgets is not None:
        cells.append(",".join(f"{name}={count}" for name, count in budgets.items()))
    return cells, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--think", type=float, default=0.05)
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument(
        "--first-deal",
        type=int,
        default=0,
        metavar="N",
        help="number the deals from N: fresh deals, to confirm a run on deals 0 to N-1",
    )
    parser.add_argument("--games", default="")
    parser.add_argument("--pairs", default="ismcts:mc,mc:random")
    parser.add_argument("--workers", type=int, default=1, help="games played side by side")
    parser.add_argument(
        "--cpu",
        action="store_true",
        help="think seconds of the bot's own CPU time, which a busy machine does not shorten",
    )
    parser.add_argument(
        "--measure",
        choices=("best", "mean"),
        default="best",
        help="a deal's winner: the side holding the best result, or the mean return's lead",
    )
    parser.add_argument(
        "--fixed",
        action="store_true",
        help=(
            "play each searching bot at the fixed budget its think time buys, timed once a "
            "game (with --budgets, given: a run that repeats exactly, whatever the load)"
        ),
    )
    parser.add_argument(
        "--budgets",
        default="",
        metavar="NAME=N,...",
        help="with --fixed, these budgets instead of timing them (a row's budgets, to repeat it)",
    )
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args()
    games = load_plugins().games
    chosen = [g.strip() for g in args.games.split(",") if g.strip()] or sorted(games)
    pairs = [(a, b) for a, b in (p.split(":") for p in args.pairs.split(","))]
    given: dict[str, int] | None = None
    if args.fixed:
        given = {}
        for part in filter(None, args.budgets.split(",")):
            name, _, count = part.partition("=")
            if not count.isdigit() or int(count) < 1:
                raise SystemExit(f"ladder: a budget is NAME=N with N a whole number, not {part}")
            given[name.strip()] = int(count)
    elif args.budgets:
        raise SystemExit("ladder: --budgets goes with --fixed")
    heads = " | ".join(f"{a} vs {b}" for a, b in pairs)
    judged = all(step in pairs for step in STEPS)
    if judged:
        heads += " | verdict"
    if args.fixed:
        heads += " | budgets"
    clock = "CPU, as fixed budgets," if args.fixed else "CPU" if args.cpu else "wall"
    if args.first_deal < 0:
        raise SystemExit(f"ladder: --first-deal is a deal number, 0 or more, not {args.first_deal}")
    numbered = f" (deals {args.first_deal} on)" if args.first_deal else ""
    print(
        f"think {args.think} s {clock} a move, "
        f"{args.deals} deals{numbered} x 2 seatings per pair, "
        f"measured by the {args.measure} result"
    )
    if args.markdown:
        print(f"| game | {heads} | CPU s |")
        print("|---" * (len(pairs) + 2 + judged + args.fixed) + "|")
    jobs = [
        (g, pairs, args.deals, args.think, args.measure, args.cpu, given, args.first_deal)
        for g in chosen
    ]
    began = time.perf_counter()
    spent_all = 0.0
    with ProcessPoolExecutor(max(1, args.workers)) as pool:
        for game_id, (cells, spent) in zip(chosen, pool.map(row, jobs), strict=True):
            spent_all += spent
            if args.markdown:
                print(f"| {game_id} | {' | '.join(cells)} | {spent:.0f} |", flush=True)
            else:
                print(f"{game_id:22} {'  '.join(cells)}  {spent:.0f} s", flush=True)
    print(f"total CPU {spent_all:.0f} s, {time.perf_counter() - began:.0f} s on the clock")


if __name__ == "__main__":
    main()
