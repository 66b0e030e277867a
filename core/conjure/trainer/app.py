"""The interactive trainer, a Textual application (the ``app`` extra).

``conjure app`` opens a list of every stack and routine with the ways to drill each (every
mode of a stack; a routine's questions, or its rehearsal step by step); ``conjure app NAME``
and ``conjure drill NAME --tui`` open a drill at once, ``conjure rehearse ROUTINE --tui`` a
rehearsal. A drill shows one question at a time, its cue cards drawn, with the stats beside it
(this session's answers, accuracy, streak and best streak; the subject's due and new items and
its weakest cards). A wrong answer stays on screen with the right one (and, for a routine, the
two views at that moment) until Enter; only then does the next question come, alone. Quitting
(``q`` as an answer, Ctrl+Q, Escape) sums the session up before the app closes, and the same
lines are printed when it has. Ctrl+S saves a screenshot in a folder that is made if missing and
named when it is saved.
"""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any, ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text as RichText
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Header, Input, OptionList, Static
from textual.widgets.option_list import Option

from conjure.deck import Card
from conjure.errors import ConjureError
from conjure.inputs import normalise
from conjure.text import Text
from conjure.trainer import ROUTINE, STACK, Subject, open_subject, resolve
from conjure.trainer.db import Progress
from conjure.trainer.questions import CHOICE, Question, options_text, unreadable_message
from conjure.trainer.session import QUIT, Result, Session, summary, verdict, word

DRILL = "drill"
REHEARSE = "rehearse"
HOME = "home"

_SAID = {
    "answer": Text("your answer (q to quit)", zh="你的答案（q 退出）"),
    "go on": Text("Enter: the next question", zh="回车：下一题"),
    "session": Text(
        "this session: {n} answered, {right} right ({pct}), streak {streak} (best {best})",
        zh="本次：答 {n} 题，对 {right} 题（{pct}），连对 {streak}（最多 {best}）",
    ),
    "subject": Text(
        "{title}: accuracy {acc}, streak {streak} (best {best}); {due} due, {new} new of {items}",
        zh="{title}：正确率 {acc}，连对 {streak}（最多 {best}）；到期 {due} 项，"
        "{items} 项中未学 {new} 项",
    ),
    "weakest": Text("weakest: {items}", zh="最弱：{items}"),
    "step": Text("step {k} of {n} · {title}", zh="第 {k} 步，共 {n} 步 · {title}"),
    "choose": Text(
        "Choose a stack or a routine, then how to drill it (Enter); q to quit",
        zh="选择一个牌序或套路，再选练习方式（回车）；q 退出",
    ),
    "summary title": Text("Session summary", zh="本次小结"),
    "leave": Text("Enter or q: leave", zh="回车或 q：离开"),
    "screenshot": Text("screenshot saved to {path}", zh="截图已保存到 {path}"),
    "no screenshot": Text(
        "cannot save a screenshot in {path}: {why}", zh="无法把截图保存到 {path}：{why}"
    ),
    "rehearse": Text("rehearse step by step", zh="逐步排练"),
    "keys drill": Text(
        "Enter: answer · Enter alone: show the answer · q or Esc: summary and quit · "
        "Ctrl+S: screenshot",
        zh="回车：作答 · 直接回车：看答案 · q 或 Esc：小结并退出 · Ctrl+S：截图",
    ),
    "keys rehearse": Text(
        "→ or n: next · ← or b: back · m: move by move · ?: symbols · q: quit · Ctrl+S: screenshot",
        zh="→ 或 n：下一步 · ← 或 b：上一步 · m：逐个动作 · ?：符号 · q：退出 · Ctrl+S：截图",
    ),
    "move of": Text(" · move {k} of {n}", zh=" · 第 {k}/{n} 个动作"),
    "keys home": Text(
        "↑ ↓: choose · Enter: open · q: quit · Ctrl+S: screenshot",
        zh="↑ ↓：选择 · 回车：打开 · q：退出 · Ctrl+S：截图",
    ),
    "keys summary": Text("Enter or q: leave", zh="回车或 q：离开"),
    "questions": Text("questions on its steps", zh="关于步骤的问题"),
}

#: the ways a stack is drilled in the app, as the modes of ``conjure drill``
STACK_MODES = (
    "mixed", "position", "card", "next", "previous", "neighbours", "cut", "estimate",
    "one-ahead", "speed",
)  # fmt: skip


def say(key: str, lang: str, **values: Any) -> str:
    return _SAID[key].format(**values).get(lang)


