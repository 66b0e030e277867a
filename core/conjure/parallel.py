"""Work cut into seeded chunks, run here, on local processes or on a Dask cluster, results in
chunk order.

Bulk work (games between bots, random cases of a routine) is cut by :func:`plan` into chunks
whose sizes and seeds depend only on the total, the seed and the chunk size, never on how many
workers run them. A backend runs a function on every chunk and hands the results back in chunk
order, so the same seed gives the same numbers on one worker or many, whatever the start
method::

    >>> def total(context, chunk):
    ...     return context * chunk.size
    >>> chunks = plan(10, seed=1, size=4)
    >>> [c.size for c in chunks]
    [4, 4, 2]
    >>> with closing(executor(1).map(total, 3, chunks)) as results:
    ...     list(results)
    [12, 12, 6]

Backends (:class:`InProcess`, :class:`ProcessPool`, and :class:`Dask` for a Dask cluster, with
the optional extra ``conjure[dask]``; :func:`backend` picks one from a command line's
``--executor`` and ``--workers``) share one contract:

- ``map(fn, context, chunks)`` calls ``fn(context, chunk)`` for every chunk and yields the
  results in chunk order; ``context`` travels to each worker once;
- what ``fn`` prints to stdout in a worker comes back with its result and is printed in this
  process, in chunk order (so a ``--json`` command keeps it off its output and names it);
- closing the iterator early (``break`` inside :func:`contextlib.closing`) cancels the chunks
  not yet run;
- an interrupt (Ctrl-C, or SIGINT/SIGTERM to the parent once the command line turned SIGTERM
  into :class:`KeyboardInterrupt`) reaches the caller at once: pending chunks are cancelled and
  every worker process is stopped before the exception leaves ``map``. Workers ignore SIGINT
  (a Ctrl-C to the whole process group is the parent's to handle) and exit by themselves when
  the parent disappears. A local Dask cluster's workers are processes in a session of their
  own (out of reach of the terminal's Ctrl-C), killed when the run stops, and gone by
  themselves :data:`WORKER_DEATH_TIMEOUT` seconds after their parent was killed. On a remote
  Dask cluster the chunks not yet started are cancelled; one that a worker there has started
  runs to its end and its result is dropped;
- on Dask, a worker lost mid-run costs time, not numbers: the chunks it ran or held run again
  on the others. A cluster that can run nothing more (every worker gone) ends the run with
  :class:`ClusterLost`, one line on the command line.
"""

from __future__ import annotations

import functools
import gc
import io
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Generator, Sequence
from contextlib import closing, contextmanager, suppress
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import attrs

from conjure import interrupts
from conjure.errors import ConjureError, UsageError
from conjure.inputs import quote

if TYPE_CHECKING:
    import subprocess
    from multiprocessing.connection import Connection

__all__ = [
    "Backend",
    "Chunk",
    "ClusterLost",
    "Dask",
    "InProcess",
    "ProcessPool",
    "backend",
    "closing",
    "derive_seed",
    "executor",
    "plan",
]

C = TypeVar("C")
R = TypeVar("R")

#: how long a stopped worker gets to exit before it is killed, in seconds
STOP_GRACE = 0.5
#: how often a worker checks that its parent is still there, in seconds
WATCH_PARENT = 0.2

_MASK64 = (1 << 64) - 1


@attrs.frozen
class Chunk:
    """One piece of the work: items ``start`` to ``start + size - 1`` with their own seed."""

    index: int
    start: int
    size: int
    seed: int


