"""Errors and refusal reasons shared by every game of the package.

A refusal is never a bare ``ValueError``: it carries a :class:`Reason` that names the rule it
applies (an R-number of the rules brief, a source section such as ``Rozaliev 2``, or one of
this project's own readings ``D1``..., Очко's ``O1``...), so the widgets and the book can show
it to a reader.  A refusal that rests on no rule of the game but on the facts of the table is
labelled plainly: ``hand`` (the card is not in the hand), ``turn order``, ``table`` (no such
card on the table) or ``end`` (the deal is over).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "DurakError",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidBotError",
    "InvalidRecordError",
    "InvalidRulesError",
    "InvalidSeatError",
    "MissingSeedError",
    "NotARecordError",
    "Reason",
    "UnknownPresetError",
    "check_names",
    "check_seat",
]


@dataclass(frozen=True, slots=True)
class Reason:
    """Why an action is refused: the rule (an R-number, a source section, a reading D… or O…,
    or a plain label such as ``hand`` or ``turn order``: see the module's notes) and a
    sentence.  ``str(reason)`` is the sentence with the rule in brackets."""

    rule: str
    text: str

    def __str__(self) -> str:
        return f"{self.text} [{self.rule}]"


#: the longest message shown whole; a longer one (it repeats a huge input) is shown cut
_LONGEST = 2000


def shortened(text: str) -> str:
    """``text``, or its start and end around a note of how much was left out when it is
    longer than a reader can use (an error message that quotes a megabyte of input)."""
    if len(text) <= _LONGEST:
        return text
    return f"{text[:1000]} ... ({len(text) - 1500:,} characters left out) ... {text[-500:]}"


class DurakError(Exception):
    """Base class of every error raised by durak_lessons.  Its text is shown cut when it
    quotes a huge input (``args[0]`` keeps it whole)."""

    def __str__(self) -> str:
        return shortened(super().__str__())


class InvalidActionError(DurakError, ValueError):
    """An action could not be read or does not fit this game at all (a syntax error)."""


class InvalidBotError(InvalidActionError, TypeError):
    """Something that is no bot where one is expected (a class, not an instance; a name; a
    single bot for a list of them), or a bot's parameter of the wrong kind.  A ``TypeError``,
    and an :class:`InvalidActionError` as :func:`durak_lessons.play` raised for bots it could
    not use before it had a class of its own; the Очко bots raise it too."""


class IllegalActionError(DurakError, ValueError):
    """The rules forbid this action in this state; ``reason`` says which rule."""

    def __init__(self, reason: Reason, action: object = None) -> None:
        self.reason = reason
        self.action = action
        prefix = f"illegal action {action}: " if action is not None else ""
        super().__init__(prefix + str(reason))


class InvalidRulesError(DurakError, ValueError):
    """A rules string or a rules value is malformed or inconsistent."""


class UnknownPresetError(DurakError, KeyError):
    """No preset has this name."""

    def __str__(self) -> str:
        return shortened(str(self.args[0])) if self.args else "unknown preset"


class MissingSeedError(DurakError, TypeError):
    """A function that shuffles was given no seed and no ``random.Random``: randomness is
    always injected, so that the same seed replays the same game."""


class EndlessGameError(DurakError, RuntimeError):
    """A deal played by bots did not end within :data:`~durak_lessons.simulate.MAX_ACTIONS`
    actions: with transfers two players can go round for ever (see the solver's notes on
    endless play), and bots that play at random sometimes do, as may bots that always play
    a position alike (the same cards passed round the table once the stock is out)."""


class InvalidRecordError(DurakError, ValueError):
    """A game record is malformed; the message names the first bad element."""


class NotARecordError(InvalidRecordError, TypeError):
    """Something given for a game record that is neither a
    :class:`~durak_lessons.records.Record` nor its one-line text.  A ``TypeError``, and an
    :class:`InvalidRecordError` as ``Game.from_record`` raised before it had a class of its
    own."""


class InvalidSeatError(DurakError, ValueError, IndexError):
    """A seat number that the table has not (also an ``IndexError``, as a seat is an index)."""


class InvalidDealSeatError(InvalidSeatError, InvalidRecordError):
    """A seat argument of a deal (``leader=``, ``dealer=``, ``fool=``) that the table has not:
    a seat error and a malformed deal both, so either ``except`` catches it."""


def check_names(names: object, players: int) -> None:
    """Refuse ``names`` (for the seats of a table of ``players``) unless it is ``None``, empty
    (no names: "seat N" is said) or one name per seat: a ValueError saying so (a text
    instead of a list, or a list of another length, is a slip that would name the wrong seat or
    fail later)."""
    if names is None:
        return
    if isinstance(names, str) or not hasattr(names, "__len__") or len(names) not in (0, players):
        raise ValueError(f"names: one name per seat, {players} in all, not {names!r}")


def check_seat(seat: object, players: int, what: str = "seat") -> int:
    """``seat`` if it is a seat of a table of ``players`` (an int 0..players-1); else
    :class:`InvalidSeatError` saying so (a negative seat is not counted from the end)."""
    if type(seat) is not int or not 0 <= seat < players:
        raise InvalidSeatError(
            f"{what} {seat!r} does not exist at a table of {players}: seats are numbered"
            f" 0..{players - 1}"
        )
    return seat
