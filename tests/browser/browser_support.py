"""Helpers shared by the browser fixtures: scripts as modules, free ports, a Voila server."""

from __future__ import annotations

import contextlib
import importlib.util
import os
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import IO, Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[2]


def non_local(urls: list[str]) -> list[str]:
    """The URLs (of ``page.requests``) asked of any machine but this one."""
    return [
        u
        for u in urls
        if urlsplit(u).scheme in {"http", "https", "ws", "wss"}
        and urlsplit(u).hostname != "127.0.0.1"
    ]


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


def _copy_until_ready(
    proc: subprocess.Popen[bytes], out: IO[bytes], address: bytes, ready: threading.Event
) -> None:
    """Copy the server's output to its log, line by line, and set ``ready`` once it prints the
    address it serves (Voila prints it after binding the port); also when it exits, so
    that nobody waits for a server that is gone."""
    assert proc.stdout is not None
    for line in proc.stdout:
        out.write(line)
        out.flush()
        if address in line:
            ready.set()
    ready.set()


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
    share = folder.parent / f"{folder.name}-share"
    classroom.install_template(share)
    log.parent.mkdir(parents=True, exist_ok=True)
    with log.open("wb") as out:
        proc = subprocess.Popen(
            classroom.voila_command(folder, port),
            cwd=folder,
            env=classroom.voila_env(tool_env(), share),
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        ready = threading.Event()
        copier = threading.Thread(
            target=_copy_until_ready, args=(proc, out, f":{port}/".encode(), ready), daemon=True
        )
        copier.start()
        try:
            if not ready.wait(timeout=60):
                raise TimeoutError(f"Voila did not say it serves 127.0.0.1:{port} within 60 s")
            if not copier.is_alive():  # its output ended: it exited
                raise RuntimeError(f"Voila exited with {proc.wait(timeout=15)} before serving")
            with socket.create_connection(("127.0.0.1", port), timeout=5):
                pass  # it listens
            yield f"http://127.0.0.1:{port}"
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
            copier.join(timeout=15)


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


# what of our widgets (.dl-root) sticks out or is cut at the side: an element past its
# widget's right edge or the window's, one cut by a box inside the widget that clips or
# scrolls it, and a control whose own text is cut (a button's label ending in "…")
CUT_IN_WIDGETS = """() => {
  const width = document.documentElement.clientWidth, out = [];
  for (const root of document.querySelectorAll('.dl-root')) {
    const edge = root.getBoundingClientRect().right;
    if (!edge) continue;
    if (edge > width + 1) out.push(`${root.className}: ${edge} > ${width}`);
    for (const el of root.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (!r.width || !r.height) continue;
      let cut = r.right > edge + 1;
      for (let p = el.parentElement; !cut && p && p !== root; p = p.parentElement) {
        cut = getComputedStyle(p).overflowX !== 'visible'
              && r.right > p.getBoundingClientRect().right + 1;
      }
      cut = cut || (getComputedStyle(el).overflowX !== 'visible' && el.innerText
                    && el.scrollWidth > el.clientWidth + 1);
      if (cut) out.push(`${el.tagName}.${el.className}: ${(el.innerText || '').slice(0, 30)}`);
    }
  }
  return out;
}"""
