// Offline-tolerant hand entry (issue 16). Without this script, and online with no hand waiting,
// the form posts as it always did. When the connection is away a saved hand is kept on
// the phone (localStorage: it survives a reload), listed as "not yet sent", and sent in order when
// the connection returns, each with its own idempotency token (entry_token), so a retry stores it
// once. A hand the server refuses, or whose number someone else used meanwhile, stops the queue and
// is shown with both versions and the referee's choices. Words and addresses come from the page's
// JSON element #offline-entry (tournaments/tables/offline_views.py); the worker static/js/sw.js lets the
// page itself reload offline.
//
// The form advances offline exactly as the server would: the page carries the table's rotation
// ahead (forms_ahead: for each hand to come its envelopes, the dealer it leads to by the fields
// that decide it, and its form in pieces rendered by the server), so hand n+1, n+2… show their own
// dealer, seat order and defaults. When the queue has been sent, the stored hands and totals are
// fetched and shown without a reload. This script runs before handform.js: it reads the page's own
// form as rendered, before anything touches it.
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
  function valueOf(fields, name) {
    var found = fields.filter(function (f) { return f[0] === name; })[0];
    return found ? found[1] : "";
  }

  // The correction page opened from a conflict: fill in the referee's version (once handform.js,
  // which runs after this script there, listens).
  document.addEventListener("DOMContentLoaded", function prefillCorrection() {
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
  });

  var configElement = document.getElementById("offline-entry");
  if (!configElement) return;
  var cfg = JSON.parse(configElement.textContent), W = cfg.words;
  var form = document.querySelector("#entry form.hand-form");
  var serverNumber = form ? Number(form.elements.number.value) : 0;
  var state = { busy: false, signedOut: false, dirty: false, stored: false };
  var ahead = null, pieces = [];
  if (form) read(cfg.ahead, document, form);

  function load() { return JSON.parse(window.localStorage.getItem(cfg.key) || "[]"); }
  function save(queue) {
    if (queue.length) window.localStorage.setItem(cfg.key, JSON.stringify(queue));
    else window.localStorage.removeItem(cfg.key);
  }
  function offline() { return !navigator.onLine || state.offline; }

  // ---- the hands ahead ------------------------------------------------------------------------
  // The pieces the forms ahead are made of: from the page's <template> elements, and those of the
  // page's own form (sent once) from that form as rendered: its sections and fields in order.
  function read(given, doc, pageForm) {
    ahead = given || null;
    pieces = [];
    if (!ahead) return;
    pieces = Array.from(doc.querySelectorAll("#forms-ahead > template"), function (t) { return t.innerHTML; });
    var own = ahead.page !== undefined && ahead.nodes[ahead.start].forms[ahead.page];
    if (!own) return;
    var sections = pageForm.querySelectorAll(".hand-fields > details.fieldset");
    if (sections.length !== own.length) { ahead = null; return; }  // not the form the plan describes
    own.forEach(function (section, i) {
      var shell = sections[i].cloneNode(true), fields = sections[i].querySelector(".fields").children;
      shell.querySelector(".fields").textContent = "";
      pieces[section[0]] = shell.outerHTML;
      section[1].forEach(function (piece, j) { if (fields[j]) pieces[piece] = fields[j].outerHTML; });
    });
  }
  // The node of hand ``number`` and its form (by the queued hands before it), or null.
  function walk(number, queue) {
    if (!ahead) return null;
    var id = ahead.start, dealt = {};
    var misdeals = ahead.misdeals;
    for (var i = 0; i < queue.length && id !== null && id !== undefined; i++) {
      var item = queue[i];
      if (item.number < ahead.number || item.number >= number) continue;
      var node = ahead.nodes[id];
      var dealer = valueOf(item.fields, "dealer") || node.envelopes[0].dealer;
      if (misdeals && valueOf(item.fields, misdeals.field)) dealt[dealer] = (dealt[dealer] || 0) + 1;
      var step = ahead.steps[node.next[dealer]];
      if (!step) return null;
      var key = JSON.stringify(ahead.fields.map(function (f) { return valueOf(item.fields, f); }));
      id = step.by && step.by[key] !== undefined ? step.by[key] : step.usual;
    }
    if (id === null || id === undefined) return null;
    var found = ahead.nodes[id], flag = "";
    if ("0" in found.forms || "1" in found.forms) {
      var d = found.envelopes[0].dealer;
      flag = (misdeals.earlier[d] || 0) + (dealt[d] || 0) ? "1" : "0";
    }
    var layout = found.forms[flag];
    var complete = layout && layout.every(function (s) {
      return pieces[s[0]] && s[1].every(function (p) { return pieces[p]; });
    });
    return complete ? { node: found, layout: layout } : { node: found, layout: null };
  }
  // Show the form of hand ``number``: its fields as the server renders them for it, its dealer in
  // the heading and beside his name. False where the phone does not have that form.
  function show(number, queue) {
    var at = walk(number, queue);
    var box = form.querySelector(".hand-fields");
    if (!at || !at.layout || !box) { marker(null, number); return false; }
    box.textContent = "";
    at.layout.forEach(function (section) {
      var t = document.createElement("template");
      t.innerHTML = pieces[section[0]];
      var shell = t.content.firstElementChild;
      shell.querySelector(".fields").innerHTML = section[1].map(function (p) { return pieces[p]; }).join("");
      box.appendChild(shell);
    });
    marker(at.node.envelopes[0].dealer, number);
    form.dispatchEvent(new Event("hand-fields"));  // handform.js: sections and presets of the new fields
    return true;
  }
  // The heading "Hand n — dealer X" and the "deals next" badge beside the dealer's name; without a
  // dealer (the phone has not got that hand's form) a warning instead, so nothing is saved unseen.
  function marker(dealer, number) {
    var heading = document.querySelector("#entry h2");
    if (heading) heading.textContent = dealer ? fmt(W.hand_dealer, { n: number, d: dealer }) : fmt(W.hand, { n: number });
    var warning = document.getElementById("offline-unknown");
    if (warning) warning.remove();
    if (!dealer && heading && number !== serverNumber) {
      warning = el("p", "messages", fmt(W.unknown, { n: number }));
      warning.id = "offline-unknown";
      warning.setAttribute("role", "alert");
      heading.parentNode.insertBefore(warning, heading.nextSibling);
    }
    document.querySelectorAll("#table-seats .deals-next").forEach(function (b) { b.remove(); });
    var row = dealer && document.querySelector("#table-seats tr[data-seat='" + dealer + "'] td:nth-child(2)");
    if (!row) return;
    var badge = el("span", "badge deals-next", W.deals_next), name = row.querySelector("a");
    row.insertBefore(badge, name ? name.nextSibling : row.firstChild);
    row.insertBefore(document.createTextNode(" "), badge);
  }

  // ---- the form -----------------------------------------------------------------------------
  // The hand as the referee gave it: every field of the first section, elsewhere what differs from
  // the default, each as "label: value" (a chip's own words; the "—" of nothing left out).
  function summary() {
    var out = [], first = form.querySelector("details.fieldset");
    form.querySelectorAll(".field").forEach(function (p) {
      var label = p.querySelector("legend, label");
      if (!label || p.closest("[hidden]")) return;
      var everything = first && first.contains(p), parts = [];
      p.querySelectorAll("input, select, textarea").forEach(function (input) {
        if (input.type === "hidden") return;
        if (input.tagName === "SELECT") {
          // a single choice lists its "nothing" first (no kontra, declaring side): not worth a word
          Array.from(input.selectedOptions).forEach(function (o) {
            if (o.value !== "" && (input.multiple || o.index > 0) && (everything || !o.defaultSelected)) parts.push(o.text);
          });
        } else if (input.type === "checkbox" || input.type === "radio") {
          var own = input.closest("label");
          var words = own && own !== label ? own.textContent.trim() : "✓";
          if (input.checked && words !== "—" && (everything || !input.defaultChecked)) parts.push(words);
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
  }
  // The form for the next hand: its own fields where the phone has them, else the form emptied.
  function clearForm(queue) {
    var n = nextNumber(queue);
    if (!show(n, queue)) {
      form.reset();
      form.dispatchEvent(new Event("change", { bubbles: true }));  // handform.js hides what the reset game hides
    }
    setNumber(n);
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
    if (state.busy || !queue.length || queue[0].problem || !navigator.onLine) { stopped(); return; }
    state.busy = true;
    render();
    post(queue[0]).then(function (answer) {
      state.busy = false;
      queue = load();
      if (answer.kind === "stored") {
        state.offline = state.signedOut = false;
        state.stored = true;
        queue.shift();
        save(queue);
        flush();
        return;
      }
      if (answer.kind === "network") state.offline = true;
      else if (answer.kind === "signed_out") state.signedOut = true;
      else queue[0].problem = { kind: answer.kind, data: answer.data };
      save(queue);
      stopped();
    });
  }
  // The queue stopped (sent, or held by a problem or the connection): show what the server now has.
  function stopped() {
    if (!state.stored) { render(); return; }
    state.stored = false;
    refresh().then(function () { render(load().length ? undefined : W.all_sent); }, function () { render(); });
  }
  // The stored hands, totals and messages as the server shows them now, without a reload; the form
  // stays (a hand being typed is kept), or gives way to the confirmation once the table is complete.
  function refresh() {
    var fresh = { credentials: "same-origin", headers: { "X-Tarok-Fresh": "1" } };  // sw.js: never its older copy
    return window.fetch(window.location.pathname, fresh).then(function (r) {
      if (!r.ok || r.redirected) throw new Error(String(r.status));
      return r.text();
    }).then(function (text) {
      var doc = new DOMParser().parseFromString(text, "text/html");
      ["main > h1", "#table-seats", "#table-hands"].forEach(function (selector) {
        var mine = document.querySelector(selector), theirs = doc.querySelector(selector);
        if (mine && theirs) mine.replaceWith(document.adoptNode(theirs));
      });
      var said = doc.querySelector("main > ul.messages"), shown = document.querySelector("main > ul.messages");
      if (shown) shown.remove();
      if (said) document.querySelector("main").insertBefore(document.adoptNode(said), document.querySelector("main").firstChild);
      var config = doc.getElementById("offline-entry");
      if (config) cfg = JSON.parse(config.textContent);
      var entry = document.getElementById("entry"), theirEntry = doc.getElementById("entry");
      if (entry && !theirEntry) {  // the table has all its hands: the players confirm
        var confirm = doc.getElementById("confirm");
        if (confirm) entry.replaceWith(document.adoptNode(confirm)); else entry.remove();
        form = null;
      } else if (form && theirEntry) {
        var theirForm = theirEntry.querySelector("form.hand-form");
        serverNumber = Number(theirForm.elements.number.value);
        read(cfg.ahead, doc, theirForm);
        var queue = load();
        if (!state.dirty) clearForm(queue);
        else {  // the hand being typed stays; its dealer is marked again in the new list of seats
          var n = Number(form.elements.number.value), at = walk(n, queue);
          marker(at ? at.node.envelopes[0].dealer : null, n);
        }
      }
      window.dispatchEvent(new Event("resize"));  // actions.js: a wide table scrolls from the keyboard
    });
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
    if (form && renumber && Number(form.elements.number.value) > gone.number) {
      if (state.dirty) setNumber(nextNumber(queue)); else clearForm(queue);
    }
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
    var queue = load(), mine = queue[0];
    show(mine.number, queue);  // the form of that hand: its dealer, seats and defaults
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
        var label = labelOf(field);
        p.data.errors[field].forEach(function (message) {
          errors.appendChild(el("li", "", (label ? label + ": " : "") + message));
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
  // A field's label as the form shows it (a chip row's legend); nothing rather than its key.
  function labelOf(name) {
    var control = form && name !== "__all__" && form.querySelector("#id_" + name);
    if (!control) return "";
    var row = control.closest("fieldset.chipset");
    var label = row ? row.querySelector("legend") : form.querySelector("label[for='id_" + name + "']");
    return label ? label.textContent.trim() : "";
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
    var hands = document.querySelector("table.hands tbody");
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
      var anchor = document.getElementById("entry") || document.getElementById("confirm") || box.nextSibling;
      anchor.parentNode.insertBefore(versions(queue[0]), anchor);
    }
  }

  // ---- wiring -------------------------------------------------------------------------------
  if (form) {
    var queue = load();
    // A page kept offline shows the form of the hand after the ones waiting, with a fresh token
    // (a page kept offline still holds a used one).
    if (nextNumber(queue) !== serverNumber) clearForm(queue); else setNumber(serverNumber);
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
