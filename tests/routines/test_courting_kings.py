"""求婚的国王: every pair is a King and a Queen; the book's same-suit note, solved exactly."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from conjure.magic import PresetChooser, perform, solve, verify
from conjure.testing import check_routine
from conjure_routines.courting_kings import PAIRS, ROUTINE

SUITS = "SHCD"


def test_claims_hold_for_every_case() -> None:
    check_routine(ROUTINE)


def test_verify_walks_all_576_suit_orders() -> None:
    report = verify(ROUTINE)
    assert report.passed
    assert report.mode == "exhaustive"
    assert report.cases == 24 * 24


def test_the_books_example_gives_same_suit_marriages() -> None:
    outcome = perform(ROUTINE, chooser=PresetChooser({"queens": "♣♥♠♦", "kings": "♣♥♦♠"}))
    assert outcome.ok
    assert ROUTINE.claim("marriages").check(outcome.performance) is None
    pairs = [outcome.performance.state.cards(pile) for pile in PAIRS]
    assert all({c.rank for c in pair} == {12, 13} for pair in pairs)
    assert all(len({c.suit for c in pair}) == 1 for pair in pairs)


@given(st.permutations(SUITS), st.permutations(SUITS))
def test_marriages_exactly_when_kings_repeat_queens_with_last_two_swapped(
    queens: list[str], kings: list[str]
) -> None:
    outcome = perform(ROUTINE, chooser=PresetChooser({"queens": queens, "kings": kings}))
    assert outcome.ok
    married = ROUTINE.claim("marriages").check(outcome.performance) is None
    assert married == (kings == [queens[0], queens[1], queens[3], queens[2]])


def test_solve_finds_the_rule() -> None:
    solution = solve(ROUTINE, "marriages")
    assert solution.total == 576
    assert len(solution.setups) == 24
    assert [str(r) for r in solution.rules] == [
        "queens: any (24 possible)",
        "kings = queens taken in the positions 1 2 4 3",
    ]


def test_the_audience_sees_only_what_it_is_told() -> None:
    outcome = perform(ROUTINE, chooser=PresetChooser(ROUTINE.example))
    by_number = {step.number: step for step in outcome.performance.steps}
    ranks = {n: {c % 13 + 1 for c in by_number[n].shown} for n in by_number}
    assert ranks["③"] == {13}  # the four Kings peeled face up
    assert ranks["④"] == {12}  # the Queens peeled, never a stolen King
    assert ranks["⑥"] == {12}  # top and bottom of the "Queens"
    assert ranks["⑦"] == {13}  # two Kings flashed from the "Kings"
    assert len(by_number["⑥"].shown) == 2 and len(by_number["⑦"].shown) == 2


def test_break_and_steal_happen_where_the_book_says() -> None:
    outcome = perform(ROUTINE, chooser=PresetChooser(ROUTINE.example), record=True)
    steps = {step.number: step for step in outcome.performance.steps}
    after_three = steps["③"].state
    assert after_three is not None
    assert after_three.breaks == {"left": 2}
    after_four = steps["④"].state
    assert after_four is not None
    left = after_four.cards("left")
    assert [c.rank for c in left] == [12, 13, 13, 12, 12, 12, 13, 13]
