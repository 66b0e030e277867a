"""Routines built on the moves of the literature: a riffle as the spectator's choice (counted
exactly, shrunk to the least shuffled riffle), a double lift's two views, a glimpse relied on,
and every choice in the trace, even one made before the first step."""

from __future__ import annotations

import math
from collections.abc import Callable

import pytest

from conjure.deck import (
    CARDS,
    Card,
    CompleteCut,
    Deal,
    DeckState,
    DoubleLift,
    Faro,
    Glimpse,
    Riffle,
    Riffles,
    ShowTop,
    Take,
    TopToBottom,
    Transfer,
    TurnCard,
    stack,
)
from conjure.errors import UsageError
from conjure.magic import (
    Belief,
    Claim,
    Performance,
    Routine,
    knows,
    perform,
    stack_is,
    verify,
)
from conjure.magic.choices import PresetChooser
from conjure.magic.trace import format_outcome, outcome_json


def make(script: Callable[[Performance], None], *claims: Claim) -> Routine:
    return Routine("t", "", "Test", "tests", "", "", "", "", script, claims=claims)


def top_stays(p: Performance) -> str | None:
    top = p.state.cards("left")[0]
    return None if top == CARDS[0] else f"{top} is on top"


def riffle_script(size: int) -> Callable[[Performance], None]:
    def script(p: Performance) -> None:
        p.start(DeckState.from_cards("left", CARDS[:size]))
        p.step("①", "The spectator riffles the deck")
        p.do(p.choose("riffle", Riffles("left", size), en="how the halves fall"))

    return script


def test_a_riffle_choice_is_counted_exactly_and_walked() -> None:
    routine = make(riffle_script(8), Claim("top", "the ace stays on top", check=top_stays))
    report = verify(routine)
    assert report.space == 2**8 - 2 and report.verdict == "refuted"
    assert report.cases == 2  # the walk meets the failing cut second, right after the identity
    riffle = report.counterexample.performance.values["riffle"]
    # the first failing case of the walk is the least shuffled: a plain cut
    assert isinstance(riffle, Riffle) and riffle.alternations == 1


def test_a_failing_riffle_found_by_search_is_shrunk_to_few_alternations() -> None:
    routine = make(riffle_script(52), Claim("top", "the ace stays on top", check=top_stays))
    report = verify(routine, exhaustive_limit=1, seed=3, examples=200)
    assert report.mode == "search" and report.verdict == "refuted"
    riffle = report.counterexample.performance.values["riffle"]
    assert riffle.pattern.startswith("B") and riffle.alternations <= 2
    assert report.space == 2**52 - 2  # every path offers the same riffles: counted exactly
    text = format_outcome(report.counterexample)
    assert f"of {2**52 - 2:,})" in text and "runs (" in text


def test_a_choice_made_before_the_first_step_is_in_the_trace() -> None:
    def script(p: Performance) -> None:
        n = p.choose("n", range(0, 4), en="a number the spectator names")
        p.start(DeckState.from_cards("left", CARDS[:3]))
        p.step("①", "Move {n} cards from the top to the bottom")
        if n:  # a move of no cards is no move
            p.do(TopToBottom("left", n))

    outcome = perform(make(script))
    assert outcome.ok
    text = format_outcome(outcome)
    assert "spectator: n = 0 (a number the spectator names; #0 of 4)" in text.splitlines()[1]
    assert "① Move 0 cards from the top to the bottom" in text
    assert outcome_json(outcome)["setup"] == {"n": "0"}
    assert verify(make(script)).verdict == "proved"


def double_lift_script(p: Performance) -> None:
    p.start(DeckState.parse("left: AS 2S 3S"))
    p.step("①", "Show the top card")
    p.show(DoubleLift("left"))
    two = Card("2S")
    p.believe(Belief("left", "the top card is the 2S", test=lambda d, _n, c: d > 0 or c == two))
    p.do(DoubleLift("left"))
    p.step("②", "Put it on the table")
    p.do(Take("left", "table"))
    p.believe(Belief("table", "the card on the table is the 2S", test=lambda _d, _n, c: c == two))


