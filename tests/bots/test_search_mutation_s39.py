"""The search bot, pinned where session 39's mutation run of durak_lessons/search.py found
nothing that would fail: the compact fast path of the greedy playout choosing exactly what
the greedy policy chooses (2s in play in the 52-card pack, a cover by the trump 2, two
attack cards of different worth), a transfer against a cover in the playouts of переводной,
the suits the playouts name in свои козыри (R16), the blind game's playouts and the choices
the bot cannot tell apart there (R14), the solver's budget where the solver is not asked,
the playouts of the chain games, the tree search's scores, budget and sampled worlds, and
the heuristic playout (which attack cards a hand can cover at once, leads, trump honours,
throw-ins, transfers, must_cover)."""

from __future__ import annotations

import math
import random

import pytest

from durak_lessons import Deal, Rules, View, apply, find_preset, initial_state
from durak_lessons.actions import Action, Kind
from durak_lessons.bots import blind_choice
from durak_lessons.bout import BoutState
from durak_lessons.cards import Card, card_cost, card_mask, parse_cards
from durak_lessons.chain import ChainState
from durak_lessons.compact import accepts, compact, mover, transitions
from durak_lessons.engine import GameState
from durak_lessons.search import (
    SearchBot,
    _can_cover_all,
    _fast_greedy,
    _rollout,
    rollout,
    rollout_action,
    score,
)

#: the 52-card pack, where the 2s (card numbers 0, 13, 26, 39) are in play
PACK52 = "podkidnoy(deck_size=52)"


def _position(rules: str, hands: list[str], trump: str, played: str = "") -> BoutState:
    """A two-player deal written out (seat 0 leads, the stock empty), after ``played``."""
    state = initial_state(rules, Deal.from_hands(hands, trump=trump, leader=0))
    for action in played.split():
        state = apply(state, action)
    assert isinstance(state, BoutState)
    return state


def _fast_and_greedy(state: BoutState, seed: int) -> tuple[str, str]:
    """The compact fast path's choice and :func:`rollout_action`'s from one seed; the two
    must also draw the same random numbers (the next one drawn is compared)."""
    assert accepts(state) and not state.rules.transfers
    slow, fast = random.Random(seed), random.Random(seed)
    greedy = rollout_action(state, slow, list(state.legal_actions()))
    t = transitions(state)
    p = compact(state)
    quick = _fast_greedy(t, p, fast, t.trumps[mover(p)])
    assert fast.random() == slow.random(), "a different number of random draws"
    return str(quick), str(greedy)


def _greedy_choice(state: BoutState) -> set[str]:
    """Both paths' choice for every seed of 0..19 whose first number is not the playout's
    random tenth (below 0.1); they must agree for all 20 seeds."""
    chosen = set()
    for seed in range(20):
        quick, greedy = _fast_and_greedy(state, seed)
        assert quick == greedy, (seed, quick, greedy)
        if random.Random(seed).random() >= 0.1:
            chosen.add(greedy)
    return chosen


# ---- the compact fast path chooses what the greedy policy chooses -------------------------


def test_the_fast_path_leads_a_lone_two_of_spades_without_drawing_a_number() -> None:
    """52-card pack: seat 0's last card is 2♠ (card number 0).  One card, one lead: the
    playout leads it at once, drawing no random number, on either path."""
    state = _position(PACK52, ["2S", "3S 4C"], "H")
    assert [str(a) for a in state.legal_actions()] == ["L2S"]
    assert _greedy_choice(state) == {"L2S"}


@pytest.mark.parametrize("trump", ["C", "D", "H"])
def test_the_fast_path_keeps_the_trump_two_and_leads_the_cheapest_plain_card(trump: str) -> None:
    """52-card pack: seat 0 holds the 2 and 3 of trumps, 5♠ and 9 of another plain suit.  The
    greedy playout leads its cheapest card, and every trump is dearer than every plain card:
    5♠, not the trump 2 (whatever the trump suit's place in the card numbers)."""
    plain = "9D" if trump != "D" else "9C"
    hands = [f"2{trump} 3{trump} 5S {plain}", "4S 6C"]
    assert _greedy_choice(_position(PACK52, hands, trump)) == {"L5S"}


def test_the_fast_path_covers_the_card_thrown_in_not_the_one_the_trump_two_covered() -> None:
    """52-card pack, spades trumps: seat 1 covers 5♣ with 2♠ (card number 0) and seat 0
    throws in 5♦.  Only 5♦ is left to cover: the playout covers it with 3♠, its cheapest card
    that beats it (8♥ does not)."""
    state = _position(PACK52, ["5C 5D 9H", "2S 3S 8H"], "S", "L5C C5C2S T5D")
    assert [str(a) for a in state.legal_actions()] == ["C5D3S", "take"]
    assert _greedy_choice(state) == {"C5D3S"}


