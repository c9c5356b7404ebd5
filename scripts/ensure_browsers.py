"""Make sure Debian's browsers for the browser tests are installed (they are: apt-get only).

* chromium (/usr/bin/chromium), driven by Playwright: most browser tests;
* Firefox ESR (/usr/bin/firefox-esr), driven by its own Marionette protocol
  (``marionette_driver``, from PyPI), and WebKitGTK's MiniBrowser driven by WebKitWebDriver
  under an Xvfb display: the same book in the other two browser engines
  (tests/browser/test_other_engines.py), WebKit standing in for Safari.

Installs what is missing with apt-get (CI runs as root). Never runs ``playwright install``:
that downloads a browser from a host these machines cannot reach.
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
FIREFOX = Path("/usr/bin/firefox-esr")
WEBKIT_DRIVER = Path("/usr/bin/WebKitWebDriver")
MINIBROWSER = Path("/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
XVFB = Path("/usr/bin/Xvfb")
#: each program and the Debian package that installs it
PACKAGES = {
    CHROMIUM: "chromium",
    FIREFOX: "firefox-esr",
    WEBKIT_DRIVER: "webkit2gtk-driver",
    XVFB: "xvfb",
}


def _run(cmd: list[str]) -> None:
    print("+", " ".join(cmd), flush=True)
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run(cmd, check=True, env=env)


def main() -> int:
    missing = [package for program, package in PACKAGES.items() if not program.exists()]
    if not missing:
        print("browsers present: " + ", ".join(str(p) for p in PACKAGES))
        return 0
    if shutil.which("apt-get") is None:
        print(f"missing {', '.join(missing)} and apt-get is not available: install them yourself")
        return 1
    prefix = [] if os.geteuid() == 0 else ["sudo"]
    _run([*prefix, "apt-get", "update"])
    _run([*prefix, "apt-get", "install", "-y", "--no-install-recommends", *missing])
    still = [str(program) for program in [*PACKAGES, MINIBROWSER] if not program.exists()]
    if still:
        print(f"apt-get finished but {', '.join(still)} still missing")
        return 1
    print("browsers installed: " + ", ".join(missing))
    return 0


if __name__ == "__main__":
    sys.exit(main())
