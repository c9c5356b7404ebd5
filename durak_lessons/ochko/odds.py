"""Exact odds of Очко by enumeration over the unseen cards (no Monte Carlo).

Everything is computed from what one seat can see (an :class:`OchkoView`): the unseen
cards are the 36-card pack minus every card that seat sees (the card turned under the pack
included).  The model, stated once:

* every unseen card is equally likely to be the next one off the pack, and the cards the
  banker will draw are a uniformly random sequence of the unseen cards that remain after
  yours.  This is exact by exchangeability: the hidden cards of the other players are just
  unseen cards, and their buying does not change the order of the pack.  What the rules
  reveal is used: a punter standing with his dealt card hidden and cards bought face up
  holds no 21 and no bust (he would have been settled at once), so his dealt card is
  weighed over the ranks that allow that (:func:`odds`, :func:`banker_odds`).  Nothing is
  inferred from other players' choices (a punter who stood "probably" holds a high card);
* the banker follows the rule: at 15 or less he draws, at 17 or more he stands, and on
  exactly 16 he does what ``banker_16`` says (:class:`Banker16`, a parameter of every
  function; default ``STAND``).  He stops at once on 21, two aces or five courts (an
  instant win against every waiting punter, O5) or when he busts;
* "drawing" means buying face up and then continuing optimally (stand or buy face up again,
  whichever has the higher expected value, knowing each card as it comes).  "Dark" means
  buying exactly one card «в тёмную» and then standing.

Arithmetic is exact: with ``N`` unseen cards, every sequence of draws is weighed in
integers over ``N!`` (a path that draws ``k`` cards weighs the product of the counts it
drew times ``(N - k)!``), so results are :class:`fractions.Fraction` values, with a
float convenience.  Results are memoised on the multiset of unseen cards (counts per rank).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from math import factorial
from typing import Final, cast

from durak_lessons.cards import RANK_OF, Card, InvalidCardError, Rank

from .engine import OchkoView, Phase, Status, check_view
from .rules import PACK, _hand

__all__ = [
    "Banker16",
    "Counts",
    "Odds",
    "banker_distribution",
    "banker_odds",
    "clear_cache",
    "counts_of",
    "hand_odds",
    "odds",
    "unseen_counts",
]

#: the nine ranks of the pack, in the order of a :data:`Counts` tuple
RANKS: Final = (6, 7, 8, 9, 10, 11, 12, 13, 14)
_VALUE: Final = (6, 7, 8, 9, 10, 2, 3, 4, 11)
_COURT: Final = (0, 0, 0, 0, 0, 1, 1, 1, 0)
_ACE: Final = 8
_INDEX: Final = {r: i for i, r in enumerate(RANKS)}

#: how many unseen cards of each rank, ranks 6 7 8 9 10 J Q K A
Counts = tuple[int, int, int, int, int, int, int, int, int]

_F: Final = 144  # bits per field of a packed banker distribution (36! < 2**139)
_FMASK: Final = (1 << _F) - 1
_BUST: Final = 22  # field of "the banker busts"; field 0 is "instant win"; t: stands on t
_FACT: Final = tuple(factorial(i) for i in range(40))


class Banker16(Enum):
    """What the banker is assumed to do on exactly 16 (a free choice in R20)."""

    STAND = "stand"
    DRAW = "draw"


def _check_banker_16(banker_16: object) -> None:
    if not isinstance(banker_16, Banker16):
        raise TypeError(
            f"banker_16: expected Banker16.STAND or Banker16.DRAW, not {banker_16!r}"
        )


def counts_of(cards: Iterable[int] | str) -> Counts:
    """Counts per rank (6..A) of some cards (of the 36-card pack: a 2 to 5 is refused):
    Card values, card numbers or text (``"10S 8C"``)."""
    if isinstance(cards, str) or not isinstance(cards, Iterable):
        cards = _hand(cards)  # text read as cards; anything else refused, naming it
    c = [0] * 9
    for card in cards:
        try:
            c[_INDEX[RANK_OF[card]]] += 1
        except (KeyError, IndexError, TypeError):
            raise InvalidCardError(
                f"{card!r} is not a card of the 36-card pack Очко is played with (6 to ace)"
            ) from None
    return (c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8])


def unseen_counts(view: OchkoView) -> Counts:
    """Counts per rank of the cards this view cannot see."""
    check_view(view)
    seen = counts_of(view.visible_cards())
    full = counts_of(PACK)
    return cast(Counts, tuple(f - s for f, s in zip(full, seen, strict=True)))  # nine ranks


def _special(total: int, n: int, aces: int, courts: int) -> bool:
    return total == 21 or (n == 2 and aces == 2) or (n == 5 and courts == 5)


def _pack_counts(counts: Counts) -> int:
    """Counts as one int, 6 bits per rank (the memo key of the recursions)."""
    if (
        not isinstance(counts, tuple | list)
        or len(counts) != 9
        or any(type(c) is not int or c < 0 for c in counts)
    ):
        raise ValueError(f"counts are nine non-negative ints (ranks 6..A), not {counts!r}")
    if sum(counts) >= len(_FACT):
        raise ValueError(f"at most {len(_FACT) - 1} unseen cards, not {sum(counts)}")
    out = 0
    for i, c in enumerate(counts):
        out |= c << (6 * i)
    return out


_ONE: Final = tuple(1 << (6 * i) for i in range(9))
_SHIFT: Final = tuple(6 * i for i in range(9))
#: ``((r & mask) * _ONES >> _SUM) & 63`` is the number of cards of the ranks in ``mask``:
#: the product adds every 6-bit field into field 8 (a sum under 64 never carries over)
_ONES: Final = sum(_ONE)
_SUM: Final = 6 * 8
_BANKER_MEMO: dict[tuple[int, int, int, int, int, bool], int] = {}
_TARGET_MEMO: dict[int, int] = {}
_target_get: Final = _TARGET_MEMO.get
_STAND_MEMO: dict[tuple[int, int, int, int, int, int, bool, bool, bool], int] = {}
_BEST_MEMO: dict[tuple[int, int, int, int, int, int, bool, bool], int] = {}
_MEMO_LIMIT: Final = 1 << 20


def clear_cache() -> None:
    """Forget every memoised result (for timing a cold decision)."""
    _BANKER_MEMO.clear()
    _TARGET_MEMO.clear()
    _STAND_MEMO.clear()
    _BEST_MEMO.clear()


def _banker_root(r: int, left: int, draw16: bool) -> int:
    """Packed integer weights (over left!) of the banker's final outcomes from scratch."""
    if left == 0:
        raise ValueError("no unseen card is left for the banker's own dealt card")
    return _banker(r, left, 0, 0, 0, 0, draw16)


