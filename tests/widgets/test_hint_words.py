"""The hint names each move as the engine does at that point of the deal."""

from __future__ import annotations

from durak_lessons.widgets.hints import search_hints

import durak_lessons as dl


def test_a_blind_hint_calls_a_pick_beside_the_attack_a_transfer() -> None:
    g = dl.Game("blind-perevodnoy", seed=3)
    g.push(g.legal_actions()[0])  # a lead; the defender may cover, take or lay a card beside it
    defender = g.state.to_move
    assert defender is not None
    hint = search_hints(iterations=30)(dl.View(g.state, defender))
    assert "tries to transfer with the card in position" in hint
    assert "plays the card in position" not in hint
