"""The exact odds of Очко (``durak_lessons/ochko/odds.py``) where mutation testing (session
37, mutmut over odds.py) showed no test pinned them down.  Every number is checked against a
count a reader can redo: by hand over a shoe of three or four cards (worked out in the
comments), or by dealing every order of a small shoe and playing the banker by the rule
(R20: at 15 or less he draws, at 17 or more he stands, on 16 as ``Banker16`` says; he stops
at once on 21, two aces or five courts).  Nothing here is copied from the code's output.
"""

from __future__ import annotations

import itertools
import sys
from collections import Counter
from fractions import Fraction

import pytest
from ochko_helpers import banker_odds_by_hand, banker_to_draw, brute_odds, brute_payoff

from durak_lessons.cards import Card, Rank, parse_cards
from durak_lessons.ochko import (
    PACK,
    Banker16,
    OchkoGame,
    Phase,
    banker_distribution,
    banker_odds,
    clear_cache,
    counts_of,
    hand_odds,
    odds,
    points,
    special,
    unseen_counts,
)

# ------------------------------------------------------------ brute force, from R20 directly


def banker_final(order: tuple[Card, ...], draw16: bool) -> str:
    """Where the banker ends, dealing himself ``order[0]`` and drawing the rest by the rule
    until he must stop or the cards run out: "instant", "bust" or his points."""
    hand = [order[0]]
    for card in order[1:]:
        total = points(hand)
        if special(hand) is not None or total >= 17 or (total == 16 and not draw16):
            break
        hand.append(card)
    if special(hand) is not None:
        return "instant"
    return "bust" if points(hand) > 21 else str(points(hand))


def banker_by_every_order(shoe: str, draw16: bool) -> dict[str, Fraction]:
    """The banker's final hand over every order of the shoe, each order equally likely."""
    cards = parse_cards(shoe)
    orders = list(itertools.permutations(cards))
    tally = Counter(banker_final(order, draw16) for order in orders)
    return {key: Fraction(n, len(orders)) for key, n in tally.items()}


def dist(shoe: str, banker_16: Banker16 = Banker16.STAND) -> dict[str, Fraction]:
    return banker_distribution(counts_of(parse_cards(shoe)), banker_16)


# ------------------------------------------------------- the banker's distribution by hand


def test_banker_distribution_of_two_tens_and_an_ace_by_hand() -> None:
    """10 10 A: a ten first (2 in 3) is followed by the other ten (20, he stands) or the ace
    (21) half the time each; the ace first (1 in 3) is always followed by a ten (21).  So
    21 comes 2/3 of the time (an instant win) and 20 the other 1/3."""
    assert dist("10S 10C AS") == {"instant": Fraction(2, 3), "20": Fraction(1, 3)}


def test_banker_distribution_on_16_stands_or_draws_as_told() -> None:
    """10 6 6: the orders 10-6-6, 6-10-6 (4 of the 6 orders) reach 16 in two cards; 6-6-10
    (2 orders) makes 12, draws the ten and busts.  A banker who stands on 16 ends on 16 two
    times in three; one who draws on 16 takes the last 6 and busts every time."""
    assert dist("10S 6S 6C", Banker16.STAND) == {"16": Fraction(2, 3), "bust": Fraction(1, 3)}
    assert dist("10S 6S 6C", Banker16.DRAW) == {"bust": Fraction(1)}


def test_banker_who_runs_out_of_cards_stands_on_what_he_has() -> None:
    """6 7: whichever comes first, he draws the other (13) and has nothing left to draw."""
    assert dist("6S 7S") == {"13": Fraction(1)}
    assert dist("6S") == {"6": Fraction(1)}


def test_banker_two_aces_are_an_instant_win_only_as_his_first_two_cards() -> None:
    """A A 9 (the aces told apart: 6 orders): A-A (2 orders) is two aces at once; A-9 and
    9-A make 20 and he stands (4 orders).  So 1/3 instant, 2/3 on 20."""
    assert dist("AS AC 9S") == {"instant": Fraction(1, 3), "20": Fraction(2, 3)}
    assert dist("AS AC") == {"instant": Fraction(1)}


