"""A search bot for hidden information: determinized Monte Carlo with an exact endgame.

The bot sees only its :class:`~durak_lessons.views.View`. For each iteration it deals the cards
it has not seen into one complete position consistent with the view
(:func:`~durak_lessons.sampling.determinize`), keeping away from each other hand the cards that
the public record of play says it does not hold: by the rules (a thrower skipped for want of a
card of the table's ranks holds none, D2) and under an opponent model
(:func:`~durak_lessons.sampling.infer`: a player who took could not cover, a player plays his
cheapest card, for as long as his play bears that out), picks one of its legal actions by UCB1
over the statistics gathered so far, plays that action in the sampled position and finishes the
deal with a fast greedy policy (a *rollout*), scoring 1 if it is not the fool, ½ for a draw and
0 if it is. After the budget it plays the action with the best average. Sampling a fresh world
every iteration averages over what it cannot see (perfect-information Monte Carlo, PIMC). In
two-player games of the подкидной / переводной family the greedy rollouts run on
:mod:`~durak_lessons.compact` positions: the same deal, action for action and random number for
random number, about twice as fast as on the engine's states; without transfers the rollout's
choice is read straight off the position's bitmasks (:func:`_fast_greedy`), without listing
every legal action first.

With two players and the stock empty nothing is hidden any more (the other hand is every card
not seen elsewhere; so too when the stock holds only the turned-up trump), and the bot asks the
exact :mod:`~durak_lessons.solver` for the actions that win (or draw); if the solver's node
budget runs out it goes on with Monte Carlo.  (Outside the подкидной / переводной family it asks
only about 16 cards or fewer in the two hands, :data:`ENGINE_SOLVER_CARDS`: the solver proves
no more within its budget there, and дураки во все карты deals the whole pack at once.)

It plays every Durak preset, sampling what each game hides and no more: in the blind game
(R14) its own cards as well as the others' hidden cards, and everybody's playouts pick blind,
as nobody there sees his own cards (the bot remembers where the cards it saw go into its row
lie, D28, and weighs picks from the places it knows nothing of as one choice: :func:`_alike`);
in свои козыри (R16) the playouts first name each player's strongest suit; in дураки с пар
the trump six exchanged for the turned-up trump (R19) stays under the stock; in the faithful
дорожный the face-down piles (D13) are dealt too, the chain games having a greedy playout of
their own.

The default budget counts iterations, not seconds, so a seed always gives the same move; a
second deterministic cap, ``max_steps``, bounds the work of one decision, the actions played in
all rollouts (weighed by what an action costs in that game: :data:`ENGINE_ACTION`) plus the
positions the solver searched, so early positions (long rollouts) cost about as much as late
ones, a big endgame the solver gives up on costs no more than any other decision, and a
decision takes about as long in Дурак простой, whose leads of pairs give many more legal
actions, as in подкидной.  ``time_limit`` (seconds) is available for interactive play.

>>> from durak_lessons import play, GreedyBot
>>> outcome, _ = play("podkidnoy", [SearchBot(iterations=30), GreedyBot()], seed=2)
>>> outcome.termination.value in ("fool", "draw")
True
"""

from __future__ import annotations

import inspect
import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from .actions import _COVER, PASS, TAKE, Action, Kind, name_trump
from .bots import blind_choice, exchange_now, lead_key, legal_actions_to_move
from .bout import _THROW, BoutState, Phase, _group_leads
from .cards import RANK_MASK, RANK_OF, card_cost
from .chain import ChainState
from .compact import Compact, Transitions, accepts, compact, mover, transitions
from .engine import GameState, checked_state
from .errors import check_seat
from .heuristic import throw_choice
from .outcome import Outcome
from .own_trumps import TrumpChoiceState, strongest_suit
from .rules import LeadShape
from .sampling import MODELS, Beliefs, determinize, infer, known_world
from .solver import SearchLimitError, Solver, gc_paused, is_solvable
from .views import View

__all__ = [
    "POLICIES",
    "Estimate",
    "SearchBot",
    "heuristic_rollout_action",
    "rollout",
    "rollout_action",
    "score",
]


@dataclass(frozen=True, slots=True, eq=False)
class Estimate:
    """One legal action's estimate: the chance of not being the fool (a draw counts ½), the
    iterations spent on it, and the solver's exact value (+1/0/-1) when it has one.  ``win``
    is NaN, with no visits, for a lead the bot did not weigh (more leads than its
    ``candidates``, and no exact value) and for the only legal action (nothing to weigh).

    Two estimates are equal when their fields are, a NaN ``win`` counting as equal to a NaN
    (neither action weighed), so that the same analysis twice compares equal whatever NaN
    object each holds, and on every Python (from 3.13 a dataclass compares its fields one by
    one, and NaN is not equal to itself)."""

    action: Action
    win: float
    visits: int
    exact: int | None = None

    def _key(self) -> tuple[Action, float | None, int, int | None]:
        return (self.action, None if math.isnan(self.win) else self.win, self.visits, self.exact)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Estimate):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())


