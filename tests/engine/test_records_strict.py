"""A record that no game could have written is refused whole, with what is wrong named."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from durak_lessons import Game, InvalidRecordError, Record

TEXT = Game("podkidnoy", players=3, seed=5).record().to_text()  # t=6D; tr=D,D,D; l=2


@pytest.mark.parametrize(
    ("old", "new", "why"),
    [
        ("tr=D,D,D", "tr=H,H,H", "the turned-up 6♦ makes ♦ trumps"),
        ("tr=D,D,D", "tr=S,H,C", "one trump suit for every seat"),
        ("tr=D,D,D", "tr=-,-,-", "one trump suit for every seat"),
        (";l=2", ";l=2;ts=0", "said to have left the stock"),
    ],
)
def test_trumps_that_no_deal_gives_are_refused(old: str, new: str, why: str) -> None:
    assert old in TEXT
    with pytest.raises(InvalidRecordError, match=why):
        Record.from_text(TEXT.replace(old, new))


def test_a_fixed_trump_game_refuses_another_trump() -> None:
    text = Game("diamonds", players=2, seed=1).record().to_text()
    assert "tr=D,D" in text
    with pytest.raises(InvalidRecordError, match="R15"):
        Record.from_text(text.replace("tr=D,D", "tr=H,H"))


def _json() -> dict[str, Any]:
    game = Game("podkidnoy", players=2, seed=3)
    game.push(game.legal_actions()[0])
    return json.loads(json.dumps(game.record().to_json()))  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    ("change", "why"),
    [
        (lambda d: d["deal"].__setitem__("dealer", 1.9), "expected a whole number, got 1.9"),
        (lambda d: d["deal"].__setitem__("no_transfer_frist", True), "'no_transfer_frist'"),
        (lambda d: d.pop("format"), "missing element 'format'"),
        (lambda d: d.__setitem__("outcome", "won"), "unknown element"),
        (lambda d: d["deal"].__setitem__("extra", ["ab"]), r"\[key, value\] strings"),
        (lambda d: d["deal"].__setitem__("extra", [["shown", "A♠"]]), "D25"),
    ],
)
def test_a_json_record_is_read_strictly(change: Callable[[dict[str, Any]], object], why: str) -> None:
    data = _json()
    assert Record.from_json(data).actions
    change(data)
    with pytest.raises(InvalidRecordError, match=why):
        Record.from_json(data)


def test_a_text_record_must_be_text() -> None:
    from durak_lessons.ochko import OchkoRecord

    with pytest.raises(InvalidRecordError, match="string, not NoneType"):
        Record.from_text(None)  # type: ignore[arg-type]
    with pytest.raises(InvalidRecordError, match="string, not NoneType"):
        OchkoRecord.from_line(None)  # type: ignore[arg-type]


@pytest.mark.parametrize("key", ["format", "rules", "balances", "banker", "actions"])
def test_an_ochko_record_missing_an_element_is_refused(key: str) -> None:
    from durak_lessons.ochko import OchkoGame, OchkoRecord

    game = OchkoGame([50, 50], seed=1)
    game.deal()
    data = game.record().to_dict()
    del data[key]
    with pytest.raises(InvalidRecordError, match=f"record.{key}"):
        OchkoRecord.from_dict(data)