def test_the_fast_path_covers_the_harder_of_two_attack_cards_first() -> None:
    """Hearts trumps: seat 0 leads 6♠ 6♥; 7♥ beats both.  The greedy playout covers the
    harder card, the trump six, first."""
    state = _position("podkidnoy", ["6S 6H 8C", "7H 9D"], "H", "L6S6H")
    assert [str(a) for a in state.legal_actions()] == ["C6S7H", "C6H7H", "take"]
    assert _greedy_choice(state) == {"C6H7H"}


@pytest.mark.parametrize(
    ("rules", "hands", "trump"),
    [
        (PACK52, ["2S 2C 3H 5S 5D 9H", "2D 3S 4S 4C 8H KD"], "S"),
        (PACK52, ["2H 3H 4C 4D 5S 6D", "2S 2C 3C 3D 7H QS"], "H"),
        (PACK52, ["2C 3C 7C 4D 4H 5S", "2D 2H 3D 5C 6S AS"], "C"),
        ("podkidnoy", ["6S 6H 7C 8D 9D JH", "7H 7S 8S 9S TC QD"], "H"),
    ],
)
def test_the_fast_path_plays_whole_deals_as_the_greedy_policy(
    rules: str, hands: list[str], trump: str
) -> None:
    """Deals written out with the stock empty, 2s among them in the 52-card pack, played
    to the end by the greedy policy from 12 seeds: at every position the compact fast path
    chooses the same action and draws the same random numbers."""
    checked = 0
    for seed in range(12):
        state: GameState = _position(rules, hands, trump)
        rng = random.Random(seed)
        while not state.is_over:
            assert isinstance(state, BoutState)
            if accepts(state):
                quick, greedy = _fast_and_greedy(state, rng.randrange(1000))
                assert quick == greedy, (seed, state, quick, greedy)
                checked += 1
            state = state.apply(rollout_action(state, rng, list(state.legal_actions())))
    assert checked > 50


# ---- a transfer against a cover in the playouts of переводной ------------------------------


@pytest.mark.parametrize(
    ("defender", "move"),
    [
        ("8H 9S 6C", "C8S9S"),  # 9♠ covers; the transfer would give up the trump 8
        ("8C 9S 6C", "X8C"),  # 8♣ passes it on, cheaper than the 9♠ cover
        ("8C 6H 7D", "X8C"),  # the plain 8 rather than the trump 6
        ("8H 6H 7D", "C8S6H"),  # two trumps: the cheaper one covers
    ],
)
def test_the_rollout_policy_transfers_or_covers_with_its_cheapest_card(
    defender: str, move: str
) -> None:
    """переводной, hearts trumps: seat 0 leads 8♠.  The greedy playout spends its cheapest
    card, whether it covers with it or transfers with it (an 8 passed on to seat 0)."""
    d = Deal.from_hands(["8S 7C 10S", defender], trump="H", stock="6D 7S 8D 9C 10C 10D", leader=0)
    state = apply(initial_state("perevodnoy", d), "L8S")
    assert isinstance(state, BoutState)
    actions = list(state.legal_actions())
    assert any(a.kind == Kind.TRANSFER for a in actions)
    seeds = [s for s in range(20) if random.Random(s).random() >= 0.1]
    assert {str(rollout_action(state, random.Random(s), actions)) for s in seeds} == {move}


# ---- свои козыри: the suits the playouts name (R16) ----------------------------------------


def test_the_playouts_of_svoi_kozyri_name_each_players_strongest_allowed_suit() -> None:
    """свои козыри for two, nobody has named yet.  Seat 0 holds three clubs: he names clubs.
    Seat 1 holds three spades, but with two players the second names a suit of the other
    colour (D31): of the red suits he holds two hearts and no diamond, so hearts."""
    d = Deal.from_hands(
        ["7C 8C 9C AS 6D 7H", "KS QS JS 9H 10H 6C"],
        own_trumps="--",
        stock="8D 9D 10D JD QD KD",
    )
    state = initial_state("svoi-kozyri-8a", d)
    named: list[tuple[int, ...]] = []

    def watching(s: BoutState, rng: random.Random, actions: list[Action]) -> Action:
        named.append(s.deal.trumps)
        return rollout_action(s, rng, actions)

    for seed in range(3):
        assert rollout(state, 0, random.Random(seed), policy=watching) in (0.0, 0.5, 1.0)
    clubs, hearts = 1, 3
    assert named and set(named) == {(clubs, hearts)}


# ---- the blind game (R14) ----------------------------------------------------------------


def test_blind_playouts_pick_as_greedy_bot_picks_blind() -> None:
    """The blind game, hearts trumps, the stock full: nobody sees his own cards, so every
    playout picks as :func:`~durak_lessons.bots.blind_choice` does (a lead from a place at
    random, a cover from a place at random, never a throw-in), whatever the policy it is
    given.  Played by hand with blind_choice from the same seeds, the deal ends the same."""
    d = Deal.from_hands(
        ["6H 7S 8C 9D 10S JC", "8D 9S 10D 6S QC KH"],
        trump="AH",
        stock="6C 7C 7D 8S 9C 10C JD QD KS",
        leader=0,
    )
    start = initial_state("blind", d)
    results = []
    for seed in range(20):
        s: GameState = start
        rng = random.Random(seed)
        while not s.is_over:
            assert isinstance(s, BoutState)
            s = s.apply(blind_choice(list(s.legal_actions()), s.phase, rng))
        results.append(score(s, 0))
        assert _rollout(start, 0, random.Random(seed), 2000, rollout_action)[0] == score(s, 0)
    assert len(set(results)) > 1


def test_in_the_blind_game_picks_for_different_purposes_are_different_choices() -> None:
    """Blind переводной: seat 0 leads from his row; seat 1, who has seen none of his cards,
    may cover 7♠ with any place, transfer with any place or take.  The three covers are one
    choice and the three transfers another (they share an estimate within each), and the
    iterations are spent on three choices: cover, transfer, take."""
    d = Deal.from_hands(["6H 7S 8C", "8D 9D 10D"], trump="H", leader=0)
    state = apply(initial_state("blind-perevodnoy", d), "P1")
    view = View(state, 1)
    assert [str(a) for a in view.legal_actions()] == [
        "P0C7S",
        "P1C7S",
        "P2C7S",
        "P0",
        "P1",
        "P2",
        "take",
    ]
    est = {str(e.action): e for e in SearchBot(iterations=60).analyse(view, random.Random(1))}
    covers = {(est[a].win, est[a].visits) for a in ("P0C7S", "P1C7S", "P2C7S")}
    transfers = {(est[a].win, est[a].visits) for a in ("P0", "P1", "P2")}
    assert len(covers) == len(transfers) == 1
    assert est["P0C7S"].visits + est["P0"].visits + est["take"].visits == 60


# ---- the solver's budget where the solver is not asked -------------------------------------


def _hidden() -> View:
    """podkidnoy, six cards in the stock: seat 0 cannot see seat 1's hand, so nothing is
    solved exactly."""
    d = Deal.from_hands(["6S 8D 9C", "7S 10C JD"], trump="AH", stock="6C 7C 8C 9S QH", leader=0)
    return View(initial_state("podkidnoy", d), 0)


def _seventeen_cards() -> View:
    """дураки с пар, the stock empty: seat 0 leads 6♠ from ten cards against seat 1's eight;
    9 cards against 8 are more than the solver is asked about on the engine's states
    (ENGINE_SOLVER_CARDS = 16).  Seat 1 covers with 7♠ or takes."""
    d = Deal.from_hands(
        ["6S 8S 9C 10C JD QD KH AH 7D 8C", "7S 6C 7C 8D 9D 10D JC QS"], trump="H", leader=0
    )
    state = apply(initial_state("s-par-all-cards", d), "L6S")
    assert state.hand_sizes == (9, 8)
    return View(state, 1)


@pytest.mark.parametrize("view", [_hidden, _seventeen_cards])
def test_where_the_solver_is_not_asked_its_budget_changes_nothing(view: object) -> None:
    """The step cap counts the positions the solver searched; where it searches none (cards
    hidden, or more cards than it is asked about), a bot with the solver plays exactly as one
    without: the same estimates for every step cap from 1 to 300."""
    assert callable(view)
    v = view()
    for max_steps in range(1, 301):
        with_solver = SearchBot(iterations=60, max_steps=max_steps, solver_nodes=20_000)
        without = SearchBot(iterations=60, max_steps=max_steps, solver_nodes=0)
        a = with_solver.analyse(v, random.Random(max_steps))
        b = without.analyse(v, random.Random(max_steps))
        assert [(e.action, e.win, e.visits) for e in a] == [
            (e.action, e.win, e.visits) for e in b
        ], max_steps
        assert all(e.exact is None for e in a)


# ---- the chain games' playouts ------------------------------------------------------------


def _chain_greedy(state: ChainState, seat: int, rng: random.Random, cap: int) -> tuple[float, int]:
    """The chain games' playout as its documentation says: leads the cheapest card, beats
    with the cheapest card that can, else turns the top card of the pile, else takes; a
    random legal action once in ten decisions; a forced action draws no number."""
    s: GameState = state
    for n in range(cap):
        if s.is_over:
            return score(s, seat), n
        assert isinstance(s, ChainState) and s.to_move is not None
        actions = list(s.legal_actions())
        if len(actions) == 1:
            s = s.apply(actions[0])
            continue
        if rng.random() < 0.1:
            s = s.apply(actions[rng.randrange(len(actions))])
            continue
        trump = s.deal.trumps[s.to_move]
        cards = [a for a in actions if a.kind in (Kind.LEAD, Kind.BEAT)]
        if cards:
            cheapest = min(card_cost(a.card, trump) for a in cards)
            s = s.apply(min(a for a in cards if card_cost(a.card, trump) == cheapest))
        elif any(a.kind == Kind.FLIP for a in actions):
            s = s.apply(next(a for a in actions if a.kind == Kind.FLIP))
        else:
            s = s.apply(next(a for a in actions if a.kind == Kind.TAKE))
    return 0.5, cap


