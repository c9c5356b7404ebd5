"""Tournaments between bots: duplicate deals, win rates with confidence intervals, in parallel.

Every deal is played once per distinct seating, the cyclic rotations of the seats (with two
players: the same cards with the seats swapped), so luck of the deal cancels out; a rotation
that seats the bots as an earlier one did (a lineup of two at four or six seats) is not played
again.  The lineup names at most one bot per seat: a lineup longer than the table is refused,
as its last bots would never play.

A bot's score counts a draw as ½.  Its 95 % interval counts one result per game and bot: a bot
that holds several seats in a game (team partners, or a short lineup repeated round the table)
scores the mean over its seats (in a team game the team's result), counted once, since those
seats are not independent trials.  A game that does not end within
:data:`~durak_lessons.simulate.MAX_ACTIONS` actions (deterministic bots that go round in a
cycle) is scored as a draw for every seat, with ``termination`` ``"endless"``, and counted in
:attr:`Tournament.endless` and in the table.

Games run on all local cores by default; any
``concurrent.futures``-style executor (anything with ``submit(fn, *args)`` returning an object
with ``result()``: a ``ThreadPoolExecutor``, a ``ProcessPoolExecutor``, a Dask
``distributed.Client``) may be passed instead.  Each game's deal and each bot's random numbers
come from the tournament seed and the game's number only, so the results are the same whatever
runs them.

>>> t = run_tournament(["greedy", "random"], deals=3, seed=1, executor=SequentialExecutor())
>>> t.games, sorted(t.standings())
(6, ['greedy', 'random'])
>>> lo, hi = wilson(8, 10); round(lo, 3), round(hi, 3)
(0.49, 0.943)

Command line: ``python -m durak_lessons.tournament search greedy --deals 500`` (or the
``durak-tournament`` script); ``--help`` lists the options.
"""

from __future__ import annotations

import argparse
import difflib
import html
import inspect
import json
import math
import multiprocessing
import os
import random
import re
import signal
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from typing import Any, Final, Protocol, TypeVar

from . import simulate
from .bots import Bot, GreedyBot, RandomBot
from .deal import Deal, _rules, check_players, deal
from .errors import DurakError, EndlessGameError
from .outcome import Outcome
from .records import Record
from .rules import Preset, Rules

__all__ = [
    "BOTS",
    "BOT_ALIASES",
    "ENDLESS",
    "GameResult",
    "GameTask",
    "SequentialExecutor",
    "Standing",
    "Tournament",
    "bot_names",
    "deal_of",
    "main",
    "make_bot",
    "play_game",
    "run_tournament",
    "tasks_for",
    "wilson",
]

Z95 = 1.959963984540054  # the 97.5 % point of the standard normal distribution

#: ``GameResult.termination`` of a game that did not end within ``simulate.MAX_ACTIONS``
#: actions; it is scored as a draw.
ENDLESS = "endless"

_T = TypeVar("_T")


