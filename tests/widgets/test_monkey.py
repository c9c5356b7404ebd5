"""A headless "monkey" for the widgets: it drives PlayTable, HandStepper, LegalityQuiz and
OchkoTable only through their own controls (``button.click()``, a dropdown's, toggle's or
box's ``.value``), the way a reader would, choosing at random (``random.Random`` with fixed
seeds) among the controls that are enabled, and checks invariants after every click:

* no exception escapes a click (ipywidgets swallows a callback's exception and logs it to
  the ``traitlets`` logger: the monkey listens there);
* a disabled control stays inert: a click on it changes neither the game nor the reader's
  choice (selected cards, the table card to cover, the transfer mode) nor starts a timer
  (a click that reaches the disabled Hint says why, by design); a disabled Очко button
  changes nothing the table says or shows either;
* the hand the table shows is the engine's view of the reader's seat, and nothing hidden
  from that seat (other seats' hidden cards, the stock) appears in any HTML, label, tooltip
  or CSS class of the widget, unless the cards are open or the deal is over;
* Undo returns exactly to the position before the reader's last move, and the same move
  played again meets the same replies;
* every click returns after a bounded number of bot moves (the table stops bots that go
  round: ``BOT_RUN``), and every deal ends within a bounded number of the reader's moves;
* the status, the move log, the buttons' states and the counts never contradict the engine.
"""

from __future__ import annotations

import html as html_module
import logging
import random
import re
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]
import pytest
from durak_lessons.widgets import (
    HandStepper,
    LegalityQuiz,
    OchkoTable,
    PlayTable,
    candidate_pool,
    search_hints,
)
from durak_lessons.widgets.narrate import actor_name, describe, describe_own
from durak_lessons.widgets.stepper import position_html
from durak_lessons.widgets.table import _CLICKED, BOT_RUN, may_text
from engine_helpers import Circler
from helpers import ochko_snapshot

from durak_lessons import (
    CARDS,
    Action,
    Card,
    Deal,
    Game,
    GreedyBot,
    Kind,
    Record,
    View,
    all_presets,
    justify,
)
from durak_lessons.blind import BlindState
from durak_lessons.engine import GameState
from durak_lessons.ochko import (
    BUY,
    BUY_DARK,
    DRAW,
    STAKE_BANK,
    STAND,
    EVBot,
    Phase,
    ThresholdBot,
)
from durak_lessons.ochko import RandomBot as OchkoRandomBot
from durak_lessons.search import SearchBot

# ---- no exception escapes a click --------------------------------------------------------------


class _Escaped(logging.Handler):
    """The exceptions ipywidgets caught in a click's callbacks (it logs them and goes on)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def check(self, what: str) -> None:
        if self.records:
            record = self.records[0]
            trace = ("".join(traceback.format_exception(*record.exc_info))
                     if record.exc_info else record.getMessage())
            self.records.clear()
            raise AssertionError(f"an exception escaped {what}:\n{trace}")


@pytest.fixture
def escaped() -> Iterator[_Escaped]:
    handler = _Escaped()
    logger = logging.getLogger("traitlets")
    logger.addHandler(handler)
    try:
        yield handler
    finally:
        logger.removeHandler(handler)


# ---- the cards a text names --------------------------------------------------------------------

_BY_TEXT: dict[str, Card] = {}
for _c in CARDS:
    _BY_TEXT[_c.code] = _c
    _BY_TEXT[_c.label()] = _c
    _BY_TEXT[_c.label(russian=True)] = _c
    _BY_TEXT[_c.words] = _c
_CODE_RE = re.compile(r"dl-c-(\w\w)\b")
_LABEL_RE = re.compile(r"(?<!\w)((?:10|[2-9JQKAВДКТ])[♠♣♦♥])")
_WORDS_RE = re.compile(r"\b((?:two|three|four|five|six|seven|eight|nine|ten|jack|queen|king|ace)"
                       r" of (?:spades|clubs|diamonds|hearts))\b")


def named_cards(text: str) -> set[Card]:
    """Every card a piece of widget text names: by CSS class (``dl-c-7S``), label (``7♠``,
    ``Д♥``) or words (``seven of spades``)."""
    text = html_module.unescape(text)
    found = {_BY_TEXT[m] for m in _CODE_RE.findall(text) if m in _BY_TEXT}
    found |= {_BY_TEXT[m] for m in _LABEL_RE.findall(text)}
    found |= {_BY_TEXT[m] for m in _WORDS_RE.findall(text)}
    return found


def test_the_monkey_reads_cards_in_every_form() -> None:
    text = ('<span class="dl-card dl-face dl-c-7S" aria-label="seven of spades"></span>'
            " Seat 1 covers 10&#9829; with Д♥; your card: ace of clubs; Stock: 12 · 6♣")
    assert named_cards(text) == {Card.parse(c) for c in ("7S", "10H", "QH", "AC", "6C")}
    assert named_cards("Seat 10 (you) · 6 cards · own trumps (Seat 0 ♥, Seat 1 ?)") == set()


def widget_texts(root: widgets.Widget, skip: tuple[widgets.Widget, ...] = ()) -> Iterator[str]:
    """Every string a widget tree shows or carries: HTML values, descriptions, tooltips, option
    labels and values, CSS classes (the stylesheet left out)."""
    if root in skip or "dl-style" in root._dom_classes:
        return
    yield " ".join(root._dom_classes)
    for name in ("value", "description", "tooltip", "placeholder"):
        value = getattr(root, name, None)
        if isinstance(value, str):
            yield value
    for name in ("_options_labels", "tooltips"):
        yield from (str(x) for x in getattr(root, name, ()) or ())
    for value in getattr(root, "_options_values", ()) or ():
        yield str(value)
    for child in getattr(root, "children", ()):
        yield from widget_texts(child, skip)


def seen_mask(state: GameState, seat: int) -> int:
    """The cards ``seat`` may see now: everything but its view's unseen cards, with the card
    shown at the deal (D25)."""
    view = View(state, seat)
    mask = sum(1 << c for c in state.deal.cards()) & ~view.unseen_mask()
    for card in state.deal.public_cards:
        mask |= 1 << card
    return mask


def _cards(mask: int) -> set[Card]:
    return {CARDS[i] for i in range(52) if mask >> i & 1}


# ---- PlayTable ---------------------------------------------------------------------------------

#: the opponents the monkey may choose in the table's list (the search bot only where cheap)
FAST_OPPONENTS = ("random", "greedy", "card-tracking")
#: a deal played on purposefully after the monkey's clicks ends within this many reader moves
FINISH_MOVES = 400


def _hint_spy(calls: list[View]) -> Callable[[View], str]:
    """A cheap hint provider that names the first of the reader's legal moves."""

    def provide(view: View) -> str:
        calls.append(view)
        legal = view.legal_actions()
        return f"Try: {describe_own(legal[0], view)}." if legal else "No move."

    return provide


