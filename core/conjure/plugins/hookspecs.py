"""The hooks a conjure plugin can implement.

A plugin is a module (or any object) exposed in the ``conjure`` entry-point group, whose
functions are marked with :data:`hookimpl`::

    # pyproject.toml of the plugin
    [project.entry-points.conjure]
    my_routines = "my_routines"

    # my_routines.py
    from conjure.plugins.hookspecs import hookimpl

    @hookimpl
    def register_routines(register):
        register(MY_ROUTINE)

A plugin adds moves the same way, with ``register_moves``: each move is an attrs subclass of
:class:`conjure.deck.Move`, named by its class name; once registered, move text such as
``Wiggle left`` reads as the plugin's move and ``conjure moves`` lists it. A name the built-in
moves (or a plugin loaded earlier) hold is refused, so no plugin can change what ``Faro`` means.

Plugins never touch the host's collections: they hand their objects to the ``register``
callback, and the host checks them, files them under the plugin's name and reports a plugin
that fails without stopping the others.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pluggy

#: the one project name: hook markers, plugin manager and entry-point group
PROJECT = "conjure"

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@hookspec
def register_routines(register: Callable[[Any], None]) -> None:
    """Register magic routines.

    :param register: call it once per routine with a :class:`conjure.magic.Routine`; the
        routine's ``id`` must be unique among all plugins.
    :returns: nothing; what counts is what was passed to ``register``.
    """


@hookspec
def register_games(register: Callable[[Any], None]) -> None:
    """Register card games.

    :param register: call it once per game with a subclass of :class:`conjure.games.Game`
        (the class, not an instance); the game's ``id`` must be unique among all plugins.
    :returns: nothing; what counts is what was passed to ``register``.
    """


@hookspec
def register_moves(register: Callable[[Any], None]) -> None:
    """Register moves.

    :param register: call it once per move with a subclass of :class:`conjure.deck.Move` (the
        class, an attrs class, not an instance); the class name is the move's name, written in
        move text, and must not be a built-in move's or another plugin's (in any case).
    :returns: nothing; what counts is what was passed to ``register``.
    """
