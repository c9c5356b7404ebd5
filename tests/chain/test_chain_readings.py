"""Scenario tests for the chain games, one per rule or reading (R17, R18, D10-D19).

Every position is written out: hands (for дорожный, the dealt cards, the last one on top of a
faithful pile), the trump and the stock in drawing order.
"""

from __future__ import annotations

import pytest
from chain_helpers import centre, chain, hand, play

from durak_lessons import (
    OUR_READINGS,
    Action,
    IllegalActionError,
    InvalidRulesError,
    Termination,
    View,
    deal,
    deal_from_order,
    find_preset,
    initial_state,
    new_game,
    preset_info,
)
from durak_lessons.cards import SUIT_OF, card_mask, deck

# ---- presets and names ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "preset"),
    [
        ("наваленный", "navalenny"),
        ("Дурак наваленный (9.а)", "navalenny"),
        ("navalennyy", "navalenny"),
        ("Piled-up Durak", "navalenny"),
        ("наваленный 9.б", "navalenny-top"),
        ("Дурак наваленный (9.б)", "navalenny-top"),
        ("дорожный", "dorozhny"),
        ("Road Durak", "dorozhny"),
        ("dorozhnyy", "dorozhny"),
        ("дорожный открытый", "dorozhny-open"),
        ("Road Durak, open hands", "dorozhny-open"),
    ],
)
def test_every_name_finds_its_preset(name: str, preset: str) -> None:
    assert find_preset(name).name == preset


def test_presets_differ_only_in_their_options() -> None:
    a, b = find_preset("navalenny"), find_preset("navalenny-top")
    assert a.replace(name="navalenny-top", chain_take=b.chain_take) == b
    faithful, open_ = find_preset("dorozhny"), find_preset("dorozhny-open")
    assert faithful.personal_piles and not open_.personal_piles
    assert preset_info("dorozhny").section == "10"
    assert preset_info("navalenny-top").section == "9.б"


def test_chain_options_are_refused_outside_the_chain_family() -> None:
    with pytest.raises(InvalidRulesError, match="family=chain"):
        find_preset("podkidnoy").replace(personal_piles=True)
    with pytest.raises(InvalidRulesError, match="repetition_draw"):
        find_preset("navalenny").replace(repetition_draw=1)


def test_readings_d10_to_d19_are_written_down() -> None:
    for n in range(10, 20):
        assert f"D{n}" in OUR_READINGS


# ---- R17: наваленный ------------------------------------------------------------------------

# seat 0: 6♠ 9♣ Q♦   seat 1: 7♠ 8♦ 10♣   seat 2: 8♠ J♦ A♣   trump K♥ under the stock
NAV3 = (["6♠ 9♣ Q♦", "7♠ 8♦ 10♣", "8♠ J♦ A♣"], "K♥", "6♦ 7♦ 9♦ 6♣ 7♣ 8♣")


def test_r17_cover_then_lead_on_and_the_actor_refills_after_each_action() -> None:
    s = chain("navalenny", *NAV3)
    assert s.phase == "lead" and s.to_move == 0 and s.stock_count == 7
    s = play(s, "L6S")
    assert hand(s, 0) == "9♣ 6♦ Q♦", "the leader refilled at once (R17)"
    assert s.phase == "defend" and s.to_move == 1 and s.defender == 1 and s.leader == 0
    assert s.legal_actions() == [Action.parse("B7S")]
    s = play(s, "B7S")
    assert s.phase == "lead" and s.to_move == 1, "after covering he leads on (R17)"
    assert hand(s, 1) == "10♣ 7♦ 8♦"
    s = play(s, "L8D")
    assert centre(s) == "6♠ 7♠ 8♦" and s.to_move == 2
    assert s.table[0][0].code == "6S" and s.table[0][1] is not None and s.table[1][1] is None
    s = play(s, "BJD LAC")
    assert s.to_move == 0 and s.legal_actions() == [Action.parse("take")]
    assert s.discard_count == 0, "covered cards stay in the centre (Rozaliev 9.а)"


def test_r17_9a_the_failing_player_takes_the_whole_pile_and_his_left_neighbour_leads() -> None:
    s = play(chain("navalenny", *NAV3), "L6S B7S L8D BJD LAC take")
    assert hand(s, 0) == "6♠ 7♠ 9♣ A♣ 6♦ 8♦ J♦ Q♦"
    assert s.centre == [] and s.phase == "lead" and s.to_move == 1
    assert s.known_mask(0) == card_mask(parse("6♠ 7♠ 8♦ J♦ A♣")), "everyone saw the pile taken"


