"""The card-game API: a :class:`Game` (rules, metadata, options) and its :class:`GameState`.

A plugin writes a subclass of :class:`Game` and fills in only the cases of play:

- :meth:`Game.zones`: the places cards can be (``hand0``, ``stock``, ``trick`` …) and who sees
  each (:data:`ALL`, :data:`NOBODY`, :data:`TOP`, or the index of the player who owns it);
- :meth:`Game.deal`: the start of a game or of the next deal, shuffling with
  :meth:`GameState.shuffled`;
- :meth:`Game.legal_actions` and :meth:`Game.apply`: the play itself, ending the game by setting
  ``state.current = TERMINAL``;
- :meth:`Game.returns`: what each player gets at the end;
- :meth:`Game.action_name`: how an action reads.

The core does the rest: seeded chance (a game replays exactly from its seed and its actions),
copies, JSON, each player's observation (hiding exactly what that seat cannot see),
determinisation for bots, replay, the conformance check (:func:`conjure.testing.check_game`),
bots, simulation and terminal play.

Actions are small non-negative integers. By convention a card is played by its code (0–53, see
:mod:`conjure.deck.cards`); other actions (close the stock, declare, pass) take codes from 64 up.
``state.vars`` holds the public scalars of the game (trump suit, scores, whose lead …): values
must be immutable (numbers, strings, ``None``, tuples) and public. Anything private is a card in
a zone that only its owner sees.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar, Final

import attrs

from conjure.deck.cards import CARDS, Card, parse_packet
from conjure.errors import ConjureError, IllegalMoveError, UnknownNameError, UsageError
from conjure.inputs import normalise, parse_int, quote

TERMINAL: Final = -1
ALL: Final = "all"
NOBODY: Final = "none"
#: a pile whose top card everyone sees and whose other cards nobody sees
TOP: Final = "top"
#: action codes from here up are not cards
SPECIAL: Final = 64

Visibility = str | int


@attrs.frozen
class RuleNote:
    """One rule of a game and where it comes from: ``text`` (the source says so) or ``assumed``
    (the source is silent or contradicts itself; ``why`` says what was chosen and why)."""

    rule: str
    origin: str  # "text" or "assumed"
    why: str = ""


@attrs.frozen
class Option:
    """A whole-number option of a game (``target=7``), with its range."""

    name: str
    default: int
    low: int
    high: int
    help: str = ""


class GameError(IllegalMoveError):
    """An action that the rules do not allow, or an option out of range."""


class GameState:
    """Everything about one game in progress. Mutable; :meth:`copy` is cheap."""

    __slots__ = ("chance", "current", "game", "history", "known", "seed", "vars", "zones")

    def __init__(self, game: Game, seed: int) -> None:
        self.game = game
        self.seed = seed
        #: how many chance events (shuffles) have happened: the next uses seed and this count
        self.chance = 0
        #: zone -> card codes, index 0 the top
        self.zones: dict[str, list[int]] = {name: [] for name in game.visibility}
        #: card code -> bitmask of the players who have been shown it outside its zone's rule
        self.known: dict[int, int] = {}
        self.vars: dict[str, Any] = {}
        self.current = 0
        self.history: list[int] = []

    # -- chance and helpers for plugins ----------------------------------------------------------

    def shuffled(self, cards: Iterable[int]) -> list[int]:
        """``cards`` in a random order that depends only on the seed and how many shuffles came
        before: the one source of chance in a game."""
        out = list(cards)
        random.Random(self.seed * 1_000_003 + self.chance).shuffle(out)
        self.chance += 1
        return out

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

    @property
    def terminal(self) -> bool:
        return self.current == TERMINAL

    # -- views ----------------------------------------------------------------------------------

    def sees(self, player: int, zone: str, index: int, card: int) -> bool:
        """Whether ``player`` sees ``card`` lying at ``index`` in ``zone``."""
        rule = self.game.visibility[zone]
        if rule in (ALL, player) or (rule == TOP and index == 0):
            return True
        return bool(self.known.get(card, 0) >> player & 1)

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` can see: every zone with hidden cards as ``None``, the public vars,
        whose turn it is, and the legal actions when it is this player's turn."""
        zones = {
            zone: [
                CARDS[c].ascii if self.sees(player, zone, i, c) else None
                for i, c in enumerate(cards)
            ]
            for zone, cards in self.zones.items()
        }
        obs: dict[str, Any] = {
            "player": player,
            "to_move": self.current,
            "zones": zones,
            "vars": _jsonable(self.vars),
        }
        if self.current == player:
            obs["legal"] = [self.game.action_name(self, a) for a in self.game.legal_actions(self)]
        return obs

    # -- copies and JSON -------------------------------------------------------------------------

    def copy(self) -> GameState:
        new = GameState.__new__(GameState)
        new.game = self.game
        new.seed = self.seed
        new.chance = self.chance
        new.zones = {z: list(c) for z, c in self.zones.items()}
        new.known = dict(self.known)
        new.vars = dict(self.vars)
        new.current = self.current
        new.history = list(self.history)
        return new

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game.id,
            "players": self.game.num_players,
            "options": dict(self.game.option_values),
            "seed": self.seed,
            "chance": self.chance,
            "zones": {z: [CARDS[c].ascii for c in cards] for z, cards in self.zones.items()},
            "known": {CARDS[c].ascii: mask for c, mask in sorted(self.known.items())},
            "vars": _jsonable(self.vars),
            "current": self.current,
            "history": list(self.history),
        }

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<{self.game.id} state seed={self.seed} moves={len(self.history)}>"


