"""Avoid hearts: 巧避红桃 (text 002), a trick game for three to six players, each for himself,
where every heart taken costs a chip. The rules and where each comes from are the
``rule_notes`` (``conjure rules avoid-hearts``).

The text deals all 52 cards one at a time, so with three, five or six players some hands hold
one card more than others: those players, the dealer's left first, play one last short trick
among themselves (see the rule notes).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Final

import attrs

from conjure import Text
from conjure.games import (
    HANDS,
    WON,
    GameState,
    Option,
    RuleNote,
    TrickGame,
    TrickVars,
    Utility,
    told_trick,
    trick_reason,
    trick_zones,
)

HEART: Final = 1  # ♠ ♥ ♣ ♦ are suits 0 1 2 3
#: strength within a suit: A high, then K … 2
STRENGTH: Final = tuple(13 if c % 13 == 0 else c % 13 for c in range(52))
#: one chip for each heart taken
POINTS: Final = tuple(1 if c // 13 == HEART else 0 for c in range(52))
HEARTS: Final = 13


@attrs.define(slots=False)
class AvoidHeartsVars(TrickVars):
    """The trick game's values, the chips in the pot, and the seats playing the trick under
    way in their order (every seat still holding a card)."""

    pot: int = 0
    playing: tuple[int, ...] = ()


def settle(hearts: Sequence[int], pot: int) -> tuple[tuple[int, ...], int]:
    """The chips each player gains (or pays, negative) for a deal in which player ``p`` took
    ``hearts[p]`` hearts, and the pot left for the next deal, from a pot of ``pot`` before
    the deal's payments.

    One chip into the pot for each heart taken; the clean players share the pot equally (what
    does not divide stays in it); a player who took every heart pays nothing and takes a chip
    from each other player; when nobody is clean the pot carries over."""
    n = len(hearts)
    if max(hearts) == HEARTS:
        shooter = hearts.index(HEARTS)
        return tuple(n - 1 if p == shooter else -1 for p in range(n)), pot
    pot += sum(hearts)
    clean = [p for p in range(n) if hearts[p] == 0]
    share = pot // len(clean) if clean else 0
    gains = tuple((share if h == 0 else 0) - h for h in hearts)
    return gains, pot - share * len(clean)


class AvoidHearts(TrickGame[AvoidHeartsVars]):
    id = "avoid-hearts"
    name_zh = "巧避红桃"
    name_en = "Avoid Hearts"
    source = "text 002 「八、巧避红桃」"
    source_zh = "原文002「八、巧避红桃」"
    players = (4, 3, 5, 6)
    deck_size = 52
    summary_en = (
        "3–6 players, each for himself: follow suit, no trumps; each heart taken pays a chip "
        "to the pot, the clean players share it; taking all 13 hearts collects from everyone."
    )
    summary_zh = (
        "3至6人各自为战：须跟同花，无将牌；每吃一张红桃交一个筹码，未吃红桃者平分；"
        "一人吃尽红桃则向每人各收一个筹码。"
    )
    vars_type = AvoidHeartsVars
    strength: ClassVar[Sequence[int]] = STRENGTH
    card_points: ClassVar[Sequence[int]] = POINTS
    deal_scale = 13.0
    options = (
        Option("deals", 4, 1, 100, Text("deals in a match", "一场比赛的副数")),
        Option(
            "ante",
            0,
            0,
            20,
            Text("chips each player adds to the pot before a deal", "每副牌前每人放入彩池的筹码"),
        ),
    )
    rule_notes = (
        RuleNote(
            Text(
                "three to six players, each for himself; four is best",
                "三至六人，各自为战；四人最好",
            ),
            "text",
            quote="这游戏3-6人玩都可以，但以4人玩最为适宜，但这4人不像其他游戏那样分成两组对抗，"
            "而是单枪匹马地与其他人对抗",
        ),
        RuleNote(
            Text(
                "52 cards; the dealer deals them all, one at a time, in seat order",
                "52张牌；发牌人按座次每次一张，全部发完",
            ),
            "text",
            quote="52张（在一副扑克牌中，将2张特设王牌抽出来）。先用抽牌的方式决定发牌人，"
            "由发牌人按顺时针方向一次1张地将52张全部发完",
        ),
        RuleNote(
            Text(
                "play goes in seat order, and the seat after the dealer leads first",
                "出牌按座次进行，由发牌人的下家首先出牌",
            ),
            "text",
            Text(
                "seat order is the way the text deals (「按顺时针方向」), and the first lead, the "
                "dealer's left, is the next seat that way; the text never turns the other way",
                "座次就是原文发牌的方向（「按顺时针方向」），首先出牌的人（「由发牌人左边的第一人"
                "开始"
                "出牌」）就是这个方向的下一个座位；原文从未改变方向",
            ),
            quote="由发牌人左边的第一人开始出牌",
        ),
        RuleNote(
            Text(
                "with 3, 5 or 6 players the hands are uneven: the first 52 mod n seats after the "
                "dealer hold one card more, and they alone play a last short trick",
                "三、五或六人时手牌张数不等：从发牌人的下家起的前（52除以人数的余数）个座位多一张牌"
                "，最后一墩只由他们出牌",
            ),
            "assumed",
            Text(
                "the text deals every card (将52张全部发完) and says nothing of removing any, so t"
                "he "
                "odd cards stay in play; a seat with no card left sits the last trick out, and if "
                "the winner of the trick before has none, the next seat with a card leads",
                "原文发出全部牌（将52张全部发完），没有说去掉任何牌，所以多出的牌也要打；没有牌的"
                "座位不参加最后一墩；如果上一墩的赢家已无牌，则由按座次下一个有牌的人首先出牌",
            ),
        ),
        RuleNote(
            Text("A K Q J 10 … 2 in every suit; no trumps", "每种花色 A K Q J 10 … 2；没有将牌"),
            "text",
            quote="各种花型中的牌的大小顺序是：A（高）、K、Q、J、10、9、8、7、6、5、4、3、2",
        ),
        RuleNote(
            Text(
                "follow suit if you can, otherwise play any card; the highest card of the suit led "
                "wins and leads next",
                "能跟同花色就必须跟，否则可出任何牌；首出花色中最大的牌赢得这一墩，并首先出下一墩",
            ),
            "text",
            quote="其他人只要手中有与第一出牌人所出的牌花型一致的牌，就必须得跟着出；如果确实没有"
            "那种花型一致的牌，则可任意出一张别种花型……下一轮次的出牌就由上一轮的赢家开始",
        ),
        RuleNote(
            Text(
                "any card may be led at any time, hearts included",
                "任何时候都可以首先出任何牌，红桃也可以",
            ),
            "assumed",
            Text(
                "the text puts no limit on the lead (unlike the later Western Hearts)",
                "原文对首先出牌没有限制（与后来西方的红心游戏不同）",
            ),
        ),
        RuleNote(
            Text("each heart taken pays one chip into the pot", "每吃进一张红桃，向彩池付一个筹码"),
            "text",
            quote="拿到几张红桃牌就要交几个筹码",
        ),
        RuleNote(
            Text(
                "the players who took no heart share the pot equally; chips that do not divide sta"
                "y "
                "in the pot",
                "没有吃进红桃的人平分彩池；分不尽的筹码留在彩池中",
            ),
            "text",
            Text(
                "the text says 按人数平分 without saying what happens to a remainder; it stays in "
                "the pot like an undecided deal's chips",
                "原文说按人数平分，没有说余数怎么处理；余数像未分胜负那一副的筹码一样留在彩池中",
            ),
            quote="一张红桃牌都没有拿到的人，可得到全部筹码，如果有两个人以上没有拿到红桃牌，"
            "那就按人数平分",
        ),
        RuleNote(
            Text(
                "one player who takes every heart pays nothing and collects one chip from each "
                "other player; the pot carries over",
                "一人吃进全部红桃时不付筹码，并从其他每人各收一个筹码；彩池留到下一副",
            ),
            "text",
            Text(
                "the text gives the collector one chip from each player and nothing more; as nobod"
                "y "
                "paid for a heart, the pot (chips carried from earlier deals) stays for the next",
                "原文只说这人从每人各收一个筹码；因为没有人为红桃付筹码，彩池（以前各副留下的筹码"
                "）留到下一副",
            ),
            quote="如果单独一人收集了所有的红桃牌时，他就可以从其他人那里各领取一个筹码",
        ),
        RuleNote(
            Text(
                "when everybody took a heart the deal has no winner and the pot carries over",
                "每人都吃进了红桃时这一副无人获胜，彩池留到下一副",
            ),
            "text",
            quote="如果大家都拿到了一张或几张红桃牌，那这盘游戏就无输赢之分，就把这盘的筹码留存"
            "到下一盘游戏使用",
        ),
        RuleNote(
            Text(
                "an ante (option, 0 by default) is added by each player before every deal",
                "每副牌前每人放入底注（选项，默认为0）",
            ),
            "text",
            quote="下一盘游戏开始之前，可另加筹码，也可以不加",
        ),
        RuleNote(
            Text(
                "the deal passes to the next seat; a match is a number of deals (option, 4); the "
                "result is each player's chips won or lost",
                "由下家接着发牌；一场比赛打若干副（选项，默认4副）；结果是每人赢或输的筹码",
            ),
            "assumed",
            Text(
                "the text settles each deal in chips and does not say when play stops; chips left "
                "in "
                "the pot at the end belong to nobody",
                "原文每副用筹码结算，没有说何时结束；最后留在彩池中的筹码不归任何人",
            ),
        ),
    )

    def most_moves(self) -> int:
        """Every deal plays its 52 cards, one move each; a match is the option deals."""
        return self.option_values["deals"] * 52

    def _zones(self) -> dict[str, str | int]:
        return trick_zones(self.num_players)

    def _new_deal(self, state: GameState[AvoidHeartsVars]) -> None:
        cards = self.shuffled_deck(state)
        n = self.num_players
        first = state.vars.dealer + 1
        zones = state.zones
        for i, card in enumerate(cards):
            zones[HANDS[(first + i) % n]].append(card)
        ante = self.option_values["ante"]
        if ante:
            v = state.vars
            v.match = tuple(m - ante for m in v.match)
            v.pot += ante * n
        self.start_play(state, [], leader=first % n)
        state.vars.playing = self._seats_from(state, first % n)

    def _seats_from(self, state: GameState[AvoidHeartsVars], first: int) -> tuple[int, ...]:
        """The seats still holding a card, in seat order from ``first``."""
        n = self.num_players
        zones = state.zones
        return tuple(p for i in range(n) if zones[HANDS[p := (first + i) % n]])

    def _legal_actions(self, state: GameState[AvoidHeartsVars]) -> Sequence[int]:
        hand = state.zones[HANDS[state.current]]
        trick = state.zones["trick"]
        if not trick:
            return hand
        suit = trick[0] // 13
        same = [c for c in hand if c // 13 == suit]
        return same or hand

    def _apply_action(self, state: GameState[AvoidHeartsVars], action: int) -> None:
        v = state.vars
        zones = state.zones
        zones[HANDS[state.current]].remove(action)
        trick = zones["trick"]
        trick.append(action)
        playing = v.playing
        k = len(trick)
        if k < len(playing):
            state.current = playing[k]
            return
        suit = trick[0] // 13
        best, top = 0, STRENGTH[trick[0]]
        for i in range(1, k):
            c = trick[i]
            if c // 13 == suit and STRENGTH[c] > top:
                best, top = i, STRENGTH[c]
        winner = playing[best]
        if state.story is not None:
            state.tell(told_trick(winner, trick, trick_reason(trick, best, -1)))
        self._take_trick(state, winner)
        trick.clear()
        nxt = self._seats_from(state, winner)
        if nxt:
            v.leader = nxt[0]
            v.playing = nxt
            state.current = nxt[0]
            return
        self._deal_over(state, winner)

    def _deal_over(self, state: GameState[AvoidHeartsVars], last: int) -> None:
        v = state.vars
        gains, v.pot = settle(v.score, v.pot)
        shown = " ".join(f"{g:+d}" for g in gains)
        state.tell(f"chips this deal: {shown}; pot {v.pot}", f"本盘筹码：{shown}；彩池{v.pot}")
        v.playing = ()
        self.close_deal(state, gains)

    def _match_over(self, state: GameState[AvoidHeartsVars]) -> bool:
        return state.vars.deals >= self.option_values["deals"]

    def _utility(self) -> Utility:
        """A deal costs a player at most the ante and twelve hearts (the thirteenth would
        make him the shooter), and pays him at most what went into the pot (every ante and
        thirteen hearts); what stays in the pot belongs to nobody, so the returns add up to no
        fixed total."""
        deals, ante = self.option_values["deals"], self.option_values["ante"]
        return Utility(-deals * (ante + HEARTS - 1), deals * (self.num_players * ante + HEARTS))

    def _returns(self, state: GameState[AvoidHeartsVars]) -> tuple[float, ...]:
        return tuple(float(m) for m in state.vars.match)

    def _deal_value(
        self,
        start: GameState[AvoidHeartsVars],
        end: GameState[AvoidHeartsVars],
        player: int,
    ) -> float:
        n = self.num_players
        gained = [e - s for s, e in zip(start.vars.match, end.vars.match, strict=True)]
        others = (sum(gained) - gained[player]) / (n - 1)
        return max(-1.0, min(1.0, (gained[player] - others) / self.deal_scale))

    def _audit(self, state: GameState[AvoidHeartsVars]) -> str | None:
        for p in range(self.num_players):
            hearts = sum(POINTS[c] for c in state.zones[WON[p]])
            if hearts != state.vars.score[p]:
                return f"player {p + 1} took {hearts} hearts but is counted {state.vars.score[p]}"
        return None
