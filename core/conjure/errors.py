"""The one error family of conjure.

Every error a user can provoke is a :class:`ConjureError`. The command line catches the base
class in one place and prints its message on one line; the subclasses say what kind of input
was wrong, and their messages name that input and the state they met.
"""

from __future__ import annotations


class ConjureError(Exception):
    """Base class of every error conjure raises on purpose."""

    #: the process exit code the command line uses for this kind of error
    exit_code: int = 2


class UsageError(ConjureError, ValueError):
    """A command, option or typed answer was not understood: a malformed number, a value out
    of range, a NAME=VALUE without ``=``."""


class NotationError(ConjureError, ValueError):
    """A card, a list of cards or a packet could not be read."""


class IllegalMoveError(ConjureError):
    """A move cannot be made in the state it was applied to."""

    exit_code = 3


class UnknownNameError(ConjureError, LookupError):
    """A routine, game, place, parameter or plugin name is not known."""


class PluginError(ConjureError):
    """A plugin failed to import or to register."""

    exit_code = 4


class VerificationError(ConjureError):
    """A routine is malformed or a claim could not be evaluated."""

    exit_code = 5
