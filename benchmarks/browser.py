"""The engine's speed in the book's Pyodide (Chromium) against this machine's CPython.

    python benchmarks/browser.py [--deals 4] [--playouts 300] [--endgames 5] [--seed 2026]
                                 [--rounds 2] [--json FILE]

Builds nothing itself: it uses the built book (``make book-build``, run first when
``_build/html`` is missing or stale) and serves ``_build/html`` on 127.0.0.1.  Then it opens
Debian's Chromium (``/usr/bin/chromium``, through Playwright; never ``playwright install``)
on a blank page of that server, starts a web worker there (the JupyterLite kernel runs Pyodide
in one too), loads Pyodide from the site's ``lite/static/pyodide/``, installs our wheel from
the site's piplite folder ``lite/pypi/`` with micropip, writes the source of
``benchmarks/speed_core.py`` into Pyodide's file system and imports it.  Each round runs
``speed_core.run`` (the search bot, GreedyBot playouts, the solver: see that file) in this
process's CPython, then the same in Pyodide; taking turns, both sides share the machine's
other work alike.  Each figure is a side's fastest round (each move and each endgame timed by
its fastest), but one: the search bot's mean in the first round, as Chromium makes Pyodide
faster as it runs (it compiles the busiest WebAssembly again, better).

The browser may reach 127.0.0.1 only: every other host fails to resolve (Chromium's
``--host-resolver-rules``) and a request elsewhere makes the run fail; the server must have
served Pyodide and the wheel.  What both sides played and found is compared (the ``check``
digests of the records and verdicts): a difference makes the run fail, as the two sides then
did not measure the same thing.

Prints a table: measure, CPython, Pyodide, ratio (how many times slower Pyodide is).  With
the defaults the whole run takes some 3 minutes on a 2-core machine (the search bot's part
dominates: 192 moves on each side a round).  Wall-clock seconds on both sides
(``time.perf_counter``; in Pyodide it is the browser's ``performance.now``): other work on the
machine slows both, so the load average is printed too, and the last row gives a round's CPU
time on each side (this process's; Chromium's renderer process's, which holds the worker, by
the DevTools protocol's ``Performance.getMetrics``), which that work hardly changes.  Nothing
is asserted about speed.
"""

from __future__ import annotations

import argparse
import datetime
import functools
import http.server
import importlib.util
import json
import os
import platform
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
HERE = Path(__file__).resolve().parent
CORE = HERE / "speed_core.py"
PYODIDE_DIR = "lite/static/pyodide"  # in _build/html (scripts/build_book.py)
PIPLITE_DIR = "lite/pypi"
BENCH = "/_pyobench"  # the two files the server makes up: a blank page and the worker
#: the longest the browser's part may take before the run gives up
BROWSER_TIMEOUT_S = 30 * 60

PAGE = ("<!doctype html><meta charset='utf-8'><link rel='icon' href='data:,'>"
        "<title>pyobench</title><p>pyobench</p>")

# The worker: a module web worker, as the JupyterLite kernel runs Pyodide off the page's
# thread.  {op: "start", wheel, core}: load Pyodide, install the wheel, import the core, answer
# {start_s}; {op: "run", config}: answer {result} (speed_core.run's, as JSON); or {error}.
WORKER = """
import { loadPyodide } from "/@PYODIDE@/pyodide.mjs";
let pyodide = null;
onmessage = async (event) => {
  const {op, config, wheel, core} = event.data;
  try {
    if (op === "start") {
      const t0 = performance.now();
      pyodide = await loadPyodide({indexURL: "/@PYODIDE@/"});
      await pyodide.loadPackage("micropip");
      await pyodide.pyimport("micropip").install(wheel);
      const start_s = (performance.now() - t0) / 1000;
      pyodide.FS.mkdirTree("/home/pyodide/pyobench");
      pyodide.FS.writeFile("/home/pyodide/pyobench/speed_core.py", core);
      await pyodide.runPythonAsync(
        'import sys\\nsys.path.insert(0, "/home/pyodide/pyobench")\\nimport speed_core');
      postMessage({start_s});
    } else {
      pyodide.globals.set("PYOBENCH_CONFIG", JSON.stringify(config));
      const result = await pyodide.runPythonAsync(
        "import json, speed_core\\n"
        + "json.dumps(speed_core.run(json.loads(PYOBENCH_CONFIG), progress=True))");
      postMessage({result});
    }
  } catch (err) {
    postMessage({error: String(err && err.stack || err)});
  }
};
""".replace("@PYODIDE@", PYODIDE_DIR)

