"""The rules value and the card checks of Очко (``durak_lessons/ochko/rules.py``) and the
notebook wrapper :class:`OchkoGame` (``game.py``), where mutation testing (session 37) showed
no test pinned them down: refusals that must be clear and specific, and what a session
keeps."""

from __future__ import annotations

import random
import re

import pytest

from durak_lessons.cards import InvalidCardError, parse_cards
from durak_lessons.errors import IllegalActionError, InvalidRecordError, InvalidRulesError, Reason
from durak_lessons.ochko import (
    PACK,
    STAND,
    InvalidBotError,
    OchkoGame,
    OchkoRules,
    ThresholdBot,
    explain,
    is_bust,
    parse_action,
    points,
    special,
)

# ------------------------------------------------------------------- cards of a hand


def test_card_numbers_are_taken_as_well_as_cards() -> None:
    """A hand may be written as card numbers 0..51 (as ``int(card)`` gives them)."""
    ace, king = (int(c) for c in parse_cards("AS KS"))
    assert points([ace, king]) == 15 == points("AS KS")
    assert special([ace, int(parse_cards("AC")[0])]) == "two aces"
    assert is_bust([int(c) for c in parse_cards("10S 10C 6S")])


@pytest.mark.parametrize(
    ("number", "message"),
    [
        (0, "2♠ is not in the 36-card pack Очко is played with"),  # the first card number: a 2
        (52, "52 is not a card (a Card, or a card number 0..51)"),  # one past the last
        (-1, "-1 is not a card"),
    ],
)
def test_a_card_number_outside_the_pack_is_refused_by_name(number: int, message: str) -> None:
    with pytest.raises(InvalidCardError, match=re.escape(message)):
        points([number])


# ------------------------------------------------------------------------ the rules value


def test_a_maximum_stake_below_the_minimum_is_refused() -> None:
    """R20: a minimum and a maximum stake; a maximum under the minimum allows no stake."""
    with pytest.raises(InvalidRulesError, match="max_stake must be None or an int >= min_stake"):
        OchkoRules(min_stake=5, max_stake=3)
    assert OchkoRules(min_stake=5, max_stake=5).max_stake == 5


@pytest.mark.parametrize("name", ["bank", "min_stake", "bank_rounds"])
def test_a_count_of_the_rules_that_is_not_positive_is_refused_by_name(name: str) -> None:
    with pytest.raises(InvalidRulesError, match=f"^{name} must be a positive int, not 0$"):
        OchkoRules(**{name: 0})  # type: ignore[arg-type]


# ------------------------------------------------------------------------ OchkoGame


def test_a_game_explains_a_refusal_in_its_own_position() -> None:
    game = OchkoGame([100, 100], seed=1)
    game.deal("6S 10H 9C")  # seat 1 is to stake
    assert game.explain("stake 10") is None
    reason = game.explain("stand")  # standing before staking
    assert reason is not None and reason == explain(game.state, parse_action("stand"))
    assert game.explain(STAND) == reason  # an Action as well as its text


def test_taking_back_with_nothing_to_take_back_says_so() -> None:
    game = OchkoGame([100, 100], seed=1)
    with pytest.raises(IndexError, match=r"^no action to take back$"):
        game.pop()


def test_a_game_taken_up_from_a_record_goes_on_as_the_record_left_it() -> None:
    """The replayed game keeps the record's banker, rules and actions: its own record is the
    same record, its history the record's actions; its later deals are shuffled by the
    ``rng`` given (used as it is) or the seed (0 unless given, as for a new game)."""
    game = OchkoGame([60, 40, 50], "bank=30,min_stake=2", banker=1, seed=3)
    game.deal("6S 10H 9C 8D")
    game.push("stake 5")
    record = game.record()
    replayed = OchkoGame.from_record(record)
    assert replayed.record() == record
    assert replayed.history == record.actions and replayed.state == game.state
    assert str(replayed) == str(game.state)
    rng = random.Random(7)
    assert OchkoGame.from_record(record, rng=rng).rng is rng
    # the next pack: with the default seed, as seed=0 shuffles it
    assert _next_pack(OchkoGame.from_record(record)) == _next_pack(
        OchkoGame.from_record(record, seed=0)
    ) != _next_pack(OchkoGame.from_record(record, seed=1))


def _next_pack(game: OchkoGame) -> list[int]:
    cards = list(PACK)
    game.rng.shuffle(cards)
    return cards


def test_taking_up_what_is_no_record_names_what_it_is() -> None:
    with pytest.raises(InvalidRecordError, match=r"not \{'rules': 1\} \(a dict\)$"):
        OchkoGame.from_record({"rules": 1})  # type: ignore[arg-type]


