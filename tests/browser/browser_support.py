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


def click_and_wait(table: Any, locator: Any) -> None:
    """Click ``locator`` on a play table (a Playwright locator), then wait until the kernel has
    redrawn the table (its move log's data-gen changes)."""
    from playwright.sync_api import expect

    mark = table.locator(".dl-gen")
    before = mark.get_attribute("data-gen")
    locator.click()
    expect(mark).not_to_have_attribute("data-gen", str(before), timeout=30_000)


def play_a_move(table: Any) -> None:
    """Play the reader's move on a play table where it is his turn, by clicks: lead his first
    card he may play, cover with it (if it fits one place), else take; throw it in, else pass.
    Fails if no click is legal or the clicks played no move."""
    moves = table.locator(".dl-gen")
    before = moves.get_attribute("data-moves")
    playable = table.locator(".dl-hand button.dl-card.dl-playable")
    take = table.locator("button.dl-btn-take.dl-legal")
    if table.locator("button.dl-btn-lead.dl-legal").count():
        click_and_wait(table, playable.first)  # select a card ...
        click_and_wait(table, table.locator("button.dl-btn-lead"))  # ... and lead it
    elif take.count():
        if playable.count():
            click_and_wait(table, playable.first)  # cover, if the card fits one place
        if moves.get_attribute("data-moves") == before:
            click_and_wait(table, take)
    elif table.locator("button.dl-btn-pass.dl-legal").count():
        click_and_wait(table, playable.first if playable.count()
                       else table.locator("button.dl-btn-pass"))
    else:
        raise AssertionError("the reader's turn offers no legal click: "
                             + table.locator(".dl-status").inner_text())
    assert moves.get_attribute("data-moves") != before, "the clicks played no move"


