"""The blind game (R14) and the count of leads made before from the same position
(``repetition.earlier_leads``, which the bots read to avoid going round for ever): a lead is a
pick of a position, and the count goes by the card the next table shows it was.  The row
after a round holds the same cards in another order, which counts as the same position."""

from __future__ import annotations

from durak_lessons import Card, Deal, View, initial_state
from durak_lessons.repetition import earlier_leads, leads_tried

# three seats, hearts trumps, no stock: seat 0's row 9♠ 6♣, seat 1's 6♦ 7♦, seat 2's 10♣ 8♠
DEAL = Deal.from_hands(["9S 6C", "6D 7D", "10C 8S"], trump="H", leader=0)
# one round: 9♠ led (P0) and taken by seat 1, 10♣ by seat 0, 9♠ by seat 2, ...: six bouts,
# every take followed by the passes of the two who may throw in blind
ROUND1 = "P0 take pass pass P0 take P2 take P1 take pass pass P1 take P2 take"
# the same round from the rows as they are now: 9♠ in seat 0's position 1
ROUND2 = "P1 take pass pass P1 take P2 take P1 take pass pass P1 take P2 take"


def play(state: object, moves: str) -> object:
    for move in moves.split():
        state = state.apply(move)  # type: ignore[attr-defined]
    return state


def test_a_blind_lead_is_counted_by_the_card_the_pick_turned_out_to_be() -> None:
    s = initial_state("blind", DEAL)
    assert earlier_leads(View(s, 0)) == {}
    s = play(s, ROUND1)
    assert s.to_move == 0 and s.phase == "lead"  # type: ignore[attr-defined]
    # back to the same cards in every row, in another order in seat 0's
    assert [str(c) for c in s.row(0)] == ["6♣", "9♠"]  # type: ignore[attr-defined]
    nine = (Card.parse("9S"),)
    assert earlier_leads(View(s, 0)) == {nine: 1} and leads_tried(View(s, 0)) == {nine: 1}
    s = play(s, ROUND2)
    assert earlier_leads(View(s, 0)) == {nine: 2}
    # after the next bout seat 2 leads from where it led 10♣ twice before
    s = play(s, "P1 take pass pass")
    assert s.to_move == 2  # type: ignore[attr-defined]
    assert earlier_leads(View(s, 2)) == {(Card.parse("10C"),): 2}


def test_a_blind_cover_inside_the_round_is_read_as_the_card_it_turned_out_to_be() -> None:
    """Three bouts in which the defender covers by a pick, the third player throws in a
    seven and the defender takes all three: every card goes back where it was, so seat 0
    leads again from the hands of the deal.  A cover by pick adds one card to the table; read
    as anything else (the attack card with it) the count would start afresh."""
    # seat 0: 7♠ 8♦ 10♥   seat 1: 8♠ 10♣   seat 2: 7♣ 7♦ 8♣ 10♦; hearts trumps, no stock
    deal = Deal.from_hands(["7S 8D 10H", "8S 10C", "7C 7D 8C 10D"], trump="H", leader=0)
    # 0 leads 7♠, 1 covers with 8♠, 2 throws in 7♣, 1 takes; 2 leads 7♦, 0 covers with 8♦,
    # 1 throws in 7♠, 0 takes; 1 leads 7♣, 2 covers with 8♣, 0 throws in 7♦, 2 takes
    round1 = "P0 P0C7♠ pass P0 take P0 P0C7♦ pass P1 take P2 P0C7♣ pass P1 take"
    s = play(initial_state("blind", deal), round1)
    assert s.to_move == 0 and s.phase == "lead"  # type: ignore[attr-defined]
    assert {str(c) for c in s.row(0)} == {"7♠", "8♦", "10♥"}  # type: ignore[attr-defined]
    assert {str(c) for c in s.row(2)} == {"7♣", "7♦", "8♣", "10♦"}  # type: ignore[attr-defined]
    assert earlier_leads(View(s, 0)) == {(Card.parse("7S"),): 1}
    round2 = "P2 P1C7♠ pass P1 take P2 P1C7♦ pass P1 take P2 P1C7♣ pass P1 take"
    assert earlier_leads(View(play(s, round2), 0)) == {(Card.parse("7S"),): 2}
