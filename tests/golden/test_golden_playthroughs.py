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


def test_every_durak_preset_has_a_golden_playthrough_and_every_file_an_entry() -> None:
    from durak_lessons import Family, all_presets

    registered = {p for p, _, _ in golden.REGISTRY}
    presets = {p.id for p in all_presets() if p.rules.family != Family.BANK}
    assert presets <= registered, f"no golden playthrough: {sorted(presets - registered)}"
    files = {p.stem for p in (ROOT / "tests" / "golden").glob("*.txt")}
    assert files == registered, f"stale or missing files: {sorted(files ^ registered)}"


@pytest.mark.parametrize(("preset", "players", "seed"), golden.REGISTRY)
def test_golden_playthrough(preset: str, players: int, seed: int) -> None:
    expected = (ROOT / "tests" / "golden" / f"{preset}.txt").read_text(encoding="utf-8")
    got = golden.playthrough(preset, players, seed)
    assert got.splitlines() == expected.splitlines(), (
        f"{preset}: the playthrough changed; if the rules change is intended, run "
        "python scripts/golden.py and review the diff"
    )
