"""Scenario tests from the session-28 review of the chain games (R17, R18, D15-D17).

Every position is written out: hands (for дорожный, the dealt cards, the last one on top of a
faithful pile), the trump and the stock in drawing order.
"""

from __future__ import annotations

import pytest
from chain_helpers import centre, chain, play

from durak_lessons import (
    Action,
    InvalidActionError,
    Kind,
    View,
    narrate,
    parse_cards,
)

# ---- actions built by hand with more in them than the notation allows -----------------------

# seat 0: 6♠ 9♣ Q♦   seat 1: 7♠ 8♦ 10♣   seat 2: 8♠ J♦ A♣   trump K♥ under the stock
NAV3 = (["6♠ 9♣ Q♦", "7♠ 8♦ 10♣", "8♠ J♦ A♣"], "K♥", "6♦ 7♦ 9♦ 6♣ 7♣ 8♣")


@pytest.mark.parametrize(
    ("moves", "action"),
    [
        # a beat of two cards: the old engine played the first and dropped the second
        ("L6S", Action(Kind.BEAT, tuple(parse_cards("7♠ 8♦")))),
        # a beat carrying a cover's target
        ("L6S", Action(Kind.BEAT, tuple(parse_cards("7♠")), parse_cards("6♠")[0])),
        # a lead carrying a target
        ("", Action(Kind.LEAD, tuple(parse_cards("6♠")), parse_cards("9♣")[0])),
        # 'take' naming a card of the hand
        ("L6S B7S L8D BJD LAC", Action(Kind.TAKE, tuple(parse_cards("6♠")))),
    ],
)
def test_hand_built_actions_of_the_wrong_shape_are_refused(moves: str, action: Action) -> None:
    # the notation cannot write them, so they are malformed input, not moves against a rule
    # (durak_lessons.actions.checked): explain and apply both refuse them, nothing changes
    s = play(chain("navalenny", *NAV3), moves) if moves else chain("navalenny", *NAV3)
    before = (repr(s), s._key())
    assert action not in list(s.legal_actions())
    with pytest.raises(InvalidActionError):  # asked whether it is legal: malformed, as below
        action in s.legal_actions()  # noqa: B015
    with pytest.raises(InvalidActionError):
        s.explain(action)
    with pytest.raises(InvalidActionError):
        s.apply(action)
    assert (repr(s), s._key()) == before


def test_a_flip_naming_a_card_is_refused_in_the_faithful_game() -> None:
    # faithful дорожный, 4 players, hearts trumps; dealer 3 holds the K♥
    s = chain("dorozhny", ["A♣ 6♠", "7♦", "9♠ 8♣", "10♣"], "K♥", leader=0, dealer=3)
    s = play(s, "F F L7D")  # seat 1's 7♦ fails: he takes 6♠ 7♦ and leads the 7♦ (D15)
    flip = Action(Kind.FLIP, tuple(parse_cards("8♣")))
    with pytest.raises(InvalidActionError, match="did you mean 'F'"):
        s.explain(flip)
    assert s.explain(Action.parse("F")) is None


# ---- R17: what a refusal says when the lead follows a take or a player going out --------------

# two players, hearts trumps, no stock; seat 0: 6♠ 8♠ 10♠ Q♣   seat 1: 7♠ 9♠ 6♣ 7♣
TOP2 = (["6♠ 8♠ 10♠ Q♣", "7♠ 9♠ 6♣ 7♣"], "H")


def test_r17_after_a_take_the_refusal_does_not_say_the_leader_covered() -> None:
    # 9.б: seat 1 takes the top three (9♠ 10♠ Q♣) and seat 0, his left neighbour, leads
    # onto 6♠ 7♠; seat 0 laid the Q♣ that was taken, but he did not cover anything now
    s = play(chain("navalenny-top", *TOP2), "L6S B7S L9S B10S LQC take")
    assert centre(s) == "6♠ 7♠" and s.phase == "lead" and s.to_move == 0
    reason = s.explain(Action.parse("B8S"))
    assert reason is not None and reason.rule == "R17"
    assert "covered" not in reason.text and "took" in reason.text
    assert s.explain(Action.parse("take")) == reason


