"""The routine runtime and the verifier on small routines made for the purpose."""

from __future__ import annotations

import math

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from conjure.deck import (
    Behind,
    Card,
    DeckState,
    Forward,
    Peel,
    ShowTop,
    Take,
    TurnOver,
    parse_cards,
)
from conjure.errors import UnknownNameError, UsageError
from conjure.magic import (
    Claim,
    Param,
    Performance,
    Permutations,
    PresetChooser,
    Routine,
    ScriptedChooser,
    every,
    perform,
)
from conjure.magic.choices import split_items
from conjure.magic.search import shrink, walk
from conjure.magic.setups import solve
from conjure.magic.verifier import verify


def make(script, claims=(), params=()) -> Routine:  # type: ignore[no-untyped-def]
    return Routine(
        id="test",
        name_zh="测试",
        name_en="Test",
        source="tests",
        summary_en="",
        summary_zh="",
        setup_en="",
        setup_zh="",
        script=script,
        claims=tuple(claims),
        params=tuple(params),
    )


def grid_script(p: Performance) -> None:
    p.start(DeckState.parse("left: AS"))
    p.step("①", en="choose", zh="选")
    p.choose("a", range(10))
    p.choose("b", range(10))


def grid_claim(p: Performance) -> str | None:
    return "too big" if p.values["a"] >= 3 and p.values["b"] >= 5 else None


GRID = make(grid_script, [Claim("small", "a<3 or b<5", "小", grid_claim)])


def test_walk_visits_every_case_once_in_order() -> None:
    seen = [tuple(indices) for _, indices in walk(GRID, {}, GRID.claims)]
    assert seen == [(a, b) for a in range(10) for b in range(10)]


def test_exhaustive_verification_reports_the_first_failure() -> None:
    report = verify(GRID)
    assert report.mode == "exhaustive" and not report.passed
    assert report.counterexample is not None
    assert report.counterexample.choice_indices() == [3, 5]
    assert report.cases == 36  # a=0..2 pass all 10, then a=3 fails at b=5


def test_search_finds_and_shrinks_to_the_smallest_case() -> None:
    report = verify(GRID, exhaustive_limit=10, seed=11, examples=5000)
    assert report.mode == "search" and report.seed == 11
    assert report.counterexample is not None
    assert report.counterexample.choice_indices() == [3, 5]


def test_parallel_search_finds_the_same_smallest_case_and_replays() -> None:
    a = verify(GRID, exhaustive_limit=10, seed=5, examples=4000, workers=2)
    b = verify(GRID, exhaustive_limit=10, seed=5, examples=4000, workers=2)
    assert a.counterexample is not None and b.counterexample is not None
    assert a.counterexample.choice_indices() == [3, 5]
    assert a.cases == b.cases and a.workers == 2


def test_search_with_hypothesis_finds_the_smallest_case_too() -> None:
    report = verify(GRID, exhaustive_limit=10, seed=2, examples=300, engine="hypothesis")
    assert report.counterexample is not None
    assert report.counterexample.choice_indices() == [3, 5]


def test_shrink_lowers_repeated_choices_together() -> None:
    def script(p: Performance) -> None:
        p.start(DeckState())
        p.step("①", en="", zh="")
        p.values["x"] = p.choose("x", range(20))
        p.values["y"] = p.choose("y", range(20))

    def same(p: Performance) -> str | None:
        return "equal" if p.values["x"] == p.values["y"] >= 3 else None

    routine = make(script, [Claim("differ", "", "", same)])
    # lowered one at a time, neither can move; lowered together they go down to 3
    assert shrink(routine, {}, [9, 9], routine.claims) == [3, 3]


def test_seeded_search_replays_exactly() -> None:
    a = verify(GRID, exhaustive_limit=10, seed=99, examples=50)
    b = verify(GRID, exhaustive_limit=10, seed=99, examples=50)
    assert a.cases == b.cases


def believes_kings_script(p: Performance) -> None:
    p.start(DeckState.parse("left: KS^ KH^ QD^"))
    p.step("①", en="show", zh="看")
    p.believe(every("left", 13, en="the left hand holds Kings", zh="左手是K"))
    p.show(Peel("left", "table"), Peel("left", "table"))


def test_two_views_rule_names_the_step_and_the_card() -> None:
    outcome = perform(make(believes_kings_script))
    assert outcome.failure is not None
    assert str(outcome.failure) == (
        'step ①: the audience sees Q♦ in the left hand during "peel 1 card from the left hand '
        'onto the table", but believes the left hand holds Kings'
    )


def test_secret_moves_must_be_behind_the_back() -> None:
    def script(p: Performance) -> None:
        p.start(DeckState.parse("left: AS 2S"))
        p.step("①", en="", zh="")
        p.do(Behind())
        p.do(Take("left", "right"), secret=True)
        p.do(Forward())
        p.do(Take("right", "left"), secret=True)

    outcome = perform(make(script))
    assert outcome.failure is not None
    assert "secret move in view" in str(outcome.failure)


def test_illegal_move_fails_the_routine_at_its_step() -> None:
    def script(p: Performance) -> None:
        p.start(DeckState.parse("left: AS"))
        p.step("⑤", en="", zh="")
        p.do(TurnOver("right"))

    outcome = perform(make(script))
    assert outcome.failure is not None
    assert str(outcome.failure).startswith("step ⑤: cannot turn the packet in the right hand over")


