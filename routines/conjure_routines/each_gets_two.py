"""各得其二 (Each Gets Two), text 000 「各得其二」.

The performer and the spectator each hold half the deck behind their backs, each picks a card
and they exchange them; each reverses the other's card into their own half. Secretly the
performer keeps the spectator's card on top of his half, face down as it came, and reverses a 2
from his bottom instead; the card he gave the spectator was a 2 from his bottom too. When the
halves are spread, both show reversed 2s.

Routine notes
=============

Which way the deck faces, and where the 2s are (``reading``). The text puts the four 2s at the
bottom (波顿) and then says "first turn the deck over, face up, hold it in the left hand, and let
the spectator take the upper half". Taken literally (``reading=1``) the turnover brings the 2s to
the top, the spectator's half gets them, and the performer's bottom holds none: the verifier
refutes this reading at once for every number of rounds (see ``conjure verify each-gets-two
--param reading=1``). We therefore read it (``reading=0``, the default) as: the deck is held
face down in the left hand with the four 2s at its bottom, so that they stay at the bottom of
the performer's lower half. The halves stay face down; a card "turned over and inserted" ends
face up in a face-down half, which is what "reversed" means below.

The halves stay behind the backs from the first exchange until the spread: "repeat the above"
(反复作出上面的动作) repeats the exchange, and nothing in the text brings the halves forward in
between. Brought forward after each exchange, a half whose reversed card had come to its top
(the spectator picks the card just above it next time) would show that card's face at once:
the verifier reports it as a flash.

In step ③ the text has the performer take out his card "and show it to the audience"
(抽出一张展示给观众); we read that as presenting the card, back outward: the exchange is made
"without looking at the faces" (不要看牌的正面), and a 2 shown here would give the climax away.

Cards put "in front" (置于前方) are laid face down on the table as they came from the half, and
the exchange happens without anyone looking at the faces, as the text says.

The number of exchanges (``rounds``). The text says to repeat the exchange 3–5 times. Each
exchange uses two 2s from the performer's bottom: the one he gives the spectator and the one he
reverses into his own half. With four 2s at most two exchanges can work; from 3 on, the third
card the performer hands over comes from a bottom that has no 2 left, and the spectator
reverses an indifferent card. Two exchanges fail too, more rarely: when the spectator's second
pick is the 2 they reversed in the first exchange, it comes out face up and lies face up on the
table in front of everyone (the verifier finds this case; about one performance in thirty).
One exchange always works, so the default is 1; to repeat it 3–5 times as the book says, the
performer would need six to ten 2s at the bottom and a spectator who never picks a reversed card.

What the verifier says. One exchange is proved over every case: every deck order, cut, pick,
insertion and performer's insertion, 2.58e73 cases, walked as about 284,000 performances by
merging situations and treating the 48 other cards (and the four 2s among themselves) as
interchangeable. Two exchanges are refuted by the same walk, in order: the smallest
counter-example has the spectator take 13 cards, push the reversed 2 in under their top card,
and at the second exchange draw the second card, that very 2, which comes out face up on the
table. We read this as a flaw of the method as the text gives it, not of our model of it:
nothing in the text keeps the spectator, drawing blind behind their back, from taking the card
they reversed, and a card that was turned over comes out turned over.

The spectator's free choices: where to cut (they are asked for the upper half: we allow any cut
from a quarter to three quarters of the deck, 13 to 39 cards), which card of their half they
pick (any), and where they insert the card they receive: "push it into your cards" (插进来),
anywhere below the top card, the bottom included. Left on top, the reversed card would face the
audience as soon as the hands come forward, before the spread: the verifier reports that as a
flash, so the performer must ask for the card to go into the half, not onto it. The
performer's latitude: where he inserts the reversed 2 into his half; the text says "into the
cards" (插进牌中), which we take as below the top card and above the bottom four cards, so that
it never lands among the 2s still waiting at the bottom. The deck's order before step ① is part
of the set-up and free (step ① moves the 2s to the bottom wherever they were), so the verifier
searches it too.
"""

from __future__ import annotations

from conjure.deck import (
    Behind,
    Cull,
    Cut,
    DeckState,
    Extract,
    Forward,
    Insert,
    Spread,
    Take,
    Transfer,
    TurnCard,
    TurnOver,
    full_deck,
)
from conjure.magic import (
    Param,
    Performance,
    Routine,
    alike_but,
    cards_end_in,
    holds,
    param_count,
    shows_count,
    shows_only,
)

TWO = 2
HALVES = ("left", "spectator")
DECK = full_deck(52)

