"""The glossary's terms as the pages use them.

The book's standard: a Russian term is given in Cyrillic with its transliteration at its first
use on a page, and every term is in the glossary. A page links a term to the glossary with
``{term}`...```; at the first such link on a page the reader must get the transliteration
there too (or have had it earlier on the page), not only behind the link. Plain text checks
of the sources: no build needed.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

pytestmark = pytest.mark.book

BOOK = Path(__file__).resolve().parents[2] / "book"
GLOSSARY = BOOK / "glossary.md"
#: how far from a term's first link its transliteration may stand (a parenthesis or so)
NEAR = 120


def pages() -> list[str]:
    toc = yaml.safe_load((BOOK / "_toc.yml").read_text(encoding="utf-8"))
    names = [toc["root"]]
    for part in toc["parts"]:
        names += [chapter["file"] for chapter in part["chapters"]]
    return [name for name in names if name != "glossary"]


def prose(text: str) -> str:
    """A page's Markdown without its front matter and its code, replite and index blocks."""
    text = re.sub(r"\A---\n.*?\n---\n", "", text, flags=re.S)
    return re.sub(r"```\{(?:code-cell|replite|index)\}.*?```", "", text, flags=re.S)


def transliterations() -> dict[str, str]:
    """Each glossary term and its transliteration (the first italics of its entry; an entry
    of two terms gives them in order)."""
    found: dict[str, str] = {}
    text = GLOSSARY.read_text(encoding="utf-8")
    for block in re.findall(r"```\{glossary\}\n(.*?)```", text, re.S):
        entries: list[tuple[list[str], list[str]]] = []
        for line in block.splitlines():
            if line and not line.startswith(" "):
                if not entries or entries[-1][1]:
                    entries.append(([], []))
                entries[-1][0].append(line.strip())
            elif entries:
                entries[-1][1].append(line)
        for terms, definition in entries:
            italics = re.findall(r"\*([^*]+)\*", "\n".join(definition))
            found.update(zip(terms, italics, strict=False))
    return found


def test_the_glossary_gives_every_term_a_transliteration() -> None:
    terms = transliterations()
    assert len(terms) > 40, terms
    assert all(re.fullmatch(r"[a-z' -]+", word) for word in terms.values()), terms


@pytest.mark.parametrize("page", pages())
def test_a_terms_first_link_on_a_page_comes_with_its_transliteration(page: str) -> None:
    terms = transliterations()
    text = prose((BOOK / f"{page}.md").read_text(encoding="utf-8"))
    missing = []
    seen: set[str] = set()
    for link in re.finditer(r"\{term\}`(?:[^`<]*<([^>`]+)>|([^`]+))`", text):
        term = (link.group(1) or link.group(2)).strip()
        assert term in terms, f"{page}: {{term}} {term!r} is not in the glossary"
        if term in seen:
            continue
        seen.add(term)
        word = terms[term]
        before = text[: link.start()]
        around = text[max(0, link.start() - NEAR) : link.end() + NEAR]
        stem = word.split()[-1][:4]  # a form of the word counts: *s pogonami* for погоны
        italics = [" ".join(i.split()) for i in re.findall(r"\*([a-z][a-z'\s-]*)\*", around)]
        if f"*{word}*" in " ".join(before.split()) or any(
            stem in italic.split()[-1] for italic in italics
        ):
            continue
        missing.append(f"{term} (*{word}*)")
    assert not missing, f"{page}: first link without a transliteration: {missing}"
