"""A stop asked for by a signal, remembered.

Python raises ``KeyboardInterrupt`` wherever the main thread is when the signal's handler
runs; code running there may swallow it (an exception raised in a destructor or a weak-reference
callback is printed and dropped, and a library waiting on a cluster may be in one). The
command line's handlers (:func:`conjure.cli.main`) also write the request down here, and a wait
that polls (a Dask run's) raises it again where it was lost.
"""

from __future__ import annotations

_asked = False


def ask() -> None:
    """A signal asked the command to stop."""
    global _asked
    _asked = True


def clear() -> None:
    """Forget an earlier request (a new command begins)."""
    global _asked
    _asked = False


def check() -> None:
    """Raise ``KeyboardInterrupt`` if a stop was asked for and has not been acted on."""
    if _asked:
        raise KeyboardInterrupt
