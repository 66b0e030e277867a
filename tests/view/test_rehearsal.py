"""The rehearsal in the terminal: a step fits 80×24, steps come apart move by move, every
symbol is in the legend, moves read in a magician's words, and keys need no Enter."""

from __future__ import annotations

import io
import os
import pty
import re
import select
import subprocess
import sys
import time

import pytest
from rich.console import Console

from conjure.cli import main
from conjure.deck import MOVES, parse_move
from conjure.magic.rehearse import move_frames, perform_for_rehearsal
from conjure.plugins.host import load_plugins
from conjure.view.rehearsal import LEGEND, legend, render_frame, render_step

ROUTINES = ("courting-kings", "each-gets-two", "gilbreath", "gilbreath-suits")
#: a step's first line: the rule with its number
_HEAD = re.compile(r"^(Step |步骤|Set-up |准备 |Claims |结论 ).*─")


def shown(renderable: object, width: int = 80) -> str:
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(renderable)
    return out.getvalue()


def blocks(text: str) -> list[list[str]]:
    """The output cut at each step's heading."""
    out: list[list[str]] = []
    for line in text.splitlines():
        if _HEAD.match(line):
            out.append([line])
        elif out:
            out[-1].append(line)
    return out


def rehearse_all(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str
) -> str:
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "24")
    assert main(["rehearse", *args, "--all"]) in (0, 1)
    return capsys.readouterr().out


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("routine_id", ROUTINES)
def test_every_step_fits_an_80_by_24_screen(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    routine_id: str,
    lang: str,
) -> None:
    out = rehearse_all(monkeypatch, capsys, routine_id, "--lang", lang)
    found = blocks(out)
    steps = [b for b in found if b[0].startswith(("Step", "步骤"))]
    assert len(steps) == len(
        perform_for_rehearsal(load_plugins().routine(routine_id)).performance.steps
    )
    for block in found:
        assert len(block) <= 24, "\n".join(block)
        assert max(len(line) for line in block) <= 80
    # the instruction comes first: the line after the heading starts the narration
    first = perform_for_rehearsal(load_plugins().routine(routine_id)).performance.steps[0]
    assert first.narration(lang).startswith(steps[0][1].strip()[:8])


