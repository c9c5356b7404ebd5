"""Dealing: chance made explicit.

A :class:`Deal` is everything chance decided before the first lead: the hands, the stock in
drawing order, the trump, the dealer and the first leader.  :func:`deal` shuffles with an
injected RNG (``random.Random`` or a seed); :func:`deal_from_order` deals a given card order,
and :meth:`Deal.from_hands` writes a position out by hand for tests and example hands.

>>> d = deal("podkidnoy", 2, seed=7)
>>> [len(h) for h in d.hands], len(d.stock)
([6, 6], 24)
>>> deal("podkidnoy", 2, seed=7) == d
True
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from .cards import (
    CARDS,
    Card,
    InvalidCardError,
    Suit,
    cards_of,
    deck,
    format_cards,
    parse_cards,
)
from .errors import InvalidDealSeatError, InvalidRecordError, InvalidRulesError, MissingSeedError
from .rules import Beating, FirstLeader, Preset, Rules

__all__ = ["Deal", "deal", "deal_from_order", "rng_of"]


def rng_of(seed: int | random.Random | None) -> random.Random:
    """A ``random.Random``: the one given, or a new one seeded with ``seed``."""
    if isinstance(seed, random.Random):
        return seed
    if seed is None:
        raise MissingSeedError("pass a seed or a random.Random: randomness is always injected")
    if not isinstance(seed, int | float | str | bytes | bytearray):  # what random.seed takes
        raise TypeError(f"seed: expected a whole number, a string or a random.Random, not {seed!r}")
    return random.Random(seed)


def _rules(rules: Rules | Preset | str) -> Rules:
    """A rules value from itself, a :class:`Preset` (as :func:`all_presets` lists them), a
    preset's name or a rules string (``podkidnoy(otkaz=1)``)."""
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, Preset):
        return rules.rules
    if isinstance(rules, str):
        return Rules.parse(rules)
    raise InvalidRulesError(
        "expected rules: a Rules value, a Preset, a preset's name or a rules string, not"
        f" {type(rules).__name__} {rules!r}"
    )


