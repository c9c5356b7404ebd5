"""Actions, immutable states and the pure rules functions of Очко.

``legal_actions(state)``, ``explain(state, action)`` and ``apply(state, action)`` are pure:
a state is an immutable :class:`OchkoState` (a ``NamedTuple``, cheap to copy and to
compare), and ``apply`` returns a new one.  Dealing is an explicit chance action,
:class:`Deal`, that carries the order of the pack, so tests deal chosen cards and the
randomness lives outside (in :class:`~durak_lessons.ochko.game.OchkoGame`).
"""

from __future__ import annotations

import html
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Final, NamedTuple, cast, overload

from durak_lessons.cards import CARDS, RANK_OF, Card, InvalidCardError, parse_cards
from durak_lessons.errors import (
    IllegalActionError,
    InvalidActionError,
    InvalidRulesError,
    Reason,
    check_seat,
)

from .rules import ACE_RANK, COURT_RANKS, PACK, POINTS, BankPassing, OchkoRules

__all__ = [
    "BUY",
    "BUY_DARK",
    "DRAW",
    "STAKE_BANK",
    "STAND",
    "Action",
    "Buy",
    "Deal",
    "Draw",
    "LegalActions",
    "OchkoState",
    "OchkoView",
    "Phase",
    "Stake",
    "StakeBank",
    "Stand",
    "Status",
    "apply",
    "deal_order",
    "explain",
    "legal_actions",
    "new_session",
    "parse_action",
    "view",
]


# --------------------------------------------------------------------------- actions


_DEAL_IS: Final = (
    "a deal is a tuple of card numbers 0..51 or Card values (an order of the whole 36-card "
    "pack)"
)


@dataclass(frozen=True, slots=True, init=False)
class Deal:
    """Chance: a new round from this pack order (36 cards; ``order[0]`` is turned under).

    The cards are :class:`~durak_lessons.cards.Card` values or their numbers (plain ints
    0..51), which are read as the cards they number, so ``Deal(tuple(map(int, PACK))) ==
    Deal(PACK)``.  Anything else is refused here with InvalidActionError; a tuple of cards
    that is not the whole 36-card pack, once each, is an action :func:`apply` refuses with
    IllegalActionError (Rozaliev 11.а).
    """

    order: tuple[Card, ...]

    def __init__(self, order: tuple[int, ...]) -> None:
        if type(order) is not tuple:
            raise InvalidActionError(f"{_DEAL_IS}, not {_what(order)}")
        for c in order:
            if type(c) is not Card:
                order = _cards_of(order)
                break
        object.__setattr__(self, "order", order)

    def __str__(self) -> str:
        return "deal " + " ".join(c.code for c in self.order)


def _cards_of(order: tuple[object, ...]) -> tuple[Card, ...]:
    """``order`` with every card number read as its Card; InvalidActionError for a value
    that is neither a Card nor a card number (a bool or a float is neither)."""
    cards = []
    for i, c in enumerate(order):
        if isinstance(c, Card):
            cards.append(c)
        elif type(c) is int and 0 <= c < len(CARDS):
            cards.append(CARDS[c])
        else:
            raise InvalidActionError(
                f"{_DEAL_IS}: deal[{i}] is {_number(c)}, which numbers no card"
            )
    return tuple(cards)


@dataclass(frozen=True, slots=True)
class Stake:
    """A punter's stake ("иду на 10")."""

    amount: int

    def __post_init__(self) -> None:
        # a bool, a float or a str would make fractional or unreadable money and records
        if type(self.amount) is not int:
            raise InvalidActionError(
                f"a stake is a whole number of units, such as Stake(10), not {_what(self.amount)}"
            )

    def __str__(self) -> str:
        return f"stake {self.amount}"


@dataclass(frozen=True, slots=True)
class StakeBank:
    """«На банк»: a stake of everything left in the bank."""

    def __str__(self) -> str:
        return "stake bank"


@dataclass(frozen=True, slots=True)
class Buy:
    """A punter buys a card, face up or «в тёмную» (``dark=True``)."""

    dark: bool = False

    def __post_init__(self) -> None:
        if type(self.dark) is not bool:
            raise InvalidActionError(
                "Buy(dark=...) is True (in the dark) or False (face up), "
                f"not {_what(self.dark)}"
            )

    def __str__(self) -> str:
        return "buy dark" if self.dark else "buy"


@dataclass(frozen=True, slots=True)
class Stand:
    """A punter stops buying, or the banker stops drawing ("хватит")."""

    def __str__(self) -> str:
        return "stand"


@dataclass(frozen=True, slots=True)
class Draw:
    """The banker draws a card."""

    def __str__(self) -> str:
        return "draw"


Action = Deal | Stake | StakeBank | Buy | Stand | Draw

#: the action classes, for ``isinstance``
_ACTION_TYPES: Final = (Deal, Stake, StakeBank, Buy, Stand, Draw)


def _what(value: object) -> str:
    """``value`` for an error message: its repr (shortened) and its type, "5.5 (a float)"."""
    text = repr(value)
    if len(text) > 60:
        text = text[:57] + "..."
    if value is None:
        return text
    name = type(value).__name__
    return f"{text} ({'an' if name[0] in 'aeiouAEIOU' else 'a'} {name})"


def _checked_state(state: object) -> None:
    """Nothing if ``state`` is an :class:`OchkoState`; else a TypeError saying what it is."""
    if not isinstance(state, OchkoState):
        raise TypeError(
            f"state: expected an OchkoState (new_session(), OchkoGame.state), not {_what(state)}"
        )


def _number(value: object) -> str:
    """A seat or card number for an error message: ``5``, or ``True (a bool)``."""
    return str(value) if type(value) is int else _what(value)


