"""The ``conjure`` command line.

One module per command area (:mod:`~conjure.cli.deck`, :mod:`~conjure.cli.routines`,
:mod:`~conjure.cli.games`, :mod:`~conjure.cli.plugins`), each command's arguments next to its
handler. One error boundary, here: a :class:`~conjure.errors.ConjureError` becomes one line on
stderr and the error's exit code (the table is in :mod:`conjure.errors`); ``--debug`` shows the
traceback before that line (and each broken plugin's after its warning), with the same exit
code. Ctrl-C, SIGINT and SIGTERM end any command with exit code 130, after one line saying what
a long run had covered. Commands whose result is data take ``--json``.
"""

from __future__ import annotations

import argparse
import contextlib
import signal
import sys
import traceback
from collections.abc import Iterator, Sequence
from typing import Any

from conjure import __version__, interrupts
from conjure.cli import deck, games, moves, pictures, plugins, routines, trainer
from conjure.cli.common import DEBUG, Parser, default_lang, json_only, localise
from conjure.errors import (
    EXIT_INTERNAL,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_USAGE,
    ConjureError,
    Interrupted,
    said,
)
from conjure.text import LANGUAGES, Text

#: the command areas, in the order their commands are listed
AREAS = (plugins, deck, moves, routines, games, trainer, pictures)


