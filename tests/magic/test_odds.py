"""The odds of a claim: exact fractions worked out by hand, with choices of different sizes
and weights, carried through merged situations; estimates said to be estimates."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from conjure.cli import main
from conjure.deck import Deal, DeckState
from conjure.magic import Claim, Performance, Routine, verify
from conjure.magic.odds import percent, probability_text, wilson


def make(script: object, *claims: Claim) -> Routine:
    return Routine("odds", "", "Odds", "tests", "", "", "", "", script, claims=claims)  # type: ignore[arg-type]


def uneven(p: Performance) -> None:
    """a: two options; then b: two options after a=0, three after a=1."""
    p.start(DeckState.parse("left: AS 2S 3S"))
    p.step("①", "the spectator names a")
    a = p.choose("a", range(2))
    p.step("②", "and then b")
    p.choose("b", range(2) if a == 0 else range(3))


def fails_at_the_last_b(p: Performance) -> str | None:
    a, b = p.values["a"], p.values["b"]
    return "the last b" if (a, b) in ((0, 1), (1, 2)) else None


LAST_B = Claim("last-b", "b is never its last option", check=fails_at_the_last_b)


def test_odds_weigh_each_case_by_its_path_not_by_counting_cases() -> None:
    report = verify(make(uneven, LAST_B))
    assert report.verdict == "refuted" and report.space == 5 and report.failed == 2
    odds = report.odds
    assert odds is not None and odds.exact
    # by hand: P(fail) = 1/2 x 1/2 + 1/2 x 1/3 = 5/12 (not 2 cases of 5)
    assert odds.claims["last-b"] == Fraction(7, 12) and odds.works == Fraction(7, 12)
    assert odds.said("last-b").en == "holds with probability 7/12 (58.3%)"


def weighted(p: Performance) -> None:
    p.start(DeckState.parse("left: AS 2S 3S"))
    p.step("①", "the spectator names a, three times as often 0 as 1")
    a = p.choose("a", range(2), weights=[3, 1])
    p.step("②", "and then b")
    p.choose("b", range(2) if a == 0 else range(3))


def test_weights_change_the_odds_and_not_the_cases() -> None:
    report = verify(make(weighted, LAST_B))
    assert report.space == 5
    # by hand: 3/4 x 1/2 + 1/4 x 1/3 = 11/24 fail
    assert report.odds is not None and report.odds.works == Fraction(13, 24)


def deals(p: Performance) -> None:
    """Three deals of one or two cards, each in a step of its own: after 1, 2 and after 2, 1
    the table is the same, so the walk merges (and must carry the odds through)."""
    p.start(DeckState.parse("left: AS 2S 3S 4S 5S 6S 7S"))
    _deal(p, "a")
    _deal(p, "b")
    _deal(p, "c")
    p.step("end", "done")


def _deal(p: Performance, name: str) -> None:
    p.step(name, "deal one or two")
    n = p.choose(name, range(1, 3))
    p.do(Deal("left", "table", n))


def four_dealt(p: Performance) -> str | None:
    return "four cards dealt" if p.state.size("table") == 4 else None


def test_the_odds_of_merged_situations_are_carried_through() -> None:
    routine = make(deals, Claim("not-four", "never four cards dealt", check=four_dealt))
    merged = verify(routine)
    plain = verify(routine, merge=False)
    # by hand: four cards from three deals of 1 or 2 is one 2 and two 1s, 3 of 8 paths
    assert merged.merged > 0 and plain.merged == 0
    for report in (merged, plain):
        assert report.odds is not None and report.odds.works == Fraction(5, 8)
        assert report.failed == 3 and report.space == 8


def test_a_sample_gives_an_estimate_with_its_interval(capsys: pytest.CaptureFixture[str]) -> None:
    report = verify(make(uneven, LAST_B), exhaustive_limit=1, examples=500, seed=4)
    assert report.mode == "search" and report.odds is not None and not report.odds.exact
    low, high = report.odds.intervals[""]
    assert low < 7 / 12 < high  # the exact value lies in the 95% interval
    said = report.odds.said().en
    assert said.startswith("works in about ") and "an estimate: 95% interval" in said


def test_verify_prints_the_odds_and_the_risk_and_puts_them_in_json(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["verify", "each-gets-two", "--param", "rounds=2", "--param", "reading=0"]) == 1
    out = capsys.readouterr().out
    assert "the routine works in about" in out and "95% interval" in out
    assert "the risk is in" in out and "pick2" in out
    assert main(["verify", "each-gets-two", "--param", "rounds=2", "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    odds = data["results"][0]["odds"]
    assert odds["works"]["exact"] is False and 0.9 < odds["works"]["probability"] < 1
    assert "pick2" in odds["risk"]


def test_numbers_are_said_the_way_people_read_them() -> None:
    assert percent(29 / 30) == "96.7%" and percent(1.0) == "100.0%" and percent(0.0) == "0.0%"
    assert percent(1 - 1e-7) == "99.99999%"  # never 100% short of certain
    assert probability_text(Fraction(29, 30)) == "29/30 (96.7%)"
    assert probability_text(Fraction(1, 3**40)).startswith("≈ ")  # too many digits
    low, high = wilson(0, 100)
    assert low == 0 and 0.03 < high < 0.04


def test_explain_gives_the_same_exact_odds() -> None:
    from conjure.magic.explain import explain

    found = explain(make(uneven, LAST_B))
    assert found.exhaustive and found.failed == 2
    assert found.odds is not None and found.odds.works == Fraction(7, 12)
    assert found.to_json()["odds"]["works"]["fraction"] == "7/12"
