"""The trainer: drills on a routine's steps and on memorised stacks, scheduled by spaced
repetition, with progress kept in a local database.

Layers, lowest first: :mod:`~conjure.trainer.db` (the progress database) →
:mod:`~conjure.trainer.scheduler` (FSRS and the clock) → :mod:`~conjure.trainer.questions` →
:mod:`~conjure.trainer.practice` (stack questions) and :mod:`~conjure.trainer.drills` (routine
questions) → :mod:`~conjure.trainer.session` (ask, time, judge, commit) →
:mod:`~conjure.trainer.stats`, :mod:`~conjure.trainer.export` (Anki) and
:mod:`~conjure.trainer.app` (the Textual application, an optional extra).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from conjure.deck.stacks import STACKS, load_stack
from conjure.errors import UnknownNameError
from conjure.trainer.db import Item, Progress
from conjure.trainer.questions import Question

STACK = "stack"
ROUTINE = "routine"


@attrs.frozen
class Subject:
    """Something to drill: a stack or a routine, with its items and its question maker."""

    kind: str
    name: str
    subject: str
    items: list[tuple[str, str]]
    target: Any

    def weights(self) -> dict[str, float]:
        """How often each item is asked relative to the others (routines: fatal steps more)."""
        if self.kind == STACK:
            return {}
        from conjure.trainer import drills

        subject = self.subject
        return {f"{subject}:{step}": w for step, w in drills.step_weights(self.target).items()}

    def maker(
        self, mode: str = "mixed", params: Mapping[str, int] | None = None
    ) -> Callable[[Item, random.Random], Question]:
        """Turns an item into a question (a stack's: through a fresh :meth:`stack_drill`)."""
        if self.kind == STACK:
            make: Callable[[Item, random.Random], Question] = self.stack_drill(mode).make
            return make
        from conjure.trainer import drills

        def make_routine(item: Item, rng: random.Random) -> Question:
            return drills.question(self.target, item.id.rsplit(":", 1)[1], rng, params)

        return make_routine

    def stack_drill(self, mode: str = "mixed") -> Any:
        """The :class:`~conjure.trainer.practice.StackDrill` of this stack in ``mode``."""
        from conjure.trainer.practice import StackDrill

        return StackDrill(self.target, self.subject, mode)

    def session(
        self,
        progress: Progress,
        mode: str = "mixed",
        params: Mapping[str, int] | None = None,
        rng: random.Random | None = None,
        clock: Callable[[], Any] | None = None,
        positions: Any = None,
    ) -> Any:
        """A :class:`~conjure.trainer.session.Session` drilling this subject in ``mode``: a
        stack's questions kept apart from each other and new cards drawn at random (only those
        at ``positions`` when given), a routine's steps weighted by how fatal a slip there is
        and new steps in order."""
        from conjure.trainer import scheduler
        from conjure.trainer.session import Session

        rng = rng or random.Random()
        clock = clock or scheduler.now
        if self.kind == STACK:
            drill = self.stack_drill(mode)
            only = None
            if positions is not None:
                only = frozenset(
                    self.items[p - 1][0] for p in sorted(positions) if 1 <= p <= len(self.items)
                )
            session = Session(
                progress,
                self.subject,
                self.kind,
                drill.make,
                rng=rng,
                clock=clock,
                spacing=drill.spacing,
                only=only,
            )
            drill.pick = lambda avoid: session.next_item(avoid=avoid)
            return session
        return Session(
            progress,
            self.subject,
            self.kind,
            self.maker(mode, params),
            rng=rng,
            clock=clock,
            weights=self.weights(),
            new_in_order=True,
        )


def resolve(
    name: str,
    routines: Callable[[], Any] | None = None,
    params: Mapping[str, int] | None = None,
    after: Sequence[str] = (),
) -> Subject:
    """A shipped stack by id, a stack file by path, or a routine by id (from ``routines()``,
    the plugin registry); a stack ``after`` moves (texts, see :mod:`conjure.trainer.moved`) is
    the order those moves leave it in, a subject of its own."""
    from pathlib import Path

    from conjure.magic.files import SUFFIX, load_routine
    from conjure.trainer import practice

    key = name.strip().lower()
    if name.endswith(SUFFIX):  # a routine file, read as a routine
        from conjure.trainer import drills

        routine = load_routine(name)
        return Subject(
            ROUTINE, routine.id, drills.subject_of(routine), drills.items(routine, params), routine
        )
    if key in STACKS or Path(name).is_file():
        stack = STACKS.get(key) or load_stack(name)
        subject = practice.subject_of(stack)
        if after:
            from conjure.trainer.moved import after as moved
            from conjure.trainer.moved import subject_after

            stack, made = moved(stack, after)
            if made:
                subject = subject_after(subject, made)
        return Subject(STACK, stack.id, subject, practice.items(stack, subject), stack)
    if routines is not None:
        registry = routines()
        if name in registry.routines:
            from conjure.trainer import drills

            routine = registry.routines[name]
            return Subject(
                ROUTINE,
                routine.id,
                drills.subject_of(routine),
                drills.items(routine, params),
                routine,
            )
    import difflib

    from conjure.inputs import quote
    from conjure.text import Text

    names = [*STACKS, *(sorted(routines().routines) if routines is not None else [])]
    close = difflib.get_close_matches(key, names, n=1)
    known = ", ".join(STACKS)
    if close:
        hint = Text(f"; did you mean {close[0]}?", zh=f"；是不是 {close[0]}？")
    else:
        hint = Text(
            f" (stacks: {known}; routines: see conjure routines)",
            zh=f"（牌序：{known}；套路：见 conjure routines）",
        )
    raise UnknownNameError(
        Text(
            f"no stack, stack file or routine called {quote(name)}",
            zh=f"没有叫 {quote(name)} 的牌序、牌序文件或套路",
        )
        + hint
    )


def open_subject(progress: Progress, subject: Subject, now: Any) -> None:
    """Make sure every item of ``subject`` is in the database."""
    progress.ensure_items(subject.subject, subject.items, now)
