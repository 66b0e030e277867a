"""Go fish: 小猫钓鱼 (text 002, game 七), asking the next player for the cards of a quartet.

Rule notes
==========

Every rule is in :attr:`GoFish.rule_notes` with the Chinese it rests on; the gaps are filled
from Go Fish and Happy Families (Quartets), the games this one is: a specific card is asked for,
a card handed over is seen by all, a successful ask earns another.

Taken literally, asking only the next player (向自己的下家) can stall: cards only ever move
from a player's next player to the player, and a deal stalls when no player holds a rank that
the next player also holds, since then no ask can ever succeed again. Measured with random
playouts of the literal rule (``python bench/meld_games.py --stalls``, seeds 0–1999): with four
players 98.0% of the deals stall, with five 99.95% (all but one), with six every one; with
three none can, since each pair of players sits next to each other one way round. The numbers
are in ``STALL_RATES``. The smallest rule that ends every deal, and changes nothing in a deal
that would not stall, is the default (``ask=0``): when no one can get a card from the next
player any more, the deal ends as it stands, and the cards still in hand score nothing.
``ask=1`` is the Go Fish reading instead: ask any player, which never stalls (every unfinished
rank is split between two hands, and either holder may ask the other).

Bots: the Monte-Carlo bot deals the unseen cards again within what the table has heard (a
refused card is not in the refuser's hand nor the asker's; an asker holds a card of the rank)
and judges a playout by the result and the margin over the best other player. Two
Monte-Carlo seats (6 worlds) against two random ones, the best score deciding, under the
literal rule: 24 games of 40 won (95% interval 0.45-0.74), not yet clearly better. The literal
rule leaves little to skill: a seat that always asks for a card the next player really holds,
seeing every hand, wins 60 of 200 such games (0.24-0.37), since the cards it gathers are there
for the seat before it to take. With ``ask=1`` (Go Fish: ask anyone) what the table has heard
tells whom to ask, and the duel is tested there.

Random playouts take a fast path, a second copy of the rules of play written for speed
(:mod:`conjure_games.fast.go_fish`), which :func:`conjure.testing.check_game` proves equal to
the checked path at every table size under both rules.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Final

import attrs

from conjure import Text
from conjure.deck import CARDS
from conjure.games import (
    ALL,
    NOBODY,
    RANK_MASKS,
    SPECIAL,
    TERMINAL,
    AskVars,
    Facts,
    Game,
    GameState,
    Option,
    RuleNote,
    Utility,
    asking,
    win_loss,
    win_loss_utility,
)

#: 「4张A 50，4张K 40点，4张J 30点，4张Q 20点，4张10…4张6 10点，4张5…4张2 5点」
QUARTET_POINTS: Final = (50, 5, 5, 5, 5, 10, 10, 10, 10, 10, 30, 20, 40)
NEXT, ANY = 0, 1
#: a deal ends after this many asks (random play has never needed a third of them)
MOST_ASKS: Final = 2000
#: stall rates of the literal rule measured by random playouts, 2000 deals each (players ->
#: share of deals)
STALL_RATES: Final = {3: 0.0, 4: 0.98, 5: 0.9995, 6: 1.0}
#: a mask of held ranks (bit r for rank r) -> the mask of every card of those ranks
_CARDS_OF_RANKS: Final = tuple(
    sum(RANK_MASKS[r] for r in range(13) if m >> r & 1) for m in range(8192)
)


#: a card code -> its bit in a mask of cards (a list: ``map`` calls a list's ``__getitem__``
#: directly, a tuple's through a wrapper that makes a tuple of its argument every time)
_CARD_BIT: Final = [1 << c for c in range(52)]
#: a rank -> its four card codes
_RANK_CARDS: Final = tuple((r, r + 13, r + 26, r + 39) for r in range(13))
#: byte k of a card mask -> the card codes of its set bits, lowest first (8 codes a byte)
_BYTE_CARDS: Final = tuple(
    tuple(tuple(8 * k + b for b in range(8) if m >> b & 1) for m in range(256)) for k in range(7)
)


def _mask(cards: Iterable[int]) -> int:
    """The mask of ``cards`` (distinct card codes)."""
    return sum(map(_CARD_BIT.__getitem__, cards))


def _ranks_of(mask: int) -> int:
    """The ranks (bit r for rank r) of the cards in ``mask``."""
    return (mask | mask >> 13 | mask >> 26 | mask >> 39) & 0x1FFF


def _cards_in(mask: int) -> list[int]:
    """The card codes in ``mask`` (of 52 bits at most), lowest first, a byte at a time."""
    b0, b1, b2, b3, b4, b5, b6 = _BYTE_CARDS
    return [
        *b0[mask & 255],
        *b1[mask >> 8 & 255],
        *b2[mask >> 16 & 255],
        *b3[mask >> 24 & 255],
        *b4[mask >> 32 & 255],
        *b5[mask >> 40 & 255],
        *b6[mask >> 48],
    ]


@attrs.define(slots=False)
class GoFishVars(AskVars):
    score: tuple[int, ...] = ()
    #: the deal stalled under the literal rule and was ended
    stalled: bool = False
    #: refused asks since a card last changed hands
    refused: int = 0
    #: asks made in this deal
    asked: int = 0


def _said(card: int) -> Text:
    """A card as it is asked for aloud: "the five of clubs", 梅花5."""
    return Text("the " + CARDS[card].en.lower(), zh=CARDS[card].zh)


# The words of an ask, in both languages: 向下家要…牌 is the text's own phrase.
_ASK: Final = Text("ask player {q} for {card}", zh="向玩家{q}要{card}")
_ASK_NEXT: Final = Text("ask the next player for {card}", zh="向下家要{card}")
_ASK_ANY: Final = Text(
    "ask player {q} for a card (or type just the card: 5C, 梅花5)",
    zh="向玩家{q}要一张牌（也可以只输入牌：5C、梅花5）",
)
_ACTION: Final = Text("action {action}", zh="第{action}号动作")
_ASKED: Final = Text(
    "player {p} asked player {q} for {card}: {answer}", zh="玩家{p}向玩家{q}要{card}：{answer}"
)
_GOT: Final = Text("got {n}", zh="给了{n}张")
_GIVEN: Final = Text("player {q} hands it over", zh="玩家{q}交出这张牌")
_REFUSED: Final = Text(
    "player {q} has none: player {next} asks next", zh="玩家{q}没有：轮到玩家{next}要牌"
)
_REFUSED_ASKS: Final = Text("player {q} has none and asks next", zh="玩家{q}没有，轮到他要牌")
_STALLED: Final = Text(
    "no player can get a card from the next any more: the deal ends as it stands, cards "
    "left in hand scoring nothing",
    zh="谁也不能再从下家要到牌了：这一副就此结束，手中剩下的牌不计分",
)
_NO: Final = Text("no", zh="没有")


def _ask_lines(state: GameState[GoFishVars]) -> list[Text]:
    """The asks the table has heard, oldest first (:func:`asking.ask_lines` in both
    languages)."""
    return [
        _ASKED.format(
            p=asker + 1, q=asked + 1, card=_said(what), answer=_GOT.format(n=got) if got else _NO
        )
        for asker, asked, what, got in state.vars.asks
    ]


class GoFish(Game[GoFishVars]):
    id = "go-fish"
    name_zh = "小猫钓鱼"
    name_en = "Go Fish"
    source = "text 002 「七、小猫钓鱼」"
    source_zh = "原文002「七、小猫钓鱼」"
    players = (4, 3, 5, 6)
    deck_size = 52
    vars_type = GoFishVars
    summary_en = (
        "All 52 dealt; ask the next player for a card of a rank you hold; quartets score "
        "A 50, K 40, J 30, Q 20, 10-6 10, 5-2 5."
    )
    summary_zh = "牌全部发完，向下家要牌凑四同牌：A 50，K 40，J 30，Q 20，10至6 各10，5至2 各5。"
    options = (
        Option(
            "ask",
            NEXT,
            0,
            1,
            Text(
                "0 ask the next player (the text; a stalled deal ends), 1 ask any player (Go Fish)",
                "0 向下家要牌（原文；僵局时这一副结束），1 可向任何人要牌（钓鱼）",
            ),
        ),
    )
    rule_notes = (
        RuleNote(
            Text("52 cards, no jokers; four players suit it best", "52张牌，不用王牌；四人最合适"),
            "text",
            quote="52张（去除2张特设王牌）。这种游戏4个人玩最合适",
        ),
        RuleNote(
            Text(
                "three, five or six players may play too",
                "三人、五人或六人也可以玩",
            ),
            "assumed",
            Text(
                "「最合适」 (suits it best) allows other tables, and the text names no other; "
                "all 52 cards are dealt at any of them (where 52 does not divide, the first "
                "seats dealt hold a card more). With three players no deal stalls; with five or "
                "six nearly every "
                "one does (see the stall rule below), so they are best played with ask=1",
                "「最合适」说明也可以用别的人数，原文没有指定；任何人数都发完52张（不能整除时先发"
                "到的几"
                "人多一张）。三人时从不僵局；五人或六人几乎每副都会僵局（见下面的僵局规则），用 "
                "ask=1 "
                "玩更好",
            ),
        ),
        RuleNote(
            Text(
                "the dealer deals every card, one at a time, in seat order from the seat after him",
                "发牌人从下家开始按座次每次一张发出全部牌",
            ),
            "text",
            Text(
                "seat order is the direction the text deals in",
                "座次就是原文发牌的方向",
            ),
            quote="由发牌人按顺时针方向每次一张分给玩牌的每一个人",
        ),
        RuleNote(
            Text(
                "quartets in hand after the deal are laid down",
                "发牌后手中的四同牌放到面前",
            ),
            "text",
            quote="发完牌以后，各人就把自己手中的四同牌放在自己面前",
        ),
        RuleNote(
            Text(
                "the dealer asks first, the next seat (下家) for a named card",
                "发牌人先要牌，向下家点明要哪一张牌",
            ),
            "text",
            quote="从发牌人开始，向自己的下家点明要哪一张牌",
        ),
        RuleNote(
            Text(
                "the card asked for must be one that could make a quartet with the asker's cards: "
                "the asker holds a card of its rank and not the card itself",
                "所要的牌必须能与自己手中的牌组成四同牌：要牌的人手中有同点数的牌，但没有这张牌本"
                "身",
            ),
            "text",
            quote="所要的牌，当然是有可能与自己手中的牌组成四同牌的牌",
        ),
        RuleNote(
            Text(
                "a refused ask passes the turn to the next player",
                "要不到牌时轮到下一人要牌",
            ),
            "text",
            quote="如果被要求给牌的人手中没有所要的那张牌，那么就轮到下一人要牌",
        ),
        RuleNote(
            Text(
                "the game ends when every card is in a quartet; the most points win",
                "所有的牌都组成四同牌时游戏结束；点数最多者获胜",
            ),
            "text",
            quote="当大家手中的牌组成了四同牌时，游戏就结束了……在游戏中，获得很多的四同牌，并且得到"
            "的点数最多的人为赢家",
        ),
        RuleNote(
            Text(
                "quartets score A 50, K 40, J 30, Q 20, 10 to 6 10, 5 to 2 5 (the table as "
                "printed: the J above the Q; its garbled 「4张55A」 read as 5 for the 5s)",
                "四同牌计分：A 50点，K 40点，J 30点，Q 20点，10到6 10点，5到2 5点（按原表印刷：J高"
                "于Q；原表中错乱的「4张55A」读作5的四同牌5点）",
            ),
            "text",
            quote="4张A504张K40点4张J30点4张Q20点4张10104张910点4张810点4张710点4张610点4张55A4张45"
            "点4张35点4张25点",
        ),
        RuleNote(
            Text(
                "a player who has the card must hand it over, face up for all to see",
                "有这张牌的人必须交出，面朝上让大家看见",
            ),
            "assumed",
            Text(
                "the text does not say what happens when the card is there; Go Fish and Happy "
                "Families both have it handed over, and the refusal clause implies it.",
                "原文没有说有这张牌时怎么办；钓鱼和快乐家庭都要交出，原文关于要不到牌的一句也暗含"
                "此意。",
            ),
        ),
        RuleNote(
            Text("a successful ask earns another ask", "要到牌的人可以再要一次"),
            "assumed",
            Text(
                "the text only says a refused ask passes the turn, which implies the asker goes on "
                "otherwise; it is the Go Fish and Happy Families rule.",
                "原文只说要不到牌就轮到下一人，言下之意是要到了就可以继续；这也是钓鱼和快乐家庭的"
                "规则。",
            ),
        ),
        RuleNote(
            Text(
                "a quartet is laid down as soon as it is complete; a player with no cards left is "
                "out "
                "and 'the next player' is the next one still holding cards",
                "四同牌一凑齐就放到面前；手中没有牌的人退出，「下一人」是下一个还有牌的人",
            ),
            "assumed",
            Text(
                "the text lays quartets down after the deal; laying each down when made is how the "
                "cousins play, and an empty hand can neither ask nor give.",
                "原文在发牌后放下四同牌；凑成即放下是同类游戏的玩法，而且手中无牌的人既不能要也不"
                "能给。",
            ),
        ),
        RuleNote(
            Text(
                "when no one can get a card from the next player any more, the deal ends as it "
                "stands and cards left in hand score nothing (option ask=0)",
                "当谁也不能再从下家要到牌时，这一副就此结束，手中剩下的牌不计分（选项 ask=0）",
            ),
            "assumed",
            Text(
                "taken literally nearly every deal of four or more stalls (measured with random "
                "play: 98.0% of four-player deals, 99.95% of five, all of six, none of three); "
                "this is the smallest rule that ends every deal and changes nothing in the others. "
                "The table checks after a whole round of refused asks, and at once when a card "
                "changes hands. ask=1 lets a player ask anyone (Go Fish), which never stalls.",
                "照字面理解，四人以上几乎每副都会陷入僵局（随机出牌实测：四人98.0%，五人99.95%，六"
                "人全部，三人没有）；这是能结束每一副、又不改变其他各副的最小规则。在整整一轮都要"
                "不到牌之后检查，牌一易手就立即检查。ask=1 允许向任何人要牌（钓鱼），从不会僵局。",
            ),
        ),
        RuleNote(
            Text(
                "a deal also ends after 2,000 asks, as it stands",
                "要牌满2,000次时这一副也就此结束",
            ),
            "assumed",
            Text(
                "a card can go round the table from hand to hand, so nothing else bounds a deal; "
                "random play has never asked more than 750 times (2,000 deals at each table "
                "size)",
                "一张牌可以在各家之间转圈，所以别的规则都不能保证一副结束；随机出牌从未要过750次以"
                "上（每种人数各2,000副）",
            ),
        ),
        RuleNote(
            Text(
                "equal best totals share the win (a draw between them)",
                "最高分相同的人共享胜利（他们之间为平局）",
            ),
            "assumed",
            Text("the text does not say.", "原文没有说明。"),
        ),
    )

    def __init__(self, num_players: int | None = None, **options: int) -> None:
        super().__init__(num_players, **options)
        self._any = self.option_values["ask"] == ANY
        n = self.num_players
        self._hands = tuple(f"hand{p}" for p in range(n))
        self._seats = {h: p for p, h in enumerate(self._hands)}
        self._quartets = tuple(f"quartets{p}" for p in range(n))

    def _zones(self) -> dict[str, str | int]:
        z: dict[str, str | int] = {"deck": NOBODY}
        for p in range(self.num_players):
            z[f"hand{p}"] = p
        for p in range(self.num_players):
            z[f"quartets{p}"] = ALL
        return z

    def _deal(self, state: GameState[GoFishVars]) -> None:
        state.zones["deck"] = list(range(52))
        state.shuffle("deck")

    def _after_chance(self, state: GameState[GoFishVars], zone: str) -> None:
        n = self.num_players
        zones = state.zones
        cards = zones["deck"]
        score = [0] * n
        ranks = [0] * n
        bit_of = _CARD_BIT.__getitem__
        for p, name in enumerate(self._hands):
            hand = zones[name]
            hand.extend(cards[(p - 1) % n :: n])  # one at a time from the dealer's left
            held = sum(map(bit_of, hand))
            whole = held & held >> 13 & held >> 26 & held >> 39 & 0x1FFF
            if whole:
                for r in range(13):  # a quartet dealt: laid down at once
                    if not whole >> r & 1:
                        continue
                    held ^= RANK_MASKS[r]
                    zones[self._quartets[p]].extend(_RANK_CARDS[r])
                    score[p] += QUARTET_POINTS[r]
                hand[:] = _cards_in(held)
            else:
                hand.sort()
            ranks[p] = (held | held >> 13 | held >> 26 | held >> 39) & 0x1FFF
        cards.clear()
        state.vars.score = tuple(score)
        asking.start(state, n)
        state.current = 0
        if not all(ranks):  # a hand all quartets (more than four players): the general rule
            self._settle(state)
            return
        if self._any:
            return
        for p in range(n):
            if ranks[p - 1] & ranks[p]:  # the seat before p may ask p for a card
                return
        state.vars.stalled = True  # no one can get a card from the next player, from the start
        state.current = TERMINAL

    # -- helpers ----------------------------------------------------------------------------------

    def _lay_down(self, state: GameState[GoFishVars], p: int, rank: int) -> None:
        hand = state.zones[self._hands[p]]
        quartet = [c for c in hand if c % 13 == rank]
        if len(quartet) == 4:
            for c in quartet:
                hand.remove(c)
                state.zones[f"quartets{p}"].append(c)
            score = list(state.vars.score)
            score[p] += QUARTET_POINTS[rank]
            state.vars.score = tuple(score)
            asking.unclaim(state, rank)

    def _next_holder(self, state: GameState[GoFishVars], p: int) -> int:
        n = self.num_players
        for step in range(1, n):
            q = (p + step) % n
            if state.zones[self._hands[q]]:
                return q
        return p

    def stalled(self, state: GameState[GoFishVars]) -> bool:
        """Whether no ask can succeed any more under the literal rule (a fact of the deal, read
        by the table as a whole, not by one seat)."""
        for p in range(self.num_players):
            hand = state.zones[self._hands[p]]
            if not hand:
                continue
            q = self._next_holder(state, p)
            if q == p:
                continue
            theirs = _ranks_of(_mask(state.zones[self._hands[q]]))
            if theirs & _ranks_of(_mask(hand)):
                return False
        return True

    def _settle(self, state: GameState[GoFishVars]) -> None:
        """Pass the turn on from a player with no cards; end the deal when it is over."""
        if sum(1 for h in self._hands if state.zones[h]) < 2:
            # no cards left, or (only in a world dealt again for a bot, where one hand may
            # keep a whole quartet) no one left to ask
            state.current = TERMINAL
            return
        if not self._any and self.stalled(state):
            state.vars.stalled = True
            state.current = TERMINAL
            state.tell(_STALLED)
            return
        p = state.current
        if not state.zones[self._hands[p]]:
            state.current = self._next_holder(state, p)

    # -- play -------------------------------------------------------------------------------------

    def most_moves(self) -> int:
        """One deal of at most :data:`MOST_ASKS` asks."""
        return MOST_ASKS

    def _legal_actions(self, state: GameState[GoFishVars]) -> Sequence[int]:
        p = state.current
        hand = state.zones[self._hands[p]]
        mine = 0
        ranks = 0
        for c in hand:
            mine |= 1 << c
            ranks |= 1 << (c % 13)
        # lowest card code first: the order :meth:`_play_random` picks from
        wanted = _cards_in(_CARDS_OF_RANKS[ranks] & ~mine)
        if not wanted:
            # only in a dealt-again world that left a whole quartet in a hand (never in play):
            # an ask that must be refused keeps the playout going
            wanted = [min(hand)]
        if not self._any:
            return wanted
        targets = [q for q in range(self.num_players) if q != p and state.zones[self._hands[q]]]
        return [SPECIAL + q * 52 + c for q in targets for c in wanted]

    def _split(self, state: GameState[GoFishVars], action: int) -> tuple[int, int]:
        if action < SPECIAL:
            return self._next_holder(state, state.current), action
        return divmod(action - SPECIAL, 52)

    def _apply_action(self, state: GameState[GoFishVars], action: int) -> None:
        self._ask(state, action)
        state.vars.asked += 1
        if state.current >= 0 and state.vars.asked >= MOST_ASKS:
            state.current = TERMINAL  # the cap on asks: the deal ends as it stands
            state.tell(
                f"the deal ends after {MOST_ASKS:,} asks, as it stands",
                f"要牌已满{MOST_ASKS:,}次，这一副就此结束",
            )

    def _ask(self, state: GameState[GoFishVars], action: int) -> None:
        p = state.current
        q, card = self._split(state, action)
        theirs = state.zones[self._hands[q]]
        hand = state.zones[self._hands[p]]
        # only a holder of the rank may ask: the table learns that the asker holds one
        asking.claim(state, p, card % 13)
        if card in theirs:
            theirs.remove(card)
            asking.unclaim(state, card % 13, q)  # he may have had only that one
            hand.append(card)
            hand.sort()
            asking.receive(state, p, 1 << card)
            asking.note_ask(state, p, q, card, 1)
            state.answer(_GIVEN.format(q=q + 1))
            self._lay_down(state, p, card % 13)
            state.vars.refused = 0
            self._settle(state)
        else:
            asking.deny(state, q, 1 << card)
            if card not in hand:  # (always, but in a world dealt again with a whole quartet)
                asking.deny(state, p, 1 << card)  # nor does the asker hold the card he asks for
            asking.note_ask(state, p, q, card, 0)
            state.current = self._next_holder(state, p)
            if state.current == q:
                state.answer(_REFUSED_ASKS.format(q=q + 1))
            else:
                state.answer(_REFUSED.format(q=q + 1, next=state.current + 1))
            refused = state.vars.refused + 1
            state.vars.refused = refused
            if refused >= self.num_players and not self._any and self.stalled(state):
                state.vars.stalled = True  # (a dealt-again world can start stalled)
                state.current = TERMINAL
                state.tell(_STALLED)

    #: the fast random playout, once imported (see :meth:`_play_random`)
    _fast_play: Callable[[GoFish, GameState[GoFishVars], Callable[[], float], random.Random], int]

    def _play_random(
        self, state: GameState[GoFishVars], pick: Callable[[], float], chance: random.Random
    ) -> int:
        """The fast random playout: :func:`conjure_games.fast.go_fish.play_random` (imported
        on first use and kept: it is asked for once a deal)."""
        try:
            play = self._fast_play
        except AttributeError:
            from conjure_games.fast.go_fish import play_random

            play = self._fast_play = play_random  # (an instance's, not bound: no self)
        return play(self, state, pick, chance)

    def _action_label(self, action: int) -> Text:
        """A card's own code asks the next player who holds cards for it."""
        if action < SPECIAL:
            return _ASK_NEXT.format(card=_said(action))
        q, card = divmod(action - SPECIAL, 52)
        return _ASK.format(q=q + 1, card=_said(card))

    def _action_name(self, state: GameState[GoFishVars], action: int) -> Text:
        if state.current == TERMINAL:
            return _ACTION.format(action=action)
        q, card = self._split(state, action)
        return _ASK.format(q=q + 1, card=_said(card))

    def _menu_group(self, state: GameState[GoFishVars], action: int) -> Text | None:
        q, _ = self._split(state, action)
        return _ASK_ANY.format(q=q + 1)

    def _action_seen(self, state: GameState[GoFishVars], action: int, player: int) -> str | Text:
        # an ask is spoken aloud: the whole table hears whom it is put to and for which card
        if state.current >= 0:
            return self._action_name(state, action)
        return super()._action_seen(state, action, player)

    def _utility(self) -> Utility:
        return win_loss_utility(self.num_players)

    def _returns(self, state: GameState[GoFishVars]) -> tuple[float, ...]:
        return win_loss(state.vars.score)

    def _deal_value(
        self, start: GameState[GoFishVars], end: GameState[GoFishVars], player: int
    ) -> float:
        # the result, and the margin over the best other player (of the 210 points in play),
        # so that bots' playouts tell a near win from a rout
        score = end.vars.score
        best_other = max(x for p, x in enumerate(score) if p != player)
        margin = (score[player] - best_other) / 210
        return (end.returns()[player] + margin) / 2

    def _audit(self, state: GameState[GoFishVars]) -> str | None:
        points = tuple(
            sum(QUARTET_POINTS[c % 13] for c in state.zones[f"quartets{p}"]) // 4
            for p in range(self.num_players)
        )
        if points != tuple(state.vars.score):
            return f"scores {state.vars.score} but the quartets laid down are worth {points}"
        return None

    def _world_facts(self, state: GameState[GoFishVars]) -> Facts:
        return asking.facts(state, self._seats, most_of_a_rank=3)

    def _facts(self, state: GameState[GoFishVars], player: int) -> list[Text]:
        """The asks the table has heard, latest last."""
        return _ask_lines(state)


__doc__ = (__doc__ or "") + "\n".join(
    f"- [{note.origin}] {note.rule}" + (f": {note.why}" if note.why else "")
    for note in GoFish.rule_notes
)
