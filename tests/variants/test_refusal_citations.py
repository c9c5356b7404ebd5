"""A refusal cites the game being played: its own source and section (as its preset cites the
option), with the reading of ours it rests on, and says only what is true in that game.

Each scenario writes the dealt hands out; the expected citations are the presets' own
(``preset_info(p).citation(option)``) where the rule is the game's, and our readings (R…, D…)
where a reading decides it.
"""

from __future__ import annotations

import pytest

from durak_lessons import Deal, GameState, Reason, apply, explain, find_preset, initial_state
from durak_lessons.rules import Rules, preset_info

#: seat 0 leads 9♥ (hearts are trumps); seat 1 holds spades only, no 9 to transfer with but 9♠
H = ["6♠ 6♣ 7♦ 7♣ 9♥", "7♠ 8♠ 9♠ 10♠ J♠"]
STOCK = "Q♣ Q♦ K♣ K♦ A♠ A♣"


def deal(preset: str | Rules, hands: list[str], trump: str = "K♥", stock: str = STOCK,
         **kw: str) -> GameState:
    return initial_state(preset, Deal.from_hands(hands, trump=trump, stock=stock, **kw))


def refused(state: GameState, action: str) -> Reason:
    reason = explain(state, action)
    assert reason is not None, f"{action} should be refused"
    return reason


# ---- the beating relation: the game's own source ---------------------------------------------


@pytest.mark.parametrize(
    ("preset", "cite"),
    [
        ("prostoy", "Rozaliev 1.а"),
        ("s-par", "dictionary, Дураки с пар"),
        ("podkidnoy", "Rozaliev 2"),
        ("perevodnoy", "Rozaliev 3.а"),
    ],
)
def test_a_failed_trump_cover_cites_the_games_own_source(preset: str, cite: str) -> None:
    s = apply(deal(preset, H), "L9H")
    reason = refused(s, "C9H10S")
    assert reason.rule == cite == preset_info(preset).citation("beating")
    assert reason.text == "10♠ cannot beat 9♥: a trump is beaten only by a higher trump"


def test_an_own_trumps_failed_cover_names_his_own_suit_not_a_trump() -> None:
    # seat 0 names hearts, seat 1 clubs: 10♠ is neither a higher heart nor a club
    s = apply(deal("svoi-kozyri-8a", H, trump="", stock="", own_trumps="HC"), "L9H")
    reason = refused(s, "C9H10S")
    assert reason.rule == "R16; D31"
    assert reason.text == (
        "10♠ cannot beat 9♥: it is neither a higher heart nor of his own trump suit (clubs)"
    )


# ---- transfers and passes in games without them ------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "cite"),
    [("prostoy", "Rozaliev 1.а"), ("s-par", "dictionary, Дураки с пар"), ("podkidnoy", "Rozaliev 2")],
)
def test_a_transfer_in_a_game_without_transfers_cites_that_game(preset: str, cite: str) -> None:
    hands = ["6♠ 6♣ 7♦ 7♣ 9♥", "7♠ 8♠ 9♠ 9♦ J♠"]  # seat 1 holds 9♠ and 9♦ to transfer with
    s = apply(deal(preset, hands), "L9H")
    reason = refused(s, "X9S")
    assert reason.rule == cite
    assert reason.text == "transfers belong to переводной (Rozaliev 3.а), not this game"


def test_transfers_added_to_a_game_cite_the_rule_not_the_games_source() -> None:
    rules = find_preset("podkidnoy").replace(transfers=True)
    s = apply(deal(rules, ["6♠ 6♣ 7♦ 7♣ 9♥", "7♠ 8♠ 9♠ 10♠ J♠"]), "L9H")
    assert refused(s, "X10S").rule == "R12"  # transfer with a card of another rank


@pytest.mark.parametrize(
    ("preset", "cite"),
    [
        ("prostoy", "Rozaliev 1.а"),
        ("s-par", "dictionary, Дураки с пар; R19"),
        ("podkidnoy", "Rozaliev 2"),
    ],
)
def test_a_leader_who_passes_is_refused_by_his_games_rule(preset: str, cite: str) -> None:
    reason = refused(deal(preset, H), "pass")
    assert reason.rule == cite and reason.text == "the leader must lead; passing is not allowed"


