"""The checks of the rules value, from session 41's mutmut run over durak_lessons/rules.py:
``Rules.__post_init__`` (the ranges and the options that need one another),
``Rules._check_types`` (every option of its default's type) and ``Rules.replace``.  A value
at the edge of an option's range is taken, one just outside it refused with its exact
message, and the preset it was made from is left as it was.  (The chain options' checks are
pinned in tests/chain/test_chain_presets_mutation_s39.py; the ranges of the int options in
tests/engine/test_rules_mutation_s40.py and test_kinds_presets_options.py.)"""

from __future__ import annotations

import pytest

from durak_lessons import (
    InvalidRulesError,
    Preset,
    Rules,
    UnknownPresetError,
    find_preset,
    preset_info,
    preset_names,
)
from durak_lessons import rules as rules_module
from durak_lessons.rules import register_preset

# ---- options that need one another (Rules.__post_init__) ------------------------------------


@pytest.mark.parametrize(
    ("preset", "changes", "problem"),
    [
        ("podkidnoy", {"otkaz": True}, "otkaz needs transfers (R13 is a kind of transfer)"),
        ("podkidnoy-teams", {"min_players": 5}, "teams need an even number of players (R9)"),
        ("podkidnoy", {"teams": True, "min_players": 3},
         "teams need an even number of players (R9)"),
        ("diamonds", {"fixed_trump": "S"}, "fixed_trump 'S' with closed spades: spades are"
         " beaten only by spades, so they cannot be trumps (R15)"),
        ("svoi-kozyri-8b", {"fixed_trump": "H"},
         "fixed_trump 'H' with own trumps: each player names his own trump suit (R16)"),
        # the English game's exchange of the lowest trump for the turned-up one (R19) needs
        # a card turned up: neither a fixed trump nor each player's own trump has one
        ("english", {"fixed_trump": "H"}, "trump_exchange needs a turned-up trump card (R19)"),
        ("s-par", {"beating": "own-trumps"}, "trump_exchange needs a turned-up trump card (R19)"),
        ("blind", {"lead_shape": "single"}, "the blind game plays as подкидной or переводной (R14)"),
        # the blind game starts without the naming of trumps, so own trumps (R16) would
        # begin with no trump named
        ("svoi-kozyri-8b", {"blind": True},
         "the blind game names no trumps: own trumps (R16) cannot be played blind (R14)"),
        # the pack split by colour or suit (R16 read literally, D44)
        ("podkidnoy", {"split_pack": True}, "split_pack needs beating=own-trumps: the pack is"
         " split so that each names a trump suit of his own cards (R16)"),
        ("svoi-kozyri-8b", {"split_pack": True, "hand_size": 6}, "split_pack needs the whole"
         " pack dealt: hand_size 6 for 2 players leaves part of the 36 cards (R16)"),
        # two problems at once are both named, in the order of the options
        ("podkidnoy", {"otkaz": True, "pogony_sixes": 3},
         "pogony_sixes 3 (expected 0, 1 or 2); otkaz needs transfers (R13 is a kind of transfer)"),
    ],
)
def test_options_that_need_one_another_are_refused_saying_what_they_need(
    preset: str, changes: dict[str, object], problem: str
) -> None:
    rules = find_preset(preset)
    with pytest.raises(InvalidRulesError) as err:
        rules.replace(**changes)
    assert str(err.value) == f"invalid rules: {problem}"
    assert find_preset(preset) == rules and rules.to_string() == preset  # left as it was


@pytest.mark.parametrize("draw", [0, 2, 3, 4, 5])
def test_a_repetition_draw_of_0_or_2_to_5_is_taken_in_a_bout_game(draw: int) -> None:
    """D19, D39: a position reached this many times draws the deal; 0 turns it off, and 1
    would draw every deal at its first position."""
    assert find_preset("podkidnoy").replace(repetition_draw=draw).repetition_draw == draw


@pytest.mark.parametrize("draw", [-1, 1, 6])
def test_a_repetition_draw_outside_0_or_2_to_5_is_refused_saying_the_range(draw: int) -> None:
    with pytest.raises(InvalidRulesError) as err:
        find_preset("podkidnoy").replace(repetition_draw=draw)
    assert str(err.value) == f"invalid rules: repetition_draw {draw} (expected 0 or 2..5)"


