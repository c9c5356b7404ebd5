"""Playing whole games with bots."""

from __future__ import annotations

import random
from collections.abc import Sequence

from .actions import Action, checked
from .bots import Bot, is_bot
from .deal import Deal, _rules, check_no_fool_beside, rng_of
from .deal import deal as shuffled
from .engine import initial_state
from .errors import DurakError, EndlessGameError, InvalidBotError, InvalidRecordError
from .outcome import Outcome
from .records import Record
from .rules import Preset, Rules
from .views import View

__all__ = ["MAX_ACTIONS", "play"]

#: The most actions :func:`play` lets a deal take.  Sensible play ends far sooner (the tests
#: check random playouts of every preset against it); with transfers, bots that play at random
#: can go round for ever, and so can bots that always answer a position alike (three players
#: passing the same cards round once the stock is out); :func:`play` then raises
#: :class:`EndlessGameError` (a tournament scores such a game as a draw).
MAX_ACTIONS = 5000


def play(
    rules: Rules | Preset | str,
    bots: Sequence[Bot],
    seed: int | random.Random | None = None,
    *,
    deal: Deal | None = None,
    deal_: Deal | None = None,
    fool: int | None = None,
) -> tuple[Outcome, Record]:
    """Play one deal to the end with one bot per seat; returns the outcome and the record.

    ``deal``: a deal to play (``Deal.from_hands``, as :class:`~durak_lessons.engine.Game`
    takes it; ``deal_`` is its older name) instead of one shuffled from ``seed``; ``fool``
    (the loser of the previous deal, who deals: R11) shapes a shuffled deal, so it is
    refused beside a deal given.

    The same seed gives the same deal and the same game (bots draw from the same RNG).
    So a bot that reads the generator's state could work the deal out from it: ``play`` is
    for bots one trusts (all of this library's, which read nothing but their view);
    :func:`~durak_lessons.tournament.run_tournament` gives the bots a generator of their own.
    """
    r = _rules(rules)
    if isinstance(bots, str) or not isinstance(bots, Sequence):
        raise InvalidBotError(
            f"bots: expected a list of one bot (an object with choose(view, rng)) per seat,"
            f" got {bots!r}"
        )
    for i, bot in enumerate(bots):
        if not is_bot(bot):
            made = ", a class (make one: GreedyBot())" if isinstance(bot, type) else ""
            raise InvalidBotError(
                f"bots[{i}] is {bot!r}{made}: expected one bot (an object with"
                " choose(view, rng), such as GreedyBot() or RandomBot()) per seat"
            )
    if deal is not None and deal_ is not None:
        raise InvalidRecordError(
            "deal= and deal_= are one argument (deal_ its older name): give one"
        )
    given = deal if deal is not None else deal_
    check_no_fool_beside(given, fool)
    rng = rng_of(seed)
    d = given if given is not None else shuffled(r, len(bots), rng, fool=fool)
    state = initial_state(r, d)  # refuses what is not a Deal
    if d.players != len(bots):
        raise InvalidRecordError(f"the deal has {d.players} hands for {len(bots)} bots")
    views = [View(state, seat) for seat in range(len(bots))]
    actions: list[Action] = []
    for _ in range(MAX_ACTIONS):
        if state.is_over:
            assert state.outcome is not None
            return state.outcome, Record._played(r, d, tuple(actions))
        seat = state.to_move
        assert seat is not None
        views[seat] = View(state, seat)
        chosen = bots[seat].choose(views[seat], rng)
        try:
            action = checked(chosen)
            state = state.apply(action)
        except DurakError as exc:  # the bot broke its contract: say which one, and when
            name = getattr(bots[seat], "name", type(bots[seat]).__name__)
            exc.add_note(
                f"chosen by the bot at seat {seat} ({name}) as action {len(actions) + 1}"
                f" of the deal; the game so far: {Record._played(r, d, tuple(actions)).to_text()}"
            )
            raise
        actions.append(action)
    raise EndlessGameError(f"no end after {MAX_ACTIONS} actions: {r.to_string()} {d.to_text()}")
