// Taps and clicks on a play table inside a JupyterLite console (the {replite} frames of
// play.md and the chapters) must not be lost when the frame is only partly on screen, as it
// mostly is on a phone.
//
// JupyterLab's main-area widget focuses its content on a mousedown whenever the focus is
// outside it (here: each time the button pressed before was replaced by the table, which
// drops the focus; the table keeps its buttons but renews one whose press played a move,
// and moves the focus from kernel side a moment later). That focus() scrolls the page until the whole console is in view; the
// finger (or mouse) then comes up over another part of the table and the browser sends the
// click to neither button. We give the content the same focus one step earlier, on
// pointerdown, without scrolling: JupyterLab then finds the focus inside and leaves it, and
// the button under the finger gets the click. Measured in Chromium (390x844 phone, and a
// 1280x700 desktop with a mouse), frame partly off screen: 9 to 10 taps of 20 lost without
// this, none with it. Test: tests/browser/test_book_pages.py (a phone tap is answered).
//
// The console also scrolls its output to the bottom when a run ends (CodeConsole's
// onUpdateRequest, whatever the replite options: the prompt cell already sits on top and the
// banner is off). A table taller than the output pane (480 px of the 560 px frame: the play
// page's on a 390 px phone before the table was made compact, the four-player one's before its
// opponents sat side by side there, and still on a desktop, 594 px) then showed its foot, and its status line ("Your turn: ...") was
// out of view: 147 px too far on the play page on a phone then, 216 px for the four-player
// table at 1280x800 (about 100 px since the table folds its settings away). When a new widget of ours (.dl-root) has
// been scrolled out at the top like that, we scroll back to its top, once, unless the reader
// has touched, scrolled or typed in the frame since it appeared. Test:
// tests/browser/test_book_pages.py (the table starts with its status line in view).
(() => {
  "use strict";

  function keepTapsInPlace(doc) {
    doc.addEventListener(
      "pointerdown",
      (event) => {
        const panel = event.target.closest && event.target.closest(".jp-MainAreaWidget");
        if (!panel || panel.contains(doc.activeElement)) {
          return;
        }
        const content = panel.querySelector(":scope > [tabindex='-1']");
        if (content) {
          content.focus({ preventScroll: true });
        }
      },
      true,
    );
  }

  function showNewWidgetsFromTheTop(doc) {
    const shown = new WeakSet(); // widget roots already put in view, or left to the reader
    const leaveToReader = () => doc.querySelectorAll(".dl-root").forEach((r) => shown.add(r));
    for (const type of ["pointerdown", "wheel", "keydown"]) {
      doc.addEventListener(type, leaveToReader, true);
    }
    doc.addEventListener(
      "scroll",
      (event) => {
        const box = event.target;
        if (box.nodeType !== Node.ELEMENT_NODE) {
          return;
        }
        const roots = box.querySelectorAll(".dl-root");
        const root = roots[roots.length - 1];
        if (!root || shown.has(root)) {
          return;
        }
        const hidden = box.getBoundingClientRect().top + box.clientTop -
          root.getBoundingClientRect().top;
        if (hidden > 0) {
          shown.add(root);
          box.scrollTop -= hidden;
        }
      },
      true, // scroll events do not bubble
    );
  }

  function tameConsole(frame) {
    let doc;
    try {
      doc = frame.contentDocument; // null (or an error) for a frame of another origin
    } catch (_) {
      return;
    }
    if (!doc || doc.durakConsoleTamed) {
      return;
    }
    doc.durakConsoleTamed = true;
    keepTapsInPlace(doc);
    showNewWidgetsFromTheTop(doc);
  }

  // jupyterlite-sphinx makes its frames when the reader asks for them: catch each frame's
  // load (load events do not bubble, but a capturing listener sees them)
  document.addEventListener(
    "load",
    (event) => {
      if (event.target instanceof HTMLIFrameElement &&
          event.target.classList.contains("jupyterlite_sphinx_iframe")) {
        tameConsole(event.target);
      }
    },
    true,
  );
})();
