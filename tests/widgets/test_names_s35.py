"""Names given to a table or a stepper, one per seat (session 35): a list too short is refused
when the widget is made, not when the deal ends and the result is written."""

from __future__ import annotations

import pytest
from durak_lessons.widgets import HandStepper, PlayTable

import durak_lessons as dl


def test_a_table_refuses_names_that_are_not_one_per_seat() -> None:
    # was: accepted; the result line raised IndexError at the deal's end
    with pytest.raises(ValueError, match=r"names: one name per seat, 2 in all, not \['Anna'\]"):
        PlayTable("podkidnoy", 2, names=["Anna"])
    with pytest.raises(ValueError, match="one name per seat"):
        PlayTable("podkidnoy", 2, names="AB")
    assert PlayTable("podkidnoy", 2, names=["Anna", "Boris"]).names == ["Anna", "Boris"]


def test_a_stepper_with_too_few_names_says_so() -> None:
    _, record = dl.play("podkidnoy", [dl.GreedyBot(), dl.RandomBot()], seed=1)  # seat 1 loses
    # was: IndexError: list index out of range, from Outcome.describe
    with pytest.raises(ValueError, match=r"names: one name per seat, 2 in all, not \['Anna'\]"):
        HandStepper(record, names=["Anna"])
