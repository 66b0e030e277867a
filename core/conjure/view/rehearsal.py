"""The rehearsal in the terminal: a routine one step (or one move) at a time, each made to fit
one screen.

A step reads as a performer learns it: what to do first (the narration), what to say (the
patter, a track of its own), the moves in a magician's words (``Move.in_words``), then one
table of the places that matter, each row the performer's view beside the audience's, and what
the audience believes (at the climax, the effect). A place nobody touches in the step (the rest
of the deck set aside) is folded to a count. ``full`` draws today's everything: every card of
every packet, both views in panels. ``--by-move`` takes a step apart move by move
(:func:`conjure.magic.rehearse.move_frames`), each frame marking what its move changed.

:func:`legend` explains every symbol the views use, in English and Chinese.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TextIO

import attrs
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from conjure.deck.audience import visible, visible_places
from conjure.deck.cards import CARDS
from conjure.deck.places import is_hand, label
from conjure.deck.state import CODE_MASK, FACE_UP, DeckState, decode
from conjure.errors import said
from conjure.magic.performance import Outcome, Performance
from conjure.magic.rehearse import (
    MoveFrame,
    changed_in_step,
    move_frames,
    perform_for_rehearsal,
    touched_in_step,
)
from conjure.magic.routine import Routine
from conjure.magic.trace import (
    _COLON,
    _OPTIONAL,
    _SEMI,
    _WORDS,
    beliefs,
    choice_lines,
    collapsed,
    narration,
    outcome_json,
)
from conjure.text import Text as Words
from conjure.view.console import Paragraph, make_console
from conjure.view.terminal import (
    BREAK_MARK,
    audience_cards,
    audience_view,
    card_text,
    performer_cards,
)

_W = {
    "title": Words("{both}  ({source})", zh="{name}——{source}"),
    "prompt": Words(
        "[Enter] next · [b] back · [?] symbols · [q] quit > ",
        zh="[回车] 下一步 · [b] 上一步 · [?] 符号 · [q] 退出 > ",
    ),
    "end": Words(
        "(end of input at step {step} of {total}; --all prints every step)",
        zh="（输入结束于第{step}步，共{total}步；--all 显示全部步骤）",
    ),
    "setup": Words("Set-up", zh="准备"),
    "start": Words("The starting deck", zh="开始时的牌"),
    "say": Words("Say", zh="台词"),
    "effect": Words("The effect", zh="效果"),
    "performer": Words("Performer (really)", zh="表演者（实际）"),
    "audience": Words("Audience sees", zh="观众看到"),
    "seen": Words("seen:", zh="看到："),
    "counted": Words("counted:", zh="点数："),
    "empty": Words("—", zh="—"),
    "behind": Words("(behind the back)", zh="（藏在背后）"),
    "folded": Words("also {places}: untouched", zh="另有{places}：没有动过"),
    "folded place": Words("{place} {n}", zh="{place}{n}张"),
    "move of": Words("move {k} of {n}", zh="第{k}个动作，共{n}个"),
    "break new": Words("{place}: a break under {n}", zh="{place}：在{n}张牌之下设置布雷克"),
    "break gone": Words(
        "{place}: the break under {n} is gone", zh="{place}：{n}张牌之下的布雷克不见了"
    ),
    "break moved": Words(
        "{place}: the break is now under {n}", zh="{place}：布雷克现在在{n}张牌之下"
    ),
    "cards": Words("{n} cards", zh="{n}张牌"),
    "card": Words("1 card", zh="1张牌"),
    "the step": Words("Step {number}", zh="步骤{number}"),
    "legend": Words("Symbols", zh="符号"),
    "before": Words("before:", zh="之前："),
}


def _t(key: str, lang: str, **values: object) -> str:
    return _W[key].format(**values).get(lang) if values else _W[key].get(lang)


def _n_cards(n: int, lang: str) -> str:
    return _t("card", lang) if n == 1 else _t("cards", lang, n=n)


# -- the legend ----------------------------------------------------------------------------------

#: every symbol the rehearsal draws, and what it means
LEGEND: tuple[tuple[Words, Words], ...] = (
    (Words("Q♣"), Words("a card face up", zh="表面向上的牌")),
    (
        Words("[Q♣]"),
        Words(
            "a card face down: you know its face, the audience sees its back",
            zh="表面向下的牌：你知道它的牌面，观众只看到牌背",
        ),
    ),
    (Words("▒▒"), Words("a back the audience sees", zh="观众看到的牌背")),
    (
        Words("··"),
        Words(
            "a card the audience cannot see (under the top card of a squared packet)",
            zh="观众看不到的牌（叠齐的牌叠中特普牌之下的牌）",
        ),
    ),
    (
        BREAK_MARK,
        Words(
            "your little-finger break: the cards before it are above the break",
            zh="你用小指保持的布雷克：它前面的牌在布雷克之上",
        ),
    ),
    (
        Words("…6 more…", zh="…6张…"),
        Words("cards of a long packet left out", zh="长牌叠中省略的牌"),
    ),
    (
        _W["seen"],
        Words(
            "every face the audience saw in this step (or move)",
            zh="本步骤（或本动作）中观众看到的每个牌面",
        ),
    ),
    (
        _W["counted"],
        Words(
            "the side the audience saw at each count of a count",
            zh="点数时每数一张观众看到的那一面",
        ),
    ),
    (Words("»"), Words("a place this step (or move) changed", zh="本步骤（或本动作）改变的位置")),
    (
        Words("left hand*", zh="左手（展开）"),
        Words("a packet spread (fanned)", zh="展开成扇形的牌"),
    ),
    (
        Words("—"),
        Words("a place left empty", zh="空了的位置"),
    ),
    (
        Words("underlined", zh="下划线"),
        Words("a card the move just moved or turned", zh="这个动作刚移动或翻转的牌"),
    ),
    (
        Words("top first", zh="从特普写起"),
        Words(
            "every packet is written top card first: the leftmost card is the top",
            zh="每叠牌都从特普写起：最左边的是特普牌",
        ),
    ),
)


def legend(lang: str = "en") -> RenderableType:
    """What every symbol of the views means (``?`` in the rehearsal)."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=True, style="bold")
    grid.add_column()
    for symbol, meaning in LEGEND:
        grid.add_row(symbol.get(lang), Paragraph(meaning.get(lang)))
    return Group(Rule(_t("legend", lang), align="left"), grid)


