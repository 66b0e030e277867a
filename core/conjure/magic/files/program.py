"""A routine file as a program: a flat list of instructions (loops and branches are jumps), run
against a :class:`~conjure.magic.Performance` by one loop.

The verifier merges situations by reading the frames of a routine's script
(:mod:`conjure.magic.frames`), so the program keeps everything it holds between two steps in a
form the walk can compare by value: the place in the program (a number), the step's own values
and the loops' counters (tuples), and the program itself, a frozen value compared by identity.
A step's own values (a choice, ``let``) last until the next step, as a Python routine's locals
last until its step function returns; what the rest of the routine reads goes into
``p.values`` (``remember``), where the walk watches the reads.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import attrs

from conjure.deck.cards import Card, full_deck
from conjure.deck.notation import parse_move
from conjure.deck.shuffles import Riffles
from conjure.deck.state import DeckState
from conjure.errors import ConjureError
from conjure.magic.abstraction import QUIET
from conjure.magic.beliefs import every, holds
from conjure.magic.files.syntax import Expr, Template, Where, fail
from conjure.magic.performance import Performance, RoutineFailure
from conjure.magic.vocabulary import believe_pattern, rank_of
from conjure.text import Text

#: the state of a run between two instructions: the step's values, the loops' counters
Values = tuple[tuple[str, Any], ...]
Loops = tuple[tuple[str, int, int, int], ...]  # name, value, first, last


def lookup(perf: Performance, values: Values, loops: Loops) -> Callable[[str], Any]:
    """What a name means now: a value of the step, a counter, a value remembered, a
    parameter (in that order)."""

    def find(name: str) -> Any:
        for key, value in reversed(values):
            if key == name:
                return value
        for key, value, _first, _last in reversed(loops):
            if key == name:
                return value
        if name in perf.values:
            return perf.values[name]
        if name in perf.params:
            return perf.params[name]
        raise KeyError(name)

    return find


def counters(loops: Loops) -> Callable[[str], tuple[int, int]]:
    def find(name: str) -> tuple[int, int]:
        for key, value, first, last in reversed(loops):
            if key == name:
                return value, last - first + 1
        raise KeyError(name)

    return find


def _value(expr: Expr, perf: Performance, values: Values, loops: Loops) -> Any:
    try:
        return expr.value(lookup(perf, values, loops), perf)
    except KeyError as exc:
        raise fail(
            expr.where,
            f"{exc.args[0]!r} has no value here (a parameter, a choice made, a value let or "
            "remembered, a counter)",
            f"这里 {exc.args[0]!r} 没有值（参数、做过的选择、let 或 remember 的值、计数）",
        ) from None


def _render(template: Template, perf: Performance, values: Values, loops: Loops) -> str:
    try:
        return template.render(lookup(perf, values, loops), perf, counters(loops))
    except KeyError as exc:
        raise fail(
            template.where,
            f"{exc.args[0]!r} has no value here",
            f"这里 {exc.args[0]!r} 没有值",
        ) from None


def _bind(values: Values, name: str, value: Any) -> Values:
    return (*(kv for kv in values if kv[0] != name), (name, value))


@functools.lru_cache(maxsize=4096)
def move_of(text: str) -> Any:
    """A move from its notation (the same text is read once)."""
    return parse_move(text)


def moves_of(
    template: Template, perf: Performance, values: Values, loops: Loops
) -> tuple[Any, ...]:
    QUIET[0] += 1  # cards written into a move's text: the move is checked, not the writing
    try:
        text = _render(template, perf, values, loops)
    finally:
        QUIET[0] -= 1
    try:
        return tuple(move_of(one.strip()) for one in text.split(";") if one.strip())
    except ConjureError as exc:
        raise fail(template.where, f"{exc.text.en}", f"{exc.text.get('zh')}") from None


# -- instructions ------------------------------------------------------------------------------
# each is a frozen value compared by identity; run() returns where to go next and the state


@attrs.frozen(eq=False)
class Step:
    label: Template
    en: str
    zh: str
    notes: tuple[tuple[str, str], ...]
    where: Where

    def run(self, p: Performance, pc: int, values: Values, loops: Loops) -> Any:
        label = _render(self.label, p, values, loops)
        p.step(label, self.en, self.zh)
        for en, zh in self.notes:
            p.note(en, zh)
        return pc + 1, (), loops


@attrs.frozen(eq=False)
class Start:
    """The set-up: for each place, its cards top first; a card is written (``KS^``, face up
    with ``^``), or a value in braces (a card, or an order of cards: face down), or the rest of
    a deck; ``/`` marks a break. Built from the values as they are, never by their names."""

    places: tuple[tuple[str, tuple[Any, ...], int | None], ...]  # place, items, break
    where: Where

    def run(self, p: Performance, pc: int, values: Values, loops: Loops) -> Any:
        find = lookup(p, values, loops)
        rest_of: int | None = None
        packets: dict[str, bytearray] = {}
        for place, items, _break in self.places:
            packet = packets.setdefault(place, bytearray())
            for item in items:
                if isinstance(item, bytes):
                    packet += item
                elif isinstance(item, int):  # the rest of a deck of so many cards
                    rest_of = item
                else:
                    cards = item.value(find, p)
                    for card in cards if isinstance(cards, tuple) else (cards,):
                        if not isinstance(card, Card):
                            raise fail(item.where, f"{item.text!r} is not a card",
                                       f"{item.text!r} 不是牌")  # fmt: skip
                        packet.append(card.code)
        if rest_of is not None:
            used = {b & 0x3F for packet in packets.values() for b in packet}
            rest = bytes(c.code for c in full_deck(rest_of) if c.code not in used)
            for place, items, _break in self.places:
                if any(isinstance(item, int) for item in items):
                    packets[place] += rest
        seen: set[int] = set()
        for packet in packets.values():
            for b in packet:
                if b & 0x3F in seen:
                    raise fail(self.where, f"{Card(b & 0x3F)} is set out twice",
                               f"{Card(b & 0x3F)} 摆了两次")  # fmt: skip
                seen.add(b & 0x3F)
        breaks = {place: at for place, _items, at in self.places if at is not None}
        try:
            p.start(DeckState({k: bytes(v) for k, v in packets.items()}, breaks))
        except ConjureError as exc:
            raise fail(self.where, exc.text.en, exc.text.get("zh")) from None
        return pc + 1, values, loops


@attrs.frozen(eq=False)
class Choose:
    kind: str  # "spectator" or "performer"
    name: Template
    first: Expr
    last: Expr
    en: str
    zh: str
    where: Where

    def run(self, p: Performance, pc: int, values: Values, loops: Loops) -> Any:
        name = _render(self.name, p, values, loops)
        options = range(
            _value(self.first, p, values, loops), _value(self.last, p, values, loops) + 1
        )
        pick = p.choose if self.kind == "spectator" else p.perform_choice
        value = pick(name, options, self.en, self.zh)
        return pc + 1, _bind(values, self.name.plain, value), loops


#: the items an order can be arranged from, by the words a file writes
_RED = tuple(c for c in full_deck(52) if c.suit in ("H", "D"))
_BLACK = tuple(c for c in full_deck(52) if c.suit in ("S", "C"))
ITEMS: dict[str, tuple[Any, ...]] = {
    "red cards": _RED,
    "black cards": _BLACK,
    **{
        name: tuple(c for c in full_deck(52) if c.suit == suit)
        for name, suit in (("spades", "S"), ("hearts", "H"), ("clubs", "C"), ("diamonds", "D"))
    },
}


@attrs.frozen(eq=False)
class Arrange:
    name: str
    items: tuple[Any, ...]
    first: Expr | None  # only the first so many of them
    en: str
    zh: str
    where: Where

    def run(self, p: Performance, pc: int, values: Values, loops: Loops) -> Any:
        items = self.items
        if self.first is not None:
            items = items[: _value(self.first, p, values, loops)]
        value = p.arrange_order(self.name, items, self.en, self.zh)
        return pc + 1, _bind(values, self.name, value), loops


@attrs.frozen(eq=False)
class Shuffle:
    name: str
    place: str
    top: Expr
    en: str
    zh: str
    where: Where

    def run(self, p: Performance, pc: int, values: Values, loops: Loops) -> Any:
        top = _value(self.top, p, values, loops)
        p.shuffle(
            self.name, Riffles(self.place, p.state.size(self.place), cut=top), self.en, self.zh
        )
        return pc + 1, values, loops


@attrs.frozen(eq=False)
class Moves:
    purpose: str  # "do", "show", "reveal" or "secretly"
    moves: Template
    where: Where
    #: the moves themselves, read when the file was read (no values in braces)
    fixed: tuple[Any, ...] | None = None

    def run(self, p: Performance, pc: int, values: Values, loops: Loops) -> Any:
        moves = self.fixed if self.fixed is not None else moves_of(self.moves, p, values, loops)
        try:
            if self.purpose == "do":
                p.do(*moves)
            elif self.purpose == "secretly":
                p.do(*moves, secret=True)
            elif self.purpose == "show":
                p.show(*moves)
            else:
                p.reveal(*moves)
        except RoutineFailure as exc:
            # a move impossible, or a face shown, in the cards as they are: the failure names
            # the line of the file that made the move
            reason = exc.reason
            raise RoutineFailure(
                exc.step,
                Text(f"{reason.en} ({self.where})", zh=f"{reason.get('zh')}（{self.where}）"),
                exc.error,
                kind=exc.kind,
            ) from None
        return pc + 1, values, loops


@attrs.frozen(eq=False)
class Believe:
    place: str
    holds: Expr | None  # "holds N"
    pattern: str  # "is PATTERN"
    told: Expr | None
    backed: Expr | None
    en: str
    zh: str
    where: Where

    def run(self, p: Performance, pc: int, values: Values, loops: Loops) -> Any:
        if self.holds is not None:
            belief = holds(self.place, _value(self.holds, p, values, loops), self.en, self.zh)
        else:
            told = None if self.told is None else _value(self.told, p, values, loops)
            backed = 0 if self.backed is None else _value(self.backed, p, values, loops)
            words = self.pattern.split()
            if len(words) == 1 and words[0].endswith("*") and "|" not in words[0]:
                rank = rank_of(words[0][:-1])  # one rank throughout: the plain belief
                belief = every(self.place, rank, self.en, self.zh, count=told, backed=backed)
            else:
                belief = believe_pattern(self.place, self.pattern, self.en, self.zh, told, backed)
        p.believe(belief)
        return pc + 1, values, loops


@attrs.frozen(eq=False)
class Forget:
    places: tuple[str, ...]

    def run(self, p: Performance, pc: int, values: Values, loops: Loops) -> Any:
        p.forget(*self.places)
        return pc + 1, values, loops


@attrs.frozen(eq=False)
class Note:
    """A line said of the current step: a remark (``note``), the performer's words
    (``patter``), what the audience takes the step to show (``impression``) or the effect it
    sells (``effect``); shown with the step, never checked."""

    en: str
    zh: str
    kind: str = "note"

    def run(self, p: Performance, pc: int, values: Values, loops: Loops) -> Any:
        getattr(p, self.kind)(self.en, self.zh)
        return pc + 1, values, loops


@attrs.frozen(eq=False)
class Let:
    name: str
    value: Expr
    keep: bool  # remember: into p.values, for every step after

    def run(self, p: Performance, pc: int, values: Values, loops: Loops) -> Any:
        value = _value(self.value, p, values, loops)
        if self.keep:
            p.values[self.name] = value
            return pc + 1, values, loops
        return pc + 1, _bind(values, self.name, value), loops


@attrs.frozen(eq=False)
class Repeat:
    name: str
    first: Expr
    last: Expr
    end: int  # the instruction after the loop's body

    def run(self, p: Performance, pc: int, values: Values, loops: Loops) -> Any:
        first = _value(self.first, p, values, loops)
        last = _value(self.last, p, values, loops)
        if first > last:
            return self.end + 1, values, loops
        return pc + 1, values, (*loops, (self.name, first, first, last))


@attrs.frozen(eq=False)
class EndRepeat:
    start: int  # the Repeat instruction

    def run(self, p: Performance, pc: int, values: Values, loops: Loops) -> Any:
        name, value, first, last = loops[-1]
        if value < last:
            return self.start + 1, values, (*loops[:-1], (name, value + 1, first, last))
        return pc + 1, values, loops[:-1]


@attrs.frozen(eq=False)
class If:
    condition: Expr
    otherwise: int  # where to go when it is false

    def run(self, p: Performance, pc: int, values: Values, loops: Loops) -> Any:
        if _value(self.condition, p, values, loops):
            return pc + 1, values, loops
        return self.otherwise, values, loops


@attrs.frozen(eq=False)
class Jump:
    to: int

    def run(self, p: Performance, pc: int, values: Values, loops: Loops) -> Any:
        return self.to, values, loops


@attrs.frozen(eq=False)
class Program:
    """A routine file's instructions, and the file they were read from."""

    instructions: tuple[Any, ...]
    file: str


def run(program: Program, p: Performance) -> None:
    """Perform the program: one instruction after another, from the first."""
    pc = 0
    values: Values = ()
    loops: Loops = ()
    while pc < len(program.instructions):
        if type(program.instructions[pc]) is Step:
            values = ()  # a step's own values end where the next step begins
        pc, values, loops = program.instructions[pc].run(p, pc, values, loops)


def script_of(program: Program) -> Callable[[Performance], None]:
    """The routine's script: a plain function, as the verifier reads a script."""

    def script(p: Performance) -> None:
        run(program, p)

    return script