def test_banker_five_courts_are_an_instant_win_on_the_fifth_court() -> None:
    """J J J J Q K: any five of them are five courts (11 to 15 points), an instant win before
    he could draw a sixth card; four courts (8 to 12 points) are not: he draws on."""
    assert dist("JS JC JD JH QS KS") == {"instant": Fraction(1)}
    # five cards, all courts, none twice: only the order differs
    assert dist("JS QS KS JC QC") == {"instant": Fraction(1)}


def test_banker_21_of_three_cards_is_an_instant_win() -> None:
    """10 7 K: 10-7 or 7-10 first (2 of 6 orders) is 17, and he stands; 10-K (14) or 7-K
    (11) first, in either order (4 orders), he draws the third card and makes 21."""
    assert dist("10S 7S KS") == {"instant": Fraction(2, 3), "17": Fraction(1, 3)}


SHOES = [
    "6S 7S 8S 9S 10S AS JS",
    "10S 10C 6S 6C AS KS QS",
    "JS QS KS AS 7S 8S 9S",
    "6S 6C 6D 10S 10C AS",
    "AS AC AD 6S 10S JS QS",
    "JS JC JD JH QS KS 6S",
    "9S 9C 7S 7C 6S 10S",
]


@pytest.mark.parametrize("shoe", SHOES)
@pytest.mark.parametrize("banker_16", list(Banker16))
def test_banker_distribution_matches_every_order_of_a_small_shoe(
    shoe: str, banker_16: Banker16
) -> None:
    """Up to 5,040 orders of a seven-card shoe, the banker played by the rule on each."""
    expected = banker_by_every_order(shoe, draw16=banker_16 is Banker16.DRAW)
    got = dist(shoe, banker_16)
    assert got == expected
    assert sum(got.values()) == 1


def test_banker_distribution_default_is_a_banker_who_stands_on_16() -> None:
    counts = counts_of(parse_cards("10S 6S 6C"))
    assert banker_distribution(counts) == banker_distribution(counts, Banker16.STAND)


def test_banker_distribution_refuses_an_empty_shoe_and_bad_counts() -> None:
    with pytest.raises(ValueError, match=r"^no unseen card is left for the banker's own dealt card$"):
        banker_distribution((0, 0, 0, 0, 0, 0, 0, 0, 0))
    with pytest.raises(ValueError, match="nine non-negative ints"):
        banker_distribution((1, 0, 0, 0, 0, 0, 0, 0, -1))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "counts",
    [
        (1, 1, 1, 1, 1, 1, 1, 1),  # eight ranks: one short
        (1, 1, 1, 1, 1, 1, 1, 1, -1),  # a negative count
        (1, 1, 1, 1, 1, 1, 1, 1, 1.5),  # not a whole number
    ],
)
def test_odds_refuse_counts_that_are_not_nine_counts_of_ranks(counts: tuple[int, ...]) -> None:
    with pytest.raises(ValueError, match=r"^counts are nine non-negative ints \(ranks 6\.\.A\)"):
        hand_odds(counts, "10S")  # type: ignore[arg-type]


def test_odds_refuse_a_hand_with_more_dark_cards_than_the_unseen_cards_allow() -> None:
    """Each dark card is an unseen card, and one more is the banker's own."""
    for dark in (1, 2):
        with pytest.raises(ValueError, match=r"^too few unseen cards: the dark ones and the"):
            hand_odds(counts_of(parse_cards("7S")), "10H", dark)
    # 10♥ and a dark card with two cards unseen: the other is the banker's, so he may not
    # buy, and the chance that buying busts him is 0 (not that of taking both: 25)
    o = hand_odds(counts_of(parse_cards("7S 8S")), "10H", 1)
    assert (o.ev_draw, o.ev_dark, o.bust) == (None, None, 0)


def test_odds_refuse_more_unseen_cards_than_they_can_weigh() -> None:
    """Counts are not limited to one pack's four of a rank here, but 40 cards are too many."""
    with pytest.raises(ValueError, match=r"^at most 39 unseen cards, not 40$"):
        banker_distribution((5, 5, 5, 5, 5, 5, 5, 5, 0))


# ----------------------------------------------------------------------- Odds.as_floats


