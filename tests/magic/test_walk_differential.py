"""Merging never changes a verdict: the merged walk and the plain walk agree on the verdict, the
case count and the first failing case, on the shipped routines and on generated routines that
keep state in every way a script can (locals across steps, loops, with blocks, helpers,
closures, early returns, values read back)."""

from __future__ import annotations

import importlib.util
import itertools
import sys
import textwrap
import zlib
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from conjure.magic import Claim, Performance, Routine, verify
from conjure.magic.search import estimate_space
from conjure_routines import courting_kings, gilbreath

# -- generated routines ---------------------------------------------------------------------

HEADER = """\
import contextlib
from conjure.deck import DeckState, Peel, TurnCard, Transfer


def _deal(p, name):
    p.step(name, 'deal one or two')
    n = p.choose(name, range(2))
    p.do(Peel('left', 'table', 1 + n))


@contextlib.contextmanager
def _then_deal(p, size):
    # state held outside the script's locals: how many cards the hand held when it began
    yield
    p.do(Peel('left', 'table', 1 + size % 2))


"""


@st.composite
def blocks(draw: st.DrawFn, names: list[str], depth: int = 0) -> list[str]:
    """Lines of a script body; ``names`` are the locals in scope (grown as choices are made)."""
    out: list[str] = []
    for _ in range(draw(st.integers(1, 4 if depth == 0 else 2))):
        kinds = ["choose", "step", "peel", "turn if", "values if", "early return", "deal"]
        if depth < 2:
            kinds += ["for", "while", "with", "helper", "closure"] * 2
        kind = draw(st.sampled_from(kinds))
        if kind == "choose" or not names:
            name = f"c{len(names)}_{depth}_{draw(st.integers(0, 99))}"
            out.append(f"{name} = p.choose({name!r}, range({draw(st.integers(2, 3))}))")
            names.append(name)
        elif kind == "deal":  # its local dies with the helper: situations meet again
            out.append(f"_deal(p, 'd{draw(st.integers(0, 9))}')")
        elif kind == "step":
            out.append(f"p.step('s{draw(st.integers(0, 9))}', 'a step')")
        elif kind == "peel":
            v = draw(st.sampled_from(names)) if names else "0"
            out.append(f"p.do(Peel('left', 'table', 1 + {v} % 2))")
        elif kind == "turn if":
            v = draw(st.sampled_from(names))
            how = draw(st.sampled_from(["do", "show"]))  # made openly, or a flash
            out.append(f"if {v} == {draw(st.integers(0, 2))}:")
            out.append(f"    p.{how}(TurnCard('left', 0))")
        elif kind == "values if":
            v = draw(st.sampled_from(names))
            out.append(f"if p.values.get({v!r}) == {draw(st.integers(0, 2))}:")
            out.append("    p.do(Peel('table', 'right'))")
        elif kind == "early return":
            v = draw(st.sampled_from(names))
            out.append(f"if {v} == {draw(st.integers(1, 2))}:")
            out.append("    return")
        elif kind in ("for", "while", "with"):
            inner = draw(blocks(list(names), depth + 1))
            body = textwrap.indent("\n".join(inner), "    ")
            if kind == "for":  # the loop variable tells nothing: the iterator holds the count
                out.append(f"for _i{depth} in [0] * {draw(st.integers(1, 3))}:")
                out.append(body)
            elif kind == "while":
                out.append(f"_r{depth} = 0")
                out.append(f"while _r{depth} < {draw(st.integers(1, 2))}:")
                out.append(body)
                out.append(f"    _r{depth} += 1")
            else:
                out.append("with _then_deal(p, p.state.size('left')):")
                out.append(body)
        elif kind == "helper":
            v = draw(st.sampled_from(names))
            inner = draw(blocks(["a"], depth + 1))
            out.append(f"def _helper{depth}(p, a):")
            out.append(textwrap.indent("\n".join(inner), "    "))
            out.append(f"_helper{depth}(p, {v})")
        else:  # a closure over a local, read after the next step
            v = draw(st.sampled_from(names))
            out.append(f"def _seen{depth}():")
            out.append(f"    return {v}")
            out.append("p.step('after the closure', 'a step')")
            out.append(f"if _seen{depth}() == {draw(st.integers(0, 2))}:")
            out.append("    p.show(TurnCard('left', 0))")
    return out


@st.composite
def scripts(draw: st.DrawFn) -> str:
    names = ["c0"]  # a local from the start, so that every kind of block can read one
    body = ["c0 = p.choose('c0', range(2))", *draw(blocks(names))]
    lines = [
        "def script(p):",
        "    p.start(DeckState.parse('left: AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS'))",
        "    p.step('start', 'the deck in the left hand')",
        *textwrap.indent("\n".join(body), "    ").splitlines(),
        "    p.step('end', 'the end')",
    ]
    return HEADER + "\n".join(lines) + "\n"


_COUNTER = itertools.count()


