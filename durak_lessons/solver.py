"""An exact solver for two-player bout positions once the stock is empty.

When the stock is empty and two players are left, every card is known: each player can work out
the other's hand from his own hand, the table and the discard.  The position is then a finite
game of perfect information whose only results are "the other player is the fool", "I am the
fool" and a draw (both go out together, R10).  :func:`solve` finds the result with best play by
both sides and every action that achieves it.

>>> from durak_lessons import Deal, initial_state
>>> d = Deal.from_hands(["6S 7S", "8S AH"], trump="H", leader=0)
>>> v = solve(initial_state("podkidnoy", d))
>>> v.value, v.fool, [str(a) for a in v.best]   # 8♠ covers either spade; A♥ covers the other
(-1, 0, ['L6S', 'L7S'])

A sampled *world* (every card placed, the stock's order too) can be solved as well, with
``known_stock=True``: the exact value if both players knew the stock, which is what a search
over sampled worlds needs, and the real value when the stock holds only the turned-up trump
that everyone saw (:func:`~durak_lessons.sampling.known_world`).

Values are always for the player to move: ``+1`` he wins (the other is the fool), ``0`` a
draw, ``-1`` he is the fool.

How it searches (all exact):

* alpha-beta over the three values, with a transposition table holding a lower and an upper
  bound per position (so a window that proved "at least a draw" is reused by a later window);
* before a position's actions are searched, the table is asked about every child: one known
  already to settle the window settles the position (an *enhanced transposition cutoff*; the
  action tried first may lead far into positions not known yet while a later one is known:
  on the heaviest endgames it searches about half the positions, though each costs more, as
  every child is made);
* a position where the defender can do nothing but take is not searched as a position of its
  own: the search goes from the action before it straight on to the position after the take
  (a fifth to a quarter fewer positions on 6+6 endgames, a tenth less time);
* move ordering: the transposition table's best action first, then cheap actions (low
  non-trumps) before dear ones, a throw-in before a pass when the defender has said "take",
  "take" last;
* card-equivalence reduction: positions are stored under a canonical key that keeps only what
  the cards can do to one another.  With the stock empty the discard never matters again, and
  cards meet only in their own suit (or a trump beats a plain card): so what counts is each
  suit's cards in play in order, who holds each, and which cards share a rank (leads of several
  cards, throw-ins and transfers go by rank).  A 9♠ with the 7♠ and 8♠ discarded plays exactly
  like the 7♠; a 7♣ that is the only seven in play plays just as an 8♣ would that was the
  only eight (the clubs otherwise the same), whatever the other suits hold.  The plain suits
  are put in a canonical order too (they are interchangeable when one trump suit serves
  everybody and no suit is special, R15).  Two positions with the same key have the same
  value.  (Where seats have trumps of their own, or a suit is special, the key only squeezes
  out the ranks no card in play holds, the same in every suit, and keeps the suits apart.)
  Against a key that only squeezed those ranks out, on 60 random 6+6 endgames (CPU time):
  15 % less time in all in переводной, 14 % in переводной с отказом, 9 % in подкидной; on
  the four heaviest переводной endgames of 300, 16 % fewer positions.
  Only the positions at the start of a bout (the table empty) get the canonical key; those
  within a bout are stored under their own cards.  A bout starts from one stored position, so
  a canonical key there saves little (measured on the heaviest 6+6 endgames: 0.7 % more
  positions), and it costs far more to compute than the position's own fields (the whole
  search went 1.6 times faster).

Mirrored positions: the same cards with the two hands swapped, and the leader with them (the
same table, the same phase), is the same position seen from the other seat, so its value for
seat 0 is the opposite.  Every result the solver stores for a position at the start of a bout
is stored for the mirrored position too (only where the rules are the same for both seats: the
подкидной / переводной family with one trump suit).  Play reaches both often (in three quarters
of the positions of a heavy переводной с отказом endgame, measured): a take hands the cards
over and the roles go round.  Within a bout the mirrored results are not stored: they saved
few positions (0.2 % on the ten heaviest of 300 переводной 6+6 endgames, 1.6 to 4.5 % on the
three heaviest of 200 переводной с отказом ones) and cost more time than that (stored
everywhere, 60 random переводной 6+6 endgames took 10.9 s in all against 9.8 s).

Why not the familiar "equivalent cards in one hand" pruning of whist solvers: in Durak a card
changes hands when the defender takes, after which two adjacent cards of one suit can meet as
attack and cover, so leading the lower or the higher of them is *not* the same move; and cards
of one rank are tied across suits by the throw-in rule.  The key above keeps both the order
within each suit and the ranks that cards share, so it is exact under every preset.

Endless play: with transfers (переводной) two players can go round in circles (a lead, a
transfer back, a take, ...) and the rules name no end to it.  Our reading: a position repeated
on the line of play is a draw (neither side can force more than going round).  This is the
same as valuing endless play as a draw: a side that can force a win can do it without going
round, and a side that can hold a draw can keep out of the positions from which the other
forces a win.  So a win or a loss the search proves never leans on a repetition and goes
into the table like any other result; only a draw that leaned on a repetition of a position
higher on the line is kept out (it may hold on this line only).  :func:`can_repeat` tells
whether a position allows it; in the подкидной family without transfers it cannot happen (the
leader loses a card every bout).  It can where a player without a pair passes (Rozaliev 1.г,
the английские дураки: R19): a pair led and taken can be led back, and so on.  There the rules
end it, the third time a bout starts in the same position (D39); the solver calls the second
time on its line a draw, which gives every position the same value by the argument above, and
a position met twice already before the one solved is a draw by the engine's own rules (the
positions met before with the cards now in play are part of what the table's results hold
for: see ``Solver._prepare``).  Any rules value searched on the engine's states is treated as
one where play may go round.
Where draws of that kind abound (переводной с отказом especially) alpha-beta can lose itself in
them, re-searching the draws it may not store, so after a first share of positions the solver
switches to *searches by layer*.  With the stock empty, a bout ends in a discard (fewer cards in
play) or a take (the same cards in other hands), so play can go round only among positions
with one set of cards in play: a *layer*.  The value is found by two yes-or-no questions: can
seat 0 force a win?  Can seat 1?  (If neither, a draw: each can keep the other from winning,
going round if need be.)  A question is answered by alpha-beta with the null window of that
question over the bout from the position asked about; a position of a lower layer met at the
end of a bout gets the same question (answered the same way, first), a position of this layer
is searched in its turn, depth first, and while it is *open* (being searched, or searched
without an answer yet) it counts as a "no".  A "yes" found so leans only on answers, so it holds
for good.  A "no" may lean on open positions; so the open positions that lean on one another
(those met, directly or not, from the first of them to be opened) are settled together: each
is searched again whenever a position its last search met has been answered "yes" since, until
none is left to search, and then every one still open is a "no" (from it the side asking can
force no win: see the notes in the code).  Nothing depends on the line of play, so every answer
can be stored.  A "yes" takes far fewer positions than a "no" (which takes every position that
play can reach from it), so the two questions are first asked in turn with a growing budget.
``Solver(fallback="retrograde")`` instead lists every position reachable and works backwards
from the ends of the deal (exact too, but it visits and holds all of them; kept as a second,
independent method for the tests).

What limits it on the slowest positions is finding the winning moves, not the size of the
proofs.  On the two heaviest переводной с отказом 6+6 endgames of 200 random ones, the
winner's strategy (one winning move at each of his turns, every reply of the other side met)
takes about 33,000 and 5,700 positions, and a search given those moves in advance finds the
value in about 20,000 and 4,800 positions instead of about 377,000 and 283,000.  Told only
which of the winner's moves win, it takes about 46,000 and 5,800.  (:func:`solve` gains less
from them, 389,000 to 291,000 positions on the heaviest: it needs the value of every move, and
the moves outside the winner's strategy need proofs of their own.)  The rest goes on showing
that a move tried first does not win, which costs far more than showing that a good one does.
Several ways of guessing the winning moves sooner were tried and gave no gain: static and
learned move orders, killer moves, iterative deepening, proof-number search (df-pn), per-move
budgets, other places for transfers and "take" in the order (transfers first or before "take",
"take" first: 1.7 to 2.8 times the positions on the eight heaviest of a sample), the best moves
of the same deal solved under plain переводной as hints (1.3 % fewer positions searched on the
five heaviest, 5 % more with the plain solve counted: the refusal changes which moves win), and
randomised restarts (an order perturbed at random costs 1.8 to 3.4 times the positions of one
layer question, with little spread from one random order to the next, so restarting with other
orders cannot find the short proofs).
How much a perfect order is worth, measured with :func:`solve` on the heaviest of a second
sample (seed 1, 334,000 positions): told a winning move first at the winner's turns within
the bouts of the first layer only, 191,000; at his turns in every layer, 171,000 (the moves
known from a first solve).  Ordered for *both* sides by the exact value of every child (from a
retrograde analysis of every reachable position: 10.7 and 14.3 million positions, about 3 and 4
minutes), the two heaviest of the 200 above take 101,000 and 74,000 positions instead of
389,000 and 360,000 (:meth:`Solver.value` alone, 64,000 and 4,000).  On the heaviest, the
perfect order at the leads alone gives 231,000, in defence alone 219,000, at the throw-ins alone
360,000; for seat 0's moves alone 135,000, seat 1's alone 165,000.  Where the static order
misses the best defence it is mostly "take" (the best move in about 6,800 of the 44,000
defences met, where a cover comes first) and a trump cover; at the leads, a plain single or
pair.  So an order could gain at most four to five times, and at about 13 µs a position even
that order leaves these two at 1.3 and 0.9 s.  Asking the two questions one after the other
without budgets costs as much as in turn (336,000 either way round): the work is one body
whatever the schedule.  A key within a bout that forgets the
order of the covered cards (which cover lies on which attack no longer matters) finds 2 to
2.6 % fewer positions: play rarely reaches one table by two orders.
Where the positions go, on the heaviest (389,000 in all): about 15,000 in the bouts of the
first layer (12 cards in play), 115,000 in the layer of 10 cards, 194,000 in that of 8 and
45,000 in that of 6 (the rest, 20,000, to alpha-beta before the layers): some thousands of
questions about different positions of the lower layers, of a few dozen positions each, for the
many ways play can reach them. Each position is searched about once (98 % of the positions
expanded have keys of their own), so remembering more would not help; only asking about fewer
would.
Nor does compiling the search close the gap.  ``compact.py`` and ``solver.py`` compiled with
mypyc (mypy 2.4.1; ``SearchLimitError`` moved to a module left as Python, as mypyc cannot
compile a class that inherits from ``RuntimeError``) took 35 % less CPU time on 40 random
переводной с отказом 6+6 endgames (seed 2026: 8.5 s against 13.1 s, the slowest 0.9 s against
1.6 s; December 2026): about 1.5 times as fast, where the heaviest need more than five.  And
the engine is shipped as the Python source alone, which is what runs under Pyodide.

The solver reads the private fields of :class:`~durak_lessons.bout.BoutState`, and only here,
where all cards are known.  For the подкидной / переводной family it searches the positions as
:mod:`~durak_lessons.compact` tuples (about twice as fast per position; there a position's
actions, in the order searched, are made once for each combination of what decides them, and
the step to a child, the take that follows where it is forced and the child's key are one
function: 15 to 22 % less time on the heaviest 6+6 transfer endgames, 7 % on подкидной 7+7,
than the same steps one call each); for every other rules value, on the engine's own states
with the engine's own transition function.  The two forms offer the same actions in the same
order and key positions alike, so they search the same tree and count the same nodes
(``Solver(compact=False)`` forces the engine's states; the tests compare both, and the compact
transition against the engine's).
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from typing import Any, Final, cast

from .actions import Action, Kind
from .bout import BoutState, Phase
from .cards import RANK_OF, SUIT_OF
from .compact import DRAW, LOSS, WIN, Compact, accepts, compact, mover, transitions
from .engine import Game, GameState, checked_state
from .errors import DurakError
from .rules import Beating, OnFail

__all__ = [
    "SOLVE_NODES",
    "SearchLimitError",
    "Solver",
    "Verdict",
    "action_values",
    "can_repeat",
    "gc_paused",
    "is_solvable",
    "minimax",
    "solve",
]

_WIN: Final = WIN
_DRAW: Final = DRAW
_LOSS: Final = LOSS
_NO_REPEAT: Final = 1 << 30
#: the most searches of bouts nested in one another (see Solver._bout), and the Python
#: frames they may take (a bout's search recurses once or twice a card)
_DEEPEST: Final = 200
_FRAMES: Final = 1000 + 40 * _DEEPEST
#: the first budget of positions for each of the two questions (see Solver._exact_layer)
_FIRST_BUDGET: Final = 4000
#: how much the budget grows from one round of the two questions to the next
_GROWTH: Final = 4
#: what a defender takes where he takes every card on the table (see _actions)
_TAKES_ALL: Final = frozenset({OnFail.ALL, OnFail.LED_SO_FAR})
_WORDS: Final = {1: "win", 0: "draw", -1: "loss"}


class SearchLimitError(DurakError, RuntimeError):
    """The solver used up its node budget before proving the result."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """The exact result of a position with best play.

    ``value`` is for ``player`` (the player to move): +1 the other is the fool, 0 a draw, -1
    ``player`` is the fool.  ``fool`` is the seat that ends as the fool (``None`` for a draw).
    ``best`` lists every legal action that keeps ``value``; ``values`` gives each legal
    action's exact value (for ``player``), in the engine's order of legal actions; ``nodes``
    counts the positions searched.
    """

    player: int
    value: int
    fool: int | None
    best: tuple[Action, ...]
    values: tuple[tuple[Action, int], ...]
    nodes: int

    @property
    def result(self) -> str:
        """'win', 'draw' or 'loss' for the player to move."""
        return _WORDS[self.value]

    def describe(self) -> str:
        """The verdict in words: who is the fool (or a draw) with best play, and the best
        actions."""
        moves = ", ".join(a.describe() for a in self.best)
        if self.value == _DRAW:
            head = f"a draw with best play (seat {self.player} to move)"
        else:
            head = f"seat {self.fool} is the fool with best play (seat {self.player} to move)"
        return f"{head}; best: {moves}"


@contextmanager
def gc_paused() -> Iterator[None]:
    """The cyclic garbage collector paused while a search runs (then restored as it was).

    A search allocates positions by the hundred thousand, tuples and dicts that hold no
    reference cycles, so reference counting alone frees them; the collector's passes over
    them are pure cost: from 5 to 25 % of the solver's time on big endgames, spent in passes
    that come at moments no seed controls (``python benchmarks/bots.py gc``).  When it ends,
    whatever the collector tracks is handed to its oldest generation (``gc.freeze()`` then
    ``gc.unfreeze()``, nothing stays frozen): otherwise all that the search still holds would be
    young, and the collector's first pass would go over every bit of it (about 0.1 s after a
    search of 100,000 positions).  So the searches run under it must make no reference cycles
    (a test checks every one): a cycle made there would wait for a full collection, which
    nothing might set off (the tracked objects no longer pass through the younger generations),
    and the memory would grow with every search.  Cycles made before are collected as usual.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.freeze()  # to the oldest generation: see above
            gc.unfreeze()
            gc.enable()


