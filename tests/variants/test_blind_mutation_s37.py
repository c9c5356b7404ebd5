"""The blind game (R14), pinned where session 37's mutation run of durak_lessons/blind.py
found nothing that would fail: what is refused (a take, pass or pick out of turn, a position
past the row, a cover on a covered card or one not on the table, a cover named while
leading), the covers offered after a transfer and after a cover by 2♠, which card a pick
turns over, the row in position order (D28), and the rows of a sampled world."""

from __future__ import annotations

import re

import pytest
from variant_helpers import hand, legal, play, position

from durak_lessons import (
    Action,
    Deal,
    IllegalActionError,
    View,
    explain,
    find_preset,
    initial_state,
)
from durak_lessons.blind import BlindState
from durak_lessons.cards import Card


def exactly(message: str) -> str:
    """A pattern that matches ``message`` and nothing more."""
    return f"^{re.escape(message)}$"


def blind(*hands: str, preset: str = "blind", leader: int = 0) -> BlindState:
    s = position(preset, list(hands), trump="H", leader=leader)
    assert isinstance(s, BlindState)
    return s


def test_r14_a_take_or_pass_out_of_turn_is_refused_as_any_other() -> None:
    """What a player can see is impossible is refused: seat 2 saying "take" while seat 1
    defends, or seat 1 saying "pass" while seat 0 may throw in; and nothing changes."""
    s = play(blind("6♠ 7♠", "8♦ 6♥ 9♦", "10♣ J♣"), "P0")  # 6♠ led; seat 1 defends
    for action, seat in (("take", 2), ("take", 0), ("pass", 2)):
        reason = explain(s, action, seat)
        assert reason is not None and reason.rule == "turn order", (action, seat)
        assert "seat 1" in reason.text
        with pytest.raises(IllegalActionError, match="turn order"):
            s.apply(action, seat)
    assert explain(s, "take", 1) is None
    s = play(s, "P1C6S")  # 6♥ (a trump) covers 6♠; seat 0 may throw in
    assert s.phase == "throw-in" and s.to_move == 0
    reason = explain(s, "pass", 1)
    assert reason is not None and reason.rule == "turn order"
    assert explain(s, "pass", 0) is None and hand(s, 1) == "8♦ 9♦"


def test_r14_after_a_transfer_the_new_defender_may_try_a_cover_on_each_card() -> None:
    """blind-perevodnoy: 6♠ led, seat 1 transfers with 6♦; seat 2 (three cards) may try each
    of his positions on 6♠ and on 6♦, or take (a transfer on to seat 0, who holds one card, is not offered)."""
    s = play(blind("6♠ 7♠", "6♦ 9♦ 10♦", "9♣ 10♣ J♣", preset="blind-perevodnoy"), "P0 P0")
    assert s.defender == 2 and [a for a, _ in s.table] == [Card.parse("6♠"), Card.parse("6♦")]
    assert legal(s) == [
        "P0C6S", "P1C6S", "P2C6S", "P0C6D", "P1C6D", "P2C6D", "take",
    ]
    s = play(s, "P0C6D")  # 9♣ does not beat 6♦ (hearts are trumps): seat 2 takes the bout
    assert s.table == [] and hand(s, 2) == "6♠ 9♣ 10♣ J♣ 6♦"


def test_r14_the_card_a_pick_turns_over_is_the_one_at_its_position() -> None:
    """Seat 0's row is 6♠ 6♣ 7♠ (dealing order, D28): P1 turns over 6♣; a position past the
    end of the row, a take or a pass turns over nothing, and nothing is turned over once the
    deal is over."""
    s = blind("6♠ 6♣ 7♠", "8♦ 9♦ 10♦")
    assert [s.picked_card(Action.parse(f"P{k}")) for k in range(3)] == [
        Card.parse(c) for c in ("6♠", "6♣", "7♠")
    ]
    for past in ("P3", "P4", "take", "pass"):
        assert s.picked_card(Action.parse(past)) is None, past
    s = play(blind("6♠", "7♠"), "P0 P0C6S")  # 7♠ covers; both hands empty: a draw
    assert s.is_over
    assert s.picked_card(Action.parse("P0")) is None


