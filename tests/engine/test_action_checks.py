"""Actions built by hand: read exactly as their notation, or refused as malformed before any
rule is asked, and never half-applied (durak_lessons.actions.checked)."""

from __future__ import annotations

import pytest

import durak_lessons as dl
from durak_lessons import (
    Action,
    Card,
    Deal,
    InvalidActionError,
    InvalidRecordError,
    Kind,
    Record,
    initial_state,
)
from durak_lessons.actions import checked

C = Card.parse

# seat 0: 8♠ 8♣ 10♦   seat 1: 9♠ J♠ Q♦   hearts trumps, two cards left in the stock
DEAL = Deal.from_hands(["8S 8C 10D", "9S JS QD"], trump="KH", stock="6D", leader=0)

MALFORMED = [
    Action(Kind.LEAD, (C("8S"), C("8S"))),  # one card twice: the old engine led it twice
    Action(Kind.TAKE, (C("8S"),)),  # "take" names no card
    Action(Kind.THROW, (C("8S"), C("8C"))),  # a throw-in is one card
    Action(Kind.COVER, (C("9S"),)),  # a cover without the card it covers
    Action(Kind.LEAD, (C("8S"),), C("9S")),  # a lead with a target
    Action(Kind.LEAD, (60,)),  # no card has number 60
    Action(Kind.LEAD, (True,)),  # a bool is no card number
    Action(99),  # no such kind
    Action("lead", (C("8S"),)),  # type: ignore[arg-type]  # a kind given as a word
]


@pytest.mark.parametrize("action", MALFORMED, ids=lambda a: f"Action{tuple.__repr__(a)}")
def test_a_malformed_action_is_refused_everywhere_and_changes_nothing(action: Action) -> None:
    state = initial_state("podkidnoy", DEAL)
    game = dl.Game("podkidnoy", deal=DEAL)
    for refuse in (
        lambda: state.explain(action),
        lambda: state.apply(action),
        lambda: dl.explain(state, action),
        lambda: dl.is_legal(state, action),
        lambda: game.push(action),
    ):
        with pytest.raises(InvalidActionError):
            refuse()
    with pytest.raises(InvalidRecordError, match="action 1"):
        Record("podkidnoy", DEAL, [action])
    assert game.history == [] and game.state == state
    assert state.hand_sizes == (3, 3)


def test_a_lead_of_one_card_twice_no_longer_leads_it_twice() -> None:
    # before: the lead was accepted, the table showed 8♠ 8♠ and the deal had a card too many
    game = dl.Game("podkidnoy", deal=DEAL)
    with pytest.raises(InvalidActionError, match="different cards"):
        game.push(Action(Kind.LEAD, (C("8S"), C("8S"))))
    assert game.history == []
    game.push("L8S8C")
    assert [attack for attack, _ in game.state.table] == [C("8S"), C("8C")]
    assert sum(game.state.hand_sizes) + game.state.stock_count + 2 == 8


def test_a_hand_built_lead_in_any_order_is_the_same_lead() -> None:
    by_hand = Action(Kind.LEAD, (C("8C"), C("8S")))  # the notation writes 8♠ first
    state = initial_state("podkidnoy", DEAL)
    assert state.explain(by_hand) is None
    after = state.apply(by_hand)
    assert after == state.apply(Action.parse("L8S8C"))
    game = dl.Game("podkidnoy", deal=DEAL)
    game.push(by_hand)
    assert game.history == [Action.parse("L8S8C")]
    record = game.record()
    assert Record.from_text(record.to_text()) == record
    built = Record("podkidnoy", DEAL, [by_hand])
    assert built.actions == (Action.parse("L8S8C"),)
    assert Record.from_text(built.to_text()) == built


def test_card_numbers_are_read_as_the_cards_they_number() -> None:
    by_number = Action(Kind.LEAD, (int(C("10D")),))
    game = dl.Game("podkidnoy", deal=DEAL)
    game.push(by_number)  # before: accepted, and the record could not be written
    assert [type(c) for c in game.history[0].cards] == [Card]
    assert game.record().to_text().endswith("| LTD")  # 10 is written T in records


def test_states_take_action_text_as_the_module_functions_do() -> None:
    state = initial_state("podkidnoy", DEAL)
    after = state.apply("L10D")
    assert after == dl.apply(state, "L10D")
    assert after.explain("take") is None
    assert after.explain("C10DQD") is None
    assert after.apply("take").hand_sizes == (4, 4)  # seat 0 draws the last two
    with pytest.raises(InvalidActionError, match="cannot read an action"):
        after.explain("cover it")


def test_checked_gives_the_engines_own_value() -> None:
    legal = initial_state("podkidnoy", DEAL).legal_actions()
    for action in legal:
        rebuilt = Action(action.kind, tuple(int(c) for c in action.cards), action.target)
        assert checked(rebuilt) is action or checked(rebuilt) == action
        assert all(type(c) is Card for c in checked(rebuilt).cards)
    assert repr(Action(Kind.LEAD, (60,))).startswith("Action(")  # repr never raises


def test_a_bool_is_no_card_even_once_an_equal_action_was_checked() -> None:
    # (True,) equals (1,) and hashes alike: the cache of checked actions must not let it in
    three_of_spades = Action.parse("L3S")
    assert checked(Action(Kind.LEAD, (1,))) is checked(three_of_spades)  # a card number
    with pytest.raises(InvalidActionError):
        checked(Action(Kind.LEAD, (True,)))
