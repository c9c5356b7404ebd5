"""Helpers shared by the Очко tests: a session dealt from a written-out pack, a line of
actions played on it, and the odds of a hand worked out by dealing every order of the unseen
cards (the rules written from R20 directly, not from the odds module)."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from durak_lessons import IllegalActionError
from durak_lessons.cards import Card
from durak_lessons.ochko import (
    OchkoRules,
    OchkoState,
    apply,
    deal_order,
    explain,
    new_session,
    points,
    special,
)


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


def brute_payoff(
    hand: list[Card], banker: list[Card], dark: bool, dbb: bool
) -> int:
    """The punter's result at the showdown, written from R20 directly."""
    b_special, p_special = special(banker), special(hand)
    b, p = points(banker), points(hand)
    if b_special:
        return -1
    if p_special:
        return 1
    if b > 21:
        return 1 if p <= 21 or (dark and not dbb) else -1
    if p > 21:
        return -1
    return 1 if p > b or (dark and p == b) else -1


def brute_banker(rest: tuple[Card, ...], draw16: bool) -> list[Card]:
    """The banker's hand: his dealt card rest[0], then draws by the rule."""
    hand = [rest[0]]
    i = 1
    while i < len(rest) and special(hand) is None and points(hand) <= 16:
        if points(hand) == 16 and not draw16:
            break
        hand.append(rest[i])
        i += 1
    return hand


def brute_odds(
    unseen: list[Card], known: list[Card], dark_cards: int, draw16: bool, dbb: bool
) -> tuple[Fraction, Fraction, Fraction]:
    """(stand, draw-then-optimal, one-dark-then-stand) by enumerating every order of the
    unseen cards: the banker's dealt card first, then the punter's dark cards, then his
    buys, then the banker's draws (a different order from the engine's model)."""
    perms = list(itertools.permutations(unseen))

    def stand_value(ps: list[tuple[Card, ...]], drawn: int, dark: int) -> Fraction:
        total = Fraction(0)
        for p in ps:
            hand = known + list(p[1 : 1 + dark]) + list(p[1 + dark : 1 + dark + drawn])
            banker = brute_banker((p[0], *p[1 + dark + drawn :]), draw16)
            total += brute_payoff(hand, banker, dark > 0, dbb)
        return total / len(ps)

    def best(ps: list[tuple[Card, ...]], drawn: int) -> Fraction:
        stand = stand_value(ps, drawn, dark_cards)
        visible = known + list(ps[0][1 + dark_cards : 1 + dark_cards + drawn])
        if points(visible) > 21 or 1 + dark_cards + drawn >= len(unseen):  # only the banker's own card left
            return stand
        return max(stand, draw(ps, drawn))

    def draw(ps: list[tuple[Card, ...]], drawn: int) -> Fraction:
        pos = 1 + dark_cards + drawn
        total = Fraction(0)
        groups = itertools.groupby(sorted(ps, key=lambda p: p[pos]), key=lambda p: p[pos])
        for _card, grp in groups:
            g = list(grp)
            visible = known + list(g[0][1 + dark_cards : pos + 1])
            if dark_cards == 0 and special(visible):
                value = Fraction(1)
            elif points(visible) > 21:  # a bust he sees loses at once, dark cards or not
                value = Fraction(-1)
            else:
                value = best(g, drawn + 1)
            total += value * len(g)
        return total / len(ps)

    return stand_value(perms, 0, dark_cards), draw(perms, 0), stand_value(perms, 0, dark_cards + 1)
