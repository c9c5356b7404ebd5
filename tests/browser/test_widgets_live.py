"""What a screen reader is told after a move, in a live Voila page: the play table's and the
Очко table's status lines, their refusals, and the quiz's verdicts are polite live regions
(role="status"), and each region is the same element from move to move (a region put into the
page anew at each change is not announced)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from widgets_fixtures import widgets_voila_url  # noqa: F401  (fixture)

pytestmark = pytest.mark.browser

#: the element is still in the page, is the one ``selector`` finds, and is a polite live region
_SAME_LIVE_REGION = """([el, selector]) => el.isConnected && el === document.querySelector(selector)
  && el.getAttribute('role') === 'status' && el.getAttribute('aria-live') === 'polite'"""


def _live_region(page: Any, selector: str) -> Any:
    """The element of ``selector``, once it is a polite live region (a handle, to see later
    that the same element is still there)."""
    from playwright.sync_api import expect

    region = page.locator(selector)
    expect(region).to_have_attribute("role", "status", timeout=30_000)
    expect(region).to_have_attribute("aria-live", "polite")
    return region.element_handle()


def _still_the_same(page: Any, handle: Any, selector: str) -> None:
    assert page.evaluate(_SAME_LIVE_REGION, [handle, selector]), (
        f"{selector} is not the live region it was before the move")


def test_the_play_tables_status_line_is_announced_after_a_move(
        page: Any, widgets_voila_url: str) -> None:  # noqa: F811
    from playwright.sync_api import expect

    page.goto(f"{widgets_voila_url}/voila/render/play.ipynb")
    table = page.locator(".dl-play-table")
    expect(table.locator(".dl-gen")).to_have_count(1, timeout=90_000)
    status = table.locator(".dl-status")
    expect(status).to_contain_text("Your turn")
    handle = _live_region(page, ".dl-play-table .dl-status")
    # a screen reader meets it as a status: by that role, named by nothing, read whole
    expect(page.get_by_role("status").filter(has_text="Your turn")).to_have_count(1)
    before = status.inner_text()
    # the reader defends first at this seed: a click on a card he may play covers with it
    table.locator(".dl-hand button.dl-card.dl-playable").first.click()
    expect(table.locator(".dl-movelog")).to_contain_text("Seat 0 (you) covers", timeout=30_000)
    expect(status).not_to_have_text(before)
    _still_the_same(page, handle, ".dl-play-table .dl-status")
    # a move the rules refuse is said too: Take when the reader leads
    message = _live_region(page, ".dl-play-table .dl-message")
    table.locator("button.dl-btn-take").click()
    expect(table.locator(".dl-message .dl-refused")).not_to_be_empty(timeout=30_000)
    _still_the_same(page, message, ".dl-play-table .dl-message")
    assert not page.errors


def test_the_ochko_status_and_the_quiz_verdicts_are_announced(
        page: Any, widgets_voila_url: str) -> None:  # noqa: F811
    from playwright.sync_api import expect

    page.goto(f"{widgets_voila_url}/voila/render/quiz_ochko.ipynb")
    ochko = page.locator(".dl-ochko")
    expect(ochko.locator("button.dl-btn-deal")).to_be_enabled(timeout=90_000)
    status = ochko.locator(".dl-ochko-status")
    handle = _live_region(page, ".dl-ochko .dl-ochko-status")
    before = status.inner_text()
    ochko.locator("button.dl-btn-deal").click()
    expect(ochko.locator(".dl-movelog")).to_contain_text("dealt", timeout=30_000)
    expect(status).not_to_have_text(before)
    _still_the_same(page, handle, ".dl-ochko .dl-ochko-status")

    quiz = page.locator(".dl-quiz")
    result = _live_region(page, ".dl-quiz .dl-quiz-result")
    quiz.locator(".dl-quiz-option-0 input").check()
    quiz.locator("button.dl-btn-check").click()
    expect(quiz.locator(".dl-quiz-score")).to_have_text(re.compile(r"^\d+ of \d+ right\.$"),
                                                        timeout=30_000)
    _still_the_same(page, result, ".dl-quiz .dl-quiz-result")
    assert not page.errors
