"""Scenario tests for every reading of the issue-3 bout games, with the hands written out.

Each test names the reading (R-number of the rules brief, D-number of ours, or the source
section) it pins down.
"""

from __future__ import annotations

import pytest
from variant_helpers import hand, legal, play, position

from durak_lessons import (
    OUR_READINGS,
    Action,
    IllegalActionError,
    InvalidRecordError,
    Record,
    View,
    deal_from_order,
    deck,
    explain,
    find_preset,
    initial_state,
)
from durak_lessons.blind import BlindState
from durak_lessons.bout import BoutState
from durak_lessons.cards import Card
from durak_lessons.own_trumps import TrumpChoiceState


def canon(*texts: str) -> set[str]:
    """Actions in the engine's own spelling (lead cards in card order: spades first)."""
    return {str(Action.parse(t)) for t in texts}


ORDER = (
    "6S 7S 8S 9S TS JS QS KS AS 6C 7C 8C 9C TC JC QC KC AC "
    "6D 7D 8D 9D TD JD QD KD AD 6H 7H 8H 9H TH JH QH KH AH"
)


def refused(state: object, action: str) -> str:
    reason = explain(state, action)  # type: ignore[arg-type]
    assert reason is not None, f"{action} should be refused"
    return reason.rule


# ---- Дурак простой 1.а (R1-R3) ---------------------------------------------------------------


def test_r2_prostoy_leads_are_pairs_plus_at_most_one_card() -> None:
    s = position("prostoy", ["6♠ 6♣ 7♦ 7♥ 9♠", "8♠ 8♣ 9♦ 10♦ J♥"], trump="K♥", stock="A♠ A♣")
    leads = legal(s)
    assert canon("L6S6C7D7H9S", "L6S6C9S", "L6S6C7D7H", "L6S6C", "L9S") <= set(leads)
    assert not canon("L6S7D", "L6S7D9S") & set(leads)
    assert refused(s, "L6S7D") == "Rozaliev 1.а; R2"


def test_r1_prostoy_lead_never_exceeds_the_defenders_hand() -> None:
    s = position("prostoy", ["6♠ 6♣ 7♦ 7♥ 9♠", "8♠ 8♣ 9♦"], trump="K♥")
    assert refused(s, "L6S6C7D7H9S") == "Rozaliev 1.а; R1"
    assert canon("L6S6C9S") <= set(legal(s))
    assert max(len(a.cards) for a in s.legal_actions()) == 3


def test_r3_prostoy_failing_takes_every_led_card_and_loses_the_lead() -> None:
    s = position("prostoy", ["6♠ 6♣ 9♥", "7♠ 8♦ 10♦", "Q♣ K♣ A♣"], trump="H", leader=0)
    s = play(s, "L6S6C C6S7S")
    assert legal(s) == ["take"], "no throw-ins, 6♣ cannot be covered"
    s = play(s, "take")
    assert hand(s, 1) == "6♠ 7♠ 6♣ 8♦ 10♦" and s.discard_count == 0  # type: ignore[attr-defined]
    assert s.leader == 2  # type: ignore[attr-defined]  # the taker's left neighbour


def test_prostoy_all_covered_goes_to_the_discard_and_the_defender_leads() -> None:
    s = position("prostoy", ["6♠ 9♥", "7♠ 8♦ 10♦", "Q♣ K♣"], trump="H", leader=0)
    s = play(s, "L6S C6S7S")
    assert s.leader == 1 and s.discard_count == 2  # type: ignore[attr-defined]


@pytest.mark.parametrize("rules", ["prostoy", "prostoy-partial", "s-par"])
def test_d43_a_defender_who_beats_with_his_last_card_is_out_and_his_left_neighbour_leads(
    rules: str,
) -> None:
    # the stock is empty: seat 1 beats 6♠ with his only card, 8♠, and goes out; R3 would give
    # him the lead, D43 gives it to seat 2
    s = position(rules, ["6♠ 7♥", "8♠", "9♣ 10♣"], trump="D", leader=0)
    s = play(s, "L6S C6S8S")
    assert s.out == (1,) and not s.is_over  # type: ignore[attr-defined]
    assert s.leader == 2 and s.to_move == 2  # type: ignore[attr-defined]


