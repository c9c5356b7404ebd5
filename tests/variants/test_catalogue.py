"""The catalogue the book uses: every preset of every family, with names and sources."""

from __future__ import annotations

import doctest
import importlib

import pytest

from durak_lessons import all_presets, catalogue, catalogue_table, preset_info
from durak_lessons.presets_bout import BOUT_PRESET_IDS


def test_the_catalogue_lists_every_preset_and_ochko() -> None:
    rows = catalogue()
    ids = [r.id for r in rows]
    assert len(ids) == len(set(ids))
    assert {p.id for p in all_presets()} <= set(ids)
    assert set(BOUT_PRESET_IDS) <= set(ids) and "ochko" in ids


def test_rows_say_what_distinguishes_a_game_from_podkidnoy() -> None:
    rows = {r.id: r for r in catalogue()}
    assert rows["podkidnoy"].differences == ()
    assert ("fixed_trump", "D") in rows["diamonds"].differences
    assert rows["svoi-kozyri-8a"].reconstructed and rows["svoi-kozyri-8a"].players == "2 or 4"
    assert rows["svoi-kozyri-8b"].hand == "whole pack" and rows["s-par"].hand == "5 (3+2)"
    assert rows["prostoy"].players == "2–5" and rows["prostoy"].section == "1.а"
    for row in rows.values():
        assert row.russian and row.english and row.source and row.section


@pytest.mark.parametrize("fmt", ["markdown", "html"])
def test_the_table_renders_every_row(fmt: str) -> None:
    text = catalogue_table(fmt=fmt)
    for preset in BOUT_PRESET_IDS:
        assert preset_info(preset).russian in text
    with pytest.raises(ValueError, match="fmt"):
        catalogue_table(fmt="latex")


@pytest.mark.parametrize(
    "module",
    ["catalogue", "presets_bout", "blind", "own_trumps", "trump_exchange"],
)
def test_module_docstring_examples_run(module: str) -> None:
    failures, _ = doctest.testmod(importlib.import_module(f"durak_lessons.{module}"))
    assert failures == 0
