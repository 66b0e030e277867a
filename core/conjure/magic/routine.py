"""Routines: set-up, numbered steps, the spectator's free choices, beliefs and claims.

A routine is written as a script, step by step like the book, against a :class:`Performance`:

.. code-block:: python

    def script(p: Performance) -> None:
        order = p.arrange_order("queens", "SHCD", en="Queens' suits from the left")
        p.start(DeckState(...))                       # the set-up
        p.step("①", en="…", zh="…")
        p.do(Peel("right", "left"))                    # moves, checked
        p.show(ShowTop("left"))                        # moves that show faces on purpose
        depth = p.choose("insert", range(0, 10), en="where the spectator inserts")
        p.believe(every("left", 13, count=4, en="the left hand holds four Kings"))
        p.reveal(Spread("left"))                       # the climax: what the audience sees

Every value the script does not decide itself comes from a declared choice: :meth:`arrange`
for what the performer sets up beforehand, :meth:`choose` for the spectator's free choices,
:meth:`perform_choice` for the performer's own latitude during the routine. There is no hidden
randomness, so the verifier can enumerate or search every case and replay any of them exactly.

This module declares a routine; the script runs against a
:class:`~conjure.magic.performance.Performance` (:mod:`conjure.magic.performance`), and the
beliefs and end conditions it states are in :mod:`conjure.magic.beliefs`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import attrs

from conjure.errors import (
    UnknownNameError,
)
from conjure.inputs import check_range
from conjure.text import Text

if TYPE_CHECKING:
    from conjure.magic.performance import Performance


SETUP = "setup"
SPECTATOR = "spectator"
PERFORMER = "performer"


# -- declarations ------------------------------------------------------------------------------


@attrs.frozen
class Param:
    """A whole-number parameter of a routine, with its range (both ends included).

    A ``design`` parameter is a knob for the routine's designer (how many cards to deal, how
    many moves to make): ``conjure verify`` keeps it at its default instead of sweeping it, and
    ``conjure explain ROUTINE --vary NAME`` tries every value and says which work."""

    name: str
    default: int
    low: int
    high: int
    en: str = ""
    zh: str = ""
    design: bool = False

    def values(self) -> range:
        return range(self.low, self.high + 1)

    @property
    def text(self) -> Text:
        return Text(self.en or self.name, self.zh)


@attrs.frozen
class Claim:
    """What a routine promises about how it ends.

    ``check`` reads the finished :class:`Performance` and returns ``None`` when the claim holds
    or a sentence saying what is wrong (a :class:`~conjure.text.Text` to say it in Chinese too).
    A claim that is not ``promised`` is optional: it holds only for some set-ups, and
    ``conjure solve`` finds which. English is required, Chinese optional.
    """

    id: str
    en: str
    zh: str = ""
    check: Callable[[Performance], str | Text | None] = attrs.field(default=None, kw_only=False)
    promised: bool = True
    #: what the check reads, for the verifier: ``"all"`` (anything: the default),
    #: ``"structure"`` (how many cards lie where, nothing about which), or
    #: ``("groups", places)`` (the cards each of ``places`` shows, as a set: see
    #: :func:`each_group`)
    reads: Any = "all"

    def __attrs_post_init__(self) -> None:
        if not callable(self.check):
            raise TypeError(f"claim {self.id!r} needs a check: a function of the performance")

    @property
    def text(self) -> Text:
        return Text(self.en, self.zh)


#: a name a person typed that the routine does not have
_UNKNOWN = {
    "parameter": Text("routine {id!r} has no parameter {name!r} (known: {known})",
                      zh="流程 {id!r} 没有参数 {name!r}（已有：{known}）"),
    "claim": Text("routine {id!r} has no claim {name!r} (known: {known})",
                  zh="流程 {id!r} 没有结论 {name!r}（已有：{known}）"),
}  # fmt: skip


@attrs.frozen(eq=False)
class Routine:
    """A magic routine: metadata, parameters, the script that performs it, and its claims.

    The Chinese fields may be empty: an English-only routine is complete.
    """

    id: str
    name_zh: str
    name_en: str
    source: str
    summary_en: str
    summary_zh: str
    setup_en: str
    setup_zh: str
    script: Callable[[Performance], None]
    claims: tuple[Claim, ...] = ()
    params: tuple[Param, ...] = ()
    notes: str = ""
    #: set-up values the trainer uses unless told otherwise (the book's own example, say)
    example: Mapping[str, Any] = attrs.field(factory=dict)
    #: which cards the routine treats alike (a :class:`conjure.magic.abstraction.Abstraction`,
    #: built with ``interchangeable``): the verifier enumerates set-up orders over these
    #: classes and refuses the abstraction where a performance reads what it erased
    interchangeable: Any = None
    #: ``source`` in Chinese ("原文003「四、求婚的国王」"); empty: the English is shown
    source_zh: str = ""

    @property
    def name(self) -> Text:
        return Text(self.name_en or self.id, self.name_zh)

    @property
    def citation(self) -> Text:
        """Where the routine comes from, in every language it was written in."""
        return Text(self.source, self.source_zh)

    @property
    def both_names(self) -> str:
        """ "求婚的国王 / The Courting Kings"; the English name alone when there is no Chinese."""
        return " / ".join(n for n in (self.name_zh, self.name_en or self.id) if n)

    @property
    def summary(self) -> Text:
        return Text(self.summary_en, self.summary_zh)

    @property
    def setup(self) -> Text:
        return Text(self.setup_en, self.setup_zh)

    def param(self, name: str) -> Param:
        for param in self.params:
            if param.name == name:
                return param
        known = ", ".join(p.name for p in self.params) or "none"
        raise UnknownNameError(_UNKNOWN["parameter"].format(id=self.id, name=name, known=known))

    def claim(self, claim_id: str) -> Claim:
        for claim in self.claims:
            if claim.id == claim_id:
                return claim
        known = ", ".join(c.id for c in self.claims)
        raise UnknownNameError(_UNKNOWN["claim"].format(id=self.id, name=claim_id, known=known))

    def resolve_params(self, given: Mapping[str, int] | None = None) -> dict[str, int]:
        """Defaults overridden by ``given``, each checked against its range."""
        values = {p.name: p.default for p in self.params}
        for name, value in (given or {}).items():
            param = self.param(name)
            check_range(value, f"parameter {name}", param.low, param.high)  # bad input: exit 2
            values[name] = value
        return values
