"""Durak in a terminal: ``python -m durak_lessons play`` seats you at a table of bots.

    python -m durak_lessons play [PRESET] [--players N] [--seat K] [--opponent BOT] [--seed S]
    python -m durak_lessons play очко [--players N] [--seat K] [--rounds R] [--opponent BOT]
    python -m durak_lessons presets [--markdown]

At your turn the table is shown as your seat sees it (nothing hidden from you is printed
before the record of the deal at the end), with the legal actions numbered.  Type a number, or
an action in the book's notation (``L7S``, ``C7S9S``, ``take``, ``pass``; ``l7s`` and
``c7s9s`` too), or only the cards it plays (``7S``, ``Дч``, ``10п``) where one legal action
plays them; ``hint`` asks the search bot for the chances of every action, ``table`` shows the
table again, ``undo`` takes back your last move (and the bots' moves since), ``help`` lists
the commands, ``quit`` (or end of input, or Ctrl-C) stops with the record of the game so far.
An action the rules refuse is refused with the rule it breaks, and nothing changes.  When the
deal is over the game prints its record as one line, which ``Record.from_text`` reads back
(the book's ``HandStepper`` steps through it).

The same seed deals the same cards and, for the same moves of yours, the bots play the same
moves (a hint draws from a generator of its own, so asking for one changes nothing; an undo
puts the bots' generator back with the position, so a move taken back changes nothing either).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shlex
import shutil
import sys
import textwrap
from collections.abc import Callable, Iterable, Sequence
from typing import TextIO

from .actions import Action
from .bots import Bot
from .cards import Card, Suit, parse_cards
from .catalogue import catalogue, catalogue_table
from .deal import _rules, check_players, deal
from .engine import GameState, initial_state
from .errors import DurakError, InvalidActionError
from .narration import narrate
from .ochko import Bot as OchkoBot
from .ochko import EVBot, LegalActions, OchkoGame, OchkoRecord, Odds, ThresholdBot
from .ochko import Phase as OchkoPhase
from .ochko import RandomBot as OchkoRandomBot
from .outcome import Outcome
from .records import Record
from .rules import Preset, Rules, names_ochko, preset_info
from .simulate import MAX_ACTIONS
from .tournament import bot_names, make_bot
from .views import View

__all__ = [
    "OCHKO_BOTS",
    "main",
    "play_in_terminal",
    "play_ochko_in_terminal",
    "status_line",
    "view_text",
]

_HELP = (
    "Type the number of an action, or the action itself (L7S, C7S9S, take, pass),\n"
    "or only its cards (7S, Дч, 10п) where one action plays them;\n"
    "hint: the search bot's chances for every action; table: show the table again;\n"
    "undo: take back your last move (and the bots' moves since); quit: stop."
)


_RESULTS = {1: "a win", 0: "a draw", -1: "a loss"}


_FOR_HELP = "Type 'help' for help."


def _check_seat(seat: int, players: int) -> None:
    if not 0 <= seat < players:
        raise ValueError(f"seat {seat} does not exist at a table of {players}: 0 to {players - 1}")


def _next_line(read: Callable[[str], str], write: Callable[[str], None]) -> str:
    """The next command typed, stripped; the end of the input reads as ``quit``.  A line
    that cannot be decoded is said so and asked for again: it never ends the game."""
    while True:
        try:
            return read("your move> ").strip()
        except EOFError:  # Ctrl-D: end the prompt's line before the game says it stopped
            write("")
            return "quit"
        except UnicodeDecodeError:
            write("  that line could not be read (it is not valid text in the terminal's"
                  " encoding): type it again")


def _cards(cards: Iterable[object]) -> str:
    return " ".join(str(c) for c in cards) or "-"


def view_text(view: View) -> str:
    """What one seat sees, on a few lines: its hand, the cards it knows in other hands, the
    table, and the counts everybody sees.  Fields a game does not have are left out."""
    if view.own_hand_hidden:  # the blind game (R14): the seat does not see its own row
        hand = f"{view.hand_sizes[view.seat]} cards, unseen"
    else:
        hand = _cards(view.hand)
    parts = [f"  seat {view.seat} sees: hand {hand}"]
    others = [
        f"{p}:{_cards(view.known(p))}"
        for p in range(view.players)
        if p != view.seat and view.known_mask(p)
    ]
    if others:
        parts.append(f"  known in other hands: {' '.join(others)}")
    try:
        table = view.table
    except AttributeError:  # no bout in this game
        pass
    else:
        pairs = " ".join(f"{a}/{c}" if c is not None else str(a) for a, c in table)
        parts.append(
            f"  phase {view.phase}; leader {view.leader}, defender {view.defender};"
            f" table [{pairs}]"
        )
    if any(view.pile_sizes):  # the faithful дорожный's face-down piles (D13)
        parts.append(f"  face-down piles {view.pile_sizes}")
    parts.append(
        f"  hands {view.hand_sizes}; stock {view.stock_count}; discard {view.discard_count}; "
        f"{trumps_line(view.trumps, view.trump_card)}; out {view.out}"
    )
    return "\n".join(parts)


def trumps_line(trumps: Sequence[int], card: Card | None) -> str:
    """The trumps in words: 'trump 8♥' (the turned-up card), 'trump suit ♦' (one suit for
    all, no card turned up), 'no trump yet', or each seat's own (свои козыри, R16): 'trumps
    by seat ♠ ♦ none'."""
    if len(set(trumps)) == 1:
        suit = trumps[0]
        if suit < 0:
            return "no trump yet"
        return f"trump {card}" if card is not None else f"trump suit {Suit(suit).symbol}"
    return "trumps by seat " + " ".join(Suit(t).symbol if t >= 0 else "none" for t in trumps)


