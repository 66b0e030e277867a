"""A rehearsal made for 52 cards: the set-up panel, the full view, collapsed moves, chosen
values in the narration, and ids kept whole at 80 columns."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from conjure.deck import Card, Deal, DeckState, new_deck_order
from conjure.magic import Performance, Routine, perform
from conjure.magic.trace import collapsed, format_outcome
from conjure.view.rehearsal import rehearse, render_setup, render_step


def deal_half(p: Performance) -> None:
    p.start(DeckState.from_cards({"left": new_deck_order()}))
    p.step("①", en="The spectator names a number: {n}")
    n = p.choose("n", range(20, 27), en="how many to deal")
    p.do(*[Deal("left", "table")] * n)


ROUTINE = Routine("deal-half", "", "Deal Half", "tests", "", "", "A new deck", "", deal_half)


def shown(renderable: object, width: int = 80) -> str:
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(renderable)
    return out.getvalue()


def test_the_set_up_panel_shows_the_starting_deck_in_full() -> None:
    perf = perform(ROUTINE).performance
    text = shown(render_setup(perf, "en", full=True))
    assert "The starting deck" in text and "(52)" in text
    for card in new_deck_order():
        assert f"[{card}]" in text
    assert "more…" not in text


def test_the_full_view_shows_every_card_of_every_packet() -> None:
    perf = perform(ROUTINE).performance
    folded = shown(render_step(perf, 0, "en"))
    full = shown(render_step(perf, 0, "en", full=True))
    assert "more…" in folded
    performer = full.split("Audience")[0]
    assert "more…" not in performer
    for card in perf.steps[0].state.cards("left") + perf.steps[0].state.cards("table"):  # type: ignore[union-attr]
        assert str(card) in performer


def test_repeated_moves_are_one_line() -> None:
    perf = perform(ROUTINE).performance
    lines = collapsed(perf.steps[0].moves, "en")
    assert len(lines) == 1 and lines[0].startswith("20 times, one after another: ")
    assert collapsed([Deal("left", "table"), Deal("left", "right")], "en")[0].startswith("Deal")
    assert "20 times" in format_outcome(perform(ROUTINE), "en")


def test_a_chosen_value_fills_its_field_in_the_narration() -> None:
    from conjure.magic import PresetChooser

    outcome = perform(ROUTINE, chooser=PresetChooser({"n": "23"}))
    assert "The spectator names a number: 23" in shown(render_step(outcome.performance, 0))
    assert "① The spectator names a number: 23" in format_outcome(outcome, "en")


def test_a_field_naming_no_choice_is_left_as_written() -> None:
    def script(p: Performance) -> None:
        p.start(DeckState.parse("left: AS"))
        p.step("①", en="say {nothing} and {}")

    outcome = perform(Routine("t", "", "T", "tests", "", "", "", "", script))
    assert "① say {nothing} and {}" in format_outcome(outcome, "en")


def test_rehearse_full_prints_the_set_up_first(capsys: pytest.CaptureFixture[str]) -> None:
    assert rehearse(ROUTINE, lang="en", all_steps=True, full=True) == 0
    out = capsys.readouterr().out
    assert out.index("Set-up") < out.index("Step ①")
    assert str(Card("KS")) in out


def test_ids_are_never_cut_at_80_columns(capsys: pytest.CaptureFixture[str]) -> None:
    from conjure.cli.common import print_rows

    long_id = "a-very-long-routine-identifier-of-forty-one"
    row = (long_id, "名字 / A name that is rather long indeed", "a source", "-", "claim-one")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("COLUMNS", "80")
        print_rows("conjure routines", ("id", "name", "source", "parameters", "claims"), [row])
    out = capsys.readouterr().out
    assert long_id in out
    assert max(len(line) for line in out.splitlines()) <= 80
