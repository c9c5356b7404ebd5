"""Очко benchmarks: rounds per second with random players, and one exact EV decision.

Run: ``.venv/bin/python benchmarks/ochko.py``.  Figures come first on each line.  Every
figure is the best of several runs, by the wall clock and by the process's CPU time (on a
shared, loaded machine the CPU time is the steadier one); the load average is printed first.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable

from durak_lessons.cards import parse_cards
from durak_lessons.ochko import (
    BUY_DARK,
    DRAW,
    PACK,
    STAND,
    Deal,
    OchkoGame,
    OchkoRules,
    Phase,
    Stake,
    apply,
    clear_cache,
    hand_odds,
    legal_actions,
    new_session,
)
from durak_lessons.ochko.odds import banker_odds, counts_of


def random_rounds(
    rounds: int, seats: int, seed: int, clock: Callable[[], float] = time.perf_counter
) -> float:
    """Rounds/s of the pure engine with uniformly random players (new session when over)."""
    rng = random.Random(seed)
    rules = OchkoRules(bank=100)
    state = new_session([1000] * seats, rules)
    pack = list(PACK)
    finished = 0  # rounds of the sessions already over
    start = clock()
    while finished + state.round_no < rounds:
        phase = state.phase
        if phase is Phase.DEAL:
            rng.shuffle(pack)
            state = apply(state, Deal(tuple(pack)))
        elif phase is Phase.OVER:
            finished += state.round_no
            state = new_session([1000] * seats, rules)
        else:
            legal = legal_actions(state)
            if phase is Phase.STAKE and legal.stakes:
                state = apply(state, Stake(rng.choice(legal.stakes)))
            else:
                state = apply(state, legal[rng.randrange(len(legal))])
    done = finished + state.round_no
    return done / (clock() - start)


def ev_decision(
    cards: str,
    cold: bool,
    clock: Callable[[], float] = time.perf_counter,
    dark: int = 0,
    runs: int = 5,
) -> float:
    """Seconds (best of ``runs``) for one exact odds() decision of a punter holding ``cards``
    (and ``dark`` cards bought dark) against a pack with only those cards and the card turned
    under (6♠) seen.  ``cold`` clears the memo first (the rank tables built at import are
    kept)."""
    seen = parse_cards(cards + " 6S")
    counts = counts_of(c for c in PACK if c not in seen)
    hand = parse_cards(cards)
    best = float("inf")
    for _ in range(runs):
        if cold:
            clear_cache()
        start = clock()
        hand_odds(counts, hand, dark)
        best = min(best, clock() - start)
    return best


def banker_decision(dark: int, clock: Callable[[], float] = time.process_time) -> str:
    """Seconds for one banker_odds() of a banker who may draw or stand (on 16, say) against
    one punter who bought ``dark`` cards in the dark: the first seed from 1 up that deals it
    (the banker bot asks it on 16)."""
    for seed in range(1, 200):
        game = OchkoGame([100, 100], banker=0, rng=random.Random(seed))
        game.deal()
        game.push(Stake(1))
        for _ in range(dark):
            if BUY_DARK not in game.legal_actions():
                break
            game.push(BUY_DARK)
        else:
            if STAND not in game.legal_actions():
                continue
            game.push(STAND)
            while game.state.phase is Phase.BANKER and list(game.legal_actions()) == [DRAW]:
                game.push(DRAW)
            if game.state.phase is not Phase.BANKER or STAND not in game.legal_actions():
                continue
            view = game.view(0)
            start = clock()
            banker_odds(view)
            took = clock() - start
            return f"{took:.3f} s CPU  banker_odds against {dark} dark cards (seed {seed})"
    return f"no seed of 1-199 deals a banker's choice against {dark} dark cards"


def main() -> None:
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"load average {load} on {os.cpu_count()} cores")
    cpu = time.process_time
    for seats in (2, 4):
        wall = max(random_rounds(30_000, seats, seed) for seed in (1, 2, 3))
        used = max(random_rounds(30_000, seats, seed, cpu) for seed in (1, 2, 3))
        print(f"{wall:,.0f} rounds/s wall / {used:,.0f} rounds/s CPU  random players, "
              f"{seats} seats, pure apply()")
    for cards, note in (
        ("10H 6C", "punter on 16 (10+6): 'should I draw on 16?'"),
        ("KH 8C", "punter on 12 (K+8)"),
        ("10H", "punter on his dealt 10, first decision"),
        ("JH", "punter on his dealt jack, worst first decision"),
    ):
        cold = ev_decision(cards, cold=True)
        cold_cpu = ev_decision(cards, cold=True, clock=cpu)
        warm = ev_decision(cards, cold=False)
        print(f"{cold * 1000:.2f} ms cold wall / {cold_cpu * 1000:.2f} ms cold CPU / "
              f"{warm * 1000:.3f} ms memoised  exact EV: {note}")
    # dark cards: every set of them is a pack of its own for the banker's draw
    for dark in range(0, 8):
        took = ev_decision("10H", cold=True, clock=cpu, dark=dark, runs=1)
        print(f"{took:.2f} s cold CPU  exact EV: punter on his dealt 10 with {dark} dark cards")
    for dark in range(0, 9):
        print(banker_decision(dark))


if __name__ == "__main__":
    main()
