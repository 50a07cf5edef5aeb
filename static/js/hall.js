// Hall mode: refresh clock, tables and standings from live.json (no page reloads); the clock ticks
// every second between polls; on a projector (wide screen) long lists turn pages of what fits.
(function () {
  "use strict";
  var root = document.querySelector("[data-live-url]");
  if (!root) return;
  function esc(s) { var d = document.createElement("div"); d.textContent = String(s); return d.innerHTML; }
  var TABLE = root.dataset.tableLabel || "Table {n}";  // translated by the page, "{n}. asztal" in Hungarian
  function tableLabel(n) { return esc(TABLE.replace("{n}", n)); }
  // As the server prints metrics (results.metric_text): ranking points are multiples of 1/8.
  var SEP = root.dataset.decimal || ".";  // the page's decimal separator ("1,5" in Hungarian)
  function fmtNum(v) { return v === null || v === undefined ? "" : String(Math.round(v * 1000) / 1000).replace(".", SEP); }
  // As tournaments.clock.format_seconds: 1:15:00, 4:05, -0:30.
  function fmtClock(s) {
    var sign = s < 0 ? "-" : ""; s = Math.abs(s);
    var h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
    return sign + (h ? h + ":" + String(m).padStart(2, "0") : String(m)) + ":" + String(sec).padStart(2, "0");
  }

  // --- the clock: the server's remaining seconds, counted down locally between polls -------------
  var clock = root.querySelector("[data-hall-clock]");
  var deadline = null;  // ms timestamp when time is up, while the clock runs
  var shown = clock.dataset.remaining === "" ? null : Number(clock.dataset.remaining);
  function setClock(remaining, running) {
    shown = remaining;
    deadline = running && remaining !== null ? Date.now() + remaining * 1000 : null;
    drawClock();
  }
  function drawClock() {
    if (shown === null || isNaN(shown)) return;
    if (deadline !== null) shown = Math.round((deadline - Date.now()) / 1000);
    clock.textContent = fmtClock(shown);
    clock.classList.toggle("over", shown <= 0);
  }
  setClock(shown, clock.dataset.running === "true");
  setInterval(drawClock, 1000);

  // --- pages: show as many items as fit below the list's top, turn every few seconds -------------
  var TURN = Math.max(2, Number(root.dataset.pageSeconds) || 8) * 1000;
  var pagers = [];
  function Pager(box, label) {
    this.box = box; this.label = label; this.page = 0; this.pages = [[]];
  }
  // The room a list's card needs under the list: what follows it (a footnote), the card's padding and
  // border, and the page's margin.
  function below(box) {
    var card = box.closest(".card");
    if (!card) return 48;
    var inner = box;
    while (inner.parentElement !== card) inner = inner.parentElement;
    var style = getComputedStyle(card);
    var room = parseFloat(style.paddingBottom) + parseFloat(style.borderBottomWidth) + 16;
    for (var el = inner.nextElementSibling; el; el = el.nextElementSibling) {
      var s = getComputedStyle(el);
      room += el.getBoundingClientRect().height + parseFloat(s.marginTop) + parseFloat(s.marginBottom);
    }
    return room;
  }
  Pager.prototype.layout = function () {
    var items = Array.prototype.slice.call(this.box.children);
    items.forEach(function (el) { el.style.display = ""; });
    this.pages = [items];
    if (window.innerWidth >= 1000 && items.length) {  // projector layout; phones scroll
      // What fits below the list's top, or in its own box where the stylesheet caps its height.
      var cap = parseFloat(getComputedStyle(this.box).maxHeight);
      var reserve = Number(this.box.dataset.pageReserve) || below(this.box);
      var room = Math.min(window.innerHeight - this.box.getBoundingClientRect().top - reserve, isNaN(cap) ? Infinity : cap - 8);
      var pages = [], current = [], top = null;
      items.forEach(function (el) {
        if (top === null) top = el.offsetTop;
        if (current.length && el.offsetTop + el.offsetHeight - top > room) { pages.push(current); current = []; top = el.offsetTop; }
        current.push(el);
      });
      pages.push(current);
      this.pages = pages;
    }
    if (this.page >= this.pages.length) this.page = 0;
    this.show();
  };
  Pager.prototype.show = function () {
    var page = this.page;
    this.pages.forEach(function (items, i) { items.forEach(function (el) { el.style.display = i === page ? "" : "none"; }); });
    if (this.label) this.label.textContent = this.pages.length > 1 ? (page + 1) + "/" + this.pages.length : "";
    this.box.dataset.page = String(page + 1);
  };
  Pager.prototype.turn = function () {
    if (this.pages.length > 1) { this.page = (this.page + 1) % this.pages.length; this.show(); }
  };
  root.querySelectorAll("[data-pages]").forEach(function (box) {
    var p = new Pager(box, root.querySelector("[data-page-label='" + box.dataset.pages + "']"));
    pagers.push(p); p.layout();
  });
  function relayout() { pagers.forEach(function (p) { p.layout(); }); }
  window.addEventListener("resize", relayout);
  setInterval(function () { pagers.forEach(function (p) { p.turn(); }); }, TURN);

  function render(d) {
    if (d.round) {
      var label = root.querySelector("[data-round]");
      label.textContent = label.dataset.round.replace("{n}", d.round.round);
      setClock(d.round.remaining_seconds, d.round.running);
    }
    var playing = d.tables.filter(function (t) { return !t.complete; });
    root.querySelector("[data-playing]").innerHTML = playing
      .map(function (t) { return "<li>" + tableLabel(t.number) + ": " + t.hands + "/" + t.expected + "</li>"; }).join("");
    root.querySelector("[data-playing-box]").hidden = !playing.length;  // no empty box on the wall
    root.querySelector("[data-seating]").innerHTML = d.tables.map(function (t) {
      return "<div><b>" + tableLabel(t.number) + "</b><br>" + t.seats.map(function (s) {
        return "<span class='pos'>" + esc(s.position) + "</span>" + esc(s.name) + " <span class='muted'>" + s.total + "</span>"; }).join("<br>") + "</div>";
    }).join("");
    var m = d.metrics[0];
    root.querySelector("[data-standings]").innerHTML = d.standings.map(function (r) {
      return "<tr><td class='num'>" + r.rank + "</td><td>" + esc(r.name) + (r.provisional ? " *" : "") + "</td><td class='num'>" + fmtNum(r[m]) + "</td></tr>";
    }).join("");
    relayout();
  }
  function poll() {
    fetch(root.dataset.liveUrl).then(function (r) { return r.ok ? r.json() : null; }).then(function (d) { if (d) render(d); }).catch(function () {});
  }
  window.tarokPoll(poll, 5000, 30000);
})();
