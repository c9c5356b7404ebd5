// A screen reader announces the widgets' sliders (the introduction's "Step" slider, the
// example hands' "step" slider) by the label written beside them.
//
// ipywidgets 8 draws an IntSlider with noUiSlider: the part that takes the focus and the
// arrow keys is the handle (a <div role="slider">), while the description is a <label> that
// names nothing (a <label> names only a form control, and ipywidgets gives it none): Chromium
// computed the name '' for every handle, so the reader heard a value with no word of what
// it steps. ipywidgets passes no attributes to the handle (its tooltip goes on the label),
// so there is no fix in Python: here each handle is labelled by its own label
// (aria-labelledby: a description changed later by a kernel is still what is heard). The
// widget manager draws the widgets after the page has loaded (and draws a handle anew when
// a slider is rebuilt): a MutationObserver catches each handle as it appears.
// Test: tests/browser/test_book_pages.py (every slider is named by its label).
(() => {
  "use strict";

  let labels = 0;

  function nameHandle(handle) {
    if (handle.hasAttribute("aria-labelledby") || handle.hasAttribute("aria-label")) {
      return; // named already (should ipywidgets ever pass noUiSlider's handleAttributes)
    }
    const slider = handle.closest(".widget-slider");
    const label = slider && slider.querySelector(":scope > .widget-label");
    if (!label) {
      return;
    }
    if (!label.id) {
      labels += 1;
      label.id = `durak-slider-label-${labels}`;
    }
    handle.setAttribute("aria-labelledby", label.id);
  }

  function nameHandlesIn(node) {
    if (!(node instanceof Element)) {
      return; // text: a readout's new value
    }
    if (node.matches(".noUi-handle")) {
      nameHandle(node);
    }
    node.querySelectorAll(".noUi-handle").forEach(nameHandle);
  }

  new MutationObserver((records) => {
    for (const record of records) {
      record.addedNodes.forEach(nameHandlesIn);
    }
  }).observe(document.documentElement, { childList: true, subtree: true });
  nameHandlesIn(document.documentElement); // any drawn before this script ran
})();