# -- the compact views -------------------------------------------------------------------------


def _seen_row(seen: Iterable[int]) -> Text:
    faces = Text()
    for code in sorted(seen):
        faces.append_text(card_text(CARDS[code]))
        faces.append(" ")
    faces.rstrip()
    return faces


def _sides_row(sides: bytes, lang: str) -> Text:
    row = Text()
    for k, (card, up) in enumerate(decode(sides)):
        if k:
            row.append(" ")
        if up:
            row.append_text(card_text(card))
        else:
            row.append("▒▒", style="grey93 on blue3")
    return row


class Views:
    """The places that matter as one table, each row the performer's view beside the
    audience's; places named in ``folded`` are one line with their count. Below 60 columns the
    two views are stacked instead of side by side."""

    SIDE_BY_SIDE = 60

    def __init__(
        self,
        state: DeckState,
        places: Sequence[str],
        lang: str,
        *,
        seen: frozenset[int] = frozenset(),
        changed: Iterable[str] = (),
        moved: frozenset[int] = frozenset(),
        folded: Sequence[str] = (),
        counts: Sequence[bytes] = (),
    ) -> None:
        self.state = state
        self.places = list(places)
        self.lang = lang
        self.seen = seen
        self.changed = set(changed)
        self.moved = moved
        self.folded = list(folded)
        self.counts = list(counts)

    def _title(self, place: str) -> Text:
        mark = "» " if place in self.changed else "  "
        title = Text(mark, style="bold yellow")
        title.append(label(place, self.lang), style="bold")
        if place in self.state.spread:
            title.append("*" if self.lang != "zh" else "（展开）", style="bold")
        return title

    def _cells(self, place: str) -> tuple[Text, Text]:
        s, lang = self.state, self.lang
        if not s.size(place):
            return Text(_t("empty", lang), style="dim"), Text(_t("empty", lang), style="dim")
        performer = performer_cards(s, place, lang, self.moved)
        if place not in visible_places(s):
            return performer, Text(_t("behind", lang), style="italic")
        return performer, audience_cards(s, place, visible(s), lang)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        lang = self.lang
        wide = options.max_width >= self.SIDE_BY_SIDE
        rows = [(self._title(p), *self._cells(p)) for p in self.places]
        if wide:
            grid = Table.grid(padding=(0, 1))
            grid.add_column(no_wrap=True)
            grid.add_column(ratio=5)
            grid.add_column(ratio=3)
            grid.add_row("", Text(_t("performer", lang), style="dim"),
                         Text(_t("audience", lang), style="dim"))  # fmt: skip
            for title, performer, audience in rows:
                grid.add_row(title, performer, audience)
            if self.counts:
                counted = Text(_t("counted", lang) + " ", style="dim")
                counted.append_text(_sides_row(b"".join(self.counts), lang))
                grid.add_row("", "", counted)
            if self.seen:
                grid.add_row(
                    "", "", Text(_t("seen", lang) + " ", style="dim") + _seen_row(self.seen)
                )
            yield grid
        else:
            for head, column in ((_t("performer", lang), 1), (_t("audience", lang), 2)):
                yield Text(head, style="dim")
                for row in rows:
                    yield Paragraph(row[column], row[0] + " ")
            if self.counts:
                sides = _sides_row(b"".join(self.counts), lang)
                yield Paragraph(sides, _t("counted", lang) + " ")
            if self.seen:
                yield Paragraph(_seen_row(self.seen), _t("seen", lang) + " ")
        if self.folded:
            parts = [
                _t("folded place", lang, place=label(p, lang), n=self.state.size(p))
                for p in self.folded
            ]
            joined = _SEMI.get(lang).join(parts)
            yield Text(_t("folded", lang, places=joined), style="dim")