def default_screenshots() -> Path:
    """Where screenshots go unless told otherwise: ``conjure`` in the user's pictures folder."""
    from platformdirs import user_pictures_path

    return user_pictures_path() / "conjure"


def card_art(card: Card, lang: str = "en") -> RenderableType:
    """A card drawn: a small face with its index in the corners and its suit in the middle,
    in the suit's colour."""
    from rich.panel import Panel

    if card.is_joker:
        said = format(card, "zh") if lang == "zh" else str(card)
        colour = "red" if card.code == 53 else "white"
        return Panel(RichText(said, style=f"bold {colour}"), width=9, padding=(1, 0))
    text = str(card)
    rank, suit = text[:-1], text[-1]
    colour = "bold red" if card.suit in ("H", "D") else "bold"
    face = RichText(justify="left")
    face.append(f"{rank:<5}\n", style=colour)
    face.append(f"  {suit}  \n", style=colour)
    face.append(f"{rank:>5}", style=colour)
    return Panel(face, width=9, padding=(0, 1), border_style="grey70")


def cards_art(cards: tuple[Card, ...], lang: str = "en") -> RenderableType:
    grid = Table.grid(padding=(0, 1))
    for _ in cards:
        grid.add_column()
    grid.add_row(*(card_art(c, lang) for c in cards))
    return grid


