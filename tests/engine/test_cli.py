"""The terminal game (python -m durak_lessons play): scripted input, what it prints, what it keeps."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Iterator

import pytest

from durak_lessons import Record, all_presets, preset_info
from durak_lessons.cli import main, play_in_terminal


def script(lines: list[str], then: str = "1") -> Callable[[str], str]:
    """``input`` that answers ``lines`` in turn, then ``then`` for ever."""
    answers: Iterator[str] = iter(lines)

    def read(prompt: str) -> str:
        return next(answers, then)

    return read


def test_a_deal_played_by_numbers_ends_and_its_record_replays() -> None:
    out: list[str] = []
    outcome, record = play_in_terminal("podkidnoy", seed=3, read=script([]), write=out.append)
    assert outcome is not None
    said = outcome.describe(["seat 0 (you)", "seat 1 (greedy)"])
    assert out[-2] == said[0].upper() + said[1:]
    # the last line hands over the record, which reads back to the same game
    assert out[-1].endswith(record.to_text())
    again = Record.from_text(out[-1].split(": ", 1)[1])
    assert again.outcome == outcome
    assert again.actions == record.actions


def test_a_refused_action_names_its_rule_and_changes_nothing() -> None:
    # seed 3: the greedy bot leads 8♣; 6♠ is not in seat 0's hand, and 9♦ does not cover 8♣
    out: list[str] = []
    _, record = play_in_terminal(
        "podkidnoy", seed=3, read=script(["C8C6S", "C8C9D", "C8Cx", "99", "1", "quit"]),
        write=out.append,
    )
    assert "refused: 6♠ is not in the hand of seat 0 [hand]" in out
    assert "refused: 9♦ cannot beat 8♣: it is neither a higher club nor a trump (hearts)" \
        " [Rozaliev 2]" in out
    assert any(line.startswith("not understood: cannot read") for line in out)
    assert "not understood: no action number 99: choose 1 to 3" in out
    # the bot's lead, the action typed as "1" and the bot's throw-in: nothing refused
    assert [str(a) for a in record.actions] == ["L8C", "C8CTC", "TTD"]
    assert out[-1].startswith("Stopped. The game so far: ")


def test_the_same_seed_and_moves_give_the_same_game_and_a_hint_changes_nothing() -> None:
    plain: list[str] = []
    hinted: list[str] = []
    play_in_terminal("perevodnoy", seed=11, read=script([]), write=plain.append)
    play_in_terminal(
        "perevodnoy", seed=11, read=script(["hint", "table", "help"]), write=hinted.append
    )
    assert any("not to be the fool" in line for line in hinted if line not in plain)
    assert len(hinted) > len(plain) + 3  # the hint, the table again and the help

    def moves(out: list[str]) -> list[str]:
        return [line for line in out if line.startswith("Seat ")]

    assert moves(hinted) == moves(plain)
    assert len(moves(plain)) > 10
    assert hinted[-2:] == plain[-2:]  # the same outcome and record


def test_the_seat_sees_its_own_hand_and_not_the_others() -> None:
    out: list[str] = []
    play_in_terminal("podkidnoy", seed=3, read=script(["quit"]), write=out.append)
    seen = next(text for text in out if "seat 0 sees" in text).splitlines()
    assert seen[0] == "  seat 0 sees: hand 7♠ J♠ 6♣ 10♣ J♣ 9♦"
    # seat 1's hand (after its lead of 8♣: 10♦ 8♥ K♣ A♦ Q♦) is printed nowhere before the
    # record of the deal, which the game prints when you stop, in either notation
    stop = next(i for i, line in enumerate(out) if line.startswith("Stopped."))
    assert not any(c in line for line in out[:stop] for c in ("K♣", "A♦", "KC", "AD"))
    assert "KC" in out[stop]


@pytest.mark.parametrize("preset", [p.id for p in all_presets()])
def test_every_preset_plays_to_the_end_in_the_terminal(preset: str) -> None:
    players = preset_info(preset).seat_counts[0]
    out: list[str] = []
    outcome, record = play_in_terminal(
        preset, players, seed=1, opponent="random", read=script([]), write=out.append
    )
    assert outcome is not None
    assert Record.from_text(record.to_text()).outcome == outcome
    if preset.startswith("blind"):  # R14: the seat does not see its own row
        assert any(line.startswith("  seat 0 sees: hand 6 cards, unseen") for line in out)


def test_bad_arguments_get_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "podkidnoy-teams", "--players", "2"]) == 2
    assert "podkidnoy-teams is played by 4 or 6 players, not 2" in capsys.readouterr().err
    assert main(["play", "transfer", "--seat", "0"]) == 2
    assert "perevodnoy" in capsys.readouterr().err  # the near presets are suggested
    assert main(["play", "--seat", "5"]) == 2
    assert "seat 5 does not exist at a table of 2" in capsys.readouterr().err
    assert main(["play", "--opponent", "genius"]) == 2
    assert "unknown bot 'genius'" in capsys.readouterr().err


@pytest.mark.processes
def test_python_dash_m_lists_the_presets_and_plays() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "durak_lessons", "presets"], capture_output=True, text=True,
        check=True,
    )
    assert "Дурак подкидной" in run.stdout and "perevodnoy-otkaz" in run.stdout
    run = subprocess.run(
        [sys.executable, "-m", "durak_lessons", "play", "переводной", "--seed", "2"],
        input="1\n" * 400, capture_output=True, text=True, check=True,
    )
    assert "The record (Record.from_text reads it): durak-lessons/1 | perevodnoy" in run.stdout


def test_ochko_in_the_terminal_refuses_prints_odds_and_keeps_its_record() -> None:
    from durak_lessons.cli import play_ochko_in_terminal
    from durak_lessons.ochko import OchkoRecord

    out: list[str] = []
    record = play_ochko_in_terminal(
        seed=3, rounds=2,
        read=script(["stake 5", "odds", "buy", "stand", "stake 1000", "stake 5", "stand"]),
        write=out.append,
    )
    # the bank held 106 after round 1: a stake above it is refused with its rule, and
    # the stake of 5 typed next is played instead
    assert "refused: a stake may not exceed what is left in the bank (106) [Rozaliev 11.а]" in out
    assert any(line.startswith("  expected winnings per unit staked: stand -0.56") for line in out)
    assert out[-1].endswith(record.to_line())
    again = OchkoRecord.from_line(out[-1].split(": ", 1)[1])
    assert again.final_state() == record.final_state()
    assert again.final_state().round_no == 2
    assert "stake 1000" not in out[-1]
    assert out[-2] == "Balances: seat 0 0, seat 1 90, seat 2 98; the bank holds 112 (seat 0 banks)"


def test_ochko_is_reached_by_its_names_and_bad_arguments_are_named(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["play", "очко", "--players", "1"]) == 2
    assert "Очко needs a banker and at least one punter" in capsys.readouterr().err
    assert main(["play", "twenty-one", "--opponent", "greedy"]) == 2
    assert "unknown Очко bot 'greedy'; bots are: ev, threshold, random" in capsys.readouterr().err


def test_a_deal_that_does_not_end_is_stopped_with_its_record(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Bots alone can go round for ever with transfers (simulate.MAX_ACTIONS): the terminal
    stops there too, and says so, with the record so far."""
    import durak_lessons.cli as cli

    monkeypatch.setattr(cli, "MAX_ACTIONS", 5)
    out: list[str] = []
    outcome, record = play_in_terminal("perevodnoy", 3, seed=4, read=script([]), write=out.append)
    assert outcome is None
    assert len(record.actions) == 5
    assert out[-1] == f"No end after 5 actions: stopped. {record.to_text()}"


