"""Rules and refusals that a mutation run (session 36) found unpinned: each test below failed
on at least one changed copy of the engine that every other fast test let through.

Grouped by rule; each docstring names the reading (R-/D-number) or the source it pins.
Seats are clockwise; ``position(rules, hands, trump, stock, leader)`` deals the hands as
written; ``stock`` is in drawing order and a turned-up trump is drawn last.
"""

from __future__ import annotations

import pytest
from engine_helpers import cards, hand, play, position, refusal

from durak_lessons import (
    Action,
    Deal,
    IllegalActionError,
    InvalidActionError,
    Outcome,
    Reason,
    Termination,
    deal_from_order,
    deck,
    explain,
    find_preset,
    initial_state,
)
from durak_lessons.actions import name_trump, pick, pick_cover
from durak_lessons.bout import BoutState
from durak_lessons.cards import Card
from durak_lessons.deal import check_players
from durak_lessons.errors import InvalidRecordError, InvalidRulesError
from durak_lessons.rules import Beating, LeadShape, ThrowIns


# ---- beating: why a cover is refused (Rozaliev 2, R15) -----------------------------------------
def test_a_plain_card_that_is_neither_higher_nor_a_trump_is_refused_as_such() -> None:
    """Rozaliev 2: a higher card of the suit, or a trump over a non-trump; a spade led in an
    ordinary game is no closed suit (that is R15 only)."""
    state = play(position("podkidnoy", ["9♠ 6♦", "7♣ 8♦"], trump="H"), "L9S")
    rule, text = refusal(state, "C9S7C")
    assert rule == "Rozaliev 2"
    assert text == "7♣ cannot beat 9♠: it is neither a higher spade nor a trump (hearts)"


def test_with_spades_trumps_a_trump_is_beaten_only_by_a_higher_trump() -> None:
    """Rozaliev 2: a trump is beaten only by a higher trump; spades (suit 0) as trumps."""
    state = play(position("podkidnoy", ["9♠ 6♦", "10♥ 8♦"], trump="S"), "L9S")
    assert refusal(state, "C9S10H")[1] == "10♥ cannot beat 9♠: a trump is beaten only by a higher trump"
    state = play(position("podkidnoy", ["9♥ 6♦", "7♣ 8♦"], trump="S"), "L9H")
    assert refusal(state, "C9H7C")[1] == (
        "7♣ cannot beat 9♥: it is neither a higher heart nor a trump (spades)"
    )


def test_in_the_diamonds_game_a_plain_lead_is_refused_as_in_any_game() -> None:
    """R15: only a led spade is closed; a led heart is beaten by a higher heart or a diamond."""
    state = play(position("diamonds", ["9♥ 6♠", "7♣ 8♠"], trump="D"), "L9H")
    assert refusal(state, "C9H7C") == (
        "Rozaliev, the diamonds game; R15",
        "7♣ cannot beat 9♥: it is neither a higher heart nor a trump (diamonds)",
    )


def test_custom_rules_with_closed_spades_cite_r15() -> None:
    """R15 as an option of one's own: a refused cover cites the reading, not a source."""
    rules = find_preset("podkidnoy").replace(beating=Beating.CLOSED_SPADES)
    state = play(position(rules, ["9♠ 6♦", "7♥ 8♦"], trump="H"), "L9S")
    assert refusal(state, "C9S7H") == (
        "R15",
        "7♥ cannot beat 9♠: spades are beaten only by higher spades",
    )


# ---- throw-ins: only the ranks on the table (Rozaliev 2, R5) -----------------------------------
def test_a_card_of_a_rank_not_on_the_table_cannot_be_thrown_in() -> None:
    """Rozaliev 2 (R5): a throw-in is of a rank on the table; anything else is refused and
    changes nothing."""
    state = play(position("podkidnoy", ["6♠ 6♣ 9♥ 8♦", "7♠ A♣ 10♦ J♦"], trump="H"), "L6S C6S7S")
    assert state.phase == "throw-in" and state.to_move == 0
    assert refusal(state, "T9H") == ("Rozaliev 2", "9♥ is not of a rank on the table")
    with pytest.raises(IllegalActionError, match="not of a rank on the table"):
        state.apply("T9H")
    assert hand(state, 0) == "6♣ 8♦ 9♥"
    assert hand(play(state, "T6C"), 0) == "8♦ 9♥"  # a six is


# ---- R1 option: giving back (dictionary procedure; D41) ---------------------------------------
R1_OPTION = find_preset("prostoy").replace(oversize_leads=True)


def test_r1_option_a_defender_with_exactly_enough_cards_gives_none_back() -> None:
    """R1 option: only a defender holding fewer cards than were led gives some back; with as
    many as were led he answers them all."""
    state = play(position(R1_OPTION, ["6♠ 6♣ 9♦", "7♠ A♣"], trump="H"), "L6S6C")
    assert refusal(state, "R6S") == (
        "R1",
        "a defender who can answer every led card gives none back",
    )
    assert "R6S" not in {str(a) for a in state.legal_actions()}


def test_r1_option_only_an_uncovered_led_card_is_given_back() -> None:
    """R1 option: what goes back is a card that was led, not any other card."""
    state = play(position(R1_OPTION, ["6♠ 6♣ 9♦ 9♥ K♠", "7♠ A♣"], trump="H"), "L6S6C9D9HKS")
    assert refusal(state, "R7S") == ("table", "7♠ is not an uncovered led card")
    assert refusal(state, "R8D") == ("table", "8♦ is not an uncovered led card")


# ---- R19: the trump six exchanged, seen by all -------------------------------------------------
def test_r19_everyone_knows_the_exchanger_holds_the_turned_up_trump() -> None:
    """R19 (D42): the exchange is made face up: everyone knows the turned-up trump is now in
    the exchanger's hand, and the six under the stock."""
    state = position("s-par", ["6♥ 7♠ 8♠ 9♠ 10♠", "6♣ 7♣ 8♣ 9♣ 10♣"], trump="A♥", stock="J♦")
    assert state.known_mask(0) == 0
    state = play(state, "E6H")
    assert state.known_mask(0) == cards("A♥")
    assert state.known_mask(1) == 0


