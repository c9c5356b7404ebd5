"""The bout games' presets (Rozaliev 1.а-1.г, 8; the dictionary's «Дураки с пар» and its
variants; R1-R3, R8, R16, R19; D20), pinned where session 40's mutants of their tables in
durak_lessons/presets_bout.py found nothing that would fail: each changed one option of one
preset (or its seat counts) and the fast engine, variant, chain and golden tests still
passed.  What they pin: the seat counts the catalogue gives and the ones a game is dealt
for; the five cards at most of a lead in простой even when both hands hold more (R1); no
погоны outside подкидной (D20); the player after the dealer leading the first deal.

Positions are written out as in test_variant_readings.py (``position``: the hands, the
turned-up trump, the stock in drawing order)."""

from __future__ import annotations

import pytest
from variant_helpers import hand, legal, play, position

from durak_lessons import GameState, InvalidRulesError, deal_from_order, explain, new_game
from durak_lessons.cards import Card
from durak_lessons.catalogue import catalogue, glance


def two_at_play(preset: str, hands: list[str]) -> GameState:
    """Seat 0 and seat 1 holding ``hands``, hearts trumps, no stock; in the four-handed game
    of own trumps seats 2 and 3 hold two diamonds each and seat 0 named hearts, seat 1
    spades, seat 2 diamonds, seat 3 clubs."""
    if preset == "s-par-own-trumps":
        return position(preset, [*hands, "J♦ Q♦", "K♦ A♦"], own_trumps="HSDC")
    return position(preset, hands, trump="H")


# the seat counts each game's source gives (and the reading where it is silent)
SEATS = {
    "podkidnoy": (2, 3, 4, 5, 6),  # Rozaliev 2 «Игроков — от 2-х до 6-ти»
    "podkidnoy-teams": (4, 6),  # Rozaliev 2 «двое на двое» или «трое на трое» (R9)
    "perevodnoy": (2, 3, 4, 5, 6),  # 3.а as 2
    "perevodnoy-otkaz": (2, 3, 4, 5, 6),  # 3.б as 3.а
    "prostoy": (2, 3, 4, 5),  # Rozaliev 1.а «Игроков — от 2-х до 5-ти»
    "prostoy-partial": (2, 3, 4, 5),  # 1.б-1.г: as 1.а
    "pyatki": (2, 3, 4, 5),
    "prostoy-pairs": (2, 3, 4, 5),
    "blind": (2, 3, 4, 5, 6),  # the blind game: as 2 «от 2-х до 6-ти»
    "blind-perevodnoy": (2, 3, 4, 5, 6),
    "diamonds": (2, 3, 4, 5, 6),  # the diamonds game: as 2
    "diamonds-turned": (2, 3, 4, 5, 6),
    "svoi-kozyri-8a": (2, 4),  # R16: a colour each, or a suit each
    "svoi-kozyri-8b": (2, 4),
    "s-par": (2, 3, 4, 5, 6),  # D35
    "s-par-all-cards": (2, 3, 4, 5, 6),
    "s-par-three": (2, 3, 4, 5, 6),
    "s-par-regional": (2, 3, 4, 5, 6),
    "english": (2, 3, 4, 5, 6),
    "s-par-own-trumps": (4,),  # «Разновидность Дураков с пар для четырех игроков»
}


def dealt_for(preset: str) -> tuple[int, ...]:
    """The numbers of players (1 to 9) a game of ``preset`` is dealt for."""
    ok = []
    for n in range(1, 10):
        try:
            new_game(preset, n, seed=1)
        except InvalidRulesError:
            continue
        ok.append(n)
    return tuple(ok)