# what of our widgets (.dl-root) sticks out or is cut at the side: an element past its
# widget's right edge or the window's, one cut by a box inside the widget that clips or
# scrolls it, and a control whose own text is cut (a button's label ending in "…"); a box of
# 1 px or less is a screen-reader-only text (clipped on purpose), not cut
CUT_IN_WIDGETS = """() => {
  const width = document.documentElement.clientWidth, out = [];
  for (const root of document.querySelectorAll('.dl-root')) {
    const edge = root.getBoundingClientRect().right;
    if (!edge) continue;
    if (edge > width + 1) out.push(`${root.className}: ${edge} > ${width}`);
    for (const el of root.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1) continue;
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


# The WCAG contrast of every piece of text a reader sees on the page, as seen: each element's
# own text (its text nodes; its ::before/::after content, as the card buttons draw their faces;
# the value of a text field) in its colour, over the ground it is drawn on: the first opaque
# background colour up its ancestors (semi-transparent ones laid over it; every stop of a
# gradient, the worst counting), all of it faded by the opacity of the element and its
# ancestors over what lies behind. Large text (24 px, or bold from 18.66 px) needs 3:1, other
# text 4.5:1 (WCAG 2 AA, 1.4.3). Text of a disabled control is exempt (WCAG leaves inactive
# controls out) and so are icon fonts (glyphs, not text). Returns one entry per text below its
# threshold: [where, text, colour, ground, ratio, needed] (``every``: every text; ``scope``: a
# CSS selector for the part of the page to walk, else the whole page).
TEXT_CONTRAST = """(options) => {
  const {scope = null, every = false} = options || {};
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 1;
  const ctx = canvas.getContext('2d', {willReadFrequently: true});
  const seen = new Map();
  const colour = s => {  // any CSS colour the browser computed -> [r, g, b, a]
    if (!seen.has(s)) {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = 'rgba(0,0,0,0)';
      ctx.fillStyle = s;
      ctx.fillRect(0, 0, 1, 1);
      const d = ctx.getImageData(0, 0, 1, 1).data;
      seen.set(s, [d[0], d[1], d[2], d[3] / 255]);
    }
    return seen.get(s);
  };
  const over = (c, g, a) => [0, 1, 2].map(i => a * c[i] + (1 - a) * g[i]);
  const lum = c => c.slice(0, 3).map(v => (v /= 255) <= 0.03928 ? v / 12.92
                                            : Math.pow((v + 0.055) / 1.055, 2.4))
                    .reduce((a, v, i) => a + v * [0.2126, 0.7152, 0.0722][i], 0);
  const ratio = (x, y) => { const a = lum(x), b = lum(y);
                            return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05); };
  const hex = c => '#' + c.slice(0, 3).map(v => Math.round(v).toString(16).padStart(2, '0'))
                          .join('');
  // the grounds (several for a gradient) an element is drawn on, not counting opacity
  const grounds = el => {
    const layers = [];
    let base = null;
    for (let e = el; e && !base; e = e.parentElement) {
      const s = getComputedStyle(e);
      const stops = s.backgroundImage.includes('gradient')
        ? (s.backgroundImage.match(/rgba?\\([^)]*\\)|#[0-9a-f]{3,8}\\b/gi) || []).map(colour)
        : [];
      if (stops.length && stops.every(c => c[3] >= 1)) { base = stops; break; }
      const c = colour(s.backgroundColor);
      if (c[3] >= 1) base = [c];
      else if (c[3] > 0) layers.push(c);
    }
    base = base || [colour(getComputedStyle(document.documentElement).colorScheme
                           .includes('dark') ? 'canvas' : '#fff')];
    return base.map(b => layers.reduceRight((g, c) => over(c, g, c[3]), b));
  };
  const name = el => {
    const parts = [];
    for (let e = el; e && parts.length < 4 && e !== document.body; e = e.parentElement) {
      const cls = [...e.classList].filter(c => !/^(p-|jupyter-widgets$)/.test(c))
                                       .slice(0, 2);
      parts.unshift(e.tagName.toLowerCase() + (e.id ? '#' + e.id : '')
                    + cls.map(c => '.' + c).join(''));
    }
    return parts.join(' > ');
  };
  const out = [];
  const check = (el, style, text, where) => {
    const size = parseFloat(style.fontSize);
    if (!text || !size) return;
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    let opacity = 1, top = null;
    for (let e = el; e; e = e.parentElement) {
      const o = Number(getComputedStyle(e).opacity);
      if (o < 1) { opacity *= o; top = e; }
    }
    if (opacity === 0) return;
    const fg = colour(style.color);
    const behind = top ? grounds(top.parentElement || top)[0] : null;
    let worst = null;
    for (const face of grounds(el)) {
      const seenFace = top ? over(face, behind, opacity) : face;
      const seenText = top ? over(over(fg, face, fg[3]), behind, opacity) : over(fg, face, fg[3]);
      const r = ratio(seenText, seenFace);
      if (!worst || r < worst[0]) worst = [r, seenText, seenFace];
    }
    const needed = large ? 3 : 4.5;
    if (every || worst[0] < needed) {
      out.push([where, text.replace(/\\s+/g, ' ').trim().slice(0, 40), hex(worst[1]),
                hex(worst[2]), Math.round(worst[0] * 100) / 100, needed]);
    }
  };
  const root = scope ? document.querySelector(scope) : document.body;
  if (!root) return [['missing', scope, '', '', 0, 0]];
  for (const el of [root, ...root.querySelectorAll('*')]) {
    if (el.closest('script, style, noscript, template, head')) continue;
    if (!el.checkVisibility({checkOpacity: true, checkVisibilityCSS: true})) continue;
    const box = el.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) continue;  // a screen-reader-only text
    if (el.closest(':disabled, [aria-disabled="true"]')) continue;  // an inactive control
    const style = getComputedStyle(el);
    const own = [...el.childNodes].filter(n => n.nodeType === 3 && n.textContent.trim());
    const shown = own.filter(n => { const r = document.createRange(); r.selectNodeContents(n);
                                    const b = r.getBoundingClientRect();
                                    return b.width > 1 && b.height > 1; });
    check(el, style, shown.map(n => n.textContent).join(' '), name(el));
    if (el.matches('input:not([type]), input[type=text], input[type=number], textarea')) {
      check(el, style, el.value, name(el) + ' (value)');
    }
    for (const pseudo of ['::before', '::after']) {
      const ps = getComputedStyle(el, pseudo);
      if (ps.display === 'none' || /font awesome|fontawesome/i.test(ps.fontFamily)) continue;
      const text = (ps.content.split(' / ')[0].match(/"((?:[^"\\\\]|\\\\.)*)"/g) || [])
                     .map(q => q.slice(1, -1)).join('').trim();
      check(el, ps, text, name(el) + pseudo);
    }
  }
  return out;
}"""


def open_in_theme(browser: Any, theme: str, **context_args: Any) -> Any:
    """A new browser context whose pages open in the book's ``theme`` ("light" or "dark") as
    the theme's switcher leaves it: pydata-sphinx-theme reads localStorage "mode" and "theme"
    before it draws a page (and sets ``<html data-mode data-theme>`` from them)."""
    context = browser.new_context(
        viewport={"width": 1280, "height": 900}, color_scheme=theme, **context_args
    )
    context.add_init_script(
        f"localStorage.setItem('mode', '{theme}'); localStorage.setItem('theme', '{theme}');"
    )
    return context
