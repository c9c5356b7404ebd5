"""The rules value of Очко (Rozaliev 11.а, reading R20) and the card values.

Every field of :class:`OchkoRules` cites where it comes from: ``Rozaliev 11.а`` for the
source, ``R20`` for the project's reading of it, and ``O1``... for the readings this engine
had to choose where both are silent (listed in :data:`OCHKO_READINGS`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass
from enum import Enum
from typing import Any, Final

from durak_lessons.cards import CARDS, RANK_OF, Card, InvalidCardError, deck, parse_cards
from durak_lessons.errors import InvalidRulesError

__all__ = [
    "ACE_RANK",
    "COURT_RANKS",
    "OCHKO_READINGS",
    "PACK",
    "POINTS",
    "BankPassing",
    "OchkoRules",
    "is_bust",
    "points",
    "special",
]

#: the 36-card pack of Rozaliev 11.а, in card-number order
PACK: Final[tuple[Card, ...]] = tuple(deck(36))
_IN_PACK: Final = frozenset(PACK)

#: points of each card number (Rozaliev 11.а: A 11, K 4, Q 3, J 2, 10-6 at face)
POINTS: Final[tuple[int, ...]] = tuple(
    {11: 2, 12: 3, 13: 4, 14: 11}.get(RANK_OF[i], RANK_OF[i]) for i in range(52)
)
ACE_RANK: Final = 14
#: «картинки»: jack, queen, king (Rozaliev 11.а, "пять картинок")
COURT_RANKS: Final = frozenset({11, 12, 13})


def _hand(cards: str | Iterable[int]) -> list[int]:
    """``cards`` as a list: text read as cards (``"AS KH"``), or Card values and card numbers
    0..51; anything else an InvalidCardError (a -1 is not read as the last card), as is a
    card of no 36-card pack (a 2 to 5) or a card named twice: no hand of Очко holds one."""
    if isinstance(cards, str):
        hand: list[int] = list(parse_cards(cards))
    elif not isinstance(cards, Iterable):
        raise InvalidCardError(f"expected cards ('AS KH', or Card values), not {cards!r}")
    else:
        hand = list(cards)
    seen: set[int] = set()
    for c in hand:
        if type(c) is not Card and (type(c) is not int or not 0 <= c < 52):
            raise InvalidCardError(f"{c!r} is not a card (a Card, or a card number 0..51)")
        if c not in _IN_PACK:
            raise InvalidCardError(
                f"{CARDS[c]} is not in the 36-card pack Очко is played with (6 to ace)"
            )
        if c in seen:
            raise InvalidCardError(f"{CARDS[c]} is named twice: the pack holds one of each card")
        seen.add(c)
    return hand


def points(cards: str | Iterable[int]) -> int:
    """Total points of some cards (Card values, card numbers or text: ``points("AS KH")``)."""
    return sum(POINTS[c] for c in _hand(cards))


def special(cards: str | Iterable[int]) -> str | None:
    """Which instant-win hand these cards are, if any (Rozaliev 11.а, R20).

    ``"21"`` (очко), ``"two aces"`` (exactly two cards, both aces) or ``"five courts"``
    (exactly five cards, all jacks, queens or kings); ``None`` otherwise.
    """
    hand = _hand(cards)
    ranks = [RANK_OF[c] for c in hand]
    if len(hand) == 2 and ranks.count(ACE_RANK) == 2:
        return "two aces"
    if len(hand) == 5 and all(r in COURT_RANKS for r in ranks):
        return "five courts"
    if points(hand) == 21:
        return "21"
    return None


def is_bust(cards: str | Iterable[int]) -> bool:
    """Over 21 and not an instant-win hand ("перебор")."""
    hand = _hand(cards)
    return points(hand) > 21 and special(hand) is None


class BankPassing(Enum):
    """When the bank passes to the banker's left neighbour (R20: configurable)."""

    #: only when the bank is broken (nothing left in it) - R20 default
    BROKEN = "broken"
    #: after ``bank_rounds`` rounds, or sooner when broken - O8
    ROUNDS = "rounds"


