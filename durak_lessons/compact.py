"""Two-player bout positions as plain tuples, for search.

The bots spend nearly all their time playing positions forward: the endgame solver walks
every line of an endgame, the search bot finishes thousands of sampled deals a move.  The
engine's :class:`~durak_lessons.bout.BoutState` serves every rule set of the family and pays
for it on each step.  Here the same mechanism is written out once more for the common case,
two players of the подкидной / переводной family (leads of one rank, throw-ins of the ranks on
the table, transfers as an option), with positions as tuples of ints.

It is a second statement of the same rules, so it is held to the first: the tests walk random
positions of every preset that :func:`accepts` takes and check at each step that
:meth:`Transitions.legal` is exactly the engine's ``legal_actions()`` in the engine's order and
that :meth:`Transitions.child` leads to exactly the compact form of the engine's next position
(tests/bots/test_compact.py).  Anything it does not accept stays on the engine's states.

>>> from durak_lessons import Deal, initial_state
>>> s = initial_state("podkidnoy", Deal.from_hands(["6S 6H", "7S 8S"], trump="H", leader=0))
>>> t = Transitions(s)
>>> p = compact(s)
>>> [str(a) for a in t.legal(p)]
['L6S6H', 'L6H', 'L6S']
>>> after, value = t.child(p, t.legal(p)[0])
>>> [str(a) for a in t.legal(after)]   # 7♠ covers 6♠, nothing covers the trump six
['C6S7S', 'C6S8S', 'take']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Final

from .actions import _COVER, _SINGLE, PASS, TAKE, Action, Kind
from .bout import BoutState, Phase, _append_each, _cover_actions, _group_leads
from .cards import RANK_MASK, RANK_OF
from .rules import Family, OnFail, Rules, ThrowIns

__all__ = [
    "HANDLED",
    "Compact",
    "Transitions",
    "accepts",
    "compact",
    "mover",
    "table_mask",
    "transitions",
]

_THROW: Final = _SINGLE[Kind.THROW]
_TRANSFER: Final = _SINGLE[Kind.TRANSFER]

#: a position: hands of seats 0 and 1 (bitmasks), attack cards and their covers (-1: none) in
#: table order, the leader, the phase, "take" said, the bout's card limit, the first lead may
#: not be transferred, the table's cards and ranks (bitmasks), the stock (next card first)
Compact = tuple[
    int, int, tuple[int, ...], tuple[int, ...], int, int, bool, int, bool, int, int, tuple[int, ...]
]

#: the value of a finished deal for seat 0: +1 seat 1 is the fool, 0 a draw, -1 seat 0 is
WIN: Final = 1
DRAW: Final = 0
LOSS: Final = -1


#: the Rules fields the compact transition follows, or that no longer matter once the cards
#: are dealt; every other field must keep its default for :func:`accepts` to take a position,
#: so that an option added to the rules later stays on the engine's states until it is written
#: here too (CONTRIBUTING.md, "Adding a rule set")
HANDLED: Final = frozenset(
    {
        "name", "family", "min_players", "max_players", "deck_size", "hand_size", "refill",
        "throw_ins", "attack_limit", "first_bout_limit", "throw_in_after_take", "on_fail",
        "transfers", "otkaz", "pogony_sixes", "first_leader", "under_fool", "beating",
        "fixed_trump", "deal_packets", "spade_to_middle", "version",
        # these act only under another option that must keep its default (a lead shape,
        # passing instead of leading, the chain family)
        "lead_size", "draw_when_all_pass", "pass_round_draws", "chain_take", "chain_lead_on",
        "chain_discard", "personal_piles", "chain_final_top",
    }
)

_ACCEPTED_RULES: dict[Rules, bool] = {}


def _rules_accepted(r: Rules) -> bool:
    ok = _ACCEPTED_RULES.get(r)
    if ok is None:
        ok = r.family == Family.BOUT and all(
            f.name in HANDLED or getattr(r, f.name) == f.default for f in fields(Rules)
        )
        if len(_ACCEPTED_RULES) > 256:
            _ACCEPTED_RULES.clear()
        _ACCEPTED_RULES[r] = ok
    return ok


def accepts(s: BoutState) -> bool:
    """Can this position be played as a :data:`Compact` tuple?  Two players still in, a rules
    value of the подкидной / переводной family (leads of one rank, no teams, no option of the
    other games: see :data:`HANDLED`) and nothing that only the engine's states record."""
    return (
        type(s) is BoutState
        and s.n == 2
        and not s._out
        and _rules_accepted(s.rules)
        and (s.rules.refill or s.stock_count == 0)
        and s._under < 0
        and s._thrower == 0
        and s._passes == 0
        and s._lead_passes == 0
        # the tuples know no first bout: its limit holds after a transfer (R6 option)
        and not (s._first_bout and s.rules.first_bout_limit)
    )


def table_mask(attacks: tuple[int, ...], covers: tuple[int, ...]) -> int:
    """The cards on the table as a bitmask."""
    table = 0
    for a in attacks:
        table |= 1 << a
    for c in covers:
        if c >= 0:
            table |= 1 << c
    return table


