"""The rules string, from session 40's mutmut run over durak_lessons/rules.py's functions:
written and read back, and refused with a message saying why.  (The seat counts of подкидной
and переводной, which the mutants of their tables found unpinned, are tested with the other
presets' in tests/variants/test_presets_mutation_s40.py.)"""

from __future__ import annotations

import pytest

from durak_lessons import InvalidRulesError, Rules, find_preset, preset_names
from durak_lessons.errors import UnknownPresetError

# ---- the rules string (Rules.parse, Rules.to_string), from session 40's mutmut run ----------


def test_a_rules_string_of_ones_own_name_names_every_option_once_and_not_the_name() -> None:
    """A rule set of one's own is written with every option, after its name, which is not
    written again as an option: ``kitchen(family=bout,min_players=2,...)``; it reads back."""
    rules = find_preset("podkidnoy").replace(name="kitchen", pogony_sixes=0)
    text = rules.to_string()
    assert text.startswith("kitchen(family=bout,min_players=2,") and "name=" not in text
    keys = [item.partition("=")[0] for item in text[len("kitchen(") : -1].split(",")]
    assert len(keys) == len(set(keys)) == len(Rules.describe()) - 1
    assert Rules.parse(text) == rules


def test_custom_rules_may_be_written_with_only_the_options_that_differ() -> None:
    """"custom" is the name of a rule set made from the defaults (``Rules()``): its string
    may give only what differs, where a name of one's own must give every option (a
    preset's name mistyped is not taken for a new rule set)."""
    assert Rules.parse("custom(pogony_sixes=0)") == Rules(pogony_sixes=0)
    assert Rules.parse("custom") == Rules()
    with pytest.raises(UnknownPresetError):
        Rules.parse("kitchen(pogony_sixes=0)")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (5, "rules are read from a preset name or a rules string, not from 5"),
        (
            "podkidnoy(pogony_sixes=1",
            "cannot read rules from 'podkidnoy(pogony_sixes=1': expected name(option=value,...)",
        ),
        # пятки's own names hold brackets ("Пятки (дурак простой 1.в)"), this one is no name
        ("pyatki(", "cannot read rules from 'pyatki(': expected name(option=value,...)"),
        (
            "podkidnoy(pogony_sixes=1,pogony_sixes=0)",
            "option pogony_sixes given twice in 'podkidnoy(pogony_sixes=1,pogony_sixes=0)'",
        ),
    ],
)
def test_a_rules_string_that_cannot_be_read_is_refused_saying_why(
    text: object, message: str
) -> None:
    with pytest.raises(InvalidRulesError) as err:
        Rules.parse(text)  # type: ignore[arg-type]
    assert str(err.value) == message
    assert Rules.parse("Пятки (дурак простой 1.в)") == find_preset("pyatki")


def test_a_bad_option_in_a_rules_string_is_refused_listing_the_options_but_the_name() -> None:
    with pytest.raises(InvalidRulesError) as err:
        Rules.parse("podkidnoy(pogony=1)")
    head, _, listed = str(err.value).partition(": expected one of ")
    assert head == "bad option 'pogony=1' in 'podkidnoy(pogony=1)'"
    assert listed.split(", ") == [o for o, _, _ in Rules.describe() if o != "name"]


@pytest.mark.parametrize(
    ("word", "value"),
    [("1", True), ("true", True), ("YES", True), ("On", True), ("tRuE", True),
     ("0", False), ("false", False), ("No", False), ("OFF", False), ("FALSE", False)],
)
def test_a_flag_in_a_rules_string_reads_as_people_write_yes_and_no(word: str, value: bool) -> None:
    """A flag is written 1 or 0 by ``to_string``; a person may write true/yes/on or
    false/no/off, in any case.  The flag is set to that, whatever the preset's own value."""
    rules = Rules.parse(f"perevodnoy(transfers={word},teams={word},min_players=4)")
    assert rules.transfers is value and rules.teams is value


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("podkidnoy(transfers=maybe)", "bad value 'maybe' for option transfers: expected 0 or 1"),
        ("podkidnoy(attack_limit=x)", "bad value 'x' for option attack_limit: expected int"),
        (
            "podkidnoy(on_fail=most)",
            "bad value 'most' for option on_fail: expected all / uncovered / failed-card"
            " / led-so-far",
        ),
    ],
)
def test_a_bad_value_in_a_rules_string_is_refused_saying_what_the_option_takes(
    text: str, message: str
) -> None:
    with pytest.raises(InvalidRulesError) as err:
        Rules.parse(text)
    assert str(err.value) == message


