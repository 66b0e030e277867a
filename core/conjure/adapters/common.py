"""What the adapters share: a conjure game state seen as the ecosystem sees a game.

:class:`Table` holds a :class:`~conjure.games.api.GameState` and, for each seat, what it saw of
every action so far, as words (:meth:`~conjure.games.api.GameState.action_seen`: a card dealt to
another hand reads "chance deals a card") and as numbers (:class:`~conjure.games.tensors.Recall`),
with one more record for what every seat saw (the public).

Actions are the game's fixed ids (:meth:`~conjure.games.api.Game.action_space`): a card keeps
its number from state to state. A move the game spells with several ids (a capture: the card
played, then each table card taken) is chosen one id at a time by the same seat; the table keeps
the ids chosen so far (:attr:`Table.move`) and makes the move when its last id is chosen. A
chance outcome's id is its code (a card drawn is the card's code).
"""

from __future__ import annotations

import json
import random
from typing import Any

from conjure.deck.cards import CARDS
from conjure.games.actions import CARD_CODES, ActionSpace, CodeSpace, spellings
from conjure.games.api import CHANCE, HANDS, MAX_PLAYERS, Game, GameState
from conjure.games.tensors import EVERYONE, PUBLIC, Encoder, Recall
from conjure.text import Text

#: the most moves declared for a game that states no bound (``Game.most_moves``)
MAX_GAME_LENGTH = 100_000

_CHOOSING = Text("choosing: {ids}", zh="正在选择：{ids}")
_DRAWS = Text("chance draws {card}", zh="随机抽出{card}")
#: how a card dealt out of sight reads (as :meth:`conjure.games.api.GameState.action_seen`)
_DEALS = Text("chance deals a card", zh="随机发出一张牌")


def game_name(game_id: str) -> str:
    """The ecosystem's name of a conjure game: ``conjure_`` and the id with ``_`` for ``-``."""
    return "conjure_" + game_id.replace("-", "_")


def chance_label(outcome: int) -> Text:
    """How chance's outcome ``outcome`` reads: a card drawn (every chance of the shipped games)
    or its number."""
    if 0 <= outcome < CARD_CODES:
        return _DRAWS.format(card=CARDS[outcome])
    return Text(f"chance {outcome}", zh=f"随机结果{outcome}")


def most_moves(game: Game[Any]) -> int:
    """The most ids a whole game can take: its bound on moves times the longest spelling."""
    bound = game.most_moves()
    return MAX_GAME_LENGTH if bound is None else bound * game.action_space().most


