"""The terms of the game API: who may see a zone (:data:`ALL`, :data:`NOBODY`, :data:`TOP` or a
seat), the values of ``state.current`` that are not a seat, the zone names that many games
share and what people call them, and what a game declares about itself beside its rules: its
options, its rule notes and the range of its returns. The errors a game raises are here too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

import attrs

from conjure.errors import ConjureError, IllegalMoveError
from conjure.text import Text

TERMINAL: Final = -1
#: ``state.current`` at a chance node
CHANCE: Final = -2
ALL: Final = "all"
NOBODY: Final = "none"
#: a pile whose top card everyone sees and whose other cards nobody sees
TOP: Final = "top"
#: action codes from here up are not cards
SPECIAL: Final = 64
#: the most players a game may seat (the ``known`` masks and zone names assume it)
MAX_PLAYERS: Final = 8
#: a seat's side in ``state.teams()`` while the rules have not shown it to the table
UNKNOWN_SIDE: Final = -1

Visibility = str | int


def _text(value: Text | str) -> Text:
    return Text.of(value)


class Outcome(Text):
    """A story line that is the outcome of the move just made (:meth:`GameState.answer`)."""


@attrs.frozen
class RuleNote:
    """One rule of a game and where it comes from: ``text`` (the source says so) or ``assumed``
    (the source is silent or contradicts itself; ``why`` says what was chosen and why).
    ``quote`` is the source's own words (Chinese, verbatim) that the rule rests on."""

    rule: Text = attrs.field(converter=_text)
    origin: str = attrs.field(validator=attrs.validators.in_(("text", "assumed")))
    why: Text = attrs.field(default=Text(""), converter=_text)
    quote: str = ""


@attrs.frozen
class Option:
    """A whole-number option of a game (``target=7``), with its range; ``help`` is a :class:`Text`
    (a plain string is taken as English), so ``str(option.help)`` is the English help."""

    name: str
    default: int
    low: int
    high: int
    help: Text = attrs.field(default=Text(""), converter=_text)


@attrs.frozen
class Utility:
    """What a game's returns can be: each seat's between ``low`` and ``high``, and, when they
    add up to the same in every game, that ``total`` (0 for a zero-sum game)."""

    low: float
    high: float
    total: float | None = None

    @property
    def zero_sum(self) -> bool:
        return self.total == 0


class GameError(IllegalMoveError):
    """An action that the rules do not allow now."""


class SavedStateError(ConjureError):
    """A saved game state that cannot be read back (a missing field, a duplicate card, another
    game's options)."""


#: zone names of each player's hand and of the cards each player won, defined once
HANDS: Final = tuple(f"hand{p}" for p in range(MAX_PLAYERS))
WON: Final = tuple(f"won{p}" for p in range(MAX_PLAYERS))

#: what people call the zones many games have (a zone's name without its seat number); a game
#: names its own zones, or names one differently, in :attr:`Game.zone_names`
ZONE_NAMES: Final[Mapping[str, Text]] = {
    "aside": Text("aside", zh="一旁的牌"),
    "beaten": Text("beaten", zh="被压下的牌"),
    "bid": Text("bid", zh="出价"),
    "build": Text("build", zh="组合"),
    "dead": Text("dead", zh="死牌"),
    "deck": Text("deck", zh="整副牌"),
    "discard": Text("discard", zh="弃牌"),
    "hand": Text("hand", zh="手牌"),
    "kitty": Text("kitty", zh="底牌"),
    "melds": Text("melds", zh="牌组"),
    "out": Text("out", zh="出过的牌"),
    "pack": Text("pack", zh="余下的牌"),
    "pile": Text("pile", zh="牌堆"),
    "pool": Text("pool", zh="公共牌"),
    "prize": Text("prize", zh="奖牌"),
    "prizes": Text("prizes", zh="奖牌堆"),
    "quartets": Text("quartets", zh="四张一套"),
    "removed": Text("removed", zh="移除的牌"),
    "rest": Text("rest", zh="余牌"),
    "stock": Text("stock", zh="牌堆"),
    "table": Text("table", zh="桌面"),
    "talon": Text("talon", zh="底牌"),
    "tied": Text("tied", zh="平局的牌"),
    "trick": Text("trick", zh="本墩"),
    "turned": Text("turned", zh="翻开的牌"),
    "unseen": Text("unseen", zh="未见的牌"),
    "unused": Text("unused", zh="未用的牌"),
    "used": Text("used", zh="用过的牌"),
    "won": Text("won", zh="赢得的牌"),
}
