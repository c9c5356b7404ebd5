"""Scenarios that mutation testing (session 36, mutmut over ``durak_lessons/ochko/engine.py``)
showed no test pinned down: each changed rule, payment, refusal or display survived the
whole Очко suite.  Deals are written as the first cards of the pack, as in
``test_ochko_rules.py``: the card turned under, one card each from the banker's left (the
banker last), then the cards bought and drawn in order.
"""

from __future__ import annotations

import pytest
from ochko_helpers import play, refused, start

from durak_lessons.cards import parse_cards
from durak_lessons.errors import InvalidActionError, InvalidRecordError
from durak_lessons.ochko import (
    BUY,
    BUY_DARK,
    DRAW,
    STAKE_BANK,
    STAND,
    BankPassing,
    OchkoGame,
    OchkoRecord,
    OchkoRules,
    OchkoState,
    Phase,
    Stake,
    Status,
    apply,
    deal_order,
    explain,
    legal_actions,
    new_session,
    parse_action,
    view,
)
from durak_lessons.ochko.engine import PACK, Deal

# --------------------------------------------------------------------- settlement (R20, O1, O5, O6)


def test_o1_a_dark_punter_over_21_loses_to_a_banker_who_stands() -> None:
    """O1, Rozaliev 11.а: a punter whose dark cards take him over 21 is settled after the
    banker has drawn, and a bust loses unless the banker busts too (R20)."""
    # punter 10♥ + dark K♥ (4) + dark 9♥ = 23; banker 9♣ + 8♣ = 17 stands
    state = play(start("6S 10H 9C KH 9H 8C"), Stake(10), BUY_DARK, BUY_DARK, STAND, DRAW, STAND)
    assert state.status[1] is Status.LOST
    assert state.results == (10, -10)
    assert state.balances == (0, 90) and state.bank == 110


def test_o6_dark_five_courts_win_against_a_banker_on_17() -> None:
    """O6, Rozaliev 11.а: five courts («пять картинок») bought in the dark are an instant win
    at the showdown, though their 11 points are fewer than the banker's 17."""
    # punter J♥ + dark J♣ J♦ J♠ Q♥ = 11 points, five courts; banker 9♣ + 8♣ = 17
    deal = "6S JH 9C JC JD JS QH 8C"
    state = play(start(deal), Stake(10), BUY_DARK, BUY_DARK, BUY_DARK, BUY_DARK, STAND)
    assert state.phase is Phase.BANKER
    state = play(state, DRAW, STAND)
    assert state.status[1] is Status.WON
    assert state.results == (-10, 10)


def test_r20_the_banker_collects_from_every_punter_he_beats() -> None:
    """R20: at the showdown the banker's result is the sum of what every losing punter pays."""
    # seat 1: 10♥ stands on 10; seat 2: 9♥ stands on 9; banker 9♣ + 8♣ = 17 beats both
    state = apply(new_session([100, 100, 100]), deal_order("6S 10H 9H 9C 8C"))
    state = play(state, Stake(10), STAND, Stake(20), STAND, DRAW, STAND)
    assert state.status == (Status.BANKER, Status.LOST, Status.LOST)
    assert state.results == (30, -10, -20)
    assert state.bank == 130


# ------------------------------------------------------------------ the bank and the session (O7, O8)


def test_r20_a_bank_with_one_unit_left_stays_with_its_banker() -> None:
    """R20 (bank passes when broken): the bank passes only when nothing is left in it."""
    # bank 10: the punter stakes 9 and wins with 10♥ + A♥ = 21; 1 unit is left
    state = play(start("6S 10H 9C AH", bank=10), Stake(9), BUY)
    assert state.phase is Phase.DEAL
    assert (state.banker, state.bank, state.balances) == (0, 1, (90, 109))
    assert state.results == (-9, 9) and state.to_move == -1


def test_o7_the_session_ends_when_the_punter_has_lost_his_last_unit() -> None:
    """O7: after a round nobody can stake against the bank: the session is over and the
    banker takes his bank back."""
    # the punter stakes his 10 and busts: 10♥ + K♥ + 9♥ = 23
    state = play(start("6S 10H 9C KH 9H", balances=(100, 10)), Stake(10), BUY, BUY)
    assert state.phase is Phase.OVER
    assert (state.bank, state.balances, state.to_move) == (0, (110, 0), -1)
    assert state.results == (10, -10)


def test_o7_a_punter_left_with_exactly_the_minimum_keeps_the_session_going() -> None:
    """O7: a punter who still has the minimum stake can stake against the bank."""
    # min 5; the punter stakes 10 of his 15 and busts: 5 left
    state = play(start("6S 10H 9C KH 9H", balances=(100, 15), min_stake=5), Stake(10), BUY, BUY)
    assert state.phase is Phase.DEAL
    assert state.balances == (0, 5) and state.to_move == -1
    state = apply(state, deal_order("6S 10H 9C"))
    assert state.phase is Phase.STAKE and list(legal_actions(state)) == [Stake(5)]