@contextmanager
def _deep_recursion() -> Iterator[None]:
    """Python's recursion limit raised (if need be) to what the solver's searches of bouts
    nested in one another may take (then restored)."""
    limit = sys.getrecursionlimit()
    if limit < _FRAMES:
        sys.setrecursionlimit(_FRAMES)
    try:
        yield
    finally:
        if limit < _FRAMES:
            sys.setrecursionlimit(limit)


def is_solvable(state: GameState, *, known_stock: bool = False) -> bool:
    """A bout position with two players still holding cards and the stock empty (or, with
    ``known_stock``, a stock taken as known on compact positions: see :meth:`Solver.solve`),
    not in the blind game (R14: nobody knows where his own cards lie in his row).  What is
    no game state at all (None, a View, a Game) is a TypeError, not a "no"."""
    checked_state(state)
    return (
        isinstance(state, BoutState)
        and not state.rules.blind
        and not state.is_over
        and state.n - len(state.out) == 2
        and state.n == 2
        and (state.stock_count == 0 or (known_stock and accepts(state)))
    )


def _check(state: GameState, known_stock: bool = False) -> BoutState:
    if not isinstance(state, BoutState):
        hint = ": pass game.state, the Game's position" if isinstance(state, Game) else ""
        raise TypeError(f"the solver plays bout positions, not {type(state).__name__}{hint}")
    if type(known_stock) is not bool:
        raise TypeError(f"known_stock: expected True or False, not {known_stock!r}")
    if state.rules.blind:
        raise ValueError(
            "the blind game is not a game of perfect information even with the stock empty:"
            " a player picks his cards by their place in a row he does not see (R14)"
        )
    if state.n != 2:
        raise ValueError(f"the solver needs a two-player position, not {state.n} players")
    if state.is_over:
        raise ValueError("the deal is over")
    if state.stock_count and not known_stock:
        raise ValueError(
            f"the stock still holds {state.stock_count}"
            f" card{'s' if state.stock_count != 1 else ''}: the position is not fully known"
            " (solve(..., known_stock=True) takes the stock's order as known)"
        )
    return state