def _numbered(actions: Sequence[Action]) -> str:
    return "\n".join(f"  {i:>2}. {a}  ({a.describe()})" for i, a in enumerate(actions, 1))


def _chosen(line: str, actions: Sequence[Action]) -> Action:
    """The action a line of input names: its number in the list (ASCII digits), or the
    action written out, in the book's notation or with its first letter in lower case
    (raises :class:`InvalidActionError` for text that is neither)."""
    if line.isascii() and line.isdigit():  # not "²" or "١": int() refuses some, not all
        n = int(line)
        if not 1 <= n <= len(actions):
            raise InvalidActionError(f"no action number {n}: choose 1 to {len(actions)}")
        return actions[n - 1]
    try:
        return Action.parse(line)
    except DurakError as e:
        return _by_cards(line, actions, e)


def _by_cards(line: str, actions: Sequence[Action], error: DurakError) -> Action:
    """The legal action that plays the cards a line names (``Дч``, ``10п``, ``9d``) when it
    is the only one; otherwise :class:`InvalidActionError` saying which actions play them,
    or ``error`` (the notation's own) for a line that names no cards."""
    try:
        cards = parse_cards(line)
    except DurakError:
        raise error from None
    named = " ".join(str(c) for c in cards)
    playing = [(i, a) for i, a in enumerate(actions, 1) if sorted(a.cards) == sorted(cards)]
    if len(playing) == 1:
        return playing[0][1]
    if not playing:
        raise InvalidActionError(
            f"no legal action plays {named}: type the number of an action from the list"
        )
    raise InvalidActionError(
        f"{named} may be played more than one way: "
        + ", ".join(f"{i}. {a}" for i, a in playing)
        + "; type the number or the action"
    )


def _hint(view: View, rng: random.Random) -> str:
    from .analysis import alike, hints  # the search bot: imported only when a hint is asked for

    if len(view.legal_actions()) == 1:
        return f"  {view.legal_actions()[0]} is the only legal action."
    lines = []
    for e, same in alike(view, hints(view, rng, iterations=200))[:5]:
        exact = "" if e.exact is None else f" (exact: {_RESULTS[e.exact]})"
        # the blind game: the same pick from any place of the row not seen
        names = " / ".join(str(a) for a in (e.action, *same))
        lines.append(f"  {names} ({e.action.describe()}): {e.win:.0%} not to be the fool{exact}")
    return "\n".join(lines)


