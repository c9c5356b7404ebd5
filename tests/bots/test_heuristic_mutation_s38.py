"""HeuristicBot's rules of thumb, each in a position with the hands written out (session 38's
mutation testing of ``durak_lessons/heuristic.py``: every rule here was changed by a mutant
that no test noticed).

Hearts are trumps unless a test says otherwise.  A card's cost to the bot is its face value
(6 to 14 for an ace), and 20 more for a trump.  ``THICK`` is a stock with every high trump in
it, so that while it lasts no card of the bot's is safe from the defender."""

from __future__ import annotations

import random

import pytest

from durak_lessons import Action, Deal, View, initial_state
from durak_lessons.engine import GameState
from durak_lessons.heuristic import HeuristicBot

#: ten cards no hand below holds: the high trumps first (drawn last)
THICK = "AH KH QH JH TH AC KC QC JC AD"


def _position(hands: list[str], moves: str = "", *, stock: str = THICK, rules: str = "podkidnoy",
              trump: str = "H") -> GameState:
    state = initial_state(rules, Deal.from_hands(hands, trump=trump, leader=0, stock=stock))
    for move in moves.split():
        state = state.apply(Action.parse(move))
    return state


def _choice(state: GameState) -> str:
    seat = state.to_move
    assert seat is not None
    return str(HeuristicBot().choose(View(state, seat), random.Random(0)))


# ---- leads --------------------------------------------------------------------------------------
def test_it_leads_its_cheapest_plain_card_and_keeps_the_trump_of_the_same_rank() -> None:
    # 6♠ and the trump 6♥ make a pair, the kings another: the 6♠ alone is the cheapest lead
    state = _position(["KD 6S KS 6H", "7C 8C 9C TC"])
    assert _choice(state) == "L6S"


def test_it_leads_all_of_a_rank_together() -> None:
    state = _position(["KS 9S 9D 6H", "7C 8C 9C TC"])
    assert _choice(state) == "L9S9D"


# ---- defence ------------------------------------------------------------------------------------
def test_it_covers_with_a_plain_card_rather_than_a_lower_trump() -> None:
    state = _position(["6S 8C", "9S 7H 8D"], "L6S")
    assert _choice(state) == "C6S9S"


def test_it_covers_the_dearest_attack_card_first() -> None:
    # 6♠ and the trump 6♥ led together: the trump first, with the only card that beats it
    state = _position(["6S 6H", "7S 8H JD"], "L6S6H")
    assert _choice(state) == "C6H8H"


def test_it_takes_at_once_when_one_trump_would_have_to_cover_two_cards() -> None:
    # 7♥ beats the 6♠ and the 6♦, but not both at once: no point covering one
    state = _position(["6S 6D", "7H 8C 9C"], "L6S6D")
    assert _choice(state) == "take"


def test_in_a_pack_of_52_its_two_of_trumps_covers_like_any_trump() -> None:
    rules = "podkidnoy(deck_size=52)"
    state = _position(["5D 3D", "2S 3C 4C"], "L5D", stock="AS KS QS JS TS", rules=rules,
                      trump="S")
    assert _choice(state) == "C5D2S"


@pytest.mark.parametrize(
    ("cover", "expected"),
    [
        ("AH", "take"),  # an ace of trumps on a 6♠ while the stock is thick: take it
        ("QH", "take"),  # "a trump queen or better"
        ("JH", "C6SJH"),  # a trump jack is cheap enough to spend
    ],
)
def test_it_takes_rather_than_spend_a_high_trump_on_a_cheap_card_early(
    cover: str, expected: str
) -> None:
    stock = THICK.replace(cover, "8S")
    state = _position(["6S 8C", f"{cover} 7D 9C"], "L6S", stock=stock)
    assert _choice(state) == expected


@pytest.mark.parametrize(("stock", "expected"), [(9, "take"), (8, "C6SAH")])
def test_the_stock_is_thick_while_it_holds_more_than_eight_cards(stock: int, expected: str) -> None:
    state = _position(["6S 8C", "AH 7D 9C"], "L6S", stock=" ".join(THICK.split()[1:stock + 1]))
    assert state.stock_count == stock
    assert _choice(state) == expected


@pytest.mark.parametrize(
    ("attack", "expected"),
    [("JS", "take"), ("QS", "CQSAH")],  # a card dearer than a jack is worth the ace
)
def test_cheap_attack_cards_are_those_below_a_queen(attack: str, expected: str) -> None:
    state = _position([f"{attack} 8C", "AH 7D 9C"], f"L{attack}",
                      stock=THICK.replace("AH", "8S"))
    assert _choice(state) == expected


def test_two_cheap_attack_cards_are_taken_rather_than_covered_with_two_high_trumps() -> None:
    state = _position(["6S 6D", "AH KH 7C"], "L6S6D", stock="QH JH TH 9H AC KC QC JC TC 8S")
    assert _choice(state) == "take"


