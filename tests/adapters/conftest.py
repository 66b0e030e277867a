"""Shared helpers of the adapter tests: every installed game, in a short variant."""

from __future__ import annotations

from typing import Any

import pytest

from conjure.games import Game
from conjure.plugins.host import load_plugins


def installed_games() -> list[type[Game[Any]]]:
    """Every game the plugin registry has, so that a game added later is checked too."""
    return [cls for _, cls in sorted(load_plugins().games.items())]


def short(cls: type[Game[Any]]) -> dict[str, int]:
    """Options that make a match short where the game has them: one deal (``deals``, at least
    1, since 0 means 'play to the target') and the lowest ``target`` (0 where it means 'every
    deal'). A check of the adapters needs whole games, not long matches."""
    options: dict[str, int] = {}
    for option in cls.options:
        if option.name == "deals":
            options["deals"] = max(1, option.low)
        elif option.name == "target" and option.low > 0:
            options["target"] = option.low
    return options


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """A test that takes ``game_cls`` runs once for every installed game."""
    if "game_cls" in metafunc.fixturenames:
        games = installed_games()
        metafunc.parametrize("game_cls", games, ids=[cls.id for cls in games])


@pytest.fixture
def quick() -> Any:
    return short
