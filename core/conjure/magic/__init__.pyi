"""The names of :mod:`conjure.magic`, imported when first used (:mod:`conjure._lazy`)."""

from conjure.magic.abstraction import (
    Abstraction as Abstraction,
    interchangeable as interchangeable,
)
from conjure.magic.choices import (
    Chooser as Chooser,
    FirstChooser as FirstChooser,
    Permutations as Permutations,
    PresetChooser as PresetChooser,
    ScriptedChooser as ScriptedChooser,
    Weighted as Weighted,
    describe_value as describe_value,
    option_count as option_count,
)
from conjure.magic.expect import (
    Expectation as Expectation,
    card_at as card_at,
    count as count,
    knows as knows,
    order as order,
    stack_is as stack_is,
)
from conjure.magic.files import (
    RoutineFileError as RoutineFileError,
    load_routine as load_routine,
    read_routine as read_routine,
    register_directory as register_directory,
)
from conjure.magic.report import (
    Report as Report,
)
from conjure.magic.routine import (
    PERFORMER as PERFORMER,
    SETUP as SETUP,
    SPECTATOR as SPECTATOR,
    Claim as Claim,
    Param as Param,
    Routine as Routine,
)
from conjure.magic.beliefs import (
    Belief as Belief,
    cards_end_in as cards_end_in,
    each_group as each_group,
    every as every,
    hands_empty as hands_empty,
    holds as holds,
)
from conjure.magic.performance import (
    Count as Count,
    Outcome as Outcome,
    Performance as Performance,
    RoutineFailure as RoutineFailure,
    perform as perform,
)
from conjure.magic.setups import (
    Solution as Solution,
    solve as solve,
)
from conjure.magic.verifier import (
    verify as verify,
)
from conjure.magic.vocabulary import (
    ONE_OF_EACH_SUIT as ONE_OF_EACH_SUIT,
    ONE_RED_ONE_BLACK as ONE_RED_ONE_BLACK,
    ONE_SUIT as ONE_SUIT,
    alike_but as alike_but,
    alike_by_colour as alike_by_colour,
    alike_by_rank as alike_by_rank,
    alike_by_suit as alike_by_suit,
    believe_pattern as believe_pattern,
    each_shows as each_shows,
    param_count as param_count,
    ranks_shown as ranks_shown,
    shows_count as shows_count,
    shows_only as shows_only,
)
