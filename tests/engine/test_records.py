"""Records: JSON and one-line text round trips, replay, and refusals of malformed records."""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from durak_lessons import (
    Deal,
    EndlessGameError,
    Game,
    GreedyBot,
    InvalidRecordError,
    RandomBot,
    Record,
    all_presets,
    find_preset,
    play,
    preset_info,
)

PRESETS = ["podkidnoy", "podkidnoy-teams", "perevodnoy", "perevodnoy-otkaz"]


@st.composite
def records(draw: st.DrawFn) -> Record:
    preset = draw(st.sampled_from(PRESETS))
    rules = find_preset(preset)
    if draw(st.booleans()):
        rules = rules.replace(pogony_sixes=draw(st.sampled_from([0, 1, 2])),
                              first_bout_limit=draw(st.sampled_from([0, 5])),
                              throw_in_after_take=draw(st.booleans()))
    players = draw(st.sampled_from([4, 6] if rules.teams else [2, 3, 4, 5, 6]))
    seed = draw(st.integers(0, 10**6))
    bots = [GreedyBot() if draw(st.booleans()) else RandomBot() for _ in range(players)]
    try:
        _, record = play(rules, bots, seed=seed)
    except EndlessGameError:  # with transfers random play can go round for ever: no record
        assume(False)
        raise  # not reached: assume(False) rejects the example
    cut = draw(st.integers(0, len(record.actions)))
    return Record(record.rules, record.deal, record.actions[:cut])


@settings(max_examples=60, deadline=None)
@given(records())
def test_json_round_trip(record: Record) -> None:
    assert Record.from_json(record.to_json()) == record
    assert Record.from_json(record.dumps()) == record
    assert Record.from_json(json.loads(json.dumps(record.to_json()))).final_state() == record.final_state()


@settings(max_examples=60, deadline=None)
@given(records())
def test_text_round_trip(record: Record) -> None:
    text = record.to_text()
    assert "\n" not in text
    assert Record.from_text(text) == record


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6))
def test_deal_text_and_json_round_trip(seed: int) -> None:
    from durak_lessons import deal

    d = deal("perevodnoy", 2 + seed % 5, seed)
    assert Deal.from_text(d.to_text()) == d
    assert Deal.from_json(d.to_json()) == d


def test_replay_reaches_the_same_outcome() -> None:
    outcome, record = play("perevodnoy", [RandomBot(), GreedyBot(), RandomBot()], seed=8)
    again = Record.from_text(record.to_text())
    assert again.outcome == outcome


def _sample() -> Record:
    return play("podkidnoy", [GreedyBot(), GreedyBot()], seed=2)[1]


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.update(rules="no-such-game"), "rules: no preset called 'no-such-game'"),
        (lambda d: d.update(rules="podkidnoy(colour=red)"), "bad option"),
        (lambda d: d["deal"]["hands"][0].__setitem__(0, "1X"), "deal.hands[0]"),
        (lambda d: d["deal"]["hands"][1].__setitem__(0, d["deal"]["hands"][0][0]), "appears twice"),
        (lambda d: d["deal"].update(leader=7), "leader seat 7"),
        (lambda d: d["actions"].__setitem__(3, "Q9Z"), "action 4"),
        (lambda d: d["actions"].__setitem__(0, "take"), "action 1 (take) is illegal"),
        (lambda d: d.pop("deal"), "missing element 'deal'"),
        (lambda d: d.update(format="other/9"), "format"),
    ],
)
def test_malformed_records_name_the_first_bad_element(mutate: object, message: str) -> None:
    data = _sample().to_json()
    mutate(data)  # type: ignore[operator]
    with pytest.raises(InvalidRecordError, match=re.escape(message)):
        Record.from_json(data)


def test_malformed_text_records_are_refused() -> None:
    text = _sample().to_text()
    fmt, rules, deal_text, actions = text.split(" | ")
    for bad, message in [
        (" | ".join([fmt, rules, deal_text]), "4 parts"),
        (" | ".join([fmt, rules, deal_text.replace("d=", "q="), actions]), "unknown element 'q'"),
        (" | ".join([fmt, rules, deal_text, actions + " L2X"]), "action"),
    ]:
        with pytest.raises(InvalidRecordError, match=message):
            Record.from_text(bad)


def test_an_illegal_action_in_the_middle_refuses_the_whole_record() -> None:
    record = _sample()
    actions = [str(a) for a in record.actions]
    i = random.Random(1).randrange(5, len(actions) - 1)
    actions[i] = "L2S"  # no 2 in a 36-card pack: never in anyone's hand
    before = record.states()[i]
    # a lead where the player must lead: the card is missing; else the lead itself is wrong
    reason = "2♠ is not in the hand" if before.phase == "lead" else "seat . must first answer"
    assert re.match(reason, str(before.explain("L2S")))
    with pytest.raises(InvalidRecordError, match=rf"^action {i + 1} \(L2S\) is illegal: {reason}"):
        Record.from_json(record.to_json() | {"actions": actions})


@pytest.mark.parametrize("preset", [p.id for p in all_presets()])
def test_a_game_is_taken_up_again_from_its_record_line(preset: str) -> None:
    """``Game.from_record``: a record's text (a game handed in) becomes the game itself, every
    position replayed, to step back through with pop() or play on with push()."""
    info = preset_info(preset)
    players = info.seat_counts[0]
    outcome, record = play(info.rules, [RandomBot() for _ in range(players)], seed=11)
    line = record.to_text()
    cut = Record(record.rules, record.deal, record.actions[: len(record.actions) // 2])
    game = Game.from_record(cut.to_text())
    assert game.record().to_text() == cut.to_text()
    assert [str(s) for s in game.states] == [str(s) for s in cut.states()]
    for action in record.actions[len(cut.actions):]:  # play on from where it was cut
        game.push(action)
    assert game.record().to_text() == line and game.outcome == outcome
    assert game.pop() == record.actions[-1]


def test_a_record_that_does_not_replay_gives_no_game() -> None:
    line = Game("podkidnoy", seed=3).record().to_text()
    with pytest.raises(InvalidRecordError, match="action 1"):
        Game.from_record(line + " L6S")  # a card seat 0 does not hold (or an illegal lead)
    with pytest.raises(InvalidRecordError, match="Record or its text"):
        Game.from_record(42)  # type: ignore[arg-type]


def test_every_door_that_takes_a_record_or_its_text_answers_alike() -> None:
    """``Record.of`` is what ``Game.from_record``, ``analysis.review`` and the widgets'
    ``HandStepper`` take: a record as it is, its text read, anything else one
    ``NotARecordError`` (a TypeError and an InvalidRecordError) with one message."""
    from durak_lessons.analysis import review
    from durak_lessons.errors import NotARecordError

    record = Game("podkidnoy", seed=3).record()
    assert Record.of(record) is record
    assert Record.of(record.to_text()) == record
    for call in (Record.of, Game.from_record, lambda r: review(r, 0, seed=1)):
        for wrong in (42, None, record.states()):
            with pytest.raises(NotARecordError) as refused:
                call(wrong)  # type: ignore[operator]
            assert isinstance(refused.value, TypeError)
            assert isinstance(refused.value, InvalidRecordError)
            assert str(refused.value) == (
                f"record: expected a Record or its text (Record.to_text()), not {type(wrong).__name__}"
            )
        with pytest.raises(InvalidRecordError, match="a text record has 4 parts"):
            call("nonsense")  # type: ignore[operator]