def parse(text: str) -> list[int]:
    from durak_lessons import parse_cards

    return [int(c) for c in parse_cards(text)]


# two players, hearts trumps, no stock
# seat 0: 6♠ 8♠ 10♠ Q♣    seat 1: 7♠ 9♠ 6♣ 7♣
TOP2 = (["6♠ 8♠ 10♠ Q♣", "7♠ 9♠ 6♣ 7♣"], "H")


def test_r17_9b_a_plain_card_costs_the_top_three_and_the_rest_stays() -> None:
    s = play(chain("navalenny-top", *TOP2), "L6S B7S L9S B10S LQC")
    assert centre(s) == "6♠ 7♠ 9♠ 10♠ Q♣"
    s = play(s, "take")
    assert hand(s, 1) == "9♠ 10♠ 6♣ 7♣ Q♣", "the top three, the unbeaten card among them"
    assert centre(s) == "6♠ 7♠"
    assert s.phase == "lead" and s.to_move == 0, "the taker's left neighbour leads onto the pile"
    s = play(s, "L8S")
    assert centre(s) == "6♠ 7♠ 8♠"
    # seat 0 led his last card with the stock empty: he is out (D11); seat 1 still answers
    assert s.out == (0,) and s.to_move == 1 and not s.is_over
    s = play(s, "B9S")
    assert s.is_over and s.outcome is not None and s.outcome.fool == 1


def test_r17_9a_same_deal_takes_everything() -> None:
    s = play(chain("navalenny", *TOP2), "L6S B7S L9S B10S LQC take")
    assert centre(s) == "" and hand(s, 1) == "6♠ 7♠ 9♠ 10♠ 6♣ 7♣ Q♣"


def test_r17_9b_a_trump_costs_the_top_five() -> None:
    # seat 0: 6♠ 8♣ 10♠ Q♣ K♣   seat 1: 7♠ 6♣ J♠ 9♥; hearts trumps, no stock
    s = chain("navalenny-top", ["6♠ 8♣ 10♠ Q♣ K♣", "7♠ 6♣ J♠ 9♥"], "H")
    s = play(s, "L6S B7S L6C B8C L10S BJS L9H")
    assert centre(s) == "6♠ 7♠ 6♣ 8♣ 10♠ J♠ 9♥" and s.out == (1,)
    s = play(s, "take")
    assert centre(s) == "6♠ 7♠" and hand(s, 0) == "10♠ J♠ 6♣ 8♣ Q♣ K♣ 9♥"
    assert s.is_over and s.outcome is not None and s.outcome.fool == 0


def test_r17_9b_takes_all_when_fewer_than_three() -> None:
    s = play(chain("navalenny-top", ["6♠ 7♣", "6♦ 8♦"], "H"), "L6S take")
    assert hand(s, 1) == "6♠ 6♦ 8♦" and s.centre == []


def test_r17_covering_with_the_last_card_goes_out_and_the_left_neighbour_opens() -> None:
    s = chain("navalenny", ["6♠ 9♦", "7♠", "8♦ 10♣"], "H")
    s = play(s, "L6S B7S")
    assert s.out == (1,)
    assert s.phase == "lead" and s.to_move == 2 and centre(s) == "6♠ 7♠"


def test_r17_first_leader_holds_the_lowest_trump() -> None:
    rules = find_preset("navalenny")
    for seed in range(30):
        d = deal(rules, 4, seed)
        trump = d.trumps[0]
        holders = [
            (c.rank, seat) for seat, h in enumerate(d.hands) for c in h if SUIT_OF[c] == trump
        ]
        if holders:
            assert d.leader == min(holders)[1]
        assert [len(h) for h in d.hands] == [3, 3, 3, 3]


# ---- D10: must beat when able ------------------------------------------------------------------


def test_d10_taking_is_refused_while_a_card_beats() -> None:
    s = play(chain("navalenny", *NAV3), "L6S")
    reason = s.explain(Action.parse("take"))
    assert reason is not None and reason.rule == "D10" and "7♠" in reason.text
    with pytest.raises(IllegalActionError) as err:
        s.apply(Action.parse("take"))
    assert err.value.reason == reason


