"""The built static book in Chromium: offline, and widgets that work with no kernel."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from browser_support import (
    CUT_IN_WIDGETS,
    TEXT_CONTRAST,
    click_and_wait,
    lead_first_card_and_see_the_bot_answer,
    non_local,
    open_in_theme,
    play_a_move,
)

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
OUTPUT = ROOT / "test-output" / "browser"


LITE_FRAME = "iframe.jupyterlite_sphinx_iframe, .jupyterlite_sphinx_iframe_container iframe"


def start_lite_table(page: Any, url: str, prompt: str, *, tap: bool = False) -> Any:
    """Open ``url``, press (or tap) its JupyterLite prompt ``prompt`` and return the play
    table inside the REPL console's frame (a locator; it may still be starting)."""
    page.goto(url)
    # the prompt's button (the page's prose names it too: "press **Play this table in your
    # browser** below it")
    button = page.locator(".jupyterlite_sphinx_try_it_button", has_text=prompt)
    if tap:
        button.tap()
    else:
        button.click()
    return page.frame_locator(LITE_FRAME).first.locator(".dl-play-table")


def accessible_nodes(page: Any, role: str) -> tuple[Any, list[dict[str, Any]]]:
    """A CDP session and the article's elements of ``role`` that a screen reader meets, as
    nodes of Chromium's accessibility tree (the name it computed in ``name.value``)."""
    cdp = page.context.new_cdp_session(page)
    article = cdp.send("Runtime.evaluate", {"expression": "document.querySelector('article')"})
    found = cdp.send("Accessibility.queryAXTree",
                     {"objectId": article["result"]["objectId"], "role": role})["nodes"]
    return cdp, [n for n in found if not n.get("ignored")]


def test_intro_loads_only_from_127_0_0_1(page: Any, book_url: str) -> None:
    from playwright.sync_api import expect

    page.goto(f"{book_url}/intro.html")
    # the widget renderer has run once the slider is on screen
    expect(page.locator(".dl-demo-slider")).to_be_visible(timeout=30_000)
    expect(page.locator("h1").first).to_contain_text("Durak lessons")
    # MathJax (vendored) typeset the formula
    expect(page.locator("mjx-container").first).to_be_visible()
    assert page.requests, "no request was recorded"
    assert non_local(page.requests) == []
    assert page.failures == []
    assert page.errors == []
    # nothing logged as an error either (a missing favicon, the theme's mode, ...)
    assert page.console_errors == []


def test_static_stepper_steps_with_no_kernel(page: Any, book_url: str) -> None:
    from playwright.sync_api import expect

    page.goto(f"{book_url}/intro.html")
    stack = page.locator(".dl-demo-stack")
    expect(stack).to_contain_text("Deal: six cards each", timeout=30_000)
    # the frame style travels inside an HTML widget (<style>): the widget CSS path works
    expect(stack.locator(".dl-demo-frame").first).to_have_css("border-top-color", "rgb(0, 102, 51)")

    handle = page.locator(".dl-demo-slider .noUi-handle")
    handle.focus()
    handle.press("ArrowRight")
    expect(stack).to_contain_text("Step 1: the leader leads")
    expect(stack.get_by_text("Deal: six cards each")).to_be_hidden()
    handle.press("ArrowRight")
    handle.press("ArrowRight")
    expect(stack).to_contain_text("Step 3: the leader throws in")
    handle.press("ArrowLeft")
    expect(stack).to_contain_text("Step 2: the defender covers")
    expect(page.locator(".dl-demo-slider .widget-readout")).to_have_text("2")
    assert non_local(page.requests) == []


@pytest.mark.slow
def test_jupyterlite_play_table_answers_a_click(page: Any, book_url: str) -> None:
    from playwright.sync_api import expect

    table = start_lite_table(page, f"{book_url}/play.html", "Start the play table")
    # Pyodide starts, installs durak-lessons and ipywidgets from the site's piplite index
    expect(table.locator(".dl-gen")).to_have_count(1, timeout=240_000)
    expect(table.locator(".dl-movelog")).not_to_contain_text("greedy bot")
    # at the delay pace the bots' moves wait on the kernel's event loop: Pyodide starts no
    # threads, and a timer thread had kept the bots from ever moving (the pace and the
    # opponents list are folded away under the options till then)
    table.locator(".dl-btn-options").click()
    click_and_wait(table, table.locator(".dl-pace button").filter(has_text="delay"))
    # seed 1: the reader (seat 0) leads; select a card, lead it, and the bot answers
    lead_first_card_and_see_the_bot_answer(table, "greedy")
    # the hint and the strongest opponent run inside Pyodide too
    table.locator("button.dl-btn-hint").click()
    expect(table.locator(".dl-hint")).to_contain_text("not to be the fool", timeout=60_000)
    table.locator(".dl-opponent select").select_option(label="search (strongest, slower)")
    expect(table.locator(".dl-message")).to_contain_text("now search", timeout=30_000)
    OUTPUT.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(OUTPUT / "jupyterlite-play-table.png"), full_page=True)
    assert non_local(page.requests) == [], "the JupyterLite page must work offline"


