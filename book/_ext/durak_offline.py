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
* The widget manager typesets widget descriptions with the MathJax 2 API
  (``MathJax.Hub.Queue``) whenever ``window.MathJax`` exists; Sphinx loads MathJax 3, so on a
  page with both math and widgets every description threw an error. A small ``Hub.Queue``
  shim maps it to MathJax 3's ``typesetPromise``.
"""

from __future__ import annotations

import posixpath
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


MATHJAX2_SHIM = """
(function () {
  var queue = function (cmd) {
    var el = cmd && cmd[2];
    if (window.MathJax && window.MathJax.typesetPromise) {
      return window.MathJax.typesetPromise(el ? [el] : undefined);
    }
  };
  var mj = window.MathJax = window.MathJax || {};
  mj.Hub = {Queue: queue};
  var startup = mj.startup = mj.startup || {};
  startup.ready = function () {
    window.MathJax.startup.defaultReady();
    window.MathJax.Hub = {Queue: queue};
  };
})();
""".strip()


def _add_mathjax2_shim(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: object
) -> None:
    from sphinx.builders.html._assets import _JavaScript

    scripts = context.get("script_files")
    mathjax_path = str(app.config.mathjax_path)
    if not scripts or not mathjax_path:
        return
    # Sphinx stores a relative mathjax_path as "_static/<mathjax_path>"
    wanted = {mathjax_path, posixpath.normpath(posixpath.join("_static", mathjax_path))}
    for i, script in enumerate(scripts):
        filename = str(getattr(script, "filename", "") or "")
        if filename and (filename in wanted or posixpath.normpath(filename) in wanted):
            shim = _JavaScript(None, priority=getattr(script, "priority", 500), body=MATHJAX2_SHIM)
            context["script_files"] = [*scripts[:i], shim, *scripts[i:]]
            return


FONTAWESOME_CONFIG = (
    "window.FontAwesomeConfig = Object.assign(window.FontAwesomeConfig || {}, "
    "{observeMutations: false});"
)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_js_file(None, body=FONTAWESOME_CONFIG, priority=100)
    app.connect("html-page-context", _drop_remote_css, priority=900)
    app.connect("html-page-context", _drop_thebe, priority=900)
    app.connect("html-page-context", _add_mathjax2_shim, priority=910)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
