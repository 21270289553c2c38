// The table pages' service worker, served as /table/sw.js (scoring/views/offline.py) so that its
// scope is /table/ and nothing else. It keeps each table page and the static files it uses, so a
// reload with no connection still opens the sheet as it last came from the server (hands, totals,
// clock) and outbox.js shows the hands kept on the phone. Network first: whenever the server
// answers, the page is the server's; the kept copy is only for when it does not. Hands are never
// sent from here (POSTs pass through untouched): the page's outbox sends them, which works the same
// in Safari and Firefox, where there is no Background Sync.
var CACHE = "meldboard-table-v1";  // a new name drops the old copies (activate)
var PAGE_WAIT_MS = 8000;  // a "connected" Wi-Fi that answers nothing: show the kept page after this
var ASSET_WAIT_MS = 4000;
var TABLE_PAGE = /^\/table\/(?!manage\/)[^/]+\/(hands\/\d+\/edit\/)?$/;
var MANIFEST = /^\/table\/[^/]+\/manifest\.webmanifest$/;

self.addEventListener("install", function () { self.skipWaiting(); });

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("meldboard-table-") === 0 && name !== CACHE;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

// ?saved=3 and #hand-3 open the same page: one kept copy per path.
function keyOf(url) { return new URL(url, self.location.href).pathname; }

// Its words come from the server, in the language of the page that registered it: the view that
// serves this script puts `self.MELDBOARD_TEXT = {title, body}` in front (scoring/phone_text.py).
function escaped(text) {
  return String(text || "").replace(/[&<>"']/g, function (c) { return "&#" + c.charCodeAt(0) + ";"; });
}
function offlinePage() {
  var words = self.MELDBOARD_TEXT || {};
  var html = "<!doctype html><meta charset=utf-8><meta name=viewport content='width=device-width, initial-scale=1'>" +
    "<title>" + escaped(words.title) + "</title><h1>" + escaped(words.title) + "</h1><p>" + escaped(words.body) + "</p>";
  return new Response(html, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

// A page answered from the phone says so (outbox.js then knows it is offline and whose clock to use).
function marked(response) {
  return response.text().then(function (html) {
    var headers = new Headers(response.headers);
    headers.delete("Content-Length");
    headers.delete("Content-Encoding");
    // Without the one-time notices the page came with ("Hand 3 saved."): they were news then.
    html = html.replace("<head>", '<head><meta name="kept-copy" content="1">').replace(/<ul class="messages">[\s\S]*?<\/ul>/g, "");
    return new Response(html,
      { status: response.status, statusText: response.statusText, headers: headers });
  });
}

function networkFirst(request, key, wait, fallback) {
  return caches.open(CACHE).then(function (cache) {
    var network = fetch(request).then(function (response) {
      if (response.ok && response.type === "basic") cache.put(key, response.clone());
      else if (response.status === 404 && request.mode === "navigate") cache.delete(key);  // a rotated link
      return response;
    });
    return new Promise(function (resolve, reject) {
      var done = false;
      function answer(response) { if (!done) { done = true; resolve(response); } }
      function kept() {
        return cache.match(key, { ignoreVary: true }).then(function (found) {
          if (!found) return found;
          return (request.mode === "navigate" ? marked(found) : Promise.resolve(found)).then(function (response) {
            answer(response);
            return response;
          });
        });
      }
      var timer = setTimeout(kept, wait);
      network.then(function (response) { clearTimeout(timer); answer(response); }, function (error) {
        clearTimeout(timer);
        kept().then(function (found) {
          if (found || done) return;
          if (fallback) answer(fallback());
          else { done = true; reject(error); }
        });
      });
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && TABLE_PAGE.test(url.pathname)) {
    event.respondWith(networkFirst(request, keyOf(url), PAGE_WAIT_MS, offlinePage));
  } else if (url.pathname.indexOf("/static/") === 0 || MANIFEST.test(url.pathname)) {
    event.respondWith(networkFirst(request, keyOf(url), ASSET_WAIT_MS, null));
  }
});

// A page opened before this worker controlled it asks for itself and its files to be kept.
self.addEventListener("message", function (event) {
  var urls = (event.data && event.data.keep) || [];
  var wanted = urls.filter(function (u) {
    var path = keyOf(u);
    return TABLE_PAGE.test(path) || path.indexOf("/static/") === 0 || MANIFEST.test(path);
  });
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return Promise.all(wanted.map(function (u) {
      return fetch(u, { credentials: "same-origin" }).then(function (response) {
        if (response.ok) return cache.put(keyOf(u), response);
      }).catch(function () {});
    }));
  }).then(function () {
    if (event.source) event.source.postMessage({ kept: wanted.length });
  }));
});