class DrillScreen(Screen[None]):
    """One question at a time, answered in place, with the stats beside it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.finish", "summary and quit"),
    ]

    def __init__(
        self,
        subject: Subject,
        session: Session,
        lang: str,
        queue: list[Any] | None = None,
    ) -> None:
        super().__init__()
        self.subject = subject
        self.session = session
        self.lang = lang
        self.result = Result()
        self.queue = queue
        self.item: Any = None
        self.question: Question | None = None
        self.follow: str | None = None
        self.started = 0.0
        #: a wrong answer is on screen, waiting for Enter before the next question
        self.reviewing = False
        self.done = False

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal():
            with VerticalScroll(id="main"):
                yield Static("", id="question")
                yield Static("", id="cue")
                yield Input(placeholder=say("answer", self.lang), id="answer")
                yield Static("", id="feedback")
                with Horizontal(id="views"):
                    yield Static("", id="performer")
                    yield Static("", id="audience")
            yield Static("", id="stats")
        yield Static(say("keys drill", self.lang), classes="keys")

    def on_mount(self) -> None:
        self.sub_title = self.subject.name
        self.next_question()
        self.update_stats()
        self.query_one("#answer", Input).focus()

    # -- stats ---------------------------------------------------------------------------------

    def update_stats(self) -> None:
        from conjure.trainer.stats import item_label, shorten, subject_stats

        lang = self.lang
        answers = self.result.answers
        run = best = 0
        for a in answers:
            run = run + 1 if a.correct else 0
            best = max(best, run)
        pct = f"{round(100 * self.result.right / len(answers))}%" if answers else "-"
        lines = [
            say(
                "session", lang, n=len(answers), right=self.result.right, pct=pct, streak=run,
                best=best,
            )
        ]  # fmt: skip
        s = subject_stats(self.session.progress, self.session.subject, self.session.clock())
        acc = "-" if s["accuracy"] is None else f"{round(100 * s['accuracy'])}%"
        lines.append(
            say(
                "subject", lang, title=self.subject.name, acc=acc, streak=s["streak"],
                best=s["best_streak"], due=s["due"], new=s["new"], items=s["items"],
            )
        )  # fmt: skip
        weak = [w for w in s["weakest"] if w["accuracy"] < 1][:3]
        if weak:
            shown = "; ".join(
                shorten(item_label(w["item"], w["label"], lang), 24)
                + f" ({round(100 * w['accuracy'])}%)"
                for w in weak
            )
            lines.append(say("weakest", lang, items=shown))
        self.query_one("#stats", Static).update(RichText("\n\n".join(lines)))

    # -- questions -----------------------------------------------------------------------------

    def _clear(self) -> None:
        for name in ("#feedback", "#performer", "#audience", "#cue"):
            self.query_one(name, Static).update("")

    def next_question(self) -> None:
        """Show the next question alone: nothing of the one before stays on screen."""
        from conjure.view.console import Paragraph

        self._clear()
        self.reviewing = False
        last = self.item.id if self.item is not None else None
        asked = self.session.next_question(None, last, self.follow, self.queue)
        if asked is None:
            self.app.call_later(self.app.action_finish)  # type: ignore[attr-defined]
            return
        self.item, self.question = asked
        self.follow = self.question.follow
        text = self.question.prompt.get(self.lang)
        if self.question.answer_type == CHOICE:
            text += "\n" + options_text(self.question.options, self.lang)
        self.query_one("#question", Static).update(Paragraph(text))
        if self.question.shows:
            self.query_one("#cue", Static).update(cards_art(self.question.shows, self.lang))
        answer = self.query_one("#answer", Input)
        answer.placeholder = say("answer", self.lang)
        self.started = time.monotonic()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        from conjure.view.console import Paragraph

        given = event.value
        event.input.value = ""
        typed = normalise(given).strip()
        if typed.lower() in QUIT:
            self.app.action_finish()  # type: ignore[attr-defined]
            return
        if self.reviewing:  # Enter after a wrong answer: on to the next question
            self.next_question()
            return
        assert self.question is not None and self.item is not None
        feedback = self.query_one("#feedback", Static)
        if typed:
            try:
                self.question.read(given)
            except ConjureError as exc:  # unreadable: say why and ask again
                message = unreadable_message(given.strip(), exc, self.lang)
                feedback.update(RichText(message, style="yellow"))
                return
        elif not self.question.blank:
            feedback.update(RichText(word("blank not allowed", self.lang), style="yellow"))
            return
        seconds = time.monotonic() - self.started
        # Enter alone is "I don't know", as in the plain drill (conjure.trainer.session.run)
        known = given if typed else None
        answer = self.session.answer(self.item, self.question, known, seconds)
        self.result.answers.append(answer)
        said = verdict(self.question, answer, known, seconds, self.lang)
        self.update_stats()
        if answer.correct:
            self.next_question()
            self.query_one("#feedback", Static).update(RichText(said, "green"))
            return
        # a miss stays on screen with the right answer until Enter
        self.reviewing = True
        step = self.question.moment
        if step is not None:
            from conjure.trainer.drills import _narration
            from conjure.view.terminal import audience_view, performer_view

            said += f"\n{step.number} {_narration(step, self.lang, self.question.performance)}"
            self.query_one("#performer", Static).update(performer_view(step.state, self.lang))
            self.query_one("#audience", Static).update(
                audience_view(step.state, getattr(step, "shown", ()), self.lang)
            )
        elif isinstance(self.question.expected, Card):
            self.query_one("#cue", Static).update(cards_art((self.question.expected,), self.lang))
        feedback.update(Group(Paragraph(said), RichText(say("go on", self.lang), "dim")))
        self.query_one("#answer", Input).placeholder = say("go on", self.lang)


class RehearseScreen(Screen[None]):
    """A routine's steps with the performer's and the audience's view side by side; with
    ``m``, one primitive move at a time (the frames of ``conjure rehearse --by-move``); with
    ``?``, what every symbol means."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,n", "step(1)", "next"),
        Binding("left,b", "step(-1)", "back"),
        Binding("m", "by_move", "move by move"),
        Binding("question_mark", "legend", "symbols"),
        Binding("q,escape", "app.finish", "quit"),
    ]

    def __init__(self, subject: Subject, performance: Any, lang: str) -> None:
        super().__init__()
        self.subject = subject
        self.performance = performance
        self.lang = lang
        #: what is shown: a step's index in ``screens``
        self.step_index = 0
        self.by_move = False
        self.showing_legend = False
        #: (the step's index among the performance's steps, its move frame or None)
        self.screens: list[tuple[int, Any]] = []

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="where")
        with VerticalScroll():
            yield Static("", id="step")
        yield Static(say("keys rehearse", self.lang), classes="keys")

    def on_mount(self) -> None:
        self.sub_title = self.subject.name
        if self.performance is None:
            from conjure.magic import perform

            self.performance = perform(self.subject.target, None, record=True).performance
        self._layout()
        self.show_step()

    def steps(self) -> list[int]:
        """The indexes of the steps the performance recorded a state for."""
        return [i for i, s in enumerate(self.performance.steps) if s.state is not None]

    def _layout(self, keep_step: int | None = None) -> None:
        from conjure.view.rehearsal import frames_of

        perf = self.performance
        self.screens = [
            (i, frame)
            for i in self.steps()
            for frame in (frames_of(perf, i) if self.by_move else [None])
        ]
        if keep_step is not None:
            self.step_index = next(k for k, (i, _f) in enumerate(self.screens) if i == keep_step)

    def show_step(self) -> None:
        from conjure.view.rehearsal import legend, render_frame, render_step

        steps = self.steps()
        i, frame = self.screens[self.step_index]
        # the header says where in the routine this is, not what is due (nothing is drilled)
        where = say("step", self.lang, k=steps.index(i) + 1, n=len(steps), title=self.subject.name)
        if frame is not None:
            frames = [k for k, (j, _f) in enumerate(self.screens) if j == i]
            where += say("move of", self.lang, k=frames.index(self.step_index) + 1, n=len(frames))
        self.query_one("#where", Static).update(where)
        # the rehearsal's own screen: the step in a magician's words, its patter, the moves,
        # the places that matter with the performer's view beside the audience's, the belief
        if self.showing_legend:
            shown: Any = legend(self.lang)
        elif frame is None:
            shown = render_step(self.performance, i, self.lang)
        else:
            shown = render_frame(self.performance, frame, self.lang)
        self.query_one("#step", Static).update(shown)

    def action_step(self, delta: int) -> None:
        self.showing_legend = False
        self.step_index = max(0, min(len(self.screens) - 1, self.step_index + delta))
        self.show_step()

    def action_by_move(self) -> None:
        self.by_move = not self.by_move
        self._layout(keep_step=self.screens[self.step_index][0])
        self.show_step()

    def action_legend(self) -> None:
        self.showing_legend = not self.showing_legend
        self.show_step()


