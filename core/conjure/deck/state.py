"""The deck-state machine: every packet in every place, its order and orientation, and the breaks.

A packet is stored as :class:`bytes`, top card first, one byte a card: the card's code (see
:mod:`conjure.deck.cards`) with bit ``FACE_UP`` set when the card lies face up. That makes a
packet an immutable value (a snapshot is a reference), and cutting, turning over and faro-ing
are single C-level slice or ``translate`` calls, which is what lets search run millions of moves
a second. The encoding stays inside :mod:`conjure.deck`: routines read a position through
:meth:`DeckState.cards`, :meth:`DeckState.faces`, :meth:`DeckState.face_up_cards` and friends.

:class:`DeckState` is mutable, like a chess board, and named like python-chess's:
:meth:`DeckState.push` parses (when given text), checks and makes a move and records it;
:meth:`DeckState.pop` takes the last one back; :meth:`DeckState.is_legal` asks without making
it; :meth:`DeckState.after` returns a changed copy and leaves the state alone.
:meth:`DeckState.push_unchecked` and ``move.run_unchecked(state)`` are the unchecked fast paths
that search runs (with and without undo history).

The state owns its invariants. Moves change it only through a few primitives (:meth:`take`,
:meth:`take_bottom`, :meth:`take_at`, :meth:`take_all`, :meth:`put`, :meth:`put_bottom`,
:meth:`insert`, :meth:`replace` and the break, spread and hands primitives), and those keep the
breaks where a real hand keeps them: cards put on top deepen a break; cards taken from the top
make it shallower; cards inserted at or above it deepen it; a card drawn out above it makes it
shallower; cards put on or taken from the bottom leave it alone; a packet rearranged as a whole
(cut, turned over, woven, culled) loses it. A break at depth ``d`` has ``d`` cards above it and
exists only while at least one card lies on each side of it. An emptied place is no longer
spread.

The state also keeps what the performer has secretly seen (:meth:`glimpse`, made by the
``Glimpse`` move): the cards whose faces the performer knows without the audience knowing it, so a
routine can rely on that knowledge and the verifier can check it was there
(:meth:`performer_knows`). It stays known whatever happens to the card afterwards.

"Face up" means the face points at the ceiling when the packet lies on the table or sits in a
hand in dealing position.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, Final

from conjure.deck.cards import CARDS, Card
from conjure.deck.notation import layout_places, parse_move
from conjure.deck.places import PERSONS, check_place, is_hand, label, owner
from conjure.errors import IllegalMoveError, NotationError
from conjure.inputs import quote

if TYPE_CHECKING:
    from conjure.deck.move import Move

FACE_UP: Final = 0x40
CODE_MASK: Final = 0x3F
#: ``packet.translate(FLIP)`` turns every card of a packet over in place
FLIP: Final = bytes(i ^ FACE_UP for i in range(256))
_CODES: Final = bytes(i & CODE_MASK for i in range(256))

_NONE: Final[dict[Any, Any]] = {}

_Snapshot = tuple[dict[str, bytes], dict[str, int], dict[str, str], frozenset[str], frozenset[int]]


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
    >>> s.cards("left")[0], s.break_at("left")
    (Card('KS'), 2)
    >>> s.push("Peel left table")
    Peel(src='left', dst='table', n=1, turn=False)
    >>> s.face_up_cards("table"), s.break_at("left")
    ((Card('KS'),), 1)

    The fields (``packets``, ``breaks``, ``spread``, ``behind``, ``glimpsed``) are for reading;
    only the primitives below change them.
    """

    __slots__ = ("_undo", "behind", "breaks", "glimpsed", "packets", "spread")

    def __init__(
        self,
        packets: Mapping[str, bytes] | None = None,
        breaks: Mapping[str, int] | None = None,
        spread: Mapping[str, str] | None = None,
        behind: Iterable[str] = (),
        glimpsed: Iterable[int] = (),
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
        #: codes of the cards whose faces the performer has secretly seen (glimpsed)
        self.glimpsed: frozenset[int] = frozenset(glimpsed)
        #: (packets, breaks, spread, behind, glimpsed, move) before each move, newest last
        self._undo: list[
            tuple[
                dict[str, bytes],
                dict[str, int],
                dict[str, str],
                frozenset[str],
                frozenset[int],
                Move,
            ]
        ] = []
        if self.packets or self.breaks or self.spread or self.behind or self.glimpsed:
            self.validate()

    # -- building ----------------------------------------------------------------------------

    @classmethod
    def parse(cls, text: str, **kwargs: object) -> DeckState:
        """Read ``"left: KS^ KH^ / KD^; table.aside: 2C 3C"`` (see the class docstring)."""
        packets: dict[str, bytes] = {}
        breaks: dict[str, int] = {}
        for written in layout_places(text):
            packets[written.place] = bytes(c | (FACE_UP if up else 0) for c, up in written.cards)
            if written.break_at is not None:
                breaks[written.place] = written.break_at
        try:
            return cls(packets, breaks, **kwargs)  # type: ignore[arg-type]
        except IllegalMoveError as exc:
            raise NotationError(f"{exc} in {quote(text)}") from None

    @classmethod
    def from_cards(
        cls,
        place: str | Mapping[str, Iterable[Card]],
        cards: Iterable[Card] = (),
        face_up: bool = False,
    ) -> DeckState:
        """A state with ``cards`` (top first) at ``place``, or with a packet at each place of a
        mapping ``{place: cards}``; every card face down, or face up with ``face_up``.

        >>> DeckState.from_cards({"table": [Card("QS")], "left": [Card("KS")]}, face_up=True)
        DeckState.parse('left: KS^; table: QS^')
        """
        layout = place if isinstance(place, Mapping) else {place: cards}
        up = FACE_UP if face_up else 0
        return cls({p: bytes(c.code | up for c in packet) for p, packet in layout.items()})

    @classmethod
    def from_faces(cls, layout: Mapping[str, Iterable[tuple[Card, bool]]]) -> DeckState:
        """A state with a packet at each place of ``{place: [(card, face_up), …]}``, top first.

        >>> DeckState.from_faces({"left": [(Card("KS"), True), (Card("QH"), False)]})
        DeckState.parse('left: KS^ QH')
        """
        return cls({place: encode(pairs) for place, pairs in layout.items()})

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

    # -- reading -------------------------------------------------------------------------------

    def packet(self, place: str) -> bytes:
        """The raw packet at ``place`` (empty bytes when nothing is there): for the machine."""
        return self.packets.get(place, b"")

    def size(self, place: str) -> int:
        """How many cards are at ``place``."""
        return len(self.packets.get(place, b""))

    def break_at(self, place: str) -> int | None:
        """How many cards lie above the break the hand at ``place`` holds, or ``None``."""
        return self.breaks.get(place)

    def cards(self, place: str) -> tuple[Card, ...]:
        """The cards at ``place``, top first."""
        return tuple(CARDS[b & CODE_MASK] for b in self.packets.get(place, b""))

    def faces(self, place: str) -> tuple[tuple[Card, bool], ...]:
        """``(card, face_up)`` pairs at ``place``, top first."""
        return decode(self.packets.get(place, b""))

    def face_up_cards(self, place: str) -> tuple[Card, ...]:
        """The cards at ``place`` that lie face up, top first."""
        return tuple(CARDS[b & CODE_MASK] for b in self.packets.get(place, b"") if b & FACE_UP)

    def face_down_cards(self, place: str) -> tuple[Card, ...]:
        """The cards at ``place`` that lie face down, top first."""
        return tuple(CARDS[b] for b in self.packets.get(place, b"") if not b & FACE_UP)

    def places(self) -> list[str]:
        """Places that hold cards, hands first, then the table."""
        return sorted(self.packets, key=_place_order)

    def performer_knows(self, card: Card) -> bool:
        """Whether the performer has secretly seen ``card``'s face (a glimpse)."""
        return card.code in self.glimpsed

    def in_view(self, place: str) -> bool:
        """Whether ``place`` is in front of the audience: the table always is, a hand unless
        its owner holds it behind the back. (The one place this rule is written.)"""
        behind = self.behind
        return not behind or (who := owner(place)) is None or who not in behind

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

    # -- primitives: the only code that changes a position ----------------------------------------

    def _left(self, place: str, rest: bytes) -> None:
        """``rest`` is what remains at ``place``; an emptied place is no longer spread."""
        if rest:
            self.packets[place] = rest
        else:
            del self.packets[place]
            if self.spread:
                self.spread.pop(place, None)

    def _shallower(self, place: str, n: int) -> None:
        depth = self.breaks.get(place)
        if depth is not None:
            depth -= n
            if 0 < depth < len(self.packets.get(place, b"")):
                self.breaks[place] = depth
            else:
                del self.breaks[place]

    def take(self, place: str, n: int) -> bytes:
        """Remove and return the top ``n`` cards of ``place``; a break there gets shallower."""
        packet = self.packets[place]
        rest = packet[n:]
        if rest:
            self.packets[place] = rest
        else:  # _left() written out: this is the hottest primitive
            del self.packets[place]
            if self.spread:
                self.spread.pop(place, None)
        if self.breaks:
            self._shallower(place, n)
        return packet[:n]

    def take_bottom(self, place: str, n: int) -> bytes:
        """Remove and return the bottom ``n`` cards of ``place``; a break there stays unless no
        card is left under it."""
        packet = self.packets[place]
        cut = len(packet) - n
        self._left(place, packet[:cut])
        if self.breaks:
            depth = self.breaks.get(place)
            if depth is not None and depth >= cut:
                del self.breaks[place]
        return packet[cut:]

    def take_at(self, place: str, depth: int) -> bytes:
        """Remove and return the one card with ``depth`` cards above it; a break below the card
        moves up with the cards above it."""
        packet = self.packets[place]
        self._left(place, packet[:depth] + packet[depth + 1 :])
        if self.breaks:
            held = self.breaks.get(place)
            self._shallower(place, 1 if held is not None and depth < held else 0)
        return packet[depth : depth + 1]

    def take_all(self, place: str) -> bytes:
        """Remove and return the whole packet at ``place``, with its break and its spread."""
        packet = self.packets.pop(place)
        if self.spread:
            self.spread.pop(place, None)
        if self.breaks:
            self.breaks.pop(place, None)
        return packet

    def put(self, place: str, block: bytes) -> None:
        """Put ``block`` on top of ``place``; a break there gets deeper."""
        self.packets[place] = block + self.packets.get(place, b"")
        if self.breaks and place in self.breaks:
            self.breaks[place] += len(block)

    def put_bottom(self, place: str, block: bytes) -> None:
        """Put ``block`` under the packet at ``place``; a break there stays."""
        self.packets[place] = self.packets.get(place, b"") + block

    def insert(self, place: str, depth: int, block: bytes) -> None:
        """Push ``block`` into ``place`` under ``depth`` cards; a break at or below that point
        gets deeper (the block goes in above the little finger)."""
        target = self.packets.get(place, b"")
        self.packets[place] = target[:depth] + block + target[depth:]
        if self.breaks and place in self.breaks and depth <= self.breaks[place]:
            self.breaks[place] += len(block)

    def replace(self, place: str, packet: bytes, keep_break: bool = False) -> None:
        """The packet at ``place`` rearranged as a whole into ``packet`` (the same cards): the
        hand lets go of its break, unless ``keep_break`` (a card turned where it lies)."""
        self.packets[place] = packet
        if self.breaks and not keep_break:
            self.breaks.pop(place, None)

    def hold_break(self, place: str, depth: int) -> None:
        """The hand at ``place`` holds a break under ``depth`` cards."""
        self.breaks[place] = depth

    def release_break(self, place: str) -> int | None:
        """The hand at ``place`` lets go of its break; returns the break's depth (or ``None``)."""
        return self.breaks.pop(place, None) if self.breaks else None

    def spread_toward(self, place: str, toward: str) -> None:
        """The packet at ``place`` is spread toward ``audience`` or ``self``; its break goes."""
        self.spread[place] = toward
        if self.breaks:
            self.breaks.pop(place, None)

    def square(self, place: str) -> None:
        """The packet at ``place`` is squared (no longer spread)."""
        self.spread.pop(place, None)

    def hands_behind(self, person: str) -> None:
        """``person``'s hands go behind the back."""
        self.behind = self.behind | {person}

    def hands_forward(self, person: str) -> None:
        """``person``'s hands come back in front."""
        self.behind = self.behind - {person}

    def glimpse(self, code: int) -> None:
        """The performer has seen the face of the card ``code``, unknown to the audience."""
        self.glimpsed = self.glimpsed | {code & CODE_MASK}

    # -- snapshots, copies, equality ----------------------------------------------------------

    def snapshot(self) -> _Snapshot:
        """Everything that defines the position, as cheap immutable-ish references."""
        return (
            dict(self.packets),
            dict(self.breaks),
            dict(self.spread),
            self.behind,
            self.glimpsed,
        )

    def restore(self, snap: _Snapshot) -> None:
        packets, breaks, spread, behind, glimpsed = snap
        self.packets = dict(packets)
        self.breaks = dict(breaks)
        self.spread = dict(spread)
        self.behind = behind
        self.glimpsed = glimpsed

    def copy(self) -> DeckState:
        """An independent copy of the position (without undo history)."""
        new = DeckState.__new__(DeckState)
        new.packets = dict(self.packets)
        new.breaks = dict(self.breaks)
        new.spread = dict(self.spread)
        new.behind = self.behind
        new.glimpsed = self.glimpsed
        new._undo = []
        return new

    def key(self) -> tuple[object, ...]:
        """A hashable value equal for equal positions."""
        return (
            tuple(sorted(self.packets.items())),
            tuple(sorted(self.breaks.items())),
            tuple(sorted(self.spread.items())),
            tuple(sorted(self.behind)),
            tuple(sorted(self.glimpsed)),
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DeckState):
            return NotImplemented
        return self.key() == other.key()

    __hash__ = None  # type: ignore[assignment]  # mutable

    # -- moves: push (checked) / push_unchecked / pop ------------------------------------------

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` can be made here (``move.check(state)`` says why not)."""
        try:
            move.check(self)
        except IllegalMoveError:
            return False
        return True

    def push(self, move: Move | str) -> Move:
        """Read ``move`` if it is text, check it, make it and record it for :meth:`pop`.

        Returns the move made; raises :class:`~conjure.errors.NotationError` for text that is
        not a move and :class:`~conjure.errors.IllegalMoveError` for a move that cannot be made
        here (the state is then unchanged).
        """
        made: Move = parse_move(move) if isinstance(move, str) else move
        made.check(self)
        self._undo.append((*self.snapshot(), made))
        made.run_unchecked(self)
        return made

    def push_unchecked(self, move: Move) -> None:
        """Make ``move`` without checking it, recording it for :meth:`pop` (the search path)."""
        # restore() copies the dicts back, so empty ones can share one instance here
        breaks, spread = self.breaks, self.spread
        self._undo.append(
            (
                self.packets.copy(),
                breaks.copy() if breaks else _NONE,
                spread.copy() if spread else _NONE,
                self.behind,
                self.glimpsed,
                move,
            )
        )
        move.run_unchecked(self)

    def pop(self) -> Move:
        """Take back the last move pushed and return it."""
        if not self._undo:
            raise IllegalMoveError("no move to take back")
        *snap, move = self._undo.pop()
        self.restore(tuple(snap))  # type: ignore[arg-type]
        return move

    def clear_stack(self) -> None:
        """Forget the moves pushed so far (they can no longer be taken back)."""
        self._undo.clear()

    def after(self, move: Move) -> DeckState:
        """A copy of the state with ``move`` checked and made; ``self`` is unchanged."""
        new = self.copy()
        move.check(new)
        move.run_unchecked(new)
        return new

    @property
    def move_stack(self) -> list[Move]:
        """The moves pushed and not taken back, first first."""
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
        if self.glimpsed:
            extra += f", glimpsed={sorted(self.glimpsed)!r}"
        return f"DeckState.parse({self.text()!r}{extra})"


def _place_order(place: str) -> tuple[int, str]:
    rank = {"left": 0, "right": 1}.get(place, 2 if place.startswith("spectator") else 3)
    return rank, place