CHAIN_DEAL = Deal.from_hands(
    ["6S 9S QC KD 7H 10C", "7S JS 8C 6D AD 9H"],
    trump="AC",
    stock="6C 7C 8S 10S KS 8D 9D 10D QD 6H 8H 10H JH QH KH AH 7D JC 9C",
    leader=0,
)


@pytest.mark.parametrize("rules", ["navalenny", "navalenny-top", "dorozhny", "dorozhny-open"])
def test_the_chain_games_playouts_lead_and_beat_with_the_cheapest_card(rules: str) -> None:
    """The chain games (наваленный, дорожный) have a greedy playout of their own; played by
    hand as documented from the same seeds, every playout ends the same, after the same
    number of actions (the work counted against ``max_steps``), or stops at the cap."""
    start = initial_state(rules, CHAIN_DEAL)
    assert isinstance(start, ChainState)
    results = set()
    for seed in range(12):
        for seat, cap in ((0, 2000), (1, 2000), (0, 7)):
            expected = _chain_greedy(start, seat, random.Random(seed), cap)
            assert _rollout(start, seat, random.Random(seed), cap, rollout_action) == expected
            results.add(expected[0])
    assert {0.0, 1.0} <= results


# ---- the tree search ------------------------------------------------------------------------


def _last_cover(seat: int) -> View:
    """Stock empty, hearts trumps; the other seat leads 6♠ and keeps 8♦; ``seat`` holds 7♠
    only.  Covering ends the deal with ``seat`` out; taking loses (8♦ is led next, which
    neither 6♠ nor 7♠ beats: ``seat`` takes again and is the fool)."""
    hands = ["6S 8D", "6S 8D"]
    hands[seat] = "7S"
    state = initial_state("podkidnoy", Deal.from_hands(hands, trump="H", leader=1 - seat))
    return View(apply(state, "L6S"), seat)


@pytest.mark.parametrize("seat", [0, 1])
def test_the_tree_search_scores_a_won_cover_and_a_lost_take_from_the_bots_seat(seat: int) -> None:
    """tree=True, no solver: every iteration after the cover is won and every one after
    "take" is lost, from either seat; without exploration "take" gets its one iteration,
    with a huge constant the two share the iterations evenly."""
    view = _last_cover(seat)

    def estimates(exploration: float) -> dict[str, tuple[float, int]]:
        bot = SearchBot(
            iterations=100, solver_nodes=0, max_steps=0, tree=True, exploration=exploration
        )
        return {str(e.action): (e.win, e.visits) for e in bot.analyse(view, random.Random(5))}

    assert estimates(0) == {"C6S7S": (1.0, 99), "take": (0.0, 1)}
    assert estimates(1000) == {"C6S7S": (1.0, 50), "take": (0.0, 50)}


def test_the_tree_searchs_step_budget_counts_the_actions_below_and_in_the_tree() -> None:
    """The last cover, tree=True, no exploration: the cover costs 1 step (it ends the deal),
    "take" 3 (take, then 8♦ led and taken).  With ``max_steps=10`` the search stops after 8
    iterations, 7 on the cover; with 4, once each action has had its one iteration; a time
    limit of 0 stops it there too."""
    view = _last_cover(1)
    for max_steps, visits in ((10, {"C6S7S": 7, "take": 1}), (4, {"C6S7S": 1, "take": 1})):
        bot = SearchBot(
            iterations=100, solver_nodes=0, exploration=0, max_steps=max_steps, tree=True
        )
        est = bot.analyse(view, random.Random(5))
        assert {str(e.action): e.visits for e in est} == visits
    now = SearchBot(iterations=100, solver_nodes=0, max_steps=0, time_limit=0, tree=True)
    assert [e.visits for e in now.analyse(view, random.Random(5))] == [1, 1]


def test_the_tree_search_finds_the_lead_that_wins() -> None:
    """Stock empty, hearts trumps; seat 0 holds 6♠ A♥, seat 1 7♠ 7♦.  A♥ first wins (seat 1
    must take it, then 7♠ covers 6♠ and seat 1 is left holding A♥ 7♦); 6♠ first draws at
    best.  The tree search, with no solver, finds A♥ and spends every iteration on the two
    leads; its estimate of A♥ is the win it always is below the tree."""
    state = initial_state("podkidnoy", Deal.from_hands(["6S AH", "7S 7D"], trump="H"))
    bot = SearchBot(iterations=200, solver_nodes=0, tree=True)
    est = bot.analyse(View(state, 0), random.Random(0))
    assert str(est[0].action) == "LAH" and est[0].win == 1.0
    assert sum(e.visits for e in est) == 200
    assert est[1].win < 1.0


