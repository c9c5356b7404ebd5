"""Helpers shared by the browser fixtures: scripts as modules, free ports, readiness."""

from __future__ import annotations

import contextlib
import importlib.util
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def load_script(name: str) -> ModuleType:
    """Import scripts/<name>.py (the single source of truth for paths and freshness)."""
    spec = importlib.util.spec_from_file_location(
        f"_scripts_{name}", ROOT / "scripts" / f"{name}.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for_port(
    port: int, proc: subprocess.Popen[bytes] | None = None, timeout: float = 60
) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode} before listening")
        with socket.socket() as s:
            s.settimeout(0.5)
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)  # polling a TCP port, not waiting for the page
    raise TimeoutError(f"nothing listens on 127.0.0.1:{port} after {timeout} s")


def tool_env() -> dict[str, str]:
    """The environment for the venv's command-line tools (voila, jupyter) run by the tests."""
    return {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        "PYDEVD_DISABLE_FILE_VALIDATION": "1",
    }


@contextlib.contextmanager
def voila_server(folder: Path, log: Path) -> Iterator[str]:
    """Voila serving ``folder`` on a free 127.0.0.1 port (the classroom command); yields its
    address and stops it afterwards; its output goes to ``log``."""
    classroom = load_script("classroom")
    port = free_port()
    log.parent.mkdir(parents=True, exist_ok=True)
    with log.open("wb") as out:
        proc = subprocess.Popen(
            classroom.voila_command(folder, port),
            cwd=folder,
            env=tool_env(),
            stdout=out,
            stderr=subprocess.STDOUT,
        )
        try:
            wait_for_port(port, proc)
            yield f"http://127.0.0.1:{port}"
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def lead_first_card_and_see_the_bot_answer(table: Any, bot: str) -> None:
    """On a play table (a Playwright locator) where the reader (seat 0) leads: select his first
    playable card, lead it, and see the move and the bot's answer (``bot``: its name) logged."""
    import re

    from playwright.sync_api import expect

    log = table.locator(".dl-movelog")
    table.locator(".dl-hand button.dl-card.dl-playable").first.click()
    lead = table.locator("button.dl-btn-lead.dl-legal")
    # the kernel has taken the selection once the button names the card (a click before
    # that would lead with nothing selected)
    expect(lead).to_have_text(re.compile(r"^Lead \S+"), timeout=30_000)
    lead.click()
    expect(log).to_contain_text("Seat 0 (you) leads", timeout=30_000)
    expect(log).to_contain_text(f"({bot} bot)", timeout=30_000)
