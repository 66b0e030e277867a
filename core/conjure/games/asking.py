"""Public knowledge from asking for cards: who asked whom for what and what came of it.

In the asking games (Go Fish and its cousins) every ask and every answer is heard by the whole
table, while the hands stay hidden. Two kinds of fact follow, and both are public:

- a card handed over is seen by everyone, so it is shown (:meth:`GameState.reveal`) wherever it
  lies afterwards;
- an honest "no" tells everyone that the seat holds none of the cards asked for, until it is
  seen to receive one. These denials live in ``state.vars.denied`` (one bitmask of card codes
  per seat), and no world a bot deals gives a denied card back to its seat (:func:`facts`).

An ask tells something too where the rules say what may be asked: an asker who must hold a
card of the rank he asks for is known to hold one. These claims live in ``state.vars.holds``
(one bitmask of ranks per seat, :func:`claim`), and every world deals each claiming seat a
card of every rank it claims; a claim lapses when its seat gives a card of the rank
away (:func:`unclaim`: he may have had only that one) or the rank is laid down.

Where the rules let a player refuse falsely, a "no" is only what was said: record it in the ask
log, not as a denial. :func:`note_ask` keeps the last few asks in ``state.vars.asks`` for the
table to read. A game that uses them declares its vars with :class:`AskVars` (``denied``
and ``asks``) among its bases.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from conjure.games.api import Game, GameState, Vars, determinize_with
from conjure.games.inference import Facts

#: how many of the latest asks the public log keeps
LOG_LENGTH = 8


@attrs.define(slots=False)
class AskVars(Vars):
    """The public record of asking: ``denied`` (per seat, the cards it has truthfully said it
    does not hold), ``asks`` (the latest asks: asker, asked, what, cards got) and ``holds``
    (per seat, the ranks it is known to hold)."""

    denied: tuple[int, ...] = ()
    asks: tuple[tuple[int, int, int, int], ...] = ()
    #: per seat, the ranks (bit r) it is known to hold at least one card of
    holds: tuple[int, ...] = ()


def start(state: GameState[Any], players: int) -> None:
    """Nothing denied, nothing asked: the start of a deal."""
    state.vars.denied = (0,) * players
    state.vars.asks = ()
    state.vars.holds = (0,) * players


def claim(state: GameState[Any], seat: int, rank: int) -> None:
    """``seat`` is known to hold a card of ``rank`` (he asked for one, as only a holder may)."""
    holds = state.vars.holds
    if not holds[seat] >> rank & 1:
        changed = list(holds)
        changed[seat] |= 1 << rank
        state.vars.holds = tuple(changed)


def unclaim(state: GameState[Any], rank: int, seat: int | None = None) -> None:
    """``seat`` (or every seat, when ``None``: the rank was laid down) may no longer hold a card
    of ``rank``."""
    holds = state.vars.holds
    bit = 1 << rank
    if seat is None:
        if any(h & bit for h in holds):
            state.vars.holds = tuple(h & ~bit for h in holds)
    elif holds[seat] & bit:
        changed = list(holds)
        changed[seat] &= ~bit
        state.vars.holds = tuple(changed)


def deny(state: GameState[Any], seat: int, cards: int) -> None:
    """``seat`` has said, truthfully, that it holds none of ``cards`` (a bitmask)."""
    denied = list(state.vars.denied)
    denied[seat] |= cards
    state.vars.denied = tuple(denied)


def receive(state: GameState[Any], seat: int, cards: int) -> None:
    """``seat`` was seen to receive ``cards``: they are shown to everyone wherever they lie
    later, and a denial of them by ``seat`` no longer holds."""
    c = cards
    while c:
        low = c & -c
        state.reveal(low.bit_length() - 1)
        c ^= low
    denied = state.vars.denied
    if denied[seat] & cards:
        changed = list(denied)
        changed[seat] &= ~cards
        state.vars.denied = tuple(changed)


def note_ask(state: GameState[Any], asker: int, asked: int, what: int, got: int) -> None:
    """Add ``asker`` asked ``asked`` for ``what`` (a card or a rank, as the game reads it) and
    got ``got`` cards to the public log."""
    log = state.vars.asks
    if len(log) >= LOG_LENGTH:
        log = log[1:]
    state.vars.asks = (*log, (asker, asked, what, got))


def ask_lines(state: GameState[Any], read: Callable[[int], str] = str) -> list[str]:
    """The public log as sentences, oldest first; ``read`` says what was asked for."""
    out = []
    for asker, asked, what, got in state.vars.asks:
        answer = f"got {got}" if got else "no"
        out.append(f"player {asker + 1} asked player {asked + 1} for {read(what)}: {answer}")
    return out


def facts(state: GameState[Any], seats: Mapping[str, int], most_of_a_rank: int = 4) -> Facts:
    """The public facts of asking (for :meth:`Game._world_facts`): no hidden card is dealt to a
    seat that has denied it, each seat holds a card of every rank it is known to hold, and,
    with ``most_of_a_rank=3`` (games where a quartet is laid down the moment it is whole, so
    that everyone knows no hand holds one), no hand holds four of a rank. ``seats`` names the
    seat each hand zone belongs to. :func:`conjure.games.inference.deal` draws every deal
    consistent with them equally likely, exactly."""
    denied: Sequence[int] = getattr(state.vars, "denied", ())
    holds: Sequence[int] = getattr(state.vars, "holds", ())
    return Facts(
        forbid={z: denied[p] for z, p in seats.items() if p < len(denied) and denied[p]},
        need={z: holds[p] for z, p in seats.items() if p < len(holds) and holds[p]},
        most=most_of_a_rank,
        ranked=tuple(seats) if most_of_a_rank < 4 else (),
    )


def determinize(
    game: Game[Any],
    state: GameState[Any],
    player: int,
    rng: random.Random,
    seats: Mapping[str, int],
    most_of_a_rank: int = 4,
) -> GameState[Any]:
    """:meth:`Game.determinize` with the facts of asking (:func:`facts`), for a game that
    does not state them as its own."""
    return determinize_with(game, state, player, rng, facts(state, seats, most_of_a_rank))
