"""Every case ends in a verdict; the shrinker never crashes; the space is estimated over the
whole tree; the words and exit codes tell a proof from a sample."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conjure import hookimpl
from conjure.deck import DeckState, Peel, Take, parse_move
from conjure.errors import NotationError, UsageError
from conjure.magic import Claim, Param, Performance, Routine, perform, verify
from conjure.magic.choices import PresetChooser
from conjure.magic.report import exit_code
from conjure.magic.search import estimate_space, fails, shrink


def make(script: Callable[[Performance], None], *claims: Claim, rid: str = "t") -> Routine:
    return Routine(rid, "", "Test", "tests", "", "", "", "", script, claims=claims)


# -- every case ends in a verdict ------------------------------------------------------------------


def take_n_script(p: Performance) -> None:
    p.start(DeckState.parse("left: AS 2S 3S"))
    p.step("①", "the spectator names a number")
    n = p.choose("n", range(0, 4))
    p.step("②", "take that many")
    # n=0 builds a move of -1 cards, which no move can take (a move of 0 cards is a no-op)
    p.do(Take("left", "right", n - 1))


TAKE_N = make(take_n_script)


def test_an_invalid_move_built_from_a_choice_fails_that_case_at_its_step() -> None:
    outcome = perform(TAKE_N)
    assert outcome.failure is not None and outcome.error is None
    assert outcome.failure.step == "②" and "n must be 1 or more" in outcome.failure.message
    report = verify(TAKE_N)
    assert report.verdict == "refuted" and report.cases == 1
    assert report.counterexample is not None
    assert report.counterexample.performance.values["n"] == 0


def test_an_invalid_move_found_by_a_search_is_shrunk() -> None:
    report = verify(TAKE_N, exhaustive_limit=1, seed=4, examples=50)
    assert report.mode == "search" and report.verdict == "refuted"
    assert report.counterexample is not None and report.counterexample.choice_indices() == [0]


def buggy_script(p: Performance) -> None:
    p.start(DeckState.parse("left: AS 2S"))
    p.step("①", "")
    k = p.choose("k", range(3))
    p.step("②", "")
    p.values["ratio"] = 1 / (2 - k)  # a bug of the routine's own: k=2 divides by zero


BUGGY = make(buggy_script, rid="buggy")


def test_a_python_error_in_a_script_is_a_verdict_with_its_choices_and_step() -> None:
    report = verify(BUGGY)
    assert report.verdict == "error" and exit_code([report]) == 5
    found = report.counterexample
    assert found is not None and isinstance(found.error, ZeroDivisionError)
    assert found.failure is not None and found.failure.step == "②"
    assert "the routine's script raised ZeroDivisionError" in found.failure.message
    assert found.performance.values["k"] == 2
    searched = verify(BUGGY, exhaustive_limit=1, seed=1, examples=200)
    assert searched.verdict == "error"
    assert searched.counterexample is not None
    assert searched.counterexample.choice_indices() == [2]


def test_a_conjure_error_of_the_script_is_its_bug_but_a_bad_choice_is_the_callers() -> None:
    """Bad notation or an unknown parameter in a script is the plugin's bug (exit 5), like any
    other exception; a value given for a choice that is not an option stays the caller's."""

    def script(p: Performance) -> None:
        p.start(DeckState.parse("left: AS 2S"))
        p.step("①", "")
        if p.choose("k", range(2)) == 1:
            p.do(parse_move("Deal left table n=fifty"))

    routine = make(script, rid="bad-notation")
    report = verify(routine)
    assert report.verdict == "error" and exit_code([report]) == 5
    found = report.counterexample
    assert found is not None and isinstance(found.error, NotationError)
    assert found.failure is not None and found.failure.step == "①"
    assert "script raised NotationError: n must be a whole number" in found.failure.message
    with pytest.raises(UsageError):
        perform(routine, chooser=PresetChooser({"k": "5"}))


def test_a_python_error_in_a_claim_is_a_broken_claim() -> None:
    def script(p: Performance) -> None:
        p.start(DeckState.parse("left: AS"))
        p.step("①", "")
        p.choose("x", range(2))

    claim = Claim("odd", "x is looked up", check=lambda p: {0: None}[p.values["x"]])
    report = verify(make(script, claim))
    assert report.verdict == "error"
    found = report.counterexample
    assert found is not None and isinstance(found.error, KeyError)
    assert found.claim_errors == {"odd": "the claim's check raised KeyError: 1"}


class _BuggyPlugin:
    @staticmethod
    @hookimpl
    def register_routines(register: Callable[[Any], None]) -> None:
        register(BUGGY)


