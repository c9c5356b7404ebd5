"""Hints and post-game analysis for the widgets.

* :func:`hints`: every legal action of the seat to move with its estimated chance of not being
  the fool (the search bot's Monte Carlo estimate, or the solver's exact value once two players
  are left and nothing is hidden: the stock empty, or in the подкидной / переводной family
  holding only the turned-up trump), best first.
* :func:`verdict`: the solver's exact result once nothing is hidden (two players).
* :func:`review`: after a game, the decisions of one seat where the chance dropped most: the
  best action's estimate minus the estimate of the action played.

All of them look at a position only through the seat's view (what that player could see when
he decided), so a hint never gives away a hidden card.

>>> import random
>>> from durak_lessons import Deal, View, initial_state
>>> state = initial_state("podkidnoy", Deal.from_hands(["6S 7S", "8S AH"], trump="H"))
>>> verdict(View(state, 0)).describe()
'seat 0 is the fool with best play (seat 0 to move); best: leads 6♠, leads 7♠'
>>> [h.exact for h in hints(View(state, 0), random.Random(0))]
[-1, -1]
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from .actions import Action
from .bots import check_view, check_view_rng
from .compact import accepts
from .deal import rng_of
from .errors import check_seat
from .records import Record
from .sampling import known_world
from .search import Estimate, SearchBot, _alike
from .solver import Solver, Verdict, is_solvable
from .views import View

__all__ = [
    "ENGINE_NODE_COST",
    "HINT_SOLVER_NODES",
    "VERDICT_NODES",
    "Drop", "alike", "hints", "review", "verdict"]

#: The solver's budget for one hint, in positions: about two seconds' search at most (on
#: переводной с отказом's 6+6 endgames, the heaviest of the подкидной / переводной family, a
#: position costs about 10 µs), after which the hint falls back on the search bot's estimates.
HINT_SOLVER_NODES: Final = 200_000
#: What a position costs the solver on the engine's own states (every game outside
#: :mod:`~durak_lessons.compact`: дураки с пар and its variants, Дурак простой, ...) against
#: one of the подкидной / переводной family, which it searches as compact tuples: 25 to 43 µs
#: against about 10 (measured on дураки во все карты's endgames of 12 to 16 cards, whose whole
#: pack is dealt, so nothing is hidden from the first lead).  The budget of positions is divided
#: by it there, so a hint takes about as long in every game: with the full budget a hint in
#: во все карты took up to 9 s.
ENGINE_NODE_COST: Final = 4
#: :func:`verdict`'s default budget in positions: about ten seconds' search at most, far
#: beyond any 8+8 endgame of the подкидной / переводной family
VERDICT_NODES: Final = 1_000_000


def verdict(view: View, *, node_limit: int | None = VERDICT_NODES) -> Verdict | None:
    """The exact result with best play once two players are left with the stock empty (or,
    in the подкидной / переводной family, holding only the turned-up trump: every card is
    then known to both), else ``None``.  Raises :class:`~durak_lessons.solver.SearchLimitError`
    if ``node_limit`` positions do not settle it (by default :data:`VERDICT_NODES`, a quarter
    of them on the engine's own states, :data:`ENGINE_NODE_COST`: whole-pack deals such as
    во все карты are known from the first lead but far too big to solve then); ``None`` for
    no limit."""
    check_view(view)
    if node_limit is not None and (type(node_limit) is not int or node_limit < 1):
        raise ValueError(
            "node_limit: a whole number of positions, 1 or more, or None for no limit;"
            f" got {node_limit!r}"
        )
    if view.to_move != view.seat:
        return None
    world = known_world(view)  # the one world consistent with the view
    if world is None or not is_solvable(world, known_stock=True):
        return None
    if node_limit is not None and not accepts(world):
        node_limit = max(1, node_limit // ENGINE_NODE_COST)
    return Solver(node_limit).solve(world, known_stock=True)


def hints(
    view: View,
    rng: random.Random,
    *,
    iterations: int = 400,
    solver_nodes: int = HINT_SOLVER_NODES,
) -> list[Estimate]:
    """Every legal action of ``view``'s seat with its estimated chance of not being the fool,
    best first.  ``Estimate.exact`` holds the solver's value (+1 win, 0 draw, -1 loss) when the
    position is fully known and the solver proves it within ``solver_nodes`` positions (a
    quarter of them on the engine's own states, :data:`ENGINE_NODE_COST`); ``Estimate.win`` is
    then that value as a chance (1, ½, 0), also where Monte Carlo was run to break ties between
    equal actions (their ``visits`` count those playouts)."""
    check_view_rng(view, rng)
    bot = SearchBot(iterations=iterations, solver_nodes=_budget(view, solver_nodes))
    estimates = bot.analyse(view, rng)
    out = []
    for e in estimates:
        if e.exact is not None:
            e = Estimate(e.action, (e.exact + 1) / 2, e.visits, e.exact)
        out.append(e)
    return out


def alike(view: View, estimates: list[Estimate]) -> list[tuple[Estimate, tuple[Action, ...]]]:
    """``estimates`` (as :func:`hints` ranks them) with the actions ``view``'s seat cannot
    tell apart folded into the first of them: each entry is an estimate and the other actions
    that make the same choice.  In the blind game (R14) a pick from any place of one's row one
    knows nothing of, for one purpose, is the same choice with the same estimate (see
    :class:`~durak_lessons.search.SearchBot`); everywhere else each estimate stands alone."""
    check_view(view)
    if not isinstance(estimates, list | tuple) or not all(
        isinstance(e, Estimate) for e in estimates
    ):
        raise TypeError(
            f"estimates: expected a list of Estimate (hints(view, rng)), not {estimates!r}"
        )
    by_action = {e.action: e for e in estimates}
    return [
        (by_action[first], tuple(rest))
        for first, *rest in _alike(view, [e.action for e in estimates])
    ]


def _budget(view: View, solver_nodes: int) -> int:
    """``solver_nodes`` where the solver searches compact positions, else a share of it the
    same time buys (:data:`ENGINE_NODE_COST`)."""
    world = known_world(view)
    if world is None or not is_solvable(world, known_stock=True) or accepts(world):
        return solver_nodes
    return solver_nodes // ENGINE_NODE_COST


@dataclass(frozen=True, slots=True)
class Drop:
    """One decision of a reviewed game: ``ply`` (index of the action in the record), the
    action played and its estimated chance, the best action and its chance, and the drop."""

    ply: int
    played: Action
    played_win: float
    best: Action
    best_win: float

    @property
    def drop(self) -> float:
        """How much the chance of not being the fool fell: the best action's estimate minus the
        played one's."""
        return self.best_win - self.played_win

    def describe(self) -> str:
        """The decision in one line: the move, what was played and what was best, with their
        estimates."""
        return (
            f"move {self.ply + 1}: {self.played.describe()} ({100 * self.played_win:.0f} %) "
            f"instead of {self.best.describe()} ({100 * self.best_win:.0f} %)"
        )


def review(
    record: Record | str,
    seat: int,
    *,
    seed: int | random.Random = 0,
    iterations: int = 300,
    solver_nodes: int = 100_000,
    top: int = 5,
) -> list[Drop]:
    """The ``top`` decisions of ``seat`` in ``record`` where his estimated chance of not
    being the fool dropped most (largest drop first; decisions with one legal action and
    drops of zero are left out).  Reproducible for a given ``seed`` (a whole number, or a
    ``random.Random`` used as it is); ``record`` is a :class:`Record` or its text
    (``Record.to_text``)."""
    record = Record.of(record)
    check_seat(seat, record.deal.players)
    if not isinstance(top, int) or isinstance(top, bool) or top < 0:
        raise ValueError(f"top: expected a number of decisions (0 or more), got {top!r}")
    rng = rng_of(seed)  # MissingSeedError for None: the same seed, the same review
    states = record.states()
    drops = []
    for ply, (state, action) in enumerate(zip(states, record.actions, strict=False)):
        if state.to_move != seat:
            continue
        view = View(state, seat)
        if len(view.legal_actions()) < 2:
            continue
        est = {
            e.action: e for e in hints(view, rng, iterations=iterations, solver_nodes=solver_nodes)
        }
        best = max(est.values(), key=lambda e: e.win)
        played = est[action]
        if played.visits == 0 and played.exact is None:
            continue  # never estimated (outside the solver's ties): no figure to compare
        if best.win - played.win > 1e-9:
            drops.append(Drop(ply, action, played.win, best.action, best.win))
    drops.sort(key=lambda d: -d.drop)
    return drops[:top]