def _stated_download(page: str) -> int:
    """The first start's download in MB, as book/``page``.md states it ("about 26 MB")."""
    text = " ".join((ROOT / "book" / f"{page}.md").read_text("utf-8").split())
    found = re.search(r"about (\d+) MB", text)
    assert found is not None, page
    return int(found.group(1))


@pytest.mark.slow
def test_the_teaching_quiz_runs_in_jupyterlite_from_a_classroom_server(
    lan_browser: Any, book_url: str
) -> None:
    """A class opens the site by its server's address over plain http, as the teaching page
    says to serve it: not a secure context, unlike 127.0.0.1.  There the quiz's button starts
    JupyterLite, the quiz runs and **Check** marks the ticks; and the first start downloads
    what the pages state (about 26 MB; they said 20 MB, and 26.1 MB came), thirty times that
    for a class."""
    from playwright.sync_api import expect

    context = lan_browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        page.goto(book_url.replace("127.0.0.1", "classroom.test") + "/teaching.html")
        page.wait_for_load_state("networkidle")
        assert page.evaluate("window.isSecureContext") is False
        fetched: list[int] = []
        context.on("response", lambda r: fetched.append(len(r.body()))
                   if r.ok and r.request.method == "GET" else None)
        in_flight: set[Any] = set()  # requests made and not ended yet (the kernel's worker too)
        context.on("request", lambda r: in_flight.add(r))
        context.on("requestfinished", lambda r: in_flight.discard(r))
        context.on("requestfailed", lambda r: in_flight.discard(r))
        page.get_by_text("Run this quiz in your browser").click()
        quiz = page.frame_locator(LITE_FRAME).first.locator(".dl-quiz")
        expect(quiz.locator("button", has_text="Check")).to_be_visible(timeout=240_000)
        boxes = quiz.locator("input[type=checkbox]")
        for legal in (0, 1, 4):  # Q♣, 7♥ and take: the page's answers
            boxes.nth(legal).check()
        quiz.locator("button", has_text="Check").click()
        expect(quiz.locator(".dl-quiz-score")).to_have_text("5 of 5 right.", timeout=60_000)
        # the kernel may still be fetching: wait until every request made has ended. Not for
        # "networkidle" (half a second with nothing in flight), which twice in session 41 did
        # not come within 120 s after the quiz had run, though every download had.
        while in_flight:
            context.wait_for_event("requestfinished", timeout=120_000)
        measured = sum(fetched) / 1e6
    finally:
        context.close()
    for chapter in ("teaching", "how-to-read", "play"):
        stated = _stated_download(chapter)
        assert abs(measured - stated) <= 0.15 * stated, (chapter, stated, measured)
    class_of_thirty = re.search(r"Thirty students .*? about (\d+) MB",
                                " ".join((ROOT / "book" / "teaching.md").read_text().split()))
    assert class_of_thirty is not None
    assert abs(int(class_of_thirty.group(1)) - 30 * _stated_download("teaching")) <= 50


