"""bench/ladder.py makes the bots its pairs name: a think factor, an exploration constant."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import pytest

from conjure.games.bots import ISMCTSBot, MonteCarloBot


def test_a_pair_names_the_think_factor_and_the_exploration(
    bench_module: Callable[[str], ModuleType],
) -> None:
    bench = bench_module("ladder.py")
    plain = bench.bot("ismcts", 0.02)
    assert isinstance(plain, ISMCTSBot) and plain.exploration == ISMCTSBot().exploration
    tuned = bench.bot("ismcts@2~0.4", 0.02)
    assert isinstance(tuned, ISMCTSBot)
    assert tuned.exploration == 0.4 and tuned.seconds == pytest.approx(0.04)
    assert isinstance(bench.bot("mc", 0.02), MonteCarloBot)
    with pytest.raises(SystemExit, match="only ismcts"):
        bench.bot("mc~0.4", 0.02)