def test_r14_a_pick_out_of_turn_is_refused_and_one_past_the_row_names_the_positions() -> None:
    """Nobody plays a card out of turn, blind or not; and a position one past the end of the
    row (P2 in a row of two) is refused as no card of it, naming the positions there are."""
    s = blind("6♠ 7♠", "8♦ 6♥ 9♦", "10♣ J♣")
    for action, seat in (("P0", 1), ("P1", 2)):
        reason = explain(s, action, seat)
        assert reason is not None and reason.rule == "turn order", (action, seat)
        assert reason.text == f"it is seat 0's turn to lead, not seat {seat}'s"
    reason = explain(s, "P2")
    assert reason is not None and (reason.rule, reason.text) == (
        "hand", "seat 0 holds 2 cards: positions 0 to 1, not 2"
    )
    with pytest.raises(IllegalActionError, match="positions 0 to 1, not 2"):
        s.apply("P2")
    s = play(s, "P0")  # 6♠ led; seat 1 answers
    for action, seat in (("P0C6S", 0), ("P0C6S", 2), ("P0", 2)):
        reason = explain(s, action, seat)
        assert reason is not None and reason.rule == "turn order", (action, seat)
    reason = explain(s, "P3C6S")
    assert reason is not None and reason.text == "seat 1 holds 3 cards: positions 0 to 2, not 3"
    assert explain(s, "P2C6S") is None and explain(s, "P0C6S", 1) is None


def test_d28_the_row_the_others_see_is_in_position_order() -> None:
    """The row is shown in position order (D28): the dealt cards as dealt, a wrong card
    turned over and kept where it lay, the cards taken at its end; position k of it is the
    card a pick Pk turns over."""
    s = play(blind("6♥ 7♠ 8♣", "9♦ 8♦ 10♦"), "P0 P1C6H")  # 8♦ cannot beat the trump 6♥
    assert [str(c) for c in s.row(1)] == ["9♦", "8♦", "10♦", "6♥"]
    assert s.to_move == 0 and [str(c) for c in s.row(0)] == ["7♠", "8♣"]
    assert [s.picked_card(Action.parse(f"P{k}")) for k in range(2)] == s.row(0)


def test_r14_a_cover_is_tried_only_on_an_uncovered_attack_card_even_one_beaten_by_2_spades() -> None:
    """blind-perevodnoy with the pack of 52 and spades trumps: 6♥ led, transferred with 6♦;
    seat 2 covers 6♥ with 2♠ (the lowest trump, card number 0).  6♥ is covered now, so the
    covers offered and allowed are on 6♦ alone; a card not on the table is no target; a
    cover named while leading is refused (only the defender covers)."""
    rules = find_preset("blind-perevodnoy").replace(deck_size=52)
    s0 = position(rules, ["6♥ 7♠ 8♣", "6♦ 9♦", "2♠ 10♣ J♣ Q♣"], trump="S")
    assert isinstance(s0, BlindState)
    reason = explain(s0, "P0C6H")
    assert reason is not None and (reason.rule, reason.text) == (
        "R14", "only the defender covers; here the card is led or thrown in"
    )
    s = play(s0, "P0 P0 P0C6H")
    assert s.table == [(Card.parse("6♥"), Card.parse("2♠")), (Card.parse("6♦"), None)]
    assert s.to_move == 2 and legal(s) == ["P0C6D", "P1C6D", "P2C6D", "take"]
    for action, text in (
        ("P0C6H", "6♥ is already covered"),
        ("P0C7S", "7♠ is not an attack card on the table"),
    ):
        reason = explain(s, action)
        assert reason is not None and (reason.rule, reason.text) == ("table", text)
        with pytest.raises(IllegalActionError, match=text):
            s.apply(action)
    assert explain(s, "P0C6D") is None


def test_r14_a_pick_by_a_seat_not_to_move_is_not_played_for_the_seat_to_move() -> None:
    s = blind("6♠ 7♠", "8♦ 6♥ 9♦", "10♣ J♣")
    for seat in (1, 2):
        with pytest.raises(IllegalActionError, match=f"not seat {seat}'s"):
            s.apply("P0", seat)
    assert s.table == [] and s.apply("P0", 0).table == [(Card.parse("6♠"), None)]