def test_a_double_lift_keeps_both_views() -> None:
    outcome = perform(make(double_lift_script))
    assert outcome.ok
    perf = outcome.performance
    first = perf.steps[0]
    assert first.shown == {Card("2S").code}  # the audience saw the 2S …
    assert perf.state.cards("table") == (Card("AS"),)  # … the ace is what lies on the table
    assert Card("AS").code not in perf.known  # and the audience never saw the ace


def test_showing_the_card_after_a_double_lift_contradicts_the_belief() -> None:
    def script(p: Performance) -> None:
        double_lift_script(p)
        p.step("③", "Turn the tabled card over")
        p.show(TurnCard("table"))

    outcome = perform(make(script))
    assert outcome.failure is not None and outcome.failure.step == "③"
    assert "sees A♠ in the table" in outcome.failure.message
    assert "believes the card on the table is the 2S" in outcome.failure.message


def test_a_double_lift_made_without_showing_is_a_flash() -> None:
    def script(p: Performance) -> None:
        p.start(DeckState.parse("left: AS 2S 3S"))
        p.step("①", "")
        p.do(DoubleLift("left"))

    outcome = perform(make(script))
    assert outcome.failure is not None and "sees 2♠" in outcome.failure.message


def key_card_script(glimpse: bool) -> Callable[[Performance], None]:
    def script(p: Performance) -> None:
        p.start(DeckState.from_cards("left", CARDS[:10]))
        p.step("①", "Glimpse the bottom card")
        if glimpse:
            p.do(Glimpse("left", from_bottom=True))
        p.step("②", "The spectator cuts; the card after the key is theirs")
        cut = p.choose("cut", range(1, 10))
        p.do(TopToBottom("left", cut))
        p.expect(knows(CARDS[9]))
        p.show(ShowTop("left"))

    return script


def test_a_routine_relying_on_a_glimpse_is_checked() -> None:
    assert verify(make(key_card_script(True))).verdict == "proved"
    report = verify(make(key_card_script(False)))
    assert report.verdict == "refuted"
    failure = report.counterexample.failure
    assert failure.step == "②" and "the performer never glimpsed 10♠" in failure.message


def test_riffles_give_the_verifier_an_exact_count_per_cut() -> None:
    def script(p: Performance) -> None:
        p.start(DeckState.from_cards("left", CARDS[:10]))
        p.step("①", "The spectator cuts and riffles")
        k = p.choose("cut", range(0, 11))
        p.do(p.choose("riffle", Riffles("left", 10, cut=k)))

    report = verify(make(script))
    assert report.proved and report.cases == sum(math.comb(10, k) for k in range(11)) == 2**10


def tamariz(split: int) -> Callable[[Performance], None]:
    """Mnemonica from the European new-deck order, one move per step of the book."""

    def script(p: Performance) -> None:
        p.start(DeckState.from_cards("left", stack("new-deck-european").cards))
        p.step("①", "Four out-faros")
        p.do(*[Faro("left")] * 4)
        p.step("②", "Deal 26 cards into a pile and put them back on top")
        p.do(Deal("left", "table", 26), Transfer("table", "left"))
        p.step("③", "Cut 18 and faro them into the other 34")
        p.do(Faro("left", split=split))
        p.step("④", "Cut 9 cards from the top to the bottom")
        p.do(CompleteCut("left", 9))
        p.expect(stack_is("left", "mnemonica"))

    return script


def test_mnemonica_built_by_tamariz_construction_is_proved() -> None:
    assert verify(make(tamariz(18))).verdict == "proved"
    failure = perform(make(tamariz(17))).failure  # a wrong split, named where it shows
    assert failure is not None and failure.step == "④" and "mnemonica" in failure.message


def test_a_riffle_is_given_by_its_pattern_on_the_command_line() -> None:
    riffles = Riffles("left", 52, cut=26)
    assert PresetChooser({"riffle": "26T26B"}).pick("spectator", "riffle", riffles) == 0
    faro = PresetChooser({"riffle": "TB" * 26}).pick("spectator", "riffle", riffles)
    assert riffles[faro] == Riffle("left", "TB" * 26)
    with pytest.raises(UsageError) as caught:
        PresetChooser({"riffle": "TTX"}).pick("spectator", "riffle", riffles)
    message = str(caught.value)
    assert message.startswith("riffle: 'TTX' is not allowed here (one of its 4.959e+14 options")
    assert "\n" not in message and len(message) < 200
