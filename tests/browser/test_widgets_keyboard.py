"""The widgets played with the keyboard alone (Tab, Shift+Tab, Enter, Space) in a live Voila
page: after each move the focus stays in the widget, on a button the reader can use, so he
goes on from there instead of tabbing again from the top of the page; the focus ring shows
(3 px), and Tab meets the play table's controls in reading order."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from keyboard_support import RING, Keyboard, out_of_reading_order, tab_walk
from widgets_fixtures import stepper_page_url, widgets_voila_url  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser

T = ".dl-play-table"
#: the focus is on an enabled button inside the widget ``root``
ON_A_BUTTON_IN = """(root) => {
  const el = document.activeElement;
  return !!el && el.tagName === 'BUTTON' && !el.disabled
         && document.querySelector(root).contains(el);
}"""


def _focus_stays(page: Any, kb: Keyboard, root: str, what: str) -> None:
    from playwright.sync_api import TimeoutError as Timeout

    try:
        page.wait_for_function(ON_A_BUTTON_IN, arg=root, timeout=10_000)
    except Timeout:
        raise AssertionError(f"after {what} the focus is on {kb.focused()}, not on a button of"
                             f" {root}") from None


def _ring_shows(page: Any) -> None:
    ring = page.evaluate(RING)
    assert ring is not None and ring["outline"] == "solid" and ring["width"] >= 2, ring


def test_a_deal_of_the_play_table_by_keyboard_keeps_the_focus_in_the_table(
        page: Any, widgets_voila_url: str) -> None:  # noqa: F811
    from playwright.sync_api import expect

    page.goto(f"{widgets_voila_url}/voila/render/play.ipynb")
    table = page.locator(T)
    expect(table.locator(".dl-gen")).to_have_count(1, timeout=90_000)
    mark = table.locator(".dl-gen")
    kb = Keyboard(page, T)
    # Tab meets the controls in the order they are read: the table's cards, the hand, actions
    stops = tab_walk(page, T)
    assert len(stops) >= 8 and out_of_reading_order(stops) == [], stops

    def key(name: str, what: str) -> None:
        """Press ``name`` on the focused control; wait for the table's redraw, and see the
        focus still on a button of the table."""
        before = mark.get_attribute("data-gen")
        kb.press(name)
        expect(mark).not_to_have_attribute("data-gen", str(before), timeout=30_000)
        _focus_stays(page, kb, T, what)

    playable = f"{T} .dl-hand button.dl-card.dl-playable:not([disabled])"
    take_or_pass = f"{T} button.dl-btn-take.dl-legal, {T} button.dl-btn-pass.dl-legal"
    tabs: list[int] = []
    walked_defending = False
    for _ in range(80):
        if re.search(r"\bdl-over\b", table.get_attribute("class") or ""):
            break
        moves = mark.get_attribute("data-moves")
        start = kb.tabs
        if table.locator("button.dl-btn-lead.dl-legal").count():
            kb.reach(playable)
            _ring_shows(page)
            key("Space", "selecting a card to lead")
            kb.reach(f"{T} button.dl-btn-lead")
            key("Enter", "leading")
        elif table.locator(".dl-hand button.dl-card.dl-playable").count():
            if not walked_defending and table.locator("button.dl-attack:not([disabled])").count():
                stops = tab_walk(page, T)  # the card to cover is a tab stop, read first
                assert out_of_reading_order(stops) == [], stops
                walked_defending = True
            kb.reach(playable)
            key("Enter", "playing a card")
            if mark.get_attribute("data-moves") == moves:  # it fits more than one card
                kb.reach(take_or_pass)
                key("Enter", "taking or passing")
        else:
            kb.reach(take_or_pass)
            key("Enter", "taking or passing")
        assert mark.get_attribute("data-moves") != moves, "the keys played no move"
        tabs.append(kb.tabs - start)
    expect(table).to_have_class(re.compile(r"\bdl-over\b"))  # the whole deal, by keys alone
    assert len(tabs) >= 8 and walked_defending
    assert "body" not in kb.focused()["where"]
    print(f"keyboard deal: {len(tabs)} moves, {sum(tabs)} Tab presses"
          f" ({sum(tabs) / len(tabs):.1f} a move, at most {max(tabs)})")
    assert not page.errors


#: the Очко table's enabled buttons among stake, buy, stand and deal, once they agree with
#: the status line (the reader's turn to stake, to buy or stand, or Deal), else null
_OCHKO_READY = """() => {
  const status = document.querySelector('.dl-ochko .dl-ochko-status').textContent;
  const on = ['stake', 'buy', 'stand', 'deal'].filter(n => {
    const b = document.querySelector(`.dl-ochko button.dl-btn-${n}`);
    return b && !b.disabled;
  });
  const agree = status.includes('Press Deal') ? on.includes('deal')
    : status.includes('Your turn: stake') ? on.includes('stake')
    : status.includes('Your turn: buy or stand') ? on.includes('buy') || on.includes('stand')
    : false;
  return agree ? on : null;
}"""

#: once ``_OCHKO_READY`` gave ``seen`` and the test chose ``name``: 'ready' when that button is
#: a tab stop and the table still says ``seen``, 'changed' when the table has moved on (the
#: answer was read while the widgets were still taking the last move's messages: ask again),
#: null while it is drawing
_OCHKO_STILL = f"""([name, seen]) => {{
  const now = ({_OCHKO_READY})();
  if (now === null) return null;
  if (JSON.stringify(now) !== seen) return 'changed';
  const b = document.querySelector(`.dl-ochko button.dl-btn-${{name}}`);
  const stop = b && b.tabIndex >= 0 && !b.disabled && b.getClientRects().length
               && getComputedStyle(b).visibility !== 'hidden';
  return stop ? 'ready' : null;
}}"""


def test_the_quiz_and_ochko_by_keyboard_keep_the_focus(
        page: Any, widgets_voila_url: str) -> None:  # noqa: F811
    from playwright.sync_api import TimeoutError as Timeout
    from playwright.sync_api import expect

    page.goto(f"{widgets_voila_url}/voila/render/quiz_ochko.ipynb")
    expect(page.locator(".dl-ochko .dl-btn-deal")).to_be_enabled(timeout=90_000)
    # the quiz: tick a move with Space, check with Enter
    quiz = Keyboard(page, ".dl-quiz")
    quiz.reach(".dl-quiz .dl-quiz-option-1 input")
    _ring_shows(page)
    quiz.press("Space")
    expect(page.locator(".dl-quiz .dl-quiz-option-1 input")).to_be_checked()
    quiz.reach(".dl-quiz .dl-btn-check")
    quiz.press("Enter")
    expect(page.locator(".dl-quiz .dl-quiz-score")).to_contain_text("right", timeout=30_000)
    _focus_stays(page, quiz, ".dl-quiz", "Check")

    # Очко: two rounds (Deal, Stake, Buy or Stand...), each action by Enter
    ochko = Keyboard(page, ".dl-ochko")
    log = page.locator(".dl-ochko .dl-movelog")
    rounds = 0
    for turn in range(40):
        # what the reader may do, once the buttons and the status line say the same (each is
        # a widget of its own, updated by a message of its own: read together only then)
        enabled = page.wait_for_function(_OCHKO_READY, timeout=30_000).json_value()
        name = "buy" if "buy" in enabled and turn % 3 == 0 else enabled[0]
        try:
            still = page.wait_for_function(
                _OCHKO_STILL, arg=[name, json.dumps(enabled, separators=(",", ":"))],
                timeout=30_000).json_value()
        except Timeout:
            status = page.locator(".dl-ochko .dl-ochko-status").inner_text()
            raise AssertionError(
                f"turn {turn}: {name} of {enabled} never became a tab stop; status {status!r},"
                f" now {page.evaluate(_OCHKO_READY)}") from None
        if still == "changed":
            continue
        if name == "deal":
            if rounds == 2:
                break
            rounds += 1
        ochko.reach(f".dl-ochko button.dl-btn-{name}")
        _ring_shows(page)
        before = log.inner_text()
        ochko.press("Enter")
        expect(log).not_to_have_text(before, timeout=30_000)
        _focus_stays(page, ochko, ".dl-ochko", name)
    assert rounds == 2
    assert not page.errors


def test_the_stepper_steps_by_keyboard_and_keeps_the_focus_on_its_tabs(
        page: Any, stepper_page_url: str) -> None:  # noqa: F811
    """The stepper's bar of steps is a Lumino tab bar: Tab reaches it, the arrow keys (Home,
    End) move along its tabs, Enter or Space shows the step. Enter on "next ▶" or "last »"
    dropped the focus to the page (the reader started again from the top of the page)."""
    from playwright.sync_api import expect

    page.goto(stepper_page_url)
    root = ".dl-stepper"
    frame = page.locator(f"{root} .dl-stepper-stack .dl-frame")
    expect(frame).to_contain_text("Step 0 of", timeout=60_000)
    current = f"{root} .dl-stepper-nav .lm-TabBar-tab.lm-mod-current"
    last = int(page.locator(f"{root} .dl-stepper-nav .lm-TabBar-tab").last.inner_text())
    kb = Keyboard(page, root)
    kb.reach(current)
    _ring_shows(page)
    for key, step, what in [("ArrowRight", 1, "next"), ("ArrowRight", 2, "next"),
                            ("End", last, "last"), ("ArrowLeft", last - 1, "back"),
                            ("Home", 0, "first"), ("ArrowRight", 1, "next (Space)")]:
        kb.press(key)  # onto the tab of that step ...
        kb.press("Space" if "Space" in what else "Enter")  # ... and show it
        expect(frame).to_contain_text(f"Step {step} of")
        assert kb.is_focused(current), f"after {what} the focus is on {kb.focused()}"
        _ring_shows(page)
    assert not page.errors
