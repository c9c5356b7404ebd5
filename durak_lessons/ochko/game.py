"""A thin mutable wrapper for notebooks: push, pop, history, injected randomness."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from durak_lessons.errors import IllegalActionError, Reason

from .bots import Bot
from .engine import (
    Action,
    Deal,
    LegalActions,
    OchkoState,
    OchkoView,
    Phase,
    apply,
    deal_order,
    explain,
    legal_actions,
    new_session,
    parse_action,
    view,
)
from .odds import Banker16, Odds, odds
from .record import OchkoRecord
from .rules import PACK, OchkoRules

__all__ = ["OchkoGame"]


class OchkoGame:
    """A session you can step through: ``push`` an action (or its text), ``pop`` it back.

    Randomness is injected: ``rng`` (a :class:`random.Random`) or ``seed`` (0 unless given,
    as for :class:`~durak_lessons.Game`: the same session every time); it is used only
    to shuffle the pack for :meth:`deal`; the bots of :meth:`play` draw on ``bot_rng``, a
    generator of their own seeded from it (so that none can foresee the pack).  ``rules``
    is an :class:`OchkoRules` value or its text (``"bank=50,max_stake=20"``).
    """

    def __init__(
        self,
        balances: Sequence[int] = (100, 100, 100),
        rules: OchkoRules | str | None = None,
        *,
        banker: int = 0,
        rng: random.Random | None = None,
        seed: int | None = 0,
    ) -> None:
        first = new_session(balances, rules, banker=banker)  # refuses bad set-up first
        self.rng = rng if rng is not None else random.Random(seed)
        #: the bots' own randomness, seeded from ``rng``'s state without drawing from it: a
        #: bot handed the generator that shuffles the next pack could foresee the pack
        self.bot_rng = random.Random(repr(self.rng.getstate()))
        self._start = (tuple(balances), banker)
        self._states: list[OchkoState] = [first]
        self._actions: list[Action] = []

    @property
    def state(self) -> OchkoState:
        return self._states[-1]

    @property
    def history(self) -> tuple[Action, ...]:
        return tuple(self._actions)

    @property
    def states(self) -> tuple[OchkoState, ...]:
        """Every position of the session so far, the first before any action: the action
        ``history[i]`` was played from ``states[i]`` (by its ``to_move``)."""
        return tuple(self._states)

    @property
    def rules(self) -> OchkoRules:
        return self.state.rules

    def legal_actions(self) -> LegalActions:
        return legal_actions(self.state)

    def explain(self, action: Action | str) -> Reason | None:
        return explain(self.state, parse_action(action) if isinstance(action, str) else action)

    def push(self, action: Action | str) -> OchkoState:
        """Apply an action; a refused one raises IllegalActionError and changes nothing."""
        act = parse_action(action) if isinstance(action, str) else action
        state = apply(self.state, act)
        self._states.append(state)
        self._actions.append(act)
        return state

    def pop(self) -> Action:
        """Take back the last action."""
        if not self._actions:
            raise IndexError("no action to take back")
        self._states.pop()
        return self._actions.pop()

    def deal(self, order: Deal | str | Sequence[int] | None = None) -> OchkoState:
        """Start a round: from ``order`` (a Deal, or the first cards of the pack), or
        from a pack shuffled with this game's rng."""
        if isinstance(order, Deal):
            return self.push(order)
        if order is None:
            cards = list(PACK)
            self.rng.shuffle(cards)
            return self.push(Deal(tuple(cards)))
        return self.push(deal_order(order))

    def view(self, seat: int) -> OchkoView:
        return view(self.state, seat)

    def odds(self, seat: int, *, banker_16: Banker16 = Banker16.STAND) -> Odds:
        """Exact odds for a punter, from what that seat sees."""
        return odds(self.view(seat), banker_16=banker_16)

    def play(
        self, bots: Mapping[int, Bot], *, rounds: int | None = None, deal: bool = True
    ) -> OchkoState:
        """Let the bots act until a seat without a bot must act or the session is over.

        With ``deal=False`` it also stops when the round is over (before dealing); with
        ``rounds=n`` it stops after ``n`` more rounds have been completed.
        """
        target = None if rounds is None else self.state.round_no + rounds
        while True:
            state = self.state
            if state.phase is Phase.OVER:
                return state
            if state.phase is Phase.DEAL:
                if not deal or (target is not None and state.round_no >= target):
                    return state
                self.deal()
                continue
            bot = bots.get(state.to_move)
            if bot is None:
                return state
            action = bot.act(view(state, state.to_move), self.bot_rng)
            try:
                self.push(action)
            except IllegalActionError as exc:
                raise IllegalActionError(exc.reason, f"{action} by {bot!r}") from None

    def record(self) -> OchkoRecord:
        balances, banker = self._start
        return OchkoRecord(self.rules, balances, banker, self.history)

    @classmethod
    def from_record(
        cls, record: OchkoRecord, *, rng: random.Random | None = None, seed: int | None = 0
    ) -> OchkoGame:
        """Replay a record (raises InvalidRecordError, and builds nothing, if it is bad)."""
        states = record.states()
        game = cls(record.balances, record.rules, banker=record.banker, rng=rng, seed=seed)
        game._states = states
        game._actions = list(record.actions)
        return game

    def __str__(self) -> str:
        return str(self.state)

    def _repr_html_(self) -> str:
        return self.state._repr_html_()
