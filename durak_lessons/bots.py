"""Bots behind one small protocol: ``choose(view, rng) -> Action``.

Bots see a :class:`~durak_lessons.views.View` (never the state) and an injected
``random.Random``; the same seed gives the same game.

>>> from durak_lessons import play
>>> outcome, record = play("podkidnoy", [GreedyBot(), RandomBot()], seed=4)
>>> outcome.termination.value in ("fool", "draw")
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Protocol, runtime_checkable

from .actions import Action, Kind
from .cards import CARDS, RANK_OF, SUIT_OF, Card
from .errors import IllegalActionError, Reason
from .own_trumps import strongest_suit
from .repetition import leads_tried
from .views import View

__all__ = ["Bot", "GreedyBot", "RandomBot"]


@runtime_checkable
class Bot(Protocol):
    """Anything with a name and ``choose(view, rng)``."""

    name: str

    def choose(self, view: View, rng: random.Random) -> Action:
        """The action to play, one of ``view.legal_actions()``, decided from ``view`` alone
        (``rng`` for any chance, so the same seed gives the same game)."""


def is_bot(obj: object, method: str = "choose") -> bool:
    """Whether ``obj`` can play a seat: an object, not a class (``GreedyBot`` has ``choose``
    too, but cannot play), with a callable ``method``: ``choose`` for Durak, ``act`` for
    Очко.  Every place that takes bots (``play``, ``OchkoGame.play``, the play tables) asks
    this, and words its own refusal."""
    return not isinstance(obj, type) and callable(getattr(obj, method, None))


def check_view(view: object) -> None:
    """A seat's :class:`View`, or a TypeError saying what was given instead."""
    if not isinstance(view, View):
        raise TypeError(
            f"view: expected a seat's View (View(state, seat)), not {type(view).__name__}"
        )


def check_view_rng(view: object, rng: object) -> None:
    """A seat's :class:`View` and a ``random.Random``, or a TypeError saying which is not."""
    check_view(view)
    if not isinstance(rng, random.Random):
        raise TypeError(
            f"rng: expected a random.Random (random.Random(seed)), not {rng!r}"
        )


def legal_actions_to_move(view: View, rng: random.Random) -> list[Action]:
    """``view``'s legal actions, or :class:`~durak_lessons.errors.IllegalActionError` (a
    ``ValueError``) saying that its seat is not to move: a bot asked to choose out of turn, or
    after the deal has ended, has nothing to choose from.  What is not a View or an ``rng``
    is a TypeError (:func:`check_view_rng`).

    >>> import random
    >>> from durak_lessons import new_game
    >>> s = new_game("podkidnoy", players=2, seed=3)
    >>> try:
    ...     legal_actions_to_move(View(s, 1 - s.to_move), random.Random(0))
    ... except IllegalActionError as e:
    ...     print(e)
    seat 0 is not to move (it is seat 1's turn): no legal action to choose [turn order]
    """
    check_view_rng(view, rng)
    actions = view.legal_actions()
    if actions:
        return actions
    mover = view.to_move
    why = "the deal is over" if view.is_over or mover is None else f"it is seat {mover}'s turn"
    raise IllegalActionError(
        Reason("turn order", f"seat {view.seat} is not to move ({why}): no legal action to choose")
    )


def exchange_now(actions: list[Action]) -> Action | None:
    """The exchange of the trump six (or the lowest trump) for the turned-up trump (R19),
    when it is legal now: GreedyBot and HeuristicBot make it at the first chance (any time
    it is theirs to act, our reading D22), since it only gives up the lowest trump of the pack
    for a higher one.  ``None`` when it is not legal (it never is outside the с пар games).
    The search bot's playouts ask it at every decision: a state's ``legal_actions()`` lists
    the exchange last, so only the last action is looked at."""
    last = actions[-1] if actions else None
    return last if last is not None and last.kind == Kind.EXCHANGE else None


def named_trump(view: View, actions: list[Action]) -> Action:
    """HeuristicBot's choice of its own trump (свои козыри, R16; ``actions``: the legal
    ``NAME`` actions): the allowed suit :func:`~durak_lessons.own_trumps.strongest_suit`
    picks for the seat's hand (the most cards, then the highest ranks), the rule of thumb the
    search bot's playouts also assume."""
    suit = strongest_suit(view.hand_mask, [a.position for a in actions])
    return next(a for a in actions if a.position == suit)


class RandomBot:
    """A uniformly random legal action."""

    name = "random"

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    def choose(self, view: View, rng: random.Random) -> Action:
        actions = legal_actions_to_move(view, rng)
        return actions[rng.randrange(len(actions))]


def _trumpness(view: View, card: int) -> int:
    trump = view.trumps[view.seat]
    return 1 if trump >= 0 and SUIT_OF[card] == trump else 0


def _cost(view: View, card: int) -> tuple[int, int]:
    """How much a card is worth keeping: trumps above plain cards, then by rank."""
    return (_trumpness(view, card), RANK_OF[card])


def lead_key(view: View, action: Action) -> tuple[int, int, int, int]:
    """How cheap a lead is for ``view``'s seat, lowest first: the lead whose dearest card is
    cheapest (plain cards before trumps, then by rank), of those the one of more cards, then
    the lowest card number.  GreedyBot leads the lowest; the search bot weighs the lowest
    first where a hand offers more leads than it can weigh.  Any other action sorts last."""
    if action.kind != Kind.LEAD:
        return (9, 0, 0, 0)
    worst = max(_cost(view, c) for c in action.cards)
    return (worst[0], worst[1], -len(action.cards), min(action.cards))