def _matter(
    state: DeckState, touched: set[str], changed: Iterable[str], believed: Iterable[str]
) -> tuple[list[str], list[str]]:
    """The places to draw in full and the places folded to a count: a place is drawn when a
    move touched it, it changed, the audience believes something about it, or it is a hand
    holding cards; the rest (the deck set aside) is folded."""
    keep = set(touched) | set(changed) | set(believed)
    shown, folded = [], []
    places = sorted(set(state.places()) | keep, key=_order)
    for place in places:
        if not state.size(place) and place not in changed:
            continue  # empty before and after: nothing to see
        if place in keep or (is_hand(place) and state.size(place)):
            shown.append(place)
        elif state.size(place):
            folded.append(place)
    return shown, folded


def _order(place: str) -> tuple[int, str]:
    ranks = {"left": 0, "right": 1}
    return ranks.get(place, 2 if place.startswith("spectator") else 3), place


def _heading(perf: Performance, index: int, lang: str, extra: str = "") -> Rule:
    step = perf.steps[index]
    name = perf.routine.name.get(lang)
    title = f"{_t('the step', lang, number=step.number)} · {index + 1}/{len(perf.steps)}"
    title += f" · {extra}" if extra else f" · {name}"
    return Rule(Text(title, style="bold cyan"), align="left", style="cyan")


def _believes(perf: Performance, index: int, lang: str) -> list[RenderableType]:
    """What the audience believes after the step, and at the climax the effect."""
    step = perf.steps[index]
    words = _WORDS[lang]
    colon = _COLON.get(lang)
    held = beliefs(step, lang)
    if not held and step.impression is not None:
        held = [step.impression.get(lang)]
    out: list[RenderableType] = []
    if held or step.effect is None:  # at the climax the effect says what they see
        text = _SEMI.get(lang).join(held) if held else words["nothing"]
        out.append(Paragraph(text, Text(f"{words['believes']}{colon}", style="bold")))
    if step.effect is not None:
        effect = Text(f"{_t('effect', lang)}{colon}", style="bold green")
        out.append(Paragraph(step.effect.get(lang), effect))
    return out


