"""Hints, the exact verdict and the post-game review."""

from __future__ import annotations

import random

import pytest
from bot_helpers import least_budget

from durak_lessons import Deal, GreedyBot, RandomBot, View, initial_state, new_game, play
from durak_lessons.analysis import ENGINE_NODE_COST, hints, review, verdict
from durak_lessons.solver import SearchLimitError


def test_verdict_only_once_everything_is_known() -> None:
    assert verdict(View(new_game("podkidnoy", 2, seed=1), 0)) is None
    state = initial_state("podkidnoy", Deal.from_hands(["6S 7S", "8S AH"], trump="H"))
    v = verdict(View(state, 0))
    assert v is not None and v.value == -1 and v.fool == 0
    assert verdict(View(state, 1)) is None  # not seat 1's turn
    # only the turned-up trump left in the stock: everything is known as well
    state = initial_state("podkidnoy", Deal.from_hands(["6S 7S", "8S AH"], trump="KH"))
    v = verdict(View(state, 0))
    assert v is not None and v.value == -1 and state.stock_count == 1
    two = initial_state("podkidnoy", Deal.from_hands(["6S 7S", "8S AH"], trump="KH", stock="9C"))
    assert verdict(View(two, 0)) is None


def test_hints_cover_every_legal_action_best_first() -> None:
    state = new_game("podkidnoy", 2, seed=6)
    seat = state.to_move
    assert seat is not None
    view = View(state, seat)
    h = hints(view, random.Random(2), iterations=60)
    assert {e.action for e in h} == set(view.legal_actions())
    wins = [e.win for e in h]
    assert wins[0] == max(wins) and all(0.0 <= w <= 1.0 for w in wins)


def test_hints_in_a_solved_position_are_exact() -> None:
    state = initial_state("podkidnoy", Deal.from_hands(["6S 7D AH", "8S KD"], trump="H"))
    h = hints(View(state, 0), random.Random(0), iterations=30)
    assert all(e.exact in (-1, 0, 1) and e.win == (e.exact + 1) / 2 for e in h)


def test_review_lists_the_biggest_drops_of_one_seat() -> None:
    _, record = play("podkidnoy", [RandomBot(), GreedyBot()], seed=3)
    states = record.states()
    drops = review(record, 0, iterations=40, top=3)
    assert 0 < len(drops) <= 3
    assert [d.drop for d in drops] == sorted((d.drop for d in drops), reverse=True)
    for d in drops:
        assert states[d.ply].to_move == 0 and record.actions[d.ply] == d.played
        assert d.drop > 0 and d.played != d.best
        assert d.describe().startswith(f"move {d.ply + 1}:")


def test_a_hint_asks_the_solver_for_about_the_same_time_in_every_game() -> None:
    """On the engine's own states (дураки с пар here) a position costs the solver about four
    times what one of the подкидной family costs, so a hint gives it a quarter of the
    positions there: in дураки во все карты a hint had taken up to 9 s."""

    def exact(view: View, budget: int) -> bool:
        h = hints(view, random.Random(0), iterations=20, solver_nodes=budget)
        return all(e.exact is not None for e in h)

    # the whole pack is not dealt here, but the stock is empty: everything is known
    hands = ["AD AS 7D TC AH", "9H 6C 7H 7C 6H"]
    for rules, cost in (("s-par", ENGINE_NODE_COST), ("podkidnoy", 1)):
        state = initial_state(rules, Deal.from_hands(hands, trump="S", leader=0))
        need = least_budget(state)
        assert need > 10
        assert exact(View(state, 0), need * cost)
        assert not exact(View(state, 0), need * cost - cost)


def test_hints_and_verdict_keep_the_repetition_record_once_every_card_is_known() -> None:
    # английские дураки: the bout start reached by L9S9H take pass has come round twice
    # already; the third time draws the deal (D39), so that lead only draws
    from durak_lessons import Action
    from durak_lessons.solver import solve

    deal = Deal.from_hands(["8D 8C JC 9S", "AD 9H KC 9C"], trump="S", leader=1)
    s = initial_state("english", deal)
    moves = "L9C9H take pass L8C8D C8CKC take L9C9H take pass L9C9H take pass"
    for move in moves.split(" "):
        s = s.apply(Action.parse(move))
    exact = {str(a): v for a, v in solve(s).values}
    assert exact == {"L9C9H": 1, "L9S9H": 0, "L9S9C": 1}
    assert sorted(str(a) for a in verdict(View(s, 0)).best) == ["L9C9H", "L9S9C"]
    shown = {str(h.action): h.exact for h in hints(View(s, 0), random.Random(0), iterations=20)}
    assert shown == exact


def test_review_refuses_a_seat_the_game_has_not_and_a_negative_top() -> None:
    from durak_lessons import InvalidSeatError

    _, record = play("podkidnoy", [GreedyBot(), RandomBot()], seed=4)
    for seat in (2, -1, "1"):
        with pytest.raises(InvalidSeatError, match="does not exist at a table of 2"):
            review(record, seat, iterations=4)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="top"):
        review(record, 1, iterations=4, top=-1)


def test_verdict_gives_up_within_its_budget_where_the_whole_pack_is_dealt() -> None:
    import inspect

    from durak_lessons.analysis import VERDICT_NODES

    s = new_game("s-par-all-cards", players=2, seed=1)  # 18 cards a hand, all known
    with pytest.raises(SearchLimitError):
        verdict(View(s, s.to_move), node_limit=2_000)
    # it had no budget by default, and searched such a deal for ever
    assert inspect.signature(verdict).parameters["node_limit"].default == VERDICT_NODES


def test_the_tree_search_refuses_a_rollout_policy_it_does_not_use() -> None:
    from durak_lessons.search import SearchBot

    with pytest.raises(ValueError, match="greedy policy"):
        SearchBot(tree=True, policy="heuristic")
    assert SearchBot(tree=True).policy == "greedy"
