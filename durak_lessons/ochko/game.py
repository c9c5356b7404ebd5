"""A thin mutable wrapper for notebooks: push, pop, history, injected randomness."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import cast

from durak_lessons.bots import is_bot
from durak_lessons.deal import rng_of
from durak_lessons.errors import (
    DurakError,
    IllegalActionError,
    InvalidRecordError,
    Reason,
    check_seat,
)

from .bots import Bot, InvalidBotError
from .engine import (
    Action,
    Deal,
    LegalActions,
    OchkoState,
    OchkoView,
    Phase,
    _what,
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

    Randomness is injected, as on the Durak side: ``rng`` (a :class:`random.Random`, used
    as it is) or else ``seed`` (an int, or a :class:`random.Random`, as
    :class:`~durak_lessons.Game` takes; 0 unless given: the same session every time).
    ``seed=None`` without an ``rng`` is refused with the TypeError
    :class:`~durak_lessons.Game` raises ("pass a seed or a random.Random"): a session that
    cannot be replayed is asked for by ``rng=random.Random()``, in so many words.  The
    generator is used only to shuffle the pack for :meth:`deal`; the bots of :meth:`play`
    draw on ``bot_rng``, a generator of their own seeded from it (so that none can foresee
    the pack).  ``rules`` is an :class:`OchkoRules` value or its text
    (``"bank=50,max_stake=20"``).
    """

    def __init__(
        self,
        balances: Sequence[int] = (100, 100, 100),
        rules: OchkoRules | str | None = None,
        *,
        banker: int = 0,
        rng: random.Random | None = None,
        seed: int | random.Random | None = 0,
    ) -> None:
        first = new_session(balances, rules, banker=banker)  # refuses bad set-up first
        if rng is None:
            rng = rng_of(seed)  # TypeError for None, as Game(seed=None) and new_game
        elif not isinstance(rng, random.Random):
            raise TypeError(
                f"rng: expected a random.Random (or pass seed=...), not {_what(rng)}"
            )
        self.rng = rng
        #: the bots' own randomness, seeded from ``rng``'s state without drawing from it: a
        #: bot handed the generator that shuffles the next pack could foresee the pack
        self.bot_rng = random.Random(repr(self.rng.getstate()))
        self._start = (tuple(balances), banker)
        self._states: list[OchkoState] = [first]
        self._actions: list[Action] = []

    @property
    def state(self) -> OchkoState:
        """The current position (an :class:`OchkoState`)."""
        return self._states[-1]

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action so far, the deals included."""
        return tuple(self._actions)

    @property
    def states(self) -> tuple[OchkoState, ...]:
        """Every position of the session so far, the first before any action: the action
        ``history[i]`` was played from ``states[i]`` (by its ``to_move``)."""
        return tuple(self._states)

    @property
    def rules(self) -> OchkoRules:
        """The rules of the session (:class:`OchkoRules`)."""
        return self.state.rules

    def legal_actions(self) -> LegalActions:
        """What the player to move may do now."""
        return legal_actions(self.state)

    def explain(self, action: Action | str) -> Reason | None:
        """Why ``action`` (or its text) is refused now, or None (:func:`explain`)."""
        return explain(self.state, action)

    def push(self, action: Action | str) -> OchkoState:
        """Apply an action or its text (``"stake 10"``); a refused one raises
        IllegalActionError (text that cannot be read, InvalidActionError) and changes
        nothing."""
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
            before = self.rng.getstate()
            cards = list(PACK)
            self.rng.shuffle(cards)
            try:
                return self.push(Deal(tuple(cards)))
            except DurakError:  # refused (a round in play): the next pack is not drawn yet
                self.rng.setstate(before)
                raise
        return self.push(deal_order(order))

    def view(self, seat: int) -> OchkoView:
        """What ``seat`` sees now (an :class:`OchkoView`): its own cards, the cards bought face up,
        the balances."""
        return view(self.state, seat)

    def odds(self, seat: int, *, banker_16: Banker16 = Banker16.STAND) -> Odds:
        """Exact odds for a punter, from what that seat sees."""
        return odds(self.view(seat), banker_16=banker_16)

    def play(
        self,
        bots: Mapping[int, Bot | None] | Sequence[Bot | None],
        *,
        rounds: int | None = None,
        deal: bool = True,
    ) -> OchkoState:
        """Let the bots act until a seat without a bot must act or the session is over.

        ``bots`` is a dict ``{seat: bot}`` or, as the Durak side's :func:`durak_lessons.play`
        takes, a list of one bot per seat; a seat left out of the dict, or None in the list,
        is played by hand (``play`` stops when it must act).  A bot is an object with
        ``act(view, rng)`` (:class:`~durak_lessons.ochko.bots.Bot`); anything else, a Durak
        bot (with ``choose``) included, raises InvalidBotError (a TypeError and a DurakError),
        and a seat not at the table InvalidSeatError, before anything is played.

        With ``deal=False`` it also stops when the round is over (before dealing); with
        ``rounds=n`` it stops after ``n`` more rounds have been completed.
        """
        seated = self._seated(bots)
        if rounds is not None and (type(rounds) is not int or rounds < 0):
            raise ValueError(
                f"rounds: expected a whole number of rounds, 0 or more, not {_what(rounds)}"
            )
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
            bot = seated[state.to_move]
            if bot is None:
                return state
            action = bot.act(view(state, state.to_move), self.bot_rng)
            try:
                self.push(action)
            except IllegalActionError as exc:
                raise IllegalActionError(exc.reason, f"{action} by {bot!r}") from None

    def _seated(self, bots: object) -> list[Bot | None]:
        """The bot of every seat (None: played by hand) from a dict or a list of bots."""
        n = self.state.seats
        if isinstance(bots, Mapping):
            seated: list[object] = [None] * n
            for seat, bot in bots.items():
                seated[check_seat(seat, n, "bots: seat")] = bot
            names = [f"bots[{seat!r}]" for seat in range(n)]
        elif isinstance(bots, Sequence) and not isinstance(bots, str | bytes):
            if len(bots) != n:
                raise InvalidBotError(
                    f"bots: a list of {len(bots)} bot{'s' if len(bots) != 1 else ''} for a "
                    f"table of {n} seats: expected one bot (or None, for a seat played by "
                    "hand) per seat"
                )
            seated = list(bots)
            names = [f"bots[{seat}]" for seat in range(n)]
        else:
            raise InvalidBotError(
                "bots: expected a dict {seat: bot} or a list of one bot (or None) per seat, "
                f"not {_what(bots)}"
            )
        out: list[Bot | None] = []
        for name, bot in zip(names, seated, strict=True):
            if bot is not None and not is_bot(bot, "act"):
                durak = is_bot(bot, "choose")
                raise InvalidBotError(
                    f"{name} is {_what(bot)}: an Очко bot has act(view, rng), such as "
                    "EVBot(), ThresholdBot(17) or RandomBot() of durak_lessons.ochko"
                    + ("; this one has choose(): a bot for Durak" if durak else "")
                )
            out.append(cast(Bot | None, bot))  # checked above: None or it has act()
        return out

    def record(self) -> OchkoRecord:
        """The session so far as an :class:`OchkoRecord`, which replays it exactly."""
        balances, banker = self._start
        return OchkoRecord(self.rules, balances, banker, self.history)

    @classmethod
    def from_record(
        cls,
        record: OchkoRecord | str,
        *,
        rng: random.Random | None = None,
        seed: int | random.Random | None = 0,
    ) -> OchkoGame:
        """Replay a record, an :class:`OchkoRecord` or its one-line text (as
        :meth:`Game.from_record <durak_lessons.Game.from_record>` takes a record or its text);
        a bad one raises InvalidRecordError, and nothing is built.  ``rng`` or ``seed``
        shuffles the later deals, as for :class:`OchkoGame`.

        >>> game = OchkoGame([50, 50], seed=1)
        >>> _ = game.deal("6S 10H 9C"); _ = game.push("stake 5")
        >>> OchkoGame.from_record(game.record().to_text()).history == game.history
        True
        """
        if isinstance(record, str):
            record = OchkoRecord.from_text(record)
        if not isinstance(record, OchkoRecord):
            raise InvalidRecordError(
                f"record: expected an OchkoRecord or its text (OchkoRecord.to_text()),"
                f" not {_what(record)}"
            )
        states = record.states()
        game = cls(record.balances, record.rules, banker=record.banker, rng=rng, seed=seed)
        game._states = states
        game._actions = list(record.actions)
        return game

    def __str__(self) -> str:
        return str(self.state)

    def __repr__(self) -> str:
        state = self.state
        return (
            f"<OchkoGame players={len(state.balances)} phase={state.phase.value}"
            f" banker={state.banker} bank={state.bank} moves={len(self.history)}>"
        )

    def _repr_html_(self) -> str:
        return self.state._repr_html_()
