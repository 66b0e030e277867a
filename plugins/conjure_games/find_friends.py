"""Find friends: 找朋友 (text 002), a trick game for four to six players with one pack of 54
cards, in which the declarer calls a card and whoever holds it becomes his partner, a secret
until the card is played. The text gives the call and how a side's points are split, and
defers bidding and play to 百分, which the excerpts do not contain: those rules come from the
升级 family (打百分, Tractor), each marked in the ``rule_notes`` (``conjure rules find-friends``).

Sides. ``state.teams()`` shows the declarer's side as 0 and everyone else as unknown until the
called card is played; then the partner joins side 0 and the rest are side 1. It is computed
from public values only (who played the called card), so no observation names the partner
early, and the conformance kit checks it.

Bots. A seat that is not the declarer does not see the buried cards, but the rules say the
called card is not among them, nor in the declarer's hand: every world a bot deals puts it in
another hand until it is played (:meth:`FindFriends._world_facts`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Final

import attrs

from conjure import Text
from conjure.deck import CARDS
from conjure.games import (
    HANDS,
    NOBODY,
    SPECIAL,
    TERMINAL,
    UNKNOWN_SIDE,
    WON,
    Facts,
    GameState,
    Option,
    RuleNote,
    TrickGame,
    TrickVars,
    Utility,
    told_trick,
    trick_reason,
    trick_zones,
    win_loss,
    win_loss_utility,
)

LITTLE_JOKER: Final = 52
BIG_JOKER: Final = 53
#: the rank of the level card (百分 counts levels from 2; this game never raises it)
LEVEL: Final = 1  # rank index of the 2 (A is 0)
#: the effective suit of every trump
TRUMPS: Final = 4
#: card points: 5 five, 10 and K ten each (100 in a pack: 百分)
POINTS: Final = tuple(
    5 if c < 52 and c % 13 == 4 else 10 if c < 52 and c % 13 in (9, 12) else 0 for c in range(54)
)
#: strength within a plain suit: A high, then K … 3 (the 2s are trumps)
STRENGTH: Final = tuple((13 if c % 13 == 0 else c % 13) if c < 52 else 0 for c in range(54))
#: cards in each hand and in the kitty, by players
HAND: Final = {4: 12, 5: 10, 6: 8}
PASS: Final = SPECIAL
BID: Final = SPECIAL + 1
#: the bids, from the first (least ambitious) down: the points the defenders must reach
BIDS: Final = tuple(range(80, 25, -5))
#: the move that names the friend: the holder of this card
_CALL: Final = Text("call {card}", zh="叫朋友{card}")
TRUMP: Final = BID + len(BIDS)
CALL: Final = SPECIAL + 40  # + the card's code


@attrs.define(slots=False)
class FindFriendsVars(TrickVars):
    """The trick game's values and the deal's public facts: the phase, the auction (the bid
    standing, who passed), the declarer, the called card, the partner once the called card is
    played (-1 before), the seats playing the trick under way, and for the match how many deals
    the declarer's side made and lost."""

    phase: str = attrs.field(
        default="bid", metadata={"values": ("bid", "trump", "bury", "call", "play", "over")}
    )
    bid: int = 0
    bidder: int = -1
    passed: tuple[bool, ...] = ()
    declarer: int = -1
    called: int = -1
    partner: int = -1
    made: int = 0
    lost: int = 0
    playing: tuple[int, ...] = ()


def is_trump(card: int, trump: int) -> bool:
    return card >= 52 or card % 13 == LEVEL or card // 13 == trump


def suit_of(card: int, trump: int) -> int:
    """The suit a card follows: :data:`TRUMPS` for every trump, else its own."""
    return TRUMPS if is_trump(card, trump) else card // 13


