"""求婚的国王 (The Courting Kings), text 003, section 「四、求婚的国王」.

Routine notes
=============

Reading of the fan (step ①). The eight cards are fanned with their faces toward the performer,
Queens on the left, Kings on the right. In a fan of a face-up packet the top (face) card is the
rightmost, so once the packet is squared face up in step ② the top card is the rightmost King
and the bottom card the leftmost Queen. We hold the set-up face down in that fan order, top card
= leftmost, so that turning it face up in ② gives exactly that packet. This reading is checked
against the book's own closing example: with Queens ♣ ♥ ♠ ♦ and Kings ♣ ♥ ♦ ♠ from the left,
every pair dealt in ⑧ is a same-suit marriage (see ``marriages`` below and the tests).

Step ② says the packet is "face up in the left hand" and then describes the right hand's grip
from above (middle and ring fingers at the outer end, thumb at the inner end: Biddle grip); the
left thumb then peels from it in ③. We read it as: square face up in the left hand, then the
right hand takes the packet from above.

Step ④ is a Biddle steal: as the first Queen is peeled, the right hand takes the two Kings above
the break under its packet. The steal comes first so that the peeled Queen lands on the Kings
below the break.

Step ⑥ turns the left hand over and pushes the top card a little to the right: the audience
sees the face of the bottom card and the index of the top card. We model it as showing the
bottom and showing the top, two Queens.

Step ⑦ says the second King is put back "背面向下" (back down) onto the top; the first one went
to the bottom "背面向上" (back up). Turning it face up would show a King face up on top at the
end, which the book never mentions; we read it as face down again (the book's wording repeats
"按照原来的样子", as it was).

The rest of the 54-card deck is set aside in step ① and never touched; its order is fixed in
the set-up because nothing depends on it.

Which King is which is not part of the effect: the audience is shown and told Kings and Queens,
and every promised claim reads ranks only, so the routine declares the Kings interchangeable,
and the Queens. The verifier then meets the 576 set-ups as one situation after step ① (and
checks, on every case, that nothing reads a suit); the optional ``marriages`` claim reads
suits, so ``--claim marriages`` refuses the classes and walks every card told apart.

The book's closing note says how to make every pair a same-suit marriage; its sentence is
garbled (it names the fifth, sixth, fourth and eighth Kings of a four-King fan). ``conjure solve
courting-kings marriages`` finds the rule exactly: the Queens may be in any order, and the Kings
from the left must repeat the Queens' suits with the last two swapped: 24 set-ups of the 576.
The book's example is one of them.
"""

from __future__ import annotations

from conjure.deck import (
    CARDS,
    CompleteCut,
    Deal,
    DeckState,
    HoldBreak,
    Peel,
    ShowBottom,
    ShowTop,
    Spread,
    Square,
    Steal,
    Take,
    Transfer,
    TurnOver,
    full_deck,
)
from conjure.magic import (
    ONE_SUIT,
    Performance,
    Routine,
    alike_by_rank,
    believe_pattern,
    cards_end_in,
    each_shows,
    every,
    hands_empty,
    ranks_shown,
)

KING, QUEEN = 13, 12
SUITS = "SHCD"
#: the rest of the deck, set aside in step ①
REST = tuple(c for c in full_deck(54) if c.rank not in (QUEEN, KING))
PAIRS = tuple(f"table.pair{i}" for i in range(1, 5))


def _set_up(p: Performance) -> None:
    queens = p.arrange_order(
        "queens",
        SUITS,
        en="the Queens' suits in the fan, from the left",
        zh="扇形中Q的花色（从左起）",
    )
    kings = p.arrange_order(
        "kings",
        SUITS,
        en="the Kings' suits in the fan, from the left",
        zh="扇形中K的花色（从左起）",
    )
    fan = [CARDS[SUITS.index(s) * 13 + QUEEN - 1] for s in queens] + [
        CARDS[SUITS.index(s) * 13 + KING - 1] for s in kings
    ]
    p.start(DeckState.from_cards({"table": fan, "table.aside": REST}))


