"""Which names given for a routine are routine files: known without importing the reader
(:mod:`conjure.magic.files`), so that a command given a routine's id never loads it."""

from __future__ import annotations

import os

#: the extension of a routine file (any file given by its path is read, whatever its name)
SUFFIX = ".routine"


def is_routine_file(name: str) -> bool:
    """Whether a name given for a routine is a routine file (by its extension, or a path)."""
    return name.endswith(SUFFIX) or ("/" in name and os.path.isfile(name))
