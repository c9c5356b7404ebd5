"""Hints, the exact verdict and the post-game review in positions with the hands written out
(session 38's mutation testing of ``durak_lessons/analysis.py``: each test here failed to
notice a changed line before).  The exact figures are checked by hand or by the solver."""

from __future__ import annotations

import random

import pytest
from bot_helpers import least_budget

from durak_lessons import Action, Deal, GreedyBot, RandomBot, Record, View, initial_state, play
from durak_lessons.analysis import ENGINE_NODE_COST, Drop, hints, review, verdict
from durak_lessons.solver import SearchLimitError, Solver


def _record(rules: str, deal: Deal, moves: str) -> Record:
    state = initial_state(rules, deal)
    actions = []
    for move in moves.split():
        action = Action.parse(move)
        state = state.apply(action)
        actions.append(action)
    assert state.is_over
    return Record(rules, deal, actions)


# ---- the verdict --------------------------------------------------------------------------------
def test_no_verdict_in_durak_s_par_while_the_turned_up_trump_is_in_the_stock() -> None:
    """The solver takes a stock holding only the turned-up trump as known in the подкидной /
    переводной family only; in дураки с пар the verdict waits for the stock to be empty."""
    waiting = initial_state("s-par", Deal.from_hands(["6S 7S", "8S AH"], trump="KH"))
    assert waiting.stock_count == 1 and waiting.to_move == 0
    assert verdict(View(waiting, 0)) is None
    # the same hands with the stock empty: 8♠ beats either spade, A♥ the other: seat 0 loses
    empty = initial_state("s-par", Deal.from_hands(["6S 7S", "8S AH"], trump="H"))
    v = verdict(View(empty, 0))
    assert v is not None and v.value == -1 and v.fool == 0


def test_the_verdicts_budget_buys_a_quarter_of_the_positions_on_the_engines_own_states() -> None:
    # the whole pack is not dealt, but the stock is empty: everything is known
    hands = ["AD AS 7D TC AH", "9H 6C 7H 7C 6H"]
    compact = initial_state("podkidnoy", Deal.from_hands(hands, trump="S", leader=0))
    need = least_budget(compact)
    assert verdict(View(compact, 0), node_limit=need) is not None
    with pytest.raises(SearchLimitError):
        verdict(View(compact, 0), node_limit=need - 1)
    engine = initial_state("s-par", Deal.from_hands(hands, trump="S", leader=0))
    need = least_budget(engine)
    assert verdict(View(engine, 0), node_limit=need * ENGINE_NODE_COST) is not None
    with pytest.raises(SearchLimitError):
        verdict(View(engine, 0), node_limit=need * ENGINE_NODE_COST - 1)
    # no limit: searched to the end on either kind of state
    for state in (compact, engine):
        v = verdict(View(state, 0), node_limit=None)
        assert v is not None and v.value == Solver().solve(state).value


# ---- hints --------------------------------------------------------------------------------------
def test_hints_give_the_solvers_win_draw_and_loss_as_one_a_half_and_nothing() -> None:
    # the stock holds only the turned-up 9♣: the solver says 6♠ wins, K♣ draws, 8♠ loses
    # (tests/bots/test_search.py), and no playout is needed to rank them
    state = initial_state("podkidnoy", Deal.from_hands(["KC 8S 6S", "8C AD"], trump="9C"))
    shown = {str(e.action): (e.exact, e.win, e.visits) for e in
             hints(View(state, 0), random.Random(0), iterations=20)}
    assert shown == {"L6S": (1, 1.0, 0), "LKC": (0, 0.5, 0), "L8S": (-1, 0.0, 0)}


def test_hints_spend_the_playouts_they_are_given() -> None:
    state = initial_state(
        "podkidnoy", Deal.from_hands(["6S 9D KC", "7S 8C AD"], trump="H", stock="QH JC TC")
    )
    for iterations in (7, 30):
        h = hints(View(state, 0), random.Random(1), iterations=iterations)
        assert all(e.exact is None for e in h)  # the stock and the other hand are hidden
        assert sum(e.visits for e in h) == iterations


# ---- the review ---------------------------------------------------------------------------------
def test_drop_describes_both_chances_in_whole_percent() -> None:
    drop = Drop(3, Action.parse("L6S"), 0.6, Action.parse("L8S"), 0.8)
    assert drop.describe() == "move 4: leads 6♠ (60 %) instead of leads 8♠ (80 %)"
    assert drop.drop == pytest.approx(0.2)