def _banker(r: int, left: int, total: int, n: int, aces: int, courts: int, draw16: bool) -> int:
    """Packed weights (over left!) of the banker's outcomes; his hand must draw (total<17)."""
    key = (r, total, n, aces, courts, draw16)
    got = _BANKER_MEMO.get(key)
    if got is not None:
        return got
    acc = 0
    f = _FACT[left - 1]
    for i in range(9):
        c = (r >> _SHIFT[i]) & 63
        if not c:
            continue
        t2 = total + _VALUE[i]
        n2 = n + 1
        a2 = aces + (i == _ACE)
        c2 = courts + _COURT[i]
        if t2 == 21 or (n2 == 2 and a2 == 2) or (n2 == 5 and c2 == 5):
            acc += c * f
        elif t2 > 21:
            acc += (c * f) << (_F * _BUST)
        elif t2 >= 17 or (t2 == 16 and not draw16) or left == 1:
            acc += (c * f) << (_F * t2)
        else:
            acc += c * _banker(r - _ONE[i], left - 1, t2, n2, a2, c2, draw16)
    if len(_BANKER_MEMO) < _MEMO_LIMIT:
        _BANKER_MEMO[key] = acc
    return acc


# The punter's stand value needs one number of the banker's play, not his whole
# distribution: the weight of the outcomes that beat the punter's hand ("target" ``u``):
# ``u == -1`` counts the banker's instant wins, ``u >= 0`` counts his busts and his stands
# below ``u``.  A banker hand is (points, kind); kind says what a special hand still needs.
_EMPTY, _PLAIN, _ACE1, _COURT1, _COURT4 = 0, 1, 2, 3, 6  # _COURT1.._COURT4: n courts only
_INSTANT, _BUSTS, _STOPS, _DRAWS = 0, 1, 2, 3
_SID_SHIFT: Final = 56  # memo key of a banker hand: packed counts | state id << 56

#: state id -> (mask of the ranks whose card ends the hand and counts; the same when that
#: card is the last unseen one; the children that draw again: (shift, one, child id << 56,
#: child id); the children that then end the hand: (shift, their mask, 1 if the card drawn
#: is itself in that mask, child id))
_Entry = tuple[
    int, int, tuple[tuple[int, int, int, int], ...], tuple[tuple[int, int, int, int], ...]
]
_TABLE: list[_Entry] = []
_SIDS: dict[tuple[int, int, int, bool], int] = {}


