"""Slips: which single mistake of the performer's kills a routine, and how.

A *slip* is one mistake in one move of the routine as written: the move left out, made twice,
made after the next one instead of before, made with a count one off (a peel too many, a break
one card off, a block one card short), a display of the wrong end, a card put on the wrong end,
a packet or card turned the wrong way. :func:`slips` lists every slip of every move the routine
makes (in the trainer's performance: the book's example set-up, first options elsewhere), and
:func:`check_slips` runs each one through the verifier: a slip is *fatal* when the verifier
finds a case it breaks (a claim fails, a face is flashed, a belief is contradicted, a move
becomes impossible), with that case as the counter-example; otherwise the trick survives it
(proved, or not found in a sample: the result says which). The steps where a slip is fatal are
the routine's critical steps, the ones to drill hardest.

A slip is made through :attr:`conjure.magic.Performance.slip`: the routine's own script runs
unchanged and the slip rewrites its moves as they are made, counted step by step.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import attrs

from conjure.deck import moves as m
from conjure.deck.move import Move
from conjure.errors import Interrupted
from conjure.magic.choices import FirstChooser, PresetChooser, ScriptedChooser
from conjure.magic.performance import Outcome, Performance, check_not_bug, perform
from conjure.magic.routine import Routine
from conjure.text import Text

#: the kinds of slip, in the order the tables list them
KINDS: dict[str, Text] = {
    "omit": Text("left out", zh="漏做"),
    "repeat": Text("made twice", zh="做了两次"),
    "swap": Text("made after the next move", zh="与下一个动作顺序颠倒"),
    "more": Text("one card too many", zh="多了一张"),
    "fewer": Text("one card too few", zh="少了一张"),
    "end": Text("the wrong end", zh="弄错了上下端"),
    "turned": Text("turned the wrong way", zh="方向弄反了"),
    # not a performer's slip: the routine as written, declaring its intent wrongly (a move
    # made to show faces written as one that shows none, a climax written as a display);
    # mutants() adds these to check what the verifier catches
    "unshown": Text("not meant to show its faces", zh="未声明为展示"),
    "unrevealed": Text("shown, but not as the climax", zh="展示了，但不是高潮"),
}
#: how a slip breaks the trick, by the kind of failure
HOW: dict[str, Text] = {
    "claim": Text("claim failed", zh="结论不成立"),
    "flash": Text("flash", zh="露牌"),
    "illegal": Text("impossible move", zh="动作无法完成"),
    "belief": Text("belief contradicted", zh="与观众的认知矛盾"),
    "told": Text("count told wrong", zh="所说的张数不对"),
    "secret": Text("secret move in view", zh="秘密动作被看到"),
    "expect": Text("expectation failed", zh="预期不成立"),
    "choice": Text("no choice left", zh="无可选择"),
    "error": Text("the routine cannot go on", zh="流程无法继续"),
}


@attrs.frozen
class Slip:
    """One mistake: move ``index`` (from 0) of step ``step`` is left out (``omit``), made twice
    (``repeat``), made after the move that follows it (``swap``), or made with its field
    ``field`` changed (``more``, ``fewer``, ``end``, ``turned``). ``move`` is the move as the
    example performance makes it; in other cases the same change is made to whatever move is
    made there (a riffle drops from another packet, say). ``instead`` is the example's slip."""

    step: str
    index: int
    kind: str
    move: Move
    instead: tuple[Move, ...] = ()
    field: str = ""

    def made(self, move: Move) -> tuple[Move, ...]:
        """What the performer makes instead of ``move`` (nothing for a count that cannot be
        made, a move of another kind than the example's made as it is)."""
        if self.kind == "omit":
            return ()
        if self.kind == "repeat":
            return (move, move)
        if self.kind in _PURPOSES:
            return (move,)
        if type(move) is not type(self.move):
            return (move,)
        variant = _changed(move, self.kind, self.field)
        return () if variant is None else (variant,)

    def text(self) -> Text:
        """The slip in words: ``Steal … left out``, ``Peel … one card too many``."""
        what = KINDS[self.kind]
        if self.kind in ("omit", "repeat", "swap", *_PURPOSES):
            return Text(
                f"{self.move.text().en}: {what.en}", zh=f"{self.move.text().get('zh')}：{what.zh}"
            )
        done = self.instead[0] if self.instead else self.move
        return Text(
            f"{self.move.text().en}: {what.en} ({done.text().en})",
            zh=f"{self.move.text().get('zh')}：{what.zh}（{done.text().get('zh')}）",
        )


