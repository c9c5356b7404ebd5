"""Build the whole book: vendored JS, an offline Pyodide for JupyterLite, then Jupyter Book.

Usage:  python scripts/build_book.py [--clean] [--skip-lite-assets]

Steps
1. Vendor from npm (``npm pack`` into ``.cache/npm``): require.js and
   ``@jupyter-widgets/html-manager`` (the static widget renderer) and MathJax, into
   ``book/_extra/vendor/`` (copied to ``_build/html/vendor/`` through ``html_extra_path``).
2. Assemble an offline Pyodide in ``book/_lite/static/pyodide/`` (the npm package ``pyodide``
   pinned to the kernel's PYODIDE_VERSION, plus the pure-Python wheels the kernel needs at
   start, downloaded from PyPI, with ``pyodide-lock.json`` pruned and re-hashed) and a piplite
   index in ``book/_lite/pypi/`` (our own wheel, ipywidgets, jupyterlab_widgets, comm).
3. ``jupyter-book build book/ --config _config.yml --path-output . -W --keep-going``.
4. Copy the widget icon fonts next to every page, check that no page loads anything from
   another host, and print the build time and sizes.

Downloads are cached in ``.cache/`` so a second build is fast. ``CI=true`` (or ``--clean``)
starts from nothing. Nothing this script writes is committed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
from html.parser import HTMLParser
from importlib import metadata
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
BOOK = ROOT / "book"
CONFIG = ROOT / "_config.yml"
BUILD = ROOT / "_build"
HTML = BUILD / "html"
CACHE = ROOT / ".cache"
NPM_CACHE = CACHE / "npm"
WHEEL_CACHE = CACHE / "wheels"
VENDOR = BOOK / "_extra" / "vendor"
LITE_SRC = BOOK / "lite"  # committed JupyterLite config and notebooks
LITE = BOOK / "_lite"  # generated JupyterLite "lite dir" (jupyterlite_dir in _config.yml)
BUILD_INFO = HTML / ".build-info.json"

# npm packages vendored into the static book. html-manager 1.0.15 is the release that
# matches ipywidgets 8.1.9 (@jupyter-widgets/controls 5.0.13).
HTML_MANAGER = ("@jupyter-widgets/html-manager", "1.0.15")
REQUIREJS = ("requirejs", "2.3.8")
MATHJAX = ("mathjax", "3.2.2")

# What the Pyodide kernel loads at start (micropip, then ipython, jedi... through piplite):
# these and their dependencies in pyodide-lock.json are shipped, nothing else.
PYODIDE_START_PACKAGES = ["micropip", "packaging", "ipython", "jedi", "parso"]
# Wheels served by piplite besides our own (versions taken from this environment, so that
# the JupyterLab widget extension bundled into the lite site matches).
PIPLITE_DISTS = ["ipywidgets", "jupyterlab_widgets", "comm"]

# Source files whose change makes the cached chapter outputs (jupyter-cache) stale.
SOURCE_GLOBS = ["durak_lessons/**/*.py", "widgets/**/*.py", "pyproject.toml"]
# Files that make a built book stale (used by the tests to decide whether to rebuild).
BOOK_GLOBS = [
    "book/**/*.md",
    "book/**/*.py",
    "book/**/*.ipynb",
    "book/**/*.yml",
    "book/**/*.json",
    "book/**/*.css",
    "book/**/*.js",  # our scripts in book/_static (vendored JS is skipped below)
    "book/**/*.bib",
    "book/**/*.png",
    "book/**/*.svg",
    "_config.yml",
    "scripts/build_book.py",
    *SOURCE_GLOBS,
]
GENERATED = ["book/_build", "book/_contents", "book/_lite", "book/_extra/vendor", "_build"]

LOCAL_HOSTS = {"127.0.0.1", "localhost", ""}


def log(msg: str) -> None:
    print(f"[build_book] {msg}", flush=True)


def run(cmd: list[str], **kwargs: object) -> None:
    log("$ " + " ".join(str(c) for c in cmd))
    subprocess.run([str(c) for c in cmd], check=True, **kwargs)  # type: ignore[call-overload]


def venv_env() -> dict[str, str]:
    """Environment whose PATH starts with this interpreter's bin (kernels, jupyter, npm)."""
    env = dict(os.environ)
    env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
    env.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")
    return env


