"""The exhaustive walk with merging: every case of a routine, each situation explored once, and
the exact odds of every claim.

The cases of a routine form a tree of choices. :class:`Walk` walks it depth first, in
lexicographic order, by running the script again for each leaf with the choices of its path.
At every step the script begins (``p.step``) the walk takes the *situation*: everything the
rest of the performance can depend on. When it has already walked every case from an identical
situation, the rest of this performance would be the same performances again, so it stops here
(*merged*) and counts the cases, and the odds, of the earlier one.

Soundness rests on the situation's key holding everything the continuation reads:

- the position (the packets, breaks, spreads, hands behind backs, cards glimpsed), what the
  audience has seen (``known``, the faces shown in the step, what the reveal showed), what it
  believes, and the cards put in play;
- the script's own Python state, read by :mod:`conjure.magic.frames` (the code position and
  the locals of every frame from the script down to the step, from the source, on the Pythons
  where that was tested; a step where it cannot be read is not merged, and the report says why);
- the values of ``p.values`` that the rest of the performance reads, found by watching the
  reads: the merge of a later situation requires the same values for every name read anywhere
  in the earlier situation's subtree.

A script must not keep state anywhere else (a module global it changes, say): the verifier
already assumes a script replays the same way from the same choices.

A shuffle (:meth:`Performance.shuffle <conjure.magic.Performance.shuffle>`) is walked card by
card: the top card of the shuffled packet comes from one half or the other, then the next, and
between two cards the situation is the cards placed so far and how many of each half are left
(the script, suspended in the shuffle, is the same for all of them). Where every claim reads
the cards that end in some places only as a group (:func:`conjure.magic.each_group`), cards of
the shuffled packet bound for the same group are compared as a set, so that two shuffles that
differ only by a swap within a group are one situation: this is what makes the proof of a
riffle principle on a full deck small (for the Gilbreath principle, a few thousand situations
for 52 cards, growing with the square of the deck). Two things are checked on every run, and
either one refuses the sets (the walk starts again comparing cards one by one, and says why):
that each card of the shuffled packet ends in the same group in every run, and that nothing
after the shuffle reads a property of one of its cards but the group claims themselves.

With an :class:`~conjure.magic.abstraction.Abstraction` the set-up order of its cards is walked
over the classes (:class:`~conjure.magic.abstraction.ClassOrders`), situations are compared with
interchangeable cards relabelled, and :func:`~conjure.magic.abstraction.watching` checks that no
passing performance reads what the classes erase; if one does, the walk stops with
:attr:`WalkResult.abstraction_refused` saying why, and the verifier walks concrete cards instead.

The odds (:mod:`conjure.magic.odds`): every leaf is reached with the product of the
probabilities of the options on its path (uniform, or the routine's weights; a riffle is
uniform over every interleaving, so the top card comes from a half in proportion to its cards
left). Each situation keeps, besides its count of cases, the probability of failing below it,
as a fraction, for the performance as a whole and for each claim; a merged performance adds the
earlier situation's, weighted by its own path.

Every performance the walk runs is a real one (an abstract set-up is dealt with real cards), so a
failing case it meets is a real counter-example whatever the merging.
"""

from __future__ import annotations

import contextlib
import math
import sys
import time
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import attrs

from conjure.errors import VerificationError
from conjure.magic.abstraction import (
    QUIET,
    Abstraction,
    Canon,
    ClassOrders,
    ReadWatch,
    watching,
)
from conjure.magic.choices import Permutations, Weighted, option_count
from conjure.magic.frames import Unfreezable, frames_checked, freeze, script_state
from conjure.magic.odds import WORKS
from conjure.magic.performance import Outcome, Performance, perform
from conjure.magic.routine import SETUP, SPECTATOR, Claim, Routine
from conjure.text import Text

_CHOICES, _INITIAL, _ALL = "\0choices", "\0initial", "\0values"
#: the counts made so far (:meth:`Performance.counted`), read as a whole like the choices
_COUNTS = "\0counts"
_ONE = Fraction(1)
#: how often the walk looks at its memory while walking (every so many situations closed)
_MEMORY_EVERY = 2048


class Merged(BaseException):
    """Stops a performance whose situation was already walked (not an error: the walk's own)."""


class _Restart(BaseException):
    """Stops the walk: a shortcut it took was refused (why is in ``args[0]``)."""


@attrs.frozen
class WalkResult:
    """What a walk found: a failing case, a proof, or why it stopped short."""

    #: every case was walked (no budget ran out, no abstraction refused)
    complete: bool
    #: the choice indices of the first failing case (into the real options), or None
    failing: list[int] | None
    #: cases covered: the leaves of the tree of concrete choices, counted exactly (up to and
    #: including the first failure, when the walk stopped there)
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
    #: the case number of the first failing case (cases before it, plus one), or 0
    first_at: int = 0
    #: cases that fail, counted exactly (when ``complete``)
    failed: int = 0
    #: the probability of failing, over every case walked: ``""`` for the routine as a
    #: whole (any failure, any claim), else by claim id (a failure on the way fails them all)
    failing_odds: dict[str, Fraction] = attrs.field(factory=dict)
    #: shortcuts the walk had to give up and walked again without (in English)
    given_up: tuple[str, ...] = ()
    #: why the walk stopped short, in every language (``stopped`` is its English)
    stopped_said: Text = attrs.field(factory=lambda: Text(""))


