"""Actions of the bout and chain games, with a compact text notation.

=========  ==============  ===========================================================
notation   kind            meaning
=========  ==============  ===========================================================
``L6S6H``  LEAD            open a bout (or, in a chain game, lead onto the pile)
``T9H``    THROW           throw a card in (R5)
``C6S7S``  COVER           cover the attack card 6♠ with 7♠
``X6D``    TRANSFER        transfer the bout with 6♦ (R12, R13)
``take``   TAKE            take the cards (the defender gives up; «взять», «беру»)
``pass``   PASS            no more throw-ins («бито», «пас»), or no legal lead (1.г)
``E6D``    EXCHANGE        swap the trump six for the turned-up trump (R19)
``B6S``    BEAT            a chain game: beat the top card of the pile with 6♠
``R6S``    RETURN          R1 option: the defender gives a led card he will not answer back
``F``      FLIP            дорожный: turn the top card of one's own pile
``P3``     PICK            the blind game (R14): play the card in position 3 of one's
                           own unseen row (0 = first): lead it, throw it in, or, when
                           defending, lay it beside the led cards to transfer (R12)
``P3C6S``  PICK            the blind game: cover the attack card 6♠ with the card in
                           position 3 (a wrong card is punished, not refused)
``NH``     NAME            свои козыри (R16): name hearts as one's own trump suit
=========  ==============  ===========================================================

A blind pick names a position, not a card: the record keeps the positions chosen, and the
replay shows which card each one turned out to be (``durak_lessons.blind``).

Actions are small immutable values; ``Action.parse(str(a)) == a`` for every action.  Every
state's ``explain`` and ``apply`` take an action through :func:`checked`, so an ``Action``
built by hand is read exactly as its notation (a lead's cards in any order, card numbers as
the cards they number) or refused as malformed before any rule is asked.
"""

from __future__ import annotations

import re
from contextlib import suppress
from enum import IntEnum
from typing import Final, NamedTuple

from .cards import CARDS, Card, InvalidCardError, format_cards, parse_cards
from .errors import InvalidActionError

__all__ = [
    "Action",
    "ActionList",
    "Kind",
    "checked",
    "cover",
    "exchange",
    "lead",
    "name_trump",
    "pass_",
    "pick",
    "pick_cover",
    "take",
    "throw",
    "transfer",
]


class Kind(IntEnum):
    """What an action does (``action.kind``); the module's table gives each kind's notation:
    ``L`` lead, ``T`` throw in, ``C`` cover, ``X`` transfer, ``take``, ``pass``, ``E`` exchange
    the trump six, ``B`` beat (chain games), ``F`` flip (дорожный), ``P`` pick (the blind game),
    ``N`` name one's trump (свои козыри), ``R`` return (R1 option)."""

    LEAD = 0
    THROW = 1
    COVER = 2
    TRANSFER = 3
    TAKE = 4
    PASS = 5
    EXCHANGE = 6
    BEAT = 7
    FLIP = 8
    PICK = 9
    NAME = 10
    RETURN = 11


_PREFIX: Final = {
    Kind.LEAD: "L",
    Kind.THROW: "T",
    Kind.COVER: "C",
    Kind.TRANSFER: "X",
    Kind.EXCHANGE: "E",
    Kind.BEAT: "B",
    Kind.RETURN: "R",
}
_FROM_PREFIX: Final = {v: k for k, v in _PREFIX.items()}
#: the first letters of the notation, as typed in lower case (see Action.parse)
_LOWER_PREFIXES: Final = frozenset(p.lower() for p in [*_FROM_PREFIX, "P", "N", "F"])
_VERB: Final = {
    Kind.LEAD: "leads",
    Kind.THROW: "throws in",
    Kind.COVER: "covers",
    Kind.TRANSFER: "transfers with",
    Kind.TAKE: "takes",
    Kind.PASS: "passes",
    Kind.EXCHANGE: "exchanges for the turned-up trump",
    Kind.BEAT: "beats the top card with",
    Kind.FLIP: "turns the top card of his pile",
    Kind.PICK: "plays the card in position",
    Kind.NAME: "names his trump:",
    Kind.RETURN: "gives back",
}


