"""The book's API page (book/api.md) as a notebook user reads it: its example runs, and no
public method or property of a class it documents is left off for want of a docstring."""

from __future__ import annotations

import importlib
import inspect
import re
from pathlib import Path

import pytest

import durak_lessons as dl

API = Path(__file__).resolve().parents[1] / "book" / "api.md"
TEXT = API.read_text("utf-8")


def documented_classes() -> list[tuple[str, list[str] | None]]:
    """Each ``autoclass`` of the page that has ``:members:``: its dotted name, and the members
    it names (``None``: every member with a docstring, which is how autodoc reads it)."""
    found = []
    for m in re.finditer(r"\.\. autoclass:: ([\w.]+)(?:\([^)]*\))?\n((?:   :[^\n]*\n)*)", TEXT):
        members = re.search(r":members:(.*)", m.group(2))
        if members:
            named = [s.strip() for s in members.group(1).split(",") if s.strip()]
            found.append((m.group(1), named or None))
    return found


def resolve(dotted: str) -> object:
    module, _, name = dotted.rpartition(".")
    return getattr(importlib.import_module(module), name)


def test_the_page_documents_classes_with_members() -> None:
    names = [n for n, _ in documented_classes()]
    assert "durak_lessons.Game" in names and "durak_lessons.View" in names


@pytest.mark.parametrize(("dotted", "named"), documented_classes(), ids=lambda x: str(x))
def test_every_public_member_of_a_documented_class_has_a_docstring(
    dotted: str, named: list[str] | None
) -> None:
    """autodoc's ``:members:`` leaves out a member without a docstring: ``Game.legal_actions``,
    ``View.hand`` or ``Record.from_text`` were missing from the page (and said nothing in
    ``help()``) although the chapters use them."""
    cls = resolve(dotted)
    assert inspect.isclass(cls)
    assert inspect.getdoc(cls), f"{dotted} has no docstring"
    members = named or [k for k in vars(cls) if not k.startswith("_")]
    bare = []
    for name in members:
        raw = inspect.getattr_static(cls, name)
        if isinstance(raw, staticmethod | classmethod):
            raw = raw.__func__
        if isinstance(raw, property):
            doc = inspect.getdoc(raw)
        elif inspect.isroutine(raw):
            doc = inspect.getdoc(getattr(cls, name))
        else:
            continue  # fields and enum members: documented with the class
        if not doc:
            bare.append(name)
    assert bare == [], f"{dotted}: members the API page leaves out for want of a docstring"


def test_every_function_the_page_documents_has_a_docstring() -> None:
    names = re.findall(r"\.\. autofunction:: ([\w.]+)", TEXT)
    assert "durak_lessons.preset_names" in names
    assert [n for n in names if not inspect.getdoc(resolve(n))] == []


def test_the_page_example_runs_and_shows_a_refusal() -> None:
    (block,) = re.findall(r"```python\n(.*?)```", TEXT, flags=re.S)
    printed: list[str] = []
    namespace: dict[str, object] = {"print": lambda *a: printed.append(" ".join(map(str, a)))}
    exec(compile(block, str(API), "exec"), namespace)
    game = namespace["game"]
    assert isinstance(game, dl.Game) and game.deal.players == 3
    # "what the player to move may do", then "why it is refused, and the rule"
    assert printed[0] == str(game.legal_actions())
    refusal = dl.explain(game.state, "take")
    assert refusal is not None and printed[1] == str(refusal) and printed[1].endswith("]")
