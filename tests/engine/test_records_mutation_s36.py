"""Scenarios that mutation testing (session 36, mutmut over ``durak_lessons/records.py``,
``repetition.py``, ``own_trumps.py`` and ``trump_exchange.py``) showed no test pinned down:
each refusal of a malformed record word for word (the promise is a clear error naming the
first bad element), and the rules each changed line would break.
"""

from __future__ import annotations

import json

import pytest
from engine_helpers import refusal

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


def test_each_return_to_a_position_is_counted() -> None:
    """The docstring's round of three, played twice over: seat 0 has led 9♠ from this very
    position twice before."""
    deal = Deal.from_hands(["9S 6C", "6D 7D", "10C 8S"], trump="H", leader=0)
    state = initial_state("podkidnoy", deal)
    for move in ("L9S take L10C take " * 6).split():
        state = state.apply(Action.parse(move))
    assert earlier_leads(View(state, 0)) == {(Card.parse("9S"),): 2}


def test_an_exchange_of_the_trump_six_starts_the_count_afresh() -> None:
    """R19: the record does not show what the exchange did to the hands the others cannot
    see, so no earlier lead is counted across it (and reading it does not fail)."""
    deal = Deal.from_hands(["6H 7S 8S 9S 10S", "6C 7C 8C 9C 10C"], trump="AH", stock="JD", leader=0)
    state = initial_state("s-par", deal).apply(Action.parse("E6H"))
    assert View(state, 0).phase == "lead" and not View(state, 0).table
    assert earlier_leads(View(state, 0)) == {}


def test_with_a_player_out_two_remain_and_play_cannot_go_round() -> None:
    deal = Deal.from_hands(["6S", "7S 8D", "9C 10D"], trump="H", leader=0)
    state = initial_state("podkidnoy", deal)
    assert may_go_round(View(state, 1))
    state = state.apply(Action.parse("L6S")).apply(Action.parse("C6S7S"))
    view = View(state, 1)
    assert view.out == (0,) and view.players == 3
    assert not may_go_round(view)


# ---- own trumps: the naming after the deal (R16, D31) --------------------------------------


def _naming(players: int = 4) -> object:
    hands = ["6S 7S", "6C 9D", "JH QH", "KC 8D"][:players]
    preset = "svoi-kozyri-8a" if players == 4 else "svoi-kozyri-8b"
    return initial_state(preset, Deal.from_hands(hands, own_trumps="-" * players, leader=1))


def test_own_trumps_written_out_that_no_naming_gives_are_refused_word_for_word() -> None:
    from durak_lessons.own_trumps import check_named

    with pytest.raises(InvalidRecordError) as err:
        check_named((0, 1))
    assert str(err.value) == (
        "own trumps ♠ ♣ cannot be named: with 2 players the trumps are one suit of each colour"
        " (R16; D31)"
    )
    with pytest.raises(InvalidRecordError) as err:
        check_named((0, 3, 0, 1))
    assert str(err.value) == (
        "own trumps ♠ ♥ ♠ ♣ cannot be named: with 4 players the trumps are a different suit"
        " for each (R16; D31)"
    )


def test_the_rule_of_thumb_names_the_longest_then_highest_then_first_suit() -> None:
    from durak_lessons.cards import card_mask
    from durak_lessons.own_trumps import strongest_suit

    def hand(text: str) -> int:
        return card_mask(Card.parse(c) for c in text.split())

    assert strongest_suit(hand("6S 7C 8C 9D"), [0, 1, 2, 3]) == 1  # two clubs
    assert strongest_suit(hand("6S 7C 8C 9D"), [0, 2, 3]) == 2  # clubs not allowed: 9♦ > 6♠
    assert strongest_suit(hand("6C 7C KD AD"), [0, 1, 2, 3]) == 2  # as many: the higher
    assert strongest_suit(hand("6C KD"), [1, 2]) == 2
    assert strongest_suit(hand("KC KD"), [1, 2]) == 1  # all alike: the first suit


