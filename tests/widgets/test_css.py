"""The widgets' stylesheet: the rules the review found missing or beaten (findings 6, 7)."""

from __future__ import annotations

import re

from durak_lessons.widgets import PlayTable
from durak_lessons.widgets.cards import CSS


def _rules(selector: str) -> list[tuple[int, str]]:
    """(position, body) of every CSS rule whose selector list holds ``selector``."""
    found = []
    for m in re.finditer(r"([^{}]+)\{([^{}]*)\}", CSS):
        selectors = [s.strip() for s in m.group(1).split(",")]
        if selector in selectors:
            found.append((m.start(), m.group(2)))
    return found


def test_a_selected_card_keeps_its_outline_over_the_playable_one() -> None:
    # finding 6: a selected card is playable too; its orange outline must win
    playable = _rules(".dl-root .dl-show-legal .dl-playable")
    selected = _rules(".dl-root .dl-show-legal .dl-selected")
    assert playable and selected
    assert selected[-1][0] > playable[-1][0] and "#c80" in selected[-1][1]
    # and its raised top edge is not cut off by the hand's row
    hand = _rules(".dl-root .dl-hand")
    assert hand and "padding-top" in hand[-1][1]
    table = PlayTable("podkidnoy", 2, seed=1)  # the reader leads: a click selects
    assert table.game.state.phase == "lead"
    card = next(iter(table.hand_buttons))
    table.hand_buttons[card].click()
    assert "dl-selected" in table.hand_buttons[card]._dom_classes
    assert "dl-show-legal" in table.hand_box._dom_classes
    assert "dl-hand" in table.hand_box._dom_classes


def test_the_move_log_has_a_height_limit() -> None:
    # finding 7: the rule was written for a class no widget has
    table = PlayTable("podkidnoy", 2, seed=3)
    assert "dl-movelog" in table.log_html._dom_classes
    log = _rules(".dl-root .dl-movelog")
    # (the rule for narrow screens, later in the sheet, only lowers the height)
    assert log and "max-height" in log[0][1] and "overflow-y:auto" in log[0][1]
    assert all("max-height" in body for _pos, body in log[1:])