def _step(t: int, kind: int, i: int, draw16: bool, last: bool) -> tuple[int, int, int]:
    """(outcome, points, kind) after the banker draws a card of rank index ``i``."""
    t2 = t + _VALUE[i]
    ace = i == _ACE
    court = _COURT[i] == 1
    if t2 == 21 or (kind == _ACE1 and ace) or (kind == _COURT4 and court):
        return _INSTANT, t2, _PLAIN
    if t2 > 21:
        return _BUSTS, t2, _PLAIN
    if kind == _EMPTY:
        kind2 = _ACE1 if ace else _COURT1 if court else _PLAIN
    elif _COURT1 <= kind < _COURT4 and court:
        kind2 = kind + 1
    else:
        kind2 = _PLAIN
    if t2 >= 17 or (t2 == 16 and not draw16) or last:
        return _STOPS, t2, kind2
    return _DRAWS, t2, kind2


def _norm(u: int, t: int) -> int:
    """The target ``u`` as seen from a hand of ``t`` points that must draw (memo sharing):
    every later stand is on ``t + 2`` or more, and there is no stand on 21."""
    if u < 0:
        return -1
    return 0 if u <= t + 2 else min(u, 21)


def _sid(t: int, kind: int, u: int, draw16: bool) -> int:
    """The id of a banker hand that must draw, with its target (built on first use)."""
    key = (t, kind, u, draw16)
    sid = _SIDS.get(key)
    if sid is not None:
        return sid
    masks = [0, 0]
    for x, last in enumerate((False, True)):
        for i in range(9):
            outcome, t2, _ = _step(t, kind, i, draw16, last)
            if (outcome == _INSTANT) if u < 0 else (
                outcome == _BUSTS or (outcome == _STOPS and t2 < u)
            ):
                masks[x] |= 63 << _SHIFT[i]
    sid = len(_TABLE)
    _SIDS[key] = sid
    _TABLE.append((masks[0], masks[1], (), ()))
    deep = []
    flat = []
    for i in range(9):
        outcome, t2, kind2 = _step(t, kind, i, draw16, False)
        if outcome == _DRAWS:
            child = _sid(t2, kind2, _norm(u, t2), draw16)
            cmask, _, cdeep, cflat = _TABLE[child]
            if cdeep or cflat:
                deep.append((_SHIFT[i], _ONE[i], child << _SID_SHIFT, child))
            else:
                flat.append((_SHIFT[i], cmask, cmask >> _SHIFT[i] & 1, child))
    _TABLE[sid] = (masks[0], masks[1], tuple(deep), tuple(flat))
    return sid


def _target(r: int, left: int, sid: int) -> int:
    """Weight (over left!) of the banker's outcomes counted by the target of hand ``sid``
    (memoised under ``r | sid << 56``; callers look there first)."""
    mask, _, deep, flat = _TABLE[sid]
    if left <= 2:
        return _target_short(r, left, sid)
    acc = (((r & mask) * _ONES >> _SUM) & 63) * _FACT[left - 1]
    if flat:
        acc2 = 0
        for shift, cmask, drawn, _ in flat:
            c = (r >> shift) & 63
            if c:
                acc2 += c * ((((r & cmask) * _ONES >> _SUM) & 63) - drawn)
        acc += acc2 * _FACT[left - 2]
    for shift, one, bits, child in deep:
        c = (r >> shift) & 63
        if c:
            r2 = r - one
            got = _target_get(r2 | bits)
            acc += c * (got if got is not None else _target(r2, left - 1, child))
    if len(_TARGET_MEMO) < _MEMO_LIMIT:
        _TARGET_MEMO[r | sid << _SID_SHIFT] = acc
    return acc


def _target_short(r: int, left: int, sid: int) -> int:
    """:func:`_target` with one or two unseen cards left (the last card ends the hand)."""
    mask, last_mask, deep, flat = _TABLE[sid]
    if left == 1:
        return ((r & last_mask) * _ONES >> _SUM) & 63
    acc = ((r & mask) * _ONES >> _SUM) & 63
    for shift, one, _, child in deep:
        c = (r >> shift) & 63
        if c:
            acc += c * ((((r - one) & _TABLE[child][1]) * _ONES >> _SUM) & 63)
    for shift, _, _, child in flat:
        c = (r >> shift) & 63
        if c:
            acc += c * ((((r - (1 << shift)) & _TABLE[child][1]) * _ONES >> _SUM) & 63)
    return acc


def _banker_target(r: int, left: int, u: int, draw16: bool) -> int:
    """Weight (over left!) of the banker's outcomes from scratch counted by target ``u``."""
    if left == 0:
        raise ValueError("no unseen card is left for the banker's own dealt card")
    sid = _sid(0, _EMPTY, _norm(u, 0), draw16)
    got = _target_get(r | sid << _SID_SHIFT)
    return got if got is not None else _target(r, left, sid)


# every banker hand of every target, built once at import (rank tables, not a cache of any
# pack: clear_cache() keeps them)
for _draw16 in (False, True):
    for _u in range(-1, 22):
        _sid(0, _EMPTY, _norm(_u, 0), _draw16)


