"""Scenario tests for each rule point of Очко (R20, Rozaliev 11.а), with the cards written out.

Deals are written as the first cards of the pack: the first card is turned under the pack
(подрезка), then one card each from the banker's left, the banker last, then the cards that
will be bought and drawn, in order.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from typing import Any

import pytest
from ochko_helpers import play, refused, start

from durak_lessons.cards import RANK_OF, parse_cards
from durak_lessons.ochko import (
    BUY,
    BUY_DARK,
    DRAW,
    STAKE_BANK,
    STAND,
    BankPassing,
    OchkoGame,
    OchkoRules,
    Phase,
    Stake,
    Status,
    apply,
    banker_odds,
    deal_order,
    legal_actions,
    new_session,
    points,
    special,
    view,
)


def test_card_values() -> None:
    assert [points([c]) for c in parse_cards("AS KS QS JS 10S 9S 8S 7S 6S")] == [
        11, 4, 3, 2, 10, 9, 8, 7, 6
    ]
    assert special(parse_cards("AS AH")) == "two aces"
    assert special(parse_cards("AS AH 6S")) is None
    assert special(parse_cards("JS QS KS JH QH")) == "five courts"
    assert special(parse_cards("10S AS")) == "21"


def test_deal_turns_one_card_under_and_deals_from_the_banker_left() -> None:
    # 3 seats, banker 1: 6♠ turned under; seat 2 gets 10♥, seat 0 gets A♦, banker 9♣
    state = apply(new_session([100, 100, 100], banker=1), deal_order("6S 10H AD 9C 7H"))
    assert state.bottom == parse_cards("6S")[0]
    assert state.hands == ((parse_cards("AD")[0],), (parse_cards("9C")[0],),
                           (parse_cards("10H")[0],))
    assert state.phase is Phase.STAKE
    assert state.to_move == 2
    assert state.bank == 100
    assert state.balances == (100, 0, 100)
    # the next card off the pack is 7♥, never the turned-under 6♠
    state = play(state, Stake(5), BUY)
    assert state.hands[2] == tuple(parse_cards("10H 7H"))


def test_the_turned_card_is_never_dealt_even_when_the_pack_runs_out() -> None:
    state = start("AS 6C 6D 6H 7S 7C 7D 7H 8S 8C 8D 8H")
    state = apply(state, Stake(1))
    seen = set(state.hands[0] + state.hands[1])
    for _ in range(33):  # two dealt, 33 to buy (dark, so nothing settles)
        state = apply(state, BUY_DARK)
    assert state.cards_left == 0
    refused(state, BUY, "O9")
    assert state.bottom not in set(state.hands[1]) | seen
    assert legal_actions(state)[0] == STAND


def test_stake_limits() -> None:
    state = start("6S 10H 9C", bank=50, min_stake=2)
    refused(state, Stake(1), "Rozaliev 11.а")  # below the minimum
    refused(state, Stake(51), "Rozaliev 11.а")  # above the bank
    assert Stake(50) in legal_actions(state)
    assert apply(state, STAKE_BANK).stakes[1] == 50  # на банк
    capped = start("6S 10H 9C", bank=50, max_stake=20)
    refused(capped, Stake(21), "R20")
    refused(capped, STAKE_BANK, "R20")
    poor = start("6S 10H 9C", balances=(100, 7))
    refused(poor, Stake(8), "O4")


def test_later_punters_stake_against_what_is_left() -> None:
    # seat 1 stakes 60 of 100 and stands; seat 2 may stake at most 40 (O3)
    state = apply(new_session([100, 100, 100]), deal_order("6S 10H 9H 8C"))
    state = play(state, Stake(60), STAND)
    assert state.to_move == 2
    assert state.available == 40
    refused(state, Stake(41), "Rozaliev 11.а")
    assert apply(state, STAKE_BANK).stakes[2] == 40


def test_instant_win_21_paid_from_the_bank() -> None:
    state = start("6S 10H 9C AH")
    state = play(state, Stake(10), BUY)
    assert state.status[1] is Status.WON
    assert state.balances == (0, 110)
    assert state.bank == 90
    assert state.phase is Phase.DEAL  # nobody waits for the banker: he does not draw (O11)
    assert state.hands[0] == tuple(parse_cards("9C"))


def test_two_aces_and_five_courts_win_at_once() -> None:
    state = play(start("6S AH 9C AS"), Stake(10), BUY)
    assert state.status[1] is Status.WON
    state = play(start("6S JH 9C QH KH JS QS"), Stake(10), BUY, BUY, BUY)
    assert state.status[1] is Status.BUYING
    assert points(state.hands[1]) == 11
    state = apply(state, BUY)
    assert state.status[1] is Status.WON
    assert len(state.hands[1]) == 5


def test_bust_loses_at_once_and_buying_after_standing_is_refused() -> None:
    state = play(start("6S 10H 9C 8H 7H"), Stake(10), BUY, BUY)
    assert state.status[1] is Status.LOST
    assert state.bank == 110
    state = play(start("6S 10H 9C 8H 7H", balances=(100, 100, 100)), Stake(10), STAND)
    refused(state, BUY, "R20")  # seat 2 stakes now
    state = play(state, Stake(5), STAND)
    refused(state, BUY, "R20")  # the banker draws now
    assert state.phase is Phase.BANKER


def test_a_punter_may_stand_on_his_dealt_card_alone() -> None:
    # O12: punter 10♥ stands without buying; banker 9♣ draws 6♥ (15: must draw) and A♥ (26)
    state = play(start("6S 10H 9C 6H AH"), Stake(10), STAND)
    assert state.phase is Phase.BANKER
    assert state.hands[1] == tuple(parse_cards("10H"))
    state = play(state, DRAW, DRAW)
    assert state.status[1] is Status.WON
    assert state.balances == (0, 110)


def test_banker_15_17_rule() -> None:
    # banker 9♣; punter stands on 18 (10+8)
    state = play(start("6S 10H 9C 8H 7H 6H"), Stake(10), BUY, STAND)
    assert state.phase is Phase.BANKER
    refused(state, STAND, "Rozaliev 11.а; R20")  # 9: must draw (R20: 15 or less)
    state = apply(state, DRAW)  # 9 + 7 = 16: free
    assert set(legal_actions(state)) == {DRAW, STAND}
    state2 = apply(state, STAND)  # 16 < 18: punter wins
    assert state2.status[1] is Status.WON
    assert state2.results == (-10, 10)
    state = play(start("6S 10H 9C 8H 8D 6H"), Stake(10), BUY, STAND, DRAW)  # banker 17
    refused(state, DRAW, "Rozaliev 11.а; R20")
    assert list(legal_actions(state)) == [STAND]


def test_tie_goes_to_the_banker_but_not_against_a_dark_punter() -> None:
    # punter 10+8 = 18 face up; banker 9+9 = 18
    state = play(start("6S 10H 9C 8H 9H"), Stake(10), BUY, STAND, DRAW, STAND)
    assert state.status[1] is Status.LOST
    # the same cards, the 8 bought in the dark
    state = play(start("6S 10H 9C 8H 9H"), Stake(10), BUY_DARK, STAND, DRAW, STAND)
    assert state.status[1] is Status.WON


def test_double_bust() -> None:
    # punter 10 + dark K + dark 9 = 23; banker 9 + 7 + 8 = 24
    deal = "6S 10H 9C KH 9H 7C 8C"
    state = play(start(deal), Stake(10), BUY_DARK, BUY_DARK, STAND, DRAW, DRAW)
    assert state.status[1] is Status.WON  # R20: the dark punter wins a double bust
    state = play(start(deal, double_bust_to_banker=True), Stake(10), BUY_DARK, BUY_DARK,
                 STAND, DRAW, DRAW)
    assert state.status[1] is Status.LOST


def test_banker_instant_win_beats_dark_21() -> None:
    # punter 10 + dark A = 21 (dark, unsettled); banker 9 + 6 + 6 = 21 (O5)
    state = play(start("6S 10H 9C AH 6C 6D"), Stake(10), BUY_DARK, STAND, DRAW, DRAW)
    assert state.status[1] is Status.LOST
    assert points(state.hands[0]) == 21
    # against a banker who stands on 17 the dark 21 wins (O6)
    state = play(start("6S 10H 9C AH 8C"), Stake(10), BUY_DARK, STAND, DRAW, STAND)
    assert state.status[1] is Status.WON


def test_banker_bust_pays_every_waiting_punter() -> None:
    state = apply(new_session([100, 100, 100]), deal_order("6S 10H 9H 9C 6C 6D"))
    state = play(state, Stake(10), STAND, Stake(20), STAND, DRAW, DRAW)  # banker 9+6+6=21
    assert state.status[1:] == (Status.LOST, Status.LOST)
    state = apply(new_session([100, 100, 100]), deal_order("6S 10H 9H 9C 6C AC"))
    state = play(state, Stake(10), STAND, Stake(20), STAND, DRAW, DRAW)  # 9+6+11=26
    assert state.status[1:] == (Status.WON, Status.WON)
    assert state.bank == 70
    assert state.total_money == 300


def test_no_dark_buying_option() -> None:
    state = play(start("6S 10H 9C", dark_buying=False), Stake(5))
    refused(state, BUY_DARK, "R20")
    assert BUY_DARK not in legal_actions(state)


def test_bank_passes_when_broken() -> None:
    # 3 seats: seat 1 goes на банк with 10 and buys an ace; the bank passes to seat 1
    state = apply(new_session([100, 100, 100]), deal_order("6S 10H 9H 9C AH"))
    state = play(state, STAKE_BANK, BUY)
    assert state.phase is Phase.DEAL
    assert state.banker == 1
    assert state.bank == 100
    assert state.balances == (0, 100, 100)
    # with two seats and the loser penniless, nobody can stake: the session is over (O7)
    state = play(start("6S 10H 9C AH"), STAKE_BANK, BUY)
    assert state.phase is Phase.OVER
    assert state.balances == (0, 200)


def test_a_session_nobody_can_stake_in_is_over_before_its_first_deal() -> None:
    # O7: seat 1's 3 units are less than the minimum of 5 and than the bank of 50
    state = new_session([100, 3], OchkoRules(min_stake=5))
    assert state.phase is Phase.OVER and state.round_no == 0 and state.balances == (100, 3)
    # seat 0 cannot hold a bank (3 < 5); seat 1's bank of 50 faces a punter with 3: over
    assert new_session([3, 100], OchkoRules(min_stake=5)).phase is Phase.OVER
    # a punter who can go «на банк» against a small bank keeps the session going
    state = new_session([4, 3], OchkoRules(min_stake=5, bank=50))
    assert state.phase is Phase.OVER  # nobody has the minimum to hold a bank
    state = new_session([10, 3], OchkoRules(min_stake=5, bank=3))
    assert state.phase is Phase.DEAL and state.bank == 3


def test_bank_passes_after_n_rounds_with_that_option() -> None:
    state = new_session([100, 100], OchkoRules(bank_passes=BankPassing.ROUNDS, bank_rounds=2))
    for _ in range(2):
        assert state.banker == 0
        # punter 10 stands; banker 9 + 8 = 17 stands and wins
        state = play(state, deal_order("6S 10H 9C 8H"), Stake(5), STAND, DRAW, STAND)
    assert state.banker == 1
    assert state.round_no == 2
    assert state.total_money == 200


def test_view_hides_dark_cards_from_their_owner_until_the_banker_has_drawn() -> None:
    state = play(start("6S 10H 9C 8H 9H"), Stake(10), BUY_DARK, STAND)
    mine, banker = view(state, 1), view(state, 0)
    assert mine.hands[1] == (parse_cards("10H")[0], None)
    assert banker.hands[1] == (None, None)  # the dealt card is private too
    assert mine.hands[0] == (None,)
    assert banker.hands[0] == (parse_cards("9C")[0],)
    assert mine.bottom == parse_cards("6S")[0]
    state = play(state, DRAW)
    assert view(state, 0).hands[1] == (None, None)  # 9+9=18: he may still... must stand
    state = apply(state, STAND)
    assert view(state, 1).hands[1] == tuple(parse_cards("10H 8H"))


def test_refused_actions_name_the_rule() -> None:
    state = new_session([100, 100])
    refused(state, STAND, "R20")  # not dealt yet
    state = start("6S 10H 9C")
    refused(state, BUY, "R20")  # stake first
    refused(state, DRAW, "R20")
    refused(state, deal_order("6S"), "R20")
    over = new_session([100, 0])
    assert over.phase is Phase.OVER
    refused(over, STAND, "O7")


def _banker_odds_by_every_draw(view: object) -> tuple[Fraction, Fraction]:
    """banker_odds worked out the slow way: every ordered draw of a waiting punter's hidden
    cards (each unseen card on its own) and every next card of the banker, one by one."""
    from durak_lessons.ochko.odds import (
        _ACE,
        _ALL_RANKS,
        _COURT,
        _VALUE,
        RANKS,
        _classify,
        _dealt_mask,
        _punter_result,
        unseen_counts,
    )

    v: Any = view
    pool = [i for i, n in enumerate(unseen_counts(v)) if n for _ in range(n)]  # rank indices
    mine = [c for c in v.hands[v.seat] if c is not None]
    b = [RANKS.index(RANK_OF[c]) for c in mine]
    b_total = sum(_VALUE[i] for i in b)
    b_class = _classify(b_total, len(b), b.count(_ACE), sum(_COURT[i] for i in b))
    ev_stand = ev_draw = Fraction(0)
    for seat, status in enumerate(v.status):
        if status is not Status.STANDING:
            continue
        hand, dark = v.hands[seat], v.dark[seat] != 0
        known = [RANKS.index(RANK_OF[c]) for c in hand if c is not None]
        hidden = len(hand) - len(known)
        first = _dealt_mask(hand, v.dark[seat]) if hand and hand[0] is None else _ALL_RANKS
        weight, stand, draw = 0, Fraction(0), Fraction(0)
        for drawn in itertools.permutations(range(len(pool)), hidden):
            ranks = known + [pool[j] for j in drawn]
            if drawn and not first >> pool[drawn[0]] & 1:
                continue
            t = sum(_VALUE[i] for i in ranks)
            p_class = _classify(t, len(ranks), ranks.count(_ACE), sum(_COURT[i] for i in ranks))
            if not dark and p_class != 0:
                continue
            weight += 1
            stand -= _punter_result(t, p_class, dark, b_total, b_class, v.rules.double_bust_to_banker)
            acc = 0  # the banker's next card: any unseen card the punter does not hold
            for j, i in enumerate(pool):
                if j in drawn:
                    continue
                bb = [*b, i]
                bt = b_total + _VALUE[i]
                bc = _classify(bt, len(bb), bb.count(_ACE), sum(_COURT[k] for k in bb))
                acc -= _punter_result(t, p_class, dark, bt, bc, v.rules.double_bust_to_banker)
            draw += Fraction(acc, len(pool) - hidden)
        if weight:
            ev_stand += v.stakes[seat] * stand / weight
            ev_draw += v.stakes[seat] * draw / weight
    return ev_stand, ev_draw


@pytest.mark.parametrize(("seats", "seed"), [(2, 1), (2, 3), (3, 2)])
def test_banker_odds_count_every_draw_of_the_dark_cards(seats: int, seed: int) -> None:
    # banker_odds deals a dark punter's hidden cards as sets of ranks, each weighted by the
    # ordered draws that give it (fast with many dark cards); the same figures, draw by draw
    rng = random.Random(seed)
    game = OchkoGame([100] * seats, banker=0, seed=seed)
    game.deal()
    while game.state.phase in (Phase.STAKE, Phase.BUY):
        actions = game.legal_actions()
        if Stake(5) in actions:
            game.push(Stake(5))
        elif game.state.hands[game.state.to_move].__len__() < 3 and BUY_DARK in actions:
            game.push(rng.choice([BUY_DARK, BUY]))
        else:
            game.push(STAND)
    while game.state.phase is Phase.BANKER and list(game.legal_actions()) == [DRAW]:
        game.push(DRAW)
    assert game.state.phase is Phase.BANKER, "every punter went out: choose another seed"
    view = game.view(0)
    assert any(view.dark), "no dark punter: choose another seed"
    assert banker_odds(view) == _banker_odds_by_every_draw(view)


def test_the_text_table_names_its_columns_and_aligns_them() -> None:
    """What the terminal game shows each turn: a header row, then one row a seat whose
    columns start where the header's do (they were joined unaligned, without names)."""
    from durak_lessons.ochko import OchkoGame

    game = OchkoGame(seed=3)
    game.deal("JC 8C JS TD 6C 8H")
    lines = str(game.view(1)).splitlines()
    header, rows = lines[1], lines[2:]
    assert header.split() == ["seat", "role", "money", "stake", "cards", "points", "status"]
    assert len(rows) == 3
    start = header.index("cards")
    for row in rows:
        assert row[start - 2:start] == "  " and row[start] != " ", (header, row)
    assert "punter (you)" in rows[1] and "??" in rows[0]
