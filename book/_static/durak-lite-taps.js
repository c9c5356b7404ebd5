// Taps and clicks on a play table inside a JupyterLite console (the {replite} frames of
// play.md and the chapters) must not be lost when the frame is only partly on screen, as it
// mostly is on a phone.
//
// JupyterLab's main-area widget focuses its content on a mousedown whenever the focus is
// outside it (here: each time the button pressed before was redrawn by the table, which
// drops the focus). That focus() scrolls the page until the whole console is in view; the
// finger (or mouse) then comes up over another part of the table and the browser sends the
// click to neither button. We give the content the same focus one step earlier, on
// pointerdown, without scrolling: JupyterLab then finds the focus inside and leaves it, and
// the button under the finger gets the click. Measured in Chromium (390x844 phone, and a
// 1280x700 desktop with a mouse), frame partly off screen: 9 to 10 taps of 20 lost without
// this, none with it. Test: tests/browser/test_book_pages.py (a phone tap is answered).
(() => {
  "use strict";

  function keepTapsInPlace(frame) {
    let doc;
    try {
      doc = frame.contentDocument; // null (or an error) for a frame of another origin
    } catch (_) {
      return;
    }
    if (!doc || doc.durakTapsKept) {
      return;
    }
    doc.durakTapsKept = true;
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

  // jupyterlite-sphinx makes its frames when the reader asks for them: catch each frame's
  // load (load events do not bubble, but a capturing listener sees them)
  document.addEventListener(
    "load",
    (event) => {
      if (event.target instanceof HTMLIFrameElement &&
          event.target.classList.contains("jupyterlite_sphinx_iframe")) {
        keepTapsInPlace(event.target);
      }
    },
    true,
  );
})();
