"""A hint provider for :class:`~durak_lessons.widgets.PlayTable` built on the engine's
analysis: the search bot's estimate for every legal move, or the solver's exact verdict once
two players are left with the stock empty.  It sees only the seat's view, like the bots.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from durak_lessons.analysis import alike, hints
from durak_lessons.search import SearchBot
from durak_lessons.views import View

from .narrate import describe_own

__all__ = ["search_hints"]


def search_hints(
    iterations: int = 200, seed: int = 0, shown: int = 3
) -> Callable[[View], str]:
    """``hint_provider`` for PlayTable: the best ``shown`` moves with their chance of not
    being the fool (exact when every card is known), in the engine's words with the reader's
    pronouns ('names ♣ clubs as your trump: 80% not to be the fool').  The same position and
    seed give the same hint.  A bad ``iterations`` or ``shown`` is refused here, not at the
    first click on **Hint**."""
    SearchBot(iterations=iterations)  # its own check of the count: ValueError naming it
    if type(shown) is not int or shown < 1:
        raise ValueError(f"shown: the number of moves a hint names, 1 or more; got {shown!r}")

    def provide(view: View) -> str:
        if view.to_move != view.seat:
            return "Wait for your turn: the hint is for the player to move."
        estimates = hints(view, random.Random(seed), iterations=iterations)
        if len(estimates) == 1:  # nothing to weigh (no estimate is made)
            only = describe_own(estimates[0].action, view, imperative=False)
            return f"Only one move is legal: {only}."
        parts = []
        for e, same in alike(view, estimates)[:shown]:
            move = describe_own(e.action, view, imperative=False)
            if same:  # the blind game: any place of the row the reader has not seen
                places = ", ".join(str(a.position) for a in same)
                move += f" (or in position {places}: places you have not seen)"
            if e.exact is not None:
                word = {1: "wins", 0: "draws", -1: "loses"}[e.exact]
                parts.append(f"{move}: {word} with best play (exact)")
            else:
                parts.append(f"{move}: {e.win:.0%} not to be the fool")
        return "Best moves — " + "; ".join(parts) if parts else "No move to suggest."

    return provide
