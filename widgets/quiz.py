"""``LegalityQuiz``: a position and some moves; the reader ticks the legal ones, or the best.

``mode="legal"`` (the default): the answers come from the engine: a move is legal when
``explain`` finds no reason against it, and the reason it gives is shown for every illegal move.

``mode="best"``: the reader ticks the best moves.  Only where the solver can tell: a two-player
deal with the stock empty (every card known); anything else raises ``ValueError``, and so does
a position the solver cannot settle within ``node_limit`` positions (:data:`BEST_NODE_LIMIT`,
a few seconds, by default: a whole pack in two hands can take hours).  The answers
are the solver's best moves (:func:`durak_lessons.solver.solve`); each legal move is explained
by what it leads to with best play by both sides (wins, draws, or loses and who ends as the
fool), each illegal one keeps the engine's refusal reason.

CSS classes: ``dl-root dl-quiz`` the widget, plus ``dl-quiz-best`` in best-move mode;
``dl-quiz-position``; ``dl-quiz-options`` holding checkboxes ``dl-quiz-option
dl-quiz-option-<i>``; ``dl-btn-check``; ``dl-quiz-result`` with one ``dl-quiz-verdict`` per move
(``dl-right`` / ``dl-wrong``) and the ``dl-quiz-score``; the result is a polite live region
(``dl-live``, ``role="status"``): a screen reader reads the verdicts and the score on Check.
"""

from __future__ import annotations

import html
import random
from collections.abc import Sequence
from typing import Any, Literal

import ipywidgets as widgets  # type: ignore[import-untyped]  # ipywidgets ships no type hints

from durak_lessons.actions import (
    FLIP,
    Action,
    beat,
    cover,
    lead,
    name_trump,
    pass_,
    pick,
    pick_cover,
    take,
    throw,
    transfer,
)
from durak_lessons.blind import BlindState
from durak_lessons.chain import ChainState
from durak_lessons.engine import GameState, new_game
from durak_lessons.errors import Reason, check_names
from durak_lessons.own_trumps import TrumpChoiceState
from durak_lessons.rules import Rules
from durak_lessons.solver import SearchLimitError, Verdict, is_solvable, solve
from durak_lessons.views import View

from .board import deal_notes_html, row_html, trump_html
from .cards import CardStyle, back_html, face_html, faces_html, live, style_widget
from .narrate import actor_name, describe

__all__ = ["LegalityQuiz", "QuizMode", "candidate_pool"]

QuizMode = Literal["legal", "best"]

#: How many positions the solver may search for a ``mode="best"`` quiz before it gives up
#: (``node_limit`` of :func:`~durak_lessons.solver.solve`): about 3 s of CPU.  The endgames of
#: the book take a few hundred; a whole pack dealt to two players (свои козыри, с пар во все
#: карты) can take hours, and would freeze the kernel.
BEST_NODE_LIMIT = 200_000


def candidate_pool(state: GameState) -> list[Action]:
    """Plausible moves for the player to move (legal or not): every lead of one or two cards,
    every cover of a table card, transfer and throw-in with every hand card, take and pass;
    in the blind game a card by its position instead (one past the row too); in the chain
    games a beat with every hand card and the flip of one's pile; naming each suit a trump
    where trumps are named; and every move the engine finds legal."""
    player = state.to_move
    if player is None:
        return []
    pool = _plausible(state, player)
    return pool + [a for a in state.legal_actions() if a not in pool]


def _plausible(state: GameState, player: int) -> list[Action]:
    if isinstance(state, TrumpChoiceState):
        return [name_trump(s) for s in range(4)]
    hand = state.hand(player)
    if isinstance(state, BlindState):  # the reader plays his row by position (R14)
        uncovered = [a for a, c in state.table if c is None]
        return ([pick(i) for i in range(len(hand) + 1)]
                + [pick_cover(i, a) for a in uncovered for i in range(len(hand))]
                + [take(), pass_()])
    pool: list[Action] = [lead(c) for c in hand]
    pool += [lead(a, b) for i, a in enumerate(hand) for b in hand[i + 1:]]
    for attack, cov in getattr(state, "table", []):
        if cov is None:
            pool += [cover(attack, c) for c in hand]
    pool += [transfer(c) for c in hand] if state.rules.transfers else []
    pool += [throw(c) for c in hand]
    if isinstance(state, ChainState):
        pool += [beat(c) for c in hand] + [FLIP]
    pool += [take(), pass_()]
    return pool


def _unsolvable(state: GameState) -> str:
    """Why the solver cannot tell the best move in ``state`` (a position it cannot solve)."""
    why = []
    if state.n != 2:
        why.append(f"this is a {state.n}-player deal")
    stock = getattr(state, "stock_count", 0)
    if stock:
        why.append(f"the stock still holds {stock} cards")
    if not why:
        why.append(f"{type(state).__name__} is not a bout position")
    return ("the best move is known only where the solver can tell, in a two-player deal with "
            "the stock empty; " + " and ".join(why))


