"""The plugin host: builds a pluggy manager, loads the ``conjure`` entry points, and collects
what every plugin registers.

Built-in routines and games come in through the same entry points as anyone else's, and load
first; the built-in moves (:data:`conjure.deck.MOVES`) come before every plugin's. A plugin that
fails to import, or whose hook raises, or that registers something malformed, or whose
entry-point name another plugin already holds, is recorded with its error and skipped. An id
registered a second time is refused for the plugin that registered it second, which is
reported; everything else still loads, so no plugin can replace or remove a built-in routine,
game or move. Plugin moves are made readable as move text once they are collected.

Every failure keeps, beside its one-line reason, the traceback that explains it (the import's
or the hook's exception; for a refused id or a value a hook returned, the plugin's own lines
that did it), which the command line shows under ``--debug``.

What a plugin prints while it is imported or while its hooks run (``print()`` to stdout or
stderr) is caught and kept in :attr:`PluginInfo.output`, one line each, which the command line
names as warnings on stderr: stdout stays the command's own, so ``--json`` output stays JSON.

>>> registry = load_plugins()            # doctest: +SKIP
>>> registry.routine("courting-kings")   # doctest: +SKIP
"""

from __future__ import annotations

import contextlib
import difflib
import io
import sys
import traceback
from collections.abc import Generator, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import pluggy

from conjure.errors import PluginError, UnknownNameError
from conjure.inputs import quote
from conjure.plugins import hookspecs
from conjure.plugins.catalog import Deferred, listing
from conjure.plugins.entry_points import entry_points as installed_entry_points
from conjure.text import Text


# dataclasses, not attrs classes: every command builds them (see conjure.text)
@dataclass(frozen=True, slots=True)
class PluginInfo:
    """One plugin as ``conjure plugins`` lists it."""

    name: str
    distribution: str
    version: str
    routines: tuple[str, ...] = ()
    games: tuple[str, ...] = ()
    moves: tuple[str, ...] = ()
    #: what it registered and was refused (an id another plugin holds), one line each
    refused: tuple[str, ...] = ()
    #: why it was not loaded at all
    error: str | None = None
    #: the entry point as declared (``name = module``); empty for a plugin given in-process
    entry_point: str = ""
    #: what explains :attr:`error` under ``--debug``: the traceback of the exception, or the
    #: plugin's own lines that did what was refused
    trace: str | None = field(default=None, compare=False, repr=False)
    #: the same for each line of :attr:`refused`: where the plugin registered it
    refused_traces: tuple[str, ...] = field(default=(), compare=False, repr=False)
    #: what it printed while it was imported or its hooks ran, caught and kept off the
    #: command's output: one line each, saying when and what (``printed at import: …``)
    output: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return self.error is None

    @property
    def label(self) -> str:
        """How a message names the plugin: ``plugin 'x' (entry point x = x_mod, in x-dist
        1.0)``; an in-process plugin by its name alone."""
        return _label(self.name, self.entry_point, self.distribution, self.version)