@dataclass(frozen=True, slots=True)
class Deal:
    """The cards as dealt.  ``stock`` is in drawing order (next card first); when the turned-up
    trump lies under the stock it is the stock's last card and ``trump_card_in_stock`` is true.
    ``trumps`` holds each player's trump suit number (all equal but in свои козыри, R16; -1 for
    none).
    """

    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    trump_card: Card | None
    trumps: tuple[int, ...]
    dealer: int
    leader: int
    trump_card_in_stock: bool = True
    no_transfer_first: bool = False  # R11: the first lead «под дурака» may not be transferred
    extra: tuple[tuple[str, str], ...] = field(default=())  # mechanism-specific deal data

    def __post_init__(self) -> None:
        self._normalise()
        n = len(self.hands)
        if not 2 <= n <= 8:
            raise InvalidRecordError(f"a deal needs 2 to 8 hands, not {n}")
        seen: set[int] = set()
        for card in [c for h in self.hands for c in h] + list(self.stock):
            if card in seen:
                raise InvalidRecordError(f"card {CARDS[card]} appears twice in the deal")
            seen.add(card)
        if len(self.trumps) != n:
            raise InvalidRecordError(f"{len(self.trumps)} trump suits given for {n} hands")
        for t in self.trumps:
            if type(t) is not int or not -1 <= t <= 3:
                raise InvalidRecordError(
                    f"trump suit {t!r}: expected a suit number 0..3 (♠ ♣ ♦ ♥) or -1 for none"
                )
        for what, seat in (("dealer", self.dealer), ("leader", self.leader)):
            if type(seat) is not int:
                raise InvalidRecordError(
                    f"{what} seat {seat!r}: expected a seat number, a whole number 0..{n - 1}"
                )
            if not 0 <= seat < n:
                raise InvalidRecordError(f"{what} seat {seat} out of range 0..{n - 1}")
        for key, value in self.extra:
            if key == "placed":  # D26: a spade put back into the stock, seen by everybody
                try:
                    placed = Card.parse(value)
                except InvalidCardError:
                    raise InvalidRecordError(f"x.placed={value}: not a card") from None
                if placed not in self.stock:
                    raise InvalidRecordError(
                        f"x.placed={value}: a card put back into the stock (D26) must be in it"
                    )
            if key == "shown":  # D25: the dealer's last card, shown to everybody
                try:
                    card = Card.parse(value)
                except InvalidCardError:
                    raise InvalidRecordError(f"x.shown={value}: not a card") from None
                if card not in self.hands[self.dealer]:
                    raise InvalidRecordError(
                        f"x.shown={value}: the card shown at the deal is the dealer's (D25),"
                        f" and seat {self.dealer} does not hold it"
                    )
        if (
            self.trump_card_in_stock
            and self.trump_card is not None
            and (not self.stock or self.stock[-1] != self.trump_card)
        ):
            raise InvalidRecordError(
                f"the turned-up trump {self.trump_card} must be the last card of the stock"
            )

    def _normalise(self) -> None:
        """Hands, stock and trumps as tuples of cards and suit numbers, whatever sequences
        they were given as (``Deal(hands=[[...], [...]], ...)``, card numbers for cards), so
        that every deal hashes, compares and writes its record alike; anything that is not a
        card refused (:meth:`from_hands` reads cards written out)."""
        hands, stock = self.hands, self.stock
        if (  # the usual case, cheaply: every deal the engine makes (search makes many)
            type(hands) is tuple
            and type(stock) is tuple
            and type(self.trumps) is tuple
            and type(self.extra) is tuple
            and type(self.trump_card_in_stock) is bool
            and type(self.no_transfer_first) is bool
            and (self.trump_card is None or type(self.trump_card) is Card)
            and all(type(h) is tuple and all(type(c) is Card for c in h) for h in hands)
            and all(type(c) is Card for c in stock)
            and all(type(kv) is tuple and len(kv) == 2 and str is type(kv[0]) is type(kv[1])
                    for kv in self.extra)
        ):
            return
        if isinstance(hands, str | bytes) or not isinstance(hands, Iterable):
            raise InvalidRecordError(
                f"hands: expected one sequence of cards per seat, got {hands!r} (Deal.from_hands"
                " reads hands written out: ['6S 7S', '8H 9H'])"
            )
        hands = tuple(_cards(h, f"hands[{i}]") for i, h in enumerate(hands))
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "stock", _cards(self.stock, "stock"))
        tc = self.trump_card
        if tc is not None and type(tc) is not Card:
            object.__setattr__(self, "trump_card", _cards((tc,), "trump_card")[0])
        trumps = self.trumps
        if isinstance(trumps, str | bytes) or not isinstance(trumps, Iterable):
            raise InvalidRecordError(
                f"trumps: expected one suit number per seat (0..3, -1 for none), got {trumps!r}"
            )
        object.__setattr__(self, "trumps", tuple(trumps))
        for flag in ("trump_card_in_stock", "no_transfer_first"):
            if type(getattr(self, flag)) is not bool:
                raise InvalidRecordError(
                    f"{flag}: expected True or False, got {getattr(self, flag)!r}"
                )
        extra = self.extra
        if isinstance(extra, str | bytes) or not isinstance(extra, Iterable):
            raise InvalidRecordError(f"extra: expected (key, value) pairs, got {extra!r}")
        pairs = tuple(tuple(kv) if isinstance(kv, list | tuple) else kv for kv in extra)
        for kv in pairs:
            if not (
                isinstance(kv, tuple) and len(kv) == 2 and all(type(x) is str for x in kv)
            ):
                raise InvalidRecordError(f"extra: expected (key, value) strings, got {kv!r}")
        object.__setattr__(self, "extra", pairs)

    @property
    def players(self) -> int:
        """The number of hands dealt."""
        return len(self.hands)

    @property
    def trump(self) -> int | None:
        """The common trump suit, or ``None`` when players have different trumps."""
        first = self.trumps[0]
        return first if first >= 0 and all(t == first for t in self.trumps) else None

    @property
    def public_cards(self) -> tuple[Card, ...]:
        """Cards everyone saw at the deal (the dealer's last card shown as trump, R11)."""
        if self.trump_card is not None and not self.trump_card_in_stock:
            return (self.trump_card,)
        # the whole pack dealt where no card names the trump (own trumps): the last card is
        # shown all the same and goes to the dealer (D25)
        return tuple(Card.parse(v) for k, v in self.extra if k == "shown")

    @property
    def placed_cards(self) -> tuple[Card, ...]:
        """Cards everyone saw put into the stock at a place they know: the spades turned up
        and put back into the middle in the diamonds game (D26).  Whoever draws one is
        known to hold it."""
        return tuple(Card.parse(v) for k, v in self.extra if k == "placed")

    def with_cards(self, hands: Sequence[int], stock: Sequence[int]) -> Deal:
        """This deal (its trump, seats and options) holding ``hands`` (bitmasks, one per seat)
        and ``stock`` (card numbers, next card first) instead: the deal of a sampled *world*
        (see :meth:`~durak_lessons.bout.BoutState.with_hidden`)."""
        cards = tuple(CARDS[c] for c in stock)
        return Deal(
            hands=tuple(tuple(cards_of(h)) for h in hands),
            stock=cards,
            trump_card=self.trump_card,
            trumps=self.trumps,
            dealer=self.dealer,
            leader=self.leader,
            trump_card_in_stock=self.trump_card_in_stock and bool(cards),
            no_transfer_first=self.no_transfer_first,
            # a card shown at the deal (D25) or put back into the stock (D26) stays public
            # while it lies where everyone saw it go; once it has moved on, the world's state
            # keeps what everyone knows of the hands in its own fields
            extra=tuple(kv for kv in self.extra if self._still_public(kv, hands, cards)),
        )

    def _still_public(
        self, entry: tuple[str, str], hands: Sequence[int], stock: Sequence[Card]
    ) -> bool:
        key, value = entry
        if key == "shown":
            return bool(hands[self.dealer] >> Card.parse(value) & 1)
        if key == "placed":
            return Card.parse(value) in stock
        return True

    def cards(self) -> list[Card]:
        """Every card of the deal: the hands, seat by seat, then the stock in drawing order."""
        return [c for h in self.hands for c in h] + list(self.stock)

    # ---- writing a position out by hand ----------------------------------------------------
    @classmethod
    def from_hands(
        cls,
        hands: Sequence[str | Iterable[int]],
        *,
        trump: str | Card | Suit = "",
        stock: str | Iterable[int] = (),
        leader: int = 0,
        dealer: int | None = None,
        own_trumps: str | None = None,
    ) -> Deal:
        """A deal written out: ``Deal.from_hands(["6♠ 7♠", "8♥ 9♥"], trump="K♥", stock="...")``.

        ``trump`` is the turned-up card (it is put under ``stock``, drawn last), or a suit
        letter/symbol alone (``"H"``) for a trump with no card in the stock; a :class:`Card`
        or a :class:`Suit` value is taken as its text (``"KH"``, ``"H"``).  ``own_trumps``
        gives every player his own trump suit (свои козыри, R16): ``"HS"`` or ``"H,S"``, ``-``
        for one not named yet (``trump`` is then not needed).
        """
        if isinstance(hands, str | bytes) or not isinstance(hands, Sequence):
            raise InvalidRecordError(
                f"hands: expected one hand per seat, each written out ('6S 7S') or a sequence"
                f" of cards, got {hands!r}"
            )
        if not 2 <= len(hands) <= 8:
            raise InvalidRecordError(f"a deal needs 2 to 8 hands, not {len(hands)}")
        if isinstance(trump, Card):
            trump = trump.code
        elif isinstance(trump, Suit):
            trump = trump.letter
        for name, value in (("trump", trump), ("own_trumps", own_trumps)):
            if value is not None and not isinstance(value, str):
                raise InvalidRecordError(
                    f"{name}: expected text ('KH' or 'H' for trump=, 'HS' for own_trumps=; a"
                    f" Card or a Suit for trump=), got {value!r}"
                )
        _check_seat_args(len(hands), dealer=dealer)
        if leader is None:  # not optional: the default is seat 0
            raise InvalidRecordError(
                f"leader None: expected a seat number, a whole number 0..{len(hands) - 1}"
            )
        _check_seat_args(len(hands), leader=leader)
        parsed = [
            parse_cards(h) if isinstance(h, str) else list(_cards(h, f"hands[{i}]"))
            for i, h in enumerate(hands)
        ]
        stock_cards = parse_cards(stock) if isinstance(stock, str) else list(_cards(stock, "stock"))
        n = len(parsed)
        if own_trumps is not None:
            if trump.strip():
                raise InvalidRecordError(
                    f"trump={trump!r} and own_trumps={own_trumps!r}: with own trumps (свои"
                    " козыри, R16) every player has his own suit and no card is turned up;"
                    " give one or the other"
                )
            letters = list(own_trumps.replace(",", "").replace(" ", ""))
            if len(letters) != n:
                raise InvalidRecordError(f"own_trumps {own_trumps!r}: one suit per hand ({n})")
            return cls(
                hands=tuple(tuple(h) for h in parsed),
                stock=tuple(stock_cards),
                trump_card=None,
                trumps=tuple(-1 if t == "-" else _own_suit(t, own_trumps) for t in letters),
                dealer=(leader - 1) % n if dealer is None else dealer,
                leader=leader,
                trump_card_in_stock=False,
            )
        trump = (trump or "").strip()
        if not trump:
            raise InvalidRecordError(
                "no trump given: trump= takes the turned-up card ('KH', 'K♥') or a suit alone"
                " ('H', '♥', 'hearts', 'черви'); own_trumps= one suit for each hand"
            )
        trump_card: Card | None = None
        try:
            suit = int(Suit.parse(trump))
        except InvalidCardError:
            try:
                trump_card = Card.parse(trump)
            except InvalidCardError as exc:
                raise InvalidRecordError(
                    f"bad trump {trump!r}: {exc} (or a suit alone: 'H', '♥', 'hearts')"
                ) from None
            suit = int(trump_card.suit)
            stock_cards.append(trump_card)
        return cls(
            hands=tuple(tuple(h) for h in parsed),
            stock=tuple(stock_cards),
            trump_card=trump_card,
            trumps=(suit,) * n,
            dealer=(leader - 1) % n if dealer is None else dealer,
            leader=leader,
            trump_card_in_stock=trump_card is not None,
        )

    # ---- JSON and text ---------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The deal as a JSON-ready dict (what :meth:`from_json` reads back)."""
        return {
            "hands": [[c.code for c in h] for h in self.hands],
            "stock": [c.code for c in self.stock],
            "trump_card": self.trump_card.code if self.trump_card is not None else None,
            "trumps": list(self.trumps),
            "dealer": self.dealer,
            "leader": self.leader,
            "trump_card_in_stock": self.trump_card_in_stock,
            "no_transfer_first": self.no_transfer_first,
            "extra": [list(kv) for kv in self.extra],
        }

    @classmethod
    def from_json(cls, data: Any) -> Deal:
        """A deal from :meth:`to_json`'s dict, checked: a malformed one raises
        :class:`InvalidRecordError` naming what is wrong."""
        if not isinstance(data, dict):
            raise InvalidRecordError(f"deal: expected an object, got {type(data).__name__}")
        unknown = sorted(str(k) for k in data if k not in _DEAL_KEYS)
        if unknown:
            raise InvalidRecordError(
                f"deal: unknown element(s) {', '.join(map(repr, unknown))} (expected "
                f"{', '.join(sorted(_DEAL_KEYS))})"
            )
        try:
            hands = tuple(
                tuple(_card(c, f"deal.hands[{i}]") for c in _hand(h, i))
                for i, h in enumerate(_list(data, "hands"))
            )
            stock = tuple(_card(c, "deal.stock") for c in _list(data, "stock"))
            tc = data.get("trump_card")
            trump_card = _card(tc, "deal.trump_card") if tc is not None else None
            trumps = tuple(_int(t, "deal.trumps") for t in _list(data, "trumps"))
            extra = tuple(_pair(kv) for kv in (_list(data, "extra") if "extra" in data else []))
            return cls(
                hands=hands,
                stock=stock,
                trump_card=trump_card,
                trumps=trumps,
                dealer=_int(data.get("dealer"), "deal.dealer"),
                leader=_int(data.get("leader"), "deal.leader"),
                trump_card_in_stock=_bool(data, "trump_card_in_stock", True),
                no_transfer_first=_bool(data, "no_transfer_first", False),
                extra=extra,
            )
        except (TypeError, ValueError) as exc:
            if isinstance(exc, InvalidRecordError):
                raise
            raise InvalidRecordError(f"deal: {exc}") from None

    def to_text(self) -> str:
        """One line: ``h=6S7S../8H9H..;s=..;t=KH;d=1;l=0`` (plus flags when set)."""
        parts = [
            "h=" + "/".join("".join(c.code for c in h) or "-" for h in self.hands),
            "s=" + "".join(c.code for c in self.stock),
            "t=" + (self.trump_card.code if self.trump_card is not None else "-"),
            "tr=" + ",".join("SCDH"[t] if t >= 0 else "-" for t in self.trumps),
            f"d={self.dealer}",
            f"l={self.leader}",
        ]
        if not self.trump_card_in_stock:
            parts.append("ts=0")
        if self.no_transfer_first:
            parts.append("nt=1")
        parts.extend(f"x.{k}={v}" for k, v in self.extra)
        return ";".join(parts)

    @classmethod
    def from_text(cls, text: str) -> Deal:
        """The inverse of :meth:`to_text`: every element once, flags written ``0`` or
        ``1``, an empty hand written ``-`` (anything else raises :class:`InvalidRecordError`
        naming it)."""
        if not isinstance(text, str):
            raise InvalidRecordError(f"deal: expected a text like 'h=...;s=...', got {text!r}")
        fields_: dict[str, str] = {}
        extra: list[tuple[str, str]] = []
        for item in text.strip().split(";"):
            key, sep, value = item.partition("=")
            if not sep:
                raise InvalidRecordError(f"deal: bad element {item!r} (expected key=value)")
            if key.startswith("x."):
                extra.append((key[2:], value))
            elif key in ("h", "s", "t", "tr", "d", "l", "ts", "nt"):
                if key in fields_:
                    raise InvalidRecordError(f"deal: element {key!r} given twice")
                fields_[key] = value
            else:
                raise InvalidRecordError(f"deal: unknown element {key!r}")
        for key in ("h", "s", "t", "tr", "d", "l"):
            if key not in fields_:
                raise InvalidRecordError(f"deal: missing element {key!r}")
        for key in ("ts", "nt"):
            if fields_.get(key, "0") not in ("0", "1"):
                raise InvalidRecordError(
                    f"deal: {key}={fields_[key]}: expected {key}=0 or {key}=1"
                )
        if "" in fields_["h"].split("/"):
            raise InvalidRecordError(
                f"deal: h={fields_['h']}: a hand is missing (hands are separated by '/', an"
                " empty hand is written '-')"
            )
        try:
            hands = tuple(
                tuple(parse_cards(h)) if h != "-" else () for h in fields_["h"].split("/")
            )
            stock = tuple(parse_cards(fields_["s"])) if fields_["s"] else ()
            trump_card = None if fields_["t"] == "-" else Card.parse(fields_["t"])
        except InvalidCardError as exc:
            raise InvalidRecordError(f"deal: {exc}") from None
        trumps = []
        for t in fields_["tr"].split(","):
            if t == "-":
                trumps.append(-1)
            else:  # as written (S C D H), in lower case, or as a symbol, as cards are read
                try:
                    trumps.append(int(Suit.parse(t)))
                except InvalidCardError:
                    raise InvalidRecordError(
                        f"deal: bad trump suit {t!r} (expected S C D H, ♠ ♣ ♦ ♥ or -)"
                    ) from None
        return cls(
            hands=hands,
            stock=stock,
            trump_card=trump_card,
            trumps=tuple(trumps),
            dealer=_int(fields_["d"], "deal d"),
            leader=_int(fields_["l"], "deal l"),
            trump_card_in_stock=fields_.get("ts", "1") != "0",
            no_transfer_first=fields_.get("nt", "0") == "1",
            extra=tuple(extra),
        )

    def __repr__(self) -> str:
        """The deal as the expression that reads it back (``Deal.from_text('...')``), on one
        line, as :class:`~durak_lessons.records.Record` shows itself, rather than every card
        as a ``Card.parse`` field."""
        return f"Deal.from_text({self.to_text()!r})"

    def __str__(self) -> str:
        """The hands, the trump and the stock's size, for reading (``repr`` reads back)."""
        hands = " | ".join(format_cards(h) for h in self.hands)
        return f"Deal(hands: {hands}; trump {self._trump_text()}; stock {len(self.stock)})"

    def _trump_text(self) -> str:
        """``10♥``; ``♥`` where no card is turned up; each seat's suit in свои козыри."""
        if self.trump_card is not None:
            return str(self.trump_card)
        suits = ["-" if t < 0 else str(Suit(t)) for t in self.trumps]
        if len(set(suits)) == 1:
            return "none" if suits[0] == "-" else f"{suits[0]} (no card turned up)"
        return "by seat " + " ".join(suits)


