"""Inputs a notebook user gets wrong at the Очко table, each refused with a message that says
what was given and what was expected, and changing nothing (an adversarial review of the
public API, session 33)."""

from __future__ import annotations

import random

import pytest

from durak_lessons.cards import InvalidCardError
from durak_lessons.errors import InvalidRecordError, InvalidRulesError
from durak_lessons.ochko import (
    EVBot,
    InvalidBotError,
    OchkoGame,
    OchkoRules,
    RandomBot,
    ThresholdBot,
    apply,
    explain,
    is_bust,
    legal_actions,
    odds,
    points,
    special,
    view,
)


def test_a_rules_element_given_twice_is_refused_not_read_as_the_last() -> None:
    with pytest.raises(InvalidRulesError, match="bank given twice"):
        OchkoGame([100, 100], "bank=50,bank=60")  # had been a bank of 60
    with pytest.raises(InvalidRulesError, match="read from text such as 'bank=50', not None"):
        OchkoRules.parse(None)  # type: ignore[arg-type]  # had been an AttributeError


def test_odds_name_an_assumption_about_the_banker_that_is_not_a_banker16() -> None:
    game = OchkoGame([100, 100], seed=1)
    game.deal()
    with pytest.raises(TypeError, match=r"banker_16: expected Banker16\.STAND or Banker16\.DRAW"):
        game.odds(1, banker_16="draw")  # type: ignore[arg-type]  # had been read as STAND


@pytest.mark.parametrize("rounds", [-1, "2", 1.5])
def test_play_refuses_rounds_that_are_no_count_and_plays_nothing(
    rounds: object,
) -> None:
    game = OchkoGame([100, 100], seed=1)
    with pytest.raises(ValueError, match="rounds: expected a whole number of rounds, 0 or more"):
        game.play({0: EVBot(), 1: EVBot()}, rounds=rounds)  # type: ignore[arg-type]
    assert game.history == ()


def test_play_refuses_a_bot_class_for_a_bot() -> None:
    game = OchkoGame([100, 100], seed=1)
    with pytest.raises(InvalidBotError, match=r"bots\[1\] is <class .*EVBot"):
        game.play({0: EVBot(), 1: EVBot})  # type: ignore[dict-item]  # EVBot, not EVBot()
    assert game.history == ()


def test_the_table_itself_given_for_its_state_is_named() -> None:
    game = OchkoGame([100, 100], seed=1)
    before = game.state
    for call in (
        lambda: apply(game, "stand"),  # type: ignore[arg-type]
        lambda: explain(game, "stand"),  # type: ignore[arg-type]
        lambda: legal_actions(game),  # type: ignore[arg-type]
        lambda: view(game, 0),  # type: ignore[arg-type]
        lambda: odds(game),  # type: ignore[arg-type]
    ):
        with pytest.raises(TypeError, match=r"expected an? (OchkoState|seat's OchkoView).*OchkoGame"):
            call()
    assert game.state is before and game.history == ()


@pytest.mark.parametrize("bot", [EVBot(), ThresholdBot(17), RandomBot()])
def test_every_bot_names_a_view_or_rng_of_the_wrong_kind(bot: EVBot) -> None:
    game = OchkoGame([100, 100], seed=1)
    state = game.deal()
    with pytest.raises(TypeError, match=r"view: expected a seat's OchkoView .*an OchkoState"):
        bot.act(state, random.Random(0))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"rng: expected a random\.Random .* None"):
        bot.act(game.view(1), None)  # type: ignore[arg-type]


def test_a_table_is_taken_up_from_a_record_or_its_text_not_from_its_dict() -> None:
    game = OchkoGame([50, 50], seed=1)
    game.deal("6S 10H 9C")
    line = game.record().to_line()
    # the text had been refused here too (an AttributeError before); session 42 reads it,
    # as Game.from_record reads a Durak record's text
    assert OchkoGame.from_record(line).history == game.history
    with pytest.raises(InvalidRecordError, match=r"expected an OchkoRecord or its text"):
        OchkoGame.from_record(game.record().to_dict())  # type: ignore[arg-type]


def test_points_read_cards_written_out_and_refuse_what_is_no_card() -> None:
    assert points("AS KH") == 15 and is_bust("KS KH KD KC QS QH") and special("AS AH")
    for cards in ([-1], [99], None):  # -1 had counted as A♥ (11), 99 an IndexError
        with pytest.raises(InvalidCardError, match=r"not a card|expected cards"):
            points(cards)  # type: ignore[arg-type]
