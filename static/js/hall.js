// Hall mode: refresh clock, tables and standings from live.json (no page reloads).
(function () {
  "use strict";
  var root = document.querySelector("[data-live-url]");
  if (!root) return;
  function esc(s) { var d = document.createElement("div"); d.textContent = String(s); return d.innerHTML; }
  var TABLE = root.dataset.tableLabel || "Table";  // translated by the page
  // As the server prints metrics (results.metric_text): ranking points are multiples of 1/8.
  function fmtNum(v) { return v === null || v === undefined ? "" : String(Math.round(v * 1000) / 1000); }
  function render(d) {
    if (d.round) {
      root.querySelector("[data-round]").textContent = d.round.round;
      var clock = root.querySelector("[data-hall-clock]");
      clock.textContent = d.round.remaining; clock.classList.toggle("over", d.round.expired);
    }
    root.querySelector("[data-playing]").innerHTML = d.tables.filter(function (t) { return !t.complete; })
      .map(function (t) { return "<li>" + esc(TABLE) + " " + t.number + ": " + t.hands + "/" + t.expected + "</li>"; }).join("");
    root.querySelector("[data-seating]").innerHTML = d.tables.map(function (t) {
      return "<div><b>" + esc(TABLE) + " " + t.number + "</b><br>" + t.seats.map(function (s) {
        return "<span class='pos'>" + esc(s.position) + "</span>" + esc(s.name) + " <span class='muted'>" + s.total + "</span>"; }).join("<br>") + "</div>";
    }).join("");
    var m = d.metrics[0];
    var body = root.querySelector("[data-standings]");
    body.innerHTML = d.standings.slice(0, Number(body.dataset.rows) || 30).map(function (r) {
      return "<tr><td class='num'>" + r.rank + "</td><td>" + esc(r.name) + (r.provisional ? " *" : "") + "</td><td class='num'>" + fmtNum(r[m]) + "</td></tr>";
    }).join("");
  }
  function poll() {
    fetch(root.dataset.liveUrl).then(function (r) { return r.ok ? r.json() : null; }).then(function (d) { if (d) render(d); }).catch(function () {});
  }
  window.tarokPoll(poll, 5000, 30000);
})();
