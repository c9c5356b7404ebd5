"""HandStepper, LegalityQuiz and OchkoTable, headless."""

from __future__ import annotations

import pytest
from durak_lessons.widgets import HandStepper, LegalityQuiz, OchkoTable, position_html
from durak_lessons.widgets.stepper import frame_html

from durak_lessons import Action, Deal, GreedyBot, RandomBot, Record, justify, new_game, play
from durak_lessons.ochko import BUY, EVBot, Phase
from durak_lessons.ochko import RandomBot as OchkoRandomBot


@pytest.fixture(scope="module")
def record() -> Record:
    _outcome, rec = play("perevodnoy", [GreedyBot(), RandomBot(), GreedyBot()], seed=8)
    return rec


def test_stepper_frames_match_the_record_states(record: Record) -> None:
    stepper = HandStepper(record)
    states = record.states()
    assert len(stepper.frames) == len(states) == len(record.actions) + 1
    for i, (frame, state) in enumerate(zip(stepper.frames, states, strict=True)):
        assert frame.value == frame_html(state, i, len(states), stepper.sentences[i],
                                         stepper.card_style)
        assert position_html(state) in frame.value
        for p in range(state.n):
            for card in state.hand(p):
                assert f"dl-c-{card.code}" in frame.value
        assert f"dl-frame-{i}" in frame._dom_classes
    assert stepper.stack.children == tuple(stepper.frames)
    assert "is the fool" in stepper.frames[-1].value or "draw" in stepper.frames[-1].value


def test_stepper_takes_a_record_s_text_and_refuses_what_is_no_record(record: Record) -> None:
    """The line the terminal game prints when stopped can be stepped through as it is: it
    had raised AttributeError ('str' object has no attribute 'states')."""
    from durak_lessons import InvalidRecordError

    from_text = HandStepper(record.to_text())
    assert from_text.record == record
    assert [f.value for f in from_text.frames] == [f.value for f in HandStepper(record).frames]
    with pytest.raises(InvalidRecordError):
        HandStepper("nonsense record")
    with pytest.raises(TypeError, match=r"^record: expected a Record or its text \(Record\.to_text\(\)\), not "):
        HandStepper(record.states())  # type: ignore[arg-type]


def test_stepper_sentences_name_actor_action_and_rule(record: Record) -> None:
    stepper = HandStepper(record)
    states = record.states()
    for i, action in enumerate(record.actions):
        text = stepper.sentences[i + 1]
        assert text.startswith(f"Seat {states[i].to_move} ")
        # the rule comes from the engine's narration, in brackets as Reason prints it
        assert text.endswith(f" [{justify(states[i], action).rule}].")
        if action.kind.name == "COVER":
            assert f"covers {action.target} with {action.card}" in text


def test_stepper_navigation_is_linked_client_side(record: Record) -> None:
    stepper = HandStepper(record)
    pairs = {(link.source[0], link.source[1], link.target[0], link.target[1])
             for link in stepper.links}
    assert (stepper.slider, "value", stepper.stack, "selected_index") in pairs
    assert (stepper.nav, "selected_index", stepper.stack, "selected_index") in pairs
    assert len(stepper.nav.children) == len(stepper.frames)
    assert stepper.slider.max == len(stepper.frames) - 1
    stepper.last()
    assert stepper.index == len(stepper.frames) - 1 == stepper.slider.value
    stepper.previous()
    assert stepper.index == len(stepper.frames) - 2
    stepper.first()
    stepper.previous()
    assert stepper.index == 0 == stepper.nav.selected_index
    stepper.next()
    assert stepper.index == 1


def test_quiz_answers_match_the_engine() -> None:
    deal = Deal.from_hands(["7♠ J♠ 6♣ 10♣ J♣ 9♦", "8♣ K♣ 10♦ Q♦ A♦ 8♥"], trump="7♥",
                           stock="6♠ 8♠ 9♠ 10♠ Q♠ K♠", leader=1)
    from durak_lessons import initial_state

    state = initial_state("podkidnoy", deal).apply(Action.parse("L8C"))
    quiz = LegalityQuiz(state, ["C8CTC", "C8C6C", "take", "pass"])
    assert quiz.answers == [True, False, True, False]
    assert quiz.reasons[1] is not None and quiz.reasons[1].rule == "Rozaliev 2"
    quiz.options[0].value = True
    quiz.options[1].value = True  # wrong: 6♣ does not beat 8♣
    quiz.options[2].value = True
    quiz.check_button.click()
    assert quiz.score == 3
    result = quiz.result_html.value
    assert result.count("dl-right") == 3 and result.count("dl-wrong") == 1
    assert "[Rozaliev 2]" in result and "[D1]" in result


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_generated_quiz_is_judged_by_the_engine(seed: int) -> None:
    quiz = LegalityQuiz.from_game("perevodnoy", 3, seed=seed, moves=4)
    assert len(quiz.candidates) == 4
    assert any(quiz.answers)
    for action, answer in zip(quiz.candidates, quiz.answers, strict=True):
        assert answer == (quiz.state.explain(action) is None)
    for box, answer in zip(quiz.options, quiz.answers, strict=True):
        box.value = answer
    assert quiz.check() == len(quiz.candidates)


