"""Trump agreement: 议将 (opens text 004), a five-card trick game for two to four players. A card
turned from the pack is offered as trump; the first player to agree takes it into his hand, puts
a card he does not want face up into the pack, and his side becomes the contract side (定约方)
against the defenders (抗约方). Five tricks, a point each.

The excerpt opens at its item 3: the pack and the deal (items 1–2) are missing. They come from
the closest cousin, Écarté (32 cards, five each, a turned card for trump); each is marked in the
``rule_notes`` (``conjure rules trump-agreement``). The text scores a point a trick and nothing
more, so a contract side that takes fewer than three tricks pays no penalty by default (option
``set_bonus`` plays Écarté's two points to each defender).

Sides. With four players the partners sit opposite (seats 1 & 3 against 2 & 4: the text's
乙方 and 甲方) for the whole match. With two or three the sides are made by the agreement: the
contractor alone against the others, whose points stay their own.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Final

import attrs

from conjure import Text
from conjure.deck import CARDS
from conjure.games import (
    ALL,
    HANDS,
    NOBODY,
    SPECIAL,
    TERMINAL,
    UNKNOWN_SIDE,
    WON,
    GameState,
    Option,
    RuleNote,
    TrickGame,
    TrickVars,
    Utility,
    trick_zones,
    win_loss,
    win_loss_utility,
)

ACCEPT: Final = SPECIAL
PASS: Final = SPECIAL + 1
HAND: Final = 5
TRICKS: Final = 5
#: strength within a suit: A high, then K … 7
STRENGTH: Final = tuple(13 if c % 13 == 0 else c % 13 for c in range(52))
#: the tricks a contract side must take (Écarté's point: three of five)
MAJORITY: Final = 3


@attrs.define(slots=False)
class TrumpAgreementVars(TrickVars):
    """The trick game's values and the agreement: the phase, the turned card, which round of
    agreement this is and how many have passed in it, the contractor (-1 before), and for the
    match how many deals the contract side made and lost."""

    phase: str = attrs.field(
        default="agree", metadata={"values": ("agree", "exchange", "play", "over")}
    )
    turned: int = -1
    round: int = 1
    passes: int = 0
    contractor: int = -1
    made: int = 0
    lost: int = 0


class TrumpAgreement(TrickGame[TrumpAgreementVars]):
    id = "trump-agreement"
    name_zh = "议将"
    name_en = "Trump Agreement"
    source = "text 004, untitled: items 「3.议将」 to 「7.计分和胜负」; deck and deal from Écarté"
    source_zh = "原文004（无题，第「3.议将」至「7.计分和胜负」条）；用牌与发牌取自埃卡泰"
    players = (2, 3, 4)
    deck_size = 32
    summary_en = (
        "2–4 players (four in partnerships), 32 cards, five each: agree on a turned card as "
        "trump by exchanging it in, which makes your side the contract side; five tricks, a "
        "point each, and a contract side with fewer than three pays the defenders two."
    )
    summary_zh = (
        "2至4人（4人时两两对抗），32张，每人5张：同意翻开的明牌为将牌者换进明牌，成为定约方；"
        "共5墩，每墩1分；定约方不足3墩则抗约方另得2分。"
    )
    vars_type = TrumpAgreementVars
    strength: ClassVar[Sequence[int]] = STRENGTH
    card_points: ClassVar[Sequence[int]] = (0,) * 52
    deal_scale = 5.0
    options = (
        Option(
            "deals",
            5,
            1,
            100,
            Text("deals in a match (the text: 5, 8 or 10)", "一场比赛的副数（原文：5、8或10副）"),
        ),
        Option(
            "target",
            0,
            0,
            100,
            Text(
                "points that end the match at once (the text: 20, 25, 50)",
                "立即结束比赛的分数（原文：20、25、50分）",
            ),
        ),
        Option(
            "set_bonus",
            0,
            0,
            5,
            Text(
                "points to each defender when the contract side takes fewer than three tricks "
                "(the text: none; Écarté 2)",
                "定约方赢得不到三墩时每个防守者另得的分数（原文：无；埃卡特为2分）",
            ),
        ),
        Option(
            "rounds",
            2,
            1,
            5,
            Text(
                "rounds of agreement; in the last the dealer must agree",
                "同意的轮数；最后一轮发牌人必须同意",
            ),
        ),
    )
    rule_notes = (
        RuleNote(
            Text(
                "two, three or four players; with four, partners sit opposite (乙方 against 甲方)",
                "二、三或四人；四人时同伴对坐（乙方对甲方）",
            ),
            "text",
            Text(
                "four players are 乙方 and 甲方, two sides; partners opposite is the custom of "
                "four-handed trick games",
                "四人分为乙方和甲方两方；同伴对坐是四人斗牌游戏的惯例",
            ),
            quote="乙（或乙方）就为定约方，甲（或甲方）就是抗约方……一墩牌（两人为2张，3人为3张）"
            "……如果4人玩时，议将时每人都可表态",
        ),
        RuleNote(
            Text(
                "32 cards, 7 to A in each suit, A K Q J 10 9 8 7; five cards each, dealt one at a "
                "time from the dealer's next seat; the rest is the pack (牌沓)",
                "32张牌，每种花色从7到A，即A K Q J 10 9 8 7；从发牌人的下家开始每次一张，每人五张"
                "；余下的是牌沓",
            ),
            "assumed",
            Text(
                "items 1–2 (deck and deal) are missing; five cards a hand follow from five tricks, "
                "and Écarté, the cousin with a turned trump and five tricks, uses 32 cards; A is "
                "high as in the book's other games (Écarté puts it below the Jack)",
                "第1–2条（牌和发牌）缺失；每人五张牌由五墩推出；同样翻牌定主、打五墩的近亲游戏埃卡"
                "特用32张牌；A最大与本书其他游戏相同（埃卡特把A放在J之下）",
            ),
        ),
        RuleNote(
            Text(
                "after the deal the top card of the pack is turned up as the candidate trump",
                "发牌后翻开牌沓最上面的一张，作为候选的将牌",
            ),
            "text",
            quote="发完牌后，把牌沓中最前面一张翻开为明牌，作为候选将牌",
        ),
        RuleNote(
            Text(
                "from the dealer's next seat, each player in turn agrees or passes, the dealer "
                "last; the first to agree takes the turned card into his hand and puts a card of "
                "his own face up into the pack (out of play): trump is agreed",
                "从发牌人的下家开始，每人依次同意或不同意，发牌人最后；第一个同意的人把翻开的牌拿"
                "进手中，再把自己的一张牌面朝上放进牌沓（不再使用）：将牌就此商定",
            ),
            "text",
            Text(
                "the card put back may not be the turned card itself, which he must take in",
                "放回的牌不能是翻开的那张牌本身，那张牌他必须拿进手中",
            ),
            quote="两人打时，乙要是同意明牌为将牌，可以把明牌取回手时，再拿出一张自己认为无用的牌，"
            "牌面朝上插进牌沓内，将牌就议定了。如果乙不同意，再听甲的意见",
        ),
        RuleNote(
            Text(
                "when nobody agrees, the dealer puts the turned card face down into the pack and "
                "turns the next card for another round",
                "无人同意时，发牌人把翻开的牌面朝下放进牌沓，再翻下一张牌进行新的一轮",
            ),
            "text",
            Text(
                "the card was seen by all, so it stays known; it goes to the bottom, out of play",
                "这张牌大家都看见过，所以仍是已知的；它放到最下面，不再使用",
            ),
            quote="如双方都不同意，由甲将明牌面朝下插入牌内，再翻牌沓最前面的一张牌变明牌，"
            "进行第二轮议将",
        ),
        RuleNote(
            Text(
                "in the last round (option rounds, 2) the dealer may not pass",
                "最后一轮（选项 rounds，默认2）发牌人不能不同意",
            ),
            "assumed",
            Text(
                "the text stops at the second round; the dealer is made to agree (Euchre's "
                "'stick the dealer') so that every deal is played",
                "原文到第二轮为止；这里让发牌人必须同意（尤克牌的做法），使每副牌都能打下去",
            ),
        ),
        RuleNote(
            Text(
                "the one who agreed (and his partner) is the contract side, the others the defende"
                "rs",
                "同意的人（及其同伴）是定约方，其余的人是防守方",
            ),
            "text",
            quote="如果乙同意甲揭的明牌为将牌，并且换进了明牌后，乙（或乙方）就为定约方，"
            "甲（或甲方）就是抗约方了",
        ),
        RuleNote(
            Text(
                "the seat before the contractor (his 上家, who plays just before him) leads; "
                "play goes in seat order",
                "定约人的上家（在他之前出牌的人）首先出牌；出牌按座次进行",
            ),
            "text",
            Text(
                "seat order is the way the text turns: its 上家 is the player one seat before",
                "座次就是原文的方向：上家就是前一个座位的人",
            ),
            quote="由定约人的上家（左邻）在定约后攻牌",
        ),
        RuleNote(
            Text(
                "follow the suit led; without it, trump or throw any card",
                "必须跟出首出的花色；没有时可以将吃或垫任何牌",
            ),
            "text",
            quote="攻牌是什么花色，跟牌也是这种花色，没有这门花色，可用将牌吃掉，也可垫牌",
        ),
        RuleNote(
            Text(
                "the highest card wins the trick (a trump over any plain card) and leads the next; "
                "five tricks",
                "最大的牌赢得这一墩（将牌大于任何副牌），并首先出下一墩；共五墩",
            ),
            "text",
            quote="谁牌点数大谁得墩。下一轮，由得墩者出牌。如此下去，直至打完5墩牌",
        ),
        RuleNote(
            Text(
                "each trick is one point, to the side that took it", "每墩1分，归赢得这一墩的一方"
            ),
            "text",
            quote="每墩牌为1分",
        ),
        RuleNote(
            Text(
                "a contract side that takes fewer than three tricks loses nothing beyond its "
                "tricks (option set_bonus: Écarté's 2 more to each defender)",
                "定约方赢得不到三墩时，除墩数外没有别的损失（选项 set_bonus：按埃卡特每个防守者另"
                "得2分）",
            ),
            "text",
            Text(
                "the text scores tricks alone and gives the contract no stake of its own; in "
                "Écarté a player who plays and fails to take three tricks gives his opponent two "
                "points",
                "原文只按墩计分，没有给定约规定输赢；在埃卡特中，打牌而赢不到三墩的人给对手2分",
            ),
            quote="每墩牌为1分",
        ),
        RuleNote(
            Text(
                "a match is 5, 8 or 10 deals (option deals) or to 20, 25 or 50 points (option "
                "target); the most points, or the first to the target, wins",
                "一场比赛打5、8或10副（选项 deals），或打到20、25或50分（选项 target）；得分最多者"
                "或先达到目标者获胜",
            ),
            "text",
            quote="可定5轮、8轮、10轮为一局，也可定20分、25分、50分为一局。"
            "谁在一局中得分多或先达到一局的指标数，谁就取得这一局的胜利",
        ),
    )

    def most_moves(self) -> int:
        """A deal: every player agrees or passes in each round of agreement, the one who
        agrees puts a card back, and five tricks are played; a match is at most the option
        deals."""
        n = self.num_players
        return self.option_values["deals"] * (self.option_values["rounds"] * n + 1 + 5 * n)

    def _zones(self) -> dict[str, str | int]:
        # the pack is not drawn from (five cards, five tricks), so it is not the trick game's
        # stock, which would be drawn from after every trick
        return trick_zones(self.num_players, pack=NOBODY, turned=ALL, discard=ALL)

    # -- sides ----------------------------------------------------------------------------------

    def side(self, seat: int) -> int:
        """The fixed side of ``seat`` with four players (0: seats 1 & 3), else the seat."""
        return seat % 2 if self.num_players == 4 else seat

    def _team_names(self) -> tuple[Text, ...]:
        if self.num_players == 4:
            return (Text("players 1 & 3", "玩家1、3"), Text("players 2 & 4", "玩家2、4"))
        return (Text("contract side", "定约方"), Text("defenders", "抗约方"))

    def _teams(self, state: GameState[TrumpAgreementVars]) -> tuple[int, ...]:
        n = self.num_players
        if n == 4:
            return (0, 1, 0, 1)
        c = state.vars.contractor
        if c < 0 or state.current == TERMINAL:  # a contract's sides end with its deal
            return (UNKNOWN_SIDE,) * n
        return tuple(0 if p == c else 1 for p in range(n))

    def _team_returns(self, state: GameState[TrumpAgreementVars]) -> tuple[float, ...]:
        if self.num_players == 4:
            return super()._team_returns(state)
        v = state.vars
        deals = max(1, v.made + v.lost)
        return ((v.made - v.lost) / deals, (v.lost - v.made) / deals)

    # -- the deal and the agreement -------------------------------------------------------------

    def _reset_deal(self, state: GameState[TrumpAgreementVars]) -> None:
        v = state.vars
        v.phase = "agree"
        v.turned = -1
        v.round = 1
        v.passes = 0
        v.contractor = -1

    def _new_deal(self, state: GameState[TrumpAgreementVars]) -> None:
        cards = self.shuffled_deck(state)
        state.zones["pack"] = self.deal_one_at_a_time(state, cards, HAND)
        v = state.vars
        self.start_play(state, [], leader=(v.dealer + 1) % self.num_players)
        self._turn(state)

    def _turn(self, state: GameState[TrumpAgreementVars]) -> None:
        """Turn the top card of the pack as the candidate trump."""
        card = state.zones["pack"].pop(0)
        state.zones["turned"].append(card)
        v = state.vars
        v.turned = card
        v.passes = 0
        v.phase = "agree"
        state.current = (v.dealer + 1) % self.num_players
        state.tell(f"{CARDS[card]} is turned up", f"翻开{CARDS[card]}")

    def _legal_actions(self, state: GameState[TrumpAgreementVars]) -> Sequence[int]:
        v = state.vars
        phase = v.phase
        hand = state.zones[HANDS[state.current]]
        if phase == "play":
            trick = state.zones["trick"]
            if not trick:
                return hand
            suit = trick[0] // 13
            return [c for c in hand if c // 13 == suit] or hand
        if phase == "agree":
            last = self.option_values["rounds"]
            stuck = v.round >= last and v.passes == self.num_players - 1
            return [ACCEPT] if stuck else [ACCEPT, PASS]
        return [c for c in hand if c != v.turned]  # the card put back into the pack

    def _apply_action(self, state: GameState[TrumpAgreementVars], action: int) -> None:
        v = state.vars
        me = state.current
        n = self.num_players
        if v.phase == "play":
            self.play_card(state, action)
        elif v.phase == "agree":
            if action == PASS:
                state.tell(f"player {me + 1} passes", f"玩家{me + 1}不同意")
                v.passes += 1
                if v.passes < n:
                    state.current = (me + 1) % n
                    return
                turned = state.zones["turned"].pop()
                state.zones["pack"].append(turned)  # face down into the pack, known to all
                state.reveal(turned)
                v.round += 1
                self._turn(state)
                return
            v.contractor = me
            v.trump = v.turned // 13
            state.move(v.turned, "turned", HANDS[me])
            state.reveal(v.turned)
            v.phase = "exchange"  # no story line: the move (agree, Q♥ for trump) says it
        else:
            state.move(action, HANDS[me], "discard")
            v.phase = "play"
            leader = (me - 1) % n
            v.leader = leader
            state.current = leader

    # -- the end of a deal ----------------------------------------------------------------------

    def _deal_over(self, state: GameState[TrumpAgreementVars], last: int) -> None:
        v = state.vars
        n = self.num_players
        sides = [self.side(p) for p in range(n)]
        tricks = [0] * n
        for p in range(n):
            tricks[sides[p]] += v.tricks[p]
        points = [tricks[sides[p]] for p in range(n)]  # a trick is a point to its side
        ours = tricks[sides[v.contractor]]
        bonus = self.option_values["set_bonus"]
        if ours < MAJORITY:
            v.lost += 1
            for p in range(n):
                if sides[p] != sides[v.contractor]:
                    points[p] += bonus
            verdict = f"the contract side took {ours}: set, the defenders score {bonus} more"
            verdict_zh = f"定约方得{ours}墩：定约失败，抗约方多得{bonus}分"
        else:
            v.made += 1
            verdict = f"the contract side took {ours}"
            verdict_zh = f"定约方得{ours}墩"
        shown = " ".join(f"+{x}" for x in points)
        state.tell(f"{verdict}; {shown}", f"{verdict_zh}；{shown}")
        v.phase = "over"
        self.close_deal(state, points)

    def _match_over(self, state: GameState[TrumpAgreementVars]) -> bool:
        target = self.option_values["target"]
        if target and max(state.vars.match) >= target:
            return True
        return state.vars.deals >= self.option_values["deals"]

    def _utility(self) -> Utility:
        """:func:`win_loss` on the match, between the two partnerships at four."""
        return win_loss_utility(2 if self.num_players == 4 else self.num_players)

    def _returns(self, state: GameState[TrumpAgreementVars]) -> tuple[float, ...]:
        match = state.vars.match
        if self.num_players == 4:
            a, b = win_loss([match[0], match[1]])
            return (a, b, a, b)
        return win_loss(match)

    def _deal_value(
        self,
        start: GameState[TrumpAgreementVars],
        end: GameState[TrumpAgreementVars],
        player: int,
    ) -> float:
        gained = [e - s for s, e in zip(start.vars.match, end.vars.match, strict=True)]
        mine = self.side(player)
        others = [g for p, g in enumerate(gained) if self.side(p) != mine]
        value = (gained[player] - sum(others) / len(others)) / self.deal_scale
        return max(-1.0, min(1.0, value))

    # -- for people -----------------------------------------------------------------------------

    def _action_label(self, action: int) -> str | Text:
        """Agreeing takes the card turned up for trump, whichever it is; a card keeps its number
        whether it is put back or played."""
        if action == ACCEPT:
            return Text("agree (the card turned for trump)", zh="同意翻出的牌为将牌")
        if action < SPECIAL:
            return str(CARDS[action])
        return self._action_name(GameState(self), action)

    def _action_name(self, state: GameState[TrumpAgreementVars], action: int) -> str | Text:
        if action == ACCEPT:
            return Text("agree ({card} for trump)", zh="同意{card}为将牌").format(
                card=CARDS[state.vars.turned]
            )
        if action == PASS:
            return Text("pass", zh="不同意")
        if state.vars.phase == "exchange":
            return Text("put back {card}", zh="插回{card}").format(card=CARDS[action])
        return str(CARDS[action])

    def _facts(self, state: GameState[TrumpAgreementVars], player: int) -> list[str | Text]:
        v = state.vars
        if v.contractor < 0:
            return [Text("round {n} of agreement", zh="第{n}轮议将").format(n=v.round)]
        return [
            Text("player {p} has the contract", zh="玩家{p}是定约方").format(p=v.contractor + 1)
        ]

    def _audit(self, state: GameState[TrumpAgreementVars]) -> str | None:
        n = self.num_players
        for p in range(n):
            if len(state.zones[WON[p]]) != n * state.vars.tricks[p]:
                return f"player {p + 1} is counted {state.vars.tricks[p]} tricks"
        return None
