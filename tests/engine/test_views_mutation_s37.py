"""What a seat's view says, pinned where session 37's mutation run of durak_lessons/views.py
(mutmut 3.8, and by hand the properties mutmut leaves alone) found nothing that would fail:
each seat's own trump in свои козыри, which argument is no card or no seat, nothing under the
stock where no card was turned up (R15), and every refusal of View.world, the worlds of
search by sampling: a world must fit what the seat sees (hands, known cards, the stock, the
turned-up trump or the trump six last, R19, the spade put back where everyone saw it, D26,
the face-down piles of the faithful дорожный, D13, the blind seat's own row, R14)."""

from __future__ import annotations

import re

import pytest
from engine_helpers import play, position

import durak_lessons as dl
from durak_lessons import Card, Deal, InvalidCardError, View, initial_state
from durak_lessons.sampling import known_world


def exactly(message: str) -> str:
    """A pattern that matches ``message`` and nothing more."""
    return f"^{re.escape(message)}$"


def _own_trumps() -> View:
    """свои козыри, four seats, each with a suit of its own named (♠ ♥ ♣ ♦ in seat order):
    seat 0's view; seat 0 leads, seat 1 defends."""
    hands = [
        "6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠",
        "6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥",
        "6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣",
        "6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦",
    ]
    d = Deal.from_hands(hands, trump="", own_trumps="SHCD")
    view = View(initial_state("svoi-kozyri", d), 0)
    assert view.trumps == (0, 3, 1, 2) and view.defender == 1
    return view


def test_whether_a_card_beats_is_asked_of_the_player_named_with_his_own_trump() -> None:
    """In свои козыри each player's trump is his own: 6♠ beats 6♣ for seat 0 (spades are his
    trumps) and for nobody else; asked without a player, the view answers for the
    defender (seat 1, hearts)."""
    view = _own_trumps()
    six_clubs, six_spades = Card.parse("6♣"), Card.parse("6♠")
    assert [view.beats(six_clubs, six_spades, p) for p in range(4)] == [True, False, False, False]
    assert view.beats(six_clubs, six_spades) is False
    assert view.beats(six_spades, Card.parse("6♥")) is True  # the defender's trump


@pytest.mark.parametrize(
    ("attack", "card", "message"),
    [
        (52, 0, r"^attack: expected a Card or a card number 0\.\.51, not 52 "),
        (0, 52, r"^card: expected a Card or a card number 0\.\.51, not 52 "),
        (0, -1, r"^card: .*not -1 \(Card\.parse reads text like '7♠'\)$"),
    ],
)
def test_a_view_names_which_of_the_two_cards_asked_about_is_no_card(
    attack: int, card: int, message: str
) -> None:
    """The first number that is no card (52 is one past the last, A♥ = 51) is named as the
    attack card or as the card asked about, and the message says how text is read."""
    view = View(dl.new_game("podkidnoy(deck_size=52)", 2, seed=1), 0)
    with pytest.raises(InvalidCardError, match=message):
        view.beats(attack, card)
    assert view.beats(50, 51) is True  # A♥ beats K♥: the last card is a card


def test_the_cards_known_of_a_seat_that_does_not_exist_are_refused_by_name() -> None:
    state = play(position("podkidnoy", ["6♠ 7♠", "8♦ 9♦"], trump="H"), "L6S take")
    view = View(state, 0)
    for player in (2, -1):
        with pytest.raises(dl.InvalidSeatError, match=rf"^player {player} does not exist at a table of 2"):
            view.known_mask(player)
        with pytest.raises(dl.InvalidSeatError, match=rf"^player {player} does not exist"):
            view.known(player)
    assert [str(c) for c in view.known(1)] == ["6♠"]