class Action(NamedTuple):
    """One action: a kind, the cards it plays, and (for a cover) the card it covers.

    ``cards`` is sorted by card number for leads; ``target`` is the attack card of a cover;
    ``position`` is the position picked in the blind game.
    """

    kind: Kind
    cards: tuple[Card, ...] = ()
    target: Card | None = None
    position: int = -1

    @property
    def card(self) -> Card:
        """The single card of a throw, cover, transfer, exchange or beat."""
        return self.cards[0]

    def __str__(self) -> str:
        kind = self.kind
        if kind == Kind.TAKE:
            return "take"
        if kind == Kind.PASS:
            return "pass"
        if kind == Kind.FLIP:
            return "F"
        if kind == Kind.PICK:
            if self.target is not None:
                return f"P{self.position}C{self.target.code}"
            return f"P{self.position}"
        if kind == Kind.NAME:
            return "N" + "SCDH"[self.position]
        if kind == Kind.COVER:
            assert self.target is not None
            return "C" + self.target.code + self.cards[0].code
        return _PREFIX[kind] + "".join(c.code for c in self.cards)

    def __repr__(self) -> str:
        try:
            return f"Action.parse({str(self)!r})"
        except (AssertionError, AttributeError, IndexError, KeyError, TypeError, ValueError):
            return f"Action{tuple.__repr__(self)}"  # built by hand, not writable as notation

    def describe(self) -> str:
        """The action in words (without the actor): 'covers 6♠ with 7♠'."""
        if self.kind == Kind.COVER:
            return f"covers {self.target} with {self.cards[0]}"
        if self.kind == Kind.PICK:
            if self.target is not None:
                return f"covers {self.target} with the card in position {self.position}"
            return f"plays the card in position {self.position}"
        if self.kind == Kind.NAME:
            from .cards import Suit

            suit = Suit(self.position)
            return f"names {suit.symbol} {suit.english} as his trump"
        if self.kind == Kind.EXCHANGE:  # he gives the card and takes the turned-up trump
            return f"exchanges {format_cards(self.cards)} for the turned-up trump"
        if self.cards:
            return f"{_VERB[self.kind]} {format_cards(self.cards)}"
        return _VERB[self.kind]

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read the notation above (``C6S7S``, ``L6♠6♥``, ``take``, ...)."""
        if not isinstance(text, str):
            raise InvalidActionError(
                f"an action is read from text like 'C6S7S' or 'take', not from {text!r}"
            )
        raw = text.strip()
        low = raw.lower()
        if raw[:1] in _LOWER_PREFIXES:  # typed in lower case: l6s, c6s7s, p2c7s, nh
            raw = raw[0].upper() + (raw[1:].upper() if raw[0] == "n" else raw[1:])
            if raw[0] == "P":
                raw = re.sub(r"(?<=\d)c", "C", raw, count=1)
        if low in ("take", "взять", "взял", "беру"):
            return TAKE
        if low in ("pass", "бито", "пас"):
            return PASS
        if raw == "F":
            return FLIP
        m = re.fullmatch(r"P([0-9]+)(?:[Cc](.+))?", raw)  # ASCII digits, as str() writes
        if m:
            if m.group(2) is None:
                return pick(int(m.group(1)))
            try:
                target = Card.parse(m.group(2))
            except InvalidCardError as exc:
                raise InvalidActionError(f"cannot read an action from {text!r}: {exc}") from None
            return pick_cover(int(m.group(1)), target)
        m = re.fullmatch(r"N([SCDH♠♣♦♥])", raw)
        if m:
            return name_trump("SCDH♠♣♦♥".index(m.group(1)) % 4)
        if not raw or (raw[0] not in _FROM_PREFIX and raw[0] != "C"):
            raise InvalidActionError(
                f"cannot read an action from {text!r}: expected L<cards>, T<card>, "
                "C<attack><cover>, X<card>, E<card>, B<card>, R<card>, F, P<n>, P<n>C<attack>, "
                "N<suit>, take or pass"
            )
        try:
            cards = parse_cards(raw[1:])
        except InvalidCardError as exc:
            raise InvalidActionError(f"cannot read an action from {text!r}: {exc}") from None
        kind = Kind.COVER if raw[0] == "C" else _FROM_PREFIX[raw[0]]
        if kind == Kind.COVER:
            if len(cards) != 2:
                raise InvalidActionError(f"a cover names two cards (attack, cover): {text!r}")
            return cover(cards[0], cards[1])
        if kind == Kind.LEAD:
            if not cards or len(set(cards)) != len(cards):
                raise InvalidActionError(f"a lead names one or more different cards: {text!r}")
            return lead(*cards)
        if len(cards) != 1:
            raise InvalidActionError(f"{kind.name.lower()} names exactly one card: {text!r}")
        return _SINGLE[kind][cards[0]]


TAKE: Final = Action(Kind.TAKE)
PASS: Final = Action(Kind.PASS)
FLIP: Final = Action(Kind.FLIP)
_SINGLE: Final = {
    k: [Action(k, (c,)) for c in CARDS]
    for k in (Kind.THROW, Kind.TRANSFER, Kind.EXCHANGE, Kind.BEAT, Kind.LEAD, Kind.RETURN)
}
_COVER: Final = [[Action(Kind.COVER, (c,), a) for c in CARDS] for a in CARDS]
_LEADS: dict[int, Action] = {}
_PICKS: Final = [Action(Kind.PICK, (), None, i) for i in range(53)]
_PICK_COVERS: Final = [[Action(Kind.PICK, (), a, i) for i in range(53)] for a in CARDS]
_NAMES: Final = [Action(Kind.NAME, (), None, s) for s in range(4)]


def lead(*cards: int) -> Action:
    """A lead of one or more cards (cached by card set)."""
    mask = 0
    for c in cards:
        mask |= 1 << c
    action = _LEADS.get(mask)
    if action is None:
        if len(cards) == 1:
            action = _SINGLE[Kind.LEAD][cards[0]]
        else:
            action = Action(Kind.LEAD, tuple(CARDS[c] for c in sorted(set(cards))))
        _LEADS[mask] = action
    return action


def lead_mask(mask: int) -> Action:
    """The lead of the cards of a bitmask (hot path of the move generator)."""
    action = _LEADS.get(mask)
    if action is None:
        cards = []
        m = mask
        while m:
            low = m & -m
            cards.append(CARDS[low.bit_length() - 1])
            m ^= low
        action = Action(Kind.LEAD, tuple(cards))
        _LEADS[mask] = action
    return action


def throw(card: int) -> Action:
    return _SINGLE[Kind.THROW][card]


def transfer(card: int) -> Action:
    return _SINGLE[Kind.TRANSFER][card]


def exchange(card: int) -> Action:
    return _SINGLE[Kind.EXCHANGE][card]


def beat(card: int) -> Action:
    return _SINGLE[Kind.BEAT][card]


def cover(attack: int, card: int) -> Action:
    """Cover the attack card ``attack`` with ``card``."""
    return _COVER[attack][card]


def pick(index: int) -> Action:
    if not 0 <= index < len(_PICKS):
        raise InvalidActionError(f"position {index} out of range 0..52")
    return _PICKS[index]


def pick_cover(index: int, attack: int) -> Action:
    """The blind game: cover ``attack`` with the card in position ``index`` (R14)."""
    if not 0 <= index < len(_PICKS):
        raise InvalidActionError(f"position {index} out of range 0..52")
    return _PICK_COVERS[attack][index]


def name_trump(suit: int) -> Action:
    """свои козыри: name ``suit`` (0 spades .. 3 hearts) as one's own trump (R16)."""
    if not 0 <= suit < 4:
        raise InvalidActionError(f"suit {suit} out of range 0..3")
    return _NAMES[suit]


