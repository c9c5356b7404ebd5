"""Cards, suits, ranks, notation and card sets.

A card is a small int (``suit * 13 + rank - 2``) wrapped in :class:`Card`, an ``int``
subclass, so card sets are plain ``int`` bitmasks and "which of my cards beat this one" is a
single AND with a precomputed mask.  Notation in and out::

    >>> Card.parse("7♠"), Card.parse("10H"), Card.parse("TH"), Card.parse("Т♠")
    (Card.parse('7♠'), Card.parse('10♥'), Card.parse('10♥'), Card.parse('A♠'))
    >>> str(Card.parse("qd"))
    'Q♦'

Russian ranks are accepted on input: В (валет, jack), Д (дама, queen), К (король, king) and
Т (туз, ace); a Latin ``T`` means ten, as in most card notations.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from enum import IntEnum
from typing import Final

from .errors import DurakError

__all__ = [
    "CARDS",
    "Card",
    "CardSet",
    "InvalidCardError",
    "Rank",
    "Suit",
    "card_cost",
    "card_mask",
    "cards_of",
    "deck",
    "format_cards",
    "mask_of",
    "parse_cards",
    "popcount",
]


class InvalidCardError(DurakError, ValueError):
    """A card or a list of cards could not be read (a syntax error, not a rules error)."""


class Suit(IntEnum):
    """The four suits, in the order used for sorting and for the card numbering."""

    SPADES = 0
    CLUBS = 1
    DIAMONDS = 2
    HEARTS = 3

    @property
    def symbol(self) -> str:
        """The suit's symbol: ♠ ♣ ♦ ♥."""
        return "♠♣♦♥"[self]

    @property
    def letter(self) -> str:
        """The suit's letter in the notation: S C D H."""
        return "SCDH"[self]

    @property
    def russian(self) -> str:
        """Russian name: пики, трефы (крести), бубны, черви."""
        return ("пики", "трефы", "бубны", "черви")[self]

    @property
    def english(self) -> str:
        """English name: spades, clubs, diamonds, hearts."""
        return ("spades", "clubs", "diamonds", "hearts")[self]

    @property
    def is_red(self) -> bool:
        """Diamonds and hearts are red."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit from a symbol (``♠``), a letter (``S``) or an English name."""
        if not isinstance(text, str):
            raise InvalidCardError(f"a suit is read from text, not from {text!r}")
        key = _plain(text).strip().lower()
        if key in _SUIT_NAMES:
            return _SUIT_NAMES[key]
        raise InvalidCardError(
            f"unknown suit {text!r}: expected one of ♠ ♣ ♦ ♥, S C D H, п т/к б ч or a name"
            " (spades, пики, крести, ...)"
        )

    def __str__(self) -> str:
        return self.symbol


_SUIT_NAMES: Final[dict[str, Suit]] = {}
for _s in Suit:
    for _k in (_s.symbol, _s.letter.lower(), _s.english, _s.english[:-1], _s.russian):
        _SUIT_NAMES[_k] = _s
