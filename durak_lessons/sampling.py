"""Sampling the hidden cards: complete positions consistent with one seat's view.

A search bot never sees the other hands or the stock.  It deals the cards it has not seen at
random, keeping everything it knows: its own hand, the cards known to be in a hand (seen
picked up, or the turned-up trump drawn), every hand's size, the stock count and the turned-up
trump lying under the stock.  Each such *world* is an ordinary position the engine can play
on; searching many worlds and adding the results up is determinized search (PIMC).

>>> import random
>>> from durak_lessons import View, new_game
>>> state = new_game("podkidnoy", players=2, seed=3)
>>> world = determinize(View(state, 0), random.Random(1))
>>> world.hand(0) == state.hand(0), world.hand_sizes == state.hand_sizes
(True, True)

With two players and the stock empty there is exactly one world: the real position
(:func:`known_world`); also when the stock holds only the turned-up trump, which everyone saw.
"""

from __future__ import annotations

import random

from .bout import BoutState
from .cards import cards_of
from .views import View

__all__ = ["determinize", "hidden_count", "known_world"]


def hidden_count(view: View) -> int:
    """How many cards ``view``'s seat cannot locate."""
    return view.unseen_mask().bit_count()


def known_world(view: View) -> BoutState | None:
    """The one position consistent with ``view`` when nothing is hidden from its seat: two
    players in the deal and every card placed (the stock empty, or holding only the turned-up
    trump that everyone saw), else ``None``.

    >>> from durak_lessons import View, new_game
    >>> state = new_game("podkidnoy", players=2, seed=3)
    >>> known_world(View(state, 0)) is None   # the stock and the other hand are hidden
    True
    """
    if view.players != 2 or view.is_over:
        return None
    if view.hand_mask.bit_count() != view.hand_sizes[view.seat]:
        return None  # the blind game (R14): the seat does not see its own cards
    if view.stock_count > 1 or (view.stock_count == 1 and not view.trump_card_pending):
        return None
    return determinize(view, random.Random(0))  # no card left to shuffle: the only world


def determinize(view: View, rng: random.Random) -> BoutState:
    """One complete position drawn uniformly from those consistent with ``view``.

    The unseen cards are shuffled with ``rng`` and dealt to the other hands (beyond their
    known cards) and to the stock; the turned-up trump stays at the bottom of the stock while
    it lies there.  Uses only what the view shows.
    """
    unseen = cards_of(view.unseen_mask())
    rng.shuffle(unseen)
    sizes = view.hand_sizes
    hands: list[int] = []
    i = 0
    for p in range(view.players):
        if p == view.seat:
            hands.append(view.hand_mask)
            continue
        known = view.known_mask(p)
        need = sizes[p] - known.bit_count()
        h = known
        for c in unseen[i : i + need]:
            h |= 1 << c
        i += need
        hands.append(h)
    stock: list[int] = [int(c) for c in unseen[i:]]
    if view.trump_card_pending and view.trump_card is not None:
        stock.append(int(view.trump_card))
    world = view.world(hands, stock)
    assert isinstance(world, BoutState)
    return world
