"""bench/compare.py reads the output of every benchmark under bench/ (its docstring examples)."""

from __future__ import annotations

import doctest
from collections.abc import Callable
from types import ModuleType


def test_compare_reads_every_benchmarks_figures(bench_module: Callable[[str], ModuleType]) -> None:
    result = doctest.testmod(bench_module("compare.py"))
    assert result.attempted > 0 and result.failed == 0
