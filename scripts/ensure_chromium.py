"""Make sure Debian's chromium is installed at /usr/bin/chromium for the browser tests.

Installs it with apt-get when it is missing (CI runs as root). Never runs
``playwright install``: that downloads a browser from a host these machines cannot reach.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")
#: the flags the browser tests and benchmarks/browser.py launch it with (they work as root)
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def _run(cmd: list[str]) -> None:
    print("+", " ".join(cmd), flush=True)
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run(cmd, check=True, env=env)


def main() -> int:
    if CHROMIUM.exists():
        version = subprocess.run(
            [str(CHROMIUM), "--version"], capture_output=True, text=True, check=False
        ).stdout.strip()
        print(f"chromium present: {version or CHROMIUM}")
        return 0
    if shutil.which("apt-get") is None:
        print("chromium is missing and apt-get is not available: install chromium yourself")
        return 1
    prefix = [] if os.geteuid() == 0 else ["sudo"]
    _run([*prefix, "apt-get", "update"])
    _run([*prefix, "apt-get", "install", "-y", "chromium"])
    if not CHROMIUM.exists():
        print(f"apt-get finished but {CHROMIUM} is still missing")
        return 1
    print("chromium installed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