# The moves that never change, made once: the verifier runs this script millions of times.
CULL_THE_TWOS = Cull("left", [c for c in DECK if c.rank == TWO])
HANDS_BEHIND = (Behind("performer"), Behind("spectator"))
HANDS_FORWARD = (Forward("performer"), Forward("spectator"))
DRAW_FROM_MY_BOTTOM = Take("left", "right", from_bottom=True)
MY_CARD_FORWARD = Transfer("right", "table.performer")
THEIR_CARD_FORWARD = Transfer("spectator.right", "table.spectator")
EXCHANGE = (Transfer("table.spectator", "right"), Transfer("table.performer", "spectator.right"))
THEY_TURN_IT = TurnCard("spectator.right")
THEIR_CARD_ON_MY_TOP = Take("right", "left")
I_TURN_IT = TurnCard("right")
# what the audience is told about the cards laid in front and exchanged: one card each
ONE_CARD_OF_MINE = holds("table.performer", 1, en="the performer lays one card in front of him")
ONE_CARD_OF_THEIRS = holds("table.spectator", 1, en="the spectator lays one card in front of them")
ONE_CARD_FOR_ME = holds("right", 1, en="the performer takes the spectator's one card")
ONE_CARD_FOR_THEM = holds("spectator.right", 1, en="the spectator takes the performer's one card")


def _round_label(number: str, r: int, rounds: int) -> str:
    return number if rounds == 1 else f"{number}·{r}"


# The script is written one function a step, with a while loop for the rounds, so that the
# verifier can merge situations at every step: a step's working values (the spectator's pick,
# where a card went in) live only inside its function, and nothing is hidden in a loop's
# iterator (conjure.magic.walk).


def script(p: Performance) -> None:
    literal = p.param("reading") == 1
    p.start(
        DeckState.from_cards(
            "left", p.arrange_order("deck", DECK, en="the deck's order", zh="牌的顺序")
        )
    )
    _twos_to_the_bottom(p)
    _spectator_takes_the_upper_half(p, literal)
    rounds = p.param("rounds")
    r = 1
    while r <= rounds:
        _both_lay_a_card_in_front(p, r, rounds)
        _exchange(p, r, rounds)
        _the_secret_switch(p, r, rounds)
        r += 1
    _spread(p)


def _twos_to_the_bottom(p: Performance) -> None:
    p.step(
        "①",
        en="Take the four 2s out of the deck and put them at the bottom.",
        zh="从准备好的牌叠中抽出4张2，并放置于波顿中。",
    )
    p.do(CULL_THE_TWOS)
    p.impression(
        "the performer takes the four 2s out to show them, and returns them to the deck",
        zh="表演者抽出4张2给大家看，再放回牌中",
    )


def _spectator_takes_the_upper_half(p: Performance, literal: bool) -> None:
    p.step(
        "②",
        en="Hold the deck in the left hand and ask the spectator to take the upper half.",
        zh="把牌用左手拿着，再请观众取出上半部分。",
    )
    if literal:
        p.note(
            "Literal reading: the deck is first turned over, face up.",
            "字面读法：先把牌翻过来，正面向上。",
        )
        p.show(TurnOver("left"))  # the text turns the deck face up in full view
    cut = p.choose(
        "cut", range(13, 40), en="how many cards the spectator takes", zh="观众取走的张数"
    )
    if literal:
        p.show(Cut("left", "spectator", cut))
    else:
        p.do(Cut("left", "spectator", cut))
    p.impression(
        "the deck is cut fairly in two: the spectator holds the upper half, the performer the rest",
        zh="牌被公平地分成两半：观众拿上半部分，表演者拿其余的",
    )


def _both_lay_a_card_in_front(p: Performance, r: int, rounds: int) -> None:
    p.step(
        _round_label("③", r, rounds),
        en="Both put their hands behind their backs. 'I'll take out my favourite card': "
        "really the performer takes the card at the bottom of his half and lays it face down "
        "in front of him. The spectator takes out a card they like and lays it face down in "
        "front of them.",
        zh="双方把手藏在背后。表演者说：“我要抽出一张我最喜欢的牌。”其实他是从波顿中抽出的一张，"
        "置于前方。然后也请观众抽出一张自己喜欢的牌置于前方。",
    )
    if r == 1:  # the halves stay behind the backs until the spread (see the notes)
        p.do(*HANDS_BEHIND)
    p.patter("I'll take out my favourite card.", zh="我要抽出一张我最喜欢的牌。")
    p.do(DRAW_FROM_MY_BOTTOM, secret=True)
    p.do(MY_CARD_FORWARD)
    p.believe(ONE_CARD_OF_MINE)
    size = p.state.size("spectator")
    pick = p.choose(
        f"pick{r}",
        range(size),
        en="which card of their half the spectator takes (from the top)",
        zh="观众从自己那一半中抽出的牌（从上数）",
    )
    p.do(Extract("spectator", "spectator.right", pick), THEIR_CARD_FORWARD)
    p.believe(ONE_CARD_OF_THEIRS)


