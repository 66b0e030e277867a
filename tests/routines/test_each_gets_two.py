"""各得其二: which numbers of exchanges work, and what breaks the others."""

from __future__ import annotations

import pytest

from conjure.deck import CARDS, visible
from conjure.magic import PresetChooser, perform, verify
from conjure.testing import check_routine
from conjure_routines.each_gets_two import ROUTINE


@pytest.mark.parametrize("rounds", [1, 2])
def test_one_or_two_exchanges_always_work(rounds: int) -> None:
    check_routine(ROUTINE, {"rounds": rounds})


@pytest.mark.parametrize("rounds", [3, 4, 5])
def test_three_to_five_exchanges_run_out_of_twos(rounds: int) -> None:
    report = verify(ROUTINE, {"rounds": rounds}, seed=7, examples=2000)
    assert not report.passed
    found = report.counterexample
    assert found is not None
    assert "reversed-twos" in found.claim_errors
    assert "not only 2s" in found.claim_errors["reversed-twos"]
    # the smallest counter-example needs no unusual choice at all
    assert all(c.index == 0 for c in found.performance.choices if c.kind != "setup")


@pytest.mark.parametrize("rounds", [1, 2, 3])
def test_the_literal_reading_fails_at_once(rounds: int) -> None:
    report = verify(ROUTINE, {"rounds": rounds, "reading": 1}, seed=3, examples=200)
    assert not report.passed


def test_one_reversed_card_per_exchange_fails_when_the_reversed_card_is_picked_again() -> None:
    claim = ROUTINE.claim("one-per-exchange")
    assert verify(ROUTINE, {"rounds": 1}, claims=[claim], seed=5, examples=2000).passed
    report = verify(ROUTINE, {"rounds": 2}, claims=[claim], seed=5, examples=2000)
    assert not report.passed
    perf = report.counterexample.performance  # type: ignore[union-attr]
    step = next(s for s in perf.steps if s.number == "③·2")
    picked = step.moves[4]  # the spectator's card drawn out of their half
    before = perf.steps[perf.steps.index(step) - 1].state
    assert before is not None
    card = before.cards("spectator")[picked.depth]  # type: ignore[attr-defined]
    assert card.rank == 2  # the spectator took the 2 reversed in the first exchange


def test_no_face_is_seen_until_the_spread_and_then_only_twos() -> None:
    outcome = perform(ROUTINE, {"rounds": 2}, PresetChooser(ROUTINE.example))
    assert outcome.ok
    for step in outcome.performance.steps:
        assert step.state is not None
        seen = visible(step.state) | step.shown
        if step.number == "⑥":
            assert len(seen) == 4
            assert {CARDS[c].rank for c in seen} == {2}
        else:
            assert not seen, step.number


def test_the_example_performance_ends_with_reversed_twos_in_both_halves() -> None:
    outcome = perform(ROUTINE, {"rounds": 2}, PresetChooser(ROUTINE.example))
    state = outcome.performance.state
    for half in ("left", "spectator"):
        up = [card for card, face_up in state.faces(half) if face_up]
        assert len(up) == 2
        assert all(card.rank == 2 for card in up)
