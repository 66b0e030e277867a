"""The deck-state machine: every packet in every place, its order and orientation, and the breaks.

A packet is stored as :class:`bytes`, top card first, one byte a card: the card's code (see
:mod:`conjure.deck.cards`) with bit ``FACE_UP`` set when the card lies face up. That makes a
packet an immutable value (a snapshot is a reference), and cutting, turning over and faro-ing
are single C-level slice or ``translate`` calls, which is what lets search run millions of moves
a second.

:class:`DeckState` is mutable, like a chess board: :meth:`DeckState.apply` checks a move, runs it
and records it for :meth:`DeckState.undo` / :meth:`DeckState.redo`; :meth:`DeckState.after`
returns a changed copy and leaves the state alone; ``move.run(state)`` is the unchecked fast
path that search uses.

"Face up" means the face points at the ceiling when the packet lies on the table or sits in a
hand in dealing position. A break at depth ``d`` in a hand has ``d`` cards above it; it exists
only while at least one card lies on each side of it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, Final

from conjure.deck.cards import CARDS, Card, parse_packet
from conjure.deck.places import PERSONS, check_place, is_hand, label
from conjure.errors import IllegalMoveError, NotationError

if TYPE_CHECKING:
    from conjure.deck.moves import Move

FACE_UP: Final = 0x40
CODE_MASK: Final = 0x3F
#: ``packet.translate(FLIP)`` turns every card of a packet over in place
FLIP: Final = bytes(i ^ FACE_UP for i in range(256))
_CODES: Final = bytes(i & CODE_MASK for i in range(256))

_NONE: Final[dict[Any, Any]] = {}

_Snapshot = tuple[dict[str, bytes], dict[str, int], dict[str, str], frozenset[str]]


def encode(cards: Iterable[tuple[Card, bool]]) -> bytes:
    """Pack ``(card, face_up)`` pairs, top first, into a packet."""
    return bytes(card.code | (FACE_UP if up else 0) for card, up in cards)


def decode(packet: bytes) -> tuple[tuple[Card, bool], ...]:
    """Unpack a packet into ``(card, face_up)`` pairs, top first."""
    return tuple((CARDS[b & CODE_MASK], bool(b & FACE_UP)) for b in packet)


def packet_text(packet: bytes, break_at: int | None = None, style: str = "ascii") -> str:
    """Write a packet as :func:`conjure.deck.cards.parse_packet` reads it, with ``/`` at a break."""
    words: list[str] = []
    for i, b in enumerate(packet):
        if i == break_at:
            words.append("/")
        words.append(format(CARDS[b & CODE_MASK], style) + ("^" if b & FACE_UP else ""))
    return " ".join(words)


class DeckState:
    """Where every card is, which way it faces, which breaks are held, whose hands are hidden.

    Build one from text, top card first, ``^`` for a face-up card, ``/`` for a break held by
    that hand, places separated by ``;``:

    >>> s = DeckState.parse("left: KS^ KH^ / KD^ KC^; table: QS QH")
    >>> s.cards("left")[0], s.breaks
    (Card('KS'), {'left': 2})
    """

    __slots__ = ("_redo", "_undo", "behind", "breaks", "packets", "spread")

    def __init__(
        self,
        packets: Mapping[str, bytes] | None = None,
        breaks: Mapping[str, int] | None = None,
        spread: Mapping[str, str] | None = None,
        behind: Iterable[str] = (),
    ) -> None:
        #: place -> packet, top card first; empty places are absent
        self.packets: dict[str, bytes] = {}
        for place, packet in (packets or {}).items():
            check_place(place)
            if packet:
                self.packets[place] = bytes(packet)
        #: hand -> number of cards above the little-finger break it holds
        self.breaks: dict[str, int] = dict(breaks or {})
        #: place -> "audience" or "self": the packet there is spread (fanned) toward them
        self.spread: dict[str, str] = dict(spread or {})
        #: persons (``performer``, ``spectator``) whose hands are behind their back
        self.behind: frozenset[str] = frozenset(behind)
        #: (packets, breaks, spread, behind, move) before each move, newest last
        self._undo: list[
            tuple[dict[str, bytes], dict[str, int], dict[str, str], frozenset[str], Move]
        ] = []
        self._redo: list[Move] = []
        if self.packets or self.breaks or self.spread or self.behind:
            self.validate()

    # -- building and reading ----------------------------------------------------------------

    @classmethod
    def parse(cls, text: str, **kwargs: object) -> DeckState:
        """Read ``"left: KS^ KH^ / KD^; table.aside: 2C 3C"`` (see the class docstring)."""
        packets: dict[str, bytes] = {}
        breaks: dict[str, int] = {}
        for chunk in filter(None, (c.strip() for c in text.split(";"))):
            place, sep, body = chunk.partition(":")
            place = place.strip()
            if not sep:
                raise NotationError(f"expected 'place: cards' in {chunk!r}")
            check_place(place)
            if place in packets:
                raise NotationError(f"place {place!r} is written twice in {text!r}")
            above, slash, below = body.partition("/")
            if "/" in below:
                raise NotationError(f"more than one break in {chunk!r}")
            top = encode(parse_packet(above))
            packets[place] = top + encode(parse_packet(below))
            if slash:
                breaks[place] = len(top)
        return cls(packets, breaks, **kwargs)  # type: ignore[arg-type]

    @classmethod
    def from_cards(cls, place: str, cards: Iterable[Card], face_up: bool = False) -> DeckState:
        """A state with one packet of ``cards`` (top first) at ``place``."""
        packet = bytes([c.code for c in cards])
        return cls({place: packet.translate(FLIP) if face_up else packet})

    def validate(self) -> None:
        """Raise :class:`IllegalMoveError` if the state is inconsistent (duplicates, bad breaks)."""
        every = b"".join(self.packets.values()).translate(_CODES)
        if len(set(every)) != len(every):
            doubled = [CARDS[c] for c, n in Counter(every).items() if n > 1]
            raise IllegalMoveError(
                f"a card cannot be in two places: {', '.join(map(str, doubled))}"
            )
        for place, depth in self.breaks.items():
            check_place(place)
            if not is_hand(place):
                raise IllegalMoveError(f"only a hand can hold a break, not the {label(place)}")
            if not 0 < depth < len(self.packets.get(place, b"")):
                raise IllegalMoveError(
                    f"a break at depth {depth} in the {label(place)} needs cards on both sides"
                )
        for place, toward in self.spread.items():
            check_place(place)
            if toward not in ("audience", "self"):
                raise IllegalMoveError(f"a spread faces 'audience' or 'self', not {toward!r}")
        for person in self.behind:
            if person not in PERSONS:
                raise IllegalMoveError(f"unknown person {person!r}: use performer or spectator")

    def packet(self, place: str) -> bytes:
        """The raw packet at ``place`` (empty bytes when nothing is there)."""
        return self.packets.get(place, b"")

    def cards(self, place: str) -> tuple[Card, ...]:
        """The cards at ``place``, top first."""
        return tuple(CARDS[b & CODE_MASK] for b in self.packets.get(place, b""))

    def faces(self, place: str) -> tuple[tuple[Card, bool], ...]:
        """``(card, face_up)`` pairs at ``place``, top first."""
        return decode(self.packets.get(place, b""))

    def places(self) -> list[str]:
        """Places that hold cards, hands first, then the table."""
        return sorted(self.packets, key=_place_order)

    def where(self, card: Card) -> tuple[str, int, bool]:
        """``(place, depth, face_up)`` of ``card``; raise if it is not in play."""
        for place, packet in self.packets.items():
            for depth, b in enumerate(packet):
                if b & CODE_MASK == card.code:
                    return place, depth, bool(b & FACE_UP)
        raise IllegalMoveError(f"{card} is not in play")

    def codes(self) -> Counter[int]:
        """How many of each card code are in play (each is 0 or 1 in a consistent state)."""
        return Counter(b & CODE_MASK for p in self.packets.values() for b in p)

    def __len__(self) -> int:
        return sum(map(len, self.packets.values()))

    def __iter__(self) -> Iterator[str]:
        return iter(self.places())

    # -- snapshots, copies, equality ----------------------------------------------------------

    def snapshot(self) -> _Snapshot:
        """Everything that defines the position, as cheap immutable-ish references."""
        return (dict(self.packets), dict(self.breaks), dict(self.spread), self.behind)

    def restore(self, snap: _Snapshot) -> None:
        packets, breaks, spread, behind = snap
        self.packets = dict(packets)
        self.breaks = dict(breaks)
        self.spread = dict(spread)
        self.behind = behind

    def copy(self) -> DeckState:
        """An independent copy of the position (without undo history)."""
        new = DeckState.__new__(DeckState)
        new.packets = dict(self.packets)
        new.breaks = dict(self.breaks)
        new.spread = dict(self.spread)
        new.behind = self.behind
        new._undo = []
        new._redo = []
        return new

    def key(self) -> tuple[object, ...]:
        """A hashable value equal for equal positions."""
        return (
            tuple(sorted(self.packets.items())),
            tuple(sorted(self.breaks.items())),
            tuple(sorted(self.spread.items())),
            tuple(sorted(self.behind)),
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DeckState):
            return NotImplemented
        return self.key() == other.key()

    __hash__ = None  # type: ignore[assignment]  # mutable

    # -- moves ---------------------------------------------------------------------------------

    def apply(self, move: Move) -> DeckState:
        """Check ``move``, make it, and record it for :meth:`undo`. Returns ``self``."""
        move.check(self)
        self._undo.append((*self.snapshot(), move))
        move.run(self)
        self._redo.clear()
        return self

    def apply_all(self, moves: Iterable[Move]) -> DeckState:
        for move in moves:
            self.apply(move)
        return self

    def after(self, move: Move) -> DeckState:
        """A checked copy of the state with ``move`` made; ``self`` is unchanged."""
        new = self.copy()
        move.check(new)
        move.run(new)
        return new

    def push_unchecked(self, move: Move) -> None:
        """Make ``move`` without checking it, recording it for undo (the search fast path)."""
        # restore() copies the dicts back, so empty ones can share one instance here
        breaks, spread = self.breaks, self.spread
        self._undo.append(
            (
                self.packets.copy(),
                breaks.copy() if breaks else _NONE,
                spread.copy() if spread else _NONE,
                self.behind,
                move,
            )
        )
        move.run(self)

    def undo(self) -> Move:
        """Take back the last move; it can be made again with :meth:`redo`."""
        if not self._undo:
            raise IllegalMoveError("nothing to undo")
        *snap, move = self._undo.pop()
        self.restore(tuple(snap))  # type: ignore[arg-type]
        self._redo.append(move)
        return move

    def redo(self) -> Move:
        """Make again the last move taken back by :meth:`undo`."""
        if not self._redo:
            raise IllegalMoveError("nothing to redo")
        move = self._redo.pop()
        self._undo.append((*self.snapshot(), move))
        move.run(self)
        return move

    @property
    def history(self) -> list[Move]:
        """The moves made and not taken back, first first."""
        return [record[-1] for record in self._undo]

    # -- text ------------------------------------------------------------------------------------

    def text(self, style: str = "ascii") -> str:
        """The notation :meth:`parse` reads back."""
        return "; ".join(
            f"{place}: {packet_text(self.packets[place], self.breaks.get(place), style)}"
            for place in self.places()
        )

    def __str__(self) -> str:
        return self.text(style="")

    def __repr__(self) -> str:
        extra = ""
        if self.spread:
            extra += f", spread={self.spread!r}"
        if self.behind:
            extra += f", behind={sorted(self.behind)!r}"
        return f"DeckState.parse({self.text()!r}{extra})"

    def __rich_console__(self, console: object, options: object) -> Iterator[object]:
        from conjure.view.terminal import performer_view

        yield performer_view(self)


def _place_order(place: str) -> tuple[int, str]:
    rank = {"left": 0, "right": 1}.get(place, 2 if place.startswith("spectator") else 3)
    return rank, place
