"""The engine's narration (durak_lessons.narration): why each action was allowed.

Random playouts of every preset check that every applied action gets a sentence citing known
rules; scenario tests with the hands written out check the rule and the sentence of each kind
of action, by preset and option values.
"""

from __future__ import annotations

import random

import pytest

from durak_lessons import (
    OUR_READINGS,
    Action,
    Deal,
    GameState,
    IllegalActionError,
    Reason,
    Rules,
    all_presets,
    apply,
    find_preset,
    initial_state,
    justify,
    narrate,
    new_game,
)
from durak_lessons.narration import describe_action

R_NUMBERS = {f"R{i}" for i in range(1, 21)}
D_NUMBERS = set(OUR_READINGS)  # every D-number cited must be one of the project's readings
SECTIONS = {
    "Rozaliev 1",
    "Rozaliev 1.в",
    "Rozaliev 1.г",
    "Rozaliev 2",
    "Rozaliev 3.а",
    "Rozaliev 3.б",
    "Rozaliev 9",
    "Rozaliev 10",
}
#: a game's own source, as its preset cites it (refusals and reasons cite the game played)
PRESET_CITATIONS = {
    part
    for preset in all_presets()
    for option, _, _ in Rules.describe()
    for part in preset.citation(option).split("; ")
}
WHITELIST = R_NUMBERS | D_NUMBERS | SECTIONS | PRESET_CITATIONS


def parts(reason: Reason) -> list[str]:
    return reason.rule.split("; ")


def start(preset: str, hands: list[str], trump: str = "", stock: str = "", leader: int = 0,
          own_trumps: str | None = None, **options: object) -> GameState:
    rules = find_preset(preset)
    if options:
        rules = rules.replace(**options)
    deal = Deal.from_hands(hands, trump=trump, stock=stock, leader=leader, own_trumps=own_trumps)
    return initial_state(rules, deal)


def play(state: GameState, moves: str) -> GameState:
    for move in moves.split():
        state = apply(state, move)
    return state


def why(state: GameState, move: str) -> Reason:
    return justify(state, Action.parse(move))


# ---- every preset: every applied action is narrated with known citations --------------------------


PLAYOUTS = [(p.id, n) for p in all_presets() for n in p.seat_counts]
OPTIONS = [
    ("prostoy(oversize_leads=1)", 2),
    ("prostoy(oversize_leads=1)", 4),
    ("perevodnoy(under_fool=1)", 4),
    ("s-par(must_cover=1)", 3),
    ("podkidnoy(first_bout_limit=5,throw_in_after_take=0)", 3),
]


@pytest.mark.parametrize(("preset", "players"), PLAYOUTS + OPTIONS)
def test_every_action_of_random_playouts_gets_a_cited_sentence(preset: str, players: int) -> None:
    rules = Rules.parse(preset)
    kinds = set()
    for seed in range(3):
        rng = random.Random(seed)
        state = new_game(rules, players, seed, fool=1 if rules.under_fool else None)
        for _ in range(1500):
            if state.is_over:
                break
            action = rng.choice(state.legal_actions())
            reason = justify(state, action)
            assert reason.rule and reason.text, (preset, str(action))
            unknown = [p for p in parts(reason) if p not in WHITELIST]
            assert not unknown, (preset, str(action), reason)
            text = narrate(state, action)
            assert text == f"Seat {state.to_move} {describe_action(action, state)}: {reason}"
            kinds.add(action.kind)
            state = state.apply(action)
    assert len(kinds) >= 3, kinds  # the playouts did exercise the narration


# ---- refusals -----------------------------------------------------------------------------------


def test_an_action_the_engine_refuses_is_not_narrated_but_raises_the_engines_reason() -> None:
    s = start("podkidnoy", ["7♠ 8♦", "9♠ 10♣"], trump="K♥", stock="6♦ 6♣")
    bad = Action.parse("L7S8D")
    with pytest.raises(IllegalActionError) as info:
        justify(s, bad)
    assert info.value.reason == s.explain(bad)
    with pytest.raises(IllegalActionError):
        narrate(s, Action.parse("take"))


def test_a_finished_deal_narrates_nothing() -> None:
    s = play(start("podkidnoy", ["7♠", "9♠"], trump="K♥"), "L7S C7S9S")
    assert s.is_over
    with pytest.raises(IllegalActionError):
        narrate(s, Action.parse("pass"))