@pytest.mark.parametrize("packets", ["5", "2+3", "1+4", "1+1+1+1+1"])
def test_packets_adding_up_to_the_hand_are_taken(packets: str) -> None:
    """R19: the cards are dealt in packets (с пар deals 3 then 2) adding up to the hand."""
    assert find_preset("s-par").replace(deal_packets=packets).deal_packets == packets


@pytest.mark.parametrize(
    "packets",
    [
        "3+3",  # well written, but six cards to a hand of five
        "0+5",  # adds up to five, with a packet of no cards
        "3+2+",  # a packet missing
    ],
)
def test_packets_not_adding_up_to_the_hand_or_badly_written_are_refused(packets: str) -> None:
    s_par = find_preset("s-par")
    with pytest.raises(InvalidRulesError) as err:
        s_par.replace(deal_packets=packets)
    assert str(err.value) == (
        f"invalid rules: deal_packets {packets!r} (expected sizes like '3+2' adding up to"
        " hand_size 5)"
    )
    assert find_preset("s-par").deal_packets == "3+2"


# ---- every option of its default's type (Rules._check_types) ----------------------------------


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"fixed_trump": 1}, "option fixed_trump is 1 (int); expected a str"),
        ({"name": None}, "option name is None (NoneType); expected a str"),
        ({"hand_size": True}, "option hand_size is True (bool); expected an int"),
        ({"teams": 1}, "option teams is 1 (int); expected True or False"),
        # a choice written as its text is taken, and the options after it are still checked
        ({"on_fail": "uncovered", "transfers": "no"},
         "option transfers is 'no' (str); expected True or False"),
    ],
)
def test_an_option_of_the_wrong_type_is_refused_naming_its_type_and_the_type_expected(
    changes: dict[str, object], message: str
) -> None:
    with pytest.raises(InvalidRulesError) as err:
        find_preset("podkidnoy").replace(**changes)
    assert str(err.value) == f"invalid rules: {message}"


@pytest.mark.parametrize("name", ["a(b", "x=1", "a,b", " "])
def test_a_name_that_cannot_head_a_rules_string_is_refused_saying_why(name: str) -> None:
    with pytest.raises(InvalidRulesError) as err:
        find_preset("podkidnoy").replace(name=name)
    assert str(err.value) == (
        f"invalid rules: name {name!r} (expected a word, without ( ) , =, as it heads the"
        " rules string)"
    )


# ---- Rules.replace ------------------------------------------------------------------------------


def test_replacing_an_option_rules_have_not_is_refused_listing_the_options() -> None:
    with pytest.raises(InvalidRulesError) as err:
        find_preset("podkidnoy").replace(colour="red")
    head, _, listed = str(err.value).partition("; options are: ")
    assert head == "unknown rules option 'colour'"
    assert listed.split(", ") == sorted(option for option, _, _ in Rules.describe())


# ---- find_preset given a Rules value (_rules_value_hint) --------------------------------------

_USE_IT = " Use the value as it is: new_game, Game and initial_state take it."


@pytest.mark.parametrize(
    ("rules", "what"),
    [
        (find_preset("perevodnoy"), "already is the preset 'perevodnoy' (preset_info(rules.name)"
         " gives its names and source)"),
        (find_preset("podkidnoy").replace(pogony_sixes=1), "is the preset 'podkidnoy' with"
         " options changed (podkidnoy(pogony_sixes=1)); find_preset(rules.name) gives the"
         " preset itself"),
        (Rules(), "is a rule set of one's own ('custom'), no preset"),
    ],
)
def test_a_rules_value_given_for_a_name_is_told_what_it_is_in_full(rules: Rules, what: str) -> None:
    with pytest.raises(UnknownPresetError) as err:
        find_preset(rules)  # type: ignore[arg-type]
    assert str(err.value) == (
        f"find_preset finds a preset by its name, not by a Rules value: this one {what}.{_USE_IT}"
    )


# ---- registering a rule set (register_preset; CONTRIBUTING, "Adding a rule set") --------------


def _preset(preset_id: str, rules_name: str | None = None, **names: object) -> Preset:
    return Preset(
        id=preset_id,
        rules=find_preset("podkidnoy").replace(name=rules_name or preset_id),
        russian=str(names.pop("russian", "Кухонный дурак")),
        english=str(names.pop("english", "Kitchen Durak")),
        transliterations=(),
        source="ours",
        section="",
        seat_counts=(2, 3, 4, 5, 6),
        **names,  # type: ignore[arg-type]
    )


