"""Random-playout games per CPU second for every shipped game, on one core (CPU time, since a
busy shared machine skews wall time), and OpenSpiel's
goofspiel (13 cards) through its Python API side by side when ``pyspiel`` is importable.

Both loops do the same work per move: ask for the legal actions and apply a uniformly random
one, and answer every chance node (the prize card turned up) with a random outcome.

With ``--ladder N`` it measures the strength ladder instead: random against flat Monte-Carlo and
flat Monte-Carlo against ISMCTS, N games a pair in each game (each deal played twice with the
seats swapped, draws count half),
the stronger bot's score with its 95% Wilson interval, and the CPU time per move of each bot.
``--only`` keeps the games whose name contains a word, ``--pairs`` names other pairs
(``mc-blind:mc``: the same bot with and without the voids the table has seen).

With ``--bot-speed mc,ismcts`` it times the bots' moves instead (moves per CPU second, at the
positions of seeded random games, the same before and after a change).

    python bench/games.py [--seconds 3] [--ladder 100 [--only goofspiel] [--pairs mc:ismcts]]
    python bench/games.py --bot-speed mc --seconds 20
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from conjure.games import Game
from conjure.games.bots import random_playout
from conjure_games.goofspiel import Goofspiel
from conjure_games.jack_high import JackHigh
from conjure_games.round_and_round import RoundAndRound
from conjure_games.sixty_six import SixtySix


def ours(game: Game, seconds: float) -> tuple[float, float]:
    """(games/s, deals/s) of random playouts."""
    rng = random.Random(1)
    games = deals = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        random_playout(state, rng, uniform=True)
        games += 1
        deals += getattr(state.vars, "deals", 1)
    elapsed = time.process_time() - start
    return games / elapsed, deals / elapsed


def openspiel_goofspiel(seconds: float) -> float | None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("goofspiel", {"num_cards": 13, "players": 2})
    rng = random.Random(1)
    games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
            else:
                actions = [state.legal_actions(p) for p in range(2)]
                state.apply_actions([a[int(rng.random() * len(a))] for a in actions])
        games += 1
    return games / (time.process_time() - start)


class Blind:
    """A bot that plays as ``inner`` would if the table had not seen any seat's voids (the
    name ``mc-blind``, ``ismcts-blind``): the same search, its worlds dealt without them."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def choose(self, state: Any, rng: random.Random) -> int:
        plain = state.copy()
        plain.lacking = ()
        return int(self.inner.choose(plain, rng))


def bot(name: str) -> Any:
    """The bot called ``name``, or a :class:`Blind` one for ``NAME-blind``."""
    from conjure.games.bots import make_bot

    if name.endswith("-blind"):
        return Blind(make_bot(name.removesuffix("-blind")))
    return make_bot(name)


