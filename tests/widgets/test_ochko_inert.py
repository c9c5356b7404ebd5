"""OchkoTable's disabled buttons are inert, as the play table's are (test_monkey_findings):
``button.click()`` from Python runs the callbacks whatever ``disabled`` says, and a disabled
Очко button answered with a refusal, the odds line, "Nothing to undo." or a new session.  A
click on a disabled button now changes nothing at all: not the game, not what Undo would take
back, not a word or a value shown (``ochko_snapshot``).  What the engine refuses is still said
when asked through the Python API (``act``, ``deal``, ...) or through an enabled button."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from durak_lessons.widgets import OchkoTable
from helpers import ochko_snapshot

from durak_lessons.ochko import BUY, Phase


def _before_the_first_deal() -> OchkoTable:
    return OchkoTable([100, 100], seat=1, seed=11)


def _staking() -> OchkoTable:
    table = _before_the_first_deal()
    table.buttons["deal"].click()
    assert table.game.state.phase is Phase.STAKE and table.my_turn
    return table


def _buying() -> OchkoTable:
    table = _staking()
    table.buttons["stake"].click()
    assert table.game.state.phase is Phase.BUY and table.my_turn
    return table


def _between_rounds() -> OchkoTable:
    table = _buying()
    table.buttons["stand"].click()
    assert table.game.state.phase is Phase.DEAL and table.game.history
    return table


def _banking_with_a_forced_draw() -> OchkoTable:
    table = OchkoTable([50, 100, 100, 100], seat=0, seed=1)
    table.buttons["deal"].click()
    assert table.game.state.phase is Phase.BANKER and table.my_turn
    assert table.game.explain("stand") is not None  # 15 or less: the banker must draw
    return table


def _session_over() -> OchkoTable:
    table = OchkoTable([10, 10], seat=1, seed=0)  # the reader stakes the bank and loses it
    table.buttons["deal"].click()
    table.buttons["bank"].click()
    table.buttons["stand"].click()
    assert table.game.state.phase is Phase.OVER
    return table


POSITIONS: dict[str, Callable[[], OchkoTable]] = {
    "before the first deal": _before_the_first_deal,
    "staking": _staking,
    "buying": _buying,
    "between rounds": _between_rounds,
    "banking with a forced draw": _banking_with_a_forced_draw,
    "session over": _session_over,
}

# every button, disabled in a position where the old handler said or did something
CASES = [
    ("deal", "staking"),  # was: refused, a round is in play [R20]
    ("deal", "session over"),  # was: refused, the session is over [O7]
    ("stake", "before the first deal"),
    ("stake", "buying"),
    ("bank", "before the first deal"),
    ("bank", "buying"),
    ("buy", "before the first deal"),
    ("buy", "staking"),
    ("dark", "staking"),
    ("stand", "staking"),
    ("stand", "banking with a forced draw"),  # was: refused, the banker must draw
    ("draw", "buying"),
    ("odds", "before the first deal"),  # was: "the odds are shown once your card is dealt"
    ("odds", "between rounds"),
    ("odds", "banking with a forced draw"),  # was: "the odds are shown to punters"
    ("undo", "before the first deal"),  # was: "Nothing to undo."
    ("new", "before the first deal"),  # was: another game, "A new session: ..."
]


@pytest.mark.parametrize(("button", "position"), CASES)
def test_a_disabled_ochko_button_changes_nothing(button: str, position: str) -> None:
    table = POSITIONS[position]()
    assert table.buttons[button].disabled
    before = ochko_snapshot(table)
    table.buttons[button].click()
    assert ochko_snapshot(table) == before
    assert table.message_html.value == "" and table.refusal is None


def test_a_disabled_stake_ignores_the_amount_typed_in_its_box() -> None:
    # the box is off with the button; an amount put there from Python is not staked by a
    # click on the disabled Stake, and is no reason for a refusal either
    table = _buying()
    table.stake_box.value = table.game.rules.min_stake
    before = ochko_snapshot(table)
    table.buttons["stake"].click()
    assert ochko_snapshot(table) == before and table.message == ""


def test_the_buttons_that_are_on_still_answer_and_the_api_still_says_why() -> None:
    table = _staking()
    table.stake_box.value = 10**6  # more than the bank: an enabled Stake is refused, with why
    staked = table.game.state
    table.buttons["stake"].click()
    said = table.message_html.value
    assert table.game.state is staked and "dl-refused" in said and "[R20]" not in said
    table.buttons["buy"].click()  # off while the reader stakes: the refusal stays as it was
    assert table.game.state is staked and table.message_html.value == said
    assert not table.act(BUY) and "[R20]" in table.message  # the API still says why
    table.deal()
    assert table.refusal is not None and "[R20]" in table.message
