"""The examples in the core's docstrings run and hold."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import conjure

MODULES = sorted(
    m.name
    for m in pkgutil.walk_packages(conjure.__path__, "conjure.")
    if m.name != "conjure.__main__"
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_the_core_has_examples() -> None:
    attempted = sum(
        doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS).attempted
        for name in MODULES
    )
    assert attempted >= 5


def test_the_package_is_marked_typed() -> None:
    """A plugin type-checks against conjure's annotations only if the package says it has them."""
    from importlib.resources import files

    assert files("conjure").joinpath("py.typed").is_file()
