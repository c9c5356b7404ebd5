"""PlayTable, headless: whole games through the table's own buttons, refusals, double clicks,
undo, pace and the hint hook."""

from __future__ import annotations

from collections.abc import Callable

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


def test_delay_pace_uses_the_injected_scheduler() -> None:
    pending: list[tuple[float, Callable[[], None]]] = []
    table = PlayTable("podkidnoy", 2, seed=3, pace="delay", delay=0.5,
                      scheduler=lambda s, f: pending.append((s, f)))
    while not table.game.is_over:
        if table.human_to_move:
            click_action(table, table.game.legal_actions()[0])
        else:
            assert pending, "a bot is to move: a move must be scheduled"
            seconds, run = pending.pop(0)
            assert seconds == 0.5
            n = len(table.game.history)
            run()
            assert len(table.game.history) == n + 1
    assert table.game.outcome is not None


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
    legal_words = {a.describe() for a in table.state.legal_actions()}
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
    assert "Only one move is legal: turns the top card of his pile." in text
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
    assert table.names[1] == "Seat 1 (heuristic bot)"
    assert "opponents are now card-tracking bots" in table.message_html.value
    assert len(table.game.history) == played  # the deal goes on, nothing taken back
    # the moves already in the log keep the name of the bot that made them
    assert all("heuristic" not in line for line in table.move_log)
    play_to_end(table, seed=4)
    assert any("(heuristic bot)" in line for line in table.move_log)
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
