"""The routine-writing guide works as written: its plugin installs, lists, verifies and tests."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GUIDE = (ROOT / "docs" / "routines.md").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def plugin_dir(key_card_plugin: Path) -> Path:
    """The guide's package, laid out as an installed distribution (tests/conftest.py)."""
    return key_card_plugin


def run(plugin_dir: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(plugin_dir)}
    return subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, env=env, cwd=plugin_dir
    )


def test_the_guides_plugin_is_listed(plugin_dir: Path) -> None:
    result = run(plugin_dir, "-m", "conjure", "plugins")
    assert result.returncode == 0, result.stderr
    line = next(line for line in result.stdout.splitlines() if "key_card" in line)
    assert "key-card-routine" in line and "1.0.0" in line and "key-card" in line


def test_the_guides_plugin_verifies(plugin_dir: Path) -> None:
    result = run(plugin_dir, "-m", "conjure", "verify", "key-card")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "PROVED: all 2,601 cases" in result.stdout


def test_the_guides_warning_about_the_range_holds(plugin_dir: Path) -> None:
    """With all 52 cards offered, the smallest counter-example is the key card itself."""
    source = (plugin_dir / "key_card.py").read_text(encoding="utf-8")
    assert source.count("range(51)") == 1
    namespace: dict[str, object] = {"__name__": "key_card_52"}
    exec(compile(source.replace("range(51)", "range(52)"), "key_card_52", "exec"), namespace)
    from conjure.magic import verify

    report = verify(namespace["ROUTINE"])  # type: ignore[arg-type]
    assert report.verdict == "refuted" and report.counterexample is not None
    assert report.counterexample.performance.values["card"] == 51
    assert "found" in report.counterexample.claim_errors


def test_the_guides_plugin_rehearses(plugin_dir: Path) -> None:
    result = run(plugin_dir, "-m", "conjure", "rehearse", "key-card", "--all", "--lang", "en")
    assert result.returncode == 0, result.stderr
    assert "Step ④" in result.stdout


def test_the_guides_test_passes(plugin_dir: Path) -> None:
    result = run(
        plugin_dir, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/test_key_card.py"
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 passed" in result.stdout


def test_every_python_example_of_the_guide_runs() -> None:
    """The guide's plugin and test file run above as a package; every other block runs here."""
    blocks = re.findall(r"```python\n(.*?)```", GUIDE, re.S)
    standalone = [
        b for b in blocks if not b.startswith(("# key_card.py", "# tests/test_key_card.py"))
    ]
    assert len(blocks) == len(standalone) + 2 and len(standalone) >= 2
    for code in standalone:
        exec(compile(code, "docs/routines.md", "exec"), {"__name__": "guide_example"})


def test_the_guides_plugin_is_explained(plugin_dir: Path) -> None:
    result = run(plugin_dir, "-m", "conjure", "explain", "key-card")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "every case: 2,601 cases, 0 failing" in result.stdout
    assert "never matter: card (51 values), cut (51 values)" in result.stdout
