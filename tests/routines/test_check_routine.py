"""``check_routine``: an example count and a seed, a message naming the failing case, and
nothing written to the current folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from conjure.deck import DeckState, Peel
from conjure.magic import Claim, Performance, Routine
from conjure.testing import check_routine
from conjure.testing.routine import RoutineCheckFailed


def script(p: Performance) -> None:
    p.start(DeckState.parse("left: AS 2S 3S 4S 5S 6S"))
    p.step("①", en="deal")
    n = p.choose("n", range(1, 6), en="how many to deal")
    p.do(*[Peel("left", "table")] * n)


def at_most_three(p: Performance) -> str | None:
    n = p.state.size("table")
    return None if n <= 3 else f"{n} cards on the table"


BROKEN = Routine(
    "deal-some",
    "",
    "Deal Some",
    "tests",
    "",
    "",
    "",
    "",
    script,
    claims=(Claim("few", "at most three cards dealt", check=at_most_three),),
)
GOOD = Routine("deal-any", "", "Deal Any", "tests", "", "", "", "", script)


def test_a_failure_names_the_case_and_its_replay(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(RoutineCheckFailed) as info:
        check_routine(BROKEN, examples=50, seed=3)
    first, case = str(info.value).splitlines()[:2]
    assert first.startswith("routine 'deal-some' fails (exhaustive, case 4): claim few fails")
    assert "4 cards on the table" in first
    assert case == "case: n=4 (#3); replay: conjure rehearse deal-some --choice n=#3"
    assert isinstance(info.value, AssertionError)
    assert not (tmp_path / ".hypothesis").exists()


def test_a_good_routine_passes_with_any_seed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    check_routine(GOOD, examples=10, seed=1)
    assert list(tmp_path.iterdir()) == []
