"""Round and round: 循环往复 (text 000), 按部就班 (texts 001 and 003): six cards each, a stock
lying face up, trump by a draw, 13 deals. The rules and where each comes from are the
``rule_notes`` (``conjure rules round-and-round``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Final

from conjure import Text
from conjure.deck import SUIT_SYMBOLS
from conjure.games import (
    HANDS,
    TOP,
    GameState,
    Option,
    RuleNote,
    TrickGame,
    TrickVars,
    follow_suit,
    play_tricks,
    trick_zones,
)

# rank index (code % 13): A=0, 2=1 … 10=9, J=10, Q=11, K=12; the order is A high
STRENGTH: Final = tuple(13 if c % 13 == 0 else c % 13 for c in range(52))
TRUMP_POINTS: Final = {0: 10, 12: 3, 11: 2, 10: 10, 1: 10}  # A, K, Q, J, 2
PLAIN_POINTS: Final = {0: 4, 12: 3, 11: 2, 10: 1}  # A, K, Q, J
#: the points of every card, when it is a trump and when it is not; 65 in a deal
POINTS_AS_TRUMP: Final = tuple(TRUMP_POINTS.get(c % 13, 0) for c in range(52))
POINTS_PLAIN: Final = tuple(PLAIN_POINTS.get(c % 13, 0) for c in range(52))


#: trump suit -> every card's points (index -1: no trump yet)
POINTS_WITH_TRUMP: Final = tuple(
    tuple(POINTS_AS_TRUMP[c] if c // 13 == t else POINTS_PLAIN[c] for c in range(52))
    for t in (0, 1, 2, 3, -1)
)


def card_points(card: int, trump: int) -> int:
    return POINTS_AS_TRUMP[card] if card // 13 == trump else POINTS_PLAIN[card]


class RoundAndRound(TrickGame[TrickVars]):
    id = "round-and-round"
    name_zh = "循环往复"
    name_en = "Round and Round"
    source = "text 000 「循环往复」, text 001 untitled at its opening, text 003 「六、按部就班」"
    source_zh = "原文000「循环往复」、原文001（无题，开头部分）与原文003「六、按部就班」"
    deck_size = 52
    summary_en = (
        "Six cards each and a face-up stock; trump by a draw; the trick winner takes both "
        "cards; 13 deals, first to 7."
    )
    summary_zh = "每人6张，贮存牌翻开放，抽牌定王牌；赢的人拿走两张牌；13局，先得7分者胜。"
    vars_type = TrickVars
    #: random playouts take the fast loop of the trick games that play cards plainly
    _play_random = play_tricks
    strength: ClassVar[Sequence[int]] = STRENGTH
    deal_scale = 2.0
    options = (
        Option("deals", 13, 1, 13, Text("the most deals in a match", "一场比赛最多的副数")),
        Option("target", 7, 1, 13, Text("match points that win", "获胜所需的比赛分")),
    )
    rule_notes = (
        RuleNote(
            Text("52 cards; A>K>Q>J>10>…>2", "52张牌；A>K>Q>J>10>…>2"),
            "text",
            quote="牌的大小：A＞K＞Q＞J＞10",
        ),
        RuleNote(
            Text(
                "six cards each, dealt one at a time; the other 40 are the stock, face up, so each "
                "card drawn from it is known to both players",
                "每次一张，每人六张；其余40张是贮存牌，翻开放着，所以从中摸的每张牌两人都知道",
            ),
            "text",
            Text(
                "all three copies say the stock lies face up, so each sees what the other draws; "
                "'顶牌翻开后，要放到最下面' is read as the stock being turned face up",
                "三个版本都说：因为贮存牌是翻开放的（所以各人都看得见对方摸到什么）。「顶牌翻开后"
                "，要放到最下面」理解为把贮存牌翻成面朝上",
            ),
            quote="开始由庄家每次各一张的分牌，共分6次，将牌扣起来。剩下40张牌放在桌上，当贮存牌。"
            "顶牌翻开放在最下面……因为贮存牌是翻开放的，所以若能仔细记住对方所拿的牌，一定能轻而易"
            "举地取胜",
        ),
        RuleNote(
            Text(
                "trump: each player draws a card from the stock, the higher card's suit is trump, "
                "a tie draws again",
                "王牌：每人从贮存牌中摸一张，较大的那张牌的花色为王牌，相同则重摸",
            ),
            "text",
            quote="庄家和对手各从贮存牌中抽一张牌，2人的牌中以分数最大的和这张牌的花色当王牌",
        ),
        RuleNote(
            Text(
                "the two cards drawn for trump go back under the stock",
                "为定王牌摸出的两张牌放回贮存牌的下面",
            ),
            "assumed",
            Text("the texts do not say", "原文没有说明"),
        ),
        RuleNote(
            Text(
                "the dealer's opponent leads first; follow suit, otherwise any card",
                "庄家的对手先出牌；必须跟出同花色，否则可出任何牌",
            ),
            "text",
            quote="对手任意出一张牌当台牌……一定要出同种类的牌，若手牌中没此牌时，可以出其他的牌",
        ),
        RuleNote(
            Text(
                "the winner of a trick takes both cards; a worthless card may be set aside",
                "赢的人拿走这一墩的两张牌；无用的牌可以放在一边",
            ),
            "text",
            Text(
                "text 000 has the winner set the ♠6 aside "
                "(赢的对手，把庄家出的黑桃6给放弃不用), so he had taken it; the deal is scored "
                "'by the cards won' (以每次所赢得的牌，计算得分); the bonus is for taking 'all the "
                "scoring cards' (取得所有得分的牌); and text 003 leads ♠5 'to win the ♠2' "
                "(为了要赢黑桃2), a card worth 10 only if the winner takes it. '6当弃牌' is "
                "about a card worth nothing (无用的牌), not a rule that the loser's card is lost. "
                "With both cards taken a deal's 65 points are all won and 'more points' always "
                "decides",
                "原文000中赢的人把黑桃6放在一边（赢的对手，把庄家出的黑桃6给放弃不用），可见他收"
                "走了这张牌；一副的得分按所赢的牌计算（以每次所赢得的牌，计算得分）；奖分给取得所"
                "有得分的牌的人（取得所有得分的牌）；原文003出黑桃5是为了要赢黑桃2，而这张牌只有"
                "被赢家收走才值10分。「6当弃牌」说的是一张不值分的牌（无用的牌），并不是说输方的牌"
                "作废。两张牌都收走时，一副的65分全部有人得到，总是由分多者决定胜负",
            ),
            quote="以每次所赢得的牌，计算得分……赢的对手，把庄家出的黑桃6给放弃不用，而以黑桃A当台"
            "牌",
        ),
        RuleNote(
            Text(
                "the winner draws first, then the loser, and the winner leads",
                "赢的人先摸牌，然后输的人摸牌，由赢的人先出牌",
            ),
            "text",
            quote="赢的对手拿黑桃Q到手边，黑桃6当弃牌，然后从贮存牌中抽一张牌（黑桃A），庄家也从贮"
            "存牌中抽一张牌（梅花Q）……由赢的对手先拿贮存牌",
        ),
        RuleNote(
            Text(
                "points: trump A 10, K 3, Q 2, J 10, 2 10; other suits A 4, K 3, Q 2, J 1",
                "牌分：王牌A 10分，K 3分，Q 2分，J 10分，2 10分；其他花色A 4分，K 3分，Q 2分，J 1"
                "分",
            ),
            "text",
            quote="王牌；A-10分，K-3分，Q-2分，J-10分，2-10分，数牌-0分。王牌以外的牌；A-4分，"
            "K-3分，Q-2分，J-1分",
        ),
        RuleNote(
            Text(
                "more points win the deal's 1 point; +1 when the winner took every scoring card",
                "分多者赢得这一副的1分；赢的人收走所有得分的牌时再加1分",
            ),
            "text",
            quote="取得所有得分的牌时（亦即对手得0分时），在规定之外追加1分",
        ),
        RuleNote(
            Text("13 deals, the first to 7 points wins", "打13副，先得7分者获胜"),
            "text",
            quote="以13回合决定（13分），先得到7分的人赢",
        ),
        RuleNote(
            Text(
                "the dealer alternates; after 13 deals below 7 the higher total wins",
                "两人轮流做庄家；打完13副都不到7分时总分高者胜",
            ),
            "assumed",
            Text("the texts do not say", "原文没有说明"),
        ),
    )

    def most_moves(self) -> int:
        """Every deal plays its 52 cards; a match is at most the option deals."""
        return self.option_values["deals"] * 52

    def _zones(self) -> dict[str, str | int]:
        return trick_zones(2, stock=TOP)

    def _new_deal(self, state: GameState[TrickVars]) -> None:
        stock = self.deal_one_at_a_time(state, self.shuffled_deck(state), 6)
        trump = stock[0] // 13  # only if every pair in the stock ties (a full turn of draws)
        for _ in range(len(stock) // 2):  # trump by a draw: the dealer's card, then the other's
            a, b = stock.pop(0), stock.pop(0)
            stock.extend((a, b))
            state.reveal(a)  # both drawn cards were shown
            state.reveal(b)
            if STRENGTH[a] != STRENGTH[b]:
                trump = (a if STRENGTH[a] > STRENGTH[b] else b) // 13
                break
        self.start_play(state, stock, leader=1 - state.vars.dealer, trump=trump)
        if state.story is not None:
            t = SUIT_SYMBOLS[trump]
            state.tell(f"trump is {t} (drawn from the stock)", f"王牌是{t}（从贮存牌中抽出）")

    def _legal_actions(self, state: GameState[TrickVars]) -> Sequence[int]:
        hand = state.zones[HANDS[state.current]]
        trick = state.zones["trick"]
        return follow_suit(hand, trick[0]) if trick else hand

    def _points_table(self, state: GameState[TrickVars]) -> Sequence[int]:
        return POINTS_WITH_TRUMP[state.vars.trump]

    def _deal_over(self, state: GameState[TrickVars], last: int) -> None:
        a, b = state.vars.score
        points = [0, 0]
        if a != b:
            w = 0 if a > b else 1
            points[w] = 2 if min(a, b) == 0 else 1
            why = f"player {w + 1} has more points ({max(a, b)} : {min(a, b)}): +{points[w]}"
            why_zh = f"玩家{w + 1}分数较多（{max(a, b)} : {min(a, b)}）：+{points[w]}"
            if min(a, b) == 0:
                why += ", every scoring card taken"
                why_zh += "，赢得了所有得分的牌"
        else:
            why = f"equal points ({a} : {b}): nobody scores"
            why_zh = f"分数相同（{a} : {b}）：无人得分"
        state.tell(why, why_zh)
        self.close_deal(state, points)

    def _match_over(self, state: GameState[TrickVars]) -> bool:
        o = self.option_values
        return max(state.vars.match) >= o["target"] or state.vars.deals >= o["deals"]
