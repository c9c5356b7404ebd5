"""Keyboard play, headless: the table keeps its buttons from drawing to drawing (the browser's
focus stays on the element it is on), and after a move that takes away or turns off the
button clicked, the widget asks the browser to focus one the reader can use next."""

from __future__ import annotations

import random
from typing import Any

import ipywidgets as widgets
import pytest
from durak_lessons.widgets import OchkoTable, PlayTable
from helpers import click_action

from durak_lessons import GreedyBot, View


@pytest.fixture
def focused(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every widget the code asks the browser to focus (``DOMWidget.focus``), in order."""
    asked: list[Any] = []
    monkeypatch.setattr(widgets.Button, "focus", lambda self: asked.append(self))
    return asked


def test_the_table_keeps_its_buttons_from_move_to_move() -> None:
    table = PlayTable("podkidnoy", 2, seed=1)  # the reader leads
    assert table.game.state.phase == "lead"
    hand, actions = dict(table.hand_buttons), dict(table.action_buttons)
    card = next(iter(hand))
    hand[card].click()  # selected: the same buttons, the card marked
    assert table.hand_buttons == hand and all(table.hand_buttons[c] is b for c, b in hand.items())
    assert all(table.action_buttons[n] is b for n, b in actions.items())
    assert "dl-selected" in hand[card]._dom_classes
    # its state in words too (the title, read after the name), not by its colour alone
    assert hand[card].tooltip.endswith("; selected; you may play it")
    assert all(hand[c].tooltip.endswith("; you may play it") for c in hand if c != card)
    table.action_buttons["lead"].click()  # led: the bot answers
    assert len(table.game.history) >= 2
    assert card not in table.hand_buttons
    kept = [c for c in hand if c in table.hand_buttons]
    assert kept and all(table.hand_buttons[c] is hand[c] for c in kept)
    # Lead played a move: a fresh button in its place (a double click's second click reaches
    # the old one); the others are the same widgets
    assert table.action_buttons["lead"] is not actions["lead"]
    assert all(table.action_buttons[n] is actions[n] for n in actions if n != "lead")
    row = list(table.actions_box.children)
    assert [w for w in row if w in table.action_buttons.values()] == list(
        table.action_buttons.values())


def test_the_other_move_list_comes_before_its_button() -> None:
    """Tab meets the list of other moves, then the button that plays the one chosen."""
    table = PlayTable("svoi-kozyri", 2, seed=3)  # each seat names its trump: "Other move"
    row = list(table.actions_box.children)
    assert table.special_moves.options and table.special_moves.layout.display != "none"
    assert row.index(table.special_moves) + 1 == row.index(table.action_buttons["special"])


def test_after_each_move_the_focus_goes_to_a_button_the_reader_can_use(
        focused: list[Any]) -> None:
    table = PlayTable("podkidnoy", 2, seed=11)
    bot = GreedyBot()
    rng = random.Random(11)
    moves = 0
    while not table.game.is_over and moves < 200:
        assert table.human_to_move
        focused.clear()
        before = len(table.game.history)
        click_action(table, bot.choose(View(table.game.state, table.viewer), rng))
        assert len(table.game.history) > before
        moves += 1
        assert focused, "no focus asked for after a move"
        target = focused[-1]
        if table.game.is_over:
            assert target is table.new_button and table.controls_shown
            break
        drawn = [*table.hand_buttons.values(), *table.action_buttons.values(),
                 *table.attack_buttons.values()]
        assert any(target is b for b in drawn), target.description
        assert not target.disabled and target.layout.display != "none", target.description
        playable = [b for b in table.hand_buttons.values() if "dl-playable" in b._dom_classes]
        if playable and target in table.hand_buttons.values():
            assert target in playable, target.description
    assert table.game.is_over and moves > 5


def test_selecting_cards_keeps_the_focus_on_the_card(focused: list[Any]) -> None:
    table = PlayTable("podkidnoy", 2, seed=1)  # the reader leads
    first, second = list(table.hand_buttons)[:2]
    for card in (first, second, first):  # select, select, unselect: the focus stays put
        button = table.card_button(card)
        button.click()
        assert focused[-1] is button and table.card_button(card) is button
    assert table._selected == [second]


def test_ochko_sends_the_focus_on_when_the_button_pressed_goes_off(focused: list[Any]) -> None:
    table = OchkoTable([100, 100], seat=1, seed=3)
    deal = table.buttons["deal"]
    deal.click()
    assert deal.disabled  # a round is in play
    assert focused and focused[-1] is table.buttons["stake"] and not focused[-1].disabled
    focused.clear()
    table.buttons["stake"].click()
    assert focused and not focused[-1].disabled
    assert focused[-1] in (table.buttons["buy"], table.buttons["stand"], table.buttons["dark"])