class _Making:
    """The slip at work in one performance (``perf.slip``): counts the moves of each step and
    rewrites the one the slip is about."""

    __slots__ = ("counts", "held", "slip")

    def __init__(self, slip: Slip | None) -> None:
        self.slip = slip
        self.counts: dict[str, int] = {}
        #: a move held back by a swap, made after the next one: (move, purpose, secret)
        self.held: tuple[Move, int, bool] | None = None

    def key(self) -> Any:
        """What the rest of the performance depends on (for the verifier's merging)."""
        return (self.slip, tuple(sorted(self.counts.items())), self.held)

    def make(self, perf: Performance, moves: Sequence[Move], purpose: int, secret: bool) -> None:
        step = perf.at
        slip = self.slip
        if self.held is None and (slip is None or slip.step != step):
            self.counts[step] = self.counts.get(step, 0) + len(moves)
            perf._make_moves(moves, purpose, secret)
            return
        for move in moves:
            i = self.counts.get(step, 0)
            self.counts[step] = i + 1
            if self.held is not None:
                held, self.held = self.held, None
                perf._make_moves((move,), purpose, secret)
                perf._make_moves((held[0],), held[1], held[2])
                continue
            if slip is not None and slip.step == step and slip.index == i:
                if slip.kind == "swap":
                    self.held = (move, purpose, secret)
                else:
                    made_as = _PURPOSES.get(slip.kind, {}).get(purpose, purpose)
                    perf._make_moves(slip.made(move), made_as, secret)
                continue
            perf._make_moves((move,), purpose, secret)


class _Listing(_Making):
    """Makes every move as written and lists them: (step, index, move, purpose)."""

    __slots__ = ("made",)

    def __init__(self) -> None:
        super().__init__(None)
        self.made: list[tuple[str, int, Move, int]] = []

    def make(self, perf: Performance, moves: Sequence[Move], purpose: int, secret: bool) -> None:
        for move in moves:
            i = self.counts.get(perf.at, 0)
            self.counts[perf.at] = i + 1
            self.made.append((perf.at, i, move, purpose))
        perf._make_moves(moves, purpose, secret)


#: the purposes of a move (Performance.do, show, reveal) a mutant writes instead
_DO, _SHOW, _REVEAL = 0, 1, 2
_PURPOSES = {"unshown": {_SHOW: _DO}, "unrevealed": {_REVEAL: _SHOW}}


def slipped(routine: Routine, slip: Slip) -> Routine:
    """``routine`` performed with ``slip`` (its script unchanged, its moves rewritten)."""
    original = routine.script

    def script(p: Performance) -> None:
        p.slip = _Making(slip)
        original(p)

    return attrs.evolve(routine, script=script)


def _chooser(routine: Routine) -> Any:
    return PresetChooser(dict(routine.example), fallback=FirstChooser())


def _listed(routine: Routine, params: Mapping[str, int] | None) -> list[tuple[str, int, Move, int]]:
    """Every move of the routine's example performance: (step, index, move, purpose)."""
    listing = _Listing()
    original = routine.script

    def script(p: Performance) -> None:
        p.slip = listing
        original(p)

    example = perform(attrs.evolve(routine, script=script), params, _chooser(routine), record=False)
    check_not_bug(routine, example)  # no slip can be listed from a script that raised
    return listing.made


def slips(routine: Routine, params: Mapping[str, int] | None = None) -> list[Slip]:
    """Every single slip of every move of the routine's example performance, step by step."""
    made = _listed(routine, params)
    out: list[Slip] = []
    for k, (step, i, move, _purpose) in enumerate(made):
        out.append(Slip(step, i, "omit", move))
        out.append(Slip(step, i, "repeat", move, (move, move)))
        following = made[k + 1] if k + 1 < len(made) else None
        if following is not None and following[0] == step and following[2] != move:
            out.append(Slip(step, i, "swap", move))
        out.extend(
            Slip(step, i, kind, move, (other,), field) for kind, field, other in _variants(move)
        )
    return out