def _check_seat_args(players: int, **seats: object) -> None:
    """Refuse a seat argument (``leader=``, ``dealer=``, ``fool=``) that is not ``None`` nor
    a seat of a table of ``players``, naming the argument given."""
    for what, seat in seats.items():
        if seat is not None and (type(seat) is not int or not 0 <= seat < players):
            raise InvalidDealSeatError(
                f"{what} {seat!r}: expected a seat number, a whole number 0..{players - 1}"
            )


def _own_suit(letter: str, own_trumps: str) -> int:
    """One seat's suit of ``Deal.from_hands(own_trumps=...)``."""
    try:
        return int(Suit.parse(letter))
    except InvalidCardError as exc:
        raise InvalidRecordError(f"own_trumps {own_trumps!r}: {exc}") from None


def _order_faults(cards: Sequence[Card], pack: set[Card]) -> str:
    """What is wrong with a card order that is not the pack: the cards missing, given more
    than once and not of this pack, each list in card order (for the refusal)."""
    counts = Counter(cards)
    seen, twice = set(counts), {c for c, k in counts.items() if k > 1}
    parts = [
        f"{what}: {format_cards(sorted(group))}"
        for what, group in (
            ("missing", pack - seen),
            ("more than once", twice),
            ("not in this pack", seen - pack),
        )
        if group
    ]
    return " (" + "; ".join(parts) + ")"


