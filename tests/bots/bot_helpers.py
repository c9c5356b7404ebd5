"""Helpers shared by the bot tests."""

from __future__ import annotations

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
