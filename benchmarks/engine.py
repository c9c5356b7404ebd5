"""Engine speed: random-vs-random full games per second through the public API.

    python benchmarks/engine.py [--seconds 2] [--only podkidnoy]

One line per row, figures first: games/s, decisions/s, mean decisions per game, peak memory
of one game (tracemalloc) and the process's peak RSS.  One core (a single process).
Rows: 2-, 4- and 6-player подкидной and 2-player переводной (the issue's rows), then every
other registered preset of the Durak families at its smallest seat count.
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
import time
import tracemalloc

import durak_lessons as dl
from durak_lessons import Family, all_presets, apply, legal_actions, new_game

MAIN_ROWS = [("podkidnoy", 2), ("podkidnoy", 4), ("podkidnoy", 6), ("perevodnoy", 2)]


def one_game(rules: dl.Rules, players: int, rng: random.Random) -> int:
    state = new_game(rules, players, rng)
    decisions = 0
    while not state.is_over:
        actions = legal_actions(state)
        state = apply(state, actions[rng.randrange(len(actions))])
        decisions += 1
    return decisions


def measure(preset: str, players: int, seconds: float) -> str:
    rules = dl.find_preset(preset)
    rng = random.Random(12345)
    for _ in range(5):  # warm the caches
        one_game(rules, players, rng)
    games = decisions = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        for _ in range(10):
            decisions += one_game(rules, players, rng)
            games += 1
    tracemalloc.start()
    one_game(rules, players, random.Random(7))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return (
        f"{games / elapsed:9.0f} games/s  {decisions / elapsed:9.0f} decisions/s  "
        f"{decisions / games:6.1f} decisions/game  {peak / 1024:7.1f} KiB peak/game  "
        f"{preset} x{players}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0, help="time per row")
    parser.add_argument("--only", help="measure only this preset")
    args = parser.parse_args()
    rows = list(MAIN_ROWS)
    for preset in all_presets():
        if preset.rules.family == Family.BANK:
            continue
        row = (preset.id, min(preset.seat_counts))
        if row not in rows:
            rows.append(row)
    if args.only:
        rows = [r for r in rows if r[0] == args.only]
    print(f"# Python {sys.version.split()[0]}, one process, {args.seconds:g} s a row")
    for preset, players in rows:
        print(measure(preset, players, args.seconds), flush=True)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"{rss / 1024:9.1f} MiB peak RSS of the whole run")
    return 0


if __name__ == "__main__":
    sys.exit(main())
