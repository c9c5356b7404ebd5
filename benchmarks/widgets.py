"""Widget cost: the play table's redraw, in time and in messages to the browser.

    python benchmarks/widgets.py [--redraws 50]

Figures first on each line: CPU milliseconds a redraw and the widget update messages a
redraw sends (each is a round of the kernel's messaging, dearer in the browser under
Pyodide than here).  Headless: the messages are counted, not delivered.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import ipywidgets.widgets.widget as widget_module  # type: ignore[import-untyped]
from durak_lessons.widgets import PlayTable

ROWS = [("podkidnoy", 2), ("perevodnoy", 4), ("podkidnoy", 6), ("blind", 2), ("dorozhny", 3)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--redraws", type=int, default=50)
    args = parser.parse_args()
    sent = [0]
    send = widget_module.Widget._send

    def counting(self: Any, *a: Any, **k: Any) -> Any:
        sent[0] += 1
        return send(self, *a, **k)

    widget_module.Widget._send = counting
    for preset, players in ROWS:
        table = PlayTable(preset, players, seed=1)
        sent[0] = 0
        start = time.process_time()
        for _ in range(args.redraws):
            table.redraw()
        took = (time.process_time() - start) / args.redraws
        print(f"{took * 1000:6.1f} ms CPU {sent[0] / args.redraws:5.0f} messages a redraw  "
              f"{preset}, {players} players, seed 1")


if __name__ == "__main__":
    main()
