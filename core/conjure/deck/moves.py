"""The moves magicians make, each an immutable value with exact semantics (see
:mod:`conjure.deck.move` for what every move answers): this module is their catalogue.

The basic moves live by what they do to the cards: :mod:`conjure.deck.packets` (peels, deals,
takes, transfers, inserts, extracts, culls), :mod:`conjure.deck.cuts` (cuts, turnovers, faros)
and :mod:`conjure.deck.handling` (breaks, the steal, spreads, hidden hands, displays); the
moves of the literature built on them are in :mod:`conjure.deck.sleights`. Moves are written as
text (``Peel left right 2``) by :func:`conjure.deck.notation.parse_move`; each field says how it
is read.
"""

from __future__ import annotations

from conjure.deck.cuts import CompleteCut, Cut, Faro, TurnCard, TurnOver
from conjure.deck.handling import (
    Behind,
    Forward,
    HoldBreak,
    ReleaseBreak,
    ShowBottom,
    ShowFace,
    ShowTop,
    Spread,
    Square,
    Steal,
)
from conjure.deck.move import Move, MoveRef, ordinal
from conjure.deck.notation import parse_move, register_moves
from conjure.deck.packets import Cull, Deal, Extract, Insert, Peel, Take, Transfer

__all__ = [
    "MOVES",
    "Behind",
    "CompleteCut",
    "Cull",
    "Cut",
    "Deal",
    "Extract",
    "Faro",
    "Forward",
    "HoldBreak",
    "Insert",
    "Move",
    "MoveRef",
    "Peel",
    "ReleaseBreak",
    "ShowBottom",
    "ShowFace",
    "ShowTop",
    "Spread",
    "Square",
    "Steal",
    "Take",
    "Transfer",
    "TurnCard",
    "TurnOver",
    "ordinal",
    "parse_move",
]


#: every move class by name, for the command line and for plugins that build moves from text
#: (the moves of :mod:`conjure.deck.sleights` join it when that module is imported, which the
#: package does)
MOVES: dict[str, type[Move]] = {
    cls.__name__: cls
    for cls in (
        Peel, Deal, Take, Transfer, Insert, Extract, Cull, Cut, CompleteCut, TurnOver, TurnCard,
        Faro,
        HoldBreak, ReleaseBreak, Steal, Spread, Square, Behind, Forward,
        ShowTop, ShowBottom, ShowFace,
    )
}  # fmt: skip
register_moves(*MOVES.values())