@dataclass
class _Tracked:
    """What the monkey remembers of a table between clicks."""

    seen: dict[int, tuple[GameState, int]] = field(default_factory=dict)  # id -> (state, mask)
    checked_lines: dict[int, tuple[GameState, str]] = field(default_factory=dict)
    hinted: GameState | None = None  # the position the shown hint was asked in
    clean_replay: bool = False  # the last reader move was answered at the instant pace alone
    deals_ended: int = 0
    undos: int = 0
    inert_checks: int = 0


class TableMonkey:
    """Random clicks on a PlayTable's enabled controls, with invariants after every one."""

    def __init__(self, table: PlayTable, rng: random.Random, escaped: _Escaped,
                 pending: list[Callable[[], None]], hints: list[View],
                 opponents: tuple[str, ...] = FAST_OPPONENTS) -> None:
        self.table = table
        self.rng = rng
        self.escaped = escaped
        self.pending = pending
        self.hints = hints
        self.opponents = opponents
        self.t = _Tracked()
        self.greedy = GreedyBot()
        self.trail: list[str] = []  # the controls pressed, for a failure's message

    # -- pressing controls -----------------------------------------------------------------
    def press(self, button: widgets.Button, what: str) -> None:
        table = self.table
        before = len(table.game.history)
        game = table.game
        pace = table.pace
        self.trail.append(what)
        button.click()
        self.escaped.check(what)
        if table.game is game:  # a new deal starts a new history
            added = len(game.history) - before
            # a click returns after a bounded run of bots' moves (BOT_RUN), one with Step
            limit = 1 if what.startswith("step") else BOT_RUN + 1
            if pace == "delay" and not what.startswith("step"):
                limit = 1  # at the delay pace the bots wait for their timers
            assert added <= limit, (what, added)
        self.check()

    def set_value(self, control: widgets.Widget, value: Any, what: str) -> None:
        self.trail.append(f"{what} = {value!r}")
        game, before = self.table.game, len(self.table.game.history)
        control.value = value
        self.escaped.check(what)
        if self.table.game is game:  # the bots' run after it is bounded too
            assert len(game.history) - before <= BOT_RUN, what
        self.check()

    def fire_timer(self) -> None:
        """Time passes at the delay pace: the oldest pending timer runs."""
        callback = self.pending.pop(0)
        self.trail.append("timer")
        before = len(self.table.game.history)
        callback()
        assert len(self.table.game.history) - before <= 1
        self.t.clean_replay = False
        self.check()

    def play(self, action: Action) -> None:
        """The reader plays a legal ``action`` by the clicks it takes (helpers.click_action's
        clicks, each one checked)."""
        table = self.table
        state = table.game.state
        n = len(table.game.history)
        kind = action.kind
        if kind == Kind.LEAD:
            self._untransfer()
            for card in table._selected:  # unselect what the monkey selected before
                self.press(table.card_button(card), "hand unselect")
            for card in action.cards:
                self.press(table.card_button(card), "hand select")
            self.press(table.action_buttons["lead"], "action lead")
        elif kind in (Kind.THROW, Kind.BEAT):
            self._untransfer()
            self.press(table.card_button(action.card), "hand play")
        elif kind == Kind.COVER:
            assert action.target is not None
            self._untransfer()
            if table._target != action.target:
                self.press(table.attack_buttons[action.target], "attack target")
            self.press(table.card_button(action.card), "hand cover")
        elif kind == Kind.TRANSFER:
            if not table._transfer_mode:
                self.press(table.action_buttons["transfer"], "action transfer")
            self.press(table.card_button(action.card), "hand transfer")
        elif kind == Kind.TAKE:
            self.press(table.action_buttons["take"], "action take")
        elif kind == Kind.PASS:
            self.press(table.action_buttons["pass"], "action pass")
        elif kind == Kind.PICK:
            uncovered = [a for a, c in state.table if c is None]
            if action.target is not None:
                self._untransfer()
                if len(uncovered) > 1 and table._target != action.target:
                    self.press(table.attack_buttons[action.target], "attack target")
            elif state.phase == "defend" and not table._transfer_mode:
                self.press(table.action_buttons["transfer"], "action transfer")
            elif state.phase != "defend":
                self._untransfer()
            self.press(table.position_buttons[action.position], "position play")
        else:
            self.set_value(table.special_moves, str(action), "special choose")
            self.press(table.action_buttons["special"], "action special")
        game = table.game
        assert len(game.history) > n and game.history[n] == action, (action, table.message)
        assert game.states[n] is state
        self.t.clean_replay = table.pace == "instant"

    def _untransfer(self) -> None:
        if self.table._transfer_mode:
            self.press(self.table.action_buttons["transfer"], "action transfer-off")

    def reader_move(self, greedy: bool) -> Action:
        table = self.table
        legal = table.game.legal_actions()
        if greedy:
            return self.greedy.choose(View(table.game.state, table.viewer), self.rng)
        return legal[self.rng.randrange(len(legal))]

    # -- the monkey ------------------------------------------------------------------------
    def controls(self) -> list[tuple[float, str, Callable[[], None]]]:
        """The enabled controls now, each with a weight and what pressing it does."""
        table = self.table
        out: list[tuple[float, str, Callable[[], None]]] = []

        def button(weight: float, what: str, b: widgets.Button) -> None:
            if not b.disabled:
                out.append((weight, what, lambda: self.press(b, what)))

        for card, b in table.hand_buttons.items():
            button(1.0, f"hand {card}", b)
        for i, b in table.position_buttons.items():
            button(1.0, f"position {i}", b)
        for card, b in table.attack_buttons.items():
            button(1.0, f"attack {card}", b)
        for name, b in table.action_buttons.items():
            if name == "undo":
                if not b.disabled:
                    out.append((1.5, "undo", self.undo))
            elif name != "special" or b.layout.display != "none":
                button(1.0, f"{name}", b)
        if table.special_moves.options and table.special_moves.layout.display != "none":
            value = self.rng.choice([v for _label, v in table.special_moves.options])
            out.append((0.5, "special choose",
                        lambda: self.set_value(table.special_moves, value, "special choose")))
        if not table.hint_button.disabled:
            out.append((0.6, "hint", self.hint))
        button(0.3, "record", table.record_button)
        if table.human_to_move and not table.game.is_over:
            out.append((8.0, "play", lambda: self.play(self.reader_move(self.rng.random() < .5))))
        out.append((0.3, "open", lambda: self.set_value(table.open_box, not table.open_box.value,
                                                         "open")))
        pace = self.rng.choice([p for p in ("instant", "step", "delay") if p != table.pace])
        out.append((0.4, "pace", lambda: self.pace(pace)))
        if not table.opponent_box.disabled:
            opp = self.rng.choice(self.opponents)
            out.append((0.3, "opponent", lambda: self.opponent(opp)))
        out.append((0.15, "new", self.new_deal))
        if self.pending:
            out.append((3.0, "timer", self.fire_timer))
        return out

    def hint(self) -> None:
        table = self.table
        self.t.hinted = table.game.state
        self.press(table.hint_button, "hint")
        assert table.hint_text and not table.hint_text.startswith("(no hint")  # it failed

    def pace(self, pace: str) -> None:
        self.t.clean_replay = False
        self.set_value(self.table.pace_buttons, pace, f"pace {pace}")

    def opponent(self, opponent: str) -> None:
        table = self.table
        state = table.game.state
        self.set_value(table.opponent_box, opponent, f"opponent {opponent}")
        self.t.clean_replay = False
        if table.opponent_box.value == opponent and table.pace != "instant":
            assert table.game.state is state  # the deal goes on: nobody moved
        for bot in table.bots.values():  # every bot seat now holds the chosen kind
            name = getattr(bot, "name", "")
            assert {"heuristic": "card-tracking"}.get(name, name) == opponent

    def new_deal(self) -> None:
        table = self.table
        if self.rng.random() < 0.5:
            seed = self.rng.randrange(1000)
            self.set_value(table.seed_box, seed, "seed")
        seed = int(table.seed_box.value)
        self.press(table.new_button, "new deal")
        fresh = Game(table.rules, table.players, seed)
        assert table.game.states[0] == fresh.state and table.seed == seed
        self.t.clean_replay = table.pace == "instant"

    def undo(self) -> None:
        table = self.table
        game = table.game
        states, history = list(game.states), list(game.history)
        back_to = max(i for i in range(len(history)) if states[i].to_move in table.humans)
        replies_alone = self.t.clean_replay and table.pace == "instant"
        self.press(table.action_buttons["undo"], "undo")
        self.t.undos += 1
        assert table.game is game
        assert game.state is states[back_to] and game.history == history[:back_to]
        assert table.human_to_move and not table._selected and not table._transfer_mode
        assert table.message == "Took back your last move."
        if replies_alone and self.rng.random() < 0.5:
            # the same move again meets the same replies (the bots' generator was put back)
            self.play(history[back_to])
            assert game.history[back_to:] == history[back_to:]

    def click_disabled(self) -> bool:
        """Click a disabled button: nothing may change."""
        table = self.table
        disabled = [(f"disabled hand {c}", b) for c, b in table.hand_buttons.items()
                    if b.disabled]
        disabled += [(f"disabled position {i}", b) for i, b in table.position_buttons.items()
                     if b.disabled]
        disabled += [(f"disabled attack {c}", b) for c, b in table.attack_buttons.items()
                     if b.disabled]
        disabled += [(f"disabled {n}", b) for n, b in table.action_buttons.items() if b.disabled]
        disabled += [("disabled hint", table.hint_button)] if table.hint_button.disabled else []
        if not disabled:
            return False
        what, b = self.rng.choice(disabled)
        game, state, n = table.game, table.game.state, len(table.game.history)
        if what == "disabled hint":  # a click that reaches it says why, about this position
            self.t.hinted = state
        choice = (list(table._selected), table._target, table._transfer_mode)
        pending = len(self.pending)
        self.press(b, what)
        assert table.game is game and game.state is state and len(game.history) == n, what
        assert (list(table._selected), table._target, table._transfer_mode) == choice, what
        assert len(self.pending) == pending, what
        self.t.inert_checks += 1
        return True

    def run(self, clicks: int) -> None:
        for _ in range(clicks):
            try:
                self.click_at_random()
            except AssertionError as exc:
                raise AssertionError(f"{exc}\nthe last controls: {self.trail[-12:]}") from exc

    def click_at_random(self) -> None:
        """One click: now and then on a disabled button, else on an enabled control chosen
        by weight (the reader's legal moves most often)."""
        if self.rng.random() < 0.06 and self.click_disabled():
            return
        options = self.controls()
        pick = self.rng.random() * sum(w for w, _what, _do in options)
        for weight, _what, do in options:
            pick -= weight
            if pick <= 0:
                do()
                return

    def finish(self) -> None:
        """Play the deal to its end: the instant pace, the reader's moves by clicks."""
        table = self.table
        if table.pace != "instant":
            self.pace("instant")
        for _ in range(FINISH_MOVES):
            if table.game.is_over:
                self.t.deals_ended += 1
                return
            if not table.human_to_move:  # the bots were stopped going round (BOT_RUN)
                assert "going round in circles" in table.message
                return
            self.play(self.reader_move(greedy=True))
        raise AssertionError(f"the deal did not end within {FINISH_MOVES} reader moves")

    # -- the invariants --------------------------------------------------------------------
    def check(self) -> None:
        table = self.table
        game = table.game
        state = game.state
        viewer = table.viewer
        over = state.is_over
        mine = table.human_to_move and not over
        legal = state.legal_actions() if mine else []
        kinds = {a.kind for a in legal}
        phase = str(getattr(state, "phase", ""))
        doing = {"lead": "leading", "defend": "defending", "throw-in": "throwing in",
                 "name-trump": "naming trumps"}.get(phase, phase)  # the status line's words (session 42)
        view = View(state, viewer)
        assert len(game.states) == len(game.history) + 1

        # status: the engine's turn, phase and legal kinds, or the outcome
        status = table.status_html.value
        if over:
            assert game.outcome is not None
            said = html_module.escape(game.outcome.describe(table.names))
            assert status == f"<b>The deal is over.</b> {said}"
            assert "dl-over" in table._dom_classes
        else:
            assert "dl-over" not in table._dom_classes
            who = html_module.escape(actor_name(state.to_move, table.names))
            if mine:
                may = may_text(kinds, state)
                assert status == f"<b>Your turn</b> ({who}, {doing}): you may {may}.", status
            else:
                wait = " Press Step." if table.pace == "step" else ""
                assert status == f"<b>{who}</b> to move ({doing}).{wait}", status
                if table.pace == "instant":  # the table stopped the bots, and says so
                    assert "going round in circles" in table.message, table.message

        # the reader's hand is his seat's view
        if table.blind:
            assert not table.hand_buttons
            remembered = view.remembered_row
            assert remembered is not None and len(table.position_buttons) == len(remembered)
            row = state.row(viewer)  # type: ignore[attr-defined]
            picks = {a.position for a in legal if a.kind == Kind.PICK}
            for i, b in table.position_buttons.items():
                classes = b._dom_classes
                assert f"dl-pos-{i}" in classes and b.disabled == over
                assert ("dl-playable" in classes) == (i in picks)
                codes = [c for c in classes if c.startswith("dl-c-")]
                if remembered[i] is not None:
                    assert "dl-remembered" in classes and codes == [f"dl-c-{remembered[i].code}"]
                elif table.open_cards or over:
                    assert "dl-opened" in classes and codes == [f"dl-c-{row[i].code}"]
                else:
                    assert "dl-back" in classes and not codes
        else:
            assert not table.position_buttons
            assert list(table.hand_buttons) == state.hand(viewer)
            assert set(table.hand_buttons) == set(view.hand)
            assert list(table.hand_box.children) == list(table.hand_buttons.values())
            playable = {c for a in legal for c in a.cards}
            for card, b in table.hand_buttons.items():
                classes = b._dom_classes
                assert f"dl-c-{card.code}" in classes and b.description == card.words
                assert b.disabled == over
                assert ("dl-playable" in classes) == (card in playable)
                assert ("dl-selected" in classes) == (card in table._selected)

        # the other seats, the table, the stock
        panels = {int(next(c for c in p._dom_classes if re.fullmatch(r"dl-seat-\d+", c))[8:]): p
                  for p in table.others_box.children}
        assert sorted(panels) == [p for p in range(state.n) if p != viewer]
        for p, panel in panels.items():
            size = len(state.hand(p))
            assert (f" · {size} card{'s' if size != 1 else ''}"
                    in re.sub(r"<[^>]+>", "", panel.value))  # its words, markup aside
            assert ("dl-seat-tomove" in panel._dom_classes) == (p == state.to_move)
            codes = _CODE_RE.findall(panel.value)
            if isinstance(state, BlindState):
                assert codes == [c.code for c in state.row(p)]
            elif table.open_cards or over:
                assert codes == [c.code for c in state.hand(p)]
            else:
                assert not codes and panel.value.count("dl-back") == size
        on_table = getattr(state, "table", [])
        assert list(table.attack_buttons) == [a for a, _c in on_table]
        for attack, cov in on_table:
            b = table.attack_buttons[attack]
            assert b.disabled == (not (mine and phase == "defend" and not table.chain
                                       and cov is None))
        info = table.info_html.value
        assert f"Stock: {getattr(state, 'stock_count', 0)}<" in info
        assert f"Discard: {getattr(state, 'discard_count', 0)}<" in info

        # the buttons
        buttons = table.action_buttons
        for name in ("lead", "take", "pass"):
            assert buttons[name].disabled == (over or not mine), name
            assert ("dl-legal" in buttons[name]._dom_classes) == (
                {"lead": Kind.LEAD, "take": Kind.TAKE, "pass": Kind.PASS}[name] in kinds)
        assert buttons["transfer"].disabled == (over or not mine or not table.rules.transfers)
        human_moves = any(game.states[i].to_move in table.humans for i in range(len(game.history)))
        assert buttons["undo"].disabled == (not human_moves)
        assert buttons["step"].disabled == (over or state.to_move in table.humans
                                            or table.pace != "step")
        specials = [str(a) for a in legal if a.kind not in _CLICKED]
        assert [v for _label, v in table.special_moves.options] == specials
        assert buttons["special"].disabled == (not specials)
        assert table.hint_button.disabled == (table.hint_provider is None or over or not mine)
        assert "is thinking" not in status

        # the hint: asked in this position, for the reader to move
        if table.hint_text:
            assert self.t.hinted is state, "a hint outlived its position"
        if table.hint_html.value:
            assert table.hint_html.value == html_module.escape(table.hint_text)
        for asked in self.hints:
            assert asked.seat in table.humans and asked.to_move == asked.seat
        self.hints.clear()

        # the record names every card: withheld while the deal goes on with closed cards
        record = table.record_html.value
        if table.show_record and (over or table.open_cards):
            assert "<pre>" in record
        else:
            assert "<pre>" not in record

        # the message: a refusal is marked as such
        assert ("dl-refused" in table.message_html.value) == (table.refusal is not None)

        self._check_log()
        if not (table.open_cards or over):
            self._check_hidden(state, viewer)

    def _check_log(self) -> None:
        """The log has one sentence per action, each naming its actor and the engine's rule."""
        table = self.table
        game = table.game
        lines = table.move_log
        assert len(lines) == len(game.history)
        checked = self.t.checked_lines
        for i, line in enumerate(lines):
            state, action = game.states[i], game.history[i]
            done = checked.get(i)
            if done is not None and done[0] is state and done[1] == line:
                continue
            actor = state.to_move
            said = (describe_own(action, state, imperative=False) if table.humans == (actor,)
                    else describe(action, state))
            # the actor's name as it was then ("Seat 1 (greedy bot)": opponents change)
            assert re.match(rf"Seat {actor}( \([^)]*\))? {re.escape(said)}: ", line), (line, said)
            assert line.endswith(f" [{justify(state, action).rule}]."), (line, action)
            checked[i] = (state, line)
        log = table.log_html.value
        assert f'data-moves="{len(lines)}"' in log
        entries = re.findall(r"<li>(.*?)</li>", log, re.S)
        assert entries == [html_module.escape(x) for x in reversed(lines[-60:])]

    def _ever_seen(self, seat: int) -> int:
        mask = 0
        seen = self.t.seen
        for state in self.table.game.states:
            known = seen.get(id(state))
            if known is None or known[0] is not state:
                known = (state, seen_mask(state, seat))
                seen[id(state)] = known
            mask |= known[1]
        return mask

    def _check_hidden(self, state: GameState, viewer: int) -> None:
        """No widget names a card the reader's seat cannot see; the log only cards it saw."""
        table = self.table
        now = _cards(seen_mask(state, viewer))
        shown = set().union(*(named_cards(t) for t in widget_texts(table, (table.log_html,))))
        assert shown <= now, f"hidden cards shown: {sorted(map(str, shown - now))}"
        logged = named_cards(table.log_html.value)
        if not logged <= now:
            ever = _cards(self._ever_seen(viewer))
            assert logged <= ever, f"the log names unseen cards: {sorted(map(str, logged - ever))}"


