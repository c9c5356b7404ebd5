"""The Очко bots (``durak_lessons/ochko/bots.py``) where mutation testing (session 38, mutmut
over bots.py) showed no test pinned their choices down: what each bot stakes, when it buys,
buys dark or stands, and what the banker does on 16.  Every expected value a choice rests on
is counted from R20 directly: by hand in the comments, or by dealing every order of the few
unseen cards (``ochko_helpers.brute_odds``); none is copied from the odds module's output.

Most positions are dealt at a "long table": ten seats, where the eight punters between the
banker and the last seat are settled at once by five courts, 21, two aces or a bust (their
cards shown to all), so the last punter sees all but seven cards of the pack.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from ochko_helpers import brute_odds

from durak_lessons.cards import Card, parse_cards
from durak_lessons.ochko import (
    BUY,
    DRAW,
    STAKE_BANK,
    STAND,
    Banker16,
    Buy,
    EVBot,
    InvalidBotError,
    OchkoGame,
    OchkoView,
    Phase,
    RandomBot,
    Stake,
    Status,
    ThresholdBot,
    banker_move,
    banker_odds,
)

RNG = random.Random(1)

# eight punters' hands, the dealt card first; each is settled on its last card: five courts
# (J J J Q Q, K K K K Q), a bust (6 6 6 6, 8 8 8, 9 9 9), 21 (7 7 7, 10 A) or two aces
SETTLED = [
    "JS JC JD QS QC", "KS KC KD KH QD", "6S 6C 6D 6H", "7S 7C 7D", "8S 8C 8D", "9S 9C 9D",
    "10S AS", "AC AD",
]
#: the nine cards the settled hands leave: J♥ Q♥ 7♥ 8♥ 9♥ 10♣ 10♦ 10♥ A♥
REST = "JH QH 7H 8H 9H 10C 10D 10H AH"


def long_table(turned: str, last: str, banker: str, pack: str, rules: str | None = None) -> OchkoGame:
    """Ten seats of 100: ``turned`` under the pack, the settled hands dealt to seats 1-8,
    ``last`` to seat 9, ``banker`` to the banker (seat 0); the settled punters stake 1 and
    buy their hands; then seat 9 stakes, with ``pack`` (the rest of REST) left to buy."""
    dealt = [hand.split()[0] for hand in SETTLED]
    buys = [card for hand in SETTLED for card in hand.split()[1:]]
    game = OchkoGame([100] * 10, rules, seed=1)
    game.deal(" ".join([turned, *dealt, last, banker, *buys, pack]))
    for hand in SETTLED:
        game.push("stake 1")
        for _ in hand.split()[1:]:
            game.push("buy")
    assert game.view(9).phase is Phase.STAKE and game.view(9).to_move == 9
    assert all(game.view(9).status[s] is not Status.WAITING for s in range(1, 9))
    return game


def unseen(*cards: str) -> list[Card]:
    """REST less ``cards``: what the last seat cannot see."""
    gone = set(parse_cards(" ".join(cards)))
    return [c for c in parse_cards(REST) if c not in gone]


# --------------------------------------------------------------------------- EVBot


def test_evbot_buys_face_up_or_dark_as_its_habit_on_16_makes_best() -> None:
    """Seat 9 holds 10♦ with 10♣ turned under; unseen are J♥ Q♥ 7♥ 8♥ 9♥ 10♥ A♥ (the
    banker's card and six to buy).  Dealing every order of those seven cards: against a
    banker who stands on 16, standing is worth -19/35, buying 32/315 and one card dark
    2/21 (= 30/315): EVBot() buys face up.  Against a banker who draws on 16, buying dark
    is worth 5/42 (= 37.5/315), more than buying (still 32/315): EVBot(DRAW) buys dark."""
    pool = unseen("10C", "10D")
    assert brute_odds(pool, parse_cards("10D"), 0, False, False) == (
        Fraction(-19, 35), Fraction(32, 315), Fraction(2, 21)
    )
    assert brute_odds(pool, parse_cards("10D"), 0, True, False) == (
        Fraction(-3, 7), Fraction(32, 315), Fraction(5, 42)
    )
    game = long_table("10C", "10D", "JH", "QH 7H 8H 9H 10H AH")
    # the best is worth more than nothing: it stakes the most it may, «на банк» here
    view = game.view(9)
    assert view.legal.all_in
    assert EVBot().act(view, RNG) == STAKE_BANK
    game.push("stake 1")
    view = game.view(9)
    assert EVBot().act(view, RNG) == BUY
    assert EVBot(Banker16.STAND).act(view, RNG) == BUY
    assert EVBot(Banker16.DRAW).act(view, RNG) == Buy(True)


def test_evbot_stakes_the_agreed_maximum_when_its_best_is_worth_more_than_nothing() -> None:
    """The same position at a table whose maximum stake is 50 (below the 98 left in the
    bank, so «на банк» is closed): EVBot stakes 50, the highest stake it may."""
    game = long_table("10C", "10D", "JH", "QH 7H 8H 9H 10H AH", "max_stake=50")
    view = game.view(9)
    assert not view.legal.all_in and view.legal.stakes == range(1, 51)
    assert EVBot().act(view, RNG) == Stake(50)


@pytest.mark.parametrize(
    ("last", "expected"),
    [
        # Q♥ (3): stand -19/21, buy -8/21, dark -19/21: the best loses
        ("QH", (Fraction(-19, 21), Fraction(-8, 21), Fraction(-19, 21))),
        # 9♥: stand -23/35, buy -13/70, dark exactly 0: the best wins nothing
        ("9H", (Fraction(-23, 35), Fraction(-13, 70), Fraction(0))),
    ],
)
def test_evbot_stakes_the_least_when_its_best_is_worth_nothing_or_less(
    last: str, expected: tuple[Fraction, Fraction, Fraction]
) -> None:
    """J♥ turned under; seat 9's card and the seven others, counted over every order."""
    assert brute_odds(unseen("JH", last), parse_cards(last), 0, False, False) == expected
    pack = " ".join(c for c in REST.split() if c not in ("JH", last))
    game = long_table("JH", last, pack.split()[0], " ".join(pack.split()[1:]))
    assert EVBot().act(game.view(9), RNG) == Stake(1)


def test_evbot_stands_when_standing_is_best_and_buying_is_open() -> None:
    """10♣ then 10♦ bought: 20.  Unseen Q♥ 7♥ 8♥ 9♥ 10♥ A♥: any card busts him (buying is
    -1), one dark card too unless the banker busts (-19/30); standing on 20 wins 7/15, by
    every order of the six cards."""
    assert brute_odds(unseen("JH", "10C", "10D"), parse_cards("10C 10D"), 0, False, False) == (
        Fraction(7, 15), Fraction(-1), Fraction(-19, 30)
    )
    game = long_table("JH", "10C", "QH", "10D 7H 8H 9H 10H AH")
    game.push("stake 1")
    game.push("buy")
    view = game.view(9)
    assert BUY in view.legal and Buy(True) in view.legal
    assert EVBot().act(view, RNG) == STAND


def test_bots_stand_when_the_pack_is_used_up_whatever_they_hold() -> None:
    """35 seats: the deal uses up the pack (O9), so a punter on a lone 6 may only stand.  His
    odds still offer a buy (they weigh the other seats' unseen cards as cards to come), and
    on 6 no card can bust him, so buying is worth at least standing: the bots must not
    follow them."""
    game = OchkoGame([100] * 35, seed=1)
    game.deal("6S 6C")  # seat 1 holds 6♣: 6 points
    game.push("stake 1")
    view = game.view(1)
    assert list(view.legal) == [STAND] and view.known_points == 6
    assert game.odds(1).best != "stand"
    assert EVBot().act(view, RNG) == STAND
    assert ThresholdBot().act(view, RNG) == STAND


# ------------------------------------------------------------------- ThresholdBot


def test_threshold_bot_buys_below_its_threshold_and_stands_on_it() -> None:
    """10♥ dealt, 7♣ next: on 10 it buys; on 17 ThresholdBot() (threshold 17) stands, and
    so does any bot whose threshold is 17 or less; ThresholdBot(18) buys on."""
    game = OchkoGame([100, 100], seed=1)
    game.deal("6S 10H 9C 7C")
    view = game.view(1)
    assert ThresholdBot().act(view, RNG) == Stake(1)  # the least stake
    game.push("stake 5")
    view = game.view(1)
    assert ThresholdBot().act(view, RNG) == BUY
    assert ThresholdBot(10).act(view, RNG) == STAND
    assert ThresholdBot(11).act(view, RNG) == BUY
    game.push("buy")
    view = game.view(1)
    assert view.known_points == 17 and BUY in view.legal
    assert ThresholdBot().threshold == 17
    assert ThresholdBot().act(view, RNG) == STAND
    assert ThresholdBot(17).act(view, RNG) == STAND
    assert ThresholdBot(18).act(view, RNG) == BUY


# ------------------------------------------------------------------------ stakes


def test_bots_stake_na_bank_when_what_is_left_is_below_the_minimum() -> None:
    """A bank of 20 with a minimum stake of 10: seat 1 stakes 15 and stands, so 5 is left
    for seat 2 (O3), below the minimum; «на банк» (5) is still allowed (O4), and it is the
    only stake: every bot makes it."""
    game = OchkoGame([100, 100, 100], "bank=20,min_stake=10", seed=1)
    game.deal("6S 10H 10C 9C")
    game.push("stake 15")
    game.push("stand")
    view = game.view(2)
    assert view.phase is Phase.STAKE and list(view.legal) == [STAKE_BANK]
    assert view.legal.all_in == 5
    for bot in (ThresholdBot(), EVBot(), RandomBot()):
        assert bot.act(view, RNG) == STAKE_BANK, bot


class FixedRandom(random.Random):
    """A random.Random whose random() is always ``x`` (randrange and choice as usual)."""

    def __init__(self, x: float) -> None:
        super().__init__(1)
        self.x = x

    def random(self) -> float:
        return self.x


def test_random_bot_stakes_na_bank_one_time_in_ten_when_both_are_open() -> None:
    """With ordinary stakes 1..100 and «на банк» both open, RandomBot stakes «на банк» when
    its rng's random() is 0.9 or more (one time in ten), an ordinary amount otherwise."""
    game = OchkoGame([100, 100], seed=1)
    game.deal("6S 10H 9C")
    view = game.view(1)
    assert view.legal.all_in and view.legal.stakes == range(1, 101)
    assert RandomBot().act(view, FixedRandom(0.95)) == STAKE_BANK
    action = RandomBot().act(view, FixedRandom(0.5))
    assert isinstance(action, Stake) and action in view.legal


# ------------------------------------------------------------------ the banker on 16


def banker_on_16(game: OchkoGame) -> OchkoView:
    view = game.view(0)
    assert view.phase is Phase.BANKER and view.known_points == 16 and len(view.legal) == 2
    return view


def test_the_banker_draws_on_16_when_drawing_is_worth_more() -> None:
    """The punter stood on a hidden card, 10♥ and 7♣ (17 + his card): a king would have made
    21, a 6 to 10 or an ace a bust, so he holds 19 (a jack) or 20 (a queen), 4 of each
    unseen by the banker, alike.  Standing on 16 the banker loses (-1).  Drawing one of the
    30 other unseen cards (any but a jack, queen or king busts 16): against 19, the 4 queens
    (19, a tie: the banker's) and 4 kings win, 8 of 30; against 20, only the 4 kings (a tie),
    4 of 30.  Drawing: (8 - 22)/30 / 2 + (4 - 26)/30 / 2 = -3/5, more than -1."""
    game = OchkoGame([100, 100], seed=1)
    game.deal("6S JS 7H 10H 7C 9S")
    for action in ["stake 1", "buy", "buy", "stand", "draw"]:
        game.push(action)
    view = banker_on_16(game)
    assert view.hands[1] == (None, *parse_cards("10H 7C"))
    assert banker_odds(view) == (Fraction(-1), Fraction(-3, 5))
    assert banker_move(view) == DRAW
    assert ThresholdBot().act(view, RNG) == EVBot().act(view, RNG) == banker_move(view)


def test_the_banker_stands_on_16_when_standing_is_worth_more() -> None:
    """Long table, J♥ turned under: the banker holds 7♥ 9♥, the punter stood on a hidden card
    and Q♥.  The banker cannot see 10♣ 8♥ 10♦ 10♥ A♥; the punter's card is one of them (none
    makes 21 or a bust with Q), so he holds 11 to 14: standing on 16 wins.  Drawing, every
    card left busts 16 (8, 10, A): it loses."""
    game = long_table("JH", "10C", "7H", "QH 9H 8H 10D 10H AH")
    for action in ["stake 1", "buy", "stand", "draw"]:
        game.push(action)
    view = banker_on_16(game)
    assert view.hands[9] == (None, *parse_cards("QH"))
    assert banker_odds(view) == (Fraction(1), Fraction(-1))
    assert banker_move(view) == STAND
    assert ThresholdBot().act(view, RNG) == EVBot().act(view, RNG) == STAND


def test_the_banker_stands_on_16_when_drawing_is_worth_no_more() -> None:
    """Long table, Q♥ turned under: the punter stood on a hidden card, 8♥ and 10♣.  The
    banker (7♥ 9♥) cannot see J♥ 10♦ 10♥ A♥; only the jack makes neither 21 nor a bust
    with 8 and 10, so the punter holds 20.  Standing on 16 loses; drawing a 10 or the ace
    busts and loses too: -1 either way, and the banker keeps to standing."""
    game = long_table("QH", "JH", "7H", "8H 10C 9H 10D 10H AH")
    for action in ["stake 1", "buy", "buy", "stand", "draw"]:
        game.push(action)
    view = banker_on_16(game)
    assert view.hands[9] == (None, *parse_cards("8H 10C"))
    assert banker_odds(view) == (Fraction(-1), Fraction(-1))
    assert banker_move(view) == STAND
    assert ThresholdBot().act(view, RNG) == EVBot().act(view, RNG) == STAND


# ------------------------------------------------------------------- refusals


def test_a_bot_names_what_it_was_given_for_a_view_or_an_rng() -> None:
    game = OchkoGame([100, 100], seed=1)
    game.deal("6S 10H 9C")
    view = game.view(1)
    for bot in (RandomBot(), ThresholdBot(), EVBot()):
        with pytest.raises(TypeError) as info:
            bot.act(view, "seed")  # type: ignore[arg-type]
        assert str(info.value) == (
            "rng: expected a random.Random (random.Random(seed)), not 'seed' (a str)"
        )
        with pytest.raises(TypeError) as info:
            bot.act(7, RNG)  # type: ignore[arg-type]
        assert str(info.value) == (
            "view: expected a seat's OchkoView (view(state, seat)), not 7 (an int)"
        )


def test_a_bot_parameter_of_the_wrong_kind_is_named_in_the_refusal() -> None:
    with pytest.raises(InvalidBotError) as info:
        ThresholdBot("17")  # type: ignore[arg-type]
    assert str(info.value).endswith("such as ThresholdBot(17), not '17' (a str)")
    with pytest.raises(InvalidBotError) as info:
        EVBot("draw")  # type: ignore[arg-type]
    assert str(info.value).endswith("the banker does on 16, not 'draw' (a str)")
