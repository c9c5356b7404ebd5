"""The chain games' refusals that no test pinned word for word (session 36's mutation run
left them: a changed text survived).  Each names the rule and says what the player is to do
instead, from a position written out.  Chain positions as in ``chain_helpers.chain``: for
дорожный the dealt cards, the last one on top of a pile."""

from __future__ import annotations

import pytest
from chain_helpers import centre, chain, hand, play

from durak_lessons import ChainState, IllegalActionError, Reason

# наваленный, 3 players: seat 0: 6♠ 9♣ Q♦  seat 1: 7♠ 8♦ 10♣  seat 2: 8♠ J♦ A♣; K♥ turned up
NAV3 = (["6♠ 9♣ Q♦", "7♠ 8♦ 10♣", "8♠ J♦ A♣"], "K♥", "6♦ 7♦ 9♦ 6♣ 7♣ 8♣")


def refused(state: ChainState, action: str) -> Reason:
    reason = state.explain(action)
    assert reason is not None, f"{action} should be refused"
    with pytest.raises(IllegalActionError) as refusal:
        state.apply(action)
    assert refusal.value.reason == reason  # apply refuses with the same reason
    return reason


def test_r17_a_lead_is_one_card_at_a_time() -> None:
    s = chain("navalenny", *NAV3)
    assert refused(s, "L6S9C") == Reason("R17", "a lead is one card onto the centre, not several")


def test_r17_after_a_cover_with_the_last_card_the_left_neighbour_leads() -> None:
    # 3 players, no stock: seat 0: 6♠ 9♣  seat 1: 7♠  seat 2: 8♦ 10♣; hearts trumps
    s = play(chain("navalenny", ["6♠ 9♣", "7♠", "8♦ 10♣"], "H"), "L6S B7S")
    assert s.out == (1,) and s.to_move == 2 and centre(s) == "6♠ 7♠"
    assert refused(s, "B8D") == Reason(
        "R17",
        "seat 1 covered with his last card and is out: his left neighbour, seat 2, leads a new"
        " card onto the pile (nothing to beat now)",
    )


def test_r17_9b_after_a_take_the_taker_s_left_neighbour_leads_onto_what_is_left() -> None:
    # 2 players, no stock: seat 0: 6♠ 8♠ 10♠ Q♣  seat 1: 7♠ 9♠ 6♣ 7♣; hearts trumps
    s = play(
        chain("navalenny-top", ["6♠ 8♠ 10♠ Q♣", "7♠ 9♠ 6♣ 7♣"], "H"), "L6S B7S L9S B10S LQC take"
    )
    assert s.to_move == 0 and centre(s) == "6♠ 7♠"
    assert refused(s, "B8S") == Reason(
        "R17",
        "the player before him failed and took: seat 0, his left neighbour, leads a new card"
        " onto the pile (nothing to beat now)",
    )


def test_d15_after_a_failed_turn_he_lays_a_card_from_his_hand_or_turns_his_next() -> None:
    # piles (top last): seat 0: 9♣ 6♠  seat 1: 10♣ 7♠  seat 2: J♣ 6♦  seat 3: Q♣ (+ K♥)
    s = play(chain("dorozhny", ["9♣ 6♠", "10♣ 7♠", "J♣ 6♦", "Q♣"], "K♥", dealer=3), "F F F")
    assert s.to_move == 2 and centre(s) == "6♠" and hand(s, 2) == "7♠ 6♦"
    assert refused(s, "B7S") == Reason(
        "R18; D15",
        "seat 2's turned card did not beat the top card: he took it and the card it failed"
        " against, and now lays a card of his own at the next player, from his hand"
        " (L<card>), or by turning his next card (F) (nothing to beat now)",
    )
    # his pile used up: only from his hand
    s = play(chain("dorozhny", ["9♣ 6♠", "7♠", "6♦", "Q♣"], "K♥", dealer=3), "F F F")
    assert s.to_move == 2 and hand(s, 2) == "7♠ 6♦" and s.pile_sizes[2] == 0
    assert refused(s, "B7S") == Reason(
        "R18; D15",
        "seat 2's turned card did not beat the top card: he took it and the card it failed"
        " against, and now lays a card of his own at the next player, from his hand"
        " (L<card>) (nothing to beat now)",
    )


def test_r18_at_a_card_to_beat_he_beats_or_turns_his_top_card_not_leads() -> None:
    # piles (top last): seat 0: A♣ 6♠  seat 1: 7♦  seat 2: 9♠ 8♣  seat 3: 10♣, and the K♥
    s = play(chain("dorozhny", ["A♣ 6♠", "7♦", "9♠ 8♣", "10♣"], "K♥", dealer=3), "F F L7D F L7D")
    assert s.to_move == 3 and centre(s) == "7♦" and hand(s, 3) == "K♥"
    assert refused(s, "LKH") == Reason("R18", "seat 3 must beat 7♦ or turn his top card; no lead now")
