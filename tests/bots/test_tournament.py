"""Tournament statistics, duplicate deals, and results that do not depend on the executor."""

from __future__ import annotations

import math
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from durak_lessons.tournament import (
    GameResult,
    SequentialExecutor,
    Standing,
    Tournament,
    deal_of,
    decision_times,
    main,
    make_bot,
    run_tournament,
    tasks_for,
    wilson,
)


@pytest.mark.parametrize(
    ("k", "n", "lo", "hi"),
    [
        # published values (Newcombe 1998, table I; Wilson 1927)
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
        (8, 10, 0.4902, 0.9433),
        (10, 10, 0.7225, 1.0),
    ],
)
def test_wilson_interval_matches_published_values(k: int, n: int, lo: float, hi: float) -> None:
    a, b = wilson(k, n)
    assert math.isclose(a, lo, abs_tol=5e-5) and math.isclose(b, hi, abs_tol=5e-5)


def test_wilson_interval_holds_the_share_even_at_none_and_all() -> None:
    """At 0 of n or n of n one end of the interval is the share itself; rounding had put it
    one unit in the last place outside (0 of 7 gave a low end of about 1e-17), which a plot's
    error bars refuse as negative."""
    for n in range(1, 400):
        for k in (0, n / 2, n):
            low, high = wilson(k, n)
            assert 0.0 <= low <= k / n <= high <= 1.0
    assert wilson(0, 7)[0] == 0.0 and wilson(13, 13)[1] == 1.0


def test_wilson_is_symmetric_and_handles_the_edges() -> None:
    a, b = wilson(5, 10)
    assert math.isclose(a + b, 1.0)
    assert wilson(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError, match="outside"):
        wilson(11, 10)


def test_standing_counts_draws_as_half() -> None:
    st = Standing("x", games=10, wins=6, draws=2, losses=2)
    assert st.score == 0.7
    assert st.interval == wilson(7, 10)


def test_duplicate_deals_swap_the_seats_over_the_same_cards() -> None:
    tasks = tasks_for(["a", "b"], "podkidnoy", 2, deals=3, seed=8)
    assert [(t.deal_index, t.seats) for t in tasks] == [
        (d, seats) for d in range(3) for seats in (("a", "b"), ("b", "a"))
    ]
    assert deal_of(tasks[0]) == deal_of(tasks[1]) != deal_of(tasks[2])
    three = tasks_for(["a", "b"], "podkidnoy", 3, deals=1, seed=8)
    assert [t.seats for t in three] == [("a", "b", "a"), ("a", "a", "b"), ("b", "a", "a")]


def test_each_seating_of_a_deal_is_scored_for_the_bot_in_it() -> None:
    t = run_tournament(["greedy", "random"], deals=20, seed=3, executor=SequentialExecutor())
    assert t.games == 40
    for r in t.results:
        assert sorted(r.scores) in ([0.0, 1.0], [0.5, 0.5])
    st = t.standings()
    assert st["greedy"].games == st["random"].games == 40
    assert st["greedy"].wins == st["random"].losses
    assert st["greedy"].score > 0.8  # greedy play beats random play
    assert len(t.pairs()) == 20 and all(len(p) == 2 for p in t.pairs())
    assert "greedy" in t.table() and "95% CI" in t.table()


def test_the_slowest_decision_is_found_and_can_be_played_again() -> None:
    t = run_tournament(
        ["search:iterations=8", "greedy"], deals=2, seed=5, executor=SequentialExecutor()
    )
    where = t.slowest_decisions()
    seconds, task, seat, k = where["search:iterations=8"]
    assert seconds == t.slowest_decision()["search:iterations=8"] > 0
    game = next(r for r in t.results if r.index == task.index)
    assert task.seats[seat] == "search:iterations=8" and game.seconds[seat] == seconds
    assert game.slowest_at[seat] == k >= 0
    # the same game again, move for move: one timed decision per action of the game
    again = decision_times(task)
    assert len(again) == 2 and sum(map(len, again)) == game.actions
    assert len(again[seat]) > k and all(x >= 0 for x in again[seat])


LINEUP = ["search:iterations=6", "heuristic", "greedy"]


