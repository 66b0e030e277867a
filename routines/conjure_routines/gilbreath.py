"""The Gilbreath principle (Norman Gilbreath, 1958): colours, or suits, that stay together
through a real shuffle.

Not from the source texts: the classic model-checking example (it has been checked in ProB and
in ASMETA for small decks), shipped to show what a proof over every cut and every riffle looks
like. Two routines:

- ``gilbreath`` (the first principle): the deck alternates red and black. The spectator deals
  any number of cards face down onto the table, one at a time, then riffles that pile into the
  rest, any way they like. Dealt in pairs from the top, every pair is one red card and one
  black card.
- ``gilbreath-suits`` (the same principle for a longer cycle): the suits repeat ♠ ♥ ♣ ♦ from
  the top; after the same deal and riffle, every group of four dealt from the top holds one
  card of each suit.

Routine notes
=============

The deal matters: dealing reverses the pile, so that the bottom cards of the two packets follow
the cycle the other way round (the principle needs exactly that); a cut without the deal works
only for some cuts. The pile is the top half of the riffle, the rest the bottom half, and the
shuffle is every riffle of the two (:class:`conjure.deck.Riffles`, each equally likely), made
with ``p.shuffle``: the script is not told which riffle it was, so the verifier walks the
riffle card by card and meets two riffles that leave the same situation halfway as one.

What is read. Which red card lies where does not matter (the claim reads only colours, or only
suits), and the routine says so by declaring the colours (the suits) interchangeable; the claim
reads each pair (each group of four) as a set of cards, declared with ``each_group``: the
verifier checks on every case that nothing else is read, and compares riffles that put the same
cards in each group as one. The number of cards is ``2 × pairs`` (``--param pairs=26`` is a
52-card deck), or ``4 × quartets``.

What the verifier says. Both are proved over every deal and every riffle: for 52 cards in pairs,
2**52 − 2 cases over the colours (every riffle of every deal, each riffle counted once), about
4.5e15; with the cards told apart, times 26! × 26! orders of the reds and the blacks. The proof
grows with the square of the deck: for each deal, the situations halfway through the riffle are
how many cards of each half have fallen, and the colour of an unfinished pair.
"""

from __future__ import annotations

from conjure import Text
from conjure.deck import CARDS, Deal, DeckState, Riffles, Transfer
from conjure.magic import (
    ONE_OF_EACH_SUIT,
    ONE_RED_ONE_BLACK,
    Param,
    Performance,
    Routine,
    alike_by_colour,
    alike_by_suit,
    cards_end_in,
    each_shows,
    hands_empty,
)

REDS = tuple(CARDS[s * 13 + r] for s in (1, 3) for r in range(13))  # ♥ A–K, then ♦
BLACKS = tuple(CARDS[s * 13 + r] for s in (0, 2) for r in range(13))  # ♠ A–K, then ♣
#: the suits from the top of the cycle: spades, hearts, clubs, diamonds
CYCLE = ("S", "H", "C", "D")
BY_SUIT = {suit: tuple(CARDS[s * 13 + r] for r in range(13)) for s, suit in enumerate("SHCD")}
PILE, REST = "table.pile", "spectator"
#: where the groups are dealt: the most a 52-card deck needs
PAIRS = tuple(f"table.pair{i}" for i in range(1, 27))
QUARTETS = tuple(f"table.group{i}" for i in range(1, 14))

_DEAL = Text(
    "The spectator deals as many cards as they like face down onto the table, one at a time.",
    zh="观众随意发若干张牌到桌上（一次一张，背面向上）。",
)
_RIFFLE = Text(
    "The spectator riffles the pile into the cards in their hands, any way they like.",
    zh="观众把桌上的牌与手中的牌随意鸽尾洗在一起。",
)


def script(p: Performance) -> None:
    pairs = p.param("pairs")
    reds = p.arrange_order("reds", REDS[:pairs], en="the red cards' order", zh="红牌的顺序")
    blacks = p.arrange_order("blacks", BLACKS[:pairs], en="the black cards' order", zh="黑牌的顺序")
    p.start(
        DeckState.from_cards(REST, [c for pair in zip(reds, blacks, strict=True) for c in pair])
    )
    del reds, blacks  # read no further: the verifier merges situations at every step
    p.step(
        "①",
        en="Hand the deck, red and black alternating, to the spectator. " + _DEAL.en,
        zh="把红黑相间的牌交给观众。" + _DEAL.zh,
    )
    _deal_a_pile(p)
    p.step("②", _RIFFLE)
    _riffle(p)
    p.step(
        "③",
        en="Take the deck and deal it face up in pairs from the top: every pair is a red card "
        "and a black card.",
        zh="拿起牌，从上面开始每次两张表面向上发出：每一对都是一红一黑。",
    )
    _deal_groups(p, PAIRS, 2)
    p.effect(
        "after a shuffle of the spectator's own, every pair dealt is still a red card and a "
        "black card",
        zh="观众亲手洗过牌之后，发出的每一对仍然是一红一黑",
    )


