"""Casino: 游戏十一 深谋远虑 (text 001, a fragment), a capture game with builds for two.

Rule notes
==========

The text gives the cards, their values, the deal, the captures and the three kinds of build
(附加牌), and the duty to take one's own build; it says the aim is to gather many number cards
and high ones, and that picture cards, worth 0, add nothing to the score. It stops before the
redeal, the end of the deal and the scoring. Those are filled from Casino, the game the builds
belong to, and marked assumed in :attr:`Casino.rule_notes`.

The score is an option, because two readings are defensible:

- ``scoring=0`` (the default): the card values the text gives (A 1, 2–10 their pips, pictures
  0), added up over the deals, the first to ``target`` (300, about three deals) winning. The
  text's 「尽可能地收集多张数牌和数牌分数多的牌」 and 「绘牌以0分计算，即使拿的话也不会增加分数」
  say that these values are what a player scores;
- ``scoring=1``: Casino's own table: the most cards 3, the most spades 1, the 10♦ 2, the 2♠ 1,
  each Ace 1 (11 a deal), the first to 21.

Random playouts take a fast path that lists no moves, a second copy of the rules of play
written for speed (:mod:`conjure_games.fast.casino`), which :func:`conjure.testing.check_game`
proves equal to the checked path under every option.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Final

import attrs

from conjure import Text
from conjure.deck import CARDS, full_deck
from conjure.games import (
    BUILD,
    CAPTURE,
    PAIR,
    RAISE,
    WON,
    Build,
    CaptureGame,
    CaptureRules,
    CaptureVars,
    GameState,
    Option,
    RuleNote,
    Vars,
    cards_text,
    decode,
    encode,
    positions,
)

DECK: Final = tuple(c.code for c in full_deck(52))
#: the score of a card: A 1, 2-10 their pips, J Q K 0 (「A→1分，数牌…和牌的分数同分，J-K→0分」)
POINTS: Final = tuple(c % 13 + 1 if c < 52 and c % 13 < 10 else 0 for c in range(54))
#: what a card captures with: its points, and for the pictures 11, 12, 13, which only pair
VALUES: Final = tuple(c % 13 + 1 if c < 52 else 0 for c in range(54))
FACE: Final = 11
HAND_SIZE: Final = 4
HANDS: Final = ("hand0", "hand1")
BUILDS: Final = ("build0", "build1")
SPADES, DIAMONDS = 0, 3
BIG_CASINO: Final = DIAMONDS * 13 + 9  # 10♦
LITTLE_CASINO: Final = SPADES * 13 + 1  # 2♠
POINTS_SCORING, CASINO_SCORING = 0, 1
SEVERAL: Final = CaptureRules(equal="any", sums=True, several=True, limit=13, sum_limit=10)
RIDE_ALONG: Final = 1 << 62
NO_BUILDS: Final = (0,) * 14


def build_actions(
    hand: Sequence[int], every: Sequence[Sequence[int]], same: Sequence[int], raised: int, at: int
) -> list[int]:
    """The builds, pair builds and raises of ``hand`` in the order of
    :meth:`Casino._legal_actions`: ``every`` and ``same`` index the loose number cards
    (:meth:`CaptureRules.sum_table`), ``raised`` is the value of the other player's build
    that may be raised (99: none) and ``at`` its position."""
    out: list[int] = []
    held = [0] * 14
    for c in hand:
        held[VALUES[c]] += 1
    kinds = {VALUES[c] for c in hand if VALUES[c] <= 10}
    for c in hand:
        v = VALUES[c]
        if v > 10:  # pictures neither build nor raise
            continue
        held[v] -= 1  # the card played is not the card that takes the build
        for h in kinds:
            if h > v and held[h] and every[h - v]:
                out.extend(c | BUILD_BITS | m << 9 for m in every[h - v])
        if held[v]:
            pairs = same[v]
            while pairs:
                low = pairs & -pairs
                out.append(c | PAIR_BITS | low << 9)
                pairs ^= low
        if raised + v <= 10 and held[raised + v]:
            out.append(c | RAISE_BITS | 1 << at + 9)
        held[v] += 1
    return out


def faces_in(hand: Sequence[int]) -> bool:
    """Whether ``hand`` holds a picture card."""
    return any(VALUES[c] >= FACE for c in hand)


CAPTURE_BITS: Final = CAPTURE << 6
BUILD_BITS: Final = BUILD << 6
PAIR_BITS: Final = PAIR << 6
RAISE_BITS: Final = RAISE << 6  # in a capture's mask: take every picture on the table too


#: a build as a table item in a move's name, plain and pair (附加牌)
_BUILD_ITEM: Final = (
    Text("the build of {value} ({cards})", zh="{value}点附加牌（{cards}）"),
    Text("the pair build of {value} ({cards})", zh="{value}点同点附加牌（{cards}）"),
)
_RAISE: Final = Text(
    "{card} raises the build of {value} ({cards}) to {total}",
    zh="{card}把{value}点附加牌（{cards}）加到{total}点",
)


@attrs.define(slots=False)
class CasinoVars(CaptureVars):
    """A capture game's values and each player's build: ``(value, pair)``, ``(0, 0)`` for
    none."""

    builds: tuple[tuple[int, int], ...] = ((0, 0), (0, 0))


class Casino(CaptureGame[CasinoVars]):
    id = "casino"
    name_zh = "深谋远虑"
    name_en = "Casino"
    source = "text 001 「游戏十一深谋远虑」"
    source_zh = "原文001「游戏十一深谋远虑」"
    deck_size = 52
    summary_en = (
        "Casino with builds: take cards of equal value or adding up to your card, build on "
        "the table and take it next turn; score the card values (pictures 0)."
    )
    summary_zh = (
        "带附加牌的拿牌游戏：同分或合计分拿场牌，做附加牌下回拿走；按牌的分数计分（绘牌0分）。"
    )
    values = VALUES
    vars_type: ClassVar[type[Vars]] = CasinoVars
    deal_scale = 220.0
    names_sweeps = False
    rules = CaptureRules(equal="any", sums=True, several=False, limit=13, sum_limit=10)
    options = (
        Option(
            "scoring",
            POINTS_SCORING,
            0,
            1,
            Text(
                "0 the card values of the text (A 1, 2–10 pips, pictures 0); 1 Casino's table "
                "(cards 3, spades 1, 10♦ 2, 2♠ 1, Aces 1)",
                "0 按原文的牌点计分（A 1点，2–10按牌面，人头牌0点）；1 按卡西诺的计分表（牌多3分，"
                "黑桃多1分，方块10 2分，黑桃2 1分，每张A 1分）",
            ),
        ),
        Option(
            "target",
            0,
            0,
            1000,
            Text(
                "match points that win; 0: 300 with scoring=0, 21 with 1",
                "获胜所需的分数；0：scoring=0 时为300，scoring=1 时为21",
            ),
        ),
        Option(
            "several",
            0,
            0,
            1,
            Text(
                "1: a card takes several sets at once (equal cards, sums, builds), as in Casino; "
                "0: equal cards and builds together, or one sum (the text)",
                "1：一张牌可同时取几组（同点牌、凑数、附加牌），如卡西诺；0：同点牌和附加牌可一起"
                "取，凑数只取一组（原文）",
            ),
        ),
    )
    rule_notes = (
        RuleNote(
            Text("52 cards, no jokers", "52张牌，不用大小王"),
            "text",
            quote="使用52张牌，除去飞牌",
        ),
        RuleNote(
            Text("values: A 1, 2–10 their pips, J Q K 0", "牌点：A 1点，2–10按牌面，J、Q、K 0点"),
            "text",
            Text(
                "the 10 is 10 as in the text's example of a 10 taking a build of 7 and 3",
                "10算10点，如原文例子中10取7加3的附加牌",
            ),
            quote="A→1分，数牌（2-9分）一和牌的分数同分，J-K→0分",
        ),
        RuleNote(
            Text(
                "the dealer alternates; four cards each, one at a time, four face up on the table, "
                "40 in the stock",
                "两人轮流发牌；每次一张，每人四张，四张面朝上作为场牌，40张是贮存牌",
            ),
            "text",
            quote="轮流做庄家…每次各分一张牌，分四次，当手牌，然后翻开4张牌当场牌。剩下的40张牌扣"
            "起来做贮存牌",
        ),
        RuleNote(
            Text(
                "a card takes table cards of its number, one or several at once",
                "一张牌可取同点数的场牌，一张或几张一起取",
            ),
            "text",
            quote="手牌中若有和场牌相同数字的牌，可以拿此手牌和场牌合在一起拿掉。若是场牌有相同数"
            "字的牌2张（或是3张），可以一次取走",
        ),
        RuleNote(
            Text(
                "a card takes two or more table cards whose values add up to its own",
                "一张牌可取点数加起来等于它的两张或更多场牌",
            ),
            "text",
            quote="若手牌中的牌分数和2张以上的场牌合计分相同的话，可以同时拿掉这些牌",
        ),
        RuleNote(
            Text(
                "one sum a turn, or any of the cards and builds of the card's value together (opti"
                "on "
                "several=0); several=1 takes several sets at once as Casino does",
                "每轮只取一组凑数，或把与这张牌同点的牌和附加牌一起取（选项 several=0）；several=1"
                " 则如卡西诺一次取几组",
            ),
            "assumed",
            Text(
                "the text shows equal cards taken together (「2张（或是3张），可以一次取走」) and "
                "one sum at a time; Casino lets one card take every set it matches",
                "原文说同点的牌可以一起取（「2张（或是3张），可以一次取走」），凑数则每次一组；卡"
                "西诺允许一张牌取走所有相配的组",
            ),
        ),
        RuleNote(
            Text(
                "a capture by a sum (or of a build) may take every picture card on the table too",
                "以凑数（或附加牌）取牌时，也可以取走场上所有的人头牌",
            ),
            "text",
            Text("all of them or none", "要么全取，要么不取"),
            quote="这时若场牌中有绘牌时（J、Q、K均为0分）也可全部一起拿掉",
        ),
        RuleNote(
            Text(
                "a picture takes pictures of its own rank (J J, Q Q, K K), never a sum",
                "人头牌只能取同点的人头牌（J取J，Q取Q，K取K），不能凑数",
            ),
            "text",
            quote="若放到没牌可出时再以相同顺位（J→J、Q→Q、K→K）一起拿，也可以",
        ),
        RuleNote(
            Text(
                "build: a hand card added to one or more loose table cards makes a build of their "
                "sum (at most 10), taken next turn with a card of that value",
                "附加牌：一张手牌加在一张或几张场牌上，组成点数为其和的一组（最多10点），下一轮用"
                "同点的牌取走",
            ),
            "text",
            quote="1张或数张场牌，加上自己的手牌，轮到下一回合时，将这些分数加起来和手牌配合，可"
            "以一起拿掉",
        ),
        RuleNote(
            Text(
                "pair build: with two cards of a table card's number, one is laid on it and the "
                "other, shown to the table, takes both next turn",
                "同点附加牌：手中有两张与某张场牌同点的牌时，先把一张放在它上面，另一张向大家亮明"
                "，下一轮用它把两张一起取走",
            ),
            "text",
            quote="若手牌中有2张牌和场牌同分…再从手牌中拿出另一张牌，将桌上2张牌一起拿起来…在放附"
            "加牌时，要先将手上剩下的那张8的牌公开来",
        ),
        RuleNote(
            Text(
                "raise: a hand card added to the other player's build makes it a build of the new "
                "sum, now one's own",
                "加码：在对方的附加牌上再加一张手牌，使它成为新点数的一组，归自己所有",
            ),
            "text",
            quote="对方做附加牌时，自己也用手牌做附加牌，轮到下一回，若手上有和这些牌的合计分相同"
            "的牌，就可以配合起来拿掉这些牌",
        ),
        RuleNote(
            Text(
                "a build may be made or raised only by a player holding a card of its value (the o"
                "ne "
                "that will take it), and a pair build cannot be raised",
                "只有手中有同点牌（将来用来取走它的牌）的人才能做附加牌或加码，同点附加牌不能加码",
            ),
            "assumed",
            Text(
                "Casino's rules; the text's 「自己一定要拿掉这一组」 (one must take one's build ne"
                "xt "
                "turn) presumes the card is held",
                "卡西诺的规则；原文的「自己一定要拿掉这一组」预设手中有这张牌",
            ),
        ),
        RuleNote(
            Text(
                "either player may take a build with a card of its value; its owner must take it a"
                "t "
                "the next turn",
                "两人都可以用同点的牌取走附加牌；做附加牌的人下一轮必须取走它",
            ),
            "text",
            quote="对方拥有配合这些附加牌组合后的牌，就可以轻而易举的拿掉所有的牌…若对方无法取得"
            "时，轮到下一回，自己一定要拿掉这一组",
        ),
        RuleNote(
            Text(
                "a player who owns no build may always lay a card on the table instead",
                "场上没有自己附加牌的人随时可以改为出一张牌到场上",
            ),
            "assumed",
            Text(
                "the text does not say when a card may be laid; Casino allows it at any turn but "
                "while one's own build is on the table",
                "原文没有说何时可以出牌到场上；卡西诺除了自己的附加牌在场上时以外随时都可以",
            ),
        ),
        RuleNote(
            Text(
                "when both hands are empty, four more cards each from the stock; after the last, t"
                "he "
                "last capturer takes the table",
                "两人手牌都用完时，从贮存牌再发每人四张；最后一次之后，最后取牌的人拿走场牌",
            ),
            "assumed",
            Text(
                "the text stops before the redeal; Casino's (the 40 cards of the stock make five "
                "more hands of four)",
                "原文在再次发牌之前就中断了；取卡西诺的做法（贮存牌的40张可再发五次，每人四张）",
            ),
        ),
        RuleNote(
            Text(
                "scoring=0: each player scores the values of the cards taken (220 a deal); the fir"
                "st "
                "to 300 wins",
                "scoring=0：每人按取得的牌的牌点计分（每副220分）；先到300分者获胜",
            ),
            "assumed",
            Text(
                "name the card values as the score; the text gives no target, 300 is about three "
                "deals (Casino's 21 at 11 a deal is two or three)",
                "把牌点当作得分；原文没有给出目标，300分约三副（卡西诺每副11分，21分约两三副）",
            ),
            quote="尽可能地收集多张数牌和数牌分数多的牌 … 绘牌以0分计算，即使拿的话也不会增加分数",
        ),
        RuleNote(
            Text(
                "scoring=1: Casino's table: the most cards 3, the most spades 1, the 10♦ 2, the 2♠ "
                "1, each Ace 1; a tie for cards or spades scores nothing; the first to 21",
                "scoring=1：卡西诺的计分表：牌最多3分，黑桃最多1分，方块10 2分，黑桃2 1分，每张A 1"
                "分；牌数或黑桃张数相同时不得分；先到21分者获胜",
            ),
            "assumed",
            Text(
                "the scoring of Casino, the game the text's builds come from",
                "原文的附加牌源自卡西诺，这是它的计分法",
            ),
        ),
        RuleNote(
            Text(
                "both past the target in one deal: the higher; equal: another deal",
                "同一副中两人都超过目标时分高者胜；相同时再打一副",
            ),
            "assumed",
            Text("the text gives no target at all", "原文根本没有给出目标"),
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

    def __init__(self, num_players: int | None = None, **options: int) -> None:
        super().__init__(num_players, **options)
        if self.option_values["several"]:
            self.rules = SEVERAL
        if self.option_values["scoring"] == CASINO_SCORING:
            self.deal_scale = 11.0  # type: ignore[misc]
        #: for the fast playout: packed count of the number cards on a table -> what it
        #: counts of them (:func:`conjure_games.fast.casino._sums_of`)
        self._fast_tables: dict[int, list[Any]] = {}

    def extra_zones(self) -> dict[str, str | int]:
        return {"build0": "all", "build1": "all"}

    def _all_cards(self) -> list[int]:
        return list(DECK)

    @property
    def target(self) -> int:
        t = self.option_values["target"]
        return t or (300 if self.option_values["scoring"] == POINTS_SCORING else 21)

    # -- the table ------------------------------------------------------------------------------

    def builds(self, state: GameState[CasinoVars]) -> list[Build]:
        """The builds on the table, in position order (after the loose cards)."""
        out = []
        for p in (0, 1):
            cards = state.zones[BUILDS[p]]
            if cards:
                value, pair = state.vars.builds[p]
                out.append(Build(p, value, tuple(cards), bool(pair)))
        return out

    def items(self, state: GameState[CasinoVars]) -> list[tuple[int, ...]]:
        return [(c,) for c in state.zones["table"]] + [
            tuple(state.zones[b]) for b in BUILDS if state.zones[b]
        ]

    # -- play -----------------------------------------------------------------------------------

    def _new_deal(self, state: GameState[CasinoVars]) -> None:
        self.start_capture_deal(state, HAND_SIZE)
        state.vars.builds = ((0, 0), (0, 0))

    def _legal_actions(self, state: GameState[CasinoVars]) -> Sequence[int]:
        me = state.current
        z = state.zones
        hand = z[HANDS[me]]
        table = z["table"]
        n_loose = len(table)
        values = tuple(map(VALUES.__getitem__, table))
        k = n_loose  # the table is in order of value: the pictures come last
        while k and values[k - 1] >= FACE:
            k -= 1
        faces = ((1 << n_loose) - 1) ^ ((1 << k) - 1)
        # keyed on the number cards alone, so that tables differing in pictures share it
        every, by_total, same, _ = self.rules.sum_table(values[:k])
        builds = state.vars.builds
        build_at = [-1, -1]
        build_bit: Sequence[int] = NO_BUILDS  # value -> the bits of the builds of that value
        if z["build0"] or z["build1"]:
            build_bit = [0] * 14
            at = n_loose
            for p in (0, 1):
                if z[BUILDS[p]]:
                    build_at[p] = at
                    build_bit[builds[p][0]] |= 1 << at
                    at += 1
        captures = []
        combine = self.rules.combine
        several = self.option_values["several"]
        for c in hand:
            v = VALUES[c]
            if v < FACE:
                equal = same[v] | build_bit[v]
                sums = by_total[v]
            else:
                equal = sum(1 << i for i in range(k, n_loose) if values[i] == v)
                sums = ()
            if not equal and not sums:
                continue
            if not several and not equal & (equal - 1):
                eq: tuple[int, ...] = (equal,) if equal else ()
            else:
                eq, sums = combine(equal, sums)
            for m in eq:
                captures.append(c | CAPTURE_BITS | m << 9)
                if faces and m >> n_loose:  # a build taken: the pictures may come too
                    captures.append(c | CAPTURE_BITS | (m | RIDE_ALONG) << 9)
            for m in sums:
                captures.append(c | CAPTURE_BITS | m << 9)
                if faces:
                    captures.append(c | CAPTURE_BITS | (m | RIDE_ALONG) << 9)
        own = build_at[me]
        if own >= 0:
            # the owner holds a card of the build's value in play; in a world a bot dealt
            # again at random it may not, and then it can only lay a card down
            return [a for a in captures if a >> 9 >> own & 1] or hand
        captures.extend(hand)  # a card laid on the table
        other = 1 - me
        if len(hand) < 2 or (build_at[other] < 0 and len(hand) == 2 and faces_in(hand)):
            return captures  # a build needs a second card to take it
        raised = builds[other][0] if build_at[other] >= 0 and not builds[other][1] else 99
        captures.extend(build_actions(hand, every, same, raised, build_at[other]))
        return captures

    def _apply_action(self, state: GameState[CasinoVars], action: int) -> None:
        card, kind, mask = decode(action)
        me = state.current
        z = state.zones
        v = state.vars
        hand = z[HANDS[me]]
        if kind == CAPTURE:
            self._capture(state, me, card, mask)
        elif kind == 0:
            hand.remove(card)
            self.lay_on_table(state, card)
        else:
            hand.remove(card)
            table = z["table"]
            mine = z[BUILDS[me]]
            builds = list(v.builds)
            if kind == RAISE:
                other = BUILDS[1 - me]
                mine.extend(z[other])
                z[other].clear()
                value = builds[1 - me][0] + VALUES[card]
                builds[1 - me] = (0, 0)
                builds[me] = (value, 0)
            else:
                at = positions(mask)
                mine.extend(table[i] for i in at)
                for i in reversed(at):
                    del table[i]
                if kind == BUILD:
                    builds[me] = (VALUES[card] + sum(VALUES[c] for c in mine), 0)
                else:  # a pair build: the twin held back is shown to the table
                    builds[me] = (VALUES[card], 1)
                    twin = min(c for c in hand if VALUES[c] == VALUES[card])
                    state.reveal(twin)
            mine.append(card)
            v.builds = tuple(builds)
        state.current = 1 - me
        if z["hand0"] or z["hand1"]:
            return
        stock = z["stock"]
        if stock:
            z["stock"] = self.deal_hands(state, stock, HAND_SIZE)
            state.current = 1 - v.dealer
            return
        self.end_deal(state)

    def _capture(self, state: GameState[CasinoVars], me: int, card: int, mask: int) -> None:
        z = state.zones
        table = z["table"]
        n_loose = len(table)
        if mask & RIDE_ALONG:
            mask ^= RIDE_ALONG
            for i, c in enumerate(table):
                if VALUES[c] >= FACE:
                    mask |= 1 << i
        taken_builds = mask >> n_loose
        gained = 0
        if taken_builds:
            present = [p for p in (0, 1) if z[BUILDS[p]]]
            builds = list(state.vars.builds)
            for k, p in enumerate(present):
                if taken_builds >> k & 1:
                    gained += sum(POINTS[c] for c in z[BUILDS[p]])
                    z[WON[me]].extend(z[BUILDS[p]])
                    z[BUILDS[p]].clear()
                    builds[p] = (0, 0)
            state.vars.builds = tuple(builds)
        taken = self.take(state, me, card, mask & ((1 << n_loose) - 1))
        if self.option_values["scoring"] == POINTS_SCORING:
            gained += POINTS[card] + sum(POINTS[c] for c in taken)
            if gained:
                self.add_points(state, me, gained)

    def _play_random(
        self, state: GameState[CasinoVars], pick: Callable[[], float], chance: random.Random
    ) -> int:
        """The fast random playout: :func:`conjure_games.fast.casino.play_random`."""
        from conjure_games.fast.casino import play_random

        return play_random(self, state, pick, chance)

    def deal_points(self, state: GameState[CasinoVars]) -> tuple[int, int]:
        won = [state.zones["won0"], state.zones["won1"]]
        if self.option_values["scoring"] == POINTS_SCORING:
            return (sum(map(POINTS.__getitem__, won[0])), sum(map(POINTS.__getitem__, won[1])))
        points = [0, 0]
        for p in (0, 1):
            points[p] += sum(1 for c in won[p] if c < 52 and c % 13 == 0)  # Aces
            points[p] += 2 * (BIG_CASINO in won[p]) + (LITTLE_CASINO in won[p])
        for counts, worth in (
            ([len(w) for w in won], 3),
            ([sum(1 for c in w if c // 13 == SPADES) for w in won], 1),
        ):
            if counts[0] != counts[1]:
                points[0 if counts[0] > counts[1] else 1] += worth
        return points[0], points[1]

    def end_deal(self, state: GameState[CasinoVars]) -> None:
        last = state.vars.last
        if last >= 0:
            if self.option_values["scoring"] == POINTS_SCORING:
                rest = state.zones["table"] + state.zones["build0"] + state.zones["build1"]
                self.add_points(state, last, sum(POINTS[c] for c in rest))
            for b in BUILDS:
                state.zones[WON[last]].extend(state.zones[b])
                state.zones[b].clear()
        self.sweep_rest(state)
        self.finish_deal(state, self.deal_points(state))

    # -- reading -------------------------------------------------------------------------------

    def _facts(self, state: GameState[CasinoVars], player: int) -> list[str | Text]:
        """The builds on the table with their values and owners, then the base facts."""
        return [b.label for b in self.builds(state)] + list(super()._facts(state, player))

    def item_names(self, state: GameState[CasinoVars]) -> list[str | Text]:
        loose: list[str | Text] = [str(CARDS[c]) for c in state.zones["table"]]
        return loose + [
            _BUILD_ITEM[b.pair].format(value=b.value, cards=cards_text(b.cards))
            for b in self.builds(state)
        ]

    def taken_cards(self, state: GameState[CasinoVars], action: int) -> tuple[int, ...]:
        """The table cards a move takes, the pictures that ride along with a capture too."""
        card, kind, mask = decode(action)
        pictures: tuple[int, ...] = ()
        if mask & RIDE_ALONG:
            mask ^= RIDE_ALONG
            pictures = tuple(c for c in state.zones["table"] if VALUES[c] >= FACE)
        taken = super().taken_cards(state, encode(card, kind, mask))
        return tuple(sorted({*taken, *pictures}))

    def _action_name(self, state: GameState[CasinoVars], action: int) -> str | Text:
        card, kind, mask = decode(action)
        if kind == CAPTURE and mask & RIDE_ALONG:
            base = super()._action_name(state, encode(card, kind, mask ^ RIDE_ALONG))
            faces = [c for c in state.zones["table"] if VALUES[c] >= FACE]
            return Text.of(base) + Text(" and the pictures {faces}", zh="及人头牌{faces}").format(
                faces=cards_text(faces)
            )
        if kind == RAISE:
            other = self.builds(state)[positions(mask)[0] - len(state.zones["table"])]
            return _RAISE.format(
                card=CARDS[card],
                value=other.value,
                cards=cards_text(other.cards),
                total=other.value + VALUES[card],
            )
        return super()._action_name(state, action)

    def _audit(self, state: GameState[CasinoVars]) -> str | None:
        if self.option_values["scoring"] == POINTS_SCORING:
            for p in (0, 1):
                total = sum(POINTS[c] for c in state.zones[WON[p]])
                if total != state.vars.score[p]:
                    return f"player {p + 1} scores {state.vars.score[p]} but holds {total}"
        for p, b in enumerate(BUILDS):
            cards = state.zones[b]
            value, pair = state.vars.builds[p]
            if bool(cards) != bool(value):
                return f"build {p} has cards {cards} and value {value}"
            if cards and not pair and sum(POINTS[c] for c in cards) != value:
                return f"build {p} adds up to {sum(POINTS[c] for c in cards)}, not {value}"
        return None