def take() -> Action:
    return TAKE


def pass_() -> Action:
    return PASS


#: actions already checked, each mapped to its canonical instance (see checked)
_CHECKED: dict[Action, Action] = {}


class ActionList(list[Action]):
    """A list of actions, as every ``legal_actions()`` returns, in which ``in`` reads an
    action's notation as :meth:`Game.push <durak_lessons.Game.push>` does, and a hand-built
    :class:`Action` as :func:`checked` does: ``"LJS" in game.legal_actions()`` asks whether
    the lead of J♠ is legal.  Text that is no action's notation raises
    :class:`InvalidActionError` rather than answering ``False`` (a typo is not a refusal).

    >>> from durak_lessons import Game
    >>> legal = Game("podkidnoy", seed=7).legal_actions(); legal
    <ActionList: LJSJD, LJD, LJS, L9C, LTD, LQD, L6H>
    >>> "LJS" in legal, "LJ♠" in legal, "take" in legal
    (True, True, False)
    >>> "LJX" in legal
    Traceback (most recent call last):
    ...
    durak_lessons.errors.InvalidActionError: cannot read an action from 'LJX': ...
    """

    __slots__ = ()

    def __contains__(self, item: object) -> bool:
        if isinstance(item, Card):  # a card is no action: which one plays it cannot be guessed
            raise InvalidActionError(
                f"{item!r} is a card, not an action: ask for an action, such as"
                f" 'L{item.code}' to lead it or 'T{item.code}' to throw it in"
            )
        if isinstance(item, str | Action):
            item = checked(item)
        return list.__contains__(self, item)

    def __repr__(self) -> str:  # the notation, which push takes back
        return f"<ActionList: {', '.join(map(str, self)) or 'none'}>"


