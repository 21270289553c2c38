// The table phone's outbox: a hand (or a correction, or a confirmation) saved while the server
// cannot be reached is kept in this phone's localStorage with its one-time key and shown on the
// sheet as "on this phone, not sent yet". It is sent by itself, in hand order, when the connection
// returns (the online event, a retry timer that backs off, page load, the page becoming visible)
// and removed only once the server has answered. The server decides everything (scoring/views/
// offline.py answers the same views in JSON); a resent hand whose first answer was lost finds the
// hand its key saved and saves nothing new. No Background Sync: Safari and Firefox do not have it.
(function () {
  "use strict";
  var box = document.getElementById("outbox");
  if (!box || !window.fetch || !window.JSON) return;
  var SHEET = box.dataset.sheetUrl;
  var STORE = "meldboard-outbox:" + SHEET, REACHED = "meldboard-reached:" + SHEET, SKEW = "meldboard-skew";
  var SEND_WAIT_MS = 15000;  // a Wi-Fi that takes the request and never answers: keep it, try later
  var keptCopy = !!document.querySelector("meta[name=kept-copy]");  // served by table-sw.js offline
  var controlledAtLoad = "serviceWorker" in navigator && !!navigator.serviceWorker.controller;
  var RETRY_FIRST_MS = 5000, RETRY_MAX_MS = 60000, POLL_FIRST_MS = 10000, POLL_MAX_MS = 300000;
  var status = document.getElementById("net-status"), list = document.getElementById("outbox-list");
  var down = keptCopy || !navigator.onLine, sending = false, retryMs = 0, retryTimer = null, pollFails = 0, pollResumeAt = 0;

  // ---- storage -------------------------------------------------------------------------------
  function load() {
    try { return JSON.parse(localStorage.getItem(STORE) || "[]") || []; } catch (e) { return []; }
  }
  function save(items) {
    try {
      if (items.length) localStorage.setItem(STORE, JSON.stringify(items)); else localStorage.removeItem(STORE);
      return true;
    } catch (e) { return false; }  // storage full or refused: the caller posts the form as before
  }
  function update(id, change) {
    var items = load();
    items.forEach(function (item, i) { if (item.id === id) items[i] = change(item); });
    save(items.filter(Boolean));
  }
  function randomKey() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return (b < 16 ? "0" : "") + b.toString(16); }).join("");
  }

  // ---- what a form holds ---------------------------------------------------------------------
  function kindOf(form) {
    if (form.id === "hand-form") return form.elements.reason ? "correction" : "hand";
    if (/\/hands\/\d+\/confirm\/$/.test(new URL(form.action).pathname)) return "confirm";
    return null;
  }
  function text(el) { return el ? el.textContent.replace(/\s+/g, " ").trim() : ""; }
  function checkedLabel(form, name) {
    var radio = form.querySelector("input[name=" + name + "]:checked");
    return radio ? text(radio.closest("label")) : "";
  }
  function summary(form) {
    var lines = [];
    form.querySelectorAll("fieldset.side-entry").forEach(function (fieldset) {
      var legend = fieldset.querySelector("legend"), side = legend ? text(legend.firstChild) : "";
      var parts = [];
      fieldset.querySelectorAll(".entry-row").forEach(function (row) {
        var input = row.querySelector("input[name]");
        var value = input ? input.value.trim() : "";
        if (value && value !== "0") parts.push(text(row.querySelector("label")).toLowerCase() + " " + value);
      });
      lines.push(side + ": " + (parts.join(" · ") || "nothing entered"));
    });
    var out = checkedLabel(form, "went_out"), by = checkedLabel(form, "entered_by");
    if (out) lines.push(out === "Nobody" ? "Nobody went out" : out + " went out");
    if (by) lines.push("Entered by " + by);
    if (form.elements.reason) lines.push("Why: " + form.elements.reason.value);
    return lines;
  }
  function itemFrom(form, kind, submitter) {
    var fields = [];
    new FormData(form).forEach(function (value, name) {
      if (name !== "csrfmiddlewaretoken" && typeof value === "string") fields.push([name, value]);
    });
    var path = new URL(form.action).pathname;
    var number = kind === "hand" ? parseInt(form.elements.number.value, 10) : parseInt(path.match(/\/hands\/(\d+)\//)[1], 10);
    var key = form.elements.key ? form.elements.key.value : "";
    var title = kind === "hand" ? "Hand " + number : kind === "correction" ? "Correction of hand " + number
      : "Hand " + number + " confirmed" + (submitter && submitter.textContent.indexOf(":") > 0 ? " by " + submitter.textContent.split(":")[0].trim() : "");
    return {
      id: key || randomKey(), kind: kind, url: path, number: number, fields: fields, title: title,
      lines: kind === "confirm" ? [] : summary(form), state: "waiting", errors: [], queuedAt: Date.now(),
    };
  }
  function setField(item, name, value) {
    item.fields = item.fields.map(function (pair) { return pair[0] === name ? [name, String(value)] : pair; });
  }

  // ---- sending -------------------------------------------------------------------------------
  function csrf() {
    var input = document.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }
  function refusalFor(status) {
    if (status === 404) return "This table link no longer works: ask the organizer for the table's new link.";
    if (status === 403) return "The server did not accept this page's form: reload the page while connected, then send it again.";
    return "The server did not save this (error " + status + ").";
  }
  // One POST of one item: {kind: "ok" | "refused" | "conflict" | "unreached", body}.
  function post(item) {
    var body = new URLSearchParams();
    item.fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
    body.append("csrfmiddlewaretoken", csrf());
    var abort = window.AbortController ? new AbortController() : null;
    var timer = abort && setTimeout(function () { abort.abort(); }, SEND_WAIT_MS);
    return fetch(item.url, {
      method: "POST", body: body, credentials: "same-origin", signal: abort ? abort.signal : undefined,
      headers: { "X-Outbox": "1", "X-CSRFToken": csrf(), "Accept": "application/json" },
    }).then(function (response) {
      clearTimeout(timer);
      if (response.status >= 500) return { kind: "unreached" };  // the server is in trouble: later
      reached();
      if ((response.headers.get("Content-Type") || "").indexOf("application/json") === 0) {
        return response.json().then(function (answer) {
          return { kind: answer.ok ? "ok" : answer.conflict ? "conflict" : "refused", body: answer };
        });
      }
      return { kind: "refused", body: { errors: [refusalFor(response.status)] } };
    }, function () { clearTimeout(timer); return { kind: "unreached" }; });
  }

  function blocked(items, item) {
    // A later hand's number counts on the earlier ones: it waits while one of them is refused.
    return item.kind === "hand" && items.some(function (other) {
      return other.kind === "hand" && other.state !== "waiting" && other.number < item.number;
    });
  }
  function nextToSend() {
    var items = load();  // in the order they were saved: hand order
    return items.filter(function (item) { return item.state === "waiting" && !blocked(items, item); })[0];
  }

  function flush() {
    if (sending) return;
    clearTimeout(retryTimer);
    var acknowledged = 0, lastUrl = SHEET;
    sending = true;
    (function next() {
      var item = nextToSend();
      if (!item) return finish();
      post(item).then(function (outcome) {
        if (outcome.kind === "unreached") return finish(true);
        if (outcome.kind === "ok") {
          update(item.id, function () { return null; });
          acknowledged++;
          lastUrl = outcome.body.url || SHEET;
        }
        else update(item.id, function (it) {
          it.state = outcome.kind; it.errors = outcome.body.errors || []; it.next = outcome.body.next;
          return it;
        });
        next();
      });
    })();
    function finish(unreached) {
      sending = false;
      if (unreached) { wentDown(); retryMs = Math.min(retryMs ? retryMs * 2 : RETRY_FIRST_MS, RETRY_MAX_MS); retryTimer = setTimeout(flush, retryMs); }
      else retryMs = 0;
      render();
      if (acknowledged) showServerSheet(lastUrl);
    }
  }
  // What the server now has: the whole page when nobody is typing, else the sheet alone.
  function showServerSheet(url) {
    var form = document.getElementById("hand-form"), sheet = document.getElementById("sheet");
    if (form && (form.dataset.dirty || form.dataset.fixing)) {
      if (sheet && window.htmx) window.htmx.ajax("GET", sheet.getAttribute("hx-get"), { target: "#sheet", swap: "outerHTML" });
    } else window.location.assign(url);
  }

  // ---- a tap on Save / Confirm ---------------------------------------------------------------
  document.addEventListener("submit", function (event) {
    var form = event.target, kind = kindOf(form);
    if (!kind || form.dataset.outboxNative || event.defaultPrevented) return;
    event.preventDefault();
    var item = itemFrom(form, kind, event.submitter), items = load(), fixing = form.dataset.fixing;
    var at = fixing ? items.map(function (it) { return it.id; }).indexOf(fixing) : -1;
    if (at >= 0) items[at] = item; else items.push(item);
    if (!save(items)) return postNatively(form);
    delete form.dataset.fixing;
    post(item).then(function (outcome) {
      if (outcome.kind === "unreached") {
        wentDown();
        kept(form, item);
        return;
      }
      update(item.id, function () { return null; });
      if (outcome.kind === "ok") window.location.assign(outcome.body.url || SHEET);
      else postNatively(form);  // the server shows what is wrong at its fields, as it always has
    });
  }, false);

  function postNatively(form) {
    form.dataset.outboxNative = "1";
    HTMLFormElement.prototype.submit.call(form);
  }

  // The hand stays on the phone: the form is ready for the next one (or, for a correction, the
  // sheet opens, as after a save).
  function kept(form, item) {
    render();
    retryMs = RETRY_FIRST_MS;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(flush, retryMs);
    if (item.kind === "correction") { window.location.assign(SHEET); return; }
    if (item.kind === "confirm") { form.hidden = true; return; }
    form.reset();
    form.querySelectorAll(".refused, .errorlist").forEach(function (el) { el.remove(); });
    form.querySelectorAll(".has-error").forEach(function (el) { el.classList.remove("has-error"); });
    form.elements.key.value = randomKey();
    delete form.dataset.dirty;
    numberForm();
    enableButtons(form);
    offlinePreview();
    list.scrollIntoView({ block: "nearest" });
  }
  function enableButtons(form) {
    setTimeout(function () { form.querySelectorAll("button").forEach(function (b) { b.disabled = false; }); }, 0);
  }

  // The form's hand number follows the hands kept here (a reload offline shows the kept page,
  // whose form still has the number and key it was rendered with).
  function numberForm(number) {
    var form = document.getElementById("hand-form");
    if (!form || !form.elements.number || form.elements.reason) return;
    if (!form.dataset.serverNumber) form.dataset.serverNumber = form.elements.number.value;
    if (number === undefined) {
      number = parseInt(form.dataset.serverNumber, 10);
      load().forEach(function (item) { if (item.kind === "hand" && item.number >= number) number = item.number + 1; });
    }
    form.elements.number.value = number;
    [form.querySelector("h2"), form.querySelector("button.save")].forEach(function (el) {
      if (el) el.textContent = el.textContent.replace(/\d+\s*$/, number);
    });
  }

  // ---- fixing or dropping a refused item -----------------------------------------------------
  function fix(item) {
    var form = document.getElementById("hand-form");
    if (!form || item.kind !== "hand") return;
    item.fields.forEach(function (pair) {
      var field = form.elements[pair[0]];
      if (!field) return;
      if (field instanceof RadioNodeList || field.type === "radio") {
        form.querySelectorAll("input[name=" + pair[0] + "]").forEach(function (r) { r.checked = r.value === pair[1]; });
      } else field.value = pair[1];
    });
    if (item.state === "conflict" && item.next) numberForm(item.next); else numberForm(item.number);
    form.dataset.fixing = item.id;
    form.dataset.dirty = "1";
    form.scrollIntoView({ block: "start" });
    form.querySelector("input, button").dispatchEvent(new Event("change", { bubbles: true }));  // preview it
  }
  function drop(item) {
    if (!window.confirm(item.title + " is not saved anywhere else. Drop it?")) return;
    var items = load().filter(function (it) { return it.id !== item.id; });
    if (item.kind === "hand" && item.state === "refused") {
      // It never took its number: the hands kept after it move up one.
      items.forEach(function (it) {
        if (it.kind === "hand" && it.number > item.number) { it.number -= 1; it.title = "Hand " + it.number; setField(it, "number", it.number); }
      });
    }
    save(items);
    var form = document.getElementById("hand-form");
    if (form && form.dataset.fixing === item.id) delete form.dataset.fixing;
    numberForm();
    render();
    flush();
  }
  function resend(item) {
    update(item.id, function (it) { it.state = "waiting"; it.errors = []; return it; });
    render();
    flush();
  }

  // ---- showing it ----------------------------------------------------------------------------
  var STATES = {
    waiting: "on this phone, not sent yet",
    refused: "not saved: the server refused it",
    conflict: "not saved: the sheet changed on another phone",
  };
  function el(tag, className, content) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (content) node.textContent = content;
    return node;
  }
  function button(label, className, action) {
    var b = el("button", "small " + className, label);
    b.type = "button";
    b.addEventListener("click", action);
    return b;
  }
  function render() {
    var items = load(), ol = list.querySelector(".outbox-items");
    ol.textContent = "";
    items.forEach(function (item) {
      var li = el("li", "outbox-item outbox-" + item.state);
      li.dataset.number = item.number;
      li.dataset.kind = item.kind;
      var head = el("p", "outbox-title");
      head.appendChild(el("strong", "", item.title));
      head.appendChild(document.createTextNode(" — " + (blocked(items, item) ? "waits for the hand before it" : STATES[item.state])));
      li.appendChild(head);
      if (item.lines.length) {
        var values = el("ul", "outbox-values");
        item.lines.forEach(function (line) { values.appendChild(el("li", "", line)); });
        li.appendChild(values);
      }
      if (item.state !== "waiting") {
        var errors = el("ul", "outbox-errors");
        errors.setAttribute("role", "alert");
        item.errors.forEach(function (message) { errors.appendChild(el("li", "", message)); });
        li.appendChild(errors);
        var actions = el("p", "outbox-actions");
        if (item.kind === "hand" && document.getElementById("hand-form")) actions.appendChild(button("Fix " + item.title.toLowerCase(), "", function () { fix(item); }));
        actions.appendChild(button("Send again", "secondary", function () { resend(item); }));
        actions.appendChild(button("Drop", "danger", function () { drop(item); }));
        li.appendChild(actions);
      }
      ol.appendChild(li);
    });
    list.hidden = !items.length;
    showStatus();
  }

  function lastReached() {
    var stored = parseInt(localStorage.getItem(REACHED) || "0", 10) || 0;
    var meta = document.querySelector("meta[name=server-now]");
    var rendered = meta ? Date.parse(meta.content) : 0;  // a kept copy: when it came from the server
    return Math.max(stored, rendered || 0);
  }
  function reached() {
    try { localStorage.setItem(REACHED, String(Date.now())); } catch (e) { /* shown from the page's time */ }
    if (down) { down = false; pollFails = 0; pollResumeAt = 0; onlinePreview(); }
    showStatus();
  }
  function wentDown() { down = true; showStatus(); }
  function showStatus() {
    var at = lastReached(), waiting = load().filter(function (i) { return i.state === "waiting"; }).length;
    var when = at ? new Date(at).toLocaleTimeString([], { hour: "numeric", minute: "2-digit", second: "2-digit" }) : "not yet";
    var ago = at ? Math.floor((Date.now() - at) / 60000) : 0;
    status.textContent = (down ? "No connection · last reached the server " : "Connected · last reached the server ") + when +
      (down && ago >= 1 ? " (" + ago + " min ago)" : "") +
      (waiting ? " · " + waiting + " waiting to be sent" : "");
    status.className = "net-status " + (down ? "net-down" : "net-up");
    status.hidden = false;
  }

  // ---- the live preview and the polling while offline ----------------------------------------
  var OFFLINE_NOTE = "No connection: the preview and the totals update when it returns. " +
    "Saving still works: the hand is kept on this phone.";
  function offlinePreview() {
    var preview = document.getElementById("preview");
    if (!preview || !down) return;
    preview.textContent = "";
    preview.appendChild(el("p", "offline-note", OFFLINE_NOTE));
  }
  function onlinePreview() {
    var preview = document.getElementById("preview");
    if (preview && preview.querySelector(".offline-note")) document.body.dispatchEvent(new Event("recount"));
  }
  function isPoll(elt) { return elt && /every /.test(elt.getAttribute("hx-trigger") || ""); }
  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt;
    if (isPoll(elt) && (!navigator.onLine || Date.now() < pollResumeAt)) event.preventDefault();  // backing off
    else if (!navigator.onLine && elt.closest && elt.closest("#hand-form")) { event.preventDefault(); wentDown(); offlinePreview(); }
  });
  document.addEventListener("htmx:sendError", function (event) {
    wentDown();
    if (isPoll(event.detail.elt)) { pollFails++; pollResumeAt = Date.now() + Math.min(POLL_FIRST_MS * Math.pow(2, pollFails - 1), POLL_MAX_MS); }
    else offlinePreview();
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail.xhr;
    if (xhr && xhr.status > 0 && xhr.status < 500) reached();
  });

  // ---- keeping the page for a reload offline -------------------------------------------------
  function keepPage() {
    var scope = box.dataset.swScope;
    if (!box.dataset.swUrl || !("serviceWorker" in navigator)) return;
    navigator.serviceWorker.register(box.dataset.swUrl, { scope: scope }).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      if (controlledAtLoad) { box.dataset.kept = "1"; return; }  // the worker kept this page as it came
      var urls = [window.location.pathname];
      document.querySelectorAll("script[src], link[rel=stylesheet], link[rel=manifest], link[rel=apple-touch-icon]").forEach(function (node) {
        var url = new URL(node.src || node.href, window.location.href);
        if (url.origin === window.location.origin) urls.push(url.pathname);
      });
      navigator.serviceWorker.addEventListener("message", function (event) {
        if (event.data && event.data.kept !== undefined) box.dataset.kept = "1";
      });
      registration.active.postMessage({ keep: urls });
    }).catch(function () { /* no offline copy; the outbox still keeps hands */ });
  }

  // ---- start ---------------------------------------------------------------------------------
  document.addEventListener("DOMContentLoaded", function () {
    // The clock of a kept copy counts from the phone's clock as last set against the server's.
    try {
      if (keptCopy) window.MELDBOARD_SKEW = parseFloat(localStorage.getItem(SKEW)) || 0;
      else if (window.MELDBOARD_SKEW !== undefined) localStorage.setItem(SKEW, String(window.MELDBOARD_SKEW));
    } catch (e) { /* the clock counts from the page's own time */ }
    var form = document.getElementById("hand-form");
    if (form && form.elements.key && !form.elements.reason) form.elements.key.value = randomKey();
    numberForm();
    render();
    offlinePreview();
    keepPage();
    flush();
    setInterval(showStatus, 15000);
  });
  window.addEventListener("online", function () { down = false; pollResumeAt = 0; showStatus(); flush(); });
  window.addEventListener("offline", function () { wentDown(); offlinePreview(); });
  document.addEventListener("visibilitychange", function () { if (document.visibilityState === "visible") flush(); });
  window.addEventListener("pageshow", function (event) { if (event.persisted) flush(); });
})();
