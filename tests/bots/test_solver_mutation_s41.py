"""The exact solver (durak_lessons/solver.py) where session 41's mutation run found gaps.

Session 41 ran mutants that session 40 left unrun: the public functions (solve,
action_values, minimax, can_repeat and its helpers) and the retrograde analysis, then
Solver._settle (Solver._bout and _run only begun).  Each test is a position written out whose
answer comes out wrong under some change to the solver that the other solver tests let
through: a value, a node limit honoured, a refusal word for word.  The reference values are
the retrograde analysis, as in tests/bots/test_solver.py."""

from __future__ import annotations

import pytest

from durak_lessons import Deal, initial_state
from durak_lessons.bout import BoutState
from durak_lessons.solver import (
    SearchLimitError,
    Solver,
    action_values,
    can_repeat,
    solve,
)

STOCKED = Deal.from_hands(["6S 7S", "8S AH"], trump="KH", stock="9C")
#: переводной с отказом where play can go round (as in test_solver_mutation_s40.py)
ROUND = Deal.from_hands(["JD QD", "QS 7D 7H JH QH"], trump="D", leader=0)


# ---- action_values: what it passes on to solve ------------------------------------------------


def test_action_values_takes_a_known_stock_only_when_told_and_keeps_to_its_node_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stocked = initial_state("podkidnoy", STOCKED)
    with pytest.raises(ValueError, match=r"^the stock still holds 2 cards"):
        action_values(stocked)
    values = action_values(stocked, known_stock=True)
    assert {str(a): v for a, v in values.items()} == {"L6S": -1, "L7S": -1}
    state = initial_state("podkidnoy", Deal.from_hands(["6S 9S QS 8D", "7S TS KD 9H"], trump="D"))
    with pytest.raises(SearchLimitError, match=r"^no proof within 2 positions: pass a larger"):
        action_values(state, node_limit=2)
    # no limit unless told (not solve's default): with solve's default shrunk to 2 positions,
    # action_values still answers
    from durak_lessons import solver as solver_module

    monkeypatch.setitem(solver_module.solve.__kwdefaults__, "node_limit", 2)
    with pytest.raises(SearchLimitError):
        solve(state)
    expected = {"L6S": -1, "L9S": -1, "LQS": 0, "L8D": -1}
    assert {str(a): v for a, v in action_values(state).items()} == expected


# ---- the retrograde analysis --------------------------------------------------------------------


def test_the_retrograde_analysis_keeps_to_the_node_limit() -> None:
    """``node_limit=n`` lets the retrograde analysis list n positions and no more: a limit of
    exactly what an unlimited analysis took gives the same verdict, one fewer stops it."""
    state = initial_state("perevodnoy-otkaz", ROUND)
    verdict = Solver(fallback_after=0, fallback="retrograde").solve(state)
    assert verdict.nodes > 20
    again = Solver(verdict.nodes, fallback_after=0, fallback="retrograde").solve(state)
    assert again == verdict
    short = Solver(verdict.nodes - 1, fallback_after=0, fallback="retrograde")
    with pytest.raises(SearchLimitError, match=rf"^no proof within {verdict.nodes - 1} positions$"):
        short.solve(state)


def test_the_retrograde_analysis_after_alpha_betas_share_reads_the_values_it_proved() -> None:
    """With ``fallback_after=30`` alpha-beta proves some positions before the retrograde
    analysis takes over; those are leaves of the analysis, their proved values read from the
    table (the other moves of the same position still listed): each lead's value as a fresh
    analysis gives it.  переводной с отказом, spades trumps, 7♥ A♥ Q♠ against A♦ A♠."""
    d = Deal.from_hands(["7H AH QS", "AD AS"], trump="S", leader=0)
    state = initial_state("perevodnoy-otkaz", d)
    expected = {"LQS": -1, "L7H": 1, "LAH": -1}
    fresh = Solver(fallback_after=0, fallback="retrograde").solve(state)
    assert {str(a): v for a, v in fresh.values} == expected
    after = Solver(fallback_after=30, fallback="retrograde").solve(state)
    assert {str(a): v for a, v in after.values} == expected


# ---- can_repeat: its limit -----------------------------------------------------------------------


def _reachable(state: BoutState) -> set[BoutState]:
    """Every position play can reach from ``state`` before the deal is over (подкидной keeps
    no record of repetitions, so a position is its state)."""
    seen: set[BoutState] = set()
    todo = [state]
    while todo:
        s = todo.pop()
        if s.is_over or s in seen:
            continue
        seen.add(s)
        for a in s.legal_actions():
            nxt = s.apply(a)
            assert isinstance(nxt, BoutState)
            todo.append(nxt)
    return seen


@pytest.mark.parametrize(
    "hands", [["6S", "7S"], ["6S 7S", "8S AH"], ["6S 9S QS", "7S TS AH"]], ids=str
)
def test_can_repeat_explores_exactly_as_many_positions_as_its_limit(hands: list[str]) -> None:
    """In подкидной play cannot go round: given a limit of as many positions as play can
    reach, can_repeat explores them all and says no; one fewer and it gives up, saying yes
    ("True beyond")."""
    state = initial_state("podkidnoy", Deal.from_hands(hands, trump="H", leader=0))
    n = len(_reachable(state))
    assert n > 1
    assert can_repeat(state, n) is False
    assert can_repeat(state, n - 1) is True


def test_can_repeat_takes_a_known_stock_only_when_told_and_refuses_what_is_no_count() -> None:
    stocked = initial_state("podkidnoy", STOCKED)
    with pytest.raises(ValueError, match=r"^the stock still holds 2 cards"):
        can_repeat(stocked)
    assert can_repeat(stocked, known_stock=True) is False
    for bad in (-1, 2.5, True, "10"):
        with pytest.raises(
            ValueError, match=rf"^limit: a whole number of positions, 1 or more; got {bad!r}$"
        ):
            can_repeat(stocked, bad, known_stock=True)  # type: ignore[arg-type]
