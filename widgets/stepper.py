"""``HandStepper``: step through a game record, with a sentence for every step.

Works in the static book with no kernel: every position is precomputed as an HTML frame in a
``Stack``; the slider and the navigation bar only change ``selected_index``, and they are
``jslink``-ed to the stack, so the browser does the stepping by itself.

The navigation bar is a ``Tab`` with one (empty) tab per step: clicking a tab selects that
step in the browser.  CSS (see :mod:`.cards`) shows only five of them around the current
step and labels them as buttons: ``« first``, ``◀ back``, the current step, ``next ▶`` and
``last »``.  With a kernel the same links work, and :meth:`HandStepper.go` steps from Python.
By keyboard: Tab reaches the bar, the arrow keys (Home, End) go along its tabs and Enter or
Space shows the step; the focus stays on that tab (the CSS keeps the focused tab shown).

CSS classes: ``dl-root dl-stepper`` the whole widget; ``dl-stepper-nav`` the navigation bar
(Lumino tabs ``lm-TabBar-tab``, the current one ``lm-mod-current``); ``dl-stepper-slider``;
``dl-stepper-stack`` the frames, each ``dl-frame dl-frame-<i>`` holding the position and its
sentence ``dl-sentence`` (in дорожный, ``dl-pile`` the size of each face-down pile; in the
blind game each row in its order, ``dl-row-pos`` cards over their position numbers).
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]  # ipywidgets ships no type hints

from durak_lessons.blind import BlindState
from durak_lessons.errors import check_names
from durak_lessons.records import Record
from durak_lessons.views import View

from .board import deal_notes_html, row_html, seat_roles, trump_html
from .cards import DEFAULT_STYLE, CardStyle, face_html, faces_html, style_widget
from .narrate import actor_name, sentence

__all__ = ["HandStepper", "position_html", "step_sentences"]


def step_sentences(record: Record, names: Sequence[str] | None = None) -> list[str]:
    """One sentence per position: the deal, then who did what and which rule allowed it."""
    states = record.states()
    first = states[0].to_move
    opening = (f"The deal: {actor_name(first, names)} is first to move."
               if first is not None else "The deal.")
    return [opening] + [sentence(states[i], a, names) for i, a in enumerate(record.actions)]


def position_html(state: Any, style: CardStyle = DEFAULT_STYLE,
                  names: Sequence[str] | None = None) -> str:
    """A position with every hand face up (a record is public once the game is over), and in
    the faithful дорожный the size of every seat's face-down pile (D13).  In the blind game
    (R14) each row is drawn in its order, every card over its position number (the steps
    name cards by position).  The trump is the card face up under the stock (the turned-up
    trump, or the card exchanged for it), else the suit; in свои козыри each seat's suit."""
    piles = bool(getattr(state.rules, "personal_piles", False))

    def cards(p: int) -> str:
        if isinstance(state, BlindState):
            return row_html(state.row(p), style)
        return faces_html(state.hand(p), style)

    rows = []
    for p in range(state.n):
        roles = (["to move"] if p == state.to_move else []) + seat_roles(state, p)
        role = f" <small>({', '.join(roles)})</small>" if roles else ""
        pile = (f' <small class="dl-pile">· face-down pile: {state.pile_sizes[p]}</small>'
                if piles else "")
        rows.append(f'<tr class="dl-frame-seat"><td><b>{html.escape(actor_name(p, names))}</b>'
                    f"{role}</td><td>{cards(p)}{pile}</td></tr>")
    pairs = "".join(
        '<span class="dl-pair">' + face_html(a, style)
        + (f'<span class="dl-cover-slot">{face_html(c, style)}</span>' if c is not None else "")
        + "</span>"
        for a, c in getattr(state, "table", [])
    ) or '<span class="dl-none">—</span>'
    public = View(state, 0)  # public facts: any seat's view will do
    trump = trump_html(public, style, names)
    # the cards put back into the stock (D26) and the card shown at the deal (D25)
    notes = deal_notes_html(public, state.deal, style, names)
    noted = f'<tr><td>seen</td><td class="dl-deal-notes">{notes}</td></tr>' if notes else ""
    result = ""
    if state.outcome is not None:
        said = state.outcome.describe(list(names) if names else None)
        result = f'<tr><td>result</td><td class="dl-result">{html.escape(said)}</td></tr>'
    return (
        f"<table>{''.join(rows)}"
        f'<tr><td>table</td><td class="dl-frame-table">{pairs}</td></tr>'
        f"<tr><td>trump</td><td>{trump} &nbsp; stock {getattr(state, 'stock_count', 0)}"
        f" · discard {getattr(state, 'discard_count', 0)}</td></tr>{noted}{result}</table>"
    )


