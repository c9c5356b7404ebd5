"""The rules value: one frozen, documented field per rule option, and the preset registry.

Every field cites where the rule comes from: a source section (``Rozaliev 2``) or a reading
of the rules brief (``R6``), or one of this project's own readings (``D1``...; see
:data:`OUR_READINGS`).  A preset is a named :class:`Rules` value; :func:`find_preset` finds it
by its id, its Russian name, a transliteration or its English name.

>>> rules = find_preset("подкидной")
>>> rules.name, rules.transfers
('podkidnoy', False)
>>> Rules.parse("perevodnoy(first_bout_limit=5)").first_bout_limit
5
>>> find_preset("perevodnoy").replace(first_bout_limit=5).to_string()
'perevodnoy(first_bout_limit=5)'
"""

from __future__ import annotations

import dataclasses
import difflib
import html
import re
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any, Final

from .errors import InvalidRulesError, UnknownPresetError

__all__ = [
    "OUR_READINGS",
    "Beating",
    "ChainTake",
    "Family",
    "FirstLeader",
    "LeadShape",
    "OnFail",
    "Preset",
    "Rules",
    "ThrowIns",
    "all_presets",
    "find_preset",
    "names_ochko",
    "preset_names",
    "register_preset",
]


class Family(StrEnum):
    """The three shapes of play (see docs/architecture): the engine dispatches on this once."""

    BOUT = "bout"  # a leader leads at a defender, who covers, transfers or takes
    CHAIN = "chain"  # one card at a time travels round the table onto a centre pile
    BANK = "bank"  # the banking game (Очко)


class LeadShape(StrEnum):
    """Which sets of cards may open a bout."""

    SAME_RANK = "same-rank"  # one or more cards of one rank (Rozaliev 2)
    SINGLE = "single"  # exactly one card
    PAIRS_PLUS_ONE = "pairs+1"  # any number of pairs plus at most one odd card (R2)
    PYATKI = "pyatki"  # one card, a pair + one, two pairs + one (Rozaliev 1.в; R2)
    ONE_PAIR = "pair"  # exactly one pair (Rozaliev 1.г)
    PAIRS_ONLY = "pairs"  # 2, 4 or 6 cards made of pairs (английские дураки, R19)
    ANY_COUNT = "any"  # any cards, size fixed by lead_size (во все карты, R19)
    S_PAR = "s-par"  # pairs plus one card (1, 3, 5...); a lone pair at a 2-card defender (R19)


class ThrowIns(StrEnum):
    """Who may add cards to a bout after the lead."""

    NONE = "none"  # the lead is made once (Rozaliev 1.а: no throw-ins)
    RANKS_ON_TABLE = "ranks"  # any rank already on the table, in the R5 order


class OnFail(StrEnum):
    """What a defender who does not cover everything takes."""

    ALL = "all"  # every card on the table (R3 1.а; Rozaliev 2)
    UNCOVERED = "uncovered"  # only the uncovered cards; beaten pairs go to the discard (R3)
    FAILED_CARD = "failed-card"  # only the card he failed against (R16, 8.а)
    LED_SO_FAR = "led-so-far"  # every card led in the exchange so far (R16, 8.б)


class Beating(StrEnum):
    """The beating relation ``beats(attack, cover, defender)``."""

    TRUMP = "trump"  # higher of the suit, or any trump over a non-trump
    CLOSED_SPADES = "closed-spades"  # spades only by higher spades (R15)
    OWN_TRUMPS = "own-trumps"  # each player's own trump suit (R16)


class ChainTake(StrEnum):
    """What a player who fails to beat takes from the centre pile (the chain games)."""

    PILE = "pile"  # the whole centre pile (Rozaliev 9.а; R17)
    TOP = "top"  # the top 3 cards, the top 5 when the unbeaten card is a trump (Rozaliev 9.б; R17)
    BOTTOM = "bottom"  # the bottom card of the centre (Rozaliev 10; R18)


class FirstLeader(StrEnum):
    """Who leads first in the first deal of a session (R11)."""

    LOWEST_TRUMP = "lowest-trump"  # the holder of the lowest trump (Rozaliev 2; R11)
    DEALER_LEFT = "dealer-left"  # the player after the dealer (Rozaliev 1.а)


#: what 0 means for the int options whose 0 turns them off (see their docs)
_OFF: Final = {"first_bout_limit": "no first-bout limit", "lead_size": "any size"}


def _opt(default: Any, cite: str, doc: str) -> Any:
    return field(default=default, metadata={"cite": cite, "doc": doc})


