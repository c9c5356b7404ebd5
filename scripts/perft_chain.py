"""Regenerate the chain games' perft counts: ``python scripts/perft_chain.py``.

Each entry: preset, players, deal seed, and the counts for depths 1..N from that deal.  Review
the diff of ``tests/chain/perft_chain.json`` whenever it changes: a changed count is a rules
change.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from durak_lessons import deal, find_preset, initial_state
from durak_lessons.perft import perft

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "chain" / "perft_chain.json"

#: (preset, players, seed, depth)
FIXED = [
    ("navalenny", 3, 1, 14),
    ("navalenny", 2, 6, 14),
    ("navalenny-top", 2, 2, 14),
    ("navalenny-top", 5, 7, 12),
    ("dorozhny", 3, 3, 18),
    ("dorozhny", 2, 8, 18),
    ("dorozhny-open", 2, 4, 4),
    ("dorozhny-open", 6, 9, 10),
]


def compute(preset: str, players: int, seed: int, depth: int) -> list[int]:
    rules = find_preset(preset)
    state = initial_state(rules, deal(rules, players, seed))
    return [perft(state, d) for d in range(1, depth + 1)]


def main() -> int:
    entries = [
        {"preset": p, "players": n, "seed": s, "counts": compute(p, n, s, d)}
        for p, n, s, d in FIXED
    ]
    DATA.write_text(json.dumps(entries, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    for e in entries:
        print(e["counts"][-1], e["preset"], e["players"], e["seed"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
