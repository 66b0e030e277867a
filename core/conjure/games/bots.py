"""Bots that play any game through the API alone, none of which ever looks at a card its seat
cannot see: every search starts from :meth:`conjure.games.Game.determinize`, which deals the
unseen cards again from what the seat sees, never giving a seat a card the table knows it lacks
(a suit it did not follow: :attr:`conjure.games.GameState.lacking`), every consistent deal
equally likely (the conformance check proves the Monte-Carlo choice and the whole ISMCTS search
do not change when the hidden cards are swapped). A bot's worlds and playouts never read their
own plays for such facts, so they cost nothing there.

- :class:`RandomBot` picks uniformly among the legal actions.
- :class:`MonteCarloBot` (flat Monte-Carlo) tries each legal action in many determinised worlds
  and plays the rest out at random.
- :class:`ISMCTSBot` (information-set Monte-Carlo tree search) grows a tree whose nodes are
  information sets (what the player to move and the searching seat both see), with a new
  determinisation each iteration and exploration by availability. The default at the table
  but in a game that names another (:attr:`conjure.games.Game.table_bot`); at the think
  times measured (``bench/ladder.py``, ``docs/games.md``) it plays as well as flat
  Monte-Carlo in most games, not measurably better, and worse in a few.

A searching bot told to think for a time (:func:`make_bot`'s ``think``, ``--think`` of
``conjure play`` and ``conjure simulate``; :data:`THINK_SECONDS` at the table) searches until
that much wall time has passed; otherwise it runs its fixed budget of worlds or iterations and
is the same for a seed.

Playouts end where the game judges a position: the end of the game, or of the deal in a match
of deals (:meth:`conjure.games.Game._deal_value`), so one deal's result is not drowned in the
noise of random future deals; or, in a game that sets :attr:`conjure.games.Game.playout_moves`,
after that many moves, where the game reads its standing mid-deal. Equal values are broken at
random, and an action that wins the deal or the game outright in every world tried is taken at
once.
"""

from __future__ import annotations

import itertools
import math
import random
import time
from collections.abc import Callable
from typing import Any, Protocol

from conjure.errors import UnknownNameError
from conjure.games.api import ALL, CHANCE, TERMINAL, TOP, Game, GameState
from conjure.inputs import quote


def random_playout(
    state: GameState[Any],
    rng: random.Random,
    deal: int | None = None,
    chance: random.Random | None = None,
    uniform: bool = False,
    most: int | None = None,
) -> int:
    """Play ``state`` on in place at random (chance sampled from ``chance``, or ``rng`` when
    not given; players uniform over the game's playout actions, or, when ``uniform``, over
    what the random bot picks among: every legal action but where the game leaves out a move
    that never ends a deal, :meth:`Game._random_actions`) to the end of the game, or, when
    ``deal`` is given, to the end of that deal, or, when ``most`` is given, until the players
    have taken that many actions. Every action is recorded. Returns how many actions the
    players took."""
    chance = chance or rng
    moves = 0
    game = state.game
    kind = type(game)
    if uniform:
        plain = kind._random_actions is Game._random_actions
        actions_of = game._legal_actions if plain else game._random_actions
    else:
        plain = kind._playout_actions is Game._playout_actions
        actions_of = game._legal_actions if plain else game._playout_actions
    apply = game._apply_action
    deal_of = game._deal_number
    history = state.history
    pick = rng.random
    fast = plain and most is None and game.fast_playout and state.story is None
    own = game._play_random if fast else None
    end = math.inf if most is None else most
    while moves < end:
        if state.current < 0:
            if state.current == TERMINAL or (deal is not None and deal_of(state) != deal):
                return moves
            state.sample_chance(chance)
            continue
        if own is not None:  # the game's own loop, which gives what this one would
            moves += own(state, pick, chance)
            continue
        actions = actions_of(state)
        action = actions[int(pick() * len(actions))]
        history.append(action)
        apply(state, action)
        moves += 1
    return moves


class Rollout(Protocol):
    """How a searching bot plays a world on from where its search leaves it
    (:mod:`conjure.games.rollouts`): in place, to the end of deal ``deal`` (or of the game),
    or until the players have taken ``most`` actions; returns how many they took."""

    name: str

    def play(
        self, state: GameState[Any], rng: random.Random, deal: int, most: int | None
    ) -> int: ...


def playout(
    state: GameState[Any],
    rng: random.Random,
    deal: int,
    most: int | None,
    rollout: Rollout | None = None,
) -> int:
    """Play ``state`` on with ``rollout``, or at random (:func:`random_playout`) without one."""
    if rollout is None:
        return random_playout(state, rng, deal, most=most)
    return rollout.play(state, rng, deal, most)


