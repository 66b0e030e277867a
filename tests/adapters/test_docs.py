"""Every example in docs/openspiel.md and docs/pettingzoo.md runs as written; the slot table
names every slot a game's tensors have; the benches and extras the pages name exist."""

from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"


def blocks(name: str) -> list[str]:
    text = (DOCS / name).read_text(encoding="utf-8")
    return re.findall(r"```python\n(.*?)```", text, re.S)


@pytest.mark.parametrize(
    ("page", "extra"), [("openspiel.md", "pyspiel"), ("pettingzoo.md", "pettingzoo")]
)
def test_every_example_of_the_adapter_pages_runs(
    page: str, extra: str, capsys: pytest.CaptureFixture[str]
) -> None:
    if not os.environ.get("CONJURE_REQUIRE_EXTRAS"):
        pytest.importorskip(extra, reason=f"docs/{page} needs its extra")
    for code in blocks(page):
        exec(compile(code, f"docs/{page}", "exec"), {})
    out = capsys.readouterr().out
    if page == "openspiel.md":
        assert "ISMCTS (seat 1)" in out and "chips a hand against a random player" in out
    else:
        assert "ends with" in out


def test_the_slot_table_names_every_slot_of_every_game() -> None:
    """Each slot of each installed game's information state, its zone and value names read as
    the table's ``Z`` and ``F``, is a row of docs/openspiel.md's slot tables, and each row is
    some game's slot."""
    from conjure.games.tensors import Encoder
    from conjure.plugins.host import load_plugins

    text = (DOCS / "openspiel.md").read_text(encoding="utf-8")
    section = text[text.index("## The tensors' slots") : text.index("## Training an agent")]
    rows = set(re.findall(r"^\| `([^`]+)` \|", section, re.M))
    slots = set()
    for cls in load_plugins().games.values():
        for slot in Encoder(cls(None)).describe(information_state=True):
            name = re.sub(r"^zone\.[^.]+", "zone.Z", slot.name)
            slots.add(re.sub(r"^vars\..+", "vars.F", name))
    assert slots == rows


@pytest.mark.parametrize("page", ["openspiel.md", "pettingzoo.md"])
def test_the_benches_and_extras_a_page_names_exist(page: str) -> None:
    text = (DOCS / page).read_text(encoding="utf-8")
    benches = set(re.findall(r"bench/[\w.]+\.py", text))
    assert benches and all((ROOT / bench).is_file() for bench in benches), benches
    extras = set(re.findall(r"conjure\[(\w+)\]|\.\[(\w+)\]", text))
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    names = {name for pair in extras for name in pair if name}
    assert names and names <= set(declared["optional-dependencies"]), names