def _amount(text: str) -> int | None:
    """The whole number written in ASCII digits ``text`` ("10"), or None.

    ``str.isdigit`` alone is not enough: it accepts "²", which ``int`` refuses, and ``int``
    accepts other scripts' digits ("٣"), which would not survive a record written back.
    """
    if not (text.isascii() and text.isdigit()):
        return None
    try:
        return int(text)
    except ValueError:  # more digits than int() converts (sys.get_int_max_str_digits)
        return None


BUY: Final = Buy(False)
BUY_DARK: Final = Buy(True)
STAND: Final = Stand()
DRAW: Final = Draw()
STAKE_BANK: Final = StakeBank()

_SIMPLE: Final[dict[str, Action]] = {
    "buy": BUY,
    "buy dark": BUY_DARK,
    "dark": BUY_DARK,
    "stand": STAND,
    "draw": DRAW,
    "stake bank": STAKE_BANK,
    "bank": STAKE_BANK,
    "на банк": STAKE_BANK,
}


def parse_action(text: object) -> Action:
    """Read the text of an action (the inverse of ``str(action)``).

    >>> parse_action("stake 10"), parse_action("buy dark"), parse_action("stand")
    (Stake(amount=10), Buy(dark=True), Stand())
    """
    if not isinstance(text, str):
        raise InvalidActionError(f"an action is a string, not {text!r}")
    key = " ".join(text.split()).lower()
    if key in _SIMPLE:
        return _SIMPLE[key]
    if key.startswith("stake "):
        amount = _amount(key[6:])
        if amount is not None:
            return Stake(amount)
        shown = text if len(text) <= 40 else text[:37] + "..."
        raise InvalidActionError(
            f"cannot read a stake from {shown!r}: expected 'stake 10', a whole number of units "
            "in the digits 0-9"
        )
    if key.startswith("deal "):
        try:
            cards = parse_cards(text.split(None, 1)[1])
        except InvalidCardError as exc:
            raise InvalidActionError(f"cannot read the deal {text!r}: {exc}") from None
        return Deal(tuple(cards))
    raise InvalidActionError(
        f"unknown action {text!r}: expected deal ..., stake N, stake bank, buy, buy dark, "
        "stand or draw"
    )


def deal_order(cards: str | Sequence[int] = ()) -> Deal:
    """A :class:`Deal` whose pack starts with these cards; the rest follow in pack order.

    Tests write only the cards that matter: ``deal_order("6S 10H AD 9C")`` turns 6♠ under
    the pack and deals 10♥, A♦, 9♣ from the banker's left (O9).
    """
    if isinstance(cards, str):
        try:
            first = parse_cards(cards)
        except InvalidCardError as exc:
            raise InvalidActionError(f"cannot read the deal {cards!r}: {exc}") from None
    elif isinstance(cards, Sequence):
        first = []
        for c in cards:
            # a bool or a float is no card number; a negative one would count from the end
            if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < len(CARDS):
                raise InvalidActionError(
                    f"cannot deal card number {_number(c)}: card numbers are 0..{len(CARDS) - 1}"
                    " (the 36-card pack holds the sixes to the aces)"
                )
            first.append(CARDS[c])
    else:
        raise InvalidActionError(
            "a deal's first cards are a text such as '6S 10H 9C' or a sequence of card "
            f"numbers, not {_what(cards)}"
        )
    seen = set(first)
    if len(seen) != len(first):
        raise InvalidActionError("a card appears twice in the deal")
    extra = [c for c in first if c not in PACK]
    if extra:
        raise InvalidActionError(
            f"cannot deal {extra[0]}: it is not in the 36-card pack (sixes to aces)"
        )
    return Deal(tuple(first) + tuple(c for c in PACK if c not in seen))


# ----------------------------------------------------------------------------- state


class Phase(Enum):
    """What the round waits for."""

    DEAL = "deal"  # chance: a Deal (between rounds)
    STAKE = "stake"  # ``to_move`` punter stakes
    BUY = "buy"  # ``to_move`` punter buys or stands
    BANKER = "banker"  # the banker draws or stands
    OVER = "over"  # the session is over: nobody can hold a bank, or nobody can stake


class Status(Enum):
    """Where a seat is in the current (or last) round."""

    WAITING = "waiting"  # not yet his turn to stake
    BUYING = "buying"  # staked, buying
    STANDING = "standing"  # waits for the banker
    WON = "won"
    LOST = "lost"
    OUT = "out"  # could not stake: sits the round out (O4)
    BANKER = "banker"


_PLAYING: Final = (Status.BUYING, Status.STANDING)


class OchkoState(NamedTuple):
    """One moment of a session; immutable.  Seats are numbered clockwise from 0.

    ``dark[s]`` is a bitmask over the positions of seat ``s``'s hand: bit ``i`` set means
    card ``i`` was bought «в тёмную».  ``results[s]`` is what seat ``s`` won (+) or lost (-)
    in the current or last round.
    """

    rules: OchkoRules
    balances: tuple[int, ...]  # money outside the bank
    bank: int
    banker: int
    banker_rounds: int  # rounds this banker has completed
    round_no: int  # rounds completed in the session
    phase: Phase
    to_move: int  # seat to act, -1 at chance or over
    order: tuple[Card, ...]  # this round's pack; order[0] is turned under (подрезка)
    next_card: int  # index in order of the next card to come off the pack
    hands: tuple[tuple[Card, ...], ...]
    dark: tuple[int, ...]
    stakes: tuple[int, ...]
    status: tuple[Status, ...]
    results: tuple[int, ...]

    @property
    def seats(self) -> int:
        return len(self.balances)

    @property
    def bottom(self) -> Card | None:
        """The card turned under the pack (seen by all, never dealt; R20)."""
        return self.order[0] if self.order else None

    @property
    def committed(self) -> int:
        """Stakes of punters still waiting for the banker."""
        return sum(st for st, ss in zip(self.stakes, self.status, strict=True) if ss in _PLAYING)

    @property
    def available(self) -> int:
        """What is left in the bank for the next stake (O3)."""
        return self.bank - self.committed

    @property
    def total_money(self) -> int:
        return sum(self.balances) + self.bank

    @property
    def cards_left(self) -> int:
        """Cards that can still be dealt (the turned-under card never is)."""
        return len(self.order) - self.next_card if self.order else 0

    def points(self, seat: int) -> int:
        return sum(POINTS[c] for c in self.hands[seat])

    def __str__(self) -> str:
        return render_text(self, None)

    def _repr_html_(self) -> str:
        return render_html(self, None)


