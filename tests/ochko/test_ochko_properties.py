"""Properties of Очко: money is conserved, refusals change nothing, records round trip,
and the exact odds agree with brute-force enumeration on small packs."""

from __future__ import annotations

import doctest
import itertools
import json
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ochko_helpers import brute_odds

import durak_lessons.ochko as ochko_pkg
from durak_lessons.cards import Card, parse_cards
from durak_lessons.errors import IllegalActionError, InvalidRecordError
from durak_lessons.ochko import (
    BUY,
    BUY_DARK,
    DRAW,
    STAKE_BANK,
    STAND,
    Banker16,
    BankPassing,
    EVBot,
    OchkoGame,
    OchkoRecord,
    OchkoRules,
    Phase,
    RandomBot,
    Stake,
    Status,
    ThresholdBot,
    explain,
    hand_odds,
    legal_actions,
    points,
    special,
    view,
)
from durak_lessons.ochko import record as record_mod
from durak_lessons.ochko import rules as rules_mod
from durak_lessons.ochko.odds import counts_of

rules_st = st.builds(
    OchkoRules,
    bank=st.integers(1, 60),
    min_stake=st.integers(1, 5),
    max_stake=st.none() | st.integers(5, 30),
    dark_buying=st.booleans(),
    double_bust_to_banker=st.booleans(),
    bank_passes=st.sampled_from(list(BankPassing)),
    bank_rounds=st.integers(1, 4),
)


def random_game(rules: OchkoRules, seats: int, seed: int, actions: int) -> OchkoGame:
    game = OchkoGame([40] * seats, rules, seed=seed)
    bot = RandomBot()
    for _ in range(actions):
        state = game.state
        if state.phase is Phase.OVER:
            break
        if state.phase is Phase.DEAL:
            game.deal()
        else:
            game.push(bot.act(view(state, state.to_move), game.rng))
    return game


@settings(max_examples=60, deadline=None)
@given(rules_st, st.integers(2, 6), st.integers(0, 10**6))
def test_money_is_conserved(rules: OchkoRules, seats: int, seed: int) -> None:
    game = OchkoGame([40] * seats, rules, seed=seed)
    bot = RandomBot()
    total = 40 * seats
    for _ in range(400):
        state = game.state
        assert state.total_money == total
        assert state.bank >= 0
        assert state.available >= 0
        assert min(state.balances) >= 0
        if state.phase is Phase.OVER:
            break
        if state.phase is Phase.DEAL:
            game.deal()
        else:
            game.push(bot.act(view(state, state.to_move), game.rng))
    assert game.state.total_money == total


ALL_ACTIONS = [BUY, BUY_DARK, DRAW, STAND, STAKE_BANK, Stake(1), Stake(7), Stake(10**6)]


@settings(max_examples=40, deadline=None)
@given(rules_st, st.integers(2, 5), st.integers(0, 10**6), st.integers(0, 60))
def test_refused_actions_leave_the_state_unchanged(
    rules: OchkoRules, seats: int, seed: int, steps: int
) -> None:
    game = random_game(rules, seats, seed, steps)
    state = game.state
    history = game.history
    legal = legal_actions(state)
    for action in ALL_ACTIONS:
        reason = explain(state, action)
        assert (reason is None) == (action in legal)
        if reason is None:
            continue
        with pytest.raises(IllegalActionError) as info:
            game.push(action)
        assert info.value.reason == reason
        assert game.state is state
        assert game.history == history


@settings(max_examples=40, deadline=None)
@given(rules_st, st.integers(2, 5), st.integers(0, 10**6), st.integers(0, 80))
def test_records_round_trip(rules: OchkoRules, seats: int, seed: int, steps: int) -> None:
    game = random_game(rules, seats, seed, steps)
    record = game.record()
    loads = (OchkoRecord.from_json(record.to_json()), OchkoRecord.from_line(record.to_line()))
    for loaded in loads:
        assert loaded == record
        assert loaded.final_state() == game.state
        assert OchkoGame.from_record(loaded).state == game.state
    # pop back to the start and the states retrace themselves
    while game.history:
        game.pop()
    assert game.state == record.states()[0]