@pytest.mark.slow
def test_a_phone_tap_on_the_jupyterlite_table_is_answered(browser: Any, book_url: str) -> None:
    """On a phone the console frame is often only partly on screen. A tap on a table button
    after the previous one was redrawn made JupyterLab focus its console, which scrolled the
    page under the finger: the button never got the click (the page said "tap again").
    book/_static/durak-lite-taps.js gives that focus without the scroll (the table now keeps
    the button tapped, and the focus on it, but renews one whose click played a move)."""
    from playwright.sync_api import expect

    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
        device_scale_factor=3,
    )
    try:
        page = context.new_page()
        table = start_lite_table(page, f"{book_url}/play.html", "Start the play table", tap=True)
        expect(table.locator(".dl-gen")).to_have_count(1, timeout=240_000)
        table.locator(".dl-hand button.dl-card.dl-playable").first.tap()
        lead = table.locator("button.dl-btn-lead")
        expect(lead).to_have_text(re.compile(r"^Lead \S+"), timeout=30_000)
        # the tapped card's button is kept (it was redrawn, which dropped the focus out of
        # the console, until the table kept its buttons for keyboard play): the focus stays
        # on it, in the console, and JupyterLab has no focus to give it on the next tap
        frame = page.locator(LITE_FRAME).first
        frame.element_handle().content_frame().wait_for_function(
            "() => !!document.querySelector('.dl-play-table').contains(document.activeElement)"
        )
        # where a reader may hold the page: the Lead button on screen, just above the bottom
        # edge, and the frame's lower part below that edge
        lead.evaluate("b => b.scrollIntoView({block: 'nearest'})")
        box = lead.bounding_box()
        page.evaluate("y => window.scrollBy(0, y)", box["y"] + box["height"] + 20 - 844)
        assert frame.bounding_box()["y"] + frame.bounding_box()["height"] > 844
        scrolled = page.evaluate("window.scrollY")
        lead.tap()  # once
        expect(table.locator(".dl-movelog")).to_contain_text("Seat 0 (you) leads", timeout=30_000)
        assert page.evaluate("window.scrollY") == scrolled, "the tap scrolled the page"
    finally:
        context.close()


# where the status line is, against the console's output pane (the part of it that shows)
_STATUS_IN_PANE = """() => {
  const pane = document.querySelector('.jp-CodeConsole-content').getBoundingClientRect();
  const status = document.querySelector('.dl-status').getBoundingClientRect();
  return {paneTop: pane.top, paneBottom: pane.bottom, top: status.top, bottom: status.bottom};
}"""
_PANE_AT_ITS_FOOT = """() => {
  const pane = document.querySelector('.jp-CodeConsole-content');
  return pane.scrollTop >= pane.scrollHeight - pane.clientHeight - 1;
}"""
_THREE_FRAMES = ("() => new Promise(done => requestAnimationFrame(() =>"
                 " requestAnimationFrame(() => requestAnimationFrame(done))))")


@pytest.mark.slow
@pytest.mark.parametrize(
    ("chapter", "prompt", "phone"),
    [
        # the play page's table was 612 px tall at 390 px (147 px too far); it fits now
        ("play", "Start the play table", True),
        ("podkidnoy-teams", "Play this table in your browser", False),  # 681 px at 1280
    ],
)
def test_the_jupyterlite_table_starts_with_its_status_line_in_view(
    browser: Any, book_url: str, chapter: str, prompt: str, phone: bool
) -> None:
    """JupyterLab's console scrolls its output to the bottom when the run ends: a table taller
    than the console's 480 px output pane showed its foot, and the status line (whose turn it
    is) was out of view. book/_static/durak-lite-taps.js scrolls back to the table's top."""
    from playwright.sync_api import expect

    size = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 800}
    context = browser.new_context(viewport=size, has_touch=phone, is_mobile=phone)
    try:
        page = context.new_page()
        table = start_lite_table(page, f"{book_url}/{chapter}.html", prompt, tap=phone)
        expect(table.locator(".dl-gen")).to_have_count(1, timeout=240_000)
        expect(table.locator(".dl-status")).to_contain_text("Your turn")
        frame = page.locator(LITE_FRAME).first.element_handle().content_frame()
        # the run has ended (the console numbers the cell), and the console's scroll to the
        # bottom that follows (at the next animation frame) has been answered
        expect(page.frame_locator(LITE_FRAME).first.locator(
            ".jp-CodeConsole-content .jp-InputPrompt").first).to_have_text(re.compile(r"\[1\]"))
        frame.evaluate(_THREE_FRAMES)
        where = frame.evaluate(_STATUS_IN_PANE)
        assert where["bottom"] - where["top"] > 0, where
        assert where["paneTop"] <= where["top"] and where["bottom"] <= where["paneBottom"], where
        # the reader's own scroll to the table's foot is not undone
        pane = page.frame_locator(LITE_FRAME).first.locator(".jp-CodeConsole-content")
        pane.hover(position={"x": 5, "y": 5})
        page.mouse.wheel(0, 1000)
        frame.wait_for_function(_PANE_AT_ITS_FOOT)
        frame.evaluate(_THREE_FRAMES)
        assert frame.evaluate(_PANE_AT_ITS_FOOT)
    finally:
        context.close()