def test_prostoy_the_player_after_the_dealer_leads_first() -> None:
    rules = find_preset("prostoy")
    d = deal_from_order(rules, 3, ORDER, dealer=1)
    assert d.leader == 2 and d.hands[2][0] == Card.parse("6S")


def test_r3_prostoy_partial_discards_beaten_pairs_and_takes_the_rest() -> None:
    s = position("prostoy-partial", ["6♠ 6♣ 9♥", "7♠ 8♦ 10♦", "Q♣ K♣ A♣"], trump="H")
    s = play(s, "L6S6C C6S7S take")
    assert hand(s, 1) == "6♣ 8♦ 10♦" and s.discard_count == 2  # type: ignore[attr-defined]
    assert s.leader == 2  # type: ignore[attr-defined]  # "лишается права хода"


def test_pyatki_allows_only_one_three_or_five_cards() -> None:
    s = position("pyatki", ["6♠ 6♣ 7♦ 7♥ 9♠", "8♠ 8♣ 9♦ 10♦ J♥"], trump="K♥", stock="A♠")
    leads = set(legal(s))
    assert canon("L9S", "L6S6C9S", "L6S6C7D7H9S") <= leads
    assert {len(a.cards) for a in s.legal_actions()} == {1, 3, 5}
    assert refused(s, "L6S6C") == "Rozaliev 1.в; R2"


def test_prostoy_pairs_leads_one_pair_or_passes() -> None:
    s = position("prostoy-pairs", ["6♠ 6♣ 7♦ 9♠", "8♠ 8♣ 9♦ 10♦"], trump="K♥", stock="A♠ A♣")
    assert legal(s) == ["L6S6C"]
    s = position("prostoy-pairs", ["6♠ 7♦ 9♠", "8♠ 8♣ 9♦ 10♦"], trump="K♥", stock="A♠ A♣")
    assert legal(s) == ["pass"]
    s = play(s, "pass")
    assert s.leader == 1 and legal(s) == ["L8S8C"]  # type: ignore[attr-defined]


def test_d36_a_round_of_passes_with_cards_in_the_stock_draws_one_card_each() -> None:
    s = position("prostoy-pairs", ["6♠ 7♦", "8♠ 9♦"], trump="K♥", stock="6♣ 8♣ A♠")
    s = play(s, "pass pass")
    assert hand(s, 0) == "6♠ 6♣ 7♦" and hand(s, 1) == "8♠ 8♣ 9♦"
    assert s.leader == 0 and legal(s) == ["L6S6C"]  # type: ignore[attr-defined]
    assert "D36" in OUR_READINGS


@pytest.mark.parametrize(
    ("preset", "hands"),
    [
        ("prostoy-pairs", ["6♠ 7♣ 8♦ 9♥ 10♠", "J♠ Q♣ K♦ A♥ 9♣"]),
        ("english", ["6♠ 7♣ 8♦ 9♥ 10♠ Q♥", "J♠ Q♣ K♦ A♥ 9♣ 7♥"]),
    ],
)
def test_d36_after_a_draw_round_every_player_is_asked_to_lead_again(
    preset: str, hands: list[str]
) -> None:
    # nobody holds a pair: both pass, each draws one card (D36) and seat 1 now holds J♠ J♦
    s = position(preset, hands, trump="H", stock="A♠ J♦")
    s = play(s, "pass pass")
    assert "J♠" in hand(s, 1) and "J♦" in hand(s, 1) and s.stock_count == 0
    s = play(s, "pass")  # one pass is not a round: seat 1 has not been asked yet (R19)
    assert not s.is_over and legal(s) == ["LJSJD"]
    # with cards left in the stock a single pass does not set off another draw round either
    s = position(preset, hands, trump="K♥", stock="A♠ J♦ 8♣")
    s = play(s, "pass pass pass")
    assert s.stock_count == 2 and legal(s) == ["LJSJD"]  # 8♣ and K♥ still wait


