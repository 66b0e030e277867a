"""Specification: 游戏十二 规格游戏 (text 001).

Rule notes
==========

The cousin of nine casino in the same book (the same 36 cards, orders and points), with free
play while the stock lasts and declarations by both players after every trick. Every rule and
its origin is in :attr:`Specification.rule_notes`. The choices that are not in the text:

- The deck: the text never says how many cards; its orders name A K Q J 10 9 8 7 6, so 36.
- "王牌→14分": the rank is missing; the trump 9, second in the trump order and 14 in nine casino.
- Only the winner "抽出一张牌" draws in the text, yet "贮存牌用完时，二人手上还有九张牌": both
  still hold nine when the stock is out, so the loser draws too, after the winner.
- The turned-up trump card stays on top of the stock and is drawn first, as in nine casino.
- Once the stock is out the text only implies that the led suit must be followed ("若还有贮存牌，
  不一定要出和台牌同类的牌"): follow suit, otherwise any card (option ``end``: 1 also obliges a
  trump when void, 2 to head the trick as in Bezique and Sixty-six).
- The declarations list "Q、J、10、9" and "8、7、6" with the suit marks lost in print: one suit
  each, those ranks only (option ``runs=1``: any run of four 50 and three 20, as in nine casino).
- Each player may declare one combination at their first turn after each trick ("一次次的胜负完了
  后 … 各将各得的分数计下来"), showing it; a card counts in one declaration only, as in nine
  casino.
"""

from __future__ import annotations

from typing import ClassVar, Final

from conjure import Text
from conjure.games import (
    FREE,
    Declarations,
    FollowRule,
    GameState,
    Option,
    RuleNote,
    RunRule,
    SetRule,
    ranks,
)
from conjure_games.nine_casino import NATURAL, NineCasino, NineCasinoVars

BOTH: Final = ((True, True), (True, True))
END_RULES: Final = (FollowRule(), FollowRule(trump=True), FollowRule(head=True))


