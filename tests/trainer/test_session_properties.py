"""A drill session against a plain model: whatever is typed, every readable answer is stored
once, judged as the stack says, an empty answer is stored as a miss, and nothing unreadable is
counted."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from conjure.deck.stacks import stack
from conjure.trainer import open_subject, resolve
from conjure.trainer.db import Progress
from conjure.trainer.session import run

START = datetime(2026, 3, 1, 9, tzinfo=UTC)
TYPED = st.lists(st.sampled_from(["right", "wrong", "junk", "blank"]), max_size=25)


@settings(max_examples=30, deadline=None)
@given(TYPED, st.integers(0, 2**16))
def test_every_readable_answer_is_stored_once_and_judged_by_the_stack(
    typed: list[str], seed: int
) -> None:
    m = stack("mnemonica")
    subject = resolve("mnemonica")
    clock = [START]
    with Progress(":memory:") as progress:
        open_subject(progress, subject, START)
        session = subject.session(
            progress, "mixed", rng=random.Random(seed), clock=lambda: clock[0]
        )
        asked: list[object] = []
        expected_right: list[bool] = []
        lines = iter(typed)

        def ask(_prompt: str) -> str:
            q = asked[-1]
            kind = next(lines)  # StopIteration ends the drill like the end of input
            clock[0] += timedelta(minutes=1)
            want = q.expected  # type: ignore[attr-defined]
            if kind == "blank":  # "I don't know": the answer is shown and it counts as missed
                expected_right.append(False)
                return " " if len(expected_right) % 2 else ""
            if kind == "junk":
                return "zz9"
            if kind == "right":
                expected_right.append(True)
                if isinstance(want, tuple):  # a card's neighbours, the one above first
                    return " ".join(c.ascii for c in want)
                return str(want.ascii if hasattr(want, "ascii") else want)
            expected_right.append(False)
            if isinstance(want, tuple):
                return " ".join(c.ascii for c in reversed(want))  # the right two, swapped
            if hasattr(want, "ascii"):
                return m.next(want).ascii  # a real card, but not this one
            return str(want % 52 + 1)

        def show(thing: object) -> None:
            return None

        def make(item, rng):  # type: ignore[no-untyped-def]
            q = session.make(item, rng)
            asked.append(q)
            return q

        def ask_or_eof(prompt: str) -> str:
            try:
                return ask(prompt)
            except StopIteration:
                raise EOFError from None

        result = run(session, ask=ask_or_eof, show=show, make=make)
        stored = list(progress.answers())
        assert [a.correct for a in stored] == expected_right
        assert [a.correct for a in result.answers] == expected_right
        assert all(a.item.startswith("stack:mnemonica:") for a in stored)
        # every answered item has a memory and a due time; the others are still new
        answered = {a.item for a in stored}
        for item in progress.items(subject.subject):
            assert (item.memory is not None) == (item.id in answered)
