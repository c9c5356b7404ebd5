"""One scenario per reading R4-R13 of the rules brief, with the dealt hands written out.

Seats are clockwise; ``position(rules, hands, trump, stock, leader)`` deals the hands as
written; ``stock`` is in drawing order and the turned-up trump is drawn last.
"""

from __future__ import annotations

import pytest
from engine_helpers import cards, hand, play, position

from durak_lessons import (
    IllegalActionError,
    Termination,
    apply,
    deal,
    deal_from_order,
    deck,
    explain,
    find_preset,
    initial_state,
)

PODKIDNOY = find_preset("podkidnoy")
PEREVODNOY = find_preset("perevodnoy")


# ---- R4: refilling order ------------------------------------------------------------------------
def test_r4_leader_refills_first_and_defender_last() -> None:
    state = position(
        PODKIDNOY,
        ["6♠ 9♣ 10♣ J♣ Q♣ K♣", "7♠ 8♦ 9♦ 10♦ J♦ Q♦", "8♠ 9♠ 10♠ J♠ Q♠ K♠"],
        trump="A♥",  # the stock holds only the turned-up trump
    )
    state = play(state, "L6S C6S7S")  # nobody holds a 6 or 7: the bout ends, бито
    assert state.discard_count == 2
    assert "A♥" in hand(state, 0), "the leader draws first"
    assert state.hand_sizes == (6, 5, 6), "the defender, last in order, gets nothing"
    assert state.known_mask(0) == cards("A♥"), "everyone saw the turned-up trump drawn"
    assert state.leader == 1 and state.phase == "lead"


def test_r4_perevodnoy_refill_starts_with_the_last_transferer() -> None:
    state = position(
        PEREVODNOY,
        ["6♠ 9♣ 10♣ J♣ Q♣ K♣", "6♣ 8♦ 9♦ 10♦ J♦ Q♦", "7♠ 7♣ 8♠ 9♠ 10♠ J♠"],
        trump="A♥",
        stock="K♥",
    )
    state = play(state, "L6S X6C")
    assert (state.leader, state.defender) == (1, 2)
    state = play(state, "C6S7S C6C7C")
    assert "K♥" in hand(state, 1), "the transferer (new leader) refills first"
    assert "A♥" in hand(state, 0), "then clockwise: the original leader"
    assert state.hand_sizes == (6, 6, 4)


# ---- R5: throw-in order -------------------------------------------------------------------------
def test_r5_leader_first_then_clockwise_and_a_new_rank_reopens() -> None:
    state = position(
        PODKIDNOY,
        ["6♠ 7♦ 8♦ J♣ Q♣ K♣", "7♠ 8♥ 9♦ 10♦ J♦ Q♦", "6♥ 9♠ 10♠ J♠ Q♠ K♠"],
        trump="A♣",
        stock="6♣ 7♣ 8♣",
    )
    assert state.throwers == (0, 2), "never the defender"
    state = play(state, "L6S C6S7S")
    assert state.to_move == 0, "the leader throws in first"
    state = play(state, "pass")
    assert state.to_move == 2, "then the next player clockwise"
    state = play(state, "T6H")
    assert state.to_move == 1
    state = play(state, "C6H8H")  # 8 is a new rank on the table
    assert state.to_move == 0, "a new rank reopens the turn from the leader"
    state = play(state, "pass")  # seat 2 has no 6, 7 or 8: skipped (D2); everyone passed
    assert state.phase == "lead" and state.leader == 1
    assert state.discard_count == 4


