"""The built book: built with -W, every page present, links resolve, nothing from other hosts."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path
from types import ModuleType
from urllib.parse import unquote, urljoin, urlsplit

import pytest

pytestmark = pytest.mark.book

ROOT = Path(__file__).resolve().parents[2]
BOOK = ROOT / "book"
# generated assets that are not pages written by the book's authors
NOT_PAGES = ("lite/", "_static/", "vendor/", "_sources/", "_sphinx_design_static/")


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.resources: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        for key in ("id", "name"):
            if a.get(key):
                self.ids.add(a[key])
        if tag == "a" and "href" in a:
            self.links.append(a["href"])
        if tag in {"script", "img", "iframe", "source"} and a.get("src"):
            self.resources.append(a["src"])
        if tag == "link" and a.get("href") and "stylesheet" in a.get("rel", ""):
            self.resources.append(a["href"])


def parse(page: Path) -> _Page:
    parser = _Page()
    parser.feed(page.read_text(encoding="utf-8", errors="replace"))
    return parser


def pages(html: Path) -> list[Path]:
    return sorted(
        p for p in html.rglob("*.html") if not p.relative_to(html).as_posix().startswith(NOT_PAGES)
    )


def is_local(url: str) -> bool:
    parts = urlsplit(url)
    return not parts.scheme and not parts.netloc and not url.startswith(("mailto:", "javascript:"))


def target_of(html: Path, page: Path, url: str) -> tuple[Path, str]:
    base = "/" + page.relative_to(html).as_posix()
    parts = urlsplit(urljoin(base, url))
    path = html / unquote(parts.path).lstrip("/")
    if parts.path.endswith("/") or path.is_dir():
        path = path / "index.html"
    return path, unquote(parts.fragment)


def test_build_was_warnings_as_errors(built_book: Path, build_book: ModuleType) -> None:
    info = json.loads(Path(build_book.BUILD_INFO).read_text())
    assert info["warnings_as_errors"] is True


def test_every_toc_page_is_built(built_book: Path, classroom: ModuleType) -> None:
    for src in classroom.toc_files():
        assert (built_book / src.relative_to(BOOK).with_suffix(".html")).exists(), src


def test_internal_links_and_anchors_resolve(built_book: Path) -> None:
    id_cache: dict[Path, set[str]] = {}
    broken: list[str] = []
    for page in pages(built_book):
        parsed = parse(page)
        id_cache[page] = parsed.ids
        for url in parsed.links + parsed.resources:
            if not is_local(url) or url in {"", "#"}:
                continue
            target, fragment = target_of(built_book, page, url)
            where = f"{page.relative_to(built_book)} -> {url}"
            if not target.exists():
                broken.append(f"{where} (missing file)")
                continue
            if fragment and target.suffix == ".html":
                if target not in id_cache:
                    id_cache[target] = parse(target).ids
                if fragment not in id_cache[target]:
                    broken.append(f"{where} (missing anchor)")
    assert broken == []


def test_no_page_loads_from_another_host(built_book: Path, build_book: ModuleType) -> None:
    assert build_book.external_resources(built_book) == {}


def test_offline_assets_are_in_place(built_book: Path) -> None:
    assert (built_book / "vendor" / "require.js").exists()
    assert (built_book / "vendor" / "embed-amd.js").exists()
    fonts = built_book / "@jupyter-widgets" / "html-manager" / "dist"
    assert list(fonts.glob("*.woff2")), "widget icon fonts missing next to the pages"
    lite = built_book / "lite"
    assert (lite / "static" / "pyodide" / "pyodide.mjs").exists()
    lock = json.loads((lite / "static" / "pyodide" / "pyodide-lock.json").read_text())
    for entry in lock["packages"].values():
        assert (lite / "static" / "pyodide" / entry["file_name"]).exists(), entry["file_name"]
    index = json.loads((lite / "pypi" / "all.json").read_text())
    assert {"durak-lessons", "ipywidgets", "jupyterlab-widgets", "comm"} <= set(index)
    config = json.loads((lite / "jupyter-lite.json").read_text())
    settings = config["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"
    ]
    assert settings["pyodideUrl"].startswith("./"), "Pyodide must come from this site"


def test_piplite_wheel_has_every_subpackage(built_book: Path) -> None:
    """JupyterLite installs our wheel, not the editable checkout: a subpackage missing from
    [tool.setuptools] packages imports fine locally and fails only in the browser."""
    import zipfile

    (wheel,) = (built_book / "lite" / "pypi").glob("durak_lessons-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = {
        "durak_lessons/" + p.relative_to(ROOT / "durak_lessons").as_posix()
        for p in (ROOT / "durak_lessons").rglob("__init__.py")
    } | {
        "durak_lessons/widgets/" + p.relative_to(ROOT / "widgets").as_posix()
        for p in (ROOT / "widgets").rglob("__init__.py")
    }
    missing = sorted(e for e in expected if "__pycache__" not in e and e not in names)
    assert missing == [], f"add these packages to [tool.setuptools] packages: {missing}"


def test_the_api_page_documents_every_public_name(built_book: Path) -> None:
    """book/api.md is written by hand (grouped by use), so a name added to the engine's
    ``__all__`` or the widgets' main classes must be added there too."""
    import durak_lessons
    from durak_lessons import widgets

    ids = parse(built_book / "api.html").ids
    public = [f"durak_lessons.{n}" for n in durak_lessons.__all__] + [
        f"durak_lessons.widgets.{n}" for n in ("PlayTable", "HandStepper", "LegalityQuiz", "OchkoTable")
    ]
    assert all(hasattr(widgets, n.rsplit(".", 1)[1]) for n in public if ".widgets." in n)
    assert [n for n in public if n not in ids] == []


def test_the_api_page_shows_no_signature_of_the_enum_machinery(built_book: Path) -> None:
    """An enum documented with autodoc shows ``Enum.__call__``'s signature (``names=None, *,
    module=None, qualname=None, ...``) unless book/api.md gives its own: a reader would
    think a preset option takes those arguments."""
    text = (built_book / "api.html").read_text(encoding="utf-8")
    assert "qualname" not in text


class _Images(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.images: list[dict[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "img":
            self.images.append({k: v or "" for k, v in attrs})


def test_every_figure_has_words_for_its_alt_text(built_book: Path) -> None:
    """Review s42: the figures drawn by the chapters (the family tree, the five plots of the
    statistics chapter) had as alt text their own file name, '_images/d4dc…ce.png', which a
    screen reader reads out; each cell drawing one now gives its words (``mystnb: image:
    alt:``).  The theme's own icons (``_static/``) are left out."""
    bare = []
    for page in pages(built_book):
        parser = _Images()
        parser.feed(page.read_text(encoding="utf-8", errors="replace"))
        for image in parser.images:
            src, alt = image.get("src", ""), image.get("alt", "")
            if src.startswith("_static/"):
                continue
            if len(alt.split()) < 5 or alt == src or alt.endswith((".png", ".svg")):
                bare.append(f"{page.relative_to(built_book)}: {src} alt={alt!r}")
    assert bare == []
