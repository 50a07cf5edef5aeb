// Live pages: poll a small JSON endpoint, fast while the tab is visible and slowly
// otherwise (as healthchecks' adaptive-setinterval.js); tick the clock locally between polls.
(function () {
  "use strict";
  function fmt(s) {
    var sign = s < 0 ? "-" : ""; s = Math.abs(s);
    var h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
    var mm = (h ? String(m).padStart(2, "0") : String(m)), ss = String(sec).padStart(2, "0");
    return sign + (h ? h + ":" : "") + mm + ":" + ss;
  }
  function every(fn, fast, slow) {
    var timer = null;
    function schedule() { timer = setTimeout(function () { fn(); schedule(); }, document.hidden ? slow : fast); }
    document.addEventListener("visibilitychange", function () { clearTimeout(timer); if (!document.hidden) fn(); schedule(); });
    schedule();
  }
  document.querySelectorAll("[data-clock-url]").forEach(function (box) {
    var el = box.querySelector("[data-clock]"), state = { remaining: null, running: false };
    function poll() {
      fetch(box.dataset.clockUrl, { headers: { "Accept": "application/json" } })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (d) { if (d) { state.remaining = d.remaining_seconds; state.running = d.running; render(); } })
        .catch(function () {});
    }
    function render() {
      if (state.remaining === null) return;
      el.textContent = fmt(state.remaining);
      el.classList.toggle("over", state.remaining <= 0);
      if (state.remaining <= 0) timeIsUp();
    }
    // The table page's "time was up after hand N" card (templates/scoring/_time_up.html): when the clock
    // runs out on an open page, say so and open the form, as the page does when loaded after the whistle.
    function timeIsUp() {
      var over = box.querySelector("[data-clock-state]");
      if (over && over.dataset.over) over.textContent = over.dataset.over;
      document.querySelectorAll("[data-time-up-prompt][hidden]").forEach(function (prompt) {
        prompt.hidden = false;
        var card = prompt.closest("[data-time-up]");
        var details = card.querySelector("details");
        if (details) details.open = true;
        // Below the hand form while the clock ran; under the clock once it asks (as the page draws it then).
        var top = document.querySelector("[data-time-up-top]");
        if (top && card.previousElementSibling !== top) top.after(card);
      });
    }
    setInterval(function () { if (state.running && state.remaining !== null) { state.remaining -= 1; render(); } }, 1000);
    poll();
    every(poll, 10000, 60000);
  });
  window.tarokPoll = every;
})();
