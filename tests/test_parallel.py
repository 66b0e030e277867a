"""conjure.parallel: chunks independent of the workers, results in chunk order on any start
method, early close and errors stop the workers; the same seed gives the same simulation and
verification for 1, 2 and 3 workers."""

from __future__ import annotations

import multiprocessing
import os
import random
import time
from pathlib import Path

import pytest

from conjure.games.simulate import simulate
from conjure.magic.verifier import verify
from conjure.parallel import Chunk, InProcess, ProcessPool, closing, executor, plan
from conjure.plugins.host import load_plugins
from conjure_games.goofspiel import Goofspiel

METHODS = multiprocessing.get_all_start_methods()


def draws(context: int, chunk: Chunk) -> list[int]:
    rng = random.Random(chunk.seed)
    return [context + rng.randrange(1000) for _ in range(chunk.size)]


def slow_or_fail(context: str, chunk: Chunk) -> int:
    if chunk.index == 2:
        raise ValueError(f"chunk {chunk.index} of {context} is bad")
    time.sleep(0.01 * chunk.index)  # later chunks finish first on a pool: order must not care
    return chunk.index


def record_pid(context: str, chunk: Chunk) -> int:
    Path(context, f"{os.getpid()}-{chunk.index}").touch()
    time.sleep(0.05)
    return chunk.index


def dies(context: None, chunk: Chunk) -> int:
    if chunk.index == 1:
        os.kill(os.getpid(), 9)
    if chunk.index == 3:
        raise SystemExit(3)
    return chunk.index


def test_a_worker_that_dies_or_exits_is_an_error_not_a_hang() -> None:
    killed = executor(2).map(dies, None, plan(2, 1, 1))
    with pytest.raises(RuntimeError, match="stopped unexpectedly"), closing(killed) as results:
        list(results)
    exits = executor(2).map(dies, None, plan(5, 1, 1)[2:])
    with pytest.raises(RuntimeError, match="SystemExit: 3"), closing(exits) as results:
        list(results)
    assert multiprocessing.active_children() == []


def test_plan_depends_on_total_seed_and_size_only() -> None:
    chunks = plan(10, seed=3, size=4)
    assert [(c.index, c.start, c.size) for c in chunks] == [(0, 0, 4), (1, 4, 4), (2, 8, 2)]
    assert chunks == plan(10, seed=3, size=4)
    assert len({c.seed for c in chunks}) == 3
    assert {c.seed for c in chunks}.isdisjoint(c.seed for c in plan(10, seed=4, size=4))
    assert plan(0, seed=1, size=4) == ()


@pytest.mark.parametrize("method", METHODS)
def test_results_come_in_chunk_order_whatever_the_workers(method: str) -> None:
    chunks = plan(40, seed=7, size=3)
    with closing(InProcess().map(draws, 5, chunks)) as results:
        expected = list(results)
    for workers in (2, 3):
        with closing(ProcessPool(workers, method).map(draws, 5, chunks)) as results:
            assert list(results) == expected


def test_an_error_in_a_worker_reaches_the_caller_and_stops_the_pool() -> None:
    before = multiprocessing.active_children()
    run = executor(2).map(slow_or_fail, "work", plan(8, 1, 1))
    with pytest.raises(ValueError, match="chunk 2 of work is bad"), closing(run) as results:
        list(results)
    assert multiprocessing.active_children() == before


def test_closing_early_cancels_the_rest(tmp_path: Path) -> None:
    chunks = plan(200, seed=1, size=1)
    with closing(executor(2).map(record_pid, str(tmp_path), chunks)) as results:
        assert next(results) == 0
    assert multiprocessing.active_children() == []
    ran = len(list(tmp_path.iterdir()))
    assert ran < 10  # a few chunks run ahead of the one handed back, never the whole plan


def test_a_function_that_cannot_travel_runs_here() -> None:
    chunks = plan(5, seed=1, size=2)
    with closing(ProcessPool(2).map(lambda c, chunk: chunk.size * c, 2, chunks)) as results:
        assert list(results) == [4, 4, 2]


def test_simulate_gives_the_same_numbers_for_one_two_and_three_workers() -> None:
    """Random bots (many games a chunk) and Monte-Carlo bots (one game a chunk)."""
    for game, n, bots in ((Goofspiel(), 700, ["random"]), (Goofspiel(), 4, ["mc", "random"])):
        summaries = [simulate(game, n, seed=11, bots=bots, workers=w) for w in (1, 2, 3)]
        first = summaries[0].to_json()
        for other in summaries[1:]:
            data = other.to_json()
            for key in ("seconds", "games_per_second"):
                data.pop(key), first.pop(key, None)
            assert data == first


@pytest.mark.parametrize("method", sorted(set(METHODS) - {"fork"}))
def test_simulate_on_another_start_method_agrees(method: str) -> None:
    game = Goofspiel()
    here = simulate(game, 300, seed=5)
    there = simulate(game, 300, seed=5, backend=ProcessPool(2, method))
    assert (there.wins, there.draws, there.mean_scores) == (here.wins, here.draws, here.mean_scores)


def test_a_simulation_is_not_its_neighbours() -> None:
    game = Goofspiel()
    a, b = simulate(game, 400, seed=1), simulate(game, 400, seed=2)
    assert (a.wins, a.mean_scores) != (b.wins, b.mean_scores)


def test_verify_finds_the_same_case_for_one_two_and_three_workers() -> None:
    routine = load_plugins().routine("each-gets-two")
    passing = [
        verify(routine, {"rounds": 1}, exhaustive_limit=1, examples=1200, seed=9, workers=w)
        for w in (1, 2, 3)
    ]
    assert [r.cases for r in passing] == [1200] * 3 and all(r.passed for r in passing)
    failing = [
        verify(routine, {"rounds": 3}, exhaustive_limit=1, examples=1200, seed=9, workers=w)
        for w in (1, 2, 3)
    ]
    found = {(r.cases, tuple(r.counterexample.choice_indices())) for r in failing}  # type: ignore[union-attr]
    assert len(found) == 1 and not failing[0].passed