@pytest.mark.parametrize("preset", list(SEATS))
def test_a_game_is_dealt_for_the_seat_counts_its_source_and_its_table_give(preset: str) -> None:
    """Rozaliev 2 «Игроков — от 2-х до 6-ти» (3.а and 3.б as 2; the team game «двое на двое»
    or «трое на трое», R9), 1.а «Игроков — от 2-х до 5-ти» (1.б-1.г as 1.а), 2 for the
    blind and diamonds games, R16 (two players of a colour each or four of a suit each) for
    свои козыри, D35 (2 to 6) for дураки с пар and four players for its own-trumps variant:
    the catalogue, the table at a glance and the deal all say the same."""
    seats = SEATS[preset]
    row = next(r for r in catalogue() if r.id == preset)
    assert row.seat_counts == seats
    words = {(2, 4): "2 or 4", (4, 6): "4 or 6", (4,): "4"}.get(seats, f"{seats[0]}–{seats[-1]}")
    assert row.players == words
    assert {o: v for o, v, _, _ in glance(preset)}["players"] == ", ".join(map(str, seats))
    assert dealt_for(preset) == seats


@pytest.mark.parametrize(
    ("preset", "longest"),
    [
        ("prostoy", "L6S9S6C9C7D"),
        ("prostoy-partial", "L6S9S6C9C7D"),
        ("pyatki", "L6S9S6C9C7D"),
        ("prostoy-pairs", None),
        ("s-par", "L6S9S6C9C7D"),
        ("s-par-three", "L6S9S6C9C7D"),
        ("s-par-regional", "L6S9S6C9C7D"),
        ("s-par-own-trumps", "L6S9S6C9C7D"),
    ],
)
def test_r1_a_lead_holds_five_cards_at_most_even_against_six(
    preset: str, longest: str | None
) -> None:
    """Rozaliev 1.а «Несмотря на то, что игрок может иметь на руках более пяти карт, ход
    делается максимум пятью картами» (R1; 1.б-1.г as 1.а); the dictionary («Дураки с пар»,
    разыгрывание) «Ходить более чем пятью картами нельзя, даже если и у заходчика, и у
    кроющего на руках большее количество карт» (R19; its variants as с пар, D34).  Both hold
    six cards (after taking): seat 0 may lead two pairs and an odd card, five cards (in 1.г
    one pair only), but not his three pairs, though seat 1 could answer six, and he is told
    it is the number of cards (three pairs are no пяток nor one pair either, but the five
    cards are what he is told first)."""
    s = two_at_play(preset, ["6♠ 6♣ 7♦ 7♥ 9♠ 9♣", "8♠ 8♣ 9♦ 10♦ J♥ J♣"])
    assert max(len(a.cards) for a in s.legal_actions()) == (5 if longest else 2)
    assert longest is None or longest in legal(s)
    reason = explain(s, "L6S9S6C9C7D7H")
    assert reason is not None and reason.text == "a lead holds at most 5 cards in this bout"


# a deal's last bout: seat 0 leads his last two cards, both sixes, at seat 1, who cannot
# beat them and takes: seat 0 is out, seat 1 the fool, with two sixes the last led at him
LAST_TWO_SIXES = {
    "prostoy": "L6S6C take",
    "prostoy-partial": "L6S6C take",
    "prostoy-pairs": "L6S6C take",
    "svoi-kozyri-8a": "L6S6C take",
    "svoi-kozyri-8b": "L6S6C take",
    "s-par": "L6S6C take",  # a lone pair: the defender holds exactly two cards (D21)
    "s-par-all-cards": "L6S6C take",
    "s-par-three": "L6S6C take",
    "s-par-regional": "L6S6C take",
    "english": "L6S6C take",
    "pyatki": "L6S take L6C take",  # leads of one, three or five cards: one six at a time
}


@pytest.mark.parametrize("preset", list(LAST_TWO_SIXES))
def test_d20_the_fool_is_never_with_pogony_outside_podkidnoy(preset: str) -> None:
    """«С погонами» (R8) belongs to подкидной (Rozaliev 2); простой, свои козыри and the с пар
    games do not mention it (D20).  Two seats, no stock, hearts trumps (свои козыри: seat 0
    named hearts, seat 1 spades): seat 0 leads his two sixes, which seat 1 cannot beat
    (in пятки one at a time).  Seat 1 is the fool, and not «с погонами»; in подкидной the
    same deal makes him one."""
    own = "HS" if preset.startswith("svoi") else None
    s = position(preset, ["6♠ 6♣", "7♦ 8♦"], trump="" if own else "H", own_trumps=own)
    s = play(s, LAST_TWO_SIXES[preset])
    outcome = s.outcome
    assert s.is_over and outcome is not None and outcome.fool == 1 and not outcome.pogony
    pod = play(position("podkidnoy", ["6♠ 6♣", "7♦ 8♦"], trump="H"), "L6S6C take")
    assert pod.outcome is not None and pod.outcome.fool == 1 and pod.outcome.pogony