def _cases() -> list[tuple[str, int]]:
    cases = []
    for preset in all_presets():
        counts = preset.seat_counts
        cases += [(preset.id, n) for n in sorted({counts[0], counts[-1]})]
    return cases


CASES = _cases()


@pytest.mark.parametrize(("preset", "players"), CASES)
def test_monkey_plays_every_preset_through_the_table(preset: str, players: int,
                                                    escaped: _Escaped) -> None:
    index = CASES.index((preset, players))
    rng = random.Random(1000 + index)
    pending: list[Callable[[], None]] = []
    hints: list[View] = []
    human = index % players
    table = PlayTable(preset, players, seed=index, humans=(human,),
                      opponent=("random", "greedy")[index % 2],
                      pace=("instant", "step", "delay")[index % 3],
                      hint_provider=_hint_spy(hints),
                      scheduler=lambda _s, callback: pending.append(callback))
    escaped.check("building the table")
    monkey = TableMonkey(table, rng, escaped, pending, hints)
    monkey.check()
    monkey.run(25)
    monkey.finish()
    assert monkey.t.deals_ended >= 1


#: a few tables with the search bot: seated from the start with a small budget (cheap), or
#: chosen in the opponents list for a few clicks (the table's own budget, dearer)
SEARCH_CASES = [("perevodnoy", 2, "bots"), ("podkidnoy", 6, "list"), ("blind", 3, "bots")]