def _recurring(s: BoutState) -> tuple[object, ...]:
    """The positions of the deal's record of repetitions (D39) that play can still come back
    to: those with the cards now in play.  The value of a position can depend on them (the
    next time one comes up may draw the deal), so a table filled for one such record is not
    used for another (see Solver._prepare)."""
    if not s.rules.repetition_draw or not s._history:
        return ()
    # with nothing drawn since, cards only leave play: as many cards are the same cards
    in_play = _in_play(s)
    return tuple(
        entry
        for entry in s._history
        if entry[1] == s._drawn
        and sum(h.bit_count() for h in cast("tuple[int, ...]", entry[0])) == in_play  # the hands
    )


def _terminal(s: BoutState) -> int:
    """Value for seat 0 of a finished deal."""
    outcome = s._outcome
    assert outcome is not None
    if outcome.fool is None:
        return _DRAW
    return _WIN if outcome.fool == 1 else _LOSS


# ---- the canonical key ------------------------------------------------------------------------

def _pext_table(width: int) -> list[list[int]]:
    """``table[m][x]``: the bits of ``x`` at the places of the bits of ``m`` (both below
    ``2**width``) packed down to the low bits, the others squeezed out."""
    table = []
    for m in range(1 << width):
        row = []
        for x in range(1 << width):
            packed = j = 0
            r = m
            while r:
                low = r & -r
                if x & low:
                    packed |= 1 << j
                j += 1
                r ^= low
            row.append(packed)
        table.append(row)
    return table


@cache
def _pext_tables() -> tuple[list[list[int]], list[list[int]]]:
    """:func:`_pext_table` for the low 7 and the high 6 of a suit's 13 ranks (built on first
    use: some 20,000 entries)."""
    return _pext_table(7), _pext_table(6)


def _squeezed(
    hand: int, lo: list[int], hi: list[int], n: int
) -> tuple[int, int, int, int]:
    """Each suit's 13-bit slice of ``hand`` with only the ranks in play kept, packed: ``lo``
    and ``hi`` are the rows of :func:`_pext_tables` for the ranks in play (the low 7, the high
    6), ``n`` the number of those among the low 7."""
    return (
        lo[hand & 0x7F] | hi[hand >> 7 & 0x3F] << n,
        lo[hand >> 13 & 0x7F] | hi[hand >> 20 & 0x3F] << n,
        lo[hand >> 26 & 0x7F] | hi[hand >> 33 & 0x3F] << n,
        lo[hand >> 39 & 0x7F] | hi[hand >> 46 & 0x3F] << n,
    )


def _one_trump(s: BoutState) -> int:
    """The trump suit every seat shares, or -2 where seats have trumps of their own."""
    trumps = s.deal.trumps
    return trumps[0] if all(t == trumps[0] for t in trumps) else -2


def _hands_key_factory(s: BoutState) -> Callable[[int, int], object]:
    """The canonical form of two hands (by their masks) with the table empty, for positions
    of this rules value and trump (see the module notes)."""
    common = _one_trump(s)
    m13 = 0x1FFF
    low_parts, high_parts = _pext_tables()

    def pext(x: int, mask: int) -> int:
        """The bits of ``x`` at the places of the bits of ``mask`` (13 bits), packed down."""
        return low_parts[mask & 0x7F][x & 0x7F] | high_parts[mask >> 7][x >> 7] << (
            mask & 0x7F
        ).bit_count()

    suit_codes: dict[int, int] = {}

    def suit_code(packed: int) -> int:
        """One suit as one number, from ``packed``: its cards in play, seat 1's of them and
        the ranks that two cards in play or more share (13 bits each).  The number says how
        many cards the suit holds, which of them are seat 1's, which are of shared ranks, and
        which of the shared ranks those are: all that its cards can do."""
        code = suit_codes.get(packed)
        if code is None:
            suit, ones, shared = packed & m13, packed >> 13 & m13, packed >> 26
            tied = suit & shared
            code = suit_codes[packed] = (
                pext(tied, shared) << 30
                | pext(tied, suit) << 17
                | pext(ones, suit) << 4
                | suit.bit_count()
            )
            if len(suit_codes) > 1 << 18:
                suit_codes.clear()
        return code

    def by_suit(h0: int, h1: int) -> object:
        # one trump suit, the others interchangeable: each suit as its suit_code, the plain
        # suits sorted, after the trump suit: one number of four 43-bit fields
        play = h0 | h1
        a, b, c, d = play & m13, play >> 13 & m13, play >> 26 & m13, play >> 39
        shared = (a & (b | c | d) | b & (c | d) | c & d) << 26
        suits = (
            a | (h1 & m13) << 13 | shared,
            b | (h1 >> 13 & m13) << 13 | shared,
            c | (h1 >> 26 & m13) << 13 | shared,
            d | (h1 >> 39) << 13 | shared,
        )
        low, mid, high = sorted(
            (suit_code(suits[x]), suit_code(suits[y]), suit_code(suits[z]))
        )
        return suit_code(suits[common]) << 129 | high << 86 | mid << 43 | low

    def squeezed(h0: int, h1: int) -> object:
        # trumps of each seat's own, or a special suit: the ranks in play numbered from 0 in
        # every suit alike, the suits kept apart
        play = h0 | h1
        ranks = (play | play >> 13 | play >> 26 | play >> 39) & m13
        lo, hi = low_parts[ranks & 0x7F], high_parts[ranks >> 7]
        n = (ranks & 0x7F).bit_count()
        return _squeezed(h0, lo, hi, n), _squeezed(h1, lo, hi, n)

    canonical = squeezed
    if common != -2 and s.rules.beating == Beating.TRUMP:
        canonical = by_suit
        x, y, z = (suit for suit in range(4) if suit != common)  # the plain suits, for by_suit

    memo: dict[int, object] = {}
    known = memo.get

    def hands_key(h0: int, h1: int) -> object:
        both = h0 << 52 | h1
        out = known(both)
        if out is None:
            out = memo[both] = canonical(h0, h1)
            if len(memo) > 1 << 18:
                memo.clear()
        return out

    return hands_key


# ---- positions: engine states, or compact tuples -------------------------------------------------
#
# The search works on positions through a few functions: key, moves (and ordered, the same in
# the order to search them), child (and expand, the child as the search goes on from it), mover
# and taking.
# Any rules value can be searched on the engine's own states (copy and apply); where
# durak_lessons.compact accepts the rules, on its tuples, about twice as fast.  Both offer the
# search the same actions in the same order and give positions the same keys, so they visit the
# same tree (tests/bots/test_compact.py).


def _no_mirror(p: Any) -> None:
    return None


# the functions of _Positions on engine states


def _plain_ordered(
    moves: Callable[[Any, int], list[Action]],
    order: tuple[_OrderKeys, _OrderKeys],
    taking: Callable[[Any], bool],
) -> Callable[[Any, int], list[Action]]:
    """``ordered``: ``moves`` in the order to search them (see :class:`_OrderKeys`); the
    list may be shared: copy it before changing it."""

    def ordered(p: Any, floor: int) -> list[Action]:
        actions = moves(p, floor)
        if len(actions) > 1:
            actions.sort(key=order[taking(p)].__getitem__)
        return actions

    return ordered


def _plain_expand(
    child: Callable[[Any, Action], tuple[Any, int]],
    forced: Callable[[Any], tuple[Any, int] | None],
    taking: Callable[[Any], bool],
    key: Callable[[Any], tuple[object, ...]],
) -> Callable[[Any, Action], tuple[Any, tuple[object, ...], int]]:
    """``expand``: the child of a position by an action as the search goes on from it:
    ``(child, key, floor)``, where the defender could only take the position after the take
    (see ``forced``), and ``(None, (), value)`` where the deal ended."""

    def expand(p: Any, action: Action) -> tuple[Any, tuple[object, ...], int]:
        c, v = child(p, action)
        f = 0
        if c is not None:
            after = forced(c)
            if after is not None:
                c, v = after
            else:
                f = _floor_after(action, taking(c))
        if c is None:
            return None, (), v
        k = key(c)
        return c, ((*k, f) if f else k), f

    return expand


def _child(s: BoutState, action: Action) -> tuple[BoutState | None, int]:
    """The position after ``action`` and, if the deal ended, ``None`` and its value."""
    c = s._copy()
    c._apply(action)  # the action comes from legal_actions(): no need to explain() it again
    if c._phase == Phase.OVER:
        return None, _terminal(c)
    return c, 0


def _mover(s: BoutState) -> int | None:
    return s.to_move


def _taking(s: BoutState) -> bool:
    return s._taking


def _at_lead(s: BoutState) -> bool:
    """A bout is about to start (the table is empty)."""
    return s._phase == Phase.LEAD


def _in_play(s: BoutState) -> int:
    """The number of cards in the hands and on the table."""
    h0, h1 = s._hands
    return (h0 | h1).bit_count() + len(s._attacks) + sum(1 for c in s._covers if c >= 0)


class _Positions:
    """The functions the search needs, for engine states (any rules).

    They are attributes, not methods, so that :class:`_CompactPositions` can put in functions
    of its own tuples (and closures over the rules) with the same names; a position is typed
    ``Any`` here, as it is an engine state in one and a tuple in the other.  None of them holds
    ``self`` (a bound method kept on the instance would make a reference cycle: see
    :func:`gc_paused`)."""

    key: Callable[[Any], tuple[object, ...]]
    moves: Callable[[Any, int], list[Action]]
    ordered: Callable[[Any, int], list[Action]]
    child: Callable[[Any, Action], tuple[Any, int]]
    forced: Callable[[Any], tuple[Any, int] | None]
    expand: Callable[[Any, Action], tuple[Any, tuple[object, ...], int]]
    mirror: Callable[[Any], tuple[object, ...] | None]
    mover: Callable[[Any], int | None]
    taking: Callable[[Any], bool]
    at_lead: Callable[[Any], bool]
    in_play: Callable[[Any], int]

    def __init__(self, s: BoutState) -> None:
        hands_key = _hands_key_factory(s)
        lead = Phase.LEAD
        #: the sort keys of actions (see _OrderKeys), by "take" said
        self.order = _order_keys(s)

        capped = bool(s.rules.first_bout_limit)

        def limit(s: BoutState) -> int:
            """The bout's limit, told apart (negative) in a first bout whose cap holds after a
            transfer (the R6 option; the compact form never meets one, see accepts)."""
            return -1 - s._limit if capped and s._first_bout else s._limit

        def key(s: BoutState) -> tuple[object, ...]:
            h0, h1 = s._hands
            if s._phase == lead:  # the table is empty: the canonical form
                return (
                    hands_key(h0, h1),
                    s._leader,
                    limit(s),
                    s._no_transfer,
                    s._thrower,
                    s._passes,
                    s._lead_passes,
                )
            return (
                h0,
                h1,
                s._attacks,
                s._covers,
                s._leader,
                s._phase,
                s._taking,
                limit(s),
                s._no_transfer,
                s._thrower,
                s._passes,
                s._lead_passes,
            )

        collapse = accepts(s)  # see forced()

        def forced(s: BoutState) -> tuple[BoutState | None, int] | None:
            """Where the defender's only action is "take", the position after it (as
            ``child``), which the search goes to straight from the action before; else
            ``None``.  Only for the rules the compact form takes, so that both forms search the
            same tree (:meth:`durak_lessons.compact.Transitions.forced`)."""
            if s._phase != Phase.DEFEND or not collapse:
                return None
            actions = _actions(s, 0)
            if len(actions) == 1 and actions[0].kind == Kind.TAKE:
                return _child(s, actions[0])
            return None

        self.key = key
        self.moves = _actions
        self.ordered = _plain_ordered(_actions, self.order, _taking)
        self.child = _child
        self.forced = forced
        self.expand = _plain_expand(_child, forced, _taking, key)
        self.mover = _mover
        self.taking = _taking
        self.at_lead = _at_lead
        self.in_play = _in_play
        #: the key of a position at the start of a bout with the two seats' places swapped,
        #: whose value for seat 0 is the opposite; ``None`` within a bout, or where the rules
        #: are not the same for both seats (or not known to be)
        self.mirror = _no_mirror
        if collapse and _one_trump(s) != -2:
            # the подкидной / переводной family: the same mirror as the compact form's (the
            # three counters are always 0 with two players)

            def mirror(s: BoutState) -> tuple[object, ...] | None:
                if s._phase != lead:
                    return None
                h0, h1 = s._hands
                return (hands_key(h1, h0), 1 - s._leader, s._limit, s._no_transfer, 0, 0, 0)

            self.mirror = mirror

    def enter(self, s: BoutState) -> Any:
        return s


class _CompactPositions(_Positions):
    """The same positions as :data:`~durak_lessons.compact.Compact` tuples."""

    def __init__(self, s: BoutState) -> None:
        hands_key = _hands_key_factory(s)
        t = transitions(s)
        lead = Phase.LEAD

        def key(p: Compact) -> tuple[object, ...]:
            if p[11]:  # a known stock (solve(..., known_stock=True)): its cards and order too
                return (*p[:9], p[11])
            if p[5] == lead:  # the table is empty: the canonical form
                return (hands_key(p[0], p[1]), p[4], p[7], p[8])
            return p[:9]

        self.key = key
        # the functions of _Positions, here on Compact tuples
        self.moves = t.searched
        self.order = _order_keys(s)
        self.ordered = _plain_ordered(t.searched, self.order, _compact_taking)
        self.forced = t.forced
        self.child = t.child
        self.mover = mover
        self.taking = _compact_taking
        self.at_lead = _compact_at_lead
        self.in_play = _compact_in_play
        moves, child, forced = t.searched, t.child, t.forced
        beat0, beat1 = t.beat
        transferable, transfers = t.transferable, t.transfers
        order = self.order
        defend, throw = Phase.DEFEND, Phase.THROW
        k_throw = Kind.THROW
        # the ordered actions of each phase, by what decides them (see ordered)
        memos: tuple[dict[int, list[Action]], ...] = ({}, {}, {})

        def ordered(p: Compact, floor: int) -> list[Action]:
            # what decides the actions (durak_lessons.compact.Transitions.searched), as one
            # number: at a lead, the leader's hand and the bout's card limit; in defence, the
            # first uncovered card, the defender's cards that cover it and those that
            # transfer; at a throw-in, the cards that may be thrown in and "take" said
            phase, leader = p[5], p[4]
            if phase == lead:
                ident = (p[1] if leader else p[0]) << 8 | p[7]
            elif phase == defend:
                hand = p[0] if leader else p[1]
                a = p[2][p[3].index(-1)]
                ident = (hand & (beat0 if leader else beat1)[a]) << 64 | a
                if transfers:
                    ident |= transferable(p, hand) << 8
            else:
                m = (p[1] if leader else p[0]) & p[10] & -1 << floor if len(p[2]) < p[7] else 0
                ident = m << 1 | p[6]
            memo = memos[phase]
            out = memo.get(ident)
            if out is None:
                if len(memo) > 1 << 16:
                    memo.clear()
                out = memo[ident] = moves(p, floor)
                if len(out) > 1:
                    out.sort(key=order[p[6]].__getitem__)
            return out

        def expand(p: Compact, action: Action) -> tuple[Any, tuple[object, ...], int]:
            c, v = child(p, action)
            if c is None:
                return None, (), v
            phase = c[5]
            if phase == defend:
                after = forced(c)
                if after is not None:  # the defender could only take
                    c, v = after
                    if c is None:
                        return None, (), v
            elif phase == throw and c[6] and action.kind == k_throw:
                f = action.cards[0] + 1
                return c, (*key(c), f), f
            return c, key(c), 0

        if t.take_all:  # else the covers of every uncovered card: the plain form
            self.ordered = ordered
        self.expand = expand
        self.mirror = _no_mirror
        if _one_trump(s) != -2:

            def mirror(p: Compact) -> tuple[object, ...] | None:
                # a known stock: no mirror (its key is the position's own fields)
                if p[11] or p[5] != lead:
                    return None
                return (hands_key(p[1], p[0]), 1 - p[4], p[7], p[8])

            self.mirror = mirror

    def enter(self, s: BoutState) -> Any:
        return compact(s)


def _compact_taking(p: Compact) -> bool:
    return p[6]


def _compact_at_lead(p: Compact) -> bool:
    return p[5] == Phase.LEAD


def _compact_in_play(p: Compact) -> int:
    return (p[0] | p[1] | p[9]).bit_count() + len(p[11])


# ---- the actions searched ---------------------------------------------------------------------


def _actions(s: BoutState, floor: int) -> list[Action]:
    """The legal actions minus those that only reorder the same result (two players):

    * the defender's covers go one attack at a time, the first uncovered one first: until
      every card is covered nothing else happens but covering, transferring (only before the
      first cover) or taking, so the order of the covers never matters, only which card covers
      which (not under ``must_cover``, where covering one card first can be forced, nor where
      a take leaves the beaten pairs in the discard, ``on_fail`` "uncovered" or
      "failed-card": there the defender may cover later cards and then take the first);
    * after "take", the cards thrown in all go to the taker, so only the set thrown matters:
      they are searched in increasing card order (``floor`` is one above the last card thrown).
    """
    actions = s.legal_actions()
    phase = s._phase
    if phase == Phase.DEFEND and not s.rules.must_cover and s.rules.on_fail in _TAKES_ALL:
        covers = s._covers
        first = s._attacks[covers.index(-1)]
        return [a for a in actions if a.kind != Kind.COVER or a.target == first]
    if phase == Phase.THROW and floor:
        return [a for a in actions if a.kind != Kind.THROW or a.card >= floor]
    return actions


def _floor_after(action: Action, taking: bool) -> int:
    """The ``floor`` of the throw-ins searched after ``action`` (see :func:`_actions`): one
    above the card just thrown while the defender takes, else none."""
    return action.cards[0] + 1 if taking and action.kind == Kind.THROW else 0


# ---- move ordering ----------------------------------------------------------------------------


class _OrderKeys(dict[Action, tuple[int, int, int]]):
    """Sort keys of actions, computed once: the table's action first (done by the search),
    then cheap actions (low non-trumps) before dear ones, a throw-in before a pass when the
    defender has said "take", then "take", and a transfer last of all (measured on the
    heaviest переводной endgames: tried last, transfers take a quarter of the positions they
    take tried with the covers of their rank, and a half of those they take tried just before
    "take")."""

    def __init__(self, trump: int, taking: bool) -> None:
        super().__init__()
        self.trump = trump
        self.taking = taking

    def __missing__(self, a: Action) -> tuple[int, int, int]:
        kind = a.kind
        if kind == Kind.TAKE:
            k = (9, 0, 0)
        elif kind == Kind.TRANSFER:
            k = (10, RANK_OF[a.cards[-1]], 0)
        elif kind == Kind.PASS:
            k = (8, 0, 0) if self.taking else (1, 0, 0)
        else:
            c = a.cards[-1]
            dear = 1 if SUIT_OF[c] == self.trump else 0
            k = (dear * 4 + (2 if kind == Kind.LEAD else 0), RANK_OF[c], -len(a.cards))
        self[a] = k
        return k


def _order_keys(s: BoutState) -> tuple[_OrderKeys, _OrderKeys]:
    """The sort keys of actions in positions of ``s``'s deal, without and with "take" said."""
    trump = s.deal.trumps[0]
    return _OrderKeys(trump, False), _OrderKeys(trump, True)


# ---- the search -------------------------------------------------------------------------------


def _probe(
    entry: tuple[int, int, Action | None] | None, alpha: int, beta: int
) -> tuple[int | None, int, int, int, int, Action | None]:
    """What a table entry ``(lo, hi, action)`` says for the window (alpha, beta): the value
    to return at once (or ``None``), the window narrowed by the bounds, the bounds and the
    action to try first."""
    if entry is None:
        return None, alpha, beta, _LOSS, _WIN, None
    lo, hi, action = entry
    if lo >= beta or lo == hi:
        return lo, alpha, beta, lo, hi, action
    if hi <= alpha:
        return hi, alpha, beta, lo, hi, action
    return None, max(alpha, lo), min(beta, hi), lo, hi, action


def _known(entry: tuple[int, int, Action | None] | None, alpha: int, beta: int) -> int | None:
    """The value to return at once for the window (alpha, beta) by a table entry, if any:
    ``_probe(entry, alpha, beta)[0]``, cheaper."""
    if entry is None:
        return None
    lo, hi, _ = entry
    if lo >= beta or lo == hi:
        return lo
    if hi <= alpha:
        return hi
    return None


def _bounds(best: int, alpha: int, beta: int, lo: int, hi: int) -> tuple[int, int]:
    """The bounds ``(lo, hi)`` a fail-soft result ``best`` of the window (alpha, beta) leaves."""
    if best <= alpha:
        return lo, min(hi, best)
    if best >= beta:
        return max(lo, best), hi
    return best, best


class _Search:
    """One running search of a bout of the layer (see :meth:`Solver._run`): the lowest place on
    the layer's stack of an open position it met (its own place to begin with), the open
    positions it met, and its own table."""

    __slots__ = ("low", "met", "table")

    def __init__(self, index: int) -> None:
        self.low = index
        self.met: set[tuple[object, ...]] = set()
        self.table: dict[tuple[object, ...], tuple[int, int, Action | None]] = {}


class _Layer:
    """The work on one question about one layer (see :meth:`Solver._layer`): the window of the
    question, the open positions (those searched and not yet answered) in the order first met,
    which searches met which open position, the open positions to search again and the
    searches running."""

    __slots__ = ("alpha", "beta", "dirty", "index", "running", "size", "stack", "users",
                 "want", "where")

    def __init__(self, size: int, want: int) -> None:
        self.size = size  # the cards in play
        self.want = want
        self.alpha, self.beta = (_DRAW, _WIN) if want == _WIN else (_LOSS, _DRAW)
        self.stack: list[tuple[object, ...]] = []
        self.index: dict[tuple[object, ...], int] = {}
        self.where: dict[tuple[object, ...], tuple[Any, int]] = {}
        self.users: dict[tuple[object, ...], set[tuple[object, ...]]] = {}
        self.dirty: set[tuple[object, ...]] = set()
        self.running: list[_Search] = []

    def open(self, key: tuple[object, ...], p: Any, floor: int) -> int:
        """Put the position ``key`` (``p``, ``floor``) on the stack, open: its place."""
        i = self.index[key] = len(self.stack)
        self.stack.append(key)
        self.where[key] = (p, floor)
        return i


