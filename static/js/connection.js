// The table page and its connection to the server: the line that says when the page last reached
// the server, the preview's note while offline (the server is the only scorer, so there is no
// preview without it), htmx polling that backs off while offline instead of failing every few
// seconds, and the service worker that keeps the page for a reload offline (table-sw.js).
// outbox.js, loaded after this file, tells it when a send reached the server or did not.
(function () {
  "use strict";
  var box = document.getElementById("outbox");
  if (!box) return;
  var REACHED = "meldboard-reached:" + box.dataset.sheetUrl, SKEW = "meldboard-skew";
  var POLL_FIRST_MS = 10000, POLL_MAX_MS = 300000;
  // The words, in the page's language, from the page (scoring/phone_text.py; json_script "phone-strings").
  var WORDS = {};
  try { WORDS = JSON.parse(document.getElementById("phone-strings").textContent); } catch (e) { /* keys show */ }
  function t(key, params) {
    return (WORDS[key] || key).replace(/%\((\w+)\)s/g, function (all, name) {
      return params && params[name] !== undefined ? String(params[name]) : all;
    });
  }
  var keptCopy = !!document.querySelector("meta[name=kept-copy]");  // served by table-sw.js offline
  var controlledAtLoad = "serviceWorker" in navigator && !!navigator.serviceWorker.controller;
  var down = keptCopy || !navigator.onLine, pollFails = 0, pollResumeAt = 0, previewHome = null;
  var connection = window.MeldboardConnection = {
    waiting: function () { return 0; },  // outbox.js: how many items wait to be sent
    isDown: function () { return down; },
    reached: reached,
    wentDown: wentDown,
    show: show,
    previewNote: previewNote,
    t: t,
  };

  function lastReached() {
    var stored = 0;
    try { stored = parseInt(localStorage.getItem(REACHED) || "0", 10) || 0; } catch (e) { /* the page's time */ }
    var meta = document.querySelector("meta[name=server-now]");
    var rendered = meta ? Date.parse(meta.content) : 0;  // a kept copy: when it came from the server
    return Math.max(stored, rendered || 0);
  }
  function reached() {
    try { localStorage.setItem(REACHED, String(Date.now())); } catch (e) { /* shown from the page's time */ }
    if (down) { down = false; pollFails = 0; pollResumeAt = 0; previewNote(); }
    show();
  }
  function wentDown() { down = true; show(); previewNote(); }
  function clockText(at) {
    // The server's own clock shape and zone (scoring/phone_text.py clock_format): "00:31", as every
    // clock on the page, never "0:31:29".
    var options = { hour: WORDS.clock_hour || "numeric", minute: "2-digit" };
    if (WORDS.time_zone) options.timeZone = WORDS.time_zone;
    try { return new Date(at).toLocaleTimeString(document.documentElement.lang || [], options); }
    catch (e) { delete options.timeZone; return new Date(at).toLocaleTimeString(document.documentElement.lang || [], options); }
  }
  function show() {
    var status = document.getElementById("net-status"), at = lastReached(), waiting = connection.waiting();
    if (!status) return;
    // In the page's language, as the server writes its times (Spanish: 20:25:51), not the phone's.
    var when = at ? clockText(at) : t("not_yet");
    var ago = at ? Math.floor((Date.now() - at) / 60000) : 0;
    status.textContent = t(down ? "down" : "up", { when: when }) +
      (down && ago >= 1 ? t("ago", { minutes: ago }) : "") + (waiting ? t("waiting", { count: waiting }) : "");
    status.className = "net-status " + (down ? "net-down" : "net-up");
    status.hidden = false;
  }

  // Offline, the preview says why it is silent; back online, it previews what is typed (or says
  // again what it said before anything was typed).
  function previewNote() {
    var preview = document.getElementById("preview"), form = document.getElementById("hand-form");
    if (!preview) return;
    if (down) {
      var note = document.createElement("p");
      note.className = "offline-note";
      note.textContent = t("offline_note");
      preview.textContent = "";
      preview.appendChild(note);
    } else if (preview.querySelector(".offline-note")) {
      if (form && form.dataset.dirty) document.body.dispatchEvent(new Event("recount"));
      else if (previewHome !== null) preview.innerHTML = previewHome;
    }
  }

  function isPoll(elt) { return elt && /every /.test(elt.getAttribute("hx-trigger") || ""); }
  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt;
    if (isPoll(elt) && (!navigator.onLine || Date.now() < pollResumeAt)) event.preventDefault();  // backing off
    else if (!navigator.onLine && elt.closest && elt.closest("#hand-form")) { event.preventDefault(); wentDown(); }
  });
  document.addEventListener("htmx:sendError", function (event) {
    if (isPoll(event.detail.elt)) pollResumeAt = Date.now() + Math.min(POLL_FIRST_MS * Math.pow(2, pollFails++), POLL_MAX_MS);
    wentDown();
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail.xhr;
    if (xhr && xhr.status > 0 && xhr.status < 500) reached();
  });

  // A page opened before the worker controlled it asks for itself and its files to be kept; later
  // pages are kept by the worker as they come.
  function keepPage() {
    if (!box.dataset.swUrl || !("serviceWorker" in navigator)) return;
    navigator.serviceWorker.register(box.dataset.swUrl, { scope: box.dataset.swScope }).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      if (controlledAtLoad) { box.dataset.kept = "1"; return; }
      var urls = [window.location.pathname];
      document.querySelectorAll("script[src], link[rel=stylesheet], link[rel=manifest], link[rel=apple-touch-icon]").forEach(function (node) {
        var url = new URL(node.src || node.href, window.location.href);
        if (url.origin === window.location.origin) urls.push(url.pathname);
      });
      navigator.serviceWorker.addEventListener("message", function (event) {
        if (event.data && event.data.kept !== undefined) box.dataset.kept = "1";
      });
      registration.active.postMessage({ keep: urls });
    }).catch(function () { /* no copy for a reload offline; the outbox still keeps hands */ });
  }

  document.addEventListener("DOMContentLoaded", function () {
    // The clock of a kept copy counts from the phone's clock as last set against the server's
    // (meldboard.js set the skew from this old page's time just before).
    try {
      if (keptCopy) window.MELDBOARD_SKEW = parseFloat(localStorage.getItem(SKEW)) || 0;
      else if (window.MELDBOARD_SKEW !== undefined) localStorage.setItem(SKEW, String(window.MELDBOARD_SKEW));
    } catch (e) { /* the clock counts from the page's own time */ }
    var preview = document.getElementById("preview");
    if (preview) previewHome = preview.innerHTML;
    previewNote();
    show();
    keepPage();
    setInterval(show, 15000);
  });
  window.addEventListener("online", function () {
    pollFails = 0;
    pollResumeAt = 0;
    if (down) { down = false; previewNote(); }
    show();
  });
  window.addEventListener("offline", wentDown);
})();
