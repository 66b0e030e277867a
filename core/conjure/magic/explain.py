"""Explain a routine: which choices decide whether a claim holds, which never matter, and the
simplest condition that separates the cases where it fails from those where it holds.

The verifier answers "does it always work?"; a designer also asks "when does it fail, and what
may I let the spectator do?". :func:`explain` runs every case (or, where there are too many, a
stated sample of random cases), records each choice's value and the verdict, and reads off:

- for each choice (a name the script passes to ``choose``, ``arrange`` or ``perform_choice``;
  the second choice of the same name in one performance is ``name#2``), the values with which
  the claim always fails, always holds, or depends on other choices;
- whether a choice *matters*: some two cases that differ only in that choice differ in their
  verdict. A choice that never matters can be left to the spectator freely;
- the simplest condition found that is true exactly in the failing cases: one choice taking
  one of some values, or two choices together (both, or either).

:func:`vary` answers the design question "with k instead of 7, for which k does it work?": it
verifies the routine once for each value of a parameter, typically one the routine declares as
a design knob (``Param(..., design=True)``), which the plain ``conjure verify`` leaves at its
default.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Final

import attrs

from conjure.errors import Interrupted, UsageError
from conjure.inputs import check_range
from conjure.magic.choices import ScriptedChooser, describe_value
from conjure.magic.odds import ODDS_SAMPLE, Odds, estimate_odds
from conjure.magic.performance import Outcome, check_not_bug, perform
from conjure.magic.report import Report, count_text
from conjure.magic.routine import Claim, Routine
from conjure.magic.search import UniformChooser, estimate_space, walk
from conjure.magic.verifier import verify
from conjure.text import Text

#: cases :func:`explain` walks one by one before it takes a sample instead
DEFAULT_LIMIT = 200_000
#: random cases in a sample
DEFAULT_SAMPLE = 5_000


@attrs.frozen
class ChoiceEffect:
    """What one choice does to the claim. Values are as the trace writes them."""

    label: str
    kind: str
    step: str
    #: the values met, in the order of their options
    values: tuple[str, ...]
    always_fails: tuple[str, ...]
    always_holds: tuple[str, ...]
    depends: tuple[str, ...]
    #: some two cases that differ only in this choice differ in their verdict (in a sample:
    #: some sampled case, run again with only this choice changed, ends the other way)
    matters: bool


@attrs.frozen
class Explanation:
    """The result of :func:`explain`."""

    routine: Routine
    claims: tuple[Claim, ...]
    params: dict[str, int]
    #: every case was run (``False``: a sample of ``cases`` random ones)
    exhaustive: bool
    cases: int
    failed: int
    #: the number of cases in all (counted when exhaustive, else estimated)
    space: int
    choices: tuple[ChoiceEffect, ...]
    #: the simplest condition found that is true exactly where the claim fails (empty if none),
    #: in every language; ``str()`` of it is the English
    condition: Text
    seconds: float
    seed: int | None = None
    #: how often the claim holds, every free choice at its odds (exact when every case was
    #: run, else an estimate from a sample)
    odds: Odds | None = None

    @property
    def never_matter(self) -> tuple[ChoiceEffect, ...]:
        return tuple(c for c in self.choices if not c.matters)

    @property
    def matter(self) -> tuple[ChoiceEffect, ...]:
        return tuple(c for c in self.choices if c.matters)

    def to_json(self) -> dict[str, Any]:
        return {
            "routine": self.routine.id,
            "claims": [c.id for c in self.claims],
            "params": self.params,
            "exhaustive": self.exhaustive,
            "cases": self.cases,
            "space": self.space,
            "failed": self.failed,
            "condition": self.condition.en,
            "seed": self.seed,
            "choices": [attrs.asdict(c) for c in self.choices],
            "odds": self.odds.to_json() if self.odds is not None else None,
            "seconds": round(self.seconds, 3),
        }


# one case: the verdict, and label -> (kind, step, option index, value as text)
_Case = tuple[bool, dict[str, tuple[str, str, int, str]]]


def _chance(outcome: Outcome) -> Fraction:
    """How likely a case is: the product of the odds of the options it took."""
    chance = Fraction(1)
    for made in outcome.performance.choices:
        chance *= made.probability
    return chance


def _case(outcome: Outcome) -> _Case:
    seen: dict[str, int] = {}
    record: dict[str, tuple[str, str, int, str]] = {}
    for made in outcome.performance.choices:
        seen[made.name] = seen.get(made.name, 0) + 1
        label = made.name if seen[made.name] == 1 else f"{made.name}#{seen[made.name]}"
        record[label] = (made.kind, made.step, made.index, describe_value(made.value))
    return outcome.ok, record


#: sampled cases (half failing, where there are) whose choices are changed one at a time to
#: see which choices matter, and other options tried for each
PROBE_CASES = 60
PROBE_OPTIONS = 4


def _probe(
    routine: Routine,
    values: dict[str, int],
    claims: Sequence[Claim],
    sampled: Sequence[tuple[_Case, list[int], list[int]]],
    rng: random.Random,
) -> set[str]:
    """The labels of choices seen to matter in a sample: a sampled case run again with only
    that choice changed (by its option index) ends with the other verdict."""
    failing = [s for s in sampled if not s[0][0]][: PROBE_CASES // 2]
    passing = [s for s in sampled if s[0][0]][: PROBE_CASES - len(failing)]
    found: set[str] = set()
    for (ok, record), indices, sizes in failing + passing:
        labels = list(record)
        for j, label in enumerate(labels[: len(indices)]):
            if label in found or sizes[j] < 2:
                continue
            others = [i for i in range(sizes[j]) if i != indices[j]] if sizes[j] <= 64 else []
            tries = (
                rng.sample(others, min(PROBE_OPTIONS, len(others)))
                if others
                else [rng.randrange(sizes[j]) for _ in range(PROBE_OPTIONS)]
            )
            for other in tries:
                changed = [*indices[:j], other, *indices[j + 1 :]]
                outcome = perform(
                    routine, values, ScriptedChooser(changed), record=False, claims=claims
                )
                if outcome.ok != ok:
                    found.add(label)
                    break
    return found


#: what an interrupted explanation had covered
_COVERED = {
    "all": Text(
        "after {n} of {total} cases run one by one: {failed} failing so far, nothing explained",
        zh="已逐一运行{total}种情况中的{n}种：目前失败{failed}种，尚未得出解释",
    ),
    "sample": Text(
        "after {n} random cases of about {total} (seed {seed}): {failed} failing so far, "
        "nothing explained",
        zh="已随机运行约{total}种情况中的{n}种（种子 {seed}）：目前失败{failed}种，尚未得出解释",
    ),
}


def explain(
    routine: Routine,
    claim_id: str | None = None,
    params: Mapping[str, int] | None = None,
    *,
    limit: int = DEFAULT_LIMIT,
    sample: int = DEFAULT_SAMPLE,
    seed: int = 0,
) -> Explanation:
    """Which choices decide claim ``claim_id`` (default: every promised claim together) of
    ``routine``, over every case when there are at most ``limit``, else over ``sample``
    random cases drawn with ``seed`` (said so in the result)."""
    check_range(sample, "sample", low=1)
    values = routine.resolve_params(params)
    claims: tuple[Claim, ...]
    if claim_id is None:
        claims = tuple(c for c in routine.claims if c.promised)
    else:
        claims = (routine.claim(claim_id),)
    start = time.perf_counter()
    space = estimate_space(routine, values, claims)
    cases: list[_Case] = []
    exhaustive = space <= limit
    seen_to_matter: set[str] | None = None
    works = Fraction(0)
    try:
        if exhaustive:
            for outcome, _indices in walk(routine, values, claims):
                cases.append(_case(check_not_bug(routine, outcome)))
                if outcome.ok:
                    works += _chance(outcome)
            space = len(cases)
        else:
            rng = random.Random(seed)
            met: set[tuple[int, ...]] = set()
            sampled = []
            for _ in range(sample):
                chooser = UniformChooser(rng)
                outcome = perform(routine, values, chooser, record=False, claims=claims)
                check_not_bug(routine, outcome)
                key = tuple(chooser.indices)
                if key not in met:
                    met.add(key)
                    cases.append(_case(outcome))
                    sampled.append((cases[-1], chooser.indices, chooser.sizes))
            # two sampled cases rarely agree in every other choice: change one at a time
            seen_to_matter = _probe(routine, values, claims, sampled, rng)
    except KeyboardInterrupt:
        failed = sum(1 for ok, _ in cases if not ok)
        said = _COVERED["all" if exhaustive else "sample"]
        raise Interrupted(
            said.format(
                n=f"{len(cases):,}", total=count_text(space), failed=f"{failed:,}", seed=seed
            )
        ) from None
    if not cases:
        raise UsageError(
            Text("{id}: no case was run", zh="{id}：没有运行任何情况").format(id=routine.id)
        )
    effects = _effects(cases, seen_to_matter)
    if exhaustive:
        odds = Odds(works=works, claims={c.id: works for c in claims} if len(claims) == 1 else {})
    else:
        odds = estimate_odds(routine, values, claims, ODDS_SAMPLE, seed)
        odds = attrs.evolve(odds, claims={})
    return Explanation(
        routine=routine,
        claims=claims,
        params=values,
        exhaustive=exhaustive,
        cases=len(cases),
        failed=sum(1 for ok, _ in cases if not ok),
        space=space,
        choices=effects,
        condition=_condition(cases, effects),
        seconds=time.perf_counter() - start,
        seed=None if exhaustive else seed,
        odds=odds,
    )


def _effects(
    cases: Sequence[_Case], seen_to_matter: set[str] | None = None
) -> tuple[ChoiceEffect, ...]:
    labels: dict[str, tuple[str, str]] = {}
    options: dict[str, dict[str, int]] = {}  # label -> value -> option index
    tally: dict[tuple[str, str], list[int]] = {}  # (label, value) -> [holds, fails]
    for ok, record in cases:
        for label, (kind, step, index, value) in record.items():
            labels.setdefault(label, (kind, step))
            options.setdefault(label, {}).setdefault(value, index)
            tally.setdefault((label, value), [0, 0])[0 if ok else 1] += 1
    effects = []
    for label, (kind, step) in labels.items():
        ordered = tuple(sorted(options[label], key=options[label].__getitem__))
        fails = tuple(v for v in ordered if tally[label, v][0] == 0)
        holds = tuple(v for v in ordered if tally[label, v][1] == 0)
        depends = tuple(v for v in ordered if v not in fails and v not in holds)
        effects.append(
            ChoiceEffect(
                label=label,
                kind=kind,
                step=step,
                values=ordered,
                always_fails=fails,
                always_holds=holds,
                depends=depends,
                matters=_matters(cases, label)
                or (seen_to_matter is not None and label in seen_to_matter),
            )
        )
    return tuple(effects)


def _matters(cases: Sequence[_Case], label: str) -> bool:
    """Whether two cases alike in every other choice differ in their verdict."""
    verdicts: dict[tuple[tuple[str, str], ...], bool] = {}
    for ok, record in cases:
        if label not in record:
            continue
        rest = tuple((k, v[3]) for k, v in record.items() if k != label)
        if verdicts.setdefault(rest, ok) != ok:
            return True
    return False


#: the words of the conditions :func:`explain` finds
_SAID: Final = {
    "is": Text("{label} is {value}", zh="{label}为{value}"),
    "is one of": Text("{label} is {values} or {last}", zh="{label}为{values}或{last}"),
    "never": Text("never fails", zh="从不失败"),
    "always": Text("fails in every case", zh="每种情况都失败"),
    "fails when": Text("fails exactly when {a}", zh="恰在{a}时失败"),
    "holds when": Text("holds exactly when {a}", zh="恰在{a}时成立"),
    "either": Text("fails exactly when {a} or {b}", zh="恰在{a}或{b}时失败"),
    "both": Text("fails exactly when {a} and {b}", zh="恰在{a}且{b}时失败"),
}


def _is(label: str, values: Sequence[str]) -> Text:
    if len(values) == 1:
        return _SAID["is"].format(label=label, value=values[0])
    return _SAID["is one of"].format(
        label=label,
        values=Text(", ".join(values[:-1]), zh="、".join(values[:-1])),
        last=values[-1],
    )


def _condition(cases: Sequence[_Case], effects: Sequence[ChoiceEffect]) -> Text:
    failing = [not ok for ok, _ in cases]
    if not any(failing):
        return _SAID["never"]
    if all(failing):
        return _SAID["always"]

    def matches(test: Any) -> bool:
        return all(test(record) == fail for fail, (_, record) in zip(failing, cases, strict=True))

    def value(record: Mapping[str, Any], label: str) -> str | None:
        entry = record.get(label)
        return None if entry is None else entry[3]

    candidates = [e for e in effects if e.matters]
    # one choice
    for e in candidates:
        bad = set(e.always_fails)
        if not e.depends and matches(lambda r, e=e, bad=bad: value(r, e.label) in bad):
            if len(e.always_fails) <= len(e.always_holds) or any(
                e.label not in r for _, r in cases
            ):
                return _SAID["fails when"].format(a=_is(e.label, e.always_fails))
            return _SAID["holds when"].format(a=_is(e.label, e.always_holds))
    # two choices: either, then both
    for i, a in enumerate(candidates):
        for b in candidates[i + 1 :]:
            fa, fb = set(a.always_fails), set(b.always_fails)
            if fa and fb:

                def either(r: Any, a: Any = a, b: Any = b, fa: Any = fa, fb: Any = fb) -> bool:
                    return value(r, a.label) in fa or value(r, b.label) in fb

                if matches(either):
                    return _SAID["either"].format(
                        a=_is(a.label, a.always_fails), b=_is(b.label, b.always_fails)
                    )
            in_a = [
                v
                for v in a.values
                if any(
                    f and value(r, a.label) == v for f, (_, r) in zip(failing, cases, strict=True)
                )
            ]
            in_b = [
                v
                for v in b.values
                if any(
                    f and value(r, b.label) == v for f, (_, r) in zip(failing, cases, strict=True)
                )
            ]
            sa, sb = set(in_a), set(in_b)

            def both(r: Any, a: Any = a, b: Any = b, sa: Any = sa, sb: Any = sb) -> bool:
                return value(r, a.label) in sa and value(r, b.label) in sb

            if matches(both):
                return _SAID["both"].format(a=_is(a.label, in_a), b=_is(b.label, in_b))
    return Text("")


def vary(
    routine: Routine,
    name: str,
    values: Iterable[int] | None = None,
    params: Mapping[str, int] | None = None,
    **options: Any,
) -> list[tuple[int, Report]]:
    """Verify ``routine`` once for each value of parameter ``name`` (default: its whole range),
    the other parameters at ``params`` or their defaults; ``options`` go to
    :func:`~conjure.magic.verifier.verify`. Returns each value with its report; a value whose
    counter-example is the routine's own code raising stops it (:class:`RoutineBug`)."""
    param = routine.param(name)
    chosen = list(param.values() if values is None else values)
    if not chosen:
        raise UsageError(
            Text("parameter {name}: no value to try", zh="参数 {name}：没有可试的值").format(
                name=name
            )
        )
    results = []
    for v in chosen:
        report = verify(routine, {**dict(params or {}), name: v}, **options)
        if report.counterexample is not None:
            check_not_bug(routine, report.counterexample)  # the plugin's bug: named, exit 5
        results.append((v, report))
    return results


def vary_json(routine_id: str, name: str, results: Sequence[tuple[int, Report]]) -> dict[str, Any]:
    """What :func:`vary` found, as plain data (``conjure explain --vary --json``)."""
    return {
        "routine": routine_id,
        "parameter": name,
        "results": [
            {"value": v, "verdict": r.verdict, "cases": r.cases, "space": r.space}
            for v, r in results
        ],
    }


def ranges(values: Sequence[int]) -> str:
    """``0–4, 6, 9–12``: whole numbers written as runs."""
    if not values:
        return "none"
    runs: list[list[int]] = []
    for v in sorted(values):
        if runs and v == runs[-1][-1] + 1:
            runs[-1].append(v)
        else:
            runs.append([v])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}–{r[-1]}" for r in runs)
