"""Cards and notation; the rules value, its text form and the preset registry."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from durak_lessons import (
    CARDS,
    Card,
    CardSet,
    Deal,
    InvalidCardError,
    InvalidRulesError,
    LeadShape,
    Rank,
    Rules,
    UnknownPresetError,
    deck,
    find_preset,
    initial_state,
    parse_cards,
    preset_info,
)
from durak_lessons.rules import OUR_READINGS


@pytest.mark.parametrize(
    ("text", "expected"),
    [("7♠", "7♠"), ("7S", "7♠"), ("10H", "10♥"), ("TH", "10♥"), ("th", "10♥"), ("Qd", "Q♦"),
     ("В♠", "J♠"), ("Д♥", "Q♥"), ("КD", "K♦"), ("Т♣", "A♣"), ("A clubs", "A♣"), ("6 ♡", "6♥")],
)
def test_card_notation_in(text: str, expected: str) -> None:
    assert str(Card.parse(text)) == expected


@given(st.sampled_from(CARDS))
def test_card_notation_round_trips(card: Card) -> None:
    assert Card.parse(str(card)) is card
    assert Card.parse(card.code) is card
    assert Card.parse(card.label(russian=True)) is card
    assert eval(repr(card)) is card  # the repr pastes back as code


@pytest.mark.parametrize("bad", ["", "1", "11S", "7X", "ZS", "7", "♠"])
def test_bad_cards_say_what_was_expected(bad: str) -> None:
    with pytest.raises(InvalidCardError, match="expected"):
        Card.parse(bad)


def test_a_rank_is_read_as_a_card_reads_it() -> None:
    """Rank.parse took "1" for the ace, which Card.parse ("1S") never did: now neither."""
    with pytest.raises(InvalidCardError, match="expected 2-10"):
        Rank.parse("1")
    assert [Rank.parse(t) for t in ("A", "Т", "T", "10")] == [Rank.ACE, Rank.ACE, Rank.TEN, Rank.TEN]


def test_packs_and_card_sets() -> None:
    assert [len(deck(n)) for n in (24, 36, 52)] == [24, 36, 52]
    with pytest.raises(InvalidCardError, match="24, 32, 36 or 52"):
        deck(40)
    hand = CardSet.parse("6♠ 10♥ A♦")
    assert len(hand) == 3 and Card.parse("TH") in hand and Card.parse("7S") not in hand
    assert parse_cards("7S10HTD") == parse_cards("7♠ 10♥ 10♦")
    assert Card.parse("7S").words == "seven of spades"


@pytest.mark.parametrize(
    ("name", "preset"),
    [("подкидной", "podkidnoy"), ("Дурак подкидной", "podkidnoy"), ("podkidnoi", "podkidnoy"),
     ("Throw-in Durak", "podkidnoy"), ("переводной", "perevodnoy"), ("Transfer Durak", "perevodnoy"),
     ("perevodnoj", "perevodnoy"), ("отказ", "perevodnoy-otkaz"), ("двое на двое", "podkidnoy-teams"),
     ("PODKIDNOY_TEAMS", "podkidnoy-teams")],
)
def test_presets_by_russian_transliterated_or_english_name(name: str, preset: str) -> None:
    assert find_preset(name).name == preset


def test_unknown_preset_lists_the_known_ones() -> None:
    with pytest.raises(UnknownPresetError, match=r"Known presets: .*podkidnoy") as raised:
        find_preset("bridge")
    assert "Did you mean" not in str(raised.value)  # nothing near it


@pytest.mark.parametrize(
    ("name", "suggested"),
    [("transfer", "'perevodnoy' (Transfer Durak)"), ("dorozhnyi", "'dorozhny' (Road Durak)"),
     ("throw in", "'podkidnoy' (Throw-in Durak)"), ("diamond", "'diamonds'")],
)
def test_a_partial_or_misspelt_preset_name_gets_suggestions(name: str, suggested: str) -> None:
    with pytest.raises(UnknownPresetError, match="Did you mean") as raised:
        find_preset(name)
    assert suggested in str(raised.value)


@pytest.mark.parametrize("name", ["Очко", "ochko", "Twenty-One"])
def test_ochko_by_name_points_to_its_own_module(name: str) -> None:
    with pytest.raises(UnknownPresetError, match=r"banking game.*durak_lessons\.ochko"):
        find_preset(name)


def test_rules_text_round_trip_and_errors() -> None:
    rules = find_preset("perevodnoy").replace(first_bout_limit=5, pogony_sixes=1, under_fool=True)
    assert Rules.parse(rules.to_string()) == rules
    assert find_preset("podkidnoy").to_string() == "podkidnoy"
    with pytest.raises(InvalidRulesError, match="unknown rules option 'colour'"):
        find_preset("podkidnoy").replace(colour="red")
    with pytest.raises(InvalidRulesError, match="bad value 'maybe' for option transfers"):
        Rules.parse("podkidnoy(transfers=maybe)")
    with pytest.raises(InvalidRulesError, match="otkaz needs transfers"):
        find_preset("podkidnoy").replace(otkaz=True)
    with pytest.raises(AttributeError):
        rules.transfers = False  # type: ignore[misc]


def test_every_option_cites_its_source() -> None:
    for name, cite, doc in Rules.describe():
        assert cite and doc, name
        assert any(mark in cite for mark in ("R", "Rozaliev", "—", "architecture", "D")), name


def test_every_preset_names_its_source_and_our_readings_are_listed() -> None:
    info = preset_info("perevodnoy-otkaz")
    assert info.section == "3.б" and "Rozaliev" in info.source
    assert {"D1", "D2", "D3", "D4", "D5", "D6"} <= set(OUR_READINGS)


def test_a_written_out_deal_for_the_wrong_number_of_players_is_refused() -> None:
    # as deal() does: a two-player "team" game or a two-player own-trumps game с пар (a
    # four-player preset) cannot be set up from hands written out either
    d = Deal.from_hands(["6S 7S", "8S AH"], trump="H", leader=0)
    with pytest.raises(InvalidRulesError, match="played by 4 or 6 players, not 2"):
        initial_state("podkidnoy-teams", d)
    with pytest.raises(InvalidRulesError, match="s-par-own-trumps is played by 4 players"):
        initial_state("s-par-own-trumps", d)
    odd = Deal.from_hands(["6S", "7S", "8S", "9S", "TS"], trump="H", leader=0)
    with pytest.raises(InvalidRulesError, match="even number of players, not 5"):
        initial_state("podkidnoy-teams", odd)
    assert initial_state("podkidnoy", d).legal_actions()


_SHAPES = [
    s for s in LeadShape if s not in (LeadShape.SAME_RANK, LeadShape.SINGLE, LeadShape.ANY_COUNT)
]


@given(
    cards=st.sets(st.sampled_from(deck(36)), max_size=11),
    shape=st.sampled_from(_SHAPES),
    limit=st.integers(1, 7),
)
def test_the_shaped_leads_are_every_subset_the_shape_allows_in_a_fixed_order(
    cards: set[Card], shape: LeadShape, limit: int
) -> None:
    """Дурак простой, пятки, с пар and английские дураки lead sets of pairs and odd cards:
    the move generator lists every subset of the hand within the limit that the shape
    allows, each once, in one fixed order (which orders the legal actions, so that a seed
    replays the same game): rank by rank from the lowest, leaving the rank out first, then
    taking the subsets of its cards from the largest bitmask down."""
    from itertools import combinations

    from durak_lessons.bout import _shape_ok, _shaped_leads
    from durak_lessons.cards import RANK_MASK

    hand = sum(1 << c for c in cards)
    leads = list(_shaped_leads(hand, shape, limit, 0))
    expected = {
        m
        for k in range(1, limit + 1)
        for combo in combinations(sorted(cards), k)
        if _shape_ok(shape, m := sum(1 << c for c in combo), 0, limit)
    }
    assert len(leads) == len(set(leads)) and set(leads) == expected

    groups = [hand & RANK_MASK[r] for r in range(2, 15) if hand & RANK_MASK[r]]

    def order(m: int) -> list[tuple[int, ...]]:
        return [(1, -(m & g)) if m & g else (0,) for g in groups]

    assert leads == sorted(leads, key=order)


def test_rules_show_in_a_notebook_as_a_table_of_every_option_with_its_source() -> None:
    """A notebook shows ``dl.find_preset(...)`` as a table (it showed a one-line dataclass
    repr of 37 fields): each option with its value, meaning and source, the options changed
    from the preset marked and cited by their general reading."""
    import re

    from durak_lessons import Rules, find_preset

    rules = find_preset("podkidnoy").replace(pogony_sixes=0, transfers=True)
    page = rules._repr_html_()
    rows = re.findall(r"<tr><td><code>(\w+)</code></td><td><b>(.*?)</b>(.*?)</td>"
                      r"<td>(.*?)</td><td>(.*?)</td></tr>", page)
    assert [r[0] for r in rows] == [o for o, _, _ in Rules.describe() if o != "name"]
    shown = {option: (value, mark, source) for option, value, mark, _, source in rows}
    assert shown["pogony_sixes"] == ("0", " <i>(changed)</i>", "R8")  # its general reading
    assert shown["transfers"][1] == " <i>(changed)</i>"
    assert shown["hand_size"] == ("6", "", "Rozaliev 2")
    assert "podkidnoy(" in page and "transfers=1" in page
    assert sum(mark != "" for _, mark, _ in shown.values()) == 2


@pytest.mark.parametrize(
    ("preset", "trump", "rule"),
    [("diamonds", "S", "(R15)"), ("svoi-kozyri-8b", "H", "(R16)")],
)
def test_a_fixed_trump_the_game_cannot_have_is_refused(preset: str, trump: str, rule: str) -> None:
    """Spades as the fixed trump of the diamonds game (spades are beaten only by spades), or a
    fixed trump where each player names his own, were accepted and played as something else."""
    from durak_lessons import InvalidRulesError, find_preset

    rules = find_preset(preset)
    with pytest.raises(InvalidRulesError, match=re.escape(rule)):
        rules.replace(fixed_trump=trump)
    assert rules.fixed_trump != trump  # the value itself is untouched