# ---- leads: the shape's own citation ------------------------------------------------------------


def test_a_podkidnoy_lead_cites_rozaliev_2_not_r2() -> None:
    s = start("podkidnoy", ["7♠ 7♥ 9♦", "9♠ 10♣ J♣"], trump="K♥", stock="6♦ 6♣")
    reason = why(s, "L7S7H")
    assert reason.rule == "Rozaliev 2" and "R2" not in parts(reason)
    assert reason.text.startswith("a lead is one card or several cards of one rank")
    assert "limit of 3" in reason.text  # the defender's three cards (R6)


def test_a_prostoy_pairs_plus_one_lead_cites_r2() -> None:
    s = start("prostoy", ["7♠ 7♥ 9♦ J♠ A♣", "8♠ 10♣ J♣ Q♦ K♦"], trump="K♥", stock="6♦ 6♣")
    reason = why(s, "L7S7H9D")
    assert reason.rule == "Rozaliev 1.а; R2"  # the game's own section, then our reading
    assert "pairs plus at most one odd card" in reason.text and "(R1)" in reason.text


def test_a_lone_pair_in_s_par_cites_the_two_card_reading() -> None:
    s = start("s-par", ["7♠ 7♥ 9♦", "8♠ 10♣"], trump="K♥", stock="6♦ 6♣")
    assert parts(why(s, "L7S7H")) == ["dictionary, Дураки с пар", "R19", "D21"]


def test_the_first_lead_under_the_fool_cites_r11() -> None:
    rules = find_preset("perevodnoy").replace(under_fool=True)
    s = new_game(rules, 3, 4, fool=1)
    action = s.legal_actions()[0]
    reason = justify(s, action)
    assert parts(reason) == ["Rozaliev 3.а", "R11"] and "«под дурака»" in reason.text


# ---- covers: by the beating relation ------------------------------------------------------------


POD = (["7♠ 8♦ 9♦", "9♠ 10♥ J♣"], "K♥", "6♦ 6♣ 6♥")


def test_a_same_suit_cover_reads_as_in_the_brief() -> None:
    s = play(start("podkidnoy", *POD), "L7S")
    assert narrate(s, Action.parse("C7S9S")) == (
        "Seat 1 covers 7♠ with 9♠: a higher card of the same suit beats [Rozaliev 2]"
    )


def test_a_trump_cover_names_the_trump_suit() -> None:
    s = play(start("podkidnoy", *POD), "L8D")
    reason = why(s, "C8DTH")
    assert reason.rule == "Rozaliev 2"
    assert reason.text == (
        "a trump (♥) beats any card of another suit; seat 0 has no 8 or 10 to add and is "
        "passed over (D2)"
    )


def test_a_thrower_passed_over_is_named_only_when_the_rules_skip_him() -> None:
    """D2 is a consequence the reader sees in the log: the bout ends at once because the
    leader has nothing to add.  A thrower who holds a card of the ranks is asked instead, and
    a full bout (R6) passes nobody over for want of a card."""
    s = play(start("podkidnoy", ["6♠ 7♦ 9♣", "7♠ 8♥ 9♦"], "H", "6♣ 7♣ 8♣"), "L6S")
    assert "passed over" not in why(s, "C6S7S").text  # seat 0 holds 7♦: he is asked
    s = play(start("podkidnoy", ["6♠ 6♣ 6♦ 6♥ 7♠ 9♥", "9♠ 9♣ 9♦"], "H", ""), "L6S C6S9S T6C C6C9C T6D")
    assert "passed over" not in why(s, "C6D9D").text  # full at three: 6♥ stays unplayed


def test_names_replace_seat_numbers() -> None:
    s = play(start("podkidnoy", *POD), "L8D")
    text = narrate(s, Action.parse("C8DTH"), ["Anna", "Boris"])
    assert text.startswith("Boris covers 8♦ with 10♥: ")


DIAMONDS = (["7♠ 8♥ 9♣", "9♠ 10♦ J♣ 6♦"], "D", "6♣ 7♣ 8♣")