# ---- statistics -------------------------------------------------------------------------------


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion ``successes / n`` (95 % by default).

    ``successes`` may be fractional (a draw counts ½).  ``(0.0, 1.0)`` when ``n`` is 0.  The
    interval always holds the share itself.
    """
    if type(n) is not int or n < 0:
        raise ValueError(f"n: a whole number of games, 0 or more; got {n!r}")
    if not isinstance(successes, int | float) or isinstance(successes, bool):
        raise ValueError(f"successes: a number of games won (a draw ½); got {successes!r}")
    if not 0 <= successes <= n:
        raise ValueError(f"successes {successes} outside 0..{n}")
    if not isinstance(z, int | float) or isinstance(z, bool) or not z > 0:
        raise ValueError(f"z: a number above 0 (1.96 for 95 %); got {z!r}")
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    # the interval holds p; at p = 0 or 1 one end is p itself, which rounding may miss by
    # one unit in the last place (a plot's error bar of -1e-16 is refused)
    return (min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half)))


# ---- bots by name -----------------------------------------------------------------------------


def _search(**kw: Any) -> Bot:
    from .search import SearchBot

    return SearchBot(**kw)


def _heuristic(**kw: Any) -> Bot:
    from .heuristic import HeuristicBot

    return HeuristicBot(**kw)


#: Bot factories by name; ``make_bot("search:iterations=100")`` passes options.
BOTS: dict[str, Callable[..., Bot]] = {
    "random": lambda **kw: RandomBot(**kw),
    "greedy": lambda **kw: GreedyBot(**kw),
    "heuristic": _heuristic,
    "search": _search,
}

#: Other names :func:`make_bot` takes: the play tables' "opponents" list calls HeuristicBot
#: "card-tracking", and a teacher may type that name in the terminal too.
BOT_ALIASES: dict[str, str] = {"card-tracking": "heuristic"}


def bot_names() -> str:
    """The names :func:`make_bot` knows, weakest bot first, for messages: ``random, greedy,
    heuristic (or card-tracking), search``."""
    also = {target: alias for alias, target in BOT_ALIASES.items()}
    return ", ".join(f"{n} (or {also[n]})" if n in also else n for n in BOTS)


def make_bot(spec: str) -> Bot:
    """A bot from its spec: ``name`` or ``name:option=value,option=value`` (numbers parsed);
    ``name`` is a key of :data:`BOTS` or of :data:`BOT_ALIASES`, in any case (``Greedy``).

    A spec the bot cannot be made from raises :class:`ValueError` naming the bot and what is
    wrong: an unknown bot or option (with the name meant, where one is close: ``rnadom``,
    ``iter``), or a value of the wrong kind for the option.
    """
    if not isinstance(spec, str):
        raise TypeError(
            f"a bot spec is a string such as 'greedy' or 'search:iterations=200', not {spec!r}"
        )
    name, _, opts = spec.partition(":")
    name = name.strip()
    factory = BOTS.get(BOT_ALIASES.get(name.lower(), name.lower()))
    if factory is None:
        raise ValueError(
            f"unknown bot {name!r}{_guess(name.lower(), [*BOTS, *BOT_ALIASES])};"
            f" bots are: {bot_names()}"
        )
    name = name.lower()
    kwargs: dict[str, Any] = {}
    for item in filter(None, (o.strip() for o in opts.split(","))):
        key, sep, raw = item.partition("=")
        key, raw = key.strip(), raw.strip()
        if not sep or not key:
            raise ValueError(f"bot {name}: option {item!r}: expected option=value")
        if key in kwargs:
            raise ValueError(f"bot {name}: option {key} given twice")
        kwargs[key] = raw
    params = _options_of(factory) if kwargs else None
    if params is not None:
        kwargs = {key: _option_value(name, params, key, raw) for key, raw in kwargs.items()}
    else:  # a factory that cannot be looked into: numbers as numbers
        kwargs = {key: _number_or_text(raw) for key, raw in kwargs.items()}
    try:
        return factory(**kwargs)
    except (TypeError, ValueError) as exc:  # the bot's own check of its options
        raise ValueError(f"bot {name}: {exc}") from None


def _guess(typed: str, names: list[str]) -> str:
    """`` (did you mean 'search'?)`` for a name close to one of ``names`` (a slip, or the
    start of one: ``iter`` for ``iterations``), else nothing."""
    near = [n for n in names if typed and n.startswith(typed)]
    near += [n for n in difflib.get_close_matches(typed, names, n=2) if n not in near]
    if not near:
        return ""
    return f" (did you mean {' or '.join(map(repr, near[:2]))}?)"


def _number_or_text(raw: str) -> Any:
    for conv in (int, float):
        try:
            return conv(raw)
        except ValueError:
            pass
    return raw


def _options_of(factory: Callable[..., Bot]) -> dict[str, inspect.Parameter] | None:
    """The options a bot factory takes, by name, from the signature of the bot it makes with
    none (``None`` if that cannot be told: a factory that needs options, or one that takes
    any keyword)."""
    try:
        sig = inspect.signature(type(factory()))
    except (TypeError, ValueError):
        return None
    params = {
        n: p
        for n, p in sig.parameters.items()
        if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
    }
    if any(p.kind is p.VAR_KEYWORD for p in sig.parameters.values()):
        return None
    return params


_BOOLS = {"1": True, "true": True, "yes": True, "on": True}
_BOOLS.update(dict.fromkeys(("0", "false", "no", "off"), False))
_NUMBER = r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?"

_EXPECTED = {
    "bool": "0 or 1",
    "int": "a whole number",
    "float": "a number",
}


def _option_type(param: inspect.Parameter) -> str:
    """``bool``, ``int``, ``float``, ``str`` or ``""`` (unknown) for an option."""
    default = param.default
    if isinstance(default, bool):
        return "bool"
    if isinstance(default, int | float | str):
        return type(default).__name__
    note = param.annotation
    text = note if isinstance(note, str) else getattr(note, "__name__", "")
    first = text.split("|")[0].strip()
    return first if first in ("bool", "int", "float", "str") else ""


def _option_value(name: str, params: dict[str, inspect.Parameter], key: str, raw: str) -> Any:
    """The value of option ``key`` typed as ``raw``, of the kind the bot's option takes."""
    param = params.get(key)
    if param is None:
        known = ", ".join(params)
        takes = f"options are: {known}" if known else f"{name} takes no options"
        raise ValueError(
            f"bot {name}: unknown option {key!r}{_guess(key.lower(), list(params))}; {takes}"
        )
    kind = _option_type(param)
    if kind == "str":
        return raw
    if kind == "":
        return _number_or_text(raw)
    value: Any = None
    if kind == "bool":
        value = _BOOLS.get(raw.lower())
    elif kind == "int":
        value = int(raw) if re.fullmatch(r"[+-]?[0-9]+", raw) else None
    else:
        number = float(raw) if re.fullmatch(_NUMBER, raw) else math.nan
        value = number if math.isfinite(number) else None
    if value is None:
        default = param.default
        if default is inspect.Parameter.empty:
            shown = ""
        elif isinstance(default, bool):
            shown = f" (default {int(default)})"
        else:
            shown = f" (default {default})"
        raise ValueError(
            f"bot {name}: option {key}={raw}: expected {_EXPECTED[kind]}{shown}"
        )
    return value


# ---- one game ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameTask:
    """Everything one game needs; cheap to send to another process or machine."""

    index: int
    deal_index: int
    rotation: int
    rules: str
    seats: tuple[str, ...]  # a bot spec per seat
    seed: int


