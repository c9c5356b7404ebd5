"""Golden playthroughs (``scripts/golden.py``): every registered preset's playthrough is
regenerated in memory and must equal ``tests/golden/<preset>.txt`` line for line."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("golden_script", ROOT / "scripts" / "golden.py")
assert _spec is not None and _spec.loader is not None
golden = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(golden)


def test_every_issue3_bout_preset_has_a_golden_playthrough() -> None:
    from durak_lessons.presets_bout import BOUT_PRESET_IDS

    assert set(BOUT_PRESET_IDS) <= {p for p, _, _ in golden.REGISTRY}


@pytest.mark.parametrize(("preset", "players", "seed"), golden.REGISTRY)
def test_golden_playthrough(preset: str, players: int, seed: int) -> None:
    expected = (ROOT / "tests" / "golden" / f"{preset}.txt").read_text(encoding="utf-8")
    got = golden.playthrough(preset, players, seed)
    assert got.splitlines() == expected.splitlines(), (
        f"{preset}: the playthrough changed; if the rules change is intended, run "
        "python scripts/golden.py and review the diff"
    )