# the play table against the console's output pane: its height, and where its status line,
# the reader's hand and his action buttons are
_TABLE_IN_PANE = """() => {
  const pane = document.querySelector('.jp-CodeConsole-content').getBoundingClientRect();
  const box = s => document.querySelector('.dl-play-table ' + s).getBoundingClientRect();
  const shown = r => r.height > 0 && pane.top <= r.top && r.bottom <= pane.bottom;
  return {table: box('').height, pane: pane.height,
          status: shown(box('.dl-status')), hand: shown(box('.dl-hand')),
          actions: shown(box('.dl-actions'))};
}""".replace("box('')", "document.querySelector('.dl-play-table').getBoundingClientRect()")


def _phone(browser: Any) -> Any:
    return browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)


@pytest.mark.slow
def test_a_phone_holds_the_play_table_in_its_console_frame(browser: Any, book_url: str) -> None:
    """At 390x844 the play page's table was 611 px tall (722 px once the move log had two
    moves) in a console whose output pane shows 480 px: the reader scrolled inside the frame
    between his hand and the status line. Now the whole table, in play, fits in the pane, and
    nothing of it sticks out sideways or is cut."""
    from playwright.sync_api import expect

    context = _phone(browser)
    try:
        page = context.new_page()
        table = start_lite_table(page, f"{book_url}/play.html", "Start the play table", tap=True)
        expect(table.locator(".dl-gen")).to_have_count(1, timeout=240_000)
        # a lead of the reader's and the bot's answer: a card on the table, two in the log
        lead_first_card_and_see_the_bot_answer(table, "greedy")
        expect(table.locator(".dl-table .dl-pair")).not_to_have_count(0)
        frame = page.locator(LITE_FRAME).first.element_handle().content_frame()
        frame.evaluate(_THREE_FRAMES)
        where = frame.evaluate(_TABLE_IN_PANE)
        assert where["table"] <= where["pane"], where
        assert where["status"] and where["hand"] and where["actions"], where
        assert frame.evaluate(CUT_IN_WIDGETS) == []
        # the settings are folded away, and open on a tap, still inside the frame's width
        table.locator(".dl-btn-options").tap()
        expect(table.locator(".dl-controls .dl-seed")).to_be_visible()
        assert frame.evaluate(CUT_IN_WIDGETS) == []
        OUTPUT.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(OUTPUT / "phone-play-table.png"))
    finally:
        context.close()


@pytest.mark.slow
def test_a_phone_holds_the_four_seat_table_over_a_deal(browser: Any, book_url: str) -> None:
    """At 390x844 the four-seat table of подкидной in pairs was 554 px tall in the console's
    480 px output pane (582 px once the move log filled): each of the three opponents had a
    row of his own, 58 px each. On a phone three opponents now sit side by side: the table in
    play fits the pane at every turn of the reader, over a deal played to its end, and so
    does the deal's end (526 px while the empty table still said so)."""
    from playwright.sync_api import expect

    context = _phone(browser)
    try:
        page = context.new_page()
        table = start_lite_table(page, f"{book_url}/podkidnoy-teams.html",
                                 "Play this table in your browser", tap=True)
        expect(table.locator(".dl-gen")).to_have_count(1, timeout=240_000)
        expect(table.locator(".dl-others .dl-seat")).to_have_count(3)
        # (JupyterLite too: the status line is a live region, see test_widgets_live.py)
        expect(table.locator(".dl-status")).to_have_attribute("aria-live", "polite")
        frame = page.locator(LITE_FRAME).first.element_handle().content_frame()
        heights = []
        for _ in range(100):
            frame.evaluate(_THREE_FRAMES)
            where = frame.evaluate(_TABLE_IN_PANE)
            heights.append(round(where["table"]))
            assert where["table"] <= where["pane"], (where, heights)
            assert where["status"] and where["hand"] and where["actions"], where
            assert frame.evaluate(CUT_IN_WIDGETS) == []
            play_a_move(table)
            if re.search(r"\bdl-over\b", table.get_attribute("class") or ""):
                break
        expect(table).to_have_class(re.compile(r"\bdl-over\b"))  # a whole deal was seen
        assert len(heights) >= 5, heights
        # and its end: hands face up, the settings unfolded for New deal
        frame.evaluate(_THREE_FRAMES)
        where = frame.evaluate(_TABLE_IN_PANE)
        heights.append(round(where["table"]))
        assert where["table"] <= where["pane"], (where, heights)
        expect(table.locator(".dl-btn-new")).to_be_visible()
        print(f"four-seat table at 390 px, in play: {heights} px (pane 480)")
    finally:
        context.close()


