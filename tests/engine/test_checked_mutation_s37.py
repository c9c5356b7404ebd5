"""What a mutation run (session 37: mutmut over ``actions.checked``, ``deal.deal_from_order``
and ``Deal._normalise``) found no test pinned down: an action built by hand is read as its
notation or refused with a message that says what is wrong, before any rule is asked and
without changing the game; a deal dealt from a card order, or written as a ``Deal`` by hand,
is what the user asked for, or refused with a message that names the field at fault.

Each test below failed on at least one changed copy of the engine that every other fast test
let through.
"""

from __future__ import annotations

from typing import Any

import pytest

import durak_lessons as dl
from durak_lessons import (
    Action,
    Card,
    Deal,
    InvalidActionError,
    InvalidRecordError,
    Kind,
    deal_from_order,
    deck,
    find_preset,
    initial_state,
)
from durak_lessons.actions import checked

C = Card.parse

# podkidnoy, two seats: seat 0 holds 8♠ 8♣ 10♦ and leads; hearts trumps
DEAL = Deal.from_hands(["8S 8C 10D", "9S JS QD"], trump="KH", stock="6D", leader=0)

#: what every action the notation cannot write is refused with, after the action's fields
CANNOT_WRITE = (
    " is not an action the notation can write (a kind, cards as Card values, a target card"
    " only for a cover); build actions with Action.parse('L6S') or take them from"
    " legal_actions()"
)


def refused_everywhere(action: object) -> str:
    """The message ``action`` is refused with by a state and by a game; neither changes."""
    state = initial_state("podkidnoy", DEAL)
    game = dl.Game("podkidnoy", deal=DEAL)
    with pytest.raises(InvalidActionError) as by_state:
        state.apply(action)  # type: ignore[arg-type]
    with pytest.raises(InvalidActionError) as by_game:
        game.push(action)  # type: ignore[arg-type]
    assert str(by_game.value) == str(by_state.value)
    assert game.history == [] and game.state == state
    assert state.hand_sizes == (3, 3) and state.to_move == 0 and state.table == []
    return str(by_state.value)


# ---- checked: what is not an action at all ------------------------------------------------------
def test_what_is_neither_an_action_nor_its_notation_is_named_in_the_refusal() -> None:
    assert refused_everywhere(5) == (
        "expected an Action or its notation (such as 'L6S' or 'take'), got 5"
    )
    assert refused_everywhere(("L", "8S")) == (
        "expected an Action or its notation (such as 'L6S' or 'take'), got ('L', '8S')"
    )


# ---- checked: fields the notation cannot write, word for word -----------------------------------
@pytest.mark.parametrize(
    ("action", "shown"),
    [
        (Action(Kind.LEAD, (60,)), "Action(<Kind.LEAD: 0>, (60,), None, -1)"),
        (Action("lead", (C("8S"),)), "Action('lead', (Card.parse('8♠'),), None, -1)"),  # type: ignore[arg-type]
        (Action(Kind.COVER, (C("9S"),), -1), "Action(<Kind.COVER: 2>, (Card.parse('9♠'),), -1, -1)"),  # type: ignore[arg-type]
    ],
)
def test_an_action_the_notation_cannot_write_is_shown_field_by_field(action: Action, shown: str) -> None:
    assert refused_everywhere(action) == shown + CANNOT_WRITE


def test_a_hand_built_action_with_a_field_too_many_asks_whether_the_notation_was_meant() -> None:
    assert refused_everywhere(Action(Kind.TAKE, (C("8S"),))) == (
        "Action(<Kind.TAKE: 4>, (Card.parse('8♠'),), None, -1) is not a well-formed action:"
        " did you mean 'take'?"
    )
    assert refused_everywhere(Action(Kind.LEAD, (C("8S"),), None, 3)) == (
        "Action(<Kind.LEAD: 0>, (Card.parse('8♠'),), None, 3) is not a well-formed action:"
        " did you mean 'L8S'?"
    )


# ---- checked: what is read, and as what ---------------------------------------------------------
def test_cards_given_as_a_list_are_read_as_the_notation_reads_them() -> None:
    # a list cannot be hashed: the action is checked in full every time, never cached
    by_hand = Action(Kind.LEAD, [C("8C"), C("8S")])  # type: ignore[arg-type]
    for _ in range(2):
        assert checked(by_hand) == Action.parse("L8S8C")
    game = dl.Game("podkidnoy", deal=DEAL)
    game.push(by_hand)
    assert game.history == [Action.parse("L8S8C")]
    assert [attack for attack, _ in game.state.table] == [C("8S"), C("8C")]