def test_o8_a_new_banker_holds_the_bank_for_the_agreed_rounds_and_draws_in_them() -> None:
    """O8 (bank passes after rounds): the banker who takes the bank over starts his own
    count of rounds, including the rounds in which he draws."""
    rules = OchkoRules(bank_passes=BankPassing.ROUNDS, bank_rounds=2)
    state = new_session([100, 100], rules)
    # each round: the punter stands on 10♥; the banker 9♣ draws 8♥ = 17 and stands
    for _ in range(2):
        state = play(state, deal_order("6S 10H 9C 8H"), Stake(5), STAND, DRAW, STAND)
    assert (state.banker, state.banker_rounds, state.round_no) == (1, 0, 2)
    assert state.to_move == -1
    state = play(state, deal_order("6S 10H 9C 8H"), Stake(5), STAND, DRAW, STAND)
    assert (state.banker, state.banker_rounds) == (1, 1)  # his first round of two
    state = play(state, deal_order("6S 10H 9C 8H"), Stake(5), STAND, DRAW, STAND)
    assert state.banker == 0  # after his second the bank passes on


# ------------------------------------------------------------------------- who stakes (O3, O4, O9)


def test_o9_with_the_banker_in_the_middle_the_punters_stake_round_from_his_left() -> None:
    """O9: play goes clockwise from the banker's left; with the banker at seat 1 of 3, seat 0
    stakes after seat 2."""
    state = start("6S 10H AD 9C", balances=(100, 100, 100), banker=1)
    assert (state.phase, state.to_move) == (Phase.STAKE, 2)
    state = play(state, Stake(10), STAND)
    assert (state.phase, state.to_move) == (Phase.STAKE, 0)


def test_o4_a_punter_with_exactly_the_minimum_stakes_after_another() -> None:
    """Rozaliev 11.а, O4: the minimum stake is allowed, so a punter holding exactly it plays."""
    state = start("6S 10H 9H 9C", balances=(100, 100, 5), min_stake=5)
    state = play(state, Stake(10), STAND)
    assert (state.phase, state.to_move) == (Phase.STAKE, 2)
    assert list(legal_actions(state)) == [Stake(5)]


@pytest.mark.parametrize(
    ("bank", "money", "all_in"),
    [
        (11, 100, 1),  # 1 unit left in the bank: less than the minimum, but «на банк»
        (13, 3, 3),  # 3 left, and the punter has just 3
    ],
)
def test_o3_o4_a_punter_may_go_na_bank_when_less_than_the_minimum_is_left(
    bank: int, money: int, all_in: int
) -> None:
    """O3, O4: when less than the minimum stake is left in the bank, a punter who can cover
    it stakes «на банк»."""
    state = start("6S 10H 9H 9C", balances=(100, 100, money), bank=bank, min_stake=5)
    state = play(state, Stake(10), STAND)
    assert (state.phase, state.to_move) == (Phase.STAKE, 2)
    legal = legal_actions(state)
    assert legal.all_in == all_in and list(legal) == [STAKE_BANK]
    state = apply(state, STAKE_BANK)
    assert state.stakes[2] == all_in


def test_o4_a_punter_who_cannot_stake_sits_the_round_out() -> None:
    """O4: a punter with less than the minimum (and less than the bank) is marked out."""
    state = start("6S 10H 9H 9C", balances=(100, 100, 3), min_stake=5)
    state = play(state, Stake(10), STAND)
    assert state.phase is Phase.BANKER
    assert state.status == (Status.BANKER, Status.STANDING, Status.OUT)


# ----------------------------------------------------------------- the legal actions, as a sequence


def test_the_legal_stakes_read_as_a_sequence_with_na_bank_last() -> None:
    """What a table or a bot reads: every stake from the minimum to the bank, then «на
    банк»; indexing, negative indexing, slicing, len and membership agree."""
    state = start("6S 10H 9C", bank=100)
    legal = legal_actions(state)
    assert len(legal) == 101
    items = list(legal)
    assert items[0] == Stake(1) and items[99] == Stake(100) and items[100] == STAKE_BANK
    assert legal[0] == Stake(1) and legal[99] == Stake(100)
    assert legal[100] == STAKE_BANK and legal[-1] == STAKE_BANK and legal[-2] == Stake(100)
    assert list(legal[98:101]) == [Stake(99), Stake(100), STAKE_BANK]
    assert Stake(100) in legal and STAKE_BANK in legal
    assert Stake(0) not in legal and Stake(101) not in legal


def test_na_bank_is_not_listed_for_a_punter_who_cannot_cover_the_bank() -> None:
    """O4: «на банк» for 100 is no action of a punter holding 50."""
    legal = legal_actions(start("6S 10H 9C", balances=(100, 50)))
    assert len(legal) == 50 and list(legal)[-1] == Stake(50)
    assert STAKE_BANK not in legal and legal[-1] == Stake(50)
    assert Stake(0) not in legal


