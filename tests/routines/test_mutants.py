"""The verifier refutes every mutant of the shipped routines that changes what the audience or a
claim can tell: every slip of the performer's (a move left out, made twice, swapped, a count one
off, the wrong end, the wrong way) and every move whose declared intent is changed (a move meant
to show written as one that shows nothing, the climax written as a display). The mutants that
survive are each argued equivalent below, in a line; a survivor not argued, or an argued one
that is refuted, fails the test."""

from __future__ import annotations

import pytest

from conjure.magic import Routine
from conjure.magic.slips import check_slip, mutants
from conjure_routines import courting_kings, each_gets_two, gilbreath

ONTO_EMPTY = "put onto an empty place: its top and its bottom are one place"
SQUARE = "squaring a packet that lies squared changes nothing"
SHOWN_AGAIN = "a face shown again shows nothing new"
DISPLAY = "a display move shows on purpose wherever it is written"
COMMUTE = "the two moves touch different places, so their order does not matter"
PAIRS_SWAPPED = "the pairs land in each other's places: every pair is still a pair of the effect"
FREE_DEAL = "a deal of one card more is another of the spectator's free deals"
NO_RIFFLE = "no riffle leaves the deck as the identity riffle, one of the spectator's riffles"
FAN_TO_SELF = "a face-down packet fanned toward yourself shows the audience nothing"
WHOLE_BLOCK = "the hand holds exactly that block: its top cards and its bottom cards are the same"

