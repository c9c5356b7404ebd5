"""The result of a finished deal, as a value."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

__all__ = ["Outcome", "Termination"]


class Termination(StrEnum):
    """How a deal ended: with a fool, a draw, or a team's win (see :class:`Outcome`)."""

    FOOL = "fool"  # one player is left holding cards: the fool (дурак, durak)
    DRAW = "draw"  # everybody ran out together, or nobody could lead (R10, R19)
    TEAM = "team"  # a team went out while an opponent still held cards (R9)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a deal ended.

    ``out_order`` lists the seats in the order they went out (winners first); ``fool`` is the
    loser's seat (``None`` for a draw or a team game); ``pogony`` marks a fool «с погонами»
    (R8); in a team game ``winning_team`` and ``losing_team`` are team numbers (seat % 2).
    """

    termination: Termination
    out_order: tuple[int, ...]
    fool: int | None = None
    pogony: bool = False
    winning_team: int | None = None
    losing_team: int | None = None
    #: in a team game, the seats of the losing team
    team_losers: tuple[int, ...] = ()

    @property
    def draw(self) -> bool:
        """Whether the deal was drawn (nobody is the fool)."""
        return self.termination == Termination.DRAW

    @property
    def losers(self) -> tuple[int, ...]:
        """Seats that lost: the fool, or every member of the losing team."""
        if self.fool is not None:
            return (self.fool,)
        return self.team_losers

    def describe(self, names: Sequence[str] | None = None) -> str:
        """The result in a sentence, with ``names`` for the seats if given (``'Boris is the fool
        (дурак, durak).'``); a list too short for a seat it names, or text instead of a list, is
        refused with a ValueError saying so.

        >>> Outcome(Termination.FOOL, (0,), fool=1).describe(["Anna", "Boris"])
        'Boris is the fool (дурак, durak).'
        """
        if names is not None:
            if isinstance(names, str) or not isinstance(names, Sequence):
                raise ValueError(f"names: expected a list of names, one per seat, not {names!r}")
            seats = [*self.out_order, *self.team_losers]
            if self.fool is not None:
                seats.append(self.fool)
            missing = [seat for seat in seats if seat >= len(names)]
            if missing:
                raise ValueError(
                    f"names: one name per seat, but {len(names)} given ({list(names)!r}) and"
                    f" seat {max(missing)} has none"
                )

        def name(seat: int) -> str:
            return names[seat] if names else f"seat {seat}"

        if self.termination == Termination.DRAW:
            return "A draw (ничья, nich'ya): nobody is the fool."
        if self.termination == Termination.TEAM:
            return f"Team {self.winning_team} wins; team {self.losing_team} are the fools."
        assert self.fool is not None
        who = name(self.fool)
        verb = "are" if who.casefold() == "you" else "is"  # a table that calls its reader "You"
        text = f"{who} {verb} the fool (дурак, durak)"
        if self.pogony:
            text += " «с погонами» (s pogonami, with epaulettes)"
        return text + "."

    def to_json(self) -> dict[str, object]:
        """The outcome as a JSON-ready dict."""
        return {
            "termination": self.termination.value,
            "out_order": list(self.out_order),
            "fool": self.fool,
            "pogony": self.pogony,
            "winning_team": self.winning_team,
            "losing_team": self.losing_team,
            "team_losers": list(self.team_losers),
        }
