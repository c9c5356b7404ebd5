"""The chain games: one card at a time travels round the table onto a centre pile.

Дурак наваленный (Rozaliev 9; R17) and Дурак дорожный (Rozaliev 10; R18).  There is no bout:
the state is the centre pile (``centre``, bottom card first), whose turn it is, and in the
faithful дорожный each player's face-down pile.

======================  =========================================================================
action                  meaning
======================  =========================================================================
``L6S``                 lead 6♠ onto the centre (the centre is empty, or наваленный: after a cover)
``B7S``                 beat the top card of the centre with 7♠ from the hand
``F``                   дорожный (faithful): turn the top card of one's own pile and play it
``take``                fail: take from the centre what the rules say (whole pile / top / bottom)
======================  =========================================================================

Each rule lives in one place: :meth:`ChainState._beat_reason` (beating, D10),
:meth:`ChainState._take` (what a failing player takes: 9.а, 9.б, R18, D17),
:meth:`ChainState._after_card` (lead on, R17; discard, R18/D16), :meth:`ChainState._refill`
(R17, D19) and :meth:`ChainState._advance` (going out and the end, D11).  ``legal_actions`` and
``explain`` call the same checks.

>>> from durak_lessons import new_game
>>> s = new_game("наваленный", players=3, seed=1)
>>> s.phase, s.hand_sizes, s.stock_count
('lead', (3, 3, 3), 27)
>>> s = s.apply(s.legal_actions()[0])
>>> s.phase, len(s.centre)
('defend', 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .actions import _SINGLE, FLIP, TAKE, Action, ActionList, Kind, checked
from .beating import beat_tables, why_not_beat
from .bout import Played, _Log, action_kinds, log_cell, played_cell, played_list
from .cards import CARDS, SUIT_OF, Card, card_mask
from .deal import Deal
from .engine import register_family
from .errors import IllegalActionError, Reason
from .outcome import Outcome, Termination
from .position import CardPosition
from .rules import (
    ChainTake,
    Family,
    FirstLeader,
    LeadShape,
    Preset,
    Rules,
    ThrowIns,
    recited,
    register_preset,
)

__all__ = ["ChainState"]

LEAD: Final = 0  # the player to move must lead a card onto the centre
DEFEND: Final = 1  # the player to move must beat the top card of the centre (or take)
OVER: Final = 2
_PHASES: Final = ("lead", "defend", "over")

#: Rozaliev 9.б: a failing player takes the top 3 cards, the top 5 under a trump.
TOP_PLAIN: Final = 3
TOP_TRUMP: Final = 5

_LEAD = _SINGLE[Kind.LEAD]
_BEAT = _SINGLE[Kind.BEAT]
_GAME_OVER: Final = Reason("end", "the deal is over; no more actions")

#: a kind of the bout games, and which games have it
_CHAIN_ABSENT: Final = {
    Kind.COVER: (
        "covering a led card on the table belongs to the bout games (подкидной, переводной, "
        "простой …), not the chain games"
    ),
    Kind.TRANSFER: "transfers belong to переводной (Rozaliev 3.а), not the chain games",
    Kind.THROW: (
        "throw-ins belong to подкидной and переводной (Rozaliev 2, 3.а; R5), not the chain games"
    ),
    Kind.PASS: (
        "passing (to end the throw-ins, or without a legal lead) belongs to the bout games, not "
        "the chain games"
    ),
    Kind.PICK: (
        "picking a card by its place in one's unseen row belongs to the blind game (R14), not "
        "the chain games"
    ),
    Kind.NAME: (
        "naming one's own trump belongs to свои козыри and дураки с пар со своими козырями "
        "(Rozaliev 8; R16), not the chain games"
    ),
    Kind.EXCHANGE: (
        "the exchange of the trump six belongs to дураки с пар (R19), not the chain games"
    ),
    Kind.RETURN: (
        "giving back led cards belongs to the R1 option of the bout games, not the chain games"
    ),
}


class ChainState(CardPosition):
    """One position of a chain game; immutable (:meth:`apply` returns a new state).

    Seats are numbered clockwise from 0; "left neighbour" is the next seat still in play.
    ``hand(p)`` is what ``p`` holds in his hand; in the faithful дорожный his face-down pile is
    separate (``pile_sizes``, and :meth:`personal_pile` for the omniscient state only).
    """

    __slots__ = (
        "_beat",
        "_centre",
        "_discard",
        "_drawn",
        "_draws",
        "_hands",
        "_history",
        "_known",
        "_laid_by",
        "_log",
        "_out",
        "_outcome",
        "_owners",
        "_phase",
        "_piles",
        "_to_move",
        "deal",
        "n",
        "rules",
    )

    rules: Rules
    deal: Deal
    n: int
    _hands: tuple[int, ...]
    _piles: tuple[tuple[Card, ...], ...]
    _known: tuple[int, ...]
    _centre: tuple[int, ...]
    _discard: int
    _drawn: int
    _phase: int
    _to_move: int
    _laid_by: int
    _owners: tuple[int, ...]
    _out: tuple[int, ...]
    _outcome: Outcome | None
    _beat: tuple[Sequence[int], ...]
    _history: tuple[tuple[object, ...], ...]
    #: how many cards each player has drawn from the stock since the deal (public)
    _draws: tuple[int, ...]
    #: the public record of play, as the bout games keep it (BoutState.history); not part of
    #: the position
    _log: _Log

    # ---- construction ------------------------------------------------------------------------
    @classmethod
    def initial(cls, rules: Rules, deal: Deal) -> ChainState:
        """The position right after ``deal``: the first leader is to lead onto an empty centre."""
        if rules.family != Family.CHAIN:
            raise ValueError(f"{rules.name} is not a chain game")
        s = cls.__new__(cls)
        s.rules = rules
        s.deal = deal
        n = s.n = len(deal.hands)
        hands = [card_mask(h) for h in deal.hands]
        known = [0] * n
        piles: list[tuple[Card, ...]] = [()] * n
        drawn = 0
        if not rules.refill:
            # the whole pack is dealt; the turned-up trump goes to the dealer's hand (D12)
            dealer = deal.dealer
            trump = deal.trump_card
            for card in deal.stock:
                hands[dealer] |= 1 << card
            drawn = len(deal.stock)
            if trump is not None and hands[dealer] >> trump & 1:
                known[dealer] |= 1 << trump
            if rules.personal_piles:  # D13: the dealt cards, last dealt on top, face down
                for p in range(n):
                    piles[p] = tuple(c for c in deal.hands[p] if c != trump or p != dealer)
                    hands[p] &= known[p]
        else:
            public = card_mask(deal.public_cards)
            known = [h & public for h in hands]
        s._hands = tuple(hands)
        s._piles = tuple(piles)
        s._known = tuple(known)
        s._centre = ()
        s._owners = ()
        s._discard = 0
        s._drawn = drawn
        s._phase = LEAD
        s._to_move = deal.leader
        s._laid_by = -1
        s._out = ()
        s._outcome = None
        s._beat = beat_tables(rules, deal.trumps)
        s._history = (s._position(),) if rules.repetition_draw else ()
        s._draws = (0,) * n
        s._log = None
        return s

    def _copy(self) -> ChainState:
        s = ChainState.__new__(ChainState)
        s.rules = self.rules
        s.deal = self.deal
        s.n = self.n
        s._hands = self._hands
        s._piles = self._piles
        s._known = self._known
        s._centre = self._centre
        s._owners = self._owners
        s._discard = self._discard
        s._drawn = self._drawn
        s._phase = self._phase
        s._to_move = self._to_move
        s._laid_by = self._laid_by
        s._out = self._out
        s._outcome = self._outcome
        s._beat = self._beat
        s._history = self._history
        s._draws = self._draws
        s._log = self._log
        return s

    def with_hidden(
        self,
        hands: Sequence[int],
        stock: Sequence[int],
        piles: Sequence[Sequence[int]] | None = None,
    ) -> ChainState:
        """This position with the hands replaced by ``hands`` (bitmasks), the rest of the
        stock by ``stock`` (drawing order) and, in the faithful дорожный, the face-down piles
        by ``piles`` (top card last; kept as they are if ``None``): a *world* for search by
        sampling (see :meth:`~durak_lessons.bout.BoutState.with_hidden`, and
        :meth:`~durak_lessons.views.View.world`, which checks the cards against a seat's
        view).  The new deal holds only these cards; the count of repeated positions (D19)
        starts again, since the positions before were other positions in this world."""
        new_piles = self._piles if piles is None else tuple(
            tuple(CARDS[c] for c in pile) for pile in piles
        )
        dealt = [h | card_mask(pile) for h, pile in zip(hands, new_piles, strict=True)]
        new_deal = self.deal.with_cards(dealt, stock)
        s = self._copy()
        s.deal = new_deal
        s._hands = tuple(hands)
        s._piles = new_piles
        s._drawn = 0
        s._history = (s._position(),) if self.rules.repetition_draw else ()
        return s

    # ---- public read-only view ---------------------------------------------------------------
    @property
    def phase(self) -> str:
        """'lead' (lead a card onto the centre), 'defend' (beat the top card) or 'over'."""
        return _PHASES[self._phase]

    @property
    def to_move(self) -> int | None:
        return None if self._phase == OVER else self._to_move

    @property
    def leader(self) -> int:
        """Who laid the top card of the centre (in the lead phase: who is to lead)."""
        if self._phase == LEAD or self._laid_by < 0:
            return self._to_move
        return self._laid_by

    @property
    def defender(self) -> int:
        """Who must beat the top card now, or next (after the coming lead)."""
        if self._phase == DEFEND:
            return self._to_move
        return self._next_live(self._to_move)

    @property
    def taking(self) -> bool:
        return False  # a chain game has no throw-ins after 'take'

    @property
    def centre(self) -> list[Card]:
        """The centre pile, bottom card first; the last card is the one to beat."""
        return [CARDS[c] for c in self._centre]

    @property
    def pile(self) -> list[Card]:
        """Alias of :attr:`centre`."""
        return self.centre

    @property
    def table(self) -> list[tuple[Card, Card | None]]:
        """The centre as (card, the card laid on it) pairs from the bottom, as they lie in
        наваленный; in дорожный each card beats the one under it and the grouping is only for
        display (read :attr:`centre` for the order)."""
        c = self._centre
        out: list[tuple[Card, Card | None]] = []
        for i in range(0, len(c), 2):
            out.append((CARDS[c[i]], CARDS[c[i + 1]] if i + 1 < len(c) else None))
        return out

    @property
    def pile_sizes(self) -> tuple[int, ...]:
        """Cards left in each player's face-down pile (faithful дорожный; else zeros)."""
        return tuple(len(p) for p in self._piles)

    def personal_pile(self, player: int) -> list[Card]:
        """``player``'s face-down pile, top card last (hidden information: not in any view)."""
        return list(self._piles[player])

    @property
    def stock(self) -> list[Card]:
        return list(self.deal.stock[self._drawn :])

    @property
    def limit(self) -> int:
        """дорожный: the centre size at which it is discarded (players in play); else 0."""
        if not self.rules.chain_discard:
            return 0
        return self.n - len(self._out)

    @property
    def is_over(self) -> bool:
        return self._phase == OVER

    def controller(self, seat: int) -> int:
        return seat

    def beats(self, attack: int, card: int, player: int | None = None) -> bool:
        who = self.defender if player is None else player
        return bool(self._beat[who][attack] >> card & 1)

    # ---- seats -------------------------------------------------------------------------------
    def _next_live(self, seat: int) -> int:
        n = self.n
        out = self._out
        for k in range(1, n + 1):
            s = (seat + k) % n
            if s not in out:
                return s
        return seat

    @property
    def _cite(self) -> str:
        return "R17" if self.rules.chain_lead_on else "R18"

    @property
    def _source(self) -> str:
        return "Rozaliev 9" if self.rules.chain_lead_on else "Rozaliev 10"

    # ---- legality ----------------------------------------------------------------------------
    def legal_actions(self) -> ActionList:
        """Every action the player to move may take now."""
        phase = self._phase
        if phase == OVER:
            return ActionList()
        p = self._to_move
        hand = self._hands[p]
        out = ActionList()
        if phase == LEAD:
            m = hand
            row = _LEAD
        else:
            m = hand & self._beat[p][self._centre[-1]]
            row = _BEAT
        beats = m
        while m:
            low = m & -m
            out.append(row[low.bit_length() - 1])
            m ^= low
        if self._piles[p]:
            out.append(FLIP)
        elif phase == DEFEND and not beats:
            out.append(TAKE)
        return out

    def explain(self, action: Action | str, player: int | None = None) -> Reason | None:
        """Why ``action`` (an :class:`Action` or its notation) is illegal now, or ``None`` if
        it is legal; a malformed action raises :class:`~durak_lessons.errors.InvalidActionError`."""
        action = checked(action)
        phase = self._phase
        if phase == OVER:
            return _GAME_OVER
        actor = self._to_move
        kind = action.kind
        if kind not in action_kinds(self.rules):  # an action of other games, refused first
            return self._absent_reason(kind)
        if player is not None and player != actor:
            verb = "lead" if phase == LEAD else "beat the top card"
            return Reason("turn order", f"it is seat {actor}'s turn to {verb}, not seat {player}'s")
        hand = self._hands[actor]
        for card in action.cards:
            if not hand >> card & 1:
                return Reason("hand", f"{card} is not in the hand of seat {actor}")
        if kind == Kind.FLIP:
            if not self._piles[actor]:
                return Reason("R18", f"seat {actor}'s own pile is used up")
            return None
        if phase == LEAD:
            if kind == Kind.LEAD:
                if len(action.cards) != 1:  # one card at a time onto the centre (R17, R18)
                    return Reason(self._cite, "a lead is one card onto the centre, not several")
                return None
            if self._centre and not self.rules.chain_lead_on:
                # дорожный: a lead onto cards left in the centre follows only a turned card
                # that failed (D15)
                turn = ", or by turning his next card (F)" if self._piles[actor] else ""
                return Reason(
                    "R18; D15",
                    f"seat {actor}'s turned card did not beat the top card: he took it and the "
                    "card it failed against, and now lays a card of his own at the next player, "
                    f"from his hand (L<card>){turn} (nothing to beat now)",
                )
            if self._centre:  # наваленный: the top card is covered, or was taken (R17)
                laid_by = self._laid_by
                if laid_by == actor:
                    text = f"seat {actor} has covered and now leads a card of his own"
                elif laid_by >= 0:
                    text = (
                        f"seat {laid_by} covered with his last card and is out: his left "
                        f"neighbour, seat {actor}, leads a new card onto the pile"
                    )
                else:
                    text = (
                        f"the player before him failed and took: seat {actor}, his left "
                        "neighbour, leads a new card onto the pile"
                    )
                return Reason("R17", f"{text} (nothing to beat now)")
            return Reason(
                self._cite, f"the centre has no card to beat: seat {actor} leads a card onto it"
            )
        top = self._centre[-1]
        if kind == Kind.BEAT:
            return self._beat_reason(actor, top, action.card)
        if kind == Kind.TAKE:
            better = hand & self._beat[actor][top]
            if better:
                lowest = CARDS[(better & -better).bit_length() - 1]
                return Reason(
                    "D10",
                    f"seat {actor} can beat {CARDS[top]} (with {lowest}) and so must "
                    f"({self._source} makes beating the card laid at him a duty)",
                )
            if self._piles[actor]:
                return Reason(
                    "D14", f"seat {actor} must try the top card of his own pile before taking"
                )
            return None
        # only what is legal now: beat if he can (D10), turn his top card while his pile
        # lasts (D14), take only when neither is possible
        can_beat = bool(hand & self._beat[actor][top])
        ways = [f"beat {CARDS[top]}"] if can_beat else []
        if self._piles[actor]:
            ways.append("turn his top card")
        elif not can_beat:
            ways.append("take")
        return Reason(
            self._cite,
            f"seat {actor} must {' or '.join(ways)}; "
            + ("leading comes after the cover" if self.rules.chain_lead_on else "no lead now"),
        )

    def _absent_reason(self, kind: Kind) -> Reason:
        """Why ``kind`` is no action of this chain game at all (only lead, beat and take are,
        and in the faithful дорожный turning one's top card): which games have it, cited as
        the reading that gives this game its actions (R17 наваленный, R18 дорожный), a pile
        to turn as the source (Rozaliev 10), like the chain games' other refusals."""
        rules = self.rules
        if kind == Kind.FLIP:
            return Reason(
                self._source,
                "turning the top card of one's own pile belongs to дорожный played with the "
                "dealt cards face down (Rozaliev 10; R18), not this game: here players hold "
                "their cards in the hand",
            )
        text = _CHAIN_ABSENT[kind]
        play = (
            "leads a card onto it (L<card>), beats its top card (B<card>), turns the top card of"
            " his own pile (F) or takes"
            if rules.personal_piles
            else "leads a card onto it (L<card>), beats its top card (B<card>) or takes"
        )
        return Reason(
            self._cite,
            f"{text}: here one card at a time goes onto the centre pile; a player {play}",
        )

    def _beat_reason(self, player: int, top: int, card: int) -> Reason | None:
        if self._beat[player][top] >> card & 1:
            return None
        _, text = why_not_beat(self.rules, self.deal.trumps[player], CARDS[top], CARDS[card])
        return Reason(self._source, text)

    # ---- transitions -------------------------------------------------------------------------
    def apply(self, action: Action | str, player: int | None = None) -> ChainState:
        """The position after ``action``; raises :class:`IllegalActionError` (state unchanged)."""
        action = checked(action)
        reason = self.explain(action, player)
        if reason is not None:
            raise IllegalActionError(reason, action)
        s = self._copy()
        s._apply(action)
        if self.rules.repetition_draw and s._phase != OVER:
            s._check_repetition(self)
        top = (self._centre[-1],) if self._phase == DEFEND else ()
        s._log = log_cell(
            self._log,
            self._to_move,
            action,
            top,
            (-1,) * len(top),
            self._draws,
            self._known,
            (),
            False,
        )
        return s

    def history(self) -> list[Played]:
        """Every action made so far in this deal, oldest first, with who made it and what
        everyone saw just before it, as :meth:`~durak_lessons.bout.BoutState.history` gives it:
        the card to beat is the one attack card (uncovered), the cards each player had drawn,
        the cards known to be in each hand.  A take shows that the taker held no card that
        beats the top card (D10: a player who can beat must)."""
        return played_list(self._log)

    def last_played(self) -> Played | None:
        """The newest entry of :meth:`history` (``None`` before the first action)."""
        return None if self._log is None else played_cell(self._log)

    @property
    def draws(self) -> tuple[int, ...]:
        """How many cards each player has drawn from the stock since the deal (public)."""
        return self._draws

    def _position(self) -> tuple[object, ...]:
        """What decides the rest of the deal, apart from the irreversible parts (D19)."""
        return (self._hands, self._centre, self._phase, self._to_move)

    def _check_repetition(self, before: ChainState) -> None:
        """D19: the third time the same position comes up, the deal is drawn.  Positions from
        before a card was drawn, turned from a pile or discarded, or a player went out, can
        never come back, so the history starts again at each such event."""
        if (
            self._drawn != before._drawn
            or self._discard != before._discard
            or self._out != before._out
            or self._piles != before._piles
        ):
            self._history = ()
        position = self._position()
        if self._history.count(position) + 1 >= self.rules.repetition_draw:
            self._phase = OVER
            self._outcome = Outcome(Termination.DRAW, self._out)
            return
        self._history = (*self._history, position)

    def _apply(self, action: Action) -> None:
        p = self._to_move
        kind = action.kind
        phase = self._phase
        live_before = self.n - len(self._out)
        if kind == Kind.FLIP:
            piles = list(self._piles)
            card = piles[p][-1]
            piles[p] = piles[p][:-1]
            self._piles = tuple(piles)
            if phase == DEFEND and not self._beat[p][self._centre[-1]] >> card & 1:
                # D15: the turned card failed: its player takes it and the card it failed
                # against, then lays a card of his own at the next player
                top = self._centre[-1]
                self._centre = self._centre[:-1]
                self._owners = self._owners[:-1]
                self._after_removal()
                self._gain(p, 1 << card | 1 << top)
                self._advance(p, placed=False, self_leads=True)
                return
        elif kind == Kind.TAKE:
            self._gain(p, self._take(p))
            self._after_removal()
            self._refill(p)
            # наваленный: the taker's left neighbour leads a new card onto the pile (R17)
            self._advance(p, placed=False, next_leads=self.rules.chain_lead_on)
            return
        else:
            card = action.card
            self._lose(p, card)
        self._centre = (*self._centre, card)
        self._owners = (*self._owners, p)
        self._laid_by = p
        self._refill(p)
        self._after_card(p, beat=phase == DEFEND, live_before=live_before)

    def _lose(self, p: int, card: int) -> None:
        bit = 1 << card
        hands = list(self._hands)
        hands[p] &= ~bit
        self._hands = tuple(hands)
        if self._known[p] & bit:
            known = list(self._known)
            known[p] &= ~bit
            self._known = tuple(known)

    def _gain(self, p: int, mask: int) -> None:
        hands = list(self._hands)
        hands[p] |= mask
        self._hands = tuple(hands)
        known = list(self._known)
        known[p] |= mask  # everyone saw these cards go to his hand
        self._known = tuple(known)

    def _take(self, p: int) -> int:
        """What a player who cannot beat takes from the centre (and removes it)."""
        centre = self._centre
        how = self.rules.chain_take
        if how == ChainTake.PILE:  # 9.а
            count = len(centre)
        elif how == ChainTake.TOP:  # 9.б: the unbeaten card counts among them
            trump = self.deal.trumps[p]
            count = TOP_TRUMP if trump >= 0 and SUIT_OF[centre[-1]] == trump else TOP_PLAIN
        elif self.rules.chain_final_top and not any(self._piles):  # D17
            count = self.rules.chain_final_top
        else:  # R18: the bottom card; the next player beats the same top card
            self._centre = centre[1:]
            self._owners = self._owners[1:]
            return 1 << centre[0]
        count = min(count, len(centre))
        taken = centre[len(centre) - count :]
        self._centre = centre[: len(centre) - count]
        self._owners = self._owners[: len(centre) - count]
        return card_mask(taken)

    def _after_removal(self) -> None:
        """Who laid the top card now that cards left the centre: in дорожный the next player
        beats whatever lies on top, laid by whoever laid it; in наваленный a new lead follows
        a take, and nobody has just covered (-1, as when the centre is empty)."""
        if self._owners and not self.rules.chain_lead_on:
            self._laid_by = self._owners[-1]
        else:
            self._laid_by = -1

    def _refill(self, p: int) -> None:
        """R17/D19: the player who acted refills to the hand size while the stock lasts."""
        stock = self.deal.stock
        drawn = self._drawn
        if not self.rules.refill or drawn >= len(stock):
            return
        hand = self._hands[p]
        need = self.rules.hand_size - hand.bit_count()
        if need <= 0:
            return
        known = self._known[p]
        last = len(stock) - 1
        while need > 0 and drawn <= last:
            card = stock[drawn]
            hand |= 1 << card
            if drawn == last and self.deal.trump_card_in_stock:
                known |= 1 << card  # everyone saw the turned-up trump go to this hand
            drawn += 1
            need -= 1
        hands = list(self._hands)
        hands[p] = hand
        self._hands = tuple(hands)
        draws = list(self._draws)
        draws[p] += drawn - self._drawn
        self._draws = tuple(draws)
        if known != self._known[p]:
            knowns = list(self._known)
            knowns[p] = known
            self._known = tuple(knowns)
        self._drawn = drawn

    def _after_card(self, p: int, *, beat: bool, live_before: int) -> None:
        """Who acts after ``p`` laid a card: R17 (lead on), R18 and D16 (the discard)."""
        rules = self.rules
        if beat and rules.chain_lead_on:
            self._advance(p, placed=False, self_leads=True)  # he now leads a card of his own
            return
        if beat and rules.chain_discard and len(self._centre) >= live_before:
            self._discard |= card_mask(self._centre)  # one card per player: to the discard (R18)
            self._centre = ()
            self._owners = ()  # _laid_by stays: the last beater, who leads next (D16)
            self._advance(p, placed=False, self_leads=True)  # the last beater leads (D16)
            return
        self._advance(p, placed=True)

    def _advance(
        self, p: int, *, placed: bool, self_leads: bool = False, next_leads: bool = False
    ) -> None:
        """Mark ``p`` out if he has nothing left (D11), then give the turn or end the deal.

        ``placed``: ``p`` laid a card that the next player must answer; ``self_leads``: ``p``
        leads next (his left neighbour if he is out); ``next_leads``: his left neighbour leads.
        """
        if not self._hands[p] and not self._piles[p] and self.stock_count == 0:
            self._out = (*self._out, p)
        out = self._out
        live = self.n - len(out)
        if self_leads:
            seat = p if p not in out else self._next_live(p)
            phase = LEAD
        elif next_leads:
            seat = self._next_live(p)
            phase = LEAD
        else:
            seat = self._next_live(p)
            phase = DEFEND if self._centre else LEAD
        if placed and seat != p and seat not in out:
            pass  # a card laid at a player still in play must be answered (D11)
        elif live <= 1:
            self._finish()
            return
        self._phase = phase
        self._to_move = seat

    def _finish(self) -> None:
        self._phase = OVER
        remaining = [q for q in range(self.n) if q not in self._out]
        if remaining:
            self._outcome = Outcome(Termination.FOOL, self._out, fool=remaining[0])
        else:
            self._outcome = Outcome(Termination.DRAW, self._out)  # R10, D11

    # ---- misc --------------------------------------------------------------------------------
    def _key(self) -> tuple[object, ...]:
        return (
            self.rules,
            self.deal,
            self._hands,
            self._piles,
            self._known,
            self._centre,
            self._discard,
            self._drawn,
            self._phase,
            self._to_move,
            self._laid_by,
            self._owners,
            self._out,
            self._outcome,
            self._history,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ChainState):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        hands = " | ".join(" ".join(str(c) for c in self.hand(p)) or "-" for p in range(self.n))
        centre = " ".join(str(c) for c in self.centre) or "-"
        piles = f" piles={list(self.pile_sizes)}" if self.rules.personal_piles else ""
        return (
            f"<ChainState {self.rules.name} {self.phase} to_move={self.to_move} "
            f"hands=[{hands}]{piles} centre=[{centre}] stock={self.stock_count} "
            f"discard={self.discard_count}>"
        )

    def _repr_html_(self) -> str:
        from .render import state_html

        return state_html(self)


