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

from functools import cache, lru_cache
from itertools import combinations
from math import comb, floor
from typing import Any, Final, NamedTuple

from conjure.games.actions import ActionSpace
from conjure.text import Text

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
        return self.label.get("en")

    @property
    def label(self) -> Text:
        """The shape in words, English and Chinese (``name`` is the English)."""
        top = RANK_NAMES[_LINE[self.top]] if self.kind == STRAIGHT else _RANK_WORDS[self.top]
        if self.kind == SINGLE:
            return _SINGLE.format(top=top)
        if self.kind == PAIR:
            return _PAIR.format(top=top)
        if self.kind == BOMB:
            return _BOMB.format(top=top)
        if self.kind == PAIRS:
            return _PAIRS.format(n=self.length, top=top)
        if self.kind == STRAIGHT:
            return _STRAIGHT.format(n=self.length, top=top)
        if self.length == 1:
            return _TRIPLE[self.kick].format(top=top)
        return _TRIPLES[self.kick].format(n=self.length, top=top)


_SINGLE: Final = Text("single {top}", zh="单张{top}")
_PAIR: Final = Text("pair of {top}", zh="对子{top}")
_BOMB: Final = Text("bomb of {top}", zh="炸弹{top}")
_PAIRS: Final = Text("{n} consecutive pairs to {top}", zh="{n}连对到{top}")
_STRAIGHT: Final = Text("straight of {n} to {top}", zh="{n}张顺子到{top}")
#: a triple, bare, with two singles, with a pair (三同张, 三同张搭两张单牌, 三同张搭对子)
_TRIPLE: Final = (
    Text("triple ({top})", zh="三同张{top}"),
    Text("triple with two singles ({top})", zh="三同张{top}搭两张单牌"),
    Text("triple with a pair ({top})", zh="三同张{top}搭对子"),
)
#: consecutive triples (连三同), bare or each with two singles or a pair
_TRIPLES: Final = (
    Text("{n} consecutive triples to {top}", zh="{n}连三同到{top}"),
    Text(
        "{n} consecutive triples each with two singles to {top}",
        zh="{n}连三同到{top}，各搭两张单牌",
    ),
    Text("{n} consecutive triples each with a pair to {top}", zh="{n}连三同到{top}，各搭对子"),
)


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


#: the jokers read 小王 and 大王 in Chinese; the other ranks are the same in both languages
_RANK_WORDS: Final = (*RANK_NAMES[:13], Text("LJ", zh="小王"), Text("BJ", zh="大王"))


def play_label(play: int) -> Text:
    """:func:`play_name` in English and Chinese (the jokers 小王 and 大王)."""
    said = play_name(play)
    return Text(said, zh=said.replace("LJ", "小王").replace("BJ", "大王"))


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
#
# A hand is packed as a play is. Four masks read off it with a few shifts say which ranks it
# holds at least once, twice, three and four times, each as the bit at ``3r`` (so the bit of
# rank r is itself the packed single of r, twice it the pair, and so on). Every list of plays
# depends on a mask or two, not on the whole hand, and is kept once made: a random playout asks
# for the same few hundred lists again and again.

#: the lowest bit of every rank
_LOW: Final = sum(1 << 3 * r for r in range(NUM_RANKS))
_BIT: Final = tuple(1 << 3 * r for r in range(NUM_RANKS))
#: _ABOVE[t + 1]: the bits of the ranks above ``t`` (t from -1)
_ABOVE: Final = tuple(sum(_BIT[t + 1 :]) for t in range(-1, NUM_RANKS))
#: _RUN[top][n]: the bits of the n ranks up to ``top``
_RUN: Final = tuple(
    tuple(sum(_BIT[top - n + 1 : top + 1]) if n <= top + 1 else 0 for n in range(top + 2))
    for top in range(NUM_RANKS)
)
#: _ON_LINE[p + 2]: the bits of the ranks that stand at straight positions from ``p`` up
_ON_LINE: Final = tuple(
    sum({_BIT[_LINE[q]] for q in range(p, ACE + 1)}) for p in range(-2, ACE + 2)
)
#: beyond this many lists a cache starts again (memory stays bounded in long simulations)
_CACHE_SIZE: Final = 1 << 16


