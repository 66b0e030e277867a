"""Helpers for two-player trick games: laying a card to the trick, following suit, and who wins
a trick with or without a trump suit. Zones are named ``hand0``, ``hand1`` and ``trick``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from conjure.games.api import ALL, NOBODY, GameState, Visibility

HANDS: Final = ("hand0", "hand1")


def two_player_zones(stock: Visibility = NOBODY, **more: Visibility) -> dict[str, Visibility]:
    """The zones of a two-player game with a stock: each hand seen by its owner, the stock as
    ``stock`` says, the trick and the cards won in view of both, and any ``more``."""
    return {"hand0": 0, "hand1": 1, "stock": stock, "trick": ALL, "won0": ALL, "won1": ALL, **more}


def lay(state: GameState, card: int) -> bool:
    """Move ``card`` from the hand of the player to move onto the trick. When it is the first
    card, the other player is to move and this returns False; when it completes the trick, it
    returns True and leaves ``state.current`` as the follower."""
    me = state.current
    state.zones[HANDS[me]].remove(card)
    trick = state.zones["trick"]
    trick.append(card)
    if len(trick) == 1:
        state.current = 1 - me
        return False
    return True


def same_suit_or_any(hand: list[int], led: int) -> list[int]:
    """The cards of ``hand`` in the suit of ``led``, or the whole hand when there are none."""
    suit = led // 13
    same = [c for c in hand if c // 13 == suit]
    return same or hand


def follower_wins(led: int, answer: int, strength: Sequence[int], trump: int | None) -> bool:
    """Whether ``answer`` beats ``led``: higher in the same suit by ``strength``, or a trump on
    a plain lead."""
    if answer // 13 == led // 13:
        return strength[answer] > strength[led]
    return trump is not None and answer // 13 == trump
