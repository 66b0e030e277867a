"""Options and moves that say no to nonsense: a named engine bounds the run, a space too large
to solve is bad input, a parameter given twice is refused, degenerate moves are refused, a slip
that stops the script is fatal, and an interrupted explain or slips says what it covered."""

from __future__ import annotations

import pytest

from conjure.cli import main
from conjure.deck import DeckState, Peel, TurnOver
from conjure.errors import Interrupted
from conjure.magic import Claim, Performance, Routine, verify
from conjure.magic.explain import explain
from conjure.magic.slips import check_slips
from conjure_routines import courting_kings


def test_a_named_search_engine_runs_only_the_examples_asked_for() -> None:
    for engine in ("hypothesis", "random"):
        report = verify(courting_kings.ROUTINE, engine=engine, examples=20, seed=3)
        assert report.mode == "search" and report.verdict == "no counter-example"
        assert report.cases <= 20  # never the 576 of the walk
        assert any(engine in note for note in report.notes)


def test_without_an_engine_a_small_routine_is_still_walked() -> None:
    assert verify(courting_kings.ROUTINE, examples=20).proved


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["solve", "each-gets-two", "one-per-exchange"], "too many to solve for: about 2.45e+73"),
        (
            ["verify", "each-gets-two", "--param", "rounds=1", "--param", "rounds=2"],
            "--param rounds is given twice ('1' and '2')",
        ),
        (["verify", "courting-kings", "--param", "rounds＝1"], "has no parameter 'rounds'"),
        (["show", "left: AS 2S", "--move", "Peel left right 0"], "a move of no cards is no move"),
        (["show", "left: AS 2S", "--move", "CompleteCut left 2"], "cards on both sides"),
        (["show", "left: KS QS", "--move", "Cull left KS,KS"], "K♠ named twice"),
    ],
)
def test_nonsense_is_refused_in_one_line_with_exit_2_or_3(
    args: list[str], needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(args)
    err = capsys.readouterr().err
    assert code in (2, 3), err
    assert needle in err and len(err.strip().splitlines()) == 1, err


def test_a_full_width_equals_sign_reads_as_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "each-gets-two", "--param", "rounds＝1", "--param", "reading=1"]) == 1
    assert "rounds=1, reading=1" in capsys.readouterr().out


def _brittle(p: Performance) -> None:
    p.start(DeckState.parse("left: AS 2S 3S"))
    p.step("①", "turn the packet face up")
    p.show(TurnOver("left"))
    p.step("②", "peel the top card")
    p.show(Peel("left", "right"))
    # the script reads a card that only its own moves put there: a slip can take it away
    top = p.state.cards("right")[0]
    p.step("③", f"name the {top}")


BRITTLE = Routine(
    "brittle", "", "Brittle", "tests", "", "", "", "", _brittle,
    claims=(Claim("ok", "always", check=lambda _p: None),),
)  # fmt: skip


def test_a_slip_that_stops_the_script_is_fatal_and_the_report_goes_on() -> None:
    report = check_slips(BRITTLE)
    omitted = [r for r in report.results if r.slip.step == "②" and r.slip.kind == "omit"]
    assert len(omitted) == 1 and omitted[0].fatal and omitted[0].how == "error"
    assert "cannot go on" in omitted[0].reason.en
    assert len(report.results) > 3  # the other slips were checked too


def _interrupting(after: int) -> Routine:
    count = [0]

    def script(p: Performance) -> None:
        count[0] += 1
        if count[0] > after:
            raise KeyboardInterrupt
        courting_kings.script(p)

    return Routine(
        "ck", "", "CK", "tests", "", "", "", "", script, claims=courting_kings.ROUTINE.claims
    )


def test_an_interrupted_explain_says_what_it_had_covered() -> None:
    with pytest.raises(Interrupted) as caught:
        explain(_interrupting(40))
    said = str(caught.value)  # the size was estimated first, from 16 performances
    assert said.startswith("after 24 of 576 cases run one by one: 0 failing so far")


def test_interrupted_slips_say_what_they_had_checked() -> None:
    with pytest.raises(Interrupted) as caught:
        check_slips(_interrupting(25))
    said = str(caught.value)
    assert said.startswith("after ") and " slips checked: " in said and " fatal so far" in said
