"""The tournament's command line and entry points: rules strings, bad bots, bad numbers, an
output file that cannot be written, a lineup given as one string, a Dask scheduler that is
not there (or asked from a running event loop), the name in the usage line, and stopping the
local pool."""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

import pytest

import durak_lessons.tournament as tournament
from durak_lessons.tournament import SequentialExecutor, main, make_bot, run_tournament

QUICK = ["--deals", "1", "--sequential", "--quiet"]


# ---- rules ----------------------------------------------------------------------------------


def test_a_rules_string_is_accepted_by_run_tournament() -> None:
    t = run_tournament(
        ["greedy", "random"], rules="podkidnoy(pogony_sixes=1)", deals=1,
        executor=SequentialExecutor(),
    )
    assert t.rules == "podkidnoy(pogony_sixes=1)"
    assert t.games == 2


def test_a_preset_name_is_still_accepted() -> None:
    t = run_tournament(["greedy"], rules="переводной", deals=1, executor=SequentialExecutor())
    assert t.rules == "perevodnoy"


def test_a_rules_string_is_accepted_on_the_command_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["greedy", "random", "--rules", "podkidnoy(pogony_sixes=1)", *QUICK]) == 0
    assert capsys.readouterr().out.startswith("podkidnoy(pogony_sixes=1), 2 players")


@pytest.mark.parametrize(
    ("rules", "said"),
    [
        ("nosuch", "error: no preset called 'nosuch'"),
        ("podkidnoy(nosuch=1)", "error: bad option 'nosuch=1' in 'podkidnoy(nosuch=1)'"),
        ("nosuch(pogony_sixes=1)", "error: no preset called 'nosuch'"),
    ],
)
def test_bad_rules_get_a_one_line_error(
    rules: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["greedy", "random", "--rules", rules, *QUICK]) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith(said)
    assert captured.err.count("\n") == 1
    assert captured.out == ""


# ---- bots -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "said"),
    [
        ("greedy:foo=1", "bot greedy: unknown option 'foo'; greedy takes no options"),
        ("random:x=2", "bot random: unknown option 'x'; random takes no options"),
        ("search:iterations=abc",
         "bot search: option iterations=abc: expected a whole number (default 1200)"),
        ("search:iterations=1.5",
         "bot search: option iterations=1.5: expected a whole number (default 1200)"),
        ("search:exploration=abc",
         "bot search: option exploration=abc: expected a number (default 0.6)"),
        ("search:tree=maybe", "bot search: option tree=maybe: expected 0 or 1 (default 0)"),
        ("search:speed=3", "bot search: unknown option 'speed'; options are: iterations,"),
        ("search:iterations=0", "bot search: iterations: a whole number, 1 or more; got 0"),
        ("search:iterations=5,iterations=6", "bot search: option iterations given twice"),
    ],
)
def test_a_bad_bot_option_is_a_value_error_that_names_it(spec: str, said: str) -> None:
    with pytest.raises(ValueError, match=f"^bot {spec.partition(':')[0]}: ") as info:
        make_bot(spec)
    assert str(info.value).startswith(said)
    assert "\n" not in str(info.value)


def test_good_bot_options_still_work() -> None:
    bot = make_bot("search:iterations=12,exploration=1,tree=1,time_limit=2,name=mine")
    assert bot.iterations == 12  # type: ignore[attr-defined]
    assert bot.exploration == 1.0 and bot.tree is True  # type: ignore[attr-defined]
    assert bot.time_limit == 2 and bot.name == "mine"  # type: ignore[attr-defined]
    assert make_bot("search:name=42").name == "42"


