"""Routines and games a plugin lists without importing them.

Importing a game builds its classes, its tables and the game core beneath them; a listing
(``conjure games``, ``conjure routines``) needs none of that, only each item's id and what
its row shows. A plugin may therefore name its items by where they live, ``module:attribute``,
and ship beside its package an index, ``conjure-index.json``, that holds each item's listing
row. The host lists from the index and imports an item the first time a command uses it::

    # my_games/__init__.py
    from conjure.plugins import hookimpl, listed

    GAMES = ("my_games.crazy_eights:CrazyEights",)

    @hookimpl
    def register_games(register):
        listed(__name__, "game", GAMES, register)

and ``python -m conjure.plugins.catalog my_games`` writes (or, with ``--check``, checks) the
index from the items themselves. A target missing from the index, or an index that cannot be
read, costs only time: that item is imported at once and registered as it is. An index that is
out of date lists stale rows, which is why ``--check`` belongs in the plugin's tests (conjure's
own are checked by ``tests/plugins/test_catalog.py``).

An item that fails to import when it is first used is reported as its plugin's failure (exit
4); ``conjure plugins`` imports every item, so that it finds such a plugin before a user does.
"""

from __future__ import annotations

import importlib
import json
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from conjure.text import Text

#: the file beside a plugin package's ``__init__.py`` that lists its items
INDEX = "conjure-index.json"

#: the kinds of item an index lists
KINDS = ("routine", "game")


# the classes every listing builds are dataclasses, not attrs classes: see conjure.text
@dataclass(frozen=True, slots=True)
class Deferred:
    """A routine or game known by its listing row, imported when it is first used."""

    kind: str
    id: str
    #: where it lives: ``package.module:attribute``
    target: str
    #: what a listing shows of it, as :func:`listing` writes it
    row: Mapping[str, Any] = field(compare=False, repr=False)

    def load(self) -> Any:
        """The item itself (imports its module)."""
        return load_target(self.target)


def load_target(target: str) -> Any:
    """The object ``module:attribute`` names."""
    module, sep, attribute = target.partition(":")
    if not sep or not module or not attribute:
        raise ValueError(f"a target is written module:attribute, not {target!r}")
    value: Any = importlib.import_module(module)
    for part in attribute.split("."):
        value = getattr(value, part)
    return value


def listing(kind: str, item: Any) -> dict[str, Any]:
    """What ``conjure games`` or ``conjure routines`` shows of one game (a Game class) or
    routine, in every language, as plain data."""
    if kind == "game":
        return {
            "id": item.id,
            "name_zh": item.name_zh,
            "name_en": item.name_en,
            "players": list(item.players),
            "cards": item.deck_size,
            "source": item.source,
            "citation": item.citation().to_json(),
            "options": {o.name: o.default for o in item.options},
        }
    if kind == "routine":
        return {
            "id": item.id,
            "name_zh": item.name_zh,
            "name_en": item.name_en,
            "both_names": item.both_names,
            "citation": item.citation.to_json(),
            "params": {
                p.name: {"default": p.default, "low": p.low, "high": p.high} for p in item.params
            },
            "claims": [
                {"id": c.id, "promised": c.promised, "text": c.text.to_json()} for c in item.claims
            ],
        }
    raise ValueError(f"no listing for a {kind!r}")


def text_of(value: Mapping[str, str]) -> Text:
    """A listing's text (``{"en": …, "zh": …}``) as a :class:`~conjure.text.Text`."""
    more = tuple((k, v) for k, v in value.items() if k not in ("en", "zh"))
    return Text(value.get("en", ""), zh=value.get("zh", ""), more=more)


def _index_path(package: str) -> str:
    module = sys.modules.get(package) or importlib.import_module(package)
    return os.path.join(os.path.dirname(module.__file__ or ""), INDEX)


def read_index(package: str) -> dict[str, dict[str, Any]]:
    """The package's index, ``{target: {"kind", "id", "row"}}``; empty when there is none or
    it cannot be read (its items are then imported)."""
    try:
        with open(_index_path(package), encoding="utf-8") as f:
            data = json.load(f)
        items = data["items"]
        return {str(t): dict(v) for t, v in items.items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}


def listed(
    package: str, kind: str, targets: Iterable[str], register: Callable[[Any], None]
) -> None:
    """Register each target of ``package`` as a :class:`Deferred` item when its index lists
    it, else as the item itself (imported now)."""
    index = read_index(package)
    for target in targets:
        entry = index.get(target)
        if entry is not None and entry.get("kind") == kind and isinstance(entry.get("id"), str):
            register(Deferred(kind, entry["id"], target, entry.get("row") or {}))
        else:
            register(load_target(target))


def build_index(package: str) -> dict[str, Any]:
    """The index of ``package`` as its items are now: every target of its ``ROUTINES`` and
    ``GAMES`` imported and listed."""
    module = importlib.import_module(package)
    items: dict[str, Any] = {}
    for kind, name in (("routine", "ROUTINES"), ("game", "GAMES")):
        for target in getattr(module, name, ()):
            item = load_target(target)
            items[target] = {"kind": kind, "id": item.id, "row": listing(kind, item)}
    return {
        "about": f"what conjure lists of {package} without importing it; "
        f"written by python -m conjure.plugins.catalog {package}",
        "items": items,
    }


def index_text(package: str) -> str:
    return json.dumps(build_index(package), ensure_ascii=False, indent=1) + "\n"


def stale(package: str) -> list[str]:
    """The targets whose index entry differs from the item (or is missing), and entries of
    targets the package no longer names; empty when the index is up to date."""
    have = read_index(package)
    want = json.loads(index_text(package))["items"]
    out = [t for t in want if have.get(t) != want[t]]
    return out + [t for t in have if t not in want]


def _main(argv: Iterator[str] | list[str]) -> int:
    args = list(argv)
    check = "--check" in args
    packages = [a for a in args if a != "--check"]
    if not packages:
        print("usage: python -m conjure.plugins.catalog [--check] PACKAGE ...", file=sys.stderr)
        return 2
    status = 0
    for package in packages:
        if check:
            bad = stale(package)
            if bad:
                print(f"{package}: {INDEX} is out of date for {', '.join(bad)}", file=sys.stderr)
                status = 1
            continue
        with open(_index_path(package), "w", encoding="utf-8") as f:
            f.write(index_text(package))
        print(f"{package}: wrote {_index_path(package)}")
    return status


if __name__ == "__main__":
    raise SystemExit(_main(sys.argv[1:]))
