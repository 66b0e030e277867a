"""Three-card showdown (text 002, rules 5–8 of an untitled game): three cards each, stakes that
double round after round (or grow four-, eight- or sixteen-fold once the dealer has the table
look at its cards), a showdown by the text's own ranking, and bankrolls carried from hand to
hand until somebody has lost every chip.

The excerpt starts at rule 5: the deal, the chips and who deals (rules 1–4) are missing and
are filled from the text's cousins 炸金花 and Three Card Brag (three cards each, face down, a
bankroll of chips, the deal passing on); every rule and its origin is in
:attr:`ThreeCardShowdown.rule_notes` (``conjure rules three-card-showdown``).

Nobody declines in the first round, as the text says; a bet a player cannot cover is made with
what he has left (table stakes, all in), and the betting ends when fewer than two players can
bet on.

The text gives the game no name; 三张牌比大小 ("comparing three cards") only describes it.

Hands are ranked by :func:`strength`, one integer per three cards, from the table of every
hand sorted by :func:`key`, built once on first use.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache
from itertools import combinations
from typing import Final

import attrs

from conjure import Text
from conjure.deck import CARDS
from conjure.games import (
    HANDS,
    NOBODY,
    SPECIAL,
    GameState,
    MatchGame,
    MatchVars,
    Option,
    RuleNote,
    Utility,
)

#: the categories, highest last
HIGH, STRAIGHT, GAPPED_FLUSH, STRAIGHT_FLUSH, PAIR, TRIPS = range(6)
CATEGORY_NAMES: Final = (
    "three odd cards",
    "straight",
    "gapped flush",
    "straight flush",
    "pair",
    "trips",
)
CATEGORY_ZH: Final = ("三张单牌", "杂花顺", "同花不连顺", "同花顺", "对子", "三同牌")
#: rank of a card: A 2 3 … K are 0 … 12, A the lowest (「A、2、3……J、Q、K」 increasing)
RANK: Final = tuple(c % 13 for c in range(52))
#: strength of a suit: ♠ 3 > ♥ 2 > ♣ 1 > ♦ 0 (suits are ♠ ♥ ♣ ♦ = 0 1 2 3 in card codes)
SUIT: Final = tuple(3 - c // 13 for c in range(52))

#: actions: bet (having looked at ``k`` cards: BET + k), decline, and the dealer's first bet
BET: Final = SPECIAL
DECLINE: Final = SPECIAL + 4
OPEN: Final = SPECIAL + 8
#: move names, the text's words: 看牌 (look), 出筹码 (bet), 弃权 (decline)
_OPEN: Final = Text("open {amount}", zh="开局出{amount}个筹码")
_LOOK_OPEN: Final = Text("look at {k}, open {amount}", zh="看{k}张牌开局出{amount}个筹码")
_BET: Final = Text("bet {amount}", zh="出{amount}个筹码")
_LOOK_BET: Final = Text("look at {k}, bet {amount}", zh="看{k}张牌出{amount}个筹码")
_ALL_IN: Final = Text("all in, {amount} ({due} due)", zh="全押{amount}个筹码（应出{due}个）")
_LOOK_ALL_IN: Final = Text(
    "look at {k}, all in, {amount} ({due} due)", zh="看{k}张牌全押{amount}个筹码（应出{due}个）"
)


def key(hand: Sequence[int]) -> tuple[int, ...]:
    """What decides between two hands, as a tuple compared left to right: the category, then
    within it as the text says (or, where it is silent, as the rule notes choose)."""
    cards = sorted(hand, key=lambda c: (RANK[c], SUIT[c]))
    ranks = [RANK[c] for c in cards]
    lo, mid, hi = ranks
    flush = len({c // 13 for c in cards}) == 1
    if lo == hi:
        return (TRIPS, hi)
    if lo == mid or mid == hi:
        pair = mid
        suits = [SUIT[c] for c in cards if RANK[c] == pair]
        return (PAIR, pair, max(suits))
    run = mid == lo + 1 and hi == mid + 1
    if flush and run:
        return (STRAIGHT_FLUSH, SUIT[cards[0]], hi)
    if flush and hi == mid + 1 and mid == lo + 2:
        return (GAPPED_FLUSH, SUIT[cards[0]], hi)
    if run:
        return (STRAIGHT, hi, SUIT[cards[2]])
    return (HIGH, hi, mid, lo, SUIT[cards[2]])


def _bits(hand: Sequence[int]) -> int:
    return sum(1 << c for c in hand)


@cache
def table() -> dict[int, int]:
    """Three cards (as a bitmask of their codes) -> strength, 0 the weakest of the 22,100
    hands; built on first use."""
    every = sorted(combinations(range(52), 3), key=key)
    return {_bits(h): i for i, h in enumerate(every)}


def strength(hand: Sequence[int]) -> int:
    """The hand's place in the text's order (higher wins); no two hands of one deal tie."""
    return table()[_bits(hand)]


def category(hand: Sequence[int]) -> int:
    return key(hand)[0]


@cache
def _first_trips() -> int:
    """The strength of the weakest trips: trips are the highest category, so a hand holds
    trips exactly when it is at least this strong."""
    return min(i for bits, i in table().items() if category(_cards_of(bits)) == TRIPS)


def _cards_of(bits: int) -> list[int]:
    return [c for c in range(52) if bits >> c & 1]


def settle(
    strengths: Sequence[int], trips: Sequence[bool], stakes: Sequence[int], chips: Sequence[int]
) -> tuple[int, ...]:
    """Chips each player gains (negative: pays) at the showdown: every loser pays the winner
    what the winner staked, twice that when the winner holds trips; then a loser holding trips
    collects what he staked from every other loser. Nobody pays more than the chips he
    holds (``chips``), the winner's payments first."""
    n = len(stakes)
    winner = max(range(n), key=lambda p: strengths[p])
    left = list(chips)
    gains = [0] * n
    owed = stakes[winner] * (2 if trips[winner] else 1)
    for p in range(n):
        if p != winner:
            paid = min(owed, left[p])
            left[p] -= paid
            gains[p] -= paid
            gains[winner] += paid
    for t in range(n):
        if t == winner or not trips[t]:
            continue
        for p in range(n):
            if p not in (t, winner):
                paid = min(stakes[t], left[p])
                left[p] -= paid
                left[t] += paid
                gains[p] -= paid
                gains[t] += paid
    return tuple(gains)