def score(state: GameState, seat: int) -> float:
    """1 if ``seat`` is not among the losers of a finished deal, ½ for a draw, 0 if he lost."""
    outcome = checked_state(state).outcome
    check_seat(seat, state.n)
    if outcome is None:
        raise ValueError("score: the deal is not over yet, so it has no score (state.outcome)")
    return _score(outcome, seat)


def _score(outcome: Outcome | None, seat: int) -> float:
    """:func:`score` of a finished deal's outcome, unchecked (the rollouts' own)."""
    assert outcome is not None
    if outcome.draw:
        return 0.5
    if outcome.fool is not None:
        return 0.0 if outcome.fool == seat else 1.0
    return 0.0 if outcome.losing_team == seat % 2 else 1.0


def rollout_action(state: BoutState, rng: random.Random, actions: list[Action]) -> Action:
    """The rollout policy: a quick greedy player that sees only the mover's hand and the table.

    Leads its cheapest cards (all of a rank at once), covers with the cheapest card that beats
    (in переводной it transfers instead when the card it would pass on is cheaper than that)
    and takes when covering would cost a trump honour while many cards remain, throws in cheap
    plain cards, and once in ten decisions plays a random legal action (so rollouts from one
    world differ).  In the с пар games it exchanges the trump six for the turned-up trump at
    the first chance (R19), as GreedyBot does.
    """
    if len(actions) == 1:
        return actions[0]
    exchange = exchange_now(actions)
    if exchange is not None:
        return exchange
    mover = state.to_move
    assert mover is not None
    return _greedy(actions, rng, state.deal.trumps[mover], state.stock_count, state.taking)


def _greedy(
    actions: list[Action], rng: random.Random, trump: int, stock_count: int, taking: bool
) -> Action:
    """:func:`rollout_action`'s choice among two or more actions, from what it looks at: the
    mover's trump, the cards left in the stock and whether the defender has said "take"."""
    if rng.random() < 0.1:
        return actions[rng.randrange(len(actions))]
    kind = actions[0].kind
    if kind == Kind.LEAD:
        return min(actions, key=lambda a: (card_cost(a.cards[0], trump), -len(a.cards)))
    late = stock_count == 0
    best: Action | None = None
    best_key = 10**9
    take: Action | None = None
    pass_: Action | None = None
    for a in actions:
        k = a.kind
        if k == Kind.COVER:
            assert a.target is not None
            # the hardest attack card first, with the cheapest cover
            key = card_cost(a.card, trump) * 64 - card_cost(a.target, trump)
            if key < best_key:
                best, best_key = a, key
        elif k == Kind.TRANSFER:
            key = card_cost(a.card, trump) * 64 - 40
            if key < best_key:
                best, best_key = a, key
        elif k == Kind.THROW:
            c = a.card
            cost = card_cost(c, trump)
            if _throws(cost, late, taking):
                key = cost * 64
                if key < best_key:
                    best, best_key = a, key
        elif k == Kind.TAKE:
            take = a
        elif k == Kind.PASS:
            pass_ = a
    if best is not None:
        if best.kind == Kind.COVER and take is not None and _keeps_honour(
            card_cost(best.card, trump), stock_count
        ):
            return take  # keep a trump honour early in the deal
        return best
    if take is not None:
        return take
    if pass_ is not None:
        return pass_
    return actions[0]


def _keeps_honour(cost: int, stock_count: int) -> bool:
    """The greedy rollout takes rather than cover with a trump honour (a trump jack or above)
    while more than six cards are left in the stock."""
    return stock_count > 6 and cost >= 31


def _throws(cost: int, late: bool, taking: bool) -> bool:
    """The greedy rollout throws in a plain card of rank 10 or below, or any plain card once
    the stock is empty or the defender has said "take"."""
    return (cost <= 10 or late or taking) and cost < 20


def _can_cover_all(state: BoutState, uncovered: list[int], hand: int, who: int) -> bool:
    """Can ``who`` cover every card of ``uncovered`` with distinct cards of ``hand``?"""
    options = []
    for a in uncovered:
        m = hand & state._beat[who][a]
        if not m:
            return False
        options.append(m)
    if len(options) == 1:
        return True
    options.sort(key=int.bit_count)

    def match(i: int, used: int) -> bool:
        if i == len(options):
            return True
        m = options[i] & ~used
        while m:
            low = m & -m
            if match(i + 1, used | low):
                return True
            m ^= low
        return False

    return match(0, 0)


