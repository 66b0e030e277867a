"""The examples in the core's docstrings run and hold."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["conjure.cards", "conjure.state", "conjure.moves", "conjure.plugins", "conjure.testing"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
