"""Run fast: 跑得快 (text 002), a climbing game for two to six players.

Rule notes
==========

The text gives the decks, the combinations, the ♠3 lead, passing and the −1 a card settlement.
What it leaves open is chosen and marked assumed in :attr:`RunFast.rule_notes`: the deal for
three players (not listed) and for two (whose line deals three hands of 17, one left face down),
bare triples, bomb against bomb, the jokers of the six-player deck, and which sequences may hold
A and 2. A play is named by its ranks (see :mod:`conjure.games.climbing`); the game takes the
cards of those ranks from the hand, the ♠3 (or the card that leads) first.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import ClassVar, Final

import attrs

from conjure import ConjureError, Text
from conjure.deck import CARDS, parse_cards
from conjure.games import (
    ALL,
    HANDS,
    NOBODY,
    NUM_RANKS,
    RANK_NAMES,
    SPECIAL,
    TERMINAL,
    Game,
    GameError,
    GameState,
    Lister,
    PlaySpace,
    RuleNote,
    Utility,
    Vars,
    pack,
    play_label,
    shape_of,
    unpack,
)

#: rank index of a card code: 3 … K, A, 2 are 0 … 12, the little and big jokers 13 and 14
RANK: Final = tuple((c % 13 - 2) % 13 if c < 52 else c - 39 for c in range(54))
#: a card's rank as a packed play (a single)
PACKED: Final = tuple(1 << 3 * r for r in RANK)
_PASS: Final = Text("pass", zh="弃权")
_PLAY: Final = Text("{cards} ({shape})", zh="{cards}（{shape}）")
_REFUSED: Final = Text("{play} cannot be played now: {reason}", zh="现在不能出{play}：{reason}")
_NO_SHAPE: Final = Text(
    "it is no play of the game (a single, a pair, consecutive pairs, a triple with or without "
    "two cards, consecutive triples, a straight of five or more, a bomb)",
    zh="这不是本游戏的牌型（单张、对子、连对、三同张带或不带两张、连三同、五张以上顺子、炸弹）",
)
_NOT_HELD: Final = Text("you do not hold those cards", zh="你手中没有这些牌")
_OPENER: Final = Text("the first play must hold the {card}", zh="第一手牌必须包含{card}")
_NO_BEAT: Final = Text(
    "it does not beat {last} ({shape}) on the table: play a higher one of its kind, a bomb, "
    "or pass",
    zh="它压不过桌上的{last}（{shape}）：要出同类更大的牌、炸弹，或者弃权",
)
_TO_BEAT: Final = Text(
    "to beat: {cards} ({shape}), player {p}'s", zh="要压的牌：玩家{p}的{cards}（{shape}）"
)
_FREE_LEAD: Final = Text("a free lead: any play", zh="自由出牌：任何牌型都可以")
#: what a player may type for a rank: the ranks' own labels and the jokers' Chinese names
_RANK_TYPED: Final = {
    **{name: r for r, name in enumerate(RANK_NAMES)},
    "T": 7,
    "小王": 13,
    "大王": 14,
}
PASS: Final = SPECIAL
#: a play's action: its packed ranks shifted clear of the pass
SHIFT: Final = 7
#: the plays of a hand as actions, kept between games
PLAYS: Final = Lister(SHIFT, PASS)
SPADE_3: Final = 2
#: the 2s left out: ♦2, then ♣2
OUT_TWOS: Final = (3 * 13 + 1, 2 * 13 + 1)
#: players -> (2s left out, jokers in, cards a hand)
DEALS: Final = {2: (1, False, 17), 3: (1, False, 17), 4: (0, False, 13), 5: (2, False, 10),
                6: (0, True, 9)}  # fmt: skip


@attrs.define(slots=False)
class RunFastVars(Vars):
    #: the play to beat (packed ranks), 0 on a free lead
    last: int = 0
    #: who made it
    owner: int = -1
    #: the card the first play must hold (♠3 when dealt), -1 afterwards
    opener: int = -1
    #: how many plays each player has made
    plays: tuple[int, ...] = ()
    score: tuple[int, ...] = ()


class RunFast(Game[RunFastVars]):
    id = "run-fast"
    name_zh = "跑得快"
    name_en = "Run Fast"
    source = "text 002 「六、跑得快」"
    source_zh = "原文002「六、跑得快」"
    players = (4, 2, 3, 5, 6)
    deck_size = 52
    vars_type = RunFastVars
    ace_high = True
    #: the table holds every card played this deal; the play to beat is said beside it
    zone_names: ClassVar[Mapping[str, Text]] = {"table": Text("played", zh="已出的牌")}
    summary_en = (
        "2–6 players: ♠3 leads; beat the play before with a higher one of its kind (singles, "
        "pairs, consecutive pairs, triples with two cards, consecutive triples, straights of "
        "five or more) or a bomb; the first out wins a point for every card left in the other "
        "hands, two from a player who played none."
    )
    summary_zh = (
        "2至6人：黑桃3先出；跟牌须同类且更大（单张、对子、连对、三带二、连三同、五张以上顺子），"
        "炸弹可吃任何牌；先出完者赢，其余每剩一张负一分，一张未出者加倍。"
    )
    rule_notes = (
        RuleNote(
            Text(
                "the deck: 52 cards; for five players two 2s are left out; for six, 54 cards with "
                "the jokers, nine each; for four, thirteen each",
                "用牌：52张；五人时去掉两张2；六人时用带大小王的54张，每人九张；四人时每人十三张",
            ),
            "text",
            quote="4人参加游戏，不去牌，每人摸13张。5人参加游戏，去掉两张2，花色任意，每人摸10张"
            "牌。6人参加游戏，不去牌，加人大小王牌，每人摸9张牌。",
        ),
        RuleNote(
            Text(
                "two players: one 2 is left out and three hands of 17 are dealt; the third lies fa"
                "ce "
                "down, unplayed; three players (not listed) play the same deal with every hand hel"
                "d",
                "两人：去掉一张2，发三手牌，每手17张；第三手面朝下，不打；三人（原文未列）用同样的"
                "发牌，每手都有人拿",
            ),
            "assumed",
            Text(
                "the line for two players deals 17 each from 51 cards (「2人参加游戏，去掉一张2，"
                "花色"
                "任意，每人摸17张牌」), which is three hands' worth: two players leave the third "
                "unseen (as 斗地主 for two does), and three players, whom the text skips, take the "
                "three hands",
                "两人的那一条从51张中每人摸17张（「2人参加游戏，去掉一张2，花色任意，每人摸17张牌"
                "」），正好是三手牌：两人时第三手不看（如两人斗地主），原文略过的三人则各拿一手",
            ),
            quote="2人参加游戏，去掉一张2，花色任意，每人摸17张牌。",
        ),
        RuleNote(
            Text(
                "the 2s left out are ♦2 (and ♣2 for five players), face up",
                "去掉的2是方块2（五人时再加梅花2），面朝上",
            ),
            "assumed",
            Text(
                "the text leaves the suit free (「花色任意」); suits never rank, so any will do",
                "原文不限花色（「花色任意」）；花色从不比大小，所以哪张都可以",
            ),
        ),
        RuleNote(
            Text(
                "the holder of ♠3 plays first and the first play must hold it; with two players ♠3 "
                "may be in the unseen hand, and then the lowest card dealt (3s, then 4s …; ♠ ♥ ♣ ♦"
                ") "
                "leads the same way",
                "持有黑桃3的人先出，第一手牌必须包含黑桃3；两人时黑桃3可能在不看的那手牌中，这时由"
                "发到的最小的牌（先3，再4 …；黑桃、红桃、梅花、方块）同样先出",
            ),
            "text",
            quote="每盘由摸到黑桃3者先出，且一定要首先打出黑桃3这张牌",
        ),
        RuleNote(
            Text(
                "play goes in seat order, never back the other way",
                "出牌按座次依次进行，不许逆向",
            ),
            "text",
            Text(
                "seat order is the way the text turns (「按逆时针方向」), as in every game here",
                "座次就是原文的方向（「按逆时针方向」），这里所有游戏都是如此",
            ),
            quote="按逆时针方向，游戏者依次轮流出牌……不许逆向出牌",
        ),
        RuleNote(
            Text(
                "a play follows the kind (and length, and kickers) of the play before and is highe"
                "r, "
                "or the player passes; a pass may be followed by a play on the player's next turn; "
                "when everyone else has passed, the last to play leads anything",
                "出的牌必须与上一手同类型（张数和带牌也相同）并且更大，否则不出；不出之后，下一轮"
                "仍可出牌；其他人都不出时，最后出牌的人可以出任何牌",
            ),
            "text",
            quote="后一家打出的牌必须与前一家打出的牌类相同，并比前一家打出的牌要大，如没有可以"
            "弃权……只有等待再轮到自己出牌时，方可打牌",
        ),
        RuleNote(
            Text(
                "ranks: 2 > A > K > … > 3; suits never rank",
                "点数：2 > A > K > … > 3；花色不分大小",
            ),
            "text",
            quote="牌的大小顺序为2>A>K>Q>J……>3……牌的大小不分花色高低",
        ),
        RuleNote(
            Text(
                "straights of five or more, any suits; A and 2 may stand low (A2345, 23456) or A "
                "high (10JQKA), never JQKA2; A2345 is the lowest; a straight follows only one of t"
                "he "
                "same length",
                "顺子五张或以上，花色不限；A和2可以在下（A2345、23456），A也可以在上（10JQKA），但"
                "不能JQKA2；A2345最小；顺子只能管同样张数的顺子",
            ),
            "text",
            quote="注意A、2在构成顺子时，可以A、2、3、4、5或9、10、J、Q、K、A，而不能组成J、Q、K"
            "、h、2、3这样的顺子……张数必须与前一家出的牌张数相同",
        ),
        RuleNote(
            Text(
                "straight flushes are ordinary straights (the text's local rule that they beat a "
                "straight is not taken)",
                "同花顺算普通顺子（不采用原文所说同花顺吃一般顺子的地方打法）",
            ),
            "assumed",
            Text(
                "the text gives it as what some places do (「在有些地方也有同花顺吃一般顺子的打法"
                "」)",
                "原文说这是有些地方的打法（「在有些地方也有同花顺吃一般顺子的打法」）",
            ),
        ),
        RuleNote(
            Text(
                "consecutive pairs (two or more) and consecutive triples run from 3 to A; 2 never "
                "joins them",
                "连对（两对或以上）和连续的三张从3到A；2不能参加",
            ),
            "assumed",
            Text(
                "the text allows A and 2 low only for straights; pairs and triples run on the rank "
                "order 3 … A, as in 争上游 and 斗地主",
                "原文只允许顺子中A和2在下；对子和三张按3 … A的顺序相连，与争上游和斗地主相同",
            ),
        ),
        RuleNote(
            Text(
                "a triple may carry two cards: a pair or two singles, and whoever beats it carries "
                "the same; consecutive triples carry two cards each, all pairs or all singles; the "
                "kickers never rank",
                "三张可以搭两张牌：一对或两张单牌，管它的人也必须搭同样的牌；连续的三张每组搭两张"
                "，全是对子或全是单牌；搭的牌不比大小",
            ),
            "text",
            quote="三同张可以搭另外两张任意的牌一同出……那么，吃牌者也得搭对子，但只要“三同张”比"
            "上一家的“三同张”大即可，对子大小无关",
        ),
        RuleNote(
            Text(
                "a bare triple (or bare consecutive triples) is a play of its own, beaten only by "
                "a "
                "higher bare one or a bomb",
                "不搭牌的三张（或不搭牌的连续三张）自成一类，只能被更大的不搭牌三张或炸弹管",
            ),
            "assumed",
            Text(
                "the text says a triple may carry two cards (「可以搭」), not that it must; a bare "
                "triple is then its own kind, as a triple with a pair is",
                "原文说三张可以搭两张牌（「可以搭」），不是必须搭；于是不搭牌的三张自成一类，正如"
                "三张带一对自成一类",
            ),
        ),
        RuleNote(
            Text(
                "a bomb (four of a rank) beats any play; a higher bomb beats a lower one",
                "炸弹（四张同点）可以管任何牌；大炸弹管小炸弹",
            ),
            "assumed",
            Text(
                "the text says only that it is the biggest play and takes any play (「这是游戏中最"
                "大"
                "的牌，可以吃任何牌」); bomb against bomb by rank is the rule of 争上游 and 斗地主",
                "原文只说它是最大的牌，可以吃任何牌（「这是游戏中最大的牌，可以吃任何牌」）；炸弹"
                "之间按点数比大小是争上游和斗地主的规则",
            ),
        ),
        RuleNote(
            Text(
                "jokers (six players): singles above the 2, the big one above the little; they "
                "join no pair or sequence, and may be kickers",
                "大小王（六人时）：作单牌比2大，大王大于小王；不能组成对子或顺子，可以作搭牌",
            ),
            "assumed",
            Text(
                "the text adds them for six players without ranking them",
                "原文六人时加入大小王，但没有说它们的大小",
            ),
        ),
        RuleNote(
            Text(
                "the first to play out every card wins; every other player loses a point a card "
                "left, two a card if they played none, and the winner gains what they lose",
                "先出完所有牌的人获胜；其他每人剩一张牌输1分，一张牌都没出过的每张输2分，赢家得到"
                "他们所输的分",
            ),
            "text",
            quote="每一张牌留在手中，即负一分，负分的总合为胜者的正分。如果说某人一张未出，则要"
            "翻倍计负分",
        ),
        RuleNote(
            Text(
                "one deal is a game; the text's optional bonus for a bomb dealt and target score "
                "over deals are not played",
                "一副牌为一局；原文中可选的炸弹奖分和多副累计目标分不采用",
            ),
            "assumed",
            Text(
                "both are agreed in advance when wanted (「可以事先规定」)",
                "这两项需要时可事先约定（「可以事先规定」）",
            ),
        ),
    )

    def most_moves(self) -> int:
        """Every play lays a card at least and is preceded by fewer passes than players (a
        round of passes gives a free lead, which must be a play): at most the cards in play
        times the players."""
        n = self.num_players
        return n * n * DEALS[n][2]

    def _zones(self) -> dict[str, int | str]:
        zones: dict[str, int | str] = {"deck": NOBODY, "table": ALL, "out": ALL, "unseen": NOBODY}
        for p in range(self.num_players):
            zones[HANDS[p]] = p
        return zones

    def _all_cards(self) -> list[int]:
        return list(range(54 if DEALS[self.num_players][1] else 52))

    def _deal(self, state: GameState[RunFastVars]) -> None:
        n = self.num_players
        out = OUT_TWOS[: DEALS[n][0]]
        state.zones["out"] = list(out)
        try:
            deck = self._deck
        except AttributeError:  # the cards dealt are fixed with the table: listed once
            deck = tuple(c for c in self._card_codes() if c not in out)
            self._deck: tuple[int, ...] = deck
        state.zones["deck"] = list(deck)
        state.vars = RunFastVars(plays=(0,) * n, score=(0,) * n)
        state.shuffle("deck")

    def _after_chance(self, state: GameState[RunFastVars], zone: str) -> None:
        n = self.num_players
        size = DEALS[n][2]
        deck = state.zones["deck"]
        for p in range(n):
            state.zones[HANDS[p]] = sorted(deck[p * size : (p + 1) * size])
        unseen = state.zones["unseen"] = deck[n * size :]
        state.zones["deck"] = []
        if SPADE_3 in unseen:
            dealt = [c for p in range(n) for c in state.zones[HANDS[p]]]
            opener = min(dealt, key=lambda c: (RANK[c], c))
        else:
            opener = SPADE_3
        state.vars.opener = opener
        state.current = next(p for p in range(n) if opener in state.zones[HANDS[p]])

    def counts(self, state: GameState[RunFastVars], player: int) -> list[int]:
        """The hand of ``player`` as counts by rank."""
        h = [0] * NUM_RANKS
        for c in state.zones[HANDS[player]]:
            h[RANK[c]] += 1
        return h

    def _legal_actions(self, state: GameState[RunFastVars]) -> Sequence[int]:
        v = state.vars
        hand = sum([PACKED[c] for c in state.zones[HANDS[state.current]]])
        return _actions(hand, v.last, v.opener)

    def _apply_action(self, state: GameState[RunFastVars], action: int) -> None:
        v = state.vars
        me = state.current
        n = self.num_players
        nxt = (me + 1) % n
        if action == PASS:
            # no story line: the move (pass) is all the table hears
            if nxt == v.owner:
                v.last = 0
            state.current = nxt
            return
        play = action >> SHIFT
        left = _take(state, me, play, v.opener)
        v.opener = -1
        # no story line: the move (3 3, pair of 3) is all the table sees
        v.last = play
        v.owner = me
        plays = list(v.plays)
        plays[me] += 1
        v.plays = tuple(plays)
        if left:
            state.current = nxt
            return
        _settle(state, me)

    def _play_random(
        self, state: GameState[RunFastVars], pick: Callable[[], float], chance: random.Random
    ) -> int:
        """The fast random playout: :func:`conjure_games.fast.run_fast.play_random`."""
        from conjure_games.fast.run_fast import play_random

        return play_random(self, state, pick, chance)

    def _action_space(self) -> PlaySpace:
        """Pass, then each play of the largest hand's 17 cards at most, by its ranks."""
        return PlaySpace(SHIFT, PASS, _PASS, max(each for _, _, each in DEALS.values()))

    def _action_name(self, state: GameState[RunFastVars], action: int) -> str | Text:
        if action == PASS:
            return _PASS
        if action < SPECIAL:
            return super()._action_name(state, action)
        play = action >> SHIFT
        shape = shape_of(play)
        said = play_label(play)
        return _PLAY.format(cards=said, shape=shape.label) if shape else said

    def _read_move(self, state: GameState[RunFastVars], text: str) -> int | None:
        """A play typed by its ranks (``4``, ``4 4``, ``10 J Q K A``, ``小王``) or its cards
        (``4S 4H``: suits never rank, so the ranks are what is played), read before any menu
        number, so that ``4`` plays a 4 or is refused with the rule it breaks."""
        play = _typed_play(text)
        if play is None:
            return None
        for action in state.legal_actions():
            if action != PASS and action >> SHIFT == play:
                return action
        raise GameError(_REFUSED.format(play=play_label(play), reason=self._broken(state, play)))

    def _broken(self, state: GameState[RunFastVars], play: int) -> Text:
        """Which rule the play ``play`` (packed ranks), not legal now, breaks."""
        v = state.vars
        shape = shape_of(play)
        if shape is None:
            return _NO_SHAPE
        held = self.counts(state, state.current)
        if any(k > held[r] for r, k in enumerate(unpack(play))):
            return _NOT_HELD
        if v.opener >= 0 and not unpack(play)[RANK[v.opener]]:
            return _OPENER.format(card=CARDS[v.opener])
        if v.last:
            last = shape_of(v.last)
            label = last.label if last else play_label(v.last)
            return _NO_BEAT.format(last=play_label(v.last), shape=label)
        return _NO_SHAPE

    def _facts(self, state: GameState[RunFastVars], player: int) -> list[Text]:
        v = state.vars
        if state.current < 0:
            return []
        if not v.last:
            return [_FREE_LEAD]
        shape = shape_of(v.last)
        cards = Text(" ".join(str(CARDS[c]) for c in state.zones["table"][-_size(v.last) :]))
        return [
            _TO_BEAT.format(
                cards=cards, shape=shape.label if shape else play_label(v.last), p=v.owner + 1
            )
        ]

    def ordered_actions(self, state: GameState[RunFastVars]) -> list[int]:
        return sorted(state.legal_actions(), key=lambda a: (a != PASS, shape_of(a >> SHIFT), a))

    def _utility(self) -> Utility:
        """The first out takes, from each other player, a point a card left in his hand, two
        from one who played none: what passes between the players adds up to 0."""
        most = 2 * DEALS[self.num_players][2]
        return Utility(-most, most * (self.num_players - 1), 0.0)

    def _returns(self, state: GameState[RunFastVars]) -> tuple[float, ...]:
        return tuple(float(s) for s in state.vars.score)

    def _deal_value(
        self, start: GameState[RunFastVars], end: GameState[RunFastVars], player: int
    ) -> float:
        most = 2 * DEALS[self.num_players][2] * (self.num_players - 1)
        return end.returns()[player] / most

    def _audit(self, state: GameState[RunFastVars]) -> str | None:
        if sum(state.vars.score) != 0:
            return f"the scores {state.vars.score} do not add up to 0"
        return None


