"""The exhaustive walk with merging: every case of a routine, each situation explored once.

The cases of a routine form a tree of choices. :class:`Walk` walks it depth first, in
lexicographic order, by running the script again for each leaf with the choices of its path
(:func:`conjure.magic.verify.walk` does the same without merging). At every step the script
begins (``p.step``) the walk takes the *situation*: everything the rest of the performance can
depend on. When it has already walked every case from an identical situation and found no
failure, the rest of this performance would be the same performance again, so it stops here
(*merged*) and counts the cases of the earlier one.

Soundness rests on the situation's key holding everything the continuation reads:

- the position (:meth:`DeckState.key`), what the audience has seen (``known``, the faces shown in
  the step, what the reveal showed), what it believes, and the cards put in play;
- the script's own Python state: the code position and the local variables of every frame from
  the script's function down to the call of ``p.step``. A local that cannot be compared by
  value (a list, a dict, an object) makes that step a place where the walk refuses to merge; so
  does a step inside a ``for`` loop (its iterator is not a local), inside a ``with`` block, or
  in the middle of an expression. Write each step's working values inside a function of its own
  (or ``del`` them) so that values the rest of the script never reads do not keep situations
  apart;
- the values of ``p.values`` that the rest of the performance reads, found by watching the
  reads: the merge of a later situation requires the same values for every name read anywhere
  in the earlier situation's subtree (reading the whole dict, ``p.choices`` or ``p.initial``
  counts as reading everything of that kind).

A script must not keep state anywhere else (a module global it changes, say): the verifier
already assumes a script replays the same way from the same choices.

With an :class:`~conjure.magic.abstraction.Abstraction` the set-up order of its cards is walked
over the classes (:class:`~conjure.magic.abstraction.ClassOrders`), situations are compared with
interchangeable cards relabelled, and :func:`~conjure.magic.abstraction.watching` checks that no
passing performance reads what the classes erase; if one does, the walk stops with
:attr:`WalkResult.refused` saying why, and the verifier walks concrete cards instead.

Every performance the walk runs is a real one (an abstract set-up is dealt with real cards), so a
failing case it meets is a real counter-example whatever the merging.
"""

from __future__ import annotations

import contextlib
import dis
import itertools
import sys
import time
import types
from collections.abc import Sequence
from typing import Any

import attrs

from conjure.deck.cards import Card
from conjure.errors import VerificationError
from conjure.magic.abstraction import Abstraction, Canon, ClassOrders, watching
from conjure.magic.choices import Permutations, option_count
from conjure.magic.routine import SETUP, Claim, Performance, Routine, perform

_CHOICES, _INITIAL, _ALL = "\0choices", "\0initial", "\0values"


class Merged(BaseException):
    """Stops a performance whose situation was already walked (not an error: the walk's own)."""


@attrs.frozen
class WalkResult:
    """What a walk found: a failing case, a proof, or why it stopped short."""

    #: every case was walked (no budget ran out, no abstraction refused)
    complete: bool
    #: the choice indices of the first failing case (into the real options), or None
    failing: list[int] | None
    #: cases covered: the leaves of the tree of concrete choices, counted exactly
    cases: int
    #: performances run (a merged one counts: it ran until it was merged)
    runs: int
    #: situations explored (steps reached in a new situation)
    states: int
    #: performances stopped at a situation already walked
    merged: int
    #: situations kept in the proof table (each stands for every case below it)
    proof_size: int
    seconds: float
    #: step -> why merging was refused there
    refused: dict[str, str] = attrs.field(factory=dict)
    #: why the abstraction was refused (a read of an erased property), or ""
    abstraction_refused: str = ""
    #: why the walk stopped short, or ""
    stopped: str = ""
    #: the abstraction used, or None
    abstraction: Abstraction | None = None


class _Node:
    """A situation met at a step, whose subtree is being walked."""

    __slots__ = ("depth", "key", "leaves", "merged", "reads", "runs", "table", "values", "where")

    def __init__(self, depth: int, key: Any, table: Canon, values: Any, where: str) -> None:
        self.depth = depth
        self.key = key
        self.table = table
        self.values = values
        self.reads: set[str] = set()
        self.leaves = 0
        self.runs = 0
        #: some run below it was merged deeper down (so its one run is in the table already)
        self.merged = False
        self.where = where