def test_d2_a_skipped_thrower_is_on_the_public_record_only_while_the_bout_has_room() -> None:
    """D2: the rules pass over a thrower who holds no card of the table's ranks, and everyone
    sees it; the record says so under the action after which he was passed over.  A thrower
    passed over because the bout is full shows nothing (he may hold such a card)."""
    state = position(
        PODKIDNOY,
        ["6♠ 7♦ 8♦ J♣ Q♣ K♣", "7♠ 8♥ 9♦ 10♦ J♦ Q♦", "6♥ 9♠ 10♠ J♠ Q♠ K♠"],
        trump="A♣",
        stock="6♣ 7♣ 8♣",
    )
    state = play(state, "L6S C6S7S pass T6H C6H8H")
    assert [p.skipped for p in state.history()] == [()] * 5  # seat 2 held 6♥; 0 held 7♦ 8♦
    ranks = cards("6♠ 6♣ 6♦ 6♥ 7♠ 7♣ 7♦ 7♥ 8♠ 8♣ 8♦ 8♥")
    state = play(state, "pass")  # seat 0 passes (he holds 8♦); seat 2 holds no 6, 7 or 8
    assert state.history()[-1].skipped == ((2, ranks),)
    assert state.history()[-1].seat == 0 and state.history()[-1].known == (0, 0, 0)

    state = position(PODKIDNOY, ["6♠ 6♣ 6♦ 6♥ 7♠ 9♥", "9♠ 9♣ 9♦"], trump="H")
    state = play(state, "L6S C6S9S T6C C6C9C T6D C6D9D")  # full at 3: 6♥ stays unplayed
    assert "6♥" in hand(state, 0)
    assert all(p.skipped == () for p in state.history())


def test_r5_defender_cannot_throw_in_and_pass_is_only_for_throwers() -> None:
    state = position(
        PODKIDNOY,
        ["6♠ 6♦ 8♦ J♣ Q♣ K♣", "7♠ 6♥ 9♦ 10♦ J♦ Q♦"],
        trump="A♣",
        stock="6♣ 7♣ 8♣",
    )
    state = play(state, "L6S")
    reason = explain(state, "pass")
    assert reason is not None and reason.rule == "D1"


# ---- R6: the attack limit -----------------------------------------------------------------------
def test_r6_limit_counts_the_defenders_hand_at_the_bouts_start() -> None:
    state = position(PODKIDNOY, ["6♠ 6♣ 6♦ 6♥ 7♠ 9♥", "9♠ 9♣ 9♦"], trump="H")
    assert state.limit == 3
    too_big = explain(state, "L6S6C6D6H")
    assert too_big is not None and too_big.rule == "R6" and "3" in too_big.text
    state = play(state, "L6S C6S9S T6C C6C9C")
    assert state.limit == 3, "the limit stays although the defender now holds one card"
    state = play(state, "T6D")
    assert len(state.table) == 3
    state = play(state, "C6D9D")  # the bout ends at 3 cards although seat 0 still has 6♥
    assert "6♥" in hand(state, 0)
    assert state.is_over and state.outcome is not None and state.outcome.fool == 0


def test_r6_option_first_bout_holds_at_most_five() -> None:
    rules = PODKIDNOY.replace(first_bout_limit=5)
    state = initial_state(rules, deal(rules, 2, seed=11))
    assert state.limit == 5
    assert initial_state(PODKIDNOY, deal(PODKIDNOY, 2, seed=11)).limit == 6


def test_r6_option_a_transferred_first_bout_still_holds_at_most_five() -> None:
    rules = find_preset("perevodnoy").replace(first_bout_limit=5)
    hands = ["7♠ 7♣ 7♦ 8♣ 8♦ 9♣", "7♥ A♥ K♥ Q♥ J♥ 10♥", "6♠ 6♣ 6♦ 9♠ 10♠ J♠"]
    state = position(rules, hands, trump="A♠", stock="8♠ 8♥ 9♦ 9♥")
    state = play(state, "L7S7C7D X7H")  # seat 1 passes the bout on to seat 2
    assert state.limit == 5
    state = play(state, "C7S9S C7CTS C7DJS take TTH")  # the fifth card ends the bout
    assert state.table == [] and "10♥" in hand(state, 2)  # taken: J♥ has no room
    assert state.limit == 6  # the next bout has the ordinary limit again


# ---- R7: throw-ins after "take" -----------------------------------------------------------------
R7_HANDS = ["6♠ 6♦ 8♦ J♣ Q♣ K♣", "7♦ 8♥ 9♦ 10♦ J♦ Q♦"]


