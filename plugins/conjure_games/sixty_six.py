"""Sixty-six: 一帆风顺 (text 000) and 六六大顺 (text 003), the same game in two copies that both
narrate one example deal (spades trump; the dealer holds ♦A ♣A ♣J ♣9 ♥Q ♠9, the other player
♥K ♦K ♣K ♣10 ♠Q ♠J). The rules and where each comes from are the ``rule_notes`` below
(``conjure rules sixty-six``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Final

import attrs

from conjure import Text
from conjure.deck import CARDS, SUIT_SYMBOLS
from conjure.games import (
    HANDS,
    SPECIAL,
    Declarations,
    GameState,
    MarriageRule,
    Option,
    RuleNote,
    TrickGame,
    TrickVars,
    declare,
    trick_zones,
)

# rank index in a suit (code % 13): A=0, 9=8, 10=9, J=10, Q=11, K=12
ACE, NINE, TEN, JACK, QUEEN, KING = 0, 8, 9, 10, 11, 12
RANK_ORDER: Final = {ACE: 6, TEN: 5, KING: 4, QUEEN: 3, JACK: 2, NINE: 1}
POINTS: Final = {ACE: 11, TEN: 10, KING: 4, QUEEN: 3, JACK: 2, NINE: 0}
CARD_STRENGTH: Final = tuple(RANK_ORDER.get(c % 13, 0) for c in range(52))
CARD_POINTS: Final = tuple(POINTS.get(c % 13, 0) for c in range(52))
DECK: Final = tuple(s * 13 + r for s in range(4) for r in (ACE, NINE, TEN, JACK, QUEEN, KING))

MARRY: Final = SPECIAL  # MARRY + code: lead this King or Queen declaring the marriage
#: the King and Queen of a suit, 40 in trumps and 20 otherwise (rules 7 and 8)
MARRIAGES: Final = Declarations([MarriageRule(20, 40)])
#: card code -> the marriage it belongs to
MARRIAGE_OF: Final = {c: i for i, m in enumerate(MARRIAGES.catalogue) for c in m.cards}
#: (the King, the Queen, the actions leading either) of each marriage, in catalogue order: what
#: MARRIAGES.find answers for a hand, read without a search (a hand holds no larger combination)
MARRIAGE_ACTIONS: Final = tuple(
    (m.cards[0], m.cards[1], (MARRY + m.cards[0], MARRY + m.cards[1])) for m in MARRIAGES.catalogue
)
CHANGE: Final = SPECIAL + 64  # CHANGE + suit: show the trump 9, name the suit, lead the 9
CLOSE: Final = SPECIAL + 70
PASS: Final = SPECIAL + 71  # listed before declaring, which costs 3 when short of 66
DECLARE: Final = SPECIAL + 72

#: how the moves other than a plain card read, in every language (players may type either)
_MARRY: Final = Text("marry {card}", zh="结婚{card}")
_CHANGE: Final = Text("change trump to {suit}", zh="换王牌为{suit}")
_SAID: Final = {
    CLOSE: Text("close", zh="关闭储备牌"),
    DECLARE: Text("declare 66", zh="宣布66"),
    PASS: Text("pass", zh="不宣布"),
}
#: how a deal ends, told to the table
_WHY: Final = {
    "short": Text("player {p} declared with only {score}: -3", zh="玩家{p}只有{score}分就宣布：-3"),
    "both": Text(
        "both have 66 or more: nobody scores, 1 point carried to the next deal",
        zh="双方都有66分以上：都不得分，1分留到下一局",
    ),
    "no trick": Text("the other took no trick", zh="对方一墩未得"),
    "32 or less": Text("the other has 32 or less", zh="对方只有32分或更少"),
    "more than 32": Text("the other has more than 32", zh="对方超过32分"),
    "won": Text(
        "player {p} declared {score}: +{n} ({reason})", zh="玩家{p}宣布{score}分：+{n}（{reason}）"
    ),
    "nobody": Text("nobody declared: the deal is drawn", zh="无人宣布：本局平局"),
}
MAX_DEALS: Final = 200
#: what a deal's declaration is measured against: "超过66分" read as 66 or more
WINNING: Final = 66
_SHORT: Final = Text(
    "You have {score}, short of 66: declaring now costs 3 game points and gives the other "
    "player 3.",
    zh="你只有{score}分，不到66分：现在宣布要扣3局分，对方得3分。",
)


def suit(card: int) -> int:
    return card // 13


@attrs.define(slots=False)
class SixtySixVars(TrickVars):
    """The public state of a match of sixty-six."""

    #: game points carried to the winner of the next deal (both had 66 after a declaration)
    carry: int = 0
    #: points scored in this deal beyond the cards (marriages, the last trick)
    extra: tuple[int, ...] = (0, 0)
    #: the player on lead won the trick before (closing and changing trump need it)
    won_last: bool = False
    closed: bool = False
    #: the marriage announced with the card led (40 or 20), or -1
    marriage: int = -1
    #: every card is played: the winner of the last trick declares or passes
    final: bool = False


class SixtySix(TrickGame[SixtySixVars]):
    id = "sixty-six"
    name_zh = "六六大顺"
    name_en = "Sixty-six"
    source = "text 000 「一帆风顺」 and text 003 「五、六六大顺」"
    source_zh = "原文000「一帆风顺」与原文003「五、六六大顺」"
    deck_size = 24
    summary_en = "24 cards, trump and marriages, the 9 of trump changes trump; declare 66 first."
    summary_zh = "24张牌，王牌与结婚，王牌9可以变更王牌；先达到66分并宣布者胜。"
    options = (
        Option("target", 7, 1, 21, Text("game points that win the match", "赢得比赛所需的局分")),
    )
    vars_type = SixtySixVars
    strength: ClassVar[Sequence[int]] = CARD_STRENGTH
    card_points: ClassVar[Sequence[int]] = CARD_POINTS
    deal_scale = 3.0
    rule_notes = (
        RuleNote(
            Text("24 cards: A, 10, K, Q, J, 9 of each suit", "24张牌：每种花色A、10、K、Q、J、9"),
            "text",
            quote="24张牌，包括A、9、10、J、Q、K",
        ),
        RuleNote(
            Text("rank A>10>K>Q>J>9", "牌序 A>10>K>Q>J>9"),
            "text",
            Text(
                "text 003; text 000 says A>K>Q>J>10>9, but the example deal in both copies needs "
                "10 above K and J: the dealer's ♥10 wins over ♥J and his ♦10 over ♦Q",
                "取原文003；原文000说A>K>Q>J>10>9，但两个版本的例子都要求10大于K和J：庄家的红桃1"
                "0赢红桃J，方块10赢方块Q",
            ),
            quote="牌的大小：A>10>K>Q>J>9的次序",
        ),
        RuleNote(
            Text(
                "the dealer deals one card at a time, six each; 12 cards form the stock",
                "庄家每次发一张，每人六张；12张作为储备牌",
            ),
            "text",
            quote="庄家一次分一张牌给对手和自己，共分6次6张牌。剩下12张牌，放在桌子中央，当贮存牌",
        ),
        RuleNote(
            Text(
                "the top card of the stock is turned up for trump, then put back on top",
                "翻开储备牌的顶牌定王牌，再放回顶上",
            ),
            "text",
            Text(
                "'put back into the stock' (再把牌放入储备牌中): on top, as the example's first dr"
                "aw "
                "shows: the dealer draws ♠K, the trump card that was turned up",
                "「再把牌放入储备牌中」：放在顶上，例子中第一次摸牌可以说明：庄家摸到的黑桃K正是翻"
                "开的那张王牌",
            ),
            quote="庄家翻开贮存牌的顶牌，以翻开牌的花色当王牌，彼此确认后，再将牌放入贮存牌中……庄"
            "家赢了，各抽一张贮存牌。庄家一黑桃K",
        ),
        RuleNote(
            Text(
                "card points A 11, 10 10, K 4, Q 3, J 2, 9 0",
                "牌分：A 11分，10 10分，K 4分，Q 3分，J 2分，9 0分",
            ),
            "text",
            quote="A——11分，10——10分，K——4分，Q——3分，J——2分，9——0分",
        ),
        RuleNote(
            Text(
                "the trick winner takes both cards, draws first and leads next",
                "赢这一回的人收走两张牌，先摸牌，并出下一张台牌",
            ),
            "text",
            quote="以相互出的2张牌之大小决定胜负，赢的人可以拿这2张牌……让赢的对手先拿一张贮存牌"
            "……赢的对手继红桃A之后出红桃K当台牌",
        ),
        RuleNote(
            Text("the dealer leads the first trick", "由庄家出第一张台牌"),
            "text",
            Text("the example deal", "例子"),
            quote="由庄家出台牌",
        ),
        RuleNote(
            Text(
                "follow suit; if unable, trump; if unable, any card; also after the stock is close"
                "d "
                "or used up",
                "必须跟出同花色；不能时出王牌；再不能时可出任何牌；储备牌关闭或用完后也是如此",
            ),
            "text",
            Text(
                "the example makes the follower play the led suit while the stock is open (he has "
                "♦K, so must play ♦K), and one who cannot follow 'must play clubs', the trump. The "
                "texts name no stricter duty (to head the trick) after closing or exhaustion, so "
                "there is none",
                "例子中储备牌未关闭时后出的人也要跟出台牌的花色（他有方块K，所以必须出方块K），不"
                "能跟的人「必须出梅花」，即王牌。原文没有规定关闭或用完后更严的义务（必须压过），"
                "所以没有",
            ),
            quote="对手若没有方块时，可以出王牌的黑桃J，但他有方块K、所以要出方块K……庄家手上若没有"
            "红桃的牌，就要出梅花",
        ),
        RuleNote(
            Text(
                "marriage K+Q: 40 in trumps, 20 otherwise, scored if the trick led with it is won, "
                "also before the player's first won trick",
                "结婚K+Q：王牌40分，其他花色20分，用它出台牌而赢了这一回时得分，在这人第一次赢牌之"
                "前也可以",
            ),
            "text",
            Text(
                "rule 6 asks only that the trick be won; the texts set no earlier condition",
                "第6条只要求赢这一回；原文没有更早的条件",
            ),
            quote="手牌中有同花色的K、Q时，要宣告“结婚”，向对方公开后，命K、Q任一张当台牌，若这回"
            "赢的话；就可以得分。7.和王牌同花色的K、Q——40分。8.王牌以外的花色的K、Q——20分",
        ),
        RuleNote(
            Text(
                "on lead after winning a trick, the holder of the 9 of trump may show it, change "
                "trump to another suit, and lead the 9; several 9s may change trump again",
                "赢了一回而出台牌时，持有王牌9的人可以亮出它，把王牌换成另一种花色，并以这张9出台"
                "牌；有几张9时可以再换王牌",
            ),
            "text",
            Text(
                "the 9 is then led, as the example does",
                "然后以这张9出台牌，与例子相同",
            ),
            quote="第一回赢的人，若手上握有和王牌同花色的“9”的牌时，在台牌出来前，可以先让对方看这"
            "张牌，同时可喊“变更王牌”……若手上有4张“9”的牌，那么就可以变更4次王牌了……变更王牌之后，"
            "黑桃9就当台牌了",
        ),
        RuleNote(
            Text(
                "trump changes and marriages stay allowed after the stock is closed",
                "储备牌关闭后仍可变更王牌和结婚",
            ),
            "assumed",
            Text("the texts forbid neither after closing", "原文没有禁止关闭后这样做"),
        ),
        RuleNote(
            Text(
                "last trick 10, not when the stock was closed", "最后一回得10分，储备牌关闭时不给"
            ),
            "text",
            Text("rules 11, 13", "第11、13条"),
            quote="奖金：最后一次赢时10分，但是，贮存牌若在中途关闭，就不能拿到奖金了",
        ),
        RuleNote(
            Text(
                "a player on lead who has won the trick before may close the stock: no more "
                "drawing, no last-trick bonus, no other penalty",
                "赢了上一回而出台牌的人可以关闭储备牌：不再摸牌，最后一回不加分，没有其他罚则",
            ),
            "text",
            Text("rules 11, 13; the texts give no other penalty", "第11、13条；原文没有其他罚则"),
            quote="关闭：赢一次的人，可以依自己的得分和手牌的内容判断停止拿贮存牌。被关闭后的贮存"
            "牌，以后就不可以再用了，只能用手牌",
        ),
        RuleNote(
            Text(
                "66 wins the deal: 1 game point, 2 if the other has 32 or less, 3 if the other "
                "won no trick; the loser is debited as much (the match score is zero-sum)",
                "宣布66分（达到66分或以上）者赢这一局：得1分，对方32分以下得2分，对方一次也没赢得3"
                "分；"
                "输的人扣同样的分",
            ),
            "text",
            Text(
                "both copies say 60 once and 66 everywhere else; '超过66分' is read as 66 or more, "
                "the count the game is named after. Debiting the loser lengthens a match: with a "
                "target of 7 a match between random players takes about 26 deals",
                "两个版本都有一处说60分，其他地方都说66分；「超过66分」理解为66分或以上，游戏正是"
                "以此得名。给输家扣分会使比赛变长：目标为7时，随机出牌的两人一场比赛约打26副",
            ),
            quote="如果对方的得分在33分以上，赢的人加l分，输的人扣1分。如果对方的得分在32分以下，"
            "赢的人加2分，输的人扣2分。如果对方没有赢的机会，赢的人加3分，输的人扣3分",
        ),
        RuleNote(
            Text(
                "a declaration short of 66 costs 3 game points and gives the other player 3; a "
                "carried point is lost",
                "宣布时不到66分则扣3局分，对方得3分；留下的分作废",
            ),
            "text",
            Text(
                "rules 15/18; the closing remark of both copies says 2 for a miscount found after "
                "the game: we follow the numbered rules. The carried point goes to 'the winner of "
                "the next deal', and a false declaration is a loss, not a win",
                "第15、18条；两个版本最后的说明都说游戏后发现计错给2分：这里按编号的规则。留下的分"
                "归「下一局的赢家」，错误的宣布算输，不算赢",
            ),
            quote="宣布66分以后，计算得分，如果还不到66分，宣布者扣3分，接受宣布者加3分",
        ),
        RuleNote(
            Text("no declaration: the deal is drawn", "无人宣布：这一副为平局"),
            "text",
            Text("rule 19", "第19条"),
            quote="没有宣布66分，双方平手",
        ),
        RuleNote(
            Text(
                "both at 66 or more after a declaration: nobody scores, the next deal's winner "
                "gets 1 extra",
                "宣布后两人都在66分或以上：谁也不得分，下一副的赢家多得1分",
            ),
            "text",
            Text("rule 20", "第20条"),
            quote="宣布66分后，被宣布者超过66分时得0分，但是，在下一回游戏中给赢的人多加l分",
        ),
        RuleNote(
            Text(
                "a player may declare when on lead after winning a trick, and after the last trick "
                "if they won it; declaring is a choice, never forced",
                "赢了一回而出台牌时可以宣布，赢得最后一回后也可以宣布；宣布由自己选择，从不强制",
            ),
            "assumed",
            Text(
                "the texts say to announce on reaching 66 (must announce) but not when; a forced "
                "announcement would be the only move, and a player may count wrong, which rule 15 "
                "punishes, so declaring is left to the player",
                "原文说到66分时要宣布（必须宣布），但没有说何时；强制宣布就成了唯一的着法，而且人"
                "可能算错，第15条正是罚这种错误，所以宣布由本人决定",
            ),
        ),
        RuleNote(
            Text(
                "the dealer alternates; the match is won at 7 game points (option target)",
                "两人轮流做庄家；先得7局分者赢得比赛（选项 target）",
            ),
            "assumed",
            Text(
                "the texts play 'several games' and do not give the match length; 7 is the "
                "traditional target",
                "原文玩「几局」，没有给出比赛长度；7分是传统的目标",
            ),
        ),
        RuleNote(
            Text(
                "a match that reaches 200 deals ends there, the higher total winning",
                "比赛打到200副就结束，总分高者胜",
            ),
            "assumed",
            Text(
                "drawn deals score nothing, so a match needs a bound to end",
                "平局的一副不计分，所以比赛需要上限才能结束",
            ),
        ),
    )

    def most_moves(self) -> int:
        """A deal plays its 24 cards (a marriage or a change of trump is a lead), closes at
        most once and ends with one declaration or pass; a match is at most
        :data:`MAX_DEALS` deals."""
        return MAX_DEALS * (24 + 1 + 1)

    def _zones(self) -> dict[str, str | int]:
        return trick_zones(2)

    def _all_cards(self) -> list[int]:
        return list(DECK)

    # -- dealing ------------------------------------------------------------------------------

    def _reset_deal(self, state: GameState[SixtySixVars]) -> None:
        v = state.vars
        v.extra = (0, 0)
        v.won_last = False
        v.closed = False
        v.marriage = -1
        v.final = False

    def _new_deal(self, state: GameState[SixtySixVars]) -> None:
        dealer = state.vars.dealer
        stock = self.deal_one_at_a_time(state, self.shuffled_deck(state), 6)
        turned = stock[0]
        state.reveal(turned)
        self.start_play(state, stock, leader=dealer, trump=suit(turned))
        v = state.vars
        if state.story is not None:
            t = SUIT_SYMBOLS[v.trump]
            state.tell(f"trump is {t} (the card turned up)", f"王牌是{t}（翻开的牌）")

    # -- legal actions --------------------------------------------------------------------------

    def _legal_actions(self, state: GameState[SixtySixVars]) -> Sequence[int]:
        v = state.vars
        if v.final:
            return (PASS, DECLARE)
        zones = state.zones
        me = state.current
        hand = zones[HANDS[me]]
        trick = zones["trick"]
        if trick:
            led = trick[0] // 13
            same = [c for c in hand if c // 13 == led]
            if same:
                return same
            trump = v.trump
            return [c for c in hand if c // 13 == trump] or hand
        actions = hand[:]
        for king, queen, marry in MARRIAGE_ACTIONS:  # lead either card of a marriage held
            if king in hand and queen in hand:
                actions.extend(marry)
        if v.won_last:
            trump = v.trump
            if trump * 13 + NINE in hand:
                actions.extend(CHANGE + s for s in range(4) if s != trump)
            if zones["stock"] and not v.closed:
                actions.append(CLOSE)
        if v.tricks[me]:
            actions.append(DECLARE)
        return actions

    def _playout_actions(self, state: GameState[SixtySixVars]) -> Sequence[int]:
        actions = self._legal_actions(state)
        if DECLARE in actions:
            if state.vars.score[state.current] >= WINNING:
                return (DECLARE,)  # every player who counts declares a won deal
            return [a for a in actions if a != DECLARE]  # nobody who counts declares short
        return actions

    def _warning(self, state: GameState[SixtySixVars], action: int) -> Text | None:
        score = state.vars.score[state.current]
        if action == DECLARE and score < WINNING:
            return _SHORT.format(score=score)
        return None

    def _action_name(self, state: GameState[SixtySixVars], action: int) -> str | Text:
        if action < MARRY:
            return super()._action_name(state, action)
        if action < CHANGE:
            return _MARRY.format(card=CARDS[action - MARRY])
        if action < CLOSE:
            return _CHANGE.format(suit=SUIT_SYMBOLS[action - CHANGE])
        return _SAID[action]

    # -- play -----------------------------------------------------------------------------------

    def _apply_special(self, state: GameState[SixtySixVars], action: int) -> None:
        v = state.vars
        me = state.current
        if action >= CLOSE:
            if action == CLOSE:
                v.closed = True  # no story line: the move (close) says it
                return
            self._declared(state, declarer=me if action == DECLARE else -1)
            return
        if action >= CHANGE:
            nine = v.trump * 13 + NINE
            state.reveal(nine)
            v.trump = action - CHANGE
            # the move says the new trump; the story, which 9 is shown and led
            state.tell(
                f"player {me + 1} shows and leads {CARDS[nine]}",
                f"玩家{me + 1}亮出并打出{CARDS[nine]}",
            )
            action = nine
        else:
            card = action - MARRY
            marriage = MARRIAGES.catalogue[MARRIAGE_OF[card]]
            declare(state, marriage)  # both cards shown; the one led lies face up anyway
            v.marriage = marriage.score(v.trump)
            state.tell(
                f"player {me + 1} announces a marriage worth {v.marriage} if this trick is won",
                f"玩家{me + 1}宣布结婚（{v.marriage}分，须赢此墩）",
            )
            action = card
        self.play_card(state, action)

    def _trick_won(self, state: GameState[SixtySixVars], winner: int) -> int:
        v = state.vars
        extra = v.marriage if v.marriage > 0 and winner == v.leader else 0
        zones = state.zones
        if not zones["hand0"] and not zones["hand1"] and not v.closed:
            extra += 10  # the last trick
        if extra:
            e0, e1 = v.extra
            v.extra = (e0, e1 + extra) if winner else (e0 + extra, e1)
        v.marriage = -1
        v.won_last = True
        return extra

    def _draw(self, state: GameState[SixtySixVars], winner: int) -> None:
        if not state.vars.closed and state.zones["stock"]:
            self._draw_stock(state, winner)

    def _deal_over(self, state: GameState[SixtySixVars], last: int) -> None:
        state.vars.final = True
        state.current = last

    def _declared(self, state: GameState[SixtySixVars], declarer: int) -> None:
        v = state.vars
        points = [0, 0]
        carry = v.carry
        if declarer >= 0:
            other = 1 - declarer
            score = v.score
            if score[declarer] < WINNING:
                points = [-3, -3]
                points[other] = 3
                carry = 0
                why = _WHY["short"].format(p=declarer + 1, score=score[declarer])
            elif score[other] >= WINNING:
                carry += 1
                why = _WHY["both"]
            else:
                won = 3 if v.tricks[other] == 0 else 2 if score[other] <= 32 else 1
                reason = _WHY[{3: "no trick", 2: "32 or less", 1: "more than 32"}[won]]
                points[declarer] = won + carry
                points[other] = -won
                why = _WHY["won"].format(
                    p=declarer + 1, score=score[declarer], n=won + carry, reason=reason
                )
                carry = 0
        else:
            why = _WHY["nobody"]
        v.carry = carry
        state.tell(why)
        self.close_deal(state, points)

    def _match_over(self, state: GameState[SixtySixVars]) -> bool:
        return (
            max(state.vars.match) >= self.option_values["target"] or state.vars.deals >= MAX_DEALS
        )

    def _extras(self, state: GameState[SixtySixVars]) -> Sequence[int]:
        return state.vars.extra