@pytest.mark.parametrize(("preset", "players", "how"), SEARCH_CASES)
def test_monkey_plays_against_the_search_bot_with_search_hints(
        preset: str, players: int, how: str, escaped: _Escaped) -> None:
    index = SEARCH_CASES.index((preset, players, how))
    rng = random.Random(3000 + index)
    pending: list[Callable[[], None]] = []
    hints: list[View] = []
    provider = search_hints(iterations=12, seed=index)

    def hint(view: View) -> str:
        hints.append(view)
        return provider(view)

    bots = ({p: SearchBot(max_steps=1500, name="search") for p in range(1, players)}
            if how == "bots" else None)
    table = PlayTable(preset, players, seed=index, bots=bots, hint_provider=hint,
                      scheduler=lambda _s, callback: pending.append(callback), russian=True,
                      four_colour=True)
    monkey = TableMonkey(table, rng, escaped, pending, hints,
                         opponents=("search",) if how == "list" else FAST_OPPONENTS)
    monkey.check()
    if how == "list":
        monkey.opponent("search")
        for _ in range(3):
            if table.human_to_move and not table.game.is_over:
                monkey.play(monkey.reader_move(greedy=False))
        monkey.opponent("greedy")
        monkey.opponents = FAST_OPPONENTS
    else:
        monkey.run(15)
    if table.human_to_move and not table.game.is_over:
        monkey.hint()
        assert "(no hint" not in table.hint_text and table.hint_text
    monkey.finish()
    assert monkey.t.deals_ended >= 1


