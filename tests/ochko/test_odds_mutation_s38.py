"""The exact odds of Очко (``durak_lessons/ochko/odds.py``) where the mutation testing of
session 38 (the survivors session 37 left in ``odds()`` and ``banker_odds()``) showed no test
pinned them down.  As in ``test_odds_mutation_s37.py``, every number is counted from R20
directly: by hand in the comments, or by dealing the waiting punters' hidden cards in every
order (``ochko_helpers.banker_odds_by_hand``).

Two positions are dealt at the end of the pack, at a table whose middle seats are settled at
once (five courts, 21, two aces, busts: their cards are shown to all), so the last punter and
the banker see nearly every card.
"""

from __future__ import annotations

from fractions import Fraction

from ochko_helpers import banker_odds_by_hand, banker_to_draw

from durak_lessons.cards import Rank, parse_cards
from durak_lessons.ochko import (
    STAND,
    Banker16,
    OchkoGame,
    Phase,
    banker_odds,
    counts_of,
    hand_odds,
    odds,
)

# eight punters' hands, the dealt card first; each is settled on its last card: five courts
# (J J J Q Q, K K K K Q), a bust (6 6 6 6, 8 8 8, 9 9 9), 21 (7 7 7, 10 A) or two aces.
# They leave J♥ Q♥ 7♥ 8♥ 9♥ 10♣ 10♦ 10♥ A♥.
SETTLED = [
    "JS JC JD QS QC", "KS KC KD KH QD", "6S 6C 6D 6H", "7S 7C 7D", "8S 8C 8D", "9S 9C 9D",
    "10S AS", "AC AD",
]
DEALT = " ".join(hand.split()[0] for hand in SETTLED)
BUYS = " ".join(card for hand in SETTLED for card in hand.split()[1:])


def settle(game: OchkoGame) -> None:
    """The eight settled punters stake 1 and buy their hands."""
    for hand in SETTLED:
        game.push("stake 1")
        for _ in hand.split()[1:]:
            game.push("buy")


def test_odds_when_the_pack_is_used_up_beside_another_punters_hidden_card() -> None:
    """Eleven seats, J♥ turned under.  Seat 1 stood on a hidden card (7♥) and 10♣: an ace
    would have made 21, so his card is a 7, 8, 9 or 10.  Then the eight settled punters, then
    seat 10: Q♥ and four cards bought dark, the last of the pack, so he may only stand and
    nothing is left to buy (no odds of buying, no chance of busting on a buy).  He cannot
    see 7♥ 8♥ 9♥ 10♦ 10♥ A♥ (6 cards): the banker's card, seat 1's, and his own four.
    Whatever they are he holds Q and four of 7 8 9 10 10 A: 37 or more, over 21, and the
    banker, who has no card left to draw, stands on his one card and cannot bust: standing
    loses, -1.  The card after his is the ace 1 time in 5 (seat 1's card is never the
    ace, and 5 others are left), a 7 (4/5 x 1/5) 4/25, a ten (2/5 x 1/5 + 3/5 x 2/5)
    8/25."""
    game = OchkoGame([100] * 11, seed=1)
    game.deal(f"JH 7H {DEALT} QH 8H 10C {BUYS} 9H 10D 10H AH")
    for action in ["stake 1", "buy", "stand"]:
        game.push(action)
    settle(game)
    game.push("stake 1")
    for _ in range(4):
        game.push("buy dark")
    view = game.view(10)
    assert view.hands[1] == (None, *parse_cards("10C")) and list(view.legal) == [STAND]
    assert view.hands[10] == (*parse_cards("QH"), None, None, None, None)
    o = odds(view)
    assert (o.unseen, o.ev_draw, o.ev_dark) == (6, None, None)
    assert o.ev_stand == -1 and o.bust == 0
    assert o.next_card[Rank.ACE] == Fraction(1, 5)
    assert o.next_card[Rank.SEVEN] == Fraction(4, 25)
    assert o.next_card[Rank.TEN] == Fraction(8, 25)
    assert o.best == "stand"


def test_banker_odds_of_drawing_the_last_card_of_the_pack() -> None:
    """Ten seats, J♥ turned under; the banker holds Q♥.  After the eight settled punters,
    seat 9 stood on a hidden card (7♥) and five cards bought dark, which leaves one card in
    the pack: the banker, on 3, must draw it.  He cannot see 7♥ 8♥ 9♥ 10♣ 10♦ 10♥ A♥; the
    punter holds six of them, 54 points or more, over 21, and the last is the banker's card:
    3 and any of them is 10 to 14, no bust.  The punter, over 21, loses whether the banker
    stands or draws: +1 either way (not 0 for drawing, as if the pack were empty)."""
    game = OchkoGame([100] * 10, seed=1)
    game.deal(f"JH {DEALT} 7H QH {BUYS} 8H 9H 10C 10D 10H AH")
    settle(game)
    game.push("stake 1")
    for _ in range(5):
        game.push("buy dark")
    game.push("stand")
    view = game.view(0)
    assert view.phase is Phase.BANKER and view.hands[0] == tuple(parse_cards("QH"))
    assert view.hands[9] == (None,) * 6
    assert banker_odds(view) == (Fraction(1), Fraction(1))


def test_banker_odds_count_hidden_aces_and_courts_behind_checked_cards() -> None:
    """The banker on 16 (7♥ 9♠) against three waiting punters, each on a hidden card:
    seat 1 with A♠ face up (his card is no ten and no ace: 21, two aces), seat 2 with K♠ K♣
    K♦ face up (his card is none of 9, 10, A: 21 or a bust with 12) and one card dark (with
    a court for each hidden card he holds five courts), seat 3 with one card dark (with two
    aces he holds two aces: O6, they win unless the banker makes an instant win).  Counted
    over every draw of their hidden cards from the 27 the banker cannot see, and each next
    card of his, from R20 directly."""
    actions = [
        "stake 1", "buy", "stand",
        "stake 1", "buy", "buy", "buy", "buy dark", "stand",
        "stake 1", "buy dark", "stand",
        "draw",
    ]
    _, view = banker_to_draw("6S 7C JC AD 7H AS KS KC KD QH AH 9S", actions, 4)
    assert view.hands[0] == tuple(parse_cards("7H 9S"))
    assert view.hands[1] == (None, *parse_cards("AS"))
    assert view.hands[2] == (None, *parse_cards("KS KC KD"), None)
    assert view.hands[3] == (None, None)
    assert banker_odds(view) == banker_odds_by_hand(view)


def test_a_six_and_four_courts_are_no_five_courts_for_the_banker() -> None:
    """The unseen cards are 6♠ J♠ J♣ J♦ Q♠: 15 points in all, so in any order the banker
    draws them all (15 or less: he must) and, out of cards, stands on 15: four courts and a
    six are not five courts (R20, O10).  The punter's 18 (10♥ 8♥) wins every time, +1.  Had
    the six been counted as a court, every order that deals it first (1 in 5) would be an
    instant win for the banker."""
    counts = counts_of(parse_cards("6S JS JC JD QS"))
    for banker_16 in Banker16:
        assert hand_odds(counts, "10H 8H", banker_16=banker_16).ev_stand == 1
