"""book/teaching.md ("Teaching with this book") tells a teacher what to run and what he will
see: the commands it names exist and take the options it gives them, the controls it names are
the play table's (and folded where it says), the sections it quotes exist, and the figures
and claims it repeats from other chapters still hold.  The page's own examples are checked by
hidden cells in the page; the JupyterLite download it states, by a browser test
(tests/browser/test_book_pages.py)."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
BOOK = ROOT / "book"
PAGE = (BOOK / "teaching.md").read_text("utf-8")
# the text outside the code cells and directives' bodies
PROSE = re.sub(r"```.*?```", "", PAGE, flags=re.S)
SPANS = sorted({s.replace("\n", " ") for s in re.findall(r"`([^`]+)`", PROSE)})
MAKE = [s for s in SPANS if s.startswith("make ")]
PYTHON = [s for s in SPANS if s.startswith("python ")]
BOLD = {b.replace("\n", " ") for b in re.findall(r"\*\*([^*]+)\*\*", PROSE)}


def test_the_page_names_commands_of_each_kind() -> None:
    assert len(MAKE) >= 3 and len(PYTHON) >= 3, (MAKE, PYTHON)


@pytest.mark.processes
@pytest.mark.parametrize("command", MAKE)
def test_a_make_command_of_the_page_is_a_target(command: str) -> None:
    """``make -n`` shows what each would run (and runs nothing): the target exists, and takes
    the variables the page gives it."""
    done = subprocess.run(["make", "-n", *shlex.split(command)[1:]], capture_output=True,
                          text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    if "PORT=8001" in command:  # "Another port: make classroom PORT=8001"
        assert "scripts/classroom.py --port 8001" in done.stdout
    if command == "make book":  # "serves it on the teacher's own machine only (127.0.0.1)"
        assert "--bind 127.0.0.1 --directory _build/html" in done.stdout


def test_the_classroom_app_listens_on_127_0_0_1_at_the_port_given() -> None:
    """"The classroom app listens on 127.0.0.1", at ``/voila/render/<chapter>.ipynb`` of the
    chapters it converts into one folder."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("_classroom", ROOT / "scripts" / "classroom.py")
    assert spec is not None and spec.loader is not None
    classroom = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(classroom)
    argv = classroom.voila_command(classroom.OUT, 8001)
    assert "--Voila.ip=127.0.0.1" in argv and "--port=8001" in argv
    assert "http://127.0.0.1:8000/voila/render/<chapter>.ipynb" in PAGE


@pytest.mark.processes
@pytest.mark.parametrize("command", PYTHON)
def test_a_python_command_of_the_page_takes_its_options(command: str) -> None:
    """Each ``python -m ...`` line: its ``--help`` lists every option the page gives it; the
    terminal games start as written (and stop at ``quit``)."""
    argv = shlex.split(command)[1:]
    module, rest = argv[:2], argv[2:]
    target = [*module, rest[0]] if module[1] == "durak_lessons" else module
    shown = subprocess.run([sys.executable, *target, "--help"], capture_output=True, text=True,
                           cwd=ROOT, timeout=60)
    assert shown.returncode == 0, shown.stderr
    for option in (w for w in rest if w.startswith("--")):
        assert option in shown.stdout, f"{command}: {option} is not an option"
    if module[1] == "durak_lessons":
        done = subprocess.run([sys.executable, *argv], input="quit\n", capture_output=True,
                              text=True, cwd=ROOT, timeout=120)
        assert done.returncode == 0, done.stderr
        assert "Stopped." in done.stdout


