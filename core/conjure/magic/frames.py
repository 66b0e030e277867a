"""What a script holds between steps, read so that the walk can tell two situations apart.

The merging walk (:mod:`conjure.magic.walk`) stops a performance at a step when it has already
walked an identical situation. Part of a situation is the script's own Python state: the code
position and the local variables of every frame from the script's function down to the call
that reached the step. This module reads that state, and refuses where it cannot read all of
it:

- the position comes from the source, through documented interfaces only: the span of the call
  a frame is suspended in (``code.co_positions()`` at ``frame.f_lasti``) is found in the
  function's syntax tree (:mod:`ast`), and the call must be a statement of its own (its result
  stored in plain names, or returned), outside any ``for`` loop (its iterator is not a local),
  ``with`` block, exception handler, ``finally`` block, comprehension or lambda, and not in a
  generator; a frame whose source cannot be read is refused;
- the locals are read with ``frame.f_locals`` and compared by value (:func:`freeze`): a list,
  a dict or any object that can change refuses the step;
- the interpreters on which this was tested are named (:data:`CHECKED_PYTHONS`, the Pythons
  ``requires-python`` allows); on any other one no frame is read and no situation is merged
  at a step (:func:`frames_checked` says why), which is slower but never wrong.
"""

from __future__ import annotations

import ast
import inspect
import linecache
import sys
import types
from typing import Any

import attrs

from conjure.deck.cards import Card
from conjure.magic.abstraction import Canon
from conjure.magic.performance import Performance
from conjure.magic.routine import Routine
from conjure.text import Text

_ATOMS = (int, str, bytes, type(None))


class Unfreezable(Exception):
    pass


def freeze(value: Any, canon: Canon, perf: Performance, name: str) -> Any:
    """A hashable value equal for values the continuation cannot tell apart (cards named by
    ``canon``); raises :class:`Unfreezable` for what cannot be compared by value."""
    t = type(value)
    if t in _ATOMS:
        return value
    if t is bool or t is float:
        return (t, value)
    if t is Card:
        return (Card, canon.card(value.code))
    if t is Text:  # words for people, a value (not an attrs class, see conjure.text)
        return (Text, value.en, value.zh, value.more)
    if t is tuple:
        return tuple(freeze(v, canon, perf, name) for v in value)
    if t is frozenset:
        return (frozenset, frozenset(freeze(v, canon, perf, name) for v in value))
    if t is range:
        return (range, value.start, value.stop, value.step)
    if value is perf:
        return (Performance,)
    if t is types.FunctionType:
        cells = tuple(freeze(c.cell_contents, canon, perf, name) for c in (value.__closure__ or ()))
        defaults = freeze(value.__defaults__ or (), canon, perf, name)
        return (t, value.__code__, cells, defaults)
    if t in (types.ModuleType, type, types.BuiltinFunctionType) or isinstance(value, type):
        return (id, value)
    if t is types.MethodType:
        return (t, freeze(value.__self__, canon, perf, name), value.__func__)
    if isinstance(value, Routine):
        return (id, value)
    if attrs.has(t) and t.__eq__ is object.__eq__ and _frozen(t):
        return (id, value)  # a frozen value compared by identity (a routine file's program)
    if attrs.has(t) and t.__hash__ is not None and getattr(t, "__attrs_attrs__", None):
        if t.__setattr__ is object.__setattr__:  # not frozen: may change under the key
            raise Unfreezable(f"{name} holds a {t.__name__} that can change")
        return (
            t,
            tuple(freeze(getattr(value, f.name), canon, perf, name) for f in attrs.fields(t)),
        )
    raise Unfreezable(f"{name} holds a {t.__name__}, which the walk cannot compare by value")


#: the interpreters on which the walk's reading of a script's frames was tested (the suite's
#: differential test of merged against unmerged walks): (implementation, major, minor)
CHECKED_PYTHONS: frozenset[tuple[str, int, int]] = frozenset(
    {("cpython", 3, 11), ("cpython", 3, 12), ("cpython", 3, 13)}
)


def _frozen(t: type) -> bool:
    """Whether an attrs class is frozen (its instances cannot change)."""
    return getattr(t.__setattr__, "__name__", "") == "_frozen_setattrs"


def this_python() -> tuple[str, int, int]:
    major, minor = sys.version_info[:2]
    return (sys.implementation.name, major, minor)


def frames_checked() -> str:
    """Why the walk does not read a script's frames on this Python ("" when it does)."""
    name, major, minor = this_python()
    if (name, major, minor) in CHECKED_PYTHONS:
        return ""
    return (
        f"this Python ({name} {major}.{minor}) is not one on which the walk's reading of a "
        "script's state was checked, so no situation is merged at a step"
    )


_GENERATOR = inspect.CO_GENERATOR | inspect.CO_COROUTINE | inspect.CO_ASYNC_GENERATOR
#: statements whose value may be the call a frame is suspended in: nothing else of the
#: statement is held while the call runs (an assignment to plain names stores the result)
_STATEMENTS = (ast.Expr, ast.Assign, ast.AnnAssign, ast.Return)
#: blocks whose state is held outside the frame's locals while their body runs
_HIDDEN = {
    ast.For: "inside a for loop in {where}: its iterator is not a local",
    ast.AsyncFor: "inside a for loop in {where}: its iterator is not a local",
    ast.With: "inside a with block in {where}, whose state the walk cannot read",
    ast.AsyncWith: "inside a with block in {where}, whose state the walk cannot read",
    ast.ExceptHandler: "in an exception handler in {where}",
    ast.ListComp: "inside a comprehension in {where}",
    ast.SetComp: "inside a comprehension in {where}",
    ast.DictComp: "inside a comprehension in {where}",
    ast.GeneratorExp: "inside a comprehension in {where}",
    ast.Lambda: "inside a lambda in {where}",
}