def test_full_keeps_every_card(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    compact = rehearse_all(monkeypatch, capsys, "courting-kings")
    full = rehearse_all(monkeypatch, capsys, "courting-kings", "--full")
    assert "table (aside) 46: untouched" in compact and "[A♠]" not in compact
    assert "[A♠]" in full and "[大王]" in full  # the aside packet, every card of it


def test_the_aside_packet_is_drawn_once_a_move_uses_it() -> None:
    from conjure.deck import DeckState, Peel
    from conjure.magic import Performance, Routine, perform

    def script(p: Performance) -> None:
        p.start(DeckState.parse("left: AS 2S; table.aside: 3S 4S 5S"))
        p.step("①", en="Peel one from the aside packet")
        p.do(Peel("table.aside", "left"))
        p.step("②", en="Peel one from the left hand")
        p.do(Peel("left", "right"))

    perf = perform(Routine("t", "", "T", "tests", "", "", "", "", script)).performance
    used = shown(render_step(perf, 0))
    untouched = shown(render_step(perf, 1))
    assert "[4♠] [5♠]" in used and "untouched" not in used
    assert "[4♠]" not in untouched and "table (aside) 2: untouched" in untouched


def test_the_steal_at_step_four_is_a_frame_of_its_own(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = rehearse_all(monkeypatch, capsys, "courting-kings", "--by-move")
    fourth = [b for b in blocks(out) if b[0].startswith("Step ④")]
    assert [b[0].split("·")[2].strip().split(" ─")[0] for b in fourth] == [
        f"move {k} of 5" for k in range(1, 6)
    ]
    steal = "\n".join(fourth[0])
    assert "▶ Biddle steal" in steal
    # the break and the steal together: the left hand before it, with its break, and after
    assert "before: K♣ K♥ ╎brk╎ K♦ K♠" in steal
    assert "the break under 2 cards is gone" in steal
    rows = {line.split()[1]: line for line in fourth[0] if line.startswith("» ")}
    assert rows["left"].split("hand", 1)[1].split()[:2] == ["K♦", "K♠"]
    assert "Q♦ Q♠ Q♥ Q♣ K♣ K♥" in rows["right"]
    for block in blocks(out):
        assert len(block) <= 24


@pytest.mark.parametrize("routine_id", ROUTINES)
def test_moves_made_again_end_where_each_step_ends(routine_id: str) -> None:
    perf = perform_for_rehearsal(load_plugins().routine(routine_id)).performance
    for i, step in enumerate(perf.steps):
        frames = move_frames(perf, i)
        assert frames is not None and len(frames) == len(step.moves)
        if frames:
            assert frames[-1].after.packets == step.state.packets  # type: ignore[union-attr]
            for frame in frames:
                assert set(frame.changed) >= {
                    p
                    for p in frame.move.places()
                    if frame.before.packets.get(p) != frame.after.packets.get(p)
                }


def test_a_frame_marks_what_its_move_changed() -> None:
    perf = perform_for_rehearsal(load_plugins().routine("courting-kings")).performance
    frames = move_frames(perf, 2)  # ③: three peels, a break, a peel
    assert frames is not None
    hold = frames[3]
    assert hold.changed == ("left",) and hold.moved == frozenset()
    assert hold.breaks == [("left", None, 1)]
    text = shown(render_frame(perf, hold))
    assert "left hand: a break under 1 card" in text
    assert "» left hand" in text and "» right hand" not in text
    peel = frames[0]
    assert peel.moved == {peel.before.packets["right"][0] & 63}
    assert "counted: K♠" in shown(render_frame(perf, peel))


def test_the_legend_explains_every_symbol_the_views_draw() -> None:
    perf = perform_for_rehearsal(load_plugins().routine("courting-kings")).performance
    drawn = "".join(shown(render_step(perf, i)) for i in range(len(perf.steps)))
    for lang in ("en", "zh"):
        text = shown(legend(lang))
        for symbol in ("[Q♣]", "▒▒", "··", "»"):
            assert symbol in text and symbol in drawn
        for symbol, meaning in LEGEND:
            assert symbol.has(lang) or not symbol.zh, symbol
            assert meaning.zh and meaning.en
    zh = shown(legend("zh"))
    assert "╎布雷克╎" in zh and "brk" not in zh
    assert "╎brk╎" in shown(legend("en")) and "seen:" in shown(legend("en"))


def test_chinese_views_say_the_break_in_chinese() -> None:
    perf = perform_for_rehearsal(load_plugins().routine("courting-kings")).performance
    text = shown(render_step(perf, 2, "zh"))
    assert "╎布雷克╎" in text and "brk" not in text


def test_a_long_move_bullet_hangs() -> None:
    perf = perform_for_rehearsal(load_plugins().routine("courting-kings")).performance
    lines = shown(render_step(perf, 3), width=60).splitlines()
    k = next(i for i, line in enumerate(lines) if line.startswith("  • Biddle steal"))
    assert lines[k + 1].startswith("    ") and lines[k + 1].strip()


def test_moves_read_in_a_magicians_words_and_the_exact_form_stays() -> None:
    said = {
        "Take right left 3": "Drop 3 cards as one card onto the left hand",
        "CompleteCut left 1": "Put the top card to the bottom (complete the cut)",
        "Steal left right": "Biddle steal",
        "DoubleLift left": "Double lift",
        "ElmsleyCount left right": "Elmsley count",
    }
    for notation, words in said.items():
        move = parse_move(notation)
        assert words in move.in_words().en and move.in_words().zh
        assert move.in_words().en != move.text().en
    assert parse_move("Take right left 3").text().en.startswith("Take 3 cards as one block")
    for name, cls in MOVES.items():
        assert cls.gloss.en and cls.gloss.zh, name
    crafts = {cls.craft.en for cls in MOVES.values()}
    assert {"Biddle steal", "double lift", "Elmsley count", "glimpse", "peel"} <= crafts
    assert {"block transfer", "complete the cut"} <= crafts


def test_moves_flag_keeps_the_machine_form(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    words = rehearse_all(monkeypatch, capsys, "courting-kings")
    machine = rehearse_all(monkeypatch, capsys, "courting-kings", "--moves")
    assert "Drop 3 cards as one card onto the left hand" in words
    assert "Take 3 cards as one block" in machine and "Drop 3 cards" not in machine


@pytest.mark.parametrize("routine_id", ROUTINES)
def test_every_step_says_what_the_audience_believes_and_the_climax_its_effect(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], routine_id: str
) -> None:
    for lang, nothing, effect in (("en", "nothing in particular", "The effect:"),
                                  ("zh", "没有特别的想法", "效果：")):  # fmt: skip
        out = rehearse_all(monkeypatch, capsys, routine_id, "--lang", lang)
        assert nothing not in out
        steps = [b for b in blocks(out) if b[0].startswith(("Step", "步骤"))]
        assert any(line.startswith(effect) for line in steps[-1])


def test_patter_is_a_track_of_its_own(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = rehearse_all(monkeypatch, capsys, "courting-kings")
    seventh = next(b for b in blocks(out) if b[0].startswith("Step ⑦"))
    assert "Say: “These are the four Kings.”" in seventh


def test_question_mark_shows_the_legend_and_the_walk_goes_on(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from conjure.view.rehearsal import rehearse

    answers = iter(["?", "", "q"])
    routine = load_plugins().routine("courting-kings")
    assert rehearse(routine, lang="zh", ask=lambda _p: next(answers), interactive=True) == 0
    out = capsys.readouterr().out
    assert "╎布雷克╎" in out and out.index("符号") < out.index("步骤②")


@pytest.mark.skipif(sys.platform == "win32", reason="a terminal of its own needs a pty")
def test_on_a_terminal_keys_need_no_enter() -> None:
    """b and q on a real terminal (a pty): no Enter is typed, and the walk answers."""
    leader, follower = pty.openpty()
    env = {**os.environ, "COLUMNS": "80", "LINES": "24"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "conjure", "rehearse", "courting-kings"],
        stdin=follower, stdout=follower, stderr=subprocess.PIPE, env=env, close_fds=True,
    )  # fmt: skip
    os.close(follower)
    seen = b""

    def read_until(needle: bytes, times: int = 1, timeout: float = 30) -> None:
        nonlocal seen
        end = time.monotonic() + timeout
        while seen.count(needle) < times and time.monotonic() < end:
            if select.select([leader], [], [], 0.2)[0]:
                try:
                    seen += os.read(leader, 65536)
                except OSError:
                    break
        assert needle in seen, seen[-400:]

    try:
        read_until(b"quit > ")
        os.write(leader, b" ")  # next, no Enter
        read_until("Step ② ".encode())
        read_until(b"quit > ", 2)
        os.write(leader, b"b")
        read_until(b"b\r\n")
        read_until(b"quit > ", 3)
        assert seen.count("Step ① ".encode()) == 2
        os.write(leader, b"q")
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(leader)


def test_the_app_walks_steps_and_moves_and_shows_the_legend() -> None:
    """``rehearse --tui``: the same screens, m takes a step apart, ? shows the symbols."""
    import asyncio

    pytest.importorskip("textual")
    from conjure.view.rehearsal_app import RehearsalApp

    outcome = perform_for_rehearsal(load_plugins().routine("courting-kings"))
    app = RehearsalApp(outcome, "zh")

    def text() -> str:
        return shown(app.current(), 100)

    async def scenario() -> None:
        async with app.run_test(size=(100, 40)) as pilot:
            assert "准备" in text()
            await pilot.press("right", "right", "right", "right")
            assert text().startswith("步骤④ · 4/8")
            await pilot.press("m")  # the step taken apart: its first move is the steal
            assert "第1个动作，共5个" in text() and "比德尔偷牌" in text()
            await pilot.press("right")
            assert "第2个动作，共5个" in text()
            await pilot.press("question_mark")
            assert "╎布雷克╎" in text() and "brk" not in text()
            await pilot.press("question_mark", "m")
            assert text().startswith("步骤④ · 4/8")
            await pilot.press("q")

    asyncio.run(scenario())
    assert app.return_value == 0


def test_the_docs_table_of_symbols_is_the_legend() -> None:
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "pictures.md").read_text("utf-8")
    table = doc.split("| symbol | meaning |")[1].split("\n\n")[0]
    for symbol, _meaning in LEGEND:
        if symbol.en not in ("underlined", "top first"):
            assert f"`{symbol.en}`" in table, symbol.en


@pytest.mark.parametrize("routine_id", ROUTINES)
def test_the_set_up_shows_the_cards_the_first_step_takes(routine_id: str) -> None:
    """Before any move the set-up draws, card by card, the places the first step takes cards
    from (the eight on the table of courting-kings), and folds the rest to a count."""
    from conjure.deck.places import place_text
    from conjure.magic.rehearse import touched_in_step
    from conjure.view.rehearsal import render_setup

    perf = perform_for_rehearsal(load_plugins().routines[routine_id]).performance
    text = shown(render_setup(perf), width=100)
    first = {p for p in touched_in_step(perf, 0) if perf.initial.size(p)}  # type: ignore[union-attr]
    assert first
    folded = "".join(line for line in text.splitlines() if line.startswith("also "))
    for place in first:
        top = perf.initial.cards(place)[0]  # type: ignore[union-attr]
        assert f"{top}" in text, (place, text)  # drawn card by card
        size = perf.initial.size(place)  # type: ignore[union-attr]
        assert f"{place_text(place).get('en')} {size}" not in folded, text  # not folded
