"""``PlayTable``: play any Durak preset from one seat against bots, or hot-seat.

The table shows and drives the engine; it holds no rules.  Every click becomes an engine
:class:`~durak_lessons.actions.Action`; ``explain`` says whether it is allowed (with the rule),
``apply`` plays it.  A click the rules forbid changes nothing and shows the reason.

How to play (the interaction, kept simple):

* **Lead**: click cards in your hand to select them (click again to unselect), then press
  **Lead**.  Several cards of one rank may be led together where the rules allow it.
* **Cover**: click a hand card; it covers the uncovered table card it beats (if it beats
  more than one, first click the table card to cover, then the hand card).
* **Transfer** (переводной): press **Transfer**, then click the card to transfer with.
* **Throw in**: click a hand card of a rank on the table.  **«Бито» / pass** stops throwing in;
  **Take** gives up the bout.
* Chain games (наваленный, дорожный): **Lead** as above; to beat the top card of the centre
  click a hand card.  Moves with no card to click (дорожный's flip of one's own pile, naming
  one's trump in свои козыри, the trump exchange) are listed under **Other move**.
* The blind game: your own cards are shown face down by position (``dl-pos-<i>``); click a
  position to lead, throw in or cover with the card there (to cover one of several cards,
  click the table card first; to transfer, press **Transfer** first).  The others' cards are
  face up, as the rules of the blind game have it.  A card you saw go into your row (picked
  up from the table, or turned over by a wrong play and kept) is drawn as its face with a
  dashed outline (``dl-remembered``), where it lies (D28): the bots remember them too.  With
  **open cards** (and once the deal is over) your whole row is shown face up
  (``dl-opened``).
* **Options** unfolds the settings a reader seldom changes (seed and **New deal**, the
  opponents, the bots' pace, open cards, the record, and where the table is given
  ``variants``, the rule set: choosing another deals anew under it, as **New deal**); they
  unfold by themselves once the deal is over.
* **Undo** takes back your last action (and the bots' replies, and puts their random generator
  back: the same move again gets the same replies); **New deal** deals again with
  the seed in the seed box.  Bots move at once (``instant``), one per **Step** (``step``), or
  after a short delay (``delay``; the scheduler is injectable).  While a bot chooses its move
  the status says so ("Seat 2 (search bot) is thinking…").  For a bot's turn the status says
  only whose turn it is and the phase: what it may do depends on its hidden hand.
* **Hint** asks the hint provider about your move: it is off while a bot is to move and once
  the deal is over, and a hint is cleared when the position changes (a move, Undo, New deal,
  other opponents).

Keyboard: every card and action is a button, reached with Tab / Shift+Tab and pressed with
Enter or Space, in the order the table reads (the cards on the table, the hand, the actions).
The buttons are kept from drawing to drawing and updated in place, so the focus stays on the
button it is on; when a press takes that button away or turns it off (the card played, Lead
once led), the table moves the focus (``DOMWidget.focus``) to the first card the reader may
play, else an action he may take, Step, his first card, or New deal once the deal is over.
The focused button has a 3 px ring.  A card's state, which its face shows by colour, is in
its tooltip too ("7♠: seven of spades; selected; you may play it", "…; the card to cover"):
a screen reader reads the tooltip after the button's name.  The status line, the message (a
refusal) and the hint are polite live regions (``role="status"``, see :func:`.cards.live`):
a screen reader says each new text, so the reader hears whose turn it is after every move.

On a phone (below 500 px) three or more opponents sit side by side, each a narrow column:
his name, his roles, his count as a number (``dl-count``; the word "cards" is only heard),
and at most eight overlapping backs; seats that show faces keep a row each.

A click that played a move replaces its button by a fresh one (if it is still drawn), so the
second click of a double click, which reaches the old button, is ignored: a double click
applies once.  A click on the button of a card no longer in the hand does nothing, nor does
one on a disabled button (``button.click()`` from Python), but for **Hint**: a click that
reaches it while it is off says why.  (A click that changes no position, as selecting a card,
keeps its button: a double click there selects and unselects.)

CSS classes (stable, for tests and themes):

``dl-root dl-play-table``  the whole table;  ``dl-status`` whose turn and what they may do;
``dl-message`` the last refusal or notice (``dl-refused`` when the rules said no);
``dl-others`` the other seats, each ``dl-seat dl-seat-<n>`` (``dl-seat-tomove``), its count of
cards ``dl-count``;
``dl-table`` the bout: ``dl-pair`` boxes of ``dl-attack`` (button) and ``dl-cover-slot``;
``dl-info`` trump (``dl-trump``: the card face up under the stock, else the suit; in свои
козыри each seat's suit as named so far), ``dl-stock``, ``dl-discard``, in дорожный the
reader's face-down pile ``dl-pile`` (each seat's panel shows its own ``dl-pile`` too), the card
shown at the deal ``dl-shown`` (D25) and the cards put back into the stock ``dl-placed`` (D26);
``dl-hand`` the reader's hand of card buttons (see :mod:`.cards`);
``dl-actions`` buttons ``dl-btn-lead``, ``dl-btn-take``, ``dl-btn-pass``, ``dl-btn-transfer``,
``dl-btn-undo``, ``dl-btn-step`` (each also ``dl-legal`` or ``dl-illegal`` now: an illegal one
that is on is drawn faded, less than a disabled one and with its text still readable, as a
click on it says why not); ``dl-special``
(a dropdown of other legal moves) and ``dl-btn-special``, then ``dl-btn-hint`` (not drawn
without a hint provider) and the toggle ``dl-btn-options`` ("Options", "Hide options" while
pressed; not drawn once the deal is over); Transfer is not drawn where the
rules have no transfers, nor Step at a pace other than ``step``; in the blind game the hand
buttons are ``dl-back dl-pos-<i>``, or ``dl-remembered dl-pos-<i>`` for a card seen going in
(``position_buttons``);
``dl-controls``, folded away (``display: none``) unless **Options** is pressed or the deal is
over (``controls_shown``): ``dl-variant`` (only with ``variants``), ``dl-seed``,
``dl-btn-new``, ``dl-opponent``, ``dl-pace``, ``dl-open``, ``dl-btn-record``; ``dl-hint`` the
hint text; ``dl-record`` the game's record
(shown by ``dl-btn-record`` once the deal is over or with open cards; before, as it names every
hidden card, ``dl-record-withheld`` says why it is not shown); ``dl-movelog`` the move log;
``dl-over`` on the root when the deal is over.
"""

from __future__ import annotations

import asyncio
import html
import random
import sys
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]  # ipywidgets ships no type hints

from durak_lessons.actions import (
    Action,
    Kind,
    beat,
    cover,
    lead,
    pass_,
    pick,
    pick_cover,
    take,
    throw,
    transfer,
)
from durak_lessons.blind import BlindState
from durak_lessons.bots import Bot, GreedyBot, RandomBot
from durak_lessons.cards import Card
from durak_lessons.deal import Deal, check_players
from durak_lessons.engine import Game, GameState
from durak_lessons.errors import DurakError, Reason, UnknownPresetError, check_names
from durak_lessons.rules import Family, Rules, preset_info
from durak_lessons.simulate import MAX_ACTIONS
from durak_lessons.views import View

from .board import deal_notes_html, seat_roles, trump_html
from .cards import (
    CardStyle,
    back_html,
    card_button,
    card_button_classes,
    card_label,
    card_words,
    face_html,
    faces_html,
    live,
    seat_bots,
    style_widget,
)
from .narrate import actor_name, describe_own, justify, sentence

__all__ = [
    "OPPONENTS",
    "PACES",
    "PlayTable",
    "Scheduler",
    "default_scheduler",
    "loop_scheduler",
    "thread_scheduler",
]

PACES = ("instant", "step", "delay")
#: the most moves bots make in a row at the instant or delay pace before the table stops them
#: (as :func:`~durak_lessons.play` gives up on a deal: bots can go round for ever)
BOT_RUN = MAX_ACTIONS

