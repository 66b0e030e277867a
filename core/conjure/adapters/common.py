"""What the adapters share: a conjure game state seen as the ecosystem sees a game.

:class:`Table` holds a :class:`~conjure.games.api.GameState` and, for each seat, what it saw of
every action so far (:meth:`~conjure.games.api.GameState.action_seen`: a card dealt to another
hand reads "chance deals a card"). Actions, chance outcomes included, are numbered by position:
action ``k`` is the ``k``-th of the legal actions (or chance outcomes) in ascending order of
their codes.
"""

from __future__ import annotations

import json
import random
from typing import Any

from conjure.errors import VerificationError
from conjure.games.api import CHANCE, Game, GameState

#: the most legal actions (or chance outcomes) a state may have; the size of the action space
MAX_ACTIONS = 1024


def game_name(game_id: str) -> str:
    """The ecosystem's name of a conjure game: ``conjure_`` and the id with ``_`` for ``-``."""
    return "conjure_" + game_id.replace("-", "_")


class Table:
    """One game in progress, its actions by position and each seat's record of what it saw."""

    __slots__ = ("seen", "state")

    def __init__(self, state: GameState[Any], seen: list[list[str]] | None = None) -> None:
        self.state = state
        players = state.game.num_players
        self.seen: list[list[str]] = seen if seen is not None else [[] for _ in range(players)]

    @classmethod
    def new(cls, game: Game[Any]) -> Table:
        return cls(game.new_initial_state())

    def copy(self) -> Table:
        return Table(self.state.copy(), [list(s) for s in self.seen])

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        return self.copy()

    def describe(self) -> str:
        """Every zone with its cards, and the history of codes (for people debugging)."""
        from conjure.deck.cards import CARDS

        zones = [
            f"{zone}: {' '.join(str(CARDS[c]) for c in cards)}"
            for zone, cards in self.state.zones.items()
        ]
        return "\n".join([*zones, f"history: {self.state.history}"])

    def codes(self) -> list[int]:
        """The codes of what may be done now (chance's outcomes at a chance node), ascending."""
        if self.state.current == CHANCE:
            codes = sorted(a for a, _ in self.state.chance_outcomes())
        else:
            codes = sorted(self.state.legal_actions())
        if len(codes) > MAX_ACTIONS:
            raise VerificationError(
                f"{self.state.game.id}: {len(codes)} actions at once, more than the "
                f"{MAX_ACTIONS} the adapters number"
            )
        return codes

    def chance_outcomes(self) -> list[tuple[int, float]]:
        probability = dict(self.state.chance_outcomes())
        return [(k, probability[code]) for k, code in enumerate(self.codes())]

    def code(self, action: int) -> int:
        codes = self.codes()
        if not 0 <= action < len(codes):
            raise ValueError(f"action {action} is not one of the {len(codes)} allowed now")
        return codes[action]

    def apply(self, action: int) -> None:
        """Take action ``action`` (a position), recording what each seat saw of it."""
        code = self.code(action)
        for player, record in enumerate(self.seen):
            record.append(self.state.action_seen(code, player))
        self.state.apply_legal(code)

    def action_name(self, action: int) -> str:
        return self.state.action_name(self.code(action))

    def observation(self, player: int) -> str:
        """What ``player`` sees now, as compact JSON."""
        return json.dumps(self.state.observation(player), sort_keys=True, separators=(",", ":"))

    def information_state(self, player: int) -> str:
        """What ``player`` saw of every action so far, then what it sees now."""
        return "\n".join([f"seat {player}", *self.seen[player], self.observation(player)])

    def resample(self, player: int, rng: random.Random) -> Table:
        """A table ``player`` cannot tell from this one: every card it cannot see dealt again
        (:meth:`~conjure.games.api.Game.determinize`), the records kept."""
        state = self.state.game.determinize(self.state, player, rng)
        return Table(state, [list(s) for s in self.seen])
