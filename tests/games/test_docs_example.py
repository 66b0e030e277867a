"""The game-writing guide's example passes the conformance check and plays."""

from __future__ import annotations

import re
from pathlib import Path

from conjure.games.bots import random_playout
from conjure.testing import check_game

GUIDE = (Path(__file__).resolve().parents[2] / "docs" / "games.md").read_text(encoding="utf-8")


def test_the_guides_game_conforms() -> None:
    code = re.search(r"```python\n(from conjure.games import .*?)```", GUIDE, re.S)
    assert code, "docs/games.md lost its example"
    namespace: dict[str, object] = {}
    exec(compile(code.group(1), "docs/games.md", "exec"), namespace)
    game = namespace["HighCard"]()  # type: ignore[operator]
    assert check_game(game, seeds=range(30)) > 0
    import random

    state = game.new_initial_state(4)
    random_playout(game, state, random.Random(0))
    assert state.terminal and len(state.zones["table"]) == 2
