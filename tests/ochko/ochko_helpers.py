"""Helpers shared by the Очко tests: a session dealt from a written-out pack, and a line of
actions played on it."""

from __future__ import annotations

import pytest

from durak_lessons import IllegalActionError
from durak_lessons.ochko import OchkoRules, OchkoState, apply, deal_order, explain, new_session


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


def refused(state: OchkoState, action: object, rule: str, text: str | None = None) -> None:
    """``action`` is refused under ``rule`` (and, if given, with exactly ``text``), by
    ``explain`` and by ``apply`` alike.  (Nothing to check about the state after: an
    ``OchkoState`` is a tuple of tuples, which ``apply`` cannot alter.)"""
    reason = explain(state, action)  # type: ignore[arg-type]
    assert reason is not None, action
    assert reason.rule == rule
    if text is not None:
        assert reason.text == text
    with pytest.raises(IllegalActionError) as info:
        apply(state, action)  # type: ignore[arg-type]
    assert info.value.reason == reason
