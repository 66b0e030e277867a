"""The routine kit: performances drawn by hypothesis and the one-line check of a routine."""

from __future__ import annotations

from collections.abc import Mapping

from hypothesis import strategies as st

from conjure.magic.choices import HypothesisChooser, describe_value
from conjure.magic.performance import Outcome, perform
from conjure.magic.routine import SETUP, Routine


def performances(
    routine: Routine, params: Mapping[str, int] | None = None
) -> st.SearchStrategy[Outcome]:
    """Performances of ``routine`` with every set-up and spectator choice drawn by hypothesis."""

    @st.composite
    def build(draw: st.DrawFn) -> Outcome:
        return perform(routine, params, HypothesisChooser(_Drawer(draw)), record=True)

    return build()


class _Drawer:
    def __init__(self, draw: st.DrawFn) -> None:
        self.draw = lambda strategy, label=None: draw(strategy)


class RoutineCheckFailed(AssertionError):
    """``check_routine`` found a failing case: the message names it and how to replay it."""


def _case(outcome: Outcome) -> str:
    """The failing case in one line: each choice's value and index, and the replay command."""
    perf = outcome.performance
    made = ", ".join(
        f"{c.name}={_short(describe_value(c.value))} (#{c.index})" for c in perf.choices
    )
    options = " ".join(
        f"--{'setup' if c.kind == SETUP else 'choice'} {c.name}=#{c.index}" for c in perf.choices
    )
    params = " ".join(f"--param {k}={v}" for k, v in perf.params.items())
    replay = " ".join(x for x in ("conjure rehearse", perf.routine.id, params, options) if x)
    return f"case: {made or 'no choices'}; replay: {replay}"


def _short(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."


def check_routine(
    routine: Routine,
    params: Mapping[str, int] | None = None,
    *,
    examples: int = 500,
    seed: int = 0,
    limit: int | None = None,
) -> None:
    """The one-line pytest check for a routine: its promised claims and the two-views rule hold
    for every case when the verifier can walk them all (up to its limit, or ``limit``
    performances), otherwise for ``examples`` cases drawn from ``seed`` (the same seed, the
    same cases).

    A failure raises :class:`RoutineCheckFailed` (an ``AssertionError``) whose message names
    the routine, the failing case (each choice's value and index), what failed at which step,
    and the ``conjure rehearse`` command that replays it. Nothing is written to disk.

    >>> def test_my_routine():             # doctest: +SKIP
    ...     check_routine(MY_ROUTINE, examples=2000, seed=7)
    """
    from conjure.magic.trace import format_outcome
    from conjure.magic.verifier import verify

    if limit is None:
        report = verify(routine, params, examples=examples, seed=seed, odds=False)
    else:
        report = verify(
            routine, params, examples=examples, seed=seed, exhaustive_limit=limit, odds=False
        )
    found = report.counterexample
    if found is None:
        return
    what = str(found.failure) if found.failure is not None else ""
    for claim_id, problem in found.claim_errors.items():
        what = f"claim {claim_id} fails after the last step: {problem}"
        break
    raise RoutineCheckFailed(
        f"routine {routine.id!r} fails ({report.mode}, case {report.cases:,}): {what}\n"
        f"{_case(found)}\n\n{format_outcome(found, 'en')}"
    )
