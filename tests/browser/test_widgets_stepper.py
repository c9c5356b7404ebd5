"""The hand stepper in a static page with embedded widget state: it steps with no kernel."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlparse

import pytest
from widgets_fixtures import SHOTS, stepper_page_url  # noqa: F401  (fixture)

pytestmark = pytest.mark.browser


def test_stepper_steps_forward_and_back_without_a_kernel(page: Any, stepper_page_url: str) -> None:  # noqa: F811
    from playwright.sync_api import expect

    page.goto(stepper_page_url)
    stepper = page.locator(".dl-stepper")
    expect(stepper).to_be_visible(timeout=60_000)
    frame = stepper.locator(".dl-stepper-stack .dl-frame")
    expect(frame).to_have_count(1)  # a Stack shows only the selected frame
    expect(frame).to_contain_text("Step 0 of")
    nav = stepper.locator(".dl-stepper-nav .lm-TabBar-tab")
    current = stepper.locator(".dl-stepper-nav .lm-TabBar-tab.lm-mod-current")
    following = stepper.locator(".dl-stepper-nav .lm-mod-current + .lm-TabBar-tab")
    expect(current).to_have_text("0")
    visible = [t for t in nav.all() if t.is_visible()]
    assert 2 <= len(visible) <= 5, "the CSS shows only first, back, current, next and last"

    for step in (1, 2, 3):
        following.click()
        expect(frame).to_contain_text(f"Step {step} of")
        expect(current).to_have_text(str(step))
    expect(frame.locator(".dl-sentence")).to_contain_text("Seat ")
    expect(stepper.locator(".dl-stepper-slider .widget-readout")).to_have_text("3")
    SHOTS.mkdir(parents=True, exist_ok=True)
    stepper.screenshot(path=str(SHOTS / "stepper.png"))

    back = stepper.locator(".dl-stepper-nav .lm-TabBar-tab:has(+ .lm-mod-current)")
    back.click()
    expect(frame).to_contain_text("Step 2 of")
    stepper.locator(".dl-stepper-nav .lm-TabBar-tab").last.click()
    expect(frame.locator(".dl-result")).to_contain_text(re.compile("fool|draw"))
    stepper.locator(".dl-stepper-nav .lm-TabBar-tab").first.click()
    expect(frame).to_contain_text("Step 0 of")
    # the slider drives the same stack: keyboard on the slider handle
    stepper.locator(".dl-stepper-slider .noUi-handle").focus()
    page.keyboard.press("ArrowRight")
    expect(frame).to_contain_text("Step 1 of")
    # nothing came from another host, and no kernel was ever asked for
    hosts = {urlparse(u).hostname for u in page.requests if u.startswith("http")}
    assert hosts <= {"127.0.0.1"}, hosts
    assert not any("/api/kernels" in u for u in page.requests)
    assert not page.errors


def test_a_phone_sees_the_whole_stepper(browser: Any, stepper_page_url: str) -> None:  # noqa: F811
    """At 390 px the "◀ back" tab's label was cut (52 px of text in a 50 px tab) and the slider
    stuck out of its widget by its margins (width 100% plus 2 px each side)."""
    from browser_support import CUT_IN_WIDGETS
    from playwright.sync_api import expect

    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.goto(stepper_page_url)
        stepper = page.locator(".dl-stepper")
        expect(stepper).to_be_visible(timeout=60_000)
        frame = stepper.locator(".dl-stepper-stack .dl-frame")
        for step in (1, 2):  # all five tabs on show: first, back, current, next, last
            stepper.locator(".dl-stepper-nav .lm-mod-current + .lm-TabBar-tab").click()
            expect(frame).to_contain_text(f"Step {step} of")
        assert page.evaluate(CUT_IN_WIDGETS) == []
    finally:
        context.close()
