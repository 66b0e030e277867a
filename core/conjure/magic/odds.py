"""How often a routine works: the probability that each claim holds, when the spectator's free
choices are taken at random.

Each free choice is taken uniformly among its options unless the routine gives weights
(``p.choose(..., weights=...)``); a set-up order is uniform over every order of the cards. The
probability is then exact, a fraction, when the verifier has walked every case, carried through
the situations it merged: it is *not* the fraction of cases that hold, since a choice with two
options after one branch and three after another weighs its cases differently. Where only a
sample was run it is an estimate, said to be one, with a 95% interval (Wilson's, which stays
inside 0–100% and is not zero-width at 0 or at n of n).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import attrs

from conjure.magic.choices import ScriptedChooser, option_count
from conjure.magic.performance import Outcome, perform
from conjure.magic.routine import Claim, Routine
from conjure.text import Text

if TYPE_CHECKING:
    from conjure.magic.walk import WalkResult

#: the key of the whole routine (every checked claim, and no failure on the way) in the maps
WORKS = ""
#: the normal quantile of a 95% interval
_Z = 1.959963984540054


@attrs.frozen
class Odds:
    """The probability that the routine works and that each checked claim holds.

    ``exact``: over every case, as fractions. Otherwise an estimate from ``sample`` random
    performances drawn with every choice at its odds, ``intervals`` the 95% interval of each.
    ``risk`` names the choices that carry the risk: in the smallest failing case, changing
    that choice alone (to some other option) makes the case work."""

    works: Fraction
    claims: Mapping[str, Fraction]
    exact: bool = True
    sample: int = 0
    intervals: Mapping[str, tuple[float, float]] = attrs.field(factory=dict)
    risk: tuple[str, ...] = ()

    def of(self, claim: str) -> Fraction:
        return self.works if claim == WORKS else self.claims[claim]

    def said(self, claim: str = WORKS) -> Text:
        """``holds with probability 29/30 (96.7%)``, or an estimate said to be one (``works``
        instead of ``holds`` for the routine as a whole)."""
        p = self.of(claim)
        verb = _WORKS if claim == WORKS else _HOLDS
        if self.exact:
            return _EXACT.format(verb=verb, value=probability_text(p))
        low, high = self.intervals.get(claim, (0.0, 1.0))
        return _ESTIMATE.format(
            verb=verb,
            value=percent(float(p)),
            low=percent(low),
            high=percent(high),
            n=f"{self.sample:,}",
        )

    def to_json(self) -> dict[str, object]:
        def one(claim: str) -> dict[str, object]:
            p = self.of(claim)
            out: dict[str, object] = {"probability": float(p), "exact": self.exact}
            if self.exact:
                out["fraction"] = f"{p.numerator}/{p.denominator}"
            else:
                low, high = self.intervals.get(claim, (0.0, 1.0))
                out["interval95"] = [low, high]
                out["sample"] = self.sample
            return out

        return {
            "works": one(WORKS),
            "claims": {c: one(c) for c in self.claims},
            "risk": list(self.risk),
        }


_WORKS = Text("works", zh="成功")
_HOLDS = Text("holds", zh="成立")
_EXACT = Text("{verb} with probability {value}", zh="{verb}的概率为 {value}")
_ESTIMATE = Text(
    "{verb} in about {value} of performances (an estimate: 95% interval {low} to {high}, "
    "from {n} random performances)",
    zh="约 {value} 的表演中{verb}（估计值：95%区间 {low} 至 {high}，来自{n}次随机表演）",
)


def percent(p: float) -> str:
    """A probability as a percentage people read: ``96.7%``; as many digits as it takes not to
    call a probability short of 1 (or above 0) 100% (or 0%)."""
    value = p * 100
    for digits in range(1, 12):
        text = f"{value:.{digits}f}"
        if (p > 0 and float(text) == 0) or (p < 1 and float(text) == 100):
            continue
        return text.rstrip("0").rstrip(".") + "%" if digits > 1 else text + "%"
    return f"{value:.3g}%"


def probability_text(p: Fraction) -> str:
    """``29/30 (96.7%)``; a fraction with more than twelve digits on either side is given as
    its percentage only (``≈ 96.6667%``)."""
    if p in (0, 1):
        return f"{int(p)} ({percent(float(p))})"
    if p.numerator < 10**12 and p.denominator < 10**12:
        return f"{p.numerator}/{p.denominator} ({percent(float(p))})"
    return f"≈ {percent(float(p))}"


def wilson(k: int, n: int) -> tuple[float, float]:
    """The 95% interval of a proportion ``k`` of ``n`` (Wilson's score interval)."""
    if n <= 0:
        return 0.0, 1.0
    p = k / n
    z2 = _Z * _Z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = _Z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    low = 0.0 if k == 0 else max(0.0, centre - half)
    high = 1.0 if k == n else min(1.0, centre + half)
    return low, high


def estimate(works: int, claims: Mapping[str, int], n: int, risk: tuple[str, ...] = ()) -> Odds:
    """Odds estimated from ``n`` random performances: ``works`` of them worked, and each claim
    held in ``claims[claim]`` of them."""
    intervals = {WORKS: wilson(works, n), **{c: wilson(k, n) for c, k in claims.items()}}
    return Odds(
        works=Fraction(works, n),
        claims={c: Fraction(k, n) for c, k in claims.items()},
        exact=False,
        sample=n,
        intervals=intervals,
        risk=risk,
    )


# -- the odds of a routine, counted or drawn ------------------------------------------------

#: random performances drawn to estimate the odds where they cannot be counted
ODDS_SAMPLE = 2000

#: options of a choice tried, besides the one a failing case took, to see if it carries the risk
RISK_TRIES = 4


def exact_odds(result: WalkResult, claims: Sequence[Claim], risk: tuple[str, ...]) -> Odds:
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


def risk_of(
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
