"""Hints, the exact verdict and the post-game review."""

from __future__ import annotations

import random

from durak_lessons import Deal, GreedyBot, RandomBot, View, initial_state, new_game, play
from durak_lessons.analysis import hints, review, verdict


def test_verdict_only_once_everything_is_known() -> None:
    assert verdict(View(new_game("podkidnoy", 2, seed=1), 0)) is None
    state = initial_state("podkidnoy", Deal.from_hands(["6S 7S", "8S AH"], trump="H"))
    v = verdict(View(state, 0))
    assert v is not None and v.value == -1 and v.fool == 0
    assert verdict(View(state, 1)) is None  # not seat 1's turn
    # only the turned-up trump left in the stock: everything is known as well
    state = initial_state("podkidnoy", Deal.from_hands(["6S 7S", "8S AH"], trump="KH"))
    v = verdict(View(state, 0))
    assert v is not None and v.value == -1 and state.stock_count == 1
    two = initial_state("podkidnoy", Deal.from_hands(["6S 7S", "8S AH"], trump="KH", stock="9C"))
    assert verdict(View(two, 0)) is None


def test_hints_cover_every_legal_action_best_first() -> None:
    state = new_game("podkidnoy", 2, seed=6)
    seat = state.to_move
    assert seat is not None
    view = View(state, seat)
    h = hints(view, random.Random(2), iterations=60)
    assert {e.action for e in h} == set(view.legal_actions())
    wins = [e.win for e in h]
    assert wins[0] == max(wins) and all(0.0 <= w <= 1.0 for w in wins)


def test_hints_in_a_solved_position_are_exact() -> None:
    state = initial_state("podkidnoy", Deal.from_hands(["6S 7D AH", "8S KD"], trump="H"))
    h = hints(View(state, 0), random.Random(0), iterations=30)
    assert all(e.exact in (-1, 0, 1) and e.win == (e.exact + 1) / 2 for e in h)


def test_review_lists_the_biggest_drops_of_one_seat() -> None:
    _, record = play("podkidnoy", [RandomBot(), GreedyBot()], seed=3)
    states = record.states()
    drops = review(record, 0, iterations=40, top=3)
    assert 0 < len(drops) <= 3
    assert [d.drop for d in drops] == sorted((d.drop for d in drops), reverse=True)
    for d in drops:
        assert states[d.ply].to_move == 0 and record.actions[d.ply] == d.played
        assert d.drop > 0 and d.played != d.best
        assert d.describe().startswith(f"move {d.ply + 1}:")
