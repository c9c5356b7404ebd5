"""The search bot: it plays only on what its seat sees, reproducibly, and well."""

from __future__ import annotations

import random

import pytest

from durak_lessons import Action, Deal, GreedyBot, View, apply, initial_state, play, search
from durak_lessons.bout import BoutState
from durak_lessons.cards import Card, card_cost
from durak_lessons.deal import deal
from durak_lessons.engine import GameState
from durak_lessons.heuristic import HeuristicBot
from durak_lessons.sampling import infer
from durak_lessons.search import SearchBot


def _to_move(preset: str, seed: int) -> View:
    """The view of the player to move at the start of ``preset``'s deal ``seed`` (2 players)."""
    state = initial_state(preset, deal(preset, 2, seed))
    assert state.to_move is not None
    return View(state, state.to_move)


def _twin(d: Deal, seat: int, rng: random.Random) -> Deal:
    """The same deal with the cards ``seat`` cannot see (the other hand and the stock above
    the turned-up trump) dealt differently; ``seat`` leads in both."""
    other = 1 - seat
    hidden = list(d.hands[other]) + list(d.stock[:-1])
    rng.shuffle(hidden)
    size = len(d.hands[other])
    hands = list(d.hands)
    hands[other] = tuple(hidden[:size])
    stock = (*hidden[size:], d.stock[-1])
    return Deal(
        hands=tuple(hands),
        stock=stock,
        trump_card=d.trump_card,
        trumps=d.trumps,
        dealer=d.dealer,
        leader=seat,
    )


@pytest.mark.parametrize("tree", [False, True])
@pytest.mark.parametrize("seed", range(4))
def test_same_first_move_whatever_the_hidden_cards(seed: int, tree: bool) -> None:
    d0 = deal("podkidnoy", 2, seed)
    seat = d0.leader
    d1 = _twin(d0, seat, random.Random(seed))
    d0 = _twin(d0, seat, random.Random(seed + 100))
    assert d0.hands[1 - seat] != d1.hands[1 - seat]
    bot = SearchBot(iterations=60, tree=tree)
    moves = []
    for d in (d0, d1):
        view = View(initial_state("podkidnoy", d), seat)
        moves.append((bot.choose(view, random.Random(7)), bot.analyse(view, random.Random(7))))
    assert moves[0] == moves[1]


def test_same_seed_same_move_and_a_different_seed_may_differ() -> None:
    view = View(initial_state("podkidnoy", deal("podkidnoy", 2, 11)), 0)
    bot = SearchBot(iterations=50)
    if view.to_move != 0:
        view = View(initial_state("podkidnoy", deal("podkidnoy", 2, 11)), 1)
    a = bot.analyse(view, random.Random(1))
    assert a == bot.analyse(view, random.Random(1))
    assert sum(e.visits for e in a) == 50


def test_finds_the_only_winning_move_once_the_stock_is_empty() -> None:
    # seat 0: 6♠ 6♦ A♥ (hearts trump); seat 1: 7♠ 7♦.  Every lead of a six loses (seat 1
    # covers and is out, or leads back); only A♥ first wins: seat 1 must take it
    d = Deal.from_hands(["6S 6D AH", "7S 7D"], trump="H", leader=0)
    state = initial_state("podkidnoy", d)
    from durak_lessons.solver import solve

    verdict = solve(state)
    assert [str(a) for a in verdict.best] == ["LAH"]
    bot = SearchBot(iterations=20)
    move = bot.choose(View(state, 0), random.Random(0))
    assert move in verdict.best
    est = bot.analyse(View(state, 0), random.Random(0))
    assert {e.action: e.exact for e in est} == dict(verdict.values)