def test_undo_goes_back_to_your_last_decision() -> None:
    # seed 3: the bot leads 8♣; you cover with 10♣ ("1"), it throws in 10♦; undo takes both
    # back, and covering with J♣ ("2") instead ends the bout
    out: list[str] = []
    _, record = play_in_terminal(
        "podkidnoy", seed=3, read=script(["1", "undo", "undo", "2", "quit"]), write=out.append
    )
    assert "  taken back to your last decision" in out
    assert "  nothing of yours to take back" in out  # the bot's lead is not yours
    assert [str(a) for a in record.actions] == ["L8C", "C8CJC", "pass"]


def test_hearts_and_diamonds_are_red_in_a_terminal_and_only_there(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from durak_lessons import cli

    red = "\033[31m{}\033[0m"
    assert cli.coloured("table [8♥/10♦ 7♠] A♦") == (
        f"table [{red.format('8♥')}/{red.format('10♦')} 7♠] {red.format('A♦')}"
    )
    assert cli._printer() is print  # the tests' output is no terminal

    class Tty:
        @staticmethod
        def isatty() -> bool:
            return True

    monkeypatch.setattr(cli.sys, "stdout", Tty())
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    assert cli._printer() is not print
    monkeypatch.setenv("NO_COLOR", "1")
    assert cli._printer() is print


def test_the_help_names_the_default_game_and_ochko(capsys: pytest.CaptureFixture[str]) -> None:
    """``play --help`` says what is played when no preset is given, and that Очко is played
    by the same command; the top-level help names both games."""
    for argv in (["--help"], ["play", "--help"]):
        with pytest.raises(SystemExit):
            main(argv)
    top, play = capsys.readouterr().out.split("usage:")[1:]
    assert "Очко" in top and "play --help" in top
    words = " ".join(play.split())
    assert "(default: podkidnoy)" in words and "очко for Очко" in words
    assert "unless given" in words.split("--seed")[-1]  # no seed: a new deal