def test_malformed_records_name_the_first_bad_element() -> None:
    game = OchkoGame([30, 30, 30], seed=3)
    game.deal("6S 10H 9H 9C")
    game.push("stake 5")
    game.push("stand")
    data = game.record().to_dict()
    cases = {
        "record.actions[2]": {**data, "actions": [*data["actions"][:2], "fly", "stand"]},  # type: ignore[misc]
        "record.actions[1] (stake 500)": {**data, "actions": [data["actions"][0], "stake 500"]},  # type: ignore[index]
        "record.rules": {**data, "rules": {"bank": -1}},
        "record.balances[1]": {**data, "balances": [30, "x", 30]},
        "record.format": {**data, "format": "durak/1"},
        "record.colour": {**data, "colour": "red"},
    }
    for prefix, bad in cases.items():
        with pytest.raises(InvalidRecordError) as info:
            OchkoRecord.from_json(json.dumps(bad))
        assert str(info.value).startswith(prefix), str(info.value)
    with pytest.raises(InvalidRecordError, match=r"^record: not JSON"):
        OchkoRecord.from_json("{")
    line = game.record().to_line()
    with pytest.raises(InvalidRecordError, match=r"^record\.actions\[3\] \(buy\)"):
        OchkoRecord.from_line(line + "; buy")  # seat 2 must stake, not buy


# ------------------------------------------------------------------------ odds


SMALL_CASES = [
    ("10H", "6S 9S AS KS 7C 8C", 0),
    ("8H", "JS QS 6C 10C AS 7D", 0),
    ("KH 9H", "AS 6C 7C JS QD 10D", 0),
    ("10H", "AS AC 6C KD 9D", 1),  # one dark card already held
    ("JH QH KH JC", "QS 6C 7C AS 10S", 0),  # five courts one card away
    ("AH", "AS 10C 6C 8D QD", 0),  # two aces one card away
]


@pytest.mark.parametrize(("known", "unseen", "dark"), SMALL_CASES)
@pytest.mark.parametrize("draw16", [False, True])
@pytest.mark.parametrize("dbb", [False, True])
def test_exact_odds_match_brute_force(
    known: str, unseen: str, dark: int, draw16: bool, dbb: bool
) -> None:
    hand = parse_cards(known)
    pool = parse_cards(unseen)
    o = hand_odds(
        counts_of(pool), hand, dark, double_bust_to_banker=dbb,
        banker_16=Banker16.DRAW if draw16 else Banker16.STAND,
    )
    stand, draw, dark_ev = brute_odds(pool, hand, dark, draw16, dbb)
    assert o.ev_stand == stand
    assert o.ev_draw == draw
    assert o.ev_dark == dark_ev
    # next card and bust on the next draw, by direct counting
    assert sum(o.next_card.values()) == 1
    busts = Fraction(0)
    perms = list(itertools.permutations(pool, dark + 1))
    for p in perms:
        h = hand + list(p)
        busts += Fraction(int(points(h) > 21 and special(h) is None), len(perms))
    assert o.bust == busts


def _naive_bust(pool: list[Card], hand: list[Card], draws: int) -> Fraction:
    """Every ordered draw of ``draws`` cards from ``pool``, counted one by one."""
    perms = list(itertools.permutations(pool, draws))
    busts = sum(1 for p in perms if points(hand + list(p)) > 21 and special(hand + list(p)) is None)
    return Fraction(busts, len(perms))


@pytest.mark.parametrize("seed", range(6))
def test_bust_odds_count_every_draw_from_a_whole_pack(seed: int) -> None:
    """The bust chance after dark cards, from the 34 or 35 cards a punter cannot see, against
    counting every ordered draw (one and two dark cards: up to 42,840 draws)."""
    rng = random.Random(seed)
    pack = parse_cards(" ".join(f"{r}{s}" for r in "6789TJQKA" for s in "SCDH"))
    rng.shuffle(pack)
    hand, pool = pack[: 1 + seed % 2], pack[2:]
    dark = seed % 2 + 1
    o = hand_odds(counts_of(pool), hand, dark)
    assert o.bust == _naive_bust(pool, hand, dark + 1)


def test_many_dark_cards_get_their_bust_odds_at_once() -> None:
    """With twelve dark cards on a 6 the hand holds 14 cards, over 21 whatever they are: the
    bust chance is 1 (the naive recursion over every order of 13 cards never finished; the
    expected values are another matter, about twice the time per dark card: see
    benchmarks/ochko.py).  With five court cards still possible, they are counted."""
    from durak_lessons.ochko.odds import _bust_next

    pack = parse_cards(" ".join(f"{r}{s}" for r in "6789TJQKA" for s in "SCDH"))
    pool = [c for c in pack if c not in parse_cards("6S")]
    assert _bust_next(counts_of(pool), 6, 1, 0, 0, 12) == 1
    few = parse_cards("QC KC 6H JD")
    o = hand_odds(counts_of(few), parse_cards("JS"), 3)  # J♠ and four more: five courts?
    assert o.bust == _naive_bust(few, parse_cards("JS"), 4)