def test_the_solver_decides_when_only_the_turned_up_trump_is_left_in_the_stock() -> None:
    # seat 0 leads; the stock holds only the turned-up 9♣ (clubs trump), which seat 0 draws
    # after the bout: nothing is hidden.  Only the 6♠ lead wins (8♠ loses, K♣ draws)
    d = Deal.from_hands(["KC 8S 6S", "8C AD"], trump="9C", leader=0)
    state = initial_state("podkidnoy", d)
    assert state.stock_count == 1
    from durak_lessons.solver import solve

    verdict = solve(state, known_stock=True)
    assert {str(a): v for a, v in verdict.values} == {"L6S": 1, "L8S": -1, "LKC": 0}
    est = SearchBot(iterations=20).analyse(View(state, 0), random.Random(0))
    assert {e.action: e.exact for e in est} == dict(verdict.values)
    assert str(est[0].action) == "L6S"
    # with one more card in the stock the other hand is hidden again: Monte Carlo only
    d = Deal.from_hands(["KC 8S 6S", "8C AD"], trump="9C", stock="7H", leader=0)
    hidden = SearchBot(iterations=20).analyse(
        View(initial_state("podkidnoy", d), 0), random.Random(0)
    )
    assert all(e.exact is None for e in hidden)


def test_the_tree_search_tries_every_action_and_spends_the_budget() -> None:
    view = View(initial_state("podkidnoy", deal("podkidnoy", 2, 11)), 0)
    if view.to_move != 0:
        view = View(initial_state("podkidnoy", deal("podkidnoy", 2, 11)), 1)
    bot = SearchBot(iterations=90, tree=True, max_steps=0)
    est = bot.analyse(view, random.Random(3))
    assert {e.action for e in est} == set(view.legal_actions())
    assert sum(e.visits for e in est) == 90 and min(e.visits for e in est) >= 1
    assert est == bot.analyse(view, random.Random(3))  # the same seed, the same figures


@pytest.mark.parametrize(
    ("rules", "players"), [("perevodnoy", 2), ("podkidnoy", 3), ("podkidnoy-teams", 4)]
)
def test_plays_whole_games_of_every_kind(rules: str, players: int) -> None:
    bots = [SearchBot(iterations=8), *[HeuristicBot() for _ in range(players - 1)]]
    outcome, record = play(rules, bots, seed=3)
    assert record.final_state().is_over and outcome is not None


def test_beats_greedy_more_often_than_not() -> None:
    wins = 0.0
    for seed in range(6):
        d = deal("podkidnoy", 2, seed + 50)
        for seats in ((0, 1), (1, 0)):
            bots = [SearchBot(iterations=40), GreedyBot()]
            ordered = [bots[i] for i in seats]
            outcome, _ = play("podkidnoy", ordered, seed=seed, deal_=d)
            me = seats.index(0)
            wins += 0.5 if outcome.fool is None else float(outcome.fool != me)
    assert wins > 6


def test_rejects_a_useless_budget() -> None:
    with pytest.raises(ValueError, match="iterations"):
        SearchBot(iterations=0)


def test_heuristic_takes_at_once_when_it_cannot_cover_everything() -> None:
    # seat 1 defends against 6♠ 6♦ holding 7♠ only: it cannot cover both, so it takes
    d = Deal.from_hands(["6S 6D 9C", "7S 8C"], trump="H", leader=0, stock="QC JC")
    state = apply(initial_state("podkidnoy", d), "L6S6D")
    assert isinstance(state, BoutState)
    assert str(HeuristicBot().choose(View(state, 1), random.Random(0))) == "take"


def test_the_step_budget_caps_the_rollouts_but_tries_every_action() -> None:
    view = _to_move("podkidnoy", 11)
    actions = view.legal_actions()
    assert len(actions) > 1
    capped = SearchBot(iterations=300, max_steps=1).analyse(view, random.Random(3))
    assert sorted(e.visits for e in capped) == [1] * len(actions)
    free = SearchBot(iterations=300, max_steps=0).analyse(view, random.Random(3))
    assert sum(e.visits for e in free) == 300
    mid = SearchBot(iterations=300, max_steps=3000)
    runs = [mid.analyse(view, random.Random(3)) for _ in range(2)]
    assert runs[0] == runs[1]
    assert len(actions) <= sum(e.visits for e in runs[0]) < 300


