"""The slips a notebook user makes with the engine's public calls (session 39): a state
where a view is asked for, a class where an instance is, text where numbers are, None for
a seed.  Each is refused at once, naming the argument, what was expected and what was
given; before, each was an AttributeError from deep inside, an empty AssertionError, a
wrong error class, or nonsense accepted in silence."""

from __future__ import annotations

import random

import pytest

import durak_lessons as dl
from durak_lessons import Card, Deal, GreedyBot, RandomBot, View
from durak_lessons.analysis import alike, hints, review, verdict
from durak_lessons.ochko import (
    PACK,
    Banker16,
    OchkoGame,
    Phase,
    banker_distribution,
    banker_move,
    banker_odds,
    counts_of,
    hand_odds,
    unseen_counts,
)
from durak_lessons.search import SearchBot, score
from durak_lessons.solver import SearchLimitError
from durak_lessons.tournament import SequentialExecutor, run_tournament, wilson

# Seat 0 holds 6♠ 7♠, seat 1 8♠ 9♠; hearts are trumps (K♥ turned up under 6♣ 7♣).
WITH_STOCK = Deal.from_hands(["6S 7S", "8S 9S"], trump="KH", stock="6C 7C")
# Seat 0 leads 6♠, his only card, at seat 1's 7♠, hearts trumps, no stock: taken, seat 1
# is the fool; covered, both are out at once, a draw.
LAST_CARDS = Deal.from_hands(["6S", "7S"], trump="H")


def _finished() -> dl.Game:
    game = dl.Game("podkidnoy", deal=LAST_CARDS)
    game.push("L6S")
    game.push("take")
    assert game.is_over and game.outcome is not None and game.outcome.fool == 1
    return game


# ---- the legal actions --------------------------------------------------------------------


def test_a_card_asked_for_among_the_legal_actions_is_refused_naming_the_actions() -> None:
    game = dl.Game("podkidnoy", deal=WITH_STOCK)
    legal = game.legal_actions()
    assert "L6S" in legal
    # was: False, read as "6♠ cannot be played", when seat 0 may lead it
    with pytest.raises(dl.InvalidActionError, match=r"is a card, not an action: .*'L6S' to lead"):
        Card.parse("6S") in legal  # noqa: B015  # the test is that it raises
    assert 3 not in legal and None not in legal  # not a card: no action, as before


# ---- the analysis: a state where a view is expected ----------------------------------------


def test_verdict_and_alike_name_the_view_they_expect() -> None:
    game = dl.Game("podkidnoy", deal=LAST_CARDS)
    view = View(game.state, 0)
    for given in (game.state, game, None):
        # was: AttributeError: 'BoutState' object has no attribute 'seat' (and so on)
        with pytest.raises(TypeError, match=r"^view: expected a seat's View \(View\(state, seat\)\)"):
            verdict(given)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match=r"^view: expected a seat's View"):
            alike(given, [])  # type: ignore[arg-type]
    estimates = hints(view, random.Random(0))
    assert [e.action for e, _ in alike(view, estimates)] == [dl.Action.parse("L6S")]
    for bad in (None, "L6S", [dl.Action.parse("L6S")]):
        # was: TypeError: 'NoneType' object is not iterable; AttributeError on 'str'
        with pytest.raises(TypeError, match=r"^estimates: expected a list of Estimate"):
            alike(view, bad)  # type: ignore[arg-type]


def test_a_verdict_s_budget_is_checked_where_nothing_is_to_solve_yet() -> None:
    view = View(dl.initial_state("podkidnoy", WITH_STOCK), 0)  # three cards in the stock
    assert verdict(view) is None
    for bad in (0, -1, "1000", 2.5):
        # was: None, the budget never looked at while the stock held cards
        with pytest.raises(ValueError, match=r"^node_limit: a whole number of positions"):
            verdict(view, node_limit=bad)  # type: ignore[arg-type]
    # a budget below what a position costs on the engine's own states is still one position
    # (was: Solver(0) refused node_limit 0 the caller never gave)
    solvable = View(dl.initial_state("s-par", Deal.from_hands(["6S 7S", "8S AH"], trump="H")), 0)
    with pytest.raises(SearchLimitError):
        verdict(solvable, node_limit=1)


def test_review_refuses_no_seed_as_the_game_does() -> None:
    record = _finished().record()
    assert review(record, 0, seed=3) == review(record, 0, seed=3)
    # was: random.Random(None), a different review each time, whatever the docstring said
    with pytest.raises(dl.MissingSeedError, match=r"pass a seed or a random\.Random"):
        review(record, 0, seed=None)  # type: ignore[arg-type]


