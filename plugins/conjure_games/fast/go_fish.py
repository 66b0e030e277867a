"""Go-fish's fast random playout: the rules of :meth:`GoFish._legal_actions` and
:meth:`GoFish._apply_action` with hands as bitmasks, each seat's legal asks a sorted list
changed only when a card changes hands, the seat holding each card in one list, what a refusal
tells kept for every seat in one integer (:class:`_Heard`), and the state written back once at
the end."""

from __future__ import annotations

import functools
import math
import random
from bisect import bisect_left, insort
from collections.abc import Callable, Sequence
from itertools import repeat
from operator import and_, rshift
from typing import Final

from conjure.games import RANK_MASKS, SPECIAL, TERMINAL, GameState, asking
from conjure_games import go_fish as rules
from conjure_games.go_fish import (
    _BYTE_CARDS,
    _CARD_BIT,
    _CARDS_OF_RANKS,
    _RANK_CARDS,
    QUARTET_POINTS,
    GoFish,
    GoFishVars,
)

#: a card code -> its bit, the mask of its rank's four cards and the bit of its rank
_CARD_INFO: Final = tuple((1 << c, RANK_MASKS[c % 13], 1 << (c % 13)) for c in range(52))
#: a card code -> the other three cards of its rank
_OTHERS: Final = tuple(tuple(x for x in range(c % 13, 52, 13) if x != c) for c in range(52))


@functools.cache
def _heard_tables(n: int) -> _Heard:
    return _Heard(n)


class _Heard:
    """What the table hears at a table of ``n``, for every seat in one integer: the cards a seat
    has denied (52 bits at ``denied_at[seat]``) and the ranks it is known to hold (13 bits at
    ``holds_at[seat]``), with what each kind of ask adds to it or takes from it."""

    def __init__(self, n: int) -> None:
        seats = range(n)
        self.denied_at = tuple(52 * s for s in seats)
        self.holds_at = tuple(52 * n + 13 * s for s in seats)
        d, h = self.denied_at, self.holds_at
        #: every bit of what the table hears (the masks below keep bits by ``&`` with a
        #: positive mask: a negative one costs Python a conversion each time)
        every = (1 << (65 * n)) - 1
        #: a rank -> every bit but that rank's in the seats' held ranks (a quartet laid down is
        #: held by no one)
        self.but_rank = tuple(every ^ sum(1 << (r + at) for at in h) for r in range(13))
        #: asker, asked, card -> what a refused ask tells: neither seat holds the card, the
        #: asker holds a card of its rank
        self.refused = tuple(
            tuple(
                tuple(1 << (c + d[p]) | 1 << (c + d[q]) | 1 << (c % 13 + h[p]) for c in range(52))
                for q in seats
            )
            for p in seats
        )
        #: asker, card -> what an ask that got the card tells of the asker: it holds the rank
        self.got = tuple(tuple(1 << (c % 13 + h[p]) for c in range(52)) for p in seats)
        #: asker, asked, card -> every bit but what such an ask makes void: the asker's denial
        #: of the card (it is seen to hold it) and the claim that the asked holds the rank (it
        #: may have had only that one)
        self.got_voids = tuple(
            tuple(
                tuple(every ^ (1 << (c + d[p]) | 1 << (c % 13 + h[q])) for c in range(52))
                for q in seats
            )
            for p in seats
        )

    def start(self, denied: Sequence[int], holds: Sequence[int]) -> int:
        heard = 0
        for a, at in enumerate(self.denied_at):
            heard |= denied[a] << at
        for a, at in enumerate(self.holds_at):
            heard |= holds[a] << at
        return heard

    def denied(self, heard: int) -> tuple[int, ...]:
        return tuple(map(and_, map(rshift, repeat(heard), self.denied_at), repeat(_ALL_CARDS)))

    def holds(self, heard: int) -> tuple[int, ...]:
        return tuple(map(and_, map(rshift, repeat(heard), self.holds_at), repeat(_ALL_RANKS)))


