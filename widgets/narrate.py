"""Sentences about actions for the widgets: a thin wrapper over the engine's narration.

Which rule allowed an action, and why, is rules knowledge, so it lives in the engine
(:mod:`durak_lessons.narration`: :func:`~durak_lessons.narration.justify` and
:func:`~durak_lessons.narration.narrate`).  This module only keeps the names the widgets and
the book import, and formats the engine's answer as a sentence.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields
from typing import Any

from durak_lessons.actions import Action
from durak_lessons.narration import describe_action, narrate
from durak_lessons.narration import justify as _justify
from durak_lessons.rules import Rules

__all__ = ["actor_name", "cite", "describe", "justify", "sentence"]

_CITES = {f.name: str(f.metadata.get("cite", "")) for f in fields(Rules)}


def cite(option: str) -> str:
    """The citation of a rules option, read from the engine's Rules metadata."""
    return _CITES.get(option, "")


def actor_name(seat: int, names: Sequence[str] | None = None) -> str:
    return names[seat] if names is not None and 0 <= seat < len(names) else f"Seat {seat}"


def describe(action: Action, state: Any = None) -> str:
    """The action in words without the actor: 'covers 7♠ with 9♠', 'passes («бито»)'."""
    return describe_action(action, state)


def justify(state: Any, action: Action, names: Sequence[str] | None = None) -> str:
    """Why the engine accepted ``action`` in ``state``: 'a higher card of the same suit beats
    [Rozaliev 2]' (raises IllegalActionError for an action the engine refuses)."""
    return str(_justify(state, action, names=names))


def sentence(state: Any, action: Action, names: Sequence[str] | None = None) -> str:
    """'Seat 1 covers 7♠ with 9♠: a higher card of the same suit beats [Rozaliev 2].'"""
    return narrate(state, action, names) + "."