def script(p: Performance) -> None:
    _set_up(p)  # its working values stay inside it, so the verifier can merge at every step
    p.step(
        "①",
        en="Take out the four Kings and the four Queens and lay them face down on the table; put "
        "the rest of the deck aside. Fan the eight with their faces toward yourself, the four "
        "Queens on the left and the four Kings on the right.",
        zh="抽出4张国王（K）与4张皇后（Q），表面向下置于桌上，其余的牌放在旁边。将国王与皇后各4张"
        "表面向着自己展开成扇状，而且，4张Q排列于左方，4张K则排列于右方。",
    )
    p.do(Transfer("table", "left"), Spread("left", "self"))
    p.impression(
        "the performer sorts out the four Kings and the four Queens; the rest of the deck is "
        "set aside",
        zh="表演者挑出了4张K和4张Q，其余的牌放在一旁",
    )

    p.step(
        "②",
        en="Square the eight cards and hold them face up in the left hand. The right hand takes "
        "them from above: middle and ring fingers at the outer end, thumb at the inner end.",
        zh="叠齐8张牌，表面向上拿在左手。取牌时，用右手从上方拿起。持牌方法是，将中指与无名指贴于"
        "外端，拇指则贴于内端。",
    )
    p.do(Square("left"))
    p.show(TurnOver("left"))  # the face King comes into view
    p.do(Transfer("left", "right"))
    p.believe(
        believe_pattern(
            "right",
            "K* Q*4",
            en="the right hand holds four Kings above four Queens",
            zh="右手是4张K在4张Q之上",
            count=8,
        )
    )

    p.step(
        "③",
        en="With the left thumb peel the King on the face into the left hand, then the second "
        "the same way. Peel the third, and hold a little-finger break under it; peel the fourth. "
        "Pause and show that the left hand holds four Kings.",
        zh="用左拇指向左抽出位于表面的K，并拿在左手。第二张K，以相同的方式抽出之后予以取起。然后再"
        "取第三张K，用这张K的下方挟住左小指尖，以设置布雷克，然后再取第4张K。向观众展示左手已有4张K。",
    )
    p.believe(every("left", KING, en="the left hand holds the Kings", zh="左手是K"))
    p.show(Peel("right", "left"), Peel("right", "left"), Peel("right", "left"))
    p.do(HoldBreak("left", 1))
    p.show(Peel("right", "left"))
    p.believe(
        every(
            "left", KING, en="the left hand holds four Kings", zh="左手是4张K", count=4, backed=4
        ),
        every("right", QUEEN, en="the right hand holds four Queens", zh="右手是4张Q", count=4),
    )

    p.step(
        "④",
        en="Bring the right hand's four Queens over the Kings. As the left thumb peels the first "
        "Queen, the right middle finger and thumb take the two Kings above the break under the "
        "Queens (Biddle steal). Peel the second and third Queens, then drop the fourth Queen "
        "with the two Kings under it as one card onto the left hand's cards.",
        zh="将右手的4张Q拿到左手的K之上。以左手拇指抽出第一张Q，同时利用右手中指与拇指尖取起布雷克"
        "上方的2张K，并放入右手的Q下。以左手拇指取出第二张与第三张Q。然后将第四张Q与其下方的2张K"
        "叠成一张，放在左手的牌上方。",
    )
    p.believe(
        believe_pattern(
            "left",
            "Q|K K*",
            en="Queens are being peeled onto the four Kings",
            zh="Q逐张放在4张K之上",
        )
    )
    p.do(Steal("left", "right"))
    p.show(Peel("right", "left"), Peel("right", "left"), Peel("right", "left"))
    p.show(Take("right", "left", 3))  # the fourth Queen, two Kings hidden under it
    p.believe(
        believe_pattern(
            "left",
            "Q* K*4",
            en="the left hand holds four Queens on four Kings",
            zh="左手是4张Q在4张K之上",
            count=8,
        )
    )

    p.step(
        "⑤",
        en="Square the packet and turn it face down. At once spread the top four cards and take "
        "them in the right hand: the audience takes them for the four Kings. Each hand now holds "
        "four cards; square them.",
        zh="将布雷克叠齐之后翻过来，使其表面向下。然后立刻展开特普的4张牌，并拿在右手。观众会认为这4张"
        "牌都是K。这样就算双手各有4张牌。将这些牌叠齐。",
    )
    p.do(Square("left"), TurnOver("left"))
    p.believe(
        believe_pattern(
            "left",
            "K* Q*4",
            en="the left hand holds four Kings on four Queens",
            zh="左手是4张K在4张Q之上",
            count=8,
        )
    )
    p.do(Take("left", "right", 4), Square("left"), Square("right"))
    p.believe(  # "each hand now holds four cards"
        every("right", KING, en="the right hand holds the four Kings", zh="右手是4张K", count=4),
        every("left", QUEEN, en="the left hand holds the four Queens", zh="左手是4张Q", count=4),
    )

    p.step(
        "⑥",
        en="Turn the left hand over so the face of its packet is toward the audience, and push "
        "the top card a little to the right with the left thumb so its index shows. Seeing a "
        "Queen on top and a Queen at the bottom, the audience believes all four are Queens. Turn "
        "the hand back and lay the packet face down on the table.",
        zh="将左手翻过来，布雷克的表面向着观众，并以左手拇指稍微向右推出特普牌，使观众能够看到牌的"
        "符号。由于观众可看到特普与波顿的Q，会认为这些牌都是Q。将左手恢复原状，并将布雷克表面向下，"
        "放在桌上。",
    )
    p.show(ShowBottom("left"), ShowTop("left"))
    p.do(Transfer("left", "table"))
    p.forget("left")
    p.believe(
        every(
            "table",
            QUEEN,
            en="the four Queens lie on the table",
            zh="桌上是4张Q",
            count=4,
            backed=2,
        )
    )

    p.step(
        "⑦",
        en="Move the right hand's cards to the left hand, saying 'These are the four Kings'. "
        "Take the top card with the right hand and show it: a King. Put it face down to the "
        "bottom. Show the next top card: a King too. Put it back face down on top, and lay this "
        "packet on the one on the table.",
        zh="将右手的扑克移到左手，一方面向观众说：“这边是4张K”，一方面以右手拿起特普牌，给观众看，"
        "以便观众清楚地看到这是K的牌。之后，将这张牌的背面向上，放入波顿之中。接着取出其次的特普牌。"
        "并让观众了解，这一张也是K的牌。之后，按照原来的样子，使背面向下，置于特普之中，"
        "将此布雷克重叠于桌上的布雷克。",
    )
    p.do(Transfer("right", "left"))
    p.forget("right")
    p.patter("These are the four Kings.", zh="这边是4张K。")
    p.believe(  # "These are the four Kings"
        every("left", KING, en="the left hand holds the four Kings", zh="左手是4张K", count=4)
    )
    p.show(ShowTop("left"))
    p.do(CompleteCut("left", 1))
    p.show(ShowTop("left"))
    p.do(Transfer("left", "table"))
    p.forget("left")
    p.believe(
        believe_pattern(
            "table",
            "K* Q*4",
            en="the four Kings lie on the four Queens",
            zh="4张K叠在4张Q之上",
            count=8,
            backed=2,
        )
    )

    p.step(
        "⑧",
        en="Pick up the eight cards and press them hard between the hands: 'When I press them "
        "like this, the Kings and the Queens find each other.' Deal them face up from the top "
        "in pairs: every pair is a King and a Queen.",
        zh="拿起重叠于桌上的8张牌，一面说：“用力压下这样牌时，国王与皇后就会在一起”，一面将这8张牌"
        "挟在双手中间用力压下。然后，从特普开始各取出2张牌凑成一对，并表面向上予以分配，每对牌已全部"
        "成为国王与皇后。",
    )
    p.do(Transfer("table", "left"))
    p.forget()
    p.patter(
        "When I press them like this, the Kings and the Queens find each other.",
        zh="用力压下这些牌时，国王与皇后就会在一起。",
    )
    for pile in PAIRS:
        p.reveal(Deal("left", pile, 2, turn=True))
    p.effect(
        "the Kings and the Queens, apart a moment ago, have found each other: every pair dealt "
        "is a King and a Queen",
        zh="刚才还分开的国王与皇后找到了彼此：发出的每一对都是一张K和一张Q",
    )


