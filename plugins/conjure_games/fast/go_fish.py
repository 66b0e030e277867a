"""Go-fish's fast random playout: the rules of :meth:`GoFish._legal_actions` and
:meth:`GoFish._apply_action` with hands as bitmasks (under ask=1, the holder of each card),
each seat's legal asks a sorted list changed only when a card changes hands, what a refusal
tells kept for every seat in one integer (:class:`_Heard` under ask=0, :class:`_Denials` under
ask=1), and the state written back once at the end."""

from __future__ import annotations

import functools
import math
import random
from bisect import bisect_left, insort
from collections.abc import Callable, Sequence
from itertools import repeat, starmap
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
#: a seat -> a card code -> the action code of asking that seat for the card (ask=1)
_CODES: Final = tuple(
    tuple(SPECIAL + 52 * q + c for c in range(52)) for q in range(max(GoFish.players))
)
#: an action code of ask=1 -> the seat asked (-1 below the codes)
_ASKED: Final = (-1,) * SPECIAL + tuple(x // 52 for x in range(52 * max(GoFish.players)))


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
        return tuple([heard >> at & _ALL_CARDS for at in self.denied_at])

    def holds(self, heard: int) -> tuple[int, ...]:
        return tuple([heard >> at & _ALL_RANKS for at in self.holds_at])


@functools.cache
def _denial_tables(n: int) -> _Denials:
    return _Denials(n)


class _Denials:
    """The cards each seat at a table of ``n`` has denied holding, for every seat in one
    integer (52 bits at ``at[seat]``), with what each kind of ask of ask=1 adds to it or
    takes from it."""

    def __init__(self, n: int) -> None:
        seats = range(n)
        self.at = tuple(52 * s for s in seats)
        #: every bit (the masks below keep bits by ``&`` with a positive mask)
        every = (1 << (52 * n)) - 1
        #: asker, action code -> what a refusal of the ask tells: neither seat holds the card
        self.told = tuple(
            (0,) * SPECIAL
            + tuple(
                0 if q == p else 1 << (c + 52 * p) | 1 << (c + 52 * q)
                for q in seats
                for c in range(52)
            )
            for p in seats
        )
        #: asker, card -> every bit but the asker's denial of the card (it is seen to get it)
        self.undeny = tuple(tuple(every ^ 1 << (c + 52 * p) for c in range(52)) for p in seats)

    def start(self, denied: Sequence[int]) -> int:
        out = 0
        for a, at in enumerate(self.at):
            out |= denied[a] << at
        return out

    def denied(self, denials: int) -> tuple[int, ...]:
        return tuple([denials >> at & _ALL_CARDS for at in self.at])


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
    then. ``gots`` holds the asks that got a card, each as the history's length after it
    times 8 plus its asker: such an ask earns another, unless it is in ``turns`` (the
    history's length after it, the player to ask next, the order of turns from then on: a
    hand emptied). Any other ask was refused and passed the turn on to the next holder."""
    end = len(history)
    start = max(first, end - asking.LOG_LENGTH)
    #: the history's length after each ask in the log that got a card
    got_after = set()
    i = first
    for rec in reversed(gots):
        after = rec >> 3
        if after <= start:  # the last ask before the log that got a card: its asker asked on
            i, p = after, rec & 7
            break
        got_after.add(after)
    for after, then_p, then in turns:  # (rare: a hand emptied before the log)
        if after <= i:
            order = then
            if after == i:
                p = then_p
    # the asks between that one (or the start) and the log's first were refused: the turn
    # went round the holders
    for _ in range(i, start):
        p = order[p]
    out = []
    for i in range(start, end):
        action = history[i]
        q, card = divmod(action - SPECIAL, 52) if any_ else (order[p], action)
        if i + 1 in got_after:
            out.append((p, q, card, 1))
            for after, then_p, then in turns:
                if after == i + 1:
                    p, order = then_p, then
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

    Each seat's legal asks are a list changed only when a card changes hands, and the stall
    (a fact of the hands) is looked for only then. A refused ask changes no hand: it only
    adds to what the table has heard, which for every seat lives in one integer
    (:class:`_Heard`, :class:`_Denials`), so a refusal is one ``|``; the ask log and the
    cards shown are read
    off the history and the asks that got a card at the end (the last ask is always one
    that got a card: it ends the deal). A deal that starts stalled, or a hand holding a
    whole quartet (both only in a world dealt again for a bot), is played by the checked
    hooks."""
    zones = state.zones
    bits = _CARD_BIT.__getitem__
    b0, b1, b2, b3, b4, b5, b6 = _BYTE_CARDS
    #: each seat's hand and ranks as masks, and the cards it may ask for, lowest first (never
    #: empty for a seat with cards that holds no whole quartet)
    hand: list[int] = []
    rk: list[int] = []
    wanted: list[list[int]] = []
    whole = 0
    for name in game._hands:  # (plain loops: a comprehension costs a call)
        m = sum(map(bits, zones[name]))
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
    if whole & 0x1FFF:
        return _play_checked(game, state, pick)
    if game._any:
        return _play_any(game, state, pick, wanted, nxt)
    if _no_ask_can_succeed(rk, nxt):
        return _play_checked(game, state, pick)
    return _play_next(game, state, pick, hand, rk, wanted, nxt)


def _play_next(
    game: GoFish,
    state: GameState[GoFishVars],
    pick: Callable[[], float],
    hand: list[int],
    rk: list[int],
    wanted: list[list[int]],
    nxt: tuple[int, ...],
) -> int:
    """:func:`play_random` under ask=0: each seat asks the next holder for a card of
    ``wanted``, its legal asks."""
    zones = state.zones
    seats = range(game.num_players)
    tables = _heard_tables(game.num_players)
    refused, got, got_voids, but_rank = (
        tables.refused,
        tables.got,
        tables.got_voids,
        tables.but_rank,
    )
    card_info = _CARD_INFO
    #: the seat holding each card (the asks' test: a list item, not a mask's bit)
    owner = [-1] * 52
    for a, name in enumerate(game._hands):
        for c in zones[name]:
            owner[c] = a
    #: each seat's legal asks, the next holder and what a refused ask of it tells
    seat = [(wanted[a], b, refused[a][b]) for a, b in enumerate(nxt)]
    history = state.history
    first = len(history)
    v = state.vars
    heard = tables.start(v.denied, v.holds) if any(v.denied) or any(v.holds) else 0
    score = list(v.score)
    #: the quartets laid down: (seat, rank)
    laid: list[tuple[int, int]] = []
    #: the asks that got a card, each as the history's length after it times 8 plus its
    #: asker (an int, not a tuple: one made for every such ask costs more)
    gots: list[int] = []
    #: the asks that got a card after which the order of turns changed (a hand emptied):
    #: (the history's length after it, the player to ask next, the order of turns then)
    turns: list[tuple[int, int, tuple[int, ...]]] = []
    stalled = capped = False
    order0 = nxt
    p0 = p = state.current
    known = state.known
    floor = math.floor  # (int() of a float costs a call through the type; floor does not)
    # one pick an ask, up to the cap on asks (read here: the cap is the game's); the loops
    # below take them from this one iterator, which stops at the cap without another pick
    picks = starmap(pick, repeat((), max(0, rules.MOST_ASKS - v.asked)))
    while True:
        for x in picks:  # asks until one gets a card
            cards, q, told = seat[p]
            card = cards[floor(x * len(cards))]
            history.append(card)
            if owner[card] == q:
                break
            heard |= told[card]
            p = q
        else:  # the cap on asks
            capped = True
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
            heard &= but_rank[r]
        hand[p] = mine
        if theirs and mine:  # p asks again, unless the deal has stalled
            if rk[p] & rk[nxt[p]] or not _no_ask_can_succeed(rk, nxt):
                gots.append(len(history) << 3 | p)
                continue
            stalled = True
            after = TERMINAL
        elif sum(1 for h in hand if h) < 2:  # a hand is empty: the last, or the turns change
            after = TERMINAL
        else:
            nxt = _next_holders(hand)
            seat = [(wanted[a], nxt[a], refused[a][nxt[a]]) for a in seats]
            if _no_ask_can_succeed(rk, nxt):
                stalled = True
                after = TERMINAL
            else:
                after = p if mine else nxt[p]
                turns.append((len(history), after, nxt))
        gots.append(len(history) << 3 | p)
        if after < 0:
            break
        p = after
    log = _asks_heard(history, first, p0, order0, gots, turns, False)
    _write_back(game, state, hand, laid, gots, log, first, heard, score, capped, stalled)
    return len(history) - first


def _play_any(
    game: GoFish,
    state: GameState[GoFishVars],
    pick: Callable[[], float],
    wanted: list[list[int]],
    nxt: tuple[int, ...],
) -> int:
    """:func:`play_random` under ask=1: each seat asks any other holder for a card of
    ``wanted``, the asks in :meth:`GoFish._legal_actions`'s order (a block for each other
    holder, lowest seat first, of the cards, lowest first); an ask gets its card when its
    action code is the one of asking the card's holder for it.

    A deal that ends as every deal of random play does, every card in a quartet, leaves
    every hand empty and every claim to hold a rank void with its quartet, so only the
    denials are kept as the asks go (:class:`_Denials`). A deal that ends otherwise (at the
    cap on asks) is played again from the same asks by the checked hooks."""
    n = game.num_players
    zones = state.zones
    tables = _denial_tables(n)
    told, undeny = tables.told, tables.undeny
    codes, asked_of, split = _CODES, _ASKED, _SPLIT
    #: a card -> the action code of asking its holder for it (a list: the asks' test)
    holder = [0] * 52
    holders = 0
    for a, name in enumerate(game._hands):
        code = codes[a]
        for c in zones[name]:
            holder[c] = code[c]
        if zones[name]:
            holders |= 1 << a
    turn = _any_turns(n, holders)
    times = turn[1]
    seat = _any_seats(wanted, turn, told)
    history = state.history
    append = history.append
    first = len(history)
    v = state.vars
    denied = tables.start(v.denied) if any(v.denied) else 0
    score = list(v.score)
    #: each seat's quartets laid down, their cards
    laid: list[list[int]] = [[] for _ in range(n)]
    #: as in _play_next
    gots: list[int] = []
    turns: list[tuple[int, int, tuple[int, ...]]] = []
    capped = False
    order0 = nxt
    p0 = p = state.current
    known = state.known
    floor = math.floor
    #: the asker's part (see _any_seats), read again only when another seat asks: its list of
    #: cards changes in place as it gets cards
    cards, at, tl, after = seat[p]
    # one pick an ask, up to the cap on asks (read here: the cap is the game's)
    for x in starmap(pick, repeat((), max(0, rules.MOST_ASKS - v.asked))):
        k = len(cards)
        t, i = split[k][floor(x * times[k])]
        card = cards[i]
        action = at[t][card]
        append(action)
        if holder[card] != action:  # refused: the next holder asks
            denied |= tl[action]
            p = after
            cards, at, tl, after = seat[p]
            continue
        # p gets the card from q, seen by all, and no longer denies holding it; what each
        # holds of the rank is read off the holders of its other three cards
        q = asked_of[action]
        mine = codes[p]
        holder[card] = mine[card]
        known[card] = -1
        denied &= undeny[p][card]
        a, b, c = _OTHERS[card]
        theirs = codes[q]
        if holder[a] == theirs[a] or holder[b] == theirs[b] or holder[c] == theirs[c]:
            insort(wanted[q], card)  # q may now ask for the card it gave
            out = False
        else:  # q has no card of the rank left: nor does it want the others
            left = wanted[q]
            # (found by bisection: list.remove compares from the front)
            del left[bisect_left(left, a)]
            del left[bisect_left(left, b)]
            del left[bisect_left(left, c)]
            out = not left  # q's hand is empty
            if out:
                holders ^= 1 << q
        del cards[i]  # (the card asked for: its place is the pick's)
        gots.append(len(history) << 3 | p)
        if holder[a] == mine[a] and holder[b] == mine[b] and holder[c] == mine[c]:
            r = card % 13  # a quartet, laid down
            laid[p] += _RANK_CARDS[r]
            score[p] += QUARTET_POINTS[r]
            if not cards:  # p's hand is empty
                holders ^= 1 << p
                out = True
        if not out:  # p asks again
            continue
        if holders & (holders - 1) == 0:  # no one left to ask: the deal is over
            break
        # a hand emptied: the turns go round the others
        turn = _any_turns(n, holders)
        seat = _any_seats(wanted, turn, told)
        nxt, times, _at = turn
        if not cards:
            p = nxt[p]
        cards, at, tl, after = seat[p]
        turns.append((len(history), p, nxt))
    else:  # the cap on asks
        capped = True
    if capped or holders:  # (never in random play) the checked hooks know how it ends
        return _replay_checked(game, state, first)
    for a, name in enumerate(game._hands):
        zones[name].clear()
        zones[game._quartets[a]] += laid[a]
    moves = len(history) - first
    v.asked += moves
    v.refused = 0
    v.denied = tables.denied(denied)
    v.holds = (0,) * n
    v.score = tuple(score)
    log = _asks_heard(history, first, p0, order0, gots, turns, True)
    v.asks = (*v.asks, *log)[-asking.LOG_LENGTH :]
    state.current = TERMINAL
    return moves


#: m -> k -> k * m as a float: a seat that may ask m seats for k cards has k * m asks (a pick
#: times a float is the interpreter's own float product, a float times an integer a call, and
#: the same number: the integer is converted exactly)
_TIMES: Final = [[float(k * m) for k in range(53)] for m in range(max(GoFish.players))]
#: k -> x -> divmod(x, k), for x below k times the most seats one may ask (read from a
#: table: // and % of integers are calls, a tuple's items are read by the interpreter itself)
_SPLIT: Final = [
    tuple(divmod(x, k) for x in range(k * (max(GoFish.players) - 1))) if k else ()
    for k in range(53)
]

#: under ask=1, at a table whose seats with cards are known: the next holder after each seat,
#: the asks a seat with cards has for each number of cards it may ask for (:data:`_TIMES`:
#: the same for every such seat, which may ask every other holder), and each seat's action
#: codes of asking each seat it may ask for each card
_Turns = tuple[tuple[int, ...], list[float], tuple[tuple[tuple[int, ...], ...], ...]]


@functools.cache
def _any_turns(n: int, holders: int) -> _Turns:
    """:data:`_Turns` at a table of ``n`` whose seats in ``holders`` (a mask) hold cards (the
    codes from :data:`_CODES`: one object for each code, not a new integer for every ask)."""
    hand = [holders >> a & 1 for a in range(n)]
    at = tuple(tuple(_CODES[b] for b in range(n) if b != a and hand[b]) for a in range(n))
    return _next_holders(hand), _TIMES[holders.bit_count() - 1], at


def _any_seats(
    wanted: list[list[int]], turn: _Turns, told: tuple[tuple[int, ...], ...]
) -> list[tuple[list[int], tuple[tuple[int, ...], ...], tuple[int, ...], int]]:
    """Each seat's part in :func:`_play_any` (see :func:`_any_turns`): the cards it may ask
    for, the action codes of asking each seat it may ask for each card, what a refusal of
    each ask tells and the next holder."""
    nxt, _times, at = turn
    return [(wanted[a], at[a], told[a], nxt[a]) for a in range(len(at))]


def _replay_checked(game: GoFish, state: GameState[GoFishVars], first: int) -> int:
    """Apply the asks a fast playout recorded from ``history[first]`` on by the checked
    hooks, to a state the playout has left as it found it but for the history and the cards
    it showed (which the same asks show again)."""
    history = state.history
    asks = history[first:]
    del history[first:]
    for action in asks:
        history.append(action)
        game._apply_action(state, action)
    return len(asks)


def _write_back(
    game: GoFish,
    state: GameState[GoFishVars],
    hand: list[int],
    laid: list[tuple[int, int]],
    gots: list[int],
    log: list[tuple[int, int, int, int]],
    first: int,
    heard: int,
    score: list[int],
    capped: bool,
    stalled: bool,
) -> None:
    """Write the end of a fast playout back to ``state``: the hands (masks), the quartets
    laid down, the asks that got a card (see :func:`_asks_heard`), the last asks heard, what
    the table has heard, the scores and how the deal ended."""
    zones = state.zones
    history = state.history
    b0, b1, b2, b3, b4, b5, b6 = _BYTE_CARDS
    receivers = {g & 7 for g in gots}
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
    v = state.vars
    moves = len(history) - first
    v.asked += moves
    # the playout ends on an ask that got a card, unless the cap ended it on a refusal
    if not capped:
        v.refused = 0
    elif gots:
        v.refused = len(history) - (gots[-1] >> 3)
    else:
        v.refused += moves
    tables = _heard_tables(game.num_players)
    v.denied = tables.denied(heard)
    v.holds = tables.holds(heard)
    v.score = tuple(score)
    v.stalled = stalled
    v.asks = (*v.asks, *log)[-asking.LOG_LENGTH :]
    state.current = TERMINAL


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