_PACK_SET: Final = frozenset(PACK)
_P_DEAL: Final = Phase.DEAL
_P_STAKE: Final = Phase.STAKE
_P_BUY: Final = Phase.BUY
_P_BANKER: Final = Phase.BANKER
_P_OVER: Final = Phase.OVER
_S_WAITING: Final = Status.WAITING
_S_BUYING: Final = Status.BUYING
_S_STANDING: Final = Status.STANDING
_S_WON: Final = Status.WON
_S_LOST: Final = Status.LOST
_S_OUT: Final = Status.OUT
_S_BANKER: Final = Status.BANKER
_ROUNDS: Final = BankPassing.ROUNDS
_point = POINTS.__getitem__
_new = tuple.__new__
_IS_ACE: Final = tuple(RANK_OF[c] == ACE_RANK for c in range(52))
_IS_COURT: Final = tuple(RANK_OF[c] in COURT_RANKS for c in range(52))
_PACK_SIZE: Final = len(PACK)


#: The most seats a table can have.  The deal (O9) turns ``order[0]`` under the pack, where it
#: is never dealt, and gives every seat one card, so a 36-card pack serves at most 35 seats.
#: With 35 the deal uses up the pack; O9 already says what happens then (nobody can buy, the
#: banker must stand), so every round still plays to its end and nothing tighter is needed.
_MAX_SEATS: Final = len(PACK) - 1


def _check_balances(balances: Sequence[int]) -> None:
    """Raise InvalidRulesError unless ``balances`` are the money of 2 to 35 seats."""
    if isinstance(balances, str) or not isinstance(balances, Sequence):
        raise InvalidRulesError(
            "balances are a sequence of each seat's money, such as [100, 100], "
            f"not {_what(balances)}"
        )
    n = len(balances)
    if n < 2:
        raise InvalidRulesError(
            f"Очко needs a banker and at least one punter: at least two seats, not {n}"
        )
    if n > _MAX_SEATS:
        raise InvalidRulesError(
            f"a 36-card pack serves at most {_MAX_SEATS} seats, not {n} (one card each, "
            "and one turned under the pack)"
        )
    for i, b in enumerate(balances):
        if type(b) is not int or b < 0:
            raise InvalidRulesError(
                f"balances[{i}] is {_number(b)}: a seat's money is a whole number of units, "
                "0 or more"
            )


def _check_banker(banker: int, seats: int) -> None:
    """Raise InvalidSeatError unless ``banker`` is a seat of a table of ``seats``."""
    check_seat(banker, seats, "the banker's seat")


def new_session(
    balances: Sequence[int], rules: OchkoRules | str | None = None, *, banker: int = 0
) -> OchkoState:
    """A session before its first deal: ``banker`` puts up the bank from his money (O7).

    ``rules`` is an :class:`OchkoRules` value or its text (``"bank=50,max_stake=20"``).
    Bad set-up raises InvalidRulesError (a ValueError): fewer than two seats or more than
    the 35 a 36-card pack serves, or money that is not a whole number of units 0 or more;
    a banker who is not at the table raises InvalidSeatError (a ValueError too).
    """
    if rules is None:
        rules = OchkoRules()
    elif isinstance(rules, str):
        rules = OchkoRules.parse(rules)
    elif not isinstance(rules, OchkoRules):
        raise InvalidRulesError(
            "expected an OchkoRules value or its text, such as 'bank=50,min_stake=5', "
            f"not {_what(rules)}"
        )
    _check_balances(balances)
    n = len(balances)
    _check_banker(banker, n)
    state = OchkoState(
        rules,
        tuple(balances),
        0,
        banker,
        0,
        0,
        Phase.DEAL,
        -1,
        (),
        0,
        ((),) * n,
        (0,) * n,
        (0,) * n,
        (Status.WAITING,) * n,
        (0,) * n,
    )
    return _put_up_bank(state, banker)


def _least_stake(rules: OchkoRules, bank: int) -> int:
    """The least a punter can stake against ``bank``: the minimum, or the whole bank («на
    банк») where that is less (O3, O4)."""
    return rules.min_stake if rules.min_stake < bank else bank


def _bank_holder(rules: OchkoRules, money: Sequence[int], first: int) -> tuple[int, int] | None:
    """The first seat from ``first`` clockwise who can hold a bank, and the bank he puts up
    (O7): he has the minimum stake, and another seat can stake against that bank."""
    n = len(money)
    for k in range(n):
        seat = (first + k) % n
        if money[seat] < rules.min_stake:
            continue
        amount = min(rules.bank, money[seat])
        least = _least_stake(rules, amount)
        if any(money[p] >= least for p in range(n) if p != seat):
            return seat, amount
    return None


