"""The beating relation ``beats(attack, cover)``, one function chosen by the rules value.

A beat table is a list of 52 masks: ``table[a]`` holds every card that beats card ``a``.
Tables are built once per (relation, trump suit) and shared by every state.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Final

from .cards import HIGHER_IN_SUIT, SUIT_MASK, SUIT_OF, Card, Suit
from .rules import Beating, Rules

__all__ = ["BEATING_RULE", "beat_table", "beat_tables", "why_not_beat"]

#: where each beating relation comes from
BEATING_RULE: Final = {
    Beating.TRUMP: "Rozaliev 2",
    Beating.CLOSED_SPADES: "R15",
    Beating.OWN_TRUMPS: "R16",
}

_SPADES = int(Suit.SPADES)


@cache
def beat_table(relation: Beating, trump: int) -> tuple[int, ...]:
    """Masks of the cards that beat each card, for one trump suit (-1: no trump)."""
    table = []
    for a in range(52):
        mask = HIGHER_IN_SUIT[a]  # a higher card of the same suit always beats
        suit = SUIT_OF[a]
        closed = relation == Beating.CLOSED_SPADES and suit == _SPADES  # R15: never a spade
        if trump >= 0 and suit != trump and not closed:
            mask |= SUIT_MASK[trump]  # any trump beats a non-trump
        table.append(mask)
    return tuple(table)


def beat_tables(rules: Rules, trumps: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """One beat table per player: his own trump suit decides (R16), else the common one."""
    return tuple(beat_table(rules.beating, t) for t in trumps)


def why_not_beat(rules: Rules, trump: int, attack: Card, card: Card) -> tuple[str, str]:
    """(rule, sentence) saying why ``card`` does not beat ``attack``."""
    cite = rules.cite("beating", BEATING_RULE[rules.beating])  # the game's own source
    if rules.beating == Beating.CLOSED_SPADES and attack.suit == Suit.SPADES:
        return cite, f"{card} cannot beat {attack}: spades are beaten only by higher spades"
    if card.suit == attack.suit:
        return cite, f"{card} cannot beat {attack}: a card of the same suit must be higher"
    if trump >= 0 and attack.suit == trump:
        return cite, f"{card} cannot beat {attack}: a trump is beaten only by a higher trump"
    higher = f"a higher {attack.suit.english[:-1]}"
    if trump < 0:
        return cite, f"{card} cannot beat {attack}: it is not {higher}, and no suit is trumps"
    # R16: in свои козыри every suit is somebody's trump, so "a trump" says too little
    own = "of his own trump suit" if rules.beating == Beating.OWN_TRUMPS else "a trump"
    suit = Suit(trump).english
    return cite, f"{card} cannot beat {attack}: it is neither {higher} nor {own} ({suit})"
