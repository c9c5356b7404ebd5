"""The search bot, pinned where session 38's mutation run of durak_lessons/search.py found
nothing that would fail: how a finished deal scores (a draw ½, a team's result for both its
players), a choice between two actions weighed like any other, the budget counted in
iterations and in steps (the action weighed and each action of its playout), a time limit
of 0 or of days, how UCB1 spreads the iterations with the exploration constant, and the
estimates of a defender whose cover ends the deal, at either seat."""

from __future__ import annotations

import random

import pytest

from durak_lessons import Deal, View, apply, initial_state
from durak_lessons.bout import BoutState
from durak_lessons.engine import GameState
from durak_lessons.search import SearchBot, rollout_action, score
from durak_lessons.solver import solve

# ---- a finished deal's score --------------------------------------------------------------


def test_a_finished_deal_scores_one_for_not_being_the_fool_and_a_half_for_a_draw() -> None:
    """Seat 0 leads 6♠, his last card, against seat 1's last card, 7♠: covered, both are out
    at once, a draw (R10); taken, seat 1 is left holding cards, the fool."""
    led = apply(initial_state("podkidnoy", Deal.from_hands(["6S", "7S"], trump="H")), "L6S")
    drawn = apply(led, "C6S7S")
    assert drawn.outcome is not None and drawn.outcome.draw
    assert (score(drawn, 0), score(drawn, 1)) == (0.5, 0.5)
    lost = apply(led, "take")
    assert lost.outcome is not None and lost.outcome.fool == 1
    assert (score(lost, 0), score(lost, 1)) == (1.0, 0.0)


def test_in_the_team_game_both_players_of_a_team_score_its_result() -> None:
    """podkidnoy for two teams (seats 0 and 2 against 1 and 3): seat 0 leads 6♠, his only
    card; seat 1 covers with 7♠, seat 2 throws in his only card, 6♣, and seat 1 covers it
    with 8♣: seats 0 and 2 are out, their team wins and 1 and 3 lose together."""
    state = initial_state(
        "podkidnoy-teams", Deal.from_hands(["6S", "7S 8C", "6C", "9D 10D"], trump="H")
    )
    for action in ("L6S", "C6S7S", "T6C", "C6C8C"):
        state = apply(state, action)
    assert state.outcome is not None and state.outcome.losing_team == 1
    assert [score(state, seat) for seat in range(4)] == [1.0, 0.0, 1.0, 0.0]


# ---- a defender whose cover ends the deal ---------------------------------------------------


def _last_cover(seat: int) -> GameState:
    """Stock empty, hearts trumps; the other seat leads 6♠ and keeps 8♦; ``seat`` holds 7♠
    only.  Covering ends the deal: ``seat`` is out and the leader, holding 8♦, is the fool.
    Taking loses: the leader leads 8♦, which neither 6♠ nor 7♠ beats, and goes out."""
    hands = ["6S 8D", "6S 8D"]
    hands[seat] = "7S"
    state = initial_state("podkidnoy", Deal.from_hands(hands, trump="H", leader=1 - seat))
    state = apply(state, "L6S")
    assert state.to_move == seat
    assert {str(a): v for a, v in solve(state).values} == {"C6S7S": 1, "take": -1}
    return state


@pytest.mark.parametrize("seat", [0, 1])
def test_monte_carlo_scores_a_won_cover_and_a_lost_take_from_the_bots_own_seat(
    seat: int,
) -> None:
    """Without the solver (solver_nodes=0) every playout after the cover is won and every
    one after "take" is lost, from either seat: the estimates are exactly 1 and 0."""
    view = View(_last_cover(seat), seat)
    bot = SearchBot(iterations=40, solver_nodes=0)
    est = {str(e.action): e for e in bot.analyse(view, random.Random(1))}
    assert (est["C6S7S"].win, est["take"].win) == (1.0, 0.0)
    assert sum(e.visits for e in est.values()) == 40
    assert str(bot.choose(view, random.Random(1))) == "C6S7S"