def dir_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def mb(n: int) -> str:
    return f"{n / 1e6:.1f} MB"


# --------------------------------------------------------------------------- freshness


def _hash_files(globs: list[str]) -> str:
    h = hashlib.sha256()
    skip = ("book/_build/", "book/_contents/", "book/_lite/", "book/_extra/vendor/")
    for pattern in globs:
        for p in sorted(ROOT.glob(pattern)):
            rel = p.relative_to(ROOT).as_posix()
            if p.is_file() and not rel.startswith(skip) and ".ipynb_checkpoints" not in rel:
                h.update(rel.encode())
                h.update(p.read_bytes())
    return h.hexdigest()


def sources_hash() -> str:
    """Hash of everything the built book depends on."""
    return _hash_files(BOOK_GLOBS)


def is_fresh() -> bool:
    """True when _build/html was built by this script, with -W, from the current sources."""
    try:
        info = json.loads(BUILD_INFO.read_text())
    except (OSError, ValueError):
        return False
    return bool(info.get("warnings_as_errors")) and info.get("sources") == sources_hash()


# --------------------------------------------------------------------------- npm


def npm_package(name: str, version: str) -> Path:
    """Fetch name@version with ``npm pack`` into .cache/npm and unpack it; return its folder."""
    dest = NPM_CACHE / f"{name.replace('/', '__')}-{version}"
    if (dest / "package" / "package.json").exists():
        return dest / "package"
    NPM_CACHE.mkdir(parents=True, exist_ok=True)
    out = subprocess.run(
        [
            "npm",
            "pack",
            f"{name}@{version}",
            "--json",
            "--pack-destination",
            str(NPM_CACHE),
            "--cache",
            str(NPM_CACHE / "_cacache"),
        ],
        check=True,
        capture_output=True,
        text=True,
    )
    tgz = NPM_CACHE / json.loads(out.stdout)[0]["filename"]
    tmp = dest.with_suffix(".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    with tarfile.open(tgz) as tar:
        tar.extractall(tmp, filter="data")
    tmp.rename(dest)
    tgz.unlink()
    log(f"npm: {name}@{version}")
    return dest / "package"


def copy_file(src: Path, dst: Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    if (
        not dst.exists()
        or dst.stat().st_size != src.stat().st_size
        or dst.stat().st_mtime < src.stat().st_mtime
    ):
        shutil.copy2(src, dst)


def widget_fonts() -> list[Path]:
    dist = npm_package(*HTML_MANAGER) / "dist"
    return sorted(
        p for p in dist.iterdir() if p.suffix in {".woff", ".woff2", ".ttf", ".eot", ".svg"}
    )


def vendor_static_js() -> None:
    """require.js, the widget manager and MathJax into book/_extra/vendor/."""
    manager = npm_package(*HTML_MANAGER)
    copy_file(manager / "dist" / "embed-amd.js", VENDOR / "embed-amd.js")
    copy_file(npm_package(*REQUIREJS) / "require.js", VENDOR / "require.js")
    mathjax = npm_package(*MATHJAX) / "es5"
    # mathjax_path is tex-mml-chtml.js; it loads TeX extensions, the CHTML fonts, the menu and
    # the accessibility parts on demand from these folders. Other bundles and the speech
    # engine (sre) are not needed.
    keep_dirs = {"input", "output", "ui", "a11y", "adaptors"}
    shutil.rmtree(VENDOR / "mathjax", ignore_errors=True)
    for src in mathjax.rglob("*"):
        rel = src.relative_to(mathjax)
        wanted = rel.as_posix() == "tex-mml-chtml.js" or (
            len(rel.parts) > 1 and rel.parts[0] in keep_dirs and "svg" not in rel.as_posix()
        )
        if src.is_file() and wanted:
            copy_file(src, VENDOR / "mathjax" / rel)


# --------------------------------------------------------------------------- pyodide / lite


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pip_download(reqs: list[str], dest: Path) -> None:
    """Download pure-Python wheels (no dependencies) for Pyodide's Python into dest."""
    from jupyterlite_pyodide_kernel.constants import PYODIDE_PYTHON_VERSION

    dest.mkdir(parents=True, exist_ok=True)
    have = {
        canonical(p.name.split("-")[0]) + "==" + p.name.split("-")[1] for p in dest.glob("*.whl")
    }
    missing = [r for r in reqs if canonical(r.split("==")[0]) + "==" + r.split("==")[1] not in have]
    if missing:
        run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--quiet",
                "--no-deps",
                "--only-binary=:all:",
                "--python-version",
                PYODIDE_PYTHON_VERSION,
                "--platform",
                "any",
                "--dest",
                dest,
                *missing,
            ]
        )


