"""Golden playthroughs: ``python scripts/golden.py`` rewrites ``tests/golden/<preset>.txt``.

Each file is one whole deal of a preset played by fixed bots from a fixed seed: for every
state, what the player to move sees (his view), his legal actions and the action taken.  A
rules change shows up as a readable diff of these files;
``tests/golden/test_golden_playthroughs.py`` regenerates every registered playthrough in
memory and compares.  Add a preset by adding a line to ``REGISTRY`` (other families may add
theirs: the renderer only uses the View).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from durak_lessons import GreedyBot, RandomBot, View, deal, find_preset, initial_state
from durak_lessons.bots import Bot
from durak_lessons.cli import view_text  # what a seat sees, as the terminal game shows it

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"

#: (preset, players, seed): one playthrough each, seat 0 greedy and the others random
REGISTRY: list[tuple[str, int, int]] = [
    ("prostoy", 3, 1),
    ("prostoy-partial", 3, 2),
    ("pyatki", 2, 3),
    ("prostoy-pairs", 3, 4),
    ("blind", 2, 5),
    ("blind-perevodnoy", 2, 6),
    ("diamonds", 3, 18),
    ("diamonds-turned", 2, 8),
    ("svoi-kozyri-8a", 2, 9),
    ("svoi-kozyri-8b", 4, 15),
    ("s-par", 3, 11),
    ("s-par-all-cards", 3, 12),
    ("s-par-three", 4, 13),
    ("s-par-regional", 3, 14),
    ("english", 3, 15),
    ("s-par-own-trumps", 4, 16),
    ("navalenny", 3, 21),
    ("navalenny-top", 3, 22),
    ("dorozhny", 3, 23),
    ("dorozhny-open", 3, 24),
    ("podkidnoy", 3, 25),
    ("podkidnoy-teams", 4, 26),
    ("perevodnoy", 3, 27),
    ("perevodnoy-otkaz", 2, 28),
]

MAX_LINES_PER_ACTIONS = 3  # legal actions shown in full, wrapped at 100 characters


def _wrap(words: list[str], indent: str = "    ") -> str:
    lines, line = [], indent
    for w in words:
        if len(line) + len(w) + 1 > 100:
            lines.append(line.rstrip())
            line = indent
        line += w + " "
    lines.append(line.rstrip())
    return "\n".join(lines)


def playthrough(preset: str, players: int, seed: int) -> str:
    rules = find_preset(preset)
    rng = random.Random(seed)
    d = deal(rules, players, rng)
    bots: list[Bot] = [GreedyBot(), *(RandomBot() for _ in range(players - 1))]
    state = initial_state(rules, d)
    out = [
        f"# golden playthrough: {rules.to_string()}, {players} players, seed {seed}",
        f"# bots: {', '.join(b.name for b in bots)}",
        f"deal {d.to_text()}",
    ]
    step = 0
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        view = View(state, seat)
        actions = view.legal_actions()
        action = bots[seat].choose(view, rng)
        step += 1
        out.append(f"{step}. seat {seat} to move")
        out.append(view_text(view))
        out.append(f"  legal ({len(actions)}):")
        out.append(_wrap([str(a) for a in actions]))
        picked = getattr(state, "picked_card", None)
        shown = picked(action) if picked is not None else None
        out.append(f"  -> {action}" + (f" (the card turns out to be {shown})" if shown else ""))
        state = state.apply(action)
    assert state.outcome is not None
    out.append(f"end: {state.outcome.describe()} out order {state.outcome.out_order}")
    return "\n".join(out) + "\n"


def main() -> int:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for preset, players, seed in REGISTRY:
        text = playthrough(preset, players, seed)
        (GOLDEN / f"{preset}.txt").write_text(text, encoding="utf-8")
        print(text.count("\n"), "lines", preset)
    return 0


if __name__ == "__main__":
    sys.exit(main())
