// The clubhouse TV (templates/live/tv.html): its panels take turns every data-rotate-seconds.
// Which panel shows is an attribute of the frame, which htmx never replaces, so a fresh set of
// panels arriving by polling keeps the turn: the panel of that name is shown again at once (on the
// swap, before anything is painted). A big bracket is several pages ("bracket-1", "bracket-2", …),
// each a panel of its own; the dots name the panel showing and count the others.
(function () {
  var index = 0;

  function show(frame) {
    var panels = Array.prototype.slice.call(frame.querySelectorAll(".tv-panel"));
    if (!panels.length) return;
    index = index % panels.length;
    frame.dataset.panel = panels[index].dataset.panel;
    panels.forEach(function (panel, i) { panel.classList.toggle("tv-on", i === index); });
    var dots = frame.querySelector(".tv-dots");
    if (!dots) return;
    dots.textContent = "";
    panels.forEach(function (panel, i) {
      var dot = document.createElement("li");
      dot.textContent = i === index ? panel.getAttribute("aria-label") : "•";
      if (i === index) dot.className = "on";
      dots.appendChild(dot);
    });
  }

  function keepTurn(frame) {
    // The panel named by the frame keeps the screen if it still exists; else the same position does.
    var panels = Array.prototype.slice.call(frame.querySelectorAll(".tv-panel"));
    var named = panels.findIndex(function (panel) { return panel.dataset.panel === frame.dataset.panel; });
    if (named >= 0) index = named;
    show(frame);
  }

  document.addEventListener("DOMContentLoaded", function () {
    var frame = document.getElementById("tv");
    if (!frame) return;
    var seconds = parseInt(frame.dataset.rotateSeconds, 10) || 20;
    frame.classList.add("tv-rotating");
    show(frame);
    setInterval(function () { index += 1; show(frame); }, seconds * 1000);
    document.body.addEventListener("htmx:afterSwap", function () { keepTurn(frame); });
    document.body.addEventListener("htmx:afterSettle", function () { keepTurn(frame); });
  });
})();
