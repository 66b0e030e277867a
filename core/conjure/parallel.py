"""Work cut into seeded chunks, run here or on local processes, results in chunk order.

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

Backends (:class:`InProcess`, :class:`ProcessPool`; a cluster backend can be added behind the
same :class:`Backend` interface) share one contract:

- ``map(fn, context, chunks)`` calls ``fn(context, chunk)`` for every chunk and yields the
  results in chunk order; ``context`` travels to each worker once;
- closing the iterator early (``break`` inside :func:`contextlib.closing`) cancels the chunks
  not yet run;
- an interrupt (Ctrl-C, or SIGINT/SIGTERM to the parent once the command line turned SIGTERM
  into :class:`KeyboardInterrupt`) reaches the caller at once: pending chunks are cancelled and
  every worker process is stopped before the exception leaves ``map``. Workers ignore SIGINT
  (a Ctrl-C to the whole process group is the parent's to handle) and exit by themselves when
  the parent disappears.
"""

from __future__ import annotations

import os
import pickle
import signal
import sys
import threading
import time
from collections.abc import Callable, Generator, Sequence
from contextlib import closing, suppress
from multiprocessing import get_context
from multiprocessing.connection import Connection, wait
from typing import Any, Protocol, TypeVar

import attrs

__all__ = [
    "Backend",
    "Chunk",
    "InProcess",
    "ProcessPool",
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
                    yield done.pop(next_out)
                    next_out += 1
            finished = True
        finally:
            _stop(procs, conns, graceful=finished)


def executor(workers: int = 1, start_method: str | None = None) -> Backend:
    """The backend for ``workers`` processes: this process for one, a local pool for more."""
    if workers <= 1:
        return InProcess()
    return ProcessPool(workers, start_method)


def _pickles(value: Any) -> bool:
    try:
        pickle.dumps(value)
    except Exception:
        return False
    return True


_SIGNALS = {signal.SIGINT, signal.SIGTERM}


def _block_signals() -> set[int] | None:
    if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - Windows
        return None
    return set(signal.pthread_sigmask(signal.SIG_BLOCK, _SIGNALS))


def _restore_signals(previous: set[int] | None) -> None:
    if previous is not None:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


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
                conn.send(("ok", position, fn(context, chunk)))
            except BaseException as exc:  # SystemExit from a plugin's code included
                conn.send(("error", position, _portable(exc)))
    except (EOFError, OSError):  # the parent is gone
        return


def _portable(exc: BaseException) -> Exception:
    """``exc`` if it is an ordinary exception that survives pickling, else a RuntimeError that
    names it (a SystemExit in a worker must not end the parent)."""
    import traceback

    if isinstance(exc, Exception) and _pickles(exc):
        return exc
    error = RuntimeError(f"{type(exc).__name__}: {exc}")
    error.add_note("".join(traceback.format_exception(exc)))
    return error