def test_a_static_table_has_its_status_line_as_a_live_region(page: Any, book_url: str) -> None:
    """The widgets saved in a static page make their status lines live regions too (the
    widget's own stylesheet does it: no script of the page's)."""
    from playwright.sync_api import expect

    page.goto(f"{book_url}/podkidnoy-teams.html")
    status = page.locator("article .dl-play-table .dl-status").first
    expect(status).to_have_attribute("role", "status", timeout=30_000)
    expect(status).to_have_attribute("aria-live", "polite")
    assert not page.errors


@pytest.mark.slow
def test_a_phone_sees_the_whole_ochko_table(browser: Any, book_url: str) -> None:
    """At 390x844 the Очко table's seats table was 370 px wide in a 254 px console output:
    cut at "points"; now the widget fits its output, in play."""
    from playwright.sync_api import expect

    context = _phone(browser)
    try:
        page = context.new_page()
        page.goto(f"{book_url}/ochko.html")
        page.locator(".jupyterlite_sphinx_try_it_button",
                     has_text="Play this table in your browser").first.tap()
        lite = page.frame_locator(LITE_FRAME).first
        expect(lite.locator(".dl-ochko-seats table")).to_be_visible(timeout=240_000)
        lite.locator(".dl-ochko button", has_text=re.compile("^Deal$")).tap()
        expect(lite.locator(".dl-ochko .dl-movelog")).to_contain_text("dealt", timeout=30_000)
        frame = page.locator(LITE_FRAME).first.element_handle().content_frame()
        frame.evaluate(_THREE_FRAMES)
        assert frame.evaluate(CUT_IN_WIDGETS) == []
    finally:
        context.close()


@pytest.mark.slow
def test_a_chapter_play_table_starts_in_jupyterlite(page: Any, book_url: str) -> None:
    from playwright.sync_api import expect

    table = start_lite_table(
        page, f"{book_url}/navalenny.html", "Play this table in your browser"
    )
    # the chain game's table, run by the engine inside Pyodide (CPython 3.14)
    expect(table.locator(".dl-gen")).to_have_count(1, timeout=240_000)
    expect(table.locator(".dl-status")).to_contain_text("turn")
    assert non_local(page.requests) == []


def test_a_game_chapter_steps_its_example_hand_offline(page: Any, book_url: str) -> None:
    from playwright.sync_api import expect

    page.goto(f"{book_url}/podkidnoy.html")
    stepper = page.locator(".dl-stepper").first
    expect(stepper).to_be_visible(timeout=60_000)
    frame = stepper.locator(".dl-stepper-stack .dl-frame")
    expect(frame).to_contain_text("Step 0 of")
    stepper.locator(".dl-stepper-nav .lm-mod-current + .lm-TabBar-tab").click()
    expect(frame).to_contain_text("Step 1 of")
    expect(frame.locator(".dl-sentence")).to_contain_text("[")  # every step names its rule
    expect(page.locator(".dl-play-table").first).to_be_visible()
    OUTPUT.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(OUTPUT / "chapter-podkidnoy.png"), full_page=False)
    assert non_local(page.requests) == []


def test_play_button_steps_and_widget_icons_load(page: Any, book_url: str) -> None:
    from playwright.sync_api import expect

    page.goto(f"{book_url}/intro.html")
    stack = page.locator(".dl-demo-stack")
    expect(stack).to_contain_text("Deal: six cards each", timeout=30_000)
    play_button = page.locator(".dl-demo-play button").first
    # the Play widget keeps its <i class="fa ..."> icons (drawn with the vendored widget
    # fonts): the theme must not swap them for SVGs, that breaks the jslinks
    expect(play_button.locator("i.fa")).to_have_count(1)
    # an icon only, named in words for screen readers (the book's own CSS on the icon)
    expect(play_button).to_have_accessible_name("play")
    play_button.click()
    expect(stack).to_contain_text("Step 1: the leader leads", timeout=10_000)
    expect(play_button).to_have_accessible_name("pause")
    glyph = play_button.locator("i.fa").evaluate(
        "i => getComputedStyle(i, '::before').content")
    assert glyph.startswith('"\uf04c"'), glyph  # the icon itself is still drawn
    ready = page.evaluate("document.fonts.ready.then(() => document.fonts.status)")
    assert ready == "loaded"
    assert page.failures == [], "a vendored file is missing (e.g. widget icon fonts)"
    assert non_local(page.requests) == []


