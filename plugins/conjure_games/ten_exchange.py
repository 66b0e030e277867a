"""Ten exchange: 游戏十 换牌 (text 001), a Scopa-like capture game for two.

Rule notes
==========

Every rule is in :attr:`TenExchange.rule_notes` with the Chinese it rests on; those marked
assumed are filled from Scopa, the game this one is (the same 40 cards and values, four on the
table, capture by equal value or by a sum, most ◆, the 7♦, sweeps, first to 11).

Two readings are options:

- ``priority``: the text forbids a sum capture「若手牌中有以（1）接收的牌时」, when the *hand*
  holds a card that can take an equal card, and adds that only honesty enforces it (the other
  player cannot see the hand): ``priority=0`` (the default) is that reading; ``priority=1`` is
  Scopa's narrower rule, where only the card played must take its equal rather than a sum.
- ``first_sweep_only``: 「扫除（拿所有的场牌）第一回→1分」 says word for word that the first sweep
  of a deal scores 1 (第一回, the first time), the default; ``first_sweep_only=0`` reads it as
  Scopa's scoring, a point for every sweep.

Random playouts take a fast path, a second copy of the rules of play written for speed
(:mod:`conjure_games.fast.ten_exchange`), which :func:`conjure.testing.check_game` proves equal
to the checked path under every option.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final

from conjure import Text
from conjure.deck import full_deck
from conjure.games import (
    CAPTURE,
    HANDS,
    CaptureGame,
    CaptureRules,
    CaptureVars,
    GameState,
    Option,
    RuleNote,
    encode,
)

DECK: Final = tuple(c.code for c in full_deck(40))
#: A 1, 2-7 their pips, J 8, Q 9, K 10 (「A→1分，K→10分、Q→9分、J→8分，数牌和数字同分」)
VALUES: Final = tuple(
    0 if c >= 52 else {11: 8, 12: 9, 13: 10}.get(c % 13 + 1, c % 13 + 1) for c in range(54)
)
DIAMONDS: Final = 3
SEVEN_OF_DIAMONDS: Final = DIAMONDS * 13 + 6
HAND_SIZE: Final = 4
CAPTURE_BITS: Final = encode(0, CAPTURE)
HAND_FIRST, CARD_FIRST = 0, 1


class TenExchange(CaptureGame[CaptureVars]):
    id = "ten-exchange"
    name_zh = "换牌"
    name_en = "Ten Exchange"
    source = "text 001 「游戏十换牌」"
    source_zh = "原文001「游戏十换牌」"
    deck_size = 40
    summary_en = (
        "Scopa-like, 40 cards: take table cards of equal value or adding up to your card; "
        "points for the most card value, most ♦, the 7♦ and sweeps; first to 11."
    )
    summary_zh = "40张牌，以同分或合计分拿场牌；牌分多、方块多、方块7、扫除各得1分，先得11分者胜。"
    values = VALUES
    deal_scale = 4.0
    rules = CaptureRules(equal="any", sums=True, several=False, limit=10)
    options = (
        Option(
            "target",
            11,
            1,
            100,
            Text("match points that win (the text: 11)", "获胜所需的比赛分（原文：11分）"),
        ),
        Option(
            "priority",
            HAND_FIRST,
            0,
            1,
            Text(
                "an equal card before a sum: 0 whenever the hand can take one (the text), "
                "1 only for the card played (Scopa)",
                "同点先于凑数：0 只要手牌能取同点的牌就必须先取（原文），1 只限打出的那张牌（斯柯"
                "帕）",
            ),
        ),
        Option(
            "first_sweep_only",
            1,
            0,
            1,
            Text(
                "1: only a deal's first sweep scores (the text's 第一回); 0: every sweep (Scopa)",
                "1：每副只有第一次扫光得分（原文的第一回）；0：每次扫光都得分（斯柯帕）",
            ),
        ),
    )
    rule_notes = (
        RuleNote(
            Text("40 cards: no jokers, no 8, 9 or 10", "40张牌：不用大小王，去掉8、9、10"),
            "text",
            quote="使用40张牌，除去飞牌和8—10的牌",
        ),
        RuleNote(
            Text(
                "values: A 1, 2–7 their pips, J 8, Q 9, K 10",
                "点数：A 1点，2–7按牌面，J 8点，Q 9点，K 10点",
            ),
            "text",
            quote="A→1分，K→10分、Q→9分、J→8分，数牌和数字同分",
        ),
        RuleNote(
            Text(
                "the dealer alternates; four cards each, one at a time from the opponent, then fou"
                "r "
                "face up on the table; 28 in the stock",
                "两人轮流发牌；从对手开始每次一张，每人四张，再翻开四张作为场牌；28张是备用牌",
            ),
            "text",
            quote="轮流做庄家…从对手开始，1次分配一张牌，每人各得4张，然后翻开4张当场牌。剩下的28"
            "张牌扣起来当贮存牌",
        ),
        RuleNote(
            Text("the dealer's opponent plays first", "发牌人的对手先出牌"),
            "text",
            quote="由对手先玩",
        ),
        RuleNote(
            Text("no builds", "不能做牌"),
            "text",
            Text("the 附加牌 of the casino game are not played here", "赌场游戏中的附加牌这里不用"),
            quote="但是不能拿场牌的附加牌",
        ),
        RuleNote(
            Text(
                "a card takes one, two or three table cards of its value together",
                "一张牌可以同时取一、二或三张同点数的场牌",
            ),
            "text",
            Text(
                "the player chooses which of them (the ◆ matters for the score)",
                "由出牌人选择取哪几张（方块关系到计分）",
            ),
            quote="若手牌中有和场牌同分的牌，一张或2张或3张，都可以和手牌配合一起拿",
        ),
        RuleNote(
            Text(
                "a card takes two or more table cards adding up to its value (at most 10)",
                "一张牌可以取两张或更多点数加起来等于它的场牌（最多10点）",
            ),
            "text",
            Text(
                "one set per turn, as in the text's example (◆7 takes 5 and 2) and in Scopa",
                "每轮只取一组，如原文的例子（方块7取5和2）和斯柯帕",
            ),
            quote="2张以上的场牌…合计分数在10分以下时，和此合计分数相同的牌，可以配合场牌一起拿掉",
        ),
        RuleNote(
            Text(
                "no sum capture while the hand holds a card that can take an equal card (option "
                "priority=0)",
                "手中有能取同点场牌的牌时不能凑数取牌（选项 priority=0）",
            ),
            "text",
            Text(
                "the rule is about the hand, which is why only good faith enforces it; priority=1 "
                "is "
                "Scopa's rule for the card played only",
                "这条规则针对整手牌，所以只能靠诚信遵守；priority=1 是斯柯帕只针对打出那张牌的规则",
            ),
            quote="但是，这时若手牌中有以（1）接收的牌时，就不能铺设了。虽然双方不知道对方所拥有"
            "的牌，但仍然以互相取信于对方的精神玩牌较好",
        ),
        RuleNote(
            Text(
                "a card goes to the table only when no card in hand can take anything; an empty "
                "table is played to the same way",
                "只有手中没有一张牌能取牌时才出一张牌到场上；场上没有牌时也这样出牌",
            ),
            "text",
            quote="手牌和场牌无法配合时，可出任意一张手牌…放在桌上 … "
            "场牌被用完后，和（2）一样，出任意一张手牌放在桌上当场牌",
        ),
        RuleNote(
            Text(
                "when both hands are empty the stock is dealt again, one card at a time from the "
                "opponent: four each, and two each the last time",
                "两人手牌都出完时再从备用牌发牌，从对手开始每次一张：每人四张，最后一次每人两张",
            ),
            "assumed",
            Text(
                "the 28 cards of the stock give three more hands of four and a last one of two eac"
                "h "
                "(4+4+4+2 = 14), the only reading in which 'two the last time' happens; Scopa also "
                "deals fresh hands",
                "备用牌的28张可再发三次每人四张和最后一次每人两张（4+4+4+2 = 14），只有这样理解才"
                "会出现“最后一次两张”；斯柯帕也是重新发手牌",
            ),
            quote="手牌用完后，由对手开始，一张张的拿贮存牌，最后一次拿时2张一起拿",
        ),
        RuleNote(
            Text(
                "the cards left on the table at the end go to the last player who took cards",
                "最后剩下的场牌归最后一次取得牌的人",
            ),
            "text",
            quote="剩下的场牌，归给最后一次取得牌的人",
        ),
        RuleNote(
            Text(
                "end of deal: 1 point each for the higher total of card values, more ♦, the 7♦; a "
                "tie in total or in ♦ scores for nobody",
                "一副结束时：牌点总数多、方块多、得到方块7，各得1分；总数或方块张数相同时谁也不得"
                "分",
            ),
            "text",
            Text("the tie rule is Scopa's (assumed)", "相同时的规则取自斯柯帕（推定）"),
            quote="拿到牌的合计分数多的人→1分，拿到方块◆牌的张数多的人→1分，◆7的牌拿到者→1分",
        ),
        RuleNote(
            Text(
                "the first sweep of a deal (taking every table card) scores 1 (option "
                "first_sweep_only=0: every sweep, as in Scopa)",
                "一副中第一次扫光（取走全部场牌）得1分（选项 first_sweep_only=0：每次扫光都得分，"
                "如斯柯帕）",
            ),
            "text",
            quote="扫除（拿所有的场牌）第一回→1分",
        ),
        RuleNote(
            Text(
                "taking the last cards on the deal's last play is no sweep",
                "一副中最后一次出牌取走剩下的牌不算扫光",
            ),
            "assumed",
            Text(
                "the last play takes what is left anyway (剩下的场牌，归给最后一次取得牌的人); "
                "in Scopa it is no sweep",
                "最后一次出牌反正要拿走剩下的牌（剩下的场牌，归给最后一次取得牌的人）；在斯柯帕中"
                "不算扫光",
            ),
        ),
        RuleNote(
            Text(
                "the first to 11 wins; both past 11 in one deal: the higher; equal: another deal",
                "先到11分者获胜；同一副中两人都超过11分时分高者胜；相同时再打一副",
            ),
            "assumed",
            Text(
                "the text does not say what happens when both pass 11 together",
                "原文没有说两人同时超过11分时怎么办",
            ),
            quote="以最先得到11分的人赢得比赛",
        ),
        RuleNote(
            Text(
                "a match that has played 200 deals ends there, the higher total winning (a draw "
                "when level)",
                "打满200副的比赛就此结束，总分高者胜（相同则平局）",
            ),
            "assumed",
            Text(
                "level leaders play another deal, so without a cap a match need not end",
                "领先者分数相同时要再打一副，没有上限的话比赛可能永远不结束",
            ),
        ),
    )

    def _all_cards(self) -> list[int]:
        return list(DECK)

    def _new_deal(self, state: GameState[CaptureVars]) -> None:
        self.start_capture_deal(state, HAND_SIZE)  # the dealer's opponent plays first

    def _legal_actions(self, state: GameState[CaptureVars]) -> Sequence[int]:
        hand = state.zones[HANDS[state.current]]
        table = state.zones["table"]
        if not table:
            return hand
        v = VALUES
        options = self.rules.options(tuple(map(v.__getitem__, table)))
        if self.option_values["priority"] == HAND_FIRST:
            equal = [c | CAPTURE_BITS | m << 9 for c in hand for m in options[v[c]][0]]
            if equal:
                return equal
            sums = [c | CAPTURE_BITS | m << 9 for c in hand for m in options[v[c]][1]]
            return sums or hand
        out: list[int] = []
        for c in hand:
            eq, other = options[v[c]]
            out.extend(c | CAPTURE_BITS | m << 9 for m in (eq or other))
        return out or hand

    def _apply_action(self, state: GameState[CaptureVars], action: int) -> None:
        card = action & 63
        me = state.current
        z = state.zones
        if action < 64:  # a trail
            z[HANDS[me]].remove(card)
            self.lay_on_table(state, card)
        else:
            self.take(state, me, card, action >> 9)
            if (
                not z["table"]
                and (z["stock"] or z["hand0"] or z["hand1"])
                and not (self.option_values["first_sweep_only"] and state.vars.sweeps[me])
            ):
                self.count_sweep(state, me)
                self.add_points(state, me, 1)
        state.current = 1 - me
        if z["hand0"] or z["hand1"]:
            return
        stock = z["stock"]
        if stock:
            first = 1 - state.vars.dealer
            each = min(HAND_SIZE, len(stock) // 2)
            z[HANDS[first]].extend(stock[0 : 2 * each : 2])
            z[HANDS[1 - first]].extend(stock[1 : 2 * each : 2])
            del stock[: 2 * each]
            state.current = first
            return
        self._end_deal(state)

    def _end_deal(self, state: GameState[CaptureVars]) -> None:
        """The hands and the stock are played out: the rest to the last capturer, and the
        deal's points."""
        self.sweep_rest(state)
        points, who = self.deal_points(state)
        why = ""
        if state.story is not None:  # (the words are not made for a playout)
            why = ", ".join(
                f"{name} to player {p + 1}" if p >= 0 else f"{name} to nobody"
                for name, p in (
                    ("total", who["total"]),
                    ("♦", who["diamonds"]),
                    ("7♦", who["seven"]),
                )
            )
        self.finish_deal(state, points, why)

    def _play_random(
        self, state: GameState[CaptureVars], pick: Callable[[], float], chance: random.Random
    ) -> int:
        """The fast random playout: :func:`conjure_games.fast.ten_exchange.play_random`."""
        from conjure_games.fast.ten_exchange import play_random

        return play_random(self, state, pick, chance)

    def deal_points(self, state: GameState[CaptureVars]) -> tuple[tuple[int, int], dict[str, int]]:
        """Each player's points for the deal just played, and who took each point (-1:
        nobody): ``total``, ``diamonds``, ``seven``."""
        won = [state.zones["won0"], state.zones["won1"]]
        totals = [sum(map(VALUES.__getitem__, w)) for w in won]
        diamonds = [len([c for c in w if 39 <= c < 52]) for w in won]  # ♦, codes 39-51
        who = {
            "total": _more(totals),
            "diamonds": _more(diamonds),
            "seven": 0 if SEVEN_OF_DIAMONDS in won[0] else 1,
        }
        points = list(state.vars.sweeps)
        for p in who.values():
            if p >= 0:
                points[p] += 1
        return (points[0], points[1]), who

    def _audit(self, state: GameState[CaptureVars]) -> str | None:
        table = state.zones["table"]
        if table != sorted(table, key=self.table_order.__getitem__):
            return "the table is out of order"
        return None


def _more(counts: Sequence[int]) -> int:
    """The player with strictly more, or -1 on a tie."""
    if counts[0] == counts[1]:
        return -1
    return 0 if counts[0] > counts[1] else 1
