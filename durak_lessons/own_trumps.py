"""Свои козыри (Rozaliev 8; R16) and дураки с пар со своими козырями (R19): every player names
a trump suit of his own after the deal, before the first lead.

The deal of such a game (``Rules.beating == Beating.OWN_TRUMPS``) leaves every trump unnamed
(``Deal.trumps == (-1, ...)``); the first position is a :class:`TrumpChoiceState` in which the
players, in turn from the dealer's left, name their suits with ``NH`` (Kind.NAME; see
:mod:`durak_lessons.actions`).  When the last has named his, play goes on as an ordinary bout
game whose deal holds the named trumps, and the beating relation is each defender's own
(:func:`durak_lessons.beating.beat_tables`).  A deal written out with its trumps already named
(``Deal.from_hands(..., own_trumps="HS")``) skips the naming.

Readings (R16 says two players "split the deck by colour and each names one suit of his
colour", four players "each take one suit"):

* D31 - the cards are dealt as usual (the whole pack, one at a time); what is split is the
  suits, not the cards.  With two players the first to name chooses any suit, which gives
  him its colour; the second names a suit of the other colour.  With three or four players
  each names a suit nobody has named yet.  Suits no player named are plain for everybody.
* D32 - the naming goes round from the dealer's left, each player seeing his own hand; the
  first leader is the player on the dealer's left (R11's "lowest trump" needs one trump
  suit; Rozaliev 1.а's rule is used).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Final

from .actions import Action, ActionList, Kind, checked, name_trump
from .beating import beat_table
from .bout import BoutState, Played, _Log, action_kinds, log_cell
from .cards import RANK_OF, SUIT_OF, Card, Suit, cards_of
from .deal import Deal
from .engine import GameState
from .errors import IllegalActionError, InvalidRecordError, Reason, check_seat
from .outcome import Outcome
from .rules import Beating, Rules

__all__ = ["TrumpChoiceState", "allowed_suits", "check_named", "held_suits", "strongest_suit"]

_COLOUR: Final = (0, 0, 1, 1)  # spades, clubs black; diamonds, hearts red
_ANY_SUIT: Final = 0b1111


def allowed_suits(players: int, named: tuple[int, ...], held: int = _ANY_SUIT) -> list[int]:
    """The suits the next player may name, given those named so far (D31); where the pack
    was split (``Rules.split_pack``; D44), only those of ``held``, the suits of his own
    cards (bit ``s`` for suit ``s``: see :func:`held_suits`)."""
    if players == 2 and named:
        return [s for s in range(4) if _COLOUR[s] != _COLOUR[named[0]] and held >> s & 1]
    return [s for s in range(4) if s not in named and held >> s & 1]


def held_suits(rules: Rules, hands: Sequence[Sequence[Card]]) -> tuple[int, ...] | None:
    """Where the pack was split (``Rules.split_pack``; R16, D44), the suits each seat holds,
    as bits (``1 << suit``): the only suits he may name as his trump; otherwise None."""
    if not rules.split_pack:
        return None
    return tuple(sum({1 << c.suit for c in hand}) for hand in hands)


def check_named(trumps: tuple[int, ...], held: tuple[int, ...] | None = None) -> None:
    """Refuse own trumps written out in a deal that no naming could give (R16, D31): with
    two players one suit of each colour, with more a suit each, no suit twice; where the
    pack was split, a suit of the player's own cards (``held``, :func:`held_suits`; D44).
    Raises :class:`~durak_lessons.errors.InvalidRecordError`."""
    named: tuple[int, ...] = ()
    for seat, suit in enumerate(trumps):
        if held is not None and not held[seat] >> suit & 1:
            raise InvalidRecordError(
                f"own trump {Suit(suit).symbol} of seat {seat} cannot be named: with the pack"
                " split each names a suit of his own cards (R16; D44)"
            )
        if suit not in allowed_suits(len(trumps), named):
            given = " ".join(Suit(t).symbol for t in trumps)
            need = (
                "one suit of each colour" if len(trumps) == 2 else "a different suit for each"
            )
            raise InvalidRecordError(
                f"own trumps {given} cannot be named: with {len(trumps)} players the trumps"
                f" are {need} (R16; D31)"
            )
        named = (*named, suit)


def strongest_suit(hand: int, allowed: list[int]) -> int:
    """Of the ``allowed`` suits, the one a rule of thumb would name as one's own trump: the
    suit with the most cards in ``hand`` (a bitmask), then the highest ranks, then the lowest
    suit number.  Not a rule of the game: what the search bot's playouts name for every
    player."""
    cards = cards_of(hand)

    def strength(suit: int) -> tuple[int, int, int]:
        ranks = [RANK_OF[c] for c in cards if SUIT_OF[c] == suit]
        return (len(ranks), sum(ranks), -suit)

    return max(allowed, key=strength)


class TrumpChoiceState:
    """The naming of trumps after the deal (phase ``'name-trump'``)."""

    __slots__ = ("_named", "deal", "n", "rules")

    rules: Rules
    deal: Deal
    n: int
    _named: tuple[int, ...]

    @classmethod
    def initial(cls, rules: Rules, deal: Deal) -> TrumpChoiceState:
        s = cls.__new__(cls)
        s.rules, s.deal, s.n, s._named = rules, deal, deal.players, ()
        return s

    # ---- the GameState protocol and what views read -----------------------------------------
    @property
    def phase(self) -> str:
        return "name-trump"

    @property
    def named(self) -> tuple[int, ...]:
        """The suits named so far, in naming order (from the dealer's left)."""
        return self._named

    @property
    def to_move(self) -> int:
        return (self.deal.dealer + 1 + len(self._named)) % self.n

    @property
    def is_over(self) -> bool:
        return False

    @property
    def outcome(self) -> Outcome | None:
        return None

    def hand(self, player: int) -> list[Card]:
        return cards_of(self.hand_mask(check_seat(player, self.n)))

    def hand_mask(self, player: int) -> int:
        m = 0
        for c in self.deal.hands[player]:
            m |= 1 << c
        return m

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(len(h) for h in self.deal.hands)

    def known_mask(self, player: int) -> int:
        if self.rules.split_pack:  # everyone saw who took which cards (D44)
            return self.hand_mask(check_seat(player, self.n))
        shown = 0  # the card shown at the deal goes to the dealer (D25)
        for c in self.deal.public_cards:
            shown |= 1 << c
        return self.hand_mask(check_seat(player, self.n)) & shown

    @property
    def trumps(self) -> tuple[int, ...]:
        """Each seat's trump as named so far, aloud for everyone (-1: not named yet)."""
        out = [-1] * self.n
        for i, suit in enumerate(self._named):
            out[(self.deal.dealer + 1 + i) % self.n] = suit
        return tuple(out)

    def history(self) -> list[Played]:
        """The suits named so far, as the public record of play: each is named aloud
        (R16), before any card is played (see :meth:`BoutState.history`)."""
        first = self.deal.dealer + 1
        return [self._played((first + k) % self.n, suit) for k, suit in enumerate(self._named)]

    def _played(self, seat: int, suit: int) -> Played:
        known = tuple(self.known_mask(p) for p in range(self.n))
        return Played(seat, name_trump(suit), (), (), (0,) * self.n, known)

    @property
    def table(self) -> list[tuple[Card, Card | None]]:
        return []

    @property
    def stock(self) -> list[Card]:
        return list(self.deal.stock)

    @property
    def stock_count(self) -> int:
        return len(self.deal.stock)

    @property
    def discard_mask(self) -> int:
        return 0

    @property
    def discard_count(self) -> int:
        return 0

    @property
    def leader(self) -> int:
        return self.deal.leader

    @property
    def defender(self) -> int:
        return (self.deal.leader + 1) % self.n

    @property
    def taking(self) -> bool:
        return False

    @property
    def limit(self) -> int:
        return 0

    @property
    def out(self) -> tuple[int, ...]:
        return ()

    def controller(self, seat: int) -> int:
        return seat

    def beats(self, attack: int, card: int, player: int | None = None) -> bool:
        """Before the trumps are named only a higher card of the same suit beats."""
        return bool(beat_table(Beating.TRUMP, -1)[attack] >> card & 1)

    def with_hidden(self, hands: Sequence[int], stock: Sequence[int]) -> TrumpChoiceState:
        """This position with the hands and the stock replaced (a *world* for search by
        sampling; see :meth:`~durak_lessons.bout.BoutState.with_hidden`): the suits named so
        far are kept."""
        s = TrumpChoiceState.initial(self.rules, self.deal.with_cards(hands, stock))
        s._named = self._named
        return s

    # ---- play -------------------------------------------------------------------------------
    def allowed(self, named: tuple[int, ...] | None = None) -> list[int]:
        """The suits the seat to name next may name, after ``named`` (default: the suits
        named so far): :func:`allowed_suits`, with the pack split only his own (D44)."""
        named = self._named if named is None else named
        held = held_suits(self.rules, self.deal.hands)
        seat = (self.deal.dealer + 1 + len(named)) % self.n
        return allowed_suits(self.n, named, _ANY_SUIT if held is None else held[seat])

    def legal_actions(self) -> ActionList:
        return ActionList(name_trump(s) for s in self.allowed())

    def explain(self, action: Action | str, player: int | None = None) -> Reason | None:
        action = checked(action)
        actor = self.to_move
        if action.kind not in action_kinds(self.rules):  # an action of other games, first
            return self._named_for_refusal().explain(action)  # as the game itself refuses it
        if player is not None and player != actor:
            return Reason(
                "turn order", f"it is seat {actor}'s turn to name a trump, not {player}'s"
            )
        if action.kind != Kind.NAME:
            return Reason(
                "R16; D31", f"seat {actor} must first name his own trump suit (NS NC ND NH)"
            )
        if action.position not in self.allowed():
            suit = Suit(action.position)
            if action.position in allowed_suits(self.n, self._named):  # not his cards
                own = " ".join(Suit(s).english for s in self.allowed())
                return Reason(
                    "R16; D44",
                    f"{suit.english} cannot be named: with the pack split, seat {actor} names a"
                    f" suit of his own cards ({own})",
                )
            if self.n == 2 and self._named:
                why = f"the other player's colour is that of {Suit(self._named[0]).english}"
                return Reason(
                    "R16; D31",
                    f"{suit.english} cannot be named: {why}; name a suit of the other colour",
                )
            return Reason("R16; D31", f"{suit.english} are already somebody's trump")
        return None

    def _named_for_refusal(self) -> BoutState:
        """The first position of play after some naming the rules allow (each player naming
        the first suit left to him): what refuses a kind of action that this game has not at
        all, in the words the game itself uses once the trumps are named."""
        named = self._named
        while len(named) < self.n:
            named = (*named, self.allowed(named)[0])
        return BoutState.initial(self.rules, self._deal_with(named))

    def _deal_with(self, named: tuple[int, ...]) -> Deal:
        """The deal with the suits ``named`` in turn from the dealer's left as the seats'
        trumps (R16; D31)."""
        trumps = [-1] * self.n
        for k, suit in enumerate(named):
            trumps[(self.deal.dealer + 1 + k) % self.n] = suit
        return dataclasses.replace(self.deal, trumps=tuple(trumps))

    def apply(self, action: Action | str, player: int | None = None) -> GameState:
        action = checked(action)
        reason = self.explain(action, player)
        if reason is not None:
            raise IllegalActionError(reason, action)
        named = (*self._named, action.position)
        if len(named) < self.n:
            s = TrumpChoiceState.initial(self.rules, self.deal)
            s._named = named
            return s
        bout = BoutState.initial(self.rules, self._deal_with(named))
        # the naming opens the record of play, so that the play can be replayed from the deal
        log: _Log = None
        for p in [*self.history(), self._played(self.to_move, action.position)]:
            log = log_cell(
                log, p.seat, p.action, p.attacks, p.covers, p.draws, p.known, p.skipped,
                p.without_pair,
            )
        bout._log = log
        return bout

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TrumpChoiceState):
            return NotImplemented
        return (self.rules, self.deal, self._named) == (other.rules, other.deal, other._named)

    def __hash__(self) -> int:
        return hash((self.rules, self.deal, self._named))

    def __repr__(self) -> str:
        named = ",".join("SCDH"[s] for s in self._named) or "-"
        return f"<TrumpChoiceState {self.rules.name} named={named} to_move={self.to_move}>"

    def _repr_html_(self) -> str:
        from .render import state_html

        return state_html(self)
