"""Fixtures for the book tests.

``built_book`` reuses _build/html when scripts/build_book.py built it (with -W) from the
current sources, as ``make book-build`` does just before ``make book-test`` in ``make test``;
otherwise it builds the book once for the session. So ``make test`` builds the book once.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def load_script(name: str) -> ModuleType:
    """Import scripts/<name>.py (the single source of truth for paths and freshness)."""
    path = ROOT / "scripts" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"_scripts_{name}", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def classroom() -> ModuleType:
    """scripts/classroom.py: toc_files() lists the book's pages in _toc.yml order."""
    return load_script("classroom")


@pytest.fixture(scope="session")
def build_book() -> ModuleType:
    return load_script("build_book")


@pytest.fixture(scope="session")
def built_book(build_book: ModuleType) -> Path:
    if not build_book.is_fresh():
        script = ROOT / "scripts" / "build_book.py"
        subprocess.run([sys.executable, str(script)], cwd=ROOT, check=True)
    # (not is_fresh() again: a source edited during the build would fail it spuriously)
    assert build_book.BUILD_INFO.exists(), "the book build did not record a -W build"
    return Path(build_book.HTML)
