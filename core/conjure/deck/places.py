"""Where cards can be: the performer's hands, the spectator's hands, spots on the table.

A place is a plain string so that states stay cheap to copy and moves cheap to build:

- ``left``, ``right``: the performer's hands;
- ``spectator``, ``spectator.left``, ``spectator.right``: the spectator's hands;
- ``table``, ``table.NAME``: spots on the table (``table.aside``, ``table.pile2`` …).

Each place holds at most one packet. Hands can hold little-finger breaks; table spots cannot.
"Behind the back" is not a place but a condition of a person's hands: see
:class:`conjure.deck.moves.Behind`.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from typing import Final

from conjure.errors import UnknownNameError
from conjure.inputs import quote
from conjure.text import Text

LEFT: Final = "left"
RIGHT: Final = "right"
SPECTATOR: Final = "spectator"
TABLE: Final = "table"

PERFORMER: Final = "performer"
PERSONS: Final = (PERFORMER, SPECTATOR)

_PLACE_RE: Final = re.compile(
    r"left|right|spectator(?:\.(?:left|right))?|table(?:\.[A-Za-z0-9_-]+)?"
)

_NAMES: Final = {
    "left": Text("left hand", zh="左手"),
    "right": Text("right hand", zh="右手"),
    "spectator": Text("spectator's hands", zh="观众手中"),
    "spectator.left": Text("spectator's left hand", zh="观众左手"),
    "spectator.right": Text("spectator's right hand", zh="观众右手"),
    "table": Text("table", zh="桌上"),
}
_SPOT: Final = Text("table ({spot})", zh="桌上（{spot}）")
#: what the spots routines lay out on the table are called; a spot named otherwise shows its
#: name. A number after the word counts (``pile2`` -> 第2堆)
_SPOT_WORDS: Final = {
    "aside": Text("aside", zh="一旁"),
    "performer": Text("performer", zh="表演者面前"),
    "spectator": Text("spectator", zh="观众面前"),
    "pile": Text("pile", zh="牌堆"),
    "pair": Text("pair", zh="一对"),
    "packet": Text("packet", zh="一叠"),
}
_NUMBERED: Final = {
    "pile": Text("pile{n}", zh="第{n}堆"),
    "pair": Text("pair{n}", zh="第{n}对"),
    "packet": Text("packet{n}", zh="第{n}叠"),
}


@lru_cache(maxsize=512)
def _is_place(name: str) -> bool:
    return _PLACE_RE.fullmatch(name) is not None


def check_place(name: str) -> str:
    """Return ``name`` if it is a place, else raise :class:`UnknownNameError` naming it."""
    if not isinstance(name, str) or not _is_place(name):
        said = Text(
            "unknown place {name}: use left, right, spectator[.left|.right], table[.NAME]",
            zh="没有位置 {name}：请用 left、right、spectator[.left|.right]、table[.NAME]",
        )
        raise UnknownNameError(
            said.format(name=quote(name) if isinstance(name, str) else repr(name))
        )
    return name


def is_hand(place: str) -> bool:
    """Hands hold breaks and go behind the back; table spots do neither."""
    return not place.startswith(TABLE)


@cache
def owner(place: str) -> str | None:
    """The person whose hand ``place`` is, or ``None`` for the table."""
    if place.startswith(TABLE):
        return None
    return SPECTATOR if place.startswith(SPECTATOR) else PERFORMER


@lru_cache(maxsize=512)
def place_text(place: str) -> Text:
    """A readable name for a place, in every language."""
    name = _NAMES.get(place)
    if name is None:
        spot = place.split(".", 1)[1]
        word = spot.rstrip("0123456789")
        if word == spot:
            said = _SPOT_WORDS.get(spot, Text(spot))
        else:
            said = _NUMBERED[word].format(n=spot[len(word) :]) if word in _NUMBERED else Text(spot)
        name = _SPOT.format(spot=said)
    return name


def label(place: str, lang: str = "en") -> str:
    """A readable name for a place in ``lang``."""
    return place_text(place).get(lang)