def test_legal_buying_actions_index_from_both_ends() -> None:
    state = play(start("6S 10H 9C"), Stake(5))
    legal = legal_actions(state)
    assert (legal[0], legal[1], legal[2], legal[-1], len(legal)) == (BUY, BUY_DARK, STAND, STAND, 3)


# ------------------------------------------------------------------------ refusals, word for word


def _pack_but_one_card_left() -> OchkoState:
    """Two seats; the punter (10♥) buys 32 cards in the dark, leaving one card, 7♣, for the
    banker, who holds 6♣."""
    first = parse_cards("AS 10H 6C")
    last = parse_cards("7C")[0]
    middle = [c for c in PACK if c not in first and c != last]
    state = apply(new_session([100, 100]), Deal((*first, *middle, last)))
    state = apply(state, Stake(10))
    for _ in middle:
        state = apply(state, BUY_DARK)
    return state


def test_o9_the_last_card_of_the_pack_can_be_bought_and_drawn_the_turned_card_never() -> None:
    """O9, Rozaliev 11.а: every card but the one turned under can come off the pack; with
    none left nobody buys or draws, and the banker stands whatever his points."""
    state = _pack_but_one_card_left()
    assert state.cards_left == 1
    assert explain(state, BUY) is None
    state = apply(state, STAND)
    assert state.phase is Phase.BANKER
    # 6♣ = 6 with one card left: he must draw it
    refused(state, STAND, "Rozaliev 11.а; R20", "with 15 or less the banker must draw")
    assert explain(state, DRAW) is None
    state = apply(state, DRAW)  # 6♣ + 7♣ = 13, the pack is used up
    assert state.cards_left == 0
    refused(state, DRAW, "O9", "the pack is used up; the card turned under is never dealt")
    assert explain(state, STAND) is None
    state = apply(state, STAND)
    assert state.status[1] is Status.LOST  # his dark cards are far over 21 (O1)


def test_o9_a_punter_cannot_buy_from_a_used_up_pack() -> None:
    state = apply(_pack_but_one_card_left(), BUY_DARK)
    assert state.cards_left == 0 and state.phase is Phase.BUY
    refused(state, BUY, "O9", "the pack is used up; the card turned under is never dealt")
    assert list(legal_actions(state)) == [STAND]


def test_r20_the_banker_must_draw_on_15_and_may_stand_on_16() -> None:
    """Rozaliev 11.а, R20: with 15 or less the banker draws; with 16 he chooses."""
    state = play(start("6S 10H 9C 6D"), Stake(5), STAND, DRAW)  # 9♣ + 6♦ = 15
    refused(state, STAND, "Rozaliev 11.а; R20", "with 15 or less the banker must draw")
    state = play(start("6S 10H 10C 6D"), Stake(5), STAND, DRAW)  # 10♣ + 6♦ = 16
    assert explain(state, STAND) is None and explain(state, DRAW) is None


def test_every_legal_action_and_a_whole_pack_deal_are_explained_as_legal() -> None:
    """explain and apply agree: explain finds nothing wrong with a legal action."""
    state = new_session([100, 100, 100])
    deal = deal_order("6S 10H 9H 9C 8C")
    assert explain(state, deal) is None
    for action in (deal, Stake(10), BUY_DARK, STAND, STAKE_BANK, BUY, STAND):
        if not isinstance(action, Deal):
            assert action in legal_actions(state)
        assert explain(state, action) is None, (state.phase, action)
        state = apply(state, action)
    while state.phase is Phase.BANKER:
        for action in legal_actions(state):
            assert explain(state, action) is None, (state.phase, action)
        state = apply(state, legal_actions(state)[0])
    assert state.phase is Phase.DEAL