# two players, seat 1 deals: the first card goes to seat 0 (one at a time, or a packet of
# three), the fourth card, 6♥, to seat 1, the dealer; the card after the deal (7♥, 8♥ or
# 9♥; A♥ last when the pack is dealt out) turns up hearts, so the dealer holds the lowest trump
FIRST_DEAL = (
    "6S 7S 8S 6H 9S TS 7H JS QS KS 8H AS 9H "
    "6C 7C 8C 9C TC JC QC KC AC 6D 7D 8D 9D TD JD QD KD AD TH JH QH KH AH"
)


@pytest.mark.parametrize(
    "preset",
    ["prostoy", "prostoy-partial", "pyatki", "prostoy-pairs", "s-par", "s-par-all-cards",
     "s-par-three", "s-par-regional", "english"],
)
def test_the_player_after_the_dealer_leads_the_first_deal_not_the_lowest_trump(
    preset: str,
) -> None:
    """Rozaliev 1.а «Следующий за сдающим игрок начинает ход» (1.б-1.г as 1.а); the
    dictionary («Дураки с пар», разыгрывание): «Первый выход принадлежит игроку слева от
    сдатчика» (its variants as с пар, D34).  Seat 1 deals and is dealt 6♥, the lowest trump:
    seat 0, on his left, leads all the same (in подкидной the holder of the lowest trump
    would, R11)."""
    d = deal_from_order(preset, 2, FIRST_DEAL, dealer=1)
    assert Card.parse("6H") in d.hands[1] and d.trump_card.suit == Card.parse("6H").suit
    assert d.leader == 0
    assert deal_from_order("podkidnoy", 2, FIRST_DEAL, dealer=1).leader == 1


# what the "Rules at a glance" table of each game says: (hand_size, lead_shape, throw_ins,
# attack_limit, on_fail, pogony_sixes, first_leader); some of these values no deal can tell
# apart from another (a lead of one pair is under any limit of 2 or more, without
# throw-ins; the engine takes the same cards under on_fail=all and led-so-far, and under
# uncovered and failed-card; own trumps have no lowest trump to lead), but the table is
# what the book shows of the game, and each comes from the source or a reading
WHOLE = "the whole pack"  # hand_size at or above the deck size (D25)
GLANCE = {
    # Rozaliev 1.а: pairs and at most one card (R2), «подброс ... не допускаются», «ход
    # делается максимум пятью картами» (R1), «обязан взять все карты» (R3), no погоны (D20),
    # «Следующий за сдающим игрок начинает ход»; 1.б-1.г as 1.а but for what they change
    "prostoy": ("5", "pairs+1", "none", "5", "all", "0", "dealer-left"),
    "prostoy-partial": ("5", "pairs+1", "none", "5", "uncovered", "0", "dealer-left"),  # 1.б, R3
    "pyatki": ("5", "pyatki", "none", "5", "all", "0", "dealer-left"),  # 1.в, R2
    "prostoy-pairs": ("5", "pair", "none", "5", "all", "0", "dealer-left"),  # 1.г
    # the blind and diamonds games are played as подкидной (Rozaliev 2): R14, R15
    "blind": ("6", "same-rank", "ranks", "6", "all", "2", "lowest-trump"),
    "blind-perevodnoy": ("6", "same-rank", "ranks", "6", "all", "2", "lowest-trump"),
    "diamonds": ("6", "same-rank", "ranks", "6", "all", "2", "lowest-trump"),
    "diamonds-turned": ("6", "same-rank", "ranks", "6", "all", "2", "lowest-trump"),
    # свои козыри: the base game reconstructed as подкидной (D37), 8.а the failed card (R16,
    # D40), 8.б every card led so far (R16), no погоны (D20), the dealer's left leads (D32)
    "svoi-kozyri-8a": (WHOLE, "same-rank", "ranks", "6", "failed-card", "0", "dealer-left"),
    "svoi-kozyri-8b": (WHOLE, "same-rank", "ranks", "6", "led-so-far", "0", "dealer-left"),
    # дураки с пар (R19, D21): at most five cards, no throw-ins, the uncovered cards taken,
    # «Первый выход принадлежит игроку слева от сдатчика»; the variants as с пар (D34) but
    # for the regional taking of every card (D38) and английские's pairs of up to six cards
    "s-par": ("5", "s-par", "none", "5", "uncovered", "0", "dealer-left"),
    "s-par-all-cards": (WHOLE, "s-par", "none", "5", "uncovered", "0", "dealer-left"),  # D33
    "s-par-three": ("3", "s-par", "none", "5", "uncovered", "0", "dealer-left"),
    "s-par-regional": ("5", "s-par", "none", "5", "all", "0", "dealer-left"),
    "english": ("6", "pairs", "none", "6", "uncovered", "0", "dealer-left"),
    "s-par-own-trumps": (WHOLE, "s-par", "none", "5", "uncovered", "0", "dealer-left"),
}


