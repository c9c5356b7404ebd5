"""The chain games' presets (Rozaliev 9.а, 9.б, 10; R17, R18; D17, D19), pinned where
session 39's mutants of their tables and of chain.py's option reads found nothing that
would fail: what the rules at a glance and the catalogue say of each game (one card led,
no throw-ins, no погоны, 2 to 6 players, the whole pack dealt in дорожный) against what its
play does; the top three cards of D17 in the faithful дорожный; the third repetition of a
position (D19) in дорожный; the count of repetitions starting again in a world; and the
refusal of each chain option outside the chain family and of chain_final_top out of 0..52.

Positions are written out as in test_chain_readings.py: for дорожный the hands are the dealt
cards (the last one on top of a faithful pile)."""

from __future__ import annotations

import re

import pytest
from chain_helpers import centre, chain, hand, play

from durak_lessons import InvalidRulesError, Termination, find_preset, new_game
from durak_lessons.catalogue import catalogue, glance

CHAIN_PRESETS = ["navalenny", "navalenny-top", "dorozhny", "dorozhny-open"]


def at_a_glance(preset: str) -> dict[str, str]:
    return {option: value for option, value, _, _ in glance(preset)}


@pytest.mark.parametrize("preset", CHAIN_PRESETS)
def test_r17_r18_the_rules_at_a_glance_say_what_the_play_does(preset: str) -> None:
    """Rozaliev 9.а and 10: one card is laid at the next player (a lead of one card, no
    throw-ins, one card to answer at a time), and the player left holding cards is simply
    the loser: the chain games know no погоны (R8 belongs to подкидной; sections 9 and 10 do
    not mention it).  The table of each game says so, and a deal played out shows it: two
    seats, hearts trumps; seat 0 lays 6♠, which seat 1 cannot beat; then 6♣, his last card,
    which seat 1 cannot beat either.  Seat 1 is the fool, with sixes the last cards laid at
    him, and not «с погонами»."""
    rows = at_a_glance(preset)
    assert (rows["lead_shape"], rows["throw_ins"], rows["attack_limit"]) == ("single", "none", "1")
    assert rows["pogony_sixes"] == "0"
    if preset == "dorozhny":  # faithful: seat 0 turns his only card, seat 1 his top card 8♦
        s = chain(preset, ["6♠", "7♦ 8♦"], "H")
        assert [str(a) for a in s.legal_actions()] == ["F"]
        s = play(s, "F")
        assert centre(s) == "6♠" and s.out == (0,) and s.to_move == 1
        s = play(s, "F")  # 8♦ does not beat 6♠: he takes both, and holds the last cards
        assert hand(s, 1) == "6♠ 8♦"
    else:
        s = chain(preset, ["6♠ 6♣", "7♦ 8♦"], "H")
        assert [str(a) for a in s.legal_actions()] == ["L6S", "L6C"]  # one card at a time
        s = play(s, "L6S")
        assert s.to_move == 1 and [str(a) for a in s.legal_actions()] == ["take"]
        s = play(s, "take L6C")  # seat 0 lays his last card: he is out (D11)
        assert s.out == (0,) and s.to_move == 1 and centre(s) == "6♣"
        s = play(s, "take")
    outcome = s.outcome
    assert s.is_over and outcome is not None and outcome.fool == 1 and not outcome.pogony


@pytest.mark.parametrize("preset", CHAIN_PRESETS)
def test_r17_r18_two_to_six_players_as_the_table_says(preset: str) -> None:
    """Rozaliev 9.а «Игроков — от 2-х до 6-ти» (9.б as 9.а), 10 «Играют от 2-х до 6-ти
    человек»: the catalogue and the table at a glance say 2 to 6, and so does play: six
    players are dealt, seven refused."""
    row = next(r for r in catalogue() if r.id == preset)
    assert row.seat_counts == (2, 3, 4, 5, 6) and row.players == "2–6"
    assert at_a_glance(preset)["players"] == "2, 3, 4, 5, 6"
    assert new_game(preset, 6, seed=1).n == 6
    with pytest.raises(InvalidRulesError, match=f"{preset} is played by 2 to 6 players, not 7"):
        new_game(preset, 7, seed=1)


@pytest.mark.parametrize("preset", ["dorozhny", "dorozhny-open"])
def test_d12_dorozhny_says_the_whole_pack_is_dealt_and_deals_it(preset: str) -> None:
    """Rozaliev 10 «Сдают по одной все карты»: the table says the whole pack, not a number
    of cards, and three players are dealt 12 cards each (the 36th, the trump, to the
    dealer: D12)."""
    assert at_a_glance(preset)["hand_size"] == "the whole pack"
    assert next(r for r in catalogue() if r.id == preset).hand == "whole pack"
    s = new_game(preset, 3, seed=5)
    sizes = [len(s.hand(p)) + len(s.personal_pile(p)) for p in range(3)]  # type: ignore[attr-defined]
    assert sizes == [12, 12, 12] and s.stock_count == 0


