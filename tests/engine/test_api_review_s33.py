"""Inputs a notebook user gets wrong, each refused with a message that says what was given
and what was expected, not a traceback from deep inside (an adversarial review of the public
API, session 33)."""

from __future__ import annotations

import random
import re

import pytest

import durak_lessons as dl
from durak_lessons import CardSet, Deal, GreedyBot, InvalidCardError, RandomBot, Rank, View
from durak_lessons.heuristic import HeuristicBot
from durak_lessons.search import SearchBot


@pytest.mark.parametrize(
    "read",
    [
        lambda: dl.parse_cards(None),  # was: TypeError 'NoneType' object is not iterable
        lambda: dl.parse_cards(7),
        lambda: CardSet(None),
        lambda: CardSet.parse(None),
        lambda: Rank.parse(None),  # was: AttributeError 'NoneType' has no attribute 'strip'
        lambda: Rank.parse(10),
    ],
)
def test_cards_read_from_what_is_not_text_are_a_card_error(read: object) -> None:
    with pytest.raises(InvalidCardError, match=r"not from None|not from 7|not from 10|takes"):
        read()  # type: ignore[operator]


def test_a_deal_written_out_names_a_missing_trump_and_a_table_of_no_hands() -> None:
    with pytest.raises(dl.InvalidRecordError, match="no trump given"):
        Deal.from_hands(["6S 7S", "8H 9H"], trump=None)  # type: ignore[arg-type]
    with pytest.raises(dl.InvalidRecordError, match="2 to 8 hands, not 0"):
        Deal.from_hands([], trump="KH")  # was: 'leader 0: ... a whole number 0..-1'


def test_a_deal_whose_extra_data_is_not_a_list_is_named_so() -> None:
    data = Deal.from_hands(["6S 7S", "8H 9H"], trump="KH").to_json()
    with pytest.raises(dl.InvalidRecordError, match=r"deal\.extra: expected a list, got None"):
        Deal.from_json({**data, "extra": None})  # was: "deal: 'NoneType' object is not iterable"


def test_a_record_with_trump_suits_in_lower_case_or_symbols_reads_as_written() -> None:
    game = dl.Game("podkidnoy", 2, seed=3)
    game.push(game.legal_actions()[0])
    record = game.record()
    text = record.to_text()
    symbols = text.replace("tr=H,H", "tr=♥,♥")
    assert "tr=♥,♥" in symbols  # the record's trump is hearts (seed 3)
    assert dl.Record.from_text(text.lower()) == record == dl.Record.from_text(symbols)
    with pytest.raises(dl.InvalidRecordError, match="bad trump suit 'X'"):
        dl.Record.from_text(text.replace("tr=H,H", "tr=X,H"))


@pytest.mark.parametrize(
    "start",
    [
        lambda: dl.Game("podkidnoy", 2, seed=[1]),  # type: ignore[arg-type]
        lambda: dl.play("podkidnoy", [RandomBot(), RandomBot()], object()),  # type: ignore[arg-type]
    ],
)
def test_a_seed_of_a_kind_random_cannot_use_is_named(start: object) -> None:
    with pytest.raises(TypeError, match="seed: expected a whole number, a string or a random"):
        start()  # type: ignore[operator]


def test_the_game_itself_given_for_its_state_is_told_to_pass_game_state() -> None:
    game = dl.Game("podkidnoy", 2, seed=1)
    before = game.state
    calls = [
        lambda: dl.apply(game, "take"),  # type: ignore[arg-type]
        lambda: dl.explain(game, "take"),  # type: ignore[arg-type]
        lambda: dl.legal_actions(game),  # type: ignore[arg-type]
        lambda: View(game, 0),  # type: ignore[arg-type]
        lambda: dl.narrate(game, "take"),  # type: ignore[arg-type]
        lambda: dl.Game.from_state(game),  # type: ignore[arg-type]
    ]
    for call in calls:
        with pytest.raises(TypeError, match=r"not Game: pass game\.state"):
            call()
    with pytest.raises(TypeError, match=r"expected a game state .* not NoneType"):
        dl.legal_actions(None)  # type: ignore[arg-type]
    assert game.state is before and game.history == []


