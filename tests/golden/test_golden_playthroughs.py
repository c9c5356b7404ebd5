"""Golden playthroughs (tests/golden/<id>.txt) match the engine: a rules change is a text diff.

After a deliberate rules change, regenerate with ``python scripts/golden.py`` and review the
diff before committing it.
"""

from __future__ import annotations

import difflib
import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("golden_script", ROOT / "scripts" / "golden.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


GOLDEN = _script()


@pytest.mark.parametrize("entry", GOLDEN.GOLDEN, ids=lambda e: e.id)
def test_playthrough_matches_the_stored_text(entry: object) -> None:
    stored = (Path(__file__).parent / f"{entry.id}.txt").read_text("utf-8")  # type: ignore[attr-defined]
    fresh = GOLDEN.playthrough(entry)
    if fresh != stored:  # pragma: no cover - shown only on a mismatch
        diff = "".join(
            list(
                difflib.unified_diff(
                    stored.splitlines(True), fresh.splitlines(True), "stored", "engine"
                )
            )[:80]
        )
        pytest.fail(
            f"golden playthrough {entry.id} changed; rerun scripts/golden.py if meant:\n{diff}"
        )  # type: ignore[attr-defined]


def test_every_golden_file_has_an_entry() -> None:
    ids = {e.id for e in GOLDEN.GOLDEN}
    files = {p.stem for p in Path(__file__).parent.glob("*.txt")}
    assert files <= ids, f"stale golden files: {sorted(files - ids)}"
