"""The blind game (R14), pinned where session 39's mutation run of durak_lessons/blind.py
found nothing that would fail: D29's throw-in turn skipping a player who holds no card and
asking the next, a punished bout counting as a bout played for the R6 option of a smaller
first bout, and a deal ended by a punishment leaving nobody taking."""

from __future__ import annotations

from variant_helpers import hand, legal, play, position

from durak_lessons.blind import BlindState
from durak_lessons.cards import Card


def blind(*hands: str, leader: int = 0, **options: object) -> BlindState:
    s = position("blind", list(hands), trump="H", leader=leader, **options)
    assert isinstance(s, BlindState)
    return s


def test_d29_a_thrower_who_holds_no_card_is_skipped_and_the_next_one_is_asked() -> None:
    """Three seats, no stock, hearts trumps.  Seat 0 leads 6♠, his only card; seat 1 covers
    with 7♠.  Seat 0, first to throw in (R5), holds nothing: he is skipped (D29) and seat 2
    is asked, who may try either of his two positions or pass.  He tries 6♣: a six is on
    the table, so it is thrown in and seat 1 must answer it."""
    s = play(blind("6♠", "7♠ 8♦", "6♣ 9♣"), "P0 P0C6S")
    assert s.table == [(Card.parse("6♠"), Card.parse("7♠"))] and hand(s, 0) == ""
    assert s.phase == "throw-in" and s.to_move == 2
    assert legal(s) == ["P0", "P1", "pass"]
    s = play(s, "P0")
    assert s.table == [(Card.parse("6♠"), Card.parse("7♠")), (Card.parse("6♣"), None)]
    assert s.phase == "defend" and s.to_move == 1


def test_r6_option_a_punished_first_bout_is_a_bout_played_the_next_one_holds_more() -> None:
    """The blind game with the R6 option of a first bout of at most one card.  Covered
    rightly, the first bout ends with its one card (seat 1 beats 6♠ with the trump 6♥ and
    leads).  Covered wrongly (9♦ on 6♠), seat 1 takes the bout (R14) and seat 0 leads the
    second bout, which is no longer the first: once seat 1 beats 7♠ with 6♥, seat 0 may
    throw in his last card 8♠ (a second card in the bout) or pass."""
    s0 = blind("6♠ 7♠ 8♠", "9♦ 6♥ 7♥", first_bout_limit=1)
    right = play(s0, "P0 P1C6S")
    assert right.table == [] and right.phase == "lead" and right.to_move == 1
    s = play(s0, "P0 P0C6S")  # 9♦ does not beat 6♠: seat 1 takes it, seat 0 leads
    assert s.table == [] and s.leader == 0
    assert [str(c) for c in s.row(1)] == ["9♦", "6♥", "7♥", "6♠"]
    s = play(s, "P0 P1C7S")  # 7♠ led, 6♥ (a trump) beats it
    assert s.table == [(Card.parse("7♠"), Card.parse("6♥"))]
    assert s.phase == "throw-in" and s.to_move == 0 and legal(s) == ["P0", "pass"]


def test_r14_a_deal_ended_by_a_wrong_cover_leaves_nobody_taking() -> None:
    """Seat 1 covers 6♣ wrongly with his last card 8♦ after seat 0 went out: the deal is
    over (seat 1 the fool), the table empty, and ``taking`` is False, a bool as in any
    finished deal (nobody said "take")."""
    s = play(blind("6♠ 6♣", "7♠ 8♦"), "P0 P0C6S P0 P0C6C")
    assert s.is_over and s.outcome is not None and s.outcome.fool == 1
    assert s.taking is False and s.table == []