class _Entry:
    """A situation walked, in the proof table: the names of the values its subtree read and
    their values there, the cases below it, the cases that fail, and the odds of failing."""

    __slots__ = ("fail", "failed", "leaves", "names", "values")

    def __init__(
        self, names: tuple[str, ...], values: tuple[Any, ...], leaves: int, failed: int,
        fail: dict[str, Fraction],
    ) -> None:  # fmt: skip
        self.names = names
        self.values = values
        self.leaves = leaves
        self.failed = failed
        self.fail = fail


class _Node:
    """A situation met at a step or between two cards of a shuffle, whose subtree is being
    walked."""

    __slots__ = (
        "depth", "fail", "failed", "key", "leaves", "merged", "reads", "runs", "table",
        "values", "where",
    )  # fmt: skip

    def __init__(self, depth: int, key: Any, table: Canon | None, values: Any, where: str):
        self.depth = depth
        self.key = key
        self.table = table
        self.values = values
        self.reads: set[str] = set()
        self.leaves = 0
        self.failed = 0
        self.runs = 0
        #: the probability of failing below it, given it was reached (WORKS, claim ids)
        self.fail: dict[str, Fraction] = {}
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
    """``p.choices`` (or ``p.counts``): any read counts as reading the whole history."""

    run: _Run | None = None
    name = _CHOICES

    def _note(self) -> None:
        if self.run is not None:
            self.run.note(self.name)

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


#: the fields of a position the situation's key holds (any other refuses merging)
_POSITION = frozenset({"_undo", "behind", "breaks", "glimpsed", "packets", "spread"})


def _class_orders(
    abstraction: Abstraction, cache: dict[Any, ClassOrders], options: Any, used: set[int]
) -> ClassOrders | None:
    """The set-up orders over classes for ``options``, when it is an order of cards whose
    classes no earlier set-up choice of the path reduced (the symmetry is whole only then)."""
    if not isinstance(options, Permutations) or not options.items:
        return None
    orders = cache.get(options.items)
    if orders is None:
        if not all(type(item).__name__ == "Card" for item in options.items):
            return None
        orders = ClassOrders(abstraction, options.items)
        cache[options.items] = orders
    if orders.weight == 1 or orders.classes & used:
        return None
    return orders


class _Shuffle:
    """A shuffle met at one place of the tree (the same for every run that gets there): the
    packet, and where each of its positions ends (the groups a claim reads as sets)."""

    __slots__ = ("exact", "groups", "packet")

    def __init__(self, packet: bytes) -> None:
        self.packet = packet
        #: position in the shuffled packet -> the group it ends in (-1: read one by one), or
        #: None until a run has ended
        self.groups: tuple[int, ...] | None = None
        #: compare the cards one by one here (a card of the packet was already seen)
        self.exact = False


