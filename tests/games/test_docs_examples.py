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


def test_the_games_guide_packages_its_game_as_written(tmp_path: Path) -> None:
    """The guide's game and its pyproject.toml, laid out as an installed distribution: listed,
    its rules printed with the summary the example gives, and played from a pipe."""
    import os
    import subprocess
    import sys

    (game_code, *_) = blocks("games.md", "python")
    (tmp_path / "high_card.py").write_text(game_code, encoding="utf-8")
    (toml,) = blocks("games.md", "toml")
    project = tomllib.loads(toml)["project"]
    ((entry, module),) = project["entry-points"]["conjure"].items()
    info = tmp_path / f"{project['name'].replace('-', '_')}-{project['version']}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {project['version']}\n"
    )
    (info / "entry_points.txt").write_text(f"[conjure]\n{entry} = {module}\n")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}

    def conjure(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "conjure", *args],
            capture_output=True,
            text=True,
            env=env,
            input=stdin,
            cwd=tmp_path,
        )

    listed = conjure("games")
    assert listed.returncode == 0 and "high-card" in listed.stdout, listed.stderr
    rules = conjure("rules", "high-card")
    assert rules.returncode == 0, rules.stderr
    assert "the higher rank wins" in rules.stdout and "A is high" in rules.stdout
    played = conjure("play", "high-card", "--seed", "1", stdin="1\n")
    assert played.returncode == 0, played.stderr
    assert "Game over" in played.stdout