def _jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    return value


def _frozen(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _frozen(v) for k, v in value.items()}
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value


class Game:
    """Base class of every game. Subclasses set the class attributes and fill in the cases of
    play; see the module docstring."""

    id: ClassVar[str]
    name_zh: ClassVar[str]
    name_en: ClassVar[str]
    source: ClassVar[str]
    #: the player counts the game allows; the first is the default
    players: ClassVar[tuple[int, ...]] = (2,)
    deck_size: ClassVar[int] = 52
    summary_en: ClassVar[str] = ""
    summary_zh: ClassVar[str] = ""
    rule_notes: ClassVar[tuple[RuleNote, ...]] = ()
    options: ClassVar[tuple[Option, ...]] = ()
    #: zone -> pool for determinisation: a hidden card is dealt again only among the hidden
    #: places of its own pool (zones not named share one pool). Name pools when the rules tell
    #: everyone which cards a hidden zone can hold (each player's own suit, say).
    pools: ClassVar[dict[str, str]] = {}

    def __init__(self, num_players: int | None = None, **options: int) -> None:
        self.num_players = self.players[0] if num_players is None else num_players
        if self.num_players not in self.players:
            allowed = ", ".join(map(str, self.players))
            raise GameError(f"{self.id} is played by {allowed} players, not {self.num_players}")
        known = {o.name: o for o in self.options}
        self.option_values: dict[str, int] = {o.name: o.default for o in self.options}
        for name, value in options.items():
            if name not in known:
                names = ", ".join(known) or "none"
                raise UnknownNameError(f"{self.id} has no option {name!r} (options: {names})")
            o = known[name]
            if not o.low <= value <= o.high:
                raise GameError(f"option {name}={value} is out of range {o.low}..{o.high}")
            self.option_values[name] = value
        #: zone -> who sees it; fixed for the game
        self.visibility: dict[str, Visibility] = self.zones()

    # -- what a plugin writes ------------------------------------------------------------------

    def zones(self) -> dict[str, Visibility]:
        """Every zone of the game and who sees its cards."""
        raise NotImplementedError

    def deal(self, state: GameState) -> None:
        """Put the cards in place for the first deal and set whose turn it is."""
        raise NotImplementedError

    def legal_actions(self, state: GameState) -> Sequence[int]:
        """The actions the player to move may take (never empty before the end). The caller
        must not change the sequence it gets."""
        raise NotImplementedError

    def apply(self, state: GameState, action: int) -> None:
        """Make ``action`` (assumed legal) for the player to move; set ``state.current``."""
        raise NotImplementedError

    def returns(self, state: GameState) -> tuple[float, ...]:
        """Each player's result at the end of the game (win 1, loss -1, draw 0 by default)."""
        raise NotImplementedError

    def action_name(self, state: GameState, action: int) -> str:
        """How ``action`` reads; a card's action reads as the card."""
        if action < SPECIAL:
            return str(CARDS[action])
        return f"action {action}"

    def scores(self, state: GameState) -> tuple[int, ...]:
        """The running scores shown to the players (``vars['score']`` by default)."""
        return tuple(state.vars.get("score", (0,) * self.num_players))

    def audit(self, state: GameState) -> str | None:
        """Recompute the game's own totals from scratch; a sentence if they disagree."""
        return None

    def all_cards(self) -> list[int]:
        """Every card the game uses (the conformance check accounts for each one)."""
        from conjure.deck.cards import full_deck

        return [c.code for c in full_deck(self.deck_size)]

    # -- what the core provides ------------------------------------------------------------------

    def new_initial_state(self, seed: int = 0) -> GameState:
        state = GameState(self, seed)
        self.deal(state)
        return state

    def checked_apply(self, state: GameState, action: int) -> None:
        """Apply ``action`` after checking that it is legal (the path for people)."""
        if state.current == TERMINAL:
            raise GameError(f"{self.id}: the game is over")
        legal = self.legal_actions(state)
        if action not in legal:
            names = ", ".join(self.action_name(state, a) for a in legal)
            raise GameError(
                f"{self.id}: {self.action_name(state, action)!r} is not allowed now (allowed: "
                f"{names})"
            )
        state.history.append(action)
        self.apply(state, action)

    def play(self, state: GameState, action: int) -> None:
        """Apply ``action`` unchecked and record it (the path for bots and simulation)."""
        state.history.append(action)
        self.apply(state, action)

    def replay(self, seed: int, actions: Iterable[int]) -> GameState:
        """The state reached from ``seed`` by ``actions``, each checked."""
        state = self.new_initial_state(seed)
        for action in actions:
            self.checked_apply(state, action)
        return state

    def state_from_json(self, data: Mapping[str, Any]) -> GameState:
        """Rebuild a state written by :meth:`GameState.to_json`."""
        if data.get("game") != self.id:
            raise ConjureError(f"a {data.get('game')!r} state is not a {self.id} state")
        state = GameState(self, int(data["seed"]))
        state.chance = int(data["chance"])
        state.zones = {
            z: [card.code for card, _ in parse_packet(" ".join(cards))]
            for z, cards in data["zones"].items()
        }
        state.known = {Card(c).code: int(m) for c, m in data["known"].items()}
        state.vars = _frozen(dict(data["vars"]))
        state.current = int(data["current"])
        state.history = [int(a) for a in data["history"]]
        return state

    def ordered_actions(self, state: GameState) -> list[int]:
        """The legal actions in the order people read them: cards by suit and rank (Ace
        high), then the other actions."""
        return sorted(
            self.legal_actions(state),
            key=lambda a: (a >= SPECIAL, a // 13, (a % 13 - 1) % 13) if a < SPECIAL else (1, a, 0),
        )

    def parse_action(self, state: GameState, text: str) -> int:
        """An action from what a player types: its number in :meth:`ordered_actions`
        (1-based), its name, or a card in any notation."""
        legal = self.ordered_actions(state)
        typed, text = text, normalise(text).strip()
        try:
            return legal[parse_int(text, "move", 1, len(legal)) - 1]
        except UsageError:
            pass  # not a move's number: a name or a card
        for action in legal:
            if self.action_name(state, action).lower() == text.lower():
                return action
        try:
            card = Card(text)
        except ConjureError:
            card = None
        if card is not None:
            for action in legal:
                if action == card.code:
                    return action
            raise GameError(f"{card} cannot be played now")
        raise GameError(f"{quote(typed)} is not a move here: type a number from 1 to {len(legal)}")

    def determinize(self, state: GameState, player: int, rng: random.Random) -> GameState:
        """A copy of ``state`` in which every card ``player`` cannot see is dealt again at
        random among the places it could be, and future chance is reseeded from ``rng``. Only
        what ``player`` can see is used; the history (which could tell hidden moves) is
        dropped."""
        new = state.copy()
        new.history = []
        new.seed = rng.getrandbits(31)
        slots: dict[str, list[tuple[list[int], int]]] = {}
        hidden: dict[str, list[int]] = {}
        pools = self.pools
        for zone, cards in new.zones.items():
            pool = pools.get(zone, "")
            for i, c in enumerate(cards):
                if not new.sees(player, zone, i, c):
                    slots.setdefault(pool, []).append((cards, i))
                    hidden.setdefault(pool, []).append(c)
        for pool in sorted(hidden):
            # sorted first, so the new deal depends on which cards are hidden, not where
            cards_ = sorted(hidden[pool])
            rng.shuffle(cards_)
            for (zone_cards, i), c in zip(slots[pool], cards_, strict=True):
                zone_cards[i] = c
        return new


def win_loss(points: Sequence[float]) -> tuple[float, ...]:
    """Returns for a game decided by points: 1 for the best, -1 for the others, 0 all round on
    a tie for the best."""
    best = max(points)
    winners = [i for i, p in enumerate(points) if p == best]
    if len(winners) > 1:
        return tuple(0.0 for _ in points)
    return tuple(1.0 if i == winners[0] else -1.0 for i in range(len(points)))


class MatchGame(Game):
    """A game of several deals whose result is the match score in ``vars['match']``.

    Subclasses write :meth:`new_deal` (using :meth:`start_deal` to gather and shuffle the cards)
    and end the match by setting ``state.current = TERMINAL``; returns and scores come from the
    match score. The dealer alternates, starting with player 0.
    """

    def deal(self, state: GameState) -> None:
        state.vars.update(match=(0,) * self.num_players, dealer=0, deals=0)
        self.new_deal(state)

    def new_deal(self, state: GameState) -> None:
        raise NotImplementedError

    def start_deal(self, state: GameState, cards: Iterable[int]) -> list[int]:
        """Empty every zone, forget what was shown, count the deal, and shuffle ``cards``."""
        for zone in state.zones.values():
            zone.clear()
        state.known.clear()
        state.vars["deals"] = state.vars.get("deals", 0) + 1
        return state.shuffled(cards)

    def deal_one_at_a_time(
        self, state: GameState, cards: list[int], each: int, hands: str = "hand"
    ) -> list[int]:
        """Deal ``each`` cards one at a time to every player, the dealer's left first (the next
        player), into zones ``hand0``, ``hand1`` …; return the cards left over."""
        n = self.num_players
        first = (state.vars["dealer"] + 1) % n
        for i in range(each * n):
            state.zones[f"{hands}{(first + i) % n}"].append(cards[i])
        return cards[each * n :]

    def next_dealer(self, state: GameState) -> None:
        state.vars["dealer"] = (state.vars["dealer"] + 1) % self.num_players

    def returns(self, state: GameState) -> tuple[float, ...]:
        return win_loss(state.vars["match"])

    def scores(self, state: GameState) -> tuple[int, ...]:
        return tuple(state.vars["match"])
