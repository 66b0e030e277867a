"""The names of :mod:`conjure`, imported when first used (:mod:`conjure._lazy`)."""

from conjure.deck.cards import (
    Card as Card,
    format_cards as format_cards,
    full_deck as full_deck,
    parse_card as parse_card,
    parse_cards as parse_cards,
)
from conjure.deck.stacks import new_deck_order as new_deck_order
from conjure.deck.state import DeckState as DeckState
from conjure.errors import (
    ConjureError as ConjureError,
    IllegalMoveError as IllegalMoveError,
    NotationError as NotationError,
    PluginError as PluginError,
    UnknownNameError as UnknownNameError,
    VerificationError as VerificationError,
)
from conjure.plugins.hookspecs import hookimpl as hookimpl
from conjure.text import Text as Text

__version__: str