class DurakBot:
    """A bot of the other game: it has choose(), not act()."""

    def choose(self, view: object, rng: random.Random) -> object:
        raise AssertionError("never asked")

    def __repr__(self) -> str:
        return "DurakBot()"


@pytest.mark.parametrize(
    ("bots", "message"),
    [
        ({1: DurakBot()}, "bots[1] is DurakBot() (a DurakBot): an Очко bot has act(view, rng),"
         " such as EVBot(), ThresholdBot(17) or RandomBot() of durak_lessons.ochko; this one"
         " has choose(): a bot for Durak"),
        ([ThresholdBot(17)], "bots: a list of 1 bot for a table of 3 seats: expected one bot"
         " (or None, for a seat played by hand) per seat"),
        ([None, None], "bots: a list of 2 bots for a table of 3 seats: expected one bot"
         " (or None, for a seat played by hand) per seat"),
        ("xx", "bots: expected a dict {seat: bot} or a list of one bot (or None) per seat,"
         " not 'xx' (a str)"),
        ({0: 5}, "bots[0] is 5 (an int): an Очко bot has act(view, rng), such as EVBot(),"
         " ThresholdBot(17) or RandomBot() of durak_lessons.ochko"),
    ],
)
def test_play_says_what_is_wrong_with_the_bots_in_full(bots: object, message: str) -> None:
    game = OchkoGame([100, 100, 100], seed=1)
    with pytest.raises(InvalidBotError, match=f"^{re.escape(message)}$"):
        game.play(bots)  # type: ignore[arg-type]
    assert game.history == ()


def test_play_refuses_a_negative_count_of_rounds_and_plays_none_for_zero() -> None:
    game = OchkoGame([100, 100, 100], seed=1)
    bots = {s: ThresholdBot(17) for s in range(3)}
    with pytest.raises(ValueError, match=r"^rounds: .* 0 or more, not -1 \(an int\)$"):
        game.play(bots, rounds=-1)
    assert game.play(bots, rounds=0) == game.state and game.history == ()


def test_a_bot_that_plays_an_illegal_action_is_named_with_the_rule_it_broke() -> None:
    class Early:
        def act(self, view: object, rng: random.Random) -> str:
            return "stand"  # before staking

        def __repr__(self) -> str:
            return "Early()"

    game = OchkoGame([100, 100], seed=1)
    game.deal("6S 10H 9C")
    with pytest.raises(IllegalActionError) as info:
        game.play({1: Early()})  # type: ignore[dict-item]
    assert info.value.reason == Reason("R20", "seat 1 must stake before anyone can stand")
    assert str(info.value) == (
        "illegal action stand by Early(): seat 1 must stake before anyone can stand [R20]"
    )


def test_the_bots_randomness_follows_the_seed() -> None:
    """Bots draw on a generator of their own seeded from the game's: the same seed, the same
    bot play; another seed, another."""
    draws = [OchkoGame([100, 100], seed=s).bot_rng.random() for s in (1, 1, 2)]
    assert draws[0] == draws[1] != draws[2]


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"dark_buying": 1}, "dark_buying must be a bool"),
        ({"double_bust_to_banker": "yes"}, "double_bust_to_banker must be a bool"),
        ({"bank_passes": "rounds"}, "bank_passes must be a BankPassing, not 'rounds'"),
        ({"max_stake": "20"}, "max_stake must be None or an int >= min_stake, not '20'"),
    ],
)
def test_a_rules_option_of_the_wrong_kind_is_refused_by_name(
    values: dict[str, object], message: str
) -> None:
    with pytest.raises(InvalidRulesError, match=f"^{re.escape(message)}$"):
        OchkoRules(**values)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (5, "rules must be an object, not 5"),
        ({"colour": "red"}, "unknown rules key 'colour'"),
        ({"bank": 50, "colour": "red"}, "unknown rules key 'colour'"),
        ({"bank_passes": "weekly"}, "bank_passes must be 'broken' or 'rounds', not 'weekly'"),
    ],
)
def test_rules_from_a_dict_say_what_is_wrong(data: object, message: str) -> None:
    with pytest.raises(InvalidRulesError, match=f"^{re.escape(message)}$"):
        OchkoRules.from_dict(data)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("colour=red", "cannot read rules element 'colour=red'"),
        ("bank", "cannot read rules element 'bank'"),
        ("bank=5=6", "bank must be an integer, not '5=6'"),
        ("dark_buying=maybe", "dark_buying must be yes or no, not 'maybe'"),
    ],
)
def test_rules_text_says_what_it_could_not_read(text: str, message: str) -> None:
    with pytest.raises(InvalidRulesError, match=f"^{re.escape(message)}$"):
        OchkoRules.parse(text)
