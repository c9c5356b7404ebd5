"""Helpers shared by the browser fixtures: scripts as modules, free ports, readiness."""

from __future__ import annotations

import importlib.util
import socket
import subprocess
import time
from pathlib import Path
from types import ModuleType

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
