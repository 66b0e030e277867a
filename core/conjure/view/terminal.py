"""Pictures of hands and table with rich: the performer's view and the audience's view.

Each place is one line, top card first. In the performer's view a face-up card is its face
(``K♠``, red or black) and a face-down card is its face in brackets on a back (``[K♠]``), so the
two stay apart in plain text too; a held break is drawn as ``╎brk╎`` where it is
(``╎布雷克╎`` in Chinese). The audience's
view shows only what can be seen: faces that are in view, backs (``▒▒``) for face-down cards on
show, ``··`` for cards they cannot see, and nothing at all from behind a back.

Styles disappear by themselves when the output is not a terminal or ``NO_COLOR`` is set (rich
does that), leaving plain text.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from conjure.deck.audience import visible, visible_places
from conjure.deck.cards import CARDS, Card
from conjure.deck.places import label
from conjure.deck.state import CODE_MASK, FACE_UP, DeckState, packet_text
from conjure.text import Text as Words
from conjure.view.console import Paragraph

_RED = "bold red3 on grey93"
_BLACK = "bold grey11 on grey93"
_BACK = "grey93 on blue3"
_HIDDEN = "grey50"
_BREAK = "bold magenta"

_WORDS = {
    "en": {
        "top": "top",
        "bottom": "bottom",
        "performer": "Performer's view",
        "audience": "Audience's view",
        "behind": "(behind the back)",
        "nothing": "(nothing in play)",
        "spread": " (spread)",
        "seen": "seen: ",
    },
    "zh": {
        "top": "特普",
        "bottom": "波顿",
        "performer": "表演者看到的",
        "audience": "观众看到的",
        "behind": "（藏在背后）",
        "nothing": "（没有牌）",
        "spread": "（展开）",
        "seen": "看到：",
    },
}


def card_text(card: Card, face_up: bool = True) -> Text:
    """One card as styled text: its face, or its face in brackets on a back when face down."""
    if face_up:
        return Text(str(card), style=_RED if card.is_red else _BLACK)
    return Text(f"[{card}]", style=_BACK)


#: packets longer than this are drawn with their middle folded away
FOLD_ABOVE = 16
_KEEP = 6


def _shown_positions(size: int, keep: set[int]) -> list[int | None]:
    """Positions to draw, ``None`` standing for a folded run, keeping ends and ``keep``."""
    if size <= FOLD_ABOVE:
        return list(range(size))
    wanted = set(range(_KEEP)) | set(range(size - _KEEP, size)) | keep
    out: list[int | None] = []
    for i in range(size):
        if i in wanted:
            out.append(i)
        elif out and out[-1] is not None:
            out.append(None)
    return out


def _fold(row: Text, positions: list[int | None], i: int, size: int, lang: str) -> None:
    nxt = next((p for p in positions[i + 1 :] if p is not None), size)
    prev = next((p for p in reversed(positions[:i]) if p is not None), -1)
    hidden = nxt - prev - 1
    row.append(f"…{hidden}张…" if lang == "zh" else f"…{hidden} more…", style="dim")
    row.append(" ")


#: a held break, as the views draw it
BREAK_MARK = Words("╎brk╎", zh="╎布雷克╎")
#: how a card the move just moved is drawn beside the others
_MOVED = "underline"


def _row(
    s: DeckState, place: str, lang: str, ends: bool = True, moved: frozenset[int] = frozenset()
) -> Text:
    words = _WORDS[lang]
    packet = s.packets[place]
    depth = s.breaks.get(place)
    row = Text()
    if ends:
        row.append(f"{words['top']} ", style="dim")  # dim for the label only, never the cards
    keep = {depth - 1, depth} if depth else set()
    up = [i for i, b in enumerate(packet) if b & FACE_UP]
    down = [i for i, b in enumerate(packet) if not b & FACE_UP]
    keep.update(up if len(up) < len(down) else down)  # reversed cards are never folded away
    positions = _shown_positions(len(packet), keep)
    for k, i in enumerate(positions):
        if i is None:
            _fold(row, positions, k, len(packet), lang)
            continue
        if i == depth:
            row.append(BREAK_MARK.get(lang) + " ", style=_BREAK)
        b = packet[i]
        drawn = card_text(CARDS[b & CODE_MASK], bool(b & FACE_UP))
        if b & CODE_MASK in moved:
            drawn.stylize(_MOVED)
        row.append_text(drawn)
        row.append(" ")
    if ends:
        row.append(words["bottom"], style="dim")
    else:
        row.rstrip()
    return row


def performer_cards(
    s: DeckState, place: str, lang: str = "en", moved: frozenset[int] = frozenset()
) -> Text:
    """The cards at ``place`` as the performer's view draws them, top first, without the
    ``top``/``bottom`` labels (the compact rehearsal's row); ``moved`` cards are underlined."""
    return _row(s, place, lang, ends=False, moved=moved)


def audience_cards(s: DeckState, place: str, seen: frozenset[int], lang: str = "en") -> Text:
    """The cards at ``place`` as the audience sees them, top first, without the labels."""
    return _audience_row(s, place, seen, lang, ends=False)


def _audience_row(
    s: DeckState, place: str, seen: frozenset[int], lang: str, ends: bool = True
) -> Text:
    words = _WORDS[lang]
    packet = s.packets[place]
    spread = s.spread.get(place) == "audience"
    row = Text()
    if ends:
        row.append(f"{words['top']} ", style="dim")  # dim for the label only, never the cards
    keep = {i for i, b in enumerate(packet) if b & CODE_MASK in seen or (spread and b & FACE_UP)}
    positions = _shown_positions(len(packet), keep)
    for k, i in enumerate(positions):
        if i is None:
            _fold(row, positions, k, len(packet), lang)
            continue
        b = packet[i]
        code = b & CODE_MASK
        in_view = spread or i == 0
        if code in seen or (in_view and b & FACE_UP):
            row.append_text(card_text(CARDS[code]))
        elif in_view:
            row.append("▒▒", style=_BACK)
        else:
            row.append("··", style=_HIDDEN)
        row.append(" ")
    if ends:
        row.append(words["bottom"], style="dim")
    else:
        row.rstrip()
    return row


def _title(s: DeckState, place: str, lang: str) -> str:
    title = label(place, lang)
    if place in s.spread:
        title += _WORDS[lang]["spread"]
    return title


def performer_view(s: DeckState, lang: str = "en") -> RenderableType:
    """Every packet as it really is (as plain notation on a narrow terminal)."""
    return _Narrowable(_performer_panel(s, lang), lambda: _performer_plain(s, lang))


def _performer_panel(s: DeckState, lang: str) -> RenderableType:
    words = _WORDS[lang]
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    for place in s.places():
        title = _title(s, place, lang)
        row = _row(s, place, lang)
        if place not in visible_places(s):
            row.append(" " + words["behind"], style="italic")
        grid.add_row(title, row)
    if not s.packets:
        grid.add_row(words["nothing"], "")
    return Panel(grid, title=words["performer"], title_align="left", expand=False)


def audience_view(s: DeckState, shown: Iterable[int] = (), lang: str = "en") -> RenderableType:
    """What the audience can see; ``shown`` adds faces flashed by the moves just made (as plain
    notation on a narrow terminal)."""
    shown = frozenset(shown)
    return _Narrowable(_audience_panel(s, shown, lang), lambda: _audience_plain(s, shown, lang))


def _audience_panel(s: DeckState, shown: frozenset[int], lang: str) -> RenderableType:
    words = _WORDS[lang]
    in_view = visible(s)
    seen = in_view | frozenset(shown)
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    in_front = visible_places(s)
    for place in s.places():
        # a packet shows only the faces in view now; faces seen earlier in the step are listed
        # below, not placed, since the audience does not know where they went
        if place in in_front:
            grid.add_row(_title(s, place, lang), _audience_row(s, place, in_view, lang))
        else:
            grid.add_row(_title(s, place, lang), Text(words["behind"], style="italic"))
    if seen:
        faces = Text()
        faces.append(words["seen"], style="dim")
        for code in sorted(seen):
            faces.append_text(card_text(CARDS[code]))
            faces.append(" ")
        grid.add_row("", faces)
    return Panel(grid, title=words["audience"], title_align="left", expand=False)


def both_views(s: DeckState, shown: Iterable[int] = (), lang: str = "en") -> RenderableType:
    """The performer's and the audience's view, one above the other."""
    return Group(performer_view(s, lang), audience_view(s, shown, lang))


#: below this many columns the views are drawn as plain notation, one place to a paragraph,
#: rather than as panels whose cards would be cut
NARROW = 40


class _Narrowable:
    """``wide`` where there is room for it, else ``narrow()``."""

    def __init__(self, wide: RenderableType, narrow: Callable[[], RenderableType]) -> None:
        self.wide = wide
        self.narrow = narrow

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.wide if options.max_width >= NARROW else self.narrow()


def _performer_plain(s: DeckState, lang: str) -> RenderableType:
    words = _WORDS[lang]
    parts: list[RenderableType] = [Text(words["performer"], style="bold underline")]
    for place in s.places():
        title = _title(s, place, lang)
        if place not in visible_places(s):
            title += " " + words["behind"]
        parts.append(Text(title, style="bold"))
        parts.append(Paragraph(packet_text(s.packets[place], s.breaks.get(place)), "  "))
    if not s.packets:
        parts.append(Text(words["nothing"]))
    return Group(*parts)


def _audience_plain(s: DeckState, shown: frozenset[int], lang: str) -> RenderableType:
    words = _WORDS[lang]
    in_view = visible(s)
    parts: list[RenderableType] = [Text(words["audience"], style="bold underline")]
    in_front = visible_places(s)
    for place in s.places():
        parts.append(Text(_title(s, place, lang), style="bold"))
        if place not in in_front:
            parts.append(Paragraph(words["behind"], "  "))
            continue
        spread = s.spread.get(place) == "audience"
        tokens = []
        for i, b in enumerate(s.packets[place]):
            code = b & CODE_MASK
            if code in in_view or ((spread or i == 0) and b & FACE_UP):
                tokens.append(CARDS[code].ascii)
            else:
                tokens.append("##" if spread or i == 0 else "..")
        parts.append(Paragraph(" ".join(tokens), "  "))
    seen = in_view | shown
    if seen:
        parts.append(Paragraph(" ".join(CARDS[c].ascii for c in sorted(seen)), words["seen"]))
    return Group(*parts)
