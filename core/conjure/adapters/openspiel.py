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

What OpenSpiel sees:

- the deal is explicit chance, drawn card by card as conjure draws it (chance outcome ``k``
  is the ``k``-th undrawn card in code order, each equally likely);
- an action is its position among the legal actions in conjure's order, named by
  ``action_to_string`` as conjure names it;
- ``observation_string(p)`` is seat ``p``'s conjure observation as JSON;
  ``information_state_string(p)`` adds what the seat saw of every action so far, so it has
  perfect recall; ``resample_from_infostate`` deals the unseen cards again the way conjure's own
  bots do (ISMCTS needs it);
- returns are conjure's, at the end only; the utility is declared general-sum, within the
  game's ``utility_range`` if it states one, else within ``±UTILITY_BOUND``.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel

from conjure.adapters.common import MAX_ACTIONS, Table, game_name
from conjure.games.api import CHANCE, TERMINAL, Game

__all__ = ["load_game", "register", "register_all"]

#: the longest game declared to OpenSpiel (no shipped game comes near it)
MAX_GAME_LENGTH = 100_000
#: the utility's bounds declared for a game that states none (``Game.utility_range``): conjure
#: does not bound returns (chips, points), so the bounds are wide rather than wrong
UTILITY_BOUND = 1e6

_registered: dict[str, type[Game[Any]]] = {}


def _game_type(cls: type[Game[Any]]) -> Any:
    low, high = min(cls.players), max(cls.players)
    parameters: dict[str, Any] = {"players": cls.players[0]}
    parameters.update({o.name: o.default for o in cls.options})
    return pyspiel.GameType(
        short_name=game_name(cls.id),
        long_name=f"conjure {cls.name_en}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification=parameters,
    )


def register(game: str | type[Game[Any]]) -> str:
    """Register a conjure game (its id, or its class) with OpenSpiel; return its OpenSpiel
    name. Registering it again does nothing."""
    cls = _game_class(game)
    name = game_name(cls.id)
    if name not in _registered:
        game_type = _game_type(cls)

        class _OpenSpielGame(ConjureGame):
            conjure_type = cls

            def __init__(self, params: dict[str, Any] | None = None) -> None:
                super().__init__(game_type, params or {})

        _OpenSpielGame.__name__ = f"ConjureGame_{name}"
        pyspiel.register_game(game_type, _OpenSpielGame)
        _registered[name] = cls
    return name


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
    """An OpenSpiel game made from a conjure :class:`~conjure.games.api.Game`."""

    conjure_type: type[Game[Any]]

    def __init__(self, game_type: Any, params: dict[str, Any]) -> None:
        defaults = dict(game_type.parameter_specification)
        values = {**defaults, **params}
        options = {k: int(v) for k, v in values.items() if k != "players"}
        self.conjure = self.conjure_type(int(values["players"]), **options)
        low, high = getattr(self.conjure_type, "utility_range", (-UTILITY_BOUND, UTILITY_BOUND))
        info = pyspiel.GameInfo(
            num_distinct_actions=MAX_ACTIONS,
            max_chance_outcomes=MAX_ACTIONS,
            num_players=self.conjure.num_players,
            min_utility=float(low),
            max_utility=float(high),
            utility_sum=None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(game_type, info, params)

    def new_initial_state(self) -> ConjureState:
        return ConjureState(self, Table.new(self.conjure))

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Observer:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return Observer(perfect_recall=recall)


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
        return list(range(len(self.table.codes())))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.table.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.table.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if self.table.state.current != player and player != pyspiel.PlayerId.CHANCE:
            return f"action {action}"
        return self.table.action_name(int(action))

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


class Observer:
    """OpenSpiel's Python observer: strings only (no tensors), the information state with
    perfect recall or the plain observation."""

    def __init__(self, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, Any] = {}

    def set_from(self, state: ConjureState, player: int) -> None:
        pass

    def string_from(self, state: ConjureState, player: int) -> str:
        if self.perfect_recall:
            return state.table.information_state(player)
        return state.table.observation(player)