def test_where_no_card_is_turned_up_none_lies_under_the_stock_and_the_last_card_is_hidden() -> None:
    """The diamonds game (R15): diamonds are trumps and no card is turned up, so nothing lies
    face up under the stock; with one card left in it, seat 0 cannot tell it from the four
    cards seat 1 holds, and there is no one world to solve.  In подкидной the turned-up Q♦ is
    that last card, everyone sees it, and the position is known until it is drawn."""
    state = position("diamonds", ["6♠ 7♥ 9♣", "8♠ 10♥ J♣"], trump="D", stock="Q♣")
    view = View(state, 0)
    assert view.trump == 2 and view.trump_card is None and view.stock_count == 1
    assert not view.trump_card_pending and view.under_card is None
    assert view.unseen_mask().bit_count() == 4  # seat 1's three cards and Q♣
    assert known_world(view) is None
    state = position("podkidnoy", ["6♠ 7♥ 9♣", "8♠ 10♥ J♣"], trump="Q♦")
    view = View(state, 0)
    assert view.trump_card_pending and str(view.under_card) == "Q♦"
    assert known_world(view) is not None
    view = View(play(state, "L6S C6S8S"), 0)  # seat 0 draws Q♦: it lies there no more
    assert view.stock_count == 0 and not view.trump_card_pending and view.under_card is None
    assert [str(c) for c in view.known(0)] == ["Q♦"]


def _taken() -> tuple[View, int, int, list[int]]:
    """Seat 1 picked up 6♠ (trump A♥ turned up): seat 0's view, the two hands and the stock."""
    state = play(
        position("podkidnoy", ["6♠ 9♣ 10♣", "7♦ 8♦ 9♦"], trump="A♥", stock="7♥ 8♥ 9♥ 10♥ J♥ Q♥ 6♣"),
        "L6S take",
    )
    assert [str(c) for c in state.hand(1)] == ["6♠", "7♦", "8♦", "9♦", "J♥", "Q♥"]
    assert [str(c) for c in state.stock] == ["6♣", "A♥"]
    return View(state, 0), state.hand_mask(0), state.hand_mask(1), [int(c) for c in state.stock]


def test_a_world_that_does_not_fit_the_view_is_refused_saying_what_does_not_fit() -> None:
    """View.world (what search bots build their worlds with) names the first thing that
    does not fit what the seat sees, and builds nothing."""
    view, mine, his, stock = _taken()
    six_spades, six_clubs, seven_diamonds, ace = (int(Card.parse(c)) for c in ("6♠", "6♣", "7♦", "A♥"))
    wrong: list[tuple[list[int], list[int], dict[str, object], str]] = [
        ([mine], stock, {}, "1 hands given for 2 seats"),
        ([mine, his], stock, {"own_row": [1]}, "own_row is for the blind game only: the seat sees its own hand"),
        ([mine, his], stock, {"piles": [[], []]}, "piles are for the faithful дорожный only (D13): this game has none"),
        ([mine, his & ~(1 << six_spades) | 1 << six_clubs], [six_spades, ace], {}, "seat 1 is known to hold 6♠"),
        ([mine, his & ~(1 << seven_diamonds) | 1 << six_clubs], stock, {}, "6♣ is placed twice"),
        ([mine, his], stock[:1], {}, "the stock holds 2 cards, not 1"),
        ([mine, his], stock[::-1], {}, "the turned-up trump A♥ lies face up under the stock: it must come last"),
        (
            [mine, his & ~(1 << seven_diamonds) | 1 << int(Card.parse("9♣"))],  # seat 0's own 9♣
            [seven_diamonds, ace],
            {},
            "the cards placed must be exactly the cards this seat has not seen",
        ),
    ]
    for hands, given, options, message in wrong:
        with pytest.raises(ValueError, match=exactly(message)):
            view.world(hands, given, **options)  # type: ignore[arg-type]
    # 7♦ and 6♣ exchanged: a world seat 0 cannot tell from the real one
    world = view.world([mine, his & ~(1 << seven_diamonds) | 1 << six_clubs], [seven_diamonds, ace])
    assert View(world, 0).unseen_mask() == view.unseen_mask()


