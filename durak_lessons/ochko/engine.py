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
from typing import Final, NamedTuple, overload

from durak_lessons.cards import CARDS, RANK_OF, Card, InvalidCardError, parse_cards
from durak_lessons.errors import IllegalActionError, InvalidActionError, Reason

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


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance: a new round from this pack order (36 cards; ``order[0]`` is turned under)."""

    order: tuple[Card, ...]

    def __str__(self) -> str:
        return "deal " + " ".join(c.code for c in self.order)


@dataclass(frozen=True, slots=True)
class Stake:
    """A punter's stake ("иду на 10")."""

    amount: int

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


def parse_action(text: str) -> Action:
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
        raw = key[6:]
        if raw.isdigit():
            return Stake(int(raw))
        raise InvalidActionError(f"cannot read a stake from {text!r}: expected 'stake 10'")
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
    first = parse_cards(cards) if isinstance(cards, str) else [CARDS[c] for c in cards]
    seen = set(first)
    if len(seen) != len(first):
        raise InvalidActionError("a card appears twice in the deal")
    extra = [c for c in first if c not in PACK]
    if extra:
        raise InvalidActionError(f"{extra[0]} is not in the 36-card pack")
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


_F_BALANCES, _F_BANK, _F_PHASE, _F_TO_MOVE = 1, 2, 6, 7
_F_NEXT, _F_HANDS, _F_DARK, _F_STAKES, _F_STATUS = 9, 10, 11, 12, 13
_PACK_SET: Final = frozenset(PACK)


def _set(state: OchkoState, *pairs: tuple[int, object]) -> OchkoState:
    """A copy of ``state`` with some fields replaced by index (faster than ``_replace``)."""
    fields = list(state)
    for index, value in pairs:
        fields[index] = value
    return tuple.__new__(OchkoState, fields)


def new_session(
    balances: Sequence[int], rules: OchkoRules | None = None, *, banker: int = 0
) -> OchkoState:
    """A session before its first deal: ``banker`` puts up the bank from his money (O7)."""
    rules = rules if rules is not None else OchkoRules()
    if len(balances) < 2:
        raise ValueError("Очко needs a banker and at least one punter")
    if any(type(b) is not int or b < 0 for b in balances):
        raise ValueError("balances must be non-negative ints")
    if not 0 <= banker < len(balances):
        raise ValueError(f"no seat {banker}")
    n = len(balances)
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


def _put_up_bank(state: OchkoState, first: int) -> OchkoState:
    """The first seat from ``first`` clockwise who can hold a bank puts it up (O7)."""
    rules = state.rules
    n = state.seats
    balances = list(state.balances)
    for k in range(n):
        seat = (first + k) % n
        if balances[seat] >= rules.min_stake and any(
            balances[p] >= 1 for p in range(n) if p != seat
        ):
            amount = min(rules.bank, balances[seat])
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
    rules = state.rules
    available = state.available
    money = state.balances[seat]
    high = min(available, money)
    if rules.max_stake is not None:
        high = min(high, rules.max_stake)
    all_in = available
    if (
        available <= 0
        or available > money
        or (rules.max_stake is not None and available > rules.max_stake)
    ):
        all_in = 0
    return rules.min_stake, high, all_in


def _can_stake(state: OchkoState, seat: int) -> bool:
    low, high, all_in = _stake_limits(state, seat)
    return high >= low or all_in > 0