def test_as_floats_gives_the_same_odds_as_floats_and_none_where_a_choice_is_closed() -> None:
    """10 in hand, one card unseen (a 7): it is the banker's own, so the punter may not buy;
    the banker, out of cards, stands on 7 and the punter's 10 wins: EV +1, no bust."""
    o = hand_odds(counts_of(parse_cards("7S")), "10H")
    assert (o.ev_stand, o.ev_draw, o.ev_dark, o.bust) == (1, None, None, 0)
    assert o.as_floats() == {"bust": 0.0, "ev_stand": 1.0, "ev_draw": None, "ev_dark": None}
    # 10 in hand, 7 J 6 unseen: buying and buying dark are open; the floats are the fractions
    o = hand_odds(counts_of(parse_cards("7S JS 6S")), "10H")
    assert o.ev_draw is not None and o.ev_dark is not None
    assert o.as_floats() == {
        "bust": float(o.bust), "ev_stand": float(o.ev_stand),
        "ev_draw": float(o.ev_draw), "ev_dark": float(o.ev_dark),
    }


# ------------------------------------------------- a punter's odds when the pack runs short


def test_a_lone_queen_beats_a_banker_whose_only_card_is_a_jack() -> None:
    """O12: a punter may stand on his dealt card alone.  Q (3 points) against the banker's
    one unseen card, a jack: the banker, out of cards, stands on 2, and 3 beats 2.  The
    other way round (J against the banker's Q) the banker's 3 wins."""
    assert hand_odds(counts_of(parse_cards("JS")), "QH").ev_stand == 1
    assert hand_odds(counts_of(parse_cards("QS")), "JH").ev_stand == -1


SHORT_HANDS = ["6H", "10H", "JH", "QH", "AH", "10H 6H", "KH 9H", "JH QH KH JC"]
SHORT_SHOES = [
    *parse_cards("6S 7S 8S 9S 10S JS QS KS AS"),
    *itertools.combinations(parse_cards("6S 10S JS KS AS"), 2),
    *itertools.combinations(parse_cards("7S 10S JS QS AS"), 3),
]


@pytest.mark.parametrize("hand", SHORT_HANDS)
def test_odds_where_the_banker_runs_out_of_cards_match_every_order(hand: str) -> None:
    """Every shoe of one, two or three cards (29 of them) against a punter's hand: the
    banker stands on what he has when the cards run out, a punter may buy only while a card
    is left for the banker.  Checked against dealing every order (ochko_helpers.brute_odds),
    for both habits on 16 and both double-bust rules."""
    known = parse_cards(hand)
    for shoe in SHORT_SHOES:
        pool = [shoe] if isinstance(shoe, Card) else list(shoe)
        for draw16, dbb in itertools.product((False, True), repeat=2):
            o = hand_odds(
                counts_of(pool), known, double_bust_to_banker=dbb,
                banker_16=Banker16.DRAW if draw16 else Banker16.STAND,
            )
            if len(pool) == 1:  # the banker's own card: no buying
                stand = Fraction(brute_payoff(known, pool, False, dbb))
                assert (o.ev_stand, o.ev_draw, o.ev_dark) == (stand, None, None)
            else:
                expected = brute_odds(pool, known, 0, draw16, dbb)
                assert (o.ev_stand, o.ev_draw, o.ev_dark) == expected, (pool, draw16, dbb)


# ------------------------------------------- odds from a seat's view: what a stand tells