def power(card: int, led: int, trump: int) -> int:
    """How strong ``card`` is in a trick led with ``led``: the big joker, the little joker, the
    2 of trumps, the other 2s (equal: the first played wins), then trumps A … 3; a card of the
    suit led by rank; any other card 0."""
    if card == BIG_JOKER:
        return 200
    if card == LITTLE_JOKER:
        return 199
    if card % 13 == LEVEL:
        return 198 if card // 13 == trump else 197
    if card // 13 == trump:
        return 100 + STRENGTH[card]
    if card // 13 == suit_of(led, trump):
        return STRENGTH[card]
    return 0


def split(points: int, members: Sequence[int], own: Sequence[int]) -> dict[int, int]:
    """A side's ``points`` split equally among its ``members`` (seats, the declarer's side with
    the declarer first); what does not divide goes a point each to the members who took the
    most card points themselves (``own[seat]``), the earlier seat in ``members`` on a tie."""
    k = len(members)
    base, rest = divmod(points, k)
    order = sorted(range(k), key=lambda i: (-own[members[i]], i))
    extra = {members[i] for i in order[:rest]}
    return {p: base + (1 if p in extra else 0) for p in members}


class FindFriends(TrickGame[FindFriendsVars]):
    id = "find-friends"
    name_zh = "找朋友"
    name_en = "Find Friends"
    source = "text 002 「小知识“找朋友”的玩法」; bidding and play from 百分 / 升级"
    source_zh = "原文002「小知识“找朋友”的玩法」；叫牌与出牌取自百分／升级"
    players = (5, 4, 6)
    deck_size = 54
    summary_en = (
        "4–6 players, one pack with jokers: bid the points the defenders must reach, take the "
        "kitty, name trumps and call a card; its holder is your secret friend until it is "
        "played. Fives, tens and kings score; each side's points are split among its players."
    )
    summary_zh = (
        "4至6人，一副54张：叫分定庄，庄家扣底、定主，并指定持有某张牌者为朋友，该牌打出前无人知晓；"
        "5、10、K为分，每一方的得分由其成员平分。"
    )
    vars_type = FindFriendsVars
    strength: ClassVar[Sequence[int]] = STRENGTH
    card_points: ClassVar[Sequence[int]] = POINTS
    deal_scale = 100.0
    options = (
        Option("deals", 4, 1, 100, Text("deals in a match (at most)", "一场比赛的副数（最多）")),
        Option(
            "target",
            0,
            0,
            2000,
            Text(
                "points that end the match at once (0: play every deal)",
                "立即结束比赛的分数（0：打完所有各副）",
            ),
        ),
    )
    rule_notes = (
        RuleNote(
            Text(
                "one pack of 54 cards, jokers included; four to six players",
                "一副54张牌，包括大小王；四至六人",
            ),
            "text",
            quote="一副牌，54张。参与人数4～6人",
        ),
        RuleNote(
            Text(
                "the declarer names a card; its holder is his partner (朋友) for the deal",
                "庄家叫出一张牌；持有这张牌的人就是他这一副的朋友",
            ),
            "text",
            quote="庄家指定并宣布持有某张牌的牌手为自己的同伴，一般是指定对自己至关重要的一张牌",
        ),
        RuleNote(
            Text(
                "the called card must be one the declarer neither holds nor buried, so there is "
                "always exactly one partner",
                "叫的牌必须是庄家手中没有、也没有埋入底牌的牌，所以朋友总是恰好一人",
            ),
            "assumed",
            Text(
                "the text's examples call a card the declarer lacks (the big joker when he has it "
                "not, a top card missing from his suit); one pack has one copy of each card",
                "原文的例子都叫庄家没有的牌（自己没有大王时叫大王，叫自己花色中缺的大牌）；一副牌"
                "中每张牌只有一张",
            ),
            quote="当庄家未持有大王时……可以指定持有大王的牌手为自己的同伴",
        ),
        RuleNote(
            Text(
                "nobody knows the partner until the called card is played; then the sides are "
                "public: the declarer and the partner against the rest",
                "叫的牌打出之前谁也不知道朋友是谁；打出后双方公开：庄家和朋友对其余的人",
            ),
            "text",
            Text(
                "the partner is told by the call alone (同伴在得知自己的甩牌意图时，应尽快将该牌打"
                "出)",
                "朋友只凭叫牌得知（同伴在得知自己的甩牌意图时，应尽快将该牌打出）",
            ),
            quote="由于牌手的分组是不固定的",
        ),
        RuleNote(
            Text(
                "each side's points are split equally among its players; what does not divide goes "
                "a point each to the side's players who took the most card points themselves",
                "每方的得分在本方各人之间平分；分不尽的零头按每人1分，给本方自己捡分最多的人",
            ),
            "text",
            Text(
                "零头 (the remainder) goes to 得分多者: read as the member who took more points",
                "零头归得分多者：理解为本方中自己捡分较多的人",
            ),
            quote="每一局中应把每一方的得分平分，分别记到每位牌手的名下，如果不能得出整数，"
            "则由得分多者多计一点零头即可",
        ),
        RuleNote(
            Text(
                "first to a target (option) or the most points after the deals (option, 4) wins",
                "先达到目标分数（选项）者获胜，或打完若干副（选项，默认4副）后得分最多者获胜",
            ),
            "text",
            quote="先达到预定分数或分数多者为胜",
        ),
        RuleNote(
            Text(
                "bidding, play and the rest as in 百分 (not among the excerpts): the rules below c"
                "ome "
                "from the 升级 family (打百分, Tractor)",
                "叫分、出牌等同百分（不在摘录之中）：以下规则取自升级一类的游戏（打百分、拖拉机）",
            ),
            "text",
            quote="“找朋友”在叫牌，打牌及技巧方面，与百分基本一致，不再介绍",
        ),
        RuleNote(
            Text(
                "the dealer deals every card one at a time from the next seat, keeping the last "
                "6 (4 players: 12 each; 6 players: 8 each) or 4 (5 players: 10 each) as the kitty "
                "(底牌); the deal passes to the next seat",
                "发牌人从下家开始每次一张发出全部牌，留最后6张（四人：每人12张；六人：每人8张）或4"
                "张（五人：每人10张）作为底牌；发牌轮到下家",
            ),
            "assumed",
            Text(
                "升级 deals all but a kitty of about six; 54 cards divide this way",
                "升级除了约六张底牌外全部发出；54张牌可以这样分",
            ),
        ),
        RuleNote(
            Text("play passes in seat order, to the next seat (下家)", "出牌按座次轮到下家"),
            "assumed",
            Text(
                "the text names no direction; seat order is the one every game here plays in",
                "原文没有说方向；这里所有的游戏都按座次出牌",
            ),
        ),
        RuleNote(
            Text(
                "fives score 5, tens and kings 10 each: 100 in the pack",
                "5每张5分，10和K每张10分：全副牌共100分",
            ),
            "assumed",
            Text(
                "百分 (a hundred points) is named for these counters, as in 升级",
                "百分就是因这些分牌而得名，与升级相同",
            ),
        ),
        RuleNote(
            Text(
                "bidding: from the dealer's next seat, each bids the points the defenders must "
                "reach to win (80, 75 … 30), lower than the bid standing, or passes for good; the "
                "last bidder declares; if all pass the dealer declares at 80",
                "叫分：从发牌人的下家开始，每人叫出防守方获胜所需达到的分数（80、75 … 30），必须低"
                "于已叫的分数，否则不叫，且不能再叫；最后叫分的人做庄家；如果都不叫，由发牌人以80"
                "分做庄家",
            ),
            "assumed",
            Text(
                "打百分's 叫分: the lowest bid takes the contract",
                "打百分的叫分：叫分最低者得到定约",
            ),
        ),
        RuleNote(
            Text(
                "the declarer takes the kitty, buries as many cards face down, names the trump "
                "suit, calls a card and leads the first trick",
                "庄家拿起底牌，再面朝下埋入同样多的牌，定主牌花色，叫一张牌，并首先出第一墩",
            ),
            "assumed",
            Text(
                "升级: the declarer (庄家) takes and buries the kitty and leads first",
                "升级：庄家拿底牌、埋底牌，并首先出牌",
            ),
        ),
        RuleNote(
            Text(
                "trumps, high to low: big joker, little joker, the 2 of trumps, the other 2s (equa"
                "l, "
                "the first played wins), then trumps A K … 3; plain suits A K … 3",
                "主牌从大到小：大王、小王、主花色的2、其他花色的2（彼此相等，先出者大），然后是主"
                "花色的A K … 3；副牌 A K … 3",
            ),
            "assumed",
            Text(
                "升级's order with the level card fixed at 2 (this game scores points, not levels)",
                "升级的牌序，级牌固定为2（这个游戏计分，不升级）",
            ),
        ),
        RuleNote(
            Text(
                "one card is led at a time; follow the suit led (trumps are one suit) when you can"
                ", "
                "otherwise play any card; the highest trump, else the highest card of the suit led"
                ", "
                "wins and leads next",
                "每次只出一张牌；能跟首出的花色就必须跟（主牌算一门），否则可出任何牌；最大的主牌"
                "赢得这一墩，没有主牌时首出花色中最大的牌赢，并首先出下一墩",
            ),
            "assumed",
            Text(
                "with one pack there are no pairs; leading several cards at once (甩牌, which the "
                "text mentions) is 百分's and not described in the excerpts, so it is left out",
                "一副牌中没有对子；一次出几张牌（原文提到的甩牌）是百分的规则，摘录中没有说明，所"
                "以略去",
            ),
            quote="当庄家准备用牌时……同伴在得知自己的甩牌意图时，应尽快将该牌打出",
        ),
        RuleNote(
            Text(
                "the kitty's points go to the winner of the last trick, doubled when a defender "
                "takes it (抠底)",
                "底牌中的分归最后一墩的赢家，防守方赢得时加倍（抠底）",
            ),
            "assumed",
            Text(
                "the text names 抠底 as what the declarer guards against; doubling is 升级's rule",
                "原文说抠底是庄家要提防的；加倍是升级的规则",
            ),
            quote="为保证不被抠底",
        ),
        RuleNote(
            Text(
                "the defenders win the deal when their points reach the bid, else the declarer's "
                "side wins; the winning side scores the card points it took and the losing side "
                "nothing, each side's score split as above",
                "防守方的分达到叫分时防守方赢这一副，否则庄家一方赢；赢方得到自己捡到的分，输方不"
                "得分，每方的分按上述方法分配",
            ),
            "assumed",
            Text(
                "the text splits each side's points and counts points to a target; 打百分 decides "
                "the deal by the bid",
                "原文把每方的分分给各人，并累计到目标分数；打百分按叫分决定一副的输赢",
            ),
        ),
    )

    def __init__(self, num_players: int | None = None, **options: int) -> None:
        super().__init__(num_players, **options)
        self.hand = HAND[self.num_players]
        self.kitty_size = 54 - self.hand * self.num_players

    def most_moves(self) -> int:
        """A deal: 11 bids at most (each lower, 80 to 30) and a pass from each player, the
        kitty buried, trumps and the call, then every card in the hands played (54 card moves
        with the kitty); a match is at most the option deals."""
        return self.option_values["deals"] * (len(BIDS) + self.num_players + 2 + 54)

    def _zones(self) -> dict[str, str | int]:
        return trick_zones(self.num_players, kitty=NOBODY)

    def _team_names(self) -> tuple[Text, ...]:
        return (Text("declarer's side", "庄家方"), Text("defenders", "闲家"))

    def _world_facts(self, state: GameState[FindFriendsVars]) -> Facts:
        """The voids shown, and the called card, until it is played, in neither the kitty nor
        the declarer's hand (the rules let him call only a card he neither holds nor buried)."""
        facts = super()._world_facts(state)
        v = state.vars
        if v.called < 0 or v.partner >= 0:
            return facts
        forbid = dict(facts.forbid)
        for zone in ("kitty", HANDS[v.declarer]):
            forbid[zone] = forbid.get(zone, 0) | 1 << v.called
        return Facts(forbid=forbid)

    def _teams(self, state: GameState[FindFriendsVars]) -> tuple[int, ...]:
        v = state.vars
        n = self.num_players
        if v.declarer < 0 or state.current == TERMINAL:  # a deal's sides end with it
            return (UNKNOWN_SIDE,) * n
        if v.partner < 0:
            return tuple(0 if p == v.declarer else UNKNOWN_SIDE for p in range(n))
        return tuple(0 if p in (v.declarer, v.partner) else 1 for p in range(n))

    def _team_returns(self, state: GameState[FindFriendsVars]) -> tuple[float, ...]:
        v = state.vars
        deals = max(1, v.made + v.lost)
        return ((v.made - v.lost) / deals, (v.lost - v.made) / deals)

    def _reset_deal(self, state: GameState[FindFriendsVars]) -> None:
        v = state.vars
        v.phase = "bid"
        v.bid = 0
        v.bidder = -1
        v.passed = (False,) * self.num_players
        v.declarer = -1
        v.called = -1
        v.partner = -1
        v.playing = ()

    def _new_deal(self, state: GameState[FindFriendsVars]) -> None:
        cards = self.shuffled_deck(state)
        kitty = self.deal_one_at_a_time(state, cards, self.hand)
        state.zones["kitty"] = kitty
        v = state.vars
        self.start_play(state, [], leader=(v.dealer + 1) % self.num_players)
        v.phase = "bid"
        v.passed = (False,) * self.num_players

    # -- the auction, the kitty, trumps and the call ---------------------------------------------

    def _legal_actions(self, state: GameState[FindFriendsVars]) -> Sequence[int]:
        v = state.vars
        phase = v.phase
        if phase == "play":
            hand = state.zones[HANDS[state.current]]
            trick = state.zones["trick"]
            if not trick:
                return hand
            trump = v.trump
            suit = suit_of(trick[0], trump)
            same = [c for c in hand if suit_of(c, trump) == suit]
            return same or hand
        if phase == "bid":
            lower = [BID + i for i, b in enumerate(BIDS) if not v.bid or b < v.bid]
            return [PASS, *lower]
        if phase == "bury":
            return state.zones[HANDS[state.current]]
        if phase == "trump":
            return [TRUMP + s for s in range(4)]
        held = set(state.zones[HANDS[state.current]]) | set(state.zones["kitty"])
        return [CALL + c for c in range(54) if c not in held]

    def _apply_action(self, state: GameState[FindFriendsVars], action: int) -> None:
        v = state.vars
        me = state.current
        n = self.num_players
        if v.phase == "play":
            self._play(state, action)
        elif v.phase == "bid":
            if action == PASS:
                passed = list(v.passed)
                passed[me] = True
                v.passed = tuple(passed)
                state.tell(f"player {me + 1} passes", f"玩家{me + 1}不叫")
            else:
                v.bid = BIDS[action - BID]
                v.bidder = me
                state.tell(f"player {me + 1} bids {v.bid}", f"玩家{me + 1}叫{v.bid}分")
            left = [p for p in range(n) if not v.passed[p]]
            if not left or (v.bidder >= 0 and left == [v.bidder]):
                if v.bidder < 0:
                    v.bid, v.bidder = BIDS[0], v.dealer
                self._take_kitty(state, v.bidder)
                return
            state.current = next(p for i in range(1, n + 1) if not v.passed[p := (me + i) % n])
        elif v.phase == "bury":
            state.move(action, HANDS[me], "kitty")
            state.reveal(action, 1 << me)
            if len(state.zones["kitty"]) == self.kitty_size:
                v.phase = "trump"
        elif v.phase == "trump":
            v.trump = action - TRUMP
            v.phase = "call"
            # no story line: the move (trumps ♣) says it
        else:
            v.called = action - CALL
            v.phase = "play"
            name = CARDS[v.called]
            state.tell(
                f"player {me + 1} calls {name}: its holder is the friend",
                f"玩家{me + 1}叫{name}为朋友",
            )
            v.leader = me
            v.playing = tuple((me + i) % n for i in range(n))

    def _take_kitty(self, state: GameState[FindFriendsVars], declarer: int) -> None:
        v = state.vars
        v.declarer = declarer
        state.tell(
            f"player {declarer + 1} declares: the defenders need {v.bid}",
            f"玩家{declarer + 1}坐庄：闲家须得{v.bid}分",
        )
        kitty = state.zones["kitty"]
        state.zones[HANDS[declarer]].extend(kitty)
        kitty.clear()
        v.phase = "bury"
        state.current = declarer

    # -- play -----------------------------------------------------------------------------------

    def _play(self, state: GameState[FindFriendsVars], card: int) -> None:
        v = state.vars
        me = state.current
        zones = state.zones
        zones[HANDS[me]].remove(card)
        trick = zones["trick"]
        trick.append(card)
        if card == v.called and me != v.declarer:
            v.partner = me
            state.tell(
                f"player {me + 1} is the declarer's friend",  # the move shows the card
                f"玩家{me + 1}是庄家的朋友",
            )
        playing = v.playing
        k = len(trick)
        if k < len(playing):
            state.current = playing[k]
            return
        led, trump = trick[0], v.trump
        best, top = 0, power(led, led, trump)
        for i in range(1, k):
            p = power(trick[i], led, trump)
            if p > top:
                best, top = i, p
        winner = playing[best]
        if state.story is not None:
            reason = trick_reason(trick, best, trump, lambda c: suit_of(c, trump))
            state.tell(told_trick(winner, trick, reason))
        self._take_trick(state, winner)
        trick.clear()
        v.leader = winner
        if zones[HANDS[winner]]:
            n = self.num_players
            v.playing = tuple((winner + i) % n for i in range(n))
            state.current = winner
            return
        self._deal_over(state, winner)

    def deal_points(self, state: GameState[FindFriendsVars], last: int) -> tuple[int, int]:
        """The card points of the declarer's side and of the defenders, the kitty's added to
        the side that took the last trick (doubled for the defenders)."""
        v = state.vars
        side = [0, 0]
        for p in range(self.num_players):
            side[0 if p in (v.declarer, v.partner) else 1] += v.score[p]
        kitty = sum(POINTS[c] for c in state.zones["kitty"])
        if last in (v.declarer, v.partner):
            side[0] += kitty
        else:
            side[1] += 2 * kitty
        return side[0], side[1]

    def _deal_over(self, state: GameState[FindFriendsVars], last: int) -> None:
        v = state.vars
        n = self.num_players
        for c in state.zones["kitty"]:
            state.reveal(c)
        ours, theirs = self.deal_points(state, last)
        declarers = [v.declarer] + ([v.partner] if v.partner >= 0 else [])
        defenders = [p for p in range(n) if p not in declarers]
        gains = [0] * n
        if theirs >= v.bid:
            v.lost += 1
            won_by, points, members = "the defenders", theirs, defenders
            won_zh = "闲家胜"
        else:
            v.made += 1
            won_by, points, members = "the declarer's side", ours, declarers
            won_zh = "庄家一方胜"
        for p, g in split(points, members, v.score).items():
            gains[p] = g
        shown = " ".join(f"{g:+d}" for g in gains)
        state.tell(
            f"the defenders took {theirs} of the {v.bid} they needed: {won_by} win; {shown}",
            f"闲家得{theirs}分（须{v.bid}分）：{won_zh}；{shown}",
        )
        v.phase = "over"
        v.playing = ()
        self.close_deal(state, gains)

    def _match_over(self, state: GameState[FindFriendsVars]) -> bool:
        target = self.option_values["target"]
        if target and max(state.vars.match) >= target:
            return True
        return state.vars.deals >= self.option_values["deals"]

    def _utility(self) -> Utility:
        return win_loss_utility(self.num_players)

    def _returns(self, state: GameState[FindFriendsVars]) -> tuple[float, ...]:
        return win_loss(state.vars.match)

    def _deal_value(
        self,
        start: GameState[FindFriendsVars],
        end: GameState[FindFriendsVars],
        player: int,
    ) -> float:
        n = self.num_players
        gained = [e - s for s, e in zip(start.vars.match, end.vars.match, strict=True)]
        others = (sum(gained) - gained[player]) / (n - 1)
        return max(-1.0, min(1.0, (gained[player] - others) / 50))

    # -- for people -----------------------------------------------------------------------------

    def _action_label(self, action: int) -> str | Text:
        """A card keeps its number whether it is buried or played."""
        if action < SPECIAL:
            return str(CARDS[action])
        return self._action_name(GameState(self), action)

    def _action_name(self, state: GameState[FindFriendsVars], action: int) -> str | Text:
        if action == PASS:
            return Text("pass", zh="不叫")
        if BID <= action < TRUMP:
            return Text("bid {n}", zh="叫{n}分").format(n=BIDS[action - BID])
        if TRUMP <= action < TRUMP + 4:
            return Text("trumps {suit}", zh="定{suit}为主").format(suit="♠♥♣♦"[action - TRUMP])
        if action >= CALL:
            return _CALL.format(card=CARDS[action - CALL])
        if state.vars.phase == "bury":
            return Text("bury {card}", zh="扣底{card}").format(card=CARDS[action])
        return str(CARDS[action])

    def _why_not(self, state: GameState[FindFriendsVars], action: int) -> str | Text | None:
        if state.vars.phase == "call" and action < SPECIAL:
            if CALL + action in self._legal_actions(state):
                return Text("to call it, type: {name}", zh="要叫这张牌，请输入：{name}").format(
                    name=_CALL.format(card=CARDS[action])
                )
            return Text(
                "you may call only a card you neither hold nor buried",
                zh="只能叫自己手里没有、也没有扣底的牌",
            )
        if state.vars.phase != "play" or action >= SPECIAL:
            return None
        if action not in state.zones[HANDS[state.current]]:
            return Text("it is not in your hand", zh="它不在你的手牌中")
        trick = state.zones["trick"]
        if trick:
            suit = suit_of(trick[0], state.vars.trump)
            if suit == TRUMPS:
                return Text("you must follow trumps", zh="必须跟主牌")
            return Text("you must follow {suit}", zh="必须跟{suit}").format(suit="♠♥♣♦"[suit])
        return None

    def _facts(self, state: GameState[FindFriendsVars], player: int) -> list[str | Text]:
        v = state.vars
        if v.declarer < 0:
            if v.bid:
                return [Text("bid standing: {n}", zh="当前叫分：{n}").format(n=v.bid)]
            return [Text("no bid yet", zh="还没有人叫分")]
        facts: list[str | Text] = [
            Text(
                "player {p} declares; the defenders need {n}", zh="玩家{p}坐庄；闲家须得{n}分"
            ).format(p=v.declarer + 1, n=v.bid)
        ]
        if v.called >= 0:
            if v.partner >= 0:
                who = Text("player {p}", zh="玩家{p}").format(p=v.partner + 1)
            elif v.called in state.zones[HANDS[player]]:  # the holder alone knows
                who = Text("you, a secret until you play it", zh="你（打出这张牌前别人不知道）")
            else:
                who = Text("not yet shown", zh="尚未亮明")
            facts.append(
                Text("called {card}: the friend is {who}", zh="叫{card}为朋友：朋友是{who}").format(
                    card=CARDS[v.called], who=who
                )
            )
        return facts

    def _audit(self, state: GameState[FindFriendsVars]) -> str | None:
        for p in range(self.num_players):
            points = sum(POINTS[c] for c in state.zones[WON[p]])
            if points != state.vars.score[p]:
                return f"player {p + 1} took {points} points but is counted {state.vars.score[p]}"
        return None

    def _all_cards(self) -> list[int]:
        return list(range(54))
