// The table page reloads without a connection (issue 16): table pages and static files come from
// the network as always and a copy is kept; when the network fails, the copy answers, except to a
// request that asks for the page as the server has it now (offline.js after sending the hands kept
// on the phone: header X-Tarok-Fresh), which then fails rather than show an older list. Posts are
// never touched (static/js/offline.js keeps unsent hands itself). Served at /sw.js (its scope).
var CACHE = "tarok-offline-v1";
var TABLE_PAGE = /\/round\/\d+\/table\/\d+\/$/;

function kept(url) {
  return url.origin === self.location.origin && (TABLE_PAGE.test(url.pathname) || url.pathname.indexOf("/static/") === 0);
}

self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) { event.waitUntil(self.clients.claim()); });

// A page loaded before the worker ran sends its own address and files, to be kept as well.
self.addEventListener("message", function (event) {
  var urls = ((event.data && event.data.keep) || []).filter(function (u) { return kept(new URL(u, self.location)); });
  event.waitUntil(caches.open(CACHE).then(function (c) { return c.addAll(urls); }).catch(function () {}));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET" || !kept(new URL(request.url))) return;
  event.respondWith(fetch(request).then(function (response) {
    if (response.ok) {
      var copy = response.clone();
      caches.open(CACHE).then(function (c) { return c.put(request, copy); });
    }
    return response;
  }, function () {
    if (request.headers.get("X-Tarok-Fresh")) return Response.error();
    return caches.match(request).then(function (copy) { return copy || Response.error(); });
  }));
});
