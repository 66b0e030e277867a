"""Climbing combinations: the recogniser against one built from the definitions, the
comparisons, and the plays listed from a hand against every sub-multiset of it."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

from conjure.games.climbing import (
    BARE,
    BOMB,
    PAIR,
    PAIRED,
    PAIRS,
    SINGLE,
    SINGLES,
    STRAIGHT,
    TRIPLES,
    Lister,
    Shape,
    beats,
    follows,
    leads,
    pack,
    pack_ranks,
    shape_of,
    unpack,
)

FULL = [4] * 13 + [1, 1]


def one(counts: dict[int, int]) -> int:
    c = [0] * 15
    for r, k in counts.items():
        c[r] += k
    return pack(c)


def every_combination() -> Iterator[tuple[int, Shape]]:
    """Every combination a 54-card deck can make, written straight from the rules."""
    for r in range(15):
        yield one({r: 1}), Shape(SINGLE, 1, BARE, r)
    for r in range(13):
        yield one({r: 2}), Shape(PAIR, 2, BARE, r)
        yield one({r: 4}), Shape(BOMB, 4, BARE, r)
    for length in range(2, 13):
        for top in range(length - 1, 12):
            yield (
                one({r: 2 for r in range(top - length + 1, top + 1)}),
                Shape(PAIRS, length, 0, top),
            )
    line = [11, 12, *range(12)]  # A and 2 low, then 3 … A
    for length in range(5, 14):
        for start in range(0, 14 - length + 1):
            ranks = line[start : start + length]
            # all thirteen ranks read as A to K: 2 present means A stands low
            if len(set(ranks)) == length and not (length == 13 and start == 1):
                yield one({r: 1 for r in ranks}), Shape(STRAIGHT, length, 0, start + length - 3)
    for n in range(1, 6):
        for top in range(n - 1, 13 if n == 1 else 12):
            core = {r: 3 for r in range(top - n + 1, top + 1)}
            others = [r for r in range(15) if r not in core]
            yield one(core), Shape(TRIPLES, n, BARE, top)
            for ks in itertools.combinations(others, 2 * n):
                yield one({**core, **{r: 1 for r in ks}}), Shape(TRIPLES, n, SINGLES, top)
            for ks in itertools.combinations([r for r in others if r < 13], n):
                yield one({**core, **{r: 2 for r in ks}}), Shape(TRIPLES, n, PAIRED, top)


def test_recogniser_agrees_with_the_definitions() -> None:
    known: dict[int, Shape] = {}
    for play, shape in every_combination():
        assert known.setdefault(play, shape) == shape, "a play with two readings"
    for play, shape in known.items():
        assert shape_of(play) == shape
    rng = random.Random(3)
    deck = [r for r in range(15) for _ in range(FULL[r])]
    for _ in range(3000):
        counts = [0] * 15
        for r in rng.sample(deck, rng.randint(1, 8)):
            counts[r] += 1
        assert shape_of(pack(counts)) == known.get(pack(counts))


def test_comparisons() -> None:
    p = pack_ranks
    assert beats(p("2"), p("A")) and beats(p("BJ"), p("LJ")) and not beats(p("3"), p("4"))
    assert beats(p("4 4"), p("3 3")) and not beats(p("4 4"), p("3"))
    assert beats(p("4 4 5 5"), p("3 3 4 4")) and not beats(p("4 4 5 5 6 6"), p("3 3 4 4"))
    assert beats(p("4 4 4 3 3"), p("3 3 3 K K")) and not beats(p("4 4 4 3 5"), p("3 3 3 K K"))
    assert not beats(p("4 4 4"), p("3 3 3 5 6")) and beats(p("4 4 4"), p("3 3 3"))
    assert beats(p("4 4 4 5 5 5 3 6 7 8"), p("3 3 3 4 4 4 9 10 J Q"))
    assert beats(p("2 3 4 5 6"), p("A 2 3 4 5")) and beats(p("10 J Q K A"), p("9 10 J Q K"))
    assert not beats(p("3 4 5 6 7 8"), p("3 4 5 6 7")) and shape_of(p("J Q K A 2")) is None
    assert beats(p("3 3 3 3"), p("2 2 2 A A")) and beats(p("3 3 3 3"), p("BJ"))
    assert beats(p("4 4 4 4"), p("3 3 3 3")) and not beats(p("3 3 3 3"), p("4 4 4 4"))
    assert shape_of(p("2 2 A A")) is None and shape_of(p("3 3 3 5 5 6")) is None
    assert shape_of(p("3 3 3 3 5")) is None and shape_of(p("LJ BJ")) is None


def test_listed_plays_are_every_sub_multiset_that_plays() -> None:
    rng = random.Random(1)
    deck = [r for r in range(15) for _ in range(FULL[r])]
    for _ in range(150):
        h = [0] * 15
        for r in rng.sample(deck, 9):
            h[r] += 1
        every = [pack(c) for c in itertools.product(*[range(k + 1) for k in h]) if any(c)]
        plays = [x for x in every if shape_of(x)]
        assert sorted(leads(h)) == sorted(plays)
        current = rng.choice(plays)
        assert sorted(follows(h, current)) == sorted(x for x in plays if beats(x, current))


def test_plays_of_long_hands_are_each_a_combination_once() -> None:
    rng = random.Random(2)
    deck = [r for r in range(15) for _ in range(FULL[r])]
    for _ in range(300):
        h = [0] * 15
        for r in rng.sample(deck, 17):
            h[r] += 1
        plays = leads(h)
        assert len(set(plays)) == len(plays)
        for x in plays:
            assert shape_of(x) is not None
            assert all(k <= h[r] for r, k in enumerate(unpack(x)))
    every_rank = [1] * 13 + [0, 0]
    assert pack(every_rank) in leads(every_rank)
    assert pack([1] * 12 + [0, 0, 0]) in leads([1] * 12 + [0, 0, 0])


def test_kept_lists_agree_with_the_lead_list_for_many_hands() -> None:
    """Lists are kept by the masks they depend on: hands that share a mask share a list, so
    every follow of many 17-card hands is checked against the hand's own leads and beats."""
    rng = random.Random(4)
    deck = [r for r in range(15) for _ in range(FULL[r])]
    lister = Lister(shift=7, pass_action=64)
    for _ in range(400):
        h = [0] * 15
        for r in rng.sample(deck, rng.randint(1, 17)):
            h[r] += 1
        o = [0] * 15
        for r in rng.sample(deck, 17):
            o[r] += 1
        mine = leads(h)
        assert [p << 7 for p in mine] == list(lister.leads(pack(h)))
        for current in rng.sample(leads(o), 6):
            want = [64, *sorted(x << 7 for x in mine if beats(x, current))]
            got = lister.follows(pack(h), current)
            assert [got[0], *sorted(got[1:])] == want


