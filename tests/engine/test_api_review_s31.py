"""Inputs a notebook user gets wrong, each refused with the package's own errors and a message
that says what was expected (a review of the public API, session 31)."""

from __future__ import annotations

import random

import pytest

import durak_lessons as dl
from durak_lessons import Deal, DurakError, IllegalActionError, InvalidRecordError, View
from durak_lessons.bout import BoutState
from durak_lessons.search import SearchBot
from durak_lessons.solver import SOLVE_NODES, SearchLimitError, Solver, solve


def test_deal_takes_a_rules_string_as_new_game_does() -> None:
    text = "podkidnoy(first_bout_limit=5)"
    assert dl.deal(text, 2, seed=7) == dl.new_game(text, 2, seed=7).deal
    with pytest.raises(dl.InvalidRulesError, match="expected rules"):
        dl.deal(None, 2, seed=7)  # type: ignore[arg-type]


def test_a_missing_seed_is_the_packages_own_error() -> None:
    with pytest.raises(dl.MissingSeedError, match="pass a seed") as caught:
        dl.new_game("podkidnoy", 2)
    assert isinstance(caught.value, DurakError) and isinstance(caught.value, TypeError)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"hands": ["6S", ""], "trump": "H"}, "hand 1 is empty"),
        ({"hands": [[-1, 0], [1, 2]], "trump": "H"}, r"hands\[0\]: -1 is not a card"),
        ({"hands": [["6S"], ["7S"]], "trump": "H"}, r"hands\[0\]: '6S' is not a card"),
        ({"hands": ["6S", "7S"], "trump": "H", "stock": [60]}, "stock: 60 is not a card"),
        ({"hands": ["6S", "7S"], "own_trumps": 5}, "own_trumps: expected text"),
        ({"hands": ["6S", "7S"], "own_trumps": "HX"}, "own_trumps 'HX': unknown suit"),
        ({"hands": "6S 7S", "trump": "H"}, "one hand per seat"),
    ],
)
def test_a_deal_written_out_is_checked(kwargs: dict[str, object], message: str) -> None:
    # before: A♥ for -1, IndexError, TypeError, AttributeError, InvalidCardError, or a deal
    # whose empty hand could never lead (is_over False, to_move 0, no legal action)
    with pytest.raises(InvalidRecordError, match=message):
        dl.initial_state("podkidnoy", Deal.from_hands(**kwargs))  # type: ignore[arg-type]


def test_game_takes_its_number_of_players_from_the_deal() -> None:
    three = Deal.from_hands(["6S", "7S", "8S"], trump="H")
    assert dl.Game("podkidnoy", deal=three).state.n == 3  # before: players=2 was ignored
    with pytest.raises(InvalidRecordError, match="players=2, but the deal has 3 hands"):
        dl.Game("podkidnoy", players=2, deal=three)


@pytest.mark.parametrize("bots", [dl.GreedyBot(), [dl.GreedyBot, dl.RandomBot]])
def test_play_names_what_is_not_one_bot_per_seat(bots: object) -> None:
    # before: "'GreedyBot' object is not iterable", and bot classes failed inside the game
    with pytest.raises(dl.InvalidActionError, match=r"one bot .* per seat"):
        dl.play("perevodnoy", bots, seed=1)  # type: ignore[arg-type]


def test_the_solvers_limit_is_a_package_error_and_solve_has_a_default() -> None:
    assert issubclass(SearchLimitError, DurakError)
    state = dl.new_game("podkidnoy", 2, seed=5)
    rng = random.Random(0)
    while state.stock_count:
        actions = state.legal_actions()
        state = state.apply(actions[rng.randrange(len(actions))])
    assert not state.is_over
    with pytest.raises(SearchLimitError, match="node_limit=None to search without a limit"):
        solve(state, node_limit=10)
    assert SOLVE_NODES > 1_000_000
    with pytest.raises(ValueError, match="node_limit"):
        Solver(-1)


def test_the_search_bot_refuses_out_of_turn_as_every_bot_does() -> None:
    state = dl.new_game("podkidnoy", 2, seed=3)
    idle = View(state, 1 - state.to_move)
    for bot in (SearchBot(iterations=6), dl.GreedyBot()):
        with pytest.raises(IllegalActionError, match="is not to move"):
            bot.choose(idle, random.Random(0))


@pytest.mark.parametrize(
    "kwargs",
    [
        {"solver_nodes": -5},
        {"exploration": -1},
        {"exploration": float("nan")},
        {"time_limit": -1},
        {"iterations": "100"},
        {"max_steps": 1.5},
    ],
)
def test_the_search_bots_options_are_checked_when_it_is_made(kwargs: dict[str, object]) -> None:
    option = next(iter(kwargs))
    with pytest.raises(ValueError, match=f"^{option}: "):
        SearchBot(**kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: dl.Card(True), "whole number 0..51, not True"),  # before: 3♠
        (lambda: dl.Card("3"), "whole number 0..51, not '3'"),  # before: TypeError
        (lambda: dl.Card(3.0), "whole number 0..51, not 3.0"),
        (lambda: dl.Card.of("A", "H"), "takes numbers"),  # before: TypeError
    ],
)
def test_a_card_is_made_from_a_number_or_read_from_text(make: object, message: str) -> None:
    with pytest.raises(dl.InvalidCardError, match=message):
        make()  # type: ignore[operator]
    assert dl.Card(3) is dl.Card.parse("5S") and dl.Card.of(14, 3) is dl.Card.parse("AH")


@pytest.mark.parametrize("preset", ["podkidnoy", "perevodnoy", "blind", "svoi-kozyri", "s-par"])
def test_the_last_entry_of_the_record_is_the_newest_of_its_history(preset: str) -> None:
    # narration reads only the newest entry (it had walked the whole record every time)
    rng = random.Random(11)
    state = dl.new_game(preset, 2, seed=rng)
    seen = 0
    for _ in range(60):
        if state.is_over:
            break
        actions = state.legal_actions()
        state = state.apply(actions[rng.randrange(len(actions))])
        if isinstance(state, BoutState):  # свои козыри: once the trumps are named
            assert state.last_played() == state.history()[-1]
            seen += 1
    assert seen > 10


def test_cards_are_read_in_russian_notation_with_suit_letters() -> None:
    # before: "Дч" failed although Russian ranks were read (the suits only as whole words)
    assert dl.parse_cards("Дч 10п Тк Вб") == dl.parse_cards("QH 10S AC JD")
    assert dl.parse_cards("ДчТт") == dl.parse_cards("QH AC")  # т (трефы) and к (крести)
    assert dl.Card.parse("Кк") is dl.Card.parse("KC")
    with pytest.raises(dl.InvalidCardError, match="п т/к б ч"):
        dl.Card.parse("Дщ")


def test_hints_and_review_name_the_argument_of_the_wrong_kind() -> None:
    from durak_lessons.analysis import hints, review

    state = dl.new_game("podkidnoy", 2, seed=3)
    view = View(state, state.to_move)
    with pytest.raises(TypeError, match=r"rng: expected a random\.Random"):
        hints(view, 0)  # type: ignore[arg-type]  # before: 'int' has no attribute 'shuffle'
    with pytest.raises(TypeError, match="view: expected a seat's View"):
        hints(state, random.Random(0))  # type: ignore[arg-type]
    record = dl.Record("podkidnoy", state.deal, [state.legal_actions()[0]])
    text = record.to_text()
    assert review(text, 0, iterations=6, top=1) == review(record, 0, iterations=6, top=1)
    with pytest.raises(TypeError, match="record: expected a Record or its text"):
        review(0, 0)  # type: ignore[arg-type]
