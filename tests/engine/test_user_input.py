"""What a Python user types by hand, and what he gets back: names found in any word order,
records that load again, options of the wrong type refused, seats checked, the notation typed
as people type it.  Every refusal is a DurakError that says what was wrong and what was
expected, and changes nothing."""

from __future__ import annotations

import dataclasses

import pytest

import durak_lessons as dl
from durak_lessons.actions import Action
from durak_lessons.cards import Card, Suit, parse_cards
from durak_lessons.narration import describe_action


@pytest.mark.parametrize(
    ("name", "preset"),
    [
        ("подкидной дурак", "podkidnoy"),
        ("Дурак подкидной", "podkidnoy"),
        ("дурак", "podkidnoy"),
        ("переводной дурак", "perevodnoy"),
        ("переводной дурак с отказом", "perevodnoy-otkaz"),
        ("простой дурак", "prostoy"),
        ("наваленный дурак", "navalenny"),
        ("Дорожный дурак", "dorozhny"),
        ("дурак вслепую", "blind"),
        ("Podkidnoy Durak", "podkidnoy"),
        ("с пар", "s-par"),  # «Дураки с пар» without the fools, as "s par" was found
        ("с пар в три карты", "s-par-three"),
    ],
)
def test_a_game_is_found_by_its_russian_name_in_either_word_order(name: str, preset: str) -> None:
    assert dl.preset_info(name).id == preset


def test_a_name_without_the_word_fool_still_gets_suggestions_not_a_guess() -> None:
    with pytest.raises(dl.UnknownPresetError, match=r"Did you mean 'perevodnoy'"):
        dl.find_preset("transfer")
    with pytest.raises(dl.UnknownPresetError, match=r"named by a string"):
        dl.find_preset(None)  # type: ignore[arg-type]


def test_a_game_taken_up_in_mid_game_writes_a_record_that_loads_again() -> None:
    g = dl.Game("podkidnoy", seed=1)
    for _ in range(3):
        g.push(g.legal_actions()[0])
    h = dl.Game.from_state(g.state)
    assert h.state is g.state and h.history == g.history
    h.push(h.legal_actions()[0])
    loaded = dl.Record.from_text(h.record().to_text())
    assert loaded.final_state() == h.state
    assert len(loaded.actions) == 4


@pytest.mark.parametrize("rules", ["dorozhny", "navalenny"])
def test_a_chain_game_taken_up_in_mid_game_writes_a_record_that_loads_again(rules: str) -> None:
    # the chain games keep a record of play too (they once did not, and such a game could
    # write no record)
    g = dl.Game(rules, seed=1)
    for _ in range(7):
        g.push(g.legal_actions()[-1])
    h = dl.Game.from_state(g.state)
    assert h.state is g.state and h.history == g.history
    assert [p.action for p in g.state.history()] == g.history
    h.push(h.legal_actions()[0])
    loaded = dl.Record.from_text(h.record().to_text())
    assert loaded.final_state() == h.state
    assert len(loaded.actions) == 8


def test_rules_of_ones_own_name_round_trip_through_text_and_records() -> None:
    mine = dl.find_preset("podkidnoy").replace(name="mine", pogony_sixes=0)
    assert dl.Rules.parse(mine.to_string()) == mine
    g = dl.Game(mine, seed=1)
    g.push(g.legal_actions()[0])
    assert dl.Record.from_text(g.record().to_text()).final_state() == g.state
    # a preset's name mistyped, with a few options, is not taken for a new rule set
    with pytest.raises(dl.UnknownPresetError, match=r"Did you mean 'podkidnoy'"):
        dl.Rules.parse("podkidnoi2(pogony_sixes=1)")
    with pytest.raises(dl.InvalidRulesError, match=r"name 'a\(b'"):
        dl.find_preset("podkidnoy").replace(name="a(b")