class HomeScreen(Screen[None]):
    """Every stack and routine, and the ways to drill the one highlighted."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("q,escape", "app.finish", "quit")]

    def __init__(self, names: list[tuple[str, str, str]], lang: str) -> None:
        super().__init__()
        #: (id, kind, title)
        self.names = names
        self.lang = lang

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(say("choose", self.lang), id="help")
        with Horizontal():
            yield OptionList(
                *(Option(f"{title}  ({name})", id=name) for name, _, title in self.names),
                id="subjects",
            )
            yield OptionList(id="modes")
        yield Static(say("keys home", self.lang), classes="keys")

    def on_mount(self) -> None:
        self.query_one("#subjects", OptionList).focus()
        self.show_modes(0)

    def show_modes(self, index: int) -> None:
        _, kind, _ = self.names[index]
        modes = self.query_one("#modes", OptionList)
        modes.clear_options()
        if kind == STACK:
            modes.add_options([Option(m, id=m) for m in STACK_MODES])
        else:
            modes.add_options(
                [
                    Option(say("questions", self.lang), id=DRILL),
                    Option(say("rehearse", self.lang), id=REHEARSE),
                ]
            )
        modes.highlighted = 0

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_list.id == "subjects" and event.option_index is not None:
            self.show_modes(event.option_index)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "subjects":
            self.query_one("#modes", OptionList).focus()
            return
        subjects = self.query_one("#subjects", OptionList)
        name = self.names[subjects.highlighted or 0][0]
        self.app.open(name, str(event.option.id))  # type: ignore[attr-defined]


class SummaryScreen(Screen[None]):
    """The session summed up, before the app closes."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,q,escape", "app.leave", "leave"),
    ]

    def __init__(self, text: str, lang: str) -> None:
        super().__init__()
        self.text = text
        self.lang = lang

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical():
            yield Static(RichText(say("summary title", self.lang), style="bold"), id="title")
            yield Static(RichText(self.text), id="summary")
            yield Static(RichText(say("leave", self.lang), style="dim"))