@dataclass(frozen=True, slots=True)
class GameResult:
    """One finished game.  ``scores``: per seat 1 (not a loser), ½ (draw) or 0 (the fool or a
    losing team); ``termination``: the outcome's (``"fool"``, ``"draw"``, ``"team"``), or
    ``"endless"`` (:data:`ENDLESS`) for a game stopped after ``simulate.MAX_ACTIONS`` actions,
    scored as a draw (``fool`` is then ``None``); ``seconds``: each seat's slowest decision
    and ``slowest_at`` which of the seat's decisions it was (0 its first; neither is part of
    equality: timings differ from run to run), so that :func:`decision_times` can play the
    game again and time it alone."""

    index: int
    deal_index: int
    rotation: int
    seats: tuple[str, ...]
    scores: tuple[float, ...]
    termination: str
    fool: int | None
    actions: int
    seconds: tuple[float, ...] = field(default=(), compare=False)
    slowest_at: tuple[int, ...] = field(default=(), compare=False)


class _Timed:
    """A bot with a stopwatch: the seconds of each of its decisions."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.times: list[float] = []

    def choose(self, view: Any, rng: random.Random) -> Any:
        t = time.perf_counter()
        action = self.bot.choose(view, rng)
        self.times.append(time.perf_counter() - t)
        return action

    @property
    def slowest(self) -> tuple[float, int]:
        """The slowest decision's seconds and its number (0 the first; -1 if none)."""
        if not self.times:
            return 0.0, -1
        k = max(range(len(self.times)), key=self.times.__getitem__)
        return self.times[k], k


def deal_of(task: GameTask) -> Deal:
    """The deal of a task: it depends on the tournament seed and the deal number only, so
    every seating of one deal gets the same cards."""
    rules = Rules.parse(task.rules)
    return deal(rules, len(task.seats), random.Random(f"{task.seed}:deal:{task.deal_index}"))


def _played(task: GameTask) -> tuple[Outcome | None, Record | None, list[_Timed]]:
    """The game of ``task`` played out, with each seat's bot timed; the outcome and record
    are ``None`` for a game that did not end within ``simulate.MAX_ACTIONS`` actions."""
    bots = [_Timed(make_bot(spec)) for spec in task.seats]
    rng = random.Random(f"{task.seed}:bots:{task.deal_index}:{task.rotation}")
    try:
        outcome, record = simulate.play(Rules.parse(task.rules), bots, rng, deal_=deal_of(task))
    except EndlessGameError:  # bots that go round in a cycle: scored as a draw
        return None, None, bots
    return outcome, record, bots


def decision_times(task: GameTask) -> list[list[float]]:
    """Play the game of ``task`` again (the same moves: it is a pure function of the task) and
    return the seconds of every decision of each seat, to look into a slow one."""
    return [b.times for b in _played(task)[2]]


def play_game(task: GameTask) -> GameResult:
    """Play one game of a tournament (a pure function of ``task``).  A game that does not
    end within ``simulate.MAX_ACTIONS`` actions is a draw with termination ``"endless"``."""
    n = len(task.seats)
    outcome, record, bots = _played(task)
    if outcome is None or record is None:
        return GameResult(
            index=task.index,
            deal_index=task.deal_index,
            rotation=task.rotation,
            seats=task.seats,
            scores=tuple(0.5 for _ in range(n)),
            termination=ENDLESS,
            fool=None,
            actions=sum(len(b.times) for b in bots),
            seconds=tuple(b.slowest[0] for b in bots),
            slowest_at=tuple(b.slowest[1] for b in bots),
        )
    if outcome.draw:
        scores = tuple(0.5 for _ in range(n))
    elif outcome.fool is not None:
        scores = tuple(0.0 if p == outcome.fool else 1.0 for p in range(n))
    else:
        scores = tuple(0.0 if p % 2 == outcome.losing_team else 1.0 for p in range(n))
    return GameResult(
        index=task.index,
        deal_index=task.deal_index,
        rotation=task.rotation,
        seats=task.seats,
        scores=scores,
        termination=outcome.termination.value,
        fool=outcome.fool,
        actions=len(record.actions),
        seconds=tuple(b.slowest[0] for b in bots),
        slowest_at=tuple(b.slowest[1] for b in bots),
    )


def _play_chunk(tasks: Sequence[GameTask]) -> list[GameResult]:
    return [play_game(t) for t in tasks]


# ---- executors --------------------------------------------------------------------------------


class SubmitsWork(Protocol):
    """What the harness needs from an executor: ``submit(fn, *args)`` with ``.result()``."""

    def submit(self, fn: Callable[..., Any], /, *args: Any) -> Any: ...


#: the platforms where Python starts no processes (nor threads, in Pyodide): there the games
#: of a tournament run one after another in this process
_NO_PROCESSES: Final = frozenset({"emscripten", "wasi"})


class SequentialExecutor(Executor):
    """Runs each task at once in this process (for tests, notebooks and Pyodide)."""

    def submit(self, fn: Callable[..., _T], /, *args: Any, **kwargs: Any) -> Future[_T]:
        future: Future[_T] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as exc:  # handed to the caller through the future
            future.set_exception(exc)
        return future


