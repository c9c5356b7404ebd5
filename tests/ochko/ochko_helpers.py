"""Helpers shared by the Очко tests: a session dealt from a written-out pack, a line of
actions played on it, and the odds of a hand worked out by dealing every order of the unseen
cards (the rules written from R20 directly, not from the odds module), and the banker's
odds worked out the same way."""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any

import pytest

from durak_lessons import IllegalActionError
from durak_lessons.cards import Card
from durak_lessons.ochko import (
    PACK,
    OchkoGame,
    OchkoRules,
    OchkoState,
    Phase,
    Status,
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


def _checked(hand: list[Card], dark: int) -> bool:
    """Could a punter who stands have held ``hand`` (dark: the positions bought dark)? After
    each card bought face up before any dark one he held no 21, two aces, five courts or
    bust (he would have been paid or lost at once, O1, O3); after a dark one the cards he
    sees are not over 21 (O1)."""
    for j in range(1, len(hand)):
        if dark >> j & 1:
            continue
        if any(dark >> i & 1 for i in range(1, j)):
            seen = [c for i, c in enumerate(hand[: j + 1]) if not dark >> i & 1]
            if points(seen) > 21:
                return False
        elif special(hand[: j + 1]) is not None or points(hand[: j + 1]) > 21:
            return False
    return True


def banker_odds_by_hand(view: object) -> tuple[Fraction, Fraction]:
    """The banker's expected winnings of standing and of drawing one card, by dealing each
    waiting punter's hidden cards in every order from the cards the banker cannot see, and
    settling with R20's showdown (ochko_helpers.brute_payoff)."""
    v: Any = view
    seen = set(v.visible_cards())
    pool = [c for c in PACK if c not in seen]
    mine = [c for c in v.hands[v.seat] if c is not None]
    dbb = v.rules.double_bust_to_banker
    ev_stand = ev_draw = Fraction(0)
    for seat, status in enumerate(v.status):
        if status is not Status.STANDING:
            continue
        hand, dark = v.hands[seat], v.dark[seat]
        hidden = [i for i, c in enumerate(hand) if c is None]
        ways, stand, draw = 0, Fraction(0), Fraction(0)
        for cards in itertools.permutations(pool, len(hidden)):
            full = list(hand)
            for i, c in zip(hidden, cards, strict=True):
                full[i] = c
            if not _checked(full, dark):
                continue
            if not dark and (special(full) is not None or points(full) > 21):
                continue  # a face-up 21 or bust was settled at once
            ways += 1
            stand -= brute_payoff(full, mine, dark != 0, dbb)
            rest = [c for c in pool if c not in cards]
            draw -= Fraction(sum(brute_payoff(full, [*mine, c], dark != 0, dbb) for c in rest), len(rest))
        if ways:
            ev_stand += v.stakes[seat] * stand / ways
            ev_draw += v.stakes[seat] * draw / ways
    return ev_stand, ev_draw


def banker_to_draw(
    deal: str, actions: list[str], players: int = 2, rules: str | None = None
) -> tuple[OchkoGame, Any]:
    """A game of ``players`` (seed 1, the banker in seat 0) dealt ``deal`` and played by
    ``actions``, with the banker's view: he is to draw or stand."""
    game = OchkoGame([100] * players, rules, seed=1)
    game.deal(deal)
    for action in actions:
        game.push(action)
    view = game.view(0)
    assert view.phase is Phase.BANKER
    return game, view
