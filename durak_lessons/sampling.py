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

A thrower the rules pass over because he holds no card of the ranks on the table shows
everyone that he holds none (D2); :func:`infer` reads such facts off the public record.
What the others have played says more, if one assumes something of how they play: a player
who took a card could not cover it, a player who led a nine had nothing cheaper.  Such
assumptions are an *opponent model*, not a rule; :func:`infer` reads them off the public
record of play (:meth:`~durak_lessons.views.View.history`) as *beliefs*, and
:func:`determinize` deals the hidden cards so that the beliefs hold wherever the cards allow.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from .actions import Kind
from .bout import BoutState, Played
from .cards import RANK_MASK, RANK_OF, Card, card_cost, cards_of
from .engine import GameState
from .rules import Family
from .views import View

__all__ = [
    "MODELS",
    "NO_PAIR",
    "Beliefs",
    "determinize",
    "hidden_count",
    "infer",
    "known_world",
]

#: what a seat believes of the other hands beyond what it sees: for each other player, a list
#: of (``old``, ``mask``): at least ``old`` of the hidden cards that player holds now were
#: already in his hand when he showed he held none of the cards ``mask`` (unseen cards only);
#: a ``mask`` with the bit :data:`NO_PAIR` says instead that those cards were no two of one
#: rank (he passed the lead for want of a pair)
Beliefs = dict[int, list[tuple[int, int]]]

#: the bit of a belief's mask (above every card) that says its ``old`` cards share no rank
#: (Played.without_pair: a pass for want of a pair, Rozaliev 1.г, R19)
NO_PAIR: Final = 1 << 52


#: the opponent models :func:`infer` knows, weakest first
MODELS: tuple[str, ...] = ("none", "takes", "cheap")


def infer(view: View, model: str = "takes") -> Beliefs:
    """What the other players' plays tell ``view``'s seat about their hands, from the public
    record of play, under an opponent model (an assumption about how others play, not a rule):

    * ``"takes"``: a defender who takes holds no card that covers any of the cards lying
      uncovered when he takes (most players, and :class:`~durak_lessons.bots.GreedyBot`
      always, cover when they can);
    * ``"cheap"``: that, and a player plays his cheapest card (plain cards below trumps, then
      by rank; the model of the search bot's own rollouts and of GreedyBot): one who leads
      holds no card cheaper than the dearest card he led, and one who covers holds no
      cheaper card that covers the same attack card;
    * ``"none"``: nothing.

    Whatever the model, what the rules make public is kept too: a thrower the rules passed
    over for want of a card of the table's ranks (D2: the skip is public, :attr:`~durak_lessons.
    bout.Played.skipped`) held none of those ranks; a leader who passed for want of a pair
    (Rozaliev 1.г, английские дураки: R19, :attr:`~durak_lessons.bout.Played.without_pair`)
    held no two cards of one rank (a belief with :data:`NO_PAIR`); in the chain games a player
    who took held no card that beats the card he took on (D10: he must beat if he can).  That
    is no assumption, so nothing drops it.  (In the chain games only these facts are read: the
    models were made and measured on the bout games.)

    The cards a player holds now that he did not draw since (at least his hidden cards now,
    less the cards he has drawn since) cannot be such a card.  A model is dropped for a player
    as soon as the record shows he broke it: when he held a card everyone knew of (one he had
    picked up) that the model says he could not have held, as a player who plays at random
    soon does.  Nothing where the record is empty, in the blind game (R14: nobody sees his own
    cards), or about the seat itself.

    >>> from durak_lessons import Action, Deal, View, initial_state
    >>> d = Deal.from_hands(["6S 6C 8S", "7C 7H 8H"], trump="D", stock="9S 10S JD QC KH 6H")
    >>> s = initial_state("podkidnoy", d)
    >>> s = s.apply(Action.parse("L6S")).apply(Action.parse("take"))  # 6♣ may be thrown in
    >>> [(old, " ".join(map(str, cards_of(mask)))) for old, mask in infer(View(s, 0))[1]]
    [(3, '9♠ 10♠ J♦')]
    """
    if model not in MODELS:
        raise ValueError(f"unknown opponent model {model!r}; models: {', '.join(MODELS)}")
    if view.rules.blind:
        return {}
    cheap = model == "cheap"
    chain = view.rules.family == Family.CHAIN
    unseen = view.unseen_mask()
    sizes, draws_now, trumps = view.hand_sizes, view.draws, view.trumps
    known: dict[int, int] = {}

    def old_cards(p: int, played: Played) -> int:
        """At least this many of ``p``'s hidden cards now were in his hand at ``played``."""
        if p not in known:
            known[p] = view.known_mask(p)
        return sizes[p] - known[p].bit_count() - (draws_now[p] - played.draws[p])

    facts: dict[int, list[tuple[int, int]]] = {}
    found: dict[tuple[int, bool], list[tuple[int, int]]] = {}
    refuted: set[tuple[int, bool]] = set()

    def fact(p: int, played: Played, mask: int) -> None:
        if p != view.seat and mask:
            old = old_cards(p, played)
            if old > 0:  # else none of his cards now was in his hand then: nothing to say
                held = facts.setdefault(p, [])
                if (old, mask) not in held:
                    held.append((old, mask))

    for played in view.history():
        for p, ranks in played.skipped:  # the rules' facts (D2), kept whatever the model
            fact(p, played, ranks & unseen)
        p = played.seat
        if played.without_pair:  # also a rule's fact (R19): no two cards of one rank then
            then = played.known[p]  # none of the ranks of the cards known in his hand then
            ranks = 0
            for c in cards_of(then):
                ranks |= RANK_MASK[RANK_OF[c]]
            fact(p, played, ranks & ~then & unseen)
            fact(p, played, NO_PAIR)
        kind = played.action.kind
        if chain:  # the facts only: the models were made and measured on the bout games
            if kind == Kind.TAKE and p != view.seat:  # D10: he takes only if he cannot beat
                fact(p, played, _excluded(view, played, cards_of(unseen), trumps[p]))
            continue
        if model == "none" or p == view.seat:
            continue
        if not (kind == Kind.TAKE or (cheap and kind in _CHEAP_KINDS)):
            continue
        which = (p, kind == Kind.TAKE)
        if which in refuted:
            continue
        then = played.known[p]  # cards everyone knew he held: they test the model
        mask = _excluded(view, played, cards_of(unseen | then), trumps[p])
        if mask & then:
            refuted.add(which)  # he did hold such a card: the model does not fit him
            continue
        old = old_cards(p, played)
        if old > 0 and mask:
            found.setdefault(which, []).append((old, mask))
    out: Beliefs = {p: list(held) for p, held in facts.items()}
    for which, held in found.items():
        if which not in refuted:
            out.setdefault(which[0], []).extend(held)
    return out