def _capital(line: str) -> str:
    return line[:1].upper() + line[1:]


def status_line(stream: TextIO | None = None) -> Callable[[str], None] | None:
    """A passing status line on ``stream`` (stderr), rewritten in place and cleared with "",
    or ``None`` where the stream is no terminal (a pipe or a file keeps no such line)."""
    out = sys.stderr if stream is None else stream
    if not out.isatty():
        return None

    def show(text: str) -> None:
        out.write("\r\033[K" + text)  # back to the line's start, the old text erased
        out.flush()

    return show


def _sentence(line: str) -> str:
    """A narrated sentence for the terminal: capitalised and wrapped at words to the
    terminal's width (80 columns where there is none), later lines indented; a long line
    had been cut mid-word by the terminal."""
    width = max(shutil.get_terminal_size((80, 24)).columns, 40)
    return textwrap.fill(
        _capital(line), width, subsequent_indent="  ", break_long_words=False,
        break_on_hyphens=False,
    )


def play_in_terminal(
    rules: Rules | Preset | str,
    players: int = 2,
    seat: int = 0,
    opponent: str = "greedy",
    seed: int | None = None,
    *,
    read: Callable[[str], str] = input,
    write: Callable[[str], None] = print,
    status: Callable[[str], None] | None = None,
) -> tuple[Outcome | None, Record]:
    """Play one deal at the terminal (``read`` and ``write`` are ``input`` and ``print``
    unless given): you at ``seat``, bots made by ``make_bot(opponent)`` elsewhere.  Returns
    the outcome (``None`` if you quit) and the record of the actions played.  Ctrl-C
    (:class:`KeyboardInterrupt`) writes the game so far, then is raised again.  ``status``,
    if given, shows a passing line while a bot chooses ("seat 1 (search) is thinking...")
    and is called with "" when it has chosen (:func:`status_line` on a terminal)."""
    r = _rules(rules)
    rng = random.Random(seed)
    hint_rng = random.Random(None if seed is None else seed ^ 0x5EED)
    d = deal(r, players, rng)  # refuses a number of players the rules are not played by
    _check_seat(seat, players)
    state: GameState = initial_state(r, d)
    bots: dict[int, Bot] = {p: make_bot(opponent) for p in range(players) if p != seat}
    names = [f"seat {p} ({bots[p].name if p in bots else 'you'})" for p in range(players)]
    played: list[Action] = []
    before: list[GameState] = []  # the position before each action played
    # the bots' generator at each of those positions: undo puts it back too, so that after
    # an undo the bots play what they would have played had the move never been made
    drawn: list[tuple[object, ...]] = []
    write(f"{_title(r)}: {players} players, you are seat {seat}. {_FOR_HELP}")
    try:
        while not state.is_over:
            if len(played) >= MAX_ACTIONS:  # bots alone can go round for ever with transfers
                so_far = Record._played(r, d, tuple(played))
                write(f"No end after {MAX_ACTIONS} actions: stopped. {so_far.to_text()}")
                return None, so_far
            mover = state.to_move
            assert mover is not None
            view = View(state, mover)
            rng_state = rng.getstate()
            if mover in bots:
                if status is not None:
                    status(f"{names[mover]} is thinking...")
                action = bots[mover].choose(view, rng)
                if status is not None:
                    status("")
            else:
                actions = state.legal_actions()
                write(view_text(view))
                write(_numbered(actions))
                while True:
                    line = _next_line(read, write)
                    command = line.lower()
                    if command in ("quit", "exit"):
                        so_far = Record._played(r, d, tuple(played))
                        write(f"Stopped. The game so far: {so_far.to_text()}")
                        return None, so_far
                    if command in ("help", "?", ""):
                        write(_HELP)
                        continue
                    if command == "table":
                        write(view_text(view))
                        write(_numbered(actions))
                        continue
                    if command == "hint":
                        write(_hint(view, hint_rng))
                        continue
                    if command == "undo":
                        mine = [i for i, b in enumerate(before) if b.to_move == seat]
                        if not mine:
                            write("  nothing of yours to take back")
                            continue
                        state = before[mine[-1]]  # back to your last decision
                        rng.setstate(drawn[mine[-1]])
                        rng_state = drawn[mine[-1]]
                        del before[mine[-1] :], played[mine[-1] :], drawn[mine[-1] :]
                        write("  taken back to your last decision")
                        view = View(state, seat)
                        actions = state.legal_actions()
                        write(view_text(view))
                        write(_numbered(actions))
                        continue
                    try:
                        action = _chosen(line, actions)
                    except (DurakError, ValueError) as e:
                        if line.isascii() and line.isalpha():  # "legal", "moves": a command?
                            write(
                                f"not understood: {line!r} is neither a command (help, table,"
                                f" hint, undo, quit) nor an action: {e}"
                            )
                        else:
                            write(f"not understood: {e}")
                        continue
                    reason = state.explain(action)
                    if reason is None:
                        break
                    write(f"refused: {reason}")
            write(_sentence(narrate(state, action, names)))
            before.append(state)
            drawn.append(rng_state)
            state = state.apply(action)
            played.append(action)
    except KeyboardInterrupt:  # Ctrl-C: the game so far, then the caller stops
        write("")
        write(f"Interrupted. The game so far: {Record._played(r, d, tuple(played)).to_text()}")
        raise
    assert state.outcome is not None
    record = Record._played(r, d, tuple(played))
    write(_sentence(state.outcome.describe(names)))
    write("The record (Record.from_text reads it): " + record.to_text())
    return state.outcome, record


