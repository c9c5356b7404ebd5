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


# ---- the beating relation, the record of play, the end -----------------------------------------


def test_d10_beats_answers_for_the_player_to_beat() -> None:
    """D10 (one trump suit, hearts here): a higher card of the suit or a trump beats; a trump
    is beaten only by a higher trump."""
    from durak_lessons import parse_cards

    s = chain("navalenny", *NAV3)
    six_s, seven_s, eight_d, ace_s, six_h = parse_cards("6♠ 7♠ 8♦ A♠ 6♥")
    assert s.beats(six_s, seven_s) and s.beats(ace_s, six_h)
    assert not s.beats(six_s, eight_d) and not s.beats(six_h, ace_s)
    assert not s.beats(seven_s, six_s)
    assert s.beats(six_s, seven_s, player=2) and not s.beats(six_s, eight_d, player=2)


def test_r17_the_record_of_play_names_who_laid_what_on_which_card() -> None:
    """R17: the history a reader replays: seat 0 led 6♠, seat 1 beat it with 7♠ (drawn cards
    counted: seat 0 refilled one)."""
    from durak_lessons import Action, parse_cards

    s = play(chain("navalenny", *NAV3), "L6S B7S")
    last = s.last_played()
    assert last is not None
    assert (last.seat, last.action, last.attacks, last.draws) == (
        1, Action.parse("B7S"), tuple(parse_cards("6♠")), (1, 0, 0)
    )
    history = s.history()
    assert [(p.seat, str(p.action)) for p in history] == [(0, "L6S"), (1, "B7S")]
    assert history[0].attacks == () and history[1] == last
    assert chain("navalenny", *NAV3).last_played() is None


def test_d11_the_player_left_holding_cards_is_the_fool() -> None:
    """D11: seat 0 leads his last card and is out; seat 1 beats it and is left alone."""
    from durak_lessons import Termination

    s = play(chain("navalenny", ["6♠", "7♠ 8♠"], "H"), "L6S B7S")
    assert s.is_over and s.outcome is not None
    assert (s.outcome.termination, s.outcome.fool, s.outcome.out_order) == (
        Termination.FOOL, 1, (0,)
    )


# ---- worlds for search by sampling: the hidden cards replaced ----------------------------------


def test_a_world_replaces_the_hands_and_the_stock_and_play_goes_on_with_them() -> None:
    """with_hidden (search by sampling): the same position with other unseen cards; the new
    stock is drawn from when play goes on."""
    from durak_lessons import parse_cards
    from durak_lessons.cards import card_mask

    s = chain("navalenny", *NAV3)
    hands = [card_mask(parse_cards(h)) for h in ("6♠ 9♣ Q♦", "7♠ 8♦ 6♦", "8♠ J♦ A♣")]
    stock = [int(c) for c in parse_cards("10♣ 7♦ 9♦ 6♣ 7♣ 8♣ K♥")]
    w = s.with_hidden(hands, stock)
    assert repr(w) == (
        "<ChainState navalenny lead to_move=0 hands=[6♠ 9♣ Q♦ | 7♠ 6♦ 8♦ | 8♠ A♣ J♦] "
        "centre=[-] stock=7 discard=0>"
    )
    assert w.stock == parse_cards("10♣ 7♦ 9♦ 6♣ 7♣ 8♣ K♥")
    assert [sorted(h) for h in w.deal.hands] == [
        sorted(parse_cards(h)) for h in ("6♠ 9♣ Q♦", "7♠ 8♦ 6♦", "8♠ J♦ A♣")
    ]
    # seat 0 leads 6♠ and draws 10♣; seat 1 beats with 7♠ and draws 7♦
    assert repr(play(w, "L6S B7S")) == (
        "<ChainState navalenny lead to_move=1 hands=[9♣ 10♣ Q♦ | 6♦ 7♦ 8♦ | 8♠ A♣ J♦] "
        "centre=[6♠ 7♠] stock=5 discard=0>"
    )


def test_d13_a_world_of_the_faithful_dorozhny_replaces_the_face_down_piles() -> None:
    """D13: the piles are hidden; a world gives each its cards (top card last), and the next
    F turns the new top card."""
    from durak_lessons import parse_cards
    from durak_lessons.cards import card_mask

    d = chain("dorozhny", *DOR4, leader=0, dealer=3)
    piles = [[int(c) for c in parse_cards(p)] for p in ("6♠ A♣", "7♦", "8♣ 9♠", "10♣")]
    w = d.with_hidden([0, 0, 0, card_mask(parse_cards("K♥"))], [], piles=piles)
    assert [w.personal_pile(p) for p in range(4)] == [parse_cards(p) for p in (
        "6♠ A♣", "7♦", "8♣ 9♠", "10♣"
    )]
    assert w.pile_sizes == (2, 1, 2, 1) and w.hand(3) == parse_cards("K♥")
    assert sorted(w.deal.hands[2]) == sorted(parse_cards("8♣ 9♠"))
    assert sorted(w.deal.hands[3]) == sorted(parse_cards("10♣ K♥"))
    after = play(w, "F")
    assert after.centre == parse_cards("A♣") and after.pile_sizes == (1, 1, 2, 1)
    # piles=None keeps the piles as they are
    assert [d.with_hidden([0, 0, 0, card_mask(parse_cards("K♥"))], []).personal_pile(p)
            for p in range(4)] == [d.personal_pile(p) for p in range(4)]


def test_a_chain_position_of_a_bout_game_is_refused_by_name() -> None:
    import pytest

    from durak_lessons import ChainState, Deal, find_preset

    deal = Deal.from_hands(["6♠ 9♣ Q♦", "7♠ 8♦ 10♣"], trump="K♥", stock="6♦ 7♦", leader=0)
    with pytest.raises(ValueError, match=r"^podkidnoy is not a chain game$"):
        ChainState.initial(find_preset("podkidnoy"), deal)


def test_a_world_keeps_who_laid_the_card_to_beat() -> None:
    """R17: in a world of a position where seat 1 must beat seat 0's 6♠, the leader and the
    defender are the same as in the position itself."""
    from durak_lessons.cards import card_mask

    s = play(chain("navalenny", *NAV3), "L6S")
    w = s.with_hidden([s.hand_mask(p) for p in range(3)], [int(c) for c in s.stock])
    assert (w.phase, w.leader, w.defender, w.to_move) == ("defend", 0, 1, 1)
    assert w.legal_actions() == s.legal_actions()
    assert card_mask(w.centre) == card_mask(s.centre)
    assert w.history() == s.history()  # the public record of play stays


def test_a_move_out_of_turn_says_whose_turn_it_is_and_to_do_what() -> None:
    s = chain("navalenny", *NAV3)
    reason = s.explain("L7S", player=1)
    assert reason is not None
    assert (reason.rule, reason.text) == ("turn order", "it is seat 0's turn to lead, not seat 1's")
    reason = play(s, "L6S").explain("B8S", player=2)
    assert reason is not None
    assert reason.text == "it is seat 1's turn to beat the top card, not seat 2's"


def test_a_move_applied_for_the_wrong_seat_is_refused_and_says_which_move() -> None:
    """apply(action, player=...) checks the seat as explain does; the error names the move."""
    import pytest

    from durak_lessons import Action, IllegalActionError

    s = chain("navalenny", *NAV3)
    with pytest.raises(IllegalActionError) as info:
        s.apply("L7S", player=1)
    assert info.value.reason.rule == "turn order"
    assert info.value.action == Action.parse("L7S")
    assert str(info.value) == "illegal action L7S: " + str(info.value.reason)
    assert s.apply("L6S", player=0).centre == play(s, "L6S").centre