# ---- the tournament ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Standing:
    """One bot's results, and its score (a draw counts ½) with the 95 % Wilson interval.

    ``wins`` (not a loser), ``draws`` and ``losses`` count seats: a bot may hold several seats
    in one game (team partners, a short lineup repeated round the table), so they add up to
    :attr:`seats`.  ``games`` counts the games the bot played, each once, and ``points`` is
    the sum over those games of the bot's score in the game: the mean over its seats (in a
    team game, the team's result).  The score is ``points / games`` and the interval counts
    ``games`` results, one per game: seats of one bot in one game are not independent trials.
    Without ``points`` the bot is taken to hold the same number of seats in every game.
    """

    bot: str
    games: int
    wins: int
    draws: int
    losses: int
    points: float | None = None

    @property
    def seats(self) -> int:
        """The seat results: ``wins + draws + losses``."""
        return self.wins + self.draws + self.losses

    @property
    def total(self) -> float:
        """``points``, or the seats' score scaled to one result per game."""
        if self.points is not None:
            return self.points
        if not self.seats:
            return 0.0
        return (self.wins + self.draws / 2) * self.games / self.seats

    @property
    def score(self) -> float:
        return self.total / self.games if self.games else math.nan

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.total, self.games)


#: The columns of :meth:`Tournament.table`.
_COLUMNS: Final = (
    "bot", "games", "seats", "wins", "draws", "losses", "score %", "95% CI", "slowest s"
)


