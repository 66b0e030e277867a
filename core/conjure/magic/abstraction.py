"""Card abstraction: which cards a routine treats alike, and the check that it really does.

Most cards of most routines are *indifferent*: any of them would do, and a deck order that
differs only in which indifferent card lies where is the same case. An :class:`Abstraction`
groups the cards into classes of interchangeable cards ("a 2", "any other card", "a red card");
the verifier then enumerates a set-up order over the classes (one order of the labels, with one
representative deal of the cards) instead of over every card, and it keys the situations it
merges on the positions relabelled class by class (:meth:`Abstraction.relabel`), so that two
situations that differ only by a swap of interchangeable cards are one.

This is sound only if nothing in the performance tells two cards of one class apart (model
checkers call such a type a *scalarset*: it may be moved and compared for equality, nothing
else). :func:`watching` makes sure: while it is active, every read of a card property that is
not the same for the whole class of that card (the rank of "any other card", the colour of "a
card", a card's name), every card built by name, and every move that names some but not all of
a class is recorded as a :class:`Refusal`, and the verifier gives up the abstraction for that
routine and falls back to concrete cards. Reads the check cannot see: a card looked up by code
(``CARDS[i]``) or compared with a card the script made before the performance began; a routine
that declares an abstraction takes its cards from the set-up and the position instead.

>>> from conjure.deck import full_deck
>>> twos = interchangeable(full_deck(52), lambda c: "a 2" if c.rank == 2 else "another card")
>>> twos.describe()
'48 × another card, 4 × a 2'
>>> [len(c) for c in twos.classes]  # the jokers, not listed, are each a class of their own
[48, 4, 1, 1]
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import attrs

from conjure.deck.cards import CARDS, N_CODES, Card
from conjure.deck.moves import MOVES
from conjure.text import Text

#: card properties a performance may read, and how each is compared across a class: a
#: property whose value is the same for every card of the class reads nothing the class erased
PROPERTIES: dict[str, Callable[[Card], Hashable]] = {
    "rank": lambda c: c.rank,
    "suit": lambda c: c.suit,
    "is_red": lambda c: c.is_red,
    "is_joker": lambda c: c.is_joker,
}
#: reads that name the card itself: they erase nothing only for a class of one card
IDENTITY = (
    "ascii",
    "zh",
    "en",
    "__str__",
    "__repr__",
    "__format__",
    "__lt__",
    "__le__",
    "__gt__",
    "__ge__",
)


@attrs.frozen
class Refusal:
    """A read the abstraction cannot allow: ``what`` (a property, ``built`` or ``move``) of
    ``card`` in the class ``cls``."""

    what: str
    card: Card
    cls: str

    def __str__(self) -> str:
        if self.what == "built":
            return f"the performance builds {self.card} by name, one card of '{self.cls}'"
        if self.what == "move":
            return f"a move names {self.card} but not every card of '{self.cls}'"
        return f"the performance reads the {self.what} of {self.card}, which '{self.cls}' erases"


_CLASS = Text("{n} × {name}", zh="{n} × {name}")
_COMMA = Text(", ", zh="，")
_NONE = Text("none", zh="无")


@attrs.frozen(eq=False)
class Abstraction:
    """A partition of the cards into classes of interchangeable cards, each with a name.

    Cards not in any class are each a class of their own (nothing erased about them)."""

    classes: tuple[tuple[int, ...], ...]
    #: each class's name (a :class:`~conjure.text.Text` to name it in Chinese too)
    names: tuple[str | Text, ...]
    #: code -> index of its class
    of: tuple[int, ...] = attrs.field(init=False)
    #: property -> the codes whose property differs within their class
    erased: dict[str, frozenset[int]] = attrs.field(init=False)
    #: byte table: a packet byte -> its card's class (face bits kept)
    table: bytes = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        of = [-1] * N_CODES
        for k, members in enumerate(self.classes):
            for code in members:
                of[code] = k
        classes = list(self.classes)
        for code in range(N_CODES):  # the rest: one class each
            if of[code] < 0:
                of[code] = len(classes)
                classes.append((code,))
        object.__setattr__(self, "classes", tuple(classes))
        object.__setattr__(
            self, "names", self.names + tuple(str(CARDS[c[0]]) for c in classes[len(self.names) :])
        )
        object.__setattr__(self, "of", tuple(of))
        erased: dict[str, frozenset[int]] = {}
        for prop, read in PROPERTIES.items():
            erased[prop] = frozenset(
                code
                for members in classes
                if len({read(CARDS[c]) for c in members}) > 1
                for code in members
            )
        shared = frozenset(code for members in classes if len(members) > 1 for code in members)
        for prop in (*IDENTITY, "built"):
            erased[prop] = shared
        object.__setattr__(self, "erased", erased)
        low = bytes(of) + bytes(range(N_CODES, 64))
        table = b"".join(low.translate(_OR[bit]) if bit else low for bit in (0, 0x40, 0x80, 0xC0))
        object.__setattr__(self, "table", table)

    @property
    def size(self) -> int:
        """How many classes hold more than one card."""
        return sum(1 for c in self.classes if len(c) > 1)

    def describe(self) -> str:
        """The classes of more than one card, in words: ``48 another card, 4 a 2``."""
        parts = [f"{len(c)} × {n}" for c, n in zip(self.classes, self.names, strict=True)
                 if len(c) > 1]  # fmt: skip
        return ", ".join(parts) or "none"

    def said(self) -> Text:
        """:meth:`describe` in every language the class names are written in."""
        parts = [_CLASS.format(n=len(c), name=Text.of(n))
                 for c, n in zip(self.classes, self.names, strict=True) if len(c) > 1]  # fmt: skip
        return _COMMA.join(parts) if parts else _NONE

    def canon(self, packets: dict[str, bytes], places: Sequence[str]) -> Canon:
        """The position ``packets`` read with every card replaced by its class (see
        :class:`Canon`): two positions that differ only by a swap of interchangeable cards
        read the same."""
        return Canon(self.table, packets, places)


class Canon:
    """A position named up to interchangeable cards.

    The packets are read with each card replaced by its class (``key``); a card in play is
    named by where it lies in reading order (places in order, top to bottom), which is the
    same card in two positions with the same key up to a swap within classes, so cards held
    elsewhere (in what the audience saw, in the script's locals) are named consistently; a
    card out of play keeps its own name. Without an abstraction every card is its own class.
    """

    __slots__ = ("_flat", "key", "packets", "places")

    def __init__(self, table: bytes | None, packets: dict[str, bytes], places: Sequence[str]):
        self.packets = dict(packets)  # a snapshot: the packets are bytes, the dict is live
        self.places = places
        if table is None:
            self.key = tuple((place, packets[place]) for place in places)
        else:
            self.key = tuple((place, packets[place].translate(table)) for place in places)
        self._flat: bytes | None = None

    def card(self, code: int) -> int:
        flat = self._flat
        if flat is None:
            flat = self._flat = b"".join([self.packets[p] for p in self.places]).translate(_CODES)
        at = flat.find(code)
        return at if at >= 0 else 64 + code


_CODES = bytes(i & 0x3F for i in range(256))
_OR = {bit: bytes((i | bit) & 0xFF for i in range(256)) for bit in (0x40, 0x80, 0xC0)}


def interchangeable(
    cards: Iterable[Card],
    key: Callable[[Card], Hashable],
    names: Callable[[Any], str | Text] | None = None,
) -> Abstraction:
    """Cards with the same ``key`` are interchangeable; cards not in ``cards`` stay distinct.
    Each class is named ``names(key)``; by default the key itself, a :class:`~conjure.text.Text`
    key naming it in every language it is written in."""
    groups: dict[Hashable, list[int]] = {}
    for card in cards:
        groups.setdefault(key(card), []).append(card.code)
    keys = list(groups)
    named = names or (lambda k: k if isinstance(k, Text) else str(k))
    return Abstraction(tuple(tuple(sorted(groups[k])) for k in keys), tuple(named(k) for k in keys))


# -- set-up orders over the classes ----------------------------------------------------------


class ClassOrders:
    """Every order of ``items`` up to swaps of interchangeable cards: each distinct order of
    the class labels once, dealt with the class's cards in the order ``items`` lists them.

    Indices are read in increasing order by the walk, so the orders come from a running
    next-permutation (lexicographic in the labels) rather than by unranking.
    ``weight`` is how many orders of ``items`` each stands for."""

    def __init__(self, abstraction: Abstraction, items: Sequence[Card]) -> None:
        self.items = tuple(items)
        order: dict[int, int] = {}
        labels = []
        for card in self.items:
            k = abstraction.of[card.code]
            labels.append(order.setdefault(k, len(order)))
        self.members: list[list[Card]] = [[] for _ in order]
        for card, label in zip(self.items, labels, strict=True):
            self.members[label].append(card)
        counts = [len(m) for m in self.members]
        self.classes = frozenset(order)
        self.size = math.factorial(len(self.items))
        for n in counts:
            self.size //= math.factorial(n)
        self.weight = math.prod(math.factorial(n) for n in counts)
        self._start = sorted(labels)
        self._labels = list(self._start)
        self._at = 0

    def __getitem__(self, index: int) -> tuple[Card, ...]:
        if not 0 <= index < self.size:
            raise IndexError(index)
        if index < self._at:
            self._labels, self._at = list(self._start), 0
        while self._at < index:
            _next_permutation(self._labels)
            self._at += 1
        pools = [iter(m) for m in self.members]
        return tuple(map(next, map(pools.__getitem__, self._labels)))


def _next_permutation(a: list[int]) -> None:
    """The next order of ``a`` in lexicographic order (repeats allowed), in place."""
    i = len(a) - 2
    while i >= 0 and a[i] >= a[i + 1]:
        i -= 1
    if i < 0:
        a.reverse()
        return
    j = len(a) - 1
    while a[j] <= a[i]:
        j -= 1
    a[i], a[j] = a[j], a[i]
    a[i + 1 :] = reversed(a[i + 1 :])


# -- the check that nothing reads what the classes erased ---------------------------------------


class Watch:
    """What a performance read that the abstraction erased (see :func:`watching`)."""

    def __init__(self, abstraction: Abstraction) -> None:
        self.abstraction = abstraction
        self.refusals: list[Refusal] = []

    def read(self, what: str, code: int) -> None:
        if code in self.abstraction.erased[what] and len(self.refusals) < 8 and not QUIET[0]:
            k = self.abstraction.of[code]
            self.refusals.append(Refusal(what, CARDS[code], str(self.abstraction.names[k])))

    def named(self, codes: Iterable[int]) -> None:
        """A move names ``codes``: each class it touches must be named whole."""
        named = set(codes)
        for code in named:
            k = self.abstraction.of[code]
            if not named.issuperset(self.abstraction.classes[k]) and len(self.refusals) < 8:
                name = str(self.abstraction.names[k])
                self.refusals.append(Refusal("move", CARDS[code], name))


_ACTIVE: list[Watch | ReadWatch] = []
_LOCK = threading.Lock()


class ReadWatch:
    """Every read of a property of the cards in :attr:`codes` (any property: their colour
    too), while :attr:`armed`: the verifier's check that nothing after a shuffle tells apart
    two cards that a claim reads only as a group (see :mod:`conjure.magic.walk`). A group
    claim reads its groups under :func:`quietly`."""

    def __init__(self) -> None:
        self.codes: frozenset[int] = frozenset()
        self.armed = False
        self.quiet = 0
        self.refusals: list[Refusal] = []

    def read(self, what: str, code: int) -> None:
        if (
            self.armed
            and not self.quiet
            and not QUIET[0]
            and code in self.codes
            and len(self.refusals) < 8
        ):
            self.refusals.append(Refusal(what, CARDS[code], "a card of a shuffled packet"))

    def named(self, codes: Iterable[int]) -> None:
        if self.armed and self.codes.intersection(codes):
            code = min(self.codes.intersection(codes))
            self.refusals.append(Refusal("move", CARDS[code], "a card of a shuffled packet"))


#: above 0 while a performance words a failure or checks a move (reads for what is said, or
#: none at all, not for what happens): no :class:`ReadWatch` records them. A failure ends the
#: performance, so it is raised and never lowered; a walk sets it back to 0 for every run.
QUIET = [0]


@contextmanager
def quietly() -> Iterator[None]:
    """Reads that no :class:`ReadWatch` records (a group claim reading its groups as sets); a
    watch of erased properties still sees them."""
    watches = [w for w in _ACTIVE if isinstance(w, ReadWatch)]
    for watch in watches:
        watch.quiet += 1
    try:
        yield
    finally:
        for watch in watches:
            watch.quiet -= 1


def _watched_property(name: str, original: property) -> property:
    getter = original.fget
    assert getter is not None

    def read(self: Card) -> Any:
        for watch in _ACTIVE:
            watch.read(name, self.code)
        return getter(self)

    return property(read, doc=original.__doc__)


def _watched_method(name: str, original: Callable[..., Any]) -> Callable[..., Any]:
    def call(self: Card, *args: Any) -> Any:
        for watch in _ACTIVE:
            watch.read(name, self.code)
        return original(self, *args)

    return call


@contextmanager
def watching(abstraction: Abstraction | ReadWatch) -> Iterator[Any]:
    """While active, every read of a card property, every card built and every move naming
    cards is checked against ``abstraction``; the :class:`Watch` lists what it erased. Given
    a :class:`ReadWatch`, that watch is made active instead.

    The card class and the moves that name cards are patched for the duration (and restored
    after), so the check costs nothing when no abstraction is being verified."""
    watch = abstraction if isinstance(abstraction, ReadWatch) else Watch(abstraction)
    with _LOCK:
        patched: list[tuple[type, str, Any]] = []
        if not _ACTIVE:
            for name in PROPERTIES:
                patched.append((Card, name, Card.__dict__[name]))
            for name in IDENTITY:
                patched.append((Card, name, Card.__dict__[name]))
            patched.append((Card, "__init__", Card.__dict__["__init__"]))
            for cls in MOVES.values():
                if "cards" in attrs.fields_dict(cls) and "check" in cls.__dict__:
                    patched.append((cls, "check", cls.__dict__["check"]))
            for cls, name, original in patched:
                setattr(cls, name, _watching(cls, name, original))
        _ACTIVE.append(watch)
    try:
        yield watch
    finally:
        with _LOCK:
            _ACTIVE.remove(watch)
            for cls, name, original in patched:
                setattr(cls, name, original)


def _watching(cls: type, name: str, original: Any) -> Any:
    if isinstance(original, property):
        return _watched_property(name, original)
    if name == "__init__":

        def init(self: Card, code: Any) -> None:
            original(self, code)
            for watch in _ACTIVE:
                watch.read("built", self.code)

        return init
    if name == "check" and cls is not Card:

        def check(self: Any, state: Any) -> None:
            for watch in _ACTIVE:
                watch.named(self.cards)
            original(self, state)

        return check
    return _watched_method(name, original)