def _actions(hand: int, last: int, opener: int) -> Sequence[int]:
    """The actions of packed ``hand`` on packed ``last`` (0: a lead), the first lead holding
    the rank of ``opener``."""
    if last:
        return PLAYS.follows(hand, last)
    if opener >= 0:
        return PLAYS.opening(hand, RANK[opener])
    return PLAYS.leads(hand)


def _take(state: GameState[RunFastVars], me: int, play: int, opener: int) -> int:
    """Move the cards of packed ``play`` from the hand of ``me`` to the table (``opener``
    first when it is not -1, then the first cards of each rank in the hand's order); return
    how many cards the hand has left."""
    hand = state.zones[HANDS[me]]
    table = state.zones["table"]
    if opener >= 0:
        hand.remove(opener)
        table.append(opener)
        play -= PACKED[opener]
    keep = []
    for c in hand:
        if play & 7 * PACKED[c]:
            play -= PACKED[c]
            table.append(c)
        else:
            keep.append(c)
    hand[:] = keep
    return len(keep)


def _typed_play(text: str) -> int | None:
    """The packed play that ``text`` (as :meth:`Game.parse_action` normalised it) writes with
    ranks (``4 4``, ``J Q K A 2``) or cards (``4S 4H``, ``黑桃4``), or None when it is
    neither."""
    counts = [0] * NUM_RANKS
    words = text.replace(",", " ").split()
    if not words:
        return None
    for word in words:
        rank = _RANK_TYPED.get(word.upper(), _RANK_TYPED.get(word))
        if rank is None:
            try:
                cards = parse_cards(word)
            except ConjureError:
                return None
            if not cards:
                return None
            for card in cards:
                counts[RANK[card.code]] += 1
            continue
        counts[rank] += 1
    if max(counts) > 4:
        return None
    return pack(counts)


def _size(play: int) -> int:
    return sum(unpack(play))


def _settle(state: GameState[RunFastVars], winner: int) -> None:
    """``winner`` is out: −1 a card left to every other player, −2 to one who played none."""
    v = state.vars
    n = len(v.plays)
    score = [0] * n
    for p in range(n):
        if p != winner:
            left = len(state.zones[HANDS[p]])
            score[p] = -left * (2 if v.plays[p] == 0 else 1)
    score[winner] = -sum(score)
    v.score = tuple(score)
    state.current = TERMINAL
