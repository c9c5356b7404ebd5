"""Bad input to Очко is refused with a clear error of the project's own classes, and a
refusal changes nothing: each test is a short scenario with the inputs written out."""

from __future__ import annotations

import pytest

from durak_lessons.errors import (
    DurakError,
    InvalidActionError,
    InvalidRecordError,
    InvalidRulesError,
    InvalidSeatError,
)
from durak_lessons.ochko import (
    PACK,
    Buy,
    Deal,
    EVBot,
    OchkoGame,
    OchkoRecord,
    OchkoRules,
    Phase,
    Stake,
    ThresholdBot,
    explain,
    new_session,
    parse_action,
)

# --------------------------------------------------------------- stakes and actions


@pytest.mark.parametrize("amount", [5.5, 5.0, True, "5", None])
def test_a_stake_that_is_not_a_whole_number_is_refused(amount: object) -> None:
    game = OchkoGame([50, 50], seed=1)
    game.deal()
    before, history = game.state, game.history
    with pytest.raises(InvalidActionError, match=r"a stake is a whole number of units"):
        game.push(Stake(amount))  # type: ignore[arg-type]
    assert game.state == before and game.history == history
    game.push(Stake(5))  # the same seat may still stake properly
    line = game.record().to_line()
    assert OchkoRecord.from_line(line) == game.record()


@pytest.mark.parametrize("text", ["stake ²", "stake ٣", "stake " + "9" * 5000])
def test_a_stake_is_written_in_ascii_digits(text: str) -> None:
    with pytest.raises(InvalidActionError, match=r"^cannot read a stake from"):
        parse_action(text)
    assert parse_action("stake 10") == Stake(10)


def test_record_amounts_and_banker_are_ascii_digits() -> None:
    with pytest.raises(InvalidRecordError, match=r"^record\.balances\[1\]: '²' is not an amount"):
        OchkoRecord.from_line("ochko/1 | | 100 ² 100 | banker 0 | ")
    with pytest.raises(InvalidRecordError, match=r"^record\.banker: expected 'banker N'"):
        OchkoRecord.from_line("ochko/1 | | 100 100 | banker ² | ")
    with pytest.raises(InvalidRecordError, match=r"^record\.actions\[1\]: cannot read a stake"):
        OchkoRecord.from_line("ochko/1 | | 100 100 | banker 0 | deal 6S; stake ²")


@pytest.mark.parametrize("thing", [None, 5, object()])
def test_something_that_is_not_an_action_is_named_so_before_a_deal(thing: object) -> None:
    game = OchkoGame([50, 50], seed=1)
    before = game.state
    with pytest.raises(InvalidActionError, match=r"not an Очко action"):
        game.push(thing)  # type: ignore[arg-type]
    with pytest.raises(InvalidActionError, match=r"not an Очко action"):
        explain(game.state, thing)  # type: ignore[arg-type]
    assert game.state == before and game.history == ()


def test_something_that_is_not_an_action_is_named_so_during_a_round() -> None:
    game = OchkoGame([50, 50], seed=1)
    game.deal()
    before = game.state
    with pytest.raises(InvalidActionError, match=r"not an Очко action: 5 \(an int\)"):
        game.push(5)  # type: ignore[arg-type]
    assert game.state == before


def test_a_deal_is_a_tuple_and_a_buy_is_dark_or_not() -> None:
    with pytest.raises(InvalidActionError, match=r"a deal is a tuple of card numbers.*not None"):
        Deal(None)  # type: ignore[arg-type]
    with pytest.raises(InvalidActionError, match=r"a deal is a tuple of card numbers.*\(a list\)"):
        Deal(list(PACK))  # type: ignore[arg-type]
    with pytest.raises(InvalidActionError, match=r"True \(in the dark\) or False \(face up\), not 'no'"):
        Buy("no")  # type: ignore[arg-type]


# ----------------------------------------------------------------------- the deal


@pytest.mark.parametrize("cards", [[60], [-1], [True], [6.0], "ZZ", 5])
def test_a_card_outside_the_pack_is_refused_at_the_deal(cards: object) -> None:
    game = OchkoGame([100, 100], seed=1)
    before = game.state
    with pytest.raises(InvalidActionError, match=r"deal"):
        game.deal(cards)  # type: ignore[arg-type]
    assert game.state == before and game.history == ()


def test_card_sixty_is_named_in_the_refusal() -> None:
    game = OchkoGame([100, 100], seed=1)
    with pytest.raises(InvalidActionError, match=r"card number 60: card numbers are 0\.\.51"):
        game.deal([60])
    game.deal([4, 17, 30])  # 6♠ turned under, 6♣ to seat 1, 6♦ to the banker
    assert game.state.phase is Phase.STAKE