def test_monkey_at_a_table_of_bots_going_round(escaped: _Escaped) -> None:
    # the reader leads his only card and is out; the bots would go round for ever: every
    # click returns after at most BOT_RUN of their moves, with the table's notice
    deal = Deal.from_hands(["6S", "7S 8S", "7C 8C", "7D 8D"], trump="H", leader=0)
    pending: list[Callable[[], None]] = []
    hints: list[View] = []
    table = PlayTable("podkidnoy", deal=deal, bots={p: Circler() for p in (1, 2, 3)},
                      hint_provider=_hint_spy(hints),
                      scheduler=lambda _s, callback: pending.append(callback))
    monkey = TableMonkey(table, random.Random(3500), escaped, pending, hints)
    monkey.check()
    monkey.play(Action.parse("L6S"))
    assert "going round in circles" in table.message and not table.game.is_over
    for what in ("undo", "step", "delay", "instant"):
        if what == "undo":
            monkey.undo()  # (which may play the lead again itself, to check the replies)
            if table.human_to_move:
                monkey.play(Action.parse("L6S"))
        elif what == "step":
            monkey.pace("step")
            for _ in range(3):
                monkey.press(table.action_buttons["step"], "step")
        elif what == "delay":
            monkey.pace("delay")
            for _ in range(3):
                monkey.fire_timer()
        else:
            monkey.pace("instant")
    assert "going round in circles" in table.message
    monkey.new_deal()  # a fresh deal of the seed: these bots may go round there too
    monkey.run(6)
    assert monkey.t.undos >= 1