class LegalActions(Sequence[Action]):
    """The legal actions of a state, as a lazy sequence (stakes are a range).

    ``Stake(a) in legal``, ``len(legal)``, ``legal[i]`` and iteration all work without
    building a list of every stake amount.
    """

    __slots__ = ("_all_in", "_others", "stakes")

    def __init__(self, stakes: range, all_in: int, others: tuple[Action, ...]) -> None:
        #: the ordinary stake amounts
        self.stakes = stakes
        self._all_in = all_in
        self._others = others

    @property
    def all_in(self) -> int:
        """The «на банк» amount, 0 when «на банк» is not legal."""
        return self._all_in

    def _extra(self) -> tuple[Action, ...]:
        return ((STAKE_BANK,) if self._all_in else ()) + self._others

    def __len__(self) -> int:
        return len(self.stakes) + len(self._extra())

    @overload
    def __getitem__(self, index: int) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...
    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        if isinstance(index, slice):
            return list(self)[index]
        n = len(self.stakes)
        if index < 0:
            index += len(self)
        if 0 <= index < n:
            return Stake(self.stakes[index])
        return self._extra()[index - n]

    def __iter__(self) -> Iterator[Action]:
        for amount in self.stakes:
            yield Stake(amount)
        yield from self._extra()

    def __contains__(self, action: object) -> bool:
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
        parts.extend(str(a) for a in self._extra())
        return f"<LegalActions: {', '.join(parts) or 'none'}>"


_NONE: Final = LegalActions(range(0), 0, ())


def legal_actions(state: OchkoState) -> LegalActions:
    """Every legal action of the player to move.  At a deal it is empty: any
    :class:`Deal` of a whole 36-card pack is legal there (chance)."""
    phase = state.phase
    if phase is Phase.BUY:
        if state.cards_left <= 0:
            return LegalActions(range(0), 0, (STAND,))
        if state.rules.dark_buying:
            return LegalActions(range(0), 0, (BUY, BUY_DARK, STAND))
        return LegalActions(range(0), 0, (BUY, STAND))
    if phase is Phase.BANKER:
        total = state.points(state.banker)
        if state.cards_left <= 0 or total >= 17:
            return LegalActions(range(0), 0, (STAND,))
        if total <= 15:
            return LegalActions(range(0), 0, (DRAW,))
        return LegalActions(range(0), 0, (DRAW, STAND))
    if phase is Phase.STAKE:
        low, high, all_in = _stake_limits(state, state.to_move)
        return LegalActions(range(low, high + 1), all_in, ())
    return _NONE


def explain(state: OchkoState, action: Action) -> Reason | None:
    """Why ``action`` is refused in ``state`` (the reason ``apply`` would raise), or None."""
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
            return Reason("Rozaliev 11.а", "with 17 or more the banker may not draw")
        if state.cards_left <= 0:
            return Reason("O9", "the pack is used up; the card turned under is never dealt")
        return None
    if isinstance(action, Stand):
        if phase is Phase.BUY:
            return None
        if phase is Phase.BANKER:
            if state.points(state.banker) <= 15 and state.cards_left > 0:
                return Reason("Rozaliev 11.а", "with 15 or less the banker must draw")
            return None
        return Reason("R20", _not_now(state, "stand"))
    raise InvalidActionError(f"not an Очко action: {action!r}")


def _not_now(state: OchkoState, what: str) -> str:
    if state.phase is Phase.STAKE:
        return f"seat {state.to_move} must stake before anyone can {what}"
    if state.phase is Phase.BANKER:
        return f"the banker is drawing: nobody can {what} now"
    return f"seat {state.to_move} is buying: nobody else can {what} now"


# -------------------------------------------------------------------------- apply


def apply(state: OchkoState, action: Action) -> OchkoState:
    """The state after ``action``; a refused action raises IllegalActionError."""
    phase = state.phase
    # the hot paths first, checked inline; everything else goes through explain()
    if (
        phase is Phase.BUY
        and type(action) is Buy
        and state.cards_left > 0
        and (state.rules.dark_buying or not action.dark)
    ):
        return _buy(state, action.dark)
    if (
        phase is Phase.BANKER
        and type(action) is Draw
        and state.cards_left > 0
        and state.points(state.banker) < 17
    ):
        return _banker_draw(state)
    if phase is Phase.STAKE and type(action) is Stake:
        low, high, _ = _stake_limits(state, state.to_move)
        if low <= action.amount <= high:
            return _stake(state, action.amount)
    reason = explain(state, action)
    if reason is not None:
        raise IllegalActionError(reason, action)
    if isinstance(action, Deal):
        return _deal(state, action.order)
    if isinstance(action, Stake):
        return _stake(state, action.amount)
    if isinstance(action, StakeBank):
        return _stake(state, state.available)
    if isinstance(action, Stand):
        if phase is Phase.BUY:
            status = list(state.status)
            status[state.to_move] = Status.STANDING
            return _next_punter(_set(state, (_F_STATUS, tuple(status))), state.to_move)
        return _showdown(state)
    raise AssertionError(action)  # pragma: no cover - explain() let it through


