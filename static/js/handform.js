// Hide the fieldsets that do not apply to the chosen game/bid (they are still sent and validated).
(function () {
  "use strict";
  function update(form) {
    form.querySelectorAll("[data-show-field]").forEach(function (box) {
      var input = form.querySelector("[name='" + box.dataset.showField + "'], [name$='-" + box.dataset.showField + "']");
      if (!input) return;
      var wanted = box.dataset.showValues.split(" ");
      box.hidden = wanted.indexOf(input.value) === -1;
    });
  }
  document.querySelectorAll("form.hand-form").forEach(function (form) {
    form.addEventListener("change", function () { update(form); });
    update(form);
  });
})();
