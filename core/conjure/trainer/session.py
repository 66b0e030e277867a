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
from collections.abc import Callable, Collection, Sequence
from datetime import datetime
from statistics import median, pstdev
from typing import Any

import attrs

from conjure.errors import ConjureError
from conjure.inputs import normalise
from conjure.text import Text
from conjure.trainer import scheduler
from conjure.trainer.db import Answer, Item, Progress
from conjure.trainer.practice import HIT
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
    "blank not allowed": Text(
        "type the card on the face of the packet you cut off (q to stop)",
        zh="请写出你切下那叠牌最底下一张牌（q 退出）",
    ),
    "run": Text(
        "speed run: {answered} of {size} in {total:.1f} s, {right} right",
        zh="速度练习：{size} 张中答了 {answered} 张，用时 {total:.1f} 秒，答对 {right} 张",
    ),
    "record": Text(
        "a new record for {mode}: {total:.1f} s (the best before: {best})",
        zh="{mode} 新纪录：{total:.1f} 秒（此前最好：{best}）",
    ),
    "best": Text(
        "best clean run for {mode}: {best:.1f} s", zh="{mode} 最好的全对成绩：{best:.1f} 秒"
    ),
    "no best": Text(
        "no clean run for {mode} yet (every card right, none left out)",
        zh="{mode} 还没有全对的完整成绩（每张都答对，一张不漏）",
    ),
    "none before": Text("none", zh="无"),
    "total seconds": Text("{s:.1f} s", zh="{s:.1f} 秒"),
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
    #: the items kept away from the next question (a stack's cards near the last cue)
    spacing: Callable[[], Collection[str]] | None = None
    #: the items drilled, when not all of the subject's (chosen positions of a stack)
    only: frozenset[str] | None = None
    #: new items in their order (a routine's steps) rather than drawn at random (a stack's)
    new_in_order: bool = False
    #: the run (a speed run) the answers belong to
    run: int | None = None

    def items(self) -> list[Item]:
        items = self.progress.items(self.subject)
        if self.only is not None:
            items = [i for i in items if i.id in self.only]
        return items

    def item(self, item_id: str) -> Item:
        """The item ``item_id`` as the database has it now."""
        for item in self.progress.items(self.subject):
            if item.id == item_id:
                return item
        raise KeyError(item_id)

    def next_item(self, avoid: str | Collection[str] | None = None) -> Item:
        avoided = {avoid} if isinstance(avoid, str) else set(avoid or ())
        if self.spacing is not None:
            avoided |= set(self.spacing())
        return scheduler.pick(
            self.items(), self.clock(), self.rng, self.weights, avoided, self.new_in_order
        )

    def next_question(
        self,
        make: Callable[[Item, random.Random], Question] | None = None,
        last: str | None = None,
        follow: str | None = None,
        queue: list[Item] | None = None,
    ) -> tuple[Item, Question] | None:
        """The next item and its question: from ``queue`` (a speed run; None when it is done),
        the item a question said must follow, or the scheduler's pick away from ``last``."""
        make = make or self.make
        if queue is not None:
            if not queue:
                return None
            spaced = set(self.spacing()) if self.spacing is not None else set()
            k = next((k for k, i in enumerate(queue) if i.id not in spaced), 0)
            item = queue.pop(k)
        elif follow is not None:
            item = self.item(follow)
        else:
            item = self.next_item(avoid=last)
        question = make(item, self.rng)
        if question.item != item.id:  # the question chose its own card (a cut's target)
            item = self.item(question.item)
        return item, question

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
        rating = scheduler.rate(correct, seconds, self.kind, scheduler.learning(item.memory))
        memory: str | None = None
        due: datetime | None = None
        if question.schedules:
            memory, due = scheduler.review(item.memory, rating, when, _card_id(item.id))
        off = None
        if question.measure is not None and value is not None:
            off = question.measure(value)
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
            rating=rating if question.schedules else 0,
            run=self.run,
            off=off,
        )
        self.progress.record(answer, memory, due)
        if question.on_answer is not None and value is not None:
            question.on_answer(value)
        return answer