# Run in the blank page: send the worker (started on the first call) one message and wait
# for its answer.
ASK_WORKER = """
([message, timeoutMs]) => new Promise((resolve) => {
  if (!window.pyobench) window.pyobench = new Worker("@BENCH@/worker.js", {type: "module"});
  const worker = window.pyobench;
  const timer = setTimeout(
    () => resolve({error: "no answer from the worker within " + timeoutMs / 1000 + " s"}),
    timeoutMs);
  worker.onmessage = (event) => { clearTimeout(timer); resolve(event.data); };
  worker.onerror = (event) => { clearTimeout(timer); resolve({error: event.message}); };
  worker.postMessage(message);
})
""".replace("@BENCH@", BENCH)


class BenchError(Exception):
    """The run could not measure what it means to (said in one line, no traceback)."""


def load_module(path: Path, name: str) -> ModuleType:
    """The Python file at ``path`` as a module named ``name``."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def load_build_script() -> ModuleType:
    """scripts/build_book.py as a module: where the site is, and whether it is current."""
    return load_module(ROOT / "scripts" / "build_book.py", "_build_book")


def load_core() -> ModuleType:
    return load_module(CORE, "speed_core")


_CHROMIUM = load_module(ROOT / "scripts" / "ensure_browsers.py", "_ensure_browsers")
CHROMIUM: Path = _CHROMIUM.CHROMIUM
#: the browser tests' flags, and no name resolves but 127.0.0.1's
CHROMIUM_ARGS: list[str] = [
    *_CHROMIUM.CHROMIUM_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]


def built_site() -> Path:
    """_build/html, built first (``make book-build``) when missing or stale."""
    build_book = load_build_script()
    if not build_book.is_fresh():
        print("the built book is missing or stale: make book-build", flush=True)
        if subprocess.run(["make", "book-build"], cwd=ROOT, check=False).returncode:
            raise BenchError("make book-build failed: the book must build before its Pyodide"
                             " can be timed")
    html = Path(build_book.HTML)
    if not (html / PYODIDE_DIR / "pyodide.mjs").exists():
        raise BenchError(f"no Pyodide in {html / PYODIDE_DIR}: the book build did not place it")
    return html


def our_wheel(html: Path) -> Path:
    wheels = sorted((html / PIPLITE_DIR).glob("durak_lessons-*.whl"))
    if len(wheels) != 1:
        raise BenchError(f"expected one durak_lessons wheel in {html / PIPLITE_DIR}, found"
                         f" {[w.name for w in wheels]}")
    return wheels[0]


class _Handler(http.server.SimpleHTTPRequestHandler):
    """The site's files, plus the blank page and the worker under BENCH; logs every path."""

    served: list[str]

    def do_GET(self) -> None:
        path = urlsplit(self.path).path
        self.served.append(path)
        made_up = {f"{BENCH}/index.html": (PAGE, "text/html"),
                   f"{BENCH}/worker.js": (WORKER, "text/javascript")}
        if path in made_up:
            text, kind = made_up[path]
            body = text.encode()
            self.send_response(200)
            self.send_header("Content-Type", f"{kind}; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()

    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextmanager
def serve(html: Path) -> Iterator[tuple[str, list[str]]]:
    """_build/html on a free 127.0.0.1 port: yields its address and the list of served paths."""
    served: list[str] = []
    handler = functools.partial(type("Handler", (_Handler,), {"served": served}),
                                directory=str(html))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", served
    finally:
        server.shutdown()
        server.server_close()


class PyodideSide:
    """Pyodide in a worker of a Chromium page of the served site, kept for every round."""

    def __init__(self, page: Any, requests: list[str]) -> None:
        self.page = page
        self.requests = requests
        # Chromium's own count of its renderer process's CPU time (the worker's thread is in
        # that process): the browser's side of the CPU-time row
        self.cdp = page.context.new_cdp_session(page)
        self.cdp.send("Performance.enable")
        self.start_s = 0.0  # seconds to load Pyodide and install the wheel
        self.chromium = ""  # Chromium's version

    def ask(self, message: dict[str, Any]) -> dict[str, Any]:
        answer: dict[str, Any] = self.page.evaluate(ASK_WORKER,
                                                    [message, BROWSER_TIMEOUT_S * 1000])
        self.check_network()
        if "error" in answer:
            raise BenchError(f"Pyodide failed: {answer['error']}")
        return answer

    def check_network(self) -> None:
        elsewhere = [u for u in self.requests
                     if urlsplit(u).scheme in {"http", "https", "ws", "wss"}
                     and urlsplit(u).hostname != "127.0.0.1"]
        if elsewhere:
            raise BenchError(f"the browser asked another host than 127.0.0.1: {elsewhere}")

    def cpu_s(self) -> float:
        metrics = self.cdp.send("Performance.getMetrics")["metrics"]
        return float(next(m["value"] for m in metrics if m["name"] == "ProcessTime"))

    def run(self, config: dict[str, int]) -> dict[str, Any]:
        """speed_core.run in Pyodide, with ``cpu_s``: the CPU time it took."""
        cpu = self.cpu_s()
        result: dict[str, Any] = json.loads(self.ask({"op": "run", "config": config})["result"])
        result["cpu_s"] = self.cpu_s() - cpu
        return result


def run_here(core: ModuleType, config: dict[str, int]) -> dict[str, Any]:
    """speed_core.run in this CPython, with ``cpu_s``: the CPU time it took."""
    cpu = time.process_time()
    result: dict[str, Any] = core.run(config, progress=True)
    result["cpu_s"] = time.process_time() - cpu
    return result


@contextmanager
def pyodide_side(base: str, served: list[str], wheel: Path) -> Iterator[PyodideSide]:
    """Chromium on a blank page of the site, Pyodide started in its worker with our wheel
    installed from the site (checked: the site served Pyodide and the wheel)."""
    if not CHROMIUM.exists():
        raise BenchError(f"{CHROMIUM} is missing: run scripts/ensure_browsers.py")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS,
                                     headless=True)
        try:
            context = browser.new_context()
            requests: list[str] = []
            context.on("request", lambda r: requests.append(r.url))
            page = context.new_page()
            page.on("console", lambda m: print(m.text, flush=True))  # the worker's too
            page.goto(f"{base}{BENCH}/index.html")
            side = PyodideSide(page, requests)
            side.start_s = side.ask({"op": "start", "core": CORE.read_text("utf-8"),
                                     "wheel": f"{base}/{PIPLITE_DIR}/{wheel.name}"})["start_s"]
            needed = [f"/{PYODIDE_DIR}/pyodide.asm.wasm", f"/{PYODIDE_DIR}/python_stdlib.zip",
                      f"/{PIPLITE_DIR}/{wheel.name}"]
            missing = [p for p in needed if p not in served]
            if missing:
                raise BenchError(f"the site did not serve {missing}: Pyodide or the wheel came"
                                 " from elsewhere")
            side.chromium = browser.version
            yield side
            side.check_network()
        finally:
            browser.close()