class Table(Mapping[str, Any]):
    """The routines or the games, by id. An item a plugin listed without importing it (a
    :class:`~conjure.plugins.catalog.Deferred`) is imported the first time it is looked up;
    :meth:`row` gives its listing without that."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self._items: dict[str, Any] = {}
        #: who registered each id: how an import failure names its plugin
        self._owners: dict[str, str] = {}

    def put(self, item_id: str, item: Any, owner: str = "") -> None:
        self._items[item_id] = item
        self._owners[item_id] = owner

    def pop(self, item_id: str) -> Any:
        self._owners.pop(item_id, None)
        return self._items.pop(item_id, None)

    def __getitem__(self, item_id: str) -> Any:
        item = self._items[item_id]
        if isinstance(item, Deferred):
            item = self._items[item_id] = self._load(item)
        return item

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, item_id: object) -> bool:
        return item_id in self._items

    def deferred(self) -> list[str]:
        """The ids not imported yet."""
        return [k for k, v in self._items.items() if isinstance(v, Deferred)]

    def row(self, item_id: str) -> dict[str, Any]:
        """What a listing shows of ``item_id``, without importing it if it was listed."""
        item = self._items[item_id]
        if isinstance(item, Deferred):
            return dict(item.row)
        return listing(self.kind, item)

    def _load(self, entry: Deferred) -> Any:
        owner = self._owners.get(entry.id, "")
        try:
            item = entry.load()
            if _check_item(item, self.kind) != entry.id:
                raise Malformed(f"{entry.target} is {self.kind} {item.id!r}, not {entry.id!r}")
        except (Exception, SystemExit) as exc:
            raise PluginError(
                Text(
                    f"{self.kind} {quote(entry.id)} of {owner or 'a plugin'} failed to import "
                    f"from {entry.target}: {_one_line(exc)}",
                    zh=f"{_KINDS_ZH.get(self.kind, self.kind)} {quote(entry.id)}"
                    f"（{owner or '插件'}）无法从 {entry.target} 载入：{_one_line(exc)}",
                )
            ) from exc
        return item


@dataclass(slots=True)
class Registry:
    """Everything the plugins provide, by id, and a record of every plugin."""

    routines: Table = field(default_factory=lambda: Table("routine"))
    games: Table = field(default_factory=lambda: Table("game"))
    #: the moves plugins registered, by name (:attr:`moves` has the built-in ones too)
    plugin_moves: dict[str, Any] = field(default_factory=dict)
    plugins: list[PluginInfo] = field(default_factory=list)
    #: ``(kind, id)`` of what a plugin registered before it failed, with the plugin's name: not
    #: used, but a command that asks for it is told which broken plugin it needs
    withheld: dict[tuple[str, str], str] = field(default_factory=dict)

    @property
    def moves(self) -> dict[str, Any]:
        """Every move by name: the built-in ones first, then the plugins'."""
        from conjure.deck import MOVES

        return {**MOVES, **self.plugin_moves}

    def routine(self, routine_id: str) -> Any:
        """The routine ``routine_id``, or the routine of a routine file given by its path
        (``my-trick.routine``); a close-match hint in the error when it is unknown."""
        from conjure.magic.file_names import is_routine_file

        if is_routine_file(routine_id):
            from conjure.magic.files import load_routine  # the reader, only for a file

            return load_routine(routine_id)
        return self._lookup(self.routines, routine_id, "routine")

    def game(self, game_id: str) -> Any:
        return self._lookup(self.games, game_id, "game")

    @property
    def failures(self) -> list[PluginInfo]:
        """The plugins that did not load."""
        return [p for p in self.plugins if not p.ok]

    def _lookup(self, table: Mapping[str, Any], key: str, kind: str) -> Any:
        """``table[key]``, or an unknown-name error (exit 2) with a close match; a plugin error
        (exit 4) when a plugin that did not load may be the one that provides ``key``."""
        if key in table:
            return table[key]
        failures = {p.name: p for p in self.failures}
        holder = failures.get(self.withheld.get((kind, key), ""))
        zh_kind = _KINDS_ZH.get(kind, kind)
        if holder is not None:
            raise PluginError(
                Text(
                    f"{kind} {quote(key)} comes from {holder.label}, which is broken: "
                    f"{holder.error}",
                    zh=f"{zh_kind} {quote(key)} 来自插件 {holder.label}，它已损坏：{holder.error}",
                )
            )
        close = difflib.get_close_matches(key, table, n=1)
        if failures and not close:
            broken = "; ".join(f"{p.label}: {p.error}" for p in failures.values())
            raise PluginError(
                Text(
                    f"unknown {kind} {quote(key)}: it may come from a plugin that did not load "
                    f"({broken})",
                    zh=f"未知{zh_kind} {quote(key)}：它可能来自一个未能载入的插件（{broken}）",
                )
            )
        known = ", ".join(sorted(table))
        raise UnknownNameError(
            Text(
                f"unknown {kind} {quote(key)}"
                + (f"; did you mean {close[0]!r}?" if close else "")
                + f" (known: {known or 'none'})",
                zh=f"未知{zh_kind} {quote(key)}"
                + (f"；是不是 {close[0]!r}？" if close else "")
                + f"（已有：{known or '无'}）",
            )
        )