def test_r7_throw_in_after_take_is_allowed_by_default() -> None:
    state = position(PODKIDNOY, R7_HANDS, trump="A♣", stock="6♣ 7♣ 8♣ 9♣ 10♣")
    state = play(state, "L6S take")
    assert state.taking and state.to_move == 0
    state = play(state, "T6D")  # seat 0 has nothing more to add: the defender takes
    assert "6♠ 6♦" in hand(state, 1)
    assert state.known_mask(1) == cards("6♠ 6♦"), "everyone saw the cards picked up"
    assert state.leader == 0, "the taker loses his turn: the next player leads"


def test_r7_option_off_takes_at_once() -> None:
    rules = PODKIDNOY.replace(throw_in_after_take=False)
    state = position(rules, R7_HANDS, trump="A♣", stock="6♣ 7♣ 8♣ 9♣ 10♣")
    state = play(state, "L6S take")
    assert state.phase == "lead" and "6♦" in hand(state, 0)


# ---- R8: погоны ---------------------------------------------------------------------------------
def test_r8_two_sixes_make_the_fool_with_epaulettes() -> None:
    state = play(position(PODKIDNOY, ["6♠ 6♣", "7♦ 8♦ 9♦"], trump="H"), "L6S6C take")
    assert state.outcome is not None
    assert state.outcome.fool == 1 and state.outcome.pogony


def test_r8_other_cards_no_epaulettes() -> None:
    state = play(position(PODKIDNOY, ["7♠ 7♣", "8♦ 9♦ 10♦"], trump="H"), "L7S7C take")
    assert state.outcome is not None and state.outcome.fool == 1 and not state.outcome.pogony


def test_r8_option_one_six_is_enough() -> None:
    hands = ["6♠", "7♦ 8♦ 9♦"]
    plain = play(position(PODKIDNOY, hands, trump="H"), "L6S take")
    option = play(position(PODKIDNOY.replace(pogony_sixes=1), hands, trump="H"), "L6S take")
    assert plain.outcome is not None and not plain.outcome.pogony
    assert option.outcome is not None and option.outcome.pogony


# ---- R9: teams ----------------------------------------------------------------------------------
def test_r9_partner_plays_the_vacated_seat_and_a_team_wins() -> None:
    teams = find_preset("podkidnoy-teams")
    state = position(teams, ["6♠", "7♠ 10♦", "8♣ 9♣", "6♦ K♣"], trump="H")
    assert state.throwers == (0, 2), "only the defender's opponents throw in"
    state = play(state, "L6S C6S7S")
    assert state.out == (0,)
    assert (state.leader, state.defender, state.to_move) == (1, 2, 1)
    assert state.throwers == (1, 3)
    state = play(state, "L10D take")  # seat 1 emptied his hand: out
    assert state.out == (0, 1)
    assert (state.leader, state.defender) == (3, 0)
    assert state.to_move == 3
    state = play(state, "L6D")
    assert state.to_move == 2, "seat 2 defends for his partner's vacated seat 0"
    state = play(state, "C6D10D")
    assert (state.leader, state.defender, state.to_move) == (0, 1, 2)
    state = play(state, "L8C")
    assert state.to_move == 3, "seat 3 defends for his partner's seat 1"
    state = play(state, "C8CKC")
    assert state.outcome is not None
    assert state.outcome.termination == Termination.TEAM
    assert (state.outcome.winning_team, state.outcome.losing_team) == (1, 0)


# ---- R10: draws ---------------------------------------------------------------------------------
def test_r10_everyone_out_at_once_is_a_draw() -> None:
    state = play(position(PODKIDNOY, ["6♠", "7♠"], trump="H"), "L6S C6S7S")
    assert state.outcome is not None and state.outcome.draw and state.outcome.fool is None


def test_r10_not_a_draw_when_a_third_player_holds_cards() -> None:
    state = play(position(PODKIDNOY, ["6♠", "7♠", "8♥"], trump="H"), "L6S C6S7S")
    assert state.outcome is not None and state.outcome.fool == 2


# ---- R11: first leader and later deals ----------------------------------------------------------
def test_r11_lowest_trump_leads_the_first_deal() -> None:
    d = deal(PODKIDNOY, 4, seed=3)
    trump = d.trumps[0]
    lowest = min((c.rank, seat) for seat, h in enumerate(d.hands) for c in h if c.suit == trump)
    assert d.leader == lowest[1]


