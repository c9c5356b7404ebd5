"""The exchange of the trump six (дураки с пар, R19), one rule in one place.

The holder of the trump six (or of the lowest trump) may swap it for the turned-up trump under
the stock "at any time while it lies there".  Our readings:

* D42 - "the lowest trump" is the lowest trump of the pack (the six with 36 cards, the two
  with 52), not the lowest trump anybody happens to hold: with 36 cards only the six.
* D22 - "at any time" means whenever the holder is to act (leading, answering, throwing in
  or passing); the engine is sequential, so nobody acts out of turn.
* D23 - the exchange happens at most once a deal: afterwards the six lies under the stock
  face up (everyone saw it) and is drawn as the last card; the turned-up trump is known to
  be in the exchanger's hand.  When the turned-up card is itself the trump six, there is
  nothing to exchange.

The option is ``Rules.trump_exchange`` (off by default); the action is ``E6D`` (Kind.EXCHANGE,
the card given up).  :class:`~durak_lessons.bout.BoutState` calls the two functions below.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import CARDS, SUIT_OF
from .errors import Reason
from .rules import Beating, LeadShape

if TYPE_CHECKING:
    from .bout import BoutState

__all__ = ["exchange_card", "exchange_reason", "lowest_trump"]

#: the lead shapes of дураки с пар and its variants (R19, D33), the games the exchange is of
_S_PAR_LEADS = frozenset({LeadShape.S_PAR, LeadShape.PAIRS_ONLY, LeadShape.ANY_COUNT})


def lowest_trump(state: BoutState) -> int | None:
    """The lowest trump of the pack (the six, or the two with 52 cards), or None."""
    trump_card = state.deal.trump_card
    if trump_card is None:
        return None
    low_rank = 15 - state.rules.deck_size // 4  # 6 of 36, 7 of 32, 9 of 24, 2 of 52
    return SUIT_OF[trump_card] * 13 + low_rank - 2


def exchange_card(state: BoutState) -> int | None:
    """The card the player to move may exchange now (R19), or None."""
    if state._under >= 0 or not state.deal.trump_card_in_stock or state.stock_count == 0:
        return None
    player = state.to_move
    if player is None:
        return None
    low = lowest_trump(state)
    if low is None or not state.hand_mask(player) >> low & 1:
        return None
    return low


def exchange_reason(state: BoutState, player: int, card: int) -> Reason | None:
    """Why ``player`` may not exchange ``card`` now, or None."""
    if not state.rules.trump_exchange:
        if state.rules.beating == Beating.OWN_TRUMPS:
            return Reason("R16; D31", "no trump is turned up: each player names his own suit")
        if not state.deal.trump_card_in_stock and state.rules.lead_shape in _S_PAR_LEADS:
            # a с пар game dealt out (во все карты, D25); any other game has no exchange at
            # all, whatever the number of players (six of подкидной also leave no stock, R11)
            return Reason("D25", "the whole pack is dealt: no turned-up trump lies under a stock")
        return Reason("R19", "the exchange of the trump six belongs to дураки с пар, not this game")
    low = lowest_trump(state)
    if low is None or card != low:
        name = CARDS[low] if low is not None else "the lowest trump"
        return Reason("R19; D42", f"only {name} may be exchanged for the turned-up trump")
    if state._under >= 0:
        return Reason("D23", "the turned-up trump has already been exchanged this deal")
    if not state.deal.trump_card_in_stock or state.stock_count == 0:
        return Reason("R19", "the turned-up trump no longer lies under the stock")
    if not state.hand_mask(player) >> card & 1:
        return Reason("hand", f"{CARDS[card]} is not in the hand of seat {player}")
    return None
