"""Fast random playouts: for the games whose random playouts are worth a second copy of their
rules of play, that copy, written for speed, one module per game and named as the game's own.

A game's fast path is optional. Where it has one, the game's ``_play_random`` hook imports it
from here the first time a playout asks (:func:`conjure.games.bots.random_playout` calls it
when players choose among every legal action), so that a game imported to be listed, told or
played at the table never loads it; and :func:`conjure.testing.check_game` proves it equal to
the game's checked path at every player count and option setting, from the start, from
mid-game positions and from worlds dealt again for a bot (:func:`conjure.testing.check_fast_path`).

The modules live apart from the games so that the package's top level stays one module per
game, the second copies of the rules are found in one place, and each game's module holds only
its rules and the one hook that points here.
"""
