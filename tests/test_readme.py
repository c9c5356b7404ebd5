"""The README's examples run as written and say what they do: its Python block, the terminal
commands and the notebook line in its prose, and the figures it states."""

from __future__ import annotations

import ast
import io
import re
import shlex
import subprocess
import sys
from contextlib import redirect_stdout
from pathlib import Path

import pytest

import durak_lessons as dl

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
TEXT = README.read_text("utf-8")
PROSE = re.sub(r"```.*?```", "", TEXT, flags=re.S)  # the text outside the code blocks
INLINE = [span.replace("\n", " ") for span in re.findall(r"`([^`]+)`", PROSE)]


def run_like_a_notebook(source: str) -> tuple[list[object], str]:
    """Run ``source`` statement by statement, as a notebook would: the value of every bare
    expression, and what was printed."""
    values: list[object] = []
    namespace: dict[str, object] = {}
    printed = io.StringIO()
    with redirect_stdout(printed):
        for node in ast.parse(source).body:
            if isinstance(node, ast.Expr):
                code = compile(ast.Expression(node.value), str(README), "eval")
                values.append(eval(code, namespace))
            else:
                exec(compile(ast.Module([node], []), str(README), "exec"), namespace)
    return values, printed.getvalue()


def python_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", TEXT, flags=re.S)


def test_readme_python_examples_run() -> None:
    assert python_blocks(), "the README shows the engine in Python"
    for block in python_blocks():
        run_like_a_notebook(block)


def test_the_five_lines_show_a_refusal_with_its_rule_and_a_record_that_replays() -> None:
    """The comments say: explain gives why, with its rule ("... [D1]"); the printed line is a
    replayable record."""
    block = python_blocks()[0]
    values, printed = run_like_a_notebook(block)
    reasons = [v for v in values if isinstance(v, dl.Reason)]
    stated = re.search(r"dl\.explain\(.*#.*\[([^\]]+)\]", block)  # the rule the comment gives
    assert stated is not None and len(reasons) == 1
    assert reasons[0].rule == stated.group(1), reasons
    line = printed.strip()
    record = dl.Record.from_text(line)
    assert record.rules.name == "perevodnoy" and record.outcome is not None


def test_the_readme_counts_the_presets_right() -> None:
    stated = re.search(r"(\d+) presets\s+of\s+the\s+Durak\s+family", PROSE)
    assert stated is not None
    assert int(stated.group(1)) == len(list(dl.all_presets()))


def test_readme_opens_with_the_two_setup_commands() -> None:
    first_block = re.search(r"```sh\n(.*?)```", TEXT, flags=re.S)
    assert first_block is not None
    commands = [line.split("#")[0].strip() for line in first_block.group(1).splitlines()]
    assert commands[:2] == ["make book", "make test"]


COMMANDS = [span for span in INLINE if span.startswith("python -m durak_lessons")]


def test_the_readme_names_its_terminal_commands() -> None:
    assert len(COMMANDS) >= 2, COMMANDS


@pytest.mark.processes
@pytest.mark.parametrize("command", COMMANDS)
def test_a_terminal_command_of_the_readme_runs(command: str) -> None:
    """Each ``python -m durak_lessons...`` line of the README, run as written (a game is left
    at once with ``quit``)."""
    argv = shlex.split(command)
    done = subprocess.run(
        [sys.executable, *argv[1:]], input="quit\n", capture_output=True, text=True,
        cwd=ROOT, timeout=600,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip()
    if " play " in command:
        assert "Stopped. The game so far: durak-lessons/1 | perevodnoy" in done.stdout
    else:  # the tournament prints a row per bot
        rows = [line.split()[0] for line in done.stdout.splitlines() if line.strip()]
        assert "greedy" in rows and "random" in rows


def test_the_readme_notebook_line_seats_the_reader_against_search_bots() -> None:
    from durak_lessons.widgets import PlayTable

    (line,) = [span for span in INLINE if span.startswith("from durak_lessons.widgets")]
    setup, expression = line.rsplit(";", 1)
    namespace: dict[str, object] = {}
    exec(setup, namespace)
    table = eval(expression.strip(), namespace)
    assert isinstance(table, PlayTable) and table.rules.name == "perevodnoy"
    assert table.game.deal.players == 3 and table.humans == (0,)
    # "the table's opponents list changes them at any moment"
    assert table.opponent_box.description == "opponents"
    assert table.opponent_box.value == "search"
    assert table.hint_provider is not None  # its Hint button answers