@dataclass(frozen=True)
class Tournament:
    """The results of :func:`run_tournament`, in game order."""

    rules: str
    players: int
    lineup: tuple[str, ...]
    deals: int
    seed: int
    results: tuple[GameResult, ...]
    seconds: float = field(default=0.0, compare=False)

    @property
    def games(self) -> int:
        """The number of games played (each deal once per seating)."""
        return len(self.results)

    @property
    def endless(self) -> int:
        """How many games did not end within ``simulate.MAX_ACTIONS`` actions (each scored as
        a draw; see :data:`ENDLESS`)."""
        return sum(r.termination == ENDLESS for r in self.results)

    @property
    def chance(self) -> float:
        """The score of a bot no better than the others: ``(players - 1) / players`` (one fool
        a game, the others score 1), or ½ in team games (draws, rare at three or more seats,
        would pull it towards ½)."""
        if Rules.parse(self.rules).teams:
            return 0.5
        return (self.players - 1) / self.players

    def standings(self) -> dict[str, Standing]:
        """Per bot spec (seats of the same spec pooled).  Wins, draws and losses count seats;
        the games, the score and its interval count one result per game: the bot's mean
        score over its seats in that game (see :class:`Standing`)."""
        tally: dict[str, list[int]] = {}
        games: dict[str, int] = {}
        points: dict[str, float] = {}
        for r in self.results:
            mine: dict[str, list[float]] = {}
            for spec, s in zip(r.seats, r.scores, strict=True):
                mine.setdefault(spec, []).append(s)
                t = tally.setdefault(spec, [0, 0, 0])
                t[0 if s == 1.0 else 1 if s == 0.5 else 2] += 1
            for spec, got in mine.items():
                games[spec] = games.get(spec, 0) + 1
                points[spec] = points.get(spec, 0.0) + sum(got) / len(got)
        return {
            k: Standing(k, games[k], w, d, lost, points=min(points[k], float(games[k])))
            for k, (w, d, lost) in tally.items()
        }

    def slowest_decision(self) -> dict[str, float]:
        """Per bot spec, the seconds of its slowest decision in the tournament."""
        return {spec: where[0] for spec, where in self.slowest_decisions().items()}

    def slowest_decisions(self) -> dict[str, tuple[float, GameTask, int, int]]:
        """Per bot spec, where its slowest decision was: the seconds, the game's task (for
        :func:`decision_times`), the seat and the seat's decision number."""
        out: dict[str, tuple[float, GameTask, int, int]] = {}
        for r in self.results:
            for seat, (spec, sec) in enumerate(zip(r.seats, r.seconds, strict=False)):
                if spec not in out or sec > out[spec][0]:
                    at = r.slowest_at[seat] if seat < len(r.slowest_at) else -1
                    task = GameTask(
                        r.index, r.deal_index, r.rotation, self.rules, r.seats, self.seed
                    )
                    out[spec] = (sec, task, seat, at)
        return out

    def pairs(self) -> list[tuple[float, ...]]:
        """For each deal, a tuple of the first lineup bot's scores: one per seat it held, over
        the deal's seatings in order (with two players: its score in each seating)."""
        first = self.lineup[0]
        by_deal: dict[int, list[float]] = {}
        for r in self.results:
            by_deal.setdefault(r.deal_index, []).extend(
                s for spec, s in zip(r.seats, r.scores, strict=True) if spec == first
            )
        return [tuple(v) for _, v in sorted(by_deal.items())]

    def heading(self) -> str:
        """What was played: the rules, the seats, the games and the seed (the table's first
        line)."""
        seatings = self.games // max(self.deals, 1)
        return (
            f"{self.rules}, {self.players} players, {self.deals}"
            f" deal{'s' if self.deals != 1 else ''} x {seatings}"
            f" seating{'s' if seatings != 1 else ''} = {self.games} games, seed {self.seed}"
        )

    def _rows(self) -> list[tuple[str, ...]]:
        """The table's rows, best score first: bot, games, seats, wins, draws, losses, score
        %, 95 % interval %, slowest decision in seconds."""
        slow = self.slowest_decision()
        rows = []
        for st in sorted(self.standings().values(), key=lambda s: -s.score):
            lo, hi = st.interval
            counts = (st.games, st.seats, st.wins, st.draws, st.losses)
            rows.append((
                st.bot, *map(str, counts), f"{100 * st.score:.1f}",
                f"{100 * lo:.1f}-{100 * hi:.1f}", f"{slow.get(st.bot, 0.0):.3f}",
            ))
        return rows

    def _notes(self) -> list[str]:
        """What the table's counts mean where it is not plain, and the endless games."""
        notes = []
        if any(st.seats != st.games for st in self.standings().values()):
            notes.append(
                "wins, draws, losses: seats; games, score and CI: one result per game\n"
                "(the mean over the bot's seats)"
            )
        notes.append(
            f"endless games (no end after {simulate.MAX_ACTIONS} actions), scored as draws: "
            f"{self.endless}"
        )
        return notes

    def table(self) -> str:
        """A text table: one line per bot, score and 95 % interval in percent (wins, draws
        and losses count seats; the interval one result per game), then the number of
        endless games scored as draws."""
        rows = self._rows()
        # the bot column as wide as its longest spec: 80 columns hold the table for bots
        # named up to 14 characters ("search:tree=1")
        w = max([3, *(len(row[0]) for row in rows)])
        widths = (6, 6, 6, 6, 6, 8, 11, 9)
        lines = [self.heading()]
        for row in [_COLUMNS, *rows]:
            numbers = (c.rjust(n) for c, n in zip(row[1:], widths, strict=True))
            lines.append(" ".join([row[0].ljust(w), *numbers]))
        return "\n".join([*lines, *self._notes()])

    def __repr__(self) -> str:
        """One line, as a notebook shows it: what was played and each bot's score (the
        games are in :attr:`results`)."""
        score = _COLUMNS.index("score %")
        scores = ", ".join(f"{row[0]} {row[score]} %" for row in self._rows())
        return f"<Tournament {self.heading()}: {scores}>"

    def _repr_html_(self) -> str:
        """The table, as a notebook shows the tournament (styled inline, so that a static page
        shows it the same: a long bot spec wraps, the numbers stand right-aligned, and a
        narrow screen scrolls the table sideways)."""
        pad = "padding: 0.15em 0.6em"
        left = (
            f'style="text-align: left; {pad}; min-width: 7em; max-width: 18em;'
            ' overflow-wrap: anywhere"'
        )
        right = f'style="text-align: right; {pad}; white-space: nowrap"'

        def row(cells: Sequence[str], tag: str) -> str:
            return "<tr>" + "".join(
                f"<{tag} {left if i == 0 else right}>{html.escape(c)}</{tag}>"
                for i, c in enumerate(cells)
            ) + "</tr>"

        body = "".join(row(cells, "td") for cells in self._rows())
        notes = "".join(f"<p>{html.escape(n)}</p>" for n in self._notes())
        return (
            '<div class="dl-tournament" style="overflow-x: auto">'
            '<table style="border-collapse: collapse; font-variant-numeric: tabular-nums">'
            '<caption style="caption-side: top; text-align: left">'
            f"{html.escape(self.heading())}</caption>"
            f"<thead>{row(_COLUMNS, 'th')}</thead><tbody>{body}</tbody></table>{notes}</div>"
        )

    def to_json(self) -> dict[str, Any]:
        """Everything the tournament measured, as a JSON-ready dict (what ``--json`` writes)."""
        return {
            "rules": self.rules,
            "players": self.players,
            "lineup": list(self.lineup),
            "deals": self.deals,
            "seed": self.seed,
            "seconds": self.seconds,
            "endless": self.endless,
            "chance": self.chance,
            "standings": {
                k: {
                    **asdict(v),
                    "seats": v.seats,
                    "score": v.score,
                    "interval": list(v.interval),
                }
                for k, v in self.standings().items()
            },
            "results": [asdict(r) for r in self.results],
        }

    def plot(self, path: str | None = None) -> Any:
        """A bar chart of the scores with their intervals (needs matplotlib); saved to
        ``path`` when given.  A dashed line marks :attr:`chance`, the score of a bot no
        better than the others.  Returns the figure."""
        if path is not None and not isinstance(path, str | os.PathLike):
            raise TypeError(f"path: expected a file name (a str or a Path) or None, not {path!r}")
        try:
            import matplotlib

            if path is not None:
                matplotlib.use("Agg")
            import matplotlib.pyplot as plt
        except ImportError as exc:  # pragma: no cover - depends on the installation
            raise RuntimeError("plotting needs matplotlib (pip install matplotlib)") from exc
        st = sorted(self.standings().values(), key=lambda s: -s.score)
        fig, ax = plt.subplots(figsize=(1.5 + 1.2 * len(st), 3.5))
        scores = [100 * s.score for s in st]
        errs = [
            [100 * (s.score - s.interval[0]) for s in st],
            [100 * (s.interval[1] - s.score) for s in st],
        ]
        ax.bar([s.bot for s in st], scores, yerr=errs, capsize=6, color="#6a8caf")
        ax.axhline(100 * self.chance, color="grey", linewidth=0.8, linestyle="--")
        ax.set_ylim(0, 100)
        ax.set_ylabel("score % (draw = ½), 95 % CI")
        ax.set_title(f"{self.rules}, {self.players} players, {self.games} games")
        fig.tight_layout()
        if path is not None:
            fig.savefig(path, dpi=120)
        return fig


