"""Game records: the rules string, the deal and the actions; JSON and a one-line text form.

>>> from durak_lessons import Game
>>> g = Game("podkidnoy", players=2, seed=3)
>>> for _ in range(4): g.push(g.legal_actions()[0])
>>> rec = g.record()
>>> Record.from_text(rec.to_text()) == rec and Record.from_json(rec.to_json()) == rec
True

Loading checks everything, replays every action and only then returns: a malformed record
raises :class:`InvalidRecordError` naming the first bad element, and nothing is half-loaded.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .actions import Action, checked
from .deal import Deal
from .engine import GameState, initial_state
from .errors import DurakError, InvalidRecordError, NotARecordError
from .outcome import Outcome
from .rules import Rules

__all__ = ["FORMAT", "Record"]

FORMAT = "durak-lessons/1"


@dataclass(frozen=True, slots=True)
class Record:
    """A whole game: enough to replay every position."""

    rules: Rules
    deal: Deal
    actions: tuple[Action, ...] = ()

    def __post_init__(self) -> None:
        """Rules (a value, a preset's name or a rules string), a :class:`Deal` and the
        actions (values or their notation) in any sequence, played through from the deal:
        anything else, an action the rules refuse included, is refused at once
        (:class:`InvalidRecordError`), not when the record is written and fails to load."""
        if isinstance(self.rules, str):
            object.__setattr__(self, "rules", _rules(self.rules))
        elif not isinstance(self.rules, Rules):
            raise InvalidRecordError(
                f"rules: expected a Rules value or a rules string, got {self.rules!r}"
            )
        if not isinstance(self.deal, Deal):
            raise InvalidRecordError(f"deal: expected a Deal, got {self.deal!r}")
        if isinstance(self.actions, str) or not isinstance(self.actions, Iterable):
            raise InvalidRecordError(
                f"actions: expected a sequence of actions, got {self.actions!r}"
            )
        actions = tuple(_parsed(a, i) for i, a in enumerate(self.actions))
        object.__setattr__(self, "actions", actions)
        try:
            self.states()  # replay everything before handing the record out
        except InvalidRecordError:
            raise
        except DurakError as exc:
            raise InvalidRecordError(f"the deal does not fit the rules: {exc}") from None

    @classmethod
    def _played(cls, rules: Rules, deal: Deal, actions: tuple[Action, ...]) -> Record:
        """The record of actions the engine itself has just applied from ``deal`` (a
        :class:`Game`'s history, a bot game's), made without playing them through again."""
        record = object.__new__(cls)
        object.__setattr__(record, "rules", rules)
        object.__setattr__(record, "deal", deal)
        object.__setattr__(record, "actions", actions)
        return record

    def states(self) -> list[GameState]:
        """Every position from the deal to the last action (raises on an illegal action)."""
        state = initial_state(self.rules, self.deal)
        out = [state]
        for i, action in enumerate(self.actions):
            reason = state.explain(action)
            if reason is not None:
                raise InvalidRecordError(f"action {i + 1} ({action}) is illegal: {reason}")
            state = state.apply(action)
            out.append(state)
        return out

    def final_state(self) -> GameState:
        """The position after the last action."""
        return self.states()[-1]

    @property
    def outcome(self) -> Outcome | None:
        """How the recorded deal ended, or ``None`` if the record stops before the end."""
        return self.final_state().outcome

    # ---- JSON ------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The record as a JSON-ready dict (rules, deal, actions); :meth:`from_json` reads it
        back."""
        return {
            "format": FORMAT,
            "rules": self.rules.to_string(),
            "deal": self.deal.to_json(),
            "actions": [str(a) for a in self.actions],
        }

    def dumps(self) -> str:
        """The record as a JSON string."""
        return json.dumps(self.to_json(), ensure_ascii=False)

    def to_dict(self) -> dict[str, Any]:
        """The same as :meth:`to_json` (plain JSON-ready values), under the name
        :class:`~durak_lessons.ochko.OchkoRecord` uses."""
        return self.to_json()

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Record:
        """The inverse of :meth:`to_dict` (:meth:`from_json` reads the text as well)."""
        return cls.from_json(data)

    @classmethod
    def from_json(cls, data: dict[str, Any] | str) -> Record:
        """A record from :meth:`to_json`'s dict or a JSON string, replayed and checked."""
        if isinstance(data, str):
            try:
                data = json.loads(data)
            except json.JSONDecodeError as exc:
                raise InvalidRecordError(f"not JSON: {exc}") from None
        if not isinstance(data, dict):
            raise InvalidRecordError("a record is a JSON object with rules, deal and actions")
        _not_ochko(data.get("format"))
        for key in ("format", "rules", "deal", "actions"):
            if key not in data:
                raise InvalidRecordError(f"missing element {key!r}")
        if data["format"] != FORMAT:
            raise InvalidRecordError(f"format: expected {FORMAT!r}, got {data['format']!r}")
        unknown = sorted(str(k) for k in data if k not in ("format", "rules", "deal", "actions"))
        if unknown:
            raise InvalidRecordError(
                f"unknown element(s) {', '.join(map(repr, unknown))} (a record holds format,"
                " rules, deal and actions)"
            )
        rules = _rules(data["rules"])
        deal = Deal.from_json(data["deal"])
        if not isinstance(data["actions"], list):
            raise InvalidRecordError("actions: expected a list of action strings")
        return cls._build(rules, deal, data["actions"])

    def __repr__(self) -> str:
        """The record as the expression that reads it back (``Record.from_text('...')``),
        on one line, rather than every option of the rules and every card as fields."""
        return f"Record.from_text({self.to_text()!r})"

    # ---- one-line text ---------------------------------------------------------------------
    def to_text(self) -> str:
        """``durak-lessons/1 | podkidnoy | h=...;s=...;t=KH;tr=H,H;d=1;l=0 | L6S C6S7S pass``"""
        return " | ".join(
            [FORMAT, self.rules.to_string(), self.deal.to_text(), " ".join(map(str, self.actions))]
        )

    @classmethod
    def of(cls, record: Record | str) -> Record:
        """``record`` as it is, or read from its one-line text (:meth:`to_text`): what every
        function that takes "a record or its text" takes.  Malformed text is an
        :class:`InvalidRecordError` saying what is wrong; anything else a
        :class:`NotARecordError` (a ``TypeError``)."""
        if isinstance(record, str):
            return cls.from_text(record)
        if not isinstance(record, Record):
            raise NotARecordError(
                "record: expected a Record or its text (Record.to_text()), not "
                f"{type(record).__name__}"
            )
        return record

    @classmethod
    def from_text(cls, text: str) -> Record:
        """A record from its one-line text (:meth:`to_text`), replayed and checked action by
        action."""
        if not isinstance(text, str):
            raise InvalidRecordError(f"a text record is a string, not {type(text).__name__}")
        parts = [p.strip() for p in text.strip().split("|")]
        _not_ochko(parts[0])
        if len(parts) != 4:
            raise InvalidRecordError(
                f"a text record has 4 parts separated by '|' (format, rules, deal, actions), "
                f"not {len(parts)}"
            )
        if parts[0] != FORMAT:
            raise InvalidRecordError(f"format: expected {FORMAT!r}, got {parts[0]!r}")
        rules = _rules(parts[1])
        deal = Deal.from_text(parts[2])
        return cls._build(rules, deal, parts[3].split())

    @classmethod
    def _build(cls, rules: Rules, deal: Deal, raw_actions: list[Any]) -> Record:
        for i, raw in enumerate(raw_actions):
            if not isinstance(raw, str):
                raise InvalidRecordError(f"action {i + 1}: expected a string, got {raw!r}")
        actions = [_parsed(raw, i) for i, raw in enumerate(raw_actions)]
        return cls(rules, deal, tuple(actions))  # replayed and checked (__post_init__)


def _parsed(raw: Any, i: int) -> Action:
    """Action number ``i + 1`` of a record: an :class:`Action` (in its canonical form, see
    :func:`~durak_lessons.actions.checked`), or its notation read."""
    if not isinstance(raw, (Action, str)):
        raise InvalidRecordError(f"action {i + 1}: expected an action or its notation, got {raw!r}")
    try:
        return checked(raw)
    except DurakError as exc:
        shown = f" ({raw!r})" if isinstance(raw, str) else ""
        raise InvalidRecordError(f"action {i + 1}{shown}: {exc}") from None


def _not_ochko(tag: object) -> None:
    """Refuse a record of Очко, whose format is ``ochko/1``, naming what reads it."""
    from .ochko.record import FORMAT as OCHKO_FORMAT  # here: that module imports this one

    if tag == OCHKO_FORMAT:
        raise InvalidRecordError(
            f"format: {OCHKO_FORMAT!r} is a record of Очко, not of a Durak game:"
            " durak_lessons.ochko.OchkoRecord reads it (OchkoGame.from_record plays it)"
        )


def _rules(text: Any) -> Rules:
    if not isinstance(text, str):
        raise InvalidRecordError(f"rules: expected a rules string, got {text!r}")
    try:
        return Rules.parse(text)
    except DurakError as exc:
        raise InvalidRecordError(f"rules: {exc}") from None