def test_an_option_of_the_wrong_type_is_refused_not_read_as_true() -> None:
    podkidnoy = dl.find_preset("podkidnoy")
    with pytest.raises(dl.InvalidRulesError, match=r"transfers is 'no' .*expected True or False"):
        podkidnoy.replace(transfers="no")
    with pytest.raises(dl.InvalidRulesError, match=r"hand_size is '6' .*expected an int"):
        podkidnoy.replace(hand_size="6")
    with pytest.raises(dl.InvalidRulesError, match=r"hand_size 0 \(expected 1..52\)"):
        podkidnoy.replace(hand_size=0)
    with pytest.raises(dl.InvalidRulesError, match=r"on_fail is 'xx'.*'all' / 'uncovered'"):
        podkidnoy.replace(on_fail="xx")
    # a choice written as its text is the choice
    assert podkidnoy.replace(on_fail="uncovered").on_fail is dl.OnFail.UNCOVERED


def test_a_rules_string_plays_wherever_a_preset_name_does() -> None:
    g = dl.Game("podkidnoy(pogony_sixes=1)", seed=3)
    assert g.rules.pogony_sixes == 1
    assert dl.Game("Пятки (дурак простой 1.в)").rules.name == "pyatki"
    outcome, record = dl.play("podkidnoy(pogony_sixes=1)", [dl.GreedyBot()] * 2, seed=3)
    assert record.rules.pogony_sixes == 1 and outcome.termination
    with pytest.raises(dl.InvalidRulesError, match=r"not None"):
        dl.Game(None)  # type: ignore[arg-type]
    with pytest.raises(dl.InvalidRulesError, match=r"whole number of players, not '2'"):
        dl.Game("podkidnoy", players="2")  # type: ignore[arg-type]


def _record_json() -> dict[str, object]:
    _, record = dl.play("podkidnoy", [dl.GreedyBot(), dl.RandomBot()], seed=1)
    data: dict[str, object] = record.to_json()
    return data


@pytest.mark.parametrize("trumps", [[9, 9], [-2, -2], [4, 4]])
def test_a_record_with_a_trump_suit_that_does_not_exist_does_not_load(trumps: list[object]) -> None:
    data = _record_json()
    deal = data["deal"]
    assert isinstance(deal, dict)
    deal["trumps"] = trumps
    with pytest.raises(dl.InvalidRecordError, match=r"suit number 0..3"):
        dl.Record.from_json(data)


def test_a_record_flag_written_as_text_does_not_load() -> None:
    data = _record_json()
    deal = data["deal"]
    assert isinstance(deal, dict)
    deal["trump_card_in_stock"] = "false"
    with pytest.raises(dl.InvalidRecordError, match=r"trump_card_in_stock: expected true or false"):
        dl.Record.from_json(data)


def test_a_card_the_pack_has_not_cannot_be_dealt() -> None:
    d = dl.Deal.from_hands(["2S 7S", "8H 9H"], trump="H")
    with pytest.raises(dl.InvalidRecordError, match=r"2♠ not in the pack of 36 cards"):
        dl.initial_state("podkidnoy", d)
    # the same hands are fine in a game of 52 cards
    assert dl.initial_state("s-par(deck_size=52,max_players=8)", d).legal_actions()


def test_a_trump_is_named_as_people_name_suits() -> None:
    hands = ["6S 7S", "8H 9H"]
    assert dl.Deal.from_hands(hands, trump="черви").trumps == (3, 3)
    assert dl.Deal.from_hands(hands, trump="♥️").trumps == (3, 3)
    assert dl.Deal.from_hands(hands, trump="KH").trump_card == Card.parse("KH")
    with pytest.raises(dl.InvalidRecordError, match=r"no trump given"):
        dl.Deal.from_hands(hands)


def test_the_losers_of_a_team_game_are_the_losing_team() -> None:
    outcome, _ = dl.play("teams", [dl.GreedyBot(), dl.RandomBot()] * 2, seed=0)
    assert outcome.termination == dl.Termination.TEAM
    assert outcome.losers == tuple(s for s in range(4) if s % 2 == outcome.losing_team)


