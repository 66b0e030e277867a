"""What every command area shares: the argument parser class, NAME=VALUE pairs, tables, JSON
and the plugin registry with its warnings."""

from __future__ import annotations

import argparse
import contextlib
import difflib
import io
import json
import math
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from contextvars import ContextVar
from typing import Any, TextIO

from conjure.errors import (
    EXIT_INTERNAL,
    EXIT_INTERRUPTED,
    EXIT_OK,
    ConjureError,
    UnknownNameError,
    UsageError,
)
from conjure.inputs import normalise, parse_int, quote
from conjure.text import Text

__all__ = [
    "DEBUG",
    "EXIT_INTERNAL",
    "EXIT_INTERRUPTED",
    "EXIT_OK",
    "LANG_HELP",
    "Handler",
    "OptionError",
    "Parser",
    "add_command",
    "default_lang",
    "int_params",
    "localise",
    "pairs",
    "print_json",
    "print_rows",
    "registry",
    "report_plugins",
    "whole",
]

#: a command's handler: the parsed arguments in, the exit code out
Handler = Callable[[argparse.Namespace], int]


class OptionError(ConjureError):
    """An option's value was refused while the command line was parsed (exit code 2).

    Not a :class:`ValueError`, so that argparse lets it through with its own words instead of
    "invalid int value"."""


_CHOICE = re.compile(
    r"argument (?P<arg>[^:]+): invalid choice: (?P<value>.+?) \(choose from (?P<choices>.*)\)"
)


#: argparse's own messages, and what they say in Chinese
_ARGPARSE = (
    (re.compile(r"unrecognized arguments: (?P<rest>.*)"), "无法识别的参数：{rest}"),
    (re.compile(r"the following arguments are required: (?P<rest>.*)"), "缺少必需的参数：{rest}"),
    (re.compile(r"argument (?P<arg>.+?): expected one argument"), "参数 {arg} 需要一个值"),
    (re.compile(r"argument (?P<arg>.+?): ignored explicit argument (?P<rest>.*)"),
     "参数 {arg} 不接受值 {rest}"),
    (re.compile(r"ambiguous option: (?P<arg>\S+) could match (?P<rest>.*)"),
     "选项 {arg} 有歧义，可能是 {rest}"),
)  # fmt: skip
_PARSE = {
    "unknown command": Text("unknown command {value}{hint}", zh="没有命令 {value}{hint}"),
    "did you mean": Text("; did you mean {close!r}?", zh="；是不是 {close!r}？"),
    "help lists": Text(" (conjure --help lists them)", zh="（conjure --help 列出全部命令）"),
    "not one of": Text("{arg}: {value} is not one of {choices}",
                       zh="{arg}：{value} 不是 {choices} 之一"),
}  # fmt: skip


def _argparse_said(message: str) -> Text:
    """One of argparse's messages, with its Chinese where it is one conjure knows."""
    for pattern, zh in _ARGPARSE:
        found = pattern.fullmatch(message)
        if found:
            return Text(message, zh=zh.format(**found.groupdict()))
    return Text(message)


#: where :class:`_Once` notes the options a parse has met (taken off the namespace after)
_GIVEN = "_conjure_given"