def fastest(results: list[dict[str, Any]]) -> dict[str, Any]:
    """One side's rounds as one: each move and endgame timed by its fastest round (every
    round did the same work: their checks must agree), the playouts by the fastest round."""
    first = results[0]
    for part in ("search", "playouts", "solver"):
        if any(r[part]["check"] != first[part]["check"] for r in results):
            raise BenchError(f"{first['python']} did not do the same work in every round"
                             f" ({part})")

    def quickest(times: list[list[float]]) -> dict[str, Any]:
        best = [min(ts) for ts in zip(*times, strict=True)]
        return {"times": best, "mean_s": statistics.mean(best), "max_s": max(best)}

    out = {**first, "rounds": len(results), "seconds": min(r["seconds"] for r in results),
           "cpu_s": min(r["cpu_s"] for r in results)}
    out["search"] = {**first["search"], **quickest([r["search"]["times"] for r in results]),
                     "first_mean_s": first["search"]["mean_s"]}
    out["playouts"] = max((r["playouts"] for r in results), key=lambda p: p["actions_per_s"])
    out["solver"] = {**first["solver"]}
    for size in ("5+5", "6+6"):
        out["solver"][size] = {**first["solver"][size],
                               **quickest([r["solver"][size]["times"] for r in results])}
    return out


def rows(cp: dict[str, Any], py: dict[str, Any]) -> list[tuple[str, str, str, str]]:
    """(measure, CPython, Pyodide, ratio) lines of :func:`fastest`'s results; ratio: how many
    times slower Pyodide is.
    The last two lines time a round's whole work (warm-up included): by the clock, and by
    CPU time (this process's; Chromium's renderer process's, where the worker runs), which
    other work on the machine hardly changes."""

    def seconds(label: str, a: float, b: float, digits: int = 3) -> tuple[str, str, str, str]:
        return label, f"{a:.{digits}f}", f"{b:.{digits}f}", f"{b / a:.2f}"

    s, t = cp["search"], py["search"]
    out = [
        seconds(f"search bot, s a move, mean ({s['moves']} moves)", s["mean_s"], t["mean_s"]),
        seconds("search bot, s a move, slowest", s["max_s"], t["max_s"]),
        # Chromium compiles Pyodide's WebAssembly into faster code as it runs (V8's tiers):
        # the first round, just after Pyodide started, is the reader's first minutes
        seconds("search bot, s a move, mean, first round", s["first_mean_s"],
                t["first_mean_s"]),
    ]
    a, b = cp["playouts"]["actions_per_s"], py["playouts"]["actions_per_s"]
    out.append((f"GreedyBot playouts, actions a second ({cp['playouts']['games']} deals)",
                f"{a:,.0f}", f"{b:,.0f}", f"{a / b:.2f}"))
    for size in ("5+5", "6+6"):
        c, p = cp["solver"][size], py["solver"][size]
        n = c["endgames"]
        out.append(seconds(f"solver {size}, s an endgame, mean ({n} endgames)",
                           c["mean_s"], p["mean_s"], 4))
        out.append(seconds(f"solver {size}, s an endgame, slowest", c["max_s"], p["max_s"], 4))
    out.append(seconds("all of it (a round), s", cp["seconds"], py["seconds"], 1))
    out.append(seconds("all of it (a round), CPU s", cp["cpu_s"], py["cpu_s"], 1))
    return out


