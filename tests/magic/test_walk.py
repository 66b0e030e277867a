"""The merging walk: exhaustive, sound where the script keeps state, and honest about where it
cannot merge; card abstraction refused where a performance reads what it erased."""

from __future__ import annotations

import importlib
import math
import os
from collections.abc import Callable
from typing import Any

import pytest

from conjure.deck import Card, Deal, DeckState, Peel, parse_cards
from conjure.magic import (
    Claim,
    Performance,
    Routine,
    interchangeable,
    verify,
)
from conjure.magic.walk import Walk
from conjure_routines import each_gets_two, gilbreath


def make(script: Callable[[Performance], None], *claims: Claim, cards: object = None) -> Routine:
    return Routine(
        "t", "", "Test", "tests", "", "", "", "", script, claims=claims, interchangeable=cards
    )


def ok(_p: Performance) -> str | None:
    return None


# -- merging ----------------------------------------------------------------------------------


def _deal_some(p: Performance, name: str) -> None:
    p.step(name, "deal one or two")
    n = p.choose(name, range(1, 3))
    p.do(Deal("left", "table", n))


def merging_script(p: Performance) -> None:
    p.start(DeckState.parse("left: AS 2S 3S 4S 5S 6S 7S 8S"))
    _deal_some(p, "a")
    _deal_some(p, "b")
    _deal_some(p, "c")
    p.step("end", "square up")


MERGING = make(merging_script, Claim("ok", "always", check=ok))


def test_merging_walks_every_case_and_runs_fewer_performances() -> None:
    merged = verify(MERGING)
    plain = verify(MERGING, merge=False)
    assert merged.proved and plain.proved
    assert merged.cases == plain.cases == 8  # counted exactly, merged or not
    # after a: 1 and b: 2 the table holds the same three cards as after a: 2 and b: 1
    assert merged.merged > 0 and merged.runs < plain.runs
    assert plain.merged == 0


def local_script(p: Performance) -> None:
    p.start(DeckState.parse("left: AS 2S"))
    p.step("①", "the spectator thinks of a number")
    x = p.choose("x", range(3))
    p.step("②", "nothing happens to the cards")  # the same position whatever x is
    if x == 2:
        p.do(Peel("left", "right"))


def test_a_local_the_rest_of_the_script_reads_keeps_situations_apart() -> None:
    from conjure.magic import hands_empty

    report = verify(make(local_script, hands_empty(but=("left",))))
    assert report.verdict == "refuted"
    assert report.counterexample is not None
    assert report.counterexample.performance.values["x"] == 2


def values_script(p: Performance) -> None:
    p.start(DeckState.parse("left: AS 2S"))
    p.step("①", "the spectator thinks of a number")
    _think(p)
    p.step("②", "nothing happens to the cards")


def _think(p: Performance) -> None:
    p.choose("x", range(3))  # kept only in p.values, read by the claim


def not_two(p: Performance) -> str | None:
    return "the spectator thought of 2" if p.values["x"] == 2 else None


def test_a_value_a_claim_reads_keeps_situations_apart() -> None:
    report = verify(make(values_script, Claim("not-two", "x is not 2", check=not_two)))
    assert report.verdict == "refuted"
    assert report.counterexample is not None
    assert report.counterexample.performance.values["x"] == 2


def loop_script(p: Performance) -> None:
    p.start(DeckState.parse("left: AS 2S 3S"))
    for number in ("①", "②"):
        p.step(number, "deal one")
        p.do(Deal("left", "table"))
    hold = [p.choose("x", range(2))]
    p.step("③", "done")
    assert hold


def test_steps_in_a_for_loop_or_with_a_list_are_not_merged_and_the_report_says_why() -> None:
    report = verify(make(loop_script, Claim("ok", "always", check=ok)))
    assert report.proved and report.merged == 0
    notes = " ".join(report.notes)
    assert "no merging at step ①: the step is made inside a for loop" in notes
    assert "no merging at step ③: the local hold holds a list" in notes


# -- card abstraction ---------------------------------------------------------------------------

FOUR = parse_cards("AH AS 2H 2S")  # two red, two black


def top_is_red_script(p: Performance) -> None:
    p.start(DeckState.from_cards("left", p.arrange_order("order", FOUR)))
    p.step("①", "show the top card")


def top_is_red(p: Performance) -> str | None:
    return None if p.state.cards("left")[0].is_red else "the top card is black"


def test_an_abstraction_that_erases_what_a_claim_reads_is_refused() -> None:
    everything = interchangeable(FOUR, lambda c: "a card")
    routine = make(top_is_red_script, Claim("red", "the top is red", check=top_is_red))
    # over the one class the only order walked is the one given, red on top: taken at its
    # word the abstraction would prove a claim that fails for half the orders
    walked = Walk(routine, {}, routine.claims, abstraction=everything).run()
    assert walked.failing is None and not walked.complete
    assert "reads the is_red of" in walked.abstraction_refused
    report = verify(routine, abstraction=everything)
    assert report.verdict == "refuted" and report.abstraction == ""
    assert any("not interchangeable as declared" in note for note in report.notes)
    assert report.counterexample is not None
    assert not report.counterexample.performance.state.cards("left")[0].is_red