@dataclass(frozen=True, slots=True)
class Rules:
    """Every option of the bout games, one field each, with its citation in the metadata.

    ``Rules.describe()`` lists the fields with their citations and explanations.
    """

    name: str = _opt("custom", "—", "the preset this value came from (informational)")
    family: Family = _opt(Family.BOUT, "architecture", "which mechanism plays the game")
    min_players: int = _opt(2, "Rozaliev 2", "fewest players")
    max_players: int = _opt(6, "Rozaliev 2", "most players")
    deck_size: int = _opt(36, "Rozaliev 2", "cards in the pack: 36 (24 and 52 as options)")
    hand_size: int = _opt(6, "Rozaliev 2", "cards dealt to each player and refilled to")
    refill: bool = _opt(True, "R4", "players refill from the stock after each bout")
    lead_shape: LeadShape = _opt(LeadShape.SAME_RANK, "Rozaliev 2; R2", "what may open a bout")
    lead_size: int = _opt(0, "R19", "fixed lead size for LeadShape.ANY_COUNT (0: any)")
    throw_ins: ThrowIns = _opt(ThrowIns.RANKS_ON_TABLE, "Rozaliev 2; R5", "who may add cards")
    attack_limit: int = _opt(
        6, "R6; R1", "cards led in a bout, lead included, at most this and the defender's hand"
    )
    first_bout_limit: int = _opt(
        0, "R6 option", "if not 0, the first bout of a deal holds at most this"
    )
    throw_in_after_take: bool = _opt(
        True, "R7", "throw-ins still allowed after the defender says take"
    )
    on_fail: OnFail = _opt(OnFail.ALL, "R3; Rozaliev 2", "what a failing defender takes")
    transfers: bool = _opt(
        False, "Rozaliev 3.а; R12", "the defender may transfer with a card of the rank"
    )
    otkaz: bool = _opt(False, "Rozaliev 3.б; R13", "transfer back onto a player who just went out")
    teams: bool = _opt(False, "Rozaliev 2 (teams); R9", "two teams in alternating seats")
    pogony_sixes: int = _opt(
        2, "R8", "sixes in the last lead that make the fool «с погонами» (0: off)"
    )
    first_leader: FirstLeader = _opt(FirstLeader.LOWEST_TRUMP, "R11", "first leader of a session")
    under_fool: bool = _opt(
        False, "R11 option", "later deals: the first lead is made against the fool"
    )
    beating: Beating = _opt(Beating.TRUMP, "Rozaliev 2", "the beating relation")
    fixed_trump: str = _opt(
        "", "R15", "a suit letter (S C D H) that is always trump; '' = turned up"
    )
    draw_when_all_pass: bool = _opt(
        False, "R19", "with the stock empty, a full round of passed leads is a draw"
    )
    pass_without_lead: bool = _opt(False, "Rozaliev 1.г; R19", "a player with no legal lead passes")
    chain_take: ChainTake = _opt(
        ChainTake.PILE, "Rozaliev 9, 10; R17; R18", "chain games: what a failing player takes"
    )
    chain_lead_on: bool = _opt(
        False, "Rozaliev 9; R17", "chain games: after beating, the beater leads a card to the next"
    )
    chain_discard: bool = _opt(
        False,
        "Rozaliev 10; R18; D16",
        "chain games: the centre goes to the discard once it holds a card per player in play",
    )
    personal_piles: bool = _opt(
        False,
        "Rozaliev 10; R18; D13",
        "chain games: dealt cards stay face down as personal piles; a player turns his top card",
    )
    chain_final_top: int = _opt(
        0,
        "Rozaliev 10; R18; D17",
        "with personal piles: once every pile is used up, a failing player takes this many top "
        "cards (0: off)",
    )
    repetition_draw: int = _opt(
        0,
        "D19; D39",
        "a position reached this many times draws the deal (0: off); bout games count the "
        "positions at the start of each bout (D39)",
    )
    # ---- options of the other bout games (issue 3; see presets_bout.py) ----
    deal_packets: str = _opt(
        "", "R19", "packets per round of dealing, e.g. '3+2' ('' = one card at a time)"
    )
    trump_exchange: bool = _opt(
        False, "R19; D42", "the holder of the lowest trump may swap it for the turned-up trump"
    )
    must_cover: bool = _opt(
        False, "R19 option (D24)", "the defender may not take while he can cover a card"
    )
    pass_round_draws: bool = _opt(
        False, "D36", "after a round of passed leads, each player draws a card from the stock"
    )
    blind: bool = _opt(
        False, "R14", "the blind game: own cards unseen, picked by position, wrong plays punished"
    )
    spade_to_middle: bool = _opt(
        True, "R15 option", "closed spades, trump turned up: a turned spade goes back mid-stock"
    )
    oversize_leads: bool = _opt(
        False,
        "R1 option (dictionary «Дураки с пар», разыгрывание)",
        "a lead may hold more cards than the defender; he gives back what he will not answer",
    )
    split_pack: bool = _opt(
        False,
        "R16 option (off: D31); D44",
        "own trumps: the pack is split, not dealt: a colour each between two players, a suit"
        " each among four; each names a suit of his own cards",
    )
    version: int = _opt(1, "—", "bumped whenever a preset's behaviour changes")

    # ---- checks ---------------------------------------------------------------------------
    def __post_init__(self) -> None:
        self._check_types()
        problems = []
        # every int option within the range its rule gives it meaning (its doc and citation)
        if not 2 <= self.min_players <= 8:
            problems.append(f"min_players {self.min_players} (expected 2..8)")
        elif not self.min_players <= self.max_players <= 8:
            problems.append(
                f"max_players {self.max_players} (expected min_players {self.min_players}..8)"
            )
        if self.deck_size not in (24, 32, 36, 52):
            problems.append(f"deck_size {self.deck_size} (expected 24, 32, 36 or 52)")
        if not 1 <= self.hand_size <= 52:
            problems.append(f"hand_size {self.hand_size} (expected 1..52)")
        if not 1 <= self.attack_limit <= 52:  # R6: cards led in a bout, at least the lead
            problems.append(f"attack_limit {self.attack_limit} (expected 1..52)")
        else:  # R6 option, R19: a limit or a lead size above attack_limit could never apply
            for option in ("first_bout_limit", "lead_size"):
                value = getattr(self, option)
                if not 0 <= value <= self.attack_limit:
                    problems.append(
                        f"{option} {value} (expected 0 for {_OFF[option]}, or 1..attack_limit"
                        f" {self.attack_limit})"
                    )
        if self.lead_size > 0 and self.lead_shape != LeadShape.ANY_COUNT:
            problems.append(
                f"lead_size {self.lead_size} needs lead_shape=any (it fixes the size of a lead"
                " of any cards, R19)"
            )
        if self.version < 1:
            problems.append(f"version {self.version} (expected 1 or more)")
        if self.pogony_sixes not in (0, 1, 2):
            problems.append(f"pogony_sixes {self.pogony_sixes} (expected 0, 1 or 2)")
        if self.fixed_trump not in ("", "S", "C", "D", "H"):
            problems.append(f"fixed_trump {self.fixed_trump!r} (expected '', S, C, D or H)")
        if self.otkaz and not self.transfers:
            problems.append("otkaz needs transfers (R13 is a kind of transfer)")
        if self.teams and self.min_players % 2:
            problems.append("teams need an even number of players (R9)")
        if not 0 <= self.chain_final_top <= 52:
            problems.append(f"chain_final_top {self.chain_final_top} (expected 0..52)")
        if self.repetition_draw not in (0, 2, 3, 4, 5):
            problems.append(f"repetition_draw {self.repetition_draw} (expected 0 or 2..5)")
        if self.family != Family.CHAIN and (
            self.chain_take != ChainTake.PILE
            or self.chain_lead_on
            or self.chain_discard
            or self.personal_piles
            or self.chain_final_top
        ):
            problems.append("chain_* and personal_piles need family=chain")
        if self.deal_packets and (
            not re.fullmatch(r"[1-9]\d*(\+[1-9]\d*)*", self.deal_packets)
            or sum(map(int, self.deal_packets.split("+"))) != self.hand_size
        ):
            problems.append(
                f"deal_packets {self.deal_packets!r} (expected sizes like '3+2' adding up to "
                f"hand_size {self.hand_size})"
            )
        if self.fixed_trump == "S" and self.beating == Beating.CLOSED_SPADES:
            problems.append("fixed_trump 'S' with closed spades: spades are beaten only by"
                            " spades, so they cannot be trumps (R15)")
        if self.fixed_trump and self.beating == Beating.OWN_TRUMPS:
            problems.append(f"fixed_trump {self.fixed_trump!r} with own trumps: each player"
                            " names his own trump suit (R16)")
        if self.trump_exchange and (self.fixed_trump or self.beating == Beating.OWN_TRUMPS):
            problems.append("trump_exchange needs a turned-up trump card (R19)")
        if self.split_pack and self.beating != Beating.OWN_TRUMPS:
            problems.append("split_pack needs beating=own-trumps: the pack is split so that"
                            " each names a trump suit of his own cards (R16)")
        elif self.split_pack and self.hand_size * self.min_players < self.deck_size:
            problems.append(f"split_pack needs the whole pack dealt: hand_size {self.hand_size}"
                            f" for {self.min_players} players leaves part of the"
                            f" {self.deck_size} cards (R16)")
        if self.blind and self.beating == Beating.OWN_TRUMPS:
            problems.append("the blind game names no trumps: own trumps (R16) cannot be played"
                            " blind (R14)")
        if self.blind and self.lead_shape != LeadShape.SAME_RANK:
            problems.append("the blind game plays as подкидной or переводной (R14)")
        if problems:
            raise InvalidRulesError("invalid rules: " + "; ".join(problems))

    def _check_types(self) -> None:
        """Every option of the type its default has (a flag a bool, a number an int, a name a
        str), a choice's value written as text taken for the choice ("all" for OnFail.ALL);
        anything else refused before it can change the meaning of a rule (``"no"`` is true)."""
        for f in fields(self):
            value, default = getattr(self, f.name), f.default
            kind: Any = type(default)
            if type(value) is kind:
                continue
            if isinstance(default, StrEnum) and isinstance(value, str):
                try:
                    object.__setattr__(self, f.name, kind(value))
                    continue
                except ValueError:
                    pass
            if isinstance(default, StrEnum):
                expected = " / ".join(repr(m.value) for m in kind)
            elif kind is bool:
                expected = "True or False"
            else:
                expected = "an int" if kind is int else "a str"
            raise InvalidRulesError(
                f"invalid rules: option {f.name} is {value!r} ({type(value).__name__});"
                f" expected {expected}"
            )
        if re.search(r"[(),=]", self.name) or not self.name.strip():
            raise InvalidRulesError(
                f"invalid rules: name {self.name!r} (expected a word, without ( ) , =, as it"
                " heads the rules string)"
            )

    # ---- text form -------------------------------------------------------------------------
    def replace(self, **changes: Any) -> Rules:
        """A copy with some options changed (checked)."""
        known = {f.name for f in fields(self)}
        for key in changes:
            if key not in known:
                raise InvalidRulesError(
                    f"unknown rules option {key!r}; options are: {', '.join(sorted(known))}"
                )
        return dataclasses.replace(self, **changes)

    def to_string(self) -> str:
        """The preset's id and the options that differ from it: ``podkidnoy(pogony_sixes=1)``."""
        base = _PRESETS.get(self.name)
        diffs = []
        for f in fields(self):
            if f.name == "name":
                continue
            value = getattr(self, f.name)
            if base is None or getattr(base.rules, f.name) != value:
                diffs.append(f"{f.name}={_format_value(value)}")
        return self.name + (f"({','.join(diffs)})" if diffs else "")

    def __str__(self) -> str:
        return self.to_string()

    def __repr__(self) -> str:
        """The expression that makes this value again, on one line, rather than its 40-odd
        fields: ``Rules.parse('podkidnoy(pogony_sixes=0)')`` (the rules string names every
        option that differs from the preset, :meth:`to_string`).

        >>> find_preset("podkidnoy").replace(pogony_sixes=0)
        Rules.parse('podkidnoy(pogony_sixes=0)')
        """
        return f"Rules.parse({self.to_string()!r})"

    def _repr_html_(self) -> str:
        """In a notebook: the rules string, then every option as a row (option, value,
        meaning, citation), the options that differ from the preset named marked "changed"
        and cited by the option's general reading (:meth:`cite`)."""
        _ensure_loaded()
        base = _PRESETS.get(self.name)
        rows = []
        for option, cite, doc in self.describe():
            if option == "name":
                continue
            value = getattr(self, option)
            changed = base is not None and getattr(base.rules, option) != value
            mark = " <i>(changed)</i>" if changed else ""
            rows.append(
                f"<tr><td><code>{option}</code></td>"
                f"<td><b>{html.escape(_format_value(value) or repr(''))}</b>{mark}</td>"
                f"<td>{html.escape(doc)}</td><td>{html.escape(self.cite(option, cite))}</td></tr>"
            )
        return (
            f"<p><code>{html.escape(self.to_string())}</code></p>"
            '<table class="dl-glance"><thead><tr><th>option</th><th>value</th>'
            f"<th>meaning</th><th>source</th></tr></thead><tbody>{''.join(rows)}</tbody></table>"
        )

    @classmethod
    def parse(cls, text: str) -> Rules:
        """Read a rules string written by :meth:`to_string` (or any preset name)."""
        if not isinstance(text, str):
            raise InvalidRulesError(
                f"rules are read from a preset name or a rules string, not from {text!r}"
            )
        if "(" in text:  # a preset's own name may hold brackets: "Пятки (дурак простой 1.в)"
            try:
                preset = preset_info(text)
            except UnknownPresetError:
                pass
            else:  # only a name that holds them itself: not "podkidnoy(" nor "podkidnoy)("
                names = (preset.russian, preset.english, *preset.aliases, *preset.transliterations)
                if any("(" in n and _key(n) == _key(text) for n in names):
                    return preset.rules
        match = re.fullmatch(r"\s*([^()]+?)\s*(?:\((.*)\))?\s*", text)
        if match is None:
            raise InvalidRulesError(
                f"cannot read rules from {text!r}: expected name(option=value,...)"
            )
        name, options = match.groups()
        types = {f.name: f.type for f in fields(cls)}
        changes: dict[str, Any] = {}
        try:
            base = find_preset(name)
        except UnknownPresetError:
            # a name of one's own: to_string writes every option then, and so must the text
            # (a preset's name mistyped is not taken for a new rule set)
            given = {item.partition("=")[0].strip() for item in (options or "").split(",")}
            if name != "custom" and not given >= set(types) - {"name"}:
                raise
            base = Rules()
            if name != base.name:
                changes["name"] = name
        if not options:
            return base
        given_keys: set[str] = set()
        for item in options.split(","):
            key, sep, raw = item.partition("=")
            key = key.strip()
            if not sep or key not in types:
                raise InvalidRulesError(
                    f"bad option {item.strip()!r} in {text!r}: expected one of "
                    + ", ".join(t for t in types if t != "name")
                )
            if key in given_keys:
                raise InvalidRulesError(f"option {key} given twice in {text!r}")
            given_keys.add(key)
            changes[key] = _read_value(getattr(base, key), raw.strip(), key)
        return base.replace(**changes)

    def cite(self, option: str, reading: str) -> str:
        """What a refusal under ``option`` cites: the preset's own citation of the option
        (:meth:`Preset.citation`) while this value keeps that preset's value of it, else
        ``reading`` (the rule the engine applies whatever the game).

        >>> find_preset("prostoy").cite("beating", "Rozaliev 2")
        'Rozaliev 1.а'
        >>> find_preset("prostoy").replace(transfers=True).cite("transfers", "R12")
        'R12'
        """
        known = [f.name for f in fields(Rules)]
        if option not in known:
            raise InvalidRulesError(
                f"no rules option {option!r} to cite; options are: {', '.join(known)}"
            )
        _ensure_loaded()
        base = _PRESETS.get(self.name)
        if base is None or getattr(base.rules, option) != getattr(self, option):
            return reading
        return base.citation(option)

    @classmethod
    def describe(cls) -> list[tuple[str, str, str]]:
        """(option, citation, explanation) for every option."""
        return [(f.name, f.metadata["cite"], f.metadata["doc"]) for f in fields(cls)]

    @property
    def trump_suit_fixed(self) -> int:
        """The fixed trump suit number, or -1 when the trump is turned up."""
        return "SCDH".index(self.fixed_trump) if self.fixed_trump else -1


