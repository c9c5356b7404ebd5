"""The public engine API: pure functions over states, and a mutable :class:`Game` for notebooks.

>>> state = new_game("podkidnoy", players=2, seed=1)
>>> action = legal_actions(state)[0]
>>> after = apply(state, action)
>>> after is not state and legal_actions(state)[0] == action  # the old state is unchanged
True
>>> explain(state, Action.parse("take"))
Reason(rule='turn order', text='the bout has not been led yet: seat 0 must lead')

The engine dispatches once on the rules' family: every family module provides a state class
that satisfies :class:`GameState`.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Protocol, cast, runtime_checkable

from .actions import Action, ActionList, Kind, checked
from .cards import Card
from .deal import Deal, _rules, check_cards, check_no_fool_beside, check_players, deal, rng_of
from .errors import (
    InvalidRecordError,
    InvalidRulesError,
    Reason,
    check_seat,
)
from .outcome import Outcome
from .rules import Family, Preset, Rules

if TYPE_CHECKING:
    from .records import Record
    from .views import View

__all__ = [
    "Game",
    "GameState",
    "apply",
    "explain",
    "initial_state",
    "is_legal",
    "legal_actions",
    "new_game",
    "register_family",
]


@runtime_checkable
class GameState(Protocol):
    """What every family's state offers (bout, chain)."""

    rules: Rules
    deal: Deal
    n: int

    @property
    def to_move(self) -> int | None:
        """The seat to act now, or ``None`` once the deal is over."""

    @property
    def is_over(self) -> bool:
        """Whether the deal is over."""

    @property
    def outcome(self) -> Outcome | None:
        """How the deal ended, or ``None`` while it goes on."""

    def legal_actions(self) -> ActionList:
        """Every action the player to move may take (empty once the deal is over)."""

    def explain(self, action: Action | str, player: int | None = None) -> Reason | None:
        """Why ``action`` is refused (a :class:`Reason`), or ``None`` when it is legal."""

    def apply(self, action: Action | str, player: int | None = None) -> GameState:
        """The position after ``action``; raises :class:`IllegalActionError` if it is refused."""

    def hand(self, player: int) -> list[Card]:
        """The cards in ``player``'s hand (the position knows every hand: a bot reads a
        :class:`View`)."""


_FAMILIES: dict[Family, Callable[[Rules, Deal], GameState]] = {}

#: the classes already found to be game states (so that the check below costs a set look-up)
_STATE_TYPES: set[type] = set()


def checked_state(state: object) -> GameState:
    """``state`` if it is a position of a game; else a TypeError saying what was given
    (a :class:`Game` itself, not its ``.state``, is named so)."""
    if type(state) not in _STATE_TYPES:
        if not isinstance(state, GameState):
            hint = ": pass game.state, the Game's position" if isinstance(state, Game) else ""
            raise TypeError(
                f"state: expected a game state (new_game(), Game.state), not"
                f" {type(state).__name__}{hint}"
            )
        _STATE_TYPES.add(type(state))
    return cast(GameState, state)


def register_family(family: Family, initial: Callable[[Rules, Deal], GameState]) -> None:
    """Make ``initial(rules, deal)`` the start of every game of ``family``."""
    _FAMILIES[family] = initial


def _bout_initial(rules: Rules, deal_: Deal) -> GameState:
    from .bout import start

    return start(rules, deal_)  # BoutState, or the blind / own-trumps mechanisms (issue 3)


register_family(Family.BOUT, _bout_initial)


def initial_state(
    rules: Rules | Preset | str, deal: Deal | None = None, *, deal_: Deal | None = None
) -> GameState:
    """The position right after a deal (``deal=``, as :class:`Game` and :func:`play` take it;
    ``deal_`` is its older name).

    >>> initial_state("podkidnoy", deal=Deal.from_hands(["6S 7S", "8H 9H"], trump="H"))
    <BoutState podkidnoy lead leader=0 defender=1 hands=[6♠ 7♠ | 8♥ 9♥] table=[] stock=0>
    """
    r = _rules(rules)
    if deal is not None and deal_ is not None:
        raise InvalidRecordError(
            "deal= and deal_= are one argument (deal_ its older name): give one"
        )
    deal_ = deal if deal is not None else deal_
    if not isinstance(deal_, Deal):
        raise InvalidRecordError(
            f"deal: expected a Deal (Deal.from_hands, deal(), Deal.from_text), got {deal_!r}"
        )
    try:
        start = _FAMILIES[r.family]
    except KeyError:
        raise InvalidRulesError(f"no engine for the {r.family} family is installed") from None
    check_players(r, len(deal_.hands))
    check_cards(r, deal_)
    for i, hand in enumerate(deal_.hands):
        if not hand:
            raise InvalidRecordError(
                f"hand {i} is empty: a deal gives every player at least one card (one who has"
                " none is out, R9; deal without his seat)"
            )
    return start(r, deal_)


