"""Counts show the audience one side of a card at each count: recorded count by count, read by
claims, and checked against what the audience believes at the count itself."""

from __future__ import annotations

from conjure.deck import Behind, DeckState, ElmsleyCount, Forward, Peel, Spread, TurnCard
from conjure.magic import Belief, Claim, Performance, Routine, perform, verify


def no_face(_depth: int, _size: int, _card: object) -> bool:
    return False  # any face seen there contradicts the belief


def twist(depth: int) -> Routine:
    """A twist of the Aces: one Ace reversed behind the back, then an Elmsley count that must
    show four backs (the reversed Ace third, the one card the count never shows)."""

    def script(p: Performance) -> None:
        p.start(DeckState.parse("left: AS AH AC AD"))
        p.step("①", "Behind the back, give the packet a twist; then count the four cards")
        p.do(Behind("performer"))
        p.do(TurnCard("left", depth), secret=True)
        p.do(Forward("performer"))
        p.believe(Belief("right", "the audience sees four backs", test=no_face))
        p.show(ElmsleyCount("left", "right"))
        p.step("②", "Spread them: one Ace has turned face up")
        p.forget()
        p.reveal(Spread("right", "audience"))

    def one_ace_up(p: Performance) -> str | None:
        shown = p.showing("right")
        return None if len(shown) == 1 else f"{len(shown)} cards face up"

    claim = Claim("one-up", "one Ace faces up", check=one_ace_up)
    return Routine("twist", "", "Twist", "tests", "", "", "", "", script, claims=(claim,))


def test_an_elmsley_count_shows_four_backs_and_hides_the_third_card() -> None:
    outcome = perform(twist(2))
    assert outcome.ok, outcome.failure
    (count,) = outcome.performance.counted("right")
    assert count.text().en == "back, back, back, back" and count.faces == ()
    assert count.text().zh == "背面、背面、背面、背面"
    assert verify(twist(2)).proved


def test_a_reversed_card_the_count_shows_is_caught_at_that_count() -> None:
    # the Ace reversed fourth comes up at the third count: the belief fails there, in step ①,
    # not later at the spread
    outcome = perform(twist(3))
    assert outcome.failure is not None and outcome.failure.step == "①"
    assert outcome.failure.kind == "belief" and "A♦" in outcome.failure.message
    (count,) = outcome.performance.counted("right")
    assert count.text().en == "back, back, A♦, back"


def test_a_peel_is_an_honest_count_every_card_seen_once() -> None:
    def script(p: Performance) -> None:
        p.start(DeckState.parse("left: AS^ 2S 3S"))
        p.step("①", "Peel the three cards into the right hand")
        p.show(Peel("left", "right", 3))

    routine = Routine("peel", "", "Peel", "tests", "", "", "", "", script)
    (count,) = perform(routine).performance.counted()
    assert count.place == "right" and count.text().en == "A♠, back, back"


def test_a_count_behind_the_back_shows_nothing() -> None:
    def script(p: Performance) -> None:
        p.start(DeckState.parse("left: AS 2S 3S 4S"))
        p.step("①", "Count behind the back")
        p.do(Behind("performer"), ElmsleyCount("left", "right"), Forward("performer"))

    routine = Routine("hidden", "", "Hidden", "tests", "", "", "", "", script)
    assert perform(routine).performance.counted() == ()