def test_card_number_0_is_the_two_of_spades_as_a_card_and_as_a_target() -> None:
    assert checked(Action(Kind.LEAD, (0,))) == Action.parse("L2S")
    assert checked(Action(Kind.COVER, (C("5S"),), 0)) == Action.parse("C2S5S")  # type: ignore[arg-type]


def test_a_bool_is_no_target_card_even_once_an_equal_cover_was_checked() -> None:
    # True equals 1, the number of 3♠, and hashes alike: the cache must not let it in
    assert checked(Action.parse("C3S9S")).target == C("3S")
    with pytest.raises(InvalidActionError) as caught:
        checked(Action(Kind.COVER, (C("9S"),), True))  # type: ignore[arg-type]
    assert str(caught.value) == "Action(<Kind.COVER: 2>, (Card.parse('9♠'),), True, -1)" + CANNOT_WRITE


def test_a_bool_is_no_kind_though_a_kind_number_is() -> None:
    # Kind.THROW is 1 and True == 1: a bool is refused as the kind, as it is as a card
    assert int(Kind.THROW) == 1
    assert checked(Action(1, (C("8S"),))) == Action.parse("T8S")  # type: ignore[arg-type]
    with pytest.raises(InvalidActionError) as caught:
        checked(Action(True, (C("8S"),)))  # type: ignore[arg-type]
    assert str(caught.value) == "Action(True, (Card.parse('8♠'),), None, -1)" + CANNOT_WRITE


# ---- Deal written by hand: any sequences, the same deal ----------------------------------------
# two hands of one card, Q♥ then K♥ (turned up, drawn last) in the stock; Q♥ was put back there
FIELDS: dict[str, Any] = {
    "hands": ((C("6S"),), (C("7S"),)),
    "stock": (C("QH"), C("KH")),
    "trump_card": C("KH"),
    "trumps": (3, 3),
    "dealer": 0,
    "leader": 1,
    "extra": (("placed", "QH"),),
}
CANONICAL = Deal(**FIELDS)


@pytest.mark.parametrize(
    "changes",
    [
        {"hands": [(C("6S"),), (C("7S"),)]},  # a list of hands
        {"hands": ((C("6S"),), [C("7S")])},  # one hand a list
        {"hands": ([C("6S")], [C("7S")])},  # every hand a list
        {"hands": ((C("6S"),), (int(C("7S")),))},  # a card number in a hand
        {"hands": ((int(C("6S")),), (int(C("7S")),))},  # card numbers only
        {"stock": [C("QH"), C("KH")]},
        {"stock": (C("QH"), int(C("KH")))},
        {"stock": (int(C("QH")), int(C("KH")))},
        {"trump_card": int(C("KH"))},
        {"trumps": [3, 3]},
        {"extra": [("placed", "QH")]},
        {"extra": (["placed", "QH"],)},
    ],
    ids=lambda changes: repr(changes),
)
def test_a_deal_given_other_sequences_or_card_numbers_is_the_same_deal(
    changes: dict[str, Any],
) -> None:
    d = Deal(**(FIELDS | changes))
    assert d == CANONICAL and hash(d) == hash(CANONICAL)
    assert type(d.hands) is tuple and all(type(h) is tuple for h in d.hands)
    assert all(type(c) is Card for c in [*d.cards(), d.trump_card])
    assert type(d.stock) is tuple and type(d.trumps) is tuple
    assert type(d.extra) is tuple and all(type(kv) is tuple for kv in d.extra)
    assert d.to_text() == "h=6S/7S;s=QHKH;t=KH;tr=H,H;d=0;l=1;x.placed=QH"
    assert d.placed_cards == (C("QH"),)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (
            {"hands": "6S 7S"},
            "hands: expected one sequence of cards per seat, got '6S 7S' (Deal.from_hands"
            " reads hands written out: ['6S 7S', '8H 9H'])",
        ),
        ({"trump_card": 99}, "trump_card: 99 is not a card (a Card, or a card number 0..51)"),
        ({"trumps": 3}, "trumps: expected one suit number per seat (0..3, -1 for none), got 3"),
        (
            {"trumps": "HH"},
            "trumps: expected one suit number per seat (0..3, -1 for none), got 'HH'",
        ),
        ({"no_transfer_first": 0}, "no_transfer_first: expected True or False, got 0"),
        ({"extra": "placed"}, "extra: expected (key, value) pairs, got 'placed'"),
        ({"extra": ["ab"]}, "extra: expected (key, value) strings, got 'ab'"),
        (
            {"extra": (("placed", "QH", "x"),)},
            "extra: expected (key, value) strings, got ('placed', 'QH', 'x')",
        ),
        (
            {"extra": [("placed", "QH", "x")]},
            "extra: expected (key, value) strings, got ('placed', 'QH', 'x')",
        ),
        ({"extra": ((1, 2),)}, "extra: expected (key, value) strings, got (1, 2)"),
        ({"extra": ((5, "QH"),)}, "extra: expected (key, value) strings, got (5, 'QH')"),
        ({"extra": (("placed", 5),)}, "extra: expected (key, value) strings, got ('placed', 5)"),
    ],
    ids=lambda value: repr(value) if isinstance(value, dict) else "",
)
def test_a_deal_field_of_the_wrong_kind_is_refused_naming_the_field(
    changes: dict[str, Any], message: str
) -> None:
    with pytest.raises(InvalidRecordError) as caught:
        Deal(**(FIELDS | changes))
    assert str(caught.value) == message