@pytest.mark.parametrize("spec", ["greedy:foo=1", "search:iterations=abc"])
def test_a_bad_bot_option_on_the_command_line_is_one_line(
    spec: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([spec, "random", *QUICK]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: bot {spec.partition(':')[0]}: ")
    assert err.count("\n") == 1


# ---- numbers --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [["--chunk", "-1"], ["--chunk", "0"], ["--deals", "-3"], ["--deals", "0"],
     ["--workers", "0"], ["--deals", "many"]],
)
def test_numbers_below_one_are_refused_by_the_parser(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as info:
        main(["greedy", "random", "--sequential", "--quiet", *args])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert f"argument {args[0]}: expected a whole number of at least 1" in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--players", "7"], "error: podkidnoy is played by 2 to 6 players, not 7"),
        (["--players", "1"], "error: podkidnoy is played by 2 to 6 players, not 1"),
        (["--rules", "podkidnoy-teams", "--players", "3"],
         "error: podkidnoy-teams is played by 4 or 6 players, not 3"),
        (["--rules", "nosuch", "--players", "3"], "error: no preset called 'nosuch'"),
    ],
)
def test_seats_the_preset_is_not_played_by_get_a_one_line_error(
    args: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["greedy", "random", *QUICK, *args]) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith(said) and captured.err.count("\n") == 1
    assert captured.out == ""


def test_a_negative_seed_is_a_seed_like_any_other(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["greedy", "random", *QUICK, "--seed", "-5"]) == 0
    first = capsys.readouterr().out
    assert first.startswith("podkidnoy, 2 players, 1 deal x 2 seatings = 2 games, seed -5\n")
    assert main(["greedy", "random", *QUICK, "--seed", "-5"]) == 0
    again = capsys.readouterr().out

    def results(out: str) -> list[str]:  # the table without its timing column ("slowest s")
        return [line.rsplit(None, 1)[0] for line in out.splitlines()[:4]]

    assert results(again) == results(first)


@pytest.mark.parametrize(
    "kwargs", [{"deals": 0}, {"deals": -3}, {"chunk": -1}, {"chunk": 0}, {"workers": 0}]
)
def test_run_tournament_refuses_numbers_below_one(kwargs: dict[str, int]) -> None:
    with pytest.raises(ValueError, match="at least 1"):
        run_tournament(["greedy"], executor=SequentialExecutor(), **kwargs)  # type: ignore[arg-type]


# ---- output files ---------------------------------------------------------------------------