class _Run:
    """The chooser of one performance of the walk: the choices of its path, then first
    options; at each step, and between two cards of a shuffle, it asks the walk whether the
    situation was walked before."""

    __slots__ = (
        "branches", "concrete", "fail", "failed", "indices", "leaves", "ordinal", "prefix",
        "probe", "probs", "reads", "shuffled", "sizes", "used", "walk", "weight", "weights",
    )  # fmt: skip

    def __init__(self, walk: Walk, prefix: Sequence[int]) -> None:
        self.walk = walk
        self.prefix = prefix
        #: per option taken (a choice, or a card of a shuffle): its index, how many options
        #: there were, how many concrete cases each stands for, its probability (as a
        #: numerator and a denominator: fractions are made only where something fails)
        self.indices: list[int] = []
        self.sizes: list[int] = []
        self.weights: list[int] = []
        self.probs: list[tuple[int, int]] = []
        #: the options with another option after them, in order (the next run turns at the
        #: last), and the product of the weights (the concrete cases the run's path stands for)
        self.branches: list[int] = []
        self.weight = 1
        #: per choice: the real index, or the value to look up when a case must be replayed
        self.concrete: list[Any] = []
        self.used: set[int] = set()
        self.ordinal = 0
        #: reads of p.values, by the number of the situation after which they were made
        self.reads: dict[int, set[str]] = {}
        #: cases the run stands for (an earlier walk's count when merged), those that fail,
        #: and the probability of failing it stands for (given its path)
        self.leaves = 1
        self.failed = 0
        self.fail: dict[str, Fraction] = {}
        #: stop at the first choice (to count its options)
        self.probe = False
        #: the shuffles made: (the shuffle, the packet as shuffled)
        self.shuffled: list[tuple[_Shuffle, bytes]] = []

    def note(self, name: str) -> None:
        if self.ordinal:
            self.reads.setdefault(self.ordinal - 1, set()).add(name)

    def _option(self, n: int, weight: int, num: int, den: int) -> int:
        at = len(self.indices)
        i = min(self.prefix[at], n - 1) if at < len(self.prefix) else 0
        self.indices.append(i)
        self.sizes.append(n)
        self.weights.append(weight)
        self.probs.append((num, den))
        if i < n - 1:
            self.branches.append(at)
        if weight != 1:
            self.weight *= weight
        if self.probe:
            raise Merged
        return i

    def _next(self) -> int:
        at = len(self.indices)
        return self.prefix[at] if at < len(self.prefix) else 0

    def pick(self, kind: str, name: str, options: Any) -> int:
        raise VerificationError("the walk picks values (pick_value)")  # pragma: no cover

    def pick_value(self, perf: Performance, kind: str, name: str, options: Any) -> tuple[int, Any]:
        walk = self.walk
        orders = None
        if walk.abstraction is not None and kind == SETUP and perf.initial is None:
            orders = walk.orders(options, self.used)
        if orders is not None:
            self.used |= orders.classes
            i = self._option(orders.size, orders.weight, 1, orders.size)
            value = orders[i]
            self.concrete.append((options, value))
            return i, value
        n = option_count(options)
        if isinstance(options, Weighted):
            chance = options.probability(min(self._next(), n - 1))
            i = self._option(n, 1, chance.numerator, chance.denominator)
        else:
            i = self._option(n, 1, 1, n)
        self.concrete.append(i)
        return i, options[i]

    def pick_interleaving(self, perf: Performance, name: str, options: Any) -> tuple[int, Any]:
        """A shuffle, card by card: each card of the shuffled packet, top first, from one half
        or the other, with a situation to merge at before each card."""
        from conjure.deck.shuffles import Riffle, Riffles

        walk = self.walk
        packet = perf.state.packets.get(options.place, b"") if isinstance(options, Riffles) else b""
        if (
            not walk.interleave
            or not packet
            or len(packet) != options.size_cards
            or self.probe
            or (walk.first is not None and not self.indices)  # shared as one choice
        ):
            return self.pick_value(perf, SPECTATOR, name, options)
        n = len(packet)
        site = (tuple(self.indices), options.place, options.cuts)
        shuffle = walk.shuffles.get(site)
        if shuffle is None:
            shuffle = walk.shuffles[site] = _Shuffle(packet)
            seen = perf.known | perf.shown_in_step | perf._revealed_codes
            seen |= set(getattr(perf.state, "glimpsed", ()) or ())
            shuffle.exact = not walk.sets or bool(seen.intersection(b & 0x3F for b in packet))
        cuts = options.cuts
        if len(cuts) > 1:
            c = min(self._next(), len(cuts) - 1)
            c = self._option(len(cuts), 1, math.comb(n, cuts[c]), options.size)
        else:
            c = 0
        k = cuts[c]
        tops, bottoms = packet[:k], packet[k:]
        base = len(self.indices)  # the option of the shuffle's first card
        where = (site, k)
        keys = _Keys(walk, shuffle, n) if walk.merge else None
        built = bytearray()
        letters: list[str] = []
        t = 0
        while True:  # down to a riffle the script goes on with, turning back where merged
            entry = self._riffle_down(perf, keys, where, t, n, k, tops, bottoms, built, letters)
            if entry is None:
                break
            # the situation was walked before: the walk counts it here and turns at the last
            # card with another option, without running the script again, while that card is
            # one of this shuffle's
            self.leaves, self.failed, self.fail = entry.leaves, entry.failed, entry.fail
            turn = self.branches[-1] if self.branches else -1
            if turn < base:
                raise Merged
            walk.count_merge(self, turn)
            t = self._turn(turn, base, built, letters)
            if keys is not None:
                keys.reset(built)
        value = Riffle(options.place, "".join(letters))
        index = options.index_of_value(value)
        self.concrete.append(index)
        self.shuffled.append((shuffle, bytes(built)))
        if walk.sets and not shuffle.exact:
            watch = walk.read_watch()
            watch.codes = watch.codes | frozenset(b & 0x3F for b in packet)
            watch.armed = True
        return index, value

    def _riffle_down(
        self,
        perf: Performance,
        keys: _Keys | None,
        where: Any,
        t: int,
        n: int,
        k: int,
        tops: bytes,
        bottoms: bytes,
        built: bytearray,
        letters: list[str],
    ) -> _Entry | None:
        """Cards from ``t`` on, each from one half or the other as the path says (then the
        first option), to the end of the riffle, or to a situation walked before (returned)."""
        walk = self.walk
        prefix, indices, sizes, weights, probs = (
            self.prefix, self.indices, self.sizes, self.weights, self.probs
        )  # fmt: skip
        reached = len(prefix)
        i = letters.count("T")
        j = t - i
        last = letters[-1] if letters else "T"
        while t < n:
            if t:  # a situation between two cards
                ordinal = self.ordinal
                self.ordinal += 1
                if ordinal >= len(walk.open):
                    entry = self._between(perf, keys, where, t, i, built)
                    if entry is not None:
                        return entry
            left_t, left_b = k - i, n - k - j
            at = len(indices)
            if left_t and left_b:
                d = prefix[at] if at < reached else 0
                if d:
                    letter = "B" if last == "T" else "T"
                else:
                    letter = last
                    self.branches.append(at)
                indices.append(1 if d else 0)
                sizes.append(2)
                probs.append((left_t if letter == "T" else left_b, left_t + left_b))
            else:
                letter = "T" if left_t else "B"
                indices.append(0)
                sizes.append(1)
                probs.append((1, 1))
            weights.append(1)
            if letter == "T":
                built.append(tops[i])
                i += 1
            else:
                built.append(bottoms[j])
                j += 1
            if keys is not None:
                keys.place(t, built[t])
            letters.append(letter)
            last = letter
            t += 1
        return None

    def _turn(self, turn: int, base: int, built: bytearray, letters: list[str]) -> int:
        """Back to the card at option ``turn`` of a shuffle, to take its other option: the
        path cut there, and the cards placed before it kept. Returns that card's number."""
        t = turn - base
        del self.indices[turn:], self.sizes[turn:], self.weights[turn:], self.probs[turn:]
        del built[t:], letters[t:]
        self.branches.pop()
        self.prefix = [*self.indices, 1]
        # the situation before this card is still open: the card's checkpoint is passed again
        opened = self.walk.open
        again = t > 0 and bool(opened) and opened[-1].depth == turn
        self.ordinal = len(opened) - 1 if again else len(opened)
        self.leaves, self.failed, self.fail = 1, 0, {}
        return t

    def _between(
        self, perf: Performance, keys: _Keys | None, where: Any, t: int, i: int, built: bytearray
    ) -> _Entry | None:
        """The situation after ``t`` cards of a shuffle, ``i`` of them from the top half: the
        proof table's entry when it was walked before, else a new situation to walk."""
        walk = self.walk
        depth = len(self.indices)
        if keys is None:
            walk.open.append(_Node(depth, None, None, None, perf.at))
            walk.states += 1
            return None
        key = ("shuffle", where, t, i, keys.key(t, built))
        found = walk.memo.get(key)
        if found:
            walk.merged += 1
            return found[0]
        walk.states += 1
        walk.open.append(_Node(depth, key, None, None, perf.at))
        return None

    def checkpoint(self, perf: Performance) -> None:
        walk = self.walk
        k = self.ordinal
        self.ordinal += 1
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
        key, table = (None, None)
        if walk.merge and walk.worth_keying(where):
            key, table = walk.situation(perf, where)
        if key is not None and table is not None:
            for entry in walk.memo.get(key, ()):
                if all(
                    walk.value_key(perf, name, table) == value
                    for name, value in zip(entry.names, entry.values, strict=True)
                ):
                    walk.merged += 1
                    walk.hit(where)
                    if entry.names:
                        self.reads.setdefault(k, set()).update(entry.names)
                    self._merged(entry)
        walk.states += 1
        snapshot = (dict(dict.items(perf.values)), tuple(dict.items(perf.values)))
        walk.open.append(_Node(depth, key, table, (snapshot, perf), where))

    def _merged(self, entry: _Entry) -> None:
        self.leaves = entry.leaves
        self.failed = entry.failed
        self.fail = entry.fail
        raise Merged

    def _track(self, perf: Performance) -> None:
        values = _TrackedValues(dict.items(perf.values) if perf.values else ())
        values.run = self
        perf.values = values
        choices = _TrackedList(perf.choices)
        choices.run = self
        perf.choices = choices
        counts = _TrackedList(perf.counts)
        counts.run = self
        counts.name = _COUNTS
        perf.counts = counts
        if perf.initial is not None:
            perf.initial = _WatchedInitial(perf.initial, self)  # type: ignore[assignment]


