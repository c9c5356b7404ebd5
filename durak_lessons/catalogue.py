"""The catalogue of every rule set: one row per preset, for the book's tables.

>>> rows = catalogue()
>>> row = next(r for r in rows if r.id == "s-par")
>>> row.russian, row.players, row.hand
('Дураки с пар', '2–6', '5 (3+2)')
>>> ("lead_shape", "s-par") in row.differences
True
>>> catalogue_table(rows[:1]).splitlines()[0].startswith("| Game")
True
>>> glance("prostoy")[0]
('hand_size', '5', 'cards dealt to each player and refilled to', 'Rozaliev 1.а')
"""

from __future__ import annotations

import html
import importlib
from dataclasses import dataclass, fields
from enum import Enum
from typing import Final

from .rules import Family, Preset, Rules, all_presets, preset_info

__all__ = ["CatalogueRow", "catalogue", "catalogue_table", "glance", "glance_table"]

#: fields shown in their own columns (or not rule differences at all)
_OWN_COLUMNS: Final = frozenset(
    {"name", "version", "family", "min_players", "max_players", "deck_size", "hand_size"}
)
#: modules that register presets when imported (a missing one is skipped)
_PRESET_MODULES: Final = ("durak_lessons.presets_bout", "durak_lessons.chain")


@dataclass(frozen=True, slots=True)
class CatalogueRow:
    """One rule set as the book's catalogue shows it."""

    id: str
    russian: str
    transliteration: str
    english: str
    source: str
    section: str
    family: str
    min_players: int
    max_players: int
    seat_counts: tuple[int, ...]
    deck: int
    hand: str  # "6", "5 (3+2)", "whole pack", "1"
    differences: tuple[tuple[str, str], ...]  # (option, value) differing from подкидной
    reconstructed: bool = False
    note: str = ""

    @property
    def players(self) -> str:
        """The seat counts as the tables print them: ``'2–6'``, ``'4 or 6'``, ``'4'``, ``'2+'``."""
        if self.max_players >= 99:
            return f"{self.min_players}+"
        if self.min_players == self.max_players:
            return str(self.min_players)
        if (
            self.seat_counts
            and len(self.seat_counts) == 2
            and self.seat_counts[1] - self.seat_counts[0] > 1
        ):
            return f"{self.seat_counts[0]} or {self.seat_counts[1]}"
        return f"{self.min_players}–{self.max_players}"

    @property
    def differences_text(self) -> str:
        """The options that differ from подкидной as ``option=value`` text, ``'—'`` if none."""
        return ", ".join(f"{k}={v}" for k, v in self.differences) or "—"


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, Enum):
        return str(value.value)
    return str(value)


def _differences(rules: Rules, base: Rules) -> tuple[tuple[str, str], ...]:
    out = []
    for f in fields(rules):
        if f.name in _OWN_COLUMNS:
            continue
        value = getattr(rules, f.name)
        if value != getattr(base, f.name):
            out.append((f.name, _value(value)))
    return tuple(out)


def _hand(rules: Rules) -> str:
    if rules.hand_size * rules.min_players > rules.deck_size:
        return "whole pack"
    text = str(rules.hand_size)
    if rules.deal_packets and "+" in rules.deal_packets:
        text += f" ({rules.deal_packets})"
    return text


def _row(preset: Preset, base: Rules) -> CatalogueRow:
    rules = preset.rules
    return CatalogueRow(
        id=preset.id,
        russian=preset.russian,
        transliteration=preset.transliterations[0] if preset.transliterations else "",
        english=preset.english,
        source=preset.source,
        section=preset.section,
        family=rules.family.value,
        min_players=rules.min_players,
        max_players=rules.max_players,
        seat_counts=preset.seat_counts,
        deck=rules.deck_size,
        hand=_hand(rules),
        differences=_differences(rules, base),
        reconstructed=preset.reconstructed,
        note=preset.note,
    )


