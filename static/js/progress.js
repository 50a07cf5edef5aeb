// Progress of generated documents: poll each queued/running document's small status JSON
// (every second while the tab is visible, every 5 s otherwise), move its bar, and show the
// download link when it is done — or open it, on a page that asked for one file (data-redirect).
(function () {
  "use strict";
  function watch(box) {
    var bar = box.querySelector("progress");
    var text = box.querySelector("[data-status-text]");
    var link = box.querySelector("[data-download]");
    function schedule() { setTimeout(poll, document.hidden ? 5000 : 1000); }
    function show(d) {
      box.dataset.status = d.status;
      if (bar) { bar.value = d.progress; bar.textContent = d.progress + " %"; }
      if (text) {
        text.textContent = d.status_display + (d.status === "failed" && d.error ? ": " + d.error : "");
        text.classList.toggle("ok", d.status === "done");
        text.classList.toggle("warn", d.status === "failed");
      }
      if (d.status === "done" || d.status === "failed") { if (bar) bar.hidden = true; }
      var retry = document.querySelector("[data-retry]");  // the waiting page's "Try again"
      if (retry && d.status === "failed") retry.hidden = false;
      if (d.status === "done" && d.download_url) {
        if (link) { link.href = d.download_url; link.hidden = false; }
        if (box.dataset.redirect) window.location.assign(d.download_url);
      }
    }
    function poll() {
      fetch(box.dataset.documentStatusUrl, { headers: { "Accept": "application/json" }, credentials: "same-origin" })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (d) {
          if (!d) { schedule(); return; }
          show(d);
          if (d.status === "queued" || d.status === "running") schedule();
        })
        .catch(schedule);
    }
    schedule();
  }
  document.querySelectorAll("[data-document-status-url]").forEach(function (box) {
    if (box.dataset.status === "queued" || box.dataset.status === "running") watch(box);
  });
})();
