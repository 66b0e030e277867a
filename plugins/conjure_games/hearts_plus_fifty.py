"""Hearts plus fifty: 红心正五十分 (text 004), a trick game for three to five players, each for
himself, with four cards in hand and a draw after every trick. Hearts taken score plus, spades
minus, ♥2 beats every card, and one player taking all thirteen of a suit scores +200. The rules
and where each comes from are the ``rule_notes`` (``conjure rules hearts-plus-fifty``).

52 cards do not divide by three or five, so the last draw can leave some hands one card longer
than others: as in avoid-hearts, only the seats still holding cards play the last short trick.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import ClassVar, Final

import attrs

from conjure import Text
from conjure.deck import CARDS
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
    win_loss,
    win_loss_utility,
)

SPADE: Final = 0
HEART: Final = 1  # ♠ ♥ ♣ ♦ are suits 0 1 2 3
#: ♥2, which beats every card
HEART_TWO: Final = HEART * 13 + 1
#: strength within a suit: A high, then K … 2 (the 2 lowest: 红心以外的2仍为最小点的牌)
STRENGTH: Final = tuple(13 if c % 13 == 0 else c % 13 for c in range(52))
#: a heart's or a spade's value by rank index (A, 2, 3 … K): A K Q J 10, 10 9 8 7 5, 6 5 4 3 3,
#: the 2 20
RANK_VALUE: Final = (10, 20, 3, 3, 3, 3, 5, 5, 5, 5, 10, 10, 10)
#: points of each card taken: hearts plus, spades minus, clubs and diamonds nothing
POINTS: Final = tuple(
    RANK_VALUE[c % 13] if c // 13 == HEART else -RANK_VALUE[c % 13] if c // 13 == SPADE else 0
    for c in range(52)
)
#: all thirteen of hearts, or of spades, taken by one player
SUIT_BONUS: Final = 200
HAND: Final = 4
#: n -> a seat -> the seats of a table of n in turn from it
_ROUND: Final = {
    n: tuple(tuple((f + i) % n for i in range(n)) for f in range(n)) for n in range(2, 9)
}


@attrs.define(slots=False)
class HeartsPlusFiftyVars(TrickVars):
    """The trick game's values, the card turned for trump (shown to all and put back), and
    the seats playing the trick under way in their order."""

    turned: int = -1
    playing: tuple[int, ...] = ()


def deal_points(won: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """Each player's points for a deal from the cards each took: hearts plus and spades minus
    by their values; a player who took all thirteen hearts scores 200 for them instead, and
    one who took all thirteen spades scores +200 for them instead of their minus."""
    out = []
    for cards in won:
        hearts = [c for c in cards if c // 13 == HEART]
        spades = [c for c in cards if c // 13 == SPADE]
        h = SUIT_BONUS if len(hearts) == 13 else sum(POINTS[c] for c in hearts)
        s = SUIT_BONUS if len(spades) == 13 else sum(POINTS[c] for c in spades)
        out.append(h + s)
    return tuple(out)


class HeartsPlusFifty(TrickGame[HeartsPlusFiftyVars]):
    id = "hearts-plus-fifty"
    name_zh = "红心正五十分"
    name_en = "Hearts Plus Fifty"
    source = "text 004 「红心正五十分」"
    source_zh = "原文004「红心正五十分」"
    players = (4, 3, 5)
    deck_size = 52
    summary_en = (
        "3–5 players, each for himself: four cards in hand and a draw after each trick; a "
        "turned card names trump; ♥2 beats everything; hearts score plus, spades minus, and "
        "all thirteen of either suit +200."
    )
    summary_zh = (
        "3至5人各自为战：手持4张，每墩后补牌；翻一张定将；红心2管一切；红心为正分，黑桃为负分，"
        "一人独得一门13张为正200分。"
    )
    vars_type = HeartsPlusFiftyVars
    strength: ClassVar[Sequence[int]] = STRENGTH
    card_points: ClassVar[Sequence[int]] = POINTS
    deal_scale = 100.0
    options = (
        Option("deals", 4, 1, 100, Text("deals in a match (at most)", "一场比赛的副数（最多）")),
        Option(
            "target",
            0,
            0,
            2000,
            Text(
                "points that end the match at once (0: play every deal)",
                "立即结束比赛的分数（0：打完所有各副）",
            ),
        ),
    )
    rule_notes = (
        RuleNote(
            Text(
                "three to five players, each for himself; four is best; 52 cards",
                "三至五人，各自为战；四人最好；52张牌",
            ),
            "text",
            quote="扑克牌一副，去掉大、小王，共计52张牌。3～5人均可玩，以4人玩为宜",
        ),
        RuleNote(
            Text("♥2 beats every card, trumps included", "红桃2大于任何牌，将牌也包括在内"),
            "text",
            quote="红心2最大，可以管任何牌",
        ),
        RuleNote(
            Text(
                "♥2 may be played at any time, even by a player who could follow suit",
                "红桃2任何时候都可以打出，即使手中有首出花色的牌也可以",
            ),
            "assumed",
            Text(
                "the text says it can beat any card (可以管任何牌); were it bound by following sui"
                "t, "
                "a player holding it could seldom use it on a trick of another suit, and the text "
                "calls winning it the heart of the game (争夺红心2是斗牌的焦点)",
                "原文说它可以管任何牌；如果它也须遵守跟牌规则，持有者就很少能在别的花色的一墩中使"
                "用它，而原文说争夺红心2是斗牌的焦点",
            ),
        ),
        RuleNote(
            Text(
                "every other card ranks A K Q J 10 … 3 2 in its suit, the 2 lowest",
                "其他牌在各自花色中按 A K Q J 10 … 3 2 排列，2最小",
            ),
            "assumed",
            Text(
                "the text says only that 2s other than ♥2 are the lowest cards; A high is the rank "
                "order of the book's other trick games",
                "原文只说红桃2以外的2是最小的牌；A最大是本书其他斗牌游戏的牌序",
            ),
            quote="但在打牌过程中，红心以外的2仍为最小点的牌",
        ),
        RuleNote(
            Text(
                "hearts taken score plus and spades minus: A K Q J 10 each, 10 9 8 7 5 each, "
                "6 5 4 3 3 each; ♥2 +20 and ♠2 −20; clubs and diamonds nothing",
                "吃进的红桃计正分，黑桃计负分：A、K、Q、J各10分，10、9、8、7各5分，6、5、4、3各3分"
                "；红桃2 +20分，黑桃2 −20分；梅花和方块不计分",
            ),
            "text",
            quote="红心牌全为正分，黑桃牌全为负分，方块、梅花牌没有分。红心、黑桃的正负分为：A、"
            "K、Q、"
            "J各10分；10、9、8、7各5分；6、5、4、3各3分；红心2为正20分，黑桃2为负20",
        ),
        RuleNote(
            Text(
                "the dealer deals four cards to each, one at a time from the next seat; the rest "
                "is the stock",
                "发牌人从下家开始每次一张，给每人发四张；余下的牌是牌墩",
            ),
            "text",
            Text(
                "the text says four each; one at a time is assumed",
                "原文说每人四张；每次一张是推定的",
            ),
            quote="每人手中发4张牌，余下的牌为补牌",
        ),
        RuleNote(
            Text(
                "the dealer turns a card of the stock for trump, shows it and puts it back in its "
                "place: the middle card of the stock, known to all from then on",
                "发牌人从牌墩中翻一张牌定将牌，亮出后放回原处：即牌墩中间的一张，此后大家都知道",
            ),
            "text",
            Text(
                "任意 (any card): the middle one is taken, and as the table saw it put back, "
                "everyone knows who will draw it",
                "任意（任何一张）：取中间的一张；因为大家看见它被放回，所以人人都知道谁会摸到它",
            ),
            quote="由发牌者在发完每人4张牌后，从牌沓中任意翻一张为明牌，作为将牌花色，"
            "并把该牌插回原位",
        ),
        RuleNote(
            Text(
                "the dealer leads first; the winner of a trick leads the next",
                "发牌人首先出牌；每墩的赢家首先出下一墩",
            ),
            "text",
            quote="由发牌人（甲）带头打出一张牌……得胜者在下一轮中首出",
        ),
        RuleNote(
            Text(
                "play passes in seat order, to the next seat (甲 乙 丙 丁 in order)",
                "出牌按座次轮到下家（按甲乙丙丁的顺序）",
            ),
            "assumed",
            Text(
                "the text names no direction for this game; seats follow its order of naming",
                "原文没有说这个游戏的出牌方向；座位按原文列名的顺序",
            ),
        ),
        RuleNote(
            Text(
                "you must follow suit when you can; when you cannot, trump or throw any card",
                "能跟出同花色就必须跟；不能时可以将吃或垫任何牌",
            ),
            "assumed",
            Text(
                "the text lists following, throwing and trumping (跟出，或者垫牌、或者将吃) withou"
                "t "
                "saying following is compulsory; it is in the book's other trick games",
                "原文列出跟出，或者垫牌、或者将吃，没有说必须跟牌；本书其他斗牌游戏则必须跟牌",
            ),
            quote="其余人跟出，或者垫牌、或者将吃",
        ),
        RuleNote(
            Text(
                "the highest trump wins the trick, else the highest card of the suit led",
                "最大的将牌赢得这一墩，没有将牌时首出花色中最大的牌赢",
            ),
            "text",
            quote="每出一轮牌后比大小，由最大牌者得墩",
        ),
        RuleNote(
            Text(
                "after each trick the winner draws first, then the others in turn, while the stock "
                "lasts; play goes on until every card is played",
                "每墩之后，只要牌墩还有牌，赢家先摸一张，其他人依次摸牌；一直打到所有牌都出完",
            ),
            "text",
            quote="打完一轮后，由得墩者首先补一张牌，其余人跟着补一张……这样打到牌沓和手中的牌全部"
            "打光为止",
        ),
        RuleNote(
            Text(
                "when the stock runs out partway through a draw (3 or 5 players) some hands are a "
                "card longer: the seats still holding cards play the last trick among themselves",
                "摸牌中途牌墩用完时（三人或五人），有些人的手牌多一张：最后一墩由还有牌的人打",
            ),
            "assumed",
            Text(
                "the text plays every card and does not say what happens when 52 does not divide",
                "原文打完所有牌，没有说52张除不尽时怎么办",
            ),
        ),
        RuleNote(
            Text(
                "one player who takes all 13 hearts scores +200 for them; all 13 spades score +200 "
                "too (instead of their minus)",
                "一人吃进全部13张红桃时，这些红桃得+200分；吃进全部13张黑桃也得+200分（代替其负分"
                "）",
            ),
            "text",
            Text(
                "the bonus replaces the suit's own points (92 for hearts, −92 for spades)",
                "这项奖分代替该花色本身的分数（红桃92分，黑桃−92分）",
            ),
            quote="由一人独得红心13张牌，为正200分；由一人独得黑桃13张牌，也得正200分",
        ),
        RuleNote(
            Text(
                "the match is a number of deals (option, 4) or ends when someone reaches a target "
                "(option); the most points wins; the deal passes to the next seat",
                "一场比赛打若干副（选项，默认4副），或有人达到目标分数时结束（选项）；得分最多者胜"
                "；发牌轮到下家",
            ),
            "text",
            Text(
                "the text sets a target; a number of deals is added so a match always ends",
                "原文规定了目标分数；另加副数限制，使比赛一定能结束",
            ),
            quote="可预定好若干分为终局，先打到指标为胜者",
        ),
    )

    def most_moves(self) -> int:
        """Every deal plays its 52 cards, one move each; a match is at most the option
        deals."""
        return self.option_values["deals"] * 52

    def _zones(self) -> dict[str, str | int]:
        return trick_zones(self.num_players)

    def _reset_deal(self, state: GameState[HeartsPlusFiftyVars]) -> None:
        state.vars.turned = -1
        state.vars.playing = ()

    def _new_deal(self, state: GameState[HeartsPlusFiftyVars]) -> None:
        cards = self.shuffled_deck(state)
        stock = self.deal_one_at_a_time(state, cards, HAND)
        turned = stock[len(stock) // 2]
        state.reveal(turned)
        dealer = state.vars.dealer
        self.start_play(state, stock, leader=dealer, trump=turned // 13)
        state.vars.turned = turned
        state.vars.playing = self._seats_from(state, dealer)
        name = CARDS[turned]
        state.tell(f"{name} is turned: trump is {'♠♥♣♦'[turned // 13]}", f"翻{name}定将")

    def _seats_from(self, state: GameState[HeartsPlusFiftyVars], first: int) -> tuple[int, ...]:
        """The seats still holding a card, in turn from ``first``."""
        zones = state.zones
        order = _ROUND[self.num_players][first]
        for p in order:
            if not zones[HANDS[p]]:
                return tuple(p for p in order if zones[HANDS[p]])
        return order  # every seat holds a card: the whole table (the common case)

    def _legal_actions(self, state: GameState[HeartsPlusFiftyVars]) -> Sequence[int]:
        hand = state.zones[HANDS[state.current]]
        trick = state.zones["trick"]
        if not trick:
            return hand
        low = trick[0] // 13 * 13
        high = low + 13
        same = [c for c in hand if low <= c < high]
        if not same:
            return hand
        if HEART_TWO in hand and low != HEART * 13:
            same.append(HEART_TWO)
        return same

    #: the fast random playout, once imported (see :meth:`_play_random`)
    _fast_play: Callable[
        [HeartsPlusFifty, GameState[HeartsPlusFiftyVars], Callable[[], float], random.Random], int
    ]

    def _play_random(
        self,
        state: GameState[HeartsPlusFiftyVars],
        pick: Callable[[], float],
        chance: random.Random,
    ) -> int:
        """The fast random playout: :func:`conjure_games.fast.hearts_plus_fifty.play_random`
        (imported on first use and kept)."""
        try:
            play = self._fast_play
        except AttributeError:
            from conjure_games.fast.hearts_plus_fifty import play_random

            play = self._fast_play = play_random  # (an instance's, not bound: no self)
        return play(self, state, pick, chance)

    def _trick_reason(
        self, state: GameState[HeartsPlusFiftyVars], trick: Sequence[int], best: int
    ) -> Text:
        if trick[best] == HEART_TWO:
            return Text("♥2 beats every card", zh="红心2大于任何牌")
        return trick_reason(trick, best, state.vars.trump)

    def _power(self, state: GameState[HeartsPlusFiftyVars], card: int, led: int) -> int:
        if card == HEART_TWO:
            return 1000
        suit = card // 13
        if suit == state.vars.trump:
            return 100 + STRENGTH[card]
        if suit == led // 13:
            return STRENGTH[card]
        return 0

    def _apply_action(self, state: GameState[HeartsPlusFiftyVars], action: int) -> None:
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
        self._end_trick(state)

    def _end_trick(self, state: GameState[HeartsPlusFiftyVars]) -> None:
        """Every seat in play has laid a card: the trick is taken, the stock drawn from, and
        the next trick led, or the deal is over."""
        v = state.vars
        zones = state.zones
        trick = zones["trick"]
        playing = v.playing
        led = trick[0]
        power = self._power
        best, top = 0, power(state, led, led)
        for i in range(1, len(trick)):
            p = power(state, trick[i], led)
            if p > top:
                best, top = i, p
        winner = playing[best]
        if state.story is not None:
            state.tell(told_trick(winner, trick, self._trick_reason(state, trick, best)))
        self._take_trick(state, winner)
        trick.clear()
        self._draw(state, winner)
        nxt = self._seats_from(state, winner)
        if nxt:
            v.leader = nxt[0]
            v.playing = nxt
            state.current = nxt[0]
            return
        self._deal_over(state, winner)

    def _extras(self, state: GameState[HeartsPlusFiftyVars]) -> Sequence[int]:
        won = [state.zones[WON[p]] for p in range(self.num_players)]
        plain = [sum(POINTS[c] for c in cards) for cards in won]
        return tuple(d - p for d, p in zip(deal_points(won), plain, strict=True))

    def _deal_over(self, state: GameState[HeartsPlusFiftyVars], last: int) -> None:
        v = state.vars
        won = [state.zones[WON[p]] for p in range(self.num_players)]
        points = deal_points(won)
        v.score = points
        shown = " ".join(f"{x:+d}" for x in points)
        state.tell(f"points this deal: {shown}", f"本盘得分：{shown}")
        v.playing = ()
        self.close_deal(state, points)

    def _match_over(self, state: GameState[HeartsPlusFiftyVars]) -> bool:
        target = self.option_values["target"]
        if target and max(state.vars.match) >= target:
            return True
        return state.vars.deals >= self.option_values["deals"]

    def _utility(self) -> Utility:
        return win_loss_utility(self.num_players)

    def _returns(self, state: GameState[HeartsPlusFiftyVars]) -> tuple[float, ...]:
        return win_loss(state.vars.match)

    def _deal_value(
        self,
        start: GameState[HeartsPlusFiftyVars],
        end: GameState[HeartsPlusFiftyVars],
        player: int,
    ) -> float:
        n = self.num_players
        gained = [e - s for s, e in zip(start.vars.match, end.vars.match, strict=True)]
        others = (sum(gained) - gained[player]) / (n - 1)
        return max(-1.0, min(1.0, (gained[player] - others) / self.deal_scale))
