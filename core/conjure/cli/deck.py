"""``conjure show``: a packet or a layout rendered, after moves written as text."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from conjure.cli.common import EXIT_OK, LANG_HELP, add_command, default_lang, print_json
from conjure.errors import NotationError, UsageError
from conjure.inputs import normalise, quote
from conjure.text import Text

if TYPE_CHECKING:
    from conjure.deck.state import DeckState

#: where a plain list of cards is held when ``--place`` is not given
DEFAULT_PLACE = "left"


def add_parsers(sub: Any) -> None:
    p = add_command(
        sub,
        "show",
        _show,
        help=Text("render a packet or a whole layout of cards", zh="画出一叠牌或整个牌局"),
    )
    p.add_argument(
        "cards",
        metavar="CARDS",
        help=Text(
            'cards top first ("KS QH 10D", "黑桃K 红桃Q"), face up unless --face-down, ^ after '
            "a card to show it face up in a face-down list; or a layout "
            '("left: KS^ / QH; table: 2C")',
            zh=(
                '从上到下的牌（"KS QH 10D"、"黑桃K 红桃Q"），除非加 '
                "--face-down 都表面向上，表面向下的一列中牌后加 ^ 表示"
                '这张表面向上；或一个牌局（"left: KS^ / QH; tabl'
                'e: 2C"）'
            ),
        ),
    )
    p.add_argument(
        "--place",
        help=Text(
            "where a plain list of cards is held (default: {place})",
            zh="一列牌拿在哪里（默认：{place}）",
        ).format(place=DEFAULT_PLACE),
    )
    p.add_argument(
        "--face-down",
        action="store_true",
        help=Text(
            "a plain list lies face down (default: face up); cards marked ^ still face up",
            zh="一列牌表面向下（默认表面向上）；标 ^ 的牌仍表面向上",
        ),
    )
    p.add_argument(
        "--move",
        action="append",
        metavar="MOVE",
        help=Text(
            'make a move first, e.g. "Peel left right 2", "Steal left right" (repeatable)',
            zh='先做一个动作，例如 "Peel left right 2"、"Steal left right"（可重复）',
        ),
    )
    p.add_argument(
        "--audience",
        action="store_true",
        help=Text("also render the audience's view", zh="同时画出观众看到的样子"),
    )
    p.add_argument("--lang", choices=("en", "zh"), default=default_lang(), help=LANG_HELP)
    p.add_argument(
        "--json", action="store_true", help=Text("print the layout as JSON", zh="以 JSON 输出牌局")
    )


def layout_from_text(text: str, place: str | None = None, face_down: bool = False) -> DeckState:
    """A layout (``"left: KS / QH; table: 2C"``) or a plain list of cards held at ``place``.

    In a layout every card is face down unless marked ``^``, and the places are named in the
    text, so ``place`` and ``face_down`` are refused with one. A plain list has a default
    orientation, face up (``face_down`` makes it face down), which every unmarked card keeps; a
    card marked ``^`` lies face up either way. (One ``^`` does not turn the other cards of the
    list over: a mark says something about its own card only.)
    """
    from conjure.deck.cards import parse_packet
    from conjure.deck.places import check_place
    from conjure.deck.state import DeckState

    text = normalise(text)
    if ":" in text:
        if place is not None or face_down:
            given = "--place" if place is not None else "--face-down"
            said = Text(
                "{given} applies to a plain list of cards; a layout names its places "
                "('left: …') and marks face-up cards with ^",
                zh="{given} 只用于一列牌；牌局自己写出位置（'left: …'），并用 ^ 标出表面向上的牌",
            )
            raise UsageError(said.format(given=given))
        return DeckState.parse(text)
    place = check_place(DEFAULT_PLACE if place is None else place)
    pairs = parse_packet(text)
    if not pairs:
        raise NotationError("no cards given: write cards top first, e.g. 'KS QH 10D'")
    cards = [card for card, _ in pairs]
    if doubled := sorted({c for c in cards if cards.count(c) > 1}, key=cards.index):
        named = ", ".join(map(str, doubled))
        raise NotationError(f"a card cannot be in two places: {named} in {quote(text)}")
    return DeckState.from_faces({place: [(card, up or not face_down) for card, up in pairs]})


def state_json(s: DeckState) -> dict[str, Any]:
    """A layout as JSON-ready data."""
    from conjure.deck.audience import visible
    from conjure.deck.cards import CARDS

    return {
        "places": {
            place: [{"card": c.ascii, "face_up": up} for c, up in s.faces(place)]
            for place in s.places()
        },
        "breaks": dict(s.breaks),
        "spread": dict(s.spread),
        "behind": sorted(s.behind),
        "visible": [CARDS[c].ascii for c in sorted(visible(s))],
    }


def _show(args: argparse.Namespace) -> int:
    from conjure.deck.moves import parse_move

    s = layout_from_text(args.cards, args.place, args.face_down)
    moves = [parse_move(text) for text in args.move or []]
    shown: set[int] = set()
    for move in moves:
        move.check(s)
        shown.update(move.shows(s))
        s.push(move)
    if args.json:
        data = state_json(s)
        data["moves"] = [m.describe(args.lang) for m in moves]
        return print_json(data)
    from conjure.view.console import Paragraph, make_console
    from conjure.view.terminal import audience_view, performer_view

    console = make_console()
    for move in moves:
        console.print(Paragraph(move.describe(args.lang), "• "))  # wrapped lines hang
    console.print(performer_view(s, args.lang))
    if args.audience:
        console.print(audience_view(s, shown, lang=args.lang))
    return EXIT_OK