class _TrackedValues(dict):  # type: ignore[type-arg]
    """``p.values`` that tell the walk which names the rest of a performance reads."""

    run: _Run | None = None

    def _note(self, name: str) -> None:
        if self.run is not None:
            self.run.note(name)

    def __getitem__(self, name: str) -> Any:
        self._note(name)
        return dict.__getitem__(self, name)

    def get(self, name: str, default: Any = None) -> Any:
        self._note(name)
        return dict.get(self, name, default)

    def __contains__(self, name: object) -> bool:
        self._note(str(name))
        return dict.__contains__(self, name)

    def _everything(self) -> None:
        self._note(_ALL)

    def __iter__(self) -> Any:
        self._everything()
        return dict.__iter__(self)

    def __len__(self) -> int:
        self._everything()
        return dict.__len__(self)

    def keys(self) -> Any:
        self._everything()
        return dict.keys(self)

    def values(self) -> Any:
        self._everything()
        return dict.values(self)

    def items(self) -> Any:
        self._everything()
        return dict.items(self)

    def copy(self) -> dict[str, Any]:
        self._everything()
        return dict(dict.items(self))

    def __eq__(self, other: object) -> bool:
        self._everything()
        return dict.__eq__(self, other)

    __hash__ = None


class _TrackedList(list):  # type: ignore[type-arg]
    """``p.choices``: any read counts as reading the whole history of choices."""

    run: _Run | None = None

    def _note(self) -> None:
        if self.run is not None:
            self.run.note(_CHOICES)

    def __iter__(self) -> Any:
        self._note()
        return list.__iter__(self)

    def __getitem__(self, i: Any) -> Any:
        self._note()
        return list.__getitem__(self, i)

    def __len__(self) -> int:
        self._note()
        return list.__len__(self)


class _WatchedInitial:
    """``p.initial``: any use counts as reading the set-up's position."""

    def __init__(self, state: Any, run: _Run) -> None:
        object.__setattr__(self, "_state", state)
        object.__setattr__(self, "_run", run)

    def __getattr__(self, name: str) -> Any:
        self._run.note(_INITIAL)
        return getattr(self._state, name)

    def __len__(self) -> int:
        self._run.note(_INITIAL)
        return len(self._state)

    def __iter__(self) -> Any:
        self._run.note(_INITIAL)
        return iter(self._state)


class _Unfreezable(Exception):
    pass


#: the fields of a position the situation's key holds (any other refuses merging)
_POSITION = frozenset({"_undo", "behind", "breaks", "glimpsed", "packets", "spread"})
_ATOMS = (int, str, bytes, type(None))
_FUNCTIONS = (types.FunctionType, types.BuiltinFunctionType, types.MethodType)


def _freeze(value: Any, canon: Canon, perf: Performance, name: str) -> Any:
    """A hashable value equal for values the continuation cannot tell apart (cards named by
    ``canon``); raises :class:`_Unfreezable` for what cannot be compared by value."""
    t = type(value)
    if t in _ATOMS:
        return value
    if t is bool or t is float:
        return (t, value)
    if t is Card:
        return (Card, canon.card(value.code))
    if t is tuple:
        return tuple(_freeze(v, canon, perf, name) for v in value)
    if t is frozenset:
        return (frozenset, frozenset(_freeze(v, canon, perf, name) for v in value))
    if t is range:
        return (range, value.start, value.stop, value.step)
    if value is perf:
        return (Performance,)
    if t is types.FunctionType:
        cells = tuple(
            _freeze(c.cell_contents, canon, perf, name) for c in (value.__closure__ or ())
        )
        defaults = _freeze(value.__defaults__ or (), canon, perf, name)
        return (t, value.__code__, cells, defaults)
    if t in (types.ModuleType, type, types.BuiltinFunctionType) or isinstance(value, type):
        return (id, value)
    if t is types.MethodType:
        return (t, _freeze(value.__self__, canon, perf, name), value.__func__)
    if isinstance(value, Routine):
        return (id, value)
    if attrs.has(t) and t.__hash__ is not None and getattr(t, "__attrs_attrs__", None):
        if t.__setattr__ is object.__setattr__:  # not frozen: may change under the key
            raise _Unfreezable(f"{name} holds a {t.__name__} that can change")
        return (
            t,
            tuple(_freeze(getattr(value, f.name), canon, perf, name) for f in attrs.fields(t)),
        )
    raise _Unfreezable(f"{name} holds a {t.__name__}, which the walk cannot compare by value")


