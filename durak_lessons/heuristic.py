"""A card-tracking heuristic bot: the rung of the ladder between GreedyBot and the search bot.

It remembers nothing itself: everything it needs is in its view (the discard, the table, the
cards everyone saw picked up, the stock count).  From these it knows which cards are still
unseen and which are known to be in each other hand, and it plays by a few rules of thumb:

* lead the cheapest cards, all of a rank together; with the stock empty prefer a lead the
  defender cannot beat (no unseen or known card of his beats it);
* defend only if every uncovered card can be covered (else take at once, giving away no
  information and no extra ranks to throw in); cover with the cheapest card, but take rather
  than spend a high trump on cheap cards while the stock is still thick;
* throw in cheap plain cards, more freely once the stock is empty or when the defender has
  said "take"; throw in a card the defender cannot beat whenever there is one, though a
  dear one (a trump) only once the stock is empty;
* transfer (переводной) with a cheap plain card rather than cover with a dear one;
* where a rule forbids taking while a card can be covered (``must_cover``), cover what it can;
* never lead the same way twice from the same position (see :func:`earlier_leads`): with three
  or more players, rules of thumb alone can pass the same cards round the table for ever.

In свои козыри it names the suit it holds most of (:func:`~durak_lessons.bots.named_trump`).
In the с пар games it exchanges the trump six for the turned-up trump at its first chance
(R19), as GreedyBot does (:func:`~durak_lessons.bots.exchange_now`).

In the blind game (R14), where a player picks a place in his row without seeing the card, it
picks as :class:`~durak_lessons.bots.GreedyBot` does, with what its view remembers of its row
(:func:`~durak_lessons.bots.remembered_choice`): its rules of thumb are about cards it can see.
Only from a position it has led from before does it lead otherwise (a card it knows and has not
led there yet, else from an unknown place).

>>> from durak_lessons import play, GreedyBot
>>> outcome, _ = play("podkidnoy", [HeuristicBot(), GreedyBot()], seed=3)
>>> outcome.termination.value in ("fool", "draw")
True
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .actions import Action, Kind
from .bots import (
    GreedyBot,
    exchange_now,
    legal_actions_to_move,
    named_trump,
    remembered_choice,
)
from .cards import card_cost
from .repetition import bits, earlier_leads, leads_tried
from .rules import Family
from .views import View

__all__ = ["HeuristicBot", "earlier_leads", "throw_choice"]


def throw_choice(
    throws: list[Action],
    trump: int,
    sure: Callable[[int], bool],
    *,
    late: bool,
    taking: bool,
    must: bool = False,
) -> Action | None:
    """The throw-in rule of thumb of :class:`HeuristicBot` and of the heuristic playouts
    (:func:`~durak_lessons.search.heuristic_rollout_action`), from the throw-ins ``throws``:
    the cheapest card the defender cannot beat (``sure``; none once he has said "take"), a
    dear one (a trump) only once the stock is empty (``late``), and meanwhile it must not keep
    a cheap card from going in; else the cheapest card if it is cheap enough (rank 10 or
    below; a queen once he takes; up to a trump ten once the stock is empty).  ``None``: pass
    (or, where passing is not allowed, ``must``, the sure card, else the cheapest)."""

    def cost(a: Action) -> int:
        return card_cost(a.card, trump)

    sure_ones = [] if taking else [a for a in throws if sure(a.card)]
    best = min(sure_ones, key=cost, default=None)
    if best is not None and (late or cost(best) < 20):
        return best
    cheapest = min(throws, key=cost)
    if cost(cheapest) <= (30 if late else (12 if taking else 10)) or (must and best is None):
        return cheapest
    return best if must else None


def _can_cover_all(view: View, uncovered: list[int], hand: int) -> bool:
    """Is there one distinct covering card for each uncovered attack card (a matching)?"""
    options = sorted(([c for c in bits(hand) if view.beats(a, c)] for a in uncovered), key=len)

    def match(i: int, used: int) -> bool:
        if i == len(options):
            return True
        return any(not used >> c & 1 and match(i + 1, used | 1 << c) for c in options[i])

    return match(0, 0)


_GREEDY = GreedyBot()

class HeuristicBot:
    """Rules of thumb over the cards it can account for (see the module).  Deterministic
    outside the blind game: its choice depends on its view alone (the record of play
    included)."""

    name = "heuristic"

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    def choose(self, view: View, rng: random.Random) -> Action:
        actions = legal_actions_to_move(view, rng)
        if view.rules.family != Family.BOUT:
            return _GREEDY.choose(view, rng)  # its rules of thumb are about bouts
        # a position it led from before: the lead it made least often there, so that play
        # does not go round for ever
        tried = leads_tried(view)
        if actions[0].kind == Kind.PICK:  # the blind game (R14): its rules are about cards
            return remembered_choice(view, actions, rng, tried)  # seen: GreedyBot's picks
        if actions[0].kind == Kind.NAME:  # свои козыри: the suit it holds most of
            return named_trump(view, actions)
        exchange = exchange_now(actions)  # the trump six for the turned-up trump (R19)
        if exchange is not None:
            return exchange
        if len(actions) == 1:
            return actions[0]
        seat = view.seat
        trump = view.trumps[seat]
        late = view.stock_count == 0
        # cards that may lie in the defender's hand (his known cards and every unseen card)
        defender = view.controller(view.defender)
        enemy = view.unseen_mask() | view.known_mask(defender) if defender != seat else 0

        def unbeatable(card: int) -> bool:
            return not any(view.beats(card, c, defender) for c in bits(enemy))

        kind = actions[0].kind
        if kind == Kind.LEAD:

            def lead_key(a: Action) -> tuple[int, int, int, int]:
                worst = max(card_cost(c, trump) for c in a.cards)
                sure = late and all(unbeatable(c) for c in a.cards)
                return (tried[a.cards], 0 if sure else 1, worst, -len(a.cards))

            return min(actions, key=lead_key)
        if any(a.kind in (Kind.COVER, Kind.TAKE) for a in actions):
            return self._defend(view, actions, trump, late)
        return self._throw(view, actions, trump, late, unbeatable)

    @staticmethod
    def _defend(view: View, actions: list[Action], trump: int, late: bool) -> Action:
        # no "take" where the rules forbid taking while a card can be covered (must_cover):
        # then it covers what it can, as below
        take = next((a for a in actions if a.kind == Kind.TAKE), None)
        uncovered = [int(a) for a, c in view.table if c is None]
        transfers = [a for a in actions if a.kind == Kind.TRANSFER]
        cheap_transfer = min(
            (a for a in transfers if card_cost(a.card, trump) < 20),
            key=lambda a: card_cost(a.card, trump),
            default=None,
        )
        covers = [a for a in actions if a.kind == Kind.COVER]
        if not covers:
            return cheap_transfer or take or actions[0]
        # the hardest attack card first, with the cheapest card that beats it
        best = min(
            covers,
            key=lambda a: (
                -card_cost(a.card if a.target is None else a.target, trump),
                card_cost(a.card, trump),
            ),
        )
        if not _can_cover_all(view, uncovered, view.hand_mask):
            return cheap_transfer or take or best
        dear = card_cost(best.card, trump)
        if cheap_transfer is not None and dear >= 20:
            return cheap_transfer
        attack_cost = sum(card_cost(a, trump) for a in uncovered)
        if (
            take is not None
            and not late
            and view.stock_count > 8
            and dear >= 32  # a trump queen or better
            and attack_cost < 12 * len(uncovered)
            and len(view.hand) < 8
        ):
            return take
        return best

    @staticmethod
    def _throw(
        view: View,
        actions: list[Action],
        trump: int,
        late: bool,
        unbeatable: Callable[[int], bool],
    ) -> Action:
        pass_ = next((a for a in actions if a.kind == Kind.PASS), actions[-1])
        throws = [a for a in actions if a.kind == Kind.THROW]
        if not throws:
            return pass_
        return throw_choice(throws, trump, unbeatable, late=late, taking=view.taking) or pass_