def test_a_world_given_no_lists_of_numbers_is_a_type_error_naming_the_argument() -> None:
    """View.world takes bitmasks and card numbers; anything else (None, a card's text, the
    hands as cards) is a TypeError that names the argument and what it takes (session 40:
    ``world(None, None)`` had failed inside, on ``len(None)``)."""
    view, mine, his, stock = _taken()
    wrong: list[tuple[object, object, str]] = [
        (None, stock, "hands"),
        ([mine, his], None, "stock"),
        ([mine, str(his)], stock, "hands"),
        ([mine, his], "7D AH", "stock"),
        ([mine, his], [True, False], "stock"),
    ]
    for hands, given, name in wrong:
        with pytest.raises(TypeError, match=rf"^View\.world\({name}\): expected a list of "):
            view.world(hands, given)  # type: ignore[arg-type]


def test_a_blind_world_needs_the_order_of_the_seats_own_row() -> None:
    """The blind game (R14): seat 0 does not see its own row, so a world must say in which
    order its cards lie there; the order given is the row of that world."""
    state = position("blind", ["6♠ 7♠", "8♦ 9♦"], trump="7♣", stock="6♣")
    view = View(state, 0)
    assert view.own_hand_hidden and view.hand == []
    c = {t: int(Card.parse(t)) for t in ("6♠", "7♠", "8♦", "9♦", "6♣", "7♣")}
    theirs = 1 << c["8♦"] | 1 << c["9♦"]
    with pytest.raises(ValueError, match=exactly("seat 0 does not see its own row (R14): give its order (own_row)")):
        view.world([1 << c["6♠"] | 1 << c["7♠"], theirs], [c["6♣"], c["7♣"]])
    world = view.world(
        [1 << c["6♠"] | 1 << c["6♣"], theirs], [c["7♠"], c["7♣"]], own_row=[c["6♣"], c["6♠"]]
    )
    assert [str(x) for x in world.row(0)] == ["6♣", "6♠"]  # type: ignore[attr-defined]
    assert [str(x) for x in world.row(1)] == ["8♦", "9♦"]  # type: ignore[attr-defined]


def test_a_world_refuses_a_card_dealt_to_two_hidden_hands() -> None:
    """Three seats: seat 0 cannot place 7♦ 8♦ 9♦ 10♦ J♦ Q♦; a world that gives 7♦ to both
    other hands is refused, one that exchanges two of their cards is built."""
    state = position("podkidnoy", ["6♠ 7♠", "7♦ 8♦", "9♦ 10♦"], trump="Q♦", stock="J♦")
    view = View(state, 0)
    mine, one, two = (state.hand_mask(p) for p in range(3))
    seven, nine = int(Card.parse("7♦")), int(Card.parse("9♦"))
    stock = [int(c) for c in state.stock]
    with pytest.raises(ValueError, match=exactly("a card is placed twice")):
        view.world([mine, one, two & ~(1 << nine) | 1 << seven], stock)
    world = view.world([mine, one & ~(1 << seven) | 1 << nine, two & ~(1 << nine) | 1 << seven], stock)
    assert [str(c) for c in world.hand(1)] == ["8♦", "9♦"]  # type: ignore[attr-defined]


def test_a_world_of_the_faithful_dorozhny_must_deal_the_face_down_piles_as_they_lie() -> None:
    """The faithful дорожный (D13): nobody sees the face-down piles, so a world must give
    them, one per seat, each of its size, no card in two places."""
    import random

    from durak_lessons.cards import CARDS
    from durak_lessons.sampling import determinize

    view = View(dl.new_game("dorozhny", 2, seed=1), 0)
    assert view.pile_sizes == (18, 17)
    world = determinize(view, random.Random(1))
    hands = [world.hand_mask(p) for p in range(2)]  # type: ignore[attr-defined]
    stock = [int(c) for c in world.stock]  # type: ignore[attr-defined]
    piles = [[int(c) for c in world.personal_pile(p)] for p in range(2)]  # type: ignore[attr-defined]
    for given, message in (
        (None, "the face-down piles are hidden (D13): give their cards (piles)"),
        (piles[:1], "1 piles given for 2 seats"),
        ([piles[0][:-1], piles[1]], "seat 0's pile holds 18 cards, not 17"),
        ([piles[0], [*piles[1][:-1], piles[0][0]]], f"{CARDS[piles[0][0]]} is placed twice"),
    ):
        with pytest.raises(ValueError, match=exactly(message)):
            view.world(hands, stock, piles=given)
    again = view.world(hands, stock, piles=piles)
    assert [again.personal_pile(p) for p in range(2)] == [world.personal_pile(p) for p in range(2)]  # type: ignore[attr-defined]