def test_r11_later_deals_the_fool_deals_and_his_left_leads() -> None:
    d = deal(PODKIDNOY, 4, seed=3, fool=2)
    assert (d.dealer, d.leader) == (2, 3)


def test_r11_option_under_the_fool_cannot_be_transferred() -> None:
    rules = PEREVODNOY.replace(under_fool=True)
    d = deal(rules, 4, seed=3, fool=2)
    assert d.leader == 1
    state = initial_state(rules, d)
    assert state.defender == 2, "the first lead is made against the fool"
    six_rank = None
    for action in state.legal_actions():
        state2 = apply(state, action)
        same = [c for c in state2.hand(2) if c.rank == action.cards[0].rank]
        if same:
            six_rank = same[0]
            reason = explain(state2, f"X{six_rank.code}")
            assert reason is not None and reason.rule == "R11"
            break
    assert six_rank is not None, "the fixed seed deals the fool a card to transfer with"


def test_r11_six_players_six_cards_show_the_dealers_last_card() -> None:
    order = deck(36)
    d = deal_from_order(PODKIDNOY, 6, order)
    assert d.stock == () and not d.trump_card_in_stock
    assert d.trump_card == order[-1] and d.trump_card in d.hands[d.dealer]
    state = initial_state(PODKIDNOY, d)
    assert state.known_mask(d.dealer) == cards(str(order[-1]))


# ---- R12: transfers -----------------------------------------------------------------------------
R12_HANDS = ["6♠ 9♣ 10♣ J♣ Q♣ K♣", "6♣ 8♦ 9♦ 10♦ J♦ Q♦", "7♠ 7♣ 8♠ 9♠ 10♠ J♠"]


def test_r12_transfer_moves_the_bout_to_the_left_neighbour() -> None:
    state = play(position(PEREVODNOY, R12_HANDS, trump="A♥", stock="K♥"), "L6S")
    after = play(state, "X6C")
    assert "6♣" not in hand(after, 1), "the transfer card leaves the hand"
    assert [str(a) for a, _ in after.table] == ["6♠", "6♣"]
    assert (after.leader, after.defender, after.to_move) == (1, 2, 2)


def test_r12_not_after_a_card_is_covered() -> None:
    hands = ["6♠ 6♦ 10♣ J♣ Q♣ K♣", "6♣ 7♠ 7♦ 10♦ J♦ Q♦", "7♣ 8♠ 8♣ 9♠ 10♠ J♠"]
    state = play(position(PEREVODNOY, hands, trump="A♥", stock="K♥"), "L6S6D C6S7S")
    reason = explain(state, "X6C")
    assert reason is not None and reason.rule == "R12" and "covered" in reason.text


def test_r12_refused_when_the_next_player_holds_too_few_cards() -> None:
    hands = ["6♠ 6♦ 10♣ J♣ Q♣ K♣", "6♣ 7♠ 7♦ 10♦ J♦ Q♦", "7♣ 8♠"]
    state = play(position(PEREVODNOY, hands, trump="A♥"), "L6S6D")
    reason = explain(state, "X6C")
    assert reason is not None and reason.rule == "R12"
    assert "2 cards, fewer than the 3" in reason.text
    with pytest.raises(IllegalActionError, match="R12"):
        apply(state, "X6C")


def test_r12_the_chain_may_come_round_to_the_first_leader() -> None:
    state = play(
        position(PEREVODNOY, ["6♠ 9♣ 10♣", "6♣ 8♦ 9♦"], trump="A♥", stock="K♥"), "L6S X6C"
    )
    assert (state.leader, state.defender) == (1, 0), "never back to the transferer himself"


def test_r12_transfers_only_in_perevodnoy() -> None:
    state = play(position(PODKIDNOY, R12_HANDS, trump="A♥", stock="K♥"), "L6S")
    reason = explain(state, "X6C")
    assert reason is not None and "переводной" in reason.text