def test_a_closed_spade_cover_in_the_diamonds_game_cites_r15() -> None:
    s = play(start("diamonds", *DIAMONDS), "L7S")
    assert s.explain(Action.parse("C7STD")) is not None  # a trump does not beat a spade (R15)
    reason = why(s, "C7S9S")
    assert reason.rule == "Rozaliev, the diamonds game; R15"
    assert "spades are beaten only by higher spades" in reason.text


def test_a_diamond_cover_in_the_diamonds_game_says_diamonds_are_always_trump() -> None:
    s = play(start("diamonds", *DIAMONDS), "L8H")
    reason = why(s, "C8H6D")
    assert reason.rule == "Rozaliev, the diamonds game; R15"
    assert "always trump" in reason.text and "except a spade" in reason.text


def test_an_own_trump_cover_in_svoi_kozyri_cites_r16_and_the_defenders_suit() -> None:
    # seat 0's trump is hearts, seat 1's spades: hearts are a plain suit for seat 1
    s = start("svoi-kozyri-8b", ["7♥ 8♦", "6♠ 9♣"], own_trumps="HS")
    s = play(s, "L7H")
    reason = why(s, "C7H6S")
    assert reason.rule == "R16; D31"
    assert "spades (♠) are seat 1's own trump suit" in reason.text
    assert "hearts are seat 0's trump, a plain suit for him" in reason.text


def test_naming_own_trumps_cites_r16_and_the_readings() -> None:
    s = new_game("svoi-kozyri-8b", 2, 3)
    assert s.phase == "name-trump"  # type: ignore[attr-defined]
    first = why(s, "NH")
    assert parts(first) == ["R16", "D31", "D32"]
    s = play(s, "NH")
    second = why(s, "NS")
    assert parts(second) == ["R16", "D31"] and "other colour than hearts" in second.text


# ---- transfers ----------------------------------------------------------------------------------


def test_a_transfer_cites_r12_and_names_the_new_defender() -> None:
    s = start("perevodnoy", ["7♠ 8♦", "7♥ 10♣", "9♠ J♣ Q♦"], trump="K♥", stock="6♦ 6♣ 6♥")
    s = play(s, "L7S")
    reason = why(s, "X7H")
    assert reason.rule == "R12"
    assert "passes to seat 2, who holds 3 cards" in reason.text and "seat 1 becomes the leader" in reason.text


def test_an_otkaz_transfer_cites_r13() -> None:
    s = start("perevodnoy-otkaz", ["7♠", "7♥ 8♦"], trump="H")
    s = play(s, "L7S")  # seat 0 has emptied his hand; the stock is empty
    reason = why(s, "X7H")
    assert reason.rule == "R13" and "«отказ»" in reason.text
    assert start("perevodnoy", ["7♠", "7♥ 8♦"], trump="H").apply(
        Action.parse("L7S")).explain(Action.parse("X7H")) is not None  # without отказ: refused


# ---- taking and throwing in ----------------------------------------------------------------------


def test_a_throw_in_after_take_cites_r7() -> None:
    s = start("podkidnoy", ["7♠ 7♥ 9♦", "9♠ 10♣ J♣"], trump="K♥", stock="6♦ 6♣")
    s = play(s, "L7S")
    take = why(s, "take")
    assert parts(take) == ["Rozaliev 2", "R7"]
    s = play(s, "take")
    reason = why(s, "T7H")
    assert reason.rule == "R7" and "«take»" in reason.text


def test_a_pass_is_called_bito_only_when_the_bout_is_beaten() -> None:
    """«бито» ("beaten") is said when the covered cards go to the discard; a leader who adds
    nothing more to a take passes, and is not said to call the bout beaten."""
    s = start("podkidnoy", ["7♠ 7♥ 9♦", "9♠ 10♣ J♣"], trump="K♥", stock="6♦ 6♣")
    taken = play(s, "L7S take")
    assert describe_action(Action.parse("pass"), taken) == (
        "passes, adding no more cards to the take")
    assert "бито" not in narrate(taken, "pass")
    beaten = play(s, "L7S C7S9S")
    assert describe_action(Action.parse("pass"), beaten) == "passes («бито»)"


