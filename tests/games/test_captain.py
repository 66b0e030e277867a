"""Captain: the deal and the talon exchange, carte blanche, the point and sequence declarations
with the text's examples, Piquet's sets and trick scores, the end of a deal and of the match."""

from __future__ import annotations

import random

import attrs

from conjure.deck import Card
from conjure.games import TERMINAL, GameState
from conjure.games.bots import random_playout
from conjure.testing import check_game
from conjure_games.captain import (
    BLANK,
    COMBOS,
    DECK,
    DONE,
    PIPS,
    POINT,
    Captain,
)

SPADES, HEARTS, CLUBS, DIAMONDS = range(4)


def c(text: str) -> int:
    return Card(text).code


def cards(text: str) -> list[int]:
    return [c(t) for t in text.split()]


def declaring(game: Captain, hand0: str, hand1: str) -> GameState:
    """Player 0 deals; the exchange is over and the declarations begin with player 1."""
    s = game.new_initial_state(0)
    for zone in s.zones.values():
        zone.clear()
    s.zones["hand0"], s.zones["hand1"] = cards(hand0), cards(hand1)
    s.known = {}
    s.vars = attrs.evolve(
        s.vars, phase="declare", dealer=0, kind=0, declared=(), score=(0, 0), combos=(0, 0)
    )
    s.current = 1
    game._next_declarer(s)
    return s


def test_the_deal() -> None:
    s = Captain().new_initial_state(2)
    assert len(s.zones["hand0"]) == len(s.zones["hand1"]) == 12 and len(s.zones["talon"]) == 8
    assert s.vars.phase == "exchange" and s.current == 1 - s.vars.dealer


def test_the_exchange_shares_eight_cards() -> None:
    game = Captain()
    s = game.new_initial_state(2)
    elder = s.current
    hand = list(s.zones[f"hand{elder}"])
    talon = list(s.zones["talon"])
    for card in hand[:8]:
        s.apply_action(card)
    assert not any(a < 64 for a in s.legal_actions())  # the talon is spoken for
    s.apply_action(DONE)
    assert sorted(s.zones[f"hand{elder}"]) == sorted(hand[8:] + talon)
    # the discards are the discarder's to see, not the other's
    assert s.observation(1 - elder)["zones"][f"discard{elder}"] == [None] * 8
    assert s.current == 1 - elder
    assert list(s.legal_actions()) in ([DONE], [DONE, BLANK])  # nothing left to take


def test_the_dealer_takes_what_is_left() -> None:
    game = Captain()
    s = game.new_initial_state(2)
    elder = s.current
    s.apply_action(s.zones[f"hand{elder}"][0])
    s.apply_action(DONE)
    dealer_hand = s.zones[f"hand{1 - elder}"]
    for card in list(dealer_hand[:7]):
        s.apply_action(card)
    assert not any(a < 64 for a in s.legal_actions())
    s.apply_action(DONE)
    assert s.zones["talon"] == [] and s.vars.phase in ("declare", "play")


def test_carte_blanche_scores_ten_and_shows_the_hand() -> None:
    game = Captain()
    s = game.new_initial_state(0)
    blank = cards("AS TS 9S 8S 7S AH TH 9H 8H AC TC 9C")
    rest = [x for x in DECK if x not in blank]
    elder = s.current
    s.zones[f"hand{elder}"], s.zones[f"hand{1 - elder}"] = blank, rest[:12]
    s.zones["talon"] = rest[12:]
    assert BLANK in s.legal_actions()
    s.apply_action(BLANK)
    assert s.vars.score[elder] == 10
    assert None not in s.observation(1 - elder)["zones"][f"hand{elder}"]
    assert BLANK not in s.legal_actions()


def test_point_values_from_the_text() -> None:
    assert [PIPS[c(x)] for x in ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S"]] == [
        11,
        10,
        10,
        10,
        10,
        9,
        8,
        7,
    ]
    assert sum(PIPS[x] for x in DECK) == 300


def test_the_texts_point_example() -> None:
    """The opponent's best suit totals less than the dealer's five clubs (47): the dealer
    scores 1 a card, 5."""
    game = Captain()
    s = declaring(
        game,
        "AC JC 9C 8C 7C KH 8H 7D 8D 9S 8S 7S",  # clubs 11+10+9+8+7 = 45
        "TD 7H 9H TH AS KS QD JD KD QH JS TS",
    )
    assert s.current == 1
    point = [a - POINT for a in s.legal_actions()]
    assert point == [SPADES]  # his best suit: ♠A K J 10 = 41
    s.apply_action(POINT + SPADES)
    assert s.legal_actions() == [POINT + CLUBS]
    s.apply_action(POINT + CLUBS)
    assert s.vars.score == (5, 0)


def test_a_tied_point_scores_nothing() -> None:
    game = Captain()
    s = declaring(
        game,
        "AC 7C 8C 9C 7S 8S 9S TS 7H 8H 9H TH",  # clubs 35 in four cards
        "AD 7D 8D 9D KS QS JS KH QH JH KC QC",  # diamonds 35 in four cards
    )
    s.apply_action(POINT + DIAMONDS)
    s.apply_action(POINT + CLUBS)
    assert s.vars.kind == 1  # the point is settled, the sequences are next
    assert s.vars.score == (0, 0)