def test_d10_a_card_that_does_not_beat_is_refused_with_the_source() -> None:
    s = play(chain("navalenny", *NAV3), "L6S")
    reason = s.explain(Action.parse("B10C"))
    assert reason is not None and reason.rule == "Rozaliev 9" and "10♣" in reason.text


# ---- D11: going out, the end, the draw ------------------------------------------------------


def test_d11_the_last_player_answers_and_a_double_out_is_a_draw() -> None:
    s = play(chain("navalenny", ["6♠", "7♠"], "H"), "L6S")
    assert s.out == (0,) and s.to_move == 1
    s = play(s, "B7S")
    assert s.is_over and s.outcome is not None
    assert s.outcome.termination == Termination.DRAW and s.outcome.out_order == (0, 1)


def test_d11_play_goes_on_until_one_player_holds_cards() -> None:
    s = chain("dorozhny-open", ["6♠ 9♣", "7♠", "8♠ 10♦"], "H")
    s = play(s, "L6S B7S")
    assert s.out == (1,) and not s.is_over
    s = play(s, "B8S L10D take")
    assert s.is_over and s.outcome is not None
    assert s.outcome.fool == 0 and s.outcome.out_order == (1, 2)


# ---- R18 and D12-D17: дорожный ------------------------------------------------------------


def test_d12_the_whole_pack_is_dealt_and_the_trump_goes_to_the_dealer() -> None:
    rules = find_preset("dorozhny")
    order = deck(36)
    s = initial_state(rules, deal_from_order(rules, 2, order))
    assert s.deal.dealer == 1 and s.to_move == 0, "the dealer's left leads (Rozaliev 10)"
    trump = order[35]
    assert s.hand(1) == [trump] and s.known_mask(1) == 1 << trump
    assert s.pile_sizes == (18, 17) and s.hand_sizes == (0, 1)  # type: ignore[attr-defined]
    five = initial_state(rules, deal_from_order(rules, 5, order))
    assert five.deal.dealer == 4
    assert five.pile_sizes == (7, 7, 7, 7, 7) and five.hand(4) == [trump]  # type: ignore[attr-defined]


def test_d13_piles_are_hidden_from_every_view_and_turned_from_the_top() -> None:
    rules = find_preset("dorozhny")
    order = deck(36)
    s = initial_state(rules, deal_from_order(rules, 3, order))
    view = View(s, 0)
    assert view.hand == [] and view.legal_actions() == [Action.parse("F")]
    own_pile = card_mask(s.personal_pile(0))  # type: ignore[attr-defined]
    assert view.unseen_mask() & own_pile == own_pile, "not even the owner sees his pile"
    top = s.personal_pile(0)[-1]  # type: ignore[attr-defined]
    assert top == order[33], "the last card dealt to seat 0 lies on top"
    s = s.apply(Action.parse("F"))
    assert s.centre == [top]  # type: ignore[attr-defined]


# faithful дорожный, 4 players, hearts trumps, dealer 3 holds the turned-up K♥
# piles (top last): seat 0: A♣ 6♠   seat 1: 7♦   seat 2: 9♠ 8♣   seat 3: 10♣
ROAD4 = (["A♣ 6♠", "7♦", "9♠ 8♣", "10♣"], "K♥")


def test_d14_a_player_may_turn_his_pile_instead_of_beating_from_hand() -> None:
    # 6♠ and 7♦ fail in turn (D15); seat 2 leads the 7♦ he took at seat 3, who holds the K♥
    s = play(chain("dorozhny", *ROAD4, leader=0, dealer=3), "F F L7D F L7D")
    assert s.to_move == 3 and centre(s) == "7♦"
    assert s.legal_actions() == [Action.parse("BKH"), Action.parse("F")]


def test_d14_with_a_pile_left_taking_is_refused() -> None:
    s = play(chain("dorozhny", *ROAD4, leader=0, dealer=3), "F")
    reason = s.explain(Action.parse("take"))
    assert reason is not None and reason.rule == "D14"


def test_d15_a_failed_turn_takes_both_cards_and_its_player_leads() -> None:
    s = play(chain("dorozhny", *ROAD4, leader=0, dealer=3), "F")
    assert centre(s) == "6♠" and s.to_move == 1
    s = play(s, "F")  # 7♦ does not beat 6♠
    assert hand(s, 1) == "6♠ 7♦" and s.centre == []
    # he lays a card of his own at the next player (Rozaliev 10): his pile is used up, so
    # one of the two he has just taken
    assert s.phase == "lead" and s.to_move == 1
    assert s.legal_actions() == [Action.parse("L6S"), Action.parse("L7D")]