def test_an_ordinary_throw_in_cites_r5() -> None:
    s = start("podkidnoy", ["7♠ 7♥ 9♦", "9♠ 10♣ J♣"], trump="K♥", stock="6♦ 6♣")
    s = play(s, "L7S C7S9S")
    reason = why(s, "T9D")  # 9♦ matches the covering 9♠
    assert reason.rule == "R5" and "2 of at most 3 led cards (R6)" in reason.text


def test_take_in_prostoy_partial_cites_r3_and_with_must_cover_d24() -> None:
    s = start("prostoy-partial", ["7♠ 7♥ J♦", "9♠ 10♣ J♣"], trump="K♦", stock="6♦ 6♣")
    s = play(s, "L7S7H C7S9S")
    reason = why(s, "take")
    assert reason.rule == "R3" and "only the uncovered cards" in reason.text
    s = start("prostoy-partial", ["7♠ 7♥ J♦", "9♠ 10♣ J♣"], trump="K♦", stock="6♦ 6♣",
              must_cover=True)
    s = play(s, "L7S7H C7S9S")
    assert parts(why(s, "take"))[0] == "D24"


def test_a_pass_of_the_lead_cites_1g_and_a_full_round_with_stock_d36() -> None:
    s = start("prostoy-pairs", ["7♠ 8♥", "9♠ 10♣"], trump="K♦", stock="6♦ 6♣ 7♣ 8♣")
    first = why(s, "pass")
    assert parts(first) == ["Rozaliev 1.г", "R19"]
    s = play(s, "pass")
    assert "D36" in parts(why(s, "pass"))


def test_a_full_round_of_passes_with_the_stock_empty_is_a_draw_r19() -> None:
    s = play(start("prostoy-pairs", ["7♠ 8♥", "9♠ 10♣"], trump="D"), "pass")
    reason = why(s, "pass")
    assert "R19" in parts(reason) and "D36" not in parts(reason)
    assert reason.text.endswith("with the stock empty: the deal is a draw (R19)")
    assert play(s, "pass").is_over


def test_the_trump_exchange_cites_r19_d42_and_d22() -> None:
    s = start("s-par", ["6♥ 7♠ 8♦ 9♣ 10♣", "6♠ 7♥ 8♠ 9♦ J♣"], trump="K♥",
              stock="6♦ 6♣ 7♣ 8♣ 10♦")
    reason = why(s, "E6H")
    assert parts(reason) == ["R19", "D42", "D22"] and "K♥" in reason.text


# ---- the chain games ----------------------------------------------------------------------------


def test_a_navalenny_beat_cites_r17_and_the_lead_on() -> None:
    s = start("navalenny", ["7♠ 8♦ 9♣", "9♠ 10♥ J♣", "6♠ 6♣ 7♦"], trump="K♥", stock="6♦ 6♥")
    s = play(s, "L7S")
    reason = why(s, "B9S")
    assert reason.rule == "R17" and "a higher card of the same suit beats" in reason.text
    assert "leads a card of his own" in reason.text
    s = play(s, "B9S")
    lead_on = why(s, "LTH")
    assert lead_on.rule == "R17" and "having covered" in lead_on.text


def test_a_navalenny_take_cites_r17_and_d10() -> None:
    s = start("navalenny-top", ["7♥ 8♦ 9♣", "9♠ 10♣ J♣", "6♠ 6♣ 7♦"], trump="K♥", stock="6♦")
    s = play(s, "L7H")
    reason = why(s, "take")
    assert parts(reason) == ["R17", "D10"] and "9.б" in reason.text
    assert "the unbeaten card is a trump" in reason.text


# faithful дорожный, 4 players, hearts trumps, dealer 3 holds the turned-up K♥
# piles (top last): seat 0: A♣ 6♠   seat 1: 7♦   seat 2: 9♠ 8♣   seat 3: 10♣
def road() -> GameState:
    rules = find_preset("dorozhny")
    deal = Deal.from_hands(["A♣ 6♠", "7♦", "9♠ 8♣", "10♣"], trump="K♥", leader=0, dealer=3)
    return initial_state(rules, deal)


def test_a_dorozhny_flip_cites_r18() -> None:
    s = road()
    reason = why(s, "F")
    assert parts(reason) == ["R18", "D14"] and "it is 6♠, led onto the empty centre" in reason.text


