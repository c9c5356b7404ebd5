"""The compact positions (durak_lessons/compact.py) against the engine where session 40's
mutation run found steps that no other test pins: rules values the compact form takes that no
preset uses (no throw-ins after "take", a 52-card pack), written out hand by hand."""

from __future__ import annotations

from dataclasses import replace

import pytest

from durak_lessons import Deal, find_preset, initial_state
from durak_lessons.actions import Action
from durak_lessons.bout import BoutState
from durak_lessons.compact import Transitions, accepts, compact
from durak_lessons.rules import OnFail
from durak_lessons.solver import Solver, is_solvable, minimax

PODKIDNOY = find_preset("podkidnoy")


def _value(s: BoutState) -> int:
    outcome = s.outcome
    assert outcome is not None
    return 0 if outcome.fool is None else (1 if outcome.fool == 1 else -1)


def _agree(s: BoutState) -> None:
    """At ``s``, both forms offer the same actions and every one leads to the same place."""
    assert accepts(s), s
    t = Transitions(s)
    p = compact(s)
    assert t.legal(p) == s.legal_actions(), s
    for a in s.legal_actions():
        c, v = t.child(p, a)
        e = s.apply(a)
        assert isinstance(e, BoutState)
        if e.is_over:
            assert (c, v) == (None, _value(e)), (s, a)
        else:
            assert (c, v) == (compact(e), 0), (s, a)


def _walk(s: BoutState, line: str) -> BoutState:
    """Play ``line`` from ``s``, both forms compared before each action and at the end."""
    for text in line.split():
        _agree(s)
        nxt = s.apply(Action.parse(text))
        assert isinstance(nxt, BoutState)
        s = nxt
    if not s.is_over:
        _agree(s)
    return s


def test_without_throw_ins_after_take_the_bout_ends_at_the_take() -> None:
    """``throw_in_after_take=False`` (no preset of the compact family has it, but the form
    takes it): "take" ends the bout at once, though the attacker holds a card of the rank."""
    rules = replace(PODKIDNOY, throw_in_after_take=False)
    d = Deal.from_hands(["6S 6H 9C", "7D 8C 9S"], trump="D", leader=0, stock="TC")
    s = initial_state(rules, d)
    assert accepts(s)
    after = _walk(s, "L6S take")
    # the defender took the 6♠ alone, the attacker leads again with the 6♥ still in hand
    assert after.phase == "lead" and after.to_move == 0
    assert {str(c) for c in after.hand(1)} == {"6♠", "7♦", "8♣", "9♠"}
    assert "6♥" in {str(c) for c in after.hand(0)}


def test_a_two_of_the_52_card_pack_covering_is_on_the_table_of_the_compact_form() -> None:
    """The 2♠ is card 0 of the pack's numbering: as a trump cover it is on the table (and
    goes to the defender with the rest when he takes) in the compact form too."""
    rules = replace(PODKIDNOY, deck_size=52)
    d = Deal.from_hands(["5H 5C 8D", "2S 3D 9D"], trump="S", leader=0)
    s = _walk(initial_state(rules, d), "L5H C5H2S")
    assert compact(s)[9] == (1 << 0) | (1 << Action.parse("L5H").card)
    s = _walk(s, "T5C take")
    assert "2♠" in {str(c) for c in s.hand(1)}
    mid = _walk(initial_state(rules, d), "L5H C5H2S T5C")
    assert Solver().value(mid) == minimax(mid)


def test_a_game_without_refills_stays_on_the_engine_while_the_stock_holds_a_card() -> None:
    """``refill=False``: the compact form refills every hand after a bout, so it takes such a
    deal only once the stock is empty; a known stock (the turned-up trump alone here) is then
    no world the solver can search."""
    rules = replace(PODKIDNOY, refill=False)
    trump_only = initial_state(rules, Deal.from_hands(["6S 7S", "8S AH"], trump="KH"))
    assert trump_only.stock_count == 1 and not accepts(trump_only)
    assert not is_solvable(trump_only, known_stock=True)
    with pytest.raises(ValueError, match="a known stock is searched only on compact positions"):
        Solver().solve(trump_only, known_stock=True)
    assert accepts(initial_state(rules, Deal.from_hands(["6S 7S", "8S AH"], trump="H")))
    with_refills = initial_state("podkidnoy", Deal.from_hands(["6S 7S", "8S AH"], trump="KH"))
    assert accepts(with_refills) and is_solvable(with_refills, known_stock=True)


def test_no_transfer_once_a_card_is_covered_even_by_the_lowest_card_of_the_pack() -> None:
    """R12: the bout may be transferred only before the first cover.  With a 52-card pack the
    2♠ (card 0) can cover as a trump; after it, only "take" is left to a defender who cannot
    beat the 5♣, though he holds the 5♦ and the leader would have cards enough to defend."""
    rules = replace(find_preset("perevodnoy"), deck_size=52)
    hands = ["5H 5C 9D 8D JD QD", "2S 5D 3C"]
    s = initial_state(rules, Deal.from_hands(hands, trump="S", leader=0))
    s = _walk(s, "L5H5C C5H2S")
    assert [str(a) for a in Transitions(s).legal(compact(s))] == ["take"]


def test_a_partial_take_leaves_a_pair_covered_by_the_lowest_card_of_the_pack() -> None:
    """``on_fail`` "uncovered" (R3 option): the defender takes only the cards left uncovered;
    the 5♥ covered by the 2♠ (card 0 of a 52-card pack) goes to the discard with its cover."""
    rules = replace(PODKIDNOY, deck_size=52, on_fail=OnFail.UNCOVERED)
    s = initial_state(rules, Deal.from_hands(["5H 5C 9D", "2S 3C 4D"], trump="S", leader=0))
    s = _walk(s, "L5H5C C5H2S take")
    assert {str(c) for c in s.hand(1)} == {"3♣", "4♦", "5♣"}
    assert compact(s)[:2] == (s.hand_mask(0), s.hand_mask(1))
    # the same when the attacker could throw in after "take" (the 5♦) and passes instead
    s = initial_state(rules, Deal.from_hands(["5H 5C 5D", "2S 3C 4D"], trump="S", leader=0))
    s = _walk(s, "L5H5C C5H2S take pass")
    assert {str(c) for c in s.hand(1)} == {"3♣", "4♦", "5♣"}


def test_the_lowest_card_of_the_pack_may_be_thrown_in() -> None:
    """The 2♠, card 0 of a 52-card pack, thrown in on the 2♥ led and covered."""
    rules = replace(PODKIDNOY, deck_size=52)
    s = initial_state(rules, Deal.from_hands(["2H 2S 9D", "3H 4C 5C"], trump="D", leader=0))
    s = _walk(s, "L2H C2H3H")
    assert [str(a) for a in Transitions(s).legal(compact(s))] == ["T2S", "pass"]


def test_a_transfer_that_would_pass_the_bouts_card_limit_is_not_offered() -> None:
    """``attack_limit=2``: after 6♠ led and transferred with the 6♥ the table holds the limit,
    so seat 0 may not pass it on again with the 6♦ (R12) and can only take."""
    rules = replace(find_preset("perevodnoy"), attack_limit=2)
    s = initial_state(rules, Deal.from_hands(["6S 6D 9D 7C", "6H 8C 9C TC"], trump="S", leader=0))
    s = _walk(s, "L6S X6H")
    assert [str(a) for a in Transitions(s).legal(compact(s))] == ["take"]
