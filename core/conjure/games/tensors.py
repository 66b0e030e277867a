"""Observation and information-state tensors of any game, made from the game's own observation,
with declared shapes and a name and a meaning for every slot: what learning agents read
(OpenSpiel's ``observation_tensor`` and ``information_state_tensor``, PettingZoo's
observations).

:class:`Encoder` lays the slots out once per game (its zones, its public values, its players)
and fills them from a state for one seat, for the public (what every seat sees), or for
everyone. Every game gets it for free; a game refines what it says with
:attr:`~conjure.games.api.Game.tensor_order` (zones whose order matters) and with metadata on
the fields of its :class:`~conjure.games.api.Vars` (``values`` for a field that takes one of a
few values, ``seat`` for a field that names a seat).

The observation, slot by slot (``n`` players, 54 card codes):

- ``to_move`` (n + 2): the seat to move, one-hot; then chance, then the end of the game;
- ``observer`` (n): the seat whose observation it is, one-hot (all 0 for the public);
- for every zone ``Z`` in the game's order: ``zone.Z`` (54), 1 for each card the observer sees
  lying there; ``zone.Z.hidden`` (1), how many cards lie there face down to it, over 54;
  ``zone.Z.order`` (k, 54) where the zone's order matters, the card at each of its first ``k``
  places, one-hot (all 0 for a place that is empty or hidden);
- ``vars.F`` for every public value ``F`` of the game: a number as ``sign(x) log(1 + |x|)``; a
  flag as 0 or 1; a field with declared ``values``, one-hot over them; a seat, one-hot over the
  seats; a tuple of numbers, one a seat (or the tuple's own length when it is fixed); a tuple of
  pairs, one row a seat; any other tuple (a record that grows), its length; text with no
  declared values, one of 8 slots by a checksum of it;
- ``teams`` (n, sides + 1), where the game has sides: each seat's side as the table knows it,
  one-hot, the last column for a side not shown yet;
- ``lacking`` (n, 54), where plays show what a seat lacks: the cards the table knows each seat
  does not hold;
- ``move`` (size of the action space), where moves are spelled id by id: the ids chosen so far
  of the move being made.

The information state is the observation followed by what the observer saw happen:

- ``history.played`` (n, 54): the cards each seat was seen to take out of its hand by its own
  moves;
- ``history.moves`` (n): how many moves each seat made, as a number;
- ``history.actions`` (n, size - 54), for a game whose action ids are its codes: which
  non-card actions each seat was seen to make.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, Protocol

import attrs

from conjure.games.actions import CARD_CODES, CodeSpace

if TYPE_CHECKING:
    from conjure.games.api import Game, GameState

#: who an observation is for, besides a seat: what every seat sees, what any seat sees
PUBLIC: Final = -1
EVERYONE: Final = -2
#: slots of a text value with no declared values
TEXT_SLOTS: Final = 8


class Buffer(Protocol):
    """Where a tensor is written: a list of floats, or a numpy array."""

    def __setitem__(self, index: int, value: float, /) -> None: ...


@attrs.frozen
class Slot:
    """A named part of a tensor: its shape, where it starts, and what its numbers say."""

    name: str
    shape: tuple[int, ...]
    start: int
    what: str

    @property
    def size(self) -> int:
        return math.prod(self.shape)


def symlog(x: float) -> float:
    """``sign(x) log(1 + |x|)``: a number of any size as one that a network reads well."""
    return math.copysign(math.log1p(abs(x)), x)


@attrs.define
class Recall:
    """What one observer saw happen: the cards each seat was seen to play from its hand (a
    bitmask a seat), how many moves each made, and the non-card action ids each was seen to
    make (a bitmask a seat). Immutable tuples, so a copy is a reference."""

    played: tuple[int, ...]
    moves: tuple[int, ...]
    actions: tuple[int, ...]

    @classmethod
    def empty(cls, players: int) -> Recall:
        zero = (0,) * players
        return cls(zero, zero, zero)

    def after(self, seat: int, cards: int, action_id: int | None) -> Recall:
        """This record after ``seat`` made a move seen to play ``cards`` and, when
        ``action_id`` is given, seen to be that non-card action."""
        played = list(self.played)
        played[seat] |= cards
        moves = list(self.moves)
        moves[seat] += 1
        actions = list(self.actions)
        if action_id is not None:
            actions[seat] |= 1 << action_id
        return Recall(tuple(played), tuple(moves), tuple(actions))


class Encoder:
    """The tensors of one game (its options and player count): :attr:`observation_slots` and
    :attr:`history_slots` say what each part is."""

    def __init__(self, game: Game[Any]) -> None:
        from conjure.games.api import ALL, TOP

        self.game = game
        n = self.players = game.num_players
        self.zones = list(game.visibility)
        self.space = game.action_space()
        slots: list[Slot] = []

        def add(name: str, shape: tuple[int, ...], what: str) -> None:
            start = slots[-1].start + slots[-1].size if slots else 0
            slots.append(Slot(name, shape, start, what))

        add("to_move", (n + 2,), "the seat to move, one-hot; then chance; then the end")
        add("observer", (n,), "the seat observing, one-hot (0 for the public)")
        self.order: dict[str, int] = {}
        #: zone -> its rule: "all", "top", a seat, or None for nobody
        self.rules: dict[str, str | int | None] = {}
        for zone in self.zones:
            base = zone.rstrip("0123456789")
            rule = game.visibility[zone]
            self.rules[zone] = (
                "all"
                if rule == ALL
                else "top"
                if rule == TOP
                else (rule if isinstance(rule, int) else None)
            )
            default = n if base == "trick" else 1 if rule in (ALL, TOP) else 0
            k = int(game.tensor_order.get(base, default))
            add(f"zone.{zone}", (CARD_CODES,), f"cards seen in {zone}")
            add(f"zone.{zone}.hidden", (1,), f"cards face down in {zone}, over 54")
            if k:
                self.order[zone] = k
                add(f"zone.{zone}.order", (k, CARD_CODES), f"the first {k} cards of {zone}")
        reference = game.new_initial_state(seed=0)
        self.fields: list[tuple[str, str, Any]] = []
        for field in attrs.fields(game.vars_type):
            kind, arg, shape, what = self._field_kind(field, getattr(reference.vars, field.name))
            self.fields.append((field.name, kind, arg))
            add(f"vars.{field.name}", shape, what)
        self.sides = len(game.team_names())
        if self.sides:
            add("teams", (n, self.sides + 1), "each seat's side, one-hot; last: not shown")
        if game.shows_lacking:
            add("lacking", (n, CARD_CODES), "the cards the table knows each seat lacks")
        if self.space.staged:
            add("move", (self.space.size,), "the ids chosen so far of the move being made")
        self.observation_slots = tuple(slots)
        self.observation_size = slots[-1].start + slots[-1].size
        start = self.observation_size
        history = [
            Slot("history.played", (n, CARD_CODES), start, "cards each seat was seen to play"),
            Slot("history.moves", (n,), start + n * CARD_CODES, "moves each seat made"),
        ]
        self.special = (
            self.space.size - CARD_CODES
            if isinstance(self.space, CodeSpace) and self.space.size > CARD_CODES
            else 0
        )
        if self.special:
            start = history[-1].start + history[-1].size
            what = "the non-card actions each seat was seen to make"
            history.append(Slot("history.actions", (n, self.special), start, what))
        self.history_slots = tuple(history)
        self.information_state_size = history[-1].start + history[-1].size

    def _field_kind(self, field: Any, value: Any) -> tuple[str, Any, tuple[int, ...], str]:
        n = self.players
        meta = field.metadata
        what = f"the public value {field.name}"
        annotation = str(field.type)
        if "values" in meta:
            values = tuple(meta["values"])
            return "choice", values, (len(values),), f"{what}: one of {list(values)}"
        if meta.get("seat"):
            return "seat", None, (n,), f"{what}: a seat, one-hot"
        if isinstance(value, bool) or annotation == "bool":
            return "flag", None, (1,), f"{what}: 0 or 1"
        if isinstance(value, int | float) or annotation in ("int", "float"):
            return "number", None, (1,), f"{what}: a number"
        if isinstance(value, str) or annotation == "str":
            return "text", None, (TEXT_SLOTS,), f"{what}: text, by a checksum"
        if isinstance(value, tuple) or annotation.startswith("tuple"):
            if "tuple[tuple" in annotation:
                inner = {len(v) for v in value if isinstance(v, tuple)}
                if len(value) == n and len(inner) == 1:
                    m = inner.pop()
                    return "grid", m, (n, m), f"{what}: {m} numbers a seat"
                return "count", None, (1,), f"{what}: how many it holds"
            if annotation.endswith(", ...]") or not annotation.startswith("tuple"):
                k = max(n, len(value))
                return "row", k, (k,), f"{what}: a number a seat"
            k = len(value) if value else annotation.count(",") + 1
            return "row", k, (k,), f"{what}: {k} numbers"
        return "count", None, (1,), f"{what}: whether it is set"

    # -- filling ---------------------------------------------------------------------------------

    def sees(self, state: GameState[Any], who: int, zone: str, index: int, card: int) -> bool:
        """Whether ``who`` (a seat, :data:`PUBLIC` or :data:`EVERYONE`) sees ``card``."""
        if who >= 0:
            return state.sees(who, zone, index, card)
        seats = range(self.players)
        if who == PUBLIC:
            return all(state.sees(p, zone, index, card) for p in seats)
        return any(state.sees(p, zone, index, card) for p in seats)

    def observation(
        self,
        state: GameState[Any],
        who: int,
        out: Buffer,
        move: Sequence[int] = (),
        public: bool = True,
    ) -> None:
        """Fill ``out`` (at least :attr:`observation_size` long, zeros) with what ``who`` sees;
        ``move``: the ids chosen so far of a move being spelled. Without ``public``, only the
        observer's private part (its own cards, its seat)."""
        n = self.players
        at = 0
        current = state.current
        if public:
            out[at + (current if current >= 0 else n if current == -2 else n + 1)] = 1.0
        at += n + 2
        if who >= 0:
            out[at + who] = 1.0
        at += n
        everyone = (1 << n) - 1
        known = state.known
        for zone in self.zones:
            cards = state.zones[zone]
            hidden = 0
            k = self.order.get(zone, 0)
            rule = self.rules[zone]
            for i, card in enumerate(cards):
                # who sees the card, as a mask of seats: its zone's rule, then what was shown
                if rule == "all" or (rule == "top" and i == 0):
                    seers = everyone
                elif isinstance(rule, int):
                    seers = 1 << rule | known.get(card, 0)
                else:
                    seers = known.get(card, 0)
                if who >= 0:
                    shown = bool(seers >> who & 1)
                    if shown and not public:
                        shown = seers & everyone != everyone
                elif who == PUBLIC:
                    shown = seers & everyone == everyone
                else:
                    shown = bool(seers & everyone)
                if shown:
                    out[at + card] = 1.0
                    if i < k:
                        out[at + CARD_CODES + 1 + i * CARD_CODES + card] = 1.0
                else:
                    hidden += 1
            out[at + CARD_CODES] = hidden / CARD_CODES
            at += CARD_CODES + 1 + k * CARD_CODES
        values = state.vars.__dict__
        for name, kind, arg in self.fields:
            value = values.get(name)
            at = self._field(out, at, kind, arg, value, public)
        if self.sides:
            if public:
                for p, side in enumerate(state.teams()):
                    out[at + p * (self.sides + 1) + (side if side >= 0 else self.sides)] = 1.0
            at += n * (self.sides + 1)
        if self.game.shows_lacking:
            if public:
                for p, mask in enumerate(state.lacking):
                    _bits(out, at + p * CARD_CODES, mask)
            at += n * CARD_CODES
        if self.space.staged:
            for action_id in move:
                out[at + action_id] = 1.0

    def _field(self, out: Buffer, at: int, kind: str, arg: Any, value: Any, public: bool) -> int:
        n = self.players
        if kind == "choice":
            if public and value in arg:
                out[at + arg.index(value)] = 1.0
            return at + len(arg)
        if kind == "seat":
            if public and isinstance(value, int) and 0 <= value < n:
                out[at + value] = 1.0
            return at + n
        if kind == "text":
            if public and value is not None:
                out[at + zlib.crc32(str(value).encode()) % TEXT_SLOTS] = 1.0
            return at + TEXT_SLOTS
        if kind in ("flag", "number"):
            if public and isinstance(value, int | float):
                out[at] = float(value) if kind == "flag" else symlog(value)
            return at + 1
        if kind == "row":
            if public and value:
                for i, x in enumerate(value[:arg]):
                    if isinstance(x, int | float):
                        out[at + i] = symlog(x)
            return at + int(arg)
        if kind == "grid":
            if public and value:
                for p, row in enumerate(value[:n]):
                    for j, x in enumerate(row[:arg]):
                        if isinstance(x, int | float):
                            out[at + p * arg + j] = symlog(x)
            return at + n * int(arg)
        if public:
            out[at] = symlog(len(value)) if isinstance(value, tuple) else float(value is not None)
        return at + 1

    def information_state(
        self,
        state: GameState[Any],
        who: int,
        recall: Recall,
        out: Buffer,
        move: Sequence[int] = (),
        public: bool = True,
    ) -> None:
        """Fill ``out`` (at least :attr:`information_state_size` long, zeros) with the
        observation and ``recall``, what ``who`` saw happen."""
        self.observation(state, who, out, move, public)
        n = self.players
        at = self.observation_size
        for p in range(n):
            _bits(out, at + p * CARD_CODES, recall.played[p])
        at += n * CARD_CODES
        for p in range(n):
            out[at + p] = symlog(recall.moves[p])
        at += n
        if self.special:
            for p in range(n):
                _bits(out, at + p * self.special, recall.actions[p] >> CARD_CODES)

    def describe(self, information_state: bool = False) -> list[Slot]:
        """Every slot, in order."""
        slots = list(self.observation_slots)
        return slots + list(self.history_slots) if information_state else slots


def _bits(out: Buffer, at: int, mask: int) -> None:
    while mask:
        low = mask & -mask
        out[at + low.bit_length() - 1] = 1.0
        mask ^= low