_ALL_CARDS: Final = (1 << 52) - 1
_ALL_RANKS: Final = (1 << 13) - 1


def _next_holders(hand: Sequence[int]) -> tuple[int, ...]:
    """For each seat, the next one round the table with cards in ``hand`` (itself if none)."""
    n = len(hand)
    out = list(range(n))
    for a in range(n):
        for step in range(1, n):
            b = (a + step) % n
            if hand[b]:
                out[a] = b
                break
    return tuple(out)


def _targets(hand: Sequence[int]) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    """For each seat, the others with cards in ``hand`` (whom it may ask under ask=1), and the
    codes of asking each of them less the card."""
    seats = range(len(hand))
    targets = [tuple(b for b in seats if b != a and hand[b]) for a in seats]
    return targets, [tuple(SPECIAL + b * 52 for b in t) for t in targets]


def _no_ask_can_succeed(ranks: Sequence[int], nxt: Sequence[int]) -> bool:
    """Whether no seat holds a rank (``ranks``: its ranks as bits) that the next holder holds
    too: under the literal rule the deal has stalled."""
    for a, b in enumerate(nxt):  # noqa: SIM110 - a plain loop: it runs within playouts
        if b != a and ranks[a] & ranks[b]:
            return False
    return True


def _asks_heard(
    history: list[int],
    first: int,
    p: int,
    order: tuple[int, ...],
    gots: list[int],
    turns: list[tuple[int, int, tuple[int, ...]]],
    any_: bool,
) -> list[tuple[int, int, int, int]]:
    """The ask log entries of the last few asks of a fast playout that asked from
    ``history[first]`` on, ``p`` asking first and ``order`` the next holder after each seat
    then. ``gots`` holds the asks that got a card, each as its index in the history times 8
    plus its asker: such an ask earns another, unless it is in ``turns`` (index, the player to
    ask next, the order of turns from then on: a hand emptied). Any other ask was refused and
    passed the turn on to the next holder."""
    end = len(history)
    start = max(first, end - asking.LOG_LENGTH)
    got_at = set()
    i = first
    for rec in reversed(gots):
        at = rec >> 3
        if at < start:  # the last ask before the log that got a card: its asker asked on
            i, p = at + 1, rec & 7
            break
        got_at.add(at)
    for at, after, then in turns:  # (rare: a hand emptied before the log)
        if at < i:
            order = then
            if at == i - 1:
                p = after
    # the asks between that one (or the start) and the log's first were refused: the turn
    # went round the holders
    for _ in range(i, start):
        p = order[p]
    out = []
    for i in range(start, end):
        action = history[i]
        q, card = divmod(action - SPECIAL, 52) if any_ else (order[p], action)
        if i in got_at:
            out.append((p, q, card, 1))
            for at, after, then in turns:
                if at == i:
                    p, order = after, then
        else:
            out.append((p, q, card, 0))
            p = order[p]
    return out


@functools.cache
def _next_seats(n: int) -> tuple[int, ...]:
    """The next seat round a table of ``n`` from each."""
    return tuple((p + 1) % n for p in range(n))


