"""bench/compare.py reads the output of every benchmark under bench/ (its docstring examples)."""

from __future__ import annotations

import doctest
import importlib.util
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "bench"


def test_compare_reads_every_benchmarks_figures() -> None:
    spec = importlib.util.spec_from_file_location("bench_compare", BENCH / "compare.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