def _deal(state: OchkoState, order: tuple[Card, ...]) -> OchkoState:
    n = state.seats
    banker = state.banker
    hands: list[tuple[Card, ...]] = [()] * n
    # O9: order[0] is turned under; one card each from the banker's left, the banker last
    for k in range(1, n + 1):
        hands[(banker + k) % n] = (order[k],)
    status = [Status.WAITING] * n
    status[banker] = Status.BANKER
    state = state._replace(
        order=order,
        next_card=n + 1,
        hands=tuple(hands),
        dark=(0,) * n,
        stakes=(0,) * n,
        status=tuple(status),
        results=(0,) * n,
    )
    return _next_punter(state, banker)


def _next_punter(state: OchkoState, after: int) -> OchkoState:
    """Move to the next punter clockwise who can stake; then to the banker (or settle)."""
    n = state.seats
    banker = state.banker
    status = state.status
    seat = (after + 1) % n
    changed = False
    status_list = list(status)
    while seat != banker:
        if status_list[seat] is Status.WAITING:
            if _can_stake(state, seat):
                if changed:
                    state = _set(state, (_F_STATUS, tuple(status_list)))
                return _set(state, (_F_PHASE, Phase.STAKE), (_F_TO_MOVE, seat))
            status_list[seat] = Status.OUT
            changed = True
        seat = (seat + 1) % n
    if changed:
        state = state._replace(status=tuple(status_list))
    if Status.STANDING in status_list:
        return _set(state, (_F_PHASE, Phase.BANKER), (_F_TO_MOVE, banker))
    return _end_round(state)  # O11: nobody waits for the banker: he does not draw


def _stake(state: OchkoState, amount: int) -> OchkoState:
    seat = state.to_move
    stakes = list(state.stakes)
    stakes[seat] = amount
    status = list(state.status)
    status[seat] = Status.BUYING
    return _set(state, (_F_STAKES, tuple(stakes)), (_F_STATUS, tuple(status)),
                (_F_PHASE, Phase.BUY))


def _hand_class(hand: tuple[Card, ...]) -> int:
    """1 for an instant-win hand, -1 for a bust, 0 otherwise."""
    total = 0
    for c in hand:
        total += POINTS[c]
    n = len(hand)
    if total == 21:
        return 1
    if n == 2 and RANK_OF[hand[0]] == ACE_RANK and RANK_OF[hand[1]] == ACE_RANK:
        return 1
    if n == 5 and all(RANK_OF[c] in COURT_RANKS for c in hand):
        return 1
    return -1 if total > 21 else 0


def _buy(state: OchkoState, dark: bool) -> OchkoState:
    seat = state.to_move
    card = state.order[state.next_card]
    hands = list(state.hands)
    hand = hands[seat] + (card,)
    hands[seat] = hand
    darks = state.dark
    if dark:
        d = list(darks)
        d[seat] |= 1 << (len(hand) - 1)
        darks = tuple(d)
    state = _set(state, (_F_HANDS, tuple(hands)), (_F_DARK, darks),
                 (_F_NEXT, state.next_card + 1))
    if darks[seat]:
        return state  # O1: a hand with a dark card is settled after the banker has drawn
    verdict = _hand_class(hand)
    if verdict == 0:
        return state
    state = _settle(state, seat, verdict > 0)
    return _next_punter(state, seat)


def _settle(state: OchkoState, seat: int, punter_wins: bool) -> OchkoState:
    stake = state.stakes[seat]
    balances = list(state.balances)
    status = list(state.status)
    results = list(state.results)
    if punter_wins:
        balances[seat] += stake
        results[seat] += stake
        results[state.banker] -= stake
        status[seat] = Status.WON
        bank = state.bank - stake
    else:
        balances[seat] -= stake
        results[seat] -= stake
        results[state.banker] += stake
        status[seat] = Status.LOST
        bank = state.bank + stake
    return state._replace(
        balances=tuple(balances), status=tuple(status), results=tuple(results), bank=bank
    )