def test_a_player_who_holds_a_lead_may_not_pass_under_his_games_rule() -> None:
    hands = ["6♠ 6♥ 7♣ 8♦ 9♥ 10♠", "J♠ Q♣ K♦ A♥ 9♣ 7♥"]
    assert refused(position("english", hands, trump="H", stock="A♠ J♦"), "pass") == "R19"
    five = [h.rsplit(" ", 1)[0] for h in hands]
    s = position("prostoy-pairs", five, trump="H", stock="A♠ J♦")
    assert refused(s, "pass") == "Rozaliev 1.г"


def test_r19_a_round_of_passes_with_the_stock_empty_draws_the_deal() -> None:
    s = position("prostoy-pairs", ["6♠ 7♦", "8♠ 9♦", "10♠"], trump="H")
    s = play(s, "pass pass pass")
    assert s.is_over and s.outcome is not None and s.outcome.draw


def test_d39_a_pair_nobody_can_beat_passed_back_and_forth_draws_the_deal() -> None:
    # 8♣ 8♦ cannot be covered by either player, and it is the only pair either ever holds
    s = position("prostoy-pairs", ["8♣ 8♦ 6♥ 7♥", "6♣ 7♦"], trump="S", leader=0)
    s = play(s, "L8C8D take pass L8C8D take pass " * 2 + "L8C8D")
    assert not s.is_over
    s = play(s, "take")  # the same bout (same hands, same leader) starts for the third time
    assert s.is_over and s.outcome is not None and s.outcome.draw


# ---- the blind game (R14, D27-D30) -----------------------------------------------------------


def blind(*hands: str, preset: str = "blind", leader: int = 0) -> BlindState:
    s = position(preset, list(hands), trump="H", leader=leader)
    assert isinstance(s, BlindState)
    return s


def test_r14_a_view_holds_every_hand_but_ones_own() -> None:
    s = blind("6♠ 7♠", "8♦ 9♦")
    v = View(s, 0)
    assert v.hand == [] and v.hand_sizes == (2, 2)
    assert [str(c) for c in v.known(1)] == ["8♦", "9♦"] and v.known(0) == []
    assert (v.unseen_mask() >> Card.parse("6♠")) & 1


def test_d27_a_blind_lead_is_one_card_picked_by_position() -> None:
    s = blind("6♠ 7♠ 7♣", "8♦ 9♦ 10♦")
    assert legal(s) == ["P0", "P1", "P2"]
    assert refused(s, "L7S7C") == "R14"
    s = play(s, "P2")
    assert s.table == [(Card.parse("7♣"), None)]


def test_r14_a_wrong_cover_is_punished_not_refused() -> None:
    s = blind("6♠ 7♠", "8♦ 6♥ 9♦", "10♣ J♣")
    s = play(s, "P0")  # 6♠
    assert "P0C6S" in legal(s)  # 8♦ cannot beat 6♠, but the defender cannot see that
    s = play(s, "P0C6S")
    assert hand(s, 1) == "6♠ 8♦ 9♦ 6♥" and s.table == [] and s.leader == 2


def test_r14_a_right_cover_is_played() -> None:
    s = blind("6♠ 7♠", "8♦ 6♥ 9♦", "10♣ J♣")
    s = play(s, "P0 P1C6S")  # 6♥ is a trump
    assert s.table == [(Card.parse("6♠"), Card.parse("6♥"))]


