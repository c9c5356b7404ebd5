"""What every Durak-family position shows the same way, whatever its mechanism.

:class:`CardPosition` is a mixin of read-only properties over the fields that the bout and
chain states both keep (hands as bitmasks, the cards known to be in a hand, the stock drawn
so far, the discard, who went out, the outcome), so each rule about *what is public* is
written once.
"""

from __future__ import annotations

from .cards import Card, cards_of
from .deal import Deal
from .errors import check_seat
from .outcome import Outcome
from .rules import Rules

__all__ = ["CardPosition"]


class CardPosition:
    __slots__ = ()

    # positions are immutable: a copy is the position itself (a deep copy would walk the
    # chain of earlier positions a bout state keeps for its history, and overflow the stack
    # a few hundred actions into a deal)
    def __copy__(self) -> CardPosition:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> CardPosition:
        return self

    rules: Rules
    deal: Deal
    n: int
    _hands: tuple[int, ...]
    _known: tuple[int, ...]
    _drawn: int
    _discard: int
    _out: tuple[int, ...]
    _outcome: Outcome | None

    def hand(self, player: int) -> list[Card]:
        return cards_of(self._hands[check_seat(player, len(self._hands))])

    def hand_mask(self, player: int) -> int:
        return self._hands[player]

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(h.bit_count() for h in self._hands)

    @property
    def trump(self) -> int | None:
        """The trump suit number (``None`` when every player has his own trump, R16)."""
        return self.deal.trump

    @property
    def trump_card(self) -> Card | None:
        return self.deal.trump_card

    @property
    def stock_count(self) -> int:
        return len(self.deal.stock) - self._drawn

    @property
    def discard_mask(self) -> int:
        return self._discard

    @property
    def discard_count(self) -> int:
        return self._discard.bit_count()

    def known_mask(self, player: int) -> int:
        """Cards everyone knows to be in ``player``'s hand (seen picked up, or the turned-up
        trump drawn)."""
        return self._known[player]

    @property
    def out(self) -> tuple[int, ...]:
        """Players who went out, in order."""
        return self._out

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome
