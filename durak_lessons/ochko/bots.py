"""Players for Очко.  A bot sees only an :class:`OchkoView` and gets an rng; never the state.

Every bot banks the same way, with :func:`banker_move`: the rule (draw on 15 or less, stand
on 17 or more) and, on exactly 16, whichever of drawing or standing has the higher exact
expected value (:func:`~durak_lessons.ochko.odds.banker_odds`).
"""

from __future__ import annotations

import random
from typing import Protocol

from durak_lessons.errors import InvalidBotError

from .engine import (
    BUY,
    DRAW,
    STAKE_BANK,
    STAND,
    Action,
    Buy,
    OchkoView,
    Phase,
    Stake,
    _what,
    check_view,
)
from .odds import Banker16, banker_odds, odds

__all__ = ["Bot", "EVBot", "InvalidBotError", "RandomBot", "ThresholdBot", "banker_move"]


class Bot(Protocol):
    """Anything that picks an action from a view: an object with ``act(view, rng)``.

    (The Durak side's bots have ``choose(view, rng)`` instead, and do not play Очко.)
    """

    def act(self, view: OchkoView, rng: random.Random) -> Action: ...


def _check_view_rng(view: object, rng: object) -> None:
    """A seat's :class:`OchkoView` and a ``random.Random``, or a TypeError saying which is
    not (as the Durak side's bots say)."""
    check_view(view)
    if not isinstance(rng, random.Random):
        raise TypeError(f"rng: expected a random.Random (random.Random(seed)), not {_what(rng)}")


def banker_move(view: OchkoView) -> Action:
    """The rule banker: forced moves as the rule says; on 16 the higher expected value."""
    check_view(view)
    if view.seat != view.banker or view.phase is not Phase.BANKER:
        raise ValueError(
            f"banker_move() is for the banker (seat {view.banker}) when he is to draw or stand;"
            f" this is seat {view.seat}'s view in the {view.phase.name.lower()} phase"
        )
    legal = list(view.legal)
    if len(legal) == 1:
        return legal[0]
    ev_stand, ev_draw = banker_odds(view)
    return DRAW if ev_draw > ev_stand else STAND


def _min_stake(view: OchkoView) -> Action:
    legal = view.legal
    return Stake(legal.stakes.start) if legal.stakes else STAKE_BANK


def _max_stake(view: OchkoView) -> Action:
    legal = view.legal
    if legal.all_in:
        return STAKE_BANK
    return Stake(legal.stakes[-1]) if legal.stakes else STAKE_BANK


class RandomBot:
    """Any legal action, uniformly (stakes: a uniform amount)."""

    def act(self, view: OchkoView, rng: random.Random) -> Action:
        _check_view_rng(view, rng)
        legal = view.legal
        if view.phase is Phase.STAKE:
            if legal.stakes and (not legal.all_in or rng.random() < 0.9):
                return Stake(rng.choice(legal.stakes))
            return STAKE_BANK
        options = list(legal)
        return options[rng.randrange(len(options))]

    def __repr__(self) -> str:
        return "RandomBot()"


class ThresholdBot:
    """Stakes the minimum and buys face up while its points are below ``threshold``."""

    def __init__(self, threshold: int = 17) -> None:
        # a str, a float or a bool would fail only later, in play; past 22 points (buy until
        # a bust or 21 stops it) or below 0 (never buy) a number means nothing more
        if type(threshold) is not int or not 0 <= threshold <= 22:
            raise InvalidBotError(
                "ThresholdBot(threshold): a whole number of points to buy below, from 0 (never"
                f" buys) to 22 (buys until 21 or a bust), such as ThresholdBot(17), not"
                f" {_what(threshold)}"
            )
        self.threshold = threshold

    def act(self, view: OchkoView, rng: random.Random) -> Action:
        _check_view_rng(view, rng)
        if view.phase is Phase.BANKER:
            return banker_move(view)
        if view.phase is Phase.STAKE:
            return _min_stake(view)
        if view.known_points < self.threshold and BUY in view.legal:
            return BUY
        return STAND

    def __repr__(self) -> str:
        return f"ThresholdBot({self.threshold})"


class EVBot:
    """Maximises the exact expected value (stand, buy, or buy one card dark).

    It stakes the most it may when the best expected value of its first card is positive,
    the least otherwise.  ``banker_16`` is what it assumes the banker does on 16.
    """

    def __init__(self, banker_16: Banker16 = Banker16.STAND) -> None:
        if not isinstance(banker_16, Banker16):
            raise InvalidBotError(
                "EVBot(banker_16): Banker16.STAND or Banker16.DRAW, what the bot assumes the "
                f"banker does on 16, not {_what(banker_16)}"
            )
        self.banker_16 = banker_16

    def act(self, view: OchkoView, rng: random.Random) -> Action:
        _check_view_rng(view, rng)
        if view.phase is Phase.BANKER:
            return banker_move(view)
        o = odds(view, banker_16=self.banker_16)
        if view.phase is Phase.STAKE:
            best = max(v for v in (o.ev_stand, o.ev_draw, o.ev_dark) if v is not None)
            return _max_stake(view) if best > 0 else _min_stake(view)
        choice = o.best
        if choice == "buy dark" and Buy(True) in view.legal:
            return Buy(True)
        if choice == "buy" and BUY in view.legal:
            return BUY
        return STAND

    def __repr__(self) -> str:
        return f"EVBot({self.banker_16})"
