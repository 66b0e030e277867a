"""bench/ladder.py makes the bots its pairs name: a think factor, an exploration constant."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from conjure.games.bots import ISMCTSBot, MonteCarloBot

BENCH = Path(__file__).resolve().parent.parent / "bench"


def ladder() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_ladder", BENCH / "ladder.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_pair_names_the_think_factor_and_the_exploration() -> None:
    bench = ladder()
    plain = bench.bot("ismcts", 0.02)
    assert isinstance(plain, ISMCTSBot) and plain.exploration == ISMCTSBot().exploration
    tuned = bench.bot("ismcts@2~0.4", 0.02)
    assert isinstance(tuned, ISMCTSBot)
    assert tuned.exploration == 0.4 and tuned.seconds == pytest.approx(0.04)
    assert isinstance(bench.bot("mc", 0.02), MonteCarloBot)
    with pytest.raises(SystemExit, match="only ismcts"):
        bench.bot("mc~0.4", 0.02)
