"""The engine imports nothing outside the standard library (it must run under Pyodide)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import json, sys
before = set(sys.modules)
import durak_lessons
import durak_lessons.ochko
new = sorted(set(sys.modules) - before)
print(json.dumps(new))
"""


@pytest.mark.processes
def test_importing_the_engine_loads_only_the_standard_library() -> None:
    out = subprocess.run(
        [sys.executable, "-I", "-c", PROBE], capture_output=True, text=True, check=True,
        cwd=ROOT,
    )
    loaded = json.loads(out.stdout)
    foreign = [
        m for m in loaded
        if m.split(".")[0] not in sys.stdlib_module_names and m.split(".")[0] != "durak_lessons"
        and not m.startswith("_")
    ]
    assert "durak_lessons" in loaded
    assert foreign == [], f"non-standard modules imported: {foreign}"