@pytest.mark.parametrize(
    ("moves", "balances", "rules", "action", "rule", "text"),
    [
        # before the deal
        ((), (100, 100), {}, STAND, "R20", "the cards are not dealt yet"),
        ((), (100, 100), {}, Deal(PACK[:35]), "Rozaliev 11.а",
         "a deal is an order of the whole 36-card pack"),
        # the session is over
        ((), (100, 0), {}, STAND, "O7",
         "the session is over: nobody can hold a bank or stake against it"),
        # staking
        (("deal",), (100, 100), {}, deal_order("6S"), "R20",
         "a round is in play: the next deal comes after settlement"),
        (("deal",), (100, 100), {}, BUY, "R20", "seat 1 must stake before anyone can buy"),
        (("deal",), (100, 100), {}, STAND, "R20", "seat 1 must stake before anyone can stand"),
        (("deal",), (100, 100), {}, DRAW, "R20",
         "only the banker draws, after every punter has finished"),
        (("deal",), (100, 50), {}, STAKE_BANK, "O4",
         "«на банк» is more money than this punter has"),
        (("deal",), (100, 100), {"max_stake": 20}, STAKE_BANK, "R20",
         "«на банк» would exceed the agreed maximum stake 20"),
        (("deal",), (100, 100), {"min_stake": 5}, Stake(4), "Rozaliev 11.а",
         "the stake is below the agreed minimum 5"),
        (("deal",), (100, 200), {}, Stake(150), "Rozaliev 11.а",
         "a stake may not exceed what is left in the bank (100)"),
        (("deal",), (100, 50), {}, Stake(60), "O4", "the punter has only 50"),
        (("deal",), (100, 200), {"max_stake": 20}, Stake(100), "R20",
         "the stake is above the agreed maximum 20"),
        (("deal",), (100, 50), {"max_stake": 20}, Stake(50), "R20",
         "the stake is above the agreed maximum 20"),
        # buying
        (("deal", Stake(5)), (100, 100), {}, Stake(5), "R20",
         "seat 1 is buying: nobody else can stake now"),
        (("deal", Stake(5)), (100, 100), {"dark_buying": False}, BUY_DARK, "R20",
         "dark buying is not played in this session"),
        # the banker draws
        (("deal", Stake(5), STAND), (100, 100), {}, BUY, "R20",
         "the punters have finished buying: the banker draws now"),
        (("deal", Stake(5), STAND), (100, 100), {}, Stake(5), "R20",
         "the banker is drawing: nobody can stake now"),
        (("deal", Stake(5), STAND, DRAW), (100, 100), {}, DRAW, "Rozaliev 11.а; R20",
         "with 17 or more the banker may not draw"),
    ],
)
def test_each_refusal_names_its_rule_and_says_why(
    moves: tuple[object, ...],
    balances: tuple[int, ...],
    rules: dict[str, object],
    action: object,
    rule: str,
    text: str,
) -> None:
    """Every refusal of explain/apply, word for word: the reader sees this sentence."""
    state = new_session(list(balances), OchkoRules(**rules))  # type: ignore[arg-type]
    for move in moves:
        # punter 10♥; banker 9♣, who draws 8♥ to 17
        state = apply(state, deal_order("6S 10H 9C 8H") if move == "deal" else move)  # type: ignore[arg-type]
    refused(state, action, rule, text)


def test_a_stake_between_the_little_left_and_the_minimum_says_what_is_left() -> None:
    """Rozaliev 11.а: with 3 left in the bank and a minimum of 5, a stake of 5 is refused
    for the bank, not for the minimum."""
    state = start("6S 10H 9H 9C", balances=(100, 100, 100), bank=13, min_stake=5)
    state = play(state, Stake(10), STAND)
    refused(state, Stake(5), "Rozaliev 11.а", "a stake may not exceed what is left in the bank (3)")


# ------------------------------------------------------------------ bad input: clear errors


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ([0], "cannot deal 2♠: it is not in the 36-card pack (sixes to aces)"),
        ([52], "cannot deal card number 52: card numbers are 0..51 (the 36-card pack holds "
               "the sixes to the aces)"),
        ([True], "cannot deal card number True (a bool): card numbers are 0..51 (the 36-card "
                 "pack holds the sixes to the aces)"),
        ("6S 6S", "a card appears twice in the deal"),
        ("2S", "cannot deal 2♠: it is not in the 36-card pack (sixes to aces)"),
        ("6S 7S 2S 3S", "cannot deal 2♠: it is not in the 36-card pack (sixes to aces)"),
        (5, "a deal's first cards are a text such as '6S 10H 9C' or a sequence of card "
            "numbers, not 5 (an int)"),
    ],
)
def test_deal_order_refuses_bad_cards_saying_which(cards: object, message: str) -> None:
    with pytest.raises(InvalidActionError) as info:
        deal_order(cards)  # type: ignore[arg-type]
    assert str(info.value) == message


def test_a_deal_of_cards_and_card_numbers_is_the_same_deal() -> None:
    """Deal reads card numbers as the cards they number, mixed with Card values too."""
    mixed = tuple(c if i % 2 else int(c) for i, c in enumerate(PACK))
    assert Deal(mixed) == Deal(PACK)  # type: ignore[arg-type]
    with pytest.raises(InvalidActionError) as info:
        Deal((*PACK[:35], 52))  # type: ignore[arg-type]
    assert str(info.value).endswith("deal[35] is 52, which numbers no card")


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (5, "not an Очко action: 5 (an int); expected Deal, Stake, StakeBank, Buy, Stand or "
            "Draw, or the text of one such as 'stake 10'"),
        ([1] * 30, "not an Очко action: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,"
                   " 1,..."
                   " (a list); expected Deal, Stake, StakeBank, Buy, Stand or Draw, or the "
                   "text of one such as 'stake 10'"),
        (b"x" * 57, "not an Очко action: b'" + "x" * 57 + "' (a bytes); expected Deal, Stake,"
                    " StakeBank, Buy, Stand or Draw, or the text of one such as 'stake 10'"),
    ],
)
def test_something_that_is_no_action_is_named_in_the_error(value: object, message: str) -> None:
    """A value that is no action is shown (its repr cut past 60 characters) with its type."""
    state = new_session([100, 100])
    with pytest.raises(InvalidActionError) as info:
        explain(state, value)  # type: ignore[arg-type]
    assert str(info.value) == message


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("stake ten", "cannot read a stake from 'stake ten': expected 'stake 10', a whole "
                      "number of units in the digits 0-9"),
        ("stake " + "x" * 34, "cannot read a stake from 'stake " + "x" * 34 + "': expected "
                              "'stake 10', a whole number of units in the digits 0-9"),
        ("stake " + "x" * 35, "cannot read a stake from 'stake " + "x" * 31 + "...': expected "
                              "'stake 10', a whole number of units in the digits 0-9"),
        ("hit", "unknown action 'hit': expected deal ..., stake N, stake bank, buy, buy dark, "
                "stand or draw"),
    ],
)
def test_parse_action_says_what_it_could_not_read(text: str, message: str) -> None:
    with pytest.raises(InvalidActionError) as info:
        parse_action(text)
    assert str(info.value) == message