def heuristic_rollout_action(state: BoutState, rng: random.Random, actions: list[Action]) -> Action:
    """An alternative rollout policy: :class:`~durak_lessons.heuristic.HeuristicBot`'s rules of
    thumb played in the sampled world (where every card is placed).

    Leads the cheapest cards, all of a rank at once, and with the stock empty a lead the
    defender cannot beat first; defends only when every attack card can be covered (else takes
    at once), keeping a trump honour while the stock is thick; throws in cheap plain cards
    (first a card the defender cannot beat, a dear one such as a trump only once the stock is
    empty; more freely once the stock is empty or the defender takes); once in twenty
    decisions a random legal action.

    Measured weaker as a rollout policy than :func:`rollout_action` (2-player подкидной against
    GreedyBot, the same 100 duplicate deal pairs, 300 iterations: 78.0 % against 84.5 %,
    December 2026), so it is not the default; kept for experiments
    (``SearchBot(policy="heuristic")``).
    """
    if len(actions) == 1:
        return actions[0]
    if rng.random() < 0.05:
        return actions[rng.randrange(len(actions))]
    mover = state.to_move
    assert mover is not None
    trump = state.deal.trumps[mover]
    late = state.stock_count == 0
    kind = actions[0].kind
    defender = state.controller(state.defender)
    beat = state._beat[defender]
    if kind == Kind.LEAD:
        enemy = state.hand_mask(defender)

        def sure_first(a: Action) -> tuple[int, int, int]:
            worst = max(card_cost(c, trump) for c in a.cards)
            sure = late and not any(enemy & beat[c] for c in a.cards)
            return (0 if sure else 1, worst, -len(a.cards))

        return min(actions, key=sure_first)
    if mover == defender:
        # no "take" while he can cover a card under must_cover (R19 option): he covers
        take = next((a for a in actions if a.kind == Kind.TAKE), None)
        cheap_transfer: Action | None = None
        covers: list[Action] = []
        for a in actions:
            if a.kind == Kind.COVER:
                covers.append(a)
            elif (
                a.kind == Kind.TRANSFER
                and card_cost(a.card, trump) < 20
                and (
                    cheap_transfer is None
                    or card_cost(a.card, trump) < card_cost(cheap_transfer.card, trump)
                )
            ):
                cheap_transfer = a
        uncovered = [int(a) for a, c in state.table if c is None]
        if not covers or not _can_cover_all(state, uncovered, state.hand_mask(mover), mover):
            fallback = cheap_transfer or take
            if fallback is not None or not covers:
                return fallback or actions[-1]
        best = min(
            covers,
            key=lambda a: (-card_cost(a.target or a.card, trump), card_cost(a.card, trump)),
        )
        dear = card_cost(best.card, trump)
        if cheap_transfer is not None and dear >= 20:
            return cheap_transfer
        if (
            take is not None
            and not late
            and state.stock_count > 8
            and dear >= 32
            and sum(card_cost(a, trump) for a in uncovered) < 12 * len(uncovered)
            and state.hand_mask(mover).bit_count() < 8
        ):
            return take
        return best
    pass_ = next((a for a in actions if a.kind == Kind.PASS), None)
    throws = [a for a in actions if a.kind == Kind.THROW]
    if not throws:
        return pass_ or actions[-1]
    enemy = state.hand_mask(defender)
    choice = throw_choice(
        throws,
        trump,
        lambda c: not enemy & beat[c],
        late=late,
        taking=state.taking,
        must=pass_ is None,
    )
    if choice is not None:
        return choice
    assert pass_ is not None  # throw_choice passes only where a pass is allowed
    return pass_


Policy = Callable[[BoutState, random.Random, list[Action]], Action]


#: rollout policies by name (``SearchBot(policy=...)``)
POLICIES: dict[str, Policy] = {
    "heuristic": heuristic_rollout_action,
    "greedy": rollout_action,
}


#: The work of a playout, counted against :class:`SearchBot`'s ``max_steps``, in actions
#: played, each counting one, except where a lead may be any of many sets of cards (every
#: lead shape but one card or one rank, :data:`_SHAPED`: sets of pairs and odd cards in Дурак
#: простой, пятки, дураки с пар, английские дураки; any cards under ``lead_shape=any``).
#: There a hand offers many more leads and every action costs more (per action, one process:
#: Дурак простой 43 µs with 17 legal actions on average, пятки 39 µs with 15, дураки с пар
#: 18 µs with 6, английские дураки 20 µs with 3; подкидной 4 µs on compact positions, 10 µs
#: on the engine's states with 5, the diamonds game 10 µs), so an action there counts
#: ``ENGINE_ACTION`` plus one for every ``ENGINE_CHOICES`` legal actions it was chosen from.
#: Without it one decision of пятки took up to 4.4 s where one of подкидной takes 0.5 s.  The
#: other games keep one per action, the budget their measured figures were played with.
ENGINE_ACTION: Final = 2
ENGINE_CHOICES: Final = 4
_SHAPED: Final = frozenset(LeadShape) - {LeadShape.SAME_RANK, LeadShape.SINGLE}


#: The most cards in the two hands for which :class:`SearchBot` asks the solver on the
#: engine's states (the games outside the подкидной / переводной family, searched without
#: :mod:`~durak_lessons.compact`).  Only дураки во все карты, where the whole pack is dealt to
#: two players and nothing is hidden from the first lead, asks it about more; there, over the
#: positions of 6 games between GreedyBots, the solver proved 1 of 6 with 16 cards and none of
#: the 120 with 17 to 36 at 20,000 positions (about 0.6 s each), none of 24 with 17 to 22 at
#: 200,000 (about 8 s each; a hint now gives it 50,000 there: see
#: :data:`~durak_lessons.analysis.ENGINE_NODE_COST`).  In 14 other rule sets (30 deals
#: between GreedyBots each) none of the 4,146 endgames the solver would have been asked about
#: held more than 16 cards.
ENGINE_SOLVER_CARDS: Final = 16

