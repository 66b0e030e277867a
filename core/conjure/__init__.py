"""conjure: rehearse card routines step by step, prove they always work, play the games.

The package is import-light: ``import conjure`` loads nothing but this file, and each name is
imported when it is first used (``conjure.Card`` loads the cards, ``conjure.DeckState`` the
deck-state machine; the names are in ``__init__.pyi``, see :mod:`conjure._lazy`), so that
``conjure --version`` and the listings start at once. The version is written here and read by
the build (``[tool.hatch.version]``), so reading it needs no package metadata.
"""

from __future__ import annotations

from conjure._lazy import attach

__version__ = "0.1.0"

__getattr__, __dir__, __all__ = attach(__name__, __file__)