def test_a_lead_picked_without_the_list_is_the_listed_one() -> None:
    rng = random.Random(5)
    deck = [r for r in range(15) for _ in range(FULL[r])]
    lister = Lister(shift=7)
    for _ in range(300):
        h = [0] * 15
        for r in rng.sample(deck, rng.randint(5, 20)):
            h[r] += 1
        plays = lister.leads(pack(h))
        for x in [0.0, 0.999999, *(rng.random() for _ in range(20))]:
            assert lister.pick_lead(pack(h), x) == plays[int(x * len(plays))]
        assert [
            lister.pick_lead(pack(h), (i + 0.5) / len(plays)) for i in range(len(plays))
        ] == list(plays)


def test_the_opening_plays_are_the_leads_holding_the_rank() -> None:
    rng = random.Random(6)
    deck = [r for r in range(15) for _ in range(FULL[r])]
    lister = Lister(shift=7)
    for _ in range(300):
        h = [0] * 15
        for r in rng.sample(deck, rng.randint(5, 17)):
            h[r] += 1
        held = [r for r in range(15) if h[r]]
        for rank in {held[0], rng.choice(held)}:
            want = [p for p in lister.leads(pack(h)) if p >> 7 >> 3 * rank & 7]
            assert lister.opening(pack(h), rank) == want


def test_picks_without_lists_are_the_listed_ones() -> None:
    """Follows (of triples with kickers by counting, the rest from the kept lists) and first
    leads holding a rank, picked without listing."""
    rng = random.Random(7)
    deck = [r for r in range(15) for _ in range(FULL[r])]
    lister = Lister(shift=7, pass_action=64)
    for _ in range(300):
        h = [0] * 15
        for r in rng.sample(deck, rng.randint(5, 17)):
            h[r] += 1
        o = [0] * 15
        for r in rng.sample(deck, 17):
            o[r] += 1
        triples = [p for p in leads(o) if shape_of(p).kind == TRIPLES]  # type: ignore[union-attr]
        others = rng.sample(leads(o), 4)
        for current in rng.sample(triples, min(4, len(triples))) + others:
            plays = lister.follows(pack(h), current)
            for i in range(len(plays)):
                assert lister.pick_follow(pack(h), current, (i + 0.5) / len(plays)) == plays[i]
        rank = min(r for r in range(15) if h[r])
        plays = lister.opening(pack(h), rank)
        for i in range(len(plays)):
            assert lister.pick_opening(pack(h), rank, (i + 0.5) / len(plays)) == plays[i]