ROUTINE = Routine(
    id="courting-kings",
    name_zh="求婚的国王",
    name_en="The Courting Kings",
    source="text 003 「四、求婚的国王」",
    source_zh="原文003「四、求婚的国王」",
    summary_en="Four Kings and four Queens are separated, yet when pressed between the hands and "
    "dealt in pairs every pair is a King and a Queen.",
    summary_zh="4张国王与4张皇后分开之后，夹在双手间用力一压，每次分配2张，每对都是国王与皇后。",
    setup_en="The four Kings and four Queens face down on the table in the order of the fan of "
    "step ①: the Queens (in any suit order) above the Kings (in any suit order). The rest of the "
    "54-card deck lies aside.",
    setup_zh="4张K与4张Q表面向下置于桌上，顺序即①中扇形的顺序：Q（花色任意）在K（花色任意）之上。"
    "其余的牌放在旁边。",
    script=script,
    claims=(
        each_shows(
            PAIRS,
            ranks_shown((QUEEN, KING)),
            id="king-and-queen",
            en="dealt in pairs from the top, every pair is a King and a Queen",
            zh="从特普开始每次分配2张，每对都是国王与皇后",
        ),
        hands_empty(),
        cards_end_in(
            *PAIRS,
            "table.aside",
            en="the eight cards end in the four pairs, the rest of the deck aside",
            zh="8张牌最后分成4对，其余的牌在旁边",
        ),
        each_shows(
            PAIRS,
            ONE_SUIT,
            id="marriages",
            en="every pair is a King and Queen of the same suit (the book's closing note; holds "
            "only for some suit orders)",
            zh="每对都是同花色的国王与皇后（书末的注；只对部分花色顺序成立）",
            promised=False,
        ),
    ),
    notes=__doc__ or "",
    example={"queens": "CHSD", "kings": "CHDS"},  # the book's own example (its closing note)
    # what the audience is told and shown is Kings and Queens: a King is any King to them,
    # and to every promised claim (the optional marriages claim reads suits, and is walked
    # with every card told apart)
    interchangeable=alike_by_rank(c for c in full_deck(52) if c.rank in (QUEEN, KING)),
)
