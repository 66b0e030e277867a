"""conjure.parallel's Dask backend on a real distributed.LocalCluster: the numbers of the
in-process backend for the same seed, results in chunk order, errors and early close cancel the
cluster's tasks, and the command line's --executor."""

from __future__ import annotations

import importlib
import json
import os
import random
import sys
import time
from collections.abc import Iterator
from typing import Any

import pytest

if not os.environ.get("CONJURE_REQUIRE_EXTRAS"):  # CI sets it: there a missing extra fails
    pytest.importorskip(
        "distributed", reason="needs the extra conjure[dask] (pip install -e '.[test]')"
    )

import distributed

from conjure import parallel
from conjure.cli import main
from conjure.errors import UsageError
from conjure.games.simulate import simulate
from conjure.parallel import Chunk, Dask, InProcess, ProcessPool, backend, closing, plan
from conjure_games.goofspiel import Goofspiel


def draws(context: int, chunk: Chunk) -> list[int]:
    rng = random.Random(chunk.seed)
    return [context + rng.randrange(1000) for _ in range(chunk.size)]


def slow_or_fail(context: str, chunk: Chunk) -> int:
    if chunk.index == 2:
        raise ValueError(f"chunk {chunk.index} of {context} is bad")
    time.sleep(0.01 * (5 - chunk.index % 5))  # later chunks finish first: order must not care
    return chunk.index


def slow(context: None, chunk: Chunk) -> int:
    time.sleep(0.02)
    return chunk.index


def noisy(context: str, chunk: Chunk) -> int:
    print(f"{context} {chunk.index}")
    time.sleep(0.01 * (5 - chunk.index % 5))  # later chunks finish first
    return chunk.size


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    """A real cluster, its two workers threads of this process (fast to start)."""
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=False,
        protocol="tcp",
        host="127.0.0.1",
        dashboard_address=None,
    ) as running:
        yield running


def tasks_on(cluster: Any) -> int:
    with distributed.Client(cluster, set_as_default=False) as client:
        return int(client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks)))


def same_numbers(a: Any, b: Any) -> bool:
    first, second = a.to_json(), b.to_json()
    for data in (first, second):
        data.pop("seconds"), data.pop("games_per_second")
    return bool(first == second)


def test_results_come_in_chunk_order_as_in_process(cluster: Any) -> None:
    chunks = plan(60, seed=7, size=4)
    with closing(InProcess().map(draws, 5, chunks)) as results:
        expected = list(results)
    with closing(Dask(cluster.scheduler_address).map(draws, 5, chunks)) as results:
        assert list(results) == expected
    with closing(Dask(cluster.scheduler_address).map(slow_or_fail, "x", plan(2, 1, 1))) as res:
        assert list(res) == [0, 1]


