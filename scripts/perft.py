"""Regenerate the perft data from fixed deals: ``python scripts/perft.py``.

One file for every preset of every family; each entry: preset, players, deal seed, and the
counts of action sequences to depths 1..N from that deal (``tests/engine/test_perft.py``
compares them and checks that every preset has an entry).  Review the diff of
``tests/data/perft.json`` whenever it changes: a changed count is a rules change.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from durak_lessons import deal, find_preset, initial_state
from durak_lessons.perft import perft

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "perft.json"

#: (preset, players, seed, depth)
FIXED = [
    ("podkidnoy", 2, 1, 9),
    ("podkidnoy", 4, 2, 8),
    ("perevodnoy", 3, 3, 8),
    ("perevodnoy-otkaz", 2, 4, 8),
    ("podkidnoy-teams", 4, 5, 8),
    ("prostoy", 3, 1, 5),
    ("prostoy-partial", 3, 2, 5),
    ("pyatki", 2, 3, 5),
    ("prostoy-pairs", 3, 4, 9),
    ("blind", 3, 5, 5),
    ("blind-perevodnoy", 3, 6, 4),
    ("diamonds", 3, 7, 5),
    ("diamonds-turned", 2, 8, 6),
    ("svoi-kozyri-8a", 2, 9, 4),
    ("svoi-kozyri-8b", 4, 10, 6),
    ("s-par", 3, 11, 5),
    ("s-par-all-cards", 3, 12, 3),
    ("s-par-three", 4, 13, 6),
    ("s-par-regional", 3, 14, 5),
    ("english", 3, 15, 8),
    ("s-par-own-trumps", 4, 16, 6),
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
    DATA.parent.mkdir(parents=True, exist_ok=True)
    DATA.write_text(json.dumps(entries, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    for e in entries:
        print(e["counts"][-1], e["preset"], e["players"], e["seed"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
