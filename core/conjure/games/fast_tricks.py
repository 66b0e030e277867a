"""The fast random playout of a trick game that plays its cards plainly: a game derived from
:class:`~conjure.games.TrickGame` whose cards go through :meth:`TrickGame.play_card` takes it
as its playout hook (``_play_random = play_tricks``).

It is the general loop with the laying of a card written out, and nothing more: the legal
actions are the game's own, a trick is settled by the game's own
:meth:`TrickGame._settle_trick` and any other action goes to its ``_apply_special``, so what it
restates of the rules is only that a card played leaves the hand for the trick and the turn
passes to the left. :func:`conjure.testing.check_game` proves it equal to the checked path for
each game that takes it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from conjure.games.api import SPECIAL, GameState

if TYPE_CHECKING:
    from conjure.games.trick_taking import TrickGame


def play_tricks(
    game: TrickGame[Any], state: GameState[Any], pick: Callable[[], float], chance: random.Random
) -> int:
    """Random play to the end of the deal (see :meth:`conjure.games.Game._play_random`): the
    cards played in one loop without a call per card, other actions through the game's
    ``_apply_special``; it stops where chance or the end comes. The same picks give the same
    actions as the general loop."""
    zones = state.zones
    history = state.history
    legal = game._legal_actions
    special = game._apply_special
    hands = [zones[h] for h in game._hands]
    trick = zones["trick"]
    n = game.num_players
    settle = game._settle_trick
    moves = 0
    while True:
        me = state.current
        actions = legal(state)
        action = actions[int(pick() * len(actions))]
        history.append(action)
        moves += 1
        if action >= SPECIAL:
            special(state, action)
        else:
            hands[me].remove(action)
            trick.append(action)
            if len(trick) < n:
                state.current = (me + 1) % n
                continue
            settle(state)
        if state.current < 0:
            return moves