def _banker_draw(state: OchkoState) -> OchkoState:
    banker = state.banker
    hands = list(state.hands)
    hands[banker] = hands[banker] + (state.order[state.next_card],)
    state = _set(state, (_F_HANDS, tuple(hands)), (_F_NEXT, state.next_card + 1))
    if _hand_class(hands[banker]) != 0:
        return _showdown(state)  # an instant win or a bust ends the banker's turn
    return state


def _showdown(state: OchkoState) -> OchkoState:
    """Settle every punter still waiting for the banker (R20)."""
    banker_hand = state.hands[state.banker]
    b_class = _hand_class(banker_hand)
    b_total = sum(POINTS[c] for c in banker_hand)
    dbb = state.rules.double_bust_to_banker
    for seat, st in enumerate(state.status):
        if st is not Status.STANDING:
            continue
        hand = state.hands[seat]
        dark = state.dark[seat] != 0
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
            p_total = sum(POINTS[c] for c in hand)
            wins = p_total > b_total or (dark and p_total == b_total)  # R20 ties
        state = _settle(state, seat, wins)
    return _end_round(state)


def _end_round(state: OchkoState) -> OchkoState:
    rules = state.rules
    state = state._replace(
        round_no=state.round_no + 1,
        banker_rounds=state.banker_rounds + 1,
        phase=Phase.DEAL,
        to_move=-1,
    )
    passes = state.bank <= 0 or (
        rules.bank_passes is BankPassing.ROUNDS and state.banker_rounds >= rules.bank_rounds
    )
    if passes:
        balances = list(state.balances)
        balances[state.banker] += state.bank
        state = state._replace(balances=tuple(balances), bank=0)
        return _put_up_bank(state, (state.banker + 1) % state.seats)
    # O7: the session ends when no punter can stake against this bank
    if not any(
        state.balances[s] >= min(rules.min_stake, state.bank)
        for s in range(state.seats)
        if s != state.banker
    ):
        balances = list(state.balances)
        balances[state.banker] += state.bank
        return state._replace(balances=tuple(balances), bank=0, phase=Phase.OVER)
    return state


# -------------------------------------------------------------------------- views


@dataclass(frozen=True, slots=True)
class OchkoView:
    """What one seat sees (O2).  ``hands[s][i]`` is None for a card this seat cannot see.

    During a round a seat sees its own dealt card, every card bought face up, every card
    the banker drew, the card turned under the pack and the whole hand of a punter who has
    already won or lost.  A dark card is seen by nobody, its owner included, until the
    banker has finished; after the round every hand is shown.
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
    """What ``seat`` sees of ``state`` (never more)."""
    in_round = state.phase in (Phase.STAKE, Phase.BUY, Phase.BANKER)
    hands: list[tuple[Card | None, ...]] = []
    for s, hand in enumerate(state.hands):
        if not in_round or state.status[s] in (Status.WON, Status.LOST):
            hands.append(hand)
            continue
        mask = state.dark[s]
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
        f"Очко, round {state.round_no + (state.phase is not Phase.DEAL)}: "
        f"{state.phase.value}; bank {state.bank}{bottom}"
    )


def render_text(state: OchkoState | OchkoView, seat: int | None) -> str:
    lines = [_header(state)]
    for row in _rows(state, seat):
        lines.append("  ".join(row).rstrip())
    return "\n".join(lines)


def render_html(state: OchkoState | OchkoView, seat: int | None) -> str:
    """A static HTML table (dark cards in brackets, unseen cards as ??)."""
    head = "".join(
        f"<th>{h}</th>" for h in ("seat", "role", "money", "stake", "cards", "points", "status")
    )
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(v)}</td>" for v in row) + "</tr>"
        for row in _rows(state, seat)
    )
    return (
        f'<table class="ochko"><caption>{html.escape(_header(state))}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
    )