def _put_up_bank(state: OchkoState, first: int) -> OchkoState:
    """The first seat from ``first`` clockwise who can hold a bank puts it up (O7); the
    session is over when nobody can."""
    holder = _bank_holder(state.rules, state.balances, first)
    if holder is not None:
        seat, amount = holder
        balances = list(state.balances)
        balances[seat] -= amount
        return state._replace(
            balances=tuple(balances),
            bank=amount,
            banker=seat,
            banker_rounds=0,
            phase=Phase.DEAL,
            to_move=-1,
        )
    return state._replace(bank=0, phase=Phase.OVER, to_move=-1)


# ------------------------------------------------------------------- legal actions


def _stake_limits(state: OchkoState, seat: int) -> tuple[int, int, int]:
    """(lowest, highest) ordinary stake and the «на банк» amount (0 when not allowed)."""
    return _limits(state.rules, _available(state), state.balances[seat])


class LegalActions(Sequence[Action]):
    """The legal actions of a state, as a lazy sequence (stakes are a range).

    ``Stake(a) in legal``, ``len(legal)``, ``legal[i]`` and iteration all work without
    building a list of every stake amount.  ``in`` reads an action's text as
    :func:`parse_action` does (``"stake 10" in legal``); text that is no action raises
    InvalidActionError rather than answering False.  A value is never changed after it is made
    (``legal_actions`` hands out shared ones).
    """

    __slots__ = ("_all_in", "_extras", "_len", "_n_stakes", "_others", "stakes")

    def __init__(self, stakes: range, all_in: int, others: tuple[Action, ...]) -> None:
        #: the ordinary stake amounts
        self.stakes = stakes
        self._all_in = all_in
        self._others = others
        self._extras = ((STAKE_BANK,) if all_in else ()) + others
        self._n_stakes = len(stakes)
        self._len = self._n_stakes + len(self._extras)

    @property
    def all_in(self) -> int:
        """The «на банк» amount, 0 when «на банк» is not legal."""
        return self._all_in

    def _extra(self) -> tuple[Action, ...]:
        return self._extras

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, index: int) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...
    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        n = self._n_stakes
        if type(index) is int and index >= n:
            return self._extras[index - n]  # the common case: buy, stand, draw
        if isinstance(index, slice):
            return list(self)[index]
        if index < 0:
            index += self._len
        if 0 <= index < n:
            return Stake(self.stakes[index])
        return self._extras[index - n]

    def __iter__(self) -> Iterator[Action]:
        for amount in self.stakes:
            yield Stake(amount)
        yield from self._extras

    def __contains__(self, action: object) -> bool:
        if isinstance(action, str):  # "stand" in legal: read as push reads it
            action = parse_action(action)
        if isinstance(action, Stake):
            return action.amount in self.stakes or (
                self._all_in > 0 and action.amount == self._all_in
            )
        if isinstance(action, StakeBank):
            return self._all_in > 0
        return action in self._others

    def __repr__(self) -> str:
        parts = []
        if self.stakes:
            parts.append(f"stake {self.stakes.start}..{self.stakes.stop - 1}")
        parts.extend(str(a) for a in self._extras)
        return f"<LegalActions: {', '.join(parts) or 'none'}>"


_NONE: Final = LegalActions(range(0), 0, ())
# the legal actions of every buying and drawing state are one of these (shared, like _NONE)
_ONLY_STAND: Final = LegalActions(range(0), 0, (STAND,))
_BUYS: Final = LegalActions(range(0), 0, (BUY, BUY_DARK, STAND))
_BUYS_FACE_UP: Final = LegalActions(range(0), 0, (BUY, STAND))
_ONLY_DRAW: Final = LegalActions(range(0), 0, (DRAW,))
_DRAW_OR_STAND: Final = LegalActions(range(0), 0, (DRAW, STAND))


def legal_actions(state: OchkoState) -> LegalActions:
    """Every legal action of the player to move.  At a deal it is empty: any
    :class:`Deal` of a whole 36-card pack is legal there (chance)."""
    _checked_state(state)
    phase = state[6]
    if phase is _P_BUY:
        if len(state[8]) <= state[9]:
            return _ONLY_STAND
        return _BUYS if state[0].dark_buying else _BUYS_FACE_UP
    if phase is _P_BANKER:
        if len(state[8]) <= state[9]:
            return _ONLY_STAND
        total = sum(map(_point, state[10][state[3]]))
        if total >= 17:
            return _ONLY_STAND
        return _ONLY_DRAW if total <= 15 else _DRAW_OR_STAND
    if phase is _P_STAKE:
        limits = _limits(state[0], _available(state), state[1][state[7]])
        legal = _STAKE_LEGAL.get(limits)
        if legal is None:
            low, high, all_in = limits
            legal = LegalActions(range(low, high + 1), all_in, ())
            if len(_STAKE_LEGAL) >= 4096:
                _STAKE_LEGAL.clear()
            _STAKE_LEGAL[limits] = legal
        return legal
    return _NONE


#: the legal stakes of a stake limit (lowest, highest, «на банк»), shared
_STAKE_LEGAL: dict[tuple[int, int, int], LegalActions] = {}