class Bot(Protocol):
    name: str

    def choose(self, state: GameState[Any], rng: random.Random) -> int: ...


class RandomBot:
    """Uniformly random legal actions, but where a game leaves out of random play a move that
    never ends a deal while its natural end is open (:meth:`Game._random_actions`: a player
    who can knock, knocks)."""

    name = "random"

    def choose(self, state: GameState[Any], rng: random.Random) -> int:
        actions = state.game._random_actions(state)
        return actions[int(rng.random() * len(actions))]


def _best(values: list[float], rng: random.Random) -> int:
    """The index of the highest value, equal ones broken at random."""
    top = max(values)
    best = [i for i, v in enumerate(values) if v >= top - 1e-12]
    return best[int(rng.random() * len(best))] if len(best) > 1 else best[0]


class MonteCarloBot:
    """Flat determinised Monte-Carlo: ``worlds`` deals of the unseen cards, each legal action
    played out at random to the end of the deal in every one. With ``seconds``, it also stops
    dealing new worlds once that much wall time has passed (after the first)."""

    name = "mc"
    #: the clock a budget of ``seconds`` is read on: wall time (a benchmark may count this
    #: thread's CPU time instead, :func:`time.thread_time`, so that a busy machine does not
    #: shorten the search)
    clock: Callable[[], float] = staticmethod(time.perf_counter)

    def __init__(
        self,
        worlds: int | None = 24,
        seconds: float | None = None,
        rollout: Rollout | None = None,
    ) -> None:
        self.worlds = worlds
        self.seconds = seconds
        self.rollout = rollout

    def choose(self, state: GameState[Any], rng: random.Random) -> int:
        clock = self.clock
        deadline = None if self.seconds is None else clock() + self.seconds
        game = state.game
        me = state.current
        actions = list(state.legal_actions())
        if len(actions) == 1:
            return actions[0]
        deal = game._deal_number(state)
        totals = [0.0] * len(actions)
        tried = [0] * len(actions)
        sure = [True] * len(actions)
        rollout = self.rollout
        worlds = math.inf if self.worlds is None else self.worlds
        w = 0
        new_world = self._dealer(state, me)
        while w < worlds:
            if deadline is not None and w and clock() > deadline:
                break
            w += 1
            world = new_world(rng)
            for i, action in enumerate(actions):
                if deadline is not None and w > 1 and clock() > deadline:
                    break  # the budget is spent inside a world: its actions tried count
                trial = world.copy()
                trial.apply_legal(action)
                ended = trial.current == TERMINAL or (
                    trial.current == CHANCE and game._deal_number(trial) != deal
                )
                playout(trial, rng, deal, game.playout_moves, rollout)
                value = game._deal_value(state, trial, me)
                totals[i] += value
                tried[i] += 1
                sure[i] = sure[i] and ended and value > 0
        means = [t / n if n else -math.inf for t, n in zip(totals, tried, strict=True)]
        winners = [i for i, s in enumerate(sure) if s and tried[i]]
        if winners:  # an outright win of the deal in every world: take the best of them
            return actions[max(winners, key=lambda i: (means[i], -i))]
        return actions[_best(means, rng)]

    def _dealer(self, state: GameState[Any], me: int) -> Callable[[random.Random], GameState[Any]]:
        """What deals the worlds to try the actions in: the unseen cards dealt again from what
        seat ``me`` sees (:meth:`conjure.games.Game.dealer`, the worlds of
        :meth:`conjure.games.Game.determinize`)."""
        return state.game.dealer(state, me)


class _InfoKey:
    """The key of an information set in a search by seat ``me``: for the player ``p`` to move,
    everything both ``p`` and ``me`` can see. Cards of a zone both see are listed; a zone
    hidden from either is written by its size, with the cards shown to both (a card a rule
    turned up for them) in their places; then the public values and whose turn it is. Nothing
    in it is hidden from ``me``, and nothing in an opponent's key is hidden from the opponent."""

    __slots__ = ("me", "plans")

    def __init__(self, game: Game[Any], me: int) -> None:
        self.me = me
        self.plans: list[list[tuple[str, int, bool, bool]]] = []
        for p in range(game.num_players):
            plan = []
            for zone, rule in game.visibility.items():
                if rule == ALL or (rule == p and rule == me):
                    mode = 0  # seen by both
                elif rule == TOP:
                    mode = 1  # the top card seen by both, the rest hidden
                else:
                    mode = 2  # hidden from one of them at least
                plan.append((zone, mode, rule == p, rule == me))
            self.plans.append(plan)

    def __call__(self, world: GameState[Any], p: int) -> tuple[Any, ...]:
        zones = world.zones
        known = world.known
        parts: list[Any] = [p]
        append = parts.append
        if not known:
            for zone, mode, _, _ in self.plans[p]:
                cards = zones[zone]
                if mode == 0:
                    append(tuple(cards))
                elif mode == 1:
                    append((cards[0], len(cards)) if cards else 0)
                else:
                    append(len(cards))
        else:
            bp, bme = 1 << p, 1 << self.me
            # the cards shown to p, to me, and to both, wherever they lie
            to_p, to_me = set(), set()
            for c, who in known.items():
                if who & bp:
                    to_p.add(c)
                if who & bme:
                    to_me.add(c)
            to_both = to_p & to_me
            for zone, mode, sees_p, sees_me in self.plans[p]:
                cards = zones[zone]
                if mode == 0:
                    append(tuple(cards))
                    continue
                # a card in a zone p sees is seen by both when shown to me, and so on
                seen = to_me if sees_p else to_p if sees_me else to_both
                if seen.isdisjoint(cards) and not (mode == 1 and cards):
                    append(len(cards))
                    continue
                shown = tuple(
                    c if (mode == 1 and i == 0) or c in seen else -1 for i, c in enumerate(cards)
                )
                append(shown if any(c >= 0 for c in shown) else len(cards))
        append(tuple(world.vars.__dict__.values()))
        return tuple(parts)