def _run(executor: object) -> Tournament:
    return run_tournament(
        LINEUP,
        players=3,
        deals=2,
        seed=21,
        executor=executor,
        chunk=2,  # type: ignore[arg-type]
    )


@pytest.mark.processes
def test_results_do_not_depend_on_the_executor() -> None:
    sequential = _run(SequentialExecutor())
    with ThreadPoolExecutor(max_workers=3) as threads:
        threaded = _run(threads)
    with ProcessPoolExecutor(max_workers=2) as processes:
        parallel = _run(processes)
    assert sequential.results == threaded.results == parallel.results
    assert len(sequential.results) == 6
    assert all(isinstance(r, GameResult) for r in sequential.results)


@pytest.mark.parametrize("platform", ["emscripten", "wasi"])
def test_where_python_starts_no_processes_the_games_run_one_after_another(
    monkeypatch: pytest.MonkeyPatch, platform: str
) -> None:
    """In the browser's Pyodide (sys.platform 'emscripten') a process pool cannot start (nor
    a thread), so a notebook's run_tournament with no executor plays its games in the
    notebook's own process, ``workers`` or not, with the same results."""
    import sys

    from durak_lessons import tournament

    expected = _run(SequentialExecutor())

    def no_pool(*args: object, **kwargs: object) -> None:
        raise OSError(f"{platform} does not support processes")

    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setattr(tournament, "ProcessPoolExecutor", no_pool)
    for workers in (None, 4):
        t = run_tournament(LINEUP, players=3, deals=2, seed=21, chunk=2, workers=workers)
        assert t.results == expected.results


def test_results_on_a_dask_local_cluster_match() -> None:
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=1,
            threads_per_worker=2,
            processes=False,
            protocol="tcp",
            host="127.0.0.1",
            dashboard_address=None,
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        on_dask = _run(client)
    assert on_dask.results == _run(SequentialExecutor()).results


def test_bot_specs() -> None:
    bot = make_bot("search:iterations=12,exploration=0.5")
    assert bot.iterations == 12 and bot.exploration == 0.5  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("oracle")
    with pytest.raises(ValueError, match="option=value"):
        make_bot("search:fast")


def test_command_line(capsys: pytest.CaptureFixture[str], tmp_path: object) -> None:
    assert main(["greedy", "random", "--deals", "3", "--sequential", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "6 games" in out and "greedy" in out
    assert main(["greedy", "nobody", "--deals", "1", "--sequential", "--quiet"]) == 2


def test_a_notebook_shows_a_tournament_as_its_table_not_every_game() -> None:
    """A tournament evaluated in a notebook's cell printed every game's result (the dataclass
    repr: several hundred characters a game).  Now one line says what was played and each
    bot's score, and the notebook's rich display is the table itself."""
    import html.parser

    t = run_tournament(["greedy", "random"], deals=3, seed=4, executor=SequentialExecutor())
    text = repr(t)
    greedy, chance = t.standings()["greedy"].score, t.standings()["random"].score
    assert greedy > chance
    assert text == (
        "<Tournament podkidnoy, 2 players, 3 deals x 2 seatings = 6 games, seed 4:"
        f" greedy {100 * greedy:.1f} %, random {100 * chance:.1f} %>"
    )

    class Cells(html.parser.HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.rows: list[list[str]] = []
            self.caption = ""
            self._in: str | None = None

        def handle_starttag(self, tag: str, attrs: object) -> None:
            if tag == "tr":
                self.rows.append([])
            self._in = tag

        def handle_data(self, data: str) -> None:
            if self._in in ("td", "th"):
                self.rows[-1].append(data)
            elif self._in == "caption":
                self.caption += data

    cells = Cells()
    cells.feed(t._repr_html_())
    lines = t.table().splitlines()
    assert cells.caption == lines[0] == t.heading()
    header, *rows = cells.rows
    assert header == ["bot", "games", "seats", "wins", "draws", "losses", "score %", "95% CI",
                      "slowest s"]
    assert rows == [line.split() for line in lines[2:4]]  # the text table's rows, cell by cell
    assert rows[0][:2] == ["greedy", "6"] and rows[0][6] == f"{100 * greedy:.1f}"
