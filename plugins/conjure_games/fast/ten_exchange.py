"""Ten-exchange's fast random playout: the rules of :meth:`TenExchange._legal_actions` and
:meth:`TenExchange._apply_action` in one loop. The table is a sorted list of its cards' places
in the table order (value * 64 + code) and its value multiset one integer (three bits a
value), by which the captures each value may make are looked up once worked out
(:func:`_split`, :func:`_either`, from :func:`conjure.games.sum_sets`); the state is written
back at the end of the deal."""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Callable
from typing import Final

from conjure.games import CaptureVars, GameState, positions, sum_sets
from conjure_games.ten_exchange import CAPTURE_BITS, HAND_FIRST, HAND_SIZE, VALUES, TenExchange

#: a table's value multiset as one integer: three bits per value counting its cards
WEIGHTS: Final = tuple(1 << 3 * v for v in VALUES)
Take = tuple[int, tuple[int, ...], int]  # action bits, table positions, weight taken
#: value -> first position -> count -> every capture of equal cards among ``count`` cards of
#: the value from that position on, in the order of :meth:`CaptureRules.options` (the
#: submasks of a run of bits in increasing order)
_EQUAL: Final = tuple(
    tuple(
        tuple(
            tuple(
                (
                    CAPTURE_BITS | m << start << 9,
                    tuple(positions(m << start)),
                    m.bit_count() << 3 * v,
                )
                for m in range(1, 1 << count)  # every submask of the run, in order
            )
            for count in range(5)
        )
        for start in range(40)
    )
    for v in range(11)
)
Takes = tuple[tuple[Take, ...], ...]  # for each value, its captures
#: table weight -> (for each value its equal captures, for each value its sum captures): what
#: ``priority=0`` asks
_SPLIT: dict[int, tuple[Takes, Takes]] = {}
#: table weight -> for each value, the equal captures or else the sums: ``priority=1``
_EITHER: dict[int, Takes] = {}


def play_random(
    game: TenExchange,
    state: GameState[CaptureVars],
    pick: Callable[[], float],
    chance: random.Random,
) -> int:
    """Random play to the end of the deal (see :meth:`conjure.games.Game._play_random`): the
    same choices from the same picks as the checked path."""
    z = state.zones
    hands = (z["hand0"], z["hand1"])
    wons = (z["won0"], z["won1"])
    order = game.table_order
    table = [order[c] for c in z["table"]]
    weight = sum(map(WEIGHTS.__getitem__, z["table"]))
    stock = z["stock"]
    drawn, left = 0, len(stock)
    v = state.vars
    score, sweeps, last = list(v.score), list(v.sweeps), v.last
    first = 1 - v.dealer
    once = game.option_values["first_sweep_only"]
    hand_first = game.option_values["priority"] == HAND_FIRST
    append = state.history.append
    values, weights = VALUES, WEIGHTS
    split, either = _SPLIT, _EITHER
    p = state.current
    moves = len(state.history)
    while True:
        hand = hands[p]
        captures: list[tuple[int, Take]] = []
        if table:
            if hand_first:
                equal, sums = split.get(weight) or _split(weight)
                captures = [(c, t) for c in hand for t in equal[values[c]]]
                if not captures:
                    captures = [(c, t) for c in hand for t in sums[values[c]]]
            else:
                found = either.get(weight) or _either(weight)
                captures = [(c, t) for c in hand for t in found[values[c]]]
        if captures:
            card, (bits, at, taken) = captures[int(pick() * len(captures))]
            append(card | bits)
            hand.remove(card)
            won = wons[p]
            won.append(card)
            if len(at) == len(table):
                won.extend([o & 63 for o in table])
                table.clear()
                weight = 0
                if (drawn < left or hands[0] or hands[1]) and not (once and sweeps[p]):
                    sweeps[p] += 1
                    score[p] += 1
            else:
                for i in at:
                    won.append(table[i] & 63)
                for i in reversed(at):
                    del table[i]
                weight -= taken
            last = p
        else:
            card = hand[int(pick() * len(hand))]
            append(card)
            hand.remove(card)
            insort(table, order[card])
            weight += weights[card]
        p = 1 - p
        if hands[p] or hands[1 - p]:
            continue
        if drawn < left:
            each = min(HAND_SIZE, (left - drawn) // 2)
            hands[first].extend(stock[drawn : drawn + 2 * each : 2])
            hands[1 - first].extend(stock[drawn + 1 : drawn + 2 * each : 2])
            drawn += 2 * each
            p = first
            continue
        break
    moves = len(state.history) - moves
    del stock[:drawn]
    z["table"] = [o & 63 for o in table]
    v.score, v.sweeps, v.last = tuple(score), tuple(sweeps), last
    game._end_deal(state)
    return moves


def _split(weight: int) -> tuple[Takes, Takes]:
    """The equal captures and the sum captures of a card of each value against a table of the
    value multiset ``weight`` (see :data:`WEIGHTS`), in the order of
    :meth:`CaptureRules.options` (a test compares them), each as (action bits, positions,
    weight taken). Remembered."""
    table = [v for v in range(1, 11) for _ in range(weight >> 3 * v & 7)]
    sums = sum_sets(table, 10)
    equals: list[tuple[Take, ...]] = [()]
    found: list[tuple[Take, ...]] = [()]
    start = 0
    for v in range(1, 11):
        count = weight >> 3 * v & 7
        equal = _EQUAL[v][start][count]
        start += count
        takes: list[Take] = []
        for m in sums[v]:
            at = tuple(positions(m))
            takes.append((CAPTURE_BITS | m << 9, at, sum(1 << 3 * table[i] for i in at)))
        equals.append(equal)
        found.append(tuple(takes))
    if len(_SPLIT) > 200_000:
        _SPLIT.clear()
    out = _SPLIT[weight] = (tuple(equals), tuple(found))
    return out


def _either(weight: int) -> tuple[tuple[Take, ...], ...]:
    """For each value, the equal captures of a card of that value, or the sum captures when
    there are none (Scopa's rule, ``priority=1``). Remembered."""
    if len(_EITHER) > 200_000:
        _EITHER.clear()
    equal, sums = _SPLIT.get(weight) or _split(weight)
    out = _EITHER[weight] = tuple(eq or s for eq, s in zip(equal, sums, strict=True))
    return out
