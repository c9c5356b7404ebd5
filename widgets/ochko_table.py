"""``OchkoTable``: play Очко as a punter against a banker bot (and other punter bots).

The widget drives :class:`~durak_lessons.ochko.OchkoGame`: the engine decides what is legal
(``explain``), plays it (``push``), settles the round, and computes the exact odds
(``odds(view)``) shown on request.  The reader sees only what his seat may see (O2): his own
cards, cards bought face up, the banker's draws; a card bought «в тёмную» stays face down
until the banker has finished.

How to play: press **Deal** to start a round; when it is your turn, set the stake and press
**Stake** (or **На банк** for everything left in the bank); then **Buy** a card face up,
**Buy dark** («в тёмную»), or **Stand**.  The bots act at once; the round settles by itself.
When the bank passes to you, **Draw** and **Stand** play the banker.  **Odds** shows the exact
chances for your next decision.  **Undo** takes back your last action (a deal too) and the
bots' replies; **New session** starts again with everyone's starting money.  A button is on
only for what may be done now, and a disabled one does nothing, clicked from Python too (the
methods ``deal``, ``act``, ``show_odds``, ``undo``, called directly, still say why not).

CSS classes: ``dl-root dl-ochko`` the widget; ``dl-ochko-status``; ``dl-ochko-bank``;
``dl-ochko-seats`` a table with a row ``dl-ochko-seat-<n>`` per seat (``dl-ochko-me`` for the
reader); ``dl-ochko-hand`` the reader's cards; ``dl-ochko-stake`` the stake box; buttons
``dl-btn-deal``, ``dl-btn-stake``, ``dl-btn-stake-bank``, ``dl-btn-buy``, ``dl-btn-buy-dark``,
``dl-btn-stand``, ``dl-btn-draw``, ``dl-btn-odds``, ``dl-btn-undo``, ``dl-btn-new``;
``dl-ochko-odds``; ``dl-message``
(``dl-refused``); ``dl-movelog``.  The status, the message and the odds are polite live regions
(``dl-live``, ``role="status"``): a screen reader says each new text.
"""

from __future__ import annotations

import html
import random
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction

import ipywidgets as widgets  # type: ignore[import-untyped]  # ipywidgets ships no type hints

from durak_lessons.cards import Card, Rank
from durak_lessons.errors import IllegalActionError, Reason, check_seat
from durak_lessons.ochko import (
    BUY,
    BUY_DARK,
    DRAW,
    POINTS,
    STAKE_BANK,
    STAND,
    Action,
    Bot,
    OchkoGame,
    OchkoRules,
    OchkoView,
    Phase,
    Stake,
    Status,
    ThresholdBot,
    points,
)

from .cards import CardStyle, back_html, face_html, live, seat_bots, style_widget

__all__ = ["OchkoTable"]


def _pct(x: Fraction) -> str:
    return f"{float(x) * 100:.1f}%"


def _ev(x: Fraction | None) -> str:
    return "—" if x is None else f"{float(x):+.3f}"


