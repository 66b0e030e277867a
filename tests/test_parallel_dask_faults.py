"""A Dask cluster that loses workers mid-run: real worker processes killed with SIGKILL. One of
two lost, its chunks run again on the other and the numbers are those of one process; every
worker lost, the run ends in one line naming it (exit code 2), not an internal error."""

from __future__ import annotations

import json
import os
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

if not os.environ.get("CONJURE_REQUIRE_EXTRAS"):  # CI sets it: there a missing extra fails
    pytest.importorskip("distributed", reason="needs the extra conjure[dask]")

from conjure import parallel
from conjure.cli import main
from conjure.games.simulate import simulate
from conjure.parallel import ClusterLost, Dask
from conjure_games.goofspiel import Goofspiel

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="finds the worker processes in /proc"
)


def worker_processes() -> list[int]:
    """The Dask worker processes this process started (its children running dask_worker)."""
    me = str(os.getpid())
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            command = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        parent = stat.rsplit(")", 1)[1].split()[1]
        if parent == me and b"dask_worker" in command:
            found.append(int(entry.name))
    return sorted(found)


def kill(pids: list[int]) -> None:
    for pid in pids:
        os.kill(pid, signal.SIGKILL)


@pytest.fixture
def kill_after(monkeypatch: pytest.MonkeyPatch) -> Callable[[int, int], list[int]]:
    """``kill_after(chunks, n)``: once ``chunks`` results have been handed back, SIGKILL ``n`` of
    the run's worker processes; returns the list the killed pids are put in."""
    killed: list[int] = []

    def arm(chunks: int, n: int) -> list[int]:
        original = parallel._Watch.result

        def result(watch: Any, future: Any, done: int) -> Any:
            if done == chunks and not killed:
                workers = worker_processes()
                assert len(workers) >= n, workers
                kill(workers[:n])
                killed.extend(workers[:n])
            return original(watch, future, done)

        monkeypatch.setattr(parallel._Watch, "result", result)
        return killed

    return arm


def numbers(summary: Any) -> dict[str, Any]:
    data = summary.to_json()
    data.pop("seconds"), data.pop("games_per_second")
    return dict(data)


def test_a_worker_killed_mid_run_leaves_the_numbers_as_they_were(
    kill_after: Callable[[int, int], list[int]],
) -> None:
    """One game a chunk, a Monte-Carlo bot's (a tenth of a second): the worker is killed in the
    middle of a game, which runs again on the other."""
    here = simulate(Goofspiel(), 16, seed=9, bots=["mc", "random"])
    killed = kill_after(3, 1)
    there = simulate(Goofspiel(), 16, seed=9, bots=["mc", "random"], backend=Dask(workers=2))
    assert len(killed) == 1
    assert numbers(there) == numbers(here)
    assert worker_processes() == []  # the survivor is stopped with the run


def test_the_worker_holding_finished_results_is_killed_before_they_are_handed_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Before the first result is fetched both workers run ahead; the one holding the most
    finished results (the run's context with them) is killed: what it held is made again on
    the other and the numbers are those of one process."""
    here = simulate(Goofspiel(), 12, seed=5, bots=["mc", "random"])
    original = parallel._Watch.result
    held: list[int] = []

    def result(watch: Any, future: Any, done: int) -> Any:
        if done == 0 and not held:
            time.sleep(1.0)  # a tenth of a second a game: several are finished on each worker
            keys = watch.client.who_has()
            count: dict[str, int] = {}
            for addresses in keys.values():
                for address in addresses:
                    count[address] = count.get(address, 0) + 1
            address = max(count, key=count.__getitem__)
            pid = watch.client.run(os.getpid, workers=[address])[address]
            assert pid in worker_processes()
            os.kill(pid, signal.SIGKILL)
            held.append(count[address])
        return original(watch, future, done)

    monkeypatch.setattr(parallel._Watch, "result", result)
    there = simulate(Goofspiel(), 12, seed=5, bots=["mc", "random"], backend=Dask(workers=2))
    assert held and held[0] >= 2  # the context and at least one finished chunk were lost
    assert numbers(there) == numbers(here)


def test_the_command_line_survives_a_lost_worker_with_the_same_json(
    kill_after: Callable[[int, int], list[int]], capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["simulate", "goofspiel", "-n", "2000", "--seed", "4", "--json"]
    assert main([*args, "--workers", "1"]) == 0
    alone = json.loads(capsys.readouterr().out)
    killed = kill_after(4, 1)
    assert main([*args, "--executor", "dask", "--workers", "2"]) == 0
    out, err = capsys.readouterr()
    survived = json.loads(out)
    assert len(killed) == 1 and err == ""  # Dask's own warnings are kept off the terminal
    for data in (alone, survived):
        data.pop("seconds"), data.pop("games_per_second")
    assert survived == alone


def test_the_command_line_with_every_worker_lost_says_so_in_one_line(
    kill_after: Callable[[int, int], list[int]], capsys: pytest.CaptureFixture[str]
) -> None:
    kill_after(2, 2)
    args = ["simulate", "goofspiel", "-n", "2000", "--json", "--executor", "dask", "--workers", "2"]
    code = main(args)
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.startswith("conjure: error: --executor: every Dask worker was lost (2 of 2)")
    assert err.count("\n") == 1


def test_a_worker_that_dies_while_starting_leaves_the_others_to_work(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The first worker is killed before it joins; the run goes on with the second."""
    start = parallel._start_worker
    started: list[Any] = []

    def start_one(address: str) -> Any:
        proc = start(address)
        if not started:
            proc.kill()
            proc.wait()
        started.append(proc)
        return proc

    monkeypatch.setattr(parallel, "_start_worker", start_one)
    here = simulate(Goofspiel(), 200, seed=2)
    assert numbers(simulate(Goofspiel(), 200, seed=2, backend=Dask(workers=2))) == numbers(here)
    monkeypatch.setattr(parallel, "_start_worker", lambda address: stopped(start(address)))
    with pytest.raises(ClusterLost, match="no Dask worker could start"):
        simulate(Goofspiel(), 200, seed=2, backend=Dask(workers=2))


def stopped(proc: Any) -> Any:
    proc.kill()
    proc.wait()
    return proc
