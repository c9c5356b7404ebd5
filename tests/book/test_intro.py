"""The introduction's table of the book's parts lists every page of each part, in the order of
book/_toc.yml (a page added to the table of contents and not to the introduction is a page a
first-time reader does not hear of)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

pytestmark = pytest.mark.book

BOOK = Path(__file__).resolve().parents[2] / "book"


def test_the_intro_table_lists_every_page_of_each_part_in_order() -> None:
    toc = yaml.safe_load((BOOK / "_toc.yml").read_text(encoding="utf-8"))
    intro = (BOOK / "intro.md").read_text(encoding="utf-8")
    rows = dict(re.findall(r"^\| ([^|]+?) \| (.+?) \|$", intro, re.M))
    for part in toc["parts"]:
        caption = part["caption"]
        assert caption in rows, f"the intro's table has no row for the part {caption!r}"
        listed = [
            target.split("<")[-1].rstrip(">").strip()
            for target in re.findall(r"\{doc\}`([^`]+)`", rows[caption])
        ]
        assert listed == [chapter["file"] for chapter in part["chapters"]], caption
