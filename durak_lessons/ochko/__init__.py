"""Очко (Rozaliev 11.а, reading R20): the banking game, with exact odds.

A banker puts up a bank; the punters, in turn from his left, stake against it and buy cards
face up or «в тёмную»; the banker then draws for everyone still in under the 15/17 rule.
Card points: A 11, K 4, Q 3, J 2, 10-6 at face (:data:`POINTS`).

The pure core is :func:`new_session`, :func:`legal_actions`, :func:`explain`, :func:`apply`
and :func:`view` over immutable :class:`OchkoState` values; :class:`OchkoGame` is the mutable
wrapper for notebooks.  A session with two bots and a human-driven seat (seat 2)::

    >>> from durak_lessons.ochko import OchkoGame, EVBot, ThresholdBot, Phase
    >>> game = OchkoGame([100, 100, 100], seed=7)       # seat 0 banks first
    >>> bots = {0: ThresholdBot(17), 1: EVBot()}
    >>> for _ in range(3):                              # three rounds
    ...     state = game.deal()                         # a pack shuffled by the game's rng
    ...     state = game.play(bots, deal=False)         # bots act until seat 2 must
    ...     while state.to_move == 2:
    ...         me = game.view(2)                       # what the human sees, no more
    ...         if me.phase is Phase.STAKE:
    ...             action = "stake 5"
    ...         elif me.phase is Phase.BANKER:          # the bank may come round to him
    ...             action = str(me.legal[0])           # draw while he may
    ...         else:
    ...             action = game.odds(2).best          # exact odds: stand, buy or buy dark
    ...         state = game.push(action)
    ...         state = game.play(bots, deal=False)
    >>> game.state.round_no, game.state.total_money
    (3, 300)
    >>> game.push("stand")
    Traceback (most recent call last):
    ...
    durak_lessons.errors.IllegalActionError: illegal action stand: the cards are not dealt yet [R20]
    >>> print(game.state)  # doctest: +ELLIPSIS
    Очко, round 3: deal; bank ...

Seven names here are the Очко counterparts of Durak names of :mod:`durak_lessons`:
``Action``, ``Bot``, ``Deal``, ``RandomBot``, ``apply``, ``explain`` and ``legal_actions``.
``from durak_lessons.ochko import *`` after ``from durak_lessons import *`` puts the Очко
ones in their place, so a notebook that uses both games imports the module instead
(``from durak_lessons import ochko``, then ``ochko.Deal``) or names what it takes.

Readings chosen where R20 and the source are silent (``O``-numbers appear in refusals)
are listed in :data:`durak_lessons.ochko.rules.OCHKO_READINGS`.
"""

from .bots import Bot, EVBot, InvalidBotError, RandomBot, ThresholdBot, banker_move
from .engine import (
    BUY,
    BUY_DARK,
    DRAW,
    STAKE_BANK,
    STAND,
    Action,
    Buy,
    Deal,
    Draw,
    LegalActions,
    OchkoState,
    OchkoView,
    Phase,
    Stake,
    StakeBank,
    Stand,
    Status,
    apply,
    deal_order,
    explain,
    legal_actions,
    new_session,
    parse_action,
    view,
)
from .game import OchkoGame
from .odds import (
    Banker16,
    Odds,
    banker_distribution,
    banker_odds,
    clear_cache,
    counts_of,
    hand_odds,
    odds,
    unseen_counts,
)
from .record import OchkoRecord
from .rules import PACK, POINTS, BankPassing, OchkoRules, is_bust, points, special

__all__ = [
    "BUY",
    "BUY_DARK",
    "DRAW",
    "PACK",
    "POINTS",
    "STAKE_BANK",
    "STAND",
    "Action",
    "BankPassing",
    "Banker16",
    "Bot",
    "Buy",
    "Deal",
    "Draw",
    "EVBot",
    "InvalidBotError",
    "LegalActions",
    "OchkoGame",
    "OchkoRecord",
    "OchkoRules",
    "OchkoState",
    "OchkoView",
    "Odds",
    "Phase",
    "RandomBot",
    "Stake",
    "StakeBank",
    "Stand",
    "Status",
    "ThresholdBot",
    "apply",
    "banker_distribution",
    "banker_move",
    "banker_odds",
    "clear_cache",
    "counts_of",
    "deal_order",
    "explain",
    "hand_odds",
    "is_bust",
    "legal_actions",
    "new_session",
    "odds",
    "parse_action",
    "points",
    "special",
    "unseen_counts",
    "view",
]
