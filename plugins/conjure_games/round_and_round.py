"""Round and round: 循环往复 (seed 000), 按部就班 (seeds 001 and 003).

Rule notes
==========

- The stock lies face up (all three copies: "因为贮存牌是翻开放的" — so each player sees what the
  other draws). Only its top card can be seen; every card drawn from it is therefore known to
  both players. The sentence "the top card is turned up and put at the bottom" (顶牌翻开后，要放到
  最下面) we read as the stock being turned face up, the old top going to the bottom.
- Trump by a draw: each player takes a card from the stock; the higher card's suit is trump, a
  tie draws again. The texts do not say what becomes of the two cards: we put them back under
  the stock.
- The winner of a trick keeps the card he played; the loser's card is discarded ("赢的对手拿黑桃Q
  到手边，黑桃6当弃牌" in all three copies). That is also why the example's player leads ♠5 "to
  beat the ♠2": the beaten 2 is discarded and its 10 points are lost to its owner.
- The deal is won by more card points (1 match point), +1 more when the other scored nothing.
  Equal points: nobody scores (assumed: the texts do not say).
- The match: 13 deals, the first to 7 points wins (the texts); when 13 deals end below 7, the
  higher total wins, equal totals draw (assumed). The dealer alternates (assumed).
- The dealer's opponent leads the first trick (the example); follow suit, otherwise any card.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from conjure.games import (
    ALL,
    TERMINAL,
    TOP,
    GameState,
    MatchGame,
    Option,
    RuleNote,
    follower_wins,
    lay,
    same_suit_or_any,
    two_player_zones,
)

# rank index (code % 13): A=0, 2=1 … 10=9, J=10, Q=11, K=12; the order is A high
STRENGTH: Final = [13 if c % 13 == 0 else c % 13 for c in range(52)]
TRUMP_POINTS: Final = {0: 10, 12: 3, 11: 2, 10: 10, 1: 10}  # A, K, Q, J, 2
PLAIN_POINTS: Final = {0: 4, 12: 3, 11: 2, 10: 1}  # A, K, Q, J
HANDS: Final = ("hand0", "hand1")
WON: Final = ("won0", "won1")
DECK: Final = tuple(range(52))


def card_points(card: int, trump: int) -> int:
    table = TRUMP_POINTS if card // 13 == trump else PLAIN_POINTS
    return table.get(card % 13, 0)


class RoundAndRound(MatchGame):
    id = "round-and-round"
    name_zh = "循环往复"
    name_en = "Round and Round"
    source = "seed 000 (循环往复), seeds 001 and 003 (按部就班)"
    deck_size = 52
    summary_en = "Six cards each and a face-up stock; trump by a draw; the trick winner keeps "
    summary_en += "his own card; 13 deals, first to 7."
    summary_zh = "每人6张，贮存牌翻开放，抽牌定王牌；赢的人只拿自己出的牌；13局，先得7分者胜。"
    options = (
        Option("deals", 13, 1, 13, "the most deals in a match"),
        Option("target", 7, 1, 13, "match points that win"),
    )
    rule_notes = (
        RuleNote("52 cards; A>K>Q>J>10>…>2", "text"),
        RuleNote(
            "six cards each, dealt one at a time; the other 40 are the stock, face up", "text"
        ),
        RuleNote(
            "trump: each player draws a card from the stock, the higher card's suit is "
            "trump, a tie draws again",
            "text",
        ),
        RuleNote(
            "the two cards drawn for trump go back under the stock",
            "assumed",
            "the texts do not say",
        ),
        RuleNote("the dealer's opponent leads first; follow suit, otherwise any card", "text"),
        RuleNote(
            "the winner keeps the card he played, the loser's card is discarded",
            "text",
            "the example: the winner takes ♠Q, the ♠6 is discarded",
        ),
        RuleNote("the winner draws first, then the loser, and the winner leads", "text"),
        RuleNote(
            "points: trump A 10, K 3, Q 2, J 10, 2 10; other suits A 4, K 3, Q 2, J 1", "text"
        ),
        RuleNote("more points win the deal's 1 point; +1 when the other scored nothing", "text"),
        RuleNote("equal points score nothing", "assumed", "the texts do not say"),
        RuleNote("13 deals, the first to 7 points wins", "text"),
        RuleNote(
            "the dealer alternates; after 13 deals below 7 the higher total wins",
            "assumed",
            "the texts do not say",
        ),
    )

    def zones(self) -> dict[str, str | int]:
        return two_player_zones(stock=TOP, discard=ALL)

    def new_deal(self, state: GameState) -> None:
        z = state.zones
        cards = self.start_deal(state, DECK)
        stock = self.deal_one_at_a_time(state, cards, 6)
        trump = stock[0] // 13  # only if every pair in the stock ties (a full turn of draws)
        for _ in range(len(stock) // 2):  # trump by a draw: the dealer's card, then the other's
            a, b = stock.pop(0), stock.pop(0)
            stock.extend((a, b))
            state.reveal(a)  # both drawn cards were shown
            state.reveal(b)
            if STRENGTH[a] != STRENGTH[b]:
                trump = (a if STRENGTH[a] > STRENGTH[b] else b) // 13
                break
        z["stock"] = stock
        state.vars.update(trump=trump, score=(0, 0))
        state.current = 1 - state.vars["dealer"]

    def legal_actions(self, state: GameState) -> Sequence[int]:
        hand = state.zones[HANDS[state.current]]
        trick = state.zones["trick"]
        return same_suit_or_any(hand, trick[0]) if trick else hand

    def apply(self, state: GameState, action: int) -> None:
        if not lay(state, action):
            return
        z = state.zones
        v = state.vars
        trick = z["trick"]
        led, answer = trick
        me = state.current
        trump = v["trump"]
        winner = me if follower_wins(led, answer, STRENGTH, trump) else 1 - me
        kept = answer if winner == me else led
        z[WON[winner]].append(kept)
        z["discard"].append(led if kept == answer else answer)
        trick.clear()
        score = list(v["score"])
        score[winner] += card_points(kept, trump)
        v["score"] = tuple(score)
        stock = z["stock"]
        if stock:
            for player in (winner, 1 - winner):
                card = stock.pop(0)
                state.reveal(card)  # drawn from a face-up stock: both saw it
                z[HANDS[player]].append(card)
        if z["hand0"] or z["hand1"]:
            state.current = winner
        else:
            self._end_deal(state)

    def _end_deal(self, state: GameState) -> None:
        v = state.vars
        a, b = v["score"]
        match = list(v["match"])
        if a != b:
            w = 0 if a > b else 1
            match[w] += 2 if min(a, b) == 0 else 1
        v["match"] = tuple(match)
        self.next_dealer(state)
        o = self.option_values
        if max(match) >= o["target"] or v["deals"] >= o["deals"]:
            state.current = TERMINAL
        else:
            self.new_deal(state)

    def audit(self, state: GameState) -> str | None:
        trump = state.vars["trump"]
        for p in (0, 1):
            total = sum(card_points(c, trump) for c in state.zones[WON[p]])
            if total != state.vars["score"][p]:
                return f"player {p} scores {state.vars['score'][p]} but kept {total} in points"
        return None