class _FrameInfo:
    """Per code object: the ranges of its ``for`` loops, and the calls made as statements."""

    __slots__ = ("loops", "statements", "with_block")

    def __init__(self, code: types.CodeType) -> None:
        instructions = [i for i in dis.get_instructions(code) if i.opname != "CACHE"]
        self.loops = [
            (i.offset, i.argval)
            for i in instructions
            if i.opname == "FOR_ITER" and isinstance(i.argval, int)
        ]
        self.with_block = any(
            i.opname in ("BEFORE_WITH", "BEFORE_ASYNC_WITH") for i in instructions
        )
        fine = {"POP_TOP", "STORE_FAST", "STORE_NAME", "STORE_DEREF", "STORE_GLOBAL",
                "RETURN_VALUE"}  # fmt: skip
        # a frame in a call reports the call's last code unit (its inline caches included)
        self.statements = {
            b.offset - 2
            for a, b in itertools.pairwise(instructions)
            if a.opname.startswith("CALL") and b.opname in fine
        }


_FRAMES: dict[types.CodeType, _FrameInfo] = {}


_PROBLEMS: dict[tuple[types.CodeType, int], str] = {}


def _frame_problem(frame: types.FrameType) -> str:
    """Why the walk cannot read all of ``frame``'s state where it is ("" when it can)."""
    at = (frame.f_code, frame.f_lasti)
    problem = _PROBLEMS.get(at)
    if problem is None:
        problem = _PROBLEMS[at] = _read_problem(frame)
    return problem


def _read_problem(frame: types.FrameType) -> str:
    code = frame.f_code
    info = _FRAMES.get(code)
    if info is None:
        info = _FRAMES[code] = _FrameInfo(code)
    where = f"{code.co_name} (line {frame.f_lineno})"
    if code.co_flags & (0x20 | 0x80 | 0x200):  # generator, coroutine, async generator
        return f"the step is made inside the generator {where}"
    at = frame.f_lasti
    if any(start <= at < end for start, end in info.loops):
        return f"the step is made inside a for loop in {where}: its iterator is not a local"
    if info.with_block:
        return f"{where} has a with block, whose state the walk cannot read"
    if at not in info.statements:
        return f"the step is made in the middle of an expression in {where}"
    return ""


def _class_orders(
    abstraction: Abstraction, cache: dict[int, ClassOrders], options: Any, used: set[int]
) -> ClassOrders | None:
    """The set-up orders over classes for ``options``, when it is an order of cards whose
    classes no earlier set-up choice of the path reduced (the symmetry is whole only then)."""
    if not isinstance(options, Permutations) or not options.items:
        return None
    orders = cache.get(id(options.items))
    if orders is None or orders.items is not options.items:
        if not all(type(item) is Card for item in options.items):
            return None
        orders = ClassOrders(abstraction, options.items)
        cache[id(options.items)] = orders
    if orders.weight == 1 or orders.classes & used:
        return None
    return orders


