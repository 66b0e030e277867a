"""A drill session: pick what is due, ask, time the answer, judge it, schedule the item again
and commit the answer before the next question.

The session reads answers through a function (``input`` by default), so it runs the same from
a terminal, from a pipe and from tests. ``q`` (or end of input) stops it; an answer that
cannot be read is explained and asked again, never counted. An empty answer (just Enter) is
"I don't know": the answer is shown and the item counts as missed (see :func:`run`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from datetime import datetime
from statistics import median
from typing import Any

import attrs

from conjure.errors import ConjureError
from conjure.inputs import normalise
from conjure.text import Text
from conjure.trainer import scheduler
from conjure.trainer.db import Answer, Item, Progress
from conjure.trainer.questions import (
    CHOICE,
    Question,
    options_text,
    show_value,
    unreadable_message,
)

QUIT = frozenset({"q", "quit", "exit", "退出"})

_WORDS = {
    "right": Text("right", zh="对"),
    "wrong": Text("not {given}: it is {expected}", zh="不是 {given}，是 {expected}"),
    "blank": Text("don't know: it is {expected}", zh="不知道：是 {expected}"),
    "seconds": Text(" ({seconds:.1f} s)", zh="（{seconds:.1f} 秒）"),
    "start": Text(
        "{title}: {due} due, {new} new; Enter alone shows the answer; q to stop",
        zh="{title}：到期 {due} 项，未学 {new} 项；直接回车看答案，q 退出",
    ),
    "again": Text("{why}; try again (q to stop)", zh="{why}；请重新回答（q 退出）"),
    "summary": Text(
        "{n} answered, {right} right ({pct}%), median {median:.1f} s per answer",
        zh="共答 {n} 题，答对 {right} 题（{pct}%），每题中位用时 {median:.1f} 秒",
    ),
    "none": Text("no answers given", zh="没有作答"),
    "total": Text("({total:.1f} s in all)", zh="（共 {total:.1f} 秒）"),
    "due": Text("{due} due now, {new} not yet seen", zh="现在到期 {due} 项，未学 {new} 项"),
}


def word(key: str, lang: str, **values: Any) -> str:
    return _WORDS[key].format(**values).get(lang)


@attrs.define
class Result:
    """What one session did."""

    answers: list[Answer] = attrs.field(factory=list)
    #: whether Ctrl-C (or SIGTERM) ended the session; every answer before it is saved
    interrupted: bool = False

    @property
    def right(self) -> int:
        return sum(a.correct for a in self.answers)


@attrs.define
class Session:
    """Drills ``subject``, whose items live in ``progress``; ``make`` turns an item into a
    question."""

    progress: Progress
    subject: str
    kind: str
    make: Callable[[Item, random.Random], Question]
    rng: random.Random = attrs.field(factory=random.Random)
    clock: Callable[[], datetime] = scheduler.now
    timer: Callable[[], float] = time.monotonic
    weights: dict[str, float] | None = None

    def items(self) -> list[Item]:
        return self.progress.items(self.subject)

    def next_item(self, avoid: str | None = None) -> Item:
        return scheduler.pick(self.items(), self.clock(), self.rng, self.weights, avoid)

    def due_count(self) -> tuple[int, int]:
        """(items due now, items never answered)."""
        items = self.items()
        return (
            len(scheduler.due_items(items, self.clock())),
            sum(1 for i in items if i.memory is None),
        )

    def answer(self, item: Item, question: Question, given: str | None, seconds: float) -> Answer:
        """Judge ``given`` (readable: see :func:`~conjure.trainer.questions.readable`), schedule
        the item and commit the answer. ``None`` is "I don't know": a miss, stored as an empty
        answer."""
        if given is None:
            correct, value = False, None
        else:
            correct, value = question.judge(given)
        when = self.clock()
        rating = scheduler.rate(correct, seconds, self.kind)
        memory, due = scheduler.review(item.memory, rating, when, _card_id(item.id))
        answer = Answer(
            item=item.id,
            subject=self.subject,
            asked_at=when,
            question=question.prompt.en,
            expected=question.expected_text(),
            given="" if given is None else show_value(question, value),
            correct=correct,
            seconds=round(seconds, 3),
            kind=question.kind,
            rating=rating,
        )
        self.progress.record(answer, memory, due)
        return answer


def _card_id(item_id: str) -> int:
    import zlib

    return zlib.crc32(item_id.encode()) + 1


def show_unwrapped(what: Any) -> None:
    """Print a message or a view on stdout. A message is printed as it is, never wrapped by the
    console: on a terminal the terminal wraps it, and on a pipe a line stays whole (a reader or
    a script sees a message on one line, not cut at 80 columns mid-sentence). A view (a table,
    panels) is laid out to the console's width."""
    from conjure.view.terminal import make_console

    console = make_console()
    if isinstance(what, str):
        console.print(what, soft_wrap=True, markup=False, highlight=False)
    else:
        console.print(what)