def test_the_naming_goes_round_from_the_dealers_left_and_opens_the_record() -> None:
    state = _naming()
    assert repr(state) == "<TrumpChoiceState svoi-kozyri-8a named=- to_move=1>"
    state = state.apply("NS")  # type: ignore[attr-defined]
    state = state.apply("NH")
    assert repr(state) == "<TrumpChoiceState svoi-kozyri-8a named=S,H to_move=3>"
    assert [(p.seat, str(p.action)) for p in state.history()] == [(1, "NS"), (2, "NH")]
    bout = state.apply("NC").apply("ND")
    assert bout.deal.trumps == (2, 0, 3, 1)  # seat 0 ♦, seat 1 ♠, seat 2 ♥, seat 3 ♣
    record = bout.history()
    assert [(p.seat, str(p.action)) for p in record] == [(1, "NS"), (2, "NH"), (3, "NC"), (0, "ND")]
    for p in record:
        assert (p.attacks, p.covers, p.draws, p.known) == ((), (), (0,) * 4, (0,) * 4)
    assert earlier_leads(View(bout, 0)) == {}


def test_naming_out_of_turn_or_a_suit_taken_is_refused_word_for_word() -> None:
    from durak_lessons.errors import IllegalActionError

    state = _naming()
    assert refusal(state, "NS", 0) == ("turn order", "it is seat 1's turn to name a trump, not 0's")
    assert refusal(state, "L6S") == (
        "R16; D31", "seat 1 must first name his own trump suit (NS NC ND NH)"
    )
    after = state.apply("NS")  # type: ignore[attr-defined]
    assert refusal(after, "NS") == ("R16; D31", "spades are already somebody's trump")
    with pytest.raises(IllegalActionError) as err:
        state.apply("NS", 0)  # type: ignore[attr-defined]
    assert str(err.value) == (
        "illegal action NS: it is seat 1's turn to name a trump, not 0's [turn order]"
    )
    assert err.value.action == Action.parse("NS")
    two = _naming(2).apply("NS")  # type: ignore[attr-defined]
    assert refusal(two, "NC") == (
        "R16; D31",
        "clubs cannot be named: the other player's colour is that of spades; name a suit of"
        " the other colour",
    )
    assert two.explain("ND") is None


def test_the_card_shown_at_the_deal_is_known_in_the_dealers_hand_only() -> None:
    from durak_lessons import Game
    from durak_lessons.own_trumps import TrumpChoiceState

    game = Game("svoi-kozyri-8b", players=2, seed=1)
    state = game.state
    assert isinstance(state, TrumpChoiceState)
    shown = game.record().deal.public_cards
    assert len(shown) == 1
    dealer = game.record().deal.dealer
    mask = 1 << int(shown[0])
    assert state.known_mask(dealer) == mask
    assert state.known_mask(1 - dealer) == 0


def test_before_the_naming_only_a_higher_card_of_the_suit_beats() -> None:
    from durak_lessons.own_trumps import TrumpChoiceState

    state = _naming()
    assert isinstance(state, TrumpChoiceState)
    six, seven, six_c = Card.parse("6S"), Card.parse("7S"), Card.parse("6C")
    assert state.beats(six, seven) and not state.beats(seven, six)
    assert state.beats(six, Card.parse("AS")) and not state.beats(Card.parse("AS"), six)
    assert not state.beats(six, six_c) and not state.beats(six_c, six)
    assert state.hand(0) == [six, seven]
    assert state.hand(2) == [Card.parse("JH"), Card.parse("QH")]