def _fields(packed: int) -> list[int]:
    return [(packed >> (_F * t)) & _FMASK for t in range(23)]


#: a standing hand over 21 for good with this many cards or more left besides its dark ones
#: is scored without going through the dark cards (see :func:`_stand`; the tests lower it to
#: compare with the full enumeration)
_SURE_BUST_LEFT = 12


def _stand(
    r: int, left: int, total: int, n: int, aces: int, courts: int, k: int, dark: bool,
    dbb: bool, draw16: bool,
) -> int:
    """Punter's expected result of standing, times left!, with ``k`` dark cards unknown."""
    key = (r, total, n, aces, courts, k, dark, dbb, draw16)
    got = _STAND_MEMO.get(key)
    if got is not None:
        return got
    if k and total > 21 and left - k >= _SURE_BUST_LEFT:
        # over 21 for good whatever the other dark cards are (five courts make 20 at most):
        # they are unseen cards the banker never reads, and with 12 or more left after them
        # he never runs out (he reads at most 9), so by exchangeability his outcomes are
        # those of drawing from all ``left`` cards: a double bust as below, without
        # enumerating the dark cards one by one (minutes from about eight of them on)
        acc = _bust_stand(r, left, dark, dbb, draw16)
    elif k:
        acc = 0
        for i in range(9):
            c = (r >> _SHIFT[i]) & 63
            if c:
                acc += c * _stand(
                    r - _ONE[i], left - 1, total + _VALUE[i], n + 1, aces + (i == _ACE),
                    courts + _COURT[i], k - 1, dark, dbb, draw16,
                )
    elif _special(total, n, aces, courts):
        # O6 (dark): only the banker's instant win beats it
        acc = _FACT[left] - 2 * _banker_target(r, left, -1, draw16)
    elif total > 21:
        acc = _bust_stand(r, left, dark, dbb, draw16)
    else:
        # won against a bust and against a stand below the punter (a dark punter: or equal)
        acc = 2 * _banker_target(r, left, total + dark, draw16) - _FACT[left]
    if len(_STAND_MEMO) < _MEMO_LIMIT:
        _STAND_MEMO[key] = acc
    return acc


def _bust_stand(r: int, left: int, dark: bool, dbb: bool, draw16: bool) -> int:
    """:func:`_stand` for a hand over 21: R20's double bust is won by a dark punter unless
    ``dbb``; every other outcome is lost."""
    if dark and not dbb:
        return 2 * _banker_target(r, left, 0, draw16) - _FACT[left]
    if left == 0:
        raise ValueError("no unseen card is left for the banker's own dealt card")
    return -_FACT[left]


def _best(
    r: int, left: int, total: int, n: int, aces: int, courts: int, k: int, dbb: bool,
    draw16: bool,
) -> int:
    """Expected result, times left!, of playing on optimally (stand or buy face up)."""
    key = (r, total, n, aces, courts, k, dbb, draw16)
    got = _BEST_MEMO.get(key)
    if got is not None:
        return got
    if k == 0 and total <= 10 and left >= 12:
        # Drawing is worth at least standing, so standing is not computed: no card busts 10
        # or less, and with 12 unseen cards the banker, who reads at most 9 (he stops by
        # 17), never runs out.  Then the cards he reads after the punter's draw are, by
        # exchangeability, distributed as those he reads if the punter stands, and against
        # each banker hand the punter's higher total wins at least as often (an instant win
        # is paid at once; a stand after the draw is one of the options of "draw").
        acc = _draw(r, left, total, n, aces, courts, k, dbb, draw16)
    else:
        acc = _stand(r, left, total, n, aces, courts, k, k > 0, dbb, draw16)
        if total <= 21 and left > k + 1:  # one unseen card is always the banker's own
            acc = max(acc, _draw(r, left, total, n, aces, courts, k, dbb, draw16))
    if len(_BEST_MEMO) < _MEMO_LIMIT:
        _BEST_MEMO[key] = acc
    return acc


def _draw(
    r: int, left: int, total: int, n: int, aces: int, courts: int, k: int, dbb: bool,
    draw16: bool,
) -> int:
    """Buy one card face up, then play on optimally; times left!."""
    acc = 0
    f = _FACT[left - 1]
    for i in range(9):
        c = (r >> _SHIFT[i]) & 63
        if not c:
            continue
        t2, n2, a2, c2 = total + _VALUE[i], n + 1, aces + (i == _ACE), courts + _COURT[i]
        if k == 0 and _special(t2, n2, a2, c2):
            acc += c * f
        elif t2 > 21:
            # over 21 on the cards he sees: lost at once, dark cards or not (O1)
            acc -= c * f
        else:
            acc += c * _best(r - _ONE[i], left - 1, t2, n2, a2, c2, k, dbb, draw16)
    return acc


