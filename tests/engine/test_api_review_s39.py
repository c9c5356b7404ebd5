"""The engine in a notebook (session 39): a deal shows itself as the line that reads it back,
as a record does, in every game and at every seat count; every preset comes as a list."""

from __future__ import annotations

import pytest

import durak_lessons as dl
from durak_lessons import Deal

SETTINGS = [
    (preset.id, players) for preset in dl.all_presets() for players in preset.seat_counts
]


@pytest.mark.parametrize(("preset", "players"), SETTINGS)
def test_a_deal_reprs_as_the_line_that_reads_it_back(preset: str, players: int) -> None:
    d = dl.deal(preset, players, seed=players)
    text = repr(d)
    # was: every card as Card.parse('…'), one line of 801 characters in a notebook for the
    # подкидной deal of seed 1; now 116, what the records write for the deal
    assert text == f"Deal.from_text({d.to_text()!r})" and len(text) < 200
    assert eval(text, {"Deal": Deal}) == d


def test_every_preset_is_a_list_as_the_names_are() -> None:
    presets = dl.all_presets()  # was an iterator: no len, no index, used up once read
    assert isinstance(presets, list) and len(presets) == len(dl.preset_names())
    assert [p.id for p in presets] == dl.preset_names() and presets[0].id == "podkidnoy"
    presets.clear()
    assert dl.all_presets() != []  # a new list each time: the registry is not touched