class _Run:
    """The chooser of one performance of the walk: the choices of its path, then first
    options; at each step it asks the walk whether the situation was walked before."""

    __slots__ = (
        "at",
        "concrete",
        "indices",
        "leaves",
        "ordinal",
        "prefix",
        "probe",
        "reads",
        "sizes",
        "used",
        "walk",
        "weights",
    )

    def __init__(self, walk: Walk, prefix: Sequence[int]) -> None:
        self.walk = walk
        self.prefix = prefix
        self.at = 0
        self.indices: list[int] = []
        self.sizes: list[int] = []
        self.weights: list[int] = []
        #: per choice: the real index, or the value to look up when a case must be replayed
        self.concrete: list[Any] = []
        self.used: set[int] = set()
        self.ordinal = 0
        #: reads of p.values, by the number of steps passed when they were made
        self.reads: list[set[str]] = []
        #: cases the run stands for (an earlier walk's count when merged)
        self.leaves = 1
        #: stop at the first choice (to count its options)
        self.probe = False

    def note(self, name: str) -> None:
        if self.reads:
            self.reads[-1].add(name)

    def pick(self, kind: str, name: str, options: Any) -> int:
        raise VerificationError("the walk picks values (pick_value)")  # pragma: no cover

    def pick_value(self, perf: Performance, kind: str, name: str, options: Any) -> tuple[int, Any]:
        walk = self.walk
        orders = None
        if walk.abstraction is not None and kind == SETUP and perf.initial is None:
            orders = walk.orders(options, self.used)
        if orders is not None:
            n, weight = orders.size, orders.weight
            self.used |= orders.classes
        else:
            n, weight = option_count(options), 1
        i = self.prefix[self.at] if self.at < len(self.prefix) else 0
        i = min(i, n - 1)
        self.at += 1
        self.indices.append(i)
        self.sizes.append(n)
        self.weights.append(weight)
        if self.probe:
            raise Merged
        if orders is not None:
            value = orders[i]
            self.concrete.append((options, value))
            return i, value
        self.concrete.append(i)
        return i, options[i]

    def checkpoint(self, perf: Performance) -> None:
        walk = self.walk
        k = self.ordinal
        self.ordinal += 1
        self.reads.append(set())
        if k == 0:
            self._track(perf)
        depth = len(self.indices)
        if k < len(walk.open):  # a situation of this path, still being walked
            if walk.open[k].depth != depth:
                raise VerificationError(
                    f"routine {walk.routine.id!r} does not replay the same way from the same "
                    "choices (a script must not keep state outside the performance)"
                )
            return
        where = perf.at
        if walk.merge:
            key, table = walk.situation(perf, where)
        else:
            key, table = None, Canon(None, {}, ())
        if key is not None:
            for names, values, leaves in walk.memo.get(key, ()):
                if all(
                    walk.value_key(perf, name, table) == value
                    for name, value in zip(names, values, strict=True)
                ):
                    walk.merged += 1
                    self.leaves = leaves
                    self.reads[-1].update(names)
                    raise Merged
        walk.states += 1
        snapshot = (dict(dict.items(perf.values)), tuple(dict.items(perf.values)))
        walk.open.append(_Node(depth, key, table, (snapshot, perf), where))

    def _track(self, perf: Performance) -> None:
        values = _TrackedValues(dict.items(perf.values) if perf.values else ())
        values.run = self
        perf.values = values
        choices = _TrackedList(perf.choices)
        choices.run = self
        perf.choices = choices
        if perf.initial is not None:
            perf.initial = _WatchedInitial(perf.initial, self)  # type: ignore[assignment]