def _patter(perf: Performance, index: int, lang: str) -> list[RenderableType]:
    colon = _COLON.get(lang)
    out: list[RenderableType] = []
    for line in perf.steps[index].patter:
        quote = f"“{line.get(lang)}”"
        mark = Text(f"{_t('say', lang)}{colon}", style="bold magenta")
        out.append(Paragraph(Text(quote, style="italic"), mark))
    return out


def _move_lines(moves: Sequence[object], lang: str, machine: bool) -> list[RenderableType]:
    said_lines = collapsed_words(moves, lang) if not machine else collapsed(moves, lang)
    return [Paragraph(line, "  • ") for line in said_lines]


_TIMES = Words("{move} ×{n}", zh="{move} ×{n}")
_SAME = Words("{move}; the same onto {rest} (×{n})", zh="{move}；同样到{rest}（×{n}）")


def _alike(a: object, b: object) -> str | None:
    """The one place field in which two moves of a kind differ, or ``None``."""
    kind = type(a)
    if kind is not type(b) or not attrs.has(kind):
        return None
    differ = [f for f in attrs.fields(kind) if getattr(a, f.name) != getattr(b, f.name)]
    if len(differ) == 1 and differ[0].metadata.get("place"):
        name: str = differ[0].name
        return name
    return None


def collapsed_words(moves: Sequence[object], lang: str = "en") -> list[str]:
    """The moves of a step in a magician's words, a run of the same move made one line
    ("Peel a card off the right hand onto the left hand ×3"), and a run that differs only in
    where it goes too ("Deal 2 cards onto the table (pair1); the same onto … (×4)")."""
    out: list[str] = []
    i = 0
    while i < len(moves):
        j = i + 1
        while j < len(moves) and moves[j] == moves[i]:
            j += 1
        text = moves[i].in_words().get(lang)  # type: ignore[attr-defined]
        if j - i > 1:
            out.append(_TIMES.format(n=j - i, move=text).get(lang))
            i = j
            continue
        field = _alike(moves[i], moves[j]) if j < len(moves) else None
        if field is not None:
            while j + 1 < len(moves) and _alike(moves[i], moves[j + 1]) == field:
                j += 1
            rest = [label(getattr(m, field), lang) for m in moves[i + 1 : j + 1]]
            span = rest[0] if len(rest) == 1 else f"{rest[0]} … {rest[-1]}"
            out.append(_SAME.format(move=text, rest=span, n=j + 1 - i).get(lang))
            i = j + 1
            continue
        out.append(text)
        i = j
    return out


def render_step(
    perf: Performance, index: int, lang: str = "en", full: bool = False, machine: bool = False
) -> RenderableType:
    """Step ``index`` of a recorded performance, made to fit one screen (see the module's
    docstring); with ``full`` every card of every packet, both views in panels. ``machine``
    lists the moves as the move reference writes them."""
    if full:
        return _render_step_full(perf, index, lang, machine)
    step = perf.steps[index]
    words = _WORDS[lang]
    colon = _COLON.get(lang)
    parts: list[RenderableType] = [_heading(perf, index, lang)]
    parts.append(Paragraph(narration(perf, index, lang)))
    parts.extend(_patter(perf, index, lang))
    for line in choice_lines(perf, step, lang):
        parts.append(Paragraph(Text(line, style="yellow"), f"{words['choices']}{colon}"))
    parts.extend(_move_lines(step.moves, lang, machine))
    for en, zh in step.notes:
        parts.append(Paragraph(Text(Words(en, zh).get(lang), style="italic")))
    if step.state is not None:
        changed = changed_in_step(perf, index)
        shown, folded = _matter(step.state, touched_in_step(perf, index), changed, step.beliefs)
        seen = visible(step.state) | frozenset(step.shown)
        parts.append(
            Views(
                step.state,
                shown,
                lang,
                seen=seen,
                changed=changed,
                folded=folded,
                counts=[_sides_of(c) for c in step.counts if _sleight(c)],
            )
        )
    parts.extend(_believes(perf, index, lang))
    return Group(*parts)


def _sleight(count: object) -> bool:
    """Whether a count shows something an honest count of its faces would not: a back among
    the sides, or a card seen twice (an Elmsley count)."""
    sides = count.sides  # type: ignore[attr-defined]
    cards = [card for card, _up in sides]
    return len(set(cards)) < len(cards) or not all(up for _card, up in sides)