def mutants(routine: Routine, params: Mapping[str, int] | None = None) -> list[Slip]:
    """Every slip (:func:`slips`), and every move whose declared intent is changed: one made to
    show faces (``p.show``) written as one that shows none (``p.do``), the climax
    (``p.reveal``) written as a display (``p.show``). What a verifier that deserves trust
    refutes, each of these but the ones that change nothing the audience or a claim can tell."""
    made = _listed(routine, params)
    out = slips(routine, params)
    for step, i, move, purpose in made:
        for kind, rewrites in _PURPOSES.items():
            if purpose in rewrites:
                out.append(Slip(step, i, kind, move))
    return out


def _variants(move: Move) -> Iterable[tuple[str, str, Move]]:
    """The moves a performer makes instead of ``move`` by a count one off, the wrong end, or
    the wrong way round: (kind, the field changed, the move)."""
    for kind, field in (
        ("more", "n"), ("fewer", "n"), ("more", "depth"), ("fewer", "depth"),
        ("end", "show"), ("end", "to_bottom"), ("end", "from_bottom"),
        ("turned", "toward"), ("turned", "turn"),
    ):  # fmt: skip
        other = _changed(move, kind, field)
        if other is not None:
            yield kind, field, other


def _changed(move: Move, kind: str, field: str) -> Move | None:
    """``move`` with ``field`` changed the way ``kind`` says, or None (no such field, or a
    count that cannot be made)."""
    if field == "show":
        if isinstance(move, m.ShowTop):
            return m.ShowBottom(move.place)
        if isinstance(move, m.ShowBottom):
            return m.ShowTop(move.place)
        return None
    if field not in attrs.fields_dict(type(move)):
        return None
    value = getattr(move, field)
    if field in ("n", "depth"):
        if not isinstance(value, int) or isinstance(value, bool):
            return None  # n=None: a cut at the break
        value = value + (1 if kind == "more" else -1)
        if value < (1 if field == "n" else 0):
            return None  # a count of 0 cannot even be made
    elif field == "toward":
        value = "self" if value == "audience" else "audience"
    else:
        value = not value
    changed: Move = attrs.evolve(move, **{field: value})
    return changed


@attrs.frozen
class SlipResult:
    """One slip checked: ``fatal`` with a counter-example, or survived (``proved`` when every
    case was walked, else ``cases`` random cases found nothing)."""

    slip: Slip
    fatal: bool
    proved: bool
    cases: int
    how: str = ""
    #: what broke, in every language ("" when the slip is survived)
    reason: Text = attrs.field(factory=lambda: Text(""))
    counterexample: Outcome | None = None


_CLAIM_FAILED = Text("{claim}: {problem}", zh="{claim}：{problem}")


_CANNOT_GO_ON = Text(
    "the routine cannot go on after this slip: {reason}",
    zh="出了这个失误之后流程无法继续：{reason}",
)


def _how(outcome: Outcome) -> tuple[str, Text]:
    if outcome.error is not None:
        # the script itself raised, which it never does as written (slips() checked the
        # example): what the slip left is a position the routine cannot be performed from
        reason = outcome.failure.reason if outcome.failure is not None else Text("")
        return "error", _CANNOT_GO_ON.format(reason=reason)
    if outcome.failure is not None:
        return outcome.failure.kind or "error", outcome.failure.reason
    claim = next(iter(outcome.claim_errors))
    problem = outcome.claim_texts.get(claim, Text(outcome.claim_errors[claim]))
    return "claim", _CLAIM_FAILED.format(claim=claim, problem=problem)


