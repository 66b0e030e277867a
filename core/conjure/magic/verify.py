"""The verifier: every set-up and every free choice, or the smallest case that breaks a claim.

A performance is a sequence of choices (indices into the options each choice point offered), so
the space of cases is a tree whose leaves are the cases. Its size is estimated first, by
Knuth's method: the product of the option counts along a path drawn at random is an unbiased
estimate of the number of leaves, and the mean over many paths is the estimate (exact when
every path offers the same counts). When the estimate is small enough the verifier walks the
whole tree in lexicographic order: a walk that finishes is a proof, and the first failing case
it meets is the smallest. Otherwise it searches, and a search that finds nothing is only that,
never a proof:
random cases from a seed, biased toward the ends of every range (where routines break), and a
failing case is shrunk greedily, choice by choice, toward the first option while it still fails.
``engine="hypothesis"`` lets hypothesis draw and shrink the choices instead; it explores about
forty times fewer cases a second, and is what :mod:`conjure.testing` uses in property tests.

:func:`solve` finds the set-ups for which an optional claim holds whatever the spectator
chooses, and looks for a rule that describes them.
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from fractions import Fraction
from typing import Any

import attrs

from conjure.errors import UsageError
from conjure.inputs import check_range
from conjure.magic.abstraction import Abstraction
from conjure.magic.choices import (
    HypothesisChooser,
    ScriptedChooser,
    describe_value,
    option_count,
)
from conjure.magic.odds import WORKS, Odds, estimate
from conjure.magic.routine import SETUP, Claim, Outcome, Routine, check_not_bug, perform
from conjure.magic.walk import Walk, WalkResult, widest_segment
from conjure.text import Text

DEFAULT_EXHAUSTIVE_LIMIT = 1_000_000
DEFAULT_EXAMPLES = 20_000
#: random paths drawn to estimate the size of the tree (fewer when the first AGREE agree)
ESTIMATE_PATHS = 64
AGREE = 16
#: a walk chosen from the estimate gives up, and searches instead, past this many times the limit
WALK_SLACK = 4

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


#: exit codes of ``conjure verify`` by verdict (the table in :mod:`conjure.errors`)
EXIT_CODES = {PROVED: 0, REFUTED: 1, BUG: 5, SAMPLED: 6}


def exit_code(reports: Iterable[Report]) -> int:
    """One exit code for several reports: a bug in the routine's code first, then a refuted
    claim, then a sample that is not a proof; 0 when every report is a proof."""
    verdicts = {report.verdict for report in reports}
    for verdict in (BUG, REFUTED, SAMPLED):
        if verdict in verdicts:
            return EXIT_CODES[verdict]
    return 0


class _Recorder:
    """Picks from a prefix of indices, then first options, and records every option count."""

    __slots__ = ("at", "indices", "prefix", "sizes")

    def __init__(self, prefix: Sequence[int]) -> None:
        self.prefix = prefix
        self.at = 0
        self.indices: list[int] = []
        self.sizes: list[int] = []

    def pick(self, kind: str, name: str, options: Any) -> int:
        n = option_count(options)
        i = min(self.prefix[self.at], n - 1) if self.at < len(self.prefix) else 0
        self.at += 1
        self.indices.append(i)
        self.sizes.append(n)
        return i


class _RandomChooser:
    """Uniform picks, with a quarter of them at either end of the range."""

    __slots__ = ("indices", "rng", "sizes")

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.indices: list[int] = []
        self.sizes: list[int] = []

    def pick(self, kind: str, name: str, options: Any) -> int:
        n = option_count(options)
        r = self.rng.random()
        if r < 0.125:
            i = 0
        elif r < 0.25:
            i = n - 1
        elif n > 1 << 40:
            i = self.rng.randrange(n)
        else:
            i = int((r - 0.25) * 4 * n / 3) % n
        self.indices.append(i)
        self.sizes.append(n)
        return i


class UniformChooser:
    """Uniform picks; records the indices picked, the option counts met and their product
    (the estimate of the tree's size, and a sampled case that can be run again)."""

    __slots__ = ("indices", "product", "rng", "sizes")

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.product = 1
        self.indices: list[int] = []
        self.sizes: list[int] = []

    def pick(self, kind: str, name: str, options: Any) -> int:
        n = option_count(options)
        self.product *= n
        i = self.rng.randrange(n)
        self.indices.append(i)
        self.sizes.append(n)
        return i


def estimate_space(
    routine: Routine,
    params: dict[str, int],
    claims: Sequence[Claim] = (),
    paths: int = ESTIMATE_PATHS,
) -> int:
    """The number of cases (leaves of the tree), estimated from ``paths`` random paths.

    Knuth's estimator: along a path drawn with uniform picks, the product of the option counts
    is an unbiased estimate of the number of leaves; this is the mean over the paths, rounded.
    Exact when every path meets the same option counts (when the first :data:`AGREE` paths
    all give the same product, the tree is taken to be such a tree and no more are drawn).
    Seeded, so the same routine always gets the same estimate.
    """
    rng = random.Random(0)
    products: list[int] = []
    for drawn in range(1, paths + 1):
        chooser = UniformChooser(rng)
        perform(routine, params, chooser, record=False, claims=claims)
        products.append(chooser.product)
        if drawn == AGREE and len(set(products)) == 1:
            break  # the same count on every path so far: a tree of fixed option counts
    return max(1, (sum(products) + len(products) // 2) // len(products))


def _replay(
    routine: Routine, params: dict[str, int], indices: Sequence[int], claims: Sequence[Claim]
) -> Outcome:
    return perform(routine, params, ScriptedChooser(list(indices)), record=True, claims=claims)


def walk(
    routine: Routine, params: dict[str, int], claims: Sequence[Claim]
) -> Iterator[tuple[Outcome, list[int]]]:
    """Every case of the tree in lexicographic order, with its choice indices."""
    prefix: list[int] = []
    while True:
        recorder = _Recorder(prefix)
        outcome = perform(routine, params, recorder, record=False, claims=claims)
        yield outcome, recorder.indices
        idx, sizes = recorder.indices, recorder.sizes
        i = len(idx) - 1
        while i >= 0 and idx[i] >= sizes[i] - 1:
            i -= 1
        if i < 0:
            return
        prefix = [*idx[:i], idx[i] + 1]


def _fails(
    routine: Routine, params: dict[str, int], indices: Sequence[int], claims: Sequence[Claim]
) -> tuple[bool, list[int]]:
    recorder = _Recorder(indices)
    outcome = perform(routine, params, recorder, record=False, claims=claims)
    return (not outcome.ok), recorder.indices


def shrink(
    routine: Routine, params: dict[str, int], indices: Sequence[int], claims: Sequence[Claim]
) -> list[int]:
    """Lower each choice of a failing case as far as it still fails, until nothing changes."""
    bad, best = _fails(routine, params, indices, claims)
    if not bad:  # not a failing case: nothing to shrink
        return best
    bad, used = _fails(routine, params, [], claims)
    if bad:
        return used  # the first case of all already fails
    changed = True
    while changed:
        changed = False
        for value in sorted({v for v in best if v}, reverse=True):
            # the same index chosen twice (the same card picked again) often goes down together:
            # the lowest common value that still fails, by bisection (fails at high)
            if best.count(value) < 2:
                continue
            low, high, lowered = -1, value, None
            while high - low > 1:
                mid = (low + high) // 2
                bad, used = _fails(
                    routine, params, [mid if v == value else v for v in best], claims
                )
                if bad:
                    high, lowered = mid, used
                else:
                    low = mid
            if lowered is not None:
                best, changed = lowered, True
        # a smaller choice can make the case fail earlier, with fewer choices: ``best`` can
        # shrink under the loop, so it is indexed afresh on every turn
        i = -1
        while i + 1 < len(best):
            i += 1
            if best[i] == 0:
                continue
            trial = [*best[:i], 0, *best[i + 1 :]]
            bad, used = _fails(routine, params, trial, claims)
            if bad:
                best, changed = used, True
                continue
            low, high = 0, best[i]  # fails at high, passes at low
            while high - low > 1:
                mid = (low + high) // 2
                bad, used = _fails(routine, params, [*best[:i], mid, *best[i + 1 :]], claims)
                if bad:
                    high = mid
                else:
                    low = mid
            if high < best[i]:
                _, best = _fails(routine, params, [*best[:i], high, *best[i + 1 :]], claims)
                changed = True
    return best


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
                    space=_big(space), widest=_big(widest), limit=f"{exhaustive_limit:,}"
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
                    f"while walking every case (about {_big(space)}): no counter-example so "
                    "far, nothing proved",
                    zh=f"逐一检查所有情况（约{_big(space)}种）时：尚未发现反例，也没有证明",
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
            found = _replay(routine, values, result.failing, chosen)
            bug = found.error is not None  # a fault of the routine's code: no odds to tell
            risk = () if bug else _risk(routine, values, chosen, found)
            if bug:
                chances = None
            elif result.complete:
                chances = _exact_odds(result, chosen, risk)
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
                odds=_exact_odds(result, chosen, ()),
                failed=0,
                **stats,
            )
        notes.append(
            _NOTES["budget"].format(
                stopped=result.stopped_said,
                cases=_big(result.cases),
                space=_big(space),
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
        cases, failing = _search_hypothesis(routine, values, chosen, examples, seed)
    else:  # one worker or many: the same chunks, the same result
        cases, failing = _search_parallel(
            routine, values, chosen, examples, seed, workers, executor
        )
    shrunk = None if failing is None else _replay(routine, values, failing, chosen)
    chances = None
    if odds and (shrunk is None or shrunk.error is None):
        risk = () if shrunk is None else _risk(routine, values, chosen, shrunk)
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


#: random performances drawn to estimate the odds where they cannot be counted
ODDS_SAMPLE = 2000
#: options of a choice tried, besides the one a failing case took, to see if it carries the risk
RISK_TRIES = 4


def _exact_odds(result: WalkResult, claims: Sequence[Claim], risk: tuple[str, ...]) -> Odds:
    fail = result.failing_odds
    one = Fraction(1)
    return Odds(
        works=one - fail.get(WORKS, 0),
        claims={c.id: one - fail.get(c.id, 0) for c in claims},
        risk=risk,
    )


class OddsChooser:
    """Picks every option at its odds: uniformly, or by the routine's weights."""

    __slots__ = ("rng",)

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def pick(self, kind: str, name: str, options: Any) -> int:
        weights = getattr(options, "weights", None)
        if weights is not None:
            return self.rng.choices(range(len(weights)), weights=weights)[0]
        return self.rng.randrange(option_count(options))


def estimate_odds(
    routine: Routine,
    params: dict[str, int],
    claims: Sequence[Claim],
    n: int,
    seed: int,
    risk: tuple[str, ...] = (),
) -> Odds:
    """The odds estimated from ``n`` performances drawn at random, every choice at its odds
    (seeded: the same seed gives the same estimate), with 95% intervals."""
    rng = random.Random(f"odds {seed}")
    works = 0
    held = {c.id: 0 for c in claims}
    for _ in range(n):
        outcome = perform(routine, params, OddsChooser(rng), record=False, claims=claims)
        works += outcome.ok
        if outcome.failure is None:
            for c in claims:
                held[c.id] += c.id not in outcome.claim_errors
    return estimate(works, held, n, risk)


def _risk(
    routine: Routine, params: dict[str, int], claims: Sequence[Claim], found: Outcome
) -> tuple[str, ...]:
    """The choices of a failing case that carry the risk: changing that one alone, to some
    other of its options, makes the case work."""
    made = list(found.performance.choices)
    indices = [c.index for c in made]
    out: list[str] = []
    for j, choice in enumerate(made):
        if choice.size < 2:
            continue
        step = max(1, choice.size // RISK_TRIES)
        others = [i for i in range(0, choice.size, step) if i != choice.index][:RISK_TRIES]
        others += [choice.size - 1] if choice.index != choice.size - 1 else []
        for other in dict.fromkeys(others):
            trial = perform(
                routine, params, ScriptedChooser([*indices[:j], other, *indices[j + 1 :]]),
                record=False, claims=claims,
            )  # fmt: skip
            if trial.ok:
                out.append(choice.name)
                break
    return tuple(dict.fromkeys(out))


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


def _big(n: int) -> str:
    """A count as people read it: ``270,725``, or ``8.07e+67`` past a trillion."""
    return f"{n:,}" if n < 10**12 else f"{n:.3g}"


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
    reach (``space``: the estimated number of cases)."""
    context = (routine, params, tuple(claims), abstraction, budget, merge, odds, space)
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


def _explore(
    routine: Routine, params: dict[str, int], claims: Sequence[Claim], examples: int, seed: int
) -> tuple[int, list[int] | None]:
    """Random cases from ``seed`` until one fails: (cases run, the failing indices or None)."""
    rng = random.Random(seed)
    for case in range(1, examples + 1):
        chooser = _RandomChooser(rng)
        outcome = perform(routine, params, chooser, record=False, claims=claims)
        if not outcome.ok:
            return case, chooser.indices
    return examples, None


def _search_random(
    routine: Routine, params: dict[str, int], claims: Sequence[Claim], examples: int, seed: int
) -> tuple[int, list[int] | None]:
    cases, failing = _explore(routine, params, claims, examples, seed)
    if failing is None:
        return cases, None
    return cases, shrink(routine, params, failing, claims)


def _search_parallel(
    routine: Routine,
    params: dict[str, int],
    claims: Sequence[Claim],
    examples: int,
    seed: int,
    workers: int,
    executor: str | None = None,
) -> tuple[int, list[int] | None]:
    """The random search in chunks of :data:`SEARCH_CHUNK` cases, each with its own seed drawn
    from ``seed``, on ``workers`` processes (:mod:`conjure.parallel`); the chunks are read in
    order and the first failure in that order is the one kept, so the same seed finds the same
    case whatever the number of workers. Interrupted, it says how many cases it had searched."""
    from conjure.errors import Interrupted
    from conjure.parallel import backend, closing, plan

    chunks = plan(examples, seed, SEARCH_CHUNK)
    run = backend(executor, workers).map(_explore_chunk, (routine, params, tuple(claims)), chunks)
    cases = 0
    failing: list[int] | None = None
    try:
        with closing(run) as results:
            for ran, found in results:
                cases += ran
                if found is not None:
                    failing = found
                    break
    except KeyboardInterrupt:
        raise Interrupted(
            Text(
                f"after {cases:,} of {examples:,} random cases searched (seed {seed}), "
                "no counter-example among them",
                zh=f"已随机检查{examples:,}种情况中的{cases:,}种（种子 {seed}），其中没有反例",
            )
        ) from None
    if failing is None:
        return cases, None
    return cases, shrink(routine, params, failing, claims)


#: random cases per chunk of a search; results never depend on it being run where
SEARCH_CHUNK = 500


def _explore_chunk(
    context: tuple[Routine, dict[str, int], tuple[Claim, ...]], chunk: Any
) -> tuple[int, list[int] | None]:
    routine, params, claims = context
    return _explore(routine, params, claims, chunk.size, chunk.seed)


def _search_hypothesis(
    routine: Routine, params: dict[str, int], claims: Sequence[Claim], examples: int, seed: int
) -> tuple[int, list[int] | None]:
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import seed as fix_seed
    from hypothesis import strategies as st

    state: dict[str, Any] = {"cases": 0, "last": None}

    class _Failed(Exception):
        pass

    @fix_seed(seed)
    @settings(
        max_examples=examples,
        database=None,
        deadline=None,
        derandomize=False,
        suppress_health_check=list(HealthCheck),
        phases=(Phase.generate, Phase.shrink),
        report_multiple_bugs=False,
    )
    @given(st.data())
    def run(data: st.DataObject) -> None:
        chooser = HypothesisChooser(data)
        outcome = perform(routine, params, chooser, record=False, claims=claims)
        state["cases"] += 1
        state["last"] = outcome.choice_indices()
        if not outcome.ok:
            raise _Failed

    try:
        run()
    except _Failed:
        return state["cases"], state["last"]
    return state["cases"], None


# -- solving for set-ups -------------------------------------------------------------------------


@attrs.frozen
class Solution:
    """The set-ups for which an optional claim always holds."""

    routine: Routine
    claim: Claim
    params: dict[str, int]
    setups: list[dict[str, Any]]
    total: int
    #: what the set-ups have in common, when simple rules pick them out exactly
    rules: list[Text]
    seconds: float


def _setup_values(outcome: Outcome) -> dict[str, Any]:
    perf = outcome.performance
    return {c.name: c.value for c in perf.choices if c.kind == SETUP}


def solve(
    routine: Routine,
    claim_id: str,
    params: Mapping[str, int] | None = None,
    limit: int = DEFAULT_EXHAUSTIVE_LIMIT,
) -> Solution:
    """Every set-up for which claim ``claim_id`` (and every promised claim) holds for every
    spectator choice. The set-up space must be small enough to walk."""
    claim = routine.claim(claim_id)
    values = routine.resolve_params(params)
    claims = (*[c for c in routine.claims if c.promised], claim)
    start = time.perf_counter()
    space = estimate_space(routine, values, claims)
    if space > limit:
        said = Text(
            "the cases of {id!r} are too many to solve for: about {space}, more than the limit "
            "of {limit}",
            zh="{id!r} 的情况太多，无法求解：约{space}种，超过上限{limit}种",
        )  # the size of the input asked for, not a fault of the routine: bad input (exit 2)
        raise UsageError(said.format(id=routine.id, space=_big(space), limit=f"{limit:,}"))
    verdict: dict[tuple[int, ...], bool] = {}
    setups: dict[tuple[int, ...], dict[str, Any]] = {}
    for outcome, indices in walk(routine, values, claims):
        perf = check_not_bug(routine, outcome).performance
        n_setup = sum(1 for c in perf.choices if c.kind == SETUP)
        key = tuple(indices[:n_setup])
        if key not in setups:
            setups[key] = _setup_values(outcome)
            verdict[key] = True
        verdict[key] = verdict[key] and outcome.ok
    good = [setups[k] for k in sorted(setups) if verdict[k]]
    return Solution(
        routine,
        claim,
        values,
        good,
        len(setups),
        describe_rules(good, setups),
        time.perf_counter() - start,
    )


#: the words of the rules :func:`describe_rules` finds
_RULES = {
    "same": Text("{b} = {a}", zh="{b} = {a}"),
    "taken": Text("{b} = {a} taken in the positions {positions}",
                  zh="{b} = 按位置 {positions} 取 {a}"),
    "any": Text("{name}: any ({n} possible)", zh="{name}：任意（共{n}种）"),
}  # fmt: skip


def describe_rules(good: list[dict[str, Any]], every: Mapping[Any, dict[str, Any]]) -> list[Text]:
    """Rules that pick out exactly the ``good`` set-ups among ``every`` one, when simple ones do.

    Looked for: an ordered value that is another's rearranged by one fixed permutation of
    positions (then it is determined by the other), and values that are free (take every value
    they can take) once the determined ones are set aside.
    """
    if not good:
        return []
    names = list(good[0])
    derived: dict[str, Text] = {}
    for j, b in enumerate(names):
        for a in names[:j]:  # a later set-up value is described by an earlier one
            if a in derived or b in derived:
                continue
            va, vb = good[0][a], good[0][b]
            if not (isinstance(va, tuple) and isinstance(vb, tuple) and len(va) == len(vb)):
                continue
            for perm in itertools.permutations(range(len(va))):
                if all(tuple(s[a][p] for p in perm) == s[b] for s in good):
                    positions = " ".join(str(p + 1) for p in perm)
                    same = list(perm) == sorted(perm)
                    said = _RULES["same" if same else "taken"]
                    derived[b] = said.format(a=a, b=b, positions=positions)
                    break
    rules: list[Text] = []
    free_product = 1
    for name in names:
        if name in derived:
            continue
        all_values = {_key(s[name]) for s in every.values()}
        good_values = {_key(s[name]) for s in good}
        if good_values == all_values:
            rules.append(_RULES["any"].format(name=name, n=len(all_values)))
            free_product *= len(all_values)
        else:
            free_product = 0
    rules.extend(derived.values())
    if free_product != len(good):
        return []  # the simple rules do not describe the set exactly
    return rules


def _key(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def format_setup(values: Mapping[str, Any]) -> str:
    return ", ".join(f"{k}={describe_value(v)}" for k, v in values.items())


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
