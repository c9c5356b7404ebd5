"""What the terminal game does with awkward input: Unicode digits, lines that cannot be
decoded, lowercase actions, undo and the bots' random numbers, Очко by its catalogue names,
bad bot options, and errors on stderr."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Iterator

import pytest

from durak_lessons.cli import _chosen, main, play_in_terminal, play_ochko_in_terminal


def script(lines: list[str], then: str = "quit") -> Callable[[str], str]:
    """``input`` that answers ``lines`` in turn, then ``then`` for ever."""
    answers: Iterator[str] = iter(lines)

    def read(prompt: str) -> str:
        return next(answers, then)

    return read


def moves(lines: list[str]) -> list[str]:
    """The record's actions, from the last line the game printed."""
    return lines[-1].split(" | ")[-1].split()


# ---- a line that is no number ---------------------------------------------------------------


@pytest.mark.parametrize("line", ["²", "١", "1²", "⑦"])
def test_a_unicode_digit_is_not_understood_and_the_game_goes_on(line: str) -> None:
    out: list[str] = []
    outcome, record = play_in_terminal(
        "podkidnoy", seed=1, read=script([line, "1", "quit"]), write=out.append
    )
    assert outcome is None
    assert any(text.startswith("not understood: ") for text in out)
    assert [str(a) for a in record.actions][:1] == ["L8S8C"]  # "1" was played after it
    assert out[-1].startswith("Stopped. The game so far: ")


@pytest.mark.processes
def test_a_unicode_digit_typed_at_the_prompt_does_not_end_the_game() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "durak_lessons", "play", "--seed", "1"],
        input="²\n1\nquit\n", capture_output=True, text=True, encoding="utf-8",
    )
    assert run.returncode == 0, run.stderr
    assert "not understood: " in run.stdout
    assert "Stopped. The game so far: " in run.stdout
    assert "invalid literal" not in run.stdout + run.stderr


def test_a_line_that_cannot_be_decoded_gets_a_message_and_a_new_prompt() -> None:
    prompts: list[str] = []
    answers: Iterator[str] = iter(["1", "quit"])
    failed = False

    def read(prompt: str) -> str:
        nonlocal failed
        prompts.append(prompt)
        if not failed:
            failed = True
            raise UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte")
        return next(answers)

    out: list[str] = []
    outcome, record = play_in_terminal("podkidnoy", seed=1, read=read, write=out.append)
    assert outcome is None
    assert any("could not be read" in text for text in out)
    assert [str(a) for a in record.actions][:1] == ["L8S8C"]
    assert len(prompts) >= 3


def test_ochko_goes_on_after_a_stake_it_cannot_read() -> None:
    out: list[str] = []
    record = play_ochko_in_terminal(
        seed=3, rounds=1, read=script(["stake ²", "stake 5", "quit"]), write=out.append
    )
    assert any(text.startswith("not understood: ") for text in out)
    assert "stake 5" in record.to_line()


# ---- lowercase actions ----------------------------------------------------------------------


def test_lowercase_actions_are_read_as_their_capitals() -> None:
    # seed 3: the bot leads 8♣ and 10♣ covers it (C8CTC, action "1")
    out: list[str] = []
    _, record = play_in_terminal(
        "podkidnoy", seed=3, read=script(["c8ctc"]), write=out.append
    )
    assert [str(a) for a in record.actions][:2] == ["L8C", "C8CTC"]
    assert not any(text.startswith("not understood") for text in out)
    out = []
    _, record = play_in_terminal("podkidnoy", seed=1, read=script(["lkh"]), write=out.append)
    assert [str(a) for a in record.actions][:1] == ["LKH"]