@attrs.define(slots=False)
class ShowdownVars(MatchVars):
    #: how many of his cards every player has looked at (the dealer decides, 0 to 3)
    looked: int = 0
    #: the betting round (from 1)
    round: int = 1
    #: the last bet made in this hand (0 before the first)
    last_bet: int = 0
    #: what each player has put in this hand
    stakes: tuple[int, ...] = ()
    #: bets made in this hand
    bets: int = 0


class ThreeCardShowdown(MatchGame[ShowdownVars]):
    id = "three-card-showdown"
    name_zh = "三张牌比大小"
    name_en = "Three-Card Showdown"
    source = "text 002, untitled: rules 5–8 of the game that opens it"
    source_zh = "原文002（无题，开头的游戏第5–8条）"
    players = (4, 2, 3, 5, 6)
    deck_size = 52
    vars_type = ShowdownVars
    #: flat Monte-Carlo wins chips from ISMCTS in this game at every think time and size
    #: the ladder measured, each time with its interval clear of even
    #: (``bench/out/ladder-three-card-showdown-0.02-0.5.txt``): the table seats the stronger one
    table_bot = "mc"
    summary_en = (
        "Three cards each, face down; the dealer opens with a few chips and every next bet is "
        "twice the one before, four, eight or sixteen times once the dealer has everyone look "
        "at one, two or three cards; a bet that cannot be covered goes all in; anyone may "
        "decline from the second round, and then all show: trips > pair > straight flush > gapped "
        "flush > straight > odd cards, A low, "
        "♠ > ♥ > ♣ > ♦; the losers each pay the winner what he staked, double for trips."
    )
    summary_zh = (
        "每人三张暗牌；庄家先出筹码，下家出上家的两倍，庄家看一、二、三张牌后改为四、八、"
        "十六倍；出不起的注全押；第二圈起可以弃权，弃权即亮牌比大小：三同牌>对子>同花顺>同花不连顺"
        ">杂花顺"
        ">三张单牌，A最小，黑桃>红桃>梅花>方块；输家各付赢家所出筹码数，三同牌加倍。"
    )
    options = (
        Option(
            "chips",
            10_000,
            10,
            1_000_000,
            Text(
                "chips each player starts with (10,000 covers the text's chain 1, 16, 256, "
                "4,096 at four players)",
                "每人开始时的筹码（10,000可以出足原文的1、16、256、4,096，四人时）",
            ),
        ),
        Option(
            "opening",
            3,
            1,
            100,
            Text("the most chips the dealer may open with", "庄家开始下注时最多可出的筹码"),
        ),
        Option("hands", 10, 1, 1000, Text("the most hands in a match", "一场比赛最多的盘数")),
    )
    rule_notes = (
        RuleNote(
            Text(
                "four players (two to six allowed), 52 cards, three each, dealt one at a time face "
                "down from the dealer's next seat, in seat order; each player starts with a "
                "bankroll of chips (option chips, 10,000); the first dealer is player 1 and the "
                "deal passes to the next seat",
                "四人（可二至六人），52张牌，每人三张，从庄家的下家起按座次每次一张面朝下发牌；每人"
                "开始时有一笔筹码（选项 chips，默认10,000）；第一个庄家是玩家1，以后由下家做庄",
            ),
            "assumed",
            Text(
                "rules 1–4, which would say so, are missing; the text's example seats 甲乙丙丁 "
                "(four), and three cards each from a 52-card pack, a bankroll and a deal that "
                "passes on are how 炸金花 and Three Card Brag are played. The text names no "
                "direction: seat order is the order it names the players in",
                "本应说明这些的第1–4条缺失；原文的例子有甲乙丙丁四人；用52张牌每人三张、各有筹码、"
                "轮流做庄，是炸金花和三张牌吹牛的玩法。原文没有说方向：座次就是原文称呼各家的次序",
            ),
        ),
        RuleNote(
            Text(
                "betting goes from the dealer in seat order (甲, 乙, 丙, 丁); the dealer opens "
                "with the chips he likes, and each next bet is twice the one before, round after "
                "round (the dealer's next bet follows the last player's)",
                "下注从庄家开始按座次进行（甲、乙、丙、丁）；庄家随意出筹码开始，以后每次下注都是"
                "前一次的两倍，一轮接一轮（庄家的下一次下注接在最后一人之后）",
            ),
            "text",
            quote="第一圈开始，庄家可根据自己的意愿出筹码的数量，如果庄家不看牌并出1个筹码，置于桌"
            "中间，乙要出2个筹码，丙要出4个筹码，丁要出8个筹码……第2圈中，如果庄家要出筹码就要出16"
            "个，乙要出32个筹码，依此类推",
        ),
        RuleNote(
            Text(
                "the dealer opens with 1 up to the option opening (3) chips",
                "庄家开局出1个至选项 opening（默认3）个筹码",
            ),
            "assumed",
            Text(
                "the text leaves the amount to the dealer (「可根据自己的意愿」) and gives 1 as "
                "its "
                "example; a small cap keeps the menu short, and every later bet follows from it",
                "原文让庄家随意出（「可根据自己的意愿」），例子是1个；设一个小上限使选项简短，以后"
                "的注码都由它推出",
            ),
        ),
        RuleNote(
            Text(
                "nobody may decline in the first round: every player bets; from the second "
                "round any player may decline instead of betting, and then the betting is over "
                "for everyone",
                "第一圈中谁也不能弃权，每人都要出筹码；从第二圈起任何人都可以弃权不出，这时所有人"
                "的下注都结束",
            ),
            "text",
            Text(
                "the text says a player who will not bet ends the hand (「表示该盘游戏结束」) and "
                "that all then show (rule 6: 「各家出完筹码后，要翻出自己的牌比较大小」): "
                "declining "
                "stops the stakes rising, it does not fold the hand",
                "原文说不出筹码的人结束这一盘（「表示该盘游戏结束」），然后各家亮牌（第6条：「各家"
                "出完筹码后，要翻出自己的牌比较大小」）：弃权只是使注码不再上升，并不是弃牌",
            ),
            quote="第一圈中，各家均不得弃权……从第2圈起各位均有弃权的机会，如果轮到某家出筹码而不想"
            "出时，表示该盘游戏结束",
        ),
        RuleNote(
            Text(
                "before his bet in any round the dealer may have everyone look at one more card (o"
                "r "
                "more) of his own three; each next bet is then 4, 8 or 16 times the one before whe"
                "n "
                "every player has seen 1, 2 or 3 of his cards",
                "在任何一轮下注之前，庄家可以让每人多看自己三张牌中的一张（或更多）；每人看过一、"
                "二或三张牌时，以后每次下注是前一次的4、8或16倍",
            ),
            "text",
            quote="如果庄家在出筹码前看了一张牌，其他牌手也要看一张牌，则下家出的筹码为上家的4倍。"
            "……如果庄家看2张牌……8倍……如果庄家看3张牌……16倍……只要某一圈各位全部出完筹码，"
            "庄家有权决定是否看牌",
        ),
        RuleNote(
            Text(
                "the dealer's bet after he has the table look is the last bet times the new "
                "multiple; a card once seen stays seen, so the multiple never falls",
                "庄家让大家看牌之后所下的注，是上一注乘以新的倍数；看过的牌始终算看过，所以倍数不"
                "会下降",
            ),
            "assumed",
            Text(
                "the text says only that the amounts still follow the rule (「出的筹码数量仍然要遵"
                "循"
                "上述规则」)",
                "原文只说筹码数量仍按规则（「出的筹码数量仍然要遵循上述规则」）",
            ),
        ),
        RuleNote(
            Text(
                "table stakes: a player's stake is everything he has put in this hand, never "
                "more than he holds; a bet he cannot cover he makes with all he has left (all "
                "in), in the first round too, and he bets no more this hand; the next bet still "
                "follows from the bet that was due, the others betting on; when fewer than two "
                "players have chips left to bet, all show. As the showdown pays a winner what he "
                "staked, an all-in winner collects his own stake from each loser, no more (a side "
                "pot in effect), and nobody pays more than he holds",
                "桌面限注：一人的注码是他在这一盘中出的全部筹码，不超过他所有的筹码；出不起的注就"
                "把剩下的筹码全部押上（全押），第一圈也是如此，这一盘他不再下注；下一注仍按应出的"
                "注码推算，其他人继续下注；能继续下注的人不到两个时，各家亮牌。比牌时赢家得到的是"
                "自己所出的注码，所以全押的赢家从每个输家只收自己所出的注码（相当于边池），谁也不"
                "付超过自己所有的筹码",
            ),
            "assumed",
            Text(
                "the text's chain has no limit (×2 to ×16 a seat) and no bankroll covers it at "
                "every table: six players looking at three cards from an opening of 3 ask "
                "3,145,728 of the sixth in the first round. Rule 8 ends play when someone has "
                "lost his chips (「输完手中的筹码」), so the chips are a bankroll, and table "
                "stakes "
                "(poker's all-in) is how a betting game with bankrolls meets a bet that cannot be "
                "covered; it keeps 「第一圈中，各家均不得弃权」 true at any bankroll, where ending "
                "the betting would be a decline in the first round. The default bankroll plays "
                "the text's own example chain in full at four players",
                "原文的注码没有上限（每家×2至×16），没有一笔筹码能在任何人数下都出足：六人看三张牌"
                "、开局3个，第一圈第六家就要出3,145,728个。第8条在有人输完筹码时结束（「输完手中的"
                "筹码」），可见筹码是各人的本钱，而桌面限注（扑克的全押）正是有本钱的下注游戏遇到"
                "出不起的注时的做法；这样在任何本钱下都符合「第一圈中，各家均不得弃权」，而结束下注"
                "就等于第一圈弃权。默认的筹码在四人时可以出足原文例子中的注码",
            ),
            quote="第一圈中，各家均不得弃权……直到有一位参加者输完手中的筹码，该局游戏到此为止",
        ),
        RuleNote(
            Text(
                "at the showdown every loser pays the winner what the winner staked (the chips on "
                "the table only mark the stakes and go back to their owners); a winner holding "
                "trips is paid twice that",
                "比牌时每个输家付给赢家赢家所下的注码（桌上的筹码只是标记注码，归还原主）；赢家持"
                "有三条时得双倍",
            ),
            "text",
            quote="输的各位分别都要给赢家所出的筹码数。比如丙赢了这盘，丙出了32个筹码，则甲、乙、"
            "丁分别要给丙32个筹码……当赢家手中为三同牌时，其他各位要给他所出筹码的加倍数",
        ),
        RuleNote(
            Text(
                "a loser holding trips collects what he staked from every other loser (not from th"
                "e "
                "winner), after the winner is paid",
                "持有三条的输家在赢家收完之后，向其他每个输家（不向赢家）收取自己所下的注码",
            ),
            "text",
            Text(
                "the text's example has 甲 and 丁 pay 乙; with two losers holding trips each "
                "collects from the other, which the text does not forbid",
                "原文的例子中甲和丁付给乙；两个输家都有三条时互相收取，原文并未禁止",
            ),
            quote="乙为非赢家持有比丙小的三同牌比如三张6，乙出了16个筹码，则甲、丁还要分别再给乙16"
            "个筹码，就是说只要手中持有三同牌，就可以赢得自己所出筹码的倍数",
        ),
        RuleNote(
            Text(
                "hand after hand until a player has lost every chip; the result is each player's "
                "chips won or lost",
                "一盘接一盘，直到有人输完筹码；结果是每人赢或输的筹码",
            ),
            "text",
            quote="这样一盘一盘的玩下去，直到有一位参加者输完手中的筹码，该局游戏到此为止",
        ),
        RuleNote(
            Text(
                "a match also ends after the option hands (10), the chips won or lost as they "
                "stand",
                "打完选项 hands（默认10）盘后比赛也结束，按当时赢输的筹码计",
            ),
            "assumed",
            Text(
                "two careful players may never ruin each other, so a cap makes every match end",
                "两个谨慎的人可能永远输不完，所以设盘数上限使每场比赛都能结束",
            ),
        ),
        RuleNote(
            Text(
                "categories: trips > pair > straight flush > gapped flush > straight > three odd c"
                "ards",
                "牌型：三条 > 对子 > 同花顺 > 隔张同花 > 顺子 > 杂牌",
            ),
            "text",
            quote="三同张大于对子，对子大于同花顺子，同花顺大于同花不连顺，同花不连顺大于杂花顺，"
            "杂花顺大于三张不连牌",
        ),
        RuleNote(
            Text(
                "ranks run A 2 3 … K, the Ace lowest: A-2-3 is a straight, Q-K-A is not; suits "
                "♠ > ♥ > ♣ > ♦ decide between cards of one rank",
                "点数顺序 A 2 3 … K，A最小：A-2-3是顺子，Q-K-A不是；同点的牌按花色黑桃 > 红桃 > 梅"
                "花 > 方块比大小",
            ),
            "text",
            quote="单张牌，牌点的大小依次递增为A、2、3、4、5、6、7、8、9{10、J、Q、K。……同点牌以"
            "黑桃为最大，依次为红桃、梅花、方块",
        ),
        RuleNote(
            Text(
                "a gapped flush is three cards of a suit whose two highest are consecutive and who"
                "se "
                "lowest is one rank below a gap (♣6 ♣8 ♣9); any other flush that is not a straight "
                "counts as three odd cards",
                "隔张同花是同一花色的三张牌，较大的两张相连，最小的一张隔一个点数（梅花6、梅花8、"
                "梅花9）；其他不成顺子的同花算杂牌",
            ),
            "text",
            quote="同花不连顺只能是最大的两张牌相连，最小的一张牌与中间那张只相差一个牌点",
        ),
        RuleNote(
            Text(
                "trips by rank; a pair by its rank, then by its higher suit (the odd card never "
                "counts)",
                "三条按点数比；对子先按点数比，再按其中较大的花色比（单张不算）",
            ),
            "text",
            Text(
                "the text's pair examples read 「桃8」 as ♥8: ♠8♣8 beats ♥8♦8 and ♠8♦8 beats ♥8♣8, "
                "which can both happen in one pack (read as ♠8 they could not: one pack has one ♠8"
                ")",
                "原文对子的例子中「桃8」读作红桃8：黑桃8梅花8大于红桃8方块8，黑桃8方块8大于红桃8梅"
                "花8，这在一副牌中都可能出现（若读作黑桃8就不可能：一副牌只有一张黑桃8）",
            ),
            quote="黑桃8和梅花8组成的对子大于桃8和方块8组成的对子，黑桃8和方块8组成的对子大于桃8和"
            "梅花8组成的对子……只比较对子的大小而不比较另一张单牌的大小",
        ),
        RuleNote(
            Text(
                "straight flushes by suit first, then by rank: ♠A23 beats ♥JQK",
                "同花顺先比花色，再比点数：黑桃A23大于红桃JQK",
            ),
            "text",
            quote="同花顺中以黑桃顺子为最大，黑桃A、2、3大于红桃J、Q、K，其他花色依此类推",
        ),
        RuleNote(
            Text(
                "gapped flushes like straight flushes: by suit, then by their highest card",
                "隔张同花与同花顺一样：先比花色，再比最大的一张",
            ),
            "assumed",
            Text(
                "the text ranks them below every straight flush and says no more; they are flushes "
                "too, so the straight flushes' order is kept",
                "原文只说它们小于所有同花顺；它们也是同花，所以沿用同花顺的比法",
            ),
        ),
        RuleNote(
            Text(
                "straights by their highest card; straights of the same ranks by suit",
                "顺子先比最大的一张；点数相同的顺子按花色比",
            ),
            "text",
            quote="杂花顺中出现同点顺子时，要根据花色来确定大小。比如红桃10、黑桃J、梅花Q大于方块"
            "10、红桃J、方块Q",
        ),
        RuleNote(
            Text(
                "between straights of the same ranks the highest card's suit decides",
                "点数相同的顺子比最大一张牌的花色",
            ),
            "assumed",
            Text(
                "the text's example is decided alike by each of its three cards (♣Q over ♦Q, ♠J "
                "over ♥J, ♥10 over ♦10); the highest card is the one compared first, as between "
                "single cards",
                "原文的例子无论比哪一张都一样（梅花Q大于方块Q，黑桃J大于红桃J，红桃10大于方块10）"
                "；先比最大的一张，与单张牌一样",
            ),
        ),
        RuleNote(
            Text(
                "three odd cards by the highest rank, the next, the lowest, then the highest card'"
                "s "
                "suit",
                "杂牌先比最大的点数，其次第二张，再次最小的一张，最后比最大一张的花色",
            ),
            "assumed",
            Text(
                "the text ranks single cards by rank, then suit; the order of three is the usual "
                "one of 炸金花 and Brag",
                "原文单张先比点数，再比花色；三张的比法是炸金花和吹牛通常的比法",
            ),
        ),
    )

    def most_moves(self) -> int:
        """In a hand each bet due is at least twice the one before, so the bets covered are
        fewer than the bits of all the chips at the table; the rest are all in, one a player,
        and one decline; a match is at most the option hands."""
        n = self.num_players
        covered = (n * self.start_chips()).bit_length() + 1
        return self.option_values["hands"] * (covered + n + 1)

    def _zones(self) -> dict[str, int | str]:
        zones: dict[str, int | str] = {"deck": NOBODY}
        for p in range(self.num_players):
            zones[HANDS[p]] = NOBODY  # nobody, not even the owner, sees a card not looked at
        return zones

    def start_chips(self) -> int:
        return self.option_values["chips"]

    def chips(self, state: GameState[ShowdownVars], player: int) -> int:
        """What ``player`` holds now (the stakes on the table are still his)."""
        return self.start_chips() + state.vars.match[player]

    def _cards_dealt(self) -> int:
        """Chance draws only the three cards each that are dealt: the rest of the pack is
        never used."""
        return 3 * self.num_players

    def _new_deal(self, state: GameState[ShowdownVars]) -> None:
        v = state.vars
        # deal_one_at_a_time, in place: chance left the cards dealt at the top of the deck
        n = self.num_players
        zones = state.zones
        deck = zones["deck"]
        first = v.dealer + 1
        for k in range(n):  # card i goes to seat first + i: every n-th card from the k-th
            zones[HANDS[(first + k) % n]].extend(deck[k : 3 * n : n])
        del deck[: 3 * n]
        v.looked = 0
        v.round = 1
        v.last_bet = 0
        v.bets = 0
        v.stakes = (0,) * self.num_players
        state.current = v.dealer

    def due(self, state: GameState[ShowdownVars], looked: int) -> int:
        """The bet due next when every player has looked at ``looked`` cards."""
        return state.vars.last_bet << (1 + looked)

    def room(self, state: GameState[ShowdownVars], player: int) -> int:
        """The chips ``player`` may still stake this hand (0: he is all in)."""
        return self.chips(state, player) - state.vars.stakes[player]

    def _legal_actions(self, state: GameState[ShowdownVars]) -> Sequence[int]:
        v = state.vars
        me = state.current
        room = self.room(state, me)
        if v.last_bet == 0:
            top = min(self.option_values["opening"], room)
            return [OPEN + 4 * (a - 1) + k for a in range(1, top + 1) for k in range(4)]
        looks = range(v.looked, 4) if me == v.dealer else range(v.looked, v.looked + 1)
        # a bet he cannot cover is made with all he has (table stakes): always one to make
        out = [BET + k for k in looks]
        if v.round > 1:  # 第一圈中，各家均不得弃权
            out.append(DECLINE)
        return out

    def _look(self, state: GameState[ShowdownVars], k: int) -> None:
        v = state.vars
        if k == v.looked:
            return
        for p in range(self.num_players):
            for c in state.zones[HANDS[p]][v.looked : k]:
                state.reveal(c, 1 << p)
        state.tell(
            f"the dealer has everyone look at {k} of his cards",
            f"庄家看{k}张牌，各家也看{k}张",
        )
        v.looked = k

    def _apply_action(self, state: GameState[ShowdownVars], action: int) -> None:
        v = state.vars
        me = state.current
        if action == DECLINE:
            # no story line for a decline or a bet: the move (decline, open 2, bet 8) says it
            self._showdown(state)
            return
        if action >= OPEN:
            amount, k = (action - OPEN) // 4 + 1, (action - OPEN) % 4
            self._look(state, k)
            due = amount
        else:
            self._look(state, action - BET)
            due = v.last_bet << (1 + v.looked)
            amount = min(due, self.room(state, me))
        stakes = list(v.stakes)
        stakes[me] += amount
        v.stakes = tuple(stakes)
        v.last_bet = due  # the chain goes on from the bet due, covered or not
        v.bets += 1
        nxt = self._next_bettor(state, me)
        if nxt < 0:
            state.tell(
                "fewer than two players can bet on: all show",
                "能继续下注的人不到两个：各家亮牌",
            )
            self._showdown(state)
            return
        state.current = nxt

    def _next_bettor(self, state: GameState[ShowdownVars], me: int) -> int:
        """The next seat after ``me`` with chips left to bet (counting a new round when the
        turn passes the dealer's seat), or -1 when fewer than two players can bet."""
        v = state.vars
        n = self.num_players
        # room(p) > 0, written out: it is asked for every seat after every bet
        chips, match, stakes = self.option_values["chips"], v.match, v.stakes
        able = [chips + match[p] > stakes[p] for p in range(n)]
        if sum(able) < 2:
            return -1
        seat = me
        while True:
            seat = seat + 1 if seat + 1 < n else 0
            if seat == v.dealer:
                v.round += 1
            if able[seat]:
                return seat

    def _showdown(self, state: GameState[ShowdownVars]) -> None:
        v = state.vars
        n = self.num_players
        hands = [state.zones[HANDS[p]] for p in range(n)]
        for hand in hands:
            for c in hand:
                state.reveal(c)
        strengths = [strength(h) for h in hands]
        trips = [s >= _first_trips() for s in strengths]
        chips = [self.chips(state, p) for p in range(n)]
        gains = settle(strengths, trips, v.stakes, chips)
        if state.story is not None:  # (the words are not made for a playout)
            winner = max(range(n), key=lambda p: strengths[p])
            shown = "; ".join(
                f"{p + 1}: {' '.join(str(CARDS[c]) for c in hands[p])}" for p in range(n)
            )
            name = CATEGORY_NAMES[category(hands[winner])]
            state.tell(
                f"showdown ({shown}): player {winner + 1} wins with {name}; "
                f"chips {' '.join(f'{g:+d}' for g in gains)}",
                f"亮牌（{shown}）：玩家{winner + 1}以{CATEGORY_ZH[category(hands[winner])]}获胜；"
                f"筹码 {' '.join(f'{g:+d}' for g in gains)}",
            )
        v.last_bet = 0
        self.close_deal(state, gains)

    def _match_over(self, state: GameState[ShowdownVars]) -> bool:
        v = state.vars
        chips = self.option_values["chips"]
        return v.deals >= self.option_values["hands"] or chips + min(v.match) <= 0

    def _utility(self) -> Utility:
        """Chips won and lost: at most everyone else's, at worst one's own; they add up to 0."""
        chips = self.start_chips()
        return Utility(-chips, chips * (self.num_players - 1), 0.0)

    def _returns(self, state: GameState[ShowdownVars]) -> tuple[float, ...]:
        return tuple(float(m) for m in state.vars.match)

    def _deal_value(
        self, start: GameState[ShowdownVars], end: GameState[ShowdownVars], player: int
    ) -> float:
        gained = end.vars.match[player] - start.vars.match[player]
        return max(-1.0, min(1.0, gained / self.start_chips()))

    def _action_label(self, action: int) -> str | Text:
        """A bet by how many of his cards the bettor has looked at once it is made (what it
        costs depends on the table)."""
        if BET <= action < DECLINE:
            k = action - BET
            return Text("bet with {k} cards looked at", zh="看过{k}张牌后下注").format(k=k)
        return self._action_name(GameState(self), action)

    def _action_name(self, state: GameState[ShowdownVars], action: int) -> str | Text:
        if action == DECLINE:
            return Text("decline", zh="弃权")
        if action >= OPEN:
            amount, k = (action - OPEN) // 4 + 1, (action - OPEN) % 4
            return (_LOOK_OPEN if k else _OPEN).format(k=k, amount=amount)
        if BET <= action < DECLINE:
            k = action - BET
            due = self.due(state, k)
            room = self.room(state, state.current)
            if due > room:
                return (_LOOK_ALL_IN if k > state.vars.looked else _ALL_IN).format(
                    k=k, amount=room, due=due
                )
            bet = _LOOK_BET if k > state.vars.looked else _BET
            return bet.format(k=k, amount=due)
        return super()._action_name(state, action)

    #: the fast random playout, once imported (see :meth:`_play_random`)
    _fast_play: Callable[
        [ThreeCardShowdown, GameState[ShowdownVars], Callable[[], float], random.Random], int
    ]

    def _play_random(
        self, state: GameState[ShowdownVars], pick: Callable[[], float], chance: random.Random
    ) -> int:
        """The fast random playout: :func:`conjure_games.fast.three_card_showdown.play_random`
        (imported on first use and kept: it is asked for once a hand)."""
        try:
            play = self._fast_play
        except AttributeError:
            from conjure_games.fast.three_card_showdown import play_random

            play = self._fast_play = play_random  # (an instance's, not bound: no self)
        return play(self, state, pick, chance)

    def ordered_actions(self, state: GameState[ShowdownVars]) -> list[int]:
        return sorted(state.legal_actions())

    def _facts(self, state: GameState[ShowdownVars], player: int) -> list[str | Text]:
        v = state.vars
        if not v.stakes:
            return []
        stakes = " ".join(f"{p + 1}:{s}" for p, s in enumerate(v.stakes))
        all_in = [str(p + 1) for p in range(self.num_players) if self.room(state, p) <= 0]
        chips = " ".join(f"{p + 1}:{self.chips(state, p)}" for p in range(self.num_players))
        facts: list[str | Text] = [
            Text(
                f"on the table {sum(v.stakes)} (stakes {stakes}); chips {chips}",
                zh=f"桌上{sum(v.stakes)}个筹码（各家所出 {stakes}）；筹码 {chips}",
            ),
            Text(
                f"round {v.round}, cards looked at {v.looked}, last bet {v.last_bet}, "
                f"dealer player {v.dealer + 1}",
                zh=f"第{v.round}圈，看牌{v.looked}张，上家出{v.last_bet}个筹码，"
                f"庄家玩家{v.dealer + 1}",
            ),
        ]
        if v.last_bet and all_in:
            facts.append(
                Text(f"all in: player {', '.join(all_in)}", zh=f"全押：玩家{'、'.join(all_in)}")
            )
        if v.last_bet and v.round == 1:
            facts.append(
                Text(
                    "first round: nobody may decline",
                    zh="第一圈：各家均不得弃权",
                )
            )
        return facts

    def _scores(self, state: GameState[ShowdownVars]) -> tuple[float, ...]:
        return tuple(float(self.chips(state, p)) for p in range(self.num_players))

    def _audit(self, state: GameState[ShowdownVars]) -> str | None:
        if sum(state.vars.match) != 0:
            return f"chips won and lost {state.vars.match} do not add up to 0"
        return None