def _bits(mask: int) -> list[int]:
    """The set bits of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def masks(hand: int) -> tuple[int, int, int, int]:
    """The ranks ``hand`` (packed) holds at least once, twice, three and four times, each
    rank ``r`` as the bit at ``3r``."""
    h1 = hand >> 1
    h2 = hand >> 2
    return (hand | h1 | h2) & _LOW, (h1 | h2) & _LOW, (h2 | hand & h1) & _LOW, h2 & _LOW


def _lead_singles(m1: int) -> list[int]:
    """Singles, then straights (each run walked once down from its top)."""
    out = _bits(m1)
    for top in range(2, ACE + 1):
        acc = 0
        # every rank at once reads as A to K (A low), so a straight to A stops at 3
        for pos in range(top, -1 if top == ACE else -3, -1):
            bit = _BIT[_LINE[pos]]
            if not m1 & bit:
                break
            acc += bit
            if top - pos >= 4:
                out.append(acc)
    return out


def _lead_pairs(m2: int) -> list[int]:
    """Pairs, then consecutive pairs."""
    out = [b << 1 for b in _bits(m2)]
    for top in range(1, SEQ_TOP + 1):
        acc = 0
        for r in range(top, -1, -1):
            if not m2 & _BIT[r]:
                break
            acc += _BIT[r] << 1
            if r < top:
                out.append(acc)
    return out


# Triples carry kickers, and their combinations make most of a long list. They are written as
# segments, each (base, items, k, times): the plays base + times * (the sum of k of the items,
# the bits of the mask ``items``), one for each k-combination of the items in the order of
# itertools.combinations. A segment is counted (comb(popcount, k)) and its i-th play found
# without listing the others.

Segment = tuple[int, int, int, int]


def _kicked(run: int, n: int, kick: int, m1: int, m2: int) -> Segment:
    """The segment of the run of triples ``run`` (n long) with its kickers of kind ``kick``."""
    if kick == BARE:
        return 3 * run, 0, 0, 0
    if kick == SINGLES:
        return 3 * run, m1 & ~run, 2 * n, 1
    return 3 * run, m2 & ~run, n, 2


@cache
def _triple_runs(m3: int) -> tuple[tuple[int, int], ...]:
    """Each run of triples in ``m3`` (its bits, its length), by top, then longer downwards."""
    out = []
    for hi in range(TWO + 1):
        run = 0
        for lo in range(hi, -1, -1):
            if not m3 & _BIT[lo] or (lo < hi and hi > SEQ_TOP):
                break
            run += _BIT[lo]
            out.append((run, hi - lo + 1))
    return tuple(out)


def _lead_segments(m1: int, m2: int, m3: int) -> list[Segment]:
    """Every run of triples, bare, with singles and with pairs."""
    return [
        _kicked(run, n, kick, m1, m2)
        for run, n in _triple_runs(m3)
        for kick in (BARE, SINGLES, PAIRED)
    ]


def _holding_segments(m1: int, m2: int, m3: int, bit: int) -> list[Segment]:
    """The segments of :func:`_lead_segments` cut to the plays that hold the rank of ``bit``,
    in the same order: a combination of kickers holding a given card keeps its place among
    those that hold it when the card is taken out (sets of one size compare by the least card
    of their difference)."""
    out: list[Segment] = []
    for run, n in _triple_runs(m3):
        if run & bit:
            out += [_kicked(run, n, kick, m1, m2) for kick in (BARE, SINGLES, PAIRED)]
            continue
        if m1 & bit:
            out.append((3 * run + bit, m1 & ~run & ~bit, 2 * n - 1, 1))
        if m2 & bit:
            out.append((3 * run + 2 * bit, m2 & ~run & ~bit, n - 1, 2))
    return out


def _follow_segments(n: int, kick: int, top: int, m1: int, m2: int, m3: int) -> list[Segment]:
    """The runs of ``n`` triples topped above ``top``, with kickers of kind ``kick``."""
    return [
        _kicked(run, n, kick, m1, m2)
        for hi in range(max(top + 1, n - 1), (TWO if n == 1 else SEQ_TOP) + 1)
        if m3 & (run := _RUN[hi][n]) == run
    ]


def _expand(segments: list[Segment]) -> list[int]:
    return [
        base + times * sum(chosen)
        for base, items, k, times in segments
        for chosen in combinations(_bits(items), k)
    ]


def _count(segments: list[Segment]) -> int:
    return sum(comb(items.bit_count(), k) for _, items, k, _ in segments)


def _at(segments: list[Segment], i: int) -> int:
    """The ``i``-th play of ``segments``."""
    for base, items, k, times in segments:
        c = comb(items.bit_count(), k)
        if i < c:
            return base + times * _nth_combination(_bits(items), k, i)
        i -= c
    raise IndexError(i)


def _nth_combination(items: list[int], k: int, i: int) -> int:
    """The sum of the ``i``-th ``k``-combination of ``items`` in the order of
    :func:`itertools.combinations`."""
    if k == 1:
        return items[i]
    m = len(items)
    if k == 2:  # rows: the first item j, then any of the m - j - 1 after it
        j = 0
        while i >= m - j - 1:
            i -= m - j - 1
            j += 1
        return items[j] + items[j + 1 + i]
    total = 0
    start = 0
    for slot in range(k, 0, -1):
        for j in range(start, m):
            c = comb(m - j - 1, slot - 1)
            if i < c:
                total += items[j]
                start = j + 1
                break
            i -= c
    return total


def _like(shape: Shape, m1: int, m2: int, m3: int, m4: int) -> list[int]:
    """The plays of ``shape``'s kind, length and kickers above its top."""
    kind, n, kick, top = shape
    if kind == SINGLE:
        return _bits(m1 & _ABOVE[top + 1])
    if kind == PAIR:
        return [b << 1 for b in _bits(m2 & _ABOVE[top + 1])]
    if kind == BOMB:
        return [b << 2 for b in _bits(m4 & _ABOVE[top + 1])]
    out: list[int] = []
    if kind == PAIRS:
        for hi in range(max(top + 1, n - 1), SEQ_TOP + 1):
            run = _RUN[hi][n]
            if m2 & run == run:
                out.append(2 * run)
    elif kind == STRAIGHT:
        # the lowest position is -2 (A low), or 3 for a straight to A
        for hi in range(max(top + 1, n - 3), ACE + 1):
            if hi == ACE and n > ACE + 1:
                break
            run = sum(_BIT[_LINE[p]] for p in range(hi - n + 1, hi + 1))
            if m1 & run == run:
                out.append(run)
    else:
        out = _expand(_follow_segments(n, kick, top, m1, m2, m3))
    return out


