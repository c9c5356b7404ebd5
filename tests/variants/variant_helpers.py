"""Helpers for the tests of the other bout games (issue 3): positions written out, scripted
play and a compact invariant check."""

from __future__ import annotations

from durak_lessons import Action, Deal, GameState, Rules, apply, find_preset, initial_state
from durak_lessons.cards import card_mask


def position(
    rules: str | Rules,
    hands: list[str],
    trump: str = "",
    stock: str = "",
    leader: int = 0,
    own_trumps: str | None = None,
    **options: object,
) -> GameState:
    """The first position of a deal written out (``stock`` in drawing order, the turned-up
    ``trump`` card drawn last; ``own_trumps="HS"`` for свои козыри)."""
    r = find_preset(rules) if isinstance(rules, str) else rules
    if options:
        r = r.replace(**options)
    d = Deal.from_hands(hands, trump=trump, stock=stock, leader=leader, own_trumps=own_trumps)
    return initial_state(r, d)


def play(state: GameState, moves: str) -> GameState:
    """Apply space-separated actions in notation (``"L6S C6S7S pass"``)."""
    for move in moves.split():
        state = apply(state, move)
    return state


def hand(state: GameState, seat: int) -> str:
    return " ".join(str(c) for c in state.hand(seat))


def legal(state: GameState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def pack_of(state: GameState) -> int:
    return card_mask(state.deal.cards())


def check(state: GameState, pack: int) -> list[Action]:
    """Every card of the pack in exactly one place (hands, stock, table, discard); a final
    state has an outcome and no action, any other state a legal action (returned)."""
    seen = 0
    total = 0
    parts = [state.hand_mask(p) for p in range(state.n)]  # type: ignore[attr-defined]
    parts.append(card_mask(state.stock))  # type: ignore[attr-defined]
    parts.append(state.discard_mask)  # type: ignore[attr-defined]
    parts.append(card_mask(c for pair in state.table for c in pair if c is not None))  # type: ignore[attr-defined]
    for part in parts:
        assert not seen & part, "a card is in two places"
        seen |= part
        total += part.bit_count()
    assert seen == pack and total == pack.bit_count(), "a card went missing"
    actions = state.legal_actions()
    if state.is_over:
        assert state.outcome is not None and not actions
    else:
        assert state.outcome is None and actions
    return actions
