"""Slips: every single mistake of the performer's through the verifier; the critical steps."""

from __future__ import annotations

import json

import attrs
import pytest

from conjure.cli import main
from conjure.deck import Deal, Square, Steal
from conjure.magic.slips import Slip, check_slip, slips
from conjure_routines import courting_kings, gilbreath


def _slip(step: str, kind: str, move_type: type) -> Slip:
    found = [
        s
        for s in slips(courting_kings.ROUTINE)
        if s.step == step and s.kind == kind and type(s.move) is move_type
    ]
    assert found, (step, kind, move_type)
    return found[0]


def test_every_move_of_the_routine_has_its_slips() -> None:
    listed = slips(courting_kings.ROUTINE)
    kinds = {s.kind for s in listed}
    assert {"omit", "repeat", "swap", "more", "fewer", "end", "turned"} <= kinds
    steal = [s for s in listed if isinstance(s.move, Steal)]
    assert [s.step for s in steal] == ["④"] * len(steal)


def test_dropping_the_steal_at_four_is_fatal() -> None:
    result = check_slip(courting_kings.ROUTINE, _slip("④", "omit", Steal))
    assert result.fatal and result.counterexample is not None
    assert result.counterexample.step == "④" and result.how == "illegal"


def test_squaring_twice_is_not_fatal() -> None:
    result = check_slip(courting_kings.ROUTINE, _slip("⑤", "repeat", Square))
    assert not result.fatal and result.proved and result.cases == 576


def test_a_count_one_off_changes_the_move_made_in_each_case() -> None:
    # the spectator deals as many as the case says: the slip deals one more than that, not one
    # more than the example did
    slip = next(
        s
        for s in slips(gilbreath.ROUTINE, {"pairs": 2})
        if s.step == "①" and s.kind == "more" and isinstance(s.move, Deal)
    )
    assert slip.instead == (Deal("spectator", "table.pile", 2),)
    assert slip.made(Deal("spectator", "table.pile", 3)) == (Deal("spectator", "table.pile", 4),)
    fewer = attrs.evolve(slip, kind="fewer")
    assert fewer.made(Deal("spectator", "table.pile", 1)) == ()  # dealing none: nothing dealt


def test_the_slips_command_names_the_critical_steps(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["slips", "gilbreath", "--param", "pairs=2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["routine"] == "gilbreath" and data["slips"] == len(data["steps"][0]["slips"]) + sum(
        len(step["slips"]) for step in data["steps"][1:]
    )
    assert data["critical"] and data["critical"][0] in {"②", "③"}
    fatal = [s for step in data["steps"] for s in step["slips"] if s["fatal"]]
    assert all(s["counterexample"] and s["how"] for s in fatal)
    assert main(["slips", "gilbreath", "--param", "pairs=2", "--lang", "zh"]) == 0
    out = capsys.readouterr().out
    assert "关键步骤" in out and "致命" in out


def test_a_bad_routine_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["slips", "no-such-routine"]) == 2


def test_the_chinese_slip_lines_line_up(capsys: pytest.CaptureFixture[str]) -> None:
    from rich.cells import cell_len

    main(["slips", "courting-kings", "--lang", "zh"])
    lines = capsys.readouterr().out.splitlines()
    fatal = next(i for i, line in enumerate(lines) if line.startswith("  致命"))
    number = lines[fatal].index("1.")
    detail = lines[fatal + 1]
    assert cell_len(lines[fatal][:number]) == len(detail) - len(detail.lstrip()) == 11


def test_a_counter_example_names_the_cards_not_option_numbers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["slips", "gilbreath", "--param", "pairs=2"]) == 0
    cases = [
        line.strip() for line in capsys.readouterr().out.splitlines() if "counter-example:" in line
    ]
    assert cases and all("=#" not in case for case in cases)
    assert any(case.startswith("counter-example: reds=A♥ 2♥, blacks=") for case in cases)


def test_the_slips_count_up_on_a_terminal_and_leave_nothing_behind(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import io
    import sys

    from conjure.cli.routines import _progress_line

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    screen = Terminal()
    monkeypatch.setattr(sys, "stderr", screen)
    show = _progress_line("checking slip {k} of {n}…")
    assert show is not None
    show(1, 3)
    show(2, 3)
    assert screen.getvalue() == "\rchecking slip 1 of 3…\rchecking slip 2 of 3…"
    show(3, 3)
    assert screen.getvalue().endswith("\r") and screen.getvalue().split("\r")[-2].strip() == ""
    monkeypatch.setattr(sys, "stderr", io.StringIO())  # a pipe or a file: no counter at all
    assert _progress_line("{k}/{n}") is None
