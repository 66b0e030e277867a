"""Any conjure game as an OpenSpiel Python game (the extra ``conjure[openspiel]``).

    >>> from conjure.adapters.openspiel import register
    >>> import pyspiel
    >>> register("sixty-six")
    'conjure_sixty_six'
    >>> game = pyspiel.load_game("conjure_sixty_six", {"target": 3})
    >>> state = game.new_initial_state()
    >>> state.is_chance_node()
    True

:func:`register` registers one game, :func:`register_all` every installed game (each by the
name ``conjure_`` and its id with ``_`` for ``-``), :func:`load_game` registers and loads in one
call. The game's parameters are its options and ``players``.

What OpenSpiel sees (``docs/openspiel.md`` says it in full):

- the deal is explicit chance, drawn card by card as conjure draws it; a chance outcome's id is
  the card's code, each undrawn card equally likely;
- actions are the game's fixed ids (:meth:`conjure.games.Game.action_space`): a card, a bid, a
  combination keeps its number in every state, and ``action_to_string`` names an id the same
  way in every state, past actions included; a move the game spells with several ids (a capture,
  an exchange) is chosen one id at a time by the same player;
- ``observation_tensor`` and ``information_state_tensor`` are :mod:`conjure.games.tensors`'s,
  their slots named in the observer's ``dict``; the strings are conjure's observation as JSON,
  the information state's with what the seat saw of every action so far (perfect recall);
  ``private_info=NONE`` observes what every seat sees, and nothing more;
- the utility is the game's (:meth:`conjure.games.Game.utility`): zero-sum where the returns
  always add up to 0, within their real range;
- games and states pickle (the game's class is found by its name, registering the game).
"""

from __future__ import annotations

import random
import sys
from typing import Any

import numpy as np
import pyspiel

from conjure.adapters.common import (
    EVERYONE,
    PUBLIC,
    Table,
    encoder_of,
    game_name,
    most_moves,
)
from conjure.errors import VerificationError
from conjure.games.actions import CARD_CODES
from conjure.games.api import CHANCE, TERMINAL, Game

__all__ = ["ConjureGame", "ConjureState", "load_game", "register", "register_all"]

#: the prefix of each registered game's OpenSpiel class, found by name when a game is unpickled
CLASS_PREFIX = "ConjureGame_"

_registered: dict[str, type[ConjureGame]] = {}
_GENERAL = pyspiel.GameType.Utility.GENERAL_SUM