HOT_SEAT_CASES = [("perevodnoy-otkaz", 3, (0, 2)), ("podkidnoy", 2, (0, 1))]


@pytest.mark.parametrize(("preset", "players", "humans"), HOT_SEAT_CASES)
def test_monkey_at_a_hot_seat_table(preset: str, players: int, humans: tuple[int, ...],
                                    escaped: _Escaped) -> None:
    # the hand shown is the hand of the human to move (else the first human's); with no bot
    # at the table the opponents list is off
    index = HOT_SEAT_CASES.index((preset, players, humans))
    pending: list[Callable[[], None]] = []
    hints: list[View] = []
    table = PlayTable(preset, players, seed=index, humans=humans, pace="step",
                      hint_provider=_hint_spy(hints),
                      scheduler=lambda _s, callback: pending.append(callback))
    assert table.opponent_box.disabled == (len(humans) == players)
    monkey = TableMonkey(table, random.Random(3700 + index), escaped, pending, hints)
    monkey.check()
    monkey.run(30)
    monkey.finish()
    assert monkey.t.deals_ended >= 1


# ---- OchkoTable --------------------------------------------------------------------------------


@dataclass
class _Played:
    """A reader's action the monkey saw the table play: the position before it, the log
    before it, how to press it again, and what followed."""

    before: Any
    lines: list[str]
    button: str
    stake: int
    after: Any
    lines_after: list[str]


