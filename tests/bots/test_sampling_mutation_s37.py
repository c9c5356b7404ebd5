"""What the search bot's sampled worlds keep of what a seat has seen, pinned where session
37's mutation run of durak_lessons/sampling.py found nothing that would fail: a pass for
want of a pair by a player known to hold picked-up cards (R19), how long a fact (D2) or a
belief holds while the player draws and plays, the record read to its end after a model is
refuted, own trumps (R16) read with the player's own suit, the hand with least room dealt
first, and when there is one known world."""

from __future__ import annotations

import random
import re

import pytest

from durak_lessons import Deal, View, find_preset, initial_state
from durak_lessons.bout import BoutState
from durak_lessons.cards import RANK_OF, card_mask, cards_of, parse_cards
from durak_lessons.sampling import NO_PAIR, determinize, infer, known_world


def exactly(message: str) -> str:
    """A pattern that matches ``message`` and nothing more."""
    return f"^{re.escape(message)}$"


def _passed_without_a_pair() -> BoutState:
    """английские дураки (R19) with the pack of 52 (2♠ at the bottom of the stock), trump ♦: seat 0 leads 7♠ 9♠ 7♣ 9♣; seat 1 covers the clubs
    and picks up 7♠ 9♠ (everyone sees them go into his hand); seat 0 leads 6♠ 6♣, seat 1
    covers both, draws K♠ A♥ and, to lead, holds 7♠ 9♠ K♠ 6♥ Q♥ A♥: no pair, so he passes."""
    d = Deal.from_hands(
        ["7S 7C 9C 9S QS KH", "10C AC 8D JD 6H QH"],
        trump="D",
        stock="6S 6C 10D KC 8S 8C KS AH 7H 7D 9H 9D JC JS 2S",
        leader=0,
    )
    state = initial_state(find_preset("english").replace(deck_size=52), d)
    for a in ("L7S9S7C9C", "C7C10C", "C9CAC", "take", "L6S6C", "C6S8D", "C6CJD", "pass"):
        state = state.apply(a)
    assert isinstance(state, BoutState)
    last = state.last_played()
    assert last is not None and last.seat == 1 and last.without_pair
    return state


def test_a_pass_without_a_pair_keeps_the_ranks_of_the_cards_seen_picked_up_out_of_the_hand() -> None:
    """Seat 1 passed for want of a pair while everyone knew he held 7♠ and 9♠: so none of
    his four other cards is a seven or a nine, which seat 0 cannot place (7♥ 7♦ 9♥ 9♦ lie in
    the stock).  The worlds seat 0 samples never give him one; without the fact most do."""
    state = _passed_without_a_pair()
    view = View(state, 0)
    assert [str(c) for c in view.known(1)] == ["7♠", "9♠"]
    sevens_nines = card_mask(parse_cards("7H 7D 9H 9D"))
    assert sevens_nines & view.unseen_mask() == sevens_nines
    facts = [(4, sevens_nines), (4, NO_PAIR)]  # the rules' facts: kept whatever the model
    assert infer(view, "none") == {1: facts}
    for model in ("takes", "cheap"):  # with what his take says (he could not cover 7♠ 9♠)
        assert infer(view, model)[1][:2] == facts
    rng = random.Random(3)
    worlds = [determinize(view, rng, infer(view, "none")).hand_mask(1) for _ in range(200)]
    assert not any(h & sevens_nines for h in worlds)
    assert all(h & view.known_mask(1) == view.known_mask(1) for h in worlds)
    # the four hidden cards are still of four ranks, none of them a seven or a nine
    assert all(
        len({RANK_OF[c] for c in cards_of(h & ~view.known_mask(1))}) == 4 for h in worlds
    )
    two = card_mask(parse_cards("2S"))  # no rank he is known to hold: it may be dealt him
    assert sum(1 for h in worlds if h & two) > 20
    plain = [determinize(view, rng).hand_mask(1) for _ in range(200)]
    assert sum(1 for h in plain if h & sevens_nines) > 100


