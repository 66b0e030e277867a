"""Broken copies of the shipped routines are all caught, at the step where they go wrong.

Each variant is the routine's own source with one edit (a move deleted, two moves swapped, a
count off by one, a display dropped or repeated, the reveal not shown, a secret move in view,
two cards handed as one, a card left in a hand). The edit must apply exactly once, so that a
change to a routine that makes a variant meaningless fails here rather than passing silently.
"""

from __future__ import annotations

import inspect
from types import ModuleType

import pytest

import conjure_routines.courting_kings as courting_kings
import conjure_routines.each_gets_two as each_gets_two
from conjure.magic import Report, Routine, verify

# (id, module, text replaced, replacement, the step where it goes wrong, what is found there)
VARIANTS: list[tuple[str, ModuleType, str, str, str, str]] = [
    (
        "ck: the steal deleted",
        courting_kings,
        '    p.do(Steal("left", "right"))\n',
        "",
        "④",
        "cannot take 3 cards",
    ),
    (
        "ck: the break never held",
        courting_kings,
        '    p.do(HoldBreak("left", 1))\n',
        "",
        "④",
        "holds no break",
    ),
    (
        "ck: a 3/5 split said to be 4/4",
        courting_kings,
        'p.do(Take("left", "right", 4), Square("left"), Square("right"))',
        'p.do(Take("left", "right", 3), Square("left"), Square("right"))',
        "⑤",
        "the right hand holds 3 cards, not 4",
    ),
    (
        "ck: the fourth Queen dropped with one King (a count off by one)",
        courting_kings,
        'p.show(Take("right", "left", 3))',
        'p.show(Take("right", "left", 2))',
        "④",
        'the audience sees K♥ in the right hand during "take 2 cards as one block',
    ),
    (
        "ck: the bottom display dropped",
        courting_kings,
        'p.show(ShowBottom("left"), ShowTop("left"))',
        'p.show(ShowTop("left"))',
        "⑥",
        "shown only 1 distinct card",
    ),
    (
        "ck: the top display repeated instead of the bottom",
        courting_kings,
        'p.show(ShowBottom("left"), ShowTop("left"))',
        'p.show(ShowTop("left"), ShowTop("left"))',
        "⑥",
        "shown only 1 distinct card",
    ),
    (
        "ck: the packet laid down before it is shown",
        courting_kings,
        '    p.show(ShowBottom("left"), ShowTop("left"))\n    p.do(Transfer("left", "table"))\n',
        '    p.do(Transfer("left", "table"))\n    p.show(ShowBottom("left"), ShowTop("left"))\n',
        "⑥",
        "the left hand is empty",
    ),
    (
        "ck: the second King not shown",
        courting_kings,
        '    p.do(CompleteCut("left", 1))\n    p.show(ShowTop("left"))\n',
        '    p.do(CompleteCut("left", 1))\n',
        "⑦",
        "shown only 1 distinct card",
    ),
    (
        "ck: the cut and the first display swapped (one King shown twice)",
        courting_kings,
        '    p.show(ShowTop("left"))\n    p.do(CompleteCut("left", 1))\n',
        '    p.do(CompleteCut("left", 1))\n    p.show(ShowTop("left"))\n',
        "⑦",
        "shown only 1 distinct card",
    ),
    (
        "ck: the pairs dealt face down (the reveal not shown)",
        courting_kings,
        'p.reveal(Deal("left", pile, 2, turn=True))',
        'p.do(Deal("left", pile, 2))',
        "⑧",
        "claim king-and-queen: the table (pair1) shows none of its 2 cards face up at the end",
    ),
    (
        "ck: one card dealt to each pile (hands not empty)",
        courting_kings,
        'p.reveal(Deal("left", pile, 2, turn=True))',
        'p.reveal(Deal("left", pile, 1, turn=True))',
        "⑧",
        "claim hands-empty: the left hand still holds 4 cards",
    ),
    (
        "ck: the packet turned face up, not in full view",
        courting_kings,
        'p.show(TurnOver("left"))',
        'p.do(TurnOver("left"))',
        "②",
        "a flash",
    ),
    (
        "egt: the 2s never culled",
        each_gets_two,
        "    p.do(CULL_THE_TWOS)\n",
        "",
        "⑥",
        "claim reversed-twos: the audience sees",
    ),
    (
        "egt: the hands never go behind the back (secret moves in view)",
        each_gets_two,
        "        p.do(*HANDS_BEHIND)\n",
        "        pass\n",
        "③",
        "secret move in view of the audience",
    ),
    (
        "egt: the 2 pushed in after the hands come forward",
        each_gets_two,
        '    p.do(Insert("right", "left", mine), secret=True)\n',
        '    p.do(*HANDS_FORWARD)\n    p.do(Insert("right", "left", mine), secret=True)\n',
        "⑤",
        'sees 2♣ in the right hand during "the performer brings both hands forward"',
    ),
    (
        "egt: the reversed 2 pushed into the half in full view",
        each_gets_two,
        '    p.do(Insert("right", "left", mine), secret=True)\n',
        '    p.do(Forward("performer"))\n    p.do(Insert("right", "left", mine))\n',
        "⑤",
        "a flash",
    ),
    (
        "egt: two cards handed over as one",
        each_gets_two,
        'DRAW_FROM_MY_BOTTOM = Take("left", "right", from_bottom=True)',
        'DRAW_FROM_MY_BOTTOM = Take("left", "right", 2, from_bottom=True)',
        "③",
        "the table (performer) holds 2 cards, not 1",
    ),
    (
        "egt: the spectator's card never put on top (a card left in the hand)",
        each_gets_two,
        "    p.do(THEIR_CARD_ON_MY_TOP, secret=True)\n",
        "",
        "⑥",
        "claim accounted-for: 1 card left in the right hand",
    ),
    (
        "egt: the spectator's card put on top twice over (a count off by one)",
        each_gets_two,
        'THEIR_CARD_ON_MY_TOP = Take("right", "left")',
        'THEIR_CARD_ON_MY_TOP = Take("right", "left", 2)',
        "⑤",
        "cannot take 2 cards",
    ),
    (
        "egt: the spectator turns the card after pushing it in (two moves swapped)",
        each_gets_two,
        'p.do(THEY_TURN_IT, Insert("spectator.right", "spectator", where))',
        'p.do(Insert("spectator.right", "spectator", where), THEY_TURN_IT)',
        "④",
        "cannot turn over",
    ),
    (
        "egt: the halves never spread (the reveal not shown)",
        each_gets_two,
        'p.reveal(*HANDS_FORWARD, Spread("left"), Spread("spectator"))',
        "p.do(*HANDS_FORWARD)",
        "⑥",
        "claim reversed-twos: the audience sees nothing in the left hand",
    ),
    (
        "egt: the performer's half spread toward himself",
        each_gets_two,
        'p.reveal(*HANDS_FORWARD, Spread("left"), Spread("spectator"))',
        'p.reveal(*HANDS_FORWARD, Spread("left", "self"), Spread("spectator"))',
        "⑥",
        "claim reversed-twos: the audience sees nothing in the left hand",
    ),
]


