"""Regenerate the perft data files from fixed deals: ``python scripts/perft.py``.

Each entry: preset, players, deal seed (or a written deal), depth, count.  Review the diff of
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
