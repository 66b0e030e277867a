"""The deck-state machine against a plain list model, through random move sequences."""

from __future__ import annotations

import os

from hypothesis import given, settings
from hypothesis import strategies as st

from conjure.deck import DeckState
from conjure.testing import DeckMachine, layouts, model_apply, moves_for, to_model

#: a move's strategy is built anew from each state (some 50 ms a move drawn), so the bounded CI
#: profile runs 20 sequences of each; the thorough profile runs its own number
BOUNDED = settings(max_examples=20) if os.environ.get("CI") else settings()

TestDeckMachine = DeckMachine.TestCase
TestDeckMachine.settings = settings(BOUNDED, stateful_step_count=30)


@BOUNDED
@given(layouts(max_cards=12), st.data())
def test_unchecked_path_agrees_with_checked_path(start: DeckState, data: st.DataObject) -> None:
    fast, slow = start.copy(), start.copy()
    for _ in range(10):
        if not len(slow):
            break
        move = data.draw(moves_for(slow))
        slow.push(move)
        move.run_unchecked(fast)
        assert fast == slow
    assert len(fast) == len(start)


@given(layouts(max_cards=12), st.data())
def test_after_leaves_the_original_alone(start: DeckState, data: st.DataObject) -> None:
    if not len(start):
        return
    before = start.copy()
    move = data.draw(moves_for(start))
    changed = start.after(move)
    assert start == before
    model, breaks = to_model(before)
    model_apply(model, breaks, move)
    assert to_model(changed) == (model, breaks)
