"""Goofspiel: bidding for the diamonds (text 003, the untitled game that opens the excerpt).

The thirteen diamonds lie face down; one at a time is turned up (a chance draw from those not yet
turned) and the players bid for it with a card from hand, laid face down and turned up together.
The rules and where each comes from are the ``rule_notes`` (``conjure rules goofspiel``)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import ClassVar, Final

import attrs

from conjure import Text
from conjure.deck import CARDS
from conjure.games import (
    ALL,
    HANDS,
    NOBODY,
    TERMINAL,
    WON,
    Game,
    GameState,
    Option,
    RuleNote,
    Utility,
    Vars,
    win_loss,
    win_loss_utility,
)

SPADES: Final = tuple(range(0, 13))
HEARTS: Final = tuple(range(13, 26))
CLUBS: Final = tuple(range(26, 39))
DIAMONDS: Final = tuple(range(39, 52))
BIDS: Final = ("bid0", "bid1")
#: the fact under the table (a dash when no bid is left)
_CAN_STILL_BID: Final = Text("player {p} can still bid {cards}", zh="玩家{p}还能投标的牌：{cards}")
DISCARD, CARRY, SPLIT = 0, 1, 2


def value(card: int) -> int:
    """A diamond's value: A 1, 2 … 10, J 11, Q 12, K 13."""
    return card % 13 + 1


VALUE: Final = tuple(value(c) for c in range(52))


@attrs.define(slots=False)
class GoofspielVars(Vars):
    score: tuple[float, ...] = (0, 0)