class _Source:
    """One source file's syntax tree, with each call's span and its ancestors."""

    __slots__ = ("calls", "functions")

    def __init__(self, tree: ast.Module) -> None:
        #: (first line, name) -> the function's node (the module itself for ``<module>``)
        self.functions: dict[tuple[int, str], ast.AST] = {(1, "<module>"): tree}
        #: span -> (the call, its ancestors from the innermost out, the finally bodies above)
        self.calls: dict[tuple[int, int, int, int], tuple[ast.Call, list[ast.AST]]] = {}
        stack: list[ast.AST] = []

        def visit(node: ast.AST) -> None:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
                self.functions[(first, node.name)] = node
            if isinstance(node, ast.Call) and node.end_lineno is not None:
                span = (node.lineno, node.end_lineno, node.col_offset, node.end_col_offset or 0)
                self.calls[span] = (node, stack[::-1])
            stack.append(node)
            for child in ast.iter_child_nodes(node):
                visit(child)
            stack.pop()

        visit(tree)


_SOURCES: dict[str, _Source | None] = {}


def _source(filename: str) -> _Source | None:
    if filename not in _SOURCES:
        text = "".join(linecache.getlines(filename))
        try:
            _SOURCES[filename] = _Source(ast.parse(text)) if text else None
        except SyntaxError:
            _SOURCES[filename] = None
    return _SOURCES[filename]


_PROBLEMS: dict[tuple[types.CodeType, int], str] = {}


def frame_problem(frame: types.FrameType) -> str:
    """Why the walk cannot read all of ``frame``'s state where it is ("" when it can)."""
    at = (frame.f_code, frame.f_lasti)
    problem = _PROBLEMS.get(at)
    if problem is None:
        problem = _PROBLEMS[at] = _read_problem(frame)
    return problem


def _read_problem(frame: types.FrameType) -> str:
    """Whether a frame suspended in a call holds state outside its locals, read from the
    source: the call's span (``co_positions`` of the instruction running, a documented API)
    found in the function's syntax tree, and the blocks around it. A frame whose source cannot
    be read, or whose call cannot be found in it, is refused."""
    code = frame.f_code
    where = f"{code.co_name} (line {frame.f_lineno})"
    if code.co_flags & _GENERATOR:
        return f"the step is made inside the generator {where}"
    source = _source(code.co_filename)
    if source is None:
        return f"the source of {where} cannot be read"
    positions = list(code.co_positions())
    k = frame.f_lasti // 2
    span = positions[k] if 0 <= k < len(positions) else None
    found = source.calls.get(span) if span is not None and None not in span else None  # type: ignore[arg-type]
    if found is None:
        return f"the call made at {where} is not found in its source"
    call, ancestors = found
    function = source.functions.get((code.co_firstlineno, code.co_name))
    if function is None:
        return f"the source of {where} cannot be matched to its code"
    parent = ancestors[0] if ancestors else None
    if not isinstance(parent, _STATEMENTS) or getattr(parent, "value", None) is not call:
        return f"the step is made in the middle of an expression in {where}"
    if isinstance(parent, ast.Assign | ast.AnnAssign):
        targets = parent.targets if isinstance(parent, ast.Assign) else [parent.target]
        if not all(_plain_names(t) for t in targets):
            return f"the step's result is stored into something other than a name in {where}"
    for node in ancestors:
        if node is function:
            return ""
        said = _HIDDEN.get(type(node))
        if said is not None:
            return "the step is made " + said.format(where=where)
        if isinstance(node, ast.Try | ast.TryStar) and any(
            _contains(stmt, call) for stmt in node.finalbody
        ):
            return f"the step is made in a finally block in {where}"
    return f"the call made at {where} is not inside its function's source"


def _plain_names(target: ast.AST) -> bool:
    if isinstance(target, ast.Name):
        return True
    return isinstance(target, ast.Tuple | ast.List) and all(map(_plain_names, target.elts))


def _contains(tree: ast.AST, node: ast.AST) -> bool:
    return any(n is node for n in ast.walk(tree))


def script_state(
    frame: types.FrameType | None, script: types.CodeType, perf: Performance, canon: Canon
) -> tuple[Any, ...] | str:
    """The state of the frames from ``frame`` (the innermost, suspended in the call that
    reached the step) out to the script's own function ``script``, as a hashable value: each
    frame's code, position and locals (cards named by ``canon``). A string says why it cannot
    be read."""
    frames = []
    try:
        while frame is not None:
            problem = frame_problem(frame)
            if problem:
                return problem
            local = frame.f_locals
            frozen = tuple(
                (name, freeze(value, canon, perf, name))
                for name, value in sorted(local.items())
                if value is not perf
            )
            frames.append((frame.f_code, frame.f_lasti, frozen))
            if frame.f_code is script:
                return tuple(frames)
            frame = frame.f_back
        return "the step is not made from the routine's script"
    except Unfreezable as exc:
        return f"the local {exc}"
    finally:
        del frame
