"""Fixed action ids: every game's moves numbered in a declared space, as learning agents and
the ecosystem's tools (OpenSpiel, PettingZoo) expect, where a card, a bid or a combination
keeps its number from state to state.

A game's own action codes are small numbers that may mean different things in different states
(a capture names table positions, an exchange hand and pool positions, a climbing play packs
its ranks into one large number). :class:`ActionSpace` maps them to ids in ``0 … size - 1``
whose meaning never changes, each with a :meth:`~ActionSpace.label` that reads the same in any
state:

- :class:`CodeSpace`, what every game gets for free: the id is the code itself, below the
  game's :attr:`~conjure.games.api.Game.action_codes`, labelled by the game's
  :meth:`~conjure.games.api.Game._action_label`;
- a move made of several cards whose flat numbering would not be bounded (a capture of any set
  of table cards; an exchange of hand cards for pool cards) is *spelled*: a short sequence of
  ids, each a card or a word (:class:`CardSetSpace`), chosen one at a time, so that every card
  keeps its number and the space stays small;
- a game refines its space with :meth:`~conjure.games.api.Game._action_space` (run-fast numbers
  each of its combinations once: :func:`conjure.games.climbing.play_space`).

:meth:`ActionSpace.spell` gives the ids of a legal action in a state. Spellings are prefix-free
(no move's spelling begins another's), so that a move is complete when its last id is chosen;
:func:`spellings` checks it for the legal actions of a state.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final

from conjure.deck.cards import CARDS
from conjure.errors import VerificationError
from conjure.text import Text

if TYPE_CHECKING:
    from conjure.games.api import Game, GameState

#: card codes: a full pack and two jokers
CARD_CODES: Final = 54


class ActionSpace:
    """The ids of a game's actions: ``size`` of them, each with a label that does not depend on
    the state. ``most`` is the longest spelling of one move (1 for a flat space)."""

    size: int
    most: int = 1

    def spell(self, state: GameState[Any], action: int) -> tuple[int, ...]:
        """The ids that make ``action``, legal in ``state``."""
        raise NotImplementedError

    def label(self, action_id: int) -> Text:
        """How ``action_id`` reads, in any state."""
        raise NotImplementedError

    @property
    def staged(self) -> bool:
        """Whether some move takes more than one id."""
        return self.most > 1


class CodeSpace(ActionSpace):
    """The id of an action is its code, below ``size``; labels are the game's own
    (:meth:`~conjure.games.api.Game.action_label`)."""

    def __init__(self, game: Game[Any], size: int) -> None:
        self.game = game
        self.size = size
        self._labels: dict[int, Text] = {}

    def spell(self, state: GameState[Any], action: int) -> tuple[int, ...]:
        if not 0 <= action < self.size:
            raise VerificationError(
                f"{self.game.id}: action code {action} is outside the declared "
                f"{self.size} action codes (declare action_codes, or an action space)"
            )
        return (action,)

    def label(self, action_id: int) -> Text:
        found = self._labels.get(action_id)
        if found is None:
            found = self._labels[action_id] = self.game.action_label(action_id)
        return found


class CardSetSpace(ActionSpace):
    """Moves spelled with cards and words: ids ``0 … 53`` are cards of the mover's own hand,
    ``54 … 107`` cards lying elsewhere (the table, a pool), then one id for each of ``words``.
    ``spelling(state, action)`` returns a move's ``(own cards, words, other cards)`` in the
    order the move is chosen, as tuples of card codes and word indices; the space turns it into
    ids. Each spelling must end with a word that ends moves (``ends``) so that none begins
    another; ``most`` bounds the length of one."""

    OWN: Final = 0
    OTHER: Final = CARD_CODES

    def __init__(
        self,
        words: Sequence[Text],
        own: Text,
        other: Text,
        spelling: Callable[[GameState[Any], int], Sequence[tuple[str, int]]],
        most: int,
    ) -> None:
        self.words = tuple(words)
        self.own, self.other = own, other
        self.size = 2 * CARD_CODES + len(self.words)
        self.most = most
        self._spelling = spelling

    def word(self, index: int) -> int:
        """The id of word ``index``."""
        return 2 * CARD_CODES + index

    def spell(self, state: GameState[Any], action: int) -> tuple[int, ...]:
        out = []
        for kind, value in self._spelling(state, action):
            if kind == "own":
                out.append(self.OWN + value)
            elif kind == "other":
                out.append(self.OTHER + value)
            else:
                out.append(self.word(value))
        return tuple(out)

    def label(self, action_id: int) -> Text:
        if action_id < self.OTHER:
            return self.own.format(card=CARDS[action_id])
        if action_id < 2 * CARD_CODES:
            return self.other.format(card=CARDS[action_id - self.OTHER])
        return self.words[action_id - 2 * CARD_CODES]


def spellings(
    game: Game[Any], space: ActionSpace, state: GameState[Any], actions: Sequence[int]
) -> dict[tuple[int, ...], int]:
    """Each legal action of ``state`` by its spelling; a game whose spellings are not one a
    move, or not prefix-free, or out of the space, is malformed (the plugin's bug)."""
    out: dict[tuple[int, ...], int] = {}
    for action in actions:
        spelt = space.spell(state, action)
        if not spelt or len(spelt) > space.most or not all(0 <= i < space.size for i in spelt):
            raise VerificationError(
                f"{game.id}: {state.action_name(action)} is spelled {list(spelt)}, not within "
                f"the action space ({space.size} ids, at most {space.most} a move)"
            )
        other = out.get(spelt)
        if other is not None:
            raise VerificationError(
                f"{game.id}: {state.action_name(action)} and {state.action_name(other)} have "
                f"the same ids {list(spelt)}"
            )
        out[spelt] = action
    if space.staged:
        prefixes = {s[:k] for s in out for k in range(1, len(s))}
        clash = prefixes & set(out)
        if clash:
            spelt = min(clash)
            raise VerificationError(
                f"{game.id}: the ids of {state.action_name(out[spelt])} begin another move's"
            )
    return out
