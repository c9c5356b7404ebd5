"""Scenarios that mutation testing (session 36, mutmut over ``durak_lessons/records.py``,
``repetition.py``, ``own_trumps.py`` and ``trump_exchange.py``) showed no test pinned down:
each refusal of a malformed record word for word (the promise is a clear error naming the
first bad element), and the rules each changed line would break.
"""

from __future__ import annotations

import json

import pytest

from durak_lessons import (
    Action,
    Deal,
    GameState,
    InvalidRecordError,
    Record,
    View,
    find_preset,
    initial_state,
)
from durak_lessons.actions import Kind
from durak_lessons.cards import Card
from durak_lessons.repetition import earlier_leads, leads_tried, may_go_round

# podkidnoy, two seats, seat 1 leads 8C: a record of three actions
TEXT = (
    "durak-lessons/1 | podkidnoy | h=JCJS6CTC7S9D/8CTD8HKCADQD;"
    "s=7C9STS9CTH6HJHKDQSKSACQHAH6S7D8S6D8D9HJDASKHQC7H;t=7H;tr=H,H;d=1;l=1 | L8C8H C8CTC take"
)


def _record() -> Record:
    return Record.from_text(TEXT)


def _refused(load: object, *args: object) -> str:
    with pytest.raises(InvalidRecordError) as err:
        load(*args)  # type: ignore[operator]
    return str(err.value)


def test_a_deal_the_rules_cannot_play_is_refused_with_the_rules_reason() -> None:
    deal = _record().deal
    assert _refused(Record, "podkidnoy-teams", deal, ()) == (
        "the deal does not fit the rules: podkidnoy-teams is played by 4 or 6 players, not 2"
    )


def test_a_malformed_json_record_is_refused_word_for_word() -> None:
    good = _record().to_json()
    assert _refused(Record.from_json, "{not json").startswith("not JSON: ")
    assert _refused(Record.from_json, "[1, 2]") == (
        "a record is a JSON object with rules, deal and actions"
    )
    assert _refused(Record.from_json, {**good, "note": 1, "by": 2}) == (
        "unknown element(s) 'by', 'note' (a record holds format, rules, deal and actions)"
    )
    assert _refused(Record.from_json, {**good, "actions": "L8C8H"}) == (
        "actions: expected a list of action strings"
    )
    assert _refused(Record.from_json, {**good, "actions": ["L8C8H", 5]}) == (
        "action 2: expected a string, got 5"
    )
    assert _refused(Record.from_json, {**good, "rules": 5}) == (
        "rules: expected a rules string, got 5"
    )


def test_a_malformed_text_record_is_refused_word_for_word() -> None:
    assert _refused(Record.from_text, 5) == "a text record is a string, not int"
    assert _refused(Record.from_text, TEXT.replace("/1 |", "/2 |", 1)) == (
        "format: expected 'durak-lessons/1', got 'durak-lessons/2'"
    )


def test_an_action_that_is_not_one_is_refused_with_its_number() -> None:
    deal = _record().deal
    assert _refused(Record, "podkidnoy", deal, ["L8C8H", 5]) == (
        "action 2: expected an action or its notation, got 5"
    )
    eight = Card.parse("8S")
    twice = Action(Kind.LEAD, (eight, eight))  # built by hand: the same card twice
    assert _refused(Record, "podkidnoy", deal, [twice]) == (
        "action 1: a lead names one or more different cards: 'L8S8S'"
    )
    assert _refused(Record, "podkidnoy", deal, ["L8C8H", "L9X"]).startswith("action 2 ('L9X'): ")


def test_a_json_record_is_plain_json_text() -> None:
    record = _record()
    assert json.loads(record.dumps()) == record.to_json()
    assert Record.from_json(record.dumps()) == record
    assert isinstance(record.deal, Deal)


# ---- repetition (the bots' varied leads; D39) ----------------------------------------------


def _cycle() -> GameState:
    """Three seats, a 52-card pack, spades trump, the stock empty.  Seat 1 covers 9♥ with 2♠
    (the lowest card of the pack), 9♣ is thrown in and it takes all three; then the two
    nines and 10♣ go round the table, taken every time, until seat 0 leads again from the
    very hands it held at the deal."""
    rules = find_preset("podkidnoy").replace(deck_size=52)
    deal = Deal.from_hands(["9H 9C 6C 5C", "2S 7D", "10C 8D 7H"], trump="S", leader=0)
    state = initial_state(rules, deal)
    moves = "L9H C9H2S T9C take L10C take L9H9C take L10C take L9H9C take L10C take"
    for move in moves.split():
        state = state.apply(Action.parse(move))
    return state


def test_a_position_led_from_before_is_known_again_after_a_cover_taken_back() -> None:
    state = _cycle()
    assert state.to_move == 0 and not View(state, 0).table
    nine = (Card.parse("9H"),)
    assert earlier_leads(View(state, 0)) == {nine: 1}
    assert leads_tried(View(state, 0)) == {nine: 1}


@pytest.mark.parametrize(
    ("rules", "hands", "goes_round"),
    [
        ("podkidnoy", ["6S", "7S"], False),  # two players: the leader only loses cards
        ("podkidnoy", ["6S", "7S", "8S"], True),  # three: cards can go round
        ("perevodnoy", ["6S", "7S"], True),  # transfers send cards back
        ("blind", ["6S", "7S"], True),  # the blind game's punishments
        ("english", ["6S", "7S", "8S"], False),  # a repetition draws the deal (D39)
    ],
)
def test_where_play_may_come_back_to_a_bout_start(
    rules: str, hands: list[str], goes_round: bool
) -> None:
    state = initial_state(rules, Deal.from_hands(hands, trump="H", leader=0))
    assert may_go_round(View(state, 0)) is goes_round