def _ochko_row() -> CatalogueRow | None:
    """Очко's row: the entry ``durak_lessons.ochko`` offers (``CATALOGUE_ENTRY``), or one
    built from the rules brief (R20) when the package is installed but offers none."""
    try:
        ochko = importlib.import_module("durak_lessons.ochko")
    except ImportError:
        return None
    entry = getattr(ochko, "CATALOGUE_ENTRY", None)
    if isinstance(entry, CatalogueRow):
        return entry
    return CatalogueRow(
        id="ochko",
        russian="Очко",
        transliteration="ochko",
        english="Twenty-One (Ochko)",
        source="Rozaliev, «Карточные игры России»",
        section="11.а",
        family=Family.BANK.value,
        min_players=2,
        max_players=99,
        seat_counts=(),
        deck=36,
        hand="1",
        differences=(("banking game", "points to 21, banker and punters (R20)"),),
        note="durak_lessons.ochko",
    )


def _load_presets() -> None:
    for module in _PRESET_MODULES:
        try:
            importlib.import_module(module)
        except ImportError:
            continue


def catalogue() -> list[CatalogueRow]:
    """Every preset of every family (bout, chain, and Очко), with its names, source and
    section, players, deck, hand size, and the options that distinguish it from подкидной."""
    _load_presets()
    presets = list(all_presets())
    base = next(p.rules for p in presets if p.id == "podkidnoy")
    rows = [_row(p, base) for p in presets]
    ochko = _ochko_row()
    if ochko is not None and all(r.id != ochko.id for r in rows):
        rows.append(ochko)
    return rows


_HEADERS: Final = ("Game", "id", "Source", "Players", "Deck", "Hand", "Differs from подкидной")


def _cells(row: CatalogueRow) -> tuple[str, ...]:
    name = f"{row.russian} ({row.transliteration}; {row.english})"
    if row.reconstructed:
        name += " [reconstructed]"
    return (
        name,
        row.id,
        f"{row.source}, {row.section}",
        row.players,
        str(row.deck),
        row.hand,
        row.differences_text,
    )


def catalogue_table(rows: list[CatalogueRow] | None = None, *, fmt: str = "markdown") -> str:
    """The catalogue as a Markdown (``fmt="markdown"``) or HTML (``fmt="html"``) table."""
    if rows is None:
        rows = catalogue()
    elif not isinstance(rows, list) or not all(isinstance(r, CatalogueRow) for r in rows):
        raise TypeError(f"rows: expected a list of CatalogueRow (catalogue()), not {rows!r}")
    if fmt == "markdown":

        def esc(text: str) -> str:
            return text.replace("|", "\\|")

        lines = ["| " + " | ".join(_HEADERS) + " |", "|" + "---|" * len(_HEADERS)]
        lines += ["| " + " | ".join(esc(c) for c in _cells(r)) + " |" for r in rows]
        return "\n".join(lines)
    if fmt == "html":
        head = "".join(f"<th>{html.escape(h)}</th>" for h in _HEADERS)
        body = "".join(
            "<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in _cells(r)) + "</tr>"
            for r in rows
        )
        return (
            f'<table class="dl-catalogue"><thead><tr>{head}</tr></thead>'
            f"<tbody>{body}</tbody></table>"
        )
    raise ValueError(f"fmt must be 'markdown' or 'html', not {fmt!r}")


#: options a "Rules at a glance" table never shows: the preset's own name, the mechanism
#: (the chapter says it) and the behaviour version
_NOT_AT_A_GLANCE: Final = frozenset({"name", "family", "version"})
#: options a "Rules at a glance" table always shows: what a reader asks of any game first
_AT_A_GLANCE: Final = frozenset(
    {"lead_shape", "throw_ins", "attack_limit", "on_fail", "transfers", "teams",
     "pogony_sixes", "first_leader", "beating"}
)


