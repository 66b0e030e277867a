"""The deck-state machine: cards and their notation, places, the state of every packet, the
moves that change it, and what the audience can see.

Layers, lowest first: :mod:`~conjure.deck.places` (where cards can be) →
:mod:`~conjure.deck.notation` (reading cards, packets, layouts and moves; the one alias table)
→ :mod:`~conjure.deck.cards` (the card value, decks) → :mod:`~conjure.deck.state` (packets,
breaks, push and pop; the rules a position keeps) → :mod:`~conjure.deck.moves` (what each move
does, through the state's primitives) → :mod:`~conjure.deck.sleights` (shuffles, deals and
sleights built on them) → :mod:`~conjure.deck.audience` (what is in view).
Routine authors import from here.
"""

from __future__ import annotations

from conjure.deck.audience import visible, visible_at, visible_during
from conjure.deck.cards import (
    CARDS,
    RANKS,
    SUIT_SYMBOLS,
    SUITS,
    Card,
    format_cards,
    full_deck,
    parse_card,
    parse_cards,
)
from conjure.deck.moves import (
    MOVES,
    Behind,
    CompleteCut,
    Cull,
    Cut,
    Deal,
    Extract,
    Faro,
    Forward,
    HoldBreak,
    Insert,
    Move,
    Peel,
    ReleaseBreak,
    ShowBottom,
    ShowFace,
    ShowTop,
    Spread,
    Square,
    Steal,
    Take,
    Transfer,
    TurnCard,
    TurnOver,
    parse_move,
)
from conjure.deck.places import LEFT, RIGHT, SPECTATOR, TABLE, is_hand, label, owner
from conjure.deck.sleights import (
    BottomToTop,
    DealPiles,
    DoubleLift,
    ElmsleyCount,
    Glimpse,
    Overhand,
    Riffle,
    Riffles,
    SpellDeal,
    TopToBottom,
    letters,
)
from conjure.deck.stacks import STACKS, Stack, is_stack, load_stack, new_deck_order, stack
from conjure.deck.state import DeckState

__all__ = [
    "CARDS",
    "LEFT",
    "MOVES",
    "RANKS",
    "RIGHT",
    "SPECTATOR",
    "STACKS",
    "SUITS",
    "SUIT_SYMBOLS",
    "TABLE",
    "Behind",
    "BottomToTop",
    "Card",
    "CompleteCut",
    "Cull",
    "Cut",
    "Deal",
    "DealPiles",
    "DeckState",
    "DoubleLift",
    "ElmsleyCount",
    "Extract",
    "Faro",
    "Forward",
    "Glimpse",
    "HoldBreak",
    "Insert",
    "Move",
    "Overhand",
    "Peel",
    "ReleaseBreak",
    "Riffle",
    "Riffles",
    "ShowBottom",
    "ShowFace",
    "ShowTop",
    "SpellDeal",
    "Spread",
    "Square",
    "Stack",
    "Steal",
    "Take",
    "TopToBottom",
    "Transfer",
    "TurnCard",
    "TurnOver",
    "format_cards",
    "full_deck",
    "is_hand",
    "is_stack",
    "label",
    "letters",
    "load_stack",
    "new_deck_order",
    "owner",
    "parse_card",
    "parse_cards",
    "parse_move",
    "stack",
    "visible",
    "visible_at",
    "visible_during",
]