# ---- D36: a round of passed leads with cards in the stock ---------------------------------------
def test_d36_each_player_in_turn_from_the_first_to_pass_draws_one_card() -> None:
    """D36: after a round of passes each player in turn from the first to pass draws one card
    (the turned-up trump last, seen by all); the draws are public."""
    hands = ["6♠ 7♣ 8♦ 9♥ 10♠", "J♠ Q♣ K♦ A♥ 9♣", "7♠ 8♣ 9♦ 10♥ J♣"]
    state = position("prostoy-pairs", hands, trump="A♦", stock="6♣ 6♦", leader=1)
    state = play(state, "pass pass pass")  # seats 1, 2, 0 pass: nobody holds a pair
    assert "6♣" in hand(state, 1) and "6♦" not in hand(state, 1)
    assert "6♦" in hand(state, 2), "the second to pass draws second"
    assert "A♦" in hand(state, 0), "the turned-up trump is drawn last"
    assert state.known_mask(0) == cards("A♦") and state.known_mask(1) == 0
    assert state.draws == (1, 1, 1) and state.stock_count == 0
    # a stock shorter than the round: the first to pass draws first, the rest go without
    state = position("prostoy-pairs", hands, trump="A♦", stock="6♣", leader=1)
    state = play(state, "pass pass pass")
    assert "6♣" in hand(state, 1) and "A♦" in hand(state, 2)
    assert state.draws == (0, 1, 1) and state.hand_sizes == (5, 6, 6)


# ---- actions: out-of-range positions and suits (actions.pick, name_trump) -----------------------
def test_a_blind_pick_past_the_last_position_is_refused_with_the_range() -> None:
    """R14: a pick names a position 0..52; 53 is malformed, not an index error."""
    with pytest.raises(InvalidActionError, match=r"position 53 out of range 0\.\.52"):
        Action.parse("P53")
    with pytest.raises(InvalidActionError, match=r"position 53 out of range 0\.\.52"):
        Action.parse("P53C6S")
    with pytest.raises(InvalidActionError, match=r"position 53 out of range 0\.\.52"):
        pick_cover(53, Card.parse("6S"))
    assert str(pick(52)) == "P52"


def test_naming_a_fifth_suit_is_refused_with_the_range() -> None:
    """R16: a suit is 0..3 (spades, clubs, diamonds, hearts)."""
    with pytest.raises(InvalidActionError, match=r"suit 4 out of range 0\.\.3"):
        name_trump(4)
    assert str(name_trump(3)) == "NH"


# ---- the result in words (R8, R9, R10) ---------------------------------------------------------
def test_a_fool_with_epaulettes_is_described_as_such() -> None:
    """R8: the fool «с погонами»."""
    outcome = Outcome(Termination.FOOL, (0,), fool=1, pogony=True)
    assert outcome.describe(["Anna", "Boris"]) == (
        "Boris is the fool (дурак, durak) «с погонами» (s pogonami, with epaulettes)."
    )
    assert outcome.describe() == "seat 1 is the fool (дурак, durak) «с погонами» (s pogonami, with epaulettes)."


def test_a_draw_and_a_team_result_in_words() -> None:
    """R10 (a draw) and R9 (a team's win)."""
    assert Outcome(Termination.DRAW, (0, 1)).describe() == "A draw (ничья, nich'ya): nobody is the fool."
    team = Outcome(
        Termination.TEAM, (0, 2), winning_team=0, losing_team=1, team_losers=(1, 3)
    )
    assert team.describe() == "Team 0 wins; team 1 are the fools."
    assert team.losers == (1, 3)


# ---- D26: where a turned-up spade goes ----------------------------------------------------------
def test_d26_a_turned_spade_goes_under_half_the_rest_rounded_up() -> None:
    """D26: a turned spade goes back under half of the remaining stock (rounded up) and the
    next card is turned; a second spade turned goes the same way."""
    rules = find_preset("diamonds-turned")
    dealt = "6C 7C 8C 9C TC JC QC KC AC 6H 7H 8H"  # two hands of six
    rest = "AS KS 6D 7D 8D 9D TD JD QD KD AD 9H TH JH QH KH AH 6S 7S 8S 9S TS JS QS"
    d = deal_from_order(rules, 2, f"{dealt} {rest}")
    stock = [c.code for c in d.stock]
    # A♠ turned first: 23 cards below it, it goes under 12 of them (K♠ 6♦ ... 10♥); then K♠
    # is turned: it goes under 12 (6♦ ... 10♥ and A♠); then 6♦ is turned and laid under the
    # stock, so 7♦ ... 10♥ (10 cards), A♠, K♠ are drawn first
    assert d.trump_card == Card.parse("6D") and stock[-1] == "6D"
    assert stock[:12] == ["7D", "8D", "9D", "TD", "JD", "QD", "KD", "AD", "9H", "TH", "AS", "KS"]
    assert len(stock) == 24 and d.placed_cards == (Card.parse("AS"), Card.parse("KS"))


# ---- the number of players, in words ------------------------------------------------------------
def test_a_wrong_number_of_players_names_the_counts_allowed() -> None:
    """Rozaliev 2 (2-6 players) and R9 (team play: an even number)."""
    with pytest.raises(InvalidRulesError, match="is played by 2 to 6 players, not 7"):
        check_players(find_preset("podkidnoy"), 7)
    rules = find_preset("podkidnoy").replace(max_players=3)
    with pytest.raises(InvalidRulesError, match="is played by 2 or 3 players, not 4"):
        check_players(rules, 4)
    teams = find_preset("podkidnoy-teams").replace(min_players=2, max_players=6)
    with pytest.raises(InvalidRulesError, match="is played by 2, 4, 6 players, not 8"):
        check_players(teams, 8)


# ---- refusals of actions a game has not, in full (the game's own source, then the reading) -----
ABSENT_IN_PROSTOY = [
    (
        "T6S",
        "throw-ins belong to подкидной and переводной (Rozaliev 2, 3.а; R5), not this game: here"
        " the lead is made once",
    ),
    (
        "pass",
        "nobody passes in this game: nobody throws in (throw-ins, and the pass that ends them,"
        " belong to подкидной and переводной, R5), and the defender covers or takes",
    ),
    (
        "NH",
        "naming one's own trump belongs to свои козыри and дураки с пар со своими козырями"
        " (Rozaliev 8; R16), not this game: here the turned-up card's suit is everyone's trump",
    ),
    (
        "P0",
        "picking a card by its place in one's unseen row belongs to the blind game (R14), not"
        " this game: here a player sees his cards and plays those he names (L<cards> to lead,"
        " C<attack><card> to cover)",
    ),
    (
        "P0C9H",
        "picking a card by its place in one's unseen row belongs to the blind game (R14), not"
        " this game: here the defender sees his cards and covers 9♥ with one he names (C9H<card>)",
    ),
]


@pytest.mark.parametrize(("action", "text"), ABSENT_IN_PROSTOY)
def test_prostoy_refuses_the_actions_of_other_games_saying_what_it_does_instead(
    action: str, text: str
) -> None:
    """Rozaliev 1.а: no throw-ins, no pass once led, one trump for all, cards seen."""
    state = play(position("prostoy", ["9♥ 6♠", "7♣ 8♠"], trump="D"), "L9H")
    assert refusal(state, action) == ("Rozaliev 1.а", text)


