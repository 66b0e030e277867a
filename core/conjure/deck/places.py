"""Where cards can be: the performer's hands, the spectator's hands, spots on the table.

A place is a plain string so that states stay cheap to copy and moves cheap to build:

- ``left``, ``right``: the performer's hands;
- ``spectator``, ``spectator.left``, ``spectator.right``: the spectator's hands;
- ``table``, ``table.NAME``: spots on the table (``table.aside``, ``table.pile2`` …).

Each place holds at most one packet. Hands can hold little-finger breaks; table spots cannot.
"Behind the back" is not a place but a condition of a person's hands: see
:class:`conjure.moves.Behind`.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Final

from conjure.errors import UnknownNameError

LEFT: Final = "left"
RIGHT: Final = "right"
SPECTATOR: Final = "spectator"
TABLE: Final = "table"

PERFORMER: Final = "performer"
PERSONS: Final = (PERFORMER, SPECTATOR)

_PLACE_RE: Final = re.compile(
    r"left|right|spectator(?:\.(?:left|right))?|table(?:\.[A-Za-z0-9_-]+)?"
)

_EN: Final = {
    "left": "left hand",
    "right": "right hand",
    "spectator": "spectator's hands",
    "spectator.left": "spectator's left hand",
    "spectator.right": "spectator's right hand",
    "table": "table",
}
_ZH: Final = {
    "left": "左手",
    "right": "右手",
    "spectator": "观众手中",
    "spectator.left": "观众左手",
    "spectator.right": "观众右手",
    "table": "桌上",
}


@cache
def _is_place(name: str) -> bool:
    return _PLACE_RE.fullmatch(name) is not None


def check_place(name: str) -> str:
    """Return ``name`` if it is a place, else raise :class:`UnknownNameError` naming it."""
    if not isinstance(name, str) or not _is_place(name):
        raise UnknownNameError(
            f"unknown place {name!r}: use left, right, spectator[.left|.right], table[.NAME]"
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


def label(place: str, lang: str = "en") -> str:
    """A readable name for a place in ``en`` or ``zh``."""
    table = _ZH if lang == "zh" else _EN
    if place in table:
        return table[place]
    spot = place.split(".", 1)[1]
    return f"桌上（{spot}）" if lang == "zh" else f"table ({spot})"
