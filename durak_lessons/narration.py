"""Why an action was allowed: the rule and a sentence, decided by the engine's own rules value.

:func:`justify` is the positive counterpart of ``explain``: where ``state.explain(action)``
names the rule that *forbids* an action, ``justify(state, action)`` names the rule that
*allows* it, reading the preset's option values (lead shape, beating relation, what a failing
defender takes, the chain games' readings, ...) and, where the rule has a consequence the
reader should see (a blind pick that turned out wrong, a дорожный card that failed, a round of
passed leads), the position after the action.  :func:`narrate` puts the actor in front::

    >>> from durak_lessons import Deal, initial_state, narrate, Action
    >>> deal = Deal.from_hands(["7♠ 9♦", "9♠ 10♣"], trump="K♥", stock="6♦ 6♣", leader=0)
    >>> state = initial_state("podkidnoy", deal)
    >>> print(narrate(state, Action.parse("L7S")))
    Seat 0 leads 7♠: a lead is one card or several cards of one rank [Rozaliev 2]
    >>> print(narrate(state.apply(Action.parse("L7S")), Action.parse("C7S9S")))
    Seat 1 covers 7♠ with 9♠: a higher card of the same suit beats [Rozaliev 2]

The throwers the rules then pass over for want of a card of the table's ranks (D2) are named
too, since everyone sees it (here seat 0, with 8♦ instead of 9♦, has nothing to add)::

    >>> deal = Deal.from_hands(["7♠ 8♦", "9♠ 10♣"], trump="K♥", stock="6♦ 6♣", leader=0)
    >>> state = initial_state("podkidnoy", deal).apply(Action.parse("L7S"))
    >>> print(narrate(state, "C7S9S", names=["Anna", "Boris"]))  # doctest: +NORMALIZE_WHITESPACE
    Boris covers 7♠ with 9♠: a higher card of the same suit beats; Anna has no 7 or 9 to add
    and is passed over (D2) [Rozaliev 2]

Only actions the engine accepts are described: an action that ``explain`` refuses raises
:class:`~durak_lessons.errors.IllegalActionError` with the engine's reason.

Citations (``Reason.rule``) are one or more of: an R-number of the rules brief, a D-number of
this project's readings (:data:`~durak_lessons.rules.OUR_READINGS`) or a source section
(``Rozaliev 2``), joined by ``"; "`` when a sentence rests on several; the first is the rule
that allows the action.

Read-only state this module would like public accessors for (it reads the private attributes
meanwhile, in the three helpers at the end): ``BoutState._no_transfer`` (the first lead «под
дурака», R11), ``BoutState._lead_passes`` (leads passed in a row, 1.г/R19) and
``ChainState._laid_by`` (who laid the top card of the centre, R17).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .actions import Action, Kind, checked
from .beating import BEATING_RULE
from .blind import BlindState
from .bout import _READING, _SHAPE_TEXT, BoutState
from .cards import CARDS, Card, Suit, cards_of
from .chain import TOP_PLAIN, TOP_TRUMP, ChainState
from .engine import GameState, checked_state
from .errors import IllegalActionError, Reason, check_names
from .own_trumps import TrumpChoiceState
from .rules import Beating, ChainTake, LeadShape, OnFail, Rules, ThrowIns

__all__ = ["describe_action", "justify", "narrate"]

Names = Sequence[str] | None

#: the rule that makes one card beat another, by the beating relation
_BEATING_RULE: Final = BEATING_RULE
_SPADES: Final = int(Suit.SPADES)


# ---- public API ----------------------------------------------------------------------------------


def justify(state: GameState, action: Action | str, *, names: Names = None) -> Reason:
    """The rule that allowed ``action`` in ``state``, and a sentence saying why.

    Raises :class:`IllegalActionError` (with the engine's reason) if the engine refuses the
    action, and :class:`TypeError` for a state of a game this module does not narrate.
    ``names`` (one per seat) replace "seat N" in the sentence; a list of another length, or
    text instead of a list, is refused with a ValueError.
    """
    action = checked(action)
    reason = checked_state(state).explain(action)
    check_names(names, state.n)
    if reason is not None:
        raise IllegalActionError(reason, action)
    if isinstance(state, BlindState) and action.kind == Kind.PICK:
        return _blind_pick(state, action, names)
    if isinstance(state, BoutState):
        return _bout(state, action, names)
    if isinstance(state, ChainState):
        return _chain(state, action, names)
    if isinstance(state, TrumpChoiceState):
        return _name_trump(state, action, names)
    raise TypeError(f"no narration for a {type(state).__name__}")


def narrate(state: GameState, action: Action | str, names: Names = None) -> str:
    """Who did what and why: ``'Seat 1 covers 7♠ with 9♠: a higher card of the same suit
    beats [Rozaliev 2]'`` (the rule in brackets, as :class:`Reason` prints it)."""
    action = checked(action)
    reason = justify(state, action, names=names)
    actor = state.to_move
    assert actor is not None  # justify refused every action of a finished deal
    return f"{_seat(actor, names, capital=True)} {describe_action(action, state)}: {reason}"


def describe_action(action: Action, state: GameState | None = None) -> str:
    """The action in words without the actor: 'covers 7♠ with 9♠', 'passes («бито»)'.

    With ``state``, a pass in the lead phase (1.г, английские) reads 'passes the lead', a pass
    once the defender has said "take" 'passes, adding no more cards to the take', and a
    pick made in defence without a card to cover (the blind переводной, R14) 'tries to
    transfer with the card in position 2'."""
    phase = getattr(state, "phase", "") if state is not None else ""
    if action.kind == Kind.PASS:
        if phase == "lead":
            return "passes the lead"
        if getattr(state, "taking", False):  # «бито» is said of a beaten bout only
            return "passes, adding no more cards to the take"
        return "passes («бито»)"
    if action.kind == Kind.PICK and action.target is None and phase == "defend":
        return f"tries to transfer with the card in position {action.position}"
    return action.describe()


# ---- words ---------------------------------------------------------------------------------------


def _seat(seat: int, names: Names, *, capital: bool = False) -> str:
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return f"{'Seat' if capital else 'seat'} {seat}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _suit_name(suit: int) -> str:
    return f"{Suit(suit).english} ({Suit(suit).symbol})"


def _join(*rules: str) -> str:
    out: list[str] = []
    for rule in rules:
        for part in rule.split("; "):
            if part and part not in out:
                out.append(part)
    return "; ".join(out)


def _why_beats(rules: Rules, trump: int, attack: Card, card: Card, who: str) -> tuple[str, str]:
    """(rule, clause) saying why ``card`` beats ``attack`` for a player whose trump is
    ``trump``; ``who`` names him (for свои козыри)."""
    beating = rules.beating
    rule = rules.cite("beating", _BEATING_RULE[beating])
    if card.suit == attack.suit:
        if beating == Beating.CLOSED_SPADES and attack.suit == _SPADES:
            return rule, f"spades are beaten only by higher spades, and {card} is higher"
        if attack.suit == trump:
            if beating == Beating.OWN_TRUMPS:
                return rule, (
                    f"{Suit(trump).english} are {who}'s own trump suit, and a higher card of it "
                    "beats a lower one"
                )
            return rule, "a higher trump beats a lower one"
        return rule, "a higher card of the same suit beats"
    # a different suit beats only as a trump
    if beating == Beating.OWN_TRUMPS:
        return rule, (
            f"{_suit_name(trump)} are {who}'s own trump suit, which beats any card of another "
            "suit for him"
        )
    if beating == Beating.CLOSED_SPADES:
        always = "are always trump" if rules.fixed_trump else "are trump"
        return rule, (
            f"{Suit(trump).english} ({Suit(trump).symbol}) {always} and beat any card of another "
            "suit except a spade"
        )
    return rule, f"a trump ({Suit(trump).symbol}) beats any card of another suit"


# ---- the bout games ------------------------------------------------------------------------------


def _bout(state: BoutState, action: Action, names: Names) -> Reason:
    reason = _bout_rule(state, action, names)
    skipped = _skipped(state, action, names)  # a consequence, cited in the text
    return Reason(reason.rule, reason.text + skipped) if skipped else reason


def _skipped(state: BoutState, action: Action, names: Names) -> str:
    """What the record shows after ``action``: the throwers the rules passed over for want of
    a card of the table's ranks (D2: public), as a clause (empty if none)."""
    after = state.apply(action)
    if not isinstance(after, BoutState):
        return ""
    last = after.last_played()  # not history(): that walks the whole deal, every narration
    if last is None:
        return ""
    out = ""
    for seat, mask in last.skipped:
        labels = [r.label for r in sorted({CARDS[c].rank for c in cards_of(mask)})]
        words = labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " or " + labels[-1]
        out += f"; {_seat(seat, names)} has no {words} to add and is passed over (D2)"
    return out


def _bout_rule(state: BoutState, action: Action, names: Names) -> Reason:
    kind = action.kind
    if kind == Kind.EXCHANGE:
        return _exchange(state, action, names)
    phase = state.phase
    if phase == "lead":
        if kind == Kind.LEAD:
            return _lead(state, action, names)
        if kind == Kind.PASS:
            return _pass_lead(state, names)
    if phase == "defend":
        if kind == Kind.COVER:
            return _cover(state, action, names)
        if kind == Kind.TRANSFER:
            return _transfer(state, action, names)
        if kind == Kind.RETURN:
            return _give_back(state, action, names)
        if kind == Kind.TAKE:
            return _take(state, names)
    if phase == "throw-in":
        if kind == Kind.THROW:
            return _throw(state, action, names)
        if kind == Kind.PASS:
            return _pass_throw(state, names)
    raise _unnarrated(state, action)


def _unnarrated(state: GameState, action: Action) -> TypeError:
    """An action the engine accepts but this module does not know (a new kind of action):
    fail loudly rather than give it another action's reason."""
    return TypeError(f"no narration for {action} in a {type(state).__name__}")


def _team_clause(state: BoutState, seat: int, names: Names) -> str:
    """R9: a partner plays the seat of a player who went out."""
    player = state.controller(seat)
    if player == seat:
        return ""
    return f"; he plays the seat of his partner {_seat(seat, names)}, who is out (R9)"


def _lead(state: BoutState, action: Action, names: Names) -> Reason:
    rules = state.rules
    shape = rules.lead_shape
    size = len(action.cards)
    text = _SHAPE_TEXT[shape]
    rule = state._shape_rule()
    # the reading that caps the size (R1, R6, R19, D33), in the sentence without the source
    limit_rule = "; ".join(p for p in state._size_rule().split("; ") if _READING.match(p)) or "R1"
    defender_cards = state.hand_mask(state.controller(state.defender)).bit_count()
    if size > 1:
        if state.limit < rules.attack_limit and state.limit != defender_cards:
            within = f"the first bout's limit of {state.limit} (R6 option)"
        elif state.limit < rules.attack_limit:
            within = f"this bout's limit of {state.limit}, the defender's hand ({limit_rule})"
        else:
            within = f"this bout's limit of {state.limit} ({limit_rule})"
        text += f"; its {size} cards are within {within}"
        if shape == LeadShape.S_PAR and size == 2:
            text += "; a lone pair, and the defender holds exactly two cards (D21)"
            rule = _join(rule, "D21")
    if rules.oversize_leads and size > defender_cards:
        text += (
            f"; it may hold more cards than the defender's {defender_cards}, who will give back "
            "what he does not answer (R1 option)"
        )
        rule = _join(rule, "R1")
    if shape == LeadShape.ANY_COUNT and rules.lead_size:
        text += f" (agreed: {rules.lead_size})"
    if _no_transfer(state):
        text += (
            "; this first lead of the deal is made «под дурака», at the fool, and may not be "
            "transferred (R11 option)"
        )
        rule = _join(rule, "R11")
    text += _team_clause(state, state.leader, names)
    return Reason(rule, text)


def _pass_lead(state: BoutState, names: Names) -> Reason:
    rules = state.rules
    shape = rules.lead_shape
    rule = "Rozaliev 1.г; R19" if shape == LeadShape.ONE_PAIR else "R19"
    actor = state.controller(state.leader)
    text = (
        f"{_seat(actor, names)} holds no lead of the allowed shape ({_SHAPE_TEXT[shape]}), "
        "so the turn to lead passes to his left"
    )
    after = state.apply(Action(Kind.PASS))
    round_done = _lead_passes(state) + 1 >= state.n - len(state.out)
    if after.is_over:
        if round_done and not state.stock_count and rules.draw_when_all_pass:
            text += "; everybody has passed with the stock empty: the deal is a draw (R19)"
            rule = _join(rule, "R19")
        else:
            text += "; the next bout would start in a position seen before: the deal is drawn (D39)"
            rule = _join(rule, "D39")
    elif round_done and state.stock_count and rules.pass_round_draws:
        text += (
            "; everybody has passed while the stock holds cards, so each player in turn draws "
            "one card and the lead goes on (D36)"
        )
        rule = _join(rule, "D36")
    return Reason(rule, text)


def _cover(state: BoutState, action: Action, names: Names) -> Reason:
    attack = action.target
    assert attack is not None
    player = state.controller(state.defender)
    rule, text = _beats_for(state, player, attack, action.card, names)
    return Reason(rule, text + _team_clause(state, state.defender, names))


def _beats_for(
    state: BoutState | ChainState, player: int, attack: Card, card: Card, names: Names
) -> tuple[str, str]:
    trumps = state.deal.trumps
    trump = trumps[player]
    rules = state.rules
    rule, text = _why_beats(rules, trump, CARDS[attack], CARDS[card], _seat(player, names))
    if rules.beating == Beating.OWN_TRUMPS and CARDS[card].suit != CARDS[attack].suit:
        owner = [p for p, t in enumerate(trumps) if t == CARDS[attack].suit and p != player]
        if owner:
            text += (
                f" ({CARDS[attack].suit.english} are {_seat(owner[0], names)}'s trump, a plain "
                "suit for him)"
            )
    return rule, text


def _transfer(state: BoutState, action: Action, names: Names) -> Reason:
    card = action.card
    attacks = [a for a, _c in state.table]
    after = state.apply(action)
    assert isinstance(after, BoutState)
    target = after.defender
    target_player = after.controller(target)
    have = after.hand_mask(target_player).bit_count()
    need = len(after.table)
    text = (
        f"{card} is of the rank on the table ({attacks[0].rank}) and nothing is covered yet, "
        f"so the bout passes to {_seat(target, names)}"
    )
    if have < need:
        return Reason(
            "R13",
            text + ": «отказ» — two players are left, the stock is empty and the leader has just "
            "emptied his hand, so the bout goes back to him and he must take it (Rozaliev 3.б)",
        )
    text += (
        f", who holds {_plural(have, 'card')}, no fewer than the {need} that now lie on the "
        f"table; {_seat(state.controller(state.defender), names)} becomes the leader"
    )
    return Reason("R12", text + _team_clause(state, state.defender, names))


def _give_back(state: BoutState, action: Action, names: Names) -> Reason:
    uncovered = sum(1 for _a, c in state.table if c is None)
    have = state.hand_mask(state.controller(state.defender)).bit_count()
    leader = _seat(state.controller(state.leader), names)
    return Reason(
        "R1",
        f"the defender holds {_plural(have, 'card')} against {uncovered} uncovered led cards, so "
        f"he first gives back the ones he will not answer: {action.card} goes back to {leader}, "
        "face up (R1 option, the dictionary's procedure)",
    )


def _take(state: BoutState, names: Names) -> Reason:
    rules = state.rules
    on_fail = rules.on_fail
    if on_fail == OnFail.ALL:
        if rules.lead_shape == LeadShape.S_PAR:
            rule, what = "D38", "every card on the table, his covers too (the regional variant)"
        elif rules.throw_ins == ThrowIns.NONE:
            rule, what = "R3", "every card on the table (nothing is discarded)"
        else:
            rule, what = "Rozaliev 2", "every card on the table"
    elif on_fail == OnFail.UNCOVERED:
        rule, what = "R3", "only the uncovered cards (the beaten pairs go to the discard)"
    elif on_fail == OnFail.FAILED_CARD:
        rule, what = "R16", (
            "only the uncovered cards he failed against (the beaten pairs go to the discard; "
            "8.а, reconstructed)"
        )
    else:
        rule, what = "R16", "every card led so far, his covers too (8.б)"
    if rules.must_cover:
        text = "no uncovered card can be beaten from his hand, so he may take (D24)"
        rule = _join("D24", rule)
    else:
        text = "the defender may always give up"
    text += f"; he takes {what} and loses his turn to lead"
    after = state.apply(Action(Kind.TAKE))
    if isinstance(after, BoutState) and after.taking:
        text += "; first the others may still throw in, within the limit (R7)"
        rule = _join(rule, "R7")
    return Reason(rule, text + _team_clause(state, state.defender, names))


def _throw(state: BoutState, action: Action, names: Names) -> Reason:
    card = action.card
    held = len(state.table) + 1
    text = (
        f"{card} is of a rank already on the table, and the bout then holds "
        f"{held} of at most {state.limit} led cards (R6)"
    )
    if state.taking:
        return Reason(
            "R7", "the defender has said «take», and throw-ins are still allowed: " + text
        )
    return Reason("R5", text + "; throw-ins go in turn, the leader first, then clockwise")


def _pass_throw(state: BoutState, names: Names) -> Reason:
    text = "a thrower may always stop adding cards"
    after = state.apply(Action(Kind.PASS))
    if after.is_over or getattr(after, "phase", "") != "throw-in":
        if state.taking:
            text += "; nobody else throws in, so the defender takes the cards"
            return Reason("R5", text + " (R7)")
        text += "; everyone who may throw in has passed: the bout is beaten and discarded"
    else:
        text += "; the turn to throw in goes to the next eligible player"
    return Reason("R5", text)


def _exchange(state: BoutState, action: Action, names: Names) -> Reason:
    turned = state.under_card
    return Reason(
        "R19; D42; D22",
        f"{action.card} is the lowest trump of the pack (D42), and its holder may swap it for "
        f"the turned-up trump {turned} while that lies under the stock, whenever he is to act "
        "(D22); once a deal, and the six is then drawn last, face up (D23)",
    )


# ---- the blind game (R14) ------------------------------------------------------------------------


def _blind_pick(state: BlindState, action: Action, names: Names) -> Reason:
    actor = state.to_move
    assert actor is not None
    card = state.picked_card(action)
    assert card is not None
    phase = state.phase
    picked = f"the card in that position is {card}"
    if phase == "lead":
        return Reason(
            "R14; D27",
            f"{picked}; in the blind game a lead is one card picked by its position, unseen by "
            "its holder (D27)",
        )
    table = state.table
    ranks = {c.rank for pair in table for c in pair if c is not None}
    if phase == "throw-in":
        if card.rank in ranks:
            return Reason(
                "R14; R5",
                f"{picked}, of a rank already on the table, so it is thrown in; the bout then "
                f"holds {len(table) + 1} of at most {state.limit} led cards (R6)",
            )
        wrong = f"{picked}, of no rank on the table"
        return _punishment(state, action, actor, card, wrong, names, late=state.taking)
    target = action.target
    if target is not None:
        if state.beats(target, card, actor):
            rule, why = _beats_for(state, actor, target, card, names)
            return Reason(_join("R14", rule), f"{picked}, and it beats {target}: {why}")
        wrong = f"{picked}, which does not beat {target}"
        return _punishment(state, action, actor, card, wrong, names, late=False)
    led = table[0][0]
    if card.rank == led.rank:
        after = state.apply(action)
        assert isinstance(after, BoutState)
        return Reason(
            "R14; R12",
            f"{picked}, of the led rank ({led.rank}), laid beside the led cards: the bout is "
            f"transferred to {_seat(after.defender, names)} (R12)",
        )
    wrong = f"{picked}, not of the led rank ({led.rank}), so it is no transfer"
    return _punishment(state, action, actor, card, wrong, names, late=False)


def _punishment(
    state: BlindState,
    action: Action,
    offender: int,
    card: Card,
    wrong: str,
    names: Names,
    *,
    late: bool,
) -> Reason:
    after = state.apply(action)
    text = (
        f"{wrong}: a wrong play is not refused but punished — {_seat(offender, names)} takes "
        f"every card of the bout and his {card}, and the bout ends"
    )
    if after.is_over:
        text += "; that ends the deal"
    elif isinstance(after, BoutState):
        text += f"; the hands are refilled (R4) and {_seat(after.leader, names)} leads"
    if late:
        text += "; after «take» the thrower, not the defender, takes the table (D30)"
        return Reason("R14; D30", text)
    return Reason("R14", text)


# ---- свои козыри: naming one's own trump (R16) ---------------------------------------------------


def _name_trump(state: TrumpChoiceState, action: Action, names: Names) -> Reason:
    suit = action.position
    named = state.named
    what = _suit_name(suit)
    if state.rules.split_pack:
        own = (
            "one of the two suits of the colour he took" if state.n == 2 else "the suit he took"
        )
        return Reason(
            "R16; D44; D32",
            f"with the pack split, each player names as his trump {own}, in turn from the"
            f" dealer's left (D44, D32): {what}",
        )
    if state.n == 2:
        if not named:
            return Reason(
                "R16; D31; D32",
                f"each player names a trump suit of his own after the deal, in turn from the "
                f"dealer's left (D32); the first may name any suit, and {what} gives him its "
                "colour (D31)",
            )
        return Reason(
            "R16; D31",
            f"with two players the second names a suit of the other colour than "
            f"{Suit(named[0]).english}: {what} (D31)",
        )
    text = (
        f"each player names a suit nobody has named yet, in turn from the dealer's left "
        f"(D31, D32): {what}"
    )
    if len(named) + 1 == state.n and state.n < 4:
        text += "; the suits nobody named are plain for everybody"
    return Reason("R16; D31", text)


# ---- the chain games (R17, R18) ------------------------------------------------------------------


def _chain(state: ChainState, action: Action, names: Names) -> Reason:
    rules = state.rules
    cite = "R17" if rules.chain_lead_on else "R18"
    source = "Rozaliev 9" if rules.chain_lead_on else "Rozaliev 10"
    actor = state.to_move
    assert actor is not None
    kind = action.kind
    centre = state.centre
    if kind == Kind.LEAD:
        # with two players in play, "he laid the top card" does not tell a cover from the
        # opponent's card that was just taken: _laid_by is not reset by a take
        sure = state.n - len(state.out) > 2
        if centre and rules.chain_lead_on:
            laid_by = _laid_by(state)
            if sure and laid_by == actor:
                return Reason(
                    cite,
                    "having covered, he now leads a card of his own to the next player; the "
                    f"covered cards stay in the centre ({source})",
                )
            if sure and laid_by not in state.out:
                return Reason(
                    cite,
                    "the player before him failed and took, so he leads a new card onto the "
                    f"pile ({source})",
                )
            return Reason(
                cite,
                "the player who has just covered leads a card of his own to the next player (his "
                "left neighbour if he has gone out), and after a take the taker's left neighbour "
                f"leads a new card; the cards in the centre stay there ({source})",
            )
        if centre:  # дорожный: a lead onto cards left in the centre follows a failed turn
            return Reason(
                _join(cite, "D15"),
                "his turned card did not beat the top card, so he took both and now lays a card "
                "of his own at the next player onto what is left in the centre; it need not "
                f"beat the top card ({source}; D15)",
            )
        if sure and rules.chain_discard and _laid_by(state) == actor and state.discard_count:
            return Reason(
                _join(cite, "D16"),
                "his card completed the centre, which went to the discard, so he leads any one "
                "card onto the empty centre (D16)",
            )
        return Reason(cite, f"the centre is empty: he leads any one card onto it ({source})")
    if kind == Kind.BEAT:
        top = centre[-1]
        _rule, why = _beats_for(state, actor, top, action.card, names)
        text = f"{why}, so {action.card} beats the top card {top} ({source})"
        extra_rule, extra = _after_chain_card(state, action, names)
        return Reason(_join(cite, extra_rule), text + extra)
    if kind == Kind.FLIP:
        card = state.personal_pile(actor)[-1]
        text = (
            f"he may always turn the top card of his own face-down pile instead of playing from "
            f"his hand (D14); it is {card}"
        )
        if not centre:
            return Reason("R18; D14", text + ", led onto the empty centre")
        if state.phase == "lead":  # after his turned card failed: laid, not beating (D15)
            return Reason(
                "R18; D14; D15",
                text + ", laid at the next player onto what is left in the centre; after a "
                "failed turn his card need not beat the top card (D15)",
            )
        top = centre[-1]
        if state.beats(top, card, actor):
            _rule, why = _beats_for(state, actor, top, card, names)
            extra_rule, extra = _after_chain_card(state, action, names)
            return Reason(
                _join("R18; D14", extra_rule), f"{text}, which beats {top}: {why}{extra}"
            )
        return Reason(
            "R18; D15",
            f"{text}, which does not beat {top}: he takes both cards and lays a card of his"
            " own at the next player (D15)",
        )
    if kind == Kind.TAKE:
        return _chain_take(state, actor, cite, source, names)
    raise _unnarrated(state, action)


def _after_chain_card(state: ChainState, action: Action, names: Names) -> tuple[str, str]:
    """What follows a card laid on the centre: lead on (R17) or the discard (R18, D16)."""
    after = state.apply(action)
    if state.rules.chain_lead_on:
        if state.to_move in after.out:  # his last card: he is out, his left neighbour leads
            return "R17", "; that was his last card: he is out, and his left neighbour leads (R17)"
        return "R17", "; now he leads a card of his own to the next player (R17)"
    if after.discard_count > state.discard_count:
        players = state.n - len(state.out)
        return "D16", (
            f"; the centre now holds a card for each of the {players} players in play and goes "
            "to the discard, and the last beater leads (D16)"
        )
    return "", ""


def _chain_take(
    state: ChainState, actor: int, cite: str, source: str, names: Names
) -> Reason:
    rules = state.rules
    centre = state.centre
    top = centre[-1]
    text = f"no card in his hand beats {top}"
    rule = _join(cite, "D10")
    how = rules.chain_take
    final = how == ChainTake.BOTTOM and rules.chain_final_top and not any(state.pile_sizes)
    if rules.personal_piles and not final:
        text += " and his own pile is used up (D14)"
    if how == ChainTake.PILE:
        text += (
            f", so he takes the whole centre pile, {_plural(len(centre), 'card')} (Rozaliev 9.а), "
            "and his left neighbour leads a new card"
        )
    elif how == ChainTake.TOP:
        trump = state.deal.trumps[actor]
        count = TOP_TRUMP if trump >= 0 and top.suit == trump else TOP_PLAIN
        under = "the unbeaten card is a trump, so " if count == TOP_TRUMP else ""
        text += (
            f", so he takes the top cards of the pile: {under}{min(count, len(centre))} of them "
            "(Rozaliev 9.б: 3, or 5 under a trump), and his left neighbour leads a new card"
        )
    elif final:
        count = min(rules.chain_final_top, len(centre))
        top_cards = "the top card" if count == 1 else f"the top {count} cards"
        text += f" and every personal pile is used up, so he takes {top_cards} of the centre (D17)"
        rule = _join(cite, "D17")
    elif len(centre) == 1:
        text += (
            f", so he takes the bottom card of the centre, {centre[0]}, the only one: the centre "
            f"is empty and the next player leads ({source})"
        )
    else:
        text += (
            f", so he takes the bottom card of the centre, {centre[0]}, and the next player "
            f"beats the same top card ({source})"
        )
    return Reason(rule, text)


# ---- private state read here until the engine offers accessors (see the module docstring) --------


def _no_transfer(state: BoutState) -> bool:
    """The bout is the first of the deal, led «под дурака» (R11): no transfer."""
    return bool(getattr(state, "_no_transfer", False))


def _lead_passes(state: BoutState) -> int:
    """Leads passed in a row so far (1.г, английские)."""
    return int(getattr(state, "_lead_passes", 0))


def _laid_by(state: ChainState) -> int:
    """Who laid the top card of the centre (-1: nobody yet)."""
    return int(getattr(state, "_laid_by", -1))

