"""A deal thousands of actions long keeps its whole record of play, and never as a chain of
thousands of nested tuples: freeing such a chain recurses in C, and in Pyodide, the browser's
Python, some 6,000 levels overflow the stack and kill the interpreter (found in session 40 by
running the tests there: bots going round at the play table, stopped after 5,000 moves)."""

from __future__ import annotations

import pickle
import random

from engine_helpers import Circler

from durak_lessons import Deal, Game, View, initial_state
from durak_lessons.bout import _LOG_FOLD, BoutState


def _nesting(state: BoutState) -> int:
    """How many cells of the state's record of play nest one in another."""
    depth, log = 0, state._log
    while type(log) is tuple:
        depth, log = depth + 1, log[0]
    return depth


def test_three_bots_going_round_for_3000_moves_keep_every_move_on_the_record() -> None:
    """Seat 0 leads his only card and is out; three bots that lead their lowest card and
    always take pass the others round for ever (hearts trumps)."""
    deal = Deal.from_hands(["6S", "7S 8S", "7C 8C", "7D 8D"], trump="H", leader=0)
    game = Game("podkidnoy", deal=deal)
    game.push("L6S")
    bots, rng = Circler(), random.Random(0)
    seen = [game.state.last_played()]
    for _ in range(3000):
        state = game.state
        assert state.to_move is not None and not state.is_over
        game.push(bots.choose(View(state, state.to_move), rng), state.to_move)
        seen.append(game.state.last_played())
    final = game.state
    assert isinstance(final, BoutState)
    assert final.history() == seen and len(seen) == 3001
    assert [str(p.action) for p in seen[:4]] == ["L6S", "take", "L7C", "take"]
    assert _nesting(final) <= _LOG_FOLD  # the rest is folded flat
    again = pickle.loads(pickle.dumps(final))
    assert again == final and again.history() == seen
    # the positions on the way hold their own records, the older ones untouched by folding
    assert game.states[1000].history() == seen[:1000]
    assert game.record().to_text().count(" ") >= 3000


def test_a_record_of_exactly_one_fold_reads_back_in_order() -> None:
    """Around the fold: the record after _LOG_FOLD, _LOG_FOLD + 1 and 2 * _LOG_FOLD + 1
    actions is the same as the actions played, oldest first."""
    deal = Deal.from_hands(["6S", "7S 8S", "7C 8C", "7D 8D"], trump="H", leader=0)
    state = initial_state("podkidnoy", deal).apply("L6S")
    bots, rng = Circler(), random.Random(0)
    played = ["L6S"]
    for n in range(2 * _LOG_FOLD + 1):
        assert isinstance(state, BoutState) and state.to_move is not None
        action = bots.choose(View(state, state.to_move), rng)
        state = state.apply(action)
        played.append(str(action))
        if len(played) in (_LOG_FOLD, _LOG_FOLD + 1, 2 * _LOG_FOLD + 1):
            assert isinstance(state, BoutState)
            assert [str(p.action) for p in state.history()] == played, n
            assert 1 <= _nesting(state) <= _LOG_FOLD