@pytest.fixture
def registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """The preset registry as it is, put back after the test (registering is for good)."""
    for table in ("_PRESETS", "_ALIASES", "_WORDS"):
        monkeypatch.setattr(rules_module, table, dict(getattr(rules_module, table)))


@pytest.mark.parametrize(
    ("preset", "message"),
    [
        (_preset("kitchen", "stove"), "preset 'kitchen' holds rules named 'stove'"),
        (preset_info("podkidnoy"), "preset 'podkidnoy' is already registered"),
        # a name of another game, also one typed with a Cyrillic о, is refused, not taken over
        (_preset("kitchen", aliases=("подкидной",)),
         "name 'подкидной' of 'kitchen' already names 'podkidnoy'"),
        (_preset("kitchen", english="P\u043edkidnoy"),
         "name 'P\u043edkidnoy' of 'kitchen' already names 'podkidnoy'"),
    ],
)
def test_a_preset_that_cannot_be_registered_is_refused_and_nothing_is_registered(
    registry: None, preset: Preset, message: str
) -> None:
    before = preset_names()
    with pytest.raises(InvalidRulesError) as err:
        register_preset(preset)
    assert str(err.value) == message
    assert preset_names() == before
    assert preset_info("podkidnoy").english == "Throw-in Durak"


def test_a_name_whose_words_two_presets_share_finds_neither(registry: None) -> None:
    """The words of a name in any order find the game ("дурак подкидной"); where two games
    share those words neither is guessed, and each is still found by its own name."""
    register_preset(_preset("kitchen", english="Kitchen Table"))
    assert preset_info("Table Kitchen Durak").id == "kitchen"
    register_preset(_preset("kitchen-2", russian="Кухонный дурак 2", english="Table Kitchen"))
    assert preset_info("Kitchen Table").id == "kitchen"
    assert preset_info("Table Kitchen").id == "kitchen-2"
    with pytest.raises(UnknownPresetError):
        preset_info("kitchen table durak")


# ---- a preset's citations (Preset.__post_init__, Preset.citation) ------------------------------


@pytest.mark.parametrize(
    ("cites", "message"),
    [
        ((("colour", "R1"),), "preset 'kitchen' cites 'colour', which is no option of Rules"),
        ((("colour", "R1"), ("size", "R2")),
         "preset 'kitchen' cites 'colour', 'size', which are no options of Rules"),
        ((("hand_size", "R1"), ("hand_size", "R2")), "preset 'kitchen' cites hand_size twice"),
        ((("hand_size", "R1"), ("deck_size", "R2"), ("hand_size", "R1"), ("deck_size", "R2")),
         "preset 'kitchen' cites deck_size, hand_size twice"),
        ((("hand_size", " "),), "preset 'kitchen' gives hand_size no citation"),
        ((("hand_size", ""), ("deck_size", "R2"), ("attack_limit", "")),
         "preset 'kitchen' gives attack_limit, hand_size no citation"),
    ],
)
def test_a_preset_citing_an_option_wrongly_is_refused_naming_the_options(
    cites: tuple[tuple[str, str], ...], message: str
) -> None:
    with pytest.raises(InvalidRulesError) as err:
        _preset("kitchen", cites=cites)
    assert str(err.value) == message


@pytest.mark.parametrize("option", ["zzz", 5])
def test_citing_an_option_nothing_like_an_option_lists_the_options_without_a_guess(
    option: object,
) -> None:
    with pytest.raises(InvalidRulesError) as err:
        preset_info("prostoy").citation(option)  # type: ignore[arg-type]
    head, _, listed = str(err.value).partition(" Options are: ")
    assert head == f"no rules option {option!r} to cite for preset 'prostoy'."
    assert listed.split(", ") == [o for o, _, _ in Rules.describe()]


# ---- rules in a notebook (Rules._repr_html_) ---------------------------------------------------