def _format_value(value: object) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    return str(value)


def _read_value(default: object, raw: str, key: str) -> object:
    try:
        if isinstance(default, bool):
            if raw.lower() in ("1", "true", "yes", "on"):
                return True
            if raw.lower() in ("0", "false", "no", "off"):
                return False
            raise ValueError(raw)
        if isinstance(default, StrEnum):
            return type(default)(raw)
        if isinstance(default, int):
            if not re.fullmatch(r"[+-]?[0-9]+", raw):  # int() would read "٧" and "1_0" too
                raise ValueError(raw)
            return int(raw)
        return raw
    except ValueError:
        expected = (
            "0 or 1"
            if isinstance(default, bool)
            else " / ".join(m.value for m in type(default))
            if isinstance(default, StrEnum)
            else type(default).__name__
        )
        raise InvalidRulesError(
            f"bad value {raw!r} for option {key}: expected {expected}"
        ) from None


# ---- presets ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Preset:
    """A named rule set: its rules, names, source and the seat counts it allows, and where
    each value it sets comes from (:attr:`cites`, read with :meth:`citation`)."""

    id: str
    rules: Rules
    russian: str
    english: str
    transliterations: tuple[str, ...]
    source: str
    section: str
    seat_counts: tuple[int, ...]
    aliases: tuple[str, ...] = ()
    note: str = ""
    reconstructed: bool = False
    #: (option, citation) for the options this preset sets: where its value comes from, a
    #: source section (``Rozaliev 1.а``), a reading (``R2``, ``D20``) or both
    #: (``Rozaliev 1.а; R2``); an option not listed is cited as the preset's :attr:`reference`
    cites: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        known = {f.name for f in fields(Rules)}
        cited = [option for option, _ in self.cites]
        unknown = sorted(set(cited) - known)
        if unknown:
            raise InvalidRulesError(
                f"preset {self.id!r} cites {', '.join(map(repr, unknown))}, which"
                f" {'is no option' if len(unknown) == 1 else 'are no options'} of Rules"
            )
        twice = sorted({option for option in cited if cited.count(option) > 1})
        if twice:
            raise InvalidRulesError(f"preset {self.id!r} cites {', '.join(twice)} twice")
        empty = sorted(option for option, text in self.cites if not text.strip())
        if empty:
            raise InvalidRulesError(f"preset {self.id!r} gives {', '.join(empty)} no citation")

    def __repr__(self) -> str:
        """One line, as a notebook shows a list of them (the fields are its attributes):

        >>> all_presets()[0]
        <Preset podkidnoy: Дурак подкидной (Throw-in Durak), Rozaliev 2, 2 to 6 players>
        """
        counts = self.seat_counts
        seats = (
            f"{counts[0]} to {counts[-1]}"
            if len(counts) > 2 and counts == tuple(range(counts[0], counts[-1] + 1))
            else " or ".join(map(str, counts))
        )
        return (
            f"<Preset {self.id}: {self.russian} ({self.english}), {self.reference},"
            f" {seats} players>"
        )

    def names(self) -> tuple[str, ...]:
        """Every name the preset is found by (:func:`find_preset`): its id, Russian and English
        names, transliterations and other spellings."""
        return (self.id, self.russian, self.english, *self.transliterations, *self.aliases)

    @property
    def reference(self) -> str:
        """The preset's source and section in the short form citations use: the author, or
        the dictionary and its article, then the section (``Rozaliev 1.а``, ``Rozaliev, after
        3.б (4, inferred)``, ``dictionary, Дураки с пар``, ``dictionary, Дураки с пар,
        variants: английские дураки``); the dictionary's rules card is the article itself."""
        article = re.search(r"article «([^»]+)»", self.source)
        if self.source.startswith("Rozaliev"):
            author = "Rozaliev"
        elif self.source.startswith("Dictionary") and article:
            author = f"dictionary, {article.group(1)}"
        else:
            author = self.source
        section = self.section.strip()
        if not section or section == "rules card":
            return author
        return f"{author}{' ' if section[0].isdigit() else ', '}{section}"

    def citation(self, option: str) -> str:
        """Where this preset's value of ``option`` (a field of :class:`Rules`) comes from: its
        own citation of the option (:attr:`cites`) if it gives one, else its source and
        section (:attr:`reference`).

        >>> prostoy = preset_info("prostoy")
        >>> prostoy.citation("hand_size"), prostoy.citation("transfers")
        ('Rozaliev 1.а', 'Rozaliev 1.а')
        >>> prostoy.citation("lead_shape")
        'Rozaliev 1.а; R2'
        """
        known = [f.name for f in fields(Rules)]
        if option not in known:
            near = difflib.get_close_matches(option, known, n=1) if isinstance(option, str) else []
            hint = f" Did you mean {near[0]!r}?" if near else ""
            raise InvalidRulesError(
                f"no rules option {option!r} to cite for preset {self.id!r}.{hint} Options are:"
                f" {', '.join(known)}"
            )
        return dict(self.cites).get(option) or self.reference