def tasks_for(
    lineup: Sequence[str], rules: str, players: int, deals: int, seed: int
) -> list[GameTask]:
    """Each deal once per distinct seating: the cyclic rotations of the seats, without those
    that repeat an earlier one (two players: both seatings; a lineup of two at four seats: two
    seatings, not four).  The lineup is repeated round the table when shorter than
    ``players``; a longer one raises :class:`ValueError`, as its last bots would never play."""
    if len(lineup) > players:
        raise ValueError(
            f"{len(lineup)} bots ({', '.join(lineup)}) for {players} seats:"
            f" {', '.join(lineup[players:])} would never play; name at most {players} bots"
            f" (one per seat) or seat more players"
        )
    seats = [lineup[i % len(lineup)] for i in range(players)]
    seatings: dict[tuple[str, ...], int] = {}
    for rot in range(players):
        seatings.setdefault(tuple(seats[(i - rot) % players] for i in range(players)), rot)
    out: list[GameTask] = []
    for d in range(deals):
        for rotated, rot in seatings.items():
            out.append(GameTask(len(out), d, rot, rules, rotated, seed))
    return out


def _progress_printer(stream: Any = None) -> Callable[[int, int], None]:
    out = stream if stream is not None else sys.stderr
    start = time.perf_counter()

    def show(done: int, total: int) -> None:
        width = 24  # the line fits in 80 columns up to 99,999 games
        filled = width * done // max(total, 1)
        elapsed = time.perf_counter() - start
        # no estimate before a game is done; the line padded so a shorter one hides it
        left = f"about {elapsed / done * (total - done):.1f} s left" if done else "starting"
        out.write(
            f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games "
            f"{elapsed:.1f} s, {left:<22}"
        )
        if done == total:
            out.write("\n")
        out.flush()

    return show


