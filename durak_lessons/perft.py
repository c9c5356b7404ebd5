"""Exhaustive counts of action sequences ("perft"), the move generator's fingerprint.

``perft(state, depth)`` counts the positions reached after exactly ``depth`` actions (a
finished deal counts once and is not expanded).  ``divide`` gives the count below each
legal action, which is what one compares when a count changes.
"""

from __future__ import annotations

from .engine import GameState

__all__ = ["divide", "perft"]


def perft(state: GameState, depth: int) -> int:
    if depth == 0 or state.is_over:
        return 1
    actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    return sum(perft(state.apply(a), depth - 1) for a in actions)


def divide(state: GameState, depth: int) -> dict[str, int]:
    """``{action notation: perft(after action, depth - 1)}`` for every legal action."""
    return {str(a): perft(state.apply(a), depth - 1) for a in state.legal_actions()}