def check_slip(
    routine: Routine,
    slip: Slip,
    params: Mapping[str, int] | None = None,
    *,
    exhaustive_limit: int = 20_000,
    examples: int = 2_000,
    seed: int = 0,
) -> SlipResult:
    """Run ``slip`` through the verifier: the example performance first (a slip that breaks it
    is fatal at once, with that performance as the counter-example), then every case or a
    search."""
    from conjure.magic.verifier import verify

    bad = slipped(routine, slip)
    # the routine as written ran cleanly in the example (slips() checked it): if its script
    # raises after the slip, the slip made the routine impossible to go on with, a fatal slip
    first = perform(bad, params, _chooser(routine))
    if not first.ok:
        how, reason = _how(first)
        return SlipResult(slip, True, False, 1, how, reason, first)
    report = verify(
        bad, params, exhaustive_limit=exhaustive_limit, examples=examples, seed=seed, odds=False
    )
    found = report.counterexample
    if found is None:
        return SlipResult(slip, False, report.proved, report.cases)
    if found.error is not None:
        # the same case without the slip: if the routine raises there too, the fault is its
        # own code's (its plugin's bug), not the slip's
        indices = found.choice_indices()
        check_not_bug(routine, perform(routine, params, ScriptedChooser(indices), record=False))
    how, reason = _how(found)
    return SlipResult(slip, True, False, report.cases, how, reason, found)


@attrs.frozen
class SlipReport:
    """Every slip of a routine checked, in the order of its steps."""

    routine: Routine
    params: dict[str, int]
    results: list[SlipResult]
    seconds: float

    def steps(self) -> list[tuple[str, list[SlipResult]]]:
        """The results grouped by step, in the order the steps are made."""
        out: dict[str, list[SlipResult]] = {}
        for result in self.results:
            out.setdefault(result.slip.step, []).append(result)
        return list(out.items())

    def critical(self) -> list[tuple[str, int, int]]:
        """The steps where some slip is fatal, as (step, fatal slips, slips), most fatal
        first (then in the order of the steps)."""
        rows = [
            (step, sum(r.fatal for r in results), len(results)) for step, results in self.steps()
        ]
        order = {step: k for k, (step, _, _) in enumerate(rows)}
        fatal = [row for row in rows if row[1]]
        return sorted(fatal, key=lambda row: (-row[1] / row[2], order[row[0]]))

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        """The report as plain data, its words in ``lang`` (``conjure slips --json``)."""
        from conjure.magic.trace import outcome_json

        def one(r: SlipResult) -> dict[str, Any]:
            found = r.counterexample
            return {
                "kind": r.slip.kind,
                "move": r.slip.index + 1,
                "slip": r.slip.text().get(lang),
                "fatal": r.fatal,
                "proved": r.proved,
                "cases": r.cases,
                "how": r.how or None,
                "reason": r.reason.get(lang) or None,
                "counterexample": outcome_json(found) if found is not None else None,
            }

        return {
            "routine": self.routine.id,
            "params": self.params,
            "slips": len(self.results),
            "fatal": sum(r.fatal for r in self.results),
            "critical": [step for step, _, _ in self.critical()],
            "steps": [
                {
                    "step": step,
                    "fatal": sum(r.fatal for r in results),
                    "slips": [one(r) for r in results],
                }
                for step, results in self.steps()
            ],
            "seconds": round(self.seconds, 3),
        }


def check_slips(
    routine: Routine,
    params: Mapping[str, int] | None = None,
    *,
    exhaustive_limit: int = 20_000,
    examples: int = 2_000,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
) -> SlipReport:
    """Every slip of ``routine`` (:func:`slips`) through the verifier (:func:`check_slip`)."""
    values = routine.resolve_params(params)
    start = time.perf_counter()
    listed = slips(routine, values)
    results: list[SlipResult] = []
    try:
        for k, slip in enumerate(listed):
            results.append(
                check_slip(
                    routine,
                    slip,
                    values,
                    exhaustive_limit=exhaustive_limit,
                    examples=examples,
                    seed=seed,
                )
            )
            if progress is not None:
                progress(k + 1, len(listed))
    except KeyboardInterrupt:
        fatal = [r for r in results if r.fatal]
        steps = ", ".join(dict.fromkeys(r.slip.step for r in fatal)) or _NONE
        raise Interrupted(
            _COVERED.format(n=len(results), total=len(listed), fatal=len(fatal), steps=steps)
        ) from None
    return SlipReport(routine, values, results, time.perf_counter() - start)


#: what an interrupted check of the slips had covered
_COVERED = Text(
    "after {n} of {total} slips checked: {fatal} fatal so far (at {steps})",
    zh="已检查{total}个失误中的{n}个：目前{fatal}个致命（在{steps}）",
)
_NONE = Text("no step yet", zh="尚无步骤")