def test_r14_a_wrong_throw_in_makes_the_thrower_take_the_table() -> None:
    s = blind("6♠ 7♠", "8♦ 6♥ 9♦", "10♣ J♣")
    s = play(s, "P0 P1C6S")
    assert s.phase == "throw-in" and legal(s) == ["P0", "pass"]  # 7♠ may be tried
    s = play(s, "P0")  # 7♠ is no rank on the table
    assert hand(s, 0) == "6♠ 7♠ 6♥" and s.table == [] and s.leader == 1


def test_d29_a_player_who_could_not_fit_a_card_is_still_asked() -> None:
    s = blind("6♠ 7♠", "8♦ 6♥ 9♦", "10♣ J♣")
    s = play(s, "P0 P1C6S pass")
    assert s.to_move == 2 and legal(s) == ["P0", "P1", "pass"]


def test_r14_a_wrong_transfer_is_punished() -> None:
    s = blind("6♠ 7♠", "8♦ 6♥ 9♦", "10♣ J♣ Q♣", preset="blind-perevodnoy")
    s = play(s, "P0")
    assert "P0" in legal(s)  # a transfer try with the first card
    s = play(s, "P0")  # 8♦ is not a six
    assert hand(s, 1) == "6♠ 8♦ 9♦ 6♥" and s.leader == 2
    s = blind("6♠ 7♠", "6♦ 6♥ 9♦", "10♣ J♣ Q♣", preset="blind-perevodnoy")
    s = play(s, "P0 P0")
    assert s.defender == 2 and len(s.table) == 2


def test_d28_a_seat_knows_where_the_cards_it_saw_go_in_lie_in_its_row() -> None:
    s = blind("6♥ 7♠ 8♣", "8♦ 9♦ 10♦")
    v = View(s, 1)
    assert v.remembered_row == [None, None, None] and v.known(1) == []
    s = play(s, "P0 P0C6H")  # 8♦ cannot beat the trump 6♥: seat 1 takes it and keeps 8♦
    v = View(s, 1)
    assert v.hand == []  # still unseen by him, his row's backs to him (R14)
    assert [str(c) if c else None for c in v.remembered_row or ()] == ["8♦", None, None, "6♥"]
    assert [str(c) for c in v.known(1)] == ["8♦", "6♥"]
    assert not v.unseen_mask() >> Card.parse("6♥") & 1  # he can place it
    s = play(s, "P0 P3C7S")  # 7♠ led; he covers with the 6♥ he picked up
    assert [str(c) if c else None for c in View(s, 1).remembered_row or ()] == [
        "8♦", None, None,
    ]
    assert View(s, 0).remembered_row == [None]  # 8♣, left in his row unseen by him


def test_r14_the_record_keeps_the_picks_and_replays_what_happened() -> None:
    s0 = blind("6♠ 7♠", "8♦ 6♥ 9♦", "10♣ J♣")
    s1 = play(s0, "P0")
    assert isinstance(s1, BlindState) and s1.picked_card(legal_action(s1, "P0C6S")) == Card.parse(
        "8♦"
    )
    record = Record(
        s0.rules, s0.deal, tuple(legal_action(s, a) for s, a in ((s0, "P0"), (s1, "P0C6S")))
    )
    again = Record.from_text(record.to_text())
    assert hand(again.final_state(), 1) == "6♠ 8♦ 9♦ 6♥"


def legal_action(state: object, text: str) -> object:
    from durak_lessons import Action

    return Action.parse(text)


# ---- the diamonds game (R15, D26) ------------------------------------------------------------


def test_r15_diamonds_are_trumps_and_spades_are_beaten_only_by_spades() -> None:
    s = position("diamonds", ["6♠ 6♥", "7♦ 8♠ 6♦"], trump="D", leader=0)
    s = play(s, "L6S")
    assert set(legal(s)) == {"C6S8S", "take"}
    assert refused(s, "C6S7D") == "Rozaliev, the diamonds game; R15"
    s = position("diamonds", ["6♥ 7♠", "7♦ 8♠"], trump="D", leader=0)
    assert set(legal(play(s, "L6H"))) == {"C6H7D", "take"}