def test_r14_a_world_keeps_each_row_or_is_given_its_order() -> None:
    """BlindState.with_hidden (the worlds of search by sampling): a hand left as it is keeps
    its row; a hand changed needs the order of its row, holding exactly its cards."""
    s = blind("6♠ 7♠", "8♦ 9♦")
    c = {t: int(Card.parse(t)) for t in ("6♠", "7♠", "8♦", "9♦")}
    same = s.with_hidden([1 << c["6♠"] | 1 << c["7♠"], 1 << c["8♦"] | 1 << c["9♦"]], [])
    assert same.row(0) == s.row(0) and same.row(1) == s.row(1)
    swapped = [1 << c["6♠"] | 1 << c["8♦"], 1 << c["7♠"] | 1 << c["9♦"]]
    world = s.with_hidden(swapped, [], rows=[[c["8♦"], c["6♠"]], [c["9♦"], c["7♠"]]])
    assert [str(x) for x in world.row(0)] == ["8♦", "6♠"]
    assert [str(x) for x in world.row(1)] == ["9♦", "7♠"]
    for rows, message in (
        (None, "seat 0's hand is new: its row order must be given"),
        ([[c["8♦"], c["6♠"]]], "seat 1's hand is new: its row order must be given"),
        ([[c["8♦"], c["8♦"], c["6♠"]], [c["9♦"], c["7♠"]]], "seat 0's row must hold exactly the cards of its hand"),
        ([[c["8♦"], c["7♠"]], [c["9♦"], c["7♠"]]], "seat 0's row must hold exactly the cards of its hand"),
    ):
        with pytest.raises(ValueError, match=exactly(message)):
            s.with_hidden(swapped, [], rows=rows)


def test_r14_a_refused_pick_says_which_pick_and_why() -> None:
    s = blind("6♠ 7♠", "8♦ 6♥ 9♦", "10♣ J♣")
    with pytest.raises(IllegalActionError) as refused:
        s.apply("P2")
    assert str(refused.value) == "illegal action P2: seat 0 holds 2 cards: positions 0 to 1, not 2 [hand]"
    assert refused.value.action == Action.parse("P2") and refused.value.reason.rule == "hand"


def test_r14_a_wrong_throw_in_punished_and_the_row_takes_then_draws_in_drawing_order() -> None:
    """Seat 0 leads 6♣ and seat 1 says "take"; seat 0 tries 8♠, no rank on the table (R14):
    he takes the table (6♣), keeps 8♠ where it lay, and the hands are refilled (R4): his row
    ends with 6♣, then A♠ 7♣ K♦ as drawn; seat 1 draws 6♦ Q♠.  Seat 1 leads (D28)."""
    d = Deal.from_hands(["8♠ 6♣ 10♣", "9♦ 8♦ 7♦"], trump="H", stock="A♠ 7♣ K♦ 6♦ Q♠")
    s = initial_state(find_preset("blind"), d)
    s = play(s, "P1 take P0")
    assert [str(c) for c in s.row(0)] == ["8♠", "10♣", "6♣", "A♠", "7♣", "K♦"]
    assert [str(c) for c in s.row(1)] == ["9♦", "8♦", "7♦", "6♦", "Q♠"]
    assert s.table == [] and s.leader == 1 and not s.taking


def test_r14_a_right_throw_in_is_played() -> None:
    s = play(blind("6♠ 6♣ 7♠", "8♠ 9♦", "10♣ J♣"), "P0 P0C6S")  # 8♠ covers 6♠
    assert s.phase == "throw-in" and s.to_move == 0
    s = play(s, "P0")  # 6♣: a six is on the table
    assert s.table == [(Card.parse("6♠"), Card.parse("8♠")), (Card.parse("6♣"), None)]
    assert s.phase == "defend" and s.to_move == 1