def table(lines: list[tuple[str, str, str, str]], cp_name: str, py_name: str) -> str:
    head = ("measure", cp_name, py_name, "ratio")
    widths = [max(len(r[i]) for r in [head, *lines]) for i in range(4)]
    fmt = lambda r: "  ".join(  # noqa: E731
        r[i].ljust(widths[i]) if i == 0 else r[i].rjust(widths[i]) for i in range(4))
    return "\n".join([fmt(head), "  ".join("-" * w for w in widths), *map(fmt, lines)])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    defaults = load_core().DEFAULTS
    parser.add_argument("--deals", type=int, default=defaults["deals"],
                        help="deals of подкидной for the search bot, each played in both"
                             " seatings (default: %(default)s)")
    parser.add_argument("--playouts", type=int, default=defaults["playouts"],
                        help="deals played out by two GreedyBots (default: %(default)s)")
    parser.add_argument("--endgames", type=int, default=defaults["endgames"],
                        help="endgames of 5+5 and as many of 6+6 (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=defaults["seed"],
                        help="seed of every deal and endgame (default: %(default)s)")
    parser.add_argument("--rounds", type=int, default=2,
                        help="times each side does the work, in turn; each figure is its"
                             " fastest round's (default: %(default)s)")
    parser.add_argument("--json", type=Path,
                        help="also write every round's results of both sides there")
    args = parser.parse_args(argv)
    config = {"deals": args.deals, "playouts": args.playouts, "endgames": args.endgames,
              "seed": args.seed}
    for key, value in {**config, "rounds": args.rounds}.items():
        if value < (0 if key == "seed" else 1):
            parser.error(f"--{key}: {'0' if key == 'seed' else '1'} or more, got {value}")

    t0 = time.perf_counter()
    try:
        html = built_site()
        wheel = our_wheel(html)
        core = load_core()
        load = [os.getloadavg()[0]]
        cp_rounds: list[dict[str, Any]] = []
        py_rounds: list[dict[str, Any]] = []
        with serve(html) as (base, served), pyodide_side(base, served, wheel) as pyodide:
            print(f"Pyodide started in Chromium from {base} in {pyodide.start_s:.1f} s",
                  flush=True)
            for r in range(args.rounds):
                print(f"round {r + 1} of {args.rounds}: {config}", flush=True)
                cp_rounds.append(run_here(core, config))
                py_rounds.append(pyodide.run(config))
                load.append(os.getloadavg()[0])
            start_s, chromium = pyodide.start_s, pyodide.chromium
            print(f"The browser asked for {len(pyodide.requests)} addresses, every one on"
                  f" 127.0.0.1; the site served {len(served)} files.", flush=True)
        cp, py = fastest(cp_rounds), fastest(py_rounds)
    except BenchError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1

    differ = [part for part in ("search", "playouts", "solver")
              if cp[part]["check"] != py[part]["check"]]
    print()
    print(table(rows(cp, py), cp["python"], f"Pyodide ({py['python']})"))
    print(f"Pyodide start with the wheel installed: {start_s:.1f} s")
    cpu = next((line.split(":", 1)[1].strip() for line in
                Path("/proc/cpuinfo").read_text().splitlines() if line.startswith("model name")),
               platform.machine())
    print(f"{datetime.date.today()}, seed {args.seed}, {cpu}, {os.cpu_count()} cores,"
          f" Chromium {chromium}; load average {', '.join(f'{x:.1f}' for x in load)}"
          f" (at the start and after each round); {time.perf_counter() - t0:.0f} s in all")
    if args.json:
        args.json.write_text(json.dumps({"cpython": cp_rounds, "pyodide": py_rounds,
                                         "pyodide_start_s": start_s, "chromium": chromium,
                                         "load": load}, indent=1))
    if differ:
        print(f"error: the two sides did not do the same work ({', '.join(differ)}: the"
              " records or verdicts differ)", file=sys.stderr)
        return 1
    print("Both sides played the same moves and found the same verdicts.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
