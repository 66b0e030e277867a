"""Casino's fast random playout, which lists no moves: it makes the same choice from the same
random number as the checked path (:meth:`Casino._legal_actions`, :meth:`Casino._apply_action`)
and writes out only the chosen move.

A hand is a packed count of its values; the legal moves are counted by multiplying it with the
table's packed counts (one product for the captures, one for the builds), the subsets of the
table's number cards reaching each total being the coefficients of the product of
``1 + x**v``. With one set a capture (``several=0``, the default) no table's counts are looked
up (:func:`_play_one_set`): they are kept up to date as cards come and go (a card laid times
``1 + x**v``, a card taken times its inverse series, 16-bit digits), a chosen set of equal
cards is read from the bits of its number and a chosen sum or build found among the subsets by
counting them (:func:`_unrank`), so a table met for the first time costs no more than one met
before. With ``several=1`` the number cards' packed count keys what they capture and add up
to (:func:`_sums_of`, the unions of disjoint sets worked out when first needed).
"""

from __future__ import annotations

import random
from bisect import bisect_left, insort
from collections.abc import Callable, Sequence
from typing import Any, Final

from conjure.games import BUILD, CAPTURE, PAIR, RAISE, GameState, sums_by_total
from conjure_games.casino import (
    CAPTURE_BITS,
    FACE,
    POINTS,
    POINTS_SCORING,
    RIDE_ALONG,
    VALUES,
    Casino,
    CasinoVars,
)

#: card code -> its place in the table's order (value, then code), as ``table_order`` gives
ORDER: Final = tuple(v * 64 + c for c, v in enumerate(VALUES))
#: the first place in that order past the number cards: the pictures lie from here on
FIRST_FACE: Final = FACE * 64
#: card code -> what it adds to the packed count of the table's values (four bits a value)
COUNT_BIT: Final = tuple(1 << 4 * v for v in VALUES)
#: the packed count's bits of the number cards (values 1-10): the key of a table's sums
NUMBER_BITS: Final = (1 << 4 * FACE) - 1
#: bits a total takes in the packed counts of subsets by total (:meth:`Casino._sums_of`)
DIGIT: Final = 24
DIGIT_MASK: Final = (1 << DIGIT) - 1
POLY_BITS: Final = (1 << DIGIT * FACE) - 1  # totals 0-10
#: where a packed product holds the count of captures, and of builds
CAPTURE_SHIFT: Final = DIGIT * 13
BUILD_SHIFT: Final = DIGIT * 20
FACE_SHIFT: Final = 4 * FACE  # the pictures' counts in a table's packed count
#: what the fast path knows of a table of number cards (:meth:`Casino._sums_of`): the
#: captures of a card of each value packed, without pictures on the table and with them; the
#: subsets by total and the cards by value packed for counting builds; the values whose
#: captures are not counted yet; whether a count is too large to pack; the values in order;
#: the cards of each value as a mask; and, when first needed, the subsets' masks by total, the
#: sums each value takes, and the captures that take builds
(T_PLAIN, T_FACES, T_BUILD_VECTOR, T_OPEN, T_LARGE, T_VALUES, T_SAME) = range(7)
(T_EVERY, T_SUMS, T_BUILDS) = range(7, 10)
#: the largest count a packed table may hold, so that a hand's sums stay within a digit
PACKED_MOST: Final = 1 << 20
#: the pictures on a table (the top twelve bits of its packed count) -> what a picture of
#: each rank captures there (the 2**j - 1 sets of its j equals), packed as the capture counts
FACE_CAPTURES: Final = tuple(
    sum(((1 << (faces >> 4 * (r - FACE) & 15)) - 1) << DIGIT * r for r in range(FACE, 14))
    for faces in range(1 << 12)
)

# -- the fast path of the default rules (one set a capture) ------------------------------------
# :meth:`Casino._play_one_set` keeps what it counts up to date card by card instead of looking
# a table up: ``P``, the table's number-card subsets by total (the coefficients of the product
# of ``1 + x**v``, a total to a digit of ONE_DIGIT bits, the empty set as total 0); ``E`` and
# ``F``, what turns ``P`` into the captures of a card of each value (``P + E`` without pictures
# on the table, ``2 * P + F`` with them, every sum coming twice); ``B``, the table's cards of
# each value v at digit 10 + v, so that ``P + B`` counts builds as a table's build vector does.

