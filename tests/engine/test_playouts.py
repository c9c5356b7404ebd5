"""Random playouts over every modern preset and seat count, invariants after every action."""

from __future__ import annotations

import random

import pytest
from engine_helpers import Circler, check_invariants, everything

from durak_lessons import (
    Deal,
    EndlessGameError,
    GreedyBot,
    IllegalActionError,
    RandomBot,
    Rules,
    deal,
    initial_state,
    play,
    preset_info,
)
from durak_lessons.bout import BoutState
from durak_lessons.simulate import MAX_ACTIONS

MODERN = ["podkidnoy", "podkidnoy-teams", "perevodnoy", "perevodnoy-otkaz"]
GRID = [(p, n) for p in MODERN for n in preset_info(p).seat_counts]
SEEDS = range(200)


OPTIONS = [("prostoy(oversize_leads=1)", n) for n in (2, 3, 4, 5)] + [
    ("podkidnoy(first_bout_limit=5,throw_in_after_take=0,pogony_sixes=1)", n) for n in (2, 6)
] + [("perevodnoy(under_fool=1)", 4)]


@pytest.mark.parametrize(("preset", "players"), GRID + OPTIONS)
def test_random_playouts_keep_every_invariant(preset: str, players: int) -> None:
    rules = Rules.parse(preset)
    longest = 0
    for seed in SEEDS:
        rng = random.Random(seed)
        state = initial_state(rules, deal(rules, players, rng))
        assert isinstance(state, BoutState)
        pack = everything(state)
        check_invariants(state, pack)
        steps = 0
        while not state.is_over:
            actions = state.legal_actions()
            for action in actions:
                assert state.explain(action) is None, f"listed but refused: {action}"
            state = state.apply(actions[rng.randrange(len(actions))])
            check_invariants(state, pack)
            steps += 1
            assert steps < MAX_ACTIONS
        longest = max(longest, steps)
        assert state.outcome is not None
    assert longest < MAX_ACTIONS // 5, "no game comes near the bound"


@pytest.mark.parametrize(("preset", "players"), GRID)
def test_two_greedy_bots_and_mixed_tables_finish(preset: str, players: int) -> None:
    for seed in range(50):
        bots = [GreedyBot() if (seat + seed) % 2 else RandomBot() for seat in range(players)]
        outcome, record = play(preset, bots, seed=seed)
        assert record.outcome == outcome, "the record replays to the same outcome"
    for seed in range(50):
        outcome, _ = play(preset, [GreedyBot() for _ in range(players)], seed=seed)
        assert outcome is not None


def test_bots_that_go_round_for_ever_get_an_error_naming_the_deal() -> None:
    """Bots can go round for ever: three that lead their lowest card and always take pass
    their two cards each round the table (nobody ever leads his last card), and play()
    stops after MAX_ACTIONS with an error that names the rules and the deal, so the game can
    be replayed."""
    d = Deal.from_hands(["7S 8S", "7C 8C", "7D 8D"], trump="H", leader=0)
    with pytest.raises(EndlessGameError, match=f"no end after {MAX_ACTIONS} actions") as info:
        play("podkidnoy", [Circler() for _ in range(3)], seed=1, deal_=d)
    assert d.to_text() in str(info.value)


def test_same_seed_same_game() -> None:
    a = play("perevodnoy", [RandomBot(), RandomBot(), RandomBot()], seed=99)
    b = play("perevodnoy", [RandomBot(), RandomBot(), RandomBot()], seed=99)
    c = play("perevodnoy", [RandomBot(), RandomBot(), RandomBot()], seed=100)
    assert a == b
    assert a[1].actions != c[1].actions


def test_a_refused_action_never_changes_the_state() -> None:
    rng = random.Random(5)
    universe = _action_universe()
    for seed in range(30):
        rules = preset_info(MODERN[seed % 4]).rules
        players = preset_info(MODERN[seed % 4]).seat_counts[seed % 2]
        state = initial_state(rules, deal(rules, players, rng))
        while not state.is_over:
            before = (repr(state), state._key())  # type: ignore[attr-defined]
            legal = set(state.legal_actions())
            for action in rng.sample(universe, 40):
                reason = state.explain(action)
                assert (reason is None) == (action in legal), action
                if reason is not None:
                    with pytest.raises(IllegalActionError) as info:
                        state.apply(action)
                    assert info.value.reason == reason
                    assert (repr(state), state._key()) == before  # type: ignore[attr-defined]
            actions = state.legal_actions()
            state = state.apply(actions[rng.randrange(len(actions))])


def _action_universe() -> list[object]:
    from durak_lessons.actions import PASS, TAKE, cover, lead, throw, transfer
    from durak_lessons.cards import deck

    cards = deck(36)
    out: list[object] = [TAKE, PASS]
    for c in cards:
        out += [lead(c), throw(c), transfer(c)]
        out += [cover(a, c) for a in cards if a.suit == c.suit or c.rank == 14]
    for r in range(6, 15):
        same = [c for c in cards if c.rank == r]
        out += [lead(*same[:2]), lead(*same[1:3]), lead(*same)]
    return out
