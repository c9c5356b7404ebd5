"""LegalityQuiz in best-move mode, headless: the right ticks are the solver's best moves."""

from __future__ import annotations

import pytest
from durak_lessons.widgets import LegalityQuiz
from durak_lessons.widgets.quiz import QuizMode

from durak_lessons import Action, Deal, initial_state, new_game
from durak_lessons.bout import BoutState
from durak_lessons.solver import solve


@pytest.fixture(scope="module")
def position() -> BoutState:
    """Podkidnoy, trump hearts, stock empty.  Seat 0 (8♠ 7♣ 7♥) has led 8♠; seat 1 holds
    J♥ 6♥ A♣.  Worked by hand:

    * 6♥ covers: no 8 or 6 to throw in, seat 1 leads next and leads J♥ (seat 0's 7♥ cannot
      beat it), then A♣ and goes out: seat 0 is the fool.  (Leading A♣ first would draw.)
    * J♥ covers: seat 1 keeps 6♥ A♣, seat 0 keeps 7♣ 7♥; whatever seat 1 leads, seat 0 beats it
      with 7♥ and leads his last card, which seat 1 beats with his last: both go out, a draw.
    * take: seat 0 leads 7♣ 7♥ together, seat 1 beats them with 6♥ and J♥ and is left with
      A♣ 8♠: seat 1 is the fool.
    * A♣ cannot beat 8♠ (not a spade, not a trump): illegal.
    """
    deal = Deal.from_hands(["8♠ 7♣ 7♥", "J♥ 6♥ A♣"], trump="H", leader=0)
    state = initial_state("podkidnoy", deal).apply(Action.parse("L8S"))
    assert isinstance(state, BoutState)
    return state


CANDIDATES = ["C8SJH", "take", "C8S6H", "C8SAC"]


def test_the_solver_agrees_with_the_hand_analysis(position: BoutState) -> None:
    verdict = solve(position)
    assert verdict.player == 1 and verdict.value == 1 and verdict.fool == 0
    assert {str(a): v for a, v in verdict.values} == {"C8S6H": 1, "C8SJH": 0, "take": -1}


@pytest.mark.parametrize("mode", ["legal", "best"])
def test_each_tick_box_says_what_to_tick(position: BoutState, mode: QuizMode) -> None:
    # the boxes' tooltip asked for the best moves in the legal-move quiz too
    quiz = LegalityQuiz(position, CANDIDATES, mode=mode)
    assert {box.tooltip for box in quiz.options} == {f"tick every move you think is {mode}"}


def test_best_mode_marks_exactly_the_solvers_best_moves(position: BoutState) -> None:
    quiz = LegalityQuiz(position, CANDIDATES, mode="best")
    best = solve(position).best
    assert [str(a) for a in best] == ["C8S6H"]
    assert quiz.answers == [a in best for a in quiz.candidates] == [False, False, True, False]
    assert quiz.values == [0, -1, 1, None]
    assert "best" in quiz.question_html.value
    assert "dl-quiz-best" in quiz._dom_classes


def test_ticking_the_best_moves_scores_full_marks(position: BoutState) -> None:
    quiz = LegalityQuiz(position, CANDIDATES, mode="best")
    quiz.options[2].value = True
    quiz.check_button.click()
    assert quiz.score == len(CANDIDATES)
    result = quiz.result_html.value
    assert result.count("dl-right") == 4 and "dl-wrong" not in result
    assert "4 of 4 right" in result
    assert "best, with best play it wins: Seat 0 ends as the fool" in result
    assert "not best, with best play it draws" in result
    assert "not best, with best play it loses: Seat 1 ends as the fool" in result
    # the illegal candidate keeps the engine's refusal reason
    assert "illegal: A♣ cannot beat 8♠" in result and "[Rozaliev 2]" in result


def test_a_wrong_tick_is_marked_wrong_with_its_explanation(position: BoutState) -> None:
    quiz = LegalityQuiz(position, CANDIDATES, mode="best", names=["Anna", "Boris"])
    quiz.options[1].value = True  # "take" is legal but loses
    quiz.options[2].value = True
    assert quiz.check() == 3
    wrong = [row for row in quiz.result_html.value.split("<li ") if "dl-wrong" in row]
    assert len(wrong) == 1
    assert "takes" in wrong[0] and "loses: Boris ends as the fool" in wrong[0]


def test_when_every_move_loses_every_legal_move_is_best() -> None:
    # 6♠ 7♠ A♥ against 8♠ 9♥, hearts trump, seat 0 leads.  A♥ cannot be beaten, but seat 1
    # takes it and beats the 6♠ or 7♠ that follows; a spade lead is covered by 8♠ (or 9♥) and
    # seat 1 sheds his last card on the next bout.  Seat 0 is the fool whatever he leads.
    deal = Deal.from_hands(["6♠ 7♠ A♥", "8♠ 9♥"], trump="H", leader=0)
    state = initial_state("podkidnoy", deal)
    quiz = LegalityQuiz(state, ["L6S", "LAH", "L6S7S", "L7S"], mode="best")
    assert quiz.answers == [True, True, False, True]
    assert quiz.values == [-1, -1, None, -1]
    assert all("loses: Seat 0 ends as the fool" in quiz.explanations[i] for i in (0, 1, 3))
    assert quiz.explanations[2].startswith("illegal: a lead is one card or several")


def test_legal_mode_is_unchanged_on_the_same_position(position: BoutState) -> None:
    quiz = LegalityQuiz(position, CANDIDATES)
    assert quiz.answers == [True, True, True, False]
    assert quiz.explanations[:3] == ["legal"] * 3
    assert "dl-quiz-best" not in quiz._dom_classes


def test_a_position_with_stock_left_is_not_solvable() -> None:
    with pytest.raises(ValueError, match="stock still holds 24 cards"):
        LegalityQuiz(new_game("podkidnoy", 2, 1), ["take"], mode="best")


def test_a_three_player_position_is_not_solvable() -> None:
    deal = Deal.from_hands(["6♠ 7♠", "8♠ 9♥", "10♠ J♠"], trump="H", leader=0)
    state = initial_state("podkidnoy", deal)
    assert state.stock_count == 0
    with pytest.raises(ValueError, match="3-player deal"):
        LegalityQuiz(state, ["L6S"], mode="best")


def test_an_unknown_mode_is_refused(position: BoutState) -> None:
    with pytest.raises(ValueError, match="unknown quiz mode"):
        LegalityQuiz(position, CANDIDATES, mode="worst")  # type: ignore[arg-type]
