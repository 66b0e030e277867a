"""The card games of the source texts, registered through the ``conjure`` entry point.

One game per module; each module's docstring holds its rule notes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from conjure import hookimpl


@hookimpl
def register_games(register: Callable[[Any], None]) -> None:
    """Register every game this package ships (as the Game classes)."""
    from conjure_games.ask_for_cards import AskForCards
    from conjure_games.avoid_hearts import AvoidHearts
    from conjure_games.captain import Captain
    from conjure_games.casino import Casino
    from conjure_games.exchange_score import ExchangeScore, ExchangeScoreJokers, SwapCards
    from conjure_games.find_friends import FindFriends
    from conjure_games.go_fish import GoFish
    from conjure_games.goofspiel import Goofspiel
    from conjure_games.hearts_plus_fifty import HeartsPlusFifty
    from conjure_games.hundred_point_knock import HundredPointKnock
    from conjure_games.jack_high import JackHigh
    from conjure_games.klaberjass import Klaberjass
    from conjure_games.nine_casino import NineCasino
    from conjure_games.pick_up_score import PickUpScore
    from conjure_games.round_and_round import RoundAndRound
    from conjure_games.run_fast import RunFast
    from conjure_games.sixty_six import SixtySix
    from conjure_games.specification import Specification
    from conjure_games.ten_exchange import TenExchange
    from conjure_games.three_card_showdown import ThreeCardShowdown
    from conjure_games.trump_agreement import TrumpAgreement

    for game in (SixtySix, Goofspiel, RoundAndRound, JackHigh):
        register(game)
    for capture_game in (TenExchange, Casino, PickUpScore):
        register(capture_game)
    for declaration_game in (Klaberjass, NineCasino, Specification, Captain):
        register(declaration_game)
    for meld_game in (GoFish, HundredPointKnock, ExchangeScore, ExchangeScoreJokers, SwapCards):
        register(meld_game)
    register(AskForCards)
    register(RunFast)
    register(ThreeCardShowdown)
    register(TrumpAgreement)
    for party_game in (AvoidHearts, HeartsPlusFifty, FindFriends):
        register(party_game)
