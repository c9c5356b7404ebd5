"""The examples in the widgets' docstrings run (pytest's --doctest-modules collects
``durak_lessons/`` but not ``widgets/``, installed as ``durak_lessons.widgets``)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import durak_lessons.widgets as package
import pytest

MODULES = sorted(
    f"{package.__name__}.{info.name}" for info in pkgutil.iter_modules(package.__path__)
)


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_of_a_widget_module_run(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_the_modules_with_examples_are_among_them() -> None:
    assert {f"{package.__name__}.table", f"{package.__name__}.ochko_table"} <= set(MODULES)
