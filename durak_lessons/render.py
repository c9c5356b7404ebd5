"""Positions as HTML (``_repr_html_``), so a static page shows the table without a kernel."""

from __future__ import annotations

import html
from collections.abc import Iterable
from typing import Any

from .cards import CARDS, Card, Suit

__all__ = ["card_html", "cards_html", "state_html", "view_html"]

_STYLE = (
    "<style>.dl-pos{font-family:system-ui,sans-serif;border:1px solid #ccc;border-radius:8px;"
    "padding:8px;display:inline-block;max-width:100%}.dl-pos td{padding:2px 8px;vertical-align:top}"
    ".dl-card{display:inline-block;min-width:2.1em;padding:2px 3px;margin:1px;"
    "border:1px solid #888;"
    "border-radius:4px;background:#fff;text-align:center;font-weight:600}"
    ".dl-red{color:#c00}.dl-black{color:#111}.dl-pair{display:inline-block;margin-right:6px}"
    ".dl-cover{margin-left:-0.9em;position:relative;top:0.6em}"
    ".dl-back{background:repeating-linear-gradient(45deg,#2f5fb3 0 4px,#4070c4 4px 8px)}"
    ".dl-tomove{font-weight:bold;text-decoration:underline}</style>"
)


def card_html(card: int, *, russian: bool = False, css: str = "") -> str:
    c = CARDS[card]
    colour = "dl-red" if Suit(c.suit).is_red else "dl-black"
    label = c.label(russian=russian)
    return (
        f'<span class="dl-card {colour} {css}" title="{html.escape(c.words)}" '
        f'aria-label="{html.escape(c.words)}">{html.escape(label)}</span>'
    )


def cards_html(cards: Iterable[int], *, russian: bool = False) -> str:
    return "".join(card_html(c, russian=russian) for c in cards) or "&mdash;"


def state_html(state: Any, *, names: list[str] | None = None, russian: bool = False) -> str:
    """An HTML table of a position: hands (and face-down pile sizes in дорожный), the table
    (attack/cover pairs) or the centre pile of a chain game, trump, stock, discard."""
    hands = [cards_html(state.hand(p), russian=russian) for p in range(state.n)]
    centre = state.centre if hasattr(state, "centre") else None
    return _position_html(state, hands, centre, state.deal.trump_card, state.deal.trump,
                          names=names, russian=russian,
                          caption=f"{state.rules.name} · {state.phase}")


def view_html(view: Any, *, names: list[str] | None = None, russian: bool = False) -> str:
    """What one seat sees (a :class:`~durak_lessons.views.View`), as :func:`state_html` draws a
    position: its own cards face up, of the others' only the cards everyone knows to be there
    (seen picked up, the trump drawn; in the blind game, R14, the others' whole hands and of
    its own only the cards it saw go in), the rest as backs."""
    hands = []
    for p in range(view.players):
        shown = view.hand if p == view.seat else view.known(p)
        backs = view.hand_sizes[p] - len(shown)
        hands.append(
            "".join(card_html(c, russian=russian) for c in shown)
            + _BACK * backs
            or "&mdash;"
        )
    centre = None
    if view.rules.family == "chain":  # the centre pile, from its pairs as they lie
        centre = [card for pair in view.table for card in pair if card is not None]
    who = html.escape(names[view.seat]) if names else f"seat {view.seat}"
    return _position_html(view, hands, centre, view.trump_card, view.trump,
                          names=names, russian=russian,
                          caption=f"{view.rules.name} · {view.phase} · as {who} sees it")


#: a card face down (its face unknown to the seat looking)
_BACK = ('<span class="dl-card dl-back" role="img" title="a card face down"'
         ' aria-label="a card face down">&nbsp;</span>')


def _position_html(
    position: Any, hands: list[str], centre: list[Card] | None, trump: Card | None,
    trump_suit: int | None, *, names: list[str] | None, russian: bool, caption: str,
) -> str:
    """The table both draw: a row a seat (its name, roles and ``hands[p]``), the table or the
    centre pile (``centre``, bottom first, in the chain games), the trump (its card, else its
    suit, else own trumps), stock, discard, result.  ``position``: a state or a view (the
    public fields they share)."""
    rows = []
    for p, hand in enumerate(hands):
        name = html.escape(names[p]) if names else f"seat {p}"
        roles = []
        if p == position.to_move:
            roles.append("to move")
        if p == getattr(position, "leader", None):
            roles.append("leader")
        if p == getattr(position, "defender", None):
            roles.append("defender")
        if p in getattr(position, "out", ()):
            roles.append("out")
        role = f" ({', '.join(roles)})" if roles else ""
        cls = ' class="dl-tomove"' if p == position.to_move else ""
        pile = ""
        if getattr(position.rules, "personal_piles", False):
            pile = (
                ' &nbsp; <span class="dl-card dl-back" role="img" title="face-down pile"'
                ' aria-label="face-down pile">&nbsp;</span>'
                f"×{position.pile_sizes[p]}"
            )
        rows.append(f"<tr><td{cls}>{name}{role}</td><td>{hand}{pile}</td></tr>")
    if centre is not None:  # a chain game: the centre pile, bottom card first
        middle = (
            "<tr><td>centre (bottom → top)</td><td>"
            + ("".join(card_html(c, russian=russian) for c in centre) or "&mdash;")
            + "</td></tr>"
        )
    else:
        pairs = "".join(
            '<span class="dl-pair">'
            + card_html(a, russian=russian)
            + (card_html(c, russian=russian, css="dl-cover") if c is not None else "")
            + "</span>"
            for a, c in position.table
        )
        middle = f"<tr><td>table</td><td>{pairs or '&mdash;'}</td></tr>"
    trump_text = (
        card_html(trump, russian=russian)
        if trump is not None
        else (Suit(trump_suit).symbol if trump_suit is not None else "own trumps")
    )
    info = (
        f"{middle}"
        f"<tr><td>trump</td><td>{trump_text} &nbsp; stock: {position.stock_count} &nbsp; "
        f"discard: {position.discard_count}</td></tr>"
    )
    result = ""
    if position.outcome is not None:
        result = (f"<tr><td>result</td><td>{html.escape(position.outcome.describe(names))}"
                  "</td></tr>")
    return (
        f'{_STYLE}<div class="dl-pos"><table><caption>{html.escape(caption)}</caption>'
        f"{''.join(rows)}{info}{result}</table></div>"
    )
