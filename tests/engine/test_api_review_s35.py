"""The engine used as a python-chess user would in a notebook (session 35): wrong input is
refused with a message naming what was given and what was expected, and changes nothing;
reprs say what a value is; what such a user reaches for first is there."""

from __future__ import annotations

import random

import pytest

import durak_lessons as dl
from durak_lessons import CardSet, Deal, GreedyBot, RandomBot, Record, Rules, View
from durak_lessons.heuristic import HeuristicBot
from durak_lessons.perft import divide, perft
from durak_lessons.search import SearchBot
from durak_lessons.solver import solve


def endgame() -> dl.Game:
    """Two hands of three cards, the stock empty: a position the solver takes."""
    return dl.Game("podkidnoy", deal=Deal.from_hands(["6S 6C 9C", "7S 9D 8C"], trump="H"))


# ---- a result described with names -----------------------------------------------------------


def test_an_outcome_described_with_too_few_names_says_so() -> None:
    outcome, _ = dl.play("podkidnoy", [GreedyBot(), RandomBot()], seed=1)
    assert outcome.fool == 1
    assert outcome.describe(["Anna", "Boris"]) == "Boris is the fool (дурак, durak)."
    # was: IndexError: list index out of range
    with pytest.raises(ValueError, match=r"one name per seat, but 1 given .* seat 1 has none"):
        outcome.describe(["Anna"])
    with pytest.raises(ValueError, match="expected a list of names"):
        outcome.describe("AB")  # type: ignore[arg-type]  # was: 'B is the fool'


def test_a_narration_with_names_not_one_per_seat_says_so() -> None:
    state = dl.Game("podkidnoy", seed=7).state  # seat 1 leads
    assert dl.narrate(state, "LJS", names=["Anna", "Boris"]).startswith("Boris leads J♠")
    # was: 'Seat 1 leads J♠ ...', the names given dropped without a word
    for names in (["Anna"], ["Anna", "Boris", "Vera"], "AB"):
        with pytest.raises(ValueError, match="names: one name per seat, 2 in all"):
            dl.narrate(state, "LJS", names=names)


# ---- perft and the solver given the Game, not its position -----------------------------------


@pytest.mark.parametrize("count", [lambda g: perft(g, 2), lambda g: divide(g, 1)])
def test_perft_given_the_game_names_game_state(count: object) -> None:
    game = dl.Game("podkidnoy", seed=7)
    # was: AttributeError: 'Game' object has no attribute 'apply'
    with pytest.raises(TypeError, match=r"not Game: pass game.state"):
        count(game)  # type: ignore[operator]
    assert perft(game.state, 2) == 34


def test_the_solver_given_the_game_or_a_flag_that_is_not_one_says_so() -> None:
    game = endgame()
    with pytest.raises(TypeError, match=r"not Game: pass game.state"):
        solve(game)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="known_stock: expected True or False, not 'yes'"):
        solve(game.state, known_stock="yes")  # type: ignore[arg-type]  # was: taken as True
    assert solve(game.state).fool == 1


# ---- reprs a notebook shows ------------------------------------------------------------------


def test_bots_show_as_the_call_that_makes_them() -> None:
    # was: <durak_lessons.bots.GreedyBot object at 0x7f...>
    assert [repr(b) for b in (GreedyBot(), RandomBot(), HeuristicBot())] == [
        "GreedyBot()",
        "RandomBot()",
        "HeuristicBot()",
    ]
    assert repr(SearchBot()) == "SearchBot()"
    small = SearchBot(iterations=50, max_steps=2000, solver_nodes=2000, inference="none")
    assert repr(small) == (
        "SearchBot(iterations=50, solver_nodes=2000, max_steps=2000, inference='none')"
    )
    again = eval(repr(small), {"SearchBot": SearchBot})
    assert vars(again) == vars(small)


def test_rules_show_as_the_rules_string_that_reads_them_back() -> None:
    variant = dl.find_preset("переводной").replace(pogony_sixes=0)
    # was: Rules(name='perevodnoy', family=<Family.BOUT: 'bout'>, ... (40-odd fields, no eval)
    assert repr(variant) == "Rules.parse('perevodnoy(pogony_sixes=0)')"
    for rules in [variant, Rules(), *(p.rules for p in dl.all_presets())]:
        assert eval(repr(rules), {"Rules": Rules}) == rules
    # a preset shows in one line (session 42), its rules by name
    assert repr(dl.preset_info("podkidnoy")).startswith("<Preset podkidnoy: ")


# ---- duplicate cards -------------------------------------------------------------------------


