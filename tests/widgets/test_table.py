"""PlayTable, headless: whole games through the table's own buttons, refusals, double clicks,
undo, pace and the hint hook."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import pytest
from durak_lessons.widgets import PlayTable
from helpers import click_action, play_to_end, prefer

from durak_lessons import (
    Action,
    Card,
    Deal,
    Game,
    GreedyBot,
    Kind,
    RandomBot,
    View,
    all_presets,
    find_preset,
    preset_info,
)


def test_whole_game_of_podkidnoy_through_clicks() -> None:
    table = PlayTable("podkidnoy", 2, seed=11)
    played = play_to_end(table, seed=11)
    assert table.game.is_over and table.game.outcome is not None
    assert len(played) > 5
    assert "dl-over" in table._dom_classes
    assert "The deal is over" in table.status_html.value
    # the log names every action, in words, in order
    assert len(table.move_log) == len(table.game.history)


def test_the_bots_cards_are_shown_face_up_once_the_deal_is_over() -> None:
    table = PlayTable("podkidnoy", 2, seed=4)
    assert "dl-back" in table.others_box.children[0].value  # hidden while the deal goes on
    play_to_end(table, seed=4)
    left = table.game.state.hand(1)  # seed 4: the bot is the fool, with six cards
    panel = table.others_box.children[0].value
    assert len(left) == 6 and "dl-back" not in panel
    assert all(f"dl-c-{c.code}" in panel for c in left)


def test_the_empty_table_line_gives_way_at_the_deal_end_and_comes_back_on_undo() -> None:
    """Once the deal is over the empty table's line is not drawn (a phone's console frame
    holds the end of a four-seat deal only without it); Undo brings it back with the play."""
    table = PlayTable("podkidnoy", 2, seed=4)
    assert table.table_box.layout.display == ""
    play_to_end(table, seed=4)
    assert table.table_box.layout.display == "none"
    table.action_buttons["undo"].click()
    assert not table.game.is_over and table.table_box.layout.display == ""


def test_whole_game_of_perevodnoy_with_a_transfer() -> None:
    table = PlayTable("perevodnoy", 3, seed=5, bots={1: RandomBot(), 2: GreedyBot()})
    played = play_to_end(table, seed=5, choose=prefer(Kind.TRANSFER))
    assert table.game.is_over
    assert any(a.kind == Kind.TRANSFER for a in played), "the reader transferred by clicking"
    assert any("transfers with" in line for line in table.move_log)


def test_whole_game_of_podkidnoy_teams() -> None:
    table = PlayTable("podkidnoy-teams", 4, seed=2)
    play_to_end(table, seed=2)
    outcome = table.game.outcome
    assert outcome is not None and outcome.termination.value in ("team", "draw")


def test_whole_game_hot_seat_two_humans_step_by_step() -> None:
    table = PlayTable("perevodnoy-otkaz", 2, seed=9, humans=(0, 1))
    play_to_end(table, seed=9, choose=prefer(Kind.TRANSFER))
    assert table.game.is_over
    assert not table.bots


def _defend_position() -> PlayTable:
    # seat 1 leads 8♣ at seat 0, whose hand cannot beat it with 6♣
    deal = Deal.from_hands(["7♠ J♠ 6♣ 10♣ J♣ 9♦", "8♣ K♣ 10♦ Q♦ A♦ 8♥"], trump="7♥",
                           stock="6♠ 8♠ 9♠ 10♠ Q♠ K♠", leader=1)
    table = PlayTable("podkidnoy", deal=deal, bots={1: GreedyBot()})
    assert table.game.state.phase == "defend"
    return table


def test_forbidden_click_changes_nothing_and_shows_the_rule() -> None:
    table = _defend_position()
    before = table.game.state
    history = list(table.game.history)
    table.card_button("6C").click()  # 6♣ does not beat 8♣
    assert table.game.state is before and table.game.history == history
    assert table.refusal is not None and table.refusal.rule == "Rozaliev 2"
    assert "cannot beat" in table.message and "[Rozaliev 2]" in table.message
    assert "dl-refused" in table.message_html.value
    # «бито» is not the defender's to say: refused with its rule, nothing changes
    table.action_buttons["pass"].click()
    assert table.game.state is before and table.refusal is not None
    assert table.refusal.rule == "D1"
    # a legal click then plays
    table.card_button("10C").click()
    assert table.game.history[len(history)] == Action.parse("C8CTC")
    assert table.refusal is None


def test_double_click_applies_once() -> None:
    table = _defend_position()
    take_button = table.action_buttons["take"]
    take_button.click()
    n = len(table.game.history)
    took = [a for a in table.game.history if a.kind == Kind.TAKE]
    assert len(took) == 1
    take_button.click()  # the second click of a double click reaches a dead button
    assert len(table.game.history) == n
    # a card button too
    table2 = _defend_position()
    ten = table2.card_button("10C")
    ten.click()
    n2 = len(table2.game.history)
    ten.click()
    assert len(table2.game.history) == n2


def test_undo_restores_the_previous_state() -> None:
    table = PlayTable("podkidnoy", 2, seed=4)
    start = table.game.state
    start_len = len(table.game.history)
    action = table.game.legal_actions()[0]
    click_action(table, action)
    assert len(table.game.history) > start_len
    table.action_buttons["undo"].click()
    assert table.game.state == start and len(table.game.history) == start_len
    assert table.human_to_move


def test_step_pace_waits_for_the_step_button() -> None:
    table = PlayTable("podkidnoy", 2, seed=3, pace="step")
    # seat 1 leads in this deal: nothing happens until Step
    while table.human_to_move:
        click_action(table, table.game.legal_actions()[-1])
    n = len(table.game.history)
    assert not table.action_buttons["step"].disabled
    table.action_buttons["step"].click()
    assert len(table.game.history) == n + 1


def _play_out_at_half_a_second(
    table: PlayTable, scheduled: list[tuple[float, Callable[[], None]]]
) -> None:
    """Play ``table`` (delay 0.5 s) to the end: the reader's first legal move at his turns,
    else the bot's move that must have been scheduled, run by hand."""
    while not table.game.is_over:
        if table.human_to_move:
            click_action(table, table.game.legal_actions()[0])
        else:
            assert scheduled, "a bot is to move: a move must be scheduled"
            seconds, run = scheduled.pop(0)
            assert seconds == 0.5
            n = len(table.game.history)
            run()
            assert len(table.game.history) == n + 1
    assert table.game.outcome is not None


