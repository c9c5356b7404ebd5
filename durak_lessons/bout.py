"""The bout games: a leader leads at a defender, who covers, transfers or takes.

This module owns the state of the bout family and its transitions.  Each rule lives in one
function below, named after the rule: :func:`_lead_reason` (what may open a bout, R1/R2),
:func:`_cover_reason` (beating), :func:`_transfer_reason` (R12, R13), :func:`_throw_reason`
(R5-R7), :func:`_end_bout` (taking, discarding, R3), :func:`_refill` (R4), :func:`_finish`
(going out, the fool, R8-R10) and :func:`_next_bout` (turn order).  ``legal_actions`` and
``explain`` call the same checks, so a reason shown to a reader never disagrees with what the
engine allows.

States are treated as immutable: :meth:`BoutState.apply` returns a new state and leaves the
old one untouched (it copies a few tuples and ints; hands are ``int`` bitmasks).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING, Any, Final, TypeAlias

from .actions import (
    _COVER,
    _SINGLE,
    PASS,
    TAKE,
    Action,
    ActionList,
    Kind,
    checked,
    lead_mask,
)
from .beating import beat_tables
from .cards import CARDS, RANK_MASK, RANK_OF, Card, Suit, card_mask, cards_of
from .deal import Deal
from .errors import IllegalActionError, InvalidRecordError, Reason
from .outcome import Outcome, Termination
from .position import CardPosition
from .rules import Beating, Family, LeadShape, OnFail, Rules, ThrowIns
from .trump_exchange import exchange_card, exchange_reason

if TYPE_CHECKING:
    from .engine import GameState

__all__ = ["BoutState", "Phase", "Played", "action_kinds", "start"]


@dataclass(frozen=True, slots=True)
class Played:
    """One action of the public record of play (:meth:`BoutState.history`): who made it,
    the action, and what everyone saw just before it: the table (attack cards and their
    covers, ``-1`` for an uncovered card, as card numbers), how many cards each player had
    drawn from the stock since the deal, and the cards everyone knew to be in each hand
    (bitmasks: seen picked up, or the turned-up trump drawn).

    ``skipped``: the throwers the rules passed over right after the action because they could
    add no card although the bout had room for one (D2: the skip is public), each with the
    cards of the ranks then on the table, none of which he held (a bitmask).  His hand then
    was his hand before the action (a skipped thrower did not make it), and nobody drew in
    between: ``draws`` and ``known`` hold for the skip too.

    ``without_pair``: the action is a pass of the leader who had no lead to make, in a game
    that leads only pairs (Rozaliev 1.г, английские дураки: R19) with room for a pair: so
    everyone saw that his hand just before it held no two cards of one rank."""

    seat: int
    action: Action
    attacks: tuple[int, ...]
    covers: tuple[int, ...]
    draws: tuple[int, ...]
    known: tuple[int, ...]
    skipped: tuple[tuple[int, int], ...] = ()
    without_pair: bool = False

    @property
    def uncovered(self) -> int:
        """The attack cards that lay uncovered just before the action, as a bitmask."""
        return card_mask(a for a, c in zip(self.attacks, self.covers, strict=True) if c < 0)


#: the lead shapes that lead only pairs: a leader with room for a pair who has no lead has no
#: pair (Rozaliev 1.г; R19)
_PAIR_LEADS: Final = frozenset({LeadShape.ONE_PAIR, LeadShape.PAIRS_ONLY})


class _LogBlock(tuple[Any, ...]):
    """Older entries of a record of play, flat: ``(the block before it or None, its entries
    as Played, oldest first)`` (see :data:`_LogCell`)."""

    __slots__ = ()


#: the public record as linked cells, newest first: (older cells, seat, action, the table's
#: attack cards, their covers, the draws so far, the known cards), all taken before the action,
#: the throwers skipped right after it (see Played.skipped), whether it was a pass that
#: showed the leader held no pair (Played.without_pair), and how many cells nest down to the
#: first block or the start (this one included).  A cell per action shares all the older
#: record with the position before, but a chain of thousands of nested tuples is freed by
#: recursion in C, which in Pyodide (the browser's Python) overflows the stack 5,500 to 6,000
#: actions into a deal and kills the interpreter: so every _LOG_FOLD cells are folded into a
#: flat _LogBlock (:func:`log_cell`).
_LogCell: TypeAlias = tuple[
    "_LogCell | _LogBlock | None",
    int,
    Action,
    tuple[int, ...],
    tuple[int, ...],
    tuple[int, ...],
    tuple[int, ...],
    tuple[tuple[int, int], ...],
    bool,
    int,
]
_Log: TypeAlias = "_LogCell | _LogBlock | None"
#: the most cells of a record of play that nest before they are folded into a block
_LOG_FOLD: Final = 500


def _defends(p: int, defender: int, teams: bool) -> bool:
    """Whether seat ``p`` is on the defending side, which never throws in: the defender, and
    in team play his partners, who sit every other seat (R5, R9)."""
    return p == defender or (teams and p % 2 == defender % 2)


def log_cell(
    older: _Log,
    seat: int,
    action: Action,
    attacks: tuple[int, ...],
    covers: tuple[int, ...],
    draws: tuple[int, ...],
    known: tuple[int, ...],
    skipped: tuple[tuple[int, int], ...] = (),
    without_pair: bool = False,
) -> _LogCell:
    """The record of play ``older`` with one more entry (shared with the chain games): a new
    cell on top, the cells below folded into a block once _LOG_FOLD of them nest."""
    depth = older[9] + 1 if type(older) is tuple else 1
    if depth > _LOG_FOLD:
        assert type(older) is tuple
        older, depth = _folded(older), 1
    return (older, seat, action, attacks, covers, draws, known, skipped, without_pair, depth)


def _folded(cell: _LogCell) -> _LogBlock:
    entries: list[Played] = []
    log: _Log = cell
    while type(log) is tuple:
        entries.append(played_cell(log))
        log = log[0]
    entries.reverse()
    return _LogBlock((log, tuple(entries)))


def played_cell(cell: _LogCell) -> Played:
    """The newest entry of a record of play (shared with the chain games)."""
    _, seat, action, attacks, covers, draws, known, skipped, no_pair, _depth = cell
    return Played(seat, action, attacks, covers, draws, known, skipped, no_pair)


def played_list(log: _Log) -> list[Played]:
    """Every entry of a record of play, oldest first."""
    newest: list[Played] = []
    while type(log) is tuple:
        newest.append(played_cell(log))
        log = log[0]
    newest.reverse()
    blocks: list[tuple[Played, ...]] = []
    while log is not None:
        assert isinstance(log, _LogBlock)
        blocks.append(log[1])
        log = log[0]
    return [p for block in reversed(blocks) for p in block] + newest


class Phase:
    """Phases of a bout (plain ints for speed)."""

    LEAD: Final = 0  # the leader must open a bout
    DEFEND: Final = 1  # a card is uncovered: the defender covers, transfers or takes
    THROW: Final = 2  # everything is covered (or 'take' was said): throw-ins in R5 order
    OVER: Final = 3  # the deal has ended

    NAMES: Final = ("lead", "defend", "throw-in", "over")


_TRANSFER = _SINGLE[Kind.TRANSFER]
_EXCHANGE = _SINGLE[Kind.EXCHANGE]
_RETURN = _SINGLE[Kind.RETURN]

#: leads of a hand under the other shapes, by (hand mask, limit, shape, lead size): cached too
_SHAPED_LEADS: dict[tuple[int, int, LeadShape, int], list[Action]] = {}
_THROW = _SINGLE[Kind.THROW]
_GAME_OVER: Final = Reason("end", "the deal is over; no more actions")


class BoutState(CardPosition):
    """One position of a bout game.  Read it through properties; change it with :meth:`apply`.

    Seats are numbered clockwise from 0; "left neighbour" is the next seat.  In team play a
    seat whose player went out stays in the turn order and is played by a partner (R9), so
    ``leader`` and ``defender`` are seats and :meth:`controller` gives the player who acts.
    """

    __slots__ = (
        "_attacks",
        "_beat",
        "_covers",
        "_defender",
        "_discard",
        "_drawn",
        "_draws",
        "_first_bout",
        "_hands",
        "_history",
        "_known",
        "_last_led",
        "_lead_passes",
        "_leader",
        "_legal",
        "_limit",
        "_log",
        "_no_transfer",
        "_out",
        "_outcome",
        "_passes",
        "_phase",
        "_skips",
        "_table_ranks",
        "_taking",
        "_thrower",
        "_throwers",
        "_under",
        "deal",
        "n",
        "rules",
    )

    rules: Rules
    deal: Deal
    n: int
    _hands: tuple[int, ...]
    _known: tuple[int, ...]
    _drawn: int
    _draws: tuple[int, ...]  # cards each player has drawn from the stock so far (public)
    _discard: int
    _attacks: tuple[int, ...]
    _covers: tuple[int, ...]
    _table_ranks: int
    _leader: int
    _defender: int
    _phase: int
    _taking: bool
    _throwers: tuple[int, ...]
    _thrower: int
    _passes: int
    _limit: int
    _out: tuple[int, ...]
    _last_led: tuple[int, ...]
    _no_transfer: bool
    #: the deal's first bout is on (its limit is ``first_bout_limit``, transferred or not)
    _first_bout: bool
    _lead_passes: int
    _under: int
    _history: tuple[tuple[object, ...], ...]
    _outcome: Outcome | None
    _beat: tuple[Sequence[int], ...]
    _legal: list[Action] | None  # memo of legal_actions() (a pure function of the state)
    # the public record of play, newest first, as linked cells (see history()); not part of
    # the position: two states that differ only in how they were reached are equal
    _log: _Log
    #: the throwers skipped (D2) by the action being made, with the table's ranks then (a
    #: card bitmask): for the record of play (Played.skipped); not part of the position
    _skips: tuple[tuple[int, int], ...]

    # ---- construction ------------------------------------------------------------------------
    @classmethod
    def initial(cls, rules: Rules, deal: Deal) -> BoutState:
        """The position right after ``deal`` (the first bout about to be led)."""
        s = cls.__new__(cls)
        s.rules = rules
        s.deal = deal
        n = s.n = len(deal.hands)
        s._hands = tuple(card_mask(h) for h in deal.hands)
        if rules.split_pack:  # everyone saw who took which cards (R16; D44)
            s._known = s._hands
        else:
            s._known = tuple(card_mask(h) & card_mask(deal.public_cards) for h in deal.hands)
        s._drawn = 0
        s._draws = (0,) * n
        s._log = None
        s._skips = ()
        s._discard = 0
        s._out = ()
        s._last_led = (0,) * n
        s._outcome = None
        s._lead_passes = 0
        s._beat = beat_tables(rules, deal.trumps)
        s._no_transfer = deal.no_transfer_first
        s._first_bout = True
        s._under = -1
        s._history = ()
        s._legal = None
        s._start_bout(deal.leader, first=True)
        return s

    # pickling: the public record is a chain of cells, each holding the one before, which
    # the default pickling walks by recursion (past the recursion limit some 1,000 actions
    # into a deal): it goes as a flat list instead
    def __getstate__(self) -> dict[str, object]:
        state: dict[str, object] = {}
        for cls in type(self).__mro__:
            for name in getattr(cls, "__slots__", ()):
                if name not in state and hasattr(self, name):
                    state[name] = getattr(self, name)
        entries = [
            (p.seat, p.action, p.attacks, p.covers, p.draws, p.known, p.skipped, p.without_pair)
            for p in reversed(played_list(self._log))
        ]
        state["_log"] = entries  # the newest first
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        log: _Log = None
        for entry in reversed(state.pop("_log")):
            log = log_cell(log, *entry)
        for name, value in state.items():
            setattr(self, name, value)
        self._log = log

    def _copy(self) -> BoutState:
        s = type(self).__new__(type(self))
        s.rules = self.rules
        s.deal = self.deal
        s.n = self.n
        s._hands = self._hands
        s._known = self._known
        s._drawn = self._drawn
        s._draws = self._draws
        s._log = self._log
        s._skips = ()
        s._discard = self._discard
        s._attacks = self._attacks
        s._covers = self._covers
        s._table_ranks = self._table_ranks
        s._leader = self._leader
        s._defender = self._defender
        s._phase = self._phase
        s._taking = self._taking
        s._throwers = self._throwers
        s._thrower = self._thrower
        s._passes = self._passes
        s._limit = self._limit
        s._out = self._out
        s._last_led = self._last_led
        s._no_transfer = self._no_transfer
        s._first_bout = self._first_bout
        s._under = self._under
        s._history = self._history
        s._lead_passes = self._lead_passes
        s._outcome = self._outcome
        s._beat = self._beat
        s._legal = None
        return s

    def with_hidden(self, hands: Sequence[int], stock: Sequence[int]) -> BoutState:
        """This position with the hands replaced by ``hands`` (bitmasks, one per seat) and the
        rest of the stock by ``stock`` (drawing order): a *world* for search by sampling.

        Everything public (table, discard, turn, known cards, ...) is kept.  The new state's
        deal holds only these hands and this stock, so it carries no card of the real deal
        that was not given.  :meth:`~durak_lessons.views.View.world` checks that the cards
        given are consistent with one seat's view and calls this.
        """
        d = self.deal
        cards = list(stock)
        dealt = list(hands)
        if cards and self._under >= 0 and d.trump_card is not None:
            # the trump six exchanged (R19): the deal is written as it was before the exchange,
            # the six in the hand that now holds the turned-up trump, which ends the stock
            # (the state draws the six in its place: see the stock property)
            cards[-1] = d.trump_card
            turned, six = 1 << d.trump_card, 1 << self._under
            dealt = [h & ~turned | six if h & turned else h for h in hands]
        new_deal = d.with_cards(dealt, cards)
        s = self._copy()
        s.deal = new_deal
        s._hands = tuple(hands)
        s._drawn = 0
        # the bout starts met before (D39) held the real hands: in this world they were others,
        # unless every card is known to both players left (the stock empty, or only its face-up
        # card left): then this world is the position itself, and those met since the stock
        # last changed may come round again (their draw count is this world's 0)
        s._history = ()
        if self._all_public():
            drawn = self._drawn
            s._history = tuple(
                (k[0], 0, *k[2:]) for k in self._history if k[1] == drawn
            )
        return s

    def _all_public(self) -> bool:
        """Whether every card in play is known to both players left: two players in the deal,
        the stock empty or holding only the face-up card under it, every hand seen by its
        holder (not the blind game)."""
        if self.rules.blind or self.n - len(self._out) != 2:
            return False
        left = self.stock_count
        return left == 0 or (left == 1 and self.deal.trump_card_in_stock)

    # ---- public read-only view of the state --------------------------------------------------
    @property
    def phase(self) -> str:
        """'lead', 'defend', 'throw-in' or 'over'."""
        return Phase.NAMES[self._phase]

    @property
    def leader(self) -> int:
        return self._leader

    @property
    def defender(self) -> int:
        return self._defender

    @property
    def taking(self) -> bool:
        """The defender has said 'take' and the others may still throw in (R7)."""
        return self._taking

    @property
    def to_move(self) -> int | None:
        """The player (seat number of his hand) who acts now, or ``None`` when the deal is over."""
        phase = self._phase
        if phase == Phase.THROW:
            return self._throwers[self._thrower]
        if phase == Phase.LEAD:
            return self.controller(self._leader)
        if phase == Phase.DEFEND:
            return self.controller(self._defender)
        return None

    @property
    def table(self) -> list[tuple[Card, Card | None]]:
        """(attack card, cover card or None) in the order the attack cards were played."""
        return [
            (CARDS[a], CARDS[c] if c >= 0 else None)
            for a, c in zip(self._attacks, self._covers, strict=True)
        ]

    @property
    def stock(self) -> list[Card]:
        """The cards left in the stock, next card first (hidden information)."""
        rest = list(self.deal.stock[self._drawn :])
        if rest and self._under >= 0:
            rest[-1] = CARDS[self._under]  # the trump six exchanged under the stock (R19)
        return rest

    @property
    def under_card(self) -> Card | None:
        """The face-up card under the stock (the turned-up trump, or the card exchanged for it,
        R19), or ``None`` once it has been drawn or when there is none."""
        if not self.deal.trump_card_in_stock or self.stock_count == 0:
            return None
        return CARDS[self._under] if self._under >= 0 else self.deal.trump_card

    @property
    def limit(self) -> int:
        """How many cards this bout may hold at most (R6; fixed at the bout's start)."""
        return self._limit

    @property
    def throwers(self) -> tuple[int, ...]:
        """Players who may throw in this bout, in R5 order (the leader first)."""
        return self._throwers

    @property
    def is_over(self) -> bool:
        return self._phase == Phase.OVER

    def controller(self, seat: int) -> int:
        """The player who plays ``seat``: himself, or in team play a partner once he is out (R9)."""
        if not self.rules.teams or seat not in self._out:
            return seat
        n = self.n
        for k in range(2, n, 2):
            partner = (seat - k) % n  # the nearest partner counter-clockwise (R9)
            if partner not in self._out:
                return partner
        return seat

    def beats(self, attack: int, card: int, player: int | None = None) -> bool:
        """Does ``card`` beat ``attack`` for ``player`` (the defender by default)?"""
        who = self.controller(self._defender) if player is None else player
        return bool(self._beat[who][attack] >> card & 1)

    # ---- seats and turn order ----------------------------------------------------------------
    def _live(self, seat: int) -> bool:
        if self.rules.teams:
            return True  # a vacated seat stays in the turn order (R9) until the deal ends
        return seat not in self._out

    def _next_live(self, seat: int) -> int:
        n = self.n
        for k in range(1, n + 1):
            s = (seat + k) % n
            if self._live(s):
                return s
        return seat

    def _start_bout(self, leader: int, *, first: bool = False) -> None:
        self._leader = leader
        self._defender = self._next_live(leader)
        self._phase = Phase.LEAD
        self._attacks = ()
        self._covers = ()
        self._table_ranks = 0
        self._taking = False
        self._thrower = 0
        self._passes = 0
        self._throwers = self._compute_throwers()
        self._limit = self._bout_limit()
        if self.rules.repetition_draw and not first:
            self._check_repetition()

    def _check_repetition(self) -> None:
        """D39: a bout about to start in a position (hands, stock, leader, who is out) that
        comes up for the ``repetition_draw``-th time draws the deal (R10), as in the chain
        games (D19)."""
        key = (self._hands, self._drawn, self._under, self._leader, self._out)
        if self._history.count(key) + 1 >= self.rules.repetition_draw:
            self._phase = Phase.OVER
            self._outcome = Outcome(Termination.DRAW, self._out)
            return
        self._history = (*self._history, key)

    def _cap(self) -> int:
        """The most cards a bout may hold whatever the defender's hand (R6)."""
        rules = self.rules
        if self._first_bout and rules.first_bout_limit:  # until a bout has been played
            return min(rules.attack_limit, rules.first_bout_limit)  # R6 option
        return rules.attack_limit

    def _bout_limit(self) -> int:
        rules = self.rules
        limit = self._cap()
        if rules.oversize_leads:
            return limit  # R1 option: the defender gives back what he cannot answer
        return min(limit, self._hands[self.controller(self._defender)].bit_count())  # R6, R1

    def _compute_throwers(self) -> tuple[int, ...]:
        """Players who may throw in, the leader first, then clockwise (R5)."""
        if self.rules.throw_ins == ThrowIns.NONE:
            return ()
        n = self.n
        defender = self.controller(self._defender)
        first = self.controller(self._leader)
        teams = self.rules.teams
        out = self._out
        order = []
        for k in range(n):
            p = (first + k) % n
            if p not in out and not _defends(p, defender, teams):
                order.append(p)
        return tuple(order)

    # ---- legality ----------------------------------------------------------------------------
    def legal_actions(self) -> ActionList:
        """Every action the player to move may take now."""
        legal = self._legal
        if legal is None:
            legal = self._legal_actions()
            if self.rules.trump_exchange:
                card = exchange_card(self)
                if card is not None:
                    legal = [*legal, _EXCHANGE[card]]
            self._legal = legal  # a memo: the state itself never changes
        return ActionList(legal)

    def _legal_actions(self) -> list[Action]:
        phase = self._phase
        if phase == Phase.DEFEND:
            return self._defend_actions()
        if phase == Phase.THROW:
            return self._throw_actions()
        if phase == Phase.LEAD:
            rules = self.rules
            hand = self._hands[self.controller(self._leader)]
            if rules.lead_shape == LeadShape.SAME_RANK:
                limit = self._limit
                out: list[Action] = []
                rest = hand
                while rest:  # one rank group at a time, lowest card first (as _lead_masks)
                    group = rest & RANK_MASK[RANK_OF[(rest & -rest).bit_length() - 1]]
                    rest ^= group
                    out += _group_leads(group, limit)
                return out
            shaped_key = (hand, self._limit, rules.lead_shape, rules.lead_size)
            leads = _SHAPED_LEADS.get(shaped_key)
            if leads is None:
                if len(_SHAPED_LEADS) > 200_000:
                    _SHAPED_LEADS.clear()
                leads = _SHAPED_LEADS[shaped_key] = [lead_mask(m) for m in self._lead_masks()]
            if not leads and rules.pass_without_lead:
                return [PASS]
            return list(leads)
        return []

    def _excess(self) -> int:
        """R1 option: how many uncovered led cards exceed what the defender can answer."""
        if not self.rules.oversize_leads:
            return 0
        uncovered = self._covers.count(-1)
        return uncovered - self._hands[self.controller(self._defender)].bit_count()

    def _defend_actions(self) -> list[Action]:
        if self._excess() > 0:  # first give back the cards he will not answer (R1 option)
            return [
                _RETURN[a] for a, c in zip(self._attacks, self._covers, strict=True) if c < 0
            ]
        player = self.controller(self._defender)
        hand = self._hands[player]
        out: list[Action] = []
        _cover_actions(out, hand, self._beat[player], self._attacks, self._covers)
        if self.rules.transfers and self._transfer_reason_general() is None:
            _append_each(out, _TRANSFER, hand & RANK_MASK[RANK_OF[self._attacks[0]]])
        if self.rules.must_cover and any(a.kind == Kind.COVER for a in out):
            return out  # D24 option: no 'take' while a card can be covered
        out.append(TAKE)
        return out

    def _throw_actions(self) -> list[Action]:
        player = self._throwers[self._thrower]
        out: list[Action] = []
        if len(self._attacks) < self._limit:
            _append_each(out, _THROW, self._hands[player] & self._table_ranks)
        out.append(PASS)
        return out

    def _lead_masks(self) -> Iterator[int]:
        hand = self._hands[self.controller(self._leader)]
        rules = self.rules
        limit = self._limit
        shape = rules.lead_shape
        if shape == LeadShape.SAME_RANK or shape == LeadShape.SINGLE:
            single = shape == LeadShape.SINGLE or limit == 1
            rest = hand
            while rest:  # one rank group at a time, lowest card first
                group = rest & RANK_MASK[RANK_OF[(rest & -rest).bit_length() - 1]]
                rest &= ~group
                yield from _group_lead_masks(group, 1 if single else limit)
            return
        yield from _shaped_leads(hand, shape, limit, rules.lead_size)

    def explain(self, action: Action | str, player: int | None = None) -> Reason | None:
        """Why ``action`` is illegal now, or ``None`` if it is legal.

        ``player``, when given, is the seat that tries to act; another seat than
        :attr:`to_move` is refused with the reason.  ``action`` may be notation (``"take"``);
        a malformed one raises :class:`~durak_lessons.errors.InvalidActionError`
        (:func:`~durak_lessons.actions.checked`).
        """
        action = checked(action)
        phase = self._phase
        if phase == Phase.OVER:
            return _GAME_OVER
        actor = self.to_move
        assert actor is not None
        kind = action.kind
        if kind not in action_kinds(self.rules):  # an action of other games, refused first
            return self._absent_reason(action, actor)
        if player is not None and player != actor:
            if kind == Kind.THROW and phase != Phase.LEAD and 0 <= player < self.n:
                never = self._never_throws(player)
                if never is not None:  # no turn would ever make his throw-in legal
                    return never
            return Reason(
                "turn order",
                f"it is seat {actor}'s turn to {_PHASE_VERB[phase]}, not seat {player}'s",
            )
        if kind == Kind.EXCHANGE:
            return exchange_reason(self, actor, action.card)
        if kind == Kind.NAME:
            return Reason(
                "R16; D31",
                "each player names his own trump once, after the deal and before the first lead;"
                " the naming is over",
            )
        wrong = self._wrong_kind_reason(kind, actor)  # before the cards: the action's kind is
        if wrong is not None:  # the player's first mistake ("cover or take", not "6♦ is not
            return wrong  # in the hand" for a defender who tried to lead)
        hand = self._hands[actor] if kind != Kind.RETURN else -1  # a given-back card is led
        for card in action.cards:
            if not hand >> card & 1:
                return Reason("hand", f"{card} is not in the hand of seat {actor}")
        if phase == Phase.LEAD:
            if kind == Kind.LEAD:
                return self._lead_reason(action)
            # a pass (_wrong_kind_reason refused every other kind)
            if not self.rules.pass_without_lead:
                return Reason(self._pass_rule(), "the leader must lead; passing is not allowed")
            if any(True for _ in self._lead_masks()):
                rule = "Rozaliev 1.г" if self.rules.lead_shape == LeadShape.ONE_PAIR else "R19"
                return Reason(rule, "a player who can lead must lead")
            return None
        if phase == Phase.DEFEND:
            excess = self._excess()
            if excess > 0 or kind == Kind.RETURN:
                return self._return_reason(action, excess)
            if kind == Kind.COVER:
                return self._cover_reason(action, actor)
            if kind == Kind.TRANSFER:
                return self._transfer_reason(action.card)
            # "take" (_wrong_kind_reason refused every other kind)
            if self.rules.must_cover and any(a.kind == Kind.COVER for a in self._defend_actions()):
                return Reason("D24", "the defender must cover what he can before he may take")
            return None
        # throw-in phase: a pass, a throw-in or the defender's "take" (see _wrong_kind_reason)
        if kind == Kind.THROW:
            return self._throw_reason(action.card)
        return None

    def _wrong_kind_reason(self, kind: Kind, actor: int) -> Reason | None:
        """Why an action of ``kind`` is none the player to act may take in this phase,
        whatever its cards, or ``None``."""
        phase = self._phase
        if phase == Phase.LEAD:
            if kind in (Kind.LEAD, Kind.PASS):
                return None
            return Reason("turn order", f"the bout has not been led yet: seat {actor} must lead")
        if phase == Phase.DEFEND:
            if kind in (Kind.COVER, Kind.TRANSFER, Kind.TAKE, Kind.RETURN) or self._excess() > 0:
                return None
            return Reason(
                "D1",
                f"seat {actor} must first answer the uncovered cards: "
                + ("cover, transfer or take" if self.rules.transfers else "cover or take"),
            )
        if kind in (Kind.PASS, Kind.THROW):
            return None
        if kind == Kind.TAKE:
            if actor == self.controller(self._defender):
                return None
            return Reason("R5", "only the defender takes; a thrower may throw in or pass")
        return Reason("R5", f"seat {actor} may throw in a card of a rank on the table, or pass")

    def _never_throws(self, player: int) -> Reason | None:
        """Why ``player`` may not throw in at all in this bout (R5: never the defender; in
        team play never his partners either, R9), or None."""
        defender = self.controller(self._defender)
        if player == defender:
            return Reason("R5", f"seat {player} is the defender: the defender never throws in")
        if _defends(player, defender, self.rules.teams):
            return Reason(
                "R5; R9",
                f"seat {player} is a partner of the defender, seat {defender}: only the "
                "defender's opponents throw in",
            )
        return None

    def _absent_reason(self, action: Action, actor: int) -> Reason:
        """Why ``kind`` is no action of this game at all (:func:`action_kinds`): which games
        have it, what this game does instead, cited as the game's own rule for the option that
        decides it (its source section) or, for rules of one's own, the reading of the
        mechanism."""
        rules = self.rules
        kind = action.kind
        if kind == Kind.TRANSFER:
            general = self._transfer_reason_general()
            assert general is not None
            return general
        if kind == Kind.EXCHANGE and rules.fixed_trump:  # no card is turned up at all (R15)
            return Reason(
                rules.cite("fixed_trump", "R15"),
                "the exchange of the trump six belongs to дураки с пар (R19), not this game: here "
                f"{Suit('SCDH'.index(rules.fixed_trump)).english} are always trumps and no trump "
                "card is turned up",
            )
        if kind == Kind.EXCHANGE:
            exchange = exchange_reason(self, actor, action.card)
            assert exchange is not None
            return exchange
        if kind == Kind.RETURN:
            return Reason(
                self._size_rule(),
                "no card is given back in this game: a lead never holds more cards than the "
                "defender (giving back belongs to the R1 option)",
            )
        if kind == Kind.PASS:
            if self._phase == Phase.LEAD:
                return Reason(self._pass_rule(), "the leader must lead; passing is not allowed")
            return Reason(
                self._pass_rule(),
                "nobody passes in this game: nobody throws in (throw-ins, and the pass that ends "
                "them, belong to подкидной and переводной, R5), and the defender covers or takes",
            )
        option, reading, text = _ABSENT[kind]
        if kind == Kind.NAME:
            text += (
                f"{Suit('SCDH'.index(rules.fixed_trump)).english} are always trumps"
                if rules.fixed_trump
                else "the turned-up card's suit is everyone's trump"
            )
        elif kind == Kind.THROW:
            text += "the lead is made once"
        elif kind == Kind.PICK:
            target = action.target
            text += (
                f"the defender sees his cards and covers {target} with one he names"
                f" (C{target.code}<card>)"
                if target is not None
                else "a player sees his cards and plays those he names (L<cards> to lead,"
                " C<attack><card> to cover)"
            )
        else:
            text += _BLIND_PLAY[kind] if rules.blind else _CARD_PLAY[kind]
        return Reason(rules.cite(option, reading), text)

    def _return_reason(self, action: Action, excess: int) -> Reason | None:
        """R1 option: a defender facing more cards than he holds gives some back first."""
        if excess <= 0:  # (a game without the R1 option has no give-back: _absent_reason)
            return Reason("R1", "a defender who can answer every led card gives none back")
        if action.kind != Kind.RETURN:
            return Reason(
                "R1",
                f"the defender holds fewer cards than were led: he first gives back {excess} "
                "of them to the leader",
            )
        card = action.card
        if card not in self._attacks or self._covers[self._attacks.index(card)] >= 0:
            return Reason("table", f"{card} is not an uncovered led card")
        return None

    def _lead_reason(self, action: Action) -> Reason | None:
        rules = self.rules
        mask = card_mask(action.cards)
        size = len(action.cards)
        if size > self._limit:
            defender_cards = self._hands[self.controller(self._defender)].bit_count()
            rule = self._size_rule()
            if size > defender_cards:
                return Reason(
                    rule, f"a lead may not hold more cards than the defender has ({defender_cards})"
                )
            return Reason(rule, f"a lead holds at most {self._limit} cards in this bout")
        if not _shape_ok(rules.lead_shape, mask, rules.lead_size, self._limit):
            text = _SHAPE_TEXT[rules.lead_shape]
            if rules.lead_shape == LeadShape.ANY_COUNT and rules.lead_size:
                text += f" ({rules.lead_size})"
            return Reason(self._shape_rule(), text)
        return None

    # ---- what a refusal cites: the game's own source, with the reading it rests on ---------
    def _shape_rule(self) -> str:
        """What decides a lead's shape in this game (R2, R19, D21, D33 …)."""
        shape = self.rules.lead_shape
        return _with_reading(self.rules.cite("lead_shape", ""), _SHAPE_RULE[shape])

    def _size_rule(self) -> str:
        """What caps a lead's size: R6 where others throw in, else the game's lead-size
        reading (R1 in простой, R19 in the с пар family, D33 во все карты)."""
        rules = self.rules
        if rules.throw_ins != ThrowIns.NONE:
            return "R6"
        return _with_reading(rules.cite("attack_limit", ""), _SIZE_RULE[rules.lead_shape])

    def _pass_rule(self) -> str:
        """Why the leader may not pass: his game's own rule (R19 in the с пар family)."""
        rules = self.rules
        reading = "R19" if _SIZE_RULE[rules.lead_shape] == "R19" else ""
        return _with_reading(rules.cite("pass_without_lead", "Rozaliev 2"), reading)

    def _cover_reason(self, action: Action, player: int) -> Reason | None:
        attack = action.target
        assert attack is not None
        try:
            i = self._attacks.index(attack)
        except ValueError:
            return Reason("table", f"{attack} is not an attack card on the table")
        if self._covers[i] >= 0:
            return Reason("table", f"{attack} is already covered by {CARDS[self._covers[i]]}")
        if not self._beat[player][attack] >> action.card & 1:
            return Reason(*_why_not_beat(self, attack, action.card, player))
        return None

    def _transfer_reason_general(self) -> Reason | None:
        """Why no transfer at all is possible now (R12, R11), or None."""
        rules = self.rules
        if not rules.transfers:
            return Reason(
                rules.cite("transfers", "Rozaliev 2"),
                "transfers belong to переводной (Rozaliev 3.а), not this game",
            )
        if self._no_transfer:
            return Reason("R11", "the first lead made «под дурака» may not be transferred")
        if any(c >= 0 for c in self._covers):
            return Reason("R12", "a bout can be transferred only before any card is covered")
        if len(self._attacks) + 1 > (cap := self._cap()):
            return Reason("R6", f"a transfer would put more than {cap} cards on the table")
        target = self._next_live(self._defender)
        target_player = self.controller(target)
        need = len(self._attacks) + 1
        have = self._hands[target_player].bit_count()
        if have < need and not self._otkaz_allowed(target_player):
            return Reason(
                "R12",
                f"seat {target_player} holds {have} card{'s' if have != 1 else ''}, fewer than the "
                f"{need} that would lie on the table after the transfer",
            )
        return None

    def _otkaz_allowed(self, target_player: int) -> bool:
        """R13: two players left, the stock empty, and the leader has just emptied his hand."""
        rules = self.rules
        return (
            rules.otkaz
            and self.n - len(self._out) == 2
            and self.stock_count == 0
            and target_player == self.controller(self._leader)
            and self._hands[target_player] == 0
        )

    def _transfer_reason(self, card: int) -> Reason | None:
        general = self._transfer_reason_general()
        if general is not None:
            return general
        rank = RANK_OF[self._attacks[0]]
        if RANK_OF[card] != rank:
            return Reason(
                "R12",
                "a transfer needs a card of the rank on the table "
                f"({CARDS[self._attacks[0]].rank})",
            )
        return None

    def _throw_reason(self, card: int) -> Reason | None:
        if len(self._attacks) >= self._limit:
            return Reason(
                "R6",
                f"the bout already holds {len(self._attacks)} led cards, the most allowed "
                f"(the lesser of {self._cap()} and the cards the defender held when the bout "
                "came to him)",
            )
        if not self._table_ranks >> card & 1:
            return Reason("Rozaliev 2", f"{CARDS[card]} is not of a rank on the table")
        return None

    # ---- transitions -------------------------------------------------------------------------
    def apply(self, action: Action | str, player: int | None = None) -> BoutState:
        """The position after ``action`` (an :class:`Action` or its notation).

        Raises :class:`IllegalActionError` if the rules forbid it, and
        :class:`~durak_lessons.errors.InvalidActionError` if it is malformed (the state is
        unchanged either way).
        """
        legal = self._legal
        try:
            if legal is None or isinstance(action, str) or player not in (None, self.to_move):
                raise ValueError
            action = legal[legal.index(action)]  # the engine's own value of it
        except ValueError:
            action = checked(action)
            reason = self.explain(action, player)  # the same checks legal_actions() makes
            if reason is not None:
                raise IllegalActionError(reason, action) from None
        s = self._copy()
        s._apply(action)
        s._log = self._logged(action, s._skips)
        return s

    def _logged(self, action: Action, skips: tuple[tuple[int, int], ...] = ()) -> _LogCell:
        """The public record of play after ``action`` is made from this position, with the
        throwers the rules skipped right after it (``skips``)."""
        actor = self.to_move
        assert actor is not None
        without_pair = (
            action.kind == Kind.PASS
            and self._phase == Phase.LEAD
            and self._limit >= 2
            and self.rules.lead_shape in _PAIR_LEADS
        )  # a pass at the lead is legal only where no lead is (R19): so he held no pair
        return log_cell(
            self._log,
            actor,
            action,
            self._attacks,
            self._covers,
            self._draws,
            self._known,
            skips,
            without_pair,
        )

    def history(self) -> list[Played]:
        """Every action made so far in this deal, oldest first, with who made it and what
        everyone saw just before it (the table, the cards each player had drawn, the cards
        known to be in each hand).  All of it is public: at a real table every player watches
        every play.

        >>> from durak_lessons import new_game
        >>> s = new_game("podkidnoy", players=2, seed=3)
        >>> s = s.apply(s.legal_actions()[0])
        >>> [(p.seat, str(p.action)) for p in s.history()]
        [(1, 'L8C8H')]
        """
        return played_list(self._log)

    def last_played(self) -> Played | None:
        """The newest entry of :meth:`history` (``None`` before the first action), without
        walking the whole record: ``history()`` costs the length of the deal, this nothing."""
        return None if self._log is None else played_cell(self._log)

    @property
    def draws(self) -> tuple[int, ...]:
        """How many cards each player has drawn from the stock since the deal (public)."""
        return self._draws

    def _apply(self, action: Action) -> None:
        kind = action.kind
        actor = self.to_move
        assert actor is not None
        if kind == Kind.EXCHANGE:
            self._exchange(actor, action.card)
            return
        if kind == Kind.RETURN:
            self._give_back(action.card)
            if -1 not in self._covers:  # he had answered the rest: as after his last cover
                self._enter_throw()
            return
        if action.cards:
            mask = card_mask(action.cards)
            hands = list(self._hands)
            hands[actor] &= ~mask
            self._hands = tuple(hands)
            if self._known[actor] & mask:
                known = list(self._known)
                known[actor] &= ~mask
                self._known = tuple(known)
        if kind == Kind.COVER:
            card = action.card
            covers = list(self._covers)
            covers[self._attacks.index(action.target)] = card
            self._covers = tuple(covers)
            new_rank = not self._table_ranks >> card & 1
            self._table_ranks |= RANK_MASK[RANK_OF[card]]
            if -1 in self._covers:
                return
            if new_rank:  # a new rank on the table reopens the throw-in turn (R5)
                self._thrower = 0
                self._passes = 0
            self._enter_throw()
        elif kind == Kind.LEAD:
            self._attacks = tuple(action.cards)
            self._covers = (-1,) * len(action.cards)
            self._table_ranks = RANK_MASK[RANK_OF[action.cards[0]]]
            for c in action.cards[1:]:
                self._table_ranks |= RANK_MASK[RANK_OF[c]]
            self._phase = Phase.DEFEND
            self._lead_passes = 0
            if self.rules.oversize_leads:
                # R1 option: only the lead may exceed the defender's hand; throw-ins keep to
                # it (R6), the lead counted in (our reading D41)
                defender_cards = self._hands[self.controller(self._defender)].bit_count()
                self._limit = max(len(action.cards), min(self._cap(), defender_cards))
        elif kind == Kind.THROW:
            card = action.card
            self._attacks = (*self._attacks, card)
            self._covers = (*self._covers, -1)
            self._passes = 0
            if self._taking:
                self._settle_throw()
            else:
                self._phase = Phase.DEFEND
        elif kind == Kind.PASS:
            if self._phase == Phase.LEAD:
                self._pass_lead()
                return
            self._passes += 1
            self._thrower = (self._thrower + 1) % len(self._throwers)
            self._settle_throw()
        elif kind == Kind.TAKE:
            rules = self.rules
            if rules.throw_in_after_take and self._throwers:  # R7
                self._taking = True
                self._thrower = 0
                self._passes = 0
                self._phase = Phase.THROW
                self._settle_throw()
            else:
                self._end_bout(taken=True)
        elif kind == Kind.TRANSFER:
            card = action.card
            self._attacks = (*self._attacks, card)
            self._covers = (*self._covers, -1)
            old_defender = self._defender
            self._leader = old_defender  # the last transferer becomes the leader (R12)
            self._defender = self._next_live(old_defender)
            self._throwers = self._compute_throwers()
            self._thrower = 0
            self._passes = 0
            defender_cards = self._hands[self.controller(self._defender)].bit_count()
            # R6 (its first-bout option too), R12
            self._limit = max(len(self._attacks), min(self._cap(), defender_cards))
        else:  # pragma: no cover - explain() refuses every other kind
            raise AssertionError(kind)

    def _give_back(self, card: int) -> None:
        """R1 option: the led card goes back, face up, into the leader's hand."""
        i = self._attacks.index(card)
        self._attacks = self._attacks[:i] + self._attacks[i + 1 :]
        self._covers = self._covers[:i] + self._covers[i + 1 :]
        # what he keeps is all he answers: nothing more is thrown in (D41: else a card given
        # back could be thrown in again, and so on)
        self._limit = min(self._limit, len(self._attacks))
        leader = self.controller(self._leader)
        hands = list(self._hands)
        hands[leader] |= 1 << card
        self._hands = tuple(hands)
        known = list(self._known)
        known[leader] |= 1 << card
        self._known = tuple(known)
        ranks = 0
        for c in (*self._attacks, *self._covers):
            if c >= 0:
                ranks |= RANK_MASK[RANK_OF[c]]
        self._table_ranks = ranks

    def _exchange(self, player: int, card: int) -> None:
        """R19: the lowest trump goes under the stock, face up; the turned-up trump into the
        hand (everyone sees both)."""
        trump_card = self.deal.trump_card
        assert trump_card is not None
        hands = list(self._hands)
        hands[player] = hands[player] & ~(1 << card) | 1 << trump_card
        self._hands = tuple(hands)
        known = list(self._known)
        known[player] = known[player] & ~(1 << card) | 1 << trump_card
        self._known = tuple(known)
        self._under = card

    def _enter_throw(self) -> None:
        if not self._throwers:
            self._end_bout(taken=False)
            return
        self._phase = Phase.THROW
        self._settle_throw()

    def _settle_throw(self) -> None:
        """Skip throwers who cannot add a card (D2); end the bout when all have passed (R5)."""
        throwers = self._throwers
        count = len(throwers)
        room = len(self._attacks) < self._limit
        ranks = self._table_ranks
        hands = self._hands
        while self._passes < count:
            if room:
                seat = throwers[self._thrower]
                if hands[seat] & ranks:
                    return
                self._skips += ((seat, ranks),)  # public (D2): he holds none of these ranks
            self._passes += 1
            self._thrower = (self._thrower + 1) % count
        self._end_bout(taken=self._taking)

    def _pass_lead(self) -> None:
        """No legal lead (1.г, английские): the turn to lead passes on (R19)."""
        self._lead_passes += 1
        live = self.n - len(self._out)
        if self._lead_passes >= live:
            if self.rules.pass_round_draws and self.stock_count:
                first = self._next_live(self._leader)  # who passed first in the round
                self._draw_round(first)  # D36
                self._start_bout(first)
                self._lead_passes = 0  # a new round of leads: each may pass once more (R19)
                return
            if self.rules.draw_when_all_pass:
                self._phase = Phase.OVER
                self._outcome = Outcome(Termination.DRAW, self._out)
                return
        passes = self._lead_passes
        self._start_bout(self._next_live(self._leader))
        self._lead_passes = passes

    def _draw_round(self, first: int) -> None:
        """D36: after a round of passed leads, each player in turn from ``first`` draws one
        card while the stock lasts."""
        stock = self.deal.stock
        last = len(stock) - 1
        hands = list(self._hands)
        known = list(self._known)
        drawn = self._drawn
        draws = list(self._draws)
        n = self.n
        for k in range(n):
            p = self.controller((first + k) % n)
            if drawn > last or p in self._out:
                continue
            draws[p] += 1
            card = stock[drawn]
            if drawn == last and self.deal.trump_card_in_stock:
                if self._under >= 0:
                    card = CARDS[self._under]
                known[p] |= 1 << card
            hands[p] |= 1 << card
            drawn += 1
        self._hands = tuple(hands)
        self._known = tuple(known)
        self._drawn = drawn
        self._draws = tuple(draws)

    def _end_bout(self, *, taken: bool) -> None:
        """Resolve the bout: the defender takes (R3, R7) or the cards go to the discard."""
        defender_seat = self._defender
        defender = self.controller(defender_seat)
        attacks = card_mask(self._attacks)
        covers = card_mask(c for c in self._covers if c >= 0)
        last_led = list(self._last_led)
        last_led[defender] = attacks
        self._last_led = tuple(last_led)
        if taken:
            mode = self.rules.on_fail
            if mode == OnFail.ALL or mode == OnFail.LED_SO_FAR:
                taken_mask = attacks | covers
            else:  # UNCOVERED / FAILED_CARD: beaten pairs go to the discard (R3, R16)
                taken_mask = card_mask(
                    a for a, c in zip(self._attacks, self._covers, strict=True) if c < 0
                )
                self._discard |= (attacks | covers) & ~taken_mask
            hands = list(self._hands)
            hands[defender] |= taken_mask
            self._hands = tuple(hands)
            known = list(self._known)
            known[defender] |= taken_mask
            self._known = tuple(known)
        else:
            self._discard |= attacks | covers
        self._attacks = ()
        self._covers = ()
        self._table_ranks = 0
        self._refill()
        self._no_transfer = False
        self._first_bout = False
        if self._finish():
            return
        if taken:
            leader = self._next_live(defender_seat)  # the taker loses his turn (Rozaliev 2; R3)
        else:
            # the beater leads next, or his left neighbour if he has gone out (R3; D43)
            leader = defender_seat if self._live(defender_seat) else self._next_live(defender_seat)
        self._start_bout(leader)

    def _refill_order(self) -> tuple[int, ...]:
        """The leader first, then clockwise, the defender last (R4)."""
        return _refill_order(self.n, self.controller(self._leader), self.controller(self._defender))

    def _refill(self) -> None:
        rules = self.rules
        stock = self.deal.stock
        if not rules.refill or self._drawn >= len(stock):
            return
        size = rules.hand_size
        hands = list(self._hands)
        known = list(self._known)
        drawn = self._drawn
        last = len(stock) - 1
        turned = self.deal.trump_card_in_stock
        placed = card_mask(self.deal.placed_cards) if self.deal.extra else 0  # D26
        draws = list(self._draws)
        for p in self._refill_order():
            need = size - hands[p].bit_count()
            draws[p] += max(0, min(need, last + 1 - drawn))
            while need > 0 and drawn <= last:
                card = stock[drawn]
                if drawn == last and self._under >= 0:
                    card = CARDS[self._under]  # the card exchanged for the trump (R19)
                hands[p] |= 1 << card
                if (drawn == last and turned) or placed >> card & 1:
                    known[p] |= 1 << card  # everyone saw the turned-up trump go to this hand
                drawn += 1
                need -= 1
        self._hands = tuple(hands)
        self._known = tuple(known)
        self._drawn = drawn
        self._draws = tuple(draws)

    def _finish(self) -> bool:
        """Record who went out (R9, R10); end the deal when it is decided."""
        if self._drawn < len(self.deal.stock):
            return False
        out = list(self._out)
        for p in self._refill_order():
            if not self._hands[p] and p not in out:
                out.append(p)  # D3: ranked in refilling order
        self._out = tuple(out)
        n = self.n
        if self.rules.teams:
            done = [all(p in out for p in range(t, n, 2)) for t in (0, 1)]
            if not any(done):
                return False
            self._phase = Phase.OVER
            if all(done):
                self._outcome = Outcome(Termination.DRAW, self._out)
            else:
                winner = 0 if done[0] else 1
                self._outcome = Outcome(
                    Termination.TEAM,
                    self._out,
                    winning_team=winner,
                    losing_team=1 - winner,
                    team_losers=tuple(p for p in range(n) if p % 2 != winner),
                )
            return True
        remaining = [p for p in range(n) if p not in out]
        if len(remaining) > 1:
            return False
        self._phase = Phase.OVER
        if not remaining:
            self._outcome = Outcome(Termination.DRAW, self._out)  # R10
            return True
        fool = remaining[0]
        self._outcome = Outcome(Termination.FOOL, self._out, fool=fool, pogony=self._pogony(fool))
        return True

    def _pogony(self, fool: int) -> bool:
        """R8 (our reading D4): the cards last led at the fool were only sixes, two of them."""
        need = self.rules.pogony_sixes
        if not need:
            return False
        led = self._last_led[fool]
        return led != 0 and led & ~RANK_MASK[6] == 0 and need <= led.bit_count() <= 2

    # ---- misc --------------------------------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, BoutState):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def _key(self) -> tuple[object, ...]:
        return (
            self.rules,
            self.deal,
            self._hands,
            self._known,
            self._drawn,
            self._discard,
            self._attacks,
            self._covers,
            self._leader,
            self._defender,
            self._phase,
            self._taking,
            self._throwers,
            self._thrower,
            self._passes,
            self._limit,
            self._out,
            self._last_led,
            self._no_transfer,
            self._first_bout,
            self._lead_passes,
            self._under,
            self._history,
            self._outcome,
        )

    def __repr__(self) -> str:
        hands = " | ".join(" ".join(str(c) for c in self.hand(p)) or "-" for p in range(self.n))
        table = " ".join(f"{a}/{c}" if c else str(a) for a, c in self.table)
        return (
            f"<BoutState {self.rules.name} {self.phase} leader={self._leader} "
            f"defender={self._defender} hands=[{hands}] table=[{table}] stock={self.stock_count}>"
        )

    def _repr_html_(self) -> str:
        from .render import state_html

        return state_html(self)


def start(rules: Rules, deal: Deal) -> GameState:
    """The first position of a bout game.  Two mechanisms that the rules value alone cannot
    express have their own modules: the blind game (``rules.blind``, R14) and the naming of
    one's own trump after the deal (свои козыри, R16: a deal whose trumps are not named yet)."""
    if rules.blind:
        from .blind import BlindState

        return BlindState.initial(rules, deal)
    if rules.split_pack:
        from .deal import split_fault

        fault = split_fault(rules, deal.hands)
        if fault is not None:
            raise InvalidRecordError(fault)
    if -1 in deal.trumps and rules.beating == Beating.OWN_TRUMPS:
        from .own_trumps import TrumpChoiceState

        return TrumpChoiceState.initial(rules, deal)
    if rules.beating == Beating.OWN_TRUMPS:
        from .own_trumps import check_named, held_suits

        check_named(deal.trumps, held_suits(rules, deal.hands))
    return BoutState.initial(rules, deal)


_PHASE_VERB: Final = ("lead", "answer the attack", "throw in or pass", "act")

#: the kinds of action (durak_lessons.actions) that not every bout game has, each with the
#: options that give a game it; the others (lead, cover, take) every bout game has, the blind
#: game by picks (R14)
_BOUT_HAS: Final[dict[Kind, Callable[[Rules], bool]]] = {
    Kind.THROW: lambda r: r.throw_ins != ThrowIns.NONE,  # R5
    Kind.PASS: lambda r: r.throw_ins != ThrowIns.NONE or r.pass_without_lead,  # R5; 1.г, R19
    Kind.TRANSFER: lambda r: r.transfers,  # R12
    Kind.EXCHANGE: lambda r: r.trump_exchange,  # R19
    Kind.RETURN: lambda r: r.oversize_leads,  # R1 option
    Kind.NAME: lambda r: r.beating == Beating.OWN_TRUMPS,  # R16
    Kind.PICK: lambda r: r.blind,  # R14
    Kind.BEAT: lambda r: False,  # the chain games (R17, R18)
    Kind.FLIP: lambda r: False,  # дорожный (R18)
}
#: kinds that a bout game makes by a card of its hand (the blind game: by a pick, R14)
_CARD_KINDS: Final = frozenset({Kind.LEAD, Kind.THROW, Kind.COVER, Kind.TRANSFER})


@cache
def action_kinds(rules: Rules) -> frozenset[Kind]:
    """The kinds of action (:class:`~durak_lessons.actions.Kind`) the game of ``rules`` has
    at all, from its options: every other kind is refused first, saying which games have it.

    >>> from durak_lessons import find_preset
    >>> sorted(k.name for k in action_kinds(find_preset("perevodnoy")))
    ['COVER', 'LEAD', 'PASS', 'TAKE', 'THROW', 'TRANSFER']
    >>> sorted(k.name for k in action_kinds(find_preset("blind")))
    ['PASS', 'PICK', 'TAKE']
    >>> sorted(k.name for k in action_kinds(find_preset("dorozhny")))
    ['BEAT', 'FLIP', 'LEAD', 'TAKE']
    """
    if rules.family == Family.CHAIN:  # Rozaliev 9, 10: one card at a time onto the centre
        chain = {Kind.LEAD, Kind.BEAT, Kind.TAKE}
        return frozenset(chain | {Kind.FLIP} if rules.personal_piles else chain)
    kinds = given_kinds(rules)
    return kinds - _CARD_KINDS if rules.blind else kinds


@cache
def given_kinds(rules: Rules) -> frozenset[Kind]:
    """The kinds of action a bout game's options give it, before the blind game (R14) makes
    its card plays by picks: there a lead, throw-in, cover or transfer of a kind these
    include is made by a pick, one they do not is no action of the game at all."""
    return frozenset(k for k in Kind if (has := _BOUT_HAS.get(k)) is None or has(rules))


#: a kind a bout game has not: the option that decides it (the game's citation of it), the
#: reading of the mechanism (for rules of one's own), and which games have it
_ABSENT: Final = {
    Kind.THROW: (
        "throw_ins",
        "R5",
        "throw-ins belong to подкидной and переводной (Rozaliev 2, 3.а; R5), not this game: here ",
    ),
    Kind.BEAT: (
        "family",
        "R17; R18",
        "beating the top card of a pile belongs to the chain games (наваленный, дорожный: "
        "Rozaliev 9, 10), not this game: here ",
    ),
    Kind.FLIP: (
        "family",
        "R18",
        "turning the top card of one's own pile belongs to дорожный (Rozaliev 10; R18), not "
        "this game: here ",
    ),
    Kind.PICK: (
        "blind",
        "R14",
        "picking a card by its place in one's unseen row belongs to the blind game (R14), not "
        "this game: here ",
    ),
    Kind.NAME: (
        "beating",
        "R16",
        "naming one's own trump belongs to свои козыри and дураки с пар со своими козырями "
        "(Rozaliev 8; R16), not this game: here ",
    ),
}
#: what a bout game does instead of a chain game's kind (the blind game: by picks)
_CARD_PLAY: Final = {
    Kind.BEAT: "the defender covers a led card (C<attack><card>)",
    Kind.FLIP: "every card is played from the hand",
}
_BLIND_PLAY: Final = {
    Kind.BEAT: "the defender covers a led card by a pick (P<n>C<attack>)",
    Kind.FLIP: "every card is played from the hand by a pick (P<n>)",
}

_SHAPE_RULE: Final = {
    LeadShape.SAME_RANK: "Rozaliev 2",
    LeadShape.SINGLE: "Rozaliev 1",
    LeadShape.PAIRS_PLUS_ONE: "R2",
    LeadShape.PYATKI: "Rozaliev 1.в; R2",
    LeadShape.ONE_PAIR: "Rozaliev 1.г",
    LeadShape.PAIRS_ONLY: "R19",
    LeadShape.ANY_COUNT: "R19",
    LeadShape.S_PAR: "R19",
}
def _with_reading(cite: str, reading: str) -> str:
    """``cite`` (a game's own source) with the readings (R1–R20, D…) of ``reading`` added
    unless it already names one ("dictionary, Дураки с пар" + R19); ``reading`` alone where
    the game has no citation of its own (custom rules)."""
    parts = [p for p in cite.split("; ") if p]
    if not parts:
        return reading
    if not any(_READING.match(p) for p in parts):
        parts += [p for p in reading.split("; ") if _READING.match(p) and p not in parts]
    return "; ".join(parts)


_READING: Final = re.compile(r"[RD]\d")


#: the reading that caps a lead's size where nobody throws in: простой's (R1) or the
#: с пар family's (R19)
_SIZE_RULE: Final = {
    LeadShape.SAME_RANK: "R1",
    LeadShape.SINGLE: "R1",
    LeadShape.PAIRS_PLUS_ONE: "R1",
    LeadShape.PYATKI: "R1",
    LeadShape.ONE_PAIR: "R1",
    LeadShape.PAIRS_ONLY: "R19",
    LeadShape.ANY_COUNT: "R19",
    LeadShape.S_PAR: "R19",
}
_SHAPE_TEXT: Final = {
    LeadShape.SAME_RANK: "a lead is one card or several cards of one rank",
    LeadShape.SINGLE: "a lead is exactly one card",
    LeadShape.PAIRS_PLUS_ONE: "a lead is any number of pairs plus at most one odd card",
    LeadShape.PYATKI: "a lead is one card, a pair and one card, or two pairs and one card",
    LeadShape.ONE_PAIR: "a lead is exactly one pair",
    LeadShape.PAIRS_ONLY: "a lead is made of pairs only (2, 4 or 6 cards)",
    LeadShape.ANY_COUNT: "a lead holds the agreed number of cards",
    LeadShape.S_PAR: (
        "a lead is one card, a тройка (a pair and one card) or a пяток (two pairs and one card); "
        "a lone pair only against a defender holding two cards"
    ),
}


def _group_lead_masks(group: int, limit: int) -> Iterator[int]:
    """Leads from the cards of one rank: each card alone, and with a limit above one every
    non-empty subset of at most ``limit`` cards."""
    if limit == 1 or group & (group - 1) == 0:
        m = group
        while m:
            low = m & -m
            yield low
            m ^= low
        return
    sub = group
    while sub:
        if sub.bit_count() <= limit:
            yield sub
        sub = (sub - 1) & group


def _cover_actions(
    out: list[Action],
    hand: int,
    beat: Sequence[int],
    attacks: tuple[int, ...],
    covers: tuple[int, ...],
) -> None:
    """Append to ``out`` the covers from ``hand`` of the uncovered attack cards, in table
    order and lowest cover first."""
    for a, c in zip(attacks, covers, strict=True):
        if c < 0:
            _append_each(out, _COVER[a], hand & beat[a])


def _append_each(out: list[Action], row: Sequence[Action], mask: int) -> None:
    """Append ``row[c]`` for every card ``c`` of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        out.append(row[low.bit_length() - 1])
        mask ^= low


@cache
def _group_leads(group: int, limit: int) -> tuple[Action, ...]:
    """The lead actions of :func:`_group_lead_masks`, built once per (group, limit)."""
    return tuple(lead_mask(m) for m in _group_lead_masks(group, limit))


@cache
def _refill_order(n: int, first: int, defender: int) -> tuple[int, ...]:
    order = [(first + k) % n for k in range(n)]
    order.remove(defender)
    return (*order, defender)


def _odd_count(mask: int) -> int:
    odd = 0
    for rank in range(2, 15):
        odd += (mask & RANK_MASK[rank]).bit_count() & 1
    return odd


def _shape_ok(shape: LeadShape, mask: int, lead_size: int, limit: int = 0) -> bool:
    size = mask.bit_count()
    if size == 0:
        return False
    if shape == LeadShape.SINGLE:
        return size == 1
    if shape == LeadShape.SAME_RANK:
        return mask & RANK_MASK[RANK_OF[(mask & -mask).bit_length() - 1]] == mask
    if shape == LeadShape.ANY_COUNT:
        return lead_size == 0 or size == lead_size
    odd = _odd_count(mask)
    if shape == LeadShape.PAIRS_PLUS_ONE:
        return odd <= 1
    if shape == LeadShape.PYATKI:
        return size in (1, 3, 5) and odd == 1
    if shape == LeadShape.ONE_PAIR:
        return size == 2 and odd == 0
    if shape == LeadShape.PAIRS_ONLY:
        return size in (2, 4, 6) and odd == 0
    if shape == LeadShape.S_PAR:  # pairs and one card; a pair against two cards (R19, D21)
        return odd == 1 or (size == 2 and odd == 0 and limit == 2)
    raise AssertionError(shape)


def _counts_ok(shape: LeadShape, size: int, odd: int, limit: int) -> bool:
    """:func:`_shape_ok` from a lead's size and its number of odd rank groups."""
    if shape == LeadShape.PAIRS_PLUS_ONE:
        return odd <= 1
    if shape == LeadShape.PYATKI:
        return size in (1, 3, 5) and odd == 1
    if shape == LeadShape.ONE_PAIR:
        return size == 2 and odd == 0
    if shape == LeadShape.PAIRS_ONLY:
        return size in (2, 4, 6) and odd == 0
    if shape == LeadShape.S_PAR:
        return odd == 1 or (size == 2 and odd == 0 and limit == 2)
    raise AssertionError(shape)


def _shaped_leads(hand: int, shape: LeadShape, limit: int, lead_size: int) -> Iterator[int]:
    """Every lead mask of ``hand`` of the given shape within ``limit`` cards."""
    if shape == LeadShape.ANY_COUNT:
        size = lead_size or 1
        if size > limit:
            return
        yield from (
            _subsets_of_size(hand, size)
            if lead_size
            else (m for k in range(1, limit + 1) for m in _subsets_of_size(hand, k))
        )
        return
    groups = [hand & RANK_MASK[r] for r in range(2, 15) if hand & RANK_MASK[r]]
    yield from _shaped_masks(groups, shape, limit, 0, 0, 0, 0)


# (module functions rather than closures that call themselves: those are reference cycles,
# which the solver's searches must not make, see durak_lessons.solver.gc_paused)


def _shaped_masks(
    groups: list[int], shape: LeadShape, limit: int, i: int, acc: int, size: int, odd: int
) -> Iterator[int]:
    """The lead masks made of ``acc`` and cards of ``groups[i:]`` (each group one rank)."""
    if i == len(groups):
        if acc and _counts_ok(shape, size, odd, limit):
            yield acc
        return
    yield from _shaped_masks(groups, shape, limit, i + 1, acc, size, odd)
    group = groups[i]
    sub = group
    while sub:
        k = sub.bit_count()
        if size + k <= limit and odd + (k & 1) <= 1:
            more = _shaped_masks(groups, shape, limit, i + 1, acc | sub, size + k, odd + (k & 1))
            yield from more
        sub = (sub - 1) & group


def _subsets_of_size(mask: int, k: int) -> Iterator[int]:
    """The masks of ``k`` cards of ``mask``, in the order of their cards' numbers."""
    for cards in combinations(cards_of(mask), k):
        yield sum(1 << c for c in cards)


def _why_not_beat(state: BoutState, attack: int, card: int, player: int) -> tuple[str, str]:
    a, c = CARDS[attack], CARDS[card]
    rules = state.rules
    from .beating import why_not_beat

    return why_not_beat(rules, state.deal.trumps[player], a, c)
