"""Cases by their choices: the size of the tree, every case in order, and random search.

A performance is a sequence of choices (indices into the options each choice point offered), so
the space of cases is a tree whose leaves are the cases. Its size is estimated by Knuth's
method: the product of the option counts along a path drawn at random is an unbiased estimate
of the number of leaves, and the mean over many paths is the estimate (exact when every path
offers the same counts). :func:`walk` visits every case in lexicographic order (the plain walk
that :func:`conjure.magic.setups.solve` uses; the verifier's merging walk is
:mod:`conjure.magic.walk`).

Where no walk is in reach the verifier searches, and a search that finds nothing is only that,
never a proof: random cases from a seed, biased toward the ends of every range (where routines
break), in chunks that any number of workers run with the same result, and a failing case
shrunk greedily, choice by choice, toward the first option while it still fails.
``engine="hypothesis"`` lets hypothesis draw and shrink the choices instead; it explores about
forty times fewer cases a second, and is what :mod:`conjure.testing` uses in property tests.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

from conjure.magic.choices import (
    HypothesisChooser,
    ScriptedChooser,
    option_count,
)
from conjure.magic.performance import Outcome, perform
from conjure.magic.routine import Claim, Routine
from conjure.text import Text

#: random paths drawn to estimate the size of the tree (fewer when the first AGREE agree)
ESTIMATE_PATHS = 64

AGREE = 16


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


def replay(
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


def fails(
    routine: Routine, params: dict[str, int], indices: Sequence[int], claims: Sequence[Claim]
) -> tuple[bool, list[int]]:
    recorder = _Recorder(indices)
    outcome = perform(routine, params, recorder, record=False, claims=claims)
    return (not outcome.ok), recorder.indices


def shrink(
    routine: Routine, params: dict[str, int], indices: Sequence[int], claims: Sequence[Claim]
) -> list[int]:
    """Lower each choice of a failing case as far as it still fails, until nothing changes."""
    bad, best = fails(routine, params, indices, claims)
    if not bad:  # not a failing case: nothing to shrink
        return best
    bad, used = fails(routine, params, [], claims)
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
                bad, used = fails(routine, params, [mid if v == value else v for v in best], claims)
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
            bad, used = fails(routine, params, trial, claims)
            if bad:
                best, changed = used, True
                continue
            low, high = 0, best[i]  # fails at high, passes at low
            while high - low > 1:
                mid = (low + high) // 2
                bad, used = fails(routine, params, [*best[:i], mid, *best[i + 1 :]], claims)
                if bad:
                    high = mid
                else:
                    low = mid
            if high < best[i]:
                _, best = fails(routine, params, [*best[:i], high, *best[i + 1 :]], claims)
                changed = True
    return best


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


def search(
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


def search_hypothesis(
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
