"""The blind game (Rozaliev, after 3.б; reading R14): nobody sees his own cards.

It is played by the rules of подкидной or переводной (``blind-perevodnoy``, or the option
``transfers=1``), but each player holds his cards with their backs to himself: everybody else
sees them.  A player therefore chooses a card by its position in his row, and the engine turns
it over.  A wrong cover, transfer or throw-in is a legal physical act that the rules punish
(R14): the offender takes every card of the bout (his wrong card too), the bout ends, the hands
are refilled (R4) and his left neighbour leads.  Nothing a player does with his own cards is
ever refused; what is refused is only what he can see is impossible (it is not his turn, the
bout is full, the table has been covered).

Actions (see :mod:`durak_lessons.actions`): ``P3`` plays the card in position 3 of one's row
(lead it, throw it in, or when defending lay it beside the led cards to transfer); ``P3C6S``
covers 6♠ with it; ``take`` and ``pass`` as usual.  The record keeps these picks; replaying
them shows which card each one turned out to be (:meth:`BlindState.picked_card`).

Our readings (D-numbers, see :data:`durak_lessons.rules.OUR_READINGS`):

* D27 - a lead in the blind game is one card: a player who cannot see his cards cannot
  choose several of one rank, and R14 names no punishment for a wrong lead.
* D28 - a row is the hand in the order the cards came: the dealt cards in dealing order,
  then cards taken (in table order, attack before cover) and cards drawn (in drawing order)
  at its end.  A player's view shows him every other row and not his own, except where the
  cards he saw go into it lie (picked up from the table, or turned over by a wrong play and
  kept: everyone saw them): the view remembers them for him
  (:attr:`~durak_lessons.views.View.remembered_row`), as a player with a perfect memory
  would.  A play table shows them to the reader the same way.
* D29 - a player who holds no card is skipped in the throw-in turn; any other eligible player
  may try any card while the bout has room (whether it fits is seen only when it is turned).
* D30 - a wrong throw-in made after the defender said "take" is punished like any other: the
  thrower, not the defender, takes the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .actions import (
    _PICK_COVERS,
    _PICKS,
    PASS,
    TAKE,
    Action,
    ActionList,
    Kind,
    checked,
    cover,
    lead,
    throw,
    transfer,
)
from .bout import BoutState, Phase, given_kinds
from .cards import CARDS, RANK_OF, Card, cards_of
from .deal import Deal
from .errors import IllegalActionError, Reason
from .rules import Rules

__all__ = ["BlindState"]

_PICK_ONLY: Final = Reason(
    "R14",
    "in the blind game a player plays a card by its place in his face-down row, unseen"
    " (a pick: P<n>, or P<n>C<card> to cover, in the notation)",
)


class BlindState(BoutState):
    """A bout-game position in which each player's own row is hidden from him (R14)."""

    __slots__ = ("_rows",)

    _rows: tuple[tuple[int, ...], ...]

    @classmethod
    def initial(cls, rules: Rules, deal: Deal) -> BlindState:
        s = super().initial(rules, deal)
        assert isinstance(s, BlindState)
        s._rows = tuple(tuple(int(c) for c in h) for h in deal.hands)
        return s

    def _copy(self) -> BlindState:
        s = super()._copy()
        assert isinstance(s, BlindState)
        s._rows = self._rows
        return s

    def _key(self) -> tuple[object, ...]:
        return (*super()._key(), self._rows)

    def with_hidden(
        self,
        hands: Sequence[int],
        stock: Sequence[int],
        rows: Sequence[Sequence[int] | None] | None = None,
    ) -> BlindState:
        """:meth:`BoutState.with_hidden` with each row kept where its hand is unchanged, and
        ``rows[p]`` (seat ``p``'s cards in row order) where it is not: the world of a seat
        that does not see its own row (R14) places its cards in some order of its choosing.
        Raises ``ValueError`` for a changed hand without a row, or a row that does not hold
        exactly its hand's cards."""
        new_rows = []
        for p, hand in enumerate(hands):
            row = rows[p] if rows is not None and p < len(rows) else None
            if row is None:
                if hand != self._hands[p]:
                    raise ValueError(f"seat {p}'s hand is new: its row order must be given")
                new_rows.append(self._rows[p])
                continue
            if len(row) != hand.bit_count() or sum(1 << c for c in set(row)) != hand:
                raise ValueError(f"seat {p}'s row must hold exactly the cards of its hand")
            new_rows.append(tuple(int(c) for c in row))
        s = super().with_hidden(hands, stock)
        assert isinstance(s, BlindState)
        s._rows = tuple(new_rows)
        return s

    # ---- what is seen ----------------------------------------------------------------------
    def row(self, player: int) -> list[Card]:
        """``player``'s cards in position order (what the others see, and he does not)."""
        return [CARDS[c] for c in self._rows[player]]

    def remembered_row(self, player: int) -> list[Card | None]:
        """``player``'s row as he can know it (D28): at each position the card he saw go in
        (picked up from the table, or turned over by a wrong play and kept, R14), ``None``
        for a card he has never seen (dealt, or drawn face down)."""
        known = self._known[player]
        return [CARDS[c] if known >> c & 1 else None for c in self._rows[player]]

    def seen_mask(self, viewer: int, player: int) -> int:
        """The cards of ``player``'s hand that ``viewer`` sees: all of another's, none of his
        own (R14).  :class:`~durak_lessons.views.View` uses this instead of the hand."""
        return 0 if viewer == player else self._hands[player]

    def picked_card(self, action: Action) -> Card | None:
        """The card a pick by the player to move turns over (None for take / pass)."""
        player = self.to_move
        if action.kind != Kind.PICK or player is None:
            return None
        row = self._rows[player]
        return CARDS[row[action.position]] if 0 <= action.position < len(row) else None

    # ---- legality --------------------------------------------------------------------------
    def legal_actions(self) -> ActionList:
        return ActionList(self._blind_actions())

    def _blind_actions(self) -> list[Action]:
        phase = self._phase
        player = self.to_move
        if player is None:
            return []
        k = len(self._rows[player])
        if phase == Phase.LEAD:
            return _PICKS[:k]
        if phase == Phase.DEFEND:
            out: list[Action] = []
            for a, c in zip(self._attacks, self._covers, strict=True):
                if c < 0:
                    out += _PICK_COVERS[a][:k]
            if self.rules.transfers and self._transfer_reason_general() is None:
                out += _PICKS[:k]
            out.append(TAKE)
            return out
        if phase == Phase.THROW:
            if len(self._attacks) < self._limit:
                return [*_PICKS[:k], PASS]
            return [PASS]
        return []

    def explain(self, action: Action | str, player: int | None = None) -> Reason | None:
        action = checked(action)
        phase = self._phase
        kind = action.kind
        if phase == Phase.OVER or kind in (Kind.TAKE, Kind.PASS):
            return super().explain(action, player)
        actor = self.to_move
        assert actor is not None
        if kind != Kind.PICK:
            if kind not in given_kinds(self.rules):  # an action of other games, first
                return self._absent_reason(action, actor)
            return _PICK_ONLY  # a lead, throw-in, cover or transfer: by a pick (R14)
        if player is not None and player != actor:
            return super().explain(action, player)
        k = len(self._rows[actor])
        if not 0 <= action.position < k:
            return Reason(
                "hand",
                f"seat {actor} holds {k} card{'s' if k != 1 else ''}: "
                + (f"positions 0 to {k - 1}" if k > 1 else "position 0 only" if k else "none")
                + f", not {action.position}",
            )
        target = action.target
        if phase == Phase.DEFEND:
            if target is None:
                return self._transfer_reason_general()
            if target not in self._attacks:
                return Reason("table", f"{target} is not an attack card on the table")
            if self._covers[self._attacks.index(target)] >= 0:
                return Reason("table", f"{target} is already covered")
            return None
        if target is not None:
            return Reason("R14", "only the defender covers; here the card is led or thrown in")
        if phase == Phase.THROW and len(self._attacks) >= self._limit:
            return Reason(
                "R6", f"the bout already holds {len(self._attacks)} led cards, the most allowed"
            )
        return None

    # ---- transitions -----------------------------------------------------------------------
    def apply(self, action: Action | str, player: int | None = None) -> BlindState:
        action = checked(action)
        reason = self.explain(action, player)
        if reason is not None:
            raise IllegalActionError(reason, action)
        s = self._copy()
        table = [
            c for pair in zip(self._attacks, self._covers, strict=True) for c in pair if c >= 0
        ]
        card = -1
        if action.kind == Kind.PICK:
            actor = self.to_move
            assert actor is not None
            card = self._rows[actor][action.position]
            table.append(card)
            s._play_pick(actor, card, action.target)
        else:
            s._apply(action)
        s._update_rows(self, table)
        s._log = self._logged(action)
        return s

    def _play_pick(self, actor: int, card: int, target: Card | None) -> None:
        """Carry out the pick: the real play if the card fits, else R14's punishment."""
        phase = self._phase
        if phase == Phase.LEAD:
            self._apply(lead(card))
        elif phase == Phase.THROW:
            if self._table_ranks >> card & 1:
                self._apply(throw(card))
            else:
                self._punish(actor, card)
        elif target is not None:
            if self._beat[actor][target] >> card & 1:
                self._apply(cover(target, card))
            else:
                self._punish(actor, card)
        elif RANK_OF[card] == RANK_OF[self._attacks[0]]:
            self._apply(transfer(card))
        else:
            self._punish(actor, card)

    def _punish(self, offender: int, card: int) -> None:
        """R14: the offender takes every card of the bout and his wrong card; the bout ends;
        the hands are refilled (R4) and his left neighbour leads."""
        taken = 1 << card
        for c in (*self._attacks, *self._covers):
            if c >= 0:
                taken |= 1 << c
        if offender == self.controller(self._defender):
            last_led = list(self._last_led)
            last_led[offender] = sum(1 << a for a in self._attacks)
            self._last_led = tuple(last_led)
        hands = list(self._hands)
        hands[offender] = hands[offender] & ~(1 << card) | taken
        self._hands = tuple(hands)
        known = list(self._known)
        known[offender] |= taken
        self._known = tuple(known)
        self._attacks = ()
        self._covers = ()
        self._table_ranks = 0
        self._taking = False
        self._refill()
        self._no_transfer = False
        self._first_bout = False
        if self._finish():
            return
        self._start_bout(self._next_live(offender))

    def _settle_throw(self) -> None:
        """D29: skip only throwers with no card; end the bout when all have passed (R5)."""
        throwers = self._throwers
        count = len(throwers)
        room = len(self._attacks) < self._limit
        hands = self._hands
        while self._passes < count:
            if room and hands[throwers[self._thrower]]:
                return
            self._passes += 1
            self._thrower = (self._thrower + 1) % count
        self._end_bout(taken=self._taking)

    def _update_rows(self, before: BlindState, table: list[int]) -> None:
        """D28: keep each row's order; new cards join the end (taken, then drawn)."""
        rows = list(before._rows)
        for p, old in enumerate(rows):
            hand = self._hands[p]
            was = before._hands[p]
            if hand == was:
                continue
            kept = tuple(c for c in old if hand >> c & 1) if was & ~hand else old
            new = hand & ~was
            if new:
                stock_pos = _stock_positions(self.deal.stock)
                table_pos = {c: i for i, c in enumerate(table)}
                extra = sorted(
                    cards_of(new),
                    key=lambda c: (
                        (0, table_pos[c]) if c in table_pos else (1, stock_pos.get(c, 99))
                    ),
                )
                kept += tuple(int(c) for c in extra)
            rows[p] = kept
        self._rows = tuple(rows)


_STOCK_POS: dict[tuple[Card, ...], dict[int, int]] = {}


def _stock_positions(stock: tuple[Card, ...]) -> dict[int, int]:
    pos = _STOCK_POS.get(stock)
    if pos is None:
        if len(_STOCK_POS) > 1000:
            _STOCK_POS.clear()
        pos = _STOCK_POS[stock] = {int(c): i for i, c in enumerate(stock)}
    return pos
