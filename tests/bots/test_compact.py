"""The compact two-player positions against the engine, action by action.

The solver and the search bot's rollouts play the подкидной / переводной family on plain
tuples (durak_lessons.compact) instead of the engine's states.  These tests walk random
positions of every preset the compact form accepts, with the stock still full and with it
empty, and check at each step that it offers exactly the engine's actions in the engine's
order and that every action leads to exactly the compact form of the engine's next position
(or to the same end of the deal); that the solver visits the same tree either way; and that
the search bot's rollouts play the same deals.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import fields, replace

import pytest

from durak_lessons import (
    Deal,
    Family,
    Rules,
    View,
    all_presets,
    find_preset,
    initial_state,
    new_game,
)
from durak_lessons.actions import TAKE, Kind
from durak_lessons.bout import BoutState
from durak_lessons.compact import HANDLED, Transitions, accepts, compact, mover
from durak_lessons.rules import OnFail
from durak_lessons.sampling import determinize
from durak_lessons.search import _rollout, rollout_action
from durak_lessons.solver import (
    Solver,
    _actions,
    _CompactPositions,
    _plain_expand,
    _plain_ordered,
    _Positions,
    can_repeat,
)

Endgame = Callable[..., BoutState]


def _accepted() -> list[str]:
    ids = []
    for p in all_presets():
        if p.rules.family != Family.BOUT or 2 not in p.seat_counts:
            continue
        s = new_game(p.rules, 2, seed=1)
        if isinstance(s, BoutState) and accepts(s):
            ids.append(p.id)
    return ids


ACCEPTED = _accepted()


def test_the_compact_form_takes_the_modern_games_and_no_exotic_one() -> None:
    assert {"podkidnoy", "perevodnoy", "perevodnoy-otkaz"} <= set(ACCEPTED)
    # lead shapes, passing, blind play and named trumps stay on the engine's own states
    assert not {"s-par", "english", "blind", "svoi-kozyri-8a", "prostoy"} & set(ACCEPTED)


def _value(s: BoutState) -> int:
    outcome = s.outcome
    assert outcome is not None
    return 0 if outcome.fool is None else (1 if outcome.fool == 1 else -1)


def _walk(state: BoutState, rng: random.Random) -> int:
    """Follow one random line to the end of the deal, comparing both forms everywhere."""
    t = Transitions(state)
    positions = _CompactPositions(state)
    s = state
    steps = 0
    floor = 0
    while True:
        assert accepts(s), s
        p = compact(s)
        assert mover(p) == s.to_move
        assert p[6] == s.taking
        legal = s.legal_actions()
        assert t.legal(p) == legal, s
        if not s.stock_count:
            assert t.searched(p, floor) == _actions(s, floor), s
        # the solver's written-out forms against the plain composition of the same functions
        assert positions.ordered(p, floor) == _plain_ordered(positions.moves, positions.order, positions.taking)(p, floor), s
        for a in t.searched(p, floor):
            assert positions.expand(p, a) == _plain_expand(positions.child, positions.forced, positions.taking, positions.key)(p, a), (s, a)
        for a in legal:
            c, v = t.child(p, a)
            e = s.apply(a)
            if e.is_over:
                assert (c, v) == (None, _value(e)), (s, a)
            else:
                assert c == compact(e), (s, a)
        a = legal[rng.randrange(len(legal))]
        nxt = s.apply(a)
        steps += 1
        if nxt.is_over:
            return steps
        assert isinstance(nxt, BoutState)
        floor = a.card + 1 if a.kind == Kind.THROW and nxt.taking else 0
        s = nxt


@pytest.mark.parametrize("rules", ACCEPTED)
def test_compact_positions_follow_the_engine_from_the_deal(rules: str) -> None:
    rng = random.Random(f"compact-{rules}")
    steps = 0
    for _ in range(25):
        state = new_game(rules, 2, rng)
        assert isinstance(state, BoutState)
        steps += _walk(state, rng)
    assert steps > 1000  # whole deals, the stock full and then empty


@pytest.mark.parametrize("rules", ACCEPTED)
def test_compact_positions_follow_the_engine_in_endgames(rules: str, endgame: Endgame) -> None:
    rng = random.Random(f"endgame-{rules}")
    steps = 0
    for _ in range(80):
        state = endgame(rng, rng.randint(1, 7), rng.randint(1, 7), rules, rng.randrange(4))
        if not state.is_over:
            steps += _walk(state, rng)
    assert steps > 300


@pytest.mark.parametrize("rules", ACCEPTED)
def test_a_defender_who_can_only_take_is_skipped_alike_on_both_forms(
    rules: str, endgame: Endgame
) -> None:
    """The solver does not search a position where the defender's one action is "take" as a
    position of its own (its parent goes straight to the position after the take): the
    compact form's test for it is the engine's list of actions being just "take"."""
    rng = random.Random(f"forced-{rules}")
    met = {True: 0, False: 0}
    for _ in range(60):
        s = endgame(rng, rng.randint(1, 6), rng.randint(1, 6), rules, rng.randrange(4))
        while not s.is_over:
            p = compact(s)
            forced = Transitions(s).forced(p)
            if s.phase == "defend":
                only_take = [str(a) for a in _actions(s, 0)] == ["take"]
                met[only_take] += 1
                assert (forced is not None) == only_take, s
                if only_take:
                    after = s.apply(TAKE)
                    assert isinstance(after, BoutState)
                    if after.is_over:
                        assert forced == (None, _value(after))
                        assert _Positions(s).forced(s) == (None, _value(after))
                    else:
                        assert forced == (compact(after), 0)
                        assert _Positions(s).forced(s) == (after, 0)
                else:
                    assert _Positions(s).forced(s) is None
            else:
                assert forced is None and _Positions(s).forced(s) is None
            legal = s.legal_actions()
            nxt = s.apply(legal[rng.randrange(len(legal))])
            if not isinstance(nxt, BoutState):
                break
            s = nxt
    assert met[True] > 20 and met[False] > 20


@pytest.mark.parametrize("rules", ["podkidnoy", "perevodnoy-otkaz"])
def test_the_solver_searches_the_same_tree_on_both_forms(rules: str, endgame: Endgame) -> None:
    rng = random.Random(f"tree-{rules}")
    for _ in range(40):
        state = endgame(rng, rng.randint(2, 4), rng.randint(2, 4), rules, rng.randrange(4))
        if state.is_over or can_repeat(state):
            continue  # endless play makes some tiny positions very long to solve, either way
        fast, slow = Solver(), Solver(compact=False)
        assert fast.solve(state).values == slow.solve(state).values
        assert fast.nodes == slow.nodes
        # past the alpha-beta share too (подкидной without transfers never leaves alpha-beta)
        fast, slow = Solver(fallback_after=20), Solver(fallback_after=20, compact=False)
        assert fast.solve(state).values == slow.solve(state).values
        assert fast.nodes == slow.nodes


def test_the_engine_form_keys_positions_as_the_compact_form(endgame: Endgame) -> None:
    from durak_lessons.solver import _CompactPositions

    rng = random.Random(9)
    kinds = set()
    for _ in range(60):
        s = endgame(rng, rng.randint(1, 6), rng.randint(1, 6), "perevodnoy", rng.randrange(6))
        if s.is_over:
            continue
        key = _CompactPositions(s).key(compact(s))
        # the engine's key also holds three counters that are always 0 with two players
        assert _Positions(s).key(s) == (*key, 0, 0, 0)
        kinds.add(len(key))
    assert kinds == {4, 9}  # bout starts (the canonical form) and positions within a bout


@pytest.mark.parametrize("rules", ACCEPTED)
def test_rollouts_play_the_same_deal_on_both_forms(rules: str) -> None:
    """The search bot's greedy rollouts run on compact positions: same result, same number of
    actions and the same random numbers drawn as on the engine's states."""
    rng = random.Random(f"rollout-{rules}")
    ends = 0
    for i in range(80):
        state = new_game(rules, 2, rng)
        for _ in range(rng.randrange(60)):
            if state.is_over:
                break
            actions = state.legal_actions()
            state = state.apply(actions[rng.randrange(len(actions))])
        if state.is_over:
            continue
        seat = state.to_move
        assert seat is not None
        world = determinize(View(state, seat), rng)
        cap = 2000 if i % 2 else rng.randrange(1, 60)  # short caps: the step limit's edge
        seed = rng.random()
        slow_rng, fast_rng = random.Random(seed), random.Random(seed)
        engine = _rollout(world, seat, slow_rng, cap, lambda s, r, a: rollout_action(s, r, a))
        fast = _rollout(world, seat, fast_rng, cap, rollout_action)
        assert fast == engine, (world, cap)
        assert fast_rng.getstate() == slow_rng.getstate()
        ends += engine[1] < cap
    assert ends > 30


def test_every_other_option_keeps_a_position_on_the_engine() -> None:
    """A rules field the compact transition does not follow must keep its default; a field
    added to Rules later fails here until it is sorted into one list or the other."""
    must_keep_default = {f.name for f in fields(Rules)} - HANDLED
    assert must_keep_default == {
        "lead_shape", "teams", "oversize_leads", "pass_without_lead", "must_cover",
        "trump_exchange", "repetition_draw", "blind", "split_pack",
    }
    deal = Deal.from_hands(["6S 7S", "8S 9S"], trump="H", leader=0)
    podkidnoy = find_preset("podkidnoy")
    assert accepts(initial_state(replace(podkidnoy, transfers=True), deal))
    assert accepts(initial_state(replace(podkidnoy, on_fail=OnFail.UNCOVERED), deal))
    assert not accepts(initial_state(replace(podkidnoy, must_cover=True), deal))
    assert not accepts(initial_state(replace(podkidnoy, repetition_draw=3), deal))
