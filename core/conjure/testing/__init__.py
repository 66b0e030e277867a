"""Testing kits for conjure and its plugins, one module per side.

- :mod:`~conjure.testing.deck`: hypothesis strategies and a stateful check of the deck-state
  machine against a plain list model (:class:`DeckMachine`);
- :mod:`~conjure.testing.routine`: :func:`check_routine`, the one-line property test of a
  routine, and the :func:`performances` strategy;
- :mod:`~conjure.testing.game`: :func:`check_game`, the conformance run of a game, which
  ends with :func:`check_fast_path`: a game's own fast random playout proved equal to its
  checked methods (:func:`check_fast_playout` from one position) at every player count and
  option setting.
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
from conjure.testing.game import check_fast_path, check_fast_playout, check_game
from conjure.testing.routine import check_routine, performances

__all__ = [
    "PLACES",
    "DeckMachine",
    "HypothesisChooser",
    "cards",
    "check_fast_path",
    "check_fast_playout",
    "check_game",
    "check_routine",
    "layouts",
    "model_apply",
    "moves_for",
    "performances",
    "to_model",
]
