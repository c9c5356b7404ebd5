"""Card rendering shared by every widget: HTML/CSS faces, clickable card buttons, the stylesheet.

Cards are drawn with HTML and CSS (crisp at any zoom), in red and black or, with
``four_colour=True``, spades black, hearts red, diamonds blue and clubs green; rank letters
are English (J Q K A) or Russian (В Д К Т) with ``russian=True``.

Every card has an accessible name in words ("seven of spades"):

* a static face is ``<span role="img" aria-label="seven of spades">`` with the symbols hidden
  from assistive technology;
* a clickable card is an ipywidgets ``Button`` whose ``description`` *is* the words (its
  accessible name) and whose visible face is drawn by CSS ``::before``/``::after`` content with
  empty alternative text (``content: "7" / ""``), so a screen reader reads only the words.
  Where the stylesheet is missing the button simply shows the words.

CSS classes (all prefixed ``dl-``):

``dl-style``        the HTML widget holding the stylesheet (one per widget, harmless twice)
``dl-card``         a card (button or static face); ``dl-face`` a static face
``dl-r-<rank>``     rank 2..14 (buttons); ``dl-s-<suit>`` suit 0..3 = ♠ ♣ ♦ ♥ (buttons)
``dl-c-<code>``     the card's code, e.g. ``dl-c-7S``, ``dl-c-TH`` (buttons and faces)
``dl-red`` / ``dl-black`` / ``dl-blue`` / ``dl-green``   the suit colour
``dl-back``         a card seen from the back; ``dl-dark`` a card bought «в тёмную»
``dl-pos-<i>``      a face-down card button of the blind game, showing its position ``i``
``dl-remembered``   in the blind game, one's own face-down card that one saw go in (D28),
                    drawn as its face
``dl-playable``     the card takes part in a legal action now
``dl-selected``     the card is selected (a lead being built, a cover target)
``dl-ru``           on a container: Russian rank letters inside it
``dl-narrow``       rules that apply below 500 px (smaller cards)
``dl-live``         a widget whose changes a screen reader announces (see :func:`live`)

A control of ours that has the keyboard focus shows a 3 px dark blue ring (``:focus-visible``;
6.4:1 against white; the widgets' own ring was 1 px of light blue, 2.2:1).
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]  # ipywidgets ships no type hints

from durak_lessons.bots import is_bot
from durak_lessons.cards import CARDS, Rank, Suit
from durak_lessons.errors import check_seat

__all__ = [
    "CSS",
    "CardStyle",
    "back_html",
    "card_button",
    "card_button_classes",
    "card_classes",
    "card_label",
    "card_words",
    "colour_class",
    "face_html",
    "faces_html",
    "live",
    "style_widget",
]


@dataclass(frozen=True, slots=True)
class CardStyle:
    """How cards look: Russian rank letters, and a four-colour deck."""

    russian: bool = False
    four_colour: bool = False


DEFAULT_STYLE = CardStyle()

_FOUR = {Suit.SPADES: "dl-black", Suit.HEARTS: "dl-red", Suit.DIAMONDS: "dl-blue",
         Suit.CLUBS: "dl-green"}


def colour_class(card: int, style: CardStyle = DEFAULT_STYLE) -> str:
    suit = CARDS[card].suit
    if style.four_colour:
        return _FOUR[suit]
    return "dl-red" if suit.is_red else "dl-black"


def card_label(card: int, style: CardStyle = DEFAULT_STYLE) -> str:
    """``7♠``, ``Q♥`` or, with Russian letters, ``Д♥``."""
    return CARDS[card].label(russian=style.russian)


def card_words(card: int) -> str:
    """The card in words: 'seven of spades'."""
    return CARDS[card].words


def card_classes(card: int, style: CardStyle = DEFAULT_STYLE) -> list[str]:
    c = CARDS[card]
    return ["dl-card", f"dl-r-{int(c.rank)}", f"dl-s-{int(c.suit)}", f"dl-c-{c.code}",
            colour_class(card, style)]


def face_html(card: int, style: CardStyle = DEFAULT_STYLE, extra: Iterable[str] = ()) -> str:
    """A static card face with its name in words for assistive technology."""
    c = CARDS[card]
    classes = " ".join(["dl-card", "dl-face", f"dl-c-{c.code}", colour_class(card, style), *extra])
    rank = c.rank.russian if style.russian else c.rank.label
    words = html.escape(c.words)
    return (
        f'<span class="{classes}" role="img" aria-label="{words}" title="{words}">'
        f'<span aria-hidden="true">{html.escape(rank)}<br>{c.suit.symbol}</span></span>'
    )


def faces_html(cards: Iterable[int], style: CardStyle = DEFAULT_STYLE) -> str:
    out = "".join(face_html(c, style) for c in cards)
    return out or '<span class="dl-none">—</span>'


def back_html(count: int = 1, *, label: str = "a card face down", dark: bool = False) -> str:
    """``count`` card backs (a hand seen from the other side of the table)."""
    cls = "dl-card dl-face dl-back" + (" dl-dark" if dark else "")
    one = (f'<span class="{cls}" role="img" aria-label="{html.escape(label)}">'
           '<span aria-hidden="true">?<br>&nbsp;</span></span>')
    return one * count


def card_button(card: int, style: CardStyle = DEFAULT_STYLE, *, selected: bool = False,
                playable: bool = False, disabled: bool = False,
                layout: widgets.Layout | None = None,
                extra: tuple[str, ...] = ()) -> widgets.Button:
    """A clickable card: ``description`` = the words (its accessible name), face drawn by CSS.

    ``layout`` may be shared by many buttons (a Layout is itself a widget: sharing one halves
    the widgets a redraw creates); ``extra``: more CSS classes."""
    words = card_words(card)
    # the classes given when the button is made travel with it (each add_class afterwards
    # is a message of its own to the browser)
    return widgets.Button(description=words, tooltip=f"{card_label(card, style)}: {words}",
                          disabled=disabled,
                          layout=layout or widgets.Layout(width="auto", height="auto"),
                          _dom_classes=card_button_classes(card, style, selected=selected,
                                                           playable=playable, extra=extra))


def card_button_classes(card: int, style: CardStyle = DEFAULT_STYLE, *, selected: bool = False,
                        playable: bool = False, extra: Iterable[str] = ()) -> tuple[str, ...]:
    """The CSS classes of a card button (:func:`card_button`'s), to update a kept button."""
    return (*card_classes(card, style), *extra, *(("dl-selected",) if selected else ()),
            *(("dl-playable",) if playable else ()))


def _css() -> str:
    rules = []
    for rank in Rank:
        if rank < 2:
            continue
        label, ru = rank.label, rank.russian
        rules.append(f'.dl-r-{int(rank)}::before{{content:"{label}";content:"{label}" / ""}}')
        if ru != label:
            rules.append(
                f'.dl-ru .dl-r-{int(rank)}::before{{content:"{ru}";content:"{ru}" / ""}}')
    for suit in Suit:
        s = suit.symbol
        rules.append(f'.dl-s-{int(suit)}::after{{content:"{s}";content:"{s}" / ""}}')
    for i in range(52):  # the blind game: one's own cards shown by position, face down
        rules.append(f'.dl-pos-{i}::before{{content:"{i}";content:"{i}" / ""}}')
    per_card = "\n".join(rules)
    nav = _nav_css()
    # Text contrast (WCAG AA, 4.5:1; the book's browser test measures it in both themes): a
    # card back's lighter stripe keeps its white "?" at 4.9:1 (#4a7bd0 gave 4.2); a "primary"
    # button (the quiz's Check) is on ipywidgets' darker blue, --jp-brand-color0 (4.6:1; its
    # --jp-brand-color1 gave white text 3.1:1); a box given a light ground of its own (the
    # seat to move) sets its text colour with it, not inheriting a dark page's pale text. Text
    # drawn straight on the notebook's ground takes JupyterLab's theme colours (its dark
    # theme, in JupyterLab, JupyterLite and Voila, is near-black: #333 text there was 1.3:1);
    # the theme's own error red is 4.3:1 on it, so a refusal gets a lighter red of its own.
    return f"""
.dl-root{{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;max-width:100%;
  --dl-card-w:42px;--dl-card-h:58px;--dl-card-font:16px}}
.dl-root .dl-card{{box-sizing:border-box;display:inline-flex;flex-direction:column;
  align-items:center;justify-content:center;min-width:var(--dl-card-w);
  height:var(--dl-card-h);margin:2px;padding:2px 4px;border:1px solid #777;border-radius:6px;
  background:#fff;font-weight:600;line-height:1.1;vertical-align:middle;
  box-shadow:0 1px 2px rgba(0,0,0,.25)}}
.dl-root .dl-face{{font-size:var(--dl-card-font);text-align:center}}
.dl-root button.dl-card.dl-card{{font-size:0;white-space:normal;overflow:hidden;cursor:pointer;
  min-width:var(--dl-card-w);width:auto;height:var(--dl-card-h);flex:0 0 auto;padding:2px 4px}}
.dl-root button.dl-card::before,.dl-root button.dl-card::after{{font-size:var(--dl-card-font);
  line-height:1.1}}
.dl-root button.dl-card:disabled{{cursor:default;opacity:.85}}
.dl-root .dl-red,.dl-root .dl-red::before,.dl-root .dl-red::after{{color:#c00}}
.dl-root .dl-black,.dl-root .dl-black::before,.dl-root .dl-black::after{{color:#111}}
.dl-root .dl-blue,.dl-root .dl-blue::before,.dl-root .dl-blue::after{{color:#0646c8}}
.dl-root .dl-green,.dl-root .dl-green::before,.dl-root .dl-green::after{{color:#08801e}}
.dl-root .dl-back{{background:repeating-linear-gradient(45deg,#2f5fb3,#2f5fb3 4px,#4070c4 4px,
  #4070c4 8px);color:#fff}}
.dl-root .dl-dark{{outline:2px dashed #333}}
.dl-root .dl-remembered{{outline:2px dashed #2f5fb3}}
.dl-root .dl-row-pos{{display:inline-flex;flex-direction:column;align-items:center}}
.dl-root .dl-pos-no{{font-size:75%;color:var(--jp-ui-font-color2,#555);line-height:1}}
.dl-root .dl-show-legal .dl-playable{{border:2px solid #2a8a2a}}
.dl-root .dl-selected,.dl-root .dl-show-legal .dl-selected{{transform:translateY(-6px);
  border:2px solid #c80;box-shadow:0 3px 6px rgba(0,0,0,.35)}}
.dl-root .dl-hand{{padding-top:8px}}
.dl-root .dl-hand,.dl-root .dl-table,.dl-root .dl-actions{{padding-left:5px;padding-bottom:4px}}
.dl-root .jupyter-button.jupyter-button:focus-visible,.dl-root button.dl-card.dl-card:focus-visible,
.dl-root input:focus-visible,.dl-root select:focus-visible,
.dl-root .lm-TabBar-tab:focus-visible,
.dl-root .widget-slider .noUi-handle.noUi-handle:focus-visible{{outline:3px solid #0b57d0;
  outline-offset:1px}}
.dl-root .dl-pair{{display:inline-flex;flex-direction:column;align-items:flex-start;
  margin:0 6px 10px 0;overflow:visible}}
.dl-root .dl-pair .dl-cover-slot{{margin:-20px 0 0 22px}}
.dl-root .dl-pair .dl-cover-slot .dl-card{{transform:rotate(8deg)}}
.dl-root .dl-message{{min-height:1.4em}}
.dl-root .dl-refused{{color:#a00;font-weight:600}}
[data-jp-theme-light="false"] .dl-root .dl-refused{{color:#ff8a80}}
.dl-root .dl-info-line{{color:var(--jp-ui-font-color1,#333)}}
.dl-root .dl-record pre{{white-space:pre-wrap;word-break:break-all;user-select:all;
  font-size:85%;margin:2px 0 6px}}
.dl-root .dl-movelog{{max-height:12em;overflow-y:auto;font-size:90%;border-top:1px solid #ddd}}
.dl-root .dl-movelog .widget-html-content{{line-height:1.4}}
.dl-root .dl-movelog ol{{margin:2px 0 4px}}
.dl-root .dl-seat{{border:1px solid #ccc;border-radius:6px;padding:4px 6px;margin:2px}}
.dl-root .dl-seat-tomove{{border-color:#c80;background:#fff8e6;color:#111}}
.dl-root .jupyter-button.mod-primary{{background-color:var(--jp-brand-color0,#1976d2);color:#fff}}
.dl-root .dl-mini .dl-card{{--dl-card-w:24px;--dl-card-h:34px;--dl-card-font:11px}}
.dl-root .dl-illegal:not(:disabled){{opacity:.75}}
.dl-root .dl-wrap{{flex-wrap:wrap}}
.dl-root .dl-frame{{display:block}}
.dl-root .dl-frame table{{border-collapse:collapse}}
.dl-root .dl-frame td{{padding:2px 8px;vertical-align:middle}}
.dl-root .dl-sentence{{font-style:italic;margin:4px 0}}
{nav}
@media (max-width:500px){{
.dl-root{{--dl-card-w:34px;--dl-card-h:46px;--dl-card-font:13px}}
.jp-OutputArea-child:has(.dl-root)>.jp-OutputArea-prompt{{display:none}}
.dl-root .dl-status .widget-html-content,.dl-root .dl-seat .widget-html-content,
.dl-root .dl-info .widget-html-content,.dl-root .dl-ochko-status .widget-html-content,
.dl-root .dl-ochko-bank .widget-html-content{{line-height:1.35}}
.dl-root .dl-info .dl-card{{--dl-card-w:24px;--dl-card-h:34px;--dl-card-font:11px}}
.dl-root .dl-seat .widget-html-content>div{{display:inline;margin-right:4px}}
.dl-root .dl-seat .dl-mini{{white-space:nowrap}}
.dl-root .dl-seat .dl-mini .dl-back+.dl-back{{margin-left:-12px}}
{_compact_seats_css()}
.dl-root .dl-hand{{padding-top:6px}}
.dl-root .dl-pair{{margin-bottom:4px}}
.dl-root .dl-actions .jupyter-button{{padding:0 5px;margin:2px}}
.dl-root .dl-movelog{{max-height:7.5em}}
.dl-root .dl-message{{min-height:0}}
.dl-root .dl-ochko-seats .widget-html-content{{line-height:1.3;overflow-x:auto}}
.dl-root .dl-ochko-seats table{{border-collapse:collapse;font-size:90%}}
.dl-root .dl-ochko-seats th,.dl-root .dl-ochko-seats td{{padding:2px}}
.dl-root .dl-ochko-seats td:first-child{{white-space:nowrap}}
.dl-stepper .dl-stepper-nav .lm-TabBar-tab{{padding:0 4px !important}}
.dl-root .dl-frame td{{padding:2px 4px}}
.dl-root .dl-frame .widget-html-content{{line-height:1.35}}
}}
{per_card}
"""


def _compact_seats_css() -> str:
    """On a phone, three or more opponents sit side by side in one row (one row each made the
    four-seat table 554 px tall in a JupyterLite console that shows 480): each seat is a narrow
    column, its count is the number alone (the word " cards" is still heard), and its backs
    overlap, eight at most (the count says how many).  Faces (open cards, the deal over, the
    blind game's rows) need their width: seats that show any keep a row each."""
    seats = (".dl-root .dl-others:has(>.dl-seat:nth-child(3))"
             ":not(:has(.dl-mini>.dl-card:not(.dl-back)))")
    return "\n".join([
        # !important: the box's own flex_flow (row wrap) is an inline style
        f"{seats}{{flex-wrap:nowrap !important}}",
        f"{seats}>.dl-seat{{flex:1 1 0;min-width:0;padding:2px 4px}}",
        f"{seats} .dl-seat .widget-html-content{{font-size:12px;line-height:1.25}}",
        f"{seats} .dl-seat .widget-html-content>div{{display:block;margin:0}}",
        f"{seats} .dl-seat b{{display:block;overflow-wrap:anywhere}}",
        # (seen by no one, read by a screen reader: the usual visually hidden text)
        f"{seats} .dl-unit{{position:absolute;width:1px;height:1px;overflow:hidden;"
        "clip-path:inset(50%);white-space:nowrap}",
        f"{seats} .dl-mini{{white-space:normal}}",
        f"{seats} .dl-mini .dl-back+.dl-back{{margin-left:-17px}}",
        f"{seats} .dl-mini .dl-back:nth-child(n+9){{display:none}}",
    ])


def _nav_css() -> str:
    """The stepper's navigation: a Tab bar of every step, of which CSS shows only the first,
    the previous, the current, the next and the last tab, labelled as buttons."""
    n = ".dl-stepper .dl-stepper-nav"
    tab = f"{n} .lm-TabBar-tab"
    # and the tab with the keyboard focus: Enter on "next ▶" made Lumino redraw the tabs one
    # by one, and while the old current tab had lost its mark and the focused one had not yet
    # got it, setting the focused tab's tabindex made Chromium lay the bar out: the focused
    # tab matched none of these, was hidden, and the focus fell to the page (it survived only
    # "« first", "◀ back" and "last »", shown whatever is current)
    shown = ",".join([f"{tab}.lm-mod-current", f"{tab}:first-child", f"{tab}:last-child",
                      f"{tab}:has(+ .lm-mod-current)", f"{n} .lm-mod-current + .lm-TabBar-tab",
                      f"{tab}:focus"])
    label = ".lm-TabBar-tabLabel"

    def content(text: str, alt: str) -> str:
        return f'content:"{text}";content:"{text}" / "{alt}"'

    return "\n".join([
        f"{n} .widget-tab-contents,{n} .lm-TabPanel-stackedPanel{{display:none !important}}",
        # !important: the widget CSS shows every tab with a more specific selector
        f"{tab}{{display:none !important}}",
        f"{shown}{{display:flex !important;cursor:pointer;min-width:4.5em;"
        "justify-content:center}",
        f"{tab}:first-child {label}::before{{{content('« first ', 'first ')}}}",
        f"{tab}:has(+ .lm-mod-current) {label}::before{{{content('◀ back ', 'back ')}}}",
        f"{n} .lm-mod-current + .lm-TabBar-tab {label}::after{{{content(' next ▶', ' next')}}}",
        f"{tab}:last-child {label}::after{{{content(' last »', ' last')}}}",
        f"{tab}.lm-mod-current{{font-weight:bold;background:#fff3d6}}",
        # the other tabs shown: ipywidgets' grey (--jp-ui-font-color2, 3.9:1 on its #eee tab)
        # darkened to its next step (11:1); more specific than ipywidgets' own tab rule
        f".dl-root{n}.jupyter-widgets .lm-TabBar .lm-TabBar-tab:not(.lm-mod-current)"
        "{color:var(--jp-ui-font-color1,#333)}",
    ])


CSS = _css()


# What a screen reader needs and ipywidgets does not give, set up by the widget itself when it
# is drawn.  ipywidgets sets no attribute but class, style and title on its elements, so the
# stylesheet does it: an inline <style> fires "load" once it is in a page, and its handler sets
# up its widget (``.dl-root``) now and, by a MutationObserver, whatever is drawn in it later.
# It travels inside the widget, so it works wherever the widget is drawn: JupyterLab,
# JupyterLite, Voila and the static book's saved widgets, with no script of the page's own.
# Where inline handlers are forbidden (a page whose Content-Security-Policy says so) the widget
# works the same, without these.
#
# * Live regions.  A screen reader announces a change only inside a live region that was
#   already in the page: a line that says what happened and whose turn it is must be an
#   element that stays while its text changes, with role="status" (aria-live="polite", said
#   when the reader pauses).  An ipywidgets HTML widget keeps its element (<div
#   class="widget-html">) and replaces only the content inside it (innerHTML), so that element
#   is the one to mark (``dl-live``: :func:`live`); the markup of the value is no place for it
#   (replaced whole at every change: nothing would be announced).  Test:
#   tests/browser/test_widgets_live.py.
# * Named sliders.  ipywidgets 8 draws an IntSlider with noUiSlider: the part that takes the
#   focus and the arrow keys is the handle (a <div role="slider">), while the description is a
#   <label> that names nothing (it names only a form control, and ipywidgets gives it none):
#   Chromium computed the name '' for every handle, so a reader heard a value with no word of
#   what it steps.  Each handle is labelled by its own label (aria-labelledby: a description a
#   kernel changes later is still what is heard).  Test: tests/browser/test_book_pages.py
#   (every slider is named by its label) and test_classroom.py (in Voila).
_SET_UP_JS = """
var root = this.closest('.dl-root');
if (root && !root.durakSetUp) {
  root.durakSetUp = 1;
  var setUp = function () {
    root.querySelectorAll('.dl-live:not([aria-live])').forEach(function (e) {
      e.setAttribute('role', 'status');
      e.setAttribute('aria-live', 'polite');
    });
    root.querySelectorAll('.noUi-handle:not([aria-labelledby]):not([aria-label])')
      .forEach(function (handle) {
        var slider = handle.closest('.widget-slider');
        var label = slider && slider.querySelector(':scope > .widget-label');
        if (!label) return;
        if (!label.id) {
          window.durakLabels = (window.durakLabels || 0) + 1;
          label.id = 'durak-slider-label-' + window.durakLabels;
        }
        handle.setAttribute('aria-labelledby', label.id);
      });
  };
  setUp();
  new MutationObserver(setUp).observe(root, {childList: true, subtree: true});
}
"""


def seat_bots(bots: object, players: int, humans: Iterable[int], plays: str,
              example: str) -> dict[int, Any]:
    """The ``bots`` given to a table of ``players``, checked: ``None`` or a dict ``{seat:
    bot}`` of seats the table has and no human plays (``humans``), each bot an object, not a
    class, with the method ``plays`` (``choose`` for Durak, ``act`` for Очко; ``example``
    names one).  Otherwise a TypeError or a ValueError that names the argument: a list, a
    class or a seat that would be ignored failed later, or never, with a message about
    something else."""
    if bots is None:
        return {}
    humans = set(humans)
    if not isinstance(bots, Mapping):
        spare = min(set(range(players)) - humans, default=0)  # a seat a bot may play
        raise TypeError(
            f"bots: expected a dict {{seat: bot}}, such as {{{spare}: {example}}}, not"
            f" {type(bots).__name__}"
        )
    for seat, bot in bots.items():
        check_seat(seat, players, "bots: seat")
        if seat in humans:
            raise ValueError(f"bots: seat {seat} is played by a human (humans: {sorted(humans)})")
        if not is_bot(bot, plays):
            raise TypeError(
                f"bots[{seat}]: expected a bot (an object with {plays}(view, rng)), such as"
                f" {example}, not {bot!r}"
            )
    return dict(bots)


def live(widget: widgets.DOMWidget) -> widgets.DOMWidget:
    """Mark ``widget`` (one that stays in the page while its value changes: the status line,
    a refusal, a verdict) as a polite live region: a screen reader says each new text."""
    widget.add_class("dl-live")
    return widget


def style_widget() -> widgets.HTML:
    """The stylesheet as an HTML widget (put it inside the widget so static pages carry it);
    it also makes the widget's ``dl-live`` parts live regions (:func:`live`) and names its
    sliders by their labels, for screen readers."""
    sheet = widgets.HTML(f'<style onload="{html.escape(_SET_UP_JS)}">{CSS}</style>',
                         layout=widgets.Layout(display="none"))
    sheet.add_class("dl-style")
    return sheet
