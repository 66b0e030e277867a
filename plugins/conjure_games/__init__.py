"""The card games of the source texts, registered through the ``conjure`` entry point."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from conjure.hookspecs import hookimpl


@hookimpl
def register_games(register: Callable[[Any], None]) -> None:
    """Register every game this package ships."""