def test_prostoy_refuses_a_give_back_citing_its_lead_cap() -> None:
    """Rozaliev 1.а, R1: a lead never outnumbers the defender, so nothing is given back."""
    state = play(position("prostoy", ["9♥ 6♠", "7♣ 8♠"], trump="D"), "L9H")
    assert refusal(state, "R9H") == (
        "Rozaliev 1.а; R1",
        "no card is given back in this game: a lead never holds more cards than the defender"
        " (giving back belongs to the R1 option)",
    )


def test_the_diamonds_game_refuses_an_exchange_and_a_naming_of_trumps() -> None:
    """R15: diamonds are always trumps and no card is turned up (so no exchange, R19)."""
    state = play(position("diamonds", ["9♥ 6♠", "7♣ 8♠"], trump="D"), "L9H")
    assert refusal(state, "E6D") == (
        "Rozaliev, the diamonds game; R15",
        "the exchange of the trump six belongs to дураки с пар (R19), not this game: here"
        " diamonds are always trumps and no trump card is turned up",
    )
    assert refusal(state, "NH")[1].endswith("not this game: here diamonds are always trumps")


def test_a_transfer_with_another_rank_is_refused_naming_the_rank() -> None:
    """R12: a transfer adds a card of the rank on the table."""
    state = play(position("perevodnoy", ["6♠ 9♦", "6♣ 7♦ 8♣", "9♠ 10♠ J♠"], trump="H"), "L6S")
    assert refusal(state, "X7D") == ("R12", "a transfer needs a card of the rank on the table (6)")


def test_a_partner_of_the_defender_is_told_he_never_throws_in() -> None:
    """R5, R9: in team play only the defender's opponents throw in."""
    hands = ["6♠ 9♦", "6♣ 7♦ 8♣", "9♠ 10♠ J♠", "7♥ 8♥"]
    state = play(position("podkidnoy-teams", hands, trump="H"), "L6S")
    reason = explain(state, "T9S", 3)
    assert reason is not None and (reason.rule, reason.text) == (
        "R5; R9",
        "seat 3 is a partner of the defender, seat 1: only the defender's opponents throw in",
    )


@pytest.mark.parametrize(
    ("leader", "lead", "back"),
    [("6♠ 6♣ 9♦ 9♥ K♠", "L6S6C9D9HKS", 3), ("6♠ 6♣ 9♦", "L6S6C9D", 1)],
)
def test_r1_option_a_cover_before_the_give_back_says_how_many_go_back(
    leader: str, lead: str, back: int
) -> None:
    """R1 option: the defender (two cards) first gives back what he will not answer, then
    covers: three of five led, or one of three."""
    state = play(position(R1_OPTION, [leader, "7♠ A♣"], trump="H"), lead)
    assert refusal(state, "C6S7S") == (
        "R1",
        "the defender holds fewer cards than were led: he first gives back"
        f" {back} of them to the leader",
    )


def test_beats_answers_for_the_player_asked_about() -> None:
    """Rozaliev 2 and R16: ``beats`` is false for a card that does not beat, and in свои
    козыри it answers for the player named (each has his own trump suit)."""
    state = play(position("podkidnoy", ["9♠ 6♦", "7♣ 8♦"], trump="H"), "L9S")
    nine, seven, ten = Card.parse("9S"), Card.parse("7C"), Card.parse("10S")
    assert not state.beats(nine, seven) and state.beats(nine, ten)
    # свои козыри: seat 0 has named spades, seat 1 hearts
    deal = Deal.from_hands(["6♣ K♠", "7♥ 8♠"], own_trumps="SH", leader=0)
    state = initial_state(find_preset("svoi-kozyri-8b"), deal)
    assert isinstance(state, BoutState)
    six, eight = Card.parse("6C"), Card.parse("8S")
    assert state.beats(six, eight, 0), "for seat 0 a spade is a trump"
    assert not state.beats(six, eight, 1), "for seat 1 a spade is a plain card"


def test_custom_rules_without_throw_ins_cite_the_reading_r5() -> None:
    """R5: a game of one's own (подкидной with throw-ins off) has no source of its own to cite
    for the missing throw-in, so its refusal cites the reading."""
    rules = find_preset("podkidnoy").replace(throw_ins=ThrowIns.NONE)
    state = play(position(rules, ["9♥ 6♠ 9♣", "7♣ 8♠ A♥"], trump="D"), "L9H")
    assert refusal(state, "T9C") == (
        "R5",
        "throw-ins belong to подкидной and переводной (Rozaliev 2, 3.а; R5), not this game: here"
        " the lead is made once",
    )


def test_r19_a_round_of_passes_counts_only_the_players_still_in() -> None:
    """R19 (1.г): with the stock empty, when every player still holding cards passes in turn
    the deal is drawn: a player who went out takes no turn in that round."""
    state = position("prostoy-pairs", ["6♠ 6♣", "7♠ 7♣ 9♦", "8♥ 10♦ J♣"], trump="H")
    state = play(state, "L6S6C C6S7S C6C7C")  # seat 0 is out; seat 1 leads, holding no pair
    assert state.out == (0,) and state.leader == 1
    state = play(state, "pass pass")
    assert state.is_over and state.outcome is not None
    assert state.outcome.termination == Termination.DRAW and state.outcome.out_order == (0,)


# ---- a deal read back from a record: every malformed part named (records, R11) -----------------
def _deal_json() -> dict[str, object]:
    return Deal.from_hands(["6♠ 7♠", "8♥ 9♥"], trump="K♥", stock="A♠").to_json()


_BAD_CARD = "cannot read a card from 'XX': expected a rank (6-10, J Q K A or В Д К Т) followed by"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"stock": ["AS", "XX"]}, f"deal.stock: {_BAD_CARD}"),
        ({"stock": [1]}, "deal.stock: expected a card like '7S', got 1"),
        ({"trump_card": "XX"}, f"deal.trump_card: {_BAD_CARD}"),
        ({"trumps": ["H", "H"]}, "deal.trumps: expected a whole number, got 'H'"),
        ({"dealer": "x"}, "deal.dealer: expected a whole number, got 'x'"),
        ({"leader": None}, "deal.leader: expected a whole number, got None"),
        ({"no_transfer_first": "yes"}, "deal.no_transfer_first: expected true or false, got 'yes'"),
        ({"extra": [["a"]]}, "deal.extra: expected [key, value] strings, got ['a']"),
    ],
)
def test_a_malformed_json_deal_is_refused_naming_the_element(
    change: dict[str, object], message: str
) -> None:
    """Records: bad input gets a clear, specific error naming the element."""
    data = {**_deal_json(), **change}
    with pytest.raises(InvalidRecordError) as info:
        Deal.from_json(data)
    assert str(info.value).startswith(message)