#: ``scheduler(seconds, callback)`` runs ``callback`` later (bots' moves at the ``delay`` pace)
Scheduler = Callable[[float, Callable[[], None]], None]
HintProvider = Callable[[View], str]

#: kinds played by clicking cards or the fixed buttons; any other legal move (flip, naming a
#: trump, the trump exchange...) is offered in the "Other move" list
_CLICKED = frozenset({Kind.LEAD, Kind.THROW, Kind.COVER, Kind.TRANSFER, Kind.TAKE, Kind.PASS,
                      Kind.BEAT, Kind.PICK})

_MAY = {
    Kind.LEAD: "lead",
    Kind.COVER: "cover",
    Kind.TRANSFER: "transfer",
    Kind.THROW: "throw in",
    Kind.TAKE: "take",
    Kind.PASS: "pass («бито»)",
    Kind.EXCHANGE: "exchange the trump",
    Kind.BEAT: "beat the top card",
    Kind.FLIP: "turn your pile's top card",
    Kind.PICK: "play a card by its position",
    Kind.NAME: "name your trump",
}


def may_text(kinds: Iterable[Kind], state: Any) -> str:
    """What the reader may do, in words, for the status line: 'throw in, pass («бито»)'.  A
    pass is said as the engine says it in this position ('pass the lead' where a leader may
    pass it, 1.г), but once the defender has said "take" it adds nothing more to the take
    («бито», "beaten", is said of a beaten bout only)."""
    said = ("pass (add nothing more to the take)" if getattr(state, "taking", False)
            else describe_own(Action.parse("pass"), state))
    words = {**_MAY, Kind.PASS: said}
    return ", ".join(words.get(k, k.name.lower()) for k in sorted(kinds))


def _heuristic_bot(_players: int) -> Bot:
    from durak_lessons.heuristic import HeuristicBot

    return HeuristicBot()


#: The search opponents' work per decision (``SearchBot.max_steps``) at a table of ``players``
#: seats: the search bot's own budget (SearchBot's default) with two players, less with more.
#: A reader's click waits for every bot's reply, and with more seats there are more of them
#: (after one lead at six seats, five bots throw in or pass, each decision dearer as the
#: rollouts are longer).  Measured (CPU time, the reader playing random moves, seeds 4 and
#: 11): with the full budget at six seats a click took up to 10 s in подкидной and 23 s in
#: дорожный (0.5-0.9 s a decision); with :func:`search_steps` 0.02-0.1 s a decision and
#: 0.1-0.6 s a click on average.  A click after which the reader is out still waits for the
#: bots to play the deal out.
SEARCH_STEPS_AT_TWO = 60_000


def search_steps(players: int) -> int:
    """The search opponents' ``max_steps`` at a table of ``players``: 60,000 (SearchBot's
    default) with two, 60,000 * (2 / players)**2 with more (15,000 at four, 6,667 at six)."""
    return round(SEARCH_STEPS_AT_TWO * min(1.0, (2 / players) ** 2))


def _search_bot(players: int) -> Bot:
    from durak_lessons.search import SearchBot

    if players <= 2:
        return SearchBot(name="search")  # its own budget, as everywhere else in the book
    return SearchBot(max_steps=search_steps(players), name="search")


def _random_bot(_players: int) -> Bot:
    return RandomBot()


def _greedy_bot(_players: int) -> Bot:
    return GreedyBot()


#: The opponents the table's "opponents" list offers, weakest first (the ladder of the book's
#: "Playing well" chapter): ``OPPONENTS[name](players)`` is a fresh bot for one seat of a
#: table of ``players``
OPPONENTS: dict[str, Callable[[int], Bot]] = {
    "random": _random_bot,
    "greedy": _greedy_bot,
    "card-tracking": _heuristic_bot,
    "search": _search_bot,
}
def _variant_label(rules: Rules) -> str:
    """A rule set as the Options list names it: the preset's Russian name and id
    ("Пятки (дурак простой 1.в) · pyatki"), or the rules string of one of one's own."""
    try:
        info = preset_info(rules.name)
    except UnknownPresetError:
        return rules.to_string()
    return f"{info.russian} · {info.id}" if info.rules == rules else rules.to_string()


#: the status line's words for the engine's phase names ("Your turn (You, throwing in)")
_PHASE_WORDS = {"lead": "leading", "defend": "defending", "throw-in": "throwing in",
                "name-trump": "naming trumps"}
_OPPONENT_LABELS = {"random": "random (weakest)", "search": "search (strongest, slower)"}
_OPPONENT_OF = {"random": "random", "greedy": "greedy", "heuristic": "card-tracking",
                "search": "search"}


#: what a click that reaches the Hint button of a table made without hints says
_NO_HINTS = ("This table gives no hints: make it with hint_provider=search_hints()"
             " (from durak_lessons.widgets import search_hints).")


def thread_scheduler(seconds: float, callback: Callable[[], None]) -> None:
    """The default scheduler: a daemon timer thread (widget updates from a thread are fine in
    a Jupyter kernel; the table serialises them with a lock)."""
    timer = threading.Timer(seconds, callback)
    timer.daemon = True
    timer.start()