def test_r15_the_lowest_diamond_leads_the_first_deal() -> None:
    rules = find_preset("diamonds")
    order = "7D 6S 8S 6D 9S TS JS QS KS AS 6C 7C 8C 9C TC JC QC KC AC 8D 9D TD JD QD KD AD "
    order += "6H 7H 8H 9H TH JH QH KH AH 7S"
    d = deal_from_order(rules, 2, order)
    assert d.trump == 2 and d.trump_card is None and len(d.stock) == 36 - 12
    assert d.leader == 1  # seat 1 holds 6♦


def test_d26_a_turned_spade_goes_back_into_the_middle_of_the_stock() -> None:
    rules = find_preset("diamonds-turned")
    cards = ["6S", "7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC", "8D", "9D", "TD", "JD", "QD", "KD"]
    rest = ["6H", "6D", "7D", "AD", "7H", "8H", "9H", "TH", "JH", "QH", "KH", "AH"]
    order = cards + rest  # 2 x 6 dealt from the top 12; the 13th card (QC) is turned
    d = deal_from_order(rules, 2, " ".join(order))
    assert d.trump_card is not None and d.trump_card.suit != 0
    spade_first = ["AS"] + [c for c in order if c != "AS"]
    spade_first = [*spade_first[1:13], "AS", *spade_first[13:]]
    d = deal_from_order(rules, 2, " ".join(spade_first))
    assert str(d.trump_card) != "A♠" and Card.parse("AS") in d.stock
    stock = [c.code for c in d.stock]
    assert 0 < stock.index("AS") < len(stock) - 1
    plain = deal_from_order(rules.replace(spade_to_middle=False), 2, " ".join(spade_first))
    assert plain.trump_card == Card.parse("AS") and plain.trump == 0
    s = initial_state(rules.replace(spade_to_middle=False), plain)
    assert isinstance(s, BoutState) and s.beats(Card.parse("AH"), Card.parse("6S"), 1)


def test_d26_everyone_knows_where_the_spade_went_and_who_draws_it() -> None:
    import random

    from durak_lessons import Game, sampling

    rules = find_preset("diamonds-turned")
    order = [str(c) for c in deck(36)]
    order.remove("A♠")
    order.insert(12, "A♠")  # two hands of six, then A♠ is turned up and put back
    d = deal_from_order(rules, 2, " ".join(order))
    ace = Card.parse("AS")
    assert d.placed_cards == (ace,) and d.trump_card != ace
    place = d.stock.index(ace)
    s = initial_state(rules, d)
    view = View(s, 0)
    assert view.placed_in_stock == ((place, ace),) and not view.unseen_mask() >> ace & 1
    for seed in range(5):  # a sampled world keeps it where everyone saw it go
        world = sampling.determinize(view, random.Random(seed))
        assert world.deal.stock[place] == ace  # type: ignore[attr-defined]
    game = Game(rules, players=2, deal=d)
    rng = random.Random(3)
    while not any(ace in game.state.hand(p) for p in range(2)):
        game.push(rng.choice(game.legal_actions()))
    holder = next(p for p in range(2) if ace in game.state.hand(p))
    assert ace in View(game.state, 1 - holder).known(holder)  # seen drawn by him
    record = game.record()
    assert "x.placed=AS" in record.to_text() and Record.from_text(record.to_text()) == record


def test_d26_at_six_the_spade_shown_last_stays_trump_as_with_the_option_off() -> None:
    rules = find_preset("diamonds-turned")
    order = [str(c) for c in deck(36) if str(c) != "A♠"] + ["A♠"]  # the dealer's last card
    d = deal_from_order(rules, 6, " ".join(order))
    assert d.stock == () and d.trump_card == Card.parse("AS") and d.trump == 0
    s = initial_state(rules, d)
    assert isinstance(s, BoutState) and s.beats(Card.parse("KH"), Card.parse("AS"), 1)
    assert "six players" in OUR_READINGS["D26"]