def _card_id(item_id: str) -> int:
    import zlib

    return zlib.crc32(item_id.encode()) + 1


def show_unwrapped(what: Any) -> None:
    """Print a message or a view on stdout. On a pipe a message is printed as it is, never
    wrapped (a reader or a script sees a message on one line, not cut at 80 columns
    mid-sentence); on a terminal it is wrapped to the width where a word ends or between two
    Chinese characters, never in the middle of a word. A view (a table, panels) is laid out to
    the console's width."""
    from conjure.view.console import Paragraph, make_console

    console = make_console()
    if isinstance(what, str):
        if console.is_terminal:
            console.print(Paragraph(what))
        else:
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
    follow: str | None = None
    queue = list(order) if order is not None else None
    while count is None or len(result.answers) < count:
        asked = session.next_question(make, last, follow, queue)
        if asked is None:
            break
        item, question = asked
        last, follow = item.id, question.follow
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
            if not normalise(given).strip() and not question.blank:
                show(word("blank not allowed", lang))
                continue
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
        show(verdict(question, answer, given, seconds, lang))
        if not answer.correct and question.explain is not None:
            shown = question.explain(lang)
            for part in getattr(shown, "parts", (shown,)):
                show(part)


def verdict(
    question: Question, answer: Answer, given: str | None, seconds: float, lang: str = "en"
) -> str:
    """What is said of an answer: right or not (and what it was), how far off a cut was, and
    how long it took."""
    took = word("seconds", lang, seconds=seconds)
    note = ""
    if question.note is not None and given is not None:
        note = ": " + question.note(question.read(given), lang)
    if answer.correct:
        return f"✓ {word('right', lang)}{note}{took}"
    if note:
        return f"✗ {note[2:]}{took}"
    expected = question.expected_text(lang)
    if given is None:
        said = word("blank", lang, expected=expected)
    else:
        _, value = question.judge(given)
        said = word("wrong", lang, given=show_value(question, value, lang), expected=expected)
    return f"✗ {said}{took}"


def cut_line(offs: Sequence[int], lang: str = "en") -> str:
    """How a series of cuts went: how many hit, the mean error (its sign: too deep or too
    shallow) and the spread of the errors (their standard deviation)."""
    from conjure.trainer.stats import cut_line as line

    cuts = {
        "cuts": len(offs),
        "hits": sum(abs(o) <= HIT for o in offs),
        "mean": sum(offs) / len(offs),
        "spread": pstdev(offs) if len(offs) > 1 else 0.0,
    }
    return line(cuts, lang).strip()


def run_lines(result: Result, session: Session, mode: str, size: int, lang: str = "en") -> str:
    """A speed run summed up: how far it got, its time, and the record for ``mode``."""
    from conjure.trainer.stats import best_runs

    answers = result.answers
    total = sum(a.seconds for a in answers)
    lines = [word("run", lang, answered=len(answers), size=size, total=total, right=result.right)]
    from conjure.trainer.practice import mode_name

    said = mode_name(mode)
    mine = best_runs(session.progress, session.subject).get((mode, size))
    previous = best_runs(session.progress, session.subject, skip=session.run).get((mode, size))
    clean = len(answers) == size and result.right == size
    if clean and mine is not None and mine["run"] == session.run:
        best = (
            word("none before", lang)
            if previous is None
            else word("total seconds", lang, s=previous["seconds"])
        )
        lines.append(word("record", lang, mode=said, total=total, best=best))
    elif mine is not None:
        lines.append(word("best", lang, mode=said, best=mine["seconds"]))
    else:
        lines.append(word("no best", lang, mode=said))
    return "\n".join(lines)


def summary(result: Result, session: Session, lang: str = "en") -> str:
    """One line about the session (and its cuts, for cut estimation) and one about what is
    due."""
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
    offs = [a.off for a in answers if a.off is not None]
    if offs:
        first += "\n" + cut_line(offs, lang)
    due, new = session.due_count()
    return first + "\n" + word("due", lang, due=due, new=new)
