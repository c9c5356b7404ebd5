"""The book in the other two browser engines: Firefox (Gecko) and WebKit (Safari's engine).

Playwright drives only its own builds of Firefox and WebKit, downloaded from a host these
machines cannot reach, so the other engines come from Debian (scripts/ensure_browsers.py) and
are driven by the protocols they speak themselves:

* Firefox ESR, headless, by Marionette (``marionette_driver``, Mozilla's client, from PyPI);
* WebKitGTK's MiniBrowser by WebKitWebDriver, the W3C WebDriver protocol over HTTP (a few
  calls, made here with the standard library), on an Xvfb display of its own (WebKitGTK has
  no headless mode).

Both are offered as one small :class:`Engine`: open a page, run a script, wait until a script
returns something, click an element, enter a frame, take a screenshot.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from browser_support import free_port, load_script

_BROWSERS = load_script("ensure_browsers")
#: the engines, by the name the tests are parametrized with
ENGINES = ("firefox", "webkit")
#: the page asks a script (a function body, with its arguments) again at every frame drawn,
#: until it returns something true or the time (ms) is up; then it answers with it (or null)
_WAIT = """
const [body, args, ms, answer] = arguments;
const ask = new Function(body), until = performance.now() + ms;
const again = () => {
  let found = null;
  try { found = ask(...args); } catch (notYet) { found = null; }
  if (found) answer(found);
  else if (performance.now() > until) answer(null);
  else requestAnimationFrame(again);
};
again();
"""
#: how a W3C WebDriver names an element in JSON
_ELEMENT = "element-6066-11e4-a52e-4f735466cecf"


class Engine:
    """What a test asks of a browser engine (see :func:`open_engine`)."""

    name: str

    def goto(self, url: str) -> None:
        raise NotImplementedError

    def js(self, script: str, *args: Any) -> Any:
        """Run ``script`` (a function body: ``return ...``) in the current frame."""
        raise NotImplementedError

    def click(self, element: Any) -> None:
        """Click ``element`` (as returned by :meth:`js`) as a user would."""
        raise NotImplementedError

    def frame(self, element: Any | None) -> None:
        """Go into the iframe ``element``; ``None``: back to the top of the page."""
        raise NotImplementedError

    def screenshot(self, path: Path) -> None:
        raise NotImplementedError

    def js_async(self, script: str, *args: Any, timeout: float) -> Any:
        """Run ``script`` whose last argument is a callback it calls with its result."""
        raise NotImplementedError

    def wait(self, script: str, *args: Any, timeout: float = 60) -> Any:
        """What ``script`` (as for :meth:`js`) returns once it returns something true: the
        page asks it again at every frame it draws (an error counts as not yet); a
        TimeoutError if nothing true came within ``timeout`` seconds."""
        found = self.js_async(_WAIT, script, list(args), timeout * 1000, timeout=timeout + 30)
        if not found:
            raise TimeoutError(f"{self.name}: nothing within {timeout:g} s from {script!r}")
        return found


class _Firefox(Engine):
    name = "firefox"

    def __init__(self, log: Path) -> None:
        from marionette_driver.marionette import Marionette

        self._m = Marionette(
            host="127.0.0.1", port=free_port(), bin=str(_BROWSERS.FIREFOX), headless=True,
            startup_timeout=120, gecko_log=str(log),
        )
        self._m.start_session()
        self._m.set_window_rect(width=1280, height=900)

    def goto(self, url: str) -> None:
        self._m.navigate(url)

    def js(self, script: str, *args: Any) -> Any:
        return self._m.execute_script(script, script_args=list(args))

    def js_async(self, script: str, *args: Any, timeout: float) -> Any:
        return self._m.execute_async_script(script, script_args=list(args),
                                            script_timeout=int(timeout * 1000))

    def click(self, element: Any) -> None:
        element.click()

    def frame(self, element: Any | None) -> None:
        self._m.switch_to_frame(element)

    def screenshot(self, path: Path) -> None:
        path.write_bytes(self._m.screenshot(format="binary"))

    def close(self) -> None:
        self._m.cleanup()


class _WebKit(Engine):
    name = "webkit"

    def __init__(self, display: str) -> None:
        port = free_port()
        self._driver = subprocess.Popen(
            [str(_BROWSERS.WEBKIT_DRIVER), f"--port={port}"],
            env={**os.environ, "DISPLAY": display},
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        self._base = f"http://127.0.0.1:{port}"
        self._session = ""
        try:
            self._call("GET", "/status", retry=True)
            options = {"binary": str(_BROWSERS.MINIBROWSER), "args": ["--automation"]}
            answer = self._call("POST", "/session", {
                "capabilities": {"alwaysMatch": {"webkitgtk:browserOptions": options}}})
            self._session = f"/session/{answer['sessionId']}"
            self._call("POST", f"{self._session}/window/rect", {"width": 1280, "height": 900})
        except BaseException:
            self.close()
            raise

    def _call(self, method: str, path: str, body: object = None, *, retry: bool = False) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self._base + path, data=data, method=method,
            headers={"Content-Type": "application/json"},
        )
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(request, timeout=300) as answer:
                    return json.load(answer)["value"]
            except urllib.error.HTTPError as exc:  # the driver's own error, in words
                raise RuntimeError(
                    f"WebKitWebDriver {method} {path}: {exc.read()[:500]!r}"
                ) from None
            except OSError:  # the driver is still starting (only when asked to retry)
                if not retry or time.monotonic() > deadline:
                    raise
                try:  # give it a moment, unless it has exited
                    code = self._driver.wait(timeout=0.1)
                except subprocess.TimeoutExpired:
                    continue
                raise RuntimeError(f"WebKitWebDriver exited with {code}") from None

    def goto(self, url: str) -> None:
        self._call("POST", f"{self._session}/url", {"url": url})

    def js(self, script: str, *args: Any) -> Any:
        return self._call("POST", f"{self._session}/execute/sync",
                          {"script": script, "args": list(args)})

    def js_async(self, script: str, *args: Any, timeout: float) -> Any:
        self._call("POST", f"{self._session}/timeouts", {"script": int(timeout * 1000)})
        return self._call("POST", f"{self._session}/execute/async",
                          {"script": script, "args": list(args)})

    def click(self, element: Any) -> None:
        self._call("POST", f"{self._session}/element/{element[_ELEMENT]}/click", {})

    def frame(self, element: Any | None) -> None:
        self._call("POST", f"{self._session}/frame", {"id": element})

    def screenshot(self, path: Path) -> None:
        path.write_bytes(base64.b64decode(self._call("GET", f"{self._session}/screenshot")))

    def close(self) -> None:
        if self._session:
            with contextlib.suppress(OSError, RuntimeError):
                self._call("DELETE", self._session)
        self._driver.terminate()
        self._driver.wait(timeout=30)


@contextlib.contextmanager
def _xvfb() -> Iterator[str]:
    """An X display of its own (Xvfb picks a free number and writes it to a pipe)."""
    read, write = os.pipe()
    server = subprocess.Popen(
        [str(_BROWSERS.XVFB), "-displayfd", str(write), "-screen", "0", "1280x1024x24",
         "-nolisten", "tcp"],
        pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    os.close(write)
    try:
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        if not number:
            raise RuntimeError(f"Xvfb exited with {server.wait(timeout=30)} before a display")
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=30)


@contextlib.contextmanager
def open_engine(name: str, log: Path) -> Iterator[Engine]:
    """The engine ``name`` (one of :data:`ENGINES`) started, and stopped afterwards; Firefox
    writes its own log to ``log``."""
    if name == "firefox":
        log.parent.mkdir(parents=True, exist_ok=True)
        firefox = _Firefox(log)
        try:
            yield firefox
        finally:
            firefox.close()
        return
    with _xvfb() as display:
        webkit = _WebKit(display)
        try:
            yield webkit
        finally:
            webkit.close()