def _sides_of(count: object) -> bytes:
    return bytes(
        card.code | (FACE_UP if up else 0)
        for card, up in count.sides  # type: ignore[attr-defined]
    )


def render_frame(
    perf: Performance, frame: MoveFrame, lang: str = "en", machine: bool = False
) -> RenderableType:
    """One move of a step as it happens: the step's instruction, the move, both views after it
    with what it changed marked (``»`` a place, cards underlined), the faces seen while it is
    made, the break it caught or used; on the step's last move, what the audience believes."""
    index = frame.step
    move = frame.move
    of = _t("move of", lang, k=frame.k + 1, n=frame.of)
    parts: list[RenderableType] = [_heading(perf, index, lang, of)]
    parts.append(Paragraph(Text(narration(perf, index, lang), style="dim")))
    if frame.k == 0:
        parts.extend(_patter(perf, index, lang))
    said_text = move.text().get(lang) if machine else move.in_words().get(lang)
    parts.append(Paragraph(Text(said_text, style="bold"), "▶ "))
    for place, was, now in frame.breaks:
        if now is None:
            line = _t("break gone", lang, place=label(place, lang), n=_n_cards(was or 0, lang))
            before = performer_cards(frame.before, place, lang)
            parts.append(Paragraph(before, Text(f"  {_t('before', lang)} ", style="magenta")))
        elif was is None:
            line = _t("break new", lang, place=label(place, lang), n=_n_cards(now, lang))
        else:
            line = _t("break moved", lang, place=label(place, lang), n=_n_cards(now, lang))
        parts.append(Paragraph(Text(line, style="magenta"), "  ╎ "))
    step = perf.steps[index]
    touched = set(move.places()) | set(frame.changed)
    believed = step.beliefs if frame.k == frame.of - 1 else {}
    shown, folded = _matter(frame.after, touched, frame.changed, believed)
    seen = (visible(frame.after) | frame.shown) - visible(frame.before) | frame.shown
    parts.append(
        Views(
            frame.after,
            shown,
            lang,
            seen=frozenset(seen),
            changed=frame.changed,
            moved=frame.moved,
            folded=folded,
            counts=[frame.counts] if frame.counts else [],
        )
    )
    if frame.k == frame.of - 1:
        parts.extend(_believes(perf, index, lang))
    return Group(*parts)


def frames_of(perf: Performance, index: int) -> list[MoveFrame | None]:
    """The frames ``--by-move`` shows for step ``index``: one per move, or the whole step
    (``None``) when it has no moves or cannot be taken apart."""
    frames = move_frames(perf, index)
    if not frames:
        return [None]
    return list(frames)


# -- the set-up, the full step, the verdict --------------------------------------------------