def test_citing_an_option_rules_have_not_is_refused_listing_the_options() -> None:
    with pytest.raises(InvalidRulesError) as err:
        find_preset("prostoy").cite("players", "R1")
    head, _, listed = str(err.value).partition("; options are: ")
    assert head == "no rules option 'players' to cite"
    assert listed.split(", ") == [o for o, _, _ in Rules.describe()]


# ---- naming a preset (find_preset, preset_info, _key) -----------------------------------------


@pytest.mark.parametrize(
    "name", ["пики пиками с открытым козырём", "ПИКИ ПИКАМИ С ОТКРЫТЫМ КОЗЫРЁМ"]
)
def test_a_name_written_with_yo_finds_the_game_written_with_ye(name: str) -> None:
    """Russians write «козырём» or «козырем» alike (ё is often printed as е): either finds
    the game, in small letters or capitals."""
    assert find_preset(name).name == "diamonds-turned"


def test_a_preset_named_by_no_string_is_refused_saying_what_it_was_given() -> None:
    with pytest.raises(UnknownPresetError) as err:
        find_preset(5)  # type: ignore[arg-type]
    assert err.value.args[0] == (
        "a preset is named by a string (its id, Russian, transliterated or English name),"
        " not by int 5"
    )


@pytest.mark.parametrize("name", ["ochko", "ochkoo"])
def test_ochko_or_a_slip_of_its_name_is_told_it_is_a_game_of_its_own(name: str) -> None:
    with pytest.raises(UnknownPresetError) as err:
        find_preset(name)
    assert err.value.args[0] == (
        f"no preset called {name!r}: Очко (ochko, Twenty-One) is the banking game, not a"
        " game of the Durak family; it has rules and a game of its own:"
        " durak_lessons.ochko (OchkoRules, OchkoGame)"
    )


def test_a_name_only_a_little_like_ochko_is_not_taken_for_it() -> None:
    """«ночка» shares four letters with ochko (a likeness of 0.73, under the 0.75 asked):
    it is no name of any game, and is told so, not sent to Очко."""
    with pytest.raises(UnknownPresetError) as err:
        find_preset("nochka")
    assert err.value.args[0] == (
        f"no preset called 'nochka'. Known presets: {', '.join(sorted(preset_names()))}"
        " (durak_lessons.catalogue() lists them with their names)."
    )


def test_a_name_near_two_presets_offers_both() -> None:
    with pytest.raises(UnknownPresetError) as err:
        find_preset("dorozhny-ope")
    assert err.value.args[0].startswith(
        "no preset called 'dorozhny-ope'. Did you mean 'dorozhny-open' (Road Durak, open"
        " hands) or 'dorozhny' (Road Durak)? Known presets: "
    )


# ---- the ranges a rules value is checked against (Rules.__post_init__) ------------------------


@pytest.mark.parametrize(
    "options",
    [
        {"min_players": 8, "max_players": 8},
        {"deck_size": 24},
        {"deck_size": 32},
        {"hand_size": 1},
        {"hand_size": 52},
        {"attack_limit": 52},
        {"attack_limit": 6, "first_bout_limit": 6},
        {"lead_shape": "any", "lead_size": 1},
        {"fixed_trump": "C"},
        {"fixed_trump": "H"},
    ],
)
def test_an_option_at_the_edge_of_its_range_is_taken(options: dict[str, object]) -> None:
    rules = Rules().replace(**options)
    assert all(getattr(rules, k) == v for k, v in options.items())


@pytest.mark.parametrize(
    ("options", "problem"),
    [
        ({"min_players": 9, "max_players": 9}, "min_players 9 (expected 2..8)"),
        ({"deck_size": 25}, "deck_size 25 (expected 24, 32, 36 or 52)"),
        ({"deck_size": 33}, "deck_size 33 (expected 24, 32, 36 or 52)"),
        ({"hand_size": 53}, "hand_size 53 (expected 1..52)"),
        ({"pogony_sixes": 3}, "pogony_sixes 3 (expected 0, 1 or 2)"),
        ({"fixed_trump": "X"}, "fixed_trump 'X' (expected '', S, C, D or H)"),
        ({"fixed_trump": "h"}, "fixed_trump 'h' (expected '', S, C, D or H)"),
        (
            {"lead_size": 1},
            "lead_size 1 needs lead_shape=any (it fixes the size of a lead of any cards, R19)",
        ),
    ],
)
def test_an_option_out_of_its_range_is_refused_saying_what_it_takes(
    options: dict[str, object], problem: str
) -> None:
    with pytest.raises(InvalidRulesError) as err:
        Rules().replace(**options)
    assert str(err.value) == f"invalid rules: {problem}"
