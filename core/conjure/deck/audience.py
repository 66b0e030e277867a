"""What the audience can see.

The performer sees everything (:class:`~conjure.deck.DeckState` itself). The audience sees a
card's face only when nothing hides it:

- the top card of a squared packet, when it lies face up;
- every face-up card of a packet spread toward the audience;
- whatever a move shows while it is made (:meth:`conjure.deck.moves.Move.shows`): a peeled face-up
  card, a flashed top card, the underside of a tipped packet.

Nothing in the hands of a person whose hands are behind the back is ever visible. What the
audience *believes* is built on top of this by the routine runtime.
"""

from __future__ import annotations

from collections.abc import Iterable

from conjure.deck.move import Move
from conjure.deck.state import CODE_MASK, FACE_UP, DeckState


def visible_places(s: DeckState) -> list[str]:
    """Places whose contents are in front of the audience (not behind anyone's back)."""
    return [p for p in s.packets if s.in_view(p)]


def visible(s: DeckState) -> frozenset[int]:
    """Codes of the card faces the audience can see in the position ``s``."""
    return visible_at(s, s.packets)


def visible_at(s: DeckState, places: Iterable[str]) -> frozenset[int]:
    """Codes of the card faces the audience can see in ``places`` (the rule of :func:`visible`
    for some places only: what a move touched)."""
    seen: set[int] = set()
    spread = s.spread
    packets = s.packets
    in_view = s.in_view
    for place in places:
        packet = packets.get(place)
        if not packet or not in_view(place):
            continue
        if spread and spread.get(place) == "audience":
            seen.update(b & CODE_MASK for b in packet if b & FACE_UP)
        elif packet[0] & FACE_UP:
            seen.add(packet[0] & CODE_MASK)
    return frozenset(seen)


def visible_during(s: DeckState, moves: Iterable[Move]) -> frozenset[int]:
    """Make ``moves`` on ``s`` (checked) and return every face seen on the way, including after."""
    seen: set[int] = set(visible(s))
    for move in moves:
        move.check(s)
        seen.update(move.shows(s))
        move.run_unchecked(s)
        seen.update(visible(s))
    return frozenset(seen)