def test_a_drawn_playout_counts_a_half() -> None:
    """Seat 1 defends his last card, 7♠, against 6♠, seat 0's last: the cover draws, the take
    loses.  Monte Carlo alone scores the cover ½, not more, not less."""
    led = apply(initial_state("podkidnoy", Deal.from_hands(["6S", "7S"], trump="H")), "L6S")
    est = {
        str(e.action): e
        for e in SearchBot(iterations=20, solver_nodes=0).analyse(View(led, 1), random.Random(2))
    }
    assert (est["C6S7S"].win, est["take"].win) == (0.5, 0.0)


# ---- two legal actions ----------------------------------------------------------------------


def test_with_two_legal_actions_the_bot_weighs_them_and_does_not_take_the_first() -> None:
    """Stock empty, hearts trumps; seat 0 holds 6♠ A♥, seat 1 7♠ 7♦.  6♠ first draws at best
    (7♠ covers it, seat 1 leads 7♦, A♥ covers and both are out); A♥ first wins (seat 1 must
    take it, and 7♠ then covers 6♠ to leave seat 1 with A♥ and 7♦).  The legal actions list
    the losing 6♠ first."""
    state = initial_state("podkidnoy", Deal.from_hands(["6S AH", "7S 7D"], trump="H"))
    assert [str(a) for a in state.legal_actions()] == ["L6S", "LAH"]
    assert {str(a): v for a, v in solve(state).values} == {"L6S": 0, "LAH": 1}
    for bot in (SearchBot(iterations=20), SearchBot(iterations=20, solver_nodes=0)):
        assert str(bot.choose(View(state, 0), random.Random(0))) == "LAH"


# ---- the solver's values, and the estimates the hints show ------------------------------------


def _endgame(hands: list[str]) -> View:
    """Hearts trumps, the stock empty, seat 0 to lead: seat 0's view (nothing is hidden)."""
    return View(initial_state("podkidnoy", Deal.from_hands(hands, trump="H")), 0)


def _values(hands: list[str]) -> dict[str, int]:
    """The solver's value of each of seat 0's leads in :func:`_endgame`'s deal."""
    state = initial_state("podkidnoy", Deal.from_hands(hands, trump="H"))
    return {str(a): v for a, v in solve(state).values}


def test_one_winning_move_is_played_at_once_and_each_estimate_is_its_exact_value() -> None:
    """Q♠ 10♥ A♥ against J♥ 7♥ 10♦: by the solver Q♠ first wins, 10♥ draws, A♥ loses.  With
    one winning move there is nothing for Monte Carlo to break: no iteration is spent, the
    estimates list win, draw, loss, and each chance is the exact value (1, ½, 0)."""
    hands = ["QS TH AH", "JH 7H TD"]
    view = _endgame(hands)
    assert _values(hands) == {"LQS": 1, "LTH": 0, "LAH": -1}
    est = SearchBot(iterations=30).analyse(view, random.Random(0))
    assert [(str(e.action), e.exact, e.win, e.visits) for e in est] == [
        ("LQS", 1, 1.0, 0),
        ("LTH", 0, 0.5, 0),
        ("LAH", -1, 0.0, 0),
    ]


def test_monte_carlo_breaks_a_tie_among_the_winning_moves_only() -> None:
    """6♠ J♥ Q♣ against 8♣ A♣ 7♦: by the solver 6♠ and Q♣ first win, J♥ first loses.  The
    iterations go to the two winning leads alone; the losing one keeps its exact value as
    its chance, unvisited, and comes last."""
    hands = ["6S JH QC", "8C AC 7D"]
    view = _endgame(hands)
    assert _values(hands) == {"L6S": 1, "LQC": 1, "LJH": -1}
    est = SearchBot(iterations=30).analyse(view, random.Random(0))
    assert {str(e.action) for e in est[:2]} == {"L6S", "LQC"}
    assert sum(e.visits for e in est[:2]) == 30 and all(e.visits for e in est[:2])
    assert (str(est[2].action), est[2].exact, est[2].win, est[2].visits) == ("LJH", -1, 0.0, 0)


