"""What one seat may see, and nothing more.

A :class:`View` is built from a state and a seat.  It exposes the seat's own hand, the table,
the trump, the stock and discard counts, the other hands' sizes, the cards everyone knows to
be in a hand (seen picked up, or the turned-up trump drawn), whose turn it is and, for the
seat to move, its legal actions (legality depends only on public information and the seat's
own hand).  Bots receive a view, never the state.  (The state is kept in a private slot:
Python has no sandbox, so that a bot reads only the view is the bots' contract, which the
project's tests check by playing a bot on two deals that differ only in hidden cards.)

>>> from durak_lessons import new_game
>>> v = View(new_game("podkidnoy", players=3, seed=2), seat=0)
>>> len(v.hand), v.hand_sizes, v.stock_count
(6, (6, 6, 6), 18)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol, cast

from .actions import ActionList
from .bout import Played
from .cards import CARDS, Card, InvalidCardError, cards_of, format_cards
from .engine import GameState, checked_state
from .errors import check_seat
from .outcome import Outcome
from .rules import Rules

__all__ = ["View"]


class _Shown(GameState, Protocol):
    """What a view reads of a position beyond :class:`GameState`: every family's state has
    it (mypy checks the families below).  ``with_hidden`` takes other keywords in each family
    (``piles``, ``rows``); the blind game's ``seen_mask`` is read where it exists."""

    def hand_mask(self, player: int) -> int: ...
    def known_mask(self, player: int) -> int: ...
    def controller(self, seat: int) -> int: ...
    def beats(self, attack: int, card: int, player: int | None = None) -> bool: ...

    @property
    def hand_sizes(self) -> tuple[int, ...]: ...
    @property
    def table(self) -> list[tuple[Card, Card | None]]: ...
    @property
    def stock_count(self) -> int: ...
    @property
    def discard_mask(self) -> int: ...
    @property
    def leader(self) -> int: ...
    @property
    def defender(self) -> int: ...
    @property
    def phase(self) -> str: ...
    @property
    def taking(self) -> bool: ...
    @property
    def limit(self) -> int: ...
    @property
    def out(self) -> tuple[int, ...]: ...
    @property
    def with_hidden(self) -> Callable[..., GameState]:
        """The position as a world with these hands and stock (keywords by family)."""


if TYPE_CHECKING:  # every family's position offers what a view reads
    from .bout import BoutState
    from .chain import ChainState
    from .own_trumps import TrumpChoiceState

    _FAMILIES: tuple[type[_Shown], ...] = (BoutState, ChainState, TrumpChoiceState)


