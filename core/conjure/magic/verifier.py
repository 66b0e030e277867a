"""The verifier: every set-up and every free choice, or the smallest case that breaks a claim.

:func:`verify` estimates the number of cases (:func:`conjure.magic.search.estimate_space`);
when the estimate is small enough, or merging can bring it within reach, it walks every case
with the merging walk (:mod:`conjure.magic.walk`): a walk that finishes is a proof, and the
first failing case it meets is the smallest. Otherwise it searches
(:mod:`conjure.magic.search`), and says that a search is a sample. The odds of a trick that can
fail come with the verdict (:mod:`conjure.magic.odds`); the verdict and its report are
:mod:`conjure.magic.report`. :func:`sweep` verifies every setting of a routine's parameters.
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

import attrs

from conjure.errors import UsageError
from conjure.inputs import check_range
from conjure.magic.abstraction import Abstraction
from conjure.magic.odds import (
    ODDS_SAMPLE,
    estimate_odds,
    exact_odds,
    risk_of,
)
from conjure.magic.report import Report, count_text
from conjure.magic.routine import Claim, Routine
from conjure.magic.search import (
    estimate_space,
    replay,
    search,
    search_hypothesis,
)
from conjure.magic.walk import Walk, WalkResult, widest_segment
from conjure.text import Text

DEFAULT_EXHAUSTIVE_LIMIT = 1_000_000

DEFAULT_EXAMPLES = 20_000

#: a walk chosen from the estimate gives up, and searches instead, past this many times the limit
WALK_SLACK = 4


def verify(
    routine: Routine,
    params: Mapping[str, int] | None = None,
    *,
    claims: Iterable[Claim] | None = None,
    exhaustive_limit: int = DEFAULT_EXHAUSTIVE_LIMIT,
    examples: int = DEFAULT_EXAMPLES,
    seed: int | None = None,
    engine: str | None = None,
    workers: int = 1,
    abstraction: Abstraction | bool | None = None,
    merge: bool = True,
    executor: str | None = None,
    odds: bool = True,
) -> Report:
    """Check the promised claims (or ``claims``) of ``routine`` for every case, or search.

    The walk (:class:`conjure.magic.walk.Walk`) runs the cases depth first and merges the
    situations it has already walked; it runs at most :data:`WALK_SLACK` times
    ``exhaustive_limit`` performances, and a walk that finishes is a proof. It is tried when the
    estimated number of cases (:func:`estimate_space`) is at most ``exhaustive_limit``, or when
    merging can bring it within reach: when no run of choices between two steps is wider than
    the budget (:func:`conjure.magic.walk.widest_segment`). Otherwise, or when the budget runs
    out, the search takes over and the report's ``notes`` say why.

    ``abstraction``: the classes of interchangeable cards to walk the set-up over (``None``: the
    routine's own ``interchangeable``; ``False``: concrete cards). If a passing performance
    reads what the classes erase, the abstraction is refused (said in ``notes``) and the walk
    starts again on concrete cards. ``merge=False`` walks without merging.
    ``engine`` names a search to run instead of the walk (``"random"`` or ``"hypothesis"``):
    ``examples`` cases and no more, a sample whatever the size of the tree; ``None`` (the
    default) walks every case where it can and searches at random where it cannot.
    ``odds``: work out how often each claim holds (:mod:`conjure.magic.odds`): after a whole
    walk exactly, by walking on past the first failing case while the rest is in reach, else
    estimated from :data:`ODDS_SAMPLE` random performances. ``False`` stops at the first
    failing case.
    ``workers`` > 1 shares the walk's first choice, or the random search, among that many
    processes; ``executor`` names where they run (``--executor``: ``local``, ``dask`` or
    ``dask://HOST:PORT``, see :func:`conjure.parallel.backend`). The verdict and the
    counter-example depend on neither.
    """
    check_range(examples, "examples", low=1)
    check_range(workers, "workers", low=1)
    values = routine.resolve_params(params)
    chosen = tuple(c for c in routine.claims if c.promised) if claims is None else tuple(claims)
    cards: Abstraction | None
    if abstraction is None or abstraction is True:
        cards = routine.interchangeable
    else:
        cards = abstraction or None
    if engine not in (None, "random", "hypothesis"):
        raise UsageError(f"unknown engine {engine!r}: use random or hypothesis")
    start = time.perf_counter()
    space = estimate_space(routine, values, chosen)
    notes: list[Text] = []
    while engine is None:
        small = space <= exhaustive_limit
        widest = 0 if small else widest_segment(routine, values, chosen, cards)
        # a small tree is walked with some slack (its size was estimated); a large one only as
        # far as the limit, merging or not
        budget = max(1, exhaustive_limit) * (WALK_SLACK if small else 1)
        if widest > exhaustive_limit:
            notes.append(
                _NOTES["too wide"].format(
                    space=count_text(space),
                    widest=count_text(widest),
                    limit=f"{exhaustive_limit:,}",
                )
            )
            break
        try:
            result = walk_all(
                routine,
                values,
                chosen,
                abstraction=cards,
                budget=budget,
                merge=merge,
                workers=workers,
                executor=executor,
                odds=odds,
                space=space,
            )
        except KeyboardInterrupt:
            from conjure.errors import Interrupted

            raise Interrupted(
                Text(
                    f"while walking every case (about {count_text(space)}): no counter-example so "
                    "far, nothing proved",
                    zh=f"逐一检查所有情况（约{count_text(space)}种）时：尚未发现反例，也没有证明",
                )
            ) from None
        notes.extend(
            _NOTES["no merging"].format(where=where, why=why)
            for where, why in result.refused.items()
        )
        notes.extend(_NOTES["given up"].format(why=why) for why in result.given_up)
        described = cards.describe() if cards is not None else ""
        stats: dict[str, Any] = {
            "runs": result.runs,
            "states": result.states,
            "merged": result.merged,
            "proof_size": result.proof_size,
            "abstraction": described,
            "abstraction_text": cards.said() if cards is not None else Text(""),
            "workers": workers,
        }
        if (
            result.abstraction_refused
            and cards is not None
            and (result.failing is None or (odds and space <= exhaustive_limit))
        ):  # walked again with every card told apart (for the odds, when a case failed)
            notes.append(
                _NOTES["not interchangeable"].format(
                    classes=cards.said(), why=result.abstraction_refused
                )
            )
            cards = None
            continue
        if result.failing is not None:
            found = replay(routine, values, result.failing, chosen)
            bug = found.error is not None  # a fault of the routine's code: no odds to tell
            risk = () if bug else risk_of(routine, values, chosen, found)
            if bug:
                chances = None
            elif result.complete:
                chances = exact_odds(result, chosen, risk)
            elif odds:
                if result.stopped:
                    notes.append(_NOTES["odds sampled"].format(why=result.stopped_said))
                chances = estimate_odds(routine, values, chosen, ODDS_SAMPLE, seed or 0, risk)
            else:
                chances = None
            return Report(
                routine,
                values,
                "exhaustive",
                result.first_at,
                time.perf_counter() - start,
                found,
                space=result.cases if result.complete else max(space, result.cases),
                space_exact=result.complete,
                notes=tuple(n.en for n in notes),
                notes_said=tuple(notes),
                odds=chances,
                failed=result.failed if result.complete else None,
                **stats,
            )
        if result.complete:
            return Report(
                routine,
                values,
                "exhaustive",
                result.cases,
                time.perf_counter() - start,
                space=result.cases,
                space_exact=True,
                notes=tuple(n.en for n in notes),
                notes_said=tuple(notes),
                odds=exact_odds(result, chosen, ()),
                failed=0,
                **stats,
            )
        notes.append(
            _NOTES["budget"].format(
                stopped=result.stopped_said,
                cases=count_text(result.cases),
                space=count_text(space),
                states=f"{result.states:,}",
                merged=f"{result.merged:,}",
            )
        )
        break
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    if engine is not None:
        notes.append(_NOTES["engine"].format(engine=engine))
    if engine == "hypothesis":
        cases, failing = search_hypothesis(routine, values, chosen, examples, seed)
    else:  # one worker or many: the same chunks, the same result
        cases, failing = search(routine, values, chosen, examples, seed, workers, executor)
    shrunk = None if failing is None else replay(routine, values, failing, chosen)
    chances = None
    if odds and (shrunk is None or shrunk.error is None):
        risk = () if shrunk is None else risk_of(routine, values, chosen, shrunk)
        chances = estimate_odds(routine, values, chosen, min(examples, ODDS_SAMPLE), seed, risk)
    return Report(
        routine,
        values,
        "search",
        cases,
        time.perf_counter() - start,
        shrunk,
        seed=seed,
        space=space,
        workers=workers if engine != "hypothesis" else 1,
        notes=tuple(n.en for n in notes),
        notes_said=tuple(notes),
        odds=chances,
    )


#: the report's notes: why a result is a sample, where merging was refused
_NOTES = {
    "too wide": Text(
        "a proof is out of reach: about {space} cases, and even after merging at least {widest} "
        "performances to run between two steps (more than the limit of {limit})",
        zh="无法证明：约{space}种情况，即使合并之后，两个步骤之间也至少要表演{widest}次"
        "（超过上限{limit}）",
    ),
    "engine": Text(
        "a search with the {engine} engine was asked for instead of the walk",
        zh="要求用 {engine} 引擎搜索，而不是逐一检查",
    ),
    "no merging": Text("no merging at step {where}: {why}", zh="步骤{where}不合并：{why}"),
    "given up": Text("{why}", zh="{why}"),
    "odds sampled": Text("the odds are estimated from a sample: {why}", zh="概率由抽样估计：{why}"),
    "not interchangeable": Text(
        "the cards are not interchangeable as declared ({classes}): {why}; walked again with "
        "every card distinct",
        zh="这些牌并不像声明的那样可以互换（{classes}）：{why}；已按每张牌各不相同重新检查",
    ),
    "budget": Text(
        "a proof is out of reach: {stopped}, covering {cases} of about {space} cases ({states} "
        "situations, {merged} merged)",
        zh="无法证明：{stopped}，只覆盖了约{space}种情况中的{cases}种（{states}个局面，"
        "合并{merged}个）",
    ),
}

#: the estimated cases from which a walk is shared among worker processes
PARALLEL_FROM = 100_000


def walk_all(
    routine: Routine,
    params: dict[str, int],
    claims: Sequence[Claim],
    *,
    abstraction: Abstraction | None = None,
    budget: int = DEFAULT_EXHAUSTIVE_LIMIT * WALK_SLACK,
    merge: bool = True,
    workers: int = 1,
    executor: str | None = None,
    odds: bool = False,
    space: int = 0,
) -> WalkResult:
    """The merging walk of every case (:class:`conjure.magic.walk.Walk`), its first choice
    shared among ``workers`` processes (each with its own proof table, so the counts of
    situations add up across them; the verdict, the first failing case and the odds are the
    same). ``odds`` walks on past the first failing case to count the odds while that is in
    reach (``space``: the estimated number of cases). A walk of fewer than
    :data:`PARALLEL_FROM` cases stays in this process: starting workers would cost more than
    it saves."""
    context = (routine, params, tuple(claims), abstraction, budget, merge, odds, space)
    if space and space < PARALLEL_FROM:
        workers = 1
    first = _first_size(routine, params, claims, abstraction) if workers > 1 else 0
    if workers <= 1 or first < 2:
        return _walk_share(context, None)
    from conjure.parallel import backend, closing, plan

    chunks = plan(first, 0, -(-first // workers))
    results: list[WalkResult] = []
    with closing(backend(executor, workers).map(_walk_share, context, chunks)) as shares:
        for share in shares:
            results.append(share)
            if not share.complete or (share.failing is not None and not odds):
                break
    refused: dict[str, str] = {}
    for r in results:
        refused.update(r.refused)
    failing = next((r for r in results if r.failing is not None), None)
    before = sum(r.cases for r in results[: results.index(failing)]) if failing else 0
    last = results[-1]
    root: dict[str, Fraction] = {}
    for r in results:
        for key, p in r.failing_odds.items():
            root[key] = root.get(key, 0) + p
    return attrs.evolve(
        last,
        complete=all(r.complete for r in results) and len(results) == len(chunks),
        failing=failing.failing if failing is not None else None,
        first_at=before + failing.first_at if failing is not None else 0,
        cases=sum(r.cases for r in results),
        failed=sum(r.failed for r in results),
        failing_odds=root,
        runs=sum(r.runs for r in results),
        states=sum(r.states for r in results),
        merged=sum(r.merged for r in results),
        proof_size=sum(r.proof_size for r in results),
        seconds=max(r.seconds for r in results),
        refused=refused,
        given_up=tuple(dict.fromkeys(g for r in results for g in r.given_up)),
    )


#: what a walk may hold in memory, in bytes, before it stops and the verifier searches instead
MEMORY = 500 * 2**20


def _walk_share(context: tuple[Any, ...], chunk: Any) -> WalkResult:
    routine, params, claims, abstraction, budget, merge, odds, space = context
    first = None if chunk is None else range(chunk.start, chunk.start + chunk.size)
    walker = Walk(
        routine,
        params,
        claims,
        abstraction=abstraction,
        budget=budget,
        first=first,
        merge=merge,
        stop_at_first=not odds,
        memory=MEMORY,
        space=space,
    )
    return walker.run()


def _first_size(
    routine: Routine, params: dict[str, int], claims: Sequence[Claim], abstraction: Any
) -> int:
    """How many options the walk's first choice has (0 when there is no choice)."""
    walker = Walk(routine, params, claims, abstraction=abstraction, budget=1)
    return walker.first_size()


SweepItem = tuple[dict[str, int], Report]


def sweep(
    routine: Routine,
    fixed: Mapping[str, int] | None = None,
    max_combinations: int = 50,
    run: Callable[[dict[str, int]], Report] | None = None,
) -> list[SweepItem]:
    """Verify every setting of :func:`sweep_settings`, in order."""
    results = []
    for params in sweep_settings(routine, fixed, max_combinations):
        report = run(params) if run else verify(routine, params)
        results.append((params, report))
    return results


def sweep_settings(
    routine: Routine, fixed: Mapping[str, int] | None = None, max_combinations: int = 50
) -> list[dict[str, int]]:
    """Every combination of the parameters not in ``fixed`` (when there are at most
    ``max_combinations``; else their defaults); design parameters not in ``fixed`` stay at
    their defaults."""
    fixed = dict(fixed or {})
    free = [p for p in routine.params if p.name not in fixed and not p.design]
    combos = list(itertools.product(*(p.values() for p in free)))
    if len(combos) > max_combinations:
        combos = [tuple(p.default for p in free)]
    order = {p.name: i for i, p in enumerate(routine.params)}  # said in the routine's order
    settings = []
    for combo in combos:
        values = {**fixed, **{p.name: v for p, v in zip(free, combo, strict=True)}}
        settings.append(dict(sorted(values.items(), key=lambda kv: order.get(kv[0], len(order)))))
    return settings