def _stakes_and_moves(legal: LegalActions) -> str:
    """Очко's legal actions in words: the stakes as a range, then the others."""
    parts = []
    if len(legal.stakes):
        parts.append(f"stake {legal.stakes[0]}..{legal.stakes[-1]}")
    parts += [str(legal[i]) for i in range(len(legal.stakes), len(legal))]
    return ", ".join(parts)


def _odds_text(odds: Odds) -> str:
    evs = [("stand", odds.ev_stand), ("buy", odds.ev_draw), ("buy dark", odds.ev_dark)]
    shown = "; ".join(f"{name} {float(ev):+.2f}" for name, ev in evs if ev is not None)
    return (
        f"  expected winnings per unit staked: {shown} (best: {odds.best});"
        f" a card bought goes bust {float(odds.bust):.0%} of the time"
    )


#: Очко's bots by name, for ``--opponent``
OCHKO_BOTS: dict[str, Callable[[], OchkoBot]] = {
    "ev": EVBot,
    "threshold": ThresholdBot,
    "random": OchkoRandomBot,
}


def play_ochko_in_terminal(
    players: int = 3,
    seat: int = 1,
    rounds: int = 5,
    opponent: str = "ev",
    seed: int | None = None,
    *,
    read: Callable[[str], str] = input,
    write: Callable[[str], None] = print,
) -> OchkoRecord:
    """Play Очко at the terminal (R20): you at ``seat`` with 100 to stake, bots elsewhere
    (``ev``, ``threshold`` or ``random``), for ``rounds`` rounds or until the session ends.
    Seat 0 holds the bank first.  ``odds`` prints your exact odds while you buy.  Returns
    the session's record.  Ctrl-C writes the session so far, then is raised again."""
    game = OchkoGame([100] * players, rng=random.Random(seed))  # refuses fewer than two players
    _check_seat(seat, players)
    if type(rounds) is not int or rounds < 1:
        raise ValueError(f"rounds {rounds!r}: expected a whole number of rounds, at least 1")
    if opponent not in OCHKO_BOTS:
        raise ValueError(f"unknown Очко bot {opponent!r}; bots are: {', '.join(OCHKO_BOTS)}")
    bots = {p: OCHKO_BOTS[opponent]() for p in range(players) if p != seat}
    write(f"Очко: {players} players, you are seat {seat}; seat 0 banks first. {_FOR_HELP}")
    try:
        while game.state.phase is not OchkoPhase.OVER and game.state.round_no < rounds:
            game.deal()
            while True:
                state = game.play(bots, deal=False)
                if state.phase in (OchkoPhase.DEAL, OchkoPhase.OVER):
                    break
                me = game.view(seat)
                write(str(me))
                write("  you may: " + _stakes_and_moves(me.legal))
                while True:
                    line = _next_line(read, write)
                    if line.lower() in ("quit", "exit"):
                        write("Stopped. The session so far: " + game.record().to_line())
                        return game.record()
                    if line.lower() in ("help", "?", ""):
                        write(
                            "Type an action: stake N, stake bank, buy, buy dark, stand or draw;\n"
                            "odds: your exact odds while you buy; quit: stop."
                        )
                        continue
                    if line.lower() == "odds":
                        if me.phase is OchkoPhase.BUY:
                            write(_odds_text(game.odds(seat)))
                        else:
                            write("  odds are for a punter buying cards")
                        continue
                    try:
                        reason = game.explain(line)
                    except DurakError as e:
                        write(f"not understood: {e}")
                        continue
                    except ValueError:  # "stake ²": a number int() refuses
                        write(
                            f"not understood: cannot read {line!r}: expected stake N (N in digits"
                            " 0-9), stake bank, buy, buy dark, stand or draw"
                        )
                        continue
                    if reason is None:
                        game.push(line)
                        break
                    write(f"refused: {reason}")
            write(str(game.view(seat)))  # the round's end: every hand shown
    except KeyboardInterrupt:  # Ctrl-C: the session so far, then the caller stops
        write("")
        write("Interrupted. The session so far: " + game.record().to_line())
        raise
    state = game.state
    write(
        "Balances: " + ", ".join(f"seat {p} {b}" for p, b in enumerate(state.balances))
        + f"; the bank holds {state.bank} (seat {state.banker} banks)"
    )
    write("The record (OchkoRecord.from_line reads it): " + game.record().to_line())
    return game.record()


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m durak_lessons",
        description="Durak, or Очко, in a terminal against the bots.",
        epilog="'python -m durak_lessons play --help' tells how to play.",
    )
    sub = p.add_subparsers(dest="command", required=True)
    play = sub.add_parser(
        "play", help="play a deal of Durak (or rounds of Очко) against bots",
        description="Play a deal against bots, from one seat: type 'help' at your turn for the"
        " commands.  The deal ends with its record, one line that Record.from_text reads back.",
    )
    play.add_argument("preset", nargs="?", default="podkidnoy",
                      help="any name of a preset: podkidnoy, переводной, 'transfer durak', ...,"
                      " or a rules string: 'podkidnoy(pogony_sixes=1)'; очко for Очко"
                      " (default: podkidnoy)")
    play.add_argument(
        "--players",
        type=int,
        default=None,
        help="2 (or the fewest the game is played by; Очко: 3) unless given",
    )
    play.add_argument("--seat", type=int, default=None, help="your seat: 0 (Очко: 1) unless given")
    play.add_argument(
        "--opponent",
        default=None,
        help=f"the bots: {bot_names()} (greedy unless given; options as in"
        f" search:iterations=200); Очко: {', '.join(OCHKO_BOTS)} (ev unless given)",
    )
    play.add_argument("--seed", type=int, default=None,
                      help="the same seed, the same deal (a new deal each time unless given)")
    play.add_argument("--rounds", type=int, default=None, help="Очко only: rounds to play (5)")
    presets = sub.add_parser(
        "presets", help="list the rule sets",
        description="List the rule sets: the id play takes, the players, the names.",
    )
    presets.add_argument(
        "--markdown", action="store_true", help="the book's catalogue table, every column"
    )
    return p