#: (routine, step, move, kind, field) -> why the mutant changes nothing anyone can tell
EQUIVALENT: dict[tuple[object, ...], str] = {
    ("courting-kings", "①", 0, "end", "to_bottom"): ONTO_EMPTY,
    ("courting-kings", "①", 1, "omit", ""): FAN_TO_SELF,
    ("courting-kings", "①", 1, "repeat", ""): FAN_TO_SELF,
    ("courting-kings", "①", 1, "turned", "toward"): FAN_TO_SELF,
    ("courting-kings", "②", 0, "omit", ""): "the fan of ① shows nothing, squared or not",
    ("courting-kings", "②", 0, "repeat", ""): SQUARE,
    ("courting-kings", "②", 0, "swap", ""): "squaring before or after the turnover: the same",
    ("courting-kings", "②", 2, "end", "to_bottom"): ONTO_EMPTY,
    ("courting-kings", "④", 4, "end", "from_bottom"): WHOLE_BLOCK,
    ("courting-kings", "④", 4, "unshown"): "the Queen on the block's face was shown before",
    ("courting-kings", "⑤", 0, "omit", ""): SQUARE,
    ("courting-kings", "⑤", 0, "repeat", ""): SQUARE,
    ("courting-kings", "⑤", 0, "swap", ""): SQUARE,
    ("courting-kings", "⑤", 2, "swap", ""): SQUARE,
    ("courting-kings", "⑤", 2, "end", "to_bottom"): ONTO_EMPTY,
    ("courting-kings", "⑤", 3, "omit", ""): SQUARE,
    ("courting-kings", "⑤", 3, "repeat", ""): SQUARE,
    ("courting-kings", "⑤", 3, "swap", ""): SQUARE,
    ("courting-kings", "⑤", 4, "omit", ""): SQUARE,
    ("courting-kings", "⑤", 4, "repeat", ""): SQUARE,
    ("courting-kings", "⑥", 0, "repeat", ""): SHOWN_AGAIN,
    ("courting-kings", "⑥", 0, "swap", ""): "the bottom and the top shown in the other order",
    ("courting-kings", "⑥", 0, "unshown"): DISPLAY,
    ("courting-kings", "⑥", 1, "repeat", ""): SHOWN_AGAIN,
    ("courting-kings", "⑥", 1, "unshown"): DISPLAY,
    ("courting-kings", "⑥", 2, "end", "to_bottom"): ONTO_EMPTY,
    ("courting-kings", "⑦", 0, "end", "to_bottom"): ONTO_EMPTY,
    ("courting-kings", "⑦", 1, "repeat", ""): SHOWN_AGAIN,
    ("courting-kings", "⑦", 1, "unshown"): DISPLAY,
    ("courting-kings", "⑦", 3, "repeat", ""): SHOWN_AGAIN,
    ("courting-kings", "⑦", 3, "unshown"): DISPLAY,
    ("courting-kings", "⑧", 0, "end", "to_bottom"): ONTO_EMPTY,
    ("courting-kings", "⑧", 1, "swap", ""): PAIRS_SWAPPED,
    ("courting-kings", "⑧", 2, "swap", ""): PAIRS_SWAPPED,
    ("courting-kings", "⑧", 3, "swap", ""): PAIRS_SWAPPED,
    ("gilbreath", "①", 0, "more", "n"): FREE_DEAL,
    ("gilbreath", "②", 1, "omit", ""): NO_RIFFLE,
    ("gilbreath", "③", 0, "end", "to_bottom"): ONTO_EMPTY,
    ("gilbreath", "③", 1, "swap", ""): PAIRS_SWAPPED,
    ("gilbreath", "③", 2, "swap", ""): PAIRS_SWAPPED,
    ("gilbreath-suits", "①", 0, "more", "n"): FREE_DEAL,
    ("gilbreath-suits", "②", 1, "omit", ""): NO_RIFFLE,
    ("gilbreath-suits", "③", 0, "end", "to_bottom"): ONTO_EMPTY,
    ("gilbreath-suits", "③", 1, "swap", ""): PAIRS_SWAPPED,
    ("each-gets-two", "①", 0, "repeat", ""): "the 2s culled to the bottom again stay there",
    ("each-gets-two", "②", 0, "more", "n"): "one card more is another of the spectator's cuts",
    ("each-gets-two", "②", 0, "fewer", "n"): "one card fewer is another of the spectator's cuts",
    ("each-gets-two", "③", 0, "swap", ""): "the two persons put their hands behind in turn",
    ("each-gets-two", "③", 1, "swap", ""): "the two persons put their hands behind in turn",
    ("each-gets-two", "③", 2, "end", "to_bottom"): ONTO_EMPTY,
    ("each-gets-two", "③", 3, "end", "to_bottom"): ONTO_EMPTY,
    ("each-gets-two", "③", 5, "end", "to_bottom"): ONTO_EMPTY,
    ("each-gets-two", "④", 0, "swap", ""): COMMUTE,
    ("each-gets-two", "④", 0, "end", "to_bottom"): ONTO_EMPTY,
    ("each-gets-two", "④", 1, "end", "to_bottom"): ONTO_EMPTY,
    ("each-gets-two", "④", 3, "fewer", "depth"): (
        "one card higher is another of the spectator's insertions (on top, it is shown "
        "reversed at the spread like the rest)"
    ),
    ("each-gets-two", "⑤", 0, "end", "from_bottom"): WHOLE_BLOCK,
    ("each-gets-two", "⑤", 1, "end", "to_bottom"): ONTO_EMPTY,
    ("each-gets-two", "⑤", 3, "more", "depth"): "one card lower is another insertion of his",
    ("each-gets-two", "⑤", 3, "fewer", "depth"): "one card higher is another insertion of his",
    ("each-gets-two", "⑥", 0, "swap", ""): "the two persons bring their hands forward in turn",
    ("each-gets-two", "⑥", 1, "swap", ""): "the two persons bring their hands forward in turn",
    ("each-gets-two", "⑥", 2, "repeat", ""): "a packet spread toward them spread again",
    ("each-gets-two", "⑥", 2, "swap", ""): "the hands come forward before the spreads either way",
    ("each-gets-two", "⑥", 3, "repeat", ""): "a packet spread toward them spread again",
    ("each-gets-two", "⑥", 0, "unrevealed"): "the spreads that follow are the climax",
    ("each-gets-two", "⑥", 1, "unrevealed"): "the spreads that follow are the climax",
}

SHIPPED: list[tuple[Routine, dict[str, int]]] = [
    (courting_kings.ROUTINE, {}),
    (gilbreath.ROUTINE, {"pairs": 3}),
    (gilbreath.SUITS, {"quartets": 2}),
    (each_gets_two.ROUTINE, {"rounds": 1}),
]


def key(routine: Routine, slip: object) -> tuple[str, ...]:
    s = slip
    fields = (routine.id, s.step, s.index, s.kind)  # type: ignore[attr-defined]
    return fields if s.kind in ("unshown", "unrevealed") else (*fields, s.field)  # type: ignore[attr-defined]


@pytest.mark.parametrize(("routine", "params"), SHIPPED, ids=lambda v: getattr(v, "id", ""))
def test_every_mutant_that_changes_anything_is_refuted(
    routine: Routine, params: dict[str, int]
) -> None:
    listed = mutants(routine, params)
    argued = {k for k in EQUIVALENT if k[0] == routine.id}
    survivors = set()
    for slip in listed:
        result = check_slip(routine, slip, params)
        if not result.fatal:
            survivors.add(key(routine, slip))
    assert survivors - argued == set(), "survived without an argument"
    assert argued - survivors == set(), "argued equivalent, but refuted (or no longer made)"
    killed = len(listed) - len(survivors)
    assert killed == len(listed) - len(argued) > 0  # every non-equivalent mutant