def test_parse_action_refuses_what_is_no_text() -> None:
    with pytest.raises(InvalidActionError) as info:
        parse_action(10)  # type: ignore[arg-type]
    assert str(info.value) == "an action is a string, not 10"


def test_actions_are_written_in_the_record_notation() -> None:
    """The words of a record (Rozaliev 11.а actions as the records write them)."""
    assert [str(a) for a in (STAKE_BANK, BUY, BUY_DARK, STAND, DRAW, Stake(10))] == [
        "stake bank", "buy", "buy dark", "stand", "draw", "stake 10"
    ]


# ------------------------------------------------------------------------------ the table shown


def test_the_table_shows_dark_cards_in_brackets_and_hidden_ones_as_question_marks() -> None:
    """O2: the omniscient table, and what the punter himself sees, mid-round."""
    state = play(start("6S 10H 9C 8H 9H"), Stake(10), BUY_DARK)
    assert str(state).splitlines() == [
        "Очко, round 1: buy; bank 100, turned under 6♠",
        "  seat  role    money  stake  cards     points  status",
        "  0     banker  0             9♣        9       banker",
        "  1 ▶   punter  100    10     10♥ [8♥]  18      buying",
    ]
    assert str(view(state, 1)).splitlines() == [
        "Очко, round 1: buy; bank 100, turned under 6♠",
        "  seat  role          money  stake  cards     points  status",
        "  0     banker        0             ??                banker",
        "  1 ▶   punter (you)  100    10     10♥ [??]  10+?    buying",
    ]
    seen = view(state, 1)._repr_html_()
    assert "<td>punter (you)</td>" in seen and "<td>10♥ [??]</td><td>10+?</td>" in seen
    assert seen.startswith('<table class="ochko"><caption>Очко, round 1: buy; bank 100')
    assert state._repr_html_() == (
        '<table class="ochko"><caption>Очко, round 1: buy; bank 100, turned under 6♠</caption>'
        "<thead><tr><th>seat</th><th>role</th><th>money</th><th>stake</th><th>cards</th>"
        "<th>points</th><th>status</th></tr></thead><tbody>"
        "<tr><td>0</td><td>banker</td><td>0</td><td></td><td>9♣</td><td>9</td>"
        "<td>banker</td></tr>"
        "<tr><td>1 ▶</td><td>punter</td><td>100</td><td>10</td><td>10♥ [8♥]</td><td>18</td>"
        "<td>buying</td></tr></tbody></table>"
    )


def test_before_the_first_deal_the_table_has_no_turned_card_and_after_a_round_shows_results() -> None:
    state = new_session([100, 100])
    assert str(state).splitlines()[0] == "Очко, round 0: deal; bank 100"
    state = play(state, deal_order("6S 10H 9C 8H"), Stake(5), STAND, DRAW, STAND)
    lines = str(state).splitlines()
    assert lines[0] == "Очко, round 1: deal; bank 105, turned under 6♠"
    assert lines[2].split() == ["0", "banker", "0", "9♣", "8♥", "17", "banker", "+5"]
    assert lines[3].split() == ["1", "punter", "95", "5", "10♥", "10", "lost", "-5"]


# ------------------------------------------------------------------ hands settled at once (O1, O3)


def test_r20_an_ace_and_a_king_are_15_points_not_two_aces() -> None:
    """Rozaliev 11.а: only two aces are an instant win of two cards; K♥ + A♥ is 15."""
    state = play(start("6S KH 9C AH"), Stake(10), BUY)
    assert state.phase is Phase.BUY and state.status[1] is Status.BUYING
    assert state.points(1) == 15


def test_rozaliev_11a_22_points_face_up_lose_at_once() -> None:
    """Rozaliev 11.а: over 21 loses at once; 10♥ + 6♣ + 6♦ = 22 is over."""
    state = play(start("6S 10H 9C 6C 6D"), Stake(10), BUY, BUY)
    assert state.status[1] is Status.LOST
    assert state.results == (10, -10)


