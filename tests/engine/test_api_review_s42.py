"""The engine used as a python-chess user would in a notebook (session 42): what such a user
types first is read as meant, or refused naming what was given and what reads it."""

from __future__ import annotations

import re

import pytest

import durak_lessons as dl
from durak_lessons import Card, CardSet, Deal, Record, Suit
from durak_lessons.ochko import OchkoGame

# ---- a card written out, asked for in a set of cards ------------------------------------------


def test_a_card_written_out_is_found_in_a_card_set() -> None:
    hand = CardSet.parse("6♠ 10♥ A♦")
    # was: False for every text, a card the hand holds included, without a word
    assert "6S" in hand and "6♠" in hand and "10H" in hand and "Тб" in hand
    assert "7S" not in hand and "7S" not in CardSet()
    assert Card.parse("6S") in hand and Card.parse("6S").code in hand
    with pytest.raises(dl.InvalidCardError, match=r"^cannot read a card from 'zz'"):
        "zz" in hand  # noqa: B015  (as 'zz' in legal_actions() is refused, not False)


# ---- a Preset where rules are taken ----------------------------------------------------------


def test_a_preset_as_all_presets_lists_it_is_taken_as_its_rules() -> None:
    preset = next(p for p in dl.all_presets() if p.id == "perevodnoy")
    # was: InvalidRulesError "expected rules: ..., not Preset(id='perevodnoy', ..." (500 to 800
    # characters of the preset's repr)
    game = dl.Game(preset, seed=7)
    assert game.rules == dl.find_preset("переводной")
    assert game.deal == dl.Game("perevodnoy", seed=7).deal
    outcome, record = dl.play(preset, [dl.GreedyBot(), dl.GreedyBot()], seed=1)
    assert (outcome, record) == dl.play("perevodnoy", [dl.GreedyBot(), dl.GreedyBot()], seed=1)
    assert dl.new_game(preset, 3, seed=2) == dl.new_game("perevodnoy", 3, seed=2)
    with pytest.raises(
        dl.InvalidRulesError,
        match=r"^expected rules: a Rules value, a Preset, a preset's name or a rules string,"
        r" not int 3$",
    ):
        dl.Game(3)  # type: ignore[arg-type]


# ---- a position written out with the engine's own values --------------------------------------


def test_a_trump_given_as_a_card_or_a_suit_value_is_taken_as_its_text() -> None:
    hands = ["6S 7S", "8H 9H"]
    # was: InvalidRecordError "trump: expected text ..., got <Suit.HEARTS: 3>"
    assert Deal.from_hands(hands, trump=Suit.HEARTS) == Deal.from_hands(hands, trump="H")
    assert Deal.from_hands(hands, trump=Card.parse("KH")) == Deal.from_hands(hands, trump="KH")
    with pytest.raises(
        dl.InvalidRecordError,
        match=r"^trump: expected text \('KH' or 'H' for trump=, 'HS' for own_trumps=; a Card or"
        r" a Suit for trump=\), got 5$",
    ):
        Deal.from_hands(hands, trump=5)  # type: ignore[arg-type]


def test_a_deal_read_as_text_names_its_trump_suit_even_with_no_card_turned_up() -> None:
    hands = ["6S 7S", "8H 9H"]
    # was: 'trump None' for each of the last three, though the first two have a trump suit
    assert str(Deal.from_hands(hands, trump="KH")) == (
        "Deal(hands: 6♠ 7♠ | 8♥ 9♥; trump K♥; stock 1)"
    )
    assert str(Deal.from_hands(hands, trump="H")) == (
        "Deal(hands: 6♠ 7♠ | 8♥ 9♥; trump ♥ (no card turned up); stock 0)"
    )
    assert str(Deal.from_hands(hands, own_trumps="HS")) == (
        "Deal(hands: 6♠ 7♠ | 8♥ 9♥; trump by seat ♥ ♠; stock 0)"
    )
    assert str(Deal.from_hands(hands, own_trumps="--")) == (
        "Deal(hands: 6♠ 7♠ | 8♥ 9♥; trump none; stock 0)"
    )


def test_the_first_position_of_a_deal_takes_deal_as_game_and_play_do() -> None:
    deal = Deal.from_hands(["6S 7S", "8H 9H"], trump="H")
    # was: TypeError: initial_state() got an unexpected keyword argument 'deal'
    state = dl.initial_state("podkidnoy", deal=deal)
    assert state == dl.initial_state("podkidnoy", deal) == dl.initial_state("podkidnoy", deal_=deal)
    with pytest.raises(dl.InvalidRecordError, match=r"^deal= and deal_= are one argument"):
        dl.initial_state("podkidnoy", deal=deal, deal_=deal)
    with pytest.raises(dl.InvalidRecordError, match=r"^deal: expected a Deal .*got None$"):
        dl.initial_state("podkidnoy")


# ---- a seat's view from the game ----------------------------------------------------------------