# ---- свои козыри (R16, D31, D32, D37) --------------------------------------------------------


def test_r16_two_players_name_suits_of_different_colours() -> None:
    s = position("svoi-kozyri-8b", ["6♠ 7♥", "8♦ 9♣"], own_trumps="--", leader=0)
    assert isinstance(s, TrumpChoiceState) and s.to_move == 0
    assert legal(s) == ["NS", "NC", "ND", "NH"]
    s = play(s, "NH")
    assert legal(s) == ["NS", "NC"] and refused(s, "ND") == "R16; D31"
    s = play(s, "NC")
    assert isinstance(s, BoutState) and s.deal.trumps == (3, 1) and s.trump is None


def test_r16_four_players_each_name_a_suit_nobody_has_named() -> None:
    s = position("s-par-own-trumps", ["6♠", "7♠", "8♠", "9♠"], own_trumps="----", leader=1)
    s = play(s, "NH ND")
    assert legal(s) == ["NS", "NC"] and refused(s, "NH") == "R16; D31"
    s = play(s, "NS NC")
    assert s.deal.trumps == (1, 3, 2, 0)  # type: ignore[attr-defined]  # from the dealer's left


def test_r16_a_card_of_the_defenders_own_trump_beats_any_other_suit() -> None:
    s = position("svoi-kozyri-8b", ["6♣ K♠", "7♥ 8♠"], own_trumps="SH", leader=0)
    s = play(s, "L6C")
    assert set(legal(s)) == {"C6C7H", "take"}  # 7♥ is seat 1's trump
    s = position("svoi-kozyri-8b", ["7♥ K♠", "6♣ 8♠"], own_trumps="HS", leader=0)
    s = play(s, "L7H")
    assert set(legal(s)) == {"C7H8S", "take"}  # 8♠ is his trump; seat 0's hearts are plain


def test_d31_every_seat_hears_the_trumps_named_so_far() -> None:
    s = position("svoi-kozyri-8b", ["6♠ 7♥", "8♦ 9♣"], own_trumps="--", leader=0)
    assert View(s, 1).trumps == (-1, -1)
    s = play(s, "NH")  # seat 0 (the dealer's left) names hearts aloud
    assert View(s, 1).trumps == (3, -1) and View(s, 0).trumps == (3, -1)


def test_r16_8a_the_failing_player_takes_only_the_card_he_failed_against() -> None:
    s = position(
        "svoi-kozyri-8a", ["6♣ 6♦ 9♣", "7♣ 8♠ 10♠", "J♦ Q♦ K♦", "J♥ Q♥ K♥"], own_trumps="HSDC"
    )
    s = play(s, "L6C6D C6C7C take")
    assert hand(s, 1) == "8♠ 10♠ 6♦" and s.discard_count == 2  # type: ignore[attr-defined]


def test_d40_8a_a_lead_of_two_left_uncovered_is_taken_whole() -> None:
    s = position(
        "svoi-kozyri-8a", ["6♣ 6♦ 9♣", "7♣ 8♠ 10♠", "J♦ Q♦ K♦", "J♥ Q♥ K♥"], own_trumps="HSDC"
    )
    s = play(s, "L6C6D take")
    assert hand(s, 1) == "8♠ 10♠ 6♣ 7♣ 6♦" and s.discard_count == 0  # type: ignore[attr-defined]
    assert "D40" in OUR_READINGS


@pytest.mark.parametrize(
    ("trumps", "players"), [("HH", 2), ("HD", 2), ("SC", 2), ("HSDH", 4)]
)
def test_r16_own_trumps_written_out_must_be_ones_the_players_could_name(
    trumps: str, players: int
) -> None:
    hands = ["6♠ 7♠", "8♥ 9♥", "6♥ 6♦", "7♦ 7♣"][:players]
    with pytest.raises(InvalidRecordError, match="R16"):
        position("svoi-kozyri-8a", hands, own_trumps=trumps)
    assert position("svoi-kozyri-8a", hands, own_trumps="HSDC"[:players]).legal_actions()


