// Configuration-table editor: "Add a row" adds an empty row in place instead of posting the form.
(function () {
  "use strict";
  var button = document.getElementById("add-row");
  var body = document.getElementById("ct-rows");
  var count = document.getElementById("row-count");
  var blank = document.getElementById("ct-blank-row");
  if (!button || !body || !count || !blank) return;
  button.addEventListener("click", function (event) {
    event.preventDefault();
    var i = parseInt(count.value, 10) || 0;
    var row = blank.content.firstElementChild.cloneNode(true);
    row.querySelector(".rowno").textContent = String(body.rows.length + 1);
    row.querySelectorAll("[data-col]").forEach(function (input) {
      input.name = "r-" + i + "-" + input.getAttribute("data-col");
    });
    body.appendChild(row);
    count.value = String(i + 1);
    var first = row.querySelector("input");
    if (first) first.focus();
  });
})();