def _game_type(cls: type[Game[Any]]) -> Any:
    low, high = min(cls.players), max(cls.players)
    parameters: dict[str, Any] = {"players": cls.players[0]}
    parameters.update({o.name: o.default for o in cls.options})
    # one type for the name: its kind must hold for every player count the game allows (each
    # loaded game's own total is in its GameInfo)
    totals = {u.total if u else None for u in (cls(n).utility() for n in cls.players)}
    kind = pyspiel.GameType.Utility.GENERAL_SUM
    if totals == {0.0}:
        kind = pyspiel.GameType.Utility.ZERO_SUM
    elif len(totals) == 1 and None not in totals:
        kind = pyspiel.GameType.Utility.CONSTANT_SUM
    return pyspiel.GameType(
        short_name=game_name(cls.id),
        long_name=f"conjure {cls.name_en}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=kind,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


def register(game: str | type[Game[Any]]) -> str:
    """Register a conjure game (its id, or its class) with OpenSpiel; return its OpenSpiel
    name. Registering it again does nothing."""
    cls = _game_class(game)
    name = game_name(cls.id)
    if name not in _registered:
        game_type = _game_type(cls)
        # a class of this module, found by its name when a game is unpickled (__getattr__)
        made = type(
            CLASS_PREFIX + name,
            (ConjureGame,),
            {"conjure_type": cls, "game_type": game_type, "__module__": __name__},
        )
        setattr(sys.modules[__name__], made.__name__, made)
        pyspiel.register_game(game_type, made)
        _registered[name] = made
    return name


def __getattr__(attribute: str) -> Any:
    """A registered game's class by its name, registering the game first when it is not yet
    (unpickling a game in a fresh process)."""
    if attribute.startswith(CLASS_PREFIX + "conjure_"):
        from conjure.plugins.host import load_plugins

        wanted = attribute.removeprefix(CLASS_PREFIX)
        for cls in load_plugins().games.values():
            if game_name(cls.id) == wanted:
                register(cls)
                return _registered[wanted]
    raise AttributeError(f"module {__name__!r} has no attribute {attribute!r}")


def register_all() -> list[str]:
    """Register every installed conjure game; return their OpenSpiel names."""
    from conjure.plugins.host import load_plugins

    return [register(cls) for _, cls in sorted(load_plugins().games.items())]


def load_game(game: str | type[Game[Any]], **params: int) -> Any:
    """Register ``game`` if need be and load it with ``params`` (options and ``players``)."""
    return pyspiel.load_game(register(game), params)


def _game_class(game: str | type[Game[Any]]) -> type[Game[Any]]:
    if isinstance(game, str):
        from conjure.plugins.host import load_plugins

        return load_plugins().game(game)  # type: ignore[no-any-return]
    return game


class ConjureGame(pyspiel.Game):  # type: ignore[misc]
    """An OpenSpiel game made from a conjure :class:`~conjure.games.api.Game`; :func:`register`
    makes one subclass a game."""

    conjure_type: type[Game[Any]]
    game_type: Any

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        defaults = dict(self.game_type.parameter_specification)
        values = {**defaults, **(params or {})}
        options = {k: int(v) for k, v in values.items() if k != "players"}
        self.conjure = self.conjure_type(int(values["players"]), **options)
        space = self.conjure.action_space()
        utility = self.conjure.utility()
        if utility is None:
            raise VerificationError(
                f"{self.conjure.id}: the game states no range for its returns (Game._utility)"
            )
        info = pyspiel.GameInfo(
            num_distinct_actions=space.size,
            max_chance_outcomes=CARD_CODES,
            num_players=self.conjure.num_players,
            min_utility=float(utility.low),
            max_utility=float(utility.high),
            # a total is declared only where the type says the returns have one
            utility_sum=None
            if utility.total is None or self.game_type.utility == _GENERAL
            else float(utility.total),
            max_game_length=most_moves(self.conjure),
        )
        super().__init__(self.game_type, info, params or {})
        self.encoder = encoder_of(self.conjure)

    def new_initial_state(self) -> ConjureState:
        return ConjureState(self, Table.new(self.conjure))

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Observer:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        return Observer(self, iig_obs_type)


class ConjureState(pyspiel.State):  # type: ignore[misc]
    """A conjure game state as an OpenSpiel state."""

    def __init__(self, game: ConjureGame, table: Table) -> None:
        super().__init__(game)
        self.table = table

    def current_player(self) -> int:
        current = self.table.state.current
        if current == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        if current == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        return current

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.table.state.current:
            return []
        return self.table.ids()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.table.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.table.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self.table.action_label(int(player), int(action))

    def is_terminal(self) -> bool:
        return self.table.state.is_terminal()

    def returns(self) -> list[float]:
        if not self.table.state.is_terminal():
            return [0.0] * self.table.state.game.num_players
        return [float(r) for r in self.table.state.returns()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> ConjureState:
        """A state ``player_id`` cannot tell from this one, the unseen cards dealt again; the
        sampler's draw seeds the deal."""
        seed = int(probability_sampler() * 2**32)
        state: ConjureState = self.clone()
        state.table = self.table.resample(player_id, random.Random(seed))
        return state

    def __str__(self) -> str:
        return self.table.describe()

    def __setstate__(self, data: Any) -> None:
        """Unpickled (OpenSpiel's serialised game and history): the game is registered first,
        in a process that has not registered it."""
        if isinstance(data, str) and "[Game]\n" in data:
            name = data.split("[Game]\n", 1)[1].split("(", 1)[0].strip()
            getattr(sys.modules[__name__], CLASS_PREFIX + name, None)
        super().__setstate__(data)


class Observer:
    """OpenSpiel's Python observer: the tensor (its slots named in :attr:`dict`) and the string
    of one observation type. ``private_info`` says whose cards are shown besides those every
    seat sees (``NONE``: none; ``SINGLE_PLAYER``: the observer's; ``ALL_PLAYERS``: every
    seat's), ``public_info`` whether what every seat sees is shown, ``perfect_recall`` whether
    what was seen happen is added."""

    def __init__(self, game: ConjureGame, iig_obs_type: Any) -> None:
        encoder = self.encoder = game.encoder
        self.recall = bool(iig_obs_type.perfect_recall)
        private = iig_obs_type.private_info
        self.public = bool(iig_obs_type.public_info)
        self.who = {
            pyspiel.PrivateInfoType.NONE: PUBLIC,
            pyspiel.PrivateInfoType.ALL_PLAYERS: EVERYONE,
        }.get(private)
        size = encoder.information_state_size if self.recall else encoder.observation_size
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, Any] = {
            slot.name: self.tensor[slot.start : slot.start + slot.size].reshape(slot.shape)
            for slot in encoder.describe(self.recall)
        }

    def _who(self, player: int) -> int:
        return player if self.who is None else self.who

    def set_from(self, state: ConjureState, player: int) -> None:
        table = state.table
        who = self._who(player)
        self.tensor.fill(0.0)
        move = table.move if who == table.state.current else ()
        if self.recall:
            recall = table.recall_of(who)
            self.encoder.information_state(
                table.state, who, recall, self.tensor, move, public=self.public
            )
        else:
            self.encoder.observation(table.state, who, self.tensor, move, public=self.public)

    def string_from(self, state: ConjureState, player: int) -> str:
        who = self._who(player)
        if self.recall:
            return state.table.information_state(who)
        return state.table.observation(who)
