"""Helpers for the bot tests: random two-player positions with the stock empty."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from durak_lessons import Deal, find_preset, initial_state
from durak_lessons.bout import BoutState
from durak_lessons.cards import deck


def make_endgame(
    rng: random.Random, k: int, j: int, rules: str = "podkidnoy", moves: int = 0
) -> BoutState:
    """k + j random cards from a 36-card pack, a random trump suit and leader, the stock
    empty; then up to ``moves`` random legal actions (positions in mid-bout too)."""
    cards = deck(36)
    rng.shuffle(cards)
    trump = "SCDH"[rng.randrange(4)]
    fixed = find_preset(rules).trump_suit_fixed
    if fixed >= 0:  # the diamonds game: diamonds are always trumps (R15)
        trump = "SCDH"[fixed]
    d = Deal.from_hands([cards[:k], cards[k : k + j]], trump=trump, leader=rng.randrange(2))
    state = initial_state(rules, d)
    assert isinstance(state, BoutState)
    for _ in range(moves):
        actions = state.legal_actions()
        nxt = state.apply(actions[rng.randrange(len(actions))])
        if nxt.is_over:
            break
        state = nxt
    return state


Endgame = Callable[..., BoutState]


@pytest.fixture
def endgame() -> Endgame:
    return make_endgame