def _exchange(p: Performance, r: int, rounds: int) -> None:
    p.step(
        _round_label("④", r, rounds),
        en="Exchange the two cards without looking at their faces. 'Hide my card behind "
        "your back, turn it over and push it into your cards.' The performer takes the "
        "spectator's card behind his back: 'I'll turn yours over and push it in too.'",
        zh="交换置于前方的牌。这时候，不要看牌的正面。然后对观众说：“现在你把我的那张牌藏在背后，"
        "然后翻过来，再插进来。”表演者把观众的牌藏在背后，接着说：“我也要把你的牌翻过来，再插入。”",
    )
    p.do(*EXCHANGE)
    p.forget()
    p.patter(
        "Hide my card behind your back, turn it over and push it into your cards.",
        zh="现在你把我的那张牌藏在背后，然后翻过来，再插进来。",
    )
    p.patter("I'll turn yours over and push it in too.", zh="我也要把你的牌翻过来，再插入。")
    p.believe(ONE_CARD_FOR_ME, ONE_CARD_FOR_THEM)
    size = p.state.size("spectator")
    where = p.choose(
        f"insert{r}",
        range(1, size + 1),  # into the cards: below the top card (see the notes)
        en="where the spectator pushes the card in (cards above it)",
        zh="观众插入的位置（上方的张数）",
    )
    p.do(THEY_TURN_IT, Insert("spectator.right", "spectator", where))


def _the_secret_switch(p: Performance, r: int, rounds: int) -> None:
    p.step(
        _round_label("⑤", r, rounds),
        en="In fact the performer puts the spectator's card on top of his half as it is, "
        "takes the 2 from his bottom, turns it over and pushes it into his cards.",
        zh="事实上，他把观众的牌放在了特普的位置，再抽出波顿中的2，然后翻过来插进牌中。",
    )
    p.do(THEIR_CARD_ON_MY_TOP, secret=True)
    p.do(DRAW_FROM_MY_BOTTOM, I_TURN_IT, secret=True)
    size = p.state.size("left")
    mine = p.perform_choice(
        f"mine{r}",
        range(1, max(2, size - 3)),
        en="where the performer pushes the reversed 2 in",
        zh="表演者插入翻过来的2的位置",
    )
    p.do(Insert("right", "left", mine), secret=True)
    p.forget()
    p.impression(
        "each of them has turned over the other's card and pushed it into their own half",
        zh="双方各自把对方的牌翻过来，插进自己的那一半",
    )


def _spread(p: Performance) -> None:
    p.step(
        "⑥",
        en="After the exchanges, both spread their cards for the audience: each half shows "
        "reversed 2s.",
        zh="反复作出上面的动作之后，展开手中的牌给观众看，两边都有翻过来的2。",
    )
    p.reveal(*HANDS_FORWARD, Spread("left"), Spread("spectator"))
    p.effect(
        "the cards each of them reversed have turned into 2s: each half shows reversed 2s, "
        "though only the performer's choice and the spectator's were ever turned",
        zh="双方翻过来的牌都变成了2：两边都有翻过来的2，虽然翻过来的只是双方各自挑的牌",
    )


ROUTINE = Routine(
    id="each-gets-two",
    name_zh="各得其二",
    name_en="Each Gets Two",
    source="text 000 「各得其二」",
    source_zh="原文000「各得其二」",
    summary_en="Performer and spectator each reverse the other's freely chosen card in their own "
    "half of the deck; at the end both halves show reversed 2s.",
    summary_zh="表演者与观众各自把对方自由选择的牌翻过来插进自己的那一半牌中，最后两边都有翻过来的2。",
    setup_en="A 52-card deck in any order, face down in the left hand.",
    setup_zh="52张牌，顺序任意，表面向下拿在左手。",
    script=script,
    params=(
        Param(
            "rounds",
            1,
            1,
            5,
            en="how many times the exchange is repeated (the book: 3–5)",
            zh="交换的次数（书中：3～5次）",
        ),
        Param(
            "reading",
            0,
            0,
            1,
            en="0: the 2s stay at the bottom of the performer's half; "
            "1: the literal text, the deck turned face up first",
            zh="0：2留在表演者那一半的波顿；1：字面读法，先把牌翻成正面向上",
        ),
    ),
    claims=(
        shows_only(
            HALVES,
            TWO,
            id="reversed-twos",
            en="when the halves are spread, both show reversed cards and every one is a 2",
            zh="展开手中的牌，两边都有翻过来的牌，而且都是2",
        ),
        cards_end_in(
            *HALVES,
            en="every card ends in one of the two halves (nothing left on the table or in a hand)",
            zh="每张牌最后都在两半牌中（桌上和手中没有多余的牌）",
        ),
        shows_count(
            HALVES,
            param_count("rounds"),
            id="one-per-exchange",
            en="each half shows exactly one reversed card per exchange (stronger than the book)",
            zh="每次交换，两边各多一张翻过来的牌（比书中所说更强）",
            promised=False,
        ),
    ),
    notes=__doc__ or "",
    # only the 2s are read (their rank, by the claim): every other card is indifferent
    interchangeable=alike_but(TWO, DECK),
    # a typical performance for the trainer: the spectator cuts near the middle and never
    # picks the card reversed in an earlier exchange
    example={
        "cut": "26",
        "pick1": "7",
        "insert1": "12",
        "mine1": "10",
        "pick2": "3",
        "insert2": "20",
        "mine2": "15",
    },
)