class Goofspiel(Game[GoofspielVars]):
    id = "goofspiel"
    name_zh = "投标方块"
    name_en = "Goofspiel"
    source = "text 003, untitled: the game that opens it"
    source_zh = "原文003（无题，开头的游戏）"
    deck_size = 52
    summary_en = "Bid with the cards of your suit for the diamonds turned up one by one; A is low."
    summary_zh = "用手中的牌投标逐张翻起的方块牌，A最小，方块点数多者获胜。"
    vars_type = GoofspielVars
    ace_high = False
    #: the bids are sealed: each player bids once a prize, neither seeing the other's bid
    simultaneous = True
    options = (
        Option(
            "ties",
            CARRY,
            0,
            2,
            Text(
                "a tied bid: 1 the diamond goes with the next one to the next winner (default), "
                "0 nobody gets it, 2 each scores half of it",
                "投标平手：1 这张方块与下一张一起归下一次的赢家（默认），0 谁也得不到，2 两人各得"
                "一半",
            ),
        ),
    )
    pools: ClassVar[dict[str, str]] = {
        "hand0": "spades",
        "bid0": "spades",
        "hand1": "hearts",
        "bid1": "hearts",
    }
    rule_notes = (
        RuleNote(
            Text(
                "13 diamonds face down; the top one is turned up and bid for",
                "13张方块面朝下；翻起最上面的一张，为它投标",
            ),
            "text",
            quote="在方块牌堆上翻起最上面的一张牌，游戏者试图通过投票获得这张牌",
        ),
        RuleNote(
            Text(
                "bids are laid face down and turned up together; the higher bid wins the diamond",
                "投标的牌面朝下放出，再同时翻开；投标点高的赢得这张方块",
            ),
            "text",
            quote="将其面朝下放在桌上……两人把各自的牌翻起来。高点投票赢得这张方块牌",
        ),
        RuleNote(
            Text("the Ace is the lowest card", "A是最小的牌"),
            "text",
            quote="请切记A在这个游戏中最低点",
        ),
        RuleNote(
            Text(
                "used bids stay face up at the side for both to see, so each player's remaining "
                "bids are public",
                "用过的投标牌面朝上留在边上，两人都看得见，所以每人剩下的投标牌是公开的",
            ),
            "text",
            quote="用来投标的两牌留在边上，面朝上，以便你们可以看什么牌已用",
        ),
        RuleNote(
            Text("the higher total of diamond values wins", "方块点总数多者获胜"),
            "text",
            quote="两个游戏者各自的方块点加起来，牌点数多的一人获胜",
        ),
        RuleNote(
            Text(
                "diamond values: A 1, 2 to 10 as marked, J 11, Q 12, K 13",
                "方块点：A 1点，2到10按牌面，J 11点，Q 12点，K 13点",
            ),
            "assumed",
            Text(
                "the text adds up 'diamond points' (方块点) without giving the court cards' values"
                "; "
                "11/12/13 continue the Ace-low order the text sets for bidding",
                "原文把方块点加起来，但没有给出J、Q、K的点数；11、12、13延续原文投标时A最小的顺序",
            ),
        ),
        RuleNote(
            Text(
                "a tied bid: the diamond stays and goes with the next one to the next winner "
                "(option ties=1); a tie on the last diamond leaves it and any carried with it "
                "unwon",
                "投标平手：这张方块留下，与下一张一起归下一次投标的赢家（选项 ties=1）；"
                "最后一张方块平手则无人得到",
            ),
            "assumed",
            Text(
                "「假如说游戏者投标出同样点数的牌，那么这次投标得分相同。"
                "游戏者再把另一张方块翻起并再次用两张牌投标」 and "
                "「直到所有的方块牌均被赢去为止」: play goes on until every diamond has been won, "
                "which fits carrying the tied diamond to the next bid best; setting it aside (ties"
                "=0) "
                "or splitting it (ties=2) are the other readings",
                "「假如说游戏者投标出同样点数的牌，那么这次投标得分相同。游戏者再把另一张方块翻起"
                "并再次用两张牌投标」和「直到所有的方块牌均被赢去为止」：游戏一直进行到所有方块都"
                "被赢去，这与把平手的方块留给下一次投标最相符；放在一边（ties=0）或平分（ties=2）"
                "是另外两种理解",
            ),
        ),
        RuleNote(
            Text(
                "player 1 holds the spades, player 2 the hearts; the clubs are not used",
                "1号拿黑桃，2号拿红桃；梅花不用",
            ),
            "assumed",
            Text(
                "the text says each player bids from a hand but not which cards; the traditional "
                "game gives each player one full suit, which the text's bids (any card A to K) fit",
                "原文说每人用手中的牌投标，但没有说是哪些牌；传统玩法给每人一整门花色，与原文的投"
                "标（A到K任何一张）相符",
            ),
        ),
        RuleNote(
            Text(
                "the players bid in turn, the second without seeing the first bid",
                "两人轮流投标，后投的人看不到先投的牌",
            ),
            "assumed",
            Text(
                "simultaneous bids are modelled as two turns with the first bid hidden, which is "
                "the same information for both players",
                "同时投标按两次轮流处理，先投的牌不公开，两人所知的信息相同",
            ),
        ),
        RuleNote(
            Text("equal totals are a draw", "总数相同为平局"),
            "assumed",
            Text("the text does not say", "原文没有说明"),
        ),
    )

    def __init__(self, num_players: int | None = None, **options: int) -> None:
        super().__init__(num_players, **options)
        self._ties = self.option_values["ties"]

    def most_moves(self) -> int:
        """Thirteen diamonds, two bids each."""
        return 26

    def _zones(self) -> dict[str, str | int]:
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

    def _deal(self, state: GameState[GoofspielVars]) -> None:
        z = state.zones
        z["hand0"] = list(SPADES)
        z["hand1"] = list(HEARTS)
        z["unused"] = list(CLUBS)
        z["prizes"] = list(DIAMONDS)
        state.shuffle("prizes", 1)

    def _after_chance(self, state: GameState[GoofspielVars], zone: str) -> None:
        z = state.zones
        prize = z["prizes"].pop(0)
        z["prize"].append(prize)
        state.current = 0
        if state.story is not None:
            state.tell(f"the {CARDS[prize]} is turned up", f"翻起{CARDS[prize]}")

    def _legal_actions(self, state: GameState[GoofspielVars]) -> Sequence[int]:
        return state.zones[HANDS[state.current]]

    def _apply_action(self, state: GameState[GoofspielVars], action: int) -> None:
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
        v = state.vars
        if a != b:
            winner = 0 if a > b else 1
            gain = VALUE[prize[0]]
            won = z[WON[winner]]
            won.extend(prize)
            tied = z["tied"]
            if tied and self._ties == CARRY:
                gain += sum(VALUE[c] for c in tied)
                won.extend(tied)
                tied.clear()
            s0, s1 = v.score
            v.score = (s0 + gain, s1) if winner == 0 else (s0, s1 + gain)
            if state.story is not None:
                state.tell(
                    f"bids {CARDS[first]} and {CARDS[action]}: player {winner + 1} wins "
                    f"{gain} points",
                    f"投标{CARDS[first]}对{CARDS[action]}：玩家{winner + 1}得{gain}分",
                )
        else:
            z["tied"].extend(prize)
            if self._ties == SPLIT:
                s0, s1 = v.score
                half = value(prize[0]) / 2
                v.score = (s0 + half, s1 + half)
            if state.story is not None:
                state.tell(
                    f"bids {CARDS[first]} and {CARDS[action]} tie",
                    f"投标{CARDS[first]}对{CARDS[action]}，平",
                )
        prize.clear()
        if z["prizes"]:
            state.shuffle("prizes", 1)  # the next diamond is turned up by chance
        else:
            state.current = TERMINAL

    def _play_random(
        self, state: GameState[GoofspielVars], pick: Callable[[], float], chance: random.Random
    ) -> int:
        """The fast random playout: :func:`conjure_games.fast.goofspiel.play_random`."""
        from conjure_games.fast.goofspiel import play_random

        return play_random(self, state, pick, chance)

    def _utility(self) -> Utility:
        return win_loss_utility(self.num_players)

    def _returns(self, state: GameState[GoofspielVars]) -> tuple[float, ...]:
        return win_loss(state.vars.score)

    def _facts(self, state: GameState[GoofspielVars], player: int) -> list[Text]:
        used = set(state.zones["used"])
        out = []
        for p, suit in ((0, SPADES), (1, HEARTS)):
            if p != player:
                left = [c for c in suit if c not in used]  # a bid face down is still unknown
                cards = " ".join(str(CARDS[c]) for c in left) or "—"  # as an empty zone reads
                out.append(_CAN_STILL_BID.format(p=p + 1, cards=cards))
        return out

    def _audit(self, state: GameState[GoofspielVars]) -> str | None:
        won: tuple[float, ...] = tuple(sum(value(c) for c in state.zones[w]) for w in WON[:2])
        if self._ties == SPLIT:
            split = sum(value(c) for c in state.zones["tied"]) / 2
            won = (won[0] + split, won[1] + split)
        if won != tuple(state.vars.score):
            return f"scores {state.vars.score} but the diamonds won add up to {won}"
        return None