def test_a_game_gives_a_seats_view_as_an_ochko_game_does() -> None:
    game = dl.Game("podkidnoy", seed=7)
    game.push("LJS")
    # was: AttributeError: 'Game' object has no attribute 'view' (OchkoGame.view(seat) exists)
    view = game.view(1)
    assert isinstance(view, dl.View) and view.seat == 1
    assert view.table == dl.View(game.state, 1).table
    assert view.hand == game.state.hand(1) and view.known(0) == []
    with pytest.raises(dl.InvalidSeatError, match=r"^seat 2 does not exist at a table of 2"):
        game.view(2)


# ---- records: a hand that is no list, a record of the other game ---------------------------------


@pytest.mark.parametrize("hand", [None, 5, "6S7S", {}])
def test_a_json_hand_that_is_no_list_is_named(hand: object) -> None:
    data = dl.Game("podkidnoy", seed=1).record().to_json()
    data["deal"]["hands"][1] = hand
    # was, for None and 5: "deal: 'NoneType' object is not iterable"; for '6S7S' "cannot read
    # a card from '6'" (the text read a character at a time)
    with pytest.raises(
        dl.InvalidRecordError,
        match=rf"^deal.hands\[1\]: expected a list of cards like \[\"6S\", \"7S\"\], got"
        rf" {re.escape(repr(hand))}$",
    ):
        Record.from_json(data)


def test_a_record_of_ochko_given_to_the_durak_side_says_what_reads_it() -> None:
    ochko = OchkoGame([50, 50], seed=1)
    ochko.deal("6S 10H 9C")
    ochko.push("stake 5")
    record = ochko.record()
    message = (
        r"^format: 'ochko/1' is a record of Очко, not of a Durak game:"
        r" durak_lessons\.ochko\.OchkoRecord reads it \(OchkoGame\.from_record plays it\)$"
    )
    # was: "a text record has 4 parts separated by '|' (...), not 5" and "missing element 'deal'"
    for load, data in [
        (Record.from_text, record.to_text()),
        (dl.Game.from_record, record.to_text()),
        (Record.from_json, record.to_json()),
        (Record.from_json, record.to_dict()),
    ]:
        with pytest.raises(dl.InvalidRecordError, match=message):
            load(data)  # type: ignore[operator]


# ---- take, in the word the book's glossary gives ------------------------------------------------


@pytest.mark.parametrize("word", ["взять", "Взять", " ВЗЯТЬ "])
def test_take_is_read_in_the_glossarys_word(word: str) -> None:
    game = dl.Game("podkidnoy", seed=7)
    game.push("LJS")
    # was: InvalidActionError "cannot read an action from 'взять'", where «взял» and «беру» read
    game.push(word)
    assert [str(a) for a in game.history] == ["LJS", "take"]


def test_a_preset_shows_in_one_line_with_its_names_source_and_seats() -> None:
    """A notebook showing ``all_presets()`` printed each preset's every field (500 to 800
    characters each, its citations included); one line each now."""
    by_id = {p.id: p for p in dl.all_presets()}
    assert repr(by_id["podkidnoy"]) == (
        "<Preset podkidnoy: Дурак подкидной (Throw-in Durak), Rozaliev 2, 2 to 6 players>"
    )
    assert repr(by_id["svoi-kozyri-8b"]) == (
        "<Preset svoi-kozyri-8b: Свои козыри 8.б (Own Trumps 8.б), Rozaliev 8.б, 2 or 4 players>"
    )
    assert repr(by_id["s-par-own-trumps"]).endswith(", 4 players>")
    assert all(len(repr(p)) < 200 for p in by_id.values())


# ---- the first mistake named first ---------------------------------------------------------


def test_an_action_of_the_wrong_kind_is_refused_for_its_kind_before_its_cards() -> None:
    """A defender who tries to lead a card he does not hold is told to cover or take (D1),
    not that the card is missing: the kind of action is his first mistake.  Within the right
    kind the cards come first, as before."""
    d = dl.Deal.from_hands(["6S 7S 9D", "9S 10H JC"], trump="H", leader=0)
    g = dl.Game("podkidnoy", deal=d)
    assert str(g.explain("take")) == "the bout has not been led yet: seat 0 must lead [turn order]"
    assert str(g.explain("LAS")) == "A♠ is not in the hand of seat 0 [hand]"
    g.push("L6S")
    for wrong in ("LAD", "L9S", "T9S", "pass"):  # seat 1 holds the 9♠, not the A♦
        assert str(g.explain(wrong)) == (
            "seat 1 must first answer the uncovered cards: cover or take [D1]"
        ), wrong
    assert str(g.explain("C6SAD")) == "A♦ is not in the hand of seat 1 [hand]"
    g.push("C6S9S")
    for wrong in ("C6SAS", "C9S9D", "take"):
        assert str(g.explain(wrong)).endswith("[R5]"), wrong
    assert str(g.explain("C6SAS")) == (
        "seat 0 may throw in a card of a rank on the table, or pass [R5]"
    )
    assert str(g.explain("take")) == "only the defender takes; a thrower may throw in or pass [R5]"
    assert str(g.explain("TAS")) == "A♠ is not in the hand of seat 0 [hand]"
    before = g.state
    with pytest.raises(dl.IllegalActionError):
        g.push("LAD")
    assert g.state == before