class Table:
    """One game in progress: the state, each seat's record of what it saw, and the ids chosen so
    far of a move being spelled."""

    __slots__ = ("_spelt", "move", "recall", "seen", "state")

    def __init__(
        self,
        state: GameState[Any],
        seen: list[list[str]] | None = None,
        recall: list[Recall] | None = None,
        move: tuple[int, ...] = (),
    ) -> None:
        self.state = state
        players = state.game.num_players
        self.seen: list[list[str]] = seen if seen is not None else [[] for _ in range(players)]
        #: one record a seat, then the public's
        self.recall = recall if recall is not None else [Recall.empty(players)] * (players + 1)
        self.move = move
        self._spelt: dict[tuple[int, ...], int] | None = None

    @classmethod
    def new(cls, game: Game[Any]) -> Table:
        return cls(game.new_initial_state())

    def copy(self) -> Table:
        return Table(self.state.copy(), [list(s) for s in self.seen], list(self.recall), self.move)

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        return self.copy()

    def __getstate__(self) -> dict[str, Any]:
        return {"state": self.state, "seen": self.seen, "recall": self.recall, "move": self.move}

    def __setstate__(self, data: dict[str, Any]) -> None:
        self.state, self.seen, self.recall = data["state"], data["seen"], data["recall"]
        self.move, self._spelt = data["move"], None

    @property
    def game(self) -> Game[Any]:
        return self.state.game

    @property
    def space(self) -> ActionSpace:
        return self.state.game.action_space()

    def describe(self) -> str:
        """Every zone with its cards, and the history of codes (for people debugging)."""
        zones = [
            f"{zone}: {' '.join(str(CARDS[c]) for c in cards)}"
            for zone, cards in self.state.zones.items()
        ]
        pending = [f"choosing: {list(self.move)}"] if self.move else []
        return "\n".join([*zones, f"history: {self.state.history}", *pending])

    # -- actions ---------------------------------------------------------------------------------

    def spelt(self) -> dict[tuple[int, ...], int]:
        """The legal actions now by their ids (kept until the state changes)."""
        if self._spelt is None:
            state = self.state
            self._spelt = spellings(state.game, self.space, state, state.legal_actions())
        return self._spelt

    def spell(self, code: int) -> tuple[int, ...]:
        """The ids of the game's action ``code`` (legal now), to be chosen in turn: the way to
        play a move that conjure's own bots chose."""
        if self.state.current == CHANCE:
            return (code,)
        return self.space.spell(self.state, code)

    def ids(self) -> list[int]:
        """The ids that may be chosen now, ascending: chance's outcomes at a chance node, else
        the next id of every legal move that begins with the ids chosen so far."""
        if self.state.current == CHANCE:
            return sorted(code for code, _ in self.state.chance_outcomes())
        if self.state.current < 0:
            return []
        at = len(self.move)
        return sorted({s[at] for s in self.spelt() if s[:at] == self.move})

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return sorted(self.state.chance_outcomes())

    def code_of(self, action_id: int) -> int | None:
        """The game's code of the move ``action_id`` completes, ``None`` if it only continues
        one; a :class:`ValueError` if it is not allowed now."""
        state = self.state
        if state.current == CHANCE:
            pending = state.chance
            if pending is not None:  # a card drawn: one of those not drawn yet
                allowed = action_id in state.zones[pending[0]][pending[2] :]
            else:
                allowed = action_id in {code for code, _ in state.chance_outcomes()}
            if not allowed:
                raise ValueError(f"{action_id} is not one of chance's outcomes now")
            return action_id
        if action_id not in self.ids():
            label = self.space.label(action_id) if 0 <= action_id < self.space.size else "?"
            raise ValueError(f"action {action_id} ({label}) is not allowed now")
        return self.spelt().get((*self.move, action_id))

    def apply(self, action_id: int) -> None:
        """Choose ``action_id``: chance's outcome, a whole move, or the next id of one; the move
        is made, and recorded for every seat, when its last id is chosen."""
        code = self.code_of(action_id)
        if code is None:
            self.move = (*self.move, action_id)
            return
        self.move = ()
        self.apply_code(code)

    def apply_code(self, code: int) -> None:
        """Make the game's action ``code`` (legal now), recording what each seat saw of it."""
        state = self.state
        mover = state.current
        players = state.game.num_players
        name = state.action_name(code) if mover >= 0 else ""
        said = self._said(code)
        hand = HANDS[mover] if 0 <= mover < MAX_PLAYERS else None
        before = set(state.zones.get(hand, ())) if hand else set()
        state.apply_legal(code)
        self._spelt = None
        for record, words in zip(self.seen, said, strict=True):
            record.append(words)
        if mover < 0:
            return
        after = set(state.zones.get(hand, ())) if hand else set()
        cards = sum(1 << c for c in before - after)
        special = code if isinstance(self.space, CodeSpace) and code >= CARD_CODES else None
        seen = [mover == p or words == name for p, words in enumerate(said)]
        for p in range(players):
            if seen[p]:
                self.recall[p] = self.recall[p].after(mover, cards, special)
        if all(seen):
            self.recall[players] = self.recall[players].after(mover, cards, special)

    def _said(self, code: int) -> list[str]:
        """How ``code``, about to be made, reads to each seat. A card drawn in the middle of a
        shuffle stays where it was drawn, so where the game reads actions as conjure does by
        default, whether a seat sees it is read off the zone without making the move on a copy
        (the cost of a whole deck dealt card by card)."""
        state = self.state
        players = state.game.num_players
        pending = state.chance
        if (
            pending is not None
            and pending[1] > 1
            and type(state.game)._action_seen is Game._action_seen
        ):
            zone, _, drawn = pending
            hidden = str(_DEALS.get("en"))
            drew = str(_DRAWS.format(card=CARDS[code]).get("en"))
            rule = state.game.visibility[zone]
            shown = state.known.get(code, 0)
            out = []
            for p in range(players):
                sees = rule in ("all", p) or (rule == "top" and drawn == 0) or shown >> p & 1
                out.append(drew if sees else hidden)
            return out
        return [state.action_seen(code, p) for p in range(players)]

    def action_label(self, player: int, action_id: int) -> str:
        """How ``action_id`` reads for ``player`` (or chance), in any state."""
        if player < 0:
            return str(chance_label(action_id))
        return str(self.space.label(action_id))

    # -- what a seat sees ------------------------------------------------------------------------

    def observation_dict(self, who: int) -> dict[str, Any]:
        """What ``who`` sees now (a seat, :data:`PUBLIC`: what every seat sees, or
        :data:`EVERYONE`: what any seat sees): every zone with the cards it cannot see as
        ``None``, the public values, whose turn it is, and the ids chosen so far of a move."""
        state = self.state
        encoder = encoder_of(state.game)
        zones = {
            zone: [
                CARDS[c].ascii if encoder.sees(state, who, zone, i, c) else None
                for i, c in enumerate(cards)
            ]
            for zone, cards in state.zones.items()
        }
        obs: dict[str, Any] = {
            "player": who if who >= 0 else None,
            "to_move": state.current,
            "zones": zones,
            "vars": state.vars.to_json(),
        }
        teams = state.teams()
        if teams:
            obs["teams"] = list(teams)
        if self.move and who == state.current:
            obs["choosing"] = [self.action_label(who, i) for i in self.move]
        return obs

    def observation(self, player: int) -> str:
        """What ``player`` sees now, as compact JSON."""
        data = self.observation_dict(player)
        return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)

    def information_state(self, player: int) -> str:
        """What ``player`` saw of every action so far, then what it sees now."""
        if player >= 0:
            lines = [f"seat {player}", *self.seen[player]]
        else:
            lines = ["public", *self.public_seen()]
        return "\n".join([*lines, self.observation(player)])

    def public_seen(self) -> list[str]:
        """What every seat saw of each action: the words they all heard, else 'a move'."""
        out = []
        for said in zip(*self.seen, strict=True):
            out.append(said[0] if len(set(said)) == 1 else "a move")
        return out

    def recall_of(self, who: int) -> Recall:
        players = self.state.game.num_players
        if who >= 0:
            return self.recall[who]
        return self.recall[players] if who == PUBLIC else _merged(self.recall[:players])

    def resample(self, player: int, rng: random.Random) -> Table:
        """A table ``player`` cannot tell from this one: every card it cannot see dealt again
        (:meth:`~conjure.games.api.Game.determinize`), the records kept."""
        state = self.state.game.determinize(self.state, player, rng)
        return Table(state, [list(s) for s in self.seen], list(self.recall), self.move)


def _merged(records: list[Recall]) -> Recall:
    """What any seat saw: the union of the records."""
    first = records[0]
    n = len(first.played)
    return Recall(
        tuple(_union(r.played[p] for r in records) for p in range(n)),
        tuple(max(r.moves[p] for r in records) for p in range(n)),
        tuple(_union(r.actions[p] for r in records) for p in range(n)),
    )


def _union(masks: Any) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


_ENCODERS: dict[int, tuple[Game[Any], Encoder]] = {}


def encoder_of(game: Game[Any]) -> Encoder:
    """The tensors' layout of ``game`` (made once per game object)."""
    found = _ENCODERS.get(id(game))
    if found is None or found[0] is not game:
        if len(_ENCODERS) > 256:
            _ENCODERS.clear()
        found = _ENCODERS[id(game)] = (game, Encoder(game))
    return found[1]


__all__ = [
    "EVERYONE",
    "MAX_GAME_LENGTH",
    "PUBLIC",
    "Table",
    "chance_label",
    "encoder_of",
    "game_name",
    "most_moves",
]