def explain(state: OchkoState, action: Action | str) -> Reason | None:
    """Why ``action`` is refused in ``state`` (the reason ``apply`` would raise), or None.

    ``action`` is an action or its text (``"stake 10"``, read by :func:`parse_action`).
    Text that cannot be read, or something that is no Очко action at all, raises
    InvalidActionError, in any phase.
    """
    _checked_state(state)
    if isinstance(action, str):
        action = parse_action(action)
    if not isinstance(action, _ACTION_TYPES):
        raise InvalidActionError(
            f"not an Очко action: {_what(action)}; expected Deal, Stake, StakeBank, Buy, "
            "Stand or Draw, or the text of one such as 'stake 10'"
        )
    phase = state.phase
    if phase is Phase.OVER:
        return Reason("O7", "the session is over: nobody can hold a bank or stake against it")
    if isinstance(action, Deal):
        if phase is not Phase.DEAL:
            return Reason("R20", "a round is in play: the next deal comes after settlement")
        if len(action.order) != len(PACK) or frozenset(action.order) != _PACK_SET:
            return Reason("Rozaliev 11.а", "a deal is an order of the whole 36-card pack")
        return None
    if phase is Phase.DEAL:
        return Reason("R20", "the cards are not dealt yet")
    if isinstance(action, Stake | StakeBank):
        if phase is not Phase.STAKE:
            return Reason("R20", _not_now(state, "stake"))
        low, high, all_in = _stake_limits(state, state.to_move)
        if isinstance(action, StakeBank):
            if all_in:
                return None
            if state.available <= 0:
                return Reason("R20", "nothing is left in the bank")
            if state.available > state.balances[state.to_move]:
                return Reason("O4", "«на банк» is more money than this punter has")
            return Reason("R20", f"«на банк» would exceed the agreed maximum stake {high}")
        amount = action.amount
        if low <= amount <= high or (all_in and amount == all_in):
            return None
        if amount < low:
            return Reason("Rozaliev 11.а", f"the stake is below the agreed minimum {low}")
        if amount > state.available:
            return Reason(
                "Rozaliev 11.а",
                f"a stake may not exceed what is left in the bank ({state.available})",
            )
        if amount > state.balances[state.to_move]:
            return Reason("O4", f"the punter has only {state.balances[state.to_move]}")
        return Reason("R20", f"the stake is above the agreed maximum {state.rules.max_stake}")
    if isinstance(action, Buy):
        if phase is not Phase.BUY:
            if phase is Phase.BANKER and state.status[state.to_move] is Status.BANKER:
                return Reason("R20", "the punters have finished buying: the banker draws now")
            return Reason("R20", _not_now(state, "buy"))
        if action.dark and not state.rules.dark_buying:
            return Reason("R20", "dark buying is not played in this session")
        if state.cards_left <= 0:
            return Reason("O9", "the pack is used up; the card turned under is never dealt")
        return None
    if isinstance(action, Draw):
        if phase is not Phase.BANKER:
            return Reason("R20", "only the banker draws, after every punter has finished")
        total = state.points(state.banker)
        if total >= 17:
            return Reason("Rozaliev 11.а; R20", "with 17 or more the banker may not draw")
        if state.cards_left <= 0:
            return Reason("O9", "the pack is used up; the card turned under is never dealt")
        return None
    if isinstance(action, Stand):
        if phase is Phase.BUY:
            return None
        if phase is Phase.BANKER:
            if state.points(state.banker) <= 15 and state.cards_left > 0:
                return Reason("Rozaliev 11.а; R20", "with 15 or less the banker must draw")
            return None
        return Reason("R20", _not_now(state, "stand"))
    raise AssertionError(action)  # pragma: no cover - every action class is handled above


def _not_now(state: OchkoState, what: str) -> str:
    if state.phase is Phase.STAKE:
        return f"seat {state.to_move} must stake before anyone can {what}"
    if state.phase is Phase.BANKER:
        return f"the banker is drawing: nobody can {what} now"
    return f"seat {state.to_move} is buying: nobody else can {what} now"


# -------------------------------------------------------------------------- apply
#
# The hot path works on the fifteen fields of a state unpacked into locals and builds each
# new state with one ``tuple.__new__`` (no ``_replace``, no intermediate states).


def apply(state: OchkoState, action: Action | str) -> OchkoState:
    """The state after ``action``, an action or its text (``"stake 10"``, as the Durak side's
    :func:`durak_lessons.apply` takes its actions' text).  A refused action raises
    IllegalActionError; text that cannot be read, or something that is no Очко action,
    raises InvalidActionError.  ``state`` is never changed (it is immutable)."""
    _checked_state(state)
    phase = state[6]
    kind = type(action)
    # the legal actions, checked inline; a refusal (and anything unusual) goes to explain()
    if phase is _P_BUY:
        if kind is Buy:
            dark = cast(Buy, action).dark  # kind is Buy (type identity: the hot path)
            if len(state[8]) > state[9] and (state[0].dark_buying or not dark):
                return _buy(state, dark)
        elif kind is Stand:
            status = list(state[13])
            status[state[7]] = _S_STANDING
            return _after_punter(state, status, state[2], state[1], state[14], state[7])
    elif phase is _P_BANKER:
        if kind is Draw:
            if len(state[8]) > state[9] and sum(map(_point, state[10][state[3]])) < 17:
                return _banker_draw(state)
        elif kind is Stand and (
            len(state[8]) <= state[9] or sum(map(_point, state[10][state[3]])) > 15
        ):
            return _showdown(state)
    elif phase is _P_STAKE:
        if kind is Stake or kind is StakeBank:
            seat = state[7]
            low, high, all_in = _limits(state[0], _available(state), state[1][seat])
            if kind is StakeBank:
                if all_in:
                    return _stake(state, all_in)
            else:
                amount = cast(Stake, action).amount  # kind is Stake
                if low <= amount <= high or (all_in and amount == all_in):
                    return _stake(state, amount)
    elif phase is _P_DEAL and kind is Deal:
        order = cast(Deal, action).order  # kind is Deal
        if len(order) == _PACK_SIZE and frozenset(order) == _PACK_SET:
            return _deal(state, order)
    if isinstance(action, str):  # off the hot path: the text of an action
        return apply(state, parse_action(action))
    reason = explain(state, action)
    if reason is not None:
        raise IllegalActionError(reason, action)
    # legal, but not an exact action class (a subclass): the same moves, dispatched slowly
    if isinstance(action, Deal):
        return _deal(state, action.order)
    if isinstance(action, Stake):
        return _stake(state, action.amount)
    if isinstance(action, StakeBank):
        return _stake(state, state.available)
    if isinstance(action, Buy):
        return _buy(state, action.dark)
    if isinstance(action, Draw):
        return _banker_draw(state)
    if isinstance(action, Stand):
        if phase is _P_BUY:
            status = list(state.status)
            status[state.to_move] = _S_STANDING
            return _after_punter(state, status, state.bank, state.balances, state.results,
                                 state.to_move)
        return _showdown(state)
    raise AssertionError(action)  # pragma: no cover - explain() let it through


