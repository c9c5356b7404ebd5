"""mypy --strict on the widget package, under its installed name durak_lessons.widgets.

The editable install maps widgets/ to durak_lessons.widgets with an import hook, which mypy
cannot follow; so the test lays out durak_lessons/ (links to the real files) with widgets/
linked inside it and runs ``mypy -p durak_lessons.widgets`` with the project's config."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.processes
@pytest.mark.slow
def test_mypy_strict_on_the_widget_package(tmp_path: Path) -> None:
    tree = tmp_path / "durak_lessons"
    tree.mkdir()
    for item in (ROOT / "durak_lessons").iterdir():
        if item.name != "__pycache__":
            (tree / item.name).symlink_to(item)
    (tree / "widgets").symlink_to(ROOT / "widgets")
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
         "--cache-dir", str(tmp_path / ".mypy_cache"), "--follow-imports=silent", "-p", "durak_lessons.widgets"],
        cwd=tmp_path, env={"MYPYPATH": str(tmp_path), "PATH": ""}, capture_output=True,
        text=True, check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
