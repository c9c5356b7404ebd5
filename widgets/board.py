"""Public facts of a position drawn as HTML, shared by the table, the stepper and the quiz.

Everything here is read from the engine's :class:`~durak_lessons.views.View`: what lies face up
under the stock (the turned-up trump, or the card exchanged for it, R19), each seat's trump
suit (as named so far in свои козыри), the card shown at the deal (D25) and the cards put
back into the stock where everyone saw them (D26).  Only public facts: any seat's view gives
the same answer.

CSS classes: ``dl-trump`` the trump (a card face, a suit, or each seat's own suit);
``dl-shown`` the card shown at the deal; ``dl-placed`` the cards put back into the stock;
``dl-row-pos dl-row-pos-<i>`` a card of a blind-game row with its position number
``dl-pos-no``.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from durak_lessons.cards import Card, Suit
from durak_lessons.deal import Deal
from durak_lessons.views import View

from .cards import DEFAULT_STYLE, CardStyle, back_html, face_html
from .narrate import actor_name

__all__ = ["deal_notes_html", "row_html", "seat_roles", "trump_html", "trumps_text"]


def seat_roles(state: Any, p: int) -> list[str]:
    """What seat ``p`` is in the bout, for the play table and the stepper's frames: leader,
    defender ("taking" once he has said "take" while the others may still throw in, R7: the
    table's cards stay uncovered and only this says why), out."""
    roles = []
    if not state.is_over:
        if p == getattr(state, "leader", None):
            roles.append("leader")
        if p == getattr(state, "defender", None):
            roles.append("defender")
            if getattr(state, "taking", False):
                roles.append("taking")
    if p in getattr(state, "out", ()):
        roles.append("out")
    return roles


def trumps_text(view: View, names: Sequence[str] | None = None) -> str:
    """Each seat's trump suit, 'Anna ♥, Boris ♠' ('?' for a suit not named yet)."""
    return ", ".join(f"{actor_name(p, names)} {Suit(t).symbol if t >= 0 else '?'}"
                     for p, t in enumerate(view.trumps))


def trump_html(view: View, style: CardStyle = DEFAULT_STYLE,
               names: Sequence[str] | None = None) -> str:
    """The trump as everyone sees it: the card face up under the stock (:attr:`View.under_card`:
    the turned-up trump, or the card exchanged for it), else the trump suit; where each seat
    has its own trump, each seat's suit as named so far."""
    under = view.under_card
    if under is not None:
        return face_html(under, style, ["dl-trump"])
    if view.trump is not None:
        suit = Suit(view.trump)
        return (f'<span class="dl-trump" title="{html.escape(suit.english)}">'
                f"{suit.symbol}</span>")
    return f'<span class="dl-trump">own trumps ({html.escape(trumps_text(view, names))})</span>'


def _ordinal(n: int) -> str:
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def deal_notes_html(view: View, deal: Deal, style: CardStyle = DEFAULT_STYLE,
                    names: Sequence[str] | None = None) -> str:
    """The public cards not on the table: the card shown at the deal and dealt to the dealer
    (D25, :attr:`Deal.public_cards`) and the cards put back into the stock at a known place
    (D26, :attr:`View.placed_in_stock`).  Empty where there are none."""
    parts = []
    under = view.under_card
    dealer = deal.dealer
    known = set(view.known(dealer))
    for card in deal.public_cards:
        if card == under:
            continue  # it lies under the stock: drawn as the trump
        who = html.escape(actor_name(dealer, names))
        where = (f"in {who}'s hand" if card in known else f"dealt to {who}")
        parts.append(f'<span class="dl-shown">shown at the deal: {face_html(card, style)} '
                     f"({where})</span>")
    placed = view.placed_in_stock
    if placed:
        cards = ", ".join(f"{face_html(card, style)} the {_ordinal(place + 1)} card to be drawn"
                          for place, card in placed)
        parts.append(f'<span class="dl-placed">put back into the stock: {cards}</span>')
    return " · ".join(parts)


def row_html(row: Sequence[Card | None], style: CardStyle = DEFAULT_STYLE, *,
             label: str = "a card face down", remembered: bool = False) -> str:
    """A row of the blind game (R14) position by position, each card over its number: a face,
    or a back for ``None`` (a card its holder has not seen).  ``remembered``: the row is its
    holder's own, face down, and a face is a card he saw go in (``dl-remembered``, D28)."""
    extra = ["dl-remembered"] if remembered else []
    cells = []
    for i, card in enumerate(row):
        drawn = (face_html(card, style, extra) if card is not None
                 else back_html(label=f"{label} in position {i}"))
        cells.append(f'<span class="dl-row-pos dl-row-pos-{i}" title="position {i}">'
                     f'{drawn}<small class="dl-pos-no">{i}</small></span>')
    return "".join(cells) or '<span class="dl-none">—</span>'
