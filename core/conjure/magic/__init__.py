"""The magic side: routines written step by step, the choices that drive them, the verifier
that proves or refutes their claims, and the rehearsal trainer.

Routine authors import from here (and the deck from :mod:`conjure.deck`)::

    from conjure.deck import DeckState, Peel, TurnOver
    from conjure.magic import Claim, Performance, Routine, every
"""

from __future__ import annotations

from conjure.magic.abstraction import Abstraction, interchangeable
from conjure.magic.choices import (
    Chooser,
    FirstChooser,
    Permutations,
    PresetChooser,
    ScriptedChooser,
    Weighted,
    describe_value,
    option_count,
)
from conjure.magic.expect import Expectation, card_at, count, knows, order, stack_is
from conjure.magic.routine import (
    PERFORMER,
    SETUP,
    SPECTATOR,
    Belief,
    Claim,
    Count,
    Outcome,
    Param,
    Performance,
    Routine,
    RoutineFailure,
    cards_end_in,
    each_group,
    every,
    hands_empty,
    holds,
    perform,
)
from conjure.magic.verify import Report, Solution, solve, verify

__all__ = [
    "PERFORMER",
    "SETUP",
    "SPECTATOR",
    "Abstraction",
    "Belief",
    "Chooser",
    "Claim",
    "Count",
    "Expectation",
    "FirstChooser",
    "Outcome",
    "Param",
    "Performance",
    "Permutations",
    "PresetChooser",
    "Report",
    "Routine",
    "RoutineFailure",
    "ScriptedChooser",
    "Solution",
    "Weighted",
    "card_at",
    "cards_end_in",
    "count",
    "describe_value",
    "each_group",
    "every",
    "hands_empty",
    "holds",
    "interchangeable",
    "knows",
    "option_count",
    "order",
    "perform",
    "solve",
    "stack_is",
    "verify",
]