def load(source: str, tmp: Path) -> ModuleType:
    """The script as a module imported from a file, so that its source can be read."""
    name = f"_generated_routine_{next(_COUNTER)}"
    path = tmp / f"{name}.py"
    path.write_text(source, encoding="utf-8")
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def fragile(p: Performance) -> str | None:
    """Fails for about one case in twenty, chosen by the whole final position (its checksum):
    a merge of two situations whose continuations differ in any way is likely to change the
    first failing case, which the two walks must agree on."""
    return "an unlucky position" if zlib.crc32(p.state.text().encode()) % 19 == 0 else None


def routine_of(module: ModuleType) -> Routine:
    claim = Claim("lucky", "the final position is not an unlucky one", check=fragile)
    return Routine("gen", "", "Generated", "tests", "", "", "", "", module.script, claims=(claim,))


def agree(routine: Routine, params: dict[str, int] | None = None) -> None:
    merged = verify(routine, params, workers=1)
    plain = verify(routine, params, workers=1, merge=False)
    assert merged.verdict == plain.verdict
    assert merged.cases == plain.cases
    if plain.counterexample is not None:
        assert merged.counterexample is not None
        assert merged.counterexample.choice_indices() == plain.counterexample.choice_indices()


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(source=scripts())
def test_merging_agrees_with_the_plain_walk_on_generated_routines(
    source: str, tmp_path: Path
) -> None:
    routine = routine_of(load(source, tmp_path))
    # nested loops of choices can make a tree of millions of cases, which the plain walk
    # would take minutes over: about one script in a hundred is left out, none under this
    assume(estimate_space(routine, {}) <= MOST_CASES)
    agree(routine)


#: the largest generated tree the two walks are compared on (most have under a hundred cases)
MOST_CASES = 2_000


def test_the_generator_makes_scripts_that_merge_and_scripts_that_are_refused(
    tmp_path: Path,
) -> None:
    # the test above is only worth something if merging happens in the generated scripts
    # and situations that differ in a local are met: a hand-written one of each kind
    keeps = HEADER + textwrap.dedent(
        """\
        def _deal(p, name):
            p.step(name, 'deal one or two')
            n = p.choose(name, range(2))
            p.do(Peel('left', 'table', 1 + n))

        def script(p):
            p.start(DeckState.parse('left: AS 2S 3S 4S 5S 6S 7S 8S'))
            x = p.choose('x', range(2))
            _deal(p, 'a')
            _deal(p, 'b')
            p.step('end', 'a: 1, b: 2 and a: 2, b: 1 leave the same table; x stays apart')
            if x == 1:
                p.show(TurnCard('left', 0))
            p.do(Transfer('left', 'table'))
        """
    )
    module = load(keeps, tmp_path)
    always = Claim("ok", "always", check=lambda _p: None)
    routine = Routine("gen", "", "Generated", "tests", "", "", "", "", module.script, (always,))
    report = verify(routine, workers=1)
    assert report.proved and report.cases == 8
    assert report.merged == 2  # once under each value of x, never across them
    agree(routine)


HIDDEN_STATE = {
    "a for loop's iterator": """\
        def script(p):
            p.start(DeckState.parse('left: AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS'))
            n = p.choose('n', range(2))
            for _ in [0] * (2 + n):  # the count is in the iterator once n is gone
                del n
                _deal(p, 'deal')
                n = 0
        """,
    "a with block's manager": """\
        @contextlib.contextmanager
        def _one_more_than_dealt(p):
            dealt = 12 - p.state.size('left')  # kept in the manager, not in the script
            yield
            p.do(Peel('left', 'table', 1 + dealt))

        def script(p):
            p.start(DeckState.parse('left: AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS'))
            _deal(p, 'a')
            with _one_more_than_dealt(p):
                _deal(p, 'b')
                p.step('inside', 'a: 1, b: 2 and a: 2, b: 1 meet here; the block knows which')
        """,
}


def six_dealt(p: Performance) -> str | None:
    return "six cards on the table" if p.state.size("table") == 6 else None


@pytest.mark.parametrize("what", sorted(HIDDEN_STATE))
def test_a_situation_that_hides_state_outside_the_locals_is_never_merged(
    what: str, tmp_path: Path
) -> None:
    # each of these merged where the state lies hidden would skip the one failing case
    module = load(HEADER + textwrap.dedent(HIDDEN_STATE[what]), tmp_path)
    claim = Claim("six", "never six cards on the table", check=six_dealt)
    routine = Routine("gen", "", "Generated", "tests", "", "", "", "", module.script, (claim,))
    report = verify(routine, workers=1)
    assert report.verdict == "refuted", what
    assert report.notes and "no merging" in report.notes[0]
    agree(routine)


@pytest.mark.parametrize(
    ("routine", "params"),
    [
        (courting_kings.ROUTINE, {}),
        (gilbreath.ROUTINE, {"pairs": 2}),
        (gilbreath.ROUTINE, {"pairs": 3}),
    ],
)
def test_merging_agrees_with_the_plain_walk_on_the_shipped_routines(
    routine: Routine, params: dict[str, int]
) -> None:
    agree(routine, params)