def new_game(
    rules: Rules | Preset | str,
    players: int = 2,
    seed: int | random.Random | None = None,
    *,
    fool: int | None = None,
) -> GameState:
    """Shuffle (with an injected seed or RNG), deal and return the first position."""
    r = _rules(rules)
    return initial_state(r, deal(r, players, rng_of(seed), fool=fool))


def legal_actions(state: GameState) -> ActionList:
    """Every action the player to move may take (empty when the deal is over)."""
    return checked_state(state).legal_actions()


def explain(state: GameState, action: Action | str, player: int | None = None) -> Reason | None:
    """Why ``action`` is illegal (the rule and a sentence), or ``None`` when it is legal."""
    return checked_state(state).explain(checked(action), _player(state, player))


def is_legal(state: GameState, action: Action | str, player: int | None = None) -> bool:
    """Whether ``action`` is legal now (``player``: the seat trying it); :func:`explain` says why
    not."""
    return explain(state, action, player) is None


def apply(state: GameState, action: Action | str, player: int | None = None) -> GameState:
    """The position after ``action``.  Raises :class:`IllegalActionError` (with the rule) and
    leaves ``state`` untouched if the rules forbid it; ``player`` is the seat trying to act."""
    return checked_state(state).apply(checked(action), _player(state, player))


def _player(state: GameState, player: int | None) -> int | None:
    return None if player is None else check_seat(player, state.n, "player")