#: the kinds of name looked up, in Chinese
_KINDS_ZH = {"routine": "流程", "game": "游戏"}


def make_plugin_manager() -> pluggy.PluginManager:
    """A manager that knows conjure's hookspecs and no plugins yet."""
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    return pm


@contextlib.contextmanager
def _caught(where: str, lines: list[str]) -> Generator[None, None, None]:
    """Run a plugin's code with stdout and stderr caught; what it wrote goes into ``lines``
    (one line a stream it wrote to, saying ``where``), even when the code raises."""
    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            yield
    finally:
        for stream, text in (("stdout", out.getvalue()), ("stderr", err.getvalue())):
            said = [line for line in text.splitlines() if line.strip()]
            if said:
                more = f" (and {len(said) - 1} more lines)" if len(said) > 1 else ""
                lines.append(f"printed to {stream} {where}: {quote(said[0].strip())}{more}")


def _one_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0] if text else ''}".rstrip(": ")


def _traceback(exc: BaseException) -> str:
    return "".join(traceback.format_exception(exc))


def _defined_at(function: Any) -> str:
    """Where ``function`` is written, as a traceback names a line."""
    code = getattr(function, "__code__", None)
    if code is None:
        return f"Defined as {function!r}\n"
    summary = traceback.StackSummary.from_list(
        [(code.co_filename, code.co_firstlineno, code.co_name, None)]
    )
    return "".join(["Defined at:\n", *summary.format()])


def _callers() -> str:
    """The plugin's own lines that called ``register`` (the frames between the host and the
    callback), most recent last, as a traceback lists them."""
    frames = []
    frame = sys._getframe(2)  # the caller of register
    while frame is not None and frame.f_code.co_filename != __file__:
        frames.append((frame, frame.f_lineno))
        frame = frame.f_back  # type: ignore[assignment]
    lines = traceback.StackSummary.extract(reversed(frames)).format()
    return "".join(["Registered at (most recent call last):\n", *lines])


class Malformed(PluginError):
    """What a plugin handed to ``register`` is not a routine, game or move."""


def _check_item(item: Any, kind: str) -> str:
    if isinstance(item, Deferred):
        if item.kind != kind or not isinstance(item.id, str) or not item.id:
            raise Malformed(f"a listed {kind} needs its kind and a non-empty id, got {item!r:.60}")
        return item.id
    if kind == "move":
        import attrs

        from conjure.deck.move import Move

        if not (isinstance(item, type) and issubclass(item, Move) and attrs.has(item)):
            raise Malformed(
                f"a move must be an attrs subclass of conjure.deck.Move, not {item!r:.60}"
            )
        return item.__name__
    if kind == "routine":
        from conjure.magic.routine import Routine

        if not isinstance(item, Routine):
            raise Malformed(f"a routine must be a conjure.magic.Routine, not {item!r:.60}")
    if kind == "game":
        from conjure.games.api import Game

        if not (isinstance(item, type) and issubclass(item, Game)):
            raise Malformed(f"a game must be a subclass of conjure.games.Game, not {item!r:.60}")
    item_id = getattr(item, "id", None)
    if not isinstance(item_id, str) or not item_id:
        raise Malformed(f"a registered {kind} needs a non-empty string 'id', got {item!r:.60}")
    return item_id


#: the distribution whose entry points are the built-in plugins
BUILT_IN = "conjure"


def _entry_points() -> list[Any]:
    """The ``conjure`` entry points in loading order: the built-in ones first, then the others
    by name and distribution, so that no name can sort its way ahead of conjure's own."""

    def key(ep: Any) -> tuple[bool, str, str]:
        dist = _dist_name(ep)
        return (dist != BUILT_IN, ep.name, dist)

    return sorted(installed_entry_points(hookspecs.PROJECT), key=key)


def _dist_name(ep: Any) -> str:
    name = ep.dist.name if ep.dist is not None else None
    return str(name or "?").lower().replace("_", "-")


