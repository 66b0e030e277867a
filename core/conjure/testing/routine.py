"""The routine kit: performances drawn by hypothesis and the one-line check of a routine."""

from __future__ import annotations

from collections.abc import Mapping

from hypothesis import strategies as st

from conjure.magic.choices import HypothesisChooser
from conjure.magic.routine import Outcome, Routine, perform


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


def check_routine(routine: Routine, params: Mapping[str, int] | None = None) -> None:
    """The one-line pytest check for a routine: its promised claims and the two-views rule hold
    for hypothesis-drawn cases, and for every case when there are few enough to walk.

    >>> def test_my_routine():             # doctest: +SKIP
    ...     check_routine(MY_ROUTINE)
    """
    from hypothesis import given

    from conjure.magic.trace import format_outcome
    from conjure.magic.verify import verify

    @given(performances(routine, params))
    def holds(outcome: Outcome) -> None:
        assert outcome.ok, format_outcome(outcome, "en")

    holds()
    report = verify(routine, params, examples=500, seed=0)
    assert report.passed, format_outcome(report.counterexample, "en")  # type: ignore[arg-type]
