"""Очко's records and games taken as the Durak side's are (session 42)."""

from __future__ import annotations

import json

import pytest

import durak_lessons as dl
from durak_lessons.ochko import OchkoGame, OchkoRecord


def session() -> OchkoGame:
    game = OchkoGame([50, 50], seed=1)
    game.deal("6S 10H 9C")
    game.push("stake 5")
    return game


def test_a_game_is_taken_up_from_the_text_of_its_record_as_on_the_durak_side() -> None:
    game = session()
    # was: InvalidRecordError "record: expected an OchkoRecord (...), not 'ochko/1 | ..."
    again = OchkoGame.from_record(game.record().to_text())
    assert again.history == game.history and again.state == game.state
    again.push("stand")
    assert len(again.history) == 3 and len(game.history) == 2
    with pytest.raises(
        dl.InvalidRecordError,
        match=r"^record: expected an OchkoRecord or its text \(OchkoRecord.to_text\(\)\), not None",
    ):
        OchkoGame.from_record(None)  # type: ignore[arg-type]


def test_a_record_dumps_its_json_text_as_the_durak_record_does() -> None:
    record = session().record()
    # was: AttributeError: 'OchkoRecord' object has no attribute 'dumps'
    text = record.dumps()
    assert text == record.to_json() and json.loads(text) == record.to_dict()
    assert OchkoRecord.from_json(text) == record
    assert record.dumps(indent=2) == record.to_json(indent=2) != text


def test_a_durak_record_given_to_ochko_says_what_reads_it() -> None:
    durak = dl.Game("podkidnoy", seed=1).record()
    message = (
        r"^record.format: 'durak-lessons/1' is a record of a Durak game, not of Очко:"
        r" durak_lessons\.Record reads it \(Game\.from_record plays it\)$"
    )
    # was: "record: expected 5 fields separated by '|', found 4" and "record.deal: unknown key"
    for load, data in [
        (OchkoRecord.from_text, durak.to_text()),
        (OchkoGame.from_record, durak.to_text()),
        (OchkoRecord.from_json, durak.dumps()),
        (OchkoRecord.from_dict, durak.to_json()),
    ]:
        with pytest.raises(dl.InvalidRecordError, match=message):
            load(data)  # type: ignore[operator]
