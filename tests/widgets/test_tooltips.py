"""Every labelled control explains itself on hover: a control with a description and no
tooltip showed the reader a tooltip reading "null" in the built book."""

from __future__ import annotations

import ipywidgets as widgets
import pytest
from durak_lessons.widgets import HandStepper, LegalityQuiz, OchkoTable, PlayTable
from ipywidgets.widgets.widget_description import DescriptionWidget

from durak_lessons import GreedyBot, new_game, play


def _walk(w: widgets.Widget) -> list[widgets.Widget]:
    out = [w]
    for child in getattr(w, "children", ()):
        out += _walk(child)
    return out


def _tables() -> list[widgets.Widget]:
    _, record = play("podkidnoy", [GreedyBot(), GreedyBot()], seed=1)
    state = new_game("podkidnoy", 2, seed=1)
    return [
        PlayTable("podkidnoy", 2, seed=11, bots={1: GreedyBot()}),
        HandStepper(record),
        LegalityQuiz(state, [str(a) for a in state.legal_actions()[:2]]),
        OchkoTable([100, 100], seat=1, seed=3),
    ]


@pytest.mark.parametrize("index", range(4))
def test_every_labelled_control_has_a_tooltip(index: int) -> None:
    root = _tables()[index]
    labelled = [
        w
        for w in _walk(root)
        if isinstance(w, DescriptionWidget)
        and not isinstance(w, widgets.Button | widgets.ToggleButton)
        and w.description
    ]
    assert labelled, type(root).__name__  # the table has labelled controls to check
    assert [w.description for w in labelled if not w.tooltip] == []