_SUIT_NAMES.update({"♤": Suit.SPADES, "♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS})
# the other Russian names: крести for трефы, the singular and the suit's adjective
_SUIT_NAMES.update(
    {"крести": Suit.CLUBS, "трефа": Suit.CLUBS, "пика": Suit.SPADES, "бубна": Suit.DIAMONDS,
     "черва": Suit.HEARTS, "пиковый": Suit.SPADES, "трефовый": Suit.CLUBS,
     "крестовый": Suit.CLUBS, "бубновый": Suit.DIAMONDS, "червовый": Suit.HEARTS}
)
# the Russian suit letters, as Russian card notation writes them after the rank: Дч, 10п, Тк
_SUIT_NAMES.update(
    {"п": Suit.SPADES, "т": Suit.CLUBS, "к": Suit.CLUBS, "б": Suit.DIAMONDS, "ч": Suit.HEARTS}
)


def _plain(text: str) -> str:
    """``text`` without the variation selectors that make a suit symbol an emoji (``♠️``, as
    phone keyboards type it) or plain text."""
    return text.replace("\ufe0f", "").replace("\ufe0e", "")


class Rank(IntEnum):
    """Ranks 2..14; the Russian 36-card pack uses SIX..ACE (6 7 8 9 10 В Д К Т)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def label(self) -> str:
        """English label: 2..10, J, Q, K, A."""
        return _RANK_LABELS[self]

    @property
    def russian(self) -> str:
        """Russian label: 2..10, В, Д, К, Т."""
        return _RANK_RUSSIAN[self]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """The rank written as ``text``: ``'6'`` .. ``'10'``, ``'T'`` (ten), ``'J'``, ``'Q'``,
        ``'K'``, ``'A'``, or the Russian В, Д, К, Т (Т is the ace); :class:`InvalidCardError`
        otherwise."""
        if not isinstance(text, str):
            raise InvalidCardError(f"a rank is read from text, not from {text!r}")
        key = text.strip()
        if key in _RANK_NAMES:
            return _RANK_NAMES[key]
        if key.upper() in _RANK_NAMES:
            return _RANK_NAMES[key.upper()]
        raise InvalidCardError(
            f"unknown rank {text!r}: expected 2-10, J Q K A (T or 10 for ten), or В Д К Т"
        )

    def __str__(self) -> str:
        return self.label


_RANK_LABELS: Final = {r: str(int(r)) for r in Rank} | {
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
}
_RANK_RUSSIAN: Final = {r: str(int(r)) for r in Rank} | {
    Rank.JACK: "В",
    Rank.QUEEN: "Д",
    Rank.KING: "К",
    Rank.ACE: "Т",
}
_RANK_NAMES: Final[dict[str, Rank]] = {}
for _r in Rank:
    _RANK_NAMES[_RANK_LABELS[_r]] = _r
    _RANK_NAMES[_RANK_RUSSIAN[_r]] = _r
_RANK_NAMES["T"] = Rank.TEN  # Latin T is ten; Cyrillic Т is the ace (туз)
_RANK_NAMES["В".lower()] = Rank.JACK
_RANK_NAMES["Д".lower()] = Rank.QUEEN
_RANK_NAMES["К".lower()] = Rank.KING
_RANK_NAMES["Т".lower()] = Rank.ACE

_CARD_RE: Final = re.compile(r"^\s*(10|[2-9]|[TJQKAtjqkaВДКТвдкт])\s*(.+?)\s*$")


class Card(int):
    """One card, an ``int`` from 0 to 51 (``suit * 13 + rank - 2``).

    Build cards with :meth:`parse`, :meth:`of` or :data:`CARDS`; all 52 are interned, so
    ``Card.parse('7S') is Card.parse('7♠')``.
    """

    __slots__ = ()

    def __new__(cls, value: int) -> Card:
        if not isinstance(value, int) or isinstance(value, bool):
            raise InvalidCardError(
                f"a card number is a whole number 0..51, not {value!r} (Card.parse reads text"
                " like '7♠')"
            )
        if not 0 <= value < 52:
            raise InvalidCardError(f"card number {value} out of range 0..51")
        return CARDS[value] if len(CARDS) == 52 else super().__new__(cls, value)

    @classmethod
    def of(cls, rank: int, suit: int) -> Card:
        """The card of ``rank`` (2..14, or a :class:`Rank`) and ``suit`` (0..3, or a
        :class:`Suit`); text is read by :meth:`parse`, not here."""
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in (rank, suit)):
            raise InvalidCardError(
                f"Card.of(rank, suit) takes numbers (rank 2..14, suit 0..3), not {rank!r},"
                f" {suit!r}; Card.parse reads text like 'AH'"
            )
        if not 2 <= rank <= 14 or not 0 <= suit <= 3:
            raise InvalidCardError(f"no card of rank {rank} and suit {suit}")
        return CARDS[suit * 13 + rank - 2]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``7♠``, ``7S``, ``10H``, ``TH``, ``Qd``, ``Т♠``-style text (rank then suit)."""
        if not isinstance(text, str):
            raise InvalidCardError(
                f"a card is read from text like '7♠' or '10H', not from {text!r}"
            )
        match = _CARD_RE.match(_plain(text))
        if match is None:
            raise InvalidCardError(
                f"cannot read a card from {text!r}: expected a rank (6-10, J Q K A or "
                "В Д К Т) followed by a suit (♠ ♣ ♦ ♥, S C D H or п т/к б ч), like 7♠, 10H or Дч"
            )
        rank_text, suit_text = match.groups()
        try:
            rank = Rank.parse(rank_text)
            suit = Suit.parse(suit_text)
        except InvalidCardError as exc:
            raise InvalidCardError(f"cannot read a card from {text!r}: {exc}") from None
        return CARDS[suit * 13 + rank - 2]

    @property
    def rank(self) -> Rank:
        """The card's :class:`Rank` (``Rank.TWO`` .. ``Rank.ACE``, 2 to 14)."""
        return _RANK_OF[self]

    @property
    def suit(self) -> Suit:
        """The card's :class:`Suit`."""
        return _SUIT_OF[self]

    @property
    def bit(self) -> int:
        """The card's bit in a card-set bitmask (``1 << card``)."""
        return 1 << self

    @property
    def code(self) -> str:
        """ASCII code with ``T`` for ten: ``7S``, ``TH``, ``AD`` (used by records)."""
        return _CODES[self]

    def label(self, *, russian: bool = False, ascii_only: bool = False) -> str:
        """Rank and suit as text: ``10♥``, ``Т♥`` (Russian ranks) or ``10H`` (ASCII)."""
        rank = self.rank.russian if russian else self.rank.label
        return rank + (self.suit.letter if ascii_only else self.suit.symbol)

    @property
    def words(self) -> str:
        """The card in words, for accessible labels: 'seven of spades'."""
        return f"{_RANK_WORDS[self.rank]} of {self.suit.english}"

    def __str__(self) -> str:
        return _STRS[self]

    def __repr__(self) -> str:
        return f"Card.parse({_STRS[self]!r})"

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))