def test_a_deal_without_a_turned_up_card_may_be_given_as_lists() -> None:
    """The diamonds game (R15): diamonds are trumps without a card turned up, so the deal's
    trump_card is None, and stays None when the rest is given as lists."""
    d = Deal(
        hands=[[C("6S"), C("9D")], [C("7S"), C("8C")]], stock=[C("QH")], trump_card=None,
        trumps=[2, 2], dealer=1, leader=0, trump_card_in_stock=False,
    )
    assert d.trump_card is None and d.trump == 2 and d.stock == (C("QH"),)
    assert d.hands == ((C("6S"), C("9D")), (C("7S"), C("8C")))
    state = initial_state("diamonds", d)
    assert [str(a) for a in state.legal_actions()] == ["L6S", "L9D"]


# ---- deal_from_order: the deal a user asks for, or a refusal that says why ----------------------
PACK = [str(c) for c in deck(36)]  # 6♠ 7♠ ... A♠ 6♣ ... A♥


@pytest.mark.parametrize(
    ("order", "faults"),
    [
        (PACK[:-1], "missing: A♥"),
        ([*PACK, "6♠"], "more than once: 6♠"),
        # 36 cards all the same, but not the pack
        ([*PACK[:-1], "6♠"], "missing: A♥; more than once: 6♠"),
        (
            [str(c) for c in deck(52)],  # the 52-card pack for a game of 36
            "not in this pack: 2♠ 3♠ 4♠ 5♠ 2♣ 3♣ 4♣ 5♣ 2♦ 3♦ 4♦ 5♦ 2♥ 3♥ 4♥ 5♥",
        ),
    ],
    ids=["a card missing", "a card twice", "one twice, one missing", "another pack"],
)
def test_a_card_order_that_is_not_the_pack_is_refused_naming_the_cards(
    order: list[str], faults: str
) -> None:
    with pytest.raises(InvalidRecordError) as caught:
        deal_from_order("podkidnoy", 2, " ".join(order))
    assert str(caught.value) == (
        f"a card order must hold each of the 36 cards of the pack exactly once ({faults})"
    )


def test_english_durak_for_six_deals_the_whole_pack_in_packets_of_three() -> None:
    """D34 (английские: two packets of three) and R11 (6 x 6 cards: no stock, the dealer's
    last card is shown as trump); D6: the last seat deals the first deal."""
    d = deal_from_order("english", 6, " ".join(PACK))
    assert [" ".join(str(c) for c in h) for h in d.hands] == [
        "6♠ 7♠ 8♠ 6♦ 7♦ 8♦",
        "9♠ 10♠ J♠ 9♦ 10♦ J♦",
        "Q♠ K♠ A♠ Q♦ K♦ A♦",
        "6♣ 7♣ 8♣ 6♥ 7♥ 8♥",
        "9♣ 10♣ J♣ 9♥ 10♥ J♥",
        "Q♣ K♣ A♣ Q♥ K♥ A♥",
    ]
    assert d.dealer == 5 and d.stock == () and d.trump_card == C("AH")
    assert not d.trump_card_in_stock and d.public_cards == (C("AH"),)
    assert initial_state("english", d).known_mask(5) == 1 << C("AH")


