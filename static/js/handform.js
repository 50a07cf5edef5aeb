// Hide the fieldsets that do not apply to the chosen game/outcome/bid, and clear what a
// fieldset held when a change hides it: a bonus of a tri must not ride along into a berač.
// (The server ignores hidden fieldsets too: scoring/forms/base.py, HandForm._drop_hidden.)
(function () {
  "use strict";
  function clear(box) {
    box.querySelectorAll("input, select, textarea").forEach(function (input) {
      if (input.type === "checkbox" || input.type === "radio") {
        input.checked = false;
      } else if (input.tagName === "SELECT") {
        input.selectedIndex = 0; // every choice lists its "nothing" (—, no kontra, declaring side) first
      } else if (input.type !== "hidden") {
        input.value = "";
      }
    });
  }
  function update(form, changed) {
    form.querySelectorAll("[data-show-field]").forEach(function (box) {
      var input = form.querySelector("[name='" + box.dataset.showField + "'], [name$='-" + box.dataset.showField + "']");
      if (!input) return;
      var wanted = box.dataset.showValues.split(" ");
      var hide = wanted.indexOf(input.value) === -1;
      if (hide && !box.hidden && changed) clear(box);
      box.hidden = hide;
    });
  }
  document.querySelectorAll("form.hand-form").forEach(function (form) {
    form.addEventListener("change", function () { update(form, true); });
    update(form, false);
  });
})();