_RED_CARD = re.compile(r"(?:10|[2-9JQKA])[♥♦]")  # a card as str(Card) writes it


def coloured(line: str) -> str:
    """``line`` with its hearts and diamonds in red (ANSI), for a terminal."""
    return _RED_CARD.sub(lambda m: f"\033[31m{m.group()}\033[0m", line)


def _printer() -> Callable[[str], None]:
    """``print``, with red suits where the output is a terminal that takes colours (not
    where ``NO_COLOR`` is set: https://no-color.org)."""
    if sys.stdout.isatty() and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb":
        return lambda line: print(coloured(line))
    return print


def _default_players(rules: Rules | Preset | str) -> int:
    """The players of a deal when ``--players`` is not given: two, or the fewest the rules
    are played by where two cannot play them (team play, свои козыри for four)."""
    r = _rules(rules)
    for players in range(2, r.max_players + 1):
        try:
            check_players(r, players)
        except DurakError:
            continue
        return players
    return 2  # none: the deal refuses it, saying why


def _title(rules: Rules) -> str:
    """A game's id with its Russian name, as the reader may have typed either ("perevodnoy
    (Дурак переводной)"); the id alone for rules of one's own."""
    try:
        preset = preset_info(rules.name)
    except DurakError:
        return rules.name
    return f"{rules.name} ({preset.russian})" if preset.rules == rules else rules.name