def test_a_trump_led_at_it_is_worth_its_ace_of_trumps() -> None:
    state = _position(["6H 8C", "AH 7D 9C"], "L6H", stock=THICK.replace("AH", "8S"))
    assert _choice(state) == "C6HAH"


def test_with_eight_cards_in_hand_it_covers_rather_than_take_more() -> None:
    state = _position(["6S 8C", "AH 7D 9C 6C 7C 8D 9D TD"], "L6S",
                      stock=THICK.replace("AH", "8S"))
    assert _choice(state) == "C6SAH"


# ---- transfers (переводной) ---------------------------------------------------------------------
def test_it_transfers_with_a_plain_card_rather_than_take() -> None:
    state = _position(["6S 8C JD QD", "6D 7C 8D"], "L6S", rules="perevodnoy")
    assert _choice(state) == "X6D"


def test_it_transfers_with_a_plain_card_rather_than_cover_with_a_trump() -> None:
    state = _position(["6S 8C JD QD", "6D AH 7C"], "L6S", rules="perevodnoy",
                      stock=THICK.replace("AH", "8S"))
    assert _choice(state) == "X6D"


def test_it_covers_with_a_low_trump_rather_than_transfer_with_it() -> None:
    state = _position(["6S 8C JD QD", "6H 7C 8D"], "L6S", rules="perevodnoy")
    assert _choice(state) == "C6S6H"


# ---- throw-ins ----------------------------------------------------------------------------------
# seat 0 led, seat 1 covered: seat 0 may throw in a card of a rank on the table, or pass
def test_it_throws_in_a_plain_ten_while_the_stock_is_thick() -> None:
    state = _position(["9S TD 9H", "TS 7C 8C 6D"], "L9S C9STS")
    assert _choice(state) == "TTD"


def test_it_keeps_a_jack_while_the_stock_is_thick() -> None:
    state = _position(["JS JD 7C", "QS 7D 8D 6C"], "LJS CJSQS")
    assert _choice(state) == "pass"


def test_it_keeps_a_low_trump_while_the_stock_is_thick() -> None:
    state = _position(["7S 7H 6C", "8S 7D 8D 6D"], "L7S C7S8S")
    assert _choice(state) == "pass"


@pytest.mark.parametrize(("card", "expected"), [("QD", "TQD"), ("KD", "pass")])
def test_on_a_take_it_throws_in_up_to_a_queen(card: str, expected: str) -> None:
    rank = card[0]
    state = _position([f"{rank}S {card} 6C", "7D 8D 6D 9C"], f"L{rank}S take")
    assert _choice(state) == expected


@pytest.mark.parametrize(("trump", "expected"), [("TH", "TTH"), ("JH", "pass")])
def test_with_the_stock_empty_it_throws_in_up_to_a_ten_of_trumps(trump: str, expected: str) -> None:
    # the defender's A♥ is known (the stock is empty): the trump is beatable either way
    rank = trump[0]
    state = _position([f"{rank}S {trump}", f"{'Q' if rank == 'J' else 'J'}S AH 6C 7C"],
                      f"L{rank}S C{rank}S{'Q' if rank == 'J' else 'J'}S", stock="")
    assert _choice(state) == expected


def test_with_the_stock_empty_it_throws_in_a_jack() -> None:
    state = _position(["JS JD", "QS QD 6C 7C"], "LJS CJSQS", stock="")
    assert _choice(state) == "TJD"


def test_it_throws_in_the_card_the_defender_cannot_beat_rather_than_a_cheaper_one() -> None:
    # the stock is empty, so seat 0 knows seat 1's hand: 9♠ beats the 7♠, nothing the 8♦
    state = _position(["7C 7S 8D", "8C 9S 6C 6D"], "L7C C7C8C", stock="")
    assert _choice(state) == "T8D"


@pytest.mark.parametrize(("stock", "expected"), [("KH QH JH TH AC KC QC JC AD TD", "T6C"), ("", "TAH")])
def test_an_ace_of_trumps_nothing_can_beat_waits_for_the_stock_to_run_out(
    stock: str, expected: str
) -> None:
    # A♠ led and covered by the 6♥: the A♥ and the 6♣ may go in. While the stock is thick
    # the ace of trumps is too dear to throw, so the cheap 6♣ goes (it had passed: the sure
    # ace crowded it out, session 40); with the stock empty the ace goes first
    state = _position(["AS AH 6C", "6H 7C 8D 9D"], "LAS CAS6H", stock=stock)
    assert _choice(state) == expected


def test_it_throws_in_a_king_nothing_left_can_beat_while_the_stock_lasts() -> None:
    # no trump and no ace of spades in the deal at all (trump hearts): the K♠ is safe even
    # with two cards in the stock, though a king is far above what it throws in otherwise
    state = _position(["KC KS 6D", "AC 7D 8D 9D"], "LKC CKCAC", stock="QC JC")
    assert state.stock_count == 2
    assert _choice(state) == "TKS"