def load_plugins(
    entry_points: bool = True, extra: Iterable[tuple[str, object]] = (), lazy: bool = True
) -> Registry:
    """Build the manager, load every ``conjure`` entry point (when ``entry_points``) and the
    ``extra`` ``(name, plugin)`` pairs, and collect what they register.

    Plugins load in a defined order: the built-in ones, then the other entry points by name,
    then ``extra`` in the order given. A plugin whose entry-point name is taken by one before it
    is not loaded and is reported; an id registered by a plugin after another registered it is
    refused for the later one, which is reported, and everything else stays.

    Items a plugin listed without importing them are imported when first used; with ``lazy``
    false, here, and one that fails makes its plugin a failed one, like a failed import."""
    pm = make_plugin_manager()
    registry = Registry()
    order: list[str] = []  # pluggy names of the loaded plugins, in loading order
    infos: dict[str, dict[str, Any]] = {}
    rows: list[dict[str, Any]] = []  # one per plugin found, loaded or not

    def add(name: str, load: Any, how: str, dist: str, version: str, entry_point: str) -> None:
        row: dict[str, Any] = {
            "name": name,
            "distribution": dist,
            "version": version,
            "routines": [],
            "games": [],
            "moves": [],
            "refused": [],
            "refused_traces": [],
            "error": None,
            "entry_point": entry_point,
            "trace": None,
            "output": [],
        }
        rows.append(row)
        if name in infos:
            holder = infos[name]
            row["error"] = str(
                PluginError(
                    f"entry-point name {name!r} is already taken by "
                    f"{holder['distribution']} {holder['version']}; not loaded"
                )
            )
            return
        infos[name] = row
        try:
            with _caught("at import", row["output"]):
                plugin = load()
                pm.register(plugin, name=name)
        except (Exception, SystemExit) as exc:  # sys.exit() in a plugin ends only the plugin
            row["error"] = f"{how}: {_one_line(exc)}"
            row["trace"] = _traceback(exc)
            return
        unknown = [hc for hc in pm.get_hookcallers(plugin) or () if hc.spec is None]
        if unknown:
            pm.unregister(plugin)
            names = sorted(hc.name for hc in unknown)
            row["error"] = f"implements unknown hook {', '.join(names)}"
            row["trace"] = "".join(
                _defined_at(impl.function)
                for hc in unknown
                for impl in hc.get_hookimpls()
                if impl.plugin is plugin
            )
            return
        order.append(name)

    if entry_points:
        for ep in _entry_points():
            version = ep.dist.version if ep.dist is not None else "?"
            dist = ep.dist.name if ep.dist is not None else "?"
            declared = f"{ep.name} = {ep.value}"
            add(ep.name, ep.load, "failed to import", str(dist), str(version), declared)
    for name, plugin in extra:
        add(name, lambda plugin=plugin: plugin, "failed to register", "(in-process)", "-", "")
    pm.check_pending()

    def withhold(row: dict[str, Any], kind: str, got: list[tuple[str, Any, str]]) -> None:
        for item_id, _item, _where in got:
            registry.withheld[(kind, item_id)] = row["name"]

    rank = {name: i for i, name in enumerate(order)}
    owner: dict[tuple[str, str], str] = {}
    for hook_name, kind in (
        ("register_routines", "routine"),
        ("register_games", "game"),
        ("register_moves", "move"),
    ):
        # called in loading order, whatever order (tryfirst, trylast) pluggy would use
        impls = sorted(
            getattr(pm.hook, hook_name).get_hookimpls(), key=lambda i: rank[i.plugin_name]
        )
        if kind == "move" and impls:  # the built-in names are taken
            from conjure.deck import MOVES

            owner.update({("move", name.lower()): "" for name in MOVES})
        for impl in impls:
            row = infos[impl.plugin_name]
            if row["error"]:
                continue
            got: list[tuple[str, Any, str]] = []  # id, item, where the plugin registered it
            malformed: list[Malformed] = []

            def register(
                item: Any,
                _got: list[tuple[str, Any, str]] = got,
                _bad: list[Malformed] = malformed,
                _kind: str = kind,
            ) -> None:
                try:
                    item_id = _check_item(item, _kind)
                except Malformed as exc:
                    _bad.append(exc)  # kept even if the plugin swallows the exception
                    raise
                _got.append((item_id, item, _callers()))

            try:
                with _caught(f"in {hook_name}", row["output"]):
                    returned = impl.function(register=register)
            except (Exception, SystemExit) as exc:
                withhold(row, kind, got)
                if malformed and exc is malformed[0]:
                    row["error"] = f"{hook_name} handed register() something malformed: {exc}"
                else:
                    row["error"] = f"{hook_name} raised {_one_line(exc)}"
                row["trace"] = _traceback(exc)
                continue
            if malformed or returned is not None:
                withhold(row, kind, got)
            if malformed:
                row["error"] = f"{hook_name} handed register() something malformed: {malformed[0]}"
                row["trace"] = _traceback(malformed[0])
                continue
            if returned is not None:
                # most likely the items themselves, which the plugin meant to register
                row["error"] = (
                    f"{hook_name} returned a value ({type(returned).__name__}); a hook hands "
                    "what it provides to register(...) and returns nothing"
                )
                row["trace"] = _defined_at(impl.function)
                continue
            for item_id, item, where in got:
                key = item_id.lower() if kind == "move" else item_id  # move text ignores case
                holder = owner.get((kind, key))
                if holder is not None:
                    if holder == "":
                        by = "conjure's built-in moves"
                    else:
                        by = "itself" if holder == row["name"] else f"plugin {holder!r}"
                    row["refused"].append(
                        str(PluginError(f"{kind} {item_id!r} is already registered by {by}"))
                    )
                    row["refused_traces"].append(where)
                    continue
                owner[(kind, key)] = row["name"]
                if kind == "move":
                    registry.plugin_moves[item_id] = item
                else:
                    label = _label(
                        row["name"], row["entry_point"], row["distribution"], row["version"]
                    )
                    _table(registry, kind).put(item_id, item, label)
                row[kind + "s"].append(item_id)

    if not lazy:  # import every listed item now: one that fails, fails its plugin
        for kind in ("routine", "game"):
            table = _table(registry, kind)
            for item_id in table.deferred():
                row = infos[owner[(kind, item_id)]]
                try:
                    table[item_id]
                except PluginError as exc:
                    if not row["error"]:
                        row["error"] = str(exc)
                        row["trace"] = _traceback(exc.__cause__ or exc)

    # a plugin whose second hook failed gives back what its first one registered; a command
    # that asks for one of those is told which broken plugin it comes from
    for row in rows:
        if row["error"]:
            for kind in ("routine", "game", "move"):
                for item_id in row[kind + "s"]:
                    if kind == "move":
                        registry.plugin_moves.pop(item_id, None)
                    else:
                        _table(registry, kind).pop(item_id)
                    registry.withheld[(kind, item_id)] = row["name"]
                row[kind + "s"] = []
    for row in rows:
        registry.plugins.append(
            PluginInfo(
                name=row["name"],
                distribution=row["distribution"],
                version=row["version"],
                routines=tuple(row["routines"]),
                games=tuple(row["games"]),
                moves=tuple(row["moves"]),
                refused=tuple(row["refused"]),
                error=row["error"],
                entry_point=row["entry_point"],
                trace=row["trace"],
                refused_traces=tuple(row["refused_traces"]),
                output=tuple(row["output"]),
            )
        )
    if registry.plugin_moves:
        from conjure.deck.notation import register_moves

        register_moves(*registry.plugin_moves.values())
    return registry


def _table(registry: Registry, kind: str) -> Table:
    return registry.routines if kind == "routine" else registry.games


def _label(name: str, entry_point: str, distribution: str, version: str) -> str:
    """How a message names a plugin (:attr:`PluginInfo.label`)."""
    if not entry_point:
        return f"plugin {name!r}"
    return f"plugin {name!r} (entry point {entry_point}, in {distribution} {version})"
