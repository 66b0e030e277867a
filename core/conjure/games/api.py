"""The card-game API: a :class:`Game` (rules, metadata, options) and its :class:`GameState`.

The shape follows OpenSpiel's: a state is a node of the game tree; at a player's node
``legal_actions()`` lists what that player may do; at a chance node ``chance_outcomes()`` lists
what chance may do and with which probability (a card drawn from the unseen pool, a shuffle
drawn one card at a time); ``apply_action()`` takes either, checked, and records it in
``state.history``. A game therefore replays exactly from its history alone
(:meth:`Game.replay`), and tools that enumerate chance (exact analysis of small deals, search
over chance nodes) can drive any game.

One naming scheme. A game author overrides the protected hooks of :class:`Game`; callers (bots,
simulation, terminal play, tests) use the public methods of :class:`GameState`, which check
what they are given:

====================================  ==============================================================
author writes (protected hook)        callers use (public)
====================================  ==============================================================
``_zones()``                          ``game.visibility``
``_deal(state)``                      ``game.new_initial_state()``
``_legal_actions(state)``             ``state.legal_actions()``
``_apply_action(state, action)``      ``state.apply_action(action)`` (checked), ``apply_legal``
``_after_chance(state, zone)``        ``state.chance_outcomes()``, ``state.sample_chance(rng)``
``_returns(state)``                   ``state.returns()``
``_action_name(state, action)``       ``state.action_name(action)``, ``state.action_seen(…)``
``_scores(state)``, ``_audit(state)``  ``state.scores()``, ``game.audit(state)``
====================================  ==============================================================

Chance. A deal is written as ``state.shuffle("deck")``: the cards of zone ``deck`` are drawn
one at a time by chance, each outcome a card of the pool still undrawn with equal probability;
when the last is drawn the zone holds them in the order drawn and the core calls the game's
``_after_chance(state, zone)`` hook, which deals them out. ``state.shuffle(zone, k)`` draws only
``k`` cards (a prize turned up from an unseen pool, the cards of a deal); when more than one is
drawn, the cards not drawn then lie after them in order of their codes. A game with other
chance (dice, a coin) sets ``state.current = CHANCE`` and overrides ``_chance_outcomes`` and
handles the outcome in ``_apply_action``. The sampled fast path, ``state.sample_chance(rng)``,
draws a whole pending event at once and records the same outcomes that drawing card by card
would.

Actions are small non-negative integers. By convention a card is played by its code (0–53, see
:mod:`conjure.deck.cards`); other actions (close the stock, declare, pass) take codes from 64 up.
``state.vars`` is the game's typed record of public values (an attrs class derived from
:class:`Vars`: trump suit, scores, whose lead …): every value immutable and public. Anything
private is a card in a zone that only its owner sees.

This module holds :class:`Game`; the rest of the API has modules of its own: the state
(:class:`GameState`) in :mod:`conjure.games.state`, the terms it uses (the constants, options,
rule notes and errors) in :mod:`conjure.games.terms`, chance's draws in
:mod:`conjure.games.chance`, the record of a game (its vars, a state written as JSON and read
back) in :mod:`conjure.games.record`, and what each seat sees and what the table knows in
:mod:`conjure.games.observation`; this module names them all again.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar, Final, Generic

from conjure.deck.cards import CARDS, full_deck
from conjure.errors import UnknownNameError, UsageError
from conjure.games import observation as _observation
from conjure.games import record as _record
from conjure.games.actions import ActionSpace, CodeSpace
from conjure.games.chance import sample, shuffle
from conjure.games.inference import NO_FACTS, Facts
from conjure.games.observation import Dealer, determinize_with
from conjure.games.record import NoVars, Vars
from conjure.games.state import GameState, V
from conjure.games.terms import (
    ALL,
    CHANCE,
    HANDS,
    MAX_PLAYERS,
    NOBODY,
    SPECIAL,
    TERMINAL,
    TOP,
    UNKNOWN_SIDE,
    WON,
    ZONE_NAMES,
    GameError,
    Option,
    Outcome,
    RuleNote,
    SavedStateError,
    Utility,
    Visibility,
)
from conjure.inputs import check_range
from conjure.text import Text

__all__ = [
    "ALL",
    "CHANCE",
    "HANDS",
    "MAX_PLAYERS",
    "NOBODY",
    "SPECIAL",
    "TERMINAL",
    "TOP",
    "UNKNOWN_SIDE",
    "WON",
    "ZONE_NAMES",
    "Game",
    "GameError",
    "GameState",
    "NoVars",
    "Option",
    "Outcome",
    "RuleNote",
    "SavedStateError",
    "Utility",
    "Vars",
    "Visibility",
    "determinize_with",
    "sample",
    "shuffle",
]

_ACTION: Final = Text("action {n}", zh="动作{n}")
_NOT_HELD: Final = Text("it is not in your hand", zh="它不在你的手牌中")


class Game(Generic[V]):
    """Base class of every game. Subclasses set the class attributes and override the
    protected hooks; see the module docstring."""

    id: ClassVar[str]
    name_zh: ClassVar[str]
    name_en: ClassVar[str]
    source: ClassVar[str]
    #: ``source`` in Chinese ("原文000（百点摘冠）"); empty: the English is shown
    source_zh: ClassVar[str] = ""
    #: the player counts the game allows; the first is the default
    players: ClassVar[tuple[int, ...]] = (2,)
    deck_size: ClassVar[int] = 52
    summary_en: ClassVar[str] = ""
    summary_zh: ClassVar[str] = ""
    rule_notes: ClassVar[tuple[RuleNote, ...]] = ()
    options: ClassVar[tuple[Option, ...]] = ()
    #: the attrs class of ``state.vars`` (declare one; :class:`NoVars` by default)
    vars_type: ClassVar[type[Vars]] = NoVars
    #: zone -> pool for determinisation: a hidden card is dealt again only among the hidden
    #: places of its own pool (zones not named share one pool). Name pools when the rules tell
    #: everyone which cards a hidden zone can hold (each player's own suit, say).
    pools: ClassVar[dict[str, str]] = {}
    #: whether the Ace sorts above the King when actions are listed for people
    ace_high: ClassVar[bool] = True
    #: what people call the game's zones (a zone's name without its seat number) in each
    #: language, where :data:`ZONE_NAMES` has no name for one or the game calls it otherwise:
    #: ``{"pile": Text("pile", zh="牌堆")}``; a zone named nowhere shows its id
    zone_names: ClassVar[Mapping[str, Text]] = {}
    #: how many player actions a bot's random playout makes before :meth:`_deal_value` judges
    #: where it stands (``None``: on to the end of the deal). For a game whose deals are long
    #: and whose standing can be read mid-deal, so that the few moves that tell actions apart
    #: are not drowned in the noise of hundreds of random ones; its ``_deal_value`` then judges
    #: positions that are not over.
    playout_moves: ClassVar[int | None] = None
    #: the bot every other seat gets at the table unless told (``conjure play --bot``): the
    #: tree search, or, in a game whose ladder (``bench/ladder.py``) measured flat
    #: Monte-Carlo stronger, ``"mc"``
    table_bot: ClassVar[str] = "ismcts"
    #: every action code of the game lies below this: the ids of its actions for learning
    #: agents, unless the game gives an action space of its own (:meth:`_action_space`)
    action_codes: ClassVar[int] = 4 * SPECIAL
    #: zone (its name without the seat number) -> how many of its first cards the tensors
    #: give in order, card by card (:mod:`conjure.games.tensors`); by default the first card
    #: of a zone everyone or no one but the top is shown, and every card of a trick
    tensor_order: ClassVar[Mapping[str, int]] = {}
    #: whether the seats move at once: between two chance events each seat moves once and
    #: none sees another's move until all have moved (sealed bids), so that an environment
    #: may ask every seat for its move together
    simultaneous: ClassVar[bool] = False

    def __init__(self, num_players: int | None = None, **options: int) -> None:
        self.num_players = self.players[0] if num_players is None else num_players
        if self.num_players not in self.players:
            allowed = ", ".join(map(str, self.players))
            raise UsageError(f"{self.id} is played by {allowed} players, not {self.num_players}")
        known = {o.name: o for o in self.options}
        self.option_values: dict[str, int] = {o.name: o.default for o in self.options}
        for name, value in options.items():
            if name not in known:
                names = ", ".join(known) or "none"
                raise UnknownNameError(f"{self.id} has no option {name!r} (options: {names})")
            o = known[name]
            self.option_values[name] = check_range(value, f"option {name}", o.low, o.high)
        #: zone -> who sees it; fixed for the game
        self.visibility: dict[str, Visibility] = self._zones()
        #: whether random playouts may call :meth:`_play_random` (a game that writes it)
        self.fast_playout = type(self)._play_random is not Game._play_random
        #: whether plays show the table what a seat does not hold (a game that writes
        #: :meth:`_lacking_shown`)
        self.shows_lacking = type(self)._lacking_shown is not Game._lacking_shown

    @classmethod
    def citation(cls) -> Text:
        """Where the rules come from, in every language they were written in."""
        return Text(cls.source, cls.source_zh)

    # -- the hooks a game author overrides --------------------------------------------------------

    def _zones(self) -> dict[str, Visibility]:
        """Every zone of the game and who sees its cards."""
        raise NotImplementedError

    def _deal(self, state: GameState[V]) -> None:
        """Set up the start: put the cards in zones, set the vars, and either start a chance
        event (``state.shuffle(zone)``) or set whose turn it is."""
        raise NotImplementedError

    def _legal_actions(self, state: GameState[V]) -> Sequence[int]:
        """The actions the player to move may take (never empty before the end)."""
        raise NotImplementedError

    def _apply_action(self, state: GameState[V], action: int) -> None:
        """Make ``action`` (legal) for the player to move; set ``state.current``."""
        raise NotImplementedError

    def _after_chance(self, state: GameState[V], zone: str) -> None:
        """A draw started by ``state.shuffle(zone, …)`` is complete: deal the drawn cards (at
        the front of ``zone``) and set whose turn it is."""
        raise NotImplementedError

    def _chance_outcomes(self, state: GameState[V]) -> list[tuple[int, float]]:
        """Chance's outcomes at a chance node the game made itself (not by ``shuffle``)."""
        raise NotImplementedError

    def _returns(self, state: GameState[V]) -> tuple[float, ...]:
        """Each player's result at the end of the game (win 1, loss -1, draw 0 by default)."""
        raise NotImplementedError

    def _action_name(self, state: GameState[V], action: int) -> str | Text:
        """How ``action`` reads; a card's action reads as the card. A :class:`Text` gives the
        name in other languages too (players may type either)."""
        if action < SPECIAL:
            return str(CARDS[action])
        return _ACTION.format(n=action)

    def _action_label(self, action: int) -> str | Text:
        """How ``action`` reads in any state: what its fixed id is called for learning agents
        and the ecosystem (OpenSpiel's ``action_to_string``), so that a past action reads as it
        did. By default its name (:meth:`_action_name`) in a state holding nothing; a game whose
        names depend on the state (a bet's amount, the card turned up) says here what the code
        means wherever it is played."""
        try:
            return self._action_name(GameState(self), action)
        except Exception:  # a name that needs a state: the code alone
            return str(CARDS[action]) if 0 <= action < len(CARDS) else _ACTION.format(n=action)

    def _action_space(self) -> ActionSpace:
        """The fixed ids of the game's actions (:mod:`conjure.games.actions`): by default each
        code is its own id, below :attr:`action_codes`. A game whose codes mean different
        things in different states (positions on the table) or are far apart gives its own."""
        return CodeSpace(self, self.action_codes)

    def _utility(self) -> Utility | None:
        """The range of the returns and, when they always add up to the same total, that total
        (0: zero-sum), for these options and this many players; ``None``: not stated."""
        return None

    def _action_seen(self, state: GameState[V], action: int, player: int) -> str | Text:
        """How ``action`` reads to ``player``. By default a card action is hidden exactly when
        the card, once the action is made, lies where ``player`` cannot see it; other actions
        are public."""
        return _observation.action_seen(self, state, action, player)

    def _facts(self, state: GameState[V], player: int) -> Sequence[str | Text]:
        """Public knowledge worth showing ``player`` beside the table (what the rules let
        everyone work out, such as the bids an opponent has left)."""
        return []

    def _why_not(self, state: GameState[V], action: int) -> str | Text | None:
        """Why ``action``, which is not legal now, is refused, in a few words for the player
        (``None``: the caller says only that it is not allowed). By default a card not in the
        mover's hand is said to be so; a game says which of its rules forbids the others."""
        hand = state.zones.get(HANDS[state.current]) if 0 <= state.current < MAX_PLAYERS else None
        if action < SPECIAL and hand is not None and action not in hand:
            return _NOT_HELD
        return None

    def _menu_note(self, state: GameState[V]) -> str | Text | None:
        """A line above the menu saying what binds the choice now, where the moves open are
        fewer than the hand would suggest (you must follow suit; taking is compulsory), or
        ``None``."""
        return None

    def _menu_group(self, state: GameState[V], action: int) -> str | Text | None:
        """The family ``action`` belongs to in a long menu (``give … for …``): a run of moves
        of one family is shown as one line, each still typed by its name or number; ``None``
        for a move shown on its own."""
        return None

    def _warning(self, state: GameState[V], action: int) -> str | Text | None:
        """A sentence when ``action`` is legal but costly on its face (terminal play asks the
        player to confirm it)."""
        return None

    def _scores(self, state: GameState[V]) -> tuple[float, ...]:
        """The running scores shown to the players (``vars.score`` by default)."""
        return tuple(getattr(state.vars, "score", (0,) * self.num_players))

    def _audit(self, state: GameState[V]) -> str | None:
        """Recompute the game's own totals from scratch; a sentence if they disagree."""
        return None

    def _team_names(self) -> tuple[Text, ...]:
        """The sides the game reports on: fixed partnerships (``players 1 & 3``) or roles
        that seats take during a deal (``declarer's side``, ``defenders``). Empty (the default)
        when every seat plays for itself."""
        return ()

    def _teams(self, state: GameState[V]) -> tuple[int, ...]:
        """Each seat's side as the table knows it now (an index into :meth:`_team_names`, or
        :data:`UNKNOWN_SIDE` while the rules keep it secret). It must be computed from public
        values only: the conformance check compares observations, which include it, across
        deals of the hidden cards."""
        return ()

    def _team_returns(self, state: GameState[V]) -> tuple[float, ...]:
        """Each side's result at the end: by default the mean return of its seats under
        :meth:`_teams`. A game whose sides change from deal to deal overrides it."""
        teams = self._teams(state)
        if not teams:
            return ()
        returns = self._returns(state)
        out = []
        for side in range(len(self._team_names())):
            members = [returns[p] for p, t in enumerate(teams) if t == side]
            out.append(sum(members) / len(members) if members else 0.0)
        return tuple(out)

    def _all_cards(self) -> list[int]:
        """Every card the game uses (by default a full deck of ``deck_size``)."""
        return [c.code for c in full_deck(self.deck_size)]

    def _playout_actions(self, state: GameState[V]) -> Sequence[int]:
        """The actions a random playout picks among (all legal actions by default). A game
        may leave out what no player would do (a declaration it can see is false) or keep only
        what every player would do, so that playouts judge positions with less noise."""
        return self._legal_actions(state)

    def _random_actions(self, state: GameState[V]) -> Sequence[int]:
        """What the random bot picks among (every legal action by default). A game whose deal
        has a natural end that random play would almost never choose, and without which the
        deal runs on to no result, leaves the other choices out where that end is open: a
        player who can knock, knocks (hundred-point knock); one who can show a combination,
        shows. Nothing else is left out: the random bot stays a baseline."""
        return self._legal_actions(state)

    def most_moves(self) -> int | None:
        """The most moves (players' actions, chance's not counted) a whole match can take
        with these options and this many players: a bound every game states, so that any
        match, however it is played, ends (``None``: the game states none). A test plays
        random matches of every installed game against it."""
        return None

    def _play_random(
        self, state: GameState[V], pick: Callable[[], float], chance: random.Random
    ) -> int:
        """A game's own fast random playout, for :func:`conjure.games.bots.random_playout`
        when players pick uniformly among every legal action. From a player's turn of a
        state with no story (a told game is left to the general loop, which tells each move),
        play on with each action chosen as ``actions[int(pick() * len(actions))]`` from
        :meth:`_legal_actions` and recorded in the history, and return how many actions the
        players took. It may stop at any point (when chance acts, at the end of the game, or
        sooner): the general loop goes on from there. It may also let chance act itself,
        drawing from ``chance`` exactly the numbers :meth:`GameState.sample_chance` would and
        recording the same outcomes, but never past the end of a deal (where
        :meth:`_deal_number` changes): a match of deals stops there, for a caller that plays
        one deal only. The result must be exactly what the general loop gives for the same
        numbers (tested for every installed game); :attr:`fast_playout` is true when a game
        writes it."""
        raise NotImplementedError

    def _lacking_shown(self, state: GameState[V], action: int) -> int:
        """The cards (a bitmask) that the player to move shows the table he does not hold by
        taking ``action`` now, before it is applied: a card played off the suit led, where the
        rules oblige following, shows he holds none of that suit. Trick games get it from
        :func:`conjure.games.trick_taking.lacking_shown`; it must read public values only (it
        is asked of the game being played, never of a world a bot dealt), and every card it
        names must truly be absent from the hand (the conformance check tests both)."""
        return 0

    def _deal_number(self, state: GameState[V]) -> int:
        """Which deal of a match is being played (0 for a game of one deal)."""
        return 0

    def _deal_value(self, start: GameState[V], end: GameState[V], player: int) -> float:
        """How good for ``player`` it was to go from ``start`` to ``end`` (the end of the
        game, or of the deal in a match of deals), from -1 to 1: what bots' playouts judge."""
        return end.returns()[player]

    # -- what the core provides ------------------------------------------------------------------

    def action_label(self, action: int) -> Text:
        """How ``action`` reads in any state (:meth:`_action_label`), in every language."""
        return Text.of(self._action_label(action))

    def action_space(self) -> ActionSpace:
        """The fixed ids of the game's actions (made once per game)."""
        space = self.__dict__.get("_space")
        if space is None:
            space = self.__dict__["_space"] = self._action_space()
        return space

    def utility(self) -> Utility | None:
        """What the returns can be (:meth:`_utility`)."""
        return self._utility()

    def zone_text(self, zone: str) -> Text:
        """What people call ``zone`` (its seat number left off): the game's own name for it,
        else conjure's common name, else the id itself."""
        base = zone.rstrip("0123456789")
        name = self.zone_names.get(base) or ZONE_NAMES.get(base)
        return name if name is not None else Text(base)

    def all_cards(self) -> list[int]:
        """Every card the game uses (the conformance check accounts for each one)."""
        return list(self._card_codes())

    def _card_codes(self) -> tuple[int, ...]:
        """:meth:`_all_cards`, asked once: a game's cards are fixed with its options, and every
        deal starts from them."""
        try:
            return self._cards
        except AttributeError:
            self._cards: tuple[int, ...] = tuple(self._all_cards())
            return self._cards

    def team_names(self) -> tuple[Text, ...]:
        """The sides this game reports on (empty: every seat for itself)."""
        return self._team_names()

    def audit(self, state: GameState[V]) -> str | None:
        return self._audit(state)

    def new_initial_state(self, seed: int | None = None) -> GameState[V]:
        """The root of the game. It is usually a chance node (the shuffle); with ``seed``, the
        chance at the root is resolved by ``random.Random(seed)`` until a player is to move."""
        state: GameState[V] = GameState(self)
        self._deal(state)
        if seed is not None:
            rng = random.Random(seed)
            while state.current == CHANCE:
                state.sample_chance(rng)
        return state

    def replay(self, actions: Iterable[int]) -> GameState[V]:
        """The state reached from the root by ``actions`` (chance outcomes included), each
        checked: a game's history alone replays it exactly."""
        state = self.new_initial_state()
        for action in actions:
            state.apply_action(action)
        return state

    @classmethod
    def load_state(cls, data: Mapping[str, Any]) -> GameState[Any]:
        """A state written by :meth:`GameState.to_json`, in a game made with the player count
        and options it was written with."""
        return _record.load_state(cls, data)

    def state_from_json(self, data: Mapping[str, Any]) -> GameState[V]:
        """Rebuild a state written by :meth:`GameState.to_json` for this very game: the game,
        its player count and options must match, every field must be there and every card of
        the game must lie in exactly one zone."""
        return _record.read_state(self, data)

    def ordered_actions(self, state: GameState[V]) -> list[int]:
        """The legal actions in the order people read them: cards by suit and rank (Ace
        high), then the other actions."""
        shift = 1 if self.ace_high else 0
        return sorted(
            state.legal_actions(),
            key=lambda a: (0, a // 13, (a % 13 - shift) % 13) if a < SPECIAL else (1, a, 0),
        )

    def parse_action(self, state: GameState[V], text: str) -> int:
        """An action from what a player types, read so that it cannot misfire: a move's name
        (either language; cards in it in any notation and any order, ``give 3s for kh``),
        the game's own notation (:meth:`_read_move`: run-fast's ``4 4``), a card, and only
        then a number of :meth:`ordered_actions` (1-based). A number that could also be read
        as a card's rank (``9`` with a 9 open to play) is refused with both readings named;
        ``#9`` is always the menu's ninth move. A card or play that is not allowed is refused
        with the rule it breaks."""
        from conjure.games.typed import parse_typed

        return parse_typed(self, state, text)

    def _read_move(self, state: GameState[V], text: str) -> int | None:
        """A move written in the game's own notation (run-fast: the ranks of a play, ``4 4``,
        or its cards), which is read before a card or a menu number: the legal action it
        names, ``None`` when the text is not in that notation, or a :class:`GameError` saying
        which rule a play in that notation breaks."""
        return None

    def world_facts(self, state: GameState[V]) -> Facts:
        """The public facts about where the cards hidden from a seat lie, which every world a
        bot deals respects (:mod:`conjure.games.inference`): the suits each seat was seen not
        to follow (:attr:`GameState.lacking`) and whatever else the game's rules tell the
        table (:meth:`_world_facts`). Read from public values only."""
        return self._world_facts(state)

    def _world_facts(self, state: GameState[V]) -> Facts:
        """The facts of :meth:`world_facts`: by default the voids shown. A game whose rules
        tell more (a called card not in the kitty, a truthful "no" to an ask) adds its own,
        from public values only."""
        if not state.lacking:
            return NO_FACTS
        return Facts(forbid={HANDS[p]: m for p, m in enumerate(state.lacking) if m})

    def determinize(self, state: GameState[V], player: int, rng: random.Random) -> GameState[V]:
        """A copy of ``state`` in which every card ``player`` cannot see is dealt again at
        random among the places it could be: within its pool (:attr:`pools`), and consistent
        with every public fact about the hidden cards (:meth:`world_facts`: never into the
        hand of a seat the table knows lacks it). Every such deal is equally likely
        (:func:`conjure.games.inference.deal`, exact, no rejection). Only what ``player`` can
        see is used; the history (which could tell hidden moves and chance's draws) is
        dropped, and the copy does not read its plays for facts (nobody deals from a bot's
        world again)."""
        return determinize_with(self, state, player, rng, self.world_facts(state))

    def dealer(self, state: GameState[V], player: int) -> Callable[[random.Random], GameState[V]]:
        """What deals :meth:`determinize`'s worlds of ``state`` for ``player`` again and again:
        called with a random source, one world, the world :meth:`determinize` deals from that
        source, at about half its cost, what every world shares (the facts, the hidden places)
        read once. A game that deals its worlds its own way (its own :meth:`determinize`) is
        called for each. ``state`` must not change while the dealer is in use."""
        if type(self).determinize is not Game.determinize or "determinize" in vars(self):
            return functools.partial(self.determinize, state, player)
        return Dealer(self, state, player, self.world_facts(state))
