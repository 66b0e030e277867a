"""The interactive trainer, a Textual application (the ``app`` extra): drills answered in place
with the due count always in view, and a routine's steps with the two views side by side.

``conjure app [STACK|ROUTINE]`` and ``conjure drill … --tui`` open it in drill mode;
``conjure rehearse ROUTINE --tui`` opens a routine's steps (← → or b / n to move, q to quit).
"""

from __future__ import annotations

import random
import time
from typing import Any, ClassVar

from rich.console import Group
from rich.table import Table
from rich.text import Text as RichText
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Footer, Header, Input, Static

from conjure.errors import ConjureError
from conjure.inputs import normalise
from conjure.trainer import ROUTINE, Subject, open_subject, resolve
from conjure.trainer.db import Item, Progress
from conjure.trainer.questions import (
    CHOICE,
    Question,
    options_text,
    show_value,
    unreadable_message,
)
from conjure.trainer.session import QUIT, Session, word

DRILL = "drill"
REHEARSE = "rehearse"


class TrainerApp(App[int]):
    """Drill a stack or a routine, or step through a routine, in one screen."""

    TITLE = "conjure"
    CSS = """
    #question { padding: 1 1 0 1; }
    #feedback { padding: 0 1; height: auto; }
    #due { height: 1; padding: 0 1; background: $boost; }
    #views { height: auto; }
    #views Static { width: 1fr; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", "quit"),
        Binding("right,n", "step(1)", "next step", show=False),
        Binding("left,b", "step(-1)", "previous step", show=False),
        Binding("q", "quit", "quit", show=False),
    ]

    def __init__(
        self,
        subject: Subject,
        progress: Progress,
        lang: str = "en",
        mode: str = DRILL,
        seed: int | None = None,
        clock: Any = None,
        performance: Any = None,
        drill_mode: str = "mixed",
    ) -> None:
        super().__init__()
        from conjure.trainer.scheduler import now

        self.subject = subject
        self.progress = progress
        self.lang = lang
        self.mode = mode
        self.clock = clock or now
        open_subject(progress, subject, self.clock())
        self.session: Session = subject.session(
            progress, drill_mode, rng=random.Random(seed), clock=self.clock
        )
        self.item: Item | None = None
        self.question: Question | None = None
        self.started = 0.0
        self.step_index = 0
        #: the performance a rehearsal walks (default: the routine's example)
        self.performance: Any = performance

    # -- layout -------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="due")
        with VerticalScroll():
            yield Static("", id="question")
            if self.mode == DRILL:
                yield Input(placeholder="your answer (q to quit)", id="answer")
            yield Static("", id="feedback")
            with Horizontal(id="views"):
                yield Static("", id="performer")
                yield Static("", id="audience")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = self.subject.name
        if self.mode == REHEARSE:
            from conjure.magic import perform

            if self.performance is None:
                self.performance = perform(self.subject.target, None, record=True).performance
            self.show_step()
        else:
            self.next_question()
            self.query_one("#answer", Input).focus()
        self.update_due()

    # -- drill --------------------------------------------------------------------------------

    def update_due(self) -> None:
        due, new = self.session.due_count()
        self.query_one("#due", Static).update(word("due", self.lang, due=due, new=new))

    def next_question(self) -> None:
        self.item = self.session.next_item(avoid=self.item.id if self.item else None)
        self.question = self.session.make(self.item, self.session.rng)
        text = self.question.prompt.get(self.lang)
        if self.question.answer_type == CHOICE:
            text += "\n" + options_text(self.question.options, self.lang)
        self.query_one("#question", Static).update(RichText(text))
        self.started = time.monotonic()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        given = event.value
        event.input.value = ""
        if normalise(given).strip().lower() in QUIT:
            self.exit(0)
            return
        assert self.question is not None and self.item is not None
        feedback = self.query_one("#feedback", Static)
        value: Any = None
        if normalise(given).strip():
            try:
                _, value = self.question.judge(given)
            except ConjureError as exc:  # unreadable: say why and ask again
                message = unreadable_message(given.strip(), exc, self.lang)
                feedback.update(RichText(message, style="yellow"))
                return
        seconds = time.monotonic() - self.started
        # Enter alone is "I don't know", as in the plain drill (conjure.trainer.session.run)
        known = given if normalise(given).strip() else None
        answer = self.session.answer(self.item, self.question, known, seconds)
        performer = self.query_one("#performer", Static)
        audience = self.query_one("#audience", Static)
        if answer.correct:
            feedback.update(
                RichText(
                    f"✓ {word('right', self.lang)}{word('seconds', self.lang, seconds=seconds)}",
                    "green",
                )
            )
            performer.update("")
            audience.update("")
        else:
            expected = self.question.expected_text(self.lang)
            text = (
                word("blank", self.lang, expected=expected)
                if known is None
                else word(
                    "wrong",
                    self.lang,
                    given=show_value(self.question, value, self.lang),
                    expected=expected,
                )
            )
            step = self.question.moment
            if step is not None:
                from conjure.trainer.drills import _narration
                from conjure.view.terminal import audience_view, performer_view

                text += f"\n{step.number} {_narration(step, self.lang, self.question.performance)}"
                performer.update(performer_view(step.state, self.lang))
                audience.update(audience_view(step.state, getattr(step, "shown", ()), self.lang))
            feedback.update(RichText(f"✗ {text}", style="red"))
        self.update_due()
        self.next_question()

    # -- rehearse -----------------------------------------------------------------------------

    def show_step(self) -> None:
        from conjure.trainer.drills import _belief_text, _narration
        from conjure.view.terminal import audience_view, performer_view

        steps = [s for s in self.performance.steps if s.state is not None]
        step = steps[self.step_index]
        head = RichText(f"{step.number} ", style="bold cyan")
        head.append(_narration(step, self.lang, self.performance))
        moves = Table.grid()
        for move in step.moves:
            moves.add_row(f"• {move.describe(self.lang)}")
        believes = _belief_text(step).get(self.lang)
        self.query_one("#question", Static).update(
            Group(head, moves, RichText(f"{self.step_index + 1}/{len(steps)} · {believes}"))
        )
        self.query_one("#performer", Static).update(performer_view(step.state, self.lang))
        self.query_one("#audience", Static).update(
            audience_view(step.state, getattr(step, "shown", ()), self.lang)
        )

    def action_step(self, delta: int) -> None:
        if self.mode != REHEARSE:
            return
        count = sum(1 for s in self.performance.steps if s.state is not None)
        self.step_index = max(0, min(count - 1, self.step_index + delta))
        self.show_step()


def run_app(
    name: str,
    db: str | None = None,
    lang: str = "en",
    mode: str = DRILL,
    seed: int | None = None,
    performance: Any = None,
) -> int:
    """Open the app on ``name`` (a stack, a stack file or a routine); return the exit code."""
    from conjure.cli.common import registry
    from conjure.errors import UsageError

    subject = resolve(name, registry)
    if mode == REHEARSE and subject.kind != ROUTINE:
        raise UsageError(f"{name!r} is a stack: only a routine can be rehearsed")
    # a rehearsal records nothing: it needs no database on disk
    with Progress(":memory:" if mode == REHEARSE else db) as progress:
        result = TrainerApp(subject, progress, lang, mode, seed, performance=performance).run()
    return int(result or 0)
