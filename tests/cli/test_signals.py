"""Ctrl-C to the process group, and SIGINT or SIGTERM to the parent alone, stop a command within
a second: workers gone, exit code 130, and a line saying what had been covered. Real processes,
real signals; the process tree is read from /proc."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(
    not Path("/proc/self/stat").exists(), reason="reads the process tree from /proc"
)

#: how long a command may take to stop after the signal: the promise is a second
STOP_WITHIN = 1.0
SIMULATE = ["simulate", "sixty-six", "-n", "2000000", "--workers", "2"]
VERIFY = ["verify", "courting-kings", "--limit", "1", "--examples", "100000000", "--workers", "2"]


def parent_of(pid: int) -> int | None:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return int(stat.rsplit(")", 1)[1].split()[1])


def alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def descendants(pid: int) -> set[int]:
    found: set[int] = set()
    grew = True
    while grew:
        grew = False
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit() and int(entry.name) not in found:
                ppid = parent_of(int(entry.name))
                if ppid == pid or ppid in found:
                    found.add(int(entry.name))
                    grew = True
    return found


def start(args: list[str], workers: int) -> tuple[subprocess.Popen[str], set[int]]:
    """The command in a session of its own (its own process group), once its workers run."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "conjure", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        # a test runner started in the background ignores SIGINT, and its children would too
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.monotonic() + 60
    kids: set[int] = set()
    while len(kids) < workers:
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline, "the workers never started"
        time.sleep(0.05)
        kids = descendants(proc.pid)
    if workers:  # under way once every worker has been busy for a while
        while min(cpu_seconds(kid) for kid in kids) < 0.3:
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline, "the workers never got going"
            time.sleep(0.02)
    else:  # under way once it has spent more time working than starting takes
        while cpu_seconds(proc.pid) < 1.5:
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline, "the command never got going"
            time.sleep(0.05)
    return proc, kids


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def stop(proc: subprocess.Popen[str], how: str) -> tuple[float, str]:
    sent = time.monotonic()
    if how == "Ctrl-C":
        os.killpg(proc.pid, signal.SIGINT)
    else:
        os.kill(proc.pid, getattr(signal, how))
    try:
        _, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    return time.monotonic() - sent, err


def gone(pids: set[int], within: float = 1.0) -> bool:
    deadline = time.monotonic() + within
    while any(alive(pid) for pid in pids):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


@pytest.mark.parametrize("how", ["Ctrl-C", "SIGINT", "SIGTERM"])
def test_simulate_on_workers_stops_and_says_how_many_games(how: str) -> None:
    proc, workers = start(SIMULATE, 2)
    seconds, err = stop(proc, how)
    assert proc.returncode == 130, err
    assert seconds < STOP_WITHIN, f"{how}: stopped after {seconds:.2f} s"
    assert gone(workers), "workers outlived the command"
    assert re.fullmatch(
        r"conjure: interrupted after [1-9][\d,]* of 2,000,000 games \(seed 0\)\n", err
    ), repr(err)


@pytest.mark.parametrize("how", ["Ctrl-C", "SIGTERM"])
def test_simulate_on_a_local_dask_cluster_stops_and_its_workers_go(how: str) -> None:
    if not os.environ.get("CONJURE_REQUIRE_EXTRAS"):
        pytest.importorskip("distributed", reason="needs the extra conjure[dask]")
    proc, workers = start([*SIMULATE, "--executor", "dask"], 2)
    seconds, err = stop(proc, how)
    assert proc.returncode == 130, err
    assert seconds < STOP_WITHIN, f"{how}: stopped after {seconds:.2f} s"
    assert gone(workers), "the cluster's workers outlived the command"
    assert re.fullmatch(r"conjure: interrupted after [\d,]+ of 2,000,000 games \(seed 0\)\n", err)


@pytest.mark.parametrize("how", ["SIGINT", "SIGTERM"])
def test_verify_on_workers_stops_on_a_signal_to_the_parent_alone(how: str) -> None:
    proc, workers = start(VERIFY, 2)
    seconds, err = stop(proc, how)
    assert proc.returncode == 130, err
    assert seconds < STOP_WITHIN, f"{how}: stopped after {seconds:.2f} s"
    assert gone(workers)
    assert re.search(r"interrupted after [\d,]+ of 100,000,000 random cases searched", err)
    assert "Traceback" not in err


def test_simulate_in_one_process_stops_on_sigterm() -> None:
    proc, _ = start(SIMULATE[:-2], 0)
    seconds, err = stop(proc, "SIGTERM")
    assert proc.returncode == 130 and seconds < STOP_WITHIN
    assert "games (seed 0)" in err


def test_workers_of_a_killed_parent_do_not_run_on() -> None:
    proc, workers = start(SIMULATE, 2)
    stop(proc, "SIGKILL")
    assert gone(workers, within=2.0), "orphaned workers kept running"