class OchkoMonkey:
    """Random clicks on an OchkoTable's enabled controls, with invariants after every one."""

    ACTIONS = ("deal", "stake", "bank", "buy", "dark", "stand", "draw")

    def __init__(self, table: OchkoTable, rng: random.Random, escaped: _Escaped) -> None:
        self.table = table
        self.rng = rng
        self.escaped = escaped
        self.total = table.game.state.total_money
        self.played: list[_Played] = []
        self.rounds = 0
        self.undos = 0
        self.inert_checks = 0

    def press(self, name: str) -> None:
        table = self.table
        button = table.buttons[name]
        enabled = not button.disabled
        state, n = table.game.state, len(table.game.history)
        lines = list(table.lines)
        stake = int(table.stake_box.value)
        before = ochko_snapshot(table)
        button.click()
        self.escaped.check(f"ochko {name}")
        if not enabled:  # inert: the game, what Undo would take back, every word and value
            assert ochko_snapshot(table) == before, name
            self.inert_checks += 1
        elif name in self.ACTIONS and len(table.game.history) > n:
            self.played.append(_Played(state, lines, name, stake, table.game.state,
                                       list(table.lines)))
            if table.game.state.phase in (Phase.DEAL, Phase.OVER):
                self.rounds += 1
        elif name == "new":
            self.played.clear()
        self.check()

    def undo(self) -> None:
        table = self.table
        last = self.played.pop()
        self.press("undo")
        self.undos += 1
        assert table.game.state == last.before and table.lines == last.lines
        assert "Took back" in table.message
        if self.rng.random() < 0.5:  # the same action again: the same pack, the same replies
            if last.button == "stake":
                table.stake_box.value = last.stake
            self.press(last.button)
            assert table.game.state == last.after and table.lines == last.lines_after

    def step(self) -> None:
        table = self.table
        if self.rng.random() < 0.08:  # a disabled button: nothing happens
            disabled = [n for n, b in table.buttons.items() if b.disabled]
            if disabled:
                self.press(self.rng.choice(disabled))
                return
        options: list[tuple[float, Callable[[], None]]] = []
        for name, b in table.buttons.items():
            if b.disabled:
                continue
            weight = {"new": 0.1, "undo": 0.6, "odds": 0.5}.get(name, 2.0)
            if name == "undo":
                options.append((weight, self.undo))
            else:
                options.append((weight, lambda name=name: self.press(name)))
        if not table.stake_box.disabled:
            legal = table.view.legal
            amount = self.rng.choice([legal.stakes.start, legal.stakes[-1], 0,
                                      legal.stakes[-1] + 1, self.rng.choice(legal.stakes)])
            options.append((1.0, lambda: self.set_stake(amount)))
        total = sum(w for w, _do in options)
        pick = self.rng.random() * total
        for weight, do in options:
            pick -= weight
            if pick <= 0:
                do()
                return

    def set_stake(self, amount: int) -> None:
        self.table.stake_box.value = amount
        self.escaped.check("ochko stake box")
        self.check()

    def check(self) -> None:
        table = self.table
        game = table.game
        state = game.state
        seat = table.seat
        view = game.view(seat)
        assert sum(state.balances) + state.bank == self.total == state.total_money

        # status and buttons: the engine's phase, turn and legal set
        mine = state.to_move == seat and state.phase in (Phase.STAKE, Phase.BUY, Phase.BANKER)
        assert table.my_turn == mine
        status = table.status_html.value
        if state.phase is Phase.OVER:
            assert status == "<b>The session is over.</b>"
        elif state.phase is Phase.DEAL:
            assert status == "Press <b>Deal</b> for the next round."
        elif mine:
            assert status.startswith("<b>Your turn</b>: ")
        else:
            assert status == f"Seat {state.to_move} to move ({state.phase.value})."
        legal = set(view.legal) if mine else set()
        enabled = {n for n, b in table.buttons.items() if not b.disabled}
        for name, action in (("bank", STAKE_BANK), ("buy", BUY), ("dark", BUY_DARK),
                             ("stand", STAND), ("draw", DRAW)):
            assert (name in enabled) == (action in legal), name
        assert ("deal" in enabled) == (state.phase is Phase.DEAL)
        assert ("stake" in enabled) == (mine and state.phase is Phase.STAKE
                                        and bool(view.legal.stakes))
        assert table.stake_box.disabled == ("stake" not in enabled)
        assert ("undo" in enabled) == bool(self.played) == bool(table._checkpoints)
        assert ("new" in enabled) == bool(game.history)

        # the reader's cards are his view; nothing he cannot see is drawn anywhere
        mine_shown = table.hand_html.value
        assert _CODE_RE.findall(mine_shown) == [c.code for c in view.hands[seat] if c is not None]
        assert mine_shown.count("dl-back") == sum(c is None for c in view.hands[seat])
        visible = set(view.visible_cards())
        shown = set().union(*(named_cards(t) for t in widget_texts(table)))
        assert shown <= visible, f"hidden cards shown: {sorted(map(str, shown - visible))}"
        for s in range(state.seats):
            row = table.seats_html.value.split(f'dl-ochko-seat-{s}')[1].split("</tr>")[0]
            assert f"<td>{view.balances[s]}</td>" in row
            assert _CODE_RE.findall(row) == [c.code for c in view.hands[s] if c is not None]

        # the log: a settled round ends with the reader's result and money
        if game.history and state.phase in (Phase.DEAL, Phase.OVER):
            res = state.results[seat]
            verdict = "won" if res > 0 else "lost" if res < 0 else "broke even"
            assert table.lines[-1] == (f"Round over: you {verdict} {abs(res)}; "
                                       f"your money {state.balances[seat]}."), table.lines[-1:]
        if state.phase in (Phase.STAKE, Phase.BUY, Phase.BANKER):
            dealt = [x for x in table.lines if x.startswith("Round ")]
            assert dealt[-1] == (f"Round {state.round_no + 1} dealt; seat {state.banker} banks.")
        assert ("dl-refused" in table.message_html.value) == (table.refusal is not None)

    def finish_round(self) -> None:
        """Play the round in progress to its end (every round ends within a few clicks)."""
        table = self.table
        for _ in range(30):
            phase = table.game.state.phase
            if phase in (Phase.DEAL, Phase.OVER):
                return
            assert table.my_turn  # the bots never leave the turn to anybody but the reader
            for name in ("stand", "stake", "bank", "draw", "buy"):
                if not table.buttons[name].disabled:
                    if name == "stake":  # the box may hold a stake the monkey tried
                        self.set_stake(table.view.legal.stakes.start)
                    self.press(name)
                    break
            else:
                raise AssertionError("the reader's turn with no button to press")
        raise AssertionError("the round did not end within 30 clicks")


OCHKO_CASES = [
    ([100, 100], 1, 0, {}),
    ([30, 30], 0, 0, {1: "random"}),
    ([40, 25, 60], 1, 2, {0: "ev", 2: "random"}),
    ([20, 100, 15, 50], 2, 0, {}),
    ([60, 60, 60, 60, 60, 60], 5, 1, {0: "ev", 3: "random"}),
]


@pytest.mark.parametrize(("balances", "seat", "banker", "kinds"), OCHKO_CASES)
def test_monkey_plays_ochko_through_the_table(balances: list[int], seat: int, banker: int,
                                              kinds: dict[int, str], escaped: _Escaped) -> None:
    index = OCHKO_CASES.index((balances, seat, banker, kinds))
    rng = random.Random(4000 + index)
    make = {"ev": EVBot, "random": OchkoRandomBot, "threshold": ThresholdBot}
    bots = {p: make[k]() for p, k in kinds.items()}
    table = OchkoTable(balances, seat=seat, banker=banker, bots=bots, seed=index,
                       russian=index % 2 == 1)
    monkey = OchkoMonkey(table, rng, escaped)
    monkey.check()
    for _ in range(160):
        monkey.step()
        if table.game.state.phase is Phase.OVER and rng.random() < 0.3:
            monkey.press("new")
    monkey.finish_round()
    assert monkey.rounds >= 3 and monkey.undos >= 1 and monkey.inert_checks >= 1


# ---- LegalityQuiz ------------------------------------------------------------------------------


def _quiz(preset: str, players: int, rng: random.Random) -> LegalityQuiz:
    for _ in range(20):  # a position with no legal candidate makes no quiz: another one
        try:
            return LegalityQuiz.from_game(preset, players, seed=rng.randrange(10_000),
                                          moves=rng.randrange(0, 40),
                                          options=rng.randrange(2, 8))
        except ValueError:
            continue
    raise AssertionError(f"no quiz of {preset} with {players} players in 20 tries")


