"""Three API gaps a reviewer found: an action of a kind the game has not at all is refused
first, saying which games have it; a preset is found by its names typed with look-alike
letters, and a rules string or a Rules value handed to find_preset is told where it belongs;
an option out of its meaningful range is refused by the rules value itself."""

from __future__ import annotations

import random

import pytest

import durak_lessons as dl
from durak_lessons import (
    GameState,
    IllegalActionError,
    InvalidRulesError,
    Kind,
    Reason,
    Rules,
    UnknownPresetError,
    apply,
    explain,
    find_preset,
    new_game,
)
from durak_lessons.bout import action_kinds
from durak_lessons.rules import preset_info


def refused(state: GameState, action: str, player: int | None = None) -> Reason:
    reason = explain(state, action, player)
    assert reason is not None, f"{action} should be refused"
    return reason


# ---- 1. kinds of action a game has not at all -----------------------------------------------


@pytest.mark.parametrize(
    ("action", "games"),
    [
        ("B8S", "belongs to the chain games (наваленный, дорожный"),
        ("NH", "belongs to свои козыри"),
        ("P0", "belongs to the blind game (R14)"),
        ("F", "belongs to дорожный"),
    ],
)
def test_podkidnoy_refuses_another_games_action_naming_that_game(action: str, games: str) -> None:
    s = new_game("podkidnoy", 2, seed=1)  # seat 0 to lead: not "the bout has not been led yet"
    reason = refused(s, action)
    assert reason.rule == "Rozaliev 2" == preset_info("podkidnoy").reference
    assert games in reason.text and "not this game" in reason.text
    assert refused(s, action, player=1) == reason  # the kind first, before whose turn it is
    with pytest.raises(IllegalActionError, match="not this game"):
        s.apply(action)


def test_a_beat_in_podkidnoy_says_what_the_defender_does_instead() -> None:
    text = refused(new_game("podkidnoy", 2, seed=1), "B8S").text
    assert text.endswith("here the defender covers a led card (C<attack><card>)")


def test_a_pick_cover_in_podkidnoy_is_a_blind_game_action_not_a_late_answer() -> None:
    s = apply(new_game("podkidnoy", 2, seed=1), "L8S8C")
    reason = refused(s, "P0C8S")
    assert "must first answer" not in reason.text
    assert "blind game (R14)" in reason.text and "covers 8♠ with one he names (C8S<card>)" in (
        reason.text
    )


def test_a_transfer_in_podkidnoy_is_refused_as_a_transfer_whatever_card_it_names() -> None:
    s = apply(new_game("podkidnoy", 2, seed=1), "L8S8C")
    assert not any(c.code == "8D" for c in s.hand(1))  # 8♦ is not his: still no transfers
    reason = refused(s, "X8D")
    assert reason == Reason("Rozaliev 2", "transfers belong to переводной (Rozaliev 3.а), not this game")


def test_prostoy_refuses_a_throw_in_as_no_action_of_its_own() -> None:
    reason = refused(new_game("prostoy", 2, seed=1), "T8S")
    assert reason.rule == "Rozaliev 1.а"
    assert reason.text.startswith("throw-ins belong to подкидной and переводной")


@pytest.mark.parametrize(
    ("action", "start"),
    [
        ("XAC", "transfers belong to переводной"),
        ("CACKH", "covering a led card on the table belongs to the bout games"),
        ("TAC", "throw-ins belong to подкидной and переводной"),
        ("P0", "picking a card by its place"),
        ("NH", "naming one's own trump belongs to свои козыри"),
        ("E6S", "the exchange of the trump six belongs to дураки с пар"),
        ("R6S", "giving back led cards"),
        ("pass", "passing"),
    ],
)
def test_a_chain_game_refuses_the_bout_games_actions(action: str, start: str) -> None:
    c = new_game("navalenny", 3, seed=1)
    reason = refused(c, action)
    assert reason.text.startswith(start), reason
    assert "not the chain games" in reason.text and "(B<card>)" in reason.text
    assert reason.rule == "R17"  # the reading of наваленный's actions, as its other refusals


def test_the_open_road_game_refuses_a_turn_of_a_pile_it_has_not() -> None:
    reason = refused(new_game("dorozhny-open", 3, seed=1), "F")
    assert reason.rule == "Rozaliev 10"
    assert reason.text.startswith("turning the top card of one's own pile belongs to дорожный")


