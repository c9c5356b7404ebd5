"""book/how-to-read.md, "Playing at a table": the controls it names are the play table's, and
what it says a click does, the table does (review s42: no page of the book said how to make
a move at a table, though every game chapter has one)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from durak_lessons.widgets import PlayTable

pytestmark = pytest.mark.book

BOOK = Path(__file__).resolve().parents[2] / "book"


def section() -> str:
    text = (BOOK / "how-to-read.md").read_text(encoding="utf-8")
    start = text.index("(how-to-play-at-a-table)=")
    return text[start : text.index("\n## ", start + 40)]


def test_every_control_the_section_names_is_on_the_table() -> None:
    named = {b.replace("\n", " ") for b in re.findall(r"\*\*([^*]+)\*\*", section())}
    # the kinds of move the list is by, not controls
    named -= {"Cover", "Throw in", "Transfer", "Other moves"}
    table = PlayTable("perevodnoy", 3, seed=11)
    captions = {b.description for b in table.action_buttons.values()}
    captions |= {table.options_button.description, table.new_button.description,
                 table.record_button.description, table.special_moves.description}
    assert "Moves" in named and "<b>Moves</b>" in table.log_html.value
    named.discard("Moves")
    assert named and named <= captions, named - captions
    assert "Transfer…" in named and "«Бито» / pass" in named


def test_the_clicks_the_section_describes() -> None:
    """A lead: select, then Lead (a second click unselects); a cover: a click on the hand
    card; the top line as quoted; a forbidden move refused with its rule."""
    text = section().replace("\n", " ")
    table = PlayTable("podkidnoy", 2, seed=7)  # the bot leads 9♣ at the reader
    status = re.sub(r"<[^>]+>", "", table.status_html.value)
    quoted = re.search(r'\("(Your turn [^"]+)"\)', text)
    assert quoted is not None and quoted.group(1) == status
    assert "dl-playable" in table.card_button("JC")._dom_classes
    table.card_button("7C").click()  # 7♣ does not beat 9♣: refused, with its rule
    assert table.message.startswith("Not allowed:") and "[Rozaliev 2]" in table.message
    table.card_button("JC").click()  # covers 9♣; the bot passes; the reader leads
    assert str(table.game.history[1]) == "C9CJC" and table.state.phase == "lead"
    table.card_button("6S").click()
    table.card_button("6S").click()  # a second click unselects
    assert table.action_buttons["lead"].description == "Lead"
    table.card_button("6S").click()
    table.action_buttons["lead"].click()
    assert str(table.game.history[3]) == "L6S"