def _bust_next(counts: Counts, total: int, n: int, aces: int, courts: int, k: int) -> Fraction:
    """Probability that the hand is over 21 (not an instant win) after one more card (with
    ``k`` dark cards bought, after ``k + 1`` more cards: it is over 21 at the end only if it
    is then).

    Ordered draws are counted in integers, once per set of cards drawn (what is drawn fixes
    the points, the number of cards, the aces and the court cards), and a hand already over
    21 that can no longer make five court cards busts whatever comes next: so a punter with
    many dark cards gets his odds at once (the naive recursion over every order of ``k + 1``
    cards took minutes from about eight dark cards on)."""
    todo = k + 1
    left = sum(counts)
    memo: dict[Counts, int] = {}

    def busting(cs: Counts, t: int, m: int, a: int, co: int, more: int) -> int:
        """The ordered draws of ``more`` more cards from ``cs`` that end over 21."""
        if more == 0:
            return int(t > 21 and not _special(t, m, a, co))
        if t > 21 and not (co == m and m + more == 5):
            rest = sum(cs)
            return _FACT[rest] // _FACT[rest - more]  # over 21 for good: every draw busts
        hit = memo.get(cs)
        if hit is None:
            hit = 0
            for i in range(9):
                c = cs[i]
                if c:
                    hit += c * busting(
                        _minus(cs, i), t + _VALUE[i], m + 1, a + (i == _ACE), co + _COURT[i],
                        more - 1,
                    )
            memo[cs] = hit
        return hit

    draws = _FACT[left] // _FACT[left - todo]  # the ordered draws of todo cards out of left
    return Fraction(busting(counts, total, n, aces, courts, todo), draws)


@dataclass(frozen=True, slots=True)
class Odds:
    """Exact odds for a punter's next decision (expected values are per unit of stake)."""

    unseen: int
    next_card: Mapping[Rank, Fraction]
    bust: Fraction
    ev_stand: Fraction
    ev_draw: Fraction | None
    ev_dark: Fraction | None
    banker_16: Banker16

    @property
    def best(self) -> str:
        """``"stand"``, ``"buy"`` or ``"buy dark"``: the action with the highest EV."""
        options = [(self.ev_stand, "stand")]
        if self.ev_draw is not None:
            options.append((self.ev_draw, "buy"))
        if self.ev_dark is not None:
            options.append((self.ev_dark, "buy dark"))
        return max(options, key=lambda o: o[0])[1]

    def as_floats(self) -> dict[str, float | None]:
        """The expected values and the bust probability as floats."""
        return {
            "bust": float(self.bust),
            "ev_stand": float(self.ev_stand),
            "ev_draw": None if self.ev_draw is None else float(self.ev_draw),
            "ev_dark": None if self.ev_dark is None else float(self.ev_dark),
        }


def hand_odds(
    counts: Counts,
    known: Iterable[int] | str,
    dark_cards: int = 0,
    *,
    dark_buying: bool = True,
    double_bust_to_banker: bool = False,
    banker_16: Banker16 = Banker16.STAND,
) -> Odds:
    """Odds for a punter whose visible cards are ``known`` (Card values, card numbers or text:
    ``"10S 8C"``) and who holds ``dark_cards`` cards he has not seen, when ``counts`` are the
    cards unseen by him (per rank, 6 to ace: :func:`counts_of`).  A card of no 36-card pack,
    a card named twice, or more cards of a rank than the pack's four between ``known`` and
    ``counts`` is refused (InvalidCardError, ValueError).

    >>> from durak_lessons.ochko import PACK
    >>> unseen = counts_of(c for c in PACK if str(c) not in ("10♠", "8♣"))
    >>> hand_odds(unseen, "10S 8C").best
    'stand'
    """
    hand = _hand(known)
    _check_banker_16(banker_16)
    if type(dark_cards) is not int or dark_cards < 0:
        raise ValueError(f"dark_cards: a whole number, 0 or more; got {dark_cards!r}")
    r = _pack_counts(counts)
    held = counts_of(hand)
    for i, (unseen, mine) in enumerate(zip(counts, held, strict=True)):
        if unseen + mine > 4:
            raise ValueError(
                f"counts: {unseen} unseen and {mine} in the hand of rank"
                f" {Rank(RANKS[i]).name.lower()}, but the pack holds 4 of each rank"
            )
    total = sum(_VALUE[_INDEX[RANK_OF[c]]] for c in hand)
    n = len(hand)  # the dark cards are counted as they are enumerated
    aces = sum(RANK_OF[c] == 14 for c in hand)
    courts = sum(RANK_OF[c] in (11, 12, 13) for c in hand)
    left = sum(counts)
    if left < dark_cards + 1:
        raise ValueError("too few unseen cards: the dark ones and the banker's own card")
    draw16 = banker_16 is Banker16.DRAW
    den = _FACT[left]
    k = dark_cards
    ev_stand = Fraction(
        _stand(r, left, total, n, aces, courts, k, k > 0, double_bust_to_banker, draw16), den
    )
    can_buy = left > k + 1
    ev_draw = (
        Fraction(_draw(r, left, total, n, aces, courts, k, double_bust_to_banker, draw16), den)
        if can_buy
        else None
    )
    ev_dark = (
        Fraction(
            _stand(r, left, total, n, aces, courts, k + 1, True, double_bust_to_banker, draw16),
            den,
        )
        if can_buy and dark_buying
        else None
    )
    return Odds(
        unseen=left,
        next_card={Rank(RANKS[i]): Fraction(c, left) for i, c in enumerate(counts) if c}
        if left
        else {},
        bust=_bust_next(counts, total, n, aces, courts, k) if can_buy else Fraction(0),
        ev_stand=ev_stand,
        ev_draw=ev_draw,
        ev_dark=ev_dark,
        banker_16=banker_16,
    )