def test_odds_weigh_a_standing_punters_hidden_card_over_the_ranks_it_can_be() -> None:
    """Seat 1 stood on a hidden card and 10♥ 7♣ bought face up: had his card been a king
    (21) he would have been paid at once, a 6 to 10 or an ace (over 21) he would have lost
    at once; so it is a jack (19) or a queen (20).  Seat 2 (10♦ 7♠, 17) sees J♠ turned under:
    3 jacks and 4 queens are unseen, so that card is a jack 3 times in 7.  The next card is
    one of the other 30 unseen cards:
    a jack with chance (3/7 * 2 + 4/7 * 3) / 30 = 3/35, a queen (3/7 * 4 + 4/7 * 3) / 30 =
    4/35, a 6 (4 of them, none his) 4/30.  17 busts on a 6, 7, 8, 9, 10 or ace: 4 + 2 + 4 +
    4 + 2 + 4 = 20 of those 30 cards, 2/3 (not 20/31, as if his card were any card)."""
    game = OchkoGame([100, 100, 100], seed=1)
    game.deal("JS QC 10D 9D 10H 7C 7S")
    for action in ["stake 10", "buy", "buy", "stand", "stake 10", "buy"]:
        game.push(action)
    view = game.view(2)
    assert view.hands[1] == (None, *parse_cards("10H 7C")) and view.hands[2] == tuple(
        parse_cards("10D 7S")
    )
    o = odds(view)
    assert o.unseen == 31
    assert o.next_card[Rank.JACK] == Fraction(3, 35)
    assert o.next_card[Rank.QUEEN] == Fraction(4, 35)
    assert o.next_card[Rank.SIX] == Fraction(4, 30)
    assert o.next_card[Rank.KING] == Fraction(4, 30)
    assert sum(o.next_card.values()) == 1
    assert o.bust == Fraction(2, 3)
    # the expected values: the jack world 3 times in 7, the queen world 4 times in 7, each
    # the odds of a hand whose unseen cards are known (checked against every order above)
    unseen = unseen_counts(view)
    jack, queen = (
        hand_odds(_less(unseen, rank), parse_cards("10D 7S")) for rank in ("JH", "QH")
    )
    for field in ("ev_stand", "ev_draw", "ev_dark"):
        assert getattr(o, field) == (
            Fraction(3, 7) * getattr(jack, field) + Fraction(4, 7) * getattr(queen, field)
        ), field
    assert game.odds(2) == o and o.banker_16 is Banker16.STAND
    with pytest.raises(ValueError, match=r"^odds\(\) is for a punter; see banker_odds\(\)"):
        odds(game.view(0))  # the banker's own view
    assert odds(view, banker_16=Banker16.DRAW).banker_16 is Banker16.DRAW


def test_odds_weigh_two_standing_punters_hidden_cards_together() -> None:
    """Seat 1 stood on a hidden card and A♠: it is no ten (21) and no ace (two aces).  Seat
    2 stood on a hidden card and J♠ Q♠ K♠ J♣: no court (five courts), no ten (21), no ace
    (over 21): a 6 to 9.  Seat 3 (10♦, with 6♠ turned under) sees 29 cards unseen, 3 tens
    and 3 aces among them, none of them a hidden card: each comes next with chance 3/27.
    Two jacks are unseen; seat 1's card is one of them with weight 2 * 15 (his jack, then
    seat 2's 6 to 9, 15 of them) out of 330 (every pair of hidden cards the rules allow):
    the next card is a jack with chance (2 - 30/330) / 27 = 7/99."""
    game = OchkoGame([100, 100, 100, 100], seed=1)
    game.deal("6S 9C 8D 10D 7H AS JS QS KS JC")
    for action in ["stake 10", "buy", "stand", "stake 10", "buy", "buy", "buy", "buy", "stand"]:
        game.push(action)
    game.push("stake 10")
    view = game.view(3)
    assert view.hands[1] == (None, *parse_cards("AS"))
    assert view.hands[2] == (None, *parse_cards("JS QS KS JC"))
    o = odds(view)
    assert o.unseen == 29
    assert o.next_card[Rank.TEN] == o.next_card[Rank.ACE] == Fraction(3, 27)
    assert o.next_card[Rank.JACK] == Fraction(7, 99)
    assert sum(o.next_card.values()) == 1


def _less(counts: tuple[int, ...], card: str) -> tuple[int, ...]:
    """``counts`` less one card of the rank of ``card``."""
    one = counts_of(parse_cards(card))
    return tuple(c - o for c, o in zip(counts, one, strict=True))


# ------------------------------------------------------------- the banker's habit on 16


def test_four_kings_make_16_and_a_banker_who_draws_on_16_makes_five_courts() -> None:
    """K K K K J: if the jack is among his first four cards he holds 14 and must draw the
    fifth, a court: five courts (4 orders in 5).  If it is the last card he holds four kings,
    16: standing on 16 he stays there (1 in 5); drawing on 16 he takes the jack, five courts.
    No card is worth 5, so this is the only way the habit on 16 changes his instant wins."""
    shoe = "KS KC KD KH JS"
    assert dist(shoe, Banker16.STAND) == {"instant": Fraction(4, 5), "16": Fraction(1, 5)}
    assert dist(shoe, Banker16.DRAW) == {"instant": Fraction(1)}
    # a punter's 21 (bought dark, O6) loses only to the banker's instant win: 1 - 2 * 4/5
    counts = counts_of(parse_cards(shoe))
    assert hand_odds(counts, "AH 10H", banker_16=Banker16.STAND).ev_stand == Fraction(-3, 5)
    assert hand_odds(counts, "AH 10H", banker_16=Banker16.DRAW).ev_stand == -1
    assert hand_odds(counts, "AH 10H", banker_16=Banker16.DRAW).banker_16 is Banker16.DRAW


