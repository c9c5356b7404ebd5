"""Fixtures for the real-browser tests: Debian chromium driven by Playwright (sync API); the
other engines, Firefox and WebKit, are started by engines.py (test_other_engines.py).

* ``browser``: /usr/bin/chromium (installed by scripts/ensure_browsers.py, never by
  ``playwright install``), headless with the flags that work as root.
* ``book_url``: the built book (_build/html) served on 127.0.0.1 by a thread http.server on a
  free port. The book is reused when scripts/build_book.py built it from the current sources
  (as ``make test`` does just before), else it is built once here.
* ``voila_url``: the classroom app (chapters converted to .ipynb) served by Voila on a free port.
* ``lan_browser``: a second Chromium that opens the book by another name than 127.0.0.1 (as
  a class does from a school server: not a secure context).
* ``page``: a fresh page per test; every request it makes is recorded in ``page.requests``.
  Screenshots go to test-output/.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import load_script, voila_server

ROOT = Path(__file__).resolve().parents[2]
_BROWSERS = load_script("ensure_browsers")
CHROMIUM: Path = _BROWSERS.CHROMIUM
CHROMIUM_ARGS: list[str] = _BROWSERS.CHROMIUM_ARGS
OUTPUT = ROOT / "test-output" / "browser"


@pytest.fixture(scope="session")
def built_book() -> Path:
    build_book = load_script("build_book")
    if not build_book.is_fresh():
        subprocess.run(
            [sys.executable, str(ROOT / "scripts" / "build_book.py")], cwd=ROOT, check=True
        )
    # (not is_fresh() again: a source edited during the build would fail it spuriously)
    assert build_book.BUILD_INFO.exists(), "the book build did not record a -W build"
    return Path(build_book.HTML)


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="session")
def book_url(built_book: Path) -> Iterator[str]:
    handler = functools.partial(_QuietHandler, directory=str(built_book))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def voila_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    classroom = load_script("classroom")
    folder = tmp_path_factory.mktemp("classroom")
    written = classroom.convert(folder)
    assert written, "no notebook chapter to serve"
    with voila_server(folder, OUTPUT / "voila.log") as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: run scripts/ensure_browsers.py (make browser does)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
        )
        try:
            yield browser
        finally:
            browser.close()


#: A name for this machine other than 127.0.0.1 or localhost (``lan_browser`` resolves it): a
#: page opened by it is not a secure context, as a class's pages are not when a school server
#: serves the book by its network address over plain http.
LAN_HOST = "classroom.test"


@pytest.fixture
def lan_browser(browser: Any) -> Iterator[Any]:
    """A second Chromium like ``browser`` (of the same Playwright), for which LAN_HOST is
    127.0.0.1: ``book_url`` with LAN_HOST in place of 127.0.0.1 is the book as a classroom
    opens it from a server of the school."""
    lan = browser.browser_type.launch(
        executable_path=str(CHROMIUM), headless=True,
        args=[*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {LAN_HOST} 127.0.0.1"],
    )
    try:
        yield lan
    finally:
        lan.close()


@pytest.fixture
def page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A page in a fresh context; ``page.requests`` lists every URL asked for (service workers
    included), ``page.failures`` every failed request or HTTP error, ``page.errors`` page errors,
    ``page.console_errors`` what the page logged as an error in the console."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    requests: list[str] = []
    failures: list[str] = []
    errors: list[str] = []
    console_errors: list[str] = []
    context.on("request", lambda r: requests.append(r.url))
    context.on("requestfailed", lambda r: failures.append(f"{r.url} ({r.failure})"))
    context.on(
        "response",
        lambda r: failures.append(f"{r.url} (HTTP {r.status})") if r.status >= 400 else None,
    )
    pg = context.new_page()
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.on("console", lambda m: console_errors.append(m.text) if m.type == "error" else None)
    pg.requests, pg.failures, pg.errors = requests, failures, errors
    pg.console_errors = console_errors
    try:
        yield pg
    finally:
        OUTPUT.mkdir(parents=True, exist_ok=True)
        name = request.node.name.replace("/", "_").replace("[", "-").replace("]", "")
        with contextlib.suppress(Exception):  # the screenshot is a help, never the failure
            pg.screenshot(path=str(OUTPUT / f"{name}.png"), full_page=True)
        context.close()
