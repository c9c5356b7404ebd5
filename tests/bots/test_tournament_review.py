"""The tournament after the bots review: an endless game is a draw and does not abort the run
(#4), repeated seatings are played once and the interval counts one result per game and bot
(#5), the plot's chance line (#6), a lineup longer than the table (#7), and contradictory
executor options on the command line (#13)."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import durak_lessons.simulate as simulate
import durak_lessons.tournament as tournament
from durak_lessons.tournament import (
    SequentialExecutor,
    decision_times,
    main,
    run_tournament,
    tasks_for,
    wilson,
)

QUICK = ["--deals", "1", "--sequential", "--quiet"]

# ---- #4: an endless game is a draw, counted, and the other games are kept ---------------------

LIMIT = 58  # greedy v random, seed 3, 4 deals: games of 43 to 89 actions; 5 reach 58


def _short(executor: object = None) -> tournament.Tournament:
    return run_tournament(
        ["greedy", "random"],
        deals=4,
        seed=3,
        executor=executor if executor is not None else SequentialExecutor(),  # type: ignore[arg-type]
    )


@pytest.mark.processes
def test_an_endless_game_is_scored_as_a_draw_and_counted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    lengths = [r.actions for r in _short().results]
    long = sum(a >= LIMIT for a in lengths)
    assert 0 < long < len(lengths)
    monkeypatch.setattr(simulate, "MAX_ACTIONS", LIMIT)
    t = _short()  # raised EndlessGameError and lost every game
    assert t.games == len(lengths) == 8
    assert t.endless == long
    for r, before in zip(t.results, lengths, strict=True):
        if before >= LIMIT:
            assert r.termination == "endless" and r.scores == (0.5, 0.5)
            assert r.fool is None and r.actions == LIMIT
        else:
            assert r.termination != "endless" and r.actions == before
    st = t.standings()
    assert st["greedy"].draws >= long and st["random"].draws >= long
    # the same results whatever runs them, and the endless game can be played again
    with ThreadPoolExecutor(max_workers=2) as threads:
        assert _short(threads).results == t.results
    task = tasks_for(["greedy", "random"], "podkidnoy", 2, 4, 3)[lengths.index(max(lengths))]
    assert sum(map(len, decision_times(task))) == LIMIT


def test_the_endless_count_is_in_the_table_the_json_and_the_command_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert "scored as draws: 0" in _short().table()
    monkeypatch.setattr(simulate, "MAX_ACTIONS", 10)  # no game ends
    t = _short()
    assert t.endless == 8
    assert "endless games (no end after 10 actions), scored as draws: 8" in t.table()
    assert t.to_json()["endless"] == 8
    path = tmp_path / "t.json"
    assert main(["greedy", "random", "--json", str(path), *QUICK]) == 0
    assert "scored as draws: 2" in capsys.readouterr().out
    assert json.loads(path.read_text(encoding="utf-8"))["endless"] == 2


# ---- #5: repeated seatings once; one result per game and bot in the interval -----------------


def test_a_seating_that_repeats_an_earlier_one_is_not_played_again() -> None:
    teams = tasks_for(["g", "h"], "podkidnoy-teams", 4, deals=2, seed=1)
    assert [(t.deal_index, t.rotation, t.seats) for t in teams] == [
        (d, rot, seats)
        for d in range(2)
        for rot, seats in ((0, ("g", "h", "g", "h")), (1, ("h", "g", "h", "g")))
    ]
    assert len(tasks_for(["g", "h"], "podkidnoy", 6, deals=1, seed=1)) == 2
    assert len(tasks_for(["a", "b", "c"], "podkidnoy", 6, deals=1, seed=1)) == 3
    assert len(tasks_for(["g"], "podkidnoy", 3, deals=1, seed=1)) == 1
    assert len(tasks_for(["a", "b"], "podkidnoy", 3, deals=1, seed=1)) == 3  # all distinct


def test_team_partners_count_once_in_the_interval() -> None:
    t = run_tournament(
        ["greedy", "random"], rules="podkidnoy-teams", players=4, deals=3, seed=1,
        executor=SequentialExecutor(),
    )
    assert t.games == 6
    st = t.standings()
    for bot in ("greedy", "random"):
        s = st[bot]
        assert s.games == 6 and s.seats == 12  # two partners in each of 6 games
        team = [sum(x for x, b in zip(r.scores, r.seats, strict=True) if b == bot) / 2
                for r in t.results]
        assert s.score == pytest.approx(sum(team) / 6)
        assert s.interval == pytest.approx(wilson(sum(team), 6))
    assert all(len(p) == 4 for p in t.pairs())  # 2 seatings x 2 seats of the first bot
    assert "one result per game" in t.table()


def test_a_bot_with_two_seats_in_a_game_counts_once() -> None:
    t = run_tournament(
        ["greedy", "random"], players=3, deals=2, seed=4, executor=SequentialExecutor()
    )
    g = t.standings()["greedy"]
    assert (g.games, g.seats) == (t.games, 2 * t.games) == (6, 12)
    means = [
        sum(x for x, b in zip(r.scores, r.seats, strict=True) if b == "greedy") / 2
        for r in t.results
    ]
    assert g.interval == pytest.approx(wilson(sum(means), 6))
    assert g.score == pytest.approx((g.wins + g.draws / 2) / g.seats)


# ---- #6: the chance line ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "players", "chance"),
    [("podkidnoy", 2, 50.0), ("podkidnoy", 3, 200 / 3), ("podkidnoy-teams", 4, 50.0)],
)
def test_the_plot_marks_the_score_of_a_bot_no_better_than_the_others(
    rules: str, players: int, chance: float, tmp_path: Path
) -> None:
    pytest.importorskip("matplotlib")
    t = run_tournament(
        ["greedy"], rules=rules, players=players, deals=1, executor=SequentialExecutor()
    )
    assert t.chance == pytest.approx(chance / 100)
    fig = t.plot(str(tmp_path / "p.png"))
    assert list(fig.axes[0].lines[-1].get_ydata()) == pytest.approx([chance, chance])
    if rules == "podkidnoy":  # a bot against copies of itself scores chance
        assert t.standings()["greedy"].score == pytest.approx(chance / 100)


# ---- #7: more bots than seats -----------------------------------------------------------------


def test_more_bots_than_seats_are_refused_by_name() -> None:
    with pytest.raises(ValueError, match=r"3 bots .* for 2 seats: heuristic would never play"):
        run_tournament(["greedy", "random", "heuristic"], deals=1, executor=SequentialExecutor())
    with pytest.raises(ValueError, match=r"for 2 seats: c, d would never play"):
        tasks_for(["a", "b", "c", "d"], "podkidnoy", 2, deals=1, seed=0)


def test_more_bots_than_seats_on_the_command_line_is_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["greedy", "random", "heuristic", *QUICK]) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith("error: 3 bots (greedy, random, heuristic) for 2 seats")
    assert captured.err.count("\n") == 1 and captured.out == ""


# ---- #13: contradictory executor options ------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--sequential", "--dask", "tcp://127.0.0.1:1"], "--sequential and --dask"),
        (["--sequential", "--workers", "2"], "--workers"),
        (["--dask", "tcp://127.0.0.1:1", "--workers", "2"], "--workers"),
        (["--dask-timeout", "1"], "--dask-timeout is how long to wait for --dask's scheduler"),
        (["--sequential", "--dask-timeout", "1"], "--dask-timeout"),
    ],
)
def test_contradictory_executor_options_are_refused(
    args: list[str], said: str, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    def no_run(*a: object, **k: object) -> None:
        raise AssertionError("the tournament was run")

    monkeypatch.setattr(tournament, "run_tournament", no_run)
    assert main(["greedy", "random", "--deals", "1", "--quiet", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {said}") and err.count("\n") == 1


def test_workers_with_an_executor_is_refused() -> None:
    with pytest.raises(ValueError, match="workers"):
        run_tournament(["greedy"], deals=1, workers=2, executor=SequentialExecutor())
