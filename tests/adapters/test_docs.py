"""Every example in docs/openspiel.md and docs/pettingzoo.md runs as written."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[2] / "docs"


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
    assert ("ISMCTS (seat 1)" in out) if page == "openspiel.md" else ("ends with" in out)