class _Keys:
    """The cards placed so far in a shuffle, as a key: each card named by its class (with its
    face), and, once every run has shown which group each position ends in, the cards of one
    group as a set. Kept card by card, so that a key costs the cards of the groups not yet
    complete, not the whole packet."""

    __slots__ = ("done", "groups", "open", "size", "table")

    def __init__(self, walk: Walk, shuffle: _Shuffle, n: int) -> None:
        self.table = walk.abstraction.table if walk.abstraction is not None else None
        groups = shuffle.groups if not shuffle.exact else None
        self.groups = groups
        #: cards of each group still open, and the groups (or single cards) closed, in order
        self.open: dict[int, list[int]] = {}
        self.done: list[Any] = []
        self.size: dict[int, int] = {}
        if groups is not None:
            for g in groups:
                if g >= 0:
                    self.size[g] = self.size.get(g, 0) + 1

    def reset(self, built: bytearray) -> None:
        """The key of the cards ``built``, placed again from the first."""
        self.open.clear()
        self.done.clear()
        for t, byte in enumerate(built):
            self.place(t, byte)

    def place(self, t: int, byte: int) -> None:
        if self.table is not None:
            byte = self.table[byte]
        groups = self.groups
        g = groups[t] if groups is not None else -1
        if g < 0:
            self.done.append(byte)
            return
        members = self.open.setdefault(g, [])
        members.append(byte)
        if len(members) == self.size[g]:
            del self.open[g]
            self.done.append((g, bytes(sorted(members))))

    def key(self, t: int, built: bytearray) -> Any:
        if self.groups is None:  # cards one by one
            placed = bytes(built)
            return placed.translate(self.table) if self.table is not None else placed
        partial = tuple(sorted((g, bytes(sorted(v))) for g, v in self.open.items()))
        return (tuple(self.done), partial)


