"""The rehearsal as a full-screen app (Textual): the same screens as the line mode of
:mod:`conjure.view.rehearsal`, one step (or, with ``m``, one move) at a time, the legend a key
away. Needs the ``app`` extra; imported only by ``conjure rehearse --tui``."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.console import RenderableType
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Footer, Static

from conjure.magic.performance import Outcome
from conjure.magic.rehearse import MoveFrame
from conjure.text import Text
from conjure.view.rehearsal import (
    frames_of,
    legend,
    render_frame,
    render_setup,
    render_step,
    render_verdict,
)

_KEYS = Text(
    "→ n space: next · ← b: back · m: move by move · ?: symbols · q: quit",
    zh="→ n 空格：下一步 · ← b：上一步 · m：逐个动作 · ?：符号 · q：退出",
)


class RehearsalApp(App[int]):
    """Walk a recorded performance: the set-up, each step, the verdict."""

    CSS = "#screen { padding: 0 1; } #keys { dock: bottom; height: 1; color: $text-muted; }"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,n,space,enter", "go(1)", "next", show=False),
        Binding("left,b", "go(-1)", "back", show=False),
        Binding("m", "by_move", "move by move", show=False),
        Binding("question_mark", "legend", "symbols", show=False),
        Binding("q,escape", "quit_rehearsal", "quit", show=False),
    ]

    def __init__(
        self, outcome: Outcome, lang: str = "en", by_move: bool = False, code: int = 0
    ) -> None:
        super().__init__()
        self.outcome = outcome
        self.lang = lang
        self.by_move = by_move
        self.code = code
        self.showing_legend = False
        self.screens: list[tuple[int, MoveFrame | None]] = []
        #: the screen shown: -1 the set-up, len(screens) the verdict
        self.at = -1
        self._layout()

    def _layout(self, keep_step: int | None = None) -> None:
        perf = self.outcome.performance
        self.screens = [
            (i, frame)
            for i in range(len(perf.steps))
            for frame in (frames_of(perf, i) if self.by_move else [None])
        ]
        if keep_step is not None:
            self.at = next(k for k, (i, _f) in enumerate(self.screens) if i == keep_step)

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static("", id="screen")
        yield Static(_KEYS.get(self.lang), id="keys")
        yield Footer()

    def on_mount(self) -> None:
        self.title = self.outcome.performance.routine.name.get(self.lang)
        self.draw()

    def current(self) -> RenderableType:
        perf = self.outcome.performance
        if self.showing_legend:
            return legend(self.lang)
        if self.at < 0:
            return render_setup(perf, self.lang)
        if self.at >= len(self.screens):
            return render_verdict(self.outcome, self.lang)
        i, frame = self.screens[self.at]
        if frame is None:
            return render_step(perf, i, self.lang)
        return render_frame(perf, frame, self.lang)

    def draw(self) -> None:
        self.query_one("#screen", Static).update(self.current())

    def action_go(self, delta: int) -> None:
        self.showing_legend = False
        self.at = max(-1, min(len(self.screens), self.at + delta))
        self.draw()

    def action_by_move(self) -> None:
        step = self.screens[self.at][0] if 0 <= self.at < len(self.screens) else None
        self.by_move = not self.by_move
        self._layout(keep_step=step)
        self.draw()

    def action_legend(self) -> None:
        self.showing_legend = not self.showing_legend
        self.draw()

    def action_quit_rehearsal(self) -> None:
        self.exit(self.code)


def run(outcome: Outcome, lang: str = "en", by_move: bool = False, code: int = 0) -> int:
    """Run the app until the performer quits; the rehearsal's exit code."""
    result: Any = RehearsalApp(outcome, lang, by_move, code).run()
    return int(result) if result is not None else code