def _chain_initial(rules: Rules, deal: Deal) -> ChainState:
    return ChainState.initial(rules, deal)


register_family(Family.CHAIN, _chain_initial)


# ---- presets ------------------------------------------------------------------------------------

_ROZALIEV = "Rozaliev, «Карточные игры России»"


def _register_presets() -> None:
    navalenny = Rules(
        name="navalenny",
        family=Family.CHAIN,
        hand_size=3,
        lead_shape=LeadShape.SINGLE,
        throw_ins=ThrowIns.NONE,
        attack_limit=1,
        pogony_sixes=0,
        first_leader=FirstLeader.LOWEST_TRUMP,
        chain_take=ChainTake.PILE,
        chain_lead_on=True,
        repetition_draw=3,
    )
    register_preset(
        Preset(
            id="navalenny",
            rules=navalenny,
            russian="Дурак наваленный (9.а)",
            english="Piled-up Durak",
            transliterations=(
                "durak navalenny (9.a)",
                "durak navalenny",
                "navalennyy",
                "navalennyj",
                "navalenniy",
                "durak navalennyy",
            ),
            aliases=("наваленный", "дурак наваленный", "наваленный 9.а", "piled-up fool"),
            source=_ROZALIEV,
            section="9.а",
            seat_counts=(2, 3, 4, 5, 6),
            note="A player who fails to cover takes the whole centre pile (R17).",
            cites=(
                ("min_players", "Rozaliev 9.а"),
                ("max_players", "Rozaliev 9.а"),
                ("deck_size", "Rozaliev 9.а"),
                ("hand_size", "Rozaliev 9.а; R17"),
                ("lead_shape", "Rozaliev 9.а; R17"),
                ("throw_ins", "Rozaliev 9.а; R17"),
                ("attack_limit", "Rozaliev 9.а; R17"),
                ("pogony_sixes", "D20"),
                ("chain_lead_on", "Rozaliev 9.а; R17"),
                ("chain_take", "Rozaliev 9.а; R17"),
                ("repetition_draw", "D19"),
            ),
        )
    )
    register_preset(
        Preset(
            id="navalenny-top",
            rules=navalenny.replace(name="navalenny-top", chain_take=ChainTake.TOP),
            russian="Дурак наваленный (9.б)",
            english="Piled-up Durak, taking the top cards",
            transliterations=(
                "durak navalenny (9.b)",
                "durak navalenny 9b",
                "navalenny 9b",
                "navalennyy 9b",
            ),
            aliases=("наваленный 9.б", "дурак наваленный 9.б", "piled-up fool 9b"),
            source=_ROZALIEV,
            section="9.б",
            seat_counts=(2, 3, 4, 5, 6),
            note="A player who fails takes the top 3 cards of the pile, 5 under a trump (R17).",
            cites=(
                ("min_players", "Rozaliev 9.б (as 9.а)"),
                ("max_players", "Rozaliev 9.б (as 9.а)"),
                ("deck_size", "Rozaliev 9.б (as 9.а)"),
                ("hand_size", "Rozaliev 9.б (as 9.а); R17"),
                ("lead_shape", "Rozaliev 9.б (as 9.а); R17"),
                ("throw_ins", "Rozaliev 9.б (as 9.а); R17"),
                ("attack_limit", "Rozaliev 9.б (as 9.а); R17"),
                ("pogony_sixes", "D20"),
                ("chain_take", "Rozaliev 9.б; R17"),
                ("chain_lead_on", "Rozaliev 9.б (as 9.а); R17"),
                ("repetition_draw", "D19"),
            ),
        )
    )
    dorozhny = Rules(
        name="dorozhny",
        family=Family.CHAIN,
        hand_size=36,
        refill=False,
        lead_shape=LeadShape.SINGLE,
        throw_ins=ThrowIns.NONE,
        attack_limit=1,
        pogony_sixes=0,
        first_leader=FirstLeader.DEALER_LEFT,
        chain_take=ChainTake.BOTTOM,
        chain_discard=True,
        personal_piles=True,
        chain_final_top=3,
        repetition_draw=3,
    )
    dorozhny_cites = (
            ("min_players", "Rozaliev 10"),
            ("max_players", "Rozaliev 10"),
            ("deck_size", "Rozaliev 10"),
            ("hand_size", "Rozaliev 10; D12"),
            ("refill", "Rozaliev 10; R18"),
            ("lead_shape", "Rozaliev 10; R18"),
            ("throw_ins", "Rozaliev 10; R18"),
            ("attack_limit", "Rozaliev 10; R18"),
            ("pogony_sixes", "D20"),
            ("first_leader", "Rozaliev 10; D18"),
            ("chain_take", "Rozaliev 10; R18"),
            ("chain_discard", "Rozaliev 10; R18; D16"),
            ("personal_piles", "Rozaliev 10; R18; D13"),
            ("chain_final_top", "Rozaliev 10; R18; D17"),
            ("repetition_draw", "D19"),
    )
    register_preset(
        Preset(
            id="dorozhny",
            rules=dorozhny,
            russian="Дурак дорожный",
            english="Road Durak",
            transliterations=("durak dorozhny", "dorozhnyy", "dorozhnyj", "dorozhniy", "dorojny"),
            aliases=("дорожный", "дурак дорожный", "road fool", "travelling durak"),
            source=_ROZALIEV,
            section="10",
            seat_counts=(2, 3, 4, 5, 6),
            note=(
                "The faithful mode of R18: each player's dealt cards stay face down as his own "
                "pile; the source contradicts itself, see R18 and D13-D17."
            ),
            cites=dorozhny_cites,
        )
    )
    register_preset(
        Preset(
            id="dorozhny-open",
            rules=dorozhny.replace(name="dorozhny-open", personal_piles=False, chain_final_top=0),
            russian="Дурак дорожный (открытые руки)",
            english="Road Durak, open hands",
            transliterations=(
                "durak dorozhny (otkrytye ruki)",
                "durak dorozhny open",
                "dorozhny open",
                "dorozhnyy otkrytyj",
            ),
            aliases=("дорожный открытый", "дорожный с руки", "road fool open"),
            source=_ROZALIEV,
            section="10",
            seat_counts=(2, 3, 4, 5, 6),
            note="The open mode of R18: all play from the hand; failing takes the bottom card.",
            cites=recited(
                dorozhny_cites,
                chain_take="Rozaliev 10; R18 (open mode)",
                personal_piles=None,
                chain_final_top=None,
            ),
        )
    )


_register_presets()