def test_what_chunks_print_comes_back_with_them_in_chunk_order(
    cluster: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two workers print at once (threads of one process, as in a Dask worker of several
    threads): each chunk's lines are its own and reach this process's stdout in chunk order."""
    with closing(Dask(cluster.scheduler_address).map(noisy, "chunk", plan(10, 1, 1))) as results:
        assert list(results) == [1] * 10
    assert capsys.readouterr().out == "".join(f"chunk {k}\n" for k in range(10))


def test_simulate_on_the_cluster_gives_the_in_process_numbers(cluster: Any) -> None:
    """Random bots (many games a chunk) and Monte-Carlo bots (one game a chunk); the progress
    callback still sees every game."""
    where = Dask(cluster.scheduler_address)
    for n, bots in ((600, ["random"]), (3, ["mc", "random"])):
        here = simulate(Goofspiel(), n, seed=11, bots=bots)
        seen: list[int] = []
        there = simulate(Goofspiel(), n, seed=11, bots=bots, backend=where, progress=seen.append)
        assert same_numbers(here, there)
        assert sum(seen) == n and len(seen) > 1


def test_a_local_cluster_of_threads_gives_the_same_numbers() -> None:
    here = simulate(Goofspiel(), 300, seed=4)
    there = simulate(Goofspiel(), 300, seed=4, backend=Dask(workers=2, processes=False))
    assert same_numbers(here, there)


def test_an_error_in_a_chunk_reaches_the_caller_and_the_rest_is_cancelled(cluster: Any) -> None:
    run = Dask(cluster.scheduler_address).map(slow_or_fail, "work", plan(40, 1, 1))
    with pytest.raises(ValueError, match="chunk 2 of work is bad"), closing(run) as results:
        list(results)
    assert_forgotten(cluster)


def test_closing_early_cancels_the_cluster_tasks(cluster: Any) -> None:
    with closing(Dask(cluster.scheduler_address).map(slow, None, plan(400, 1, 1))) as results:
        assert next(results) == 0
    assert_forgotten(cluster)


def assert_forgotten(cluster: Any) -> None:
    deadline = time.monotonic() + 5
    while (left := tasks_on(cluster)) > 0:
        assert time.monotonic() < deadline, f"{left} tasks still on the cluster"
        time.sleep(0.05)


def test_executor_names_are_checked() -> None:
    assert backend("local", 1) == InProcess()
    assert backend(None, 3) == ProcessPool(3)
    assert backend("dask", 2) == Dask(None, 2)
    assert backend(" dask://127.0.0.1:8786 ") == Dask("tcp://127.0.0.1:8786")
    for bad in ("dusk", "dask://", "dask://host", "dask://host:port", "dask:8786"):
        with pytest.raises(UsageError, match="--executor"):
            backend(bad)


def test_without_the_extra_the_dask_executor_is_a_usage_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(UsageError, match=r"pip install 'conjure\[dask\]'"):
        backend("dask", 2)


def test_no_scheduler_at_the_address_is_a_one_line_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(parallel, "CONNECT_TIMEOUT", 0.5)
    code = main(["simulate", "goofspiel", "-n", "5", "--executor", "dask://127.0.0.1:9"])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("conjure: error: --executor: no Dask scheduler answers")
    assert err.count("\n") == 1
    assert main(["simulate", "goofspiel", "--executor", "spark"]) == 2
    assert "'spark' is not an executor" in capsys.readouterr().err


def test_the_command_line_on_a_cluster_and_on_a_local_dask_cluster(
    cluster: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same JSON from one process, from the running cluster and from a local Dask cluster of
    two worker processes started for the command."""
    args = ["simulate", "goofspiel", "-n", "400", "--seed", "3", "--json"]
    outputs = []
    for extra in (
        ["--workers", "1"],
        ["--executor", f"dask://{cluster.scheduler_address.removeprefix('tcp://')}"],
        ["--executor", "dask", "--workers", "2"],
    ):
        assert main([*args, *extra]) == 0
        data = json.loads(capsys.readouterr().out)
        data.pop("seconds"), data.pop("games_per_second")
        outputs.append(data)
    assert outputs[0] == outputs[1] == outputs[2]


def test_verify_on_the_cluster_finds_what_one_process_finds(
    cluster: Any, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A sampled verification (each-gets-two at three exchanges is refuted) and a walk shared by
    its first choice give the same verdict, cases and counter-example on the cluster."""
    # courting-kings is small enough to walk here; sent to the cluster all the same
    monkeypatch.setattr(importlib.import_module("conjure.magic.verifier"), "PARALLEL_FROM", 0)
    address = f"dask://{cluster.scheduler_address.removeprefix('tcp://')}"
    runs = (
        ["each-gets-two", "--param", "rounds=3", "--limit", "0", "--examples", "2000"],
        ["courting-kings"],
    )
    for routine_args in runs:
        outputs = []
        before = transitions(cluster)
        for extra in (["--workers", "1"], ["--workers", "2", "--executor", address]):
            code = main(["verify", *routine_args, "--seed", "5", "--json", *extra])
            data = json.loads(capsys.readouterr().out)
            for result in data["results"]:
                # how the work was shared (each worker keeps its own proof table), not what
                # it found: the verdict, the cases, the odds and the counter-example
                for key in ("seconds", "workers", "runs", "states", "merged", "proof_size"):
                    result.pop(key)
            outputs.append((code, data))
        assert outputs[0] == outputs[1]
        assert transitions(cluster) > before  # the work did go to the cluster
    assert outputs[0][0] == 0  # courting-kings: proved either way


def transitions(cluster: Any) -> int:
    with distributed.Client(cluster, set_as_default=False) as client:
        return int(
            client.run_on_scheduler(lambda dask_scheduler: dask_scheduler.transition_counter)
        )
