"""Очко's API takes what the Durak side takes: card numbers in a deal, action text in the
pure functions, a list of bots, an injected seed, checked bot parameters, and the Durak
names of a record's text form.  Each refusal is a clear error and changes nothing."""

from __future__ import annotations

import random

import pytest

import durak_lessons
from durak_lessons.cards import Card
from durak_lessons.errors import (
    DurakError,
    IllegalActionError,
    InvalidActionError,
    InvalidRecordError,
    InvalidSeatError,
)
from durak_lessons.ochko import (
    PACK,
    Banker16,
    Deal,
    EVBot,
    OchkoGame,
    OchkoRecord,
    Phase,
    RandomBot,
    Stake,
    ThresholdBot,
    apply,
    explain,
    new_session,
)

# ------------------------------------------------------------------ A. card numbers in a deal


def test_a_deal_of_card_numbers_plays_and_is_recorded_like_a_deal_of_cards() -> None:
    numbers = tuple(int(c) for c in reversed(PACK))
    game = OchkoGame([100, 100], seed=1)
    game.push(Deal(numbers))
    game.push("stake 5")
    assert all(type(c) is Card for c in game.state.order)  # read as the cards they number
    assert game.state.order == tuple(reversed(PACK))
    line = game.record().to_line()
    assert line.split(" | ")[-1].startswith("deal AH KH QH JH TH 9H ")
    assert OchkoRecord.from_line(line) == game.record()
    assert OchkoRecord.from_json(game.record().to_json()) == game.record()
    assert Deal(numbers) == Deal(tuple(reversed(PACK)))


@pytest.mark.parametrize(
    ("order", "shown"),
    [((0, 1, 2), r"deal 2S 3S 4S"), ((PACK[0],) * 36, r"deal 6S 6S 6S")],
)
def test_a_deal_that_is_not_the_whole_pack_is_an_illegal_action(
    order: tuple[int, ...], shown: str
) -> None:
    state = new_session([100, 100])
    with pytest.raises(
        IllegalActionError,
        match=rf"^illegal action {shown}.*a deal is an order of the whole 36-card pack",
    ):
        apply(state, Deal(order))
    assert explain(state, Deal(order)) is not None
    game = OchkoGame([100, 100], seed=1)
    with pytest.raises(IllegalActionError):
        game.push(Deal(order))
    assert game.history == () and game.state == state


@pytest.mark.parametrize("card", [60, -1, True, 6.0, "6S", None])
def test_a_deal_of_something_that_numbers_no_card_is_refused_saying_what_is_expected(
    card: object,
) -> None:
    with pytest.raises(
        InvalidActionError,
        match=r"^a deal is a tuple of card numbers 0\.\.51 or Card values.*deal\[3\] is",
    ):
        Deal((*PACK[:3], card, *PACK[4:]))  # type: ignore[arg-type]


# -------------------------------------------------------------------- B. injected randomness


def test_a_game_without_a_seed_or_an_rng_is_refused_as_on_the_durak_side() -> None:
    with pytest.raises(TypeError, match=r"^pass a seed or a random\.Random") as durak:
        durak_lessons.Game(seed=None)
    with pytest.raises(TypeError, match=r"^pass a seed or a random\.Random") as ochko:
        OchkoGame([100, 100], seed=None)
    assert str(ochko.value) == str(durak.value)
    record = OchkoGame([100, 100], seed=1).record()
    with pytest.raises(TypeError, match=r"^pass a seed or a random\.Random"):
        OchkoGame.from_record(record, seed=None)


def test_the_same_seed_or_rng_deals_the_same_pack() -> None:
    packs = []
    for game in (
        OchkoGame([100, 100], seed=5),
        OchkoGame([100, 100], seed=random.Random(5)),  # as Game(seed=...) takes
        OchkoGame([100, 100], rng=random.Random(5)),
        OchkoGame([100, 100], rng=random.Random(5), seed=None),
    ):
        packs.append(game.deal().order)
    assert len(set(packs)) == 1
    assert OchkoGame([100, 100]).deal() == OchkoGame([100, 100], seed=0).deal()


