"""ipywidgets layer of durak-lessons: widgets show and drive the engine, nothing more.

* :class:`PlayTable` - play a Durak preset against bots or hot-seat;
* :class:`HandStepper` - step through a game record (works in the static book, no kernel);
* :class:`LegalityQuiz` - which of these moves are legal (or, ``mode="best"``, best: the solver's
  verdict with two players and the stock empty)? checked and explained by the engine;
* :class:`OchkoTable` - play Очко as a punter against a banker bot, with exact odds.

Card drawing shared by all of them lives in :mod:`durak_lessons.widgets.cards`; the CSS
classes of each widget are listed in its module's docstring.
"""

from .cards import CardStyle, card_button, face_html
from .hints import search_hints
from .ochko_table import OchkoTable
from .quiz import LegalityQuiz, candidate_pool
from .stepper import HandStepper, position_html, step_sentences
from .table import PACES, PlayTable, default_scheduler, loop_scheduler, thread_scheduler

__all__ = [
    "PACES",
    "CardStyle",
    "HandStepper",
    "LegalityQuiz",
    "OchkoTable",
    "PlayTable",
    "candidate_pool",
    "card_button",
    "default_scheduler",
    "face_html",
    "loop_scheduler",
    "position_html",
    "search_hints",
    "step_sentences",
    "thread_scheduler",
]
