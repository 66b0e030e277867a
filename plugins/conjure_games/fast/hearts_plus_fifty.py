"""Hearts-plus-fifty's fast random playout: the cards of a deal laid in one loop, the legal
cards of :meth:`HeartsPlusFifty._legal_actions` written out (follow the suit led, where one
can; ♥2 may always be played), and each full trick settled by the game's own
:meth:`HeartsPlusFifty._end_trick`."""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from conjure.games import HANDS, GameState
from conjure_games.hearts_plus_fifty import (
    HEART,
    HEART_TWO,
    HeartsPlusFifty,
    HeartsPlusFiftyVars,
)


def play_random(
    game: HeartsPlusFifty,
    state: GameState[HeartsPlusFiftyVars],
    pick: Callable[[], float],
    chance: random.Random,
) -> int:
    """Random play to the end of the deal (see :meth:`conjure.games.Game._play_random`): the
    same picks, the same cards recorded and the same end as the checked path. Chance acts
    only at the deal, so ``chance`` is not drawn from."""
    zones = state.zones
    history = state.history
    v = state.vars
    trick = zones["trick"]
    hands = [zones[h] for h in HANDS[: game.num_players]]
    end_trick = game._end_trick
    floor = math.floor
    hearts = HEART * 13
    moves = 0
    while True:
        hand = hands[state.current]
        actions = hand
        if trick:
            low = trick[0] // 13 * 13
            high = low + 13
            same = [c for c in hand if low <= c < high]
            if same:
                if low != hearts and HEART_TWO in hand:
                    same.append(HEART_TWO)
                actions = same
        action = actions[floor(pick() * len(actions))]
        history.append(action)
        moves += 1
        hand.remove(action)
        trick.append(action)
        k = len(trick)
        playing = v.playing
        if k < len(playing):
            state.current = playing[k]
            continue
        end_trick(state)
        if state.current < 0:
            return moves