class OchkoTable(widgets.VBox):
    """Очко for one reader (``seat``) against bots in every other seat.

    >>> t = OchkoTable([100, 100], seat=1, seed=1)   # seat 0 banks first
    >>> t.game.state.total_money
    200
    """

    def __init__(self, balances: Sequence[int] = (100, 100), *, seat: int = 1,
                 banker: int = 0, rules: OchkoRules | None = None,
                 bots: Mapping[int, Bot] | None = None, seed: int = 0,
                 russian: bool = False, four_colour: bool = False) -> None:
        super().__init__()
        # the balances checked first: the seats are counted from them
        self.game = OchkoGame(balances, rules, banker=banker, rng=random.Random(seed))
        self.seat = check_seat(seat, len(balances))
        self._setup = (tuple(balances), rules, banker, seed)
        # before each of the reader's actions: (actions so far, the pack's and the bots'
        # generator states, log lines so far); Undo goes back to the last one, so the same
        # action gets the same replies and an undone deal deals the same pack again
        self._checkpoints: list[tuple[int, tuple[object, ...], tuple[object, ...], int]] = []
        given = seat_bots(bots, len(balances), (seat,), "act", "ThresholdBot(17)")
        self.bots: dict[int, Bot] = {p: given.get(p, ThresholdBot(17))
                                     for p in range(len(balances)) if p != seat}
        self.card_style = CardStyle(russian=russian, four_colour=four_colour)
        self.message = ""
        self.refusal: Reason | None = None
        self.odds_text = ""
        self.lines: list[str] = []

        self.status_html = live(widgets.HTML())
        self.status_html.add_class("dl-ochko-status")
        self.bank_html = widgets.HTML()
        self.bank_html.add_class("dl-ochko-bank")
        self.seats_html = widgets.HTML()
        self.seats_html.add_class("dl-ochko-seats")
        self.hand_html = widgets.HTML()
        self.hand_html.add_class("dl-ochko-hand")
        self.stake_box = widgets.BoundedIntText(value=self.game.rules.min_stake, min=0,
                                                max=10**9, description="stake",
                                                tooltip="how much you stake on this hand",
                                                layout=widgets.Layout(width="11em"))
        self.stake_box.add_class("dl-ochko-stake")

        def button(label: str, cls: str, tip: str) -> widgets.Button:
            b = widgets.Button(description=label, tooltip=tip, layout=widgets.Layout(width="auto"))
            b.add_class("dl-btn")
            b.add_class(cls)
            return b

        self.buttons = {
            "deal": button("Deal", "dl-btn-deal", "deal the next round"),
            "stake": button("Stake", "dl-btn-stake", "stake the amount in the box"),
            "bank": button("На банк", "dl-btn-stake-bank", "stake everything left in the bank"),
            "buy": button("Buy", "dl-btn-buy", "buy a card face up"),
            "dark": button("Buy dark", "dl-btn-buy-dark", "buy a card «в тёмную», face down"),
            "stand": button("Stand", "dl-btn-stand", "stop («хватит»)"),
            "draw": button("Draw", "dl-btn-draw", "the banker draws a card"),
            "odds": button("Odds", "dl-btn-odds", "the exact odds of your next decision"),
            "undo": button("Undo", "dl-btn-undo", "take back your last action (a deal too)"),
            "new": button("New session", "dl-btn-new",
                          "start the session again: the same money, rules and seed"),
        }
        handlers: dict[str, Callable[[], object]] = {
            "deal": lambda: self.deal(),
            "stake": lambda: self.act(Stake(int(self.stake_box.value))),
            "bank": lambda: self.act(STAKE_BANK),
            "buy": lambda: self.act(BUY),
            "dark": lambda: self.act(BUY_DARK),
            "stand": lambda: self.act(STAND),
            "draw": lambda: self.act(DRAW),
            "odds": lambda: self.show_odds(),
            "undo": lambda: self.undo(),
            "new": lambda: self.new_session(),
        }
        for name, handler in handlers.items():
            # a disabled button is inert, as on the play table: ``button.click()`` from
            # Python ignores ``disabled`` (the methods, called directly, still say why not)
            self.buttons[name].on_click(lambda b, run=handler: self._clicked(b, run))
        self.odds_html = live(widgets.HTML())
        self.odds_html.add_class("dl-ochko-odds")
        self.message_html = live(widgets.HTML())
        self.message_html.add_class("dl-message")
        self.log_html = widgets.HTML()
        self.log_html.add_class("dl-movelog")
        row1 = widgets.HBox([self.stake_box, self.buttons["stake"], self.buttons["bank"]],
                            layout=widgets.Layout(flex_flow="row wrap"))
        row2 = widgets.HBox([self.buttons[k] for k in ("deal", "buy", "dark", "stand", "draw",
                                                        "odds", "undo", "new")],
                            layout=widgets.Layout(flex_flow="row wrap"))
        self.children = [style_widget(), self.status_html, self.bank_html, self.seats_html,
                         self.hand_html, row1, row2, self.message_html, self.odds_html,
                         self.log_html]
        self.add_class("dl-root")
        self.add_class("dl-ochko")
        if russian:
            self.add_class("dl-ru")
        self.redraw()

    # ------------------------------------------------------------------ actions
    #: the buttons in the order the reader meets them (the stake row, then the others)
    READING_ORDER = ("stake", "bank", "deal", "buy", "dark", "stand", "draw", "odds", "undo",
                     "new")

    def _clicked(self, button: widgets.Button, run: Callable[[], object]) -> None:
        """A click on an enabled button runs; if that turned the button off (Deal once dealt,
        Stand once stood), the keyboard focus, which a disabled button loses to the page's
        top, goes on to the first button on now in the reading order."""
        if button.disabled:
            return
        run()
        if button.disabled:
            following = next((self.buttons[n] for n in self.READING_ORDER
                              if not self.buttons[n].disabled), None)
            if following is not None:
                following.focus()

    @property
    def view(self) -> OchkoView:
        """What the reader's seat sees now."""
        return self.game.view(self.seat)

    @property
    def my_turn(self) -> bool:
        """Whether the reader's seat is to act (stake, buy or, holding the bank, draw)."""
        state = self.game.state
        return state.to_move == self.seat and state.phase in (Phase.STAKE, Phase.BUY,
                                                              Phase.BANKER)

    def deal(self) -> None:
        """Deal the next round (refused, with the reason, while a round is in play)."""
        state = self.game.state
        if state.phase is not Phase.DEAL:
            reason = Reason("R20", "a round is in play: the next deal comes after settlement")
            if state.phase is Phase.OVER:
                reason = Reason("O7", "the session is over")
            self._refuse(reason)
            return
        self._checkpoint()
        self.game.deal()
        self.refusal = None  # what was said was about the position before the deal
        self.message = ""
        self.odds_text = ""
        self.lines.append(f"Round {self.game.state.round_no + 1} dealt; "
                          f"seat {self.game.state.banker} banks.")
        self._play_bots()

    def act(self, action: Action) -> bool:
        """Play ``action`` for the reader if the engine allows it; else show why."""
        state = self.game.state
        reason = (Reason("R20", f"it is seat {state.to_move}'s turn, not yours")
                  if state.to_move != self.seat and state.phase not in (Phase.DEAL, Phase.OVER)
                  else self.game.explain(action))
        if reason is not None:
            self._refuse(reason)
            return False
        self._checkpoint()
        try:
            self.game.push(action)
        except IllegalActionError as exc:  # explain() and apply() agree; kept for safety
            self._checkpoints.pop()
            self._refuse(exc.reason)
            return False
        self.lines.append(f"You: {action}.")
        self.refusal = None
        self.message = ""
        self.odds_text = ""
        self._play_bots()
        return True

    def undo(self) -> None:
        """Take back the reader's last action (a deal included) and the bots' replies to it;
        the pack and the bots' choices come again as they were."""
        if not self._checkpoints:
            self.refusal = None
            self.message = "Nothing to undo."
            self.redraw()
            return
        actions, pack_rng, bot_rng, lines = self._checkpoints.pop()
        while len(self.game.history) > actions:
            self.game.pop()
        self.game.rng.setstate(pack_rng)
        self.game.bot_rng.setstate(bot_rng)
        del self.lines[lines:]
        self.refusal = None
        self.message = "Took back your last action."
        self.odds_text = ""
        self.redraw()

    def new_session(self) -> None:
        """Start the session again from the beginning: the same money, rules, banker and
        seed (so the same packs come, as long as the reader plays the same)."""
        balances, rules, banker, seed = self._setup
        self.game = OchkoGame(balances, rules, banker=banker, rng=random.Random(seed))
        self._checkpoints = []
        self.lines = []
        self.refusal = None
        self.message = "A new session: everyone has his starting money again."
        self.odds_text = ""
        self.redraw()

    def _checkpoint(self) -> None:
        self._checkpoints.append((len(self.game.history), self.game.rng.getstate(),
                                  self.game.bot_rng.getstate(), len(self.lines)))

    def show_odds(self) -> None:
        """The exact odds of the reader's next decision, from what his seat sees."""
        view = self.view
        self.refusal = None
        self.message = ""
        if view.seat == view.banker:
            self.odds_text = "You are the banker: the odds are shown to punters."
        elif view.phase not in (Phase.STAKE, Phase.BUY) or not view.my_cards:
            self.odds_text = "The odds are shown once your card is dealt."
        else:
            from durak_lessons.ochko import odds

            o = odds(view)
            # each rank by its name, and a court card or an ace with its points: "11: 8.8%"
            # read as a card worth 11, the ace, where the rank number 11 is the jack
            nxt = ", ".join(f"{self._rank_words(r)}: {_pct(p)}"
                            for r, p in sorted(o.next_card.items()))
            self.odds_text = (
                f"<b>Exact odds</b> ({o.unseen} cards unseen): next card bust "
                f"{_pct(o.bust)} (= {o.bust}); expected result per unit staked: stand "
                f"{_ev(o.ev_stand)}, buy {_ev(o.ev_draw)}, buy dark {_ev(o.ev_dark)}; "
                f"best: <b>{html.escape(o.best)}</b>.<br><small>next card: {nxt}</small>")
        self.redraw()

    def _rank_words(self, rank: Rank) -> str:
        """A rank as the odds name it: '9', or with its points where they differ from the
        number on the card, 'J (2 points)', 'A (11 points)' (Russian letters with
        ``russian=True``: 'В (2 points)')."""
        label = rank.russian if self.card_style.russian else rank.label
        value = POINTS[Card.of(rank, 0)]
        return label if str(value) == label else f"{label} ({value} points)"

    def _refuse(self, reason: Reason) -> None:
        self.refusal = reason
        self.message = f"Not allowed: {reason.text} [{reason.rule}]"
        self.redraw()

    def _play_bots(self) -> None:
        before = len(self.game.history)
        self.game.play(self.bots, rounds=0)
        played = self.game.history[before:]
        if played:  # each move with the seat that made it, the banker named as such
            states = self.game.states
            moves = []
            for i, action in enumerate(played, start=before):
                seat = states[i].to_move
                who = "banker" if seat == states[i].banker else "punter"
                moves.append(f"seat {seat} ({who}) {action}")
            self.lines.append("Bots: " + "; ".join(moves) + ".")
        state = self.game.state
        # the round is settled: the next deal waits, or nobody can hold a bank and the session
        # is over (the last round's result is said then too)
        if state.phase in (Phase.DEAL, Phase.OVER):
            res = state.results[self.seat]
            verdict = "won" if res > 0 else "lost" if res < 0 else "broke even"
            self.lines.append(f"Round over: you {verdict} {abs(res)}; "
                              f"your money {state.balances[self.seat]}.")
        self.redraw()

    # ------------------------------------------------------------------ drawing
    def _banker_doing(self) -> str:
        """What the banker may do, from the engine's legal set; where the rule forces one
        move, the engine's reason against the other says why."""
        legal = set(self.view.legal)
        if legal == {DRAW, STAND}:
            return "draw or stand"
        if legal == {DRAW}:
            why = self.game.explain(STAND)
            return "you must draw" + (f": {why.text} [{why.rule}]" if why else "")
        if legal == {STAND}:
            why = self.game.explain(DRAW)
            return "you must stand" + (f": {why.text} [{why.rule}]" if why else "")
        return "wait"

    def _enable(self, phase: Phase, legal: Sequence[Action]) -> None:
        """Enable the buttons of what the reader may do now (the engine's legal set), Deal
        between rounds, and Odds while he stakes or buys as a punter."""
        mine = self.my_turn
        allowed = set(legal) if mine else set()
        stakes = getattr(legal, "stakes", range(0))
        can = {
            "deal": phase is Phase.DEAL,
            "stake": mine and phase is Phase.STAKE and bool(stakes),
            "bank": STAKE_BANK in allowed,
            "buy": BUY in allowed,
            "dark": BUY_DARK in allowed,
            "stand": STAND in allowed,
            "draw": DRAW in allowed,
            "odds": mine and phase in (Phase.STAKE, Phase.BUY) and self.seat != self.view.banker,
            "undo": bool(self._checkpoints),
            "new": bool(self.game.history),
        }
        for name, on in can.items():
            self.buttons[name].disabled = not on
        self.stake_box.disabled = not can["stake"]

    def _hand(self, seat: int, view: OchkoView) -> str:
        cards = view.hands[seat]
        dark = view.dark[seat]
        out = []
        for i, c in enumerate(cards):
            if c is None:
                out.append(back_html(label="a card face down", dark=bool(dark >> i & 1)))
            else:
                out.append(face_html(c, self.card_style, ["dl-dark"] if dark >> i & 1 else []))
        return "".join(out) or "—"

    def redraw(self) -> None:
        """Draw the table again from the game's position."""
        state = self.game.state
        view = self.view
        me = self.seat
        if state.phase is Phase.OVER:
            status = "<b>The session is over.</b>"
        elif state.phase is Phase.DEAL:
            status = "Press <b>Deal</b> for the next round."
        elif self.my_turn and state.phase is Phase.BANKER:
            status = f"<b>Your turn</b>: {self._banker_doing()} (you bank)."
        elif self.my_turn:
            doing = {Phase.STAKE: "stake", Phase.BUY: "buy or stand"}[state.phase]
            status = f"<b>Your turn</b>: {doing}."
        else:
            status = f"Seat {state.to_move} to move ({state.phase.value})."
        legal = view.legal
        self._enable(state.phase, legal)
        if state.phase is Phase.STAKE and self.my_turn and legal.stakes:
            status += f" Stakes {legal.stakes.start}–{legal.stakes[-1]}"
            status += f", «на банк» {legal.all_in}." if legal.all_in else "."
        self.status_html.value = status
        self.bank_html.value = (f"Bank: <b>{state.bank}</b> (left for stakes {state.available})"
                                f" · banker: seat {state.banker}"
                                + (f" · turned under: {face_html(state.bottom, self.card_style)}"
                                   if state.bottom is not None and state.phase is not Phase.DEAL
                                   else ""))
        rows = []
        for s in range(state.seats):
            known = [c for c in view.hands[s] if c is not None]
            pts = str(points(known)) if known else ""
            if known and len(known) < len(view.hands[s]):
                pts += "+?"
            who = "you" if s == me else ("banker bot" if s == state.banker else "bot")
            if s == me and s == state.banker:
                who = "you (banker)"
            status_s = view.status[s]
            result = view.results[s]
            cls = f"dl-ochko-seat-{s}" + (" dl-ochko-me" if s == me else "")
            rows.append(
                f'<tr class="{cls}"><td>seat {s}</td><td>{who}</td>'
                f"<td>{view.balances[s]}</td><td>{view.stakes[s] or ''}</td>"
                f'<td class="dl-mini">{self._hand(s, view)}</td><td>{pts}</td>'
                f"<td>{status_s.value if status_s is not Status.WAITING else ''}"
                f"{f' {result:+d}' if result else ''}</td></tr>")
        self.seats_html.value = (
            "<table><tr><th>seat</th><th></th><th>money</th><th>stake</th><th>cards</th>"
            f"<th>points</th><th>result</th></tr>{''.join(rows)}</table>")
        self.hand_html.value = f"Your cards: {self._hand(me, view)}"
        if self.refusal is not None:
            self.message_html.value = f'<span class="dl-refused">{html.escape(self.message)}</span>'
        else:
            self.message_html.value = html.escape(self.message)
        self.odds_html.value = self.odds_text
        self.log_html.value = "<br>".join(html.escape(line) for line in self.lines[-12:])
