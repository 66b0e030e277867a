"""Combinations in hand: sets, runs and wild cards on bitmasks, the best arrangement of a hand
(the least deadwood), laying off, and exchanging with a face-up pool.

A hand is an ``int`` with bit ``code`` set for every card it holds (card codes as in
:mod:`conjure.deck.cards`: ``suit * 13 + rank - 1``, jokers 52 and 53). Suit ``s`` occupies bits
``13 * s`` to ``13 * s + 12``, the Ace lowest, so a run is a block of consecutive bits inside one
suit's thirteen. Every table below is worked out once, at import, per thirteen-bit suit mask.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Final

SUIT_BITS: Final = 0x1FFF
#: rank index (Ace 0 … King 12) -> the mask of its four cards
RANK_MASKS: Final = tuple(sum(1 << (s * 13 + r) for s in range(4)) for r in range(13))
#: the two jokers
JOKERS: Final = (1 << 52) | (1 << 53)
#: the deadwood value of each card for rummy counting: Ace 1, 2–10 their number, J Q K 10
RUMMY_VALUES: Final = tuple(min(code % 13 + 1, 10) for code in range(52))


def mask_of(cards: Iterable[int]) -> int:
    """The bitmask of ``cards`` (card codes)."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: int) -> list[int]:
    """The card codes in ``mask``, lowest code first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _suit_table(values: Sequence[int]) -> list[int]:
    table = [0] * 8192
    for m in range(1, 8192):
        low = m & -m
        table[m] = table[m ^ low] + values[low.bit_length() - 1]
    return table


_RUMMY_SUIT = _suit_table(RUMMY_VALUES[:13])


def rummy_points(mask: int) -> int:
    """The deadwood value of the cards in ``mask`` (Ace 1, courts 10)."""
    t = _RUMMY_SUIT
    return (
        t[mask & SUIT_BITS]
        + t[mask >> 13 & SUIT_BITS]
        + t[mask >> 26 & SUIT_BITS]
        + t[mask >> 39 & SUIT_BITS]
    )


def _runs_table(min_len: int) -> tuple[list[tuple[int, ...]], list[int]]:
    runs: list[tuple[int, ...]] = [()] * 8192
    cover = [0] * 8192
    for m in range(8192):
        found = []
        for start in range(13):
            block = 0
            for end in range(start, 13):
                if not m >> end & 1:
                    break
                block |= 1 << end
                if end - start + 1 >= min_len:
                    found.append(block)
        runs[m] = tuple(found)
        u = 0
        for r in found:
            u |= r
        cover[m] = u
    return runs, cover


_RUNS3, _COVER3 = _runs_table(3)


def runs_in(hand: int) -> list[int]:
    """Every run of three or more consecutive cards of one suit in ``hand`` (Ace low, no
    wrapping), sub-runs included."""
    out: list[int] = []
    for s in range(4):
        shift = 13 * s
        out.extend(r << shift for r in _RUNS3[hand >> shift & SUIT_BITS])
    return out


def sets_in(hand: int, least: int = 3) -> list[int]:
    """Every set of ``least`` or more cards of one rank in ``hand``: a four and each of its
    threes."""
    out: list[int] = []
    for rank_mask in RANK_MASKS:
        m = hand & rank_mask
        n = m.bit_count()
        if n < least:
            continue
        out.append(m)
        if n == 4 and least <= 3:
            rest = m
            while rest:
                low = rest & -rest
                out.append(m ^ low)
                rest ^= low
    return out


def melds_in(hand: int) -> list[int]:
    """Every set and run of three or more cards in ``hand``."""
    return sets_in(hand) + runs_in(hand)


def meldable(hand: int) -> int:
    """The cards of ``hand`` that lie in at least one set or run (a quick bound: the others are
    deadwood whatever the arrangement)."""
    u = 0
    for rank_mask in RANK_MASKS:
        m = hand & rank_mask
        if m.bit_count() >= 3:
            u |= m
    for s in range(4):
        shift = 13 * s
        u |= _COVER3[hand >> shift & SUIT_BITS] << shift
    return u


@lru_cache(maxsize=1 << 16)
def best_arrangement(hand: int) -> tuple[int, tuple[int, ...]]:
    """``(deadwood, melds)``: the disjoint sets and runs of ``hand`` that leave the least
    deadwood (rummy values), and that deadwood."""
    return _best(hand, tuple(melds_in(hand)))


def _best(hand: int, cands: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    cover = 0
    for m in cands:
        cover |= m
    if not cover:
        return rummy_points(hand), ()
    low = cover & -cover
    # either the lowest coverable card stays deadwood, or one meld holding it is laid down
    best = _best(hand, tuple(m for m in cands if not m & low))
    for m in cands:
        if m & low:
            dead, melds = _best(hand ^ m, tuple(c for c in cands if not c & m))
            if dead < best[0]:
                best = (dead, (m, *melds))
    return best


def deadwood(hand: int) -> int:
    """The least deadwood ``hand`` can be arranged to leave."""
    return best_arrangement(hand)[0]


def arrangements(hand: int) -> list[tuple[int, ...]]:
    """Every way to lay down disjoint melds from ``hand`` (the empty one included)."""
    out: list[tuple[int, ...]] = []

    def walk(rest: int, cands: tuple[int, ...], chosen: tuple[int, ...]) -> None:
        out.append(chosen)
        for i, m in enumerate(cands):
            if m & rest == m:
                walk(rest ^ m, tuple(c for c in cands[i + 1 :] if not c & m), (*chosen, m))

    walk(hand, tuple(melds_in(hand)), ())
    return out


def layoff(melds: Iterable[int], cards: int) -> int:
    """The cards of ``cards`` that can be laid off onto ``melds``: the fourth card of a set of
    three, and cards that extend a run at either end (one after another)."""
    off = 0
    for m in melds:
        ranks = {(c % 13) for c in cards_of(m)}
        if len(ranks) == 1:  # a set
            off |= cards & RANK_MASKS[ranks.pop()] & ~m
            continue
        lo = (m & -m).bit_length() - 1
        hi = m.bit_length() - 1
        suit_lo = lo - lo % 13
        c = lo - 1
        while c >= suit_lo and cards >> c & 1:
            off |= 1 << c
            c -= 1
        c = hi + 1
        while c < suit_lo + 13 and cards >> c & 1:
            off |= 1 << c
            c += 1
    return off


def deadwood_after_layoff(hand: int, onto: Iterable[int]) -> tuple[int, tuple[int, ...], int]:
    """``(deadwood, melds, laid_off)``: the arrangement of ``hand`` that leaves the least
    deadwood once its loose cards are laid off onto ``onto`` (another player's melds)."""
    onto = tuple(onto)
    best: tuple[int, tuple[int, ...], int] | None = None
    for melds in arrangements(hand):
        rest = hand
        for m in melds:
            rest ^= m
        off = layoff(onto, rest)
        dead = rummy_points(rest ^ off)
        if best is None or dead < best[0]:
            best = (dead, melds, off)
    assert best is not None
    return best


# -- four-card hands with wild cards --------------------------------------------------------------

FOUR_OF_A_KIND: Final = "four of a kind"
STRAIGHT_FLUSH: Final = "straight flush"


def four_card_combination(hand: int, ace_high: bool = True) -> tuple[str, int, int] | None:
    """What a hand of exactly four cards makes, jokers wild: ``(kind, rank, wilds)`` with
    ``kind`` :data:`FOUR_OF_A_KIND` (``rank`` the rank index, Ace 0) or :data:`STRAIGHT_FLUSH`
    (``rank`` the rank index of its lowest card; ``ace_high`` lets A-K-Q-J count), ``wilds`` the
    jokers standing in; ``None`` if it makes neither. Four jokers never occur (a pack has two).
    A hand that could be both is read as four of a kind, the higher combination."""
    wilds = (hand & JOKERS).bit_count()
    natural = hand & ~JOKERS
    codes = cards_of(natural)
    if len(codes) + wilds != 4:
        return None
    ranks = sorted({c % 13 for c in codes})
    if len(ranks) == 1:
        return FOUR_OF_A_KIND, ranks[0], wilds
    suits = {c // 13 for c in codes}
    if len(suits) != 1 or len(ranks) != len(codes):
        return None
    # windows of four consecutive ranks, Ace low (A-2-3-4) and, if allowed, high (J-Q-K-A)
    for low in range(10 if ace_high else 9, -1, -1):
        window = {(low + i) % 13 for i in range(4)}
        if set(ranks) <= window:
            return STRAIGHT_FLUSH, low, wilds
    return None


# -- exchanging with a face-up pool ----------------------------------------------------------------

#: pool positions take the low six bits of an exchange, hand positions the bits above them
POOL_BITS: Final = 6


def exchange_code(give: int, take: int) -> int:
    """An exchange as one number: ``give`` the positions given from the (sorted) hand as a
    bitmask, ``take`` the positions taken from the pool as a bitmask."""
    return give << POOL_BITS | take


def exchange_parts(code: int) -> tuple[int, int]:
    """``(give, take)`` of :func:`exchange_code`."""
    return code >> POOL_BITS, code & ((1 << POOL_BITS) - 1)


def exchanges(hand_size: int, pool_size: int, most: int) -> list[int]:
    """Every exchange of ``k`` hand cards for ``k`` pool cards, ``1 <= k <= most``."""
    out = []
    for give in range(1, 1 << hand_size):
        k = give.bit_count()
        if k > most:
            continue
        for take in range(1, 1 << pool_size):
            if take.bit_count() == k:
                out.append(exchange_code(give, take))
    return out


def exchange(hand: list[int], pool: list[int], code: int) -> tuple[list[int], list[int]]:
    """Make the exchange ``code`` in place: the chosen hand cards go to the pool's places of the
    cards taken (in order), the pool cards into the hand, which is kept sorted. Returns
    ``(given, taken)``."""
    give, take = exchange_parts(code)
    given = [c for i, c in enumerate(hand) if give >> i & 1]
    places = [i for i in range(len(pool)) if take >> i & 1]
    taken = [pool[i] for i in places]
    for i, c in zip(places, given, strict=True):
        pool[i] = c
    hand[:] = sorted([c for i, c in enumerate(hand) if not give >> i & 1] + taken)
    return given, taken
