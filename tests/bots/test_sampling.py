"""Determinization: sampled worlds fit the view and nothing else."""

from __future__ import annotations

import random

import pytest

from durak_lessons import Deal, GreedyBot, View, initial_state, new_game
from durak_lessons.bout import BoutState
from durak_lessons.cards import CARDS, cards_of, deck
from durak_lessons.sampling import determinize, known_world


def _positions(rules: str, players: int, seed: int) -> list[BoutState]:
    """Every position of a greedy game (takes happen, so some cards become known)."""
    state = new_game(rules, players, seed=seed)
    out = []
    rng = random.Random(seed)
    while not state.is_over:
        assert isinstance(state, BoutState)
        out.append(state)
        state = state.apply(GreedyBot().choose(View(state, state.to_move or 0), rng))
    return out


@pytest.mark.parametrize(("rules", "players"), [("podkidnoy", 2), ("perevodnoy", 3)])
def test_sampled_worlds_agree_with_everything_the_seat_sees(rules: str, players: int) -> None:
    rng = random.Random(1)
    known_seen = 0
    for state in _positions(rules, players, seed=4)[::3]:
        for seat in range(players):
            view = View(state, seat)
            world = determinize(view, rng)
            assert world.hand_mask(seat) == state.hand_mask(seat)
            assert world.hand_sizes == state.hand_sizes
            assert world.table == state.table
            assert world.stock_count == state.stock_count
            assert world.discard_mask == state.discard_mask
            assert world.to_move == state.to_move
            assert world.legal_actions() == state.legal_actions() or world.to_move != seat
            for p in range(players):
                assert world.known_mask(p) == state.known_mask(p)
                assert world.hand_mask(p) & state.known_mask(p) == state.known_mask(p)
                known_seen += state.known_mask(p).bit_count() if p != seat else 0
            if view.trump_card_pending:
                assert world.stock[-1] == state.trump_card
            # the hidden cards are exactly the unseen ones, wherever they went
            hidden = sum(world.hand_mask(p) for p in range(players) if p != seat)
            for c in world.stock:
                hidden |= 1 << c
            others_known = 0
            for p in range(players):
                if p != seat:
                    others_known |= state.known_mask(p)
            if view.trump_card_pending and state.trump_card is not None:
                others_known |= 1 << state.trump_card
            assert hidden & ~others_known == view.unseen_mask()
    assert known_seen > 0  # the games did include cards seen picked up


def test_the_sample_depends_only_on_the_view() -> None:
    """Two real positions that one seat cannot tell apart give the same samples."""
    state = new_game("podkidnoy", 2, seed=9)
    assert isinstance(state, BoutState)
    view = View(state, 0)
    hidden = cards_of(view.unseen_mask())
    random.Random(3).shuffle(hidden)
    other = view.world(
        [state.hand_mask(0), sum(1 << c for c in hidden[:6])],
        [*hidden[6:], state.trump_card],  # type: ignore[list-item]
    )
    assert other.hand_mask(1) != state.hand_mask(1)
    a = determinize(view, random.Random(5))
    b = determinize(View(other, 0), random.Random(5))
    assert a.hand_mask(1) == b.hand_mask(1) and a.stock == b.stock


def test_world_refuses_cards_that_contradict_the_view() -> None:
    state = new_game("podkidnoy", 2, seed=2)
    assert isinstance(state, BoutState)
    view = View(state, 0)
    mine, theirs, stock = state.hand_mask(0), state.hand_mask(1), state.stock
    with pytest.raises(ValueError, match="own hand"):
        view.world([theirs, mine], stock)
    with pytest.raises(ValueError, match="holds 6 cards"):
        view.world([mine, theirs & (theirs - 1)], stock)
    with pytest.raises(ValueError, match="stock holds"):
        view.world([mine, theirs], stock[:-1])
    swapped = [stock[-1], *stock[1:-1], stock[0]]
    with pytest.raises(ValueError, match="turned-up trump"):
        view.world([mine, theirs], swapped)
    low = theirs & -theirs
    with pytest.raises(ValueError, match="twice"):
        view.world([mine, theirs], [low.bit_length() - 1, *stock[1:]])
    same = view.world([mine, theirs], stock)
    assert same.hand(1) == state.hand(1) and same.stock == state.stock  # type: ignore[attr-defined]
    assert same.legal_actions() == state.legal_actions()


def test_the_known_world_is_the_real_position_once_nothing_is_hidden() -> None:
    """Two players: with the stock empty, or holding only the turned-up trump, the one world
    the view allows is the real position; with anything more in the stock there is none."""
    # greedy games (the stock runs out two cards at a time there) and deals written out with
    # only the turned-up trump left in the stock, a few moves in
    states = [s for seed in range(4) for s in _positions("podkidnoy", 2, seed)]
    rng = random.Random(8)
    for _ in range(20):
        cards = deck(36)
        rng.shuffle(cards)
        d = Deal.from_hands([cards[:5], cards[5:10]], trump=str(CARDS[cards[10]]))
        state = initial_state("podkidnoy", d)
        for _ in range(rng.randrange(4)):
            state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    told = 0
    for state in states:
        for seat in (0, 1):
            world = known_world(View(state, seat))
            if state.stock_count > 1:
                assert world is None
                continue
            assert world is not None
            assert [world.hand_mask(p) for p in (0, 1)] == [state.hand_mask(p) for p in (0, 1)]
            assert world.stock == state.stock and world.table == state.table
            assert world.legal_actions() == state.legal_actions()
            told += state.stock_count
    assert told > 0  # positions with only the trump left were among them
