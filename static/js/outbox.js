// The table phone's outbox: a hand (or a correction, or a confirmation) saved while the server
// cannot be reached is kept in this phone's localStorage with its one-time key and shown on the
// sheet as "on this phone, not sent yet". It is sent by itself, in hand order, when the connection
// returns (the online event, a retry timer that backs off, page load, the page becoming visible)
// and removed only once the server has answered. The server decides everything (scoring/views/
// offline.py answers the same views in JSON); a resent hand whose first answer was lost finds the
// hand its key saved and saves nothing new. No Background Sync: Safari and Firefox do not have it.
(function () {
  "use strict";
  var box = document.getElementById("outbox"), connection = window.MeldboardConnection;
  if (!box || !connection || !window.fetch) return;
  var SHEET = box.dataset.sheetUrl, STORE = "meldboard-outbox:" + SHEET;
  var SEND_WAIT_MS = 15000;  // a Wi-Fi that takes the request and never answers: keep it, try later
  var RETRY_FIRST_MS = 5000, RETRY_MAX_MS = 60000;
  var list = document.getElementById("outbox-list");
  var sending = false, retryMs = 0, retryTimer = null;
  var t = connection.t;  // the page's words (connection.js reads them from the page)

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
      lines.push(side + ": " + (parts.join(" · ") || t("nothing_entered")));
    });
    var out = checkedLabel(form, "went_out"), by = checkedLabel(form, "entered_by");
    var nobody = form.querySelector("input[name=went_out][value=nobody]:checked");
    if (out) lines.push(nobody ? t("nobody_out") : t("went_out", { side: out }));
    if (by) lines.push(t("entered_by", { by: by }));
    if (form.elements.reason) lines.push(t("why", { reason: form.elements.reason.value }));
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
    var confirmer = submitter && submitter.textContent.indexOf(":") > 0 ? submitter.textContent.split(":")[0].trim() : "";
    var title = kind === "hand" ? t("hand", { number: number }) : kind === "correction" ? t("correction", { number: number })
      : confirmer ? t("confirmed_by", { number: number, by: confirmer }) : t("confirmed", { number: number });
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
    if (status === 404) return t("link_gone");
    if (status === 403) return t("form_refused");
    return t("server_error", { status: status });
  }
  // One POST of one item: {kind: "ok" | "refused" | "conflict" | "unreached", body}. Not even tried
  // while the browser says it has no network: the `online` event or the timer tries again. (A POST
  // sent then may still reach the server while the phone is told it failed: a "lost answer".)
  function post(item) {
    if (navigator.onLine === false) return Promise.resolve({ kind: "unreached" });
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
      connection.reached();
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
    var acknowledged = 0, answered = 0, lastUrl = SHEET, serverNext = 0;
    sending = true;
    (function next() {
      var item = nextToSend();
      if (!item) return finish();
      post(item).then(function (outcome) {
        if (outcome.kind === "unreached") return finish(true);
        answered++;
        // The number the server expects next, for the form (a conflict's other phone took one).
        if (outcome.body.next) serverNext = Math.max(serverNext, outcome.body.next);
        if (item.kind === "hand" && outcome.body.hand) serverNext = Math.max(serverNext, outcome.body.hand + 1);
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
      if (unreached) { connection.wentDown(); retryMs = Math.min(retryMs ? retryMs * 2 : RETRY_FIRST_MS, RETRY_MAX_MS); retryTimer = setTimeout(flush, retryMs); }
      else retryMs = 0;
      serverNumber(serverNext);
      render();
      if (acknowledged) showServerSheet(lastUrl);
      else if (answered) refreshSheet();  // a refusal: the sheet as it is now, to compare with
    }
  }
  // What the server now has: the whole page when nobody is typing, else the sheet alone.
  function showServerSheet(url) {
    var form = document.getElementById("hand-form");
    if (form && (form.dataset.dirty || form.dataset.fixing)) refreshSheet();
    else go(url);
  }
  // Open `url` afresh, also when it differs from this page only by its #hand-N (which alone
  // would only scroll).
  function go(url) {
    var target = new URL(url, window.location.href), here = window.location;
    if (target.pathname + target.search !== here.pathname + here.search) return here.assign(target.href);
    if (target.hash) here.hash = target.hash;
    here.reload();
  }
  function refreshSheet() {
    var sheet = document.getElementById("sheet");
    if (sheet && window.htmx) window.htmx.ajax("GET", sheet.getAttribute("hx-get"), { target: "#sheet", swap: "outerHTML" });
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
    // One sender at a time, in hand order: behind items already kept here (or one being sent) it
    // waits its turn; sent now beside them it would overtake them, or go twice.
    // (A correction opens the sheet at once, which sends it on load.)
    if (sending || items.length > 1) { kept(form, item); if (item.kind !== "correction") flush(); return; }
    sending = true;
    clearTimeout(retryTimer);
    post(item).then(function (outcome) {
      sending = false;
      if (outcome.kind === "unreached") {
        connection.wentDown();
        kept(form, item);
        return;
      }
      update(item.id, function () { return null; });
      // A confirmation leaves the hand form alone: someone may already be typing the next hand.
      if (outcome.kind === "ok") (item.kind === "confirm" ? showServerSheet : go)(outcome.body.url || SHEET);
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
    if (item.kind === "correction") { go(SHEET); return; }
    if (item.kind === "confirm") { form.classList.add("outbox-waiting"); return; }  // kept: not twice
    form.reset();
    form.querySelectorAll(".refused, .errorlist").forEach(function (el) { el.remove(); });
    form.querySelectorAll(".has-error").forEach(function (el) { el.classList.remove("has-error"); });
    form.elements.key.value = randomKey();
    delete form.dataset.dirty;
    numberForm();
    enableButtons(form);
    connection.previewNote();
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

  function serverNumber(next) {
    var form = document.getElementById("hand-form");
    if (!next || !form || form.dataset.fixing || !form.dataset.serverNumber) return;
    if (next > parseInt(form.dataset.serverNumber, 10)) { form.dataset.serverNumber = next; numberForm(); }
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
    if (!window.confirm(t("drop_confirm", { title: item.title }))) return;
    var items = load().filter(function (it) { return it.id !== item.id; });
    if (item.kind === "hand" && item.state === "refused") {
      // It never took its number: the hands kept after it move up one.
      items.forEach(function (it) {
        if (it.kind === "hand" && it.number > item.number) { it.number -= 1; it.title = t("hand", { number: it.number }); setField(it, "number", it.number); }
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
  var STATES = { waiting: t("state_waiting"), refused: t("state_refused"), conflict: t("state_conflict") };
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
      head.appendChild(document.createTextNode(" — " + (blocked(items, item) ? t("blocked") : STATES[item.state])));
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
        if (item.kind === "hand" && document.getElementById("hand-form")) actions.appendChild(button(
          item.state === "conflict" && item.next ? t("enter_as", { number: item.next }) : t("fix", { title: item.title.toLowerCase() }), "",
          function () { fix(item); }));
        if (item.state === "refused") actions.appendChild(button(t("send_again"), "secondary", function () { resend(item); }));
        actions.appendChild(button(t("drop"), "danger", function () { drop(item); }));
        li.appendChild(actions);
      }
      ol.appendChild(li);
    });
    list.hidden = !items.length;
    connection.show();
  }

  // ---- start ---------------------------------------------------------------------------------
  connection.waiting = function () { return load().filter(function (i) { return i.state === "waiting"; }).length; };
  document.addEventListener("DOMContentLoaded", function () {
    // A kept copy of the page (a reload offline) has the key it was rendered with: a new one.
    var form = document.getElementById("hand-form");
    if (form && form.elements.key && !form.elements.reason) form.elements.key.value = randomKey();
    numberForm();
    render();
    flush();
  });
  window.addEventListener("online", flush);
  document.addEventListener("visibilitychange", function () { if (document.visibilityState === "visible") flush(); });
  window.addEventListener("pageshow", function (event) { if (event.persisted) flush(); });
})();