_TEXT_KEYS: Final = (
    "bank",
    "min_stake",
    "max_stake",
    "dark_buying",
    "double_bust_to_banker",
    "bank_passes",
    "bank_rounds",
)


@dataclass(frozen=True, slots=True)
class OchkoRules:
    """The agreed terms of an Очко session; every field is a rule option with its source.

    >>> OchkoRules()
    OchkoRules(bank=100, min_stake=1, max_stake=None, dark_buying=True, \
double_bust_to_banker=False, bank_passes=<BankPassing.BROKEN: 'broken'>, bank_rounds=3)
    >>> OchkoRules.parse(str(OchkoRules(max_stake=20))) == OchkoRules(max_stake=20)
    True
    """

    #: Rozaliev 11.а: the banker puts up the bank before he deals; this is how much a new
    #: banker puts up (all his money when he has less; O7)
    bank: int = 100
    #: Rozaliev 11.а: a stake is no less than a sum agreed beforehand: the agreed minimum
    min_stake: int = 1
    #: R20 (a minimum and a maximum stake): the agreed maximum stake; none (the default)
    #: means only the bank limits a stake, which may not exceed what is in it (Rozaliev 11.а)
    max_stake: int | None = None
    #: R20 option: buying a card «в тёмную» (face down) is allowed; some companies do not
    #: allow it (Rozaliev 11.а), which is this option off
    dark_buying: bool = True
    #: R20 option: when the banker and a punter who bought dark both bust, the banker wins,
    #: as in some companies (Rozaliev 11.а); default: the dark punter wins
    double_bust_to_banker: bool = False
    #: R20: the bank passes to the left when it is broken (or after a number of rounds,
    #: the other choice of this option)
    bank_passes: BankPassing = BankPassing.BROKEN
    #: O8: when the bank passes after a number of rounds, how many rounds one banker holds it
    bank_rounds: int = 3

    def __post_init__(self) -> None:
        for name in ("bank", "min_stake", "bank_rounds"):
            value = getattr(self, name)
            if type(value) is not int or value < 1:
                raise InvalidRulesError(f"{name} must be a positive int, not {value!r}")
        if self.max_stake is not None and (
            type(self.max_stake) is not int or self.max_stake < self.min_stake
        ):
            raise InvalidRulesError(
                f"max_stake must be None or an int >= min_stake, not {self.max_stake!r}"
            )
        for name in ("dark_buying", "double_bust_to_banker"):
            if type(getattr(self, name)) is not bool:
                raise InvalidRulesError(f"{name} must be a bool")
        if not isinstance(self.bank_passes, BankPassing):
            raise InvalidRulesError(f"bank_passes must be a BankPassing, not {self.bank_passes!r}")

    def to_dict(self) -> dict[str, object]:
        """Plain JSON-ready values."""
        out = asdict(self)
        out["bank_passes"] = self.bank_passes.value
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> OchkoRules:
        """The inverse of :meth:`to_dict`; unknown keys or bad values raise InvalidRulesError."""
        if not isinstance(data, Mapping):
            raise InvalidRulesError(f"rules must be an object, not {data!r}")
        unknown = sorted(set(data) - set(_TEXT_KEYS))
        if unknown:
            raise InvalidRulesError(f"unknown rules key {unknown[0]!r}")
        values: dict[str, Any] = dict(data)  # checked by __post_init__
        if "bank_passes" in values:
            try:
                values["bank_passes"] = BankPassing(values["bank_passes"])
            except ValueError:
                raise InvalidRulesError(
                    f"bank_passes must be 'broken' or 'rounds', not {values['bank_passes']!r}"
                ) from None
        try:
            return cls(**values)
        except TypeError as exc:
            raise InvalidRulesError(str(exc)) from None

    def __str__(self) -> str:
        parts = []
        for key in _TEXT_KEYS:
            value = getattr(self, key)
            if isinstance(value, BankPassing):
                text = value.value
            elif isinstance(value, bool):
                text = "yes" if value else "no"
            elif value is None:
                text = "-"
            else:
                text = str(value)
            parts.append(f"{key}={text}")
        return ",".join(parts)

    @classmethod
    def parse(cls, text: str) -> OchkoRules:
        """Read the ``key=value,...`` text of :meth:`__str__` (missing keys: defaults)."""
        if not isinstance(text, str):
            raise InvalidRulesError(f"rules are read from text such as 'bank=50', not {text!r}")
        values: dict[str, object] = {}
        for part in filter(None, (p.strip() for p in text.split(","))):
            key, sep, raw = part.partition("=")
            key = key.strip()
            raw = raw.strip()
            if not sep or key not in _TEXT_KEYS:
                raise InvalidRulesError(f"cannot read rules element {part!r}")
            if key in values:  # as the Durak side's rules strings: not the last one silently
                raise InvalidRulesError(f"rules element {key} given twice in {text!r}")
            if key in ("dark_buying", "double_bust_to_banker"):
                if raw not in ("yes", "no"):
                    raise InvalidRulesError(f"{key} must be yes or no, not {raw!r}")
                values[key] = raw == "yes"
            elif key == "bank_passes":
                values[key] = raw
            elif key == "max_stake" and raw == "-":
                values[key] = None
            else:
                try:
                    values[key] = int(raw)
                except ValueError:
                    raise InvalidRulesError(f"{key} must be an integer, not {raw!r}") from None
        return cls.from_dict(values)


