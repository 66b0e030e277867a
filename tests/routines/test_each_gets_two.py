"""各得其二: which numbers of exchanges work, and what breaks the others."""

from __future__ import annotations

import pytest

from conjure.deck import CARDS, visible
from conjure.magic import PresetChooser, perform, verify
from conjure.testing import check_routine
from conjure_routines.each_gets_two import ROUTINE


def _example(rounds: int) -> dict[str, str]:
    """The routine's example performance, with picks that avoid reversed cards past round 2."""
    values = dict(ROUTINE.example)
    for r in range(3, rounds + 1):
        values.update({f"pick{r}": "5", f"insert{r}": "9", f"mine{r}": "8"})
    return values


def test_one_exchange_always_works() -> None:
    # a sample here: the proof walks about 280,000 performances (bench/routines.py times it)
    check_routine(ROUTINE, {"rounds": 1}, limit=1000)


def test_two_exchanges_fail_when_the_spectator_picks_their_reversed_card() -> None:
    report = verify(ROUTINE, {"rounds": 2}, seed=7, examples=5000)
    found = report.counterexample
    assert found is not None and found.failure is not None
    assert found.failure.step == "③·2"
    assert "the audience sees 2" in found.failure.message and "flash" in found.failure.message
    # the card laid face up on the table is the one the spectator reversed in the first exchange
    perf = found.performance
    first = next(s for s in perf.steps if s.number == "④·1")
    assert first.state is not None
    reversed_card = next(c for c, up in first.state.faces("spectator") if up)
    assert perf.state.cards("table.spectator") == (reversed_card,)
    # and the example performance, which never picks it, works
    assert perform(ROUTINE, {"rounds": 2}, PresetChooser(ROUTINE.example)).ok


@pytest.mark.parametrize("rounds", [3, 4, 5])
def test_three_to_five_exchanges_run_out_of_twos(rounds: int) -> None:
    outcome = perform(ROUTINE, {"rounds": rounds}, PresetChooser(_example(rounds)))
    assert outcome.failure is None
    problem = outcome.claim_errors["reversed-twos"]
    assert "in the left hand, not only 2s" in problem
    assert not verify(ROUTINE, {"rounds": rounds}, seed=7, examples=200).passed


@pytest.mark.parametrize("rounds", [1, 2, 3])
def test_the_literal_reading_fails_at_once(rounds: int) -> None:
    report = verify(ROUTINE, {"rounds": rounds, "reading": 1}, seed=3, examples=200)
    found = report.counterexample
    assert found is not None and found.failure is not None
    # with the deck face up, the card the performer lays in front shows its face
    assert found.failure.step.startswith("③") and "flash" in found.failure.message


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


def test_the_claims_read_what_the_audience_sees_at_the_spread() -> None:
    outcome = perform(ROUTINE, {"rounds": 2}, PresetChooser(ROUTINE.example))
    perf = outcome.performance
    for half in ("left", "spectator"):
        up = [card for card, face_up in perf.state.faces(half) if face_up]
        assert len(up) == 2 and all(card.rank == 2 for card in up)
        assert set(perf.seen(half)) == set(up)
    assert ROUTINE.claim("one-per-exchange").check(perf) is None