def test_a_tie_goes_to_the_banker_unless_the_punter_bought_dark() -> None:
    """R20: the banker wins a tie, except against a punter who bought «в тёмную».  10♥ 7♥
    (17) standing, the banker's cards 10♠ 7♠ in either order: 17, he stands, and wins.  With
    10♥ and one dark card from 10♠ 7♠ 7♣: a 7 (2 in 3) makes 17 against the banker's 10 7
    (a tie, the dark punter's); a 10 makes 20 against 7 7 = 14 (out of cards): he wins."""
    assert hand_odds(counts_of(parse_cards("10S 7S")), "10H 7H").ev_stand == -1
    assert hand_odds(counts_of(parse_cards("10S 7S 7C")), "10H", 1).ev_stand == 1


# ------------------------------------------------- a dark punter over 21 whatever comes


def test_a_dark_punter_sure_to_bust_wins_only_when_the_banker_busts_on_the_cards_left() -> None:
    """10♥ and six dark cards from ten unseen: whatever they are he is over 21 (at least
    10 + 2 + 2 + 3 + 3 + 4 + 6), so he wins exactly when the banker busts too (R20) on the
    four cards the dark ones leave him, and he may run out of them (J J Q 6 is 13: he
    stands).  Counted over every ordered draw of the banker's four cards (10*9*8*7 = 5040);
    with the double bust going to the banker he always loses."""
    pool = parse_cards("6S 6C JS JC QS QC KS 7S AS 8S")
    draws = list(itertools.permutations(pool, 4))
    busts = sum(banker_final(d, draw16=False) == "bust" for d in draws)
    o = hand_odds(counts_of(pool), "10H", 6)
    assert o.bust == 1
    assert o.ev_stand == Fraction(2 * busts - len(draws), len(draws))
    assert hand_odds(counts_of(pool), "10H", 6, double_bust_to_banker=True).ev_stand == -1