def test_own_trumps_dealt_out_to_the_last_card_show_it_whatever_the_hand_size_says() -> None:
    """D25: where the pack is dealt out with own trumps (R16), the last card is shown and goes
    to the dealer.  Four players of nine cards is the whole pack as much as the preset's "all
    the cards" is: the same hands, and the same card seen.  (Before session 37 a hand size
    that used up the pack exactly dealt it without showing the last card.)"""
    rules = find_preset("svoi-kozyri-8b")
    nine = rules.replace(hand_size=9)
    whole = deal_from_order(rules, 4, " ".join(PACK))
    exact = deal_from_order(nine, 4, " ".join(PACK))
    assert exact.hands == whole.hands and exact.hands[3][-1] == C("AH")
    assert exact.public_cards == whole.public_cards == (C("AH"),)
    assert exact.extra == (("shown", "AH"),) and exact.stock == ()
    assert initial_state(nine, exact).known_mask(3) == 1 << C("AH")  # type: ignore[attr-defined]


def test_own_trumps_for_four_deal_the_pack_out_one_card_at_a_time_from_the_dealers_left() -> None:
    """D25 and D6 (the last seat deals the first deal; seat 0 gets the first card): one card
    at a time round the table; A♥, the last card, is the dealer's and shown; no trump is
    named yet (R16) and no card is turned up, so nothing lies in the stock."""
    d = deal_from_order("svoi-kozyri-8b", 4, " ".join(PACK))
    assert [" ".join(str(c) for c in h) for h in d.hands] == [
        "6♠ 10♠ A♠ 9♣ K♣ 8♦ Q♦ 7♥ J♥",
        "7♠ J♠ 6♣ 10♣ A♣ 9♦ K♦ 8♥ Q♥",
        "8♠ Q♠ 7♣ J♣ 6♦ 10♦ A♦ 9♥ K♥",
        "9♠ K♠ 8♣ Q♣ 7♦ J♦ 6♥ 10♥ A♥",
    ]
    assert d == Deal(
        hands=d.hands, stock=(), trump_card=None, trumps=(-1, -1, -1, -1), dealer=3, leader=0,
        trump_card_in_stock=False, extra=(("shown", "AH"),),
    )
    assert d.to_text().endswith(";s=;t=-;tr=-,-,-,-;d=3;l=0;ts=0;x.shown=AH")


def test_the_whole_pack_for_three_goes_round_from_the_dealers_left() -> None:
    """D25 (во все карты): seat 2, left of dealer 1, gets the first card and leads (D5: the
    player after the dealer); the dealer's last card, A♥, is shown and fixes the trump."""
    d = deal_from_order("s-par-all-cards", 3, " ".join(PACK), dealer=1)
    assert [" ".join(str(c) for c in h) for h in d.hands] == [
        "7♠ 10♠ K♠ 7♣ 10♣ K♣ 7♦ 10♦ K♦ 7♥ 10♥ K♥",
        "8♠ J♠ A♠ 8♣ J♣ A♣ 8♦ J♦ A♦ 8♥ J♥ A♥",
        "6♠ 9♠ Q♠ 6♣ 9♣ Q♣ 6♦ 9♦ Q♦ 6♥ 9♥ Q♥",
    ]
    assert d.leader == 2 and d.trump_card == C("AH") and d.public_cards == (C("AH"),)


def test_own_trumps_with_the_lowest_trump_leading_leave_the_lead_to_the_dealers_left() -> None:
    """R11 asks for the lowest trump, but with own trumps (R16) nobody has named a trump at
    the deal: nobody holds one, and the player after the dealer leads (D5), not the holder
    of the lowest club or of any other suit."""
    from durak_lessons.rules import FirstLeader

    rules = find_preset("svoi-kozyri-8b").replace(first_leader=FirstLeader.LOWEST_TRUMP)
    d = deal_from_order(rules, 4, " ".join(PACK))
    assert d.dealer == 3 and d.leader == 0 and C("6C") in d.hands[1]


