"""``conjure plugins``: every plugin, its version and what it provides; a broken plugin, or one
refused an id another holds, is listed with its reason, named on stderr, and the command exits
4 (a plugin error)."""

from __future__ import annotations

import argparse
from typing import Any

from conjure.cli.common import EXIT_OK, add_command, print_json, print_rows, report_plugins
from conjure.errors import EXIT_PLUGIN


def add_parsers(sub: Any) -> None:
    p = add_command(
        sub,
        "plugins",
        _plugins,
        help="list the plugins, their versions and what they provide; exit 4 if one is broken",
    )
    p.add_argument("--json", action="store_true", help="print the list as JSON")


def _plugins(args: argparse.Namespace) -> int:
    from conjure.plugins.host import load_plugins

    registry = load_plugins()
    if args.json:
        rows = [
            {
                "name": p.name,
                "distribution": p.distribution,
                "version": p.version,
                "entry_point": p.entry_point,
                "routines": list(p.routines),
                "games": list(p.games),
                "moves": list(p.moves),
                "refused": list(p.refused),
                "error": p.error,
            }
            for p in registry.plugins
        ]
        print_json(rows)
    else:
        _table(registry)
    # the table (or JSON) is the list; stderr names each problem in one line, for a script
    # or a pipe, with its traceback under --debug
    return EXIT_PLUGIN if report_plugins(registry, "error") else EXIT_OK


def _table(registry: Any) -> None:
    from rich.text import Text

    lines = []
    for p in registry.plugins:
        provides = Text()
        if p.error:
            provides.append(f"broken: {p.error}", style="red")
        else:
            parts = []
            if p.routines:
                parts.append("routines: " + ", ".join(p.routines))
            if p.games:
                parts.append("games: " + ", ".join(p.games))
            if p.moves:
                parts.append("moves: " + ", ".join(p.moves))
            provides.append("; ".join(parts) or "(nothing)")
            for line in p.refused:
                provides.append(f"; refused: {line}", style="yellow")
        lines.append((p.name, p.distribution, p.version, provides))
    print_rows("conjure plugins", ("plugin", "distribution", "version", "provides"), lines)