def run(
    session: Session,
    lang: str = "en",
    count: int | None = None,
    order: Sequence[Item] | None = None,
    ask: Callable[[str], str] = input,
    show: Callable[[Any], None] | None = None,
    make: Callable[[Item, random.Random], Question] | None = None,
) -> Result:
    """Ask questions until ``count`` are answered, ``order`` is exhausted, ``q`` or the end of
    input. ``order`` fixes the items in turn (a speed run); otherwise the scheduler picks."""
    result = Result()
    try:
        _ask_until_done(session, result, lang, count, order, ask, show, make)
    except KeyboardInterrupt:
        # the answers given so far are committed; the caller says so and still sums them up
        result.interrupted = True
    return result


def _ask_until_done(
    session: Session,
    result: Result,
    lang: str,
    count: int | None,
    order: Sequence[Item] | None,
    ask: Callable[[str], str],
    show: Callable[[Any], None] | None,
    make: Callable[[Item, random.Random], Question] | None,
) -> None:
    show = show or show_unwrapped
    make = make or session.make
    last: str | None = None
    queue = list(order) if order is not None else None
    while count is None or len(result.answers) < count:
        if queue is not None:
            if not queue:
                break
            item = queue.pop(0)
        else:
            item = session.next_item(avoid=last)
        last = item.id
        question = make(item, session.rng)
        prompt = question.prompt.get(lang)
        if question.answer_type == CHOICE:
            prompt += "\n" + options_text(question.options, lang)
        show(Text.of(prompt).get(lang))
        started = session.timer()
        given: str | None
        while True:
            try:
                given = ask("> ")
            except EOFError:
                return
            if normalise(given).strip().lower() in QUIT:  # ｑ from a Chinese input method too
                return
            if not normalise(given).strip():
                # Enter alone is "I don't know". A stack worker's rule is that a card not
                # recalled at once is a card not known: it is shown now (so the right
                # association is the one rehearsed), counted as missed and scheduled again
                # soon. Asking again instead would let a blank go unrecorded and leave the
                # drill stuck on a card the performer cannot recall.
                given = None
                break
            try:
                question.read(given)
            except ConjureError as exc:
                show(word("again", lang, why=unreadable_message(given.strip(), exc, lang)))
                continue
            break
        seconds = max(0.0, session.timer() - started)
        answer = session.answer(item, question, given, seconds)
        result.answers.append(answer)
        took = word("seconds", lang, seconds=seconds)
        if answer.correct:
            show(f"✓ {word('right', lang)}{took}")
        else:
            expected = question.expected_text(lang)
            if given is None:
                said = word("blank", lang, expected=expected)
            else:
                _, value = question.judge(given)
                said = word(
                    "wrong", lang, given=show_value(question, value, lang), expected=expected
                )
            show(f"✗ {said}{took}")
            if question.explain is not None:
                shown = question.explain(lang)
                for part in getattr(shown, "parts", (shown,)):
                    show(part)


def summary(result: Result, session: Session, lang: str = "en") -> str:
    """One line about the session and one about what is due."""
    answers = result.answers
    if answers:
        pct = round(100 * result.right / len(answers))
        first = word(
            "summary",
            lang,
            n=len(answers),
            right=result.right,
            pct=pct,
            median=median(a.seconds for a in answers),
        )
        if len(answers) > 1:
            first += " " + word("total", lang, total=sum(a.seconds for a in answers))
    else:
        first = word("none", lang)
    due, new = session.due_count()
    return first + "\n" + word("due", lang, due=due, new=new)
