"""What a seat sees is all it may know: a property test of indistinguishability.

For every Durak preset (the bout games and the chain games, each at its smallest and its
largest number of seats) and a few fixed seeds, a deal is played with random legal actions.
At several points of it, for each seat ``s``, a *second world* is built that agrees with
everything ``s`` may know and differs in cards hidden from ``s``; the same actions are replayed
in it, and ``s``'s :class:`~durak_lessons.views.View` must be the same there over its whole
public surface.  A view that differs would tell a bot something about cards it cannot see.

How the second world is built, and why the seat cannot tell it from the first:

* Both are real deals: the pack is shuffled as :func:`durak_lessons.deal.deal` shuffles it,
  and the second deal is :func:`~durak_lessons.deal.deal_from_order` of the same card order
  with two cards ``a`` and ``b`` exchanged.  The engine's own dealing decides everything
  public from that order (the turned-up trump, the card shown at a whole-pack deal, D25, the
  spades put back into the stock, D26, the first leader by the lowest trump, R11), and the
  test requires every public part of the two deals to agree; so it also refuses a swap that
  would give the lowest trump to another seat.
* ``a`` and ``b`` are cards that ``s`` could not locate at any moment of the deal up to the
  point compared: at every position up to it both are in :meth:`View.unseen_mask`, the
  engine's own notion of what ``s`` cannot place (not in its hand, on the table, in the
  discard, among the cards everyone saw picked up or drawn, the face-up card under the stock,
  a placed spade; in the blind game its own row is unseen except where it saw a card go in,
  R14; in the faithful дорожный every face-down pile is unseen, D13).  Neither card was ever
  played, shown, picked up or named, so no action of the record names either.
* The second world then replays the very same actions by the very same seats (each must be
  legal there for that seat), and the same seat is to act after them.  Whose turn it is is
  public: a seat that is skipped because it holds no card to throw in (D2, D29), or a leader
  who passes for want of a legal lead (R19), or a defender who may not take while he can cover
  (D24, D10), tells everyone something of his hand.  A swap that changes any of this is a
  world the seat *can* tell apart, and another swap is tried.

The two worlds then differ only in where ``a`` and ``b`` lie (the test keeps only swaps that
leave them in different places at the point compared), and every view of ``s`` up to that
point must be identical: every public property and method of :class:`View` (enumerated, so
that a new one is covered at once; a new method that takes arguments fails here until it is
given some), its ``repr`` and ``str``, the text the terminal shows (:func:`cli.view_text`),
the opponent models read off the record (:func:`sampling.infer`), the sampled worlds
(:meth:`View.world`, :func:`sampling.determinize`, :func:`sampling.known_world`, compared
slot by slot so that nothing of the real position rides along), and the simple bots'
choices.
"""

from __future__ import annotations

import collections
import dataclasses
import inspect
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import durak_lessons as dl
from durak_lessons import View
from durak_lessons.actions import Action
from durak_lessons.bots import GreedyBot
from durak_lessons.cards import CARDS, cards_of, deck
from durak_lessons.cli import view_text
from durak_lessons.deal import Deal, deal_from_order
from durak_lessons.engine import GameState
from durak_lessons.heuristic import HeuristicBot
from durak_lessons.own_trumps import TrumpChoiceState
from durak_lessons.position import CardPosition
from durak_lessons.repetition import earlier_leads, leads_tried, may_go_round
from durak_lessons.sampling import MODELS, determinize, hidden_count, infer, known_world

PRESETS = [p for p in dl.all_presets() if p.rules.family != dl.Family.BANK]
#: each preset at its smallest and its largest table
CASES = [
    (preset, players)
    for preset in PRESETS
    for players in sorted({min(preset.seat_counts), max(preset.seat_counts)})
]
SEEDS = (1, 2)
#: random play stops here if the deal has not ended (the points compared lie within)
MOST_ACTIONS = 300
#: the points of a deal compared: after these fractions of its actions
POINTS = (0.0, 0.3, 0.6, 1.0)
#: second worlds compared at one point for one seat, each hiding cards in other sorts of
#: place (see _candidates), and the most swaps tried to find them
WORLDS = 3
TRIES = 30

Move = tuple[int, Action]  # (the seat that acted, the action)


# ---- the deals --------------------------------------------------------------------------


