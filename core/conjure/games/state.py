"""A game in progress: :class:`GameState`, a node of the game tree (zones of cards, public
values, whose turn, the history of actions), with the checked public path that callers use
and the helpers a game's hooks use. The API as a whole is described in
:mod:`conjure.games.api`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, Generic, TypeVar, cast

from conjure.deck.cards import CARDS
from conjure.games import observation as _observation
from conjure.games import record as _record
from conjure.games.chance import draw_card
from conjure.games.chance import sample_chance as _sample_chance
from conjure.games.observation import apply_watched
from conjure.games.record import Vars
from conjure.games.terms import ALL, CHANCE, TERMINAL, TOP, GameError, Outcome
from conjure.text import Text

if TYPE_CHECKING:
    from conjure.games.api import Game

V = TypeVar("V", bound=Vars)

_CHANCE_DRAWS: Final = Text("chance draws {card}", zh="随机抽出{card}")


class GameState(Generic[V]):
    """Everything about one game in progress: zones of cards, public values, whose turn, the
    history of actions (chance outcomes included). Mutable; :meth:`copy` is cheap."""

    __slots__ = (
        "chance",
        "current",
        "ended",
        "game",
        "history",
        "known",
        "lacking",
        "story",
        "vars",
        "watched",
        "zones",
    )

    def __init__(self, game: Game[V]) -> None:
        self.game = game
        #: zone -> card codes, index 0 the top
        self.zones: dict[str, list[int]] = {name: [] for name in game.visibility}
        #: card code -> bitmask of the players who have been shown it outside its zone's rule
        self.known: dict[int, int] = {}
        self.vars: V = cast(V, game.vars_type())
        self.current = 0
        self.history: list[int] = []
        #: the pending draw: (zone, cards still to draw, cards drawn so far), or None
        self.chance: tuple[str, int, int] | None = None
        #: when a list, the game appends public sentences telling what happened (terminal play)
        self.story: list[Text] | None = None
        #: per seat, a bitmask of the cards the table knows the seat does not hold, shown by its
        #: plays (a card off the suit led); empty while nothing is known. Public, like ``vars``
        self.lacking: tuple[int, ...] = ()
        #: whether plays are read for what they show (see :meth:`Game._lacking_shown`): true in a
        #: game being played, false in a world a bot dealt, whose plays nobody deals from again
        self.watched = game.shows_lacking
        #: where every card lay, and who had been shown it, when the last deal ended (kept
        #: only while someone is listening), so that the move that ended it can be told as
        #: the table saw it after the cards were gathered in
        self.ended: tuple[dict[str, list[int]], dict[int, int]] | None = None

    # -- for callers: the checked public path -----------------------------------------------------

    def is_terminal(self) -> bool:
        return self.current == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current == CHANCE

    def current_player(self) -> int:
        """The player to move, or :data:`CHANCE` or :data:`TERMINAL`."""
        return self.current

    def legal_actions(self) -> Sequence[int]:
        """The actions of the player to move (empty at a chance node or the end). The caller
        must not change the sequence it gets."""
        if self.current < 0:
            return ()
        return self.game._legal_actions(self)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """At a chance node, each outcome with its probability (they add up to 1)."""
        if self.current != CHANCE:
            return []
        if self.chance is None:
            return self.game._chance_outcomes(self)
        zone, _, drawn = self.chance
        pool = sorted(self.zones[zone][drawn:])
        p = 1.0 / len(pool)
        return [(c, p) for c in pool]

    def apply_action(self, action: int) -> None:
        """Make ``action`` for the player to move, or as chance's outcome at a chance node,
        after checking it is allowed; record it."""
        if self.current == TERMINAL:
            raise GameError(f"{self.game.id}: the game is over")
        if self.current == CHANCE:
            if action not in {a for a, _ in self.chance_outcomes()}:
                raise GameError(f"{self.game.id}: {action!r} is not a chance outcome here")
        else:
            legal = self.game._legal_actions(self)
            if action not in legal:
                names = ", ".join(self.action_name(a) for a in self.game.ordered_actions(self))
                raise GameError(
                    f"{self.game.id}: {self.action_name(action)} is not allowed now "
                    f"(allowed: {names})"
                )
        self.apply_legal(action)

    def apply_legal(self, action: int) -> None:
        """The fast path: ``action`` taken from :meth:`legal_actions` or
        :meth:`chance_outcomes` of this very state, applied without checking it again."""
        self.history.append(action)
        if self.watched:
            apply_watched(self, action)
        elif self.chance is not None:
            draw_card(self, action)
        else:
            self.game._apply_action(self, action)

    def sample_chance(self, rng: random.Random) -> None:
        """At a chance node, let chance act at random: a whole pending draw at once (the
        sampled fast path), recorded outcome by outcome as if drawn one card at a time."""
        _sample_chance(self, rng)

    def returns(self) -> tuple[float, ...]:
        """Each player's result; meaningful at the end of the game."""
        return self.game._returns(self)

    def scores(self) -> tuple[float, ...]:
        """The running scores shown to the players."""
        return self.game._scores(self)

    def teams(self) -> tuple[int, ...]:
        """Each seat's side (an index into ``game.team_names()``) as the table knows it now,
        :data:`UNKNOWN_SIDE` for a seat whose side the rules have not shown yet (a secret
        partner); empty when every seat plays for itself."""
        return self.game._teams(self)

    def team_returns(self) -> tuple[float, ...]:
        """Each side's result, one per ``game.team_names()``; meaningful at the end."""
        return self.game._team_returns(self)

    def action_name(self, action: int, lang: str = "en") -> str:
        """How ``action`` reads, in full (for the player who takes it), in ``lang``."""
        if self.current == CHANCE and self.chance is not None:
            return _CHANCE_DRAWS.format(card=CARDS[action]).get(lang)
        name = self.game._action_name(self, action)
        return name if lang == "en" and isinstance(name, str) else Text.of(name).get(lang)

    def action_names(self, action: int) -> Text:
        """How ``action`` reads in every language the game wrote it in."""
        if self.current == CHANCE and self.chance is not None:
            return _CHANCE_DRAWS.format(card=CARDS[action])
        return Text.of(self.game._action_name(self, action))

    def action_seen(self, action: int, player: int, lang: str = "en") -> str:
        """How ``action``, about to be applied to this state, reads to ``player``: a card the
        seat will not see once the action is made reads as hidden (a bid laid face down, a card
        dealt to another hand). Games with other hidden actions override
        :meth:`Game._action_seen`."""
        return Text.of(self.game._action_seen(self, action, player)).get(lang)

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` can see: every zone with hidden cards as ``None``, the public vars,
        whose turn it is, and the legal actions when it is this player's turn."""
        return _observation.observation(self, player)

    def sees(self, player: int, zone: str, index: int, card: int) -> bool:
        """Whether ``player`` sees ``card`` lying at ``index`` in ``zone``."""
        rule = self.game.visibility[zone]
        if rule in (ALL, player) or (rule == TOP and index == 0):
            return True
        return bool(self.known.get(card, 0) >> player & 1)

    # -- for authors: helpers used inside the hooks ----------------------------------------------

    def shuffle(self, zone: str, k: int | None = None) -> None:
        """Start a chance event: ``k`` cards (default all) of ``zone`` are drawn by chance, one
        at a time. When done, ``zone`` begins with them in the order drawn and the game's
        ``_after_chance(state, zone)`` hook runs."""
        left = len(self.zones[zone]) if k is None else k
        if left == 0:
            self.game._after_chance(self, zone)
            return
        self.chance = (zone, left, 0)
        self.current = CHANCE

    def reveal(self, card: int, players: int = -1) -> None:
        """Show ``card`` to ``players`` (a bitmask; -1 = everyone) wherever it lies later."""
        self.known[card] = self.known.get(card, 0) | players

    def move(self, card: int, src: str, dst: str, top: bool = False) -> None:
        """Move ``card`` from zone ``src`` to the end (or the top) of zone ``dst``."""
        self.zones[src].remove(card)
        if top:
            self.zones[dst].insert(0, card)
        else:
            self.zones[dst].append(card)

    def tell(self, en: str | Text, zh: str = "") -> None:
        """Add a public sentence to the story of the game, when someone is listening: English
        and Chinese, or one :class:`Text`."""
        if self.story is not None:
            self.story.append(en if isinstance(en, Text) else Text(en, zh))

    def answer(self, en: str | Text, zh: str = "") -> None:
        """Tell the outcome of the move being made (an ask's answer: ``none``), which the
        table shows on the move's own line rather than as a line of its own."""
        if self.story is not None:
            said = Text.of(en, zh)
            self.story.append(Outcome(said.en, said.zh, said.more))

    # -- copies and JSON -------------------------------------------------------------------------

    def copy(self, history: bool = True) -> GameState[V]:
        """A copy that shares nothing mutable with this state; without ``history``, its
        history is empty (a bot's world, which nobody replays)."""
        new: GameState[V] = GameState.__new__(GameState)
        new.game = self.game
        new.zones = {z: c[:] for z, c in self.zones.items()}
        new.known = self.known.copy()
        new.vars = self.vars.copy()
        new.current = self.current
        new.history = self.history[:] if history else []
        new.chance = self.chance
        new.story = None
        new.lacking = self.lacking
        new.watched = self.watched
        new.ended = self.ended
        return new

    def to_json(self) -> dict[str, Any]:
        return _record.state_to_json(self)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<{self.game.id} state after {len(self.history)} actions>"
