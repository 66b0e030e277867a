"""Exchange score: 普通换牌比分 and, with both jokers wild, 带王换牌比分 (text 004).

Four cards each; cards turned face up in the middle are exchanged for cards from hand, one
player after another, until someone holds four of a kind or a four-card straight flush and shows
it on their next turn. Straight flush 50, four of a kind 80, four Kings 100, four Eights 160;
only the highest combination at the table scores.

Rule notes
==========

Every rule is in the ``rule_notes`` with the Chinese it rests on. Two places where the text
can be read two ways are options:

- how many cards may be exchanged in a turn: 「换几张均可，最多为4张」 (any number, at most 4)
  while the first pool is a single card (「任意取出一张牌，翻成明牌」). ``most=4`` (default):
  any number up to what the pool holds, at most 4; ``most=1``: one card a turn, the reading
  that fits a one-card pool throughout.
- 「可采取5盘、10盘一局制，或正负500分制」: ``deals=5`` (default) or ``deals=10`` is a match of that
  many deals, the higher total winning; ``deals=0`` plays to ``target=500`` instead (at most 200
  deals: most deals between random players are void, and a match to 500 takes hundreds). The
  minus of 正负 (a loss of 500 ending the match) cannot arise, since no score is negative here.

The joker game: 「大王、小王作为“混子”牌使用，并加倍计分」, one joker doubles the value (the text's
examples: 3-4-5♠ and a joker 100, three 8s and a joker 320); 「同时用大王、小王……则加两倍记分」 is
read as doubled twice, ×4 (``both=4``, default); ``both=3`` reads it as two times added, ×3.

Bots: the Monte-Carlo bot plays every exchange out to the end of the deal (a player who can
show does, in its playouts). In a match to the first points, which either side wins half the
time by chance, two Monte-Carlo seats of one world each beat two random ones, the sides
changing seats: exchange score 12 matches of 12 (95% interval 0.76-1.00, about 1.5 CPU
seconds a match), swap cards 8 of 8 (0.68-1.00, about 3.7 CPU seconds a match). The tests
play 6, 8 (with jokers) and 5 such matches and fail when the bot is made to play at random.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Final

import attrs

from conjure import Text
from conjure.deck import CARDS
from conjure.games import (
    ALL,
    FOUR_OF_A_KIND,
    HANDS,
    NOBODY,
    SPECIAL,
    CardSetSpace,
    GameState,
    MatchGame,
    MatchVars,
    Option,
    RuleNote,
    exchange,
    exchange_parts,
    exchanges,
    four_card_combination,
    mask_of,
)

PASS: Final = SPECIAL
SHOW: Final = SPECIAL + 1
#: an exchange: EXCHANGE + melds.exchange_code(give, take)
EXCHANGE: Final = 2 * SPECIAL
_PASS: Final = Text("pass", zh="不换")
_SHOW: Final = Text("show ({value})", zh="亮牌（{value}分）")
_GIVE: Final = Text("give {gave} for {took}", zh="以{gave}换{took}")
#: the words and cards of a spelled move (:meth:`ExchangeScore._action_space`)
_SPELLED: Final = (Text("pass", zh="不换"), Text("show", zh="亮牌"), Text("done", zh="完成"))
_GIVE_CARD: Final = Text("give {card}", zh="交出{card}")
_TAKE_CARD: Final = Text("take {card}", zh="换来{card}")
_EXCHANGES: Final = Text(
    "exchanges: give cards of your hand for as many of the pool",
    zh="换牌：用手牌换同样张数的明牌",
)
_STOCK_LEFT: Final = Text("cards left in the stock: {n}", zh="补牌还剩：{n}张")
_LAST_DEAL: Final = Text("last deal: player {p} scored {points}", zh="上一副：玩家{p}得{points}分")
HAND_SIZE: Final = 4
#: a match to a target ends after this many deals (void deals score nothing)
MOST_DEALS: Final = 200
STRAIGHT_FLUSH_POINTS: Final = 50
#: four of a kind by rank index (Ace 0): 80, but four Kings 100 and four Eights 160
FOUR_POINTS: Final = tuple({12: 100, 7: 160}.get(r, 80) for r in range(13))


@attrs.define(slots=False)
class ExchangeVars(MatchVars):
    #: turns taken at the present pool
    turns: int = 0
    #: the last deal: (who scored or -1, points)
    last: tuple[int, int] = (-1, 0)


class ExchangeScore(MatchGame[ExchangeVars]):
    id = "exchange-score"
    name_zh = "普通换牌比分"
    name_en = "Exchange Score"
    source = "text 004 「普通换牌比分」"
    source_zh = "原文004「普通换牌比分」"
    players = (4, 3, 5)
    deck_size = 52
    vars_type = ExchangeVars
    deal_scale = 160.0
    most_deals = MOST_DEALS
    summary_en = (
        "Exchange cards from hand for face-up cards; four-card straight flush 50, four of a "
        "kind 80, four K 100, four 8 160; only the highest at the table scores."
    )
    summary_zh = "用手牌换台面明牌，同花顺50分，四同张80分，四K 100分，四8 160分，只记最高者。"
    options: ClassVar[tuple[Option, ...]] = (
        Option(
            "most",
            4,
            1,
            4,
            Text(
                "cards that may be exchanged in one turn (the text: at most 4)",
                "每轮可以换的张数（原文：最多4张）",
            ),
        ),
        Option(
            "target",
            500,
            1,
            5000,
            Text(
                "match points that win with deals=0 (正负500分制)",
                "deals=0 时获胜所需的比赛分（正负500分制）",
            ),
        ),
        Option(
            "deals",
            5,
            0,
            20,
            Text(
                "deals in a match, the higher total winning (the text: 5 or 10; 0: play to the "
                "target)",
                "一场比赛的副数，总分高者胜（原文：5或10副；0：打到目标分数）",
            ),
        ),
    )
    rule_notes: ClassVar[tuple[RuleNote, ...]] = (
        RuleNote(
            Text(
                "52 cards, no jokers; 3 to 5 players, 4 best",
                "52张牌，不用王牌；三至五人，四人最好",
            ),
            "text",
            quote="扑克牌一副，去掉大、小王，用52张牌。3～5人均可参加，以4人为宜",
        ),
        RuleNote(
            Text("four cards each; the rest are the stock", "每人四张；余下的是牌墩"),
            "text",
            quote="每人发4张牌，余下为补牌",
        ),
        RuleNote(
            Text(
                "the first player turns one card of the stock face up in the middle: the pool",
                "第一个人从牌墩翻开一张牌放在中间：基础明牌",
            ),
            "text",
            quote="由甲先从牌沓中任意取出一张牌，翻成明牌，置于桌中",
        ),
        RuleNote(
            Text(
                "in turn, each may exchange up to four cards from hand for pool cards; the "
                "cards given lie face up in the pool",
                "每人依次可以用手牌换基础明牌，最多四张；换出的牌面朝上放进明牌中",
            ),
            "text",
            quote="由甲先换，换几张均可，最多为4张。手中换出的牌应翻明牌，由其他人接着换牌",
        ),
        RuleNote(
            Text(
                "an exchange is one for one: as many pool cards taken as hand cards given",
                "一张换一张：换出几张手牌就拿几张明牌",
            ),
            "assumed",
            Text(
                "the text does not say how many are taken for how many given; hands are dealt "
                "four (每人发4张牌) and every combination is of four cards, and the sister game "
                "swaps so (「手中的牌有几张就可调换几张明牌」)",
                "原文没有说换出几张拿几张；每人发四张（每人发4张牌），所有的组合都是四张，而姊妹游"
                "戏也是这样调换（「手中的牌有几张就可调换几张明牌」）",
            ),
        ),
        RuleNote(
            Text(
                "when no one exchanges any more, the pool is set aside for good and four new "
                "cards are turned up",
                "谁也不再换时，这些明牌就永久放到一边，再翻开四张新牌",
            ),
            "text",
            quote="谁也不再换这些牌时，这些牌置于桌面一角，再也不准动用了。这时，甲再从牌沓上"
            "翻出4张牌",
        ),
        RuleNote(
            Text(
                "a combination made by exchanging may be shown only on the player's next turn",
                "换牌组成的组合只能在自己下一轮亮出",
            ),
            "text",
            quote="当轮不得亮牌，等下轮换牌时，方能把牌亮开",
        ),
        RuleNote(
            Text(
                "straight flush of four 50, four of a kind 80, four K 100, four 8 160",
                "四张同花顺50分，四张同点80分，四张K 100分，四张8 160分",
            ),
            "text",
            quote="组成4张同花顺子……为50分；四同张为80分；另外4色的K为100分，4色的8为160分",
        ),
        RuleNote(
            Text(
                "if anyone holds a higher combination than the one shown, only the highest "
                "scores; lower ones score nothing",
                "如果有人持有比亮出的更大的组合，只有最大的得分；较小的不得分",
            ),
            "text",
            quote="如有人比亮牌者的牌点数值大的，则只记高者分数，亮牌者无分",
        ),
        RuleNote(
            Text(
                "each pool serves one round: every player has one turn at it (exchange or "
                "pass), then it is set aside and four new cards are turned up; the dealer "
                "plays first, then the others in seat order, the deal passing to the next seat",
                "每组明牌只用一轮：每人轮到一次（换或不换），然后放到一边，再翻开四张新牌；发牌人"
                "先换，其他人按座次接着换，下一副由下家发牌",
            ),
            "assumed",
            Text(
                "「当基础明牌被大家换过以后，谁也不再换这些牌时」: once everyone has had the pool, "
                "and a round of passes could otherwise go on for ever. The text has 甲 exchange "
                "first and the others after him (「由其他人接着换牌」) and names no direction.",
                "「当基础明牌被大家换过以后，谁也不再换这些牌时」：即每人都轮过一次；否则一轮轮不"
                "换可能永远继续下去。原文由甲先换，其他人接着换（「由其他人接着换牌」），没有说方"
                "向。",
            ),
        ),
        RuleNote(
            Text(
                "a straight flush runs A-2-3-4 up to J-Q-K-A, not round the corner",
                "同花顺从A-2-3-4到J-Q-K-A，不能首尾相接",
            ),
            "assumed",
            Text(
                "the text's example 方块A、K、Q、J (顺囫 in 普通调牌, the sister game) has the Ace "
                "high, and 黑桃2、3、4、5 low; no example wraps.",
                "原文的例子方块A、K、Q、J（姊妹游戏普通调牌中的顺囫）A在上，而黑桃2、3、4、5在下；"
                "没有首尾相接的例子。",
            ),
        ),
        RuleNote(
            Text(
                "a combination at the deal may be shown on the holder's first turn",
                "发牌时就有的组合可以在持有者第一轮亮出",
            ),
            "assumed",
            Text(
                "the text only forbids showing in the turn of the exchange that made it.",
                "原文只禁止在换成组合的那一轮亮出。",
            ),
        ),
        RuleNote(
            Text(
                "the deal is void when the stock cannot turn up a new pool of four",
                "牌墩不够翻开新的四张明牌时，这一副作废",
            ),
            "assumed",
            Text(
                "the text does not say what happens when the stock runs out.",
                "原文没有说牌墩用完时怎么办。",
            ),
        ),
        RuleNote(
            Text(
                "ties with the card shown go to the player who showed",
                "与亮出的组合相同时归亮牌的人",
            ),
            "assumed",
            Text(
                "the text takes the shown hand down only for a higher one.",
                "原文只在有更大的组合时才使亮出的组合作废。",
            ),
        ),
        RuleNote(
            Text(
                "a match is 5 deals (option deals: 10, or 0 to play to 500 instead), the higher "
                "total winning; a void deal counts as one played",
                "一场比赛打5副（选项 deals：10副，或0改为打到500分），总分高者胜；作废的一副也算"
                "打过",
            ),
            "text",
            Text(
                "the text offers both forms; a match to 500 takes a great many deals, most of "
                "them void, so the deals are the default",
                "原文两种都可以；打到500分要打很多副，其中大多作废，所以默认按副数",
            ),
            quote="可采取5盘、10盘一局制，或正负500分制。谁的得分多或谁先达到500分，谁就获这一局的"
            "胜"
            "利",
        ),
        RuleNote(
            Text(
                "a match to a target ends after 200 deals at most, the higher total winning",
                "打到目标分数的比赛最多打200副，总分高者胜",
            ),
            "assumed",
            Text(
                "void deals score nothing, so without a cap such a match need not end",
                "作废的一副不计分，没有上限的话这样的比赛可能永远不结束",
            ),
        ),
    )

    def __init__(self, num_players: int | None = None, **options: int) -> None:
        super().__init__(num_players, **options)
        self._most = self.option_values.get("most", HAND_SIZE)
        self._target = self.option_values["target"]
        self._deals = self.option_values["deals"]
        self._table: dict[tuple[int, int], list[int]] = {}

    def _zones(self) -> dict[str, str | int]:
        z: dict[str, str | int] = {HANDS[p]: p for p in range(self.num_players)}
        z.update(stock=NOBODY, pool=ALL, dead=ALL)
        return z

    def _new_deal(self, state: GameState[ExchangeVars]) -> None:
        cards = self.shuffled_deck(state)
        rest = self.deal_one_at_a_time(state, cards, HAND_SIZE)
        for p in range(self.num_players):
            state.zones[HANDS[p]].sort()
        state.zones["pool"] = rest[:1]
        state.zones["stock"] = rest[1:]
        state.vars.turns = 0
        state.current = state.vars.dealer

    def _match_over(self, state: GameState[ExchangeVars]) -> bool:
        if self._deals:
            return state.vars.deals >= self._deals
        return max(state.vars.match) >= self._target

    # -- values -----------------------------------------------------------------------------------

    def value(self, hand: Sequence[int]) -> int:
        """What a hand of four is worth (0 if it makes nothing)."""
        combo = four_card_combination(mask_of(hand))
        if combo is None:
            return 0
        kind, rank, wilds = combo
        base = FOUR_POINTS[rank] if kind == FOUR_OF_A_KIND else STRAIGHT_FLUSH_POINTS
        return base * self._multiplier(wilds)

    def _multiplier(self, wilds: int) -> int:
        return 1

    # -- play -------------------------------------------------------------------------------------

    def _legal_actions(self, state: GameState[ExchangeVars]) -> Sequence[int]:
        hand = state.zones[HANDS[state.current]]
        key = (len(hand), len(state.zones["pool"]))
        swaps = self._table.get(key)
        if swaps is None:
            swaps = [EXCHANGE + a for a in exchanges(key[0], key[1], self._most)]
            self._table[key] = swaps
        head = [SHOW, PASS] if self.value(hand) else [PASS]
        return head + swaps

    def _playout_actions(self, state: GameState[ExchangeVars]) -> Sequence[int]:
        """In playouts a player who can show does, as every player would."""
        legal = self._legal_actions(state)
        return legal[:1] if legal[0] == SHOW else legal

    def _menu_group(self, state: GameState[ExchangeVars], action: int) -> Text | None:
        return _EXCHANGES if action >= EXCHANGE else None

    def _random_actions(self, state: GameState[ExchangeVars]) -> Sequence[int]:
        """A random player who can show, shows: among some seventy exchanges he would almost
        never pick it, and the deal would run the stock out, void."""
        return self._playout_actions(state)

    def deal_turns(self) -> int:
        """The most turns in a deal: one a player at each pool, while the stock turns up
        pools (the first of one card, then four at a time)."""
        n = self.num_players
        pools = 1 + (len(self.all_cards()) - HAND_SIZE * n - 1) // HAND_SIZE
        return n * pools

    def most_moves(self) -> int:
        """A deal is at most :meth:`deal_turns` turns and the show; a match is the option
        deals, or at most :data:`MOST_DEALS` when it is played to a target."""
        deals = min(self._deals or MOST_DEALS, MOST_DEALS)
        return deals * (self.deal_turns() + 1)

    def _apply_action(self, state: GameState[ExchangeVars], action: int) -> None:
        p = state.current
        v = state.vars
        n = self.num_players
        if action == SHOW:
            self._score(state, p)
            return
        if action != PASS:
            hand = state.zones[HANDS[p]]
            given, taken = exchange(hand, state.zones["pool"], action - EXCHANGE)
            for c in taken:
                state.reveal(c)
            if state.story is not None:
                gave = " ".join(str(CARDS[c]) for c in given)
                took = " ".join(str(CARDS[c]) for c in taken)
                state.tell(
                    f"player {p + 1} gives {gave} for {took}", f"玩家{p + 1}以{gave}换{took}"
                )
        v.turns += 1
        if v.turns >= n and not self._new_pool(state):
            return
        state.current = (p + 1) % n

    def _new_pool(self, state: GameState[ExchangeVars]) -> bool:
        z = state.zones
        z["dead"].extend(z["pool"])
        z["pool"].clear()
        if len(z["stock"]) < HAND_SIZE:
            state.vars.last = (-1, 0)
            state.tell("the stock is out: the deal is void", "补牌用完：本局作废")
            self.close_deal(state, (0,) * self.num_players)
            return False
        z["pool"].extend(z["stock"][:HAND_SIZE])
        del z["stock"][:HAND_SIZE]
        state.vars.turns = 0
        return True

    def _score(self, state: GameState[ExchangeVars], shower: int) -> None:
        n = self.num_players
        values = [self.value(state.zones[HANDS[p]]) for p in range(n)]
        best = shower
        for p in range(n):
            if values[p] > values[best]:
                best = p
        for p in range(n):
            for c in state.zones[HANDS[p]]:
                state.reveal(c)
        points = [0] * n
        points[best] = values[best]
        state.vars.last = (best, values[best])
        if state.story is not None:
            state.tell(
                f"player {shower + 1} shows; player {best + 1} scores {values[best]}",
                f"玩家{shower + 1}亮牌；玩家{best + 1}得{values[best]}分",
            )
        self.close_deal(state, points)

    def _action_space(self) -> CardSetSpace:
        """A move is spelled: ``pass`` or ``show``; or each hand card given (lowest code
        first), each pool card taken, and ``done``. Every card keeps its number."""
        return CardSetSpace(
            _SPELLED, _GIVE_CARD, _TAKE_CARD, self._spelling, most=2 * self._most + 1
        )

    def _spelling(self, state: GameState[ExchangeVars], action: int) -> list[tuple[str, int]]:
        if action == PASS:
            return [("word", 0)]
        if action == SHOW:
            return [("word", 1)]
        give, take = exchange_parts(action - EXCHANGE)
        hand = state.zones[HANDS[state.current]]
        pool = state.zones["pool"]
        gave = sorted(c for i, c in enumerate(hand) if give >> i & 1)
        took = sorted(c for i, c in enumerate(pool) if take >> i & 1)
        return [*(("own", c) for c in gave), *(("other", c) for c in took), ("word", 2)]

    def _action_name(self, state: GameState[ExchangeVars], action: int) -> Text:
        if action == PASS:
            return _PASS
        if action == SHOW:
            return _SHOW.format(value=self.value(state.zones[HANDS[state.current]]))
        give, take = exchange_parts(action - EXCHANGE)
        hand = state.zones[HANDS[state.current]]
        pool = state.zones["pool"]
        gave = " ".join(str(CARDS[c]) for i, c in enumerate(hand) if give >> i & 1)
        took = " ".join(str(CARDS[c]) for i, c in enumerate(pool) if take >> i & 1)
        return _GIVE.format(gave=gave, took=took)

    def _facts(self, state: GameState[ExchangeVars], player: int) -> list[Text]:
        who, points = state.vars.last
        facts = [_STOCK_LEFT.format(n=len(state.zones["stock"]))]
        if who >= 0:
            facts.append(_LAST_DEAL.format(p=who + 1, points=points))
        return facts


class ExchangeScoreJokers(ExchangeScore):
    id = "exchange-score-jokers"
    name_zh = "带王换牌比分"
    name_en = "Exchange Score with Jokers"
    source = "text 004 「带王换牌比分」"
    source_zh = "原文004「带王换牌比分」"
    deck_size = 54
    deal_scale = 640.0
    summary_en = (
        "Exchange Score with both jokers wild: a joker in a combination doubles it, both "
        "quadruple it."
    )
    summary_zh = "带大小王的换牌比分：王作混子，用一张王加倍计分，两张王加两倍。"
    options = (
        *ExchangeScore.options,
        Option(
            "both",
            4,
            3,
            4,
            Text(
                "both jokers in a combination: 4 doubled twice, 3 two times added (加两倍)",
                "一个组合中用两张王牌：4 加倍两次，3 加两倍（加两倍）",
            ),
        ),
    )
    rule_notes = (
        RuleNote(
            Text(
                "54 cards: both jokers in, used as wild cards", "54张牌：包括两张王牌，作万能牌用"
            ),
            "text",
            quote="加上大王、小王在内，共54张牌。大王、小王作为“混子”牌使用",
        ),
        RuleNote(
            Text(
                "a combination with a joker scores double: 3-4-5♠ and a joker 100, three 8s "
                "and a joker 320",
                "带王牌的组合得分加倍：黑桃3-4-5加一张王牌100分，三张8加一张王牌320分",
            ),
            "text",
            quote="以黑桃3、4、5、大王（或小王）成副，其基础分为50分，加倍而记100分……如以王"
            "代替一张8，则加倍记成320分",
        ),
        RuleNote(
            Text(
                "a combination using both jokers: ×4 (option both=4)",
                "用两张王牌的组合：×4（选项 both=4）",
            ),
            "assumed",
            Text(
                "加两倍记分 reads as doubled twice (each joker doubles, as one does) or as two "
                "times added, ×3 (both=3).",
                "加两倍记分可理解为加倍两次（每张王牌各加倍一次，与一张时相同），或理解为加上两倍"
                "，即×3（both=3）。",
            ),
        ),
        *ExchangeScore.rule_notes[1:],
    )

    def __init__(self, num_players: int | None = None, **options: int) -> None:
        super().__init__(num_players, **options)
        self._both = self.option_values["both"]

    def _multiplier(self, wilds: int) -> int:
        return (1, 2, self._both)[wilds]


@attrs.define(slots=False)
class SwapVars(ExchangeVars):
    #: each player's combination made at the deal (2, 天囫) or by one card in the first round
    #: (1, 地囫), else 0
    bonus: tuple[int, ...] = ()
    #: rounds played at the present pool
    rounds: int = 0
    #: pools turned up this deal
    pools: int = 0
    #: passes in the present round
    passes_round: int = 0


#: 顺囫 10, 横囫 20, 8囫 80, K囫 130; 地囫 150, 天囫 200
SWAP_FOUR: Final = tuple({12: 130, 7: 80}.get(r, 20) for r in range(13))
SWAP_RUN: Final = 10
SWAP_BONUS: Final = (0, 150, 200)


class SwapCards(ExchangeScore):
    id = "swap-cards"
    name_zh = "普通调牌"
    name_en = "Swap Cards"
    source = "text 004 「普通调牌」"
    source_zh = "原文004「普通调牌」"
    deck_size = 52
    vars_type = SwapVars
    deal_scale = 200.0
    summary_en = (
        "Swap any number of cards with the face-up cards until someone holds a 囫: straight "
        "flush 10, four of a kind 20, four 8 80, four K 130; made at once 150, dealt 200."
    )
    summary_zh = "与台面明牌调换，直到有人成囫：顺囫10，横囫20，8囫80，K囫130，地囫150，天囫200。"
    options = (
        Option(
            "rounds",
            3,
            1,
            10,
            Text(
                "rounds a pool serves at most before new cards are turned up",
                "一组明牌最多用几轮，然后翻开新牌",
            ),
        ),
        Option(
            "target",
            500,
            1,
            5000,
            Text("match points that win with deals=0", "deals=0 时获胜所需的比赛分"),
        ),
        Option(
            "deals",
            5,
            0,
            20,
            Text(
                "deals in a match, the higher total winning (0: play to the target)",
                "一场比赛的副数，总分高者胜（0：打到目标分数）",
            ),
        ),
    )
    rule_notes = (
        RuleNote(
            Text("52 cards, no jokers; 3 to 5 players", "52张牌，不用王牌；三至五人"),
            "text",
            quote="扑克牌一副，去掉大、小王，共52张牌。3～5人均可玩",
        ),
        RuleNote(
            Text(
                "four cards each; 3, 4 or 5 cards (one a player) turned up as the pool",
                "每人四张；翻开3、4或5张（每人一张）作为明牌",
            ),
            "text",
            quote="每人发4张牌在手。发完后，由甲再翻出3张（3人时）、4张（4人时）、5张（5人时）"
            "作为基础可调换明牌",
        ),
        RuleNote(
            Text(
                "any suit, any number: as many pool cards as cards given from hand",
                "花色不限，张数不限：换出几张手牌就拿几张明牌",
            ),
            "text",
            quote="不限花色，不限张数。手中的牌有几张就可调换几张明牌",
        ),
        RuleNote(
            Text(
                "甲, the dealer, swaps first, then the others in seat order; the deal passes to "
                "the next seat",
                "发牌的甲先调，其他人按座次接着调；下一副由下家发牌",
            ),
            "assumed",
            Text(
                "the text has 甲 deal and lead the swapping and the next player (下家) swap after "
                "him, and names no direction; it does not say who deals the next deal",
                "原文由甲发牌并带头调牌，下家接着调，没有说方向；也没有说下一副由谁发牌",
            ),
            quote="由甲带头调换牌……甲把手中调出的牌明放桌上，供下家调牌",
        ),
        RuleNote(
            Text(
                "when the pool has gone round several times and is of no use to anyone, it is "
                "set aside and as many new cards are turned up, until someone makes a 囫",
                "明牌被换过几轮、对谁都没有用时，就放到一边，再翻开同样多的新牌，直到有人组成囫",
            ),
            "text",
            quote="当台面上的可调换的明牌被换过几轮后，对各家来说都成为没有用的牌时",
        ),
        RuleNote(
            Text(
                "顺囫: four in sequence in a suit (2-3-4-5♠ or A-K-Q-J♦); 横囫: four of a rank",
                "顺囫：同一花色四张相连（黑桃2-3-4-5或方块A-K-Q-J）；横囫：四张同点",
            ),
            "text",
            quote="凡同花色、数字相连的4张顺子叫顺囫……凡4张同点牌叫横囫",
        ),
        RuleNote(
            Text(
                "天囫: a 囫 as dealt; 地囫: made by swapping one card in the first round",
                "天囫：发牌时就是囫；地囫：第一轮换一张牌组成",
            ),
            "text",
            quote="发完4张牌就成副的叫“天囫”，在第一轮牌中，调换一张牌就成副的叫“地囫”",
        ),
        RuleNote(
            Text("a 囫 is laid down only at the player's next turn", "囫只能在自己下一轮放下"),
            "text",
            quote="换牌成副时，需等下一轮次有换牌权时，才能把成副的牌置于门前",
        ),
        RuleNote(
            Text(
                "顺囫 10, 横囫 20, 8囫 80, K囫 130, 地囫 150, 天囫 200",
                "顺囫10分，横囫20分，8囫80分，K囫130分，地囫150分，天囫200分",
            ),
            "text",
            quote="顺囫10分，横囫20分，8囫80分，K囫130分，地囫150分，天囫200分",
        ),
        RuleNote(
            Text(
                "a pool is set aside after a round in which nobody swaps, or after 3 rounds "
                "(option rounds)",
                "一轮中无人换牌，或满3轮（选项 rounds）后，明牌放到一边",
            ),
            "assumed",
            Text(
                "「被换过几轮后……成为没有用的牌时」: 'several rounds', until no one wants them; "
                "a round of passes says so, and a cap keeps a deal finite.",
                "「被换过几轮后……成为没有用的牌时」：“几轮”，直到谁也不要；一轮无人换牌就说明这一"
                "点，再加上限使每副都能结束。",
            ),
        ),
        RuleNote(
            Text(
                "the player who lays down the 囫 scores its value; the deal ends",
                "放下囫的人得其分数；这一副结束",
            ),
            "assumed",
            Text(
                "the text gives the values but not who else scores; the sister game's 'only "
                "the highest' is not repeated here.",
                "原文给出了分数，但没有说别人是否得分；姊妹游戏中“只有最大的得分”这里没有重复。",
            ),
        ),
        RuleNote(
            Text(
                "the deal is void when the stock cannot turn up a new pool; a match is 5 deals "
                "(option deals; 0: to 500, at most 200 deals), the higher total winning",
                "牌墩不够翻开新的明牌时这一副作废；一场比赛打5副（选项 deals；0：打到500分，最多20"
                "0副），总分高者胜",
            ),
            "assumed",
            Text(
                "the text says neither; the sister game (普通换牌比分) plays 5 deals, 10 or to "
                "500 (「可采取5盘、10盘一局制，或正负500分制」), and a match to 500 takes a great "
                "many deals, most of them void",
                "原文两者都没有说；姊妹游戏（普通换牌比分）打5副、10副或到500分（「可采取5盘、10盘"
                "一局制，或正负500分制」），而打到500分要打很多副，其中大多作废",
            ),
        ),
    )

    def __init__(self, num_players: int | None = None, **options: int) -> None:
        super().__init__(num_players, **options)
        self._rounds = self.option_values["rounds"]

    def _new_deal(self, state: GameState[Any]) -> None:
        n = self.num_players
        cards = self.shuffled_deck(state)
        rest = self.deal_one_at_a_time(state, cards, HAND_SIZE)
        for p in range(n):
            state.zones[HANDS[p]].sort()
        state.zones["pool"] = rest[:n]
        state.zones["stock"] = rest[n:]
        v = state.vars
        v.turns = v.rounds = v.passes_round = 0
        v.pools = 1
        v.bonus = tuple(2 if self.value(state.zones[HANDS[p]]) else 0 for p in range(n))
        state.current = v.dealer

    def value(self, hand: Sequence[int]) -> int:
        combo = four_card_combination(mask_of(hand))
        if combo is None:
            return 0
        kind, rank, _ = combo
        return SWAP_FOUR[rank] if kind == FOUR_OF_A_KIND else SWAP_RUN

    def _apply_action(self, state: GameState[Any], action: int) -> None:
        p = state.current
        v = state.vars
        n = self.num_players
        if action == SHOW:
            value = SWAP_BONUS[v.bonus[p]] or self.value(state.zones[HANDS[p]])
            for c in state.zones[HANDS[p]]:
                state.reveal(c)
            points = [0] * n
            points[p] = value
            v.last = (p, value)
            state.tell(
                f"player {p + 1} lays down a 囫 for {value}", f"玩家{p + 1}成囫，得{value}分"
            )
            self.close_deal(state, points)
            return
        if action == PASS:
            v.passes_round += 1
        else:
            hand = state.zones[HANDS[p]]
            given, taken = exchange(hand, state.zones["pool"], action - EXCHANGE)
            for c in taken:
                state.reveal(c)
            first_round = v.pools == 1 and v.rounds == 0
            bonus = list(v.bonus)
            bonus[p] = 1 if first_round and len(given) == 1 and self.value(hand) else 0
            v.bonus = tuple(bonus)
            if state.story is not None:
                gave = " ".join(str(CARDS[c]) for c in given)
                took = " ".join(str(CARDS[c]) for c in taken)
                state.tell(
                    f"player {p + 1} gives {gave} for {took}", f"玩家{p + 1}以{gave}换{took}"
                )
        v.turns += 1
        if v.turns >= n:
            v.turns = 0
            v.rounds += 1
            done = v.passes_round >= n or v.rounds >= self._rounds
            v.passes_round = 0
            if done and not self._swap_pool(state):
                return
        state.current = (p + 1) % n

    def deal_turns(self) -> int:
        """The most turns in a deal: a player's turn in each of at most ``rounds`` rounds at
        each pool, while the stock turns up pools of one card a player."""
        n = self.num_players
        pools = 1 + (len(self.all_cards()) - (HAND_SIZE + 1) * n) // n
        return n * self._rounds * pools

    def _swap_pool(self, state: GameState[Any]) -> bool:
        z = state.zones
        n = self.num_players
        z["dead"].extend(z["pool"])
        z["pool"].clear()
        if len(z["stock"]) < n:
            state.vars.last = (-1, 0)
            state.tell("the stock is out: the deal is void", "补牌用完：本局作废")
            self.close_deal(state, (0,) * n)
            return False
        z["pool"].extend(z["stock"][:n])
        del z["stock"][:n]
        state.vars.rounds = 0
        state.vars.pools += 1
        return True


for _game in (ExchangeScore, ExchangeScoreJokers, SwapCards):
    _game.__doc__ = (_game.__doc__ or "") + "\n".join(
        f"- [{n.origin}] {n.rule}" for n in _game.rule_notes
    )
