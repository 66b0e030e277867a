"""An option that takes one value, given twice, is bad input in every command: one line that
names it and both values, exit 2 (argparse alone keeps the last and says nothing)."""

from __future__ import annotations

import argparse

import pytest

from conjure.cli import _commands, build_parser, main


def options() -> list[tuple[str, str, str]]:
    """(command words, the option, a value it takes) for every option of every command that
    takes one value."""
    found = []
    for name, command, _help in _commands(build_parser("en"), "conjure"):
        for action in command._actions:
            if type(action).__name__ != "_Once" or not action.option_strings:
                continue
            if action.choices:
                value = str(next(iter(action.choices)))
            elif action.default not in (None, "", argparse.SUPPRESS):
                value = str(action.default)
            else:
                value = "1"
            found.append((name.removeprefix("conjure "), action.option_strings[-1], value))
    return found


OPTIONS = options()


def test_every_command_has_its_options_checked() -> None:
    commands = {words for words, _, _ in OPTIONS}
    assert {"simulate", "verify", "play", "rehearse"} <= commands, commands
    assert len(OPTIONS) > 30


@pytest.mark.parametrize(("words", "option", "value"), OPTIONS)
def test_an_option_given_twice_is_refused(
    words: str, option: str, value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main([*words.split(), option, value, option, value])
    err = capsys.readouterr().err
    assert code == 2, err
    assert err.count("\n") == 1 and "is given twice" in err and option in err, err


@pytest.mark.parametrize(
    ("words", "said"),
    [
        ("play sixty-six --think 1 --think 2.50", "('1' and '2.50')"),
        ("simulate goofspiel -n 3 --games 04", "('3' and '04')"),
    ],
)
def test_the_values_are_named_as_they_were_typed(
    words: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(words.split()) == 2
    assert said in capsys.readouterr().err
