"""Jack high: 独占鳌头 (seed 000).

Rule notes
==========

- The four Jacks are permanent trumps, ♠J the highest; they also belong to their own suits for
  following. When a Jack is led, follow its suit; without that suit, a player holding another
  Jack must play it (the text). Between two Jacks other than ♠J, the first played wins.
- A player who cannot follow a plain lead may play any card, a Jack included (the text).
- The trick winner takes both cards, draws first, and leads (the text). The dealer's opponent
  leads the first trick (the text).
- Points in the cards won: ♠J 15, other Jacks 10, 10s 10, Aces 5, Kings 3, Queens 2 (125 in
  all); the first to 200 over several deals wins (the text). The dealer alternates, and when
  both pass 200 in the same deal the higher total wins (assumed: the text does not say).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from conjure.games import (
    TERMINAL,
    GameState,
    MatchGame,
    Option,
    RuleNote,
    follower_wins,
    lay,
    two_player_zones,
)

JACK: Final = 10
SPADE_JACK: Final = JACK  # ♠ is suit 0
# strength among non-trumps: A high, then K … 2
STRENGTH: Final = [13 if c % 13 == 0 else c % 13 for c in range(52)]
POINTS: Final = [
    15 if c == SPADE_JACK else {10: 10, 9: 10, 0: 5, 12: 3, 11: 2}.get(c % 13, 0) for c in range(52)
]
HANDS: Final = ("hand0", "hand1")
WON: Final = ("won0", "won1")
DECK: Final = tuple(range(52))


def is_jack(card: int) -> bool:
    return card % 13 == JACK


class JackHigh(MatchGame):
    id = "jack-high"
    name_zh = "独占鳌头"
    name_en = "Jack High"
    source = "seed 000 (独占鳌头)"
    deck_size = 52
    summary_en = "Jacks are permanent trumps, the ♠J highest; five cards and draw; first to 200."
    summary_zh = "J为固定王牌，黑桃J最大；每人5张，赢后补牌；先得200分者胜。"
    options = (Option("target", 200, 1, 1000, "points that win the match"),)
    rule_notes = (
        RuleNote("52 cards, five each dealt one at a time, the rest a face-down stock", "text"),
        RuleNote("Jacks are trumps: ♠J, then the other Jacks, then A K Q 10 … 2", "text"),
        RuleNote("the dealer's opponent leads first", "text"),
        RuleNote("follow suit; without it, any card or a Jack", "text"),
        RuleNote("a Jack led: follow its suit, else play another Jack if you hold one", "text"),
        RuleNote("two Jacks: the first played wins unless the second is ♠J", "text"),
        RuleNote("the winner takes both cards, draws first and leads", "text"),
        RuleNote("points: ♠J 15, Jacks 10, 10s 10, Aces 5, Kings 3, Queens 2", "text"),
        RuleNote("the first to 200 over several deals wins", "text"),
        RuleNote(
            "the dealer alternates; both past 200 in one deal: the higher total wins",
            "assumed",
            "the text does not say",
        ),
    )

    def zones(self) -> dict[str, str | int]:
        return two_player_zones()

    def new_deal(self, state: GameState) -> None:
        cards = self.start_deal(state, DECK)
        state.zones["stock"] = self.deal_one_at_a_time(state, cards, 5)
        state.vars["score"] = (0, 0)
        state.current = 1 - state.vars["dealer"]

    def legal_actions(self, state: GameState) -> Sequence[int]:
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

    def apply(self, state: GameState, action: int) -> None:
        if not lay(state, action):
            return
        z = state.zones
        me = state.current
        trick = z["trick"]
        led, answer = trick
        leader = 1 - me
        if is_jack(led) or is_jack(answer):
            if answer == SPADE_JACK:
                winner = me
            elif is_jack(led):
                winner = leader
            else:
                winner = me
        else:
            winner = me if follower_wins(led, answer, STRENGTH, None) else leader
        v = state.vars
        z[WON[winner]].extend(trick)
        score = list(v["score"])
        score[winner] += POINTS[led] + POINTS[answer]
        v["score"] = tuple(score)
        trick.clear()
        stock = z["stock"]
        if stock:
            z[HANDS[winner]].append(stock.pop(0))
            if stock:
                z[HANDS[1 - winner]].append(stock.pop(0))
        if z["hand0"] or z["hand1"]:
            state.current = winner if z[HANDS[winner]] else 1 - winner
        else:
            self._end_deal(state)

    def _end_deal(self, state: GameState) -> None:
        v = state.vars
        match = tuple(m + s for m, s in zip(v["match"], v["score"], strict=True))
        v["match"] = match
        self.next_dealer(state)
        if max(match) >= self.option_values["target"]:
            state.current = TERMINAL
        else:
            self.new_deal(state)

    def audit(self, state: GameState) -> str | None:
        for p in (0, 1):
            total = sum(POINTS[c] for c in state.zones[WON[p]])
            if total != state.vars["score"][p]:
                return f"player {p} scores {state.vars['score'][p]} but won {total} in points"
        return None