class Lister:
    """Lists the plays of a packed hand, each shifted left by ``shift`` (a game's action
    codes), the follows led by ``pass_action`` when given. Lists are tuples, kept and shared:
    the caller must not change them.

    >>> lister = Lister()
    >>> [play_name(p) for p in lister.follows(pack_ranks("4 4 9 9 9 9"), pack_ranks("3 3"))]
    ['4 4', '9 9', '9 9 9 9']
    """

    def __init__(self, shift: int = 0, pass_action: int | None = None) -> None:
        self.shift = shift
        self.prefix: tuple[int, ...] = () if pass_action is None else (pass_action,)
        self._singles: dict[int, tuple[int, ...]] = {}
        self._pairs: dict[int, tuple[int, ...]] = {}
        self._bombs: dict[int, tuple[int, ...]] = {}
        self._triples: dict[int, tuple[int, ...]] = {}
        self._above: dict[int, tuple[int, ...]] = {}
        self._follows: dict[tuple[int, int], tuple[int, ...]] = {}
        self._plans: dict[int, tuple[int, int, int] | None] = {}

    def _keep(
        self,
        cache: dict[Any, tuple[int, ...]],
        key: Any,
        plays: list[int],
        prefix: tuple[int, ...] = (),
    ) -> tuple[int, ...]:
        """Shift ``plays``, put ``prefix`` before them, keep them under ``key``."""
        if len(cache) >= _CACHE_SIZE:
            cache.clear()
        shift = self.shift
        got = cache[key] = (*prefix, *(p << shift for p in plays))
        return got

    def _plain(self, m1: int, m2: int, m4: int) -> tuple[int, ...]:
        """The leads of a hand with these masks but its triples: singles, straights, pairs,
        consecutive pairs, bombs."""
        out = self._by_m1(m1)
        if m2:
            out += self._by_m2(m2)
            if m4:
                out += self._by_m4(m4)
        return out

    def _by_m1(self, m1: int) -> tuple[int, ...]:
        try:
            return self._singles[m1]
        except KeyError:
            return self._keep(self._singles, m1, _lead_singles(m1))

    def _by_m2(self, m2: int) -> tuple[int, ...]:
        try:
            return self._pairs[m2]
        except KeyError:
            return self._keep(self._pairs, m2, _lead_pairs(m2))

    def _by_m4(self, m4: int) -> tuple[int, ...]:
        try:
            return self._bombs[m4]
        except KeyError:
            return self._keep(self._bombs, m4, [b << 2 for b in _bits(m4)])

    def leads(self, hand: int) -> tuple[int, ...]:
        """Every play of ``hand`` (packed): singles, straights, pairs, consecutive pairs,
        bombs, then triples bare, with singles and with pairs, and their runs."""
        h1 = hand >> 1
        h2 = hand >> 2
        m1 = (hand | h1 | h2) & _LOW
        m2 = (h1 | h2) & _LOW
        m3 = (h2 | hand & h1) & _LOW
        out = self._plain(m1, m2, h2 & _LOW)
        if m3:
            key = m1 | m2 << 45 | m3 << 90
            try:
                out += self._triples[key]
            except KeyError:
                out += self._keep(self._triples, key, _expand(_lead_segments(m1, m2, m3)))
        return out

    def pick_lead(self, hand: int, x: float) -> int:
        """``leads(hand)[int(x * len(leads(hand)))]`` for ``0 <= x < 1``, without listing
        the triples with their kickers (a random playout wants one play, not hundreds)."""
        h1 = hand >> 1
        h2 = hand >> 2
        m1 = (hand | h1 | h2) & _LOW
        try:
            singles = self._singles[m1]
        except KeyError:
            singles = self._by_m1(m1)
        m2 = (h1 | h2) & _LOW
        if not m2:
            return singles[floor(x * len(singles))]
        try:
            pairs = self._pairs[m2]
        except KeyError:
            pairs = self._by_m2(m2)
        m3 = (h2 | hand & h1) & _LOW
        if not m3:
            i = floor(x * (len(singles) + len(pairs)))
            return singles[i] if i < len(singles) else pairs[i - len(singles)]
        m4 = h2 & _LOW
        bombs = self._by_m4(m4) if m4 else ()
        # how many triples there are, without making their segments (made only if picked)
        count = 0
        for run, n in _triple_runs(m3):
            count += 1 + comb((m1 & ~run).bit_count(), 2 * n) + comb((m2 & ~run).bit_count(), n)
        i = floor(x * (len(singles) + len(pairs) + len(bombs) + count))
        if i < len(singles):
            return singles[i]
        i -= len(singles)
        if i < len(pairs):
            return pairs[i]
        i -= len(pairs)
        if i < len(bombs):
            return bombs[i]
        return _at(_lead_segments(m1, m2, m3), i - len(bombs)) << self.shift

    def _opening(self, hand: int, rank: int) -> tuple[list[int], list[Segment]]:
        h1 = hand >> 1
        h2 = hand >> 2
        m1 = (hand | h1 | h2) & _LOW
        m2 = (h1 | h2) & _LOW
        m3 = (h2 | hand & h1) & _LOW
        bit = _BIT[rank]
        mask = 7 * bit << self.shift
        plays = [p for p in self._plain(m1, m2, h2 & _LOW) if p & mask]
        return plays, _holding_segments(m1, m2, m3, bit) if m3 else []

    def opening(self, hand: int, rank: int) -> list[int]:
        """The plays of ``hand`` (packed) that hold a card of ``rank``, in the order of
        :meth:`leads` (the first lead of a deal, which must hold a given card)."""
        plays, segments = self._opening(hand, rank)
        return plays + [p << self.shift for p in _expand(segments)]

    def pick_opening(self, hand: int, rank: int, x: float) -> int:
        """``opening(hand, rank)[int(x * len(...))]``, without listing the triples."""
        plays, segments = self._opening(hand, rank)
        i = floor(x * (len(plays) + _count(segments)))
        if i < len(plays):
            return plays[i]
        return _at(segments, i - len(plays)) << self.shift

    def follows(self, hand: int, current: int) -> tuple[int, ...]:
        """The plays of ``hand`` (packed) that beat ``current``: those of its kind, then the
        bombs; led by the pass when the lister has one."""
        h1 = hand >> 1
        h2 = hand >> 2
        m4 = h2 & _LOW
        kind, n, kick, top = shape_of(current)  # type: ignore[misc]
        # the key holds all that the list depends on: the ranks that could beat the top
        # (from ``top`` - n + 2 up for a run of n), the bombs, and the kind
        if kind == SINGLE:
            key: Any = (hand | h1 | h2) & _ABOVE[top + 1] | m4 << 45
        elif kind == PAIR:
            key = (h1 | h2) & _ABOVE[top + 1] | m4 << 45 | 1 << 90
        elif kind == BOMB:
            key = m4 & _ABOVE[top + 1] | 1 << 91
        elif kind == PAIRS:
            key = (h1 | h2) & _ABOVE[top + 2 - n] | m4 << 45 | n << 92 | 1 << 96
        elif kind == STRAIGHT:
            key = (hand | h1 | h2) & _ON_LINE[top + 4 - n] | m4 << 45 | n << 92 | top + 3 << 96
            key |= 1 << 100
        else:
            m3 = (h2 | hand & h1) & _ABOVE[max(top + 2 - n, 0)]
            if not m3:  # no triple that could beat it: only the bombs
                key = m4 | 1 << 91
                kind, top = BOMB, -1
            else:
                key = (current, hand)
                try:
                    return self._follows[key]
                except KeyError:
                    plays = _like(Shape(kind, n, kick, top), *masks(hand))
                    plays += [b << 2 for b in _bits(m4)]
                    return self._keep(self._follows, key, plays, self.prefix)
        try:
            return self._above[key]
        except KeyError:
            pass
        plays = _like(Shape(kind, n, kick, top), *masks(hand))
        if kind != BOMB:
            plays += [b << 2 for b in _bits(m4)]
        return self._keep(self._above, key, plays, self.prefix)

    def _plan(self, current: int) -> tuple[int, int, int] | None:
        """How :meth:`pick_follow` reads the key :meth:`follows` keeps the list under, for a
        play whose list depends on the ranks held once (-1) or twice (0) among ``above``,
        and the bombs: (-1 or 0, ``above``, the kind's tag); None for bombs and triples."""
        kind, n, _, top = shape_of(current)  # type: ignore[misc]
        if kind == SINGLE:
            plan: tuple[int, int, int] | None = (-1, _ABOVE[top + 1], 0)
        elif kind == PAIR:
            plan = (0, _ABOVE[top + 1], 1 << 90)
        elif kind == PAIRS:
            plan = (0, _ABOVE[top + 2 - n], n << 92 | 1 << 96)
        elif kind == STRAIGHT:
            plan = (-1, _ON_LINE[top + 4 - n], n << 92 | top + 3 << 96 | 1 << 100)
        else:
            plan = None
        if len(self._plans) >= _CACHE_SIZE:
            self._plans.clear()
        self._plans[current] = plan
        return plan

    def pick_follow(self, hand: int, current: int, x: float) -> int:
        """``follows(hand, current)[int(x * len(...))]``, without listing triples with their
        kickers."""
        try:
            plan = self._plans[current]
        except KeyError:
            plan = self._plan(current)
        if plan is not None:  # looked up here with the key of follows()
            everything, above, tag = plan
            h2 = hand >> 2
            key = (hand & everything | hand >> 1 | h2) & above | (h2 & _LOW) << 45 | tag
            try:
                plays = self._above[key]
            except KeyError:
                plays = self.follows(hand, current)
            return plays[floor(x * len(plays))]
        kind, n, kick, top = shape_of(current)  # type: ignore[misc]
        if kind == TRIPLES and kick != BARE:
            h1 = hand >> 1
            h2 = hand >> 2
            if (h2 | hand & h1) & _ABOVE[max(top + 2 - n, 0)]:
                m1, m2, m3, m4 = masks(hand)
                segments = _follow_segments(n, kick, top, m1, m2, m3)
                bombs = _bits(m4)
                prefix = self.prefix
                i = floor(x * (len(prefix) + _count(segments) + len(bombs)))
                if i < len(prefix):
                    return prefix[i]
                i -= len(prefix)
                count = _count(segments)
                play = _at(segments, i) if i < count else bombs[i - count] << 2
                return play << self.shift
        plays = self.follows(hand, current)
        return plays[floor(x * len(plays))]