@pytest.mark.parametrize(
    ("preset", "players", "weighed"),
    [
        ("prostoy", 2, True),
        ("pyatki", 3, True),
        ("s-par", 2, True),
        ("english", 2, True),
        ("podkidnoy", 3, False),
        ("podkidnoy", 2, False),
        ("diamonds", 2, False),
        ("svoi-kozyri-8a", 2, False),
    ],
)
def test_the_step_budget_weighs_the_actions_of_games_that_lead_pairs(
    preset: str, players: int, weighed: bool
) -> None:
    """The step budget stands for time.  In the games whose leads are sets of pairs and odd
    cards a hand offers many more leads and every action costs more, so there an action
    counts ENGINE_ACTION plus one per ENGINE_CHOICES legal actions; elsewhere one (the budget
    the measured figures of подкидной at two and three seats were played with)."""
    from durak_lessons import new_game
    from durak_lessons.search import ENGINE_ACTION, ENGINE_CHOICES, _rollout, rollout_action

    offered: list[int] = []

    def counting(s: BoutState, rng: random.Random, actions: list[Action]) -> Action:
        offered.append(len(actions))
        return rollout_action(s, rng, actions)

    state = new_game(preset, players, random.Random(4))
    _, work = _rollout(state, 0, random.Random(9), 2000, rollout_action)
    # the same playout with a policy that counts what each action was chosen from (played
    # on the engine's states: in 2-player подкидной the same actions as on compact positions)
    _, again = _rollout(state, 0, random.Random(9), 2000, counting)
    assert offered and again == work
    if weighed:
        assert work == sum(ENGINE_ACTION + k // ENGINE_CHOICES for k in offered)
        assert work > 2 * len(offered)
    else:
        named = players if preset.startswith("svoi") else 0  # each names his trump (R16)
        assert work == len(offered) + named


def test_the_solvers_positions_count_against_the_step_budget() -> None:
    """A big endgame (3 cards against 12, stock empty) that the solver gives up on within its
    2,000 positions: with a step budget of 2,000 nothing is left for Monte Carlo but the one
    rollout every action gets; without a cap the rollouts get all their iterations."""
    d = Deal.from_hands(
        ["6D 6H 10H", "6S 7S KS 7C 8C 10C QC KC AC KD AD 7H 7D"], trump="H", leader=1
    )
    state = apply(initial_state("podkidnoy", d), "L7D")
    view = View(state, 0)
    actions = view.legal_actions()
    assert len(actions) > 1 and view.stock_count == 0
    spent = SearchBot(iterations=300, solver_nodes=2000, max_steps=2000).analyse(
        view, random.Random(3)
    )
    assert all(e.exact is None for e in spent)  # the solver gave up
    assert sorted(e.visits for e in spent) == [1] * len(actions)
    free = SearchBot(iterations=300, solver_nodes=2000, max_steps=0).analyse(view, random.Random(3))
    assert sum(e.visits for e in free) == 300


def test_heuristic_rollouts_take_at_once_when_they_cannot_cover_everything() -> None:
    from durak_lessons.search import heuristic_rollout_action

    d = Deal.from_hands(["6S 6D 9C", "7S 8C"], trump="H", leader=0, stock="QC JC")
    state = apply(initial_state("podkidnoy", d), "L6S6D")
    assert isinstance(state, BoutState)
    # 20 seeds: the policy plays a random action now and then, "take" must dominate
    moves = [
        str(heuristic_rollout_action(state, random.Random(i), state.legal_actions()))
        for i in range(20)
    ]
    assert moves.count("take") >= 17


def test_rejects_an_unknown_rollout_policy() -> None:
    with pytest.raises(ValueError, match="policy"):
        SearchBot(policy="clairvoyant")


def test_same_move_after_a_take_whatever_the_hidden_cards() -> None:
    """After a public record of play (a lead taken), two positions the bot cannot tell apart
    get the same analysis: its beliefs come from the record, not from the hidden cards."""
    analyses = []
    for other, stock in (
        ("7C 7H 8H", "QC KH 6H 9H 9S 10S JD AC"),
        ("QC KH 8H", "7C 7H 6H 9H 9S 10S JD AC"),
    ):
        state = initial_state("podkidnoy", Deal.from_hands(["6S 6C 8S 6D", other], trump="D", stock=stock))
        for a in ("L6S", "take"):
            state = apply(state, Action.parse(a))
        view = View(state, 0)
        assert infer(view)
        analyses.append(SearchBot(iterations=80).analyse(view, random.Random(3)))
    assert analyses[0] == analyses[1]


def test_a_hand_of_more_leads_than_candidates_weighs_the_cheapest() -> None:
    """The first lead of дураки во все карты (18 cards a hand, any pairs and odd cards may be
    led) offers hundreds of leads; the bot weighs only its ``candidates`` cheapest, each at
    least once, and gives the others no estimate rather than a made-up one."""
    view = _to_move("s-par-all-cards", 1)
    actions = view.legal_actions()
    assert len(actions) > 500
    est = SearchBot(iterations=60, candidates=12).analyse(view, random.Random(3))
    assert {e.action for e in est} == set(actions)
    weighed = [e for e in est if e.visits]
    assert len(weighed) == 12 and sum(e.visits for e in weighed) == 60
    trump = view.trumps[view.seat]

    def order(a: Action) -> tuple[int, int, int]:
        return max(card_cost(c, trump) for c in a.cards), -len(a.cards), min(a.cards)

    # GreedyBot's order: the dearest card cheapest, then more cards, then the lowest card
    cheapest = sorted(actions, key=order)[:12]
    assert {e.action for e in weighed} == set(cheapest)
    assert all(e.win != e.win for e in est if not e.visits)  # NaN: not estimated
    assert est[0].action in cheapest
    # a hand with fewer leads than candidates: every lead weighed, as before
    few = SearchBot(iterations=60).analyse(_to_move("podkidnoy", 11), random.Random(3))
    assert len(few) > 1 and all(e.visits for e in few)


def test_rejects_no_candidates() -> None:
    with pytest.raises(ValueError, match="candidates: a whole number, 1 or more"):
        SearchBot(candidates=0)


def test_the_solver_is_not_asked_on_the_engines_states_about_more_than_16_cards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """дураки с пар is searched on the engine's states; with 4 cards against 4 the solver
    gives every lead its exact value, with 9 against 8 it is not asked (it proves none of
    those within its budget, see ENGINE_SOLVER_CARDS) and Monte Carlo decides alone."""
    small = Deal.from_hands(["6S 8S 9C KH", "6C 7C 8D AH"], trump="H", leader=0)
    view = View(initial_state("s-par-all-cards", small), 0)
    est = SearchBot(iterations=40).analyse(view, random.Random(0))
    assert all(e.exact is not None for e in est)

    class Refused:
        def __init__(self, *args: object, **kwargs: object) -> None:
            raise AssertionError("the solver was asked")

    monkeypatch.setattr(search, "Solver", Refused)
    big = Deal.from_hands(
        ["6S 7S 8S 9C 10C JD QD KH AH", "6C 7C 8D 9D 10H JH QS KS"], trump="H", leader=0
    )
    est = SearchBot(iterations=40).analyse(
        View(initial_state("s-par-all-cards", big), 0), random.Random(0)
    )
    assert all(e.exact is None for e in est) and sum(e.visits for e in est) == 40
    with pytest.raises(AssertionError, match="asked"):  # the small one still asks it
        SearchBot(iterations=40).analyse(view, random.Random(0))


def _blind_defence() -> View:
    """Blind game, hearts trumps.  Seat 0 leads 6♥ and seat 1 tries 8♦ on it, which cannot
    beat a trump: he takes 6♥ and keeps 8♦, both seen by everyone (R14).  Seat 0 then leads
    7♠ against a row of 8♦, two cards seat 1 never saw (9♦ 10♦) and 6♥ last (D28)."""
    return View(_blind_defence_state(), 1)


def _blind_defence_state() -> GameState:
    d = Deal.from_hands(["6H 7S 8C", "8D 9D 10D"], trump="H", leader=0)
    s = initial_state("blind", d)
    for action in ("P0", "P0C6H", "P0"):
        s = apply(s, action)
    return s


def test_in_the_blind_game_the_bot_covers_with_the_trump_it_saw_go_into_its_row() -> None:
    view = _blind_defence()
    assert [str(a) for a in view.legal_actions()] == ["P0C7S", "P1C7S", "P2C7S", "P3C7S", "take"]
    for seed in range(4):  # a place at random would be the 6♥ once in four
        assert str(SearchBot(iterations=60).choose(view, random.Random(seed))) == "P3C7S"


def test_in_the_blind_game_greedy_bot_plays_the_cards_it_saw_go_into_its_row() -> None:
    """GreedyBot too uses what its view remembers (D28): it covers 7♠ with the 6♥ it took,
    and, leading next, leads the 8♦ it kept rather than a card it never saw.  HeuristicBot
    picks as GreedyBot does (it had taken every attack in the blind game)."""
    view = _blind_defence()
    for seed in range(4):  # a place at random would be the 6♥ once in four
        assert str(GreedyBot().choose(view, random.Random(seed))) == "P3C7S"
        assert str(HeuristicBot().choose(view, random.Random(seed))) == "P3C7S"
    s = apply(apply(_blind_defence_state(), "P3C7S"), "pass")
    lead = View(s, 1)
    assert lead.phase == "lead" and lead.remembered_row == [Card.parse("8D"), None, None]
    for seed in range(4):
        assert str(GreedyBot().choose(lead, random.Random(seed))) == "P0"
    # with nothing remembered it plays as before: a place at random
    fresh = View(initial_state("blind", Deal.from_hands(["6H 7S", "8D 9D"], trump="H")), 0)
    assert {str(GreedyBot().choose(fresh, random.Random(seed))) for seed in range(20)} == {
        "P0",
        "P1",
    }


def test_in_the_blind_game_places_it_never_saw_share_one_estimate() -> None:
    """9♦ and 10♦ could each lie at place 1 or 2: the two covers from there are one choice,
    weighed once; 8♦ at place 0 and 6♥ at place 3 each make a choice of their own."""
    estimates = {
        str(e.action): e for e in SearchBot(iterations=60).analyse(_blind_defence(), random.Random(1))
    }
    unseen = estimates["P1C7S"], estimates["P2C7S"]
    assert unseen[0].win == unseen[1].win and unseen[0].visits == unseen[1].visits > 0
    classes = ("P0C7S", "P1C7S", "P3C7S", "take")
    assert sum(estimates[a].visits for a in classes) == 60
    assert estimates["P0C7S"].win == 0.0  # 8♦ cannot beat 7♠ and he knows it is there


def test_hints_fold_the_places_never_seen_into_one_choice() -> None:
    from durak_lessons.widgets import search_hints

    from durak_lessons.analysis import alike, hints

    view = _blind_defence()
    folded = alike(view, hints(view, random.Random(1), iterations=60))
    assert str(folded[0][0].action) == "P3C7S"  # the 6♥ he remembers, first
    assert sorted((str(e.action), [str(a) for a in same]) for e, same in folded) == [
        ("P0C7S", []), ("P1C7S", ["P2C7S"]), ("P3C7S", []), ("take", [])
    ]
    text = search_hints(iterations=60, shown=4)(view)
    assert text.startswith("Best moves — covers 7♠ with the card in position 3:")
    assert "with the card in position 1 (or in position 2: places you have not seen)" in text
    assert text.count("position 2") == 1  # the same choice, listed once
    sighted = _to_move("podkidnoy", 3)  # elsewhere every move stands alone
    estimates = hints(sighted, random.Random(1), iterations=30)
    assert [(e, ()) for e in estimates] == alike(sighted, estimates)


def test_the_same_analysis_twice_compares_equal_with_unweighed_actions() -> None:
    """An action the bot did not weigh has a NaN ``win``; NaN is not equal to itself, and from
    Python 3.13 a dataclass compares its fields one by one, so the same analysis made twice
    (the no-peeking test compares two) came out unequal there."""
    import math

    from durak_lessons.search import Estimate

    lead = Action.parse("L6S")
    unweighed = Estimate(lead, math.nan, 0)
    assert unweighed == Estimate(lead, float("nan"), 0)  # another NaN object
    assert len({unweighed, Estimate(lead, float("nan"), 0)}) == 1
    assert unweighed != Estimate(lead, 0.5, 0) and Estimate(lead, 0.5, 0) != unweighed
    assert unweighed != Estimate(Action.parse("L7S"), math.nan, 0)
    assert unweighed != Estimate(lead, math.nan, 0, exact=1)
    view = _to_move("podkidnoy", 3)
    bot = SearchBot(iterations=40, candidates=1)
    first = bot.analyse(view, random.Random(5))
    assert any(math.isnan(e.win) for e in first)  # leads past the one candidate: unweighed
    copied = [Estimate(e.action, e.win * 1.0, e.visits, e.exact) for e in first]  # new NaNs
    assert copied == first and bot.analyse(view, random.Random(5)) == first
