// The small behaviours the templates used to write as inline handlers (onclick=, onsubmit=, onchange=),
// which the Content-Security-Policy forbids: scripts come from files only.
//   <form data-confirm="Sure?">, <button data-confirm="Sure?">  ask before submitting
//   <select data-autosubmit>                                    submits its form when changed (from the
//                                                               keyboard: on Enter, so arrowing through the
//                                                               choices does not leave the page, WCAG 3.2.2)
//   <button data-print>                                         prints the page
//   <input name="next" data-next-here>                          set to this page's address with its query
//                                                               when the form is sent (a shared page's
//                                                               HTML never holds a visitor's query)
//   <div class="scroll">  a table wider than the screen: the keyboard can reach and scroll it (WCAG 2.1.1)
(function () {
  "use strict";
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var button = event.submitter;
    var question = (button && button.getAttribute("data-confirm")) || form.getAttribute("data-confirm");
    if (question && !window.confirm(question)) event.preventDefault();
  }, true);
  function autosubmits(field) {
    return field && field.hasAttribute && field.hasAttribute("data-autosubmit") && field.form;
  }
  function send(form) {
    var here = form.querySelector("[data-next-here]");
    if (here) here.value = window.location.pathname + window.location.search;
    form.submit();
  }
  document.addEventListener("change", function (event) {
    var field = event.target;
    if (autosubmits(field) && !field.keyed) send(field.form);
  });
  document.addEventListener("keydown", function (event) {
    var field = event.target;
    if (!autosubmits(field)) return;
    field.keyed = true;
    if (event.key === "Enter") {
      event.preventDefault();
      send(field.form);
    }
  });
  document.addEventListener("pointerdown", function (event) {
    if (autosubmits(event.target)) event.target.keyed = false;
  });
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-print]");
    if (button) window.print();
  });
  function scrollable() {
    document.querySelectorAll(".scroll").forEach(function (box) {
      if (box.scrollWidth > box.clientWidth) box.setAttribute("tabindex", "0");
      else if (box.getAttribute("tabindex") === "0") box.removeAttribute("tabindex");
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", scrollable);
  else scrollable();
  window.addEventListener("resize", scrollable);
})();
