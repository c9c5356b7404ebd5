"""The timing code that ``benchmarks/browser.py`` runs twice: in this machine's CPython and
in the book's Pyodide (its source is sent to the browser as it is, so both sides run this very
file).  Standard library and ``durak_lessons`` only; no import from the other benchmarks.

``run(config)`` measures, on the same fixed seeded work on both sides:

* ``search``: the search bot with the play tables' settings at two seats
  (``SearchBot(name="search")``, its own budget: ``widgets/table.py``) against GreedyBot, over
  ``deals`` seeded deals of подкидной, each played twice (the bot in either seat): seconds a
  move, mean and slowest;
* ``playouts``: ``playouts`` seeded deals of подкидной played out by two GreedyBots: actions a
  second;
* ``solver``: the exact solver (``solve(state, node_limit=None)``) on ``endgames`` seeded 5+5
  and as many 6+6 подкидной endgames (stock empty, random trump and leader): seconds each,
  mean and slowest; each endgame is solved three times, each time by a fresh solver, and
  timed by the fastest (the search is the same every time: what varies is the machine).

Each part also returns a ``check``: a digest of what was played or found (the records, the
verdicts), equal on both sides when both did the same work.  The result is plain JSON.
"""

from __future__ import annotations

import hashlib
import platform
import random
import statistics
import sys
import time
from typing import Any

from durak_lessons import Deal, GreedyBot, initial_state, play
from durak_lessons.cards import deck
from durak_lessons.search import SearchBot
from durak_lessons.solver import solve
from durak_lessons.views import View

RULES = "podkidnoy"

#: what ``run`` takes, with the defaults ``benchmarks/browser.py`` uses
DEFAULTS: dict[str, int] = {"deals": 4, "playouts": 300, "endgames": 5, "seed": 2026}
#: how many times each endgame is solved (the fastest counts)
SOLVES = 3


def table_search_bot() -> Any:
    """The search opponent of a two-seat play table (``widgets/table.py``: its own budget)."""
    return SearchBot(name="search")


class _Timed:
    """A bot that times every decision of the bot it wraps.  (The tournament has the same
    stopwatch, ``tournament._Timed``; this file runs in Pyodide too, and does not import the
    tournament, whose process pools a browser has not.)"""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name = bot.name
        self.times: list[float] = []

    def choose(self, view: View, rng: random.Random) -> Any:
        t = time.perf_counter()
        action = self.bot.choose(view, rng)
        self.times.append(time.perf_counter() - t)
        return action


def _say(progress: bool, message: str) -> None:
    if progress:
        print(f"  [{platform.python_implementation()} {platform.python_version()}] {message}",
              flush=True)


def _digest(lines: list[str]) -> str:
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()[:12]


def search_moves(deals: int, seed: int, progress: bool = False) -> dict[str, Any]:
    """The play tables' search bot against GreedyBot: ``deals`` deals, each in both seatings."""
    times: list[float] = []
    records: list[str] = []
    for i in range(deals):
        for seat in (0, 1):
            bot = _Timed(table_search_bot())
            seats: list[Any] = [bot, GreedyBot()] if seat == 0 else [GreedyBot(), bot]
            _, record = play(RULES, seats, random.Random(f"{seed}:search:{i}:{seat}"))
            times += bot.times
            records.append(record.to_text())
            _say(progress, f"search bot: game {2 * i + seat + 1} of {2 * deals},"
                           f" {len(bot.times)} moves, {sum(bot.times):.1f} s")
    return {
        "games": 2 * deals,
        "moves": len(times),
        "mean_s": statistics.mean(times),
        "max_s": max(times),
        "times": times,
        "check": _digest(records),
    }


def greedy_playouts(count: int, seed: int) -> dict[str, Any]:
    """``count`` deals played out by two GreedyBots; actions a second over all of them."""
    bots = [GreedyBot(), GreedyBot()]
    actions = 0
    records: list[str] = []
    t = time.perf_counter()
    for i in range(count):
        _, record = play(RULES, bots, random.Random(f"{seed}:playout:{i}"))
        actions += len(record.actions)
        records.append(record.to_text())
    took = time.perf_counter() - t
    return {
        "games": count,
        "actions": actions,
        "seconds": took,
        "actions_per_s": actions / took,
        "check": _digest(records),
    }


def endgame(rng: random.Random, k: int) -> Any:
    """k + k cards from a shuffled 36-card pack, a random trump suit and leader, stock empty."""
    cards = deck(36)
    rng.shuffle(cards)
    trump = "SCDH"[rng.randrange(4)]
    d = Deal.from_hands([cards[:k], cards[k : 2 * k]], trump=trump, leader=rng.randrange(2))
    return initial_state(RULES, d)


def solver_endgames(count: int, seed: int, sizes: tuple[int, ...] = (5, 6)) -> dict[str, Any]:
    """``count`` seeded endgames of each size, each solved by a fresh solver with no limit."""
    out: dict[str, Any] = {}
    verdicts: list[str] = []
    for k in sizes:
        rng = random.Random(f"{seed}:endgame:{k}")
        times: list[float] = []
        nodes = 0
        for _ in range(count):
            state = endgame(rng, k)
            best = float("inf")
            for _ in range(SOLVES):
                t = time.perf_counter()
                verdict = solve(state, node_limit=None)
                best = min(best, time.perf_counter() - t)
            times.append(best)
            nodes += verdict.nodes
            verdicts.append(f"{k} {verdict.value} {verdict.nodes}")
        out[f"{k}+{k}"] = {
            "endgames": count,
            "mean_s": statistics.mean(times),
            "max_s": max(times),
            "times": times,
            "nodes": nodes,
        }
    out["check"] = _digest(verdicts)
    return out


def warm_up() -> None:
    """Untimed: the first calls fill lazily built tables and caches on either side."""
    solve(endgame(random.Random(0), 3), node_limit=None)
    play(RULES, [GreedyBot(), GreedyBot()], random.Random(0))
    play(RULES, [SearchBot(iterations=20, name="warm"), GreedyBot()], random.Random(0))


def run(config: dict[str, int] | None = None, progress: bool = False) -> dict[str, Any]:
    """Every measure, on the work ``config`` (keys of :data:`DEFAULTS`) names; ``progress``
    prints a line as each part ends (in Pyodide: to the browser's console)."""
    c = {**DEFAULTS, **(config or {})}
    unknown = set(c) - set(DEFAULTS)
    if unknown:
        raise ValueError(f"unknown settings {sorted(unknown)}; expected {sorted(DEFAULTS)}")
    for key, value in c.items():
        if type(value) is not int or value < (0 if key == "seed" else 1):
            raise ValueError(f"{key}: a whole number, {'0' if key == 'seed' else '1'} or more;"
                             f" got {value!r}")
    t = time.perf_counter()
    warm_up()
    search = search_moves(c["deals"], c["seed"], progress)
    playouts = greedy_playouts(c["playouts"], c["seed"])
    _say(progress, f"playouts: {playouts['actions_per_s']:,.0f} actions a second")
    solver = solver_endgames(c["endgames"], c["seed"])
    _say(progress, "solver: done")
    return {
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "platform": sys.platform,
        "config": c,
        "search": search,
        "playouts": playouts,
        "solver": solver,
        "seconds": time.perf_counter() - t,
    }


if __name__ == "__main__":
    import json

    print(json.dumps(run(), indent=1))