def odds(view: OchkoView, *, banker_16: Banker16 = Banker16.STAND) -> Odds:
    """Exact odds of the viewing punter's next decision, from what he sees.

    What the settling rule tells about the other punters is used (as :func:`banker_odds`
    does): a punter who stands with his dealt card hidden was checked after every card he
    bought face up before any dark one, so his dealt card and those cards never made 21,
    two aces, five courts or a bust (he would have been paid or lost at once, O1, O3), and
    after a dark one the cards he sees are not over 21 (O1).  His dealt card is
    weighed over the ranks that allow it; every other hidden card is an unseen card like
    any other."""
    check_view(view)
    _check_banker_16(banker_16)
    if view.seat == view.banker:
        raise ValueError("odds() is for a punter; see banker_odds() for the banker")
    if view.phase not in (Phase.STAKE, Phase.BUY) or not view.hands[view.seat]:
        raise ValueError(
            f"odds() weighs a punter's next decision once his card is dealt (a stake or a buy),"
            f" and seat {view.seat} has none to make now (the round is at {view.phase.value!r}"
            f", he holds {len(view.hands[view.seat])} cards)"
        )
    mine = view.hands[view.seat]
    known = [c for c in mine if c is not None]
    counts = unseen_counts(view)
    worlds = _dealt_cards_allowed(counts, _checked_hands(view))

    def one(cs: Counts) -> Odds:
        return hand_odds(
            cs,
            known,
            len(mine) - len(known),
            dark_buying=view.rules.dark_buying,
            double_bust_to_banker=view.rules.double_bust_to_banker,
            banker_16=banker_16,
        )

    if list(worlds) == [counts]:
        return one(counts)
    total = sum(worlds.values())
    parts = [(Fraction(w, total), one(cs)) for cs, w in worlds.items()]

    def mean(field: str) -> Fraction:
        return sum((p * getattr(o, field) for p, o in parts), Fraction(0))

    first = parts[0][1]
    next_card: dict[Rank, Fraction] = {}
    for p, o in parts:
        for rank, q in o.next_card.items():
            next_card[rank] = next_card.get(rank, Fraction(0)) + p * q
    return Odds(
        unseen=sum(counts),
        next_card={r: q for r, q in sorted(next_card.items()) if q},
        bust=mean("bust"),
        ev_stand=mean("ev_stand"),
        ev_draw=None if first.ev_draw is None else mean("ev_draw"),
        ev_dark=None if first.ev_dark is None else mean("ev_dark"),
        banker_16=banker_16,
    )


_ALL_RANKS: Final = (1 << 9) - 1


def _checked_hands(view: OchkoView) -> list[int]:
    """The other standing punters whose dealt card this view cannot see: for each, the
    ranks (a mask over rank indices 0..8) his dealt card can have, given that he was
    checked after every card he bought face up (see :func:`odds`); hands that tell nothing
    are left out."""
    out = []
    for seat, status in enumerate(view.status):
        hand = view.hands[seat]
        if seat == view.seat or status is not Status.STANDING or not hand or hand[0] is not None:
            continue
        allowed = _dealt_mask(hand, view.dark[seat])
        if allowed != _ALL_RANKS:
            out.append(allowed)
    return out


