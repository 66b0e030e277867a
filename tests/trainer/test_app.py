"""The trainer app, driven through Textual's own pilot: keys in, screen text and state out."""

from __future__ import annotations

import asyncio
import html
import io
import re
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("textual")

from textual.widgets import Static

from conjure.cli.common import registry
from conjure.deck import Card, stack
from conjure.trainer import resolve
from conjure.trainer.app import (
    REHEARSE,
    DrillScreen,
    HomeScreen,
    RehearseScreen,
    SummaryScreen,
    TrainerApp,
)
from conjure.trainer.db import Progress
from conjure.trainer.questions import CARD, CARDS, CHOICE

NOW = datetime(2026, 3, 1, 9, tzinfo=UTC)


def screen_text(app: Any) -> str:
    """What the terminal shows, as text (from the app's SVG screenshot)."""
    svg = re.sub(r"<(style|defs)\b.*?</\1>", "", app.export_screenshot(), flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", svg)).replace("\xa0", " ")


def shown(app: Any, widget: str) -> str:
    """The text a widget of the current screen shows (rich renderables drawn as text)."""
    from rich.console import Console

    content = app.screen.query_one(widget, Static).content
    if isinstance(content, str):
        return content
    out = io.StringIO()
    Console(file=out, width=160, color_system=None).print(content)
    return out.getvalue()


def right_answer(q: Any) -> str:
    if q.answer_type == CARD:
        return str(q.expected.ascii)
    if q.answer_type == CARDS:
        return " ".join(c.ascii for c in q.expected)
    if q.answer_type == CHOICE:
        return str(q.expected + 1)
    return str(q.expected)


def wrong_answer(q: Any) -> str:
    if q.answer_type == CARD:
        return "AS" if q.expected != Card("AS") else "KH"
    if q.answer_type == CARDS:
        return " ".join(c.ascii for c in reversed(q.expected))
    if q.answer_type == CHOICE:
        return str((q.expected + 1) % len(q.options) + 1)
    return str(q.expected + 1)


def drive(app: Any, scenario: Callable[[Any], Awaitable[None]], size: tuple[int, int]) -> None:
    async def run() -> None:
        async with app.run_test(size=size) as pilot:
            await scenario(pilot)

    asyncio.run(run())


def test_the_app_shows_stats_as_it_drills_and_a_summary_on_quit(tmp_path: Path) -> None:
    progress = Progress(tmp_path / "p.sqlite3")
    app = TrainerApp(resolve("mnemonica"), progress, seed=1, clock=lambda: NOW, drill_mode="card")

    async def scenario(pilot: Any) -> None:
        assert isinstance(app.screen, DrillScreen)
        stats = shown(app, "#stats")
        assert "this session: 0 answered" in stats and "52 new of 52" in stats
        q = app.question
        first = shown(app, "#question")
        await pilot.press(*"zz", "enter")  # unreadable: said why and asked again, not counted
        assert "'zz': not a card" in shown(app, "#feedback")
        assert app.question is q
        await pilot.press(*right_answer(q), "enter")
        assert "✓" in shown(app, "#feedback")
        stats = shown(app, "#stats")
        assert "1 answered, 1 right (100%), streak 1 (best 1)" in stats
        assert "51 new of 52" in stats
        assert shown(app, "#question") != first
        q = app.question
        await pilot.press(*wrong_answer(q), "enter")
        # a miss waits for Enter: the right answer, drawn, and nothing of the next question
        assert app.question is q and "✗" in shown(app, "#feedback")
        assert str(q.expected) in shown(app, "#feedback")
        await pilot.press("enter")
        assert app.question is not q and "✗" not in shown(app, "#feedback")
        assert "2 answered, 1 right (50%), streak 0 (best 1)" in shown(app, "#stats")
        assert "weakest:" in shown(app, "#stats")
        await pilot.press("q", "enter")
        assert isinstance(app.screen, SummaryScreen)
        text = screen_text(app)
        assert "2 answered, 1 right (50%)" in text and "not yet seen" in text
        await pilot.press("enter")

    drive(app, scenario, (120, 40))
    assert app.return_value == 0
    assert app.summary_text.startswith("2 answered, 1 right (50%)")
    assert [a.correct for a in progress.answers()] == [True, False]
    progress.close()


def test_the_app_draws_the_cue_card_and_never_the_answer(tmp_path: Path) -> None:
    progress = Progress(tmp_path / "p.sqlite3")
    app = TrainerApp(
        resolve("mnemonica"), progress, seed=3, clock=lambda: NOW, drill_mode="previous"
    )
    m = stack("mnemonica")

    async def scenario(pilot: Any) -> None:
        q = app.question
        cue = m.next(q.expected)  # "which card comes before <cue>?"
        drawn = shown(app, "#cue")
        rank, suit = str(cue)[:-1], str(cue)[-1]
        assert suit in drawn and rank in drawn
        if str(q.expected)[:-1] != rank:
            assert str(q.expected)[:-1] not in drawn.replace(rank, "")

    drive(app, scenario, (120, 40))
    progress.close()


def test_a_wrong_routine_answer_shows_both_views_then_the_next_question_alone(
    tmp_path: Path,
) -> None:
    progress = Progress(tmp_path / "p.sqlite3")
    app = TrainerApp(
        resolve("courting-kings", registry), progress, seed=4, clock=lambda: NOW,
        routines=registry,
    )  # fmt: skip

    async def scenario(pilot: Any) -> None:
        q = app.question
        await pilot.press(*wrong_answer(q), "enter")
        text = screen_text(app)
        assert "✗" in text
        assert "Performer's view" in text and "Audience's view" in text
        performer = app.screen.query_one("#performer")
        audience = app.screen.query_one("#audience")
        assert performer.region.y == audience.region.y
        assert performer.region.x < audience.region.x
        await pilot.press("enter")
        # the next question alone: no views, no verdict of the one before
        text = screen_text(app)
        assert app.question is not q
        assert "Performer's view" not in text and "✗" not in text

    drive(app, scenario, (170, 50))
    assert [a.correct for a in progress.answers()] == [False]
    progress.close()


def test_the_app_walks_a_routine_with_both_views_and_a_header_of_steps() -> None:
    progress = Progress(":memory:")
    app = TrainerApp(resolve("courting-kings", registry), progress, mode=REHEARSE)

    async def scenario(pilot: Any) -> None:
        assert isinstance(app.screen, RehearseScreen)
        assert "1/8" in screen_text(app)
        assert "step 1 of 8" in shown(app, "#where")
        assert "due" not in screen_text(app) and "not yet seen" not in screen_text(app)
        await pilot.press("right", "n")
        assert "3/8" in screen_text(app) and "step 3 of 8" in shown(app, "#where")
        # the rehearsal's own screen: the moves in a magician's words, a break drawn, the
        # performer's view beside the audience's on one row
        step = shown(app, "#step")
        assert "Peel a card off the right hand onto the left hand" in step, step
        assert "╎brk╎" in step
        assert any(
            "Performer (really)" in line and "Audience sees" in line for line in step.splitlines()
        )
        await pilot.press("b")
        assert "2/8" in screen_text(app)
        assert "These are the four Kings" not in shown(app, "#step")
        await pilot.press("right", "right", "right", "right", "right")
        assert "Say: “These are the four Kings.”" in shown(app, "#step")  # the patter of ⑦
        await pilot.press("q")

    drive(app, scenario, (160, 50))
    assert app.return_value in (0, None)


def test_the_app_rehearses_move_by_move_with_the_symbols_a_key_away() -> None:
    """``m`` takes step ④ apart: its first frame is the Biddle steal with the break it takes
    from; ``?`` shows the symbols and any step key puts the rehearsal back; ``m`` again keeps
    the step."""
    progress = Progress(":memory:")
    app = TrainerApp(resolve("courting-kings", registry), progress, mode=REHEARSE)

    async def scenario(pilot: Any) -> None:
        await pilot.press("right", "right", "right")
        assert "step 4 of 8" in shown(app, "#where")
        await pilot.press("m")
        assert "step 4 of 8" in shown(app, "#where") and "move 1 of 5" in shown(app, "#where")
        steal = shown(app, "#step")
        assert "▶ Biddle steal" in steal and re.search(r"before: (K\S ){2}╎brk╎", steal), steal
        await pilot.press("right")
        assert "move 2 of 5" in shown(app, "#where") and "▶ Biddle steal" not in shown(app, "#step")
        await pilot.press("question_mark")
        assert "Symbols" in shown(app, "#step") and "╎brk╎" in shown(app, "#step")
        await pilot.press("question_mark")
        assert "Symbols" not in shown(app, "#step")
        await pilot.press("m")
        assert "step 4 of 8" in shown(app, "#where") and "move" not in shown(app, "#where")
        await pilot.press("q")

    drive(app, scenario, (160, 50))
    progress.close()


def test_the_home_screen_opens_every_mode_and_the_rehearsal(tmp_path: Path) -> None:
    progress = Progress(tmp_path / "p.sqlite3")
    app = TrainerApp(None, progress, seed=2, clock=lambda: NOW, routines=registry)

    async def scenario(pilot: Any) -> None:
        assert isinstance(app.screen, HomeScreen)
        text = screen_text(app)
        assert "Mnemonica" in text and "courting-kings" in text
        subjects = app.screen.query_one("#subjects")
        ids = [subjects.get_option_at_index(k).id for k in range(subjects.option_count)]
        subjects.highlighted = ids.index("mnemonica")
        await pilot.pause()
        await pilot.press("enter")  # on to the modes
        modes = app.screen.query_one("#modes")
        names = [modes.get_option_at_index(k).id for k in range(modes.option_count)]
        assert {"estimate", "one-ahead", "neighbours", "speed"} <= set(names)
        modes.highlighted = names.index("estimate")
        await pilot.pause()
        await pilot.press("enter")
        assert isinstance(app.screen, DrillScreen)
        assert app.question.kind == "estimate"
        await pilot.press("enter")  # Enter alone is no cut: asked again
        assert "type the card on the face" in shown(app, "#feedback")
        await pilot.press("escape")
        assert isinstance(app.screen, SummaryScreen)
        assert "no answers given" in screen_text(app)
        await pilot.press("enter")

    drive(app, scenario, (120, 40))
    assert app.return_value == 0

    app = TrainerApp(None, Progress(":memory:"), routines=registry)

    async def rehearse(pilot: Any) -> None:
        subjects = app.screen.query_one("#subjects")
        ids = [subjects.get_option_at_index(k).id for k in range(subjects.option_count)]
        subjects.highlighted = ids.index("gilbreath")
        await pilot.pause()
        await pilot.press("enter")
        modes = app.screen.query_one("#modes")
        modes.highlighted = 1
        await pilot.pause()
        await pilot.press("enter")
        assert isinstance(app.screen, RehearseScreen)
        assert "step 1 of" in shown(app, "#where")

    drive(app, rehearse, (160, 50))
    progress.close()


def test_a_screenshot_goes_to_a_folder_made_for_it_and_named(tmp_path: Path) -> None:
    folder = tmp_path / "shots" / "new"
    app = TrainerApp(
        resolve("aronson"), Progress(tmp_path / "p.sqlite3"), clock=lambda: NOW,
        screenshots=folder,
    )  # fmt: skip
    said: list[str] = []
    app.notify = lambda message, **kw: said.append(str(message))  # type: ignore[method-assign]

    async def scenario(pilot: Any) -> None:
        await pilot.press("ctrl+s")
        await pilot.pause()

    drive(app, scenario, (100, 30))
    files = list(folder.glob("*.svg"))
    assert len(files) == 1 and "<svg" in files[0].read_text("utf-8")
    assert said == [f"screenshot saved to {files[0]}"]
    # a folder that cannot be made is said, not a traceback
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    app = TrainerApp(
        resolve("aronson"), Progress(tmp_path / "p.sqlite3"), clock=lambda: NOW,
        screenshots=blocked / "sub",
    )  # fmt: skip
    said.clear()
    app.notify = lambda message, **kw: said.append(str(message))  # type: ignore[method-assign]
    drive(app, scenario, (100, 30))
    assert len(said) == 1 and said[0].startswith(f"cannot save a screenshot in {blocked / 'sub'}")


def test_the_app_speaks_chinese(tmp_path: Path) -> None:
    from conjure.testing.lang import english_words

    progress = Progress(tmp_path / "p.sqlite3")
    app = TrainerApp(
        resolve("mnemonica"), progress, lang="zh", seed=1, clock=lambda: NOW, drill_mode="card"
    )

    async def scenario(pilot: Any) -> None:
        await pilot.press("enter")  # don't know: the answer, then Enter for the next
        text = screen_text(app)
        assert "本次" in text and "回车" in text
        assert english_words(text, allow={"conjure", "mnemonica", "q", "esc", "ctrl"}) == [], text
        await pilot.press("enter", "q", "enter")
        assert english_words(screen_text(app), allow={"conjure", "q"}) == []

    drive(app, scenario, (120, 40))
    progress.close()
