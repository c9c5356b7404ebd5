"""The classroom app: a chapter served by Voila runs a live kernel behind its widgets."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser


def test_voila_chapter_button_answers_a_click(page: Any, voila_url: str) -> None:
    from playwright.sync_api import expect

    page.goto(f"{voila_url}/voila/render/play.ipynb")
    button = page.locator(".dl-demo-button")
    expect(button).to_be_visible(timeout=90_000)
    answer = page.locator(".dl-demo-answer")
    expect(answer).to_contain_text("Press the button")
    button.click()
    expect(answer).to_contain_text("You drew")
    button.click()
    expect(answer).to_contain_text("You drew ")