class TrainerApp(App[int]):
    """Drill a stack or a routine, rehearse a routine, or choose among them, in one app."""

    TITLE = "conjure"
    CSS = """
    #question { padding: 1 1 0 1; }
    #cue { padding: 0 1; height: auto; }
    #feedback { padding: 0 1; height: auto; }
    #where { height: 1; padding: 0 1; background: $boost; }
    #stats { width: 40; padding: 1 1; background: $boost; }
    #views { height: auto; }
    #views Static { width: 1fr; }
    #summary { padding: 1 2; }
    #title { padding: 1 2 0 2; }
    OptionList { width: 1fr; height: 1fr; }
    .keys { dock: bottom; height: 1; padding: 0 1; background: $panel; color: $text-muted; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "finish", "quit"),
        Binding("ctrl+s", "screenshot", "screenshot"),
    ]

    def __init__(
        self,
        subject: Subject | None,
        progress: Progress,
        lang: str = "en",
        mode: str = DRILL,
        seed: int | None = None,
        clock: Any = None,
        performance: Any = None,
        drill_mode: str = "mixed",
        routines: Any = None,
        screenshots: str | Path | None = None,
        positions: Any = None,
    ) -> None:
        super().__init__()
        from conjure.trainer.scheduler import now

        self.subject = subject
        self.progress = progress
        self.lang = lang
        self.mode = mode if subject is not None else HOME
        self.clock = clock or now
        self.rng = random.Random(seed)
        self.performance = performance
        self.drill_mode = drill_mode
        self.routines = routines
        self.positions = positions
        self.screenshots = Path(screenshots) if screenshots is not None else None
        #: the drill screen of this run (for its summary), if any
        self.drill: DrillScreen | None = None
        #: what the summary said, printed again once the app has closed
        self.summary_text = ""

    @property
    def session(self) -> Session | None:
        return self.drill.session if self.drill is not None else None

    @property
    def question(self) -> Question | None:
        return self.drill.question if self.drill is not None else None

    def on_mount(self) -> None:
        if self.mode == HOME or self.subject is None:
            self.push_screen(HomeScreen(self._names(), self.lang))
        elif self.mode == REHEARSE:
            self.push_screen(RehearseScreen(self.subject, self.performance, self.lang))
        else:
            self._drill(self.subject, self.drill_mode)

    def _names(self) -> list[tuple[str, str, str]]:
        from conjure.deck.stacks import STACKS

        out = [(s.id, STACK, s.name.get(self.lang)) for s in STACKS.values()]
        if self.routines is not None:
            for rid, routine in sorted(self.routines().routines.items()):
                out.append((rid, ROUTINE, str(routine.name.get(self.lang))))
        return out

    def open(self, name: str, how: str) -> None:
        """Start drilling (or rehearsing) ``name`` as chosen on the home screen."""
        subject = resolve(name, self.routines)
        if how == REHEARSE:
            self.push_screen(RehearseScreen(subject, None, self.lang))
        else:
            self._drill(subject, how if subject.kind == STACK else "mixed")

    def _drill(self, subject: Subject, drill_mode: str) -> None:
        from conjure.trainer.practice import SPEED

        open_subject(self.progress, subject, self.clock())
        session: Session = subject.session(
            self.progress, drill_mode, rng=self.rng, clock=self.clock, positions=self.positions
        )
        queue = None
        if subject.kind == STACK and drill_mode == SPEED:
            queue = session.items()
            session.run = self.progress.start_run(
                subject.subject, drill_mode, self.clock(), len(queue)
            )
        self.drill = DrillScreen(subject, session, self.lang, queue)
        self.push_screen(self.drill)

    def action_finish(self) -> None:
        """Sum the session up (when something was drilled), then leave."""
        if self.drill is None or isinstance(self.screen, SummaryScreen):
            self.exit(0)
            return
        self.summary_text = summary(self.drill.result, self.drill.session, self.lang)
        self.push_screen(SummaryScreen(self.summary_text, self.lang))

    def action_leave(self) -> None:
        self.exit(0)

    def deliver_screenshot(
        self,
        filename: str | None = None,
        path: str | None = None,
        time_format: str | None = None,
    ) -> str | None:
        """Save a screenshot in ``path`` or the app's screenshot folder, made when missing,
        and say where it went (Textual's own default is a Downloads folder that may not
        exist)."""
        folder = Path(path) if path else (self.screenshots or default_screenshots())
        try:
            folder.mkdir(parents=True, exist_ok=True)
            saved = self.save_screenshot(filename, str(folder), time_format)
        except OSError as exc:
            self.notify(
                say("no screenshot", self.lang, path=str(folder), why=exc.strerror or exc),
                severity="error",
            )
            return None
        self.notify(say("screenshot", self.lang, path=saved))
        return saved


def run_app(
    name: str | None,
    db: str | None = None,
    lang: str = "en",
    mode: str = DRILL,
    seed: int | None = None,
    performance: Any = None,
    drill_mode: str = "mixed",
    after: Any = (),
    positions: Any = None,
    screenshots: str | None = None,
    routines: Any = None,
) -> int:
    """Open the app on ``name`` (a stack, a stack file or a routine from ``routines()``, the
    plugin registry; None: the home screen); return the exit code. What the summary said is
    printed once the app has closed."""
    from conjure.errors import UsageError

    registry = routines
    subject = resolve(name, registry, after=after) if name is not None else None
    if mode == REHEARSE and (subject is None or subject.kind != ROUTINE):
        raise UsageError(
            Text(
                f"{name!r} is a stack: only a routine can be rehearsed",
                zh=f"{name!r} 是牌序：只有套路可以排练",
            )
        )
    # a rehearsal records nothing: it needs no database on disk
    with Progress(":memory:" if mode == REHEARSE else db) as progress:
        app = TrainerApp(
            subject, progress, lang, mode, seed, performance=performance,
            drill_mode=drill_mode, routines=registry, screenshots=screenshots,
            positions=positions,
        )  # fmt: skip
        result = app.run()
    if app.summary_text:
        print(app.summary_text)
    return int(result or 0)