def test_a_score_is_asked_of_a_finished_deal_and_a_seat_at_the_table() -> None:
    assert [score(_finished().state, seat) for seat in (0, 1)] == [1.0, 0.0]
    with pytest.raises(ValueError, match=r"^score: the deal is not over yet"):
        score(dl.initial_state("podkidnoy", LAST_CARDS), 0)  # was: a bare AssertionError
    with pytest.raises(dl.InvalidSeatError, match="seat 2 does not exist at a table of 2"):
        score(_finished().state, 2)  # was: 1.0, as if seat 2 had played and not lost
    with pytest.raises(TypeError, match=r"not Game: pass game.state"):
        score(_finished(), 0)  # type: ignore[arg-type]  # was: AttributeError


def test_search_bot_refuses_a_tree_and_a_name_of_the_wrong_kind() -> None:
    with pytest.raises(ValueError, match=r"^tree: True or False; got 'no'"):
        SearchBot(tree="no")  # type: ignore[arg-type]  # was: accepted, and truthy: a tree
    with pytest.raises(ValueError, match=r"^name: a string"):
        SearchBot(name=5)  # type: ignore[arg-type]  # was: accepted, shown as 5 in tables
    assert SearchBot(tree=False, name="mine").name == "mine"


# ---- play(): a bot that is no bot ---------------------------------------------------------


@pytest.mark.parametrize(
    ("bots", "message"),
    [
        ([GreedyBot, RandomBot()], r"^bots\[0\] is <class .*GreedyBot'>, a class \(make one"),
        ([GreedyBot(), None], r"^bots\[1\] is None: expected one bot"),
        (GreedyBot(), r"^bots: expected a list of one bot .* per seat, got GreedyBot\(\)"),
    ],
)
def test_play_refuses_what_is_no_bot_with_a_bot_error_naming_the_seat(
    bots: object, message: str
) -> None:
    # was: InvalidActionError, an action error, naming the whole list
    with pytest.raises(dl.errors.InvalidBotError, match=message) as info:
        dl.play("podkidnoy", bots, seed=1)  # type: ignore[arg-type]
    assert isinstance(info.value, TypeError) and isinstance(info.value, dl.InvalidActionError)


# ---- the tournament -----------------------------------------------------------------------


def test_wilson_refuses_counts_that_are_no_counts() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError, match=r"successes 5 outside 0\.\.0"):
        wilson(5, 0)  # was: (0.0, 1.0)
    with pytest.raises(ValueError, match=r"^n: a whole number of games, 0 or more; got -2"):
        wilson(1, -2)  # was: (0.0, 1.0)
    with pytest.raises(ValueError, match=r"^successes: a number of games won"):
        wilson("1", 3)  # type: ignore[arg-type]  # was: TypeError: '<=' not supported
    with pytest.raises(ValueError, match=r"^z: a number above 0"):
        wilson(1, 2, z=-1)  # was: (0.5, 0.5), an interval of no width


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"deals": "5"}, ValueError, r"^deals must be a whole number, at least 1, not '5'"),
        ({"chunk": 1.5}, ValueError, r"^chunk must be a whole number, at least 1, not 1\.5"),
        ({"seed": None}, TypeError, r"^seed: expected a whole number .*, not None"),
        ({"seed": "7"}, TypeError, r"^seed: expected a whole number .*, not '7'"),
        ({"executor": SequentialExecutor}, TypeError, r"^executor: .*\(an instance, not the"),
        ({"executor": 2}, TypeError, r"^executor: expected an executor with submit\(\)"),
        ({"progress": "yes"}, TypeError, r"^progress: expected True, False or a callable"),
    ],
)
def test_run_tournament_refuses_a_bad_argument_before_any_game(
    options: dict[str, object], error: type[Exception], message: str
) -> None:
    # was: TypeError: '<' not supported between 'str' and 'int'; seed None and '7' played
    # (deals drawn from 'None:deal:0'); 'list' object is not callable; 'int' object has no
    # attribute 'submit'; progress 'yes' taken as True
    kwargs: dict[str, object] = {"deals": 1, "executor": SequentialExecutor(), **options}
    with pytest.raises(error, match=message):
        run_tournament(["random", "greedy"], **kwargs)  # type: ignore[arg-type]


def test_a_tournament_plot_refuses_a_path_that_is_no_file_name() -> None:
    t = run_tournament(["random", "greedy"], deals=1, executor=SequentialExecutor())
    with pytest.raises(TypeError, match=r"^path: expected a file name"):
        t.plot(5)  # type: ignore[arg-type]  # was: AttributeError from inside the PNG writer


def test_a_rules_citation_names_the_option_it_does_not_know() -> None:
    rules = dl.find_preset("prostoy")
    assert rules.cite("beating", "Rozaliev 2") == "Rozaliev 1.а"
    with pytest.raises(dl.InvalidRulesError, match=r"^no rules option 'beats' to cite"):
        rules.cite("beats", "R2")  # was: AttributeError: 'Rules' object has no attribute


# ---- Очко --------------------------------------------------------------------------------


def _stake_phase() -> OchkoGame:
    game = OchkoGame([100, 100, 100], seed=1)  # seat 0 banks
    game.deal("6S 10H 9C")  # the pack's first cards: seat 1, seat 2, the banker
    assert game.state.phase is Phase.STAKE and game.state.to_move == 1
    return game


