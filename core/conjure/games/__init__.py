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
from conjure.games.tricks import HANDS, follower_wins, lay, same_suit_or_any, two_player_zones

__all__ = [
    "ALL",
    "HANDS",
    "NOBODY",
    "SPECIAL",
    "TERMINAL",
    "TOP",
    "Game",
    "GameError",
    "GameState",
    "MatchGame",
    "Option",
    "RuleNote",
    "follower_wins",
    "lay",
    "same_suit_or_any",
    "two_player_zones",
    "win_loss",
]