def test_a_json_deal_not_an_object_is_refused_naming_its_type() -> None:
    with pytest.raises(InvalidRecordError, match=r"^deal: expected an object, got list$"):
        Deal.from_json([1])


def test_a_json_deal_without_the_optional_elements_takes_their_defaults() -> None:
    """Records: the turned-up trump lies in the stock, the first lead may be transferred and
    nothing extra was shown, unless the record says otherwise."""
    data = _deal_json()
    for key in ("trump_card_in_stock", "no_transfer_first", "extra"):
        del data[key]
    d = Deal.from_json(data)
    assert d.trump_card_in_stock and not d.no_transfer_first and d.extra == ()
    assert d.trump_card == Card.parse("KH") and d.stock == (Card.parse("AS"), Card.parse("KH"))
    assert Deal.from_json(d.to_json()) == d
    flags = Deal.from_json({**_deal_json(), "trump_card_in_stock": False, "stock": ["AS"]})
    assert not flags.trump_card_in_stock
    own = Deal.from_hands(["6♣ K♠", "7♥ 8♠"], own_trumps="SH")  # R16: no card turned up
    assert own.to_json()["trump_card"] is None and Deal.from_json(own.to_json()) == own


TEXT = "h=6S7S/8H9H;s=ASKH;t=KH;tr=H,H;d=1;l=0"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (TEXT + ";bad", "deal: bad element 'bad' (expected key=value)"),
        (TEXT.replace(";l=0", ""), "deal: missing element 'l'"),
        (TEXT.replace("d=1", "d=x"), "deal d: expected a whole number, got 'x'"),
        (TEXT.replace("l=0", "l=z"), "deal l: expected a whole number, got 'z'"),
        (TEXT.replace("s=ASKH", "s=XX"), f"deal: {_BAD_CARD}"),
    ],
)
def test_a_malformed_text_deal_is_refused_naming_the_element(text: str, message: str) -> None:
    with pytest.raises(InvalidRecordError) as info:
        Deal.from_text(text)
    assert str(info.value).startswith(message)


def test_a_text_deal_reads_its_flags_and_an_empty_hand() -> None:
    """Records: ``ts`` and ``nt`` default to 1 and 0; ``-`` is an empty hand."""
    d = Deal.from_text(TEXT)
    assert d.trump_card_in_stock and not d.no_transfer_first
    assert d.to_text() == TEXT and Deal.from_text(d.to_text()) == d
    d = Deal.from_text("h=6S7S/-;s=8H9HKH;t=KH;tr=H,H;d=1;l=0;nt=1")
    assert d.hands[1] == () and d.no_transfer_first
    d = Deal.from_text("h=6S7S/8H9H;s=;t=KH;tr=H,H;d=1;l=0;ts=0")
    assert not d.trump_card_in_stock and d.stock == ()


def test_custom_rules_cite_the_reading_for_a_lead_cap_and_a_forbidden_pass() -> None:
    """R1 and Rozaliev 2: a rule changed from its preset has no source of its own, so the
    refusal cites the reading the engine applies (R1: the lead cap; Rozaliev 2: the leader
    must lead)."""
    capped = find_preset("prostoy").replace(attack_limit=3)
    state = position(capped, ["6♠ 6♣ 7♦ 7♥ 9♠", "8♠ 8♣ 9♦ 10♦ J♥"], trump="K♥")
    assert refusal(state, "L6S6C7D7H") == ("R1", "a lead holds at most 3 cards in this bout")
    no_pass = find_preset("prostoy-pairs").replace(pass_without_lead=False)
    state = position(no_pass, ["6♠ 7♣ 8♦ 9♥ 10♠", "J♠ Q♣ K♦ A♥ 9♣"], trump="H")
    assert refusal(state, "pass") == ("Rozaliev 2", "the leader must lead; passing is not allowed")


# ---- covering: only an uncovered card on the table (Rozaliev 2) ---------------------------------
def test_a_cover_of_a_card_not_led_or_already_covered_is_refused() -> None:
    """Rozaliev 2: the defender covers each uncovered led card once."""
    state = play(position("podkidnoy", ["6♠ 6♣ 9♦", "7♠ 8♠ 7♣ A♥"], trump="H"), "L6S6C C6S7S")
    assert refusal(state, "C6S8S") == ("table", "6♠ is already covered by 7♠")
    assert refusal(state, "C9DAH") == ("table", "9♦ is not an attack card on the table")
    with pytest.raises(IllegalActionError, match="already covered"):
        state.apply("C6S8S")
    assert [(str(a), str(c)) for a, c in state.table] == [("6♠", "7♠"), ("6♣", "None")]


# ---- the 52-card pack (D35): the two of spades is a card like any other -------------------------
def test_a_two_of_spades_covering_as_a_trump_goes_to_the_discard_with_the_bout() -> None:
    """R3/R19 (с пар, 52 cards, D35): a bout beaten goes to the discard, the covers too, even
    the lowest card of the pack (2♠, card number 0) played as a trump."""
    rules = find_preset("s-par").replace(deck_size=52, max_players=8)
    state = position(rules, ["5♥ 7♣ 8♦ 9♦ J♣", "2♠ 6♣ 9♣ 10♦ Q♦"], trump="S")
    state = play(state, "L5H C5H2S")
    assert state.discard_mask == cards("5♥ 2♠") and state.discard_count == 2
    assert state.phase == "lead" and state.leader == 1
    # a тройка, the five of hearts beaten by 2♠ and the rest taken: the beaten pair is
    # discarded, only the uncovered cards are taken (R19)
    state = position(rules, ["5♥ 5♦ 7♣ 8♦ J♣", "2♠ 6♣ 9♣ 10♦ Q♦"], trump="S")
    state = play(state, "L5H5D7C C5H2S take")
    assert state.discard_mask == cards("5♥ 2♠")
    assert state.hand_mask(1) & cards("5♥ 5♦ 7♣ 2♠") == cards("5♦ 7♣")


# ---- R3: what the discard and the taker's hand hold over several bouts ---------------------------
def test_r3_1b_the_discard_keeps_every_beaten_pair_bout_after_bout() -> None:
    """R3 (1.б): a bout beaten goes to the discard; in a bout failed the beaten pairs go there
    too, added to what lies there already, and only the unbeaten card is taken."""
    state = position("prostoy-partial", ["6♠ K♦ 8♣ 9♥ 10♠", "8♠ Q♦ Q♣ 7♥ J♣"], trump="D")
    state = play(state, "L6S C6S8S")
    assert state.discard_mask == cards("6♠ 8♠") and state.leader == 1
    state = play(state, "L7HQCQD CQDKD C7H9H take")
    assert state.discard_mask == cards("6♠ 8♠ Q♦ K♦ 7♥ 9♥")
    assert state.hand_mask(0) & cards("Q♣ Q♦ 7♥") == cards("Q♣")
    assert state.known_mask(0) == cards("Q♣"), "everyone saw him take Q♣"