def test_delay_pace_uses_the_injected_scheduler() -> None:
    pending: list[tuple[float, Callable[[], None]]] = []
    table = PlayTable("podkidnoy", 2, seed=3, pace="delay", delay=0.5,
                      scheduler=lambda s, f: pending.append((s, f)))
    _play_out_at_half_a_second(table, pending)


def test_in_the_browser_s_python_bots_are_scheduled_on_the_event_loop(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Pyodide (sys.platform 'emscripten', the book's JupyterLite pages) starts no threads: a
    table made there without a scheduler puts its bots' moves at the delay pace on the event
    loop the kernel runs on (a timer thread had raised "can't start new thread": the bots
    never moved)."""
    import asyncio
    import sys
    import threading

    from durak_lessons.widgets import default_scheduler, loop_scheduler, thread_scheduler

    monkeypatch.setattr(sys, "platform", "linux")
    assert default_scheduler() is thread_scheduler
    later: list[tuple[float, Callable[[], None]]] = []

    class Loop:
        def call_later(self, seconds: float, callback: Callable[[], None]) -> None:
            later.append((seconds, callback))

    def no_thread(*args: object, **kwargs: object) -> None:
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(threading, "Timer", no_thread)
    monkeypatch.setattr(asyncio, "get_running_loop", Loop)
    assert default_scheduler() is loop_scheduler
    _play_out_at_half_a_second(PlayTable("podkidnoy", 2, seed=3, pace="delay", delay=0.5), later)


def test_a_stale_timer_does_nothing_after_undo() -> None:
    pending: list[Callable[[], None]] = []
    table = PlayTable("podkidnoy", 2, seed=4, pace="delay",
                      scheduler=lambda s, f: pending.append(f))
    while not table.human_to_move:
        pending.pop(0)()
    click_action(table, table.game.legal_actions()[0])
    assert pending
    table.undo()
    state = table.game.state
    pending.pop()()
    assert table.game.state is state


def test_hint_button_is_a_hook() -> None:
    plain = PlayTable("podkidnoy", 2, seed=1)
    assert plain.hint_button.disabled
    seen: list[View] = []

    def hint(view: View) -> str:
        seen.append(view)
        return f"you hold {len(view.hand)} cards"

    table = PlayTable("podkidnoy", 2, seed=1, hint_provider=hint)
    assert not table.hint_button.disabled
    table.hint_button.click()
    assert seen and seen[0].seat == 0
    assert "you hold 6 cards" in table.hint_html.value


def test_a_table_without_hints_says_how_to_get_them() -> None:
    """The Hint button of a table made without ``hint_provider`` is off; a click that reaches
    it (``button.click()`` from a notebook) says how to make a table that hints."""
    plain = PlayTable("podkidnoy", 2, seed=1)
    assert plain.hint_button.disabled and "search_hints()" in plain.hint_button.tooltip
    before = plain.game.state
    plain.hint_button.click()
    assert "hint_provider=search_hints()" in plain.hint_text
    assert plain.hint_html.value == html.escape(plain.hint_text)
    assert plain.game.state is before
    assert plain.human_to_move
    click_action(plain, plain.game.legal_actions()[0])
    assert plain.game.state is not before
    assert plain.hint_text == ""  # cleared with the position, as every hint is


def test_new_deal_uses_the_seed_box_and_open_cards_shows_faces() -> None:
    table = PlayTable("podkidnoy", 2, seed=1)
    table.seed_box.value = 42
    table.new_button.click()
    assert table.game.deal == Game("podkidnoy", 2, 42).deal
    assert table.game.history == [] or table.game.states[0].to_move != 0
    other = table.others_box.children[0]
    assert "dl-back" in other.value
    table.open_box.value = True
    other = table.others_box.children[0]
    hand = table.game.state.hand(1)
    assert all(f"dl-c-{c.code}" in other.value for c in hand)


def test_cards_have_words_and_classes() -> None:
    table = PlayTable("podkidnoy", 2, seed=3, russian=True, four_colour=True)
    for card, button in table.hand_buttons.items():
        assert button.description == Card(card).words
        assert "dl-card" in button._dom_classes and f"dl-c-{card.code}" in button._dom_classes
    assert "dl-ru" in table._dom_classes
    playable = [c for c, b in table.hand_buttons.items() if "dl-playable" in b._dom_classes]
    legal_cards = {c for a in table.game.legal_actions() for c in a.cards}
    assert set(playable) == legal_cards


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="pace"):
        PlayTable("podkidnoy", 2, pace="fast")
    with pytest.raises(ValueError, match="humans"):
        PlayTable("podkidnoy", 2, humans=(5,))


@pytest.mark.slow
@pytest.mark.parametrize("preset", [p.id for p in all_presets()])
def test_every_preset_plays_to_the_end_through_the_table(preset: str) -> None:
    """Bout, chain and blind games, with flips, named trumps and exchanges in the Other list."""
    players = preset_info(preset).seat_counts[0]
    table = PlayTable(preset, players, seed=5)
    played = play_to_end(table, seed=5)
    assert table.game.is_over and played
    assert "The deal is over" in table.status_html.value


def test_blind_game_hides_the_readers_cards_and_shows_the_others() -> None:
    table = PlayTable("blind", 2, seed=5)
    state = table.game.state
    assert not table.hand_buttons and len(table.position_buttons) == len(state.hand(0))
    for i, b in table.position_buttons.items():
        assert b.description == f"your card in position {i}"
        assert not any(cls.startswith("dl-c-") for cls in b._dom_classes)
    other = table.others_box.children[0].value
    assert all(f"dl-c-{c.code}" in other for c in state.hand(1))


def test_blind_game_shows_the_reader_the_cards_he_saw_go_into_his_row() -> None:
    # seat 1 leads one of its sixes; no diamond of the reader's can beat it (hearts trumps)
    deal = Deal.from_hands(["8♦ 9♦ 10♦", "6♠ 6♣ 6♥"], trump="H", leader=1)
    table = PlayTable("blind", deal=deal, bots={1: GreedyBot()})
    assert table.game.state.phase == "defend"
    led = table.game.state.table[0][0]
    table.position_buttons[0].click()  # 8♦ on it: a wrong cover, he takes the six (R14)
    state = table.game.state
    assert [str(c) for c in state.row(0)][:3] == ["8♦", "9♦", "10♦"]
    assert state.row(0)[3] == led
    for i, card in ((0, Card.parse("8♦")), (3, led)):  # turned over, and picked up
        b = table.position_buttons[i]
        assert "dl-remembered" in b._dom_classes and f"dl-c-{card.code}" in b._dom_classes
        assert b.description == f"your card in position {i}: {card.words}, seen going in"
    for i in (1, 2):  # never seen by him
        b = table.position_buttons[i]
        assert "dl-back" in b._dom_classes and b.description == f"your card in position {i}"
        assert not any(cls.startswith("dl-c-") for cls in b._dom_classes)


def test_search_hints_feed_the_hint_button() -> None:
    from durak_lessons.widgets import search_hints

    table = PlayTable("podkidnoy", 2, seed=1, hint_provider=search_hints(iterations=30))
    assert table.human_to_move
    table.hint_button.click()
    text = table.hint_html.value
    assert text.startswith("Best moves") and "not to be the fool" in text
    from durak_lessons.widgets.narrate import describe_own

    legal_words = {describe_own(a, imperative=False) for a in table.state.legal_actions()}
    first = text.split("— ")[1].split(":")[0]
    assert first in legal_words, "the hint names a legal move of the reader"


def test_search_hints_name_the_only_legal_move_without_a_figure() -> None:
    # the faithful дорожный: the first leader holds no card in his hand, only his face-down
    # pile, so the one legal move is to turn its top card; no estimate is made for it
    from durak_lessons.widgets import search_hints

    table = PlayTable("dorozhny", 2, seed=3, hint_provider=search_hints(iterations=10))
    assert table.human_to_move and len(table.state.legal_actions()) == 1
    table.hint_button.click()
    text = table.hint_html.value
    assert "Only one move is legal: turns the top card of your pile." in text
    assert "nan" not in text


def test_the_reader_picks_the_opponents_from_the_list() -> None:
    table = PlayTable("podkidnoy", 2, seed=4)
    box = table.opponent_box
    assert box.value == "greedy" and [v for _label, v in box.options] == [
        "random", "greedy", "card-tracking", "search"]
    if table.human_to_move:
        click_action(table, table.game.legal_actions()[0])
    played = len(table.game.history)
    box.value = "card-tracking"  # what the reader's choice in the list does
    assert type(table.bots[1]).__name__ == "HeuristicBot"
    assert table.names[1] == "Seat 1 (card-tracking bot)"
    assert "opponents are now card-tracking bots" in table.message_html.value
    assert len(table.game.history) == played  # the deal goes on, nothing taken back
    # the moves already in the log keep the name of the bot that made them
    assert all("card-tracking" not in line for line in table.move_log)
    play_to_end(table, seed=4)
    assert any("(card-tracking bot)" in line for line in table.move_log)
    box.value = "search"
    assert type(table.bots[1]).__name__ == "SearchBot" and table.bots[1].name == "search"


def test_opponent_argument_and_bad_values() -> None:
    table = PlayTable("perevodnoy", 3, seed=1, opponent="random")
    assert {type(b).__name__ for b in table.bots.values()} == {"RandomBot"}
    assert table.opponent_box.value == "random"
    mixed = PlayTable("perevodnoy", 3, seed=1, bots={1: RandomBot()})  # seat 2: greedy
    assert mixed.opponent_box.value is None
    with pytest.raises(ValueError, match="opponent must be one of"):
        PlayTable("podkidnoy", 2, opponent="strong")
    with pytest.raises(ValueError, match="opponent must be one of"):
        table.set_opponents("strong")
    hot_seat = PlayTable("podkidnoy", 2, humans=(0, 1))
    assert hot_seat.opponent_box.disabled


def test_record_button_shows_a_line_that_replays_the_game() -> None:
    import html as html_module
    import re

    from durak_lessons import Record

    table = PlayTable("perevodnoy", 2, seed=6)
    assert table.record_html.value == ""
    table.record_button.click()
    play_to_end(table, seed=6)
    shown = re.search(r"<pre>(.*)</pre>", table.record_html.value, re.S)
    assert shown is not None  # kept up to date while shown
    record = Record.from_text(html_module.unescape(shown.group(1)))
    assert record.actions == table.game.record().actions and record.states()[-1].is_over
    table.record_button.click()
    assert table.record_html.value == ""


# ---- the review of the widget layer (findings 1, 2, 3, 5, 9) ----------------------------------


def _strip(html_text: str) -> str:
    import re

    return re.sub(r"<[^>]+>", "", html_text)


def test_dorozhny_shows_every_face_down_pile() -> None:
    # finding 1: in дорожный the seats hold their cards in face-down piles (D13); a seat with
    # an empty hand is not out of cards, and the reader's own pile is his score
    table = PlayTable("dorozhny", 3, seed=4)
    for _ in range(12):
        click_action(table, table.game.legal_actions()[0])
    piles = table.game.state.pile_sizes
    assert any(piles)
    for panel in table.others_box.children:
        seat = next(p for p in range(3) if f"dl-seat-{p}" in panel._dom_classes)
        assert f"face-down pile: {piles[seat]}" in _strip(panel.value)
    assert f"Your face-down pile: {piles[table.viewer]}" in _strip(table.info_html.value)
    plain = PlayTable("podkidnoy", 3, seed=4)  # no piles: nothing said about them
    assert "pile" not in _strip(plain.info_html.value)
    assert all("pile" not in _strip(p.value) for p in plain.others_box.children)


def test_the_search_opponents_think_less_at_a_crowded_table() -> None:
    # finding 2: a click at six seats waits for five search bots; their budget shrinks with
    # the seats, and the two-seat table keeps the search bot's own budget
    from durak_lessons.search import SearchBot

    two = PlayTable("podkidnoy", 2, seed=4, opponent="search")
    six = PlayTable("podkidnoy", 6, seed=4, opponent="search")
    bot2, bot6 = two.bots[1], six.bots[1]
    assert isinstance(bot2, SearchBot) and isinstance(bot6, SearchBot)
    default = SearchBot()
    assert (bot2.iterations, bot2.max_steps) == (default.iterations, default.max_steps)
    assert bot6.max_steps < bot2.max_steps
    assert all(isinstance(b, SearchBot) and b.max_steps == bot6.max_steps
               for b in six.bots.values())
    labels = {value: label for label, value in six.opponent_box.options}
    assert labels["search"] == "search (strongest, slower)"  # the browser tests pick it so


def test_the_status_says_who_is_thinking_before_the_bots_move() -> None:
    # finding 2: at the instant pace the bots move inside the reader's click; the status
    # names the bot that is thinking before its move, and is back to the reader after
    table = PlayTable("podkidnoy", 3, seed=2)
    assert table.human_to_move
    seen: list[str] = []
    table.status_html.observe(lambda change: seen.append(str(change["new"])), names="value")
    click_action(table, table.game.legal_actions()[0])
    thinking = [s for s in seen if "is thinking" in s]
    assert thinking and "Seat 1 (greedy bot)" in _strip(thinking[0])
    assert "is thinking" not in table.status_html.value


def test_the_hint_is_cleared_when_the_position_changes() -> None:
    # finding 3: a hint is about one position; undo, a new deal and new opponents clear it
    table = PlayTable("podkidnoy", 2, seed=1, hint_provider=lambda view: "a hint")
    click_action(table, table.game.legal_actions()[0])
    table.hint_button.click()
    assert table.hint_html.value == "a hint"
    table.action_buttons["undo"].click()
    assert table.hint_html.value == ""
    table.hint_button.click()
    table.new_button.click()
    assert table.hint_html.value == ""
    table.hint_button.click()
    table.opponent_box.value = "random"
    assert table.hint_html.value == ""


def test_the_hint_button_is_off_when_the_reader_is_not_to_move() -> None:
    # finding 3: no hint for a finished deal, nor while a bot is to move
    table = PlayTable("podkidnoy", 2, seed=3, pace="step", hint_provider=lambda view: "a hint")
    while table.human_to_move:  # seat 1 leads in this deal
        click_action(table, table.game.legal_actions()[-1])
    assert table.hint_button.disabled
    table.pace_buttons.value = "instant"
    assert table.human_to_move and not table.hint_button.disabled
    play_to_end(table, seed=3)
    assert table.hint_button.disabled
    table.hint_button.click()  # a click that reaches it anyway says why
    assert "The deal is over" in table.hint_html.value


def test_a_refused_transfer_leaves_transfer_mode_and_a_cover_then_plays() -> None:
    # finding 5: 8♣ cannot transfer 6♥; the refusal ends transfer mode, so a click on A♥
    # covers as usual
    deal = Deal.from_hands(["6♣ A♥ 7♠ 8♣ 9♣ 10♦", "6♥ 7♦ 8♦ 9♦ J♣ Q♣"], trump="K♠",
                           stock="6♠ 8♠ 9♠ 10♠ Q♠ J♠", leader=1)
    table = PlayTable("perevodnoy", deal=deal, bots={1: GreedyBot()})
    assert table.game.state.phase == "defend"
    table.action_buttons["transfer"].click()
    assert table.action_buttons["transfer"].description == "Transfer: pick a card"
    n = len(table.game.history)
    table.card_button("8C").click()
    assert len(table.game.history) == n and table.refusal is not None
    assert table.action_buttons["transfer"].description == "Transfer…"
    assert "]. Transfer cancelled" in table.message_html.value
    table.card_button("AH").click()
    assert table.game.history[n] == Action.parse("C6HAH")


def test_the_opponents_are_named_as_in_the_list() -> None:
    # finding 9: the list says card-tracking, and so do the seats' names
    table = PlayTable("podkidnoy", 3, seed=1, opponent="card-tracking")
    assert table.names[1:] == ["Seat 1 (card-tracking bot)", "Seat 2 (card-tracking bot)"]
    assert "Seat 1 (card-tracking bot)" in _strip(table.others_box.children[0].value)
    table.opponent_box.value = "search"
    assert table.names[1] == "Seat 1 (search bot)"
    table.opponent_box.value = "greedy"
    assert table.names[1] == "Seat 1 (greedy bot)"


def test_the_readers_own_moves_are_in_the_second_person() -> None:
    # finding 9: the "Other move" list and the hints speak to the reader
    from durak_lessons.widgets import search_hints

    table = PlayTable("dorozhny", 2, seed=3, hint_provider=search_hints(iterations=10))
    labels = [label for label, _value in table.special_moves.options]
    assert labels == ["turn the top card of your pile"]
    own = PlayTable("svoi-kozyri-8a", 2, seed=1, hint_provider=search_hints(iterations=10))
    assert own.human_to_move and own.game.state.phase == "name-trump"
    labels = [label for label, _value in own.special_moves.options]
    assert labels and all(label.startswith("name ") and label.endswith(" as your trump")
                          for label in labels)
    own.hint_button.click()
    assert "as your trump" in own.hint_html.value and " his " not in own.hint_html.value


def test_a_defender_who_takes_is_shown_taking_while_the_others_throw_in() -> None:
    # UX review: after the bot defender said "take" the reader is asked to throw in or pass,
    # the led card lies uncovered, and the bot's panel still said only "(defender)": the
    # reader had to find the take in the move log
    table = PlayTable("podkidnoy", 2, seed=1)  # the reader leads; the greedy bot takes 8♠
    click_action(table, Action.parse("L8S"))
    assert table.state.taking and table.state.phase == "throw-in"
    panel = table.others_box.children[0].value
    assert "(defender, taking)" in panel
    # «бито» ("beaten") is not what one says when adding nothing more to a take
    assert "бито" not in table.status_html.value.lower()
    assert "pass (add nothing more to the take)" in table.status_html.value
    assert table.action_buttons["pass"].description == "Pass"
    # once the bout is over he is no longer taking (nor shown so)
    click_action(table, Action.parse("pass"))
    assert "taking" not in table.others_box.children[0].value


def test_the_stepper_shows_the_defender_taking() -> None:
    from durak_lessons.widgets import HandStepper

    game = Game("podkidnoy", 2, seed=1)
    game.push("L8S")
    game.push("take")
    stepper = HandStepper(game.record())
    assert "(defender, taking)" not in stepper.frames[1].value
    assert "(defender, taking)" in stepper.frames[2].value


def _drawn(widget: Any) -> bool:
    return bool(widget.layout.display != "none")


def test_the_seldom_used_settings_fold_away_behind_options() -> None:
    # a 560 px console frame on a phone holds the table only without them; once the deal is
    # over they come back by themselves, for New deal and Record
    table = PlayTable("podkidnoy", 2, seed=11)
    assert table.options_button in table.actions_box.children
    assert not _drawn(table.controls)
    assert {table.seed_box, table.new_button, table.opponent_box, table.pace_buttons,
            table.open_box, table.record_button} <= set(table.controls.children)
    assert table.options_button.description == "Options"
    table.options_button.value = True
    assert _drawn(table.controls)
    assert table.options_button.description == "Hide options"  # its state, in words
    table.seed_box.value = 42
    table.new_button.click()
    assert table.game.deal == Game("podkidnoy", 2, 42).deal
    assert _drawn(table.controls)  # a redraw keeps them open
    table.options_button.value = False
    assert not _drawn(table.controls)
    play_to_end(table, seed=42)
    assert table.game.is_over and _drawn(table.controls)
    assert not _drawn(table.options_button)  # nothing left to unfold
    table.new_button.click()  # a new deal folds them again
    assert not table.game.is_over and not _drawn(table.controls)
    assert _drawn(table.options_button) and table.options_button.description == "Options"


def test_buttons_that_cannot_work_at_this_table_are_not_drawn() -> None:
    plain = PlayTable("podkidnoy", 2, seed=1)
    # no transfers in подкидной, no Step at the instant pace, no hint provider
    assert not _drawn(plain.action_buttons["transfer"])
    assert not _drawn(plain.action_buttons["step"])
    assert not _drawn(plain.hint_button)
    assert _drawn(plain.action_buttons["lead"]) and _drawn(plain.action_buttons["take"])
    plain.pace_buttons.value = "step"
    assert _drawn(plain.action_buttons["step"])
    transfers = PlayTable("perevodnoy", 2, seed=1, hint_provider=lambda _v: "hint")
    assert _drawn(transfers.action_buttons["transfer"]) and _drawn(transfers.hint_button)


def test_a_leader_who_may_pass_the_lead_is_offered_that_not_bito() -> None:
    """In 1.г (leads by pairs only) a leader without a pair passes the lead (R19): the status
    line offered "pass («бито»)", the word for a beaten bout, as the narration does not."""
    table = PlayTable("prostoy-pairs", 2, seed=0)  # the reader leads and may only pass
    assert table.state.phase == "lead"
    assert "you may pass the lead." in table.status_html.value
    assert "бито" not in table.status_html.value


def test_lead_pressed_with_no_card_selected_says_why_where_no_lead_is_allowed() -> None:
    """Review s42: Lead pressed while the reader defends said "Select the card(s) to lead
    first, then press Lead.", sending him to select cards for a move he may not make; it now
    gives the engine's reason, with its rule, as any refused move does.  Where he may lead,
    the old advice stays."""
    table = PlayTable("podkidnoy", 2, seed=7)  # the bot leads 9♣ at the reader
    assert table.state.phase == "defend" and table.human_to_move
    before = table.state
    table.action_buttons["lead"].click()
    assert table.state is before
    assert table.refusal is not None and table.refusal.rule == "D1"
    assert "Select the card" not in table.message and "[D1]" in table.message
    assert "dl-refused" in table.message_html.value
    # naming one's trump first (свои козыри): its own rule
    named = PlayTable("svoi-kozyri-8b", 2, seed=3)
    assert named.state.phase == "name-trump" and named.human_to_move
    named.action_buttons["lead"].click()
    assert named.refusal is not None and "name" in named.refusal.text
    # where a lead is the move, the reader is told to select the cards first
    table.card_button("JC").click()  # covers 9♣; the bot says «бито»; the reader leads
    assert table.state.phase == "lead" and table.human_to_move
    table.action_buttons["lead"].click()
    assert table.refusal is None and table.message.startswith("Select the card(s) to lead")


def test_the_variants_given_are_chosen_in_options_and_deal_anew_with_the_same_seed() -> None:
    """A chapter's table offers the chapter's other rule sets (its text had told readers to
    edit the table's code, which the in-browser button hides): choosing one deals anew under
    it, with the seed in the seed box (as New deal), and says so; the table's own rules come
    first."""
    table = PlayTable("prostoy", 2, seed=3, variants=["prostoy-partial", "pyatki", "prostoy"])
    box = table.variant_box
    assert box.layout.display is None and box in table.controls.children
    assert [label for label, _ in box.options] == [
        "Дурак простой · prostoy",
        "Дурак простой 1.б · prostoy-partial",
        "Пятки (дурак простой 1.в) · pyatki",
    ]  # the table's own rules once, first
    table.seed_box.value = 5
    box.value = 2
    assert table.rules == find_preset("pyatki") and table.seed == 5  # the seed box's, as New deal
    assert table.game.deal == Game("pyatki", 2, 5).deal
    assert table.message == "New deal of Пятки (дурак простой 1.в) · pyatki, seed 5."
    box.value = 0
    assert table.rules == find_preset("prostoy") and table.game.deal == Game("prostoy", 2, 5).deal
    # without variants there is nothing to choose: the list is not drawn
    assert PlayTable("prostoy", 2).variant_box.layout.display == "none"
    with pytest.raises(ValueError, match=r"^own trumps are dealt out between 2 players .* not 3"):
        PlayTable("podkidnoy", 3, variants=["svoi-kozyri-8b"])
    with pytest.raises(TypeError, match=r"^variants: expected a list of rule sets"):
        PlayTable("prostoy", 2, variants="pyatki")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("rules", "players", "seed", "variants"),
    [  # the book's chapter tables (book/<chapter>.md, "Play")
        ("prostoy", 2, 3, ["prostoy-partial", "pyatki", "prostoy-pairs"]),
        ("s-par", 2, 4, ["s-par-three", "s-par-regional", "english"]),
        ("perevodnoy", 3, 11, ["perevodnoy-otkaz"]),
        ("blind", 2, 3, ["blind-perevodnoy"]),
        ("diamonds", 2, 5, ["diamonds-turned"]),
        ("svoi-kozyri-8b", 2, 2, ["svoi-kozyri-8a"]),
        ("navalenny", 3, 9, ["navalenny-top"]),
        ("dorozhny", 3, 4, ["dorozhny-open"]),
    ],
)
def test_each_chapter_s_variants_play_through_its_table_switched_mid_deal(
    rules: str, players: int, seed: int, variants: list[str]
) -> None:
    table = PlayTable(rules, players, seed=seed, variants=variants)
    for i, name in enumerate([*variants, rules], start=1):
        for _ in range(3):  # a few moves into the deal, then another rule set
            if table.game.state.is_over:
                break
            state = table.game.state
            click_action(table, state.legal_actions()[0])
        table.variant_box.value = i % len(table.variant_box.options)
        assert table.rules == find_preset(name) and table.game.rules == table.rules
        assert table.game.deal == Game(name, players, seed).deal  # dealt anew, same seed
        assert table.game.state.is_over or table.human_to_move  # the bots have moved
        play_to_end(table, seed=i)
        assert table.game.state.is_over and table.status_html.value.startswith(
            "<b>The deal is over.</b>"
        )