def test_a_sure_bust_over_dark_cards_loses_for_good_when_the_double_bust_is_the_bankers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With the double bust to the banker (R20 option), a dark punter over 21 loses whatever
    the banker does, also where a whole pack is left and the odds skip turning the rest of
    his dark cards one by one: the same as turning them."""
    odds_module = sys.modules["durak_lessons.ochko.odds"]  # not the function odds
    hand = parse_cards("10H")
    unseen = counts_of(c for c in PACK if c not in hand)
    results = []
    for threshold in (odds_module._SURE_BUST_LEFT, 99):  # 99: never skip
        monkeypatch.setattr(odds_module, "_SURE_BUST_LEFT", threshold)
        clear_cache()
        o = hand_odds(unseen, hand, 2, double_bust_to_banker=True)
        results.append((o.ev_stand, o.ev_dark))
    clear_cache()
    assert results[0] == results[1]


# ------------------------------------------- buying: the card bought, then the best play


def test_buying_on_20_always_busts_and_on_19_only_a_jack_saves() -> None:
    """From the 33 cards unseen with 10♥ and a 10 or a 9 in hand and 7♣ turned under: on 20
    every card busts (a jack makes 22): EV of buying -1.  On 19 a jack makes 21, an instant
    win, 4 jacks in 33; the other 29 cards bust: EV 4/33 - 29/33."""
    for hand, ev in (("10H 10D", Fraction(-1)), ("10H 9D", Fraction(4 - 29, 33))):
        known = parse_cards(hand)
        unseen = counts_of(c for c in PACK if c not in known and c != parse_cards("7C")[0])
        o = hand_odds(unseen, known)
        assert o.ev_draw == ev, hand
        assert o.bust == (1 if hand == "10H 10D" else Fraction(29, 33))


LATE_POOL = "6S 8S 8C 9S JS JC QS QC KS AS AC AD AH"  # 13 cards, four of them aces


def test_on_11_with_four_aces_in_twelve_cards_standing_beats_buying() -> None:
    """Late in a pack, J♥ 9♠ (11) with these 12 cards unseen: a third of them are aces, each
    a bust; standing is worth more than buying (against either habit of the banker)."""
    pool = [c for c in parse_cards(LATE_POOL) if c != parse_cards("9S")[0]]
    for banker_16 in Banker16:
        o = hand_odds(counts_of(pool), "JH 9S", banker_16=banker_16)
        assert o.ev_draw is not None and o.ev_stand > o.ev_draw
        assert o.bust == Fraction(4, 12)


@pytest.mark.parametrize(
    ("hand", "dark", "pool"),
    [
        ("10H 8H", 0, None),
        ("JH", 0, None),
        ("JH 6H", 0, None),
        ("JH", 1, None),
        ("10H", 1, None),
        ("JH", 0, LATE_POOL),  # a 9 bought makes 11, where he had better stand
    ],
)
@pytest.mark.parametrize(
    ("banker_16", "dbb"),
    [(Banker16.STAND, False), (Banker16.DRAW, False), (Banker16.STAND, True)],
)
def test_buying_is_worth_what_each_card_bought_leads_to(
    hand: str, dark: int, pool: str | None, banker_16: Banker16, dbb: bool
) -> None:
    """The EV of buying face up (from a whole pack less the hand and the turned 7♣, or from
    the cards given), as a reader adds it up over the next card: a 21, two aces or five
    courts (with no dark card) wins at once, a total over 21 on the cards he sees loses at
    once (O1), and otherwise he plays on as well as he can: the better of standing and
    buying again, each the odds of the hand with that card in it.  On 18 this is: a queen
    wins, a jack makes 20 (he stands: buying again busts), the rest bust."""
    known = parse_cards(hand)
    turned = parse_cards("7C")[0]
    cards = (
        [c for c in PACK if c not in known and c != turned] if pool is None
        else parse_cards(pool)
    )
    o = hand_odds(counts_of(cards), known, dark, banker_16=banker_16, double_bust_to_banker=dbb)
    expected = Fraction(0)
    for rank, chance in o.next_card.items():
        card = next(c for c in cards if c.rank == rank)
        mine = [*known, card]
        if dark == 0 and special(mine) is not None:
            value = Fraction(1)
        elif points(mine) > 21:
            value = Fraction(-1)
        else:
            after = hand_odds(
                counts_of(c for c in cards if c != card), mine, dark, banker_16=banker_16,
                double_bust_to_banker=dbb,
            )
            value = after.ev_stand if after.ev_draw is None else max(after.ev_stand, after.ev_draw)
        expected += chance * value
    assert o.ev_draw == expected


# ----------------------------------------------- a dark holder buying face up (O1, R20)

DARK_CASES = [
    ("10H 10D", "JS 9C 10C 8D 7D", 1),  # 20 seen: a jack bought face up is 22, seen: lost
    ("JH QH", "JS QS KS AS 9C", 1),  # courts: five of them with the dark one?
    ("10H 8D", "JS QS 6C AS 9C", 2),
    ("6H", "AS AC 10C JD 6D", 1),
]


@pytest.mark.parametrize(("known", "unseen", "dark"), DARK_CASES)
@pytest.mark.parametrize("dbb", [False, True])
def test_a_dark_holders_odds_match_every_order(
    known: str, unseen: str, dark: int, dbb: bool
) -> None:
    """A punter holding dark cards who may buy face up: a total over 21 on the cards he sees
    loses at once (O1); one he cannot see is settled at the showdown, where a double bust is
    his unless it goes to the banker (R20).  Checked against every order of the unseen cards
    (ochko_helpers.brute_odds), for both double-bust rules."""
    hand, pool = parse_cards(known), parse_cards(unseen)
    for banker_16 in Banker16:
        o = hand_odds(counts_of(pool), hand, dark, double_bust_to_banker=dbb, banker_16=banker_16)
        expected = brute_odds(pool, hand, dark, banker_16 is Banker16.DRAW, dbb)
        assert (o.ev_stand, o.ev_draw, o.ev_dark) == expected, banker_16


# ------------------------------------------------------ the table's rules reach the odds


def test_odds_from_a_view_follow_the_tables_rules_and_the_banker_habit_asked_for() -> None:
    """A punter holding a dark card at a table where the double bust goes to the banker
    (R20 option): his odds are those of his hand under that rule (and against the habit on
    16 asked for), not under the default.  At a table without dark buying there is no dark
    option to weigh."""
    game = OchkoGame([100, 100], "double_bust_to_banker=yes", seed=1)
    game.deal("6S 10H 9C")
    game.push("stake 10")
    game.push("buy dark")
    view = game.view(1)
    unseen = unseen_counts(view)
    assert view.hands[1] == (parse_cards("10H")[0], None)
    for banker_16 in Banker16:
        o = odds(view, banker_16=banker_16)
        assert o == hand_odds(
            unseen, "10H", 1, double_bust_to_banker=True, banker_16=banker_16
        )
        assert o != hand_odds(unseen, "10H", 1, banker_16=banker_16)
    plain = OchkoGame([100, 100], "dark_buying=no", seed=1)
    plain.deal("6S 10H 9C")
    plain.push("stake 10")
    o = plain.odds(1)
    assert o.ev_dark is None and o.ev_draw is not None


# ---------------------------------------------------- the banker's odds, from R20 directly


@pytest.mark.parametrize("dbb", [False, True])
def test_banker_odds_on_16_match_dealing_the_punters_hidden_cards(dbb: bool) -> None:
    """The banker on 16 (7♥ 9♠) against two waiting punters: seat 1 stood on a hidden card
    and 10♥ (not an ace: that is 21), seat 2 on a hidden card, 10♦ face up and one dark card
    (over 21 with it, he wins if the banker busts too, unless the double bust is the
    banker's).  Counted over every draw of their hidden cards from the 29 the banker cannot
    see, and each next card of his."""
    rules = f"double_bust_to_banker={'yes' if dbb else 'no'}"
    actions = ["stake 10", "buy", "stand", "stake 20", "buy", "buy dark", "stand", "draw"]
    game, view = banker_to_draw("6S 9C 8D 7H 10H 10D JS 9S", actions, 3, rules)
    assert view.hands[0] == tuple(parse_cards("7H 9S")) and view.phase is Phase.BANKER
    assert view.hands[2] == (None, parse_cards("10D")[0], None)
    assert banker_odds(view) == banker_odds_by_hand(view)
    # a punter's view, even while the banker is to draw, has no banker's odds
    with pytest.raises(ValueError, match=r"^banker_odds\(\) is for the banker, when he is to"):
        banker_odds(game.view(1))


def test_banker_odds_count_two_aces_and_five_courts() -> None:
    """The banker on a lone A♥: an ace next is two aces, a ten 21, each an instant win (O5).
    The punter stood on a hidden card, J♠ Q♥ K♠ face up and a dark card: with a court for
    each hidden card he holds five courts, which win at the showdown (O6) unless the banker
    makes an instant win.  Counted as above, from R20 directly."""
    actions = ["stake 10", "buy", "buy", "buy", "buy dark", "stand"]
    _, view = banker_to_draw("6S QC AH JS QH KS JD", actions)
    assert view.hands[0] == tuple(parse_cards("AH")) and view.phase is Phase.BANKER
    assert view.hands[1] == (None, *parse_cards("JS QH KS"), None)
    assert banker_odds(view) == banker_odds_by_hand(view)


def test_banker_odds_count_the_banker_s_own_four_courts() -> None:
    """The banker on four courts, J♠ Q♠ K♠ J♦ (11): any court he draws next makes five
    courts, an instant win (O5), where by points it would be only 13 to 15.  The punter stood
    on a hidden card and 9♣.  Counted from R20 directly, as above."""
    actions = ["stake 10", "buy", "stand", "draw", "draw", "draw"]
    _, view = banker_to_draw("6S AH JS 9C QS KS JD JH", actions)
    assert view.hands[0] == tuple(parse_cards("JS QS KS JD")) and view.phase is Phase.BANKER
    assert view.hands[1] == (None, *parse_cards("9C"))
    assert banker_odds(view) == banker_odds_by_hand(view)