class Solver:
    """An alpha-beta searcher with a transposition table kept between calls.

    One solver serves positions of one rules value and trump (it starts a fresh table when
    they change).  ``node_limit`` makes a search give up with :class:`SearchLimitError`
    (``None``: no limit).  With transfers, a position that alpha-beta has not solved within
    ``fallback_after`` positions (or half the budget, if that is less) is solved by
    ``fallback``: ``"layers"``, searches by layer, or ``"retrograde"``, a retrograde analysis of
    every position reachable, the latter only where play can go round in circles (see the
    module notes; ``fallback_after=0``: at once, ``None``: alpha-beta alone).
    ``compact=False`` searches the engine's own states even where the compact positions apply
    (the same tree, slower: for tests and benchmarks).
    """

    def __init__(
        self,
        node_limit: int | None = None,
        *,
        compact: bool = True,
        fallback_after: int | None = 20_000,
        fallback: str = "layers",
    ) -> None:
        if node_limit is not None and (type(node_limit) is not int or node_limit < 1):
            raise ValueError(
                f"node_limit: a whole number of positions, 1 or more, or None for no limit;"
                f" got {node_limit!r}"
            )
        if fallback not in ("layers", "retrograde"):
            raise ValueError(f"unknown fallback {fallback!r}; expected 'layers' or 'retrograde'")
        self.node_limit = node_limit
        self.fallback_after = fallback_after
        self.fallback = fallback
        self.compact = compact
        self.nodes = 0
        self._table: dict[tuple[object, ...], tuple[int, int, Action | None]] = {}
        self._ident: tuple[object, ...] | None = None
        self._pos: _Positions | None = None
        self._path: dict[tuple[object, ...], int] = {}
        self._low = _NO_REPEAT
        self._repeats = True  # keep the line of play, to find repetitions
        self._work: _Layer | None = None  # the layer being solved by _layer()
        self._depth = 0  # the searches of bouts running, nested in one another
        # the best action last found in positions within a bout whose value is not known (to
        # try first when the layer's search comes back to them)
        self._hints: dict[tuple[object, ...], Action] = {}

    def _prepare(self, s: BoutState) -> _Positions:
        fast = self.compact and accepts(s)
        if s.stock_count and not fast:
            raise ValueError(
                "a known stock is searched only on compact positions (two players of the"
                " подкидной / переводной family, Solver(compact=True)); here the stock must"
                " be empty"
            )
        ident = (s.rules, s.deal.trumps, fast, _recurring(s))
        if ident != self._ident or self._pos is None:
            self._ident = ident
            self._table = {}
            self._hints = {}
            # in the подкидной family play can go round only with transfers (without them
            # the leader loses a card every bout), whether searched as compact positions or
            # not; any other rules value keeps the check (and goes on to the searches by
            # layer, see _exact)
            self._repeats = s.rules.transfers or not accepts(s)
            self._pos = _CompactPositions(s) if fast else _Positions(s)
        return self._pos

    def _store(
        self, key: tuple[object, ...], p: Any, lo: int, hi: int, action: Action | None
    ) -> None:
        """Store the bounds ``lo``, ``hi`` (true values, not the bounds of one search) and the
        action of position ``p`` (``key``), and at the start of a bout their mirror image for
        the mirrored position (see the module notes), merged with what is known of it.  Not
        while the mirrored position is open in the layer being searched: an open position's
        answer changes only when it is searched (the searches that met it are then marked to
        search again, see Solver._run)."""
        self._table[key] = (lo, hi, action)
        pos = self._pos
        assert pos is not None
        m = pos.mirror(p)
        if m is None or m == key:
            return
        work = self._work
        if work is not None and m in work.index:
            return
        old = self._table.get(m)
        if old is None:
            self._table[m] = (-hi, -lo, action)
        else:
            nlo, nhi = max(old[0], -hi), min(old[1], -lo)
            assert nlo <= nhi, (old, lo, hi)  # true bounds never contradict each other
            self._table[m] = (nlo, nhi, action if old[2] is None else old[2])

    def _key(self, p: Any, floor: int) -> tuple[object, ...]:
        """The key of position ``p`` with ``floor`` (see :func:`_actions`)."""
        pos = self._pos
        assert pos is not None
        k = pos.key(p)
        return (*k, floor) if floor else k

    def clear(self) -> None:
        self._table = {}
        self._hints = {}

    def _best_child(
        self,
        p: Any,
        floor: int,
        hint: Action | None,
        alpha: int,
        beta: int,
        maximizing: bool,
        search: Callable[[Any, tuple[object, ...], int, int, int], int],
    ) -> tuple[int, Action | None]:
        """Fail-soft alpha-beta over the children of ``p``, each searched by
        ``search(child, key, alpha, beta, floor)``: the best value found for the side to move
        (seat 0 maximizes) and the action that gave it.

        The children are made first, in the order to search them (where the defender could
        only take, the child is the position after the take), and the table is asked about
        each: one known already to settle the window settles ``p`` at once (an *enhanced
        transposition cutoff*: the action tried first may lead far away into positions not
        known yet while a later one is known already)."""
        pos = self._pos
        assert pos is not None
        expand, get = pos.expand, self._table.get
        # (action, child, key, floor), or (action, None, key, value) where the value is known
        kids: list[tuple[Action, Any, tuple[object, ...], int]] = []
        # the order to try them: ``hint`` (the table's action, from this position or an
        # isomorphic one) first, then by the ordering keys
        actions = pos.ordered(p, floor)
        if hint is not None and actions[0] != hint and hint in actions:
            actions = actions.copy()  # the ordered list is shared
            actions.remove(hint)
            actions.insert(0, hint)
        for a in actions:
            c, k, f = expand(p, a)  # f: the child's floor, or the value where the deal ended
            if c is not None:
                entry = get(k)
                if entry is None:
                    kids.append((a, c, k, f))
                    continue
                lo, hi, _ = entry  # _known(), written out
                if lo >= beta or lo == hi:
                    f = lo
                elif hi <= alpha:
                    f = hi
                else:
                    kids.append((a, c, k, f))
                    continue
            if f >= beta if maximizing else f <= alpha:
                return f, a
            kids.append((a, None, k, f))
        best, best_action = (-2 if maximizing else 2), None
        for a, c, k, f in kids:
            v = f if c is None else search(c, k, alpha, beta, f)
            if maximizing:
                if v > best:
                    best, best_action = v, a
                    if v > alpha:
                        alpha = v
            elif v < best:
                best, best_action = v, a
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        return best, best_action

    # value for seat 0 within (alpha, beta): fail-soft alpha-beta
    def _search(
        self, s: Any, key: tuple[object, ...], alpha: int, beta: int, floor: int = 0
    ) -> int:
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise SearchLimitError(f"no proof within {self.node_limit} positions")
        pos = self._pos
        assert pos is not None
        path = self._path
        repeats = self._repeats
        seen = path.get(key) if repeats else None
        if seen is not None:
            # an endless repetition (possible with transfers): a draw, see the module notes
            self._low = min(self._low, seen)
            return _DRAW
        known, alpha, beta, lo, hi, best_action = _probe(self._table.get(key), alpha, beta)
        if known is not None:
            return known
        a0, b0 = alpha, beta
        maximizing = pos.mover(s) == 0
        depth = 0
        if repeats:
            depth = path[key] = len(path)
        saved_low, self._low = self._low, _NO_REPEAT
        try:
            best, best_action = self._best_child(
                s, floor, best_action, alpha, beta, maximizing, self._search
            )
        finally:
            if repeats:
                del path[key]
            low = self._low
            self._low = min(saved_low, low)
        if low < depth and best == _DRAW:
            # a draw that leaned on a repetition of a position above this one on the line:
            # it may hold only on this line, so it is never stored (see the module notes)
            return best
        self._store(key, s, *_bounds(best, a0, b0, lo, hi), best_action)
        return best

    def value(self, state: GameState, *, known_stock: bool = False) -> int:
        """The exact value for seat 0 (+1: seat 1 is the fool, 0: a draw, -1: seat 0 is)."""
        s = _check(state, known_stock)
        pos = self._prepare(s)
        with gc_paused(), _deep_recursion():
            return self._exact(s, pos, [(pos.enter(s), 0)])[0]

    def solve(self, state: GameState, *, known_stock: bool = False) -> Verdict:
        """The value for the player to move, the fool, and every action that achieves it.

        ``known_stock=True`` also takes a position whose stock is not empty, reading the
        stock's cards and their order as known to both players: the exact value of one
        *world* (a deal with every card placed), which is what a search over sampled worlds
        needs while a few cards are left in the stock (:class:`~durak_lessons.search.SearchBot`),
        not the value of the real position, where the stock is hidden.  Only on compact
        positions (the подкидной / переводной family).
        """
        s = _check(state, known_stock)
        pos = self._prepare(s)
        start = self.nodes
        player = s.to_move
        assert player is not None
        sign = 1 if player == 0 else -1
        root = pos.enter(s)
        actions = s.legal_actions()
        children = [pos.child(root, a) for a in actions]
        with gc_paused(), _deep_recursion():
            found = iter(self._exact(s, pos, [(c, 0) for c, _ in children if c is not None]))
        values = [
            (a, sign * (v if c is None else next(found)))
            for a, (c, v) in zip(actions, children, strict=True)
        ]
        value = max(v for _, v in values)
        best = tuple(a for a, v in values if v == value)
        fool = None if value == _DRAW else (1 - player if value == _WIN else player)
        return Verdict(player, value, fool, best, tuple(values), self.nodes - start)

    def _exact(self, s: BoutState, pos: _Positions, seeds: list[tuple[Any, int]]) -> list[int]:
        """The values for seat 0 of positions ``(position, floor)`` of ``s``'s deal.

        Where play cannot go round (the подкидной family without transfers), alpha-beta.
        Elsewhere (transfers; passes and takes that hand a pair to and fro, as in 1.г and the
        английские дураки; any rules value on the engine's states), alpha-beta gets the first
        ``fallback_after`` positions (at most half of what is left of ``node_limit``); if that
        is not enough, the draws that lean on a repetition may be what costs, so the rest of
        the budget goes to the searches by layer (or the retrograde analysis).
        """

        def search() -> list[int]:
            return [self._search(p, self._key(p, floor), _LOSS, _WIN, floor) for p, floor in seeds]

        limit = self.node_limit
        share = self.fallback_after
        if not self._repeats or share is None:
            return search()
        if limit is not None:
            share = min(share, (limit - self.nodes) // 2)
        if share > 0:
            self.node_limit = self.nodes + share
            try:
                return search()
            except SearchLimitError:
                pass
            finally:
                self.node_limit = limit
        if self.fallback == "layers":
            return [self._exact_layer(p, floor) for p, floor in seeds]
        if not can_repeat(s):
            return search()  # the table filled so far is kept
        return self._retrograde(pos, seeds)

    # ---- searches by layer (see the module notes) --------------------------------------------
    #
    # Why a "yes" holds: with the window of the question, a search returns a "yes" (+1 asking
    # for seat 0's win, -1 for seat 1's) only if the side asking has a move that gets one or
    # the other side has only moves that do, and the leaves that give one are ends of the deal
    # and answers in the table; an open position gives a "no" (0), and the search's own table
    # holds bounds of this search only.  So a +1 or -1 returned is exact and is stored at once.
    #
    # Why the open positions are "no"s once settled (Solver._visit, _settle): every open
    # position's last search has met only answered positions (their answers do not change) and
    # open positions of the same group, and none of those has been answered "yes" since that
    # search, or it would have been searched again; a search from the window of the question
    # answers the same whatever the leaves it pruned are worth (the group has its own table
    # for each search, so nothing else counts).  Take an open position from which the side
    # asking can in truth force its win, in the fewest bouts.  Its winning strategy ends in
    # leaves that are wins for it; those its last search met are open positions with a win in
    # fewer bouts (so by induction answered "yes", a contradiction) or answered "yes"; those it
    # pruned could be made wins without changing what the search answered; so its search would
    # have answered "yes".  Positions no search met do not matter.  A group is settled when the
    # search of its first position ends and no search of the group met an open position opened
    # before it (the positions are kept on a stack in the order opened, and each search notes
    # the lowest place on it that it met, as in Tarjan's algorithm for strongly connected
    # components); otherwise it joins the group of that earlier position.  Searches nest one in
    # another up to a depth (_DEEPEST); a position met deeper waits on the stack, open and
    # marked to be searched, and is searched when its group is settled.

    def _settled(self, key: tuple[object, ...]) -> int | None:
        """The exact value the table holds for ``key``, if it holds one."""
        entry = self._table.get(key)
        if entry is not None:
            lo, hi, _ = entry
            if lo in (hi, _WIN) or hi == _LOSS:
                return lo
        return None

    def _exact_layer(self, p: Any, floor: int) -> int:
        """The exact value for seat 0 of position ``p``: can seat 0 force a win?  Can seat 1?
        If neither, a draw.  A "yes" is found far sooner than a "no" (which takes every
        position of the layer that play can reach), so the two questions are first asked in
        turn with a budget of positions that grows fourfold each round; once one of them is
        answered, the answer to the other follows or is searched to the end."""
        limit = self.node_limit
        budget = _FIRST_BUDGET
        try:
            while True:
                for want in (_WIN, _LOSS):
                    self.node_limit = self.nodes + budget
                    if limit is not None and limit < self.node_limit:
                        self.node_limit = limit
                    try:
                        v = self._layer(p, floor, want)
                    except SearchLimitError:
                        if self.node_limit == limit:
                            raise
                        continue
                    self.node_limit = limit
                    if v != _DRAW:  # the answer, or the other side's exact value
                        return v
                    v = self._layer(p, floor, -want)
                    return v if v == -want else _DRAW
                budget *= _GROWTH
        finally:
            self.node_limit = limit

    def _layer(self, p: Any, floor: int, want: int) -> int:
        """Can the side that ``want`` (+1 or -1) favours force it from ``p``?  ``want`` if so;
        if not, what is known of ``p`` on the other side of it (0, or the exact other value);
        found by searching the bouts of ``p``'s layer (see the notes above)."""
        pos = self._pos
        assert pos is not None
        key = self._key(p, floor)
        work = _Layer(pos.in_play(p), want)
        known = self._answer(work, key)
        if known is not None:
            return known
        outer, self._work = self._work, work
        try:
            return self._visit(work, key, p, floor)[0]
        finally:
            self._work = outer

    def _answer(self, work: _Layer, key: tuple[object, ...]) -> int | None:
        """The answer the table holds for ``key`` to ``work``'s question, if any."""
        return _known(self._table.get(key), work.alpha, work.beta)

    def _visit(
        self, work: _Layer, key: tuple[object, ...], p: Any, floor: int
    ) -> tuple[int, int]:
        """Search the bout from ``p`` (met for the first time, or the layer's own position)
        and every open position it leads to, depth first: the value for the question (or 0
        while open) and the lowest place on the stack of an open position it leans on."""
        i = work.open(key, p, floor)
        value, low = self._run(work, key)
        if low < i:
            return value, low  # it leans on a position below: settled with that one
        if i == 0 and value != _DRAW:
            return value, low  # the position asked about is answered: nothing else matters
        low, done = self._settle(work, i)
        if low < i:
            return self._answer(work, key) or _DRAW, low
        if done:  # every search above i is up to date and none answers more: all open are no
            table = self._table
            for k in work.stack[i:]:
                if self._answer(work, k) is None:
                    lo, hi, action = table.get(k, (_LOSS, _WIN, None))
                    if work.want == _WIN:
                        hi = _DRAW
                    else:
                        lo = _DRAW
                    self._store(k, work.where[k][0], lo, hi, action)
        for k in work.stack[i:]:
            del work.index[k]
            del work.where[k]
            work.dirty.discard(k)
        del work.stack[i:]
        return self._answer(work, key) or _DRAW, i

    def _run(self, work: _Layer, key: tuple[object, ...]) -> tuple[int, int]:
        """One search of the bout from the open position ``key``: its answer (or 0) and the
        lowest place on the stack of an open position it met."""
        p, floor = work.where[key]
        search = _Search(work.index[key])
        work.running.append(search)
        self._depth += 1
        try:
            self._bout(p, key, work.alpha, work.beta, floor, True)
        finally:
            work.running.pop()
            self._depth -= 1
        answer = self._answer(work, key)
        if answer is None:
            for leaf in search.met:
                work.users.setdefault(leaf, set()).add(key)
            return _DRAW, search.low
        if answer == work.want:  # the searches that met it open may answer now
            work.dirty.update(work.users.pop(key, ()))
        return answer, search.low

    def _settle(self, work: _Layer, i: int) -> tuple[int, bool]:
        """Search again the open positions from place ``i`` up on the stack that met a position
        answered since, until none is left: the lowest place on the stack met below ``i`` (or
        ``i``), and whether the searches got that far (not when the position asked about got
        answered on the way, which is all that is wanted then)."""
        index = work.index
        dirty = work.dirty
        low = i
        while True:
            todo = sorted((k for k in dirty if index.get(k, -1) >= i), key=index.__getitem__)
            if not todo:
                return low, True
            for k in todo:
                dirty.discard(k)  # only now: those not reached yet stay marked
                if k not in index or self._answer(work, k) is not None:
                    continue
                value, found = self._run(work, k)
                if found < low:
                    return found, False  # it leans on a position below i now
                if value != _DRAW and index[k] == 0:
                    return low, False

    def _bout(
        self, p: Any, key: tuple[object, ...], alpha: int, beta: int, floor: int, top: bool = False
    ) -> int:
        """Alpha-beta over one bout of the layer being solved, with the window (0, 1) or
        (-1, 0) of the question asked (see the notes above); ``key`` is ``p``'s key (with
        ``floor``)."""
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise SearchLimitError(f"no proof within {self.node_limit} positions")
        pos = self._pos
        work = self._work
        assert pos is not None
        assert work is not None
        entry = self._table.get(key)
        if entry is not None:  # _known(), written out
            lo, hi, _ = entry
            if lo >= beta or lo == hi:
                return lo
            if hi <= alpha:
                return hi
        search = work.running[-1]
        if not top and pos.at_lead(p):  # a bout starts: a leaf of this bout's search
            if pos.in_play(p) < work.size:
                return self._layer(p, floor, work.want)
            search.met.add(key)
            i = work.index.get(key)
            if i is None:
                if self._depth < _DEEPEST:
                    value, i = self._visit(work, key, p, floor)
                    if i < search.low:
                        search.low = i
                    return value
                # too deep to search it now: it waits on the stack, to be searched when the
                # positions below it are settled
                work.open(key, p, floor)
                work.dirty.add(key)
            elif i < search.low:
                search.low = i
            return _DRAW  # open: 0 for now
        # the search's own table (_probe(), written out: the window of a question is a null
        # window, which bounds that do not settle it leave as it is)
        table = search.table
        own = table.get(key)
        if own is None:
            lo, hi, best_action = _LOSS, _WIN, None
        else:
            lo, hi, best_action = own
            if lo >= beta or lo == hi:
                return lo
            if hi <= alpha:
                return hi
        if best_action is None:
            best_action = entry[2] if entry is not None else None
            if best_action is None:
                best_action = self._hints.get(key)
        a0, b0 = alpha, beta
        maximizing = pos.mover(p) == 0
        best, best_action = self._best_child(
            p, floor, best_action, alpha, beta, maximizing, self._bout
        )
        if best != _DRAW:  # +1 or -1 leans only on proved values: it holds for good
            self._store(key, p, best, best, best_action)
            return best
        table[key] = (*_bounds(best, a0, b0, lo, hi), best_action)
        if best_action is not None:
            self._hints[key] = best_action
        return best

    def _retrograde(self, pos: _Positions, seeds: list[tuple[Any, int]]) -> list[int]:
        """The values for seat 0 of ``seeds``, where endless play is a draw, from every
        position reachable (see :meth:`_retrograde_values`)."""
        values = self._retrograde_values(pos, seeds)
        return [values[self._key(p, floor)] for p, floor in seeds]

    def _retrograde_values(
        self, pos: _Positions, seeds: list[tuple[Any, int]]
    ) -> dict[tuple[object, ...], int]:
        """The value for seat 0 of every position reachable from ``seeds`` (one per canonical
        key) that the table does not settle already: the positions from which seat 0 can force
        a win (then those from which seat 1 can force seat 0's loss) are collected backwards
        from the ends of the deal; all others are draws (benchmarks/solver_order.py orders a
        search by these values, to measure what a perfect order would be worth)."""

        key = self._key
        known = self._settled  # what alpha-beta has already proved

        roots = [key(p, floor) for p, floor in seeds]
        succ: dict[tuple[object, ...], list[Any]] = {}
        mover: dict[tuple[object, ...], int | None] = {}
        stack = list(dict(zip(roots, seeds, strict=True)).items())
        seen = {k for k, _ in stack}
        limit = self.node_limit
        while stack:
            node, (p, floor) = stack.pop()
            self.nodes += 1
            if limit is not None and self.nodes > limit:
                raise SearchLimitError(f"no proof within {limit} positions")
            kids: list[Any] = []
            for a in pos.moves(p, floor):
                c, v = pos.child(p, a)
                if c is None:
                    kids.append(v)
                    continue
                f = _floor_after(a, pos.taking(c))
                kid = key(c, f)
                value = known(kid)
                if value is not None:  # a leaf here: nothing below it need be listed
                    kids.append(value)
                    continue
                kids.append(kid)
                if kid not in seen:
                    seen.add(kid)
                    stack.append((kid, (c, f)))
            succ[node] = kids
            mover[node] = pos.mover(p)
        preds: dict[tuple[object, ...], list[tuple[object, ...]]] = {n: [] for n in succ}
        for node, kids in succ.items():
            for kid in kids:
                if type(kid) is not int:
                    preds[kid].append(node)
        values = dict.fromkeys(succ, _DRAW)
        for target, forcer in ((_WIN, 0), (_LOSS, 1)):
            # how many more children must be forced before a position is: one for the side
            # that forces, all of them for the other
            left = {}
            ready = []
            for node, kids in succ.items():
                need = 1 if mover[node] == forcer else len(kids)
                need -= sum(1 for k in kids if type(k) is int and k == target)
                left[node] = need
                if need <= 0:
                    ready.append(node)
            while ready:
                node = ready.pop()
                values[node] = target
                for q in preds[node]:
                    left[q] -= 1
                    if left[q] == 0:
                        ready.append(q)
        return values


#: the positions :func:`solve` searches at most unless told otherwise: about half a minute of
#: CPU at the 13-14 µs a position measured on these machines (5 times the heaviest of 200
#: переводной с отказом 6+6 endgames), while a position with many more cards in play may
#: take hours without a limit
SOLVE_NODES: Final = 2_000_000


def solve(
    state: GameState, *, node_limit: int | None = SOLVE_NODES, known_stock: bool = False
) -> Verdict:
    """The exact result of a two-player position with the stock empty (see :class:`Verdict`).

    Raises ``ValueError`` for a position that is not fully known (stock not empty, more than
    two players, or over) and :class:`SearchLimitError` if ``node_limit`` positions (by
    default :data:`SOLVE_NODES`) do not settle it; ``node_limit=None`` searches without a
    limit.  ``known_stock``: see :meth:`Solver.solve`.
    """
    try:
        return Solver(node_limit).solve(state, known_stock=known_stock)
    except SearchLimitError:
        raise SearchLimitError(
            f"no proof within {node_limit:,} positions: pass a larger node_limit, or"
            " node_limit=None to search without a limit (it may take very long)"
        ) from None


def action_values(
    state: GameState, *, node_limit: int | None = None, known_stock: bool = False
) -> dict[Action, int]:
    """Every legal action's exact value for the player to move (+1, 0, -1)."""
    return dict(solve(state, node_limit=node_limit, known_stock=known_stock).values)


def minimax(state: GameState, *, known_stock: bool = False) -> int:
    """Plain exhaustive minimax, value for seat 0: the reference the tests check against.

    No table, no pruning, no ordering: use it only on small positions.  A position repeated
    on the current line of play counts as a draw, as in the solver.  ``known_stock``: as in
    :meth:`Solver.solve` (the engine draws the stock's cards in their order).
    """
    return _minimax(_check(state, known_stock), set())


# (module functions rather than closures that call themselves: those are reference cycles,
# which searches run under gc_paused must not make)


def _minimax(s: BoutState, line: set[BoutState]) -> int:
    if s.is_over:
        return _terminal(s)
    if s in line:
        return _DRAW
    line.add(s)
    vals = [_minimax(s.apply(a), line) for a in s.legal_actions()]
    line.discard(s)
    return max(vals) if s.to_move == 0 else min(vals)


def can_repeat(state: GameState, limit: int = 100_000, *, known_stock: bool = False) -> bool:
    """Can play from ``state`` return to a position already on the line (transfers make
    endless play possible; so does a pair handed to and fro where a player without a pair
    passes, until the third time ends it, D39)?  Explores at most ``limit`` positions
    (``True`` beyond).  A position is its cards, table and turn: the record of repetitions
    that the engine's states carry for D39 does not count."""
    checked = _check(state, known_stock)
    if type(limit) is not int or limit < 1:
        raise ValueError(f"limit: a whole number of positions, 1 or more; got {limit!r}")
    return _repeats(checked, set(), set(), [limit])


def _forgetful(s: BoutState) -> BoutState:
    """``s`` without its record of repetitions (D39), so that a position come back compares
    equal to itself."""
    if not s._history:
        return s
    t = s._copy()
    t._history = ()
    return t


def _repeats(s: BoutState, line: set[BoutState], done: set[BoutState], left: list[int]) -> bool:
    if s.is_over:
        return False
    me = _forgetful(s)
    if me in done:
        return False
    if me in line:
        return True
    left[0] -= 1
    if left[0] < 0:
        return True
    line.add(me)
    found = any(_repeats(s.apply(a), line, done, left) for a in s.legal_actions())
    line.discard(me)
    done.add(me)
    return found
