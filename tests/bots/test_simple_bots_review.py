"""The simple bots after the review of the bots layer: HeuristicBot under ``must_cover`` (no
"take" while a card can be covered), HeuristicBot tables that went round for ever with three
or more players, GreedyBot's docstring on trump honours, bots called out of turn, and the
suit HeuristicBot names as its own trump (свои козыри)."""

from __future__ import annotations

import random

import pytest

import durak_lessons as dl
from durak_lessons import Action, Deal, GreedyBot, RandomBot, View, find_preset, initial_state
from durak_lessons.errors import IllegalActionError
from durak_lessons.heuristic import HeuristicBot
from durak_lessons.own_trumps import strongest_suit

BOTS = [RandomBot, GreedyBot, HeuristicBot]


def _apply(state: dl.GameState, moves: str) -> dl.GameState:
    for move in moves.split():
        state = state.apply(Action.parse(move))
    return state


# ---- must_cover: no "take" while a card can be covered ------------------------------------------
def test_heuristic_bot_covers_what_it_can_where_taking_is_forbidden() -> None:
    d = Deal.from_hands(["7S 7C 9D", "8S 9S 10D"], trump="H", leader=0)
    s = _apply(initial_state(find_preset("podkidnoy").replace(must_cover=True), d), "L7S7C")
    legal = sorted(str(a) for a in s.legal_actions())
    assert legal == ["C7S8S", "C7S9S"]  # 7♣ cannot be covered, and yet "take" is not allowed
    assert str(HeuristicBot().choose(View(s, 1), random.Random(0))) == "C7S8S"


@pytest.mark.parametrize("preset", ["s-par", "english", "podkidnoy", "s-par-regional"])
def test_heuristic_bot_plays_must_cover_games_to_the_end(preset: str) -> None:
    rules = find_preset(preset).replace(must_cover=True)
    for seed in range(3):
        for bots in ([HeuristicBot(), GreedyBot()], [GreedyBot(), HeuristicBot()]):
            outcome, record = dl.play(rules, bots, seed=seed)
            assert record.outcome == outcome


# ---- play that went round for ever ----------------------------------------------------------------
@pytest.mark.parametrize(
    ("preset", "players", "seed"),
    [
        ("podkidnoy", 3, 5),
        ("podkidnoy", 3, 88),
        ("podkidnoy", 3, 118),
        ("diamonds", 3, 38),
        ("diamonds", 6, 18),
        ("diamonds-turned", 3, 8),
        ("diamonds-turned", 4, 52),
        ("blind", 5, 245),  # the blind game: HeuristicBot picks as GreedyBot does
    ],
)
def test_heuristic_bots_finish_deals_they_played_round_for_ever(
    preset: str, players: int, seed: int
) -> None:
    outcome, record = dl.play(preset, [HeuristicBot() for _ in range(players)], seed=seed)
    assert outcome.fool is not None or outcome.termination.value == "draw"
    assert len(record.actions) < 1000


#: two cards going round a table of three with the stock empty: 10♣ from seat 0 to 1 to 2 and
#: back, 7♣ from seat 2 to 0 to 1 and back; after six bouts seat 0 leads from the first position
ROUND = "L10C take L7C take L10C take L7C take L10C take L7C take"


def _round_table() -> dl.GameState:
    d = Deal.from_hands(["6S 10C", "8D 9D", "7C JS"], trump="H", leader=0)
    return initial_state("podkidnoy", d)


def test_heuristic_bot_does_not_lead_the_same_way_from_a_position_it_led_from() -> None:
    from durak_lessons.heuristic import earlier_leads

    s = _round_table()
    bot = HeuristicBot()
    assert str(bot.choose(View(s, 0), random.Random(0))) == "LTC"  # its first choice
    assert earlier_leads(View(s, 0)) == {}
    s = _apply(s, ROUND)
    assert earlier_leads(View(s, 0)) == {(dl.Card.parse("10C"),): 1}
    assert str(bot.choose(View(s, 0), random.Random(0))) == "L6S"
    # the same cards in other hands are another position; so is the middle of the round
    half = _apply(_round_table(), " ".join(ROUND.split()[:6]))
    assert half.to_move == 0 and earlier_leads(View(half, 0)) == {}
    assert str(bot.choose(View(half, 0), random.Random(0))) == "L7C"


