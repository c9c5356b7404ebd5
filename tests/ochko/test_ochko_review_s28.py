"""Review s28 of Очко: regressions for the findings fixed in the engine and the odds."""

from __future__ import annotations

import importlib
from fractions import Fraction

import pytest

from durak_lessons.cards import parse_cards
from durak_lessons.ochko import (
    Banker16,
    OchkoGame,
    Phase,
    Status,
    banker_odds,
    clear_cache,
    counts_of,
    hand_odds,
)
from durak_lessons.ochko.odds import _checked_hands


def test_a_bust_on_the_cards_he_sees_loses_at_once_even_with_a_dark_card() -> None:
    # 7♣ under; punter 10♠, banker 6♦ ... : the punter buys dark (8♥), then 10♥ and 9♣ face
    # up: he sees 10 + 10 + 9 = 29, over 21 (Rozaliev 11.а; O1): lost at once, not kept for
    # a double bust he could win with the dark card
    game = OchkoGame([100, 100, 100], seed=1)
    game.deal("7C 10S 6D 9D 8H 10H 9C 6H 7D 8D")
    for action in ["stake 10", "buy dark", "buy"]:
        game.push(action)
    assert game.state.status[1] is Status.BUYING  # sees 20: still in
    game.push("buy")
    state = game.state
    assert state.status[1] is Status.LOST and state.results[1] == -10
    assert state.phase is Phase.STAKE and state.to_move == 2
    # his dark card stays face down, for everybody, until the round is over (O2)
    for seat in range(3):
        assert game.view(seat).hands[1] == (parse_cards("10S")[0], None,
                                            *parse_cards("10H 9C"))
    # the dark card alone is no bust he knows of: 10 + dark 8♥ + 10♥ is kept for the showdown
    game = OchkoGame([100, 100], seed=1)
    game.deal("7C 10S 9D AH 10H")
    for action in ["stake 10", "buy dark", "buy"]:
        game.push(action)
    assert game.state.status[1] is Status.BUYING


def test_the_odds_of_buying_face_up_after_a_dark_card_count_a_seen_bust_as_lost() -> None:
    # 10♥ 9♥ seen, one dark card; any face-up 6..A seen busts at once: buying is worth -1
    # on those cards, whatever the dark card and the banker do
    pool = parse_cards("AS 6C 10D 9D 10S 7S")
    o = hand_odds(counts_of(pool), parse_cards("10H 9H"), 1)
    assert o.ev_draw == -1
    assert o.ev_stand > -1  # standing keeps the double bust of a dark punter


def test_odds_use_that_a_dark_punter_who_bought_face_up_is_not_over_21() -> None:
    # seat 1: dealt ?, dark, then 10♥ and 9♣ face up, and stands: his dealt card plus
    # 10 + 9 is not over 21 (else he had lost at once), so it is a jack (2)
    game = OchkoGame([100, 100, 100], seed=1)
    game.deal("7C JS 6D 9D 8H 10H 9C 6H")
    for action in ["stake 10", "buy dark", "buy", "buy", "stand"]:
        game.push(action)
    view = game.view(2)
    assert view.hands[1] == (None, None, *parse_cards("10H 9C"))
    jack = 1 << 5  # rank index of J in 6 7 8 9 10 J Q K A
    assert _checked_hands(view) == [jack]


def test_odds_use_every_face_up_check_not_only_the_last() -> None:
    # seat 1 bought J Q J Q and then a K face up and stood on 20: had his dealt card been a
    # court card, the fourth buy made five courts and he was paid at once (Rozaliev 11.а);
    # the old check of his last hand alone (six cards, 14 seen) let J, Q and K through
    game = OchkoGame([100, 100, 100], seed=1)
    game.deal("7C 6S 9D 8H JH QH JC QC KC")
    for action in ["stake 10", "buy", "buy", "buy", "buy", "buy", "stand"]:
        game.push(action)
    view = game.view(2)
    assert view.hands[1][1:] == tuple(parse_cards("JH QH JC QC KC"))
    (mask,) = _checked_hands(view)
    assert {i for i in range(9) if mask >> i & 1} == {0}  # a six: a seven made 21


def test_banker_odds_condition_a_dark_punters_dealt_card_too() -> None:
    # seat 1 stood on ?, 10♥, dark: his 10♥ was checked, so his dealt card is no ace
    # (21 would have been paid at once): the banker's odds count only the other ranks
    game = OchkoGame([100, 100], seed=1)
    game.deal("7C 9S 6D 10H 8H")
    for action in ["stake 10", "buy", "buy dark", "stand"]:
        game.push(action)
    assert game.state.phase is Phase.BANKER
    view = game.view(0)
    assert view.hands[1] == (None, parse_cards("10H")[0], None)
    ev_stand, _ev_draw = banker_odds(view)
    # by hand: the banker stands on 6; he wins only if the punter's total is 22 or more
    # (dark: a bust against a standing banker loses); dealt card d (not an ace) + 10 + dark
    unseen = [c for c in parse_cards(" ".join(f"{r}{s}" for r in "6789TJQKA" for s in "SCDH"))
              if c not in parse_cards("7C 6D 10H")]
    from durak_lessons.ochko import POINTS
    wins = total = 0
    for d in unseen:
        if POINTS[d] == 11:
            continue
        for x in unseen:
            if x == d:
                continue
            total += 1
            p = POINTS[d] + 10 + POINTS[x]
            special = p == 21 or (d.rank == x.rank == 14 and False)
            if special:
                wins -= 1  # O6: a dark 21 beats a banker who stands
            elif p > 21:
                wins += 1
            else:
                wins += 1 if p <= 6 else -1
    assert ev_stand == Fraction(10 * wins, total)


def test_a_sure_bust_over_dark_cards_is_scored_as_the_full_enumeration_scores_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The odds of a hand over 21 for good with dark cards still to turn skip going through
    them (a reader who bought eight in the dark waited a minute and more for the Odds
    button; ``benchmarks/ochko.py`` times it): the same fractions as going through them."""
    odds_module = importlib.import_module("durak_lessons.ochko.odds")  # not the function

    for seed, darks in ((3, 2), (4, 3), (5, 2), (6, 3)):
        game = OchkoGame([100, 100], seed=seed)
        game.deal()
        game.push("stake 1")
        for _ in range(darks):
            game.push("buy dark")
        game.push("buy")  # face up: totals over 21 with the dark cards come up below
        if game.state.status[1] is not Status.BUYING:
            continue
        results = []
        for threshold in (odds_module._SURE_BUST_LEFT, 99):
            monkeypatch.setattr(odds_module, "_SURE_BUST_LEFT", threshold)
            clear_cache()
            o = game.odds(1)
            o16 = game.odds(1, banker_16=Banker16.DRAW)
            results.append((o.ev_stand, o.ev_draw, o16.ev_stand, o16.ev_draw))
        assert results[0] == results[1]