def test_the_blind_game_names_the_game_of_a_beat_and_refuses_a_transfer_as_such() -> None:
    s = new_game("blind", 2, seed=1)
    assert "belongs to the chain games" in refused(s, "B8S").text
    assert "(P<n>C<attack>)" in refused(s, "B8S").text  # the blind game covers by a pick
    assert refused(s, "X8S").text == "transfers belong to переводной (Rozaliev 3.а), not this game"
    assert refused(s, "L8S").rule == "R14"  # a lead it has: made by a pick


def test_own_trumps_refuse_other_games_actions_while_naming_and_a_second_naming() -> None:
    s = new_game("svoi-kozyri-8b", 2, seed=1)
    assert s.phase == "name-trump"
    assert "belongs to the chain games" in refused(s, "B8S").text
    assert refused(s, "L8S").text.startswith("seat 0 must first name")  # a kind it has
    s = apply(apply(s, "NS"), "NH")
    reason = refused(s, "ND")
    assert reason.rule == "R16; D31" and "the naming is over" in reason.text


def test_diamonds_refuse_an_exchange_without_saying_the_pack_is_dealt() -> None:
    reason = refused(new_game("diamonds", 2, seed=1), "E6S")
    assert "diamonds are always trumps" in reason.text and "whole pack" not in reason.text


#: one action of each kind, in notation
SAMPLES = {
    Kind.LEAD: "L8S", Kind.THROW: "T8S", Kind.COVER: "C8S9S", Kind.TRANSFER: "X8S",
    Kind.TAKE: "take", Kind.PASS: "pass", Kind.EXCHANGE: "E6S", Kind.BEAT: "B8S",
    Kind.FLIP: "F", Kind.PICK: "P0", Kind.NAME: "NH", Kind.RETURN: "R8S",
}


@pytest.mark.parametrize("preset", dl.preset_names())
def test_a_kind_a_game_has_not_is_refused_alike_everywhere_in_a_deal(preset: str) -> None:
    """What the game offers is within its kinds (derived from its rules); every other kind
    is refused by the same reason at every position, whoever is to move and whatever he
    holds (a pass, refused by the leader's duty in the lead, excepted), and another game's
    mechanism is named as that game's."""
    rules = find_preset(preset)
    kinds = action_kinds(rules)
    absent = [k for k in Kind if k not in kinds and k != Kind.PASS]
    rng = random.Random(7)
    seen: dict[Kind, set[Reason]] = {k: set() for k in absent}
    offered: set[Kind] = set()
    for seed in range(2):
        s = new_game(preset, preset_info(preset).seat_counts[0], seed=seed)
        for _ in range(120):
            if s.is_over:
                break
            legal = s.legal_actions()
            offered |= {a.kind for a in legal}
            for k in absent:
                seen[k].add(refused(s, SAMPLES[k]))
            s = s.apply(rng.choice(legal))
    assert offered <= kinds
    for k in absent:
        assert len(seen[k]) == 1, (k, seen[k])
        (reason,) = seen[k]
        assert reason.rule not in ("turn order", "hand", "table", "D1"), (k, reason)
        if k in (Kind.BEAT, Kind.FLIP, Kind.NAME, Kind.PICK):  # another game's mechanism
            assert "belongs to" in reason.text, (k, reason)
            assert "not this game" in reason.text or "not the chain games" in reason.text


# ---- 2. finding presets ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "plain", "preset"),
    [
        ("1.а", "1.a", "prostoy"),  # a Cyrillic а, as in 1.б 1.в 1.г
        ("пoдкидной", "подкидной", "podkidnoy"),  # a Latin o in the Russian name
        ("pоdkidnoy", "podkidnoy", "podkidnoy"),  # a Cyrillic о in the transliteration
        ("ПOДKИДHOЙ", "ПОДКИДНОЙ", "podkidnoy"),  # capitals: Latin O K H
        ("Дураки c пар", "Дураки с пар", "s-par"),  # a Latin c
        ("английский дурак", "английские дураки", "english"),  # the singular
        ("дурак английский", "английские дураки", "english"),
    ],
)
def test_a_preset_is_found_whatever_look_alike_letters_it_is_typed_with(
    typed: str, plain: str, preset: str
) -> None:
    assert find_preset(typed) == find_preset(plain) == find_preset(preset)


