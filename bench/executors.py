"""The executors side by side: wall time of one simulation (sixty-six, random bots) in this
process, on a process pool and on a local Dask cluster at 1 and 2 workers, the speed-up over
in-process, and the per-chunk overhead of each backend (empty chunks: what running a chunk
costs beyond its work). Wall time, since the point is how long a person waits; on a shared
machine run it when it is quiet and read the numbers as a range.

The numbers of every run are checked to be the in-process numbers before any time is shown.

    python bench/executors.py [--games 20000] [--chunks 400]
"""

from __future__ import annotations

import argparse
import time
from contextlib import closing

from conjure.games.simulate import Summary, simulate
from conjure.parallel import Backend, Chunk, Dask, InProcess, ProcessPool, plan
from conjure_games.sixty_six import SixtySix


def nothing(context: None, chunk: Chunk) -> int:
    return chunk.index


def timed(backend: Backend, games: int) -> tuple[float, Summary]:
    start = time.perf_counter()
    summary = simulate(SixtySix(), games, seed=1, backend=backend)
    return time.perf_counter() - start, summary


def overhead(backend: Backend, chunks: int) -> float:
    """Seconds per empty chunk, start-up (a local cluster's included) taken out: the time of
    ``chunks`` chunks less that of one."""

    def run(n: int) -> float:
        start = time.perf_counter()
        with closing(backend.map(nothing, None, plan(n, seed=1, size=1))) as results:
            for _ in results:
                pass
        return time.perf_counter() - start

    return (run(chunks) - run(1)) / (chunks - 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--chunks", type=int, default=400)
    args = parser.parse_args()
    base_time, base = timed(InProcess(), args.games)
    key = (base.wins, base.draws, base.mean_returns, base.mean_scores, base.mean_length)
    print(f"sixty-six, {args.games:,} games of random bots, seed 1; wall seconds")
    print(f"{'backend':<26}{'seconds':>9}{'speed-up':>10}{'per chunk':>12}")
    rows: list[tuple[str, Backend]] = [("in-process", InProcess())]
    for workers in (1, 2):
        rows.append((f"process pool, {workers}", ProcessPool(workers)))
        rows.append((f"Dask local cluster, {workers}", Dask(workers=workers)))
    for name, backend in rows:
        seconds, summary = (base_time, base) if name == "in-process" else timed(backend, args.games)
        got = (summary.wins, summary.draws, summary.mean_returns, summary.mean_scores)
        assert (*got, summary.mean_length) == key, f"{name} gave other numbers"
        per_chunk = overhead(backend, args.chunks) * 1000
        print(f"{name:<26}{seconds:>9.2f}{base_time / seconds:>9.2f}x{per_chunk:>9.2f} ms")


if __name__ == "__main__":
    main()
