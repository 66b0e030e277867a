"""Sixty-six: 一帆风顺 (seed 000) and 六六大顺 (seed 003), the same game in two copies.

Rule notes
==========

The two copies agree on almost everything and both narrate the same example deal (spades
trump; the dealer holds ♦A ♣A ♣J ♣9 ♥Q ♠9, the other player ♥K ♦K ♣K ♣10 ♠Q ♠J). Where they
disagree or are silent we chose as follows; ``conjure rules sixty-six`` prints every rule with
its origin.

- Rank order A>10>K>Q>J>9 (seed 003) rather than A>K>Q>J>10>9 (seed 000): the example needs it,
  since the dealer's ♥10 wins over ♥J and his ♦10 over ♦Q.
- "60" in one place and "66" everywhere else: 66.
- The turned-up trump card is put back on top of the stock ("再把牌放入储备牌中"). The example
  confirms the place: the first card drawn, by the dealer after the first trick, is ♠K, a card
  of the trump suit that was turned up.
- A false declaration costs 3 game points to the declarer and gives 3 to the other (rules 15/18
  of both copies); the closing remark of both copies says 2 for a miscount found after the
  game; we follow the numbered rules.
- The trump change: a player on lead after winning the previous trick who holds the 9 of trump
  shows it, names a new trump suit and leads the 9 (the example: "变更王牌之后，黑桃9就当台牌了").
  As the texts say, a player holding several 9s can change trump again each time.
- Following: the example makes the follower play the led suit while the stock is still open
  (he "has ♦K, so must play ♦K"), and a follower who cannot follow "must play clubs", the trump.
  We apply: follow suit; if unable, trump; if unable, any card; at all times.
- Who leads the first trick: the dealer (the example: "由庄家出台牌").
- A marriage scores only if the trick led with it is won (rule 6: "若这回赢的话，就可以得分").
- Declaring: a player may declare 66 whenever they are on lead, and the winner of the last
  trick may declare after it. If nobody declares, the deal is drawn (rule 19).
- When the player declared against also has 66 or more, nobody scores and the winner of the
  next deal gets one extra point (rule 20).
- A match is played to 7 game points (option ``target``): the texts play "several games" and
  say nothing of the length; 7 is the traditional target.
- Closing: a player on lead after winning a trick may close the stock; no more cards are
  drawn and the last-trick bonus is lost (rules 11, 13). The texts give no other penalty.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from conjure.deck.cards import SUIT_SYMBOLS
from conjure.games import (
    SPECIAL,
    TERMINAL,
    GameState,
    MatchGame,
    Option,
    RuleNote,
    follower_wins,
    lay,
    two_player_zones,
)

# rank index in a suit (code % 13): A=0, 9=8, 10=9, J=10, Q=11, K=12
ACE, NINE, TEN, JACK, QUEEN, KING = 0, 8, 9, 10, 11, 12
RANK_ORDER: Final = {ACE: 6, TEN: 5, KING: 4, QUEEN: 3, JACK: 2, NINE: 1}
POINTS: Final = {ACE: 11, TEN: 10, KING: 4, QUEEN: 3, JACK: 2, NINE: 0}
CARD_STRENGTH: Final = [RANK_ORDER.get(c % 13, 0) for c in range(52)]
CARD_POINTS: Final = [POINTS.get(c % 13, 0) for c in range(52)]
DECK: Final = tuple(s * 13 + r for s in range(4) for r in (ACE, NINE, TEN, JACK, QUEEN, KING))

MARRY: Final = SPECIAL  # MARRY + code: lead this King or Queen declaring the marriage
CHANGE: Final = SPECIAL + 64  # CHANGE + suit: show the trump 9, name the suit, lead the 9
CLOSE: Final = SPECIAL + 70
DECLARE: Final = SPECIAL + 71
PASS: Final = SPECIAL + 72
MAX_DEALS: Final = 200
HANDS: Final = ("hand0", "hand1")
WON: Final = ("won0", "won1")


def suit(card: int) -> int:
    return card // 13


class SixtySix(MatchGame):
    id = "sixty-six"
    name_zh = "六六大顺"
    name_en = "Sixty-six"
    source = "seed 000 (一帆风顺) and seed 003 (六六大顺)"
    deck_size = 24
    summary_en = "24 cards, trump and marriages, the 9 of trump changes trump; declare 66 first."
    summary_zh = "24张牌，王牌与结婚，王牌9可以变更王牌；先达到66分并宣布者胜。"
    options = (Option("target", 7, 1, 21, "game points that win the match"),)
    rule_notes = (
        RuleNote("24 cards: A, 10, K, Q, J, 9 of each suit", "text"),
        RuleNote(
            "rank A>10>K>Q>J>9",
            "text",
            "seed 003; seed 000 says A>K>Q>J>10>9, but the "
            "example deal in both copies needs 10 above K and J",
        ),
        RuleNote("the dealer deals one card at a time, six each; 12 cards form the stock", "text"),
        RuleNote(
            "the top card of the stock is turned up for trump, then put back on top",
            "text",
            "'put back into the stock': on top, as the example's first draw shows",
        ),
        RuleNote("card points A 11, 10 10, K 4, Q 3, J 2, 9 0", "text"),
        RuleNote("the trick winner takes both cards, draws first and leads next", "text"),
        RuleNote("the dealer leads the first trick", "text", "the example"),
        RuleNote(
            "follow suit; if unable, trump; if unable, any card",
            "text",
            "the example's first and third tricks, with the stock still open",
        ),
        RuleNote(
            "marriage K+Q: 40 in trumps, 20 otherwise, scored if the trick led with it is won",
            "text",
        ),
        RuleNote(
            "on lead after winning a trick, the holder of the 9 of trump may show it, "
            "change trump to another suit, and lead the 9",
            "text",
        ),
        RuleNote("last trick 10, not when the stock was closed", "text"),
        RuleNote("a player on lead who has won a trick may close the stock", "text"),
        RuleNote(
            "66 wins the deal: 1 game point, 2 if the other has 32 or less, 3 if the "
            "other won no trick",
            "text",
            "both copies say 60 once; 66 everywhere else",
        ),
        RuleNote(
            "a declaration short of 66 costs 3 and gives the other player 3",
            "text",
            "rules 15/18; the closing remark of both copies says 2",
        ),
        RuleNote("no declaration: the deal is drawn", "text"),
        RuleNote(
            "both at 66 or more after a declaration: nobody scores, the next deal's "
            "winner gets 1 extra",
            "text",
        ),
        RuleNote(
            "a player may declare when on lead, and after the last trick if they won it",
            "assumed",
            "the texts say to declare on reaching 66 but not when",
        ),
        RuleNote(
            "the dealer alternates; the match is won at 7 game points",
            "assumed",
            "the texts do not give the match length; 7 is the traditional target",
        ),
        RuleNote(
            "a match that reaches 200 deals ends there, the higher total winning",
            "assumed",
            "drawn deals score nothing, so a match needs a bound to end",
        ),
    )

    def zones(self) -> dict[str, str | int]:
        return two_player_zones()

    def all_cards(self) -> list[int]:
        return list(DECK)

    # -- dealing ------------------------------------------------------------------------------

    def deal(self, state: GameState) -> None:
        state.vars["carry"] = 0
        super().deal(state)

    def new_deal(self, state: GameState) -> None:
        z = state.zones
        cards = self.start_deal(state, DECK)
        dealer = state.vars["dealer"]
        z["stock"] = self.deal_one_at_a_time(state, cards, 6)
        turned = z["stock"][0]
        state.reveal(turned)
        state.vars.update(
            trump=suit(turned),
            score=(0, 0),
            extra=(0, 0),
            tricks=(0, 0),
            leader=dealer,
            won_last=False,
            closed=False,
            marriage=-1,
            last=-1,
            final=False,
        )
        state.current = dealer

    # -- legal actions --------------------------------------------------------------------------

    def legal_actions(self, state: GameState) -> Sequence[int]:
        v = state.vars
        hand = state.zones[HANDS[state.current]]
        if v["final"]:
            return (DECLARE, PASS)
        trick = state.zones["trick"]
        if trick:
            return self._follows(hand, trick[0], v["trump"])
        actions = list(hand)
        trump = v["trump"]
        for card in hand:
            rank = card % 13
            if rank in (KING, QUEEN):
                partner = card + 1 if rank == QUEEN else card - 1
                if partner in hand:
                    actions.append(MARRY + card)
        if v["won_last"]:
            nine = trump * 13 + NINE
            if nine in hand:
                actions.extend(CHANGE + s for s in range(4) if s != trump)
            if state.zones["stock"] and not v["closed"]:
                actions.append(CLOSE)
        if v["tricks"][state.current]:
            actions.append(DECLARE)
        return actions

    @staticmethod
    def _follows(hand: list[int], led: int, trump: int) -> list[int]:
        s = led // 13
        same = [c for c in hand if c // 13 == s]
        if same:
            return same
        trumps = [c for c in hand if c // 13 == trump]
        return trumps or list(hand)

    def action_name(self, state: GameState, action: int) -> str:
        if action < MARRY:
            return super().action_name(state, action)
        if action < CHANGE:
            return f"marry {super().action_name(state, action - MARRY)}"
        if action < CLOSE:
            return f"change trump to {SUIT_SYMBOLS[action - CHANGE]}"
        return {CLOSE: "close", DECLARE: "declare 66", PASS: "pass"}[action]

    # -- play -----------------------------------------------------------------------------------

    def apply(self, state: GameState, action: int) -> None:
        v = state.vars
        me = state.current
        if action >= CLOSE:
            if action == CLOSE:
                v["closed"] = True
                return
            self._end_deal(state, declarer=me if action == DECLARE else -1)
            return
        if action >= CHANGE:
            nine = v["trump"] * 13 + NINE
            state.reveal(nine)
            v["trump"] = action - CHANGE
            action = nine
        elif action >= MARRY:
            card = action - MARRY
            partner = card + 1 if card % 13 == QUEEN else card - 1
            state.reveal(partner)
            v["marriage"] = 40 if suit(card) == v["trump"] else 20
            action = card
        if lay(state, action):
            self._finish_trick(state, me)

    def _finish_trick(self, state: GameState, follower: int) -> None:
        v = state.vars
        z = state.zones
        trick = z["trick"]
        led, answer = trick
        leader = 1 - follower
        winner = follower if follower_wins(led, answer, CARD_STRENGTH, v["trump"]) else leader
        points = CARD_POINTS[led] + CARD_POINTS[answer]
        extra = 0
        if v["marriage"] > 0 and winner == leader:
            extra = v["marriage"]
        z[WON[winner]].extend(trick)
        trick.clear()
        stock = z["stock"]
        last_trick = not z["hand0"] and not z["hand1"] and (v["closed"] or not stock)
        if last_trick and not v["closed"]:
            extra += 10  # the last trick
        score = list(v["score"])
        score[winner] += points + extra
        extras = list(v["extra"])
        extras[winner] += extra
        tricks = list(v["tricks"])
        tricks[winner] += 1
        v.update(
            score=tuple(score),
            extra=tuple(extras),
            tricks=tuple(tricks),
            marriage=-1,
            won_last=True,
            leader=winner,
            last=winner,
        )
        if stock and not v["closed"]:
            z[HANDS[winner]].append(stock.pop(0))
            z[HANDS[1 - winner]].append(stock.pop(0))
        state.current = winner
        if last_trick:
            v["final"] = True

    def _end_deal(self, state: GameState, declarer: int) -> None:
        v = state.vars
        match = list(v["match"])
        carry = v["carry"]
        if declarer >= 0:
            other = 1 - declarer
            score = v["score"]
            if score[declarer] < 66:
                match[declarer] -= 3
                match[other] += 3
                carry = 0
            elif score[other] >= 66:
                carry += 1
            else:
                points = 3 if v["tricks"][other] == 0 else 2 if score[other] <= 32 else 1
                match[declarer] += points + carry
                match[other] -= points
                carry = 0
        v.update(match=tuple(match), carry=carry)
        self.next_dealer(state)
        target = self.option_values["target"]
        if max(match) >= target or v["deals"] >= MAX_DEALS:
            state.current = TERMINAL
            return
        self.new_deal(state)

    # -- results --------------------------------------------------------------------------------

    def audit(self, state: GameState) -> str | None:
        v = state.vars
        for p in (0, 1):
            cards = sum(CARD_POINTS[c] for c in state.zones[WON[p]])
            if cards + v["extra"][p] != v["score"][p]:
                return f"player {p} has {v['score'][p]} but won {cards} in cards + {v['extra'][p]}"
        return None
