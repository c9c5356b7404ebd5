"""Every preset cites its own sources: a "Rules at a glance" row says where this game's value
comes from (the source section, or the reading that chose it), not where подкидной's does."""

from __future__ import annotations

import re
from dataclasses import fields

import pytest

from durak_lessons import (
    OUR_READINGS,
    Family,
    InvalidRulesError,
    Rules,
    all_presets,
    preset_info,
)
from durak_lessons.catalogue import _AT_A_GLANCE, glance
from durak_lessons.presets_bout import DICTIONARY
from durak_lessons.rules import Preset

PRESETS = sorted(p.id for p in all_presets())
#: the games of the dictionary article «Дураки с пар» (с пар, its variants, английские)
DICTIONARY_GAMES = sorted(p.id for p in all_presets() if p.source.startswith(DICTIONARY))
#: what glance always shows, besides the options that differ from Rules() defaults
ALWAYS = ("hand_size", "deck_size", "min_players", "max_players")
FIELDS = [f.name for f in fields(Rules)]


def shown_options(preset: Preset) -> set[str]:
    """The options a preset sets: the hand, pack and seats, and every option it changes."""
    defaults = Rules()
    changed = {
        name
        for name in FIELDS
        if name not in ("name", "family", "version")
        and getattr(preset.rules, name) != getattr(defaults, name)
    }
    return set(ALWAYS) | changed


def test_there_are_24_presets_and_the_dictionary_has_six() -> None:
    assert len(PRESETS) == 24
    expected = ["s-par", "s-par-all-cards", "s-par-three", "s-par-regional", "english"]
    assert sorted([*expected, "s-par-own-trumps"]) == DICTIONARY_GAMES


@pytest.mark.parametrize("preset_id", PRESETS)
def test_every_row_at_a_glance_has_a_citation(preset_id: str) -> None:
    preset = preset_info(preset_id)
    rows = glance(preset_id)
    assert [r[0] for r in rows[:3]] == ["hand_size", "deck_size", "players"]
    shown = {r[0] for r in rows[3:]}
    expected = shown_options(preset) | {o for o, _ in preset.cites} | _AT_A_GLANCE
    if preset.rules.family == Family.CHAIN:  # chain_take says what a failing player takes
        expected -= {"on_fail"}
    assert shown == expected - set(ALWAYS)
    meaning = {name: doc for name, _, doc in Rules.describe()}
    for option, value, doc, citation in rows:
        assert value and doc and citation.strip(), (option, value, doc, citation)
        if option != "players":
            assert doc == meaning[option]
            assert citation == preset.citation(option)
    assert rows[2][1] == ", ".join(map(str, preset.seat_counts))


def test_glance_finds_a_preset_by_any_of_its_names() -> None:
    assert glance("дураки с пар") == glance("s-par")
    with pytest.raises(KeyError):
        glance("no such game")


@pytest.mark.parametrize("preset_id", PRESETS)
def test_a_preset_cites_every_option_it_sets_and_nothing_else(preset_id: str) -> None:
    """No value shown at a glance falls back on a generic citation, and every option cited
    is shown (a game's defining rule may be a default: s-par-regional's on_fail=all)."""
    preset = preset_info(preset_id)
    cited = [option for option, _ in preset.cites]
    assert len(cited) == len(set(cited))
    assert set(cited) <= set(FIELDS)
    assert shown_options(preset) <= set(cited)
    shown = {row[0] for row in glance(preset_id)} - {"players"} | {"min_players", "max_players"}
    assert shown - _AT_A_GLANCE == set(cited) - _AT_A_GLANCE


@pytest.mark.parametrize("preset_id", PRESETS)
def test_citations_name_real_readings(preset_id: str) -> None:
    """An R-number is one of the rules brief's readings R1-R20, a D-number one of ours."""
    for option, citation in preset_info(preset_id).cites:
        for number in re.findall(r"\bR(\d+)\b", citation):
            assert 1 <= int(number) <= 20, (option, citation)
        for reading in re.findall(r"\bD\d+\b", citation):
            assert reading in OUR_READINGS, (option, citation)