def test_own_trumps_under_the_fool_lead_at_the_fool() -> None:
    """R11 option «под дурака», with own trumps (R16): the fool (seat 2) deals and the
    first lead is made against him, by the seat on his right."""
    rules = find_preset("svoi-kozyri-8b")
    assert deal_from_order(rules, 4, " ".join(PACK), fool=2).leader == 3
    under = deal_from_order(rules.replace(under_fool=True), 4, " ".join(PACK), fool=2)
    assert under.dealer == 2 and under.leader == 1


def test_own_trumps_dealt_with_a_stock_show_no_card() -> None:
    """R16 with a custom hand size (six each for two): the pack is not dealt out, so no card
    is shown (D25 is for a pack dealt out) and the rest is the stock, in order."""
    rules = find_preset("svoi-kozyri-8b").replace(hand_size=6)
    d = deal_from_order(rules, 2, " ".join(PACK))
    assert [" ".join(str(c) for c in h) for h in d.hands] == [
        "6♠ 8♠ 10♠ Q♠ A♠ 7♣",
        "7♠ 9♠ J♠ K♠ 6♣ 8♣",
    ]
    assert d.public_cards == () and d.extra == () and d.trump_card is None
    assert [str(c) for c in d.stock] == PACK[12:]


def test_spades_as_the_fixed_trump_turn_no_card_up() -> None:
    """A fixed trump suit (R15's option fixed_trump, here spades, suit 0) is named, not
    turned up: the stock keeps the rest of the pack in order and the lowest spade leads."""
    rules = find_preset("podkidnoy").replace(fixed_trump="S")
    d = deal_from_order(rules, 2, " ".join(PACK))
    assert d.trump == 0 and d.trump_card is None and not d.trump_card_in_stock
    assert [str(c) for c in d.stock] == PACK[12:]
    assert d.leader == 0 and C("6S") in d.hands[0]


def test_d26_when_only_spades_are_left_the_next_spade_stays_turned() -> None:
    """D26 (the diamonds game with a turned-up trump): Q♠ is turned and put back under half
    of the two cards below it, K♠ is turned next; every card left is a spade, so K♠ stays
    turned and makes spades trumps.  Q♠ was seen put back: everyone knows it is drawn first."""
    order = [c for c in PACK if c not in ("Q♠", "K♠", "A♠")] + ["Q♠", "K♠", "A♠"]
    rules = find_preset("diamonds-turned").replace(hand_size=11)
    d = deal_from_order(rules, 3, " ".join(order))
    assert d.trump_card == C("KS") and d.trump == 0
    assert d.stock == (C("QS"), C("AS"), C("KS")) and d.placed_cards == (C("QS"),)
    assert dl.View(initial_state(rules, d), 0).placed_in_stock == ((0, C("QS")),)


# ---- a sampled world keeps the public record of play --------------------------------------------
def test_a_world_sampled_for_search_keeps_the_record_of_play() -> None:
    """A world (View.world / sampling.determinize: the hidden cards dealt anew) is the same
    position to everyone at the table, and so keeps what everybody saw played."""
    import random

    from durak_lessons import View, sampling

    deal = Deal.from_hands(
        ["6♠ 7♠ 9♦", "8♠ 10♦ J♣"], trump="A♥", stock="6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ 6♣ 7♣"
    )
    state = initial_state("podkidnoy", deal).apply("L6S").apply("C6S8S")
    assert state.stock_count == 3 and [str(p.action) for p in state.history()] == ["L6S", "C6S8S"]
    for seed in range(3):
        world = sampling.determinize(View(state, 1), random.Random(seed))
        assert world.hand(1) == state.hand(1)  # type: ignore[attr-defined]
        assert world.history() == state.history()  # type: ignore[attr-defined]
        assert world.last_played() == state.last_played()  # type: ignore[attr-defined]


def test_a_world_sampled_from_a_finished_deal_says_who_lost() -> None:
    """Seat 1 is left holding a card, the fool; a world of the finished deal (every card is
    known then) is the same position, with the same outcome."""
    import random

    from durak_lessons import View, sampling

    state = initial_state("podkidnoy", Deal.from_hands(["6♠", "8♠ 10♦"], trump="H"))
    state = state.apply("L6S").apply("C6S8S")
    assert state.is_over and state.outcome is not None and state.outcome.fool == 1
    world = sampling.determinize(View(state, 0), random.Random(0))
    assert world.is_over and world.outcome == state.outcome
