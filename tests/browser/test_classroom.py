"""The classroom app: a chapter served by Voila runs a live kernel behind its widgets."""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import TEXT_CONTRAST, lead_first_card_and_see_the_bot_answer, non_local

pytestmark = pytest.mark.browser


def test_voila_play_chapter_holds_a_live_play_table(page: Any, voila_url: str) -> None:
    """The "Play in your browser" page in the classroom: no Pyodide instructions (they are for
    the static book only), and the play table runs on the kernel: a lead gets the bot's answer."""
    from playwright.sync_api import expect

    page.goto(f"{voila_url}/voila/render/play.ipynb")
    table = page.locator(".dl-play-table")
    expect(table.locator(".dl-gen")).to_have_count(1, timeout=90_000)
    expect(page.get_by_text("downloads Pyodide")).to_have_count(0)
    # seed 1: the reader (seat 0) leads; select a card, lead it, and the bot answers
    lead_first_card_and_see_the_bot_answer(table, "greedy")


def test_an_exercise_solution_is_folded_away_in_the_classroom(page: Any, voila_url: str) -> None:
    """The book's dropdown admonitions reach the classroom as <details>: the solution is
    hidden until the reader opens it (they showed as raw MyST text, ":::{admonition}")."""
    from playwright.sync_api import expect

    page.goto(f"{voila_url}/voila/render/podkidnoy.ipynb")
    solution = page.locator("details", has_text="Solution to exercise 1")
    expect(solution).to_have_count(1, timeout=90_000)
    answer = solution.get_by_text("At the start of bout 3")
    expect(answer).to_be_hidden()
    solution.locator("summary").click()
    expect(answer).to_be_visible()
    expect(page.get_by_text(":::{admonition}")).to_have_count(0)


def test_the_classroom_asks_nothing_of_other_machines(page: Any, voila_url: str) -> None:
    """A class whose network reaches nothing outside gets every page whole: Voila's own
    template linked FontAwesome from a CDN on every page (our template drops the links; the
    widgets' icons come with Voila itself). The intro's Play buttons still show their icons
    and the Step slider is named by its label for a screen reader, as in the static book."""
    from playwright.sync_api import expect

    page.goto(f"{voila_url}/voila/render/intro.ipynb")
    play_button = page.locator(".dl-demo-play button").first
    expect(play_button).to_have_accessible_name("play", timeout=90_000)
    expect(page.locator(".dl-demo-slider [role=slider]")).to_have_accessible_name("Step")
    glyph = play_button.locator("i.fa").evaluate(
        "i => document.fonts.ready.then(() => [getComputedStyle(i, '::before').content,"
        " getComputedStyle(i).fontFamily, i.getBoundingClientRect().width])")
    content, family, width = glyph
    assert content.startswith('"\uf04b"'), glyph  # FontAwesome's play icon, drawn...
    assert "Font Awesome" in family and width > 0, glyph  # ...in FontAwesome's font
    assert page.evaluate(
        "document.fonts.check('900 16px \"Font Awesome 5 Free\"', '\uf04b')"), \
        "FontAwesome's solid font is not loaded"
    assert non_local(page.requests) == []


def test_the_widgets_stay_readable_in_jupyterlabs_dark_theme(page: Any, voila_url: str) -> None:
    """In a dark JupyterLab theme (Voila's ``?theme=dark``, as in JupyterLab itself) the
    widgets draw their own text on the notebook's dark ground: every text keeps WCAG AA's
    contrast, a refusal's red included. The table's info line ("The table is empty.",
    "Trump:", "Stock: 24") was near-black there, 1.3:1; the blind game's position numbers
    and the refusal's red were dark too."""
    from playwright.sync_api import expect

    page.goto(f"{voila_url}/voila/render/play.ipynb?theme=dark")
    table = page.locator(".dl-play-table")
    expect(table.locator(".dl-gen")).to_have_count(1, timeout=90_000)
    assert page.evaluate("document.body.dataset.jpThemeLight") == "false"
    table.locator("button.dl-btn-take").click()  # nothing led yet: refused, with its rule
    expect(table.locator(".dl-refused")).to_be_visible(timeout=30_000)
    below = {"play": page.evaluate(TEXT_CONTRAST, {})}
    page.goto(f"{voila_url}/voila/render/blind.ipynb?theme=dark")
    expect(page.locator(".dl-pos-no").first).to_be_visible(timeout=90_000)
    below["blind"] = page.evaluate(TEXT_CONTRAST, {})
    unreadable = [f"{name}: {where} {text!r}: {colour} on {ground} = {ratio} < {needed}"
                  for name, rows in below.items()
                  for where, text, colour, ground, ratio, needed in rows]
    assert not unreadable, "\n".join(unreadable)