def derive_seed(seed: int, index: int) -> int:
    """The seed of item or chunk ``index`` of a run seeded ``seed``: a splitmix64 mix of the two,
    so that neighbouring seeds and indices get unrelated streams."""
    z = (seed * 0x9E3779B97F4A7C15 + (index + 1) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def plan(total: int, seed: int, size: int) -> tuple[Chunk, ...]:
    """``total`` items in chunks of ``size`` (the last one shorter), each with its own seed."""
    if size < 1:
        raise ValueError("a chunk holds at least one item")
    return tuple(
        Chunk(k, start, min(size, total - start), derive_seed(seed, k))
        for k, start in enumerate(range(0, max(0, total), size))
    )


class Backend(Protocol):
    """Where chunks run."""

    @property
    def workers(self) -> int:
        """How many chunks run at once."""
        ...

    def map(
        self, fn: Callable[[C, Chunk], R], context: C, chunks: Sequence[Chunk]
    ) -> Generator[R, None, None]:
        """``fn(context, chunk)`` for every chunk, yielded in chunk order; close the iterator to
        cancel what has not run."""
        ...


@attrs.frozen
class InProcess:
    """Every chunk in this process, one after the other."""

    workers: int = 1

    def map(
        self, fn: Callable[[C, Chunk], R], context: C, chunks: Sequence[Chunk]
    ) -> Generator[R, None, None]:
        return (fn(context, chunk) for chunk in chunks)


@attrs.frozen
class ProcessPool:
    """Chunks on ``workers`` local processes started with ``start_method`` (default: the
    platform's). ``fn`` and ``context`` must pickle; when they do not, the chunks run in this
    process instead (same results, one core)."""

    workers: int
    start_method: str | None = None

    def map(
        self, fn: Callable[[C, Chunk], R], context: C, chunks: Sequence[Chunk]
    ) -> Generator[R, None, None]:
        if self.workers <= 1 or len(chunks) <= 1 or not _pickles((fn, context)):
            return InProcess().map(fn, context, chunks)
        return self._run(fn, context, chunks)

    def _run(
        self, fn: Callable[[C, Chunk], R], context: C, chunks: Sequence[Chunk]
    ) -> Generator[R, None, None]:
        # imported here: a command that runs in one process never loads multiprocessing
        from multiprocessing import get_context
        from multiprocessing.connection import Connection, wait

        ctx = get_context(self.start_method)
        count = min(self.workers, len(chunks))
        procs: list[Any] = []
        conns: list[Connection] = []
        finished = False
        try:
            # workers start with SIGINT and SIGTERM blocked, so that neither reaches one before
            # it has set its own handling; a signal that arrives meanwhile waits for the parent
            blocked = _block_signals()
            try:
                for _ in range(count):
                    mine, theirs = ctx.Pipe()
                    proc = ctx.Process(target=_work, args=(theirs,), daemon=True)  # type: ignore[attr-defined]
                    proc.start()
                    theirs.close()
                    procs.append(proc)
                    conns.append(mine)
            finally:
                _restore_signals(blocked)
            for conn in conns:
                conn.send((fn, context))
            busy: dict[Connection, int] = {}  # worker -> position of the chunk it runs
            done: dict[int, Any] = {}  # position -> result, until its turn comes
            ahead = 2 * count  # chunks run at most this far past the next one handed back
            sent = next_out = 0
            sentinels = {proc.sentinel: proc for proc in procs}
            while next_out < len(chunks):
                for conn in conns:
                    if conn not in busy and sent < min(len(chunks), next_out + ahead):
                        conn.send((sent, chunks[sent]))
                        busy[conn] = sent
                        sent += 1
                for ready in wait([*busy, *sentinels]):
                    if ready in sentinels:
                        proc = sentinels[ready]
                        raise RuntimeError(
                            f"a worker process stopped unexpectedly (exit code {proc.exitcode})"
                        )
                    assert isinstance(ready, Connection)
                    try:
                        kind, position, value = ready.recv()
                    except EOFError:
                        proc = procs[conns.index(ready)]
                        proc.join(STOP_GRACE)
                        raise RuntimeError(
                            f"a worker process stopped unexpectedly (exit code {proc.exitcode})"
                        ) from None
                    del busy[ready]
                    if kind == "error":
                        raise value
                    done[position] = value
                while next_out in done:
                    yield _echoed(done.pop(next_out))
                    next_out += 1
            finished = True
        finally:
            _stop(procs, conns, graceful=finished)


class ClusterLost(ConjureError):
    """The Dask cluster can no longer run the work: every worker is gone, or one chunk stopped
    every worker that tried it. The command line prints it in one line (exit code 2, as for a
    scheduler that does not answer)."""


@attrs.frozen
class Dask:
    """Chunks on a Dask cluster: the scheduler at ``address`` (``HOST:PORT``), or, without one, a
    cluster of ``workers`` local processes (one thread each) started for the run and stopped
    after it. Needs the extra ``conjure[dask]``; a cluster's workers need conjure and the
    plugins whose games or routines they run installed too.

    ``fn`` and ``context`` travel by cloudpickle; ``context`` is sent to the cluster once, as a
    task of its own that the scheduler can run again. The chunks are submitted a window at a
    time (a few for each of the cluster's threads) and the results are handed back in chunk
    order, so the numbers are those of :class:`InProcess` for the same chunks.

    A worker lost on the way (killed, out of memory, its machine gone) loses the chunks it was
    running and the results it held; the scheduler runs them again on the workers left, and
    since a chunk's result depends on its seed alone the numbers are the same. A chunk that
    stops :data:`ALLOWED_FAILURES` workers in turn, or a cluster left with no worker (a local
    one at once; a remote one after :data:`LOST_GRACE` seconds without any), ends the run with
    :class:`ClusterLost`."""

    address: str | None = None
    workers: int = 1
    #: a local cluster on processes (the default) or on threads of this process (for tests)
    processes: bool = True

    def map(
        self, fn: Callable[[C, Chunk], R], context: C, chunks: Sequence[Chunk]
    ) -> Generator[R, None, None]:
        return self._run(fn, context, chunks)

    def _run(
        self, fn: Callable[[C, Chunk], R], context: C, chunks: Sequence[Chunk]
    ) -> Generator[R, None, None]:
        if not chunks:
            return
        distributed = _import_distributed()
        # Dask's threads (its event loop, its offload pool) start with SIGINT and SIGTERM
        # blocked, as the import's did: the kernel then hands a Ctrl-C to this thread, where
        # Python runs its handler at once, never to one of Dask's, after which this one would
        # hear of it only when its current wait ended (a second or more)
        unblock = _Unblock(None)
        cluster: Any = None
        client: Any = None
        procs: list[subprocess.Popen[bytes]] = []
        futures: list[Any] = []
        shared: Any = None
        with _quiet_dask(), _allowed_failures():
            try:
                # (not while connecting to a remote scheduler, which may take seconds to fail)
                unblock = _Unblock(None if self.address is not None else _block_signals())
                try:
                    if self.address is not None:
                        client = _connect(distributed, self.address)
                    elif not self.processes:
                        cluster = distributed.LocalCluster(
                            n_workers=self.workers, threads_per_worker=1, processes=False, **_QUIET
                        )
                        client = distributed.Client(cluster, set_as_default=False)
                    else:
                        # a scheduler here and each worker a process of its own, started in a
                        # session of its own: a Ctrl-C to the terminal's process group is this
                        # process's alone to handle, and it kills them
                        cluster = distributed.LocalCluster(
                            n_workers=0, processes=False, protocol="tcp", host="127.0.0.1", **_QUIET
                        )
                        client = distributed.Client(cluster, set_as_default=False)
                finally:
                    unblock()  # a signal that came meanwhile is raised here
                if cluster is not None and self.processes:
                    procs = [_start_worker(cluster.scheduler_address) for _ in range(self.workers)]
                    _wait_for_workers(client, procs)
                # a task, not scattered data: should every worker holding it be lost, the
                # scheduler makes it again from the task it keeps
                shared = client.submit(_given, context, pure=False)
                # what a chunk prints comes back with its result, printed here in chunk order
                call = functools.partial(_call_capturing, fn)
                # chunks go to the cluster a window at a time, a few for each of its threads:
                # enough that no worker waits, few enough that a stop has little to drop (a
                # million games submitted at once took the scheduler many seconds to forget)
                threads = self.workers if self.address is None else len(client.nthreads())
                window = max(16, 4 * threads)
                futures = [None] * len(chunks)
                sent = 0
                watch = _Watch(distributed, client, procs, self.address, len(chunks))
                for k in range(len(chunks)):
                    if sent < len(chunks) and sent - k < window // 2:
                        more = chunks[sent : k + window]
                        futures[sent : sent + len(more)] = client.map(
                            call, [shared] * len(more), more, pure=False
                        )
                        sent += len(more)
                    result = watch.result(futures[k], k)
                    futures[k] = None  # the cluster may forget it
                    yield _echoed(result)
            finally:
                unblock()
                for proc in procs:  # what they run now is cancelled with them
                    proc.kill()
                pending = [f for f in (*futures, shared) if f is not None]
                with suppress(Exception):
                    if client is not None and pending:
                        client.cancel(pending, force=True)
                with suppress(Exception):
                    if client is not None:
                        client.close(timeout=STOP_GRACE)
                if client is not None and client.status != "closed":
                    # given up on: its destructor would otherwise close it again, waiting on an
                    # event loop that is gone (for a minute, unable to be interrupted there)
                    client.status = "closed"
                with suppress(Exception):
                    if cluster is not None:
                        cluster.close(timeout=STOP_GRACE)
                for proc in procs:
                    proc.wait()
                # fetches the cluster left unfinished are collected while Dask is kept quiet,
                # which would otherwise report each one on its way out
                client = cluster = None
                futures.clear()
                shared = None
                gc.collect()


def _given(context: C) -> C:
    """The task that hands every chunk the run's context."""
    return context


#: how many workers one chunk may stop (killed while running it) before the run gives up: a
#: chunk whose own code kills its worker would otherwise be tried for ever
ALLOWED_FAILURES = 3
#: how often the result of the next chunk is looked for, in seconds
POLL = 0.02
#: how long fetching a finished chunk's result may take before the cluster is checked and the
#: fetch tried again, in seconds
FETCH_TIMEOUT = 0.5
#: how long a remote cluster may have no worker at all before the run gives up, in seconds
LOST_GRACE = 10.0


@contextmanager
def _allowed_failures() -> Generator[None, None, None]:
    import dask

    with dask.config.set({"distributed.scheduler.allowed-failures": ALLOWED_FAILURES}):
        yield


class _Watch:
    """Waits for one chunk's result at a time, and tells a cluster that lost a worker (the
    scheduler runs its chunks again) from one that can no longer run anything."""

    def __init__(
        self,
        distributed: Any,
        client: Any,
        procs: Sequence[subprocess.Popen[bytes]],
        address: str | None,
        total: int,
    ) -> None:
        self.distributed = distributed
        self.client = client
        self.procs = procs
        self.address = address
        self.total = total
        self.empty_since: float | None = None

    def result(self, future: Any, done: int) -> Any:
        while True:
            interrupts.check()  # a Ctrl-C that Dask's code swallowed where it landed
            if not future.done():
                # polled rather than awaited with a timeout: a fetch given up on is left behind
                # as a task that Dask reports on its own when the cluster goes
                self._check(done)
                time.sleep(POLL)
                continue
            try:
                return future.result(timeout=FETCH_TIMEOUT)
            except TimeoutError:
                self._check(done)  # the worker holding it may be gone: the result is made again
                continue
            except self.distributed.KilledWorker:
                raise ClusterLost(
                    f"--executor: chunk {done + 1} of {self.total} stopped each of the "
                    f"{ALLOWED_FAILURES + 1} Dask workers that ran it in turn; {done} chunks "
                    "were done"
                ) from None
            except self.distributed.client.FutureCancelledError:
                self._check(done)
                raise ClusterLost(
                    f"--executor: the Dask cluster cancelled the work; {done} of {self.total} "
                    "chunks were done"
                ) from None

    def _check(self, done: int) -> None:
        where = f"; {done} of {self.total} chunks were done"
        if self.procs:
            if all(proc.poll() is not None for proc in self.procs):
                n = len(self.procs)
                raise ClusterLost(
                    f"--executor: every Dask worker was lost ({n} of {n}){where}"
                ) from None
            return
        if self.address is None:
            return  # a cluster of threads of this process: its workers cannot be lost
        try:
            workers = len(self.client.nthreads())
        except (OSError, TimeoutError, self.distributed.client.FutureCancelledError):
            raise ClusterLost(
                f"--executor: the Dask scheduler at {self.address} is gone{where}"
            ) from None
        now = time.monotonic()
        if workers:
            self.empty_since = None
        elif self.empty_since is None:
            self.empty_since = now
        elif now - self.empty_since > LOST_GRACE:
            raise ClusterLost(
                f"--executor: the Dask cluster at {self.address} has had no worker for "
                f"{LOST_GRACE:g} s{where}"
            )


#: a local cluster without a dashboard, the scheduler's own HTTP endpoint on any free port
_QUIET: dict[str, Any] = {
    "dashboard_address": None,
    "scheduler_kwargs": {"dashboard_address": ":0"},
}


def _start_worker(address: str) -> subprocess.Popen[bytes]:
    """One Dask worker process with one thread, which exits by itself if the scheduler (this
    process) is gone for :data:`WORKER_DEATH_TIMEOUT` seconds."""
    command = [sys.executable, "-m", "distributed.cli.dask_worker", address, "--nthreads", "1"]
    command += ["--no-nanny", "--no-dashboard", "--death-timeout", str(WORKER_DEATH_TIMEOUT)]
    import subprocess  # here: a command that runs in one process never loads it

    return subprocess.Popen(
        command,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )


def _wait_for_workers(client: Any, procs: Sequence[subprocess.Popen[bytes]]) -> None:
    """Until every worker still running has joined the scheduler; one that stopped while
    starting is left out, and none left at all is :class:`ClusterLost`."""
    while True:
        interrupts.check()
        alive = [proc for proc in procs if proc.poll() is None]
        if not alive:
            codes = ", ".join(str(proc.returncode) for proc in procs)
            raise ClusterLost(
                f"--executor: no Dask worker could start ({len(procs)} stopped, exit codes {codes})"
            )
        try:
            client.wait_for_workers(len(alive), timeout=WATCH_PARENT)
            return
        except TimeoutError:
            continue


#: seconds a local Dask worker waits for a scheduler that is gone before it exits
WORKER_DEATH_TIMEOUT = 10
#: how long to wait for a Dask scheduler to answer, in seconds
CONNECT_TIMEOUT = 5

DASK_MISSING = "the Dask executor needs the extra: pip install 'conjure[dask]'"


def _connect(distributed: Any, address: str) -> Any:
    try:
        return distributed.Client(address, set_as_default=False, timeout=CONNECT_TIMEOUT)
    except (OSError, TimeoutError) as exc:
        raise UsageError(f"--executor: no Dask scheduler answers at {address} ({exc})") from None


def _import_distributed() -> Any:
    """``distributed``, imported in a thread of its own that blocks SIGINT and SIGTERM: the
    native threads the import starts (OpenBLAS's, under numpy) inherit that, so the kernel
    never hands them a Ctrl-C meant for this thread, which waits for the import in short
    steps and stays interruptible meanwhile."""
    loaded = sys.modules.get("distributed")
    if loaded is not None:
        return loaded
    got: dict[str, Any] = {}

    def load() -> None:
        _block_signals()
        try:
            import distributed

            got["module"] = distributed
        except BaseException as exc:  # handed to the thread that asked
            got["error"] = exc

    loader = threading.Thread(target=load, name="conjure-import-dask", daemon=True)
    loader.start()
    while loader.is_alive():
        loader.join(POLL)
    if "module" in got:
        return got["module"]
    if isinstance(got.get("error"), ImportError):
        raise UsageError(f"--executor: {DASK_MISSING}") from None
    raise got["error"]


@contextmanager
def _quiet_dask() -> Generator[None, None, None]:
    """Dask's own log lines (a worker closing, a comm dropped as the cluster stops, a result
    fetched again from a worker that was lost) kept off the terminal unless they are critical:
    every logger of the family, since Dask gives some of them levels of their own."""
    import logging

    families = ("distributed", "tornado", "asyncio")
    names = [
        name for name in list(logging.root.manager.loggerDict) if name.split(".")[0] in families
    ]
    loggers = [logging.getLogger(name) for name in {*families, *names}]
    levels = [log.level for log in loggers]
    for log in loggers:
        log.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        for log, level in zip(loggers, levels, strict=True):
            log.setLevel(level)


def backend(spec: str | None = None, workers: int = 1) -> Backend:
    """The backend a command line asks for: ``spec`` is ``--executor`` (``local``, the default:
    this process for one worker, a process pool for more; ``dask``: a local Dask cluster of
    ``workers`` processes; ``dask://HOST:PORT``: the Dask scheduler there) and ``workers`` is
    ``--workers``.

    >>> backend(None, 1), backend("local", 2)
    (InProcess(workers=1), ProcessPool(workers=2, start_method=None))
    >>> backend("dask", 2).address, backend("dask://localhost:8786").address
    (None, 'tcp://localhost:8786')
    """
    text = (spec or "local").strip()
    if text == "local":
        return executor(workers)
    if text == "dask":
        _import_distributed()
        return Dask(None, workers)
    if text.startswith("dask://"):
        host, _, port = text.removeprefix("dask://").rpartition(":")
        if not host or not port.isdigit():
            raise UsageError(
                f"--executor: {quote(text)} is not a scheduler's address (write dask://HOST:PORT)"
            )
        _import_distributed()
        return Dask(f"tcp://{host}:{port}", workers)
    raise UsageError(
        f"--executor: {quote(text)} is not an executor (allowed: local, dask, dask://HOST:PORT)"
    )


def executor(workers: int = 1, start_method: str | None = None) -> Backend:
    """The backend for ``workers`` processes: this process for one, a local pool for more."""
    if workers <= 1:
        return InProcess()
    return ProcessPool(workers, start_method)


def _pickles(value: Any) -> bool:
    import pickle  # here: a command that runs in one process never loads it

    try:
        pickle.dumps(value)
    except Exception:
        return False
    return True


_SIGNALS = {signal.SIGINT, signal.SIGTERM}


def _block_signals(which: set[signal.Signals] = _SIGNALS) -> set[int] | None:
    if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - Windows
        return None
    return set(signal.pthread_sigmask(signal.SIG_BLOCK, which))


def _restore_signals(previous: set[int] | None) -> None:
    if previous is not None:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


class _Unblock:
    """Restore the signal mask ``_block_signals`` returned, once, however often called."""

    def __init__(self, previous: set[int] | None) -> None:
        self._previous = previous
        self._done = False

    def __call__(self) -> None:
        if not self._done:
            self._done = True
            _restore_signals(self._previous)


def _stop(procs: Sequence[Any], conns: Sequence[Connection], graceful: bool) -> None:
    """Every worker gone: asked to finish after a complete run, terminated otherwise (the
    chunks still running are cancelled), killed if it does not go within :data:`STOP_GRACE`."""
    for conn in conns:
        if graceful:
            with suppress(OSError):
                conn.send(None)
    if not graceful:
        for proc in procs:
            if proc.is_alive():
                proc.terminate()
    deadline = time.monotonic() + STOP_GRACE
    for proc in procs:
        proc.join(max(0.0, deadline - time.monotonic()))
        if proc.is_alive():
            proc.kill()
            proc.join(STOP_GRACE)
    for conn in conns:
        conn.close()


def _watch_parent() -> None:
    """Exit this worker as soon as its parent is gone (killed without a chance to stop it)."""
    parent = os.getppid()
    while True:
        time.sleep(WATCH_PARENT)
        if os.getppid() != parent:
            os._exit(1)


def _work(conn: Connection) -> None:
    """A worker: receive ``(fn, context)``, then ``(position, chunk)`` until ``None``; send back
    ``("ok", position, result)`` or ``("error", position, exception)``."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _restore_signals(set())
    if sys.platform != "win32":
        threading.Thread(target=_watch_parent, daemon=True).start()
    try:
        try:
            fn, context = conn.recv()
        except (EOFError, OSError):
            raise
        except Exception as exc:  # the work could not be unpickled here
            conn.send(("error", -1, _portable(exc)))
            return
        while True:
            task = conn.recv()
            if task is None:
                return
            position, chunk = task
            try:
                conn.send(("ok", position, _call_capturing(fn, context, chunk)))
            except BaseException as exc:  # SystemExit from a plugin's code included
                conn.send(("error", position, _portable(exc)))
    except (EOFError, OSError):  # the parent is gone
        return


def _call_capturing(fn: Callable[[C, Chunk], R], context: C, chunk: Chunk) -> tuple[R, str]:
    """``fn(context, chunk)`` in a worker, with what it printed to stdout (a plugin's game
    printing from its moves): the parent prints that where its own stdout is, so that under
    ``--json`` it is kept off the JSON and named like a print in the parent. A Dask worker runs
    chunks on several threads at once, so the capture is the running thread's alone."""
    out = _per_thread_stdout()
    printed = io.StringIO()
    previous = getattr(out.local, "buffer", None)
    out.local.buffer = printed
    try:
        result = fn(context, chunk)
    finally:
        out.local.buffer = previous
    return result, printed.getvalue()


class _PerThreadStdout:
    """``sys.stdout`` of a process that runs chunks: what a thread running one prints goes to
    that chunk's buffer, the rest where stdout went before."""

    def __init__(self, underlying: Any) -> None:
        self.underlying = underlying
        self.local = threading.local()

    def _target(self) -> Any:
        buffer = getattr(self.local, "buffer", None)
        return self.underlying if buffer is None else buffer

    def write(self, text: str) -> int:
        return int(self._target().write(text))

    def flush(self) -> None:
        self._target().flush()

    def __getattr__(self, name: str) -> Any:  # encoding, fileno, isatty … of the real one
        return getattr(self.underlying, name)


_STDOUT_LOCK = threading.Lock()


def _per_thread_stdout() -> _PerThreadStdout:
    with _STDOUT_LOCK:
        if not isinstance(sys.stdout, _PerThreadStdout):
            sys.stdout = _PerThreadStdout(sys.stdout)
        return sys.stdout


def _echoed(captured: tuple[R, str]) -> R:
    """The result of :func:`_call_capturing`, its printed text written to this process's
    stdout."""
    result, printed = captured
    if printed:
        sys.stdout.write(printed)
    return result


def _portable(exc: BaseException) -> Exception:
    """``exc`` if it is an ordinary exception that survives pickling, else a RuntimeError that
    names it (a SystemExit in a worker must not end the parent)."""
    import traceback

    if isinstance(exc, Exception) and _pickles(exc):
        return exc
    error = RuntimeError(f"{type(exc).__name__}: {exc}")
    error.add_note("".join(traceback.format_exception(exc)))
    return error
