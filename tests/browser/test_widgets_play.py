"""The play table in a live Voila page: a 2-player подкидной game played to its end by clicks."""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import play_a_move
from widgets_fixtures import SHOTS, widgets_voila_url  # noqa: F401  (fixture)

pytestmark = pytest.mark.browser


def test_voila_play_table_game_to_the_end(page: Any, widgets_voila_url: str) -> None:  # noqa: F811
    from playwright.sync_api import expect

    page.goto(f"{widgets_voila_url}/voila/render/play.ipynb")
    table = page.locator(".dl-play-table")
    expect(table).to_be_visible(timeout=90_000)
    expect(table.locator(".dl-gen")).to_have_count(1, timeout=30_000)
    # every card in the hand is a button named in words
    first = table.locator(".dl-hand button.dl-card").first
    expect(first).to_have_accessible_name(
        __import__("re").compile(r"^(six|seven|eight|nine|ten|jack|queen|king|ace) of "
                                 r"(spades|clubs|diamonds|hearts)$"))
    clicks = 0
    shot = False
    for _ in range(400):
        if table.get_attribute("class") and "dl-over" in table.get_attribute("class"):
            break
        play_a_move(table)
        clicks += 1
        if clicks == 6 and not shot:
            SHOTS.mkdir(parents=True, exist_ok=True)
            table.screenshot(path=str(SHOTS / "play-table-midgame.png"))
            shot = True
    expect(table).to_have_class(__import__("re").compile(r"\bdl-over\b"))
    expect(table.locator(".dl-status")).to_contain_text("The deal is over")
    assert shot and clicks > 6
    table.screenshot(path=str(SHOTS / "play-table-end.png"))
    assert not page.errors
