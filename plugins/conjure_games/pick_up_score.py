"""Pick up score: 普通做牌捡分 (text 004, a fragment), a capture game for two to six players.

Rule notes
==========

The text gives the deck, the deal, the two ways to capture and the one-capture-a-turn rule, and
stops. Everything else is filled from the closest games and marked assumed in
:attr:`PickUpScore.rule_notes`:

- card values (J 11, Q 12, K 13) and a card drawn after every turn come from the Chinese
  fishing game in which a card takes table cards adding up to it (钓鱼, "King = Jack + 2"; 捡红点
  also draws a card each turn);
- what scores comes from the game's name: 捡分, picking up the 分 (point) cards of the Chinese
  point games 百分 and 挣分, fives 5 and tens and Kings 10, 100 in a deal (the book itself refers
  to 百分);
- the last capturer taking what is left is the rule of the whole family (and of 换牌 in seed
  001).

Random playouts take a fast path, a second copy of the rules of play written for speed
(:mod:`conjure_games.fast.pick_up_score`), which :func:`conjure.testing.check_game` proves
equal to the checked path at every table size.
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
    WON,
    CaptureGame,
    CaptureRules,
    CaptureVars,
    GameState,
    Option,
    RuleNote,
    encode,
)

DECK: Final = tuple(c.code for c in full_deck(52))
#: A 1, 2-10 their pips, J 11, Q 12, K 13
VALUES: Final = tuple(c % 13 + 1 if c < 52 else 0 for c in range(54))
#: the 分 cards: 5s 5, 10s and Kings 10
POINTS: Final = tuple({5: 5, 10: 10, 13: 10}.get(c % 13 + 1, 0) if c < 52 else 0 for c in range(54))
HAND_SIZE: Final = 4
CAPTURE_BITS: Final = encode(0, CAPTURE)


class PickUpScore(CaptureGame[CaptureVars]):
    id = "pick-up-score"
    name_zh = "普通做牌捡分"
    name_en = "Pick Up Score"
    source = "text 004 「普通做牌捡分」"
    source_zh = "原文004「普通做牌捡分」"
    players = (2, 3, 4, 5, 6)
    deck_size = 52
    summary_en = (
        "2–6 players: a hand card takes a table card of its rank or table cards adding up to "
        "it (J 11, Q 12, K 13); fives score 5, tens and Kings 10."
    )
    summary_zh = (
        "2至6人：以同点数牌捡一张明牌，或捡点数之和等于手牌的几张明牌；5为5分，10与K为10分。"
    )
    values = VALUES
    deal_scale = 100.0
    names_sweeps = False
    rules = CaptureRules(equal="one", sums=True, several=False, limit=13)
    options = (
        Option("target", 100, 1, 1000, Text("points that win the match", "赢得比赛所需的分数")),
    )
    rule_notes = (
        RuleNote(
            Text("52 cards, no jokers; two to six players", "52张牌，不用大小王；二至六人"),
            "text",
            quote="扑克牌一副，去掉大、小王，共52张牌。2～6人均可参加",
        ),
        RuleNote(
            Text(
                "four cards each, then four turned face up on the table; the rest is the stock",
                "每人四张，再翻开四张放在桌上；余下的是备用牌",
            ),
            "text",
            quote="由甲发牌，每人4张在手。甲在牌沓上翻出4张牌作为基本被捡明牌。剩余牌作为备用牌",
        ),
        RuleNote(
            Text(
                "a pair (横副): two cards of one rank and different suits take one table card",
                "捡横副：两张花色不同、点数相同的牌捡一张明牌",
            ),
            "text",
            quote="捡横副是用2张不同花色的同点数牌捡一张被捡明牌",
        ),
        RuleNote(
            Text(
                "the two cards of the pair are the hand card played and the table card it takes: "
                "a hand card takes one table card of its rank",
                "横副的两张牌就是打出的手牌和它捡走的明牌：一张手牌捡一张同点数的明牌",
            ),
            "assumed",
            Text(
                "the text does not say whose the two cards are. Read as two hand cards taking a "
                "third, the table card would have to match nothing, and a player could take any "
                "card with any pair he held; read as the card played and the card taken, it is "
                "the pairing capture of every fishing game, and of 换牌 in text 001 "
                "(「手牌中有和场牌同分的牌……可以和手牌配合一起拿」)",
                "原文没有说这两张牌是谁的。若理解为用两张手牌去捡第三张，明牌就不必与之相配，手中"
                "有一对就能捡任何一张；理解为打出的牌和捡走的牌，就是所有钓鱼类游戏的配对捡牌，原"
                "文001的换牌也是如此（「手牌中有和场牌同分的牌……可以和手牌配合一起拿」）",
            ),
        ),
        RuleNote(
            Text(
                "a sum: a hand card takes two or more table cards whose pips add up to its own",
                "凑数：一张手牌取两张或更多点数加起来等于它的桌上的牌",
            ),
            "text",
            quote="捡合（加法之和）等于手牌点数之和的几张明牌。如手牌为梅花9，即可捡明牌中的2、2"
            "、5…方块10，则可捡明牌中的7、3或2、3、5",
        ),
        RuleNote(
            Text(
                "one capture a turn; captured cards lie face up in front of their taker",
                "每轮只取一次；取得的牌面朝上放在取牌人面前",
            ),
            "text",
            quote="每人每次只许捡一次牌，捡的牌组要正面朝上置于自己跟前",
        ),
        RuleNote(
            Text(
                "values: A 1, 2–10 their pips, J 11, Q 12, K 13",
                "点数：A 1点，2–10按牌面，J 11点，Q 12点，K 13点",
            ),
            "assumed",
            Text(
                "the text counts 点数 without saying what a picture card counts; 11, 12, 13 is how "
                "Chinese card games count them (算24点) and how the fishing game where a card take"
                "s "
                "cards adding up to it counts them (K takes J and 2)",
                "原文计算点数，但没有说人头牌算几点；11、12、13是中国纸牌游戏的算法（算24点），也"
                "是以一张牌取点数之和等于它的牌的钓鱼游戏的算法（K取J和2）",
            ),
        ),
        RuleNote(
            Text(
                "a player who can capture must; one who cannot lays a card face up on the table",
                "能取牌的人必须取；不能取的人把一张牌面朝上放在桌上",
            ),
            "assumed",
            Text(
                "the text is silent; in the fishing games a card goes to the table when nothing ca"
                "n "
                "be taken (and 换牌 in text 001 says so: 「手牌和场牌无法配合时，可出任意一张手牌"
                "」)",
                "原文没有说明；在钓鱼类游戏中，什么都取不到时就出一张牌到桌上（原文001的换牌也这"
                "样说：「手牌和场牌无法配合时，可出任意一张手牌」）",
            ),
        ),
        RuleNote(
            Text(
                "after each turn the player draws a card from the stock while it lasts; the deal "
                "ends when the hands are played out",
                "只要备用牌还有，每轮之后出牌人摸一张；手牌出完时这一副结束",
            ),
            "assumed",
            Text(
                "the text names the stock 「备用牌」 (cards in reserve) but not how it is used; "
                "drawing a card a turn keeps four in hand for any number of players, as the fishin"
                "g "
                "games 钓鱼 and 捡红点 draw after every play",
                "原文提到「备用牌」，但没有说怎么用；每轮摸一张使任何人数时手中都保持四张，与钓鱼"
                "和捡红点每出一张后摸牌相同",
            ),
        ),
        RuleNote(
            Text(
                "the last player to capture takes the cards left on the table",
                "最后取牌的人拿走桌上剩下的牌",
            ),
            "assumed",
            Text(
                "the rule of the fishing family; 换牌 (text 001): "
                "「剩下的场牌，归给最后一次取得牌的人」",
                "钓鱼类游戏的规则；换牌（原文001）：「剩下的场牌，归给最后一次取得牌的人」",
            ),
        ),
        RuleNote(
            Text(
                "score: 5 for each five, 10 for each ten and King captured (100 a deal)",
                "计分：取得的每张5得5分，每张10和K得10分（每副共100分）",
            ),
            "assumed",
            Text(
                "the text stops before its scoring. 捡分 is picking up the 分 cards, which in the "
                "Chinese point games 百分 and 挣分 are the fives, tens and Kings",
                "原文在计分之前就中断了。捡分就是捡分牌，在中国的计分游戏百分和挣分中，分牌是5、10"
                "和K",
            ),
        ),
        RuleNote(
            Text(
                "play goes in seat order, the player after the dealer first, and the dealer "
                "moves on one seat a deal; the first to 100 over the deals wins, a tie for the "
                "lead past it plays another deal",
                "按座次出牌，由发牌人的下家先出；每副发牌人往下移一个座位；各副累计先到100分者获胜"
                "，超过100分而并列第一时再打一副",
            ),
            "assumed",
            Text(
                "the text names only 甲 as the dealer; 100 is one deal's points",
                "原文只说甲发牌；100分是一副牌的总分",
            ),
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
        self.start_capture_deal(state, HAND_SIZE)

    def _legal_actions(self, state: GameState[CaptureVars]) -> Sequence[int]:
        hand = state.zones[HANDS[state.current]]
        table = state.zones["table"]
        if not table:
            return hand
        v = VALUES
        takes = self.rules.takes(tuple(map(v.__getitem__, table)))
        out = [c | CAPTURE_BITS | m << 9 for c in hand for m in takes[v[c]]]
        return out or hand

    def _apply_action(self, state: GameState[CaptureVars], action: int) -> None:
        card = action & 63
        me = state.current
        z = state.zones
        hand = z[HANDS[me]]
        if action < 64:
            hand.remove(card)
            self.lay_on_table(state, card)
        else:
            gained = POINTS[card]
            for taken in self.take(state, me, card, action >> 9):
                gained += POINTS[taken]
            if gained:
                self.add_points(state, me, gained)
        stock = z["stock"]
        if stock:
            hand.append(stock.pop(0))
        n = self.num_players
        for step in range(1, n + 1):
            nxt = (me + step) % n
            if z[HANDS[nxt]]:
                state.current = nxt
                return
        self._end_deal(state)

    def _end_deal(self, state: GameState[CaptureVars]) -> None:
        """The hands are played out: the last capturer takes the rest and its points."""
        last = state.vars.last
        table = state.zones["table"]
        if last >= 0 and table:
            self.add_points(state, last, sum(POINTS[c] for c in table))
        self.sweep_rest(state)
        self.finish_deal(state, state.vars.score)

    def _play_random(
        self, state: GameState[CaptureVars], pick: Callable[[], float], chance: random.Random
    ) -> int:
        """The fast random playout: :func:`conjure_games.fast.pick_up_score.play_random`."""
        from conjure_games.fast.pick_up_score import play_random

        return play_random(self, state, pick, chance)

    def _audit(self, state: GameState[CaptureVars]) -> str | None:
        table = state.zones["table"]
        if table != sorted(table, key=self.table_order.__getitem__):
            return "the table is out of order"
        for p in range(self.num_players):
            total = sum(POINTS[c] for c in state.zones[WON[p]])
            if total != state.vars.score[p]:
                return f"player {p + 1} scores {state.vars.score[p]} but holds {total}"
        return None