def test_the_count_never_breaks_a_tie_in_this_deck() -> None:
    """A fact of the 7-A deck: n cards of a suit total at most 10n + 1, n + 1 cards at least
    more, so equal totals always come with equal counts and the text's tie-break by count
    never decides."""
    from itertools import combinations

    suit = [PIPS[x] for x in cards("AS KS QS JS TS 9S 8S 7S")]
    totals: dict[int, set[int]] = {}
    for n in range(1, 9):
        for chosen in combinations(suit, n):
            totals.setdefault(sum(chosen), set()).add(n)
    assert all(len(counts) == 1 for counts in totals.values())


def test_sequences_score_ten_and_one_a_card() -> None:
    runs = {len(x.cards): x.value for x in COMBOS.catalogue if x.kind == "run"}
    assert runs[3] == 13 and runs[4] == 14 and runs[8] == 18


def test_the_texts_sequence_example() -> None:
    """The opponent's A-K-Q beats the dealer's 9-10-J of the same length: 13 points."""
    game = Captain()
    s = declaring(
        game,
        "JC TC 9C 7H 8S AD QD 9D 7D 7S QS TH",
        "AH KH QH 7C 8C KD JD 8D TS JS 9H 8H",
    )
    while s.vars.kind == 0:
        s.apply_action(s.legal_actions()[0])
    base = s.vars.combos
    names = [s.action_name(a) for a in s.legal_actions()]
    assert s.current == 1 and names == ["declare run A♥ K♥ Q♥"]
    s.apply_action(s.legal_actions()[0])
    s.apply_action(s.legal_actions()[0])
    assert s.vars.combos[1] - base[1] == 13 and s.vars.combos[0] == base[0]


def test_sets_from_piquet() -> None:
    sets = {(len(x.cards), x.cards[0] % 13) for x in COMBOS.catalogue if x.kind == "set"}
    assert (4, 0) in sets and (3, 9) in sets and not any(r == 8 for _, r in sets)  # no 9s
    values = {len(x.cards): x.value for x in COMBOS.catalogue if x.kind == "set"}
    assert values == {4: 14, 3: 3}
    found = [COMBOS.catalogue[i] for i in COMBOS.find(cards("AS AH AC AD KS KH KC"))]
    assert sorted((x.kind, len(x.cards)) for x in found) == [("set", 3), ("set", 4)]


def playing(game: Captain, hand0: str, hand1: str) -> GameState:
    s = game.new_initial_state(0)
    for zone in s.zones.values():
        zone.clear()
    s.zones["hand0"], s.zones["hand1"] = cards(hand0), cards(hand1)
    s.vars = attrs.evolve(
        s.vars,
        phase="play",
        dealer=1,
        score=(0, 0),
        led=(0, 0),
        captured=(0, 0),
        tricks=(0, 0),
        bonus=(0, 0),
        blank=(False, False),
        combos=(0, 0),
    )
    s.current = 0
    return s


def test_trick_scores_from_piquet() -> None:
    game = Captain()
    s = playing(game, "AS 7H", "KS 8H")
    s.apply_action(c("AS"))
    assert s.vars.score == (1, 0)  # 1 for the lead
    assert list(s.legal_actions()) == cards("KS")  # follow suit
    s.apply_action(c("KS"))
    s.apply_action(c("7H"))
    s.apply_action(c("8H"))  # won on the other's lead: 1, and the last trick 1
    assert s.vars.match == (2, 2)
    assert s.vars.deals == 2


def test_seven_tricks_and_capot() -> None:
    game = Captain()
    hand0 = "AS KS QS JS TS 9S 8S AH KH QH JH TH"
    s = playing(game, hand0, "7S 7H 8H 9H 7C 8C 9C TC 7D 8D 9D TD")
    for card in cards(hand0):
        s.apply_action(card)
        s.apply_action(s.legal_actions()[0])
    assert s.vars.match == (12 + 1 + 40, 0)
    # seven spades for player 0, then player 1 takes the clubs and leads out the diamonds
    s = playing(game, "AS KS QS JS TS 9S 8S 7C 8C 9C TC JC", "7S AH KH QH JH TH AC KC QC 7D 8D 9D")
    for _ in range(12):
        s.apply_action(s.legal_actions()[0])
        s.apply_action(s.legal_actions()[0])
    # player 0: 8 leads and 10 for the cards; player 1: 4 leads, 1 trick on the other's
    # lead, 1 for the last
    assert s.vars.match == (18, 6)


def test_a_match_is_six_deals() -> None:
    game = Captain()
    rng = random.Random(1)
    s = game.new_initial_state(1)
    random_playout(s, rng)
    assert s.current == TERMINAL and s.vars.deals == 6


def test_conformance() -> None:
    assert check_game(Captain(deals=2), seeds=range(6)) > 0
