"""Records of Очко sessions: rules, starting money, banker and every action (deals
included, so a record replays exactly), as JSON or as one line of text.

A malformed record raises :class:`~durak_lessons.errors.InvalidRecordError` naming its first
bad element; nothing half-loads (a record is only returned once it has replayed in full).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from durak_lessons.errors import (
    DurakError,
    IllegalActionError,
    InvalidActionError,
    InvalidRecordError,
    InvalidRulesError,
)
from durak_lessons.records import FORMAT as DURAK_FORMAT

from .engine import (
    Action,
    OchkoState,
    _amount,
    _check_balances,
    _check_banker,
    apply,
    new_session,
    parse_action,
)
from .rules import OchkoRules

__all__ = ["FORMAT", "OchkoRecord"]

#: the format tag of JSON records and of the one-line text
FORMAT: Final = "ochko/1"


def _not_durak(tag: object) -> None:
    """Refuse a record of a Durak game (``durak-lessons/1``), naming what reads it."""
    if tag == DURAK_FORMAT:
        raise InvalidRecordError(
            f"record.format: {DURAK_FORMAT!r} is a record of a Durak game, not of Очко:"
            " durak_lessons.Record reads it (Game.from_record plays it)"
        )


@dataclass(frozen=True, slots=True)
class OchkoRecord:
    """A whole session, replayable.

    Its forms, and the names the Durak side's :class:`~durak_lessons.Record` gives them:

    * a dict of plain JSON values: :meth:`to_dict` / :meth:`from_dict` (the same names on
      both sides);
    * JSON text: :meth:`dumps` on both sides; :meth:`to_json` returns the same **str**
      here (``Record.to_json`` returns the dict); :meth:`from_json` reads the text or the
      dict, on both sides;
    * one line of text: :meth:`to_line` / :meth:`from_line`, also named :meth:`to_text` /
      :meth:`from_text`, the Durak names.

    >>> from durak_lessons.ochko import OchkoGame
    >>> game = OchkoGame([50, 50], seed=1)
    >>> _ = game.deal("6S 10H 9C"); _ = game.push("stake 5"); _ = game.push("stand")
    >>> line = game.record().to_line()
    >>> OchkoRecord.from_line(line) == game.record()
    True
    """

    rules: OchkoRules
    balances: tuple[int, ...]
    banker: int
    actions: tuple[Action, ...]

    def states(self) -> list[OchkoState]:
        """Every state of the session, the first included (raises InvalidRecordError)."""
        try:
            _check_balances(self.balances)
        except DurakError as exc:
            raise InvalidRecordError(f"record.balances: {exc}") from None
        try:
            _check_banker(self.banker, len(self.balances))
        except DurakError as exc:
            raise InvalidRecordError(f"record.banker: {exc}") from None
        if not isinstance(self.rules, OchkoRules):
            raise InvalidRecordError(f"record.rules: expected an OchkoRules, not {self.rules!r}")
        state = new_session(self.balances, self.rules, banker=self.banker)
        out = [state]
        for i, action in enumerate(self.actions):
            try:
                state = apply(state, action)
            except (IllegalActionError, InvalidActionError) as exc:
                raise InvalidRecordError(f"record.actions[{i}] ({action}): {exc}") from None
            out.append(state)
        return out

    def final_state(self) -> OchkoState:
        return self.states()[-1]

    def to_dict(self) -> dict[str, object]:
        """The record as plain JSON values (as ``Record.to_dict`` on the Durak side)."""
        return {
            "format": FORMAT,
            "rules": self.rules.to_dict(),
            "balances": list(self.balances),
            "banker": self.banker,
            "actions": [str(a) for a in self.actions],
        }

    def to_json(self, *, indent: int | None = None) -> str:
        """The JSON text of :meth:`to_dict`: a str (the Durak ``Record.to_json`` returns the
        dict itself; :meth:`to_dict` is the dict on both sides)."""
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=indent)

    def dumps(self, *, indent: int | None = None) -> str:
        """The same as :meth:`to_json`, under the name the Durak side's
        :meth:`Record.dumps <durak_lessons.Record.dumps>` uses for the JSON text."""
        return self.to_json(indent=indent)

    @classmethod
    def from_dict(cls, data: object) -> OchkoRecord:
        """The inverse of :meth:`to_dict` (raises InvalidRecordError naming the bad key)."""
        if not isinstance(data, dict):
            raise InvalidRecordError("record: expected a JSON object")
        _not_durak(data.get("format"))
        unknown = sorted(set(data) - {"format", "rules", "balances", "banker", "actions"})
        if unknown:
            raise InvalidRecordError(f"record.{unknown[0]}: unknown key")
        for key in ("format", "rules", "balances", "banker", "actions"):
            if key not in data:  # as a Durak record: nothing is taken for granted
                raise InvalidRecordError(f"record.{key}: missing")
        if data.get("format") != FORMAT:
            found = data.get("format")
            raise InvalidRecordError(f"record.format: expected {FORMAT!r}, not {found!r}")
        try:
            rules = OchkoRules.from_dict(data.get("rules", {}))
        except InvalidRulesError as exc:
            raise InvalidRecordError(f"record.rules: {exc}") from None
        balances = data.get("balances")
        if not isinstance(balances, list) or not balances:
            raise InvalidRecordError("record.balances: expected a list of amounts")
        for i, b in enumerate(balances):
            if type(b) is not int or b < 0:
                raise InvalidRecordError(f"record.balances[{i}]: {b!r} is not an amount")
        banker = data.get("banker", 0)
        if type(banker) is not int:
            raise InvalidRecordError(f"record.banker: {banker!r} is not a seat")
        raw = data.get("actions", [])
        if not isinstance(raw, list):
            raise InvalidRecordError("record.actions: expected a list")
        return cls._build(rules, balances, banker, raw)

    @classmethod
    def _build(
        cls, rules: OchkoRules, balances: Sequence[int], banker: int, raw: Sequence[object]
    ) -> OchkoRecord:
        actions: list[Action] = []
        for i, text in enumerate(raw):
            try:
                actions.append(parse_action(text))
            except InvalidActionError as exc:
                raise InvalidRecordError(f"record.actions[{i}]: {exc}") from None
        record = cls(rules, tuple(balances), banker, tuple(actions))
        record.states()  # replays in full, or raises naming the first bad action
        return record

    @classmethod
    def from_json(cls, text: str | dict[str, object]) -> OchkoRecord:
        """Read :meth:`to_json`'s text (or the object it holds, as
        :meth:`Record.from_json <durak_lessons.Record.from_json>` does)."""
        if isinstance(text, dict):
            return cls.from_dict(text)
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, TypeError) as exc:
            raise InvalidRecordError(f"record: not JSON ({exc})") from None
        return cls.from_dict(data)

    def to_line(self) -> str:
        """``ochko/1 | rules | money | banker N | action; action; ...`` (also
        :meth:`to_text`)."""
        money = " ".join(str(b) for b in self.balances)
        acts = "; ".join(str(a) for a in self.actions)
        return f"{FORMAT} | {self.rules} | {money} | banker {self.banker} | {acts}"

    def to_text(self) -> str:
        """The same as :meth:`to_line`, under the name the Durak side's
        :meth:`Record.to_text <durak_lessons.Record.to_text>` uses."""
        return self.to_line()

    @classmethod
    def from_text(cls, text: str) -> OchkoRecord:
        """The same as :meth:`from_line`, under the name the Durak side's
        :meth:`Record.from_text <durak_lessons.Record.from_text>` uses."""
        return cls.from_line(text)

    @classmethod
    def from_line(cls, text: str) -> OchkoRecord:
        """The inverse of :meth:`to_line` (also :meth:`from_text`); raises
        InvalidRecordError naming the first bad field."""
        if not isinstance(text, str):
            kind = type(text).__name__
            raise InvalidRecordError(f"record: a text record is a string, not {kind}")
        parts = [p.strip() for p in text.split("|")]
        _not_durak(parts[0])
        if len(parts) != 5:
            raise InvalidRecordError(
                f"record: expected 5 fields separated by '|', found {len(parts)}"
            )
        tag, rules_text, money, banker_text, acts = parts
        if tag != FORMAT:
            raise InvalidRecordError(f"record.format: expected {FORMAT!r}, not {tag!r}")
        try:
            rules = OchkoRules.parse(rules_text)
        except InvalidRulesError as exc:
            raise InvalidRecordError(f"record.rules: {exc}") from None
        balances = []
        for i, word in enumerate(money.split()):
            amount = _amount(word)
            if amount is None:
                raise InvalidRecordError(
                    f"record.balances[{i}]: {word!r} is not an amount (digits 0-9)"
                )
            balances.append(amount)
        words = banker_text.split()
        banker = _amount(words[1]) if len(words) == 2 and words[0] == "banker" else None
        if banker is None:
            raise InvalidRecordError(
                f"record.banker: expected 'banker N' (N in digits 0-9), not {banker_text!r}"
            )
        raw = [a.strip() for a in acts.split(";")] if acts else []
        return cls._build(rules, balances, banker, raw)