def run_tournament(
    lineup: Sequence[str],
    *,
    rules: Rules | Preset | str = "podkidnoy",
    players: int = 2,
    deals: int = 100,
    seed: int = 0,
    executor: SubmitsWork | None = None,
    workers: int | None = None,
    chunk: int | None = None,
    progress: bool | Callable[[int, int], None] = False,
) -> Tournament:
    """Play ``deals`` duplicate deals between the bots of ``lineup`` (bot specs, see
    :func:`make_bot`; at most one per seat, repeated round the table if shorter than
    ``players``: more bots than seats raise :class:`ValueError`).  Each deal is played once
    per distinct seating (see :func:`tasks_for`).  ``rules``: a :class:`Rules`, a preset name
    or a rules string such as ``podkidnoy(pogony_sixes=1)``.

    ``executor``: where the games run (default: a process pool over ``workers`` local cores,
    all of them by default; ``workers`` with an ``executor`` raises :class:`ValueError`, as
    the executor decides).  Where Python can start no processes (the browser's Pyodide, or
    WASI) the default is a :class:`SequentialExecutor` instead, ``workers`` or not: the
    results are the same whatever runs the games, only slower.  In a script, call it under
    ``if __name__ == "__main__":`` where the pool starts its processes afresh (the ``spawn``
    or ``forkserver`` start method: Windows, macOS, Linux from Python 3.14), or each process
    runs the script again and the pool breaks; a notebook needs nothing of the kind.
    ``chunk``: games per submitted task.  ``progress``: ``True`` for a bar on stderr, or a
    callable ``(done, total)``.

    A game that does not end within ``simulate.MAX_ACTIONS`` actions is scored as a draw and
    counted in :attr:`Tournament.endless`; the interval of each score counts one result per
    game (see :class:`Standing`).
    """
    if isinstance(lineup, str):
        raise TypeError(
            f"the lineup is a list of bot specs, not the string {lineup!r}:"
            f" write [{lineup!r}] for one bot"
        )
    r = _rules(rules)
    rules_text = r.to_string()
    if not lineup:
        raise ValueError("a tournament needs at least one bot")
    for what, number in (("deals", deals), ("chunk", chunk), ("workers", workers)):
        if number is not None and (type(number) is not int or number < 1):
            raise ValueError(f"{what} must be a whole number, at least 1, not {number!r}")
    if type(seed) is not int:
        raise TypeError(
            f"seed: expected a whole number (the same seed, the same deals), not {seed!r}"
        )
    if executor is not None and (isinstance(executor, type) or not callable(
        getattr(executor, "submit", None)
    )):
        raise TypeError(
            "executor: expected an executor with submit(), such as SequentialExecutor() or"
            f" ProcessPoolExecutor(2) (an instance, not the class), not {executor!r}"
        )
    if not (type(progress) is bool or callable(progress)):
        raise TypeError(
            f"progress: expected True, False or a callable (done, total), not {progress!r}"
        )
    if workers is not None and executor is not None:
        raise ValueError(
            "workers sizes the default process pool; with an executor it would have no effect"
        )
    for spec in dict.fromkeys(lineup):
        make_bot(spec)  # fail early on a bad spec
    check_players(r, players)
    tasks = tasks_for(lineup, rules_text, players, deals, seed)
    report: Callable[[int, int], None] | None
    if progress is True:
        report = _progress_printer()
    elif callable(progress):
        report = progress
    else:
        report = None
    own = executor is None
    cores = workers or os.cpu_count() or 1
    size = chunk or max(1, min(8, len(tasks) // (4 * cores) or 1))
    batches = [tasks[i : i + size] for i in range(0, len(tasks), size)]
    start = time.perf_counter()
    pool: SubmitsWork
    if executor is not None:
        pool = executor
    elif sys.platform in _NO_PROCESSES:
        pool = SequentialExecutor()
    else:
        pool = ProcessPoolExecutor(max_workers=cores)
    try:
        futures = [pool.submit(_play_chunk, b) for b in batches]
        results: list[GameResult] = []
        if report:
            report(0, len(tasks))
        for f in futures:
            results.extend(f.result())
            if report:
                report(len(results), len(tasks))
    finally:
        if own:
            assert isinstance(pool, Executor)
            pool.shutdown(cancel_futures=True)
    results.sort(key=lambda g: g.index)
    return Tournament(
        rules=rules_text,
        players=players,
        lineup=tuple(lineup),
        deals=deals,
        seed=seed,
        results=tuple(results),
        seconds=time.perf_counter() - start,
    )


# ---- command line -----------------------------------------------------------------------------


def _at_least_one(text: str) -> int:
    """An argument that counts something: a whole number of at least 1."""
    try:
        number = int(text)
    except ValueError:
        number = 0
    if number < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, not {text!r}")
    return number


def _seconds(text: str) -> float:
    """An argument that is a time: a number of seconds above 0."""
    try:
        number = float(text)
    except ValueError:
        number = math.nan
    if not 0 < number < math.inf:
        raise argparse.ArgumentTypeError(f"expected a number of seconds above 0, not {text!r}")
    return number


def _given(what: str) -> Callable[[str], str]:
    """An argument that names something (a file, an address): not empty, which would be
    read as not given at all."""

    def check(text: str) -> str:
        if not text.strip():
            raise argparse.ArgumentTypeError(f"expected {what}, not {text!r}")
        return text

    return check


def _writable(path: str, option: str) -> None:
    """Raise :class:`OSError` with a clear message if ``path`` cannot be written (checked
    before a long run, not after it); a file that did not exist is not left behind."""
    existed = os.path.lexists(path)
    try:
        with open(path, "a", encoding="utf-8"):
            pass
    except OSError as exc:
        raise OSError(f"cannot write {option} {path}: {exc.strerror or exc}") from None
    if not existed:
        os.remove(path)


#: The command's name when run as the ``durak-tournament`` script (``python -m
#: durak_lessons.tournament`` names itself so in its usage line).
PROG = "durak-tournament"
DASK_EXAMPLE = "tcp://127.0.0.1:8786"
DASK_TIMEOUT = 5.0  # seconds; a scheduler that is up answers within one second


def _parser(prog: str = PROG) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog=prog,
        description="Play duplicate deals between bots and report win rates with 95 % "
        "Wilson intervals.",
        epilog="Bots: " + bot_names() + "; options as name:key=value,key=value "
        "(e.g. search:iterations=200).",
    )
    p.add_argument(
        "bots",
        nargs="+",
        help="bot specs, at most one per seat (repeated round the table when fewer)",
    )
    p.add_argument(
        "--rules", default="podkidnoy", help="preset or rules string (default: %(default)s)"
    )
    p.add_argument(
        "--players", type=int, default=2, help="seats at the table (default: %(default)s)"
    )
    p.add_argument(
        "--deals",
        type=_at_least_one,
        default=100,
        help="deals, each played once per seating (default: %(default)s)",
    )
    p.add_argument(
        "--seed",
        type=int,
        default=0,
        help="seed of the deals and the bots: the same seed gives the same results whatever"
        " the executor (default: %(default)s)",
    )
    p.add_argument(
        "--workers",
        type=_at_least_one,
        default=None,
        help="local processes (default: cores); not with --sequential or --dask",
    )
    p.add_argument("--chunk", type=_at_least_one, default=None,
                   help="games per task (default: about four tasks a worker, at most 8 games"
                   " a task)")
    p.add_argument(
        "--sequential", action="store_true", help="play in this process (not with --dask)"
    )
    p.add_argument(
        "--dask",
        metavar="ADDRESS",
        type=_given(f"a Dask scheduler's address such as {DASK_EXAMPLE}"),
        help=f"run on the Dask scheduler at ADDRESS, e.g. {DASK_EXAMPLE} (needs distributed;"
        " not with --sequential)",
    )
    p.add_argument(
        "--dask-timeout",
        metavar="SECONDS",
        type=_seconds,
        help=f"how long to wait for the Dask scheduler to answer (default: {DASK_TIMEOUT:g})",
    )
    p.add_argument(
        "--plot",
        metavar="PNG",
        type=_given("a file name"),
        help="save a bar chart (needs matplotlib)",
    )
    p.add_argument(
        "--json", metavar="FILE", type=_given("a file name"), help="write every result as JSON"
    )
    p.add_argument(
        "--quiet", action="store_true", help="no progress bar (none unless stderr is a terminal)"
    )
    return p


def _contradiction(args: argparse.Namespace) -> str:
    """Why the executor options contradict each other ("" if they do not)."""
    if args.sequential and args.dask:
        return "--sequential and --dask contradict each other: give one of them"
    if args.workers is not None and (args.sequential or args.dask):
        where = "--sequential" if args.sequential else "--dask"
        return f"--workers sets the local processes; it has no effect with {where}"
    if args.dask_timeout is not None and not args.dask:
        return "--dask-timeout is how long to wait for --dask's scheduler; give --dask too"
    return ""


def _leave_ctrl_c() -> None:
    """In a worker of the command line's pool: Ctrl-C is left to the main process, which
    stops the workers (an idle worker interrupted would print a traceback of its own).  The
    worker was started with Ctrl-C held back (:class:`_CtrlCPool`); one pressed since is
    dropped here, as ignored."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


class _CtrlCPool(ProcessPoolExecutor):
    """The command line's local pool.  Its workers are started (within ``submit``) with
    Ctrl-C held back until :func:`_leave_ctrl_c` has them ignore it: a Ctrl-C pressed while a
    worker was starting, before its initializer ran, printed a traceback from the worker.
    The main process gets its Ctrl-C as soon as ``submit`` returns."""

    def submit(self, fn: Callable[..., _T], /, *args: Any, **kwargs: Any) -> Future[_T]:
        if not hasattr(signal, "pthread_sigmask"):  # Windows: no signal masks
            return super().submit(fn, *args, **kwargs)
        old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            return super().submit(fn, *args, **kwargs)
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _stop(pool: ProcessPoolExecutor, others: set[Any]) -> None:
    """Stop the command line's ``pool`` at once: the games its workers are playing are
    dropped, not waited for (a worker would go on with the games it was handed, and the
    interpreter waits for them on its way out).  ``others``: the child processes there were
    before the pool was made, which are left alone."""
    if sys.version_info >= (3, 14):
        pool.terminate_workers()
        return
    for worker in set(multiprocessing.active_children()) - others:
        worker.terminate()
    # and wait for the pool's own thread to see them gone: left running, it could close its
    # wake-up pipe just as the interpreter's exit wrote to it (a traceback after Ctrl-C, one
    # time in ten on Python 3.11)
    pool.shutdown(wait=True, cancel_futures=True)


def _dask_client(address: str, timeout: float) -> Any:
    """A ``distributed.Client`` of the Dask scheduler at ``address``, or :class:`ValueError`
    saying why there is none, within about ``timeout`` seconds: nothing may listen there, or
    something that is not a Dask scheduler (a web server, say), which never answers
    ``Client``'s greeting."""
    import asyncio

    from distributed import Client
    from distributed.comm.core import connect

    async def answers() -> None:
        greeting = connect(address, timeout=timeout)  # type: ignore[no-untyped-call]  # distributed has no hints
        comm = await asyncio.wait_for(greeting, timeout)
        await comm.close()

    expected = f"expected the address of a running Dask scheduler, such as {DASK_EXAMPLE}"
    try:
        # the greeting runs on an event loop of its own, in a thread of its own: asyncio.run
        # cannot start one where a loop is running already (main() called in a notebook's cell)
        with ThreadPoolExecutor(max_workers=1) as greeter:
            greeter.submit(asyncio.run, answers()).result()
        return Client(address, timeout=timeout)  # type: ignore[no-untyped-call]  # distributed has no hints
    except OSError:  # nothing answered in time (a TimeoutError is an OSError)
        why = f"no Dask scheduler answered within {timeout:g} s"
    except (TypeError, ValueError) as exc:  # a malformed address, an unknown protocol
        why = f"not a scheduler address ({exc})"
    raise ValueError(f"--dask {address}: {why}; {expected}") from None


def main(argv: Iterable[str] | None = None, prog: str = PROG) -> int:
    """The command line: ``argv`` (``sys.argv[1:]`` by default); ``prog`` the command's name
    in the usage line.  Returns the exit status: 0, 1 (a result not saved), 2 (bad input),
    130 (interrupted)."""
    args = _parser(prog).parse_args(list(argv) if argv is not None else None)
    clash = _contradiction(args)
    if clash:
        print(f"error: {clash}", file=sys.stderr)
        return 2
    try:
        for option, path in (("--json", args.json), ("--plot", args.plot)):
            if path:
                _writable(path, option)
    except OSError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    executor: SubmitsWork | None = None
    client = None
    pool: ProcessPoolExecutor | None = None
    others: set[Any] = set()  # the child processes there were before the pool's
    if args.sequential:
        executor = SequentialExecutor()
    elif args.dask:
        try:
            import distributed  # noqa: F401
        except ImportError:
            print(
                "error: --dask needs the 'distributed' extra: pip install"
                " durak-lessons[distributed]",
                file=sys.stderr,
            )
            return 2
        try:
            client = _dask_client(args.dask, args.dask_timeout or DASK_TIMEOUT)
        except ValueError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        executor = client
    else:  # the local pool, made here so that Ctrl-C can stop its games at once
        others.update(multiprocessing.active_children())
        pool = _CtrlCPool(
            max_workers=args.workers or os.cpu_count() or 1, initializer=_leave_ctrl_c
        )
        executor = pool
    try:
        t = run_tournament(
            args.bots,
            rules=args.rules,
            players=args.players,
            deals=args.deals,
            seed=args.seed,
            executor=executor,
            chunk=args.chunk,
            progress=not args.quiet and sys.stderr.isatty(),  # no bar in a log file
        )
    except (DurakError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\ninterrupted: no results", file=sys.stderr)
        if pool is not None:
            _stop(pool, others)
            pool = None
        return 130
    finally:
        if client is not None:
            client.close()
        if pool is not None:
            pool.shutdown()
    print(t.table())
    print(f"{t.seconds:.1f} s wall clock")
    if args.json:
        try:
            with open(args.json, "w", encoding="utf-8") as fh:
                json.dump(t.to_json(), fh, indent=1)
        except OSError as exc:
            print(f"error: cannot write --json {args.json}: {exc.strerror or exc}", file=sys.stderr)
            return 1
    if args.plot:
        try:
            t.plot(args.plot)
        except (RuntimeError, OSError) as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 1
        print(f"plot saved to {args.plot}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(prog=f"{os.path.basename(sys.executable)} -m durak_lessons.tournament"))
