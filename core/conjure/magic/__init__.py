"""The magic side: routines written step by step, the choices that drive them, the verifier
that proves or refutes their claims, and the rehearsal trainer.

Routine authors import from here (and the deck from :mod:`conjure.deck`)::

    from conjure.deck import DeckState, Peel, TurnOver
    from conjure.magic import Claim, Performance, Routine, every
"""

from __future__ import annotations

from conjure._lazy import attach

# every name is in __init__.pyi, and is imported the first time it is used
__getattr__, __dir__, __all__ = attach(__name__, __file__)
