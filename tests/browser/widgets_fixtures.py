"""Fixtures of the widget browser tests (the shared ``browser`` and ``page`` come from
conftest.py): Voila serving tests/browser/notebooks/play.ipynb, and the stepper notebook
executed by nbconvert into a static HTML page with embedded widget state, whose widget
manager (require.js and @jupyter-widgets/html-manager) is a local copy vendored from npm by
scripts/build_book.py's own function, so the page asks no other host for anything."""

from __future__ import annotations

import functools
import http.server
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import load_script, tool_env, voila_server

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = Path(__file__).parent / "notebooks"
SHOTS = ROOT / "test-output"


@pytest.fixture(scope="session")
def widgets_voila_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Voila serving a copy of tests/browser/notebooks/ on 127.0.0.1."""
    folder = tmp_path_factory.mktemp("widget-notebooks")
    for nb in NOTEBOOKS.glob("*.ipynb"):
        shutil.copy(nb, folder / nb.name)
    with voila_server(folder, SHOTS / "widgets-voila.log") as url:
        yield url


def build_static_page(notebook: Path, out: Path) -> Path:
    """Execute ``notebook`` and write it as HTML with embedded widget state into ``out``,
    with require.js, the widget manager and its fonts served from ``out`` itself."""
    build_book = load_script("build_book")
    manager = build_book.npm_package(*build_book.HTML_MANAGER)
    requirejs = build_book.npm_package(*build_book.REQUIREJS)
    vendor = out / "vendor"
    vendor.mkdir(parents=True, exist_ok=True)
    shutil.copy(manager / "dist" / "embed-amd.js", vendor / "embed-amd.js")
    shutil.copy(requirejs / "require.js", vendor / "require.js")
    fonts = out / "@jupyter-widgets" / "html-manager" / "dist"
    fonts.mkdir(parents=True, exist_ok=True)
    for font in build_book.widget_fonts():
        shutil.copy(font, fonts / font.name)
    subprocess.run(
        [sys.executable, "-m", "jupyter", "nbconvert", "--to", "html", "--execute",
         "--ExecutePreprocessor.timeout=120", "--HTMLExporter.require_js_url=vendor/require.js",
         "--HTMLExporter.widget_renderer_url=vendor/embed-amd.js",
         "--HTMLExporter.mathjax_url=", "--HTMLExporter.jquery_url=",
         "--output-dir", str(out), str(notebook)],
        check=True, env=tool_env(), cwd=out, capture_output=True,
    )
    return out / f"{notebook.stem}.html"


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="session")
def stepper_page_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The stepper notebook as a static page (no kernel anywhere), served on 127.0.0.1."""
    out = tmp_path_factory.mktemp("stepper-page")
    page = build_static_page(NOTEBOOKS / "stepper.ipynb", out)
    handler = functools.partial(_Quiet, directory=str(out))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/{page.name}"
    finally:
        server.shutdown()
        server.server_close()
