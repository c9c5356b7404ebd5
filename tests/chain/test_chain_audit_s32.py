"""Scenario tests from the session-32 rules audit of the chain games.

Every position is written out: for дорожный, the dealt cards (the last one on top of a
faithful pile) and the trump card, which goes to the dealer's hand (D12).
"""

from __future__ import annotations

from chain_helpers import centre, chain, hand, play

from durak_lessons import ChainState, narrate

# faithful дорожный, 3 players, diamonds trumps, dealer 2 holds the A♦
# piles (top last): seat 0: 7♥ 6♠   seat 1: 8♥ 7♠   seat 2: 9♥ 6♣
ROAD3 = (["7♥ 6♠", "8♥ 7♠", "9♥ 6♣"], "A♦")


def _after_failed_turn() -> ChainState:
    # seat 0 turns 6♠ (a lead), seat 1 turns 7♠ (beats), seat 2 turns 6♣, which fails
    # against 7♠: he takes both and lays a card of his own onto the 6♠ left (D15)
    s = play(chain("dorozhny", *ROAD3, leader=0, dealer=2), "F F F")
    assert centre(s) == "6♠" and s.phase == "lead" and s.to_move == 2
    assert hand(s, 2) == "7♠ 6♣ A♦" and s.pile_sizes == (1, 1, 1)
    return s


def test_d15_a_refusal_after_a_failed_turn_says_what_happened() -> None:
    s = _after_failed_turn()
    for action in ("take", "B7S"):
        reason = s.explain(action)
        assert reason is not None and reason.rule == "R18; D15", reason
        # nobody covered with his last card, nobody is out, and R17 is наваленный's reading
        assert "out" not in reason.text and "covered" not in reason.text, reason
        assert "seat 2's turned card did not beat" in reason.text
        assert "turning his next card" in reason.text  # his pile still holds the 9♥


def test_d15_the_lead_after_a_failed_turn_is_not_narrated_onto_an_empty_centre() -> None:
    s = _after_failed_turn()
    text = narrate(s, "L7S")
    assert "empty" not in text and "D15" in text, text


def test_d15_a_turned_card_laid_after_a_failed_turn_is_not_narrated_as_failing() -> None:
    s = _after_failed_turn()
    text = narrate(s, "F")  # 9♥ is laid onto the 6♠: nothing is taken
    assert "does not beat" not in text and "takes both" not in text, text
    after = play(s, "F")
    assert centre(after) == "6♠ 9♥" and after.to_move == 0 and hand(after, 2) == "7♠ 6♣ A♦"