def test_a_world_sampled_during_the_naming_keeps_the_suits_named() -> None:
    from durak_lessons.cards import card_mask
    from durak_lessons.own_trumps import TrumpChoiceState

    state = _naming().apply("NS")  # type: ignore[attr-defined]
    assert isinstance(state, TrumpChoiceState)
    swapped = [state.hand_mask(s) for s in (2, 1, 0, 3)]
    world = state.with_hidden(swapped, [])
    assert isinstance(world, TrumpChoiceState)
    assert world.named == (0,) and world.rules == state.rules and world.to_move == 2
    assert world.hand_mask(0) == card_mask(Card.parse(c) for c in ("JH", "QH"))
    assert world != state and world == state.with_hidden(swapped, [])
    assert hash(world) == hash(state.with_hidden(swapped, []))
    assert _naming() == _naming() and _naming() != state and _naming() != "NS"
    shown = state._repr_html_()  # the notebook's picture of the naming position
    assert "svoi-kozyri-8a · name-trump" in shown and "J♥" in shown


# ---- the exchange of the lowest trump (R19; D23, D42) ------------------------------------------


def _exchange_refusal(state: object, player: int | None = None) -> tuple[str, str]:
    return refusal(state, "E6H", player)


def test_each_refused_exchange_names_its_reason() -> None:
    hands = ["6H 7S 7D 9S 10S JS", "6C 7C 8C 9C QD QS"]
    played = initial_state("english", Deal.from_hands(hands, trump="AH", leader=0))
    assert played.explain("E6H") is None  # the ace of hearts still lies there
    assert refusal(played, "E7H") == ("R19; D42", "only 6♥ may be exchanged for the turned-up trump")
    for move in ("L7S7D", "C7SQS", "C7DQD", "pass"):
        played = played.apply(Action.parse(move))
    assert played.to_move == 0 and View(played, 0).stock_count == 0
    assert _exchange_refusal(played) == ("R19", "the turned-up trump no longer lies under the stock")

    others = ["7H 7S 7D 9S 10S JS", "6C 7C 8C 9C QD QS"]
    no_six = initial_state("english", Deal.from_hands(others, trump="AH", stock="JD", leader=0))
    assert _exchange_refusal(no_six) == ("hand", "6♥ is not in the hand of seat 0")

    suit_only = initial_state("s-par", Deal.from_hands(hands, trump="H", leader=0))
    assert _exchange_refusal(suit_only) == (
        "R19; D42", "only the lowest trump may be exchanged for the turned-up trump"
    )
    own = initial_state("svoi-kozyri-8b", Deal.from_hands(["6H 7S", "8C 9C"], own_trumps="SH"))
    assert _exchange_refusal(own) == (
        "R16; D31", "no trump is turned up: each player names his own suit"
    )


def test_the_two_of_spades_once_exchanged_is_not_exchanged_again() -> None:
    """With 52 cards the lowest trump is the two; 2♠ is card number 0."""
    rules = find_preset("s-par").replace(deck_size=52)
    hands = ["2S 7H 8H 9H 10H", "6C 7C 8C 9C 10C"]
    state = initial_state(rules, Deal.from_hands(hands, trump="AS", stock="JD", leader=0))
    state = state.apply(Action.parse("E2S"))
    assert refusal(state, "E2S") == (
        "D23", "the turned-up trump has already been exchanged this deal"
    )


def test_where_a_repetition_draws_the_deal_the_bots_need_not_vary_their_leads() -> None:
    """D39: with the repetition draw on, the position seat 0 led 9♠ from comes back once (a
    draw needs more), yet nothing is reported tried: the draw itself ends the round."""
    rules = find_preset("podkidnoy").replace(repetition_draw=3)
    deal = Deal.from_hands(["9S 6C", "6D 7D", "10C 8S"], trump="H", leader=0)
    state = initial_state(rules, deal)
    for move in ("L9S take L10C take " * 3).split():
        state = state.apply(Action.parse(move))
    assert earlier_leads(View(state, 0)) == {(Card.parse("9S"),): 1}
    assert not may_go_round(View(state, 0))
    assert leads_tried(View(state, 0)) == {}