def duel(game: Game, names: tuple[str, str], games: int) -> tuple[float, dict[str, float]]:
    """The second bot's score against the first (wins + draws/2) over ``games`` games, and each
    bot's CPU milliseconds per move. Games go in pairs on the same deal with the seats swapped
    (duplicate play), so that the luck of the cards cancels out of the comparison."""
    score = 0.0
    spent = {name: 0.0 for name in names}
    moves = {name: 0 for name in names}
    for g in range(games):
        seat = g % 2  # the seat of the second bot
        bots = {seat: bot(names[1]), 1 - seat: bot(names[0])}
        label = {seat: names[1], 1 - seat: names[0]}
        chance, rng = random.Random(1000 + g // 2), random.Random(2000 + g)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.sample_chance(chance)
                continue
            me = state.current
            start = time.process_time()
            action = bots[me].choose(state, rng)
            spent[label[me]] += time.process_time() - start
            moves[label[me]] += 1
            state.apply_action(action)
        result = state.returns()
        score += 1.0 if result[seat] > result[1 - seat] else 0.5 if result[0] == result[1] else 0
    return score, {n: 1000 * spent[n] / max(1, moves[n]) for n in names}


def ladder(games: int, only: str = "", pairs: str = "random:mc,mc:ismcts") -> None:
    from conjure.games.simulate import wilson

    rows = [
        ("goofspiel", Goofspiel()),
        ("sixty-six, one deal won", SixtySix(target=1)),
        ("round-and-round, one deal", RoundAndRound(deals=1)),
        ("jack-high, one deal", JackHigh(target=1)),
    ]
    steps = [tuple(p.split(":")) for p in pairs.split(",")]
    for name, game in rows:
        if only and only not in name:
            continue
        for pair in steps:
            assert len(pair) == 2, f"--pairs: {pairs!r} (weaker:stronger,...)"
            score, ms = duel(game, (pair[0], pair[1]), games)
            rate, low, high = wilson(score, games)  # type: ignore[arg-type]
            print(
                f"{name:28} {pair[1]:>6} vs {pair[0]:<6} {rate:6.1%} [{low:.1%}–{high:.1%}] "
                f"of {games}  ms/move: {pair[0]} {ms[pair[0]]:.1f}, {pair[1]} {ms[pair[1]]:.1f}",
                flush=True,
            )


def bot_speed(seconds: float, names: str = "mc") -> None:
    """Bot moves per CPU second, each bot timed at the same positions: those of seeded random
    games (every seat random), so that the positions do not depend on the bots' code and a run
    before a change compares with one after it. Each position is also timed with the table's
    knowledge of voids dropped (the deal of hidden cards then unconstrained), alternating
    with the real one in this process, which is what the constrained deal costs."""
    from conjure.games.bots import make_bot
    from conjure_games.avoid_hearts import AvoidHearts

    rows = [
        ("sixty-six, one deal", SixtySix(target=1)),
        ("round-and-round, one deal", RoundAndRound(deals=1)),
        ("avoid-hearts, 4 players, one deal", AvoidHearts(4, deals=1)),
    ]
    for name, game in rows:
        for bot_name in names.split(","):
            bot = make_bot(bot_name)
            spent, blind, moves, seed = 0.0, 0.0, 0, 0
            while spent < seconds:
                rng = random.Random(seed)
                state = game.new_initial_state()
                while not state.is_terminal():
                    if state.is_chance_node():
                        state.sample_chance(rng)
                        continue
                    legal = state.legal_actions()
                    if len(legal) > 1:
                        plain = state.copy()
                        if hasattr(plain, "lacking"):
                            plain.lacking = ()
                        for which in (0, 1) if moves % 2 else (1, 0):
                            start = time.process_time()
                            bot.choose(plain if which else state, random.Random(moves))
                            took = time.process_time() - start
                            if which:
                                blind += took
                            else:
                                spent += took
                        moves += 1
                    state.apply_action(legal[int(rng.random() * len(legal))])
                seed += 1
            print(
                f"{name:34} {bot_name:>6} {moves / spent:8.1f} moves/s ({moves} moves); "
                f"voids dropped {moves / blind:8.1f} moves/s"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--ladder", type=int, default=0, help="games a pair for the ladder")
    parser.add_argument("--only", default="", help="only the games whose name has this")
    parser.add_argument(
        "--pairs", default="random:mc,mc:ismcts", help="ladder: weaker:stronger bots, by commas"
    )
    parser.add_argument(
        "--bot-speed", default="", help="bot moves per CPU second instead (bots, by commas)"
    )
    args = parser.parse_args()
    if args.bot_speed:
        bot_speed(args.seconds, args.bot_speed)
        return
    if args.ladder:
        ladder(args.ladder, args.only, args.pairs)
        return
    rows = [
        ("goofspiel", Goofspiel()),
        ("sixty-six, one deal (target=1)", SixtySix(target=1)),
        ("sixty-six, match to 7", SixtySix()),
        ("round-and-round, match", RoundAndRound()),
        ("jack-high, match to 200", JackHigh()),
    ]
    goof = 0.0
    for name, game in rows:
        if args.only not in name:
            continue
        games, deals = ours(game, args.seconds)
        goof = goof or games
        print(f"{name:34} {games:>10,.0f} games/s {deals:>10,.0f} deals/s")
    if args.only and args.only not in "goofspiel":
        return
    theirs = openspiel_goofspiel(args.seconds)
    if theirs is None:
        print("OpenSpiel not installed: pip install open_spiel to compare")
    else:
        print(f"{'OpenSpiel goofspiel (13 cards)':34} {theirs:>10,.0f} games/s")
        print(f"ratio conjure / OpenSpiel goofspiel: {goof / theirs:.2f}")


if __name__ == "__main__":
    main()