def test_a_fact_of_the_rules_lasts_as_long_as_one_card_held_then_is_still_held() -> None:
    """D2: seat 0 leads 6♠, seat 1 covers with 7♠ and the rules pass seat 0 over (he holds
    only 9♥ then): everyone knows that 9♥, the one card he kept, is no six or seven.  He
    draws five cards, so of his six hidden cards one was held then; once he has covered with
    9♥, every card he holds was drawn since, and the fact says nothing more."""
    d = Deal.from_hands(["6S 9H", "7S 8H"], trump="D", stock="6C 7C 10C JC QC KC AC 10S 6D")
    state = initial_state("podkidnoy", d)
    state = state.apply("L6S").apply("C6S7S")
    assert isinstance(state, BoutState)
    last = state.last_played()
    assert last is not None and [p for p, _ in last.skipped] == [0]
    view = View(state, 1)
    assert state.to_move == 1 and view.draws == (5, 4)
    six_seven = card_mask(parse_cards("6C 7C"))  # the sixes and sevens seat 1 cannot place
    assert infer(view, "none") == {0: [(1, six_seven)]}
    state = state.apply("L8H").apply("C8H9H")
    view = View(state, 1)
    assert infer(view, "none") == {} and infer(view, "cheap") == {}
    assert view.hand_sizes[0] == 5 and view.draws[0] == 5


def test_after_the_cheap_model_is_refuted_the_rest_of_the_record_is_still_read() -> None:
    """Seat 1 picks up 6♠, covers 7♠ with Q♦, then leads 9♥ though everyone knows he holds the
    cheaper 6♠: "cheap" no longer fits his leads and covers, and his later lead of 7♣ says
    nothing.  But the record is read on to its end: when he then takes K♣, that take still
    tells seat 0 he held no card that covers it (A♦, the one such card seat 0 cannot place),
    beside what his first take told."""
    d = Deal.from_hands(["6S JC QC KC", "9H 10H AH 7C"], trump="D", stock="7S 8S 9S QD 8C 8H AS AD")
    state = initial_state("podkidnoy", d)
    moves = "L6S take L7S C7SQD pass L9H take L7C C7C8C pass LKC take"
    for a in moves.split():
        state = state.apply(a)
    view = View(state, 0)
    first_take = (1, card_mask(parse_cards("AS AD")))  # could beat 6♠; one card held then
    second_take = (5, card_mask(parse_cards("AD")))
    assert infer(view, "cheap") == infer(view, "takes") == {1: [first_take, second_take]}


def test_what_a_take_told_fades_as_the_taker_plays_the_cards_he_held_then() -> None:
    """Seat 1 (7♣ 7♥ 8♥, trump ♦) takes 6♠: his three cards were no 9♠ 10♠ J♦.  As he
    covers with 9♠ (drawn since), leads 7♣ and throws in 7♥, fewer of his hidden cards can
    be from then, and J♦, which seat 0 draws, drops out; once he has played as many cards as
    he held then, less those drawn, the take says nothing more of his hand."""
    d = Deal.from_hands(["6S 6C 8S", "7C 7H 8H"], trump="D", stock="QC KH 6H 9H 9S 10S JD")
    state = initial_state("podkidnoy", d)
    told = []
    for a in ["L6S", "take", "pass", "L8S", "C8S9S", "pass", "L7C", "C7CQC", "T7H"]:
        state = state.apply(a)
        told.append(infer(View(state, 0), "takes").get(1))
    beaters = card_mask(parse_cards("9S 10S JD"))
    ten = card_mask(parse_cards("10S"))
    assert told == [
        None,  # L6S
        [(3, beaters)],  # take
        [(3, beaters)],  # pass: he draws 9♠ 10♠ (hidden from seat 0)
        [(3, beaters)],  # L8S
        [(2, beaters & ~card_mask(parse_cards("9S")))],  # C8S9S: 9♠ seen, one card fewer
        [(2, ten)],  # pass: seat 0 draws J♦
        [(1, ten)],  # L7C
        [(1, ten)],  # C7CQC
        None,  # T7H: of 10♠ 8♥, one was drawn since the take
    ]


def _own_trumps(hands: str, moves: str) -> View:
    """свои козыри for four (R16), each seat's suit its own: ♠ ♥ ♣ ♦ in seat order; seat 0
    leads; seat 0's view after ``moves``."""
    d = Deal.from_hands(hands.split("/"), trump="", own_trumps="SHCD", leader=0)
    state = initial_state("svoi-kozyri-8a", d)
    for a in moves.split():
        state = state.apply(a)
    view = View(state, 0)
    assert view.trumps == (0, 3, 1, 2)  # suits numbered ♠ ♣ ♦ ♥
    return view


def test_in_own_trumps_a_take_is_read_with_the_takers_trump_not_the_next_defenders() -> None:
    """Seat 1 (hearts his trumps) takes 8♠: he held no heart, which would have covered it
    (6♥ 10♥, which seat 0 cannot place).  Seat 3 now defends with diamonds his trumps: the
    take still says hearts, not diamonds."""
    view = _own_trumps("6S 7S 8S/7C 8D 9D/6H 9C 10C/6D 10H 10D", "L8S take")
    assert view.defender == 3
    assert infer(view, "takes") == {1: [(3, card_mask(parse_cards("6H 10H")))]}


