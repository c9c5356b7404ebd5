"""GreedyBot and HeuristicBot exchange the trump six for the turned-up trump (R19) at their
first chance, whether leading or defending (our reading D22: any time it is theirs to act).
Until session 38 neither ever did: the exchange sorted last among their choices."""

from __future__ import annotations

import random

import pytest

from durak_lessons import Action, Deal, GreedyBot, View, initial_state
from durak_lessons.heuristic import HeuristicBot

BOTS = [GreedyBot(), HeuristicBot()]


@pytest.mark.parametrize("bot", BOTS, ids=lambda b: b.name)
def test_the_leader_exchanges_the_trump_six_first(bot: GreedyBot) -> None:
    # дураки с пар, hearts trumps: A♥ turned up under the stock (J♦ above it); seat 0 leads
    # and holds 6♥
    deal = Deal.from_hands(
        ["6H 7S 8S 9S 10S", "6C 7C 8C 9C 10C"], trump="AH", stock="JD", leader=0
    )
    state = initial_state("s-par", deal)
    assert "E6H" in state.legal_actions()
    assert state.legal_actions()[-1] == Action.parse("E6H")  # last, where the bots look for it
    assert bot.choose(View(state, 0), random.Random(1)) == Action.parse("E6H")
    after = state.apply("E6H")
    assert after.to_move == 0 and "E6H" not in [str(a) for a in after.legal_actions()]
    assert bot.choose(View(after, 0), random.Random(1)).kind != Action.parse("E6H").kind


@pytest.mark.parametrize("bot", BOTS, ids=lambda b: b.name)
def test_the_defender_exchanges_before_he_answers(bot: GreedyBot) -> None:
    # seat 1 holds 6♥ and must answer the 9♦ seat 0 leads (one card: a lead of с пар, R19)
    deal = Deal.from_hands(
        ["7S 7C 8D 9D 10D", "6H 8S 8C QD KD"], trump="AH", stock="JD", leader=0
    )
    state = initial_state("s-par", deal).apply("L9D")
    assert state.to_move == 1 and "E6H" in state.legal_actions()
    assert state.legal_actions()[-1] == Action.parse("E6H")  # last, where the bots look for it
    assert bot.choose(View(state, 1), random.Random(1)) == Action.parse("E6H")
    after = state.apply("E6H")  # now A♥ is in his hand, and he answers
    assert bot.choose(View(after, 1), random.Random(1)).kind != Action.parse("E6H").kind


def test_the_search_bot_s_playouts_exchange_too() -> None:
    from durak_lessons.search import rollout_action

    deal = Deal.from_hands(
        ["6H 7S 8S 9S 10S", "6C 7C 8C 9C 10C"], trump="AH", stock="JD", leader=0
    )
    state = initial_state("s-par", deal)
    # every time, not only when the playout's one decision in ten is random
    assert {str(rollout_action(state, random.Random(seed), state.legal_actions()))
            for seed in range(40)} == {"E6H"}