def test_o1_a_dark_holder_whose_face_up_cards_reach_22_loses_at_once() -> None:
    """O1: the cards a punter sees already over 21 are a bust he knows of, dark card or not."""
    # 10♥ dealt, 6♣ dark, then K♥ (4) and 8♥ face up: 22 seen
    state = play(start("6S 10H 9C 6C KH 8H"), Stake(10), BUY_DARK, BUY, BUY)
    assert state.status[1] is Status.LOST
    assert state.results == (10, -10)


def test_o3_instant_results_are_paid_to_and_from_the_banker_at_once() -> None:
    """O3: each punter's instant win or bust moves his stake at once; the banker's result is
    the sum."""
    # seat 1: 10♥ + A♥ = 21 wins 10; seat 2: 10♦ + K♦ + 9♦ = 23 loses 20
    state = apply(new_session([100, 100, 100]), deal_order("6S 10H 10D 9C AH KD 9D"))
    state = play(state, Stake(10), BUY, Stake(20), BUY, BUY)
    assert state.status == (Status.BANKER, Status.WON, Status.LOST)
    assert state.results == (10, 10, -20)
    assert state.phase is Phase.DEAL  # nobody waits for the banker: he does not draw (O11)
    # both bust at once: the banker collects both stakes
    state = apply(new_session([100, 100, 100]), deal_order("6S 10H 10D 9C KH 9H KD 9D"))
    state = play(state, Stake(10), BUY, BUY, Stake(20), BUY, BUY)
    assert state.results == (30, -10, -20)


# ------------------------------------------------------------------ the deal and who stakes (O9)


def test_o9_with_the_banker_in_the_last_seat_seat_0_stakes_first() -> None:
    state = start("6S 10H AD 9C", balances=(100, 100, 100), banker=2)
    assert (state.phase, state.to_move) == (Phase.STAKE, 0)


def test_o4_o9_when_the_first_punter_sits_out_the_next_buys_the_next_card() -> None:
    """O4, O9: a punter who cannot stake is passed over; the cards bought still come off the
    pack in order, after the dealt ones."""
    # seat 1 (3 units, minimum 5) is out; seat 2 gets 9♥ and buys 8♥; banker 9♣
    state = start("6S 10H 9H 9C 8H", balances=(100, 3, 100), min_stake=5)
    assert (state.phase, state.to_move) == (Phase.STAKE, 2)
    assert state.status[1] is Status.OUT and state.next_card == 4
    state = play(state, Stake(10), BUY)
    assert state.hands[2] == tuple(parse_cards("9H 8H"))


def test_a_deal_after_the_session_is_over_is_refused() -> None:
    """O7: once nobody can hold a bank or stake, no new round is dealt."""
    over = new_session([100, 0])
    refused(over, deal_order("6S 10H 9C"), "O7",
            "the session is over: nobody can hold a bank or stake against it")


def test_o3_na_bank_at_exactly_the_agreed_maximum_is_allowed() -> None:
    """O3, R20: a bank of 20 with a maximum stake of 20: «на банк» is within the maximum."""
    state = start("6S 10H 9C", bank=20, max_stake=20)
    assert STAKE_BANK in legal_actions(state) and explain(state, STAKE_BANK) is None
    assert apply(state, STAKE_BANK).stakes == (0, 20)


# ------------------------------------------------------------------------------ what a seat sees


def test_o2_a_view_carries_the_public_figures_and_only_the_movers_actions() -> None:
    """O2: every seat sees whose turn it is, the bank, what is left of it, the cards left;
    only the seat to move is given legal actions."""
    state = apply(new_session([100, 100, 100]), deal_order("6S 10H 9H 9C 8C"))
    state = play(state, Stake(30), STAND)  # seat 2 to stake against 70 left
    for seat in range(3):
        v = view(state, seat)
        assert (v.to_move, v.bank, v.available, v.cards_left) == (2, 100, 70, 32)
    assert list(view(state, 2).legal)[-1] == STAKE_BANK
    assert len(view(state, 0).legal) == 0 and len(view(state, 1).legal) == 0


# ----------------------------------------------------------------- bad input and action subclasses


def test_a_state_that_is_no_state_is_named_in_the_error() -> None:
    with pytest.raises(TypeError) as info:
        legal_actions("x")  # type: ignore[arg-type]
    assert str(info.value) == (
        "state: expected an OchkoState (new_session(), OchkoGame.state), not 'x' (a str)"
    )
    with pytest.raises(InvalidActionError) as stake:
        Stake(1.5)  # type: ignore[arg-type]
    assert str(stake.value) == "a stake is a whole number of units, such as Stake(10), not 1.5 (a float)"