def _available(state: OchkoState) -> int:
    """``state.available`` (O3), without the properties."""
    committed = 0
    status = state[13]
    for seat, stake in enumerate(state[12]):  # zip(..., strict=True) costs more than this
        st = status[seat]
        if st is _S_BUYING or st is _S_STANDING:
            committed += stake
    return state[2] - committed


def _limits(rules: OchkoRules, available: int, money: int) -> tuple[int, int, int]:
    """(lowest, highest) ordinary stake and the «на банк» amount (0 when not allowed)."""
    high = available if available < money else money
    cap = rules.max_stake
    if cap is not None and cap < high:
        high = cap
    if available <= 0 or available > money or (cap is not None and available > cap):
        return rules.min_stake, high, 0
    return rules.min_stake, high, available


def _deal(state: OchkoState, order: tuple[Card, ...]) -> OchkoState:
    rules, balances, bank, banker, banker_rounds, round_no, _, _, _, _, _, _, _, _, _ = state
    n = len(balances)
    hands: list[tuple[Card, ...]] = [()] * n
    # O9: order[0] is turned under; one card each from the banker's left, the banker last
    seat = banker
    for k in range(1, n + 1):
        seat = seat + 1 if seat + 1 < n else 0
        hands[seat] = (order[k],)
    status = [_S_WAITING] * n
    status[banker] = _S_BANKER
    zeros = (0,) * n
    first = banker + 1 if banker + 1 < n else 0
    money = balances[first]
    high = bank if bank < money else money  # nothing is staked yet: all the bank is left
    cap = rules.max_stake
    if cap is not None and cap < high:
        high = cap
    if high >= rules.min_stake:  # the usual case: the banker's left neighbour stakes first
        return _new(OchkoState, (
            rules, balances, bank, banker, banker_rounds, round_no, _P_STAKE, first, order,
            n + 1, tuple(hands), zeros, zeros, tuple(status), zeros,
        ))
    state = _new(OchkoState, (
        rules, balances, bank, banker, banker_rounds, round_no, _P_DEAL, -1, order, n + 1,
        tuple(hands), zeros, zeros, tuple(status), zeros,
    ))
    return _after_punter(state, status, bank, balances, zeros, banker)


def _after_punter(
    state: OchkoState,
    status: list[Status],
    bank: int,
    balances: tuple[int, ...],
    results: tuple[int, ...],
    after: int,
) -> OchkoState:
    """``state`` with these ``status`` (a list given up by the caller), ``bank``,
    ``balances`` and ``results``, moved on to the next punter clockwise from ``after`` who
    can stake; then to the banker (or to settlement when nobody waits for him)."""
    rules, _, _, banker, banker_rounds, round_no, _, _, order, nxt, hands, dark, stakes, _, _ = (
        state
    )
    n = len(balances)
    seat = after + 1 if after + 1 < n else 0
    if seat != banker:
        committed = 0
        for i, stake in enumerate(stakes):
            st = status[i]
            if st is _S_BUYING or st is _S_STANDING:
                committed += stake
        available = bank - committed
        cap = rules.max_stake
        low = rules.min_stake
        while seat != banker:
            if status[seat] is _S_WAITING:
                money = balances[seat]
                high = available if available < money else money
                if cap is not None and cap < high:
                    high = cap
                if high >= low or (
                    0 < available <= money and (cap is None or available <= cap)
                ):
                    return _new(OchkoState, (
                        rules, balances, bank, banker, banker_rounds, round_no, _P_STAKE, seat,
                        order, nxt, hands, dark, stakes, tuple(status), results,
                    ))
                status[seat] = _S_OUT
            seat = seat + 1 if seat + 1 < n else 0
    if _S_STANDING in status:
        return _new(OchkoState, (
            rules, balances, bank, banker, banker_rounds, round_no, _P_BANKER, banker,
            order, nxt, hands, dark, stakes, tuple(status), results,
        ))
    # O11: nobody waits for the banker: he does not draw
    return _end_round(state, tuple(status), bank, balances, results)


def _stake(state: OchkoState, amount: int) -> OchkoState:
    seat = state[7]
    stakes = list(state[12])
    stakes[seat] = amount
    status = list(state[13])
    status[seat] = _S_BUYING
    return _new(OchkoState, (
        state[0], state[1], state[2], state[3], state[4], state[5], _P_BUY, seat,
        state[8], state[9], state[10], state[11], tuple(stakes), tuple(status), state[14],
    ))


def _hand_class(hand: tuple[Card, ...]) -> int:
    """1 for an instant-win hand, -1 for a bust, 0 otherwise."""
    total = sum(map(_point, hand))
    if total == 21:
        return 1
    n = len(hand)
    if n == 2 and _IS_ACE[hand[0]] and _IS_ACE[hand[1]]:
        return 1
    if n == 5 and all(_IS_COURT[c] for c in hand):
        return 1
    return -1 if total > 21 else 0