# ---- R13: отказ ---------------------------------------------------------------------------------
def test_r13_otkaz_transfers_back_to_the_player_who_just_went_out() -> None:
    hands = ["6♠", "6♣ 9♦ 10♦"]
    plain = play(position(PEREVODNOY, hands, trump="H"), "L6S")
    assert explain(plain, "X6C") is not None, "plain переводной: no transfer onto 0 cards"
    state = play(position(find_preset("perevodnoy-otkaz"), hands, trump="H"), "L6S X6C")
    assert state.defender == 0
    assert [str(a) for a in state.legal_actions()] == ["take"], "he holds nothing to cover with"
    state = play(state, "take")
    assert hand(state, 0) == "6♠ 6♣" and not state.is_over
    assert state.leader == 1, "the game goes on"


def test_r13_only_onto_the_emptied_leader_with_two_players_left() -> None:
    rules = find_preset("perevodnoy-otkaz")
    three = play(position(rules, ["6♠", "6♣ 9♦ 10♦", "J♥"], trump="H"), "L6S")
    reason = explain(three, "X6C")
    assert reason is not None and reason.rule == "R12", "three players: the next one is seat 2"
    # seat 2 goes out first; then only seats 0 and 1 are left and отказ applies
    state = position(rules, ["6♠ 9♦", "6♣ 10♦ J♦", "8♦"], trump="H", leader=2)
    state = play(state, "L8D C8D9D")
    assert state.out == (2,) and (state.leader, state.defender) == (0, 1)
    state = play(state, "L6S X6C")
    assert state.defender == 0 and hand(state, 0) == ""
    state = play(state, "take")
    assert hand(state, 0) == "6♠ 6♣" and not state.is_over


# ---- R1 option: the dictionary's procedure for a short hand -------------------------------------
def test_r1_option_the_defender_gives_back_what_he_will_not_answer() -> None:
    hands = ["6♠ 6♣ 9♦ 9♥ K♠", "7♠ A♣"]
    plain = position("prostoy", hands, trump="H")
    reason = explain(plain, "L6S6C9D9HKS")
    assert reason is not None and reason.rule == "Rozaliev 1.а; R1", "by default a lead fits the defender's hand"
    rules = find_preset("prostoy").replace(oversize_leads=True)
    state = play(position(rules, hands, trump="H"), "L6S6C9D9HKS")
    assert sorted(str(a) for a in state.legal_actions()) == ["R6C", "R6S", "R9D", "R9H", "RKS"]
    refusal = explain(state, "C6S7S")
    assert refusal is not None and refusal.rule == "R1" and "gives back 3" in refusal.text
    state = play(state, "R9D R9H RKS")
    assert hand(state, 0) == "K♠ 9♦ 9♥" and state.known_mask(0) == cards("K♠ 9♦ 9♥")
    assert {str(a) for a in state.legal_actions()} >= {"C6S7S", "C6CAC", "take"}
    state = play(state, "C6S7S C6CAC")
    assert state.discard_count == 4 and state.out == (1,)


def test_d41_r1_option_with_throw_ins_only_the_lead_exceeds_the_defenders_hand() -> None:
    # podkidnoy with the R1 option: the lead of three sixes at a defender holding two cards;
    # he gives one back and covers the rest; nothing more is thrown in (the six given back
    # could be thrown again, and given back again, for ever): the bout ends, he is out
    rules = find_preset("podkidnoy").replace(oversize_leads=True)
    state = play(position(rules, ["6♠ 6♣ 6♦ 9♥", "7♠ A♣"], trump="H"), "L6S6C6D R6D")
    assert state.limit == 2
    state = play(state, "C6S7S C6CAC")
    assert state.is_over and state.outcome is not None and state.outcome.fool == 0
    # a lead within his hand leaves room for throw-ins only up to his hand (R6)
    state = play(position(rules, ["6♠ 6♣ 7♦ 9♥", "7♠ A♣ 8♦"], trump="H"), "L6S")
    assert state.limit == 3


def test_r1_option_no_give_back_when_the_hand_suffices() -> None:
    rules = find_preset("prostoy").replace(oversize_leads=True)
    state = play(position(rules, ["6♠ 6♣", "7♠ A♣ 8♦"], trump="H"), "L6S6C")
    reason = explain(state, "R6S")
    assert reason is not None and reason.rule == "R1"
