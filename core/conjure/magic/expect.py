"""Checks at any step: what must hold at a given point of a routine.

A claim reads the finished performance; an expectation is stated in the script, where it
must hold, and is checked there::

    p.step("③", en="Cut 18 and faro them into the other 34")
    p.do(FaroInto(18))
    p.expect(count("table", 52), stack_is("table", "mnemonica"))

The helpers are :func:`order` (the exact order of a packet, top first), :func:`count` (how many
cards a place holds), :func:`card_at` (the card at a position, 1 the top card, as in
:mod:`conjure.deck.stacks`), :func:`stack_is` (a packet equals a named stack, or any complete
cut of it) and :func:`knows` (the performer has glimpsed a card). :class:`Expectation` takes
any function of the :class:`DeckState` for what these do not cover.

When an expectation fails, the failure names the step and the move of that step after which
it first failed (the step's moves are replayed from the position it started in), so a wrong
split three moves earlier is named there and not at the end.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import attrs

from conjure.deck.cards import Card, parse_cards
from conjure.deck.places import label
from conjure.deck.stacks import Stack, resolve_stack
from conjure.deck.state import DeckState


@attrs.frozen
class Expectation:
    """What must hold at a point of a routine: ``check(state)`` returns ``None`` when it holds
    or a sentence saying what is wrong. English is required, Chinese optional."""

    en: str
    check: Callable[[DeckState], str | None] = attrs.field(eq=False)
    zh: str = ""


def _cards(cards: Iterable[Card | str] | str) -> tuple[Card, ...]:
    if isinstance(cards, str):
        return tuple(parse_cards(cards))
    return tuple(c if isinstance(c, Card) else Card(c) for c in cards)


def _plural(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def _listed(cards: tuple[Card, ...], limit: int = 8) -> str:
    shown = " ".join(str(c) for c in cards[:limit])
    return shown + (f" … ({len(cards)} cards)" if len(cards) > limit else "")


def order(place: str, cards: Iterable[Card | str] | str, en: str = "", zh: str = "") -> Expectation:
    """The packet at ``place`` is exactly ``cards``, top first (a card list such as
    ``"AS 2S 3S"`` or a sequence of cards)."""
    want = _cards(cards)

    def check(state: DeckState) -> str | None:
        have = state.cards(place)
        if have == want:
            return None
        if len(have) != len(want):
            return f"the {label(place)} holds {_plural(len(have))}, not {len(want)}"
        at = next(i for i, (a, b) in enumerate(zip(have, want, strict=True)) if a != b)
        return f"position {at + 1} of the {label(place)} is {have[at]}, not {want[at]}"

    return Expectation(en or f"the {label(place)} is {_listed(want)}", check, zh)


def knows(card: Card | str, en: str = "", zh: str = "") -> Expectation:
    """The performer has secretly seen ``card`` (a ``Glimpse``): what a routine that names a
    card through a key card relies on."""
    want = card if isinstance(card, Card) else Card(card)

    def check(state: DeckState) -> str | None:
        if state.performer_knows(want):
            return None
        return f"the performer never glimpsed {want}"

    return Expectation(en or f"the performer knows {want}", check, zh)


def count(place: str, n: int, en: str = "", zh: str = "") -> Expectation:
    """The place holds ``n`` cards."""

    def check(state: DeckState) -> str | None:
        size = state.size(place)
        return None if size == n else f"the {label(place)} holds {_plural(size)}, not {n}"

    return Expectation(en or f"the {label(place)} holds {_plural(n)}", check, zh)


def card_at(place: str, position: int, card: Card | str, en: str = "", zh: str = "") -> Expectation:
    """``card`` lies at ``position`` of the packet at ``place`` (1 is the top card; a negative
    position counts from the bottom, -1 the bottom card)."""
    want = card if isinstance(card, Card) else Card(card)
    where = f"position {position}" if position > 0 else f"position {-position} from the bottom"

    def check(state: DeckState) -> str | None:
        have = state.cards(place)
        index = position - 1 if position > 0 else len(have) + position
        if not 0 <= index < len(have):
            return f"the {label(place)} holds {_plural(len(have))}: there is no {where}"
        if have[index] != want:
            return f"{where} of the {label(place)} is {have[index]}, not {want}"
        return None

    return Expectation(en or f"{want} is at {where} of the {label(place)}", check, zh)


def stack_is(
    place: str, name: str | Stack, *, cut: bool = False, en: str = "", zh: str = ""
) -> Expectation:
    """The packet at ``place`` is the stack ``name`` (a shipped stack's id, a stack file, or a
    :class:`~conjure.deck.stacks.Stack`); with ``cut``, any complete cut of it."""
    target = name if isinstance(name, Stack) else resolve_stack(name)
    kind = "a cut of " if cut else ""

    def check(state: DeckState) -> str | None:
        have = state.cards(place)
        if target.matches(have, cut=cut):
            return None
        if len(have) != len(target):
            return f"the {label(place)} holds {_plural(len(have))}, the stack {len(target)}"
        want = target.cut(target.position(have[0]) - 1) if cut and have[0] in target else None
        want = want or target.cards
        at = next(i for i, (a, b) in enumerate(zip(have, want, strict=True)) if a != b)
        return (
            f"position {at + 1} of the {label(place)} is {have[at]}, "
            f"not {want[at]} as in {target.id}"
        )

    return Expectation(en or f"the {label(place)} is {kind}{target.id}", check, zh)
