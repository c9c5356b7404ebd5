"""The exact solver (durak_lessons/solver.py) where session 42's mutation run found gaps.

Session 42 ran the mutants sessions 40 and 41 left unrun, beginning with the searches by
layer's own alpha-beta (Solver._bout) and the search of one open position (Solver._run).  Each
test is a position written out whose answer comes out wrong under some change to the solver
that the other solver tests let through.  The reference values are the retrograde analysis,
as in tests/bots/test_solver.py."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from durak_lessons import Deal, find_preset, initial_state
from durak_lessons.actions import Action
from durak_lessons.bout import BoutState
from durak_lessons.solver import SearchLimitError, Solver, can_repeat, minimax

STOCKED = Deal.from_hands(["6S 7S", "8S AH"], trump="KH", stock="9C")

#: переводной с отказом where play can go round (as in test_solver_mutation_s40.py)
ROUND = Deal.from_hands(["JD QD", "QS 7D 7H JH QH"], trump="D", leader=0)


def test_the_searches_by_layer_keep_to_the_node_limit_exactly() -> None:
    """Searched by layer at once (``fallback_after=0``), ``node_limit=n`` lets the solver take
    n positions and no more: a limit of exactly what an unlimited search took gives the same
    verdict, one fewer stops it, with the limit in the message."""
    state = initial_state("perevodnoy-otkaz", ROUND)
    verdict = Solver(fallback_after=0).solve(state)
    assert verdict.nodes > 200
    expected = Solver(fallback_after=0, fallback="retrograde").solve(state).values
    assert verdict.values == expected
    assert Solver(verdict.nodes, fallback_after=0).solve(state) == verdict
    short = Solver(verdict.nodes - 1, fallback_after=0)
    with pytest.raises(SearchLimitError, match=rf"^no proof within {verdict.nodes - 1} positions$"):
        short.solve(state)


def test_one_solver_goes_on_from_a_deal_to_a_position_in_mid_bout_of_it() -> None:
    """переводной с отказом, clubs trumps: Q♣ 8♦ Q♦ K♦ against K♣ A♣ 8♥ K♥ solved first, then
    on the same solver (its table kept) 8♦ led to K♦ K♥ with 8♥ left: covering with the K♦ is
    a draw for the defender, as the retrograde analysis finds, not a win: solving the deal
    meets that position in a search by layer, and what is stored of it there must be true
    (a search that read a "no" of its own table as a loss for the side asking would store a
    loss for seat 0 here)."""
    deal = Deal.from_hands(["QD KD 8D QC", "8H KH KC AC"], trump="C", leader=0)
    root = initial_state("perevodnoy-otkaz", deal)
    led = initial_state(
        "perevodnoy-otkaz", Deal.from_hands(["8D 8H", "KD KH"], trump="C", leader=0)
    ).apply(Action.parse("L8D"))
    assert isinstance(led, BoutState)
    retrograde = Solver(fallback_after=0, fallback="retrograde")
    assert [(str(a), v) for a, v in retrograde.solve(led).values] == [("C8DKD", 0), ("take", -1)]
    for compact in (True, False):
        solver = Solver(fallback_after=0, compact=compact)
        assert solver.solve(root).values == retrograde.solve(root).values
        assert solver.solve(led).values == retrograde.solve(led).values, compact


def test_the_lowest_card_of_the_pack_thrown_in_at_the_position_asked_about_or_after_it() -> None:
    """подкидной with a 52-card pack (2♠ is card 0), diamonds trumps, 2♥ 2♠ against 3♥ 4♣:
    after 2♥ led and covered by the 3♥ seat 0 wins only by throwing in the 2♠ (the 4♣ cannot
    beat it, seat 1 takes and is left the fool); asked one move earlier, covering loses too.
    Both the value of the throw-in position and every action's value of the one before."""
    rules = replace(find_preset("podkidnoy"), deck_size=52)
    led = initial_state(rules, Deal.from_hands(["2H 2S", "3H 4C"], trump="D", leader=0))
    led = led.apply(Action.parse("L2H"))
    assert isinstance(led, BoutState)
    covered = led.apply(Action.parse("C2H3H"))
    assert isinstance(covered, BoutState)
    assert [(str(a), v) for a, v in Solver().solve(covered).values] == [("T2S", 1), ("pass", -1)]
    assert Solver().value(covered) == minimax(covered) == 1
    assert [(str(a), v) for a, v in Solver().solve(led).values] == [("C2H3H", -1), ("take", -1)]


def test_the_solvers_own_methods_take_a_stock_only_when_told() -> None:
    stocked = initial_state("podkidnoy", STOCKED)
    for ask in (Solver().solve, Solver().value):
        with pytest.raises(ValueError, match=r"^the stock still holds 2 cards"):
            ask(stocked)
    # the leader loses whichever card he leads (see test_solver_mutation_s41.py)
    assert Solver().value(stocked, known_stock=True) == -1
    assert Solver().solve(stocked, known_stock=True).value == -1


def test_a_value_by_the_retrograde_analysis() -> None:
    """``Solver.value`` where alpha-beta gives up at once and the retrograde analysis solves:
    the value for seat 0, the same as by layer."""
    state = initial_state("perevodnoy-otkaz", ROUND)
    assert can_repeat(state)
    by_layer = Solver(fallback_after=0).value(state)
    assert Solver(fallback_after=0, fallback="retrograde").value(state) == by_layer
    verdict = Solver(fallback_after=0, fallback="retrograde").solve(state)
    assert by_layer == (verdict.value if verdict.player == 0 else -verdict.value)


def test_a_known_stock_on_the_engines_positions_is_refused_word_for_word() -> None:
    stocked = initial_state("podkidnoy", STOCKED)
    message = (
        "a known stock is searched only on compact positions (two players of the"
        " подкидной / переводной family, Solver(compact=True)); here the stock must be empty"
    )
    with pytest.raises(ValueError, match=rf"^{re.escape(message)}$"):
        Solver(compact=False).solve(stocked, known_stock=True)
