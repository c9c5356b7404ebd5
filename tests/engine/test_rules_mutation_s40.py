"""подкидной and переводной as presets (Rozaliev 2, 3.а, 3.б; R9), pinned where session 40's
mutants of their tables in durak_lessons/rules.py found nothing that would fail: the seat
counts the catalogue and the table at a glance give, and the ones a game is dealt for."""

from __future__ import annotations

import pytest

from durak_lessons import InvalidRulesError, new_game
from durak_lessons.catalogue import catalogue, glance

SEATS = {
    "podkidnoy": (2, 3, 4, 5, 6),  # Rozaliev 2 «Игроков — от 2-х до 6-ти»
    "podkidnoy-teams": (4, 6),  # Rozaliev 2 «двое на двое» или «трое на трое» (R9)
    "perevodnoy": (2, 3, 4, 5, 6),  # 3.а as 2
    "perevodnoy-otkaz": (2, 3, 4, 5, 6),  # 3.б as 3.а
}


@pytest.mark.parametrize("preset", list(SEATS))
def test_podkidnoy_and_perevodnoy_are_dealt_for_the_seat_counts_their_tables_give(
    preset: str,
) -> None:
    """Rozaliev 2 «Игроков — от 2-х до 6-ти» (3.а and 3.б as 2), the team game «двое на
    двое» or «трое на трое» (R9): the catalogue, the table at a glance and the deal all say
    the same; one seat more or fewer is refused."""
    seats = SEATS[preset]
    row = next(r for r in catalogue() if r.id == preset)
    assert row.seat_counts == seats
    assert row.players == ("4 or 6" if preset == "podkidnoy-teams" else "2–6")
    assert {o: v for o, v, _, _ in glance(preset)}["players"] == ", ".join(map(str, seats))
    dealt = []
    for n in range(1, 10):
        try:
            new_game(preset, n, seed=1)
        except InvalidRulesError:
            continue
        dealt.append(n)
    assert tuple(dealt) == seats
