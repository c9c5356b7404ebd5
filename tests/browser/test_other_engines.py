"""The book in Firefox (Gecko) and in WebKit (Safari's engine), not only in Chromium: the
example hand steps with no kernel, the JupyterLite play table starts and answers a lead, every
text keeps its contrast, and nothing is asked of another host. (How the engines are driven:
engines.py.)"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browser_support import TEXT_CONTRAST, non_local
from conftest import OUTPUT
from engines import ENGINES, Engine, open_engine

pytestmark = pytest.mark.browser

_LITE_FRAME = "iframe.jupyterlite_sphinx_iframe, .jupyterlite_sphinx_iframe_container iframe"
#: every URL the page has asked for (the engines report them to the page itself)
_REQUESTS = ("return [location.href,"
             " ...performance.getEntriesByType('resource').map(e => e.name)]")


@pytest.fixture(scope="module", params=ENGINES)
def engine(request: pytest.FixtureRequest) -> Iterator[Engine]:
    with open_engine(request.param, OUTPUT / "gecko.log") as started:
        yield started


def _text(engine: Engine, selector: str) -> str:
    return str(engine.js("const e = document.querySelector(arguments[0]);"
                         " return e ? e.textContent : ''", selector))


def test_the_example_hand_steps_with_no_kernel(engine: Engine, book_url: str) -> None:
    engine.goto(f"{book_url}/podkidnoy.html")
    frame = ".dl-stepper .dl-stepper-stack .dl-frame"
    engine.wait("const f = document.querySelector(arguments[0]);"
                " return f && f.textContent.includes('Step 0 of')", frame)
    following = engine.wait("return document.querySelector("
                            "'.dl-stepper-nav .lm-mod-current + .lm-TabBar-tab')")
    engine.click(following)
    engine.wait("return document.querySelector(arguments[0]).textContent.includes('Step 1 of')",
                frame)
    assert "[" in _text(engine, f"{frame} .dl-sentence")  # every step names its rule
    assert non_local(engine.js(_REQUESTS)) == []


def test_the_jupyterlite_play_table_answers_a_lead(engine: Engine, book_url: str) -> None:
    """Pyodide starts in the engine, installs the engine and ipywidgets from the site's own
    index, and the table plays: the reader's lead gets the bot's answer."""
    engine.goto(f"{book_url}/play.html")
    prompt = engine.wait("return [...document.querySelectorAll('.jupyterlite_sphinx_try_it_button')]"
                         ".find(b => b.textContent.includes('Start the play table'))")
    engine.click(prompt)
    engine.frame(engine.wait("return document.querySelector(arguments[0])", _LITE_FRAME))
    try:
        engine.wait("return document.querySelector('.dl-play-table .dl-gen')", timeout=300)
        assert "turn" in _text(engine, ".dl-play-table .dl-status")
        engine.click(engine.wait(
            "return document.querySelector('.dl-play-table .dl-hand button.dl-card.dl-playable')"))
        # the kernel has taken the selection once the button names the card
        lead = engine.wait("const b = document.querySelector("
                           "'.dl-play-table button.dl-btn-lead.dl-legal');"
                           " return b && /^Lead \\S+/.test(b.textContent) && b", timeout=30)
        engine.click(lead)
        log = ".dl-play-table .dl-movelog"
        engine.wait("return document.querySelector(arguments[0]).textContent"
                    ".includes('(greedy bot)')", log, timeout=60)
        assert "Seat 0 (you) leads" in _text(engine, log)
        requests = engine.js(_REQUESTS)
    finally:
        engine.frame(None)
        OUTPUT.mkdir(parents=True, exist_ok=True)
        engine.screenshot(OUTPUT / f"jupyterlite-play-table-{engine.name}.png")
    assert non_local([*requests, *engine.js(_REQUESTS)]) == []


@pytest.mark.parametrize("chapter", ["podkidnoy", "teaching"])
def test_every_text_is_readable(engine: Engine, book_url: str, chapter: str) -> None:
    """WCAG AA contrast (4.5:1, large text 3:1) for every text, our widgets' included, as this
    engine draws them (the card faces are CSS generated content)."""
    engine.goto(f"{book_url}/{chapter}.html")
    engine.wait("return document.querySelector('.dl-root .dl-card')")
    rows: list[list[Any]] = engine.js(f"return ({TEXT_CONTRAST})(arguments[0])", {})
    unreadable = [f"{where} {text!r}: {colour} on {ground} = {ratio} < {needed}"
                  for where, text, colour, ground, ratio, needed in rows]
    assert not unreadable, "\n".join(unreadable)
