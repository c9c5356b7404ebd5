"""Benchmarks of the bots: the endgame solver's speed, the ladder and the search bot's targets.

    python benchmarks/bots.py solver [--counts 30,30,30,10,5] [--node-limit N] [--engine-states]
                                     [--rules perevodnoy-otkaz] [--cpu-time] [--repeat 3]
    python benchmarks/bots.py ladder [--deals 200]
    python benchmarks/bots.py target [--deals 500] [--iterations N] [--opponents greedy,random]
                                     [--search-options policy=greedy,max_steps=0]
    python benchmarks/bots.py timing [--deals 20] [--iterations N] [--search-options ...]
    python benchmarks/bots.py gc [--deals 300] [--seed 7]   (garbage collector paused or not)

Figures come first on each line.  Nothing here is asserted: speed depends on the machine.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable

from durak_lessons import Deal, find_preset, initial_state
from durak_lessons.cards import deck
from durak_lessons.rules import Beating
from durak_lessons.solver import SearchLimitError, Solver
from durak_lessons.tournament import decision_times, run_tournament


def random_endgame(rng: random.Random, k: int, rules: str = "podkidnoy") -> object:
    """k + k cards from a shuffled 36-card pack, a random trump suit and leader, stock empty
    (свои козыри: a random suit for the first player and one of the other colour for the
    second, R16)."""
    cards = deck(36)
    rng.shuffle(cards)
    trump = "SCDH"[rng.randrange(4)]
    hands = [cards[:k], cards[k : 2 * k]]
    if find_preset(rules).beating == Beating.OWN_TRUMPS:
        other = "DH" if trump in "SC" else "SC"
        own = trump + other[rng.randrange(2)]
        d = Deal.from_hands(hands, own_trumps=own, leader=rng.randrange(2))
    else:
        d = Deal.from_hands(hands, trump=trump, leader=rng.randrange(2))
    return initial_state(rules, d)


def bench_solver(
    counts: list[int],
    node_limit: int | None,
    seed: int,
    compact: bool = True,
    rules: str = "podkidnoy",
    clock: Callable[[], float] = time.perf_counter,
    repeat: int = 1,
) -> None:
    """Random k+k endgames (4+4 to 8+8); ``compact=False`` searches the engine's own states
    (the same tree, for comparison); ``clock=time.process_time`` counts this process's CPU
    time only (figures unaffected by other work on the machine); ``repeat``: each endgame is
    solved that many times, each time afresh, and timed by the fastest (the search is the
    same every time: what varies is the machine)."""
    rng = random.Random(seed)
    for k, count in zip(range(4, 9), counts, strict=False):
        times, nodes, gave_up = [], [], 0
        for _ in range(count):
            state = random_endgame(rng, k, rules)
            best = None
            try:
                for _ in range(repeat):
                    solver = Solver(node_limit, compact=compact)
                    t = clock()
                    solver.solve(state)
                    took = clock() - t
                    best = took if best is None else min(best, took)
            except SearchLimitError:
                gave_up += 1
                continue
            assert best is not None
            times.append(best)
            nodes.append(solver.nodes)
        if times:
            print(
                f"{statistics.median(times):8.3f} s median {max(times):8.3f} s worst "
                f"{sum(t < 1 for t in times):4d} under 1 s "
                f"{statistics.median(nodes):9.0f} nodes median {max(nodes):9d} worst  "
                f"{k}+{k} cards, {len(times)} positions solved, {gave_up} over the node limit, "
                + rules
                + ("" if compact else ", engine states")
                + (f", best of {repeat}" if repeat > 1 else ""),
                flush=True,
            )
        else:
            print(f"{gave_up} of {count} over the node limit  {k}+{k} cards, {rules}", flush=True)


def bench_gc(count: int, seed: int) -> None:
    """The solver's CPU time on the 7 heaviest of ``count`` random 6+6 подкидной endgames with
    the cyclic garbage collector paused during each search (as the solver does) and running."""
    import contextlib

    import durak_lessons.solver as solver_module

    rng = random.Random(seed)
    states = [random_endgame(rng, 6) for _ in range(count)]
    sizes = []
    for state in states:
        solver = Solver()
        solver.solve(state)
        sizes.append(solver.nodes)
    heavy = sorted(range(count), key=sizes.__getitem__)[-7:]
    paused = solver_module.gc_paused
    for label, pause in (("paused", paused), ("running", contextlib.nullcontext)) * 2:
        solver_module.gc_paused = pause  # type: ignore[assignment]
        t = time.process_time()
        for i in heavy:
            Solver().solve(states[i])
        spent = time.process_time() - t
        nodes = sum(sizes[i] for i in heavy)
        print(
            f"{spent:7.3f} s CPU {1e6 * spent / nodes:6.2f} us a position  {nodes} positions, "
            f"the 7 heaviest of {count} 6+6 endgames (seed {seed}), garbage collector {label}",
            flush=True,
        )
    solver_module.gc_paused = paused


def match(a: str, b: str, deals: int, seed: int, workers: int | None) -> None:
    t = run_tournament([a, b], deals=deals, seed=seed, workers=workers, progress=True)
    st = t.standings()[a]
    lo, hi = st.interval
    print(
        f"{100 * st.score:5.1f} % score ({100 * lo:.1f}-{100 * hi:.1f} % 95% CI) "
        f"{st.wins} wins {st.draws} draws {st.losses} losses of {st.games} games, "
        f"slowest decision {t.slowest_decision().get(a, 0):.3f} s, {t.seconds:.0f} s wall  "
        f"{a} vs {b}, {deals} duplicate deal pairs, seed {seed}",
        flush=True,
    )
    print(t.table(), flush=True)
    seconds, task, seat, k = t.slowest_decisions()[a]
    again = decision_times(task)[seat]
    print(
        f"{seconds:.3f} s in the tournament, {again[k]:.3f} s played again alone "
        f"(slowest of that game now {max(again):.3f} s)  {a}'s slowest decision: deal "
        f"{task.deal_index}, seating {task.rotation}, seat {seat}, its decision {k}",
        flush=True,
    )


def timing(spec: str, deals: int, seed: int) -> None:
    """Seconds per decision of ``spec`` against GreedyBot, one process, both seatings."""
    from durak_lessons import GreedyBot, play
    from durak_lessons.tournament import make_bot

    class Timed:
        def __init__(self) -> None:
            self.bot = make_bot(spec)
            self.name = self.bot.name
            self.times: list[float] = []

        def choose(self, view: object, rng: random.Random) -> object:
            t = time.perf_counter()
            action = self.bot.choose(view, rng)  # type: ignore[arg-type]
            self.times.append(time.perf_counter() - t)
            return action

    times: list[float] = []
    for i in range(deals):
        for seat in (0, 1):
            bot = Timed()
            seats: list[object] = [bot, GreedyBot()] if seat == 0 else [GreedyBot(), bot]
            play("podkidnoy", seats, random.Random(f"{seed}:{i}:{seat}"))  # type: ignore[arg-type]
            times += bot.times
    print(
        f"{statistics.mean(times):.3f} s mean {max(times):.3f} s max "
        f"{statistics.quantiles(times, n=100)[98]:.3f} s 99th percentile per decision, "
        f"{len(times)} decisions  {spec} vs greedy, {deals} deal pairs, seed {seed}",
        flush=True,
    )


def main() -> int:
    p = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog="solver: the solver's time and positions by cards a hand; ladder: each rung"
        " against the one below; target: the search bot against its opponents; timing: the"
        " search bot's seconds a move; gc: the solver with the garbage collector paused or not",
    )
    p.add_argument("what", choices=["solver", "ladder", "target", "timing", "gc"])
    p.add_argument(
        "--deals",
        type=int,
        default=None,
        help="deals (ladder 200, target 500, timing 20, gc 300 unless given)",
    )
    p.add_argument(
        "--iterations", type=int, default=None, help="the search bot's (default: its own)"
    )
    p.add_argument(
        "--counts",
        default="40,40,40,10,4",
        help="solver: how many endgames of 4+4, 5+5, ... 8+8 cards (default: %(default)s)",
    )
    p.add_argument(
        "--node-limit", type=int, default=None, help="solver: give up after this many positions"
    )
    p.add_argument(
        "--engine-states", action="store_true", help="solver: search engine states, not tuples"
    )
    p.add_argument(
        "--seed",
        type=int,
        default=2026,
        help="seed of the endgames or deals (default: %(default)s)",
    )
    p.add_argument("--rules", default="podkidnoy", help="solver: the preset of the endgames")
    p.add_argument(
        "--cpu-time",
        action="store_true",
        help="solver: time this process's CPU use, not the wall clock (for a busy machine)",
    )
    p.add_argument(
        "--repeat",
        type=int,
        default=1,
        help="solver: solve each endgame this many times and time the fastest (timings vary"
        " from run to run; default: %(default)s)",
    )
    p.add_argument(
        "--workers", type=int, default=None, help="ladder, target: local processes (default: cores)"
    )
    p.add_argument("--opponents", default="greedy,random", help="target: opponents to play")
    p.add_argument("--search-options", default="", help="more search bot options: a=1,b=2")
    args = p.parse_args()
    options = [f"iterations={args.iterations}"] if args.iterations else []
    if args.search_options:
        options.append(args.search_options)
    search = "search:" + ",".join(options) if options else "search"
    if args.what == "solver":
        counts = [int(x) for x in args.counts.split(",")]
        clock = time.process_time if args.cpu_time else time.perf_counter
        if args.repeat < 1:
            p.error(f"--repeat must be 1 or more, not {args.repeat}")
        bench_solver(
            counts,
            args.node_limit,
            args.seed,
            not args.engine_states,
            args.rules,
            clock,
            args.repeat,
        )
    elif args.what == "ladder":
        deals = args.deals or 200
        for a, b in (("greedy", "random"), ("heuristic", "greedy"), (search, "heuristic")):
            match(a, b, deals, args.seed, args.workers)
    elif args.what == "gc":
        bench_gc(args.deals or 300, args.seed)
    elif args.what == "timing":
        timing(search, args.deals or 20, args.seed)
    else:
        deals = args.deals or 500
        for opponent in args.opponents.split(","):
            match(search, opponent, deals, args.seed, args.workers)
    return 0


if __name__ == "__main__":
    sys.exit(main())
