"""Scenarios that mutation testing (session 36, mutmut over ``durak_lessons/chain.py``) showed
no test pinned down: each changed rule, refusal or display survived the whole chain suite.

Every position is written out: hands (for дорожный, the dealt cards, the last one on top of a
faithful pile), the trump and the stock in drawing order.
"""

from __future__ import annotations

from chain_helpers import chain, play

# seat 0: 6♠ 9♣ Q♦   seat 1: 7♠ 8♦ 10♣   seat 2: 8♠ J♦ A♣   trump K♥ under the stock
NAV3 = (["6♠ 9♣ Q♦", "7♠ 8♦ 10♣", "8♠ J♦ A♣"], "K♥", "6♦ 7♦ 9♦ 6♣ 7♣ 8♣")
# дорожный, 4 players, hearts trumps; dealer 3 holds the K♥; seat 0 leads
DOR4 = (["A♣ 6♠", "7♦", "9♠ 8♣", "10♣"], "K♥")

_PASS = (
    "passing (to end the throw-ins, or without a legal lead) belongs to the bout games, not the "
    "chain games: here one card at a time goes onto the centre pile; a player "
)


# ---- actions of other games: which game has them, and what this one plays (R17, R18) ----------


def test_r17_turning_a_pile_card_in_navalenny_is_refused_as_a_dorozhny_action() -> None:
    """R17/R18 (Rozaliev 9, 10): наваленный has no personal piles to turn."""
    reason = chain("navalenny", *NAV3).explain("F")
    assert reason is not None
    assert (reason.rule, reason.text) == (
        "Rozaliev 9",
        "turning the top card of one's own pile belongs to дорожный played with the dealt "
        "cards face down (Rozaliev 10; R18), not this game: here players hold their cards in "
        "the hand",
    )


def test_r17_r18_a_pass_is_refused_with_the_actions_of_the_game_in_play() -> None:
    """R17, R18: the refusal lists what the player may do here; only the faithful дорожный
    has F."""
    cases = [
        (chain("navalenny", *NAV3), "R17",
         "leads a card onto it (L<card>), beats its top card (B<card>) or takes"),
        (chain("dorozhny", *DOR4, leader=0, dealer=3), "R18",
         "leads a card onto it (L<card>), beats its top card (B<card>), turns the top card of "
         "his own pile (F) or takes"),
        (chain("dorozhny-open", *DOR4, leader=0, dealer=3), "R18",
         "leads a card onto it (L<card>), beats its top card (B<card>) or takes"),
    ]
    for state, rule, play_text in cases:
        reason = state.explain("pass")
        assert reason is not None
        assert (reason.rule, reason.text) == (rule, _PASS + play_text)


# ---- what a position shows ---------------------------------------------------------------------


def test_a_position_shows_hands_centre_stock_and_pile_sizes() -> None:
    """The one-line form of a position (the REPL and the book's examples): empty hands and an
    empty centre are a dash; only the faithful дорожный shows pile sizes."""
    s = chain("navalenny", *NAV3)
    assert repr(s) == (
        "<ChainState navalenny lead to_move=0 hands=[6♠ 9♣ Q♦ | 7♠ 10♣ 8♦ | 8♠ A♣ J♦] "
        "centre=[-] stock=7 discard=0>"
    )
    assert repr(play(s, "L6S")) == (
        "<ChainState navalenny defend to_move=1 hands=[9♣ 6♦ Q♦ | 7♠ 10♣ 8♦ | 8♠ A♣ J♦] "
        "centre=[6♠] stock=6 discard=0>"
    )
    assert repr(chain("dorozhny", *DOR4, leader=0, dealer=3)) == (
        "<ChainState dorozhny lead to_move=0 hands=[- | - | - | K♥] piles=[2, 1, 2, 1] "
        "centre=[-] stock=0 discard=0>"
    )
    assert repr(chain("dorozhny-open", *DOR4, leader=0, dealer=3)) == (
        "<ChainState dorozhny-open lead to_move=0 hands=[6♠ A♣ | 7♦ | 9♠ 8♣ | 10♣ K♥] "
        "centre=[-] stock=0 discard=0>"
    )
