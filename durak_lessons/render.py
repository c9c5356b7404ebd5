"""Positions as HTML (``_repr_html_``), so a static page shows the table without a kernel."""

from __future__ import annotations

import html
from collections.abc import Iterable
from typing import Any

from .cards import CARDS, Card, Suit

__all__ = ["card_html", "cards_html", "state_html"]

_STYLE = (
    "<style>.dl-pos{font-family:system-ui,sans-serif;border:1px solid #ccc;border-radius:8px;"
    "padding:8px;display:inline-block;max-width:100%}.dl-pos td{padding:2px 8px;vertical-align:top}"
    ".dl-card{display:inline-block;min-width:2.1em;padding:2px 3px;margin:1px;"
    "border:1px solid #888;"
    "border-radius:4px;background:#fff;text-align:center;font-weight:600}"
    ".dl-red{color:#c00}.dl-black{color:#111}.dl-pair{display:inline-block;margin-right:6px}"
    ".dl-cover{margin-left:-0.9em;position:relative;top:0.6em}.dl-back{background:#36c;color:#36c}"
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
    n = state.n
    rows = []
    for p in range(n):
        name = html.escape(names[p]) if names else f"seat {p}"
        roles = []
        if p == state.to_move:
            roles.append("to move")
        if p == getattr(state, "leader", None):
            roles.append("leader")
        if p == getattr(state, "defender", None):
            roles.append("defender")
        if p in getattr(state, "out", ()):
            roles.append("out")
        role = f" ({', '.join(roles)})" if roles else ""
        cls = ' class="dl-tomove"' if p == state.to_move else ""
        pile = ""
        if getattr(state.rules, "personal_piles", False):
            pile = (
                ' &nbsp; <span class="dl-card dl-back" title="face-down pile">▒</span>'
                f"×{state.pile_sizes[p]}"
            )
        rows.append(
            f"<tr><td{cls}>{name}{role}</td>"
            f"<td>{cards_html(state.hand(p), russian=russian)}{pile}</td></tr>"
        )
    if hasattr(state, "centre"):  # a chain game: the centre pile, bottom card first
        middle = (
            "<tr><td>centre (bottom → top)</td><td>"
            + ("".join(card_html(c, russian=russian) for c in state.centre) or "&mdash;")
            + "</td></tr>"
        )
    else:
        pairs = "".join(
            '<span class="dl-pair">'
            + card_html(a, russian=russian)
            + (card_html(c, russian=russian, css="dl-cover") if c is not None else "")
            + "</span>"
            for a, c in state.table
        )
        middle = f"<tr><td>table</td><td>{pairs or '&mdash;'}</td></tr>"
    trump: Card | None = state.deal.trump_card
    trump_text = (
        card_html(trump, russian=russian)
        if trump is not None
        else (Suit(state.deal.trump).symbol if state.deal.trump is not None else "own trumps")
    )
    info = (
        f"{middle}"
        f"<tr><td>trump</td><td>{trump_text} &nbsp; stock: {state.stock_count} &nbsp; "
        f"discard: {state.discard_count}</td></tr>"
    )
    result = ""
    if state.outcome is not None:
        result = f"<tr><td>result</td><td>{html.escape(state.outcome.describe(names))}</td></tr>"
    return (
        f'{_STYLE}<div class="dl-pos"><table><caption>{html.escape(state.rules.name)} '
        f"&middot; {html.escape(state.phase)}</caption>{''.join(rows)}{info}{result}</table></div>"
    )