@pytest.mark.parametrize("preset_id", DICTIONARY_GAMES)
def test_the_dictionary_games_do_not_cite_rozaliev(preset_id: str) -> None:
    """Rozaliev never describes дураки с пар: a citation of one of its games names him only
    where our reading took the rule from him, and then says so."""
    preset = preset_info(preset_id)
    for option in FIELDS:
        citation = preset.citation(option)
        if "Rozaliev" in citation:
            assert "taken from Rozaliev" in citation, (option, citation)
    for _, _, _, citation in glance(preset_id):
        assert citation.startswith(("dictionary, Дураки с пар", "D", "R")), citation
    own_trumps = preset_info("s-par-own-trumps").citation("beating")
    assert "R16 (taken from Rozaliev 8)" in own_trumps


def test_simple_durak_cites_section_1_for_its_five_cards() -> None:
    prostoy = preset_info("prostoy")
    assert prostoy.citation("hand_size") == "Rozaliev 1.а"
    assert prostoy.citation("max_players") == "Rozaliev 1.а"
    assert {r[0]: r[3] for r in glance("prostoy")}["players"] == "Rozaliev 1.а"


@pytest.mark.parametrize("preset_id", PRESETS)
def test_only_a_hand_of_six_cites_podkidnoy(preset_id: str) -> None:
    """Rozaliev 2 deals six cards: no other hand size cites it (the reviewer's finding)."""
    preset = preset_info(preset_id)
    if preset.rules.hand_size != 6:
        assert not re.search(r"Rozaliev 2\b", preset.citation("hand_size"))


def test_an_option_a_preset_does_not_cite_is_cited_as_its_source() -> None:
    assert preset_info("prostoy-partial").citation("transfers") == "Rozaliev 1.б"
    assert preset_info("podkidnoy").reference == "Rozaliev 2"
    assert preset_info("s-par").reference == "dictionary, Дураки с пар"
    assert preset_info("english").citation("refill") == (
        "dictionary, Дураки с пар, variants: английские дураки"
    )


@pytest.mark.parametrize("option", ["players", "hand", "handsize", ""])
def test_citing_an_unknown_option_is_refused(option: str) -> None:
    with pytest.raises(InvalidRulesError, match="no rules option"):
        preset_info("podkidnoy").citation(option)


def test_the_refusal_suggests_the_option_meant() -> None:
    with pytest.raises(InvalidRulesError, match="'hand_size'"):
        preset_info("podkidnoy").citation("hand_sise")


def test_a_preset_citing_no_option_of_rules_is_refused() -> None:
    podkidnoy = preset_info("podkidnoy")
    with pytest.raises(InvalidRulesError, match="hand_sise"):
        Preset(
            id="x",
            rules=podkidnoy.rules,
            russian="x",
            english="x",
            transliterations=(),
            source="x",
            section="1",
            seat_counts=(2,),
            cites=(("hand_sise", "Rozaliev 2"),),
        )


@pytest.mark.parametrize("preset_id", ["svoi-kozyri-8a", "svoi-kozyri-8b"])
@pytest.mark.parametrize("option", ["lead_shape", "throw_ins", "attack_limit", "transfers", "teams"])
def test_own_trumps_cite_the_reconstructed_base_game_not_8b(preset_id: str, option: str) -> None:
    """Rozaliev 8.б is one sentence about what a failing player takes: the rest of the game is
    our reconstruction as подкидной (D37), and its rows say so."""
    assert preset_info(preset_id).citation(option) == "D37"


@pytest.mark.parametrize("preset_id", ["blind", "blind-perevodnoy"])
def test_the_blind_lead_shape_row_says_a_blind_lead_is_one_card(preset_id: str) -> None:
    assert "D27" in {r[0]: r[3] for r in glance(preset_id)}["lead_shape"]


@pytest.mark.parametrize(("preset_id", "section"), [("pyatki", "1.в"), ("prostoy-pairs", "1.г")])
def test_what_a_failing_defender_takes_in_1v_and_1g_comes_from_1a(
    preset_id: str, section: str
) -> None:
    """1.в and 1.г say nothing of failing: "as 1.а" (R3), not their own section."""
    assert preset_info(preset_id).citation("on_fail") == f"Rozaliev {section} (as 1.а); R3"


@pytest.mark.parametrize("preset_id", ["navalenny", "navalenny-top", "dorozhny", "dorozhny-open"])
def test_a_chain_game_at_a_glance_says_what_a_failing_player_takes_once(preset_id: str) -> None:
    """In the chain games ``chain_take`` says what a failing player takes (R17, R18); the bout
    games' ``on_fail`` ("all") was shown too, and plays no part there."""
    options = [row[0] for row in glance(preset_id)]
    assert "chain_take" in options and "on_fail" not in options
