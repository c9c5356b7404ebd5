"""The catalogue the book uses: every preset of every family, with names and sources."""

from __future__ import annotations

import doctest
import importlib
import re

import pytest

import durak_lessons as dl
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


# ---- the transliteration column: the Russian name in Latin letters -------------------------

#: the book's transliteration (as its glossary writes the terms: «ничья» *nich'ya*)
_LATIN = dict(
    zip(
        "абвгдеёжзийклмнопрстуфхцчшщъыьэюя",
        ["a", "b", "v", "g", "d", "e", "yo", "zh", "z", "i", "y", "k", "l", "m", "n", "o",
         "p", "r", "s", "t", "u", "f", "kh", "ts", "ch", "sh", "shch", "-", "y", "'", "e", "yu",
         "ya"],
        strict=True,
    )
)


def _latin(russian: str) -> str:
    text = russian.lower().replace("«", "").replace("»", "")
    text = re.sub(r"ый\b", "y", text)  # наваленный: navalenny, as the book writes it
    return "".join(_LATIN.get(ch, ch) for ch in text).replace("-", "")


def test_the_transliteration_shown_is_the_whole_russian_name_in_latin_letters() -> None:
    """The catalogue (the rules matrix's column) showed the first lookup spelling, which was
    often a short or mixed one ("svoi kozyri" for Свои козыри 8.б, "durak dorozhny open",
    "duraki s par oblastnoy"); now each row shows its Russian name letter for letter, and
    that spelling finds the preset too."""
    rows = catalogue()
    assert len(rows) == 25
    for row in rows:
        assert row.transliteration == _latin(row.russian), row.id
        if row.id != "ochko":
            assert dl.preset_info(row.transliteration).id == row.id
    by_id = {row.id: row.transliteration for row in rows}
    assert by_id["svoi-kozyri-8b"] == "svoi kozyri 8.b"
    assert by_id["diamonds"] == "kozyri vsegda bubny, piki b'yutsya tol'ko pikami"