def recited(
    cites: tuple[tuple[str, str], ...], **changes: str | None
) -> tuple[tuple[str, str], ...]:
    """A variant's :attr:`Preset.cites` from its base game's: ``cites`` with the citations
    of ``changes`` replaced or added, and those given as ``None`` left out."""
    out = dict(cites)
    for option, text in changes.items():
        if text is None:
            out.pop(option, None)
        else:
            out[option] = text
    return tuple(out.items())


_PRESETS: dict[str, Preset] = {}
_ALIASES: dict[str, str] = {}
#: names by their words in any order, without the word "дурак" (see _words); "" where two
#: presets share such a name (it then finds neither)
_WORDS: dict[str, str] = {}
#: the word for the fool itself, which people put before or after the game's own words
#: ("подкидной дурак", "дурак подкидной") or leave out ("подкидной")
_FOOL: Final = frozenset({"дурак", "дураки", "durak", "duraki", "fool", "fools"})


def _key(name: str) -> str:
    if not isinstance(name, str):
        raise UnknownPresetError(
            f"a preset is named by a string (its id, Russian, transliterated or English"
            f" name), not by {type(name).__name__} {name!r}"
        )
    text = name.strip().replace("ё", "е").replace("Ё", "Е")
    text = re.sub(r"[«»\"'.,()]", "", text)
    return "-".join(_one_script(w) for w in re.split(r"[\s_\-]+", text))


