// A player's seat page (templates/tournaments/seat.html) follows his table without a reload by hand:
// it polls the table's small JSON (poll.js's rhythm: fast while visible, slowly otherwise) and reloads
// itself when a hand was entered or corrected, or the table confirmed; never while a PIN is being typed.
(function () {
  "use strict";
  var box = document.querySelector("[data-seat-live]");
  if (!box || !window.tarokPoll) return;
  function state(d) {
    return d.hands.length + ":" + d.positions.map(function (p) { return d.totals[p] || 0; }).join(",") + ":" + d.confirmed;
  }
  function typing() {
    var pin = document.getElementById("id_pin");
    return pin && (pin.value !== "" || document.activeElement === pin);
  }
  function poll() {
    fetch(box.dataset.seatLive, { headers: { "Accept": "application/json" } })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (d) { if (d && state(d) !== box.dataset.state && !typing()) location.reload(); })
      .catch(function () {});
  }
  window.tarokPoll(poll, 10000, 60000);
})();
