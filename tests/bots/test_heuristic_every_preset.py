"""The card-tracking HeuristicBot finishes a deal of every Durak preset (chain games: greedy)."""

from __future__ import annotations

import pytest

import durak_lessons as dl
from durak_lessons.heuristic import HeuristicBot

PRESETS = [p for p in dl.all_presets() if p.rules.family != dl.Family.BANK]


@pytest.mark.parametrize("preset", PRESETS, ids=lambda p: p.id)
def test_heuristic_bot_finishes_every_preset(preset: dl.Preset) -> None:
    players = min(preset.seat_counts)
    for seed in range(10):
        bots: list[dl.Bot] = [HeuristicBot(), *(dl.GreedyBot() for _ in range(players - 1))]
        outcome, record = dl.play(preset.id, bots, seed=seed)
        assert record.outcome == outcome