@pytest.mark.parametrize("preset", list(GLANCE))
def test_the_rules_at_a_glance_of_each_bout_game_say_what_its_source_says(preset: str) -> None:
    rows = {option: value for option, value, _, _ in glance(preset)}
    """The table a chapter shows of each game against what the sources give (above)."""
    options = ("hand_size", "lead_shape", "throw_ins", "attack_limit", "on_fail", "pogony_sixes")
    assert (*(rows[o] for o in options), rows["first_leader"]) == GLANCE[preset]


@pytest.mark.parametrize("preset", ["svoi-kozyri-8a", "svoi-kozyri-8b"])
def test_d37_own_trumps_no_card_is_thrown_in_after_take(preset: str) -> None:
    """Свои козыри, the base game reconstructed (D37): the exchange ends when the defender
    fails, so nothing is thrown in after 'take' (in подкидной it is, R7).  Seat 0 named
    hearts, seat 1 spades: seat 0 leads 6♣, which seat 1 (no club, no spade) cannot beat;
    he takes it, and seat 0 may not add his 6♦: the bout is over and seat 0 leads again."""
    s = position(preset, ["6♣ 6♦ 9♥", "7♥ 9♦"], own_trumps="HS")
    s = play(s, "L6C take")
    assert hand(s, 1) == "6♣ 9♦ 7♥" and hand(s, 0) == "6♦ 9♥"
    assert s.phase == "lead" and s.to_move == 0 and s.table == []


@pytest.mark.parametrize("preset", ["svoi-kozyri-8a", "svoi-kozyri-8b"])
def test_d37_own_trumps_a_bout_holds_six_cards_at_most_though_the_hands_hold_more(
    preset: str,
) -> None:
    """Свои козыри, the base game reconstructed as подкидной (D37): «Всего может быть
    подкинуто не более шести карт» (Rozaliev 2; R6), though the whole pack is dealt and both
    hands hold more.  Seat 0 named hearts, seat 1 spades, which beat any other suit for him:
    he covers six clubs and diamonds with spades, and seat 0 may not add his 9♣ as a
    seventh card, though a nine lies on the table: the bout is over, the twelve cards go to
    the discard, and seat 1 leads."""
    s = position(
        preset, ["6♣ 6♦ 7♣ 7♦ 8♣ 8♦ 9♣", "6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠"], own_trumps="HS"
    )
    s = play(s, "L6C C6C6S T6D C6D7S T7C C7C8S T8C C8C9S T7D C7D10S T8D C8DJS")
    assert hand(s, 0) == "9♣" and s.discard_count == 12  # type: ignore[attr-defined]
    assert s.phase == "lead" and s.to_move == 1 and legal(s) == ["LQS", "LKS"]


