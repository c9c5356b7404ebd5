"""Random playouts, the bound on actions, perft, records and bots for the chain games."""

from __future__ import annotations

import random

import pytest
from chain_helpers import PRESETS, chain, check_invariants, everything, play

from durak_lessons import (
    Action,
    ChainState,
    GreedyBot,
    IllegalActionError,
    RandomBot,
    Record,
    deal,
    find_preset,
    initial_state,
    preset_info,
)
from durak_lessons import play as play_game
from durak_lessons.perft import divide, perft
from durak_lessons.simulate import MAX_ACTIONS

GRID = [(p, n) for p in PRESETS for n in preset_info(p).seat_counts]
SEEDS = range(200)

#: The longest random deal over the grid below stays under this: наваленный 9.а removes no
#: card from play, so a random deal there is a long random walk (the longest of SEEDS is about
#: 2,400 actions); the others stay under a fifth of MAX_ACTIONS.
LONGEST = {"navalenny": MAX_ACTIONS // 2}


@pytest.mark.parametrize(("preset", "players"), GRID)
def test_random_playouts_keep_every_invariant(preset: str, players: int) -> None:
    rules = find_preset(preset)
    longest = 0
    for seed in SEEDS:
        rng = random.Random(seed)
        state = initial_state(rules, deal(rules, players, rng))
        assert isinstance(state, ChainState)
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
    assert longest < LONGEST.get(preset, MAX_ACTIONS // 5), "no game comes near the bound"


def test_the_bound_is_the_engines_and_repetition_keeps_deals_finite() -> None:
    """Why every deal ends: a position can occur at most twice before the third occurrence
    draws (D19), and there are finitely many positions; the presets all turn D19 on."""
    for preset in PRESETS:
        assert find_preset(preset).repetition_draw == 3
    assert MAX_ACTIONS == 5000


@pytest.mark.parametrize(("preset", "players"), GRID)
def test_bots_finish_and_records_replay_to_the_same_outcome(preset: str, players: int) -> None:
    for seed in range(40):
        bots = [GreedyBot() if (seat + seed) % 2 else RandomBot() for seat in range(players)]
        outcome, record = play_game(preset, bots, seed=seed)
        assert record.outcome == outcome
        assert len(record.actions) < LONGEST.get(preset, MAX_ACTIONS // 5)
    for seed in range(40):
        outcome, record = play_game(preset, [GreedyBot() for _ in range(players)], seed=seed)
        assert record.outcome == outcome


@pytest.mark.parametrize("preset", PRESETS)
def test_records_round_trip_through_json_and_text(preset: str) -> None:
    for seed in range(10):
        _, record = play_game(preset, [RandomBot(), RandomBot(), RandomBot()], seed=seed)
        again_text = Record.from_text(record.to_text())
        again_json = Record.from_json(record.dumps())
        assert again_text == record and again_json == record
        assert again_text.final_state() == record.final_state()
        assert again_json.outcome == record.outcome


def test_a_record_of_a_written_deal_keeps_its_flips() -> None:
    state = chain("dorozhny", ["A♣ 6♠", "7♦", "9♠ 8♣", "10♣"], "K♥", leader=0, dealer=3)
    moves = "F F L6S F L6S F LTC F take F L8C BKH take"
    final = play(state, moves)
    record = Record(state.rules, state.deal, tuple(map(Action.parse, moves.split(" "))))
    again = Record.from_text(record.to_text())
    assert again.final_state() == final


def test_a_refused_action_never_changes_the_state() -> None:
    rng = random.Random(11)
    universe = [Action.parse(a) for a in ("take", "pass", "F", "C6S7S", "T6S", "X6S")]
    universe += [Action.parse(f"{k}{c}") for k in "LB" for c in ("6S", "TH", "AC", "QD", "9H")]
    universe += [Action.parse(a) for a in ("L6STH", "L6S6C", "LACQD9H")]  # one card at a time
    for seed in range(24):
        preset = PRESETS[seed % 4]
        state = initial_state(find_preset(preset), deal(preset, 2 + seed % 5, rng))
        while not state.is_over:
            before = (repr(state), state._key())  # type: ignore[attr-defined]
            legal = set(state.legal_actions())
            for action in universe:
                reason = state.explain(action)
                assert (reason is None) == (action in legal), action
                if reason is None:
                    continue
                assert reason.rule and reason.text
                with pytest.raises(IllegalActionError):
                    state.apply(action)
                assert (repr(state), state._key()) == before  # type: ignore[attr-defined]
            actions = state.legal_actions()
            state = state.apply(actions[rng.randrange(len(actions))])


def test_same_seed_same_game() -> None:
    bots = [RandomBot(), GreedyBot(), RandomBot()]
    assert play_game("dorozhny", bots, seed=5) == play_game("dorozhny", bots, seed=5)
    assert play_game("navalenny", bots, seed=5) != play_game("navalenny", bots, seed=6)


# ---- perft (the fixed deals are in tests/data/perft.json) -----------------------------------

def test_perft_counted_by_hand() -> None:
    # наваленный, hearts trumps, no stock; seat 0: 6♠ 7♣ leads; seat 1: 8♠ 9♥
    state = chain("navalenny", ["6♠ 7♣", "8♠ 9♥"], "H")
    assert divide(state, 1) == {"L6S": 1, "L7C": 1}
    # L6S: cover with 8♠ or 9♥; L7C: only 9♥ beats it
    assert divide(state, 2) == {"L6S": 2, "L7C": 1}
    # after a cover seat 1 leads his other card, and the deal goes on
    assert perft(state, 3) == 3