def test_quiz_needs_a_position_to_move_in() -> None:
    with pytest.raises(ValueError, match="candidate"):
        LegalityQuiz(new_game("podkidnoy", 2, 1), [])


def _play_rounds(table: OchkoTable, rounds: int) -> None:
    for _ in range(rounds):
        if table.game.state.phase is Phase.OVER:
            return
        table.buttons["deal"].click()
        while table.my_turn:
            phase = table.game.state.phase
            if phase is Phase.STAKE:
                table.stake_box.value = table.view.legal.stakes.start
                table.buttons["stake"].click()
            elif phase is Phase.BUY:
                table.buttons["odds"].click()
                assert "Exact odds" in table.odds_html.value
                table.buttons["buy" if table.view.known_points < 15 else "stand"].click()
            else:
                table.buttons["draw" if table.game.explain("draw") is None else "stand"].click()
        assert table.game.state.phase in (Phase.DEAL, Phase.OVER)


def test_ochko_session_settles_and_conserves_money() -> None:
    table = OchkoTable([100, 100, 100], seat=1, seed=3,
                       bots={0: EVBot(), 2: OchkoRandomBot()})
    _play_rounds(table, 12)
    state = table.game.state
    assert state.round_no >= 1
    assert state.total_money == 300 == sum(state.balances) + state.bank
    assert f"<td>{state.balances[1]}</td>" in table.seats_html.value


def test_ochko_refusals_change_nothing() -> None:
    table = OchkoTable([50, 50], seat=1, seed=1)
    before = table.game.state
    assert not table.act(BUY)  # nothing is dealt yet (the Buy button is off: inert)
    assert table.game.state is before
    assert table.refusal is not None and "[R20]" in table.message
    table.buttons["deal"].click()
    assert table.my_turn and table.game.state.phase is Phase.STAKE
    table.stake_box.value = 10**6
    staked = table.game.state
    table.buttons["stake"].click()
    assert table.game.state is staked and table.refusal is not None


def test_ochko_dark_buying_hides_the_card() -> None:
    table = OchkoTable([100, 100], seat=1, seed=5)
    table.buttons["deal"].click()
    table.buttons["stake"].click()
    assert table.game.state.phase is Phase.BUY and table.my_turn
    table.buttons["dark"].click()
    state = table.game.state
    assert len(state.hands[1]) == 2 and state.dark[1] == 0b10
    assert table.view.hands[1] == (state.hands[1][0], None)  # nobody sees a dark card (O2)
    assert "dl-dark" in table.hand_html.value
    assert f"dl-c-{state.hands[1][1].code}" not in table.hand_html.value
    table.buttons["stand"].click()  # the banker draws, the round settles, all is shown
    assert table.game.state.phase in (Phase.DEAL, Phase.OVER)
    assert table.game.state.total_money == 200


# ---- the review of the widget layer (findings 1, 4, 10) --------------------------------------


def test_stepper_frames_show_the_face_down_piles_of_dorozhny() -> None:
    # finding 1: a whole-pack дорожный deals most cards into face-down piles (D13)
    _outcome, rec = play("dorozhny", [GreedyBot() for _ in range(6)], seed=3)
    stepper = HandStepper(rec)
    state = stepper.states[0]
    assert any(state.pile_sizes)
    for p in range(state.n):
        assert f"face-down pile: {state.pile_sizes[p]}" in stepper.frames[0].value
    _outcome, plain = play("podkidnoy", [GreedyBot(), GreedyBot()], seed=3)
    assert "face-down pile" not in HandStepper(plain).frames[0].value


@pytest.mark.parametrize("rules", ["blind", "dorozhny", "blind-perevodnoy", "navalenny"])
def test_generated_quiz_has_legal_moves_in_every_family(rules: str) -> None:
    # finding 10: the blind game's picks, the chain games' beats and flips are offered too
    quiz = LegalityQuiz.from_game(rules, 2, seed=1, moves=4)
    assert any(quiz.answers) and not all(quiz.answers)
    for action, answer in zip(quiz.candidates, quiz.answers, strict=True):
        assert answer == (quiz.state.explain(action) is None)


def test_changing_a_tick_after_check_clears_the_verdicts() -> None:
    # finding 10: the verdicts and score are about the ticks that were checked
    quiz = LegalityQuiz.from_game("perevodnoy", 3, seed=1, moves=4)
    quiz.options[0].value = True
    quiz.check_button.click()
    assert "dl-quiz-score" in quiz.result_html.value and quiz.score is not None
    quiz.options[1].value = not quiz.options[1].value
    assert quiz.result_html.value == "" and quiz.score is None
    quiz.check_button.click()
    assert "dl-quiz-score" in quiz.result_html.value