def _buy(state: OchkoState, dark: bool) -> OchkoState:
    rules, balances, bank, banker, banker_rounds, round_no, phase, seat, order, nxt, hands, darks, stakes, status, results = (  # noqa: E501
        state
    )
    hand = hands[seat] + (order[nxt],)
    new_hands = list(hands)
    new_hands[seat] = hand
    hands = tuple(new_hands)
    if dark:
        d = list(darks)
        d[seat] |= 1 << (len(hand) - 1)
        darks = tuple(d)
    mask = darks[seat]
    if mask:
        # O1: a hand with a dark card is settled after the banker has drawn, unless the
        # cards its owner sees are already over 21: a bust he knows of, and over 21 loses
        # at once (Rozaliev 11.а), whatever the dark cards are
        seen = sum(_point(c) for i, c in enumerate(hand) if not mask >> i & 1)
        verdict = -1 if seen > 21 else 0
    else:
        verdict = _hand_class(hand)
    state = _new(OchkoState, (
        rules, balances, bank, banker, banker_rounds, round_no, phase, seat, order, nxt + 1,
        hands, darks, stakes, status, results,
    ))
    if verdict == 0:
        return state
    # an instant win or loss is paid at once (O3)
    stake = stakes[seat]
    new_balances = list(balances)
    new_results = list(results)
    new_status = list(status)
    if verdict > 0:
        stake = -stake
        new_status[seat] = _S_WON
    else:
        new_status[seat] = _S_LOST
    new_balances[seat] -= stake
    new_results[seat] -= stake
    new_results[banker] += stake
    return _after_punter(state, new_status, bank + stake, tuple(new_balances),
                         tuple(new_results), seat)


def _banker_draw(state: OchkoState) -> OchkoState:
    banker = state[3]
    hands = list(state[10])
    hand = hands[banker] + (state[8][state[9]],)
    hands[banker] = hand
    state = _new(OchkoState, (
        state[0], state[1], state[2], banker, state[4], state[5], state[6], state[7],
        state[8], state[9] + 1, tuple(hands), state[11], state[12], state[13], state[14],
    ))
    if _hand_class(hand) != 0:
        return _showdown(state)  # an instant win or a bust ends the banker's turn
    return state


def _showdown(state: OchkoState) -> OchkoState:
    """Settle every punter still waiting for the banker (R20)."""
    banker = state[3]
    hands = state[10]
    banker_hand = hands[banker]
    b_class = _hand_class(banker_hand)
    b_total = sum(map(_point, banker_hand))
    dbb = state[0].double_bust_to_banker
    status = list(state[13])
    balances = list(state[1])
    results = list(state[14])
    stakes = state[12]
    darks = state[11]
    bank = state[2]
    for seat, st in enumerate(status):
        if st is not _S_STANDING:
            continue
        hand = hands[seat]
        dark = darks[seat] != 0
        p_class = _hand_class(hand)
        if b_class > 0:
            wins = False  # O5: the banker's instant win beats every remaining punter
        elif p_class > 0:
            wins = True  # O6: a dark punter's 21, two aces or five courts
        elif b_class < 0:
            wins = p_class == 0 or (dark and not dbb)  # R20: a dark punter wins a double bust
        elif p_class < 0:
            wins = False
        else:
            p_total = sum(map(_point, hand))
            wins = p_total > b_total or (dark and p_total == b_total)  # R20 ties
        stake = stakes[seat]
        if wins:
            stake = -stake
            status[seat] = _S_WON
        else:
            status[seat] = _S_LOST
        balances[seat] -= stake
        results[seat] -= stake
        results[banker] += stake
        bank += stake
    return _end_round(state, tuple(status), bank, tuple(balances), tuple(results))


def _end_round(
    state: OchkoState,
    status: tuple[Status, ...],
    bank: int,
    balances: tuple[int, ...],
    results: tuple[int, ...],
) -> OchkoState:
    """The round is over: ``state`` with these settled fields, the bank passed on (O7, O8)."""
    rules, _, _, banker, banker_rounds, round_no, _, _, order, nxt, hands, dark, stakes, _, _ = (
        state
    )
    round_no += 1
    banker_rounds += 1
    n = len(balances)
    if bank <= 0 or (rules.bank_passes is _ROUNDS and banker_rounds >= rules.bank_rounds):
        money = list(balances)
        money[banker] += bank
        # O7: the first seat from the banker's left who can hold a bank puts it up
        holder = _bank_holder(rules, money, (banker + 1) % n)
        if holder is not None:
            seat, amount = holder
            money[seat] -= amount
            return _new(OchkoState, (
                rules, tuple(money), amount, seat, 0, round_no, _P_DEAL, -1, order, nxt,
                hands, dark, stakes, status, results,
            ))
        return _new(OchkoState, (
            rules, tuple(money), 0, banker, banker_rounds, round_no, _P_OVER, -1, order, nxt,
            hands, dark, stakes, status, results,
        ))
    # O7: the session ends when no punter can stake against this bank
    least = _least_stake(rules, bank)
    for s in range(n):
        if s != banker and balances[s] >= least:
            return _new(OchkoState, (
                rules, balances, bank, banker, banker_rounds, round_no, _P_DEAL, -1, order,
                nxt, hands, dark, stakes, status, results,
            ))
    money = list(balances)
    money[banker] += bank
    return _new(OchkoState, (
        rules, tuple(money), 0, banker, banker_rounds, round_no, _P_OVER, -1, order, nxt,
        hands, dark, stakes, status, results,
    ))

# -------------------------------------------------------------------------- views


def check_view(view: object) -> None:
    """A seat's :class:`OchkoView`, or a TypeError saying what was given instead."""
    if not isinstance(view, OchkoView):
        raise TypeError(
            f"view: expected a seat's OchkoView (view(state, seat)), not {_what(view)}"
        )