def _excluded(view: View, played: Played, cards: list[Card], trump: int) -> int:
    """The cards of ``cards`` the model says the player of ``played`` did not hold then."""
    p, action = played.seat, played.action
    mask = 0
    if action.kind == Kind.TAKE:
        uncovered = cards_of(played.uncovered)
        for c in cards:
            if any(view.beats(u, c, p) for u in uncovered):
                mask |= 1 << c
    elif action.kind == Kind.LEAD:  # nothing cheaper than the dearest card led, but those led
        dearest = max(card_cost(c, trump) for c in action.cards)
        for c in cards:
            if card_cost(c, trump) < dearest and c not in action.cards:
                mask |= 1 << c
    else:  # a cover: no cheaper card that covers the same attack card
        target = action.target
        assert target is not None
        used = card_cost(action.card, trump)
        for c in cards:
            if card_cost(c, trump) < used and view.beats(target, c, p):
                mask |= 1 << c
    return mask


_CHEAP_KINDS: Final = frozenset({Kind.LEAD, Kind.COVER})


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
    world = determinize(view, random.Random(0))  # no card left to shuffle: the only world
    return world if isinstance(world, BoutState) else None  # not before the trumps are named


#: how many times :func:`determinize` deals again when a hand was left no card that fits
_TRIES: Final = 8


def _dealing_order(view: View, beliefs: Beliefs | None) -> list[int]:
    """The hands :func:`determinize` deals, the one with the least room to spare first: a hand
    that must keep ``old`` of its cards out of some masks has the unseen cards outside them
    to choose from, less those ``old``; a hand with no belief goes last (in seat order).  So
    a hand dealt early does not take the few cards a later one needed.  (Sampled worlds of 20
    greedy 4-seat подкидной games that broke a fact the rules had shown, D2: 2.4 % dealt in
    seat order, 1.2 % in this order, 0.15 % with the deals again of :func:`determinize`.)"""
    hands = [p for p in range(view.players) if p != view.seat or view.own_hand_hidden]
    if not beliefs or len(hands) < 2:
        return hands
    unseen = view.unseen_mask()

    def room(p: int) -> int:
        held = beliefs.get(p)
        if not held:
            return 1 << 30
        avoid = 0
        for _, mask in held:
            avoid |= mask
        return (unseen & ~avoid).bit_count() - max(old for old, _ in held)

    return sorted(hands, key=room)


