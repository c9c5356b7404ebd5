"""The widgets' arguments as a notebook user slips on them (session 39): each slip is refused
at once, saying what was expected, where it had failed inside the widget with a message about
something else ("'int' object is not iterable", a trait error of the seed box, "'<' not
supported", a quiz of the letters 'L', '6', 'S')."""

from __future__ import annotations

import pytest
from durak_lessons.widgets import LegalityQuiz, PlayTable

import durak_lessons as dl


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