#: Where a hand offers more leads than :class:`SearchBot` can weigh (its ``candidates``, by
#: default one for every ``ITERATIONS_A_CANDIDATE`` iterations but never fewer than
#: ``MIN_CANDIDATES``), it weighs the cheapest of them only, in
#: :func:`~durak_lessons.bots.lead_key`'s order (GreedyBot's).
ITERATIONS_A_CANDIDATE: Final = 8
MIN_CANDIDATES: Final = 32


def rollout(
    state: GameState,
    seat: int,
    rng: random.Random,
    max_actions: int = 2000,
    policy: Policy = rollout_action,
) -> float:
    """Finish a sampled deal with ``policy`` for everybody; ``seat``'s score."""
    return _rollout(state, seat, rng, max_actions, policy)[0]


def _rollout(
    state: GameState, seat: int, rng: random.Random, max_actions: int, policy: Policy
) -> tuple[float, int]:
    """``seat``'s score and the work done (the actions played, weighed as
    :data:`ENGINE_ACTION` says).  In the blind game (R14) every player picks as
    :func:`~durak_lessons.bots.blind_choice` does, whatever ``policy``: no player sees his own
    cards, and a policy that read them would play as nobody can.  Before the first lead of
    свои козыри (R16) each player names the suit
    :func:`~durak_lessons.own_trumps.strongest_suit` picks for his hand; the chain games have
    a greedy playout of their own (:func:`_chain_rollout`)."""
    named = 0
    while isinstance(state, TrumpChoiceState):  # свои козыри: each names his trump (R16)
        hand = state.hand_mask(state.to_move)
        suit = strongest_suit(hand, state.allowed())
        state = state.apply(name_trump(suit))
        named += 1
    if isinstance(state, ChainState):
        return _chain_rollout(state, seat, rng, max_actions)
    if isinstance(state, BoutState) and state.rules.blind:
        policy = _blind_policy
    elif (
        policy is rollout_action
        and isinstance(state, BoutState)
        and not state.is_over
        and accepts(state)
    ):  # the same deal played on compact positions, about twice as fast
        value, n = _compact_rollout(state, seat, rng, max_actions - named)
        return value, n + named
    s = state
    weighed = state.rules.lead_shape in _SHAPED
    work = named
    for _ in range(named, max_actions):
        if s.is_over:
            return _score(s.outcome, seat), work
        assert isinstance(s, BoutState)
        actions = s.legal_actions()
        work += ENGINE_ACTION + len(actions) // ENGINE_CHOICES if weighed else 1
        s = s.apply(policy(s, rng, actions))
    return 0.5, work


def _chain_rollout(
    state: ChainState, seat: int, rng: random.Random, max_actions: int
) -> tuple[float, int]:
    """:func:`_rollout` in the chain games: everybody leads his cheapest card and beats with
    the cheapest card that can, else turns the top card of his pile (the faithful дорожный),
    else takes; once in ten decisions a random legal action, as in :func:`_greedy`."""
    s = state
    trumps = state.deal.trumps
    for n in range(max_actions):
        if s.is_over:
            return _score(s.outcome, seat), n
        actions = s.legal_actions()
        mover = s.to_move
        assert mover is not None
        if len(actions) == 1:
            s = s.apply(actions[0])
        elif rng.random() < 0.1:
            s = s.apply(actions[rng.randrange(len(actions))])
        else:
            trump = trumps[mover]
            cards = [a for a in actions if a.kind == Kind.LEAD or a.kind == Kind.BEAT]
            if cards:
                s = s.apply(min(cards, key=lambda a: (card_cost(a.card, trump), a.card)))
            else:
                s = s.apply(min(actions, key=lambda a: a.kind != Kind.FLIP))
    return 0.5, max_actions


def _blind_policy(state: BoutState, rng: random.Random, actions: list[Action]) -> Action:
    return blind_choice(actions, state.phase, rng)


def _compact_rollout(
    state: BoutState, seat: int, rng: random.Random, max_actions: int
) -> tuple[float, int]:
    """:func:`_rollout` with :func:`rollout_action` on :mod:`~durak_lessons.compact`
    positions: the same actions, the same random numbers drawn, the same result."""
    return _playout(transitions(state), compact(state), seat, rng, max_actions)


def _playout(
    t: Transitions, p: Compact | None, seat: int, rng: random.Random, max_actions: int
) -> tuple[float, int]:
    """:func:`_compact_rollout` from the compact position ``p``."""
    trumps = t.trumps
    legal, child = t.legal, t.child
    fast = not t.transfers
    for n in range(max_actions):
        assert p is not None
        m = mover(p)
        if fast:
            a = _fast_greedy(t, p, rng, trumps[m])
        else:
            actions = legal(p)
            if len(actions) == 1:
                a = actions[0]
            else:
                a = _greedy(actions, rng, trumps[m], len(p[11]), p[6])
        p, value = child(p, a)
        if p is None:
            if n + 1 == max_actions:
                break  # as in the engine's loop: the end is seen one step later
            if value == 0:
                return 0.5, n + 1
            return (1.0 if (value == 1) == (seat == 0) else 0.0), n + 1
    return 0.5, max_actions