def test_an_rng_that_is_no_random_generator_is_refused() -> None:
    with pytest.raises(TypeError, match=r"rng: expected a random\.Random.*not 5 \(an int\)"):
        OchkoGame([100, 100], rng=5)  # type: ignore[arg-type]


# ----------------------------------------------------------------------- C. action text


def test_the_pure_functions_take_the_text_of_an_action() -> None:
    state = apply(new_session([100, 100]), Deal(PACK))
    assert apply(state, "stake 5") == apply(state, Stake(5))
    assert apply(state, "  Stake   bank ") == apply(state, "stake bank")
    assert explain(state, "stake 5") is None
    reason = explain(state, "stake 500")
    assert reason is not None and "exceed what is left in the bank" in str(reason)
    with pytest.raises(IllegalActionError, match=r"^illegal action stand: seat 1 must stake"):
        apply(state, "stand")
    # the Durak side reads its actions' text the same way
    durak = durak_lessons.new_game("podkidnoy", players=2, seed=1)
    assert durak_lessons.apply(durak, str(durak.legal_actions()[0])) is not None


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("fold", r"^unknown action 'fold': expected deal \.\.\., stake N, stake bank"),
        ("stake lots", r"^cannot read a stake from 'stake lots': expected 'stake 10'"),
        ("deal 6S ZZ", r"^cannot read the deal 'deal 6S ZZ'"),
    ],
)
def test_action_text_that_cannot_be_read_is_refused_and_changes_nothing(
    text: str, message: str
) -> None:
    state = apply(new_session([100, 100]), Deal(PACK))
    for call in (apply, explain):
        with pytest.raises(InvalidActionError, match=message):
            call(state, text)
    game = OchkoGame([100, 100], seed=1)
    game.deal(Deal(PACK))
    with pytest.raises(InvalidActionError, match=message):
        game.push(text)
    assert game.state == state and len(game.history) == 1


# -------------------------------------------------------------------------- D. the bots


def test_play_takes_a_list_of_bots_one_a_seat_as_well_as_a_dict() -> None:
    by_list, by_dict = OchkoGame([100, 100, 100], seed=3), OchkoGame([100, 100, 100], seed=3)
    by_list.play([EVBot(), ThresholdBot(15), EVBot()], rounds=3)
    by_dict.play({0: EVBot(), 1: ThresholdBot(15), 2: EVBot()}, rounds=3)
    assert by_list.state.round_no == 3
    assert by_list.history == by_dict.history


def test_none_in_the_list_is_a_seat_played_by_hand() -> None:
    game = OchkoGame([100, 100], seed=3)
    state = game.play([ThresholdBot(17), None])  # seat 0 banks; seat 1 stakes by hand
    assert state.phase is Phase.STAKE and state.to_move == 1
    game.push("stake 5")


@pytest.mark.parametrize(
    ("bots", "message"),
    [
        (
            [durak_lessons.GreedyBot(), EVBot()],
            r"^bots\[0\] is .*GreedyBot.*: an Очко bot has act\(view, rng\).*"
            r"choose\(\): a bot for Durak",
        ),
        ({1: "ev"}, r"^bots\[1\] is 'ev' \(a str\): an Очко bot has act\(view, rng\)"),
        ("ev", r"^bots: expected a dict \{seat: bot\} or a list of one bot"),
        (EVBot(), r"^bots: expected a dict \{seat: bot\} or a list of one bot"),
        ([EVBot()], r"^bots: a list of 1 bot for a table of 2 seats"),
    ],
)
def test_bots_that_are_not_ochko_bots_are_refused_before_anything_is_played(
    bots: object, message: str
) -> None:
    game = OchkoGame([100, 100], seed=3)
    with pytest.raises(TypeError, match=message) as caught:
        game.play(bots)  # type: ignore[arg-type]
    assert isinstance(caught.value, DurakError)
    assert game.history == ()  # not even dealt


def test_a_bot_for_a_seat_not_at_the_table_is_refused() -> None:
    game = OchkoGame([100, 100], seed=3)
    with pytest.raises(InvalidSeatError, match=r"^bots: seat 2 does not exist at a table of 2"):
        game.play({0: EVBot(), 2: EVBot()})
    assert game.history == ()


