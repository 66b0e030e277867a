"""The capture enumerator against a brute-force model, and the action codes."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given
from hypothesis import strategies as st

from conjure.games import CAPTURE, PAIR, Build, CaptureRules, decode, encode, positions
from conjure.games.capture import (
    disjoint_unions,
    submasks,
    subset_sums,
    sum_sets,
    sums_by_total,
)


def masks_of(n: int) -> list[tuple[int, ...]]:
    return [c for k in range(1, n + 1) for c in combinations(range(n), k)]


def mask(items: tuple[int, ...]) -> int:
    return sum(1 << i for i in items)


def is_partition(items: tuple[int, ...], values: tuple[int, ...], v: int, fixed: int) -> bool:
    """Whether ``items`` split into groups each one item of value ``v`` or two or more
    non-fixed items adding up to ``v`` (Casino's several sets at once), by brute force."""
    if not items:
        return True
    first, rest = items[0], items[1:]
    if values[first] == v and is_partition(rest, values, v, fixed):
        return True
    if fixed >> first & 1:
        return False
    for k in range(1, len(rest) + 1):
        for others in combinations(rest, k):
            if any(fixed >> o & 1 for o in others):
                continue
            if values[first] + sum(values[o] for o in others) == v:
                left = tuple(i for i in rest if i not in others)
                if is_partition(left, values, v, fixed):
                    return True
    return False


tables = st.lists(st.integers(1, 10), max_size=7).map(tuple)


@given(tables, st.integers(1, 10))
def test_subset_sums_match_brute_force(values: tuple[int, ...], limit: int) -> None:
    expected = {
        (mask(c), sum(values[i] for i in c))
        for c in masks_of(len(values))
        if sum(values[i] for i in c) <= limit
    }
    assert set(subset_sums(values, limit)) == expected


@given(st.lists(st.integers(0, 14), max_size=12).map(tuple), st.integers(1, 13))
def test_sum_sets_list_subset_sums_sets_of_two_or_more_in_order(
    values: tuple[int, ...], limit: int
) -> None:
    """The same masks in the same order for each total: the order fast playouts depend on."""
    by_total: list[list[int]] = [[] for _ in range(limit + 1)]
    for m, total in subset_sums(values, limit):
        if m & (m - 1):
            by_total[total].append(m)
    assert sum_sets(values, limit) == by_total


@given(st.lists(st.integers(0, 12), max_size=9).map(tuple), st.integers(1, 10))
def test_sums_by_total_lists_subset_sums_in_order(values: tuple[int, ...], limit: int) -> None:
    """The same masks per total, in the same order (casino's moves are listed in it)."""
    expected: list[list[int]] = [[] for _ in range(limit + 1)]
    for m, total in subset_sums(values, limit):
        expected[total].append(m)
    assert sums_by_total(values, limit) == expected


@given(tables, st.integers(0, 127))
def test_one_set_rules_match_brute_force(values: tuple[int, ...], fixed: int) -> None:
    fixed &= (1 << len(values)) - 1
    any_rules = CaptureRules(equal="any", limit=10)
    one_rules = CaptureRules(equal="one", limit=10)
    for v in range(1, 11):
        same = [c for c in masks_of(len(values)) if all(values[i] == v for i in c)]
        sums = [
            c
            for c in masks_of(len(values))
            if len(c) >= 2 and sum(values[i] for i in c) == v and not any(fixed >> i & 1 for i in c)
        ]
        equal, other = any_rules.options(values, fixed)[v]
        assert sorted(equal) == sorted(mask(c) for c in same)
        assert sorted(other) == sorted(mask(c) for c in sums)
        equal, other = one_rules.options(values, fixed)[v]
        assert sorted(equal) == sorted(mask(c) for c in same if len(c) == 1)


@given(tables, st.integers(0, 127))
def test_several_sets_match_brute_force(values: tuple[int, ...], fixed: int) -> None:
    fixed &= (1 << len(values)) - 1
    rules = CaptureRules(several=True, limit=10)
    for v in range(1, 11):
        expected = {mask(c) for c in masks_of(len(values)) if is_partition(c, values, v, fixed)}
        equal, other = rules.options(values, fixed)[v]
        assert set(equal) | set(other) == expected
        assert len(set(equal) | set(other)) == len(equal) + len(other)
        for m in equal:
            assert all(values[i] == v for i in positions(m))


def test_examples_from_the_texts() -> None:
    rules = CaptureRules(equal="any", limit=10)
    # ten-exchange: ◆7 takes 5 and 2; ◆6 takes one 6 or both
    assert rules.options((2, 5))[7] == ((), (0b11,))
    assert sorted(rules.options((6, 6))[6][0]) == [0b01, 0b10, 0b11]
    # pick-up-score: ♣9 takes 2, 2, 5; ♦10 takes 7, 3 or 2, 3, 5
    one = CaptureRules(equal="one", limit=13)
    assert one.options((2, 2, 5))[9] == ((), (0b111,))
    assert sorted(one.options((2, 3, 5, 7))[10][1]) == [0b0111, 0b1010]


def test_a_table_is_worked_out_once() -> None:
    rules = CaptureRules()
    first = rules.options((1, 2, 3))
    assert rules.options((1, 2, 3)) is first


def test_helpers() -> None:
    assert positions(0b10110) == [1, 2, 4]
    assert sorted(submasks(0b101)) == [0b001, 0b100, 0b101]
    assert disjoint_unions([0b01, 0b10, 0b11]) == {0b01, 0b10, 0b11}
    assert decode(encode(39, CAPTURE, 0b1011)) == (39, CAPTURE, 0b1011)
    assert encode(12) == 12  # a trail is the card's own code
    assert decode(encode(0, PAIR, 1)) == (0, PAIR, 1)


def test_build_reads_as_its_cards() -> None:
    b = Build(owner=1, value=10, cards=(6, 2))
    assert str(b) == "build of 10 (7♠ 3♠), player 2's"