def test_the_banker_s_calls_name_the_view_they_expect() -> None:
    game = _stake_phase()
    for call in (banker_move, banker_odds, unseen_counts):
        for given in (game.state, None):
            # was: AttributeError: 'OchkoState' object has no attribute 'legal' / 'seat' /
            # 'visible_cards'
            with pytest.raises(TypeError, match=r"^view: expected a seat's OchkoView"):
                call(given)  # type: ignore[arg-type]
    # was: "banker_odds() is for the banker", a call the user had not made
    with pytest.raises(ValueError, match=r"^banker_move\(\) is for the banker \(seat 0\).*seat 1"):
        banker_move(game.view(1))


def test_the_odds_refuse_a_banker_rule_given_as_text_and_counts_that_are_none() -> None:
    counts = counts_of(PACK)
    assert banker_distribution(counts, Banker16.DRAW) != banker_distribution(counts)
    with pytest.raises(TypeError, match=r"^banker_16: expected Banker16.STAND or Banker16.DRAW"):
        banker_distribution(counts, "draw")  # type: ignore[arg-type]  # was: read as STAND
    unseen = counts_of(c for c in PACK if str(c) not in ("10♠", "8♣"))
    with pytest.raises(TypeError, match=r"^banker_16: expected"):
        hand_odds(unseen, "10S 8C", banker_16="draw")  # type: ignore[arg-type]  # was: STAND
    for call in (lambda: hand_odds(None, "10S 8C"), lambda: banker_distribution(None)):  # type: ignore[arg-type]
        # was: TypeError: object of type 'NoneType' has no len() / is not iterable
        with pytest.raises(ValueError, match=r"^counts are nine non-negative ints .*not None"):
            call()


def test_counts_of_reads_cards_written_out_as_the_other_odds_calls_do() -> None:
    # was: InvalidCardError: '1' is not a card (the text read letter by letter)
    assert counts_of("10S 8C") == counts_of([Card.parse("10S"), Card.parse("8C")])
    assert counts_of("10S 8C") == (0, 0, 1, 0, 1, 0, 0, 0, 0)
    with pytest.raises(dl.InvalidCardError, match=r"expected cards .*not None"):
        counts_of(None)  # type: ignore[arg-type]  # was: 'NoneType' object is not iterable


def test_a_deal_refused_in_mid_round_leaves_the_next_pack_as_it_was() -> None:
    game = _stake_phase()
    twin = _stake_phase()
    with pytest.raises(dl.IllegalActionError, match="a round is in play"):
        game.deal()  # seat 1 is to stake: no new deal yet
    assert game.history == twin.history and game.state == twin.state
    # was: the refused deal had shuffled a pack with the game's rng, so the next round's
    # pack was another than the one the same seed deals
    assert game.rng.getstate() == twin.rng.getstate()


def test_can_repeat_refuses_a_limit_that_explores_nothing() -> None:
    from durak_lessons.solver import can_repeat

    # seat 0 leads 6♠ or 7♠ at 8♠ A♥, hearts trumps, no stock: no position comes back
    state = dl.initial_state("podkidnoy", Deal.from_hands(["6S 7S", "8S AH"], trump="H"))
    assert can_repeat(state) is False
    with pytest.raises(ValueError, match=r"^limit: a whole number of positions, 1 or more"):
        can_repeat(state, -1)  # was: True, "it can repeat" after exploring nothing
    with pytest.raises(ValueError, match=r"^limit: .*got '5'"):
        can_repeat(state, "5")  # type: ignore[arg-type]  # was: TypeError from -= inside


@pytest.mark.parametrize("argv", [["--players", "3"], ["podkidnoy"], ["переводной", "--seed", "4"]])
def test_the_terminal_game_says_the_command_comes_first(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    from durak_lessons.cli import main

    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    # was: "argument command: invalid choice: '3' (choose from 'play', 'presets')"
    err = capsys.readouterr().err
    assert "the command comes first (play or presets)" in err
    assert f"python -m durak_lessons play {' '.join(argv)}" in err


def test_is_solvable_refuses_what_is_no_game_state() -> None:
    """is_solvable(None), or of a View or a Game, answered False, as if it were a position
    the solver cannot take; it is a TypeError now, naming what was given."""
    from durak_lessons.solver import is_solvable

    game = dl.Game("podkidnoy", deal=LAST_CARDS)
    assert is_solvable(game.state)  # two players, the stock empty
    with pytest.raises(TypeError, match=r"^state: expected a game state .* not NoneType$"):
        is_solvable(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"not Game: pass game.state"):
        is_solvable(game)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"not View$"):
        is_solvable(View(game.state, 0))  # type: ignore[arg-type]
    assert not is_solvable(dl.Game("podkidnoy", deal=WITH_STOCK).state)  # cards in the stock
