"""Sentences about actions: who did what, and which rule allowed it.

Nothing here decides legality: the engine has already accepted every action narrated here
(``Record.states()`` replays and checks them, and the play table applies only what
``apply`` accepts).  This module only *describes* an accepted action, naming the rule with the
citation that the engine's :class:`~durak_lessons.rules.Rules` field carries in its metadata.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields
from typing import Any

from durak_lessons.actions import Action, Kind
from durak_lessons.cards import CARDS
from durak_lessons.rules import Rules

__all__ = ["actor_name", "cite", "describe", "justify", "sentence"]

_CITES = {f.name: str(f.metadata.get("cite", "")) for f in fields(Rules)}


def cite(option: str) -> str:
    """The citation of a rules option, read from the engine's Rules metadata."""
    return _CITES.get(option, "")


def actor_name(seat: int, names: Sequence[str] | None = None) -> str:
    return names[seat] if names is not None and seat < len(names) else f"Seat {seat}"


def describe(action: Action) -> str:
    """The action in words without the actor: 'covers 7♠ with 9♠', 'says «бито»'."""
    if action.kind == Kind.PASS:
        return "passes («бито»)"
    return action.describe()


def justify(state: Any, action: Action) -> str:
    """Why the engine accepted ``action`` in ``state`` (a clause with its citation)."""
    kind = action.kind
    if kind == Kind.LEAD:
        n = len(action.cards)
        what = "one card" if n == 1 else f"{n} cards"
        return f"the leader opens the bout with {what} of the allowed shape ({cite('lead_shape')})"
    if kind == Kind.COVER:
        attack, card = action.target, action.card
        assert attack is not None
        a, c = CARDS[attack], CARDS[card]
        if a.suit == c.suit:
            why = "a higher card of the same suit beats"
        else:
            why = "a trump beats any card of another suit"
        return f"{why} ({cite('beating')})"
    if kind == Kind.THROW:
        return f"a card of a rank already on the table may be thrown in ({cite('throw_ins')})"
    if kind == Kind.TRANSFER:
        return (f"a card of the led rank, before anything is covered, passes the bout on "
                f"({cite('transfers')})")
    if kind == Kind.TAKE:
        return f"the defender may always give up and take the cards ({cite('on_fail')})"
    if kind == Kind.PASS:
        if getattr(state, "phase", "") == "lead":
            return f"with no legal lead the turn passes on ({cite('pass_without_lead')})"
        return f"a thrower may always stop adding cards ({cite('throw_ins')})"
    if kind == Kind.EXCHANGE:
        return f"the trump six may be swapped for the turned-up trump ({cite('trump_exchange')})"
    if kind == Kind.BEAT:
        return f"a card that beats the top card of the centre is laid on it ({cite('beating')})"
    if kind == Kind.FLIP:
        return f"in дорожный a player turns the top card of his own pile ({cite('personal_piles')})"
    if kind == Kind.PICK:
        return (f"in the blind game a player picks his card by its position and the others judge "
                f"it ({cite('blind')})")
    if kind == Kind.NAME:
        return "in свои козыри each player names his own trump (R16)"
    return "the engine accepted it"


def sentence(state: Any, action: Action, names: Sequence[str] | None = None) -> str:
    """'Seat 1 covers 7♠ with 9♠: a higher card of the same suit beats (Rozaliev 2).'"""
    actor = state.to_move
    who = actor_name(actor, names) if actor is not None else "Nobody"
    return f"{who} {describe(action)}: {justify(state, action)}."