#: Latin and Cyrillic letters that look alike, in either case (the capitals B H M T look like
#: В Н М Т, their small letters do not): a name typed with the wrong keyboard layout for a
#: letter or two ("1.а" with a Cyrillic а, "пoдкидной" with a Latin o)
_LATIN_LOOKS: Final = "aeopcyxkAEOPCYXKBHMT"
_CYRILLIC_LOOKS: Final = "аеорсухкАЕОРСУХКВНМТ"
_TO_CYRILLIC: Final = str.maketrans(_LATIN_LOOKS, _CYRILLIC_LOOKS)
_TO_LATIN: Final = str.maketrans(_CYRILLIC_LOOKS, _LATIN_LOOKS)


def _one_script(word: str) -> str:
    """``word`` in lower case with its look-alike letters in one script: that of its other
    letters (Cyrillic in "пoдкидной", Latin in "pоdkidnoy", also in capitals); Latin where
    every letter could be either ("1а" and "1a", "с" and "c"); as it is where both scripts
    have letters of their own.  So a name and its look-alike spellings share one key."""
    script = _script(word)
    if script is None:  # only look-alikes as written: "ТАК" is Cyrillic, as "так" is
        word = word.lower()
        script = _script(word) or "latin"
    if script == "latin":
        word = word.translate(_TO_LATIN)
    elif script == "cyrillic":
        word = word.translate(_TO_CYRILLIC)
    return word.lower()


