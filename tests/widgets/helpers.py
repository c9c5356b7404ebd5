"""Drive a PlayTable through its own buttons: turn an engine action into the clicks a reader
would make (the action itself is always chosen from the engine's legal actions)."""

from __future__ import annotations

import random

from durak_lessons.widgets import OchkoTable, PlayTable

from durak_lessons import Action, Kind


def click_action(table: PlayTable, action: Action) -> None:
    """Perform ``action`` for the human to move by clicking the table's buttons."""
    kind = action.kind
    if kind == Kind.LEAD:
        for card in action.cards:
            table.card_button(card).click()
        table.action_buttons["lead"].click()
    elif kind == Kind.THROW:
        table.card_button(action.card).click()
    elif kind == Kind.COVER:
        assert action.target is not None
        table.attack_buttons[action.target].click()
        table.card_button(action.card).click()
    elif kind == Kind.TRANSFER:
        table.action_buttons["transfer"].click()
        table.card_button(action.card).click()
    elif kind == Kind.TAKE:
        table.action_buttons["take"].click()
    elif kind == Kind.PASS:
        table.action_buttons["pass"].click()
    elif kind == Kind.BEAT:
        table.card_button(action.card).click()
    elif kind == Kind.PICK:
        state = table.game.state
        if action.target is not None:
            uncovered = [a for a, c in state.table if c is None]
            if len(uncovered) > 1:
                table.attack_buttons[action.target].click()
        elif state.phase == "defend":
            table.action_buttons["transfer"].click()  # a pick laid beside the table: transfer
        table.position_buttons[action.position].click()
    else:  # flip, naming a trump, the trump exchange: the "Other move" list
        table.special_moves.value = str(action)
        table.action_buttons["special"].click()


def prefer(kind: Kind):  # type: ignore[no-untyped-def]
    """A chooser that plays ``kind`` whenever the engine offers it, else a random action."""

    def choose(actions: list[Action], rng: random.Random) -> Action:
        preferred = [a for a in actions if a.kind == kind]
        pool = preferred or actions
        return pool[rng.randrange(len(pool))]

    return choose


def play_to_end(table: PlayTable, seed: int, choose=None, limit: int = 2000) -> list[Action]:  # type: ignore[no-untyped-def]
    """Play the humans' moves by clicks until the deal ends; return the humans' actions."""
    rng = random.Random(seed)
    chooser = choose or (lambda actions, r: actions[r.randrange(len(actions))])
    played: list[Action] = []
    for _ in range(limit):
        state = table.game.state
        if state.is_over:
            return played
        assert table.human_to_move, "bots at the instant pace leave the turn to a human"
        action = chooser(state.legal_actions(), rng)
        before = len(table.game.history)
        click_action(table, action)
        assert table.game.history[before] == action, (action, table.message)
        assert table.refusal is None
        played.append(action)
    raise AssertionError("the deal did not end")


def ochko_snapshot(table: OchkoTable) -> tuple[object, ...]:
    """All that a click on an OchkoTable could change: the game (the object itself, which
    New session replaces; its positions; the generators of the packs and of the bots), what
    Undo would take back, what the table says and shows, every control's value and state."""
    game = table.game
    controls = [(n, b.disabled, b.description) for n, b in table.buttons.items()]
    shown = [
        w.value
        for w in (
            table.status_html,
            table.bank_html,
            table.seats_html,
            table.hand_html,
            table.message_html,
            table.odds_html,
            table.log_html,
        )
    ]
    return (
        game,
        game.state,
        tuple(game.history),
        game.rng.getstate(),
        game.bot_rng.getstate(),
        list(table._checkpoints),
        list(table.lines),
        table.message,
        table.refusal,
        table.odds_text,
        shown,
        controls,
        table.stake_box.value,
        table.stake_box.disabled,
    )