class Walk:
    """One walk of a routine's tree of choices, merging identical situations at steps.

    ``budget`` caps the performances run; ``first`` restricts the first choice to a range of
    its options (a share of the work for one process). :meth:`run` returns a
    :class:`WalkResult`; :attr:`memo` keeps the proof table (situation -> the names of the
    values its subtree read, their values, and the cases below it) for callers that explore
    further on top of the walk."""

    def __init__(
        self,
        routine: Routine,
        params: dict[str, int],
        claims: Sequence[Claim],
        *,
        abstraction: Abstraction | None = None,
        budget: int = 1_000_000,
        first: range | None = None,
        merge: bool = True,
    ) -> None:
        self.routine = routine
        self.params = params
        self.claims = tuple(claims)
        self.abstraction = abstraction
        self.budget = budget
        self.first = first
        self.merge = merge
        self.memo: dict[Any, list[tuple[tuple[str, ...], tuple[Any, ...], int]]] = {}
        self.open: list[_Node] = []
        self.states = 0
        self.merged = 0
        self.refused: dict[str, str] = {}
        self._orders: dict[int, ClassOrders] = {}
        self._script = getattr(routine.script, "__code__", None)

    # -- situations --------------------------------------------------------------------------

    def orders(self, options: Any, used: set[int]) -> ClassOrders | None:
        assert self.abstraction is not None
        return _class_orders(self.abstraction, self._orders, options, used)

    def situation(self, perf: Performance, where: str) -> tuple[Any, Canon]:
        """The key of the situation at a step, with its relabelling table, or ``(None, …)``
        when the walk cannot know what the rest of the script depends on."""
        state = perf.state
        places = sorted(state.packets)
        table = Canon(
            None if self.abstraction is None else self.abstraction.table, state.packets, places
        )
        card = table.card
        frames = []
        if self._script is None:
            self.refused.setdefault(where, "the routine's script is not a plain function")
            return None, table
        frame: types.FrameType | None = sys._getframe(3)  # checkpoint <- step <- the script
        try:
            while frame is not None:
                problem = _frame_problem(frame)
                if problem:
                    self.refused.setdefault(where, problem)
                    return None, table
                local = frame.f_locals
                frozen = tuple(
                    (name, _freeze(value, table, perf, name))
                    for name, value in sorted(local.items())
                    if value is not perf
                )
                frames.append((frame.f_code, frame.f_lasti, frozen))
                if frame.f_code is self._script:
                    break
                frame = frame.f_back
            else:
                self.refused.setdefault(where, "the step is not made from the routine's script")
                return None, table
        except _Unfreezable as exc:
            self.refused.setdefault(where, f"the local {exc}")
            return None, table
        finally:
            del frame
        try:
            beliefs = tuple(
                (place, _freeze(belief, table, perf, "a belief"))
                for place, belief in sorted(perf.beliefs.items())
            )
        except _Unfreezable as exc:
            self.refused.setdefault(where, str(exc))
            return None, table
        unknown = set(type(state).__slots__) - _POSITION
        if unknown:  # a field of the position this walk was not written for: it could matter
            self.refused.setdefault(
                where, f"the position has fields the walk does not know ({', '.join(unknown)})"
            )
            return None, table
        glimpsed = getattr(state, "glimpsed", None)
        slip = perf.slip.key() if perf.slip is not None else None
        key = (
            perf.at,
            table.key,
            tuple(sorted(state.breaks.items())) if state.breaks else (),
            tuple(sorted(state.spread.items())) if state.spread else (),
            state.behind,
            frozenset(map(card, glimpsed)) if glimpsed else None,
            frozenset(map(card, perf.known)),
            frozenset(map(card, perf.shown_in_step)),
            tuple(
                (place, tuple(card(c.code) for c in cards))
                for place, cards in sorted(perf.revealed.items())
            ),
            frozenset(map(card, perf._revealed_codes)),
            beliefs,
            perf.in_play,
            slip,
            tuple(frames),
        )
        return key, table

    def value_key(self, perf: Performance, name: str, canon: Canon) -> Any:
        """What the continuation reads under ``name``, comparable across situations."""
        try:
            if name == _CHOICES:
                return tuple((c.kind, c.name, c.index) for c in list.__iter__(perf.choices))
            if name == _INITIAL:
                return object()  # the set-up's position: never merged on
            if name == _ALL:
                return tuple(
                    (k, _freeze(v, canon, perf, k)) for k, v in sorted(dict.items(perf.values))
                )
            if not dict.__contains__(perf.values, name):
                return (_ALL,)  # absent
            return _freeze(dict.__getitem__(perf.values, name), canon, perf, name)
        except _Unfreezable:
            return object()  # equal to nothing: no merge

    # -- the walk -----------------------------------------------------------------------------

    def first_size(self) -> int:
        """How many options the first choice offers (over classes where the abstraction
        applies); 0 when the routine makes no choice."""
        run = _Run(self, [])
        run.probe = True
        with contextlib.suppress(Merged):
            perform(self.routine, self.params, run, record=False, claims=self.claims)
        return run.sizes[0] if run.sizes else 0

    def run(self) -> WalkResult:
        start = time.perf_counter()
        if self.abstraction is not None:
            with watching(self.abstraction) as watch:
                result = self._walk(start, watch)
            return result
        return self._walk(start, None)

    def _walk(self, start: float, watch: Any) -> WalkResult:
        first = self.first
        prefix: list[int] = [first.start] if first is not None else []
        runs = cases = 0
        while True:
            run = _Run(self, prefix)
            runs += 1
            merged = False
            try:
                outcome = perform(self.routine, self.params, run, record=False, claims=self.claims)
            except Merged:
                ok = merged = True
            else:
                ok = outcome.ok
            if not ok:  # counted as the case after the ones proved so far
                return self._result(start, runs, cases + 1, False, failing=self._concrete(run))
            if watch is not None and watch.refusals:
                why = "; ".join(map(str, watch.refusals[:2]))
                return self._result(start, runs, cases, False, refused=why)
            weights = run.weights
            below = [1] * (len(weights) + 1)
            for j in range(len(weights) - 1, -1, -1):
                below[j] = below[j + 1] * weights[j]
            cases += below[0] * run.leaves
            reads = run.reads
            after: set[str] = set()
            suffix: list[set[str]] = [set()] * len(reads)
            for j in range(len(reads) - 1, -1, -1):
                if reads[j]:
                    after = after | reads[j]
                suffix[j] = after
            for k, node in enumerate(self.open):
                node.runs += 1
                node.merged = node.merged or merged
                node.leaves += below[node.depth] * run.leaves
                if k < len(suffix) and suffix[k]:
                    node.reads |= suffix[k]
            idx, sizes = run.indices, run.sizes
            i = len(idx) - 1
            while i >= 0 and idx[i] >= sizes[i] - 1:
                i -= 1
            if first is not None and i == 0 and idx[0] + 1 >= first.stop:
                i = -1  # the end of this share of the first choice
            while self.open and self.open[-1].depth > i:
                self._close(self.open.pop())
            if i < 0:
                return self._result(start, runs, cases, True)
            if runs >= self.budget:
                return self._result(
                    start,
                    runs,
                    cases,
                    False,
                    stopped=f"the walk ran {runs:,} performances (its budget) without finishing",
                )
            prefix = [*idx[:i], idx[i] + 1]

    def _close(self, node: _Node) -> None:
        """A situation whose subtree is walked: into the proof canon (when it was worth it)."""
        if node.key is None or (node.runs < 2 and node.merged):
            return  # its one performance was merged further down: nothing to gain
        (values, _items), perf = node.values
        names = tuple(sorted(node.reads))
        if _ALL in node.reads:
            names = tuple(sorted({*names, *values}))
        saved = self._saved(perf, values, node.table)
        self.memo.setdefault(node.key, []).append(
            (names, tuple(saved(name) for name in names), node.leaves)
        )

    def _saved(self, perf: Performance, values: dict[str, Any], canon: Canon) -> Any:
        """Reads of the values as they were at the situation (not as the path left them)."""

        def saved(name: str) -> Any:
            if name in (_CHOICES, _INITIAL):
                return object()  # the history at that moment is not kept: never merged on
            if name == _ALL:
                return tuple((k, _freeze(v, canon, perf, k)) for k, v in sorted(values.items()))
            if name not in values:
                return (_ALL,)
            try:
                return _freeze(values[name], canon, perf, name)
            except _Unfreezable:
                return object()

        return saved

    def _concrete(self, run: _Run) -> list[int]:
        out = []
        for item in run.concrete:
            if isinstance(item, tuple):
                options, value = item
                out.append(options.index_of(value, lambda a, b: a == b))
            else:
                out.append(item)
        return out

    def _result(
        self,
        start: float,
        runs: int,
        cases: int,
        complete: bool,
        failing: list[int] | None = None,
        refused: str = "",
        stopped: str = "",
    ) -> WalkResult:
        return WalkResult(
            complete=complete,
            failing=failing,
            cases=cases,
            runs=runs,
            states=self.states,
            merged=self.merged,
            proof_size=sum(len(v) for v in self.memo.values()),
            seconds=time.perf_counter() - start,
            refused=dict(self.refused),
            abstraction_refused=refused,
            stopped=stopped,
            abstraction=self.abstraction,
        )