@pytest.mark.parametrize("option", ["--json", "--plot"])
def test_an_output_file_that_cannot_be_written_is_refused_before_the_run(
    option: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    def no_run(*args: object, **kwargs: object) -> None:
        raise AssertionError("the tournament was run")

    monkeypatch.setattr(tournament, "run_tournament", no_run)
    path = tmp_path / "nowhere" / "x.out"
    assert main(["greedy", "random", option, str(path), *QUICK]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: cannot write {option} {path}: ")
    assert err.count("\n") == 1
    assert not path.parent.exists()


@pytest.mark.parametrize(
    ("option", "expected"),
    [
        ("--json", "a file name"),
        ("--plot", "a file name"),
        ("--dask", "a Dask scheduler's address such as tcp://127.0.0.1:8786"),
    ],
)
def test_an_empty_file_name_or_address_is_refused_not_taken_as_not_given(
    option: str, expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as info:  # a local run and no file written, before
        main(["greedy", "random", option, "", "--deals", "1", "--quiet"])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert err.splitlines()[-1].endswith(f"error: argument {option}: expected {expected}, not ''")


def test_the_json_file_is_written_and_no_file_is_left_by_a_failed_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "t.json"
    assert main(["greedy", "random", "--json", str(path), *QUICK]) == 0
    assert json.loads(path.read_text(encoding="utf-8"))["lineup"] == ["greedy", "random"]
    other = tmp_path / "u.json"
    assert main(["greedy", "random", "--rules", "nosuch", "--json", str(other), *QUICK]) == 2
    assert not other.exists()


# ---- the lineup -----------------------------------------------------------------------------


def test_a_lineup_given_as_one_string_is_refused() -> None:
    with pytest.raises(TypeError, match=r"not the string 'greedy'.*\['greedy'\]"):
        run_tournament("greedy", deals=1, executor=SequentialExecutor())


def test_a_lineup_of_other_things_than_strings_is_refused() -> None:
    with pytest.raises(TypeError, match="bot spec"):
        run_tournament(["greedy", 3], deals=1, executor=SequentialExecutor())  # type: ignore[list-item]


# ---- what the terminal shows ----------------------------------------------------------------


def test_the_table_fits_80_columns_and_counts_one_deal_as_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["greedy", "random", "heuristic", "--players", "3", *QUICK]) == 0
    out = capsys.readouterr().out
    assert out.startswith("podkidnoy, 3 players, 1 deal x 3 seatings = 3 games, seed 0\n")
    assert max(len(line) for line in out.splitlines()) <= 80
    t = run_tournament(["greedy", "random"], players=4, deals=1, executor=SequentialExecutor())
    assert max(len(line) for line in t.table().splitlines()) <= 80  # with the note on seats


def test_no_progress_bar_goes_to_a_stderr_that_is_not_a_terminal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["greedy", "random", "--deals", "2", "--sequential"]) == 0
    assert capsys.readouterr().err == ""


def _command_line_started_by(method: str | None) -> list[str]:
    """The tournament's command line, its pool's workers started by the ``multiprocessing``
    start ``method`` (None: the platform's default, by ``python -m``)."""
    if method is None:
        return [sys.executable, "-m", "durak_lessons.tournament"]
    script = (
        f"import multiprocessing, sys\nmultiprocessing.set_start_method({method!r})\n"
        "from durak_lessons.tournament import main\nsys.exit(main(sys.argv[1:]))\n"
    )
    return [sys.executable, "-c", script]


@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal and process groups")
@pytest.mark.processes
@pytest.mark.parametrize(
    # None: fork on Linux before Python 3.14; forkserver: the default there from 3.14; spawn:
    # the default on macOS
    "method", [None, "forkserver", "spawn"]
)
def test_ctrl_c_stops_the_local_pool_at_once_without_a_traceback(method: str | None) -> None:
    import pty
    import select

    master, slave = pty.openpty()  # stderr a terminal: the progress bar says the games began
    proc = subprocess.Popen(
        # two games for three workers: where they all start at once (fork), one waits idle
        # for work, and an idle worker interrupted printed "Process ForkProcess-3:" and a
        # traceback of its own
        [*_command_line_started_by(method), "search:iterations=3000", "greedy",
         "--deals", "1", "--workers", "3"],
        stdout=subprocess.PIPE, stderr=slave, start_new_session=True,
    )
    os.close(slave)
    said = b""
    try:
        while b"games" not in said:
            ready, _, _ = select.select([master], [], [], 120)
            assert ready, "no progress bar within two minutes"
            said += os.read(master, 4096)
        os.killpg(proc.pid, signal.SIGINT)  # what Ctrl-C does: the whole foreground group
        proc.wait(timeout=30)  # before, the workers' running games were waited for
        while select.select([master], [], [], 0)[0]:
            try:
                chunk = os.read(master, 4096)
            except OSError:
                break
            if not chunk:
                break
            said += chunk
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        os.close(master)
    assert proc.returncode == 130
    lines = [line.strip() for line in said.decode().replace("\r", "\n").splitlines()]
    assert [line for line in lines if line and not line.startswith("[")] == [
        "interrupted: no results"  # and nothing else but the progress bar
    ]


def test_the_progress_line_estimates_only_once_a_game_is_done_and_fits_80_columns() -> None:
    import io

    from durak_lessons.tournament import _progress_printer

    out = io.StringIO()
    show = _progress_printer(out)
    show(0, 20_000)  # was "about 0.0 s left" before any game had finished
    show(1, 20_000)
    show(19_999, 20_000)
    lines = out.getvalue().replace("\n", "").split("\r")[1:]
    assert "starting" in lines[0] and "left" not in lines[0]
    assert "about" in lines[1] and "s left" in lines[1]
    assert max(len(line) for line in lines) <= 80


# ---- a Dask scheduler that is not there -----------------------------------------------------


def _no_run(*args: object, **kwargs: object) -> None:
    raise AssertionError("the tournament was run")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
    return port


EXPECTED_SCHEDULER = "expected the address of a running Dask scheduler, such as tcp://127.0.0.1:8786"


def test_dask_at_an_address_where_nothing_listens_fails_within_the_default_timeout(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("distributed")
    monkeypatch.setattr(tournament, "run_tournament", _no_run)
    address = f"tcp://127.0.0.1:{_free_port()}"
    start = time.perf_counter()
    assert main(["greedy", "random", "--deals", "1", "--quiet", "--dask", address]) == 2
    assert time.perf_counter() - start < 15  # 30 s before, the distributed library's default
    err = capsys.readouterr().err
    assert err == (
        f"error: --dask {address}: no Dask scheduler answered within 5 s; {EXPECTED_SCHEDULER}\n"
    )


def test_dask_at_a_port_that_is_not_a_scheduler_fails_within_its_timeout(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("distributed")
    monkeypatch.setattr(tournament, "run_tournament", _no_run)
    with socket.socket() as listener:  # takes the connection and never answers (a dashboard,
        listener.bind(("127.0.0.1", 0))  # a web server): the client waited for ever, before
        listener.listen()
        address = f"tcp://127.0.0.1:{listener.getsockname()[1]}"
        start = time.perf_counter()
        assert main(["greedy", "random", "--deals", "1", "--quiet", "--dask", address,
                     "--dask-timeout", "0.5"]) == 2
        assert time.perf_counter() - start < 10
    err = capsys.readouterr().err
    assert err == (
        f"error: --dask {address}: no Dask scheduler answered within 0.5 s;"
        f" {EXPECTED_SCHEDULER}\n"
    )


@pytest.mark.parametrize(
    ("address", "why"),
    [
        ("localhost", "missing port number in address 'localhost'"),
        ("http://127.0.0.1:8786", "unknown address scheme 'http'"),
    ],
)
def test_a_malformed_dask_address_is_refused_at_once(
    address: str, why: str, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    pytest.importorskip("distributed")
    monkeypatch.setattr(tournament, "run_tournament", _no_run)
    assert main(["greedy", "random", "--deals", "1", "--quiet", "--dask", address]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: --dask {address}: not a scheduler address ({why}")
    assert err.endswith(f"; {EXPECTED_SCHEDULER}\n") and err.count("\n") == 1


def test_a_running_dask_scheduler_is_used_from_a_running_event_loop_too(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``main`` called plainly, and inside a running event loop as in a notebook's cell
    (where the check that the scheduler answers once called asyncio.run, which cannot start
    a second loop there): the same table as played in this process."""
    distributed = pytest.importorskip("distributed")
    import asyncio

    def table() -> list[str]:  # the first lines, without the slowest move's time
        lines = capsys.readouterr().out.splitlines()[:4]
        return [line.rsplit(maxsplit=1)[0] for line in lines]

    lineup = ["greedy", "random", "--deals", "1", "--quiet"]
    assert main([*lineup, "--sequential"]) == 0
    sequential = table()
    with distributed.LocalCluster(
        n_workers=1, processes=False, protocol="tcp", host="127.0.0.1", dashboard_address=None
    ) as cluster:
        on_dask = [*lineup, "--dask", cluster.scheduler_address]
        assert main(on_dask) == 0
        assert table() == sequential

        async def cell() -> int:
            return main(on_dask)

        assert asyncio.run(cell()) == 0
        assert table() == sequential
    assert sequential[2].startswith("greedy      2      2      2")


@pytest.mark.parametrize(
    ("value", "said"),
    [("0", "'0'"), ("-1", "'-1'"), ("soon", "'soon'"), ("nan", "'nan'"), ("inf", "'inf'")],
)
def test_a_dask_timeout_is_a_number_of_seconds_above_zero(
    value: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as info:
        main(["greedy", "random", "--dask", "tcp://127.0.0.1:1", "--dask-timeout", value])
    assert info.value.code == 2
    last = capsys.readouterr().err.splitlines()[-1]
    assert last.endswith(f"argument --dask-timeout: expected a number of seconds above 0, not {said}")


# ---- the name in the usage line -------------------------------------------------------------


@pytest.mark.processes
def test_the_usage_line_names_the_command_as_it_was_run() -> None:
    python = os.path.basename(sys.executable)
    as_module = subprocess.run(
        [sys.executable, "-m", "durak_lessons.tournament", "--help"],
        capture_output=True, text=True, check=True,
    ).stdout
    assert as_module.startswith(f"usage: {python} -m durak_lessons.tournament [-h]")
    script = Path(sys.executable).with_name("durak-tournament")  # installed with the package
    as_script = subprocess.run(
        [str(script), "--help"], capture_output=True, text=True, check=True
    ).stdout
    assert as_script.startswith("usage: durak-tournament [-h]")
    assert as_script.partition("\n\n")[2] == as_module.partition("\n\n")[2]  # the rest alike


# ---- stopping the local pool ----------------------------------------------------------------

_started: Any = None  # in a pool's worker: where it says that it began a game


def _note(started: Any) -> None:
    global _started
    _started = started


def _play_for_ever() -> None:
    _started.put(os.getpid())
    threading.Event().wait()


@pytest.mark.processes
def test_stopping_the_pool_ends_the_games_being_played_and_starts_no_other() -> None:
    # processes started afresh (forkserver), not forked from pytest's process, which other
    # tests have left with threads of their own (a fork there may deadlock, and Python 3.12+
    # warns of it); the stop does not depend on how the workers were started
    context = multiprocessing.get_context(
        "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    )
    bystander = context.Process(target=time.sleep, args=(600,), daemon=True)
    bystander.start()  # a child process that was there before the pool: left alone
    started: Any = context.Queue()
    pool = ProcessPoolExecutor(
        max_workers=2, initializer=_note, initargs=(started,), mp_context=context
    )
    games = [pool.submit(_play_for_ever) for _ in range(6)]
    playing = {started.get(timeout=60), started.get(timeout=60)}  # both workers in a game
    workers = [w for w in multiprocessing.active_children() if w.pid in playing]
    assert len(workers) == 2
    tournament._stop(pool, {bystander})
    for worker in workers:
        worker.join(timeout=30)  # the interpreter would wait for ever for a game not ended
        assert worker.exitcode == -signal.SIGTERM
    pool.shutdown(wait=True)  # what the interpreter does on its way out: at once now
    for game in games:
        assert game.cancelled() or isinstance(game.exception(timeout=30), BrokenProcessPool)
    assert started.empty()  # no game was begun after the stop
    assert bystander.is_alive()
    bystander.terminate()
    bystander.join(timeout=30)


# a worker of the command line's pool, forked with the fork start method (whose at-fork hooks
# run in the child): Ctrl-C arrives at once, before the pool's initializer has run
_CTRL_C_AT_FORK = """
import multiprocessing, os, signal
from durak_lessons import tournament

os.register_at_fork(after_in_child=lambda: os.kill(os.getpid(), signal.SIGINT))
pool = tournament._CtrlCPool(max_workers=1, initializer=tournament._leave_ctrl_c,
            mp_context=multiprocessing.get_context("fork"))
print(pool.submit(os.getpid).result(timeout=60) != os.getpid())
pool.shutdown()
"""


@pytest.mark.processes
@pytest.mark.skipif(sys.platform == "win32", reason="signal masks and the fork start method")
def test_ctrl_c_while_a_worker_starts_prints_nothing_and_the_worker_plays() -> None:
    """The race the test above can lose under load: Ctrl-C reaching a worker between its start
    and its initializer printed a KeyboardInterrupt traceback from the worker.  The pool holds
    Ctrl-C back while it starts workers; the worker drops it once it ignores Ctrl-C.  (With
    a plain ProcessPoolExecutor the worker prints "Exception ignored ... KeyboardInterrupt".)"""
    run = subprocess.run(
        [sys.executable, "-c", _CTRL_C_AT_FORK],
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert (run.returncode, run.stdout, run.stderr) == (0, "True\n", "")

