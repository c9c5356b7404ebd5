"""Perft: exhaustive counts of action sequences from fixed deals (tests/data/perft.json)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from engine_helpers import position

from durak_lessons import deal, find_preset, initial_state
from durak_lessons.perft import divide, perft

DATA = json.loads((Path(__file__).parent.parent / "data" / "perft.json").read_text("utf-8"))


@pytest.mark.parametrize("entry", DATA, ids=lambda e: f"{e['preset']}-{e['players']}-{e['seed']}")
def test_perft_counts_from_fixed_deals(entry: dict[str, Any]) -> None:
    rules = find_preset(entry["preset"])
    state = initial_state(rules, deal(rules, entry["players"], entry["seed"]))
    counts = [perft(state, d) for d in range(1, len(entry["counts"]) + 1)]
    if counts != entry["counts"]:  # pragma: no cover - shown only on a mismatch
        depth = next(i for i, (a, b) in enumerate(zip(counts, entry["counts"], strict=True)) if a != b)
        pytest.fail(f"perft differs from depth {depth + 1}: {counts} != {entry['counts']}; "
                    f"per action at that depth: {divide(state, depth + 1)}")


def test_perft_counted_by_hand() -> None:
    # seat 0: 6♠ 7♠ leads; seat 1: 8♠ 9♥; hearts are trumps; no stock
    state = position("podkidnoy", ["6♠ 7♠", "8♠ 9♥"], trump="H")
    assert perft(state, 1) == 2  # lead 6♠ or 7♠
    assert perft(state, 2) == 6  # each: cover with 8♠, cover with 9♥, or take
    assert perft(state, 3) == 6  # every line then has exactly one lead
    assert divide(state, 2) == {"L6S": 3, "L7S": 3}