class _Once(argparse._StoreAction):
    """An option that takes a value and may be given once: argparse would keep the last of
    two silently, so that ``-n 3 -n 4`` ran 4 games and never said which it read."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        given = namespace.__dict__.setdefault(_GIVEN, {})
        # the words as typed, where a type read them (``1`` rather than the ``1.0`` read)
        typed = self.__dict__.pop("_typed", None)
        said = values if typed is None or isinstance(values, list) else typed
        if self.dest in given:
            flag = "/".join(self.option_strings)
            first, second = quote(str(given[self.dest])), quote(str(said))
            raise UsageError(
                Text(
                    f"{flag} is given twice ({first} and {second}): give it once",
                    zh=f"{flag} 给了两次（{first} 和 {second}）：只能给一次",
                )
            )
        given[self.dest] = said
        super().__call__(parser, namespace, values, option_string)


class Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors go through the same one-line boundary, as a
    :class:`~conjure.text.Text` (the command line says it in the chosen language); an option
    that takes one value is refused when it is given twice."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)  # a description may be a Text (see localise)
        self.register("action", None, _Once)
        self.register("action", "store", _Once)

    def parse_known_args(  # type: ignore[override]
        self, args: Any = None, namespace: Any = None
    ) -> tuple[argparse.Namespace, list[str]]:
        parsed, extras = super().parse_known_args(args, namespace)
        parsed.__dict__.pop(_GIVEN, None)
        return parsed, extras

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        """``argparse``'s, with a help that may be a Text (see :func:`localise`); an option
        that may be given once keeps the words its type read, to name them if repeated."""
        action = super().add_argument(*args, **kwargs)
        kind = action.type
        if isinstance(action, _Once) and callable(kind):

            def read(text: str, kind: Callable[[str], Any] = kind) -> Any:
                action.__dict__["_typed"] = text
                return kind(text)

            # argparse names a type by its name in its own errors ("invalid int value")
            read.__name__ = getattr(kind, "__name__", repr(kind))
            action.type = read
        return action

    def error(self, message: str) -> Any:
        found = _CHOICE.fullmatch(message)
        if found and found["arg"] == "COMMAND":
            value = found["value"].strip("'")
            commands = [c.strip("' ") for c in found["choices"].split(",")]
            close = difflib.get_close_matches(value, commands, n=1)
            hint = _PARSE["did you mean"].format(close=close[0]) if close else _PARSE["help lists"]
            raise UnknownNameError(_PARSE["unknown command"].format(value=quote(value), hint=hint))
        if found:
            choices = found["choices"].replace("'", "")
            said = _PARSE["not one of"].format(
                arg=found["arg"], value=found["value"], choices=choices
            )
        else:
            said = _argparse_said(message)
        # the top level needs no name: the error line already begins with "conjure:"
        where = "" if self.prog == "conjure" else f"{self.prog.removeprefix('conjure ')}: "
        raise UsageError(Text(where) + said)


#: argparse's own words in a command's help, and what they say in Chinese
_HELP_ZH = {
    "usage: ": "用法：",
    "positional arguments": "位置参数",
    "options": "选项",
    "show this help message and exit": "显示这份帮助并退出",
    "show program's version number and exit": "显示版本号并退出",
}


def localise(parser: argparse.ArgumentParser, lang: str) -> None:
    """Every help text of ``parser`` and of its commands in ``lang``: the helps written as
    :class:`~conjure.text.Text`, argparse's own headings and the usage line's prefix. The
    option names, metavars and choices stay as they are typed."""

    def said(en: str) -> str:
        return Text(en, zh=_HELP_ZH.get(en, "")).get(lang)

    class Formatter(argparse.HelpFormatter):
        def add_usage(self, usage: Any, actions: Any, groups: Any, prefix: Any = None) -> None:
            super().add_usage(usage, actions, groups, said("usage: ") if prefix is None else prefix)

        def format_help(self) -> str:
            # argparse ends a heading with ":"; a Chinese heading ends with "："
            said = super().format_help()
            for heading in ("positional arguments", "options"):
                zh = _HELP_ZH[heading]
                said = said.replace(f"\n{zh}:\n", f"\n{zh}：\n")
            return said

    def text(value: object) -> Any:
        """A help as argparse needs it: a string in ``lang`` (argparse's own words too)."""
        if isinstance(value, Text):
            return value.get(lang)
        return said(value) if isinstance(value, str) and value in _HELP_ZH else value

    parser.formatter_class = Formatter
    parser.description = text(parser.description)
    for group in parser._action_groups:
        group.title = text(group.title)
    for action in parser._actions:
        action.help = text(action.help)
        if isinstance(action, argparse._SubParsersAction):
            for choice in action._choices_actions:
                choice.help = text(choice.help)
            for command in action.choices.values():
                localise(command, lang)


#: the help of every ``--lang`` option
LANG_HELP = Text(
    "language of the text for people: en or zh (default: en, or $CONJURE_LANG)",
    zh="给人看的文字所用的语言：en 或 zh（默认 en，或 $CONJURE_LANG）",
)


def default_lang() -> str:
    """The language of text for people when ``--lang`` is not given: ``CONJURE_LANG`` when it is
    set (``en`` or ``zh``; anything else is a one-line error naming it), else English."""
    import os

    from conjure.text import LANGUAGES

    lang = os.environ.get("CONJURE_LANG", "").strip().lower()
    if not lang:
        return "en"
    if lang not in LANGUAGES:
        raise UsageError(
            f"CONJURE_LANG: {quote(lang)} is not a language conjure speaks "
            f"(allowed: {', '.join(LANGUAGES)})"
        )
    return lang


def add_lang(p: Any) -> None:
    """``--lang en|zh``; its default is set for every command at once (:func:`default_lang`)."""
    from conjure.text import LANGUAGES

    p.add_argument("--lang", choices=LANGUAGES, default="en", help=LANG_HELP)


def whole(what: str, low: int | None = None, high: int | None = None) -> Callable[[str], int]:
    """An argparse ``type`` for a whole number typed by a person: :func:`conjure.inputs.parse_int`
    with the range ``low``..``high``, the option ``what`` named in the error."""

    def convert(text: str) -> int:
        try:
            return parse_int(text, what, low, high)
        except UsageError as exc:
            raise OptionError(exc.text) from None

    return convert


def seconds(what: str, high: float = 3600.0) -> Callable[[str], float]:
    """An argparse ``type`` for a time in seconds typed by a person: a number above 0 and at
    most ``high``, the option ``what`` named in the error."""

    def convert(text: str) -> float:
        try:
            value = float(normalise(text).strip())
        except ValueError:
            value = math.nan
        if not 0 < value <= high:
            raise OptionError(
                Text(
                    f"{what}: {quote(text)} is not a number of seconds above 0 "
                    f"and at most {high:g}",
                    zh=f"{what}：{quote(text)}不是大于0且不超过{high:g}的秒数",
                )
            )
        return value

    return convert


def add_command(sub: Any, name: str, handler: Handler, **kwargs: Any) -> Parser:
    """A sub-command parser whose parsed arguments run ``handler``."""
    p: Parser = sub.add_parser(name, **kwargs)
    p.set_defaults(handler=handler)
    return p


def pairs(values: list[str] | None, what: str) -> dict[str, str]:
    """``NAME=VALUE`` items as a dict; ``what`` (the option) is named in an error. The sign may
    be pasted full-width (``＝``); a name given twice is refused, naming both values."""
    out: dict[str, str] = {}
    for item in values or []:
        name, sep, value = normalise(item).partition("=")
        name = name.strip()
        if not sep or not name:
            raise UsageError(
                Text(
                    f"{what} {quote(item)} is not NAME=VALUE",
                    zh=f"{what} {quote(item)} 不是 名称=值 的形式",
                )
            )
        if name in out:
            raise UsageError(
                Text(
                    f"{what} {name} is given twice ({quote(out[name])} and "
                    f"{quote(value.strip())}): give it once",
                    zh=f"{what} {name} 给了两次（{quote(out[name])} 和 {quote(value.strip())}）："
                    "只能给一次",
                )
            )
        out[name] = value.strip()
    return out


def int_params(values: list[str] | None, flag: str = "--param") -> dict[str, int]:
    """``NAME=VALUE`` items whose values are whole numbers."""
    return {name: parse_int(value, f"{flag} {name}") for name, value in pairs(values, flag).items()}


def print_rows(title: str, headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
    """A titled table of rows on stdout, the first column the ids people type: never cut, the
    other columns wrap first, and on a narrow terminal the rows become a list. Cells are plain
    strings (not markup) or :class:`rich.text.Text`."""
    from conjure.view.console import IdTable, make_console

    make_console().print(IdTable(title, headers, rows))


def print_json(data: Any) -> int:
    print(json.dumps(data, ensure_ascii=False, indent=2), file=command_stdout())
    return EXIT_OK


#: the command's own stdout while a --json command runs (:func:`json_only`)
_STDOUT: ContextVar[TextIO | None] = ContextVar("conjure_stdout", default=None)


def command_stdout() -> TextIO:
    """Where a command writes what it outputs: stdout, also under :func:`json_only`."""
    return _STDOUT.get() or sys.stdout


@contextlib.contextmanager
def json_only() -> Iterator[None]:
    """Under ``--json`` stdout is the JSON's alone: anything else printed to it while the
    command runs (a plugin's game printing from its moves, in this process or a forked worker)
    is kept off it, and named in one warning on stderr."""
    stray = io.StringIO()
    token = _STDOUT.set(sys.stdout)
    try:
        with contextlib.redirect_stdout(stray):
            yield
    finally:
        _STDOUT.reset(token)
        lines = stray.getvalue().splitlines()
        if lines:
            more = f" (and {len(lines) - 1} more lines)" if len(lines) > 1 else ""
            print(
                f"conjure: warning: printed to stdout while the command ran, kept off its JSON: "
                f"{lines[0]!r}{more}",
                file=sys.stderr,
            )


def registry() -> Any:
    """Every plugin loaded, each broken one and each refused registration named in a warning on
    stderr (:func:`report_plugins`)."""
    from conjure.plugins.host import load_plugins

    registry = load_plugins()
    report_plugins(registry, "warning")
    return registry


#: whether the running command was given ``--debug`` (set by :func:`conjure.cli.main`)
DEBUG: ContextVar[bool] = ContextVar("conjure_debug", default=False)


def report_plugins(registry: Any, level: str) -> int:
    """One line on stderr (``conjure: LEVEL: ...``) for each broken plugin and each id a plugin
    was refused, naming the plugin and its entry point; under ``--debug`` each line is followed
    by the traceback that explains it. What a plugin printed while it loaded is named in a
    warning of its own (it was kept off stdout, which is the command's). Returns how many
    problems there were (the warnings about what was printed are not problems)."""
    lines = 0
    for plugin in registry.plugins:
        for said in getattr(plugin, "output", ()):
            print(f"conjure: warning: {plugin.label} {said}", file=sys.stderr)
        problems = [(f" is skipped: {plugin.error}", plugin.trace)] if plugin.error else []
        traces = plugin.refused_traces or (None,) * len(plugin.refused)
        problems += [
            (f": {r}; its own is not used", t) for r, t in zip(plugin.refused, traces, strict=True)
        ]
        for problem, trace in problems:
            print(f"conjure: {level}: {plugin.label}{problem}", file=sys.stderr)
            if trace and DEBUG.get():
                print(trace.rstrip("\n"), file=sys.stderr)
            lines += 1
    return lines