def test_r3_everyone_remembers_every_card_a_player_took() -> None:
    """R3 (подкидной): the cards a defender takes are seen by all, bout after bout."""
    hands = ["6♠ 7♠ 9♣ 10♣ J♣ Q♣", "8♦ 9♦ 10♦ J♦ Q♦ K♦"]
    state = play(position("podkidnoy", hands, trump="H"), "L6S take")
    assert state.known_mask(1) == cards("6♠") and state.leader == 0
    state = play(state, "L7S take")
    assert state.known_mask(1) == cards("6♠ 7♠")


# ---- R4: refilling, counted and seen -------------------------------------------------------------
def test_r4_the_draws_are_counted_and_only_the_turned_up_trump_is_seen() -> None:
    """R4: the leader refills first, the defender last; how many cards each has drawn is
    public, and of the cards drawn only the turned-up trump (the last) is seen by all."""
    hands = ["6♠ 9♣ 10♣ J♣ Q♣ K♣", "7♠ 8♦ 9♦ 10♦ J♦ Q♦"]
    state = position("podkidnoy", hands, trump="A♥", stock="9♠ 10♠")
    state = play(state, "L6S C6S7S")  # бито: each draws one card, 9♠ then 10♠
    assert state.draws == (1, 1) and "9♠" in hand(state, 0) and "10♠" in hand(state, 1)
    assert state.known_mask(0) == 0 and state.known_mask(1) == 0
    state = play(state, "L8D take")  # seat 1 led and refills first: the turned-up A♥
    assert state.draws == (1, 2) and state.stock_count == 0
    assert state.known_mask(1) == cards("A♥") and state.known_mask(0) == cards("8♦")


def test_r19_in_the_52_card_pack_the_two_of_trumps_exchanged_is_drawn_last() -> None:
    """R19 (D35: 52 cards): the lowest trump, here 2♠ (card number 0), exchanged for the
    turned-up K♠ lies under the stock and is the last card drawn."""
    rules = find_preset("s-par").replace(deck_size=52, max_players=8)
    state = position(rules, ["2♠ 7♣ 8♦ 9♦ J♣", "3♥ 6♣ 9♣ 10♦ Q♦"], trump="K♠", stock="4♥")
    state = play(state, "E2S")
    assert state.under_card == Card.parse("2S") and "K♠" in hand(state, 0)
    state = play(state, "L7C C7C9C")  # beaten: the leader draws 4♥, the defender 2♠
    assert "4♥" in hand(state, 0) and "2♠" in hand(state, 1) and "K♠" not in hand(state, 1)
    assert state.stock_count == 0 and state.known_mask(1) == cards("2♠")


# ---- R9: the team that goes out first wins -------------------------------------------------------
def test_r9_the_team_whose_members_are_all_out_wins() -> None:
    """R9: seats alternate by team (0 and 2 against 1 and 3); a team wins when all its members
    are out while an opponent still holds cards; the others are the fools."""
    hands = ["6♠", "7♠ 7♣", "6♣", "8♥"]
    state = position("podkidnoy-teams", hands, trump="H")
    state = play(state, "L6S C6S7S T6C C6C7C")  # seat 2 throws in; seat 3 may not (R5, R9)
    outcome = state.outcome
    assert state.is_over and outcome is not None and outcome.termination == Termination.TEAM
    assert (outcome.winning_team, outcome.losing_team) == (0, 1)
    assert outcome.team_losers == (1, 3) and outcome.out_order == (0, 2, 1)
    assert outcome.describe() == "Team 0 wins; team 1 are the fools."


def test_r9_r10_when_both_teams_are_out_together_the_deal_is_drawn() -> None:
    """R9, R10: seat 3, out, keeps his turn to lead and his partner (seat 1) plays it; when
    that bout empties the last hands of both teams, nobody wins: a draw."""
    state = position("podkidnoy-teams", ["8♠", "7♠", "6♦", "7♦"], trump="H", leader=2)
    state = play(state, "L6D C6D7D")  # seats 2 and 3 are out; seat 3 leads next ...
    assert state.out == (2, 3) and state.leader == 3 and state.to_move == 1  # ... played by 1
    state = play(state, "L7S C7S8S")
    outcome = state.outcome
    assert outcome is not None and outcome.termination == Termination.DRAW
    assert outcome.out_order == (2, 3, 1, 0) and outcome.losers == ()


def test_r10_both_players_out_in_the_last_bout_is_a_draw_in_refilling_order() -> None:
    """R10 (D3: ranked in refilling order, the leader first)."""
    state = play(position("podkidnoy", ["6♠", "7♠"], trump="H"), "L6S C6S7S")
    outcome = state.outcome
    assert outcome is not None and outcome.termination == Termination.DRAW
    assert outcome.out_order == (0, 1) and outcome.fool is None


def test_custom_rules_without_transfers_cite_rozaliev_2() -> None:
    """Rozaliev 2 (подкидной has no transfer): переводной with transfers turned off is a game
    of one's own, and its refusal of a transfer cites the game it has become."""
    rules = find_preset("perevodnoy").replace(transfers=False)
    state = play(position(rules, ["6♠ 9♦", "6♣ 7♦ 8♣", "9♠ 10♠ J♠"], trump="H"), "L6S")
    assert refusal(state, "X6C") == (
        "Rozaliev 2",
        "transfers belong to переводной (Rozaliev 3.а), not this game",
    )


def test_r11_r12_the_refused_transfers_say_why() -> None:
    """R11: the first lead made «под дурака» may not be transferred; R12: a transfer comes
    before any cover."""
    deal = Deal.from_text("h=6S9D/6C7D8C/9STSJS;s=;t=-;tr=H,H,H;d=2;l=0;nt=1")
    state = initial_state(find_preset("perevodnoy"), deal).apply("L6S")
    assert refusal(state, "X6C") == ("R11", "the first lead made «под дурака» may not be transferred")
    hands = ["6♠ 6♦ 9♦", "7♠ 6♣ 8♣ 10♣", "9♠ 10♠ J♠"]
    state = play(position("perevodnoy", hands, trump="H"), "L6S6D C6S7S")
    assert refusal(state, "X6C") == ("R12", "a bout can be transferred only before any card is covered")