def _order(rules: dl.Rules, seed: int) -> list[int]:
    """The card order :func:`durak_lessons.deal` deals for ``seed``."""
    order = [int(c) for c in deck(rules.deck_size)]
    random.Random(seed).shuffle(order)
    return order


def _public(d: Deal) -> tuple[object, ...]:
    """Everything about a deal that every seat sees (or that the engine makes public)."""
    return (
        d.trump_card,
        d.trumps,
        d.dealer,
        d.leader,
        d.trump_card_in_stock,
        d.no_transfer_first,
        d.extra,
        d.public_cards,
        d.placed_cards,
        tuple(len(h) for h in d.hands),
        len(d.stock),
    )


def _swapped(d: Deal, a: int, b: int) -> tuple[object, ...]:
    """The hands and stock of ``d`` with cards ``a`` and ``b`` exchanged."""

    def one(c: int) -> int:
        return b if c == a else a if c == b else c

    return (
        tuple(tuple(one(c) for c in h) for h in d.hands),
        tuple(one(c) for c in d.stock),
    )


def _play(rules: dl.Rules, d: Deal, rng: random.Random) -> tuple[list[GameState], list[Move]]:
    """Random legal play from the deal: the positions (the first the deal's) and the moves."""
    state = dl.initial_state(rules, d)
    states: list[GameState] = [state]
    moves: list[Move] = []
    while not state.is_over and len(moves) < MOST_ACTIONS:
        actor = state.to_move
        assert actor is not None
        action = rng.choice(state.legal_actions())
        state = state.apply(action, actor)
        states.append(state)
        moves.append((actor, action))
    return states, moves


def _replay(rules: dl.Rules, d: Deal, moves: list[Move], after: GameState) -> list[GameState] | str:
    """The positions of ``moves`` played from ``d`` by the same seats; or why this world
    can be told apart: ``"action"`` if one of them is illegal there, ``"turn"`` if after
    them another seat is to act, or the bout is in another phase, than in ``after`` (whose
    turn it is, and whether the bout goes on, are public: see the module's docstring)."""
    state = dl.initial_state(rules, d)
    states = [state]
    for actor, action in moves:
        if state.explain(action, actor) is not None:
            return "action"
        state = state.apply(action, actor)
        states.append(state)
    if (state.to_move, state.phase) != (after.to_move, after.phase):  # type: ignore[attr-defined]
        return "turn"
    return states


def _places(state: GameState) -> dict[int, tuple[object, ...]]:
    """Where each card lies that some seat may not see: a hand (and its place in the row in
    the blind game), the stock (its place in the drawing order), a face-down pile."""
    out: dict[int, tuple[object, ...]] = {}
    row = getattr(state, "row", None)
    pile = getattr(state, "personal_pile", None)
    for p in range(state.n):
        if row is not None:
            for i, c in enumerate(row(p)):
                out[int(c)] = ("hand", p, i)
        else:
            for c in cards_of(state.hand_mask(p)):  # type: ignore[attr-defined]
                out[int(c)] = ("hand", p)
        if pile is not None:
            for i, c in enumerate(pile(p)):
                out[int(c)] = ("pile", p, i)
    for i, c in enumerate(state.stock):  # type: ignore[attr-defined]
        out[int(c)] = ("stock", i)
    return out


# ---- what a view shows ------------------------------------------------------------------


_POSITIONS = (CardPosition, TrumpChoiceState)


def _fingerprint(state: object) -> object:
    """A position as a value, every slot of it (the memo of legal actions aside), so that
    two sampled worlds compare equal only if nothing differs anywhere in them."""
    if not isinstance(state, _POSITIONS):
        return state
    slots: dict[str, object] = {}
    for cls in type(state).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if name in ("_legal",) or name in slots or not hasattr(state, name):
                continue
            slots[name] = getattr(state, name)
    if "_log" in slots:  # the record as linked cells: compared as the record
        slots["_log"] = state.history()  # type: ignore[union-attr]
    return type(state).__name__, slots, repr(state)


def _outcome(call: Callable[[], object], keep: Callable[[object], object] = _fingerprint) -> object:
    """What ``call`` returns (a position as its fingerprint), or the error it raises."""
    try:
        return keep(call())
    except Exception as exc:  # an error, and what it says, is part of what the seat sees
        return ("raises", type(exc).__name__, str(exc))