#: :func:`~durak_lessons.cards.card_cost` of every card number by trump suit (index -1: none)
_COSTS: Final = [[card_cost(c, trump) for c in range(52)] for trump in (0, 1, 2, 3, -1)]
#: :func:`_greedy`'s lead from one rank group, by (group, limit, trump)
_GROUP_LEAD: dict[tuple[int, int, int], Action] = {}


def _any_action(t: Transitions, p: Compact, rng: random.Random) -> Action:
    """The rollout's random tenth: any legal action, as :func:`_greedy` draws it."""
    actions = t.legal(p)
    return actions[rng.randrange(len(actions))]


def _fast_greedy(t: Transitions, p: Compact, rng: random.Random, trump: int) -> Action:
    """:func:`rollout_action` on a compact position of a game without transfers, read off the
    position's masks instead of a list of every legal action (built only for the random
    tenth): the same action and the same random numbers drawn as ``_greedy(t.legal(p), ...)``.
    """
    h0, h1, attacks, covers, leader, phase, taking, limit, _, _, ranks, stock = p
    cost = _COSTS[trump]
    if phase == Phase.LEAD:
        hand = h1 if leader else h0
        if not hand & (hand - 1):  # one card, one lead
            return _group_leads(hand, limit)[0]
        if rng.random() < 0.1:
            return _any_action(t, p, rng)
        # every lead of the cheapest card's rank group costs less than any other lead: the
        # lowest plain rank, else (trumps only) the lowest trump
        plain = hand & ~(0x1FFF << 13 * trump) if trump >= 0 else hand
        if plain:
            low = (plain | plain >> 13 | plain >> 26 | plain >> 39) & 0x1FFF
            group = hand & RANK_MASK[(low & -low).bit_length() + 1]
        else:
            group = hand & RANK_MASK[RANK_OF[(hand & -hand).bit_length() - 1]]
        ident = (group, limit, trump)
        best = _GROUP_LEAD.get(ident)
        if best is None:
            if len(_GROUP_LEAD) > 100_000:
                _GROUP_LEAD.clear()
            best = _GROUP_LEAD[ident] = min(
                _group_leads(group, limit), key=lambda a: (cost[a.cards[0]], -len(a.cards))
            )
        return best
    late = not stock
    chosen: Action | None = None
    best_key = 10**9
    if phase == Phase.DEFEND:
        hand = h0 if leader else h1
        beat = t.beat[1 - leader]
        count = 1  # "take"
        for a, c in zip(attacks, covers, strict=True):
            if c >= 0:
                continue
            m = hand & beat[a]
            count += m.bit_count()
            while m:
                low = m & -m
                card = low.bit_length() - 1
                m ^= low
                key = cost[card] * 64 - cost[a]
                if key < best_key:
                    chosen, best_key = _COVER[a][card], key
        if count == 1:
            return TAKE
        if rng.random() < 0.1:
            return _any_action(t, p, rng)
        if chosen is None or _keeps_honour(cost[chosen.cards[0]], len(stock)):
            return TAKE  # nothing covers, or keep a trump honour early in the deal
        return chosen
    # the throw-in turn (the leader throws in)
    m = (h1 if leader else h0) & ranks if len(attacks) < limit else 0
    if not m:
        return PASS
    if rng.random() < 0.1:
        return _any_action(t, p, rng)
    while m:
        low = m & -m
        card = low.bit_length() - 1
        m ^= low
        c = cost[card]
        if _throws(c, late, taking) and c * 64 < best_key:
            chosen, best_key = _THROW[card], c * 64
    return chosen or PASS


def _alike(view: View, actions: list[Action]) -> list[list[Action]]:
    """``actions`` in classes that ``view``'s seat cannot tell apart, in the order of their
    first actions: in the blind game (R14), the picks of places in its row it knows nothing
    of (:attr:`~durak_lessons.views.View.remembered_row`) for one purpose (a lead or a
    throw-in, a transfer, a cover of one attack card) are one class, as every sampled world
    puts any of its unseen cards in any of those places alike; every other action is a class
    of its own.  Weighing each place apart spread the rollouts over places whose estimates
    differed by chance alone, and the best of those chance estimates beat "pass" or "take":
    the bot tried throw-ins that failed six times in seven, and it took the table for them
    (R14)."""
    row = view.remembered_row
    if row is None:
        return [[a] for a in actions]
    classes: dict[object, list[Action]] = {}
    for a in actions:
        key: object = a
        if a.kind == Kind.PICK and row[a.position] is None:
            key = (Kind.PICK, a.target)
        classes.setdefault(key, []).append(a)
    return list(classes.values())


class _Node:
    """A node of :meth:`SearchBot._tree_search`'s tree: the statistics of the action that
    leads to it (for the seat that chose it) and how often that action was legal."""

    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.total = 0.0
        self.visits = 0
        self.avail = 0


def _check_count(option: str, value: object, least: int) -> None:
    """A bot's option that is a whole number, ``least`` or more."""
    if type(value) is not int or value < least:
        raise ValueError(f"{option}: a whole number, {least} or more; got {value!r}")


def _check_number(option: str, number: object) -> None:
    """A bot's option that is a number, 0 or more (not NaN)."""
    if not (isinstance(number, int | float) and not isinstance(number, bool) and number >= 0):
        raise ValueError(f"{option}: a number, 0 or more; got {number!r}")