def test_in_own_trumps_a_cover_is_read_with_the_coverers_trump() -> None:
    """Seat 1 covers 8♠ with his trump 8♥: under "cheap" he held no cheaper cover, and for
    him those are 6♥ 7♥ (seat 2's 9♣ 10♣ are plain cards to him and cover no spade).  Seat
    2 now defends with clubs his trumps: the cover is still read with hearts."""
    view = _own_trumps("6S 7S 8S/8H 7C 8D/6H 9C 10C/7H 9D 10D", "L8S C8S8H")
    assert view.defender == 2
    assert infer(view, "cheap")[1] == [(2, card_mask(parse_cards("6H 7H")))]


def test_an_unknown_opponent_model_is_refused_naming_the_models() -> None:
    view = View(initial_state("podkidnoy", Deal.from_hands(["6S", "7S"], trump="D")), 0)
    with pytest.raises(ValueError, match=exactly("unknown opponent model 'psychic'; models: none, takes, cheap")):
        infer(view, "psychic")


def test_a_cover_with_a_card_everyone_knew_he_held_does_not_refute_the_cheap_model() -> None:
    """Seat 1 picks up 7♠, then covers 6♠ with that very 7♠, the cheapest cover there was:
    "cheap" still fits him, so his lead of 10♣ next says he holds nothing cheaper that seat 0
    cannot place (8♥ 9♥), beside what his take said."""
    d = Deal.from_hands(["7S 9C KC", "10H AH 10C QH"], trump="D", stock="6H 6S JC JS 7D KS QS 8H 9H")
    state = initial_state("podkidnoy", d)
    for a in ["L7S", "take", "L6S", "C6S7S", "pass", "LTC"]:
        state = state.apply(a)
    view = View(state, 0)
    take = (3, card_mask(parse_cards("QS 7D")))
    assert infer(view, "cheap") == {1: [take, (5, card_mask(parse_cards("8H 9H")))]}
    assert infer(view, "takes") == {1: [take]}


def test_with_three_seats_there_is_no_known_world_even_with_only_the_trump_left() -> None:
    """Three seats, the stock down to the turned-up Q♦: seat 0 sees it, but not which of the
    four other cards seat 1 holds and which seat 2: no one world (two seats: there is)."""
    d = Deal.from_hands(["6S 7S", "7D 8D", "9D 10D"], trump="QD")
    view = View(initial_state("podkidnoy", d), 0)
    assert view.stock_count == 1 and view.trump_card_pending and view.unseen_mask().bit_count() == 4
    assert known_world(view) is None
    two = View(initial_state("podkidnoy", Deal.from_hands(["6S 7S", "7D 8D"], trump="QD")), 0)
    assert known_world(two) is not None


def test_the_hand_with_least_room_is_dealt_first_so_every_world_keeps_the_fact() -> None:
    """D2, three seats: seat 0 leads 6♠, seat 1 covers with 7♠ and seat 2 is passed over, so
    he holds no six or seven.  Seat 0 cannot place 6♥ 7♥ 8♣ 9♣: seat 2's two cards must be
    8♣ 9♣, and seat 1's 6♥ 7♥.  Dealt seat 1 first, most deals would give seat 2 a red card
    (and even dealt again a few times, some); seat 2 is dealt first, and every world fits."""
    d = Deal.from_hands(["6S 10D", "7S 6H 7H", "8C 9C"], trump="D")
    view = View(initial_state("podkidnoy", d).apply("L6S").apply("C6S7S"), 0)
    red = card_mask(parse_cards("6H 7H"))
    beliefs = infer(view, "none")
    assert beliefs == {2: [(2, red)]}
    for k in range(200):
        world = determinize(view, random.Random(k), beliefs)
        assert world.hand_mask(2) == card_mask(parse_cards("8C 9C")), k
        assert world.hand_mask(1) == red, k


def test_there_is_no_known_world_while_the_trumps_are_still_being_named() -> None:
    """свои козыри for two, the whole pack dealt: the stock is empty, but while the players
    name their trumps the position is no bout yet, and known_world gives none."""
    from durak_lessons import new_game

    state = new_game("svoi-kozyri-8a", 2, seed=1)
    view = View(state, 0)
    assert state.phase == "name-trump" and view.stock_count == 0
    assert known_world(view) is None