def checked(action: Action | str) -> Action:
    """The canonical form of ``action``: text is read as notation (:meth:`Action.parse`); an
    :class:`Action` built by hand must be one the notation can write, and comes back as the
    engine's own value of it (its cards as :class:`~durak_lessons.cards.Card` values, a lead's
    in card order).  Anything else raises :class:`InvalidActionError`, naming what is wrong.

    >>> from durak_lessons.cards import Card
    >>> checked(Action(Kind.LEAD, (Card.parse("8C"), Card.parse("8S"))))
    Action.parse('L8S8C')
    >>> checked(Action(Kind.LEAD, (Card.parse("8S"), Card.parse("8S"))))
    Traceback (most recent call last):
    ...
    durak_lessons.errors.InvalidActionError: a lead names one or more different cards: 'L8S8S'
    """
    if isinstance(action, str):
        return Action.parse(action)
    if type(action) is not Action:
        raise InvalidActionError(
            f"expected an Action or its notation (such as 'L6S' or 'take'), got {action!r}"
        )
    try:
        known = _CHECKED.get(action)
    except TypeError:  # a field that cannot be hashed (a list of cards, say)
        known = None
    if known is not None and (
        known is action  # the engine's own value, checked before
        or (
            type(action.kind) is Kind
            and all(type(c) is Card for c in action.cards)
            and (action.target is None or type(action.target) is Card)
        )  # equal to a checked action field for field, not merely (True == 1) by value
    ):
        return known
    shown = f"Action{tuple.__repr__(action)}"
    try:
        raw: object = action.kind  # typed Kind, but built by hand it may be anything
        if type(raw) is bool:  # True == 1 by value, but no kind (as for cards)
            raise TypeError
        kind = Kind(action.kind)
        cards = tuple(CARDS[c] if type(c) is int and c >= 0 else c for c in action.cards)
        if not all(type(c) is Card for c in cards):
            raise TypeError
        target = action.target
        if target is not None:
            if type(target) is int and target >= 0:
                target = CARDS[target]
            if type(target) is not Card:
                raise TypeError
        text = str(Action(kind, cards, target, action.position))
    except (AssertionError, IndexError, KeyError, TypeError, ValueError):
        raise InvalidActionError(
            f"{shown} is not an action the notation can write (a kind, cards as Card values,"
            " a target card only for a cover); build actions with Action.parse('L6S') or take"
            " them from legal_actions()"
        ) from None
    canon = Action.parse(text)  # raises InvalidActionError with what is wrong
    if canon.kind == Kind.LEAD:
        same = sorted(canon.cards) == sorted(cards) and action[2:] == (None, -1)
    else:
        same = canon == (kind, cards, target, action.position)
    if not same:
        raise InvalidActionError(f"{shown} is not a well-formed action: did you mean '{canon}'?")
    if len(_CHECKED) > 1 << 16:
        _CHECKED.clear()
    with suppress(TypeError):  # not hashable: checked again next time
        _CHECKED[action] = canon
    return canon