class Specification(NineCasino):
    id = "specification"
    name_zh = "游戏十二 规格游戏"
    name_en = "Specification"
    source = "text 001 「游戏十二规格游戏」"
    source_zh = "原文001「游戏十二规格游戏」"
    deck_size = 36
    summary_en = "36 cards, trump J 20 and 9 14; free play while the stock lasts; both players "
    summary_en += "declare four J, four K and runs after each trick; first to 1000."
    summary_zh = (
        "36张牌，王牌J 20分、9 14分；贮存牌未用完时可自由出牌；每回合后可宣布组合；先得1000分者胜。"
    )
    options: ClassVar[tuple[Option, ...]] = (
        Option(
            "target",
            1000,
            100,
            5000,
            Text("total points that win the match", "赢得整场比赛所需的总分"),
        ),
        Option(
            "runs",
            0,
            0,
            1,
            Text(
                "0: only Q-J-10-9 (50) and 8-7-6 (20); 1: any run of 4 or 3",
                "0：只限Q-J-10-9（50分）和8-7-6（20分）；1：任何四张或三张连牌",
            ),
        ),
        Option(
            "end",
            0,
            0,
            2,
            Text(
                "once the stock is out: 0 follow suit, 1 and trump, 2 and head",
                "贮存牌用完后：0 必须跟同花色，1 另须出王牌，2 另须压过",
            ),
        ),
    )
    rule_notes: ClassVar[tuple[RuleNote, ...]] = (
        RuleNote(
            Text("36 cards: A K Q J 10 9 8 7 6 of each suit", "36张牌：每种花色A K Q J 10 9 8 7 6"),
            "assumed",
            Text(
                "the text gives no count; its rank orders name these nine ranks",
                "原文没有给出张数；其牌序列出的正是这九种点数",
            ),
        ),
        RuleNote(
            Text(
                "the dealer deals three at a time, three times: nine each; the rest is the stock",
                "庄家每次发三张，发三次：每人九张；余下的是贮存牌",
            ),
            "text",
            quote="庄家每次各分三张牌，分三次共计各得九张牌。剩下的牌当贮存牌",
        ),
        RuleNote(
            Text(
                "trump J > 9 > A > K > Q > 10 > 8 > 7 > 6; plain A > K > Q > J > 10 > … > 6",
                "王牌 J > 9 > A > K > Q > 10 > 8 > 7 > 6；非王牌 A > K > Q > J > 10 > … > 6",
            ),
            "text",
            quote="王牌J→9→A→K→Q→10→8→7→6 … 王牌以外A→K→Q→J→10→9→8→7→6",
        ),
        RuleNote(
            Text(
                "points: trump J 20, trump 9 14, A 11, K 4, Q 3, plain J 2; 112 in the deck",
                "牌分：王牌J 20分，王牌9 14分，A 11分，K 4分，Q 3分，非王牌J 2分；全副牌共112分",
            ),
            "text",
            quote="王牌的J→20分。王牌→14分。各种类的A→11分 … 王牌以外的J→2分",
        ),
        RuleNote(
            Text("the 14 points go to the trump 9", "14分归王牌9"),
            "assumed",
            Text(
                "'王牌→14分' lost its rank in print; the 9 is second in the trump order and 14 in "
                "nine casino",
                "「王牌→14分」在印刷中漏掉了点数；9在王牌顺序中排第二，在游戏九赌场中也是14分",
            ),
        ),
        RuleNote(
            Text(
                "the top card of the stock is turned up for trump and stays on top",
                "贮存牌的顶牌翻开定王牌，并留在顶上",
            ),
            "assumed",
            Text(
                "庄家翻开贮存牌最上面的一张牌 says nothing of where it goes; as in nine casino",
                "庄家翻开贮存牌最上面的一张牌，没有说这张牌放在哪里；按游戏九赌场处理",
            ),
        ),
        RuleNote(
            Text("the dealer's opponent leads the first trick", "庄家的对手领出第一回"),
            "text",
            quote="庄家的对手，任意出一张牌当台牌",
        ),
        RuleNote(
            Text("while the stock lasts, any card may be played", "贮存牌未用完时，可以出任何牌"),
            "text",
            quote="这时若还有贮存牌，不一定要出和台牌同类的牌。出王牌也可以，出不要的牌也可以",
        ),
        RuleNote(
            Text(
                "whoever plays the higher card, or the higher trump, takes both cards",
                "出高分牌或高分王牌的人收走两张牌",
            ),
            "text",
            quote="出高分牌的人，或出高分王牌的人，可以拿桌上两张牌",
        ),
        RuleNote(
            Text(
                "'higher' is by the rank orders: a trump beats any other card; else the higher "
                "card of the suit led wins, and a card of another suit never wins",
                "“高分”按牌的顺位：王牌大于其他任何牌；否则台牌花色中较大的牌赢，其他花色的牌不能"
                "赢",
            ),
            "assumed",
            Text(
                "高分 could be read as 'more points', but the 10 to 6 score nothing and the text "
                "gives every card an order (牌的顺位) before its points; that the led suit rules "
                "is the rule of every trick game of the book",
                "「高分」也可以理解为分数多，但10到6都不计分，而原文在分数之前先给出每张牌的顺位；"
                "台牌花色为大是本书所有出牌游戏的规则",
            ),
        ),
        RuleNote(
            Text(
                "the winner draws, then the other player, and the winner leads",
                "胜者先摸牌，然后另一人摸牌，由胜者领出",
            ),
            "assumed",
            Text(
                "the text has only the winner draw (胜的人，从贮存牌中抽出一张牌), yet both hold n"
                "ine "
                "when the stock is out (二人手上还有九张牌)",
                "原文只说胜者摸牌（胜的人，从贮存牌中抽出一张牌），但贮存牌用完时两人都还有九张（"
                "二人手上还有九张牌）",
            ),
        ),
        RuleNote(
            Text(
                "once the stock is out, follow suit, otherwise any card (option end)",
                "贮存牌用完后必须跟出同花色，没有时可出任何牌（选项 end）",
            ),
            "assumed",
            Text(
                "implied by '若还有贮存牌，不一定要出和台牌同类的牌'; end=1 adds the duty to trump"
                ", "
                "end=2 to head the trick (Bezique, Sixty-six)",
                "由「若还有贮存牌，不一定要出和台牌同类的牌」推出；end=1 另加必须出王牌，end=2 另"
                "加必须压过（如比齐克、六十六）",
            ),
        ),
        RuleNote(
            Text("play until the hands are empty", "一直打到手牌出完"),
            "text",
            quote="玩到手上九张牌用完时游戏结束",
        ),
        RuleNote(
            Text(
                "declarations: four J 200, four K 100, Q-J-10-9 50, 8-7-6 20",
                "宣布：四张J 200分，四张K 100分，Q-J-10-9 50分，8-7-6 20分",
            ),
            "text",
            quote="J、J、◆J、J四张→200分 K、K、◆K、K四张→100分 Q、J、10、9四张→50分 8、7、6三张"
            "→20分",
        ),
        RuleNote(
            Text(
                "Q-J-10-9 and 8-7-6 in one suit, those ranks only (option runs)",
                "同花的Q-J-10-9和8-7-6，只限这些点数（选项 runs）",
            ),
            "assumed",
            Text(
                "the suit marks are lost in print; runs=1 reads them as examples of any run",
                "花色标记在印刷中遗失；runs=1 把它们理解为任何连牌的例子",
            ),
        ),
        RuleNote(
            Text(
                "after each trick each player may declare once at their next turn, showing the car"
                "ds",
                "每一回之后，每人可在自己下一次出牌时宣布一次，并亮出这些牌",
            ),
            "text",
            quote="一次次的胜负完了后 … 各将各得的分数计下来，当然，要让对方看一看再宣布一次",
        ),
        RuleNote(
            Text("a card counts in one declaration only", "一张牌只能计入一次宣布"),
            "assumed",
            Text(
                "the text is silent; nine casino's rule (第2次不可使用相同的牌)",
                "原文没有说明；采用游戏九赌场的规则（第2次不可使用相同的牌）",
            ),
        ),
        RuleNote(
            Text(
                "points add up over deals; the first to 1000 wins",
                "各副的得分累计；先到1000分者获胜",
            ),
            "text",
            quote="最先获得1000分者赢",
        ),
        RuleNote(
            Text(
                "the total is checked after each deal, the higher wins when both pass 1000; the "
                "dealer alternates",
                "每副牌后核对总分，两人都超过1000分时分高者胜；两人轮流做庄家",
            ),
            "assumed",
            Text("the text does not say", "原文没有说明"),
        ),
    )
    after_trick: ClassVar[tuple[tuple[bool, bool], ...]] = BOTH

    def follow_rules(self) -> tuple[FollowRule, FollowRule]:
        return FREE, END_RULES[self.option_values["end"]]

    def make_declarations(self) -> Declarations:
        j, k = ranks("J K")
        if self.option_values["runs"]:
            runs = [RunRule(NATURAL, {3: 20, 4: 50})]
        else:
            runs = [
                RunRule(NATURAL, {4: 50}, only=(ranks("Q J 10 9"),)),
                RunRule(NATURAL, {3: 20}, only=(ranks("8 7 6"),)),
            ]
        return Declarations([SetRule(j, 4, 200), SetRule(k, 4, 100), *runs])

    def _new_deal(self, state: GameState[NineCasinoVars]) -> None:
        cards = self.shuffled_deck(state)
        dealer = state.vars.dealer
        z = state.zones
        for packet in range(6):  # three at a time, the dealer's opponent first
            who = (1 - dealer + packet) % 2
            z[f"hand{who}"].extend(cards[packet * 3 : packet * 3 + 3])
        z["stock"] = cards[18:]
        turned = z["stock"][0]
        state.reveal(turned)
        state.vars.reset_deal(trump=turned // 13)
        state.current = 1 - dealer

    def may_declare(self, state: GameState[NineCasinoVars], player: int) -> bool:
        return bool(state.vars.may_declare[player])