def test_r16_8b_the_failing_player_takes_every_card_led() -> None:
    s = position(
        "svoi-kozyri-8b", ["6♣ 6♦ 9♣", "7♣ 8♠ 10♠", "J♦ Q♦ K♦", "J♥ Q♥ K♥"], own_trumps="HSDC"
    )
    s = play(s, "L6C6D C6C7C take")
    assert hand(s, 1) == "8♠ 10♠ 6♣ 7♣ 6♦" and s.discard_count == 0  # type: ignore[attr-defined]


def test_d25_the_whole_pack_is_dealt_and_the_dealer_gets_the_last_card() -> None:
    d = deal_from_order("s-par-all-cards", 5, ORDER, dealer=4)
    assert [len(h) for h in d.hands] == [7, 7, 7, 7, 8] and d.stock == ()
    assert d.hands[4][-1] == Card.parse("AH") and d.trump_card == Card.parse("AH")


# ---- дураки с пар (R19, D21-D24) ---------------------------------------------------------------


def test_r19_s_par_deals_five_cards_in_packets_of_three_then_two() -> None:
    d = deal_from_order("s-par", 2, ORDER)
    assert [c.code for c in d.hands[0]] == ["6S", "7S", "8S", "QS", "KS"]
    assert [c.code for c in d.hands[1]] == ["9S", "TS", "JS", "AS", "6C"]
    assert d.trump_card == Card.parse("7C") and d.stock[-1] == Card.parse("7C")


def test_r19_the_trump_six_is_exchanged_for_the_turned_up_trump() -> None:
    s = position("s-par", ["6♥ 7♠ 8♠ 9♠ 10♠", "6♣ 7♣ 8♣ 9♣ 10♣"], trump="A♥", stock="J♦ Q♦")
    assert legal(s)[-1] == "E6H"
    assert refused(s, "E7S") == "R19; D42"  # only the lowest trump of the pack
    s = play(s, "E6H")
    assert hand(s, 0) == "7♠ 8♠ 9♠ 10♠ A♥"
    assert s.under_card == Card.parse("6♥")  # type: ignore[attr-defined]
    assert "E6H" not in legal(s) and refused(s, "EAH") == "R19; D42"
    s = play(s, "L7S take L8S take")  # the leader refills first (R4): J♦, then Q♦
    assert hand(s, 0) == "9♠ 10♠ J♦ Q♦ A♥"
    s = play(s, "L9S take")
    assert hand(s, 0) == "10♠ J♦ Q♦ 6♥ A♥" and s.stock_count == 0  # type: ignore[attr-defined]


def test_d21_s_par_leads_and_the_lone_pair_against_two_cards() -> None:
    s = position("s-par", ["6♠ 6♣ 7♦ 7♥ 9♠", "8♠ 8♣ 9♦ 10♦ J♥"], trump="K♥")
    assert canon("L9S", "L6S6C9S", "L6S6C7D7H9S") <= set(legal(s))
    assert refused(s, "L6S6C") == refused(s, "L6S6C7D7H") == "dictionary, Дураки с пар; R19; D21"
    s = position("s-par", ["6♠ 6♣ 7♦ 7♥ 9♠", "8♠ 8♣"], trump="K♥")
    assert canon("L6S6C") <= set(legal(s)) and not canon("L6S6C9S") & set(legal(s))
    s = position("s-par", ["6♠ 6♣ 7♦ 7♥ 9♠", "8♠ 8♣ 9♦ 10♦"], trump="K♥")
    assert canon("L6S6C9S") <= set(legal(s)) and not canon("L6S6C7D7H") & set(legal(s))


