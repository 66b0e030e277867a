"""The set-ups for which an optional claim holds whatever the spectator chooses, and a rule
that describes them when a simple one does."""

from __future__ import annotations

import itertools
import time
from collections.abc import Mapping
from typing import Any

import attrs

from conjure.errors import UsageError
from conjure.magic.choices import (
    describe_value,
)
from conjure.magic.performance import Outcome, check_not_bug
from conjure.magic.report import count_text
from conjure.magic.routine import SETUP, Claim, Routine
from conjure.magic.search import estimate_space, walk
from conjure.magic.verifier import DEFAULT_EXHAUSTIVE_LIMIT
from conjure.text import Text


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

    def to_json(self) -> dict[str, Any]:
        """The solution as plain data (``conjure solve --json``)."""
        return {
            "routine": self.routine.id,
            "claim": self.claim.id,
            "count": len(self.setups),
            "total": self.total,
            "rules": [str(rule) for rule in self.rules],
            "setups": [
                {k: "".join(map(str, v)) if isinstance(v, tuple) else v for k, v in s.items()}
                for s in self.setups
            ],
        }


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
        raise UsageError(said.format(id=routine.id, space=count_text(space), limit=f"{limit:,}"))
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
