"""Helpers shared by the bot tests."""

from __future__ import annotations

import random
from collections.abc import Callable

from durak_lessons.engine import GameState
from durak_lessons.solver import SearchLimitError, Solver


def least_budget(state: GameState) -> int:
    """A budget of positions within which the solver proves ``state`` and one fewer within
    which it does not (with a budget it switches method half way: see Solver._exact)."""
    low, high = 0, 4 * Solver().solve(state).nodes  # low fails, high proves
    Solver(high).solve(state)
    while high - low > 1:
        middle = (low + high) // 2
        try:
            Solver(middle).solve(state)
        except SearchLimitError:
            low = middle
        else:
            high = middle
    return high


def keys_match_plain_statements(
    key: Callable[[int, int], object], plainly: Callable[[int, int], object], seed: int
) -> int:
    """Over 3,000 random pairs of hands (2 to 14 cards of the 52-card pack, split at random),
    two hands get the same canonical ``key`` exactly when they get the same ``plainly``
    statement of what their cards can do; returns how many keys came up."""
    rng = random.Random(seed)
    by_key: dict[object, object] = {}
    by_plain: dict[object, object] = {}
    for _ in range(3000):
        cards = rng.sample(range(52), rng.randint(2, 14))
        cut = rng.randint(0, len(cards))
        h0 = sum(1 << c for c in cards[:cut])
        h1 = sum(1 << c for c in cards[cut:])
        k, plain = key(h0, h1), plainly(h0, h1)
        assert by_key.setdefault(k, plain) == plain
        assert by_plain.setdefault(plain, k) == k
    return len(by_key)
