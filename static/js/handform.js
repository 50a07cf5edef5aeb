// Hide the fieldsets that do not apply to the chosen game/outcome/bid, and clear what a
// fieldset held when a change hides it: a bonus of a tri must not ride along into a berač.
// (The server ignores hidden fieldsets too: tournaments/handforms/base.py, HandForm._drop_hidden.)
(function () {
  "use strict";
  function clear(box) {
    var first = {};
    box.querySelectorAll("input, select, textarea").forEach(function (input) {
      if (input.type === "radio") {
        // A row of chips goes back to its first choice, the "nothing" one (—, no kontra, declaring side).
        input.checked = !first[input.name];
        first[input.name] = true;
      } else if (input.type === "checkbox") {
        input.checked = false;
      } else if (input.tagName === "SELECT") {
        input.selectedIndex = 0; // every choice lists its "nothing" (—, no kontra, declaring side) first
      } else if (input.type !== "hidden") {
        input.value = "";
      }
    });
  }
  function value(form, name) {
    var inputs = form.querySelectorAll("[name='" + name + "'], [name$='-" + name + "']");
    if (!inputs.length) return null;
    if (inputs[0].type !== "radio") return inputs[0].value;
    var checked = Array.prototype.find.call(inputs, function (input) { return input.checked; });
    return checked ? checked.value : "";
  }
  function update(form, changed) {
    form.querySelectorAll("[data-show-field]").forEach(function (box) {
      var current = value(form, box.dataset.showField);
      if (current === null) return;
      var wanted = box.dataset.showValues.split(" ");
      var hide = wanted.indexOf(current) === -1;
      if (hide && !box.hidden && changed) clear(box);
      // A section that applies to one choice only holds what that choice needs (klop's card points,
      // a throw-in's thrower, a renonsz): it opens as it appears, sparing the referee a tap.
      if (!hide && box.hidden && changed && wanted.length === 1) box.open = true;
      box.hidden = hide;
    });
  }
  document.querySelectorAll("form.hand-form").forEach(function (form) {
    form.addEventListener("change", function () { update(form, true); });
    update(form, false);
  });
})();
