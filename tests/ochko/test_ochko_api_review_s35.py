"""Очко's public functions used from a notebook (session 35): a hand of cards no pack deals
is refused, not scored; the game shows what it is."""

from __future__ import annotations

import pytest

from durak_lessons.cards import InvalidCardError, parse_cards
from durak_lessons.ochko import PACK, OchkoGame, counts_of, hand_odds, is_bust, points, special


@pytest.mark.parametrize("score", [points, special, is_bust])
def test_a_hand_with_a_card_twice_or_a_card_of_no_36_card_pack_is_refused(score: object) -> None:
    # was: points("AS AS") 22 and special() "two aces"; points("5H 5H 5H 5H 5H") 25, a bust
    with pytest.raises(InvalidCardError, match="A♠ is named twice"):
        score("AS AS")  # type: ignore[operator]
    with pytest.raises(InvalidCardError, match="2♠ is not in the 36-card pack"):
        score("AS 2S")  # type: ignore[operator]
    with pytest.raises(InvalidCardError, match="5♥ is not in the 36-card pack"):
        score(parse_cards("5H 6H"))  # type: ignore[operator]


def test_real_hands_still_score() -> None:
    assert points("AS AH") == 22 and special("AS AH") == "two aces" and not is_bust("AS AH")
    assert points("10S 8C") == 18 and is_bust("10S 8C KD") and special("AS KH 6D") == "21"


def test_hand_odds_refuses_what_no_pack_deals_with_a_card_error() -> None:
    unseen = counts_of(c for c in PACK if str(c) not in ("10♠", "8♣"))
    assert hand_odds(unseen, "10S 8C").best == "stand"  # text, as points() takes it
    assert hand_odds(unseen, parse_cards("10S 8C")) == hand_odds(unseen, "10S 8C")
    # was: KeyError: 2
    with pytest.raises(InvalidCardError, match="2♠ is not in the 36-card pack"):
        hand_odds(unseen, parse_cards("2S"))
    with pytest.raises(InvalidCardError, match="not a card of the 36-card pack"):
        counts_of(parse_cards("2S"))
    with pytest.raises(InvalidCardError, match="10♠ is named twice"):
        hand_odds(unseen, "10S 10S")
    # was: odds worked out for five kings, the four unseen and one in the hand
    with pytest.raises(ValueError, match="4 unseen and 1 in the hand of rank king"):
        hand_odds(counts_of(PACK), "KH")
    with pytest.raises(ValueError, match="dark_cards: a whole number, 0 or more; got -1"):
        hand_odds(unseen, "10S 8C", dark_cards=-1)  # was: odds for -1 dark cards


def test_a_game_shows_its_table_in_its_repr() -> None:
    game = OchkoGame([100, 100], seed=3)
    # was: <durak_lessons.ochko.game.OchkoGame object at 0x7f...>
    assert repr(game) == "<OchkoGame players=2 phase=deal banker=0 bank=100 moves=0>"
    game.deal()
    game.push("stake 10")
    assert repr(game) == "<OchkoGame players=2 phase=buy banker=0 bank=100 moves=2>"