def _world_args(view: View) -> list[tuple[Any, ...]]:
    """Arguments for :meth:`View.world`: the hidden cards of a world the sampler dealt, and
    a few that do not fit (the errors name only what the seat sees)."""
    w = determinize(view, random.Random(3))
    n = view.players
    hands = [w.hand_mask(p) for p in range(n)]  # type: ignore[attr-defined]
    stock = [int(c) for c in w.stock]  # type: ignore[attr-defined]
    own_row = [int(c) for c in w.row(view.seat)] if view.own_hand_hidden else None  # type: ignore[attr-defined]
    piles = (
        [[int(c) for c in w.personal_pile(p)] for p in range(n)]  # type: ignore[attr-defined]
        if any(view.pile_sizes)
        else None
    )
    return [
        (hands, stock, own_row, piles),
        ([0] * n, stock, own_row, piles),
        (hands, stock[::-1], own_row, piles),
        (hands[::-1], stock, own_row, piles),
    ]


#: the arguments each View method that takes some is compared with
ARGUMENTS: dict[str, Callable[[View], list[tuple[Any, ...]]]] = {
    "known_mask": lambda v: [(p,) for p in range(v.players)],
    "known": lambda v: [(p,) for p in range(v.players)],
    "controller": lambda v: [(p,) for p in range(v.players)],
    # beating depends on the rules and the trumps alone: every pair against a few attacks
    "beats": lambda v: [
        (a, c, p)
        for a in deck(v.rules.deck_size)[:: max(1, v.rules.deck_size // 6)]
        for c in deck(v.rules.deck_size)
        for p in (None, *range(v.players))
    ],
    "world": _world_args,
}


def surface(view: View, keep: Callable[[object], object] = _fingerprint) -> dict[str, object]:
    """Everything ``view`` shows: each public attribute of :class:`View` (properties read,
    methods called, with :data:`ARGUMENTS` where they take some), and what the package
    computes from a view alone; each value passed through ``keep`` (positions made
    comparable, by default)."""
    out: dict[str, object] = {}

    def get(call: Callable[[], object]) -> object:
        return _outcome(call, keep)

    for name in dir(View):
        if name.startswith("_"):
            continue
        static = inspect.getattr_static(View, name)
        if isinstance(static, property) or not callable(getattr(view, name)):
            out[name] = get(lambda name=name: getattr(view, name))  # type: ignore[misc]
            continue
        method = getattr(view, name)
        required = [
            p
            for p in inspect.signature(method).parameters.values()
            if p.default is p.empty and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
        ]
        if not required:
            out[name] = get(method)
            continue
        if name not in ARGUMENTS:
            pytest.fail(f"View.{name} takes arguments: add to ARGUMENTS what to compare it with")
        out[name] = [
            get(lambda method=method, args=args: method(*args))  # type: ignore[misc]
            for args in ARGUMENTS[name](view)
        ]
    out["repr"] = repr(view)
    out["str"] = str(view)
    out["html"] = get(lambda: view._repr_html_())  # type: ignore[attr-defined]
    out["view_text"] = view_text(view)
    out["infer"] = [get(lambda m=m: infer(view, m)) for m in MODELS]  # type: ignore[misc]
    out["hidden_count"] = hidden_count(view)
    out["known_world"] = get(lambda: known_world(view))
    out["determinize"] = [
        get(lambda k=k: determinize(view, random.Random(k)))  # type: ignore[misc]
        for k in range(2)
    ]
    out["repetition"] = get(lambda: (earlier_leads(view), may_go_round(view)))
    out["leads_tried"] = get(lambda: leads_tried(view))
    if view.to_move == view.seat:
        for bot in (GreedyBot(), HeuristicBot()):
            out[bot.name] = get(lambda bot=bot: bot.choose(view, random.Random(0)))  # type: ignore[misc]
    return out


def light_surface(view: View) -> tuple[object, ...]:
    """What a view shows at the positions before the one compared in full (cheaper)."""
    return (
        repr(view),
        view_text(view),
        view.hand_mask,
        view.remembered_row,
        tuple(view.known_mask(p) for p in range(view.players)),
        view.unseen_mask(),
        view.legal_actions(),
        view.under_card,
        view.placed_in_stock,
        view.draws,
        view.pile_sizes,
        view.outcome,
    )


def _differences(a: dict[str, object], b: dict[str, object]) -> list[str]:
    return [
        f"{k}: {str(a.get(k))[:400]} != {str(b.get(k))[:400]}"
        for k in sorted(a.keys() | b.keys())
        if a.get(k) != b.get(k)
    ]


# ---- the property -----------------------------------------------------------------------


@dataclasses.dataclass
class Tally:
    """How often the property could be put to the test in one case."""

    compared: int = 0  # second worlds found and compared
    hidden: int = 0  # (point, seat) pairs at which two cards could be exchanged at all
    #: swaps refused as worlds the seat can tell apart, by what gives them away: the public
    #: part of the deal, an action illegal there, or the turn or phase after the actions
    refused: collections.Counter[str] = dataclasses.field(default_factory=collections.Counter)


def _kind(place: tuple[object, ...], seat: int, top: dict[object, int]) -> str:
    """What sort of hidden place a card lies in, as seen from ``seat``: its own row (the
    blind game), another seat's hand, the next card of the stock or a later one, the top of
    a face-down pile or a card under it."""
    what, *where = place
    if what == "hand":
        return "own row" if where[0] == seat else f"hand of seat {where[0]}"
    if what == "stock":
        return "next card" if where[0] == 0 else "stock"
    return f"top of pile {where[0]}" if where[1] == top[where[0]] else f"pile {where[0]}"


def _candidates(
    never_seen: int,
    first: dict[int, tuple[object, ...]],
    now: dict[int, tuple[object, ...]],
    seat: int,
    rng: random.Random,
) -> list[list[tuple[int, int]]]:
    """Pairs of cards never located by ``seat`` that lay in different places at the deal
    and lie in different places now, grouped by the sorts of place they lie in now (a hand
    and the next card of the stock, two hands, ...), each group and the groups in a random
    order: the second worlds compared at one point differ in different ways."""
    cards = cards_of(never_seen)
    top: dict[object, int] = {}  # the place of each face-down pile's top card
    for place in now.values():
        if place[0] == "pile":
            top[place[1]] = max(top.get(place[1], 0), place[2])  # type: ignore[call-overload]
    groups: dict[tuple[str, ...], list[tuple[int, int]]] = {}
    for i, a in enumerate(cards):
        for b in cards[i + 1 :]:
            if first[a] != first[b] and now[a] != now[b]:
                kinds = tuple(sorted((_kind(now[a], seat, top), _kind(now[b], seat, top))))
                groups.setdefault(kinds, []).append((int(a), int(b)))
    out = [groups[k] for k in sorted(groups)]
    for group in out:
        rng.shuffle(group)
    rng.shuffle(out)
    return out


def _second_worlds(
    rules: dl.Rules,
    order: list[int],
    d: Deal,
    moves: list[Move],
    after: GameState,
    groups: list[list[tuple[int, int]]],
    tally: Tally,
) -> Iterator[tuple[int, int, list[GameState]]]:
    """Up to :data:`WORLDS` second worlds (one per group of :func:`_candidates`): the two
    cards exchanged and the positions of ``moves`` replayed there, trying at most
    :data:`TRIES` swaps."""
    players = len(d.hands)
    found = tried = 0
    while groups and found < WORLDS and tried < TRIES:
        for group in list(groups):
            if found >= WORLDS or tried >= TRIES:
                break
            a, b = group.pop()
            if not group:
                groups.remove(group)
            tried += 1
            swapped = order.copy()
            i, j = swapped.index(a), swapped.index(b)
            swapped[i], swapped[j] = b, a
            d2 = deal_from_order(rules, players, swapped)
            if _public(d2) != _public(d):  # e.g. the lowest trump gone to another seat (R11)
                tally.refused["deal"] += 1
                continue
            # the engine's dealing put each card where the other lay, and nothing else moved
            assert (d2.hands, d2.stock) == _swapped(d, a, b), (rules.name, CARDS[a], CARDS[b])
            states = _replay(rules, d2, moves, after)
            if isinstance(states, str):
                tally.refused[states] += 1
                continue
            found += 1
            if group in groups:
                groups.remove(group)  # one world of each sort
            yield a, b, states


def check_deal(preset: dl.Preset, players: int, seed: int, tally: Tally) -> None:
    """Play a deal at random; at each of :data:`POINTS`, for each seat, compare its views
    with those in second worlds it cannot tell from the first."""
    rules = preset.rules
    order = _order(rules, seed)
    d = deal_from_order(rules, players, order)
    assert d == dl.deal(rules, players, seed)
    states, moves = _play(rules, d, random.Random(seed))
    points = sorted({round(f * len(moves)) for f in POINTS})
    first = _places(states[0])
    for seat in range(players):
        views = [View(s, seat) for s in states]
        light = [light_surface(v) for v in views]
        never_seen = []  # the cards the seat could not locate at any position up to each
        mask = -1
        for v in views:
            mask &= v.unseen_mask()
            never_seen.append(mask)
        for k in points:
            now = _places(states[k])
            rng = random.Random(f"{preset.id}/{players}/{seed}/{seat}/{k}")
            groups = _candidates(never_seen[k], first, now, seat, rng)
            if groups:
                tally.hidden += 1
            seen: dict[str, object] | None = None
            for a, b, world2 in _second_worlds(rules, order, d, moves[:k], states[k], groups, tally):
                assert _places(world2[k]) != now, "the second world hides other cards"
                tally.compared += 1
                where = (
                    f"{preset.id} players={players} seed={seed} seat={seat} after {k} actions,"
                    f" {CARDS[a]} and {CARDS[b]} exchanged"
                )
                for j in range(k):
                    assert light_surface(View(world2[j], seat)) == light[j], (
                        f"{where}: the views differ after {j} actions"
                    )
                if seen is None:
                    seen = surface(views[k])
                diff = _differences(seen, surface(View(world2[k], seat)))
                assert not diff, f"{where}: the views differ in\n" + "\n".join(diff)


@pytest.mark.parametrize(
    ("preset", "players"), CASES, ids=[f"{p.id}-{n}" for p, n in CASES]
)
def test_a_seat_cannot_tell_two_worlds_apart(preset: dl.Preset, players: int) -> None:
    tally = Tally()
    for seed in SEEDS:
        check_deal(preset, players, seed, tally)
    # the property held wherever it could be put to the test; and it was, wherever some
    # seat had cards hidden from it (two players dealt the whole pack see everything)
    assert tally.compared > 0 or tally.hidden == 0, tally


# ---- no door to the real position --------------------------------------------------------


def _reachable(value: object, seen: set[int]) -> Iterator[object]:
    """``value`` and every object reachable from it through public attributes and the
    items of containers (not through functions, classes or modules)."""
    if id(value) in seen or isinstance(value, int | float | str | bytes | type(None)):
        return
    seen.add(id(value))
    yield value
    if inspect.isroutine(value) or inspect.isclass(value) or inspect.ismodule(value):
        return
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _reachable(k, seen)
            yield from _reachable(v, seen)
        return
    if isinstance(value, list | tuple | set | frozenset):
        for item in value:
            yield from _reachable(item, seen)
        return
    names: set[str] = set(getattr(value, "__dict__", {}))
    for cls in type(value).__mro__:
        names.update(getattr(cls, "__slots__", ()))
    if dataclasses.is_dataclass(value):
        names.update(f.name for f in dataclasses.fields(value))
    for name in sorted(names):
        if not name.startswith("_") and hasattr(value, name):
            yield from _reachable(getattr(value, name), seen)


#: what a view offers that is a position by design: worlds built from the cards given
_WORLDS = ("world", "determinize", "known_world")


@pytest.mark.parametrize("preset", PRESETS, ids=lambda p: p.id)
def test_a_view_holds_no_public_door_to_the_position(preset: dl.Preset) -> None:
    """Nothing a view offers through a public name leads to the real position, its deal
    (which holds every hand and the stock) or any other position; the worlds a seat asks
    :meth:`View.world` for are new positions holding the cards given (that they hold
    nothing else of the real one, the test above checks: they compare equal in both
    worlds)."""
    players = max(preset.seat_counts)
    states, _ = _play(preset.rules, dl.deal(preset.rules, players, 4), random.Random(4))
    assert not hasattr(View(states[0], 0), "__dict__"), "a view keeps its fields in slots"
    for state in states[:: max(1, len(states) // 5)]:
        for seat in range(players):
            view = View(state, seat)
            shown = surface(view, keep=lambda value: value)
            for obj in _reachable({k: v for k, v in shown.items() if k not in _WORLDS}, set()):
                assert obj is not state and obj is not state.deal, (preset.id, seat, obj)
                assert not isinstance(obj, (*_POSITIONS, Deal)), (preset.id, seat, obj)
            for name in _WORLDS:
                for world in _reachable(shown[name], set()):
                    if isinstance(world, _POSITIONS):
                        assert world is not state and world.deal is not state.deal, name