# faithful дорожный, five seats, dealer 4 holds the turned-up K♥ (D12); piles, top last:
# seat 0: Q♦ A♦   seat 1: 8♠ K♣   seat 2: 9♥ 10♥   seat 3: Q♣ 9♣   seat 4: K♦ 6♣
ROAD5 = (["Q♦ A♦", "8♠ K♣", "9♥ 10♥", "Q♣ 9♣", "K♦ 6♣"], "K♥")
# turns, failed turns (D15), a lead and covers, until every pile is used up and seat 4's
# last turned card K♦ lies on K♣ 9♣ 8♠ at seat 0, who holds Q♦ alone
TO_THE_LAST_STAGE = "F F LKC F F L9C BKH F LKH F L8S F F LQC F F"


def test_d17_once_every_pile_is_used_up_a_failing_player_takes_the_top_three() -> None:
    """Rozaliev 10 «Когда все карты разобраны, и в центре лежит последняя, игрок, который не
    может ее побить, забирает из середины три верхние карты» (R18, read as D17: once every
    pile is used up).  Seat 0 cannot beat K♦ with Q♦: he takes K♦ and the two under it,
    not two nor four, and seat 1 must beat the K♣ left on top."""
    s = play(chain("dorozhny", *ROAD5, leader=0, dealer=4), TO_THE_LAST_STAGE)
    assert s.pile_sizes == (0, 0, 0, 0, 0) and s.out == (2,)
    assert centre(s) == "K♣ 9♣ 8♠ K♦" and s.to_move == 0 and hand(s, 0) == "Q♦"
    assert [str(a) for a in s.legal_actions()] == ["take"]
    s = play(s, "take")
    assert hand(s, 0) == "8♠ 9♣ Q♦ K♦" and centre(s) == "K♣"
    assert s.phase == "defend" and s.to_move == 1


# open дорожный, three seats, hearts trumps: nobody holds a spade, a club or a heart above
# 6♠ and 6♣, so each is taken (the bottom card, R18) wherever it is laid
ROAD3 = (["6♠ 7♦", "8♦", "6♣ 9♦"], "H")
# 6♠ goes round the table 0 -> 1 -> 2 -> 0, 6♣ the other way round; back to the deal
ROUND = "L6S take L6C take L6S take L6C take L6S take L6C take"


def test_d19_in_dorozhny_the_third_time_a_position_comes_up_draws_the_deal() -> None:
    """D19 (repetition_draw=3 in both modes of дорожный): the round brings back the hands of
    the deal with seat 0 to lead: twice is not a draw, and the third time is, with nobody
    out; one action before it the deal goes on."""
    start = chain("dorozhny-open", *ROAD3)
    s = play(start, ROUND)
    assert [hand(s, p) for p in range(3)] == ["6♠ 7♦", "8♦", "6♣ 9♦"]
    assert s.to_move == 0 and s.phase == "lead" and not s.is_over
    moves = ROUND.split()
    almost = play(s, " ".join(moves[:-1]))
    assert not almost.is_over
    s = play(almost, moves[-1])
    outcome = s.outcome
    assert s.is_over and outcome is not None
    assert outcome.termination == Termination.DRAW and outcome.out_order == ()


def test_d19_a_world_counts_the_position_it_starts_from_as_its_first() -> None:
    """ChainState.with_hidden (the worlds of search by sampling) starts the count of
    repetitions again, the position it starts from counted once: from a position met twice
    in the deal, a world of the same cards is drawn the second time the round brings it
    back, where the deal itself is drawn the first time."""
    s = play(chain("dorozhny-open", *ROAD3), ROUND)  # the deal's position, met twice
    assert play(s, ROUND).is_over
    world = s.with_hidden([s.hand_mask(p) for p in range(3)], [])
    once = play(world, ROUND)
    assert not once.is_over and once.to_move == 0
    twice = play(once, ROUND)
    assert twice.is_over and twice.outcome is not None
    assert twice.outcome.termination == Termination.DRAW


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("chain_take", "top"),
        ("chain_take", "bottom"),
        ("chain_lead_on", True),
        ("chain_discard", True),
        ("personal_piles", True),
        ("chain_final_top", 3),
    ],
)
def test_a_chain_option_is_refused_in_a_bout_game(option: str, value: object) -> None:
    """The chain options (Rozaliev 9, 10; R17, R18) mean nothing in подкидной: each one is
    refused there, the message naming the chain options and the family they need."""
    podkidnoy = find_preset("podkidnoy")
    message = "invalid rules: chain_* and personal_piles need family=chain"
    with pytest.raises(InvalidRulesError, match=f"^{re.escape(message)}$"):
        podkidnoy.replace(**{option: value})


def test_d17_the_top_cards_taken_at_the_last_stage_are_0_to_52() -> None:
    """chain_final_top (D17) counts cards of the centre: any number up to the pack of 52
    (0 turns it off, as in the open дорожный); -1 and 53 are refused, saying the range."""
    dorozhny = find_preset("dorozhny")
    assert dorozhny.replace(chain_final_top=52).chain_final_top == 52
    assert dorozhny.replace(chain_final_top=0).chain_final_top == 0
    for bad in (-1, 53):
        message = f"invalid rules: chain_final_top {bad} (expected 0..52)"
        with pytest.raises(InvalidRulesError, match=f"^{re.escape(message)}$"):
            dorozhny.replace(chain_final_top=bad)