def _group_claims(claims: Sequence[Claim]) -> tuple[str, ...] | None:
    """The places every claim reads only as groups (sets), or None when some claim reads
    more than the structure of the position and those groups."""
    places: list[str] = []
    for claim in claims:
        reads = claim.reads
        if reads == "structure":
            continue
        if isinstance(reads, tuple) and reads and reads[0] == "groups":
            places.extend(reads[1])
            continue
        return None
    return tuple(dict.fromkeys(places))


class Walk:
    """One walk of a routine's tree of choices, merging identical situations.

    ``budget`` caps the performances run; ``first`` restricts the first choice to a range of
    its options (a share of the work for one process). ``stop_at_first`` ends the walk at the
    first failing case (the smallest); otherwise it walks every case and counts the odds of
    failing. ``memory`` bounds, in bytes, what the walk may add to the process's memory (past
    it the walk stops short and says so). :meth:`run` returns a :class:`WalkResult`; :attr:`memo`
    keeps the proof table (situation -> the names of the values its subtree read, their values,
    the cases below it and the odds of failing below it)."""

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
        stop_at_first: bool = True,
        memory: int | None = None,
        interleave: bool = True,
        space: int = 0,
        odds_budget: int = 50_000,
    ) -> None:
        self.routine = routine
        self.params = params
        self.claims = tuple(claims)
        self.abstraction = abstraction
        self.budget = budget
        self.first = first
        self.merge = merge
        self.stop_at_first = stop_at_first
        self.memory = memory
        #: the estimated number of cases, and the performances the walk may go on for after
        #: the first failing case, to count the odds (it stops, and says so, when the cases
        #: walked so far project that many more would not be enough)
        self.space = space
        self.odds_budget = odds_budget
        self.memo: dict[Any, list[_Entry]] = {}
        self.open: list[_Node] = []
        self.states = 0
        self.merged = 0
        self.refused: dict[str, str] = {}
        self._orders: dict[Any, ClassOrders] = {}
        self._script = getattr(routine.script, "__code__", None)
        #: why this Python's frames are not read ("" on a checked interpreter)
        self._unchecked = frames_checked()
        #: per step: [situations keyed, situations merged] (keys are given up where none merge)
        self._keyed: dict[str, list[int]] = {}
        #: shuffles are walked card by card, and cards bound for a group compared as a set
        self.interleave = interleave and merge
        self.groups = _group_claims(self.claims)
        self.sets = self.interleave and self.groups is not None
        self.shuffles: dict[Any, _Shuffle] = {}
        self.watch: ReadWatch | None = None
        self.given_up: list[str] = []
        self._failed_at = 0
        self._stack: contextlib.ExitStack | None = None
        #: cases walked so far, and those that fail (a merged run counts its earlier walk's)
        self.cases = 0
        self.failed = 0
        self.root = _Node(0, None, None, None, "")

    # -- situations --------------------------------------------------------------------------

    def orders(self, options: Any, used: set[int]) -> ClassOrders | None:
        assert self.abstraction is not None
        return _class_orders(self.abstraction, self._orders, options, used)

    def worth_keying(self, where: str) -> bool:
        """Whether to take the situation at this step: always, until 64 have been taken here
        without one merge; then one in 16 (a key costs more than a short performance)."""
        tally = self._keyed.setdefault(where, [0, 0])
        tally[0] += 1
        return tally[1] > 0 or tally[0] <= 64 or tally[0] % 16 == 0

    def hit(self, where: str) -> None:
        self._keyed[where][1] += 1

    def situation(self, perf: Performance, where: str) -> tuple[Any, Canon | None]:
        """The key of the situation at a step, with its relabelling table, or ``(None, …)``
        when the walk cannot know what the rest of the script depends on."""
        state = perf.state
        places = sorted(state.packets)
        table = Canon(
            None if self.abstraction is None else self.abstraction.table, state.packets, places
        )
        card = table.card
        if self._script is None:
            self.refused.setdefault(where, "the routine's script is not a plain function")
            return None, table
        if self._unchecked:
            self.refused.setdefault(where, self._unchecked)
            return None, table
        # checkpoint <- step <- the script's frames, innermost first
        frames = script_state(sys._getframe(3), self._script, perf, table)
        if isinstance(frames, str):
            self.refused.setdefault(where, frames)
            return None, table
        try:
            beliefs = tuple(
                (place, freeze(belief, table, perf, "a belief"))
                for place, belief in sorted(perf.beliefs.items())
            )
        except Unfreezable as exc:
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
            frozenset((card(c), at) for c, at in perf.displayed.items()),
            beliefs,
            perf.in_play,
            slip,
            frames,
        )
        return key, table

    def value_key(self, perf: Performance, name: str, canon: Canon) -> Any:
        """What the continuation reads under ``name``, comparable across situations."""
        try:
            if name == _CHOICES:
                return tuple((c.kind, c.name, c.index) for c in list.__iter__(perf.choices))
            if name == _COUNTS:
                return tuple(
                    (step, move, tuple((canon.card(b & 0x3F), b & 0xC0) for b in sides))
                    for step, move, sides in list.__iter__(perf.counts)
                )
            if name == _INITIAL:
                return object()  # the set-up's position: never merged on
            if name == _ALL:
                return tuple(
                    (k, freeze(v, canon, perf, k)) for k, v in sorted(dict.items(perf.values))
                )
            if not dict.__contains__(perf.values, name):
                return (_ALL,)  # absent
            return freeze(dict.__getitem__(perf.values, name), canon, perf, name)
        except Unfreezable:
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
        while True:
            try:
                with contextlib.ExitStack() as stack:
                    self._stack = stack
                    watch = None
                    if self.abstraction is not None:
                        watch = stack.enter_context(watching(self.abstraction))
                    return self._walk(start, watch)
            except _Restart as restart:
                self.given_up.append(str(restart.args[0]))
                self.sets = False
                self._reset()

    def read_watch(self) -> ReadWatch:
        """The watch of reads of shuffled cards, begun at the first shuffle that needs it."""
        if self.watch is None:
            assert self._stack is not None
            self.watch = self._stack.enter_context(watching(ReadWatch()))
        return self.watch

    def _reset(self) -> None:
        self.memo.clear()
        self.open.clear()
        self.shuffles.clear()
        self.states = self.merged = 0
        self.watch = None
        self._keyed.clear()

    def count_merge(self, run: _Run, turn: int) -> None:
        """A run merged inside a shuffle, counted as the walk counts a run that ends merged,
        and the situations below option ``turn`` closed: the run then turns there."""
        self.cases += run.weight * run.leaves
        self.failed += run.weight * run.failed
        opened = self.open
        deepest = opened[-1] if opened else self.root
        self._add(deepest, run, deepest.depth, len(run.indices), True)
        while opened and opened[-1].depth > turn:
            node = opened.pop()
            self._close(node, run, opened[-1] if opened else self.root)

    def _walk(self, start: float, watch: Any) -> WalkResult:
        first = self.first
        prefix: list[int] = [first.start] if first is not None else []
        runs = first_at = 0
        self.cases = self.failed = 0
        failing: list[int] | None = None
        #: the whole tree: what the outermost situations add up to when they close
        self.root = root = _Node(0, None, None, None, "")
        check_memory = self.memory is not None
        base = _resident() or 0  # the walk's own memory is what it adds to the process
        while True:
            run = _Run(self, prefix)
            runs += 1
            merged = False
            outcome: Outcome | None = None
            QUIET[0] = 0
            if self.watch is not None:
                self.watch.armed = False
                self.watch.codes = frozenset()
            try:
                outcome = perform(self.routine, self.params, run, record=False, claims=self.claims)
            except Merged:
                merged = True
            # the routine's own code raised: that is the verdict, there are no odds to count
            stops_here = outcome is not None and (
                outcome.error is not None or (self.stop_at_first and not outcome.ok)
            )
            if watch is not None and watch.refusals and not stops_here:
                why = "; ".join(map(str, watch.refusals[:2]))
                if outcome is not None and not outcome.ok and failing is None:
                    failing, first_at = self._concrete(run), self.cases + 1
                if failing is not None:  # a real failing case: only the odds are out of reach
                    return self._result(
                        start, runs, first_at, False, failing=failing, first_at=first_at,
                        stopped=_STOPPED["classes"].format(why=why), refused=why,
                    )  # fmt: skip
                return self._result(start, runs, self.cases, False, refused=why)
            if outcome is not None:
                run.fail = _failure(outcome, self.claims)
                run.failed = 1 if run.fail else 0
                if self.sets and not stops_here:
                    self._learn_groups(run, outcome)
            if run.fail and outcome is not None and failing is None:  # the first failing case
                failing = self._concrete(run)
                first_at = self.cases + 1
                self._failed_at = runs
                if stops_here:
                    return self._result(
                        start, runs, first_at, False, failing=failing, first_at=first_at
                    )
            self.cases += run.weight * run.leaves
            self.failed += run.weight * run.failed
            # what the run stands for goes to the deepest situation it passed (or merged at),
            # and from each situation to the one above it as it closes
            opened = self.open
            deepest = opened[-1] if opened else root
            self._add(deepest, run, deepest.depth, len(run.indices), merged)
            for k, names in run.reads.items():
                (opened[k] if k < len(opened) else deepest).reads |= names
            i = run.branches[-1] if run.branches else -1
            if first is not None and i == 0 and run.indices[0] + 1 >= first.stop:
                i = -1  # the end of this share of the first choice
            closed = 0
            while opened and opened[-1].depth > i:
                node = opened.pop()
                self._close(node, run, opened[-1] if opened else root)
                closed += 1
            if i < 0:
                return self._result(
                    start, runs, self.cases, True, failing=failing, first_at=first_at,
                    failed=self.failed, root=root.fail,
                )  # fmt: skip
            if runs >= self.budget:
                return self._result(
                    start, runs, self.cases, False, failing=failing, first_at=first_at,
                    stopped=_STOPPED["budget"].format(runs=f"{runs:,}"),
                )  # fmt: skip
            out_of_reach = failing is not None and runs % 256 == 0
            if out_of_reach and self._odds_out_of_reach(runs, self.cases):
                return self._result(
                    start, runs, self.cases, False, failing=failing, first_at=first_at,
                    stopped=ODDS_OUT_OF_REACH,
                )  # fmt: skip
            if check_memory and closed and self.states % _MEMORY_EVERY < closed:
                used = _resident()
                if used is not None and self.memory is not None and used - base > self.memory:
                    return self._result(
                        start, runs, self.cases, False, failing=failing, first_at=first_at,
                        stopped=_STOPPED["memory"].format(
                            mb=f"{self.memory // 2**20:,}", runs=f"{runs:,}"
                        ),
                    )  # fmt: skip
            indices = run.indices
            prefix = [*indices[:i], indices[i] + 1]

    @staticmethod
    def _add(node: _Node, run: _Run, top: int, bottom: int, merged: bool) -> None:
        """Add to ``node`` (at depth ``top``) what ``run`` stands for below it."""
        weight = 1
        for w in run.weights[top:bottom]:
            weight *= w
        node.runs += 1
        node.merged = node.merged or merged
        node.leaves += weight * run.leaves
        node.failed += weight * run.failed
        if run.fail:
            chance = _chance(run.probs, top, bottom)
            fail = node.fail
            for key, p in run.fail.items():
                fail[key] = fail.get(key, 0) + chance * p

    def _odds_out_of_reach(self, runs: int, cases: int) -> bool:
        """After the first failing case: whether walking on for the odds would take more than
        :attr:`odds_budget` more performances, projected from the cases walked so far (each
        performance has covered ``cases / runs`` of the estimated ``space``)."""
        if runs > self._failed_at + self.odds_budget:
            return True
        if not self.space or not cases:
            return False
        projected = runs * self.space // cases
        return projected > self._failed_at + self.odds_budget

    def _learn_groups(self, run: _Run, outcome: Outcome) -> None:
        """Where each card of every shuffle of the run ended: in the same group as in every
        run before, and read by nothing but the group claims; else the sets are refused."""
        watch = self.watch
        if watch is not None and watch.refusals:
            raise _Restart(
                "cards of a shuffled packet were compared as groups, but "
                + str(watch.refusals[0])
                + ": every card is compared one by one instead"
            )
        if not run.shuffled or outcome.failure is not None or self.groups is None:
            return
        state = outcome.performance.state
        group_of: dict[int, int] = {}
        for g, place in enumerate(self.groups):
            for b in state.packets.get(place, b""):
                group_of[b & 0x3F] = g
        for shuffle, shuffled in run.shuffled:
            if shuffle.exact:
                continue
            groups = tuple(group_of.get(b & 0x3F, -1) for b in shuffled)
            if shuffle.groups is None:
                shuffle.groups = groups
            elif shuffle.groups != groups:
                raise _Restart(
                    "cards of a shuffled packet were compared as groups, but a card ended in "
                    "another group in another case: every card is compared one by one instead"
                )

    def _close(self, node: _Node, run: _Run, parent: _Node) -> None:
        """A situation whose subtree is walked: into the proof table (when it was worth it),
        and what it stands for into the situation above it (``run``, the last run below it,
        has the path between the two)."""
        weight = 1
        for w in run.weights[parent.depth : node.depth]:
            weight *= w
        parent.runs += node.runs
        parent.merged = parent.merged or node.merged
        parent.leaves += weight * node.leaves
        parent.failed += weight * node.failed
        parent.reads |= node.reads
        fail = {k: v for k, v in node.fail.items() if v}
        if fail:
            chance = _chance(run.probs, parent.depth, node.depth)
            above = parent.fail
            for key, p in fail.items():
                above[key] = above.get(key, 0) + chance * p
        if node.key is None or (node.runs < 2 and node.merged):
            return  # its one performance was merged further down: nothing to gain
        if node.values is None:  # between two cards of a shuffle: nothing read but the cards
            self.memo.setdefault(node.key, []).append(
                _Entry((), (), node.leaves, node.failed, fail)
            )
            return
        (values, _items), perf = node.values
        names = tuple(sorted(node.reads))
        if _ALL in node.reads:
            names = tuple(sorted({*names, *values}))
        assert node.table is not None
        saved = self._saved(perf, values, node.table)
        self.memo.setdefault(node.key, []).append(
            _Entry(names, tuple(saved(name) for name in names), node.leaves, node.failed, fail)
        )

    def _saved(self, perf: Performance, values: dict[str, Any], canon: Canon) -> Any:
        """Reads of the values as they were at the situation (not as the path left them)."""

        def saved(name: str) -> Any:
            if name in (_CHOICES, _INITIAL, _COUNTS):
                return object()  # the history at that moment is not kept: never merged on
            if name == _ALL:
                return tuple((k, freeze(v, canon, perf, k)) for k, v in sorted(values.items()))
            if name not in values:
                return (_ALL,)
            try:
                return freeze(values[name], canon, perf, name)
            except Unfreezable:
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
        stopped: Text | None = None,
        first_at: int = 0,
        failed: int = 0,
        root: dict[str, Fraction] | None = None,
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
            stopped=stopped.en if stopped is not None else "",
            stopped_said=stopped if stopped is not None else Text(""),
            abstraction=self.abstraction,
            first_at=first_at,
            failed=failed,
            failing_odds=dict(root or {}),
            given_up=tuple(self.given_up),
        )


