"""The classroom app: a chapter served by Voila runs a live kernel behind its widgets."""

from __future__ import annotations

import re
from typing import Any

import pytest

pytestmark = pytest.mark.browser


def test_voila_play_chapter_holds_a_live_play_table(page: Any, voila_url: str) -> None:
    """The "Play in your browser" page in the classroom: no Pyodide instructions (they are for
    the static book only), and the play table runs on the kernel: a lead gets the bot's answer."""
    from playwright.sync_api import expect

    page.goto(f"{voila_url}/voila/render/play.ipynb")
    table = page.locator(".dl-play-table")
    expect(table.locator(".dl-gen")).to_have_count(1, timeout=90_000)
    expect(page.get_by_text("downloads Pyodide")).to_have_count(0)
    log = table.locator(".dl-movelog")
    # seed 1: the reader (seat 0) leads; select a card, lead it, and the bot answers
    table.locator(".dl-hand button.dl-card.dl-playable").first.click()
    lead = table.locator("button.dl-btn-lead.dl-legal")
    # the kernel has taken the selection once the button names the card (a click before
    # that would lead with nothing selected)
    expect(lead).to_have_text(re.compile(r"^Lead \S+"), timeout=30_000)
    lead.click()
    expect(log).to_contain_text("Seat 0 (you) leads", timeout=30_000)
    expect(log).to_contain_text("(greedy bot)", timeout=30_000)
