// Live countdowns from server times: <span data-countdown="ISO-8601 UTC" data-done="text">.
// The server time is the truth; the browser only counts, so a reload is always right.
(function () {
  // The words and shapes of tournament/common/durations.py, handed over by the page
  // ({% countdown_words %}): "2 h 29 min", "45 min", "3 d 4 h", "less than 1 min" — never seconds.
  var SHAPES = {
    days_hours: "%(days)s d %(hours)s h", days: "%(days)s d", hours_minutes: "%(hours)s h %(minutes)s min",
    hours: "%(hours)s h", minutes: "%(minutes)s min", under_a_minute: "less than 1 min"
  };
  function fill(shape, values) {
    return shape.replace(/%\((\w+)\)s/g, function (all, name) { return values[name]; }).replace(/ /g, "\u00a0");
  }
  function fmt(ms) {
    if (ms <= 0) return null;
    var s = Math.floor(ms / 1000);
    if (s < 60) return fill(SHAPES.under_a_minute, {});
    var all = Math.floor(s / 60), d = Math.floor(all / 1440), h = Math.floor(all % 1440 / 60), m = all % 60;
    if (d) return fill(h ? SHAPES.days_hours : SHAPES.days, { days: d, hours: h });
    if (h && m) return fill(SHAPES.hours_minutes, { hours: h, minutes: (m < 10 ? "0" : "") + m });
    if (h) return fill(SHAPES.hours, { hours: h });
    return fill(SHAPES.minutes, { minutes: m });
  }
  function tick() {
    var skew = window.MELDBOARD_SKEW || 0;
    document.querySelectorAll("[data-countdown]").forEach(function (el) {
      var left = Date.parse(el.dataset.countdown) - (Date.now() + skew);
      var text = fmt(left);
      el.textContent = text === null ? (el.dataset.done || "now") : text;
      el.classList.toggle("countdown-done", text === null);
      // At zero the done text says it all ("time is up"): the words before the count ("Closes in")
      // would read "Closes in now", so they go.
      var label = el.previousElementSibling;
      if (label && label.classList.contains("countdown-label")) label.hidden = text === null;
    });
  }
  document.addEventListener("DOMContentLoaded", function () {
    var words = document.getElementById("countdown-words");
    if (words) { try { SHAPES = JSON.parse(words.textContent); } catch (e) { /* the English shapes */ } }
    var now = document.querySelector("meta[name=server-now]");
    if (now) window.MELDBOARD_SKEW = Date.parse(now.content) - Date.now();
    tick();
    setInterval(tick, 1000);
  });
  document.addEventListener("htmx:afterSwap", tick);
})();

// A double tap sends one form: the button is disabled after the first submit. (The server's
// one-time key is what really guarantees one save; this only saves a round trip.)
document.addEventListener("submit", function (event) {
  var form = event.target;
  form.querySelectorAll("button[data-once]").forEach(function (button) {
    setTimeout(function () { button.disabled = true; }, 0);
  });
});

// <button data-confirm="Question?">: the browser asks first; "Cancel" sends nothing. (No inline
// onclick: the Content-Security-Policy allows scripts from static files only.)
document.addEventListener("click", function (event) {
  var button = event.target.closest && event.target.closest("[data-confirm]");
  if (button && !window.confirm(button.dataset.confirm)) event.preventDefault();
});

// "Pair them": the two ticked players go into the form's first and second fields.
document.addEventListener("click", function (event) {
  var button = event.target.closest && event.target.closest("[data-pair-picks]");
  if (!button) return;
  var form = button.form;
  var picks = Array.prototype.map.call(form.querySelectorAll("[name=pick]:checked"), function (box) { return box.value; });
  form.elements.first.value = picks[0] || "";
  form.elements.second.value = picks[1] || "";
});

// A live page's poll that finds nothing changed is answered 204 (htmx swaps nothing); its
// per-request values (a board's "updated 10:05:03 AM") come in a header and are shown here, so the
// organizer still sees the board answering (tournament/core/live_page.py).
document.addEventListener("htmx:afterRequest", function (event) {
  var xhr = event.detail.xhr;
  if (!xhr || xhr.status !== 204) return;
  var header = xhr.getResponseHeader("X-Meldboard-Live");
  if (!header) return;
  var values = new URLSearchParams(header);
  document.querySelectorAll("[data-live]").forEach(function (el) {
    var value = values.get(el.dataset.live);
    if (value === null || !el.dataset.liveValue) return;
    el.textContent = el.textContent.replace(el.dataset.liveValue, value);
    el.dataset.liveValue = value;
  });
});

// <button data-print>: print the page (the morning net's script).
document.addEventListener("click", function (event) {
  if (event.target.closest && event.target.closest("[data-print]")) { window.print(); }
});
