"""Bots named and the solver refused as a user types them (session 42)."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

import durak_lessons as dl
from durak_lessons.heuristic import HeuristicBot
from durak_lessons.solver import solve
from durak_lessons.tournament import make_bot

BOTS = "bots are: random, greedy, heuristic (or card-tracking), search"


def test_a_bot_is_named_in_any_case_as_a_preset_is() -> None:
    # was: "unknown bot 'Greedy'", where find_preset("Podkidnoy") finds its preset
    assert isinstance(make_bot("Greedy"), dl.GreedyBot)
    assert isinstance(make_bot(" RANDOM "), dl.RandomBot)
    assert isinstance(make_bot("Card-Tracking"), HeuristicBot)
    assert make_bot("Search:iterations=5").iterations == 5  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("rnadom", f"unknown bot 'rnadom' (did you mean 'random'?); {BOTS}"),
        ("GreedyBot", f"unknown bot 'GreedyBot' (did you mean 'greedy'?); {BOTS}"),
        ("heuristc", f"unknown bot 'heuristc' (did you mean 'heuristic'?); {BOTS}"),
        ("genius", f"unknown bot 'genius'; {BOTS}"),
        (
            "search:iter=5",
            "bot search: unknown option 'iter' (did you mean 'iterations'?); options are:"
            " iterations, exploration, solver_nodes, max_steps, policy, time_limit, tree,"
            " inference, candidates, name",
        ),
        ("random:seed=1", "bot random: unknown option 'seed'; random takes no options"),
    ],
)
def test_a_bot_or_option_mistyped_is_refused_with_the_name_meant(spec: str, message: str) -> None:
    # was: the list of names only, never the one meant
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        make_bot(spec)


@pytest.mark.processes
def test_the_terminal_names_the_bot_meant_for_a_slip() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "durak_lessons.tournament", "greedy", "rnadom", "--deals", "1",
         "--sequential"],
        capture_output=True, text=True, timeout=60, check=False,
    )
    assert run.returncode == 2
    assert f"error: unknown bot 'rnadom' (did you mean 'random'?); {BOTS}" in run.stderr


def test_the_solver_refusing_a_stock_of_one_card_says_one_card() -> None:
    deal = dl.Deal.from_hands(["6S 7H AH", "8S 9H 6H"], trump="TH")  # the 10♥ left to draw
    game = dl.Game("podkidnoy", deal=deal)
    assert game.state.stock_count == 1
    # was: "the stock still holds 1 cards"
    with pytest.raises(ValueError, match=r"^the stock still holds 1 card: the position is not"):
        solve(game.state)
    assert solve(game.state, known_stock=True).fool == 1  # taken as known, it is solved
