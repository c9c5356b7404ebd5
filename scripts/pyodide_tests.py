"""Run the tests inside Pyodide, the CPython 3.14 of the browser, under Node.

Usage:  python scripts/pyodide_tests.py [pytest arguments]

The engine and the widgets must run in the browser (the book's JupyterLite pages), where
Python is Pyodide's CPython 3.14 in WebAssembly, not the CPython of the rest of the tests.
This runs the tests there, with the Pyodide the book ships (``book/_lite/static/pyodide``,
assembled by ``make book-build``; assembled here if missing, as scripts/build_book.py does):

* the repository's own code, with ``widgets/`` as ``durak_lessons.widgets``;
* ipywidgets and its kernel-side packages from the book's JupyterLite wheels;
* pytest, hypothesis and their dependencies: pure-Python wheels from PyPI, cached in
  ``.cache/pyodide-tests``;
* Node: Debian's nodejs, installed with apt-get if missing.

With no arguments it runs every unit test and doctest but those marked ``processes``
(they start processes or threads, which Pyodide cannot: the command lines, the tournament's
process pools) and the browser and book tests.  Prints pytest's summary; exits with its code.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import build_book  # the book's paths and its way of assembling Pyodide

ROOT = build_book.ROOT
PYODIDE = build_book.LITE / "static" / "pyodide"
PIPLITE = build_book.LITE / "pypi"
CACHE = build_book.CACHE / "pyodide-tests"
#: what the tests need beyond the kernel's own packages (pure-Python wheels, newest on PyPI)
TEST_DISTS = ["pytest", "pluggy", "iniconfig", "packaging", "hypothesis", "attrs",
              "sortedcontainers"]
DEFAULT = [
    "-q", "-m", "not browser and not book and not processes",
    # these need the book's build tools or a browser, which the browser has not
    "--ignore=tests/book", "--ignore=tests/browser", "--ignore=tests/test_browser_benchmark.py",
    "durak_lessons", "tests",
]


def wheels() -> Path:
    """A folder of every wheel the tests import in Pyodide (fresh each run: copies)."""
    downloads = CACHE / "downloads"
    if not all(any(downloads.glob(f"{d}-*.whl")) for d in TEST_DISTS):
        from jupyterlite_pyodide_kernel.constants import PYODIDE_PYTHON_VERSION

        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
             "--only-binary=:all:", "--implementation", "py", "--platform", "any",
             "--python-version", PYODIDE_PYTHON_VERSION, "--dest", str(downloads),
             *TEST_DISTS],
            check=True,
        )
    out = CACHE / "wheels"
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    kernel = list(PYODIDE.glob("*.whl"))
    widgets = [w for w in PIPLITE.glob("*.whl") if not w.name.startswith("durak_lessons-")]
    for whl in [*downloads.glob("*.whl"), *kernel, *widgets]:
        shutil.copy2(whl, out / whl.name)
    return out


def main(argv: list[str]) -> int:
    if shutil.which("node") is None and shutil.which("apt-get") is not None:
        prefix = [] if os.geteuid() == 0 else ["sudo"]
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        for cmd in (["apt-get", "update"], ["apt-get", "install", "-y", "nodejs"]):
            subprocess.run([*prefix, *cmd], check=True, env=env)
    if shutil.which("node") is None:
        print("pyodide_tests: Node (node) is needed to run Pyodide: install nodejs")
        return 2
    if not (PYODIDE / "pyodide.mjs").exists() or not any(PIPLITE.glob("*.whl")):
        build_book.assemble_lite_dir()
    folder = wheels()
    start = time.perf_counter()
    code = subprocess.run(
        ["node", str(ROOT / "scripts" / "pyodide_tests.mjs"), str(ROOT), str(PYODIDE),
         str(folder), *(argv or DEFAULT)],
        check=False,
    ).returncode
    print(f"pyodide_tests: {time.perf_counter() - start:.0f} s in Pyodide, exit code {code}")
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