def variant(module: ModuleType, old: str, new: str) -> Routine:
    source = inspect.getsource(module)
    assert source.count(old) == 1, f"the edit {old!r} no longer applies exactly once"
    namespace: dict[str, object] = {"__name__": f"{module.__name__}_variant"}
    exec(compile(source.replace(old, new), f"<{module.__name__} variant>", "exec"), namespace)
    routine = namespace["ROUTINE"]
    assert isinstance(routine, Routine)
    return routine


def check(routine: Routine) -> Report:
    params = {"rounds": 1} if routine.id == "each-gets-two" else {}
    # concrete cards: the search these variants were written for (the proof of each-gets-two
    # over its card classes walks about 280,000 performances)
    return verify(routine, params, seed=1, examples=300, workers=1, abstraction=False)


@pytest.mark.parametrize(("module", "params"), [(courting_kings, {}), (each_gets_two, {})])
def test_the_shipped_routines_hold_as_they_are(module: ModuleType, params: dict[str, int]) -> None:
    assert check(variant(module, "ROUTINE = Routine(", "ROUTINE = Routine(")).passed


@pytest.mark.parametrize(
    ("module", "old", "new", "step", "found"),
    [v[1:] for v in VARIANTS],
    ids=[v[0] for v in VARIANTS],
)
def test_every_broken_variant_is_caught_where_it_goes_wrong(
    module: ModuleType, old: str, new: str, step: str, found: str
) -> None:
    report = check(variant(module, old, new))
    outcome = report.counterexample
    assert outcome is not None, "the broken variant was not caught"
    assert outcome.error is None, outcome.error
    assert outcome.step == step, (outcome.failure, outcome.claim_errors)
    if outcome.failure is not None:
        said = outcome.failure.message
    else:
        said = "; ".join(f"claim {k}: {v}" for k, v in outcome.claim_errors.items())
    assert found in said, said
