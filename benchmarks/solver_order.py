"""What a perfect move order would be worth to the endgame solver.

Finds the heaviest of some random k+k endgames (stock empty), works out the exact value of every
position reachable from each (a retrograde analysis: minutes and gigabytes on 6+6 endgames of
переводной с отказом), then solves each again with the actions ordered by those values, best for
the side to move first, at every turn or only at some (by phase, by seat), and prints the
positions searched and the CPU time.  The order costs time of its own (every child is made to
look its value up), so read the positions, not the seconds, as what an order is worth.

    python benchmarks/solver_order.py --rules perevodnoy-otkaz --count 200 --heaviest 2
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Collection
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bots import random_endgame

from durak_lessons.bout import Phase
from durak_lessons.solver import Solver, _check

ALL = (Phase.LEAD, Phase.DEFEND, Phase.THROW)
#: (label, phases, seats) of the orders measured
ORDERS: tuple[tuple[str, Collection[int], Collection[int]], ...] = (
    ("static order (the solver's own)", (), ()),
    ("perfect at the leads only", (Phase.LEAD,), (0, 1)),
    ("perfect in defence only", (Phase.DEFEND,), (0, 1)),
    ("perfect at the throw-ins only", (Phase.THROW,), (0, 1)),
    ("perfect for seat 0 only", ALL, (0,)),
    ("perfect for seat 1 only", ALL, (1,)),
    ("perfect everywhere", ALL, (0, 1)),
)


def exact_values(state: Any) -> dict[tuple[object, ...], int]:
    """The value for seat 0 of every position reachable from ``state``, by canonical key."""
    solver = Solver(fallback="retrograde", fallback_after=0)
    s = _check(state)
    pos = solver._prepare(s)
    root = pos.enter(s)
    children = (pos.child(root, a)[0] for a in s.legal_actions())
    seeds = [(c, 0) for c in children if c is not None]
    return solver._retrograde_values(pos, seeds)


def ordered_solve(
    state: Any,
    values: dict[tuple[object, ...], int],
    phases: Collection[int],
    seats: Collection[int],
) -> tuple[int, float]:
    """Positions searched and CPU seconds of a solve with ``values`` ordering the actions of
    the given phases and seats."""
    solver = Solver()
    pos = solver._prepare(_check(state))
    static: Callable[[Any, int], list[Any]] = pos.ordered

    def ordered(p: Any, floor: int) -> list[Any]:
        actions = static(p, floor)
        seat = pos.mover(p)
        if p[5] not in phases or seat not in seats or len(actions) < 2:
            return actions
        sign = 1 if seat == 0 else -1

        def rank(a: Any) -> int:
            c, k, f = pos.expand(p, a)
            v = f if c is None else values.get(k)
            return 5 if v is None else -sign * v

        return sorted(actions, key=rank)

    pos.ordered = ordered  # type: ignore[method-assign]
    t = time.process_time()
    solver.solve(state)
    return solver.nodes, time.process_time() - t


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--rules", default="perevodnoy-otkaz")
    p.add_argument("--cards", type=int, default=6, help="cards a hand (default: %(default)s)")
    p.add_argument("--count", type=int, default=200, help="endgames drawn (default: %(default)s)")
    p.add_argument("--heaviest", type=int, default=2, help="how many of the heaviest to study")
    p.add_argument("--seed", type=int, default=2026)
    args = p.parse_args()
    rng = random.Random(args.seed)
    states = [random_endgame(rng, args.cards, args.rules) for _ in range(args.count)]
    sizes = []
    for i, state in enumerate(states):
        solver = Solver()
        solver.solve(state)
        sizes.append((solver.nodes, i))
    sizes.sort(reverse=True)
    for nodes, i in sizes[: args.heaviest]:
        state = states[i]
        t = time.process_time()
        values = exact_values(state)
        print(
            f"endgame {i} of {args.count} ({args.cards}+{args.cards}, {args.rules}, seed"
            f" {args.seed}): {nodes} positions searched; {len(values)} reachable, valued in"
            f" {time.process_time() - t:.0f} s CPU",
            flush=True,
        )
        for label, phases, seats in ORDERS:
            n, took = ordered_solve(state, values, phases, seats)
            print(f"  {n:9d} positions {took:7.2f} s CPU  {label}", flush=True)
        del values
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