def test_a_proven_win_is_listed_before_a_draw_whatever_its_playouts_scored() -> None:
    """6♠ 9♥ 10♥ A♥ against 10♠ Q♣: by the solver every lead but A♥ wins (A♥ draws).  The
    greedy playouts after 6♠ go badly, yet it is listed with the wins, before the draw: the
    exact value ranks first, Monte Carlo only among equals."""
    hands = ["6S 9H TH AH", "TS QC"]
    view = _endgame(hands)
    assert _values(hands) == {"L6S": 1, "L9H": 1, "LTH": 1, "LAH": 0}
    est = SearchBot(iterations=30).analyse(view, random.Random(0))
    assert [e.exact for e in est] == [1, 1, 1, 0]
    assert str(est[3].action) == "LAH" and est[3].win == 0.5


def test_when_every_move_loses_monte_carlo_weighs_them_all() -> None:
    """A♠ 7♦ against 8♦ J♥: J♥ beats the ace and 8♦ the seven, and seat 0 is left to take
    the other card and be the fool either way.  Perfect play loses anyhow, so the bot weighs
    every move (the opponent must still find the win)."""
    hands = ["AS 7D", "8D JH"]
    view = _endgame(hands)
    assert _values(hands) == {"LAS": -1, "L7D": -1}
    est = SearchBot(iterations=30).analyse(view, random.Random(0))
    assert all(e.exact == -1 and e.visits for e in est)
    assert sum(e.visits for e in est) == 30


def test_the_only_legal_action_comes_back_unweighed() -> None:
    """Seat 1 holds 7♦ against a lead of 6♠ (hearts trumps): "take" is all he can do.  Its
    estimate is the action alone: no chance (NaN), no visits, no exact value."""
    state = apply(initial_state("podkidnoy", Deal.from_hands(["6S 8S", "7D"], trump="H")), "L6S")
    [only] = SearchBot(iterations=30).analyse(View(state, 1), random.Random(0))
    assert str(only.action) == "take" and only.win != only.win
    assert (only.visits, only.exact) == (0, None)


def test_estimates_come_best_first_and_equal_chances_by_the_iterations_spent() -> None:
    """A♥ A♦ against 6♠ (hearts trumps), Monte Carlo alone: every lead wins in every
    playout (seat 1 can never get rid of 6♠), so every chance is 1 and the 31 iterations
    are shared 16 and 15: the action weighed more comes first."""
    view = _endgame(["AH AD", "6S"])
    est = SearchBot(iterations=31, solver_nodes=0).analyse(view, random.Random(0))
    assert len(est) == 2 and all(e.win == 1.0 for e in est)
    assert [e.visits for e in est] == [16, 15]


def test_leads_the_bot_did_not_weigh_come_after_every_lead_it_did() -> None:
    """The first lead of дураки во все карты offers hundreds of leads; with ``candidates=12``
    the others get no estimate (NaN) and are listed after the twelve weighed."""
    from durak_lessons.deal import deal

    state = initial_state("s-par-all-cards", deal("s-par-all-cards", 2, 1))
    assert state.to_move is not None
    est = SearchBot(iterations=60, candidates=12).analyse(
        View(state, state.to_move), random.Random(3)
    )
    assert [e.visits > 0 for e in est] == [True] * 12 + [False] * (len(est) - 12)
    assert [e.win for e in est[:12]] == sorted((e.win for e in est[:12]), reverse=True)


def test_candidates_limit_the_leads_only() -> None:
    """``candidates=1`` weighs one lead where a hand offers more, but a defender's cover and
    "take" are both weighed (the last cover, seat 1)."""
    est = SearchBot(iterations=20, solver_nodes=0, candidates=1).analyse(
        View(_last_cover(1), 1), random.Random(0)
    )
    assert all(e.visits for e in est) and len(est) == 2


