"""The search bot against GreedyBot in every Durak rule set: one line a preset.

    python benchmarks/every_preset.py [--deals 30] [--seed 2026] [--bot search] [--only ID]

Each preset is played at its smallest number of seats, with the bots alternating round the
table (at four seats: two search bots against two GreedyBots; in the team game they are
partners), on duplicate deals (every deal once per distinct seating: two at four seats as
at two).  Figures first on each line: the search bot's score (a draw counts half) with its
95 % Wilson interval, both over games (one result a game, its seats' mean), its wins, draws
and losses (counted by seats), its slowest decision, and the wall-clock time of the row.
All local cores.
"""

from __future__ import annotations

import argparse
import time

from durak_lessons import Family, all_presets
from durak_lessons.tournament import run_tournament


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=30, help="deals a preset")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--bot", default="search", help="the bot spec measured")
    parser.add_argument("--opponent", default="greedy")
    parser.add_argument("--only", action="append", help="only this preset (repeatable)")
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args()
    print(f"# {args.bot} against {args.opponent}, {args.deals} deals a preset, seed {args.seed}")
    for preset in all_presets():
        if preset.rules.family == Family.BANK or (args.only and preset.id not in args.only):
            continue
        players = min(preset.seat_counts)
        start = time.perf_counter()
        t = run_tournament(
            [args.bot, args.opponent],
            rules=preset.rules,
            players=players,
            deals=args.deals,
            seed=args.seed,
            workers=args.workers,
        )
        took = time.perf_counter() - start
        s = t.standings()[args.bot]
        low, high = s.interval
        print(
            f"{100 * s.score:5.1f} % ({100 * low:4.1f}-{100 * high:5.1f})  "
            f"{s.wins:3d} won {s.draws:3d} drawn {s.losses:3d} lost  "
            f"slowest {t.slowest_decision()[args.bot]:5.2f} s  {took:6.0f} s  "
            f"{preset.id} x{players}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