class ISMCTSBot:
    """Information-set Monte-Carlo tree search with one node per information set.

    Each of ``iterations`` runs deals the unseen cards again from what the searching seat
    sees (:meth:`conjure.games.Game.determinize`), walks down the tree choosing by UCB among
    the actions legal in that world, adds one edge, plays out at random to the end of the deal
    and credits the value to every edge it walked, each for the player who chose it.

    A node is an information set, not a sequence of real actions: the key of the node where
    ``p`` is to move is everything that both ``p`` and the searching seat can see (the cards
    of every zone visible to both, the other zones by their sizes, the public values, whose
    turn it is). So the searching seat's own nodes are its information sets, and the same
    node is reached whatever the determinisation put in the hidden places (no bid or card it
    cannot see splits its tree); an opponent's node holds nothing the opponent cannot see,
    so it never answers a bid laid face down, nor the searcher's hidden cards; and it holds
    nothing the searching seat cannot see (the opponent's own hand is not known, and the
    opponent's choice there is averaged over the hands it may hold). This is the
    multiple-observer reading of ISMCTS, with the opponent's tree keyed by the public part.

    At the root every legal action is weighed; below it, each player chooses among the game's
    playout actions (:meth:`conjure.games.Game._playout_actions`), as in the playouts, so the
    tree does not spend visits on, nor average in the result of, a move no player would make
    (in sixty-six, a declaration short of 66).

    The same action is legal in some worlds and not in others, so each edge counts how often
    it was available as well as how often it was chosen, and UCB explores by availability
    (``value + c·sqrt(ln available / visits)``). The choice at the root is the most visited
    action, equal counts broken by the higher mean value, then at random.

    Deterministic for a given ``rng`` while ``seconds`` is ``None``; with ``seconds`` the search
    also stops when that much wall time has passed (table play), after at least
    ``min(iterations, 32)`` runs.
    """

    name = "ismcts"
    #: the clock a budget of ``seconds`` is read on (see :attr:`MonteCarloBot.clock`)
    clock: Callable[[], float] = staticmethod(time.perf_counter)

    def __init__(
        self,
        iterations: int | None = 800,
        exploration: float = 0.8,
        seconds: float | None = None,
        rollout: Rollout | None = None,
    ) -> None:
        self.iterations = iterations
        self.exploration = exploration
        self.seconds = seconds
        self.rollout = rollout

    def choose(self, state: GameState[Any], rng: random.Random) -> int:
        deadline = None if self.seconds is None else self.clock() + self.seconds
        actions = list(state.legal_actions())
        if len(actions) == 1:
            return actions[0]
        new_world = state.game.dealer(state, state.current)  # (for both, read once)
        sure = self._sure_win(state, actions, rng, new_world)
        if sure is not None:
            return sure
        table, root_key = self.search(state, rng, deadline, new_world)
        root = table[root_key]
        # the most visited; equal visits (a short search that tried many actions once each)
        # go to the best mean value, which fits below the step of one visit
        ranks = []
        for a in actions:
            edge = root.get(a)
            ranks.append(edge[0] + (edge[2] / edge[0] + 1.0) / 4.0 if edge else -1.0)
        return actions[_best(ranks, rng)]

    def search(
        self,
        state: GameState[Any],
        rng: random.Random,
        deadline: float | None = None,
        new_world: Callable[[random.Random], GameState[Any]] | None = None,
    ) -> tuple[dict[Any, dict[int, list[Any]]], Any]:
        """Run the search from ``state`` (the searching seat is the one to move), until
        ``deadline`` (a time on :attr:`clock`; by default ``seconds`` from now, when
        set), each run in a world from ``new_world`` (the game's :meth:`Game.dealer` of
        ``state`` unless given). Returns the table, information-set key -> action -> [visits,
        available, total value], and the root's key."""
        game = state.game
        me = state.current
        deal = game._deal_number(state)
        deal_of = game._deal_number
        n = game.num_players
        key = _InfoKey(game, me)
        table: dict[Any, dict[int, list[Any]]] = {}
        c = self.exploration
        log, sqrt = math.log, math.sqrt
        if deadline is None and self.seconds is not None:
            deadline = self.clock() + self.seconds
        # a budget of time alone (no count) is kept to the letter; with both, a few runs first
        least = 1 if self.iterations is None else min(self.iterations, 32)
        clock = self.clock
        rollout = self.rollout
        most = game.playout_moves
        # below the root, the actions of the playouts: what no player would do (a declaration
        # the player can see is false) is not worth a node, nor the noise of its result
        below = game._playout_actions
        runs = itertools.count() if self.iterations is None else range(self.iterations)
        if new_world is None:  # (the worlds of determinize, what they share read once)
            new_world = game.dealer(state, me)
        for iteration in runs:
            if deadline is not None and iteration >= least and clock() > deadline:
                break
            world = new_world(rng)
            path: list[tuple[list[Any], int]] = []
            while True:
                current = world.current
                if current == TERMINAL:
                    break
                if current == CHANCE:
                    if deal_of(world) != deal:
                        break
                    world.sample_chance(rng)
                    continue
                legal = world.legal_actions() if not path else below(world)
                k = key(world, current)
                node = table.get(k)
                if node is None:
                    node = table[k] = {}
                untried = []
                for a in legal:
                    edge = node.get(a)
                    if edge is None:
                        untried.append(a)
                    else:
                        edge[1] += 1
                if untried:
                    action = untried[int(rng.random() * len(untried))]
                    edge = node[action] = [1, 1, 0.0]
                    path.append((edge, current))
                    world.apply_legal(action)
                    break
                best_value = -math.inf
                action = legal[0]
                for a in legal:
                    e = node[a]
                    value = e[2] / e[0] + c * sqrt(log(e[1]) / e[0])
                    if value > best_value:
                        best_value, action = value, a
                edge = node[action]
                edge[0] += 1
                path.append((edge, current))
                world.apply_legal(action)
            if rollout is None:
                random_playout(world, rng, deal, most=most)
            else:
                rollout.play(world, rng, deal, most)
            values = [game._deal_value(state, world, p) for p in range(n)]
            for edge, player in path:
                edge[2] += values[player]
        return table, key(state, me)

    @staticmethod
    def _sure_win(
        state: GameState[Any],
        actions: list[int],
        rng: random.Random,
        new_world: Callable[[random.Random], GameState[Any]],
    ) -> int | None:
        """An action that ends the deal or the game at once with a win for the mover in a few
        determinised worlds (the end of a deal is public, so a few suffice)."""
        game = state.game
        me = state.current
        deal = game._deal_number(state)
        worlds = [new_world(rng) for _ in range(4)]
        best: tuple[float, int] | None = None
        for action in actions:
            values = []
            for world in worlds:
                trial = world.copy()
                trial.apply_legal(action)
                if not (
                    trial.current == TERMINAL
                    or (trial.current == CHANCE and game._deal_number(trial) != deal)
                ):
                    break
                values.append(game._deal_value(state, trial, me))
            else:
                low = min(values)
                if low > 0 and (best is None or low > best[0]):
                    best = (low, action)
        return None if best is None else best[1]


BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "mc": MonteCarloBot,
    "ismcts": ISMCTSBot,
}

#: how long a searching bot thinks a move at the table (``conjure play``) unless told
#: (``--think``), in seconds: a person never waits a second for a bot's move
THINK_SECONDS = 0.5


def make_bot(name: str, think: float | None = None) -> Bot:
    """The bot called ``name``. With ``think``, a searching bot thinks ``think`` seconds of
    wall time a move (as many worlds or iterations as fit; a move with one legal action, or
    one that wins outright, is made at once) and is no longer the same for a seed on another
    machine; without, it runs its fixed budget and is."""
    try:
        factory = BOTS[name]
    except KeyError:
        raise UnknownNameError(f"unknown bot {quote(name)} (bots: {', '.join(BOTS)})") from None
    if think is None or name == "random":
        return factory()
    if think <= 0:
        raise ValueError(f"a bot thinks a positive time, not {think}")
    if name == "mc":
        return MonteCarloBot(worlds=None, seconds=think)
    if name == "ismcts":
        return ISMCTSBot(iterations=None, seconds=think)
    return factory(seconds=think)