def test_r12_a_transfer_to_a_player_holding_one_card_says_so() -> None:
    """R12: the new defender must hold at least as many cards as will then lie on the table."""
    state = play(position("perevodnoy", ["6♠ 9♦", "6♣ 7♦ 8♣", "9♠"], trump="H"), "L6S")
    assert refusal(state, "X6C") == (
        "R12",
        "seat 2 holds 1 card, fewer than the 2 that would lie on the table after the transfer",
    )


# ---- D2: every thrower skipped is on the record ---------------------------------------------------
def test_d2_both_throwers_skipped_after_a_cover_are_recorded() -> None:
    """D2: a player who cannot throw in is skipped, publicly; after the cover below neither
    the leader nor seat 2 holds a six or a seven, and the record shows both skips."""
    state = position("podkidnoy", ["6♠ 9♦ 10♦", "7♠ 8♦ 9♣", "J♠ Q♠ K♠"], trump="H")
    state = play(state, "L6S C6S7S")
    last = state.last_played()
    assert last is not None and [seat for seat, _ in last.skipped] == [0, 2]
    assert all(ranks == cards("6♠ 6♣ 6♦ 6♥ 7♠ 7♣ 7♦ 7♥") for _, ranks in last.skipped)
    assert state.phase == "lead" and state.discard_count == 2


def test_r5_after_a_skip_the_turn_to_throw_in_goes_on_clockwise() -> None:
    """R5, D2: the leader first, then clockwise: the leader, holding no six or seven, is
    skipped, and the turn goes to seat 2 (not seat 3, who also holds a six)."""
    hands = ["6♠ 9♦", "7♠ 8♦ 9♣", "6♣ J♠", "6♦ Q♠"]
    state = play(position("podkidnoy", hands, trump="H"), "L6S C6S7S")
    assert state.throwers == (0, 2, 3) and state.to_move == 2


def test_r5_the_legal_throw_ins_are_listed() -> None:
    """R5: in the throw-in turn the thrower is offered each card of a rank on the table."""
    state = play(position("podkidnoy", ["6♠ 6♣ 9♦", "7♠ 8♦ 10♠"], trump="H"), "L6S C6S7S")
    assert state.phase == "throw-in" and [str(a) for a in state.legal_actions()] == ["T6C", "pass"]


# ---- R8: погоны only for exactly two sixes, and only when the option is on ---------------------
def test_r8_three_sixes_or_the_option_off_give_no_epaulettes() -> None:
    """R8 (D4): «с погонами» when the last lead at the fool was exactly two sixes; three sixes
    are not погоны, and with ``pogony_sixes=0`` there are none at all."""
    rules = find_preset("podkidnoy")
    state = play(position(rules, ["6♠ 6♣ 6♦", "7♦ 8♦ 9♣"], trump="H"), "L6S6C6D take")
    assert state.outcome is not None and state.outcome.fool == 1 and not state.outcome.pogony
    off = rules.replace(pogony_sixes=0)
    state = play(position(off, ["6♠ 6♣", "7♦ 8♦ 9♣"], trump="H"), "L6S6C take")
    assert state.outcome is not None and state.outcome.fool == 1 and not state.outcome.pogony
    state = play(position(rules, ["6♠ 6♣", "7♦ 8♦ 9♣"], trump="H"), "L6S6C take")
    assert state.outcome is not None and state.outcome.pogony


# ---- R11: only the first lead «под дурака» is barred from transfer ------------------------------
def test_r11_the_first_lead_of_a_deal_may_be_transferred_unless_made_under_the_fool() -> None:
    """R11: a session's first deal (lowest trump leads) and a later deal led «из-под дурака»
    may be transferred at once; only the option «под дурака» bars it."""
    order = " ".join(str(c) for c in deck(36))
    first = deal_from_order("perevodnoy", 3, order)
    later = deal_from_order("perevodnoy", 3, order, fool=1)
    assert not first.no_transfer_first and not later.no_transfer_first
    assert later.leader == 2, "the fool deals and his left neighbour leads"
    under = deal_from_order(find_preset("perevodnoy").replace(under_fool=True), 3, order, fool=1)
    assert under.no_transfer_first and under.leader == 0


# ---- session 36, second run: lead shapes a user can choose, and the known cards ----------------
def leads(state: BoutState) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def spelled(*texts: str) -> set[str]:
    """Actions in the engine's own spelling (lead cards in card order)."""
    return {str(Action.parse(t)) for t in texts}


def test_custom_rules_with_single_card_leads_offer_each_card_alone() -> None:
    """Rozaliev 1 as an option of a bout game (lead_shape=single): a lead is exactly one
    card, so a pair in the hand is offered only card by card, lowest rank first as in every
    game."""
    rules = find_preset("podkidnoy").replace(lead_shape=LeadShape.SINGLE)
    state = position(rules, ["6♠ 6♣ 9♦", "7♦ 8♦ 9♣"], trump="H")
    assert [str(a) for a in state.legal_actions()] == ["L6S", "L6C", "L9D"]
    assert refusal(state, "L6S6C")[1] == "a lead is exactly one card"


def test_custom_rules_with_an_agreed_lead_size_offer_every_lead_of_that_size() -> None:
    """R19 option (lead_shape=any, lead_size=2): any two cards, of any ranks, and no others."""
    rules = find_preset("podkidnoy").replace(lead_shape=LeadShape.ANY_COUNT, lead_size=2)
    state = position(rules, ["6♠ 7♦ 9♣", "7♠ 8♦ 9♦ 10♥"], trump="H")
    assert leads(state) == spelled("L6S7D", "L6S9C", "L7D9C")


def test_custom_rules_with_any_lead_offer_any_cards_up_to_what_the_defender_holds() -> None:
    """R19 option (lead_shape=any, no agreed size): any one or more cards, but no more than
    the defender holds (R6)."""
    rules = find_preset("podkidnoy").replace(lead_shape=LeadShape.ANY_COUNT)
    state = position(rules, ["6♠ 7♦ 9♣", "10♥"], trump="H")
    assert leads(state) == spelled("L6S", "L7D", "L9C")
    state = position(rules, ["6♠ 7♦ 9♣", "10♥ J♥"], trump="H")
    assert leads(state) == spelled("L6S", "L7D", "L9C", "L6S7D", "L6S9C", "L7D9C")


def test_in_the_52_card_pack_a_two_counts_as_an_odd_card_of_a_lead() -> None:
    """Rozaliev 1.а / R19 with the 52-card pack (D35): the twos are a rank like any other: a
    two and a five are two odd cards (refused in простой), a two with a pair of fives is
    pairs and one card (led in с пар)."""
    prostoy = find_preset("prostoy").replace(deck_size=52, max_players=8)
    state = position(prostoy, ["2♠ 5♠ 9♦ J♣ K♣", "3♥ 6♣ 9♣ 10♦ Q♦"], trump="H")
    assert explain(state, "L2S5S") is not None
    assert "L2S5S" not in leads(state)
    s_par = find_preset("s-par").replace(deck_size=52, max_players=8)
    state = position(s_par, ["2♠ 5♠ 5♣ J♣ K♦", "3♥ 6♣ 9♣ 10♦ Q♦"], trump="H")
    assert explain(state, "L2S5S5C") is None
    assert spelled("L2S5S5C") <= leads(state)


