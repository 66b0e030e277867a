"""The examples in the core's docstrings run and hold."""

from __future__ import annotations

import doctest
import importlib
import os
import pkgutil
from types import ModuleType

import pytest

import conjure

MODULES = sorted(
    m.name
    for m in pkgutil.walk_packages(conjure.__path__, "conjure.")
    if m.name != "conjure.__main__"
)


def load(name: str) -> ModuleType | None:
    """The module, or ``None`` for an adapter whose optional extra is not installed (CI sets
    CONJURE_REQUIRE_EXTRAS, and there a missing extra fails)."""
    try:
        return importlib.import_module(name)
    except ImportError:
        if name.startswith("conjure.adapters.") and not os.environ.get("CONJURE_REQUIRE_EXTRAS"):
            return None
        raise


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = load(name)
    if module is None:
        pytest.skip(f"{name} needs its optional extra")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_the_core_has_examples() -> None:
    attempted = sum(
        doctest.testmod(module, optionflags=doctest.ELLIPSIS).attempted
        for module in map(load, MODULES)
        if module is not None
    )
    assert attempted >= 5


def test_the_package_is_marked_typed() -> None:
    """A plugin type-checks against conjure's annotations only if the package says it has them."""
    from importlib.resources import files

    assert files("conjure").joinpath("py.typed").is_file()