#: Readings this engine chose where R20 and Rozaliev 11.а are silent (cited as O1...).
OCHKO_READINGS: dict[str, str] = {
    "O1": (
        "a hand holding a dark card is settled only at the showdown, after the banker has "
        "drawn (its owner cannot know it hit 21 or busted), unless the cards its owner sees "
        "(his dealt card and his face-up buys) are already over 21: that bust he knows of, "
        "and it loses at once, its dark cards staying face down until the round is over; "
        "face-up and dark buys may be mixed."
    ),
    "O2": (
        "views: a seat sees its own dealt card, every card bought face up, the banker's "
        "draws, the card turned under the pack, and the whole hand of a punter already "
        "settled but for its dark cards; a dark card is seen by nobody, its owner "
        "included, until the banker has finished; after the round every hand is shown."
    ),
    "O3": (
        "\"what is left in the bank\" is the bank less the stakes of punters still waiting "
        "for the banker; an instant win or loss is paid at once, so it changes what later "
        "punters may stake."
    ),
    "O4": (
        "a stake never exceeds the punter's own money; «на банк» (all that is left) is "
        "allowed even below the minimum stake but not above ``max_stake``; a punter who can "
        "make no legal stake sits the round out. Nobody may sit out voluntarily."
    ),
    "O5": (
        "the banker's 21, two aces or five courts beats every waiting punter, dark ones too."
    ),
    "O6": (
        "a dark punter's 21, two aces or five courts (seen at the showdown) beats a banker "
        "who stood or busted."
    ),
    "O7": (
        "a new banker puts up ``bank`` or all his money if less; a seat with less than the "
        "minimum stake is passed over; the session is over when no seat can hold a bank or no "
        "punter can stake against it."
    ),
    "O8": (
        "``BankPassing.ROUNDS``: the bank also passes after ``bank_rounds`` rounds."
    ),
    "O9": (
        "``order[0]`` of a deal is turned under; the banker deals one card each from his "
        "left, himself last; bought cards come off the top; when only the turned card is left "
        "nobody can buy or draw (the banker must stand)."
    ),
    "O10": (
        "\"two aces\" and \"five courts\" mean exactly two and exactly five cards."
    ),
    "O11": (
        "when no punter waits for him, the banker does not draw."
    ),
    "O12": (
        "a punter may stand on his dealt card alone: the source lets him stop buying "
        "whenever he holds less than 21 and names no least number of cards to buy."
    ),
}
