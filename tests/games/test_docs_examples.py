"""Every example in docs/games.md and docs/plugins.md runs as written."""

from __future__ import annotations

import re
import tomllib
import types
from pathlib import Path
from typing import Any

from conjure.games import Game
from conjure.plugins.host import load_plugins
from conjure.testing import check_game

DOCS = Path(__file__).resolve().parents[2] / "docs"


def blocks(name: str, lang: str) -> list[str]:
    text = (DOCS / name).read_text(encoding="utf-8")
    return re.findall(rf"```{lang}\n(.*?)```", text, re.S)


def run_games_guide() -> dict[str, Any]:
    namespace: dict[str, Any] = {}
    for i, code in enumerate(blocks("games.md", "python")):
        exec(compile(code, f"docs/games.md block {i + 1}", "exec"), namespace)
    return namespace


def test_every_example_of_the_games_guide_runs() -> None:
    assert len(blocks("games.md", "python")) == 3, "docs/games.md lost an example"
    namespace = run_games_guide()
    game = namespace["HighCard"]()
    assert check_game(game, seeds=range(10)) > 0
    assert namespace["state"].is_terminal()


def test_the_guides_game_registers_as_a_plugin() -> None:
    namespace = run_games_guide()
    plugin = types.SimpleNamespace(register_games=namespace["register_games"])
    registry = load_plugins(entry_points=False, extra=[("guide", plugin)])
    assert registry.games["high-card"] is namespace["HighCard"]


def test_the_plugins_guide_hooks_register_a_routine_and_a_game_class() -> None:
    from conjure_routines import each_gets_two

    class MyGame(Game):  # type: ignore[type-arg]
        id = "my-game"

    routine = next(v for v in vars(each_gets_two).values() if type(v).__name__ == "Routine")
    (hooks,) = blocks("plugins.md", "python")
    namespace: dict[str, Any] = {"MY_ROUTINE": routine, "MyGame": MyGame}
    exec(compile(hooks, "docs/plugins.md", "exec"), namespace)
    plugin = types.SimpleNamespace(
        register_routines=namespace["register_routines"],
        register_games=namespace["register_games"],
    )
    registry = load_plugins(entry_points=False, extra=[("mine", plugin)])
    assert registry.games["my-game"] is MyGame
    assert routine.id in registry.routines
    assert all(p.ok for p in registry.plugins), [p.error for p in registry.plugins]


def test_the_plugins_guide_entry_point_is_the_conjure_group() -> None:
    (toml,) = blocks("plugins.md", "toml")
    data = tomllib.loads(toml)
    assert "conjure" in data["project"]["entry-points"]
