"""Exhaustive counts of action sequences ("perft"), the move generator's fingerprint.

``perft(state, depth)`` counts the positions reached after exactly ``depth`` actions (a
finished deal counts once and is not expanded).  ``divide`` gives the count below each
legal action, which is what one compares when a count changes.
"""

from __future__ import annotations

from .engine import GameState, checked_state

__all__ = ["divide", "perft"]


def _check_depth(depth: object, least: int) -> None:
    """Refuse a depth that is not a whole number of at least ``least``: below 0 the count
    would never stop short of every whole deal."""
    if type(depth) is not int or depth < least:
        raise ValueError(f"depth {depth!r}: expected a whole number of actions, at least {least}")


def perft(state: GameState, depth: int) -> int:
    """The number of positions ``depth`` actions on (``depth`` 0 or more)."""
    _check_depth(depth, 0)
    return _perft(checked_state(state), depth)


def _perft(state: GameState, depth: int) -> int:
    if depth == 0 or state.is_over:
        return 1
    actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    return sum(_perft(state.apply(a), depth - 1) for a in actions)


def divide(state: GameState, depth: int) -> dict[str, int]:
    """``{action notation: perft(after action, depth - 1)}`` for every legal action
    (``depth`` 1 or more)."""
    _check_depth(depth, 1)
    state = checked_state(state)
    return {str(a): _perft(state.apply(a), depth - 1) for a in state.legal_actions()}
