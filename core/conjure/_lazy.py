"""Package facades that import a name when it is first used.

A facade's names are written once, in its stub (``__init__.pyi``) as plain re-exports, which
type checkers and editors read as they are; at run time the package's ``__init__.py`` hands
the stub to :func:`attach`, and ``from conjure.magic import Claim`` imports the module that
defines ``Claim`` and nothing else. So a command that checks a routine never imports the
routine-file reader, and one that lists games imports none of them.
"""

from __future__ import annotations

import importlib
import os
import re
from collections.abc import Callable
from typing import Any

#: one ``from module import ...`` of a stub, its names in parentheses or on the line
_IMPORT = re.compile(r"^from\s+([\w.]+)\s+import\s+(\([^)]*\)|[^\n]*)", re.M)


def names_in_stub(path: str) -> dict[str, str]:
    """``{name: module}`` for every ``from module import name`` (or ``name as alias``) of the
    stub at ``path``. Read with a pattern, not the parser, which alone would cost more than
    the rest of a listing's imports; ``tests/test_lazy.py`` holds it to the parser's reading."""
    with open(path, encoding="utf-8") as f:
        text = re.sub(r"#[^\n]*", "", f.read())
    where: dict[str, str] = {}
    for module, names in _IMPORT.findall(text):
        for item in names.strip("()").split(","):
            words = item.split()
            if words:
                where[words[-1]] = module  # ``name`` or ``name as alias``
    return where


def attach(
    package: str, init_file: str
) -> tuple[Callable[[str], Any], Callable[[], list[str]], list[str]]:
    """``__getattr__``, ``__dir__`` and ``__all__`` for ``package``, whose names are those its
    stub (beside ``init_file``) re-exports."""
    where = names_in_stub(os.path.splitext(init_file)[0] + ".pyi")
    module_globals = importlib.import_module(package).__dict__

    def __getattr__(name: str) -> Any:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        module_globals[name] = value  # the next use is a plain lookup
        return value

    def __dir__() -> list[str]:
        return sorted({*module_globals, *where})

    return __getattr__, __dir__, sorted(where)