#: why a walk stopped short
_STOPPED = {
    "budget": Text(
        "the walk ran {runs} performances (its budget) without finishing",
        zh="逐一检查表演了{runs}次（预算用尽）仍未完成",
    ),
    "classes": Text(
        "a failing case reads what the classes of interchangeable cards erase ({why})",
        zh="失败的情况读到了可互换牌的类别所抹去的信息（{why}）",
    ),
    "memory": Text(
        "the proof table filled the memory allowed ({mb} MB) after {runs} performances",
        zh="表演{runs}次之后，证明表用尽了允许的内存（{mb} MB）",
    ),
}
#: why a walk that found a failing case stopped before it had counted the odds
ODDS_OUT_OF_REACH = Text(
    "counting the odds exactly would take too many more performances",
    zh="精确计算概率还需要太多次表演",
)


def _chance(probs: list[tuple[int, int]], top: int, bottom: int) -> Fraction:
    """The probability of the options taken from depth ``top`` to ``bottom``."""
    num = den = 1
    for a, b in probs[top:bottom]:
        num *= a
        den *= b
    return Fraction(num, den)


def _failure(outcome: Outcome, claims: Sequence[Claim]) -> dict[str, Fraction]:
    """What a leaf fails: nothing, or the routine as a whole and the claims that do not hold
    (every claim, when the performance broke before the end)."""
    if outcome.ok:
        return {}
    if outcome.failure is not None:
        return {WORKS: _ONE, **{c.id: _ONE for c in claims}}
    return {WORKS: _ONE, **{c: _ONE for c in outcome.claim_errors}}


def _resident() -> int | None:
    """Bytes this process holds in memory now (None where it cannot be read)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as f:
            pages = int(f.read().split()[1])
    except (OSError, ValueError, IndexError):
        return None
    import os

    return pages * os.sysconf("SC_PAGE_SIZE")


def widest_segment(
    routine: Routine,
    params: dict[str, int],
    claims: Sequence[Claim],
    abstraction: Abstraction | None,
    paths: int = 16,
) -> int:
    """A lower bound on the performances a merging walk must run: along random paths, the
    largest product of option counts between two steps (options with no step between them
    cannot be merged, so each combination is run from every situation that reaches them). A
    shuffle counts as its two halves, card by card: one option at a time."""
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
        self.cache: dict[Any, ClassOrders] = {}
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

    def pick_interleaving(self, perf: Performance, name: str, options: Any) -> tuple[int, Any]:
        # card by card, a shuffle is a run of two-way choices with a situation between each
        n = option_count(options)
        self.widest = max(self.widest, self.product * 2)
        self.product = 1
        i = self.rng.randrange(n)
        return i, options[i]

    def checkpoint(self, perf: Performance) -> None:
        self.widest = max(self.widest, self.product)
        self.product = 1
