"""Specification: 游戏十二 规格游戏 (seed 001).

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

from conjure.games import (
    Declarations,
    FollowRule,
    GameState,
    Option,
    RuleNote,
    RunRule,
    SetRule,
    ranks,
)
from conjure.games.declarations import FREE
from conjure_games.nine_casino import NATURAL, NineCasino, NineCasinoVars

BOTH: Final = ((True, True), (True, True))
END_RULES: Final = (FollowRule(), FollowRule(trump=True), FollowRule(head=True))


class Specification(NineCasino):
    id = "specification"
    name_zh = "游戏十二 规格游戏"
    name_en = "Specification"
    source = "seed 001 (游戏十二 规格游戏)"
    deck_size = 36
    summary_en = "36 cards, trump J 20 and 9 14; free play while the stock lasts; both players "
    summary_en += "declare four J, four K and runs after each trick; first to 1000."
    summary_zh = (
        "36张牌，王牌J 20分、9 14分；贮存牌未用完时可自由出牌；每回合后可宣布组合；先得1000分者胜。"
    )
    options: ClassVar[tuple[Option, ...]] = (
        Option("target", 1000, 100, 5000, "total points that win the match"),
        Option("runs", 0, 0, 1, "0: only Q-J-10-9 (50) and 8-7-6 (20); 1: any run of 4 or 3"),
        Option("end", 0, 0, 2, "once the stock is out: 0 follow suit, 1 and trump, 2 and head"),
    )
    rule_notes: ClassVar[tuple[RuleNote, ...]] = (
        RuleNote(
            "36 cards: A K Q J 10 9 8 7 6 of each suit",
            "assumed",
            "the text gives no count; its rank orders name these nine ranks",
        ),
        RuleNote(
            "the dealer deals three at a time, three times: nine each; the rest is the stock",
            "text",
            "庄家每次各分三张牌，分三次共计各得九张牌。剩下的牌当贮存牌",
        ),
        RuleNote(
            "trump J > 9 > A > K > Q > 10 > 8 > 7 > 6; plain A > K > Q > J > 10 > … > 6",
            "text",
            "王牌J→9→A→K→Q→10→8→7→6 … 王牌以外A→K→Q→J→10→9→8→7→6",
        ),
        RuleNote(
            "points: trump J 20, trump 9 14, A 11, K 4, Q 3, plain J 2; 112 in the deck",
            "text",
            "王牌的J→20分。王牌→14分。各种类的A→11分 … 王牌以外的J→2分",
        ),
        RuleNote(
            "the 14 points go to the trump 9",
            "assumed",
            "'王牌→14分' lost its rank in print; the 9 is second in the trump order and 14 in "
            "nine casino",
        ),
        RuleNote(
            "the top card of the stock is turned up for trump and stays on top",
            "assumed",
            "庄家翻开贮存牌最上面的一张牌 says nothing of where it goes; as in nine casino",
        ),
        RuleNote(
            "the dealer's opponent leads the first trick", "text", "庄家的对手，任意出一张牌当台牌"
        ),
        RuleNote(
            "while the stock lasts, any card may be played",
            "text",
            "这时若还有贮存牌，不一定要出和台牌同类的牌。出王牌也可以，出不要的牌也可以",
        ),
        RuleNote(
            "the higher card of the led suit or the higher trump takes both cards",
            "text",
            "出高分牌的人，或出高分王牌的人，可以拿桌上两张牌",
        ),
        RuleNote(
            "the winner draws, then the other player, and the winner leads",
            "assumed",
            "the text has only the winner draw (胜的人，从贮存牌中抽出一张牌), yet both hold nine "
            "when the stock is out (二人手上还有九张牌)",
        ),
        RuleNote(
            "once the stock is out, follow suit, otherwise any card (option end)",
            "assumed",
            "implied by '若还有贮存牌，不一定要出和台牌同类的牌'; end=1 adds the duty to trump, "
            "end=2 to head the trick (Bezique, Sixty-six)",
        ),
        RuleNote("play until the hands are empty", "text", "玩到手上九张牌用完时游戏结束"),
        RuleNote(
            "declarations: four J 200, four K 100, Q-J-10-9 50, 8-7-6 20",
            "text",
            "J、J、◆J、J四张→200分 K、K、◆K、K四张→100分 Q、J、10、9四张→50分 8、7、6三张→20分",
        ),
        RuleNote(
            "Q-J-10-9 and 8-7-6 in one suit, those ranks only (option runs)",
            "assumed",
            "the suit marks are lost in print; runs=1 reads them as examples of any run",
        ),
        RuleNote(
            "after each trick each player may declare once at their next turn, showing the cards",
            "text",
            "一次次的胜负完了后 … 各将各得的分数计下来，当然，要让对方看一看再宣布一次",
        ),
        RuleNote(
            "a card counts in one declaration only",
            "assumed",
            "the text is silent; nine casino's rule (第2次不可使用相同的牌)",
        ),
        RuleNote("points add up over deals; the first to 1000 wins", "text", "最先获得1000分者赢"),
        RuleNote(
            "the total is checked after each deal, the higher wins when both pass 1000; the "
            "dealer alternates",
            "assumed",
            "the text does not say",
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
        state.vars.update(
            trump=turned // 13, score=(0, 0), may_declare=(False, False), used=0, declared=()
        )
        state.current = 1 - dealer

    def may_declare(self, state: GameState[NineCasinoVars], player: int) -> bool:
        return bool(state.vars.may_declare[player])
