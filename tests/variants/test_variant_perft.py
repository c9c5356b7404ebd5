"""Perft counts of the issue-3 bout presets from fixed deals (``scripts/perft_variants.py``
regenerates the data file; a changed count is a rules change to review)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from durak_lessons import deal, find_preset, initial_state
from durak_lessons.perft import divide, perft
from durak_lessons.presets_bout import BOUT_PRESET_IDS

DATA = json.loads((Path(__file__).parent / "perft_variants.json").read_text(encoding="utf-8"))


def test_every_preset_has_a_perft_entry() -> None:
    assert sorted({e["preset"] for e in DATA}) == sorted(BOUT_PRESET_IDS)


@pytest.mark.parametrize("entry", DATA, ids=[f"{e['preset']}-{e['players']}" for e in DATA])
def test_perft_counts(entry: dict[str, object]) -> None:
    rules = find_preset(str(entry["preset"]))
    state = initial_state(rules, deal(rules, int(entry["players"]), int(entry["seed"])))  # type: ignore[call-overload]
    counts = list(entry["counts"])  # type: ignore[call-overload]
    for depth, expected in enumerate(counts, start=1):
        got = perft(state, depth)
        assert got == expected, (
            f"depth {depth}: {got} != {expected}; per action {divide(state, depth)}"
        )