_PLAIN: Final = Lister()


def leads(h: list[int] | tuple[int, ...]) -> list[int]:
    """Every play from hand counts ``h`` (a free lead)."""
    return list(_PLAIN.leads(pack(h)))


def follows(h: list[int] | tuple[int, ...], current: int) -> list[int]:
    """The plays from hand counts ``h`` that beat ``current`` (passing aside)."""
    return list(_PLAIN.follows(pack(h), current))


# -- fixed ids of the plays --------------------------------------------------------------------

#: the hand that holds every card (four of each rank, one of each joker), packed
_FULL: Final = pack([4] * 13 + [1, 1])
_PLAY_LABEL: Final = Text("{ranks} ({shape})", zh="{ranks}（{shape}）")


@lru_cache(maxsize=4)
def every_play(most_cards: int) -> tuple[int, ...]:
    """Every play of at most ``most_cards`` cards that a 54-card deck allows, packed, in
    ascending order (20,450 of them up to 17 cards)."""
    return tuple(sorted(p for p in Lister().leads(_FULL) if sum(unpack(p)) <= most_cards))


class PlaySpace(ActionSpace):
    """Fixed ids of a climbing game's moves: 0 passes, and each play of at most
    ``most_cards`` cards has one id of its own (its place among :func:`every_play`), named by
    its ranks and shape; the game's code of a play is its packed ranks shifted by ``shift``."""

    def __init__(self, shift: int, pass_action: int, pass_label: Text, most_cards: int) -> None:
        self.shift, self.pass_action, self.pass_label = shift, pass_action, pass_label
        self.plays = every_play(most_cards)
        self.index = {play: i + 1 for i, play in enumerate(self.plays)}
        self.size = len(self.plays) + 1

    def spell(self, state: Any, action: int) -> tuple[int, ...]:
        if action == self.pass_action:
            return (0,)
        return (self.index.get(action >> self.shift, -1),)

    def label(self, action_id: int) -> Text:
        if action_id == 0:
            return self.pass_label
        play = self.plays[action_id - 1]
        shape = shape_of(play)
        assert shape is not None
        return _PLAY_LABEL.format(ranks=play_label(play), shape=shape.label)