def frame_html(state: Any, index: int, total: int, text: str, style: CardStyle,
               names: Sequence[str] | None = None) -> str:
    return (f'<div class="dl-frame-head"><b>Step {index}</b> of {total - 1}</div>'
            f'<p class="dl-sentence">{html.escape(text)}</p>'
            f"{position_html(state, style, names)}")


class HandStepper(widgets.VBox):
    """Step through ``record``: a :class:`~durak_lessons.records.Record`, or its one-line text
    (``record.to_text()``, what the terminal game prints when stopped).

    ``states`` are the record's positions, ``sentences`` one sentence per position,
    ``frames`` the HTML widgets in the stack (``frames[i]`` shows ``states[i]``).
    """

    def __init__(self, record: Record | str, *, names: Sequence[str] | None = None,
                 russian: bool = False, four_colour: bool = False, start: int = 0) -> None:
        record = Record.of(record)  # InvalidRecordError, saying what is wrong
        check_names(names, record.deal.players)
        if type(start) is not int:
            raise TypeError(f"start: expected the number of a step, not {start!r}")
        super().__init__()
        self.record = record
        self.names = list(names) if names else None
        self.card_style = CardStyle(russian=russian, four_colour=four_colour)
        self.states = record.states()
        self.sentences = step_sentences(record, self.names)
        total = len(self.states)
        self.frames: list[widgets.HTML] = []
        for i, (state, text) in enumerate(zip(self.states, self.sentences, strict=True)):
            frame = widgets.HTML(frame_html(state, i, total, text, self.card_style, self.names))
            frame.add_class("dl-frame")
            frame.add_class(f"dl-frame-{i}")
            self.frames.append(frame)
        start = max(0, min(start, total - 1))
        self.stack = widgets.Stack(children=self.frames, selected_index=start)
        self.stack.add_class("dl-stepper-stack")
        self.slider = widgets.IntSlider(value=start, min=0, max=total - 1, step=1,
                                        description="step", continuous_update=True,
                                        tooltip="the action shown: drag, or use the arrow keys",
                                        # (auto: the width left by its margins; 100% stuck
                                        # out of a phone's text column by them)
                                        readout=True, layout=widgets.Layout(width="auto",
                                                                            max_width="40em"))
        self.slider.add_class("dl-stepper-slider")
        self.nav = widgets.Tab(children=[widgets.HTML("") for _ in range(total)],
                               titles=[str(i) for i in range(total)], selected_index=start)
        self.nav.add_class("dl-stepper-nav")
        # the browser steps by itself: these links run client-side, kernel or not
        self.links = [
            widgets.jslink((self.slider, "value"), (self.stack, "selected_index")),
            widgets.jslink((self.nav, "selected_index"), (self.stack, "selected_index")),
        ]
        self.children = [style_widget(), self.nav, self.slider, self.stack]
        self.add_class("dl-root")
        self.add_class("dl-stepper")
        if russian:
            self.add_class("dl-ru")

    @property
    def index(self) -> int:
        """The step shown now (0 is the deal)."""
        return int(self.stack.selected_index or 0)

    def go(self, index: int) -> None:
        """Show step ``index`` (from Python; the browser does the same through the links)."""
        i = max(0, min(index, len(self.frames) - 1))
        self.stack.selected_index = i
        self.slider.value = i
        self.nav.selected_index = i

    def first(self) -> None:
        """Show the deal, before the first action."""
        self.go(0)

    def previous(self) -> None:
        """Show the step before (none before the first)."""
        self.go(self.index - 1)

    def next(self) -> None:
        """Show the next step (none after the last)."""
        self.go(self.index + 1)

    def last(self) -> None:
        """Show the last step, the end of the record."""
        self.go(len(self.frames) - 1)
