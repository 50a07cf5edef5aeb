// Offline-tolerant hand entry (issue 16). Without this script, and online with no hand waiting,
// the form posts as it always did. When the connection is away a saved hand is kept on
// the phone (localStorage: it survives a reload), listed as "not yet sent", and sent in order when
// the connection returns, each with its own idempotency token (entry_token), so a retry stores it
// once. A hand the server refuses, or whose number someone else used meanwhile, stops the queue and
// is shown with both versions and the referee's choices. Words and addresses come from the page's
// JSON element #offline-entry (tournaments/views/offline.py); the worker static/js/sw.js lets the
// page itself reload offline.
(function () {
  "use strict";
  var CORRECTION = "tarok-correction";  // sessionStorage: a queued hand to open as a correction

  function fmt(text, vars) {
    return text.replace(/\{(\w+)\}/g, function (all, k) { return k in vars ? vars[k] : all; });
  }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function newToken() {
    var a = new Uint8Array(16);
    window.crypto.getRandomValues(a);  // randomUUID needs a secure context; this does not
    return Array.from(a, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }
  // Put posted values back into a hand form (the fields' names are the same on both pages).
  function fill(form, fields) {
    var values = {};
    fields.forEach(function (f) { (values[f[0]] = values[f[0]] || []).push(f[1]); });
    var skip = ["csrfmiddlewaretoken", "number", "entry_token", "version", "hand", "reason", "json"];
    Array.from(form.querySelectorAll("[name]")).forEach(function (input) {
      if (skip.indexOf(input.name) !== -1 || input.tagName === "BUTTON") return;
      var given = values[input.name] || [];
      if (input.type === "checkbox" || input.type === "radio") input.checked = given.indexOf(input.value) !== -1;
      else if (input.tagName === "SELECT") Array.from(input.options).forEach(function (o, i) {
        o.selected = given.length ? given.indexOf(o.value) !== -1 : (!input.multiple && i === 0);
      });
      else input.value = given.length ? given[0] : "";
    });
  }

  // The correction page opened from a conflict: fill in the referee's version.
  (function prefillCorrection() {
    var raw = window.sessionStorage.getItem(CORRECTION);
    var form = document.querySelector("form.hand-form");
    if (!raw || !form) return;
    var data = JSON.parse(raw);
    if (data.url !== window.location.pathname) return;
    window.sessionStorage.removeItem(CORRECTION);
    fill(form, data.fields);
    form.dispatchEvent(new Event("change", { bubbles: true }));  // handform.js shows the right sections
    var note = el("p", "messages offline-note", data.note);
    note.setAttribute("role", "status");
    form.parentNode.insertBefore(note, form);
  })();

  var configElement = document.getElementById("offline-entry");
  if (!configElement) return;
  var cfg = JSON.parse(configElement.textContent), W = cfg.words;
  var form = document.querySelector("#entry form.hand-form");
  var hands = document.querySelector("table.hands tbody");
  var heading = document.querySelector("#entry h2");
  var serverNumber = form ? Number(form.elements.number.value) : 0;
  var state = { busy: false, signedOut: false, dirty: false };

  function load() { return JSON.parse(window.localStorage.getItem(cfg.key) || "[]"); }
  function save(queue) {
    if (queue.length) window.localStorage.setItem(cfg.key, JSON.stringify(queue));
    else window.localStorage.removeItem(cfg.key);
  }
  function offline() { return !navigator.onLine || state.offline; }

  // ---- the form -----------------------------------------------------------------------------
  function summary() {
    var out = [];
    form.querySelectorAll("p.field").forEach(function (p) {
      var label = p.querySelector("label");
      if (!label || p.closest("[hidden]")) return;
      var parts = [];
      p.querySelectorAll("input, select, textarea").forEach(function (input) {
        if (input.type === "hidden") return;
        if (input.tagName === "SELECT") {
          // a single choice lists its "nothing" first (no kontra, declaring side): not worth a word
          Array.from(input.selectedOptions).forEach(function (o) {
            if (o.value !== "" && (input.multiple || o.index > 0)) parts.push(o.text);
          });
        } else if (input.type === "checkbox" || input.type === "radio") {
          var own = input.closest("label");
          if (input.checked) parts.push(own && own !== label ? own.textContent.trim() : "✓");
        } else if (input.value !== "") {
          parts.push(input.value);
        }
      });
      if (parts.length) out.push(label.textContent.trim() + ": " + parts.join(", "));
    });
    return out.join(" · ");
  }
  function capture() {
    var fields = [];
    new FormData(form).forEach(function (value, name) {
      if (name !== "csrfmiddlewaretoken") fields.push([name, String(value)]);
    });
    return { number: Number(form.elements.number.value), fields: fields, summary: summary() };
  }
  function nextNumber(queue) {
    return queue.length ? Math.max(serverNumber, queue[queue.length - 1].number + 1) : serverNumber;
  }
  function setNumber(n) {
    form.elements.number.value = String(n);
    form.elements.entry_token.value = newToken();
    if (n !== serverNumber && heading) heading.textContent = fmt(W.hand, { n: n });
  }
  function clearForm(queue) {
    form.reset();
    form.dispatchEvent(new Event("change", { bubbles: true }));  // handform.js hides what the reset game hides
    setNumber(nextNumber(queue));
    state.dirty = false;
  }

  // ---- sending ------------------------------------------------------------------------------
  // One hand to hand-enter, as the form would post it; the answer as {kind, data}.
  function post(item) {
    var body = new URLSearchParams();
    body.append("csrfmiddlewaretoken", cfg.csrf);
    item.fields.forEach(function (f) { body.append(f[0], f[1]); });
    return window.fetch(cfg.enter_url, {
      method: "POST", body: body, credentials: "same-origin", headers: { "Accept": "application/json" },
    }).then(function (r) {
      var json = (r.headers.get("Content-Type") || "").indexOf("application/json") === 0;
      if (!json) return { kind: r.status === 403 || r.redirected ? "signed_out" : "network" };  // a sign-in page, a proxy's error
      return r.json().then(function (data) {
        var kind = { 201: "stored", 409: "conflict", 422: "refused" }[r.status] || "network";
        return { kind: kind, data: data };
      });
    }, function () { return { kind: "network" }; });
  }
  function flush() {
    var queue = load();
    if (state.busy || !queue.length || queue[0].problem || !navigator.onLine) { render(); return; }
    state.busy = true;
    render();
    post(queue[0]).then(function (answer) {
      state.busy = false;
      queue = load();
      if (answer.kind === "stored") {
        state.offline = state.signedOut = false;
        queue.shift();
        save(queue);
        if (queue.length) flush(); else finished();
        return;
      }
      if (answer.kind === "network") state.offline = true;
      else if (answer.kind === "signed_out") state.signedOut = true;
      else queue[0].problem = { kind: answer.kind, data: answer.data };
      save(queue);
      render();
    });
  }
  function finished() {
    // The page shows the stored hands and the form for the next one; a hand being typed is kept.
    if (!form || !state.dirty) { window.location.assign(window.location.pathname); return; }
    render(W.all_sent);
  }

  // ---- the referee's choices on a hand that was not stored -----------------------------------
  function discard(renumber) {
    var queue = load(), gone = queue.shift();
    if (renumber) {  // a refused hand was never stored: the ones after it move up
      queue.forEach(function (item) {
        item.number -= 1;
        item.fields.forEach(function (f) { if (f[0] === "number") f[1] = String(item.number); });
      });
    }
    save(queue);
    if (form && renumber && Number(form.elements.number.value) > gone.number) setNumber(nextNumber(queue));
    flush();
  }
  function correct() {
    var queue = load(), mine = queue.shift();
    var url = cfg.edit_url.replace(/\/0\/$/, "/" + mine.number + "/");
    window.sessionStorage.setItem(CORRECTION, JSON.stringify({
      url: url, fields: mine.fields, note: fmt(W.prefilled, { n: mine.number }),
    }));
    save(queue);
    window.location.assign(url);
  }
  function edit() {
    var mine = load()[0];
    fill(form, mine.fields);
    form.dispatchEvent(new Event("change", { bubbles: true }));
    setNumber(mine.number);  // saving it again replaces the refused one in the queue
    state.dirty = true;
    form.scrollIntoView();
  }

  // ---- what the page shows ------------------------------------------------------------------
  function banner() {
    var box = document.getElementById("offline-banner");
    if (!box) {
      box = el("div", "messages offline-banner");
      box.id = "offline-banner";
      box.setAttribute("role", "status");
      box.setAttribute("aria-live", "polite");
      var h1 = document.querySelector("main h1");
      h1.parentNode.insertBefore(box, h1.nextSibling);
    }
    return box;
  }
  function versions(item) {
    var p = item.problem, panel = el("section", "card bad offline-problem");
    panel.setAttribute("role", "alert");
    var theirs = p.kind === "conflict" && p.data.theirs;
    panel.appendChild(el("h2", "", fmt(p.kind === "refused" ? W.refused : W.conflict, { n: item.number })));
    if (p.data.message) panel.appendChild(el("p", "errorlist", p.data.message));
    if (p.kind === "refused") {
      var errors = el("ul", "errorlist");
      Object.keys(p.data.errors || {}).forEach(function (field) {
        var label = form && form.querySelector("label[for='id_" + field + "']");
        p.data.errors[field].forEach(function (message) {
          errors.appendChild(el("li", "", (field !== "__all__" ? (label ? label.textContent : field) + ": " : "") + message));
        });
      });
      panel.appendChild(errors);
    }
    var both = el("div", "offline-versions");
    var m = el("div", "offline-mine");
    m.appendChild(el("h3", "", W.mine));
    m.appendChild(el("p", "", item.summary));
    both.appendChild(m);
    if (theirs) {
      var t = el("div", "offline-theirs");
      t.appendChild(el("h3", "", fmt(W.theirs, { by: theirs.entered_by })));
      t.appendChild(el("p", "", theirs.points.map(function (pv) { return pv[0] + " " + pv[1]; }).join(" · ")));
      var lines = el("ul", "breakdown");
      theirs.breakdown.forEach(function (line) { lines.appendChild(el("li", "", line)); });
      t.appendChild(lines);
      both.appendChild(t);
    }
    panel.appendChild(both);
    var actions = el("div", "actions");
    function button(text, cls, fn) {
      var b = el("button", cls, text);
      b.type = "button";
      b.addEventListener("click", fn);
      actions.appendChild(b);
    }
    button(W.discard, "danger", function () { discard(p.kind === "refused"); });
    if (theirs) button(W.correct, "", correct);
    else if (p.kind === "refused" && form) button(W.edit, "", edit);
    panel.appendChild(actions);
    return panel;
  }
  function render(note) {
    var queue = load(), box = banner();
    box.textContent = "";
    var says = [];
    if (offline()) says.push(W.offline);
    if (state.signedOut) says.push(W.signed_out);
    if (queue.length) says.push(state.busy ? W.sending : fmt(W.pending, { n: queue.length }));
    if (note) says.push(note);
    says.forEach(function (s) { box.appendChild(el("p", "", s)); });
    box.hidden = !says.length;
    box.classList.toggle("offline", offline());
    // the queued hands, after the stored ones
    if (hands) {
      hands.querySelectorAll("tr.queued").forEach(function (row) { row.remove(); });
      var empty = hands.querySelector("td[colspan]:only-child");  // "No hand yet."
      if (empty) empty.parentNode.hidden = queue.length > 0;
      var columns = hands.closest("table").querySelector("thead tr").children.length;
      queue.forEach(function (item) {
        var row = el("tr", "queued"), cell = el("td");
        row.appendChild(el("td", "num", String(item.number)));
        cell.colSpan = columns - 1;
        cell.appendChild(el("span", "badge warn", item.problem ? "!" : W.not_sent));
        if (item.problem) cell.lastChild.setAttribute("title", W.not_sent);
        cell.appendChild(document.createTextNode(" " + item.summary));
        row.appendChild(cell);
        hands.appendChild(row);
      });
    }
    var old = document.querySelector(".offline-problem");
    if (old) old.remove();
    if (queue.length && queue[0].problem) {
      var anchor = document.getElementById("entry") || box.nextSibling;
      anchor.parentNode.insertBefore(versions(queue[0]), anchor);
    }
  }

  // ---- wiring -------------------------------------------------------------------------------
  if (form) {
    var queue = load();
    setNumber(nextNumber(queue));  // a fresh token always: a page kept offline still holds a used one
    form.addEventListener("input", function () { state.dirty = true; });
    form.addEventListener("change", function (e) { if (e.isTrusted) state.dirty = true; });
    form.addEventListener("submit", function (event) {
      // Online with nothing waiting, the form posts as it always has (the page shows its errors).
      if (event.defaultPrevented || (!load().length && !offline())) return;
      event.preventDefault();
      keep(capture());
      flush();
    });
    // Offline or with hands waiting, the server's preview would score another hand than this one.
    form.addEventListener("htmx:beforeRequest", function (event) {
      if (!offline() && !load().length) return;
      event.preventDefault();
      var preview = document.getElementById("preview");
      if (preview) { preview.textContent = ""; preview.appendChild(el("p", "muted", W.no_preview)); }
    });
  }
  function keep(item) {
    var queue = load().filter(function (q) { return q.number !== item.number; });
    queue.push(item);
    queue.sort(function (a, b) { return a.number - b.number; });
    save(queue);
    clearForm(queue);
    render();
  }
  window.addEventListener("online", function () { state.offline = false; flush(); });
  window.addEventListener("offline", function () { render(); });
  window.setInterval(function () { if (load().length) { state.offline = false; flush(); } }, 15000);

  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register(cfg.worker_url, { scope: "/" }).then(function () {
      if (navigator.serviceWorker.controller || !navigator.onLine) return;
      // This page came from the network before the worker ran: have it keep a copy now.
      var urls = [window.location.pathname].concat(Array.from(
        document.querySelectorAll("script[src], link[rel=stylesheet][href]"), function (e) { return e.src || e.href; }));
      return navigator.serviceWorker.ready.then(function (reg) { reg.active.postMessage({ keep: urls }); });
    }).catch(function () {});
  }
  flush();
})();
