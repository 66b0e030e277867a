"""A stated time for every call into a game's own code: a call that has not returned after
:data:`GAME_CALL_SECONDS` is the plugin's bug, reported as such (exit code 5) with the game and
the call named, instead of a command that hangs.

:func:`watch_calls` looks at what the process is doing every quarter of that time (a timer
signal, so it costs nothing between looks). The call it watches is the outermost frame of the
game's own code on the stack (the modules of the game's classes that are not conjure's: for the
shipped games, ``conjure_games``), that is, the call conjure made into the plugin, whatever the
plugin calls from there. When the very same call is still running at looks that far apart, it
is stopped with :class:`GameCallTimeout`.

A timer signal reaches the main thread only, so the watch runs where the game runs on a
process's main thread (this process and local worker processes); on a Dask worker's threads it
does nothing.
"""

from __future__ import annotations

import signal
import sys
import threading
import time
from collections.abc import Generator
from contextlib import contextmanager
from types import FrameType
from typing import Any

from conjure.errors import VerificationError

#: how long one call into a game's code may run, in seconds; every shipped game's calls take
#: milliseconds, a whole deal played by a game's own fast playout included
GAME_CALL_SECONDS = 20.0


class GameCallTimeout(VerificationError):
    """A call into a game's code did not return within :data:`GAME_CALL_SECONDS`."""


class _Stuck(BaseException):
    """Raised inside the stuck call: not an :class:`Exception`, so that the plugin's own
    ``except Exception`` does not swallow it on the way out."""


def _game_files(game: Any) -> set[str]:
    """The source files of the game's classes that are not conjure's own."""
    files = set()
    for cls in (game if isinstance(game, type) else type(game)).__mro__:
        module = sys.modules.get(cls.__module__)
        name = cls.__module__.split(".")[0]
        path = getattr(module, "__file__", None)
        if path and name not in ("conjure", "builtins", "typing"):
            files.add(path)
    return files


def _outermost(frame: FrameType | None, files: set[str]) -> FrameType | None:
    found = None
    while frame is not None:
        if frame.f_code.co_filename in files:
            found = frame
        frame = frame.f_back
    return found


@contextmanager
def watch_calls(game: Any, seconds: float | None = None) -> Generator[None, None, None]:
    """Within the block, a call into ``game``'s code (a game, or its class) that runs
    ``seconds`` (by default :data:`GAME_CALL_SECONDS`) raises :class:`GameCallTimeout` naming
    the game and the call."""
    limit = GAME_CALL_SECONDS if seconds is None else seconds
    usable = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if not usable or limit <= 0 or signal.getitimer(signal.ITIMER_REAL)[0]:
        yield  # no timer here, or one already running (a watch inside a watch)
        return
    files = _game_files(game)
    watched: list[Any] = [None, 0.0]  # the call seen at the last look, and since when
    stuck: list[str] = []

    def look(signum: int, frame: FrameType | None) -> None:
        call = _outermost(frame, files)
        now = time.monotonic()
        if call is None or call is not watched[0]:
            watched[0], watched[1] = call, now
            return
        if now - watched[1] >= limit:
            code = call.f_code
            where = f"{code.co_filename.rsplit('/', 1)[-1]}, line {code.co_firstlineno}"
            stuck.append(
                f"game {game.id!r}: the call {code.co_qualname} ({where}) did not return "
                f"within {limit:g} s: a bug of the plugin that provides the game"
            )
            watched[0] = None
            raise _Stuck

    previous = signal.signal(signal.SIGALRM, look)
    signal.setitimer(signal.ITIMER_REAL, limit / 4, limit / 4)
    try:
        yield
    except _Stuck:
        raise GameCallTimeout(stuck[0]) from None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        watched[0] = None