@pytest.mark.processes
def test_odds_in_the_terminal_ochko_prints_the_figures() -> None:
    """"``python -m durak_lessons play очко --rounds 20`` does the same in a terminal (``odds``
    prints the figures)": the exact chance of going bust and the expected results."""
    (command,) = [c for c in PYTHON if " очко" in c]
    assert "(`odds` prints the figures)" in " ".join(PAGE.split())
    done = subprocess.run([sys.executable, *shlex.split(command)[1:], "--seed", "3"],
                          input="stake 10\nodds\nquit\n", capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "expected winnings per unit staked" in done.stdout
    assert re.search(r"a card bought goes bust \d+% of the time", done.stdout)


def test_the_notebook_install_names_an_extra_with_the_widgets() -> None:
    (install,) = [s for s in SPANS if s.startswith("pip install")]
    extra = re.fullmatch(r"pip install -e '\.\[(\w+)\]'", install)
    assert extra is not None, install
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    wanted = project["optional-dependencies"][extra.group(1)]
    assert any(w.startswith("ipywidgets") for w in wanted), wanted


def _opponents_table() -> list[str]:
    """The first column of the page's table of opponents, weakest first."""
    section = PAGE.split("## Opponents of graded strength", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^\| `([\w-]+)` \|", section, re.M)


def test_the_opponents_table_is_the_play_tables_list_in_its_order() -> None:
    from durak_lessons.widgets import PlayTable

    listed = _opponents_table()
    table = PlayTable("podkidnoy", seed=1)
    assert listed == [value for _label, value in table.opponent_box.options]
    labels = [label for label, _value in table.opponent_box.options]
    assert '"random (weakest)"' in PAGE and "random (weakest)" in labels


def test_every_opponent_the_page_names_plays_in_the_terminal_too() -> None:
    """The page names the table's opponents (``card-tracking``...) and sends the class to the
    terminal game with ``--opponent``: each name is a bot the terminal makes.  (It refused
    ``card-tracking``, which it knew only as ``heuristic``.)"""
    from durak_lessons.tournament import make_bot

    for name in _opponents_table():
        assert make_bot(name).choose is not None, name
    assert type(make_bot("card-tracking")) is type(make_bot("heuristic"))


def _descriptions(widget: object) -> list[str]:
    found = [getattr(widget, "description", "")]
    for child in getattr(widget, "children", ()):
        found += _descriptions(child)
    return [f for f in found if f]


def test_the_controls_the_page_names_are_drawn_and_folded_under_options() -> None:
    """The page names the play table's controls by their labels, and says that the opponents,
    the seed, open cards and Record are under Options, unfolded once the deal is over."""
    from durak_lessons.widgets import LegalityQuiz, PlayTable, search_hints
    from durak_lessons.widgets.ochko_table import OchkoTable

    table = PlayTable("podkidnoy", seed=1, hint_provider=search_hints())
    quiz = LegalityQuiz.from_game("podkidnoy", seed=1)
    ochko = OchkoTable([100, 100], seat=1, seed=11)
    drawn = set(_descriptions(table) + _descriptions(quiz) + _descriptions(ochko))
    named = {"Options", "Record", "opponents", "seed", "open cards", "New deal", "Hint", "Check",
             "Odds"}
    assert named <= BOLD, named - BOLD  # the page names them, in bold
    assert named <= drawn, named - drawn  # and the widgets draw them, with those words

    folded = set(_descriptions(table.controls))
    for label in ("Record", "opponents", "seed", "open cards", "New deal"):
        assert label in folded, label
        assert re.search(rf"\*\*{label}\*\*[^.]*?under \*\*Options\*\*|"
                         rf"under \*\*Options\*\*[^.]*?\*\*{label}\*\*", PROSE, re.S), label
    assert table.options_button.description == "Options"
    assert table.controls.layout.display == "none"  # folded while the deal goes on
    while not table.state.is_over:  # the reader plays out the deal: the first legal move
        assert table._try(table.state.legal_actions()[0])
    assert table.controls.layout.display == ""  # "the settings unfold by themselves"
    table.record_button.click()
    assert "durak-lessons/1 | podkidnoy" in table.record_html.value


@pytest.mark.parametrize("opponent", ["random", "card-tracking", "search"])
def test_the_same_seed_and_moves_get_the_same_game(opponent: str) -> None:
    """"the same seed deals the same cards, and the bots answer the same moves the same way"."""
    from durak_lessons.widgets import PlayTable

    games = []
    for _ in range(2):
        table = PlayTable("podkidnoy", seed=12, opponent=opponent)
        for _move in range(3):
            assert table._try(table.state.legal_actions()[-1])
        games.append([str(a) for a in table.game.history])
    assert games[0] == games[1] and len(games[0]) > 3


def _quoted_sections() -> list[tuple[str, str]]:
    """(page, title) for each section the page quotes by title: ``{doc}`page`, "Title"``,
    ``{doc}`text <page>` ("Title")`` and ``section "Title" ... {doc}`page```."""
    doc = r"\{doc\}`(?:[^`<]*<)?(?P<page>[\w-]+)>?`"
    after = re.findall(doc + r',? \(?"(?P<title>[^"]+)"', PROSE)
    before = [(p, t) for t, p in re.findall(r'section "([^"]+)"[^`]*?' + doc, PROSE, re.S)]
    return after + before


def _headings(page: str) -> set[str]:
    text = (BOOK / f"{page}.md").read_text("utf-8")
    return set(re.findall(r"^#{1,6} (.+?)\s*$", re.sub(r"```.*?```", "", text, flags=re.S),
                          re.M))


def test_every_section_the_page_quotes_exists() -> None:
    quoted = _quoted_sections()
    assert len(quoted) >= 5, quoted
    missing = [(page, title) for page, title in quoted if title not in _headings(page)]
    assert missing == []


def test_every_exercise_of_the_book_is_checked_by_a_code_cell() -> None:
    """"Every exercise's answer is checked by the engine when the book is built": after each
    exercise (a label ``(<chapter>-ex…)=``), before the next one or the next section, a code
    cell asserts its answer."""
    unchecked, exercises = [], 0
    for chapter in sorted(BOOK.glob("*.md")):
        text = chapter.read_text("utf-8")
        labels = list(re.finditer(r"^\(([\w-]+-ex-?\d+)\)=", text, re.M))
        for i, label in enumerate(labels):
            exercises += 1
            end = labels[i + 1].start() if i + 1 < len(labels) else len(text)
            part = text[label.end():end]
            part = re.split(r"^#{1,2} ", part, maxsplit=1, flags=re.M)[0]
            cells = re.findall(r"```\{code-cell\}[^\n]*\n(.*?)```", part, re.S)
            if not any("assert" in cell for cell in cells):
                unchecked.append(label.group(1))
    assert exercises > 30 and unchecked == []


def test_the_exercises_the_lesson_plan_gives_are_in_their_chapters() -> None:
    """"the chapter's three" (lesson 5) and the ranges "1–3": each chapter has them."""
    for page in ("blind", "diamonds", "svoi-kozyri", "navalenny", "dorozhny", "ochko",
                 "perevodnoy", "podkidnoy-teams"):
        text = (BOOK / f"{page}.md").read_text("utf-8")
        assert len(re.findall(r"^\([\w-]+-ex-?\d+\)=", text, re.M)) >= 3, page
    assert "the chapter's three" in PAGE


def test_the_chapters_tables_seat_the_greedy_bot_and_offer_the_browser() -> None:
    """The page: the greedy bot is what "the chapters' tables seat"; lesson 3 plays "the
    three-player table" of переводной; and under each table the static book has a button
    "Play this table in your browser"."""
    import inspect

    from durak_lessons.widgets import PlayTable

    assert inspect.signature(PlayTable).parameters["opponent"].default == "greedy"
    assert "the chapters' tables seat it" in PAGE
    chapters = [p for p in BOOK.glob("*.md")
                if p.stem not in ("play", "teaching", "AUTHORING", "playing-well")
                and "PlayTable(" in p.read_text("utf-8")]
    assert len(chapters) >= 10
    for chapter in chapters:
        text = chapter.read_text("utf-8")
        calls = re.findall(r"^PlayTable\((.*)\)$", text, re.M)
        assert calls and all("opponent" not in c for c in calls), chapter.name
        assert ":prompt: Play this table in your browser" in text, chapter.name
    assert '"Play this table in your browser"' in PAGE
    perevodnoy = (BOOK / "perevodnoy.md").read_text("utf-8")
    assert re.search(r'^PlayTable\("perevodnoy", players=3\b', perevodnoy, re.M)
    assert "the three-player table of {doc}`переводной <perevodnoy>`" in PAGE


def _first_cell() -> dict[str, Any]:
    """What the page's first code cell (the hand to discuss) defines."""
    source = re.search(r"```\{code-cell\} ipython3\n(.*?)```", PAGE, re.S)
    assert source is not None
    namespace: dict[str, Any] = {}
    exec(source.group(1), namespace)
    return namespace


def test_the_hand_to_discuss_goes_on_a_stepper_and_a_play_table_as_the_page_says() -> None:
    """``HandStepper(record, start=2)`` opens at step 2; ``PlayTable("podkidnoy", deal=deal,
    humans=[1], opponent="search")`` deals the page's very cards, gives the student Boris's
    seat, and its search bot in Anna's seat leads the 8♦ (the answers: it "does not make her
    mistake"); ``LegalityQuiz.from_game("perevodnoy", players=3, seed=5)`` draws a position
    with legal and illegal moves to tick."""
    from durak_lessons.widgets import HandStepper, LegalityQuiz, PlayTable

    cell: dict[str, Any] = _first_cell()
    game, deal = cell["game"], cell["deal"]
    assert "`HandStepper(record, start=2)` opens at step 2" in PAGE
    assert HandStepper(game.record(), start=2).slider.value == 2
    call = 'PlayTable("podkidnoy", deal=deal, humans=[1], opponent="search")'
    assert call in PAGE
    table = eval(call, {"PlayTable": PlayTable, "deal": deal})
    assert table.game.deal == deal and table.humans == (1,)
    assert [str(a) for a in table.game.history] == ["L8D"]
    assert "on the play table above, it leads the 8♦" in " ".join(PAGE.split())
    call = 'LegalityQuiz.from_game("perevodnoy", players=3, seed=5)'
    assert call in " ".join(PAGE.split())
    drawn = eval(call, {"LegalityQuiz": LegalityQuiz})
    assert drawn.state.n == 3 and True in drawn.answers and False in drawn.answers


def test_the_greedy_score_is_the_one_playing_well_measures() -> None:
    """The page repeats the greedy bot's score against the random bot from the "Playing well"
    chapter's table (whose build reruns it)."""
    stated = re.search(r"it scored (\d+) % against the random bot", PAGE)
    row = re.search(r"^\| `GreedyBot` against `RandomBot` \| [\d,]+ \| ([\d.]+) % \|",
                    (BOOK / "playing-well.md").read_text("utf-8"), re.M)
    assert stated is not None and row is not None
    assert int(stated.group(1)) == round(float(row.group(1)))
