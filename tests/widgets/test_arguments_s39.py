"""The widgets' arguments as a notebook user slips on them (session 39): each slip is refused
at once, saying what was expected, where it had failed inside the widget with a message about
something else ("'int' object is not iterable", a trait error of the seed box, "'<' not
supported", a quiz of the letters 'L', '6', 'S', a bot class failing at its first move) or
was ignored without a word (a bot for a seat the table has not, or for a human's seat)."""

from __future__ import annotations

import pytest
from durak_lessons.widgets import LegalityQuiz, OchkoTable, PlayTable

import durak_lessons as dl
from durak_lessons.ochko import EVBot


def test_one_human_seat_may_be_given_as_a_number() -> None:
    table = PlayTable("podkidnoy", humans=1)  # was: TypeError 'int' object is not iterable
    assert table.humans == (1,) and set(table.bots) == {0}


@pytest.mark.parametrize("humans", [[5], [-1], True, [0.0]])
def test_a_human_seat_the_table_has_not_is_refused(humans: object) -> None:
    with pytest.raises(ValueError, match=r"^humans must be seats in 0\.\.1$"):
        PlayTable("podkidnoy", humans=humans)  # type: ignore[arg-type]


def test_the_number_of_players_is_checked_before_anything_is_counted_from_it() -> None:
    with pytest.raises(dl.InvalidRulesError, match="players: expected a whole number of"
                       " players, not '3'"):  # was: '<' not supported between int and str
        PlayTable("podkidnoy", players="3")  # type: ignore[arg-type]


def test_a_seed_is_a_whole_number_as_the_seed_box_shows() -> None:
    with pytest.raises(TypeError, match=r"^seed: expected a whole number .* not 'x'$"):
        PlayTable("podkidnoy", seed="x")  # type: ignore[arg-type]
    assert PlayTable("podkidnoy", seed=4).seed_box.value == 4


@pytest.mark.parametrize("delay", [-1, float("nan"), "1", True])
def test_a_delay_is_seconds_zero_or_more(delay: object) -> None:
    with pytest.raises(ValueError, match=r"^delay: expected seconds between the bots' moves"):
        PlayTable("podkidnoy", pace="delay", delay=delay)  # type: ignore[arg-type]
    assert PlayTable("podkidnoy", pace="delay", delay=0).delay == 0


def test_a_quiz_refuses_one_text_for_its_list_of_moves() -> None:
    state = dl.Game("podkidnoy", seed=1).state
    with pytest.raises(TypeError, match=r"^candidates: expected a list of moves, such as"
                       r" \['L6S', 'take'\], not the text 'L6S'$"):
        LegalityQuiz(state, "L6S")
    assert len(LegalityQuiz(state, ["L6S", "take"]).candidates) == 2


@pytest.mark.parametrize(
    ("bots", "error", "said"),
    [
        ({1: dl.GreedyBot}, TypeError, r"^bots\[1\]: expected a bot \(an object with"
         r" choose\(view, rng\)\), such as GreedyBot\(\), not <class"),  # was: failed at its move
        ([dl.GreedyBot()], TypeError, r"^bots: expected a dict \{seat: bot\}, such as"
         r" \{1: GreedyBot\(\)\}, not list$"),  # was: "cannot convert dictionary update ..."
        ({5: dl.GreedyBot()}, dl.InvalidSeatError, r"^bots: seat 5 does not exist"),  # ignored
        ({0: dl.GreedyBot()}, ValueError, r"^bots: seat 0 is played by a human"),  # ignored
    ],
)
def test_a_play_table_refuses_bots_it_could_not_seat(
    bots: object, error: type[Exception], said: str
) -> None:
    with pytest.raises(error, match=said):
        PlayTable("podkidnoy", bots=bots)  # type: ignore[arg-type]
    mine = dl.GreedyBot()
    assert PlayTable("podkidnoy", bots={1: mine}).bots == {1: mine}


@pytest.mark.parametrize(
    ("kwargs", "error", "said"),
    [
        ({"seat": "1"}, dl.InvalidSeatError, r"^seat '1' does not exist at a table of 2"),
        ({"bots": {0: EVBot}}, TypeError, r"^bots\[0\]: expected a bot \(an object with"
         r" act\(view, rng\)\), such as ThresholdBot\(17\), not <class"),
        ({"bots": {0: dl.GreedyBot()}}, TypeError, r"^bots\[0\]: .* not GreedyBot\(\)$"),
        ({"bots": [EVBot()]}, TypeError, r"^bots: expected a dict \{seat: bot\}, such as"
         r" \{0: ThresholdBot\(17\)\}, not list$"),
        ({"bots": {1: EVBot()}}, ValueError, r"^bots: seat 1 is played by a human"),
    ],
)
def test_an_ochko_table_refuses_seats_and_bots_it_could_not_use(
    kwargs: dict[str, object], error: type[Exception], said: str
) -> None:
    with pytest.raises(error, match=said):
        OchkoTable(**kwargs)  # type: ignore[arg-type]
    bot = EVBot()
    assert OchkoTable(bots={0: bot}).bots == {0: bot}


def test_a_stepper_and_a_quiz_refuse_one_name_for_a_list_of_names() -> None:
    """A quiz had taken names="Anna" without a word (and called seat 0 'A'); the stepper had
    refused it, but as the letters ['A', 'n', 'n', 'a']."""
    from durak_lessons.widgets import HandStepper

    _, record = dl.play("podkidnoy", [dl.GreedyBot(), dl.GreedyBot()], seed=1)
    state = dl.Game("podkidnoy", seed=1).state
    said = r"^names: one name per seat, 2 in all, not 'Anna'$"
    with pytest.raises(ValueError, match=said):
        HandStepper(record, names="Anna")
    with pytest.raises(ValueError, match=said):
        LegalityQuiz(state, ["L6S"], names="Anna")
    with pytest.raises(TypeError, match=r"^start: expected the number of a step, not '3'$"):
        HandStepper(record, start="3")  # type: ignore[arg-type]
    assert LegalityQuiz(state, ["L6S"], names=["Anna", "Boris"]).names == ["Anna", "Boris"]


def test_a_hint_provider_is_checked_when_it_is_made_not_at_the_first_hint() -> None:
    """search_hints(iterations=0) and a hint_provider or scheduler that is no function had
    been taken, and failed only when the reader clicked Hint or a bot moved at the delay
    pace."""
    from durak_lessons.widgets import search_hints

    with pytest.raises(ValueError, match=r"^iterations: a whole number, 1 or more; got 0$"):
        search_hints(iterations=0)
    with pytest.raises(ValueError, match=r"^shown: the number of moves a hint names"):
        search_hints(shown=0)
    with pytest.raises(TypeError, match=r"^hint_provider: expected a function .* not 'search'"):
        PlayTable("podkidnoy", hint_provider="search")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^scheduler: expected a function \(or None\), not 5$"):
        PlayTable("podkidnoy", scheduler=5)  # type: ignore[arg-type]
    assert "%" in search_hints(iterations=20)(dl.View(*_first_turn()))


def _first_turn() -> tuple[dl.GameState, int]:
    state = dl.Game("podkidnoy", seed=1).state
    assert state.to_move is not None
    return state, state.to_move