def test_r3_r4_a_taker_who_draws_the_turned_up_trump_is_known_to_hold_both() -> None:
    """R3 and R4: everyone remembers the cards a player took, and also sees him draw the
    turned-up trump later: the two are known together."""
    hands = ["6♠ 7♠ 9♣ 10♣ J♣ Q♣", "8♠ 9♦ 10♦ J♦ Q♦ K♦"]
    state = position("podkidnoy", hands, trump="A♥", stock="9♠ 10♠")
    state = play(state, "L6S take")  # seat 0 draws 9♠
    state = play(state, "L7S C7S8S")  # seat 0 draws 10♠; seat 1 now leads
    assert state.known_mask(1) == cards("6♠") and state.leader == 1
    state = play(state, "L9D take")  # seat 1 refills with the turned-up A♥
    assert "A♥" in hand(state, 1) and state.stock_count == 0
    assert state.known_mask(1) == cards("6♠ A♥")
    assert state.known_mask(0) == cards("9♦")


def test_d36_a_player_who_took_a_card_and_draws_the_turned_up_trump_in_a_round_of_passes() -> None:
    """D36 with R3 (английские дураки): after a round of passes seat 1 draws the turned-up
    trump; everyone still remembers the card he took, and the draws add up."""
    hands = ["6♠ 6♣ 8♦ 9♥ 10♠ Q♥", "7♣ 10♥ J♥ K♣ A♥ 9♣"]
    state = position("english", hands, trump="A♦", stock="7♠ J♣ K♠")
    state = play(state, "L6S6C C6C7C take")  # 6♠ taken, 6♣ 7♣ discarded; seat 0 draws 7♠ J♣
    assert state.known_mask(1) == cards("6♠") and state.draws == (2, 0)
    state = play(state, "pass pass")  # nobody holds a pair: seat 0 draws K♠, seat 1 A♦
    assert "K♠" in hand(state, 0) and "A♦" in hand(state, 1)
    assert state.known_mask(1) == cards("6♠ A♦")
    assert state.draws == (3, 1) and state.stock_count == 0


def test_d36_r19_the_exchanged_two_of_trumps_is_the_last_card_drawn_in_a_round_of_passes() -> None:
    """D36 with R19 (английские дураки, 52 cards, D35): after the exchange the lowest trump,
    here 2♠ (card number 0), lies under the stock; in a round of passes it is the last card
    drawn, seen by all, and the turned-up K♠ stays with the exchanger."""
    rules = find_preset("english").replace(deck_size=52, max_players=8)
    hands = ["2♠ 7♣ 8♦ 10♥ J♣ Q♦", "3♥ 4♦ 6♣ 9♣ K♦ A♣"]
    state = play(position(rules, hands, trump="K♠", stock="5♥"), "E2S")
    assert state.under_card == Card.parse("2S")
    state = play(state, "pass pass")  # nobody holds a pair: seat 0 draws 5♥, seat 1 2♠
    assert "5♥" in hand(state, 0) and "K♠" in hand(state, 0)
    assert "2♠" in hand(state, 1) and "K♠" not in hand(state, 1)
    assert state.known_mask(1) == cards("2♠") and state.stock_count == 0


def test_r5_out_of_turn_the_defender_is_told_he_never_throws_in_but_a_pass_is_turn_order() -> None:
    """R5: a throw-in tried by the defender out of turn is refused because the defender
    never throws in (seat 0 too); any other action out of turn is refused for turn order."""
    state = play(position("podkidnoy", ["7♠ 9♦ 6♣", "6♠ 6♦ 8♣"], trump="H", leader=1), "L6S C6S7S")
    assert state.phase == "throw-in" and state.to_move == 1
    assert explain(state, "T6C", player=0) == (
        Reason("R5", "seat 0 is the defender: the defender never throws in")
    )
    reason = explain(state, "pass", player=0)
    assert reason is not None and reason.rule == "turn order"
    assert reason.text.endswith("not seat 0's")


def test_r19_a_legal_exchange_is_explained_as_legal() -> None:
    """R19 (D42): the holder of the trump six may exchange it while the turned-up trump lies
    under the stock: nothing to explain."""
    state = position("s-par", ["6♥ 7♠ 8♠ 9♠ 10♠", "6♣ 7♣ 8♣ 9♣ 10♣"], trump="A♥", stock="J♦")
    assert explain(state, "E6H") is None and explain(state, "E6H", player=0) is None


# ---- explain: each refusal says its rule and its sentence whole ------------------------------
def test_r16_a_naming_after_the_naming_is_refused_in_full() -> None:
    """R16 (D31): each player names his own trump once, before the first lead."""
    from durak_lessons import new_game

    state = play(new_game("svoi-kozyri-8b", 2, seed=1), "NS NH")
    assert explain(state, "ND") == Reason(
        "R16; D31",
        "each player names his own trump once, after the deal and before the first lead;"
        " the naming is over",
    )


def test_a_card_not_in_hand_and_an_answer_before_the_lead_are_refused_in_full() -> None:
    """The hand and the turn order (Rozaliev 1): a card not held, and a take before any lead."""
    state = position("podkidnoy", ["6♠ 9♦", "7♣ 8♦"], trump="H")
    assert explain(state, "L7C") == Reason("hand", "7♣ is not in the hand of seat 0")
    assert explain(state, "take") == Reason(
        "turn order", "the bout has not been led yet: seat 0 must lead"
    )


def test_r19_a_pass_by_a_player_who_can_lead_is_refused_in_full() -> None:
    """R19 (английские дураки): a pass only when no pair can be led."""
    state = position("english", ["6♠ 6♣ 7♦ 9♥ 10♠ J♦", "8♦ 8♣ 9♦ 10♦ J♥ Q♥"], trump="K♥")
    reason = explain(state, "pass")
    assert reason is not None and reason.text == "a player who can lead must lead"


def test_d1_the_defender_must_answer_before_anything_else_in_full() -> None:
    """D1: with cards uncovered the defender covers or takes (and in переводной transfers)."""
    state = play(position("podkidnoy", ["6♠ 9♦", "7♣ 8♦"], trump="H"), "L6S")
    assert explain(state, "pass") == Reason(
        "D1", "seat 1 must first answer the uncovered cards: cover or take"
    )
    state = play(position("perevodnoy", ["6♠ 9♦", "7♣ 8♦"], trump="H"), "L6S")
    assert explain(state, "pass") == Reason(
        "D1", "seat 1 must first answer the uncovered cards: cover, transfer or take"
    )