def test_d20_no_pogony_in_the_four_handed_own_trumps_game_either() -> None:
    """Дураки с пар со своими козырями (four players; D20 as in с пар).  Seat 0 named hearts,
    seat 1 spades, seat 2 diamonds, seat 3 clubs; no stock.  Seat 2 leads 9♥, his last
    card, and seat 3 beats it with his last, 10♥ (hearts are plain for him but higher):
    both are out, and seat 0, the next in play, leads his two sixes at seat 1, who holds no
    spade and takes them.  Seat 1 is the fool, with two sixes led at him last, and not
    «с погонами»."""
    s = position(
        "s-par-own-trumps", ["6♠ 6♣", "7♦ 8♦", "9♥", "10♥"], own_trumps="HSDC", leader=2
    )
    s = play(s, "L9H C9HTH")
    assert s.out == (2, 3) and s.to_move == 0  # type: ignore[attr-defined]
    s = play(s, "L6S6C take")
    outcome = s.outcome
    assert s.is_over and outcome is not None and outcome.fool == 1 and not outcome.pogony


@pytest.mark.parametrize("preset", ["s-par", "s-par-three", "s-par-all-cards"])
def test_r19_the_defender_takes_only_the_cards_he_left_uncovered(preset: str) -> None:
    """The dictionary («Дураки с пар», разыгрывание): «Если какие-л. из карт не покрыты, то
    непокрытые карты забирает себе неотбившийся игрок» (R19; в три карты and во все карты as
    с пар, D34).  Seat 0 leads a тройка, 6♠ 6♣ 9♥; seat 1 beats 6♠ with 7♠ and takes: 6♣
    and 9♥ go to his hand, the beaten pair to the discard, and seat 2 leads."""
    s = position(preset, ["6♠ 6♣ 9♥", "7♠ 8♦ 10♦", "Q♣ K♣ A♣"], trump="H")
    s = play(s, "L6S6C9H C6S7S take")
    assert hand(s, 1) == "6♣ 8♦ 10♦ 9♥" and s.discard_count == 2  # type: ignore[attr-defined]
    assert s.leader == 2  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "preset", ["s-par", "s-par-three", "s-par-regional", "s-par-all-cards", "s-par-own-trumps"]
)
def test_d21_a_lone_pair_is_led_only_at_a_defender_holding_two_cards(preset: str) -> None:
    """The dictionary («Дураки с пар», разыгрывание): «если две — парой или одной картой»
    (R19, D21; the variants as с пар, D34): at a defender holding two cards seat 0 may lead
    his pair of sixes alone, or one card, but no тройка; at one holding three, a тройка and
    not the lone pair."""
    s = two_at_play(preset, ["6♠ 6♣ 9♥", "7♠ 8♦"])
    assert set(legal(s)) == {"L6S6C", "L6S", "L6C", "L9H"}
    s = two_at_play(preset, ["6♠ 6♣ 9♥", "7♠ 8♦ 10♦"])
    assert set(legal(s)) == {"L6S6C9H", "L6S", "L6C", "L9H"}


def test_d39_english_a_pair_nobody_can_beat_passed_back_and_forth_draws_the_deal() -> None:
    """Английские дураки (R19; D39, as in 1.г): 8♣ 8♦ is the only pair either player ever
    holds and neither can cover it (spades trumps, no club nor diamond above it): seat 0
    leads it, seat 1 takes, and without a pair passes; seat 0 leads it back, and so on.
    The bout that starts for the third time in the same position draws the deal, not the
    second nor the fourth."""
    s = position("english", ["8♣ 8♦ 6♥ 7♥", "6♣ 7♦"], trump="S", leader=0)
    s = play(s, "L8C8D take pass L8C8D take pass " * 2 + "L8C8D")
    assert not s.is_over
    s = play(s, "take")  # the same bout (same hands, same leader) starts for the third time
    assert s.is_over and s.outcome is not None and s.outcome.draw
