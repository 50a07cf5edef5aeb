// Hide the fieldsets that do not apply to the chosen game/outcome/bid, and clear what a
// fieldset held when a change hides it: a bonus of a tri must not ride along into a berač.
// (The server ignores hidden fieldsets too: tournaments/tables/handforms/base.py, HandForm._drop_hidden.)
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
    // A choice offered only for some values of another field (data-offered-by, and data-offered-for on
    // the chip: an Illusztrált figure is "silent" only if the rules list it silent, a Vadász figure is
    // "announced" without a result only in a renonsz) is hidden for the others; a chosen one hidden
    // gives way to the first choice offered. Before the waits below: a kontra waits for what is chosen.
    form.querySelectorAll("[data-offered-by]").forEach(function (box) {
      var held = value(form, box.dataset.offeredBy);
      if (!held) return;
      box.querySelectorAll("label[data-offered-for]").forEach(function (label) {
        label.hidden = label.dataset.offeredFor.split(" ").indexOf(held) === -1;
      });
      var chosen = box.querySelector("input:checked");
      if (chosen && chosen.closest("label").hidden) {
        var first = Array.prototype.find.call(box.querySelectorAll("label.chip"), function (l) { return !l.hidden; });
        if (first) first.querySelector("input").checked = true;
      }
    });
    // A field that waits for another (a bonus's side and kontra wait for the bonus) shows only while
    // that one is shown and holds a value (one of data-waits-values, where the page names them: a
    // kontra waits for an announced mark), or while it holds an error (what blocks is shown); hidden,
    // it goes back to its first choice. The page lists a field after the one it waits for.
    form.querySelectorAll("[data-waits-for]").forEach(function (box) {
      var name = box.dataset.waitsFor;
      var source = form.querySelector("[name='" + name + "'], [name$='-" + name + "']");
      var sourceBox = source && source.closest("[data-waits-for]");
      var held = sourceBox && sourceBox.hidden ? null : value(form, name);
      var wanted = box.dataset.waitsValues ? box.dataset.waitsValues.split(" ") : null;
      var waiting = !held || (wanted !== null && wanted.indexOf(held) === -1);
      var hide = waiting && !box.classList.contains("has-error");
      if (hide && !box.hidden && changed) clear(box);
      box.hidden = hide;
    });
  }
  // A preset's share of a total (scoring/entry.py, Rest): the total less the other fields' numbers,
  // once each holds one and the rest is within this field's bounds; else null.
  function rest(form, name, spec, input) {
    var sum = 0;
    for (var i = 0; i < spec.of.length; i++) {
      if (spec.of[i] === name) continue;
      var text = (value(form, spec.of[i]) || "").trim();
      if (!/^-?[0-9]+$/.test(text)) return null;
      sum += parseInt(text, 10);
    }
    var left = spec.total - sum;
    if ((input.min !== "" && left < Number(input.min)) || (input.max !== "" && left > Number(input.max))) return null;
    return String(left);
  }
  function set(form, name, v) {
    var inputs = form.querySelectorAll("[name='" + name + "']");
    inputs.forEach(function (input) {
      if (input.type === "radio") input.checked = input.value === v || (v === "" && input === inputs[0]);
      else input.value = v;
    });
  }
  function holds(form, when) {
    return Object.keys(when).every(function (field) {
      var v = value(form, field);
      return !!v && (when[field].indexOf("*") !== -1 || when[field].indexOf(v) !== -1);
    });
  }
  // Presets (scoring/entry.py, Preset): a field takes its usual value as soon as its condition holds
  // (the 40 of a 40-100 announced by the declarer, a Laza bid made), unless the referee set it
  // himself; a value a preset put is taken back when the condition stops holding, or when one of
  // its "unless" conditions starts to (a renonsz case that records no play): the preset yields.
  function presets(form, changed) {
    form.querySelectorAll("[data-preset]").forEach(function (box) {
      var preset = JSON.parse(box.dataset.preset);
      var input = box.querySelector("input, select");
      var name = input.name;
      var applies = holds(form, preset.when) && !(preset.unless || []).some(function (c) { return holds(form, c); });
      var share = preset.rest && applies ? rest(form, name, preset.rest, input) : null;
      if (preset.rest && share === null) applies = false;
      if (changed !== undefined && name === changed) box.dataset.touched = "1";
      if (changed !== undefined && !box.dataset.touched) {
        var current = value(form, name);
        var put = box.dataset.put;
        if (applies) {
          var target = preset.rest ? share : preset.copy ? value(form, preset.copy) : preset.value;
          if (current === "" || current === put) { set(form, name, target); box.dataset.put = target; }
        } else if (put !== undefined && current === put) {
          set(form, name, "");
          delete box.dataset.put;
        }
      }
      if (preset.hide) box.hidden = !applies && !value(form, name);
    });
  }
  document.querySelectorAll("form.hand-form").forEach(function (form) {
    form.addEventListener("change", function (event) {
      update(form, true);
      presets(form, event.target.name);
    });
    // A typed number moves a share preset as it is typed (the last klop pile shows before the field is
    // left), so the preview htmx asks for after a pause in typing already holds it.
    form.addEventListener("input", function (event) {
      if (event.target.type === "number") presets(form, event.target.name);
    });
    // A number its input refuses (95 card points where 90 is the most) would stop htmx from asking
    // for the preview and leave the last score standing: ask anyway, and the server names the error
    // in the page's language. Saving still checks the inputs.
    form.addEventListener("htmx:configRequest", function (event) { event.detail.errors = []; });
    // Once the form is being saved, no preview is asked for any more (the last change, a field left
    // by the tap on the button, would score the hand again while it is stored).
    form.addEventListener("submit", function (event) { if (!event.defaultPrevented) form.dataset.saving = "1"; });
    form.addEventListener("htmx:beforeRequest", function (event) { if (form.dataset.saving) event.preventDefault(); });
    window.addEventListener("pageshow", function () { delete form.dataset.saving; });
    // offline.js put the fields of another hand in (the next one, without a connection).
    form.addEventListener("hand-fields", function () {
      update(form, false);
      presets(form);
    });
    update(form, false);
    presets(form);
  });
})();