class SearchBot:
    """Determinized Monte Carlo search (UCB1 over the bot's actions, a fresh sampled world per
    iteration, greedy rollouts) with the exact solver once two players are left with the stock
    empty.

    ``iterations``: rollouts per decision; ``exploration``: the UCB1 constant;
    ``solver_nodes``: the solver's node budget per decision (0: never use it);
    ``max_steps``: a cap on the work of one decision, the actions played in all rollouts
    (weighed by their cost, :data:`ENGINE_ACTION`) plus the positions the solver searched,
    so positions with long rollouts and many legal actions cost about as much as short ones;
    each action weighed gets one rollout before the cap may stop the search;
    deterministic, unlike ``time_limit`` (0: no cap);
    ``candidates``: the most leads weighed at one decision (default: one for every
    ``ITERATIONS_A_CANDIDATE`` iterations, at least ``MIN_CANDIDATES``: 150 with the default
    1,200 iterations).  Where a hand offers more leads (the first lead of дураки во все карты
    offers up to some 1,250, from 18 cards), the bot weighs only the cheapest of them
    (in GreedyBot's order, :func:`~durak_lessons.bots.lead_key`) and gives the others no
    estimate (``Estimate.win`` NaN, no visits).  Weighing all of them gave each one
    rollout, or none: the move was close to a random choice among the leads whose one
    rollout was won.  Against the bot that weighs
    every lead, in дураки во все карты: 62.9 % (54.0-71.0 %; 73 won, 5 drawn, 42 lost of 120
    games: ``python -m durak_lessons.tournament search search:candidates=100000 --rules
    s-par-all-cards --deals 60 --seed 12``);
    ``policy``: the rollout policy, ``"heuristic"`` (:func:`heuristic_rollout_action`) or
    ``"greedy"`` (:func:`rollout_action`);
    ``time_limit``: stop early after this many seconds (makes play depend on the machine's
    speed; ``None`` keeps it reproducible);
    ``tree``: information-set Monte Carlo tree search below the decision instead of flat
    Monte Carlo (:meth:`_tree_search`; its rollouts are always greedy, so only
    ``policy="greedy"`` goes with it).  Measured weaker, so not the default: against GreedyBot
    on the same 120 duplicate deal pairs (seed 7), 76.2 % (70.5-81.2 %) against 87.9 %
    (83.2-91.5 %) for the flat search with the same budget (600 iterations then); the tree
    spreads the budget over the replies of an opponent whose hand changes from one sampled
    world to the next;
    ``inference``: the opponent model the sampled worlds follow (:func:`~durak_lessons.
    sampling.infer`): ``"cheap"`` (a player who takes could not cover, one who leads or covers
    plays his cheapest card; dropped for a player as soon as the record of play shows he does
    not), ``"takes"`` (only the first) or ``"none"`` (no assumption: only what the rules make
    public, D2).  The model fits GreedyBot exactly; against HeuristicBot, which does not
    always play its cheapest card, it costs (the same 60 duplicate deal pairs, seed 2026,
    with the D2 facts kept: 84.2 % with ``"cheap"``, 87.9 % with ``"none"``; before them,
    80.0 % and 86.7 %).

    The defaults, on the same 120 duplicate deal pairs against GreedyBot (seed 7, ``python -m
    durak_lessons.tournament search:... greedy --deals 120 --seed 7``): 600 iterations and
    ``max_steps`` 30,000 with no model 87.9 % (204 wins, 14 draws, 22 losses of 240 games);
    the model ``"takes"`` alone 87.7 % (204/13/23), ``"cheap"`` 89.0 % (203/21/16); 1,200
    iterations and 60,000 steps with no model 91.2 % (212/14/14), with ``"cheap"`` (the
    defaults) 92.9 % (220/6/14).

    Measured with the defaults (2-player подкидной, ``python benchmarks/bots.py target --deals
    500``, two games at a time on the machine's two cores), since the sampled worlds keep what
    the rules make public (D2, session 30): against GreedyBot 91.2 % (95 % CI 89.3-92.8 %; 894
    wins, 36 draws, 70 losses of 1,000 games; wins alone 89.4 %, 87.3-91.2 %), the slowest
    decision 0.92 s in the tournament (other work shared the cores for a few minutes), 0.31 s
    when that game is played again alone; against RandomBot 99.8 % (99.2-99.9 %; 997 wins, 1
    draw, 2 losses), the slowest decision 1.79 s in the tournament (a clean-clone test run
    shared the cores for its middle third), 0.35 s when its game is played again alone.
    Before (the worlds could give a skipped thrower a card he had shown he lacked): 90.3 %
    (877 wins, 53 draws, 70 losses) and 99.6 % (996 wins, 4 losses) on the same deals; 0.150 s
    a decision on average and 0.317 s at most (``timing --deals 6``, 257 decisions).
    """

    def __init__(
        self,
        iterations: int = 1200,
        *,
        exploration: float = 0.6,
        solver_nodes: int = 20_000,
        max_steps: int = 60_000,
        policy: str = "greedy",
        time_limit: float | None = None,
        tree: bool = False,
        inference: str = "cheap",
        candidates: int | None = None,
        name: str | None = None,
    ) -> None:
        _check_count("iterations", iterations, 1)
        if candidates is not None:
            _check_count("candidates", candidates, 1)
        _check_count("max_steps", max_steps, 0)
        _check_count("solver_nodes", solver_nodes, 0)  # 0: never use it
        _check_number("exploration", exploration)
        if type(tree) is not bool:
            raise ValueError(f"tree: True or False; got {tree!r}")
        if name is not None and not isinstance(name, str):
            raise ValueError(f"name: a string (or None for search<iterations>); got {name!r}")
        if time_limit is not None:
            _check_number("time_limit", time_limit)
        if inference not in MODELS:
            raise ValueError(
                f"unknown opponent model {inference!r}; models: {', '.join(MODELS)}"
            )
        if policy not in POLICIES:
            raise ValueError(f"unknown rollout policy {policy!r}; policies: {', '.join(POLICIES)}")
        if tree and policy != "greedy":
            raise ValueError(
                f"the tree search rolls out with the greedy policy on compact positions only;"
                f" policy={policy!r} works with the flat search (tree=False)"
            )
        self.max_steps = max_steps
        self.policy = policy
        self._policy = POLICIES[policy]
        self.iterations = iterations
        self.exploration = exploration
        self.solver_nodes = solver_nodes
        self.time_limit = time_limit
        self.tree = tree
        self.inference = inference
        self.candidates = (
            max(MIN_CANDIDATES, iterations // ITERATIONS_A_CANDIDATE)
            if candidates is None
            else candidates
        )
        self.name = name or f"search{iterations}"
        self._given = {"candidates": candidates, "name": name}

    def __repr__(self) -> str:
        """The constructor call with the options that differ from the defaults:
        ``SearchBot(iterations=50, max_steps=2000)`` (``candidates`` and ``name`` only when
        they were given: by default they follow from ``iterations``)."""
        shown = []
        for key, param in inspect.signature(SearchBot.__init__).parameters.items():
            if key == "self":
                continue
            value = self._given[key] if key in self._given else getattr(self, key)
            if value is not None and value != param.default:
                shown.append(f"{key}={value!r}")
        return f"{type(self).__name__}({', '.join(shown)})"

    def choose(self, view: View, rng: random.Random) -> Action:
        """The action with the best estimate (:meth:`analyse`); the only legal one at once."""
        actions = legal_actions_to_move(view, rng)
        if len(actions) == 1:
            return actions[0]
        return self.analyse(view, rng)[0].action

    # ---- the search ------------------------------------------------------------------------
    def analyse(self, view: View, rng: random.Random) -> list[Estimate]:
        """Every legal action with its estimate, the action the bot would play first."""
        actions = legal_actions_to_move(view, rng)  # IllegalActionError out of turn, as every bot
        if len(actions) == 1:
            return [Estimate(actions[0], math.nan, 0)]
        with gc_paused():  # rollouts and the solver allocate no cycles: see gc_paused
            return self._analyse(view, rng, actions)

    def _analyse(self, view: View, rng: random.Random, actions: list[Action]) -> list[Estimate]:
        exact, spent = self._solve(view, rng)
        if exact is not None:
            best = max(exact.values())
            # every action that keeps the best result, Monte Carlo breaking the tie; when
            # perfect play loses anyway, every action (make the opponent find the win)
            candidates = [a for a in actions if exact[a] == best] if best > -1 else actions
            if len(candidates) == 1:
                return self._ranked(actions, {}, exact, first=candidates[0])
            stats = self._monte_carlo(view, rng, candidates, spent)
            return self._ranked(actions, stats, exact)
        stats = self._monte_carlo(view, rng, actions, spent)
        return self._ranked(actions, stats, None)

    def _solve(self, view: View, rng: random.Random) -> tuple[dict[Action, int] | None, int]:
        """The solver's exact values (``None`` if it gave up, or if something is hidden) and
        the positions it searched."""
        if not self.solver_nodes:
            return None, 0
        world = known_world(view)  # the only world there is: nothing is hidden
        if world is None or not is_solvable(world, known_stock=True):
            return None, 0
        if not accepts(world) and sum(world.hand_sizes) > ENGINE_SOLVER_CARDS:
            return None, 0  # more than the solver proves on the engine's states
        solver = Solver(self.solver_nodes)
        try:
            verdict = solver.solve(world, known_stock=True)
        except SearchLimitError:
            return None, solver.nodes
        return dict(verdict.values), solver.nodes

    def _monte_carlo(
        self, view: View, rng: random.Random, actions: list[Action], spent: int = 0
    ) -> dict[Action, tuple[float, int]]:
        """UCB1 over ``actions``; ``spent``: the positions the solver has already searched in
        this decision, counted against ``max_steps`` like the actions of the rollouts."""
        actions = self._weighed(view, actions)
        beliefs = infer(view, self.inference)
        if self.tree:
            world = determinize(view, rng, beliefs)
            if isinstance(world, BoutState) and accepts(world):
                return self._tree_search(view, rng, actions, spent, beliefs)
        classes = _alike(view, actions)  # one of each class weighed, for all of it
        weighed = self._flat(view, rng, [c[0] for c in classes], spent, beliefs)
        return {a: weighed[c[0]] for c in classes if c[0] in weighed for a in c}

    def _flat(
        self,
        view: View,
        rng: random.Random,
        actions: list[Action],
        spent: int,
        beliefs: Beliefs | None,
    ) -> dict[Action, tuple[float, int]]:
        """Flat Monte Carlo: UCB1 over ``actions`` at the root, a fresh world each iteration,
        a rollout after the action."""
        k = len(actions)
        totals = [0.0] * k
        visits = [0] * k
        seat = view.seat
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        c = self.exploration
        policy = self._policy
        max_steps = self.max_steps
        steps = spent
        for it in range(self.iterations):
            if it < k:
                i = it
            else:
                log_n = math.log(it)
                i = max(
                    range(k),
                    key=lambda j: totals[j] / visits[j] + c * math.sqrt(log_n / visits[j]),
                )
            world = determinize(view, rng, beliefs)
            value, n = _rollout(world.apply(actions[i]), seat, rng, 2000, policy)
            totals[i] += value
            visits[i] += 1
            steps += n + 1
            if it + 1 >= k and (
                (max_steps and steps >= max_steps)
                or (deadline is not None and time.perf_counter() > deadline)
            ):
                break
        return {a: (totals[j] / visits[j], visits[j]) for j, a in enumerate(actions) if visits[j]}

    def _weighed(self, view: View, actions: list[Action]) -> list[Action]:
        """The actions the Monte Carlo search weighs: all of them, or, where there are more
        than :attr:`candidates`, that many leads, the cheapest first
        (:func:`~durak_lessons.bots.lead_key`)."""
        limit = self.candidates
        if len(actions) <= limit or actions[0].kind != Kind.LEAD:
            return actions
        return sorted(actions, key=lambda a: lead_key(view, a))[:limit]

    def _tree_search(
        self,
        view: View,
        rng: random.Random,
        actions: list[Action],
        spent: int,
        beliefs: Beliefs | None = None,
    ) -> dict[Action, tuple[float, int]]:
        """Information-set Monte Carlo tree search (one tree for the bot's information: a
        node is the public sequence of actions from the decision, a fresh world each
        iteration, and an action's UCB1 counts the iterations in which it was legal), on
        compact positions; greedy rollouts below the tree.  The same budget as
        :meth:`_monte_carlo` (``iterations``, ``max_steps``, ``time_limit``)."""
        root = _Node()
        c = self.exploration
        max_steps = self.max_steps
        steps = spent
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        log, sqrt = math.log, math.sqrt
        k = len(actions)
        for it in range(self.iterations):
            world = determinize(view, rng, beliefs)
            assert isinstance(world, BoutState)  # accepted by _monte_carlo, as every world is
            t = transitions(world)
            p: Compact | None = compact(world)
            node = root
            path: list[tuple[_Node, int]] = []
            value = 0
            depth = 0
            while True:
                assert p is not None
                acts = actions if node is root else t.legal(p)
                m = mover(p)
                children = node.children
                a: Action | None = None
                grown = False
                for b in acts:
                    ch = children.get(b)
                    if ch is None:
                        if not grown:
                            a, grown = b, True  # the first action never tried here
                    else:
                        ch.avail += 1
                if not grown:
                    best = -1.0
                    for b in acts:
                        ch = children[b]
                        u = ch.total / ch.visits + c * sqrt(log(ch.avail) / ch.visits)
                        if u > best:
                            a, best = b, u
                assert a is not None
                nxt = children.get(a)
                if nxt is None:
                    nxt = children[a] = _Node()
                    nxt.avail = 1
                path.append((nxt, m))
                node = nxt
                p, value = t.child(p, a)
                depth += 1
                if p is None or grown:
                    break
            if p is None:
                first, n = (0.5 if value == 0 else 1.0 if value == 1 else 0.0), 0
            else:
                first, n = _playout(t, p, 0, rng, 2000)
            for nd, m in path:  # each node scores for the seat that chose its action
                nd.visits += 1
                nd.total += first if m == 0 else 1.0 - first
            steps += depth + n
            if it + 1 >= k and (
                (max_steps and steps >= max_steps)
                or (deadline is not None and time.perf_counter() > deadline)
            ):
                break
        return {
            a: (ch.total / ch.visits, ch.visits)
            for a, ch in root.children.items()
            if ch.visits
        }

    @staticmethod
    def _ranked(
        actions: list[Action],
        stats: dict[Action, tuple[float, int]],
        exact: dict[Action, int] | None,
        first: Action | None = None,
    ) -> list[Estimate]:
        out = []
        for a in actions:
            win, n = stats.get(a, (math.nan, 0))
            value = exact[a] if exact is not None else None
            if value is not None and a not in stats:
                win = (value + 1) / 2
            out.append(Estimate(a, win, n, value))

        def key(e: Estimate) -> tuple[int, int, float, int]:
            return (
                0 if e.action == first else 1,
                -(e.exact if e.exact is not None else 0),
                -(e.win if not math.isnan(e.win) else -1.0),
                -e.visits,
            )

        out.sort(key=key)
        return out