def test_d15_after_a_failed_turn_its_player_leads_onto_what_is_left() -> None:
    # piles (top last): seat 0: 9♣ 6♠   seat 1: 10♣ 7♠   seat 2: J♣ 6♦   seat 3: Q♣
    s = play(chain("dorozhny", ["9♣ 6♠", "10♣ 7♠", "J♣ 6♦", "Q♣"], "K♥", leader=0, dealer=3), "F F")
    assert centre(s) == "6♠ 7♠"
    s = play(s, "F")  # 6♦ fails against 7♠: seat 2 takes both; seat 0's 6♠ stays
    assert centre(s) == "6♠" and hand(s, 2) == "7♠ 6♦"
    assert s.phase == "lead" and s.to_move == 2, "not seat 3 beating, nor seat 0 his own card"
    assert [str(a) for a in s.legal_actions()] == ["L7S", "L6D", "F"]
    s = play(s, "L6D")
    assert centre(s) == "6♠ 6♦" and s.to_move == 3 and s.phase == "defend"


def test_r18_bottom_card_while_a_pile_lasts_then_d17_top_three() -> None:
    s = play(chain("dorozhny", *ROAD4, leader=0, dealer=3), "F F L6S F L6S F LTC F")
    assert centre(s) == "10♣ A♣" and s.out == (0,) and s.pile_sizes == (0, 0, 1, 0)
    s = play(s, "take")  # seat 2 still has a pile: the bottom card (R18)
    assert hand(s, 1) == "10♣ 7♦" and centre(s) == "A♣" and s.to_move == 2
    s = play(s, "F")  # 9♠ fails against A♣: seat 2 takes both and leads; no pile is left
    assert hand(s, 2) == "9♠ 8♣ A♣" and s.centre == [] and s.pile_sizes == (0, 0, 0, 0)
    s = play(s, "L8C BKH")
    assert centre(s) == "8♣ K♥" and s.to_move == 1
    s = play(s, "take")  # D17: the top three (all there are)
    assert hand(s, 1) == "8♣ 10♣ 7♦ K♥" and s.centre == []
    assert s.phase == "lead" and s.to_move == 2


# open дорожный, 3 players, hearts trumps
# seat 0: 6♠ 9♣ J♠   seat 1: 7♠ 8♦ 6♥   seat 2: 9♦ 10♦ 8♣
ROAD_OPEN = (["6♠ 9♣ J♠", "7♠ 8♦ 6♥", "9♦ 10♦ 8♣"], "H")


def test_r18_open_bottom_card_same_top_and_the_discard_with_one_card_per_player() -> None:
    s = play(chain("dorozhny-open", *ROAD_OPEN), "L6S B7S")
    assert s.to_move == 2 and s.legal_actions() == [Action.parse("take")]
    s = play(s, "take")
    assert hand(s, 2) == "6♠ 8♣ 9♦ 10♦" and centre(s) == "7♠"
    assert s.phase == "defend" and s.to_move == 0, "the next player beats the same top card"
    s = play(s, "BJS")
    assert centre(s) == "7♠ J♠" and s.to_move == 1 and s.limit == 3
    s = play(s, "B6H")
    assert s.centre == [] and s.discard_mask == card_mask(parse("7♠ J♠ 6♥"))
    assert s.phase == "lead" and s.to_move == 1, "the last beater leads (R18)"


def test_d17_option_top_cards_in_the_open_mode() -> None:
    s = chain("dorozhny-open", *ROAD_OPEN, chain_final_top=3)
    s = play(s, "L6S B7S take")
    assert hand(s, 2) == "6♠ 7♠ 8♣ 9♦ 10♦" and s.centre == [] and s.to_move == 0
    assert s.phase == "lead"


def test_d16_players_in_play_are_counted_when_the_card_is_laid() -> None:
    # seat 1 goes out with his beat: the centre (2 cards) is not discarded at 3 players;
    # seat 2's beat makes 3 cards against 2 players in play: discarded, seat 2 leads
    s = play(chain("dorozhny-open", ["6♠ 9♣", "7♠", "8♠ 10♦"], "H"), "L6S B7S")
    assert centre(s) == "6♠ 7♠" and s.to_move == 2
    s = play(s, "B8S")
    assert s.centre == [] and s.discard_count == 3 and s.to_move == 2 and s.phase == "lead"


