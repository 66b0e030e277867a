"""A game's record written down and read back: the public values of a game in progress
(:class:`Vars`) and a whole state as JSON (:meth:`GameState.to_json`), read back by
:meth:`Game.state_from_json` and :meth:`Game.load_state`, which check every field, and that
every card of the game lies in exactly one zone, before they trust it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import attrs

from conjure.deck.cards import CARDS, Card, parse_packet
from conjure.games.melds import cards_of
from conjure.games.terms import SavedStateError

if TYPE_CHECKING:
    from conjure.games.api import Game
    from conjure.games.state import GameState


@attrs.define(slots=False)
class Vars:
    """The public values of a game in progress. A game declares its own subclass with attrs
    (``@attrs.define(slots=False)``), one typed field per value, each with a default; values
    are immutable (numbers, strings, ``None``, tuples) so that a copy can share them."""

    def copy(self) -> Any:
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        return new

    def to_json(self) -> dict[str, Any]:
        return {k: _jsonable(v) for k, v in self.__dict__.items()}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Any:
        names = [f.name for f in attrs.fields(cls)]
        missing = [n for n in names if n not in data]
        if missing:
            raise SavedStateError(f"saved state: vars has no field {missing[0]!r}")
        extra = sorted(set(data) - set(names))
        if extra:
            raise SavedStateError(f"saved state: vars has an unknown field {extra[0]!r}")
        return cls(**{n: _frozen(data[n]) for n in names})


@attrs.define(slots=False)
class NoVars(Vars):
    """The public values of a game that has none beyond its zones."""


def state_to_json(state: GameState[Any]) -> dict[str, Any]:
    """:meth:`GameState.to_json`: everything about ``state`` as plain JSON values."""
    return {
        "game": state.game.id,
        "players": state.game.num_players,
        "options": dict(state.game.option_values),
        "zones": {z: [CARDS[c].ascii for c in cards] for z, cards in state.zones.items()},
        "known": {CARDS[c].ascii: mask for c, mask in sorted(state.known.items())},
        "vars": state.vars.to_json(),
        "current": state.current,
        "chance": list(state.chance) if state.chance else None,
        "history": list(state.history),
        **(
            {"lacking": [[CARDS[c].ascii for c in cards_of(m)] for m in state.lacking]}
            if any(state.lacking)
            else {}
        ),
    }


def load_state(game_type: type[Game[Any]], data: Mapping[str, Any]) -> GameState[Any]:
    """:meth:`Game.load_state`: a state written by :func:`state_to_json`, in a game of type
    ``game_type`` made with the player count and options it was written with."""
    try:
        players = int(data["players"])
        options = {str(k): int(v) for k, v in dict(data["options"]).items()}
    except KeyError as exc:
        raise SavedStateError(f"saved state: no field {exc.args[0]!r}") from None
    except (TypeError, ValueError):
        raise SavedStateError("saved state: players and options must be numbers") from None
    return game_type(players, **options).state_from_json(data)


def read_state(game: Game[Any], data: Mapping[str, Any]) -> GameState[Any]:
    """:meth:`Game.state_from_json`: ``data`` read back as a state of ``game``, checked."""
    from conjure.games.state import GameState

    fields = ("game", "players", "options", "zones", "known", "vars", "current", "history")
    for name in fields:
        if name not in data:
            raise SavedStateError(f"saved state: no field {name!r}")
    if data["game"] != game.id:
        raise SavedStateError(f"saved state: a {data['game']!r} state is not a {game.id} state")
    if data["players"] != game.num_players:
        raise SavedStateError(
            f"saved state: written for {data['players']} players, this game has {game.num_players}"
        )
    if dict(data["options"]) != game.option_values:
        raise SavedStateError(
            f"saved state: written with options {dict(data['options'])}, this game has "
            f"{game.option_values}"
        )
    state: GameState[Any] = GameState(game)
    zones = dict(data["zones"])
    if set(zones) != set(game.visibility):
        odd = sorted(set(zones) ^ set(game.visibility))[0]
        raise SavedStateError(f"saved state: zone {odd!r} does not match the game's zones")
    state.zones = {
        z: [card.code for card, _ in parse_packet(" ".join(cards))] for z, cards in zones.items()
    }
    seen: set[int] = set()
    for z, cards in state.zones.items():
        for c in cards:
            if c in seen:
                raise SavedStateError(f"saved state: {CARDS[c]} is in two places ({z})")
            seen.add(c)
    if seen != set(game.all_cards()):
        missing = sorted(set(game.all_cards()) - seen)
        what = f"{CARDS[missing[0]]} is missing" if missing else "a card is not in this game"
        raise SavedStateError(f"saved state: {what}")
    state.known = {Card(c).code: int(m) for c, m in dict(data["known"]).items()}
    state.vars = game.vars_type.from_json(dict(data["vars"]))
    state.current = int(data["current"])
    chance = data.get("chance")
    state.chance = (str(chance[0]), int(chance[1]), int(chance[2])) if chance else None
    state.history = [int(a) for a in data["history"]]
    lacking = data.get("lacking")
    if lacking:
        if len(lacking) != game.num_players:
            raise SavedStateError("saved state: lacking must list every seat")
        state.lacking = tuple(
            sum(1 << card.code for card, _ in parse_packet(" ".join(cards))) for cards in lacking
        )
    return state


def _jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    return value


def _frozen(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _frozen(v) for k, v in value.items()}
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value