def full_view(state: DeckState, lang: str = "en") -> RenderableType:
    """Every card of every packet as the performer holds it, wrapped to the width (nothing
    folded away, however long the packet): the trainer's ``--full``."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    for place in state.places():
        packet = state.packet(place)
        depth = state.break_at(place)
        row = Text()
        for i, b in enumerate(packet):
            if i == depth:
                row.append(BREAK_MARK.get(lang) + " ", style="magenta")
            row.append_text(card_text(CARDS[b & CODE_MASK], bool(b & FACE_UP)))
            row.append(" ")
        grid.add_row(f"{label(place, lang)} ({len(packet)})", row)
    title = Words("Performer (every card, top first)", zh="表演者（每张牌，从上到下）")
    return Panel(grid, title=title.get(lang), title_align="left")


def render_setup(perf: Performance, lang: str = "en", full: bool = False) -> RenderableType:
    """The set-up: what the performer arranges, the set-up choices and the deck the routine
    starts from (with ``full`` every card of it)."""
    parts: list[RenderableType] = [Paragraph(perf.routine.setup.get(lang))]
    for line in choice_lines(perf, None, lang):
        parts.append(Paragraph(Text(line, style="yellow")))
    if perf.initial is not None:
        parts.append(Text(_t("start", lang) + Words(":", zh="：").get(lang), style="bold"))
        if full:
            parts.append(full_view(perf.initial, lang))
        else:
            state = perf.initial
            # nothing has been touched yet: the places the first step takes cards from are
            # the ones the performer sets up, the rest is folded to a count
            first = touched_in_step(perf, 0) if perf.steps else set()
            shown, folded = _matter(state, {p for p in first if state.size(p)}, (), ())
            parts.append(Views(state, shown, lang, seen=visible(state), folded=folded))
    if full:
        return Panel(Group(*parts), title=_t("setup", lang), title_align="left")
    head = Rule(Text(_t("setup", lang), style="bold cyan"), align="left", style="cyan")
    return Group(head, *parts)


class SideBySide:
    """Two views next to each other on a wide terminal, one above the other on a narrow one."""

    WIDE = 110

    def __init__(self, left: RenderableType, right: RenderableType) -> None:
        self.left = left
        self.right = right

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if options.max_width >= self.WIDE:
            grid = Table.grid(padding=(0, 2))
            grid.add_column()
            grid.add_column()
            grid.add_row(self.left, self.right)
            yield grid
        else:
            yield self.left
            yield self.right


def _render_step_full(perf: Performance, index: int, lang: str, machine: bool) -> RenderableType:
    """A step with everything: narration, moves, every card of the performer's view and the
    audience's view in panels."""
    step = perf.steps[index]
    words = _WORDS[lang]
    head = Text()
    head.append(f"{words['step']} {step.number}  ", style="bold cyan")
    head.append(narration(perf, index, lang))
    parts: list[RenderableType] = [Paragraph(head)]
    parts.extend(_patter(perf, index, lang))
    colon = _COLON.get(lang)
    for line in choice_lines(perf, step, lang):
        parts.append(Paragraph(Text(line, style="yellow"), f"{words['choices']}{colon}"))
    if step.moves:
        parts.append(Text(f"{words['moves']}{colon.rstrip()}", style="bold"))
        parts.extend(_move_lines(step.moves, lang, machine))
    for en, zh in step.notes:
        parts.append(Text(Words(en, zh).get(lang), style="italic"))
    if step.state is not None:
        parts.append(full_view(step.state, lang))
        parts.append(audience_view(step.state, step.shown, lang))
    parts.extend(_believes(perf, index, lang))
    name = perf.routine.name.get(lang)
    title = f"{name} · {index + 1}/{len(perf.steps)}"
    return Panel(Group(*parts), title=title, title_align="left")


def render_verdict(outcome: Outcome, lang: str = "en") -> RenderableType:
    """How the performance ended: the failure, and each claim checked."""
    words = _WORDS[lang]
    colon = _COLON.get(lang)
    parts: list[RenderableType] = [
        Rule(Text(words["claims"], style="bold cyan"), align="left", style="cyan")
    ]
    if outcome.failure is not None:
        failed = Text(f"{words['failed']}{colon}{said(outcome.failure, lang)}", style="bold red")
        parts.append(Paragraph(failed))
    for claim in outcome.performance.routine.claims:
        text = claim.text.get(lang)
        if not claim.promised:
            text += _OPTIONAL.get(lang)
        if claim.id in outcome.claim_errors:
            problem = outcome.claim_error(claim.id, lang)
            parts.append(Paragraph(Text(f"{claim.id}{colon}{text}{colon}{problem}", "red"), "✗ "))
        elif outcome.failure is None:
            parts.append(Paragraph(Text(f"{claim.id}{colon}{text}", "green"), "✓ "))
    return Group(*parts)


# -- the walk ------------------------------------------------------------------------------------

_KEYS = {
    "\r": "", "\n": "", " ": "", "n": "", "j": "", "\x1b[C": "", "\x1b[B": "",
    "b": "b", "k": "b", "p": "b", "\x1b[D": "b", "\x1b[A": "b",
    "q": "q", "\x1b": "q", "?": "?", "h": "?",
}  # fmt: skip


