"""Testing kits for conjure and its plugins, one module per side.

- :mod:`~conjure.testing.deck`: hypothesis strategies and a stateful check of the deck-state
  machine against a plain list model (:class:`DeckMachine`);
- :mod:`~conjure.testing.routine`: :func:`check_routine`, the one-line property test of a
  routine, and the :func:`performances` strategy;
- :mod:`~conjure.testing.game`: :func:`check_game`, the conformance run of a game, and
  :func:`check_fast_playout`, a game's own fast random playout against its checked methods.
"""

from __future__ import annotations

from conjure.magic.choices import HypothesisChooser
from conjure.testing.deck import (
    PLACES,
    DeckMachine,
    cards,
    layouts,
    model_apply,
    moves_for,
    to_model,
)
from conjure.testing.game import check_fast_playout, check_game
from conjure.testing.routine import check_routine, performances

__all__ = [
    "PLACES",
    "DeckMachine",
    "HypothesisChooser",
    "cards",
    "check_fast_playout",
    "check_game",
    "check_routine",
    "layouts",
    "model_apply",
    "moves_for",
    "performances",
    "to_model",
]