def test_review_finds_the_losing_take_after_a_forced_one() -> None:
    """Seat 0 (8♠ 7♦) must take the 9♦; then, against the 7♠, covering with the 8♠ wins (he
    leads the 9♦ and then the 7♦, which seat 1's A♠ cannot beat) while taking loses (seat 1
    leads his last card, the A♠, and is out).  He took."""
    deal = Deal.from_hands(["8S 7D", "7S AS 9D"], trump="H", leader=1)
    record = _record("podkidnoy", deal, "L9D take L7S take LAS take")
    drops = review(record, 0)
    assert [(d.ply, str(d.played), d.played_win, str(d.best), d.best_win) for d in drops] == [
        (3, "take", 0.0, "C7S8S", 1.0)
    ]
    assert drops[0].describe() == "move 4: takes (0 %) instead of covers 7♠ with 8♠ (100 %)"


def test_review_lists_nothing_where_every_move_was_as_good_as_the_best() -> None:
    """Seat 1 holds spades only, seat 0 none: every lead of seat 0 is taken.  Every first
    lead wins (the solver), then the 8♣ must come before the 6♦ (which seat 1 could beat with
    the 9♦ he took).  Seat 0 played a winning move each time: no drop to show."""
    deal = Deal.from_hands(["9D 6D 8C", "TS AS 6S"], trump="H", leader=0)
    record = _record("podkidnoy", deal, "L9D take L8C take L6D take")
    assert review(record, 0) == []


def test_review_shows_the_figures_the_hints_showed_at_the_move() -> None:
    """With no solver (``solver_nodes=0``) the review's figures are the playouts', as the hint
    with the same seed, playouts and budget gave them at the first decision."""
    deal = Deal.from_hands(["9D 6D 8C", "TS AS 6S"], trump="H", leader=0)
    record = _record("podkidnoy", deal, "L9D take L8C take L6D take")
    for seed in range(3):
        first = {e.action: e for e in hints(View(record.states()[0], 0), random.Random(seed),
                                            iterations=20, solver_nodes=0)}
        best = max(first.values(), key=lambda e: e.win)
        played = first[record.actions[0]]
        drops = [d for d in review(record, 0, seed=seed, iterations=20, solver_nodes=0)
                 if d.ply == 0]
        if best.win > played.win:
            assert [(d.played_win, d.best_win) for d in drops] == [(played.win, best.win)]
        else:
            assert drops == []
    # the seeds give the playouts' figures, which the solver would have given as a tie
    assert any(
        review(record, 0, seed=seed, iterations=20, solver_nodes=0) for seed in range(3)
    )


def test_review_is_reproducible_for_a_seed() -> None:
    _, record = play("podkidnoy", [RandomBot(), GreedyBot()], seed=3)
    first = review(record, 0, seed=7, iterations=12, top=20)
    assert len(first) > 3
    assert review(record, 0, seed=7, iterations=12, top=20) == first


def test_review_goes_on_past_a_move_the_playouts_never_tried() -> None:
    """At move 26 seat 0 had 27 legal moves, more than 12 playouts can try: a move never
    tried has no figure and is left out, but the review goes on to the end of the game."""
    _, record = play("podkidnoy", [RandomBot(), GreedyBot()], seed=3)
    many = record.states()[25]
    assert many.to_move == 0 and len(many.legal_actions()) == 27
    drops = review(record, 0, seed=7, iterations=12, top=20)
    assert max(d.ply for d in drops) > 25


def test_review_refuses_a_top_that_is_not_a_whole_number_and_takes_zero() -> None:
    deal = Deal.from_hands(["8S 7D", "7S AS 9D"], trump="H", leader=1)
    record = _record("podkidnoy", deal, "L9D take L7S take LAS take")
    for top in ("3", 2.0, True):
        with pytest.raises(ValueError, match="top: expected a number of decisions"):
            review(record, 0, top=top)  # type: ignore[arg-type]
    assert review(record, 0, top=0) == []
    assert len(review(record, 0, top=1)) == 1


def test_review_names_the_type_it_was_given_instead_of_a_record() -> None:
    with pytest.raises(TypeError, match=r"expected a Record or its text \(Record\.to_text\(\)\), not int"):
        review(0, 0)  # type: ignore[arg-type]
