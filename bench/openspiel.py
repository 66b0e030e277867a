"""Every game that has an OpenSpiel peer, timed beside it in one process: random playouts per
CPU second on both sides, the two taking turns in short slices of CPU time, and the ratio of
their rates per game (and per player action, the games differing in length).

The pairs (ours, OpenSpiel's, what a "game" is on each side):

- goofspiel (13 diamonds) and ``goofspiel`` with 13 cards: a game;
- run-fast, three players, and ``dou_dizhu``: a game (a deal);
- go-fish, four players, ``ask=0`` (the text: ask the next player) and ``ask=1`` (ask anyone),
  and ``go_fish`` with four players: a game;
- hundred-point-knock, one deal, and ``gin_rummy``: a deal;
- avoid-hearts, four players, one deal, and ``hearts``: a deal;
- hearts-plus-fifty, four players, one deal, and ``hearts``: a deal;
- three-card-showdown, four players, and ``leduc_poker`` (a small betting game, for scale): a
  hand of a match of ten on our side, a game there. Its goal is half leduc's rate, the others'
  1.2 times their peer's.

Both sides run the same loop: ask for the legal actions, apply a uniformly random one, let
chance act at random (ours: :func:`conjure.games.bots.random_playout`, which takes a game's
own fast playout where it has one). CPU time of this process only; each side's rate is the
best of its slices (the least disturbed), so that a busy spell on a shared machine, which
slows one slice, does not decide the ratio.

    python bench/openspiel.py [--seconds 3] [--slice 0.2] [--only go-fish]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

from conjure.games import Game
from conjure.games.bots import random_playout

#: (our label, our game, what a playout is counted as, OpenSpiel's game, its parameters, goal)
Pair = tuple[str, Callable[[], Game[Any]], str, str, dict[str, Any], float]


def pairs() -> list[Pair]:
    from conjure_games.avoid_hearts import AvoidHearts
    from conjure_games.go_fish import GoFish
    from conjure_games.goofspiel import Goofspiel
    from conjure_games.hearts_plus_fifty import HeartsPlusFifty
    from conjure_games.hundred_point_knock import HundredPointKnock
    from conjure_games.run_fast import RunFast
    from conjure_games.three_card_showdown import ThreeCardShowdown

    return [
        ("goofspiel", Goofspiel, "game", "goofspiel", {"num_cards": 13, "players": 2}, 1.2),
        ("run-fast (3 players)", lambda: RunFast(3), "game", "dou_dizhu", {}, 1.2),
        (
            "go-fish (4 players, ask=0)",
            lambda: GoFish(4, ask=0),
            "game",
            "go_fish",
            {"players": 4},
            1.2,
        ),
        (
            "go-fish (4 players, ask=1)",
            lambda: GoFish(4, ask=1),
            "game",
            "go_fish",
            {"players": 4},
            1.2,
        ),
        (
            "hundred-point-knock (one deal)",
            lambda: HundredPointKnock(deals=1),
            "game",
            "gin_rummy",
            {},
            1.2,
        ),
        (
            "avoid-hearts (4 players, one deal)",
            lambda: AvoidHearts(4, deals=1),
            "game",
            "hearts",
            {},
            1.2,
        ),
        (
            "hearts-plus-fifty (4 players, one deal)",
            lambda: HeartsPlusFifty(4, deals=1),
            "game",
            "hearts",
            {},
            1.2,
        ),
        (
            "three-card-showdown (4 players)",
            lambda: ThreeCardShowdown(4),
            "hand",
            "leduc_poker",
            {},
            0.5,
        ),
    ]


class Side:
    """One side of a pair, timed a slice at a time: its best rate of playouts and of player
    actions per CPU second over the slices."""

    def __init__(self, run: Callable[[float], tuple[int, int, float]]) -> None:
        self._run = run
        self.best = (0.0, 0.0)

    def slice(self, seconds: float) -> None:
        count, actions, spent = self._run(seconds)
        if spent > 0 and count / spent > self.best[0]:
            self.best = (count / spent, actions / spent)


def ours(game: Game[Any], per: str) -> Callable[[float], tuple[int, int, float]]:
    """Random playouts of ``game``, the deals drawn from one stream; ``per="hand"`` counts the
    deals of each match played rather than the matches."""
    rng = random.Random(1)

    def run(seconds: float) -> tuple[int, int, float]:
        count = actions = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            state = game.new_initial_state()
            actions += random_playout(state, rng, uniform=True)
            count += state.vars.deals if per == "hand" else 1
        return count, actions, time.process_time() - start

    return run


def theirs(name: str, params: dict[str, Any]) -> Callable[[float], tuple[int, int, float]] | None:
    """Random playouts of OpenSpiel's ``name`` (simultaneous moves each drawn per player), or
    ``None`` when ``pyspiel`` is not importable. A game of sequential moves is played by the
    loop a user of such a game writes, which never asks whether a node is simultaneous."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game(name, params)
    players = game.num_players()
    simultaneous = game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    rng = random.Random(1)

    def run(seconds: float) -> tuple[int, int, float]:
        count = actions = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
                elif simultaneous and state.is_simultaneous_node():
                    legal = [state.legal_actions(p) for p in range(players)]
                    state.apply_actions([a[int(rng.random() * len(a))] for a in legal])
                    actions += players
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[int(rng.random() * len(legal))])
                    actions += 1
            count += 1
        return count, actions, time.process_time() - start

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds for each side")
    parser.add_argument("--slice", type=float, default=0.2, help="CPU seconds of a slice")
    parser.add_argument("--only", default="", help="only the pairs whose label contains this")
    args = parser.parse_args()
    rows = [p for p in pairs() if args.only in p[0]]
    sides: list[tuple[Pair, Side, Side | None]] = []
    peers: dict[tuple[str, str], Side | None] = {}
    for pair in rows:
        label, make, per, name, params, _goal = pair
        key = (name, repr(sorted(params.items())))
        if key not in peers:
            run = theirs(name, params)
            peers[key] = None if run is None else Side(run)
        sides.append((pair, Side(ours(make(), per)), peers[key]))
    for r in range(max(1, round(args.seconds / args.slice))):
        for _pair, mine, _peer in sides if r % 2 == 0 else sides[::-1]:
            mine.slice(args.slice)
        for peer in peers.values() if r % 2 == 0 else list(peers.values())[::-1]:
            if peer is not None:
                peer.slice(args.slice)
    for (label, _make, per, name, _params, goal), mine, peer in sides:
        games, actions = mine.best
        print(f"{label:40} {games:>10,.0f} {per}s/s {actions:>11,.0f} actions/s")
        if peer is None:
            print(f"  {'OpenSpiel ' + name:38} not installed (pip install open_spiel)")
            continue
        their_games, their_actions = peer.best
        print(
            f"  {'OpenSpiel ' + name:38} {their_games:>10,.0f} games/s "
            f"{their_actions:>11,.0f} actions/s"
        )
        ratio = games / their_games
        mark = "" if ratio >= goal else f"  below the goal of {goal:.1f}x"
        print(f"  ratio per {per}: {ratio:.2f}x, per action: {actions / their_actions:.2f}x{mark}")


if __name__ == "__main__":
    main()