def test_r17_the_record_of_a_beat_marks_the_card_beaten_as_uncovered_before_it() -> None:
    """The history entry of a beat: one card to beat, not covered before (-1), no pair rule."""
    last = play(chain("navalenny", *NAV3), "L6S B7S").last_played()
    assert last is not None
    assert (last.covers, last.without_pair, last.skipped) == ((-1,), False, ())


def test_r17_a_taken_card_played_again_is_no_longer_known_to_be_in_the_hand() -> None:
    """Views (what everyone saw): seat 0 took the pile 6♠ 7♠ 8♦ J♦ A♣ in sight of all; when
    he leads the 8♦ (seat 2 took the 7♦ seat 1 led) only the other four are still known to be
    his."""
    from durak_lessons import parse_cards
    from durak_lessons.cards import card_mask

    s = play(chain("navalenny", *NAV3), "L6S B7S L8D BJD LAC take")
    assert s.known_mask(0) == card_mask(parse_cards("6♠ 7♠ 8♦ J♦ A♣"))
    s = play(s, "L7D take L8D")
    assert s.known_mask(0) == card_mask(parse_cards("6♠ 7♠ J♦ A♣"))
    assert s.known_mask(2) == card_mask(parse_cards("7♦"))


def test_d19_a_repetition_draw_has_nobody_out() -> None:
    """D19: the third time the same position comes up the deal is drawn; nobody went out."""
    from durak_lessons import Termination

    cycle = "L8D BAC L8S take LJS BAC L8S take"
    s = play(chain("navalenny-top", ["8♠ J♠ A♣ Q♦ J♥", "8♦ K♦ 10♥ A♥"], "C", leader=1),
             f"{cycle} {cycle}")
    assert s.outcome is not None
    assert (s.outcome.termination, s.outcome.out_order, s.outcome.fool) == (
        Termination.DRAW, (), None
    )


# ---- refilling (R17) -----------------------------------------------------------------------------


def test_r17_a_player_short_of_cards_refills_to_three_at_once() -> None:
    """R17: the player who acted draws up to the hand size (3), two cards if he is two short."""
    s = play(chain("navalenny", ["6♠ 9♣", "7♠ 8♦ 10♣"], "K♥", "6♦ 7♦ 9♦"), "L6S")
    assert repr(s) == (
        "<ChainState navalenny defend to_move=1 hands=[9♣ 6♦ 7♦ | 7♠ 10♣ 8♦] centre=[6♠] "
        "stock=2 discard=0>"
    )
    assert s.draws == (2, 0)


def test_r17_the_turned_up_trump_drawn_last_is_known_with_the_cards_taken() -> None:
    """R17, views: seat 0 (one card, 9♣) takes the 6♠ and refills with the last card of the
    stock, the turned-up K♥: everyone saw both go to his hand."""
    from durak_lessons import parse_cards
    from durak_lessons.cards import card_mask

    s = play(chain("navalenny", ["9♣", "6♠ 7♦ 8♦"], "K♥", "J♣", leader=1), "L6S take")
    assert s.hand(0) == parse_cards("6♠ 9♣ K♥") and s.stock_count == 0
    assert s.known_mask(0) == card_mask(parse_cards("6♠ K♥"))
    assert s.known_mask(1) == 0


def test_r17_each_players_draws_add_up() -> None:
    """R17: the public count of cards each player has drawn adds up over the deal."""
    s = chain("navalenny", ["6♠ 9♣", "7♠ 8♦ 10♣"], "K♥", "6♦ 7♦ 9♦ 6♣")
    assert play(s, "L6S B7S").draws == (2, 1)
    assert play(s, "L6S B7S L8D").draws == (2, 2)


# ---- the last card: going out ends the deal (D11, D16) -------------------------------------------


def test_d11_covering_with_ones_last_card_with_one_opponent_left_ends_the_deal() -> None:
    """D11, R17: seat 1 covers the 6♠ with his last card, the 7♠, and goes out: seat 0 alone
    holds cards and is the fool."""
    from durak_lessons import Termination

    s = play(chain("navalenny", ["6♠ 9♠", "7♠"], "H"), "L6S B7S")
    assert s.is_over and s.outcome is not None
    assert (s.outcome.termination, s.outcome.fool, s.outcome.out_order) == (
        Termination.FOOL, 0, (1,)
    )


