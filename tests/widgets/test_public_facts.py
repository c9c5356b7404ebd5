"""The second review of the widget layer (/tmp/s27 review, F1-F13): the widgets show public
facts only and all of them (the trump under the stock, the named suits, the cards shown at
the deal or put back into the stock), keep the reader's choices, and replay after Undo."""

from __future__ import annotations

import html as html_module
import random
import re
from typing import Any

import pytest
from durak_lessons.widgets import HandStepper, LegalityQuiz, PlayTable, position_html
from helpers import click_action, play_to_end

from durak_lessons import Action, Deal, Game, Kind, Record, Rules, View, new_game


def _text(html_text: str) -> str:
    """The words of some HTML, blanks collapsed."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html_module.unescape(html_text))).strip()


def _codes(html_text: str) -> list[str]:
    """The card codes drawn in some HTML, in order (``dl-c-7S`` ...)."""
    return re.findall(r"dl-c-(\w\w)\b", html_text)


# ---- F1: a bot's turn says only public facts -------------------------------------------------


def test_a_bots_turn_does_not_tell_what_its_hidden_hand_allows() -> None:
    # perevodnoy seed 1: after 8♠ the bot can only take; after 7♦ it may cover or transfer.
    # The status must read the same: what it may do depends on its hidden hand
    table = PlayTable("perevodnoy", 2, seed=1, pace="step")
    said = []
    for card in ("8S", "7D"):
        table.card_button(card).click()
        table.action_buttons["lead"].click()
        assert table.game.state.to_move == 1 and table.game.state.phase == "defend"
        said.append(_text(table.status_html.value))
        table.action_buttons["undo"].click()
    assert said[0] == said[1] == "Seat 1 (greedy bot) to move (defending). Press Step."
    for word in ("may", "take", "cover", "transfer"):
        assert word not in said[0]


def test_a_bots_turn_at_the_delay_pace_names_no_move_kinds() -> None:
    pending: list[Any] = []
    table = PlayTable("podkidnoy", 2, seed=1, pace="delay",
                      scheduler=lambda _s, callback: pending.append(callback))
    click_action(table, table.game.legal_actions()[0])
    assert table.game.state.to_move == 1
    status = _text(table.status_html.value)
    assert status.startswith("Seat 1 (greedy bot) to move") and "may" not in status


# ---- F2: the record names every card: withheld mid-deal ---------------------------------------


def test_the_record_is_withheld_mid_deal_unless_the_cards_are_open() -> None:
    table = PlayTable("podkidnoy", 2, seed=3)
    table.record_button.click()
    shown = table.record_html.value
    assert "<pre>" not in shown and "dl-record-withheld" in shown
    assert "h=" not in shown and "open cards" in _text(shown)
    hidden = table.game.state.hand(1)
    assert not any(f"{c.code}" in shown for c in hidden)  # no card of the bot's, by any name
    table.open_box.value = True  # open cards: nothing is hidden any more
    line = re.search(r"<pre>(.*)</pre>", table.record_html.value, re.S)
    assert line is not None
    replayed = Record.from_text(html_module.unescape(line.group(1)))
    assert replayed.actions == table.game.record().actions
    table.open_box.value = False
    assert "<pre>" not in table.record_html.value
    play_to_end(table, seed=3)  # over: the record is the game's, to hand in
    assert "<pre>" in table.record_html.value


def test_the_blind_games_withheld_record_names_the_readers_own_row() -> None:
    table = PlayTable("blind", 2, seed=1)
    table.record_button.click()
    assert "your own face-down row" in _text(table.record_html.value)


# ---- F4: the "Other move" choice survives a redraw --------------------------------------------


def test_the_other_move_choice_is_kept_across_redraws() -> None:
    table = PlayTable("svoi-kozyri-8b", 2, seed=2, hint_provider=lambda _view: "a hint")
    assert table.human_to_move and table.game.state.phase == "name-trump"
    offered = [value for _label, value in table.special_moves.options]
    assert "NH" in offered and offered[0] != "NH"
    table.special_moves.value = "NH"
    table.hint_button.click()  # redraws without changing the position
    table.record_button.click()
    table.open_box.value = True
    assert table.special_moves.value == "NH"
    table.action_buttons["special"].click()
    assert table.game.history[0] == Action.parse("NH")


# ---- F5: own trumps as named so far; the card shown at the deal (D25) -------------------------


def test_the_suits_named_so_far_are_shown() -> None:
    table = PlayTable("svoi-kozyri-8a", 4, seed=1, humans=(2,))
    named = View(table.game.state, 2).trumps
    assert named[:2] != (-1, -1) and named[2:] == (-1, -1)  # the bots before the reader named
    info = _text(table.info_html.value)
    for p, suit in enumerate(named):
        symbol = "♠♣♦♥"[suit] if suit >= 0 else "?"
        assert f"{table.names[p]} {symbol}" in info


@pytest.mark.parametrize(("preset", "players"), [("svoi-kozyri-8b", 2), ("s-par-all-cards", 2),
                                                 ("dorozhny", 2), ("s-par-own-trumps", 4)])
def test_the_card_shown_at_the_deal_is_in_the_info_line(preset: str, players: int) -> None:
    table = PlayTable(preset, players, seed=2)
    deal = table.game.state.deal
    assert deal.public_cards
    info = table.info_html.value
    assert "dl-shown" in info and "shown at the deal" in _text(info)
    for card in deal.public_cards:
        assert f"dl-c-{card.code}" in info
    assert table.names[deal.dealer] in _text(info)


# ---- F6: the card under the stock after the exchange; the suit once it is drawn ---------------


def _after_exchange() -> PlayTable:
    table = PlayTable("s-par", 2, seed=1)
    rng = random.Random(1)
    while not any(a.kind == Kind.EXCHANGE for a in table.game.legal_actions()):
        legal = table.game.legal_actions()
        click_action(table, legal[rng.randrange(len(legal))])
    exchange = next(a for a in table.game.legal_actions() if a.kind == Kind.EXCHANGE)
    click_action(table, exchange)
    return table


def test_after_the_trump_exchange_the_exchanged_card_lies_under_the_stock() -> None:
    table = _after_exchange()
    state = table.game.state
    under = View(state, 0).under_card
    turned = state.deal.trump_card
    assert under is not None and turned is not None and under != turned
    assert _codes(table.info_html.value) == [under.code]
    assert f"dl-c-{turned.code}" not in table.info_html.value
    # the stepper and the quiz draw the same
    stepped = position_html(state)
    trump_row = stepped[stepped.index("<td>trump</td>"):]
    assert _codes(trump_row) == [under.code]
    if state.to_move is not None:
        quiz = LegalityQuiz(state, state.legal_actions()[:1])
        quiz_trump = quiz.position_html.value
        quiz_trump = quiz_trump[quiz_trump.index("<td>trump</td>"):quiz_trump.index("your hand")]
        assert _codes(quiz_trump) == [under.code]


def test_once_the_turned_up_trump_is_drawn_only_its_suit_is_shown() -> None:
    table = PlayTable("podkidnoy", 2, seed=5)
    turned = table.game.state.deal.trump_card
    assert turned is not None
    rng = random.Random(5)
    while table.game.state.stock_count > 0 and not table.game.state.is_over:
        legal = table.game.legal_actions()
        click_action(table, legal[rng.randrange(len(legal))])
    info = table.info_html.value
    assert f"dl-c-{turned.code}" not in info
    assert "♠♣♦♥"[turned.suit] in _text(info).split("Stock")[0]


# ---- F7: the spades put back into the stock (D26) ---------------------------------------------


def test_the_spades_put_back_into_the_stock_are_shown_with_their_places() -> None:
    table = PlayTable("diamonds-turned", 2, seed=1)
    placed = View(table.game.state, 0).placed_in_stock
    assert placed  # seed 1: J♠ and 7♠, the 11th and 12th cards to be drawn
    info = table.info_html.value
    assert "dl-placed" in info
    words = _text(info)
    for place, card in placed:
        assert f"dl-c-{card.code}" in info
        assert f"the {place + 1}th card to be drawn" in words


# ---- F8, F9: the stepper draws blind rows in their order, and each seat's own trump -----------


def _played(preset: str, deal: Deal, moves: str) -> Game:
    game = Game(preset, players=2, deal=deal)
    for a in moves.split(" "):
        game.push(a)
    return game


def _blind_game() -> Game:
    deal = Deal.from_hands(["6♠ K♥ 9♦ 7♥ Q♣ 10♠", "7♠ 8♦ 10♣ 6♦ J♥ 9♠"], trump="A♣",
                           stock="J♠ Q♦ 8♣", leader=0)  # the book's blind.md example
    return _played("blind", deal, "P0 P0C6S P2 P3C7H P0")


def test_the_stepper_draws_blind_rows_in_row_order_with_positions() -> None:
    game = _blind_game()
    stepper = HandStepper(game.record(), names=["Anna", "Boris"])
    for frame, state in zip(stepper.frames, game.states, strict=True):
        rows = frame.value.split('class="dl-frame-seat"')[1:]
        for p, row_part in enumerate(rows):
            row_part = row_part.split("</tr>")[0]
            assert _codes(row_part) == [c.code for c in state.row(p)]
            assert all(f"dl-row-pos-{i}" in row_part for i in range(len(state.row(p))))


def _own_trumps_game() -> Game:
    deal = Deal.from_hands(["7♣ 9♥ K♠ 6♥ Q♦ 10♠", "9♣ K♥ 8♠ J♠ 6♣ 7♦"], own_trumps="HS",
                           leader=0)
    return _played("svoi-kozyri-8b", deal, "L7C C7C9C T9H C9HKH TKS")


def test_the_stepper_and_the_quiz_name_each_seats_own_trump() -> None:
    game = _own_trumps_game()
    frame = _text(HandStepper(game.record(), names=["Anna", "Boris"]).frames[5].value)
    assert "Anna ♥" in frame and "Boris ♠" in frame
    quiz = LegalityQuiz(game.state, ["CKSJS", "take"], names=["Anna", "Boris"])
    shown = _text(quiz.position_html.value)
    assert "Anna ♥" in shown and "Boris ♠" in shown


# ---- F10: a best-move quiz gives up instead of freezing ---------------------------------------


def _whole_pack_position() -> Any:
    state = new_game("svoi-kozyri-8b", 2, 1)
    while state.phase == "name-trump":
        state = state.apply(state.legal_actions()[0])
    return state


def test_a_best_move_quiz_past_its_search_budget_raises_value_error() -> None:
    state = _whole_pack_position()
    with pytest.raises(ValueError, match="cannot tell the best move here within 2,000"):
        LegalityQuiz(state, state.legal_actions()[:3], mode="best", node_limit=2_000)


def test_a_best_move_quiz_always_bounds_the_solver(monkeypatch: pytest.MonkeyPatch) -> None:
    import durak_lessons.widgets.quiz as quiz_module

    from durak_lessons.solver import solve

    limits: list[int | None] = []

    def bounded(state: Any, **kwargs: Any) -> Any:
        limits.append(kwargs.get("node_limit"))
        return solve(state, **kwargs)

    monkeypatch.setattr(quiz_module, "solve", bounded)
    deal = Deal.from_hands(["8♠ 7♣ 7♥", "J♥ 6♥ A♣"], trump="H", leader=0)
    state = Game("podkidnoy", 2, deal=deal).state
    LegalityQuiz(state, ["L8S"], mode="best")
    assert limits and limits[0] is not None and limits[0] > 0


# ---- F11: rules strings ----------------------------------------------------------------------


def test_the_table_takes_a_rules_string_as_game_does() -> None:
    table = PlayTable("perevodnoy(otkaz=1)", 2, seed=1)
    assert table.rules == Rules.parse("perevodnoy(otkaz=1)") and table.rules.otkaz
    assert table.game.rules == Game("perevodnoy(otkaz=1)", 2).rules


# ---- F12: Undo rewinds the bots' random generator ---------------------------------------------


def test_the_same_move_after_undo_gets_the_same_replies() -> None:
    table = PlayTable("podkidnoy", 3, seed=0, opponent="random")
    for _ in range(3):
        click_action(table, table.game.legal_actions()[0])
    action = table.game.legal_actions()[0]
    n = len(table.game.history)
    click_action(table, action)
    first = table.game.history[n:]
    table.action_buttons["undo"].click()
    assert len(table.game.history) == n
    click_action(table, action)
    assert table.game.history[n:] == first


def test_undo_then_replay_gives_the_game_of_a_fresh_table() -> None:
    # the same clicks with and without Undo in between give the same game
    moves = []
    table = PlayTable("podkidnoy", 3, seed=7, opponent="random")
    rng = random.Random(7)
    for _ in range(4):
        legal = table.game.legal_actions()
        a = legal[rng.randrange(len(legal))]
        moves.append(a)
        click_action(table, a)
        table.action_buttons["undo"].click()
        click_action(table, a)
    fresh = PlayTable("podkidnoy", 3, seed=7, opponent="random")
    for a in moves:
        click_action(fresh, a)
    assert fresh.game.history == table.game.history


# ---- F13: the blind quiz shows the mover's row face down, the others' face up -----------------


def test_the_blind_quiz_hides_the_movers_row_and_shows_the_others() -> None:
    quiz = LegalityQuiz.from_game("blind", 2, seed=1, moves=3, options=4)
    state, seat = quiz.state, quiz.seat
    shown = quiz.position_html.value
    others, _, rest = shown.partition("<td>table</td>")
    mine = rest[rest.index("your row"):]
    remembered = View(state, seat).remembered_row or []
    unseen = [c for c, r in zip(state.row(seat), remembered, strict=True) if r is None]
    assert unseen
    for card in unseen:  # the mover does not see his own cards (R14)
        assert f"dl-c-{card.code}" not in shown
    assert mine.count("dl-back") == len(unseen)
    assert _codes(mine) == [c.code for c in remembered if c is not None]
    assert all(f"dl-row-pos-{i}" in mine for i in range(len(remembered)))
    other = 1 - seat  # two seats: the other's row face up, in its order
    assert _codes(others) == [c.code for c in state.row(other)]


# ---- minor: the log speaks to the reader -----------------------------------------------------


def test_the_log_says_your_trump_for_the_readers_own_naming() -> None:
    table = PlayTable("svoi-kozyri-8b", 2, seed=2)
    click_action(table, table.game.legal_actions()[0])
    assert table.move_log[0].startswith("Seat 0 (you) names ")
    assert "as your trump" in table.move_log[0].split(":")[0]
    bots = [line for line in table.move_log[1:] if "names" in line]
    assert bots and "as his trump" in bots[0]  # a bot's naming stays in the third person


def test_a_reader_called_you_is_spoken_to() -> None:
    table = PlayTable("podkidnoy", 2, seed=2, names=["You", "Boris"])
    before = len(table.game.history)
    assert table.game.state.phase == "lead"  # seed 2: the reader leads first
    lead = next(a for a in table.game.legal_actions() if a.kind == Kind.LEAD)
    click_action(table, lead)
    line = table.move_log[before]
    assert line.startswith(f"You lead {' '.join(str(c) for c in lead.cards)}:")
    play_to_end(table, seed=2)
    mine = [line for line, state in zip(table.move_log, table.game.states, strict=False)
            if state.to_move == 0]
    assert mine and all(line.startswith("You ") for line in mine)
    assert not any(re.match(r"You (leads|takes|covers|throws|passes) ", x) for x in mine)


# ---- the quiz and the stepper show the public cards off the table too (D25, D26) --------------


def test_the_quiz_and_the_stepper_show_the_spades_put_back_and_the_card_shown() -> None:
    state = Game("diamonds-turned", players=2, seed=1).state
    placed = View(state, 0).placed_in_stock
    assert placed  # seed 1: J♠ and 7♠ go back into the stock
    quiz = LegalityQuiz(state, state.legal_actions()[:1]).position_html.value
    stepped = position_html(state)
    for drawn in (quiz, stepped):
        assert "dl-placed" in drawn
        for place, card in placed:
            assert f"dl-c-{card.code}" in drawn and f"the {place + 1}th card" in _text(drawn)
    shown = Game("s-par-all-cards", players=2, seed=2).state
    assert shown.deal.public_cards
    assert "shown at the deal" in _text(position_html(shown))
    quiz = LegalityQuiz(shown, shown.legal_actions()[:1]).position_html.value
    assert "shown at the deal" in _text(quiz)
    plain = Game("podkidnoy", players=2, seed=1).state
    assert "dl-deal-notes" not in position_html(plain)


def test_open_cards_show_the_readers_own_blind_row() -> None:
    table = PlayTable("blind", 2, seed=3)
    state = table.game.state
    row = state.row(0)
    assert not any("dl-opened" in b._dom_classes for b in table.position_buttons.values())
    table.open_box.value = True
    for i, card in enumerate(row):
        b = table.position_buttons[i]
        assert "dl-opened" in b._dom_classes or "dl-remembered" in b._dom_classes
        assert f"dl-c-{card.code}" in b._dom_classes
    table.open_box.value = False
    assert not any("dl-opened" in b._dom_classes for b in table.position_buttons.values())