def _enabled(table: OchkoTable) -> set[str]:
    return {name for name, b in table.buttons.items() if not b.disabled}


def test_ochko_deal_clears_an_old_refusal_and_old_odds() -> None:
    # finding 4: a refusal and the odds text were about the position before the deal
    # (asked through the API: the Odds and Buy buttons are off before a deal, and inert)
    table = OchkoTable([100, 100], seat=1, seed=11)
    table.show_odds()
    table.act(BUY)  # nothing is dealt yet: refused
    assert "dl-refused" in table.message_html.value and table.odds_html.value
    table.buttons["deal"].click()
    assert table.game.state.phase is Phase.STAKE and table.my_turn
    assert table.message_html.value == "" and table.odds_html.value == ""
    table.buttons["stake"].click()
    table.deal()  # a round is in play: refused
    assert "dl-refused" in table.message_html.value
    table.buttons["odds"].click()
    assert table.message_html.value == "" and "Exact odds" in table.odds_html.value


def test_ochko_buttons_are_enabled_only_for_what_is_possible_now() -> None:
    # finding 4: the engine's legal set enables the buttons
    # (Undo once the reader has acted, New session once anything was played)
    table = OchkoTable([100, 100], seat=1, seed=11)
    assert _enabled(table) == {"deal"} and table.stake_box.disabled
    table.buttons["deal"].click()
    assert table.game.state.phase is Phase.STAKE and table.my_turn
    assert {"stake", "odds", "undo", "new"} <= _enabled(table)
    assert _enabled(table) <= {"stake", "bank", "odds", "undo", "new"}
    assert not table.stake_box.disabled
    table.buttons["stake"].click()
    assert table.game.state.phase is Phase.BUY
    assert _enabled(table) == {"buy", "dark", "stand", "odds", "undo", "new"}
    assert table.stake_box.disabled
    table.buttons["stand"].click()
    assert table.game.state.phase is Phase.DEAL and _enabled(table) == {"deal", "undo", "new"}


def test_ochko_banker_is_told_when_the_rule_forces_a_draw() -> None:
    # finding 4: with 15 or less the banker must draw: the status says so, Stand is off
    table = OchkoTable([50, 100, 100, 100], seat=0, seed=1)
    table.buttons["deal"].click()
    assert table.game.state.phase is Phase.BANKER and table.my_turn
    assert _enabled(table) == {"draw", "undo", "new"}  # the deal was the reader's
    status = table.status_html.value
    assert "you must draw" in status and "15 or less" in status
    assert "draw or stand" not in status


def test_ochko_odds_name_the_next_card_by_rank_and_points() -> None:
    """Review s42: the next card's chances were listed by rank number ("11: 8.8%, ...,
    14: 11.8%"), and in Очко, where an ace counts 11, "11" read as the ace; it was the jack.
    Now each rank by its name, a court card and the ace with their points."""
    from durak_lessons.ochko import odds

    table = OchkoTable([100, 100], seat=1, seed=11)
    table.buttons["deal"].click()
    table.buttons["odds"].click()
    text = table.odds_html.value
    listed = text.split("next card:")[1]
    assert "11:" not in listed and "14:" not in listed
    chances = odds(table.view).next_card
    for rank, words in [("J", "J (2 points)"), ("Q", "Q (3 points)"), ("K", "K (4 points)"),
                        ("A", "A (11 points)"), ("9", "9")]:
        chance = next(p for r, p in chances.items() if r.label == rank)
        assert f"{words}: {float(chance) * 100:.1f}%" in listed, (words, listed)
    russian = OchkoTable([100, 100], seat=1, seed=11, russian=True)
    russian.buttons["deal"].click()
    russian.buttons["odds"].click()
    assert "Т (11 points):" in russian.odds_html.value


def test_a_wrong_mark_says_whether_the_move_was_ticked() -> None:
    """Review s42: a legal move left unticked was marked "✗ takes — legal", which read as if
    it were wrong for being legal; a wrong mark now says which way the tick went wrong."""
    from durak_lessons import initial_state

    deal = Deal.from_hands(["6♥ K♦ 7♣ 8♦", "7♥ 10♠ 7♦ Q♣"], trump="H", leader=0)
    state = initial_state("podkidnoy", deal).apply(Action.parse("L7C"))
    quiz = LegalityQuiz(state, ["C7CQC", "C7C10S", "take"], names=["Anna", "Boris"])
    quiz.options[0].value = True  # right
    quiz.options[1].value = True  # wrong: 10♠ does not beat 7♣
    quiz.check_button.click()  # "take" left unticked: wrong
    rows = quiz.result_html.value.split("<li ")[1:]
    assert "dl-right" in rows[0] and "you " not in rows[0]
    assert "dl-wrong" in rows[1] and rows[1].split("</li>")[0].endswith("[Rozaliev 2]; you ticked it")
    assert "dl-wrong" in rows[2] and "— legal; you did not tick it</li>" in rows[2]
