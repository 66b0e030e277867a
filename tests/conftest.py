"""Hypothesis profiles: thorough on a developer's machine, bounded in CI (CI=true); the
project's sources compiled once before the tests start the command line as processes."""

from __future__ import annotations

import compileall
import os
from pathlib import Path

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