def _presets_text(width: int = 80) -> str:
    """The rule sets for a terminal ``width`` columns wide: per game its id (what ``play``
    takes), the players, and its Russian and English names on the lines that follow."""
    rows = catalogue()
    id_width = max(len(row.id) for row in rows)
    lines = [f"{'id':<{id_width}}  players  name"]
    for row in rows:
        players = row.players.replace(" or ", "/")
        name = f"{row.russian} ({row.english})"
        head = f"{row.id:<{id_width}}  {players:<7}  "
        lines += textwrap.wrap(
            name, width, initial_indent=head, subsequent_indent=" " * len(head),
            break_on_hyphens=False,
        )
    lines.append("Any of these names, Russian, transliterated or English, is taken by play.")
    return "\n".join(lines)


def _shell_words(words: Sequence[str]) -> str:
    """``words`` as typed in a shell: quoted only where the shell needs it (not a Russian
    preset's name, which ``shlex.join`` quotes)."""
    return " ".join(w if re.fullmatch(r"[\w\-=:.,+/]+", w) else shlex.quote(w) for w in words)


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    given = list(sys.argv[1:] if argv is None else argv)
    if given and given[0] not in ("play", "presets", "-h", "--help"):
        # argparse would call the first word an invalid command: '--players 3' said
        # "invalid choice: '3'", and a preset's name "invalid choice: 'podkidnoy'"
        parser.error(
            "the command comes first (play or presets), then its options:"
            f" {parser.prog} play {_shell_words(given)}"
        )
    args = parser.parse_args(given)
    write = _printer()
    try:
        return _run(args, write)
    except BrokenPipeError:  # the output went to a pipe that was closed: `... | head`
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # no second error when Python flushes it
        return 1


def _run(args: argparse.Namespace, write: Callable[[str], None]) -> int:
    if args.command == "presets":
        print(catalogue_table(fmt="markdown") if args.markdown else _presets_text())
        return 0
    ochko = names_ochko(args.preset)
    if args.rounds is not None and not ochko:
        print(
            f"error: --rounds is for Очко; {args.preset} is played one deal at a time",
            file=sys.stderr,
        )
        return 2
    started = False  # the game has begun: its arguments were all good

    def say(line: str) -> None:
        nonlocal started
        started = True
        write(line)

    try:
        if ochko:
            play_ochko_in_terminal(
                3 if args.players is None else args.players,
                1 if args.seat is None else args.seat,
                5 if args.rounds is None else args.rounds,
                args.opponent or "ev",
                args.seed,
                write=say,
            )
        else:
            play_in_terminal(
                args.preset,
                _default_players(args.preset) if args.players is None else args.players,
                0 if args.seat is None else args.seat,
                args.opponent or "greedy",
                args.seed,
                write=say,
                status=status_line(),
            )
    except (DurakError, ValueError) as e:
        if started:  # not a bad argument: the game itself failed
            print(f"error during the game (please report it): {e}", file=sys.stderr)
            return 1
        print(f"error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    return 0
