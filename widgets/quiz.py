"""``LegalityQuiz``: a position and some moves; the reader ticks the legal ones.

The answers come from the engine: a move is legal when ``explain`` finds no reason against
it, and the reason it gives is shown for every illegal move.

CSS classes: ``dl-root dl-quiz`` the widget; ``dl-quiz-position``; ``dl-quiz-options`` holding
checkboxes ``dl-quiz-option dl-quiz-option-<i>``; ``dl-btn-check``; ``dl-quiz-result`` with one
``dl-quiz-verdict`` per move (``dl-right`` / ``dl-wrong``) and the ``dl-quiz-score``.
"""

from __future__ import annotations

import html
import random
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]  # ipywidgets ships no type hints

from durak_lessons.actions import Action, cover, lead, pass_, take, throw, transfer
from durak_lessons.cards import Suit
from durak_lessons.engine import GameState, new_game
from durak_lessons.errors import Reason
from durak_lessons.rules import Rules

from .cards import CardStyle, back_html, face_html, faces_html, style_widget
from .narrate import actor_name, describe

__all__ = ["LegalityQuiz", "candidate_pool"]


def candidate_pool(state: GameState) -> list[Action]:
    """Plausible moves for the player to move (legal or not): every lead of one or two cards,
    every cover of a table card, transfer and throw-in with every hand card, take and pass."""
    player = state.to_move
    if player is None:
        return []
    hand = state.hand(player)
    pool: list[Action] = [lead(c) for c in hand]
    pool += [lead(a, b) for i, a in enumerate(hand) for b in hand[i + 1:]]
    for attack, cov in getattr(state, "table", []):
        if cov is None:
            pool += [cover(attack, c) for c in hand]
    pool += [transfer(c) for c in hand] if state.rules.transfers else []
    pool += [throw(c) for c in hand]
    pool += [take(), pass_()]
    return pool


class LegalityQuiz(widgets.VBox):
    """Which of ``candidates`` may the player to move play in ``state``?

    ``answers[i]`` is the engine's verdict (True = legal) and ``reasons[i]`` its reason
    against an illegal move (None for a legal one).
    """

    def __init__(self, state: GameState, candidates: Sequence[Action | str], *,
                 names: Sequence[str] | None = None, russian: bool = False,
                 four_colour: bool = False, question: str | None = None) -> None:
        super().__init__()
        if state.to_move is None:
            raise ValueError("the deal is over: nobody is to move")
        self.state = state
        self.seat: int = state.to_move
        self.names = list(names) if names else None
        self.card_style = CardStyle(russian=russian, four_colour=four_colour)
        self.candidates = [Action.parse(c) if isinstance(c, str) else c for c in candidates]
        if not self.candidates:
            raise ValueError("a quiz needs at least one candidate move")
        self.reasons: list[Reason | None] = [state.explain(a, self.seat) for a in self.candidates]
        self.answers = [r is None for r in self.reasons]
        who = actor_name(self.seat, self.names)
        self.question_html = widgets.HTML(
            f"<b>{html.escape(question or f'{who} is to move. Which of these moves are legal?')}"
            "</b>")
        self.position_html = widgets.HTML(self._position())
        self.position_html.add_class("dl-quiz-position")
        self.options: list[widgets.Checkbox] = []
        for i, action in enumerate(self.candidates):
            box = widgets.Checkbox(value=False, description=f"{who} {describe(action)}",
                                   indent=False, layout=widgets.Layout(width="auto"))
            box.add_class("dl-quiz-option")
            box.add_class(f"dl-quiz-option-{i}")
            self.options.append(box)
        options = widgets.VBox(self.options)
        options.add_class("dl-quiz-options")
        self.check_button = widgets.Button(description="Check", button_style="primary")
        self.check_button.add_class("dl-btn")
        self.check_button.add_class("dl-btn-check")
        self.check_button.on_click(lambda _b: self.check())
        self.result_html = widgets.HTML()
        self.result_html.add_class("dl-quiz-result")
        self.score: int | None = None
        self.children = [style_widget(), self.question_html, self.position_html, options,
                         self.check_button, self.result_html]
        self.add_class("dl-root")
        self.add_class("dl-quiz")
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
        rng.shuffle(legal)
        rng.shuffle(illegal)
        n_legal = max(1, min(len(legal), options // 2))
        chosen = legal[:n_legal] + illegal[: options - n_legal]
        rng.shuffle(chosen)
        return cls(state, chosen, **kwargs)

    def check(self) -> int:
        """Mark every move right or wrong with the engine's reason; return the score."""
        rows = []
        score = 0
        for box, action, legal, reason in zip(self.options, self.candidates, self.answers,
                                              self.reasons, strict=True):
            right = bool(box.value) == legal
            score += right
            verdict = "legal" if legal else f"illegal: {reason.text} [{reason.rule}]" \
                if reason is not None else "illegal"
            mark = "✓" if right else "✗"
            cls = "dl-right" if right else "dl-wrong"
            rows.append(f'<li class="dl-quiz-verdict {cls}">{mark} {html.escape(describe(action))}'
                        f" — {html.escape(verdict)}</li>")
        self.score = score
        self.result_html.value = (
            f"<ul>{''.join(rows)}</ul>"
            f'<p class="dl-quiz-score">{score} of {len(self.candidates)} right.</p>')
        return score

    def _position(self) -> str:
        state, style = self.state, self.card_style
        others = " · ".join(
            f"{html.escape(actor_name(p, self.names))}: "
            f'<span class="dl-mini">{back_html(len(state.hand(p)))}</span>'
            for p in range(state.n) if p != self.seat
        )
        pairs = "".join(
            '<span class="dl-pair">' + face_html(a, style)
            + (f'<span class="dl-cover-slot">{face_html(c, style)}</span>' if c is not None
               else "") + "</span>"
            for a, c in getattr(state, "table", [])
        ) or "—"
        deal = state.deal
        trump = (face_html(deal.trump_card, style) if deal.trump_card is not None
                 else Suit(deal.trump).symbol if deal.trump is not None else "own trumps")
        return (
            f"<table><tr><td>others</td><td>{others}</td></tr>"
            f"<tr><td>table</td><td>{pairs}</td></tr>"
            f"<tr><td>trump</td><td>{trump} stock {getattr(state, 'stock_count', 0)}</td></tr>"
            f"<tr><td>your hand</td><td>{faces_html(state.hand(self.seat), style)}</td></tr>"
            "</table>")