def play_random(
    game: GoFish,
    state: GameState[GoFishVars],
    pick: Callable[[], float],
    chance: random.Random,
) -> int:
    """Random play to the end of the deal (see :meth:`conjure.games.Game._play_random`): the
    same choices from the same picks as the checked path, the state written back once at the
    end.

    Each seat's legal asks are a sorted list changed only when a card changes hands, and
    the stall (a fact of the hands) is looked for only then. A refused ask changes no hand:
    it only adds to what the table has heard, which for every seat lives in one integer
    (:class:`_Heard`), so a refusal is one ``|``; the ask log and the cards shown are read
    off the history and the asks that got a card at the end (the last ask is always one
    that got a card: it ends the deal). A deal that starts stalled, or a hand holding a
    whole quartet (both only in a world dealt again for a bot), is played by the checked
    hooks."""
    zones = state.zones
    bits = _CARD_BIT
    b0, b1, b2, b3, b4, b5, b6 = _BYTE_CARDS
    #: each seat's hand and ranks as masks, and its legal asks, lowest card first (never
    #: empty for a seat with cards that holds no whole quartet)
    hand: list[int] = []
    rk: list[int] = []
    wanted: list[list[int]] = []
    whole = 0
    #: the seat holding each card (the asks' test: a list item, not a mask's bit)
    owner = [-1] * 52
    for a, name in enumerate(game._hands):  # (plain loops: a comprehension costs a call)
        m = 0
        for c in zones[name]:
            m |= bits[c]
            owner[c] = a
        r = (m | m >> 13 | m >> 26 | m >> 39) & 0x1FFF
        whole |= m & m >> 13 & m >> 26 & m >> 39
        hand.append(m)
        rk.append(r)
        w = _CARDS_OF_RANKS[r] & ~m
        wanted.append(
            [
                *b0[w & 255],
                *b1[w >> 8 & 255],
                *b2[w >> 16 & 255],
                *b3[w >> 24 & 255],
                *b4[w >> 32 & 255],
                *b5[w >> 40 & 255],
                *b6[w >> 48],
            ]
        )
    #: the next player still holding cards after each seat (itself when none is)
    nxt = _next_seats(game.num_players) if all(hand) else _next_holders(hand)
    any_ = game._any
    if whole & 0x1FFF or (not any_ and _no_ask_can_succeed(rk, nxt)):
        return _play_checked(game, state, pick)
    seats = range(game.num_players)
    tables = _heard_tables(game.num_players)
    refused, got, got_voids, card_info = (
        tables.refused,
        tables.got,
        tables.got_voids,
        _CARD_INFO,
    )
    #: ask=0: each seat's legal asks, the next holder and what a refused ask of it tells
    seat = []
    for a, b in enumerate(nxt):
        seat.append((wanted[a], b, refused[a][b]))
    #: ask=1: each seat's targets (the other holders) and their action codes less the card
    targets, codes = _targets(hand) if any_ else ([], [])
    history = state.history
    first = len(history)
    v = state.vars
    #: the history's length at which the cap on asks ends the deal
    stop = first + rules.MOST_ASKS - v.asked  # (read here: the cap is the game's)
    capped = False
    heard = tables.start(v.denied, v.holds) if any(v.denied) or any(v.holds) else 0
    score = list(v.score)
    #: the quartets laid down: (seat, rank)
    laid: list[tuple[int, int]] = []
    #: the asks that got a card, each as its index in the history times 8 plus its asker
    #: (an int, not a tuple: one made for every such ask costs more)
    gots: list[int] = []
    #: the asks that got a card after which the order of turns changed (a hand emptied):
    #: (index in the history, the player to ask next, the order of turns then)
    turns: list[tuple[int, int, tuple[int, ...]]] = []
    stalled = False
    order0 = nxt
    p0 = p = state.current
    known = state.known
    floor = math.floor  # (int() of a float costs a call through the type; floor does not)
    while True:
        if len(history) >= stop:  # the cap on asks, reached on an ask that got a card
            capped = True
            break
        # asks until one gets a card
        if any_:
            while True:
                cards = wanted[p]
                k = len(cards)
                x = floor(pick() * (k * len(targets[p])))
                card = cards[x % k]
                t = x // k
                history.append(codes[p][t] + card)
                q = targets[p][t]
                if owner[card] == q:
                    break
                heard |= refused[p][q][card]
                p = nxt[p]
                if len(history) >= stop:
                    capped = True
                    break
        else:
            while True:
                cards, q, told = seat[p]
                card = cards[floor(pick() * len(cards))]
                history.append(card)
                if owner[card] == q:
                    break
                heard |= told[card]
                p = q
                if len(history) >= stop:
                    capped = True
                    break
        if capped:  # on a refused ask
            break
        # p gets the card, seen by all; p is known to hold the rank, q no longer is
        bit, whole, rank_bit = card_info[card]
        owner[card] = p
        known[card] = -1  # seen by all
        theirs = hand[q] ^ bit
        hand[q] = theirs
        heard = heard & got_voids[p][q][card] | got[p][card]
        if theirs & whole:  # q may now ask for the card it gave
            insort(wanted[q], card)
        else:  # q has no card of the rank left: nor does it want the others
            rk[q] ^= rank_bit
            left = wanted[q]
            a, b, c = _OTHERS[card]
            # (found by bisection: list.remove compares from the front)
            del left[bisect_left(left, a)]
            del left[bisect_left(left, b)]
            del left[bisect_left(left, c)]
        mine = hand[p] | bit
        left = wanted[p]
        del left[bisect_left(left, card)]
        if mine & whole == whole:  # a quartet, laid down
            mine ^= whole
            rk[p] ^= rank_bit
            r = card % 13
            laid.append((p, r))
            score[p] += QUARTET_POINTS[r]
            heard &= tables.but_rank[r]
        hand[p] = mine
        if theirs and mine:  # p asks again, unless the deal has stalled
            if any_ or rk[p] & rk[nxt[p]] or not _no_ask_can_succeed(rk, nxt):
                gots.append(len(history) - 1 << 3 | p)
                continue
            stalled = True
            after = TERMINAL
        elif sum(1 for h in hand if h) < 2:  # a hand is empty: the last, or the turns change
            after = TERMINAL
        else:
            nxt = _next_holders(hand)
            seat = [(wanted[a], nxt[a], refused[a][nxt[a]]) for a in seats]
            if any_:
                targets, codes = _targets(hand)
            if not any_ and _no_ask_can_succeed(rk, nxt):
                stalled = True
                after = TERMINAL
            else:
                after = p if mine else nxt[p]
                turns.append((len(history) - 1, after, nxt))
        gots.append(len(history) - 1 << 3 | p)
        if after < 0:
            break
        p = after
    # (operator's functions: a bound method of an int such as (7).__and__ is a slot
    # wrapper, which makes a tuple of its arguments at every call)
    receivers = set(map(and_, gots, repeat(7)))
    for a, name in enumerate(game._hands):
        cards = zones[name]
        m = hand[a]
        # a hand that received a card is sorted, as _apply_action leaves it; one that only
        # gave keeps its order (a hand dealt again for a bot need not be sorted)
        if a in receivers:
            cards[:] = [
                *b0[m & 255],
                *b1[m >> 8 & 255],
                *b2[m >> 16 & 255],
                *b3[m >> 24 & 255],
                *b4[m >> 32 & 255],
                *b5[m >> 40 & 255],
                *b6[m >> 48],
            ]
        elif len(cards) != m.bit_count():
            cards[:] = [c for c in cards if m >> c & 1]
    for a, r in laid:
        zones[game._quartets[a]].extend(_RANK_CARDS[r])
    moves = len(history) - first
    v.asked += moves
    # the playout ends on an ask that got a card, unless the cap ended it on a refusal
    if not capped:
        v.refused = 0
    elif gots:
        v.refused = len(history) - 1 - (gots[-1] >> 3)
    else:
        v.refused += moves
    v.denied = tables.denied(heard)
    v.holds = tables.holds(heard)
    v.score = tuple(score)
    v.stalled = stalled
    log = _asks_heard(history, first, p0, order0, gots, turns, any_)
    v.asks = (*v.asks, *log)[-asking.LOG_LENGTH :]
    state.current = TERMINAL
    return moves


def _play_checked(game: GoFish, state: GameState[GoFishVars], pick: Callable[[], float]) -> int:
    """Random play to the end by the checked hooks, as the general loop plays it."""
    history = state.history
    moves = 0
    while state.current >= 0:
        actions = game._legal_actions(state)
        action = actions[int(pick() * len(actions))]
        history.append(action)
        game._apply_action(state, action)
        moves += 1
    return moves
