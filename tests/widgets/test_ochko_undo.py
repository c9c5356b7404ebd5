"""OchkoTable's Undo and New session: a teacher can take a move back or start again without
re-running the cell, and the same move after Undo meets the same pack and the same replies."""

from __future__ import annotations

from durak_lessons.widgets import OchkoTable

from durak_lessons.ochko import Phase


def _stake_and_buy(table: OchkoTable) -> None:
    table.buttons["deal"].click()
    table.buttons["stake"].click()
    assert table.game.state.phase is Phase.BUY and table.my_turn


def test_undo_takes_back_the_last_action_and_the_same_action_gets_the_same_replies() -> None:
    table = OchkoTable([100, 100, 100], seat=1, seed=7)
    assert table.buttons["undo"].disabled  # nothing to take back yet
    _stake_and_buy(table)
    before = table.game.state
    table.buttons["stand"].click()  # the other punter and the banker bot play the round out
    after = table.game.state
    lines = list(table.lines)
    assert after.phase is Phase.DEAL and len(table.game.history) > 4
    table.buttons["undo"].click()
    assert table.game.state == before and table.my_turn
    assert "Took back" in table.message_html.value
    table.buttons["stand"].click()
    assert table.game.state == after and table.lines == lines


def test_undoing_a_deal_deals_the_same_pack_again() -> None:
    table = OchkoTable([100, 100], seat=1, seed=2)
    table.buttons["deal"].click()
    dealt = table.game.state
    table.buttons["undo"].click()
    assert table.game.state.phase is Phase.DEAL and not table.game.history
    assert table.buttons["undo"].disabled
    table.buttons["deal"].click()
    assert table.game.state == dealt  # no fishing for a better first card


def test_nothing_to_undo_is_said_and_changes_nothing() -> None:
    table = OchkoTable([100, 100], seat=1, seed=2)
    state = table.game.state
    table.undo()
    assert table.game.state is state and table.message == "Nothing to undo."


def test_new_session_starts_again_with_the_starting_money_and_the_same_packs() -> None:
    table = OchkoTable([60, 40], seat=1, seed=4)
    _stake_and_buy(table)
    first_pack = table.game.history[0]
    table.buttons["stand"].click()
    assert table.game.state.balances != (60, 40) or table.game.state.bank
    table.buttons["new"].click()
    state = table.game.state
    assert not table.game.history and state.phase is Phase.DEAL
    assert state.balances[1] == 40 and state.total_money == 100
    assert table.lines == [] and "new session" in table.message.lower()
    assert table.buttons["new"].disabled and table.buttons["undo"].disabled
    table.buttons["deal"].click()
    assert table.game.history[0] == first_pack


def test_the_log_names_the_seat_of_every_bot_move() -> None:
    table = OchkoTable([100, 100, 100], seat=1, seed=7)
    _stake_and_buy(table)
    table.buttons["stand"].click()
    bots = next(line for line in table.lines if line.startswith("Bots: "))
    game = table.game
    said = bots.removeprefix("Bots: ").removesuffix(".").split("; ")
    played = [(i, a) for i, a in enumerate(game.history) if game.states[i].to_move != 1]
    assert len(said) == len(played) - 1  # less the deal, which the reader made
    for text, (i, action) in zip(said, played[1:], strict=True):
        state = game.states[i]
        role = "banker" if state.to_move == state.banker else "punter"
        assert text == f"seat {state.to_move} ({role}) {action}"
    assert "seat 0 (banker)" in bots and "seat 2 (punter)" in bots
