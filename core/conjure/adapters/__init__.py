"""conjure's games in the game-AI ecosystem: :mod:`conjure.adapters.openspiel` registers any
conjure game as an OpenSpiel Python game, :mod:`conjure.adapters.pettingzoo` makes it a
PettingZoo AEC environment. Each needs its extra (``conjure[openspiel]``,
``conjure[pettingzoo]``) and is imported on its own, so that ``conjure`` stays light.

Both see a game the same way (:mod:`conjure.adapters.common`): an action is its position among
the legal actions in conjure's order, since a game's own action codes may be far apart (a
climbing game packs a whole combination into one code); an observation is the seat's
:meth:`~conjure.games.api.GameState.observation`, and the information state adds to it what
the seat saw of every action so far.
"""