#: bits of a digit on this path: no count it packs reaches 2**16 (a table of all 40 number
#: cards has at most 1,702 subsets of one total; a hand of four cards adds at most four
#: capture counts of at most 2 * 1,702 + 15, or ten times a table's subsets in its builds),
#: so the products stay shorter than with :data:`DIGIT` (several=1 packs counts of unions)
ONE_DIGIT: Final = 16
ONE_MASK: Final = (1 << ONE_DIGIT) - 1
ONE_POLY: Final = (1 << ONE_DIGIT * FACE) - 1  # totals 0-10
ONE_CAPTURE: Final = ONE_DIGIT * 13
ONE_BUILD: Final = ONE_DIGIT * 20
#: 1 / (1 + x**v) as a series to x**10, packed: ``P`` times it is ``P`` without a card of value
#: v (exact: the digits to x**10 of the product are the counts, the rest lies above the mask)
UNDO: Final = tuple(
    sum((-1) ** k << ONE_DIGIT * k * v for k in range(10 // v + 1)) if 0 < v < FACE else 1
    for v in range(14)
)
#: value v, number m of that value already on the table -> what ``E`` gains by one more:
#: 2**m more sets of equal cards, less the new card alone, which ``P`` counts and is no sum
GROW_E: Final = tuple(
    tuple(((1 << m) - 1 << ONE_DIGIT * v) if 0 < v < FACE else 0 for m in range(8))
    for v in range(14)
)
#: the same for ``F``: 2**m more sets of equal cards, less the card alone counted twice in
#: ``2 * P``; a picture adds 2**m sets of its rank
GROW_F: Final = tuple(
    tuple(
        ((1 << m) - 2 << ONE_DIGIT * v) if v < FACE else (1 << m) << ONE_DIGIT * v for m in range(8)
    )
    for v in range(14)
)
#: value v -> what ``B`` gains by a card of that value
GROW_B: Final = tuple(1 << ONE_DIGIT * (10 + v) if 0 < v < FACE else 0 for v in range(14))


#: the number cards of a table up to a value (its packed count, the higher values' counts
#: left out) -> the products of ``1 + x**v`` over its first j cards, j = 0, 1, …, one fewer
#: than the cards: what :func:`_unrank` walks down
_BEFORE: dict[int, list[int]] = {}
#: a value -> the bits of a packed count of values holding the counts up to it
_UP_TO: Final = tuple((1 << 4 * (v + 1)) - 1 for v in range(14))


def _unrank(tab: Sequence[int], count: int, total: int, k: int, singles: bool) -> int:
    """The mask of the ``k``-th subset of the number cards at the start of ``tab`` (order keys,
    by value; ``count`` the packed count of their values) reaching ``total``, in the order
    :func:`sums_by_total` lists them (``singles``) or :func:`sum_sets` does (two cards or
    more), found without listing them. That order puts the subsets of the first j cards
    first, then those with card j, each of those as the subsets of the first j cards reaching
    the rest, the card alone last; so walking down from the top card, card j is in the subset
    when ``k`` is past the count of the first j cards' subsets reaching what is left (the
    coefficients of their product of ``1 + x**v``, remembered per table in :data:`_BEFORE`).
    The sets of two or more are those of the cards below ``total`` (each card of its value
    came alone, after them)."""
    key = count & _UP_TO[total if singles else total - 1]
    before = _BEFORE.get(key)
    if before is None:
        before = [1]
        p = 1
        rest = key
        v = 0
        while rest:
            v += 1
            rest >>= 4
            for _ in range(rest & 15):
                p = (p + (p << ONE_DIGIT * v)) & ONE_POLY
                before.append(p)
        before.pop()  # (the product over them all is not needed)
        if len(_BEFORE) >= 100_000:
            _BEFORE.clear()
        _BEFORE[key] = before
    j = len(before) - 1
    t = total
    mask = 0
    while t:
        n = before[j] >> ONE_DIGIT * t & ONE_MASK
        if k < n:
            j -= 1
            continue
        k -= n
        mask |= 1 << j
        t -= tab[j] >> 6
        j -= 1
    return mask


def _equal_mask(tab: Sequence[int], v: int, m: int, bits: int, r: int) -> int:
    """The set of equal items numbered ``r`` (from 1, in the order of the sorted submasks):
    the low ``m`` bits of ``r`` pick among the ``m`` loose cards of value ``v``, the rest
    among the builds at ``bits``."""
    mask = (r & (1 << m) - 1) << bisect_left(tab, v << 6)
    r >>= m
    if r:
        low = bits & -bits
        if r & 1:
            mask |= low
        if r & 2:
            mask |= bits ^ low
    return mask


def _build_bits(bv: Sequence[int], n_loose: int, v: int) -> int:
    """The positions of the builds of value ``v`` (after the ``n_loose`` loose cards, player
    1's first) as a mask; ``bv`` holds each player's build value, 0 for none."""
    bits = 0
    at = n_loose
    if bv[0]:
        if bv[0] == v:
            bits = 1 << at
        at += 1
    if bv[1] and bv[1] == v:
        bits |= 1 << at
    return bits


def _pick_one_set(
    tab: Sequence[int],
    hand: Sequence[int],
    counts: int,
    count: int,
    poly: int,
    i: int,
    faces: bool,
    bv: Sequence[int],
) -> tuple[int, int]:
    """``(card, mask)`` of the ``i``-th capture of ``hand`` in the order of
    :meth:`Casino._legal_actions` (one set a capture): ``counts`` the table's packed capture
    counts by value without builds, ``count`` its packed count of values, ``poly`` its
    subsets by total, ``bv`` the values of the builds after its loose cards."""
    build_values = (1 << bv[0] | 1 << bv[1]) & ~1
    for c in hand:
        v = VALUES[c]
        m = count >> 4 * v & 15
        if build_values >> v & 1:  # the builds of its value may be taken, alone or together
            bits = _build_bits(bv, len(tab), v)
            every = 1 << m + bits.bit_count()
            n_eq = every - 1 + (every - (1 << m) if faces else 0)
            size = n_eq + ((poly >> ONE_DIGIT * v & ONE_MASK) - m) * (2 if faces else 1)
        else:
            bits = 0
            n_eq = (1 << m) - 1
            size = counts >> ONE_DIGIT * v & ONE_MASK
        if i >= size:
            i -= size
            continue
        if i < n_eq:
            loose = (1 << m) - 1
            if faces and i >= loose:  # a build taken: with the pictures too, next
                j = i - loose
                mask = _equal_mask(tab, v, m, bits, (1 << m) + (j >> 1))
                return c, mask | RIDE_ALONG if j & 1 else mask
            return c, _equal_mask(tab, v, m, bits, i + 1)
        i -= n_eq
        if faces:
            mask = _unrank(tab, count, v, i >> 1, False)
            return c, mask | RIDE_ALONG if i & 1 else mask
        return c, _unrank(tab, count, v, i, False)
    raise AssertionError("no such capture")


def _pick_build_one_set(
    tab: Sequence[int], hand: Sequence[int], count: int, poly: int, i: int, raised: int, at: int
) -> tuple[int, int, int]:
    """``(card, kind, mask)`` of the ``i``-th build, pair build or raise of ``hand`` in the
    order of :func:`build_actions`, counted from the table's subsets by total ``poly`` and
    its packed count of values ``count``, only the chosen one written out."""
    held = [0] * 14
    for c in hand:
        held[VALUES[c]] += 1
    kinds = {VALUES[c] for c in hand if VALUES[c] <= 10}  # (in the order build_actions meets)
    for c in hand:
        v = VALUES[c]
        if v > 10:
            continue
        held[v] -= 1
        for h in kinds:
            if h > v and held[h]:
                n = poly >> ONE_DIGIT * (h - v) & ONE_MASK
                if i < n:
                    return c, BUILD, _unrank(tab, count, h - v, i, True)
                i -= n
        if held[v]:
            n = count >> 4 * v & 15
            if i < n:
                return c, PAIR, 1 << bisect_left(tab, v << 6) + i
            i -= n
        if raised + v <= 10 and held[raised + v]:
            if not i:
                return c, RAISE, 1 << at
            i -= 1
        held[v] += 1
    raise AssertionError("no such build")


#: a hand's packed count (:data:`COUNT_BIT`) -> :func:`_hand_vectors` of it
_HANDS_SEEN: dict[int, tuple[int, int, tuple[int, ...], int, int]] = {}


def _hand_vectors(
    count: int,
    digit: int = DIGIT,
    seen: dict[int, tuple[int, int, tuple[int, ...], int, int]] = _HANDS_SEEN,
) -> tuple[int, int, tuple[int, ...], int, int]:
    """A hand as the fast path counts its moves, from the packed count of its values, with
    a digit of ``digit`` bits a term (:data:`DIGIT`; :data:`ONE_DIGIT`, remembered in
    ``seen``): ``(how many of each value v held (digit 13 - v), for each difference d = 1-9
    how many number cards have a higher value d above them in the hand (digit 20 - d) and
    for each number value v held twice or more how many (digit 10 - v),
    those differences again as a tuple, the values held as bits, the pictures held)``. Times
    a table's packed capture counts (:meth:`Casino._sums_of`), the first has the hand's
    captures as digit 13; the second times the table's subsets by total and cards by value
    has its builds and pair builds as digit 20; the differences give the raises of a build
    of value d. Remembered."""
    held = [count >> 4 * v & 15 for v in range(14)]
    captures = sum(held[v] << digit * (13 - v) for v in range(1, 14))
    lags = [0] * FACE
    for d in range(1, 10):
        lags[d] = sum(held[v] for v in range(1, FACE - d) if held[v + d])
    builds = sum(lags[d] << digit * (20 - d) for d in range(1, 10))
    builds += sum(held[v] << digit * (10 - v) for v in range(1, FACE) if held[v] >= 2)
    bits = sum(1 << v for v in range(14) if held[v])
    found = seen[count] = (captures, builds, tuple(lags), bits, count >> 4 * FACE)
    return found


#: a hand's packed count -> :func:`_hand_vectors` of it in digits of :data:`ONE_DIGIT` bits
_HANDS_ONE_SET: dict[int, tuple[int, int, tuple[int, ...], int, int]] = {}


# -- the fast path of random playouts ---------------------------------------------------------


def _sums_of(game: Casino, count: int) -> list[Any]:
    """What the fast path needs of the number cards on a table, from the packed count of
    their values (:data:`COUNT_BIT`), remembered (indexed by the ``T_`` constants): the
    number of captures of a card of each value v, as the digit v (of :data:`DIGIT` bits)
    of a packed integer, without pictures on the table and with them; the subsets
    reaching each total t (digit t) and the table's cards of each value v (digit 10 + v),
    for counting builds. The subsets are counted as the coefficients of the product of
    ``1 + x**v`` over the cards and listed only when a move needs them; with ``several=1``
    a value whose sums can combine is counted when a hand first holds it."""
    sizes = 1
    values: list[int] = []
    same = [0] * FACE
    plain = faces = builds = 0
    for v in range(1, FACE):
        m = count >> 4 * v & 15
        if m:
            same[v] = ((1 << m) - 1) << len(values)
            values.extend([v] * m)
            for _ in range(m):
                sizes = (sizes + (sizes << DIGIT * v)) & POLY_BITS
            # 2**m - 1 sets of equal cards, counted once each among the subsets
            extra = (1 << m) - 1 - m
            plain += extra << DIGIT * v
            faces += (extra - m) << DIGIT * v  # sums come twice: with the pictures too
            builds += m << DIGIT * (10 + v)
    sizes -= 1  # not the empty set
    plain += sizes
    faces += 2 * sizes
    open_ = 0
    if game.option_values["several"]:
        for v in range(1, FACE):
            if (sizes >> DIGIT * v & DIGIT_MASK) > (count >> 4 * v & 15):
                open_ |= 1 << v  # sums: counted with the sets they combine with
                plain -= (plain >> DIGIT * v & DIGIT_MASK) << DIGIT * v
                faces -= (faces >> DIGIT * v & DIGIT_MASK) << DIGIT * v
    info = [plain, faces, sizes + builds, open_, False, tuple(values), same, None, {}, {}]
    tables = game._fast_tables
    if len(tables) > 100_000:
        tables.clear()
    tables[count] = info
    return info


def _every(game: Casino, info: list[Any]) -> list[list[int]]:
    """The masks of the table's number-card subsets reaching each total, worked out
    once."""
    every: list[list[int]] | None = info[T_EVERY]
    if every is None:
        every = info[T_EVERY] = sums_by_total(info[T_VALUES], 10)
    return every


def _sums_part(game: Casino, info: list[Any], v: int) -> tuple[int, ...]:
    """The captures of a card of number value ``v`` that take a sum (with ``several=1``,
    together with other sets), no builds on the table, in the order of
    :meth:`_legal_actions`; counted if they were not."""
    found: tuple[int, ...] | None = info[T_SUMS].get(v)
    if found is None:
        sums = [m for m in _every(game, info)[v] if m & (m - 1)]
        same = info[T_SAME][v]
        if game.option_values["several"] and sums:
            found = game.rules.combine(same, sums)[1]
        else:
            found = tuple(sums)
        info[T_SUMS][v] = found
        if info[T_OPEN] >> v & 1:
            info[T_OPEN] ^= 1 << v
            eq = (1 << same.bit_count()) - 1
            info[T_PLAIN] += eq + len(found) << DIGIT * v
            info[T_FACES] += eq + 2 * len(found) << DIGIT * v
            if eq + 2 * len(found) >= PACKED_MOST:
                info[T_LARGE] = True
    return found


def _with_builds(game: Casino, info: list[Any], v: int, bits: int, faces: int) -> tuple[int, ...]:
    """The captures (action bits without the card) of a card of value ``v`` when builds of
    that value lie at the positions in ``bits``, as :meth:`_legal_actions` lists them."""
    key = (v, bits, faces)
    found: tuple[int, ...] | None = info[T_BUILDS].get(key)
    if found is None:
        equal = info[T_SAME][v] | bits
        sums = [m for m in _every(game, info)[v] if m & (m - 1)]
        if not game.option_values["several"] and not equal & (equal - 1):
            eq: tuple[int, ...] = (equal,)
            sums2 = tuple(sums)
        else:
            eq, sums2 = game.rules.combine(equal, sums)
        out = []
        for m in eq:
            out.append(CAPTURE_BITS | m << 9)
            if faces and m & bits:
                out.append(CAPTURE_BITS | (m | RIDE_ALONG) << 9)
        for m in sums2:
            out.append(CAPTURE_BITS | m << 9)
            if faces:
                out.append(CAPTURE_BITS | (m | RIDE_ALONG) << 9)
        found = info[T_BUILDS][key] = tuple(out)
    return found


def _pick_capture(
    game: Casino,
    info: list[Any],
    hand: Sequence[int],
    counts: int,
    count: int,
    i: int,
    faces: bool,
    bv: Sequence[int],
    n_loose: int,
) -> tuple[int, int]:
    """``(card, mask)`` of the ``i``-th capture of ``hand`` in the order of
    :meth:`_legal_actions`, from the table's packed capture counts ``counts`` (no builds
    counted) and its packed count of values ``count``; ``bv`` the values of the builds
    on the table, after its ``n_loose`` loose cards."""
    build_values = (1 << bv[0] | 1 << bv[1]) & ~1
    for c in hand:
        v = VALUES[c]
        if build_values >> v & 1:
            listed = _with_builds(game, info, v, _build_bits(bv, n_loose, v), faces)
            if i < len(listed):
                return c, listed[i] >> 9
            i -= len(listed)
            continue
        size = counts >> DIGIT * v & DIGIT_MASK
        if i >= size:
            i -= size
            continue
        eq = (1 << (count >> 4 * v & 15)) - 1
        if i < eq:  # the cards of a value lie side by side: any of them
            if v < FACE:
                same = info[T_SAME][v]
                return c, (i + 1) * (same & -same)
            # the pictures come after the number cards, rank by rank
            start = sum(count >> 4 * u & 15 for u in range(1, v))
            return c, i + 1 << start
        sums = _sums_part(game, info, v)
        i -= eq
        if faces:
            return c, sums[i >> 1] | (RIDE_ALONG if i & 1 else 0)
        return c, sums[i]
    raise AssertionError("no such capture")


def _pick_build(
    game: Casino, info: list[Any], hand: Sequence[int], i: int, raised: int, at: int
) -> tuple[int, int, int]:
    """``(card, kind, mask)`` of the ``i``-th build, pair build or raise of ``hand`` in the
    order of :func:`build_actions`, counting each card's moves from the table's packed
    subsets by total and writing out only the chosen one."""
    sizes = info[T_BUILD_VECTOR]
    held = [0] * 14
    for c in hand:
        held[VALUES[c]] += 1
    kinds = {VALUES[c] for c in hand if VALUES[c] <= 10}
    for c in hand:
        v = VALUES[c]
        if v > 10:
            continue
        held[v] -= 1
        for h in kinds:
            if h > v and held[h]:
                n = sizes >> DIGIT * (h - v) & DIGIT_MASK
                if i < n:
                    return c, BUILD, _every(game, info)[h - v][i]
                i -= n
        if held[v]:
            same = info[T_SAME][v]
            n = same.bit_count()
            if i < n:
                for _ in range(i):
                    same &= same - 1
                return c, PAIR, same & -same
            i -= n
        if raised + v <= 10 and held[raised + v]:
            if not i:
                return c, RAISE, 1 << at
            i -= 1
        held[v] += 1
    raise AssertionError("no such build")


def _with_builds_on(
    game: Casino,
    info: list[Any],
    hand: Sequence[int],
    held: tuple[int, int, tuple[int, ...], int, int],
    counts: int,
    count: int,
    pick: Callable[[], float],
    faces: bool,
    me: int,
    bv: Sequence[int],
    bp: Sequence[int],
    n_loose: int,
) -> tuple[int, int, int]:
    """``(card, kind, mask)`` of the move chosen by ``pick`` among the legal moves of
    player ``me`` holding ``hand`` (``held``: :func:`_hand_vectors`) with builds on the
    table (see :meth:`_pick_capture`)."""
    at0 = n_loose if bv[0] else -1
    at1 = n_loose + (1 if bv[0] else 0) if bv[1] else -1
    own = at1 if me else at0
    if own >= 0:
        mine = bv[me]
        listed = _with_builds(game, info, mine, _build_bits(bv, n_loose, mine), faces)
        takes = [c | a for c in hand if VALUES[c] == mine for a in listed if a >> 9 >> own & 1]
        if takes:
            action = takes[int(pick() * len(takes))]
            return action & 63, CAPTURE, action >> 9
        return hand[int(pick() * len(hand))], 0, 0
    n_captures = held[0] * counts >> CAPTURE_SHIFT & DIGIT_MASK
    taken = held[3] & (1 << bv[0] | 1 << bv[1]) & ~1
    for v in (bv[0], bv[1]) if taken else ():
        if taken >> v & 1:  # builds taken by cards of their value
            taken ^= 1 << v
            listed = _with_builds(game, info, v, _build_bits(bv, n_loose, v), faces)
            before = counts >> DIGIT * v & DIGIT_MASK
            n_captures += (held[0] >> DIGIT * (13 - v) & DIGIT_MASK) * (len(listed) - before)
    other_at = at0 if me else at1
    n_hand = len(hand)
    base = n_captures + n_hand
    n = base
    raised = 0
    if n_hand > 2 or (n_hand == 2 and (other_at >= 0 or not held[4])):
        n += held[1] * info[T_BUILD_VECTOR] >> BUILD_SHIFT & DIGIT_MASK
        if other_at >= 0 and not bp[1 - me]:
            raised = bv[1 - me]
            n += held[2][raised]
    i = int(pick() * n)
    if i < n_captures:
        card, mask = _pick_capture(game, info, hand, counts, count, i, faces, bv, n_loose)
        return card, CAPTURE, mask
    if i < base:
        return hand[i - n_captures], 0, 0
    return _pick_build(game, info, hand, i - base, raised or 99, other_at)


def _one_move(game: Casino, state: GameState[CasinoVars], pick: Callable[[], float]) -> int:
    """One move by the checked path, for a position the fast path does not read."""
    actions = game._legal_actions(state)
    action = actions[int(pick() * len(actions))]
    state.history.append(action)
    game._apply_action(state, action)
    return 1


def _one_set_with_builds(
    game: Casino,
    tab: Sequence[int],
    hand: Sequence[int],
    held: tuple[int, int, tuple[int, ...], int, int],
    counts: int,
    count: int,
    poly: int,
    vector: int,
    pick: Callable[[], float],
    me: int,
    bv: Sequence[int],
    bp: Sequence[int],
) -> tuple[int, int, int]:
    """``(card, kind, mask)`` of the move chosen by ``pick`` among the legal moves of
    player ``me`` holding ``hand`` (``held``: :func:`_hand_vectors`) with builds on the
    table and one set a capture, counted as :meth:`_with_builds_on` counts them
    (``vector``: the table's build vector, ``P + B``)."""
    n_loose = len(tab)
    faces = count > NUMBER_BITS
    b0, b1 = bv
    at1 = n_loose + 1 if b0 else n_loose
    if b1 if me else b0:  # the owner takes his build: the sets of equal items holding it
        mine = b1 if me else b0
        bits = (1 << n_loose if b0 == mine else 0) | (1 << at1 if b1 == mine else 0)
        m = count >> 4 * mine & 15
        # its place among the equal items: after the loose ones and player 1's build
        at = m + 1 if me and b0 == mine else m
        per = 1 << m + bits.bit_count() - 1
        if faces:  # each with the pictures too, next
            per <<= 1
        takers = held[0] >> ONE_DIGIT * (13 - mine) & ONE_MASK
        if not takers:
            return hand[int(pick() * len(hand))], 0, 0
        i = int(pick() * (takers * per))
        k = i // per
        for card in hand:
            if VALUES[card] == mine:
                if not k:
                    break
                k -= 1
        j = i % per
        ride = 0
        if faces:
            ride = RIDE_ALONG if j & 1 else 0
            j >>= 1
        r = j >> at << at + 1 | 1 << at | j & (1 << at) - 1
        return card, CAPTURE, _equal_mask(tab, mine, m, bits, r) | ride
    n_captures = held[0] * counts >> ONE_CAPTURE & ONE_MASK
    taken = held[3] & (1 << b0 | 1 << b1) & ~1
    for v in (b0, b1) if taken else ():
        if taken >> v & 1:  # builds taken by cards of their value, alone or with more
            taken ^= 1 << v
            m = count >> 4 * v & 15
            more = (1 << m + (b0 == v) + (b1 == v)) - (1 << m)
            if faces:
                more *= 2
            n_captures += (held[0] >> ONE_DIGIT * (13 - v) & ONE_MASK) * more
    n_hand = len(hand)
    base = n_captures + n_hand
    n = base
    raised = 0
    other = b0 if me else b1
    if n_hand > 2 or (n_hand == 2 and (other or not held[4])):
        n += held[1] * vector >> ONE_BUILD & ONE_MASK
        if other and not bp[1 - me]:
            raised = other
            n += held[2][raised]
    i = int(pick() * n)
    if i < n_captures:
        card, mask = _pick_one_set(tab, hand, counts, count, poly, i, faces, bv)
        return card, CAPTURE, mask
    if i < base:
        return hand[i - n_captures], 0, 0
    at = n_loose if me else at1  # where the other's build lies
    return _pick_build_one_set(tab, hand, count, poly, i - base, raised or 99, at)


def _play_one_set(game: Casino, state: GameState[CasinoVars], pick: Callable[[], float]) -> int:
    """:meth:`_play_random` with one set a capture (``several=0``): the table's counts are
    kept up to date card by card (``P``, ``E``, ``F``, ``B``: see :data:`UNDO`), so no
    table is ever looked up or worked out, and a chosen capture or build is found among
    the subsets by counting them (:func:`_unrank`)."""
    z = state.zones
    v_ = state.vars
    table = z["table"]
    tab = [ORDER[c] for c in table]
    hands = (z["hand0"], z["hand1"])
    bz = (z["build0"], z["build1"])
    bv = [v_.builds[0][0] if bz[0] else 0, v_.builds[1][0] if bz[1] else 0]
    bp = [v_.builds[0][1] if bz[0] else 0, v_.builds[1][1] if bz[1] else 0]
    if (bz[0] and not bv[0]) or (bz[1] and not bv[1]) or tab != sorted(tab):
        return _one_move(game, state, pick)
    won = (z["won0"], z["won1"])
    stock = z["stock"]
    count = 0
    poly = 1
    e_ = f_ = b_ = 0
    for x in tab:
        v = x >> 6
        m = count >> 4 * v & 15
        count += 1 << 4 * v
        if v < FACE:
            poly = (poly + (poly << ONE_DIGIT * v)) & ONE_POLY
            e_ += GROW_E[v][m]
            b_ += GROW_B[v]
        f_ += GROW_F[v][m]
    held_counts = [0, 0]
    for p in (0, 1):
        for c in hands[p]:
            held_counts[p] += COUNT_BIT[c]
    me = state.current
    last = v_.last
    score = list(v_.score)
    points = game.option_values["scoring"] == POINTS_SCORING
    shown: list[int] = []
    history = state.history
    hands_seen = _HANDS_ONE_SET
    values = VALUES
    worth = POINTS
    grow_e, grow_f, grow_b, undo = GROW_E, GROW_F, GROW_B, UNDO
    start = len(history)
    over = False
    while True:
        hand = hands[me]
        if not hand:  # both hands played out (the player to move empties his last)
            if hands[1 - me]:  # not a position of this game: the checked path says so
                if len(history) == start:
                    return _one_move(game, state, pick)
                break
            if not stock:
                over = True
                break
            first = 1 - v_.dealer
            for p, dealt in ((first, stock[0:8:2]), (1 - first, stock[1:8:2])):
                hands[p].extend(dealt)
                for c in dealt:
                    held_counts[p] += COUNT_BIT[c]
            stock = stock[8:]
            me = first
            continue
        hk = held_counts[me]
        held = hands_seen.get(hk) or _hand_vectors(hk, ONE_DIGIT, hands_seen)
        counts = poly + poly + f_ if count > NUMBER_BITS else poly + e_
        if not (bv[0] or bv[1]):
            n_captures = held[0] * counts >> ONE_CAPTURE & ONE_MASK
            n_hand = len(hand)
            base = n_captures + n_hand
            if n_hand > 2 or (n_hand == 2 and not held[4]):
                builds = held[1] * (poly + b_) >> ONE_BUILD & ONE_MASK
                i = int(pick() * (base + builds))
            else:
                i = int(pick() * base)
            if i >= n_captures:
                if i < base:  # a card laid on the table: most moves, made here
                    card = hand.pop(i - n_captures)
                    history.append(card)
                    held_counts[me] = hk - COUNT_BIT[card]
                    x = ORDER[card]
                    insort(tab, x)
                    v = x >> 6
                    m = count >> 4 * v & 15
                    count += 1 << 4 * v
                    if v < FACE:
                        poly = (poly + (poly << ONE_DIGIT * v)) & ONE_POLY
                        e_ += grow_e[v][m]
                        b_ += grow_b[v]
                    f_ += grow_f[v][m]
                    me = 1 - me
                    continue
                card, kind, mask = _pick_build_one_set(tab, hand, count, poly, i - base, 99, -1)
            else:  # a capture: the card first, then its sets (as _pick_one_set)
                kind = CAPTURE
                for card in hand:
                    v = values[card]
                    size = counts >> ONE_DIGIT * v & ONE_MASK
                    if i < size:
                        break
                    i -= size
                m = (1 << (count >> 4 * v & 15)) - 1  # the sets of equal cards
                if i < m:
                    mask = i + 1 << bisect_left(tab, v << 6)
                elif count > NUMBER_BITS:  # each sum with the pictures too, next
                    i -= m
                    mask = _unrank(tab, count, v, i >> 1, False) | (RIDE_ALONG if i & 1 else 0)
                else:
                    mask = _unrank(tab, count, v, i - m, False)
        else:
            card, kind, mask = _one_set_with_builds(
                game, tab, hand, held, counts, count, poly, poly + b_, pick, me, bv, bp
            )
        history.append(card | kind << 6 | mask << 9)
        hand.remove(card)
        held_counts[me] = hk - COUNT_BIT[card]
        n_loose = len(tab)
        if kind == 0:
            x = ORDER[card]
            insort(tab, x)
            v = x >> 6
            m = count >> 4 * v & 15
            count += 1 << 4 * v
            if v < FACE:
                poly = (poly + (poly << ONE_DIGIT * v)) & ONE_POLY
                e_ += grow_e[v][m]
                b_ += grow_b[v]
            f_ += grow_f[v][m]
            me = 1 - me
            continue
        if kind == RAISE:
            other = 1 - me
            bz[me].extend(bz[other])
            bz[other].clear()
            bv[me] = bv[other] + values[card]
            bp[me] = 0
            bv[other] = bp[other] = 0
            bz[me].append(card)
            me = 1 - me
            continue
        if kind == CAPTURE:
            if mask & RIDE_ALONG:
                k = bisect_left(tab, FIRST_FACE)
                mask ^= RIDE_ALONG ^ ((1 << n_loose) - 1) ^ ((1 << k) - 1)
            gained = worth[card]
            gets = won[me]
            taken_builds = mask >> n_loose
            if taken_builds:
                at = 0
                for p in (0, 1):
                    if bv[p]:
                        if taken_builds >> at & 1:
                            for c in bz[p]:
                                gained += worth[c]
                            gets.extend(bz[p])
                            bz[p].clear()
                            bv[p] = bp[p] = 0
                        at += 1
                mask &= (1 << n_loose) - 1
            gets.append(card)
            last = me
        else:
            gets = bz[me]
            gained = 0
        if mask == (1 << n_loose) - 1:  # the whole table
            for x in tab:
                gets.append(x & 63)
                gained += worth[x & 63]
            tab.clear()
            count = e_ = f_ = b_ = 0
            poly = 1
        else:
            k = 0  # the cards taken so far, lowest first: the next lies k places lower
            while mask:
                low = mask & -mask
                x = tab.pop(low.bit_length() - 1 - k)
                k += 1
                gets.append(x & 63)
                gained += worth[x & 63]
                v = x >> 6
                count -= 1 << 4 * v
                m = count >> 4 * v & 15
                if v < FACE:
                    poly = poly * undo[v] & ONE_POLY
                    e_ -= grow_e[v][m]
                    b_ -= grow_b[v]
                f_ -= grow_f[v][m]
                mask ^= low
        if kind == CAPTURE:
            if points and gained:
                score[me] += gained
        else:  # a build of the loose cards taken and the card played
            gets.append(card)
            if kind == BUILD:  # (number cards: their points are their values)
                bv[me], bp[me] = gained + values[card], 0
            else:
                v = values[card]
                bv[me], bp[me] = v, 1
                shown.append(min(c for c in hand if values[c] == v))
        me = 1 - me
    table[:] = [x & 63 for x in tab]
    z["stock"] = stock
    v_.builds = ((bv[0], bp[0]), (bv[1], bp[1]))
    v_.last = last
    if points:
        v_.score = tuple(score)
    for c in shown:
        state.reveal(c)
    state.current = me
    if over:
        game.end_deal(state)
    return len(history) - start


def play_random(
    game: Casino, state: GameState[CasinoVars], pick: Callable[[], float], chance: random.Random
) -> int:
    """Random play to the end of the deal (see :meth:`Game._play_random`) without listing
    the moves: the table is a sorted list of order keys and a packed count of its values,
    which keys what its number cards take and sum to (:meth:`_sums_of`); a hand is a
    packed count too (:func:`_hand_vectors`); the moves are counted by multiplying the two
    (one product for the captures, one for the builds) and only the chosen move is written
    out. The same choices from the same picks as :meth:`_legal_actions`, the state written
    back at the end. A table too large to pack is left to the checked path. With one set
    a capture (the default) :meth:`_play_one_set` keeps the counts up to date instead."""
    if not game.option_values["several"]:
        return _play_one_set(game, state, pick)
    z = state.zones
    v_ = state.vars
    table = z["table"]
    tab = [ORDER[c] for c in table]
    hands = (z["hand0"], z["hand1"])
    bz = (z["build0"], z["build1"])
    bv = [v_.builds[0][0] if bz[0] else 0, v_.builds[1][0] if bz[1] else 0]
    bp = [v_.builds[0][1] if bz[0] else 0, v_.builds[1][1] if bz[1] else 0]
    if (bz[0] and not bv[0]) or (bz[1] and not bv[1]) or tab != sorted(tab):
        return _one_move(game, state, pick)
    won = (z["won0"], z["won1"])
    stock = z["stock"]
    count = 0
    for c in table:
        count += COUNT_BIT[c]
    held_counts = [0, 0]
    for p in (0, 1):
        for c in hands[p]:
            held_counts[p] += COUNT_BIT[c]
    me = state.current
    last = v_.last
    score = list(v_.score)
    points = game.option_values["scoring"] == POINTS_SCORING
    shown: list[int] = []
    history = state.history
    tables = game._fast_tables
    hands_seen = _HANDS_SEEN
    several = game.option_values["several"]
    face_captures = FACE_CAPTURES
    values = VALUES
    worth = POINTS
    start = len(history)
    over = False
    while True:
        hand = hands[me]
        if not hand:  # both hands played out (the player to move empties his last)
            if hands[1 - me]:  # not a position of this game: the checked path says so
                if len(history) == start:
                    return _one_move(game, state, pick)
                break
            if not stock:
                over = True
                break
            first = 1 - v_.dealer
            for p, dealt in ((first, stock[0:8:2]), (1 - first, stock[1:8:2])):
                hands[p].extend(dealt)
                for c in dealt:
                    held_counts[p] += COUNT_BIT[c]
            stock = stock[8:]
            me = first
            continue
        info = tables.get(count & NUMBER_BITS) or _sums_of(game, count & NUMBER_BITS)
        hk = held_counts[me]
        held = hands_seen.get(hk) or _hand_vectors(hk)
        if several:
            unknown = info[T_OPEN] & held[3]
            if unknown:
                for v in range(1, FACE):
                    if unknown >> v & 1:
                        _sums_part(game, info, v)
            if info[T_LARGE]:
                if len(history) == start:
                    return _one_move(game, state, pick)
                break
        if count > NUMBER_BITS:
            faces = True
            counts = info[T_FACES] + face_captures[count >> FACE_SHIFT]
        else:
            faces = False
            counts = info[T_PLAIN]
        kind = mask = 0
        if not (bv[0] or bv[1]):
            n_captures = held[0] * counts >> CAPTURE_SHIFT & DIGIT_MASK
            n_hand = len(hand)
            base = n_captures + n_hand
            if n_hand > 2 or (n_hand == 2 and not held[4]):
                builds = held[1] * info[T_BUILD_VECTOR] >> BUILD_SHIFT & DIGIT_MASK
                i = int(pick() * (base + builds))
            else:
                i = int(pick() * base)
            if i >= n_captures:
                if i < base:  # a card laid on the table: most moves, made here
                    card = hand.pop(i - n_captures)
                    history.append(card)
                    held_counts[me] = hk - COUNT_BIT[card]
                    insort(tab, ORDER[card])
                    count += COUNT_BIT[card]
                    me = 1 - me
                    continue
                card, kind, mask = _pick_build(game, info, hand, i - base, 99, -1)
            else:
                kind = CAPTURE
                card, mask = _pick_capture(game, info, hand, counts, count, i, faces, bv, 0)
        else:
            card, kind, mask = _with_builds_on(
                game, info, hand, held, counts, count, pick, faces, me, bv, bp, len(tab)
            )
        history.append(card | kind << 6 | mask << 9)
        hand.remove(card)
        held_counts[me] = hk - COUNT_BIT[card]
        n_loose = len(tab)
        if kind == CAPTURE:
            if mask & RIDE_ALONG:
                k = bisect_left(tab, FIRST_FACE)
                mask ^= RIDE_ALONG ^ ((1 << n_loose) - 1) ^ ((1 << k) - 1)
            gained = 0
            gets = won[me]
            taken_builds = mask >> n_loose
            if taken_builds:
                at = 0
                for p in (0, 1):
                    if bv[p]:
                        if taken_builds >> at & 1:
                            for c in bz[p]:
                                gained += worth[c]
                            gets.extend(bz[p])
                            bz[p].clear()
                            bv[p] = bp[p] = 0
                        at += 1
                mask &= (1 << n_loose) - 1
            gets.append(card)
            gained += worth[card]
            if mask == (1 << n_loose) - 1:
                for x in tab:
                    c = x & 63
                    gets.append(c)
                    gained += worth[c]
                tab.clear()
                count = 0
            else:
                gone = []
                while mask:
                    low = mask & -mask
                    at = low.bit_length() - 1
                    c = tab[at] & 63
                    gets.append(c)
                    gained += worth[c]
                    count -= COUNT_BIT[c]
                    gone.append(at)
                    mask ^= low
                for at in reversed(gone):
                    del tab[at]
            last = me
            if points and gained:
                score[me] += gained
        elif kind == 0:
            insort(tab, ORDER[card])
            count += COUNT_BIT[card]
        elif kind == RAISE:
            other = 1 - me
            bz[me].extend(bz[other])
            bz[other].clear()
            bv[me] = bv[other] + values[card]
            bp[me] = 0
            bv[other] = bp[other] = 0
            bz[me].append(card)
        else:
            mine_cards = bz[me]
            gone = []
            total = values[card]
            while mask:
                low = mask & -mask
                at = low.bit_length() - 1
                c = tab[at] & 63
                mine_cards.append(c)
                total += values[c]
                count -= COUNT_BIT[c]
                gone.append(at)
                mask ^= low
            for at in reversed(gone):
                del tab[at]
            mine_cards.append(card)
            if kind == BUILD:
                bv[me], bp[me] = total, 0
            else:
                v = values[card]
                bv[me], bp[me] = v, 1
                shown.append(min(c for c in hand if values[c] == v))
        me = 1 - me
    table[:] = [x & 63 for x in tab]
    z["stock"] = stock
    v_.builds = ((bv[0], bp[0]), (bv[1], bp[1]))
    v_.last = last
    if points:
        v_.score = tuple(score)
    for c in shown:
        state.reveal(c)
    state.current = me
    if over:
        game.end_deal(state)
    return len(history) - start


# -- the end of a deal ------------------------------------------------------------------------
