"""The magic routines of the source texts, registered through the ``conjure`` entry point."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from conjure import hookimpl


@hookimpl
def register_routines(register: Callable[[Any], None]) -> None:
    """Register every routine this package ships."""
    from conjure_routines import courting_kings, each_gets_two, gilbreath

    register(courting_kings.ROUTINE)
    register(each_gets_two.ROUTINE)
    register(gilbreath.ROUTINE)
    register(gilbreath.SUITS)
