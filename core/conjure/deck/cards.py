"""Cards, their notation in every common form, and the decks the routines and games use.

A card is a small immutable value backed by a code from 0 to 53: ``suit * 13 + rank - 1`` for the
52 suited cards (suits in the Chinese order 黑桃 ♠, 红桃 ♥, 梅花 ♣, 方块 ♦; ranks A=1 … K=13),
52 for the little (black) joker 小王 and 53 for the big (red) joker 大王. The deck-state machine
works on these codes directly; :class:`Card` is what people read and write.

>>> Card("KS"), Card("红桃10"), Card("♦Q").zh
(Card('KS'), Card('TH'), '方块Q')
>>> [str(c) for c in parse_cards("KS, 10h 黑桃A 大王")]
['K♠', '10♥', 'A♠', '大王']
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

import attrs

from conjure.deck import notation
from conjure.errors import NotationError
from conjure.inputs import quote

SUITS: Final = notation.SUITS
SUIT_SYMBOLS: Final = "♠♥♣♦"
SUIT_ZH: Final = ("黑桃", "红桃", "梅花", "方块")
SUIT_EN: Final = ("spades", "hearts", "clubs", "diamonds")
RANKS: Final = "A23456789TJQK"
RANK_LABELS: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANK_EN: Final = (
    "Ace", "Two", "Three", "Four", "Five", "Six", "Seven",
    "Eight", "Nine", "Ten", "Jack", "Queen", "King",
)  # fmt: skip

LITTLE_JOKER: Final = notation.LITTLE_JOKER
BIG_JOKER: Final = notation.BIG_JOKER
N_CODES: Final = 54
_RANK_OF: Final = (*(code % 13 + 1 for code in range(52)), 0, 0)


def _to_code(value: object) -> int:
    if isinstance(value, Card):
        return value.code
    if isinstance(value, bool):
        raise NotationError(f"not a card: {value!r}")
    if isinstance(value, int):
        if 0 <= value < N_CODES:
            return value
        raise NotationError(f"card code {value} is out of range 0..{N_CODES - 1}")
    if isinstance(value, str):
        return notation.card_code(value)
    raise NotationError(f"not a card: {value!r}")


@attrs.frozen(order=True, repr=False)
class Card:
    """One playing card. Build it from any notation or from its code.

    ``str(card)`` is the symbol form (``K♠``, ``10♥``, ``大王``), ``card.ascii`` the letter form
    (``KS``, ``TH``, ``RJ``) that :func:`repr` uses, ``card.zh`` the Chinese form (``黑桃K``).
    """

    code: int = attrs.field(converter=_to_code)

    @property
    def is_joker(self) -> bool:
        return self.code >= LITTLE_JOKER

    @property
    def rank(self) -> int:
        """1 (Ace) to 13 (King); 0 for a joker."""
        return _RANK_OF[self.code]

    @property
    def suit(self) -> str | None:
        """``S``, ``H``, ``C`` or ``D``; ``None`` for a joker."""
        return None if self.code >= LITTLE_JOKER else SUITS[self.code // 13]

    @property
    def is_red(self) -> bool:
        return self.code == BIG_JOKER or self.code // 13 in (1, 3)

    @property
    def ascii(self) -> str:
        if self.code == LITTLE_JOKER:
            return "BJ"
        if self.code == BIG_JOKER:
            return "RJ"
        return RANKS[self.code % 13] + SUITS[self.code // 13]

    @property
    def zh(self) -> str:
        if self.is_joker:
            return "小王" if self.code == LITTLE_JOKER else "大王"
        return SUIT_ZH[self.code // 13] + RANK_LABELS[self.code % 13]

    @property
    def en(self) -> str:
        """The English name: ``King of spades``, ``little joker``."""
        if self.is_joker:
            return "little joker" if self.code == LITTLE_JOKER else "big joker"
        return f"{RANK_EN[self.code % 13]} of {SUIT_EN[self.code // 13]}"

    def __str__(self) -> str:
        if self.is_joker:
            return self.zh
        return RANK_LABELS[self.code % 13] + SUIT_SYMBOLS[self.code // 13]

    def __repr__(self) -> str:
        return f"Card({self.ascii!r})"

    def __format__(self, spec: str) -> str:
        """``format(card, "zh")``, ``"ascii"``, ``"en"``; anything else gives ``str(card)``."""
        notation = _NOTATIONS.get(spec)
        return str(self) if notation is None else str(getattr(self, notation))


#: the notations a card can be formatted in, by format spec, and the property that writes it
_NOTATIONS: Final = {"zh": "zh", "ascii": "ascii", "en": "en"}
#: how :func:`format_cards` separates the cards of a notation (a space unless said here)
_SEPARATORS: Final = {"en": ", "}

#: every card by code, so that the machine can turn a code into a Card without building one
CARDS: Final = tuple(Card(code) for code in range(N_CODES))


def parse_packet(text: str) -> list[tuple[Card, bool]]:
    """Read a packet written top card first: ``"KS QH^ 10D"``.

    Returns ``(card, marked_face_up)`` pairs, top first: ``^`` after a card marks it face up.
    Cards may be separated by spaces, commas or 、, and Chinese cards may also be written
    without separators (``黑桃K红桃Q``). The grammar is :mod:`conjure.deck.notation`'s.
    """
    return [(CARDS[code], up) for code, up in notation.packet_codes(text)]


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read a list of cards in any notation, ignoring face-up marks."""
    return tuple(card for card, _ in parse_packet(text))


def parse_card(text: str) -> Card:
    """Read exactly one card."""
    cards = parse_cards(text)
    if len(cards) != 1:
        raise NotationError(f"expected one card, got {len(cards)} in {quote(text)}")
    return cards[0]


def format_cards(cards: Iterable[Card], style: str = "") -> str:
    """Write cards separated by spaces in one notation (``""``, ``"ascii"``, ``"zh"``, ``"en"``)."""
    return _SEPARATORS.get(style, " ").join(format(card, style) for card in cards)


# ---------------------------------------------------------------------------------------------
# Decks

#: ranks each reduced deck keeps, as CATALOG and the texts describe them
DECK_RANKS: Final[dict[int, tuple[int, ...]]] = {
    24: (1, 9, 10, 11, 12, 13),  # 六六大顺 / 一帆风顺: A, 9, 10, J, Q, K
    32: (1, 7, 8, 9, 10, 11, 12, 13),  # 缉查队长, Klaberjass: 7 to A
    36: (1, 6, 7, 8, 9, 10, 11, 12, 13),  # 游戏九 赌场: 6 to A
    40: (1, 2, 3, 4, 5, 6, 7, 11, 12, 13),  # 游戏十 换牌: no 8, 9, 10
    52: tuple(range(1, 14)),
    54: tuple(range(1, 14)),
}


def full_deck(size: int = 52) -> tuple[Card, ...]:
    """The cards of a deck of ``size`` cards in code order (♠ A–K, ♥, ♣, ♦, then jokers).

    >>> len(full_deck(24)), full_deck(24)[:2]
    (24, (Card('AS'), Card('9S')))
    """
    try:
        ranks = DECK_RANKS[size]
    except KeyError:
        sizes = ", ".join(map(str, DECK_RANKS))
        raise NotationError(f"no {size}-card deck; the decks are {sizes}") from None
    cards = [CARDS[s * 13 + r - 1] for s in range(4) for r in ranks]
    if size == 54:
        cards += [CARDS[LITTLE_JOKER], CARDS[BIG_JOKER]]
    return tuple(cards)