def test_params_are_checked() -> None:
    routine = make(grid_script, params=[Param("n", 2, 1, 3)])
    assert routine.resolve_params({"n": 3}) == {"n": 3}
    with pytest.raises(
        UsageError, match=r"parameter n: 4 is out of range \(allowed: from 1 to 3\)"
    ):
        routine.resolve_params({"n": 4})
    with pytest.raises(UnknownNameError, match="no parameter 'm'"):
        routine.resolve_params({"m": 1})


@given(st.integers(0, 6), st.data())
def test_permutations_are_a_bijection(n: int, data: st.DataObject) -> None:
    perms = Permutations(range(n))
    assert perms.size == math.factorial(n)
    index = data.draw(st.integers(0, perms.size - 1))
    order = perms[index]
    assert sorted(order) == list(range(n))
    assert perms.index_of(order, lambda a, b: a == b) == index
    assert perms[0] == tuple(range(n))


def test_huge_permutations_index_without_len() -> None:
    cards = parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS") * 4
    perms = Permutations(cards)
    assert perms.size == math.factorial(52)
    assert perms[perms.size - 1] == tuple(reversed(cards))


def test_preset_values_and_their_errors() -> None:
    def script(p: Performance) -> None:
        p.start(DeckState())
        p.step("①", en="", zh="")
        p.values["o"] = p.arrange_order("order", "SHCD")
        p.values["c"] = p.choose("card", [Card("KS"), Card("QH")])

    routine = make(script)
    outcome = perform(routine, chooser=PresetChooser({"order": "♣ ♥ 黑桃 D", "card": "QH"}))
    assert outcome.performance.values["o"] == ("C", "H", "S", "D")
    assert outcome.performance.values["c"] == Card("QH")
    labels = {"order": "--setup order", "card": "--choice card"}
    with pytest.raises(UsageError, match=r"^--setup order='CHSX': 'X' is not one of the items"):
        perform(routine, chooser=PresetChooser({"order": "CHSX"}, labels=labels))
    with pytest.raises(UsageError, match=r"--setup order='CHHD': H is repeated"):
        perform(routine, chooser=PresetChooser({"order": "CHHD"}, labels=labels))
    with pytest.raises(
        UsageError, match=r"--choice card: '2C' is not allowed here \(one of K♠, Q♥\)"
    ):
        perform(routine, chooser=PresetChooser({"card": "2C"}, labels=labels))


def test_a_whole_deck_is_given_as_a_card_list() -> None:
    from conjure.deck import full_deck

    def script(p: Performance) -> None:
        p.values["deck"] = p.arrange_order("deck", full_deck(52))
        p.start(DeckState())
        p.step("①", "")
        p.values["cut"] = p.choose("cut", range(13, 40))

    routine = make(script)
    deck = list(reversed(full_deck(52)))
    written = " ".join(c.ascii for c in deck)
    outcome = perform(routine, chooser=PresetChooser({"deck": written, "cut": "２０"}))
    assert list(outcome.performance.values["deck"]) == deck
    assert outcome.performance.values["cut"] == 20
    labels = {"deck": "--setup deck", "cut": "--choice cut"}
    with pytest.raises(UsageError, match=r"A♠ is repeated \(allowed: an order of the 52 cards\)"):
        perform(routine, chooser=PresetChooser({"deck": "AS 2S AS"}, labels=labels))
    with pytest.raises(UsageError, match="2 given, 52 needed; missing 50 of them"):
        perform(routine, chooser=PresetChooser({"deck": "AS 2S"}, labels=labels))
    given = {"deck": written, "cut": "5"}
    with pytest.raises(
        UsageError, match=r"--choice cut: 5 is not allowed here \(a whole number from 13 to 39\)"
    ):
        perform(routine, chooser=PresetChooser(given, labels=labels))
    with pytest.raises(UsageError, match=r"--choice cut: '²' is not a whole number"):
        perform(routine, chooser=PresetChooser({**given, "cut": "²"}, labels=labels))
    assert split_items("梅花红桃") == ["梅花", "红桃"]


def test_scripted_chooser_clamps_to_the_options() -> None:
    outcome = perform(GRID, chooser=ScriptedChooser([50, 4]))
    assert outcome.choice_indices() == [9, 4]


def test_solve_describes_the_set_ups() -> None:
    def script(p: Performance) -> None:
        p.start(DeckState())
        p.step("①", en="", zh="")
        p.arrange_order("x", "ABC")
        p.arrange_order("y", "ABC")
        p.values["shown"] = p.choose("show", range(2))

    def reversed_y(p: Performance) -> str | None:
        x, y = p.values["x"], p.values["y"]
        return None if y == x[::-1] else "no"

    routine = make(script, [Claim("rev", "", "", reversed_y, promised=False)])
    solution = solve(routine, "rev")
    assert solution.total == 36 and len(solution.setups) == 6
    assert [str(r) for r in solution.rules] == [
        "x: any (6 possible)",
        "y = x taken in the positions 3 2 1",
    ]


def test_recorded_steps_hold_both_views() -> None:
    def script(p: Performance) -> None:
        p.start(DeckState.parse("left: KS QH"))
        p.step("①", en="flash", zh="亮")
        p.do(ShowTop("left"))

    outcome = perform(make(script))
    step = outcome.performance.steps[0]
    assert step.state == DeckState.parse("left: KS QH")
    assert step.shown == {Card("KS").code}


def test_a_routine_without_a_chinese_name_is_titled_by_its_english_name_alone() -> None:
    def script(p: Performance) -> None:
        p.start(DeckState.parse("left: AS"))

    plain = Routine("plain", "", "Plain", "tests", "", "", "", "", script)
    assert plain.both_names == "Plain"
    assert attrs.evolve(plain, name_zh="平常").both_names == "平常 / Plain"