def test_a_seat_that_does_not_exist_is_refused_by_name() -> None:
    g = dl.Game("podkidnoy", seed=7)
    before = g.state
    for seat in (-1, 2, "1"):
        with pytest.raises(dl.InvalidSeatError, match=r"does not exist at a table of 2"):
            g.state.hand(seat)  # type: ignore[arg-type]
        with pytest.raises(dl.InvalidSeatError, match=r"seats are numbered 0..1"):
            g.push(g.legal_actions()[0], player=seat)  # type: ignore[arg-type]
        with pytest.raises(dl.InvalidSeatError):
            dl.View(g.state, seat)  # type: ignore[arg-type]
    assert g.state is before and g.history == []
    with pytest.raises(IndexError):  # as a seat is an index, it is an IndexError too
        dl.Game("svoi-kozyri", seed=1).state.hand(4)


def test_play_refuses_a_deal_for_another_number_of_bots_and_a_bot_by_name() -> None:
    with pytest.raises(dl.InvalidRecordError, match=r"3 hands for 2 bots"):
        dl.play("podkidnoy", [dl.GreedyBot()] * 2, seed=1, deal_=dl.deal("podkidnoy", 3, seed=1))
    with pytest.raises(dl.InvalidActionError, match=r"one bot .* per seat"):
        dl.play("podkidnoy", "greedy", seed=1)  # type: ignore[arg-type]


def test_a_bot_may_answer_in_notation() -> None:
    class Texter:
        name = "texter"

        def choose(self, view: dl.View, rng: object) -> str:
            return str(view.legal_actions()[0])

    outcome, record = dl.play("podkidnoy", [Texter(), dl.GreedyBot()], seed=2)
    assert dl.Record.from_text(record.to_text()).final_state().outcome == outcome


@pytest.mark.parametrize(
    ("typed", "action"),
    [("c6s7s", "C6S7S"), ("x6d", "X6D"), ("l6s6h", "L6S6H"), ("t7s", "T7S"), ("e6h", "E6H"),
     ("b7s", "B7S"), ("r7s", "R7S"), ("p2", "P2"), ("p2c7s", "P2C7S"), ("nh", "NH"), ("f", "F")],
)
def test_the_notation_may_be_typed_in_lower_case(typed: str, action: str) -> None:
    assert Action.parse(typed) == Action.parse(action)


def test_suits_are_read_as_phones_and_russians_write_them() -> None:
    assert Card.parse("6♠️") == Card.parse("6S")  # the emoji form, with U+FE0F
    assert parse_cards("6♠️ 7♥︎") == parse_cards("6S 7H")
    assert Suit.parse("крести") == Suit.parse("трефы") == Suit.CLUBS
    with pytest.raises(dl.DurakError, match=r"not from 7"):  # InvalidCardError is a DurakError
        Card.parse(7)  # type: ignore[arg-type]
    with pytest.raises(dl.InvalidActionError, match=r"not from None"):
        Action.parse(None)  # type: ignore[arg-type]


def test_narration_reads_an_action_in_notation() -> None:
    s = dl.initial_state("podkidnoy", dl.Deal.from_hands(["6S 7S", "8S AH"], trump="H"))
    assert dl.narrate(s, "L6S") == dl.narrate(s, Action.parse("L6S"))
    assert dl.justify(s, "l6s") == dl.justify(s, Action.parse("L6S"))


def test_the_exchange_is_described_the_right_way_round() -> None:
    assert Action.parse("E6H").describe() == "exchanges 6♥ for the turned-up trump"


def test_every_option_of_every_preset_passes_its_own_type_check() -> None:
    for preset in dl.catalogue():
        if preset.family == "bank":
            continue
        rules = dl.find_preset(preset.id)
        assert dataclasses.replace(rules) == rules


def test_a_blind_pick_in_defence_without_a_card_to_cover_is_told_as_a_transfer() -> None:
    g = dl.Game("blind-perevodnoy", seed=3)
    g.push(g.legal_actions()[0])  # seat 0 leads; seat 1 defends and may lay a card beside it
    assert "P1" in [str(a) for a in g.legal_actions()]
    assert describe_action(Action.parse("P1"), g.state) == (
        "tries to transfer with the card in position 1"
    )
    assert describe_action(Action.parse("P1C8C"), g.state).startswith("covers 8♣")


