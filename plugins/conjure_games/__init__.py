"""The card games of the source texts, registered through the ``conjure`` entry point.

One game per module; each module's docstring holds its rule notes. The games are listed from
``conjure-index.json`` and imported when a command uses one (:mod:`conjure.plugins.catalog`);
``python -m conjure.plugins.catalog conjure_games`` rewrites the index after a change.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from conjure.plugins import hookimpl, listed

#: every game this package ships, as ``module:class``
GAMES = tuple(
    f"conjure_games.{target}"
    for target in (
        "sixty_six:SixtySix",
        "goofspiel:Goofspiel",
        "round_and_round:RoundAndRound",
        "jack_high:JackHigh",
        "ten_exchange:TenExchange",
        "casino:Casino",
        "pick_up_score:PickUpScore",
        "klaberjass:Klaberjass",
        "nine_casino:NineCasino",
        "specification:Specification",
        "captain:Captain",
        "go_fish:GoFish",
        "hundred_point_knock:HundredPointKnock",
        "exchange_score:ExchangeScore",
        "exchange_score:ExchangeScoreJokers",
        "exchange_score:SwapCards",
        "ask_for_cards:AskForCards",
        "run_fast:RunFast",
        "three_card_showdown:ThreeCardShowdown",
        "trump_agreement:TrumpAgreement",
        "avoid_hearts:AvoidHearts",
        "hearts_plus_fifty:HeartsPlusFifty",
        "find_friends:FindFriends",
    )
)


@hookimpl
def register_games(register: Callable[[Any], None]) -> None:
    """Register every game this package ships."""
    listed(__name__, "game", GAMES, register)
