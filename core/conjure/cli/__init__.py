"""The ``conjure`` command line.

One module per command area (:mod:`~conjure.cli.deck`, :mod:`~conjure.cli.routines`,
:mod:`~conjure.cli.games`, :mod:`~conjure.cli.plugins`), each command's arguments next to its
handler. One error boundary, here: a :class:`~conjure.errors.ConjureError` becomes one line on
stderr and the error's exit code; ``--debug`` shows the traceback instead. Commands whose result
is data take ``--json``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from conjure import __version__
from conjure.cli import deck, games, plugins, routines
from conjure.cli.common import EXIT_INTERNAL, EXIT_INTERRUPTED, EXIT_OK, Parser
from conjure.errors import ConjureError

#: the command areas, in the order their commands are listed
AREAS = (plugins, deck, routines, games)


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="conjure",
        description="Rehearse card routines, verify that they always work, play card games.",
    )
    parser.add_argument("--version", action="version", version=f"conjure {__version__}")
    parser.add_argument("--debug", action="store_true", help="show tracebacks on errors")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for area in AREAS:
        area.add_parsers(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code."""
    argv = list(sys.argv[1:] if argv is None else argv)
    debug = "--debug" in argv
    argv = [a for a in argv if a != "--debug"]  # accepted anywhere on the line
    try:
        args = build_parser().parse_args(argv)
        if args.command is None:
            build_parser().print_help()
            return EXIT_OK
        handler: Any = args.handler
        return int(handler(args))
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
