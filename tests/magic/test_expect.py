"""Checks at any step: ``Performance.expect`` and its helpers."""

from __future__ import annotations

import pytest

from conjure.deck import CompleteCut, DeckState, Peel, stack
from conjure.magic import Performance, Routine, card_at, count, order, perform, stack_is


def make(script) -> Routine:  # type: ignore[no-untyped-def]
    return Routine("t", "", "T", "tests", "", "", "", "", script)


def deal_three(p: Performance) -> None:
    p.start(DeckState.parse("left: AS 2S 3S 4S 5S"))
    p.step("①", en="deal")
    p.do(Peel("left", "table"), Peel("left", "table"), Peel("left", "table"))
    p.step("②", en="check")
    p.expect(count("table", 3), order("table", "3S 2S AS"), card_at("left", 1, "4S"))


def test_expectations_that_hold_pass() -> None:
    assert perform(make(deal_three)).ok


def test_a_failure_names_the_step_and_the_move_after_which_it_first_fails() -> None:
    def script(p: Performance) -> None:
        p.start(DeckState.parse("left: AS 2S 3S 4S 5S"))
        p.step("①", en="deal three")
        p.do(Peel("left", "table"), Peel("left", "table"))
        p.do(Peel("left", "table"), Peel("table", "left"))
        p.expect(count("left", 2))

    outcome = perform(make(script))
    assert outcome.failure is not None
    assert str(outcome.failure) == (
        "step ①: expected the left hand holds 2 cards, but the left hand holds 3 cards, not 2 "
        "(first after move 4 of 4: peel 1 card from the table onto the left hand)"
    )


def test_a_failure_that_held_then_broke_names_the_breaking_move() -> None:
    def script(p: Performance) -> None:
        p.start(DeckState.parse("left: AS 2S 3S"))
        p.step("①", en="")
        p.do(Peel("left", "table"), Peel("left", "table"), Peel("left", "table"))
        p.expect(card_at("table", -1, "AS"), count("left", 1))

    failure = perform(make(script)).failure
    assert failure is not None and failure.step == "①"
    assert "but the left hand holds 0 cards, not 1" in str(failure)
    assert "first after move 3 of 3" in str(failure)


def test_a_failure_before_the_step_moves_says_so() -> None:
    def script(p: Performance) -> None:
        p.start(DeckState.parse("left: AS 2S 3S"))
        p.step("①", en="")
        p.do(Peel("left", "table"))
        p.step("②", en="")
        p.do(Peel("left", "table"))
        p.expect(order("left", "AS"))

    failure = perform(make(script)).failure
    assert failure is not None and failure.step == "②"
    assert "position 1 of the left hand is 3♠, not A♠" in str(failure)
    assert "already failed when the step began" in str(failure)


def test_a_packet_equal_to_a_named_stack() -> None:
    si = stack("si-stebbins")

    def script(p: Performance) -> None:
        p.start(DeckState({"table": bytes(c.code for c in si.cards)}))
        p.step("①", en="cut")
        p.do(CompleteCut("table", 10))
        p.expect(stack_is("table", "si-stebbins", cut=True))
        p.expect(stack_is("table", "si-stebbins"))

    failure = perform(make(script)).failure
    assert failure is not None
    assert "as in si-stebbins" in str(failure)
    assert "first after move 1 of 1" in str(failure)


@pytest.mark.parametrize("place", ["table", "left"])
def test_a_short_packet_is_named(place: str) -> None:
    def script(p: Performance) -> None:
        p.start(DeckState.parse(f"{place}: AS 2S"))
        p.step("①", en="")
        p.expect(stack_is(place, "mnemonica"))

    failure = perform(make(script)).failure
    assert failure is not None and "holds 2 cards, the stack 52" in str(failure)
