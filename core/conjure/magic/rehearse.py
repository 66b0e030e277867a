"""The rehearsal trainer: a routine one step at a time, the performer's and the audience's view
side by side, in Chinese or English."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Mapping

from conjure.errors import UnknownNameError
from conjure.magic.choices import PresetChooser
from conjure.magic.routine import Outcome, Routine, check_not_bug, perform
from conjure.magic.trace import outcome_json, render_setup, render_step, render_verdict
from conjure.text import Text
from conjure.view.terminal import make_console

#: the routine's names and where it comes from, above the set-up
_TITLE = Text("{both}  ({source})", zh="{name}——{source}")
_PROMPT = Text(
    "[Enter] next · [b] back · [q] quit > ", zh="[回车] 下一步 · [b] 上一步 · [q] 退出 > "
)
_END_OF_INPUT = Text(
    "(end of input at step {step} of {total}; --all prints every step)",
    zh="（输入结束于第{step}步，共{total}步；--all 显示全部步骤）",
)


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


def rehearse(
    routine: Routine,
    params: Mapping[str, int] | None = None,
    setup: Mapping[str, str] | None = None,
    choices: Mapping[str, str] | None = None,
    lang: str = "zh",
    all_steps: bool = False,
    as_json: bool = False,
    ask: Callable[[str], str] = input,
    interactive: bool | None = None,
    full: bool = False,
) -> int:
    """Walk through ``routine``; return the exit code (1 when the performance breaks).

    The set-up panel (the starting deck) comes first; with ``full`` every card of every packet
    is drawn, wrapped, instead of a packet's middle folded away."""
    outcome = perform_for_rehearsal(routine, params, setup, choices)
    promised = {c.id for c in routine.claims if c.promised}
    broken = outcome.failure is not None or bool(promised & set(outcome.claim_errors))
    code = 1 if broken else 0
    if as_json:
        print(json.dumps(outcome_json(outcome), ensure_ascii=False, indent=2))
        return code
    console = make_console()
    perf = outcome.performance
    title = _TITLE.format(both=routine.both_names, name=routine.name, source=routine.citation).get(
        lang
    )
    console.print(title, style="bold")
    console.print(render_setup(perf, lang, full))
    if interactive is None:
        interactive = sys.stdin.isatty()
    if all_steps:
        for i in range(len(perf.steps)):
            console.print(render_step(perf, i, lang, full))
        console.print(render_verdict(outcome, lang))
        return code
    # Answers come from the keyboard, or line by line from a pipe (Enter, b, q as typed); an
    # answer read from a pipe is echoed so that the prompt's line ends as it does when typed.
    i = 0
    while True:
        console.print(render_step(perf, i, lang, full))
        try:
            answer = ask(_PROMPT.get(lang))
        except EOFError:
            print()  # the prompt's line ends before anything else is said
            total = len(perf.steps)
            console.print(_END_OF_INPUT.format(step=i + 1, total=total).get(lang), style="dim")
            return code
        except KeyboardInterrupt:
            print()
            raise
        if not interactive:
            print(answer)
        answer = answer.strip().lower()
        if answer in ("q", "quit", "退出"):
            return code
        if answer in ("b", "back"):
            i = max(0, i - 1)
        elif i + 1 < len(perf.steps):
            i += 1
        else:
            console.print(render_verdict(outcome, lang))
            return code
