"""routines, verify, solve and rehearse from the command line."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys

import pytest

from conjure.cli import main


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "conjure", *args], capture_output=True, text=True)


def test_routines_lists_both(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["routines", "--json"]) == 0
    ids = {row["id"] for row in json.loads(capsys.readouterr().out)}
    assert {"courting-kings", "each-gets-two"} <= ids


def test_verify_courting_kings_proves_and_counts(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "courting-kings"]) == 0
    out = capsys.readouterr().out
    assert "PROVED: all 576 cases" in out
    assert "PASS" not in out


def test_a_claim_refuted_at_the_first_case_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "courting-kings", "--claim", "marriages"]) == 1
    out = capsys.readouterr().out
    assert "REFUTED: a counter-example at case 1 of 576" in out
    assert "all 1 cases" not in out and "PROVED" not in out


def test_a_sample_is_never_called_a_proof(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["verify", "each-gets-two", "--param", "rounds=1", "--param", "reading=0"]
    args += ["--limit", "1000"]  # the proof walks about 280,000 performances: search instead
    assert main([*args, "--examples", "1", "--seed", "3", "--workers", "1"]) == 6
    out = capsys.readouterr().out
    assert "no counter-example in 1 random case (of about " in out
    assert "not a proof" in out and "PASS" not in out and "PROVED" not in out


def test_verify_each_gets_two_sweeps_the_rounds(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        [
            "verify",
            "each-gets-two",
            "--param",
            "reading=0",
            "--examples",
            "300",
            "--seed",
            "1",
            "--limit",
            "1000",
            "--json",
        ]
    )
    data = json.loads(capsys.readouterr().out)
    assert code == 1 and data["exit"] == 1
    verdicts = {r["params"]["rounds"]: r["verdict"] for r in data["results"]}
    assert verdicts == {
        1: "no counter-example",
        2: "refuted",
        3: "refuted",
        4: "refuted",
        5: "refuted",
    }
    failed = next(r for r in data["results"] if r["params"]["rounds"] == 3)
    assert failed["counterexample"]["failure"] or failed["counterexample"]["claims_failed"]
    assert failed["seed"] == 1 and not failed["proved"]


def test_verify_prints_a_trace_for_a_failure(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(
            [
                "verify",
                "each-gets-two",
                "--param",
                "rounds=3",
                "--param",
                "reading=0",
                "--seed",
                "4",
                "--examples",
                "100",
            ]
        )
        == 1
    )
    out = capsys.readouterr().out
    assert "REFUTED: a counter-example walking every case" in out and "[rounds=3, reading=0]" in out
    assert "smallest counter-example found" in out
    assert "③·3" in out and "performer:" in out and "audience sees:" in out


def test_solve_courting_kings(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "courting-kings", "marriages"]) == 0
    out = capsys.readouterr().out
    assert "24 of 576 set-ups make it hold" in out
    assert "kings = queens taken in the positions 1 2 4 3" in out
    assert "queens=C H S D, kings=C H D S" in out  # the book's example is among them


def test_solve_says_when_every_set_up_works_instead_of_listing_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["solve", "courting-kings", "king-and-queen"]) == 0
    out = capsys.readouterr().out
    assert "576 of 576 set-ups" in out and "every set-up works" in out
    assert "queens=" not in out
    assert main(["solve", "courting-kings", "king-and-queen", "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)["setups"]) == 576


@pytest.mark.parametrize(
    ("routine", "lang", "needles"),
    [
        ("courting-kings", "zh", ["步骤①", "步骤⑧", "表演者（实际）", "观众看到", "观众相信"]),
        (
            "each-gets-two",
            "en",
            ["Step ①", "Step ⑥", "Performer (really)", "Audience sees", "reversed-twos"],
        ),
    ],
)
def test_rehearse_all_prints_every_step_with_both_views(
    routine: str, lang: str, needles: list[str]
) -> None:
    result = run("rehearse", routine, "--all", "--lang", lang)
    assert result.returncode == 0, result.stderr
    for needle in needles:
        assert needle in result.stdout


def test_rehearse_walks_next_back_quit(capsys: pytest.CaptureFixture[str]) -> None:
    from conjure.plugins.host import load_plugins
    from conjure.view.rehearsal import rehearse

    answers = iter(["", "b", "", "", "q"])
    asked: list[str] = []

    def ask(prompt: str) -> str:
        asked.append(prompt)
        return next(answers)

    routine = load_plugins().routine("courting-kings")
    assert rehearse(routine, lang="en", ask=ask, interactive=True) == 0
    out = capsys.readouterr().out
    order = [line.split()[1] for line in out.splitlines() if line.startswith("Step ")]
    assert order == ["①", "②", "①", "②", "③"]
    assert len(asked) == 5


def test_rehearse_with_a_set_up_and_a_failing_one() -> None:
    def with_kings(kings: str) -> subprocess.CompletedProcess[str]:
        setup = ["--setup", "queens=SHCD", "--setup", f"kings={kings}"]
        return run("rehearse", "courting-kings", "--all", "--lang", "en", *setup)

    married = with_kings("SHDC")
    assert married.returncode == 0 and "✓ marriages" in married.stdout
    mixed = with_kings("SHCD")
    assert mixed.returncode == 0  # an optional claim failing is no failure of the routine
    assert "✗ marriages" in mixed.stdout and "✓ king-and-queen" in mixed.stdout
    bad = run("rehearse", "each-gets-two", "--all", "--param", "rounds=3", "--lang", "en")
    assert bad.returncode == 1
    assert "✗ reversed-twos" in bad.stdout


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["verify", "courting-king"], "did you mean 'courting-kings'"),
        (["verify", "each-gets-two", "--param", "rounds=9"], "parameter rounds: 9 is out of range"),
        (["verify", "each-gets-two", "--param", "rounds"], "is not NAME=VALUE"),
        (
            ["verify", "each-gets-two", "--param", "rounds=x"],
            "--param rounds: 'x' is not a whole number",
        ),
        (["verify", "each-gets-two", "--examples", "0"], "--examples: 0 is out of range"),
        (["verify", "each-gets-two", "--examples", "-5"], "--examples: -5 is out of range"),
        (["verify", "each-gets-two", "--workers", "0"], "--workers: 0 is out of range"),
        (["verify", "each-gets-two", "--workers", "-4"], "--workers: -4 is out of range"),
        (["verify", "each-gets-two", "--examples", "²"], "'²' is not a whole number"),
        (
            ["rehearse", "courting-kings", "--setup", "queens=SHCX"],
            "--setup queens='SHCX': 'X' is not one of the items (allowed: an order of S H C D)",
        ),
        (["rehearse", "courting-kings", "--setup", "queens=SHHD"], "queens='SHHD': H is repeated"),
        (["rehearse", "each-gets-two", "--choice", "cut=²"], "--choice cut: '²' is not a whole"),
        (["rehearse", "each-gets-two", "--choice", "cut=99"], "from 13 to 39"),
        (["rehearse", "courting-kings", "--choice", "nope=1"], "no choice named 'nope'"),
        (["rehearse", "each-gets-two", "--choice", "cut=#99"], "cut: index #99 is out of range"),
        (["rehearse", "each-gets-two", "--choice", "cut=#x"], "'x' is not a whole number"),
        (["solve", "courting-kings", "nope"], "no claim 'nope'"),
    ],
)
def test_bad_routine_input_is_one_line(args: list[str], needle: str) -> None:
    result = run(*args)
    assert result.returncode != 0
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0], result.stderr


@pytest.mark.parametrize("routine_id", ["courting-kings", "each-gets-two"])
def test_the_shipped_routines_can_be_searched_on_worker_processes(routine_id: str) -> None:
    import pickle

    from conjure.plugins.host import load_plugins

    routine = load_plugins().routine(routine_id)
    assert pickle.loads(pickle.dumps(routine)).id == routine_id


def test_rehearse_reads_its_answers_from_a_pipe() -> None:
    def piped(answers: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "conjure", "rehearse", "courting-kings", "--lang", "en"],
            input=answers,
            capture_output=True,
            text=True,
        )

    walked = piped("\n\nb\nq\n")
    assert walked.returncode == 0, walked.stderr
    steps = [line.split()[1] for line in walked.stdout.splitlines() if line.startswith("Step ")]
    assert steps == ["①", "②", "③", "②"]
    prompts = [line for line in walked.stdout.splitlines() if "[Enter] next" in line]
    # every prompt ends its own line: the answer read from the pipe is echoed after it
    assert [p.rsplit("> ", 1)[1] for p in prompts] == ["", "", "b", "q"]
    ended = piped("\n")
    lines = ended.stdout.splitlines()
    assert lines[-1] == "(end of input at step 2 of 8; --all prints every step)"
    assert lines[-2].endswith("quit > ")


SWEEP = ["verify", "each-gets-two", "--param", "reading=0", "--examples", "300", "--seed", "1"]
SWEEP += ["--limit", "1000"]


def test_a_sweep_says_each_setting_then_how_many_ended_how(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(SWEEP) == 1
    lines = capsys.readouterr().out.splitlines()
    verdicts = [
        line
        for line in lines
        if line.endswith(tuple(f"[rounds={n}, reading=0]" for n in range(1, 6)))
    ]
    assert len(verdicts) == 5
    assert lines[-1] == "5 settings: 4 refuted; 1 sampled without a counter-example (not proved)"
    assert main(["--lang", "zh", *SWEEP]) == 1
    assert (
        capsys.readouterr().out.splitlines()[-1]
        == "共5种设定：4种已推翻；1种抽查未见反例（未证明）"
    )


def test_one_setting_has_no_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "courting-kings"]) == 0
    assert "settings" not in capsys.readouterr().out


def test_an_interrupted_sweep_keeps_what_it_found_and_says_how_far_it_got(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    verify_module = importlib.import_module("conjure.magic.verifier")
    from conjure.errors import Interrupted

    real = verify_module.verify
    calls: list[int] = []

    def stopped_at_the_third(*args: object, **kwargs: object) -> object:
        calls.append(1)
        if len(calls) == 3:
            raise Interrupted("after 12 of 300 random cases searched (seed 1)")
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(verify_module, "verify", stopped_at_the_third)
    assert main(SWEEP) == 130
    out, err = capsys.readouterr()
    assert "[rounds=1, reading=0]" in out and "[rounds=2, reading=0]" in out
    assert "[rounds=3" not in out
    assert err.strip() == (
        "conjure: interrupted after 2 of 5 settings (1 refuted; 1 sampled without a "
        "counter-example (not proved)); the next one after 12 of 300 random cases searched "
        "(seed 1)"
    )


def test_an_interrupted_walk_says_nothing_was_proved(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    verify_module = importlib.import_module("conjure.magic.verifier")

    def interrupted(*args: object, **kwargs: object) -> object:
        raise KeyboardInterrupt

    monkeypatch.setattr(verify_module, "walk_all", interrupted)
    assert main(["verify", "courting-kings"]) == 130
    err = capsys.readouterr().err.strip()
    assert err == (
        "conjure: interrupted while walking every case (about 576): no counter-example so far, "
        "nothing proved"
    )


def test_an_interruption_says_what_it_covered_in_the_chosen_language(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    verify_module = importlib.import_module("conjure.magic.verifier")

    def interrupted(*args: object, **kwargs: object) -> object:
        raise KeyboardInterrupt

    monkeypatch.setattr(verify_module, "walk_all", interrupted)
    assert main(["--lang", "zh", "verify", "courting-kings"]) == 130
    err = capsys.readouterr().err.strip()
    assert err == "conjure: interrupted 逐一检查所有情况（约576种）时：尚未发现反例，也没有证明"
