"""The one error family of conjure, and the exit codes of every command.

Every error a user can provoke is a :class:`ConjureError`. The command line catches the base
class in one place and prints its message on one line; the subclasses say what kind of input
was wrong, and their messages name that input and the state they met.

One table of exit codes serves every command, routines and games alike:

====  =====================================================================================
code  meaning
====  =====================================================================================
0     success; for ``verify``, every case was checked (PROVED)
1     a claim is refuted: a counter-example was found
2     bad input of any kind: usage, notation, an unknown name, an option or parameter out
      of range (:class:`UsageError`, :class:`NotationError`, :class:`UnknownNameError`)
3     an illegal move (:class:`IllegalMoveError`)
4     a plugin failed (:class:`PluginError`)
5     a routine or game is malformed: a plugin's bug, named as the plugin's
      (:class:`VerificationError`)
6     a verification searched a sample and found no counter-example: not a proof
70    an internal error (a bug in conjure; ``--debug`` shows the traceback)
130   interrupted (Ctrl-C, SIGINT or SIGTERM), after saying what was covered
====  =====================================================================================
"""

from __future__ import annotations

EXIT_OK = 0
EXIT_REFUTED = 1
EXIT_USAGE = 2
EXIT_ILLEGAL_MOVE = 3
EXIT_PLUGIN = 4
EXIT_MALFORMED = 5
EXIT_SAMPLED = 6
EXIT_INTERNAL = 70
EXIT_INTERRUPTED = 130

#: every exit code with what it means, in the order of the table above
EXIT_CODES: dict[int, str] = {
    EXIT_OK: "success; verify checked every case (PROVED)",
    EXIT_REFUTED: "a claim is refuted: a counter-example was found",
    EXIT_USAGE: "bad input: usage, notation, an unknown name, a value out of range",
    EXIT_ILLEGAL_MOVE: "an illegal move",
    EXIT_PLUGIN: "a plugin failed",
    EXIT_MALFORMED: "a routine or game is malformed (the plugin's bug)",
    EXIT_SAMPLED: "verify searched a sample and found no counter-example (not a proof)",
    EXIT_INTERNAL: "internal error",
    EXIT_INTERRUPTED: "interrupted",
}


class ConjureError(Exception):
    """Base class of every error conjure raises on purpose.

    The message may be a :class:`conjure.text.Text`: ``str(error)`` is its English, and
    :func:`said` gives it in the language of the command that met it."""

    #: the process exit code the command line uses for this kind of error
    exit_code: int = EXIT_USAGE

    def __init__(self, message: object = "", *args: object) -> None:
        from conjure.text import Text

        super().__init__(str(message), *args)
        #: the message in every language it was written in
        self.text = message if isinstance(message, Text) else Text(str(message))


def said(error: BaseException, lang: str = "en") -> str:
    """``error``'s message in ``lang`` (English where it has no translation)."""
    text = getattr(error, "text", None)
    return text.get(lang) if text is not None and str(text) == str(error) else str(error)


class UsageError(ConjureError, ValueError):
    """A command, option or typed answer was not understood: a malformed number, a value out
    of range, a NAME=VALUE without ``=``."""


class NotationError(ConjureError, ValueError):
    """A card, a list of cards or a packet could not be read."""


class IllegalMoveError(ConjureError):
    """A move cannot be made in the state it was applied to."""

    exit_code = EXIT_ILLEGAL_MOVE


class UnknownNameError(ConjureError, LookupError):
    """A routine, game, place, parameter or plugin name is not known."""


class PluginError(ConjureError):
    """A plugin failed to import or to register, or claimed a name another plugin holds."""

    exit_code = EXIT_PLUGIN


class VerificationError(ConjureError):
    """A routine is malformed or a claim could not be evaluated."""

    exit_code = EXIT_MALFORMED


class Interrupted(KeyboardInterrupt):
    """A long run stopped by Ctrl-C, SIGINT or SIGTERM; the message says what it had covered
    ("after 1,200 of 200,000 games").

    A :class:`KeyboardInterrupt`, not a :class:`ConjureError`, so that nothing that handles bad
    input swallows it on the way out. Like a :class:`ConjureError`, the message may be a
    :class:`conjure.text.Text` (:func:`said` gives it in the command's language)."""

    exit_code = EXIT_INTERRUPTED

    def __init__(self, message: object = "", *args: object) -> None:
        from conjure.text import Text

        super().__init__(str(message), *args)
        #: the message in every language it was written in
        self.text = message if isinstance(message, Text) else Text(str(message))
