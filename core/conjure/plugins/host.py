"""The plugin host: builds a pluggy manager, loads the ``conjure`` entry points, and collects
what every plugin registers.

Built-in routines and games come in through the same entry points as anyone else's. A plugin
that fails to import, or whose hook raises, or that registers something malformed or a
duplicate id, is recorded with its error and skipped; everything else still loads.

>>> registry = load_plugins()            # doctest: +SKIP
>>> registry.routine("courting-kings")   # doctest: +SKIP
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from importlib import metadata
from typing import Any

import attrs
import pluggy

from conjure.errors import UnknownNameError
from conjure.plugins import hookspecs


@attrs.frozen
class PluginInfo:
    """One plugin as ``conjure plugins`` lists it."""

    name: str
    distribution: str
    version: str
    routines: tuple[str, ...] = ()
    games: tuple[str, ...] = ()
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.error is None


@attrs.define
class Registry:
    """Everything the plugins provide, by id, and a record of every plugin."""

    routines: dict[str, Any] = attrs.field(factory=dict)
    games: dict[str, Any] = attrs.field(factory=dict)
    plugins: list[PluginInfo] = attrs.field(factory=list)

    def routine(self, routine_id: str) -> Any:
        """The routine ``routine_id``; a close-match hint in the error when it is unknown."""
        return _lookup(self.routines, routine_id, "routine")

    def game(self, game_id: str) -> Any:
        return _lookup(self.games, game_id, "game")

    @property
    def failures(self) -> list[PluginInfo]:
        return [p for p in self.plugins if not p.ok]


def _lookup(table: dict[str, Any], key: str, kind: str) -> Any:
    try:
        return table[key]
    except KeyError:
        close = difflib.get_close_matches(key, table, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        known = ", ".join(sorted(table)) or "none"
        raise UnknownNameError(f"unknown {kind} {key!r}{hint} (known: {known})") from None


def make_plugin_manager() -> pluggy.PluginManager:
    """A manager that knows conjure's hookspecs and no plugins yet."""
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    return pm


def _one_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0] if text else ''}".rstrip(": ")


def _check_item(item: Any, kind: str) -> str:
    from conjure.games.api import Game
    from conjure.magic.routine import Routine

    if kind == "routine" and not isinstance(item, Routine):
        raise TypeError(f"a routine must be a conjure.magic.Routine, not {item!r:.60}")
    if kind == "game" and not (isinstance(item, type) and issubclass(item, Game)):
        raise TypeError(f"a game must be a subclass of conjure.games.Game, not {item!r:.60}")
    item_id = getattr(item, "id", None)
    if not isinstance(item_id, str) or not item_id:
        raise TypeError(f"a registered {kind} needs a non-empty string 'id', got {item!r:.60}")
    return item_id


def load_plugins(entry_points: bool = True, extra: Iterable[tuple[str, object]] = ()) -> Registry:
    """Build the manager, load every ``conjure`` entry point (when ``entry_points``) and the
    ``extra`` ``(name, plugin)`` pairs, and collect what they register."""
    pm = make_plugin_manager()
    registry = Registry()
    sources: dict[str, tuple[str, str]] = {}
    errors: dict[str, str] = {}

    def add(name: str, load: Any, how: str) -> None:
        try:
            plugin = load()
            pm.register(plugin, name=name)
        except Exception as exc:
            errors[name] = f"{how}: {_one_line(exc)}"
            return
        unknown = sorted(hc.name for hc in pm.get_hookcallers(plugin) or () if hc.spec is None)
        if unknown:
            pm.unregister(plugin)
            errors[name] = f"implements unknown hook {', '.join(unknown)}"

    if entry_points:
        for ep in sorted(metadata.entry_points(group=hookspecs.PROJECT), key=lambda e: e.name):
            if ep.name in sources:
                continue
            dist = ep.dist.name if ep.dist else "?"
            version = ep.dist.version if ep.dist else "?"
            sources[ep.name] = (dist, version)
            add(ep.name, ep.load, f"failed to load {ep.value!r}")
    for name, plugin in extra:
        sources.setdefault(name, ("(in-process)", "-"))
        add(name, lambda plugin=plugin: plugin, "failed to register")
    pm.check_pending()

    provided: dict[str, dict[str, list[str]]] = {n: {"routines": [], "games": []} for n in sources}
    for hook_name, table, kind in (
        ("register_routines", registry.routines, "routine"),
        ("register_games", registry.games, "game"),
    ):
        for impl in getattr(pm.hook, hook_name).get_hookimpls():
            name = impl.plugin_name
            if name in errors:
                continue
            got: list[tuple[str, Any]] = []

            def register(item: Any, _got: list[tuple[str, Any]] = got, _kind: str = kind) -> None:
                _got.append((_check_item(item, _kind), item))

            try:
                impl.function(register=register)
                mine: dict[str, Any] = {}
                for item_id, item in got:
                    if item_id in table or item_id in mine:
                        raise ValueError(f"{kind} id {item_id!r} is already registered")
                    mine[item_id] = item
            except Exception as exc:
                errors[name] = f"{hook_name} failed: {_one_line(exc)}"
                continue
            table.update(mine)
            provided.setdefault(name, {"routines": [], "games": []})[kind + "s"].extend(mine)

    for name, (dist, version) in sources.items():
        registry.plugins.append(
            PluginInfo(
                name=name,
                distribution=dist,
                version=version,
                routines=tuple(provided.get(name, {}).get("routines", ())),
                games=tuple(provided.get(name, {}).get("games", ())),
                error=errors.get(name),
            )
        )
    return registry