def read_key(prompt: str) -> str:
    """One key from the terminal, without Enter (an arrow key counts as one), echoed after the
    prompt so the line ends as a typed answer's does; Ctrl-C still interrupts."""
    import termios
    import tty

    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    try:
        # signals stay on (Ctrl-C is still an interrupt); a key typed early is kept
        tty.setcbreak(fd, termios.TCSANOW)
        sys.stdout.write(prompt)  # asked once keys are read one by one, so none waits for Enter
        sys.stdout.flush()
        key = os.read(fd, 1).decode("utf-8", "replace")
        if key == "\x1b":  # an arrow key's sequence follows at once, if it is one
            import select

            while select.select([fd], [], [], 0.02)[0]:
                key += os.read(fd, 1).decode("utf-8", "replace")
                if len(key) >= 3:
                    break
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
    answer = _KEYS.get(key, key)
    sys.stdout.write((answer or "") + "\n")
    sys.stdout.flush()
    return answer


def rehearse(
    routine: Routine,
    params: Mapping[str, int] | None = None,
    setup: Mapping[str, str] | None = None,
    choices: Mapping[str, str] | None = None,
    lang: str = "zh",
    all_steps: bool = False,
    as_json: bool = False,
    ask: Callable[[str], str] | None = None,
    interactive: bool | None = None,
    full: bool = False,
    by_move: bool = False,
    machine: bool = False,
    out: TextIO | None = None,
) -> int:
    """Walk through ``routine``; return the exit code (1 when the performance breaks).

    The set-up comes first, then each step (with ``by_move`` each move of it) until the end, or
    every one at once with ``all_steps``. On a terminal a key moves on (Enter, ``b`` back,
    ``?`` the symbols, ``q``); from a pipe, or with ``ask``, answers are read line by line.
    ``as_json`` writes the whole performance as JSON to ``out`` (default: stdout)."""
    outcome = perform_for_rehearsal(routine, params, setup, choices)
    promised = {c.id for c in routine.claims if c.promised}
    broken = outcome.failure is not None or bool(promised & set(outcome.claim_errors))
    code = 1 if broken else 0
    if as_json:
        print(json.dumps(outcome_json(outcome), ensure_ascii=False, indent=2), file=out)
        return code
    console = make_console()
    perf = outcome.performance
    title = _W["title"].format(both=routine.both_names, name=routine.name, source=routine.citation)
    console.print(title.get(lang), style="bold")
    console.print(render_setup(perf, lang, full))
    # the screens to walk: a step each, or with by_move a move each
    screens: list[tuple[int, MoveFrame | None]] = []
    for i in range(len(perf.steps)):
        for frame in frames_of(perf, i) if by_move else [None]:
            screens.append((i, frame))

    def draw(k: int) -> RenderableType:
        i, frame = screens[k]
        if frame is None:
            return render_step(perf, i, lang, full, machine)
        return render_frame(perf, frame, lang, machine)

    if all_steps:
        for k in range(len(screens)):
            console.print(draw(k))
        console.print(render_verdict(outcome, lang))
        return code
    if interactive is None:
        interactive = sys.stdin.isatty()
    keys = ask is None and interactive
    reader: Callable[[str], str] = read_key if keys else (ask or input)
    # Answers come from the keyboard, or line by line from a pipe (Enter, b, q as typed); an
    # answer read from a pipe is echoed so that the prompt's line ends as it does when typed.
    k = 0
    while True:
        console.print(draw(k))
        while True:
            try:
                answer = reader(_t("prompt", lang))
            except EOFError:
                print()  # the prompt's line ends before anything else is said
                step = screens[k][0] + 1
                console.print(_t("end", lang, step=step, total=len(perf.steps)), style="dim")
                return code
            except KeyboardInterrupt:
                print()
                raise
            if not interactive:
                print(answer)
            answer = answer.strip().lower()
            if answer in ("?", "h", "help", "帮助"):
                console.print(legend(lang))
                continue
            break
        if answer in ("q", "quit", "退出"):
            return code
        if answer in ("b", "back"):
            k = max(0, k - 1)
        elif k + 1 < len(screens):
            k += 1
        else:
            console.print(render_verdict(outcome, lang))
            return code


__all__ = [
    "LEGEND",
    "Views",
    "collapsed_words",
    "frames_of",
    "legend",
    "read_key",
    "rehearse",
    "render_frame",
    "render_setup",
    "render_step",
    "render_verdict",
]
