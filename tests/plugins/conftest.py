"""The kit for third-party plugins in tests: a real distribution (dist-info and modules) laid out
on ``sys.path``, which ``importlib.metadata`` finds as if it had been installed with pip."""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest


def install_fake_distribution(
    root: Path,
    entry_points: dict[str, str],
    modules: dict[str, str],
    name: str = "fake-conjure-plugins",
    version: str = "1.2.3",
) -> None:
    """Lay out a distribution (dist-info and modules) that importlib.metadata finds on sys.path:
    ``entry_points`` maps each name in the ``conjure`` group to its module, ``modules`` each
    module's name to its source."""
    info = root / f"{name.replace('-', '_')}-{version}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")
    lines = "\n".join(f"{ep} = {target}" for ep, target in entry_points.items())
    (info / "entry_points.txt").write_text(f"[conjure]\n{lines}\n")
    for module, source in modules.items():
        (root / f"{module}.py").write_text(textwrap.dedent(source))


@pytest.fixture
def install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., Path]]:
    """Install distributions for one test; their modules are forgotten after it."""
    names: list[str] = []

    def install(
        entry_points: dict[str, str],
        modules: dict[str, str],
        name: str = "fake-conjure-plugins",
        version: str = "1.2.3",
    ) -> Path:
        root = tmp_path / name
        root.mkdir()
        install_fake_distribution(root, entry_points, modules, name, version)
        monkeypatch.syspath_prepend(str(root))
        names.extend(modules)
        return root

    yield install
    for module in names:
        sys.modules.pop(module, None)
