// The standings page: redraw the rows from live.json in place (as the hall does), no reload.
(function () {
  "use strict";
  var root = document.querySelector("[data-standings-url]");
  if (!root) return;
  var body = root.querySelector("[data-standings-rows]");
  var metrics = (body.dataset.metrics || "").split(" ").filter(Boolean);
  function esc(s) { var d = document.createElement("div"); d.textContent = String(s); return d.innerHTML; }
  // Running game points of a table still playing: italic with a star, as the server draws them.
  var SEP = root.dataset.decimal || ".";  // the page's decimal separator: "1.5" in the JSON, "1,5" in Hungarian
  function cell(text, running) {
    text = /^-?\d+\.\d+$/.test(String(text)) ? String(text).replace(".", SEP) : text;
    return "<td class='num'>" + (running ? "<em title='" + esc(root.dataset.running) + "'>" + esc(text) + "*</em>" : esc(text)) + "</td>";
  }
  function render(d) {
    body.innerHTML = d.standings.map(function (r) {
      var cells = r.per_round.map(function (v, i) { return cell(v, r.running[i]); });
      metrics.forEach(function (m) { cells.push(cell(r.text[m], m === "game_points" && r.playing)); });
      return "<tr><td class='num'>" + r.rank + "</td><td>" + esc(r.name) + " <span class='muted'>#" + r.start_number +
        (r.club ? " · " + esc(r.club) : "") + "</span>" +
        (r.provisional ? " <span class='badge warn'>" + esc(root.dataset.provisional) + "</span>" : "") + "</td>" +
        cells.join("") + "</tr>";
    }).join("");
  }
  function poll() {
    fetch(root.dataset.standingsUrl, { headers: { "Accept": "application/json" } })
      .then(function (r) { return r.ok ? r.json() : null; }).then(function (d) { if (d) render(d); }).catch(function () {});
  }
  window.tarokPoll(poll, 5000, 30000);
})();
