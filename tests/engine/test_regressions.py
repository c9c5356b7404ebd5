"""Bugs that other Durak engines shipped, each pinned by a test."""

from __future__ import annotations

import random

from engine_helpers import check_invariants, everything, hand, play, position

from durak_lessons import GreedyBot, RandomBot, deal, find_preset, initial_state
from durak_lessons import play as play_game
from durak_lessons.bout import BoutState


def test_a_transfer_removes_the_card_from_the_hand() -> None:
    state = play(position("perevodnoy", ["6♠ 9♣ 10♣", "6♣ 8♦ 9♦"], trump="A♥", stock="K♥"), "L6S")
    before = state.hand_sizes[1]
    after = play(state, "X6C")
    assert after.hand_sizes[1] == before - 1 and "6♣" not in hand(after, 1)


def test_a_transfer_never_targets_the_transferer() -> None:
    for seed in range(300):
        rng = random.Random(seed)
        rules = find_preset("perevodnoy")
        state = initial_state(rules, deal(rules, 2 + seed % 5, rng))
        while not state.is_over:
            actions = state.legal_actions()
            action = actions[rng.randrange(len(actions))]
            mover = state.to_move
            state = state.apply(action)
            if action.kind.name == "TRANSFER":
                assert isinstance(state, BoutState)
                assert state.controller(state.defender) != mover
                assert state.leader == mover or state.controller(state.leader) == mover


def test_six_players_six_cards_deal_and_play() -> None:
    rules = find_preset("podkidnoy")
    for seed in range(100):
        state = initial_state(rules, deal(rules, 6, seed))
        assert isinstance(state, BoutState)
        assert state.stock_count == 0 and state.hand_sizes == (6,) * 6
        pack = everything(state)
        rng = random.Random(seed)
        while not state.is_over:
            actions = state.legal_actions()
            state = state.apply(actions[rng.randrange(len(actions))])
            check_invariants(state, pack)


def test_throw_in_limit_uses_the_defenders_hand_at_the_bouts_start() -> None:
    state = position("podkidnoy", ["6♠ 6♣ 6♦ 7♠ 8♥", "8♠ 8♣ 9♦ 10♦"], trump="H")
    state = play(state, "L6S C6S8S T6C C6C8C T6D")
    # the defender now holds 2 cards and faces 1: a rule counting his current hand would
    # allow one more; ours allows the 4 cards his starting hand could answer, no more
    assert state.limit == 4
    state = play(state, "C6D9D T8H")
    assert len(state.table) == 4 and state.to_move == 1
    assert [str(a) for a in state.legal_actions()] == ["take"]
    state = play(state, "take")  # seat 0 still holds 7♠ but the bout is full
    assert "7♠" in hand(state, 0) and state.hand_sizes == (1, 8)


def test_everyone_running_out_at_once_is_a_draw_not_a_crash() -> None:
    state = play(position("perevodnoy", ["6♠", "7♠", "8♠"], trump="H", leader=0), "L6S C6S7S")
    assert state.outcome is not None and state.outcome.fool == 2  # seat 2 still holds 8♠
    state = play(position("perevodnoy", ["6♠ 6♦", "7♠ 7♦"], trump="H"), "L6S6D C6S7S C6D7D")
    assert state.outcome is not None and state.outcome.draw


def test_two_greedy_bots_always_finish() -> None:
    for preset in ("podkidnoy", "perevodnoy", "perevodnoy-otkaz"):
        for seed in range(150):
            outcome, _ = play_game(preset, [GreedyBot(), GreedyBot()], seed=seed)
            assert outcome.termination.value in ("fool", "draw")


def test_random_bot_uses_only_the_injected_rng() -> None:
    random.seed(1)
    a = play_game("podkidnoy", [RandomBot(), RandomBot()], seed=3)
    random.seed(2)
    b = play_game("podkidnoy", [RandomBot(), RandomBot()], seed=3)
    assert a == b
