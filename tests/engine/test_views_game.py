"""Seat views show exactly the public information; the Game wrapper; HTML rendering."""

from __future__ import annotations

import pytest
from engine_helpers import cards, play, position

from durak_lessons import Game, IllegalActionError, View, new_game

SPOT = (["6♠ 9♣ 10♣ J♣ Q♣ K♣", "7♦ 8♦ 9♦ 10♦ J♦ Q♦"], "A♥", "K♥ Q♥ J♥")


def test_a_view_shows_own_hand_and_public_information_only() -> None:
    hands, trump, stock = SPOT
    state = play(position("podkidnoy", hands, trump=trump, stock=stock), "L6S take")
    view = View(state, seat=0)
    assert [str(c) for c in view.hand] == ["9♣", "10♣", "J♣", "Q♣", "K♣", "K♥"]
    assert view.hand_sizes == (6, 7) and view.stock_count == 3
    assert view.known_mask(1) == cards("6♠"), "seat 1 was seen picking 6♠ up"
    assert view.trump_card is not None and str(view.trump_card) == "A♥"
    public = {name for name in dir(view) if not name.startswith("_")}
    assert not {"state", "hands", "stock", "deal"} & public, "no door to hidden cards"


def test_unseen_cards_exclude_everything_the_seat_can_locate() -> None:
    hands, trump, stock = SPOT
    state = play(position("podkidnoy", hands, trump=trump, stock=stock), "L6S take")
    unseen = View(state, 0).unseen_mask()
    assert unseen == cards("7♦ 8♦ 9♦ 10♦ J♦ Q♦ Q♥ J♥"), "not 6♠ (seen taken), not A♥ (turned)"


def test_views_of_other_seats_give_no_actions() -> None:
    state = new_game("podkidnoy", 3, seed=1)
    mover = state.to_move
    assert mover is not None
    for seat in range(3):
        assert bool(View(state, seat).legal_actions()) == (seat == mover)


def test_game_push_pop_and_refusals() -> None:
    game = Game("perevodnoy", players=2, seed=3)
    first = game.legal_actions()[0]
    game.push(first)
    assert game.history == [first] and len(game.states) == 2
    with pytest.raises(IllegalActionError, match=r"\[D1\]"):
        game.push("pass")
    assert len(game.history) == 1, "a refused push changes nothing"
    assert game.pop() == first and game.history == []
    with pytest.raises(IndexError):
        game.pop()


def test_wrong_seat_is_refused_with_the_turn_order() -> None:
    game = Game("podkidnoy", players=3, seed=2)
    mover = game.to_move
    assert mover is not None
    other = (mover + 1) % 3
    reason = game.explain(game.legal_actions()[0], player=other)
    assert reason is not None and reason.rule == "turn order" and f"seat {mover}" in reason.text


def test_positions_render_as_html() -> None:
    html = new_game("podkidnoy", 2, seed=1)._repr_html_()  # type: ignore[attr-defined]
    assert "dl-card" in html and "aria-label" in html and "seat 0" in html


def test_a_view_shows_in_a_notebook_what_its_seat_sees() -> None:
    """A view draws as the position does, but as its seat sees it: its own cards face up,
    of the other's only the 6♠ he was seen picking up, his six other cards face down; the
    cards only seat 1 holds appear in seat 1's view and nowhere in seat 0's."""
    import re

    hands, trump, stock = SPOT
    state = play(position("podkidnoy", hands, trump=trump, stock=stock), "L6S take")
    mine, theirs = View(state, seat=0)._repr_html_(), View(state, seat=1)._repr_html_()
    rows = dict(re.findall(r"<tr><td[^>]*>(seat \d)[^<]*</td><td>(.*?)</td></tr>", mine))
    faces = re.compile(r'aria-label="([^"]+)"')
    assert faces.findall(rows["seat 0"]) == [
        "nine of clubs", "ten of clubs", "jack of clubs", "queen of clubs", "king of clubs",
        "king of hearts"]
    assert faces.findall(rows["seat 1"]) == ["six of spades"] + ["a card face down"] * 6
    assert "as seat 0 sees it" in mine and "as seat 1 sees it" in theirs
    hidden = [c.words for c in View(state, seat=1).hand if str(c) != "6♠"]
    assert all(f'"{words}"' in theirs and f'"{words}"' not in mine for words in hidden)


def test_a_view_is_of_one_seat_for_good() -> None:
    view = View(new_game("podkidnoy", players=3, seed=2), 0)
    with pytest.raises(AttributeError):
        view.seat = 1  # type: ignore[misc]
    assert view.seat == 0


def test_a_sampled_world_keeps_no_real_hand_of_an_earlier_bout() -> None:
    import random

    from durak_lessons import sampling

    game = Game("prostoy-pairs", players=3, seed=1)
    rng = random.Random(1)
    for _ in range(12):
        game.push(rng.choice(game.legal_actions()))
    assert game.state._history, "bouts have started: the D39 record holds real hands"  # type: ignore[attr-defined]
    world = sampling.determinize(View(game.state, game.to_move), random.Random(0))
    assert world._history == ()  # type: ignore[attr-defined]


def test_the_card_shown_at_an_own_trumps_deal_is_known_to_be_the_dealers() -> None:
    game = Game("svoi-kozyri-8a", players=4, seed=1)
    dealer = game.state.deal.dealer
    shown = game.state.deal.public_cards
    assert len(shown) == 1 and shown[0] in game.state.hand(dealer)
    while game.state.phase == "name-trump":
        game.push(game.legal_actions()[0])
    assert View(game.state, (dealer + 1) % 4).known(dealer) == list(shown)  # D25
