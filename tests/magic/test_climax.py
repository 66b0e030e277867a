"""The climax rule: a claim reads what the reveal shows now (face up, or displayed and left
where it was shown), not every face the audience ever saw; the history is there too."""

from __future__ import annotations

from conjure.deck import Deal, DeckState, ShowTop, Take, TurnCard
from conjure.magic import Performance, Routine, perform


def run(script: object) -> Performance:
    routine = Routine("c", "", "C", "tests", "", "", "", "", script)  # type: ignore[arg-type]
    outcome = perform(routine)
    assert outcome.failure is None, outcome.failure
    return outcome.performance


def test_a_pair_dealt_face_up_shows_both_cards() -> None:
    def script(p: Performance) -> None:
        p.start(DeckState.parse("left: KS QS 2C"))
        p.step("①", "deal a pair face up")
        p.reveal(Deal("left", "table.pair", 2, turn=True))

    p = run(script)
    assert [str(c) for c in p.showing("table.pair")] == ["Q♠", "K♠"]


def test_a_card_seen_at_the_reveal_and_then_face_down_is_not_shown() -> None:
    def script(p: Performance) -> None:
        # the King lies reversed: it is seen as the top card comes off, then dealt face down
        p.start(DeckState.parse("left: QS KS^ 2C"))
        p.step("①", "deal the top card face up, then the next")
        p.reveal(Deal("left", "table.pair", 1, turn=True), Deal("left", "table.pair", 1, turn=True))

    p = run(script)
    assert [str(c) for c in p.seen("table.pair")] == ["K♠", "Q♠"]  # the history
    assert [str(c) for c in p.showing("table.pair")] == ["Q♠"]  # what the climax shows


def test_a_displayed_card_is_shown_while_it_stays_where_it_was_shown() -> None:
    def script(p: Performance) -> None:
        p.start(DeckState.parse("left: KS QS"))
        p.step("①", "show the top card, face down as it lies")
        p.reveal(ShowTop("left"))
        p.values["shown"] = p.showing("left")
        p.step("②", "then put it away")
        p.do(Take("left", "table"))

    p = run(script)
    assert [str(c) for c in p.values["shown"]] == ["K♠"]
    assert p.showing("table") == () and p.showing("left") == ()


def test_a_card_turned_face_down_after_the_reveal_is_no_longer_shown() -> None:
    def script(p: Performance) -> None:
        p.start(DeckState.parse("table: KS^"))
        p.step("①", "the King face up")
        p.reveal(ShowTop("table"))
        p.values["before"] = p.showing("table")
        p.do(TurnCard("table", 0))

    p = run(script)
    assert len(p.values["before"]) == 1 and p.showing("table") == ()
