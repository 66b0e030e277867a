"""Choices larger than memory: given by index, refused in one line, never scanned."""

from __future__ import annotations

import math

import pytest

from conjure.deck import DeckState
from conjure.errors import UsageError
from conjure.magic import Performance, PresetChooser, Routine, option_count, perform
from conjure.magic.choices import SCAN_LIMIT
from conjure.magic.rehearse import perform_for_rehearsal
from conjure.magic.trace import format_outcome


class Interleavings:
    """A lazy sequence of C(52, 26) values that counts how often it is read."""

    def __init__(self, find: bool = False) -> None:
        self.size = math.comb(52, 26)
        self.reads = 0
        if find:
            self.index_of_value = lambda value: int(value[1:]) if value.startswith("v") else None

    def __len__(self) -> int:
        raise OverflowError("too big for len")

    def __getitem__(self, index: int) -> str:
        self.reads += 1
        if not 0 <= index < self.size:
            raise IndexError(index)
        return f"v{index}"


def routine_with(options: object) -> Routine:
    def script(p: Performance) -> None:
        p.start(DeckState.parse("left: AS"))
        p.step("①", en="riffle")
        p.choose("riffle", options, en="how the halves interleave")  # type: ignore[arg-type]

    return Routine("t", "", "T", "tests", "", "", "", "", script)


def test_the_size_of_a_lazy_sequence_past_len() -> None:
    assert option_count(Interleavings()) == math.comb(52, 26)  # type: ignore[arg-type]


def test_a_choice_by_index_reads_one_option() -> None:
    options = Interleavings()
    outcome = perform_for_rehearsal(routine_with(options), choices={"riffle": "#12"})
    assert outcome.performance.values["riffle"] == "v12"
    assert options.reads == 1
    assert f"#12 of {math.comb(52, 26):,}" in format_outcome(outcome, "en")


def test_the_last_index_and_one_past_it() -> None:
    size = math.comb(52, 26)
    outcome = perform_for_rehearsal(
        routine_with(Interleavings()), choices={"riffle": f"#{size - 1}"}
    )
    assert outcome.performance.values["riffle"] == f"v{size - 1}"
    with pytest.raises(UsageError) as info:
        perform_for_rehearsal(routine_with(Interleavings()), choices={"riffle": f"#{size}"})
    message = str(info.value)
    assert message.startswith(f"--choice riffle: index #{size} is out of range")
    assert f"#0 to #{size - 1}" in message and "\n" not in message and len(message) < 200


def test_a_value_among_too_many_options_is_refused_without_a_scan() -> None:
    options = Interleavings()
    with pytest.raises(UsageError) as info:
        perform_for_rehearsal(routine_with(options), choices={"riffle": "v3"})
    message = str(info.value)
    assert "--choice riffle: 'v3' cannot be looked up" in message and "give an index" in message
    assert options.reads == 0 and len(message) < 200


def test_a_lazy_sequence_can_find_a_value_itself() -> None:
    options = Interleavings(find=True)
    outcome = perform_for_rehearsal(routine_with(options), choices={"riffle": "v77"})
    assert outcome.performance.values["riffle"] == "v77"
    with pytest.raises(UsageError, match="'w' is not allowed here") as info:
        perform_for_rehearsal(routine_with(Interleavings(find=True)), choices={"riffle": "w"})
    assert len(str(info.value)) < 200


def test_a_bad_value_among_many_small_options_is_one_short_line() -> None:
    options = [f"interleaving {i}" for i in range(SCAN_LIMIT)]
    with pytest.raises(UsageError) as info:
        PresetChooser({"riffle": "nope"}).pick("spectator", "riffle", options)
    assert str(info.value) == (
        f"riffle: 'nope' is not allowed here (one of its {SCAN_LIMIT:,} options, "
        f"or an index #0 to #{SCAN_LIMIT - 1})"
    )


def test_the_default_performance_of_a_huge_choice_is_immediate() -> None:
    options = Interleavings()
    assert perform(routine_with(options)).ok
    assert options.reads == 1