def blind_choice(actions: list[Action], phase: str, rng: random.Random) -> Action:
    """GreedyBot's play in the blind game (R14), where it cannot see its cards: it tries a
    card at a random position on the first uncovered attack, leads one, and never throws in
    or transfers (``actions``: the legal actions, picks first; ``phase``: the state's)."""
    target = next((a.target for a in actions if a.target is not None), None)
    if target is not None:
        covers = [a for a in actions if a.target == target]
        return covers[rng.randrange(len(covers))]
    if phase == "lead":
        return actions[rng.randrange(len(actions))]
    return actions[-1]


def remembered_choice(
    view: View,
    actions: list[Action],
    rng: random.Random,
    tried: Mapping[tuple[Card, ...], int] | None = None,
) -> Action:
    """GreedyBot's play in the blind game (R14) with what its view remembers of its own row
    (the cards everyone saw go in, D28): it covers the first uncovered attack with the
    cheapest card it knows to be there that beats it, else from a place it knows nothing of
    at random, and takes when every place left holds a card it knows cannot; it leads the
    cheapest card it knows of if that is a plain card, else from an unknown place at random;
    it never throws in or transfers.  With nothing remembered this is :func:`blind_choice`.

    ``tried``: the leads made before from this very position, as the cards led, and how
    often (:func:`~durak_lessons.repetition.earlier_leads`; both bots pass them).  Then
    it leads the cheapest card it knows of that it has not led from here, else from an
    unknown place at random, else the known card led least often."""
    row = view.remembered_row or []
    known = {i: c for i, c in enumerate(row) if c is not None}
    picks = [a for a in actions if a.kind == Kind.PICK]
    target = next((a.target for a in picks if a.target is not None), None)
    if target is None and view.phase != "lead":
        return actions[-1]  # no throw-in, no transfer: pass
    if target is not None:
        picks = [a for a in picks if a.target == target]
    unknown = [a for a in picks if a.position not in known]
    mine = sorted(
        (a for a in picks if a.position in known),
        key=lambda a: (_cost(view, known[a.position]), a.position),
    )
    if target is not None:
        sure = [a for a in mine if view.beats(target, known[a.position])]
        if sure:
            return sure[0]
    elif tried:  # a position it led from before: not the same way again, if it can help it
        mine.sort(key=lambda a: tried.get((CARDS[known[a.position]],), 0))  # stable: cheapest
        if mine and (not unknown or not tried.get((CARDS[known[mine[0].position]],), 0)):
            return mine[0]
    elif mine and (not unknown or not _trumpness(view, known[mine[0].position])):
        return mine[0]  # a lead of a card it knows
    if unknown:
        return unknown[rng.randrange(len(unknown))]
    return next((a for a in actions if a.kind == Kind.TAKE), actions[-1])


class GreedyBot:
    """Leads and covers with its lowest useful card, keeps trumps, takes only when it cannot
    cover (it covers whenever it can, with a trump honour too: keeping one back is
    :class:`~durak_lessons.heuristic.HeuristicBot`'s rule), never passes a safe throw-in of a
    non-trump low card (a plain card up to a ten).  In the с пар games it exchanges the trump
    six for the turned-up trump at its first chance (:func:`exchange_now`, R19).  In свои козыри
    it names the first suit it may, whatever its hand (HeuristicBot names the suit it holds most
    of, :func:`named_trump`).  Deterministic: ties go to the lowest card number; the RNG is used
    only in the blind game (R14), where it cannot see the cards it picks
    (:func:`remembered_choice`: it does use what it remembers of its row).  At a bout start it
    led from before (three or more players passing the same cards round once the stock is out)
    it leads what it led there least often, as HeuristicBot does
    (:func:`~durak_lessons.repetition.earlier_leads`): answering every position alike, it would
    else go round for ever.
    """

    name = "greedy"

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    def choose(self, view: View, rng: random.Random) -> Action:
        actions = legal_actions_to_move(view, rng)
        exchange = exchange_now(actions)
        if exchange is not None:
            return exchange
        first = actions[0].kind
        # a bout start it led from before (it plays a position alike every time, so that is
        # play going round for ever): the lead it made least often there
        tried = leads_tried(view)
        if first == Kind.PICK:
            return remembered_choice(view, actions, rng, tried)
        if first == Kind.LEAD or (first == Kind.PASS and len(actions) == 1):
            return min(actions, key=lambda a: (tried[a.cards], lead_key(view, a)))
        covers = [a for a in actions if a.kind == Kind.COVER or a.kind == Kind.BEAT]
        if covers:
            # cover the hardest attack card first with the cheapest card that beats it
            return min(covers, key=lambda a: self._cover_key(view, a))
        transfers = [a for a in actions if a.kind == Kind.TRANSFER]
        if transfers:
            cheap = [a for a in transfers if not _trumpness(view, a.card)]
            if cheap:
                return min(cheap, key=lambda a: a.card)
        throws = [a for a in actions if a.kind == Kind.THROW]
        if throws:
            cheap = [a for a in throws if not _trumpness(view, a.card) and RANK_OF[a.card] <= 10]
            if cheap:
                return min(cheap, key=lambda a: (_cost(view, a.card), a.card))
        for a in actions:
            if a.kind in (Kind.PASS, Kind.TAKE):
                return a
        return actions[0]

    @staticmethod
    def _cover_key(view: View, action: Action) -> tuple[int, int, tuple[int, int], int]:
        if action.target is None:  # a chain game's beat: one card to beat, cheapest answer
            return (0, 0, _cost(view, action.card), action.card)
        attack = action.target
        return (-_cost(view, attack)[0], -RANK_OF[attack], _cost(view, action.card), action.card)