def test_a_card_set_written_with_a_card_twice_is_refused() -> None:
    # was: CardSet.parse('6♠') - the slip went unseen
    with pytest.raises(dl.InvalidCardError, match=r"6♠ is written twice in '6S 7H 6♠'"):
        CardSet.parse("6S 7H 6♠")
    assert len(CardSet.parse("6S 7H")) == 2
    assert CardSet([dl.Card.parse("6S")] * 2) == CardSet.parse("6S")  # values: like set()


# ---- what a python-chess user reaches for ----------------------------------------------------


def test_a_game_says_whether_an_action_is_legal() -> None:
    game = dl.Game("podkidnoy", seed=7)  # seat 1 leads; J♠ is his
    assert game.is_legal("LJS") and game.is_legal(dl.Action.parse("L6H"))
    assert not game.is_legal("take") and not game.is_legal("L6S")
    assert not game.is_legal("LJS", player=0)
    with pytest.raises(dl.InvalidActionError):
        game.is_legal("zzz")
    assert game.history == []


def test_a_copy_of_a_game_is_played_on_without_touching_the_original() -> None:
    game = dl.Game("podkidnoy", seed=7)
    game.push("LJS")
    trial = game.copy()
    trial.push(trial.legal_actions()[0])
    assert [str(a) for a in game.history] == ["LJS"] and len(trial.history) == 2
    assert trial.pop() and trial.state == game.state and trial.record() == game.record()
    game.pop()
    assert len(trial.history) == 1 and game.history == []


# ---- a deal given beside the arguments that shape a new one -----------------------------------


def test_fool_beside_a_deal_given_is_refused_not_ignored() -> None:
    deal = Deal.from_hands(["6S 7S", "9S 8S"], trump="10H")
    # was: accepted, and fool=5 (no such seat) ignored
    with pytest.raises(dl.InvalidRecordError, match=r"fool=5 shapes a new deal"):
        dl.Game("podkidnoy", deal=deal, fool=5)
    with pytest.raises(dl.InvalidRecordError, match=r"fool=1 shapes a shuffled deal"):
        dl.play("podkidnoy", [GreedyBot(), GreedyBot()], seed=1, deal=deal, fool=1)


def test_play_takes_a_deal_by_the_name_game_takes_it() -> None:
    deal = Deal.from_hands(["6S 7S", "9S 8S"], trump="10H")
    # was: TypeError: play() got an unexpected keyword argument 'deal'
    outcome, record = dl.play("podkidnoy", [GreedyBot(), GreedyBot()], seed=1, deal=deal)
    assert record.deal == deal and outcome == record.outcome
    assert dl.play("podkidnoy", [GreedyBot(), GreedyBot()], seed=1, deal_=deal)[1] == record
    with pytest.raises(dl.InvalidRecordError, match="one argument"):
        dl.play("podkidnoy", [GreedyBot()] * 2, seed=1, deal=deal, deal_=deal)


# ---- a record of moves the rules refuse ------------------------------------------------------


def test_a_record_made_of_an_illegal_action_is_refused_at_once() -> None:
    game = dl.Game("podkidnoy", seed=7)
    # was: accepted; its text (and its repr) then failed to load
    with pytest.raises(dl.InvalidRecordError, match=r"action 2 \(C6S7S\) is illegal: 7♠ is not"):
        Record(game.rules, game.deal, ["LJS", "C6S7S"])
    with pytest.raises(dl.InvalidRecordError, match=r"action 1 \(take\) is illegal"):
        Record("podkidnoy", game.deal, ["take"])
    record = Record(game.rules, game.deal, ["LJS", "take"])
    assert Record.from_text(record.to_text()) == record == eval(repr(record), {"Record": Record})


def test_records_written_by_games_and_bots_still_load() -> None:
    outcome, record = dl.play("perevodnoy", [GreedyBot(), RandomBot()], seed=3)
    assert Record.from_text(record.to_text()) == record and record.outcome == outcome
    game = dl.Game.from_record(record)
    assert game.record() == record


# ---- a view's seat arguments -----------------------------------------------------------------


def test_a_view_refuses_a_seat_the_table_has_not() -> None:
    view = View(dl.Game("podkidnoy", seed=7).state, 0)
    assert view.controller(1) == 1
    with pytest.raises(dl.InvalidSeatError, match="seat 9 does not exist at a table of 2"):
        view.controller(9)  # was: 9


# ---- a documented option that was refused ----------------------------------------------------


def test_the_search_bot_takes_solver_nodes_0_to_go_without_the_solver() -> None:
    # its docstring: "solver_nodes: the solver's node budget per decision (0: never use it)"
    bot = SearchBot(iterations=20, solver_nodes=0)  # was: ValueError ... 1 or more; got 0
    game = endgame()
    assert bot.choose(View(game.state, 0), random.Random(1)) in game.legal_actions()
    with pytest.raises(ValueError, match="solver_nodes: a whole number, 0 or more; got -1"):
        SearchBot(solver_nodes=-1)
