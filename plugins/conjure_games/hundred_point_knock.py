"""Hundred-point knock: 百点摘冠 (text 000), a rummy for two with a knock.

Ten cards each; the rest lie on the table as one pile whose top card is face up. The non-dealer
may take it, else the dealer may; whoever takes it turns a card from hand face up under the pile
and the next card of the pile is turned up. Sets of three or four of a rank and runs of three or
more in a suit are the combinations; a player who, after taking and discarding, holds less than
10 points outside them may knock, and the deal is scored: the difference to the knocker, or
that difference and 25 to the other player if the knocker is undercut.

Rule notes
==========

Every rule is in :attr:`HundredPointKnock.rule_notes` with the Chinese it rests on. The gaps
are filled from Gin Rummy, the game this one is (ten cards, the upcard offered to the
non-dealer first, sets and runs, a knock below a count, the undercut bonus of 25), and written
there: what a turn is when nobody wants the face-up card, when the deal runs out, and the
target of 100 the name gives (百点: a hundred points). The text has each player count his own
loose cards, so there is no laying off unless option ``layoff=1`` asks for Gin Rummy's.

Speed: ``python bench/meld_games.py`` plays uniformly random deals beside OpenSpiel's
``gin_rummy``, a deal of each being one playout, and prints both rates.

Bots: the Monte-Carlo bot (3 worlds) against the random bot, seats alternating, in a match
to the first points: the test in the bounded profile asks for a 95% interval above one
half, and fails when the bot is made to play at random.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs

from conjure import Text
from conjure.deck import CARDS
from conjure.games import (
    ALL,
    HANDS,
    RUMMY_VALUES,
    SPECIAL,
    TOP,
    GameState,
    MatchGame,
    MatchVars,
    Option,
    RuleNote,
    best_arrangement,
    cards_of,
    deadwood,
    deadwood_after_layoff,
    mask_of,
    meldable,
    rummy_points,
)

TAKE: Final = SPECIAL
PASS: Final = SPECIAL + 1
#: knock, discarding card c: KNOCK + c
KNOCK: Final = 2 * SPECIAL

# The move names and facts in both languages; 扣了 is the text's own word for the knock.
_TAKE_CARD: Final = Text("take {card}", zh="取{card}")
_TAKE: Final = Text("take", zh="取牌")
_PASS: Final = Text("pass", zh="不要")
_KNOCK: Final = Text("knock, discarding {card}", zh="扣了弃{card}")
_DISCARD: Final = Text("discard {card}", zh="弃{card}")
_LOOSE: Final = Text("your loose points: {dead}", zh="你手中未组合的点数：{dead}")
_FRESH: Final = Text("cards never turned up: {fresh}", zh="从未翻开的牌：{fresh}张")
_LAST: Final = Text(
    "last deal: player {p} knocked with {a} against {b}",
    zh="上一副：玩家{p}以{a}点对{b}点扣了",
)
HAND_SIZE: Final = 10
#: a match ends after this many deals (void deals score nothing)
MOST_DEALS: Final = 200
UNDERCUT: Final = 25
OFFER, DISCARD = "offer", "discard"
MELDS: Final = ("melds0", "melds1")


@attrs.define(slots=False)
class KnockVars(MatchVars):
    #: "offer" (take the face-up card or pass) or "discard" (after taking)
    phase: str = attrs.field(default=OFFER, metadata={"values": (OFFER, DISCARD)})
    #: passes in a row on the face-up card
    passes: int = 0
    #: the card just taken (it may not be discarded at once), or -1
    taken: int = -1
    #: cards of the pile below the top never yet turned up
    fresh: int = 0
    #: the last deal: (knocker or -1 for a void deal, knocker's deadwood, other's deadwood)
    last: tuple[int, int, int] = (-1, 0, 0)


class HundredPointKnock(MatchGame[KnockVars]):
    id = "hundred-point-knock"
    name_zh = "百点摘冠"
    name_en = "Hundred-Point Knock"
    source = "text 000 「百点摘冠」"
    source_zh = "原文000「百点摘冠」"
    deck_size = 52
    vars_type = KnockVars
    ace_high = False
    deal_scale = 60.0
    most_deals = MOST_DEALS
    summary_en = (
        "Gin-Rummy-like for two: take the face-up card and discard, make sets and runs, knock "
        "with under 10 points loose; undercut 25; first to 100."
    )
    summary_zh = (
        "两人玩，取台面明牌再垫一张，组三同或同花连牌，手中散牌不够10点可喊“扣了”；先得100分者胜。"
    )
    options = (
        Option(
            "target",
            100,
            1,
            1000,
            Text("match points that win (百点: a hundred)", "获胜所需的分数（百点：一百分）"),
        ),
        Option(
            "deals",
            0,
            0,
            100,
            Text(
                "end the match after this many deals, the higher score winning (0: play to the tar"
                "get)",
                "打完这么多副后结束比赛，分高者胜（0：打到目标分数）",
            ),
        ),
        Option(
            "layoff",
            0,
            0,
            1,
            Text(
                "0 no laying off (the text); 1 the other player lays loose cards off onto the "
                "knocker's combinations (Gin Rummy)",
                "0 不能接牌（原文）；1 对方可以把散牌接到喊扣的人的组合上（金拉米）",
            ),
        ),
    )
    rule_notes = (
        RuleNote(
            Text("52 cards, no jokers", "52张牌，不用大小王"), "text", quote="52张牌，抽出两张王牌"
        ),
        RuleNote(
            Text(
                "K Q J count 10, the others their number, the Ace 1; the Ace is low",
                "K、Q、J算10点，其他按牌面，A算1点；A最小",
            ),
            "text",
            quote="K＞Q＞J＞10＞9＞8＞7＞6＞5＞4＞3＞2＞A。绘牌（K、Q、J）——10点；其他数牌的点数与"
            "牌面所标的数字相同",
        ),
        RuleNote(
            Text(
                "ten cards each; the rest on the table, the top card turned up",
                "每人十张；其余放在台上，翻开最上面的一张",
            ),
            "text",
            quote="发给每人10张牌，剩下的牌放在台面上，把最上面的一张牌翻开",
        ),
        RuleNote(
            Text(
                "combinations: three or more of a rank, or three or more in sequence in one suit "
                "(no wrapping past the Ace)",
                "组合：三张以上的三同牌，或三张以上的同花连牌（A不能接在K之后）",
            ),
            "text",
            quote="3张以上的数字相连，同一花型的序列（同花连牌）和3张以上的数字相同的牌",
        ),
        RuleNote(
            Text(
                "the non-dealer may take the face-up card first, then the dealer",
                "非发牌人可以先取翻开的牌，然后是发牌人",
            ),
            "text",
            quote="非发牌者……若是台面上翻开的牌对自己有利，他就可以把它拿过来，若是不需要，发牌者"
            "才有权要这张牌",
        ),
        RuleNote(
            Text(
                "whoever takes it puts a card from hand face up under the pile, and the next card "
                "of "
                "the pile is turned up",
                "取牌的人把一张手牌面朝上放到牌堆下面，再翻开牌堆的下一张",
            ),
            "text",
            quote="都要从自己手中取一张牌翻开放到这叠牌的下面，再把这叠牌的最上面的一张牌翻开",
        ),
        RuleNote(
            Text(
                "after taking and discarding, a player with less than 10 points outside "
                "combinations may knock, which ends the deal",
                "取牌并抽掉一张后，组合以外的牌点数加起来不够10点时可以喊“扣了！”，这一副就结束",
            ),
            "text",
            quote="若是其中一方取了台上的牌，又从自己手中抽掉一张牌，手上的牌点数加起来不够10点"
            "时，那就可以说：“扣了！”",
        ),
        RuleNote(
            Text(
                "the knocker scores the difference of the two counts; if the other's count is "
                "lower, the other scores that difference and 25; if equal, the other scores 25",
                "喊扣的人得两人点数之差；如果对方的点数更少，对方得这个差再加25分；相同时对方得25"
                "分",
            ),
            "text",
            quote="说“扣了”的人，所得的点数是两个人的点数之差……若是他的点数比前者少时，他所得的"
            "点数就是前者所得的点数再加上25点……点数与另一个人的牌点相同，他就只能得25点",
        ),
        RuleNote(
            Text(
                "a face-up card both players pass is put face up under the pile and the next card "
                "is turned up and offered, the offer alternating",
                "两人都不取的翻开的牌面朝上放到牌堆下面，再翻开下一张，两人轮流先取",
            ),
            "assumed",
            Text(
                "the text says only who may take the card; in Gin Rummy a refused upcard gives way "
                "to the next card of the stock, and here the pile is the stock.",
                "原文只说谁可以取这张牌；在金拉米中，没人要的翻开牌让位给牌堆的下一张，这里台上的"
                "牌堆就是牌堆。",
            ),
        ),
        RuleNote(
            Text(
                "a card just taken may not be discarded in the same turn",
                "刚取的牌不能在同一轮抽掉",
            ),
            "assumed",
            Text(
                "Gin Rummy's rule; without it taking and discarding the same card is a pass that "
                "uses up the pile.",
                "金拉米的规则；否则取了又抽掉同一张牌，就等于不取，却消耗了牌堆。",
            ),
        ),
        RuleNote(
            Text(
                "when every card of the pile has been turned up once and the next is needed, the "
                "deal is void and dealt again (no score)",
                "牌堆的每张牌都翻过一次而还需要翻下一张时，这一副作废，重新发牌（不计分）",
            ),
            "assumed",
            Text(
                "the pile never shrinks (a card taken is replaced), so the text has no end short "
                "of a knock; Gin Rummy voids a deal whose stock runs out.",
                "牌堆从不减少（取走一张就补上一张），所以按原文除了喊扣之外没有结束；金拉米在牌堆"
                "用完时作废这一副。",
            ),
        ),
        RuleNote(
            Text(
                "each player counts his own loose cards: no laying off onto the knocker's "
                "combinations (option layoff=1 allows it, as Gin Rummy does)",
                "各人只算自己的散牌：不能把散牌接到喊扣的人的组合上（选项 layoff=1 按金拉米允许接"
                "牌）",
            ),
            "text",
            Text(
                "the text has each player set his own combinations aside and count what is left "
                "in hand, and says nothing of laying off",
                "原文让两人各自把可以组合的牌放到一边，计算手中剩下的点数，没有说可以接牌",
            ),
            quote="双方都看自己手中的牌，把可以组合的牌从手中抽出来，放到一边",
        ),
        RuleNote(
            Text(
                "a deal gives points to one player only; the first to reach 100 wins (option targe"
                "t)",
                "每副只有一人得分；先到100分者获胜（选项 target）",
            ),
            "assumed",
            Text(
                "the name 百点摘冠 (a hundred points takes the crown) is the only word on the "
                "target; Gin Rummy plays to 100.",
                "游戏名百点摘冠是关于目标分数的唯一说法；金拉米也打到100分。",
            ),
        ),
        RuleNote(
            Text(
                "a match that has played 200 deals ends there, the higher total winning",
                "打满200副的比赛就此结束，总分高者胜",
            ),
            "assumed",
            Text(
                "a void deal scores nothing, so without a cap a match need not end",
                "作废的一副不计分，没有上限的话比赛可能永远不结束",
            ),
        ),
        RuleNote(
            Text("the deal passes to the other player each time", "每副由另一人发牌"),
            "assumed",
            Text("the text draws for the first dealer only.", "原文只说抽牌决定第一个发牌人。"),
        ),
    )

    def __init__(self, num_players: int | None = None, **options: int) -> None:
        super().__init__(num_players, **options)
        self._target = self.option_values["target"]
        self._layoff = self.option_values["layoff"] == 1
        self._deals = self.option_values["deals"]

    def _zones(self) -> dict[str, str | int]:
        return {"hand0": 0, "hand1": 1, "pile": TOP, "melds0": ALL, "melds1": ALL}

    def _new_deal(self, state: GameState[KnockVars]) -> None:
        cards = self.shuffled_deck(state)
        rest = self.deal_one_at_a_time(state, cards, HAND_SIZE)
        for h in HANDS[:2]:
            state.zones[h].sort()
        state.zones["pile"] = rest
        v = state.vars
        v.phase = OFFER
        v.passes = 0
        v.taken = -1
        v.fresh = len(rest) - 1
        state.current = 1 - v.dealer

    def _match_over(self, state: GameState[KnockVars]) -> bool:
        if self._deals and state.vars.deals >= self._deals:
            return True
        return max(state.vars.match) >= self._target

    # -- play -------------------------------------------------------------------------------------

    def _legal_actions(self, state: GameState[KnockVars]) -> Sequence[int]:
        v = state.vars
        if v.phase == OFFER:
            return (TAKE, PASS)
        hand = state.zones[HANDS[state.current]]
        discards = [c for c in hand if c != v.taken]
        h = mask_of(hand)
        loose = h & ~meldable(h)
        # a knock needs under 10 loose after the discard: the never-melded cards bound it
        if rummy_points(loose) - max((RUMMY_VALUES[c] for c in cards_of(loose)), default=0) >= 10:
            return discards
        knocks = [KNOCK + c for c in discards if best_arrangement(h ^ (1 << c))[0] < 10]
        return discards + knocks

    def most_moves(self) -> int:
        """Every turn of the pile's 32 cards is at most three moves (pass, take, discard or
        knock), and the deal is void when the pile has gone round; a match is at most 200
        deals (or the option deals)."""
        deals = min(self._deals or MOST_DEALS, MOST_DEALS)
        return deals * 3 * (52 - 2 * HAND_SIZE)

    def _random_actions(self, state: GameState[KnockVars]) -> Sequence[int]:
        """A random player who can knock, knocks: passing it by leaves the deal to run the
        pile out to a void deal, which random play would almost always do."""
        return self._playout_actions(state)

    def _playout_actions(self, state: GameState[KnockVars]) -> Sequence[int]:
        """In playouts a player who can knock does (the lowest loose count), so that a
        playout's deal ends as a real one would rather than running the pile out."""
        legal = self._legal_actions(state)
        if legal[-1] < KNOCK:
            return legal
        h = mask_of(state.zones[HANDS[state.current]])
        return [min((a for a in legal if a >= KNOCK), key=lambda a: deadwood(h ^ 1 << (a - KNOCK)))]

    def _apply_action(self, state: GameState[KnockVars], action: int) -> None:
        v = state.vars
        p = state.current
        pile = state.zones["pile"]
        if action == TAKE:
            card = pile.pop(0)
            state.reveal(card)
            hand = state.zones[HANDS[p]]
            hand.append(card)
            hand.sort()
            v.taken = card
            v.phase = DISCARD
            v.passes = 0
            if state.story is not None:
                state.tell(f"player {p + 1} takes {CARDS[card]}", f"玩家{p + 1}取{CARDS[card]}")
            return
        if action == PASS:
            v.passes += 1
            if v.passes == 2:
                card = pile.pop(0)
                pile.append(card)
                state.reveal(card)
                v.passes = 0
                if not self._turn_next(state):
                    return
            state.current = 1 - p
            return
        card = action - KNOCK if action >= KNOCK else action
        state.zones[HANDS[p]].remove(card)
        pile.append(card)
        state.reveal(card)
        v.taken = -1
        v.phase = OFFER
        if action >= KNOCK:
            self._score(state, p)
            return
        if self._turn_next(state):
            state.current = 1 - p

    def _turn_next(self, state: GameState[KnockVars]) -> bool:
        """A new card is turned up; False when the pile has none left unturned (a void
        deal, already closed)."""
        v = state.vars
        if v.fresh == 0:
            v.last = (-1, 0, 0)
            if state.story is not None:
                state.tell("the pile has gone round: the deal is void", "牌已翻完：本局作废")
            self.close_deal(state, (0, 0))
            return False
        v.fresh -= 1
        return True

    def _score(self, state: GameState[KnockVars], knocker: int) -> None:
        other = 1 - knocker
        mine = mask_of(state.zones[HANDS[knocker]])
        dead, melds = best_arrangement(mine)
        theirs = mask_of(state.zones[HANDS[other]])
        if self._layoff:
            their_dead, their_melds, off = deadwood_after_layoff(theirs, melds)
        else:
            their_dead, their_melds = best_arrangement(theirs)
            off = 0
        for who, ms, extra in ((knocker, melds, 0), (other, their_melds, off)):
            shown = 0
            for m in ms:
                shown |= m
            shown |= extra
            for c in cards_of(shown):
                state.move(c, HANDS[who], MELDS[who])
        for h in HANDS[:2]:
            for c in state.zones[h]:
                state.reveal(c)
        points = [0, 0]
        if their_dead < dead:
            points[other] = dead - their_dead + UNDERCUT
        elif their_dead == dead:
            points[other] = UNDERCUT
        else:
            points[knocker] = their_dead - dead
        state.vars.last = (knocker, dead, their_dead)
        if state.story is not None:
            winner = max(range(2), key=points.__getitem__)
            state.tell(
                f"player {knocker + 1} knocks with {dead}; player {other + 1} has {their_dead}: "
                f"player {winner + 1} scores {points[winner]}",
                f"玩家{knocker + 1}扣了，{dead}点；玩家{other + 1}{their_dead}点："
                f"玩家{winner + 1}得{points[winner]}分",
            )
        self.close_deal(state, points)

    def _action_label(self, action: int) -> Text:
        """Taking takes the card on top of the discards, whichever it is."""
        if action == TAKE:
            return _TAKE
        return self._action_name(GameState(self), action)

    def _action_name(self, state: GameState[KnockVars], action: int) -> Text:
        if action == TAKE:
            pile = state.zones["pile"]
            return _TAKE_CARD.format(card=CARDS[pile[0]]) if pile else _TAKE
        if action == PASS:
            return _PASS
        if action >= KNOCK:
            return _KNOCK.format(card=CARDS[action - KNOCK])
        return _DISCARD.format(card=CARDS[action])

    def _facts(self, state: GameState[KnockVars], player: int) -> list[Text]:
        hand = state.zones[HANDS[player]]
        if not hand:
            return []
        dead = best_arrangement(mask_of(hand))[0]
        facts = [_LOOSE.format(dead=dead), _FRESH.format(fresh=state.vars.fresh)]
        knocker, a, b = state.vars.last
        if knocker >= 0:
            facts.append(_LAST.format(p=knocker + 1, a=a, b=b))
        return facts
