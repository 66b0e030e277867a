"""The moves magicians make, each an immutable value with exact semantics.

Every move has three faces:

- ``move.check(state)`` raises :class:`~conjure.errors.IllegalMoveError` with a message that names
  the move and what it met, when the move cannot be made;
- ``move.run(state)`` makes it without checking: the fast path that search runs millions of
  times (use :meth:`DeckState.apply` for the checked, undoable path);
- ``move.describe(lang)`` is one line in ``"en"`` or ``"zh"``.

``move.shows(state)``, asked before the move is made, gives the codes of the card faces the
audience sees *while* it is made (a peeled face-up card, a flashed top card); what stays in view
afterwards is :func:`conjure.audience.visible`.

Breaks follow the hand, as they do in a real hand: cards put on top deepen a break; cards taken
from the top make it shallower; cards inserted at or above it deepen it; cards put on or taken
from the bottom leave it alone. A break disappears when no card is left on one side of it, and
is released by moves a hand cannot make while holding one: a cut or complete cut, turning the
packet over, a faro, a spread, handing the whole packet on, and a steal (which uses it up).
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from conjure.deck.cards import CARDS
from conjure.deck.places import PERSONS, check_place, is_hand, label, owner
from conjure.deck.state import CODE_MASK, FACE_UP, FLIP, DeckState, packet_text
from conjure.errors import IllegalMoveError

# -- helpers shared by the moves ---------------------------------------------------------------


_CHECKED: set[str] = set()


def _place(_inst: object, _attr: object, value: str) -> None:
    if value not in _CHECKED:
        _CHECKED.add(check_place(value))


def _positive(_inst: object, attr: attrs.Attribute[int], value: int) -> None:
    if value < 1:
        raise IllegalMoveError(f"{attr.name} must be at least 1, not {value}")


def _set(s: DeckState, place: str, packet: bytes) -> None:
    if packet:
        s.packets[place] = packet
    else:
        s.packets.pop(place, None)
        s.spread.pop(place, None)


def _removed_top(s: DeckState, place: str, n: int) -> None:
    depth = s.breaks.get(place)
    if depth is not None:
        depth -= n
        if 0 < depth < len(s.packets.get(place, b"")):
            s.breaks[place] = depth
        else:
            del s.breaks[place]


def _added_top(s: DeckState, place: str, n: int) -> None:
    if place in s.breaks:
        s.breaks[place] += n


def _removed_bottom(s: DeckState, place: str) -> None:
    depth = s.breaks.get(place)
    if depth is not None and depth >= len(s.packets.get(place, b"")):
        del s.breaks[place]


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _n(n: int, what: str = "card") -> str:
    return f"{n} {what}" if n == 1 else f"{n} {what}s"


def _where(s: DeckState, place: str) -> str:
    packet = s.packets.get(place, b"")
    if not packet:
        return f"the {label(place)} is empty"
    return (
        f"the {label(place)} holds {_n(len(packet))} ({packet_text(packet, s.breaks.get(place))})"
    )


_PLACE_FIELDS: dict[type, tuple[str, ...]] = {}


def _place_fields(cls: type) -> tuple[str, ...]:
    fields = _PLACE_FIELDS.get(cls)
    if fields is None:
        names = ("src", "dst", "place")
        fields = _PLACE_FIELDS[cls] = tuple(f.name for f in attrs.fields(cls) if f.name in names)
    return fields


def _visible_place(s: DeckState, place: str) -> bool:
    person = owner(place)
    return person is None or person not in s.behind


@attrs.frozen
class Move:
    """Base class of every move. Subclasses fill in :meth:`check`, :meth:`run`, :meth:`describe`."""

    #: a move that only shows cards and changes nothing
    display: ClassVar[bool] = False

    def check(self, s: DeckState) -> None:
        """Raise :class:`IllegalMoveError` if the move cannot be made in ``s``."""

    def run(self, s: DeckState) -> None:
        """Make the move in ``s`` without checking it."""
        raise NotImplementedError

    def shows(self, s: DeckState) -> tuple[int, ...]:
        """Codes of the faces the audience sees while the move is made (asked before it)."""
        return ()

    def describe(self, lang: str = "en") -> str:
        raise NotImplementedError

    def places(self) -> tuple[str, ...]:
        """The places the move touches."""
        return tuple(getattr(self, name) for name in _place_fields(type(self)))

    def __str__(self) -> str:
        return self.describe("en")

    def _fail(self, why: str) -> IllegalMoveError:
        return IllegalMoveError(f"cannot {self.describe('en').lower()}: {why}")

    def _need(self, s: DeckState, place: str, n: int) -> None:
        have = len(s.packets.get(place, b""))
        if have < n:
            raise self._fail(_where(s, place))


# -- taking and putting cards -------------------------------------------------------------------


@attrs.frozen
class Peel(Move):
    """Peel ``n`` cards one at a time off the top of ``src`` onto the top of ``dst``.

    Each card lands on the one before, so the order of the peeled cards reverses. With ``turn``
    each card is turned over as it goes.
    """

    src: str = attrs.field(validator=_place)
    dst: str = attrs.field(validator=_place)
    n: int = attrs.field(default=1, validator=_positive)
    turn: bool = False

    def check(self, s: DeckState) -> None:
        if self.src == self.dst:
            raise self._fail("source and destination are the same place")
        self._need(s, self.src, self.n)

    def run(self, s: DeckState) -> None:
        src, dst, n = self.src, self.dst, self.n
        packet = s.packets[src]
        block = packet[:n]
        if self.turn:
            block = block.translate(FLIP)
        _set(s, src, packet[n:])
        s.packets[dst] = block[::-1] + s.packets.get(dst, b"")
        if s.breaks:
            _removed_top(s, src, n)
            _added_top(s, dst, n)

    def shows(self, s: DeckState) -> tuple[int, ...]:
        if not (_visible_place(s, self.src) and _visible_place(s, self.dst)):
            return ()
        block = s.packets.get(self.src, b"")[: self.n]
        if self.turn:
            block = block.translate(FLIP)
        return tuple(b & CODE_MASK for b in block if b & FACE_UP)

    def describe(self, lang: str = "en") -> str:
        how = ("，翻转" if lang == "zh" else ", turning each over") if self.turn else ""
        if lang == "zh":
            return (
                f"从{label(self.src, 'zh')}逐张抽出{self.n}张牌放到{label(self.dst, 'zh')}上{how}"
            )
        return f"Peel {_n(self.n)} from the {label(self.src)} onto the {label(self.dst)}{how}"


@attrs.frozen
class Deal(Peel):
    """Deal ``n`` cards one at a time from the top of ``src`` onto a pile at ``dst``.

    The same motion as :class:`Peel`; ``turn`` deals each card turned over.
    """

    def describe(self, lang: str = "en") -> str:
        if lang == "zh":
            how = "，表面向上" if self.turn else ""
            return f"从{label(self.src, 'zh')}发{self.n}张牌到{label(self.dst, 'zh')}{how}"
        how = " face up" if self.turn else ""
        return f"Deal {_n(self.n)} from the {label(self.src)} to the {label(self.dst)}{how}"


@attrs.frozen
class Take(Move):
    """Move ``n`` cards as one block, their order kept, from the top (or bottom) of ``src`` onto
    the top (or bottom) of ``dst``: several cards handled as one (a double or triple lift, a
    block dropped as one card).
    """

    src: str = attrs.field(validator=_place)
    dst: str = attrs.field(validator=_place)
    n: int = attrs.field(default=1, validator=_positive)
    from_bottom: bool = False
    to_bottom: bool = False

    def check(self, s: DeckState) -> None:
        if self.src == self.dst:
            raise self._fail("source and destination are the same place")
        self._need(s, self.src, self.n)

    def run(self, s: DeckState) -> None:
        src, dst, n = self.src, self.dst, self.n
        packet = s.packets[src]
        if self.from_bottom:
            block = packet[len(packet) - n :]
            _set(s, src, packet[: len(packet) - n])
            if s.breaks:
                _removed_bottom(s, src)
        else:
            block = packet[:n]
            _set(s, src, packet[n:])
            if s.breaks:
                _removed_top(s, src, n)
        if self.to_bottom:
            s.packets[dst] = s.packets.get(dst, b"") + block
        else:
            s.packets[dst] = block + s.packets.get(dst, b"")
            if s.breaks:
                _added_top(s, dst, n)

    def shows(self, s: DeckState) -> tuple[int, ...]:
        # A block dropped on top shows its top card if that card faces up.
        if self.to_bottom or not _visible_place(s, self.dst):
            return ()
        packet = s.packets.get(self.src, b"")
        block = packet[len(packet) - self.n :] if self.from_bottom else packet[: self.n]
        return (block[0] & CODE_MASK,) if block and block[0] & FACE_UP else ()

    def describe(self, lang: str = "en") -> str:
        if lang == "zh":
            frm = "波顿" if self.from_bottom else "特普"
            to = "波顿" if self.to_bottom else "特普"
            return (
                f"从{label(self.src, 'zh')}的{frm}取{self.n}张牌，叠成一张，"
                f"放到{label(self.dst, 'zh')}的{to}"
            )
        frm = "bottom" if self.from_bottom else "top"
        to = "bottom" if self.to_bottom else "top"
        block = "as one block " if self.n > 1 else ""
        return (
            f"Take {_n(self.n)} {block}from the {frm} of the {label(self.src)} "
            f"to the {to} of the {label(self.dst)}"
        )


@attrs.frozen
class Transfer(Move):
    """Hand the whole packet at ``src`` to ``dst``: into an empty place, onto the top of the
    packet there, or under it with ``to_bottom``. The hand that let go loses its break."""

    src: str = attrs.field(validator=_place)
    dst: str = attrs.field(validator=_place)
    to_bottom: bool = False

    def check(self, s: DeckState) -> None:
        if self.src == self.dst:
            raise self._fail("source and destination are the same place")
        self._need(s, self.src, 1)

    def run(self, s: DeckState) -> None:
        packet = s.packets.pop(self.src)
        s.spread.pop(self.src, None)
        if s.breaks:
            s.breaks.pop(self.src, None)
        if self.to_bottom:
            s.packets[self.dst] = s.packets.get(self.dst, b"") + packet
        else:
            s.packets[self.dst] = packet + s.packets.get(self.dst, b"")
            if s.breaks:
                _added_top(s, self.dst, len(packet))

    def describe(self, lang: str = "en") -> str:
        if lang == "zh":
            where = "之下" if self.to_bottom else ""
            return f"将{label(self.src, 'zh')}的牌全部移到{label(self.dst, 'zh')}{where}"
        where = "under the cards in" if self.to_bottom else "onto"
        return f"Move the packet in the {label(self.src)} {where} the {label(self.dst)}"


@attrs.frozen
class Insert(Move):
    """Take ``n`` cards as a block off the top of ``src`` and push them into ``dst`` so that
    ``depth`` cards of ``dst`` lie above them. ``src`` may be ``dst`` itself (top card into the
    middle): then ``depth`` counts in what is left after the block is taken."""

    src: str = attrs.field(validator=_place)
    dst: str = attrs.field(validator=_place)
    depth: int
    n: int = attrs.field(default=1, validator=_positive)

    def check(self, s: DeckState) -> None:
        self._need(s, self.src, self.n)
        room = len(s.packets.get(self.dst, b"")) - (self.n if self.src == self.dst else 0)
        if not 0 <= self.depth <= room:
            raise self._fail(f"depth must be 0 to {room}; {_where(s, self.dst)}")

    def run(self, s: DeckState) -> None:
        src, dst, n, depth = self.src, self.dst, self.n, self.depth
        packet = s.packets[src]
        block = packet[:n]
        _set(s, src, packet[n:])
        if s.breaks:
            _removed_top(s, src, n)
        target = s.packets.get(dst, b"")
        s.packets[dst] = target[:depth] + block + target[depth:]
        if s.breaks and dst in s.breaks and depth <= s.breaks[dst]:
            s.breaks[dst] += n

    def describe(self, lang: str = "en") -> str:
        if lang == "zh":
            return (
                f"从{label(self.src, 'zh')}特普取{self.n}张牌，"
                f"插进{label(self.dst, 'zh')}第{self.depth}张牌之下"
            )
        return (
            f"Insert {_n(self.n)} from the top of the {label(self.src)} into the "
            f"{label(self.dst)} below {_n(self.depth)}"
        )


@attrs.frozen
class Extract(Move):
    """Draw out the one card at ``depth`` in ``src`` (0 is the top) and put it on top of ``dst``,
    turned over with ``turn``. A break below the card moves up with the cards above it."""

    src: str = attrs.field(validator=_place)
    dst: str = attrs.field(validator=_place)
    depth: int = 0
    turn: bool = False

    def check(self, s: DeckState) -> None:
        if self.src == self.dst:
            raise self._fail("source and destination are the same place")
        if not 0 <= self.depth < len(s.packets.get(self.src, b"")):
            raise self._fail(_where(s, self.src))

    def run(self, s: DeckState) -> None:
        packet, d = s.packets[self.src], self.depth
        card = packet[d : d + 1]
        if self.turn:
            card = card.translate(FLIP)
        _set(s, self.src, packet[:d] + packet[d + 1 :])
        s.packets[self.dst] = card + s.packets.get(self.dst, b"")
        if s.breaks:
            depth = s.breaks.get(self.src)
            if depth is not None and d < depth:
                _removed_top(s, self.src, 1)
            else:
                _removed_bottom(s, self.src)
            _added_top(s, self.dst, 1)

    def shows(self, s: DeckState) -> tuple[int, ...]:
        if not (_visible_place(s, self.src) and _visible_place(s, self.dst)):
            return ()
        b = s.packets[self.src][self.depth] ^ (FACE_UP if self.turn else 0)
        return (b & CODE_MASK,) if b & FACE_UP else ()

    def describe(self, lang: str = "en") -> str:
        if lang == "zh":
            how = "翻过来" if self.turn else ""
            return (
                f"从{label(self.src, 'zh')}抽出第{self.depth + 1}张牌，{how}"
                f"放到{label(self.dst, 'zh')}上"
            )
        which = "top card" if self.depth == 0 else f"{_ordinal(self.depth + 1)} card from the top"
        how = ", turning it over," if self.turn else ""
        return f"Draw out the {which} of the {label(self.src)}{how} onto the {label(self.dst)}"


_CODES = bytes(i & CODE_MASK for i in range(256))
_ALL_BYTES = bytes(range(256))


def _card_codes(value: object) -> tuple[int, ...]:
    from conjure.deck.cards import Card, parse_cards

    if isinstance(value, str):
        return tuple(c.code for c in parse_cards(value))
    return tuple(c.code if isinstance(c, Card) else Card(c).code for c in value)  # type: ignore[attr-defined]


@attrs.frozen
class Cull(Move):
    """Run through the packet at ``place`` and bring ``cards`` to its bottom (or its top), in
    the order they lie, each card keeping its orientation. The hand spreads to cull, so any
    break there is released."""

    place: str = attrs.field(validator=_place)
    cards: tuple[int, ...] = attrs.field(converter=_card_codes)
    to_bottom: bool = True

    def check(self, s: DeckState) -> None:
        if not self.cards:
            raise self._fail("no cards named")
        held = s.packets.get(self.place, b"").translate(_CODES)
        missing = [c for c in self.cards if c not in held]
        if missing:
            names = " ".join(str(CARDS[c]) for c in missing)
            raise self._fail(f"{names} not there; {_where(s, self.place)}")

    def run(self, s: DeckState) -> None:
        wanted = bytes(self.cards) + bytes(self.cards).translate(FLIP)  # either way up
        packet = s.packets[self.place]
        rest = packet.translate(None, wanted)
        culled = packet.translate(None, _ALL_BYTES.translate(None, wanted))
        s.packets[self.place] = rest + culled if self.to_bottom else culled + rest
        if s.breaks:
            s.breaks.pop(self.place, None)

    def describe(self, lang: str = "en") -> str:
        names = " ".join(str(CARDS[c]) for c in self.cards)
        if lang == "zh":
            where = "波顿" if self.to_bottom else "特普"
            return f"从{label(self.place, 'zh')}的牌中抽出{names}，放到{where}"
        where = "bottom" if self.to_bottom else "top"
        return f"Cull {names} to the {where} of the {label(self.place)}"


# -- cuts, turnovers, faros ---------------------------------------------------------------------


def _cut_depth(move: Move, s: DeckState, place: str, n: int | None) -> int:
    if n is not None:
        return n
    if place not in s.breaks:
        raise move._fail(f"the {label(place)} holds no break to cut at")
    return s.breaks[place]


@attrs.frozen
class Cut(Move):
    """Cut the top ``n`` cards of ``src`` off to the empty place ``dst`` (``None``: at a break)."""

    src: str = attrs.field(validator=_place)
    dst: str = attrs.field(validator=_place)
    n: int | None = None

    def check(self, s: DeckState) -> None:
        n = _cut_depth(self, s, self.src, self.n)
        size = len(s.packets.get(self.src, b""))
        if not 0 < n < size:
            raise self._fail(f"a cut leaves cards on both sides; {_where(s, self.src)}")
        if s.packets.get(self.dst):
            raise self._fail(f"{_where(s, self.dst)}; a cut goes to an empty place")

    def run(self, s: DeckState) -> None:
        n = s.breaks.pop(self.src) if self.n is None else self.n
        packet = s.packets[self.src]
        s.packets[self.dst] = packet[:n]
        s.packets[self.src] = packet[n:]
        s.breaks.pop(self.src, None)

    def describe(self, lang: str = "en") -> str:
        at = "在布雷克处" if self.n is None else f"{self.n}张"
        if lang == "zh":
            return f"从{label(self.src, 'zh')}切下{at}牌放到{label(self.dst, 'zh')}"
        at = "at the break" if self.n is None else _n(self.n)
        return f"Cut {at} off the {label(self.src)} to the {label(self.dst)}"


@attrs.frozen
class CompleteCut(Move):
    """Move the top ``n`` cards of ``place`` to its bottom (``n=None``: cut at the break)."""

    place: str = attrs.field(validator=_place)
    n: int | None = None

    def check(self, s: DeckState) -> None:
        n = _cut_depth(self, s, self.place, self.n)
        if not 0 < n < len(s.packets.get(self.place, b"")):
            raise self._fail(f"a cut leaves cards on both sides; {_where(s, self.place)}")

    def run(self, s: DeckState) -> None:
        n = s.breaks.pop(self.place) if self.n is None else self.n
        packet = s.packets[self.place]
        s.packets[self.place] = packet[n:] + packet[:n]
        if s.breaks:
            s.breaks.pop(self.place, None)

    def describe(self, lang: str = "en") -> str:
        if lang == "zh":
            at = "在布雷克处" if self.n is None else f"{self.n}张"
            return f"将{label(self.place, 'zh')}的牌{at}切牌并复原（上下对调）"
        at = "at the break" if self.n is None else f"{_n(self.n)} deep"
        return f"Complete a cut {at} in the {label(self.place)}"


@attrs.frozen
class TurnOver(Move):
    """Turn the packet at ``place`` over: its order reverses and every card flips."""

    place: str = attrs.field(validator=_place)

    def check(self, s: DeckState) -> None:
        self._need(s, self.place, 1)

    def run(self, s: DeckState) -> None:
        s.packets[self.place] = s.packets[self.place][::-1].translate(FLIP)
        if s.breaks:
            s.breaks.pop(self.place, None)

    def describe(self, lang: str = "en") -> str:
        if lang == "zh":
            return f"将{label(self.place, 'zh')}的牌整叠翻过来"
        return f"Turn the packet in the {label(self.place)} over"


@attrs.frozen
class TurnCard(Move):
    """Turn over the one card at ``depth`` in ``place`` (0 is the top card), leaving it there."""

    place: str = attrs.field(validator=_place)
    depth: int = 0

    def check(self, s: DeckState) -> None:
        if not 0 <= self.depth < len(s.packets.get(self.place, b"")):
            raise self._fail(_where(s, self.place))

    def run(self, s: DeckState) -> None:
        p, d = s.packets[self.place], self.depth
        s.packets[self.place] = p[:d] + bytes((p[d] ^ FACE_UP,)) + p[d + 1 :]

    def shows(self, s: DeckState) -> tuple[int, ...]:
        # Turning a card over shows its face on the way, whichever way it ends.
        if not _visible_place(s, self.place):
            return ()
        return (s.packets[self.place][self.depth] & CODE_MASK,)

    def describe(self, lang: str = "en") -> str:
        which = "top card" if self.depth == 0 else f"{_ordinal(self.depth + 1)} card from the top"
        if lang == "zh":
            which = "特普牌" if self.depth == 0 else f"从上数第{self.depth + 1}张牌"
            return f"将{label(self.place, 'zh')}的{which}翻过来"
        return f"Turn over the {which} of the {label(self.place)}"


@attrs.frozen
class Faro(Move):
    """A perfect faro of the packet at ``place``: split it in half and weave the halves.

    An out-faro keeps the top card on top (the top half takes the odd card); an in-faro puts
    the top card of the bottom half on top (the bottom half takes the odd card).
    """

    place: str = attrs.field(validator=_place)
    out: bool = True

    def check(self, s: DeckState) -> None:
        self._need(s, self.place, 2)

    def run(self, s: DeckState) -> None:
        packet = s.packets[self.place]
        size = len(packet)
        woven = bytearray(size)
        if self.out:
            k = (size + 1) // 2
            woven[0::2] = packet[:k]
            woven[1::2] = packet[k:]
        else:
            k = size // 2
            woven[0::2] = packet[k:]
            woven[1::2] = packet[:k]
        s.packets[self.place] = bytes(woven)
        if s.breaks:
            s.breaks.pop(self.place, None)

    def describe(self, lang: str = "en") -> str:
        if lang == "zh":
            return f"将{label(self.place, 'zh')}的牌做一次完美{'外' if self.out else '内'}鸽尾洗牌"
        return f"{'Out' if self.out else 'In'}-faro the packet in the {label(self.place)}"


# -- breaks and steals -----------------------------------------------------------------------


@attrs.frozen
class HoldBreak(Move):
    """The hand at ``place`` holds a little-finger break under the top ``depth`` cards."""

    place: str = attrs.field(validator=_place)
    depth: int

    def check(self, s: DeckState) -> None:
        if not is_hand(self.place):
            raise self._fail("only a hand can hold a break")
        if self.place in s.breaks:
            raise self._fail(f"it already holds one at depth {s.breaks[self.place]}")
        if not 0 < self.depth < len(s.packets.get(self.place, b"")):
            raise self._fail(f"a break needs cards on both sides; {_where(s, self.place)}")

    def run(self, s: DeckState) -> None:
        s.breaks[self.place] = self.depth

    def describe(self, lang: str = "en") -> str:
        if lang == "zh":
            return f"{label(self.place, 'zh')}小指在上方{self.depth}张牌之下设置布雷克"
        return f"Hold a little-finger break in the {label(self.place)} under {_n(self.depth)}"


@attrs.frozen
class ReleaseBreak(Move):
    """The hand at ``place`` lets go of its break."""

    place: str = attrs.field(validator=_place)

    def check(self, s: DeckState) -> None:
        if self.place not in s.breaks:
            raise self._fail(f"the {label(self.place)} holds no break")

    def run(self, s: DeckState) -> None:
        del s.breaks[self.place]

    def describe(self, lang: str = "en") -> str:
        if lang == "zh":
            return f"{label(self.place, 'zh')}放开布雷克"
        return f"Release the break in the {label(self.place)}"


@attrs.frozen
class Steal(Move):
    """Biddle steal: the block above the break in ``src`` is taken, order kept, under the packet
    in ``dst``. The break is used up."""

    src: str = attrs.field(validator=_place)
    dst: str = attrs.field(validator=_place)

    def check(self, s: DeckState) -> None:
        if self.src == self.dst:
            raise self._fail("source and destination are the same place")
        if self.src not in s.breaks:
            raise self._fail(f"the {label(self.src)} holds no break")
        if not s.packets.get(self.dst):
            raise self._fail(f"{_where(s, self.dst)}; the block goes under a packet")

    def run(self, s: DeckState) -> None:
        depth = s.breaks.pop(self.src)
        packet = s.packets[self.src]
        s.packets[self.src] = packet[depth:]
        s.packets[self.dst] = s.packets[self.dst] + packet[:depth]

    def describe(self, lang: str = "en") -> str:
        if lang == "zh":
            return f"将{label(self.src, 'zh')}布雷克上方的牌偷到{label(self.dst, 'zh')}的牌下"
        return (
            f"Steal the cards above the break in the {label(self.src)} "
            f"under the packet in the {label(self.dst)}"
        )


# -- spreads and hidden hands ---------------------------------------------------------------


def _toward(_inst: object, _attr: object, value: str) -> None:
    if value not in ("audience", "self"):
        raise IllegalMoveError(f"a spread faces 'audience' or 'self', not {value!r}")


@attrs.frozen
class Spread(Move):
    """Spread (fan) the packet at ``place`` toward the ``audience`` or toward the performer
    (``self``). A spread hand cannot hold a break."""

    place: str = attrs.field(validator=_place)
    toward: str = attrs.field(default="audience", validator=_toward)

    def check(self, s: DeckState) -> None:
        self._need(s, self.place, 1)

    def run(self, s: DeckState) -> None:
        s.spread[self.place] = self.toward
        if s.breaks:
            s.breaks.pop(self.place, None)

    def describe(self, lang: str = "en") -> str:
        if lang == "zh":
            who = "观众" if self.toward == "audience" else "自己"
            return f"将{label(self.place, 'zh')}的牌表面向着{who}展开成扇状"
        who = "the audience" if self.toward == "audience" else "yourself"
        return f"Spread the packet in the {label(self.place)} toward {who}"


@attrs.frozen
class Square(Move):
    """Square up the packet at ``place`` (close a spread)."""

    place: str = attrs.field(validator=_place)

    def check(self, s: DeckState) -> None:
        self._need(s, self.place, 1)

    def run(self, s: DeckState) -> None:
        s.spread.pop(self.place, None)

    def describe(self, lang: str = "en") -> str:
        if lang == "zh":
            return f"将{label(self.place, 'zh')}的牌叠齐"
        return f"Square the packet in the {label(self.place)}"


def _person(_inst: object, _attr: object, value: str) -> None:
    if value not in PERSONS:
        raise IllegalMoveError(f"unknown person {value!r}: use performer or spectator")


@attrs.frozen
class Behind(Move):
    """``person`` puts both hands behind the back: nothing in them can be seen."""

    person: str = attrs.field(default="performer", validator=_person)

    def check(self, s: DeckState) -> None:
        if self.person in s.behind:
            raise self._fail("the hands are already behind the back")

    def run(self, s: DeckState) -> None:
        s.behind = s.behind | {self.person}

    def describe(self, lang: str = "en") -> str:
        if lang == "zh":
            return f"{'表演者' if self.person == 'performer' else '观众'}把双手藏在背后"
        return f"The {self.person} puts both hands behind the back"


@attrs.frozen
class Forward(Move):
    """``person`` brings both hands back in front."""

    person: str = attrs.field(default="performer", validator=_person)

    def check(self, s: DeckState) -> None:
        if self.person not in s.behind:
            raise self._fail("the hands are not behind the back")

    def run(self, s: DeckState) -> None:
        s.behind = s.behind - {self.person}

    def describe(self, lang: str = "en") -> str:
        if lang == "zh":
            return f"{'表演者' if self.person == 'performer' else '观众'}把双手拿回前面"
        return f"The {self.person} brings both hands forward"


# -- displays --------------------------------------------------------------------------------


@attrs.frozen
class _Display(Move):
    display: ClassVar[bool] = True
    place: str = attrs.field(validator=_place)

    def check(self, s: DeckState) -> None:
        self._need(s, self.place, 1)
        if not _visible_place(s, self.place):
            raise self._fail("the hands are behind the back")

    def run(self, s: DeckState) -> None:
        pass


@attrs.frozen
class ShowTop(_Display):
    """Lift the top card of ``place`` and show its face, then put it back as it was."""

    def shows(self, s: DeckState) -> tuple[int, ...]:
        if not _visible_place(s, self.place):
            return ()
        return (s.packets[self.place][0] & CODE_MASK,)

    def describe(self, lang: str = "en") -> str:
        if lang == "zh":
            return f"拿起{label(self.place, 'zh')}的特普牌给观众看"
        return f"Show the face of the top card of the {label(self.place)}"


@attrs.frozen
class ShowBottom(_Display):
    """Tip the packet at ``place`` so the audience sees its underside: the face of the bottom
    card if that card lies face down (its back otherwise)."""

    def shows(self, s: DeckState) -> tuple[int, ...]:
        if not _visible_place(s, self.place):
            return ()
        bottom = s.packets[self.place][-1]
        return () if bottom & FACE_UP else (bottom & CODE_MASK,)

    def describe(self, lang: str = "en") -> str:
        if lang == "zh":
            return f"将{label(self.place, 'zh')}翻过来，让观众看波顿的牌"
        return f"Show the bottom of the packet in the {label(self.place)}"


@attrs.frozen
class ShowFace(_Display):
    """Show the face of the packet at ``place``: the card whose face points outward, which is
    the top card of a face-up packet and the bottom card of a face-down one."""

    def shows(self, s: DeckState) -> tuple[int, ...]:
        if not _visible_place(s, self.place):
            return ()
        packet = s.packets[self.place]
        if packet[0] & FACE_UP:
            return (packet[0] & CODE_MASK,)
        return () if packet[-1] & FACE_UP else (packet[-1] & CODE_MASK,)

    def describe(self, lang: str = "en") -> str:
        if lang == "zh":
            return f"让观众看{label(self.place, 'zh')}牌叠表面的牌"
        return f"Show the face of the packet in the {label(self.place)}"


#: every move class by name, for the command line and for plugins that build moves from text
MOVES: dict[str, type[Move]] = {
    cls.__name__: cls
    for cls in (
        Peel, Deal, Take, Transfer, Insert, Extract, Cull, Cut, CompleteCut, TurnOver, TurnCard,
        Faro,
        HoldBreak, ReleaseBreak, Steal, Spread, Square, Behind, Forward,
        ShowTop, ShowBottom, ShowFace,
    )
}  # fmt: skip


def parse_move(text: str) -> Move:
    """A move from text: its name, then its fields in order or as ``name=value``.

    >>> parse_move("Peel left right 2")
    Peel(src='left', dst='right', n=2, turn=False)
    >>> parse_move("take left table.x n=3 from_bottom=yes")
    Take(src='left', dst='table.x', n=3, from_bottom=True, to_bottom=False)
    """
    from conjure.errors import NotationError, UnknownNameError

    words = text.split()
    if not words:
        raise NotationError("empty move")
    by_name = {name.lower(): cls for name, cls in MOVES.items()}
    cls = by_name.get(words[0].lower())
    if cls is None:
        known = ", ".join(MOVES)
        raise UnknownNameError(f"unknown move {words[0]!r} in {text!r} (moves: {known})")
    fields = [f for f in attrs.fields(cls) if f.init]
    kwargs: dict[str, object] = {}
    for i, word in enumerate(words[1:]):
        name, eq, value = word.partition("=")
        if not eq:
            if i >= len(fields):
                raise NotationError(f"too many values for {cls.__name__} in {text!r}")
            name, value = fields[i].name, word
        field = next((f for f in fields if f.name == name), None)
        if field is None:
            names = ", ".join(f.name for f in fields)
            raise NotationError(f"{cls.__name__} has no field {name!r} (fields: {names})")
        kwargs[name] = _field_value(field, value, text)
    try:
        return cls(**kwargs)
    except TypeError as exc:
        raise NotationError(f"{text!r}: {exc}") from None


def _field_value(field: attrs.Attribute[object], value: str, text: str) -> object:
    from conjure.errors import NotationError

    kind = str(field.type)
    if "tuple" in kind:
        return value  # the field's converter reads the cards
    if "bool" in kind:
        if value.lower() in ("1", "true", "yes", "y"):
            return True
        if value.lower() in ("0", "false", "no", "n"):
            return False
    elif "int" in kind:
        if value.lower() in ("none", "break") and "None" in kind:
            return None
        if value.lstrip("-").isdigit():
            return int(value)
    else:
        return value
    wanted = "yes or no" if "bool" in kind else "a whole number"
    raise NotationError(f"{field.name}={value!r} in {text!r}: expected {wanted}")
