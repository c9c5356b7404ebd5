"""PlayTable with a deal given and a seed: the deal is played as given, and the seed seeds the
bots, so the same seed gives the same replies (Game refuses a seed beside a deal since session
38, as it would shuffle a new deal; the table must not pass it on)."""

from __future__ import annotations

from durak_lessons.widgets import PlayTable
from helpers import click_action

from durak_lessons import Action, Deal, RandomBot


def test_a_table_with_a_deal_and_a_seed_plays_the_deal_and_seeds_the_bots() -> None:
    deal = Deal.from_hands(
        ["6S 7S 8S 9S 10S JS", "6C 7C 8C 9C 10C 6D", "7D 8D 9D 10D JD QD"],
        trump="H",
        leader=0,
    )

    def replies(seed: int) -> list[str]:
        table = PlayTable("podkidnoy", deal=deal, seed=seed, bots={1: RandomBot(), 2: RandomBot()})
        assert table.game.deal == deal  # Game refuses a seed beside a deal: not passed on
        click_action(table, Action.parse("L6S"))
        return [str(a) for a in table.game.history]

    first = replies(5)
    assert first[0] == "L6S" and len(first) > 1  # the bots answered
    assert replies(5) == first  # the same seed, the same replies
    assert any(replies(s) != first for s in range(6, 12))  # the seed does reach the bots