def glance(preset: str) -> list[tuple[str, str, str, str]]:
    """The rows of a "Rules at a glance" table for one preset (named by any of its names):
    ``(option, value, meaning, citation)`` for ``hand_size``, ``deck_size``, ``players`` (the
    seat counts the preset allows, from ``min_players`` and ``max_players``), then the options
    a reader asks of any game (how one leads, throws in, fails, transfers, the погоны, who
    leads first, what beats what), and every other option whose value differs from the
    defaults of :class:`~durak_lessons.Rules` or that the preset cites (a game's defining
    rule may be the default), in the order of its fields.

    The value is written as in a rules string (a flag as ``1`` or ``0``, a choice by its
    value, ``''`` for an empty text); the meaning is the option's explanation from
    :meth:`Rules.describe() <durak_lessons.Rules.describe>`; the citation is this preset's
    (:meth:`Preset.citation <durak_lessons.Preset.citation>`): the source section or the
    reading (R1..., or this project's D1...) that the value comes from, not the option's
    citation in подкидной.

    >>> for option, value, meaning, citation in glance("s-par")[:4]:
    ...     print(f"{option} = {value}: {citation}")
    hand_size = 5: dictionary, Дураки с пар; R19
    deck_size = 36: dictionary, Дураки с пар; D35
    players = 2, 3, 4, 5, 6: dictionary, Дураки с пар; D35
    lead_shape = s-par: dictionary, Дураки с пар; R19; D21
    """
    _load_presets()
    info = preset_info(preset)
    rules, defaults = info.rules, Rules()
    meaning = {name: doc for name, _, doc in Rules.describe()}

    def row(option: str) -> tuple[str, str, str, str]:
        text = _value(getattr(rules, option))
        if option == "hand_size" and rules.hand_size >= rules.deck_size:
            text = "the whole pack"  # dealt out, nothing left to refill from
        return option, text if text else "''", meaning[option], info.citation(option)

    seats = info.seat_counts or tuple(range(rules.min_players, rules.max_players + 1))
    seat_cites = [info.citation("min_players"), info.citation("max_players")]
    rows = [
        row("hand_size"),
        row("deck_size"),
        (
            "players",
            ", ".join(map(str, seats)),
            f"seat counts allowed: {meaning['min_players']} to {meaning['max_players']}",
            "; ".join(dict.fromkeys(seat_cites)),
        ),
    ]
    cited = dict(info.cites)
    for f in fields(rules):
        if f.name in _OWN_COLUMNS | _NOT_AT_A_GLANCE:
            continue
        if f.name == "on_fail" and rules.family == Family.CHAIN:
            continue  # a chain game's failing player takes what chain_take says (R17, R18)
        if (
            f.name in _AT_A_GLANCE
            or f.name in cited
            or getattr(rules, f.name) != getattr(defaults, f.name)
        ):
            rows.append(row(f.name))
    return rows


def glance_table(preset: str) -> str:
    """A chapter's "Rules at a glance" table for one preset, as HTML: a first row naming the
    game (Russian, English, its source), then the rows of :func:`glance` (option, value,
    meaning, and this preset's citation of it), under a caption that says what it is (for a
    screen reader, which announces a table by its caption).

    >>> table = glance_table("prostoy")
    >>> table.count("<tr>")  # the head, the game, 12 options
    14
    >>> table[table.index("<caption>") :].split(":")[0]
    '<caption>The rules of Дурак простой (Simple Durak) at a glance'

    """
    _load_presets()
    info = preset_info(preset)
    esc = html.escape
    cells = [
        (
            "game",
            f"<b>{esc(info.russian)}</b> ({esc(info.transliterations[0])}; {esc(info.english)}),"
            f" preset <code>{esc(info.id)}</code>",
            "",
            esc(info.reference),
        )
    ]
    cells += [
        (f"<code>{esc(o)}</code>", f"<b>{esc(v)}</b>", esc(m), esc(c))
        for o, v, m, c in glance(preset)
    ]
    body = "".join(
        "<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in cells
    )
    caption = (
        f"The rules of {esc(info.russian)} ({esc(info.english)}) at a glance: each option of the"
        " engine's rules model, its value in this game, what it means and where it comes from"
    )
    return (
        f'<table class="dl-glance"><caption>{caption}</caption><thead><tr><th>option</th>'
        "<th>in this game</th><th>meaning</th><th>source</th></tr></thead>"
        f"<tbody>{body}</tbody></table>"
    )
