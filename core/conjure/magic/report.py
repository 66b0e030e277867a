"""The verdict on a routine and the report that carries it.

A verification ends in one of four verdicts: ``proved`` (every case was walked and none failed),
``refuted`` (a counter-example), ``no counter-example`` (a sample found nothing: not a proof)
and ``error`` (the routine's own code failed: a bug, not a refutation). :func:`exit_code` is
what ``conjure verify`` exits with (the table in :mod:`conjure.errors`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from conjure.text import Text

if TYPE_CHECKING:  # a report names them; reading one needs neither imported
    from conjure.magic.odds import Odds
    from conjure.magic.performance import Outcome
    from conjure.magic.routine import Routine

PROVED = "proved"
REFUTED = "refuted"
SAMPLED = "no counter-example"
BUG = "error"


@attrs.frozen
class Report:
    """The verdict on one routine with one set of parameters."""

    routine: Routine
    params: dict[str, int]
    mode: str  # "exhaustive" or "search"
    cases: int
    seconds: float
    counterexample: Outcome | None = None
    seed: int | None = None
    space: int | None = None
    workers: int = 1
    #: whether ``space`` was counted (a finished walk) rather than estimated
    space_exact: bool = False
    #: the merging walk (:mod:`conjure.magic.walk`): performances run, situations explored,
    #: performances merged into a situation already walked, situations in the proof table
    runs: int = 0
    states: int = 0
    merged: int = 0
    proof_size: int = 0
    #: the classes of interchangeable cards the walk used ("" for concrete cards)
    abstraction: str = ""
    #: why the walk did not prove it (out of reach, an abstraction refused), where merging
    #: was refused, in sentences (in English; :attr:`notes_said` in every language)
    notes: tuple[str, ...] = ()
    #: the same notes in every language they are written in
    notes_said: tuple[Text, ...] = ()
    #: the classes of interchangeable cards the walk used, in every language
    abstraction_text: Text = attrs.field(factory=lambda: Text(""))
    #: how often the routine works and each claim holds (exact after a whole walk, else an
    #: estimate from a random sample; None when it was not worked out)
    odds: Odds | None = None
    #: how many cases fail, when every case was walked (else None)
    failed: int | None = None

    @property
    def passed(self) -> bool:
        """No counter-example was found (a proof only when :attr:`proved`)."""
        return self.counterexample is None

    @property
    def proved(self) -> bool:
        """Every case was checked and none failed."""
        return self.passed and self.mode == "exhaustive"

    @property
    def verdict(self) -> str:
        """``proved``, ``refuted``, ``no counter-example`` (a sample) or ``error`` (the
        counter-example is an error in the routine's own code)."""
        if self.counterexample is not None:
            return BUG if self.counterexample.error is not None else REFUTED
        return PROVED if self.mode == "exhaustive" else SAMPLED

    def to_json(self) -> dict[str, Any]:
        """The report as plain data (``conjure verify --json`` gives one per setting)."""
        from conjure.magic.trace import outcome_json

        found = self.counterexample
        return {
            "params": self.params,
            "verdict": self.verdict,
            "proved": self.proved,
            "passed": self.passed,
            "mode": self.mode,
            "cases": self.cases,
            "space": self.space,
            "space_exact": self.space_exact,
            "seconds": round(self.seconds, 4),
            "seed": self.seed,
            "workers": self.workers,
            "runs": self.runs,
            "states": self.states,
            "merged": self.merged,
            "proof_size": self.proof_size,
            "abstraction": self.abstraction or None,
            "notes": list(self.notes),
            "failed": self.failed,
            "odds": self.odds.to_json() if self.odds is not None else None,
            "counterexample": outcome_json(found) if found is not None else None,
        }


#: exit codes of ``conjure verify`` by verdict (the table in :mod:`conjure.errors`)
EXIT_CODES = {PROVED: 0, REFUTED: 1, BUG: 5, SAMPLED: 6}


def verdicts_json(routine_id: str, reports: Sequence[Report]) -> dict[str, Any]:
    """Every setting's report of one routine, and what they come to, as plain data."""
    return {
        "routine": routine_id,
        "proved": all(r.proved for r in reports),
        "passed": all(r.passed for r in reports),
        "exit": exit_code(reports),
        "results": [r.to_json() for r in reports],
    }


def exit_code(reports: Iterable[Report]) -> int:
    """One exit code for several reports: a bug in the routine's code first, then a refuted
    claim, then a sample that is not a proof; 0 when every report is a proof."""
    verdicts = {report.verdict for report in reports}
    for verdict in (BUG, REFUTED, SAMPLED):
        if verdict in verdicts:
            return EXIT_CODES[verdict]
    return 0


def count_text(n: int) -> str:
    """A count as people read it: ``270,725``, or ``8.07e+67`` past a trillion."""
    return f"{n:,}" if n < 10**12 else f"{n:.3g}"
