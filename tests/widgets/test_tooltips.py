"""Every labelled control explains itself on hover: a control with a description and no
tooltip showed the reader a tooltip reading "null" in the built book.  And every button of
every widget, in every state the reader's clicks lead to, has a name a screen reader can say
(the built book's buttons, as Chromium names them: tests/browser/test_book_pages.py)."""

from __future__ import annotations

import ipywidgets as widgets
import pytest
from durak_lessons.widgets import HandStepper, LegalityQuiz, OchkoTable, PlayTable
from helpers import play_to_end
from ipywidgets.widgets.widget_description import DescriptionWidget

from durak_lessons import GreedyBot, new_game, play
from durak_lessons.ochko import Phase


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


# --- every button has a name -------------------------------------------------------------
# A screen reader announces a button by its text (``description``) or, failing that, its
# ``title`` (``tooltip``); one with neither is only "button".  The reader's clicks walk each
# widget through its states (every redraw makes fresh buttons), and after every click every
# button on screen must have a name.


def _shown(w: widgets.Widget) -> list[widgets.Widget]:
    """``w`` and everything in it that is on screen (``display: none`` hides a whole box)."""
    if getattr(getattr(w, "layout", None), "display", None) == "none":
        return []
    out = [w]
    for child in getattr(w, "children", ()):
        out += _shown(child)
    return out


def _buttons(root: widgets.Widget) -> list[tuple[str, str]]:
    """(CSS classes, name) of every button on screen in ``root``: its words, else its
    tooltip ("" for neither); a ToggleButtons' options are buttons too."""
    out = []
    for w in _shown(root):
        classes = " ".join(w._dom_classes)
        if isinstance(w, widgets.Button | widgets.ToggleButton):
            out.append((classes, w.description.strip() or (w.tooltip or "").strip()))
        elif isinstance(w, widgets.ToggleButtons):
            out += [(f"{classes} option {i}", label.strip())
                    for i, label in enumerate(w._options_labels)]
    return out


def _after_every_click(root: widgets.Widget, monkeypatch: pytest.MonkeyPatch
                       ) -> list[tuple[str, str]]:
    """The buttons of ``root`` now and after every ``Button.click`` from here on (the list
    grows as the test clicks)."""
    seen = _buttons(root)
    click = widgets.Button.click

    def click_and_look(self: widgets.Button) -> None:
        click(self)
        seen.extend(_buttons(root))

    monkeypatch.setattr(widgets.Button, "click", click_and_look)
    return seen


def _nameless(seen: list[tuple[str, str]]) -> list[str]:
    return sorted({classes for classes, name in seen if not name})


@pytest.mark.parametrize(("preset", "players", "drawn"), [
    # a bout game: lead (cards selected first), cover, transfer, throw in, take, бито
    ("perevodnoy", 3, {"dl-selected"}),
    # a bout game with moves in the "Other move" list (naming one's trump)
    ("svoi-kozyri-8a", 2, {"dl-btn-special"}),
    # a chain game: beating the centre, flipping one's pile (an "Other move")
    ("dorozhny", 2, {"dl-btn-special"}),
    # the blind game: one's own cards face down by position, and cards seen going in
    ("blind-perevodnoy", 2, {"dl-back", "dl-remembered"}),
])
def test_every_play_table_button_has_a_name(preset: str, players: int, drawn: set[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    table = PlayTable(preset, players, seed=4, hint_provider=lambda _view: "a hint")
    seen = _after_every_click(table, monkeypatch)
    table.record_button.click()
    play_to_end(table, seed=4)  # every move by clicks
    table.hint_button.click()
    table.open_box.value = True
    table.action_buttons["undo"].click()  # back into the deal, with open cards
    table.new_button.click()
    classes = {c for shown, _ in seen for c in shown.split()}
    assert classes >= {"dl-card", "dl-attack", "dl-btn-lead", *drawn}  # the walk saw them
    assert _nameless(seen) == []


@pytest.mark.parametrize(("money", "seat", "seed", "reached"), [
    ([100, 100, 100], 1, 3, Phase.BUY),  # the reader a punter
    ([50, 100, 100, 100], 0, 1, Phase.BANKER),  # the reader the banker
    ([10, 10], 1, 0, Phase.OVER),  # short of money: to the end of the session
])
def test_every_ochko_button_has_a_name(money: list[int], seat: int, seed: int, reached: Phase,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    table = OchkoTable(money, seat=seat, seed=seed)
    seen = _after_every_click(table, monkeypatch)
    phases = set()
    for _ in range(30):
        phases.add(table.game.state.phase)
        on = [name for name in ("deal", "bank", "stake", "buy", "dark", "stand", "draw")
              if not table.buttons[name].disabled]
        if not on:
            break
        if not table.buttons["odds"].disabled:
            table.buttons["odds"].click()
        table.buttons[on[0]].click()
    table.buttons["undo"].click()
    table.buttons["new"].click()
    assert reached in phases
    assert _nameless(seen) == []


def test_every_stepper_and_quiz_button_has_a_name(monkeypatch: pytest.MonkeyPatch) -> None:
    _, record = play("blind", [GreedyBot(), GreedyBot()], seed=2)
    stepper = HandStepper(record)
    assert all(title.strip() for title in stepper.nav.titles)  # the navigation's tabs
    assert _nameless(_buttons(stepper)) == []
    state = new_game("podkidnoy", 2, seed=1)
    quiz = LegalityQuiz(state, [str(a) for a in state.legal_actions()[:2]] + ["T6S"])
    seen = _after_every_click(quiz, monkeypatch)
    quiz.options[0].value = True
    quiz.check_button.click()
    assert quiz.score is not None and len(seen) == 2
    assert _nameless(seen) == []
