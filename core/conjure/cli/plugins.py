"""``conjure plugins``: every plugin, its version and what it provides; a broken plugin, or one
refused an id another holds, is listed with its reason, named on stderr, and the command exits
4 (a plugin error)."""

from __future__ import annotations

import argparse
from typing import Any

from conjure.cli.common import (
    EXIT_OK,
    add_command,
    add_lang,
    print_json,
    print_rows,
    report_plugins,
)
from conjure.errors import EXIT_PLUGIN
from conjure.text import Text as Words

#: the words of the table
_WORDS = {
    "plugin": Words("plugin", zh="插件"),
    "distribution": Words("distribution", zh="发行包"),
    "version": Words("version", zh="版本"),
    "provides": Words("provides", zh="提供"),
    "broken": Words("broken: {error}", zh="已损坏：{error}"),
    "routines": Words("routines: {ids}", zh="流程：{ids}"),
    "games": Words("games: {ids}", zh="游戏：{ids}"),
    "moves": Words("moves: {ids}", zh="动作：{ids}"),
    "nothing": Words("(nothing)", zh="（无）"),
    "refused": Words("; refused: {line}", zh="；被拒绝：{line}"),
    "sep": Words("; ", zh="；"),
}


def add_parsers(sub: Any) -> None:
    p = add_command(
        sub,
        "plugins",
        _plugins,
        help=Words(
            "list the plugins, their versions and what they provide; exit 4 if one is broken",
            zh="列出插件、版本和各自提供的内容；有插件损坏时退出码为4",
        ),
    )
    add_lang(p)
    p.add_argument(
        "--json", action="store_true", help=Words("print the list as JSON", zh="以 JSON 输出列表")
    )


def _plugins(args: argparse.Namespace) -> int:
    from conjure.plugins.host import load_plugins

    # every listed item imported: a plugin whose game fails to import is found here, not in play
    registry = load_plugins(lazy=False)
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
        _table(registry, getattr(args, "lang", "en"))
    # the table (or JSON) is the list; stderr names each problem in one line, for a script
    # or a pipe, with its traceback under --debug
    return EXIT_PLUGIN if report_plugins(registry, "error") else EXIT_OK


def _table(registry: Any, lang: str) -> None:
    from rich.text import Text

    w = {key: words.get(lang) for key, words in _WORDS.items()}
    lines = []
    for p in registry.plugins:
        provides = Text()
        if p.error:
            provides.append(w["broken"].format(error=p.error), style="red")
        else:
            parts = [
                w[kind].format(ids=", ".join(ids))
                for kind, ids in (("routines", p.routines), ("games", p.games), ("moves", p.moves))
                if ids
            ]
            provides.append(w["sep"].join(parts) or w["nothing"])
            for line in p.refused:
                provides.append(w["refused"].format(line=line), style="yellow")
        lines.append((p.name, p.distribution, p.version, provides))
    headers = (w["plugin"], w["distribution"], w["version"], w["provides"])
    print_rows("conjure plugins", headers, lines)