def widest_segment(
    routine: Routine,
    params: dict[str, int],
    claims: Sequence[Claim],
    abstraction: Abstraction | None,
    paths: int = 16,
) -> int:
    """A lower bound on the performances a merging walk must run: along random paths, the
    largest product of option counts between two steps (options with no step between them
    cannot be merged, so each combination is run from every situation that reaches them)."""
    import random

    rng = random.Random(0)
    widest = 1
    probe = _Probe(rng, abstraction)
    for _ in range(paths):
        probe.reset()
        perform(routine, params, probe, record=False, claims=claims)
        widest = max(widest, probe.widest, probe.product)
    return widest


class _Probe:
    """Uniform picks (over classes where the abstraction applies), measuring the products of
    option counts between steps."""

    def __init__(self, rng: Any, abstraction: Abstraction | None) -> None:
        self.rng = rng
        self.abstraction = abstraction
        self.cache: dict[int, ClassOrders] = {}
        self.reset()

    def reset(self) -> None:
        self.product = 1
        self.widest = 1
        self.used: set[int] = set()

    def pick(self, kind: str, name: str, options: Any) -> int:  # pragma: no cover
        raise VerificationError("the probe picks values (pick_value)")

    def pick_value(self, perf: Performance, kind: str, name: str, options: Any) -> tuple[int, Any]:
        orders = None
        if self.abstraction is not None and kind == SETUP and perf.initial is None:
            orders = _class_orders(self.abstraction, self.cache, options, self.used)
        if orders is not None:
            self.used |= orders.classes
            n = orders.size
            self.product *= n
            i = self.rng.randrange(min(n, 64))  # the running orders are cheap near the start
            return i, orders[i]
        n = option_count(options)
        self.product *= n
        i = self.rng.randrange(n)
        return i, options[i]

    def checkpoint(self, perf: Performance) -> None:
        self.widest = max(self.widest, self.product)
        self.product = 1
