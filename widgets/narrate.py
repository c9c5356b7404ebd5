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

__all__ = ["actor_name", "cite", "describe", "describe_own", "justify", "sentence"]

_CITES = {f.name: str(f.metadata.get("cite", "")) for f in fields(Rules)}


def cite(option: str) -> str:
    """The citation of a rules option, read from the engine's Rules metadata."""
    return _CITES.get(option, "")


def actor_name(seat: int, names: Sequence[str] | None = None) -> str:
    return names[seat] if names is not None and 0 <= seat < len(names) else f"Seat {seat}"


def describe(action: Action, state: Any = None) -> str:
    """The action in words without the actor: 'covers 7♠ with 9♠', 'passes («бито»)'."""
    return describe_action(action, state)


#: the engine's verbs (third person, the first word of its description) said to the reader
_IMPERATIVE = {
    "leads": "lead", "throws": "throw", "covers": "cover", "transfers": "transfer",
    "takes": "take", "passes": "pass", "exchanges": "exchange", "beats": "beat",
    "turns": "turn", "plays": "play", "names": "name", "gives": "give", "tries": "try",
}
_SECOND = {"his": "your", "him": "you", "he": "you", "himself": "yourself"}


def describe_own(action: Action, state: Any = None, *, imperative: bool = True) -> str:
    """The reader's own move, said to him: 'turn the top card of your pile', 'name ♣ clubs
    as your trump', 'cover 7♠ with 9♠' (the engine's words, in the second person).  With
    ``imperative=False`` only the pronouns change: 'names ♣ clubs as your trump' (the verb
    stays as the engine has it, for a list of moves such as the hints)."""
    verb, _, rest = describe_action(action, state).partition(" ")
    words = [_SECOND.get(w, w) for w in rest.split(" ")] if rest else []
    return " ".join([_IMPERATIVE.get(verb, verb) if imperative else verb, *words])


def justify(state: Any, action: Action, names: Sequence[str] | None = None) -> str:
    """Why the engine accepted ``action`` in ``state``: 'a higher card of the same suit beats
    [Rozaliev 2]' (raises IllegalActionError for an action the engine refuses)."""
    return str(_justify(state, action, names=names))


def sentence(state: Any, action: Action, names: Sequence[str] | None = None) -> str:
    """'Seat 1 covers 7♠ with 9♠: a higher card of the same suit beats [Rozaliev 2].'"""
    return narrate(state, action, names) + "."