def test_the_command_line_names_the_plugin_and_shows_the_traceback_under_debug(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from conjure.cli import main
    from conjure.cli import routines as cli_routines
    from conjure.plugins.host import load_plugins

    registry = load_plugins(extra=[("buggy-plugin", _BuggyPlugin)])
    monkeypatch.setattr(cli_routines, "registry", lambda: registry)
    assert main(["verify", "buggy"]) == 5
    out = capsys.readouterr().out
    assert "ERROR: the routine's own code failed at case 3 of 3" in out
    assert "REFUTED" not in out  # a bug of the plugin refutes nothing
    assert "a bug in plugin 'buggy-plugin'" in out and "--debug" in out
    assert "Traceback" not in out
    assert main(["verify", "buggy", "--debug"]) == 5
    out = capsys.readouterr().out
    assert "Traceback" in out and "ZeroDivisionError" in out and "buggy_script" in out


# the same bug, with an optional claim (for solve) and the failing choice as the book's example
# (so that the example performance slips lists moves from raises too)
BROKEN = attrs.evolve(
    BUGGY,
    id="broken",
    claims=(Claim("fine", "always fine", check=lambda p: None, promised=False),),
    example={"k": 2},
)
# a claim's check that raises: its plugin's bug as much as the script's
BROKEN_CLAIM = make(
    buggy_script,
    Claim("odd", "k is looked up", check=lambda p: {0: None}[p.values["k"]]),
    rid="broken-claim",
)


def sometimes_buggy_script(p: Performance) -> None:
    """A move, then the bug of ``buggy_script`` when ``m`` is 1 and k is 2: the example (k=0)
    plays out, so only the verifier's cases meet it."""
    p.start(DeckState.parse("left: AS 2S"))
    p.step("①", "")
    p.do(Peel("left", "right", 1))
    k = p.choose("k", range(3))
    p.step("②", "")
    p.values["ratio"] = 1 / (p.param("m") + 1 - k)


SOMETIMES = attrs.evolve(
    make(sometimes_buggy_script, rid="sometimes"), params=(Param("m", 2, 1, 2, design=True),)
)


class _BrokenPlugin:
    @staticmethod
    @hookimpl
    def register_routines(register: Callable[[Any], None]) -> None:
        register(BROKEN)
        register(BROKEN_CLAIM)
        register(SOMETIMES)


@pytest.mark.parametrize(
    "argv",
    [
        ["explain", "broken"],
        ["explain", "broken-claim"],
        ["explain", "broken", "--limit", "0", "--examples", "50"],
        ["slips", "broken", "--limit", "5"],
        ["rehearse", "broken", "--all", "--lang", "en"],
        ["rehearse", "broken", "--all", "--lang", "en", "--choice", "k=1"],
        ["solve", "broken", "fine"],
        ["slips", "sometimes", "--param", "m=1"],
        ["explain", "sometimes", "--vary", "m"],
        ["explain", "sometimes", "--vary", "m", "--limit", "0", "--examples", "50"],
    ],
)
def test_every_command_that_performs_a_routine_names_its_plugins_bug(
    argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """explain, slips, rehearse and solve stop at a routine whose own code raised, as verify's
    ERROR verdict does: one line naming the routine, the step and the plugin, and exit 5."""
    from conjure.cli import main
    from conjure.cli import routines as cli_routines
    from conjure.plugins.host import load_plugins

    registry = load_plugins(extra=[("broken-plugin", _BrokenPlugin)])
    monkeypatch.setattr(cli_routines, "registry", lambda: registry)
    if argv[1] == "broken" and "k=1" in argv:  # a performance that does not raise plays out
        assert main(argv) == 0
        return
    assert main(argv) == 5
    captured = capsys.readouterr()
    routine = argv[1]
    said = (
        f"conjure: error: routine {routine!r}: its own code failed at step ② "
        f"({'KeyError: 1' if routine == 'broken-claim' else 'ZeroDivisionError'}"
    )
    assert said in captured.err, captured
    assert "a bug in plugin 'broken-plugin'" in captured.err
    assert "Traceback" not in captured.err + captured.out
    assert main([*argv, "--debug"]) == 5
    assert "Traceback" in capsys.readouterr().err


def test_a_plugins_bug_is_said_in_chinese(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from conjure.cli import main
    from conjure.cli import routines as cli_routines
    from conjure.plugins.host import load_plugins

    registry = load_plugins(extra=[("broken-plugin", _BrokenPlugin)])
    monkeypatch.setattr(cli_routines, "registry", lambda: registry)
    assert main(["rehearse", "broken", "--all", "--lang", "zh"]) == 5
    err = capsys.readouterr().err
    assert "自身的代码在步骤 ② 出错" in err and "插件 'broken-plugin' 的缺陷" in err


# -- the shrinker ----------------------------------------------------------------------------------


def threshold_routine(steps: int, size: int, limit: int, how: str) -> Routine:
    """``steps`` choices from ``range(size)``; the case fails at the first step where the
    choices so far add up to ``limit`` or more (so it fails earlier or later, or not at all,
    depending on the choices), by an illegal move, an error, or a claim at the end."""

    def script(p: Performance) -> None:
        p.start(DeckState.parse("left: AS 2S"))
        total = 0
        for i in range(steps):
            p.step(str(i + 1), "")
            total += p.choose(f"c{i}", range(size))
            if total >= limit and how != "claim":
                if how == "illegal":
                    p.do(Peel("right", "left"))
                else:
                    raise ValueError("over the limit")
        p.values["total"] = total

    def under(p: Performance) -> str | None:
        return None if p.values["total"] < limit else "over the limit"

    return make(script, Claim("under", "under the limit", check=under))


@settings(max_examples=150, deadline=None)
@given(
    steps=st.integers(1, 5),
    size=st.integers(2, 9),
    how=st.sampled_from(["illegal", "error", "claim"]),
    data=st.data(),
)
def test_shrinking_never_crashes_and_ends_locally_smallest(
    steps: int, size: int, how: str, data: st.DataObject
) -> None:
    limit = data.draw(st.integers(1, steps * (size - 1)), label="limit")
    routine = threshold_routine(steps, size, limit, how)
    claims = routine.claims
    start = data.draw(st.lists(st.integers(0, size - 1), min_size=steps, max_size=steps))
    failing, used = fails(routine, {}, start, claims)
    best = shrink(routine, {}, start, claims)  # must never raise, failing or not
    if not failing:
        assert best == used
        return
    assert fails(routine, {}, best, claims)[0], "the shrunk case must still fail"
    assert sum(best) == limit  # the smallest total that fails
    for i, value in enumerate(best):
        if value:  # every choice is as low as it can go: one less passes
            lower = [*best[:i], value - 1, *best[i + 1 :]]
            assert not fails(routine, {}, lower, claims)[0], (best, i)


def test_a_smaller_choice_that_fails_earlier_is_shrunk_to_not_indexed_past() -> None:
    # the failing case has five choices; lowering the first makes it fail after one
    def script(p: Performance) -> None:
        p.start(DeckState.parse("left: AS"))
        p.step("①", "")
        first = p.choose("first", range(10))
        if first == 0:
            p.do(Peel("right", "left"))  # fails at once
        for i in range(4):
            p.choose(f"more{i}", range(10))
        raise_if = p.values["more3"]
        if raise_if >= 5:
            p.do(Peel("right", "left"))

    routine = make(script)
    assert shrink(routine, {}, [7, 9, 9, 9, 9], ()) == [0]


# -- the size of the space -------------------------------------------------------------------------


def lopsided_script(p: Performance) -> None:
    p.start(DeckState.parse("left: AS"))
    p.step("①", "")
    if p.choose("branch", range(2)) == 0:
        p.choose("deep", range(1000))


LOPSIDED = make(lopsided_script)  # 1,001 cases; the first path alone suggests 2,000


def test_the_space_is_estimated_over_the_whole_tree() -> None:
    estimate = estimate_space(LOPSIDED, {})
    assert 700 <= estimate <= 1300
    report = verify(LOPSIDED, exhaustive_limit=1500)
    assert report.mode == "exhaustive" and report.proved
    assert report.cases == 1001 and report.space == 1001 and report.space_exact


def test_a_tree_bigger_than_its_estimate_is_searched_after_a_bounded_walk() -> None:
    report = verify(LOPSIDED, exhaustive_limit=100, seed=2, examples=30)
    assert report.mode == "search" and not report.proved and report.verdict == "no counter-example"


def test_fixed_option_counts_are_estimated_exactly() -> None:
    def script(p: Performance) -> None:
        p.start(DeckState.parse("left: AS"))
        p.step("①", "")
        p.arrange_order("order", "ABCDE")
        p.choose("n", range(7))

    assert estimate_space(make(script), {}) == 120 * 7


# -- words and exit codes --------------------------------------------------------------------------


def test_exit_codes_tell_a_proof_from_a_sample_and_a_refutation() -> None:
    proved = verify(LOPSIDED, exhaustive_limit=2000)
    sampled = verify(LOPSIDED, exhaustive_limit=10, seed=1, examples=5)
    refuted = verify(TAKE_N)
    bug = verify(BUGGY)
    assert [r.verdict for r in (proved, sampled, refuted, bug)] == [
        "proved",
        "no counter-example",
        "refuted",
        "error",
    ]
    assert exit_code([proved]) == 0
    assert exit_code([proved, sampled]) == 6
    assert exit_code([sampled, refuted]) == 1
    assert exit_code([refuted, bug, sampled]) == 5


def test_report_words_are_singular_for_one_case() -> None:
    from conjure.view.verdicts import verdict_line as _how

    def one(p: Performance) -> None:
        p.start(DeckState.parse("left: AS"))
        p.step("①", "")

    proved = verify(make(one))
    assert _how(proved).startswith("PROVED: all 1 case (")
    sampled = verify(LOPSIDED, exhaustive_limit=10, seed=1, examples=1)
    assert "no counter-example in 1 random case (of about " in _how(sampled)
    assert "not a proof" in _how(sampled)
    refuted = verify(TAKE_N)
    assert _how(refuted).startswith("REFUTED: a counter-example at case 1 of 4,")


def test_counts_below_one_are_refused() -> None:
    from conjure.errors import UsageError

    with pytest.raises(UsageError, match="examples: 0 is out of range"):
        verify(LOPSIDED, examples=0)
    with pytest.raises(UsageError, match="workers: -4 is out of range"):
        verify(LOPSIDED, workers=-4)
