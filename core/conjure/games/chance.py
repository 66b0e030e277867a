"""Chance's draws: a draw started by ``state.shuffle(zone, k)`` made card by card, as
``state.apply_action`` makes each outcome (:func:`draw_card`), or all at once, as
``state.sample_chance(rng)`` makes it (:func:`sample_chance`), with the same outcomes recorded
either way; and :func:`shuffle` and :func:`sample`, which draw exactly as ``random.Random`` does,
faster.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from conjure.games.state import GameState


def sample_chance(state: GameState[Any], rng: random.Random) -> None:
    """:meth:`GameState.sample_chance`: at a chance node, let chance act at random: a whole
    pending draw at once, recorded outcome by outcome as if drawn one card at a time."""
    if state.lacking:
        state.lacking = ()  # chance may hand out cards: what plays showed no longer holds
    if state.chance is None:
        state.apply_legal(pick(state.game._chance_outcomes(state), rng.random()))
        return
    zone, left, drawn = state.chance
    cards = state.zones[zone]
    if left == 1:  # one card turned up from an unseen pool: the common case, kept short
        i = drawn + int(rng.random() * (len(cards) - drawn))
        card = cards[i]
        cards[drawn], cards[i] = card, cards[drawn]
        state.history.append(card)
        state.chance = None
        state.game._after_chance(state, zone)
        return
    pool = cards[drawn:]
    pool.sort()  # a shuffle depends on which cards are undrawn, not on their order
    if left < len(pool):
        order = sample(rng, pool, left)  # (leaves pool holding the cards not drawn)
        pool.sort()
        pool[:0] = order
    else:
        shuffle(rng, pool)
        order = pool
    cards[drawn:] = pool
    state.history.extend(order)
    state.chance = None
    state.game._after_chance(state, zone)


def draw_card(state: GameState[Any], card: int) -> None:
    """Draw ``card`` as the next outcome of the pending draw of ``state``; when it is the last,
    end the draw and run the game's ``_after_chance`` hook."""
    assert state.chance is not None
    zone, left, drawn = state.chance
    cards = state.zones[zone]
    i = cards.index(card, drawn)
    cards[drawn], cards[i] = cards[i], cards[drawn]
    if left == 1:
        if drawn and len(cards) > drawn + 1:  # several drawn, some not: those in order, as
            cards[drawn + 1 :] = sorted(cards[drawn + 1 :])  # sample_chance leaves them
        state.chance = None
        state.game._after_chance(state, zone)
    else:
        state.chance = (zone, left - 1, drawn + 1)


#: n -> bits needed to write a number below n (how many random bits one pick of a shuffle takes)
_BITS: Final = tuple(n.bit_length() for n in range(256))


def shuffle(rng: random.Random, cards: list[int]) -> None:
    """Shuffle ``cards`` in place exactly as ``rng.shuffle`` does (the same Fisher-Yates walk
    from the end, each pick made of ``getrandbits`` drawn again while out of range), without a
    method call per card: the same seed gives the same order, about twice as fast.

    >>> a, b = list(range(52)), list(range(52))
    >>> random.Random(7).shuffle(a); shuffle(random.Random(7), b); a == b
    True
    """
    if type(rng) is not random.Random or len(cards) >= len(_BITS):
        rng.shuffle(cards)
        return
    bits = _BITS
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        k = bits[i + 1]
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


#: k -> the largest pool that ``random.Random.sample`` draws ``k`` from by walking a copy of
#: it (a bigger one it draws positions of into a set)
_SAMPLE_WALK: Final = tuple(
    21 + (4 ** math.ceil(math.log(k * 3, 4)) if k > 5 else 0) for k in range(1, 256)
)


def sample(rng: random.Random, pool: list[int], k: int) -> list[int]:
    """``k`` cards drawn from ``pool`` exactly as ``rng.sample(pool, k)`` draws them (the same
    numbers asked of ``rng``, the same cards in the same order), without a method call per
    card; ``pool`` is left holding the cards not drawn, in some order. The same seed gives the
    same cards, faster.

    >>> sample(random.Random(7), list(range(52)), 12) == random.Random(7).sample(range(52), 12)
    True
    """
    n = len(pool)
    if type(rng) is not random.Random or n >= len(_BITS) or n > _SAMPLE_WALK[k - 1]:
        order = rng.sample(pool, k)
        taken = set(order)
        pool[:] = [c for c in pool if c not in taken]
        return order
    bits = _BITS
    getrandbits = rng.getrandbits
    for m in range(n, n - k, -1):  # m: the cards not drawn yet, at pool[:m]
        b = bits[m]
        j = getrandbits(b)
        while j >= m:
            j = getrandbits(b)
        # the card drawn goes to pool[m - 1], where sample's list keeps the one it moves to j
        pool[m - 1], pool[j] = pool[j], pool[m - 1]
    out = pool[n - k :]
    out.reverse()
    del pool[n - k :]
    return out


def pick(outcomes: Sequence[tuple[int, float]], x: float) -> int:
    """The outcome a uniform draw ``x`` in [0, 1) falls on, the outcomes laid end to end by
    their probabilities (the last one where rounding leaves a gap)."""
    for outcome, p in outcomes:
        x -= p
        if x < 0:
            return outcome
    return outcomes[-1][0]
