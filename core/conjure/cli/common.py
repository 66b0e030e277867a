"""What every command area shares: the argument parser class, NAME=VALUE pairs, tables, JSON
and the plugin registry with its warnings."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any

from conjure.errors import ConjureError

EXIT_OK = 0
EXIT_INTERNAL = 70
EXIT_INTERRUPTED = 130

#: a command's handler: the parsed arguments in, the exit code out
Handler = Callable[[argparse.Namespace], int]


class Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors go through the same one-line boundary."""

    def error(self, message: str) -> Any:
        raise ConjureError(f"{self.prog}: {message}")


def add_command(sub: Any, name: str, handler: Handler, **kwargs: Any) -> Parser:
    """A sub-command parser whose parsed arguments run ``handler``."""
    p: Parser = sub.add_parser(name, **kwargs)
    p.set_defaults(handler=handler)
    return p


def pairs(values: list[str] | None, what: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in values or []:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise ConjureError(f"{what} {item!r} is not NAME=VALUE")
        out[name.strip()] = value.strip()
    return out


def int_params(values: list[str] | None, flag: str = "--param") -> dict[str, int]:
    out = {}
    for name, value in pairs(values, flag).items():
        try:
            out[name] = int(value)
        except ValueError:
            raise ConjureError(f"{flag} {name}={value!r}: expected a whole number") from None
    return out


def print_rows(title: str, headers: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
    """A titled table of text rows on stdout."""
    from rich.table import Table

    from conjure.view.terminal import make_console

    table = Table(title=title, title_justify="left")
    for header in headers:
        table.add_column(header)
    for row in rows:
        table.add_row(*row)
    make_console().print(table)


def print_json(data: Any) -> int:
    print(json.dumps(data, ensure_ascii=False, indent=2))
    return EXIT_OK


def registry() -> Any:
    from conjure.plugins.host import load_plugins

    registry = load_plugins()
    for broken in registry.failures:
        print(
            f"conjure: warning: plugin {broken.name!r} is skipped: {broken.error}", file=sys.stderr
        )
    return registry