def _cards(value: Any, where: str) -> tuple[Card, ...]:
    """``value`` as a tuple of cards: each a :class:`Card` or a card number 0..51."""
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise InvalidRecordError(
            f"{where}: expected a sequence of cards, got {value!r} (Deal.from_hands reads"
            " cards written out: '6S 7S')"
        )
    out = []
    for c in value:
        if type(c) is Card:
            out.append(c)
        elif type(c) is int and 0 <= c < 52:
            out.append(CARDS[c])
        else:
            raise InvalidRecordError(
                f"{where}: {c!r} is not a card (a Card, or a card number 0..51)"
            )
    return tuple(out)


def _list(data: dict[str, Any], key: str) -> list[Any]:
    value = data.get(key)
    if not isinstance(value, list):
        raise InvalidRecordError(f"deal.{key}: expected a list, got {value!r}")
    return value


def _hand(value: Any, i: int) -> list[Any]:
    """Hand ``i`` of a deal's JSON: a list of cards (``["6S", "7S"]``)."""
    if not isinstance(value, list):
        raise InvalidRecordError(
            f"deal.hands[{i}]: expected a list of cards like [\"6S\", \"7S\"], got {value!r}"
        )
    return value


def _card(value: Any, where: str) -> Card:
    if not isinstance(value, str):
        raise InvalidRecordError(f"{where}: expected a card like '7S', got {value!r}")
    try:
        return Card.parse(value)
    except InvalidCardError as exc:
        raise InvalidRecordError(f"{where}: {exc}") from None


