"""The magic routines of the source texts, registered through the ``conjure`` entry point.

They are listed from ``conjure-index.json`` and imported when a command uses one
(:mod:`conjure.plugins.catalog`); ``python -m conjure.plugins.catalog conjure_routines``
rewrites the index after a change.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from conjure.plugins import hookimpl, listed

#: every routine this package ships, as ``module:attribute``
ROUTINES = (
    "conjure_routines.courting_kings:ROUTINE",
    "conjure_routines.each_gets_two:ROUTINE",
    "conjure_routines.gilbreath:ROUTINE",
    "conjure_routines.gilbreath:SUITS",
)


@hookimpl
def register_routines(register: Callable[[Any], None]) -> None:
    """Register every routine this package ships."""
    listed(__name__, "routine", ROUTINES, register)
