"""The rehearsal's model: a routine performed with a chosen set-up and choices, every step
recorded, and each step taken apart move by move (:func:`move_frames`), so that a performer can
watch the moment a break is caught or a steal is made, not only how the step ends.

Drawing these lives in :mod:`conjure.view.rehearsal`; nothing here draws.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from conjure.deck.move import Move
from conjure.deck.state import CODE_MASK, FACE_UP, DeckState
from conjure.errors import UnknownNameError
from conjure.magic.choices import PresetChooser
from conjure.magic.performance import Outcome, Performance, check_not_bug, perform
from conjure.magic.routine import Routine
from conjure.text import Text


def perform_for_rehearsal(
    routine: Routine,
    params: Mapping[str, int] | None = None,
    setup: Mapping[str, str] | None = None,
    choices: Mapping[str, str] | None = None,
) -> Outcome:
    """Perform ``routine`` with the given set-up (default: the routine's example) and choices
    (default: the first option of each), recording every step."""
    values = {**routine.example, **(setup or {}), **(choices or {})}
    labels = {name: f"--setup {name}" for name in setup or {}}
    labels.update({name: f"--choice {name}" for name in choices or {}})
    chooser = PresetChooser(values, labels=labels)
    outcome = check_not_bug(
        routine, perform(routine, params, chooser, record=True, claims=routine.claims)
    )
    unused = sorted((set(setup or {}) | set(choices or {})) - chooser.used)
    if unused:
        known = ", ".join(sorted({c.name for c in outcome.performance.choices}))
        said = Text(
            "routine {id!r} made no choice named {names} (its choices: {known})",
            zh="流程 {id!r} 没有名为 {names} 的选择（它的选择：{known}）",
        )
        raise UnknownNameError(
            said.format(id=routine.id, names=", ".join(map(repr, unused)), known=known)
        )
    return outcome


@attrs.frozen(eq=False)
class MoveFrame:
    """One primitive move of a step, as it happens: the position before and after it, the
    faces the audience sees while it is made, the sides seen at each count of a count, and what
    it changed (places and cards), so a picture can mark them."""

    #: the step's index in the performance, and the move's index in the step (from 0)
    step: int
    k: int
    #: how many moves the step makes
    of: int
    move: Move
    before: DeckState
    after: DeckState
    #: codes of the faces seen while the move is made (``Move.shows``)
    shown: frozenset[int]
    #: for a count, the side seen at each count as packet bytes (``Move.counts``)
    counts: bytes
    #: the places whose cards, break or spread the move changed
    changed: tuple[str, ...]
    #: codes of the cards that went to another place or turned over
    moved: frozenset[int]

    @property
    def breaks(self) -> list[tuple[str, int | None, int | None]]:
        """Each break the move caught, used or let go: ``(place, depth before, depth after)``
        (``None`` where there was none)."""
        out = []
        for place in sorted(set(self.before.breaks) | set(self.after.breaks)):
            was, now = self.before.breaks.get(place), self.after.breaks.get(place)
            if was != now:
                out.append((place, was, now))
        return out


def state_before(perf: Performance, index: int) -> DeckState | None:
    """The position step ``index`` starts from: the one the step before left, or the set-up."""
    return perf.steps[index - 1].state if index else perf.initial


def _where(state: DeckState) -> dict[int, tuple[str, bool]]:
    return {
        b & CODE_MASK: (place, bool(b & FACE_UP))
        for place, packet in state.packets.items()
        for b in packet
    }


def _changed(before: DeckState, after: DeckState) -> tuple[str, ...]:
    places = set(before.packets) | set(after.packets)
    return tuple(
        sorted(
            p
            for p in places
            if before.packets.get(p, b"") != after.packets.get(p, b"")
            or before.breaks.get(p) != after.breaks.get(p)
            or before.spread.get(p) != after.spread.get(p)
        )
    )


def move_frames(perf: Performance, index: int) -> list[MoveFrame] | None:
    """Step ``index`` of a recorded performance, one frame per primitive move, each made again
    from the position the step started in. ``None`` when the step cannot be taken apart (the
    performance kept no positions, or the moves made again do not end where the step ended)."""
    step = perf.steps[index]
    start = state_before(perf, index)
    if start is None or step.state is None:
        return None
    state = start.copy()
    frames = []
    for k, move in enumerate(step.moves):
        before = state.copy()
        shown = frozenset(move.shows(state))
        counts = move.counts(state) if move.counting else b""
        move.run_unchecked(state)
        after = state.copy()
        was, now = _where(before), _where(after)
        moved = frozenset(code for code, at in now.items() if was.get(code) != at)
        frames.append(
            MoveFrame(
                index, k, len(step.moves), move, before, after, shown, counts,
                _changed(before, after), moved,
            )
        )  # fmt: skip
    if state.packets != step.state.packets or state.breaks != step.state.breaks:
        return None
    return frames


def changed_in_step(perf: Performance, index: int) -> tuple[str, ...]:
    """The places step ``index`` changed (cards, break or spread), from start to end."""
    step = perf.steps[index]
    start = state_before(perf, index)
    if start is None or step.state is None:
        return ()
    return _changed(start, step.state)


def touched_in_step(perf: Performance, index: int) -> set[str]:
    """Every place a move of step ``index`` names."""
    return {place for move in perf.steps[index].moves for place in move.places()}
