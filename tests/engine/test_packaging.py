"""Packaging: every engine subpackage ships in the wheel; no bare ``widgets`` module."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_subpackage_is_listed_for_the_wheel() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"]
    listed = set(config["packages"])
    found = {
        "durak_lessons." + ".".join(p.parent.relative_to(ROOT / "durak_lessons").parts)
        for p in (ROOT / "durak_lessons").rglob("__init__.py")
    }
    found = {name.rstrip(".") for name in found} | {"durak_lessons.widgets"}
    assert found <= listed, f"not shipped: {sorted(found - listed)}"
    assert "widgets" not in listed
    assert config["package-dir"]["durak_lessons.widgets"] == "widgets"
