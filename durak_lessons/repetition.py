"""Telling a bout start met before, from the public record: what keeps simple bots from going
round for ever.

With three or more players (or transfers, teams, the blind game's punishments) and the stock
empty, bots that always answer a position alike can pass the same cards round the table for
ever.  :func:`earlier_leads` tells a seat which leads it made before from the very position it
now leads from, so that :class:`~durak_lessons.bots.GreedyBot` and
:class:`~durak_lessons.heuristic.HeuristicBot` can lead otherwise; :func:`may_go_round` tells
whether play can come back to a bout start at all.
"""

from __future__ import annotations

from collections import Counter

from .actions import Kind
from .bout import Played
from .cards import CARDS, Card, card_mask
from .rules import Family, OnFail
from .views import View

__all__ = ["bits", "earlier_leads", "leads_tried", "may_go_round"]


def bits(mask: int) -> list[int]:
    """The card numbers in ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


#: the actions that move cards from the actor's hand to the table
_TO_TABLE = frozenset({Kind.LEAD, Kind.THROW, Kind.COVER, Kind.TRANSFER})


def _on_table(p: Played) -> int:
    """The cards on the table just before ``p`` (a bitmask)."""
    return card_mask(p.attacks) | card_mask(c for c in p.covers if c >= 0)


def earlier_leads(view: View) -> Counter[tuple[Card, ...]]:
    """The leads ``view``'s seat made before from the very position it now leads from (the
    same hands, stock and leader, the table empty), as the cards led, and how often: empty
    unless it is at the start of a bout that came up before.

    Only the public record is read (:meth:`~durak_lessons.views.View.history`).  While nobody
    draws, every card that enters or leaves a hand does so in sight of the table: a card led,
    thrown in, covered with or transferred leaves its player's hand, and the cards on the
    table when a bout ends taken go to the taker.  So two bout starts with the same draws
    hold the same hands exactly when no hand's cards changed in between on that record, and
    the other hands need not be seen to know it.  Where the record does not show what an
    action did to the hands (the trump-six exchange; a pick in the blind game that ended its
    bout, R14) the count starts afresh.  In the blind game a row with the same cards in
    another order counts as the same position.

    Two cards going round a table of three, the stock empty: after six bouts seat 0 is to lead
    from the position it led 9♠ from.

    >>> from durak_lessons import Action, Deal, initial_state
    >>> d = Deal.from_hands(["9S 6C", "6D 7D", "10C 8S"], trump="H", leader=0)
    >>> s = initial_state("podkidnoy", d)
    >>> for a in "L9S take L10C take L9S take L10C take L9S take L10C take".split():
    ...     s = s.apply(Action.parse(a))
    >>> earlier_leads(View(s, 0))
    Counter({(Card.parse('9♠'),): 1})
    """
    if view.table or view.phase != "lead" or view.rules.family != Family.BOUT:
        return Counter()  # (the chain games keep a record too, but have no bouts)
    record = view.history()
    flow = [0] * view.players  # xor of the cards that went into or out of each hand
    epoch = 0  # bumped where the record does not show what an action did to the hands
    starts: dict[tuple[object, ...], Counter[tuple[Card, ...]]] = {}
    take_all = view.rules.on_fail in (OnFail.ALL, OnFail.LED_SO_FAR)
    draws = view.draws
    taker = -1  # who said "take" in the bout under way
    table = 0  # the cards on the table after the last action (-1: not known)
    uncovered = 0  # of them, the uncovered attack cards
    for i, p in enumerate(record):
        if table and not p.attacks:  # the table was cleared: the last bout is over
            if taker >= 0:
                if table < 0:
                    epoch += 1
                else:
                    flow[taker] ^= table if take_all else uncovered
            taker = -1
        action = p.action
        kind = action.kind
        if kind in _TO_TABLE:
            added = card_mask(action.cards)
        elif kind == Kind.PICK:  # the blind game: the next table shows which card it was
            after = _on_table(record[i + 1]) if i + 1 < len(record) else 0
            added = after & ~_on_table(p)
            if added.bit_count() != 1:  # it ended the bout (or was punished, R14)
                added = -1
        elif kind in (Kind.TAKE, Kind.PASS):
            added = 0
        else:  # an exchange, a give-back, a naming...: start afresh
            added = -1
        if kind == Kind.TAKE:
            taker = p.seat
        if added < 0:
            epoch += 1
            table = -1
            continue
        if added and not p.attacks and p.draws == draws:  # a lead
            key = (epoch, p.seat, tuple(flow))
            cards = tuple(CARDS[c] for c in bits(added))
            starts.setdefault(key, Counter())[cards] += 1
        flow[p.seat] ^= added
        table = _on_table(p) | added
        uncovered = p.uncovered
        if action.target is not None:  # a cover
            uncovered &= ~(1 << action.target)
        else:
            uncovered |= added
    if table and taker >= 0:  # the last bout ended taken
        if table < 0:
            epoch += 1
        else:
            flow[taker] ^= table if take_all else uncovered
    return starts.get((epoch, view.seat, tuple(flow)), Counter())


def may_go_round(view: View) -> bool:
    """Whether play can come back to a bout start, with nothing to end it.  Not where a
    repetition draws the deal (D39), nor between two players without transfers, teams or
    the blind game's punishments: there the leader only loses cards until a bout is beaten
    off, and the discard only grows.  Bout games only: :func:`earlier_leads` reads a bout
    game's record."""
    rules = view.rules
    if rules.repetition_draw or rules.family != Family.BOUT:
        return False
    return view.players - len(view.out) > 2 or rules.transfers or rules.teams or rules.blind


def leads_tried(view: View) -> Counter[tuple[Card, ...]]:
    """What the simple bots avoid: :func:`earlier_leads` where play can come back to a bout
    start with nothing to end it (:func:`may_go_round`), else nothing."""
    return earlier_leads(view) if may_go_round(view) else Counter()
