"""benchmarks/browser.py sends benchmarks/speed_core.py to the book's Pyodide and compares its
figures with CPython's.  Here, in CPython only and on tiny work: the core needs nothing Pyodide
lacks, gives every figure the table prints, and does the same work twice from one seed (the
browser run compares the two sides' digests)."""

from __future__ import annotations

import ast
import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from durak_lessons.search import SearchBot

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
TINY = {"deals": 1, "playouts": 2, "endgames": 1, "seed": 5}


def load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"_bench_{name}", BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def core(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """The core with a search bot of a small budget (the tables' full one takes seconds)."""
    module = load("speed_core")

    def cheap() -> Any:
        return SearchBot(iterations=30, max_steps=2_000, name="search")

    monkeypatch.setattr(module, "table_search_bot", cheap)
    return module


def test_the_core_imports_only_what_pyodide_has() -> None:
    tree = ast.parse((BENCHMARKS / "speed_core.py").read_text("utf-8"))
    imported = {alias.name.split(".")[0] for node in ast.walk(tree)
                if isinstance(node, ast.Import) for alias in node.names}
    imported |= {node.module.split(".")[0] for node in ast.walk(tree)
                 if isinstance(node, ast.ImportFrom) and node.module and node.level == 0}
    foreign = {m for m in imported if m not in sys.stdlib_module_names and m != "durak_lessons"}
    assert foreign == set()


def test_the_core_gives_every_figure_of_the_table_the_same_way_twice(core: ModuleType) -> None:
    first = core.run(TINY)
    again = core.run(TINY)
    assert first["config"] == TINY
    assert first["search"]["games"] == 2 and first["search"]["moves"] > 10
    for part in ("search", "playouts", "solver"):
        assert first[part]["check"] == again[part]["check"], part
    browser = load("browser")
    first["cpu_s"] = again["cpu_s"] = 1.0  # (browser.py adds each side's CPU time)
    lines = browser.rows(browser.fastest([first]), browser.fastest([first, again]))
    measures = [line[0] for line in lines]
    assert any("search bot" in m and "mean" in m for m in measures)
    assert any("search bot" in m and "slowest" in m for m in measures)
    assert any("search bot" in m and "first round" in m for m in measures)
    assert any("GreedyBot playouts, actions a second" in m for m in measures)
    assert [m.split(",")[0] for m in measures if m.startswith("solver")] == ["solver 5+5"] * 2 + [
        "solver 6+6"
    ] * 2
    assert [m for m in measures if m.startswith("all of it")] == [
        "all of it (a round), s", "all of it (a round), CPU s"]
    for _, cpython, pyodide, ratio in lines:
        assert float(cpython.replace(",", "")) > 0 and float(pyodide.replace(",", "")) > 0
        assert float(ratio) > 0


@pytest.mark.parametrize(
    ("config", "message"),
    [({"deals": 0}, "deals: a whole number, 1 or more"), ({"rounds": 2}, "unknown settings")],
)
def test_the_core_refuses_work_it_cannot_measure(
    core: ModuleType, config: dict[str, int], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        core.run(config)