class Game:
    """A mutable game for notebooks: ``push``/``pop`` actions, keep the history.

    >>> g = Game("perevodnoy", players=3, seed=5)
    >>> g.push(g.legal_actions()[0]); len(g.history)
    1
    >>> g.pop(); len(g.history)
    Action.parse('L7C7D')
    0
    """

    def __init__(
        self,
        rules: Rules | Preset | str = "podkidnoy",
        players: int | None = None,
        seed: int | random.Random | None = 0,
        *,
        deal: Deal | None = None,
        fool: int | None = None,
    ) -> None:
        """``players``: 2 unless given, or as many as ``deal`` has hands (a number that
        disagrees with the deal is refused).  ``seed`` shuffles a new deal (0 unless given:
        the same game each time), and ``fool`` (the loser of the session's previous deal, who
        deals: R11) shapes it, so both are refused beside ``deal``, which is played as it is
        dealt and says itself who deals and leads (``Deal.from_hands(..., leader=, dealer=)``).
        """
        self.rules = _rules(rules)
        from .deal import deal as _deal

        check_no_fool_beside(deal, fool, "a new deal")
        if deal is not None and not (type(seed) is int and seed == 0):
            raise InvalidRecordError(
                f"seed={seed!r} shuffles a new deal, but a deal is given and is played as it"
                " is dealt: give one or the other"
            )
        if deal is None:
            deal = _deal(self.rules, 2 if players is None else players, rng_of(seed), fool=fool)
        elif players is not None and players != len(deal.hands):
            raise InvalidRecordError(
                f"players={players}, but the deal has {len(deal.hands)} hands: give one or the"
                " other, or both alike"
            )
        self.deal = deal
        self.states: list[GameState] = [initial_state(self.rules, self.deal)]
        self.history: list[Action] = []
        #: begun from a position in mid-game whose earlier moves are unknown (see from_state)
        self._partial = False

    @classmethod
    def from_record(cls, record: Record | str) -> Game:
        """The game a record holds (a :class:`~durak_lessons.records.Record` or its text), every
        position played again: :meth:`pop` steps back through it and :meth:`push` plays on
        from its last position.  A record that does not load or replay raises
        :class:`InvalidRecordError`.

        >>> line = Game("podkidnoy", seed=3).record().to_text()
        >>> g = Game.from_record(line); g.push(g.legal_actions()[0]); len(g.history)
        1
        """
        from .records import Record

        record = Record.of(record)
        game = cls(record.rules, deal=record.deal)
        game.states = record.states()
        game.history = list(record.actions)
        return game

    @classmethod
    def from_state(cls, state: GameState) -> Game:
        """A game that has reached ``state``.  Where the state keeps its own record of play
        (every bout game does: ``state.history()``), the game holds the whole of it, from the
        deal, so that :meth:`record` writes a record that loads again and :meth:`pop` goes back
        past ``state``; otherwise it starts at ``state``, and :meth:`record` can write it only
        if ``state`` is the position of the deal itself."""
        checked_state(state)
        game = cls.__new__(cls)
        game.rules = state.rules
        game.deal = state.deal
        game.states = [state]
        game.history = []
        game._partial = False
        played = getattr(state, "history", None)
        if callable(played):
            moves = played()
            if moves:
                if moves[0].action.kind == Kind.NAME:  # свои козыри: named after the deal (R16)
                    game.deal = dataclasses.replace(game.deal, trumps=(-1,) * game.deal.players)
                states = [initial_state(state.rules, game.deal)]
                for p in moves[:-1]:
                    states.append(states[-1].apply(p.action, p.seat))
                states.append(state)  # itself, the last move's result
                game.states, game.history = states, [p.action for p in moves]
        else:
            game._partial = state != initial_state(state.rules, state.deal)
        return game

    @property
    def state(self) -> GameState:
        """The current position."""
        return self.states[-1]

    @property
    def initial(self) -> GameState:
        """The position the game started from (the deal's first position)."""
        return self.states[0]

    def legal_actions(self) -> ActionList:
        """Every action the player to move may take now (empty once the deal is over), as an
        :class:`~durak_lessons.actions.ActionList`: ``"LJS" in g.legal_actions()`` reads the
        notation."""
        return self.state.legal_actions()

    def explain(self, action: Action | str, player: int | None = None) -> Reason | None:
        """Why ``action`` is refused now (a :class:`Reason`: the rule and a sentence), or ``None``
        when it is legal."""
        return explain(self.state, action, player)

    def is_legal(self, action: Action | str, player: int | None = None) -> bool:
        """Whether ``action`` is legal now (``player``: the seat trying it, by default the
        seat to move); :meth:`explain` says why not.

        >>> g = Game("podkidnoy", seed=7)
        >>> g.is_legal("LJS"), g.is_legal("take")
        (True, False)
        """
        return is_legal(self.state, action, player)

    def copy(self) -> Game:
        """An independent game at the same point, with the same history: push and pop on
        either leave the other as it is (positions are immutable and shared).

        >>> g = Game("podkidnoy", seed=7); trial = g.copy(); trial.push("LJS")
        >>> len(trial.history), len(g.history)
        (1, 0)
        """
        game = copy.copy(self)
        game.states, game.history = list(self.states), list(self.history)
        return game

    def push(self, action: Action | str, player: int | None = None) -> None:
        """Play ``action``; on a refusal nothing changes and IllegalActionError says why."""
        parsed = checked(action)
        self.states.append(self.state.apply(parsed, _player(self.state, player)))
        self.history.append(parsed)

    def pop(self) -> Action:
        """Take back the last action."""
        if not self.history:
            raise IndexError("no action to take back")
        self.states.pop()
        return self.history.pop()

    @property
    def is_over(self) -> bool:
        """Whether the deal is over."""
        return self.state.is_over

    @property
    def outcome(self) -> Outcome | None:
        """How the deal ended (an :class:`Outcome`), or ``None`` while it goes on."""
        return self.state.outcome

    @property
    def to_move(self) -> int | None:
        """The seat to act now, or ``None`` once the deal is over."""
        return self.state.to_move

    def view(self, seat: int) -> View:
        """What ``seat`` sees now, ``View(game.state, seat)`` (as
        :meth:`OchkoGame.view <durak_lessons.ochko.OchkoGame.view>` gives a seat's view).

        >>> g = Game("podkidnoy", seed=7)
        >>> g.view(0).hand_sizes, g.view(0).known(1)
        ((6, 6), [])
        """
        from .views import View

        return View(self.state, seat)

    def record(self) -> Record:
        """The game so far as a :class:`~durak_lessons.records.Record`."""
        from .records import Record

        if self._partial:
            raise InvalidRecordError(
                "this game was taken up in mid-game (Game.from_state) from a position that"
                " keeps no record of the moves before it, so no record from the deal can be"
                " written; start the Game from the deal to record it"
            )
        return Record._played(self.rules, self.deal, tuple(self.history))

    def __iter__(self) -> Iterator[GameState]:
        return iter(self.states)

    def __repr__(self) -> str:
        return (
            f"<Game {self.rules.to_string()} players={self.deal.players} moves={len(self.history)}>"
        )

    def _repr_html_(self) -> str:
        from .render import state_html  # as every state's own _repr_html_

        return state_html(self.state)