def test_the_tree_search_learns_the_replies_below_the_decision() -> None:
    """Stock empty, clubs trumps; seat 0 holds 6♦ A♣ K♥, seat 1 K♦ 6♠ 8♣.  By the solver
    leading the trump ace loses (6♦ and K♥ draw).  The flat search's greedy playouts have
    seat 1 answer badly and rate the ace best; the tree search learns seat 1's replies below
    the lead and rates it last, below an even chance."""
    from durak_lessons.solver import solve

    state = initial_state("podkidnoy", Deal.from_hands(["6D AC KH", "KD 6S 8C"], trump="C"))
    assert {str(a): v for a, v in solve(state).values} == {"L6D": 0, "LAC": -1, "LKH": 0}
    for seed in range(2):
        tree = SearchBot(iterations=300, solver_nodes=0, tree=True)
        est = tree.analyse(View(state, 0), random.Random(seed))
        assert str(est[-1].action) == "LAC" and est[-1].win < 0.4
        assert sum(e.visits for e in est) == 300
        flat = SearchBot(iterations=300, solver_nodes=0).analyse(
            View(state, 0), random.Random(seed)
        )
        assert str(flat[0].action) == "LAC" and flat[0].win > 0.8


def _ucb_split(iterations: int, c: float) -> list[int]:
    """UCB1 as the tree search documents it, on two actions that always win (the first) and
    always lose: each tried once in turn, then the one with the best average plus ``c`` times
    sqrt(log(iterations in which it was legal since first tried) / its visits)."""
    visits, totals, legal = [0, 0], [0.0, 0.0], [0, 0]
    for it in range(iterations):
        for j in range(2):
            if visits[j] or j == it:  # tried before, or tried first now
                legal[j] += 1
        if it < 2:
            i = it
        else:
            ucb = [
                totals[j] / visits[j] + c * math.sqrt(math.log(legal[j]) / visits[j])
                for j in range(2)
            ]
            i = 0 if ucb[0] >= ucb[1] else 1
        visits[i] += 1
        totals[i] += 1.0 - i
    return visits


@pytest.mark.parametrize(("iterations", "exploration"), [(200, 1.0), (200, 3.0), (60, 4.2)])
def test_the_tree_searchs_ucb1_counts_the_iterations_in_which_an_action_was_legal(
    iterations: int, exploration: float
) -> None:
    """The last cover (the cover always wins, "take" always loses), tree=True: the
    iterations split between the two as UCB1 with those counts says (at 4.2 and 60
    iterations a count one too high from the first try would give "take" one more)."""
    bot = SearchBot(
        iterations=iterations, solver_nodes=0, max_steps=0, tree=True, exploration=exploration
    )
    est = {str(e.action): e.visits for e in bot.analyse(_last_cover(1), random.Random(5))}
    cover, take = _ucb_split(iterations, exploration)
    assert est == {"C6S7S": cover, "take": take} and take > 3


def test_the_tree_search_spends_the_same_budget_as_the_flat_search() -> None:
    """The last cover with a huge exploration constant (the two actions take turns): every
    iteration costs the actions played from the decision on, in the tree and below it, so
    the tree search stops after as many iterations as the flat search for every step cap;
    a time limit of days never stops it early."""
    view = _last_cover(1)
    for max_steps in range(1, 41):
        spent = []
        for tree in (False, True):
            bot = SearchBot(
                iterations=100, solver_nodes=0, exploration=1000, max_steps=max_steps, tree=tree
            )
            spent.append(sum(e.visits for e in bot.analyse(view, random.Random(5))))
        assert spent[0] == spent[1], max_steps
    days = SearchBot(iterations=100, solver_nodes=0, max_steps=0, time_limit=1e6, tree=True)
    assert sum(e.visits for e in days.analyse(view, random.Random(5))) == 100


def test_a_drawn_deal_counts_a_half_in_the_tree_search() -> None:
    """Seat 1 defends his last card, 7♠, against 6♠, seat 0's last: the cover draws at once,
    the take loses.  The tree search scores the cover ½."""
    led = apply(initial_state("podkidnoy", Deal.from_hands(["6S", "7S"], trump="H")), "L6S")
    bot = SearchBot(iterations=20, solver_nodes=0, tree=True)
    est = {str(e.action): e for e in bot.analyse(View(led, 1), random.Random(2))}
    assert (est["C6S7S"].win, est["take"].win) == (0.5, 0.0)


def test_the_tree_search_weighs_only_what_the_flat_search_would() -> None:
    """tree=True weighs the same actions as the flat search: with ``candidates=2`` two of the
    first lead's leads, and where the solver proves two winning leads of three (6♠ J♥ Q♣
    against 8♣ A♣ 7♦), those two only."""
    from durak_lessons.deal import deal

    state = initial_state("podkidnoy", deal("podkidnoy", 2, 1))
    assert state.to_move is not None and len(state.legal_actions()) > 2
    est = SearchBot(iterations=30, candidates=2, tree=True).analyse(
        View(state, state.to_move), random.Random(3)
    )
    assert [e.visits > 0 for e in est] == [True, True] + [False] * (len(est) - 2)
    endgame = initial_state("podkidnoy", Deal.from_hands(["6S JH QC", "8C AC 7D"], trump="H"))
    est = SearchBot(iterations=30, tree=True).analyse(View(endgame, 0), random.Random(0))
    assert {str(e.action): e.visits > 0 for e in est} == {"L6S": True, "LQC": True, "LJH": False}