def test_d16_the_last_beater_going_out_on_the_discard_ends_the_deal() -> None:
    """D16, D11 (open дорожный, two players): seat 1 beats with his last card, the centre is
    discarded, and seat 0 alone holds cards: he is the fool."""
    from durak_lessons import Termination

    s = play(chain("dorozhny-open", ["6♠ 9♠", "7♠"], "K♥", leader=0, dealer=0), "L6S B7S")
    assert s.is_over and s.discard_count == 2 and s.outcome is not None
    assert (s.outcome.termination, s.outcome.fool) == (Termination.FOOL, 0)


def test_r18_the_discard_grows_with_each_round_of_the_centre() -> None:
    """R18: each time the centre holds one card per player it goes to the discard, which
    keeps the cards discarded before."""
    s = chain("dorozhny-open", ["6♠ 8♦ 10♣", "7♠ 6♦ 9♣"], "K♥", leader=0, dealer=1)
    assert play(s, "L6S B7S").discard_count == 2
    s = play(s, "L6S B7S L6D B8D")
    assert s.discard_count == 4 and s.centre == [] and s.to_move == 0


def test_refusals_of_a_card_not_held_and_of_an_empty_pile_say_whose() -> None:
    """A card the mover does not hold; R18/D14: F with his own pile used up (seat 1 turned his
    only card, the 7♦, which failed against the 6♠: he took both and now leads)."""
    reason = chain("navalenny", *NAV3).explain("L7S")
    assert reason is not None
    assert (reason.rule, reason.text) == ("hand", "7♠ is not in the hand of seat 0")
    s = play(chain("dorozhny", *DOR4, leader=0, dealer=3), "F F")
    assert s.pile_sizes == (1, 0, 2, 1) and s.to_move == 1
    reason = s.explain("F")
    assert reason is not None
    assert (reason.rule, reason.text) == ("R18", "seat 1's own pile is used up")


NAV3_MOVES = "L6S B7S L8D BJD LAC take"


def _refusal_cases() -> list[tuple[str, str, str, str, str]]:
    return [
        ("navalenny", "", "B6S", "R17",
         "the centre has no card to beat: seat 0 leads a card onto it"),
        ("navalenny", "L6S", "L7S", "R17",
         "seat 1 must beat 6♠; leading comes after the cover"),
        ("navalenny", "L6S", "take", "D10",
         "seat 1 can beat 6♠ (with 7♠) and so must (Rozaliev 9 makes beating the card laid at "
         "him a duty)"),
        ("navalenny", "L6S B7S", "B8D", "R17",
         "seat 1 has covered and now leads a card of his own (nothing to beat now)"),
        ("navalenny", NAV3_MOVES, "B7D", "R17",
         "the centre has no card to beat: seat 1 leads a card onto it"),
        ("dorozhny", "F", "take", "D14",
         "seat 1 must try the top card of his own pile before taking"),
        ("dorozhny", "F F", "take", "R18",
         "the centre has no card to beat: seat 1 leads a card onto it"),
        ("dorozhny-open", "L6S", "L7D", "R18", "seat 1 must take; no lead now"),
    ]


def test_each_chain_refusal_says_what_the_player_must_do_word_for_word() -> None:
    """R17, R18, D10, D14: the sentence a reader sees for each refusal."""
    for preset, moves, action, rule, text in _refusal_cases():
        start = chain(preset, *(NAV3 if preset == "navalenny" else DOR4),
                      **({} if preset == "navalenny" else {"leader": 0, "dealer": 3}))
        s = play(start, moves) if moves else start
        reason = s.explain(action)
        assert reason is not None, (preset, moves, action)
        assert (reason.rule, reason.text) == (rule, text), (preset, moves, action)