def test_r14_a_wrong_cover_that_ends_the_deal_leaves_the_fool_with_the_pogony() -> None:
    """Two sixes led at seat 1: 7♠ covers 6♠, but 8♦, his last card, does not cover 6♣: he
    takes them all (R14) and, seat 0 having gone out, is the fool; the last cards led at him
    were the two sixes (R8, D4).  Everyone saw what he took (he too: D28)."""
    s = play(blind("6♠ 6♣", "7♠ 8♦"), "P0 P0C6S P0 P0C6C")
    assert s.is_over and s.table == [] and not s.taking
    outcome = s.outcome
    assert outcome is not None and outcome.fool == 1 and outcome.pogony
    assert View(s, 0).known(1) == View(s, 1).known(1) == [Card.parse(c) for c in ("6♠", "7♠", "6♣", "8♦")]


def test_r14_a_punished_player_still_knows_the_cards_he_saw_go_into_his_row_before() -> None:
    """Seat 1 takes 6♥ (seen going into his row); later a wrong cover makes him take the
    table too: he knows of both bouts' cards, not only the last."""
    s = play(blind("6♥ 7♠ 8♣", "8♦ 9♦ 10♦"), "P0 take")  # seat 0 may throw in: he passes
    s = play(s, "pass")
    assert [str(c) for c in View(s, 1).known(1)] == ["6♥"]
    s = play(s, "P0 P0C7S")  # 7♠ led; 8♦ does not beat it (hearts are trumps)
    assert [str(c) for c in View(s, 1).known(1)] == ["7♠", "8♦", "6♥"]


def test_r14_after_a_punished_bout_the_next_defender_may_transfer() -> None:
    """blind-perevodnoy: seat 1 covers 6♠ wrongly and takes; seat 2 leads 9♣ at seat 0, who
    may try to pass it on (a transfer try for each position) as in any bout."""
    s = play(blind("6♠ 7♠", "8♦ 6♥ 9♦", "9♣ 10♣ J♣", preset="blind-perevodnoy"), "P0 P0C6S")
    assert s.leader == 2 and s.table == []
    s = play(s, "P0")  # 9♣
    assert s.defender == 0 and legal(s) == ["P0C9C", "P0", "take"]


def test_r14_with_the_pack_of_52_a_wrong_play_takes_2_spades_from_the_table_too() -> None:
    """2♠ (card number 0) led, covered wrongly: the defender takes 2♠ with the rest."""
    rules = find_preset("blind").replace(deck_size=52)
    s = position(rules, ["2♠ 5♠", "3♦ 4♦", "5♣ 6♣"], trump="H")
    s = play(s, "P0 P0C2S")  # 3♦ does not beat 2♠
    assert hand(s, 1) == "2♠ 3♦ 4♦" and s.table == []


def test_d28_cards_taken_join_the_row_in_table_order_attack_before_cover() -> None:
    """The pack of 52: 2♠ led, covered with 3♠ from seat 1's row, 2♣ thrown in; seat 1
    takes.  His row keeps 4♦ 5♦ and ends with the table in order: 2♠, 3♠ (back from the
    table), 2♣."""
    rules = find_preset("blind").replace(deck_size=52)
    d = Deal.from_hands(["2♠ 2♣ 9♥", "4♦ 3♠ 5♦"], trump="H", stock="A♠ 7♣ K♦ 6♦ Q♠")
    s = play(initial_state(rules, d), "P0 P1C2S P0 take pass")
    assert isinstance(s, BlindState)
    assert [str(c) for c in s.row(1)] == ["4♦", "5♦", "2♠", "3♠", "2♣"]


def test_r5_a_bout_full_after_a_throw_in_ends_without_asking_anyone_more() -> None:
    """Seat 1 (two cards) says "take"; seat 0 throws in 6♣: the bout holds two cards, its
    most (R6), so it ends at once, though seat 2 still holds cards (D29 asks only while
    there is room); seat 1's row ends with the table in order, then the cards he draws."""
    d = Deal.from_hands(["6♠ 6♣ 7♠", "8♦ 9♦", "9♣ 10♣ 6♥"], trump="H", stock="A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♣ 8♣ 7♥")
    s = play(initial_state(find_preset("blind"), d), "P0 take P0")
    assert isinstance(s, BlindState)
    assert s.table == [] and s.phase == "lead" and s.to_move == 2
    # seat 0 draws five, seat 2 three, seat 1 last (R4) 8♣ 7♥, after the 6♣ thrown in last
    assert [str(c) for c in s.row(1)] == ["8♦", "9♦", "6♠", "6♣", "8♣", "7♥"]
