"""Deck orders as data: the new-deck orders and the full-deck stacks magicians memorise.

Every order is written top card first, the deck face down, position 1 the top card. Each
shipped order carries its source (author, book, year) so that the data can be checked against
print::

    >>> m = stack("mnemonica")
    >>> m.card_at(1), m.position("9D"), m.next("9D")
    (Card('4C'), 52, Card('4C'))
    >>> stack("si-stebbins").card_at(2)
    Card('4H')

Notes on the choices made here:

- The American new-deck order is the order of a new deck of the United States Playing Card
  Company (Bicycle and its other brands): face down from the top A–K♥, A–K♣, K–A♦, K–A♠.
  :func:`new_deck_order` returns this order.
- Factory orders of European makers differ from maker to maker. The European (poker) order we
  ship is the one that Tamariz's faro construction of Mnemonica starts from (face down from the
  top A–K♠, A–K♥, K–A♦, K–A♣): it is the order stack recipes take from a European deck, and the
  construction (four out-faros, the top 26 reversed, 18 out-faroed into the rest, 9 cut to the
  bottom) reaches the published Mnemonica from it exactly, which the tests check.
- Si Stebbins and Eight Kings are cyclic: any complete cut keeps them. We ship them starting
  with A♣ and 8♣ respectively, suits in CHaSeD order (♣ ♥ ♠ ♦), as they are most often taught.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Final

import attrs

from conjure.deck.cards import BIG_JOKER, CARDS, LITTLE_JOKER, Card, parse_packet
from conjure.errors import NotationError, UnknownNameError
from conjure.inputs import normalise, quote
from conjure.text import Text

#: the kinds of order: a factory order of a new deck, or a stack that is memorised or computed
NEW_DECK = "new-deck"
STACK = "stack"


def _cards(values: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(values)


def _card(value: Card | str | int) -> Card:
    return value if isinstance(value, Card) else Card(value)


@attrs.frozen
class Stack:
    """A named order of distinct cards, top card first (position 1 is the top card)."""

    id: str
    name: Text
    #: who published it, where and when
    source: Text
    cards: tuple[Card, ...] = attrs.field(converter=_cards)
    kind: str = STACK
    #: whether any complete cut keeps the stack working (Si Stebbins, Eight Kings)
    cyclic: bool = False
    _index: dict[int, int] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        index: dict[int, int] = {}
        for position, card in enumerate(self.cards, 1):
            if card.code in index:
                raise NotationError(
                    f"stack {self.id!r}: {card} is at positions {index[card.code]} and {position}"
                )
            index[card.code] = position
        if len(index) < 2:
            raise NotationError(f"stack {self.id!r}: a stack needs at least two cards")
        object.__setattr__(self, "_index", index)

    def __len__(self) -> int:
        return len(self.cards)

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and card.code in self._index

    def position(self, card: Card | str | int) -> int:
        """Where ``card`` lies, 1 for the top card."""
        card = _card(card)
        try:
            return self._index[card.code]
        except KeyError:
            raise UnknownNameError(f"{card} is not in stack {self.id!r}") from None

    def card_at(self, position: int) -> Card:
        """The card at ``position`` (1 is the top card, ``len(stack)`` the bottom card)."""
        if not 1 <= position <= len(self.cards):
            raise UnknownNameError(
                f"stack {self.id!r} has positions 1 to {len(self.cards)}, not {position}"
            )
        return self.cards[position - 1]

    def next(self, card: Card | str | int) -> Card:
        """The card below ``card``; below the bottom card comes the top card (a cut deck)."""
        return self.cards[self.position(card) % len(self.cards)]

    def previous(self, card: Card | str | int) -> Card:
        """The card above ``card``; above the top card comes the bottom card."""
        return self.cards[self.position(card) - 2]

    def cut(self, depth: int) -> tuple[Card, ...]:
        """The order after ``depth`` cards are cut from the top to the bottom."""
        depth %= len(self.cards)
        return self.cards[depth:] + self.cards[:depth]

    def matches(self, packet: Iterable[Card | str | int], cut: bool = False) -> bool:
        """Whether ``packet`` (top first) is this stack, or with ``cut`` any complete cut of it."""
        cards = tuple(_card(c) for c in packet)
        if cards == self.cards:
            return True
        if not cut or len(cards) != len(self.cards) or cards[0] not in self:
            return False
        return cards == self.cut(self.position(cards[0]) - 1)


def _order(text: str) -> tuple[Card, ...]:
    return tuple(card for card, _ in parse_packet(text))


def _suit_runs(runs: str) -> tuple[Card, ...]:
    """``"H+ C+ D- S-"``: each suit in turn, ``+`` Ace up to King, ``-`` King down to Ace."""
    out: list[Card] = []
    for run in runs.split():
        suit = "SHCD".index(run[0])
        ranks = range(13) if run[1] == "+" else range(12, -1, -1)
        out.extend(CARDS[suit * 13 + r] for r in ranks)
    return tuple(out)


def _cycle(ranks: Sequence[int], suits: str = "CHSD") -> tuple[Card, ...]:
    """52 cards: the rank sequence and the suit cycle run side by side (cyclic stacks)."""
    return tuple(CARDS["SHCD".index(suits[k % 4]) * 13 + ranks[k % 13] - 1] for k in range(52))


#: Eight kings threatened to save ninety-five queens for one sick knave
EIGHT_KINGS_RANKS: Final = (8, 13, 3, 10, 2, 7, 9, 5, 12, 4, 1, 6, 11)

_SHIPPED: Final = (
    Stack(
        "new-deck-us",
        Text("American new-deck order", zh="美式新牌顺序"),
        Text(
            "the order of a new deck of the United States Playing Card Company (Bicycle): "
            "face up from the face A–K♠, A–K♦, K–A♣, K–A♥",
            zh="美国扑克牌公司（单车牌）新牌的顺序",
        ),
        _suit_runs("H+ C+ D- S-"),
        kind=NEW_DECK,
    ),
    Stack(
        "new-deck-european",
        Text("European (poker) new-deck order", zh="欧式新牌顺序"),
        Text(
            "the order Juan Tamariz's faro construction of Mnemonica starts from "
            "(Mnemonica, Hermetic Press, 2004, chapter 2)",
            zh="塔玛里斯《Mnemonica》（2004）以洗牌构造记忆牌序的起点",
        ),
        _suit_runs("S+ H+ D- C-"),
        kind=NEW_DECK,
    ),
    Stack(
        "mnemonica",
        Text("Mnemonica (Tamariz stack)", zh="塔玛里斯记忆牌序"),
        Text("Juan Tamariz, Mnemonica (Hermetic Press, 2004)", zh="胡安·塔玛里斯《Mnemonica》2004"),
        _order(
            "4C 2H 7D 3C 4H 6D AS 5H 9S 2S QH 3D QC 8H 6S 5S 9H KC 2D JH 3S 8S 6H TC 5D KD "
            "2C 3H 8D 5C KS JD 8C TS KH JC 7S TH AD 4S 7H 4D AC 9C JS QD 7C QS TD 6C AH 9D"
        ),
    ),
    Stack(
        "aronson",
        Text("Aronson stack", zh="阿伦森记忆牌序"),
        Text(
            "Simon Aronson, Bound to Please (1979); explored in Try the Impossible (2001)",
            zh="西蒙·阿伦森《Bound to Please》1979",
        ),
        _order(
            "JS KC 5C 2H 9S AS 3H 6C 8D AC TS 5H 2D KD 7D 8C 3S AD 7S 5S QD AH 8S 3D 7H QH "
            "5D 7C 4H KH 4D TD JC JH TC JD 4S TH 6H 3C 2S 9H KS 6S 4C 8H 9C QS 6D QC 2C 9D"
        ),
    ),
    Stack(
        "si-stebbins",
        Text("Si Stebbins stack", zh="斯特宾斯循环牌序"),
        Text(
            "Si Stebbins (William Henry Coffrin), Si Stebbins' Card Tricks and the Way They "
            "Are Performed (1898): each card three above the last, suits in CHaSeD order",
            zh="斯特宾斯《纸牌魔术及其表演方法》1898：每张比上一张大3，花色按梅红黑方循环",
        ),
        _cycle([(3 * k) % 13 + 1 for k in range(13)]),
        cyclic=True,
    ),
    Stack(
        "eight-kings",
        Text("Eight Kings stack", zh="八王循环牌序"),
        Text(
            "traditional; an early description in William Frederick Pinchbeck, The Expositor "
            "(1805): 'Eight kings threatened to save ninety-five queens for one sick knave', "
            "suits in CHaSeD order",
            zh="传统牌序，早见于平奇贝克《The Expositor》1805",
        ),
        _cycle(EIGHT_KINGS_RANKS),
        cyclic=True,
    ),
)

#: every shipped order by id
STACKS: Final[dict[str, Stack]] = {s.id: s for s in _SHIPPED}


def stack(name: str) -> Stack:
    """The shipped order called ``name`` (an id of :data:`STACKS`)."""
    key = normalise(name).strip().lower()
    try:
        return STACKS[key]
    except KeyError:
        known = ", ".join(STACKS)
        raise UnknownNameError(f"no stack {quote(name)} (the stacks: {known})") from None


def parse_stack(text: str, name: str = "custom") -> Stack:
    """A stack written as a card list in any notation conjure reads, top card first.

    Lines starting with ``#`` are comments; ``# name: …`` names the stack.
    """
    title = name
    lines = []
    for number, line in enumerate(normalise(text).splitlines(), 1):
        stripped = line.strip()
        if stripped.startswith("#"):
            key, sep, value = stripped[1:].partition(":")
            if sep and key.strip().lower() == "name" and value.strip():
                title = value.strip()
            continue
        if stripped:
            lines.append((number, stripped))
    cards: list[Card] = []
    for number, line in lines:
        try:
            cards.extend(card for card, _ in parse_packet(line))
        except NotationError as exc:
            raise NotationError(f"{name}: line {number}: {exc}") from None
    if not cards:
        raise NotationError(f"{name}: no cards")
    return Stack(name, Text(title), Text(f"custom stack from {name}"), cards)


def load_stack(path: str | Path) -> Stack:
    """A custom stack from a text file (see :func:`parse_stack`)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        raise NotationError(f"cannot read stack file {str(path)!r}: {reason}") from None
    return parse_stack(text, name=str(path))


def resolve_stack(name: str) -> Stack:
    """A shipped stack by id, or a custom stack from a file when ``name`` is a path to one."""
    key = normalise(name).strip().lower()
    if key in STACKS:
        return STACKS[key]
    if Path(name).is_file():
        return load_stack(name)
    return stack(name)


def is_stack(packet: Iterable[Card | str | int], name: str | Stack, cut: bool = False) -> bool:
    """Whether ``packet`` (top first) is the stack ``name`` (with ``cut``: any cut of it)."""
    target = name if isinstance(name, Stack) else stack(name)
    return target.matches(packet, cut=cut)


def new_deck_order(jokers: bool = False) -> tuple[Card, ...]:
    """A deck as it comes out of a new box, face down, top card first.

    This is the common Western order: spread face up from the face it reads A–K ♠, A–K ♦,
    K–A ♣, K–A ♥, so face down the top card is the A♥ and the bottom card the A♠. With
    ``jokers`` the two jokers sit on top (at the back of the face-up deck), big joker first.
    """
    top_first = list(STACKS["new-deck-us"].cards)
    if jokers:
        top_first = [CARDS[BIG_JOKER], CARDS[LITTLE_JOKER], *top_first]
    return tuple(top_first)
