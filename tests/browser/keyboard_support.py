"""A keyboard-only reader for the widget browser tests: Tab / Shift+Tab to a control, then
Enter or Space, and where the focus is afterwards.  Nothing here clicks with the mouse."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

#: what has the keyboard focus: the element's tag, classes and accessible text, and whether it
#: lies inside the widget ``root`` (a CSS selector)
FOCUSED = """(root) => {
  const el = document.activeElement;
  if (!el || el === document.body) return {where: 'body', inside: false, text: '', cls: ''};
  const box = document.querySelector(root);
  return {where: el.tagName.toLowerCase(), inside: !!(box && box.contains(el)),
          text: (el.innerText || el.getAttribute('aria-label') || el.value || '').trim()
                .slice(0, 60),
          cls: String(el.className || '')};
}"""

#: the focus ring of the focused element: its outline's style and width in px, and the
#: box-shadow (a ring may be drawn either way)
RING = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const s = getComputedStyle(el);
  return {outline: s.outlineStyle, width: parseFloat(s.outlineWidth) || 0,
          colour: s.outlineColor, shadow: s.boxShadow};
}"""


#: the Tab and Shift+Tab presses from the focus now to the first tab stop matching a selector
#: (the page's tab stops in document order: enabled, shown, tabindex not negative)
TAB_DISTANCE = """(sel) => {
  const stops = [...document.querySelectorAll(
      'button, input, select, textarea, a[href], [tabindex]')]
    .filter(el => el.tabIndex >= 0 && !el.disabled && el.getClientRects().length
                  && getComputedStyle(el).visibility !== 'hidden');
  const target = stops.findIndex(el => el.matches(sel));
  if (target < 0) return null;
  const here = stops.indexOf(document.activeElement);
  if (here < 0) return [target + 1, stops.length - target];  // from the page itself
  const n = stops.length;
  return [(target - here + n) % n, (here - target + n) % n];
}"""


@dataclass
class Keyboard:
    """Drives ``page`` by keys only, counting the Tab presses (``tabs``) it takes."""

    page: Any
    root: str
    limit: int = 250
    tabs: int = 0
    trail: list[str] = field(default_factory=list)

    def focused(self) -> dict[str, Any]:
        return dict(self.page.evaluate(FOCUSED, self.root))

    def is_focused(self, selector: str) -> bool:
        return bool(self.page.evaluate(
            "(sel) => !!document.activeElement && document.activeElement.matches(sel)",
            selector))

    def tab_to(self, selector: str, *, back: bool = False) -> int:
        """Press Tab (Shift+Tab with ``back``) until the focused element matches ``selector``;
        the presses it took (0 if it has the focus already)."""
        key = "Shift+Tab" if back else "Tab"
        for presses in range(self.limit + 1):
            if self.is_focused(selector):
                self.tabs += presses
                return presses
            self.page.keyboard.press(key)
        raise AssertionError(f"{self.limit} presses of {key} never reached {selector}; "
                             f"focus on {self.focused()}")

    def reach(self, selector: str) -> int:
        """Go to the first element matching ``selector`` the shorter way, Tab or Shift+Tab,
        as a reader who knows the page would; the presses it took."""
        # (the widget may still be drawing the control: wait until it is a tab stop)
        distance = self.page.wait_for_function(TAB_DISTANCE, arg=selector,
                                               timeout=30_000).json_value()
        forward, backward = distance
        if forward == 0:
            return 0
        return self.tab_to(selector, back=backward < forward)

    def press(self, key: str) -> None:
        self.trail.append(key)
        self.page.keyboard.press(key)


#: the tab stops inside ``root`` met by pressing Tab from its first one: for each, its place
#: on the screen (left, top, bottom) and its name; the walk ends where the focus leaves ``root``
TAB_WALK_START = """(root) => {
  const box = document.querySelector(root);
  const first = [...box.querySelectorAll('button, input, select, textarea, a[href], [tabindex]')]
    .find(el => el.tabIndex >= 0 && !el.disabled && el.getClientRects().length);
  first.focus();
  return !!first;
}"""

HERE = """(root) => {
  const el = document.activeElement, box = document.querySelector(root);
  if (!el || !box.contains(el)) return null;
  const r = el.getBoundingClientRect();
  return {left: r.left, top: r.top, bottom: r.bottom,
          name: (el.innerText || el.getAttribute('aria-label') || el.className || '').trim()
                .slice(0, 40)};
}"""


def tab_walk(page: Any, root: str, limit: int = 120) -> list[dict[str, Any]]:
    """The tab stops of ``root`` in the order Tab meets them (real key presses)."""
    assert page.evaluate(TAB_WALK_START, root), f"no tab stop in {root}"
    stops = []
    for _ in range(limit):
        here = page.evaluate(HERE, root)
        if here is None:
            return stops
        stops.append(here)
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never left {root} in {limit} presses")


def out_of_reading_order(stops: list[dict[str, Any]], slack: float = 10) -> list[str]:
    """The stops met before one that reads earlier: above it, or on its line and to its left
    (a line: boxes that overlap in height by more than ``slack`` px; a selected card sits a
    few px higher than its neighbours)."""
    wrong = []
    for a, b in itertools.pairwise(stops):
        same_line = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > slack
        if (same_line and b["left"] < a["left"]) or (not same_line and b["top"] < a["top"]):
            wrong.append(f"{a['name']!r} then {b['name']!r}")
    return wrong