def test_a_word_that_is_no_command_is_answered_with_the_commands() -> None:
    out: list[str] = []
    _, record = play_in_terminal(
        "podkidnoy", seed=1, read=script(["legal", "l7z", "1"]), write=out.append
    )
    said = [text for text in out if text.startswith("not understood")]
    assert said[0] == (
        "not understood: 'legal' is neither a command (help, table, hint, undo, quit) nor an"
        " action: cannot read an action from 'legal': cannot read a card from 'egal': expected"
        " a rank (6-10, J Q K A or В Д К Т) followed by a suit (♠ ♣ ♦ ♥, S C D H or п т/к б ч),"
        " like 7♠, 10H or Дч"
    )
    assert said[1].startswith("not understood: cannot read an action from 'l7z'")  # notation
    assert [str(a) for a in record.actions][:1] == ["L8S8C"]  # and the game went on


@pytest.mark.parametrize(
    ("typed", "read"),
    [("x6d", "X6D"), ("t10h", "TTH"), ("l6s6h", "L6S6H"), ("p3", "P3"), ("p3c6s", "P3C6S"),
     ("ns", "NS"), ("f", "F"), ("b7c", "B7C"), ("e6s", "E6S"), ("r9d", "R9D")],
)
def test_every_kind_of_action_may_be_typed_in_lowercase(typed: str, read: str) -> None:
    assert str(_chosen(typed, [])) == read


# ---- undo and the bots' random numbers ------------------------------------------------------


def test_after_an_undo_the_bots_play_as_if_there_had_been_none() -> None:
    def run(lines: list[str]) -> list[str]:
        out: list[str] = []
        play_in_terminal("podkidnoy", 2, 0, "random", 4, read=script(lines), write=out.append)
        return moves(out)

    plain = run(["1", "1", "1", "quit"])
    undone = run(["1", "undo", "1", "1", "1", "quit"])
    assert len(plain) > 4
    assert undone == plain


def test_an_undo_of_several_moves_gives_back_the_same_game_too() -> None:
    def run(lines: list[str]) -> list[str]:
        out: list[str] = []
        play_in_terminal("perevodnoy", 3, 0, "random", 9, read=script(lines), write=out.append)
        return moves(out)

    plain = run(["1", "1", "1", "1", "quit"])
    undone = run(["1", "1", "undo", "undo", "1", "1", "1", "1", "quit"])
    assert undone == plain


# ---- Очко by any name of the catalogue ------------------------------------------------------


def _seen_ochko(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    import durak_lessons.cli as cli

    called: list[str] = []

    def fake(*args: object, **kwargs: object) -> None:
        called.append("ochko")

    monkeypatch.setattr(cli, "play_ochko_in_terminal", fake)
    return called


@pytest.mark.parametrize("name", ["Twenty-One (Ochko)", "twenty-one (ochko)", "Очко", "ochko"])
def test_ochko_is_found_by_the_names_of_its_catalogue_row(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    called = _seen_ochko(monkeypatch)
    assert main(["play", name]) == 0
    assert called == ["ochko"]


def test_errors_go_to_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--seat", "5"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == "error: seat 5 does not exist at a table of 2: 0 to 1\n"
    assert main(["play", "nosuch"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith("error: no preset called 'nosuch'")


@pytest.mark.parametrize(
    ("opponent", "said"),
    [
        ("greedy:x=1", "bot greedy: unknown option 'x'; greedy takes no options"),
        ("search:iterations=abc", "bot search: option iterations=abc: expected a whole number"),
        ("search:exploration=fast", "bot search: option exploration=fast: expected a number"),
        ("search:iterations=0", "bot search: iterations: a whole number, 1 or more; got 0"),
    ],
)
def test_a_bad_bot_option_is_named(
    opponent: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", "--opponent", opponent]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {said}")
    assert err.count("\n") == 1


def test_a_rules_string_is_played(capsys: pytest.CaptureFixture[str]) -> None:
    out: list[str] = []
    _, record = play_in_terminal(
        "podkidnoy(pogony_sixes=1)", seed=1, read=script(["quit"]), write=out.append
    )
    assert record.rules.pogony_sixes
    assert "podkidnoy(pogony_sixes=1)" in out[-1]