def test_a_notebook_shows_an_empty_option_as_two_quotes_in_the_books_table() -> None:
    """An option whose value is the empty string (no fixed trump, one card at a time) shows
    as '' rather than as an empty cell; the table is the book's ``dl-glance`` table with its
    head, one row per option."""
    page = find_preset("podkidnoy")._repr_html_()
    assert "<td><code>fixed_trump</code></td><td><b>&#x27;&#x27;</b></td>" in page
    assert "<td><code>deal_packets</code></td><td><b>&#x27;&#x27;</b></td>" in page
    head = (
        '<p><code>podkidnoy</code></p><table class="dl-glance"><thead><tr><th>option</th>'
        "<th>value</th><th>meaning</th><th>source</th></tr></thead><tbody><tr>"
    )
    assert page.startswith(head) and page.endswith("</tr></tbody></table>")
    rows = len(Rules.describe()) - 1  # every option but the name, which heads the page
    assert page.count("</tr><tr>") == rows - 1


# ---- a variant's citations from its base game's (recited) --------------------------------------


@pytest.mark.parametrize("option", ["personal_piles", "chain_final_top"])
def test_an_option_a_variant_leaves_out_of_its_base_games_citations_cites_its_own_source(
    option: str,
) -> None:
    """The open дорожный has no personal piles (D13) and so no last stage (D17): it does not
    keep the faithful game's citations of those options, but cites its own source."""
    assert preset_info("dorozhny").citation(option).startswith("Rozaliev 10; R18; D1")
    assert preset_info("dorozhny-open").citation(option) == "Rozaliev 10"
    assert option not in dict(preset_info("dorozhny-open").cites)


# ---- the rules string (Rules.parse) ------------------------------------------------------------


def test_a_value_holding_an_equals_sign_is_refused_as_a_bad_value_of_its_option() -> None:
    with pytest.raises(InvalidRulesError) as err:
        Rules.parse("podkidnoy(pogony_sixes=1=2)")
    assert str(err.value) == "bad value '1=2' for option pogony_sixes: expected int"


def test_an_option_without_a_value_in_a_rules_string_of_ones_own_name_is_named() -> None:
    """A rule set of one's own names every option; one written without its value is
    refused as that bad option, not taken for a preset's name mistyped."""
    text = find_preset("podkidnoy").replace(name="kitchen").to_string()
    text = text.replace("min_players=2,", "min_players,")
    with pytest.raises(InvalidRulesError) as err:
        Rules.parse(text)
    assert str(err.value).startswith(f"bad option 'min_players' in {text!r}: expected one of ")


# ---- names that are no preset's (names_ochko, _rules_string_hint) ------------------------------

_OCHKO = (
    ": Очко (ochko, Twenty-One) is the banking game, not a game of the Durak family; it has"
    " rules and a game of its own: durak_lessons.ochko (OchkoRules, OchkoGame)"
)


@pytest.mark.parametrize("name", ["ochko 11.а", "11.а очко", "one twenty", "11.а 21"])
def test_the_words_of_ochkos_names_in_any_order_are_told_it_is_a_game_of_its_own(
    name: str,
) -> None:
    with pytest.raises(UnknownPresetError) as err:
        find_preset(name)
    assert err.value.args[0] == f"no preset called {name!r}{_OCHKO}"


@pytest.mark.parametrize(
    ("name", "hint"),
    [
        ("durak 21", " Did you mean 'podkidnoy' (Throw-in Durak)?"),  # 21 with another word
        ("one", ""),  # a word of Twenty-One alone
        ("kitchen(pogony_sixes=1)", ""),  # a rules string of no preset's
    ],
)
def test_a_name_only_sharing_a_word_with_ochko_or_no_presets_rules_string_is_no_preset(
    name: str, hint: str
) -> None:
    with pytest.raises(UnknownPresetError) as err:
        find_preset(name)
    assert err.value.args[0].startswith(f"no preset called {name!r}.{hint} Known presets: ")


def test_a_rules_string_given_for_a_name_is_told_what_reads_it_in_full() -> None:
    text = "podkidnoy(first_bout_limit=5)"
    with pytest.raises(UnknownPresetError) as err:
        find_preset(text)
    assert err.value.args[0] == (
        f"no preset called {text!r}: it is a rules string, the preset 'podkidnoy' with the"
        " options 'first_bout_limit=5', and find_preset finds presets by name only. Read it"
        f" with Rules.parse({text!r}), or pass it as it is to new_game, Game or initial_state."
    )
