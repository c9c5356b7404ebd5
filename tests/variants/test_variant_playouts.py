"""Random playouts of every issue-3 bout preset over every seat count it allows, 200 seeds
each, with the invariants checked after every action; bots finish; records replay."""

from __future__ import annotations

import random

import pytest
from variant_helpers import check, pack_of

from durak_lessons import (
    GreedyBot,
    RandomBot,
    Record,
    deal,
    find_preset,
    initial_state,
    play,
    preset_info,
)
from durak_lessons.presets_bout import BOUT_PRESET_IDS
from durak_lessons.simulate import MAX_ACTIONS

GRID = [(p, n) for p in BOUT_PRESET_IDS for n in preset_info(p).seat_counts]
SEEDS = range(200)


@pytest.mark.parametrize(("preset", "players"), GRID)
def test_random_playouts_keep_every_invariant(preset: str, players: int) -> None:
    rules = preset_info(preset).rules
    longest = 0
    for seed in SEEDS:
        rng = random.Random(seed)
        state = initial_state(rules, deal(rules, players, rng))
        pack = pack_of(state)
        steps = 0
        while not state.is_over:
            actions = check(state, pack)
            state = state.apply(actions[rng.randrange(len(actions))])
            steps += 1
            assert steps < MAX_ACTIONS
        check(state, pack)
        longest = max(longest, steps)
    # MAX_ACTIONS is a bound no game reaches: the longest random game stays far below it
    assert longest < MAX_ACTIONS // 2


@pytest.mark.parametrize("preset", BOUT_PRESET_IDS)
def test_random_and_greedy_bots_finish_and_records_replay(preset: str) -> None:
    info = preset_info(preset)
    for players in info.seat_counts:
        for seed in range(6):
            bots = [GreedyBot() if (seat + seed) % 2 else RandomBot() for seat in range(players)]
            if seed >= 4:
                bots = [GreedyBot() if seed == 4 else RandomBot() for _ in range(players)]
            outcome, record = play(preset, bots, seed=seed)
            assert record.outcome == outcome
            for again in (Record.from_text(record.to_text()), Record.from_json(record.dumps())):
                assert again == record and again.outcome == outcome


@pytest.mark.parametrize("preset", BOUT_PRESET_IDS)
def test_every_name_finds_the_preset(preset: str) -> None:
    info = preset_info(preset)
    for name in info.names():
        assert preset_info(name).id == preset, name
        assert find_preset(name.upper()) == info.rules
    assert info.russian and info.english and info.transliterations and info.section
