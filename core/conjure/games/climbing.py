"""Climbing combinations: the plays of the Chinese shedding games (跑得快, 争上游), recognised,
compared and listed fast.

A play is a multiset of ranks, packed into one integer: three bits a rank, the count of rank
``r`` at bits ``3r``. Suits never decide a comparison in these games ("牌的大小不分花色高低"), so
a play is named by its ranks alone and the game picks the cards; a hand of 17 offers a few
hundred plays instead of the tens of thousands its suit choices would make.

Ranks climb 3 4 5 6 7 8 9 10 J Q K A 2 (indices 0-12), then the little and the big joker (13,
14). A straight runs on its own line, on which A and 2 may also stand below 3 (A2345 is the
lowest straight) but never above A (no JQKA2).

A combination is a :class:`Shape` (kind, length, kickers, top). Two plays compare only with the
same kind, length and kickers, by their top; a bomb beats any play that is not a bomb, and a
higher bomb beats a lower one.

>>> shape_of(pack_ranks("3 3 3 4 5")).name
'triple with two singles (3)'
>>> beats(pack_ranks("4 4 4 9 9"), pack_ranks("3 3 3 K K"))
True
>>> beats(pack_ranks("4 4 4 9 9"), pack_ranks("3 3 3 K A"))
False
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import combinations
from typing import Final, NamedTuple

#: the rank labels, lowest first
RANK_NAMES: Final = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "LJ", "BJ")
NUM_RANKS: Final = 15
ACE: Final = 11
TWO: Final = 12
#: consecutive pairs and triples run from 3 to A
SEQ_TOP: Final = ACE

SINGLE: Final = 1
PAIR: Final = 2
PAIRS: Final = 3
TRIPLES: Final = 4
STRAIGHT: Final = 5
BOMB: Final = 6

#: the kickers of triples
BARE: Final = 0
SINGLES: Final = 1
PAIRED: Final = 2

#: the straight line: position -> rank (A and 2 low at -2, -1; then 3 … A)
_LINE: Final = {-2: ACE, -1: TWO, **{p: p for p in range(ACE + 1)}}


class Shape(NamedTuple):
    """What a play is: ``kind``, ``length`` (cards of a single/pair/bomb; pairs or triples in
    a sequence; cards of a straight), ``kick`` (for triples: bare, singles or pairs) and
    ``top`` (the rank, or straight position, that compares)."""

    kind: int
    length: int
    kick: int
    top: int

    @property
    def name(self) -> str:
        top = RANK_NAMES[_LINE[self.top]] if self.kind == STRAIGHT else RANK_NAMES[self.top]
        if self.kind == SINGLE:
            return f"single {top}"
        if self.kind == PAIR:
            return f"pair of {top}"
        if self.kind == BOMB:
            return f"bomb of {top}"
        if self.kind == PAIRS:
            return f"{self.length} consecutive pairs to {top}"
        if self.kind == STRAIGHT:
            return f"straight of {self.length} to {top}"
        with_ = ("", " with two singles", " with a pair")[self.kick]
        if self.length == 1:
            return f"triple{with_} ({top})"
        each = ("", " each with two singles", " each with a pair")[self.kick]
        return f"{self.length} consecutive triples{each} to {top}"


def pack(counts: list[int] | tuple[int, ...]) -> int:
    """The packed play of ``counts`` (count by rank index)."""
    return sum(k << 3 * r for r, k in enumerate(counts))


def unpack(play: int) -> list[int]:
    return [play >> 3 * r & 7 for r in range(NUM_RANKS)]


def pack_ranks(text: str) -> int:
    """A play from rank labels separated by spaces (``"3 3 3 4 5"``)."""
    counts = [0] * NUM_RANKS
    for label in text.split():
        counts[RANK_NAMES.index(label.upper())] += 1
    return pack(counts)


def play_name(play: int) -> str:
    """The ranks of ``play``, lowest first (``"3 3 3 4 5"``)."""
    return " ".join(RANK_NAMES[r] for r, k in enumerate(unpack(play)) for _ in range(k))


def _run(ranks: list[int], top: int) -> bool:
    """Whether ``ranks`` (sorted) are consecutive and end at or below ``top``."""
    return ranks[-1] <= top and ranks[-1] - ranks[0] == len(ranks) - 1


@lru_cache(maxsize=1 << 16)
def shape_of(play: int) -> Shape | None:
    """The combination ``play`` makes, or None when it makes none."""
    counts = unpack(play)
    total = sum(counts)
    used = [r for r in range(NUM_RANKS) if counts[r]]
    if not used:
        return None
    if len(used) == 1:
        r = used[0]
        kind = (SINGLE, PAIR, TRIPLES, BOMB)[total - 1]
        return Shape(kind, 1 if kind == TRIPLES else total, BARE, r)
    if all(counts[r] == 1 for r in used):
        if total < 5 or used[-1] > TWO:
            return None
        if TWO in used:  # A and 2 stand low
            pos = sorted(-1 if r == TWO else -2 if r == ACE else r for r in used)
        else:
            pos = used
        return Shape(STRAIGHT, total, BARE, pos[-1]) if _run(pos, ACE) else None
    if all(counts[r] == 2 for r in used) and _run(used, SEQ_TOP):
        return Shape(PAIRS, len(used), BARE, used[-1])
    triples = [r for r in used if counts[r] == 3]
    if not triples or any(counts[r] == 4 for r in used):
        return None
    n = len(triples)
    if n > 1 and not _run(triples, SEQ_TOP):
        return None
    rest = [counts[r] for r in used if counts[r] != 3]
    if not rest:
        return Shape(TRIPLES, n, BARE, triples[-1])
    if len(rest) == 2 * n and all(k == 1 for k in rest):
        return Shape(TRIPLES, n, SINGLES, triples[-1])
    if len(rest) == n and all(k == 2 for k in rest):
        return Shape(TRIPLES, n, PAIRED, triples[-1])
    return None


def beats(play: int, current: int) -> bool:
    """Whether ``play`` may be played on ``current``."""
    a, b = shape_of(play), shape_of(current)
    if a is None or b is None:
        return False
    if a.kind == BOMB:
        return b.kind != BOMB or a.top > b.top
    return a[:3] == b[:3] and a.top > b.top


# -- listing the plays of a hand --------------------------------------------------------------


def _singles(h: list[int], lo: int) -> Iterator[int]:
    for r in range(lo, NUM_RANKS):
        if h[r]:
            yield 1 << 3 * r


def _sets(h: list[int], k: int, lo: int, hi: int = NUM_RANKS - 1) -> Iterator[int]:
    for r in range(lo, hi + 1):
        if h[r] >= k:
            yield k << 3 * r


def _sequences(h: list[int], k: int, length: int, lo_top: int) -> Iterator[int]:
    """Runs of ``length`` ranks each held ``k`` times, 3 to A, top at least ``lo_top``."""
    for top in range(max(lo_top, length - 1), SEQ_TOP + 1):
        if all(h[r] >= k for r in range(top - length + 1, top + 1)):
            yield sum(k << 3 * r for r in range(top - length + 1, top + 1))


def _straights(h: list[int], length: int, lo_top: int) -> Iterator[int]:
    for top in range(max(lo_top, length - 3), ACE + 1):
        ranks = [_LINE[p] for p in range(top - length + 1, top + 1)]
        if all(h[r] for r in ranks):
            yield sum(1 << 3 * r for r in ranks)


def _triples(h: list[int], n: int, kick: int, lo_top: int) -> Iterator[int]:
    high = TWO if n == 1 else SEQ_TOP
    for hi in range(max(lo_top, n - 1), high + 1):
        lo = hi - n + 1
        if any(h[r] < 3 for r in range(lo, hi + 1)):
            continue
        core = sum(3 << 3 * r for r in range(lo, hi + 1))
        if kick == BARE:
            yield core
            continue
        need, each = (2 * n, 1) if kick == SINGLES else (n, 2)
        others = [r for r in range(NUM_RANKS) if (r < lo or r > hi) and h[r] >= each]
        for chosen in combinations(others, need):
            yield core + sum(each << 3 * r for r in chosen)


def plays_of(h: list[int], shape: Shape) -> Iterator[int]:
    """Every play from hand counts ``h`` of ``shape``'s kind, length and kickers with a top
    above ``shape.top`` (``top`` -1: any)."""
    lo = shape.top + 1
    kind = shape.kind
    if kind == SINGLE:
        yield from _singles(h, lo)
    elif kind == PAIR:
        yield from _sets(h, 2, lo)
    elif kind == BOMB:
        yield from _sets(h, 4, lo)
    elif kind == PAIRS:
        yield from _sequences(h, 2, shape.length, lo)
    elif kind == STRAIGHT:
        yield from _straights(h, shape.length, max(lo, -2))
    else:
        yield from _triples(h, shape.length, shape.kick, lo)


def follows(h: list[int], current: int) -> list[int]:
    """The plays from hand counts ``h`` that beat ``current`` (passing aside)."""
    shape = shape_of(current)
    assert shape is not None
    if shape.kind == BOMB:
        return list(plays_of(h, shape))
    return [*plays_of(h, shape), *plays_of(h, Shape(BOMB, 4, BARE, -1))]


def leads(h: list[int]) -> list[int]:
    """Every play from hand counts ``h`` (a free lead). Each run is walked once downwards from
    its top, so a hand of 17 costs a few hundred steps."""
    out: list[int] = []
    cards = sum(h)
    held = [r for r in range(NUM_RANKS) if h[r]]
    for r in held:
        out.append(1 << 3 * r)
        if h[r] >= 2:
            out.append(2 << 3 * r)
            if h[r] == 4:
                out.append(4 << 3 * r)
    for top in range(1, SEQ_TOP + 1):  # consecutive pairs
        acc = 0
        for r in range(top, -1, -1):
            if h[r] < 2 or 2 * (top - r + 1) > cards:
                break
            acc += 2 << 3 * r
            if r < top:
                out.append(acc)
    for top in range(2, ACE + 1):  # straights: positions -2 … top
        acc = 0
        # every rank at once reads as A to K (A low), so a straight to A stops at 3
        for pos in range(top, -1 if top == ACE else -3, -1):
            r = _LINE[pos]
            if not h[r]:
                break
            acc += 1 << 3 * r
            if top - pos >= 4:
                out.append(acc)
    for hi in range(TWO + 1):  # triples, bare or with kickers, and their runs
        core = 0
        for lo in range(hi, -1, -1):
            if h[lo] < 3 or (lo < hi and hi > SEQ_TOP):
                break
            n = hi - lo + 1
            if 3 * n > cards:
                break
            core += 3 << 3 * lo
            out.append(core)
            if 5 * n > cards:
                continue
            others = [r for r in held if r < lo or r > hi]
            for chosen in combinations(others, 2 * n):
                out.append(core + sum(1 << 3 * r for r in chosen))
            for chosen in combinations([r for r in others if h[r] >= 2], n):
                out.append(core + sum(2 << 3 * r for r in chosen))
    return out