def check_quiz(quiz: LegalityQuiz, checked: bool) -> None:
    state, seat = quiz.state, quiz.seat
    if quiz.mode == "legal":
        assert quiz.answers == [state.explain(a, seat) is None for a in quiz.candidates]
    result = quiz.result_html.value
    if checked:
        right = [bool(box.value) == answer
                 for box, answer in zip(quiz.options, quiz.answers, strict=True)]
        assert quiz.score == sum(right)
        verdicts = re.findall(r'class="dl-quiz-verdict (dl-right|dl-wrong)"', result)
        assert verdicts == ["dl-right" if r else "dl-wrong" for r in right]
        assert f"{quiz.score} of {len(quiz.candidates)} right." in result
    else:
        assert quiz.score is None and result == ""
    # the position as the player to move sees it: nothing he cannot see, but the cards the
    # candidates name (a teacher may offer a move with a card he does not hold)
    allowed = _cards(seen_mask(state, seat)) | {c for a in quiz.candidates for c in a.cards}
    shown = set().union(*(named_cards(t) for t in widget_texts(quiz)))
    assert shown <= allowed, f"hidden cards shown: {sorted(map(str, shown - allowed))}"


def tick_at_random(quiz: LegalityQuiz, rng: random.Random, escaped: _Escaped,
                   clicks: int) -> None:
    checked = False
    check_quiz(quiz, checked)
    for _ in range(clicks):
        if rng.random() < 0.3:
            quiz.check_button.click()
            escaped.check("quiz check")
            checked = True
        else:
            box = rng.choice(quiz.options)
            box.value = not box.value
            escaped.check("quiz tick")
            checked = False
        check_quiz(quiz, checked)


def test_monkey_ticks_a_legality_quiz_of_every_preset(escaped: _Escaped) -> None:
    rng = random.Random(5000)
    for preset, players in CASES:
        quiz = _quiz(preset, players, rng)
        tick_at_random(quiz, rng, escaped, 6)


def _endgames() -> Iterator[GameState]:
    """Two-player positions with the stock empty and a few cards left, from bots' deals."""
    for preset in ("podkidnoy", "perevodnoy", "prostoy", "svoi-kozyri-8b", "s-par"):
        for seed in range(5):
            _outcome, record = play_deal(preset, seed)
            for state in record.states():
                held = sum(len(state.hand(p)) for p in range(state.n))
                if (state.to_move is not None and getattr(state, "stock_count", 1) == 0
                        and 2 <= held <= 8):
                    yield state
                    break


def play_deal(preset: str, seed: int) -> tuple[Any, Record]:
    from durak_lessons import RandomBot, play

    return play(preset, [GreedyBot(), RandomBot()], seed=seed)


def test_monkey_ticks_best_move_quizzes_of_endgames(escaped: _Escaped) -> None:
    rng = random.Random(6000)
    made = 0
    for state in _endgames():
        pool = candidate_pool(state)
        rng.shuffle(pool)
        quiz = LegalityQuiz(state, pool[:5], mode="best")
        verdict = quiz.verdict
        assert verdict is not None
        for action, answer, value in zip(quiz.candidates, quiz.answers, quiz.values,
                                         strict=True):
            assert (value is None) == (state.explain(action) is not None)
            assert answer == (value is not None and value == verdict.value)
        tick_at_random(quiz, rng, escaped, 4)
        made += 1
    assert made >= 10


# ---- HandStepper -------------------------------------------------------------------------------

STEPPER_CASES = [("podkidnoy-teams", 4), ("perevodnoy", 3), ("blind", 2), ("svoi-kozyri-8b", 2),
                 ("diamonds-turned", 2), ("dorozhny", 3), ("navalenny-top", 2), ("s-par", 2)]


def _frame_shows(stepper: HandStepper, i: int) -> None:
    """Frame ``i`` shows position ``i`` whole (a record is public): every seat's cards in
    order, the table, the stock, the sentence; the result at the end."""
    state, frame = stepper.states[i], stepper.frames[i].value
    total = len(stepper.states)
    assert frame.startswith(f'<div class="dl-frame-head"><b>Step {i}</b> of {total - 1}</div>')
    assert html_module.escape(stepper.sentences[i]) in frame
    assert position_html(state, stepper.card_style, stepper.names) in frame
    seats = frame.split('class="dl-frame-seat"')[1:]
    assert len(seats) == state.n
    for p, part in enumerate(seats):
        part = part.split("</tr>")[0]
        cards = state.row(p) if isinstance(state, BlindState) else state.hand(p)
        assert _CODE_RE.findall(part) == [c.code for c in cards]
    table = frame.split('class="dl-frame-table"')[1].split("</td>")[0]
    assert _CODE_RE.findall(table) == [c.code for pair in getattr(state, "table", [])
                                       for c in pair if c is not None]
    assert f"stock {getattr(state, 'stock_count', 0)} " in frame
    assert ('class="dl-result"' in frame) == (state.outcome is not None)


def test_monkey_steps_through_records(escaped: _Escaped) -> None:
    from durak_lessons import RandomBot, play

    rng = random.Random(7000)
    for index, (preset, players) in enumerate(STEPPER_CASES):
        _outcome, record = play(preset, [GreedyBot(), *[RandomBot()] * (players - 1)],
                                seed=index)
        stepper = HandStepper(record, names=None if index % 2 else
                              [f"P{p}" for p in range(players)], russian=index % 3 == 0,
                              start=rng.randrange(-3, len(record.actions) + 4))
        total = len(stepper.states)
        assert total == len(record.actions) + 1 == len(stepper.frames)
        for i in range(total):
            _frame_shows(stepper, i)
        expected = stepper.index
        for _ in range(40):
            move = rng.choice(["first", "previous", "next", "last", "go"])
            if move == "go":
                target = rng.randrange(-5, total + 5)
                stepper.go(target)
                expected = max(0, min(target, total - 1))
            else:
                getattr(stepper, move)()
                expected = {"first": 0, "last": total - 1,
                            "previous": max(0, expected - 1),
                            "next": min(total - 1, expected + 1)}[move]
            escaped.check(f"stepper {move}")
            assert stepper.index == expected
            assert stepper.stack.selected_index == stepper.slider.value == expected
            assert stepper.nav.selected_index == expected
            _frame_shows(stepper, expected)