def test_a_failed_dorozhny_flip_cites_d15() -> None:
    s = play(road(), "F")
    reason = why(s, "F")  # 7♦ does not beat 6♠
    assert parts(reason) == ["R18", "D15"] and "takes both cards" in reason.text


def test_a_dorozhny_flip_that_beats_says_so() -> None:
    s = play(road(), "F F L6S F L8C")  # two failed turns (D15); seat 2 leads the 8♣
    reason = why(s, "F")  # 10♣ beats 8♣
    assert reason.rule.startswith("R18") and "which beats 8♣" in reason.text


# ---- the blind game: a wrong pick is narrated as its punishment --------------------------------


BLIND = (["7♠ 8♦ 9♣", "6♥ 9♠ J♣"], "K♥", "6♦ 6♣ 7♦ 8♣ 10♦ 10♣")


def test_a_blind_wrong_cover_is_narrated_as_the_punishment_carried_out() -> None:
    s = play(start("blind", *BLIND), "P0")  # seat 0's position 0: 7♠
    assert s.picked_card(Action.parse("P2C7S")) is not None  # type: ignore[attr-defined]
    reason = why(s, "P2C7S")  # seat 1's position 2 is J♣: it does not beat 7♠
    assert reason.rule == "R14"
    assert "J♣, which does not beat 7♠" in reason.text
    assert "punished" in reason.text and "seat 1 takes every card of the bout" in reason.text
    assert "seat 0 leads" in reason.text
    after = play(s, "P2C7S")
    assert after.phase == "lead" and after.leader == 0  # type: ignore[attr-defined]


def test_a_blind_right_cover_cites_r14_and_the_beating_rule() -> None:
    s = play(start("blind", *BLIND), "P0")
    reason = why(s, "P1C7S")  # position 1: 9♠
    assert parts(reason) == ["R14", "Rozaliev, after 3.б (4, inferred)"]
    assert "9♠, and it beats 7♠" in reason.text


def test_a_blind_lead_cites_d27() -> None:
    reason = why(start("blind", *BLIND), "P1")
    assert parts(reason) == ["R14", "D27"] and "8♦" in reason.text


# ---- the R1 option: a lead longer than the defender's hand ---------------------------------------


def test_the_r1_option_lead_and_give_back_cite_r1() -> None:
    hands = ["6♠ 6♣ 9♦ 9♥ K♠", "7♠ A♣"]
    s = start("prostoy", hands, trump="H", oversize_leads=True)
    lead = why(s, "L6S6C9D9HKS")
    assert parts(lead) == ["Rozaliev 1.а", "R2", "R1"] and "give back" in lead.text
    s = play(s, "L6S6C9D9HKS")
    reason = why(s, "R9D")
    assert reason.rule == "R1" and "2 cards against 5 uncovered" in reason.text
    assert narrate(s, Action.parse("R9D")).startswith("Seat 1 gives back 9♦: ")


# ---- chain games: a last card, and a centre emptied by a take ----------------------------------


def test_a_navalenny_cover_with_the_last_card_says_he_is_out() -> None:
    # наваленный, 3 players, hearts trumps, no stock: seat 1's only card covers the 6♠
    d = Deal.from_hands(["6♠ 9♦", "7♠", "8♦ 10♣"], trump="H", leader=0)
    s = play(initial_state("navalenny", d), "L6S")
    reason = why(s, "B7S")
    assert "he is out, and his left neighbour leads" in reason.text
    assert "now he leads a card of his own" not in reason.text
    after = s.apply(Action.parse("B7S"))
    assert after.out == (1,) and after.to_move == 2 and after.phase == "lead"


def test_a_dorozhny_take_of_the_only_card_says_the_next_player_leads() -> None:
    # open дорожный, 3 players, hearts trumps: seat 1 cannot beat the 6♠, the only card
    d = Deal.from_hands(["6♠ 9♣ J♠", "7♦ 8♦ 6♣", "9♦ 10♦ 8♣"], trump="H", leader=0)
    s = play(initial_state("dorozhny-open", d), "L6S")
    reason = why(s, "take")
    assert "the centre is empty and the next player leads" in reason.text
    assert "beats the same top card" not in reason.text
    after = s.apply(Action.parse("take"))
    assert after.centre == [] and after.to_move == 2 and after.phase == "lead"
