"""The search bot, its sampled worlds and the hints in every Durak preset.

Beyond подкидной and переводной, sampling must respect what each game hides: in the blind game
the seat does not see its own row (R14); before the first lead of свои козыри nobody has named
a trump yet (R16); in дураки с пар the trump six may lie face up under the stock in place of
the turned-up trump (R19); in the faithful дорожный every player's face-down pile is hidden,
his own too (D13).
"""

from __future__ import annotations

import random

import pytest

import durak_lessons as dl
from durak_lessons.analysis import hints
from durak_lessons.bots import GreedyBot
from durak_lessons.engine import GameState
from durak_lessons.sampling import determinize
from durak_lessons.search import SearchBot
from durak_lessons.views import View

PRESETS = [p for p in dl.all_presets() if p.rules.family != dl.Family.BANK]


def _seen(view: View) -> tuple[object, ...]:
    """Everything ``view``'s seat sees of a position."""
    n = view.players
    return (
        view.hand_mask,
        view.hand_sizes,
        tuple(view.known_mask(p) for p in range(n)),
        view.table,
        view.trumps,
        view.trump_card,
        view.stock_count,
        view.discard_mask,
        view.leader,
        view.defender,
        view.phase,
        view.taking,
        view.limit,
        view.out,
        view.to_move,
        view.pile_sizes,
        view.under_card,
        view.unseen_mask(),
        view.history(),
        view.draws,
        view.legal_actions(),
        view.remembered_row,
    )


def _hidden(state: GameState) -> tuple[object, ...]:
    """What some seat does not see: every hand, the stock, the piles, the blind rows."""
    return (
        tuple(state.hand_mask(p) for p in range(state.n)),  # type: ignore[attr-defined]
        tuple(getattr(state, "stock", ())),
        tuple(getattr(state, "personal_pile", lambda p: ())(p) for p in range(state.n)),
        tuple(getattr(state, "row", lambda p: ())(p) for p in range(state.n)),
    )


def _positions(preset: dl.Preset, seed: int, players: int | None = None) -> list[GameState]:
    players = players or min(preset.seat_counts)
    _, record = dl.play(preset.id, [GreedyBot() for _ in range(players)], seed=seed)
    return [s for s in record.states() if not s.is_over]


@pytest.mark.parametrize("preset", PRESETS, ids=lambda p: p.id)
def test_sampled_worlds_look_the_same_from_the_seat(preset: dl.Preset) -> None:
    rng = random.Random(5)
    differ = 0
    # with two players some whole-pack games hide nothing (each hand is the other's complement)
    for players, seed in [(p, s) for p in {min(preset.seat_counts), 4} for s in range(2)]:
        if players not in preset.seat_counts:
            continue
        states = _positions(preset, seed, players)
        for state in states[:: max(1, len(states) // 12)]:
            for seat in range(state.n):  # type: ignore[attr-defined]
                view = View(state, seat)
                world = determinize(view, rng)
                assert _seen(View(world, seat)) == _seen(view), (preset.id, seat, state)
                differ += _hidden(world) != _hidden(state)
    assert differ > 0  # the worlds did place hidden cards elsewhere


@pytest.mark.parametrize("preset", PRESETS, ids=lambda p: p.id)
def test_the_search_bot_does_not_peek_in_any_preset(preset: dl.Preset) -> None:
    """Two worlds the seat cannot tell apart from the real position (hidden cards placed
    differently) get the same analysis with the same seed."""
    bot = SearchBot(iterations=12, max_steps=1500, solver_nodes=2000)
    rng = random.Random(9)
    compared = 0
    players = min(preset.seat_counts)
    if preset.rules.hand_size >= 36 and 4 in preset.seat_counts:
        players = 4  # two players dealt the whole pack see each other's hands: nothing hidden
    for state in _positions(preset, 3, players):
        seat = state.to_move
        if seat is None or len(state.legal_actions()) < 2:
            continue
        view = View(state, seat)
        a, b = determinize(view, rng), determinize(view, rng)
        if _hidden(a) == _hidden(b):
            continue
        first = bot.analyse(View(a, seat), random.Random(4))
        assert first == bot.analyse(View(b, seat), random.Random(4)), (preset.id, state)
        assert {e.action for e in first} == set(view.legal_actions())
        compared += 1
        if compared == 3:
            break
    assert compared > 0


@pytest.mark.parametrize("preset", PRESETS, ids=lambda p: p.id)
def test_the_search_bot_and_the_hints_play_a_deal_of_every_preset(preset: dl.Preset) -> None:
    players = min(preset.seat_counts)
    bot = SearchBot(iterations=6, max_steps=600, solver_nodes=2000)
    hinted: list[int] = []

    class Hinted:
        name = "hinted search"

        def choose(self, view: View, rng: random.Random) -> dl.Action:
            actions = view.legal_actions()
            if len(actions) > 1 and len(hinted) < 3:
                estimates = hints(view, random.Random(1), iterations=4, solver_nodes=2000)
                assert [e.action for e in estimates] != [] and {
                    e.action for e in estimates
                } == set(actions)
                hinted.append(len(estimates))
            return bot.choose(view, rng)

    outcome, record = dl.play(
        preset.id, [Hinted(), *(GreedyBot() for _ in range(players - 1))], seed=1
    )
    assert record.final_state().is_over and record.outcome == outcome
    assert hinted  # the seat had choices to make, and the hints answered each