# ---- lead shape and size -------------------------------------------------------------------------


def test_pyatki_lead_shape_cites_r2_not_the_s_par_reading() -> None:
    reason = refused(deal("pyatki", H), "L6S6C")  # a lone pair: only 1, 3 or 5 cards
    assert reason.rule == "Rozaliev 1.в; R2"


def test_a_lone_pair_in_s_par_cites_d21() -> None:
    assert refused(deal("s-par", H), "L6S6C").rule == "dictionary, Дураки с пар; R19; D21"


def test_the_all_cards_lead_limit_cites_d33() -> None:
    hands = ["6♠ 6♣ 7♦ 7♣ 9♥ 9♦ 10♦ 10♣ J♣", "7♠ 8♠ 9♠ J♠ Q♠ Q♦ Q♣ J♦ A♠"]
    s = deal("s-par-all-cards", hands, stock="")
    reason = refused(s, "L6S6C7D7C9H9D")
    assert reason.rule == "D33" and reason.text == "a lead holds at most 5 cards in this bout"


def test_an_agreed_lead_size_is_named_in_the_refusal() -> None:
    rules = Rules().replace(lead_shape="any", lead_size=3, throw_ins="none")
    reason = refused(deal(rules, H), "L6S6C")
    assert reason.rule == "R19" and reason.text == "a lead holds the agreed number of cards (3)"


# ---- the trump six exchange --------------------------------------------------------------------


def test_no_exchange_where_the_whole_pack_is_dealt_cites_d25() -> None:
    hands = ["6♣ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠", "7♣ 8♣ 9♣ 10♣ J♣ K♣ A♣ 6♦ 7♦"]
    s = deal("s-par-all-cards", hands, trump="♣", stock="")  # clubs, no card under a stock
    reason = refused(s, "E6C")
    assert reason.rule == "D25" and "no turned-up trump lies under a stock" in reason.text


def test_no_exchange_in_own_trumps_cites_the_naming() -> None:
    hands = ["6♠ 6♣ 7♦ 7♣ 9♥", "7♠ 8♠ 9♠ 10♠ J♠", "6♥ 6♦ 8♥ 8♣ 10♥", "Q♠ Q♣ Q♦ Q♥ K♠"]
    s = deal("s-par-own-trumps", hands, trump="", stock="", own_trumps="HCDS")
    reason = refused(s, "E6S")
    assert reason.rule == "R16; D31" and "names his own suit" in reason.text


def test_no_exchange_in_podkidnoy_says_it_belongs_to_s_par() -> None:
    reason = refused(deal("podkidnoy", H, trump="K♥"), "E6S")
    assert reason.rule == "R19"
    assert reason.text == "the exchange of the trump six belongs to дураки с пар, not this game"


# ---- giving back, covering first -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "cite"),
    [("podkidnoy", "R6"), ("s-par", "dictionary, Дураки с пар; R19"), ("prostoy", "Rozaliev 1.а; R1")],
)
def test_no_give_back_cites_the_games_lead_cap(preset: str, cite: str) -> None:
    hands = ["6♠ 6♣ 7♦ 7♣ 9♥", "7♠ 8♠ 9♠ 10♠ J♠"]
    s = apply(deal(preset, hands), "L9H")
    reason = refused(s, "R9H")
    assert reason.rule == cite
    assert reason.text.startswith("no card is given back in this game")


def test_the_r1_option_refuses_a_give_back_the_defender_can_answer() -> None:
    rules = find_preset("prostoy").replace(oversize_leads=True)
    s = apply(deal(rules, H), "L9H")
    assert refused(s, "R9H").rule == "R1"


def test_must_cover_cites_d24_without_another_reading_in_the_text() -> None:
    rules = find_preset("prostoy").replace(must_cover=True)
    s = apply(deal(rules, H), "L6S6C7D")
    reason = refused(s, "take")
    assert reason.rule == "D24" and "R19" not in reason.text


# ---- the limit after a transfer (R6, R12) -------------------------------------------------------


