"""Hypothesis profiles: thorough on a developer's machine, bounded in CI (CI=true); the
project's sources compiled once before the tests start the command line as processes."""

from __future__ import annotations

import compileall
import importlib.util
import os
import re
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "thorough", max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "ci",
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "thorough")
)


def pytest_sessionstart(session: object) -> None:
    """Write the bytecode of the project's own sources before any test starts ``conjure`` as
    a process: where ``PYTHONDONTWRITEBYTECODE`` is set (some CI images set it) nothing else
    would, and every such process would compile the whole package again, about four times its
    start-up. Up to date, this takes a few milliseconds."""
    root = Path(__file__).resolve().parent.parent
    for folder in ("core", "plugins", "routines"):
        compileall.compile_dir(root / folder, quiet=2, workers=1)


@pytest.fixture
def bench_module() -> Callable[[str], ModuleType]:
    """Load a script of bench/ by its file name (``"ladder.py"``) as a module."""

    def load(name: str) -> ModuleType:
        path = Path(__file__).resolve().parent.parent / "bench" / name
        spec = importlib.util.spec_from_file_location(f"bench_{path.stem}", path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module

    return load


def guide_block(start: str, lang: str = "python") -> str:
    """The block of docs/routines.md (the routine-writing guide) that starts with ``start``."""
    guide = (Path(__file__).resolve().parent.parent / "docs" / "routines.md").read_text("utf-8")
    found = re.search(rf"```{lang}\n{re.escape(start)}\n(.*?)```", guide, re.S)
    assert found, f"docs/routines.md has no {lang} block starting {start!r}"
    return f"{start}\n{found.group(1)}"


@pytest.fixture(scope="session")
def key_card_plugin(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The guide's plugin package (key-card), laid out as an installed distribution on a path
    of its own: put it on ``PYTHONPATH`` and ``conjure`` lists it."""
    root = tmp_path_factory.mktemp("key_card_plugin")
    (root / "key_card.py").write_text(guide_block("# key_card.py"), encoding="utf-8")
    toml = guide_block("# pyproject.toml", "toml")
    name = re.search(r'name = "(.+?)"', toml).group(1)  # type: ignore[union-attr]
    version = re.search(r'version = "(.+?)"', toml).group(1)  # type: ignore[union-attr]
    entry = re.search(r"\[project.entry-points.conjure\]\n(.+)", toml).group(1)  # type: ignore[union-attr]
    info = root / f"{name.replace('-', '_')}-{version}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")
    unquoted = entry.replace('"', "")
    (info / "entry_points.txt").write_text(f"[conjure]\n{unquoted}\n")
    (root / "tests").mkdir()
    (root / "tests" / "test_key_card.py").write_text(guide_block("# tests/test_key_card.py"))
    return root