@dataclass(frozen=True, slots=True)
class OchkoView:
    """What one seat sees (O2).  ``hands[s][i]`` is None for a card this seat cannot see.

    During a round a seat sees its own dealt card, every card bought face up, every card
    the banker drew, the card turned under the pack and the whole hand of a punter who has
    already won or lost, but for its dark cards.  A dark card is seen by nobody, its owner
    included, until the banker has finished; after the round every hand is shown.
    """

    seat: int
    rules: OchkoRules
    phase: Phase
    to_move: int
    banker: int
    bank: int
    available: int
    balances: tuple[int, ...]
    stakes: tuple[int, ...]
    status: tuple[Status, ...]
    results: tuple[int, ...]
    bottom: Card | None
    hands: tuple[tuple[Card | None, ...], ...]
    dark: tuple[int, ...]
    cards_left: int
    round_no: int
    legal: LegalActions

    @property
    def my_cards(self) -> tuple[Card | None, ...]:
        return self.hands[self.seat]

    @property
    def known_points(self) -> int:
        """Points of the cards of this seat that it can see."""
        return sum(POINTS[c] for c in self.hands[self.seat] if c is not None)

    def visible_cards(self) -> list[Card]:
        """Every card this seat can see, the turned-under card included."""
        out = [c for hand in self.hands for c in hand if c is not None]
        if self.bottom is not None:
            out.append(self.bottom)
        return out

    def __str__(self) -> str:
        return render_text(self, self.seat)

    def _repr_html_(self) -> str:
        return render_html(self, self.seat)


def view(state: OchkoState, seat: int) -> OchkoView:
    """What ``seat`` sees of ``state`` (never more); a seat not at the table raises
    InvalidSeatError."""
    _checked_state(state)
    check_seat(seat, len(state.balances))
    in_round = state.phase in (Phase.STAKE, Phase.BUY, Phase.BANKER)
    hands: list[tuple[Card | None, ...]] = []
    for s, hand in enumerate(state.hands):
        mask = state.dark[s]
        if not in_round:
            hands.append(hand)
            continue
        if state.status[s] in (Status.WON, Status.LOST):
            # a settled hand is shown, but a dark card stays face down until the banker has
            # finished (O1, O2): a punter who busts on his face-up cards turns no dark card
            hands.append(tuple(None if mask >> i & 1 else c for i, c in enumerate(hand)))
            continue
        hands.append(
            tuple(
                None if (mask >> i & 1) or (i == 0 and s != seat) else c for i, c in enumerate(hand)
            )
        )
    return OchkoView(
        seat,
        state.rules,
        state.phase,
        state.to_move,
        state.banker,
        state.bank,
        state.available,
        state.balances,
        state.stakes,
        state.status,
        state.results,
        state.bottom,
        tuple(hands),
        state.dark,
        state.cards_left,
        state.round_no,
        legal_actions(state) if state.to_move == seat else _NONE,
    )


# ------------------------------------------------------------------------ display


def _cards_text(hand: tuple[Card | None, ...], dark: int) -> str:
    parts = []
    for i, c in enumerate(hand):
        text = "??" if c is None else str(c)
        parts.append(f"[{text}]" if dark >> i & 1 else text)
    return " ".join(parts)


def _rows(
    state: OchkoState | OchkoView, seat: int | None
) -> list[tuple[str, str, str, str, str, str, str]]:
    rows = []
    for s in range(len(state.balances)):
        hand = state.hands[s]
        known = [c for c in hand if c is not None]
        pts = str(sum(POINTS[c] for c in known)) if known else ""
        if known and len(known) < len(hand):
            pts += "+?"
        role = "banker" if s == state.banker else "punter"
        if seat is not None and s == seat:
            role += " (you)"
        rows.append(
            (
                str(s) + (" ▶" if s == state.to_move else ""),
                role,
                str(state.balances[s]),
                str(state.stakes[s] or ""),
                _cards_text(hand, state.dark[s]),
                pts,
                state.status[s].value + (f" {state.results[s]:+d}" if state.results[s] else ""),
            )
        )
    return rows


def _header(state: OchkoState | OchkoView) -> str:
    bottom = f", turned under {state.bottom}" if state.bottom is not None else ""
    return (
        # the round in play counts; between rounds and once over, the rounds completed
        f"Очко, round {state.round_no + (state.phase not in (Phase.DEAL, Phase.OVER))}: "
        f"{state.phase.value}; bank {state.bank}{bottom}"
    )


_COLUMNS = ("seat", "role", "money", "stake", "cards", "points", "status")


def render_text(state: OchkoState | OchkoView, seat: int | None) -> str:
    """The round as a text table under its header line, one row a seat, the columns aligned
    (▶ marks the seat to move; dark cards in brackets, unseen cards as ??)."""
    rows = [_COLUMNS, *_rows(state, seat)]
    widths = [max(len(row[i]) for row in rows) for i in range(len(_COLUMNS))]
    lines = [_header(state)]
    for row in rows:
        cells = (v.ljust(w) for v, w in zip(row, widths, strict=True))
        lines.append(("  " + "  ".join(cells)).rstrip())
    return "\n".join(lines)


def render_html(state: OchkoState | OchkoView, seat: int | None) -> str:
    """A static HTML table (dark cards in brackets, unseen cards as ??)."""
    head = "".join(
        f"<th>{h}</th>" for h in _COLUMNS
    )
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(v)}</td>" for v in row) + "</tr>"
        for row in _rows(state, seat)
    )
    return (
        f'<table class="ochko"><caption>{html.escape(_header(state))}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
    )
