"""Keep the built pages offline and free of dead scripts.

* jupyterlite-sphinx adds a Google Fonts style sheet (the "Vibur" font of its "Try it"
  button) to every page: remote style sheets are removed (scripts/build_book.py fails the
  build if any remote resource is left).
* Jupyter Book 1 always loads sphinx-thebe, which declares ``THEBE_JS_URL`` twice per page
  (a console error) and points at unpkg.com. Thebe cannot work offline (we use JupyterLite),
  so its scripts are removed.
* The theme's Font Awesome script replaces every ``<i class="fa ...">`` added to the page,
  widget icons included, by an SVG. A widget whose view later updates its icon (Play,
  Button with an icon) then throws inside its change handler, which silently stops the
  ``jslink`` links of the static page. Widgets keep their own icon font instead
  (``FontAwesomeConfig.observeMutations = false``; the theme's own icons are in the page at
  load and are still converted).
"""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx


def _is_remote(filename: str) -> bool:
    return filename.startswith(("http://", "https://", "//"))


def _drop_remote_css(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: object
) -> None:
    css_files = context.get("css_files")
    if css_files:
        context["css_files"] = [
            c for c in css_files if not _is_remote(str(getattr(c, "filename", c)))
        ]


def _is_thebe(script: object) -> bool:
    filename = str(getattr(script, "filename", "") or "")
    body = str(getattr(script, "attributes", {}).get("body", ""))
    return "sphinx-thebe" in filename or "THEBE_JS_URL" in body or "thebe@" in filename


def _drop_thebe(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: object
) -> None:
    scripts = context.get("script_files")
    if scripts:
        context["script_files"] = [s for s in scripts if not _is_thebe(s)]


FONTAWESOME_CONFIG = (
    "window.FontAwesomeConfig = Object.assign(window.FontAwesomeConfig || {}, "
    "{observeMutations: false});"
)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_js_file(None, body=FONTAWESOME_CONFIG, priority=100)
    app.connect("html-page-context", _drop_remote_css, priority=900)
    app.connect("html-page-context", _drop_thebe, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