_RANK_WORDS: Final = {
    Rank.TWO: "two",
    Rank.THREE: "three",
    Rank.FOUR: "four",
    Rank.FIVE: "five",
    Rank.SIX: "six",
    Rank.SEVEN: "seven",
    Rank.EIGHT: "eight",
    Rank.NINE: "nine",
    Rank.TEN: "ten",
    Rank.JACK: "jack",
    Rank.QUEEN: "queen",
    Rank.KING: "king",
    Rank.ACE: "ace",
}

CARDS: list[Card] = []
CARDS.extend(int.__new__(Card, i) for i in range(52))
_RANK_OF: Final = [Rank(i % 13 + 2) for i in range(52)]
_SUIT_OF: Final = [Suit(i // 13) for i in range(52)]
_STRS: Final = [_RANK_OF[i].label + _SUIT_OF[i].symbol for i in range(52)]
_CODES: Final = [
    ("T" if _RANK_OF[i] == Rank.TEN else _RANK_OF[i].label) + _SUIT_OF[i].letter for i in range(52)
]

#: rank number (2..14) of each card number, as plain ints (hot paths)
RANK_OF: Final[list[int]] = [i % 13 + 2 for i in range(52)]
#: suit number of each card number
SUIT_OF: Final[list[int]] = [i // 13 for i in range(52)]
#: mask of the four cards of each rank (index = rank 2..14)
RANK_MASK: Final[list[int]] = [0, 0] + [
    sum(1 << (s * 13 + r - 2) for s in range(4)) for r in range(2, 15)
]
#: mask of every card of each suit
SUIT_MASK: Final[list[int]] = [((1 << 13) - 1) << (13 * s) for s in range(4)]
#: mask of the cards of the same suit and higher rank than each card
HIGHER_IN_SUIT: Final[list[int]] = [SUIT_MASK[i // 13] & ~((1 << (i + 1)) - 1) for i in range(52)]


def deck(size: int = 36) -> list[Card]:
    """The cards of a 24-, 32-, 36- or 52-card pack, in card-number order."""
    lowest = {24: 9, 32: 7, 36: 6, 52: 2}.get(size)
    if lowest is None:
        raise InvalidCardError(f"no {size}-card pack: expected 24, 32, 36 or 52")
    return [c for c in CARDS if c.rank >= lowest]


def card_cost(card: int, trump: int) -> int:
    """How dear a card is to give away: every trump (of suit number ``trump``; ``-1``: none)
    above every plain card, then by rank.  The measure of "the cheapest card" of the greedy
    bots' rollouts and of the search bot's opponent model.

    >>> card_cost(Card.parse("AS"), 2), card_cost(Card.parse("6D"), 2)
    (14, 26)
    """
    return (20 if SUIT_OF[card] == trump else 0) + RANK_OF[card]


def card_mask(cards: Iterable[int]) -> int:
    """The bitmask of some cards."""
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


mask_of = card_mask


def cards_of(mask: int) -> list[Card]:
    """The cards of a bitmask, lowest card number first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(CARDS[low.bit_length() - 1])
        mask ^= low
    return out


def popcount(mask: int) -> int:
    return mask.bit_count()


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Read several cards: ``"7♠ 10H TD"``, ``"7S,10H"``, ``"Дч 10п"`` (Russian ranks and suit
    letters) or a list of strings.

    Compact runs without separators (``"7S10HTD"``, ``"ДчТк"``) are also read.
    """
    if not isinstance(text, str):
        if not isinstance(text, Iterable) or isinstance(text, bytes):
            raise InvalidCardError(
                f"cards are read from text like '7♠ 10H' or a list of such strings, not from"
                f" {text!r}"
            )
        return [Card.parse(t) for t in text]
    parts = [p for p in re.split(r"[\s,;]+", _plain(text).strip()) if p]
    out: list[Card] = []
    for part in parts:
        pieces = re.findall(r"(10|[2-9TJQKAtjqkaВДКТвдкт])([♠♣♦♥♤♧♢♡SCDHscdhПТКБЧпткбч])", part)
        if pieces and "".join(a + b for a, b in pieces) == part:
            out.extend(Card.parse(a + b) for a, b in pieces)
        else:
            out.append(Card.parse(part))
    return out


def format_cards(cards: Iterable[int], *, sep: str = " ") -> str:
    return sep.join(_STRS[c] for c in cards)


class CardSet:
    """An immutable set of cards backed by a bitmask (iteration in card-number order).

    >>> hand = CardSet.parse("6♠ 10♥ A♦")
    >>> Card.parse("10H") in hand, "AD" in hand, len(hand), str(hand)
    (True, True, 3, '6♠ A♦ 10♥')
    """

    __slots__ = ("mask",)
    mask: int

    def __init__(self, cards: Iterable[int] | int = 0) -> None:
        if not isinstance(cards, int | Iterable):
            raise InvalidCardError(
                f"CardSet({cards!r}): CardSet() takes cards or a bitmask; CardSet.parse reads"
                " cards written out"
            )
        if isinstance(cards, str):
            raise InvalidCardError(
                f"CardSet({cards!r}): CardSet.parse reads cards written out; CardSet() takes"
                " cards or a bitmask"
            )
        if isinstance(cards, int) and not isinstance(cards, Card):
            if type(cards) is bool or not 0 <= cards < 1 << 52:
                raise InvalidCardError(
                    f"CardSet({cards!r}): a bitmask of cards is a whole number 0 <= mask <"
                    " 2**52 (bit n for the card numbered n)"
                )
            mask = int(cards)
        else:
            items = [cards] if isinstance(cards, Card) else list(cards)
            for c in items:
                if not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < 52:
                    raise InvalidCardError(
                        f"CardSet: {c!r} is not a card (a Card, or a card number 0..51)"
                    )
            mask = card_mask(items)
        object.__setattr__(self, "mask", mask)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """The cards written in ``text``, as :func:`parse_cards` reads them (``'6♠ 10♥ AD'``).
        A card written twice is refused (a slip, as a pack holds each card once), where
        ``CardSet(cards)`` of values, like ``set()``, keeps one of each."""
        cards = parse_cards(text)
        if len(set(cards)) != len(cards):
            twice = next(c for i, c in enumerate(cards) if c in cards[:i])
            raise InvalidCardError(
                f"{twice} is written twice in {text!r}: a set of cards holds each card once"
            )
        return cls(cards)

    def __contains__(self, card: object) -> bool:
        """Whether the set holds ``card``: a :class:`Card`, a card number, or a card written
        out (``"6S" in hand`` reads it as :meth:`Card.parse` does; text that is no card raises
        :class:`InvalidCardError`, as ``"L6S" in legal_actions()`` reads the notation)."""
        if isinstance(card, str):
            card = Card.parse(card)
        return isinstance(card, int) and 0 <= card < 52 and bool(self.mask >> card & 1)

    def __iter__(self) -> Iterator[Card]:
        return iter(cards_of(self.mask))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(self.mask)

    def __or__(self, other: CardSet) -> CardSet:
        if not isinstance(other, CardSet):
            return NotImplemented
        return CardSet(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        if not isinstance(other, CardSet):
            return NotImplemented
        return CardSet(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        if not isinstance(other, CardSet):
            return NotImplemented
        return CardSet(self.mask & ~other.mask)

    def __str__(self) -> str:
        return format_cards(self)

    def __repr__(self) -> str:
        return f"CardSet.parse({format_cards(self)!r})"
