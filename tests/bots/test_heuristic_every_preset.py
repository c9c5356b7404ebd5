"""The card-tracking HeuristicBot finishes a deal of every Durak preset (chain games: greedy),
and defends: it had taken every attack in the blind game, whose picks its rules did not read."""

from __future__ import annotations

import pytest

import durak_lessons as dl
from durak_lessons.heuristic import HeuristicBot

PRESETS = [p for p in dl.all_presets() if p.rules.family != dl.Family.BANK]


@pytest.mark.parametrize("preset", PRESETS, ids=lambda p: p.id)
def test_heuristic_bot_finishes_and_defends_in_every_preset(preset: dl.Preset) -> None:
    players = min(preset.seat_counts)
    defences = defended = 0
    for seed in range(10):
        bots: list[dl.Bot] = [HeuristicBot(), *(dl.GreedyBot() for _ in range(players - 1))]
        outcome, record = dl.play(preset.id, bots, seed=seed)
        assert record.outcome == outcome
        for state, action in zip(record.states(), record.actions, strict=False):
            legal = state.legal_actions()
            if state.to_move == 0 and len(legal) > 1 and any(a.kind == dl.Kind.TAKE for a in legal):
                defences += 1
                defended += action.kind != dl.Kind.TAKE
    if preset.rules.family == dl.Family.BOUT:  # the chain games' bots are greedy's
        assert defences > 0 and defended > 0, f"{defended} of {defences} defences not taken"
