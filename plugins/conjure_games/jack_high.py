"""Jack high: 独占鳌头 (text 000): the Jacks are permanent trumps, five cards each and a draw after
every trick, first to 200 over several deals. The rules and where each comes from are the
``rule_notes`` (``conjure rules jack-high``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Final

from conjure import Text
from conjure.games import (
    HANDS,
    GameState,
    Option,
    RuleNote,
    TrickGame,
    TrickVars,
    play_tricks,
    trick_reason,
    trick_zones,
)

JACK: Final = 10
SPADE_JACK: Final = JACK  # ♠ is suit 0
# strength among non-trumps: A high, then K … 2
STRENGTH: Final = tuple(13 if c % 13 == 0 else c % 13 for c in range(52))
POINTS: Final = tuple(
    15 if c == SPADE_JACK else {10: 10, 9: 10, 0: 5, 12: 3, 11: 2}.get(c % 13, 0) for c in range(52)
)


def is_jack(card: int) -> bool:
    return card % 13 == JACK


class JackHigh(TrickGame[TrickVars]):
    id = "jack-high"
    name_zh = "独占鳌头"
    name_en = "Jack High"
    source = "text 000 「独占鳌头」"
    source_zh = "原文000「独占鳌头」"
    deck_size = 52
    summary_en = "Jacks are permanent trumps, the ♠J highest; five cards and draw; first to 200."
    summary_zh = "J为固定王牌，黑桃J最大；每人5张，赢后补牌；先得200分者胜。"
    vars_type = TrickVars
    #: random playouts take the fast loop of the trick games that play cards plainly
    _play_random = play_tricks
    strength: ClassVar[Sequence[int]] = STRENGTH
    card_points: ClassVar[Sequence[int]] = POINTS
    deal_scale = 125.0
    options = (
        Option("target", 200, 1, 1000, Text("points that win the match", "赢得比赛所需的分数")),
    )
    rule_notes = (
        RuleNote(
            Text(
                "52 cards, five each dealt one at a time, the rest a face-down stock",
                "52张牌，每次一张，每人五张，余下的面朝下作为储备牌",
            ),
            "text",
            quote="庄家首先进行逐张分牌，每人分5张，余下的放在中央，以作为储备牌",
        ),
        RuleNote(
            Text(
                "Jacks are trumps: ♠J, then the other Jacks, then A K Q 10 … 2",
                "J是王牌：黑桃J最大，其次是其他J，然后是A K Q 10 … 2",
            ),
            "text",
            quote="牌的顺序：黑桃J→J（其他花色）→A→K→Q→10……→2",
        ),
        RuleNote(
            Text("the dealer's opponent leads first", "庄家的对手先出牌"),
            "text",
            quote="首先由庄家的对手任意出一张牌当台牌",
        ),
        RuleNote(
            Text(
                "follow suit; without it, any card or a Jack", "必须跟出同花色；没有时可出任何牌或J"
            ),
            "text",
            quote="庄家如果有和台牌同类的牌要出此牌，如果没有，可以出其他的牌，或出J赢对方",
        ),
        RuleNote(
            Text(
                "a Jack led: follow its suit, else play another Jack if you hold one",
                "出的是J时：跟出它的花色，没有时如有J必须出J",
            ),
            "text",
            quote="若J当台牌时。要出和J同类的牌，若没有的话，手牌中有其他种类J，那么一定要出此牌",
        ),
        RuleNote(
            Text(
                "two Jacks: the first played wins unless the second is ♠J",
                "两张J：先出的赢，除非后出的是黑桃J",
            ),
            "text",
            quote="后出J的人，除了出黑桃J外，由先出J的人赢",
        ),
        RuleNote(
            Text(
                "the winner takes both cards and draws first, and leads",
                "赢的人收走两张牌，先摸牌，并先出牌",
            ),
            "text",
            quote="赢得胜利后，可获得这两张牌，再从储备牌中抽一张补充手牌",
        ),
        RuleNote(
            Text("the loser draws a card after the winner", "输的人在赢的人之后也抽一张牌"),
            "assumed",
            Text(
                "the text has only the winner draw (再从储备牌中抽一张补充手牌), but both "
                "hands must stay full for play to go on with the hands after the stock is "
                "used up (储备牌用完后，用手牌玩)",
                "原文只说赢的人摸牌（再从储备牌中抽一张补充手牌），但储备牌用完后还要用手牌继续玩"
                "（储备牌用完后，用手牌玩），所以两人的手牌都必须补满",
            ),
        ),
        RuleNote(
            Text(
                "points: ♠J 15, Jacks 10, 10s 10, Aces 5, Kings 3, Queens 2 (125 in a deal)",
                "牌分：黑桃J 15分，其他J 10分，10 10分，A 5分，K 3分，Q 2分（每副共125分）",
            ),
            "text",
            quote="最大牌黑桃J——15分大牌J每张——10分各种花型的10每张——10分各种花型的A每张——5分各种花"
            "型的K每张——3分各种花型的Q每张——2分",
        ),
        RuleNote(
            Text("the first to 200 over several deals wins", "打若干副，先到200分者获胜"),
            "text",
            quote="玩过几回后，谁先得到200分谁就获胜",
        ),
        RuleNote(
            Text(
                "the dealer alternates; both past 200 in one deal: the higher total wins",
                "两人轮流做庄家；同一副中两人都超过200分时，总分高者胜",
            ),
            "assumed",
            Text("the text does not say", "原文没有说明"),
        ),
    )

    def most_moves(self) -> int:
        """Every deal plays its 52 cards, and all its 125 points are won, so after ``k``
        deals the leader has at least 125·k/2: a match is at most ⌈2·target/125⌉ deals."""
        return -(-2 * self.option_values["target"] // 125) * 52

    def _zones(self) -> dict[str, str | int]:
        return trick_zones(2)

    def _new_deal(self, state: GameState[TrickVars]) -> None:
        stock = self.deal_one_at_a_time(state, self.shuffled_deck(state), 5)
        self.start_play(state, stock, leader=1 - state.vars.dealer)

    def _legal_actions(self, state: GameState[TrickVars]) -> Sequence[int]:
        hand = state.zones[HANDS[state.current]]
        trick = state.zones["trick"]
        if not trick:
            return hand
        led = trick[0]
        same = [c for c in hand if c // 13 == led // 13]
        if same:
            return same
        if is_jack(led):
            jacks = [c for c in hand if is_jack(c)]
            if jacks:
                return jacks
        return hand

    def _trick_reason(self, state: GameState[TrickVars], trick: Sequence[int], best: int) -> Text:
        won = trick[best]
        jacks = [c for c in trick if c % 13 == JACK]
        if won == SPADE_JACK:
            return Text("♠J beats every card", zh="黑桃J最大")
        if won % 13 == JACK and len(jacks) > 1:
            return Text(
                "the first Jack played (only ♠J beats it)", zh="先出的J为大（只有黑桃J更大）"
            )
        if won % 13 == JACK:
            return Text("a Jack: the Jacks are trumps", zh="J是王牌")
        return trick_reason(trick, best, -1)

    def _power(self, state: GameState[TrickVars], card: int, led: int) -> int:
        if card % 13 == JACK:
            # the ♠J beats everything; between two other Jacks the first played wins
            return 200 if card == SPADE_JACK else 100
        return STRENGTH[card] if card // 13 == led // 13 and led % 13 != JACK else 0

    def _deal_over(self, state: GameState[TrickVars], last: int) -> None:
        a, b = state.vars.score
        state.tell(f"the deal ends {a} : {b}", f"本副结束 {a} : {b}")
        self.close_deal(state, state.vars.score)

    def _match_over(self, state: GameState[TrickVars]) -> bool:
        return max(state.vars.match) >= self.option_values["target"]
