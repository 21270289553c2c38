// Score sheet steppers: − and + change a count by one and tell htmx the form changed, so the
// server previews the hand. No scoring here: the server (the rules engine) does all of it.
document.addEventListener("click", function (event) {
  var button = event.target.closest("button.step");
  if (!button) return;
  var input = button.parentElement.querySelector("input");
  var now = parseInt((input.value || "0").replace(/[^0-9-]/g, ""), 10);
  if (isNaN(now)) now = 0;
  input.value = Math.max(0, now + parseInt(button.dataset.step, 10));
  input.dispatchEvent(new Event("input", { bubbles: true }));
});
// A count field selects its text on focus so typing replaces the 0 instead of appending to it.
document.addEventListener("focusin", function (event) {
  var input = event.target;
  if (input.matches && input.matches(".hand-form input[type=text]")) setTimeout(function () { input.select(); }, 0);
});
// When the game starts or ends — seen by the status bar (its "Start the game" button, its polling)
// or by the sheet's polling — the page's own part is fetched again and swapped in, so the entry form
// appears or goes away at once; unless someone is half-way through typing a hand, which must never
// be lost (the next poll tries again).
document.addEventListener("htmx:afterSwap", function () {
  var page = document.querySelector("#sheet-page[data-game-status]");
  if (!page || page.dataset.refreshing) return;
  var seen = [document.getElementById("game-status"), document.getElementById("sheet")].filter(function (el) {
    return el && el.dataset.gameStatus && el.dataset.gameStatus !== page.dataset.gameStatus;
  });
  if (!seen.length) return;
  var form = document.getElementById("hand-form");
  if (form && form.dataset.dirty) return;
  page.dataset.refreshing = "1";
  // The status bar's answer to a tap ("Game started; time is up at …") is kept across the refresh,
  // or the player would see it for a blink.
  var note = document.querySelector("#game-status > .msg");
  htmx.ajax("GET", window.location.pathname, { target: "#sheet-page", select: "#sheet-page", swap: "outerHTML" })
    .then(function () {
      var bar = document.getElementById("game-status");
      var times = bar && bar.querySelector(".gd-times");
      if (note && times && !bar.querySelector(".msg")) times.after(note);
    })
    .catch(function () { window.location.reload(); });
});
document.addEventListener("input", function (event) {
  var form = event.target.closest && event.target.closest("#hand-form");
  if (form) form.dataset.dirty = "1";
});
