"""Nine casino: 游戏九 赌场 (text 001).

Rule notes
==========

A 36-card trick-and-draw game with a turned-up trump, trump J 20 and trump 9 14 as in the Jass
family, and "完成" (completion) declarations made by the winner of a trick while the stock lasts.
Every rule and its origin is in :attr:`NineCasino.rule_notes`; ``conjure rules nine-casino``
prints them. The choices that are not in the text:

- The turned-up trump card stays on the stock and is drawn first: the example has the trick's
  winner draw "J", the turned-up trump card ("贮存牌的顶牌J是王牌 … 对手→J").
- "同花的A到10为止任5张的连续牌→100分": from A down to 10 there are only five cards, so the run
  of five is A-K-Q-J-10 (option ``run5=1`` reads "any five" as a run of five anywhere in the
  suit, as in the Jass family).
- One completion per won trick, made before leading (the Bezique family's one declaration a
  turn); a card counts in one completion only ("第2次不可使用相同的牌").
- The deal's points (cards and completions) go to each player's total, and the match is
  checked after each deal: the first to 1000 wins, the higher total when both pass it in the
  same deal.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Final

import attrs

from conjure import Text
from conjure.games import (
    HANDS,
    SPECIAL,
    TERMINAL,
    WON,
    Declarations,
    FollowRule,
    GameState,
    MarriageRule,
    MatchGame,
    MatchVars,
    Option,
    Ranking,
    RuleNote,
    RunRule,
    SetRule,
    declare,
    follow_note,
    lacking_shown,
    lay_on_two_card_trick,
    ranks,
    trick_zones,
)

NATURAL: Final = ranks("A K Q J 10 9 8 7 6")
DECK: Final = tuple(s * 13 + r for s in range(4) for r in NATURAL)
DECLARE: Final = SPECIAL
MAX_DEALS: Final = 100
NOBODY_MAY: Final = (False, False)
ONLY: Final = ((True, False), (False, True))  # ONLY[p]: player p alone may declare

#: trump J 20 > 9 14 > A 11 > K 4 > Q 3 > 10 > 8 > 7 > 6; plain A 11 > K 4 > Q 3 > J 2 > 10 …
RANKING: Final = Ranking(
    ranks("A K Q J 10 9 8 7 6"),
    ranks("J 9 A K Q 10 8 7 6"),
    {0: 11, 12: 4, 11: 3, 10: 2},
    {10: 20, 8: 14, 0: 11, 12: 4, 11: 3},
)


def _rules(run5_anywhere: bool) -> Declarations:
    j, a, k, q = ranks("J A K Q")
    runs = (
        [RunRule(NATURAL, {3: 20, 4: 50, 5: 100})]
        if run5_anywhere
        else [RunRule(NATURAL, {3: 20, 4: 50}), RunRule(NATURAL, {5: 100}, only=(NATURAL[:5],))]
    )
    return Declarations(
        [
            SetRule(j, 4, 200),
            SetRule(a, 4, 100),
            SetRule(k, 4, 100),
            SetRule(q, 4, 100),
            *runs,
            MarriageRule(0, 20, trump_only=True),
        ]
    )


@attrs.define(slots=False)
class NineCasinoVars(MatchVars):
    """The public values of a deal of nine casino (and of specification)."""

    trump: int = -1
    #: each player's points in this deal: cards won and declarations
    score: tuple[int, ...] = (0, 0)
    #: who may declare at their next turn
    may_declare: tuple[bool, ...] = (False, False)
    #: the cards already counted in a declaration, as a bitmask of card codes
    used: int = 0
    #: (player, catalogue index) of each declaration, in order
    declared: tuple[tuple[int, int], ...] = ()

    def reset_deal(self, trump: int) -> None:
        """The values at the start of a deal whose trump is ``trump``."""
        self.trump = trump
        self.score = (0, 0)
        self.may_declare = (False, False)
        self.used = 0
        self.declared = ()


class NineCasino(MatchGame[NineCasinoVars]):
    id = "nine-casino"
    name_zh = "游戏九 赌场"
    name_en = "Nine Casino"
    source = "text 001 「游戏九赌场」"
    source_zh = "原文001「游戏九赌场」"
    deck_size = 36
    summary_en = "36 cards, trump J 20 and 9 14; the winner of a trick may declare sets and runs "
    summary_en += "while the stock lasts; first to 1000."
    summary_zh = (
        "36张牌，王牌J 20分、9 14分；赢一回的人在贮存牌用完前可宣布“完成”；先得1000分者胜。"
    )
    #: a deal's cards are worth 112, completions seldom more than 300 in all
    deal_scale = 300.0
    vars_type = NineCasinoVars
    options: ClassVar[tuple[Option, ...]] = (
        Option(
            "target",
            1000,
            100,
            5000,
            Text("total points that win the match", "赢得整场比赛所需的总分"),
        ),
        Option(
            "run5",
            0,
            0,
            1,
            Text(
                "0: the run of five is A-K-Q-J-10 only (the text); 1: any five in sequence",
                "0：五张连牌只限A-K-Q-J-10（原文）；1：任何五张连续的牌",
            ),
        ),
    )
    rule_notes: ClassVar[tuple[RuleNote, ...]] = (
        RuleNote(
            Text("36 cards: A K Q J 10 9 8 7 6 of each suit", "36张牌：每种花色A K Q J 10 9 8 7 6"),
            "text",
            quote="使用36张牌，除去飞牌、2、3、4、5",
        ),
        RuleNote(
            Text(
                "trump J 20 > 9 14 > A 11 > K 4 > Q 3 > 10 > 8 > 7 > 6",
                "王牌 J（20分）> 9（14分）> A（11分）> K（4分）> Q（3分）> 10 > 8 > 7 > 6",
            ),
            "text",
            quote="王牌。J（20分）→9（14分）→A（11分）→K（4分）→Q（3分）→10→8→7→6（数牌0分）",
        ),
        RuleNote(
            Text(
                "plain A 11 > K 4 > Q 3 > J 2 > 10 > 9 > 8 > 7 > 6; the 10 scores nothing; 112 "
                "points in the deck",
                "王牌以外的牌 A（11分）> K（4分）> Q（3分）> J（2分）> 10 > 9 > 8 > 7 > 6；10不计"
                "分；全副牌共112分",
            ),
            "text",
            quote="王牌以外的牌。A（11分）→K（4分）→Q（3分）→J（2分）→10→9→8→7→6（数牌0分）",
        ),
        RuleNote(
            Text(
                "the dealer deals one card at a time, nine each; 18 cards are the stock",
                "庄家每次发一张，每人九张；18张作为贮存牌",
            ),
            "text",
            quote="首先由庄家分牌，每回各一张，共分9回。剩下的18张牌当贮存牌",
        ),
        RuleNote(
            Text(
                "the top card of the stock is turned up for trump and stays on top",
                "贮存牌的顶牌翻开定王牌，并留在顶上",
            ),
            "text",
            Text(
                "the example's winner draws that J, the trump card",
                "例子中赢家摸到的正是那张作王牌的J",
            ),
            quote="庄家将贮存牌的顶牌翻开，让对手看看，和此牌同花色的牌即为王牌……贮存牌的顶牌J是王"
            "牌……由赢的对手先从贮存牌中抽l张牌。对手→J",
        ),
        RuleNote(
            Text("the dealer's opponent leads the first trick", "庄家的对手领出第一回"),
            "text",
            quote="首先，由对手出任一张牌当台牌",
        ),
        RuleNote(
            Text(
                "follow suit at all times; without the suit, any card, a trump or not",
                "始终必须跟出同花色；没有该花色时可出任何牌，王牌或非王牌均可",
            ),
            "text",
            quote="台牌一出来的话，一定要出和台牌同花色的牌，但若手牌中没有的话，可以出其他王牌也"
            "可以）的牌代替",
        ),
        RuleNote(
            Text(
                "the trick's winner takes both cards, draws first, and leads",
                "赢这一回的人收走两张牌，先摸牌，并领出下一回",
            ),
            "text",
            quote="由赢的对手先从贮存牌中抽l张牌……赢的对手，期望庄家没有A，出K当台牌",
        ),
        RuleNote(
            Text(
                "completions: four J 200; four A, four K, four Q 100 each; the five from A to 10 "
                "of a suit 100, four in sequence in a suit 50, three 20; trump K and Q 20",
                "完成：四张J 200分；四张A、四张K、四张Q各100分；同花A到10五张100分，同花四张连续50"
                "分，三张20分；王牌K和Q 20分",
            ),
            "text",
            quote="J4张→200分，②A4张→100分，③K4张→100分，④Q4张→100分，⑤同花的A到10为止任5张的连"
            "续牌→100分，⑥同花的牌中4张连续→50分，⑦同花的牌中3张连续→20分，⑧王牌的K、Q2张→20分",
        ),
        RuleNote(
            Text(
                "the run of five is A-K-Q-J-10 only (option run5=1: any five in sequence)",
                "五张连牌只限A-K-Q-J-10（选项 run5=1：任何五张连续的牌）",
            ),
            "text",
            Text(
                "from A down to 10 there are just five cards; run5=1 reads 'any five' as the "
                "Jass family's run of five anywhere in the suit",
                "从A到10正好五张；run5=1 把“任5张”理解为雅斯类游戏中同花任何位置的五张连牌",
            ),
            quote="同花的A到10为止任5张的连续牌→100分",
        ),
        RuleNote(
            Text(
                "runs follow the order A K Q J 10 9 8 7 6 in every suit",
                "每种花色的连牌都按A K Q J 10 9 8 7 6的顺序",
            ),
            "assumed",
            Text(
                "the plain order of the text; the Jass family runs in the natural order in trumps "
                "too",
                "采用原文中非王牌的顺序；雅斯类游戏的王牌连牌也按自然顺序",
            ),
        ),
        RuleNote(
            Text(
                "only the winner of the last trick may declare, before he leads",
                "只有赢得上一回的人可以在领出之前宣布完成",
            ),
            "text",
            quote="赢一回的人有完成的权利",
        ),
        RuleNote(
            Text("one completion a won trick", "每赢一回只宣布一个完成"),
            "assumed",
            Text(
                "the text gives the winner the right and no count; one declaration a turn is the "
                "rule of the Bezique family",
                "原文只给赢家宣布的权利，没有说几个；每次一个是比齐克类游戏的规则",
            ),
        ),
        RuleNote(
            Text(
                "the declared cards are shown; a card counts in one completion only",
                "宣布的牌要亮出；一张牌只能计入一个完成",
            ),
            "text",
            quote="1次完成时，第2次不可使用相同的牌",
        ),
        RuleNote(
            Text("no completion once the stock is used up", "贮存牌用完后不能再宣布完成"),
            "text",
            quote="贮存牌用完时，不可宣告“完成”",
        ),
        RuleNote(
            Text(
                "play on until the hands are empty; no bonus for the last trick",
                "一直打到手牌出完；最后一回没有加分",
            ),
            "text",
            Text("the text names no last-trick bonus", "原文没有提到最后一回的加分"),
            quote="如此继续进行比赛，直到贮存牌和手牌都用完时，才结束比赛",
        ),
        RuleNote(
            Text(
                "points and completions add up over deals; the first to 1000 wins",
                "牌分和完成分各副累计；先到1000分者获胜",
            ),
            "text",
            quote="相互计算各自的得分（包括完成所得的分数）最先拿到总分1000分的人赢",
        ),
        RuleNote(
            Text(
                "the total is checked after each deal, the higher wins when both pass 1000; the "
                "dealer alternates",
                "每副牌后核对总分，两人都超过1000分时分高者胜；两人轮流做庄家",
            ),
            "assumed",
            Text(
                "the text counts after the deal and does not say who deals next",
                "原文在一副牌后计分，没有说下一副由谁发牌",
            ),
        ),
    )
    #: who may declare at their next turn after a trick, by its winner: the winner alone
    after_trick: ClassVar[tuple[tuple[bool, bool], ...]] = ONLY

    def __init__(self, num_players: int | None = None, **options: int) -> None:
        super().__init__(num_players, **options)
        self.declarations = self.make_declarations()
        #: what the follower must play while the stock lasts and once it is out
        self.follow_open, self.follow_closed = self.follow_rules()

    def follow_rules(self) -> tuple[FollowRule, FollowRule]:
        return FollowRule(), FollowRule()

    def make_declarations(self) -> Declarations:
        return _rules(bool(self.option_values["run5"]))

    def most_moves(self) -> int:
        """A deal plays its 36 cards; after each of its 18 tricks the players who may
        declare do so once at most; a match is at most :data:`MAX_DEALS` deals."""
        may = sum(sum(1 for who in pair if who) for pair in self.after_trick) // 2
        return MAX_DEALS * (36 + 18 * may)

    def _zones(self) -> dict[str, str | int]:
        return trick_zones(2)

    def _all_cards(self) -> list[int]:
        return list(DECK)

    # -- dealing ----------------------------------------------------------------------------

    def _new_deal(self, state: GameState[NineCasinoVars]) -> None:
        cards = self.shuffled_deck(state)
        state.zones["stock"] = self.deal_one_at_a_time(state, cards, 9)
        turned = state.zones["stock"][0]
        state.reveal(turned)
        dealer = state.vars.dealer
        state.vars.reset_deal(trump=turned // 13)
        state.current = 1 - dealer

    # -- legal actions ----------------------------------------------------------------------

    def may_declare(self, state: GameState[NineCasinoVars], player: int) -> bool:
        """Whether ``player``, to move, may declare now."""
        return state.vars.may_declare[player] and bool(state.zones["stock"])

    #: a card played off the suit led shows the table what the hand lacks (one rule for all)
    _lacking_shown = lacking_shown
    #: the menu says when following suit narrows the cards open
    _menu_note = follow_note

    def _legal_actions(self, state: GameState[NineCasinoVars]) -> Sequence[int]:
        me = state.current
        hand = state.zones[HANDS[me]]
        trick = state.zones["trick"]
        v = state.vars
        trump = v.trump
        if trick:
            rule = self.follow_open if state.zones["stock"] else self.follow_closed
            actions = rule.legal(hand, trick[0], trump, RANKING.strength[trump])
        else:
            actions = list(hand)
        if self.may_declare(state, me):
            found = self.declarations.find(hand, trump, v.used)
            actions.extend(DECLARE + i for i in found)
        return actions

    def _action_label(self, action: int) -> str | Text:
        """A declaration by its combination (what it scores depends on the trump)."""
        if action < DECLARE:
            return super()._action_label(action)
        combo = self.declarations.catalogue[action - DECLARE]
        return Text("declare {combo}", zh="宣布{combo}").format(combo=combo.words())

    def _action_name(self, state: GameState[NineCasinoVars], action: int) -> str | Text:
        if action < DECLARE:
            return super()._action_name(state, action)
        combo = self.declarations.catalogue[action - DECLARE]
        return Text("declare {combo} +{n}", zh="宣布{combo} +{n}").format(
            combo=combo.words(), n=combo.score(state.vars.trump)
        )

    # -- play -------------------------------------------------------------------------------

    def _apply_action(self, state: GameState[NineCasinoVars], action: int) -> None:
        v = state.vars
        me = state.current
        if action >= DECLARE:
            combo = self.declarations.catalogue[action - DECLARE]
            declare(state, combo)
            score = list(v.score)
            gained = combo.score(v.trump)
            score[me] += gained
            if state.story is not None:  # someone is listening
                state.tell(
                    f"player {me + 1} declares {combo.label()}: +{gained}",
                    f"玩家{me + 1}宣布{combo.label_zh()}：+{gained}",
                )
            v.score = tuple(score)
            v.may_declare = NOBODY_MAY if v.may_declare[1 - me] is False else ONLY[1 - me]
            v.used = v.used | combo.mask
            v.declared = (*v.declared, (me, action - DECLARE))
            return
        flags = v.may_declare
        if flags[me]:
            v.may_declare = ONLY[1 - me] if flags[1 - me] else NOBODY_MAY
        trump = v.trump
        settled = lay_on_two_card_trick(state, HANDS[me], action, RANKING.strength[trump], trump)
        if settled is None:
            return
        winner, led = settled
        z = state.zones
        trick = z["trick"]
        points = RANKING.points[trump]
        gained = points[led] + points[action]
        z[WON[winner]].extend(trick)
        trick.clear()
        a, b = v.score
        v.score = (a + gained, b) if winner == 0 else (a, b + gained)
        v.may_declare = self.after_trick[winner]
        stock = z["stock"]
        if stock:
            z[HANDS[winner]].append(stock.pop(0))
            z[HANDS[1 - winner]].append(stock.pop(0))
        if z["hand0"] or z["hand1"]:
            state.current = winner
        else:
            self._end_deal(state)

    def _breakdown(self, state: GameState[NineCasinoVars]) -> list[Text]:
        v = state.vars
        points = RANKING.points[v.trump]
        declared = [0, 0]
        for player, index in v.declared:
            declared[player] += self.declarations.catalogue[index].score(v.trump)
        cards = [sum(points[c] for c in state.zones[WON[p]]) for p in (0, 1)]
        tricks = [len(state.zones[WON[p]]) // 2 for p in (0, 1)]
        return [
            Text("tricks {a} : {b}", zh="墩数 {a} : {b}").format(a=tricks[0], b=tricks[1]),
            Text("card points {a} : {b}", zh="牌分 {a} : {b}").format(a=cards[0], b=cards[1]),
            Text("completions {a} : {b}", zh="完成 {a} : {b}").format(a=declared[0], b=declared[1]),
        ]

    def _end_deal(self, state: GameState[NineCasinoVars]) -> None:
        v = state.vars
        self.tell_deal_end(state, v.score)
        match = tuple(m + s for m, s in zip(v.match, v.score, strict=True))
        v.match = match
        self.next_dealer(state)
        if max(match) >= self.option_values["target"] or v.deals >= MAX_DEALS:
            state.current = TERMINAL
        else:
            self._start_deal(state)

    # -- results ----------------------------------------------------------------------------

    def _scores(self, state: GameState[NineCasinoVars]) -> tuple[int, ...]:
        return tuple(state.vars.match)

    def _audit(self, state: GameState[NineCasinoVars]) -> str | None:
        v = state.vars
        points = RANKING.points[v.trump]
        declared = [0, 0]
        for player, index in v.declared:
            declared[player] += self.declarations.catalogue[index].score(v.trump)
        for p in (0, 1):
            cards = sum(points[c] for c in state.zones[WON[p]])
            if cards + declared[p] != v.score[p]:
                return f"player {p} has {v.score[p]} but won {cards} + declared {declared[p]}"
        return None
