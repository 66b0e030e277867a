"""Pick-up-score's fast random playout: the rules of :meth:`PickUpScore._legal_actions` and
:meth:`PickUpScore._apply_action` in one loop. The table is a sorted list of its cards' places
in the table order (value * 64 + code) and its value multiset one integer (three bits a
value), by which what each value may take is looked up once worked out (:func:`_takes`, from
:func:`conjure.games.sum_sets`); the state is written back at the end of the deal."""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Callable
from typing import Final

from conjure.games import HANDS, WON, CaptureVars, GameState, positions, sum_sets
from conjure_games.pick_up_score import CAPTURE_BITS, POINTS, VALUES, PickUpScore

#: the 分 points of a card of each value (value 5: 5, 10 and 13: 10)
VALUE_POINTS: Final = tuple({5: 5, 10: 10, 13: 10}.get(v, 0) for v in range(14))
#: a table's value multiset as one integer: three bits per value counting its cards
WEIGHTS: Final = tuple(1 << 3 * v for v in VALUES)
#: what a card of each value may take from a table, by the table's weight: the captures
#: :meth:`PickUpScore._legal_actions` lists, each as (action bits, positions, weight, points)
_TAKES: dict[int, tuple[tuple[tuple[int, tuple[int, ...], int, int], ...], ...]] = {}
#: value -> the capture of one card of that value at each table position
_EQUAL: Final = tuple(
    tuple((CAPTURE_BITS | 1 << i << 9, (i,), 1 << 3 * v, VALUE_POINTS[v]) for i in range(52))
    for v in range(14)
)
#: mask -> its positions, for the masks of small tables
_POSITIONS: Final = tuple(tuple(positions(m)) for m in range(1 << 10))


def play_random(
    game: PickUpScore,
    state: GameState[CaptureVars],
    pick: Callable[[], float],
    chance: random.Random,
) -> int:
    """Random play to the end of the deal (see :meth:`conjure.games.Game._play_random`): the
    same choices from the same picks as the checked path."""
    z = state.zones
    n = game.num_players
    hands = [z[HANDS[p]] for p in range(n)]
    wons = [z[WON[p]] for p in range(n)]
    order = game.table_order
    table = [order[c] for c in z["table"]]
    weight = sum(map(WEIGHTS.__getitem__, z["table"]))
    stock = z["stock"]
    drawn, left = 0, len(stock)
    score = list(state.vars.score)
    last = state.vars.last
    append = state.history.append
    values, points, weights = VALUES, POINTS, WEIGHTS
    cache = _TAKES
    p = state.current
    moves = len(state.history)
    while True:
        hand = hands[p]
        if table:
            takes = cache.get(weight)
            if takes is None:
                takes = _takes(weight)
            captures = [(c, t) for c in hand for t in takes[values[c]]]
            if captures:
                card, (bits, at, taken, gained) = captures[int(pick() * len(captures))]
                append(card | bits)
                hand.remove(card)
                won = wons[p]
                won.append(card)
                for i in at:
                    won.append(table[i] & 63)
                if len(at) == len(table):
                    table.clear()
                else:
                    for i in reversed(at):
                        del table[i]
                weight -= taken
                score[p] += gained + points[card]
                last = p
            else:
                card = hand[int(pick() * len(hand))]
                append(card)
                hand.remove(card)
                insort(table, order[card])
                weight += weights[card]
        else:
            card = hand[int(pick() * len(hand))]
            append(card)
            hand.remove(card)
            table.append(order[card])
            weight += weights[card]
        if drawn < left:
            hand.append(stock[drawn])
            drawn += 1
        nxt = p + 1 if p + 1 < n else 0
        if hands[nxt]:
            p = nxt
            continue
        for step in range(2, n + 1):
            nxt = (p + step) % n
            if hands[nxt]:
                p = nxt
                break
        else:
            break
    del stock[:drawn]
    z["table"] = [o & 63 for o in table]
    state.vars.score = tuple(score)
    state.vars.last = last
    moves = len(state.history) - moves
    game._end_deal(state)
    return moves


def _takes(weight: int) -> tuple[tuple[tuple[int, tuple[int, ...], int, int], ...], ...]:
    """For each value, what a card of that value may take from a table of the value multiset
    ``weight`` (see :data:`WEIGHTS`), in the order of :meth:`PickUpScore._legal_actions`: each
    capture's action bits, the table positions it takes, the weight and the points taken.
    Worked out straight from the rules (one table card of the value, then the sums), which a
    test checks against :meth:`CaptureRules.takes`, and remembered."""
    table = [v for v in range(1, 14) for _ in range(weight >> 3 * v & 7)]
    sums = sum_sets(table, 13)
    found: list[tuple[tuple[int, tuple[int, ...], int, int], ...]] = [()]
    start = 0
    for v in range(1, 14):
        count = weight >> 3 * v & 7
        equal = _EQUAL[v][start : start + count]
        start += count
        if not sums[v]:
            found.append(equal)
            continue
        takes: list[tuple[int, tuple[int, ...], int, int]] = list(equal)
        for m in sums[v]:
            at = _POSITIONS[m] if m < len(_POSITIONS) else tuple(positions(m))
            w = points = 0
            for i in at:
                t = table[i]
                w += 1 << 3 * t
                points += VALUE_POINTS[t]
            takes.append((CAPTURE_BITS | m << 9, at, w, points))
        found.append(tuple(takes))
    if len(_TAKES) > 200_000:
        _TAKES.clear()
    out = _TAKES[weight] = tuple(found)
    return out
