"""Every chapter listed in book/_toc.yml executes from top to bottom without an error.

The chapters are MyST Markdown notebooks; they are read with myst-nb's own reader (the one
the book build uses) and run with nbclient in the chapter's folder, one test per chapter.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import nbformat
import pytest
from myst_nb.core.read import read_myst_markdown_notebook
from nbclient import NotebookClient

pytestmark = pytest.mark.book

ROOT = Path(__file__).resolve().parents[2]
BOOK = ROOT / "book"


def _classroom():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("_classroom", ROOT / "scripts" / "classroom.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CLASSROOM = _classroom()
try:  # a broken _toc.yml must fail one test, not the collection of every test (make unit)
    PAGES: list[Path] = CLASSROOM.toc_files()
    TOC_ERROR = ""
except (OSError, KeyError, ValueError) as exc:
    PAGES, TOC_ERROR = [], f"{type(exc).__name__}: {exc}"
NOTEBOOKS = [p for p in PAGES if CLASSROOM.is_notebook(p)]


def read_chapter(path: Path) -> nbformat.NotebookNode:
    if path.suffix == ".ipynb":
        return nbformat.read(path, as_version=4)
    return read_myst_markdown_notebook(path.read_text(encoding="utf-8"), path=path)


def test_toc_lists_existing_pages() -> None:
    assert TOC_ERROR == ""
    assert PAGES, "book/_toc.yml lists no page"
    assert all(p.exists() for p in PAGES)
    assert len(set(PAGES)) == len(PAGES), "a page is listed twice in book/_toc.yml"


@pytest.mark.parametrize(
    "chapter", NOTEBOOKS, ids=[p.relative_to(BOOK).as_posix() for p in NOTEBOOKS]
)
def test_chapter_executes(chapter: Path) -> None:
    nb = read_chapter(chapter)
    client = NotebookClient(
        nb,
        timeout=600,
        kernel_name=nb.metadata.get("kernelspec", {}).get("name", "python3"),
        allow_errors=False,
        resources={"metadata": {"path": str(chapter.parent)}},
    )
    client.execute()
    errors = [
        out
        for cell in nb.cells
        if cell.cell_type == "code"
        for out in cell.get("outputs", [])
        if out.get("output_type") == "error"
    ]
    assert errors == []


def test_classroom_chapters_read_as_plain_notebooks(tmp_path: Path) -> None:
    """The classroom app shows Jupyter Markdown, which knows no MyST: its chapters carry no raw
    role ({doc}, {ref}, {term}...), no block for the static book only (the Pyodide
    instructions, "clicks do nothing here"), and every link they make leads to a chapter the
    classroom serves."""
    import re

    written = CLASSROOM.convert(tmp_path)
    served = {p.name for p in written}
    links = 0
    for path in written:
        nb = nbformat.read(path, as_version=4)
        text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
        assert not re.search(r"\{[a-z:]+\}`", text), f"{path.name}: a MyST role left raw"
        assert "{only}" not in text and "In this static page" not in text, path.name
        # no directive left as raw text (an exercise's ":::{admonition}", a "```{glossary}")
        assert not re.search(r"^(?:`{3,}|:{3,})\{|^:class:", text, re.M), path.name
        for target in re.findall(r"\]\(([^)#]+\.ipynb)", text):
            links += 1
            assert Path(target).name in served, f"{path.name} links to {target}"
    assert links > 50  # the chapters' cross-references became links
    podkidnoy = "\n".join(
        c.source for c in nbformat.read(tmp_path / "podkidnoy.ipynb", as_version=4).cells
    )
    assert "> **Exercise 1**" in podkidnoy  # an exercise, then its solution folded away
    assert "<details><summary><b>Solution to exercise 1</b></summary>" in podkidnoy
    play = nbformat.read(tmp_path / "play.ipynb", as_version=4)
    assert "downloads Pyodide" not in "\n".join(c.source for c in play.cells)
    assert any("PlayTable(" in c.source for c in play.cells if c.cell_type == "code")


def test_a_static_play_table_points_to_the_button_that_plays_it() -> None:
    """Review s42: under every chapter's play table, the static page's note sent the reader to
    the "Play in your browser" page, which plays a two-player подкидной, not this chapter's
    game; the button right below the table (a replite with the prompt "Play this table in
    your browser") plays this very table.  The note now names that button."""
    import re

    prompt = ":prompt: Play this table in your browser"
    chapters = [p for p in PAGES if prompt in p.read_text(encoding="utf-8")]
    assert len(chapters) >= 11
    for path in chapters:
        text = path.read_text(encoding="utf-8")
        notes = re.findall(r"^:::\{only\} html\n(In this static page.*?)^:::$", text, re.S | re.M)
        assert len(notes) == 1, path.name
        assert "**Play this table in your browser** below" in notes[0], path.name
        assert "{doc}`play`" not in notes[0], path.name
        # the note comes before the table, and the button after it
        assert text.index(notes[0]) < text.index(prompt), path.name


def test_no_solution_is_given_away_below_its_fold() -> None:
    """Review s42: the check cells after the exercises of "Playing well" were tagged
    hide-input, which folds the code but shows its output: "Checked by the solver: ...;
    best: takes" stood in plain view under the folded solution to exercise 1.  A cell right
    after a solution shows no output, or only folded (hide-cell, hide-output)."""
    import re

    cell = re.compile(
        r"^:::\{admonition\} Solution[^\n]*\n.*?^:::\n\s*```\{code-cell\}[^\n]*\n(.*?)^```$",
        re.S | re.M,
    )
    checked = 0
    for path in NOTEBOOKS:
        for match in cell.finditer(path.read_text(encoding="utf-8")):
            body = match.group(1)
            tags = re.search(r"tags: \[([^\]]*)\]", body)
            tag_set = {t.strip() for t in tags.group(1).split(",")} if tags else set()
            checked += 1
            if tag_set & {"remove-cell", "remove-output", "hide-cell", "hide-output"}:
                continue
            assert "hide-input" not in tag_set, f"{path.name}: {body[:80]!r}"
            assert "print(" not in body and "display(" not in body, f"{path.name}: {body[:80]!r}"
    assert checked > 20