# what sticks out on the right of the article: on screen (``onPaper`` false) outside any box
# that scrolls or clips it; on paper, where nothing scrolls, past the paper's edge at all
_STICKING_OUT = """(onPaper) => {
  const article = document.querySelector('article.bd-article');
  const right = onPaper ? document.documentElement.clientWidth
                        : article.getBoundingClientRect().right;
  const out = [];
  for (const el of article.querySelectorAll('*')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.right <= right + 2) continue;
    let p = el.parentElement, held = false;
    while (!onPaper && p && p !== article) {
      if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(p).overflowX)) { held = true; break; }
      p = p.parentElement;
    }
    if (!held) out.push(`${el.tagName}.${el.className}: ${(el.innerText || '').slice(0, 50)}`);
  }
  return out;
}"""


@pytest.mark.parametrize("chapter", ["play", "podkidnoy", "how-to-read", "prostoy", "teaching"])
def test_a_phone_reads_the_chapter_without_sideways_overflow(
    browser: Any, book_url: str, chapter: str
) -> None:
    """At 400 px nothing sticks out of the text column (code and wide tables scroll in boxes
    of their own), and a JupyterLite prompt's text stays inside its button."""
    context = browser.new_context(viewport={"width": 400, "height": 800})
    try:
        page = context.new_page()
        page.goto(f"{book_url}/{chapter}.html")
        page.wait_for_load_state("load")
        assert page.evaluate(_STICKING_OUT, False) == []
        for button in page.locator(".jupyterlite_sphinx_try_it_button").all():
            box, text = button.evaluate(
                """b => { const r = document.createRange(); r.selectNodeContents(b);
                         const t = r.getBoundingClientRect(), o = b.getBoundingClientRect();
                         return [[o.left, o.right, o.top, o.bottom],
                                 [t.left, t.right, t.top, t.bottom]]; }"""
            )
            assert box[0] <= text[0] and text[1] <= box[1], (box, text)
            assert box[2] <= text[2] and text[3] <= box[3], (box, text)
            # white text on the book's green, whatever colour the directive wrote inline
            assert button.evaluate("b => getComputedStyle(b).backgroundColor") == (
                "rgb(46, 125, 50)")
    finally:
        context.close()


# colours (WCAG): rgb() of a CSS colour, its luminance, the ground an element is drawn on
_COLOURS = """
  const rgb = s => (s.match(/[\\d.]+/g) || []).map(Number);
  const lum = c => c.slice(0, 3).map(v => (v /= 255) <= 0.03928 ? v / 12.92
                                            : Math.pow((v + 0.055) / 1.055, 2.4))
                    .reduce((a, v, i) => a + v * [0.2126, 0.7152, 0.0722][i], 0);
  const ground = el => {
    for (; el; el = el.parentElement) {
      const c = rgb(getComputedStyle(el).backgroundColor);
      if (c.length === 3 || c[3] > 0.5) return c;
    }
    return [255, 255, 255];
  };"""

# pages whose text is walked in either theme, each with what must be on screen first (the
# widgets render after the page loads): the stepper's tabs and the card backs of a play
# table; the rules matrix with its kept first column; a quiz with its Check button; the
# inline code and captions of the outputs (how-to-read, intro)
_WALKED = {
    "how-to-read": ".cell_output code",
    "intro": ".dl-demo-stack .dl-demo-frame",
    "podkidnoy": ".dl-stepper-nav .lm-TabBar-tab:not(.lm-mod-current), .dl-play-table .dl-back",
    "rules-matrix": ".dl-wide .dl-matrix td:first-child code",
    "teaching": ".dl-quiz .dl-btn-check",
}


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_text_is_readable_in_either_theme(browser: Any, book_url: str, theme: str) -> None:
    """Every text on these pages, prose, code, tables and our widgets alike, keeps WCAG AA's
    contrast against the ground it is drawn on (4.5:1, large text 3:1) in the light theme and
    in the dark one, chosen as the theme's switcher chooses it. In the dark theme the rules
    matrix's kept column was the page's near-black under dark text (1.3:1); in both, the
    stepper's grey tabs (3.9), the quiz's blue Check button (3.1) and the "?" on a card back
    (4.2) fell short."""
    from playwright.sync_api import expect

    context = open_in_theme(browser, theme)
    try:
        page = context.new_page()
        below = {}
        for chapter, shown in _WALKED.items():
            page.goto(f"{book_url}/{chapter}.html")
            for selector in shown.split(", "):
                expect(page.locator(selector).first).to_be_visible(timeout=30_000)
            assert page.evaluate("document.documentElement.dataset.theme") == theme
            below[chapter] = [
                f"{where} {text!r}: {colour} on {ground} = {ratio} < {needed}"
                for where, text, colour, ground, ratio, needed in page.evaluate(TEXT_CONTRAST)
            ]
        assert {chapter: rows for chapter, rows in below.items() if rows} == {}
    finally:
        context.close()


