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
from conjure.magic.files import RoutineFileError, load_routine, read_routine, register_directory
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
from conjure.magic.vocabulary import (
    ONE_OF_EACH_SUIT,
    ONE_RED_ONE_BLACK,
    ONE_SUIT,
    alike_but,
    alike_by_colour,
    alike_by_rank,
    alike_by_suit,
    believe_pattern,
    each_shows,
    param_count,
    ranks_shown,
    shows_count,
    shows_only,
)

__all__ = [
    "ONE_OF_EACH_SUIT",
    "ONE_RED_ONE_BLACK",
    "ONE_SUIT",
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
    "RoutineFileError",
    "ScriptedChooser",
    "Solution",
    "Weighted",
    "alike_but",
    "alike_by_colour",
    "alike_by_rank",
    "alike_by_suit",
    "believe_pattern",
    "card_at",
    "cards_end_in",
    "count",
    "describe_value",
    "each_group",
    "each_shows",
    "every",
    "hands_empty",
    "holds",
    "interchangeable",
    "knows",
    "load_routine",
    "option_count",
    "order",
    "param_count",
    "perform",
    "ranks_shown",
    "read_routine",
    "register_directory",
    "shows_count",
    "shows_only",
    "solve",
    "stack_is",
    "verify",
]