def _dealt_mask(hand: tuple[Card | None, ...], dark: int) -> int:
    """The ranks (a mask over rank indices 0..8) a standing punter's hidden dealt card can
    have, from the checks made as he bought (see :func:`odds`)."""
    allowed = _ALL_RANKS
    total = n = aces = courts = 0  # his cards after the dealt one, up to the first dark
    seen = 0  # every face-up card after the dealt one
    before_dark = True
    for pos in range(1, len(hand)):
        c = hand[pos]
        if dark >> pos & 1 or c is None:
            before_dark = False
            continue
        value = _VALUE[_INDEX[RANK_OF[c]]]
        seen += value
        if before_dark:
            # each face-up buy before any dark one: no 21, two aces, five courts or bust
            total += value
            n += 1
            aces += RANK_OF[c] == 14
            courts += RANK_OF[c] in (11, 12, 13)
            for i in range(9):
                if _classify(
                    total + _VALUE[i], n + 1, aces + (i == _ACE), courts + _COURT[i]
                ):
                    allowed &= ~(1 << i)
    if dark:
        # a face-up buy after a dark one: the cards he sees are not over 21 (O1)
        for i in range(9):
            if seen + _VALUE[i] > 21:
                allowed &= ~(1 << i)
    return allowed


def _dealt_cards_allowed(counts: Counts, hands: list[int]) -> dict[Counts, int]:
    """The unseen cards left once each checked hand's dealt card is taken out, over every
    rank it may be (``hands``: the masks of :func:`_checked_hands`), with the number of
    ways (worlds with the same cards left merged)."""
    worlds: dict[Counts, int] = {counts: 1}
    for mask in hands:
        allowed = [i for i in range(9) if mask >> i & 1]
        nxt: dict[Counts, int] = {}
        for cs, w in worlds.items():
            for i in allowed:
                if cs[i]:
                    key = _minus(cs, i)
                    nxt[key] = nxt.get(key, 0) + w * cs[i]
        if not nxt:
            return {counts: 1}  # no rank fits (a position set up by hand): assume nothing
        worlds = nxt
    return worlds


def banker_distribution(
    counts: Counts, banker_16: Banker16 = Banker16.STAND
) -> dict[str, Fraction]:
    """The exact distribution of the banker's final hand from scratch (his first card
    included), drawing from ``counts``: keys ``"instant"``, ``"bust"`` and ``"16"``...``"20"``
    (lower totals appear only when the cards run out)."""
    _check_banker_16(banker_16)
    r = _pack_counts(counts)  # refuses anything but nine counts, naming it
    left = sum(counts)
    f = _fields(_banker_root(r, left, banker_16 is Banker16.DRAW))
    out: dict[str, Fraction] = {}
    if f[0]:
        out["instant"] = Fraction(f[0], _FACT[left])
    if f[_BUST]:
        out["bust"] = Fraction(f[_BUST], _FACT[left])
    for t in range(1, 22):
        if f[t]:
            out[str(t)] = Fraction(f[t], _FACT[left])
    return out


# ------------------------------------------------------------------ banker decisions


def _punter_result(
    p_total: int, p_class: int, dark: bool, b_total: int, b_class: int, dbb: bool
) -> int:
    """+1 when the punter wins, -1 when the banker wins (the showdown of R20)."""
    if b_class > 0:
        return -1
    if p_class > 0:
        return 1
    if b_class < 0:
        return 1 if p_class == 0 or (dark and not dbb) else -1
    if p_class < 0:
        return -1
    return 1 if p_total > b_total or (dark and p_total == b_total) else -1


def _classify(total: int, n: int, aces: int, courts: int) -> int:
    if _special(total, n, aces, courts):
        return 1
    return -1 if total > 21 else 0


def banker_odds(view: OchkoView) -> tuple[Fraction, Fraction]:
    """The banker's exact expected winnings (money, summed over the waiting punters) of
    (standing, drawing once more and then following the rule) in his present hand.

    Each waiting punter's unseen cards (his dealt card, his dark cards) are enumerated
    from the cards the banker cannot see, together with the banker's next card; a punter
    with no dark card is known not to hold 21 or a bust (he would have been settled), so
    his dealt card is conditioned on that.  By linearity each punter is taken alone.
    """
    check_view(view)
    if view.seat != view.banker or view.phase is not Phase.BANKER:
        raise ValueError("banker_odds() is for the banker, when he is to draw or stand")
    counts = unseen_counts(view)
    mine = [c for c in view.hands[view.seat] if c is not None]
    b_total = sum(_VALUE[_INDEX[RANK_OF[c]]] for c in mine)
    b_n = len(mine)
    b_aces = sum(RANK_OF[c] == 14 for c in mine)
    b_courts = sum(RANK_OF[c] in (11, 12, 13) for c in mine)
    dbb = view.rules.double_bust_to_banker
    banker = (b_total, b_n, b_aces, b_courts)
    ev_stand = Fraction(0)
    ev_draw = Fraction(0)
    for seat, st in enumerate(view.status):
        if st is not Status.STANDING:
            continue
        hand = view.hands[seat]
        known = [c for c in hand if c is not None]
        p_total = sum(_VALUE[_INDEX[RANK_OF[c]]] for c in known)
        p_aces = sum(RANK_OF[c] == 14 for c in known)
        p_courts = sum(RANK_OF[c] in (11, 12, 13) for c in known)
        sums: list[Fraction] = [Fraction(0)] * 3  # weight, stand total, draw total
        # his hidden dealt card, when it is hidden, is enumerated first, over the ranks the
        # checks made as he bought allow (a dark punter's too: see _dealt_mask)
        first = _dealt_mask(hand, view.dark[seat]) if hand and hand[0] is None else _ALL_RANKS
        _versus(counts, (p_total, len(known), p_aces, p_courts), len(hand) - len(known),
                1, view.dark[seat] != 0, banker, dbb, sums, first)
        weight = sums[0]
        if weight:
            stake = view.stakes[seat]
            ev_stand += stake * sums[1] / weight
            ev_draw += stake * sums[2] / weight
    return ev_stand, ev_draw


