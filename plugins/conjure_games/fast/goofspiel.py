"""Goofspiel's fast random playout: every turn of the game in one loop, the next diamond
turned up from ``chance`` as :meth:`conjure.games.GameState.sample_chance` would turn it."""

from __future__ import annotations

import random
from collections.abc import Callable

from conjure.games import CHANCE, TERMINAL, GameState
from conjure_games.goofspiel import CARRY, SPLIT, VALUE, Goofspiel, GoofspielVars


def play_random(
    game: Goofspiel,
    state: GameState[GoofspielVars],
    pick: Callable[[], float],
    chance: random.Random,
) -> int:
    """Random play to the end of the game (see :meth:`conjure.games.Game._play_random`): the
    same numbers drawn, the same actions recorded, the same end as the checked path."""
    z = state.zones
    hands, bid0 = (z["hand0"], z["hand1"]), z["bid0"]
    prizes, prize, used, tied = z["prizes"], z["prize"], z["used"], z["tied"]
    won = (z["won0"], z["won1"])
    history = state.history
    draw = chance.random
    ties = game.option_values["ties"]
    s0, s1 = state.vars.score
    current = state.current
    moves = 0
    while current != TERMINAL:
        if current == CHANCE:  # sample_chance of one card from the pool, written out
            i = int(draw() * len(prizes))
            card = prizes[i]
            prizes[0], prizes[i] = card, prizes[0]
            history.append(card)
            prize.append(prizes.pop(0))
            current = 0
            continue
        hand = hands[current]
        action = hand[int(pick() * len(hand))]
        history.append(action)
        moves += 1
        hand.remove(action)
        if current == 0:
            bid0.append(action)
            current = 1
            continue
        first = bid0.pop()
        used.append(first)
        used.append(action)
        a, b = first % 13, action % 13
        if a != b:  # the higher bid takes the diamond (A low)
            winner = 0 if a > b else 1
            gain: float = VALUE[prize[0]]
            won[winner].extend(prize)
            if tied and ties == CARRY:
                for c in tied:
                    gain += VALUE[c]
                won[winner].extend(tied)
                tied.clear()
            if winner == 0:
                s0 += gain
            else:
                s1 += gain
        else:
            tied.extend(prize)
            if ties == SPLIT:
                half = VALUE[prize[0]] / 2
                s0 += half
                s1 += half
        prize.clear()
        current = CHANCE if prizes else TERMINAL
    state.vars.score = (s0, s1)
    state.current = TERMINAL
    state.chance = None
    return moves