def test_subclasses_of_the_actions_play_as_the_actions_do() -> None:
    """apply takes a subclass of an action class as that action (the slow dispatch)."""
    from durak_lessons.ochko.engine import Buy, Draw, StakeBank, Stand

    class MyDeal(Deal):
        __slots__ = ()

    class MyStake(Stake):
        pass

    class MyBank(StakeBank):
        pass

    class MyBuy(Buy):
        pass

    class MyStand(Stand):
        pass

    class MyDraw(Draw):
        pass

    def both(state: OchkoState, plain: object, sub: object) -> OchkoState:
        assert apply(state, sub) == apply(state, plain)  # type: ignore[arg-type]
        return apply(state, plain)  # type: ignore[arg-type]

    s = new_session([100, 100, 100])
    order = deal_order("6S 10H 9H 9C 8C 7D").order
    s = both(s, Deal(order), MyDeal(order))
    s = both(s, Stake(10), MyStake(10))
    s = both(s, BUY_DARK, MyBuy(True))
    s = both(s, STAND, MyStand())
    s = both(s, STAKE_BANK, MyBank())
    s = both(s, STAND, MyStand())
    s = both(s, DRAW, MyDraw())
    assert s.phase is Phase.BANKER
    both(s, STAND, MyStand())


# -------------------------------------------------------------------- the session's set-up (O7)


def test_o7_the_bank_goes_to_the_first_seat_clockwise_who_can_hold_it() -> None:
    """O7: a banker without the minimum passes the bank on clockwise, to the first seat
    that has it; a seat holding exactly the minimum can hold a bank."""
    state = new_session([0, 3, 100, 100], OchkoRules(min_stake=5))
    assert (state.banker, state.bank, state.balances) == (2, 100, (0, 3, 0, 100))
    assert (state.phase, state.to_move, state.banker_rounds, state.round_no) == (
        Phase.DEAL, -1, 0, 0
    )
    state = new_session([5, 100], OchkoRules(min_stake=5))
    assert (state.banker, state.bank, state.balances) == (0, 5, (0, 100))


def test_before_the_first_deal_the_table_shows_money_and_nothing_else() -> None:
    assert str(new_session([100, 100])).splitlines() == [
        "Очко, round 0: deal; bank 100",
        "  seat  role    money  stake  cards  points  status",
        "  0     banker  0                            waiting",
        "  1     punter  100                          waiting",
    ]
    v = view(new_session([100, 100]), 1)
    assert v.hands == ((), ()) and v.stakes == (0, 0) and v.results == (0, 0)
    assert (v.to_move, v.cards_left, v.bottom) == (-1, 0, None)


def test_o7_a_session_over_before_its_first_deal_counts_no_round() -> None:
    """O7: nobody can stake: the session is over, with no bank, no turn and no round played
    (the header said "round 1" for the round that was never dealt)."""
    state = new_session([100, 0])
    assert (state.phase, state.bank, state.to_move, state.round_no) == (Phase.OVER, 0, -1, 0)
    assert (state.banker, state.banker_rounds) == (0, 0)
    assert str(state).splitlines()[0] == "Очко, round 0: over; bank 0"
    # after one round that ends the session, the header counts that one round
    state = play(start("6S 10H 9C KH 9H", balances=(100, 10)), Stake(10), BUY, BUY)
    assert state.phase is Phase.OVER
    assert str(state).splitlines()[0] == "Очко, round 1: over; bank 0, turned under 6♠"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (([1] * 36,), "a 36-card pack serves at most 35 seats, not 36 (one card each, and one "
                      "turned under the pack)"),
        (([100, -1],), "balances[1] is -1: a seat's money is a whole number of units, 0 or more"),
        (([100, 1.5],), "balances[1] is 1.5 (a float): a seat's money is a whole number of "
                        "units, 0 or more"),
        ((5,), "balances are a sequence of each seat's money, such as [100, 100], not 5 (an int)"),
        (([100, 100], 5), "expected an OchkoRules value or its text, such as "
                          "'bank=50,min_stake=5', not 5 (an int)"),
    ],
)
def test_a_bad_session_set_up_says_what_is_wrong(args: tuple[object, ...], message: str) -> None:
    from durak_lessons.errors import InvalidRulesError

    with pytest.raises(InvalidRulesError) as info:
        new_session(*args)  # type: ignore[arg-type]
    assert str(info.value) == message


def test_the_legal_actions_show_as_a_short_list() -> None:
    """What a reader sees of ``legal_actions`` in a notebook or a REPL."""
    state = start("6S 10H 9C")
    assert repr(legal_actions(state)) == "<LegalActions: stake 1..100, stake bank>"
    assert repr(legal_actions(apply(state, Stake(5)))) == "<LegalActions: buy, buy dark, stand>"
    assert repr(legal_actions(new_session([100, 100]))) == "<LegalActions: none>"


# ---- records (mutmut over durak_lessons/ochko/record.py) -----------------------------------