def test_the_repeated_position_is_read_from_the_public_record_only() -> None:
    """Two deals that differ only in cards seat 0 cannot see give it the same choice."""
    from durak_lessons.heuristic import earlier_leads

    a = _apply(_round_table(), ROUND)
    other = Deal.from_hands(["6S 10C", "8D 9D", "7C QS"], trump="H", leader=0)
    b = _apply(initial_state("podkidnoy", other), ROUND)
    assert earlier_leads(View(a, 0)) == earlier_leads(View(b, 0))
    assert HeuristicBot().choose(View(a, 0), random.Random(0)) == HeuristicBot().choose(
        View(b, 0), random.Random(0)
    )


# ---- GreedyBot's docstring -----------------------------------------------------------------------
def test_greedy_bot_covers_with_a_trump_honour_as_its_docstring_says() -> None:
    d = Deal.from_hands(
        ["7S 8C 9C 10C JC QC", "AH 6D 7D 8D 9D 10D"],
        trump="6H",
        stock="6S 8S 9S 10S JS QS KS AS 6C 7C KC AC JD QD KD AD 7H 8H 9H 10H JH QH KH",
        leader=0,
    )
    s = _apply(initial_state("podkidnoy", d), "L7S")
    assert s.stock_count == 24
    assert str(GreedyBot().choose(View(s, 1), random.Random(0))) == "C7SAH"
    doc = " ".join((GreedyBot.__doc__ or "").split())
    assert "covering would cost a trump honour" not in doc
    assert "covers whenever it can" in doc


# ---- called out of turn ----------------------------------------------------------------------------
@pytest.mark.parametrize("bot", BOTS, ids=lambda b: b.name)
def test_a_bot_called_out_of_turn_says_its_seat_is_not_to_move(bot: type[dl.Bot]) -> None:
    s = dl.new_game("podkidnoy", players=2, seed=3)
    other = 1 - s.to_move
    with pytest.raises(IllegalActionError, match=f"seat {other} is not to move"):
        bot().choose(View(s, other), random.Random(0))


@pytest.mark.parametrize("bot", BOTS, ids=lambda b: b.name)
def test_a_bot_called_after_the_deal_says_it_is_over(bot: type[dl.Bot]) -> None:
    _, record = dl.play("podkidnoy", [GreedyBot(), GreedyBot()], seed=4)
    last = record.states()[-1]
    assert last.is_over
    with pytest.raises(IllegalActionError, match=r"not to move \(the deal is over\)"):
        bot().choose(View(last, 0), random.Random(0))


# ---- naming one's own trump ----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("preset", "players"), [("svoi-kozyri-8b", 2), ("svoi-kozyri-8b", 4), ("s-par-own-trumps", 4)]
)
def test_heuristic_bot_names_the_suit_it_holds_most_of(preset: str, players: int) -> None:
    for seed in range(3):
        s = dl.new_game(preset, players=players, seed=seed)
        for _ in range(players):  # every seat names in turn
            v = View(s, s.to_move)
            allowed = [a.position for a in v.legal_actions()]
            choice = HeuristicBot().choose(v, random.Random(0))
            assert choice.position == strongest_suit(v.hand_mask, allowed)
            s = s.apply(choice)


# ---- GreedyBot going round for ever ---------------------------------------------------------------
def test_greedy_bots_no_longer_pass_the_same_cards_round_for_ever() -> None:
    """Three GreedyBots, the stock out (a position met in the diamonds game with the trump
    turned, seed 69): they passed these cards round the table until :func:`play` gave up.
    Leading otherwise from a bout start met before, they finish the deal."""
    d = Deal.from_hands(
        ["QS KS AS AC", "8S 8D JD KD 7H 9H", "10S KC 10D 6H 8H 10H QH KH"], trump="H", leader=2
    )
    outcome, record = dl.play("diamonds-turned", [GreedyBot()] * 3, 1, deal_=d)
    assert (outcome.fool, outcome.out_order) == (2, (0, 1))
    assert len(record.actions) == 108


def test_greedy_bot_leads_otherwise_only_where_it_led_before() -> None:
    s = _round_table()
    bot = GreedyBot()
    first = str(bot.choose(View(s, 0), random.Random(0)))
    s = _apply(s, ROUND.replace("10C", "6S"))  # 6♠ goes round instead of 10♣
    again = str(bot.choose(View(s, 0), random.Random(0)))
    assert (first, again) == ("L6S", "LTC")  # its cheapest lead, then the one not made there
    # in the middle of the round nothing was led from that position before
    half = _apply(_round_table(), " ".join(ROUND.replace("10C", "6S").split()[:6]))
    assert half.to_move == 0 and str(bot.choose(View(half, 0), random.Random(0))) == "L7C"