def test_the_solver_is_asked_on_the_engines_states_about_16_cards_but_not_17(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """дураки с пар, the stock empty: with 8 cards against 8 the bot asks the solver (here
    one that gives up at once, so Monte Carlo decides), with 9 against 8 it does not
    (ENGINE_SOLVER_CARDS = 16).  In подкидной, searched on compact positions, it asks about
    any number of cards."""
    from durak_lessons import search
    from durak_lessons.solver import SearchLimitError

    asked: list[int] = []

    class GivesUp:
        def __init__(self, nodes: int) -> None:
            self.nodes = 0

        def solve(self, state: BoutState, known_stock: bool) -> None:
            asked.append(sum(state.hand_sizes))
            raise SearchLimitError("gave up")

    monkeypatch.setattr(search, "Solver", GivesUp)
    eight = ["6S 7S 8S 9C 10C JD QD KH", "6C 7C 8D 9D 10H JH QS KS"]
    nine = [eight[0] + " AH", eight[1]]
    for hands, rules in (
        (eight, "s-par-all-cards"),
        (nine, "s-par-all-cards"),
        (nine, "podkidnoy"),
    ):
        view = View(initial_state(rules, Deal.from_hands(hands, trump="H")), 0)
        est = SearchBot(iterations=10).analyse(view, random.Random(0))
        assert sum(e.visits for e in est) == 10
    assert asked == [16, 17]


def test_the_solvers_positions_count_against_the_step_budget_when_it_leaves_a_tie() -> None:
    """6♠ J♥ Q♣ against 8♣ A♣ 7♦: the solver proves two winning leads (6♠, Q♣) and Monte
    Carlo breaks the tie.  With ``max_steps`` one more than the positions the solver searched,
    the two winning leads get their one iteration each and no more."""
    from durak_lessons.solver import Solver

    hands = ["6S JH QC", "8C AC 7D"]
    solver = Solver(20_000)
    solver.solve(initial_state("podkidnoy", Deal.from_hands(hands, trump="H")), known_stock=True)
    bot = SearchBot(iterations=100, solver_nodes=20_000, max_steps=solver.nodes + 1)
    est = bot.analyse(_endgame(hands), random.Random(0))
    assert {str(e.action): e.visits for e in est} == {"L6S": 1, "LQC": 1, "LJH": 0}


def test_the_solver_is_not_asked_with_a_card_left_in_the_stock_on_the_engines_states() -> None:
    """дураки с пар with only the turned-up 9♥ left in the stock: nothing is hidden, but the
    solver takes a known stock only on compact positions, so Monte Carlo decides alone."""
    d = Deal.from_hands(["6S 8S 9C KH", "6C 7C 8D AH"], trump="9H", leader=0)
    view = View(initial_state("s-par-all-cards", d), 0)
    assert view.stock_count == 1
    est = SearchBot(iterations=20).analyse(view, random.Random(0))
    assert all(e.exact is None for e in est) and sum(e.visits for e in est) == 20


def test_the_tree_search_falls_back_on_the_flat_search_at_three_players() -> None:
    """The tree search runs on compact positions, two players only; at three it weighs the
    actions as the flat search does, spending every iteration."""
    from durak_lessons.deal import deal

    state = initial_state("podkidnoy", deal("podkidnoy", 3, 1))
    assert state.to_move is not None
    est = SearchBot(iterations=20, tree=True).analyse(View(state, state.to_move), random.Random(0))
    assert sum(e.visits for e in est) == 20


# ---- what the record of play says --------------------------------------------------------------


def _searched_hands(
    view: View, monkeypatch: pytest.MonkeyPatch, **options: object
) -> list[set[str]]:
    """Seat 1's hand in every world the bot (seat 0) samples while it weighs its move."""
    from durak_lessons import search
    from durak_lessons.cards import Card, cards_of
    from durak_lessons.sampling import determinize

    hands: list[set[str]] = []

    def spy(*args: object, **kwargs: object) -> GameState:
        world = determinize(*args, **kwargs)  # type: ignore[arg-type]
        assert isinstance(world, BoutState)
        hands.append({str(Card(c)) for c in cards_of(world.hand_mask(1))})
        return world

    monkeypatch.setattr(search, "determinize", spy)
    SearchBot(iterations=30, **options).analyse(view, random.Random(0))  # type: ignore[arg-type]
    return hands


def test_the_worlds_searched_keep_what_a_take_said(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hearts trumps (A♥ turned up).  Seat 1 took seat 0's 6♠: he could not cover it, so he
    holds no spade above the six and no trump, and every world the bot plays out deals him
    none (7♠, Q♠, A♠, 8♥ are all in the stock, out of sight).  He holds 7 cards, so drew none."""
    d = Deal.from_hands(
        ["6S 7C 8C 9C TC JC", "7D 8D 9D TD JD QD"], trump="AH", stock="KC QC QS AS 7S 8H"
    )
    state = apply(apply(initial_state("podkidnoy", d), "L6S"), "take")
    hands = _searched_hands(View(state, 0), monkeypatch)
    assert len(hands) == 30 and all("6♠" in hand and len(hand) == 7 for hand in hands)
    assert not any(hand & {"7♠", "Q♠", "A♠", "8♥"} for hand in hands)


def test_the_worlds_searched_keep_the_cheapest_cover(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seat 1 covered 6♠ with 9♠; under the bot's default opponent model ("cheap") he would
    have covered with 7♠ or 8♠ had he held one, so no world the bot (about to throw in or
    pass) plays out deals him either; under "takes" (only a take tells) some do."""
    d = Deal.from_hands(
        ["6S 9C 8C 7C TC JC", "9S TS 9D TD JD QD"], trump="AH", stock="KC QC QS 7S 8S 8H"
    )
    state = apply(apply(initial_state("podkidnoy", d), "L6S"), "C6S9S")
    view = View(state, 0)
    assert [str(a) for a in view.legal_actions()] == ["T9C", "pass"]
    assert not any(hand & {"7♠", "8♠"} for hand in _searched_hands(view, monkeypatch))
    told = _searched_hands(view, monkeypatch, inference="takes")
    assert any(hand & {"7♠", "8♠"} for hand in told)


# ---- the budget -----------------------------------------------------------------------------


def test_the_step_budget_counts_the_action_weighed_and_each_action_of_its_playout() -> None:
    """Seat 1 at the last cover (seat 0 leads), exploration 0: the first iteration weighs the
    cover (1 step: the deal ends with it), the second "take" (3 steps: "take", then 8♦ led
    and taken), and every later one the cover again, the better average (1 step each).  With
    ``max_steps=10`` the search stops when the steps reach 10: after 8 iterations, 7 on the
    cover; with ``max_steps=4``, when every action has had its one iteration."""
    view = View(_last_cover(1), 1)
    for max_steps, visits in ((10, {"C6S7S": 7, "take": 1}), (4, {"C6S7S": 1, "take": 1})):
        bot = SearchBot(iterations=100, solver_nodes=0, exploration=0, max_steps=max_steps)
        est = bot.analyse(view, random.Random(5))
        assert {str(e.action): e.visits for e in est} == visits


def test_a_time_limit_of_0_gives_each_action_its_one_iteration_and_one_of_days_all() -> None:
    """The time limit stops the search only once every action has had an iteration: at 0
    right then; a limit of a million seconds never stops it before the iterations run out.
    (No clock is read by the test: only the iterations are counted.)"""
    view = View(_last_cover(1), 1)
    now = SearchBot(iterations=100, solver_nodes=0, max_steps=0, time_limit=0)
    assert [e.visits for e in now.analyse(view, random.Random(5))] == [1, 1]
    days = SearchBot(iterations=100, solver_nodes=0, max_steps=0, time_limit=1e6)
    assert sum(e.visits for e in days.analyse(view, random.Random(5))) == 100


def test_the_exploration_constant_spreads_the_iterations() -> None:
    """UCB1 on the last cover (the cover always wins, "take" always loses): with no
    exploration "take" gets only its first iteration; with the default a few more; with a
    huge constant the averages no longer count and the two actions share the iterations
    evenly."""
    view = View(_last_cover(1), 1)

    def visits(exploration: float) -> dict[str, int]:
        bot = SearchBot(iterations=100, solver_nodes=0, max_steps=0, exploration=exploration)
        return {str(e.action): e.visits for e in bot.analyse(view, random.Random(5))}

    assert visits(0) == {"C6S7S": 99, "take": 1}
    default = visits(0.6)
    assert default["C6S7S"] + default["take"] == 100 and 1 < default["take"] <= 5
    assert visits(1000) == {"C6S7S": 50, "take": 50}


# ---- the rollout policy ---------------------------------------------------------------------


def test_the_rollout_policy_throws_in_a_dear_plain_card_once_the_defender_takes() -> None:
    """Clubs trumps, six cards in the stock; seat 0 leads K♠, seat 1 takes.  Seat 0 may throw
    in K♦ or pass: a plain king is too dear to throw in while the defender may still beat it,
    but once he has said "take" it goes with the rest.  (The policy's random tenth aside: the
    seeds here draw no number below 0.1 first.)"""
    d = Deal.from_hands(["KS KD", "6D 7D"], trump="JC", stock="6C 10C 9C 7C QC", leader=0)
    state = apply(apply(initial_state("podkidnoy", d), "LKS"), "take")
    assert isinstance(state, BoutState)
    actions = list(state.legal_actions())
    assert [str(a) for a in actions] == ["TKD", "pass"]
    seeds = [s for s in range(20) if random.Random(s).random() >= 0.1]
    assert len(seeds) > 10
    assert {str(rollout_action(state, random.Random(s), actions)) for s in seeds} == {"TKD"}


def _greedy_moves(hands: tuple[str, str], trump: str, stock: str, played: str) -> set[str]:
    """What :func:`rollout_action` plays, after ``played``, for every seed of 0..19 whose first
    number is not the policy's random tenth (below 0.1)."""
    d = Deal.from_hands(list(hands), trump=trump, stock=stock, leader=0)
    state = initial_state("podkidnoy", d)
    for action in played.split():
        state = apply(state, action)
    assert isinstance(state, BoutState)
    actions = list(state.legal_actions())
    seeds = [s for s in range(20) if random.Random(s).random() >= 0.1]
    return {str(rollout_action(state, random.Random(s), actions)) for s in seeds}


@pytest.mark.parametrize(
    ("defender", "stock", "move"),
    [
        ("JH 9D", "7C 8C 9C 10C QC KC", "take"),  # 7 in the stock with A♥: keep the jack
        ("JH 9D", "7C 8C 9C 10C QC", "C6SJH"),  # 6 left: the honour goes
        ("10H 9D", "7C 8C 9C 10C QC KC", "C6STH"),  # the 10 of trumps is no honour
    ],
)
def test_the_rollout_policy_keeps_a_trump_honour_while_more_than_six_cards_are_left(
    defender: str, stock: str, move: str
) -> None:
    """Hearts trumps (A♥ turned up, under the stock); seat 0 leads 6♠.  The defender who can
    beat it only with a trump jack or above takes while more than six cards are left in the
    stock; with six, or with a trump below the jack, he covers."""
    assert _greedy_moves(("6S 8D", defender), "AH", stock, "L6S") == {move}


def test_the_rollout_policy_covers_the_hardest_attack_card_first_with_the_cheapest_card() -> None:
    """Hearts trumps, stock empty; seat 0 leads 6♠ 6♥.  Holding 7♥ only (it beats both), the
    defender covers the trump six first, the harder card; holding 7♠ as well, he covers 6♠
    with it, the cheapest cover of all."""
    assert _greedy_moves(("6S 6H", "7H 9D"), "H", "", "L6S6H") == {"C6H7H"}
    assert _greedy_moves(("6S 6H", "7S 7H"), "H", "", "L6S6H") == {"C6S7S"}


@pytest.mark.parametrize(
    ("hands", "trump", "stock", "played", "move"),
    [
        (("6S 10D", "10S 9D 8D"), "AC", "7C 8C", "L6S C6S10S", "TTD"),  # a ten is cheap
        (("6S JD", "JS 9D 8D"), "AC", "7C 8C", "L6S C6SJS", "pass"),  # a jack is not ...
        (("6S JD", "JS 9D 8D"), "C", "", "L6S C6SJS", "TJD"),  # ... till the stock is out
        (("6S 6H", "7D 9D 8D"), "AH", "7C 8C", "L6S take", "pass"),  # but never a trump
    ],
)
def test_the_rollout_policy_throws_in_cheap_plain_cards(
    hands: tuple[str, str], trump: str, stock: str, played: str, move: str
) -> None:
    """After seat 0's lead of 6♠ has been covered (or taken), seat 0 may throw in a card of the
    table's ranks: a plain card of rank 10 or below, any plain card once the stock is empty or
    the defender has said "take" (the K♦ test above), never a trump."""
    assert _greedy_moves(hands, trump, stock, played) == {move}


# ---- the options ----------------------------------------------------------------------------


def test_the_options_a_bot_is_made_with() -> None:
    """One iteration is a budget; the leads weighed default to one for every 8 iterations,
    at least 32, whole (150 with the default 1,200); the name follows the iterations unless given;
    the tree search and a time limit are kept and shown by the repr."""
    one = SearchBot(iterations=1, solver_nodes=0)
    est = one.analyse(View(_last_cover(1), 1), random.Random(0))
    assert sum(e.visits for e in est) == 1
    assert (SearchBot().candidates, SearchBot(iterations=100).candidates) == (150, 32)
    assert SearchBot(iterations=404).candidates == 50  # 404 // 8
    assert (SearchBot().name, SearchBot(iterations=50).name) == ("search1200", "search50")
    assert SearchBot(name="deep").name == "deep"
    assert repr(SearchBot(tree=True, time_limit=2.5)) == "SearchBot(time_limit=2.5, tree=True)"


def test_an_unknown_model_or_policy_is_refused_naming_the_choices() -> None:
    with pytest.raises(
        ValueError, match=r"^unknown opponent model 'psychic'; models: none, takes, cheap$"
    ):
        SearchBot(inference="psychic")
    with pytest.raises(
        ValueError, match=r"^unknown rollout policy 'clairvoyant'; policies: heuristic, greedy$"
    ):
        SearchBot(policy="clairvoyant")


def test_a_rollout_finishes_the_deal_and_gives_the_seats_score() -> None:
    """After seat 1 takes at the last cover, every playout ends the same way: seat 0 leads
    8♦, which seat 1 cannot beat, and goes out, seat 1 the fool; with either policy.  From the
    start of a whole deal a rollout ends too, with a score of 0, ½ or 1."""
    from durak_lessons import new_game
    from durak_lessons.search import heuristic_rollout_action, rollout

    taken = apply(_last_cover(1), "take")
    for seed in range(5):
        assert rollout(taken, 0, random.Random(seed)) == 1.0
        assert rollout(taken, 1, random.Random(seed)) == 0.0
        assert rollout(taken, 1, random.Random(seed), policy=heuristic_rollout_action) == 0.0
    start = new_game("podkidnoy", 2, random.Random(4))
    assert rollout(start, 0, random.Random(9)) in (0.0, 0.5, 1.0)
