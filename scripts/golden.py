"""Golden playthroughs: every position's view, legal actions and the action taken, as text.

    python scripts/golden.py            # rewrite tests/golden/<id>.txt for every entry
    python scripts/golden.py navalenny  # only these ids

Each entry of :data:`GOLDEN` plays one deal with fixed bots and a fixed seed and writes what
the seat to move sees before each action.  ``tests/golden/test_golden.py`` regenerates the
text and compares it with the stored file, so any rules change shows up as a readable diff:
review it, then rerun this script and commit the new files with the change.

To add a preset, append an entry (id, preset, players, seed).  The text uses only what a
:class:`~durak_lessons.views.View` offers (plus the public pile sizes of the chain games).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import NamedTuple

from durak_lessons import GreedyBot, RandomBot, Record, View, play, preset_info
from durak_lessons.cards import format_cards

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "golden"


class Golden(NamedTuple):
    id: str  # the file name: tests/golden/<id>.txt
    preset: str
    players: int
    seed: int


GOLDEN: list[Golden] = [
    Golden("navalenny", "navalenny", 3, 1),
    Golden("navalenny-top", "navalenny-top", 2, 2),
    Golden("dorozhny", "dorozhny", 3, 3),
    Golden("dorozhny-open", "dorozhny-open", 3, 4),
]


def _cards(cards: object) -> str:
    text = format_cards(cards)  # type: ignore[arg-type]
    return text or "-"


def view_text(view: View, pile_sizes: tuple[int, ...] | None = None) -> list[str]:
    """What ``view.seat`` sees, one fact a line (``pile_sizes``: the public sizes of the
    face-down piles of faithful дорожный, which a View does not carry)."""
    lines = [
        f"seat {view.seat} to move ({view.phase})",
        f"hand: {_cards(view.hand)}",
        "hand sizes: " + " ".join(str(n) for n in view.hand_sizes),
    ]
    if pile_sizes is not None:
        lines.append("pile sizes: " + " ".join(str(n) for n in pile_sizes))
    table = " ".join(f"{a}/{c}" if c is not None else str(a) for a, c in view.table) or "-"
    lines.append(f"table: {table}")
    trump = view.trump_card if view.trump_card is not None else view.trump
    lines.append(
        f"trump: {trump}  stock: {view.stock_count}  discard: {view.discard_count}"
        + (f"  out: {' '.join(map(str, view.out))}" if view.out else "")
    )
    known = [f"{p}: {_cards(view.known(p))}" for p in range(view.players) if view.known_mask(p)]
    if known:
        lines.append("known: " + "; ".join(known))
    return lines


def playthrough(entry: Golden) -> str:
    """The golden text of one entry."""
    info = preset_info(entry.preset)
    bots = [GreedyBot() if seat % 2 == 0 else RandomBot() for seat in range(entry.players)]
    outcome, record = play(entry.preset, bots, seed=entry.seed)
    lines = [
        f"# {info.id}: {info.russian} / {info.english} ({info.source}, {info.section})",
        f"# players {entry.players}, seed {entry.seed}, bots: " + " ".join(b.name for b in bots),
        f"# record: {record.to_text()}",
    ]
    states = record.states()
    for i, (state, action) in enumerate(zip(states, record.actions, strict=False)):
        seat = state.to_move
        assert seat is not None
        view = View(state, seat)
        lines.append(f"--- {i}")
        piles = getattr(state, "pile_sizes", None) if state.rules.personal_piles else None
        lines.extend(view_text(view, piles))
        lines.append("legal: " + " ".join(str(a) for a in view.legal_actions()))
        lines.append(f"action: {action}")
    lines.append("--- end")
    final = states[-1]
    lines.append(f"result: {outcome.describe()}  out: {' '.join(map(str, outcome.out_order))}")
    assert Record.from_text(record.to_text()).outcome == final.outcome
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    wanted = set(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    for entry in GOLDEN:
        if wanted and entry.id not in wanted:
            continue
        text = playthrough(entry)
        (OUT / f"{entry.id}.txt").write_text(text, encoding="utf-8")
        print(f"{text.count('--- ') - 1:5d} actions  tests/golden/{entry.id}.txt")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