def compact(s: BoutState) -> Compact:
    """The tuple form of an engine position that :func:`accepts` takes."""
    h0, h1 = s._hands
    return (
        h0,
        h1,
        s._attacks,
        s._covers,
        s._leader,
        s._phase,
        s._taking,
        s._limit,
        s._no_transfer,
        table_mask(s._attacks, s._covers),
        s._table_ranks,
        tuple(int(c) for c in s.deal.stock[s._drawn :]),
    )


def mover(p: Compact) -> int:
    """The seat to act (the leader leads and throws in, the other one defends)."""
    return 1 - p[4] if p[5] == Phase.DEFEND else p[4]


class Transitions:
    """Legal actions and successors of :data:`Compact` positions under one rules value and
    trump (those of the engine position it is built from)."""

    def __init__(self, s: BoutState) -> None:
        rules = s.rules
        beat0, beat1 = s._beat
        attack_limit = rules.attack_limit
        hand_size = rules.hand_size
        take_all = rules.on_fail in (OnFail.ALL, OnFail.LED_SO_FAR)
        throw_ins = rules.throw_ins != ThrowIns.NONE
        after_take = rules.throw_in_after_take and throw_ins
        transfers = rules.transfers
        otkaz = rules.otkaz
        lead, defend, throw = Phase.LEAD, Phase.DEFEND, Phase.THROW
        k_lead, k_cover, k_throw = Kind.LEAD, Kind.COVER, Kind.THROW
        k_pass, k_take = Kind.PASS, Kind.TAKE
        rank_mask = RANK_MASK
        rank_of = RANK_OF

        def moves(p: Compact, floor: int, every: bool = False) -> list[Action]:
            h0, h1, attacks, covers, leader, phase = p[0], p[1], p[2], p[3], p[4], p[5]
            out: list[Action] = []
            if phase == lead:
                rest = h1 if leader else h0
                limit = p[7]
                while rest:  # one rank group at a time, lowest card first (as the engine)
                    group = rest & rank_mask[rank_of[(rest & -rest).bit_length() - 1]]
                    rest ^= group
                    out += _group_leads(group, limit)
                return out
            if phase == defend:
                hand = h0 if leader else h1
                if every or not take_all:  # see durak_lessons.solver._actions
                    _cover_actions(out, hand, beat0 if leader else beat1, attacks, covers)
                else:  # the solver covers the first uncovered card first
                    a = attacks[covers.index(-1)]
                    _append_each(out, _COVER[a], hand & (beat0 if leader else beat1)[a])
                if transfers:
                    _append_each(out, _TRANSFER, transferable(p, hand))
                out.append(TAKE)
                return out
            # the throw-in turn: the leader is the only thrower
            if len(attacks) < p[7]:
                m = (h1 if leader else h0) & p[10]
                _append_each(out, _THROW, m & -1 << floor)
            out.append(PASS)
            return out

        def transferable(p: Compact, hand: int) -> int:
            """The defender's cards that may transfer the bout (R12, R13), as a mask."""
            attacks = p[2]
            if p[8] or max(p[3]) >= 0 or len(attacks) >= attack_limit:
                return 0
            other = p[1] if p[4] else p[0]  # the leader's hand
            if other.bit_count() > len(attacks) or (otkaz and not p[11] and not other):
                return hand & rank_mask[rank_of[attacks[0]]]
            return 0

        def forced(p: Compact) -> tuple[Compact | None, int] | None:
            """Where the defender may do nothing but take (of the actions the solver
            searches: no cover, no transfer), the position after "take" (as :func:`child`),
            else ``None``: the solver searches on from there
            (durak_lessons.solver._Positions.forced)."""
            if p[5] != defend:
                return None
            leader, attacks, covers = p[4], p[2], p[3]
            hand = p[0] if leader else p[1]
            beat = beat0 if leader else beat1
            if take_all:  # only the first uncovered card is covered first (as in moves)
                if hand & beat[attacks[covers.index(-1)]]:
                    return None
            elif any(c < 0 and hand & beat[a] for a, c in zip(attacks, covers, strict=True)):
                return None
            if transfers and transferable(p, hand):
                return None
            return child(p, TAKE)

        def end_bout(
            h0: int,
            h1: int,
            attacks: tuple[int, ...],
            covers: tuple[int, ...],
            leader: int,
            table: int,
            stock: tuple[int, ...],
            taken: bool,
        ) -> tuple[Compact | None, int]:
            if taken:  # R3: the defender takes the table, or only the uncovered cards
                if take_all:
                    gained = table
                else:
                    gained = 0
                    for a, c in zip(attacks, covers, strict=True):
                        if c < 0:
                            gained |= 1 << a
                if leader:
                    h0 |= gained
                else:
                    h1 |= gained
            if stock:  # R4: refill, the leader first, the defender last
                hands = [h0, h1]
                i = 0
                for seat in (leader, 1 - leader):
                    n = min(max(hand_size - hands[seat].bit_count(), 0), len(stock) - i)
                    for card in stock[i : i + n]:
                        hands[seat] |= 1 << card
                    i += n
                h0, h1 = hands
                stock = stock[i:]
            if not stock:  # R9, R10: who is out once the stock is gone
                if not h0:
                    return None, DRAW if not h1 else WIN
                if not h1:
                    return None, LOSS
            nxt = leader if taken else 1 - leader  # the taker loses his turn (R3)
            limit = min(attack_limit, (h0 if nxt else h1).bit_count())
            return (h0, h1, (), (), nxt, lead, False, limit, False, 0, 0, stock), 0

        def child(p: Compact, action: Action) -> tuple[Compact | None, int]:
            h0, h1, attacks, covers, leader, _, taking, limit, nt, table, ranks, stock = p
            kind = action.kind
            if kind == k_lead:
                cards = action.cards
                mask = 0
                ranks = 0
                for c in cards:
                    mask |= 1 << c
                    ranks |= rank_mask[rank_of[c]]
                if leader:
                    h1 &= ~mask
                else:
                    h0 &= ~mask
                covers = (-1,) * len(cards)
                return (h0, h1, cards, covers, leader, defend, False, limit, nt, mask, ranks,
                        stock), 0
            if kind == k_cover:
                card = action.cards[0]
                bit = 1 << card
                if leader:
                    h0 &= ~bit
                else:
                    h1 &= ~bit
                i = attacks.index(action.target)
                covers = (*covers[:i], card, *covers[i + 1 :])
                table |= bit
                ranks |= rank_mask[rank_of[card]]
                if -1 in covers:
                    return (h0, h1, attacks, covers, leader, defend, False, limit, nt, table,
                            ranks, stock), 0
                if throw_ins and len(attacks) < limit and (h1 if leader else h0) & ranks:
                    return (h0, h1, attacks, covers, leader, throw, False, limit, nt, table,
                            ranks, stock), 0
                return end_bout(h0, h1, attacks, covers, leader, table, stock, False)
            if kind == k_pass:
                return end_bout(h0, h1, attacks, covers, leader, table, stock, taking)
            if kind == k_take:  # R7: the others may still throw in
                if after_take and len(attacks) < limit and (h1 if leader else h0) & ranks:
                    return (h0, h1, attacks, covers, leader, throw, True, limit, nt, table,
                            ranks, stock), 0
                return end_bout(h0, h1, attacks, covers, leader, table, stock, True)
            # a throw-in (by the leader) or a transfer (by the defender) adds a card
            card = action.cards[0]
            bit = 1 << card
            if (kind == k_throw) == (leader == 1):
                h1 &= ~bit
            else:
                h0 &= ~bit
            attacks = (*attacks, card)
            covers = (*covers, -1)
            table |= bit
            if kind == k_throw:
                if not taking:
                    return (h0, h1, attacks, covers, leader, defend, False, limit, nt, table,
                            ranks, stock), 0
                if len(attacks) < limit and (h1 if leader else h0) & ranks:
                    return (h0, h1, attacks, covers, leader, throw, True, limit, nt, table,
                            ranks, stock), 0
                return end_bout(h0, h1, attacks, covers, leader, table, stock, True)
            # a transfer: the bout passes on to the leader, who now defends (R12)
            new = 1 - leader
            limit = max(len(attacks), min(attack_limit, (h0 if new else h1).bit_count()))
            return (h0, h1, attacks, covers, new, defend, False, limit, nt, table, ranks,
                    stock), 0

        self._moves = moves
        #: the actions the solver searches (:func:`durak_lessons.solver._actions`): covers of
        #: the first uncovered card only (where a take takes the whole table), and after
        #: "take" throw-ins from ``floor`` up
        self.searched: Callable[[Compact, int], list[Action]] = moves
        self.child = child
        #: the position after "take" where that is all the defender may do (else ``None``)
        self.forced = forced
        self.trumps = s.deal.trumps
        #: each seat's table of the cards that beat each card (as the engine's)
        self.beat = (beat0, beat1)
        self.transfers = transfers
        #: the defender's cards that may transfer a position's bout, as a mask (given the
        #: position and the defender's hand)
        self.transferable = transferable
        #: a take takes every card on the table (so the solver covers the first uncovered
        #: card first)
        self.take_all = take_all

    def legal(self, p: Compact) -> list[Action]:
        """The legal actions, exactly as the engine lists them."""
        return self._moves(p, 0, True)


_TRANSITIONS: dict[tuple[object, ...], Transitions] = {}


def transitions(s: BoutState) -> Transitions:
    """The :class:`Transitions` of ``s``'s rules value and trumps (built once, then cached)."""
    ident = (s.rules, s.deal.trumps)
    t = _TRANSITIONS.get(ident)
    if t is None:
        if len(_TRANSITIONS) > 64:
            _TRANSITIONS.clear()
        t = _TRANSITIONS[ident] = Transitions(s)
    return t
