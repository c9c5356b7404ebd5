"""Helpers for engine tests: positions written out by hand, scripted play, invariants, and a
bot that goes round for ever (also used by the widget tests)."""

from __future__ import annotations

import random
from collections.abc import Iterable

from durak_lessons import (
    Action,
    Deal,
    GameState,
    Kind,
    Rules,
    View,
    apply,
    explain,
    find_preset,
    initial_state,
)
from durak_lessons.bout import BoutState
from durak_lessons.cards import card_mask


def position(
    rules: str | Rules,
    hands: list[str],
    trump: str,
    stock: str = "",
    leader: int = 0,
) -> BoutState:
    """A bout-game position from hands written out (``stock`` in drawing order)."""
    r = find_preset(rules) if isinstance(rules, str) else rules
    state = initial_state(r, Deal.from_hands(hands, trump=trump, stock=stock, leader=leader))
    assert isinstance(state, BoutState)
    return state


def play(state: GameState, moves: str) -> BoutState:
    """Apply space-separated actions in notation (``"L6S C6S7S pass"``)."""
    for move in moves.split():
        state = apply(state, move)
    assert isinstance(state, BoutState)
    return state


def refusal(state: object, action: str, player: int | None = None) -> tuple[str, str]:
    """The rule and the sentence ``action`` (by ``player``, or the player to move) is
    refused with; it must be refused."""
    reason = explain(state, action, player)  # type: ignore[arg-type]
    assert reason is not None, f"{action} should be refused"
    return reason.rule, reason.text


def hand(state: BoutState, seat: int) -> str:
    return " ".join(str(c) for c in state.hand(seat))


def cards(text: str) -> int:
    from durak_lessons import parse_cards

    return card_mask(parse_cards(text))


def check_invariants(state: BoutState, pack: int) -> None:
    """Every card of the pack accounted for exactly once; hands within bounds; progress."""
    seen = 0
    total = 0
    parts: list[int] = [state.hand_mask(p) for p in range(state.n)]
    parts.append(card_mask(state.stock))
    parts.append(state.discard_mask)
    parts.append(card_mask(c for pair in state.table for c in pair if c is not None))
    for part in parts:
        assert seen & part == 0, "a card is in two places"
        seen |= part
        total += part.bit_count()
    assert seen == pack, "a card went missing"
    assert total == pack.bit_count()
    if state.is_over:
        assert state.outcome is not None
        assert state.legal_actions() == []
    else:
        assert state.outcome is None
        assert state.legal_actions(), "a non-final state must have a legal action"
        uncovered = sum(1 for _, c in state.table if c is None)
        defender = state.controller(state.defender)
        assert uncovered <= state.hand_mask(defender).bit_count() or state.taking or (
            state.rules.otkaz and state.hand_mask(defender) == 0
        ) or (
            state.rules.oversize_leads and state.phase == "defend"
        ), "more uncovered cards than the defender can answer"
        assert len(state.table) <= max(state.rules.attack_limit, 1)
    for p in state.out:
        assert state.hand_mask(p) == 0


def everything(state: BoutState) -> int:
    return card_mask(state.deal.cards())


def masks(items: Iterable[str]) -> list[int]:
    return [cards(t) for t in items]


class Circler:
    """A bot that never ends a deal: it leads its lowest card, takes, never throws in.  Three
    of them pass their cards round the table for ever (``play`` and the play table must stop them)."""

    name = "circler"

    def choose(self, view: View, rng: random.Random) -> Action:
        actions = view.legal_actions()
        for kind in (Kind.TAKE, Kind.PASS):
            for a in actions:
                if a.kind == kind:
                    return a
        return min((a for a in actions if len(a.cards) == 1), key=lambda a: a.card)