def _bool(data: dict[str, Any], key: str, default: bool) -> bool:
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise InvalidRecordError(f"deal.{key}: expected true or false, got {value!r}")
    return value


def _int(value: Any, where: str) -> int:
    """A whole number: a JSON integer, or its digits in the text form (not 1.9, not True)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and re.fullmatch(r"\s*-?[0-9]+\s*", value):
        return int(value)
    raise InvalidRecordError(f"{where}: expected a whole number, got {value!r}")


def _pair(kv: Any) -> tuple[str, str]:
    """An ``extra`` entry: a key and its value, both strings."""
    if isinstance(kv, list) and len(kv) == 2 and all(isinstance(x, str) for x in kv):
        return kv[0], kv[1]
    raise InvalidRecordError(f"deal.extra: expected [key, value] strings, got {kv!r}")


_DEAL_KEYS = frozenset(
    {"hands", "stock", "trump_card", "trumps", "dealer", "leader", "trump_card_in_stock",
     "no_transfer_first", "extra"}
)


# ---- dealing ------------------------------------------------------------------------------------


def check_no_fool_beside(given: Deal | None, fool: int | None, shaped: str = "a shuffled deal"
                         ) -> None:
    """Refuse ``fool`` (the loser of the session's previous deal, who deals: R11) beside a
    deal ``given``: ``fool`` shapes a shuffled deal (``shaped``: what the caller calls it),
    and a given deal says itself who deals and leads (``Deal.from_hands(..., leader=,
    dealer=)``)."""
    if given is not None and fool is not None:
        raise InvalidRecordError(
            f"fool={fool!r} shapes {shaped} (who deals and leads), but a deal is given"
            " and says that itself: give one or the other (Deal.from_hands takes leader= and"
            " dealer=)"
        )


def deal(
    rules: Rules | Preset | str,
    players: int,
    seed: int | random.Random | None = None,
    *,
    fool: int | None = None,
) -> Deal:
    """Shuffle and deal.  ``fool``: the seat that lost the previous deal of the session (he
    deals, R11; after a draw pass the previous fool again, R10); ``None`` for a session's first
    deal."""
    rules = _rules(rules)
    order = deck(rules.deck_size)
    rng_of(seed).shuffle(order)
    return deal_from_order(rules, players, order, fool=fool)


def deal_from_order(
    rules: Rules | Preset | str,
    players: int,
    order: Sequence[int] | str,
    *,
    fool: int | None = None,
    dealer: int | None = None,
) -> Deal:
    """Deal a given card order (top card first): one card at a time from the dealer's left,
    then the next card is turned up as trump and put under the stock."""
    rules = _rules(rules)
    cards = parse_cards(order) if isinstance(order, str) else list(_cards(order, "order"))
    check_players(rules, players)
    _check_seat_args(players, fool=fool, dealer=dealer)
    expected = set(deck(rules.deck_size))
    if set(cards) != expected or len(cards) != len(expected):
        raise InvalidRecordError(
            f"a card order must hold each of the {len(expected)} cards of the pack exactly once"
            + _order_faults(cards, expected)
        )
    n = players
    if dealer is None:
        dealer = fool if fool is not None else n - 1  # D6: seat 0 gets the first card
    size = rules.hand_size
    hands: list[list[Card]] = [[] for _ in range(n)]
    if size * n > len(cards):
        # the whole pack is dealt (8.а/8.б, во все карты): one card at a time from the dealer's
        # left; the last card is shown and goes to the dealer (R11, D25)
        for i, card in enumerate(cards[:-1]):
            hands[(dealer + 1 + i) % n].append(card)
        hands[dealer].append(cards[-1])
        rest = []
    else:
        for seat, card in _dealing_order(rules, n, dealer, cards[: size * n]):
            hands[seat].append(card)
        rest = cards[size * n :]
    fixed = rules.trump_suit_fixed
    trump_card: Card | None
    placed: list[Card] = []
    if rules.beating == Beating.OWN_TRUMPS:
        # every player names his own trump after the deal (R16; durak_lessons.own_trumps);
        # where the pack is dealt out (all the cards, or hands that use it up exactly) its
        # last card, the dealer's, is shown (D25); a split pack shows none (D44)
        if rules.split_pack:
            hands, rest = split_hands(cards, n, dealer), []
        leader = _first_leader(rules, hands, -1, dealer, fool)[0]
        return Deal(
            hands=tuple(tuple(h) for h in hands),
            stock=tuple(rest),
            trump_card=None,
            trumps=(-1,) * n,
            dealer=dealer,
            leader=leader,
            trump_card_in_stock=False,
            extra=() if rest or rules.split_pack else (("shown", cards[-1].code),),
        )
    if fixed >= 0:
        trump_card, in_stock, stock, suit = None, False, rest, fixed
    elif rest:
        if rules.beating == Beating.CLOSED_SPADES and rules.spade_to_middle:
            rest, moved = _spade_to_middle(rest)
            placed = [c for c in moved if c != rest[0]]  # seen put back, and where (D26)
        trump_card, in_stock = rest[0], True
        stock = [*rest[1:], rest[0]]
        suit = int(trump_card.suit)
    else:  # the pack dealt out (6 x 6 cards): the dealer's last card is shown as trump (R11)
        trump_card, in_stock, stock = cards[-1], False, []
        suit = int(trump_card.suit)
    leader, no_transfer = _first_leader(rules, hands, suit, dealer, fool)
    return Deal(
        hands=tuple(tuple(h) for h in hands),
        stock=tuple(stock),
        trump_card=trump_card,
        trumps=(suit,) * n,
        dealer=dealer,
        leader=leader,
        trump_card_in_stock=in_stock,
        no_transfer_first=no_transfer,
        extra=tuple(("placed", c.code) for c in placed),
    )


def _dealing_order(
    rules: Rules, n: int, dealer: int, cards: Sequence[Card]
) -> Iterator[tuple[int, Card]]:
    """(seat, card) in dealing order: one card at a time from the dealer's left, or in packets
    (``deal_packets='3+2'``: three cards to each player in turn, then two each; R19)."""
    if not rules.deal_packets:
        for i, card in enumerate(cards):
            yield (dealer + 1 + i) % n, card
        return
    i = 0
    for packet in map(int, rules.deal_packets.split("+")):
        for k in range(n):
            for _ in range(packet):
                yield (dealer + 1 + k) % n, cards[i]
                i += 1


def _spade_to_middle(rest: list[Card]) -> tuple[list[Card], list[Card]]:
    """R15 option: a turned-up spade goes back into the middle of the stock and the next card
    is turned (D26: the middle = under half the remaining cards, rounded up; repeated while
    the turned card is a spade; if every card left is a spade the last one stays turned).
    Returns the cards in their new order and the spades that were put back."""
    rest = list(rest)
    moved: list[Card] = []
    for _ in range(len(rest)):
        if rest[0].suit != Suit.SPADES:
            break
        spade, below = rest[0], rest[1:]
        half = (len(below) + 1) // 2
        rest = [*below[:half], spade, *below[half:]]
        moved.append(spade)
        if all(c.suit == Suit.SPADES for c in rest):
            break
    return rest, moved


def split_hands(cards: Sequence[Card], players: int, dealer: int) -> list[list[Card]]:
    """The pack split rather than dealt (``Rules.split_pack``; R16, D44): with two players
    the one on the dealer's left takes every card of the colour of the top card, the other
    the rest; with four, the seats from the dealer's left take the suits in the order their
    first cards come.  Each hand keeps the pack's order."""
    first = [(dealer + 1 + k) % players for k in range(players)]
    if players == 2:
        red = cards[0].suit.is_red
        hands: list[list[Card]] = [[], []]
        for c in cards:
            hands[first[0] if c.suit.is_red == red else first[1]].append(c)
        return hands
    suits = list(dict.fromkeys(c.suit for c in cards))
    by_suit = {suit: first[k] for k, suit in enumerate(suits)}
    hands = [[] for _ in range(players)]
    for c in cards:
        hands[by_suit[c.suit]].append(c)
    return hands


def split_fault(rules: Rules, hands: Sequence[Sequence[Card]]) -> str | None:
    """Why ``hands`` are not a split pack (R16, D44), or None: with two players each holds
    every card of one colour, with four every card of one suit."""
    per_suit = rules.deck_size // 4
    want = 2 if len(hands) == 2 else 1  # suits a hand: a colour's two, or one
    for seat, hand in enumerate(hands):
        suits = {c.suit for c in hand}
        colours = {s.is_red for s in suits}
        if len(colours) > 1 or len(suits) != want or len(hand) != want * per_suit:
            what = "every card of one colour" if want == 2 else "every card of one suit"
            return (
                f"with the pack split (split_pack, R16; D44) each of {len(hands)} players holds"
                f" {what}: seat {seat} holds {' '.join(str(c) for c in hand) or 'nothing'}"
            )
    return None


def check_players(rules: Rules, players: int) -> None:
    """Refuse a number of players that ``rules`` is not played by (and, for team play, an odd
    one): raises :class:`~durak_lessons.errors.InvalidRulesError`."""
    from .errors import InvalidRulesError

    if type(players) is not int:
        raise InvalidRulesError(f"players: expected a whole number of players, not {players!r}")
    if not rules.min_players <= players <= rules.max_players:
        raise InvalidRulesError(
            f"{rules.name} is played by {_counts(rules)} players, not {players}"
        )
    if rules.teams and players % 2:
        raise InvalidRulesError(f"team play needs an even number of players, not {players} (R9)")
    if rules.beating == Beating.OWN_TRUMPS and players not in (2, 4):
        raise InvalidRulesError(
            f"own trumps are dealt out between 2 players (a colour each) or 4 (a suit each),"
            f" not {players} (R16)"
        )


def _counts(rules: Rules) -> str:
    """The numbers of players ``rules`` allow, in words: "4", "2 or 4", "4 or 6", "2 to 6"."""
    n = [
        p
        for p in range(rules.min_players, rules.max_players + 1)
        if not (rules.teams and p % 2)
        and not (rules.beating == Beating.OWN_TRUMPS and p not in (2, 4))
    ]
    if len(n) > 2 and n == list(range(n[0], n[-1] + 1)):
        return f"{n[0]} to {n[-1]}"
    return " or ".join(map(str, n)) if len(n) <= 2 else ", ".join(map(str, n))


def check_cards(rules: Rules, deal_: Deal) -> None:
    """Refuse a deal holding a card that the pack of ``rules`` has not (a 2♠ in a game of
    36 cards): raises :class:`~durak_lessons.errors.InvalidRecordError`."""
    pack = set(deck(rules.deck_size))
    stray = [c for c in deal_.cards() if c not in pack]
    if stray:
        raise InvalidRecordError(
            f"{format_cards(stray)} not in the pack of {rules.deck_size} cards that"
            f" {rules.name} is played with"
        )
    _check_trumps(rules, deal_)


def _check_trumps(rules: Rules, deal_: Deal) -> None:
    """Refuse trumps that no deal of ``rules`` gives: one suit for every seat (R11), that of
    the turned-up card or the game's fixed suit (R15), and a turned-up card said to be out
    of the stock that still lies in it.  Own trumps are checked when play starts (R16)."""
    if rules.beating == Beating.OWN_TRUMPS:
        return
    trumps = set(deal_.trumps)
    named = " ".join("-" if t < 0 else Suit(t).symbol for t in deal_.trumps)
    if len(trumps) != 1 or -1 in trumps:
        raise InvalidRecordError(
            f"trumps {named}: {rules.name} has one trump suit for every seat (R11)"
        )
    (trump,) = trumps
    fixed = rules.trump_suit_fixed
    card = deal_.trump_card
    if fixed >= 0 and trump != fixed:
        raise InvalidRecordError(
            f"trumps {named}: {rules.name} is played with {Suit(fixed).symbol} trumps (R15)"
        )
    if fixed < 0 and card is not None and card.suit != trump:
        raise InvalidRecordError(
            f"trumps {named}: the turned-up {card} makes {card.suit.symbol} trumps (R11)"
        )
    if card is not None and not deal_.trump_card_in_stock and card in deal_.stock:
        raise InvalidRecordError(
            f"the turned-up {card} is said to have left the stock (ts=0) but is in it"
        )


def _first_leader(
    rules: Rules, hands: list[list[Card]], trump: int, dealer: int, fool: int | None
) -> tuple[int, bool]:
    """R11: the lowest trump leads the first deal; later, the player after the fool (dealer)."""
    n = len(hands)
    if fool is not None:
        if rules.under_fool:
            return (fool - 1) % n, rules.transfers  # the first lead is made against the fool
        return (dealer + 1) % n, False
    if rules.first_leader == FirstLeader.LOWEST_TRUMP:
        best: tuple[int, int] | None = None
        for seat, hand in enumerate(hands):
            for c in hand:
                if c.suit == trump and (best is None or c.rank < best[0]):
                    best = (c.rank, seat)
        if best is not None:
            return best[1], False
    return (dealer + 1) % n, False  # D5
