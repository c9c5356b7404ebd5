"""Helpers shared by the Очко tests: a session dealt from a written-out pack, and a line of
actions played on it."""

from __future__ import annotations

from durak_lessons.ochko import OchkoRules, OchkoState, apply, deal_order, new_session


def play(state: OchkoState, *actions: object) -> OchkoState:
    """``state`` after ``actions`` (each an action or its notation), in order."""
    for a in actions:
        state = apply(state, a)  # type: ignore[arg-type]
    return state


def start(
    deal: str, balances: tuple[int, ...] = (100, 100), banker: int = 0, **rules: object
) -> OchkoState:
    """A session of ``balances`` under ``OchkoRules(**rules)`` with ``banker``, the pack in the
    order ``deal`` writes out."""
    session = new_session(list(balances), OchkoRules(**rules), banker=banker)  # type: ignore[arg-type]
    return apply(session, deal_order(deal))