def _script(word: str) -> str | None:
    """The script of the letters of ``word`` that look like no letter of the other one:
    "latin", "cyrillic", "both", or None where it has no such letter."""
    own = {ch for ch in word if ch.isalpha() and ch not in _LATIN_LOOKS + _CYRILLIC_LOOKS}
    latin = any(ch.isascii() for ch in own)
    cyrillic = any("а" <= ch.lower() <= "я" for ch in own)
    if latin and cyrillic:
        return "both"
    return "latin" if latin else "cyrillic" if cyrillic else None


def _words(key: str) -> str:
    """A name's key with its words sorted and the word for the fool left out where other
    words remain: "подкидной дурак", "дурак подкидной" and "подкидной" alike."""
    words = key.split("-")
    rest = [w for w in words if w not in _FOOL]
    return "-".join(sorted(rest or words))


def register_preset(preset: Preset) -> Preset:
    """Add a preset to the registry (ids and aliases must be new)."""
    if preset.rules.name != preset.id:
        raise InvalidRulesError(f"preset {preset.id!r} holds rules named {preset.rules.name!r}")
    if preset.id in _PRESETS:
        raise InvalidRulesError(f"preset {preset.id!r} is already registered")
    for name in preset.names():
        key = _key(name)
        if key in _ALIASES and _ALIASES[key] != preset.id:
            raise InvalidRulesError(
                f"name {name!r} of {preset.id!r} already names {_ALIASES[key]!r}"
            )
    _PRESETS[preset.id] = preset
    for name in preset.names():
        _ALIASES[_key(name)] = preset.id
        words = _words(_key(name))
        _WORDS[words] = preset.id if _WORDS.get(words, preset.id) == preset.id else ""
    return preset


def find_preset(name: str) -> Rules:
    """The rules of the preset called ``name`` (id, Russian, transliterated or English), in
    any case, with ё or е, and with Latin and Cyrillic look-alike letters alike ("1.a", "1.а").

    Only a preset's name: a rules string (``"podkidnoy(first_bout_limit=5)"``) is read by
    :meth:`Rules.parse`, and a :class:`Rules` value is used as it is (``new_game`` and
    ``Game`` take either); both are refused with :class:`UnknownPresetError` saying so.

    >>> find_preset("1.а").name, find_preset("пoдкидной").name  # Cyrillic а, Latin o
    ('prostoy', 'podkidnoy')
    """
    return preset_info(name).rules


def preset_info(name: str) -> Preset:
    """The :class:`Preset` called ``name`` (see :func:`find_preset`)."""
    _ensure_loaded()
    if isinstance(name, Rules):
        raise UnknownPresetError(_rules_value_hint(name))
    key = _key(name)
    if key in _ALIASES:
        return _PRESETS[_ALIASES[key]]
    if _FOOL & set(key.split("-")) and _WORDS.get(_words(key)):  # "подкидной дурак"
        return _PRESETS[_WORDS[_words(key)]]
    if names_ochko(name) or difflib.get_close_matches(key, _OCHKO_NAMES, n=1, cutoff=0.75):
        raise UnknownPresetError(
            f"no preset called {name!r}: Очко (ochko, Twenty-One) is the banking game, not a"
            " game of the Durak family; it has rules and a game of its own:"
            " durak_lessons.ochko (OchkoRules, OchkoGame)"
        )
    as_rules = _rules_string_hint(name)
    if as_rules:
        raise UnknownPresetError(as_rules)
    near = _near_presets(key)
    hint = f" Did you mean {' or '.join(near)}?" if near else ""
    raise UnknownPresetError(
        f"no preset called {name!r}.{hint} Known presets: {', '.join(sorted(_PRESETS))}"
        " (durak_lessons.catalogue() lists them with their names)."
    )


#: names (as keys) of Очко, which is no preset of the rules model (see durak_lessons.ochko)
_OCHKO_NAMES: Final = [_key(n) for n in ("ochko", "очко", "twenty-one", "21", "очко 11.а")]
#: the words those names are made of ("Twenty-One (Ochko)", the catalogue's English name)
_OCHKO_WORDS: Final = frozenset(_key(w) for w in ("ochko", "очко", "twenty", "one", "21", "11а"))