def test_an_abstraction_by_colour_proves_the_same_claim_wrong_or_right() -> None:
    by_colour = interchangeable(FOUR, lambda c: c.is_red)
    routine = make(top_is_red_script, Claim("red", "the top is red", check=top_is_red))
    report = verify(routine, abstraction=by_colour)
    assert report.verdict == "refuted" and report.abstraction  # colours kept: a real case
    assert report.runs < 24  # 6 orders of the colours at most, not 24 of the cards


def named_script(p: Performance) -> None:
    p.start(DeckState.from_cards("left", p.arrange_order("order", FOUR)))
    p.step("①", "find the ace of hearts")
    p.values["where"] = p.state.cards("left").index(Card("AH"))


def test_a_card_built_by_name_refuses_the_abstraction() -> None:
    walked = Walk(
        make(named_script, Claim("ok", "always", check=ok)),
        {},
        (),
        abstraction=interchangeable(FOUR, lambda c: c.is_red),
    ).run()
    assert "builds A♥ by name" in walked.abstraction_refused


def test_gilbreath_is_proved_over_every_deal_and_riffle_by_colour() -> None:
    report = verify(gilbreath.ROUTINE, {"pairs": 4})
    assert report.proved and report.abstraction
    # 7 deals, every riffle of each: 2^8 - 2 over the colours, times 4! orders of each colour
    assert report.cases == (2**8 - 2) * 24 * 24
    # walked card by card, riffles that leave the same situation halfway are met as one
    assert report.runs < 2**8 - 2 and report.merged > 0


def test_the_walk_shared_between_processes_finds_the_same(monkeypatch: Any) -> None:
    import conjure.parallel

    verifier = importlib.import_module("conjure.magic.verifier")
    # every card told apart, so that the first choice (the deal) has options to share
    one = verify(gilbreath.ROUTINE, {"pairs": 3}, abstraction=False)
    monkeypatch.setattr(verifier, "PARALLEL_FROM", 0)  # share even this small walk
    started: list[int] = []
    real = conjure.parallel.backend

    def backend(executor: Any, workers: int) -> Any:
        started.append(workers)
        return real(executor, workers)

    monkeypatch.setattr(conjure.parallel, "backend", backend)
    two = verify(gilbreath.ROUTINE, {"pairs": 3}, workers=2, abstraction=False)
    assert started == [2]
    assert one.proved and two.proved and one.cases == two.cases


def test_a_small_walk_stays_in_this_process(monkeypatch: Any) -> None:
    import conjure.parallel

    def no_workers(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a small walk started workers")

    monkeypatch.setattr(conjure.parallel, "backend", no_workers)
    assert verify(gilbreath.ROUTINE, {"pairs": 3}, workers=2).proved


def test_each_gets_two_is_refuted_at_two_exchanges_by_the_reversed_two_picked_again() -> None:
    report = verify(each_gets_two.ROUTINE, {"rounds": 2})
    assert report.mode == "exhaustive" and report.verdict == "refuted"
    found = report.counterexample
    assert found is not None and found.failure is not None
    assert found.failure.step == "③·2" and found.failure.kind == "flash"
    values = found.performance.values
    # the spectator takes, second time round, the very card they pushed in the first time
    assert values["pick2"] == values["insert1"]


@pytest.mark.skipif(
    bool(os.environ.get("CI")), reason="the proof runs about 280,000 performances (a minute)"
)
def test_each_gets_two_is_proved_at_one_exchange_over_every_case() -> None:
    report = verify(each_gets_two.ROUTINE, {"rounds": 1}, workers=1)
    assert report.proved and report.abstraction
    # every deck order, then for a cut of c cards: c picks, c - 1 places to push the card in,
    # and 47 - c places for the performer's reversed 2
    expected = math.factorial(52) * sum(c * (c - 1) * (47 - c) for c in range(13, 40))
    assert report.cases == expected


def test_a_walk_past_its_memory_bound_stops_and_the_verifier_samples(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import itertools

    from conjure.magic import walk as walking

    grows = itertools.count()  # a process that holds a gigabyte more at every look
    monkeypatch.setattr(walking, "_resident", lambda: next(grows) * 2**30)
    report = verify(gilbreath.ROUTINE, {"pairs": 8}, examples=50, seed=1)
    assert report.mode == "search" and report.verdict == "no counter-example"
    assert any("filled the memory allowed" in note for note in report.notes)


def test_the_full_deck_is_proved_with_the_exact_count_of_cases() -> None:
    report = verify(gilbreath.ROUTINE, {"pairs": 26})
    assert report.proved and report.space_exact
    assert report.cases == (2**52 - 2) * math.factorial(26) ** 2
    quartets = verify(gilbreath.SUITS, {"quartets": 4})
    # 16 cards in four suits: every deal d of 1..15, every riffle, 4! orders of each suit
    riffles = sum(math.comb(16, d) for d in range(1, 16))
    assert quartets.proved and quartets.cases == riffles * math.factorial(4) ** 4
