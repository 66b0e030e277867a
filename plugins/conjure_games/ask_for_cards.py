"""Ask for cards: 普通讨牌 (text 004), asking anyone for a rank, with a fine for a false "no".

Four to eight players share the cards (the 2s thinned out for five to eight); whoever holds the
asking right asks any player for a card of a rank, keeps the right while the asks succeed, and
passes it to the next player on a "no". Four of a rank are laid down at once: +2 each. A card
left in hand at the end costs 1, and so does every "no" said while holding the rank.

Rule notes
==========

Every rule is in :attr:`AskForCards.rule_notes` with the Chinese it rests on. The text is a
fragment where the lie is concerned: it fines a player who holds the card asked for and does
not give it (「手中有被讨的牌而不给者，每次罚1分」) while forbidding the refusal
(「不得拒绝给牌」), so a refusal is possible and false; it does not say how a lie comes out or
when the fine is paid. What is chosen here, and why:

- The asked player answers: hands over a card of the rank (his choice of which), or says he
  has none. Saying none while holding one is the lie. Both answers read the same to the
  table whatever the hand, so no observation tells a lie from the truth.
- A lie is found out when the table can prove it: every card that changes hands is handed
  over face up and every card was dealt at the start, so when the refuser later parts with a
  card of that rank (hands it over or lays it in a quartet) that he was not seen to receive
  since the "no", he must have held it when he said it. At the end the hands are shown to
  count the cards left, which proves every lie still hidden. Each lie found out costs 1, once.
  Every lie is therefore fined by the end; the fine waits for the proof because a fine paid
  at the moment of the lie would tell everyone the truth that only the liar knows.
- Nothing private is stored beside the hands: a pending "no" is public (who, which rank,
  which cards he was seen to receive since), and it was a lie exactly when the refuser still
  holds a card of that rank outside those. So a seat's view of the game is its hand and the
  public record, and determinisation deals the unseen cards again freely: a world that gives
  the refuser a card of the rank is a world in which he lied, and will be fined for it.

Bots: the Monte-Carlo bot deals the unseen cards again keeping every card seen handed over
where it lies and a card of each rank a seat asked for in that seat's hand; a "no" keeps
nothing out (it may be a lie). The game rewards asking a seat the table has heard holds the
rank: two seats that ask such a seat whenever they can (and ask at random otherwise, and
answer at random) win 269 of 300 deals against two random seats (95% interval 0.86-0.93;
two random sides win 128 of 300 each, a tie for the best counting as lost), and two that
only answer truthfully 187 of 300 (0.57-0.68).

A deal is some 300 asks, and played out to its end at random the worth of one ask (0.1-0.2 of
a win) drowns in the noise of a playout (about 0.5): flat Monte-Carlo with whole playouts was
near random under the default limit (6 of 10 deals with one world and with four, 10 CPU
seconds a deal). What tells one ask from another is its answer, so the bots' playouts stop
after two moves (:attr:`playout_moves`: the answer to the ask weighed and the ask after it,
answers truthful as in every playout) and :meth:`_deal_value` judges the standing, as a player
reckons mid-deal: each seat's points, less each of its lies not yet found out (every one will
be), plus half a point for each card it holds of a rank that can still make a quartet (what a
card held comes to under random honest play, measured: 0.48 a card with one of a rank, 0.95
with two, 1.46 with three), the lead over the best other seat counting as tanh(lead / 4). So
an ask of a seat the table knows holds the rank gets a card in every world dealt, a blind one
in some, and a quartet completed counts its two points; a "none" costs its point against the
card kept. The test plays two such seats (4 worlds) against random ones and asks for a 95%
interval above one half, which random bots in their seats fail; ``python
bench/ask_for_cards_bot.py`` plays more deals and prints the rates. The bots may say "none"
holding the rank, when the card kept and the turn taken from the asker look worth the point;
the bench prints the fines each side paid.

The cousin games fill the other gaps: Go Fish (ask any player for a rank you hold, keep asking
while you get cards, a set of four laid down) and Happy Families (the card handed over is
seen by all). Where they are silent, the choices are written in the notes below.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

import attrs

from conjure import Text
from conjure.deck import Card
from conjure.games import (
    ALL,
    NOBODY,
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

#: an ask: ASK + target * 13 + rank (rank 0 the Ace)
ASK: Final = SPECIAL
#: the asked player says he has none (true or not)
NONE: Final = SPECIAL + 8 * 13
QUARTET_POINTS: Final = 2
#: a deal ends after this many asks (random play has never needed even one in two of them)
MOST_ASKS: Final = 2000
#: 「5人时剔出黑桃2、梅花2 … 6人时剔出全部2；7人时剔出方块2、黑桃2、梅花2 … 8人时剔出全部2」
REMOVED: Final = {
    4: (),
    5: ("2S", "2C"),
    6: ("2S", "2H", "2C", "2D"),
    7: ("2D", "2S", "2C"),
    8: ("2S", "2H", "2C", "2D"),
}
#: 「4人时每人发13张牌；5人时…每人发10张牌；6人时…8张；7人时…7张；8人时…6张」
HAND_SIZES: Final = {4: 13, 5: 10, 6: 8, 7: 7, 8: 6}
RANK_NAMES: Final = (
    "aces",
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "sevens",
    "eights",
    "nines",
    "tens",
    "jacks",
    "queens",
    "kings",
)

RANKS_ZH: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


@attrs.define(slots=False)
class AskForCardsVars(AskVars):
    score: tuple[int, ...] = ()
    #: the ask awaiting its answer: (asker, asked, rank), or () between asks
    pending: tuple[int, ...] = ()
    #: every "no" not yet proved false or settled: (refuser, rank, mask of the cards of that
    #: rank he was seen to receive since). Public: it reads the same whether it was true.
    refusals: tuple[tuple[int, int, int], ...] = ()
    #: lies found out, per seat (1 point each)
    lies: tuple[int, ...] = ()
    #: cards left in hand at the end, per seat (1 point each)
    left: tuple[int, ...] = ()
    #: asks answered "no" in a row
    streak: int = 0
    #: asks made in this deal
    asked: int = 0


def _rank_said(rank: int) -> str:
    return RANK_NAMES[rank]


def _rank_text(rank: int) -> Text:
    """A rank as it is asked for: "fives", 5点牌 (the text's 「一张5点牌」)."""
    return Text(RANK_NAMES[rank], zh=f"{RANKS_ZH[rank]}点牌")


def _asker(state: GameState[AskForCardsVars]) -> int:
    """The seat (from 1) a card given now goes to: the one whose ask is being answered."""
    return state.vars.pending[0] + 1


def _card_text(card: int) -> Text:
    """A card as it is handed over: "the five of clubs", 梅花5."""
    return Text("the " + Card(card).en.lower(), zh=Card(card).zh)


# The words of asking, in both languages; 讨牌 and 讨空 are the text's own words.
_ASK: Final = Text("ask player {q} for {rank}", zh="向玩家{q}讨{rank}")
_NONE: Final = Text("say you have none", zh="说没有")
_GIVE: Final = Text("give player {asker} {card}", zh="给玩家{asker}{card}")
_SEEN_NONE: Final = Text("player {p} says he has none", zh="玩家{p}说没有")
_SEEN_ASK: Final = Text("player {p}: {ask}", zh="玩家{p}：{ask}")
_SEEN_GIVE: Final = Text("player {p} gives player {asker} {card}", zh="玩家{p}给玩家{asker}{card}")
_WARNING: Final = Text(
    "you hold one: saying none costs 1 point when it comes out, as it will",
    zh="你有这种牌：说没有，到最后一定会被查出，罚1分",
)
_GIVE_ASKER: Final = Text("give the asker {card}", zh="给讨牌的玩家{card}")
_ASKED: Final = Text(
    "player {p} asked player {q} for {rank}: {answer}", zh="玩家{p}向玩家{q}讨{rank}：{answer}"
)
_GOT: Final = Text("got {n}", zh="给了{n}张")
_NO: Final = Text("no", zh="讨空")
_UNSETTLED: Final = Text(
    "player {p} said he had no {rank} (not yet settled)", zh="玩家{p}说没有{rank}（尚未查明）"
)


class AskForCards(Game[AskForCardsVars]):
    id = "ask-for-cards"
    name_zh = "普通讨牌"
    name_en = "Ask for Cards"
    source = "text 004 「普通讨牌」"
    source_zh = "原文004「普通讨牌」"
    players = (4, 5, 6, 7, 8)
    deck_size = 52
    vars_type = AskForCardsVars
    ace_high = True
    #: bots' playouts: the answer to the ask being weighed and a few asks after it (see
    #: :meth:`_deal_value`)
    playout_moves = 2
    summary_en = (
        "Ask anyone for a card of a rank you hold, ask again while you get one; four of a "
        "rank +2; a card left in hand -1, a false 'none' -1 when found out."
    )
    summary_zh = (
        "向任何人讨所持点数的牌，讨到可再讨；每副四同张得2分；剩牌每张罚1分，有牌不给每次罚1分。"
    )
    options = (
        Option(
            "limit",
            5,
            1,
            20,
            Text(
                "the deal ends after this many rounds of asks answered 'none' in a row",
                "连续这么多轮讨牌都回答“没有”时这一副结束",
            ),
        ),
    )
    rule_notes = (
        RuleNote(
            Text(
                "four to eight players, each for himself; one pack without jokers",
                "四至八人，各自为战；一副牌，不用王牌",
            ),
            "text",
            quote="这种游戏4~8人为宜。可以各自为战、也可分组对抗。扑克牌一副，去掉大王、小王，共"
            "52张牌。",
        ),
        RuleNote(
            Text(
                "playing in teams (分组对抗) is not offered: every seat plays for itself",
                "不提供分组对抗：每人各自为战",
            ),
            "assumed",
            Text(
                "the text allows both and fixes no seating for teams; team totals would add the "
                "members' scores and nothing else changes.",
                "原文两种都允许，但没有规定分组的座位；分组只是把组员的得分相加，其他不变。",
            ),
        ),
        RuleNote(
            Text(
                "4 players 13 cards each; 5 players 2♠ 2♣ out, 10 each; 6 players every 2 out, 8 "
                "each; 7 players 2♦ 2♠ 2♣ out, 7 each; 8 players every 2 out, 6 each (the cards "
                "taken out lie face up aside)",
                "四人每人13张；五人去掉黑桃2、梅花2，每人10张；六人去掉所有的2，每人8张；七人去掉"
                "方块2、黑桃2、梅花2，每人7张；八人去掉所有的2，每人6张（去掉的牌面朝上放在一边）",
            ),
            "text",
            quote="4人时每人发13张牌；5人时剔出黑桃2、梅花2，每人发10张牌；6人时剔出全部2，"
            "每人发8张牌；7人时剔出方块2、黑桃2、梅花2，每人发7张牌；8人时剔出全部2，每人发6张牌。",
        ),
        RuleNote(
            Text(
                "the dealer (甲) asks first, then the asking right goes round 甲, 乙, 丙 … in seat "
                "order, the way the text turns (「按逆时针方向」)",
                "发牌人（甲）先讨牌，然后讨牌权按座次甲、乙、丙……轮转，即原文的方向（「按逆时针方"
                "向」"
                "）",
            ),
            "text",
            quote="按逆时针方向，依甲、乙、丙、丁、戊、已、庚、辛的顺序讨牌。",
        ),
        RuleNote(
            Text(
                "the asker may ask anyone, again and again (the player just asked too), and keeps "
                "the right while his asks succeed",
                "讨牌的人可以向任何人讨，一次又一次（刚被讨过的人也可以），只要讨到就保持讨牌权",
            ),
            "text",
            quote="即有讨牌权者，可不限次数的向任何人（包括刚被讨要过的人）讨要不限数量的牌。"
            "……甲讨到牌就享有继续讨牌权",
        ),
        RuleNote(
            Text(
                "an ask is for one card of a named rank; asking again is how more come",
                "每次讨一张指定点数的牌；要更多就再讨",
            ),
            "assumed",
            Text(
                "the worked example asks for one card each time (向丁讨一张5点牌); 'any number of "
                "cards' (不限数量) is read as over the whole turn, since every ask is one card.",
                "原文的例子每次讨一张（向丁讨一张5点牌）；「不限数量」理解为整个讨牌回合而言，因为"
                "每次讨的都是一张。",
            ),
        ),
        RuleNote(
            Text(
                "the asker must hold a card of the rank he asks for",
                "讨牌的人手中必须有所讨点数的牌",
            ),
            "assumed",
            Text(
                "the text is silent; the worked example asks for the rank he holds (甲手中有2张5点"
                "牌"
                "…讨一张5点牌), and it is the Go Fish rule. Taking a card still breaks the set of "
                "the player who gives it (破坏对方组成的套牌).",
                "原文没有说明；例子中讨的是自己手中有的点数（甲手中有2张5点牌…讨一张5点牌），这也"
                "是钓鱼的规则。讨到牌仍会破坏对方组成的套牌（破坏对方组成的套牌）。",
            ),
        ),
        RuleNote(
            Text(
                "a player who holds a card of the rank must hand one over, face up",
                "手中有该点数牌的人必须交出一张，面朝上",
            ),
            "text",
            quote="被讨者如果手中的牌中有被讨要的牌张，不得拒绝给牌。",
        ),
        RuleNote(
            Text(
                "four of a rank are laid face up in front of the player at once and score 2",
                "四张同点的牌立即面朝上放在自己面前，得2分",
            ),
            "text",
            quote="甲就组成5点牌“四同张”，甲把4张5点牌明放于自己面前，成为有分牌 … "
            "每成一副四同张，得正2分。",
        ),
        RuleNote(
            Text(
                "a 'none' passes the asking right to the next player (who still holds cards)",
                "回答“没有”时讨牌权转给下一人（还有牌的人）",
            ),
            "text",
            quote="一旦讨牌者提出向谁讨的牌，被讨者手中确无此牌时，即为讨空。讨空者应把讨牌权移交"
            "下家。",
        ),
        RuleNote(
            Text(
                "a player who holds the rank may still say 'none'; each such refusal is fined 1",
                "手中有该点数牌的人也可以说“没有”；每次这样拒绝罚1分",
            ),
            "text",
            quote="手中有被讨的牌而不给者，每次罚1分",
        ),
        RuleNote(
            Text(
                "the fine is paid when the lie is found out: when the refuser parts with a card of "
                "that rank he was not seen to receive since, or when the hands are shown at the en"
                "d",
                "谎言被发现时才罚分：拒绝的人交出一张此后没人看见他得到的该点数的牌时，或最后亮牌"
                "时",
            ),
            "assumed",
            Text(
                "the text names the fine, not how a lie comes out. Every card changes hands face u"
                "p "
                "and all were dealt, so such a card proves the lie; the hands shown at the end pro"
                "ve "
                "the rest, so every lie is fined, and none before the table can know it.",
                "原文规定了罚分，但没有说谎言如何被发现。每张牌都是面朝上易手，而且全都发了出去，"
                "所以这样一张牌就证明了谎言；最后亮牌证明其余的谎言，所以每次说谎都会被罚，而在大"
                "家能知道之前不罚。",
            ),
        ),
        RuleNote(
            Text("each card left in hand at the end costs 1", "最后手中每剩一张牌罚1分"),
            "text",
            quote="手中剩有的未成套（四同张）的牌，每张罚1分。",
        ),
        RuleNote(
            Text(
                "the deal ends when every quartet that can be made is down (with 5 or 7 players th"
                "e "
                "2s left can make none), or after `limit` rounds (limit × players asks) answered "
                "'none' in a row; then the hands are shown",
                "所有能组成的四张同点牌都放下时（五人或七人时剩下的2组不成四张），或连续 `limit` "
                "轮（limit × 人数次讨牌）都回答“没有”时，这一副结束；然后亮牌",
            ),
            "assumed",
            Text(
                "the text does not say when the game ends. With refusals allowed, a holder could "
                "keep the last card of a rank for ever; a limit on 'none's in a row ends every dea"
                "l. "
                "Measured with random play that answers truthfully (asking blindly, 200 deals each"
                "): "
                "limit=5 ends 0 of 4-player deals, 1 of 6, 0 of 8 before their natural end (limit="
                "3: "
                "33, 38, 54); with random answers that lie half the time, 26% to 47% end at the "
                "limit. Play that remembers who has what changes hands more often still.",
                "原文没有说游戏何时结束。既然允许拒绝，持牌人就可以永远留着某点数的最后一张；限制"
                "连续“没有”的次数可使每一副结束。用如实回答的随机玩法实测（盲目讨牌，各200副）：li"
                "mit=5 时四人0副、六人1副、八人0副在自然结束之前被截止（limit=3：33、38、54副）；"
                "一半时间说谎的随机回答，26%到47%在限制处结束。记得谁有什么牌的玩法，牌易手得更频"
                "繁。",
            ),
        ),
        RuleNote(
            Text(
                "a deal also ends after 2,000 asks; then the hands are shown",
                "讨牌满2,000次时这一副也结束，然后亮出手牌",
            ),
            "assumed",
            Text(
                "a card can go from hand to hand for ever while asks succeed, so the limit on "
                "'none's alone does not end every deal; random play has never asked more than "
                "900 times (500 deals at each table size)",
                "讨牌成功时一张牌可以在各家之间永远传来传去，所以只限制连续的“没有”并不能结束每一副"
                "；随机出牌从未讨过900次以上（每种人数各500副）",
            ),
        ),
        RuleNote(
            Text(
                "the best score wins; equal best totals share the win",
                "得分最高者获胜；最高分相同的人共享胜利",
            ),
            "assumed",
            Text(
                "the text gives the score (得分减去罚分，就是实际得分), not the winner.",
                "原文给出了计分（得分减去罚分，就是实际得分），但没有说谁赢。",
            ),
        ),
    )

    def __init__(self, num_players: int | None = None, **options: int) -> None:
        super().__init__(num_players, **options)
        n = self.num_players
        self._hands = tuple(f"hand{p}" for p in range(n))
        self._quartets = tuple(f"quartets{p}" for p in range(n))
        self._seats = {h: p for p, h in enumerate(self._hands)}
        self._removed = tuple(Card(t).code for t in REMOVED[n])
        counts = [4] * 13
        for c in self._removed:
            counts[c % 13] -= 1
        #: ranks that can still make a quartet (bit r)
        self._whole = sum(1 << r for r in range(13) if counts[r] == 4)
        self._limit = self.option_values["limit"] * n

    def _zones(self) -> dict[str, str | int]:
        z: dict[str, str | int] = {"deck": NOBODY, "removed": ALL}
        for p in range(self.num_players):
            z[f"hand{p}"] = p
        for p in range(self.num_players):
            z[f"quartets{p}"] = ALL
        return z

    def _deal(self, state: GameState[AskForCardsVars]) -> None:
        state.zones["removed"] = list(self._removed)
        state.zones["deck"] = [c for c in range(52) if c not in self._removed]
        state.shuffle("deck")

    def _after_chance(self, state: GameState[AskForCardsVars], zone: str) -> None:
        n = self.num_players
        cards = state.zones["deck"]
        for i, c in enumerate(cards):
            state.zones[self._hands[(1 + i) % n]].append(c)  # 甲 deals, himself last
        cards.clear()
        for h in self._hands:
            state.zones[h].sort()
        state.vars.score = (0,) * n
        state.vars.lies = (0,) * n
        state.vars.left = (0,) * n
        asking.start(state, n)
        for p in range(n):
            for r in range(13):
                self._lay_down(state, p, r)
        state.current = 0
        self._settle(state)

    # -- helpers ----------------------------------------------------------------------------------

    def _add(self, state: GameState[AskForCardsVars], name: str, p: int, amount: int) -> None:
        values = list(getattr(state.vars, name))
        values[p] += amount
        setattr(state.vars, name, tuple(values))

    def _lay_down(self, state: GameState[AskForCardsVars], p: int, rank: int) -> None:
        hand = state.zones[self._hands[p]]
        quartet = [c for c in hand if c % 13 == rank]
        if len(quartet) < 4:
            return
        self._part(state, p, quartet)
        for c in quartet:
            hand.remove(c)
        state.zones[self._quartets[p]].extend(quartet)
        self._add(state, "score", p, QUARTET_POINTS)
        asking.unclaim(state, rank)
        # every card of the rank is down: a "no" about it that was not proved false was true
        state.vars.refusals = tuple(x for x in state.vars.refusals if x[1] != rank)
        state.tell(
            f"player {p + 1} lays down four {_rank_said(rank)}: +{QUARTET_POINTS}",
            f"玩家{p + 1}亮出四张{RANKS_ZH[rank]}点牌：+{QUARTET_POINTS}分",
        )

    def _part(self, state: GameState[AskForCardsVars], p: int, cards: Sequence[int]) -> None:
        """``p`` is seen to part with ``cards`` (of one rank): a pending "no" of his about that
        rank is proved false by a card he was not seen to receive since."""
        if not state.vars.refusals:
            return
        rank = cards[0] % 13
        shown = 0
        for c in cards:
            shown |= 1 << c
        kept = []
        found = 0
        for who, r, received in state.vars.refusals:
            if who == p and r == rank:
                if shown & ~received:
                    found += 1
                    continue
                received &= ~shown
            kept.append((who, r, received))
        state.vars.refusals = tuple(kept)
        if found:
            self._fine(state, p, found, rank)

    def _fine(self, state: GameState[AskForCardsVars], p: int, lies: int, rank: int) -> None:
        self._add(state, "lies", p, lies)
        self._add(state, "score", p, -lies)
        state.tell(
            f"player {p + 1} said he had no {_rank_said(rank)} and had one: -{lies}",
            f"玩家{p + 1}有牌不给：罚{lies}分",
        )

    def _next_holder(self, state: GameState[AskForCardsVars], p: int) -> int:
        n = self.num_players
        for step in range(1, n):
            q = (p + step) % n
            if state.zones[self._hands[q]]:
                return q
        return p

    def _over(self, state: GameState[AskForCardsVars]) -> bool:
        """Every quartet that can be made is down."""
        # the cards of a rank not yet down lie in two hands at least (four in one are laid
        # down at once), so a card of a rank that can still be whole means an ask can succeed
        whole = self._whole
        return not any(whole >> (c % 13) & 1 for h in self._hands for c in state.zones[h])

    def _settle(self, state: GameState[AskForCardsVars]) -> None:
        """End the deal when it is over; pass the asking right on from an empty hand."""
        v = state.vars
        if self._over(state) or v.streak >= self._limit or v.asked >= MOST_ASKS:
            if self._over(state):
                state.tell(
                    "every quartet that can be made is down: the hands are shown",
                    "能组成的四同张都已放下：亮出手牌",
                )
            elif v.streak >= self._limit:
                rounds = self.option_values["limit"]
                state.tell(
                    f"{rounds} rounds of asks answered 'none' in a row: the deal ends and the "
                    "hands are shown",
                    f"连续{rounds}轮讨牌都回答“没有”：这一副结束，亮出手牌",
                )
            else:
                state.tell(
                    f"the deal ends after {MOST_ASKS:,} asks: the hands are shown",
                    f"讨牌已满{MOST_ASKS:,}次，这一副结束：亮出手牌",
                )
            self._show_hands(state)
            return
        p = state.current
        if not state.zones[self._hands[p]]:
            state.current = self._next_holder(state, p)

    def _show_hands(self, state: GameState[AskForCardsVars]) -> None:
        """The end: hands shown, every lie still hidden is proved, and cards left are fined."""
        for who, rank, received in state.vars.refusals:
            held = [c for c in state.zones[self._hands[who]] if c % 13 == rank]
            if any(not received >> c & 1 for c in held):
                self._fine(state, who, 1, rank)
        state.vars.refusals = ()
        for p, h in enumerate(self._hands):
            left = len(state.zones[h])
            for c in state.zones[h]:
                state.reveal(c)
            if left:
                self._add(state, "left", p, left)
                self._add(state, "score", p, -left)
        state.vars.pending = ()
        state.current = TERMINAL

    # -- play -------------------------------------------------------------------------------------

    def most_moves(self) -> int:
        """One deal of at most :data:`MOST_ASKS` asks, each with its answer."""
        return 2 * MOST_ASKS

    def _legal_actions(self, state: GameState[AskForCardsVars]) -> Sequence[int]:
        p = state.current
        hand = state.zones[self._hands[p]]
        if state.vars.pending:
            rank = state.vars.pending[2]
            return [c for c in hand if c % 13 == rank] + [NONE]
        ranks = 0
        for c in hand:
            ranks |= 1 << (c % 13)
        held = [r for r in range(13) if ranks >> r & 1]
        return [
            ASK + q * 13 + r
            for q in range(self.num_players)
            if q != p and state.zones[self._hands[q]]
            for r in held
        ]

    def _playout_actions(self, state: GameState[AskForCardsVars]) -> Sequence[int]:
        # in a playout the asked player answers truthfully: a lie is always fined in the end
        legal = self._legal_actions(state)
        if state.vars.pending and len(legal) > 1:
            return legal[:1]
        return legal

    def _apply_action(self, state: GameState[AskForCardsVars], action: int) -> None:
        p = state.current
        if action >= ASK and action != NONE:
            q, rank = divmod(action - ASK, 13)
            state.vars.pending = (p, q, rank)
            state.vars.asked += 1
            asking.claim(state, p, rank)  # only a holder of the rank may ask for it
            state.current = q
            return
        asker, q, rank = state.vars.pending
        state.vars.pending = ()
        if action == NONE:
            state.vars.refusals = (*state.vars.refusals, (q, rank, 0))
            asking.note_ask(state, asker, q, rank, 0)
            # no story line: the answer itself (player q says he has none) is the whole of
            # what the table hears, and "has no fives" would state as a fact what may be a lie
            state.vars.streak += 1
            state.current = self._next_holder(state, asker)
            self._settle(state)
            return
        card = action
        self._part(state, q, [card])
        asking.unclaim(state, rank, q)  # he may have had only that one
        state.zones[self._hands[q]].remove(card)
        hand = state.zones[self._hands[asker]]
        hand.append(card)
        hand.sort()
        state.reveal(card)
        if state.vars.refusals:
            state.vars.refusals = tuple(
                (who, r, received | (1 << card) if who == asker and r == rank else received)
                for who, r, received in state.vars.refusals
            )
        asking.note_ask(state, asker, q, rank, 1)
        # no story line: the move (give player 1 the five of clubs) says who got what
        state.vars.streak = 0
        state.current = asker
        self._lay_down(state, asker, rank)
        self._settle(state)

    def _action_label(self, action: int) -> Text:
        """A card given goes to whoever asked for it: the id names the card alone."""
        if action == NONE:
            return _NONE
        if action >= ASK:
            q, rank = divmod(action - ASK, 13)
            return _ASK.format(q=q + 1, rank=_rank_text(rank))
        return _GIVE_ASKER.format(card=_card_text(action))

    def _action_name(self, state: GameState[AskForCardsVars], action: int) -> Text:
        if action == NONE:
            return _NONE
        if action >= ASK:
            q, rank = divmod(action - ASK, 13)
            return _ASK.format(q=q + 1, rank=_rank_text(rank))
        return _GIVE.format(asker=_asker(state), card=_card_text(action))

    def _action_seen(
        self, state: GameState[AskForCardsVars], action: int, player: int
    ) -> str | Text:
        # every ask and every answer is spoken aloud, and a card given is handed over face up
        if state.current == player or state.current < 0:
            return super()._action_seen(state, action, player)
        who = state.current + 1
        if action == NONE:
            return _SEEN_NONE.format(p=who)
        if action >= ASK:
            return _SEEN_ASK.format(p=who, ask=self._action_name(state, action))
        return _SEEN_GIVE.format(p=who, asker=_asker(state), card=_card_text(action))

    def _warning(self, state: GameState[AskForCardsVars], action: int) -> Text | None:
        if action == NONE and len(self._legal_actions(state)) > 1:
            return _WARNING
        return None

    def _utility(self) -> Utility:
        return win_loss_utility(self.num_players)

    def _returns(self, state: GameState[AskForCardsVars]) -> tuple[float, ...]:
        return win_loss(state.vars.score)

    def _standing(self, state: GameState[AskForCardsVars]) -> list[float]:
        """Each seat's score as it will stand, read from a position mid-deal: the points it
        has, less every lie of its own not yet found out (each will be: the hands are shown at
        the end), plus half a point for each card it holds of a rank that can still make a
        quartet (measured with random honest play from 300 positions mid-deal, a card held
        ends up worth 0.48 with one of a rank, 0.95 with two, 1.46 with three: the quartet's
        two points shared by the cards)."""
        stand = [float(x) for x in state.vars.score]
        whole = self._whole
        zones = state.zones
        for p, hand in enumerate(self._hands):
            stand[p] += 0.5 * sum(1 for c in zones[hand] if whole >> (c % 13) & 1)
        for who, rank, received in state.vars.refusals:
            for c in zones[self._hands[who]]:
                if c % 13 == rank and not received >> c & 1:
                    stand[who] -= 1
                    break
        return stand

    def _deal_value(
        self, start: GameState[AskForCardsVars], end: GameState[AskForCardsVars], player: int
    ) -> float:
        # a deal is some 300 asks at random, so bots' playouts stop after playout_moves and
        # judge the standing: the lead over the best other seat, 4 points counting as a win
        if end.current == TERMINAL:
            return end.returns()[player]
        stand = self._standing(end)
        lead = stand[player] - max(x for p, x in enumerate(stand) if p != player)
        return math.tanh(lead / 4)

    def _audit(self, state: GameState[AskForCardsVars]) -> str | None:
        expected = tuple(
            QUARTET_POINTS * (len(state.zones[self._quartets[p]]) // 4)
            - state.vars.lies[p]
            - state.vars.left[p]
            for p in range(self.num_players)
        )
        if expected != tuple(state.vars.score):
            return f"scores {state.vars.score} but quartets, lies and cards left give {expected}"
        return None

    def _world_facts(self, state: GameState[AskForCardsVars]) -> Facts:
        # a "no" binds nobody (it may be a lie), so no card is kept from a seat that said it;
        # only the quartets rule is public: no hand holds four of a rank
        return asking.facts(state, self._seats, most_of_a_rank=3)

    def _facts(self, state: GameState[AskForCardsVars], player: int) -> list[Text]:
        """The asks the table has heard, latest last, and the 'none's not yet settled (the
        lines of :func:`asking.ask_lines`, in both languages)."""
        lines = [
            _ASKED.format(
                p=asker + 1,
                q=asked + 1,
                rank=_rank_text(what),
                answer=_GOT.format(n=got) if got else _NO,
            )
            for asker, asked, what, got in state.vars.asks
        ]
        for who, rank, _ in state.vars.refusals:
            lines.append(_UNSETTLED.format(p=who + 1, rank=_rank_text(rank)))
        return lines


__doc__ = (__doc__ or "") + "\n".join(
    f"- [{note.origin}] {note.rule}" + (f": {note.why}" if note.why else "")
    for note in AskForCards.rule_notes
)
