"""The ``conjure`` command line.

One error boundary: a :class:`~conjure.errors.ConjureError` becomes one line on stderr and the
error's exit code; ``--debug`` shows the traceback instead. Commands whose result is data take
``--json``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any

from conjure import __version__
from conjure.errors import ConjureError, NotationError
from conjure.places import check_place
from conjure.state import DeckState, decode, encode

EXIT_OK = 0
EXIT_INTERNAL = 70
EXIT_INTERRUPTED = 130

Command = Callable[[argparse.Namespace], int]
_COMMANDS: dict[str, Command] = {}


def command(name: str) -> Callable[[Command], Command]:
    def wrap(fn: Command) -> Command:
        _COMMANDS[name] = fn
        return fn

    return wrap


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors go through the same one-line boundary."""

    def error(self, message: str) -> Any:
        raise ConjureError(f"{self.prog}: {message}")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="conjure",
        description="Rehearse card routines, verify that they always work, play card games.",
    )
    parser.add_argument("--version", action="version", version=f"conjure {__version__}")
    parser.add_argument("--debug", action="store_true", help="show tracebacks on errors")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    p = sub.add_parser("plugins", help="list the plugins, their versions and what they provide")
    p.add_argument("--json", action="store_true", help="print the list as JSON")

    p = sub.add_parser("show", help="render a packet or a whole layout of cards")
    p.add_argument(
        "cards",
        metavar="CARDS",
        help='cards top first ("KS QH 10D", "黑桃K 红桃Q"), ^ after a card for face up, '
        'or a layout ("left: KS^ / QH; table: 2C")',
    )
    p.add_argument("--place", default="left", help="where a plain list of cards is held")
    p.add_argument(
        "--face-down", action="store_true", help="a plain list lies face down (default: face up)"
    )
    p.add_argument("--audience", action="store_true", help="also render the audience's view")
    p.add_argument("--lang", choices=("en", "zh"), default="en")
    p.add_argument("--json", action="store_true", help="print the layout as JSON")

    return parser


# -- commands ------------------------------------------------------------------------------


@command("plugins")
def _plugins(args: argparse.Namespace) -> int:
    from conjure.plugins import load_plugins

    registry = load_plugins()
    if args.json:
        rows = [
            {
                "name": p.name,
                "distribution": p.distribution,
                "version": p.version,
                "routines": list(p.routines),
                "games": list(p.games),
                "error": p.error,
            }
            for p in registry.plugins
        ]
        print(json.dumps(rows, ensure_ascii=False, indent=2))
        return EXIT_OK

    from rich.table import Table

    from conjure.render import make_console

    table = Table(title="conjure plugins", title_justify="left")
    for header in ("plugin", "distribution", "version", "provides"):
        table.add_column(header)
    for p in registry.plugins:
        if p.error:
            provides = f"[red]broken: {p.error}[/red]"
        else:
            parts = []
            if p.routines:
                parts.append("routines: " + ", ".join(p.routines))
            if p.games:
                parts.append("games: " + ", ".join(p.games))
            provides = "; ".join(parts) or "(nothing)"
        table.add_row(p.name, p.distribution, p.version, provides)
    make_console().print(table)
    return EXIT_OK


def layout_from_text(text: str, place: str = "left", face_down: bool = False) -> DeckState:
    """A layout (``"left: KS / QH; table: 2C"``) or a plain list of cards held at ``place``.

    A plain list without any ``^`` lies face up unless ``face_down``; with ``^`` marks the marks
    decide.
    """
    from conjure.cards import parse_packet

    if ":" in text:
        return DeckState.parse(text)
    check_place(place)
    pairs = parse_packet(text)
    if not pairs:
        raise NotationError("no cards given")
    if "^" not in text:
        pairs = [(card, not face_down) for card, _ in pairs]
    return DeckState({place: encode(pairs)})


def state_json(s: DeckState) -> dict[str, Any]:
    """A layout as JSON-ready data."""
    from conjure.audience import visible
    from conjure.cards import CARDS

    return {
        "places": {
            place: [{"card": c.ascii, "face_up": up} for c, up in decode(s.packets[place])]
            for place in s.places()
        },
        "breaks": dict(s.breaks),
        "spread": dict(s.spread),
        "behind": sorted(s.behind),
        "visible": [CARDS[c].ascii for c in sorted(visible(s))],
    }


@command("show")
def _show(args: argparse.Namespace) -> int:
    s = layout_from_text(args.cards, args.place, args.face_down)
    if args.json:
        print(json.dumps(state_json(s), ensure_ascii=False, indent=2))
        return EXIT_OK
    from conjure.render import audience_view, make_console, performer_view

    console = make_console()
    console.print(performer_view(s, args.lang))
    if args.audience:
        console.print(audience_view(s, lang=args.lang))
    return EXIT_OK


# -- the boundary -----------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code."""
    argv = list(sys.argv[1:] if argv is None else argv)
    debug = "--debug" in argv
    try:
        args = build_parser().parse_args(argv)
        if args.command is None:
            build_parser().print_help()
            return EXIT_OK
        return _COMMANDS[args.command](args)
    except ConjureError as exc:
        if debug:
            raise
        print(f"conjure: error: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("conjure: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        return EXIT_OK
    except Exception as exc:
        if debug:
            raise
        print(
            f"conjure: internal error: {type(exc).__name__}: {exc} (run with --debug for details)",
            file=sys.stderr,
        )
        return EXIT_INTERNAL
