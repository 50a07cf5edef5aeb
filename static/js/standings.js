// The standings page on a phone: find a player by name, club or start number, jump to one's own row
// (?me=<start number>, remembered for the event), and follow the event without a reload: the rows are
// fetched again only after a change (?part=rows answers 304 while the page's ETag is current).
(function () {
  "use strict";
  var root = document.querySelector("[data-standings-url]");
  if (!root) return;
  var body = root.querySelector("[data-standings-rows]");
  var tools = document.querySelector("[data-standings-tools]");
  var search = document.querySelector("[data-standings-search]");
  var myRow = document.querySelector("[data-my-row]");
  var noMatch = document.querySelector("[data-no-match]");
  var version = root.dataset.version || "";

  // --- whose row: ?me=<start number>, else the one this phone was last opened with for this event ---
  var key = "tarok-me:" + location.pathname;
  var me = new URLSearchParams(location.search).get("me");
  try {
    if (me && /^\d+$/.test(me)) localStorage.setItem(key, me); else me = localStorage.getItem(key);
  } catch (e) { /* storage disabled: only ?me works */ }
  if (me && !/^\d+$/.test(me)) me = null;
  function mine() {
    if (!me) return null;
    var rows = body.querySelectorAll("tr[data-numbers]");
    for (var i = 0; i < rows.length; i++) {
      if ((" " + rows[i].dataset.numbers + " ").indexOf(" " + me + " ") >= 0) return rows[i];
    }
    return null;
  }
  function mark() {
    var old = body.querySelector("tr.me");
    if (old) old.classList.remove("me");
    var row = mine();
    if (row) { row.classList.add("me"); myRow.href = "#" + row.id; }
    myRow.hidden = !row;
    return row;
  }
  myRow.addEventListener("click", function (ev) {
    var row = mark();
    if (!row) return;
    ev.preventDefault();
    if (search.value) { search.value = ""; filter(); }
    row.scrollIntoView({ block: "center" });
  });

  // --- find: hide the rows that do not match what is typed (name, club or start number) ------------
  // Accents and case aside, as the server's searches (tournaments/people/names.py): "cuk" finds Čuk.
  function fold(text) {
    return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").replace(/[đĐ]/g, "d")
      .replace(/[łŁ]/g, "l").replace(/[øØ]/g, "o").replace(/ß/g, "ss").toLowerCase();
  }
  function filter() {
    var words = fold(search.value.trim()).split(/\s+/).filter(Boolean);
    var shown = 0;
    body.querySelectorAll("tr[data-numbers]").forEach(function (tr) {
      var text = fold(tr.cells[1].textContent);
      var hit = words.every(function (w) { return text.indexOf(w) >= 0; });
      tr.hidden = !hit;
      shown += hit;
    });
    noMatch.hidden = shown > 0 || !words.length;
  }
  search.addEventListener("input", filter);
  tools.hidden = false;
  var first = mark();
  if (first && me === new URLSearchParams(location.search).get("me")) first.scrollIntoView({ block: "center" });

  // --- follow the event: fetch the rows only when they changed -------------------------------------
  function poll() {
    fetch(root.dataset.standingsUrl, { cache: "no-store", headers: { "If-None-Match": version } })
      .then(function (r) {
        if (r.status !== 200) return null;  // 304: nothing changed since the rows this page shows
        version = r.headers.get("ETag") || version;
        return r.text();
      })
      .then(function (html) {
        if (html === null || html === undefined) return;
        body.innerHTML = html;
        mark();
        if (search.value) filter();
      })
      .catch(function () {});
  }
  window.tarokPoll(poll, 5000, 30000);
})();
