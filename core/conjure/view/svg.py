"""Cards, packets and places drawn as SVG: the one drawing module behind the storyboard and the
replay pages.

Three layers, each a function returning SVG text:

- :func:`card` draws one card in one :class:`Look`: its ``FACE``; its ``BACK``; an ``XRAY``
  (a back with the card's index on it: the performer's view of a face-down card); or an
  ``EDGE`` (a card whose face and back nobody can see, under the top of a squared packet).
- :func:`packet` draws a packet as a fan (top card at the left and fully clear, each card below
  tucked under its neighbour with its right-hand index showing) or as a squared stack (the top
  card clear, the cards below as edges), with a little-finger break as a visible gap.
- :func:`scene` lays places out in rows: the spectator at the top, the table (green) in the
  middle, the performer's hands at the bottom; a game's seats the same way.

:func:`performer_scene` and :func:`audience_scene` draw a :class:`~conjure.deck.DeckState` the
way the two views of :mod:`conjure.view.terminal` print it. Everything a page needs is inline:
the suit shapes and the card back are SVG definitions (:func:`defs`), the fonts are the
reader's own (a list of common Latin and Chinese families), so a page opens without a network.

Every card drawn inside a place is a ``<g class="card">`` inside that place's
``<g class="place" data-place=…>``, so a test can count what was drawn.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from typing import Final

import attrs

from conjure.deck import Card, DeckState, label, owner, visible
from conjure.text import Text

#: a card's size in SVG units (pixels at 100 %)
CARD_W: Final = 50
CARD_H: Final = 70
#: the distance between neighbours in a fan, and the smallest it is squeezed to
FAN_STEP: Final = 17
FAN_MIN: Final = 2
#: the room a little-finger break opens between the cards above it and those below
BREAK_GAP: Final = 12
#: cards kept at full spacing at each end of a long fan
KEEP_ENDS: Final = 6

FACE: Final = "face"
BACK: Final = "back"
XRAY: Final = "xray"
EDGE: Final = "edge"

#: which top corners carry a card's index
BOTH: Final = "both"
RIGHT: Final = "right"
NONE: Final = "none"

FONTS: Final = (
    "'DejaVu Sans', 'Liberation Sans', Arial, 'Noto Sans CJK SC', 'WenQuanYi Micro Hei', "
    "'PingFang SC', 'Microsoft YaHei', sans-serif"
)
RED: Final = "#c62828"
BLACK: Final = "#1b1b1b"
BREAK_COLOUR: Final = "#c2185b"
#: the frame round a place the move just changed
MARK_COLOUR: Final = "#f9a825"

_RANK_INDEX: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

# The four suits on a 100 x 100 box, drawn once per page and used by reference.
_SUIT_PATHS: Final = {
    "S": "M50 4C44 24 6 38 9 64C12 84 38 86 46 70L38 96H62L54 70C62 86 88 84 91 64"
    "C94 38 56 24 50 4Z",
    "H": "M50 92C22 68 2 50 8 28C14 6 42 6 50 28C58 6 86 6 92 28C98 50 78 68 50 92Z",
    "C": "M46 56L38 96H62L54 56ZM50 10A19 19 0 1 1 49.9 10ZM28 42A19 19 0 1 1 27.9 42Z"
    "M72 42A19 19 0 1 1 71.9 42Z",
    "D": "M50 3L88 50L50 97L12 50Z",
}

_WORDS: Final = {
    "behind": Text("behind the back", zh="藏在背后"),
    "untouched": Text("untouched", zh="没有动过"),
    "spread": Text("spread", zh="展开"),
    "empty": Text("empty", zh="空"),
    "break": Text("break", zh="布雷克"),
    "joker": Text("JOKER", zh="王"),
}


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def defs() -> str:
    """The shared definitions every drawing refers to: suit shapes and the card back. A page
    includes them once (in a hidden ``<svg>``); a standalone drawing includes them itself."""
    suits = "".join(
        f'<symbol id="cj-{s}" viewBox="0 0 100 100"><path d="{d}"/></symbol>'
        for s, d in _SUIT_PATHS.items()
    )
    back = (
        '<pattern id="cj-back" width="8" height="8" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)"><rect width="8" height="8" fill="#1f4e9c"/>'
        '<path d="M0 0H8M0 0V8" stroke="#6d93d6" stroke-width="1.6"/></pattern>'
    )
    return f"<defs>{suits}{back}</defs>"


def style() -> str:
    """The CSS the drawings use (fonts and the classes of text)."""
    return (
        f"svg.cj{{font-family:{FONTS}}}"
        ".cj .title{font-size:12px;fill:#333}"
        ".cj .note{font-size:11px;fill:#555;font-style:italic}"
        ".cj .count{font-size:10px;fill:#555}"
        ".cj .brk{font-size:9px;fill:" + BREAK_COLOUR + "}"
    )


# -- one card -------------------------------------------------------------------------------------


def _pip(suit: str, x: float, y: float, size: float, colour: str) -> str:
    return (
        f'<use href="#cj-{suit}" x="{x:g}" y="{y:g}" width="{size:g}" height="{size:g}" '
        f'fill="{colour}"/>'
    )


def _corner(c: Card, x: float, anchor: str, colour: str, lang: str) -> str:
    """One index: the rank above the suit (a joker's name down the side)."""
    if c.is_joker:
        word = ("大王" if c.is_red else "小王") if lang == "zh" else "JOKER"
        glyphs = "".join(
            f'<text x="{x:g}" y="{12 + 11 * i}" text-anchor="{anchor}" font-weight="700" '
            f'font-size="10" fill="{colour}">{_e(ch)}</text>'
            for i, ch in enumerate(word)
        )
        return glyphs
    rank = _RANK_INDEX[c.rank - 1]
    pip_x = x - 4.5 if anchor == "middle" else (x if anchor == "start" else x - 9)
    squeeze = ' letter-spacing="-1"' if rank == "10" else ""
    return (
        f'<text x="{x:g}" y="13" text-anchor="{anchor}" font-size="12" font-weight="700" '
        f'fill="{colour}"{squeeze}>'
        f"{rank}</text>" + _pip(c.suit or "S", pip_x, 16, 9, colour)
    )


def _corners(c: Card, index: str, colour: str, lang: str) -> str:
    out = ""
    if index == BOTH:
        out += _corner(c, 6, "middle", colour, lang)
    if index in (BOTH, RIGHT):
        out += _corner(c, CARD_W - 6, "middle", colour, lang)
    return out


def _face(c: Card, lang: str, index: str, whole: bool) -> str:
    colour = RED if c.is_red else BLACK
    parts = [
        f'<rect width="{CARD_W}" height="{CARD_H}" rx="4" fill="#fff" stroke="#8a8a8a"/>',
        _corners(c, index, colour, lang),
    ]
    if c.is_joker:
        parts.append(
            f'<circle cx="{CARD_W / 2:g}" cy="{CARD_H / 2:g}" r="11" fill="{colour}" '
            'opacity="0.85"/>'
        )
    else:
        suit = c.suit or "S"
        if c.rank > 10:
            parts.append(
                f'<rect x="13" y="16" width="24" height="38" rx="2" fill="none" '
                f'stroke="{colour}" stroke-width="0.8"/>'
                f'<text x="{CARD_W / 2:g}" y="42" text-anchor="middle" font-size="20" '
                f'font-weight="700" fill="{colour}">{_RANK_INDEX[c.rank - 1]}</text>'
            )
            parts.append(_pip(suit, 19, 44, 12, colour))
        else:
            parts.append(_pip(suit, 13, 21, 24, colour))
    if lang == "zh" and whole and not c.is_joker:
        parts.append(
            f'<text x="{CARD_W / 2:g}" y="{CARD_H - 5}" font-size="9" text-anchor="middle" '
            f'fill="{colour}">{_e(c.zh)}</text>'
        )
    return "".join(parts)


def _back() -> str:
    return (
        f'<rect width="{CARD_W}" height="{CARD_H}" rx="4" fill="#fff" stroke="#8a8a8a"/>'
        f'<rect x="3" y="3" width="{CARD_W - 6}" height="{CARD_H - 6}" rx="2" '
        'fill="url(#cj-back)"/>'
    )


def _xray(c: Card, lang: str, index: str) -> str:
    """A back with the card's index on a white tag in the top corners."""
    if index == NONE:
        return _back()
    colour = RED if c.is_red else BLACK
    xs = (-0.5, CARD_W - 12.5) if index == BOTH else (CARD_W - 12.5,)
    tags = "".join(
        f'<rect x="{x}" y="2" width="13" height="{58 if c.is_joker else 26}" rx="2" '
        'fill="#fff" opacity="0.92"/>'
        for x in xs
    )
    return _back() + tags + _corners(c, index, colour, lang)


def _edge() -> str:
    return f'<rect width="{CARD_W}" height="{CARD_H}" rx="4" fill="#e9e6df" stroke="#9a968c"/>'


def _body(c: Card | None, look: str, index: str, whole: bool, lang: str) -> str:
    if look == FACE and c is not None:
        return _face(c, lang, index, whole)
    if look == XRAY and c is not None:
        return _xray(c, lang, index)
    if look == EDGE or (c is None and look != BACK):
        return _edge()
    return _back()


class Sheet:
    """The card drawings one page uses, each defined once and drawn by reference: a replay of
    hundreds of positions stays small. A drawing made without a sheet carries its cards
    inline."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang
        self._symbols: dict[str, str] = {}

    def use(self, c: Card | None, look: str, index: str, whole: bool) -> str:
        """A reference to the drawing of ``c`` in this look, defining it the first time."""
        # short ids, each drawing a group at the card's own size: a card drawn is then only
        # <use href="#…"/>, which keeps a page of hundreds of positions small
        if look in (BACK, EDGE) or c is None:
            key = f"c{look[0]}"
        else:
            key = f"c{look[0]}{index[0]}{'w' if whole and look == FACE else ''}{c.ascii}"
        if key not in self._symbols:
            body = _body(c, look, index, whole, self.lang)
            self._symbols[key] = f'<g id="{key}">{body}</g>'
        return f'<use href="#{key}"/>'

    def defs(self) -> str:
        """:func:`defs` and every card drawing used so far, in a ``<svg>`` that takes no
        room on a page."""
        return (
            '<svg class="cj" width="0" height="0" style="position:absolute" aria-hidden="true">'
            f"{defs()}<defs>{''.join(self._symbols.values())}</defs></svg>"
        )


def card(
    c: Card | None,
    look: str = FACE,
    x: float = 0,
    y: float = 0,
    lang: str = "en",
    index: str = BOTH,
    whole: bool = True,
    sheet: Sheet | None = None,
    titled: bool = True,
) -> str:
    """One card at ``(x, y)``: its face, back, x-ray (back and index) or edge, with its index
    in ``BOTH`` top corners, the ``RIGHT`` one only (in a fan, where the right strip shows), or
    ``NONE`` (a card squeezed into a long fan). ``whole`` is false for a card partly under
    another: the name written across its foot is left out. With a ``sheet`` the drawing is a
    reference to the sheet's definition."""
    if sheet is not None:
        body = sheet.use(c, look, index, whole)
    else:
        body = _body(c, look, index, whole, lang)
    data = f' data-card="{c.ascii}"' if c is not None else ""
    title = ""
    if c is not None and titled:
        name = c.zh if lang == "zh" else c.en
        title = f"<title>{_e(name)}{_e(' (face down)' if look in (BACK, XRAY) else '')}</title>"
    at = f"{x:g}" if y == 0 else f"{x:g},{y:g}"
    return f'<g class="card {look}"{data} transform="translate({at})">{title}{body}</g>'


# -- packets --------------------------------------------------------------------------------------


@attrs.frozen
class Seen:
    """One card of a packet as a view draws it: the card (``None`` when the view cannot tell
    which card it is) and its :data:`FACE` / :data:`BACK` / :data:`XRAY` / :data:`EDGE` look."""

    card: Card | None
    look: str


def _fan_steps(looks: Sequence[Seen], break_at: int | None, max_width: float) -> list[float]:
    """The distance from each card to the next. A fan wider than ``max_width`` is squeezed in
    the middle first, not at its ends, at a break, or at a card that faces the other way from
    its neighbours; if that is not enough, evenly (never below :data:`FAN_MIN`)."""
    n = len(looks)
    steps = [float(FAN_STEP)] * max(0, n - 1)
    if n < 2:
        return steps
    keep = [i < KEEP_ENDS or i >= n - KEEP_ENDS - 1 for i in range(n)]
    for i in range(n):
        if break_at is not None and i in (break_at - 1, break_at):
            keep[i] = True
        others = [looks[j].look for j in (i - 1, i + 1) if 0 <= j < n]
        if others and all(o != looks[i].look for o in others):
            keep[i] = keep[max(0, i - 1)] = True
    gap = CARD_W + BREAK_GAP if break_at else 0.0
    gaps = [i for i in range(n - 1) if i != (break_at or 0) - 1]
    width = CARD_W + gap + FAN_STEP * len(gaps)
    squeezable = [i for i in gaps if not keep[i]]
    if width > max_width and squeezable:
        room = max_width - (width - FAN_STEP * len(squeezable))
        step = max(FAN_MIN, room / len(squeezable))
        for i in squeezable:
            steps[i] = step
    if CARD_W + gap + sum(steps[i] for i in gaps) > max_width and gaps:
        even = max(FAN_MIN, (max_width - CARD_W - gap) / len(gaps))
        for i in gaps:
            steps[i] = min(steps[i], even)
    if break_at:
        # the cards above the break stand apart from those below: a visible gap
        steps[break_at - 1] = gap
    return steps


def packet(
    looks: Sequence[Seen],
    fanned: bool = True,
    break_at: int | None = None,
    max_width: float = 520,
    lang: str = "en",
    sheet: Sheet | None = None,
    titled: bool = True,
) -> tuple[str, float, float]:
    """A packet, top card first, as ``(svg, width, height)`` with its origin at the top left
    (``titled``: each card carries its name as a tooltip)."""
    n = len(looks)
    if n == 0:
        empty = (
            f'<rect width="{CARD_W}" height="{CARD_H}" rx="4" fill="none" stroke="#b9b9b9" '
            'stroke-dasharray="4 3"/>'
        )
        return empty, CARD_W, CARD_H
    if fanned:
        steps = _fan_steps(looks, break_at, max_width)
        xs = [0.0]
        for s in steps:
            xs.append(xs[-1] + s)
        ys = [0.0] * n
        # each card's right strip shows (the last card shows whole): its right index reads
        # there; a strip too narrow for an index shows none
        index = [RIGHT if i == n - 1 or steps[i] >= 11 else NONE for i in range(n)]
    else:
        depth = min(0.5, 8 / n)
        xs = [i * depth for i in range(n)]
        ys = list(xs)
        index = [BOTH] * n
    # the bottom card first, so the top card is drawn last and lies clear
    whole = [i == 0 or xs[i] - xs[i - 1] >= CARD_W for i in range(n)]
    body = [
        card(looks[i].card, looks[i].look, xs[i], ys[i], lang, index[i], whole[i], sheet, titled)
        for i in reversed(range(n))
    ]
    if fanned and break_at:
        x = xs[break_at] - BREAK_GAP / 2
        body.append(
            f'<g class="break" data-depth="{break_at}">'
            f'<line x1="{x:g}" y1="-3" x2="{x:g}" y2="{CARD_H + 3}" stroke="{BREAK_COLOUR}" '
            'stroke-width="2" stroke-dasharray="3 2"/>'
            f'<text class="brk" x="{x:g}" y="{CARD_H + 13}" text-anchor="middle">'
            f"{_e(_WORDS['break'].get(lang))}</text></g>"
        )
    height = CARD_H + ys[-1] + (14 if fanned and break_at else 0)
    return "".join(body), xs[-1] + CARD_W, height


# -- places and scenes ----------------------------------------------------------------------------

#: rows of a scene, top to bottom
SPECTATOR_ROW: Final = "spectator"
TABLE_ROW: Final = "table"
PERFORMER_ROW: Final = "performer"


@attrs.frozen
class Spot:
    """One place as a scene draws it: its id, title, cards, and how they lie."""

    place: str
    title: str
    cards: tuple[Seen, ...]
    row: str = TABLE_ROW
    fanned: bool = True
    break_at: int | None = None
    #: a remark under the title ("behind the back")
    note: str = ""
    #: the cards are out of the view's sight: none is drawn, only the note
    hidden: bool = False
    #: the place changed in the move just made: drawn with a coloured frame
    changed: bool = False
    #: a place no move touches: drawn as a squared packet of a few cards, its count in the title
    folded: bool = False


def _text_width(text: str, size: float) -> float:
    """About how wide ``text`` is at ``size`` px: Chinese characters are square, the rest
    narrower."""
    wide = sum(1 for ch in text if ord(ch) > 0x2E80)
    return size * (wide + 0.6 * (len(text) - wide))


def _cell(
    spot: Spot, max_width: float, lang: str, sheet: Sheet | None, titled: bool = True
) -> tuple[str, float, float]:
    drawn = () if spot.hidden else spot.cards[:FOLDED_CARDS] if spot.folded else spot.cards
    if spot.hidden:
        body, w, h = "", 120.0, 16.0
    elif spot.folded:
        body, w, h = packet(drawn, False, None, max_width, lang, sheet, titled)
    else:
        body, w, h = packet(drawn, spot.fanned, spot.break_at, max_width, lang, sheet, titled)
    count = "" if spot.hidden else f" · {len(spot.cards)}"
    head = (
        f'<text class="title" x="0" y="11">{_e(spot.title)}'
        f'<tspan class="count">{_e(count)}</tspan></text>'
    )
    top = 18.0
    if spot.note:
        head += f'<text class="note" x="0" y="{top + 10:g}">{_e(spot.note)}</text>'
        top += 15
    title_w = _text_width(spot.title + count, 12)
    note_w = _text_width(spot.note, 11)
    width = max(w, title_w, note_w)
    frame = ""
    css = "place"
    if spot.changed:  # the place the move just changed
        css = "place changed"
        frame = (
            f'<rect class="mark" x="-5" y="-3" width="{width + 10:g}" height="{top + h + 7:g}" '
            f'rx="6" fill="#fff5d6" stroke="{MARK_COLOUR}" stroke-width="2"/>'
        )
    svg = (
        f'<g class="{css}" data-place="{_e(spot.place)}" data-drawn="{len(drawn)}">{frame}{head}'
        f'<g transform="translate(0,{top:g})">{body}</g></g>'
    )
    return svg, width, top + h


def scene(
    spots: Iterable[Spot],
    width: float = 540,
    lang: str = "en",
    view: str = "",
    rows: Sequence[str] = (SPECTATOR_ROW, TABLE_ROW, PERFORMER_ROW),
    sheet: Sheet | None = None,
    scale: float = 1.0,
) -> str:
    """Places laid out in ``rows`` (spectator, table, performer by default), left to right and
    wrapping, the table row on green felt; one ``<svg>`` of ``width`` and the height it needs.
    Without a ``sheet`` the drawing stands alone (its definitions and styles inside it);
    ``scale`` enlarges the whole drawing."""
    by_row: dict[str, list[Spot]] = {r: [] for r in rows}
    for spot in spots:
        by_row.setdefault(spot.row, []).append(spot)
    pad, gap = 10.0, 18.0
    parts: list[str] = []
    y = pad
    for row, row_spots in by_row.items():
        if not row_spots:
            continue
        top = y
        x, line_h = pad, 0.0
        cells: list[str] = []
        for spot in row_spots:
            svg, w, h = _cell(spot, width - 2 * pad, lang, sheet)
            if x > pad and x + w > width - pad:
                x, y = pad, y + line_h + gap
                line_h = 0.0
            cells.append(f'<g transform="translate({x:g},{y + 6:g})">{svg}</g>')
            x += w + gap
            line_h = max(line_h, h + 6)
        y += line_h
        if row == TABLE_ROW:
            parts.append(
                f'<rect class="felt" x="2" y="{top - 4:g}" width="{width - 4:g}" '
                f'height="{y - top + 12:g}" rx="10" fill="#dcebdc" stroke="#a9c7a9"/>'
            )
        parts.append(f'<g class="row" data-row="{_e(row)}">{"".join(cells)}</g>')
        y += gap + 4
    height = max(y, 40.0)
    head = "" if sheet is not None else defs() + f"<style>{style()}</style>"
    return (
        f'<svg class="cj scene" data-view="{_e(view)}" xmlns="http://www.w3.org/2000/svg" '
        f'width="{width * scale:g}" height="{height * scale:g}" '
        f'viewBox="0 0 {width:g} {height:g}">'
        f"{head}{''.join(parts)}</svg>"
    )


def spot_svg(
    spot: Spot, max_width: float, lang: str, sheet: Sheet | None, scale: float = 1.0
) -> str:
    """One place on its own ``<svg>`` (a seat's hand, a pile), as wide as it needs up to
    ``max_width``: a page lays such drawings out with its own styles (round a table, one
    under another on a phone). Its cards carry no tooltips, so a long replay stays small."""
    pad = 4.0
    body, w, h = _cell(spot, max_width, lang, sheet, titled=False)
    width, height = w + 2 * pad, h + 2 * pad
    return (
        f'<svg class="cj spot" xmlns="http://www.w3.org/2000/svg" width="{width * scale:g}" '
        f'height="{height * scale:g}" viewBox="0 0 {width:g} {height:g}">'
        f'<g transform="translate({pad:g},{pad:g})">{body}</g></svg>'
    )


# -- the two views of a deck state ----------------------------------------------------------------


def _row_of(place: str) -> str:
    who = owner(place)
    return TABLE_ROW if who is None else (SPECTATOR_ROW if who == "spectator" else PERFORMER_ROW)


def _title(s: DeckState, place: str, lang: str) -> str:
    title = label(place, lang)
    if place in s.spread:
        title += f" ({_WORDS['spread'].get(lang)})"
    return title


def _hidden_from_audience(s: DeckState, place: str) -> bool:
    who = owner(place)
    return who is not None and who in s.behind


def _places(s: DeckState, also: Iterable[str]) -> list[str]:
    """The places to draw: those holding cards and ``also`` (kept so a layout stays put from
    one step to the next), hands first."""
    order = {"left": 0, "right": 1}
    wanted = set(s.places()) | set(also)
    return sorted(wanted, key=lambda p: (order.get(p, 2 if p.startswith("spectator") else 3), p))


#: how many cards of a folded place are drawn (squared, the top one showing)
FOLDED_CARDS: Final = 4


def _folded(spots: list[Spot], folded: Iterable[str], lang: str) -> list[Spot]:
    """``spots`` with the places in ``folded`` (places no move touches: the rest of a deck set
    aside) drawn as a squared packet of a few cards and said to be untouched."""
    fold = set(folded)
    untouched = _WORDS["untouched"].get(lang)
    return [
        attrs.evolve(spot, folded=True, note=spot.note or untouched)
        if spot.place in fold and not spot.hidden
        else spot
        for spot in spots
    ]


def performer_spots(
    s: DeckState, lang: str = "en", also: Iterable[str] = (), folded: Iterable[str] = ()
) -> list[Spot]:
    """Every packet as it really is, fanned so its order shows; face-down cards as backs with
    their index (the performer knows them). Places in ``folded`` are drawn squared, a few
    cards deep (:func:`_folded`)."""
    spots = []
    for place in _places(s, also):
        looks = tuple(Seen(c, FACE if up else XRAY) for c, up in s.faces(place))
        note = _WORDS["behind"].get(lang) if _hidden_from_audience(s, place) else ""
        spots.append(
            Spot(place, _title(s, place, lang), looks, _row_of(place), True,
                 s.breaks.get(place), note)
        )  # fmt: skip
    return _folded(spots, folded, lang)


def audience_spots(
    s: DeckState, lang: str = "en", also: Iterable[str] = (), folded: Iterable[str] = ()
) -> list[Spot]:
    """What the audience sees: a squared packet shows its top card (face or back) and its
    edges, a packet spread toward them every card (faces where face up); nothing of a packet
    behind a back. Places in ``folded`` are drawn squared, a few cards deep."""
    return _folded(_audience_spots(s, lang, also), folded, lang)


def _audience_spots(s: DeckState, lang: str, also: Iterable[str]) -> list[Spot]:
    seen = visible(s)
    spots = []
    for place in _places(s, also):
        faces = s.faces(place)
        title = _title(s, place, lang)
        if _hidden_from_audience(s, place):
            note = _WORDS["behind"].get(lang)
            spots.append(Spot(place, title, (), _row_of(place), note=note, hidden=True))
            continue
        # a packet spread toward the audience shows every face-up card; one spread toward the
        # performer shows the audience a fan of backs
        toward = s.spread.get(place)
        looks = []
        for i, (c, up) in enumerate(faces):
            if c.code in seen or (up and (toward == "audience" or i == 0)):
                looks.append(Seen(c, FACE))
            elif toward or i == 0:
                looks.append(Seen(None, BACK))
            else:
                looks.append(Seen(None, EDGE))
        spots.append(Spot(place, title, tuple(looks), _row_of(place), fanned=bool(toward)))
    return spots


def _marked(spots: list[Spot], changed: Iterable[str]) -> list[Spot]:
    """``spots`` with the places in ``changed`` marked."""
    marked = set(changed)
    return [attrs.evolve(spot, changed=True) if spot.place in marked else spot for spot in spots]


def performer_scene(
    s: DeckState,
    lang: str = "en",
    width: float = 540,
    also: Iterable[str] = (),
    sheet: Sheet | None = None,
    changed: Iterable[str] = (),
    folded: Iterable[str] = (),
) -> str:
    """The performer's view of ``s`` as one ``<svg>``."""
    spots = _marked(performer_spots(s, lang, also, folded), changed)
    return scene(spots, width, lang, "performer", sheet=sheet)


def audience_scene(
    s: DeckState,
    lang: str = "en",
    width: float = 540,
    also: Iterable[str] = (),
    sheet: Sheet | None = None,
    changed: Iterable[str] = (),
    folded: Iterable[str] = (),
) -> str:
    """The audience's view of ``s`` as one ``<svg>``."""
    spots = _marked(audience_spots(s, lang, also, folded), changed)
    return scene(spots, width, lang, "audience", sheet=sheet)


def cards_row(
    cards: Iterable[Card], lang: str = "en", css_class: str = "seen", sheet: Sheet | None = None
) -> str:
    """A small ``<svg>`` of faces side by side (the faces seen during a step, a trick)."""
    faces = list(cards)
    w = max(1, len(faces)) * (CARD_W + 4)
    body = "".join(
        card(c, FACE, i * (CARD_W + 4), 0, lang, sheet=sheet).replace(
            'class="card ', 'class="seen-card ', 1
        )
        for i, c in enumerate(faces)
    )
    return (
        f'<svg class="cj {css_class}" xmlns="http://www.w3.org/2000/svg" width="{w}" '
        f'height="{CARD_H + 2}" viewBox="0 0 {w} {CARD_H + 2}">{body}</svg>'
    )
