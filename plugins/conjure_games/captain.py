"""Captain: 缉查队长 (text 000) and 辑查队长 (text 003), two copies of one fragment.

Rule notes
==========

The fragment gives the deck, the deal, the talon exchange, the aim of the play, carte blanche
and the point and sequence declarations with their scores, then stops; text 003's copy is the
fuller. What it lacks is taken from Piquet, the game it describes, and every rule says where it
came from in :attr:`Captain.rule_notes`. Where the fragment is explicit it is kept although
Piquet differs:

- The point is the suit of highest total (A 11, K Q J 10, the others their number), ties going
  to the more cards, and scores 1 a card ("分数依次是A为11分 … 对方要给此种花色的牌每张给1分");
  Piquet counts cards first and pips on a tie.
- A sequence scores 10 and 1 a card whatever its length ("这些张数，也是每张给1分，再加10分"):
  13 for three cards (Piquet: 3), 14 for four (Piquet: 4).
- The younger hand may take all eight talon cards ("若对手交换8张的话 … 庄家就不能交换了"):
  Piquet splits them five and three.

From Piquet: sets (four of A, K, Q, J or 10 score 14, three 3), the elder hand leading, follow
suit with no trumps, 1 for each lead and for each trick won on the other's lead, 1 for the
last trick, 10 for most tricks or 40 for all twelve, a partie of six deals. Each player
declares one combination of each kind, the best he chooses to show; the better one scores,
Piquet's extra scores for the lesser ones of the same player and its pique and repique
bonuses are left out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Final

import attrs

from conjure import Text
from conjure.deck import CARDS, SUIT_SYMBOLS
from conjure.games import (
    ALL,
    HANDS,
    NOBODY,
    SPECIAL,
    TERMINAL,
    WON,
    Combination,
    Declarations,
    GameState,
    MatchGame,
    MatchVars,
    Option,
    Ranking,
    RuleNote,
    RunRule,
    SetRule,
    declare,
    follow_note,
    lacking_shown,
    ranks,
    told_trick,
    trick_reason,
)

DISCARDS: Final = ("discard0", "discard1")
NATURAL: Final = ranks("A K Q J 10 9 8 7")
DECK: Final = tuple(s * 13 + r for s in range(4) for r in NATURAL)
COURTS: Final = frozenset(ranks("K Q J"))
RANKING: Final = Ranking(NATURAL)
#: the value of each card in the point: A 11, K Q J 10, the others their number
PIPS: Final = tuple(
    {0: 11, 12: 10, 11: 10, 10: 10}.get(c % 13, c % 13 + 1) if c in DECK else 0 for c in range(52)
)
#: sequences 10 + 1 a card (the text); sets of four 14, of three 3 (Piquet)
COMBOS: Final = Declarations(
    [
        RunRule(NATURAL, {3: 10}, per_card=1),
        *(SetRule(r, 4, 14) for r in ranks("A K Q J 10")),
        *(SetRule(r, 3, 3) for r in ranks("A K Q J 10")),
    ]
)
DONE: Final = SPECIAL  # end the exchange: draw as many as discarded
BLANK: Final = SPECIAL + 1  # show a hand without K, Q, J
NO_BLANK: Final = SPECIAL + 2
POINT: Final = SPECIAL + 3  # POINT + suit
DECLARE: Final = SPECIAL + 8  # DECLARE + index in COMBOS
KINDS: Final = ("point", "run", "set")
TALON: Final = 8


def point_of(hand: Sequence[int], suit: int) -> tuple[int, int]:
    """(pip total, number of cards) of ``suit`` in ``hand``."""
    cards = [c for c in hand if c // 13 == suit]
    return sum(PIPS[c] for c in cards), len(cards)


def _combo_words(combo: Combination) -> Text:
    """A declared combination in both languages, in the text's words: ``run K♠ Q♠ J♠`` /
    ``3张连续 K♠ Q♠ J♠``, ``three K (K♠ K♥ K♦)`` / ``3张同点 K♠ K♥ K♦`` (no full-width
    punctuation in a move name: typed text is normalised to ASCII before it is matched)."""
    names = " ".join(str(CARDS[c]) for c in combo.cards)
    n = len(combo.cards)
    if combo.kind == "set":
        return Text(combo.label(), zh=f"{n}张同点 {names}")
    return Text(combo.label(), zh=f"{n}张连续 {names}")


@attrs.define(slots=False)
class CaptainVars(MatchVars):
    """The public values of a deal of captain."""

    #: "exchange", "declare" or "play"
    phase: str = attrs.field(
        default="exchange", metadata={"values": ("exchange", "declare", "play")}
    )
    #: each player's points in this deal
    score: tuple[int, ...] = (0, 0)
    #: cards discarded so far by the player exchanging now
    discarded: int = 0
    #: who showed a carte blanche
    blank: tuple[bool, ...] = (False, False)
    #: the kind of combination being declared: 0 point, 1 sequence, 2 sets
    kind: int = 0
    #: (kind, player, action) of each declaration in order; action -1: nothing to declare
    declared: tuple[tuple[int, int, int], ...] = ()
    #: points scored for declarations
    combos: tuple[int, ...] = (0, 0)
    #: tricks led, tricks won on the other's lead, tricks won
    led: tuple[int, ...] = (0, 0)
    captured: tuple[int, ...] = (0, 0)
    tricks: tuple[int, ...] = (0, 0)
    #: the last trick and the cards, at the end of the deal
    bonus: tuple[int, ...] = (0, 0)


class Captain(MatchGame[CaptainVars]):
    id = "captain"
    name_zh = "缉查队长"
    name_en = "Captain"
    source = "text 000 「缉查队长」 and text 003 「七、辑查队长」"
    source_zh = "原文000「缉查队长」与原文003「七、辑查队长」"
    deck_size = 32
    summary_en = "Piquet: 12 cards each, the talon exchange, carte blanche, point, sequence and "
    summary_en += "set declarations, twelve tricks; six deals."
    summary_zh = "类似皮克牌：每人12张，交换手牌，无绘牌，宣布分数、连续与同点，12次出牌；共6局。"
    #: declarations, tricks and the cards seldom give one player more than 100 in a deal
    deal_scale = 100.0
    vars_type = CaptainVars
    options: ClassVar[tuple[Option, ...]] = (
        Option(
            "deals",
            6,
            1,
            12,
            Text(
                "deals in a match (Piquet's partie is six)", "一场比赛的副数（皮克牌的一局是六副）"
            ),
        ),
    )
    rule_notes: ClassVar[tuple[RuleNote, ...]] = (
        RuleNote(
            Text("32 cards, 7 to A", "32张牌，从7到A"),
            "text",
            quote="32张牌，抽出两张王牌和2～6的牌",
        ),
        RuleNote(
            Text(
                "A > K > Q > J > 10 > 9 > 8 > 7, no trumps",
                "A > K > Q > J > 10 > 9 > 8 > 7，没有王牌",
            ),
            "text",
            quote="牌的大小：A＞K＞Q＞J＞10＞9＞8＞7",
        ),
        RuleNote(
            Text(
                "the dealer alternates and deals two at a time, six times: 12 each; 8 face down "
                "are the talon",
                "两人轮流做庄家，每次发两张，共发六次：每人12张；8张面朝下作为备用牌",
            ),
            "text",
            quote="轮流当庄家 … 每次分两张牌，一共分6次 … 剩下的8张牌扣起来放在桌上当储备牌",
        ),
        RuleNote(
            Text(
                "the dealer's opponent exchanges first, any number up to 8 from the talon, the "
                "dealer then up to what is left",
                "庄家的对手先换牌，从备用牌中最多换8张，随后庄家换牌，最多换剩下的张数",
            ),
            "text",
            quote="两人合起来只能交换8张，若对手交换8张的话 … 庄家就不能交换了",
        ),
        RuleNote(
            Text(
                "discards are put aside with the rest of the talon, unseen by the other player",
                "换下的牌与剩余的备用牌放在一边，对方看不到",
            ),
            "text",
            quote="把不需要的牌和储备牌放在一边，直到比赛结束前，不再使用这些牌",
        ),
        RuleNote(
            Text(
                "a hand of twelve without K, Q or J scores 10 (carte blanche) and is played "
                "open: its cards stay shown to the other player to the end of the deal",
                "十二张手牌中没有K、Q、J时得10分（无绘牌），并公开手牌进行游戏：这些牌直到这一副"
                "结束都让对方看得见",
            ),
            "text",
            quote="12张手牌中，若不包含K、Q，J的绘牌时，称为“无绘牌”，给10分。但是，这时就要公开手"
            "牌"
            "再进行游戏了",
        ),
        RuleNote(
            Text(
                "carte blanche is claimed on the hand as dealt, before exchanging; the cards "
                "taken from the talon are not shown",
                "无绘牌按发到的手牌在换牌前宣布；从储备牌换来的牌不公开",
            ),
            "assumed",
            Text(
                "the text places the claim after the exchange rule but says neither when it is "
                "made nor what becomes of cards taken in after; Piquet claims it before the "
                "exchange, which lets the player keep a claim the talon would spoil",
                "原文在换牌之后讲无绘牌，但没有说何时宣布，也没有说之后换来的牌怎样；皮克牌在换牌"
                "前宣布，这样储备牌不会破坏已有的无绘牌",
            ),
        ),
        RuleNote(
            Text(
                "the point: the suit of highest total, A 11, K Q J 10, the others their number; "
                "more cards win a tie, equal counts score nothing; the winner scores 1 a card",
                "点数：比点数总和最高的一门花色，A算11，K、Q、J算10，其余按牌面数；点数相同时张数"
                "多者胜，张数也相同则都不得分；胜者每张牌得1分",
            ),
            "text",
            quote="宣布手牌中合计分数最大的牌的花色 … 对方要给此种花色的牌每张给1分 … 分数相同时，"
            "以牌张数多者赢，张数相同时，都不必给分",
        ),
        RuleNote(
            Text(
                "a sequence: three or more of a suit in order; the longer wins, then the higher; "
                "it scores 10 and 1 a card",
                "连牌：同一花色依次相连的三张或更多；长者胜，长度相同则大者胜；得10分，另每张1分",
            ),
            "text",
            quote="这时，也以连续张数多的人赢，这些张数，也是每张给1分，再加10分。张数相同时，"
            "以分数高的牌赢，若完全相同，就不分胜负了",
        ),
        RuleNote(
            Text(
                "sets: four A, K, Q, J or 10 score 14, three of them 3; four beat three, then the "
                "higher rank",
                "同点牌：四张A、K、Q、J或10得14分，三张得3分；四张胜三张，其次点大者胜",
            ),
            "assumed",
            Text(
                "the fragment ends before them; Piquet's quatorze and trio",
                "残篇在此之前就结束了；采用皮克牌的四条与三条",
            ),
        ),
        RuleNote(
            Text(
                "declarations in Piquet's order, point, sequence, sets: the elder hand first, then "
                "the dealer; each shows the combination he declares",
                "按皮克牌的顺序宣布：点数、连牌、同点牌；先由非庄家宣布，再由庄家宣布；各人亮出所"
                "宣布的组合",
            ),
            "assumed",
            Text(
                "the fragment's example has the opponent declare first (对手宣布 … 庄家宣布)",
                "残篇的例子中是对手先宣布（对手宣布 … 庄家宣布）",
            ),
        ),
        RuleNote(
            Text(
                "one combination of each kind a player, chosen among his best; the better scores",
                "每人每类宣布一个组合，从自己最好的组合中选出；较好的一方得分",
            ),
            "assumed",
            Text(
                "Piquet also scores the winner's lesser sequences and sets; left out",
                "皮克牌还给胜方较小的连牌和同点牌计分；这里略去",
            ),
        ),
        RuleNote(
            Text(
                "the elder hand leads; follow suit, otherwise any card",
                "非庄家领出；必须跟出同花色，没有时可出任何牌",
            ),
            "assumed",
            Text(
                "Piquet; the fragment stops before the play", "取自皮克牌；残篇在出牌之前就中断了"
            ),
        ),
        RuleNote(
            Text(
                "twelve tricks; the aim is seven of them or the last",
                "共十二墩；目标是赢七墩或赢最后一墩",
            ),
            "text",
            quote="在12次竞赛中（手牌有12张），胜7次以上，或最后（第12次）一次赢",
        ),
        RuleNote(
            Text(
                "1 for each lead, 1 for each trick won on the other's lead, 1 for the last trick, "
                "10 for seven tricks or more, 40 for all twelve",
                "每领出一次得1分，在对方领出时赢一墩得1分，最后一墩得1分，赢七墩或更多得10分，赢全"
                "部十二墩得40分",
            ),
            "assumed",
            Text(
                "Piquet's trick scores; the fragment names the aim without its points",
                "皮克牌的赢墩计分；残篇只说目标，未给分数",
            ),
        ),
        RuleNote(
            Text("a match is six deals, the higher total winning", "一场比赛打六副，总分高者胜"),
            "assumed",
            Text(
                "Piquet's partie; the fragment says only that the dealer alternates",
                "皮克牌的一局；残篇只说两人轮流做庄家",
            ),
        ),
        RuleNote(
            Text("no pique or repique bonus", "没有皮克或再皮克的加分"),
            "assumed",
            Text(
                "Piquet's 30 and 60; nothing in the fragment hints at them",
                "皮克牌的30分和60分；残篇中没有任何迹象",
            ),
        ),
    )

    def most_moves(self) -> int:
        """A deal: each player discards 8 cards at most, ends his exchange and may claim a
        carte blanche (20 moves for both), declares three kinds (6), and 24 cards are played;
        a match is the option deals."""
        return self.option_values["deals"] * (20 + 6 + 24)

    def _zones(self) -> dict[str, str | int]:
        return {
            "hand0": 0,
            "hand1": 1,
            "talon": NOBODY,
            "discard0": 0,
            "discard1": 1,
            "trick": ALL,
            "won0": ALL,
            "won1": ALL,
        }

    def _all_cards(self) -> list[int]:
        return list(DECK)

    # -- dealing ----------------------------------------------------------------------------

    def _new_deal(self, state: GameState[CaptainVars]) -> None:
        cards = self.shuffled_deck(state)
        dealer = state.vars.dealer
        z = state.zones
        for pair in range(12):  # two at a time, the elder hand first
            z[HANDS[(1 - dealer + pair) % 2]].extend(cards[pair * 2 : pair * 2 + 2])
        z["talon"] = cards[24:]
        v = state.vars
        v.phase = "exchange"
        v.score = (0, 0)
        v.discarded = 0
        v.blank = (False, False)
        v.kind = 0
        v.declared = ()
        v.combos = (0, 0)
        v.led = (0, 0)
        v.captured = (0, 0)
        v.tricks = (0, 0)
        v.bonus = (0, 0)
        state.current = 1 - dealer

    # -- legal actions ----------------------------------------------------------------------

    #: a card played off the suit led shows the table what the hand lacks (one rule for all)
    _lacking_shown = lacking_shown
    #: the menu says when following suit narrows the cards open
    _menu_note = follow_note

    def _legal_actions(self, state: GameState[CaptainVars]) -> Sequence[int]:
        me = state.current
        hand = state.zones[HANDS[me]]
        v = state.vars
        phase = v.phase
        if phase == "play":
            trick = state.zones["trick"]
            if not trick:
                return hand
            led = trick[0] // 13
            return [c for c in hand if c // 13 == led] or hand  # follow suit if able
        if phase == "exchange":
            actions = [DONE]
            if v.discarded < len(state.zones["talon"]):
                actions.extend(hand)
            if v.discarded == 0 and not v.blank[me] and not any(c % 13 in COURTS for c in hand):
                actions.append(BLANK)
            return actions
        return self.declarable(state, me)

    def declarable(self, state: GameState[CaptainVars], player: int) -> list[int]:
        """What ``player`` may declare of the kind under way: his best point, or one of his
        sequences or sets."""
        hand = state.zones[HANDS[player]]
        kind = state.vars.kind
        if kind == 0:
            totals = [0, 0, 0, 0]
            counts = [0, 0, 0, 0]
            for c in hand:
                totals[c // 13] += PIPS[c]
                counts[c // 13] += 1
            best = max(zip(totals, counts, strict=True))
            return [POINT + s for s in range(4) if (totals[s], counts[s]) == best]
        wanted = KINDS[kind]
        return [DECLARE + i for i in COMBOS.find(hand) if COMBOS.catalogue[i].kind == wanted]

    def _action_label(self, action: int) -> str | Text:
        """A card keeps its number whether it is discarded or played; the exchange ends with
        as many cards drawn as were discarded; a point is named by its suit."""
        if action < SPECIAL:
            return str(CARDS[action])
        if action == DONE:
            return Text("end the exchange", zh="结束交换")
        if POINT <= action < DECLARE:
            return Text("point {suit}", zh="分数 {suit}").format(suit=SUIT_SYMBOLS[action - POINT])
        return self._action_name(GameState(self), action)

    def _action_name(self, state: GameState[CaptainVars], action: int) -> str | Text:
        if action < SPECIAL:
            if state.vars.phase == "exchange":
                return Text("discard {card}", zh="弃掉{card}").format(card=CARDS[action])
            return super()._action_name(state, action)
        if action == DONE:
            return Text("exchange {n}", zh="交换{n}张").format(n=state.vars.discarded)
        if action == BLANK:
            return Text("carte blanche +10", zh="无绘牌 +10")
        if action < DECLARE:
            suit = action - POINT
            total, n = point_of(state.zones[HANDS[state.current]], suit)
            return Text(
                "point {suit} {total} ({n} cards)", zh="分数 {suit} {total}分 {n}张"
            ).format(suit=SUIT_SYMBOLS[suit], total=total, n=n)
        combo = COMBOS.catalogue[action - DECLARE]
        return Text("declare {combo}", zh="宣布{combo}").format(combo=_combo_words(combo))

    # -- play -------------------------------------------------------------------------------

    def _apply_action(self, state: GameState[CaptainVars], action: int) -> None:
        v = state.vars
        phase = v.phase
        if phase == "play":
            self._play(state, action)
        elif phase == "exchange":
            self._exchange(state, action)
        else:
            self._declare(state, action)

    def _add(self, state: GameState[CaptainVars], player: int, points: int) -> None:
        score = list(state.vars.score)
        score[player] += points
        state.vars.score = tuple(score)

    def _exchange(self, state: GameState[CaptainVars], action: int) -> None:
        v = state.vars
        me = state.current
        z = state.zones
        if action == BLANK:
            for card in z[HANDS[me]]:
                state.reveal(card)
            blank = list(v.blank)
            blank[me] = True
            v.blank = tuple(blank)
            self._add(state, me, 10)
            if state.story is not None:  # someone is listening
                state.tell(
                    f"player {me + 1} shows a carte blanche: +10", f"玩家{me + 1}公开无绘牌：+10"
                )
            return
        if action < SPECIAL:
            state.move(action, HANDS[me], DISCARDS[me])
            v.discarded += 1
            return
        talon = z["talon"]
        for _ in range(v.discarded):
            z[HANDS[me]].append(talon.pop(0))
        v.discarded = 0
        if me != v.dealer:
            state.current = v.dealer
            return
        v.phase = "declare"
        state.current = 1 - v.dealer
        self._next_declarer(state)

    def _next_declarer(self, state: GameState[CaptainVars]) -> None:
        """Whoever is next to declare the kind under way; skips players with nothing of it,
        settles a kind when both have had their turn, and starts the play after the sets."""
        v = state.vars
        elder = 1 - v.dealer
        while v.kind < len(KINDS):
            done = {p for k, p, _ in v.declared if k == v.kind}
            for player in (elder, 1 - elder):
                if player in done:
                    continue
                if self.declarable(state, player):
                    state.current = player
                    return
                v.declared = (*v.declared, (v.kind, player, -1))
            self._settle(state)
            v.kind += 1
        v.phase = "play"
        state.current = elder

    def _declare(self, state: GameState[CaptainVars], action: int) -> None:
        v = state.vars
        me = state.current
        hand = state.zones[HANDS[me]]
        if action < DECLARE:
            suit = action - POINT
            for card in hand:
                if card // 13 == suit:
                    state.reveal(card)
        else:
            declare(state, COMBOS.catalogue[action - DECLARE])
        if state.story is not None:  # someone is listening
            state.tell(
                Text("player {p}: {move}", zh="玩家{p}：{move}").format(
                    p=me + 1, move=self._action_name(state, action)
                )
            )
        v.declared = (*v.declared, (v.kind, me, action))
        self._next_declarer(state)

    def rank_of(self, state: GameState[CaptainVars], player: int, action: int) -> tuple[int, ...]:
        """How a declaration ranks against the other player's of the same kind."""
        if action < DECLARE:
            return point_of(state.zones[HANDS[player]], action - POINT)
        combo: Combination = COMBOS.catalogue[action - DECLARE]
        return (
            combo.order
            if combo.kind == "run"
            else (len(combo.cards), RANKING.strength[4][combo.cards[0]])
        )

    def value_of(self, state: GameState[CaptainVars], player: int, action: int) -> int:
        if action < DECLARE:
            return point_of(state.zones[HANDS[player]], action - POINT)[1]
        return COMBOS.catalogue[action - DECLARE].value

    def _settle(self, state: GameState[CaptainVars]) -> None:
        """Score the better declaration of the kind under way (equal ones score nothing)."""
        v = state.vars
        made = [(p, a) for k, p, a in v.declared if k == v.kind and a >= 0]
        if not made:
            return
        if len(made) == 2:
            (p, a), (q, b) = made
            ra, rb = self.rank_of(state, p, a), self.rank_of(state, q, b)
            if ra == rb:
                return
            made = [(p, a)] if ra > rb else [(q, b)]
        player, action = made[0]
        value = self.value_of(state, player, action)
        if state.story is not None:  # someone is listening
            state.tell(
                f"player {player + 1} scores {value} for the {KINDS[v.kind]}",
                f"玩家{player + 1}的{('分数', '连续', '同点')[v.kind]}得{value}分",
            )
        self._add(state, player, value)
        combos = list(v.combos)
        combos[player] += value
        v.combos = tuple(combos)

    def _play(self, state: GameState[CaptainVars], action: int) -> None:
        v = state.vars
        me = state.current
        z = state.zones
        z[HANDS[me]].remove(action)
        trick = z["trick"]
        trick.append(action)
        if len(trick) == 1:  # 1 for each lead
            a, b = v.led
            v.led = (a + 1, b) if me == 0 else (a, b + 1)
            a, b = v.score
            v.score = (a + 1, b) if me == 0 else (a, b + 1)
            state.current = 1 - me
            return
        led = trick[0]
        strength = RANKING.strength[4]
        follower_won = action // 13 == led // 13 and strength[action] > strength[led]
        winner = me if follower_won else 1 - me
        if state.story is not None:
            why = trick_reason(trick, 1 if follower_won else 0, -1)
            state.tell(told_trick(winner, trick, why))
        z[WON[winner]].extend(trick)
        trick.clear()
        a, b = v.tricks
        tricks = (a + 1, b) if winner == 0 else (a, b + 1)
        v.tricks = tricks
        if follower_won:  # 1 for a trick won on the other's lead
            a, b = v.captured
            v.captured = (a + 1, b) if winner == 0 else (a, b + 1)
            a, b = v.score
            v.score = (a + 1, b) if winner == 0 else (a, b + 1)
        if z["hand0"] or z["hand1"]:
            state.current = winner
            return
        bonus = [0, 0]
        bonus[winner] += 1  # the last trick
        for p in (0, 1):
            if tricks[p] == 12:
                bonus[p] += 40
            elif tricks[p] >= 7:
                bonus[p] += 10
        v.bonus = tuple(bonus)
        for p in (0, 1):
            self._add(state, p, bonus[p])
        self._end_deal(state)

    def _breakdown(self, state: GameState[CaptainVars]) -> list[Text]:
        """The deal's points by their source, as :meth:`_audit` adds them up."""
        v = state.vars
        parts = []
        for said, values in (
            (Text("carte blanche {a} : {b}", zh="无绘牌 {a} : {b}"), [10 * b for b in v.blank]),
            (Text("declarations {a} : {b}", zh="宣布 {a} : {b}"), list(v.combos)),
            (Text("leads {a} : {b}", zh="领出 {a} : {b}"), list(v.led)),
            (
                Text("tricks won on the other's lead {a} : {b}", zh="在对方领出时赢墩 {a} : {b}"),
                list(v.captured),
            ),
            (Text("tricks {a} : {b}", zh="墩数 {a} : {b}"), list(v.tricks)),
            (
                Text(
                    "the last trick, seven tricks or all twelve {a} : {b}",
                    zh="最后一墩、七墩以上或全部十二墩 {a} : {b}",
                ),
                list(v.bonus),
            ),
        ):
            if any(values) or said.en.startswith("tricks {"):
                parts.append(said.format(a=values[0], b=values[1]))
        return parts

    def _end_deal(self, state: GameState[CaptainVars]) -> None:
        v = state.vars
        self.tell_deal_end(state, v.score)
        v.match = tuple(m + s for m, s in zip(v.match, v.score, strict=True))
        self.next_dealer(state)
        if v.deals >= self.option_values["deals"]:
            state.current = TERMINAL
        else:
            self._start_deal(state)

    def _scores(self, state: GameState[CaptainVars]) -> tuple[int, ...]:
        return tuple(state.vars.match)

    def _audit(self, state: GameState[CaptainVars]) -> str | None:
        """The deal's score recounted from its parts: carte blanche, declarations, leads,
        tricks won on the other's lead, the last trick and the cards."""
        v = state.vars
        for p in (0, 1):
            total = 10 * v.blank[p] + v.combos[p] + v.led[p] + v.captured[p]
            total += v.bonus[p]
            if total != v.score[p]:
                return f"player {p} has {v.score[p]} but the parts add up to {total}"
            if v.led[p] + v.led[1 - p] != sum(v.tricks) + len(state.zones["trick"]):
                return "leads and tricks disagree"
        return None