def test_a_transfer_sets_the_limit_from_the_new_defenders_hand() -> None:
    hands = ["6♠ 7♦ 6♦ 8♣", "6♣ 9♦ 10♣ J♣", "7♠ 7♣ Q♦"]
    s = deal("perevodnoy", hands, trump="K♥", stock="A♠ A♣ A♦")
    s = play(s, "L6S X6C")  # seat 2 defends 6♠ 6♣ holding three cards: at most 3 led (R6)
    assert s.limit == 3  # type: ignore[attr-defined]
    s = play(s, "C6S7S C6C7C T6D C6DQD")  # the third card ends the bout at once
    assert s.phase == "lead" and s.leader == 0  # type: ignore[attr-defined]


# ---- chain games: only what is legal ------------------------------------------------------------


def test_a_chain_refusal_offers_only_the_legal_answers() -> None:
    s = deal("navalenny", ["7♠ 8♦", "9♠ 6♣"], trump="K♥", stock="")
    s = apply(s, "L7S")
    reason = refused(s, "L6C")
    assert "must beat 7♠;" in reason.text and "take" not in reason.text
    assert refused(s, "take").rule == "D10"  # who can beat must beat
    s = deal("navalenny", ["9♠ 8♦", "7♠ 6♣"], trump="K♥", stock="")
    s = apply(s, "L9S")
    assert "must take;" in refused(s, "L6C").text


# ---- the blind game: one card left ---------------------------------------------------------------


def test_a_blind_pick_beyond_a_one_card_hand_says_so_in_the_singular() -> None:
    s = deal("blind", ["7♠", "6♥ 9♠ J♣"], stock="")
    reason = refused(s, "P3")
    assert reason.text == "seat 0 holds 1 card: position 0 only, not 3"


def play(state: GameState, moves: str) -> GameState:
    for move in moves.split():
        state = apply(state, move)
    return state


def test_no_exchange_in_podkidnoy_for_six_cites_r19_not_d25() -> None:
    # six players of подкидной leave no stock (R11: the dealer's last card is shown as trump);
    # the exchange is refused as with fewer players, as a rule of дураки с пар (R19), not under
    # D25 (the pack dealt out one at a time in 8.а/8.б, во все карты, со своими козырями)
    hands = [
        "6♣ 7♠ 8♠ 9♠ 10♠ J♠",
        "7♣ 8♣ 9♣ 10♣ J♣ Q♣",
        "6♦ 7♦ 8♦ 9♦ 10♦ J♦",
        "6♥ 7♥ 8♥ 9♥ 10♥ J♥",
        "Q♠ K♠ A♠ Q♦ K♦ A♦",
        "Q♥ K♥ A♥ K♣ A♣ 6♠",
    ]
    s = deal("podkidnoy", hands, trump="♣", stock="")
    reason = refused(s, "E6C")
    assert reason.rule == "R19" and "belongs to дураки с пар" in reason.text


# ---- who never throws in (R5, R9) ---------------------------------------------------------------


def test_a_throw_in_by_the_defenders_partner_cites_r9_not_turn_order() -> None:
    # 2 v 2, diamonds trumps, no stock: seats 0 and 2 against 1 and 3
    # seat 0: 6♠ 9♣   seat 1: 7♠ 8♠ J♠   seat 2: 6♣ 7♣   seat 3: 6♥ 7♥
    s = deal("podkidnoy-teams", ["6♠ 9♣", "7♠ 8♠ J♠", "6♣ 7♣", "6♥ 7♥"], trump="♦", stock="")
    s = s.apply("L6S").apply("C6S7S")
    assert s.to_move == 2 and s.throwers == (0, 2)
    # seat 3 holds a six and a seven, but is the defender's partner: no turn would let him
    reason = explain(s, "T6H", player=3)
    assert reason is not None and reason.rule == "R5; R9", reason
    assert "partner of the defender" in reason.text
    reason = explain(s, "T8S", player=1)
    assert reason is not None and reason.rule == "R5" and "never throws in" in reason.text
    # a thrower whose turn it is not is still told so
    reason = explain(s, "T6C", player=0)
    assert reason is not None and reason.rule == "turn order"