# -------------------------------------------------------------------------- seats


@pytest.mark.parametrize("seat", [-1, 3, 5, True, "1"])
def test_a_view_of_a_seat_not_at_the_table_is_refused(seat: object) -> None:
    game = OchkoGame([50, 50, 50], seed=1)
    game.deal()
    with pytest.raises(InvalidSeatError, match=r"^seat .* does not exist at a table of 3: seats are numbered 0\.\.2"):
        game.view(seat)  # type: ignore[arg-type]
    with pytest.raises(InvalidSeatError, match=r"seats are numbered 0\.\.2"):
        game.odds(seat)  # type: ignore[arg-type]
    with pytest.raises(IndexError):  # what odds(5) raised before, bare
        game.odds(5)
    assert game.view(2).seat == 2


def test_a_36_card_pack_serves_at_most_35_seats() -> None:
    with pytest.raises(InvalidRulesError, match=r"at most 35 seats, not 36"):
        OchkoGame([10] * 36, seed=1)
    game = OchkoGame([10] * 35, seed=1)  # one card each and the card turned under
    game.deal()
    assert game.state.cards_left == 0
    bots = {seat: EVBot() if seat % 2 else ThresholdBot(17) for seat in range(35)}
    state = game.play(bots, deal=False)  # nobody can buy; the banker must stand (O9)
    assert state.round_no == 1 and state.total_money == 350


# ---------------------------------------------------------------- session set-up


def test_a_table_needs_a_banker_and_a_punter() -> None:
    with pytest.raises(InvalidRulesError, match=r"a banker and at least one punter: at least two seats, not 1"):
        OchkoGame([100])
    with pytest.raises(InvalidRulesError, match=r"at least two seats, not 0"):
        new_session([])


def test_the_banker_must_sit_at_the_table() -> None:
    with pytest.raises(InvalidSeatError, match=r"the banker's seat 5 does not exist at a table of 2: seats are numbered 0\.\.1"):
        OchkoGame([100, 100], banker=5)
    with pytest.raises(InvalidSeatError, match=r"the banker's seat True does not exist"):
        OchkoGame([100, 100], banker=True)


@pytest.mark.parametrize("balances", [[100, -5], [100, 5.5], [100, True], 100, "100 100"])
def test_balances_are_whole_numbers_of_units(balances: object) -> None:
    with pytest.raises(InvalidRulesError, match=r"balances"):
        OchkoGame(balances)  # type: ignore[arg-type]


def test_set_up_errors_are_still_value_errors_and_durak_errors() -> None:
    # code written against the old plain ValueError keeps working
    with pytest.raises(ValueError, match=r"seat"):
        OchkoGame([100])
    with pytest.raises(DurakError):
        OchkoGame([100, 100], banker=2)


def test_rules_may_be_given_as_their_text() -> None:
    game = OchkoGame([100, 100], rules="bank=50", seed=1)
    assert game.rules == OchkoRules(bank=50)
    assert game.state.bank == 50 and game.state.balances == (50, 100)
    assert OchkoRecord.from_line(game.record().to_line()) == game.record()
    assert new_session([100, 100], "min_stake=5,max_stake=20").rules == OchkoRules(
        min_stake=5, max_stake=20
    )


@pytest.mark.parametrize("rules", [5, {"bank": 50}, OchkoRules])
def test_rules_of_another_type_are_refused(rules: object) -> None:
    with pytest.raises(InvalidRulesError, match=r"expected an OchkoRules value or its text"):
        OchkoGame([100, 100], rules=rules)  # type: ignore[arg-type]


def test_a_rules_text_that_cannot_be_read_is_refused() -> None:
    with pytest.raises(InvalidRulesError, match=r"bank must be an integer, not 'lots'"):
        OchkoGame([100, 100], rules="bank=lots")


# ------------------------------------------------------------------------ records


def test_a_record_with_a_banker_not_at_the_table_names_record_banker() -> None:
    with pytest.raises(
        InvalidRecordError,
        match=r"^record\.banker: the banker's seat 9 does not exist at a table of 2: seats are numbered 0\.\.1",
    ):
        OchkoRecord.from_line("ochko/1 | | 100 100 | banker 9 | ")
    with pytest.raises(InvalidRecordError, match=r"^record\.balances: Очко needs a banker and at least one punter"):
        OchkoRecord.from_line("ochko/1 | | 100 | banker 0 | ")
    with pytest.raises(InvalidRecordError, match=r"^record\.banker: "):
        OchkoRecord.from_json('{"format": "ochko/1", "balances": [100, 100], "banker": -1, "rules": {}, "actions": []}')