def test_a_partial_name_gets_the_games_it_is_part_of() -> None:
    with pytest.raises(UnknownPresetError, match=r"Did you mean 's-par' \(Durak from Pairs\)"):
        find_preset("пар")  # ("с пар" is the base game's name, as "s par" is its id)
    with pytest.raises(UnknownPresetError, match=r"Did you mean 'blind'"):
        find_preset("слепой")  # an adjective alone: a suggestion, not a guess
    with pytest.raises(UnknownPresetError, match=r"banking game"):
        find_preset("очко 11.а")  # Очко still points to its own module


def test_a_rules_string_given_to_find_preset_is_sent_to_rules_parse() -> None:
    text = "podkidnoy(first_bout_limit=5)"
    with pytest.raises(UnknownPresetError, match=r"rules string.*Rules\.parse.*new_game") as raised:
        find_preset(text)
    assert "'podkidnoy'" in str(raised.value)
    assert Rules.parse(text).first_bout_limit == 5  # what it points to works
    assert new_game(text, 2, seed=1).rules.first_bout_limit == 5  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("rules", "says"),
    [
        (find_preset("perevodnoy"), "already is the preset 'perevodnoy'"),
        (find_preset("podkidnoy").replace(pogony_sixes=1), r"podkidnoy\(pogony_sixes=1\)"),
        (Rules(), "rule set of one's own"),
    ],
)
def test_a_rules_value_given_to_find_preset_is_told_to_be_used_as_it_is(
    rules: Rules, says: str
) -> None:
    with pytest.raises(UnknownPresetError, match=rf"not by a Rules value.*{says}.*new_game"):
        find_preset(rules)  # type: ignore[arg-type]


# ---- 3. option ranges --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("perevodnoy(first_bout_limit=-3)", r"first_bout_limit -3 \(expected 0 for no first-bout"
         r" limit, or 1\.\.attack_limit 6\)"),
        ("perevodnoy(first_bout_limit=7)", r"first_bout_limit 7 \(.*1\.\.attack_limit 6\)"),
        ("podkidnoy(lead_shape=any,lead_size=-1)", r"lead_size -1 \(expected 0 for any size"),
        ("podkidnoy(lead_shape=any,lead_size=7)", r"lead_size 7 \(.*1\.\.attack_limit 6\)"),
        ("podkidnoy(lead_size=3)", r"lead_size 3 needs lead_shape=any"),
        ("podkidnoy(attack_limit=-1)", r"attack_limit -1 \(expected 1\.\.52\)"),
        ("podkidnoy(attack_limit=53)", r"attack_limit 53 \(expected 1\.\.52\)"),
        ("podkidnoy(min_players=1)", r"min_players 1 \(expected 2\.\.8\)"),
        ("podkidnoy(max_players=9)", r"max_players 9 \(expected min_players 2\.\.8\)"),
        ("podkidnoy(version=0)", r"version 0 \(expected 1 or more\)"),
    ],
)
def test_an_option_out_of_its_range_is_refused_naming_option_value_and_range(
    text: str, message: str
) -> None:
    with pytest.raises(InvalidRulesError, match=message):
        Rules.parse(text)
    name, _, option = text[:-1].partition("(")
    changes = dict(item.split("=") for item in option.split(","))
    with pytest.raises(InvalidRulesError, match=message):  # the value itself refuses it
        find_preset(name).replace(**{k: v if k == "lead_shape" else int(v)
                                     for k, v in changes.items()})


def test_every_preset_still_builds_and_reads_back_within_the_ranges() -> None:
    assert Rules.parse("perevodnoy(first_bout_limit=5)").first_bout_limit == 5
    assert Rules.parse("podkidnoy(first_bout_limit=0)").first_bout_limit == 0
    with pytest.raises(InvalidRulesError, match="first_bout_limit -1"):
        find_preset("podkidnoy").replace(first_bout_limit=-1)
    for preset in dl.all_presets():
        assert Rules.parse(preset.rules.to_string()) == preset.rules
        assert preset.rules.replace() == preset.rules
