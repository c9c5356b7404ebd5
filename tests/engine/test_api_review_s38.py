"""The engine used as a python-chess user would in a notebook (session 38): ``"LJS" in
game.legal_actions()`` reads the notation, as ``push`` does, in every game; a seed beside a
deal given is refused, not ignored."""

from __future__ import annotations

import random

import pytest

import durak_lessons as dl
from durak_lessons import Action, ActionList, Card, Deal, Kind, View
from durak_lessons.ochko import OchkoGame

# ---- "LJS" in legal_actions() ---------------------------------------------------------------


def test_the_notation_of_a_legal_lead_is_in_the_legal_actions() -> None:
    g = dl.Game("podkidnoy", seed=7)  # seat 1 leads, from J♠ J♦ 9♣ 10♦ Q♦ 6♥
    legal = g.legal_actions()
    assert isinstance(legal, ActionList)
    # was: False for every one of them (a text is never equal to an Action)
    assert "LJS" in legal and "LJ♠" in legal and "ljs" in legal and "LJSJD" in legal
    assert "LJDJS" in legal  # a lead's cards in any order, as push reads it
    assert "take" not in legal and "pass" not in legal
    assert "L6H" in legal and "L7H" not in legal  # 7♥ is not in his hand
    built = Action(Kind.LEAD, (Card.parse("JD"), Card.parse("JS")))  # by hand, in other order
    assert built in legal
    assert 3 not in legal and None not in legal


def test_text_that_is_no_action_is_refused_not_answered_false() -> None:
    legal = dl.Game("podkidnoy", seed=7).legal_actions()
    # a typo must not read as "not legal"
    with pytest.raises(dl.InvalidActionError, match=r"cannot read an action from 'LJX'"):
        "LJX" in legal  # noqa: B015  # the test is that it raises
    with pytest.raises(dl.InvalidActionError, match="a lead names one or more different cards"):
        Action(Kind.LEAD, (Card.parse("JS"), Card.parse("JS"))) in legal  # noqa: B015


@pytest.mark.parametrize("preset", [p.id for p in dl.all_presets()])
def test_every_legal_action_s_notation_is_in_the_list_in_every_preset(preset: str) -> None:
    """Every way to get the legal actions (the game, the state, the function, the view of the
    seat to move) answers ``in`` for every legal action's text, for several positions."""
    game = dl.Game(preset, players=4 if preset.startswith(("podkidnoy-teams", "s-par-own")) else 2)
    rng = random.Random(preset)
    for _ in range(6):
        if game.is_over:
            break
        state = game.state
        seat = state.to_move
        assert seat is not None
        lists = [
            game.legal_actions(),
            state.legal_actions(),
            dl.legal_actions(state),
            View(state, seat).legal_actions(),
        ]
        texts = [str(a) for a in lists[0]]
        for legal in lists:
            assert isinstance(legal, ActionList)
            assert [str(a) for a in legal] == texts
            assert all(t in legal for t in texts)
            for t in ("take", "pass"):  # refused texts are not in
                assert (t in legal) == (t in texts)
        other = (seat + 1) % state.n
        assert View(state, other).legal_actions() == [] and "take" not in View(
            state, other
        ).legal_actions()
        game.push(rng.choice(game.legal_actions()))


def test_a_blind_pick_and_a_trump_named_are_in_by_their_notation() -> None:
    blind = dl.Game("blind", seed=1)
    assert "P0" in blind.legal_actions() and "P5" in blind.legal_actions()
    assert "P6" not in blind.legal_actions()  # a row of six: positions 0-5
    own = dl.Game("svoi-kozyri-8a", seed=1)
    assert {"NS", "NC", "ND", "NH"} == {str(a) for a in own.legal_actions()}
    assert "nh" in own.legal_actions() and "take" not in own.legal_actions()


def test_an_ochko_action_s_text_is_in_its_legal_actions() -> None:
    g = OchkoGame(seed=1)
    g.deal()  # a shuffled pack; now the first punter stakes
    legal = g.legal_actions()
    texts = {str(a) for a in legal}
    assert texts  # a punter to stake
    for t in texts:
        assert t in legal  # was: False ("stake 10" is not a Stake)
    assert ("stand" in legal) == ("stand" in texts)
    with pytest.raises(dl.InvalidActionError, match="unknown action 'stnad'"):
        "stnad" in legal  # noqa: B015


# ---- a seed beside a deal --------------------------------------------------------------------


def test_a_seed_beside_a_deal_given_is_refused_not_ignored() -> None:
    deal = Deal.from_hands(["6S 7S", "8S AH"], trump="H", leader=0)
    # was: accepted, and the seed (which shuffles a new deal) silently ignored
    for seed in (3, None, random.Random(3)):
        with pytest.raises(dl.InvalidRecordError, match=r"seed=.* shuffles a new deal, but a deal"):
            dl.Game("podkidnoy", deal=deal, seed=seed)
    g = dl.Game("podkidnoy", deal=deal)  # the default seed beside a deal: the deal is played
    assert g.deal == deal


# ---- D25: the card shown at the deal, in a deal's text ----------------------------------------

# свои козыри 8.б, 4 players: the whole pack dealt, the dealer's (seat 3's) last card 10♣ shown
OWN = (
    "h=7HKCAC8DAS9STSKH8S/QSAD7DJSJD9H9DKSQH/JH6CAHQDJC8CKD8H6S/6H6DQC9CTHTD7S7CTC;"
    "s=;t=-;tr=-,-,-,-;d=3;l=0;ts=0"
)


def test_d25_a_shown_card_not_the_dealer_s_is_refused_naming_him() -> None:
    assert Deal.from_text(OWN + ";x.shown=TC").to_text().endswith(";x.shown=TC")
    with pytest.raises(
        dl.InvalidRecordError,
        match=r"^x\.shown=7H: the card shown at the deal is the dealer's \(D25\), and seat 3"
        r" does not hold it$",
    ):
        Deal.from_text(OWN + ";x.shown=7H")  # seat 0's card
    with pytest.raises(dl.InvalidRecordError, match=r"^x\.shown=ZZ: not a card$"):
        Deal.from_text(OWN + ";x.shown=ZZ")


# ---- views compare by identity ----------------------------------------------------------------


def test_views_are_equal_only_to_themselves_so_hidden_cards_cannot_be_told_apart() -> None:
    # the same hand for seat 0; seat 1's hidden hands differ
    a = dl.initial_state("podkidnoy", Deal.from_hands(["6S 7S", "8S AH"], trump="H"))
    b = dl.initial_state("podkidnoy", Deal.from_hands(["6S 7S", "9S AH"], trump="H"))
    va, vb = View(a, 0), View(b, 0)
    assert va.hand == vb.hand and va.hand_sizes == vb.hand_sizes  # what seat 0 sees: the same
    assert va != vb and (va == vb) == (View(a, 0) == View(a, 0))  # no answer that tells them apart
    assert va == va and len({va, vb, va}) == 2
