"""Tournaments and sweeps: every seating, every grid point, the same deals for each seating,
standings that add up, and the command line's --bots, --tournament and --sweep."""

from __future__ import annotations

import json

import pytest

from conjure.cli import main
from conjure.errors import Interrupted
from conjure.games import tournament as tournament_module
from conjure.games.simulate import simulate
from conjure.games.tournament import TournamentInterrupted, grid, seatings, tournament
from conjure_games.go_fish import GoFish
from conjure_games.goofspiel import Goofspiel
from conjure_games.sixty_six import SixtySix


def test_every_seating_seats_each_bot_and_no_seating_twice() -> None:
    for bots, seats, count in ((["a", "b"], 2, 2), (["a", "b", "c"], 2, 6), (["a", "b"], 4, 14)):
        found = seatings(bots, seats)
        assert len(found) == len(set(found)) == count
        assert all(len(s) == seats for s in found)
        if len(bots) <= seats:
            assert all(set(s) == set(bots) for s in found)
        else:
            assert all(len(set(s)) == seats for s in found)
    assert seatings(["a", "a"], 2) == [("a", "a")]


def test_a_grid_is_every_combination() -> None:
    assert grid([]) == [{}]  # no sweep: one point, the game as it is
    points = grid([("x", [1, 2, 3]), ("y", [4, 5])])
    assert len(points) == 6 and {(p["x"], p["y"]) for p in points} == {
        (x, y) for x in (1, 2, 3) for y in (4, 5)
    }


def test_each_seating_plays_the_same_deals_and_the_standings_add_up() -> None:
    totals: list[int] = []
    played: list[int] = []
    (point,) = tournament(
        Goofspiel,
        3,
        ["mc", "random"],
        seed=5,
        progress=played.append,
        on_total=totals.append,
    )
    assert totals == [6] and sum(played) == 6 and len(played) == 6  # 2 seatings, 3 games each
    assert [run.bots for run in point.runs] == [("mc", "random"), ("random", "mc")]
    for run in point.runs:  # each run is the simulation of its seating, seeded alike
        alone = simulate(Goofspiel(), 3, 5, run.bots)
        assert (alone.wins, alone.mean_returns) == (run.wins, run.mean_returns)
    standings = {s.bot: s for s in point.standings}
    assert standings["mc"].seat_games == standings["random"].seat_games == 6
    mc, rnd = point.runs
    assert standings["mc"].wins == mc.wins[0] + rnd.wins[1]
    mean = (mc.mean_returns[0] + rnd.mean_returns[1]) / 2
    assert standings["mc"].mean_return == pytest.approx(mean)
    assert point.standings[0].mean_return >= point.standings[1].mean_return


def test_a_sweep_plays_each_option_value_and_player_count() -> None:
    points = tournament(
        GoFish, 30, ["random"], sweeps=[("players", [3, 4])], every_seating=False, seed=1
    )
    assert [(p.players, len(p.runs)) for p in points] == [(3, 1), (4, 1)]
    assert points[1].runs[0].bots == ("random",) * 4
    a, b = tournament(SixtySix, 40, ["random"], sweeps=[("target", [1, 21])], every_seating=False)
    assert (a.options, b.options) == ({"target": 1}, {"target": 21})
    assert a.runs[0].mean_scores != b.runs[0].mean_scores


def test_simulate_on_the_command_line_runs_the_grid_of_seatings(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["simulate", "go-fish", "-n", "20", "--bots", "random", "--tournament"]
    assert main([*args, "--sweep", "players=3,4", "--sweep", "ask=0,1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [(p["players"], p["options"]["ask"]) for p in data["points"]] == [
        (3, 0),
        (3, 1),
        (4, 0),
        (4, 1),
    ]
    for point in data["points"]:
        (standing,) = point["standings"]
        assert standing["seat_games"] == 20 * point["players"]
        interval = standing["win_rate"]
        assert interval["low"] <= interval["rate"] <= interval["high"]
    assert main(["simulate", "goofspiel", "-n", "2", "--bots", "random,mc", "--tournament"]) == 0
    out = capsys.readouterr().out
    assert "2 seatings" in out and "seat-games" in out
    for bot in ("mc", "random"):
        assert f"│ {bot} " in out


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--sweep", "nope=1,2"], "--sweep: goofspiel has no option 'nope'"),
        (["--sweep", "ties=1,9"], "--sweep ties: 9 is out of range"),
        (["--sweep", "ties=1,x"], "--sweep ties: 'x' is not a whole number"),
        (["--sweep", "ties"], "--sweep 'ties' is not NAME=VALUE"),
        (["--sweep", "ties=1", "--option", "ties=0"], "fixed by --option or --players too"),
        (["--sweep", "players=2", "--players", "2"], "fixed by --option or --players too"),
        (["--sweep", "players=2,3"], "--sweep players: 3 is not allowed"),
        (["--bots", "mc,smart,random"], "unknown bot 'smart'"),
        (["--bots", ","], "names no bot"),
    ],
)
def test_bad_sweeps_and_bots_are_one_line_usage_errors(
    args: list[str], needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", "goofspiel", "-n", "5", *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and needle in err, err


def test_too_many_simulations_are_refused_before_any_is_played(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(tournament_module, "MAX_RUNS", 5)
    assert main(["simulate", "goofspiel", "--bots", "mc,random,ismcts"]) == 2
    assert "ask for 6 simulations (at most 5)" in capsys.readouterr().err


def _stop_after(monkeypatch: pytest.MonkeyPatch, runs: int) -> None:
    """Simulations go as usual ``runs`` times; the next one is interrupted."""
    calls = iter(range(10**6))

    def stopping(*args: object, **kwargs: object) -> object:
        if next(calls) >= runs:
            raise Interrupted("after 3 of 10 games")
        return simulate(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(tournament_module, "simulate", stopping)


def test_an_interrupted_tournament_keeps_what_was_played(monkeypatch: pytest.MonkeyPatch) -> None:
    _stop_after(monkeypatch, 3)
    with pytest.raises(TournamentInterrupted) as stopped:
        tournament(Goofspiel, 4, ["mc", "random"], sweeps=[("ties", [0, 1])])
    done = stopped.value.points
    assert [len(p.runs) for p in done] == [2, 1]  # the first point whole, one seating of the next
    assert done[0].options == {"ties": 0} and done[1].options == {"ties": 1}
    assert "of 16 games" in str(stopped.value)


def test_an_interrupted_tournament_prints_the_standings_so_far(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _stop_after(monkeypatch, 1)
    code = main(["simulate", "goofspiel", "-n", "4", "--bots", "mc,random", "--tournament"])
    out = capsys.readouterr()
    assert code == 130
    assert "standings of the games played so far" in out.out
    assert "ismcts" not in out.out and "random" in out.out and "mc" in out.out