def names_ochko(name: str) -> bool:
    """Whether ``name`` is a name of Очко, the banking game, which is no preset of this
    registry (it has rules and a game of its own: :mod:`durak_lessons.ochko`): one of its
    names, or those names' words together ("Twenty-One (Ochko)", "очко 11.а")."""
    key = _key(name)
    words = set(key.split("-"))
    return key in _OCHKO_NAMES or (
        words <= _OCHKO_WORDS and bool(words & {"ochko", "очко", "twenty", "21"})
    )


def _rules_value_hint(rules: Rules) -> str:
    """Why a :class:`Rules` value is no preset's name, and what to do with it instead."""
    base = _PRESETS.get(rules.name)
    if base is None:
        what = f"is a rule set of one's own ({rules.name!r}), no preset"
    elif base.rules == rules:
        what = (
            f"already is the preset {rules.name!r} (preset_info(rules.name) gives its names and"
            " source)"
        )
    else:
        what = (
            f"is the preset {rules.name!r} with options changed ({rules.to_string()});"
            " find_preset(rules.name) gives the preset itself"
        )
    return (
        f"find_preset finds a preset by its name, not by a Rules value: this one {what}."
        " Use the value as it is: new_game, Game and initial_state take it."
    )


def _rules_string_hint(name: str) -> str:
    """If ``name`` is a rules string (a preset's name with options in brackets), why it is
    no preset's name and what reads it; else ""."""
    match = re.fullmatch(r"\s*([^()]+?)\s*\((.*)\)\s*", name)
    base = _ALIASES.get(_key(match.group(1))) if match else None
    if match is None or base is None:
        return ""
    return (
        f"no preset called {name!r}: it is a rules string, the preset {base!r} with the"
        f" options {match.group(2).strip()!r}, and find_preset finds presets by name only."
        f" Read it with Rules.parse({name!r}), or pass it as it is to new_game, Game or"
        " initial_state."
    )


def _near_presets(key: str) -> list[str]:
    """The presets a mistyped or partial name (already a key) most likely meant: those with
    a name of which it is a whole word (or whose words it all holds, "с пар"), the shortest
    names first, then those with a name close in spelling; at most three, each as its id
    with its English name."""
    found: list[str] = []
    if len(key) >= 3:
        words = set(key.split("-"))
        holding = sorted(
            (len(alias.split("-")), i, preset_id)
            for i, (alias, preset_id) in enumerate(_ALIASES.items())
            if key in alias.split("-") or (len(words) > 1 and words <= set(alias.split("-")))
        )
        for *_, preset_id in holding:
            if preset_id not in found:
                found.append(preset_id)
    for alias in difflib.get_close_matches(key, list(_ALIASES), n=6, cutoff=0.75):
        if _ALIASES[alias] not in found:
            found.append(_ALIASES[alias])
    return [f"{p!r} ({_PRESETS[p].english})" for p in found[:3]]


def all_presets() -> list[Preset]:
    """Every registered preset of the Durak families (:class:`Preset`), in the catalogue's order,
    as a new list.
    Очко is a game of its own (:mod:`durak_lessons.ochko`), listed by :func:`catalogue` only."""
    _ensure_loaded()
    return list(_PRESETS.values())


def preset_names() -> list[str]:
    """The id of every registered preset of the Durak families (``'podkidnoy'``,
    ``'perevodnoy'``, ...); :func:`find_preset` also takes their Russian, transliterated and
    English names."""
    _ensure_loaded()
    return list(_PRESETS)


_loaders: list[Callable[[], None]] = []


def _ensure_loaded() -> None:
    while _loaders:
        _loaders.pop()()


# ---- our readings ----------------------------------------------------------------------------

#: Choices this project made where neither the sources nor the rules brief decide.
OUR_READINGS: Final[dict[str, str]] = {
    "D1": (
        "Play is sequential: while a card on the table is uncovered only the defender acts; "
        "throw-ins are made one card at a time once every card is covered (or after 'take'), "
        "so the defender answers each throw-in before the next."
    ),
    "D2": (
        "A player who cannot legally throw in is skipped in the throw-in rotation without having "
        "to say 'pass'; the bout ends as soon as nobody can or will add a card. The skip is "
        "public: everyone learns that the skipped player holds no card of a rank on the table "
        "(at a real table one who cannot add and one who will not both stay silent; the blind "
        "game, where nobody knows his own cards, asks everyone, D29)."
    ),
    "D3": (
        "Players who go out at the same bout's end are ranked in refilling order (the leader "
        "first, then clockwise, the defender last)."
    ),
    "D4": (
        "«С погонами» (R8) counts every card led against the fool in the last bout he defended "
        "(lead and throw-ins): exactly two sixes (one with the option)."
    ),
    "D5": (
        "If nobody holds a trump at the first deal, the player after the dealer leads (R11 "
        "assumes someone holds one)."
    ),
    "D6": ("The first deal's dealer is the last seat, so seat 0 receives the first card."),
    "D10": (
        "Chain games: a player who must beat may take only when no card in his hand beats the "
        "top card (Rozaliev 9 and 10 both make beating the card laid at him a duty); in "
        "дорожный with a pile left he must turn his top card instead (see D14)."
    ),
    "D11": (
        "Chain games: a player is out once he holds no card and none can come to him (stock and "
        "own pile empty), also when he leads his last card; play goes on until one player holds "
        "cards (the fool; the first out is the source's winner). A card led at the last player "
        "must still be answered: if he beats it with his last card the deal is drawn (R10)."
    ),
    "D12": (
        "Дорожный: the turned-up trump goes into the dealer's hand, seen by all, not into his "
        "pile; with 5 players it is the 36th card, so the dealer has one card more."
    ),
    "D13": (
        "Дорожный (faithful): a player's pile is his dealt cards, the last dealt on top; nobody "
        "sees it, its owner included; everyone sees how many cards it holds."
    ),
    "D14": (
        "Дорожный (faithful): a player may always turn his top card instead of playing from his "
        "hand; he takes (R18) only when his pile is used up and no card in his hand beats."
    ),
    "D15": (
        "Дорожный (faithful): after a turned card fails, its player takes it and the card it "
        "failed against and then lays a card of his own at the next player, from his hand or "
        "by turning his next card (Rozaliev 10), on whatever is left in the centre; after a "
        "turned card that beats, the next player beats that card. The source also has the "
        "beater turn a second card at once and lay it in the centre as well; that double turn "
        "is not played: every other turn is one card (R18)."
    ),
    "D16": (
        "Дорожный: 'one card per player' counts the players in play when the card is laid, "
        "the beater included; the centre is discarded once it holds at least that many and "
        "the beater leads next (his left neighbour if he has just gone out)."
    ),
    "D17": (
        "Дорожный (faithful): the source's last stage, when the cards have all been taken up "
        "and one card lies in the centre, is read as the stage when every personal pile is used "
        "up: from then on a player failing from his hand takes the top three cards of the "
        "centre (all if fewer); the open mode always takes the bottom card (R18)."
    ),
    "D18": (
        "Chain games, later deals: the fool deals and the player to his left leads (R11); the "
        "source names the lowest trump (наваленный) and the dealer's left (дорожный) for the "
        "first deal."
    ),
    "D19": (
        "Chain games: the sources give no end to a deal that goes round in circles (наваленный "
        "never removes a card from play, and simple play can pass the same cards back and "
        "forth for ever). A position (hands, piles, centre, stock, and who must do what) that "
        "comes up for the third time draws the deal (ничья, as R10); option repetition_draw."
    ),
}