# the contrast ratio of the text of every action button that is on, as seen: its colour over
# its face, both faded by the button's opacity over the ground behind it
_BUTTON_CONTRAST = """() => {""" + _COLOURS + """
  const over = (c, g, a) => [0, 1, 2].map(i => a * c[i] + (1 - a) * g[i]);
  return [...document.querySelectorAll('.dl-root button.dl-btn:not(:disabled)')].map(b => {
    const s = getComputedStyle(b), behind = ground(b.parentElement);
    let opacity = 1;
    for (let e = b; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
    const face = rgb(s.backgroundColor), text = rgb(s.color);
    const seenFace = over(face, behind, opacity);
    const seenText = over(over(text, face, text.length > 3 ? text[3] : 1), behind, opacity);
    const [a, c] = [lum(seenText), lum(seenFace)];
    return [b.className.match(/dl-btn-\\S+/)[0] + ' ' + b.className.match(/dl-(il)?legal|$/)[0],
            (Math.max(a, c) + 0.05) / (Math.min(a, c) + 0.05)];
  });
}"""


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_an_action_the_rules_forbid_keeps_a_readable_button(
    browser: Any, book_url: str, theme: str
) -> None:
    """An action button that is on but whose action the rules forbid now (``dl-illegal``: a
    click on it says why) is drawn faded, yet its text keeps WCAG's 4.5:1 for text on a
    control that works; it was faded as much as a disabled button (3.5:1)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=theme)
    try:
        page = context.new_page()
        page.goto(f"{book_url}/podkidnoy.html")
        page.wait_for_load_state("networkidle")
        page.evaluate(f"document.documentElement.dataset.theme = '{theme}'")
        ratios = page.evaluate(_BUTTON_CONTRAST)
        assert any(name.endswith("dl-illegal") for name, _ in ratios), ratios
        assert [(name, round(r, 1)) for name, r in ratios if r < 4.5] == []
    finally:
        context.close()



@pytest.mark.parametrize("chapter", ["podkidnoy", "rules-matrix", "playing-well", "play"])
def test_a_printed_chapter_keeps_every_line_on_the_paper(
    browser: Any, book_url: str, chapter: str
) -> None:
    """The page's "Download → .pdf" button prints it: long code lines wrap, the rules matrix
    prints as narrower tables, and the JupyterLite frames (empty on paper) are left out."""
    context = browser.new_context(viewport={"width": 718, "height": 1000})  # A4, its margins
    try:
        page = context.new_page()
        page.emulate_media(media="print")
        page.goto(f"{book_url}/{chapter}.html")
        page.wait_for_load_state("networkidle")
        assert page.evaluate(_STICKING_OUT, True) == []
        for frame in page.locator(
            ".jupyterlite_sphinx_iframe_container, .try_examples_button"
        ).all():
            assert not frame.is_visible()
        if chapter == "rules-matrix":
            printed = page.locator(".dl-print-only table")
            assert printed.count() >= 4
            assert printed.first.is_visible()
            assert printed.first.locator("thead th").nth(1).inner_text() == "podkidnoy"
            page.emulate_media(media="screen")  # on screen: the wide matrix, not its copy
            assert not printed.first.is_visible()
            assert page.locator(".dl-wide table").is_visible()
    finally:
        context.close()


@pytest.mark.parametrize("chapter", ["svoi-kozyri", "diamonds", "navalenny"])
def test_a_phone_reads_the_rules_at_a_glance_without_scrolling_sideways(
    browser: Any, book_url: str, chapter: str
) -> None:
    """UX review: at 390 px the four columns of a "Rules at a glance" table squeezed the
    meaning to a word a line and put the source out of view (svoi-kozyri's table was 537 px in
    a 358 px box): on a phone each option is a block of its own, and nothing scrolls."""
    context = browser.new_context(viewport={"width": 390, "height": 800})
    try:
        page = context.new_page()
        page.goto(f"{book_url}/{chapter}.html")
        page.wait_for_load_state("load")
        tables = page.locator("table.dl-glance")
        assert tables.count() >= 1
        for table in tables.all():
            inner, outer = table.evaluate(
                "t => { const box = t.closest('.output') || t.parentElement;"
                " return [box.scrollWidth, box.clientWidth]; }")
            assert inner <= outer + 1, (chapter, inner, outer)
            # the source of every option is on screen, inside the box
            last = table.locator("tbody tr td:last-child").last
            assert last.is_visible()
            assert last.evaluate(
                "td => td.getBoundingClientRect().right"
                " <= td.closest('.output').getBoundingClientRect().right + 1")
    finally:
        context.close()


def test_a_phone_sees_the_whole_statistics_progress_line(browser: Any, book_url: str) -> None:
    """UX review: at 390 px the label after the progress bar was cut ("computed in 24"): the
    bar and its label wrap instead."""
    context = browser.new_context(viewport={"width": 390, "height": 800})
    try:
        page = context.new_page()
        page.goto(f"{book_url}/statistics.html")
        label = page.locator(".widget-hbox > .widget-html").first
        from playwright.sync_api import expect

        expect(label).to_contain_text(re.compile(r"computed in|read from the cache"),
                                      timeout=30_000)
        right, width, full = label.evaluate(
            "l => [l.getBoundingClientRect().right, l.clientWidth, l.scrollWidth]")
        assert full <= width + 1, "the label's text is cut"
        assert right <= page.evaluate(
            "document.querySelector('article.bd-article').getBoundingClientRect().right") + 1
    finally:
        context.close()


def test_the_first_hand_text_names_the_seats_the_frames_show(page: Any, book_url: str) -> None:
    """UX review: the introduction spoke of Anna and Boris while its frames (the engine's own
    drawing of a position) show "seat 0" and "seat 1": the text says which seat is whose."""
    from playwright.sync_api import expect

    page.goto(f"{book_url}/intro.html")
    stack = page.locator(".dl-demo-stack")
    expect(stack).to_contain_text("seat 0", timeout=30_000)
    shown = set(re.findall(r"seat \d", stack.inner_text()))
    assert shown == {"seat 0", "seat 1"}
    words = page.locator("p", has_text="Here is the start of a real game").inner_text()
    assert "Anna (seat 0)" in words and "Boris (seat 1)" in words


@pytest.mark.parametrize("chapter", ["intro", "podkidnoy", "dorozhny", "blind", "ochko", "teaching"])
def test_every_widget_button_has_a_name_in_words(page: Any, book_url: str, chapter: str) -> None:
    """A screen reader announces a button by its accessible name, as Chromium computes it:
    every button of the page's widgets (the play and Очко tables, the introduction's Play
    widget) has one in words.  The Play widget's buttons show an icon
    only, and were named by the icon's private-use character: heard as nothing at all."""
    from playwright.sync_api import expect

    page.goto(f"{book_url}/{chapter}.html")
    expect(page.locator(".cell_output .jupyter-widgets button").first).to_be_visible(
        timeout=30_000)
    _, buttons = accessible_nodes(page, "button")
    names = [n.get("name", {}).get("value", "") for n in buttons]
    assert names
    assert [n for n in names if not any(c.isalpha() for c in n)] == []