def test_r19_a_lead_larger_than_the_defenders_hand_is_refused_under_r19() -> None:
    s = position("s-par", ["6♠ 6♥ 7♠ 7♥ 8♣ 9♦", "10♠ A♠ J♣ Q♣"], trump="D")
    assert refused(s, "L6S6H7S7H8C") == "dictionary, Дураки с пар; R19"
    s = position("prostoy", ["6♠ 6♥ 7♠ 7♥ 8♣ 9♦", "10♠ A♠ J♣ Q♣"], trump="D")
    assert refused(s, "L6S6H7S7H8C") == "Rozaliev 1.а; R1"


def test_r19_s_par_the_defender_takes_only_the_uncovered_cards() -> None:
    s = position("s-par", ["6♠ 6♣ 9♥", "7♠ 8♦ 10♦", "Q♣ K♣ A♣"], trump="H")
    s = play(s, "L6S6C9H C6S7S take")
    assert hand(s, 1) == "6♣ 8♦ 10♦ 9♥" and s.discard_count == 2  # type: ignore[attr-defined]
    assert s.leader == 2  # type: ignore[attr-defined]


def test_d24_must_cover_option_forbids_taking_while_a_card_can_be_beaten() -> None:
    s = position("s-par", ["6♠ 9♥", "7♠ 8♦"], trump="H", must_cover=True)
    s = play(s, "L6S")
    assert legal(s) == ["C6S7S"] and refused(s, "take") == "D24"
    s = position("s-par", ["6♠ 9♥", "7♠ 8♦"], trump="H")
    assert "take" in legal(play(s, "L6S"))


def test_d38_regional_variant_takes_every_led_card() -> None:
    s = position("s-par-regional", ["6♠ 6♣ 9♥", "7♠ 8♦ 10♦", "Q♣ K♣ A♣"], trump="H")
    s = play(s, "L6S6C9H C6S7S take")
    assert hand(s, 1) == "6♠ 7♠ 6♣ 8♦ 10♦ 9♥" and s.discard_count == 0  # type: ignore[attr-defined]


def test_d33_all_cards_the_agreed_lead_size_is_an_option() -> None:
    hands = ["6♠ 6♣ 7♦ 7♥ 8♠ 8♣ 9♠ J♦", "10♠ 10♣ 10♦ Q♠ Q♣ Q♦ K♠ K♣ K♦"]
    s = position("s-par-all-cards", hands, trump="H")
    assert max(len(a.cards) for a in s.legal_actions()) == 5
    s = position("s-par-all-cards", hands, trump="H", attack_limit=36)
    assert canon("L6S6C8S8C7D7H9S") <= set(legal(s))  # three pairs and one card


def test_english_leads_only_pairs_and_passes_without_one() -> None:
    s = position("english", ["6♠ 6♣ 7♦ 7♥ 9♠ 8♠", "8♦ 8♣ 9♦ 10♦ J♥ Q♥"], trump="K♥")
    assert set(legal(s)) == canon("L6S6C", "L7D7H", "L6S6C7D7H")
    s = position("english", ["6♠ 7♦", "8♦ 8♣"], trump="K♥")
    assert legal(s) == ["pass"]


def test_s_par_three_deals_three_cards() -> None:
    d = deal_from_order("s-par-three", 3, ORDER)
    assert [len(h) for h in d.hands] == [3, 3, 3] and d.trump_card == Card.parse("6C")


def test_every_reading_is_listed() -> None:
    for number in range(20, 40):
        assert f"D{number}" in OUR_READINGS


def test_refusals_change_nothing() -> None:
    s = position("s-par", ["6♠ 6♣ 7♦", "8♠ 8♣ 9♦"], trump="K♥")
    with pytest.raises(IllegalActionError) as err:
        play(s, "L6S6C")
    assert err.value.reason.rule == "dictionary, Дураки с пар; R19; D21" and canon("L6S") <= set(legal(s))
