"""Helpers for the chain-game tests: positions written out by hand, scripted play, invariants."""

from __future__ import annotations

from typing import Any

from durak_lessons import ChainState, Deal, apply, find_preset, initial_state, parse_cards
from durak_lessons.cards import card_mask

PRESETS = ["navalenny", "navalenny-top", "dorozhny", "dorozhny-open"]


def chain(
    preset: str,
    hands: list[str],
    trump: str,
    stock: str = "",
    leader: int = 0,
    dealer: int | None = None,
    **options: Any,
) -> ChainState:
    """A chain-game position from hands written out.

    наваленный: ``stock`` in drawing order, the turned-up ``trump`` card drawn last.
    дорожный: ``hands`` are the dealt cards (the last one on top of a faithful pile) and the
    ``trump`` card, shown at the deal, goes to the dealer's hand (D12).
    """
    rules = find_preset(preset)
    if options:
        rules = rules.replace(**options)
    deal = Deal.from_hands(hands, trump=trump, stock=stock, leader=leader, dealer=dealer)
    state = initial_state(rules, deal)
    assert isinstance(state, ChainState)
    return state


def play(state: ChainState, moves: str) -> ChainState:
    """Apply space-separated actions in notation (``"L6S B7S L8D take F"``)."""
    for move in moves.split():
        state = apply(state, move)  # type: ignore[assignment]
    assert isinstance(state, ChainState)
    return state


def cards(text: str) -> list[str]:
    return [str(c) for c in parse_cards(text)]


def hand(state: ChainState, seat: int) -> str:
    return " ".join(str(c) for c in state.hand(seat))


def centre(state: ChainState) -> str:
    return " ".join(str(c) for c in state.centre)


def check_invariants(state: ChainState, pack: int) -> None:
    """Every card of the pack in exactly one place; outs hold nothing; progress possible."""
    parts = [state.hand_mask(p) for p in range(state.n)]
    parts += [card_mask(state.personal_pile(p)) for p in range(state.n)]
    parts += [card_mask(state.stock), state.discard_mask, card_mask(state.centre)]
    seen = 0
    total = 0
    for part in parts:
        assert seen & part == 0, "a card is in two places"
        seen |= part
        total += part.bit_count()
    assert seen == pack, "a card went missing"
    assert total == pack.bit_count()
    table_cards = [c for pair in state.table for c in pair if c is not None]
    assert table_cards == state.centre, "table pairs are the centre read from the bottom"
    for p in state.out:
        assert state.hand_mask(p) == 0 and not state.personal_pile(p)
    if state.is_over:
        assert state.outcome is not None
        assert state.legal_actions() == []
        assert state.to_move is None
    else:
        assert state.outcome is None
        assert state.to_move is not None and state.to_move not in state.out
        assert state.legal_actions(), "a non-final state must have a legal action"
        if state.phase == "defend":
            assert state.centre, "a player defends against the top card of the centre"
        if state.rules.chain_lead_on:  # наваленный: the centre is covered pairs + the led card
            assert len(state.centre) % 2 == (1 if state.phase == "defend" else 0)
        if state.rules.chain_discard:
            assert len(state.centre) < state.n
        if state.stock_count:
            assert all(size >= state.rules.hand_size for size in state.hand_sizes) or (
                state.rules.chain_lead_on
            )


def everything(state: ChainState) -> int:
    return card_mask(state.deal.cards())