def suits_script(p: Performance) -> None:
    quartets = p.param("quartets")
    orders = [
        p.arrange_order(suit, BY_SUIT[suit][:quartets], en=f"the {name} order", zh=f"{zh}的顺序")
        for suit, name, zh in zip(
            CYCLE,
            ("spades'", "hearts'", "clubs'", "diamonds'"),
            ("黑桃", "红桃", "梅花", "方块"),
            strict=True,
        )
    ]
    p.start(DeckState.from_cards(REST, [c for group in zip(*orders, strict=True) for c in group]))
    del orders  # read no further: the verifier merges situations at every step
    p.step(
        "①",
        en="Hand the deck, its suits repeating spades, hearts, clubs, diamonds from the top, to "
        "the spectator. " + _DEAL.en,
        zh="把花色从上到下按黑桃、红桃、梅花、方块循环排列的牌交给观众。" + _DEAL.zh,
    )
    _deal_a_pile(p)
    p.step("②", _RIFFLE)
    _riffle(p)
    p.step(
        "③",
        en="Take the deck and deal it face up in fours from the top: every four hold one card "
        "of each suit.",
        zh="拿起牌，从上面开始每次四张表面向上发出：每四张都是四种花色各一张。",
    )
    _deal_groups(p, QUARTETS, 4)
    p.effect(
        "after a shuffle of the spectator's own, every four cards dealt hold one of each suit",
        zh="观众亲手洗过牌之后，发出的每四张仍然是四种花色各一张",
    )


def _deal_a_pile(p: Performance) -> None:
    n = p.state.size(REST)
    dealt = p.choose("deal", range(1, n), en="how many cards the spectator deals", zh="发牌张数")
    p.do(Deal(REST, PILE, dealt))
    p.impression(
        "the spectator has dealt as many cards as they liked: the performer has no say",
        zh="观众想发几张就发几张：表演者无从控制",
    )


def _riffle(p: Performance) -> None:
    dealt = p.state.size(PILE)
    p.do(Transfer(PILE, REST))  # the pile is the top half of the riffle
    p.shuffle(
        "riffle",
        Riffles(REST, p.state.size(REST), cut=dealt),
        en="how the two halves fall together",
        zh="两半牌如何交错落下",
    )
    p.impression(
        "the spectator has shuffled the deck as they liked: its order is lost",
        zh="观众随意洗了牌：顺序已经乱了",
    )


def _deal_groups(p: Performance, places: tuple[str, ...], size: int) -> None:
    p.do(Transfer(REST, "left"))
    for place in places[: p.state.size("left") // size]:
        p.reveal(Deal("left", place, size, turn=True))


ROUTINE = Routine(
    id="gilbreath",
    name_zh="吉尔布雷思原理",
    name_en="The Gilbreath Principle",
    source="traditional (Norman Gilbreath, 1958)",
    source_zh="传统（诺曼·吉尔布雷思，1958年）",
    summary_en="A deck alternating in colour is dealt into a pile and riffled into itself by the "
    "spectator; dealt in pairs, every pair is a red card and a black card.",
    summary_zh="红黑相间的牌，观众发出一叠再与其余的牌鸽尾洗在一起；每次发两张，每对都是一红一黑。",
    setup_en="2 × pairs cards (16 by default), red and black alternating, red on top, face down.",
    setup_zh="2×pairs张牌（默认16张），红黑相间，红牌在上，背面向上。",
    script=script,
    params=(
        Param(
            "pairs",
            8,
            2,
            26,
            en="how many red-black pairs the deck holds (8: 16 cards; 26: a full deck)",
            zh="红黑对数（8：16张；26：整副牌）",
        ),
    ),
    claims=(
        each_shows(
            PAIRS,
            ONE_RED_ONE_BLACK,
            id="red-and-black",
            en="dealt in pairs from the top, every pair is a red card and a black card",
            zh="从上面每次发两张，每对都是一红一黑",
        ),
        hands_empty(),
        cards_end_in(
            *PAIRS,
            en="every card is dealt into a pair",
            zh="每张牌都发进了某一对",
        ),
    ),
    notes=__doc__ or "",
    interchangeable=alike_by_colour((*REDS, *BLACKS)),
)

SUITS = Routine(
    id="gilbreath-suits",
    name_zh="吉尔布雷思原理（四种花色）",
    name_en="The Gilbreath Principle in Fours",
    source="traditional (Norman Gilbreath, 1958)",
    source_zh="传统（诺曼·吉尔布雷思，1958年）",
    summary_en="A deck whose suits repeat spades, hearts, clubs, diamonds is dealt into a pile "
    "and riffled into itself by the spectator; dealt in fours, every four hold all four suits.",
    summary_zh="花色按黑桃、红桃、梅花、方块循环的牌，观众发出一叠再与其余的牌鸽尾洗在一起；"
    "每次发四张，每四张都是四种花色各一张。",
    setup_en="4 × quartets cards (16 by default), the suits repeating spades, hearts, clubs, "
    "diamonds from the top, face down.",
    setup_zh="4×quartets张牌（默认16张），花色从上到下按黑桃、红桃、梅花、方块循环，背面向上。",
    script=suits_script,
    params=(
        Param(
            "quartets",
            4,
            2,
            13,
            en="how many cycles of the four suits the deck holds (4: 16 cards; 13: a full deck)",
            zh="四种花色循环的次数（4：16张；13：整副牌）",
        ),
    ),
    claims=(
        each_shows(
            QUARTETS,
            ONE_OF_EACH_SUIT,
            id="four-suits",
            en="dealt in fours from the top, every four hold one card of each suit",
            zh="从上面每次发四张，每四张都是四种花色各一张",
        ),
        hands_empty(),
        cards_end_in(
            *QUARTETS,
            en="every card is dealt into a group of four",
            zh="每张牌都发进了某一组",
        ),
    ),
    notes=__doc__ or "",
    interchangeable=alike_by_suit(c for suit in CYCLE for c in BY_SUIT[suit]),
)