def build_parser(lang: str | None = None, help_lang: str | None = None) -> argparse.ArgumentParser:
    """The whole command line. ``lang`` is the language every command speaks unless its own
    ``--lang`` says otherwise (``conjure --lang zh COMMAND``); by default English, or
    ``CONJURE_LANG``. The helps speak ``help_lang`` (by default the same)."""
    parser = Parser(
        prog="conjure",
        description=Text(
            "Rehearse card routines, verify that they always work, play card games.",
            zh="排练纸牌魔术流程，验证它们总能成功，玩纸牌游戏。",
        ),
    )
    parser.add_argument("--version", action="version", version=f"conjure {__version__}")
    parser.add_argument(
        "--debug", action="store_true", help=Text("show tracebacks on errors", zh="出错时显示回溯")
    )
    parser.add_argument(
        "--lang",
        dest="global_lang",
        choices=LANGUAGES,
        help=Text(
            "language for the command that follows (the same as its own --lang)",
            zh="后面的命令所用的语言（与命令自己的 --lang 相同）",
        ),
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for area in AREAS:
        area.add_parsers(sub)
    language = lang if lang in LANGUAGES else default_lang()
    for command in _all_commands(parser):
        # one default language for every command: English, CONJURE_LANG, or conjure --lang
        if command.get_default("lang") is not None:
            command.set_defaults(lang=language)
    localise(parser, help_lang if help_lang in LANGUAGES else language)
    return parser


def _all_commands(parser: argparse.ArgumentParser) -> Iterator[argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for command in action.choices.values():
                yield command
                yield from _all_commands(command)


def _error_lang(argv: Sequence[str]) -> str:
    """The language an error is said in: the last ``--lang`` on the line, else the default
    (an error may come before the line is understood, so it is read from the words)."""
    lang = None
    for i, word in enumerate(argv):
        if word == "--lang" and i + 1 < len(argv):
            lang = argv[i + 1]
        elif word.startswith("--lang="):
            lang = word.partition("=")[2]
    if lang in ("en", "zh"):
        return lang
    try:
        return default_lang()
    except ConjureError:
        return "en"


def _leading_lang(argv: Sequence[str]) -> str | None:
    """The value of a ``--lang`` written before the command name, if any."""
    for i, word in enumerate(argv):
        if word == "--lang":
            return argv[i + 1] if i + 1 < len(argv) else None
        if word.startswith("--lang="):
            return word.partition("=")[2]
        if not word.startswith("-"):
            return None  # the command name: options after it are the command's own
    return None


def commands_markdown() -> str:
    """The README's table of commands, written from the parser: every command with every
    option, so that the table cannot fall behind the code."""
    parser = build_parser("en")
    rows = ["| command | what it does |", "|---|---|"]
    for name, command, help_text in _commands(parser, "conjure"):
        usage = " ".join([name, *_synopsis(command)]).replace("|", "\\|")
        rows.append(f"| `{usage}` | {help_text} |")
    rows.append("| `conjure --version` | the installed version |")
    return "\n".join(rows)


def _commands(parser: argparse.ArgumentParser, prefix: str) -> Iterator[tuple[str, Any, str]]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {a.dest: a.help or "" for a in action._choices_actions}
            for name, command in action.choices.items():
                nested = [a for a in command._actions if isinstance(a, argparse._SubParsersAction)]
                if nested:
                    yield from _commands(command, f"{prefix} {name}")
                else:
                    yield f"{prefix} {name}", command, helps.get(name, "")


def _synopsis(command: argparse.ArgumentParser) -> list[str]:
    words = []
    for action in command._actions:
        if isinstance(action, argparse._HelpAction):
            continue
        if not action.option_strings:
            word = str(action.metavar or action.dest.upper())
            words.append(f"[{word}]" if action.nargs in ("?", "*") else word)
            continue
        flag = "/".join(sorted(action.option_strings, key=len))
        if action.nargs == 0:
            word = flag
        else:
            value = "|".join(map(str, action.choices)) if action.choices else None
            value = value or str(action.metavar or action.dest.upper())
            word = f"{flag} {value}"
            if isinstance(action, argparse._AppendAction):
                word += " ..."
        words.append(word if action.required else f"[{word}]")
    return words


@contextlib.contextmanager
def _sigterm_interrupts() -> Iterator[None]:
    """SIGTERM raises :class:`KeyboardInterrupt` like Ctrl-C does, so that a terminated command
    stops its workers and says what it had covered instead of vanishing; both are written
    down in :mod:`conjure.interrupts` as well."""

    def interrupt(signum: int, frame: object) -> None:
        interrupts.ask()  # remembered, should the exception be swallowed where it lands
        raise KeyboardInterrupt

    interrupts.clear()
    try:
        previous = signal.signal(signal.SIGTERM, interrupt)
    except ValueError:  # not the main thread: leave signals alone
        yield
        return
    # Ctrl-C too, unless it is ignored (a command started in the background keeps it so)
    ctrl_c = signal.getsignal(signal.SIGINT)
    if ctrl_c is signal.default_int_handler:
        signal.signal(signal.SIGINT, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
        if ctrl_c is signal.default_int_handler:
            signal.signal(signal.SIGINT, ctrl_c)


def _say(message: str) -> None:
    """One line on stderr, on a line of its own: a terminal may have echoed ``^C`` or hold an
    unanswered prompt."""
    if sys.stderr.isatty():
        message = "\n" + message
    print(message, file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code (see :mod:`conjure.errors` for the table).
    Under ``--debug`` an error's traceback is printed before its line, and the exit code is
    the same."""
    argv = list(sys.argv[1:] if argv is None else argv)
    debug = "--debug" in argv
    argv = [a for a in argv if a != "--debug"]  # accepted anywhere on the line
    token = DEBUG.set(debug)
    try:
        with _sigterm_interrupts():
            # the helps speak the language errors are said in: the last --lang on the line
            parser = build_parser(_leading_lang(argv), help_lang=_error_lang(argv))
            args = parser.parse_args(argv)
            args.debug = debug
            if args.command is None:  # a command is required: the help, and a usage exit
                parser.print_help(sys.stderr)
                return EXIT_USAGE
            handler: Any = args.handler
            with json_only() if getattr(args, "json", False) else contextlib.nullcontext():
                return int(handler(args))
    except ConjureError as exc:
        if debug:
            traceback.print_exc()
        print(f"conjure: error: {said(exc, _error_lang(argv))}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt as exc:
        covered = (
            f" {said(exc, _error_lang(argv))}" if isinstance(exc, Interrupted) and str(exc) else ""
        )
        _say(f"conjure: interrupted{covered}")
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        return EXIT_OK
    except Exception as exc:
        if debug:
            traceback.print_exc()
            print(f"conjure: internal error: {type(exc).__name__}: {exc}", file=sys.stderr)
            return EXIT_INTERNAL
        print(
            f"conjure: internal error: {type(exc).__name__}: {exc} (run with --debug for details)",
            file=sys.stderr,
        )
        return EXIT_INTERNAL
    finally:
        DEBUG.reset(token)