def _session() -> OchkoRecord:
    """Three seats, the banker at seat 1, a minimum stake of 2: a stake of 5 and a stand."""
    game = OchkoGame([50, 50, 50], rules=OchkoRules(min_stake=2), banker=1, seed=1)
    game.deal("6S 10H 9C 8D")
    game.push("stake 5")
    game.push("stand")
    return game.record()


def test_a_record_replays_under_its_own_rules_banker_and_actions() -> None:
    record = _session()
    states = record.states()
    assert len(states) == 4
    assert all(isinstance(s, OchkoState) for s in states)
    assert states[0] == new_session((50, 50, 50), OchkoRules(min_stake=2), banker=1)
    assert states[-1].rules == OchkoRules(min_stake=2)
    assert states[-1].banker == 1
    assert record.final_state() == states[-1] != states[-2]


def test_a_record_keeps_its_rules_through_every_form() -> None:
    record = _session()
    for again in (
        OchkoRecord.from_dict(record.to_dict()),
        OchkoRecord.from_json(record.to_json()),
        OchkoRecord.from_line(record.to_line()),
        OchkoRecord.from_text(record.to_text()),
    ):
        assert again == record
        assert again.rules.min_stake == 2
        assert again.final_state() == record.final_state()


def test_json_text_is_indented_only_when_asked() -> None:
    record = _session()
    assert "\n" not in record.to_json()
    assert record.to_json(indent=2).startswith('{\n  "format": "ochko/1",\n')


def test_a_record_with_other_rules_than_ochkorules_is_refused_by_name() -> None:
    record = OchkoRecord("min_stake=2", (50, 50), 0, ())  # type: ignore[arg-type]
    with pytest.raises(InvalidRecordError) as err:
        record.states()
    assert str(err.value) == "record.rules: expected an OchkoRules, not 'min_stake=2'"


def test_an_illegal_action_names_its_place_in_the_record() -> None:
    data = _session().to_dict()
    actions = [str(a) for a in _session().actions]
    actions[1] = "stake 1"  # below the minimum stake of 2
    data["actions"] = actions
    with pytest.raises(InvalidRecordError, match=r"^record\.actions\[1\] \(stake 1\): "):
        OchkoRecord.from_dict(data)


def _refusal(data: object) -> str:
    with pytest.raises(InvalidRecordError) as err:
        OchkoRecord.from_dict(data)
    return str(err.value)


def test_a_malformed_json_record_is_refused_with_the_element_named() -> None:
    good = _session().to_dict()

    def changed(**kw: object) -> dict[str, object]:
        return {**good, **kw}

    assert _refusal([good]) == "record: expected a JSON object"
    assert _refusal(changed(note="x")) == "record.note: unknown key"
    assert _refusal(changed(note="x", comment="y")) == "record.comment: unknown key"
    assert _refusal(changed(format="ochko/2")) == "record.format: expected 'ochko/1', not 'ochko/2'"
    assert _refusal(changed(rules=[])).startswith("record.rules: ")
    assert _refusal(changed(balances=[])) == "record.balances: expected a list of amounts"
    assert _refusal(changed(balances="50 50")) == "record.balances: expected a list of amounts"
    assert _refusal(changed(balances=[50, -5])) == "record.balances[1]: -5 is not an amount"
    assert _refusal(changed(balances=[50, True])) == "record.balances[1]: True is not an amount"
    assert _refusal(changed(banker="1")) == "record.banker: '1' is not a seat"
    assert _refusal(changed(actions="stake 5")) == "record.actions: expected a list"
    with pytest.raises(InvalidRecordError) as err:
        OchkoRecord.from_json("{not json")
    assert str(err.value).startswith("record: not JSON (")


def test_a_broke_seat_is_a_seat_a_record_may_hold() -> None:
    data = {**_session().to_dict(), "balances": [0, 50, 50], "actions": []}
    record = OchkoRecord.from_dict(data)
    assert record.balances == (0, 50, 50)


def _line_refusal(text: object) -> str:
    with pytest.raises(InvalidRecordError) as err:
        OchkoRecord.from_line(text)  # type: ignore[arg-type]
    return str(err.value)


def test_a_malformed_text_record_is_refused_with_the_field_named() -> None:
    line = _session().to_line()
    fields = line.split(" | ")
    assert _line_refusal(5) == "record: a text record is a string, not int"
    assert _line_refusal(" | ".join(fields[:4])) == (
        "record: expected 5 fields separated by '|', found 4"
    )
    assert _line_refusal(line.replace("ochko/1", "ochko/2", 1)) == (
        "record.format: expected 'ochko/1', not 'ochko/2'"
    )
    assert _line_refusal(line.replace("min_stake=2", "min_stake=two")).startswith("record.rules: ")
    for banker in ("dealer 1", "banker", "banker 1 2"):
        text = " | ".join([*fields[:3], banker, fields[4]])
        assert _line_refusal(text) == (
            f"record.banker: expected 'banker N' (N in digits 0-9), not {banker!r}"
        )
