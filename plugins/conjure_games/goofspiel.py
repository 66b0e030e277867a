"""Goofspiel: bidding for the diamonds (seed 003, the untitled game that opens the excerpt).

Rules
=====

From the text: the thirteen diamonds are shuffled and stacked face down; the top one is turned
up and the players bid for it. Each chooses a card from hand and lays it face down; both are
turned up together, and the higher card wins the diamond, which its winner keeps face up. The
two bids stay face up at the side, so everyone can see which cards are gone. The Ace is the
lowest card. Then the next diamond is turned up, until all have been won; each player adds up
the values of the diamonds won (A 1 … K 13), and the higher total wins.

Rule notes
==========
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Final

from conjure.games import ALL, NOBODY, TERMINAL, Game, GameState, Option, RuleNote, win_loss

SPADES: Final = tuple(range(0, 13))
HEARTS: Final = tuple(range(13, 26))
CLUBS: Final = tuple(range(26, 39))
DIAMONDS: Final = tuple(range(39, 52))
HANDS: Final = ("hand0", "hand1")
WON: Final = ("won0", "won1")
DISCARD, CARRY, SPLIT = 0, 1, 2


class Goofspiel(Game):
    id = "goofspiel"
    name_zh = "投标方块"
    name_en = "Goofspiel"
    source = "seed 003 (untitled, opens the excerpt)"
    deck_size = 52
    summary_en = "Bid with the cards of your suit for the diamonds turned up one by one; A is low."
    summary_zh = "用手中的牌投标逐张翻起的方块牌，A最小，方块点数多者获胜。"
    options = (
        Option(
            "ties",
            DISCARD,
            0,
            2,
            "a tied bid: 0 nobody gets the diamond, 1 it goes with "
            "the next diamond to the next winner, 2 each scores half of it",
        ),
    )
    pools: ClassVar[dict[str, str]] = {
        "hand0": "spades",
        "bid0": "spades",
        "hand1": "hearts",
        "bid1": "hearts",
    }
    rule_notes = (
        RuleNote("13 diamonds shuffled face down, the top one turned up and bid for", "text"),
        RuleNote("bids are laid face down and turned up together; the higher bid wins", "text"),
        RuleNote("the Ace is the lowest card", "text"),
        RuleNote("used bids stay face up at the side for both to see", "text"),
        RuleNote("the higher total of diamond values wins (A=1, J=11, Q=12, K=13)", "text"),
        RuleNote(
            "a tied bid scores for nobody: the diamond is set aside (option ties=0)",
            "assumed",
            "the text says only that a tie 'scores the same' (得分相同) and the next diamond is "
            "turned up. Read literally, neither player gains by it; the common alternatives, "
            "carrying the diamond over to the next bid (ties=1) or splitting it (ties=2), are "
            "options.",
        ),
        RuleNote(
            "player 1 holds the spades, player 2 the hearts; the clubs are not used",
            "assumed",
            "the text says each player bids from a hand but not which cards; the traditional "
            "game gives each player one full suit, which the text's bids (any card A to K) fit.",
        ),
        RuleNote(
            "the players bid in turn, the second without seeing the first bid",
            "assumed",
            "simultaneous bids are modelled as two turns with the first bid hidden, which is "
            "the same information for both players.",
        ),
        RuleNote("equal totals are a draw", "assumed", "the text does not say."),
    )

    def __init__(self, num_players: int | None = None, **options: int) -> None:
        super().__init__(num_players, **options)
        self._ties = self.option_values["ties"]

    def zones(self) -> dict[str, str | int]:
        return {
            "prizes": NOBODY,
            "prize": ALL,
            "hand0": 0,
            "hand1": 1,
            "bid0": 0,
            "bid1": 1,
            "used": ALL,
            "won0": ALL,
            "won1": ALL,
            "tied": ALL,
            "unused": ALL,
        }

    def deal(self, state: GameState) -> None:
        z = state.zones
        z["hand0"] = list(SPADES)
        z["hand1"] = list(HEARTS)
        z["unused"] = list(CLUBS)
        prizes = state.shuffled(DIAMONDS)
        z["prize"] = [prizes.pop()]
        z["prizes"] = prizes
        state.vars["score"] = (0, 0)
        state.current = 0

    def legal_actions(self, state: GameState) -> Sequence[int]:
        return state.zones[HANDS[state.current]]

    def apply(self, state: GameState, action: int) -> None:
        z = state.zones
        if state.current == 0:
            z["hand0"].remove(action)
            z["bid0"].append(action)
            state.current = 1
            return
        z["hand1"].remove(action)
        first = z["bid0"].pop()
        used = z["used"]
        used.append(first)
        used.append(action)
        a, b = first % 13, action % 13  # Ace is 0: the lowest
        prize = z["prize"]
        if a != b:
            winner = 0 if a > b else 1
            value = prize[0] - 38
            z[WON[winner]].extend(prize)
            if self._ties == CARRY and z["tied"]:
                value += sum(c - 38 for c in z["tied"])
                z[WON[winner]].extend(z["tied"])
                z["tied"].clear()
            s0, s1 = state.vars["score"]
            state.vars["score"] = (s0 + value, s1) if winner == 0 else (s0, s1 + value)
        else:
            z["tied"].extend(prize)
            if self._ties == SPLIT:
                s0, s1 = state.vars["score"]
                half = (prize[0] - 38) / 2
                state.vars["score"] = (s0 + half, s1 + half)
        prize.clear()
        prizes = z["prizes"]
        if prizes:
            prize.append(prizes.pop())
            state.current = 0
        else:
            state.current = TERMINAL

    def returns(self, state: GameState) -> tuple[float, ...]:
        return win_loss(state.vars["score"])

    def audit(self, state: GameState) -> str | None:
        won = tuple(sum(c - 38 for c in state.zones[w]) for w in WON)
        if self._ties == SPLIT:
            split = sum(c - 38 for c in state.zones["tied"]) / 2
            won = (won[0] + split, won[1] + split)  # type: ignore[assignment]
        if won != tuple(state.vars["score"]):
            return f"scores {state.vars['score']} but the diamonds won add up to {won}"
        return None


__doc__ = (__doc__ or "") + "\n".join(
    f"- [{note.origin}] {note.rule}" + (f": {note.why}" if note.why else "")
    for note in Goofspiel.rule_notes
)