def loop_scheduler(seconds: float, callback: Callable[[], None]) -> None:
    """The scheduler where Python starts no threads (the browser's Pyodide: the book's
    JupyterLite pages): the event loop the kernel runs on calls ``callback`` later."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:  # called from outside a coroutine: Pyodide's loop is set all the same
        loop = asyncio.get_event_loop()
    loop.call_later(seconds, callback)


def default_scheduler() -> Scheduler:
    """What a table schedules its bots' moves with at the ``delay`` pace when it is given no
    scheduler: a timer thread (:func:`thread_scheduler`), or in Pyodide, which has no threads,
    the event loop (:func:`loop_scheduler`)."""
    return loop_scheduler if sys.platform == "emscripten" else thread_scheduler


def _button_classes(cls: str, *, legal: bool | None = None,
                    selected: bool = False) -> tuple[str, ...]:
    classes = ["dl-btn", cls, *(["dl-selected"] if selected else [])]
    if legal is not None:
        classes.append("dl-legal" if legal else "dl-illegal")
    return tuple(classes)


def _button(description: str, cls: str, *, tooltip: str = "", disabled: bool = False,
            legal: bool | None = None, layout: widgets.Layout | None = None,
            selected: bool = False) -> widgets.Button:
    # the classes given when the button is made travel with it (each add_class afterwards
    # is a message of its own to the browser)
    return widgets.Button(description=description, tooltip=tooltip or description,
                          disabled=disabled, layout=layout or widgets.Layout(width="auto"),
                          _dom_classes=_button_classes(cls, legal=legal, selected=selected))


def _card_tip(card: Card, style: CardStyle, states: Sequence[str]) -> str:
    """A card button's tooltip (its ``title``, which a screen reader reads after the name):
    '7♠: seven of spades', and its state, which the face shows by colour alone ('selected',
    'you may play it')."""
    return "; ".join([f"{card_label(card, style)}: {card_words(card)}", *states])


def _update(button: widgets.Button, **traits: Any) -> None:
    """Set a kept button's traits; only those that changed go to the browser, in one message
    (the button, and the keyboard focus on it, stay where they are)."""
    with button.hold_sync():
        for name, value in traits.items():
            setattr(button, name, value)


#: the action buttons, in their order in the row (each ``dl-btn-<name>``)
_ACTIONS = ("lead", "take", "pass", "transfer", "undo", "step", "special")


class PlayTable(widgets.VBox):
    """A Durak table: one or more human seats, bots in the others.

    >>> t = PlayTable("podkidnoy", players=2, seed=3)     # you are seat 0, a GreedyBot seat 1
    >>> t.game.to_move in (0, 1)
    True

    ``bots`` maps seats to bot objects (anything with ``choose(view, rng)``); seats in
    ``humans`` (a seat, or several) are played by clicks (several humans: hot-seat, the hand
    shown is the hand of the human to move).  ``seed`` shuffles the deal and seeds the bots;
    with ``deal`` given (``Deal.from_hands``) that deal is played and the seed only seeds the
    bots.
    ``hint_provider(view) -> str`` feeds the **Hint** button, which is
    off without one: ``hint_provider=search_hints()`` (from this package) gives the search
    bot's estimate of every move, or the solver's exact verdict once two players are left with
    the stock empty.
    """

    def __init__(
        self,
        rules: Rules | str = "podkidnoy",
        players: int = 2,
        *,
        seed: int = 0,
        humans: Iterable[int] | int = (0,),
        bots: Mapping[int, Bot] | None = None,
        opponent: str = "greedy",
        pace: str = "instant",
        open_cards: bool = False,
        russian: bool = False,
        four_colour: bool = False,
        show_legal: bool = True,
        hint_provider: HintProvider | None = None,
        scheduler: Scheduler | None = None,
        delay: float = 0.7,
        names: Sequence[str] | None = None,
        deal: Deal | None = None,
        variants: Sequence[Rules | str] = (),
    ) -> None:
        super().__init__()
        # a preset's name or a rules string (``perevodnoy(otkaz=1)``), as Game takes them
        self.rules = Rules.parse(rules) if isinstance(rules, str) else rules
        self.players = players if deal is None else deal.players
        check_players(self.rules, self.players)  # before the seats are counted from it
        if isinstance(variants, str | Rules):
            raise TypeError(f"variants: expected a list of rule sets, not {variants!r}")
        #: the rule sets the reader may switch to in Options (the table's own first)
        self.variants: list[Rules] = [self.rules]
        for v in variants:
            r = Rules.parse(v) if isinstance(v, str) else v
            if not isinstance(r, Rules):
                raise TypeError(f"variants: expected preset names or Rules values, not {v!r}")
            check_players(r, self.players)
            if r not in self.variants:
                self.variants.append(r)
        if type(seed) is not int:
            raise TypeError(
                f"seed: expected a whole number (the table's seed box shows it), not {seed!r}"
            )
        if isinstance(delay, bool) or not isinstance(delay, int | float) or not delay >= 0:
            raise ValueError(f"delay: expected seconds between the bots' moves, 0 or more,"
                             f" not {delay!r}")
        self.humans = tuple(sorted(set((humans,) if isinstance(humans, int) else humans)))
        if not self.humans or any(
            type(h) is not int or not 0 <= h < self.players for h in self.humans
        ):
            raise ValueError(f"humans must be seats in 0..{self.players - 1}")
        if opponent not in OPPONENTS:
            raise ValueError(f"opponent must be one of {', '.join(OPPONENTS)}, not {opponent!r}")
        given = seat_bots(bots, self.players, self.humans, "choose", "GreedyBot()")
        self.bots: dict[int, Bot] = {
            p: given[p] if p in given else OPPONENTS[opponent](self.players)
            for p in range(self.players) if p not in self.humans
        }
        if pace not in PACES:
            raise ValueError(f"pace must be one of {PACES}, not {pace!r}")
        for name, given_fn in (("hint_provider", hint_provider), ("scheduler", scheduler)):
            if given_fn is not None and not callable(given_fn):
                raise TypeError(f"{name}: expected a function (or None), not {given_fn!r}")
        self.pace = pace
        self.card_style = CardStyle(russian=russian, four_colour=four_colour)
        self.hint_provider = hint_provider
        self.scheduler: Scheduler = scheduler or default_scheduler()
        self.delay = delay
        check_names(names, self.players)
        self._named = bool(names)  # names given: kept when the opponents change
        self.names = list(names) if names else [self._default_name(p) for p in range(self.players)]
        self._lock = threading.RLock()
        self._log_cache: list[tuple[GameState, str]] = []
        # shared by the buttons of every redraw (never changed after this)
        self._card_layout = widgets.Layout(width="auto", height="auto")
        self._button_layout = widgets.Layout(width="auto")
        # buttons that can never be used at this table now (Transfer where the rules have no
        # transfers, Step at a pace other than step) are there but not drawn
        self._hidden_layout = widgets.Layout(width="auto", display="none")
        self._gen = 0  # bumped at every redraw (the move log's data-gen)
        self._epoch = 0  # bumped when the game changes under a pending bot timer
        self._bot_run = 0  # the bots' moves since a human's (or the pace) last moved them
        self._selected: list[Card] = []
        self._target: Card | None = None
        self._transfer_mode = False
        self._special_state: GameState | None = None  # the position "Other move" was drawn for
        self.message = ""
        self.refusal: Reason | None = None
        self.hint_text = ""
        self.seed = seed
        self.bot_rng = random.Random(seed)
        # (position, the bots' generator state when it was left): Undo puts it back, so the
        # same move after Undo gets the same replies
        self._rng_log: dict[int, tuple[GameState, tuple[Any, ...]]] = {}
        # the seed deals a new deal, or only seeds the bots where a deal is given
        self.game = (
            Game(self.rules, self.players, seed)
            if deal is None
            else Game(self.rules, self.players, deal=deal)
        )

        # --- persistent parts -----------------------------------------------------------
        self.status_html = live(widgets.HTML())
        self.status_html.add_class("dl-status")
        self.message_html = live(widgets.HTML())
        self.message_html.add_class("dl-message")
        self.others_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.others_box.add_class("dl-others")
        self.table_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap",
                                                            min_height="4.5em"))
        self.table_box.add_class("dl-table")
        self.info_html = widgets.HTML()
        self.info_html.add_class("dl-info")
        self.hand_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.hand_box.add_class("dl-hand")
        self.actions_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.actions_box.add_class("dl-actions")
        self.seed_box = widgets.IntText(value=seed, description="seed",
                                        tooltip="the same seed deals the same cards",
                                        style={"description_width": "initial"},
                                        layout=widgets.Layout(width="9em"))
        self.seed_box.add_class("dl-seed")
        self.new_button = _button("New deal", "dl-btn-new", tooltip="deal again with this seed")
        self.new_button.on_click(lambda _b: self.new_deal(int(self.seed_box.value)))
        self.pace_buttons = widgets.ToggleButtons(options=list(PACES), value=pace,
                                                  tooltips=["bots move at once",
                                                            "bots move one per Step",
                                                            "bots move after a short delay"],
                                                  style={"button_width": "6.5em"})
        self.pace_buttons.add_class("dl-pace")
        self.pace_buttons.observe(self._on_pace, names="value")
        self.open_box = widgets.Checkbox(value=open_cards, description="open cards",
                                         tooltip="show every hand face up (for teaching)",
                                         indent=False, layout=widgets.Layout(width="auto"))
        self.open_box.add_class("dl-open")
        self.open_box.observe(lambda _c: self.redraw(), names="value")
        kinds = {_OPPONENT_OF.get(getattr(b, "name", ""), "") for b in self.bots.values()}
        self.opponent_box = widgets.Dropdown(
            options=[(_OPPONENT_LABELS.get(k, k), k) for k in OPPONENTS],
            value=kinds.pop() if len(kinds) == 1 and "" not in kinds else None,
            description="opponents", layout=widgets.Layout(width="17em"),
            tooltip="the bots at the other seats",
            style={"description_width": "initial"},
            disabled=not self.bots)
        self.opponent_box.add_class("dl-opponent")
        self.opponent_box.observe(self._on_opponent, names="value")
        self.variant_box = widgets.Dropdown(
            options=[(_variant_label(r), i) for i, r in enumerate(self.variants)], value=0,
            description="rules", tooltip="the rule set: another deals anew, as New deal",
            style={"description_width": "initial"}, layout=widgets.Layout(
                width="auto", display=None if len(self.variants) > 1 else "none"))
        self.variant_box.add_class("dl-variant")
        self.variant_box.observe(self._on_variant, names="value")
        self.hint_button = _button("Hint", "dl-btn-hint", disabled=hint_provider is None,
                                   tooltip="ask the hint provider" if hint_provider
                                   else "no hints: give the table hint_provider=search_hints()",
                                   layout=widgets.Layout(width="auto"))
        self.hint_button.on_click(lambda _b: self.show_hint())
        self.hint_html = live(widgets.HTML())
        self.hint_html.add_class("dl-hint")
        self.show_record = False
        self.record_button = _button("Record", "dl-btn-record",
                                     tooltip="the game so far as one line of text, to replay")
        self.record_button.on_click(lambda _b: self.toggle_record())
        self.record_html = widgets.HTML()
        self.record_html.add_class("dl-record")
        self.log_html = widgets.HTML()
        self.log_html.add_class("dl-movelog")
        self.special_moves = widgets.Dropdown(options=[], description="Other move",
                                              tooltip="the moves that are not a card to play",
                                              layout=widgets.Layout(width="auto"))
        self.special_moves.add_class("dl-special")
        # the settings a reader seldom changes are folded away behind "Options" (a 560 px
        # console frame on a phone holds the table only without them); they unfold by
        # themselves once the deal is over, for New deal and Record
        self.controls = widgets.HBox(
            [self.variant_box, self.seed_box, self.new_button, self.opponent_box,
             self.pace_buttons, self.open_box, self.record_button],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center", display="none"),
        )
        self.controls.add_class("dl-controls")
        self.options_button = widgets.ToggleButton(
            value=False, description="Options", layout=widgets.Layout(width="auto"),
            tooltip="seed and new deal, opponents, pace, open cards, the game's record")
        self.options_button.add_class("dl-btn-options")
        self.options_button.observe(lambda _c: self._show_controls(), names="value")
        if hint_provider is None:  # a Hint button that can never work: not drawn
            self.hint_button.layout.display = "none"
        self.children = [
            style_widget(), self.status_html, self.others_box, self.table_box, self.info_html,
            self.hand_box, self.actions_box, self.message_html, self.hint_html, self.controls,
            self.record_html, self.log_html,
        ]
        self.add_class("dl-root")
        self.add_class("dl-play-table")
        if russian:
            self.add_class("dl-ru")
        self.hand_buttons: dict[Card, widgets.Button] = {}
        self.position_buttons: dict[int, widgets.Button] = {}
        self.attack_buttons: dict[Card, widgets.Button] = {}
        # Buttons are kept from drawing to drawing and updated in place, so that the keyboard
        # focus stays on the one it is on (a fresh button is a fresh element in the page, and
        # the focus on the old one fell back to the page's top): a card's button by card (in
        # the blind game the button at a position is the one of the card lying there), the
        # table's pairs by the card led, the action buttons by name.
        self._hand_pool: dict[Card, widgets.Button] = {}
        self._row_pool: dict[Card, widgets.Button] = {}
        self._pairs: dict[Card, tuple[widgets.VBox, widgets.Button, widgets.HTML]] = {}
        self._empty_table = widgets.HTML('<span class="dl-info-line">The table is empty.</span>')
        self._focus_target: widgets.Button | None = None
        # the click being handled: (its button, the game and position it was made in); the
        # drawing renews the button once the click has played a move (:meth:`_renew_clicked`)
        self._click: tuple[widgets.Button, Game, GameState] | None = None
        self.action_buttons: dict[str, widgets.Button] = {
            name: self._action_button(name) for name in _ACTIONS}
        self._advance()

    # ------------------------------------------------------------------ public helpers
    @property
    def state(self) -> GameState:
        """The current position of the game."""
        return self.game.state

    @property
    def open_cards(self) -> bool:
        """Whether every hand is shown face up (the **open cards** box)."""
        return bool(self.open_box.value)

    @property
    def viewer(self) -> int:
        """The human seat whose hand is shown: the human to move, else the first human."""
        to_move = self.state.to_move
        if to_move is not None and to_move in self.humans:
            return to_move
        return self.humans[0]

    @property
    def blind(self) -> bool:
        """The blind game: the reader's own cards are face down, chosen by position (R14)."""
        return hasattr(self.state, "row") and bool(getattr(self.rules, "blind", False))

    @property
    def chain(self) -> bool:
        """Whether the game is a chain game (наваленный, дорожный)."""
        return self.rules.family == Family.CHAIN

    @property
    def human_to_move(self) -> bool:
        """Whether a human seat is to move."""
        return self.state.to_move in self.humans

    @property
    def move_log(self) -> list[str]:
        """Every action so far, in words."""
        states, history = self.game.states, self.game.history
        cache = self._log_cache
        keep = 0  # reuse the sentences of the positions that are still in the game
        while keep < min(len(cache), len(history)) and cache[keep][0] is states[keep]:
            keep += 1
        del cache[keep:]
        cache.extend((states[i], self._sentence(states[i], history[i]))
                     for i in range(keep, len(history)))
        return [line for _state, line in cache]

    def toggle_record(self) -> None:
        """Show (or hide) the game's record: one line that replays it
        (``HandStepper(Record.from_text(line))``; ``Record.from_text(line).states()`` gives
        every position).  The line names every card of the deal (the hidden hands, the order
        of the stock), so while the deal goes on it is shown only with open cards; else a
        note says why it is withheld."""
        with self._lock:
            self.show_record = not self.show_record
            self.redraw()

    @property
    def controls_shown(self) -> bool:
        """Whether the folded settings (seed, New deal, opponents, pace, open cards, Record)
        are on show: while **Options** is pressed, and always once the deal is over."""
        return bool(self.options_button.value) or self.state.is_over

    def _show_controls(self) -> None:
        # the toggle's state is in its words (ipywidgets gives it no aria-pressed); once the
        # deal is over the settings stay on show and the toggle has nothing to do
        opened = bool(self.options_button.value)
        self.options_button.description = "Hide options" if opened else "Options"
        self.options_button.layout.display = "none" if self.state.is_over else ""
        self.controls.layout.display = "" if self.controls_shown else "none"

    def set_opponents(self, opponent: str) -> None:
        """Every bot seat played by a fresh bot of ``opponent`` (a key of :data:`OPPONENTS`)
        from the next move on; the deal goes on.  The same as choosing it in the list."""
        if opponent not in OPPONENTS:
            raise ValueError(f"opponent must be one of {', '.join(OPPONENTS)}, not {opponent!r}")
        if self.opponent_box.value != opponent:
            self.opponent_box.value = opponent  # its observer seats the new bots
        else:
            self._seat_opponents(opponent)

    def _on_opponent(self, change: dict[str, Any]) -> None:
        if change["new"] is not None:
            self._seat_opponents(change["new"])

    def _seat_opponents(self, opponent: str) -> None:
        with self._lock:
            self.bots = {p: OPPONENTS[opponent](self.players) for p in self.bots}
            if not self._named:
                self.names = [self._default_name(p) for p in range(self.players)]
            # (the log keeps its sentences: the moves played so far name the bots that made them)
            self._epoch += 1  # a bot's move already scheduled is the old bot's: dropped
            self.hint_text = ""  # a hint weighed the old bots' replies
            self._notice(f"Your opponents are now {_OPPONENT_LABELS.get(opponent, opponent)}"
                         " bots.")
            self._advance()

    def _on_variant(self, change: dict[str, Any]) -> None:
        """Another rule set chosen in Options: a new deal under it, with the seed in the seed
        box (as **New deal**)."""
        rules = self.variants[change["new"]]
        if rules != self.rules:
            self.rules = rules
            self.new_deal(int(self.seed_box.value))

    def new_deal(self, seed: int | None = None) -> None:
        """Deal again (same rules, players and seats) with ``seed``."""
        with self._lock:
            self.seed = self.seed if seed is None else seed
            self.bot_rng = random.Random(self.seed)
            self._rng_log = {}
            self.game = Game(self.rules, self.players, self.seed)
            self._epoch += 1
            self._bot_run = 0
            self._clear_choice()
            self.hint_text = ""
            name = f" of {_variant_label(self.rules)}" if len(self.variants) > 1 else ""
            self._notice(f"New deal{name}, seed {self.seed}.")
            self._advance()

    def undo(self) -> None:
        """Take back the last human action and the bots' replies after it."""
        with self._lock:
            game = self.game
            human_actions = [i for i in range(len(game.history))
                             if game.states[i].to_move in self.humans]
            if not human_actions:
                self._notice("Nothing to undo.")
                self.redraw()
                return
            back_to = human_actions[-1]
            while len(game.history) > back_to:
                game.pop()
            self._rewind_rng(back_to)
            self._epoch += 1
            self._bot_run = 0
            self._clear_choice()
            self.hint_text = ""
            self._notice("Took back your last move.")
            self.redraw()

    def _note_rng(self, rng_state: tuple[Any, ...], *, before: bool = False) -> None:
        """Remember the bots' generator state as it was in the position an action is played
        from (``before``: the action has just been pushed)."""
        index = len(self.game.history) - (1 if before else 0)
        self._rng_log[index] = (self.game.states[index], rng_state)

    def _rewind_rng(self, index: int) -> None:
        """Put the bots' generator back as it was in position ``index`` (after Undo)."""
        log = self._rng_log
        noted = log.get(index)
        if noted is not None and noted[0] is self.game.states[index]:
            self.bot_rng.setstate(noted[1])
        for i in [i for i in log if i >= index]:
            del log[i]

    def step(self) -> bool:
        """Let the bot to move play one action; True if one was played."""
        with self._lock:
            played = self._bot_move()
            self.redraw()
            return played

    def show_hint(self) -> None:
        """Ask the hint provider about the position of the human to move (the button is off
        when the table has no provider, the deal is over or a bot is to move; a click that
        reaches it then says why)."""
        with self._lock:  # a bot's move at the delay pace must not redraw under it
            if self.hint_provider is None:
                self.hint_text = _NO_HINTS
            elif self.state.is_over:
                self.hint_text = "The deal is over: there is no move to hint at."
            elif not self.human_to_move:
                self.hint_text = "Wait for your turn: the hint is for your move."
            else:
                self._ask_hint()
            self.redraw()

    def _ask_hint(self) -> None:
        assert self.hint_provider is not None
        try:
            self.hint_text = str(self.hint_provider(View(self.state, self.viewer)))
        except Exception as exc:  # a hint is a help: its failure must not break the table
            self.hint_text = f"(no hint: {exc})"

    def card_button(self, card: Card | str) -> widgets.Button:
        """The current button of a card in the shown hand (``card_button("7S")``)."""
        c = Card.parse(card) if isinstance(card, str) else card
        return self.hand_buttons[c]

    # ------------------------------------------------------------------ clicks
    def _live(self, button: widgets.Button, drawn: Mapping[Any, widgets.Button]) -> bool:
        """A click counts on a button drawn now (one of ``drawn``), and only while it is
        enabled: a disabled button is inert (``button.click()`` from Python ignores
        ``disabled``; at the delay pace a disabled Step played a bot's move, a disabled
        Transfer entered the transfer mode, a disabled table card became the card to cover).
        A button whose click played a move is replaced by a fresh one (:meth:`_after_click`),
        so the second click of a double click, which reaches the old one, is ignored; so is
        a click on the button of a card no longer in the hand.  (The Hint button, drawn once,
        is the exception: a click that reaches it while it is off says why, in the hint
        line.)"""
        return not button.disabled and any(b is button for b in drawn.values())

    def _clicked(self, button: widgets.Button, drawn: Callable[[], Mapping[Any, widgets.Button]],
                 run: Callable[[], None]) -> None:
        """Run a click on ``button`` (one of ``drawn()``) if it is live, then see to the
        button and the keyboard focus (:meth:`_after_click`)."""
        with self._lock:
            if not self._live(button, drawn()):
                return
            shown = self._card_buttons()
            place = next((i for i, b in enumerate(shown) if b is button), None)
            game, state = self.game, self.state
            self._click = (button, game, state)
            try:
                run()
                clicked = self._click[0]
            finally:
                self._click = None
            self._after_click(clicked, moved=self.game is not game or self.state is not state,
                              place=place)

    def _click_hand(self, card: Card, button: widgets.Button) -> None:
        self._clicked(button, lambda: self.hand_buttons, lambda: self._play_hand(card))

    def _play_hand(self, card: Card) -> None:
        state = self.state
        phase = getattr(state, "phase", "")
        if self._transfer_mode:
            self._try(transfer(card))
            return
        if not self.human_to_move:
            self._try(throw(card) if phase == "throw-in" else lead(card))
            return
        if phase == "lead":
            if card in self._selected:
                self._selected = [c for c in self._selected if c != card]
            else:
                self._selected = [*self._selected, card]
            self.refusal = None
            self.message = ""
            self.redraw()
            return
        if phase == "defend":
            if self.chain:
                self._try(beat(card))
            else:
                self._cover_with(card)
            return
        self._try(throw(card))

    def _click_position(self, button: widgets.Button) -> None:
        def run() -> None:
            index = next(i for i, b in self.position_buttons.items() if b is button)
            self._play_position(index)

        self._clicked(button, lambda: self.position_buttons, run)

    def _play_position(self, index: int) -> None:
        state = self.state
        uncovered = [a for a, c in getattr(state, "table", []) if c is None]
        if getattr(state, "phase", "") != "defend" or self._transfer_mode:
            self._try(pick(index))
        elif self._target is not None:
            self._try(pick_cover(index, self._target))
        elif len(uncovered) == 1:
            self._try(pick_cover(index, uncovered[0]))
        else:
            self._notice("Click the table card to cover first, then the position.")
            self.redraw()

    def _cover_with(self, card: Card) -> None:
        state = self.state
        uncovered = [a for a, c in getattr(state, "table", []) if c is None]
        if self._target is not None:
            self._try(cover(self._target, card))
            return
        fitting = [a for a in uncovered if state.explain(cover(a, card), self.viewer) is None]
        if len(fitting) == 1:
            self._try(cover(fitting[0], card))
        elif len(fitting) > 1:
            self._notice(f"{card} beats more than one card: click the table card to cover first.")
            self.redraw()
        elif uncovered:
            self._try(cover(uncovered[0], card))  # refused: shows the engine's reason
        else:
            self._try(throw(card))

    def _click_attack(self, card: Card, button: widgets.Button) -> None:
        def run() -> None:
            self._target = None if self._target == card else card
            self._transfer_mode = False
            self.refusal = None
            self.message = ""
            self.redraw()

        self._clicked(button, lambda: self.attack_buttons, run)

    def _click_action(self, name: str, button: widgets.Button) -> None:
        self._clicked(button, lambda: self.action_buttons, lambda: self._act(name))

    def _act(self, name: str) -> None:
        if name == "lead":
            if not self._selected:
                self._no_lead_selected()
                return
            self._try(lead(*self._selected))
        elif name == "take":
            self._try(take())
        elif name == "pass":
            self._try(pass_())
        elif name == "transfer":
            self._transfer_mode = not self._transfer_mode
            self._notice("Now click the card to transfer with." if self._transfer_mode
                         else "")
            self.redraw()
        elif name == "special":
            chosen = self.special_moves.value
            if chosen is None:
                self._notice("No other move is possible now.")
                self.redraw()
            else:
                self._try(Action.parse(str(chosen)))
        elif name == "undo":
            self.undo()
        elif name == "step":
            self.step()

    def _no_lead_selected(self) -> None:
        """**Lead** pressed with no card selected.  Where the reader may lead, he is told to
        select the cards first; where he may not (he defends, throws in, names his trump, or
        plays by position in the blind game), "select first" would send him the wrong way:
        he is told why not, with the engine's rule, as for any other move refused."""
        state = self.state
        if any(a.kind == Kind.LEAD for a in state.legal_actions()):
            self._notice("Select the card(s) to lead first, then press Lead.")
        else:
            hand = list(state.hand(self.viewer))
            reason = state.explain(lead(hand[0]), self.viewer) if hand else None
            if reason is not None:  # (a lead's reason names no card: nothing hidden is shown)
                self._refuse(reason)
            else:
                self._notice("You may not lead now: you may "
                             f"{may_text({a.kind for a in state.legal_actions()}, state)}.")
        self.redraw()

    # ------------------------------------------------------------------ keyboard focus
    def _card_buttons(self) -> list[widgets.Button]:
        """The reader's card buttons drawn now, in their order (his hand, or his row)."""
        return [*self.position_buttons.values(), *self.hand_buttons.values()]

    @staticmethod
    def _usable(button: widgets.Button) -> bool:
        return not button.disabled and button.layout.display != "none"

    def _renew_clicked(self) -> None:
        """In a drawing during a click: once the click has played a move, its button, if it
        is still drawn, is replaced by a fresh one (the second click of a double click
        reaches the old one, and is ignored).  (Done in the drawing, before the move log's
        data-gen is written: a browser test that sees data-gen change sees the fresh
        button.)"""
        if self._click is None:
            return
        button, game, state = self._click
        if (self.game is not game or self.state is not state) \
                and any(b is button for b in self._drawn()):
            self._click = (self._renew(button), self.game, self.state)

    def _after_click(self, button: widgets.Button, *, moved: bool, place: int | None) -> None:
        """After a click on ``button`` (the ``place``-th card button, if one; the fresh one
        if it was renewed), the keyboard focus goes where the reader goes on.  It stays on the
        button clicked while that is drawn and on (a selected card, Transfer…, Take); else (a
        card played, a button now off, or one that played a move and is now against the
        rules) it goes to the first card he may play (from the place of the one played on),
        an action he may take, Step, his first card, once the deal is over New deal, else
        Undo or Options."""
        drawn = any(b is button for b in self._drawn())
        # (a button that played a move and is now against the rules, as Lead once led, is
        # not where the reader goes on)
        stay = drawn and self._usable(button) and not (
            moved and "dl-illegal" in button._dom_classes)
        target = button if stay else self._next_stop(place)
        if target is not None:
            self._focus(target)

    def _next_stop(self, place: int | None) -> widgets.Button | None:
        cards = [b for b in self._card_buttons() if self._usable(b)]
        playable = [b for b in cards if "dl-playable" in b._dom_classes]
        shown = self._card_buttons()
        later = [b for b in shown[place or 0:] if b in playable] if place is not None else []
        legal = [b for b in self.action_buttons.values()
                 if "dl-legal" in b._dom_classes and self._usable(b)]
        step = [b for b in (self.action_buttons["step"],) if self._usable(b)]
        new = [self.new_button] if self.controls_shown else []
        rest = [b for b in (self.action_buttons["undo"], self.options_button) if self._usable(b)]
        for choice in (later, playable, legal, step, cards, new, rest):
            if choice:
                return choice[0]
        return None

    def _keep_focus(self) -> None:
        """After a drawing: if the button last given the focus is gone or off now (a bot's
        move at the delay pace ended the deal, and the reader's cards are off), the focus it
        had fell to the page's top: it goes on to the next stop (:meth:`_next_stop`)."""
        target = self._focus_target
        if target is None or self._click is not None:
            return
        kept = (*self._drawn(), self.hint_button, self.options_button, self.record_button,
                *((self.new_button,) if self.controls_shown else ()))
        if not (any(target is b for b in kept) and self._usable(target)):
            following = self._next_stop(None)
            self._focus_target = None
            if following is not None:
                self._focus(following)

    def _focus(self, button: widgets.Button) -> None:
        """Put the keyboard focus on ``button`` in the browser (``DOMWidget.focus``).  A view
        the browser makes anew (a fresh button, or a card's button drawn again after a card
        before it went or came) may not exist yet when the message arrives: once the browser
        counts a new view of it (``_view_count``, counted from now on), it is sent again."""
        self._focus_target = button
        if button._view_count is None:
            button._view_count = 0
        button.focus()

    def _on_view_count(self, change: dict[str, Any]) -> None:
        target = self._focus_target
        if target is not None and change["owner"] is target \
                and (change["new"] or 0) > (change["old"] or 0):
            target.focus()

    # ------------------------------------------------------------------ kept buttons
    def _watch(self, button: widgets.Button) -> widgets.Button:
        button.observe(self._on_view_count, names="_view_count")
        return button

    def _action_button(self, name: str) -> widgets.Button:
        layout = widgets.Layout(width="auto") if name == "special" else self._button_layout
        b = _button(name, f"dl-btn-{name}", layout=layout)
        b.on_click(lambda clicked, n=name: self._click_action(n, clicked))
        return self._watch(b)

    def _hand_button(self, card: Card) -> widgets.Button:
        b = card_button(card, self.card_style, layout=self._card_layout)
        b.on_click(lambda clicked, c=card: self._click_hand(c, clicked))
        return self._watch(b)

    def _row_button(self) -> widgets.Button:
        b = widgets.Button(layout=self._card_layout)
        b.on_click(self._click_position)
        return self._watch(b)

    def _drawn(self) -> list[widgets.Button]:
        return [*self._card_buttons(), *self.attack_buttons.values(),
                *self.action_buttons.values()]

    def _renew(self, old: widgets.Button) -> widgets.Button:
        """A fresh button in ``old``'s place (the same words, classes and state); ``old`` is
        closed."""
        new: widgets.Button
        for name, b in self.action_buttons.items():
            if b is old:
                new = self.action_buttons[name] = self._action_button(name)
                box = self.actions_box
                break
        else:
            box = self.hand_box
            hand = next((c for c, b in self._hand_pool.items() if b is old), None)
            if hand is not None:
                new = self._hand_pool[hand] = self.hand_buttons[hand] = self._hand_button(hand)
            else:
                row = next(c for c, b in self._row_pool.items() if b is old)
                new = self._row_pool[row] = self._row_button()
                index = next(i for i, b in self.position_buttons.items() if b is old)
                self.position_buttons[index] = new
        _update(new, description=old.description, tooltip=old.tooltip, disabled=old.disabled,
                layout=old.layout, _dom_classes=old._dom_classes)
        box.children = [new if w is old else w for w in box.children]
        old.close()
        return new

    def _try(self, action: Action) -> bool:
        """Play ``action`` for the shown seat if the engine allows it; else show why."""
        seat = self.viewer
        reason = self.state.explain(action, seat)
        if reason is not None:
            self._refuse(reason)
            if self._transfer_mode:  # leave the mode: the next click covers or throws in
                self._transfer_mode = False
                self.message += (". Transfer cancelled: click a card to cover with it, or press"
                                 " Transfer… again to transfer.")
            self.redraw()
            return False
        self._note_rng(self.bot_rng.getstate())
        self.game.push(action, seat)
        self._epoch += 1
        self._bot_run = 0
        self._clear_choice()
        self.refusal = None
        self.message = ""
        self.hint_text = ""
        self._advance()
        return True

    def _on_pace(self, change: dict[str, Any]) -> None:
        with self._lock:
            self.pace = str(change["new"])
            self._epoch += 1
            self._bot_run = 0
            self._advance()

    # ------------------------------------------------------------------ bots
    def _bot_move(self) -> bool:
        state = self.state
        player = state.to_move
        if player is None or player in self.humans:
            return False
        if self._bot_run >= BOT_RUN and self.pace != "step":
            # bots of the reader's own making (or ours, with transfers) can pass the same
            # cards round for ever once the reader is out: do not hang the kernel on it
            self._notice(f"The bots have played {BOT_RUN} moves in a row and the deal is not"
                         " over: they may be going round in circles. Stopped here; choose the"
                         " step pace to watch them move by move, or deal again.")
            return False
        bot = self.bots[player]
        # shown while the bot thinks: in a Jupyter kernel the update goes out at once (the IO
        # thread sends it while this thread computes); the redraw after the move replaces it
        self.status_html.value = (f"<b>{html.escape(actor_name(player, self.names))}</b> is "
                                  "thinking…")
        rng_state = self.bot_rng.getstate()
        action = bot.choose(View(state, player), self.bot_rng)
        try:
            self.game.push(action, player)
            self._note_rng(rng_state, before=True)
            self._bot_run += 1
            # a hint is about one position; and a click that reached the disabled Hint while
            # the bot was to move said "wait for your turn", which is no longer true
            self.hint_text = ""
        except DurakError as exc:
            self._notice(f"{self.names[player]} tried an illegal move ({exc}); stopped.")
            return False
        return True

    def _advance(self) -> None:
        """Let bots play as the pace says, then redraw."""
        if self.pace == "instant":
            while self._bot_move():
                pass
        elif self.pace == "delay":
            self._schedule()
        self.redraw()

    def _schedule(self) -> None:
        state = self.state
        if state.to_move is None or state.to_move in self.humans:
            return
        epoch = self._epoch

        def later() -> None:
            with self._lock:
                if epoch != self._epoch:
                    return  # the game changed (undo, new deal, pace) since this was scheduled
                self._epoch += 1
                if self._bot_move():
                    self._schedule()
                self.redraw()

        self.scheduler(self.delay, later)

    # ------------------------------------------------------------------ drawing
    def _default_name(self, seat: int) -> str:
        if seat in getattr(self, "humans", ()):
            return f"Seat {seat} (you)" if len(self.humans) == 1 else f"Seat {seat}"
        bot = getattr(self, "bots", {}).get(seat)
        name = str(getattr(bot, "name", "bot"))
        return f"Seat {seat} ({_OPPONENT_OF.get(name, name)} bot)"  # as the list names it

    def _sentence(self, state: GameState, action: Action) -> str:
        actor = state.to_move
        if actor is None or self.humans != (actor,):
            return sentence(state, action, self.names)
        # the reader's own move: said to him ("names ♠ spades as your trump"; with the name
        # "You", "You lead 8♠"); the rule's reason stays as the engine words it
        name = actor_name(actor, self.names)
        said = describe_own(action, state, imperative=name.strip().lower() == "you")
        return f"{name} {said}: {justify(state, action, self.names)}."

    def _notice(self, text: str) -> None:
        self.refusal = None
        self.message = text

    def _refuse(self, reason: Reason) -> None:
        """Show why the rules refused a move, with the rule (as the Очко table does)."""
        self.refusal = reason
        self.message = f"Not allowed: {reason.text} [{reason.rule}]"

    def _clear_choice(self) -> None:
        self._selected = []
        self._target = None
        self._transfer_mode = False

    def redraw(self) -> None:
        """Draw the current position (the buttons kept are updated in place)."""
        self._gen += 1
        gen = self._gen
        state = self.state
        style = self.card_style
        viewer = self.viewer
        to_move = state.to_move
        mine = to_move == viewer and self.human_to_move
        legal = state.legal_actions() if mine else []
        kinds = {a.kind for a in legal}
        playable = {c for a in legal for c in a.cards}
        phase = str(getattr(state, "phase", ""))
        doing = _PHASE_WORDS.get(phase, phase)  # the status line's words for it

        # status
        if state.is_over:
            outcome = state.outcome
            text = outcome.describe(self.names) if outcome is not None else "The deal is over."
            status = f"<b>The deal is over.</b> {html.escape(text)}"
            self.add_class("dl-over")
        else:
            self.remove_class("dl-over")
            who = actor_name(to_move, self.names) if to_move is not None else "?"
            may = may_text(kinds, state)
            if mine:
                status = f"<b>Your turn</b> ({html.escape(who)}, {doing}): you may {may}."
            else:
                # only public facts: what a bot may do depends on its hidden hand
                wait = " Press Step." if self.pace == "step" and to_move not in self.humans \
                    else ""
                status = f"<b>{html.escape(who)}</b> to move ({doing}).{wait}"
        self.status_html.value = status

        # other seats; in the faithful дорожный each seat's face-down pile (D13), which everyone
        # sees the size of: with an empty hand a seat may still hold most of its cards there
        piles = View(state, viewer).pile_sizes if self.rules.personal_piles else None
        panels = []
        for p in range(state.n):
            if p == viewer:
                continue
            roles = self._roles(state, p)
            size = len(state.hand(p))
            if isinstance(state, BlindState):
                cards = faces_html(state.row(p), style)
            elif self.open_cards or state.is_over:  # once over, nothing is left to hide
                cards = "".join(face_html(c, style) for c in state.hand(p))
            else:
                cards = back_html(size, label=f"{actor_name(p, self.names)}'s card")
            # the count's word in a span of its own: a phone's compact seats (three and more
            # opponents side by side, see .cards) show only the number, a reader hears both
            panel = widgets.HTML(
                f"<div><b>{html.escape(actor_name(p, self.names))}</b> {roles}"
                f'<span class="dl-count"> · {size}<span class="dl-unit">'
                f" card{'s' if size != 1 else ''}</span></span>"
                + (f' · <span class="dl-pile">face-down pile: {piles[p]}</span>'
                   if piles is not None else "") + "</div>"
                f'<div class="dl-mini">{cards}</div>',
                _dom_classes=("dl-seat", f"dl-seat-{p}",
                              *(("dl-seat-tomove",) if p == to_move else ())))
            panels.append(panel)
        self._replace(self.others_box, panels)

        # the bout on the table: a pair (the card led, as a button, and its cover) is kept while
        # its card lies there
        defending = mine and phase == "defend" and not self.chain
        self.attack_buttons = {}
        pairs: list[widgets.Widget] = []
        bout = getattr(state, "table", [])
        for attack, cov in bout:
            if attack not in self._pairs:
                b = self._watch(card_button(attack, style, layout=self._card_layout,
                                            extra=("dl-attack",)))
                b.on_click(lambda clicked, c=attack: self._click_attack(c, clicked))
                slot = widgets.HTML(_dom_classes=("dl-cover-slot",))
                self._pairs[attack] = (widgets.VBox([b, slot], _dom_classes=("dl-pair",)), b,
                                       slot)
            pair, b, slot = self._pairs[attack]
            _update(b, disabled=not (defending and cov is None),
                    tooltip=_card_tip(attack, style, ("the card to cover",)
                                      if attack == self._target else ()),
                    _dom_classes=card_button_classes(attack, style,
                                                     selected=attack == self._target,
                                                     extra=("dl-attack",)))
            slot.value = face_html(cov, style) if cov is not None else ""
            self.attack_buttons[attack] = b
            pairs.append(pair)
        gone = [a for a in self._pairs if a not in self.attack_buttons]
        self._set_children(self.table_box, pairs or [self._empty_table])
        # once the deal is over an empty table says nothing (and a phone's console frame
        # holds the table's end, with its settings unfolded, only without that line)
        self.table_box.layout.display = "none" if state.is_over and not pairs else ""
        for attack in gone:
            _close(self._pairs.pop(attack)[0])

        # trump (the card face up under the stock, or the suit; each seat's named suit in
        # свои козыри), stock, discard, and the public cards off the table (D25, D26)
        view = View(state, viewer)
        stock = getattr(state, "stock_count", 0)
        discard = getattr(state, "discard_count", 0)
        own_pile = (f' · <span class="dl-pile">Your face-down pile: {piles[viewer]}</span>'
                    if piles is not None else "")
        notes = deal_notes_html(view, state.deal, style, self.names)
        self.info_html.value = (
            f'<span class="dl-info-line">Trump: {trump_html(view, style, self.names)} '
            f'<span class="dl-stock">Stock: {stock}</span> · '
            f'<span class="dl-discard">Discard: {discard}</span>{own_pile}'
            + (f" · {notes}" if notes else "") + "</span>")

        # the reader's hand: a card's button is kept while the deal lasts
        self.hand_buttons = {}
        self.position_buttons = {}
        if isinstance(state, BlindState):
            picks = {a.position for a in legal if a.kind == Kind.PICK}
            # the cards the reader saw go into his row, where they lie (D28)
            seen = View(state, viewer).remembered_row or []
            # with open cards (and once the deal is over) the whole row is shown face up
            row = state.row(viewer) if self.open_cards or state.is_over else None
            # the button at a position is the one of the card lying there (which the reader
            # may not know): it stays his focus while the cards before it stay
            lying = state.row(viewer)
            for i, known in enumerate(seen):
                b = self._row_pool.get(lying[i])
                if b is None:
                    b = self._row_pool[lying[i]] = self._row_button()
                if known is None and row is None:
                    _update(b, description=f"your card in position {i}",
                            tooltip=f"position {i} (face down)", disabled=state.is_over,
                            _dom_classes=("dl-card", "dl-back", f"dl-pos-{i}",
                                          *(("dl-playable",) if i in picks else ())))
                else:  # a card he saw go in (drawn as a face, marked as seen), or open cards
                    card = known if known is not None or row is None else row[i]
                    assert card is not None
                    note, tip, cls = (("seen going in", "which you saw go in", "dl-remembered")
                                      if known is not None else
                                      ("open cards", "shown by open cards", "dl-opened"))
                    _update(b, description=f"your card in position {i}: {card_words(card)},"
                                           f" {note}",
                            tooltip=f"position {i} (face down): {card}, {tip}",
                            disabled=state.is_over,
                            _dom_classes=card_button_classes(card, style, playable=i in picks,
                                                             extra=(cls, f"dl-pos-{i}")))
                self.position_buttons[i] = b
        for card in [] if self.blind else state.hand(viewer):
            b = self._hand_pool.get(card)
            if b is None:
                b = self._hand_pool[card] = self._hand_button(card)
            _update(b, disabled=state.is_over,
                    tooltip=_card_tip(card, style, (
                        *(("selected",) if card in self._selected else ()),
                        *(("you may play it",) if card in playable else ()))),
                    _dom_classes=card_button_classes(card, style,
                                                     selected=card in self._selected,
                                                     playable=card in playable))
            self.hand_buttons[card] = b
        self._set_children(self.hand_box, self._card_buttons())
        if "dl-show-legal" not in self.hand_box._dom_classes:
            self.hand_box.add_class("dl-show-legal")

        # action buttons
        over = state.is_over
        transfer_legal = Kind.TRANSFER in kinds or (
            self.blind and phase == "defend"
            and any(a.kind == Kind.PICK and a.target is None for a in legal))
        undo_off = not any(self.game.states[i].to_move in self.humans
                           for i in range(len(self.game.history)))
        specials = [a for a in legal if a.kind not in _CLICKED]
        def show(name: str, description: str, tooltip: str, *, disabled: bool,
                 legal: bool | None, selected: bool = False,
                 layout: widgets.Layout | None = None) -> None:
            _update(self.action_buttons[name], description=description, tooltip=tooltip,
                    disabled=disabled,
                    _dom_classes=_button_classes(f"dl-btn-{name}", legal=legal,
                                                 selected=selected),
                    **({"layout": layout} if layout is not None else {}))

        show("lead", "Lead " + " ".join(str(c) for c in self._selected) if self._selected
             else "Lead", "lead the selected cards", disabled=over or not mine,
             legal=Kind.LEAD in kinds)
        show("take", "Take", "take the cards (give up)", disabled=over or not mine,
             legal=Kind.TAKE in kinds)
        show("pass", "Pass" if getattr(state, "taking", False) else "«Бито» / pass",
             "no more throw-ins", disabled=over or not mine, legal=Kind.PASS in kinds)
        show("transfer", "Transfer…" if not self._transfer_mode else "Transfer: pick a card",
             "then click the card to transfer with",
             disabled=over or not mine or not self.rules.transfers, legal=transfer_legal,
             selected=self._transfer_mode,
             layout=self._button_layout if self.rules.transfers else self._hidden_layout)
        show("undo", "Undo", "take back your last move", disabled=undo_off, legal=None)
        show("step", "Step", "let the bot to move play",
             disabled=over or to_move in self.humans or self.pace != "step", legal=None,
             layout=self._button_layout if self.pace == "step" else self._hidden_layout)
        show("special", "Play other move", "play the move chosen in the Other move list",
             disabled=not specials, legal=bool(specials))
        # the reader's choice is bound to the position, like the buttons: a redraw of the same
        # position (a hint, open cards, a selected card, a refusal) keeps it
        chosen = self.special_moves.value if self._special_state is state else None
        offered = [str(a) for a in specials]
        self.special_moves.options = [(describe_own(a, state), str(a)) for a in specials]
        self.special_moves.value = (chosen if chosen in offered
                                    else offered[0] if offered else None)
        self._special_state = state
        self.special_moves.layout.display = "" if specials else "none"
        self.action_buttons["special"].layout.display = "" if specials else "none"
        # the "Other move" list before the button that plays the move chosen in it: Tab meets
        # them in the order they are used (and read)
        *buttons, special = self.action_buttons.values()
        self._set_children(self.actions_box, [*buttons, self.special_moves, special,
                                              self.hint_button, self.options_button])
        self._show_controls()

        # message, hint, log
        if self.refusal is not None:
            self.message_html.value = f'<span class="dl-refused">{html.escape(self.message)}</span>'
        else:
            self.message_html.value = html.escape(self.message)
        self.hint_html.value = html.escape(self.hint_text)
        self.hint_button.disabled = self.hint_provider is None or over or not mine
        if self.hint_provider is not None:
            self.hint_button.tooltip = ("the deal is over" if over else "ask the hint provider"
                                        if mine else "a hint comes at your turn")
        if not self.show_record:
            self.record_html.value = ""
        elif over or self.open_cards:
            self.record_html.value = (
                "<b>Record</b> of the "
                + ("whole game" if over else "game so far")
                + ", one line: copy it, and replay it with "
                "<code>HandStepper(Record.from_text(line))</code>"
                f"<pre>{html.escape(self.game.record().to_text())}</pre>")
        else:  # the line names every hidden card: it would show the reader the whole deal
            self.record_html.value = (
                '<span class="dl-record-withheld"><b>Record</b> withheld while the deal goes'
                " on: its line names every card of the deal, the other players' hands"
                + (", your own face-down row" if self.blind else "")
                + " and the order of the stock.  It appears here when the deal is over; tick"
                " <i>open cards</i> to see it now.</span>")
        self._renew_clicked()
        lines = self.move_log
        entries = "".join(f"<li>{html.escape(line)}</li>" for line in reversed(lines[-60:]))
        # data-gen changes at every redraw and is written last: a browser test that sees it
        # change knows the whole table has been redrawn
        self.log_html.value = (
            f'<div class="dl-gen" data-gen="{gen}" data-moves="{len(lines)}"></div>'
            f"<b>Moves</b> (latest first)<ol reversed>{entries}</ol>"
            if lines else f'<div class="dl-gen" data-gen="{gen}" data-moves="0"></div>'
                          "<i>No moves yet.</i>")
        self._keep_focus()

    @staticmethod
    def _roles(state: GameState, p: int) -> str:
        roles = seat_roles(state, p)
        return f"({', '.join(roles)})" if roles else ""

    @staticmethod
    def _replace(box: widgets.Box, new: list[Any]) -> None:
        old = list(box.children)
        box.children = new
        for w in old:
            _close(w)

    @staticmethod
    def _set_children(box: widgets.Box, new: list[Any]) -> None:
        """Show ``new`` in ``box`` (kept widgets: nothing is closed; an unchanged list sends
        nothing)."""
        if len(new) != len(box.children) or any(a is not b for a, b in zip(new, box.children,
                                                                             strict=True)):
            box.children = new


def _close(w: widgets.Widget) -> None:
    """Close a widget and, for a box, everything in it (frees the frontend models)."""
    for child in getattr(w, "children", ()):
        _close(child)
    w.close()
