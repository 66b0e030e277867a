"""Klaberjass: the untitled game that opens text 000.

Rule notes
==========

The text starts mid-rules: the rank orders, the completion of the hands to nine cards, the
sequences compared before the first lead, the follow rule, the scoring table and the target of
500 are there; the deal's start, the choice of trump and any last-trick bonus are not. Every
rule and its origin is in :attr:`Klaberjass.rule_notes`. Where the text is explicit it is kept,
even where the traditional game (Klaberjass, Belote) differs:

- Only the card the trick's winner played scores ("能够得分的牌，必须是赢方所出的牌，而对方所出
  的不算"): the loser's card goes to a pile of beaten cards and counts for nobody.
- Trumping is allowed, not required, without the led suit ("则可用主牌来压"); a trump lead must
  be followed with a trump ("那就必须出主牌") but need not be beaten. Option ``strict=1`` plays the
  cousin's duties (trump when void, beat a led trump).
- A trump sequence beats any plain one ("主牌连牌大于任何一种花型的连牌"); otherwise the longer,
  then the higher; equal ones in different suits go to the non-dealer (option ``seq=1``: length
  and height first, trumps only between equals, as in Klaberjass).
- The trump K and Q score 20 when both are cards their holder won tricks with: the table's
  "主牌KQ（2张）——20分" read with its rule on the winner's own cards (assumed). Belote scores
  them whenever the holder plays both; a combination can never lie in one trick.
- The sequences' 20 and 50 in the table are scored once, by the better sequence, before the
  first lead, as the text's paragraph on comparing them says; the table lists their values.

Assumed from Klaberjass: six cards each in threes, the next card turned up fixes trump (no
bidding: the text only says "在确定了主牌的花型后"), the dealer alternating, and the match
checked after each deal. The text's table has no last-trick bonus, so there is none by default;
option ``last=10`` plays Klaberjass's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Final

import attrs

from conjure import Text
from conjure.games import (
    ALL,
    HANDS,
    NOBODY,
    SPECIAL,
    TERMINAL,
    WON,
    Combination,
    Declarations,
    FollowRule,
    GameState,
    MatchGame,
    MatchVars,
    Option,
    Ranking,
    RuleNote,
    RunRule,
    declare,
    follow_note,
    lacking_shown,
    lay_on_two_card_trick,
    ranks,
)

NATURAL: Final = ranks("A K Q J 10 9 8 7")
DECK: Final = tuple(s * 13 + r for s in range(4) for r in NATURAL)
KING, QUEEN = ranks("K Q")
DECLARE: Final = SPECIAL
MAX_DEALS: Final = 200
#: trump J 20 > 9 14 > A 11 > 10 10 > K 4 > Q 3 > 8 > 7; plain A 11 > 10 10 > K 4 > Q 3 > J 2 > 9 …
RANKING: Final = Ranking(
    ranks("A 10 K Q J 9 8 7"),
    ranks("J 9 A 10 K Q 8 7"),
    {0: 11, 9: 10, 12: 4, 11: 3, 10: 2},
    {10: 20, 8: 14, 0: 11, 9: 10, 12: 4, 11: 3},
)
SEQUENCES: Final = Declarations([RunRule(NATURAL, {3: 20, 4: 50})])
BELLA: Final = 20


@attrs.define(slots=False)
class KlaberjassVars(MatchVars):
    """The public values of a deal of klaberjass."""

    trump: int = -1
    #: each player's points in this deal
    score: tuple[int, ...] = (0, 0)
    #: "declare" (sequences, before the first lead) or "play"
    phase: str = attrs.field(default="declare", metadata={"values": ("declare", "play")})
    #: each player's declared sequence (catalogue index), the catalogue's size for none, -1
    #: while still to declare
    declared: tuple[int, ...] = (-1, -1)
    #: who scored for the better sequence, or -1
    sequence: int = -1
    tricks: int = 0
    #: who won the last trick of the deal just played
    last: int = -1


class Klaberjass(MatchGame[KlaberjassVars]):
    id = "klaberjass"
    name_zh = "克拉伯雅斯（原文无题）"
    name_en = "Klaberjass"
    source = "text 000, untitled: the game that opens it"
    source_zh = "原文000（无题，开头的游戏）"
    deck_size = 32
    summary_en = "32 cards, trump J 20 and 9 14; sequences compared before the first lead; only "
    summary_en += "the winner's own card scores; first to 500."
    summary_zh = (
        "32张牌，主牌J 20分、9 14分；出牌前比较同花连牌；只有赢方所出的牌得分；先得500分者胜。"
    )
    #: 152 in the cards, 50 for a sequence, 20 for the trump K and Q, 10 for the last
    deal_scale = 230.0
    vars_type = KlaberjassVars
    options: ClassVar[tuple[Option, ...]] = (
        Option(
            "target",
            500,
            50,
            5000,
            Text("total points that win the match", "赢得整场比赛所需的总分"),
        ),
        Option(
            "last",
            0,
            0,
            10,
            Text(
                "points for the last trick (the text gives none; Klaberjass 10)",
                "最后一墩的加分（原文没有；克拉伯雅斯为10分）",
            ),
        ),
        Option(
            "strict",
            0,
            0,
            1,
            Text(
                "1: must trump when void and beat a led trump (Klaberjass)",
                "1：缺门时必须出主牌，领出主牌时必须压过（克拉伯雅斯的规则）",
            ),
        ),
        Option(
            "seq",
            0,
            0,
            1,
            Text(
                "0: a trump sequence beats any plain one; 1: length first",
                "0：主牌连牌大于任何副牌连牌；1：先比张数",
            ),
        ),
    )
    rule_notes: ClassVar[tuple[RuleNote, ...]] = (
        RuleNote(
            Text("32 cards, 7 to A", "32张牌，从7到A"),
            "text",
            Text(
                "the orders name eight ranks, A 10 K Q J 9 8 7, the 7 the lowest",
                "牌序只有八个点数：A、10、K、Q、J、9、8、7，7最小",
            ),
            quote="在主牌中，牌的大小顺序为：J＞9＞A＞10＞K＞Q＞8＞7。以J为最大，7为最小",
        ),
        RuleNote(
            Text("trump J > 9 > A > 10 > K > Q > 8 > 7", "主牌 J > 9 > A > 10 > K > Q > 8 > 7"),
            "text",
            quote="在主牌中，牌的大小顺序为：J＞9＞A＞10＞K＞Q＞8＞7",
        ),
        RuleNote(
            Text("plain A > 10 > K > Q > J > 9 > 8 > 7", "副牌 A > 10 > K > Q > J > 9 > 8 > 7"),
            "text",
            quote="在非主牌（副牌）中，牌的顺序是这样的：A＞10＞K＞Q＞J＞9＞8＞7",
        ),
        RuleNote(
            Text(
                "six cards each in threes; the next card turned up fixes trump",
                "每人六张，每次三张；再翻起下一张牌定主牌",
            ),
            "assumed",
            Text(
                "the text begins after this ('在确定了主牌的花型后'); Klaberjass deals so, without "
                "its bidding, which the text never mentions",
                "原文从此之后开始（「在确定了主牌的花型后」）；克拉伯雅斯如此发牌，但略去原文从未"
                "提到的叫牌",
            ),
        ),
        RuleNote(
            Text(
                "the turned card is set aside; three more each make nine; the rest is not used",
                "翻起的牌放在一边；每人再发三张，凑成九张；余下的牌不用",
            ),
            "text",
            quote="发牌人把翻开的那张牌放到一边，然后给对方和自己再各发3张牌，使手中的牌达到9张",
        ),
        RuleNote(
            Text(
                "a sequence is three or more of one suit in the order A K Q J 10 9 8 7, trumps too",
                "连牌是同一花色按A K Q J 10 9 8 7顺序相连的三张或更多，主牌也是如此",
            ),
            "text",
            quote="3张或3张以上花型相同、数字上相连的一组牌称为同花连牌……各种花型的牌（包括主牌）"
            "的大小顺序与单张牌时是不同的，顺序为：A＞K＞Q＞J＞10＞9＞8＞7",
        ),
        RuleNote(
            Text(
                "before the dealer leads, the non-dealer declares and shows his sequence, then the "
                "dealer his; the better one scores 20 (three cards) or 50 (four or more)",
                "发牌人领出之前，非发牌人先宣布并亮出连牌，然后发牌人宣布；较好的连牌得20分（三张"
                "）或50分（四张或更多）",
            ),
            "text",
            quote="3张牌的连牌分值为20分，4张或4张以上连牌的分值为50分……在发牌人出牌之前，对方必"
            "须得告诉发牌人自己的连牌是什么样的。如果发牌人也有连牌，那也要说出来，然后比较大小，"
            "连牌大的一方就得分",
        ),
        RuleNote(
            Text(
                "a trump sequence beats any plain one; then more cards, then the higher top card; "
                "equal ones in different suits go to the non-dealer (option seq=1 ranks length "
                "and height first, as Klaberjass does)",
                "主牌连牌大于任何副牌连牌；其次张数多者大，再次顶张高者大；花色不同而大小相同时，"
                "以非发牌人为赢（选项 seq=1 则按克拉伯雅斯的做法先比张数和大小）",
            ),
            "text",
            quote="在连牌中，主牌连牌大于任何一种花型的连牌，如果两人的连牌张数相同，大小相同，而花"
            "型不同，则以非发牌人为赢",
        ),
        RuleNote(
            Text(
                "a player holding several sequences chooses which to declare",
                "手中有几组连牌的人自己选择宣布哪一组",
            ),
            "assumed",
            Text("the text speaks of one sequence each", "原文只说每人一组连牌"),
        ),
        RuleNote(
            Text(
                "the dealer leads the first trick, the winner of each trick the next",
                "发牌人领出第一墩，每墩的赢家领出下一墩",
            ),
            "text",
            quote="首先由发牌人出牌……下一轮出牌，由上一轮的赢家开始",
        ),
        RuleNote(
            Text(
                "follow suit; without it any card, trumping allowed but not required",
                "必须跟出同花色；没有时可出任何牌，可以出主牌将吃，但不必须",
            ),
            "text",
            quote="对方所出的牌，必须同发牌人出的牌花型相同，如果手中没有，则可用主牌来压",
        ),
        RuleNote(
            Text(
                "a trump lead must be answered with a trump when able, otherwise any card",
                "领出主牌时，有主牌必须跟主牌，否则可出任何牌",
            ),
            "text",
            quote="如果出牌人出的是主牌，而对方也有主牌，那就必须出主牌，如手中没有主牌，方可用其"
            "他牌来垫",
        ),
        RuleNote(
            Text(
                "option strict=1: must trump when void and beat a led trump",
                "选项 strict=1：缺门时必须出主牌，领出主牌时必须压过",
            ),
            "assumed",
            Text(
                "Klaberjass's duties, which the text does not impose",
                "这是克拉伯雅斯的规定，原文并未要求",
            ),
        ),
        RuleNote(
            Text(
                "the higher card wins the trick: a trump over any plain card, else the higher of "
                "the suit led",
                "大牌赢墩：主牌大于任何副牌，否则同花色中大者赢",
            ),
            "text",
            quote="在每一轮的出牌中，出了较大牌的一方为赢",
        ),
        RuleNote(
            Text(
                "points: trump J 20, trump 9 14, A 11, 10 10, K 4, Q 3, plain J 2; 152 in the deck",
                "牌分：主牌J 20分，主牌9 14分，A 11分，10 10分，K 4分，Q 3分，副牌J 2分；全副牌共1"
                "52分",
            ),
            "text",
            quote="主牌J——20分主牌9——14分一张A——11分一张10——10分一张K——4分一张Q——3分一张J（副牌"
            "）——2分",
        ),
        RuleNote(
            Text(
                "only the card the trick's winner played scores; the loser's card counts for nobod"
                "y",
                "只有赢墩者自己出的牌计分；输方的牌谁也不得分",
            ),
            "text",
            quote="注意，能够得分的牌，必须是赢方所出的牌，而对方所出的不算",
        ),
        RuleNote(
            Text("the trump K and Q together score 20", "主牌K和Q合起来得20分"),
            "text",
            quote="主牌KQ（2张）——20分",
        ),
        RuleNote(
            Text(
                "the trump K and Q score 20 for the player who won tricks with both",
                "用主牌K和Q都赢了墩的人得这20分",
            ),
            "assumed",
            Text(
                "the table lists them among what the winner of a trick scores for the cards he "
                "played (「如果他所出的牌中，又有下牌或牌的组合」), and one player plays both only "
                "in two tricks; Belote scores them to whoever plays both",
                "原文把它们列在赢墩者按自己所出的牌得分的表中（「如果他所出的牌中，又有下牌或牌的"
                "组合」），而一人只能在两墩中打出这两张牌；贝洛特则给打出这两张牌的人",
            ),
        ),
        RuleNote(
            Text(
                "no bonus for the last trick (option last=10 plays Klaberjass's 10)",
                "最后一墩没有加分（选项 last=10 按克拉伯雅斯加10分）",
            ),
            "text",
            Text(
                "the scoring table lists what a trick's winner scores and has no last-trick bonus",
                "原文的计分表列出赢墩者所得的分，其中没有最后一墩的加分",
            ),
            quote="在每一轮次的出牌中赢了的一方，如果他所出的牌中，又有下牌或牌的组合，那就可参照下"
            "列标准赢得分值",
        ),
        RuleNote(
            Text(
                "scores add up over deals; the first to 500 wins",
                "各副牌的得分累计；先到500分者获胜",
            ),
            "text",
            quote="在玩了几盘后，谁的积分到500分了，谁就是赢家",
        ),
        RuleNote(
            Text(
                "the dealer alternates; the total is checked after each deal, the higher wins when "
                "both pass 500 (equal totals play another deal, up to 200 deals, then the higher "
                "or a draw)",
                "两人轮流发牌；每副牌后核对总分，两人都超过500分时分高者胜（总分相同则再打一副，最"
                "多200副，然后分高者胜或平局）",
            ),
            "assumed",
            Text(
                "the text does not say; the cap on deals makes every match end",
                "原文没有说明；副数上限使每场比赛都能结束",
            ),
        ),
    )

    def __init__(self, num_players: int | None = None, **options: int) -> None:
        super().__init__(num_players, **options)
        o = self.option_values
        self.follow = FollowRule(trump=True, overtrump=True) if o["strict"] else FollowRule()

    def most_moves(self) -> int:
        """A deal is two declarations at most and 18 cards played; a match is at most
        :data:`MAX_DEALS` deals."""
        return MAX_DEALS * (2 + 18)

    def _zones(self) -> dict[str, str | int]:
        return {
            "hand0": 0,
            "hand1": 1,
            "trick": ALL,
            "won0": ALL,
            "won1": ALL,
            "beaten": ALL,
            "aside": ALL,
            "rest": NOBODY,
        }

    def _all_cards(self) -> list[int]:
        return list(DECK)

    # -- dealing ----------------------------------------------------------------------------

    def _new_deal(self, state: GameState[KlaberjassVars]) -> None:
        cards = self.shuffled_deck(state)
        dealer = state.vars.dealer
        z = state.zones
        first = 1 - dealer
        # threes, the non-dealer first: six each, the 13th card turned for trump, three more
        starts = (0, 3, 6, 9, 13, 16)
        for packet, start in enumerate(starts):
            z[HANDS[(first + packet) % 2]].extend(cards[start : start + 3])
        turned = cards[12]
        z["aside"].append(turned)
        z["rest"] = cards[19:]
        v = state.vars
        v.trump = turned // 13
        v.score = (0, 0)
        v.declared = (-1, -1)
        v.sequence = -1
        v.tricks = 0
        v.phase = "declare"
        state.current = first
        self._next_declarer(state)

    def _next_declarer(self, state: GameState[KlaberjassVars]) -> None:
        """Move on to whoever still has a sequence to declare, or to the first lead."""
        v = state.vars
        dealer = v.dealer
        for player in (1 - dealer, dealer):
            if v.declared[player] >= 0:
                continue
            if SEQUENCES.find(state.zones[HANDS[player]]):
                state.current = player
                return
            declared = list(v.declared)
            declared[player] = len(SEQUENCES)  # nothing to declare
            v.declared = tuple(declared)
        self._compare(state)
        v.phase = "play"
        state.current = dealer

    def key(self, combo: Combination, trump: int) -> tuple[int, ...]:
        """How a sequence ranks against another (without the non-dealer's tie-break)."""
        length, top = combo.order
        is_trump = int(combo.suit == trump)
        if self.option_values["seq"]:
            return (length, top, is_trump)
        return (is_trump, length, top)

    def _compare(self, state: GameState[KlaberjassVars]) -> None:
        v = state.vars
        trump = v.trump
        dealer = v.dealer
        best = -1
        best_key: tuple[int, ...] = (-1,)
        for player in (1 - dealer, dealer):  # the non-dealer wins ties: listed first
            i = v.declared[player]
            if i < len(SEQUENCES):
                k = self.key(SEQUENCES.catalogue[i], trump)
                if k > best_key:
                    best, best_key = player, k
        if best >= 0:
            value = SEQUENCES.catalogue[v.declared[best]].value
            score = list(v.score)
            score[best] += value
            v.score = tuple(score)
            v.sequence = best
            if state.story is not None:  # someone is listening
                state.tell(
                    f"player {best + 1}'s sequence is the better: +{value}",
                    f"玩家{best + 1}的连牌大：+{value}",
                )

    # -- legal actions ----------------------------------------------------------------------

    #: a card played off the suit led shows the table what the hand lacks (one rule for all)
    _lacking_shown = lacking_shown
    #: the menu says when following suit narrows the cards open
    _menu_note = follow_note

    def _legal_actions(self, state: GameState[KlaberjassVars]) -> Sequence[int]:
        hand = state.zones[HANDS[state.current]]
        v = state.vars
        if v.phase == "declare":
            return [DECLARE + i for i in SEQUENCES.find(hand)]
        trick = state.zones["trick"]
        if not trick:
            return hand
        trump = v.trump
        return self.follow.legal(hand, trick[0], trump, RANKING.strength[trump])

    def _action_name(self, state: GameState[KlaberjassVars], action: int) -> str | Text:
        if action < DECLARE:
            return super()._action_name(state, action)
        combo = SEQUENCES.catalogue[action - DECLARE]
        return Text("declare {combo} ({n})", zh="宣布{combo}（{n}）").format(
            combo=combo.words(), n=combo.value
        )

    # -- play -------------------------------------------------------------------------------

    def _apply_action(self, state: GameState[KlaberjassVars], action: int) -> None:
        v = state.vars
        me = state.current
        if action >= DECLARE:
            combo = SEQUENCES.catalogue[action - DECLARE]
            declare(state, combo)  # no story line: the move (declare run 9♣ 8♣ 7♣) says it
            declared = list(v.declared)
            declared[me] = action - DECLARE
            v.declared = tuple(declared)
            self._next_declarer(state)
            return
        trump = v.trump
        settled = lay_on_two_card_trick(state, HANDS[me], action, RANKING.strength[trump], trump)
        if settled is None:
            return
        winner, led = settled
        own, other = (action, led) if winner == me else (led, action)
        z = state.zones
        z["trick"].clear()
        won = z[WON[winner]]
        won.append(own)
        z["beaten"].append(other)
        gained = RANKING.points[trump][own]
        if own // 13 == trump and own % 13 in (KING, QUEEN):
            partner = own + 1 if own % 13 == QUEEN else own - 1
            if partner in won:
                gained += BELLA
        tricks = v.tricks + 1
        if tricks == 9:
            gained += self.option_values["last"]
        a, b = v.score
        v.score = (a + gained, b) if winner == 0 else (a, b + gained)
        v.tricks = tricks
        if tricks < 9:
            state.current = winner
        else:
            self._end_deal(state, winner)

    def _breakdown(self, state: GameState[KlaberjassVars]) -> list[Text]:
        """The deal's points by their source, as :meth:`_audit` recounts them."""
        v = state.vars
        points = RANKING.points[v.trump]
        cards, bella, sequence, last = [0, 0], [0, 0], [0, 0], [0, 0]
        for p in (0, 1):
            won = state.zones[WON[p]]
            cards[p] = sum(points[c] for c in won)
            if v.trump * 13 + KING in won and v.trump * 13 + QUEEN in won:
                bella[p] = BELLA
            if v.sequence == p:
                sequence[p] = SEQUENCES.catalogue[v.declared[p]].value
            if v.tricks == 9 and v.last == p:
                last[p] = self.option_values["last"]
        tricks = [len(state.zones[WON[p]]) for p in (0, 1)]
        parts = [
            Text("tricks {a} : {b}", zh="墩数 {a} : {b}").format(a=tricks[0], b=tricks[1]),
            Text("winners' cards {a} : {b}", zh="赢方牌分 {a} : {b}").format(
                a=cards[0], b=cards[1]
            ),
        ]
        for said, values in (
            (Text("sequence {a} : {b}", zh="连牌 {a} : {b}"), sequence),
            (Text("trump K and Q {a} : {b}", zh="主牌K和Q {a} : {b}"), bella),
            (Text("last trick {a} : {b}", zh="最后一墩 {a} : {b}"), last),
        ):
            if any(values):
                parts.append(said.format(a=values[0], b=values[1]))
        return parts

    def _end_deal(self, state: GameState[KlaberjassVars], last: int) -> None:
        v = state.vars
        v.last = last
        self.tell_deal_end(state, v.score)
        match = tuple(m + s for m, s in zip(v.match, v.score, strict=True))
        v.match = match
        self.next_dealer(state)
        won = max(match) >= self.option_values["target"] and match[0] != match[1]
        if won or v.deals >= MAX_DEALS:
            state.current = TERMINAL
        else:
            self._start_deal(state)

    # -- results ----------------------------------------------------------------------------

    def _audit(self, state: GameState[KlaberjassVars]) -> str | None:
        """Recount the deal's score from the won cards, the bella, the sequence and the last
        trick."""
        v = state.vars
        trump = v.trump
        points = RANKING.points[trump]
        for p in (0, 1):
            won = state.zones[WON[p]]
            total = sum(points[c] for c in won)
            if trump * 13 + KING in won and trump * 13 + QUEEN in won:
                total += BELLA
            if v.sequence == p:
                total += SEQUENCES.catalogue[v.declared[p]].value
            if v.tricks == 9 and v.last == p:
                total += self.option_values["last"]
            if total != v.score[p]:
                return f"player {p} has {v.score[p]} but the recount gives {total}"
        return None

    def _scores(self, state: GameState[KlaberjassVars]) -> tuple[int, ...]:
        return tuple(state.vars.match)