def test_a_world_keeps_the_exchanged_trump_six_last_and_says_so() -> None:
    """дураки с пар (R19): seat 0 exchanged 6♣ for the turned-up Q♣; 6♣ lies face up under
    the stock, and a world that does not draw it last is refused naming the trump six."""
    d = Deal.from_hands(
        ["6C 7S 8S 9S 10S", "JS QS KS AS 7H"], trump="QC", stock="8H 9H 10H JH", leader=0
    )
    state = initial_state("s-par", d).apply("E6C")
    view = View(state, 1)
    hands = [state.hand_mask(p) for p in range(2)]  # type: ignore[attr-defined]
    stock = [int(c) for c in state.stock]  # type: ignore[attr-defined]
    assert str(view.under_card) == "6♣" and str(Card(stock[-1])) == "6♣"
    with pytest.raises(ValueError, match=exactly("the trump six 6♣ lies face up under the stock: it must come last")):
        view.world(hands, stock[::-1])
    assert view.world(hands, stock).stock == state.stock  # type: ignore[attr-defined]


def test_a_world_keeps_the_spade_put_back_into_the_stock_where_everyone_saw_it_go() -> None:
    """The diamonds game with a turned spade put back (D26): everyone saw A♠ go into the
    stock and knows its place; a world that moves it is refused naming the place, one that
    moves only cards nobody saw is built (the turned-up trump stays last)."""
    rules = dl.find_preset("diamonds-turned")
    order = [str(c) for c in dl.deck(36)]
    order.remove("A♠")
    order.insert(12, "A♠")  # two hands of six, then A♠ is turned up and put back
    d = dl.deal_from_order(rules, 2, " ".join(order))
    ace = Card.parse("A♠")
    state = initial_state(rules, d)
    view = View(state, 0)
    place = d.stock.index(ace)
    assert view.placed_in_stock == ((place, ace),) and 0 < place < len(d.stock) - 1
    hands = [state.hand_mask(p) for p in range(2)]  # type: ignore[attr-defined]
    stock = [int(c) for c in state.stock]  # type: ignore[attr-defined]
    *rest, under = stock  # the turned-up trump lies under the stock: drawn last
    assert str(view.under_card) == str(Card(under))
    moved = [*rest[:place], *rest[place + 1 :], int(ace), under]
    with pytest.raises(ValueError, match=exactly(f"A♠ lies in the stock as card {place + 1}: it stays there")):
        view.world(hands, moved)
    others = [*rest[:place][::-1], int(ace), *rest[place + 1 :][::-1], under]
    assert view.world(hands, others).stock[place] == ace  # type: ignore[attr-defined]


def test_the_real_position_is_a_world_of_its_own_view_with_2_spades_in_the_stock() -> None:
    """The pack of 52: 2♠ (card number 0) lies in the stock; the real hands and stock are a
    world each seat's view allows, and the world is the real position."""
    state = dl.new_game("podkidnoy(deck_size=52)", 2, seed=1)
    assert Card.parse("2♠") in state.stock  # type: ignore[attr-defined]
    hands = [state.hand_mask(p) for p in range(2)]  # type: ignore[attr-defined]
    stock = [int(c) for c in state.stock]  # type: ignore[attr-defined]
    for seat in range(2):
        world = View(state, seat).world(hands, stock)
        assert world.stock == state.stock and world.legal_actions() == state.legal_actions()  # type: ignore[attr-defined]



def test_a_view_shows_in_its_repr_its_seat_and_only_its_own_cards() -> None:
    view, _, _, _ = _taken()
    assert repr(view) == "<View seat=0 hand=[9♣ 10♣ 7♥ 8♥ 9♥ 10♥] phase=lead to_move=0>"
    blind = View(position("blind", ["6♠ 7♠", "8♦ 9♦"], trump="H"), 0)
    assert repr(blind) == "<View seat=0 hand=[] phase=lead to_move=0>"  # R14: not his own row