def test_odds_from_a_view_use_only_what_the_seat_sees() -> None:
    game = OchkoGame([100, 100, 100], seed=1)
    game.deal("6S 10H 9H 9C 6C")
    game.push("stake 5")
    o = game.odds(1)
    assert o.unseen == 34  # 36 less the turned 6♠ and his own 10♥
    assert o.next_card[parse_cards("6D")[0].rank] == Fraction(3, 34)  # 6♠ is seen
    assert isinstance(o.as_floats()["ev_stand"], float)
    game.push("buy")  # 10 + 6♣ = 16
    o16 = game.odds(1)
    assert o16.unseen == 33
    # 16 busts on any 6, 7, 8, 9, 10 or ace: 2 + 4 + 4 + 4 + 3 + 4 of 33 unseen
    assert o16.bust == Fraction(21, 33)
    assert o16.best in {"stand", "buy", "buy dark"}


def test_odds_use_what_the_settling_rule_tells_of_a_punter_who_stood() -> None:
    from durak_lessons.ochko.odds import counts_of, unseen_counts

    game = OchkoGame([100, 100, 100], seed=1)
    game.deal("6S JC 10D 9D 10H 8C")
    for action in ["stake 10", "buy", "buy", "stand", "stake 10", "buy"]:
        game.push(action)
    view = game.view(2)
    assert view.hands[1] == (None, *parse_cards("10H 8C"))  # seat 1 stood on ? + 18
    # he was not paid at once nor lost: his dealt card makes 20, so it is a jack (O1, O3)
    jack = counts_of(parse_cards("JH"))
    counts = unseen_counts(view)
    without = tuple(c - j for c, j in zip(counts, jack, strict=True))
    exact = hand_odds(without, parse_cards("10D 7S"))  # type: ignore[arg-type]
    o = game.odds(2)
    assert (o.ev_stand, o.ev_draw, o.ev_dark, o.bust) == (
        exact.ev_stand, exact.ev_draw, exact.ev_dark, exact.bust
    )
    assert o.next_card == exact.next_card and o.unseen == sum(counts) == 31
    # what treating his card as any unseen card gives instead
    assert hand_odds(counts, parse_cards("10D 7S")).ev_dark != o.ev_dark


# ------------------------------------------------------- a session through the API


def test_session_with_two_bots_and_a_human_seat() -> None:
    game = OchkoGame([100, 100, 100], seed=11)
    bots = {0: ThresholdBot(17), 1: EVBot()}
    human_moves = 0
    for _ in range(4):
        if game.state.phase is Phase.OVER:
            break
        game.deal()
        state = game.play(bots, deal=False)
        while state.to_move == 2:
            me = game.view(2)
            hidden = [
                h[0] for s, h in enumerate(me.hands)
                if s != 2 and me.status[s] not in (Status.WON, Status.LOST)
            ]
            assert hidden == [None] * len(hidden)  # others' dealt cards stay private (O2)
            if me.phase in (Phase.STAKE, Phase.BANKER):
                action = str(me.legal[0])  # the least stake; the banker draws while he may
            else:
                action = game.odds(2).best
            state = game.push(action)
            human_moves += 1
            state = game.play(bots, deal=False)
        assert state.phase in (Phase.DEAL, Phase.OVER)
        assert state.total_money == 300
    assert human_moves > 0
    assert game.state.round_no >= 1
    replayed = OchkoGame.from_record(OchkoRecord.from_json(game.record().to_json()))
    assert replayed.state == game.state
    assert "<table" in game._repr_html_()


def test_module_docstrings_run() -> None:
    for module in (ochko_pkg, record_mod, rules_mod):
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert result.failed == 0
        assert result.attempted > 0


def test_random_bot_sessions_finish_consistently() -> None:
    game = OchkoGame([20, 20, 20, 20], seed=random.Random(5).randrange(10**6))
    game.play({s: RandomBot() for s in range(4)}, rounds=200)
    assert game.state.total_money == 80
    assert OchkoRecord.from_line(game.record().to_line()).final_state() == game.state


def test_bots_cannot_foresee_the_pack_yet_replay_with_the_seed() -> None:
    given: list[random.Random] = []

    class Peeking(ThresholdBot):
        def act(self, view: object, rng: random.Random) -> object:  # type: ignore[override]
            given.append(rng)
            return super().act(view, rng)  # type: ignore[arg-type]

    def session() -> tuple[OchkoGame, list[str]]:
        game = OchkoGame([100, 100, 100], seed=3)
        game.play({0: Peeking(17), 1: EVBot(), 2: RandomBot()}, rounds=3)
        return game, [str(a) for a in game.record().actions]

    game, actions = session()
    assert given and all(rng is not game.rng for rng in given)
    assert session()[1] == actions