# every slider of the page's widget state is drawn (the widget manager draws after load)
_ALL_SLIDERS_DRAWN = """() => {
  const tag = document.querySelector('script[type="application/vnd.jupyter.widget-state+json"]');
  const models = Object.values(JSON.parse(tag.textContent).state);
  const sliders = models.filter(m => m.model_name.endsWith('SliderModel')).length;
  return sliders > 0 && document.querySelectorAll('.noUi-handle').length === sliders;
}"""


# dorozhny: two example hands (two sliders) on one page
@pytest.mark.parametrize(
    ("chapter", "label"), [("intro", "Step"), ("podkidnoy", "step"), ("dorozhny", "step")]
)
def test_every_widget_slider_is_named_by_its_label(
    page: Any, book_url: str, chapter: str, label: str
) -> None:
    """The slider's handle (noUiSlider's role="slider") is what takes the focus, and
    ipywidgets links no label to it: Chromium named it '', though "Step" stands beside it.
    The widget's own stylesheet labels each handle by its label (widgets/cards.py)."""
    page.goto(f"{book_url}/{chapter}.html")
    page.wait_for_function(_ALL_SLIDERS_DRAWN, timeout=60_000)
    cdp, sliders = accessible_nodes(page, "slider")
    assert len(sliders) == page.locator(".noUi-handle").count() > 0  # every handle is heard
    for node in sliders:
        handle = cdp.send("DOM.resolveNode", {"backendNodeId": node["backendDOMNodeId"]})
        beside = cdp.send("Runtime.callFunctionOn", {
            "objectId": handle["object"]["objectId"], "returnByValue": True,
            "functionDeclaration": "function () { return this.closest('.widget-slider')"
                                   ".querySelector('.widget-label').textContent; }",
        })["result"]["value"]
        assert (node.get("name", {}).get("value", ""), beside) == (label, label)