def test_r17_after_a_cover_with_the_last_card_the_refusal_names_who_went_out() -> None:
    s = play(chain("navalenny", ["6♠ 9♦", "7♠", "8♦ 10♣"], "H"), "L6S B7S")
    assert s.out == (1,) and s.to_move == 2 and centre(s) == "6♠ 7♠"
    reason = s.explain(Action.parse("B10C"))
    assert reason is not None and reason.rule == "R17"
    assert "no card to beat" not in reason.text, "the centre holds two cards"
    assert "seat 1" in reason.text and "out" in reason.text


def test_r17_a_cover_still_says_he_leads_on() -> None:
    s = play(chain("navalenny", *NAV3), "L6S B7S")
    reason = s.explain(Action.parse("B8D"))
    assert reason is not None and "seat 1 has covered" in reason.text


# ---- R18/D15/D17: who laid the top card after cards leave the centre ------------------------


def test_d15_after_a_failed_turn_the_leader_is_its_player_who_leads() -> None:
    # faithful дорожный, 4 players, hearts trumps, dealer 3 holds the K♥
    # piles (top last): seat 0: 9♣ 6♠   seat 1: 10♣ 7♠   seat 2: J♣ 6♦   seat 3: Q♣
    s = chain("dorozhny", ["9♣ 6♠", "10♣ 7♠", "J♣ 6♦", "Q♣"], "K♥", leader=0, dealer=3)
    s = play(s, "F F")
    assert centre(s) == "6♠ 7♠" and s.leader == 1
    s = play(s, "F")  # 6♦ fails against 7♠: seat 2 takes both and leads (D15)
    assert centre(s) == "6♠" and s.to_move == 2 and s.phase == "lead"
    assert s.leader == 2 and View(s, 3).leader == 2  # he is to lead
    s = play(s, "L6D")
    assert centre(s) == "6♠ 6♦" and s.to_move == 3 and s.leader == 2


def test_d17_after_the_top_three_are_taken_the_leader_is_who_laid_the_new_top_card() -> None:
    # open дорожный with the D17 option, 4 players, hearts trumps, no piles
    # seat 0: 6♠ 6♦   seat 1: 7♠ 6♣   seat 2: 8♠ 7♣   seat 3: 9♦ 8♣
    s = chain(
        "dorozhny-open", ["6♠ 6♦", "7♠ 6♣", "8♠ 7♣", "9♦ 8♣"], "H", chain_final_top=2
    )
    s = play(s, "L6S B7S B8S")
    assert centre(s) == "6♠ 7♠ 8♠" and s.to_move == 3 and s.legal_actions() == [
        Action.parse("take")
    ]
    s = play(s, "take")  # the top two: 8♠ 7♠; 6♠ (seat 0's) stays on top
    assert centre(s) == "6♠" and s.to_move == 0 and s.phase == "defend"
    assert s.leader == 0, "seat 0 laid the 6♠ himself"


def test_r18_after_two_bottom_takes_empty_the_centre_the_lead_is_not_narrated_as_a_discard() -> None:
    # open дорожный, 3 players, hearts trumps
    # seat 0: 6♠ 10♦ 6♥   seat 1: 7♠ 6♣ 8♣   seat 2: 8♠ 9♦ 9♣
    s = chain("dorozhny-open", ["6♠ 10♦ 6♥", "7♠ 6♣ 8♣", "8♠ 9♦ 9♣"], "H")
    s = play(s, "L6S B7S B8S")  # discarded: one card per player
    s = play(s, "L9D B10D take take")  # seat 1 takes the 9♦, seat 2 the 10♦ (seat 0's)
    assert s.centre == [] and s.phase == "lead" and s.to_move == 0 and s.discard_count == 3
    reason = narrate(s, "L6H")
    assert "discard" not in reason and "D16" not in reason, reason