def _deal_hand(
    shuffled: list[Card], used: int, count: int, held: Sequence[tuple[int, int]]
) -> tuple[list[Card], int, bool]:
    """``count`` cards for one hand from ``shuffled`` (those not ``used``), the ``j``-th
    avoiding the masks of the beliefs ``held`` with ``old > j`` (with :data:`NO_PAIR`: the
    ranks of the cards dealt before it); a card that fits none is taken as it comes.  Returns
    the cards in the order dealt, ``used`` with them, and whether every card fitted."""
    drawn: list[Card] = []
    fits = True
    dealt_ranks = 0
    for j in range(count):
        avoid = used
        for old, mask in held:
            if old > j:
                avoid |= dealt_ranks if mask & NO_PAIR else mask
        c = next((c for c in shuffled if not avoid >> c & 1), None)
        if c is None:  # no card fits every belief: the next card as it comes
            c = next(c for c in shuffled if not used >> c & 1)
            fits = False
        used |= 1 << c
        dealt_ranks |= RANK_MASK[RANK_OF[c]]
        drawn.append(c)
    return drawn, used, fits


def determinize(view: View, rng: random.Random, beliefs: Beliefs | None = None) -> GameState:
    """One complete position drawn at random from those consistent with ``view``.

    The unseen cards are shuffled with ``rng`` and dealt to the other hands (beyond their
    known cards) and to the stock; the face-up card under the stock (the turned-up trump, or
    the trump six exchanged for it) stays there while it lies there, and so do the spades the
    diamonds game put back into the stock where everyone saw them go (D26).  Uses only what
    the view shows.

    With ``beliefs`` (:func:`infer`) each other hand's hidden cards are dealt one by
    one, the first ``old`` of them avoiding the cards of each belief's mask (the next random
    card that fits, so still at random among the cards that fit), the hand with the least room
    to spare first; a card that fits no belief is taken as it comes, so a world is always
    dealt.  Without ``beliefs`` every deal of the
    unseen cards is equally likely, even one that breaks what the rules made public of a hand
    (a thrower skipped for want of a card, D2); ``infer(view, "none")`` keeps that and nothing
    more.

    In the blind game (R14) the seat does not see its own cards either: those it never saw
    are dealt like the others' hidden cards, and lie in the places of its row it knows nothing
    of in the order dealt (a random order); those it saw go in stay where they are
    (:attr:`~durak_lessons.views.View.remembered_row`).  In the faithful дорожный the
    face-down piles (D13) are dealt from the unseen cards too.
    """
    unseen = cards_of(view.unseen_mask())
    sizes = view.hand_sizes
    blind = view.own_hand_hidden
    order = _dealing_order(view, beliefs)
    # with two or more hands to deal, one dealt first may take the cards a later one needed:
    # then the cards are shuffled and dealt again, a few times at most (a world kept is one
    # the same dealing gives when every hand fits); with one hand, once (what fits no belief
    # there fits none whatever the shuffle)
    tries = _TRIES if beliefs and len(order) > 1 else 1
    for _ in range(tries):
        rng.shuffle(unseen)
        hands = [view.hand_mask if p == view.seat and not blind else 0 for p in range(view.players)]
        own_row: list[int] = []
        used = 0
        fits = True
        for p in order:
            known = view.known_mask(p)
            held = beliefs.get(p, ()) if beliefs else ()
            drawn, used, fitted = _deal_hand(unseen, used, sizes[p] - known.bit_count(), held)
            fits = fits and fitted
            hands[p] = known | sum(1 << c for c in drawn)
            if p == view.seat:
                own_row = [int(c) for c in drawn]  # in the order drawn: a random order (R14)
        if fits:
            break
    if blind:  # the cards it saw go into its row stay where they went; the others at random
        unknown = iter(own_row)
        own_row = [
            int(c) if c is not None else next(unknown) for c in view.remembered_row or ()
        ]
    piles: list[list[int]] = []
    for size in view.pile_sizes:  # the faithful дорожный: face-down piles nobody sees (D13)
        pile = [int(card) for card in unseen if not used >> card & 1][:size]
        for card in pile:
            used |= 1 << card
        piles.append(pile)
    stock: list[int] = [int(c) for c in unseen if not used >> c & 1]
    for place, card in view.placed_in_stock:  # each where everyone saw it go (D26)
        stock.insert(place, int(card))
    under = view.under_card
    if under is not None:
        stock.append(int(under))
    return view.world(
        hands, stock, own_row if blind else None, piles if any(view.pile_sizes) else None
    )
