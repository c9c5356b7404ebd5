"""Keep the built pages offline: drop style sheets that extensions add from other hosts.

jupyterlite-sphinx adds a Google Fonts style sheet (the "Vibur" font of its "Try it" button)
to every page. The book must load nothing from any other host, so remote style sheets are
removed here; scripts/build_book.py fails the build if any remote resource is left.
"""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx


def _is_remote(filename: str) -> bool:
    return filename.startswith(("http://", "https://", "//"))


def _drop_remote_css(app: Sphinx, pagename: str, templatename: str,
                     context: dict[str, Any], doctree: object) -> None:
    css_files = context.get("css_files")
    if css_files:
        context["css_files"] = [
            c for c in css_files if not _is_remote(str(getattr(c, "filename", c)))
        ]


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("html-page-context", _drop_remote_css, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
