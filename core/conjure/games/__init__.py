"""The card games: the game API that every game plugin implements, trick-taking helpers, bots
that never peek, bulk simulation and terminal play.

Game authors import from here::

    from conjure.games import ALL, NOBODY, Game, GameState, Option, RuleNote
"""

from __future__ import annotations

from conjure.games.api import (
    ALL,
    NOBODY,
    SPECIAL,
    TERMINAL,
    TOP,
    Game,
    GameError,
    GameState,
    MatchGame,
    Option,
    RuleNote,
    win_loss,
)
from conjure.games.capture import (
    BUILD,
    CAPTURE,
    PAIR,
    RAISE,
    TRAIL,
    Build,
    CaptureGame,
    CaptureRules,
    decode,
    encode,
    positions,
)
from conjure.games.declarations import (
    FREE,
    NO_TRUMP,
    Combination,
    Declarations,
    FollowRule,
    MarriageRule,
    Ranking,
    RunRule,
    SetRule,
    beats,
    compare,
    declare,
    ranks,
)
from conjure.games.tricks import HANDS, follower_wins, lay, same_suit_or_any, two_player_zones

__all__ = [
    "ALL",
    "BUILD",
    "CAPTURE",
    "FREE",
    "HANDS",
    "NOBODY",
    "NO_TRUMP",
    "PAIR",
    "RAISE",
    "SPECIAL",
    "TERMINAL",
    "TOP",
    "TRAIL",
    "Build",
    "CaptureGame",
    "CaptureRules",
    "Combination",
    "Declarations",
    "FollowRule",
    "Game",
    "GameError",
    "GameState",
    "MarriageRule",
    "MatchGame",
    "Option",
    "Ranking",
    "RuleNote",
    "RunRule",
    "SetRule",
    "beats",
    "compare",
    "declare",
    "decode",
    "encode",
    "follower_wins",
    "lay",
    "positions",
    "ranks",
    "same_suit_or_any",
    "two_player_zones",
    "win_loss",
]
