"""What the monkey (test_monkey.py) found in the widgets, each pinned by a focused test.

* A disabled control of PlayTable was not inert: ``button.click()`` runs the callbacks
  whatever ``disabled`` says, and the table's handlers did not look.  A disabled Step at the
  delay pace played a bot's move, a disabled Transfer… (a game without transfers) entered
  the transfer mode, a disabled table card became the card to cover.
* A click that reached the disabled Hint while a bot was to move wrote "wait for your turn"
  (as designed: it says why), which stayed on after the bot had moved, when it was the
  reader's turn: a bot's move did not clear the hint line.
* OchkoTable did not log the result of the last round of a session (when nobody can hold a
  bank afterwards): the log ended with the bots' moves, and the reader was not told what he
  won or lost.
"""

from __future__ import annotations

from collections.abc import Callable

from durak_lessons.widgets import OchkoTable, PlayTable
from helpers import click_action

from durak_lessons import Action, Deal, GreedyBot
from durak_lessons.ochko import Phase


def _after_the_readers_lead(pace: str) -> tuple[PlayTable, list[Callable[[], None]]]:
    pending: list[Callable[[], None]] = []
    table = PlayTable("podkidnoy", 2, seed=1, pace=pace,
                      scheduler=lambda _s, callback: pending.append(callback))
    click_action(table, table.game.legal_actions()[0])
    assert table.game.state.to_move == 1  # the bot's turn
    return table, pending


def test_a_disabled_step_at_the_delay_pace_plays_no_bots_move() -> None:
    table, pending = _after_the_readers_lead("delay")
    step = table.action_buttons["step"]
    assert step.disabled  # the bots move by their timer at this pace
    state = table.game.state
    step.click()
    assert table.game.state is state and len(table.game.history) == 1
    pending.pop(0)()  # the timer plays the bot's move
    assert len(table.game.history) == 2


def test_a_disabled_transfer_button_does_not_enter_the_transfer_mode() -> None:
    table = PlayTable("podkidnoy", 2, seed=2)  # seed 2: the reader leads; no transfers here
    transfer = table.action_buttons["transfer"]
    assert transfer.disabled and table.game.state.phase == "lead"
    transfer.click()
    assert table.message == "" and "dl-selected" not in table.action_buttons["transfer"]._dom_classes
    card = table.game.state.hand(0)[0]
    table.card_button(card).click()  # selects the card for a lead, as without the click
    assert table.refusal is None and "dl-selected" in table.card_button(card)._dom_classes


def test_a_disabled_table_card_is_not_taken_as_the_card_to_cover() -> None:
    # seat 0 leads 8♣ at the greedy bot, which covers: the reader may throw in, not cover
    deal = Deal.from_hands(["8♣ 7♠ J♠ 6♣ 10♣ 9♦", "J♣ K♣ 10♦ Q♦ A♦ 8♥"], trump="7♥",
                           stock="6♠ 8♠ 9♠ 10♠ Q♠ K♠", leader=0)
    table = PlayTable("podkidnoy", deal=deal, bots={1: GreedyBot()})
    click_action(table, Action.parse("L8C"))
    assert table.game.state.phase == "throw-in" and table.human_to_move
    attack = table.attack_buttons[Action.parse("L8C").card]
    assert attack.disabled
    attack.click()
    assert "dl-selected" not in table.attack_buttons[Action.parse("L8C").card]._dom_classes


def test_a_wait_for_your_turn_hint_goes_when_the_bot_has_moved() -> None:
    table, _pending = _after_the_readers_lead("step")
    table.hint_provider = lambda _view: "a hint"
    table.redraw()
    assert table.hint_button.disabled  # a bot is to move
    table.hint_button.click()  # a click that reaches it anyway says why (test_table)
    assert table.hint_text.startswith("Wait for your turn")
    while not table.human_to_move:
        table.action_buttons["step"].click()
    assert table.hint_text == "" and table.hint_html.value == ""  # it is his turn now


def test_the_last_round_of_a_session_is_logged_with_the_readers_result() -> None:
    # seed 0: the reader stakes the whole bank and loses it; nobody can hold a bank then
    table = OchkoTable([10, 10], seat=1, seed=0)
    table.buttons["deal"].click()
    table.buttons["bank"].click()
    table.buttons["stand"].click()
    state = table.game.state
    assert state.phase is Phase.OVER and state.results[1] == -10
    assert table.lines[-1] == "Round over: you lost 10; your money 0."
    assert "Round over: you lost 10; your money 0." in table.log_html.value


def test_a_banker_bot_on_16_against_seven_dark_cards_answers_the_readers_stand() -> None:
    # seed 1: the reader buys seven cards in the dark and stands; the banker bot, on 16,
    # weighs drawing against every hand those cards could make (banker_odds).  It enumerated
    # the 9^8 orders of ranks: some 440 s of CPU, the kernel frozen, for this one click
    table = OchkoTable([100, 100], seat=1, seed=1)
    table.buttons["deal"].click()
    table.buttons["stake"].click()
    for _ in range(7):
        table.buttons["dark"].click()
    assert bin(table.game.state.dark[1]).count("1") == 7
    table.buttons["stand"].click()
    state = table.game.state
    assert state.phase in (Phase.DEAL, Phase.OVER)  # the banker has played: the round is over
    assert table.lines[-1].startswith("Round over: you ")