# ------------------------------------------------------------------ E. bot parameters


@pytest.mark.parametrize("threshold", ["17", 16.5, True, None, 99, 23, -1])
def test_a_threshold_that_is_no_whole_number_of_points_is_refused_at_once(
    threshold: object,
) -> None:
    with pytest.raises(TypeError, match=r"^ThresholdBot\(threshold\): a whole number of points"):
        ThresholdBot(threshold)  # type: ignore[arg-type]
    with pytest.raises(DurakError):
        ThresholdBot(threshold)  # type: ignore[arg-type]
    assert repr(ThresholdBot(15)) == "ThresholdBot(15)"


@pytest.mark.parametrize("banker_16", ["stand", 1, None])
def test_evbot_takes_a_banker16_value(banker_16: object) -> None:
    with pytest.raises(TypeError, match=r"^EVBot\(banker_16\): Banker16\.STAND or Banker16\.DRAW"):
        EVBot(banker_16)  # type: ignore[arg-type]
    assert EVBot(Banker16.DRAW).banker_16 is Banker16.DRAW
    assert repr(RandomBot()) == "RandomBot()"


# ----------------------------------------------------------- F. the Durak record names


def test_a_record_has_the_durak_names_of_its_text_form() -> None:
    game = OchkoGame([50, 50], seed=1)
    game.deal("6S 10H 9C")
    game.push("stake 5")
    record = game.record()
    assert record.to_text() == record.to_line()
    assert OchkoRecord.from_text(record.to_text()) == record
    assert OchkoRecord.from_dict(record.to_dict()) == record
    with pytest.raises(InvalidRecordError, match=r"^record: expected 5 fields"):
        OchkoRecord.from_text("ochko/1 | nonsense")


@pytest.mark.parametrize("threshold", [0, 22])
def test_thresholds_from_never_buying_to_buying_until_21_are_taken(threshold: int) -> None:
    """0 points: the bot never buys; 22: it buys until 21 or a bust stops it.  Seat 1 holds
    10♠ after staking (the banker at seat 0)."""
    game = OchkoGame([100, 100], seed=1)
    game.deal("6S 10S 7D 9C 8H")
    game.push("stake 10")
    bot = ThresholdBot(threshold)
    assert str(bot.act(game.view(1), random.Random(0))) == ("stand" if threshold == 0 else "buy")


@pytest.mark.parametrize("when", ["before the deal", "the banker's turn"])
def test_odds_for_a_punter_with_no_decision_to_make_are_refused(when: str) -> None:
    """Before the deal a punter holds no card, and at the banker's turn every punter has
    made his last decision: :func:`odds` has no decision to weigh and says so, where it had
    weighed a hand of no cards over the 36 of the pack."""
    game = OchkoGame([100, 100], seed=1)
    if when != "before the deal":
        game.deal("6S 10S 7D 9C 8H")
        game.push("stake 10")
        game.push("stand")
        assert game.state.phase is Phase.BANKER
    with pytest.raises(ValueError, match=r"^odds\(\) weighs a punter's next decision once"):
        game.odds(1)


def test_the_names_shared_with_the_durak_side_are_the_ones_the_module_names() -> None:
    """A star import of both packages puts the Очко names over the Durak ones: the module's
    docstring names every name that does, so a notebook user knows which."""
    import durak_lessons.ochko as ochko

    both = set(durak_lessons.__all__) & set(ochko.__all__)
    # a name bound to the same object on both sides (an error class) shadows nothing
    assert {n for n in both if getattr(durak_lessons, n) is getattr(ochko, n)} == {
        "InvalidBotError"
    }
    shared = sorted(n for n in both if getattr(durak_lessons, n) is not getattr(ochko, n))
    assert shared == ["Action", "Bot", "Deal", "RandomBot", "apply", "explain", "legal_actions"]
    doc = ochko.__doc__ or ""
    assert "Seven names here are the Очко counterparts" in doc
    assert all(f"``{name}``" in doc for name in shared)