# ---- D18: later deals ------------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["navalenny", "dorozhny"])
def test_d18_later_deals_the_fool_deals_and_his_left_neighbour_leads(preset: str) -> None:
    d = deal(preset, 4, 3, fool=2)
    assert d.dealer == 2 and d.leader == 3


# ---- D19: going round in circles -----------------------------------------------------------

# two players, clubs trumps, no stock: seat 0 8♠ J♠ A♣ Q♦ J♥, seat 1 8♦ K♦ 10♥ A♥; seat 1 leads.
# A♣ travels back and forth and the deal comes back to its first position after eight actions;
# every move of the cycle is forced or natural.
LOOP = (["8♠ J♠ A♣ Q♦ J♥", "8♦ K♦ 10♥ A♥"], "C")
CYCLE = "L8D BAC L8S take LJS BAC L8S take"


def test_d19_the_third_repetition_of_a_position_draws_the_deal() -> None:
    start = chain("navalenny-top", *LOOP, leader=1)
    s = play(start, CYCLE)
    assert s.hand_mask(0) == start.hand_mask(0) and s.hand_mask(1) == start.hand_mask(1)
    assert s.centre == [] and s.to_move == 1 and s.phase == "lead"
    assert not s.is_over, "twice is not enough"
    s = play(s, CYCLE)
    assert s.is_over and s.outcome is not None and s.outcome.termination == Termination.DRAW
    assert s.outcome.describe() == "A draw (ничья, nich'ya): nobody is the fool."


def test_d19_without_the_option_the_same_cycle_never_ends() -> None:
    s = chain("navalenny-top", *LOOP, leader=1, repetition_draw=0)
    for _ in range(20):
        s = play(s, CYCLE)
    assert not s.is_over


# ---- refusals ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("moves", "action", "rule"),
    [
        ("", "C6S9C", "R17"),
        ("", "take", "R17"),
        ("", "F", "Rozaliev 9"),
        ("", "L7S", "hand"),
        ("L6S", "L8D", "R17"),
        ("L6S", "pass", "R17"),
        ("L6S B7S", "B8D", "R17"),
    ],
)
def test_refusals_cite_the_rule_and_change_nothing(moves: str, action: str, rule: str) -> None:
    s = play(chain("navalenny", *NAV3), moves) if moves else chain("navalenny", *NAV3)
    before = (repr(s), s._key())
    reason = s.explain(Action.parse(action))
    assert reason is not None and reason.rule == rule
    with pytest.raises(IllegalActionError):
        s.apply(Action.parse(action))
    assert (repr(s), s._key()) == before


def test_the_wrong_seat_is_refused() -> None:
    s = chain("navalenny", *NAV3)
    reason = s.explain(Action.parse("L6S"), player=1)
    assert reason is not None and reason.rule == "turn order"
    assert s.explain(Action.parse("L6S"), player=0) is None


def test_a_finished_deal_refuses_everything() -> None:
    s = play(chain("navalenny", ["6♠", "7♠"], "H"), "L6S B7S")
    reason = s.explain(Action.parse("take"))
    assert reason is not None and reason.rule == "end"


def test_html_shows_the_centre_and_pile_sizes_not_pile_cards() -> None:
    s = new_game("dorozhny", 3, 1)
    html = s._repr_html_()  # type: ignore[attr-defined]
    assert "centre" in html and "face-down pile" in html
    top = s.personal_pile(0)[-1]  # type: ignore[attr-defined]
    assert top.words not in html


def test_the_module_examples_run() -> None:
    import doctest

    import durak_lessons.chain

    result = doctest.testmod(durak_lessons.chain)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize(("preset", "rule"), [("navalenny", "R17"), ("dorozhny-open", "R18")])
def test_a_chain_lead_is_one_card_and_two_are_refused(preset: str, rule: str) -> None:
    state = new_game(preset, 2, 0)
    hand = state.hand(state.to_move)
    two = Action.parse("L" + "".join(c.code for c in hand[:2]))
    reason = state.explain(two)
    assert reason is not None and reason.rule == rule and "one card" in reason.text
    with pytest.raises(IllegalActionError):
        state.apply(two)
    assert state.hand(state.to_move) == hand  # nothing changed