def find_wheel(folder: Path, name: str, version: str) -> Path:
    for p in folder.glob("*.whl"):
        parts = p.name.split("-")
        if canonical(parts[0]) == canonical(name) and parts[1] == version:
            return p
    raise FileNotFoundError(f"no wheel for {name}=={version} in {folder}")


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def assemble_pyodide() -> None:
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    pkg = npm_package("pyodide", PYODIDE_VERSION)
    out = LITE / "static" / "pyodide"
    out.mkdir(parents=True, exist_ok=True)
    for f in pkg.iterdir():
        if (
            f.is_file()
            and f.suffix not in {".map", ".ts", ".html", ".md"}
            and f.name != "pyodide-lock.json"
        ):
            copy_file(f, out / f.name)

    lock = json.loads((pkg / "pyodide-lock.json").read_text())
    packages = {canonical(k): v for k, v in lock["packages"].items()}
    wanted: dict[str, dict[str, object]] = {}
    todo = [canonical(n) for n in PYODIDE_START_PACKAGES]
    while todo:
        name = todo.pop()
        if name in wanted:
            continue
        entry = packages[name]
        if not str(entry["file_name"]).endswith("-none-any.whl"):
            raise RuntimeError(
                f"{name} is not a pure-Python wheel in Pyodide: cannot take it from PyPI"
            )
        wanted[name] = entry
        todo.extend(canonical(d) for d in entry.get("depends", []))  # type: ignore[union-attr]

    cache = WHEEL_CACHE / f"pyodide-{PYODIDE_VERSION}"
    pip_download([f"{e['name']}=={e['version']}" for e in wanted.values()], cache)
    pruned = {}
    for key, entry in lock["packages"].items():
        if canonical(key) not in wanted:
            continue
        whl = find_wheel(cache, str(entry["name"]), str(entry["version"]))
        copy_file(whl, out / whl.name)
        pruned[key] = {**entry, "file_name": whl.name, "sha256": sha256(whl)}
    lock["packages"] = pruned
    (out / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
    # drop wheels of an earlier build that are no longer in the lock
    keep = {e["file_name"] for e in pruned.values()}
    for stale in out.glob("*.whl"):
        if stale.name not in keep:
            stale.unlink()
    log(f"pyodide {PYODIDE_VERSION}: {len(pruned)} wheels, {mb(dir_size(out))}")


def check_wheel_packages(wheel: Path) -> None:
    """Warn when a subpackage of the checkout is missing from our wheel (JupyterLite uses it)."""
    import zipfile

    names = set(zipfile.ZipFile(wheel).namelist())
    for src, prefix in (
        (ROOT / "durak_lessons", "durak_lessons"),
        (ROOT / "widgets", "durak_lessons/widgets"),
    ):
        for init in src.rglob("__init__.py"):
            inside = f"{prefix}/{init.relative_to(src).as_posix()}"
            if "__pycache__" not in inside and inside not in names:
                log(
                    f"WARNING: {inside} is not in {wheel.name}: add its package to "
                    "[tool.setuptools] packages in pyproject.toml, or JupyterLite cannot import it"
                )


def assemble_piplite() -> None:
    pypi = LITE / "pypi"
    shutil.rmtree(pypi, ignore_errors=True)
    pypi.mkdir(parents=True)
    ours = WHEEL_CACHE / "ours"
    shutil.rmtree(ours, ignore_errors=True)
    run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", ours, ROOT])
    shutil.rmtree(ROOT / "build", ignore_errors=True)  # setuptools' scratch folder
    for whl in ours.glob("*.whl"):
        copy_file(whl, pypi / whl.name)
        check_wheel_packages(whl)
    cache = WHEEL_CACHE / "piplite"
    reqs = [f"{d}=={metadata.version(d)}" for d in PIPLITE_DISTS]
    pip_download(reqs, cache)
    for d in PIPLITE_DISTS:
        whl = find_wheel(cache, d, metadata.version(d))
        copy_file(whl, pypi / whl.name)
    log("piplite: " + ", ".join(sorted(p.name for p in pypi.glob("*.whl"))))


def assemble_lite_dir() -> None:
    """book/_lite = committed config from book/lite/ + generated Pyodide and piplite wheels."""
    LITE.mkdir(parents=True, exist_ok=True)
    for name in ("jupyter-lite.json", "jupyter_lite_config.json", "overrides.json"):
        if (LITE_SRC / name).exists():
            shutil.copy2(LITE_SRC / name, LITE / name)
    assemble_pyodide()
    assemble_piplite()


# --------------------------------------------------------------------------- post-build


class _Resources(HTMLParser):
    """Collects the addresses a page loads by itself (not the links a reader may follow)."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag in {"script", "img", "iframe", "source", "audio", "video", "embed"} and a.get("src"):
            self.urls.append(a["src"] or "")
        if tag == "link" and a.get("href"):
            rel = (a.get("rel") or "").lower()
            if any(
                r in rel for r in ("stylesheet", "preload", "icon", "modulepreload", "prefetch")
            ):
                self.urls.append(a["href"] or "")


def external_resources(html_dir: Path) -> dict[str, list[str]]:
    """Pages (outside the JupyterLite app) that load something from another host."""
    found: dict[str, list[str]] = {}
    url_re = re.compile(r"^(?:[a-z][a-z0-9+.-]*:)?//([^/:]+)", re.I)
    for page in html_dir.rglob("*.html"):
        rel = page.relative_to(html_dir).as_posix()
        if rel.startswith(("lite/", "_static/")):
            continue
        parser = _Resources()
        parser.feed(page.read_text(errors="replace"))
        bad = [u for u in parser.urls if (m := url_re.match(u)) and m.group(1) not in LOCAL_HOSTS]
        if bad:
            found[rel] = bad
    return found


def place_widget_fonts(html_dir: Path) -> None:
    """Put the widget icon fonts where the widget manager looks for them.

    embed-amd.js sets its webpack public path to the folder of the AMD module that asks for
    the font, relative to the page: ``<page dir>/@jupyter-widgets/`` or
    ``<page dir>/@jupyter-widgets/html-manager/dist/`` depending on which module loads first.
    Both get the fonts (hard links when possible), in every folder holding a widget page.
    """
    fonts = widget_fonts()
    dirs = {
        p.parent
        for p in html_dir.rglob("*.html")
        if not p.relative_to(html_dir).as_posix().startswith(("lite/", "_static/"))
        and "embed-amd.js" in p.read_text(errors="replace")
    }
    for d in dirs:
        for sub in (Path("@jupyter-widgets"), Path("@jupyter-widgets/html-manager/dist")):
            (d / sub).mkdir(parents=True, exist_ok=True)
            for f in fonts:
                dst = d / sub / f.name
                if not dst.exists():
                    try:
                        os.link(f, dst)
                    except OSError:
                        shutil.copy2(f, dst)


# --------------------------------------------------------------------------- main


def clean(cache_too: bool) -> None:
    for rel in GENERATED:
        shutil.rmtree(ROOT / rel, ignore_errors=True)
    if cache_too:
        shutil.rmtree(CACHE, ignore_errors=True)


def invalidate_stale_outputs() -> None:
    """Chapters are executed with jupyter-cache; drop it when the package code changed."""
    stamp = BUILD / ".package-sources"
    current = _hash_files(SOURCE_GLOBS)
    if stamp.exists() and stamp.read_text() != current:
        log("package sources changed: re-executing and re-reading every chapter")
        shutil.rmtree(BUILD / ".jupyter_cache", ignore_errors=True)
        # Sphinx re-reads only the pages whose source changed: drop its saved environment
        shutil.rmtree(BUILD / ".doctrees", ignore_errors=True)
        shutil.rmtree(BUILD / "jupyter_execute", ignore_errors=True)
    BUILD.mkdir(exist_ok=True)
    stamp.write_text(current)


def extensions_changed() -> bool:
    """Sphinx does not notice edits of local extensions (book/_ext), nor of the book's own
    stylesheets (book/_static: with no page out of date it copies no static file): rebuild
    every page then."""
    stamp = BUILD / ".sphinx-extensions"
    current = _hash_files(
        ["book/_ext/**/*.py", "book/_static/**/*", "_config.yml", "book/_toc.yml"]
    )
    changed = not stamp.exists() or stamp.read_text() != current
    BUILD.mkdir(exist_ok=True)
    stamp.write_text(current)
    return changed


def build(args: argparse.Namespace) -> int:
    t0 = time.perf_counter()
    ci = os.environ.get("CI", "").lower() in {"1", "true", "yes"}
    if args.clean or ci:
        clean(cache_too=ci)
        log("clean build" + (" (CI: download cache cleared too)" if ci else ""))
    vendor_static_js()
    if not args.skip_lite_assets:
        assemble_lite_dir()
    t_assets = time.perf_counter()
    log(f"assets ready in {t_assets - t0:.1f} s")

    invalidate_stale_outputs()
    digest = sources_hash()
    BUILD_INFO.unlink(missing_ok=True)
    jb = Path(sys.executable).parent / "jupyter-book"
    cmd = [
        str(jb),
        "build",
        "book/",
        "--config",
        "_config.yml",
        "--path-output",
        ".",
        "-W",
        "--keep-going",
    ]
    if extensions_changed():
        cmd.append("--all")
    log("$ " + " ".join(cmd))
    rc = subprocess.run(cmd, cwd=ROOT, env=venv_env(), check=False).returncode
    # jupyterlite-sphinx leaves its doit database in the source folder
    for leftover in BOOK.glob(".jupyterlite.doit.db*"):
        leftover.unlink()
    t_book = time.perf_counter()
    if rc != 0:
        log(f"jupyter-book failed (exit {rc}) after {t_book - t0:.1f} s")
        return rc

    place_widget_fonts(HTML)
    external = external_resources(HTML)
    if external:
        for page, urls in sorted(external.items()):
            log(f"EXTERNAL RESOURCE in {page}: {', '.join(urls)}")
        log("pages must load nothing from other hosts (vendor it instead)")
        return 1

    total = time.perf_counter() - t0
    lite_size = dir_size(HTML / "lite") if (HTML / "lite").exists() else 0
    info = {
        "warnings_as_errors": True,
        "sources": digest,
        "seconds": round(total, 1),
        "seconds_assets": round(t_assets - t0, 1),
        "seconds_jupyter_book": round(t_book - t_assets, 1),
        "html_bytes": dir_size(HTML),
        "lite_bytes": lite_size,
    }
    BUILD_INFO.write_text(json.dumps(info, indent=1))
    log(
        f"sizes: whole site {mb(info['html_bytes'])}, JupyterLite {mb(lite_size)}, "
        f"vendored widget/MathJax JS {mb(dir_size(HTML / 'vendor'))}"
    )
    parts = f"assets {t_assets - t0:.1f} s, jupyter-book {t_book - t_assets:.1f} s"
    log(f"built in {total:.1f} s ({parts})")
    log(f"open {HTML / 'index.html'}  (or: make book)")
    return 0


def build_lock() -> Any:
    """One build at a time per checkout: two builds in one tree corrupt the jupyter cache.

    The lock lives in the temporary folder (keyed by the checkout's path), so ``--clean``
    and CI's cache wipe cannot delete it under a running build.
    """
    import fcntl
    import tempfile

    key = hashlib.sha1(str(ROOT).encode()).hexdigest()[:12]
    handle = open(Path(tempfile.gettempdir()) / f"durak-book-build-{key}.lock", "w")  # noqa: SIM115
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        log("another build of this checkout is running: waiting for it to finish")
        fcntl.flock(handle, fcntl.LOCK_EX)
    return handle


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clean", action="store_true", help="remove every generated folder first")
    parser.add_argument(
        "--skip-lite-assets",
        action="store_true",
        help="reuse book/_lite as it is (no Pyodide/piplite refresh)",
    )
    args = parser.parse_args(argv)
    with build_lock():
        return build(args)


if __name__ == "__main__":
    sys.exit(main())