def test_the_tree_searchs_worlds_keep_the_cheapest_cover(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seat 1 covered 6♠ with 9♠; under the default opponent model he would have covered
    with 7♠ or 8♠ had he held one, so no world the tree search plays out deals him either
    (the flat search's rule, session 38); under "takes" some do."""
    from durak_lessons import search
    from durak_lessons.cards import cards_of
    from durak_lessons.sampling import determinize

    d = Deal.from_hands(
        ["6S 9C 8C 7C TC JC", "9S TS 9D TD JD QD"], trump="AH", stock="KC QC QS 7S 8S 8H"
    )
    state = apply(apply(initial_state("podkidnoy", d), "L6S"), "C6S9S")
    view = View(state, 0)

    def hands(**options: object) -> list[set[str]]:
        seen: list[set[str]] = []

        def spy(*args: object, **kwargs: object) -> GameState:
            world = determinize(*args, **kwargs)  # type: ignore[arg-type]
            assert isinstance(world, BoutState)
            seen.append({str(Card(c)) for c in cards_of(world.hand_mask(1))})
            return world

        monkeypatch.setattr(search, "determinize", spy)
        SearchBot(iterations=30, tree=True, **options).analyse(  # type: ignore[arg-type]
            view, random.Random(0)
        )
        return seen

    assert not any(hand & {"7♠", "8♠"} for hand in hands())
    assert any(hand & {"7♠", "8♠"} for hand in hands(inference="takes"))


# ---- which attack cards a hand can cover at once (the heuristic playout) ------------------


@pytest.mark.parametrize(
    ("attacks", "hand", "covers_all"),
    [
        ("6D", "7D", True),
        ("6D", "7C", False),  # a plain card of another suit beats nothing
        ("6D 6C", "7S", False),  # one trump, two cards to cover
        ("6D 6C", "7D 7S", True),
        ("6D 6S", "7S 7D", True),  # the trump 7 must go on the trump 6, 7♦ on 6♦
        ("6D 6S", "7S 8S", True),
        ("6D 6S 6C", "7S 7D 8S", True),  # 7♠ 8♠ for the trump 6 and 6♣, 7♦ for 6♦
        ("6D 6S 6C", "7S 7D 9D", False),  # only 7♠ beats 6♠ or 6♣
        ("6D 6S", "", False),
        ("5D 5C", "2S 6D", True),  # 52 cards: the trump 2 (card 0) covers 5♣
        ("5D 5C", "2S", False),
    ],
)
def test_which_attack_cards_a_hand_can_cover_each_with_a_card_of_its_own(
    attacks: str, hand: str, covers_all: bool
) -> None:
    """Spades trumps (the 52-card pack).  The heuristic playout defends only when every
    attack card can be covered, each by a different card of the defender's hand."""
    state = _position(PACK52, ["9H", "9C"], "S")
    uncovered = [int(c) for c in parse_cards(attacks)]
    assert _can_cover_all(state, uncovered, card_mask(parse_cards(hand)), 1) is covers_all


def test_the_heuristic_playout_takes_when_it_cannot_cover_every_attack_card() -> None:
    """Spades trumps, the stock empty; seat 0 leads 6♦ 6♣ against 7♦ 9♥ 10♥ (7♦ covers 6♦,
    nothing covers 6♣): the heuristic playout takes at once, covering nothing; given 7♣ as
    well it covers, 6♦ with 7♦ first or 6♣ with 7♣."""
    from durak_lessons.search import heuristic_rollout_action

    for defender, moves in (("7D 9H 10H", {"take"}), ("7D 7C 10H", {"C6D7D", "C6C7C"})):
        state = _position("podkidnoy", ["6D 6C 8H", defender], "S", "L6D6C")
        actions = list(state.legal_actions())
        seeds = [s for s in range(20) if random.Random(s).random() >= 0.05]
        chosen = {str(heuristic_rollout_action(state, random.Random(s), actions)) for s in seeds}
        assert chosen <= moves and chosen, (defender, chosen)


# ---- the heuristic playout (policy="heuristic") -------------------------------------------

#: cards for the stock, the first ``n`` of them not in the hands dealt (no heart: hearts are
#: trumps, with no card turned up)
_SPARE = "QC KC AC JS KS KD QD AD JD 6C 7C 9C 6D 10C"


def _heuristic_moves(
    hands: list[str], played: str, stock: int, rules: str | Rules = "podkidnoy"
) -> set[str]:
    """What :func:`heuristic_rollout_action` plays after ``played`` (hearts trumps, seat 0
    leads, ``stock`` cards in the stock) for every seed of 0..19 whose first number is not
    the policy's random twentieth (below 0.05)."""
    from durak_lessons.search import heuristic_rollout_action

    dealt = {c for h in hands for c in parse_cards(h)}
    spare = [c for c in parse_cards(_SPARE) if c not in dealt][:stock]
    assert len(spare) == stock
    d = Deal.from_hands(hands, trump="H", stock=[int(c) for c in spare], leader=0)
    state: GameState = initial_state(rules, d)
    for action in played.split():
        state = apply(state, action)
    assert isinstance(state, BoutState)
    actions = list(state.legal_actions())
    seeds = [s for s in range(20) if random.Random(s).random() >= 0.05]
    assert len(seeds) > 15
    return {str(heuristic_rollout_action(state, random.Random(s), actions)) for s in seeds}


@pytest.mark.parametrize(
    ("hands", "stock", "move"),
    [
        (["6S 6C 9S KH", "7D 8S"], 6, "L6S6C"),  # the cheapest rank, all of it at once
        (["6H 7S 9S", "8C 9C"], 6, "L7S"),  # the trump six is dearer than any plain card
        (["6S AS", "7S 8C"], 0, "LAS"),  # stock empty: a lead he cannot beat first
        (["6S AS", "7S 8C"], 4, "L6S"),  # ... not while cards are left to draw
        (["6S 9S", "7S 10S"], 0, "L6S"),  # he beats both: the cheaper
        (["9S 6D 6H", "7C 8C"], 6, "L6D"),  # not the pair, whose trump six is dear
    ],
)
def test_the_heuristic_playout_leads_its_cheapest_cards_or_one_that_cannot_be_beaten(
    hands: list[str], stock: int, move: str
) -> None:
    """Hearts trumps.  The heuristic playout leads its cheapest cards, all of a rank at once;
    with the stock empty it leads first a card the defender cannot beat."""
    assert _heuristic_moves(hands, "", stock) == {move}


@pytest.mark.parametrize(
    ("lead", "defender", "stock", "move"),
    [
        ("6S", "QH 7D 8D 9D 10D", 9, "take"),  # a trump queen, 9 cards left: kept
        ("6S", "QH 7D 8D 9D 10D", 8, "C6SQH"),  # 8 left: the stock is not thick
        ("6S", "JH 7D 8D 9D 10D", 9, "C6SJH"),  # the trump jack is no honour here
        ("6S", "QH 7D 8D 9D 10D 6C 7C", 9, "take"),  # 7 cards in hand
        ("6S", "QH 7D 8D 9D 10D 6C 7C 9C", 9, "C6SQH"),  # 8 cards: he covers
        ("QS", "QH 7D 8D 9D 10D", 9, "CQSQH"),  # a queen led is worth the honour
        ("6S", "7H 7D", 0, "C6S7H"),  # the stock empty: a trump covers
        ("6S", "7S 7H", 9, "C6S7S"),  # the cheapest card that beats
        ("6S", "7S 6H 9D", 0, "C6S7S"),  # 7♠ is cheaper than the trump six
        ("6H", "QH 7D 8D 9D 10D", 9, "C6HQH"),  # a trump six led is worth the honour
        ("6S6C", "QH KH 7D 8D 9D", 9, "take"),  # two cheap cards: both honours kept
    ],
)
def test_the_heuristic_playout_keeps_a_trump_honour_while_the_stock_is_thick(
    lead: str, defender: str, stock: int, move: str
) -> None:
    """Hearts trumps; seat 0 leads one or two of his cards.  The defender who can beat a
    cheap lead only with a trump queen or above takes instead while more than 8 cards are
    left in the stock and he holds fewer than 8; otherwise he covers with his cheapest card
    that beats it."""
    attacker = {"6S6C": "6S 6C 8S QS", "6H": "6H 8S 9S QS"}.get(lead, "6S 8S 9S QS")
    assert _heuristic_moves([attacker, defender], f"L{lead}", stock) == {move}


@pytest.mark.parametrize(
    ("attacker", "defender", "played", "stock", "move"),
    [
        # K♣ after K♠ was covered: he has no club above it and no trump, so it goes
        ("KS KC 6D", "AS 7D 8D", "LKS CKSAS", 4, "TKC"),
        ("KS KC 6D", "AS AC 8D", "LKS CKSAS", 0, "TKC"),  # he can, but the stock is out
        ("KS KC 6D", "AS AC 8D", "LKS CKSAS", 4, "pass"),  # he can: a king is too dear
        ("QS QC 6D", "AS AC 8D", "LQS CQSAS", 4, "pass"),  # a queen too
        ("JS JC 6D", "AS AC 8D", "LJS CJSAS", 4, "pass"),  # a jack too
        ("10S 10C 6D", "AS AC 8D", "L10S C10SAS", 4, "TTC"),  # a ten is cheap
        ("10S 10H 6D", "JS 8D 9D", "L10S C10SJS", 4, "pass"),  # a trump he cannot beat
        ("10S 10H 6D", "JS 8D 9D", "L10S C10SJS", 0, "TTH"),  # ... goes once the stock is out
        # ... and does not keep a cheap ten he can beat from going in meanwhile
        ("10S 10H 10C 6D", "JS QC 8D 9D", "L10S C10SJS", 4, "TTC"),
        ("10S 10H 10C 6D", "JS QC 8D 9D", "L10S C10SJS", 0, "TTH"),
        ("QS QC 6D", "7D 8D AH", "LQS take", 4, "TQC"),  # after "take" a queen goes
        ("KS KC 6D", "7D 8D AH", "LKS take", 4, "pass"),  # not a king
        ("10S 10H 6D", "7D 8D AH", "L10S take", 0, "TTH"),  # stock out: a trump ten too
        ("JS JH 6D", "7D 8D AH", "LJS take", 0, "pass"),  # not a trump jack
    ],
)
def test_the_heuristic_playout_throws_in_a_card_the_defender_cannot_beat_or_a_cheap_one(
    attacker: str, defender: str, played: str, stock: int, move: str
) -> None:
    """Hearts trumps; seat 0 may throw in after his lead was covered or taken.  The
    heuristic playout throws in a plain card the defender cannot beat (a trump too once the
    stock is empty), else its cheapest card if of rank 10 or below (a queen once he has said "take"; up
    to a trump 10 once the stock is empty), else passes."""
    hands = [attacker, defender]
    assert _heuristic_moves(hands, played, stock) == {move}


@pytest.mark.parametrize(
    ("defender", "move"),
    [
        ("8C 7D", "X8C"),  # 8♠ cannot be covered: passed on with 8♣
        ("8C 8D 7D", "X8C"),  # two cheap transfers: the first
        ("8H 7D", "C8S8H"),  # a trump is no cheap transfer: it covers
        ("8C 9S", "C8S9S"),  # a plain cover
        ("8C 7H", "X8C"),  # a trump cover dearer than the transfer
    ],
)
def test_the_heuristic_playout_transfers_a_lead_it_cannot_cover_cheaply(
    defender: str, move: str
) -> None:
    """переводной, hearts trumps; seat 0 leads 8♠.  The heuristic defender passes the lead
    on with a plain card of its rank when he cannot cover it, or could only with a trump;
    with a plain cover he covers."""
    hands = ["8S 10S JS", defender]
    assert _heuristic_moves(hands, "L8S", 6, rules="perevodnoy") == {move}


def test_the_heuristic_playout_plays_a_random_legal_action_once_in_twenty() -> None:
    """Where the first number drawn is below 0.05, the heuristic playout plays a legal action
    drawn at random: from the seeds that do, over a defence of 6♠ with 7♠ 7♥ (cover with
    either, or take), every action comes up."""
    from durak_lessons.search import heuristic_rollout_action

    state = _position("podkidnoy", ["6S 8S", "7S 7H"], "H", "L6S")
    actions = list(state.legal_actions())
    assert [str(a) for a in actions] == ["C6S7S", "C6S7H", "take"]
    seeds = [s for s in range(400) if random.Random(s).random() < 0.05]
    chosen = {str(heuristic_rollout_action(state, random.Random(s), actions)) for s in seeds}
    assert chosen == {"C6S7S", "C6S7H", "take"}


def test_the_heuristic_playout_covers_the_harder_attack_card_first() -> None:
    """Hearts trumps, the stock empty; seat 0 leads 6♠ 6♥ and seat 1 can cover both (7♠ on
    6♠, 7♥ on 6♥): the heuristic playout covers the trump six first, with 7♥."""
    assert _heuristic_moves(["6S 6H 9S", "7S 7H 9D"], "L6S6H", 0) == {"C6H7H"}


@pytest.mark.parametrize(
    ("attacker", "lead", "defender", "stock", "move"),
    [
        ("6S 8S 10S", "L6S", "7S 9S 7H 10D", 6, "C6S7S"),
        ("6S 8S 10S", "L6S", "QH KH 7D 8D", 9, "C6SQH"),  # no "take": the honour is not kept
        ("6S 6C 10S", "L6S6C", "7S 8S 9D", 6, "C6S7S"),  # 6♣ he cannot cover, 6♠ he must
    ],
)
def test_under_must_cover_the_heuristic_playout_covers_with_its_cheapest_card(
    attacker: str, lead: str, defender: str, stock: int, move: str
) -> None:
    """подкидной with must_cover (R19 option: no "take" while a card can be covered), hearts
    trumps.  The heuristic defender covers with his cheapest card that beats a card led, as
    without the option, even where he cannot cover them all.  (It had played the last cover
    listed: with no "take" among the actions it skipped its defence and fell through to its
    throw-in rules.)"""
    rules = find_preset("podkidnoy").replace(must_cover=True)
    assert _heuristic_moves([attacker, defender], lead, stock, rules) == {move}
