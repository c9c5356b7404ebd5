"""PlayTable does not hang when the bots left at the table go round for ever: it stops them
after :data:`~durak_lessons.widgets.table.BOT_RUN` moves in a row and says so."""

from __future__ import annotations

from durak_lessons.widgets import PlayTable
from durak_lessons.widgets.table import BOT_RUN
from engine_helpers import Circler
from helpers import click_action

from durak_lessons import Action, Deal


def test_bots_going_round_are_stopped_with_a_notice_and_can_go_on_step_by_step() -> None:
    d = Deal.from_hands(["6S", "7S 8S", "7C 8C", "7D 8D"], trump="H", leader=0)
    bots = {seat: Circler() for seat in (1, 2, 3)}
    table = PlayTable("podkidnoy", deal=d, bots=bots)
    click_action(table, Action.parse("L6S"))  # the reader goes out; the bots play on
    game = table.game
    assert 0 in game.state.out and not game.is_over
    assert len(game.history) == 1 + BOT_RUN  # stopped, not hung
    assert "going round in circles" in table.message_html.value
    # at the step pace they go on one move a press
    table.pace_buttons.value = "step"
    assert len(game.history) == 1 + BOT_RUN
    assert table.step() and len(game.history) == 2 + BOT_RUN
    # back at the instant pace they get another run
    table.pace_buttons.value = "instant"
    assert len(game.history) == 2 + 2 * BOT_RUN and not game.is_over