def test_d24_the_take_refused_while_a_cover_is_possible_in_full() -> None:
    """D24 option (must_cover): no take while a card can be covered."""
    rules = find_preset("podkidnoy").replace(must_cover=True)
    state = play(position(rules, ["6♠ 9♦", "7♠ 8♦"], trump="H"), "L6S")
    assert explain(state, "take") == Reason(
        "D24", "the defender must cover what he can before he may take"
    )


def test_r5_a_thrower_neither_takes_nor_covers_in_full() -> None:
    """R5: in the throw-in turn only the defender takes; a thrower throws in or passes."""
    state = play(position("podkidnoy", ["6♠ 6♣ 9♦", "7♠ 8♦ 10♠"], trump="H"), "L6S C6S7S")
    assert state.phase == "throw-in" and state.to_move == 0
    assert explain(state, "take") == Reason(
        "R5", "only the defender takes; a thrower may throw in or pass"
    )
    assert explain(state, "C6S9D") == Reason(
        "R5", "seat 0 may throw in a card of a rank on the table, or pass"
    )


# ---- _apply: which ranks are on the table, and whose turn it is to throw in -------------------
def test_r5_only_a_cover_of_a_new_rank_gives_the_throw_in_back_to_the_leader() -> None:
    """R5: the throw-in turn goes round from the leader; a cover of a rank already on the
    table leaves it where it is, a cover of a new rank starts it again from the leader."""
    hands = ["6♠ 9♦ 10♥ 7♥", "7♠ 7♣ 8♥ 9♠", "6♣ J♦ Q♦ 6♥"]
    state = play(position("podkidnoy", hands, trump="S"), "L6S C6S7S pass T6C")
    assert play(state, "C6C7C").to_move == 2, "7♣: the sevens are on the table already"
    assert play(state, "C6C9S").to_move == 0, "9♠: a new rank, the leader may throw a nine"


def test_a_lead_of_several_ranks_puts_every_rank_on_the_table() -> None:
    """R5 with the any-cards lead option: each rank led may be thrown in, the second too."""
    rules = find_preset("podkidnoy").replace(lead_shape=LeadShape.ANY_COUNT)
    state = position(rules, ["6♠ 7♠ 6♣ 7♦", "9♠ 8♠ 9♣ 10♦ J♦"], trump="H")
    state = play(state, "L6S7S6C C6S9S C7S8S C6C9C")
    assert [str(a) for a in state.legal_actions()] == ["T7D", "pass"]


def test_r5_the_throw_in_turn_goes_clockwise_and_ends_when_every_thrower_passed() -> None:
    """R5: after the leader the throwers are asked clockwise (seat 2, then seat 3, skipping
    the defender); when each has passed in turn the bout is beaten."""
    hands = ["6♠ 9♦ 10♥ 7♥", "7♠ 7♣ 8♥ 9♠", "6♣ J♦ Q♦ 6♥", "6♦ 8♣ 10♣ K♥"]
    state = play(position("podkidnoy", hands, trump="S"), "L6S C6S7S pass")
    assert state.to_move == 2
    assert play(state, "pass").to_move == 3
    state = play(position("podkidnoy", hands[:3], trump="S"), "L6S C6S7S pass pass")
    assert state.phase == "lead" and state.leader == 1 and state.discard_mask == cards("6♠ 7♠")


def test_r1_option_in_the_52_card_pack_the_two_of_spades_may_be_given_back() -> None:
    """R1 option with the 52-card pack (D35): a led 2♠ (card number 0) goes back like any
    other uncovered led card."""
    rules = R1_OPTION.replace(deck_size=52, max_players=8)
    state = play(position(rules, ["2♠ 2♣ 9♦", "7♠ A♣"], trump="H"), "L2S2C9D")
    assert explain(state, "R2S") is None and "R2S" in {str(a) for a in state.legal_actions()}


# ---- action notation: the words a player types (Action.parse) --------------------------------
@pytest.mark.parametrize("word", ["take", "взял", "беру", "ВЗЯЛ", " Беру "])
def test_the_defender_takes_in_english_or_russian(word: str) -> None:
    """A user may type «взял» or «беру» (any case, spaces around) for take."""
    assert str(Action.parse(word)) == "take"


@pytest.mark.parametrize("word", ["pass", "бито", "пас", "БИТО", " Пас "])
def test_the_attackers_pass_in_english_or_russian(word: str) -> None:
    """A user may type «бито» or «пас» (any case, spaces around) for pass."""
    assert str(Action.parse(word)) == "pass"


@pytest.mark.parametrize(("typed", "named"), [("N♠", "NS"), ("N♣", "NC"), ("N♦", "ND"), ("N♥", "NH")])
def test_a_trump_is_named_with_a_suit_symbol(typed: str, named: str) -> None:
    """R16: naming the trump by its symbol is the same as by its letter."""
    assert str(Action.parse(typed)) == named


@pytest.mark.parametrize("text", ["", "   ", "Z6S", "ZC6S", "?"])
def test_an_unknown_or_empty_action_lists_the_notation(text: str) -> None:
    """Nothing typed, or an unknown first letter, is refused with the list of what can be typed."""
    expected = (
        f"cannot read an action from {text!r}: expected L<cards>, T<card>, C<attack><cover>, "
        "X<card>, E<card>, B<card>, R<card>, F, P<n>, P<n>C<attack>, N<suit>, take or pass"
    )
    with pytest.raises(InvalidActionError) as err:
        Action.parse(text)
    assert str(err.value) == expected


def test_a_blind_pick_covering_an_unreadable_card_says_which_card() -> None:
    """R14: in P<n>C<attack> the attack card must be a card; the refusal quotes it."""
    with pytest.raises(
        InvalidActionError, match=r"cannot read an action from 'P2CZZ': cannot read a card from 'ZZ'"
    ):
        Action.parse("P2CZZ")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("C6S", "a cover names two cards (attack, cover): 'C6S'"),
        ("C6S7S8S", "a cover names two cards (attack, cover): 'C6S7S8S'"),
        ("T6S7S", "throw names exactly one card: 'T6S7S'"),
        ("x6s7s", "transfer names exactly one card: 'x6s7s'"),
    ],
)
def test_a_wrong_number_of_cards_is_refused_by_name(text: str, message: str) -> None:
    """A cover names two cards; a throw-in or transfer names one; the refusal says which."""
    with pytest.raises(InvalidActionError) as err:
        Action.parse(text)
    assert str(err.value) == message