class View:
    """The public information plus ``seat``'s own hand.

    A view is equal only to itself (``==`` is ``is``), and it is hashed the same way: two
    views of the same seat that differed only in cards the seat cannot see would compare
    unequal if views were compared by their states, which would tell a bot those hidden cards
    apart.  Compare what a view shows instead (:attr:`hand`, :meth:`history`, ...).
    """

    __slots__ = ("__seat", "__state", "__unseen")

    def __init__(self, state: GameState, seat: int) -> None:
        check_seat(seat, checked_state(state).n)
        self.__state = cast(_Shown, state)  # checked_state: a GameState; _Shown: mypy, above
        self.__unseen = -1  # unseen_mask(), once asked (states never change)
        self.__seat = seat

    @property
    def seat(self) -> int:
        """The seat whose view this is (fixed: a view of another seat is another View)."""
        return self.__seat

    # everything below reads only public fields or the seat's own hand
    @property
    def rules(self) -> Rules:
        """The rules of the game."""
        return self.__state.rules

    @property
    def players(self) -> int:
        """The number of seats."""
        return self.__state.n

    def __seen(self) -> Callable[[int, int], int] | None:
        """The blind game's ``seen_mask(viewer, player)``, or None in every other game."""
        seen: Callable[[int, int], int] | None = getattr(self.__state, "seen_mask", None)
        return seen

    @property
    def hand_mask(self) -> int:
        """This seat's own hand as a bitmask (see :attr:`hand`)."""
        seen = self.__seen()  # the blind game hides one's own hand
        if seen is not None:
            return seen(self.seat, self.seat)
        return self.__state.hand_mask(self.seat)

    @property
    def hand(self) -> list[Card]:
        """This seat's own cards (in the blind game, R14, only those it saw go into its row)."""
        return cards_of(self.hand_mask)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds."""
        return self.__state.hand_sizes

    def known_mask(self, player: int) -> int:
        """Cards known to everyone to be in ``player``'s hand (seen picked up, or the
        turned-up trump drawn; with the pack split, ``Rules.split_pack``, all of them: D44).
        In the blind game (R14) this seat sees all of another's hand,
        and knows of its own the cards it saw go into its row (:attr:`remembered_row`)."""
        check_seat(player, self.players, "player")
        seen = self.__seen()
        if seen is not None and player != self.seat:
            return seen(self.seat, player)
        return self.__state.known_mask(player)

    @property
    def remembered_row(self) -> list[Card | None] | None:
        """In the blind game (R14), this seat's own row as it can know it, position by
        position: the card it saw go in there (picked up from the table, or turned over by a
        wrong play and kept: everyone saw those), ``None`` for a card it has never seen (dealt
        or drawn face down).  A perfect memory of what everyone saw (our reading D28; the
        source leaves it to the player).  ``None`` in every other game, where the seat sees
        its hand."""
        row = getattr(self.__state, "remembered_row", None)
        return None if row is None else row(self.seat)

    def known(self, player: int) -> list[Card]:
        """The cards everyone knows to be in ``player``'s hand (see :meth:`known_mask`)."""
        return cards_of(self.known_mask(player))

    @property
    def table(self) -> list[tuple[Card, Card | None]]:
        """The cards on the table: (attack card, its cover or ``None``), in the order played (the
        chain games: the centre pile)."""
        return self.__state.table

    @property
    def trump(self) -> int | None:
        """The trump suit (a :class:`Suit` number), or ``None`` where seats name their own (свои
        козыри: see :attr:`trumps`)."""
        return self.__state.deal.trump

    @property
    def trumps(self) -> tuple[int, ...]:
        """Each seat's trump suit (one for all in most games); while the players of свои
        козыри name theirs, those named so far (-1 for the others)."""
        naming = getattr(self.__state, "trumps", None)
        return naming if naming is not None else self.__state.deal.trumps

    @property
    def trump_card(self) -> Card | None:
        """The turned-up trump card, or ``None`` where no card was turned."""
        return self.__state.deal.trump_card

    @property
    def stock_count(self) -> int:
        """How many cards are left in the stock."""
        return self.__state.stock_count

    @property
    def discard_mask(self) -> int:
        """The discard (отбой) as a bitmask: every card beaten off, face down but remembered."""
        return self.__state.discard_mask

    @property
    def discard(self) -> list[Card]:
        """The cards in the discard (отбой)."""
        return cards_of(self.discard_mask)

    @property
    def discard_count(self) -> int:
        """How many cards are in the discard."""
        return self.discard_mask.bit_count()

    @property
    def leader(self) -> int:
        """The seat that leads in this bout (the chain games: who laid the top card)."""
        return self.__state.leader

    @property
    def defender(self) -> int:
        """The seat that defends in this bout (the chain games: who must beat the top card)."""
        return self.__state.defender

    @property
    def phase(self) -> str:
        """What happens now: ``'lead'``, ``'defend'``, ``'throw-in'`` or ``'over'`` (other games
        have phases of their own, as naming trumps)."""
        return self.__state.phase

    @property
    def taking(self) -> bool:
        """Whether the defender has said "take" while the others may still throw in (R7)."""
        return self.__state.taking

    @property
    def limit(self) -> int:
        """The most cards this bout may hold (R6)."""
        return self.__state.limit

    @property
    def out(self) -> tuple[int, ...]:
        """The seats that went out, in order."""
        return self.__state.out

    @property
    def to_move(self) -> int | None:
        """The seat to act now, or ``None`` once the deal is over."""
        return self.__state.to_move

    @property
    def is_over(self) -> bool:
        """Whether the deal is over."""
        return self.__state.is_over

    @property
    def outcome(self) -> Outcome | None:
        """How the deal ended, or ``None`` while it goes on."""
        return self.__state.outcome

    def controller(self, seat: int) -> int:
        """The seat whose player plays ``seat``: itself, or in team play a partner once it is out
        (R9)."""
        check_seat(seat, self.players)
        return self.__state.controller(seat)

    def beats(self, attack: int, card: int, player: int | None = None) -> bool:
        """Does ``card`` beat ``attack`` for ``player`` (the defender by default)?  Cards are
        :class:`Card` values or card numbers 0..51 (a -1 is not read as the last card)."""
        for what, c in (("attack", attack), ("card", card)):
            if type(c) is not Card and (type(c) is not int or not 0 <= c < 52):
                raise InvalidCardError(
                    f"{what}: expected a Card or a card number 0..51, not {c!r}"
                    " (Card.parse reads text like '7♠')"
                )
        if player is not None:
            check_seat(player, self.players, "player")
        return self.__state.beats(attack, card, player)

    @property
    def trump_card_pending(self) -> bool:
        """The turned-up trump still lies under the stock (everyone knows it is there), or the
        trump six exchanged for it (R19): see :attr:`under_card`."""
        deal = self.__state.deal
        return deal.trump_card_in_stock and self.stock_count > 0

    @property
    def pile_sizes(self) -> tuple[int, ...]:
        """The cards in each seat's face-down pile (the faithful дорожный, D13; else zeros)."""
        sizes = self._piles()
        return sizes if sizes is not None else (0,) * self.players

    def _piles(self) -> tuple[int, ...] | None:
        """The face-down piles' sizes where the game has piles (D13), else ``None``."""
        sizes: tuple[int, ...] | None = getattr(self.__state, "pile_sizes", None)
        return sizes

    @property
    def under_card(self) -> Card | None:
        """The face-up card under the stock, which everyone sees and which is drawn last: the
        turned-up trump, or the trump six exchanged for it (R19); ``None`` once it is drawn."""
        if not self.trump_card_pending:
            return None
        under = getattr(self.__state, "under_card", None)
        return under if under is not None else self.trump_card

    @property
    def placed_in_stock(self) -> tuple[tuple[int, Card], ...]:
        """Cards everyone saw put into the stock and knows the place of (the diamonds game's
        spades put back, D26), not drawn yet: (place from the next card to be drawn, card)."""
        deal = self.__state.deal
        placed = deal.placed_cards
        if not placed:
            return ()
        drawn = len(deal.stock) - self.stock_count
        out = []
        for card in placed:
            place = deal.stock.index(card) - drawn
            if place >= 0:
                out.append((place, card))
        return tuple(sorted(out))

    def unseen_mask(self) -> int:
        """Cards this seat cannot locate: in other hands (unknown part) or in the stock."""
        if self.__unseen >= 0:
            return self.__unseen
        deal = self.__state.deal
        everything = 0
        for c in deal.cards():
            everything |= 1 << c
        seen = self.hand_mask | self.discard_mask
        for attack, cover in self.table:
            seen |= 1 << attack
            if cover is not None:
                seen |= 1 << cover
        for p in range(self.players):
            seen |= self.known_mask(p)
        under = self.under_card
        if under is not None:
            seen |= 1 << under
        for _, card in self.placed_in_stock:
            seen |= 1 << card
        self.__unseen = everything & ~seen
        return self.__unseen

    def world(
        self,
        hands: Sequence[int],
        stock: Sequence[int],
        own_row: Sequence[int] | None = None,
        piles: Sequence[Sequence[int]] | None = None,
    ) -> GameState:
        """A complete position that this seat cannot tell from the real one: the hands given
        as bitmasks (one per seat) and the rest of the stock in drawing order, everything
        public as it is.  For search by sampling (see :mod:`durak_lessons.sampling`).

        In the blind game (R14) the seat does not see its own hand: it is placed like the
        others' hidden cards, and ``own_row`` gives the order of its cards in the row (the
        other rows are seen, and stay as they are).  In the faithful дорожный (D13) nobody sees
        the face-down piles: ``piles`` gives each seat's pile, top card last, of the sizes
        :attr:`pile_sizes` shows.

        Raises ``ValueError`` unless the cards given fit what this seat sees: its own hand,
        the cards known to be in each hand, the hand sizes, the stock count, the face-up card
        under the stock (:attr:`under_card`) last, and exactly the unseen cards placed.  The
        result holds no hidden card that was not given, so a bot learns nothing from it.
        ``hands`` and ``stock`` that are not lists or tuples of ints are a ``TypeError``.
        """
        for name, numbers, what in (
            ("hands", hands, "one bitmask of cards per seat, as hand_mask gives"),
            ("stock", stock, "card numbers (ints) in drawing order"),
        ):
            if not isinstance(numbers, (list, tuple)) or not all(
                isinstance(x, int) and not isinstance(x, bool) for x in numbers
            ):
                raise TypeError(f"View.world({name}): expected a list of {what}, not {numbers!r}")
        n = self.players
        if len(hands) != n:
            raise ValueError(f"{len(hands)} hands given for {n} seats")
        blind = self.own_hand_hidden
        if not blind and hands[self.seat] != self.hand_mask:
            raise ValueError(f"seat {self.seat}'s own hand must stay as it is")
        if blind and own_row is None:
            raise ValueError(
                f"seat {self.seat} does not see its own row (R14): give its order (own_row)"
            )
        if not blind and own_row is not None:
            raise ValueError("own_row is for the blind game only: the seat sees its own hand")
        sizes = self.hand_sizes
        placed = 0
        for p, h in enumerate(hands):
            if h.bit_count() != sizes[p]:
                raise ValueError(f"seat {p} holds {sizes[p]} cards, not {h.bit_count()}")
            known = self.known_mask(p)
            if h & known != known:
                raise ValueError(f"seat {p} is known to hold {format_cards(cards_of(known & ~h))}")
            if p != self.seat or blind:
                if placed & h & ~known:
                    raise ValueError("a card is placed twice")
                placed |= h & ~known
        pile_sizes = self.pile_sizes
        if piles is not None and self._piles() is None:
            raise ValueError("piles are for the faithful дорожный only (D13): this game has none")
        if any(pile_sizes) and piles is None:
            raise ValueError("the face-down piles are hidden (D13): give their cards (piles)")
        if piles is not None:
            if len(piles) != n:
                raise ValueError(f"{len(piles)} piles given for {n} seats")
            for p, pile in enumerate(piles):
                if len(pile) != pile_sizes[p]:
                    raise ValueError(
                        f"seat {p}'s pile holds {pile_sizes[p]} cards, not {len(pile)}"
                    )
                for c in pile:
                    if placed >> c & 1:
                        raise ValueError(f"{CARDS[c]} is placed twice")
                    placed |= 1 << c
        if len(stock) != self.stock_count:
            raise ValueError(f"the stock holds {self.stock_count} cards, not {len(stock)}")
        rest = list(stock)
        under = self.under_card
        if under is not None:
            if rest[-1] != under:
                what = "the turned-up trump" if under == self.trump_card else "the trump six"
                raise ValueError(f"{what} {under} lies face up under the stock: it must come last")
            rest.pop()
        for place, card in self.placed_in_stock:  # D26: everyone saw it put there
            if place >= len(rest) or rest[place] != card:
                raise ValueError(f"{card} lies in the stock as card {place + 1}: it stays there")
            rest[place] = -1
        rest = [c for c in rest if c >= 0]
        for c in rest:
            if placed >> c & 1:
                raise ValueError(f"{CARDS[c]} is placed twice")
            placed |= 1 << c
        if placed != self.unseen_mask():
            raise ValueError("the cards placed must be exactly the cards this seat has not seen")
        hidden: dict[str, object] = {}  # what only some states hide, by their with_hidden()
        if piles is not None:
            hidden["piles"] = piles
        if blind:
            hidden["rows"] = [own_row if p == self.seat else None for p in range(n)]
        return self.__state.with_hidden(tuple(hands), tuple(stock), **hidden)

    @property
    def own_hand_hidden(self) -> bool:
        """Whether this seat does not see its own cards (the blind game, R14)."""
        return getattr(self.__state, "seen_mask", None) is not None

    def history(self) -> list[Played]:
        """The public record of play so far, oldest first (see
        :meth:`~durak_lessons.bout.BoutState.history`, and the chain games' own); empty where
        the game keeps none; in the blind game without the cards known to be in each hand."""
        history = getattr(self.__state, "history", None)
        if history is None:
            return []
        played: list[Played] = history()
        if self.own_hand_hidden:
            # the blind game (R14): the record leaves out the cards known to be in each hand
            # (what a seat knows of its own row now is remembered_row; the others it sees)
            blank = (0,) * self.players
            played = [dataclasses.replace(p, known=blank) for p in played]
        return played

    @property
    def draws(self) -> tuple[int, ...]:
        """How many cards each player has drawn from the stock since the deal (zeros where
        the game does not count them)."""
        return tuple(getattr(self.__state, "draws", (0,) * self.players))

    def legal_actions(self) -> ActionList:
        """The legal actions when this seat is to move (else an empty list)."""
        if self.__state.to_move != self.seat:
            return ActionList()
        return self.__state.legal_actions()

    def _repr_html_(self) -> str:
        """In a notebook: the position as this seat sees it (the others' unknown cards face
        down; :func:`~durak_lessons.render.view_html`)."""
        from .render import view_html

        return view_html(self)

    def __repr__(self) -> str:
        hand = " ".join(str(CARDS[c]) for c in self.hand)
        return f"<View seat={self.seat} hand=[{hand}] phase={self.phase} to_move={self.to_move}>"
