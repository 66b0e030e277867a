"""The Gilbreath principle (Norman Gilbreath, 1958): red and black pairs after a real shuffle.

Not from the source texts: the classic model-checking example (it has been checked in ProB and
in ASMETA for small decks), shipped to show what a proof over every cut and every riffle looks
like.

The deck alternates red and black. The spectator deals any number of cards face down onto the
table, one at a time, then riffles that pile into the rest, any way they like. Dealt in pairs
from the top, every pair is one red card and one black card.

Routine notes
=============

The deal matters: dealing reverses the pile, so that the bottom cards of the two packets are of
different colours (the principle needs exactly that); a cut without the deal works only when the
cut is odd. The pile is the top half of the riffle, the rest the bottom half, and the choice is
every riffle of the two (:class:`conjure.deck.Riffles`: one option for each of the C(n, k)
ways they can fall together, indexed lazily). The number of cards is ``2 × pairs``
(``--param pairs=26`` is a 52-card deck). The set-up orders of the red cards and of the black
cards are free: which red card lies where does not matter, and the routine says so by declaring
the colours interchangeable (the claim reads only a card's colour; the verifier checks that
nothing else is read). With 16 cards the verifier walks every deal and every riffle (65,534
cases over the colours, 1.06e14 with the cards told apart); with 52 the riffles alone are
about 4.5e15 and it searches.
"""

from __future__ import annotations

from conjure import Text
from conjure.deck import CARDS, Deal, DeckState, Riffle, Riffles, Transfer
from conjure.magic import Claim, Param, Performance, Routine, hands_empty, interchangeable

REDS = tuple(CARDS[s * 13 + r] for s in (1, 3) for r in range(13))  # ♥ A–K, then ♦
BLACKS = tuple(CARDS[s * 13 + r] for s in (0, 2) for r in range(13))  # ♠ A–K, then ♣
PILE, REST = "table.pile", "spectator"


def script(p: Performance) -> None:
    pairs = p.param("pairs")
    reds = p.arrange_order("reds", REDS[:pairs], en="the red cards' order", zh="红牌的顺序")
    blacks = p.arrange_order("blacks", BLACKS[:pairs], en="the black cards' order", zh="黑牌的顺序")
    p.start(
        DeckState.from_cards(REST, [c for pair in zip(reds, blacks, strict=True) for c in pair])
    )
    del reds, blacks  # read no further: the verifier merges situations at every step
    _deal_a_pile(p)
    _riffle(p)
    _deal_pairs(p)


def _deal_a_pile(p: Performance) -> None:
    p.step(
        "①",
        en="Hand the deck, red and black alternating, to the spectator, who deals as many cards "
        "as they like face down onto the table, one at a time.",
        zh="把红黑相间的牌交给观众，观众随意发若干张牌到桌上（一次一张，背面向上）。",
    )
    n = p.state.size(REST)
    dealt = p.choose("deal", range(1, n), en="how many cards the spectator deals", zh="发牌张数")
    p.do(Deal(REST, PILE, dealt))


def _riffle(p: Performance) -> None:
    p.step(
        "②",
        en="The spectator riffles the pile into the cards in their hands, any way they like.",
        zh="观众把桌上的牌与手中的牌随意鸽尾洗在一起。",
    )
    dealt = p.state.size(PILE)
    p.do(Transfer(PILE, REST))  # the pile is the top half of the riffle
    riffle: Riffle = p.choose(
        "riffle",
        Riffles(REST, p.state.size(REST), cut=dealt),  # type: ignore[arg-type]
        en="how the two halves fall together",
        zh="两半牌如何交错落下",
    )
    p.do(riffle)


def _deal_pairs(p: Performance) -> None:
    p.step(
        "③",
        en="Take the deck and deal it face up in pairs from the top: every pair is a red card "
        "and a black card.",
        zh="拿起牌，从上面开始每次两张表面向上发出：每一对都是一红一黑。",
    )
    p.do(Transfer(REST, "left"))
    for i in range(p.state.size("left") // 2):
        p.reveal(Deal("left", f"table.pair{i + 1}", 2, turn=True))


_NOTHING = Text("nothing", zh="空的")
#: the classes of interchangeable cards: the colours
RED, BLACK = Text("a red card", zh="红牌"), Text("a black card", zh="黑牌")
_NOT_RED_BLACK = Text(
    "the audience sees {shown} as pair {i}, not a red card and a black card",
    zh="观众看到第{i}对是{shown}，不是一红一黑",
)


def red_and_black(p: Performance) -> Text | None:
    for i in range(1, p.in_play // 2 + 1):
        pair = p.seen(f"table.pair{i}")
        if len(pair) != 2 or pair[0].is_red == pair[1].is_red:
            return _NOT_RED_BLACK.format(shown=" ".join(map(str, pair)) or _NOTHING, i=i)
    return None


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
        Claim(
            "red-and-black",
            en="dealt in pairs from the top, every pair is a red card and a black card",
            zh="从上面每次发两张，每对都是一红一黑",
            check=red_and_black,
        ),
        hands_empty(),
    ),
    notes=__doc__ or "",
    interchangeable=interchangeable((*REDS, *BLACKS), lambda c: RED if c.is_red else BLACK),
)
