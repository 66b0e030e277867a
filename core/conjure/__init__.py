"""conjure: rehearse card routines step by step, prove they always work, play the games.

The core is import-light: cards, the deck-state machine and the moves need only attrs; rich is
imported when something is rendered.
"""

from __future__ import annotations

from importlib import metadata

from conjure.deck.cards import (
    Card,
    format_cards,
    full_deck,
    parse_card,
    parse_cards,
)
from conjure.deck.stacks import new_deck_order
from conjure.deck.state import DeckState
from conjure.errors import (
    ConjureError,
    IllegalMoveError,
    NotationError,
    PluginError,
    UnknownNameError,
    VerificationError,
)
from conjure.plugins.hookspecs import hookimpl
from conjure.text import Text

try:
    __version__ = metadata.version("conjure")
except metadata.PackageNotFoundError:  # pragma: no cover - running from a bare checkout
    __version__ = "0.0.0+unknown"

__all__ = [
    "Card",
    "ConjureError",
    "DeckState",
    "IllegalMoveError",
    "NotationError",
    "PluginError",
    "Text",
    "UnknownNameError",
    "VerificationError",
    "__version__",
    "format_cards",
    "full_deck",
    "hookimpl",
    "new_deck_order",
    "parse_card",
    "parse_cards",
]
