"""The audience's view is checked whether or not a belief covers it: flashes, counts, backing,
the reveal, secret moves and end conditions, on small routines made for the purpose."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from conjure.deck import (
    Behind,
    Deal,
    DeckState,
    Forward,
    Insert,
    Peel,
    ShowTop,
    Spread,
    Take,
    Transfer,
    TurnOver,
)
from conjure.magic import (
    Claim,
    Outcome,
    Performance,
    Routine,
    cards_end_in,
    every,
    hands_empty,
    holds,
    perform,
)
from conjure.text import Text


def run(script: Callable[[Performance], None], *claims: Claim) -> Outcome:
    routine = Routine("t", "", "Test", "tests", "", "", "", "", script, claims=claims)
    return perform(routine)


def failure(outcome: Outcome) -> str:
    assert outcome.failure is not None, "the performance should have failed"
    return str(outcome.failure)


# -- flashes ---------------------------------------------------------------------------------------


def test_a_face_that_comes_into_view_unannounced_is_a_flash_naming_card_step_and_move() -> None:
    def script(p: Performance) -> None:
        p.start(DeckState.parse("left: AS QH"))
        p.step("②", "turn it over")
        p.do(TurnOver("left"))

    message = failure(run(script))
    assert message.startswith('step ②: the audience sees Q♥ in the left hand during "turn')
    assert "flash" in message


def test_the_same_move_made_on_purpose_is_no_flash() -> None:
    def script(p: Performance) -> None:
        p.start(DeckState.parse("left: AS QH"))
        p.step("②", "turn it over")
        p.show(TurnOver("left"))
        p.do(Transfer("left", "right"))  # the face stays in view: it was shown

    assert run(script).ok


def test_display_moves_show_on_purpose_wherever_they_are_written() -> None:
    def script(p: Performance) -> None:
        p.start(DeckState.parse("left: AS QH"))
        p.step("①", "show the top card")
        p.do(ShowTop("left"))

    assert run(script).ok


def test_a_face_shown_before_may_come_back_but_a_new_one_may_not() -> None:
    def script(peel_on_purpose: bool) -> Callable[[Performance], None]:
        def go(p: Performance) -> None:
            p.start(DeckState.parse("left: KS^ KH^ QD^"))
            p.step("①", "peel")
            p.show(Peel("left", "right"))  # K♥ comes into view on purpose
            p.do(Take("right", "left"))  # K♠ back on top, K♥ covered: both known
            p.do(Transfer("left", "table"))
            if peel_on_purpose:
                p.show(Peel("table", "right"), Peel("table", "right"))
            else:
                p.do(Peel("table", "right"), Peel("table", "right"))  # Q♦ shows: a flash

        return go

    assert run(script(True)).ok
    assert "Q♦" in failure(run(script(False)))


def test_a_face_up_card_handed_from_behind_the_back_onto_the_table_is_a_flash() -> None:
    def script(p: Performance) -> None:
        p.start(DeckState.parse("left: AS 2H^"))
        p.step("③", "behind the back")
        p.do(Behind())
        p.do(Take("left", "right", from_bottom=True), secret=True)
        p.do(Transfer("right", "table"))

    message = failure(run(script))
    assert message.startswith("step ③: the audience sees 2♥ in the table") and "flash" in message


def test_bringing_the_hands_forward_with_a_face_up_card_on_top_is_a_flash() -> None:
    def script(p: Performance) -> None:
        p.start(DeckState.parse("left: AS 2H^"))
        p.step("⑤", "secretly")
        p.do(Behind())
        p.do(Take("left", "right", from_bottom=True), Take("right", "left"), secret=True)
        p.do(Forward())

    message = failure(run(script))
    assert '2♥ in the left hand during "the performer brings' in message and "flash" in message


def test_a_face_up_card_pushed_into_a_packet_in_view_is_seen() -> None:
    def script(p: Performance) -> None:
        p.start(DeckState.parse("left: AS 2S 3S; right: KS 2H^"))  # 2♥ under the K♠
        p.step("⑤", "push them in")
        p.do(Insert("right", "left", 1, n=2))

    message = failure(run(script))
    assert message.startswith('step ⑤: the audience sees 2♥ in the left hand during "insert')


# -- counts and backing ----------------------------------------------------------------------------


def test_a_count_the_audience_is_told_is_checked_when_it_is_told() -> None:
    def script(n: int) -> Callable[[Performance], None]:
        def go(p: Performance) -> None:
            p.start(DeckState.parse("left: KS KH KD KC QS QH QD QC"))
            p.step("⑤", "split")
            p.do(Take("left", "right", n))
            p.believe(holds("right", 4), holds("left", 4))

        return go

    assert run(script(4)).ok
    message = failure(run(script(3)))
    assert message == (
        "step ⑤: the audience is told the right hand holds 4 cards, but the right hand holds "
        "3 cards, not 4"
    )


def test_one_card_said_to_be_one_is_one() -> None:
    def script(p: Performance) -> None:
        p.start(DeckState.parse("left: AS 2S 3S"))
        p.step("③", "lay a card in front")
        p.do(Take("left", "table", 2))
        p.believe(holds("table", 1, en="one card lies in front"))

    assert "told one card lies in front, but the table holds 2 cards, not 1" in failure(run(script))


@pytest.mark.parametrize(
    ("shows", "ok"),
    [
        (["top", "bottom"], True),
        (["top"], False),  # a display dropped
        (["top", "top"], False),  # the same card shown twice
    ],
)
def test_a_belief_rests_on_distinct_faces_shown_in_the_step(shows: list[str], ok: bool) -> None:
    from conjure.deck import ShowBottom

    def script(p: Performance) -> None:
        p.start(DeckState.parse("left: QS QH QD QC"))
        p.step("⑥", "show top and bottom")
        for which in shows:
            p.show(ShowTop("left") if which == "top" else ShowBottom("left"))
        p.believe(every("left", 12, en="four Queens", count=4, backed=2))

    outcome = run(script)
    assert outcome.ok is ok
    if not ok:
        assert "shown only 1 distinct card of the left hand in this step to back it, not 2" in (
            failure(outcome)
        )


def test_a_shown_face_that_contradicts_the_belief_does_not_back_it() -> None:
    def script(p: Performance) -> None:
        p.start(DeckState.parse("left: QS KH"))
        p.step("⑥", "")
        p.show(ShowTop("left"))
        p.do(Transfer("left", "table"))
        p.believe(every("table", 13, en="Kings", backed=1))

    assert "shown only 0 distinct cards" in failure(run(script))


# -- the reveal ------------------------------------------------------------------------------------


def _dealt_pair(p: Performance) -> str | None:
    seen = sorted(c.rank for c in p.seen("table.pair"))
    return None if seen == [12, 13] else f"the audience sees ranks {seen}"


PAIR = Claim("pair", "a King and a Queen are seen", check=_dealt_pair)


@pytest.mark.parametrize(
    ("how", "problem"),
    [
        ("reveal", None),
        ("face-down", "the audience sees ranks []"),  # dealt but never shown
        ("not-revealed", "the audience sees ranks []"),  # shown, but not as the reveal
        ("toward-self", "the audience sees ranks []"),
    ],
)
def test_a_claim_about_the_reveal_reads_what_the_audience_sees(how: str, problem: str) -> None:
    def script(p: Performance) -> None:
        p.start(DeckState.parse("left: KS QS 2C"))
        p.step("⑧", "deal a pair face up")
        if how == "reveal":
            p.reveal(Deal("left", "table.pair", 2, turn=True))
        elif how == "face-down":
            p.reveal(Deal("left", "table.pair", 2))
        elif how == "not-revealed":
            p.show(Deal("left", "table.pair", 2, turn=True))
        else:
            p.do(Deal("left", "table.pair", 2))
            p.reveal(Spread("table.pair", toward="self"))

    outcome = run(script, PAIR)
    assert outcome.failure is None
    assert outcome.claim_errors.get("pair") == problem


def test_the_reveal_remembers_every_face_of_a_spread_toward_the_audience() -> None:
    def script(p: Performance) -> None:
        p.start(DeckState.parse("left: AS 2H^ 3C 4D^"))
        p.step("⑥", "spread")
        p.reveal(Spread("left"))

    outcome = run(script)
    assert [str(c) for c in outcome.performance.seen("left")] == ["2♥", "4♦"]


# -- secrecy ---------------------------------------------------------------------------------------


def test_a_secret_move_is_checked_where_the_hands_are_when_it_runs() -> None:
    def script(forward_first: bool) -> Callable[[Performance], None]:
        def go(p: Performance) -> None:
            p.start(DeckState.parse("left: AS 2S"))
            p.step("⑤", "")
            p.do(Behind())
            if forward_first:
                p.do(Forward())
            p.do(Take("left", "right"), secret=True)

        return go

    assert run(script(False)).ok
    assert "secret move in view of the audience" in failure(run(script(True)))


def test_a_secret_move_onto_the_table_is_in_view() -> None:
    def script(p: Performance) -> None:
        p.start(DeckState.parse("left: AS 2S"))
        p.step("③", "")
        p.do(Behind())
        p.do(Take("left", "table"), secret=True)

    message = failure(run(script))
    assert "secret move in view of the audience" in message
    assert "(the table is always in view)" in message


# -- end conditions --------------------------------------------------------------------------------


def test_end_conditions_name_what_is_left_where() -> None:
    def script(p: Performance) -> None:
        p.start(DeckState.parse("left: AS 2S 3S"))
        p.step("⑧", "")
        p.do(Take("left", "table.pile", 2))

    outcome = run(script, hands_empty(), cards_end_in("table.pile"))
    assert outcome.claim_errors == {
        "hands-empty": "the left hand still holds 1 card",
        "accounted-for": "1 card left in the left hand, not in the table (pile)",
    }


# -- English only ----------------------------------------------------------------------------------


def test_an_english_only_routine_is_complete() -> None:
    def script(p: Performance) -> None:
        p.start(DeckState.parse("left: AS"))
        p.step("①", "Show the card.")
        p.show(ShowTop("left"))
        p.believe(every("left", 1, en="an Ace"))

    claim = Claim("ace", "the card is an Ace", check=lambda p: None)
    outcome = run(script, claim)
    assert outcome.ok
    step = outcome.performance.steps[0]
    assert step.narration("zh") == "Show the card." and claim.text.get("zh") == claim.en
    assert Text.of(step.text).get("en") == "Show the card."


def test_end_conditions_travel_to_worker_processes() -> None:
    import pickle

    claims = (hands_empty(but=["left"]), cards_end_in("left", "table"))
    for claim in claims:
        assert pickle.loads(pickle.dumps(claim)).check.__class__ is claim.check.__class__