def _minus(cs: Counts, i: int) -> Counts:
    out = list(cs)
    out[i] -= 1
    return cast(Counts, tuple(out))  # nine ranks


def _versus(
    cs: Counts,
    punter: tuple[int, int, int, int],
    todo: int,
    w: int,
    dark: bool,
    banker: tuple[int, int, int, int],
    dbb: bool,
    sums: list[Fraction],
    first: int = _ALL_RANKS,
) -> None:
    """Enumerate a punter's ``todo`` unseen cards and the banker's next card (banker_odds);
    the first unseen card (his dealt card, where it is hidden) is one of the ranks in the
    mask ``first``.  The rest are dealt as a multiset of ranks, each weighted by the number of
    ordered draws that give it (a punter's result depends only on what he holds): C(16, 8)
    multisets for eight dark cards, not the 9^8 sequences of ranks."""
    t, m, a, co = punter
    if todo and first != _ALL_RANKS:
        for i in range(9):
            c = cs[i]
            if c and first >> i & 1:
                _versus(_minus(cs, i), (t + _VALUE[i], m + 1, a + (i == _ACE), co + _COURT[i]),
                        todo - 1, w * c, dark, banker, dbb, sums)
        return
    _versus_rest(list(cs), punter, todo, w * factorial(todo), 0, dark, banker, dbb, sums)


def _versus_rest(
    cs: list[int],
    punter: tuple[int, int, int, int],
    todo: int,
    w: int,
    start: int,
    dark: bool,
    banker: tuple[int, int, int, int],
    dbb: bool,
    sums: list[Fraction],
) -> None:
    """The multisets of ``todo`` ranks from ``start`` up (``cs`` is restored on return),
    then the banker's next card.  A multiset drawing k_i cards of rank i (c_i of them left)
    comes in todo! / prod(k_i!) orders of prod(c_i! / (c_i - k_i)!) ordered cards each:
    todo! * prod(C(c_i, k_i)) ordered draws; ``w`` already holds todo!."""
    if todo == 0:
        _versus_leaf(cs, punter, w, dark, banker, dbb, sums)
        return
    t, m, a, co = punter
    for i in range(start, 9):
        c = cs[i]
        ways = 1
        for k in range(1, min(c, todo) + 1):
            ways = ways * (c - k + 1) // k  # C(c, k)
            cs[i] = c - k
            _versus_rest(cs, (t + k * _VALUE[i], m + k, a + k * (i == _ACE), co + k * _COURT[i]),
                         todo - k, w * ways, i + 1, dark, banker, dbb, sums)
        cs[i] = c


def _versus_leaf(
    cs: list[int],
    punter: tuple[int, int, int, int],
    w: int,
    dark: bool,
    banker: tuple[int, int, int, int],
    dbb: bool,
    sums: list[Fraction],
) -> None:
    """One hand of the punter (weight ``w``): his result if the banker stands, and after the
    banker's next card from what is left (``cs``)."""
    t, m, a, co = punter
    p_class = _classify(t, m, a, co)
    if not dark and p_class != 0:
        return  # impossible: a face-up 21 or bust was settled at once
    b_total, b_n, b_aces, b_courts = banker
    sums[0] += w
    b_class = _classify(b_total, b_n, b_aces, b_courts)
    sums[1] -= w * _punter_result(t, p_class, dark, b_total, b_class, dbb)
    left = sum(cs)
    if left == 0:
        return
    acc = 0
    for i in range(9):
        c = cs[i]
        if c:
            bt = b_total + _VALUE[i]
            bc = _classify(bt, b_n + 1, b_aces + (i == _ACE), b_courts + _COURT[i])
            acc -= c * _punter_result(t, p_class, dark, bt, bc, dbb)
    sums[2] += Fraction(w * acc, left)
