"""Свои козыри with the pack split (``Rules.split_pack``): the rules brief's R16 read literally,
"two players split the deck by colour ... four players each take one suit" (our reading of
who takes what: D44; the default deal is D31's).  Deals written out card by card, the naming
of trumps, refusals, what every seat knows, random playouts and records.  (The rules values
refused, split_pack without own trumps or with part of the pack, and own trumps played
blind, are in tests/engine/test_rules_checks_mutation_s41.py with the other options that
need one another.)"""

from __future__ import annotations

import random

import pytest
from variant_helpers import check, hand, legal, pack_of, play

from durak_lessons import (
    Deal,
    GreedyBot,
    InvalidRecordError,
    RandomBot,
    Record,
    Rules,
    View,
    explain,
    initial_state,
    narrate,
)
from durak_lessons import play as play_deal
from durak_lessons.cards import deck
from durak_lessons.deal import deal, deal_from_order
from durak_lessons.simulate import MAX_ACTIONS

SPLIT = "svoi-kozyri-8b(split_pack=1)"
#: every option value that splits the pack, at every seat count its preset allows
GRID = [
    ("svoi-kozyri-8a(split_pack=1)", 2),
    ("svoi-kozyri-8a(split_pack=1)", 4),
    (SPLIT, 2),
    (SPLIT, 4),
    ("s-par-own-trumps(split_pack=1)", 4),
]


def pack_order(first: str) -> list[int]:
    """The 36-card pack in its usual order, ``first`` moved to the top."""
    order = [c for c in deck(36) if str(c) != first]
    return [next(c for c in deck(36) if str(c) == first), *order]


def test_two_players_split_by_colour_the_dealers_left_taking_the_top_cards_colour() -> None:
    d = deal_from_order(SPLIT, 2, pack_order("7♥"), dealer=1)  # 7♥ on top: seat 0 is red
    state = initial_state(Rules.parse(SPLIT), d)
    assert hand(state, 0) == (
        "6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥"
    )
    assert hand(state, 1) == (
        "6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣"
    )
    assert d.public_cards == ()  # no card is shown: every card is public anyway (D44)
    assert [View(state, s).known_mask(1 - s) for s in (0, 1)] == [
        state.hand_mask(1),  # type: ignore[attr-defined]
        state.hand_mask(0),  # type: ignore[attr-defined]
    ]
    # seat 0 names a suit of his own colour; a black suit is refused, saying why
    assert legal(state) == ["ND", "NH"]
    assert str(explain(state, "NS")) == (
        "spades cannot be named: with the pack split, seat 0 names a suit of his own cards"
        " (diamonds hearts) [R16; D44]"
    )
    state = play(state, "NH")
    assert legal(state) == ["NS", "NC"]
    state = play(state, "NC")
    assert state.deal.trumps == (3, 1)  # type: ignore[attr-defined]
    # play goes on as свои козыри: a heart (seat 0's trump) beats a club, a club a diamond
    state = play(state, "L6D C6D6C")
    assert [(str(a), str(c)) for a, c in state.table] == [("6♦", "6♣")]  # type: ignore[attr-defined]
    assert View(state, 0).known_mask(1) == state.hand_mask(1)  # type: ignore[attr-defined]


def test_four_players_each_take_a_suit_in_the_order_its_first_card_comes() -> None:
    order = pack_order("9♣")  # clubs first, then spades (6♠ comes next), diamonds, hearts
    d = deal_from_order(SPLIT, 4, order, dealer=3)
    state = initial_state(Rules.parse(SPLIT), d)
    assert [hand(state, s).split()[0] for s in range(4)] == ["6♣", "6♠", "6♦", "6♥"]
    assert [len(h) for h in d.hands] == [9, 9, 9, 9]
    assert narrate(state, "NC") == (
        "Seat 0 names ♣ clubs as his trump: with the pack split, each player names as his"
        " trump the suit he took, in turn from the dealer's left (D44, D32): clubs (♣)"
        " [R16; D44; D32]"
    )
    for suit in ("NC", "NS", "ND", "NH"):  # each may name only the suit he holds
        assert legal(state) == [suit]
        state = play(state, suit)
    assert state.deal.trumps == (1, 0, 2, 3)  # type: ignore[attr-defined]


def test_a_deal_written_out_must_be_a_split_pack() -> None:
    red = " ".join(str(c) for c in deck(36) if c.suit >= 2)
    black = " ".join(str(c) for c in deck(36) if c.suit < 2)
    rules = Rules.parse(SPLIT)
    assert legal(initial_state(rules, Deal.from_hands([red, black], own_trumps="--"))) == [
        "ND",
        "NH",
    ]
    mixed = [red.replace("6♦", "6♠"), black.replace("6♠", "6♦")]
    with pytest.raises(InvalidRecordError) as err:
        initial_state(rules, Deal.from_hands(mixed, own_trumps="--"))
    assert str(err.value).startswith(
        "with the pack split (split_pack, R16; D44) each of 2 players holds every card of one"
        " colour: seat 0 holds 6♠ 7♦"
    )
    # trumps written out must be suits of their holders' own cards
    with pytest.raises(InvalidRecordError, match="own trump ♠ of seat 0 cannot be named"):
        initial_state(rules, Deal.from_hands([red, black], own_trumps="SH"))
    assert initial_state(rules, Deal.from_hands([red, black], own_trumps="HS")).to_move == 0


@pytest.mark.parametrize(("rules", "players"), GRID)
def test_random_playouts_keep_every_invariant_and_every_hand_public(
    rules: str, players: int
) -> None:
    parsed = Rules.parse(rules)
    for seed in range(60):
        rng = random.Random(seed)
        state = initial_state(parsed, deal(parsed, players, rng))
        pack = pack_of(state)
        steps = 0
        while True:
            actions = check(state, pack)
            for p in range(players):  # everyone saw the split: every hand is known
                assert state.known_mask(p) == state.hand_mask(p)  # type: ignore[attr-defined]
            if state.is_over:
                break
            state = state.apply(actions[rng.randrange(len(actions))])
            steps += 1
            assert steps < MAX_ACTIONS


@pytest.mark.parametrize(("rules", "players"), GRID)
def test_bots_finish_and_records_replay(rules: str, players: int) -> None:
    for seed in range(4):
        bots = [GreedyBot() if (seat + seed) % 2 else RandomBot() for seat in range(players)]
        outcome, record = play_deal(rules, bots, seed=seed)
        for again in (Record.from_text(record.to_text()), Record.from_json(record.dumps())):
            assert again == record and again.outcome == outcome
        assert "split_pack=1" in record.to_text()
