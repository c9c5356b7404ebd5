"""CONTRIBUTING.md names files, code, tests and commands: each must still exist, so that the
guide cannot point a contributor at something renamed or gone."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

import durak_lessons

ROOT = Path(__file__).resolve().parents[1]
GUIDE = (ROOT / "CONTRIBUTING.md").read_text("utf-8")
SPANS = sorted({s.replace("\n", " ") for s in re.findall(r"`([^`]+)`", GUIDE)})

MODULES = {  # by the name the guide uses: "bots", "ochko.bots"
    m.name.removeprefix("durak_lessons."): importlib.import_module(m.name)
    for m in pkgutil.walk_packages(durak_lessons.__path__, "durak_lessons.")
    if not m.name.endswith("__main__")
} | {"durak_lessons": durak_lessons}
SOURCE = "\n".join(
    p.read_text("utf-8")
    for folder in ("durak_lessons", "widgets", "scripts", "benchmarks", "book", "tests")
    for p in (ROOT / folder).rglob("*")
    if p.suffix in (".py", ".md") and "_build" not in p.parts
)


def is_path(span: str) -> bool:
    return ("/" in span and " " not in span) or span.endswith((".py", ".md", ".json"))


PATHS = [s for s in SPANS if is_path(s)]
DOTTED = [s for s in SPANS if re.fullmatch(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)+(\(\))?", s)
          and not is_path(s)]
TESTS = [s for s in SPANS if re.fullmatch(r"test_\w+", s)]
COMMANDS = [s for s in SPANS if s.startswith("python ")]


def test_the_guide_names_things_of_each_kind() -> None:
    assert len(PATHS) > 10 and len(DOTTED) > 10 and TESTS and len(COMMANDS) >= 3


@pytest.mark.parametrize("path", PATHS)
def test_a_file_the_guide_names_exists(path: str) -> None:
    candidates = [ROOT / path, ROOT / "durak_lessons" / path]
    if "<" in path:  # a pattern: tests/golden/<preset>.txt
        found = list(ROOT.glob(re.sub(r"<[^>]+>", "*", path)))
    else:
        found = [c for c in candidates if c.exists()]
    assert found, f"CONTRIBUTING.md names {path}, which does not exist"


def owner(first: str) -> object:
    """What the first part of a dotted name is: a module of the engine, or a name defined
    in one."""
    if first in MODULES:
        return MODULES[first]
    for module in [durak_lessons, *MODULES.values()]:
        if hasattr(module, first):
            return getattr(module, first)
    raise AssertionError(f"{first}: no module or name of durak_lessons")


@pytest.mark.parametrize("dotted", DOTTED)
def test_a_name_the_guide_gives_is_in_the_code(dotted: str) -> None:
    first, *rest = dotted.removesuffix("()").split(".")
    thing = owner(first)
    for part in rest:
        fields = getattr(thing, "__dataclass_fields__", {})
        # an attribute each instance is given (``self.mirror = ...``) counts too
        given = inspect.isclass(thing) and f"self.{part} = " in inspect.getsource(thing)
        assert hasattr(thing, part) or part in fields or given, f"{dotted}: no {part} in {thing!r}"
        thing = getattr(thing, part, None)


@pytest.mark.parametrize("name", TESTS)
def test_a_test_the_guide_names_exists(name: str) -> None:
    assert re.search(rf"def {name}\(", SOURCE), f"no test {name}"


@pytest.mark.processes
@pytest.mark.parametrize("command", COMMANDS)
def test_a_command_of_the_guide_takes_the_options_it_is_given(command: str) -> None:
    """Each ``python ...`` line: the script or module exists and its ``--help`` lists every
    option the guide gives it (the commands themselves take minutes: benchmarks)."""
    argv = shlex.split(command.replace("<id>", "podkidnoy"))[1:]
    if argv[0] == "-m":
        target, rest = argv[:2], argv[2:]
    else:
        target, rest = argv[:1], argv[1:]
        assert (ROOT / target[0]).exists(), target
    words = [w for w in rest if not w.startswith("-")]
    sub = words[:1] if words and not rest[0].startswith("-") else []
    if sub and target[-1] == "durak_lessons":  # a subcommand has a help of its own
        target = [*target, *sub]
    done = subprocess.run([sys.executable, *target, "--help"], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    for option in (w for w in rest if w.startswith("--")):
        assert option in done.stdout, f"{command}: {option} is not an option any more"
