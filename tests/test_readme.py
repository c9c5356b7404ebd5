"""The README's code examples run as written."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_python_examples_run() -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text("utf-8"), flags=re.S)
    assert blocks, "the README shows the engine in Python"
    for block in blocks:
        exec(compile(block, str(README), "exec"), {"print": lambda *a, **k: None})


def test_readme_opens_with_the_two_setup_commands() -> None:
    text = README.read_text("utf-8")
    first_block = re.search(r"```sh\n(.*?)```", text, flags=re.S)
    assert first_block is not None
    commands = [line.split("#")[0].strip() for line in first_block.group(1).splitlines()]
    assert commands[:2] == ["make book", "make test"]