def _modern_presets() -> None:
    podkidnoy = Rules(name="podkidnoy")
    register_preset(
        Preset(
            id="podkidnoy",
            rules=podkidnoy,
            russian="Дурак подкидной",
            english="Throw-in Durak",
            transliterations=("durak podkidnoy", "podkidnoi", "podkidnoj", "podkidnoy durak"),
            aliases=("подкидной", "throw-in fool", "durak", "дурак"),
            source="Rozaliev, «Карточные игры России»",
            section="2",
            seat_counts=(2, 3, 4, 5, 6),
            cites=(
                ("min_players", "Rozaliev 2"),
                ("max_players", "Rozaliev 2"),
                ("deck_size", "Rozaliev 2"),
                ("hand_size", "Rozaliev 2"),
            ),
        )
    )
    register_preset(
        Preset(
            id="podkidnoy-teams",
            rules=podkidnoy.replace(name="podkidnoy-teams", teams=True, min_players=4),
            russian="Дурак подкидной, двое на двое / трое на трое",
            english="Throw-in Durak in teams",
            transliterations=(
                "durak podkidnoy, dvoe na dvoe / troe na troe",
                "podkidnoy dvoe na dvoe",
                "podkidnoy troe na troe",
            ),
            aliases=("подкидной командами", "двое на двое", "трое на трое", "teams", "team durak"),
            source="Rozaliev, «Карточные игры России»",
            section="2 (team play)",
            seat_counts=(4, 6),
            cites=(
                ("min_players", "Rozaliev 2 (team play)"),  # двое на двое, трое на трое
                ("max_players", "Rozaliev 2 (team play)"),
                ("deck_size", "Rozaliev 2"),
                ("hand_size", "Rozaliev 2"),
                ("teams", "Rozaliev 2 (team play); R9"),
            ),
        )
    )
    perevodnoy = podkidnoy.replace(name="perevodnoy", transfers=True)
    register_preset(
        Preset(
            id="perevodnoy",
            rules=perevodnoy,
            russian="Дурак переводной",
            english="Transfer Durak",
            transliterations=("durak perevodnoy", "perevodnoi", "perevodnoj", "perevodnoy durak"),
            aliases=("переводной", "passing durak", "transfer fool"),
            source="Rozaliev, «Карточные игры России»",
            section="3.а",
            seat_counts=(2, 3, 4, 5, 6),
            cites=(
                ("min_players", "Rozaliev 3.а (as 2)"),
                ("max_players", "Rozaliev 3.а (as 2)"),
                ("deck_size", "Rozaliev 3.а (as 2)"),
                ("hand_size", "Rozaliev 3.а (as 2)"),
                ("transfers", "Rozaliev 3.а; R12"),
            ),
        )
    )
    register_preset(
        Preset(
            id="perevodnoy-otkaz",
            rules=perevodnoy.replace(name="perevodnoy-otkaz", otkaz=True),
            russian="Дурак переводной с «отказом»",
            english="Transfer Durak with refusal",
            transliterations=("durak perevodnoy s otkazom", "perevodnoy s otkazom", "otkaz"),
            aliases=("отказ", "переводной с отказом", "refusal"),
            source="Rozaliev, «Карточные игры России» (web copy)",
            section="3.б",
            seat_counts=(2, 3, 4, 5, 6),
            cites=(
                ("min_players", "Rozaliev 3.б (as 3.а, 2)"),
                ("max_players", "Rozaliev 3.б (as 3.а, 2)"),
                ("deck_size", "Rozaliev 3.б (as 3.а, 2)"),
                ("hand_size", "Rozaliev 3.б (as 3.а, 2)"),
                ("transfers", "Rozaliev 3.а; R12"),
                ("otkaz", "Rozaliev 3.б; R13"),
            ),
        )
    )


_loaders.append(_modern_presets)
_ensure_loaded()