def test_own_trumps_are_played_by_two_or_four_as_the_catalogue_says() -> None:
    for preset in ("svoi-kozyri-8a", "svoi-kozyri-8b"):
        assert dl.preset_info(preset).seat_counts == (2, 4)
        with pytest.raises(dl.InvalidRulesError, match=r"2 players .* or 4 .* not 3 \(R16\)"):
            dl.Game(preset, players=3, seed=1)
        for players in (2, 4):
            assert dl.Game(preset, players=players, seed=1).legal_actions()


def test_both_kinds_of_record_read_and_write_dicts_and_json_alike() -> None:
    from durak_lessons.ochko import OchkoGame, OchkoRecord

    _, record = dl.play("podkidnoy", [dl.GreedyBot(), dl.RandomBot()], seed=4)
    assert dl.Record.from_dict(record.to_dict()) == record
    assert dl.Record.from_json(record.dumps()) == record
    game = OchkoGame([50, 50], seed=1)
    game.deal()
    ochko = game.record()
    assert OchkoRecord.from_dict(ochko.to_dict()) == ochko
    assert OchkoRecord.from_json(ochko.to_dict()) == OchkoRecord.from_json(ochko.to_json())


def test_an_ochko_session_without_a_seed_is_the_same_every_time() -> None:
    from durak_lessons.ochko import OchkoGame

    first, second = OchkoGame([50, 50]), OchkoGame([50, 50])
    first.deal()
    second.deal()
    assert first.state == second.state


def test_own_trumps_naming_is_in_the_record_of_play_and_a_game_taken_up_keeps_it() -> None:
    # свои козыри, two players: the suits are named aloud after the deal (R16; D31)
    deal = dl.Deal.from_hands(["6♠ 6♣ 7♦ 9♥", "7♠ 8♠ 9♠ 10♦"], trump="S", stock="")
    deal = dataclasses.replace(deal, trumps=(-1, -1))
    g = dl.Game("svoi-kozyri-8b", deal=deal)
    for move in ("NS", "ND", "L6S6C"):
        g.push(move)
    played = [(p.seat, str(p.action)) for p in g.state.history()]
    assert played == [(0, "NS"), (1, "ND"), (0, "L6S6C")]
    for seat in (0, 1):  # every seat sees the naming in its view's record
        assert [str(p.action) for p in dl.View(g.state, seat).history()][:2] == ["NS", "ND"]
    h = dl.Game.from_state(g.state)
    assert h.deal.trumps == (-1, -1) and h.history == g.history
    assert h.record().to_text() == g.record().to_text()
    assert dl.Record.from_text(h.record().to_text()).final_state() == g.state


def test_an_outcome_speaks_to_a_reader_called_you() -> None:
    g = dl.Game("podkidnoy", deal=dl.Deal.from_hands(["6♠", "7♦ 8♦"], trump="H"))
    g.push("L6S")
    g.push("take")
    outcome = g.state.outcome
    assert outcome is not None and outcome.fool == 1
    assert outcome.describe(["Anna", "You"]) == "You are the fool (дурак, durak)."
    assert outcome.describe(["Anna", "Boris"]) == "Boris is the fool (дурак, durak)."


def test_a_game_taken_up_from_a_state_without_a_record_refuses_to_write_one() -> None:
    # every built-in game keeps a record of play now (the chain games since session 32); a
    # state of a family of one's own that keeps none still gets the clear refusal
    from durak_lessons.chain import ChainState

    class Unrecorded(ChainState):
        __slots__ = ()
        history = None  # type: ignore[assignment]

    g = dl.Game("dorozhny", seed=1)
    g.push(g.legal_actions()[0])
    state = g.state
    bare = Unrecorded.__new__(Unrecorded)
    for name in ChainState.__slots__:
        setattr(bare, name, getattr(state, name))
    h = dl.Game.from_state(bare)
    with pytest.raises(dl.InvalidRecordError, match=r"taken up in mid-game"):
        h.record()