@pytest.mark.parametrize("bot", [RandomBot(), GreedyBot(), HeuristicBot(), SearchBot(20)])
def test_every_bot_names_a_view_or_rng_of_the_wrong_kind(bot: dl.Bot) -> None:
    state = dl.new_game("podkidnoy", 2, seed=1)
    view = View(state, state.to_move or 0)
    with pytest.raises(TypeError, match=r"view: expected a seat's View .* not BoutState"):
        bot.choose(state, random.Random(0))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"rng: expected a random\.Random .* not 5"):
        bot.choose(view, 5)  # type: ignore[arg-type]


def test_play_names_a_deal_that_is_not_a_deal() -> None:
    with pytest.raises(dl.InvalidRecordError, match="deal: expected a Deal"):
        dl.play("podkidnoy", [RandomBot(), RandomBot()], 1, deal_={})  # type: ignore[arg-type]


@pytest.mark.parametrize("order", [[str(c) for c in dl.deck(36)], [-1, *range(1, 36)]])
def test_a_card_order_of_what_are_not_cards_is_refused(order: list[object]) -> None:
    # text in a list had been a TypeError; -1 had been read as the card numbered 51 (A♥)
    with pytest.raises(dl.InvalidRecordError, match=r"order: .* is not a card"):
        dl.deal_from_order("podkidnoy", 2, order)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("attack", "card", "player", "error"),
    [
        (-1, 0, None, InvalidCardError),  # had been read as the last card, and answered True
        (0, 100, None, InvalidCardError),  # had been answered False
        ("6S", "7S", None, InvalidCardError),
        (0, 1, 9, dl.InvalidSeatError),  # had been an IndexError from the state
    ],
)
def test_a_view_asked_whether_what_is_no_card_beats_says_so(
    attack: object, card: object, player: object, error: type[Exception]
) -> None:
    view = View(dl.new_game("podkidnoy(deck_size=52)", 2, seed=1), 0)
    with pytest.raises(error, match=r"expected a Card or a card number 0\.\.51|player 9"):
        view.beats(attack, card, player)  # type: ignore[arg-type]
    assert view.beats(0, 1) is True  # 3♠ beats 2♠ (the same suit, higher)


def test_the_catalogue_table_names_rows_that_are_not_catalogue_rows() -> None:
    with pytest.raises(TypeError, match=r"rows: expected a list of CatalogueRow"):
        dl.catalogue_table("podkidnoy")  # type: ignore[arg-type]  # had been an AttributeError


def test_a_turned_up_trump_and_own_trumps_together_are_refused() -> None:
    """With own trumps (R16) no card is turned up: a trump= given beside own_trumps= had been
    dropped without a word."""
    with pytest.raises(dl.InvalidRecordError, match=r"give one or the other"):
        Deal.from_hands(["6S 7S", "8H 9H"], trump="KH", own_trumps="HS")
    assert Deal.from_hands(["6S 7S", "8H 9H"], own_trumps="HS").trumps == (3, 0)


@pytest.mark.parametrize(
    "read",
    [
        lambda huge: dl.Action.parse(huge),
        lambda huge: dl.parse_cards("7S " + huge),
        lambda huge: dl.find_preset(huge),
        lambda huge: dl.Rules.parse(f"podkidnoy({huge}=1)"),
    ],
)
def test_an_error_on_a_huge_input_shows_it_cut_and_still_says_what_was_expected(
    read: object,
) -> None:
    """A megabyte pasted by mistake had been repeated whole in the message."""
    huge = "x" * 1_000_000
    with pytest.raises(dl.DurakError) as caught:
        read(huge)  # type: ignore[operator]
    text = str(caught.value)
    assert len(text) < 2000 and "characters left out" in text
    assert len(str(caught.value.args[0])) > 1_000_000  # the whole message is kept
    assert re.search(r"expected|known|Did you mean|lists them|must_cover, ", text[-500:]), text[-500:]