class LegalityQuiz(widgets.VBox):
    """Which of ``candidates`` may the player to move play in ``state``? Or, with
    ``mode="best"``, which are the best (two players, stock empty: the solver's verdict)?

    ``reasons[i]`` is the engine's reason against an illegal move (None for a legal one).
    ``answers[i]`` is the right tick: legal (mode "legal") or one of the solver's best moves
    (mode "best"); ``explanations[i]`` says why, shown by :meth:`check`.  In mode "best",
    ``verdict`` is the solver's :class:`~durak_lessons.solver.Verdict` and ``values[i]`` the
    move's exact value for the player to move (+1 win, 0 draw, -1 loss; None if illegal).
    ``node_limit`` bounds the solver's search (mode "best"): past it, ``ValueError``.
    """

    def __init__(self, state: GameState, candidates: Sequence[Action | str], *,
                 mode: QuizMode = "legal", names: Sequence[str] | None = None,
                 russian: bool = False, four_colour: bool = False,
                 question: str | None = None, node_limit: int = BEST_NODE_LIMIT) -> None:
        super().__init__()
        if mode not in ("legal", "best"):
            raise ValueError(f"unknown quiz mode {mode!r}: 'legal' or 'best'")
        if state.to_move is None:
            raise ValueError("the deal is over: nobody is to move")
        if mode == "best" and not is_solvable(state):
            raise ValueError(_unsolvable(state))
        self.state = state
        self.mode: QuizMode = mode
        self.seat: int = state.to_move
        check_names(names, state.n)
        self.names = list(names) if names else None
        self.card_style = CardStyle(russian=russian, four_colour=four_colour)
        if isinstance(candidates, str):  # read letter by letter, 'L6S' made 'L', '6', 'S'
            raise TypeError(
                f"candidates: expected a list of moves, such as [{candidates!r}, 'take'], not"
                f" the text {candidates!r}"
            )
        self.candidates = [Action.parse(c) if isinstance(c, str) else c for c in candidates]
        if not self.candidates:
            raise ValueError("a quiz needs at least one candidate move")
        self.reasons: list[Reason | None] = [state.explain(a, self.seat) for a in self.candidates]
        self.verdict: Verdict | None = None
        self.values: list[int | None] = [None] * len(self.candidates)
        if mode == "best":
            try:
                self.verdict = solve(state, node_limit=node_limit)
            except SearchLimitError as exc:
                held = sum(len(state.hand(p)) for p in range(state.n))
                raise ValueError(
                    f"the solver cannot tell the best move here within {node_limit:,} positions"
                    f" ({held} cards in hand): choose a position with fewer cards left, or pass"
                    " a larger node_limit"
                ) from exc
            value_of = dict(self.verdict.values)
            self.values = [value_of.get(a) for a in self.candidates]
            self.answers = [a in self.verdict.best for a in self.candidates]
        else:
            self.answers = [r is None for r in self.reasons]
        self.explanations = [self._explain(i) for i in range(len(self.candidates))]
        who = actor_name(self.seat, self.names)
        asked = "legal" if mode == "legal" else "best (with best play by both sides)"
        self.question_html = widgets.HTML(
            f"<b>{html.escape(question or f'{who} is to move. Which of these moves are {asked}?')}"
            "</b>")
        self.position_html = widgets.HTML(self._position())
        self.position_html.add_class("dl-quiz-position")
        self.options: list[widgets.Checkbox] = []
        for i, action in enumerate(self.candidates):
            box = widgets.Checkbox(value=False, description=f"{who} {describe(action)}",
                                   tooltip=f"tick every move you think is {mode}",
                                   indent=False, layout=widgets.Layout(width="auto"))
            box.add_class("dl-quiz-option")
            box.add_class(f"dl-quiz-option-{i}")
            box.observe(self._on_tick, names="value")
            self.options.append(box)
        options = widgets.VBox(self.options)
        options.add_class("dl-quiz-options")
        self.check_button = widgets.Button(description="Check", button_style="primary",
                                           tooltip="mark each move right or wrong, and say why")
        self.check_button.add_class("dl-btn")
        self.check_button.add_class("dl-btn-check")
        self.check_button.on_click(lambda _b: self.check())
        self.result_html = live(widgets.HTML())
        self.result_html.add_class("dl-quiz-result")
        self.score: int | None = None
        self.children = [style_widget(), self.question_html, self.position_html, options,
                         self.check_button, self.result_html]
        self.add_class("dl-root")
        self.add_class("dl-quiz")
        if mode == "best":
            self.add_class("dl-quiz-best")
        if russian:
            self.add_class("dl-ru")

    @classmethod
    def from_game(cls, rules: Rules | str = "podkidnoy", players: int = 2, *, seed: int = 0,
                  moves: int = 5, options: int = 4, **kwargs: Any) -> LegalityQuiz:
        """A quiz on the position after ``moves`` random legal moves of a seeded deal, with
        about half legal and half illegal candidates (all judged by the engine)."""
        rng = random.Random(seed)
        state = new_game(rules, players, seed)
        for _ in range(moves):
            actions = state.legal_actions()
            if not actions:
                break
            nxt = state.apply(actions[rng.randrange(len(actions))])
            if nxt.is_over:
                break
            state = nxt
        pool = candidate_pool(state)
        legal = [a for a in pool if state.explain(a) is None]
        illegal = [a for a in pool if state.explain(a) is not None]
        if not legal:  # "about half legal" cannot be kept
            raise ValueError("no quiz in this position: none of the candidates is legal")
        rng.shuffle(legal)
        rng.shuffle(illegal)
        n_legal = max(1, min(len(legal), options // 2))
        chosen = legal[:n_legal] + illegal[: options - n_legal]
        rng.shuffle(chosen)
        return cls(state, chosen, **kwargs)

    def _explain(self, i: int) -> str:
        """The verdict on candidate ``i``: the engine's refusal reason for an illegal move;
        'legal', or (mode "best") what the move leads to with best play."""
        reason = self.reasons[i]
        if reason is not None:
            return f"illegal: {reason.text} [{reason.rule}]"
        value = self.values[i]
        if self.mode == "legal" or value is None:
            return "legal"
        other = next(p for p in range(self.state.n) if p != self.seat)
        if value > 0:
            result = f"wins: {actor_name(other, self.names)} ends as the fool"
        elif value < 0:
            result = f"loses: {actor_name(self.seat, self.names)} ends as the fool"
        else:
            result = "draws: nobody ends as the fool"
        tag = "best" if self.answers[i] else "not best"
        return f"{tag}, with best play it {result}"

    def _on_tick(self, _change: dict[str, Any]) -> None:
        """A tick changed after Check: the verdicts and score were about the old ticks."""
        self.score = None
        self.result_html.value = ""

    def check(self) -> int:
        """Mark every move right or wrong with its explanation; return the score."""
        rows = []
        score = 0
        for box, action, answer, verdict in zip(self.options, self.candidates, self.answers,
                                                self.explanations, strict=True):
            right = bool(box.value) == answer
            score += right
            mark = "✓" if right else "✗"
            cls = "dl-right" if right else "dl-wrong"
            # a wrong mark says which way it went wrong: "✗ takes — legal" alone read as if
            # the move were marked wrong for being legal
            slip = "" if right else "; you ticked it" if box.value else "; you did not tick it"
            rows.append(f'<li class="dl-quiz-verdict {cls}">{mark} {html.escape(describe(action))}'
                        f" — {html.escape(verdict)}{slip}</li>")
        self.score = score
        self.result_html.value = (
            f"<ul>{''.join(rows)}</ul>"
            f'<p class="dl-quiz-score">{score} of {len(self.candidates)} right.</p>')
        return score

    def _position(self) -> str:
        """The position as the player to move sees it: his own hand, the others' cards face
        down; in the blind game (R14) the reverse, his own row face down by position (a card
        he saw go in drawn as its face) and the others' rows face up.  The trump as everyone
        sees it (in свои козыри each seat's suit), and the cards everyone saw at the deal or
        saw put back into the stock (D25, D26)."""
        state, style = self.state, self.card_style
        view = View(state, self.seat)
        blind = isinstance(state, BlindState)
        seen = {p: row_html(state.row(p), style) if isinstance(state, BlindState)
                else back_html(len(state.hand(p))) for p in range(state.n) if p != self.seat}
        others = " · ".join(
            f"{html.escape(actor_name(p, self.names))}: "
            f'<span class="dl-mini">{cards}</span>'
            for p, cards in seen.items()
        )
        if blind:
            mine = row_html(view.remembered_row or [], style, label="your card",
                            remembered=True)
        else:
            mine = faces_html(state.hand(self.seat), style)
        pairs = "".join(
            '<span class="dl-pair">' + face_html(a, style)
            + (f'<span class="dl-cover-slot">{face_html(c, style)}</span>' if c is not None
               else "") + "</span>"
            for a, c in getattr(state, "table", [])
        ) or "—"
        trump = trump_html(view, style, self.names)
        # the cards shown at the deal (D25) or put back into the stock (D26): public facts
        notes = deal_notes_html(view, state.deal, style, self.names)
        noted = f'<tr><td>seen</td><td class="dl-deal-notes">{notes}</td></tr>' if notes else ""
        return (
            f"<table><tr><td>others</td><td>{others}</td></tr>"
            f"<tr><td>table</td><td>{pairs}</td></tr>"
            f"<tr><td>trump</td><td>{trump} stock {getattr(state, 'stock_count', 0)}</td></tr>"
            f"{noted}"
            f"<tr><td>{'your row' if blind else 'your hand'}</td><td>{mine}</td></tr>"
            "</table>")
