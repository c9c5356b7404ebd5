"""The terminal game as a user meets it: Ctrl-D and Ctrl-C, a card typed alone, Очко's
commands in capitals, options that do not apply, the list of presets in 80 columns, and
output sent to a pipe that is closed."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from collections.abc import Callable, Iterator

import pytest

from durak_lessons import Game, Record, catalogue, find_preset
from durak_lessons.cli import (
    _chosen,
    main,
    play_in_terminal,
    play_ochko_in_terminal,
    status_line,
)
from durak_lessons.errors import InvalidActionError


def answers(lines: list[str], then: BaseException) -> Callable[[str], str]:
    """``input`` that answers ``lines`` in turn, then raises ``then``."""
    it: Iterator[str] = iter(lines)

    def read(prompt: str) -> str:
        try:
            return next(it)
        except StopIteration:
            raise then from None

    return read


def test_end_of_input_ends_the_prompt_line_before_the_game_stops() -> None:
    out: list[str] = []
    outcome, _ = play_in_terminal("podkidnoy", seed=5, read=answers([], EOFError()),
                                  write=out.append)
    assert outcome is None
    assert out[-2] == "" and out[-1].startswith("Stopped. The game so far: ")


def test_ctrl_c_prints_the_game_so_far_and_is_passed_on() -> None:
    out: list[str] = []
    with pytest.raises(KeyboardInterrupt):
        play_in_terminal("podkidnoy", seed=5, read=answers(["1"], KeyboardInterrupt()),
                         write=out.append)
    assert out[-2] == ""
    said, _, text = out[-1].partition(": ")
    assert said == "Interrupted. The game so far"
    record = Record.from_text(text)
    assert record.actions and str(record.actions[1]) == "C6HAH"  # the bot led, I covered


class Interrupted(io.StringIO):
    """Standard input where Ctrl-C is pressed once its lines are read."""

    def readline(self, size: int | None = -1) -> str:
        line = super().readline()
        if not line:
            raise KeyboardInterrupt
        return line


def test_ctrl_c_at_the_prompt_exits_130_with_the_game_so_far(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", Interrupted())
    assert main(["play", "--seed", "5"]) == 130
    assert "Interrupted. The game so far: durak-lessons/1 | podkidnoy" in capsys.readouterr().out
    monkeypatch.setattr(sys, "stdin", Interrupted("stake 3\n"))
    assert main(["play", "очко", "--seed", "5"]) == 130
    assert "Interrupted. The session so far: ochko/1" in capsys.readouterr().out


def test_ochko_takes_its_commands_in_any_case() -> None:
    out: list[str] = []
    play_ochko_in_terminal(seed=5, read=answers(["HELP", "Stake 3", "Odds", "quit"],
                                                EOFError()), write=out.append)
    said = "\n".join(out)
    assert "not understood" not in said
    assert "Type an action: stake N" in said and "expected winnings per unit staked" in said


def test_a_card_typed_alone_plays_the_one_action_that_plays_it() -> None:
    out: list[str] = []
    # seed 5: the bot leads 6♥ and seat 0 may cover it only with A♥, typed in Russian
    play_in_terminal("podkidnoy", seed=5, read=answers(["Тч", "quit"], EOFError()),
                     write=out.append)
    assert any(line.startswith("Seat 0 (you) covers 6♥ with A♥") for line in out)


def test_a_card_that_no_action_plays_is_said_so_and_cards_lead_together() -> None:
    out: list[str] = []
    # seed 5, after the cover: seat 0 leads from 6♣ 7♣ 7♦ 9♦ J♦ A♦
    play_in_terminal("podkidnoy", seed=5, read=answers(["1", "10п", "7♦ 7к", "quit"],
                                                       EOFError()), write=out.append)
    assert "not understood: no legal action plays 10♠: type the number of an action" \
        " from the list" in out
    assert any(line.startswith("Seat 0 (you) leads 7♣ 7♦") for line in out)


def test_a_card_that_several_actions_play_is_not_guessed() -> None:
    game = Game("perevodnoy", seed=7)
    game.push("LJSJD")  # 7♥ covers either jack
    with pytest.raises(InvalidActionError) as info:
        _chosen("7ч", game.legal_actions())
    numbers = [i for i, a in enumerate(game.legal_actions(), 1) if str(a) in ("CJS7H", "CJD7H")]
    assert str(info.value) == (
        f"7♥ may be played more than one way: {numbers[0]}. CJS7H, {numbers[1]}. CJD7H;"
        " type the number or the action"
    )


def test_a_line_that_names_no_card_keeps_the_notations_message() -> None:
    out: list[str] = []
    play_in_terminal("podkidnoy", seed=5, read=answers(["foo", "quit"], EOFError()),
                     write=out.append)
    assert any(line.startswith("not understood: 'foo' is neither a command")
               and ": cannot read an action from 'foo': expected L<cards>, T<card>," in line
               for line in out), out


def test_rounds_for_a_durak_game_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "переводной", "--rounds", "3"]) == 2
    err = capsys.readouterr().err
    assert err == "error: --rounds is for Очко; переводной is played one deal at a time\n"


def test_the_presets_fit_80_columns_and_name_every_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["presets"]) == 0
    out = capsys.readouterr().out
    assert max(len(line) for line in out.splitlines()) <= 80
    ids = {line.split()[0] for line in out.splitlines()[1:] if line[:1] not in (" ", "")}
    assert {row.id for row in catalogue()} <= ids
    assert "podkidnoy         2–6      Дурак подкидной (Throw-in Durak)" in out
    assert main(["presets", "--markdown"]) == 0
    assert capsys.readouterr().out.startswith("| Game | id | Source |")


@pytest.mark.processes
@pytest.mark.parametrize("args", [["presets"], ["play", "--seed", "1"]])
def test_output_to_a_closed_pipe_is_no_traceback(args: list[str]) -> None:
    read_end, write_end = os.pipe()
    os.close(read_end)  # `| head` that has already gone
    try:
        run = subprocess.run(
            [sys.executable, "-m", "durak_lessons", *args], input="quit\n", stdout=write_end,
            stderr=subprocess.PIPE, text=True, timeout=120, check=False,
        )
    finally:
        os.close(write_end)
    assert run.stderr == ""
    assert run.returncode == 1


def test_the_game_is_introduced_by_its_id_and_its_russian_name() -> None:
    # the reader may have typed either; the header showed only the id ("perevodnoy")
    lines: list[str] = []
    play_in_terminal("переводной", 2, 0, "greedy", 1, read=lambda _p: "quit", write=lines.append)
    assert lines[0].startswith("perevodnoy (Дурак переводной): 2 players, you are seat 0.")
    own = find_preset("podkidnoy").replace(name="mine")
    lines.clear()
    play_in_terminal(own, 2, 0, "greedy", 1, read=lambda _p: "quit", write=lines.append)
    assert lines[0].startswith("mine: 2 players")


def test_a_failure_inside_the_game_is_not_reported_as_a_usage_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # exit 2 is for bad arguments (as argparse); an error once the game is under way is
    # something else (it was exit 2 and "error: ..." too, as if the command had been mistyped)
    from durak_lessons import cli
    from durak_lessons.errors import DurakError

    def broken(*_args: object, **_kw: object) -> str:
        raise DurakError("boom")

    monkeypatch.setattr(cli, "narrate", broken)
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 50))
    assert main(["play", "podkidnoy", "--seed", "1"]) == 1
    assert "error during the game (please report it): boom" in capsys.readouterr().err
    assert main(["play", "podkidnoy", "--players", "9"]) == 2  # a bad argument: still 2


def test_narrated_lines_are_wrapped_at_words_to_the_terminal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # a narration of 100-200 characters had been cut mid-word by an 80-column terminal
    monkeypatch.setenv("COLUMNS", "80")
    lines: list[str] = []
    play_in_terminal("dorozhny", 2, 0, "greedy", 3, read=lambda _p: "1", write=lines.append)
    out = [line for text in lines for line in text.split("\n")]
    record = [line for line in out if "Record.from_text" in line]
    assert len(record) == 1 and len(record[0]) > 80  # the record stays one line, to be copied
    assert any(line.startswith("  ") and not line.startswith("  1.") for line in out)
    assert [line for line in out if len(line) > 80 and line not in record] == []


def test_a_passing_line_shows_while_a_bot_thinks_on_a_terminal_only() -> None:
    # the search bot may take seconds a move: the terminal had shown nothing meanwhile
    shown: list[str] = []
    reads: list[str] = []

    def read(prompt: str) -> str:
        reads.append(prompt)
        return "1"  # always a legal action: one of mine a read

    _, record = play_in_terminal(
        "podkidnoy", 2, 0, "greedy", 5, read=read, write=lambda _l: None, status=shown.append
    )
    bot_moves = len(record.actions) - len(reads)
    assert bot_moves > 3
    assert shown == ["seat 1 (greedy) is thinking...", ""] * bot_moves

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    assert status_line(io.StringIO()) is None  # a pipe or a file: no passing line
    tty = Tty()
    show = status_line(tty)
    assert show is not None
    show("seat 1 (search) is thinking...")
    show("")
    assert tty.getvalue() == "\r\x1b[Kseat 1 (search) is thinking...\r\x1b[K"
